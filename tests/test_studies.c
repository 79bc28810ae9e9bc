/* test_studies.c - the study commands end to end: tournament, sprt, balance, calibrate,
 * analyze and run, each called as the command line calls it.
 *
 *   - golden files: small studies with fixed seeds write exactly the CSVs stored under
 *     tests/expected/ (DOMINOLAB_UPDATE_EXPECTED=1 rewrites them after a deliberate change);
 *   - the same study at 1 and 2 threads writes the same bytes;
 *   - `analyze DIR --out OTHER` rebuilds every report byte for byte;
 *   - a study resumed after losing a run ends with the files of an uninterrupted one;
 *   - the SPRT accepts H1 for a clearly stronger agent and H0 for two agents that play
 *     alike under different names, seed after seed;
 *   - calibration places evenly spaced, rising levels and writes a table --levels reads;
 *   - plots: PNG and SVG with gnuplot, the scripts and a how-to without it;
 *   - bad input: one line naming the problem, exit 2, nothing written.
 * These tests start OpenMP threads, so Check must not fork (CK_FORK=no, tests/CMakeLists.txt).
 */
#include <check.h>
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "config.h"
#include "csv.h"
#include "records/replay.h"
#include "test_support.h"

#ifndef DOMINOLAB_SOURCE_DIR
#error "DOMINOLAB_SOURCE_DIR must name the source tree (tests/CMakeLists.txt sets it)"
#endif

enum { PATH_SIZE = 4096, ARGS_MAX = 64 };

#define ARGS(...) ((char *const[]){__VA_ARGS__, NULL})

static void run_ok(int (*command)(int, char **), char *const *argv)
{
    capture_t result;
    support_run(command, argv, &result);
    ck_assert_msg(result.status == 0, "%s exited %d: %s", argv[0], result.status, result.err);
    support_capture_free(&result);
}

static char *path_in(const char *dir, const char *name)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    ck_assert_ptr_nonnull(path);
    snprintf(path, size, "%s/%s", dir, name);
    return path;
}

static void expect_same_file(const char *a_dir, const char *b_dir, const char *name)
{
    char *a = path_in(a_dir, name), *b = path_in(b_dir, name);
    size_t a_length, b_length;
    char *a_text = support_read_file(a, &a_length), *b_text = support_read_file(b, &b_length);
    ck_assert_msg(a_text && b_text, "cannot read %s or %s", a, b);
    ck_assert_msg(a_length == b_length && !memcmp(a_text, b_text, a_length), "%s and %s differ", a, b);
    free(a_text);
    free(b_text);
    free(a);
    free(b);
}

/* `name` in `dir` is tests/expected/KIND/name (or becomes it with DOMINOLAB_UPDATE_EXPECTED). */
static void expect_golden(const char *dir, const char *kind, const char *name)
{
    char expected_dir[PATH_SIZE];
    snprintf(expected_dir, sizeof expected_dir, "%s/tests/expected/%s", DOMINOLAB_SOURCE_DIR, kind);
    if (getenv("DOMINOLAB_UPDATE_EXPECTED")) {
        mkdir(expected_dir, 0777);
        char *from = path_in(dir, name), *to = path_in(expected_dir, name);
        size_t length;
        char *text = support_read_file(from, &length);
        ck_assert_ptr_nonnull(text);
        FILE *out = fopen(to, "w");
        ck_assert_ptr_nonnull(out);
        fwrite(text, 1, length, out);
        fclose(out);
        free(text);
        free(from);
        free(to);
        return;
    }
    char *have = path_in(dir, name), *want = path_in(expected_dir, name);
    size_t have_length, want_length;
    char *have_text = support_read_file(have, &have_length), *want_text = support_read_file(want, &want_length);
    ck_assert_msg(have_text && want_text, "cannot read %s or %s", have, want);
    ck_assert_msg(have_length == want_length && !memcmp(have_text, want_text, have_length),
                  "%s differs from %s; if agents or reports changed on purpose, rewrite the expected files with "
                  "DOMINOLAB_UPDATE_EXPECTED=1 build/tests/test_studies and review the diff",
                  have, want);
    free(have_text);
    free(want_text);
    free(have);
    free(want);
}

static const char *const rating_reports[] = {"pairwise.csv", "pairwise_matrix.csv", "ratings.csv", "los.csv",
                                            "model.csv", NULL};

static void tournament(const char *dir, const char *threads)
{
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent",
                                "heuristic", "--deals", "300", "--seed", "5", "--bootstrap", "200", "--threads",
                                (char *)threads, "--no-plots", "--quiet", "--out", (char *)dir));
}

/* ------------------------------------------------------------------ tournament */

START_TEST(tournament_matches_expected_files)
{
    const char *dir = support_scratch("tournament");
    tournament(dir, "1");
    for (int k = 0; rating_reports[k]; k++) expect_golden(dir, "tournament", rating_reports[k]);
    /* the study can be read back */
    char *study = path_in(dir, "study.json");
    ck_assert(support_file_exists(study));
    free(study);
}
END_TEST

START_TEST(tournament_same_at_one_and_two_threads)
{
    const char *one = support_scratch("one"), *two = support_scratch("two");
    tournament(one, "1");
    tournament(two, "2");
    for (int k = 0; rating_reports[k]; k++) expect_same_file(one, two, rating_reports[k]);
    static const char *const pairs[] = {"pairs/00-01/deals.csv", "pairs/00-02/deals.csv", "pairs/01-02/deals.csv",
                                        "pairs/01-02/summary.csv", NULL};
    for (int k = 0; pairs[k]; k++) expect_same_file(one, two, pairs[k]);
}
END_TEST

START_TEST(analyze_rebuilds_every_report)
{
    const char *dir = support_scratch("tournament"), *again = support_scratch("again");
    tournament(dir, "2");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    for (int k = 0; rating_reports[k]; k++) expect_same_file(dir, again, rating_reports[k]);
}
END_TEST

START_TEST(tournament_resumes_a_lost_run)
{
    const char *whole = support_scratch("whole"), *resumed = support_scratch("resumed");
    tournament(whole, "2");
    tournament(resumed, "2");
    char *pair = path_in(resumed, "pairs/00-02");
    support_remove_tree(pair);
    free(pair);
    /* --resume plays what is missing and keeps the rest */
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent",
                                "heuristic", "--deals", "300", "--seed", "5", "--bootstrap", "200", "--threads", "2",
                                "--no-plots", "--quiet", "--resume", (char *)resumed));
    for (int k = 0; rating_reports[k]; k++) expect_same_file(whole, resumed, rating_reports[k]);
    /* a different study is refused */
    capture_t result;
    support_run(cli_tournament,
                ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent", "heuristic",
                     "--deals", "300", "--seed", "6", "--bootstrap", "200", "--quiet", "--resume", (char *)resumed),
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "another seed"), "%s", result.err);
    support_capture_free(&result);
}
END_TEST

/* ------------------------------------------------------------------ records */

/* DIR/RUN/records holds `games` records, each of which agrees with the rules. */
static void expect_run_records(const char *dir, const char *run, int games)
{
    char *run_dir = path_in(dir, run), *records = path_in(run_dir, "records");
    DIR *listing = opendir(records);
    ck_assert_msg(listing, "cannot list %s", records);
    int count = 0;
    for (struct dirent *entry; (entry = readdir(listing));) {
        if (entry->d_name[0] == '.') continue;
        char *path = path_in(records, entry->d_name), error[1024];
        replay_summary_t summary;
        int result = replay_file(path, &summary, error, sizeof error);
        free(path);
        if (result != REPLAY_AGREES) closedir(listing);
        ck_assert_msg(result == REPLAY_AGREES, "%s", error);
        count++;
    }
    closedir(listing);
    ck_assert_msg(count == games, "%s holds %d records, expected %d", records, count, games);
    free(records);
    free(run_dir);
}

static int run_json_integer(const char *dir, const char *run, const char *key)
{
    char *run_dir = path_in(dir, run), *path = path_in(run_dir, "run.json");
    json_t *json = json_load_file(path, 0, NULL);
    ck_assert_msg(json, "cannot read %s", path);
    int value = (int)json_integer_value(json_object_get(json, key));
    json_decref(json);
    free(path);
    free(run_dir);
    return value;
}

/* A study with --records: each run keeps its games' records (every 4th unit here) in its
 * own directory, the reports are those of the same study without them, a resume must keep
 * them, and the SPRT's records are those of the units it counted. */
START_TEST(studies_write_their_runs_records)
{
    const char *plain = support_scratch("plain"), *recorded = support_scratch("recorded");
    tournament(plain, "2");
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent",
                                "heuristic", "--deals", "300", "--seed", "5", "--bootstrap", "200", "--threads", "2",
                                "--no-plots", "--quiet", "--records", "--records-every", "4", "--out", (char *)recorded));
    for (int k = 0; rating_reports[k]; k++) expect_same_file(plain, recorded, rating_reports[k]);
    static const char *const pairs[] = {"pairs/00-01", "pairs/00-02", "pairs/01-02", NULL};
    for (int k = 0; pairs[k]; k++) expect_run_records(recorded, pairs[k], 75 * 2);
    capture_t result;
    support_run(cli_tournament,
                ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent", "heuristic",
                     "--deals", "300", "--seed", "5", "--bootstrap", "200", "--quiet", "--no-plots", "--resume",
                     (char *)recorded),
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "another records"), "%s", result.err);
    support_capture_free(&result);

    const char *sprt = support_scratch("sprt");
    run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "greedy,random", "--seed", "3", "--threads", "2",
                          "--no-plots", "--quiet", "--records", "--out", (char *)sprt));
    int units = run_json_integer(sprt, "run", "units_done"), rotations = run_json_integer(sprt, "run", "rotations");
    ck_assert_msg(units > 0 && units < 1000000, "the SPRT played %d units", units);
    expect_run_records(sprt, "run", units * rotations);
}
END_TEST

/* ------------------------------------------------------------------ sprt */

START_TEST(sprt_matches_expected_files)
{
    const char *dir = support_scratch("sprt");
    run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "heuristic,greedy", "--seed", "3", "--threads", "2",
                          "--no-plots", "--quiet", "--out", (char *)dir));
    expect_golden(dir, "sprt", "sprt.csv");
    expect_golden(dir, "sprt", "sprt_trace.csv");
    const char *again = support_scratch("again");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    expect_same_file(dir, again, "sprt.csv");
    expect_same_file(dir, again, "sprt_trace.csv");
}
END_TEST

/* The verdict in DIR/sprt.csv. */
static char verdict_of(const char *dir)
{
    char *path = path_in(dir, "sprt.csv");
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
    int column = csv_column(&reader, "verdict", error, sizeof error);
    char verdict = reader.field[column][0] == 'H' ? reader.field[column][1] : 'n';
    csv_close(&reader);
    free(path);
    return verdict;
}

enum { SPRT_SEEDS = 12 };

START_TEST(sprt_decides_right_seed_after_seed)
{
    /* greedy:noise=1 plays exactly as random does, under another name: H0 (elo 0) is true.
     * greedy against random is about +50 Elo a deal: H1 (elo 5) is true. alpha = beta = 0.05,
     * so over 12 seeds at most one wrong verdict is to be expected (P(2 or more) < 0.12). */
    int wrong_h1 = 0, wrong_h0 = 0;
    for (int seed = 1; seed <= SPRT_SEEDS; seed++) {
        char seed_text[16];
        snprintf(seed_text, sizeof seed_text, "%d", seed);
        const char *same = support_scratch("same"), *better = support_scratch("better");
        run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "greedy:noise=1,random", "--seed", seed_text,
                              "--no-plots", "--quiet", "--out", (char *)same));
        run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "greedy,random", "--seed", seed_text, "--no-plots",
                              "--quiet", "--out", (char *)better));
        char v = verdict_of(same), w = verdict_of(better);
        ck_assert_msg(v == '0' || v == '1', "seed %d: identical agents, no verdict", seed);
        ck_assert_msg(w == '1' || w == '0', "seed %d: greedy against random, no verdict", seed);
        wrong_h1 += v == '1';
        wrong_h0 += w == '0';
    }
    ck_assert_msg(wrong_h1 <= 1, "H1 accepted %d times of %d for identical agents", wrong_h1, SPRT_SEEDS);
    ck_assert_msg(wrong_h0 == 0, "H0 accepted %d times for greedy against random", wrong_h0);
}
END_TEST

/* ------------------------------------------------------------------ balance */

static const char *const balance_reports[] = {"balance.csv", "seats.csv", "ends.csv", "distributions.csv", NULL};

START_TEST(balance_matches_expected_files)
{
    const char *dir = support_scratch("balance");
    run_ok(cli_balance, ARGS("balance", "--players", "3", "--agent", "greedy:noise=0.3", "--deals", "400", "--matches",
                             "60", "--compare", "block_method=simple,american", "--seed", "9", "--threads", "2",
                             "--no-plots", "--quiet", "--out", (char *)dir));
    for (int k = 0; balance_reports[k]; k++) expect_golden(dir, "balance", balance_reports[k]);
    const char *again = support_scratch("again");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    for (int k = 0; balance_reports[k]; k++) expect_same_file(dir, again, balance_reports[k]);
}
END_TEST

/* ------------------------------------------------------------------ calibrate */

/* Column `name` of every row of a CSV file, into values; returns the count. */
static int csv_column_values(const char *path, const char *name, double *values, int max)
{
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    int column = csv_column(&reader, name, error, sizeof error), count = 0;
    ck_assert_msg(column >= 0, "%s", error);
    while (count < max && csv_next(&reader, error, sizeof error) == 1)
        ck_assert_int_eq(csv_real(&reader, column, &values[count++], error, sizeof error), 0);
    csv_close(&reader);
    return count;
}

START_TEST(calibration_is_even_and_rising)
{
    const char *dir = support_scratch("calibrate");
    run_ok(cli_calibrate, ARGS("calibrate", "--players", "2", "--matches", "150", "--candidate", "greedy:noise=1",
                               "--candidate", "greedy:noise=0.5", "--candidate", "greedy", "--candidate", "heuristic",
                               "--seed", "4", "--threads", "2", "--no-plots", "--quiet", "--out", (char *)dir));
    double smoothed[16], target[16];
    char *candidates = path_in(dir, "candidates.csv"), *calibration = path_in(dir, "calibration.csv");
    int n = csv_column_values(candidates, "smoothed_elo", smoothed, 16);
    ck_assert_int_eq(n, 4);
    for (int k = 1; k < n; k++) ck_assert_msg(smoothed[k] >= smoothed[k - 1], "smoothed ratings fall at %d", k);
    ck_assert_int_eq(csv_column_values(calibration, "target_elo", target, 16), AGENT_LEVEL_COUNT);
    double step = target[1] - target[0];
    ck_assert_msg(step > 0, "levels do not rise");
    for (int k = 1; k < AGENT_LEVEL_COUNT; k++)
        ck_assert_msg(fabs(target[k] - target[k - 1] - step) < 1e-6, "uneven step at level %d", k + 1);
    ck_assert_msg(fabs(target[0] - smoothed[0]) < 1e-6 && target[AGENT_LEVEL_COUNT - 1] <= smoothed[n - 1] + 1e-6,
                  "the levels leave the candidates' range");
    /* the table it wrote is one --levels reads, and level 1 is the weakest candidate */
    char *table = path_in(dir, "levels.ini");
    agent_levels_t levels;
    char error[512];
    ck_assert_msg(config_read_levels(table, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_str_eq(levels.spec[0], "greedy:noise=1");
    run_ok(cli_agents, ARGS("agents", "--levels", table, "--check", "level:10"));
    /* analyze --out rebuilds the same report elsewhere and leaves the study as it was */
    const char *again = support_scratch("again");
    char *before = support_read_file(candidates, NULL);
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    char *after = support_read_file(candidates, NULL);
    ck_assert_msg(before && after && !strcmp(before, after), "analyze --out changed %s", candidates);
    expect_same_file(dir, again, "calibration.csv");
    expect_same_file(dir, again, "candidates.csv");
    /* the table again (its comment names where it was written) */
    char *table_again = path_in(again, "levels.ini");
    agent_levels_t rebuilt;
    ck_assert_msg(config_read_levels(table_again, &rebuilt, error, sizeof error) == 0, "%s", error);
    for (int k = 0; k < AGENT_LEVEL_COUNT; k++) ck_assert_str_eq(rebuilt.spec[k], levels.spec[k]);
    free(table_again);
    free(before);
    free(after);
    free(candidates);
    free(calibration);
    free(table);
}
END_TEST

START_TEST(study_runs_play_the_rules_file)
{
    /* --rules reaches every run of a study, and a variant's options go on top of it */
    const char *dir = support_scratch("rules");
    char *rules = path_in(dir, "mine.ini"), *out = path_in(dir, "out");
    FILE *file = fopen(rules, "w");
    ck_assert_ptr_nonnull(file);
    fputs("[game]\ngame = bergen\npreset = bergen\n[options]\nstock_reserve = 0\nblock_method = german\n", file);
    fclose(file);
    run_ok(cli_balance, ARGS("balance", "--rules", rules, "--players", "2", "--agent", "random", "--deals", "20",
                             "--compare", "near_goal=none,pagat", "--no-plots", "--quiet", "--out", out));
    char *run = path_in(out, "variants/00/hands/run.json");
    char *text = support_read_file(run, NULL);
    ck_assert_ptr_nonnull(text);
    ck_assert_msg(strstr(text, "\"stock_reserve\": 0") && strstr(text, "\"block_method\": \"german\"") &&
                      strstr(text, "\"near_goal\": \"none\""),
                  "the run did not play the rules file and the variant: %s", text);
    free(text);
    free(run);
    free(rules);
    free(out);
}
END_TEST

START_TEST(analyze_reads_a_one_agent_sim_run)
{
    /* a duplicate run of one agent plays each deal again unchanged: analyze counts it once
     * and claims no deal bias */
    const char *dir = support_scratch("sim");
    run_ok(cli_sim, ARGS("sim", "--players", "2", "--agents", "random", "--deals", "100", "--seed", "2", "--per-deal",
                         "--quiet", "--out", (char *)dir));
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--no-plots"));
    char *balance = path_in(dir, "balance.csv");
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, balance, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
    ck_assert_str_eq(reader.field[csv_column(&reader, "hands", error, sizeof error)], "100");
    ck_assert_str_eq(reader.field[csv_column(&reader, "deal_bias", error, sizeof error)], "");
    csv_close(&reader);
    free(balance);
}
END_TEST

/* analyze --out somewhere nothing can be written: bad input, refused before any report. */
START_TEST(analyze_out_unwritable)
{
    const char *dir = support_scratch("sim");
    run_ok(cli_sim, ARGS("sim", "--players", "2", "--agents", "random,greedy", "--deals", "20", "--seed", "2",
                         "--per-deal", "--quiet", "--out", (char *)dir));
    capture_t result;
    support_run(cli_analyze, ARGS("analyze", (char *)dir, "--out", "/proc/dominolab/reports"), &result);
    ck_assert_msg(result.status == 2, "analyze exited %d: %s", result.status, result.err);
    ck_assert_msg(strstr(result.err, "--out /proc/dominolab/reports"), "the refusal: %s", result.err);
    ck_assert_msg(!support_file_exists("ratings.csv"), "a report was written");
    support_capture_free(&result);
}
END_TEST

/* A study.json whose identity was damaged is refused naming the key, not read blindly. */
START_TEST(analyze_refuses_damaged_study_json)
{
    const char *dir = support_scratch("study");
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--deals",
                                "20", "--bootstrap", "0", "--no-plots", "--quiet", "--out", (char *)dir));
    char *path = path_in(dir, "study.json"), *original = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(original);
    static const char *const damages[][2] = {
        {"agents", "[1, 2]"}, {"confidence", "\"high\""}, {"levels", "[]"}, {"unit", "\"hands\""}};
    for (size_t k = 0; k < sizeof damages / sizeof damages[0]; k++) {
        json_t *study = json_loads(original, 0, NULL), *value = json_loads(damages[k][1], JSON_DECODE_ANY, NULL);
        ck_assert_ptr_nonnull(study);
        ck_assert_ptr_nonnull(value);
        json_object_set_new(json_object_get(study, "identity"), damages[k][0], value);
        ck_assert_int_eq(json_dump_file(study, path, 0), 0);
        json_decref(study);
        capture_t result;
        support_run(cli_analyze, ARGS("analyze", (char *)dir, "--no-plots"), &result);
        ck_assert_msg(result.status == 2, "%s: analyze exited %d: %s", damages[k][0], result.status, result.err);
        ck_assert_msg(strstr(result.err, "study.json") && strstr(result.err, damages[k][0]), "%s: the refusal: %s",
                      damages[k][0], result.err);
        support_capture_free(&result);
    }
    ck_assert(support_write_file(path, original)); /* undamaged, it is analyzed */
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--no-plots"));
    free(original);
    free(path);
}
END_TEST

/* ------------------------------------------------------------------ plots */

START_TEST(plots_with_and_without_gnuplot)
{
    const char *with = support_scratch("with"), *without = support_scratch("without");
    char *const base[] = {"tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--deals", "50",
                          "--bootstrap", "20", "--quiet", "--out", NULL, NULL};
    char *argv[16];
    memcpy(argv, base, sizeof base);
    argv[13] = (char *)without;
    setenv("DOMINOLAB_GNUPLOT", "/nonexistent/gnuplot", 1);
    capture_t result;
    support_run(cli_tournament, argv, &result);
    unsetenv("DOMINOLAB_GNUPLOT");
    ck_assert_int_eq(result.status, 0);
    ck_assert_msg(strstr(result.out, "gnuplot not found") && strstr(result.out, "apt-get install gnuplot-nox"), "%s",
                  result.out);
    support_capture_free(&result);
    char *script = path_in(without, "plots/ratings.gp"), *picture = path_in(without, "plots/ratings.png");
    ck_assert(support_file_exists(script));
    ck_assert(!support_file_exists(picture));
    char *ratings = path_in(without, "ratings.csv");
    ck_assert(support_file_exists(ratings));
    free(script);
    free(picture);
    free(ratings);
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) return; /* the rest needs gnuplot */
    argv[13] = (char *)with;
    run_ok(cli_tournament, argv);
    static const char *const drawn[] = {"plots/ratings.png", "plots/ratings.svg", "plots/pairwise.png",
                                        "plots/pairwise.svg", NULL};
    for (int k = 0; drawn[k]; k++) {
        char *path = path_in(with, drawn[k]);
        struct stat info;
        ck_assert_msg(stat(path, &info) == 0 && info.st_size > 1000, "%s missing or empty", path);
        free(path);
    }
}
END_TEST

/* ------------------------------------------------------------------ bad input */

static const struct refusal {
    int (*command)(int, char **);
    const char *const argv[24];
    const char *needle;
} refusals[] = {
    {cli_tournament, {"tournament", "--players", "2", "--agent", "random", "--out", "OUT"}, "give 2 to 64 agents"},
    {cli_tournament, {"tournament", "--players", "2", "--agent", "random", "--agent", "nosuch", "--out", "OUT"},
     "--agent: unknown agent 'nosuch'"},
    {cli_tournament,
     {"tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--anchor", "pimc", "--out", "OUT"},
     "--anchor: 'pimc' is not one of the agents"},
    {cli_tournament, {"tournament", "--players", "2", "--agent", "random", "--agent", "random", "--out", "OUT"},
     "given twice"},
    {cli_tournament, {"tournament", "--agent", "random", "--agent", "greedy", "--out", "OUT"}, "--players is required"},
    {cli_tournament, {"tournament", "--players", "3", "--agent", "random", "--agent", "greedy", "--out", "OUT"},
     "--players: two agents cannot share 3 seats evenly"},
    {cli_calibrate, {"calibrate", "--players", "2", "--write", "/nonexistent/dir/levels.ini", "--out", "OUT"},
     "--write: cannot write /nonexistent/dir/levels.ini"},
    {cli_sprt, {"sprt", "--players", "2", "--agents", "greedy,greedy", "--out", "OUT"}, "two different agents"},
    {cli_sprt, {"sprt", "--players", "2", "--agents", "greedy,random", "--elo0", "5", "--elo1", "0", "--out", "OUT"},
     "elo0 must be below elo1"},
    {cli_sprt, {"sprt", "--players", "2", "--agents", "greedy,random", "--deals", "10", "--matches", "10", "--out",
                "OUT"},
     "--matches: give one of --deals and --matches"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method", "--out", "OUT"}, "is not KEY=V1,V2"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method=simple,nosuch", "--out", "OUT"},
     "variant block_method=nosuch"},
    {cli_balance, {"balance", "--players", "2", "--variant", "x", "--out", "OUT"}, "is not NAME:KEY=VALUE"},
    {cli_calibrate, {"calibrate", "--players", "2", "--candidate", "level:3", "--candidate", "greedy", "--out", "OUT"},
     "is a level"},
    {cli_calibrate, {"calibrate", "--players", "2", "--spacing", "0", "--out", "OUT"}, "--spacing: bad value '0'"},
    {cli_analyze, {"analyze", "/nonexistent/dir"}, "holds neither a study"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method=simple", "--out", "OUT"},
     "compare two or more"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method=simple,german,simple", "--out", "OUT"},
     "'simple' is given twice"},
    {cli_calibrate, {"calibrate", "--players", "2", "--write", "/tmp", "--out", "OUT"}, "/tmp is a directory"},
    {cli_play, {"play", "--players", "2", "--agents", "random", "--record", "/nonexistent/dir/match.jsonl"},
     "--record: cannot"},
    {cli_run, {"run", "/nonexistent.ini"}, "cannot read /nonexistent.ini"},
    {cli_tournament,
     {"tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--records-every", "3", "--out", "OUT"},
     "--records-every: chooses the units --records records"},
};

START_TEST(bad_input_is_refused_and_writes_nothing)
{
    const struct refusal *r = &refusals[_i];
    const char *root = support_scratch("refused");
    char *out = path_in(root, "out");
    char *argv[24];
    int argc = 0;
    for (; r->argv[argc]; argc++) argv[argc] = strcmp(r->argv[argc], "OUT") ? (char *)r->argv[argc] : out;
    argv[argc] = NULL;
    capture_t result;
    support_run(r->command, argv, &result);
    ck_assert_msg(result.status == 2, "%s: exit %d, expected 2 (%s)", r->argv[0], result.status, result.err);
    ck_assert_msg(support_is_one_line(result.err), "%s: not one line: %s", r->argv[0], result.err);
    ck_assert_msg(strstr(result.err, r->needle), "expected \"%s\" in: %s", r->needle, result.err);
    ck_assert_msg(!support_file_exists(out), "%s: made %s", r->argv[0], out);
    support_capture_free(&result);
    free(out);
}
END_TEST

static Suite *studies_suite(void)
{
    Suite *suite = suite_create("studies");
    TCase *runs = tcase_create("runs");
    tcase_set_timeout(runs, 1200);
    tcase_add_checked_fixture(runs, NULL, support_scratch_teardown);
    tcase_add_test(runs, tournament_matches_expected_files);
    tcase_add_test(runs, tournament_same_at_one_and_two_threads);
    tcase_add_test(runs, analyze_rebuilds_every_report);
    tcase_add_test(runs, tournament_resumes_a_lost_run);
    tcase_add_test(runs, studies_write_their_runs_records);
    tcase_add_test(runs, sprt_matches_expected_files);
    tcase_add_test(runs, sprt_decides_right_seed_after_seed);
    tcase_add_test(runs, balance_matches_expected_files);
    tcase_add_test(runs, calibration_is_even_and_rising);
    tcase_add_test(runs, study_runs_play_the_rules_file);
    tcase_add_test(runs, analyze_reads_a_one_agent_sim_run);
    tcase_add_test(runs, plots_with_and_without_gnuplot);
    tcase_add_test(runs, analyze_out_unwritable);
    tcase_add_test(runs, analyze_refuses_damaged_study_json);
    tcase_add_loop_test(runs, bad_input_is_refused_and_writes_nothing, 0, sizeof refusals / sizeof refusals[0]);
    suite_add_tcase(suite, runs);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_studies")) return EXIT_FAILURE;
    SRunner *runner = srunner_create(studies_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
