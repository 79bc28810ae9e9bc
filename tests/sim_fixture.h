/* sim_fixture.h - what the tests of `dominolab sim` and its run directories share: command
 * lines built as argument vectors, studies, whole files compared, directory snapshots, and
 * the binary started in a child process (DOMINOLAB_BINARY, set by tests/CMakeLists.txt).
 * Every helper that cannot do its job fails the calling test.
 */
#ifndef DOMINOLAB_SIM_FIXTURE_H
#define DOMINOLAB_SIM_FIXTURE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "test_support.h"

enum { PATH_SIZE = 1024, ARGV_MAX = 64, TEXT_SIZE = 64 };
#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})
static const double RUN_LIMIT_SECONDS = 300;

void path_join(char *out, const char *dir, const char *name);

/* ---- command lines ---- */
typedef struct args {
    char *item[ARGV_MAX + 1];
    int count;
    char text[ARGV_MAX][TEXT_SIZE]; /* storage for numbers */
} args_t;

void args_start(args_t *a, const char *name);
void args_add(args_t *a, const char *item);
void args_add_list(args_t *a, const char *const *list);
void args_add_format(args_t *a, const char *format, int64_t value);

/* A study: the command line of a run without its directory and run-time flags. */
typedef struct study {
    const char *game, *preset; /* NULL: the defaults */
    int players;
    const char *agents;
    bool matches;
    int64_t units;
    uint64_t seed;
    bool no_duplicate;
    bool per_deal, per_seat;
} study_t;

/* The arguments of `study` after args->item[0], then --threads T --quiet. */
void study_args(args_t *a, const study_t *s, int threads);
/* Runs `sim` in this process for the study with `flag` DIR (--out or --resume) and extra
 * arguments; requires exit status 0. */
void sim_ok(const study_t *s, const char *flag, const char *dir, const char *const *extra);
/* Runs `merge --out OUT` with the shard directories, in this process. */
void run_merge(const char *out, const char *const *shards, capture_t *result);

/* ---- files ---- */
char *read_in(const char *dir, const char *name, size_t *length);
/* DIR_A/NAME and DIR_B/NAME are byte-identical; else fails naming the first different line. */
void assert_same_file(const char *dir_a, const char *dir_b, const char *name);
/* Every file of `dir` with its bytes, to prove a refused command changed nothing. */
typedef struct snapshot {
    int count;
    char name[16][256];
    char *bytes[16];
    size_t length[16];
} snapshot_t;

void snapshot_take(const char *dir, snapshot_t *s);
void snapshot_free(snapshot_t *s);
/* `dir` holds exactly the files of `before`, each with the same bytes. */
void assert_unchanged(const char *dir, const snapshot_t *before);
json_t *load_run(const char *dir);

/* ---- the binary ---- */
double now_seconds(void);
void sleep_ms(long ms);
/* Starts the binary with argv (argv[0] is its name), stdout and stderr to files, with
 * SIGINT and SIGTERM at their defaults and unblocked. */
pid_t spawn_binary(char *const *argv, const char *out_path, const char *err_path);
/* The same for another program, by its path. */
pid_t spawn_program(const char *program, char *const *argv, const char *out_path, const char *err_path);
/* Runs `sh -c script` (with `argument` as $1, or none if NULL), its output into files of
 * `dir`; requires exit status 0, naming the script and quoting both outputs otherwise.
 * Returns what it wrote to standard output (the caller frees it). */
char *shell_ok(const char *dir, const char *script, const char *argument);
/* Waits for `pid` (at most `limit` seconds, then kills it); returns the wait status. */
int wait_for(pid_t pid, double limit);
/* units_done of DIR/run.json, or -1 while there is none. */
int64_t units_done_in(const char *dir);
/* Waits until the run `pid` writes into `dir` has appended deals.csv rows after its last
 * checkpoint (units played and not yet counted: what a crash must lose); fails the test if
 * the run ends first or RUN_LIMIT_SECONDS pass. */
void wait_for_rows_past_checkpoint(pid_t pid, const char *dir);
/* Starts `sim` for the study in the binary with --out DIR on 2 threads; returns its pid once
 * DIR/run.json counts finished units (the run is then well under way, its signal handlers
 * set). */
pid_t start_and_wait_for_progress(const study_t *s, const char *dir, const char *out_path, const char *err_path);
/* The same with more sim arguments (or NULL) after the study's. */
pid_t start_with_and_wait_for_progress(const study_t *s, const char *const *extra, const char *dir,
                                       const char *out_path, const char *err_path);

#endif
