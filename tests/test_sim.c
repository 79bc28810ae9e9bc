/* test_sim.c - `dominolab sim` and `dominolab merge` as a user meets them: the files of a
 * run (schema, types, invariants), shards merged into the files of one run, a real
 * interrupt (SIGINT, SIGTERM sent to the binary) and resume, the statistics on workloads
 * whose answer is known, a deal replayed with `play`, and every bad command line.
 *
 * Every in-process run here uses --threads 1: Check forks each test, and a process that
 * has started OpenMP threads must not fork. Runs on more threads are in
 * test_sim_threads.c (its own executable, CK_FORK=no) or in the binary, which the
 * interrupt tests start with posix_spawn (DOMINOLAB_BINARY, set by tests/CMakeLists.txt).
 *
 * Scratch directories live under one root made by main(); a checked teardown removes each
 * test's directories, and main() removes the root at the end, so a failing test (whose
 * forked process ends without its teardown) leaves nothing behind either.
 *
 * DOMINOLAB_TEST_SCALE (0 < scale <= 1) shrinks the workloads (the sanitizer run).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "game.h"
#include "progress.h"
#include "stop.h"
#include "sim.h"
#include "stats.h"
#include "sim_fixture.h"
#include "test_support.h"
#include "games.h"

static const char summary_header[] =
    "scope,agent,seat,games,wins,draws,losses,score,score_low,score_high,share,share_low,share_high,"
    "mean_points_per_hand,se_points_per_hand,mean_points_per_match,se_points_per_match,mean_margin,se_margin,"
    "blocks,elo,elo_low,elo_high,closes,failed_closes,failed_close_rate,illegal_moves,timeouts,crashes,name";
static const char deals_header[] = "unit,rotation,seat,agent,team,points,result,pips_left,plies,hands,end,leader,"
                                   "deal_seed";
enum { SUMMARY_COLUMNS = 30, DEALS_COLUMNS = 13 };

/* Scratch directories and DOMINOLAB_TEST_SCALE: test_support.h. */

/* Entries of `dir` (not . and ..), or -1 if it does not exist. */
static int entries_of(const char *dir, char *names, size_t names_size)
{
    if (!support_file_exists(dir)) {
        if (names_size) names[0] = '\0';
        return -1;
    }
    return support_dir_entries(dir, names, names_size);
}

/* ------------------------------------------------------------------ running subcommands */

/* ------------------------------------------------------------------ CSV */

typedef struct csv_row {
    int count;
    char **field;
} csv_row_t;

typedef struct csv {
    int count; /* rows, the header included */
    csv_row_t *row;
} csv_t;

static void csv_push_field(csv_row_t *row, const char *text, size_t length)
{
    row->field = realloc(row->field, (size_t)(row->count + 1) * sizeof *row->field);
    REQUIRE(row->field, "out of memory");
    char *copy = malloc(length + 1);
    REQUIRE(copy, "out of memory");
    memcpy(copy, text, length);
    copy[length] = '\0';
    row->field[row->count++] = copy;
}

/* RFC 4180: fields separated by ',', rows ended by '\n' (the last one too), a field in
 * double quotes may hold ',', '\n' and doubled quotes. */
static void csv_parse(const char *text, const char *what, csv_t *out)
{
    memset(out, 0, sizeof *out);
    size_t length = strlen(text);
    REQUIRE(length > 0 && text[length - 1] == '\n', "%s does not end with a newline", what);
    char *field = malloc(length + 1);
    REQUIRE(field, "out of memory");
    int capacity = 0;
    const char *p = text;
    while (*p) {
        if (out->count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            out->row = realloc(out->row, (size_t)capacity * sizeof *out->row);
            REQUIRE(out->row, "out of memory");
        }
        csv_row_t *row = &out->row[out->count++];
        memset(row, 0, sizeof *row);
        for (;;) {
            size_t used = 0;
            if (*p == '"') {
                for (p++;; p++) {
                    REQUIRE(*p, "%s: unterminated quoted field in row %d", what, out->count);
                    if (*p == '"' && p[1] == '"')
                        field[used++] = *p++;
                    else if (*p == '"')
                        break;
                    else
                        field[used++] = *p;
                }
                p++;
                REQUIRE(*p == ',' || *p == '\n', "%s: text after a quoted field in row %d", what, out->count);
            } else {
                while (*p != ',' && *p != '\n') {
                    REQUIRE(*p != '"' && *p != '\r', "%s: bare quote or CR in row %d", what, out->count);
                    field[used++] = *p++;
                }
            }
            csv_push_field(row, field, used);
            if (*p++ == '\n') break;
        }
    }
    free(field);
}

static void csv_load(const char *dir, const char *name, csv_t *out)
{
    char path[PATH_SIZE];
    path_join(path, dir, name);
    char *text = read_in(dir, name, NULL);
    csv_parse(text, path, out);
    free(text);
}

static void csv_free(csv_t *c)
{
    for (int r = 0; r < c->count; r++) {
        for (int f = 0; f < c->row[r].count; f++) free(c->row[r].field[f]);
        free(c->row[r].field);
    }
    free(c->row);
    memset(c, 0, sizeof *c);
}

static int csv_column(const csv_t *c, const char *name)
{
    for (int f = 0; f < c->row[0].count; f++)
        if (!strcmp(c->row[0].field[f], name)) return f;
    ck_abort_msg("no column %s", name);
    return -1;
}

/* The header row joined with commas equals `header`. */
static void assert_header(const csv_t *c, const char *header, const char *what)
{
    char joined[1024] = "";
    size_t used = 0;
    for (int f = 0; f < c->row[0].count; f++)
        used += (size_t)snprintf(joined + used, sizeof joined - used, "%s%s", f ? "," : "", c->row[0].field[f]);
    REQUIRE(!strcmp(joined, header), "%s header is\n  %s\nexpected\n  %s", what, joined, header);
}

static bool is_integer(const char *text)
{
    const char *p = text + (*text == '-');
    if (!*p) return false;
    for (; *p; p++)
        if (*p < '0' || *p > '9') return false;
    return true;
}

/* A plain decimal number: -?digits[.digits] */
static bool is_decimal(const char *text)
{
    const char *p = text + (*text == '-');
    int digits = 0;
    while (*p >= '0' && *p <= '9') p++, digits++;
    if (!digits) return false;
    if (*p == '.') {
        p++;
        int fraction = 0;
        while (*p >= '0' && *p <= '9') p++, fraction++;
        if (!fraction) return false;
    }
    return *p == '\0';
}

static int64_t as_integer(const char *text, const char *what)
{
    REQUIRE(is_integer(text), "%s: '%s' is not an integer", what, text);
    return strtoll(text, NULL, 10);
}

static double as_decimal(const char *text, const char *what)
{
    REQUIRE(is_decimal(text), "%s: '%s' is not a decimal number", what, text);
    return strtod(text, NULL);
}

/* An Elo value: a decimal, or inf/-inf (a score of 1 or 0). */
static double as_elo(const char *text, const char *what)
{
    if (!strcmp(text, "inf")) return INFINITY;
    if (!strcmp(text, "-inf")) return -INFINITY;
    return as_decimal(text, what);
}

/* ------------------------------------------------------------------ the shape of a study */

typedef struct shape {
    setup_game_t game;
    int seats, sides, rotations, agent_count;
    const char *agent[SIM_MAX_AGENTS]; /* distinct specs, in first-seat order */
    int seating[SIM_MAX_ROTATIONS][GAME_MAX_SEATS]; /* [rotation][seat] */
    char agent_text[256];
    int64_t units;
    uint64_t seed;
    bool matches, per_seat, per_deal;
} shape_t;

/* The seatings of sim.h, worked out here on their own: rotation r shifts the agents r seats,
 * r < sides; a seating already there is left out; two agents given for an odd number of
 * seats also play swapped. */
static void shape_seatings(shape_t *out, const int *first, bool duplicate, bool swap)
{
    out->rotations = 0;
    for (int pass = 0; pass < (swap ? 2 : 1); pass++)
        for (int shift = 0; shift < (duplicate ? out->sides : 1); shift++) {
            int *seating = out->seating[out->rotations];
            for (int seat = 0; seat < out->seats; seat++) {
                int a = first[(seat + shift) % out->seats];
                seating[seat] = pass ? 1 - a : a;
            }
            bool seen = false;
            for (int r = 0; r < out->rotations; r++)
                seen |= !memcmp(out->seating[r], seating, sizeof out->seating[r]);
            if (!seen) out->rotations++;
        }
}

/* What the study should produce, worked out with the game's own interface. */
static void shape_open(const study_t *s, shape_t *out)
{
    memset(out, 0, sizeof *out);
    cli_game_args_t args;
    memset(&args, 0, sizeof args);
    args.game_name = s->game;
    args.preset = s->preset;
    args.players = s->players;
    char error[CLI_ERROR_SIZE];
    REQUIRE(cli_game_open(&args, &out->game, error, sizeof error) == 0, "%s", error);
    out->seats = out->game.seats;
    out->sides = out->game.game->side_count(out->game.rules);
    const char *specs[GAME_MAX_SEATS];
    snprintf(out->agent_text, sizeof out->agent_text, "%s", s->agents);
    int given = 0;
    REQUIRE(cli_split_agent_list(out->agent_text, specs, out->seats, true, false, NULL, &given, error, sizeof error) == 0,
            "%s", error);
    int first[GAME_MAX_SEATS];
    for (int seat = 0; seat < out->seats; seat++) {
        int a = 0;
        while (a < out->agent_count && strcmp(out->agent[a], specs[seat])) a++;
        if (a == out->agent_count) out->agent[out->agent_count++] = specs[seat];
        first[seat] = a;
    }
    shape_seatings(out, first, !s->no_duplicate, !s->no_duplicate && given == 2 && out->agent_count == 2 && out->seats % 2);
    out->units = s->units;
    out->seed = s->seed;
    out->matches = s->matches;
    out->per_seat = s->per_seat;
    out->per_deal = s->per_deal;
}

static void shape_close(shape_t *shape)
{
    setup_game_close(&shape->game);
}

/* The agent at `seat` in `rotation`. */
static int agent_at(const shape_t *s, int rotation, int seat)
{
    return s->seating[rotation][seat];
}

static int side_of(const shape_t *s, int seat)
{
    return s->game.game->side_of_seat(s->game.rules, seat);
}

static int agent_index(const shape_t *s, const char *name)
{
    for (int a = 0; a < s->agent_count; a++)
        if (!strcmp(s->agent[a], name)) return a;
    ck_abort_msg("unknown agent '%s' in the output", name);
    return -1;
}

/* ------------------------------------------------------------------ summary.csv */

typedef struct summary_values {
    int64_t games, wins, draws, losses, blocks;
    double win_rate, low, high, share, mean_hand, paired, paired_low, paired_high, elo, elo_low, elo_high;
    bool has_paired, has_elo;
} summary_values_t;

/* Checks one row's types, emptiness and internal invariants, and returns its values. */
static void check_summary_row(const shape_t *s, const csv_row_t *row, int r, bool seat_row, summary_values_t *v)
{
    char what[128];
    char *const *f = row->field;
#define COLUMN(k) (snprintf(what, sizeof what, "summary.csv row %d column %d", r, (k)), what)
    REQUIRE(row->count == SUMMARY_COLUMNS, "summary.csv row %d has %d fields, expected %d", r, row->count,
            SUMMARY_COLUMNS);
    REQUIRE(f[1][0], "summary.csv row %d: empty agent", r);
    if (seat_row) {
        int64_t seat = as_integer(f[2], COLUMN(2));
        REQUIRE(seat >= 0 && seat < s->seats, "summary.csv row %d: seat %" PRId64, r, seat);
    } else {
        REQUIRE(!f[2][0], "summary.csv row %d: the seat of an agent row is '%s', expected empty", r, f[2]);
    }
    v->games = as_integer(f[3], COLUMN(3));
    v->wins = as_integer(f[4], COLUMN(4));
    v->draws = as_integer(f[5], COLUMN(5));
    v->losses = as_integer(f[6], COLUMN(6));
    REQUIRE(v->games > 0 && v->wins >= 0 && v->draws >= 0 && v->losses >= 0, "summary.csv row %d: counts", r);
    REQUIRE(v->wins + v->draws + v->losses == v->games,
            "summary.csv row %d: %" PRId64 " + %" PRId64 " + %" PRId64 " != %" PRId64 " games", r, v->wins, v->draws,
            v->losses, v->games);
    v->win_rate = as_decimal(f[7], COLUMN(7));
    /* A draw counts half a win. */
    REQUIRE(fabs(v->win_rate - ((double)v->wins + 0.5 * (double)v->draws) / (double)v->games) <= 1e-6,
            "summary.csv row %d: score %s", r, f[7]);
    v->share = as_decimal(f[10], COLUMN(10));
    REQUIRE(0 <= v->share && v->share <= 1, "summary.csv row %d: share %s", r, f[10]);
    if (s->sides == 2) /* a tie of two sides is half a game either way */
        REQUIRE(fabs(v->share - v->win_rate) <= 1e-6, "summary.csv row %d: share %s, score %s", r, f[10], f[7]);
    v->mean_hand = as_decimal(f[13], COLUMN(13));
    REQUIRE(as_decimal(f[14], COLUMN(14)) >= 0, "summary.csv row %d: negative standard error", r);
    if (s->matches) {
        as_decimal(f[15], COLUMN(15));
        REQUIRE(as_decimal(f[16], COLUMN(16)) >= 0, "summary.csv row %d: negative standard error", r);
    } else {
        REQUIRE(!f[15][0] && !f[16][0], "summary.csv row %d: per-match columns '%s','%s' in --deals mode", r, f[15],
                f[16]);
    }
    as_decimal(f[17], COLUMN(17));
    REQUIRE(as_decimal(f[18], COLUMN(18)) >= 0, "summary.csv row %d: negative standard error", r);
    v->blocks = as_integer(f[19], COLUMN(19));
    /* Every row's intervals count deal blocks, which every row here plays in each unit. */
    REQUIRE(v->blocks == s->units, "summary.csv row %d: %" PRId64 " blocks, expected %" PRId64, r, v->blocks,
            s->units);
    v->has_paired = true;
    v->paired = v->win_rate;
    v->low = v->paired_low = as_decimal(f[8], COLUMN(8));
    v->high = v->paired_high = as_decimal(f[9], COLUMN(9));
    REQUIRE(0 <= v->paired_low && v->paired_low <= v->paired && v->paired <= v->paired_high && v->paired_high <= 1,
            "summary.csv row %d: score %s not within [%s, %s] inside [0, 1]", r, f[7], f[8], f[9]);
    double share_low = as_decimal(f[11], COLUMN(11)), share_high = as_decimal(f[12], COLUMN(12));
    REQUIRE(0 <= share_low && share_low <= v->share && v->share <= share_high && share_high <= 1,
            "summary.csv row %d: share %s not within [%s, %s] inside [0, 1]", r, f[10], f[11], f[12]);
    /* Elo needs two sides, and an agent over all its seats (a seat's luck does not cancel). */
    v->has_elo = !seat_row && s->sides <= 2;
    if (v->has_elo) {
        v->elo = as_elo(f[20], COLUMN(20));
        v->elo_low = as_elo(f[21], COLUMN(21));
        v->elo_high = as_elo(f[22], COLUMN(22));
        REQUIRE(v->elo_low <= v->elo && v->elo <= v->elo_high, "summary.csv row %d: Elo %s not in [%s, %s]", r, f[20],
                f[21], f[22]);
        double expected = 400.0 * log10(v->paired / (1.0 - v->paired));
        REQUIRE(fabs(v->elo - expected) <= 0.01 || (isinf(v->elo) && isinf(expected)),
                "summary.csv row %d: Elo %s for score %s", r, f[20], f[7]);
    } else {
        for (int k = 20; k <= 22; k++)
            REQUIRE(!f[k][0], "summary.csv row %d column %d: Elo '%s' where it must be empty (%d sides%s)", r, k, f[k],
                    s->sides, seat_row ? ", seat row" : "");
    }
    /* Closes: none in a line game; of a trick game's, the failed are some. */
    int64_t closes = as_integer(f[23], COLUMN(23)), failed = as_integer(f[24], COLUMN(24));
    REQUIRE(0 <= failed && failed <= closes, "summary.csv row %d: %" PRId64 " failed closes of %" PRId64, r, failed,
            closes);
    if (closes == 0) REQUIRE(!f[25][0], "summary.csv row %d: a failed-close rate '%s' without closes", r, f[25]);
    else REQUIRE(fabs(as_decimal(f[25], COLUMN(25)) - (double)failed / (double)closes) <= 1e-6,
                 "summary.csv row %d: failed-close rate %s", r, f[25]);
#undef COLUMN
}

/* Checks summary.csv of a run of `units` units; returns the agent rows' values. */
static void check_summary(const char *dir, const shape_t *s, summary_values_t *agent_values)
{
    csv_t c;
    csv_load(dir, "summary.csv", &c);
    assert_header(&c, summary_header, "summary.csv");
    int expected_rows = s->agent_count;
    if (s->per_seat)
        for (int a = 0; a < s->agent_count; a++)
            for (int seat = 0; seat < s->seats; seat++)
                for (int r = 0; r < s->rotations; r++)
                    if (agent_at(s, r, seat) == a) {
                        expected_rows++;
                        break;
                    }
    REQUIRE(c.count - 1 == expected_rows, "summary.csv has %d rows, expected %d", c.count - 1, expected_rows);
    summary_values_t seat_sum[SIM_MAX_AGENTS];
    memset(seat_sum, 0, sizeof seat_sum);
    for (int r = 1; r < c.count; r++) {
        const csv_row_t *row = &c.row[r];
        bool seat_row = r > s->agent_count;
        REQUIRE(!strcmp(row->field[0], seat_row ? "seat" : "agent"), "summary.csv row %d: scope '%s'", r,
                row->field[0]);
        summary_values_t v;
        check_summary_row(s, row, r, seat_row, &v);
        int a = agent_index(s, row->field[1]);
        int64_t held = 0; /* games per unit */
        if (seat_row) {
            int seat = (int)strtol(row->field[2], NULL, 10);
            for (int rot = 0; rot < s->rotations; rot++) held += agent_at(s, rot, seat) == a;
            seat_sum[a].games += v.games;
            seat_sum[a].wins += v.wins;
            seat_sum[a].draws += v.draws;
        } else {
            REQUIRE(a == r - 1, "summary.csv row %d: agent %s out of first-seat order", r, row->field[1]);
            for (int rot = 0; rot < s->rotations; rot++)
                for (int seat = 0; seat < s->seats; seat++) held += agent_at(s, rot, seat) == a;
            agent_values[a] = v;
        }
        REQUIRE(v.games == s->units * held,
                "summary.csv row %d (%s): %" PRId64 " games, expected %" PRId64 " units x %" PRId64, r, row->field[1],
                v.games, s->units, held);
    }
    double shared = 0; /* every game's shares add up to one */
    for (int a = 0; a < s->agent_count; a++) shared += agent_values[a].share * (double)agent_values[a].games;
    REQUIRE(fabs(shared - (double)(s->units * s->rotations)) <= 1e-5 * (double)(s->units * s->rotations * s->seats),
            "the agents' shares add up to %f games, %" PRId64 " were played", shared, s->units * s->rotations);
    for (int a = 0; s->per_seat && a < s->agent_count; a++)
        REQUIRE(seat_sum[a].games == agent_values[a].games && seat_sum[a].wins == agent_values[a].wins &&
                    seat_sum[a].draws == agent_values[a].draws,
                "the seat rows of %s do not add up to its agent row", s->agent[a]);
    if (s->agent_count == 2 && s->seats == 2) {
        const summary_values_t *x = &agent_values[0], *y = &agent_values[1];
        REQUIRE(x->wins == y->losses && x->draws == y->draws, "two agents: wins of one != losses of the other");
        REQUIRE(fabs(x->paired + y->paired - 1.0) <= 2e-6, "paired scores %f + %f != 1", x->paired, y->paired);
        REQUIRE(fabs(x->paired_low + y->paired_high - 1.0) <= 2e-6, "paired intervals are not mirrored");
        REQUIRE(fabs(x->elo + y->elo) <= 2e-6 || (isinf(x->elo) && x->elo == -y->elo), "Elo %f and %f are not opposite",
                x->elo, y->elo);
        REQUIRE(fabs(x->elo_low + y->elo_high) <= 2e-6 || (isinf(x->elo_low) && x->elo_low == -y->elo_high),
                "Elo intervals are not mirrored");
    }
    csv_free(&c);
}

/* ------------------------------------------------------------------ deals.csv */

static bool is_reason_word(const char *text)
{
    const game_t *game = game_find("bergen");
    for (int k = 0; k < game->reason_count; k++)
        if (!strcmp(text, game_reason_name(game, k))) return true;
    return false;
}

/* Checks deals.csv: one row per unit x rotation x seat, in that order, with consistent
 * plays; its per-agent tallies must equal summary.csv's agent rows. */
static void check_deals(const char *dir, const shape_t *s, const summary_values_t *agent_values)
{
    csv_t c;
    csv_load(dir, "deals.csv", &c);
    assert_header(&c, deals_header, "deals.csv");
    int per_unit = s->rotations * s->seats;
    REQUIRE(c.count - 1 == s->units * per_unit,
            "deals.csv has %d data rows, expected %" PRId64 " units x %d rotations x %d seats", c.count - 1, s->units,
            s->rotations, s->seats);
    int64_t games[SIM_MAX_AGENTS] = {0}, wins[SIM_MAX_AGENTS] = {0}, draws[SIM_MAX_AGENTS] = {0},
            points[SIM_MAX_AGENTS] = {0};
    char what[96];
    for (int r = 1; r < c.count; r += s->seats) {
        int64_t k = r - 1;
        int64_t unit = k / per_unit, rotation = k / s->seats % s->rotations;
        int64_t play_points[GAME_MAX_SEATS];
        const csv_row_t *first = &c.row[r];
        for (int seat = 0; seat < s->seats; seat++) {
            const csv_row_t *row = &c.row[r + seat];
            char *const *f = row->field;
            snprintf(what, sizeof what, "deals.csv row %d", r + seat);
            REQUIRE(row->count == DEALS_COLUMNS, "%s has %d fields", what, row->count);
            REQUIRE(as_integer(f[0], what) == unit && as_integer(f[1], what) == rotation &&
                        as_integer(f[2], what) == seat,
                    "%s is unit %s rotation %s seat %s, expected %" PRId64 ",%" PRId64 ",%d", what, f[0], f[1], f[2],
                    unit, rotation, seat);
            int a = agent_index(s, f[3]);
            REQUIRE(a == agent_at(s, (int)rotation, seat), "%s: agent %s in seat %d of rotation %" PRId64, what, f[3],
                    seat, rotation);
            REQUIRE(as_integer(f[4], what) == side_of(s, seat), "%s: team %s", what, f[4]);
            play_points[seat] = as_integer(f[5], what);
            REQUIRE(!strcmp(f[6], "win") || !strcmp(f[6], "draw") || !strcmp(f[6], "loss"), "%s: result '%s'", what,
                    f[6]);
            REQUIRE(as_integer(f[7], what) >= 0, "%s: pips_left %s", what, f[7]);
            REQUIRE(as_integer(f[8], what) > 0, "%s: plies %s", what, f[8]);
            int64_t hands = as_integer(f[9], what);
            REQUIRE(s->matches ? hands >= 1 : hands == 1, "%s: %" PRId64 " hands", what, hands);
            REQUIRE(is_reason_word(f[10]) && strcmp(f[10], "none"), "%s: end '%s'", what, f[10]);
            int64_t leader = as_integer(f[11], what);
            REQUIRE(leader >= 0 && leader < s->seats, "%s: leader %s", what, f[11]);
            REQUIRE(is_integer(f[12]) && f[12][0] != '-', "%s: deal_seed '%s'", what, f[12]);
            char seed[32];
            snprintf(seed, sizeof seed, "%" PRIu64, sim_unit_seed(s->seed, unit));
            REQUIRE(!strcmp(f[12], seed), "%s: deal_seed %s, expected %s", what, f[12], seed);
            for (int k2 = 8; k2 <= 11; k2++) /* plies, hands, end and leader belong to the play */
                REQUIRE(!strcmp(f[k2], first->field[k2]), "%s: column %d differs within one play", what, k2);
            games[a]++;
            wins[a] += !strcmp(f[6], "win");
            draws[a] += !strcmp(f[6], "draw");
            points[a] += play_points[seat];
        }
        /* In --deals mode the result follows from the points: the best side wins, tied
         * best sides draw (matches are decided by the target, which the rows do not show). */
        for (int seat = 0; !s->matches && seat < s->seats; seat++) {
            int better = 0, equal = 0;
            for (int other = 0; other < s->seats; other++) {
                if (side_of(s, other) == side_of(s, seat)) continue;
                better += play_points[other] > play_points[seat];
                equal += play_points[other] == play_points[seat];
            }
            const char *expected = better ? "loss" : equal ? "draw" : "win";
            REQUIRE(!strcmp(c.row[r + seat].field[6], expected), "deals.csv row %d: %s with these points, got %s",
                    r + seat, expected, c.row[r + seat].field[6]);
        }
        /* Both modes: one side wins and the others lose, or nobody wins; partners (seats
         * of one side) share their result and points. */
        int winner = -1, drawn = 0;
        for (int seat = 0; seat < s->seats; seat++) {
            const char *result = c.row[r + seat].field[6];
            if (!strcmp(result, "win")) {
                REQUIRE(winner < 0 || winner == side_of(s, seat), "deals.csv row %d: a second side wins", r + seat);
                winner = side_of(s, seat);
            }
            drawn += !strcmp(result, "draw");
            for (int other = 0; other < seat; other++)
                REQUIRE(side_of(s, other) != side_of(s, seat) ||
                            (play_points[other] == play_points[seat] && !strcmp(c.row[r + other].field[6], result)),
                        "deals.csv rows %d and %d: partners differ", r + other, r + seat);
        }
        REQUIRE(winner < 0 || drawn == 0, "deals.csv row %d: a play with a winner and a draw", r);
    }
    for (int a = 0; agent_values && a < s->agent_count; a++) {
        REQUIRE(games[a] == agent_values[a].games && wins[a] == agent_values[a].wins &&
                    draws[a] == agent_values[a].draws,
                "deals.csv tallies %s %" PRId64 " games %" PRId64 " wins %" PRId64 " draws; summary.csv %" PRId64
                " %" PRId64 " %" PRId64,
                s->agent[a], games[a], wins[a], draws[a], agent_values[a].games, agent_values[a].wins,
                agent_values[a].draws);
        if (!s->matches) /* one hand per game: points per hand are the rows' points */
            REQUIRE(fabs((double)points[a] / (double)games[a] - agent_values[a].mean_hand) <= 1e-6,
                    "%s: mean_points_per_hand %f, deals.csv gives %f", s->agent[a], agent_values[a].mean_hand,
                    (double)points[a] / (double)games[a]);
    }
    csv_free(&c);
}

/* ------------------------------------------------------------------ run.json */

static bool is_timestamp(const json_t *value)
{
    const char *text = json_string_value(value);
    int y, mo, d, h, mi, se, used = 0;
    return text && sscanf(text, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &se, &used) == 6 && !text[used] &&
           strlen(text) == 20;
}

/* The keys run.json promises; with `complete`, those of a finished run. `made_by` is
 * "sim" or "merge", the command that wrote it. */
static void check_run_json(const char *dir, const shape_t *s, int64_t units_done, bool complete, const char *made_by)
{
    json_t *run = load_run(dir);
    const char *command = json_string_value(json_object_get(run, "command"));
    char prefix[32];
    snprintf(prefix, sizeof prefix, "dominolab %s ", made_by);
    REQUIRE(command && !strncmp(command, prefix, strlen(prefix)), "run.json command: %s", command);
    const char *version = json_string_value(json_object_get(run, "version"));
    REQUIRE(version && !strcmp(version, DOMINOLAB_VERSION), "run.json version: %s", version);
    const char *game = json_string_value(json_object_get(run, "game"));
    REQUIRE(game && !strcmp(game, s->game.game->name), "run.json game: %s", game);
    const char *preset = json_string_value(json_object_get(run, "preset"));
    REQUIRE(preset && !strcmp(preset, s->game.preset), "run.json preset: %s", preset);
    json_t *options = json_object_get(run, "options");
    REQUIRE(json_is_object(options), "run.json has no options object");
    for (int k = 0; k < s->game.game->option_count; k++)
        REQUIRE(json_object_get(options, s->game.game->options[k].key), "run.json options lack %s",
                s->game.game->options[k].key);
    REQUIRE((int)json_object_size(options) == s->game.game->option_count, "run.json options: %d keys, %d options",
            (int)json_object_size(options), s->game.game->option_count);
    json_t *agents = json_object_get(run, "agents");
    REQUIRE(json_is_array(agents) && (int)json_array_size(agents) == s->seats, "run.json agents");
    for (int seat = 0; seat < s->seats; seat++) {
        const char *spec = json_string_value(json_array_get(agents, (size_t)seat));
        REQUIRE(spec && !strcmp(spec, s->agent[s->seating[0][seat]]), "run.json agents[%d]: %s", seat, spec);
    }
    json_t *seed = json_object_get(run, "seed");
    REQUIRE(json_is_integer(seed) && (uint64_t)json_integer_value(seed) == s->seed, "run.json seed");
    json_t *threads = json_object_get(run, "threads");
    REQUIRE(json_is_integer(threads) && json_integer_value(threads) >= 1, "run.json threads");
    REQUIRE(is_timestamp(json_object_get(run, "started")), "run.json started is not an ISO 8601 UTC time");
    json_t *done = json_object_get(run, "units_done");
    REQUIRE(json_is_integer(done) && json_integer_value(done) == units_done,
            "run.json units_done %" JSON_INTEGER_FORMAT ", expected %" PRId64, json_integer_value(done), units_done);
    json_t *flag = json_object_get(run, "complete");
    REQUIRE(json_is_boolean(flag) && json_is_true(flag) == complete, "run.json complete is not %s",
            complete ? "true" : "false");
    if (complete) REQUIRE(is_timestamp(json_object_get(run, "finished")), "run.json finished is missing");
    json_t *totals = json_object_get(run, "totals");
    REQUIRE(json_is_object(totals), "run.json has no totals object");
    REQUIRE(json_integer_value(json_object_get(totals, "units")) == units_done, "run.json totals.units");
    json_decref(run);
}

/* Everything about a finished run in `dir`, written by `made_by` (sim, merge). */
static void check_run_by(const char *dir, const study_t *study, const char *made_by)
{
    shape_t s;
    shape_open(study, &s);
    summary_values_t values[SIM_MAX_AGENTS];
    check_summary(dir, &s, values);
    char path[PATH_SIZE];
    path_join(path, dir, "deals.csv");
    REQUIRE(support_file_exists(path) == study->per_deal, "deals.csv %s without --per-deal",
            study->per_deal ? "missing" : "written");
    if (study->per_deal) check_deals(dir, &s, values);
    check_run_json(dir, &s, study->units, true, made_by);
    char names[PATH_SIZE];
    REQUIRE(support_dir_entries(dir, names, sizeof names) == 2 + study->per_deal, "%s holds: %s", dir, names);
    shape_close(&s);
}

static void check_run(const char *dir, const study_t *study)
{
    check_run_by(dir, study, "sim");
}

/* ================================================================== CSV schema */

START_TEST(schema_deals_two_players)
{
    const char *dir = support_scratch("schema");
    study_t s = {NULL, NULL, 2, "greedy,random", false, support_scaled(400, 100), 11, false, true, true};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

START_TEST(schema_deals_three_players)
{
    const char *dir = support_scratch("schema");
    study_t s = {NULL, NULL, 3, "greedy,random,random", false, support_scaled(300, 100), 12, false, true, true};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

START_TEST(schema_matches_two_players)
{
    const char *dir = support_scratch("schema");
    study_t s = {NULL, NULL, 2, "greedy,random", true, support_scaled(100, 30), 13, false, true, true};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

START_TEST(schema_double_bergen_four_players)
{
    const char *dir = support_scratch("schema");
    study_t s = {"double_bergen", NULL, 4, "greedy,random", false, support_scaled(100, 30), 14, false, true, true};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

START_TEST(schema_no_duplicate_no_extras)
{
    /* Without --per-deal and --per-seat: no deals.csv, only agent rows. */
    const char *dir = support_scratch("schema");
    study_t s = {NULL, "bergen_classic", 3, "random,greedy,greedy", false, support_scaled(300, 100), 15, true, false, false};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

START_TEST(schema_matches_three_players_no_duplicate)
{
    const char *dir = support_scratch("schema");
    study_t s = {NULL, NULL, 3, "greedy,random,greedy", true, support_scaled(60, 20), 16, true, true, true};
    sim_ok(&s, "--out", dir, NULL);
    check_run(dir, &s);
}
END_TEST

/* ================================================================== each game once */

static void summary_of(const char *dir, const study_t *study, summary_values_t *values)
{
    shape_t s;
    shape_open(study, &s);
    check_summary(dir, &s, values);
    shape_close(&s);
}


/* In deals.csv of `dir`: checks that every unit holds `plays` plays and that no two of them
 * seat the agents alike (with deterministic agents such a pair is one game twice). */
static void check_distinct_seatings(const char *dir, int64_t units, int seats, int plays)
{
    size_t length;
    char *text = read_in(dir, "deals.csv", &length);
    char *position = NULL, *line = strtok_r(text, "\n", &position); /* the header */
    char seating[SIM_MAX_ROTATIONS][GAME_MAX_SEATS * 32];
    int64_t unit_seen = -1, rows = 0;
    int count = 0;
    while ((line = strtok_r(NULL, "\n", &position))) {
        int64_t unit;
        int rotation, seat;
        char agent[32];
        REQUIRE(sscanf(line, "%" SCNd64 ",%d,%d,%31[^,]", &unit, &rotation, &seat, agent) == 4, "deals.csv: %s", line);
        if (unit != unit_seen) {
            REQUIRE(unit_seen < 0 || count == plays, "unit %" PRId64 " holds %d plays, expected %d", unit_seen, count,
                    plays);
            unit_seen = unit;
            count = 0;
        }
        REQUIRE(rotation < SIM_MAX_ROTATIONS, "rotation %d", rotation);
        if (seat == 0) {
            REQUIRE(rotation == count, "unit %" PRId64 ": rotation %d out of order", unit, rotation);
            seating[count++][0] = '\0';
        }
        strcat(seating[rotation], agent);
        strcat(seating[rotation], "|");
        if (seat == seats - 1)
            for (int r = 0; r < rotation; r++)
                REQUIRE(strcmp(seating[r], seating[rotation]), "unit %" PRId64 ": rotations %d and %d seat %s alike",
                        unit, r, rotation, seating[r]);
        rows++;
    }
    REQUIRE(count == plays, "the last unit holds %d plays, expected %d", count, plays);
    REQUIRE(rows == units * plays * seats, "deals.csv holds %" PRId64 " rows, expected %" PRId64, rows,
            units * plays * seats);
    free(text);
}

/* Every seating scheme plays each distinct game once, and summary.csv and run.json count
 * exactly those games: A,B over four seats is two seatings, not four rotations. */
START_TEST(each_distinct_game_counted_once)
{
    static const struct {
        int players;
        const char *agents;
        bool no_duplicate;
        int plays; /* distinct seatings, by hand */
    } scheme[] = {
        {2, "greedy,heuristic", false, 2},        {3, "greedy,heuristic", false, 6},
        {3, "greedy,heuristic,heuristic", false, 3}, {3, "greedy,heuristic,random", false, 3},
        {4, "greedy,heuristic", false, 2},        {4, "greedy,heuristic,greedy,random", false, 4},
        {4, "greedy", false, 1},                  {4, "greedy,heuristic,random,greedy", false, 4},
        {3, "greedy,heuristic", true, 1},         {4, "greedy,heuristic,greedy,heuristic", false, 2},
    };
    for (size_t k = 0; k < sizeof scheme / sizeof scheme[0]; k++) {
        const char *dir = support_scratch("seatings");
        int64_t units = 40;
        study_t st = {NULL, NULL, scheme[k].players, scheme[k].agents, false, units, 70 + k, scheme[k].no_duplicate,
                      true, false};
        sim_ok(&st, "--out", dir, NULL);
        check_run(dir, &st); /* the shape's own count of seatings, and the files against it */
        shape_t shape;
        shape_open(&st, &shape);
        REQUIRE(shape.rotations == scheme[k].plays, "%s over %d seats: %d seatings, expected %d", scheme[k].agents,
                scheme[k].players, shape.rotations, scheme[k].plays);
        summary_values_t v[SIM_MAX_AGENTS];
        summary_of(dir, &st, v);
        int64_t games = 0;
        for (int a = 0; a < shape.agent_count; a++) games += v[a].games;
        REQUIRE(games == units * scheme[k].plays * scheme[k].players,
                "%s over %d seats: summary.csv counts %" PRId64 " games, %" PRId64 " were played", scheme[k].agents,
                scheme[k].players, games, units * scheme[k].plays * scheme[k].players);
        shape_close(&shape);
        check_distinct_seatings(dir, units, scheme[k].players, scheme[k].plays);
        support_scratch_teardown();
    }
}
END_TEST

/* `sim --resume DIR` alone rebuilds the run from run.json: two agents given for three seats
 * (their swapped seatings) must come back as the same run, not as A,B,B alone, and its
 * records as the same records. */
START_TEST(resume_alone_keeps_swapped_seatings)
{
    const char *dir = support_scratch("swap");
    char records[PATH_SIZE];
    path_join(records, dir, "records");
    study_t st = {NULL, NULL, 3, "greedy,heuristic", false, 30, 77, false, true, false};
    sim_ok(&st, "--out", dir, LIST("--records", records, "--records-every", "10"));
    capture_t result;
    support_run(cli_sim, (char *const[]){"sim", "--resume", (char *)dir, NULL}, &result);
    REQUIRE(result.status == 0 && strstr(result.err, "already holds the complete run"),
            "sim --resume %s alone exited %d: %s", dir, result.status, result.err);
    support_capture_free(&result);
}
END_TEST

/* ================================================================== shards and merge */

/* Runs the study whole into `whole`, and as `count` shards merged in the order `order`
 * (1-based shard numbers); the merged files must equal the whole run's. */
static void shard_and_merge(const study_t *s, int count, const int *order)
{
    const char *whole = support_scratch("whole"), *root = support_scratch("shards");
    char shard_dir[8][PATH_SIZE], out[PATH_SIZE], text[8][16];
    sim_ok(s, "--out", whole, NULL);
    for (int k = 0; k < count; k++) {
        snprintf(text[k], sizeof text[k], "shard%d", k + 1);
        path_join(shard_dir[k], root, text[k]);
        snprintf(text[k], sizeof text[k], "%d/%d", k + 1, count);
        sim_ok(s, "--out", shard_dir[k], LIST("--shard", text[k]));
    }
    const char *shards[9];
    for (int k = 0; k < count; k++) shards[k] = shard_dir[order[k] - 1];
    shards[count] = NULL;
    path_join(out, root, "merged");
    capture_t result;
    run_merge(out, shards, &result);
    REQUIRE(result.status == 0, "merge exited %d: %s", result.status, result.err);
    support_capture_free(&result);
    assert_same_file(whole, out, "summary.csv");
    if (s->per_deal) assert_same_file(whole, out, "deals.csv");
    json_t *a = load_run(whole), *b = load_run(out);
    REQUIRE(json_equal(json_object_get(a, "totals"), json_object_get(b, "totals")),
            "the merged totals differ from the whole run's");
    REQUIRE(json_is_true(json_object_get(b, "complete")), "the merged run.json is not complete");
    REQUIRE(json_integer_value(json_object_get(b, "units_done")) == s->units, "merged units_done");
    json_decref(a);
    json_decref(b);
    check_run_by(out, s, "merge");
}

START_TEST(merge_two_shards_any_order)
{
    study_t s = {NULL, NULL, 2, "greedy,random", false, support_scaled(300, 101), 21, false, true, true};
    shard_and_merge(&s, 2, (const int[]){2, 1});
}
END_TEST

START_TEST(merge_two_shards_in_order)
{
    study_t s = {NULL, NULL, 3, "random,greedy,random", false, support_scaled(201, 101), 22, false, true, true};
    shard_and_merge(&s, 2, (const int[]){1, 2});
}
END_TEST

START_TEST(merge_three_shards)
{
    study_t s = {NULL, NULL, 2, "greedy,random", true, support_scaled(100, 31), 23, false, true, true};
    shard_and_merge(&s, 3, (const int[]){3, 1, 2});
}
END_TEST

START_TEST(merge_three_shards_double_bergen)
{
    study_t s = {"double_bergen", NULL, 2, "random,greedy", false, support_scaled(200, 50), 24, false, true, false};
    shard_and_merge(&s, 3, (const int[]){2, 3, 1});
}
END_TEST

/* ================================================================== teams */

/* The row of summary.csv with `scope` and `agent`, or NULL. */
static const csv_row_t *summary_row(const csv_t *c, const char *scope, const char *agent)
{
    for (int r = 1; r < c->count; r++)
        if (!strcmp(c->row[r].field[0], scope) && !strcmp(c->row[r].field[1], agent)) return &c->row[r];
    return NULL;
}

/* Columns 3.. (games onwards) of a team row: the agent row's, with the counts divided by
 * the seats the agent holds (the scores, intervals and Elo alike). Not the standard errors
 * of points and margins when it holds more than one: the agent's count each game twice. */
static void expect_team_row(const csv_t *c, const char *team, const char *agent, int held)
{
    const csv_row_t *t = summary_row(c, "team", team), *a = summary_row(c, "agent", agent);
    REQUIRE(t && a, "no team row %s or agent row %s in summary.csv", team, agent);
    REQUIRE(!t->field[2][0], "team %s has a seat", team);
    for (int k = 3; k < t->count; k++) {
        if (k <= 6) { /* games, wins, draws, losses */
            long long team_count = strtoll(t->field[k], NULL, 10), agent_count = strtoll(a->field[k], NULL, 10);
            REQUIRE(team_count * held == agent_count, "team %s column %d: %lld, agent %s %lld over %d seats", team, k,
                    team_count, agent, agent_count, held);
        } else if (held == 1 || (k != 14 && k != 16 && k != 18))
            REQUIRE(!strcmp(t->field[k], a->field[k]), "team %s column %d: %s, agent %s %s", team, k, t->field[k],
                    agent, a->field[k]);
    }
}

/* Each agent's closes in a Bingo run, and the hands it lost after closing, read from the
 * records of every game: summary.csv must count the same. */
static void count_closes_in_records(const char *records, const char *const *agents, int64_t *closes, int64_t *failed)
{
    DIR *listing = opendir(records);
    REQUIRE(listing != NULL, "no records in %s", records);
    struct dirent *entry;
    while ((entry = readdir(listing))) {
        if (entry->d_name[0] == '.') continue;
        char path[PATH_SIZE];
        path_join(path, records, entry->d_name);
        char *text = support_read_file(path, NULL), *line = text, *next;
        REQUIRE(text != NULL, "cannot read %s", path);
        int agent_of_seat[2] = {-1, -1}, closer = -1;
        for (; line && *line; line = next) {
            next = strchr(line, '\n');
            if (next) *next++ = '\0';
            json_t *record = json_loads(line, 0, NULL);
            REQUIRE(record != NULL, "%s: a line that is not JSON: %s", path, line);
            const char *type = json_string_value(json_object_get(record, "type"));
            if (!strcmp(type, "match")) {
                for (int seat = 0; seat < 2; seat++) {
                    const char *name = json_string_value(json_array_get(json_object_get(record, "agents"), (size_t)seat));
                    for (int a = 0; agents[a]; a++)
                        if (name && !strcmp(name, agents[a])) agent_of_seat[seat] = a;
                }
            } else if (!strcmp(type, "close")) {
                closer = (int)json_integer_value(json_object_get(record, "seat"));
            } else if (!strcmp(type, "hand_end") && closer >= 0) {
                closes[agent_of_seat[closer]]++;
                failed[agent_of_seat[closer]] += json_integer_value(json_object_get(record, "winner")) != closer;
                closer = -1;
            }
            json_decref(record);
        }
        free(text);
    }
    closedir(listing);
}

/* The agents of each Bingo run: the heuristic has no playout rule, so its matches go
 * through the loop over legal moves; greedy and random both have one, so theirs are played
 * by the game's playout after the first tile, and their closes read from the state. */
static const char *const CLOSE_RUNS[][2] = {{"heuristic", "random"}, {"greedy", "random"}};

START_TEST(bingo_closes_counted_per_agent)
{
    char agents_list[64], name[32];
    const char *const *pair = CLOSE_RUNS[_i];
    snprintf(agents_list, sizeof agents_list, "%s,%s", pair[0], pair[1]);
    snprintf(name, sizeof name, "closes-%d", _i);
    const char *dir = support_scratch(name);
    snprintf(name, sizeof name, "closes-records-%d", _i);
    const char *records = support_scratch(name);
    snprintf(name, sizeof name, "closes-recorded-%d", _i);
    const char *recorded = support_scratch(name);
    study_t st = {"bingo", NULL, 2, agents_list, true, support_scaled(60, 20), 5, false, false, false};
    /* the counts of the run without records (the simulator's own tally) against the
     * records of the same games, which a run with --records writes through the driver */
    sim_ok(&st, "--out", dir, NULL);
    sim_ok(&st, "--out", recorded, LIST("--records", records));
    const char *const agents[] = {pair[0], pair[1], NULL};
    int64_t closes[2] = {0}, failed[2] = {0};
    count_closes_in_records(records, agents, closes, failed);
    csv_t summary;
    csv_load(dir, "summary.csv", &summary);
    int close_column = csv_column(&summary, "closes"), failed_column = csv_column(&summary, "failed_closes");
    for (int a = 0; a < 2; a++) {
        const csv_row_t *row = summary_row(&summary, "agent", agents[a]);
        REQUIRE(row != NULL, "summary.csv has no row for %s", agents[a]);
        REQUIRE(as_integer(row->field[close_column], "closes") == closes[a] &&
                    as_integer(row->field[failed_column], "failed_closes") == failed[a],
                "%s: summary.csv counts %s closes, %s failed; the records %" PRId64 ", %" PRId64, agents[a],
                row->field[close_column], row->field[failed_column], closes[a], failed[a]);
    }
    /* over whole matches somebody closes, and some closes fail */
    REQUIRE(closes[0] + closes[1] > 0 && failed[0] + failed[1] > 0, "no closes or no failed close: the test proves nothing");
    csv_free(&summary);
}
END_TEST

/* Partnership's summary.csv has a row per team besides the agents': each team's result is
 * its agents', counted once a game. A team all of whose agents also play for the other
 * has none. Shards merged give the whole run's rows. */
START_TEST(summary_has_team_rows)
{
    study_t pairs = {"partnership", NULL, 4, "greedy,random", false, 40, 5, false, false, true};
    const char *dir = support_scratch("pairs");
    sim_ok(&pairs, "--out", dir, NULL);
    csv_t c;
    csv_load(dir, "summary.csv", &c);
    expect_team_row(&c, "greedy+greedy", "greedy", 2);
    expect_team_row(&c, "random+random", "random", 2);
    REQUIRE(strtoll(summary_row(&c, "team", "greedy+greedy")->field[3], NULL, 10) == 40 * 2,
            "a team plays each deal twice, once on each side");
    csv_free(&c);

    study_t four = {"partnership", NULL, 4, "greedy,random,heuristic,greedy:noise=0.5", false, 40, 6, false, false,
                    true};
    const char *distinct = support_scratch("four");
    sim_ok(&four, "--out", distinct, NULL);
    csv_load(distinct, "summary.csv", &c);
    expect_team_row(&c, "greedy+heuristic", "greedy", 1);
    expect_team_row(&c, "greedy+heuristic", "heuristic", 1);
    expect_team_row(&c, "random+greedy:noise=0.5", "random", 1);
    csv_free(&c);

    study_t mixed = {"partnership", NULL, 4, "greedy,greedy,greedy,random", false, 40, 7, false, false, false};
    const char *three = support_scratch("mixed");
    sim_ok(&mixed, "--out", three, NULL);
    csv_load(three, "summary.csv", &c);
    expect_team_row(&c, "greedy+random", "random", 1);
    REQUIRE(!summary_row(&c, "team", "greedy+greedy"), "a row for a team whose agent plays for both");
    csv_free(&c);

    const char *root = support_scratch("team-shards");
    char shard_dir[2][PATH_SIZE], out[PATH_SIZE];
    path_join(shard_dir[0], root, "one");
    path_join(shard_dir[1], root, "two");
    sim_ok(&four, "--out", shard_dir[0], LIST("--shard", "1/2"));
    sim_ok(&four, "--out", shard_dir[1], LIST("--shard", "2/2"));
    path_join(out, root, "merged");
    capture_t result;
    run_merge(out, (const char *const[]){shard_dir[1], shard_dir[0], NULL}, &result);
    REQUIRE(result.status == 0, "merge exited %d: %s", result.status, result.err);
    support_capture_free(&result);
    assert_same_file(distinct, out, "summary.csv");
}
END_TEST

/* A merge that must be refused: exit 2, one stderr line naming `needle`, nothing on
 * stdout, and nothing created in --out (given as a new path, and as an empty directory). */
static void expect_merge_refused(const char *const *shards, const char *needle)
{
    const char *root = support_scratch("merge-out");
    char out[PATH_SIZE], names[PATH_SIZE];
    for (int pass = 0; pass < 2; pass++) {
        path_join(out, root, pass ? "existing" : "new");
        if (pass) REQUIRE(mkdir(out, 0777) == 0, "mkdir %s: %s", out, strerror(errno));
        capture_t result;
        run_merge(out, shards, &result);
        int status = result.status;
        bool one_line = support_is_one_line(result.err), quiet = !result.out[0];
        char err[CLI_ERROR_SIZE];
        snprintf(err, sizeof err, "%s", result.err);
        support_capture_free(&result);
        REQUIRE(status == 2, "merge exited %d, expected 2 (stderr: %s)", status, err);
        REQUIRE(one_line, "stderr is not exactly one line: \"%s\"", err);
        REQUIRE(strstr(err, needle), "expected \"%s\" in: %s", needle, err);
        REQUIRE(quiet, "merge wrote to stdout");
        int left = entries_of(out, names, sizeof names);
        REQUIRE(pass ? left == 0 : left == -1, "merge left --out %s %s", out, left == 0 ? "created (empty)" : names);
    }
}

/* Two complete shards 1/2 and 2/2 (and, with seed 2, another study's 2/2) under one root. */
typedef struct shard_set {
    char one[PATH_SIZE], two[PATH_SIZE], other[PATH_SIZE], three_of_three[PATH_SIZE];
} shard_set_t;

static void make_shards(shard_set_t *set)
{
    const char *root = support_scratch("shards");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 40, 31, false, true, false};
    path_join(set->one, root, "one");
    path_join(set->two, root, "two");
    path_join(set->other, root, "other");
    path_join(set->three_of_three, root, "three");
    sim_ok(&s, "--out", set->one, LIST("--shard", "1/2"));
    sim_ok(&s, "--out", set->two, LIST("--shard", "2/2"));
    sim_ok(&s, "--out", set->three_of_three, LIST("--shard", "3/3"));
    s.seed = 32;
    sim_ok(&s, "--out", set->other, LIST("--shard", "2/2"));
}

START_TEST(merge_refuses_missing_shard)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.one), set.one);
}
END_TEST

START_TEST(merge_refuses_missing_first_shard)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.two), set.two);
}
END_TEST

START_TEST(merge_refuses_duplicate_shard)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.one, set.one), "shard");
}
END_TEST

START_TEST(merge_refuses_duplicate_with_complete_set)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.one, set.two, set.two), "shard");
}
END_TEST

START_TEST(merge_refuses_shard_of_other_count)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.one, set.two, set.three_of_three), "shard");
}
END_TEST

START_TEST(merge_refuses_incomplete_shard)
{
    shard_set_t set;
    make_shards(&set);
    /* What an interrupted shard's run.json says. */
    json_t *run = load_run(set.two);
    json_object_set_new(run, "complete", json_false());
    char path[PATH_SIZE];
    path_join(path, set.two, "run.json");
    REQUIRE(json_dump_file(run, path, JSON_INDENT(2)) == 0, "cannot write %s", path);
    json_decref(run);
    expect_merge_refused(LIST(set.one, set.two), set.two);
}
END_TEST

START_TEST(merge_refuses_other_study)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.one, set.other), "seed");
}
END_TEST

START_TEST(merge_refuses_other_study_first)
{
    shard_set_t set;
    make_shards(&set);
    expect_merge_refused(LIST(set.other, set.one), "seed");
}
END_TEST

START_TEST(merge_refuses_missing_directory)
{
    shard_set_t set;
    make_shards(&set);
    char missing[PATH_SIZE];
    path_join(missing, set.one, "nosuch");
    expect_merge_refused(LIST(set.one, missing), missing);
}
END_TEST

START_TEST(merge_refuses_unsharded_run)
{
    const char *whole = support_scratch("whole");
    shard_set_t set;
    make_shards(&set);
    study_t s = {NULL, NULL, 2, "greedy,random", false, 40, 31, false, true, false};
    sim_ok(&s, "--out", whole, NULL);
    expect_merge_refused(LIST(set.one, whole), whole);
}
END_TEST

/* ================================================================== interrupt and resume */



/* A stopped run describes exactly its first `done` units. */
static void check_stopped_run(const char *dir, const study_t *s)
{
    char names[PATH_SIZE];
    REQUIRE(support_dir_entries(dir, names, sizeof names) == 3, "the stopped run left: %s", names);
    int64_t done = units_done_in(dir);
    REQUIRE(done > 0 && done < s->units, "units_done %" PRId64 " of %" PRId64, done, s->units);
    study_t partial = *s;
    partial.units = done;
    shape_t shape;
    shape_open(&partial, &shape);
    summary_values_t values[SIM_MAX_AGENTS];
    check_summary(dir, &shape, values);
    check_deals(dir, &shape, values);
    shape_close(&shape);
    shape_open(s, &shape);
    check_run_json(dir, &shape, done, false, "sim");
    shape_close(&shape);
}

/* `sim --resume DIR` and nothing else that makes the study, in this process on one thread:
 * the study is read from DIR/run.json. */
static void resume_alone(const char *dir)
{
    capture_t result;
    support_run(cli_sim, (char *[]){"sim", "--resume", (char *)dir, "--threads", "1", "--quiet", NULL}, &result);
    REQUIRE(result.status == 0, "sim --resume %s alone exited %d: %s", dir, result.status, result.err);
    support_capture_free(&result);
}

/* Starts the study in the binary, sends `signal_number` once run.json counts finished
 * units, checks what the run left, resumes it in-process (on one thread; with `alone`,
 * by `sim --resume DIR` alone, else by the whole command), and compares the result with an
 * uninterrupted run of the binary. SIGINT and SIGTERM stop the run after the units in
 * flight (exit `expected_status`) and print the one line that continues it; SIGKILL is a
 * crash, after which the resume must go back to the last checkpoint. */
static void interrupt_and_resume(int signal_number, int expected_status, bool alone)
{
    /* The signal must reach a run still under way, so the workload is not scaled down:
     * about a second on two threads of this machine uninterrupted (three under the
     * sanitizers), while the signal follows the first batch's checkpoint within
     * milliseconds. A cheap pimc makes the time without a large deals.csv. */
    study_t s = {NULL, NULL, 2, "pimc:samples=2,rollout=greedy,greedy", true, 16000, 41, false, true, true};
    const char *root = support_scratch("interrupt");
    char dir[PATH_SIZE], reference[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "run");
    path_join(reference, root, "reference");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");

    pid_t pid = start_and_wait_for_progress(&s, dir, out_path, err_path);
    bool crash = signal_number == SIGKILL;
    if (crash) wait_for_rows_past_checkpoint(pid, dir); /* which the resume must drop */
    REQUIRE(kill(pid, signal_number) == 0, "kill: %s", strerror(errno));
    int status = wait_for(pid, RUN_LIMIT_SECONDS);
    if (crash) {
        REQUIRE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "wait status %d after SIGKILL", status);
        int64_t done = units_done_in(dir);
        REQUIRE(done > 0 && done < s.units, "units_done %" PRId64 " of %" PRId64 " at the crash", done, s.units);
        /* The kill may land while summary.csv or run.json is being rewritten (it did in CI);
         * make sure such temporaries are there, so that the resume must clear them. */
        char leftover[PATH_SIZE];
        path_join(leftover, dir, ".summary.csv.a1B2c3");
        REQUIRE(support_write_file(leftover, "agent\n"), "cannot write %s", leftover);
        path_join(leftover, dir, ".run.json.Zz9Yy8");
        REQUIRE(support_write_file(leftover, "{"), "cannot write %s", leftover);
    } else {
        char *err = support_read_file(err_path, NULL);
        REQUIRE(err, "cannot read %s", err_path);
        char text[CLI_ERROR_SIZE], hint[PATH_SIZE + 32];
        snprintf(text, sizeof text, "%s", err);
        snprintf(hint, sizeof hint, "\n  dominolab sim --resume %s\n", dir);
        bool hinted = strstr(err, hint) != NULL;
        free(err);
        REQUIRE(WIFEXITED(status), "the run did not exit after signal %d (wait status %d); stderr: %s", signal_number,
                status, text);
        REQUIRE(WEXITSTATUS(status) == expected_status, "exit status %d after signal %d, expected %d; stderr: %s",
                WEXITSTATUS(status), signal_number, expected_status, text);
        REQUIRE(hinted, "stderr does not say how to continue (\"%s\"): %s", hint, text);
        check_stopped_run(dir, &s);
    }

    if (alone) resume_alone(dir);
    else sim_ok(&s, "--resume", dir, NULL);
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--out", reference));
    status = wait_for(spawn_binary(a.item, out_path, err_path), RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the uninterrupted run: wait status %d", status);
    assert_same_file(reference, dir, "summary.csv");
    assert_same_file(reference, dir, "deals.csv");
    json_t *x = load_run(reference), *y = load_run(dir);
    bool same = json_equal(json_object_get(x, "totals"), json_object_get(y, "totals"));
    json_decref(x);
    json_decref(y);
    REQUIRE(same, "the resumed run's totals differ from the uninterrupted run's");
    check_run(dir, &s);
}

START_TEST(shard_of_the_largest_study)
{
    /* --deals takes up to 2^62-1: shard K/N of it is [units*(K-1)/N, units*K/N), which
     * must be worked out without overflowing 64 bits (units*3 does). The run is endless,
     * so it is stopped once it has started and its run.json read. */
    const int64_t units = INT64_MAX / 2;
    study_t s = {NULL, NULL, 2, "random", false, units, 43, false, false, false};
    const char *root = support_scratch("huge");
    char dir[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "run");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--shard", "3/3", "--out", dir));
    pid_t pid = spawn_binary(a.item, out_path, err_path);
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    int status = 0;
    bool ended = false;
    while (units_done_in(dir) <= 0 && now_seconds() < deadline) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            ended = true;
            break;
        }
        sleep_ms(2);
    }
    if (!ended) {
        kill(pid, SIGINT);
        status = wait_for(pid, RUN_LIMIT_SECONDS);
    }
    char *err = support_read_file(err_path, NULL);
    char text[CLI_ERROR_SIZE];
    snprintf(text, sizeof text, "%s", err ? err : "");
    free(err);
    char path[PATH_SIZE];
    path_join(path, dir, "run.json");
    REQUIRE(support_file_exists(path),
            "shard 3/3 of %" PRId64 " units: no run.json; the run ended with wait status %d; "
            "stderr: %s",
            units, status, text);
    json_t *run = load_run(dir);
    json_int_t first = json_integer_value(json_object_get(run, "first_unit")),
               end = json_integer_value(json_object_get(run, "end_unit"));
    json_decref(run);
    int64_t third = units / 3, rest = units % 3; /* units*2/3 without overflow */
    int64_t expected_first = 2 * third + 2 * rest / 3;
    REQUIRE(first == expected_first && end == units,
            "shard 3/3 of %" PRId64 " units is [%" JSON_INTEGER_FORMAT ", %" JSON_INTEGER_FORMAT "), expected [%" PRId64
            ", %" PRId64 "); the run %s (wait status %d); stderr: %s",
            units, first, end, expected_first, units, ended ? "ended by itself" : "was stopped", status, text);
    REQUIRE(!ended, "the endless run ended by itself (wait status %d): %s", status, text);
}
END_TEST

START_TEST(interrupt_sigint_then_resume)
{
    interrupt_and_resume(SIGINT, 130, true);
}
END_TEST

START_TEST(interrupt_sigterm_then_resume)
{
    interrupt_and_resume(SIGTERM, 143, false);
}
END_TEST

START_TEST(crash_sigkill_then_resume)
{
    interrupt_and_resume(SIGKILL, 0, true);
}
END_TEST

/* The files of a tournament that must not change with the way it was played. */
static const char *const tournament_files[] = {"ratings.csv", "pairwise.csv", "pairs/00-01/deals.csv",
                                               "pairs/00-02/deals.csv", "pairs/01-02/deals.csv", NULL};

/* The binary runs `argv` (a study command) to its end; requires exit status 0. */
static void binary_ok(char *const *argv, const char *root)
{
    char out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(out_path, root, "ok-stdout.txt");
    path_join(err_path, root, "ok-stderr.txt");
    int status = wait_for(spawn_binary(argv, out_path, err_path), RUN_LIMIT_SECONDS);
    char *err = support_read_file(err_path, NULL);
    char text[CLI_ERROR_SIZE];
    snprintf(text, sizeof text, "%s", err ? err : "");
    free(err);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s %s: wait status %d: %s", argv[1], argv[2], status, text);
}

/* A tournament stopped while its first pair plays prints one resume command, the
 * tournament's (never its sim run's), and `tournament --resume DIR` alone then ends with the
 * files of an uninterrupted tournament. */
/* A stop as soon as study.json is written, while the study readies its first run: the study
 * still ends with its one resume line, exit 130, and nothing is lost (the one stop signal,
 * sim/stop.h: a run begun within the study keeps the stop the study caught). */
/* The one stop signal: a stop caught by the outermost catch (a study's) stays requested in
 * a catch within it (the run the study then begins), and reaches the study again when the
 * run gives the signals back; the next outermost catch starts clear. */
START_TEST(a_stop_outlives_the_catches_within)
{
    stop_catch_t study = {0}, run = {0}, next = {0};
    stop_catch(&study);
    ck_assert_int_eq(*stop_requested(), 0);
    raise(SIGINT);
    ck_assert_int_eq(*stop_requested(), SIGINT);
    stop_catch(&run);
    ck_assert_int_eq(*stop_requested(), SIGINT); /* the run stops at its first batch */
    raise(SIGINT);
    ck_assert_int_eq(*stop_abandon(), 1); /* a second one: abandon the batches in play */
    stop_release(&run, true);
    ck_assert_int_eq(*stop_requested(), SIGINT);
    ck_assert_int_eq(stop_status(), STOP_EXIT_INTERRUPTED);
    stop_release(&study, false);
    stop_catch(&next);
    ck_assert_int_eq(*stop_requested(), 0);
    ck_assert_int_eq(*stop_abandon(), 0);
    raise(SIGTERM);
    ck_assert_int_eq(stop_status(), STOP_EXIT_TERMINATED);
    stop_release(&next, false);
}
END_TEST

START_TEST(study_stopped_before_its_first_run)
{
    const char *root = support_scratch("early");
    char dir[PATH_SIZE], study_json[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE], hint[PATH_SIZE + 64];
    path_join(dir, root, "stopped");
    path_join(study_json, dir, "study.json");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    pid_t pid = spawn_binary((char *[]){"dominolab", "tournament", "--players", "2", "--agents",
                                        "pimc:samples=2,rollout=greedy,greedy,random", "--matches", "16000",
                                        "--precision", "0", "--threads", "2", "--no-plots", "--out", dir, NULL},
                             out_path, err_path);
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    int status;
    while (!support_file_exists(study_json)) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            ck_abort_msg("the tournament ended (wait status %d) before it could be stopped", status);
        REQUIRE(now_seconds() < deadline, "no %s after %.0f s", study_json, RUN_LIMIT_SECONDS);
        sleep_ms(2);
    }
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    status = wait_for(pid, RUN_LIMIT_SECONDS);
    char *err = support_read_file(err_path, NULL);
    REQUIRE(err, "cannot read %s", err_path);
    snprintf(hint, sizeof hint, "\n  dominolab tournament --resume %s\n", dir);
    int commands = 0;
    for (const char *at = err; (at = strstr(at, "--resume")); at++) commands++;
    bool hinted = strstr(err, hint) != NULL;
    char text[CLI_ERROR_SIZE];
    snprintf(text, sizeof text, "%s", err);
    free(err);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 130, "wait status %d after SIGINT: %s", status, text);
    REQUIRE(commands == 1 && hinted, "not the one line \"%s\": %s", hint, text);
}
END_TEST

START_TEST(interrupted_study_resumes_alone)
{
    /* not scaled: the signal must reach the first of three pairs under way (about a second
     * a pair on two threads, as in interrupt_and_resume) */
    const char *root = support_scratch("study");
    char dir[PATH_SIZE], reference[PATH_SIZE], pair[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "stopped");
    path_join(reference, root, "whole");
    path_join(pair, dir, "pairs/00-01");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
#define TOURNAMENT(OUT) "dominolab", "tournament", "--players", "2", "--agents", \
        "pimc:samples=2,rollout=greedy,greedy,random", "--matches", "16000", "--seed", "8", "--bootstrap", "50", \
        "--threads", "2", "--no-plots", "--out", (OUT), NULL
    pid_t pid = spawn_binary((char *[]){TOURNAMENT(dir)}, out_path, err_path);
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    int status;
    while (units_done_in(pair) <= 0) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            ck_abort_msg("the tournament ended (wait status %d) before it could be stopped", status);
        REQUIRE(now_seconds() < deadline, "no units done in %s after %.0f s", pair, RUN_LIMIT_SECONDS);
        sleep_ms(2);
    }
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    status = wait_for(pid, RUN_LIMIT_SECONDS);
    char *err = support_read_file(err_path, NULL);
    REQUIRE(err, "cannot read %s", err_path);
    char text[CLI_ERROR_SIZE], hint[PATH_SIZE + 64];
    snprintf(text, sizeof text, "%s", err);
    snprintf(hint, sizeof hint, "\n  dominolab tournament --resume %s\n", dir);
    int commands = 0;
    for (const char *at = err; (at = strstr(at, "--resume")); at++) commands++;
    bool hinted = strstr(err, hint) != NULL, sim_spoke = strstr(err, "dominolab sim: stopped") != NULL;
    free(err);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 130, "wait status %d after SIGINT: %s", status, text);
    REQUIRE(commands == 1 && hinted && !sim_spoke, "not the one line \"%s\": %s", hint, text);

    char *const resume[] = {"dominolab", "tournament", "--resume", dir, "--threads", "2", "--quiet", "--no-plots", NULL};
    binary_ok(resume, root);
    binary_ok((char *[]){TOURNAMENT(reference)}, root);
#undef TOURNAMENT
    for (int k = 0; tournament_files[k]; k++) assert_same_file(reference, dir, tournament_files[k]);
}
END_TEST

START_TEST(default_seed_is_one)
{
    /* --seed may be left out: it is 1, as in every command */
    const char *with = support_scratch("with"), *without = support_scratch("without");
    study_t s = {NULL, NULL, 3, "greedy,random,heuristic", false, 60, 1, false, true, false};
    sim_ok(&s, "--out", with, NULL);
    capture_t result;
    support_run(cli_sim, (char *[]){"sim", "--players", "3", "--agents", "greedy,random,heuristic", "--deals", "60",
                                    "--per-deal", "--threads", "1", "--quiet", "--out", (char *)without, NULL},
                &result);
    REQUIRE(result.status == 0, "sim without --seed exited %d: %s", result.status, result.err);
    support_capture_free(&result);
    assert_same_file(with, without, "summary.csv");
    assert_same_file(with, without, "deals.csv");
    json_t *run = load_run(without);
    json_int_t seed = json_integer_value(json_object_get(run, "seed"));
    json_decref(run);
    REQUIRE(seed == 1, "run.json says seed %" JSON_INTEGER_FORMAT, seed);
}
END_TEST

START_TEST(resume_complete_run_changes_nothing)
{
    const char *dir = support_scratch("complete");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 50, 42, false, true, true};
    sim_ok(&s, "--out", dir, NULL);
    snapshot_t before;
    snapshot_take(dir, &before);
    sim_ok(&s, "--resume", dir, NULL);
    assert_unchanged(dir, &before);
    snapshot_free(&before);
}
END_TEST

/* ================================================================== statistics */

START_TEST(stats_random_vs_random_duplicate)
{
    /* One spec in both seats is one agent. In duplicate mode it meets itself with the seats
     * swapped on the same deal, so its paired score is exactly one half. */
    const char *dir = support_scratch("stats");
    study_t s = {NULL, NULL, 2, "random", false, support_scaled(20000, 2000), 51, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    summary_values_t v[SIM_MAX_AGENTS];
    summary_of(dir, &s, v);
    REQUIRE(v[0].paired_low <= 0.5 && 0.5 <= v[0].paired_high, "paired score interval [%f, %f] misses 0.5",
            v[0].paired_low, v[0].paired_high);
    REQUIRE(v[0].elo_low <= 0 && 0 <= v[0].elo_high, "Elo interval [%f, %f] misses 0", v[0].elo_low, v[0].elo_high);
    REQUIRE(v[0].paired == 0.5 && v[0].elo == 0, "paired score %f, Elo %f: not exactly even", v[0].paired, v[0].elo);
    REQUIRE(v[0].wins == v[0].losses, "%" PRId64 " wins, %" PRId64 " losses against itself", v[0].wins, v[0].losses);
    REQUIRE(v[0].low <= 0.5 && 0.5 <= v[0].high, "win rate interval [%f, %f] misses 0.5", v[0].low, v[0].high);
}
END_TEST

START_TEST(stats_random_pair_unpaired)
{
    /* Two distinct random agents, each always in its own seat (no duplicate), through the
     * simulator's API: a real sample, whose interval must cover the even score. */
    cli_game_args_t args;
    memset(&args, 0, sizeof args);
    args.players = 2;
    setup_game_t game;
    char error[CLI_ERROR_SIZE];
    REQUIRE(cli_game_open(&args, &game, error, sizeof error) == 0, "%s", error);
    sim_config_t c;
    memset(&c, 0, sizeof c);
    c.game = game.game;
    c.rules = game.rules;
    c.seats = 2;
    c.sides = 2;
    c.agent_count = 2;
    c.agents[0] = c.agents[1] = "random";
    sim_seatings(&c, (const int[]){0, 1}, SIM_SEATING_ONCE, 0);
    c.mode = SIM_DEALS;
    c.units = c.end_unit = support_scaled(20000, 2000);
    c.seed = 52;
    c.threads = 1;
    sim_totals_t *totals = calloc(1, sizeof *totals);
    REQUIRE(totals, "out of memory");
    REQUIRE(sim_run(&c, totals, NULL, NULL, NULL, error, sizeof error) == 0, "%s", error);
    stats_estimate_t e[2];
    for (int a = 0; a < 2; a++) stats_estimate(&totals->agent[a], STATS_Z95, &e[a]);
    int64_t units = totals->units;
    setup_game_close(&game);
    free(totals);
    REQUIRE(units == c.units, "%" PRId64 " units played, expected %" PRId64, units, c.units);
    for (int a = 0; a < 2; a++) {
        REQUIRE(e[a].score_low <= 0.5 && 0.5 <= e[a].score_high,
                "agent %d: paired score interval [%f, %f] misses 0.5", a, e[a].score_low,
                e[a].score_high);
        REQUIRE(e[a].elo_low <= 0 && 0 <= e[a].elo_high, "agent %d: Elo interval [%f, %f] misses 0", a, e[a].elo_low,
                e[a].elo_high);
        /* Not vacuous: about +-0.007 at 20,000 deals (+-0.02 at 2,000). */
        double width = e[a].score_high - e[a].score_low;
        REQUIRE(width > 0.001 && width < 0.06, "agent %d: paired interval width %f", a, width);
    }
    REQUIRE(fabs(e[0].score + e[1].score - 1) < 1e-12, "paired scores do not sum to 1");
}
END_TEST

START_TEST(stats_greedy_beats_random)
{
    const char *dir = support_scratch("stats");
    study_t s = {NULL, NULL, 2, "greedy,random", false, support_scaled(20000, 2000), 53, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    summary_values_t v[SIM_MAX_AGENTS];
    summary_of(dir, &s, v);
    REQUIRE(v[0].paired_low > 0.5, "greedy's paired score interval [%f, %f] does not lie above 0.5", v[0].paired_low,
            v[0].paired_high);
    REQUIRE(v[0].elo_low > 0, "greedy's Elo interval [%f, %f] does not lie above 0", v[0].elo_low, v[0].elo_high);
    REQUIRE(v[1].paired_high < 0.5, "random's paired score interval [%f, %f] does not lie below 0.5", v[1].paired_low,
            v[1].paired_high);
}
END_TEST

START_TEST(stats_greedy_beats_random_three_players)
{
    /* Three sides: an equal agent scores about 1/3, so the paired score of greedy against
     * two random players must lie above the even 1/3 and random's below it. */
    const char *dir = support_scratch("stats");
    study_t s = {NULL, NULL, 3, "greedy,random,random", false, support_scaled(10000, 1000), 54, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    summary_values_t v[SIM_MAX_AGENTS];
    summary_of(dir, &s, v);
    REQUIRE(v[0].paired_low > 1.0 / 3, "greedy's paired score interval [%f, %f]", v[0].paired_low, v[0].paired_high);
    REQUIRE(v[1].paired_high < 1.0 / 3, "random's paired score interval [%f, %f]", v[1].paired_low, v[1].paired_high);
}
END_TEST

/* ================================================================== reproduction */

/* From `play`'s log: the seat that leads hand 1, and at the first hand end the pips left
 * per seat and the scores per side. */
static void parse_first_hand(const char *log, int seats, int sides, int *leader, int *pips, int *scores)
{
    const char *lead = strstr(log, " leads ");
    REQUIRE(lead, "no lead in the play log");
    const char *line = lead;
    while (line > log && line[-1] != '\n') line--;
    REQUIRE(sscanf(line, " seat %d leads", leader) == 1, "cannot read the lead: %.80s", line);
    const char *end = strstr(log, "hand 1 ends:");
    REQUIRE(end, "no \"hand 1 ends\" in the play log");
    const char *p = strstr(end, "; pips left");
    REQUIRE(p && p < strchr(end, '\n'), "no pips left on: %.120s", end);
    p += strlen("; pips left");
    for (int seat = 0; seat < seats; seat++) {
        int used = 0;
        REQUIRE(sscanf(p, " %d%n", &pips[seat], &used) == 1, "pips: %.120s", end);
        p += used;
    }
    p = strstr(p, "; scores");
    REQUIRE(p && p < strchr(end, '\n'), "no scores on: %.120s", end);
    p += strlen("; scores");
    for (int side = 0; side < sides; side++) {
        int used = 0;
        REQUIRE(sscanf(p, " %d%n", &scores[side], &used) == 1, "scores: %.120s", end);
        p += used;
    }
}

/* Replays the first `plays` plays of deals.csv with `play --seed deal_seed`. */
static void reproduce(const study_t *study, int plays)
{
    const char *dir = support_scratch("reproduce");
    sim_ok(study, "--out", dir, NULL);
    shape_t s;
    shape_open(study, &s);
    csv_t c;
    csv_load(dir, "deals.csv", &c);
    REQUIRE(c.count - 1 >= plays * s.seats, "deals.csv has only %d rows", c.count - 1);
    int c_points = csv_column(&c, "points"), c_pips = csv_column(&c, "pips_left"), c_agent = csv_column(&c, "agent"),
        c_seed = csv_column(&c, "deal_seed"), c_leader = csv_column(&c, "leader"), c_team = csv_column(&c, "team");
    for (int play = 0; play < plays; play++) {
        const csv_row_t *rows = &c.row[1 + play * s.seats];
        char agents[256] = "", players[16];
        size_t used = 0;
        for (int seat = 0; seat < s.seats; seat++)
            used += (size_t)snprintf(agents + used, sizeof agents - used, "%s%s", seat ? "," : "",
                                     rows[seat].field[c_agent]);
        snprintf(players, sizeof players, "%d", s.seats);
        args_t a;
        args_start(&a, "play");
        if (study->game) args_add_list(&a, LIST("--game", study->game));
        if (study->preset) args_add_list(&a, LIST("--preset", study->preset));
        args_add_list(&a, LIST("--players", players, "--agents", agents, "--seed", rows[0].field[c_seed]));
        capture_t result;
        support_run(cli_play, a.item, &result);
        REQUIRE(result.status == 0, "play --seed %s exited %d: %s", rows[0].field[c_seed], result.status, result.err);
        int leader, pips[GAME_MAX_SEATS], scores[GAME_MAX_SEATS];
        parse_first_hand(result.out, s.seats, s.sides, &leader, pips, scores);
        support_capture_free(&result);
        for (int seat = 0; seat < s.seats; seat++) {
            int side = (int)strtol(rows[seat].field[c_team], NULL, 10);
            REQUIRE(strtol(rows[seat].field[c_points], NULL, 10) == scores[side] &&
                        strtol(rows[seat].field[c_pips], NULL, 10) == pips[seat],
                    "play %d (--seed %s --agents %s) seat %d: deals.csv has points %s pips_left %s, play "
                    "gives %d and %d",
                    play, rows[0].field[c_seed], agents, seat, rows[seat].field[c_points], rows[seat].field[c_pips],
                    scores[side], pips[seat]);
        }
        REQUIRE(strtol(rows[0].field[c_leader], NULL, 10) == leader,
                "play %d (--seed %s): deals.csv leader %s, play's hand 1 is led by seat %d", play,
                rows[0].field[c_seed], rows[0].field[c_leader], leader);
    }
    csv_free(&c);
    shape_close(&s);
}

START_TEST(reproduce_two_players)
{
    study_t s = {NULL, NULL, 2, "greedy,random", false, 10, 61, false, true, false};
    reproduce(&s, 20); /* 10 deals x 2 rotations */
}
END_TEST

START_TEST(reproduce_three_players)
{
    study_t s = {NULL, "bergen_classic", 3, "random,greedy,random", false, 6, 62, false, true, false};
    reproduce(&s, 18);
}
END_TEST

START_TEST(reproduce_double_bergen)
{
    study_t s = {"double_bergen", NULL, 2, "greedy,random", false, 8, 63, false, true, false};
    reproduce(&s, 16);
}
END_TEST

/* ================================================================== bad arguments */

typedef struct bad_case {
    const char *const *args; /* after "sim"; OUT is replaced by the --out path */
    const char *needle;      /* the message names it; OUT: the --out path */
} bad_case_t;

#define STUDY "--players", "2", "--agents", "greedy,random", "--seed", "1", "--threads", "1"
static const bad_case_t bad_cases[] = {
    {LIST("--game", "nosuch", STUDY, "--deals", "5", "--out", "OUT"), "nosuch"},
    {LIST("--players", "2", "--agents", "greedy,nosuch", "--seed", "1", "--deals", "5", "--out", "OUT"), "nosuch"},
    {LIST("--players", "2", "--agents", "greedy,random,random", "--seed", "1", "--deals", "5", "--out", "OUT"),
     "--agents"},
    {LIST(STUDY, "--deals", "0", "--out", "OUT"), "--deals"},
    {LIST(STUDY, "--deals", "-5", "--out", "OUT"), "-5"},
    {LIST(STUDY, "--deals", "abc", "--out", "OUT"), "abc"},
    {LIST(STUDY, "--matches", "0", "--out", "OUT"), "--matches"},
    {LIST(STUDY, "--deals", "5", "--matches", "5", "--out", "OUT"), "--matches"},
    {LIST(STUDY, "--deals", "5", "--deals", "6", "--out", "OUT"), "--deals"},
    {LIST("--agents", "greedy,random", "--seed", "1", "--deals", "5", "--out", "OUT"), "--players"},
    {LIST("--players", "2", "--seed", "1", "--deals", "5", "--out", "OUT"), "--agents"},
    {LIST(STUDY, "--out", "OUT"), "--deals"},
    {LIST(STUDY, "--deals", "5"), "--out"},
    {LIST(STUDY, "--deals", "5", "--seed", "-1", "--out", "OUT"), "--seed"},
    {LIST(STUDY, "--deals", "5", "--seed", "9223372036854775808", "--out", "OUT"), "--seed"},
    {LIST(STUDY, "--deals", "5", "--shard", "0/2", "--out", "OUT"), "0/2"},
    {LIST(STUDY, "--deals", "5", "--shard", "3/2", "--out", "OUT"), "3/2"},
    {LIST(STUDY, "--deals", "5", "--shard", "1/0", "--out", "OUT"), "1/0"},
    {LIST(STUDY, "--deals", "5", "--shard", "a/b", "--out", "OUT"), "a/b"},
    {LIST(STUDY, "--deals", "5", "--shard", "1/2/3", "--out", "OUT"), "1/2/3"},
    {LIST(STUDY, "--deals", "5", "--shard", "2", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "5", "--shard", "-1/2", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "3", "--shard", "1/4", "--out", "OUT"), "--shard"},
    /* K/N is two decimal numbers: no blanks or signs (sscanf's %d takes both), and no
     * value wrapped into range (4294967298 is 2 modulo 2^32). */
    {LIST(STUDY, "--deals", "5", "--shard", " 1/2", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "5", "--shard", "1/ 2", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "5", "--shard", "+1/2", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "5", "--shard", "1/4294967298", "--out", "OUT"), "--shard"},
    {LIST(STUDY, "--deals", "5", "--threads", "0", "--out", "OUT"), "--threads"},
    {LIST(STUDY, "--deals", "5", "--threads", "-2", "--out", "OUT"), "--threads"},
    {LIST(STUDY, "--deals", "5", "--out", "/proc/dominolab-test"), "/proc/dominolab-test"},
    {LIST(STUDY, "--deals", "5", "--out", "OUT", "--bogus"), "--bogus"},
    {LIST(STUDY, "--deals", "5", "--out"), "--out"},
    {LIST(STUDY, "--deals", "5", "--out", "OUT", "--resume", "OUT"), "--resume"},
    {LIST(STUDY, "--deals", "5", "--option", "nosuch=1", "--out", "OUT"), "nosuch"},
    {LIST(STUDY, "--deals", "5", "--preset", "double_bergen", "--out", "OUT"), "double_bergen"},
};
#undef STUDY

/* Runs `sim` with `args` (OUT replaced by `out`) and checks the contract of a refused
 * command line: exit 2, one stderr line naming `needle`, nothing on stdout. */
static void expect_sim_refused(const char *const *args, const char *out, const char *needle)
{
    args_t a;
    char line[PATH_SIZE] = "sim";
    size_t used = strlen(line);
    args_start(&a, "sim");
    for (int k = 0; args[k]; k++) {
        args_add(&a, strcmp(args[k], "OUT") ? args[k] : out);
        if (used < sizeof line) used += (size_t)snprintf(line + used, sizeof line - used, " '%s'", a.item[k + 1]);
    }
    capture_t result;
    support_run(cli_sim, a.item, &result);
    int status = result.status;
    bool one_line = support_is_one_line(result.err), quiet = !result.out[0];
    char err[CLI_ERROR_SIZE];
    snprintf(err, sizeof err, "%s", result.err);
    support_capture_free(&result);
    REQUIRE(status == 2, "%s: exit status %d, expected 2 (stderr: %s)", line, status, err);
    REQUIRE(one_line, "%s: stderr is not exactly one line: \"%s\"", line, err);
    REQUIRE(strstr(err, !strcmp(needle, "OUT") ? out : needle), "%s: expected \"%s\" in the message: %s", line, needle,
            err);
    REQUIRE(quiet, "%s: wrote to stdout", line);
}

START_TEST(sim_bad_arguments)
{
    const bad_case_t *c = &bad_cases[_i];
    const char *root = support_scratch("bad");
    char out[PATH_SIZE], names[PATH_SIZE];
    path_join(out, root, "out");
    expect_sim_refused(c->args, out, c->needle);
    int left = entries_of(out, names, sizeof names);
    REQUIRE(left <= 0, "case %d left files in --out: %s", _i, names);
    REQUIRE(support_dir_entries(root, names, sizeof names) <= 1, "case %d left: %s", _i, names);
}
END_TEST

START_TEST(sim_out_under_regular_file)
{
    const char *root = support_scratch("bad");
    char file[PATH_SIZE], out[PATH_SIZE], names[PATH_SIZE];
    path_join(file, root, "file");
    FILE *f = fopen(file, "w");
    REQUIRE(f, "cannot create %s", file);
    fclose(f);
    path_join(out, file, "run");
    expect_sim_refused(
        LIST("--players", "2", "--agents", "greedy,random", "--seed", "1", "--deals", "5", "--out", "OUT"), out, "OUT");
    REQUIRE(support_dir_entries(root, names, sizeof names) == 1, "left: %s", names);
}
END_TEST

START_TEST(sim_resume_empty_directory)
{
    const char *dir = support_scratch("bad");
    char names[PATH_SIZE];
    expect_sim_refused(LIST("--players", "2", "--agents", "greedy,random", "--seed", "1", "--deals", "5", "--threads",
                            "1", "--resume", "OUT"),
                       dir, "OUT");
    REQUIRE(support_dir_entries(dir, names, sizeof names) == 0, "left in the empty directory: %s", names);
}
END_TEST

START_TEST(sim_resume_missing_directory)
{
    const char *root = support_scratch("bad");
    char dir[PATH_SIZE], names[PATH_SIZE];
    path_join(dir, root, "nosuch");
    expect_sim_refused(LIST("--players", "2", "--agents", "greedy,random", "--seed", "1", "--deals", "5", "--threads",
                            "1", "--resume", "OUT"),
                       dir, "OUT");
    REQUIRE(support_dir_entries(root, names, sizeof names) == 0, "left: %s", names);
}
END_TEST

/* A run in DIR of `--deals 20 --seed 7 greedy,random --per-deal`, then `sim` with
 * `args` (on DIR) refused, and every file of DIR unchanged. */
static void expect_refused_on_run(const char *const *args, const char *needle)
{
    const char *dir = support_scratch("run");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 20, 7, false, true, false};
    sim_ok(&s, "--out", dir, NULL);
    snapshot_t before;
    snapshot_take(dir, &before);
    expect_sim_refused(args, dir, needle);
    assert_unchanged(dir, &before);
    snapshot_free(&before);
}

#define ON_RUN "--players", "2", "--threads", "1", "--per-deal"

START_TEST(sim_out_on_existing_run)
{
    expect_refused_on_run(LIST(ON_RUN, "--agents", "greedy,random", "--deals", "20", "--seed", "7", "--out", "OUT"),
                          "--resume");
}
END_TEST

START_TEST(sim_resume_other_seed)
{
    expect_refused_on_run(LIST(ON_RUN, "--agents", "greedy,random", "--deals", "20", "--seed", "8", "--resume", "OUT"),
                          "seed");
}
END_TEST

START_TEST(sim_resume_other_agents)
{
    expect_refused_on_run(LIST(ON_RUN, "--agents", "random,greedy", "--deals", "20", "--seed", "7", "--resume", "OUT"),
                          "agents");
}
END_TEST

START_TEST(sim_resume_other_deals)
{
    expect_refused_on_run(LIST(ON_RUN, "--agents", "greedy,random", "--deals", "21", "--seed", "7", "--resume", "OUT"),
                          "21");
}
END_TEST

START_TEST(sim_resume_other_mode)
{
    expect_refused_on_run(
        LIST(ON_RUN, "--agents", "greedy,random", "--matches", "20", "--seed", "7", "--resume", "OUT"), "matches");
}
END_TEST

START_TEST(sim_resume_other_options)
{
    expect_refused_on_run(LIST(ON_RUN, "--agents", "greedy,random", "--deals", "20", "--seed", "7", "--option",
                               "stock_reserve=0", "--resume", "OUT"),
                          "options");
}
END_TEST

START_TEST(sim_resume_as_shard)
{
    expect_refused_on_run(
        LIST(ON_RUN, "--agents", "greedy,random", "--deals", "20", "--seed", "7", "--shard", "1/2", "--resume", "OUT"),
        "shard");
}
END_TEST

#undef ON_RUN

START_TEST(merge_bad_arguments)
{
    const char *root = support_scratch("bad");
    char out[PATH_SIZE];
    path_join(out, root, "out");
    const char *const *cases[] = {LIST("merge"), LIST("merge", "--out", out), LIST("merge", root),
                                  LIST("merge", "--out", out, "--bogus", root)};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        capture_t result;
        support_run(cli_merge, (char *const *)cases[k], &result);
        int status = result.status;
        bool one_line = support_is_one_line(result.err);
        support_capture_free(&result);
        REQUIRE(status == 2 && one_line, "merge case %zu: exit status %d, one line %d", k, status, one_line);
        REQUIRE(!support_file_exists(out), "merge case %zu created --out", k);
    }
}
END_TEST

/* ---- help ---- */

static void expect_help(int (*command)(int, char **), const char *name, const char *const *needles)
{
    capture_t result;
    support_run(command, (char *[]){(char *)name, "--help", NULL}, &result);
    char usage[64];
    snprintf(usage, sizeof usage, "usage: dominolab %s", name);
    REQUIRE(result.status == 0, "%s --help exited %d", name, result.status);
    REQUIRE(!result.err[0], "%s --help wrote to stderr: %s", name, result.err);
    REQUIRE(!strncmp(result.out, usage, strlen(usage)), "%s --help does not start with \"%s\"", name, usage);
    for (int k = 0; needles[k]; k++)
        REQUIRE(strstr(result.out, needles[k]), "%s --help does not mention %s", name, needles[k]);
    support_capture_free(&result);
}

START_TEST(help_sim)
{
    expect_help(cli_sim, "sim",
                LIST("--game", "--preset", "--option", "--players", "--agents", "--deals", "--matches", "--seed",
                     "--threads", "--out", "--resume", "--no-duplicate", "--per-deal", "--per-seat", "--shard",
                     "--quiet", "summary.csv", "deals.csv", "run.json"));
}
END_TEST

START_TEST(help_merge)
{
    expect_help(cli_merge, "merge", LIST("--out", "--shard"));
}
END_TEST

START_TEST(help_bench)
{
    expect_help(cli_bench, "bench", LIST("--threads", "--quick", "signature", "Partnership"));
}
END_TEST

/* ================================================================== progress */

/* The line progress writes to a file (not a terminal: the plain line) at the end of a run
 * whose totals are `totals`, under `frame` (or none). Owned by the caller. */
static char *progress_line(const sim_totals_t *totals, const progress_frame_t *frame)
{
    static const sim_config_t config = {.agent_count = 2, .agents = {"ext:cmd=./bot", "greedy"}, .sides = 2};
    FILE *out = tmpfile();
    ck_assert_ptr_nonnull(out);
    progress_t progress;
    progress_start(&progress, out, false, 10, 0, "deals", &config, frame);
    progress_finish(&progress, totals);
    long length = ftell(out);
    char *text = calloc((size_t)length + 1, 1);
    ck_assert_ptr_nonnull(text);
    rewind(out);
    ck_assert_int_eq((long)fread(text, 1, (size_t)length, out), length);
    fclose(out);
    return text;
}

static int64_t expected_at_6(void *context)
{
    (void)context;
    return 6;
}

/* A study of three 10-deal runs that may stop early, in the second run after 4 deals: the
 * line counts the first run as played (3 deals), this one to where its rule expects it to
 * end (6), and the third at the share the runs so far played (3 of 10): 3 + 6 + 3 = 12. */
START_TEST(progress_counts_runs_that_stop_early_at_their_expected_end)
{
    sim_totals_t *totals = calloc(1, sizeof *totals);
    ck_assert_ptr_nonnull(totals);
    totals->units = 4;
    progress_frame_t frame = {.before = 3, .total = 23, .run = 2, .runs = 3, .later_seconds = -1,
                              .expected_end = expected_at_6, .later_share = 0.3};
    char *line = progress_line(totals, &frame);
    ck_assert_msg(strstr(line, "progress: run 2/3, 7/~12 deals (58.3%)"), "%s", line);
    free(line);
    frame.later_share = -1; /* no run has stopped yet: the third as this one, 6 of 10 */
    line = progress_line(totals, &frame);
    ck_assert_msg(strstr(line, " 7/~15 deals"), "%s", line);
    free(line);
    /* the last run, stopped: the line ends at what was played, no longer an estimate */
    frame = (progress_frame_t){.before = 9, .total = 19, .run = 3, .runs = 3, .later_seconds = -1,
                               .expected_end = expected_at_6, .later_share = 0.3};
    totals->units = 6;
    line = progress_line(totals, &frame);
    ck_assert_msg(strstr(line, " 15/15 deals (100.0%)"), "%s", line);
    free(line);
    free(totals);
}
END_TEST

static void llr_standings(void *context, const sim_totals_t *totals, char *out, size_t size)
{
    (void)context, (void)totals;
    snprintf(out, size, "LLR 1.00 [-2.94, 2.94]");
}

/* The faults counted so far, every agent's together, end the line; a study's own standings
 * (sprt's LLR) do not hide them; a run without faults says nothing of them. */
START_TEST(progress_shows_the_bot_faults_so_far)
{
    sim_totals_t *totals = calloc(1, sizeof *totals);
    ck_assert_ptr_nonnull(totals);
    totals->units = 1;
    char *line = progress_line(totals, NULL);
    ck_assert_msg(!strstr(line, "fault"), "faults shown without any: %s", line);
    free(line);
    totals->agent[0].illegal_moves = 1;
    totals->agent[1].timeouts = 2;
    line = progress_line(totals, NULL);
    ck_assert_msg(strstr(line, "; 3 bot faults: 1 illegal move, 2 time-outs\n"), "%s", line);
    free(line);
    progress_frame_t frame = {.total = 10, .run = 1, .runs = 1, .later_seconds = -1, .standings = llr_standings};
    totals->agent[0].crashes = 1;
    line = progress_line(totals, &frame);
    ck_assert_msg(strstr(line, "; LLR 1.00 [-2.94, 2.94]; 4 bot faults: 1 illegal move, 2 time-outs, 1 crash\n"),
                  "%s", line);
    free(line);
    free(totals);
}
END_TEST

/* ================================================================== suite */

static TCase *tcase(Suite *suite, const char *name)
{
    TCase *t = tcase_create(name);
    tcase_add_checked_fixture(t, NULL, support_scratch_teardown);
    tcase_set_timeout(t, 600);
    suite_add_tcase(suite, t);
    return t;
}

static Suite *sim_suite(void)
{
    Suite *suite = suite_create("sim");

    TCase *schema = tcase(suite, "schema");
    tcase_add_test(schema, schema_deals_two_players);
    tcase_add_test(schema, schema_deals_three_players);
    tcase_add_test(schema, schema_matches_two_players);
    tcase_add_test(schema, schema_double_bergen_four_players);
    tcase_add_test(schema, schema_no_duplicate_no_extras);
    tcase_add_test(schema, schema_matches_three_players_no_duplicate);
    tcase_add_loop_test(schema, bingo_closes_counted_per_agent, 0, (int)(sizeof CLOSE_RUNS / sizeof CLOSE_RUNS[0]));
    tcase_add_test(schema, each_distinct_game_counted_once);
    tcase_add_test(schema, resume_alone_keeps_swapped_seatings);

    TCase *merge = tcase(suite, "shard and merge");
    tcase_add_test(merge, merge_two_shards_any_order);
    tcase_add_test(merge, merge_two_shards_in_order);
    tcase_add_test(merge, merge_three_shards);
    tcase_add_test(merge, merge_three_shards_double_bergen);
    tcase_add_test(merge, summary_has_team_rows);
    tcase_add_test(merge, merge_refuses_missing_shard);
    tcase_add_test(merge, merge_refuses_missing_first_shard);
    tcase_add_test(merge, merge_refuses_duplicate_shard);
    tcase_add_test(merge, merge_refuses_duplicate_with_complete_set);
    tcase_add_test(merge, merge_refuses_shard_of_other_count);
    tcase_add_test(merge, merge_refuses_incomplete_shard);
    tcase_add_test(merge, merge_refuses_other_study);
    tcase_add_test(merge, merge_refuses_other_study_first);
    tcase_add_test(merge, merge_refuses_missing_directory);
    tcase_add_test(merge, merge_refuses_unsharded_run);
    tcase_add_test(merge, shard_of_the_largest_study);

    TCase *interrupt = tcase(suite, "interrupt and resume");
    tcase_add_test(interrupt, interrupt_sigint_then_resume);
    tcase_add_test(interrupt, interrupt_sigterm_then_resume);
    tcase_add_test(interrupt, crash_sigkill_then_resume);
    tcase_add_test(interrupt, resume_complete_run_changes_nothing);
    tcase_add_test(interrupt, interrupted_study_resumes_alone);
    tcase_add_test(interrupt, study_stopped_before_its_first_run);
    tcase_add_test(interrupt, a_stop_outlives_the_catches_within);

    TCase *stats = tcase(suite, "statistics");
    tcase_add_test(stats, stats_random_vs_random_duplicate);
    tcase_add_test(stats, stats_random_pair_unpaired);
    tcase_add_test(stats, stats_greedy_beats_random);
    tcase_add_test(stats, stats_greedy_beats_random_three_players);

    TCase *repro = tcase(suite, "reproduction");
    tcase_add_test(repro, reproduce_two_players);
    tcase_add_test(repro, reproduce_three_players);
    tcase_add_test(repro, reproduce_double_bergen);
    tcase_add_test(repro, default_seed_is_one);

    TCase *bad = tcase(suite, "bad arguments");
    tcase_add_loop_test(bad, sim_bad_arguments, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(bad, sim_out_under_regular_file);
    tcase_add_test(bad, sim_resume_empty_directory);
    tcase_add_test(bad, sim_resume_missing_directory);
    tcase_add_test(bad, sim_out_on_existing_run);
    tcase_add_test(bad, sim_resume_other_seed);
    tcase_add_test(bad, sim_resume_other_agents);
    tcase_add_test(bad, sim_resume_other_deals);
    tcase_add_test(bad, sim_resume_other_mode);
    tcase_add_test(bad, sim_resume_other_options);
    tcase_add_test(bad, sim_resume_as_shard);
    tcase_add_test(bad, merge_bad_arguments);
    tcase_add_test(bad, help_sim);
    tcase_add_test(bad, help_merge);
    tcase_add_test(bad, help_bench);
    TCase *progress = tcase(suite, "progress");
    tcase_add_test(progress, progress_shows_the_bot_faults_so_far);
    tcase_add_test(progress, progress_counts_runs_that_stop_early_at_their_expected_end);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_sim")) return EXIT_FAILURE; /* outside any test */
    SRunner *runner = srunner_create(sim_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root(); /* what failing tests left */
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
