/* test_sim_threads.c - the simulator's outputs do not depend on the number of threads, and
 * `bench` gives the same signature every time.
 *
 * The records of a run (--records) are the same files too.
 *
 * These tests start OpenMP threads in this process, and a process with threads must not
 * fork: CTest runs this executable with CK_FORK=no (tests/CMakeLists.txt), so the tests
 * share one process. Each test's scratch directories are removed by a checked teardown,
 * which Check runs after a failing test too in that mode; main() removes the root.
 *
 * DOMINOLAB_TEST_SCALE (0 < scale <= 1) shrinks the workloads (the sanitizer run).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "test_support.h"

enum { PATH_SIZE = 1024, ARGV_MAX = 48 };

#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Scratch directories and DOMINOLAB_TEST_SCALE: test_support.h. */

/* ------------------------------------------------------------------ runs and files */

/* Runs `sim` with `study`, then --threads T --per-deal --per-seat --quiet --out DIR. */
static void sim_ok(const char *const *study, int threads, const char *dir)
{
    char *argv[ARGV_MAX + 1], thread_text[16];
    int argc = 0;
    argv[argc++] = "sim";
    for (int k = 0; study[k]; k++) {
        REQUIRE(argc < ARGV_MAX - 10, "too many arguments");
        argv[argc++] = (char *)study[k];
    }
    snprintf(thread_text, sizeof thread_text, "%d", threads);
    const char *const tail[] = {"--threads", thread_text, "--per-deal", "--per-seat", "--quiet", "--out", dir, NULL};
    for (int k = 0; tail[k]; k++) argv[argc++] = (char *)tail[k];
    argv[argc] = NULL;
    capture_t result;
    support_run(cli_sim, argv, &result);
    REQUIRE(result.status == 0, "sim --threads %d exited %d: %s", threads, result.status, result.err);
    support_capture_free(&result);
}

static char *read_in(const char *dir, const char *name, size_t *length)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = support_read_file(path, length);
    REQUIRE(text, "cannot read %s", path);
    return text;
}

/* DIR_A/NAME and DIR_B/NAME are byte-identical; else fails naming the first different line. */
static void assert_same_file(const char *dir_a, const char *dir_b, const char *name)
{
    size_t la, lb;
    char *a = read_in(dir_a, name, &la), *b = read_in(dir_b, name, &lb);
    bool same = la == lb && memcmp(a, b, la) == 0;
    int line = 1;
    size_t start = 0;
    for (size_t at = 0; !same && at < la && at < lb && a[at] == b[at]; at++)
        if (a[at] == '\n') line++, start = at + 1;
    char first[320] = "", second[320] = "";
    if (!same) {
        snprintf(first, sizeof first, "%.*s", (int)strcspn(a + start, "\n"), a + start);
        snprintf(second, sizeof second, "%.*s", (int)strcspn(b + start, "\n"), b + start);
    }
    free(a);
    free(b);
    REQUIRE(same, "%s differs between %s (%zu bytes) and %s (%zu bytes) at line %d:\n  %s\n  %s", name, dir_a, la,
            dir_b, lb, line, first, second);
}

static void assert_same_totals(const char *dir_a, const char *dir_b)
{
    char path[PATH_SIZE];
    json_t *run[2];
    const char *dirs[2] = {dir_a, dir_b};
    for (int k = 0; k < 2; k++) {
        snprintf(path, sizeof path, "%s/run.json", dirs[k]);
        run[k] = json_load_file(path, 0, NULL);
        REQUIRE(run[k], "cannot read %s", path);
    }
    json_t *ta = json_object_get(run[0], "totals"), *tb = json_object_get(run[1], "totals");
    bool same = ta && json_equal(ta, tb);
    json_decref(run[0]);
    json_decref(run[1]);
    REQUIRE(same, "run.json totals differ between %s and %s", dir_a, dir_b);
}

/* The study on 1 thread and on 2 (and 3) threads: the same summary.csv, deals.csv and totals. */
static void expect_thread_independent(const char *const *study)
{
    const char *one = support_scratch("threads1");
    sim_ok(study, 1, one);
    for (int threads = 2; threads <= 3; threads++) {
        const char *many = support_scratch("threadsN");
        sim_ok(study, threads, many);
        assert_same_file(one, many, "summary.csv");
        assert_same_file(one, many, "deals.csv");
        assert_same_totals(one, many);
    }
}

/* Enough units for many batches (the first holds 64 units), so threads interleave. */
static const char *units(char *text, size_t size, int64_t count, int64_t floor)
{
    snprintf(text, size, "%" PRId64, support_scaled(count, floor));
    return text;
}

START_TEST(threads_deals_two_players)
{
    char n[24];
    expect_thread_independent(
        LIST("--players", "2", "--agents", "greedy,random", "--deals", units(n, sizeof n, 6000, 1000), "--seed", "71"));
}
END_TEST

START_TEST(threads_deals_three_players)
{
    char n[24];
    expect_thread_independent(LIST("--players", "3", "--agents", "random,greedy,random", "--deals",
                                   units(n, sizeof n, 4000, 700), "--seed", "72"));
}
END_TEST

START_TEST(threads_deals_three_players_no_duplicate)
{
    char n[24];
    expect_thread_independent(LIST("--players", "3", "--agents", "greedy,random,greedy", "--deals",
                                   units(n, sizeof n, 4000, 700), "--seed", "73", "--no-duplicate"));
}
END_TEST

START_TEST(threads_matches_two_players)
{
    char n[24];
    expect_thread_independent(LIST("--players", "2", "--agents", "greedy,random", "--matches",
                                   units(n, sizeof n, 1500, 300), "--seed", "74"));
}
END_TEST

START_TEST(threads_double_bergen_two_players)
{
    char n[24];
    expect_thread_independent(LIST("--game", "double_bergen", "--players", "2", "--agents", "greedy,random", "--deals",
                                   units(n, sizeof n, 4000, 700), "--seed", "75"));
}
END_TEST

START_TEST(threads_double_bergen_four_players_matches)
{
    char n[24];
    expect_thread_independent(LIST("--game", "double_bergen", "--players", "4", "--agents", "greedy,random",
                                   "--matches", units(n, sizeof n, 200, 70), "--seed", "76"));
}
END_TEST

/* Agents told every move (belief=policy) are played by the match driver, not the
 * simulator's own loop: their results too must not depend on the threads. */
START_TEST(threads_belief_agents_partnership)
{
    char n[24];
    expect_thread_independent(LIST("--game", "partnership", "--agents",
                                   "pimc:belief=policy,candidates=16,samples=4,rollout=greedy,pimc:samples=4,rollout=greedy",
                                   "--deals", units(n, sizeof n, 160, 80), "--seed", "77"));
}
END_TEST

/* ------------------------------------------------------------------ records */

/* The study with --records DIR/records on `threads` threads into DIR. */
static void sim_records_ok(const char *const *study, int threads, const char *dir, char *records)
{
    const char *list[ARGV_MAX];
    int count = 0;
    snprintf(records, PATH_SIZE, "%s/records", dir);
    for (int k = 0; study[k]; k++) list[count++] = study[k];
    list[count++] = "--records";
    list[count++] = records;
    list[count] = NULL;
    sim_ok(list, threads, dir);
}

/* The record files of 1 and 2 threads: the same names, byte for byte, and as many as the
 * games played. */
static void expect_same_records(const char *const *study, int games)
{
    const char *one = support_scratch("records1"), *two = support_scratch("records2");
    char records_one[PATH_SIZE], records_two[PATH_SIZE], names[4096];
    sim_records_ok(study, 1, one, records_one);
    sim_records_ok(study, 2, two, records_two);
    assert_same_file(one, two, "deals.csv");
    int count = support_dir_entries(records_one, names, sizeof names);
    REQUIRE(count == games, "%d records on 1 thread, %d games played", count, games);
    REQUIRE(support_dir_entries(records_two, NULL, 0) == count, "%d records on 2 threads, %d on 1",
            support_dir_entries(records_two, NULL, 0), count);
    DIR *listing = opendir(records_one);
    REQUIRE(listing, "opendir %s: %s", records_one, strerror(errno));
    for (struct dirent *entry; (entry = readdir(listing));)
        if (entry->d_name[0] != '.') assert_same_file(records_one, records_two, entry->d_name);
    closedir(listing);
}

START_TEST(threads_records_deals)
{
    /* enough units for several batches (the first holds 64), so the threads interleave */
    expect_same_records(LIST("--players", "3", "--agents", "greedy,random,random", "--deals", "400", "--seed", "77",
                             "--records-every", "3"),
                        134 * 3);
}
END_TEST

START_TEST(threads_records_matches_replays)
{
    expect_same_records(LIST("--game", "double_bergen", "--players", "2", "--agents", "greedy,random", "--matches",
                             "150", "--seed", "78", "--replays", "2"),
                        300);
}
END_TEST

/* ------------------------------------------------------------------ bench */

/* Runs `bench --quick --threads 2`; checks the table and returns the signature line. */
static void bench_once(char *signature, size_t size)
{
    capture_t result;
    support_run(cli_bench, (char *[]){"bench", "--quick", "--threads", "2", NULL}, &result);
    int status = result.status;
    char out[4096], err[1024];
    snprintf(out, sizeof out, "%s", result.out);
    snprintf(err, sizeof err, "%s", result.err);
    support_capture_free(&result);
    REQUIRE(status == 0, "bench exited %d: %s", status, err);
    REQUIRE(!strncmp(out, "workload", 8), "bench's table has no header: %s", out);
    const char *names[] = {"random-vs-random", "greedy-vs-greedy"};
    for (int k = 0; k < 2; k++) {
        /* One row per thread count (1 and 2), the same deals and plies on both. */
        long long deals[2], plies[2];
        int threads[2], rows = 0;
        for (const char *p = strstr(out, names[k]); p; p = strstr(p + 1, names[k])) {
            REQUIRE(rows < 2, "more than two %s rows: %s", names[k], out);
            REQUIRE(sscanf(p + strlen(names[k]), "%d %lld %lld", &threads[rows], &deals[rows], &plies[rows]) == 3,
                    "cannot read the %s row: %s", names[k], out);
            rows++;
        }
        REQUIRE(rows == 2, "%d %s rows, expected 2: %s", rows, names[k], out);
        REQUIRE(threads[0] == 1 && threads[1] == 2, "%s rows for %d and %d threads", names[k], threads[0], threads[1]);
        REQUIRE(deals[0] == deals[1] && plies[0] == plies[1] && deals[0] > 0 && plies[0] > deals[0],
                "%s: %lld deals %lld plies on 1 thread, %lld %lld on 2", names[k], deals[0], plies[0], deals[1],
                plies[1]);
    }
    /* Partnership's workload: one row on one thread, then its own signature line, which
     * comes before Bergen's (Bergen's stays the last line). */
    long long hands, hand_plies;
    int hand_threads;
    const char *row = strstr(out, "\npartnership-random ");
    REQUIRE(row && sscanf(row + 20, "%d %lld %lld", &hand_threads, &hands, &hand_plies) == 3,
            "no partnership-random row: %s", out);
    REQUIRE(hand_threads == 1 && hands == 50000 && hand_plies > 4 * hands,
            "partnership-random: %d threads, %lld hands, %lld plies", hand_threads, hands, hand_plies);
    row = strstr(out, "\npartnership-engine ");
    REQUIRE(row && sscanf(row + 20, "%d %lld %lld", &hand_threads, &hands, &hand_plies) == 3,
            "no partnership-engine row: %s", out);
    REQUIRE(hand_threads == 1 && hands == 50000 && hand_plies > 4 * hands,
            "partnership-engine: %d threads, %lld hands, %lld plies", hand_threads, hands, hand_plies);
    /* the engine's own random playout plays the same hands (bench fails if their
     * signatures differ) */
    long long playout_hands, playout_plies;
    row = strstr(out, "\npartnership-playout ");
    REQUIRE(row && sscanf(row + 21, "%d %lld %lld", &hand_threads, &playout_hands, &playout_plies) == 3,
            "no partnership-playout row: %s", out);
    REQUIRE(hand_threads == 1 && playout_hands == hands && playout_plies == hand_plies,
            "partnership-playout: %d threads, %lld hands, %lld plies; the engine row %lld, %lld", hand_threads,
            playout_hands, playout_plies, hands, hand_plies);
    const char *engine = strstr(out, "\npartnership engine signature ");
    unsigned long long engine_value;
    REQUIRE(engine && sscanf(engine, "\npartnership engine signature %16llx\n", &engine_value) == 1,
            "no partnership engine signature line: %s", out);
    row = strstr(out, "\nbingo-random ");
    REQUIRE(row && sscanf(row + 14, "%d %lld %lld", &hand_threads, &hands, &hand_plies) == 3,
            "no bingo-random row: %s", out);
    REQUIRE(hand_threads == 1 && hands == 50000 && hand_plies > 2 * hands, "bingo-random: %d threads, %lld hands, %lld plies",
            hand_threads, hands, hand_plies);
    unsigned long long bingo_value;
    const char *bingo = strstr(out, "\nbingo signature ");
    REQUIRE(bingo && sscanf(bingo, "\nbingo signature %16llx (quick workload)\n", &bingo_value) == 1,
            "no bingo signature line: %s", out);
    /* Double Bergen's row, whose signature column is its signature line */
    unsigned long long double_value, double_column;
    row = strstr(out, "\ndouble-bergen-random ");
    REQUIRE(row && sscanf(row + 22, "%d %lld %lld %*f %*f %*f %16llx", &hand_threads, &hands, &hand_plies,
                          &double_column) == 4,
            "no double-bergen-random row: %s", out);
    REQUIRE(hand_threads == 1 && hands == 10000 && hand_plies > 4 * hands,
            "double-bergen-random: %d threads, %lld deals, %lld plies", hand_threads, hands, hand_plies);
    const char *double_line = strstr(out, "\ndouble_bergen signature ");
    REQUIRE(double_line && sscanf(double_line, "\ndouble_bergen signature %16llx (quick workload)\n", &double_value) == 1,
            "no double_bergen signature line: %s", out);
    REQUIRE(double_value == double_column, "double_bergen: signature line %016llx, row %016llx", double_value,
            double_column);
    const char *own = strstr(out, "\npartnership signature ");
    unsigned long long own_value;
    REQUIRE(own && sscanf(own, "\npartnership signature %16llx (quick workload)\n", &own_value) == 1,
            "no partnership signature line: %s", out);
    const char *line = strstr(out, "\nsignature ");
    REQUIRE(line > own, "Bergen's signature is not after Partnership's: %s", out);
    REQUIRE(line[strcspn(line + 1, "\n") + 2] == '\0', "Bergen's signature is not the last line: %s", out);
    REQUIRE(line, "no signature line: %s", out);
    line++;
    size_t length = strcspn(line, "\n");
    unsigned long long value;
    int used = 0;
    REQUIRE(sscanf(line, "signature %16llx%n", &value, &used) == 1 && used == 26,
            "the signature is not 16 hex digits: %.*s", (int)length, line);
    snprintf(signature, size, "%.*s / %016llx / %016llx / %016llx / %016llx", (int)length, line, own_value,
             engine_value, bingo_value, double_value);
}

START_TEST(bench_quick_is_deterministic)
{
    char first[256], second[256];
    bench_once(first, sizeof first);
    bench_once(second, sizeof second);
    REQUIRE(!strcmp(first, second), "bench signatures differ:\n  %s\n  %s", first, second);
}
END_TEST

/* `bench --workload NAME --deals N [--threads T]`: the one row; its signature in *value. */
static void bench_alone(const char *threads, unsigned long long *value)
{
    capture_t result;
    char *argv[] = {"bench", "--workload", "double-bergen-random", "--deals", "3000", "--threads", (char *)threads, NULL};
    support_run(cli_bench, argv, &result);
    REQUIRE(result.status == 0, "bench --workload exited %d: %s", result.status, result.err);
    const char *row = strstr(result.out, "\ndouble-bergen-random ");
    int row_threads;
    long long deals;
    REQUIRE(row && sscanf(row + 22, "%d %lld %*d %*f %*f %*f %16llx", &row_threads, &deals, value) == 3,
            "no double-bergen-random row: %s", result.out);
    REQUIRE(row_threads == atoi(threads) && deals == 3000, "%d threads, %lld deals", row_threads, deals);
    int lines = 0;
    for (const char *p = result.out; *p; p++) lines += *p == '\n';
    REQUIRE(lines == 2, "a header and one row expected: %s", result.out);
    support_capture_free(&result);
}

START_TEST(bench_one_workload)
{
    unsigned long long one, two;
    bench_alone("1", &one);
    bench_alone("2", &two);
    REQUIRE(one == two, "double-bergen-random alone: %016llx on 1 thread, %016llx on 2", one, two);
    /* --instructions where valgrind cannot be found: said once, and the table as without it */
    const char *path = getenv("PATH");
    char saved[4096];
    snprintf(saved, sizeof saved, "%s", path ? path : "/usr/bin:/bin");
    setenv("PATH", "/nonexistent", 1);
    capture_t plain;
    support_run(cli_bench, (char *[]){"bench", "--workload", "bingo-random", "--deals", "500", "--instructions", NULL},
                &plain);
    setenv("PATH", saved, 1);
    REQUIRE(plain.status == 0 && strstr(plain.err, "valgrind is not installed") && !strstr(plain.out, "instr/deal") &&
                strstr(plain.out, "\nbingo-random "),
            "bench --instructions without valgrind: exit %d, out %s, err %s", plain.status, plain.out, plain.err);
    support_capture_free(&plain);
    static const struct {
        const char *argv[6];
        const char *message;
    } refused[] = {
        {{"bench", "--workload", "nope"}, "--workload nope: no such workload (random-vs-random, greedy-vs-greedy, "
                                          "double-bergen-random, bingo-random, partnership-random, partnership-engine, "
                                          "partnership-playout)"},
        {{"bench", "--deals", "5"}, "--deals goes with --workload (the workloads are fixed)"},
        {{"bench", "--decisions", "--instructions"},
         "--workload, --deals and --instructions go with the deal workloads, not with --decisions"},
    };
    for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++) {
        capture_t result;
        support_run(cli_bench, (char *const *)refused[k].argv, &result);
        char want[512];
        snprintf(want, sizeof want, "dominolab bench: %s\n", refused[k].message);
        REQUIRE(result.status == 2 && !strcmp(result.err, want) && !result.out[0],
                "bench refusal %zu: exit %d, stderr \"%s\", expected \"%s\"", k, result.status, result.err, want);
        support_capture_free(&result);
    }
}
END_TEST

/* Without --players, --decisions plays the preset's own number of seats: Partnership's 4
 * (2 was once forced on every game, and Partnership refused it). */
START_TEST(bench_decisions_preset_players)
{
    static const struct {
        const char *game, *header;
    } cases[] = {
        {"partnership", "100 positions of partnership (preset partnership), 4 players; one thread\n"},
        {"bingo", "100 positions of bingo (preset bingo), 2 players; one thread\n"},
        {"bergen", "100 positions of bergen (preset bergen), 2 players; one thread\n"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        capture_t result;
        support_run(cli_bench,
                    (char *[]){"bench", "--decisions", "--quick", "--game", (char *)cases[k].game, "--agents", "random",
                               NULL},
                    &result);
        REQUIRE(result.status == 0 && !strncmp(result.out, cases[k].header, strlen(cases[k].header)) &&
                    strstr(result.out, "\nrandom "),
                "bench --decisions --game %s: exit %d, out %s, err %s", cases[k].game, result.status, result.out,
                result.err);
        support_capture_free(&result);
    }
}
END_TEST

/* The decisions of every kind at its defaults, pinned: `bench --decisions --quick`'s
 * signature of each in 2-player Bergen, 4-player Double Bergen, Bingo and Partnership, the
 * values it gave when issue 16 (speed at the same decisions) was filed, and has given
 * since, but Bingo's ismcts: the R17 fix of 2026-12-06 (p at the winner's 70, not the
 * first seat's) changed the game points of some closed hands its random playouts reach,
 * and so some of its moves. A speed-up that changes any move a search agent makes fails
 * here. */
START_TEST(bench_decisions_keep_their_signatures)
{
    static const struct {
        const char *game, *players;
        const char *signature[6]; /* random, greedy, heuristic, pimc, ismcts, oracle */
    } cases[] = {
        {"bergen", "2",
         {"3cd8ef510b72b247", "4d388a898de3d478", "23b7e41a83e24679", "0f5330907ac39127", "f58790847c78613e",
          "cea0cc0fb06d4519"}},
        {"double_bergen", "4",
         {"1d1f396f447aa41e", "266fdb43b451d523", "beccc0ceb743174b", "7c8c45958d4a05f9", "f81df99f5f11ae46",
          "691d6af74de697b7"}},
        {"bingo", "2",
         {"e8289955745e0883", "4a1d640d8e248cb6", "c209680cef44edda", "19ab18719fc042e3", "74dbf8a052fc9c0c",
          "104c470c0fe135de"}},
        {"partnership", "4",
         {"339a1b44f8e94fa4", "9d87605c7c11e2f6", "d5d7eebb8a18a6df", "88222d303acfe42c", "a9bb284450cc2494",
          "48a68a6b38a43062"}},
    };
    static const char *const kinds[6] = {"random", "greedy", "heuristic", "pimc", "ismcts", "oracle"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        capture_t result;
        support_run(cli_bench,
                    (char *[]){"bench", "--decisions", "--quick", "--game", (char *)cases[k].game, "--players",
                               (char *)cases[k].players, NULL},
                    &result);
        REQUIRE(result.status == 0, "bench --decisions --game %s: exit %d, err %s", cases[k].game, result.status,
                result.err);
        for (int a = 0; a < 6; a++) {
            char row[64];
            snprintf(row, sizeof row, "\n%s ", kinds[a]);
            const char *line = strstr(result.out, row), *end = line ? strchr(line + 1, '\n') : NULL;
            REQUIRE(line && end && end - line > 16, "%s: no row for %s: %s", cases[k].game, kinds[a], result.out);
            REQUIRE(!strncmp(end - 16, cases[k].signature[a], 16), "%s, %s: signature %.16s, pinned %s", cases[k].game,
                    kinds[a], end - 16, cases[k].signature[a]);
        }
        support_capture_free(&result);
    }
}
END_TEST

/* ------------------------------------------------------------------ suite */

static Suite *threads_suite(void)
{
    Suite *suite = suite_create("sim threads");
    TCase *t = tcase_create("thread independence");
    tcase_add_checked_fixture(t, NULL, support_scratch_teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, threads_deals_two_players);
    tcase_add_test(t, threads_deals_three_players);
    tcase_add_test(t, threads_deals_three_players_no_duplicate);
    tcase_add_test(t, threads_matches_two_players);
    tcase_add_test(t, threads_double_bergen_two_players);
    tcase_add_test(t, threads_double_bergen_four_players_matches);
    tcase_add_test(t, threads_belief_agents_partnership);
    tcase_add_test(t, threads_records_deals);
    tcase_add_test(t, threads_records_matches_replays);
    suite_add_tcase(suite, t);
    TCase *bench = tcase_create("bench");
    tcase_set_timeout(bench, 600);
    tcase_add_test(bench, bench_quick_is_deterministic);
    tcase_add_test(bench, bench_one_workload);
    tcase_add_test(bench, bench_decisions_preset_players);
    tcase_add_test(bench, bench_decisions_keep_their_signatures);
    suite_add_tcase(suite, bench);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_sim_threads")) return EXIT_FAILURE; /* outside any test */
    SRunner *runner = srunner_create(threads_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root(); /* what failing tests left */
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
