/* outcomes.c - deals.csv read back into plays (outcomes.h). */
#include "outcomes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

enum { COLUMN_COUNT = 13 };
static const char *const column_names[COLUMN_COUNT] = {"unit",      "rotation", "seat",  "agent", "team",
                                                       "points",    "result",   "pips_left", "plies", "hands",
                                                       "end",       "leader",   "deal_seed"};
enum { C_UNIT, C_ROTATION, C_SEAT, C_AGENT, C_TEAM, C_POINTS, C_RESULT, C_PIPS, C_PLIES, C_HANDS, C_END, C_LEADER, C_SEED };

void outcomes_free(outcome_table_t *table)
{
    free(table->plays);
    table->plays = NULL;
    table->count = table->capacity = 0;
}

int outcomes_agent(const outcome_table_t *table, const char *name)
{
    for (int a = 0; a < table->agent_count; a++)
        if (!strcmp(table->agent[a], name)) return a;
    return -1;
}

static int intern_agent(outcome_table_t *table, const char *name)
{
    int a = outcomes_agent(table, name);
    if (a >= 0 || table->agent_count == OUTCOMES_MAX_AGENTS || strlen(name) >= OUTCOMES_NAME_MAX) return a;
    snprintf(table->agent[table->agent_count], OUTCOMES_NAME_MAX, "%s", name);
    return table->agent_count++;
}

static int intern_end(outcome_table_t *table, const char *name)
{
    for (int e = 0; e < table->end_count; e++)
        if (!strcmp(table->end[e], name)) return e;
    if (table->end_count == OUTCOMES_MAX_ENDS || strlen(name) >= sizeof table->end[0]) return -1;
    snprintf(table->end[table->end_count], sizeof table->end[0], "%s", name);
    return table->end_count++;
}

static int parse_result(const char *text)
{
    return !strcmp(text, "win") ? OUTCOME_WIN : !strcmp(text, "draw") ? OUTCOME_DRAW : !strcmp(text, "loss") ? OUTCOME_LOSS : -1;
}

static outcome_play_t *new_play(outcome_table_t *table)
{
    if (table->count == table->capacity) {
        size_t wanted = table->capacity ? table->capacity * 2 : 4096;
        outcome_play_t *bigger = realloc(table->plays, wanted * sizeof *bigger);
        if (!bigger) return NULL;
        table->plays = bigger;
        table->capacity = wanted;
    }
    outcome_play_t *play = &table->plays[table->count++];
    memset(play, 0, sizeof *play);
    return play;
}

typedef struct reading {
    csv_reader_t csv;
    int column[COLUMN_COUNT];
    int64_t unit, rotation, seat; /* of the row before */
    outcome_play_t *play;         /* being filled */
    int seats_in_play;
} reading_t;

static int row_error(const reading_t *r, char *error, size_t error_size, const char *what)
{
    snprintf(error, error_size, "%s:%ld: %s", r->csv.path, r->csv.line, what);
    return -1;
}

/* The numbers of one row, checked for order: seats 0.. within a play, rotations 0.. within
 * a unit, units rising. */
static int read_row(reading_t *r, outcome_table_t *table, char *error, size_t error_size)
{
    const csv_reader_t *csv = &r->csv;
    int64_t unit, rotation, seat, team, points, pips, plies, hands, leader = -1;
    uint64_t seed;
    if (csv_int64(csv, r->column[C_UNIT], &unit, error, error_size) ||
        csv_int64(csv, r->column[C_ROTATION], &rotation, error, error_size) ||
        csv_int64(csv, r->column[C_SEAT], &seat, error, error_size) ||
        csv_int64(csv, r->column[C_TEAM], &team, error, error_size) ||
        csv_int64(csv, r->column[C_POINTS], &points, error, error_size) ||
        csv_int64(csv, r->column[C_PIPS], &pips, error, error_size) ||
        csv_int64(csv, r->column[C_PLIES], &plies, error, error_size) ||
        csv_int64(csv, r->column[C_HANDS], &hands, error, error_size) ||
        csv_uint64(csv, r->column[C_SEED], &seed, error, error_size))
        return -1;
    if (csv->field[r->column[C_LEADER]][0] && csv_int64(csv, r->column[C_LEADER], &leader, error, error_size)) return -1;
    if (seat < 0 || seat >= OUTCOMES_MAX_SEATS || team < 0 || team >= OUTCOMES_MAX_SEATS || rotation < 0 ||
        rotation >= OUTCOMES_MAX_SEATS || leader < -1 || leader >= OUTCOMES_MAX_SEATS)
        return row_error(r, error, error_size, "seat, team, rotation or leader out of range");
    /* The table keeps these in narrower fields, where a value that does not fit would turn
     * into another number (pips_left 58827 was kept as -6709; found by tests/fuzz/fuzz_csv). */
    if (points < INT32_MIN || points > INT32_MAX || pips < INT16_MIN || pips > INT16_MAX || plies < INT32_MIN ||
        plies > INT32_MAX || hands < INT16_MIN || hands > INT16_MAX)
        return row_error(r, error, error_size, "points, pips_left, plies or hands out of range");
    bool same_play = r->play && unit == r->unit && rotation == r->rotation;
    if (same_play ? seat != r->seat + 1 : seat != 0)
        return row_error(r, error, error_size, "rows out of order (expected seats 0, 1, ... of each play in turn)");
    /* Each seat's row repeats the columns of its play, which the table takes from seat 0's
     * row: a row that disagrees is damage, not a detail to drop (found by tests/fuzz/fuzz_csv). */
    if (same_play && (leader != r->play->leader || plies != r->play->plies || hands != r->play->hands ||
                      seed != r->play->deal_seed || strcmp(csv->field[r->column[C_END]], table->end[r->play->end])))
        return row_error(r, error, error_size, "the seats of one play disagree on its plies, hands, end, leader or deal_seed");
    if (!same_play) {
        if (r->play && r->seats_in_play != table->seats)
            return row_error(r, error, error_size, "the play before this row lacks seats");
        bool same_unit = r->play && unit == r->unit;
        if (same_unit ? rotation != r->rotation + 1 : (rotation != 0 || (r->play && unit <= r->unit)))
            return row_error(r, error, error_size, "rows out of order (units rising, rotations 0, 1, ... in each)");
        if (!same_unit && r->play && r->rotation + 1 != table->rotations)
            return row_error(r, error, error_size, "the unit before this row lacks rotations");
        r->play = new_play(table);
        if (!r->play) return row_error(r, error, error_size, "out of memory");
        r->play->unit = unit;
        r->play->rotation = (int8_t)rotation;
        r->play->leader = (int8_t)leader;
        r->play->plies = (int32_t)plies;
        r->play->hands = (int16_t)hands;
        r->play->deal_seed = seed;
        int end = intern_end(table, csv->field[r->column[C_END]]);
        if (end < 0) return row_error(r, error, error_size, "too many different end reasons");
        r->play->end = (int8_t)end;
        r->seats_in_play = 0;
        if (!same_unit) table->units++;
    }
    /* The first play fixes the seats. A later play with more would raise table->seats
     * after the plays before it passed the check for missing seats, and they would keep
     * zeroed seats as if an agent sat there (found by tests/fuzz/fuzz_csv). */
    if (table->count > 1 && seat >= table->seats)
        return row_error(r, error, error_size, "more seats than in the first play");
    int agent = intern_agent(table, csv->field[r->column[C_AGENT]]);
    int result = parse_result(csv->field[r->column[C_RESULT]]);
    if (agent < 0) return row_error(r, error, error_size, "too many agents, or an agent name too long");
    if (result < 0) return row_error(r, error, error_size, "result is not win, draw or loss");
    outcome_seat_t *me = &r->play->seat[seat];
    *me = (outcome_seat_t){(int16_t)agent, (int8_t)team, (int8_t)result, (int32_t)points, (int16_t)pips};
    r->seats_in_play++;
    if (seat + 1 > table->seats) table->seats = (int)seat + 1;
    if (team + 1 > table->sides) table->sides = (int)team + 1;
    if (table->units == 1 && rotation + 1 > table->rotations) table->rotations = (int)rotation + 1;
    r->unit = unit;
    r->rotation = rotation;
    r->seat = seat;
    return 0;
}

/* Both entry points: reads `in`, or opens the file `name` when `in` is NULL. */
static int read_outcomes(FILE *in, const char *name, outcome_table_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", name);
    reading_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(error, error_size, "out of memory reading %s", name);
        return -1;
    }
    int result = in ? csv_open_stream(&r->csv, in, name, error, error_size) : csv_open(&r->csv, name, error, error_size);
    for (int k = 0; k < COLUMN_COUNT && result == 0; k++)
        if ((r->column[k] = csv_column(&r->csv, column_names[k], error, error_size)) < 0) result = -1;
    while (result == 0) {
        int got = csv_next(&r->csv, error, error_size);
        if (got <= 0) {
            result = got;
            break;
        }
        result = read_row(r, out, error, error_size);
    }
    if (result == 0 && r->play && (r->seats_in_play != out->seats || r->rotation + 1 != out->rotations)) {
        snprintf(error, error_size, "%s: the last unit is incomplete", name);
        result = -1;
    }
    if (result == 0 && out->count == 0) {
        snprintf(error, error_size, "%s: no rows", name);
        result = -1;
    }
    csv_close(&r->csv);
    free(r);
    return result;
}

int outcomes_read(const char *path, outcome_table_t *out, char *error, size_t error_size)
{
    return read_outcomes(NULL, path, out, error, error_size);
}

int outcomes_read_stream(FILE *in, const char *name, outcome_table_t *out, char *error, size_t error_size)
{
    return read_outcomes(in, name, out, error, error_size);
}

bool outcomes_standing(const outcome_play_t *play, int seats, int agent, int64_t *standing)
{
    bool present = false;
    int64_t best = INT64_MIN;
    for (int seat = 0; seat < seats; seat++) {
        const outcome_seat_t *s = &play->seat[seat];
        if (s->agent != agent) continue;
        /* result first, then points; points fit far inside 2^32 */
        int64_t key = (int64_t)s->result * ((int64_t)1 << 34) + s->points;
        if (!present || key > best) best = key;
        present = true;
    }
    *standing = best;
    return present;
}

int outcomes_block_score2(const outcome_table_t *table, int64_t block, int a, int b)
{
    const outcome_play_t *plays = outcomes_block(table, block);
    int sum = 0;
    for (int r = 0; r < table->rotations; r++) {
        int score2 = outcomes_pair_score2(&plays[r], table->seats, a, b);
        if (score2 < 0) return -1;
        sum += score2;
    }
    return sum;
}

int outcomes_pair_score2(const outcome_play_t *play, int seats, int a, int b)
{
    int64_t standing_a, standing_b;
    if (!outcomes_standing(play, seats, a, &standing_a) || !outcomes_standing(play, seats, b, &standing_b)) return -1;
    return standing_a > standing_b ? 2 : standing_a == standing_b ? 1 : 0;
}
