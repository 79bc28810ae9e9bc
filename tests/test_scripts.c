/* test_scripts.c - scripts/compare-builds.sh, which times two builds from fresh copies of
 * their binaries: the ratios (of the medians and of the fastest runs) and the signatures
 * it reads from bench, and its refusals.
 *
 * Two stand-in "binaries" (shell scripts printing a bench row of decisions, or a
 * workload's, with a chosen rate and signature) let the tests know the figures; one run
 * of the real binary checks that bench's rows are still read.
 */
#define _GNU_SOURCE /* sched_getaffinity: the CPUs --together pins the builds to */
#include <check.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "test_support.h"

enum { PATH_SIZE = 1024, OUTPUT_SIZE = 8192 };

static const char *const SCRIPT = DOMINOLAB_SOURCE_DIR "/scripts/compare-builds.sh";

/* Runs `sh compare-builds.sh ARGUMENTS` with stdout and stderr into `output`; returns its
 * exit status. */
static int run_script(const char *arguments, char *output)
{
    char command[3 * PATH_SIZE];
    snprintf(command, sizeof command, "sh '%s' %s 2>&1", SCRIPT, arguments);
    FILE *pipe = popen(command, "r");
    ck_assert_msg(pipe != NULL, "cannot run %s", command);
    size_t length = fread(output, 1, OUTPUT_SIZE - 1, pipe);
    output[length] = '\0';
    int status = pclose(pipe);
    ck_assert_msg(WIFEXITED(status), "%s did not exit: %s", command, output);
    return WEXITSTATUS(status);
}

/* Writes the shell script `text` to `path`, executable. */
static void install_script(const char *path, const char *text)
{
    ck_assert(support_write_file(path, text));
    ck_assert_int_eq(chmod(path, 0755), 0);
}

/* The stand-in `name` in `dir`, the shell script `text`; its path into `path`. */
static void script_stand_in(const char *dir, const char *name, const char *text, char *path)
{
    snprintf(path, PATH_SIZE, "%s/%s", dir, name);
    install_script(path, text);
}

/* An executable stand-in in `dir` that answers `bench ...` with the given row. */
static const char *stand_in(const char *dir, const char *name, const char *row, char *path)
{
    char text[PATH_SIZE];
    snprintf(text, sizeof text, "#!/bin/sh\necho 'header line signature'\necho '%s'\n", row);
    script_stand_in(dir, name, text, path);
    return path;
}

/* Runs the script with OPTIONS on two stand-ins answering `base_row` and `new_row`, then
 * `-- BENCH_ARGUMENTS`; returns its exit status. */
static int compare_stand_ins(const char *base_row, const char *new_row, const char *options,
                             const char *bench_arguments, char *output)
{
    const char *dir = support_scratch("compare");
    char base[PATH_SIZE], new[PATH_SIZE], arguments[3 * PATH_SIZE];
    stand_in(dir, "base", base_row, base);
    stand_in(dir, "new", new_row, new);
    snprintf(arguments, sizeof arguments, "%s '%s' '%s' -- %s", options, base, new, bench_arguments);
    return run_script(arguments, output);
}

START_TEST(ratio_of_the_medians)
{
    char output[OUTPUT_SIZE];
    ck_assert_int_eq(compare_stand_ins("pimc 1000 1.0 4000 0123456789abcdef", "pimc 1000 1.0 5000 0123456789abcdef",
                                       "--runs 3", "--decisions --agents pimc", output),
                     0);
    ck_assert_msg(strstr(output, "median 4000\n") && strstr(output, "median 5000\n"), "%s", output);
    ck_assert_msg(strstr(output, "ratio new/base: 1.250\n"), "%s", output);
    ck_assert_msg(strstr(output, "signatures: the same (0123456789abcdef)"), "%s", output);
    ck_assert_msg(strstr(output, "run 3 of 3"), "%s", output);
}
END_TEST

/* Stand-ins whose rate changes from run to run (a counter file beside them): the base
 * makes 4000, 1000, 4000 decisions/s, the new build 5000, 4000, 1000. The medians give
 * 4000 each; the fastest runs 4000 and 5000. */
START_TEST(ratio_of_the_fastest_runs)
{
    const char *dir = support_scratch("compare");
    char base[PATH_SIZE], new[PATH_SIZE], text[3 * PATH_SIZE], arguments[3 * PATH_SIZE], output[OUTPUT_SIZE];
    const char *rates[2] = {"4000 1000 4000", "5000 4000 1000"};
    char *paths[2] = {base, new};
    for (int k = 0; k < 2; k++) {
        snprintf(paths[k], PATH_SIZE, "%s/%s", dir, k ? "new" : "base");
        snprintf(text, sizeof text,
                 "#!/bin/sh\ncounter='%s.count'\nrun=$(( $(cat \"$counter\" 2>/dev/null || echo 0) + 1 ))\n"
                 "echo $run > \"$counter\"\nset -- %s\nshift $(( run - 1 ))\n"
                 "echo 'header line signature'\necho \"pimc 1000 1.0 $1 0123456789abcdef\"\n",
                 paths[k], rates[k]);
        install_script(paths[k], text);
    }
    snprintf(arguments, sizeof arguments, "--runs 3 '%s' '%s' -- --decisions --agents pimc", base, new);
    ck_assert_int_eq(run_script(arguments, output), 0);
    ck_assert_msg(strstr(output, "base: 4000 1000 4000  median 4000\n"), "%s", output);
    ck_assert_msg(strstr(output, "new:  5000 4000 1000  median 4000\n"), "%s", output);
    ck_assert_msg(strstr(output, "ratio new/base: 1.000\n"), "%s", output);
    ck_assert_msg(strstr(output, "fastest runs: base 4000, new 5000, new/base 1.250\n"), "%s", output);
}
END_TEST

/* The lowest CPU this process may run on, and how many it may. */
static int first_allowed_cpu(int *count)
{
    cpu_set_t allowed;
    ck_assert_int_eq(sched_getaffinity(0, sizeof allowed, &allowed), 0);
    *count = CPU_COUNT(&allowed);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &allowed)) return cpu;
    return -1;
}

/* --together: stand-ins whose rate depends on the CPU they are pinned to, the second of
 * the two the script uses at half the speed of the first (base 4000 or 2000, new 5000 or
 * 2500). Each run's own ratio shows the CPUs (2.5, then 0.625); each pair's geometric mean
 * gives the builds' 1.25. With one CPU the script refuses. */
START_TEST(side_by_side_pairs_cancel_the_cpus)
{
    char output[OUTPUT_SIZE];
    const char *dir = support_scratch("compare");
    char base[PATH_SIZE], new[PATH_SIZE], text[3 * PATH_SIZE], arguments[3 * PATH_SIZE];
    const char *rates[2][2] = {{"4000", "2000"}, {"5000", "2500"}};
    int cpus, first = first_allowed_cpu(&cpus);
    for (int k = 0; k < 2; k++) {
        snprintf(text, sizeof text,
                 "#!/bin/sh\ncpu=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status)\n"
                 "if [ \"$cpu\" = %d ]; then rate=%s; else rate=%s; fi\n"
                 "echo 'header line signature'\necho \"pimc 1000 1.0 $rate 0123456789abcdef\"\n",
                 first, rates[k][0], rates[k][1]);
        script_stand_in(dir, k ? "new" : "base", text, k ? new : base);
    }
    snprintf(arguments, sizeof arguments, "--together --runs 4 '%s' '%s' -- --decisions --agents pimc", base, new);
    if (cpus < 2) {
        ck_assert_int_eq(run_script(arguments, output), 2);
        ck_assert_msg(strstr(output, "--together needs two CPUs"), "%s", output);
        return;
    }
    ck_assert_int_eq(run_script(arguments, output), 0);
    ck_assert_msg(strstr(output, "base: 2000 4000 2000 4000  median 3000\n"), "%s", output);
    ck_assert_msg(strstr(output, "side by side, each pair of runs' new/base: 1.2500 1.2500  median 1.25\n"), "%s",
                  output);
    snprintf(arguments, sizeof arguments, "--together --runs 3 '%s' '%s' -- --decisions --agents pimc", base, new);
    ck_assert_int_eq(run_script(arguments, output), 2);
    ck_assert_msg(strstr(output, "--together: --runs must be even"), "%s", output);
}
END_TEST

START_TEST(a_workload_row_is_read_by_its_deals_per_second)
{
    char output[OUTPUT_SIZE];
    ck_assert_int_eq(compare_stand_ins("random-vs-random 1 1000 24000 0.5 2000000 48000000 00000000deadbeef",
                                       "random-vs-random 1 1000 24000 0.5 2500000 60000000 00000000deadbeef", "--runs 2",
                                       "--workload random-vs-random", output),
                     0);
    ck_assert_msg(strstr(output, "ratio new/base: 1.250\n"), "%s", output);
}
END_TEST

START_TEST(different_signatures_fail)
{
    char output[OUTPUT_SIZE];
    ck_assert_int_eq(compare_stand_ins("pimc 1000 1.0 4000 0123456789abcdef", "pimc 1000 1.0 4000 fedcba9876543210",
                                       "--runs 1", "--decisions --agents pimc", output),
                     1);
    ck_assert_msg(strstr(output, "signatures: DIFFERENT (base 0123456789abcdef, new fedcba9876543210)"), "%s", output);
}
END_TEST

START_TEST(bad_arguments_are_named)
{
    const char *dir = support_scratch("compare");
    char base[PATH_SIZE], arguments[3 * PATH_SIZE], output[OUTPUT_SIZE];
    stand_in(dir, "base", "pimc 1000 1.0 4000 0123456789abcdef", base);
    snprintf(arguments, sizeof arguments, "'%s' '%s/missing' -- --decisions", base, dir);
    ck_assert_int_eq(run_script(arguments, output), 2);
    ck_assert_msg(strstr(output, "missing: no such file"), "%s", output);
    snprintf(arguments, sizeof arguments, "--runs 0 '%s' '%s' -- --decisions", base, base);
    ck_assert_int_eq(run_script(arguments, output), 2);
    ck_assert_msg(strstr(output, "--runs: '0' is not a positive whole number"), "%s", output);
    snprintf(arguments, sizeof arguments, "'%s' '%s' --decisions", base, base);
    ck_assert_int_eq(run_script(arguments, output), 2);
    ck_assert_msg(strstr(output, "expected -- after BASE and NEW"), "%s", output);
    ck_assert_int_eq(run_script("--help", output), 0);
    ck_assert_msg(strstr(output, "usage: scripts/compare-builds.sh"), "%s", output);
}
END_TEST

/* The real bench: one measure of one agent gives a ratio near 1 against itself and one
 * signature; two agents are two measures, which the script refuses. */
START_TEST(the_real_bench_is_read)
{
    char arguments[3 * PATH_SIZE], output[OUTPUT_SIZE];
    snprintf(arguments, sizeof arguments, "--runs 1 '%s' '%s' -- --decisions --quick --agents random", DOMINOLAB_BINARY,
             DOMINOLAB_BINARY);
    ck_assert_int_eq(run_script(arguments, output), 0);
    ck_assert_msg(strstr(output, "measure: random (bench --decisions --quick --agents random)"), "%s", output);
    ck_assert_msg(strstr(output, "signatures: the same ("), "%s", output);
    snprintf(arguments, sizeof arguments, "--runs 1 '%s' '%s' -- --decisions --quick --agents random,greedy",
             DOMINOLAB_BINARY, DOMINOLAB_BINARY);
    ck_assert_int_eq(run_script(arguments, output), 2);
    ck_assert_msg(strstr(output, "printed 2 measures"), "%s", output);
}
END_TEST

static Suite *scripts_suite(void)
{
    Suite *suite = suite_create("scripts");
    TCase *tc = tcase_create("compare_builds");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, NULL, support_scratch_teardown);
    tcase_add_test(tc, ratio_of_the_medians);
    tcase_add_test(tc, ratio_of_the_fastest_runs);
    tcase_add_test(tc, side_by_side_pairs_cancel_the_cpus);
    tcase_add_test(tc, a_workload_row_is_read_by_its_deals_per_second);
    tcase_add_test(tc, different_signatures_fail);
    tcase_add_test(tc, bad_arguments_are_named);
    tcase_add_test(tc, the_real_bench_is_read);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void) { return support_run_suite(scripts_suite(), "test_scripts"); }
