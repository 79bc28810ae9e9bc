/* test_records_every_preset.c - the proof at scale that the records agree with the rules:
 *   - every preset of every game (the Bergen family at 2, 3 and 4 players, and Bingo under
 *     every option value) played by `sim --records` with mixed agents (random, greedy,
 *     heuristic, pimc), each record replayed by `replay`: every one agrees, the features
 *     each configuration is there to show appear, and the counts per preset are printed;
 *   - the records written by hand from the specification's vectors, not by the engine
 *     (tests/records/handmade/): those of each game agree, and those of refused/ are
 *     refused with the exit status, at the line and with the word expected.tsv gives.
 * The sim records are left in DOMINOLAB_RECORDS_DIR, where test_outside_checker reads them
 * with the checkers written from the specification alone (tests/checker/).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "commands.h"
#include "records/replay.h"
#include "sim_fixture.h"

#ifndef DOMINOLAB_RECORDS_DIR
#error "tests/CMakeLists.txt defines DOMINOLAB_RECORDS_DIR"
#endif
#ifndef DOMINOLAB_SOURCE_DIR
#error "tests/CMakeLists.txt defines DOMINOLAB_SOURCE_DIR"
#endif

enum { ERROR_SIZE = 1024, MATCHES = 40 };

typedef struct preset_run {
    const char *name; /* the run's directory */
    const char *game, *preset, *players, *agents;
    const char *options[6]; /* "key=value", NULL-terminated */
    const char *must_show;  /* text some record of the run holds (its variant is exercised) */
} preset_run_t;

#define PAIR_A "random,pimc:samples=8"
#define PAIR_B "greedy,heuristic"
#define TRIO "greedy,heuristic,pimc:samples=8"
#define FOUR "random,greedy,heuristic,pimc:samples=8"

static const preset_run_t runs[] = {
    {"bergen-2a", "bergen", "bergen", "2", PAIR_A, {NULL}, "\"reason\":\"domino\""},
    {"bergen-2b", "bergen", "bergen", "2", PAIR_B, {NULL}, "\"reason\":\"target_reached\""},
    {"bergen-3", "bergen", "bergen", "3", TRIO, {NULL}, NULL},
    {"bergen-4", "bergen", "bergen", "4", FOUR, {NULL}, "\"reason\":\"block\""},
    {"bergen_classic-2a", "bergen", "bergen_classic", "2", PAIR_A, {NULL}, "\"reason\":\"lightest_hand\""},
    {"bergen_classic-2b", "bergen", "bergen_classic", "2", PAIR_B, {NULL}, NULL},
    {"bergen_classic-3", "bergen", "bergen_classic", "3", TRIO, {NULL}, NULL},
    {"bergen_classic-4", "bergen", "bergen_classic", "4", FOUR, {NULL}, NULL},
    {"double_bergen-2a", "double_bergen", "double_bergen", "2", PAIR_A, {NULL}, "\"reason\":\"deduction\""},
    {"double_bergen-2b", "double_bergen", "double_bergen", "2", PAIR_B, {NULL}, NULL},
    {"double_bergen-3", "double_bergen", "double_bergen", "3", TRIO, {NULL}, NULL},
    {"double_bergen-4", "double_bergen", "double_bergen", "4", FOUR, {NULL}, NULL},
    {"double_bergen_12-2a", "double_bergen", "double_bergen_12", "2", PAIR_A, {NULL}, NULL},
    {"double_bergen_12-2b", "double_bergen", "double_bergen_12", "2", PAIR_B, {NULL}, NULL},
    {"double_bergen_12-3", "double_bergen", "double_bergen_12", "3", TRIO, {NULL}, NULL},
    {"double_bergen_12-4", "double_bergen", "double_bergen_12", "4", FOUR, {NULL}, NULL},
    {"partnership", "partnership", "partnership", "4", FOUR, {NULL}, "\"reason\":\"blocked\""},
    {"doscientos", "partnership", "doscientos", "4", FOUR, {NULL}, NULL},
    {"doscientos_pases", "partnership", "doscientos_pases", "4", FOUR, {NULL}, "\"reason\":\"pass_bonus\""},
    {"quinientos", "partnership", "quinientos", "4", FOUR, {NULL}, "\"reason\":\"hand_bonus\""},
    {"milo", "partnership", "milo", "4", FOUR, {NULL}, "\"reason\":\"milo\""},
    {"south_american", "partnership", "south_american", "4", FOUR, {NULL}, "\"reason\":\"redeal\""},
    {"great_lakes", "partnership", "great_lakes", "4", FOUR, {NULL}, NULL},
    {"bingo-a", "bingo", "bingo", "2", PAIR_A, {NULL}, "\"type\":\"meld\""},
    {"bingo-b", "bingo", "bingo", "2", PAIR_B, {NULL}, "\"type\":\"close\""},
    {"bingo-play-out-ends-hand-a", "bingo", "bingo", "2", PAIR_A,
     {"hand_end=play_out", "closed_opponent_70=ends_hand", "close_timing=any_own_turn", NULL},
     "\"reason\":\"failed_close\""},
    {"bingo-play-out-ends-hand-b", "bingo", "bingo", "2", PAIR_B,
     {"hand_end=play_out", "closed_opponent_70=ends_hand", "close_timing=any_own_turn", NULL}, NULL},
    {"bingo-melds-captures-a", "bingo", "bingo", "2", PAIR_A,
     {"meld_reuse=unrestricted", "bingo_capture_point=if_hand_won", "trick_leader=alternate", NULL}, NULL},
    {"bingo-melds-captures-b", "bingo", "bingo", "2", PAIR_B,
     {"meld_reuse=unrestricted", "bingo_capture_point=if_hand_won", "trick_leader=alternate", NULL}, NULL},
    {"bingo-readings-a", "bingo", "bingo", "2", PAIR_A,
     {"rank_blank_as_seven=true", "zero_trump_bingo_value=14", "bingo_is_trump=true",
      "plain_tile_must_match_to_win=true", "plain_follow_includes_trumps=false", NULL},
     NULL},
    {"bingo-readings-b", "bingo", "bingo", "2", PAIR_B,
     {"rank_blank_as_seven=true", "zero_trump_bingo_value=14", "bingo_is_trump=true",
      "plain_tile_must_match_to_win=true", "plain_follow_includes_trumps=false", NULL},
     NULL},
};
enum { RUN_COUNT = sizeof runs / sizeof runs[0] };

/* Replays every record of `dir`; returns how many, each of which must agree. Whether any
 * holds `needle` (NULL: not asked) goes to *shown. */
static int replay_all(const char *dir, const char *needle, bool *shown)
{
    DIR *listing = opendir(dir);
    ck_assert_msg(listing, "opendir %s: %s", dir, strerror(errno));
    int count = 0;
    char path[PATH_SIZE], error[ERROR_SIZE];
    for (struct dirent *entry; (entry = readdir(listing));) {
        if (!strstr(entry->d_name, ".jsonl")) continue;
        path_join(path, dir, entry->d_name);
        replay_summary_t summary;
        int result = replay_file(path, &summary, error, sizeof error);
        if (result != REPLAY_AGREES) closedir(listing);
        ck_assert_msg(result == REPLAY_AGREES, "replay exits %d: %s", result, error);
        if (needle && !*shown) {
            char *text = support_read_file(path, NULL);
            *shown = text && strstr(text, needle);
            free(text);
        }
        count++;
    }
    closedir(listing);
    return count;
}

START_TEST(sim_records_of_every_preset_replay)
{
    const preset_run_t *run = &runs[_i];
    char dir[PATH_SIZE], out[PATH_SIZE], records[PATH_SIZE];
    path_join(dir, DOMINOLAB_RECORDS_DIR, run->name);
    support_remove_dir(strdup(dir)); /* a run of an earlier ctest */
    ck_assert_msg(mkdir(DOMINOLAB_RECORDS_DIR, 0777) == 0 || errno == EEXIST, "mkdir %s", DOMINOLAB_RECORDS_DIR);
    ck_assert_msg(mkdir(dir, 0777) == 0, "mkdir %s: %s", dir, strerror(errno));
    path_join(out, dir, "run");
    path_join(records, dir, "records");
    args_t a;
    args_start(&a, "sim");
    args_add_list(&a, LIST("--game", run->game, "--preset", run->preset, "--players", run->players, "--agents",
                           run->agents, "--seed", "2026", "--threads", "1", "--quiet", "--out", out, "--records",
                           records));
    args_add(&a, "--matches");
    args_add_format(&a, "%" PRId64, support_scaled(MATCHES, 2));
    for (int k = 0; run->options[k]; k++) args_add_list(&a, LIST("--option", run->options[k]));
    capture_t result;
    support_run(cli_sim, a.item, &result);
    ck_assert_msg(result.status == 0, "%s: sim exits %d: %s", run->name, result.status, result.err);
    support_capture_free(&result);
    bool shown = false;
    int count = replay_all(records, run->must_show, &shown);
    ck_assert_msg(count >= 2 * support_scaled(MATCHES, 2), "%s: %d records", run->name, count);
    if (run->must_show) ck_assert_msg(shown, "%s: no record shows %s", run->name, run->must_show);
    fprintf(stderr, "%-28s %-18s %s players: %3d records replayed, every one agrees\n", run->name, run->preset,
            run->players, count);
}
END_TEST

/* ---- records written by hand (tests/records/handmade/README.md) ---- */

static const char *const handmade_games[] = {"bergen", "double_bergen", "partnership", "bingo"};

START_TEST(handmade_records_agree)
{
    char dir[PATH_SIZE];
    snprintf(dir, sizeof dir, "%s/tests/records/handmade/%s", DOMINOLAB_SOURCE_DIR, handmade_games[_i]);
    bool shown = false;
    int count = replay_all(dir, NULL, &shown);
    ck_assert_msg(count >= 4, "%s: only %d hand-written records", dir, count);
    fprintf(stderr, "handmade %-14s %2d records replayed, every one agrees\n", handmade_games[_i], count);
}
END_TEST

/* refused/expected.tsv: file, exit status, line and a word of the message, per row. */
START_TEST(handmade_records_refused)
{
    char dir[PATH_SIZE], table[PATH_SIZE], path[PATH_SIZE], error[ERROR_SIZE], prefix[PATH_SIZE + 32];
    snprintf(dir, sizeof dir, "%s/tests/records/handmade/refused", DOMINOLAB_SOURCE_DIR);
    path_join(table, dir, "expected.tsv");
    FILE *in = fopen(table, "r");
    ck_assert_msg(in, "%s: %s", table, strerror(errno));
    char row[512], file[256], needle[128];
    int status, line, rows = 0;
    ck_assert(fgets(row, sizeof row, in)); /* the header */
    while (fgets(row, sizeof row, in)) {
        ck_assert_msg(sscanf(row, "%255s %d %d %127s", file, &status, &line, needle) == 4, "%s: bad row %s", table,
                      row);
        path_join(path, dir, file);
        replay_summary_t summary;
        int result = replay_file(path, &summary, error, sizeof error);
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
        ck_assert_msg(result == status, "%s: replay exits %d, expected %d: %s", file, result, status, error);
        ck_assert_msg(!strncmp(error, prefix, strlen(prefix)), "%s: expected the error at line %d: %s", file, line,
                      error);
        ck_assert_msg(strstr(error, needle), "%s: expected \"%s\" in: %s", file, needle, error);
        rows++;
    }
    fclose(in);
    ck_assert_int_ge(rows, 10);
    fprintf(stderr, "handmade refused       %2d records refused as expected\n", rows);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("records of every preset");
    TCase *sim = tcase_create("sim records");
    tcase_set_timeout(sim, 600); /* a run of pimc in double-twelve takes seconds, more under load */
    tcase_add_loop_test(sim, sim_records_of_every_preset_replay, 0, RUN_COUNT);
    suite_add_tcase(suite, sim);
    TCase *handmade = tcase_create("handmade");
    tcase_set_timeout(handmade, 600);
    tcase_add_loop_test(handmade, handmade_records_agree, 0,
                        (int)(sizeof handmade_games / sizeof handmade_games[0]));
    tcase_add_test(handmade, handmade_records_refused);
    suite_add_tcase(suite, handmade);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
