/* test_analysis.c - reading simulator output back and the reports built on it, against
 * values worked out by hand from small deals.csv files written here.
 *
 *   - csv: quoted fields, errors with file and line;
 *   - outcomes: plays and blocks, the order checks, the pairwise reading of a 4-seat game;
 *   - report_ratings: pairwise.csv of a 3-deal table, every number by hand;
 *   - report_balance: seat shares, the leader's share, balance and the deal bias (ICC) of a
 *     3-deal, 2-replay table by hand;
 *   - report_sprt: the report replays the test block by block and stops where sprt.h says;
 *   - plots: counts and titles by hand; every script's title names the game, players and the
 *     sample counted, the heat map's diagonal is no score (not 0.5), the SPRT key stands
 *     outside the plot (scripts only: test_studies draws them).
 *   - calibration: hand-made candidates whose kinds are listed out of their measured order,
 *     smoothed within each kind only, and levels placed on them by hand.
 *   - bot faults: summary.csv's agent rows summed over runs (team and seat rows, and a
 *     summary.csv written before faults were counted, add none), damaged counts refused, the
 *     words of a note, and the ratings table marking a faulty agent and naming it under.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibration.h"
#include "csv.h"
#include "outcomes.h"
#include "report.h"
#include "sprt.h"
#include "stats.h"
#include "test_support.h"

#define ck_assert_close(a, b) ck_assert_msg(fabs((a) - (b)) < 1e-6, "%s = %.9f, expected %.9f", #a, (double)(a), (double)(b))

enum { PATH_SIZE = 4096 };

static const char header[] = "unit,rotation,seat,agent,team,points,result,pips_left,plies,hands,end,leader,deal_seed\n";

/* Writes header + rows into DIR/NAME; returns the directory (the test's scratch). */
static const char *write_deals(const char *name, const char *rows, char *path)
{
    const char *dir = support_scratch("analysis");
    snprintf(path, PATH_SIZE, "%s/%s", dir, name);
    FILE *out = fopen(path, "w");
    ck_assert_msg(out != NULL, "cannot write %s", path);
    fputs(header, out);
    fputs(rows, out);
    fclose(out);
    return dir;
}

/* One field of row `row` (1 = the first after the header), column `column`, of a CSV file. */
static double csv_value(const char *path, int row, const char *column)
{
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    int index = csv_column(&reader, column, error, sizeof error);
    ck_assert_msg(index >= 0, "%s", error);
    double value = NAN;
    for (int r = 1; r <= row; r++) ck_assert_msg(csv_next(&reader, error, sizeof error) == 1, "row %d: %s", r, error);
    ck_assert_msg(csv_real(&reader, index, &value, error, sizeof error) == 0, "%s", error);
    csv_close(&reader);
    return value;
}

/* ------------------------------------------------------------------ csv */

START_TEST(csv_reads_quoted_fields)
{
    char path[PATH_SIZE];
    const char *dir = support_scratch("analysis");
    snprintf(path, sizeof path, "%s/q.csv", dir);
    ck_assert_msg(support_write_file(path, "a,b,c\n\"pimc:samples=8,rollout=greedy\",\"say \"\"hi\"\"\",\r\n"), "cannot write %s", path);
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
    ck_assert_str_eq(reader.field[0], "pimc:samples=8,rollout=greedy");
    ck_assert_str_eq(reader.field[1], "say \"hi\"");
    ck_assert_str_eq(reader.field[2], "");
    double empty;
    ck_assert_int_eq(csv_real(&reader, 2, &empty, error, sizeof error), 0);
    ck_assert(isnan(empty));
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 0);
    csv_close(&reader);
}
END_TEST

START_TEST(csv_errors_name_file_and_line)
{
    char path[PATH_SIZE];
    const char *dir = support_scratch("analysis");
    snprintf(path, sizeof path, "%s/e.csv", dir);
    ck_assert_msg(support_write_file(path, "a,b\n1,2\n1,2,3\n"), "cannot write %s", path);
    csv_reader_t reader;
    char error[512];
    ck_assert_int_eq(csv_open(&reader, path, error, sizeof error), 0);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
    int64_t value;
    ck_assert_int_eq(csv_int64(&reader, 1, &value, error, sizeof error), 0);
    ck_assert_int_eq(value, 2);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "e.csv:3: 3 fields, but the header has 2"), "%s", error);
    csv_close(&reader);
}
END_TEST

/* ------------------------------------------------------------------ outcomes */

START_TEST(outcomes_reject_rows_out_of_order)
{
    char path[PATH_SIZE];
    write_deals("d.csv",
                "0,0,0,A,0,2,win,0,10,1,domino,0,5\n"
                "0,0,1,B,1,0,loss,7,10,1,domino,0,5\n"
                "0,1,1,B,1,0,loss,7,10,1,domino,0,5\n",
                path);
    outcome_table_t table;
    char error[512];
    ck_assert_int_eq(outcomes_read(path, &table, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "d.csv:4: rows out of order"), "%s", error);
    outcomes_free(&table);
}
END_TEST

/* Each play is checked for missing seats when the next begins, against the seats seen so
 * far: a later play with a seat more used to raise that count after the first play had
 * passed, leaving it a zeroed seat 1 read as agent A (found by tests/fuzz/fuzz_csv). */
START_TEST(outcomes_reject_a_play_with_more_seats_than_the_first)
{
    char path[PATH_SIZE];
    write_deals("d.csv",
                "0,0,0,A,0,6,win,0,7,1,domino,,1\n"
                "1,0,0,A,0,5,draw,0,3,1,domino,,7\n"
                "1,0,1,B,1,5,draw,6,3,1,domino,,7\n",
                path);
    outcome_table_t table;
    char error[512];
    ck_assert_int_eq(outcomes_read(path, &table, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "d.csv:4: more seats than in the first play"), "%s", error);
    outcomes_free(&table);
}
END_TEST

/* Values the table could not keep as read, and seat rows that disagree on their play's own
 * columns, used to be read as something else (found by tests/fuzz/fuzz_csv). */
static const struct damaged_deals {
    const char *rows, *needle;
} damaged_deals[] = {
    {"0,0,0,A,0,2,win,58827,10,1,domino,0,5\n0,0,1,B,1,0,loss,7,10,1,domino,0,5\n",
     "d.csv:2: points, pips_left, plies or hands out of range"},
    {"0,0,0,A,0,3000000000,win,0,10,1,domino,0,5\n0,0,1,B,1,0,loss,7,10,1,domino,0,5\n",
     "d.csv:2: points, pips_left, plies or hands out of range"},
    {"0,0,0,A,0,2,win,0,10,1,domino,0,5\n0,0,1,B,1,0,loss,7,10,1,domino,0,6\n",
     "d.csv:3: the seats of one play disagree"},
    {"0,0,0,A,0,2,win,0,10,1,domino,0,5\n0,0,1,B,1,0,loss,7,10,2,domino,0,5\n",
     "d.csv:3: the seats of one play disagree"},
    {"0,0,0,A,0,2,win,0,10,1,domino,0,5\n0,0,1,B,1,0,loss,7,10,1,blocked,0,5\n",
     "d.csv:3: the seats of one play disagree"},
};

START_TEST(outcomes_reject_values_they_would_change)
{
    char path[PATH_SIZE];
    write_deals("d.csv", damaged_deals[_i].rows, path);
    outcome_table_t table;
    char error[512];
    ck_assert_int_eq(outcomes_read(path, &table, error, sizeof error), -1);
    ck_assert_msg(strstr(error, damaged_deals[_i].needle), "expected \"%s\" in: %s", damaged_deals[_i].needle, error);
    outcomes_free(&table);
}
END_TEST

START_TEST(four_seats_read_as_pairs)
{
    /* A,B,A,B; one unit, one rotation each, three plays as three units.
     * unit 0: seat 2 (A) wins                          -> A beats B: 2
     * unit 1: seats 1 (B) and 2 (A) tie for the best     -> a draw: 1
     * unit 2: a third agent C wins; A's best seat has 3, B's 4 points -> B stands higher: 0 */
    char path[PATH_SIZE];
    write_deals("d.csv",
                "0,0,0,A,0,1,loss,5,20,1,domino,2,1\n0,0,1,B,1,2,loss,5,20,1,domino,2,1\n"
                "0,0,2,A,2,6,win,0,20,1,domino,2,1\n0,0,3,B,3,0,loss,9,20,1,domino,2,1\n"
                "1,0,0,A,0,1,loss,5,20,1,blocked,0,2\n1,0,1,B,1,5,draw,5,20,1,blocked,0,2\n"
                "1,0,2,A,2,5,draw,5,20,1,blocked,0,2\n1,0,3,B,3,0,loss,9,20,1,blocked,0,2\n"
                "2,0,0,A,0,3,loss,5,20,1,domino,1,3\n2,0,1,B,1,4,loss,5,20,1,domino,1,3\n"
                "2,0,2,C,2,8,win,0,20,1,domino,1,3\n2,0,3,B,3,0,loss,9,20,1,domino,1,3\n",
                path);
    outcome_table_t table;
    char error[512];
    ck_assert_msg(outcomes_read(path, &table, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(table.seats, 4);
    ck_assert_int_eq(table.rotations, 1);
    ck_assert_int_eq(table.units, 3);
    ck_assert_int_eq(table.agent_count, 3);
    ck_assert_int_eq(table.end_count, 2);
    int a = outcomes_agent(&table, "A"), b = outcomes_agent(&table, "B");
    ck_assert_int_eq(outcomes_pair_score2(outcomes_block(&table, 0), 4, a, b), 2);
    ck_assert_int_eq(outcomes_pair_score2(outcomes_block(&table, 1), 4, a, b), 1);
    ck_assert_int_eq(outcomes_pair_score2(outcomes_block(&table, 2), 4, a, b), 0);
    ck_assert_int_eq(outcomes_pair_score2(outcomes_block(&table, 0), 4, a, outcomes_agent(&table, "C")), -1);
    ck_assert_int_eq(outcomes_block(&table, 1)->leader, 0);
    outcomes_free(&table);
}
END_TEST

/* ------------------------------------------------------------------ ratings */

/* A against B, 3 deals in duplicate (rotation 1 swaps the seats):
 *   unit 0: A wins, then B wins            block score of A 1/2
 *   unit 1: A wins twice                   1
 *   unit 2: a draw, then B wins            1/4
 * games 6: A 3 wins, 1 draw, B 2 wins; A's score (3 + 1/2) / 6 = 0.583333.
 * Paired: mean of (1/2, 1, 1/4) = 7/12 = 0.583333; sample variance
 * ((1/12)^2 + (5/12)^2 + (4/12)^2) / 2 = 0.145833, se sqrt(0.145833 / 3) = 0.220479; with
 * z = 1.959964: [0.583333 - 0.432131, 0.583333 + 0.432131] = [0.151202, 1.015464] -> 1 at the
 * top; Elo 400 log10(7/5) = 400 x 0.146128036 = 58.451214; the top end's Elo is infinite. */
static const char ab_rows[] = "0,0,0,A,0,4,win,0,20,1,domino,0,11\n0,0,1,B,1,0,loss,8,20,1,domino,0,11\n"
                              "0,1,0,B,0,4,win,0,22,1,domino,0,11\n0,1,1,A,1,0,loss,8,22,1,domino,0,11\n"
                              "1,0,0,A,0,2,win,0,18,1,domino,1,12\n1,0,1,B,1,0,loss,3,18,1,domino,1,12\n"
                              "1,1,0,B,0,0,loss,6,25,1,domino,1,12\n1,1,1,A,1,3,win,0,25,1,domino,1,12\n"
                              "2,0,0,A,0,1,draw,4,30,1,blocked,0,13\n2,0,1,B,1,1,draw,4,30,1,blocked,0,13\n"
                              "2,1,0,B,0,2,win,0,16,1,domino,0,13\n2,1,1,A,1,0,loss,6,16,1,domino,0,13\n";

START_TEST(pairwise_by_hand)
{
    char path[PATH_SIZE], pairwise[PATH_SIZE + 32];
    const char *dir = write_deals("deals.csv", ab_rows, path);
    const char *paths[] = {path}, *agents[] = {"A", "B"};
    report_ratings_settings_t settings = {.bootstrap = 0, .confidence = 0.95, .seed = 1, .anchor = "B",
                                          .advantage = false};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    report_rated_t rated[2];
    char error[512];
    ck_assert_msg(report_ratings(dir, paths, 1, agents, 2, &settings, &plots, NULL, rated, error, sizeof error) == 0,
                  "%s", error);
    snprintf(pairwise, sizeof pairwise, "%s/pairwise.csv", dir);
    ck_assert_close(csv_value(pairwise, 1, "blocks"), 3);
    ck_assert_close(csv_value(pairwise, 1, "games"), 6);
    ck_assert_close(csv_value(pairwise, 1, "a_wins"), 3);
    ck_assert_close(csv_value(pairwise, 1, "draws"), 1);
    ck_assert_close(csv_value(pairwise, 1, "b_wins"), 2);
    ck_assert_close(csv_value(pairwise, 1, "a_score"), 0.583333);
    ck_assert_close(csv_value(pairwise, 1, "paired_score"), 0.583333);
    ck_assert_close(csv_value(pairwise, 1, "paired_score_low"), 0.151202);
    ck_assert_close(csv_value(pairwise, 1, "paired_score_high"), 1.0);
    ck_assert_close(csv_value(pairwise, 1, "elo"), 58.451214);
    ck_assert(isinf(csv_value(pairwise, 1, "elo_high")));
    /* B is the anchor; with one prior draw and no advantage, A's rating is that of
     * 3.5 + 0.5 points in 6 + 1 games: 400 log10(4/3) = 49.978... */
    ck_assert_double_eq(rated[1].elo, 0.0);
    ck_assert_msg(fabs(rated[0].elo - 400 * log10(4.0 / 3.0)) < 1e-6, "A rated %.6f", rated[0].elo);
    char ratings[PATH_SIZE + 32];
    snprintf(ratings, sizeof ratings, "%s/ratings.csv", dir);
    ck_assert_close(csv_value(ratings, 1, "rank"), 1);
    ck_assert_close(csv_value(ratings, 1, "games"), 6);
    ck_assert_close(csv_value(ratings, 1, "draws"), 1);
}
END_TEST

START_TEST(ratings_refuse_an_unknown_agent)
{
    char path[PATH_SIZE];
    const char *dir = write_deals("deals.csv", ab_rows, path);
    const char *paths[] = {path}, *agents[] = {"A", "C"};
    report_ratings_settings_t settings = {.bootstrap = 0, .confidence = 0.95, .seed = 1};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    char error[512];
    ck_assert_int_eq(report_ratings(dir, paths, 1, agents, 2, &settings, &plots, NULL, NULL, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "agent 'B' is not one of the report's agents"), "%s", error);
}
END_TEST

/* ------------------------------------------------------------------ balance */

/* One agent in both seats, 3 deals x 2 replays:
 *   deal 0: seat 0 wins both (leader 0 both)          seat 0 shares 1, 1
 *   deal 1: seat 1 wins, then seat 0 (leader 0 both)  0, 1
 *   deal 2: a draw (leader 0), then seat 1 (leader 1) 1/2, 0
 * Seat 0: 3.5 / 6 = 0.583333, seat 1: 0.416667; balance 1 - 1/6 = 0.833333.
 * Leader: 1, 1, 0, 1, 1/2, 1 -> 4.5 / 6 = 0.75, advantage 0.25; draws 1/6.
 * ICC of seat 0: deal means 1, 1/2, 1/4, grand 7/12; MSB = 2 ((5/12)^2 + (1/12)^2 + (4/12)^2) / 2
 * = 0.291667; MSW = (0 + 1/2 + 1/8) / 3 = 0.208333; ICC = 0.083333 / 0.5 = 1/6, and seat 1's
 * shares are 1 minus seat 0's: the same. Same result in both replays: deal 0 only, 1/3. */
static const char balance_rows[] = "0,0,0,X,0,4,win,0,20,1,domino,0,21\n0,0,1,X,1,0,loss,8,20,1,domino,0,21\n"
                                   "0,1,0,X,0,2,win,0,24,1,domino,0,21\n0,1,1,X,1,0,loss,5,24,1,domino,0,21\n"
                                   "1,0,0,X,0,0,loss,6,18,1,domino,0,22\n1,0,1,X,1,3,win,0,18,1,domino,0,22\n"
                                   "1,1,0,X,0,2,win,0,26,1,domino,0,22\n1,1,1,X,1,0,loss,7,26,1,domino,0,22\n"
                                   "2,0,0,X,0,1,draw,4,30,1,blocked,0,23\n2,0,1,X,1,1,draw,4,30,1,blocked,0,23\n"
                                   "2,1,0,X,0,0,loss,6,16,1,domino,1,23\n2,1,1,X,1,2,win,0,16,1,domino,1,23\n";

START_TEST(balance_by_hand)
{
    char path[PATH_SIZE], file[PATH_SIZE + 32];
    const char *dir = write_deals("deals.csv", balance_rows, path);
    report_variant_t variant = {"as given", path, NULL};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    char error[512];
    ck_assert_msg(report_balance(dir, &variant, 1, 0.95, &plots, NULL, error, sizeof error) == 0, "%s", error);
    snprintf(file, sizeof file, "%s/balance.csv", dir);
    ck_assert_close(csv_value(file, 1, "hands"), 6);
    ck_assert_close(csv_value(file, 1, "hand_balance"), 0.833333);
    ck_assert_close(csv_value(file, 1, "hand_leader_share"), 0.75);
    ck_assert_close(csv_value(file, 1, "hand_leader_advantage"), 0.25);
    ck_assert_close(csv_value(file, 1, "hand_draws"), 1.0 / 6);
    /* Intervals over the 3 deals (z = 1.959964). Draws per deal 0, 0, 1/2: mean 1/6,
     * s^2 = (1/36 + 1/36 + 1/9)/2 = 1/12, SE = sqrt(1/36) = 1/6, z*SE = 0.326661:
     * (-0.159994 -> 0, 0.493327). The leader's share per deal 1, 1/2, 3/4 (deal 2: a two-way
     * tie, then seat 1 led and won): mean 3/4, s^2 = (1/16 + 1/16)/2 = 1/16,
     * SE = sqrt(1/48) = 0.144338, z*SE = 0.282896: (0.467104, 1.032896 -> 1); the advantage
     * is that less 1/2. */
    ck_assert_close(csv_value(file, 1, "hand_draws_low"), 0);
    ck_assert_close(csv_value(file, 1, "hand_draws_high"), 0.493327);
    ck_assert_close(csv_value(file, 1, "hand_leader_low"), 0.467104);
    ck_assert_close(csv_value(file, 1, "hand_leader_high"), 1);
    ck_assert_close(csv_value(file, 1, "hand_leader_advantage_low"), -0.032896);
    ck_assert_close(csv_value(file, 1, "hand_leader_advantage_high"), 0.5);
    double balance_low = csv_value(file, 1, "hand_balance_low"), balance_high = csv_value(file, 1, "hand_balance_high");
    ck_assert_msg(balance_low <= balance_high && balance_high <= 1, "balance interval [%f, %f]", balance_low,
                  balance_high);
    ck_assert_close(csv_value(file, 1, "replays"), 2);
    ck_assert_close(csv_value(file, 1, "deal_bias"), 1.0 / 6);
    ck_assert_close(csv_value(file, 1, "same_result_share"), 1.0 / 3);
    /* Wilson(1 of 3): (2 + 3.841459 -+ 1.959964 sqrt(3.841459 + 4*1*2/3)) / (2 (3 + 3.841459))
     * = (5.841459 -+ 5.000) / 13.682918 -> (0.061490, 0.792340) */
    ck_assert_close(csv_value(file, 1, "same_result_share_low"), 0.0614915);
    ck_assert_close(csv_value(file, 1, "same_result_share_high"), 0.7923403);
    /* points per hand: each side's points once per play: 4+0, 2+0, 0+3, 2+0, 1+1, 0+2 = 15 in
     * 12 -> 1.25 */
    ck_assert_close(csv_value(file, 1, "mean_points_per_hand"), 15.0 / 12);
    ck_assert_close(csv_value(file, 1, "mean_plies_per_hand"), (20 + 24 + 18 + 26 + 30 + 16) / 6.0);
    snprintf(file, sizeof file, "%s/seats.csv", dir);
    ck_assert_close(csv_value(file, 1, "share"), 0.583333);
    ck_assert_close(csv_value(file, 2, "share"), 0.416667);
    ck_assert_close(csv_value(file, 3, "share"), 0.75); /* the leader's row */
    snprintf(file, sizeof file, "%s/ends.csv", dir);
    ck_assert_close(csv_value(file, 1, "count"), 5); /* domino */
    ck_assert_close(csv_value(file, 2, "count"), 1); /* blocked */
}
END_TEST

/* Two variants over the very same deals: the paired bootstrap draws one set of deals for
 * both, so every replicate's difference is 0 and so is its interval; the verdict says no
 * difference can be seen. */
START_TEST(balance_difference_is_paired)
{
    char path[PATH_SIZE], file[PATH_SIZE + 32];
    const char *dir = write_deals("deals.csv", balance_rows, path);
    report_variant_t variants[] = {{"simple", path, NULL}, {"american", path, NULL}};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    char error[512], text[4096] = "";
    FILE *out = fmemopen(text, sizeof text - 1, "w");
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(report_balance(dir, variants, 2, 0.95, &plots, out, error, sizeof error) == 0, "%s", error);
    fclose(out);
    snprintf(file, sizeof file, "%s/balance.csv", dir);
    ck_assert_close(csv_value(file, 2, "hand_balance_vs_first"), 0);
    ck_assert_close(csv_value(file, 2, "hand_balance_vs_first_low"), 0);
    ck_assert_close(csv_value(file, 2, "hand_balance_vs_first_high"), 0);
    ck_assert_msg(strstr(text, "no difference detectable in any of the 4 measures compared with simple"), "%s", text);
}
END_TEST

/* The same deals with every hand two moves longer: every measure is compared with the
 * first variant, each interval at Bonferroni's 1 - 0.05/4; the lengths' differences are
 * paired by deal, so their interval is the exact +2 (independent samples would spread it),
 * and the length is the change the verdict names first, the rest unchanged. */
static const char longer_rows[] = "0,0,0,X,0,4,win,0,22,1,domino,0,21\n0,0,1,X,1,0,loss,8,22,1,domino,0,21\n"
                                   "0,1,0,X,0,2,win,0,26,1,domino,0,21\n0,1,1,X,1,0,loss,5,26,1,domino,0,21\n"
                                   "1,0,0,X,0,0,loss,6,20,1,domino,0,22\n1,0,1,X,1,3,win,0,20,1,domino,0,22\n"
                                   "1,1,0,X,0,2,win,0,28,1,domino,0,22\n1,1,1,X,1,0,loss,7,28,1,domino,0,22\n"
                                   "2,0,0,X,0,1,draw,4,32,1,blocked,0,23\n2,0,1,X,1,1,draw,4,32,1,blocked,0,23\n"
                                   "2,1,0,X,0,0,loss,6,18,1,domino,1,23\n2,1,1,X,1,2,win,0,18,1,domino,1,23\n";

START_TEST(balance_compares_every_measure)
{
    char path[PATH_SIZE], longer[PATH_SIZE], file[PATH_SIZE + 32];
    const char *dir = write_deals("deals.csv", balance_rows, path);
    write_deals("longer.csv", longer_rows, longer);
    report_variant_t variants[] = {{"short", path, NULL}, {"long", longer, NULL}};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    char error[512], text[8192] = "";
    FILE *out = fmemopen(text, sizeof text - 1, "w");
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(report_balance(dir, variants, 2, 0.95, &plots, out, error, sizeof error) == 0, "%s", error);
    fclose(out);
    snprintf(file, sizeof file, "%s/comparisons.csv", dir);
    for (int row = 1; row <= 4; row++) {
        ck_assert_close(csv_value(file, row, "level"), 1 - 0.05 / 4);
        ck_assert_close(csv_value(file, row, "comparisons"), 4);
        ck_assert_close(csv_value(file, row, "detected"), row == 4);
    }
    ck_assert_close(csv_value(file, 2, "value"), 0.25); /* the leader's advantage, as balance.csv's */
    ck_assert_close(csv_value(file, 2, "difference"), 0);
    ck_assert_close(csv_value(file, 4, "value"), 146.0 / 6);
    ck_assert_close(csv_value(file, 4, "against_value"), 134.0 / 6);
    ck_assert_close(csv_value(file, 4, "difference"), 2);
    ck_assert_close(csv_value(file, 4, "difference_low"), 2);
    ck_assert_close(csv_value(file, 4, "difference_high"), 2);
    const char *first = strstr(text, "the largest change: ");
    ck_assert_msg(first && strstr(first, "moves per hand: 24.33 in long against 22.33 in short, a change of +2.00 "
                                         "[+2.00, +2.00]"), "%s", text);
    ck_assert_msg(strstr(text, "4 comparisons, each interval at 98.75% so that together they hold at 95%; 1 detected"),
                  "%s", text);
    /* the table gives the leader's advantage and the draws with their intervals */
    ck_assert_msg(strstr(text, "+25.0% [-3.3, +50.0]"), "%s", text);
}
END_TEST

/* ------------------------------------------------------------------ plots */

START_TEST(plot_text_by_hand)
{
    char text[512];
    plot_sample(text, sizeof text, 10000, 10000, "deal", "a pair");
    ck_assert_str_eq(text, "10,000 deals a pair");
    plot_sample(text, sizeof text, 3000, 1234567, "deal", "a pair");
    ck_assert_str_eq(text, "3,000 to 1,234,567 deals a pair");
    plot_sample(text, sizeof text, 60, 60, "match", NULL);
    ck_assert_str_eq(text, "60 matches");
    plot_sample(text, sizeof text, 1, 1, "match", NULL);
    ck_assert_str_eq(text, "1 match");
    plot_sample(text, sizeof text, 416, 416, "deal block", NULL);
    ck_assert_str_eq(text, "416 deal blocks");
    plot_sample(text, sizeof text, 999, 999, "deal", NULL);
    ck_assert_str_eq(text, "999 deals");
    plot_session_t plots;
    plot_start(&plots, ".", true);
    plot_title(text, sizeof text, &plots, "Ratings", "3 deals");
    ck_assert_str_eq(text, "set title \"Ratings\\n3 deals\"\n"); /* no subject given: the sample alone */
    plot_subject(&plots, "bergen", "bergen_classic", 4, true);
    ck_assert(plots.matches);
    plot_title(text, sizeof text, &plots, "say \"hi\" \\", "10 matches");
    ck_assert_str_eq(text,
                     "set title \"say \\\"hi\\\" \\\\\\nbergen (preset bergen_classic), 4 players, 10 matches\"\n");
    plot_subject(&plots, "double_bergen", NULL, 2, false);
    plot_title(text, sizeof text, &plots, "Ratings", "5 deals");
    ck_assert_str_eq(text, "set title \"Ratings\\ndouble_bergen, 2 players, 5 deals\"\n");
    plot_quote(text, sizeof text, "a\"b");
    ck_assert_str_eq(text, "\"a\\\"b\"");
}
END_TEST

/* DIR/plots/NAME.gp, which must exist. */
static char *read_script(const char *dir, const char *name)
{
    char path[PATH_SIZE + 64];
    snprintf(path, sizeof path, "%s/plots/%s.gp", dir, name);
    char *text = support_read_file(path, NULL);
    ck_assert_msg(text != NULL, "no script %s", path);
    return text;
}

static void expect_in(const char *text, const char *needle, const char *what)
{
    ck_assert_msg(strstr(text, needle) != NULL, "%s lacks \"%s\":\n%s", what, needle, text);
}

/* Scripts written, not drawn: the tests that draw are test_studies'. */
static void start_plots(plot_session_t *plots, const char *dir)
{
    setenv("DOMINOLAB_GNUPLOT", "/nonexistent/gnuplot", 1);
    plot_start(plots, dir, true);
    plot_subject(plots, "bergen", NULL, 2, false);
}

START_TEST(rating_plots_name_what_they_show)
{
    char path[PATH_SIZE], matrix[PATH_SIZE + 32];
    const char *dir = write_deals("deals.csv", ab_rows, path);
    const char *paths[] = {path}, *agents[] = {"A", "B"};
    report_ratings_settings_t settings = {.bootstrap = 0, .confidence = 0.95, .seed = 1, .anchor = "B"};
    plot_session_t plots;
    start_plots(&plots, dir);
    char error[512];
    ck_assert_msg(report_ratings(dir, paths, 1, agents, 2, &settings, &plots, NULL, NULL, error, sizeof error) == 0,
                  "%s", error);
    ck_assert_int_eq(plots.written, 2);
    char *ratings = read_script(dir, "ratings"), *pairwise = read_script(dir, "pairwise");
    /* one pair, 3 deal blocks (ab_rows) */
    expect_in(ratings, "set title \"Ratings with 95% intervals (B = 0)\\nbergen, 2 players, 3 deals\"", "ratings.gp");
    expect_in(ratings, "set xlabel \"Elo relative to B\"", "ratings.gp");
    expect_in(pairwise, "\\nbergen, 2 players, 3 deals\"", "pairwise.gp");
    /* the diagonal: grey boxes where column = row, labelled with a dash */
    expect_in(pairwise, "using ($1 == $2 ? $1 : NaN):2:(0.5):(0.5) with boxxyerror", "pairwise.gp");
    expect_in(pairwise, "$1 == $2 ? \"\u2014\"", "pairwise.gp");
    free(ratings);
    free(pairwise);
    /* and the matrix holds no score there, not an even 0.5: A, B by rank */
    snprintf(matrix, sizeof matrix, "%s/pairwise_matrix.csv", dir);
    char *text = support_read_file(matrix, NULL);
    ck_assert_ptr_nonnull(text);
    ck_assert_str_eq(text, "agent,A,B\nA,NaN,0.583333\nB,0.416667,NaN\n");
    free(text);
}
END_TEST

START_TEST(balance_plots_name_what_they_show)
{
    char path[PATH_SIZE];
    const char *dir = write_deals("deals.csv", balance_rows, path);
    report_variant_t variant = {"as given", path, NULL};
    plot_session_t plots;
    start_plots(&plots, dir);
    char error[512];
    ck_assert_msg(report_balance(dir, &variant, 1, 0.95, &plots, NULL, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(plots.written, 3); /* seats, points_per_hand, plies_per_hand: no matches */
    static const char *const names[] = {"seats", "points_per_hand", "plies_per_hand"};
    for (int k = 0; k < 3; k++) {
        char *script = read_script(dir, names[k]);
        /* 3 deals, each played twice (balance_rows) */
        expect_in(script, "\\nbergen, 2 players, 3 deals (2 plays of each)\"", names[k]);
        expect_in(script, "set key outside", names[k]);
        free(script);
    }
}
END_TEST

/* ------------------------------------------------------------------ sprt */

/* deals.csv rows of `units` two-seat blocks in which agent A wins every game. */
static void a_wins_every_game(int units, char *rows, size_t size)
{
    size_t used = 0;
    rows[0] = '\0';
    for (int unit = 0; unit < units; unit++)
        for (int rotation = 0; rotation < 2; rotation++)
            for (int seat = 0; seat < 2; seat++) {
                bool a = (seat + rotation) % 2 == 0;
                used += (size_t)snprintf(rows + used, size - used, "%d,%d,%d,%s,%d,%d,%s,0,10,1,domino,0,%d\n", unit,
                                         rotation, seat, a ? "A" : "B", seat, a ? 4 : 0, a ? "win" : "loss", unit + 1);
                ck_assert_msg(used < size, "rows too long for their buffer");
            }
}

START_TEST(sprt_report_stops_where_the_test_does)
{
    /* A wins every game of 40 deal blocks: the test must accept H1 at the first block where
     * the LLR reaches the upper bound, and the report must stop there. */
    char rows[40 * 4 * 64], path[PATH_SIZE];
    a_wins_every_game(40, rows, sizeof rows);
    const char *dir = write_deals("deals.csv", rows, path);
    sprt_test_t test;
    char error[512];
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, 0, 50, error, sizeof error), 0);
    sprt_tally_t tally;
    sprt_tally_init(&tally, 2);
    int expected = 0;
    while (expected < 40) {
        sprt_tally_add(&tally, 4);
        expected++;
        if (sprt_decide(&test, sprt_llr(&tally, 0, 50)) != SPRT_CONTINUE) break;
    }
    ck_assert_msg(expected < 40, "the test should decide within 40 blocks");
    plot_session_t plots;
    plot_start(&plots, dir, false);
    report_sprt_result_t result;
    ck_assert_msg(report_sprt(dir, path, "A", "B", &test, &plots, NULL, &result, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(result.verdict, SPRT_ACCEPT_H1);
    ck_assert_int_eq(result.blocks, expected);
    ck_assert_int_eq(result.games, 2 * expected);
    ck_assert_close(result.score, 1.0);
    char file[PATH_SIZE + 32];
    snprintf(file, sizeof file, "%s/sprt.csv", dir);
    ck_assert_close(csv_value(file, 1, "blocks"), expected);
    ck_assert_close(csv_value(file, 1, "llr"), sprt_llr(&tally, 0, 50));
}
END_TEST

START_TEST(sprt_plot_keeps_its_key_off_the_bounds)
{
    /* A wins every game: the test decides after a few blocks of 2 games each */
    char rows[8 * 4 * 64], path[PATH_SIZE];
    a_wins_every_game(8, rows, sizeof rows);
    const char *dir = write_deals("deals.csv", rows, path);
    sprt_test_t test;
    char error[512];
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, 0, 200, error, sizeof error), 0);
    plot_session_t plots;
    start_plots(&plots, dir);
    report_sprt_result_t result;
    ck_assert_msg(report_sprt(dir, path, "A", "B", &test, &plots, NULL, &result, error, sizeof error) == 0, "%s",
                  error);
    ck_assert_int_eq(result.verdict, SPRT_ACCEPT_H1);
    char *script = read_script(dir, "sprt"), expected[128];
    snprintf(expected, sizeof expected, "\\nbergen, 2 players, %lld deal block%s (%lld games)\"",
             (long long)result.blocks, result.blocks == 1 ? "" : "s", (long long)result.games);
    expect_in(script, expected, "sprt.gp");
    expect_in(script, "set key outside below", "sprt.gp");
    ck_assert_msg(!strstr(script, "key bottom") && !strstr(script, "key top") && !strstr(script, "key inside"),
                  "the key may sit inside the plot:\n%s", script);
    free(script);
}
END_TEST

/* ------------------------------------------------------------------ calibration */

/* Seven candidates as calibrate would have measured them: greedy's noisy ladder turned over
 * by noise (-200 measured above -210), and ismcts listed after pimc although it measured
 * weaker (100 and 120 against 150 and 300), as the default ladder does in Double Bergen. */
/* Neighbouring levels by hand, 95% intervals (z = 1.959964) and 3 levels, so each step at
 * 1 - 0.05/2 (z = 2.241403): level 2 at 100 [60, 140] has se 40/1.959964 = 20.40854; from
 * level 1 at 0 exactly the step is 100 +- 2.241403 * 20.40854 = 45.74376: [54.25624,
 * 145.74376], told apart. Level 3 at 120 [90, 150], se 15.30641: the step 20 +- 2.241403 *
 * sqrt(20.40854^2 + 15.30641^2) = 57.17972: [-37.17972, 77.17972], not told apart. */
START_TEST(calibration_steps_by_hand)
{
    report_rated_t measured[] = {{0, 0, 0, 10}, {100, 60, 140, 10}, {120, 90, 150, 10}};
    calibration_step_t steps[3];
    calibration_steps(measured, 3, 0.95, steps);
    ck_assert(isnan(steps[0].step));
    ck_assert_close(steps[1].step, 100);
    ck_assert_msg(fabs(steps[1].low - 54.25624) < 1e-4 && fabs(steps[1].high - 145.74376) < 1e-4, "[%f, %f]",
                  steps[1].low, steps[1].high);
    ck_assert(steps[1].distinct);
    ck_assert_close(steps[2].step, 20);
    ck_assert_msg(fabs(steps[2].low + 37.17972) < 1e-4 && fabs(steps[2].high - 77.17972) < 1e-4, "[%f, %f]",
                  steps[2].low, steps[2].high);
    ck_assert(!steps[2].distinct);
}
END_TEST

static const char *const calibration_specs[] = {"greedy:noise=1", "greedy:noise=0.5", "greedy",
                                                "pimc:samples=8", "pimc",             "ismcts:iterations=1000",
                                                "ismcts:iterations=2000"};
static const char *const calibration_kinds[] = {"greedy", "greedy", "greedy", "pimc", "pimc", "ismcts", "ismcts"};
static const double calibration_elo[] = {-200, -210, 0, 150, 300, 100, 120};
enum { CALIBRATION_CANDIDATES = 7 };

/* A stand-in for agent_spec_between: "a|b@share" inside, a or b at the ends; ismcts specs
 * do not blend (as two specs that differ in more than one parameter). */
static int blend(const char *a, const char *b, double share, char *out, size_t size)
{
    if (!strncmp(a, "ismcts", 6)) return -1;
    if (share <= 0) snprintf(out, size, "%s", a);
    else if (share >= 1) snprintf(out, size, "%s", b);
    else snprintf(out, size, "%s|%s@%.2f", a, b, share);
    return 0;
}

static void place(int levels, double spacing, calibration_placement_t *out)
{
    static report_rated_t rated[CALIBRATION_CANDIDATES];
    for (int k = 0; k < CALIBRATION_CANDIDATES; k++) /* se 10 each; the reference exactly 0 */
        rated[k] = k == 2 ? (report_rated_t){.elo = 0}
                          : (report_rated_t){.elo = calibration_elo[k], .low = calibration_elo[k] - 19.6,
                                             .high = calibration_elo[k] + 19.6};
    calibration_candidates_t candidates = {calibration_specs, calibration_kinds, rated, CALIBRATION_CANDIDATES};
    memset(out, 0, sizeof *out);
    calibration_place(&candidates, levels, spacing, blend, out);
}

START_TEST(calibration_orders_kinds_by_measurement)
{
    calibration_placement_t p;
    place(4, 0, &p);
    /* smoothed within a kind only: greedy's two noisy ones pooled, pimc and ismcts untouched */
    static const double fitted[] = {-205, -205, 0, 150, 300, 100, 120};
    for (int k = 0; k < CALIBRATION_CANDIDATES; k++) ck_assert_close(p.fitted[k], fitted[k]);
    /* four levels spread from -205 to 300: 505 / 3 apart */
    ck_assert_int_eq(p.levels, 4);
    ck_assert(!p.shrunk);
    ck_assert_close(p.spacing, 505.0 / 3);
    ck_assert_close(p.target[0], -205);
    ck_assert_close(p.target[3], 300);
    /* level 1: the bottom of greedy's ladder (its pooled pair's upper neighbour, at share 0) */
    ck_assert_str_eq(p.spec[0], "greedy:noise=0.5");
    /* level 2: -36.7 lies between greedy:noise=0.5 and greedy, 168.3 / 205 of the way */
    ck_assert_str_eq(p.spec[1], "greedy:noise=0.5|greedy@0.82");
    /* level 3: 131.7 is in no ladder; the nearest candidate is ismcts at 120 (pimc:samples=8 is 18.3 away) */
    ck_assert_str_eq(p.spec[2], "ismcts:iterations=2000");
    /* level 4: the strongest measured, pimc, although ismcts was listed after it */
    ck_assert_str_eq(p.spec[3], "pimc");
}
END_TEST

START_TEST(calibration_spacing_and_unblended_neighbours)
{
    calibration_placement_t p;
    /* 2 levels 315 apart: the second at 110, between ismcts's two (which do not blend) and
     * 10 from each: the first listed of the two nearest */
    place(2, 315, &p);
    ck_assert(!p.shrunk);
    ck_assert_close(p.target[1], 110);
    ck_assert_str_eq(p.spec[1], "ismcts:iterations=1000");
    /* 4 levels 200 apart need 600 Elo: the candidates span 505, so the spacing shrinks */
    place(4, 200, &p);
    ck_assert(p.shrunk);
    ck_assert_close(p.spacing, 505.0 / 3);
    ck_assert_str_eq(p.spec[3], "pimc");
    /* 4 levels 100 apart fit: the top one at 95, nearest ismcts:iterations=1000 */
    place(4, 100, &p);
    ck_assert(!p.shrunk);
    ck_assert_close(p.target[3], 95);
    ck_assert_str_eq(p.spec[3], "ismcts:iterations=1000");
}
END_TEST

/* Where a level stands on a blend across a gap wider than a level step, that blend is the
 * candidate to measure, placed after the lower neighbour; a blend at a bracket's end is a
 * candidate already, and a level off every ladder asks for none. */
START_TEST(calibration_refines_wide_brackets)
{
    static report_rated_t rated[CALIBRATION_CANDIDATES];
    for (int k = 0; k < CALIBRATION_CANDIDATES; k++)
        rated[k] = k == 2 ? (report_rated_t){.elo = 0}
                          : (report_rated_t){.elo = calibration_elo[k], .low = calibration_elo[k] - 19.6,
                                             .high = calibration_elo[k] + 19.6};
    calibration_candidates_t candidates = {calibration_specs, calibration_kinds, rated, CALIBRATION_CANDIDATES};
    calibration_placement_t p;
    calibration_refinement_t more;
    /* 4 levels 168.3 apart: level 2 (-36.7) blends greedy:noise=0.5 (-205) and greedy (0), 205 apart */
    place(4, 0, &p);
    ck_assert_int_eq(calibration_refine(&candidates, &p, blend, &more, 10), 1);
    ck_assert_str_eq(more.spec[0], "greedy:noise=0.5|greedy@0.82");
    ck_assert_int_eq(more.after[0], 1);
    /* 100 apart: levels 2 and 3 (-105, -5) both blend across that 205 */
    place(4, 100, &p);
    ck_assert_int_eq(calibration_refine(&candidates, &p, blend, &more, 10), 2);
    ck_assert_str_eq(more.spec[0], "greedy:noise=0.5|greedy@0.49");
    ck_assert_str_eq(more.spec[1], "greedy:noise=0.5|greedy@0.98");
    ck_assert_int_eq(calibration_refine(&candidates, &p, blend, &more, 1), 1); /* no more than asked */
    /* 2 levels 505 apart: each stands on a candidate */
    place(2, 0, &p);
    ck_assert_int_eq(calibration_refine(&candidates, &p, blend, &more, 10), 0);
    /* a bracket no wider than the step is left alone: 3 levels 250 apart put level 3 (295)
     * on a blend of pimc's two, 150 apart */
    place(3, 250, &p);
    ck_assert_str_eq(p.spec[2], "pimc:samples=8|pimc@0.97");
    ck_assert_int_eq(calibration_refine(&candidates, &p, blend, &more, 10), 0);
}
END_TEST

START_TEST(calibration_candidates_file_ranks_by_measurement)
{
    calibration_placement_t p;
    place(3, 0, &p);
    static report_rated_t rated[CALIBRATION_CANDIDATES];
    for (int k = 0; k < CALIBRATION_CANDIDATES; k++) rated[k] = (report_rated_t){.elo = calibration_elo[k]};
    calibration_candidates_t candidates = {calibration_specs, calibration_kinds, rated, CALIBRATION_CANDIDATES};
    const char *dir = support_scratch("calibration");
    char error[512], path[PATH_SIZE];
    ck_assert_msg(calibration_write_candidates(dir, &candidates, &p, error, sizeof error) == 0, "%s", error);
    snprintf(path, sizeof path, "%s/candidates.csv", dir);
    static const double rank[] = {1, 1, 3, 6, 7, 4, 5};
    for (int k = 0; k < CALIBRATION_CANDIDATES; k++) {
        ck_assert_close(csv_value(path, k + 1, "rank"), rank[k]);
        ck_assert_close(csv_value(path, k + 1, "smoothed_elo"), p.fitted[k]);
    }
}
END_TEST

/* ------------------------------------------------------------------ bot faults */

static const char summary_header[] =
    "scope,agent,seat,games,wins,draws,losses,score,score_low,score_high,share,share_low,share_high,"
    "mean_points_per_hand,se_points_per_hand,mean_points_per_match,se_points_per_match,mean_margin,se_margin,blocks,"
    "elo,elo_low,elo_high,closes,failed_closes,failed_close_rate,illegal_moves,timeouts,crashes\n";
/* The columns between agent and the faults, as a row of summary.csv holds them. */
#define SUMMARY_MIDDLE "4,2,0,2,0.5,0.1,0.9,0.5,0.1,0.9,3.0,0.5,,,0.0,1.0,2,0.0,-100.0,100.0,0,0,"

/* DIR/summary.csv holding `text`; returns DIR (a fresh scratch directory). */
static const char *write_summary(const char *text)
{
    const char *dir = support_scratch("faults");
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    ck_assert_msg(support_write_file(path, text), "cannot write %s", path);
    return dir;
}

/* Two runs: the bot faults in both (a quoted spec, as summary.csv quotes a comma), greedy
 * in neither; the team and seat rows repeat the bot's faults and must not count twice. */
START_TEST(faults_are_summed_over_runs_from_agent_rows)
{
    char first[8192], second[8192], error[512];
    snprintf(first, sizeof first,
             "%sagent,\"ext:cmd=./bot,fallback=greedy\",," SUMMARY_MIDDLE ",2,1,0\n"
             "agent,greedy,," SUMMARY_MIDDLE ",0,0,0\n"
             "team,\"ext:cmd=./bot,fallback=greedy+greedy\",," SUMMARY_MIDDLE ",2,1,0\n"
             "seat,\"ext:cmd=./bot,fallback=greedy\",0," SUMMARY_MIDDLE ",2,1,0\n",
             summary_header);
    snprintf(second, sizeof second, "%sagent,\"ext:cmd=./bot,fallback=greedy\",," SUMMARY_MIDDLE ",0,0,40\n",
             summary_header);
    report_faults_t *faults = calloc(1, sizeof *faults);
    ck_assert_ptr_nonnull(faults);
    ck_assert_msg(report_faults_read_run(faults, write_summary(first), error, sizeof error) == 0, "%s", error);
    ck_assert_msg(report_faults_read_run(faults, write_summary(second), error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(faults->count, 1);
    const report_fault_t *bot = report_faults_find(faults, "ext:cmd=./bot,fallback=greedy");
    ck_assert_ptr_nonnull(bot);
    ck_assert_int_eq(bot->illegal_moves, 2);
    ck_assert_int_eq(bot->timeouts, 1);
    ck_assert_int_eq(bot->crashes, 40);
    ck_assert_int_eq(bot->runs, 2);
    ck_assert_ptr_null(report_faults_find(faults, "greedy"));
    char note[1024], sentence[2048];
    report_fault_note(bot, note, sizeof note);
    ck_assert_str_eq(note, "ext:cmd=./bot,fallback=greedy faulted: 2 illegal moves, 1 time-out, 40 crashes; its "
                           "fallback played for it");
    report_faults_sentence(faults, sentence, sizeof sentence);
    ck_assert_str_eq(sentence, note);
    free(faults);
}
END_TEST

/* A bot whose faults forfeit its matches (on_fault=forfeit) is not said to have had its
 * fallback play for it; a spec that only mentions the words elsewhere is. */
START_TEST(fault_note_of_a_bot_that_forfeits)
{
    report_fault_t bot = {.agent = "ext:cmd=./bot,on_fault=forfeit", .crashes = 3, .runs = 1};
    char note[1024];
    report_fault_note(&bot, note, sizeof note);
    ck_assert_str_eq(note, "ext:cmd=./bot,on_fault=forfeit faulted: 3 crashes; each match it faulted in was forfeited");
    snprintf(bot.agent, sizeof bot.agent, "ext:cmd=./bot --x ,on_fault=forfeitish,on_fault=fallback");
    report_fault_note(&bot, note, sizeof note);
    ck_assert_msg(strstr(note, "; its fallback played for it"), "%s", note);
}
END_TEST

/* A summary.csv written before faults were counted has no fault columns: read, with none. */
START_TEST(faults_of_a_run_made_before_they_were_counted)
{
    char text[4096], error[512];
    int cut = (int)(strlen(summary_header) - strlen(",illegal_moves,timeouts,crashes\n"));
    snprintf(text, sizeof text, "%.*s\nagent,ext:cmd=./bot,," SUMMARY_MIDDLE "\n", cut, summary_header);
    report_faults_t *faults = calloc(1, sizeof *faults);
    ck_assert_ptr_nonnull(faults);
    ck_assert_msg(report_faults_read_run(faults, write_summary(text), error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(faults->count, 0);
    free(faults);
}
END_TEST

/* A count that is not a whole number >= 0 and a missing summary.csv are refused, naming the file. */
START_TEST(damaged_fault_counts_are_refused)
{
    char text[4096], error[512] = "";
    snprintf(text, sizeof text, "%sagent,ext:cmd=./bot,," SUMMARY_MIDDLE ",-3,0,0\n", summary_header);
    report_faults_t *faults = calloc(1, sizeof *faults);
    ck_assert_ptr_nonnull(faults);
    ck_assert_int_eq(report_faults_read_run(faults, write_summary(text), error, sizeof error), -1);
    ck_assert_msg(strstr(error, "summary.csv:2: column illegal_moves"), "%s", error);
    const char *empty = support_scratch("no-summary");
    ck_assert_int_eq(report_faults_read_run(faults, empty, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "summary.csv"), "%s", error);
    free(faults);
}
END_TEST

/* Only the kinds counted, singular or plural. */
START_TEST(fault_words)
{
    char words[256];
    report_fault_words(1, 0, 2, words, sizeof words);
    ck_assert_str_eq(words, "1 illegal move, 2 crashes");
    report_fault_words(0, 3, 1, words, sizeof words);
    ck_assert_str_eq(words, "3 time-outs, 1 crash");
    report_fault_words(0, 0, 0, words, sizeof words);
    ck_assert_str_eq(words, "");
}
END_TEST

/* The printed ratings table marks the faulty agent's row and names it in full under the
 * table; the other agent's row is unmarked. */
START_TEST(ratings_table_marks_a_faulty_agent)
{
    char path[PATH_SIZE], error[512];
    const char *dir = write_deals("deals.csv", ab_rows, path);
    const char *paths[] = {path}, *agents[] = {"A", "B"};
    report_ratings_settings_t settings = {.bootstrap = 0, .confidence = 0.95, .seed = 1, .anchor = "B"};
    report_faults_t *faults = calloc(1, sizeof *faults);
    ck_assert_ptr_nonnull(faults);
    faults->count = 1;
    faults->agent[0] = (report_fault_t){.agent = "A", .crashes = 40, .runs = 1};
    plot_session_t plots;
    plot_start(&plots, dir, false);
    char *text = NULL;
    size_t length = 0;
    FILE *out = open_memstream(&text, &length);
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(report_ratings_noting_faults(dir, paths, 1, agents, 2, &settings, faults, &plots, out, NULL, error,
                                               sizeof error) == 0,
                  "%s", error);
    fclose(out);
    const char *row_a = strstr(text, "\n   1  A "), *row_b = strstr(text, "\n   2  B ");
    ck_assert_msg(row_a && row_b, "no rows for A and B:\n%s", text);
    ck_assert_msg(strstr(row_a, "! faulted\n") == strchr(row_a + 1, '\n') - strlen("! faulted"),
                  "A's row is not marked:\n%s", text);
    char line_b[256];
    snprintf(line_b, sizeof line_b, "%.*s", (int)(strchr(row_b + 1, '\n') - row_b), row_b);
    ck_assert_msg(!strstr(line_b, "faulted"), "B's row is marked:\n%s", text);
    ck_assert_msg(strstr(text, "\n! A faulted: 40 crashes; its fallback played for it\n"), "no note:\n%s", text);
    free(text);
    free(faults);
}
END_TEST

static Suite *analysis_suite(void)
{
    Suite *suite = suite_create("analysis");
    TCase *files = tcase_create("files");
    tcase_add_checked_fixture(files, NULL, support_scratch_teardown);
    tcase_add_test(files, csv_reads_quoted_fields);
    tcase_add_test(files, csv_errors_name_file_and_line);
    tcase_add_test(files, outcomes_reject_rows_out_of_order);
    tcase_add_test(files, outcomes_reject_a_play_with_more_seats_than_the_first);
    tcase_add_loop_test(files, outcomes_reject_values_they_would_change, 0,
                        sizeof damaged_deals / sizeof damaged_deals[0]);
    tcase_add_test(files, four_seats_read_as_pairs);
    suite_add_tcase(suite, files);
    TCase *reports = tcase_create("reports");
    tcase_add_checked_fixture(reports, NULL, support_scratch_teardown);
    tcase_add_test(reports, pairwise_by_hand);
    tcase_add_test(reports, ratings_refuse_an_unknown_agent);
    tcase_add_test(reports, balance_by_hand);
    tcase_add_test(reports, balance_difference_is_paired);
    tcase_add_test(reports, balance_compares_every_measure);
    tcase_add_test(reports, sprt_report_stops_where_the_test_does);
    tcase_add_test(reports, plot_text_by_hand);
    tcase_add_test(reports, rating_plots_name_what_they_show);
    tcase_add_test(reports, balance_plots_name_what_they_show);
    tcase_add_test(reports, sprt_plot_keeps_its_key_off_the_bounds);
    suite_add_tcase(suite, reports);
    TCase *calibration = tcase_create("calibration");
    tcase_add_checked_fixture(calibration, NULL, support_scratch_teardown);
    tcase_add_test(calibration, calibration_orders_kinds_by_measurement);
    tcase_add_test(calibration, calibration_steps_by_hand);
    tcase_add_test(calibration, calibration_spacing_and_unblended_neighbours);
    tcase_add_test(calibration, calibration_candidates_file_ranks_by_measurement);
    tcase_add_test(calibration, calibration_refines_wide_brackets);
    suite_add_tcase(suite, calibration);
    TCase *faults = tcase_create("bot faults");
    tcase_add_checked_fixture(faults, NULL, support_scratch_teardown);
    tcase_add_test(faults, faults_are_summed_over_runs_from_agent_rows);
    tcase_add_test(faults, faults_of_a_run_made_before_they_were_counted);
    tcase_add_test(faults, fault_note_of_a_bot_that_forfeits);
    tcase_add_test(faults, damaged_fault_counts_are_refused);
    tcase_add_test(faults, fault_words);
    tcase_add_test(faults, ratings_table_marks_a_faulty_agent);
    suite_add_tcase(suite, faults);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_analysis")) return EXIT_FAILURE;
    SRunner *runner = srunner_create(analysis_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
