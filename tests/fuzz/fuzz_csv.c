/* fuzz_csv.c - libFuzzer harness for the CSV readers of analysis/: csv.h (open, rows,
 * columns by name, every field through every conversion) and outcomes.h (the bytes as a
 * deals.csv, then the comparisons the reports make on the table read).
 *
 * Checked promises besides the sanitizers: a refused file has a message naming it; rows
 * read have the header's field count; a table read is complete (units x rotations plays,
 * a row for every seat of each, every index in range), as outcomes.h promises, and keeps
 * every value of its rows as csv.h reads them.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "fuzz_support.h"
#include "outcomes.h"

static const char csv_name[] = "fuzz-deals.csv";

/* Columns the reports look up by name, plus one no file has. */
static const char *const looked_up_columns[] = {"unit", "agent", "points", "deal_seed", "win_rate", "no such column"};

static void convert_every_field(const csv_reader_t *reader)
{
    char error[1024];
    for (int k = 0; k < reader->count; k++) {
        int64_t whole;
        uint64_t natural;
        double real;
        if (csv_int64(reader, k, &whole, error, sizeof error))
            fuzz_require(fuzz_error_names(error, csv_name), "a field error names the file");
        if (csv_uint64(reader, k, &natural, error, sizeof error))
            fuzz_require(fuzz_error_names(error, csv_name), "a field error names the file");
        if (csv_real(reader, k, &real, error, sizeof error))
            fuzz_require(fuzz_error_names(error, csv_name), "a field error names the file");
    }
}

/* Returns the number of rows when every line reads as CSV, else -1. */
static long read_as_csv(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stream(data, size);
    if (!in) return -1;
    csv_reader_t *reader = malloc(sizeof *reader); /* 32 kB: kept off the stack */
    if (!reader) {
        fclose(in);
        return -1;
    }
    long rows = -1;
    char error[1024];
    if (csv_open_stream(reader, in, csv_name, error, sizeof error) == 0) {
        fuzz_require(reader->columns >= 1 && reader->columns <= CSV_MAX_FIELDS, "a header has 1..64 columns");
        for (size_t c = 0; c < sizeof looked_up_columns / sizeof looked_up_columns[0]; c++)
            if (csv_column(reader, looked_up_columns[c], error, sizeof error) < 0)
                fuzz_require(fuzz_error_names(error, csv_name), "a missing column's message names the file");
        int got;
        long read = 0;
        while ((got = csv_next(reader, error, sizeof error)) == 1) {
            fuzz_require(reader->count == reader->columns, "a row has the header's field count");
            convert_every_field(reader);
            read++;
        }
        fuzz_require(got == 0 || fuzz_error_names(error, csv_name), "a bad row's message names the file");
        if (got == 0) rows = read;
        csv_close(reader);
    } else {
        fuzz_require(fuzz_error_names(error, csv_name), "a refused CSV file has a message naming it");
    }
    free(reader);
    fclose(in);
    return rows;
}

/* `rows`: what csv.h read in the same bytes, one row per seat of every play. */
static void check_table(const outcome_table_t *table, long rows)
{
    fuzz_require(table->seats >= 1 && table->seats <= OUTCOMES_MAX_SEATS, "a table has 1..8 seats");
    fuzz_require(table->sides >= 1 && table->sides <= OUTCOMES_MAX_SEATS, "a table has 1..8 sides");
    fuzz_require(table->rotations >= 1 && table->rotations <= OUTCOMES_MAX_SEATS, "a table has 1..8 rotations");
    fuzz_require(table->units >= 1 && table->count == (size_t)table->units * (size_t)table->rotations,
                 "a table holds units x rotations plays");
    fuzz_require(rows == (long)table->count * table->seats, "every play of a table read has a row for every seat");
    for (size_t p = 0; p < table->count; p++) {
        const outcome_play_t *play = &table->plays[p];
        fuzz_require(play->end >= 0 && play->end < table->end_count, "a play's end names one of the table's");
        fuzz_require(play->leader >= -1 && play->leader < OUTCOMES_MAX_SEATS, "a play's leader is -1 or a seat");
        for (int s = 0; s < table->seats; s++) {
            const outcome_seat_t *seat = &play->seat[s];
            fuzz_require(seat->agent >= 0 && seat->agent < table->agent_count, "a seat's agent is in the table");
            fuzz_require(seat->team >= 0 && seat->team < table->sides, "a seat's team is one of the sides");
            fuzz_require(seat->result >= OUTCOME_LOSS && seat->result <= OUTCOME_WIN, "a seat's result is known");
        }
    }
}

/* The columns of deals.csv, as outcomes.c reads them. */
enum { D_UNIT, D_ROTATION, D_SEAT, D_AGENT, D_TEAM, D_POINTS, D_RESULT, D_PIPS, D_PLIES, D_HANDS, D_END, D_LEADER,
       D_SEED, DEALS_COLUMNS };
static const char *const deals_columns[DEALS_COLUMNS] = {"unit",      "rotation", "seat",  "agent", "team",
                                                         "points",    "result",   "pips_left", "plies", "hands",
                                                         "end",       "leader",   "deal_seed"};

static int64_t whole_field(const csv_reader_t *reader, const int *column, int which)
{
    int64_t value = -1;
    char error[1024];
    if (which == D_LEADER && reader->field[column[which]][0] == '\0') return -1; /* no leader */
    fuzz_require(csv_int64(reader, column[which], &value, error, sizeof error) == 0,
                 "a field outcomes_read took is a whole number");
    return value;
}

/* Every row of an accepted deals.csv, read again with csv.h, holds the values the table
 * keeps for its play and seat: a value cut to fit a narrower field is a wrong table. */
static void compare_rows(const uint8_t *data, size_t size, const outcome_table_t *table)
{
    FILE *in = fuzz_stream(data, size);
    csv_reader_t *reader = malloc(sizeof *reader);
    if (!in || !reader) {
        if (in) fclose(in);
        free(reader);
        return;
    }
    char error[1024];
    fuzz_require(csv_open_stream(reader, in, csv_name, error, sizeof error) == 0, "a table read opens as CSV");
    int column[DEALS_COLUMNS];
    for (int k = 0; k < DEALS_COLUMNS; k++) {
        column[k] = csv_column(reader, deals_columns[k], error, sizeof error);
        fuzz_require(column[k] >= 0, "a table read has every deals.csv column");
    }
    static const char *const result_names[] = {"loss", "draw", "win"};
    for (size_t row = 0; csv_next(reader, error, sizeof error) == 1; row++) {
        const outcome_play_t *play = &table->plays[row / (size_t)table->seats];
        const outcome_seat_t *seat = &play->seat[row % (size_t)table->seats];
        uint64_t seed = 0;
        fuzz_require(csv_uint64(reader, column[D_SEED], &seed, error, sizeof error) == 0 && seed == play->deal_seed,
                     "a play keeps its deal_seed");
        fuzz_require(whole_field(reader, column, D_UNIT) == play->unit, "a play keeps its unit");
        fuzz_require(whole_field(reader, column, D_ROTATION) == play->rotation, "a play keeps its rotation");
        fuzz_require(whole_field(reader, column, D_LEADER) == play->leader, "a play keeps its leader");
        fuzz_require(whole_field(reader, column, D_PLIES) == play->plies, "a play keeps its plies");
        fuzz_require(whole_field(reader, column, D_HANDS) == play->hands, "a play keeps its hands");
        fuzz_require(!strcmp(reader->field[column[D_END]], table->end[play->end]), "a play keeps its end");
        fuzz_require(whole_field(reader, column, D_SEAT) == (int64_t)(row % (size_t)table->seats),
                     "rows come seat by seat");
        fuzz_require(whole_field(reader, column, D_TEAM) == seat->team, "a seat keeps its team");
        fuzz_require(whole_field(reader, column, D_POINTS) == seat->points, "a seat keeps its points");
        fuzz_require(whole_field(reader, column, D_PIPS) == seat->pips_left, "a seat keeps its pips_left");
        fuzz_require(!strcmp(reader->field[column[D_AGENT]], table->agent[seat->agent]), "a seat keeps its agent");
        fuzz_require(!strcmp(reader->field[column[D_RESULT]], result_names[seat->result]), "a seat keeps its result");
    }
    csv_close(reader);
    free(reader);
    fclose(in);
}

/* The reports compare agents block by block. Each agent meets the next one only: every
 * pair would cost agents^2 x plays per input and slow the fuzzer for no new path. */
static void compare_agents(const outcome_table_t *table)
{
    for (int a = 0; a < table->agent_count; a++) {
        int b = (a + 1) % table->agent_count;
        fuzz_require(outcomes_agent(table, table->agent[a]) == a, "outcomes_agent finds every agent");
        for (int64_t block = 0; block < table->units; block++) {
            int score2 = outcomes_block_score2(table, block, a, b);
            fuzz_require(score2 >= -1 && score2 <= 2 * table->rotations, "a block's score is -1 or 0..2 per play");
        }
    }
}

static void read_as_deals(const uint8_t *data, size_t size, long rows)
{
    FILE *in = fuzz_stream(data, size);
    if (!in) return;
    outcome_table_t *table = malloc(sizeof *table); /* 17 kB of agent names: kept off the stack */
    if (!table) {
        fclose(in);
        return;
    }
    char error[1024];
    if (outcomes_read_stream(in, csv_name, table, error, sizeof error) == 0) {
        check_table(table, rows);
        compare_rows(data, size, table);
        compare_agents(table);
    } else {
        fuzz_require(fuzz_error_names(error, csv_name), "a refused deals.csv has a message naming it");
    }
    outcomes_free(table);
    free(table);
    fclose(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    long rows = read_as_csv(data, size);
    read_as_deals(data, size, rows);
    return 0;
}
