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
 *   - calibration places evenly spaced, rising levels (--levels 3) and writes a table, with
 *     its game, that --level-table reads and another game refuses;
 *   - plots: PNG and SVG with gnuplot, the scripts and a how-to without it; every plot of
 *     every study titled with its game, players and sample, the heat map's diagonal no
 *     score, the SPRT key outside the plot;
 *   - bad input: one line naming the problem, exit 2, nothing written;
 *   - a bot that faults (tests/bots/misbehave.py, illegal answers only: nothing here
 *     depends on time): sim shows its faults on the progress line, warns once on stderr and
 *     names it on stdout; analyze, tournament, sprt, balance and calibrate note it beside
 *     their result on the terminal and in report.html, with the counts of summary.csv.
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
#include "outcomes.h"
#include "records/replay.h"
#include "report_html.h"
#include "sequential.h"
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

/* ------------------------------------------------------------------ report.html */

/* Every field of DIR/NAME's rows after the header is a cell of `page`, rounded as the page
 * rounds it (report_html_shown_field; our CSVs quote no field these tests make); an empty one
 * is a dash with a note. */
static void expect_csv_values_on_page(const char *page, const char *dir, const char *name)
{
    enum { FIELDS = 64 };
    char *path = path_in(dir, name), *text = support_read_file(path, NULL);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    char *header[FIELDS], *fields[FIELDS];
    int columns = 0, rows = 0;
    for (char *line = text, *next; *line; line = next + 1) {
        next = strchr(line, '\n');
        ck_assert_msg(next != NULL, "%s: a line without its end", path);
        *next = '\0';
        int count = support_split_csv_line(line, columns ? fields : header, FIELDS);
        if (!columns) {
            columns = count;
            continue;
        }
        ck_assert_int_eq(count, columns);
        rows++;
        for (int k = 0; k < columns; k++) {
            char shown[REPORT_HTML_FIELD_SIZE], cell[REPORT_HTML_FIELD_SIZE + 8];
            report_html_shown_field(name, (const char *const *)header, (const char *const *)fields, columns, k,
                                    shown, sizeof shown);
            snprintf(cell, sizeof cell, ">%s<", shown);
            if (shown[0]) ck_assert_msg(strstr(page, cell) != NULL, "%s: %s (%s) is not on its report.html", path,
                                        cell, fields[k]);
            else ck_assert_msg(strstr(page, "<td class=\"empty\" title=\""), "%s: empty %s, no dash on the page",
                               path, header[k]);
        }
    }
    ck_assert_msg(rows > 0, "%s has no values", path);
    free(text);
    free(path);
}

/* DIR/report.html: inline charts, nothing fetched or run, every value of the CSV files
 * `files` (NULL-ended), and for each run of `runs` (its name under games/, NULL-ended) the
 * viewer's page of its sample game, made and linked.
 * Returns the page (owned). */
static char *expect_report_html(const char *dir, const char *const *files, const char *const *runs)
{
    char *path = path_in(dir, "report.html"), *page = support_read_file(path, NULL);
    ck_assert_msg(page != NULL, "no %s", path);
    ck_assert_msg(strstr(page, "<svg viewBox="), "%s has no inline chart", path);
    ck_assert_msg(!strstr(page, "<script") && !strstr(page, "http://") && !strstr(page, "https://"),
                  "%s loads or runs something", path);
    for (int k = 0; files[k]; k++) expect_csv_values_on_page(page, dir, files[k]);
    ck_assert_msg(strstr(page, "this page written by dominolab " DOMINOLAB_VERSION " (run.json format 2, game records "
                               "format 1, viewer data 1; Jansson "),
                  "%s does not give its versions", path);
    for (int k = 0; runs[k]; k++) {
        char name[256], link[512];
        snprintf(name, sizeof name, "games/%.200s.html", runs[k]);
        snprintf(link, sizeof link, "<a href=\"%s\">view the game</a>", name);
        char *game = path_in(dir, name);
        ck_assert_msg(support_file_exists(game), "%s: the sample game %s was not made", path, name);
        ck_assert_msg(strstr(page, link), "%s: %s is not linked", path, name);
        ck_assert_msg(!strstr(page, ": no viewer page ("), "%s: a sample game is missing", path);
        free(game);
    }
    free(path);
    return page;
}

/* report.html of `a` and of `b` are the same bytes. */
static void expect_same_report(const char *a, const char *b) { expect_same_file(a, b, "report.html"); }

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

static const char *const tournament_runs[] = {"pairs-00-01", "pairs-00-02", "pairs-01-02", NULL};

START_TEST(analyze_rebuilds_every_report)
{
    const char *dir = support_scratch("tournament"), *again = support_scratch("again");
    tournament(dir, "2");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    for (int k = 0; rating_reports[k]; k++) expect_same_file(dir, again, rating_reports[k]);
    /* report.html with the CSVs: the same page from analyze, with each pair's sample game */
    char *page = expect_report_html(dir, rating_reports, tournament_runs);
    ck_assert_msg(strstr(page, "random vs greedy: ") && strstr(page, "greedy vs heuristic: "), "%s", page);
    ck_assert_msg(strstr(page, "<a href=\"games/pairs-00-01.jsonl\">its record</a> (played again from deals.csv)"),
                  "the sample's record is not linked");
    expect_same_report(dir, again);
    free(page);
    for (int k = 0; tournament_runs[k]; k++) { /* the records played again from each run's first row */
        char name[64];
        snprintf(name, sizeof name, "games/%s.jsonl", tournament_runs[k]);
        char *record = path_in(dir, name);
        replay_summary_t summary;
        char error[1024];
        ck_assert_msg(replay_file(record, &summary, error, sizeof error) == REPLAY_AGREES, "%s", error);
        free(record);
        expect_same_file(dir, again, name);
    }
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

static double first_row_number(const char *dir, const char *file, const char *name);

/* The units a sim run played (its run.json). */
static int64_t units_played(const char *dir, const char *run)
{
    char *path = path_in(dir, run);
    json_t *json = json_load_file(path, 0, NULL);
    ck_assert_msg(json != NULL, "cannot read %s", path);
    int64_t units = json_integer_value(json_object_get(json, "units_done"));
    json_decref(json);
    free(path);
    return units;
}

/* A pair stops at a look (64, 128, ... deals) once its order is settled or its difference
 * is known within --precision, and its interval in pairwise.csv is the rule's, at the
 * corrected level (sequential.h), recomputed here from its deals; --precision 0 plays every
 * deal at 95%; a study made before the rule (no precision in study.json) resumes alone
 * playing every deal. */
START_TEST(tournament_stops_pairs_sequentially)
{
    const char *dir = support_scratch("sequential"), *fixed = support_scratch("fixed");
    capture_t result;
    support_run(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "heuristic",
                                     "--deals", "2000", "--seed", "5", "--bootstrap", "0", "--threads", "2",
                                     "--no-plots", "--out", (char *)dir),
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_msg(strstr(result.err, "1 run, from 64 to 2000 deals in all") &&
                      strstr(result.err, "the time is not known ahead"),
                  "%s", result.err);
    ck_assert_msg(strstr(result.out, "every interval at 99.17%, 95% over the 6 looks"), "%s", result.out);
    support_capture_free(&result);
    int64_t units = units_played(dir, "pairs/00-01/run.json");
    sequential_plan_t plan;
    sequential_plan_init(&plan, 2000, SEQUENTIAL_FIRST_LOOK, 0.95, 20);
    ck_assert_msg(units < 2000 && sequential_is_look(&plan, units), "random against heuristic stopped at %lld deals",
                  (long long)units);
    char *deals = path_in(dir, "pairs/00-01/deals.csv"), error[1024];
    outcome_table_t table;
    ck_assert_msg(outcomes_read(deals, &table, error, sizeof error) == 0, "%s", error);
    int a = outcomes_agent(&table, "random"), b = outcomes_agent(&table, "heuristic");
    sequential_tally_t tally = {0};
    for (int64_t u = 0; u < table.units; u++)
        sequential_add(&tally, outcomes_block_score2(&table, u, a, b) / (2.0 * table.rotations));
    outcomes_free(&table);
    ck_assert(sequential_stops(&plan, &tally));
    double elo, low, high;
    sequential_elo(&plan, &tally, &elo, &low, &high);
    ck_assert_double_eq_tol(first_row_number(dir, "pairwise.csv", "elo_low"), low, 1e-3);
    ck_assert_double_eq_tol(first_row_number(dir, "pairwise.csv", "elo_high"), high, 1e-3);
    free(deals);
    /* every deal: --precision 0 */
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "heuristic", "--deals",
                                "300", "--precision", "0", "--seed", "5", "--no-plots", "--quiet", "--out",
                                (char *)fixed));
    ck_assert_int_eq(units_played(fixed, "pairs/00-01/run.json"), 300);
    /* made before the rule: study.json without precision, nor the argument; resumed alone */
    char *path = path_in(fixed, "study.json");
    json_t *study = json_load_file(path, 0, NULL);
    ck_assert_ptr_nonnull(study);
    ck_assert_ptr_null(json_object_get(json_object_get(study, "identity"), "precision"));
    json_t *arguments = json_object_get(study, "arguments");
    for (size_t k = 0; k + 1 < json_array_size(arguments); k++)
        if (!strcmp(json_string_value(json_array_get(arguments, k)), "--precision")) {
            json_array_remove(arguments, k + 1);
            json_array_remove(arguments, k);
        }
    ck_assert_int_eq(json_dump_file(study, path, JSON_INDENT(2)), 0);
    json_decref(study);
    free(path);
    char *pair = path_in(fixed, "pairs/00-01");
    support_remove_tree(pair);
    free(pair);
    run_ok(cli_tournament, ARGS("tournament", "--resume", (char *)fixed, "--quiet", "--no-plots"));
    ck_assert_int_eq(units_played(fixed, "pairs/00-01/run.json"), 300);
}
END_TEST

/* Sets "complete" of the JSON file DIR/NAME to false, as an interrupted run or study leaves it. */
static void mark_unfinished(const char *dir, const char *name)
{
    char *path = path_in(dir, name);
    json_error_t problem;
    json_t *json = json_load_file(path, 0, &problem);
    ck_assert_msg(json != NULL, "%s: %s", path, problem.text);
    json_object_set_new(json, "complete", json_false());
    ck_assert_int_eq(json_dump_file(json, path, JSON_INDENT(2)), 0);
    json_decref(json);
    free(path);
}

/* analyze on an interrupted study: the finished pairs are rated, the others listed; an SPRT
 * that has not ended has no verdict to report, and says how to continue. */
START_TEST(analyze_reports_what_has_finished)
{
    const char *dir = support_scratch("partial"), *again = support_scratch("again");
    tournament(dir, "1");
    char *pair = path_in(dir, "pairs/01-02");
    support_remove_tree(pair);
    free(pair);
    mark_unfinished(dir, "study.json");
    capture_t result;
    support_run(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"), &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_msg(strstr(result.out, "an unfinished tournament study") &&
                      strstr(result.out, "left out: pairs/01-02 has not started") &&
                      strstr(result.out, "these ratings rest on 2 of the 3 pairs") &&
                      strstr(result.out, "dominolab tournament --resume"),
                  "%s", result.out);
    support_capture_free(&result);
    char *pairwise = path_in(again, "pairwise.csv");
    size_t length;
    char *text = support_read_file(pairwise, &length);
    ck_assert_ptr_nonnull(text);
    int rows = 0;
    for (char *c = text; *c; c++) rows += *c == '\n';
    ck_assert_int_eq(rows, 1 + 2); /* the header and the two finished pairs */
    free(text);
    free(pairwise);

    const char *sprt = support_scratch("sprt-partial");
    run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "heuristic,random", "--deals", "200", "--no-plots",
                          "--quiet", "--out", (char *)sprt));
    mark_unfinished(sprt, "study.json");
    mark_unfinished(sprt, "run/run.json");
    support_run(cli_analyze, ARGS("analyze", (char *)sprt, "--no-plots"), &result);
    ck_assert_int_eq(result.status, 1);
    ck_assert_msg(strstr(result.out, "left out: run is not finished") && strstr(result.out, "nothing to report yet"),
                  "%s", result.out);
    ck_assert_msg(strstr(result.err, "dominolab sprt --resume"), "%s", result.err);
    support_capture_free(&result);
}
END_TEST

/* The identity of DIR/study.json, as compact text. */
static char *identity_text(const char *dir)
{
    char *path = path_in(dir, "study.json");
    json_t *study = json_load_file(path, 0, NULL);
    ck_assert_msg(study, "cannot read %s", path);
    char *text = json_dumps(json_object_get(study, "identity"), JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_ptr_nonnull(text);
    json_decref(study);
    free(path);
    return text;
}

START_TEST(tournament_agents_spellings_agree)
{
    /* --agents A,B,C, --agent repeated and the two mixed are one study */
    const char *lists = support_scratch("lists"), *repeated = support_scratch("repeated"), *mixed = support_scratch("mixed");
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agents", "random,greedy:noise=0.5,heuristic",
                                "--deals", "100", "--bootstrap", "0", "--no-plots", "--quiet", "--out", (char *)lists));
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy:noise=0.5",
                                "--agent", "heuristic", "--deals", "100", "--bootstrap", "0", "--no-plots", "--quiet",
                                "--out", (char *)repeated));
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agents",
                                "greedy:noise=0.5,heuristic", "--deals", "100", "--bootstrap", "0", "--no-plots",
                                "--quiet", "--out", (char *)mixed));
    char *a = identity_text(lists), *b = identity_text(repeated), *c = identity_text(mixed);
    ck_assert_msg(strstr(a, "\"agents\":[\"random\",\"greedy:noise=0.5\",\"heuristic\"]"), "%s", a);
    ck_assert_str_eq(a, b);
    ck_assert_str_eq(a, c);
    free(a);
    free(b);
    free(c);
    for (int k = 0; rating_reports[k]; k++) {
        expect_same_file(lists, repeated, rating_reports[k]);
        expect_same_file(lists, mixed, rating_reports[k]);
    }
}
END_TEST

START_TEST(study_resumes_from_its_directory_alone)
{
    /* a study made from an experiment file ([options], --agents and --agent in [agents]) loses
     * a run; `tournament --resume DIR` alone plays it again from what study.json keeps */
    const char *whole = support_scratch("whole"), *root = support_scratch("resumed");
    char *ini = path_in(root, "t.ini"), *dir = path_in(root, "out");
    char text[2 * PATH_SIZE];
    snprintf(text, sizeof text,
             "[experiment]\ncommand = tournament\nout = %s\nseed = 5\nquiet = true\nno-plots = true\n[game]\n"
             "players = 2\n[options]\nstock_reserve = 0\n[agents]\nagents = random,greedy\nagent = heuristic\n"
             "[tournament]\ndeals = 200\nbootstrap = 100\n",
             dir);
    ck_assert(support_write_file(ini, text));
    run_ok(cli_run, ARGS("run", ini));
    /* the study of a file has its report.html, naming the file as its command */
    char *page = expect_report_html(dir, rating_reports, tournament_runs), command[PATH_SIZE + 32];
    snprintf(command, sizeof command, "<pre><code>dominolab run %s</code></pre>", ini);
    ck_assert_msg(strstr(page, command), "the page does not name %s", command);
    free(page);
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--option", "stock_reserve=0", "--agents",
                                "random,greedy,heuristic", "--deals", "200", "--seed", "5", "--bootstrap", "100",
                                "--no-plots", "--quiet", "--out", (char *)whole));
    char *pair = path_in(dir, "pairs/01-02");
    support_remove_tree(pair);
    free(pair);
    run_ok(cli_tournament, ARGS("tournament", "--resume", dir, "--threads", "2", "--quiet", "--no-plots"));
    for (int k = 0; rating_reports[k]; k++) expect_same_file(whole, dir, rating_reports[k]);
    expect_same_file(whole, dir, "pairs/01-02/deals.csv");
    free(ini);
    free(dir);
}
END_TEST

START_TEST(old_study_resumes_alone_once_resumed_whole)
{
    /* study.json of an older dominolab keeps no arguments: --resume DIR alone says to give the
     * whole command, which then stores them, so that the next --resume DIR alone works */
    const char *dir = support_scratch("old");
    run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "greedy,random", "--matches", "40", "--no-plots",
                          "--quiet", "--out", (char *)dir));
    char *path = path_in(dir, "study.json");
    json_t *study = json_load_file(path, 0, NULL);
    ck_assert_ptr_nonnull(study);
    ck_assert_msg(json_is_array(json_object_get(study, "arguments")), "study.json keeps no arguments");
    json_object_del(study, "arguments");
    ck_assert_int_eq(json_dump_file(study, path, JSON_INDENT(2)), 0);
    json_decref(study);
    capture_t result;
    support_run(cli_sprt, ARGS("sprt", "--resume", (char *)dir, "--quiet"), &result);
    ck_assert_msg(result.status == 2 && support_is_one_line(result.err) &&
                      strstr(result.err, "give the whole command with --resume"),
                  "exit %d: %s", result.status, result.err);
    support_capture_free(&result);
    run_ok(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "greedy,random", "--matches", "40", "--no-plots",
                          "--quiet", "--resume", (char *)dir));
    run_ok(cli_sprt, ARGS("sprt", "--resume", (char *)dir, "--quiet", "--no-plots"));
    /* another kind's command, and a study that differs, are refused */
    support_run(cli_tournament, ARGS("tournament", "--resume", (char *)dir), &result);
    ck_assert_msg(result.status == 2 && strstr(result.err, "holds a sprt study, not a tournament"), "%s", result.err);
    support_capture_free(&result);
    support_run(cli_sim, ARGS("sim", "--resume", (char *)dir), &result);
    ck_assert_msg(result.status == 2 && strstr(result.err, "dominolab sprt --resume"), "%s", result.err);
    support_capture_free(&result);
    free(path);
}
END_TEST

static double first_row_number(const char *dir, const char *file, const char *name);

/* balance with neither --deals nor --matches plays its defaults (100,000 deals and 10,000
 * matches) and reports them: once it ended by refusing its own study.json (units 0). */
START_TEST(balance_with_default_counts_reports)
{
    const char *dir = support_scratch("defaults");
    run_ok(cli_balance, ARGS("balance", "--players", "2", "--agents", "random", "--threads", "2", "--no-plots",
                             "--quiet", "--out", (char *)dir));
    ck_assert_int_eq((int)first_row_number(dir, "balance.csv", "hands"), 100000 * 2); /* random: two replays */
    ck_assert_int_eq((int)first_row_number(dir, "balance.csv", "matches"), 10000);
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
    for (int k = 0; pairs[k]; k++) { /* every fourth unit the pair played (it may stop early), both seatings */
        char *run = path_in(recorded, pairs[k]), *file = path_in(run, "run.json");
        json_t *json = json_load_file(file, 0, NULL);
        ck_assert_ptr_nonnull(json);
        int64_t units = json_integer_value(json_object_get(json, "units_done"));
        json_decref(json);
        ck_assert_int_gt(units, 0);
        expect_run_records(recorded, pairs[k], (int)((units + 3) / 4) * 2);
        free(file);
        free(run);
    }
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
    /* report.html's sample is the first record kept, linked where it lies (or copied beside an analyze --out) */
    static const char *const files[] = {"sprt.csv", NULL}, *const runs[] = {"run", NULL};
    char *page = expect_report_html(sprt, files, runs), kept_name[64];
    const char *link = strstr(page, "<a href=\"run/records/u");
    ck_assert_msg(link && sscanf(link, "<a href=\"%63[^\"]\"", kept_name) == 1, "no kept record is linked");
    const char *unit = kept_name + strlen("run/records/u");
    ck_assert_msg(strstr(link, "-r0.jsonl\">its record</a> (kept by --records)") &&
                      strspn(unit, "0") == strcspn(unit, "-"),
                  "the first kept record (unit 0, rotation 0) is not linked: %s", kept_name);
    free(page);
    const char *again = support_scratch("again");
    run_ok(cli_analyze, ARGS("analyze", (char *)sprt, "--out", (char *)again, "--no-plots"));
    page = expect_report_html(again, files, runs);
    ck_assert_msg(strstr(page, "<a href=\"games/run.jsonl\">its record</a> (kept by --records)"),
                  "the kept record is not copied beside the page");
    free(page);
    char *copied = path_in(again, "games/run.jsonl"), *kept = path_in(sprt, kept_name);
    char *copied_text = support_read_file(copied, NULL), *kept_text = support_read_file(kept, NULL);
    ck_assert_msg(copied_text && kept_text && !strcmp(copied_text, kept_text), "%s is not %s", copied, kept);
    free(copied_text);
    free(kept_text);
    free(copied);
    free(kept);
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
    expect_golden(dir, "sprt", "sprt_blocks.csv");
    const char *again = support_scratch("again");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    expect_same_file(dir, again, "sprt.csv");
    expect_same_file(dir, again, "sprt_trace.csv");
    expect_same_file(dir, again, "sprt_blocks.csv");
    static const char *const files[] = {"sprt.csv", NULL}, *const runs[] = {"run", NULL};
    char *page = expect_report_html(dir, files, runs);
    ck_assert_msg(strstr(page, "H1 accepted: heuristic is stronger than greedy by 62 Elo [43, 82] after 928 games"),
                  "the verdict is not the page's first sentence");
    ck_assert_msg(strstr(page, "<title>LLR (last: 2.9548 at 464)</title>"), "no LLR line on the page");
    expect_same_report(dir, again);
    /* analyze in the study's own directory writes the same page again */
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--no-plots"));
    char *path = path_in(dir, "report.html"), *rebuilt = support_read_file(path, NULL);
    ck_assert_msg(rebuilt && !strcmp(page, rebuilt), "analyze rewrote %s differently", path);
    free(rebuilt);
    free(path);
    free(page);
    /* The decided run, complete before its cap, is a run like any other: resumed (nothing to
     * play) and its games played again (it once refused both, "the run is complete, but 464
     * of 1000000 units are done"). */
    run_ok(cli_sprt, ARGS("sprt", "--resume", (char *)dir, "--quiet", "--no-plots"));
    char *run = path_in(dir, "run");
    run_ok(cli_replay, ARGS("replay", "--run", run, "--unit", "463", "--rotation", "1"));
    free(run);
}
END_TEST

static char verdict_of(const char *dir);

/* The progress of a study counts the whole study against one total, announced with an
 * estimate of the time before the first run, and shows the standings: score and Elo for a
 * tournament, the LLR and its bounds for sprt, whose last line is what it played, at 100%.
 * (No terminal here: one line per run.) */
START_TEST(progress_counts_the_whole_study)
{
    const char *dir = support_scratch("progress");
    capture_t result;
    support_run(cli_tournament, ARGS("tournament", "--players", "2", "--agent", "random", "--agent", "greedy", "--agent",
                                     "heuristic", "--deals", "300", "--precision", "0", "--threads", "1", "--no-plots",
                                     "--out", (char *)dir),
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    const char *plan = strstr(result.err, "dominolab tournament: 3 runs, 900 deals in all");
    ck_assert_msg(plan && strstr(plan, "about ") && plan < strstr(result.err, "run 1 of 3"), "%s", result.err);
    int lines = 0;
    long last = 0;
    for (const char *line = strstr(result.err, "progress: "); line; line = strstr(line + 1, "progress: ")) {
        long done, total;
        ck_assert_msg(sscanf(line, "progress: run %*d/3, %ld/%ld deals", &done, &total) == 2, "%.120s", line);
        ck_assert_int_eq(total, 900);
        ck_assert_msg(done >= last, "progress went back: %.120s", line);
        ck_assert_msg(strstr(line, " score 0.") && strstr(line, ", Elo "), "no standings: %.160s", line);
        last = done;
        lines++;
    }
    ck_assert_int_ge(lines, 3);
    ck_assert_int_eq(last, 900);
    support_capture_free(&result);

    const char *sprt = support_scratch("sprt-progress");
    support_run(cli_sprt, ARGS("sprt", "--players", "2", "--agents", "heuristic,random", "--deals", "2000", "--threads",
                               "1", "--no-plots", "--out", (char *)sprt),
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_msg(strstr(result.err, "from 1 to 2000 deals") && strstr(result.err, "LLR ") &&
                      strstr(result.err, " [-2.94, 2.94]"),
                  "%s", result.err);
    /* a test that stops early ends its progress at what it played, at 100% */
    const char *final = NULL;
    for (const char *line = strstr(result.err, "progress: "); line; line = strstr(line + 1, "progress: ")) final = line;
    long done = 0, total = 0;
    ck_assert_msg(final && sscanf(final, "progress: run 1/1, %ld/%ld deals (100.0%%)", &done, &total) == 2 &&
                      done == total && done < 2000,
                  "%s", result.err);
    support_capture_free(&result);
}
END_TEST

/* A number of a CSV file's first data row, by column name. */
static double first_row_number(const char *dir, const char *file, const char *name)
{
    char *path = path_in(dir, file);
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
    int column = csv_column(&reader, name, error, sizeof error);
    ck_assert_msg(column >= 0, "%s", error);
    double value = strtod(reader.field[column], NULL);
    csv_close(&reader);
    free(path);
    return value;
}

/* The test the run stopped on is the test the report replays from deals.csv: the run's
 * stopping rule read every play of a block (as many as the seatings), so both end on the
 * same block. */
static void expect_stopped_where_reported(const char *dir)
{
    char *run_json = path_in(dir, "run/run.json");
    json_error_t json_error;
    json_t *run = json_load_file(run_json, 0, &json_error);
    ck_assert_msg(run != NULL, "%s: %s", run_json, json_error.text);
    ck_assert_int_eq(json_integer_value(json_object_get(run, "units_done")),
                     (json_int_t)first_row_number(dir, "sprt.csv", "blocks"));
    json_decref(run);
    free(run_json);
}

/* Two agents over three seats: each deal is played in the six seatings A,B,B and B,A,A
 * rotated, so each agent holds nine seats of a block, and the pair's score is the mean of
 * its score outnumbered (one seat against two) and outnumbering. */
START_TEST(three_player_comparisons)
{
    const char *dir = support_scratch("three");
    run_ok(cli_tournament, ARGS("tournament", "--players", "3", "--agent", "greedy", "--agent", "heuristic", "--deals",
                                "200", "--precision", "0", "--seed", "4", "--bootstrap", "50", "--no-plots", "--quiet",
                                "--out", (char *)dir));
    char *deals = path_in(dir, "pairs/00-01/deals.csv");
    outcome_table_t table;
    char error[512];
    ck_assert_msg(outcomes_read(deals, &table, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(table.rotations, 6);
    ck_assert_int_eq(table.units, 200);
    for (int64_t u = 0; u < table.units; u++) {
        const outcome_play_t *plays = outcomes_block(&table, u);
        int held[2] = {0, 0};
        for (int r = 0; r < table.rotations; r++)
            for (int s = 0; s < 3; s++) held[plays[r].seat[s].agent]++;
        if (held[0] != 9 || held[1] != 9) ck_abort_msg("unit %lld: seats held %d and %d", (long long)u, held[0], held[1]);
    }
    outcomes_free(&table);
    free(deals);
    double score = first_row_number(dir, "pairwise.csv", "paired_score");
    double fewer = first_row_number(dir, "pairwise.csv", "a_score_outnumbered");
    double more = first_row_number(dir, "pairwise.csv", "a_score_outnumbering");
    ck_assert_double_eq_tol(score, (fewer + more) / 2, 2e-6);
    ck_assert_msg(fewer < more, "one seat against two should score less: %f, %f", fewer, more);
    ck_assert_int_eq((int)first_row_number(dir, "pairwise.csv", "games"), 200 * 6);

    const char *sprt = support_scratch("sprt3");
    run_ok(cli_sprt, ARGS("sprt", "--players", "3", "--agents", "heuristic,random", "--deals", "400", "--seed", "4",
                          "--no-plots", "--quiet", "--out", (char *)sprt));
    ck_assert_int_eq(verdict_of(sprt), '1'); /* heuristic is far stronger than random */
    ck_assert_int_eq((long)first_row_number(sprt, "sprt.csv", "games") % 6, 0);
    expect_stopped_where_reported(sprt);

    const char *four = support_scratch("sprt4");
    run_ok(cli_sprt, ARGS("sprt", "--players", "4", "--agents", "heuristic,random", "--deals", "400", "--seed", "4",
                          "--no-plots", "--quiet", "--out", (char *)four));
    ck_assert_int_eq((long)first_row_number(four, "sprt.csv", "games") % 2, 0);
    ck_assert_int_eq((long)first_row_number(four, "sprt.csv", "games"),
                     2 * (long)first_row_number(four, "sprt.csv", "blocks"));
    expect_stopped_where_reported(four);
}
END_TEST

static int csv_column_values(const char *path, const char *name, double *values, int max);

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

/* Partnership through every study command: four seats, two teams, each deal played with
 * the teams swapped; tournament, sprt, balance and calibrate write their reports, and
 * analyze rebuilds each alike. */
/* Bingo through a tournament and balance: a closed hand, a failed close and one won at 70
 * are each counted among the hands' ends (the share of closes that fail comes from them). */
START_TEST(bingo_studies_run_end_to_end)
{
    const char *tour = support_scratch("b_tournament");
    run_ok(cli_tournament, ARGS("tournament", "--game", "bingo", "--players", "2", "--agents", "random,greedy,heuristic",
                                "--deals", "300", "--precision", "0", "--seed", "3", "--bootstrap", "50", "--threads",
                                "2", "--no-plots", "--quiet", "--out", (char *)tour));
    ck_assert_int_eq((int)first_row_number(tour, "pairwise.csv", "games"), 300 * 2);
    double elo[4];
    char *ratings = path_in(tour, "ratings.csv");
    ck_assert_int_eq(csv_column_values(ratings, "elo", elo, 4), 3);
    free(ratings);
    /* ranked by rating: the heuristic first, random last, far below */
    ratings = path_in(tour, "ratings.csv");
    char *ratings_text = support_read_file(ratings, NULL);
    free(ratings);
    const char *h = strstr(ratings_text, "\n1,heuristic,"), *g = strstr(ratings_text, "\n2,greedy,"),
               *r = strstr(ratings_text, "\n3,random,");
    ck_assert_msg(h && g && r && elo[0] - elo[2] > 200, "%s", ratings_text);
    free(ratings_text);

    const char *sprt = support_scratch("b_sprt");
    run_ok(cli_sprt, ARGS("sprt", "--game", "bingo", "--players", "2", "--agents", "heuristic,random", "--elo1", "100",
                          "--deals", "600", "--seed", "4", "--no-plots", "--quiet", "--out", (char *)sprt));
    char *sprt_path = path_in(sprt, "sprt.csv"), *sprt_text = support_read_file(sprt_path, NULL);
    free(sprt_path);
    ck_assert_msg(sprt_text && strstr(sprt_text, ",H1,"), "sprt did not find the heuristic better: %s", sprt_text);
    free(sprt_text);

    const char *calibrate = support_scratch("b_calibrate");
    run_ok(cli_calibrate, ARGS("calibrate", "--game", "bingo", "--players", "2", "--levels", "2", "--matches", "60",
                               "--candidate", "greedy:noise=1", "--candidate", "heuristic", "--seed", "4", "--threads",
                               "2", "--no-plots", "--quiet", "--out", (char *)calibrate));
    agent_levels_t levels;
    char error[512], *levels_path = path_in(calibrate, "levels.ini");
    ck_assert_msg(config_read_levels(levels_path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(levels.count, 2);
    ck_assert_str_eq(levels.game, "bingo");
    free(levels_path);

    const char *balance = support_scratch("b_balance");
    run_ok(cli_balance, ARGS("balance", "--game", "bingo", "--players", "2", "--agents", "random", "--deals", "600",
                             "--seed", "2", "--threads", "2", "--no-plots", "--quiet", "--out", (char *)balance));
    char *ends = path_in(balance, "ends.csv");
    char *text = support_read_file(ends, NULL);
    bool all = text && strstr(text, ",hand,reached_70,") && strstr(text, ",hand,closed,") &&
               strstr(text, ",hand,failed_close,");
    ck_assert_msg(all, "ends.csv lacks a way a Bingo hand ends: %s", text ? text : "(none)");
    free(text);
    free(ends);

    const struct {
        const char *const *dir, *file;
    } rebuilt[] = {{&tour, "ratings.csv"}, {&sprt, "sprt.csv"}, {&balance, "ends.csv"}, {&calibrate, "calibration.csv"}};
    for (size_t k = 0; k < sizeof rebuilt / sizeof rebuilt[0]; k++) {
        static const char *const again_names[] = {"b_again0", "b_again1", "b_again2", "b_again3"};
        const char *again = support_scratch(again_names[k]);
        run_ok(cli_analyze, ARGS("analyze", (char *)*rebuilt[k].dir, "--out", (char *)again, "--no-plots"));
        expect_same_file(*rebuilt[k].dir, again, rebuilt[k].file);
    }
}
END_TEST

START_TEST(partnership_studies_run_end_to_end)
{
    const char *tour = support_scratch("p_tournament");
    run_ok(cli_tournament, ARGS("tournament", "--game", "partnership", "--players", "4", "--agent", "random", "--agent",
                                "greedy", "--agent", "heuristic", "--deals", "120", "--seed", "3", "--bootstrap", "50",
                                "--threads", "2", "--no-plots", "--quiet", "--out", (char *)tour));
    /* duplicate with the teams swapped: A,B,A,B then B,A,B,A on every deal */
    char *deals = path_in(tour, "pairs/00-01/deals.csv");
    outcome_table_t table;
    char error[512];
    ck_assert_msg(outcomes_read(deals, &table, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(table.rotations, 2);
    ck_assert_int_eq(table.units, 120);
    for (int64_t u = 0; u < table.units; u++) {
        const outcome_play_t *plays = outcomes_block(&table, u);
        for (int r = 0; r < 2; r++)
            if (plays[r].seat[0].agent != plays[r].seat[2].agent ||
                plays[r].seat[1].agent != plays[r].seat[3].agent ||
                plays[r].seat[0].agent == plays[r].seat[1].agent ||
                plays[r].seat[0].agent != plays[1 - r].seat[1].agent)
                ck_abort_msg("unit %lld, rotation %d: seats held by %d,%d,%d,%d", (long long)u, r,
                             plays[r].seat[0].agent, plays[r].seat[1].agent, plays[r].seat[2].agent,
                             plays[r].seat[3].agent);
    }
    outcomes_free(&table);
    free(deals);
    ck_assert_int_eq((int)first_row_number(tour, "pairwise.csv", "games"), 120 * 2);
    double elo[4];
    char *ratings = path_in(tour, "ratings.csv");
    ck_assert_int_eq(csv_column_values(ratings, "elo", elo, 4), 3);
    free(ratings);

    const char *sprt = support_scratch("p_sprt");
    run_ok(cli_sprt, ARGS("sprt", "--game", "partnership", "--players", "4", "--agents", "heuristic,random", "--elo1",
                          "100", "--deals", "600", "--seed", "4", "--no-plots", "--quiet", "--out", (char *)sprt));
    ck_assert_int_eq((long)first_row_number(sprt, "sprt.csv", "games"),
                     2 * (long)first_row_number(sprt, "sprt.csv", "blocks"));
    expect_stopped_where_reported(sprt);

    /* balance: the first starter's team advantage, blocks against dominoes, hand lengths */
    const char *balance = support_scratch("p_balance");
    run_ok(cli_balance, ARGS("balance", "--game", "partnership", "--players", "4", "--agents", "random", "--deals",
                             "300", "--matches", "20", "--seed", "2", "--threads", "2", "--no-plots", "--quiet",
                             "--out", (char *)balance));
    ck_assert_int_eq((int)first_row_number(balance, "balance.csv", "sides"), 2);
    ck_assert_double_eq_tol(first_row_number(balance, "balance.csv", "fair_share"), 0.5, 1e-9);
    double advantage = first_row_number(balance, "balance.csv", "hand_leader_advantage");
    double leader = first_row_number(balance, "balance.csv", "hand_leader_share");
    ck_assert_double_eq_tol(advantage, leader - 0.5, 1e-6);
    double plies = first_row_number(balance, "balance.csv", "mean_plies_per_hand");
    ck_assert_msg(plies > 7 && plies < 60, "%f plies a hand", plies); /* out after 7 tiles at the soonest */
    char *ends = path_in(balance, "ends.csv"), *distributions = path_in(balance, "distributions.csv");
    char *ends_text = support_read_file(ends, NULL), *distribution_text = support_read_file(distributions, NULL);
    ck_assert_msg(ends_text && strstr(ends_text, ",hand,domino,") && strstr(ends_text, ",hand,blocked,"),
                  "ends.csv lacks dominoes or blocks: %s", ends_text ? ends_text : "(none)");
    ck_assert_msg(distribution_text && strstr(distribution_text, ",plies_per_hand,"), "no hand lengths");
    free(ends_text);
    free(distribution_text);
    free(ends);
    free(distributions);

    const char *calibrate = support_scratch("p_calibrate");
    run_ok(cli_calibrate, ARGS("calibrate", "--game", "partnership", "--players", "4", "--levels", "2", "--deals",
                               "100", "--candidate", "greedy:noise=1", "--candidate", "heuristic", "--seed", "4",
                               "--threads", "2", "--no-plots", "--quiet", "--out", (char *)calibrate));
    char *levels_path = path_in(calibrate, "levels.ini");
    agent_levels_t levels;
    ck_assert_msg(config_read_levels(levels_path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(levels.count, 2);
    ck_assert_str_eq(levels.game, "partnership");
    ck_assert_int_eq(levels.players, 4);
    free(levels_path);

    const struct {
        const char *const *dir, *files[3];
    } rebuilt[] = {
        {&tour, {"pairwise.csv", "ratings.csv", NULL}},
        {&sprt, {"sprt.csv", NULL}},
        {&balance, {"balance.csv", "ends.csv", "seats.csv"}},
        {&calibrate, {"calibration.csv", "candidates.csv", NULL}},
    };
    for (size_t k = 0; k < sizeof rebuilt / sizeof rebuilt[0]; k++) {
        static const char *const again_names[] = {"p_again0", "p_again1", "p_again2", "p_again3"};
        const char *again = support_scratch(again_names[k]);
        run_ok(cli_analyze, ARGS("analyze", (char *)*rebuilt[k].dir, "--out", (char *)again, "--no-plots"));
        for (int f = 0; f < 3 && rebuilt[k].files[f]; f++)
            expect_same_file(*rebuilt[k].dir, again, rebuilt[k].files[f]);
    }
}
END_TEST

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

static const char *const balance_reports[] = {"balance.csv", "seats.csv", "ends.csv", "distributions.csv",
                                              "comparisons.csv", NULL};

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
    static const char *const files[] = {"balance.csv", "seats.csv", "ends.csv", NULL};
    static const char *const runs[] = {"variants-00-hands", "variants-00-matches", "variants-01-hands",
                                       "variants-01-matches", NULL};
    char *page = expect_report_html(dir, files, runs);
    ck_assert_msg(strstr(page, "block_method=simple, hands: balance 0.976 [0.959, 1.000] (1 is fair); the first "
                               "player has the advantage: +0.264 [+0.230, +0.297]") &&
                      strstr(page, "Every measure against block_method=simple: 8 comparisons, each interval at 99.38% "
                                   "(Bonferroni)"),
                  "the balance sentences are not on the page");
    ck_assert_msg(strstr(page, "block_method=american, matches: <a") || strstr(page, "block_method=american, matches: "
                                                                                       "no viewer page"),
                  "no sample of the american matches");
    expect_same_report(dir, again);
    free(page);
}
END_TEST

START_TEST(balance_agents_spellings_agree)
{
    const char *list = support_scratch("list"), *single = support_scratch("single");
    run_ok(cli_balance, ARGS("balance", "--players", "2", "--agents", "greedy:noise=0.3", "--deals", "60", "--matches",
                             "10", "--no-plots", "--quiet", "--out", (char *)list));
    run_ok(cli_balance, ARGS("balance", "--players", "2", "--agent", "greedy:noise=0.3", "--deals", "60", "--matches",
                             "10", "--no-plots", "--quiet", "--out", (char *)single));
    char *a = identity_text(list), *b = identity_text(single);
    ck_assert_msg(strstr(a, "\"agent\":\"greedy:noise=0.3\""), "%s", a);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    for (int k = 0; balance_reports[k]; k++) expect_same_file(list, single, balance_reports[k]);
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

/* --max-ms leaves out the candidates that think too long a decision (pimc takes tens of
 * microseconds a decision, greedy a few hundredths: 5 µs parts them with margins of about
 * 20 and 250 either way, under the sanitizers too), says so, and the levels, their
 * calibration.csv rows and levels.ini give each level's CPU time a decision. A budget no
 * agent meets is refused. */
START_TEST(calibration_keeps_to_a_time_budget)
{
    const char *dir = support_scratch("budget");
    capture_t result;
    support_run(cli_calibrate, ARGS("calibrate", "--players", "2", "--levels", "2", "--matches", "64", "--candidate",
                                    "greedy:noise=0.5", "--candidate", "greedy", "--candidate", "pimc", "--max-ms",
                                    "0.005", "--seed", "4", "--threads", "2", "--no-plots", "--out", (char *)dir),
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_msg(strstr(result.err, "left out pimc: ") && strstr(result.err, "above --max-ms 0.005"), "%s", result.err);
    ck_assert_msg(strstr(result.out, "a decision: one thread's CPU time"), "%s", result.out);
    support_capture_free(&result);
    char *text = identity_text(dir);
    ck_assert_msg(strstr(text, "\"candidates\":[\"greedy:noise=0.5\",\"greedy\"]") && strstr(text, "\"max_ms\":0.005"),
                  "%s", text);
    free(text);
    double ms[4];
    char *calibration = path_in(dir, "calibration.csv"), *timing = path_in(dir, "timing.csv"),
         *table = path_in(dir, "levels.ini");
    ck_assert_int_eq(csv_column_values(calibration, "ms_per_decision", ms, 4), 2);
    for (int k = 0; k < 2; k++) ck_assert_msg(ms[k] > 0 && ms[k] <= 0.005, "level %d: %g ms", k + 1, ms[k]);
    ck_assert_int_eq(csv_column_values(timing, "ms_per_decision", ms, 4), 3); /* pimc timed, then left out */
    char *ini = support_read_file(table, NULL);
    ck_assert_msg(ini && strstr(ini, "of CPU a decision where it was measured"), "%s", ini ? ini : "(none)");
    free(ini);
    free(calibration);
    free(timing);
    free(table);
    const char *none = support_scratch("no-budget");
    support_run(cli_calibrate, ARGS("calibrate", "--players", "2", "--levels", "2", "--candidate", "greedy:noise=0.5",
                                    "--candidate", "greedy", "--max-ms", "0.000001", "--quiet", "--out", (char *)none),
                &result);
    ck_assert_msg(result.status == 2 && strstr(result.err, "--max-ms: 0 of the 2 candidates decide within 1e-06 ms"),
                  "exit %d: %s", result.status, result.err);
    support_capture_free(&result);
}
END_TEST

/* Where a level falls between two candidates of one kind more than a level step apart, the
 * agent it would take is measured too (candidates/02, then 03 the round after), in its
 * place on the ladder, and the levels placed again; analyze rebuilds the same candidates
 * from the runs alone; --refine 0 measures the candidates given only. Three levels over
 * greedy:noise=1 (about -770) and greedy (0): level 2 at half way, across the whole gap. */
START_TEST(calibration_measures_where_levels_fall)
{
    const char *dir = support_scratch("refined");
    run_ok(cli_calibrate, ARGS("calibrate", "--players", "2", "--levels", "3", "--matches", "150", "--candidate",
                               "greedy:noise=1", "--candidate", "greedy", "--seed", "4", "--threads", "2",
                               "--no-plots", "--quiet", "--out", (char *)dir));
    ck_assert_int_eq(units_played(dir, "candidates/00/run.json") > 0, 1);
    ck_assert_int_eq(units_played(dir, "candidates/02/run.json") > 0, 1); /* greedy:noise=0.5, the blend at half way */
    ck_assert_int_eq(units_played(dir, "candidates/03/run.json") > 0, 1); /* the next round's */
    char *candidates = path_in(dir, "candidates.csv");
    char *text = support_read_file(candidates, NULL);
    ck_assert_ptr_nonnull(text);
    /* in ladder order, noise falling: noise=1, the two measured where level 2 fell (one of
     * them the blend at half way, noise=0.5), greedy */
    const char *first = strstr(text, "\n1,greedy:noise=1,"), *second = strstr(text, "\n2,greedy:noise="),
               *third = strstr(text, "\n3,greedy:noise="), *top = strstr(text, "\n4,greedy,");
    ck_assert_msg(first && second && third && top && strstr(text, ",greedy:noise=0.5,"), "%s", text);
    double noise2 = atof(second + strlen("\n2,greedy:noise=")), noise3 = atof(third + strlen("\n3,greedy:noise="));
    ck_assert_msg(1 > noise2 && noise2 > noise3 && noise3 > 0, "%s", text);
    free(text);
    const char *again = support_scratch("refined-again");
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    expect_same_file(dir, again, "candidates.csv");
    expect_same_file(dir, again, "calibration.csv");
    free(candidates);

    const char *plain = support_scratch("unrefined");
    run_ok(cli_calibrate, ARGS("calibrate", "--players", "2", "--levels", "3", "--matches", "150", "--candidate",
                               "greedy:noise=1", "--candidate", "greedy", "--refine", "0", "--seed", "4", "--threads",
                               "2", "--no-plots", "--quiet", "--out", (char *)plain));
    double smoothed[8];
    char *plain_candidates = path_in(plain, "candidates.csv");
    ck_assert_int_eq(csv_column_values(plain_candidates, "smoothed_elo", smoothed, 8), 2);
    char *extra = path_in(plain, "candidates/02");
    ck_assert_msg(access(extra, F_OK) != 0, "%s was measured without refinement", extra);
    free(extra);
    free(plain_candidates);
}
END_TEST

START_TEST(calibration_is_even_and_rising)
{
    const char *dir = support_scratch("calibrate");
    run_ok(cli_calibrate, ARGS("calibrate", "--players", "2", "--levels", "3", "--matches", "150", "--candidate",
                               "greedy:noise=1", "--candidate", "greedy:noise=0.5", "--candidate", "greedy",
                               "--candidate", "heuristic", "--refine", "0", "--seed", "4", "--threads", "2",
                               "--no-plots", "--quiet", "--out", (char *)dir));
    /* a run stops once its order against the reference is settled: greedy:noise=1 at the
     * first look, 64 of the 150 matches (docs/analysis.md, "Stopping early") */
    ck_assert_int_eq(units_played(dir, "candidates/00/run.json"), 64);
    ck_assert_int_le(units_played(dir, "verify/02/run.json"), 150);
    double smoothed[16], target[16];
    char *candidates = path_in(dir, "candidates.csv"), *calibration = path_in(dir, "calibration.csv");
    int n = csv_column_values(candidates, "smoothed_elo", smoothed, 16);
    ck_assert_int_eq(n, 4);
    for (int k = 1; k < n; k++) ck_assert_msg(smoothed[k] >= smoothed[k - 1], "smoothed ratings fall at %d", k);
    ck_assert_int_eq(csv_column_values(calibration, "target_elo", target, 16), 3);
    double step = target[1] - target[0];
    ck_assert_msg(step > 0, "levels do not rise");
    ck_assert_msg(fabs(target[2] - target[1] - step) < 1e-5, "uneven step at level 3"); /* the CSV rounds to 1e-6 */
    /* spread from the weakest candidate to the strongest */
    ck_assert_msg(fabs(target[0] - smoothed[0]) < 1e-6 && fabs(target[2] - smoothed[n - 1]) < 1e-6,
                  "the levels do not span the candidates' range");
    /* the table it wrote holds three levels and its game, and --level-table reads it */
    char *table = path_in(dir, "levels.ini");
    agent_levels_t levels;
    char error[512];
    ck_assert_msg(config_read_levels(table, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(levels.count, 3);
    ck_assert_str_eq(levels.spec[0], "greedy:noise=1");
    ck_assert_str_eq(levels.spec[2], "heuristic");
    ck_assert_str_eq(levels.game, "bergen");
    ck_assert_str_eq(levels.preset, "bergen");
    ck_assert_int_eq(levels.players, 2);
    run_ok(cli_agents, ARGS("agents", "--level-table", table, "--check", "level:3"));
    capture_t result;
    support_run(cli_agents, ARGS("agents", "--level-table", table, "--check", "level:4"), &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "has 3 levels"), "%s", result.err);
    support_capture_free(&result);
    /* in its own game level:N plays it without a word; another game refuses it */
    const char *played = support_scratch("played");
    support_run(cli_sim, ARGS("sim", "--players", "2", "--agents", "level:3,level:1", "--deals", "4", "--seed", "1",
                              "--level-table", table, "--quiet", "--out", (char *)played),
                &result);
    ck_assert_msg(result.status == 0 && !result.err[0], "exit %d: %s", result.status, result.err);
    support_capture_free(&result);
    support_run(cli_sim, ARGS("sim", "--game", "double_bergen", "--players", "2", "--agents", "level:3,greedy",
                              "--deals", "4", "--seed", "1", "--level-table", table, "--quiet", "--out",
                              (char *)played),
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, table) && strstr(result.err, "measured for bergen, not for double_bergen"), "%s",
                  result.err);
    support_capture_free(&result);
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
    ck_assert_int_eq(rebuilt.count, 3);
    for (int k = 0; k < 3; k++) ck_assert_str_eq(rebuilt.spec[k], levels.spec[k]);
    ck_assert_str_eq(rebuilt.game, "bergen");
    /* report.html: the levels in a sentence, a sample of each candidate's and each level's own run */
    static const char *const files[] = {"calibration.csv", "candidates.csv", NULL};
    static const char *const runs[] = {"candidates-00", "candidates-01", "candidates-03", "verify-01", "verify-03",
                                       NULL};
    char *page = expect_report_html(dir, files, runs);
    ck_assert_msg(strstr(page, "3 levels against greedy, ") &&
                      strstr(page, "level 1 is greedy:noise=1, measured at ") &&
                      strstr(page, "level 3 is heuristic, measured at "),
                  "the levels are not in the page's sentence");
    expect_same_report(dir, again);
    free(page);
    free(table_again);
    free(before);
    free(after);
    free(candidates);
    free(calibration);
    free(table);
}
END_TEST

/* Presets compared in one command, and a variant of several options in one --variant: each
 * run plays its preset (its run.json says so), and the report compares every measure. */
START_TEST(balance_compares_presets)
{
    const char *dir = support_scratch("presets");
    char *out = path_in(dir, "out"), *named = path_in(dir, "named");
    run_ok(cli_balance, ARGS("balance", "--game", "partnership", "--compare", "preset=partnership,doscientos",
                             "--agent", "random", "--deals", "40", "--matches", "6", "--no-plots", "--quiet", "--out",
                             out));
    static const char *const runs[][2] = {{"variants/00/matches/run.json", "\"preset\": \"partnership\""},
                                          {"variants/01/matches/run.json", "\"preset\": \"doscientos\""},
                                          {"variants/01/hands/run.json", "\"preset\": \"doscientos\""}};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        char *path = path_in(out, runs[k][0]);
        char *text = support_read_file(path, NULL);
        ck_assert_msg(text && strstr(text, runs[k][1]), "%s lacks %s", path, runs[k][1]);
        free(text);
        free(path);
    }
    char *comparisons = path_in(out, "comparisons.csv");
    char *text = support_read_file(comparisons, NULL);
    ck_assert_msg(text && strstr(text, "preset=doscientos,preset=partnership,match,leader_advantage,"),
                  "no comparison of the matches' leader: %s", text ? text : "(none)");
    free(text);
    /* --variant NAME:KEY=V,KEY=V (a list value keeps its commas) */
    run_ok(cli_balance, ARGS("balance", "--game", "partnership", "--variant", "plain:count_all_hands=false",
                             "--variant", "bonus:count_all_hands=true,hand_bonuses=[10,5],preset=doscientos",
                             "--agent", "random", "--deals", "20", "--no-plots", "--quiet", "--out", named));
    char *run = path_in(named, "variants/01/hands/run.json");
    text = support_read_file(run, NULL);
    ck_assert_msg(text && strstr(text, "\"preset\": \"doscientos\"") && strstr(text, "\"count_all_hands\": true"),
                  "the named variant did not play its preset and options: %s", text ? text : "(none)");
    free(text);
    free(run);
    free(comparisons);
    free(out);
    free(named);
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
    static const char *const files[] = {"balance.csv", "seats.csv", NULL}, *const runs[] = {"run", NULL};
    char *page = expect_report_html(dir, files, runs);
    ck_assert_msg(strstr(page, "<h1>dominolab sim run: Balance</h1>") && strstr(page, "Hands: balance "),
                  "not the balance page of a sim run");
    free(page);
}
END_TEST

/* analyze of a plain sim --per-deal run of two agents: the ratings report and report.html,
 * with the run's first game as its sample; again, the same bytes. */
START_TEST(analyze_writes_a_sim_runs_report_html)
{
    const char *dir = support_scratch("sim"), *again = support_scratch("again");
    run_ok(cli_sim, ARGS("sim", "--players", "4", "--agents", "random,greedy", "--deals", "30", "--seed", "2",
                         "--per-deal", "--quiet", "--out", (char *)dir));
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--no-plots"));
    static const char *const runs[] = {"run", NULL};
    char *page = expect_report_html(dir, rating_reports, runs);
    ck_assert_msg(strstr(page, "<h1>dominolab sim run: Ratings</h1>") && strstr(page, "random vs greedy: "),
                  "not the page of a sim run");
    ck_assert_msg(strstr(page, "<pre><code>dominolab sim --players 4 --agents random,greedy --deals 30"),
                  "the run's command is not on the page");
    char *record = path_in(dir, "games/run.jsonl");
    replay_summary_t summary;
    char error[1024];
    ck_assert_msg(replay_file(record, &summary, error, sizeof error) == REPLAY_AGREES, "%s", error);
    free(record);
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    expect_same_report(dir, again);
    free(page);
}
END_TEST

/* ------------------------------------------------------------------ bot faults */

/* A bot that answers every decision with a number no move has: a fault at each decision,
 * none of them a time-out (tests/bots/misbehave.py); greedy, its fallback, plays the moves. */
#define ILLEGAL_BOT "ext:cmd=python3 " DOMINOLAB_SOURCE_DIR "/tests/bots/misbehave.py illegal,fallback=greedy"
/* The name in its hello, by which the tables list it; the faults name it by that, then its
 * spec. */
#define ILLEGAL_BOT_NAME "misbehave illegal"
#define ILLEGAL_BOT_LABEL ILLEGAL_BOT_NAME " (" ILLEGAL_BOT ")"

/* The `name` field of each agent row of DIR/FILE (named `agent_column`, `name_column`): the
 * bot's hello name on its row, nothing on the others. */
static void expect_bot_named(const char *dir, const char *file, const char *agent_column, const char *name_column)
{
    char *path = path_in(dir, file), error[1024];
    csv_reader_t *reader = malloc(sizeof *reader);
    ck_assert_ptr_nonnull(reader);
    ck_assert_msg(csv_open(reader, path, error, sizeof error) == 0, "%s", error);
    int agent = csv_column(reader, agent_column, error, sizeof error), name = csv_column(reader, name_column, error,
                                                                                       sizeof error);
    ck_assert_msg(agent >= 0 && name >= 0, "%s", error);
    int rows = 0;
    while (csv_next(reader, error, sizeof error) == 1) {
        bool bot = !strcmp(reader->field[agent], ILLEGAL_BOT);
        ck_assert_msg(!strcmp(reader->field[name], bot ? ILLEGAL_BOT_NAME : ""), "%s:%ld: %s named '%s'", path,
                      reader->line, reader->field[agent], reader->field[name]);
        rows += bot;
    }
    ck_assert_msg(rows == 1, "%s: the bot's row %d times", path, rows);
    csv_close(reader);
    free(reader);
    free(path);
}

/* A ratings table on the terminal lists the bot by its name and says its spec under. */
static void expect_table_names_bot(const char *out)
{
    char row[256];
    snprintf(row, sizeof row, "  %-32.32s ", ILLEGAL_BOT_NAME);
    ck_assert_msg(strstr(out, row) && strstr(out, "\n" ILLEGAL_BOT_NAME " is " ILLEGAL_BOT "\n"),
                  "the table does not list the bot by its name:\n%s", out);
}

/* The illegal moves on the bot's agent row of RUN/summary.csv. */
static int64_t illegal_moves_in(const char *run)
{
    char *path = path_in(run, "summary.csv"), error[1024];
    csv_reader_t *reader = malloc(sizeof *reader);
    ck_assert_ptr_nonnull(reader);
    ck_assert_msg(csv_open(reader, path, error, sizeof error) == 0, "%s", error);
    int agent = csv_column(reader, "agent", error, sizeof error), count = csv_column(reader, "illegal_moves", error,
                                                                                     sizeof error);
    ck_assert_msg(agent >= 0 && count >= 0, "%s", error);
    int64_t illegal = -1;
    while (csv_next(reader, error, sizeof error) == 1)
        if (!strcmp(reader->field[0], "agent") && !strcmp(reader->field[agent], ILLEGAL_BOT))
            ck_assert_msg(csv_int64(reader, count, &illegal, error, sizeof error) == 0, "%s", error);
    csv_close(reader);
    free(reader);
    ck_assert_msg(illegal > 1, "%s: the bot's row counts %lld illegal moves", path, (long long)illegal);
    free(path);
    return illegal;
}

/* The bot's note with `count` illegal moves, as every report words it. */
static void bot_note(int64_t count, char *out, size_t size)
{
    snprintf(out, size, ILLEGAL_BOT_LABEL " faulted: %lld illegal moves; its fallback played for it", (long long)count);
}

/* DIR/report.html warns of the bot above the result, with its count, and notes it inside
 * the result; returns the page (owned). */
static char *expect_faults_on_page(const char *dir, const char *note, int64_t count)
{
    char *path = path_in(dir, "report.html"), *page = support_read_file(path, NULL), row[2048], noted[2048];
    ck_assert_msg(page != NULL, "no %s", path);
    const char *warning = strstr(page, "<div class=\"faults\" role=\"alert\""),
               *result = strstr(page, "<div class=\"result\">");
    ck_assert_msg(warning && result && warning < result, "%s: no warning above the result", path);
    snprintf(row, sizeof row, "<tr><td>%s</td><td class=\"num\">", ILLEGAL_BOT_LABEL);
    ck_assert_msg(strstr(warning, row), "%s: the bot is not in the warning's table", path);
    snprintf(row, sizeof row, "</td><td class=\"num\">%lld</td><td class=\"num\">0</td><td class=\"num\">0</td></tr>",
             (long long)count);
    ck_assert_msg(strstr(warning, row), "%s: the warning does not count %lld illegal moves", path, (long long)count);
    snprintf(noted, sizeof noted, "\xE2\x9A\xA0 %s.</p>", note);
    const char *in_result = strstr(page, noted);
    ck_assert_msg(in_result && in_result > result && in_result < strstr(result, "</div>"),
                  "%s: the bot's note is not in the result", path);
    free(path);
    return page;
}

/* sim: the progress line counts the bot's faults, a warning names it on stderr once the run
 * is over and the run's summary on stdout gives its line, with summary.csv's count. analyze
 * marks it in the ratings table, names it under, and warns of it in report.html. */
START_TEST(sim_and_analyze_name_a_faulty_bot)
{
    const char *dir = support_scratch("faulty-sim"), *again = support_scratch("faulty-analyze");
    capture_t result;
    support_run(cli_sim, ARGS("sim", "--players", "2", "--agents", ILLEGAL_BOT ",random", "--deals", "4", "--seed", "3",
                              "--threads", "1", "--per-deal", "--out", (char *)dir),
                &result);
    ck_assert_msg(result.status == 0, "sim exited %d: %s", result.status, result.err);
    int64_t count = illegal_moves_in(dir);
    char note[1024], expected[4096];
    bot_note(count, note, sizeof note);
    snprintf(expected, sizeof expected, "! %s\n", note);
    ck_assert_str_eq(result.out, expected);
    snprintf(expected, sizeof expected, "; %lld bot faults: %lld illegal moves\n", (long long)count, (long long)count);
    const char *progress = strstr(result.err, "progress: ");
    ck_assert_msg(progress && strstr(progress, expected), "the progress line does not count the faults:\n%s",
                  result.err);
    snprintf(expected, sizeof expected,
             "dominolab sim: warning: %s (%s/summary.csv: illegal_moves, timeouts, crashes)\n", note, dir);
    ck_assert_msg(strstr(result.err, expected), "no warning naming the bot:\n%s", result.err);
    support_capture_free(&result);

    support_run(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots", "--bootstrap", "0"),
                &result);
    ck_assert_msg(result.status == 0, "analyze exited %d: %s", result.status, result.err);
    snprintf(expected, sizeof expected, "\n! %s\n", note);
    ck_assert_msg(strstr(result.out, "  ! faulted\n") && strstr(result.out, expected),
                  "the ratings table does not mark and name the bot:\n%s", result.out);
    expect_table_names_bot(result.out);
    expect_bot_named(again, "ratings.csv", "agent", "name");
    free(expect_faults_on_page(again, note, count));
    support_capture_free(&result);
}
END_TEST

/* tournament: the bot's row of the ratings table is marked and its note follows the table,
 * a warning ends the command on stderr (even --quiet), report.html warns and notes; analyze
 * writes the same page again. */
START_TEST(tournament_marks_a_faulty_bot)
{
    const char *dir = support_scratch("faulty-tournament"), *again = support_scratch("faulty-again");
    capture_t result;
    support_run(cli_tournament, ARGS("tournament", "--players", "2", "--agents", ILLEGAL_BOT ",random", "--deals", "3",
                                     "--seed", "4", "--bootstrap", "0", "--threads", "1", "--no-plots", "--quiet",
                                     "--out", (char *)dir),
                &result);
    ck_assert_msg(result.status == 0, "tournament exited %d: %s", result.status, result.err);
    char *pair = path_in(dir, "pairs/00-01");
    int64_t count = illegal_moves_in(pair);
    free(pair);
    char note[1024], expected[4096];
    bot_note(count, note, sizeof note);
    const char *marked = strstr(result.out, "  ! faulted\n");
    snprintf(expected, sizeof expected, "\n! %s\n", note);
    ck_assert_msg(marked && strstr(result.out, "leader's advantage") > marked && strstr(result.out, expected),
                  "the ratings table does not mark and name the bot:\n%s", result.out);
    snprintf(expected, sizeof expected, "dominolab tournament: warning: %s (%s/report.html lists them)\n", note, dir);
    ck_assert_msg(strstr(result.err, expected), "no warning naming the bot:\n%s", result.err);
    expect_table_names_bot(result.out);
    support_capture_free(&result);
    expect_bot_named(dir, "ratings.csv", "agent", "name");
    char *page = expect_faults_on_page(dir, note, count);
    const char *ratings = strstr(page, "Ratings, in Elo relative to ");
    const char *named = ratings ? strstr(ratings, ILLEGAL_BOT_NAME " ") : NULL;
    ck_assert_msg(strstr(page, "<td>" ILLEGAL_BOT_NAME "</td>") && named && named < strstr(ratings, "</p>"),
                  "report.html does not list the bot by its name");
    free(page);
    run_ok(cli_analyze, ARGS("analyze", (char *)dir, "--out", (char *)again, "--no-plots"));
    expect_same_report(dir, again);
}
END_TEST

/* sprt, balance and calibrate: the bot's note right under the verdict (the SPRT's score
 * line, balance's legend, the levels' table), and on the page. */
START_TEST(study_verdicts_note_a_faulty_bot)
{
    const char *sprt = support_scratch("faulty-sprt"), *balance = support_scratch("faulty-balance"),
               *calibrate = support_scratch("faulty-calibrate");
    capture_t result;
    char note[1024], expected[4096];
    support_run(cli_sprt, ARGS("sprt", "--players", "2", "--agents", ILLEGAL_BOT ",random", "--deals", "3", "--seed",
                               "4", "--threads", "1", "--no-plots", "--quiet", "--out", (char *)sprt),
                &result);
    ck_assert_msg(result.status == 0, "sprt exited %d: %s", result.status, result.err);
    char *run = path_in(sprt, "run");
    int64_t count = illegal_moves_in(run);
    free(run);
    bot_note(count, note, sizeof note);
    snprintf(expected, sizeof expected, " (95%%)\n" ILLEGAL_BOT_NAME " is " ILLEGAL_BOT "\n! %s\n", note);
    ck_assert_msg(strstr(result.out, expected) && !strncmp(result.out, "SPRT " ILLEGAL_BOT_NAME " vs random: ",
                                                          strlen("SPRT " ILLEGAL_BOT_NAME " vs random: ")),
                  "the verdict does not name the bot, or has no note:\n%s", result.out);
    support_capture_free(&result);
    expect_bot_named(sprt, "sprt.csv", "agent_a", "name_a");
    char *page = expect_faults_on_page(sprt, note, count);
    ck_assert_msg(strstr(page, ILLEGAL_BOT_NAME "&#39;s mean block score"), "report.html's verdict does not name the bot");
    free(page);

    support_run(cli_balance, ARGS("balance", "--players", "2", "--agent", ILLEGAL_BOT, "--deals", "3", "--seed", "4",
                                  "--threads", "1", "--no-plots", "--quiet", "--out", (char *)balance),
                &result);
    ck_assert_msg(result.status == 0, "balance exited %d: %s", result.status, result.err);
    run = path_in(balance, "variants/00/hands");
    count = illegal_moves_in(run);
    free(run);
    bot_note(count, note, sizeof note);
    snprintf(expected, sizeof expected, " the deal alone decides\n! %s\n", note);
    ck_assert_msg(strstr(result.out, expected), "the verdict has no note:\n%s", result.out);
    support_capture_free(&result);
    free(expect_faults_on_page(balance, note, count));

    support_run(cli_calibrate, ARGS("calibrate", "--players", "2", "--candidate", ILLEGAL_BOT, "--candidate", "random",
                                    "--levels", "2", "--deals", "10", "--seed", "4", "--threads", "1", "--no-plots",
                                    "--quiet", "--out", (char *)calibrate),
                &result);
    ck_assert_msg(result.status == 0, "calibrate exited %d: %s", result.status, result.err);
    count = 0; /* the bot's candidate run and, where it holds a level, its own verifying run */
    static const char *const runs[] = {"candidates/00", "verify/01", "verify/02"};
    for (int k = 0; k < 3; k++) {
        char *dir = path_in(calibrate, runs[k]), *summary = path_in(dir, "summary.csv");
        char *text = support_file_exists(summary) ? support_read_file(summary, NULL) : NULL;
        if (text && strstr(text, "misbehave.py illegal")) count += illegal_moves_in(dir);
        free(text);
        free(summary);
        free(dir);
    }
    bot_note(count, note, sizeof note);
    const char *table_end = strstr(result.out, "\nElo against greedy; spacing ");
    snprintf(expected, sizeof expected, "\n! %s\nlevel table written to ", note);
    ck_assert_msg(table_end && strstr(table_end, expected), "the levels have no note:\n%s", result.out);
    support_capture_free(&result);
    free(expect_faults_on_page(calibrate, note, count));
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

/* The text of DIR/plots/NAME.gp holds `caption` on its title's second line; with gnuplot,
 * NAME.png and NAME.svg were drawn and no log of a failure was left. */
static void expect_plot(const char *dir, const char *name, const char *caption, bool drawn)
{
    char file[PATH_SIZE], needle[1024];
    snprintf(file, sizeof file, "plots/%s.gp", name);
    char *path = path_in(dir, file), *script = support_read_file(path, NULL);
    ck_assert_msg(script != NULL, "no script %s", path);
    snprintf(needle, sizeof needle, "\\n%s", caption);
    char *title = strstr(script, "set title \"");
    ck_assert_msg(title && strstr(title, needle) && strstr(title, needle) < strchr(title, '\n'),
                  "%s: the title does not say \"%s\":\n%s", path, caption, script);
    free(script);
    free(path);
    static const char *const kinds[] = {"png", "svg"};
    for (int k = 0; k < 2 && drawn; k++) {
        snprintf(file, sizeof file, "plots/%s.%s", name, kinds[k]);
        path = path_in(dir, file);
        struct stat info;
        ck_assert_msg(stat(path, &info) == 0 && info.st_size > 1000, "%s missing or empty", path);
        free(path);
    }
    snprintf(file, sizeof file, "plots/%s.log", name);
    path = path_in(dir, file);
    ck_assert_msg(!support_file_exists(path), "gnuplot failed: see %s", path);
    free(path);
}

/* Integer column `name` of the first row of a CSV file. */
static long long first_row_integer(const char *path, const char *name)
{
    double value;
    ck_assert_int_eq(csv_column_values(path, name, &value, 1), 1);
    return (long long)value;
}

START_TEST(plots_name_game_players_and_sample)
{
    /* Every plot of every study and of analyze: the title names the game (and a preset that
     * is not the game's first), the players and the sample counted; each is drawn once when
     * gnuplot is installed. */
    bool drawn = system("command -v gnuplot >/dev/null 2>&1") == 0;
    const char *tournament_dir = support_scratch("tournament");
    run_ok(cli_tournament, ARGS("tournament", "--players", "2", "--preset", "bergen_classic", "--agent", "random",
                                "--agent", "greedy", "--agent", "heuristic", "--deals", "40", "--bootstrap", "20",
                                "--quiet", "--out", (char *)tournament_dir));
    static const char *const classic = "bergen (preset bergen_classic), 2 players, 40 deals a pair";
    expect_plot(tournament_dir, "ratings", classic, drawn);
    expect_plot(tournament_dir, "pairwise", classic, drawn);
    /* the crosstable holds no score for an agent against itself, not an even 0.5 */
    char *matrix = path_in(tournament_dir, "pairwise_matrix.csv");
    csv_reader_t reader;
    char error[512];
    ck_assert_msg(csv_open(&reader, matrix, error, sizeof error) == 0, "%s", error);
    for (int row = 0; row < 3; row++) {
        ck_assert_int_eq(csv_next(&reader, error, sizeof error), 1);
        for (int column = 1; column <= 3; column++)
            ck_assert_msg(!strcmp(reader.field[column], "NaN") == (column == row + 1), "%s: row %d column %d is %s",
                          matrix, row + 1, column, reader.field[column]);
    }
    csv_close(&reader);
    free(matrix);

    const char *sprt_dir = support_scratch("sprt");
    run_ok(cli_sprt, ARGS("sprt", "--players", "4", "--agents", "greedy,random", "--deals", "30", "--quiet", "--out",
                          (char *)sprt_dir));
    char *sprt_csv = path_in(sprt_dir, "sprt.csv"), caption[256];
    snprintf(caption, sizeof caption, "bergen, 4 players, %lld deal blocks (%lld games)",
             first_row_integer(sprt_csv, "blocks"), first_row_integer(sprt_csv, "games"));
    free(sprt_csv);
    expect_plot(sprt_dir, "sprt", caption, drawn);
    char *script_path = path_in(sprt_dir, "plots/sprt.gp"), *script = support_read_file(script_path, NULL);
    ck_assert_msg(script && strstr(script, "set key outside below"), "the SPRT key may cover a bound:\n%s", script);
    free(script);
    free(script_path);

    const char *balance_dir = support_scratch("balance");
    run_ok(cli_balance, ARGS("balance", "--players", "3", "--agent", "random", "--deals", "30", "--matches", "4",
                             "--replays", "2", "--compare", "block_method=simple,american", "--quiet", "--out",
                             (char *)balance_dir));
    static const char *const hands = "bergen, 3 players, 30 deals a variant (2 plays of each)";
    static const char *const matches = "bergen, 3 players, 4 matches a variant";
    expect_plot(balance_dir, "seats", hands, drawn);
    expect_plot(balance_dir, "points_per_hand", hands, drawn);
    expect_plot(balance_dir, "plies_per_hand", hands, drawn);
    expect_plot(balance_dir, "seats_matches", matches, drawn);
    expect_plot(balance_dir, "hands_per_match", matches, drawn);

    const char *calibrate_dir = support_scratch("calibrate");
    run_ok(cli_calibrate, ARGS("calibrate", "--game", "double_bergen", "--players", "2", "--matches", "6",
                               "--candidate", "greedy:noise=1", "--candidate", "greedy", "--candidate", "heuristic",
                               "--quiet", "--out", (char *)calibrate_dir));
    expect_plot(calibrate_dir, "calibration", "double_bergen, 2 players, 6 matches a level", drawn);
    char *candidates = path_in(calibrate_dir, "candidates");
    expect_plot(candidates, "ratings", "double_bergen, 2 players, 6 matches a pair", drawn);
    free(candidates);

    const char *sim_dir = support_scratch("sim");
    run_ok(cli_sim, ARGS("sim", "--players", "4", "--agents", "random,greedy", "--deals", "20", "--seed", "2",
                         "--per-deal", "--quiet", "--out", (char *)sim_dir));
    run_ok(cli_analyze, ARGS("analyze", (char *)sim_dir));
    expect_plot(sim_dir, "ratings", "bergen, 4 players, 20 deals", drawn);
    expect_plot(sim_dir, "pairwise", "bergen, 4 players, 20 deals", drawn);
}
END_TEST

/* A game with one number of seats (Partnership 4, Bingo 2) needs no --players: play, sim
 * and a study write what they write with it given; Double Bergen, 2 to 8, still asks. */
static void expect_same_without_players(int (*command)(int, char **), const char *game, const char *players,
                                        const char *const *rest, const char *file)
{
    const char *root = support_scratch("only-players");
    char *with = path_in(root, "with"), *without = path_in(root, "without");
    char *argv[ARGS_MAX];
    capture_t printed[2];
    for (int given = 0; given < 2; given++) {
        int argc = 0;
        argv[argc++] = (char *)rest[0];
        argv[argc++] = "--game";
        argv[argc++] = (char *)game;
        if (given) {
            argv[argc++] = "--players";
            argv[argc++] = (char *)players;
        }
        for (int k = 1; rest[k]; k++) argv[argc++] = strcmp(rest[k], "OUT") ? (char *)rest[k] : given ? with : without;
        argv[argc] = NULL;
        support_run(command, argv, &printed[given]);
        ck_assert_msg(printed[given].status == 0, "%s --game %s%s exited %d: %s", rest[0], game,
                      given ? " --players" : "", printed[given].status, printed[given].err);
    }
    if (file) expect_same_file(with, without, file);
    else ck_assert_msg(!strcmp(printed[0].out, printed[1].out), "%s --game %s: printed otherwise without --players",
                       rest[0], game);
    for (int k = 0; k < 2; k++) support_capture_free(&printed[k]);
    free(with);
    free(without);
}

START_TEST(fixed_seat_games_need_no_players)
{
    expect_same_without_players(cli_play, "bingo", "2",
                                (const char *[]){"play", "--agents", "random,greedy", "--seed", "3", NULL}, NULL);
    expect_same_without_players(cli_play, "partnership", "4",
                                (const char *[]){"play", "--agents", "greedy,random,greedy,random", "--seed", "4", NULL},
                                NULL);
    expect_same_without_players(cli_sim, "partnership", "4",
                                (const char *[]){"sim", "--agents", "greedy,random", "--deals", "40", "--threads", "2",
                                                 "--quiet", "--out", "OUT", NULL},
                                "summary.csv");
    expect_same_without_players(cli_tournament, "bingo", "2",
                                (const char *[]){"tournament", "--agents", "random,greedy", "--deals", "20",
                                                 "--threads", "1", "--quiet", "--out", "OUT", NULL},
                                "ratings.csv");
    capture_t result;
    support_run(cli_play, ARGS("play", "--game", "double_bergen", "--agents", "random"), &result);
    ck_assert_msg(result.status == 2 && strstr(result.err, "--players is required"), "double_bergen: exit %d: %s",
                  result.status, result.err);
    support_capture_free(&result);
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
    {cli_balance, {"balance", "--players", "2", "--variant", "x:block_method=simple,oops", "--out", "OUT"},
     "--variant: 'block_method=simple,oops': each part is KEY=VALUE"},
    {cli_balance, {"balance", "--game", "partnership", "--compare", "preset=partnership,nosuch", "--out", "OUT"},
     "variant preset=nosuch: "},
    {cli_balance, {"balance", "--players", "2", "--compare", "preset=bergen,bergen_classic", "--rules",
                   DOMINOLAB_SOURCE_DIR "/configs/presets/bergen.ini", "--out", "OUT"},
     "a rules file (--rules) names its own preset"},
    {cli_calibrate, {"calibrate", "--players", "2", "--candidate", "level:3", "--candidate", "greedy", "--out", "OUT"},
     "is a level"},
    {cli_calibrate, {"calibrate", "--players", "2", "--spacing", "0", "--out", "OUT"}, "--spacing: bad value '0'"},
    {cli_calibrate, {"calibrate", "--players", "2", "--levels", "1", "--out", "OUT"},
     "--levels: bad value '1' (a whole number from 2 to 10)"},
    {cli_calibrate, {"calibrate", "--players", "2", "--levels", "levels.ini", "--out", "OUT"},
     "--levels: bad value 'levels.ini'"},
    /* a level table measured for bergen, in double_bergen */
    {cli_tournament,
     {"tournament", "--game", "double_bergen", "--players", "2", "--agent", "level:1", "--agent", "greedy",
      "--level-table", DOMINOLAB_SOURCE_DIR "/configs/levels/bergen-2p.ini", "--out", "OUT"},
     "--level-table: level table " DOMINOLAB_SOURCE_DIR "/configs/levels/bergen-2p.ini was measured for bergen, not "
     "for double_bergen"},
    {cli_sprt,
     {"sprt", "--game", "double_bergen", "--players", "2", "--agents", "greedy,level:1", "--levels",
      DOMINOLAB_SOURCE_DIR "/configs/levels/bergen-2p.ini", "--out", "OUT"},
     "--levels: level table"},
    {cli_calibrate,
     {"calibrate", "--game", "double_bergen", "--players", "2", "--reference", "level:2", "--level-table",
      DOMINOLAB_SOURCE_DIR "/configs/levels/bergen-2p.ini", "--out", "OUT"},
     "measured for bergen, not for double_bergen"},
    {cli_analyze, {"analyze", "/nonexistent/dir"}, "holds neither a study"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method=simple", "--out", "OUT"},
     "compare two or more"},
    {cli_balance, {"balance", "--players", "2", "--compare", "block_method=simple,german,simple", "--out", "OUT"},
     "'simple' is given twice"},
    {cli_calibrate, {"calibrate", "--players", "2", "--write", "/tmp", "--out", "OUT"}, "/tmp is a directory"},
    {cli_balance, {"balance", "--players", "2", "--agents", "random,greedy", "--out", "OUT"},
     "--agents: one agent plays every seat of a balance study; give one spec, not 2"},
    {cli_tournament, {"tournament", "--players", "2", "--agents", "random", "--agent", "nosuch", "--out", "OUT"},
     "--agent: unknown agent 'nosuch'"},
    {cli_tournament, {"tournament", "--players", "2", "--agent", "random", "--agents", "greedy,nosuch", "--out", "OUT"},
     "--agents: unknown agent 'nosuch'"},
    {cli_tournament, {"tournament", "--resume", "OUT", "--seed", "2"}, "--players (or --resume DIR alone"},
    {cli_tournament, {"tournament", "--resume", "OUT"}, "cannot read"},
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
    tcase_add_test(runs, analyze_reports_what_has_finished);
    tcase_add_test(runs, balance_with_default_counts_reports);
    tcase_add_test(runs, tournament_agents_spellings_agree);
    tcase_add_test(runs, balance_agents_spellings_agree);
    tcase_add_test(runs, study_resumes_from_its_directory_alone);
    tcase_add_test(runs, old_study_resumes_alone_once_resumed_whole);
    tcase_add_test(runs, studies_write_their_runs_records);
    tcase_add_test(runs, sprt_matches_expected_files);
    tcase_add_test(runs, three_player_comparisons);
    tcase_add_test(runs, partnership_studies_run_end_to_end);
    tcase_add_test(runs, bingo_studies_run_end_to_end);
    tcase_add_test(runs, progress_counts_the_whole_study);
    tcase_add_test(runs, sprt_decides_right_seed_after_seed);
    tcase_add_test(runs, balance_matches_expected_files);
    tcase_add_test(runs, calibration_is_even_and_rising);
    tcase_add_test(runs, calibration_measures_where_levels_fall);
    tcase_add_test(runs, study_runs_play_the_rules_file);
    tcase_add_test(runs, balance_compares_presets);
    tcase_add_test(runs, tournament_stops_pairs_sequentially);
    tcase_add_test(runs, calibration_keeps_to_a_time_budget);
    tcase_add_test(runs, analyze_reads_a_one_agent_sim_run);
    tcase_add_test(runs, fixed_seat_games_need_no_players);
    tcase_add_test(runs, analyze_writes_a_sim_runs_report_html);
    tcase_add_test(runs, plots_with_and_without_gnuplot);
    tcase_add_test(runs, plots_name_game_players_and_sample);
    tcase_add_test(runs, analyze_out_unwritable);
    tcase_add_test(runs, analyze_refuses_damaged_study_json);
    tcase_add_test(runs, sim_and_analyze_name_a_faulty_bot);
    tcase_add_test(runs, tournament_marks_a_faulty_bot);
    tcase_add_test(runs, study_verdicts_note_a_faulty_bot);
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
