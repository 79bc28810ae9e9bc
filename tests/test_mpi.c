/* test_mpi.c - `dominolab sim` under mpirun writes the files of a single process.
 *
 * Built only with -DDOMINOLAB_MPI=ON. Each case runs `mpirun -np R dominolab sim ... --out A`
 * and the same command without mpirun into B, then requires summary.csv and deals.csv to
 * be byte-identical, no part file left in A, and run.json to record the ranks. A --resume
 * under two ranks must be refused with exit status 2 and one error line, leaving the run
 * alone. The programs run as child processes (CK_FORK=no: Check must not fork around
 * mpirun), found through DOMINOLAB_EXE and DOMINOLAB_MPIEXEC (set by CMake). Open MPI needs
 * OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 as root and
 * OMPI_MCA_rmaps_base_oversubscribe=1 for more ranks than cores: CTest sets them; set them
 * by hand to run this executable alone.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_support.h"

#ifndef DOMINOLAB_EXE
#error "DOMINOLAB_EXE (the dominolab executable) must be defined by the build"
#endif
#ifndef DOMINOLAB_MPIEXEC
#error "DOMINOLAB_MPIEXEC (mpirun) must be defined by the build"
#endif
#ifndef DOMINOLAB_MPIEXEC_NP
#define DOMINOLAB_MPIEXEC_NP "-np"
#endif

enum { ARGV_MAX = 48, PATH_SIZE = 512, READ_CHUNK = 4096 };

/* A NULL-terminated list of strings, written inline. */
#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})

/* ---- helpers ---- */

/* Runs argv[0] (a path) with stdout and stderr both into *output (owned, NUL-terminated).
 * Returns its exit status, or -1 if a signal ended it. */
static int run_program(char *const *argv, char **output)
{
    int pipe_ends[2];
    ck_assert_int_eq(pipe(pipe_ends), 0);
    fflush(NULL);
    pid_t child = fork();
    ck_assert_int_ge(child, 0);
    if (child == 0) {
        dup2(pipe_ends[1], STDOUT_FILENO);
        dup2(pipe_ends[1], STDERR_FILENO);
        close(pipe_ends[0]);
        close(pipe_ends[1]);
        execv(argv[0], argv);
        fprintf(stderr, "cannot run %s\n", argv[0]);
        _exit(127);
    }
    close(pipe_ends[1]);
    size_t used = 0, size = READ_CHUNK;
    char *text = malloc(size + 1);
    ck_assert_ptr_nonnull(text);
    ssize_t got;
    while ((got = read(pipe_ends[0], text + used, size - used)) > 0) {
        used += (size_t)got;
        if (used == size) {
            size *= 2;
            text = realloc(text, size + 1);
            ck_assert_ptr_nonnull(text);
        }
    }
    close(pipe_ends[0]);
    text[used] = '\0';
    *output = text;
    int status;
    ck_assert_int_eq(waitpid(child, &status, 0), child);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* `dominolab sim ARGS --quiet --out|--resume DIR`, under mpirun with `ranks` ranks, or
 * alone when ranks is 0. Returns the exit status; the output goes to *output. */
static int run_sim(int ranks, const char *const *args, const char *dir_option, const char *dir, char **output)
{
    char *argv[ARGV_MAX], np[16];
    int argc = 0;
    if (ranks > 0) {
        snprintf(np, sizeof np, "%d", ranks);
        argv[argc++] = DOMINOLAB_MPIEXEC;
        argv[argc++] = DOMINOLAB_MPIEXEC_NP;
        argv[argc++] = np;
    }
    argv[argc++] = DOMINOLAB_EXE;
    argv[argc++] = "sim";
    for (int k = 0; args[k]; k++) {
        ck_assert_int_lt(argc, ARGV_MAX - 5);
        argv[argc++] = (char *)args[k];
    }
    argv[argc++] = "--quiet";
    argv[argc++] = (char *)dir_option;
    argv[argc++] = (char *)dir;
    argv[argc] = NULL;
    return run_program(argv, output);
}

/* The file `dir/name`, which must exist. */
static char *read_run_file(const char *dir, const char *name, size_t *length)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = support_read_file(path, length);
    ck_assert_msg(text != NULL, "%s is missing", path);
    return text;
}

static void assert_same_file(const char *dir_a, const char *dir_b, const char *name)
{
    size_t length_a, length_b;
    char *a = read_run_file(dir_a, name, &length_a), *b = read_run_file(dir_b, name, &length_b);
    ck_assert_msg(length_a == length_b && memcmp(a, b, length_a) == 0,
                  "%s differs: %zu bytes under mpirun (%s), %zu in one process (%s)", name, length_a, dir_a,
                  length_b, dir_b);
    free(a);
    free(b);
}

/* Lines of `output` that dominolab wrote (mpirun adds its own). */
static int dominolab_lines(const char *output)
{
    static const char prefix[] = "dominolab sim:";
    int count = 0;
    for (const char *line = output; line; line = strchr(line, '\n')) {
        if (*line == '\n') line++;
        count += strncmp(line, prefix, sizeof prefix - 1) == 0;
    }
    return count;
}

/* ---- the files of R ranks are those of one process ---- */

typedef struct mpi_case {
    const char *name;
    int ranks;
    bool per_deal;
    const char *const *args;
} mpi_case_t;

static const mpi_case_t cases[] = {
    {"deals, 2 players", 2, true,
     LIST("--game", "bergen", "--players", "2", "--agents", "greedy,random", "--deals", "3000", "--seed", "11",
          "--per-deal", "--per-seat")},
    {"deals, 3 players", 2, true,
     LIST("--game", "bergen", "--players", "3", "--agents", "greedy,random,random", "--deals", "3000", "--seed",
          "12", "--per-deal", "--per-seat", "--threads", "2")},
    {"matches, 2 players", 2, true,
     LIST("--game", "bergen", "--players", "2", "--agents", "greedy,random", "--matches", "300", "--seed", "13",
          "--per-deal", "--per-seat")},
    {"matches, 3 players, summary only", 2, false,
     LIST("--game", "bergen", "--players", "3", "--agents", "random,greedy,greedy", "--matches", "200", "--seed", "14",
          "--per-seat")},
    {"a --shard slice split again over the ranks", 2, true,
     LIST("--game", "bergen", "--players", "3", "--agents", "greedy,random,random", "--deals", "1001", "--seed",
          "15", "--per-deal", "--shard", "2/3")},
    {"more ranks than units: rank 0 plays none", 3, true,
     LIST("--game", "bergen", "--players", "2", "--agents", "greedy,random", "--deals", "2", "--seed", "16",
          "--per-deal", "--per-seat", "--no-duplicate")},
};

START_TEST(ranks_write_the_files_of_one_process)
{
    const mpi_case_t *c = &cases[_i];
    char *dir_mpi = support_temp_dir("mpi-ranks"), *dir_one = support_temp_dir("mpi-alone");
    char *output;
    int status = run_sim(c->ranks, c->args, "--out", dir_mpi, &output);
    ck_assert_msg(status == 0, "%s: mpirun -np %d exited %d:\n%s", c->name, c->ranks, status, output);
    free(output);
    status = run_sim(0, c->args, "--out", dir_one, &output);
    ck_assert_msg(status == 0, "%s: one process exited %d:\n%s", c->name, status, output);
    free(output);

    assert_same_file(dir_mpi, dir_one, "summary.csv");
    if (c->per_deal) assert_same_file(dir_mpi, dir_one, "deals.csv");
    char names[1024];
    int entries = support_dir_entries(dir_mpi, names, sizeof names);
    ck_assert_msg(entries == (c->per_deal ? 3 : 2), "%s: %s holds %s", c->name, dir_mpi, names);
    char *run = read_run_file(dir_mpi, "run.json", NULL), want[64];
    snprintf(want, sizeof want, "\"mpi_ranks\": %d,", c->ranks);
    ck_assert_msg(strstr(run, want) != NULL, "%s: run.json lacks %s", c->name, want);
    ck_assert_ptr_nonnull(strstr(run, "\"complete\": true"));
    free(run);
    support_remove_dir(dir_mpi);
    support_remove_dir(dir_one);
}
END_TEST

/* ---- refusals ---- */

START_TEST(resume_refused_with_two_ranks)
{
    const char *const *args = LIST("--game", "bergen", "--players", "2", "--agents", "greedy,random", "--deals",
                                   "50", "--seed", "17", "--per-deal");
    char *dir = support_temp_dir("mpi-resume"), *output;
    ck_assert_int_eq(run_sim(0, args, "--out", dir, &output), 0);
    free(output);
    char *before = read_run_file(dir, "run.json", NULL);

    int status = run_sim(2, args, "--resume", dir, &output);
    ck_assert_msg(status == 2, "exit status %d:\n%s", status, output);
    ck_assert_msg(dominolab_lines(output) == 1, "not one error line:\n%s", output);
    ck_assert_msg(strstr(output, "dominolab sim: --resume:") != NULL, "the error does not name --resume:\n%s", output);
    free(output);
    char *after = read_run_file(dir, "run.json", NULL), names[1024];
    ck_assert_str_eq(before, after);
    ck_assert_int_eq(support_dir_entries(dir, names, sizeof names), 3);
    free(before);
    free(after);
    support_remove_dir(dir);
}
END_TEST

START_TEST(bad_argument_reported_once)
{
    /* four agents for three seats (two would now be seated A,B,B and B,A,A) */
    const char *const *args = LIST("--game", "bergen", "--players", "3", "--agents", "greedy,random,random,greedy",
                                   "--deals", "50", "--seed", "18");
    char *dir = support_temp_dir("mpi-bad"), *output, names[1024];
    int status = run_sim(2, args, "--out", dir, &output);
    ck_assert_msg(status == 2, "exit status %d:\n%s", status, output);
    ck_assert_msg(dominolab_lines(output) == 1, "not one error line:\n%s", output);
    ck_assert_msg(support_dir_entries(dir, names, sizeof names) == 0, "left behind: %s", names);
    free(output);
    support_remove_dir(dir);
}
END_TEST

static Suite *mpi_suite(void)
{
    Suite *suite = suite_create("mpi");
    TCase *same = tcase_create("same files");
    tcase_set_timeout(same, 300);
    tcase_add_loop_test(same, ranks_write_the_files_of_one_process, 0, (int)(sizeof cases / sizeof cases[0]));
    suite_add_tcase(suite, same);

    TCase *refusals = tcase_create("refusals");
    tcase_set_timeout(refusals, 300);
    tcase_add_test(refusals, resume_refused_with_two_ranks);
    tcase_add_test(refusals, bad_argument_reported_once);
    suite_add_tcase(suite, refusals);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(mpi_suite());
    srunner_set_fork_status(runner, CK_NOFORK); /* the tests start mpirun themselves */
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
