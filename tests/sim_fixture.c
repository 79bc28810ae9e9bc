/* sim_fixture.c - see sim_fixture.h. */
#include "sim_fixture.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"

#ifndef DOMINOLAB_BINARY
#error "DOMINOLAB_BINARY (the path of the dominolab executable) must be defined by the build"
#endif

extern char **environ;

void path_join(char *out, const char *dir, const char *name)
{
    int n = snprintf(out, PATH_SIZE, "%s/%s", dir, name);
    REQUIRE(n > 0 && n < PATH_SIZE, "path too long: %s/%s", dir, name);
}

void args_add(args_t *a, const char *item)
{
    REQUIRE(a->count < ARGV_MAX, "too many arguments");
    a->item[a->count++] = (char *)item;
    a->item[a->count] = NULL;
}

void args_add_list(args_t *a, const char *const *list)
{
    for (int k = 0; list && list[k]; k++) args_add(a, list[k]);
}

void args_add_format(args_t *a, const char *format, int64_t value)
{
    REQUIRE(a->count < ARGV_MAX, "too many arguments");
    snprintf(a->text[a->count], TEXT_SIZE, format, value);
    args_add(a, a->text[a->count]);
}

void args_start(args_t *a, const char *name)
{
    memset(a, 0, sizeof *a);
    args_add(a, name);
}

/* The arguments of `study` after args->item[0], then --threads T --quiet. */
void study_args(args_t *a, const study_t *s, int threads)
{
    if (s->game) args_add_list(a, LIST("--game", s->game));
    if (s->preset) args_add_list(a, LIST("--preset", s->preset));
    args_add(a, "--players");
    args_add_format(a, "%" PRId64, s->players);
    args_add_list(a, LIST("--agents", s->agents));
    args_add(a, s->matches ? "--matches" : "--deals");
    args_add_format(a, "%" PRId64, s->units);
    args_add(a, "--seed");
    args_add_format(a, "%" PRId64, (int64_t)s->seed);
    if (s->no_duplicate) args_add(a, "--no-duplicate");
    if (s->per_deal) args_add(a, "--per-deal");
    if (s->per_seat) args_add(a, "--per-seat");
    args_add(a, "--threads");
    args_add_format(a, "%" PRId64, threads);
    args_add(a, "--quiet");
}

/* Runs `sim` for the study with `flag` DIR (--out or --resume) and extra arguments;
 * requires exit status 0. */
void sim_ok(const study_t *s, const char *flag, const char *dir, const char *const *extra)
{
    args_t a;
    args_start(&a, "sim");
    study_args(&a, s, 1);
    args_add_list(&a, LIST(flag, dir));
    args_add_list(&a, extra);
    capture_t result;
    support_run(cli_sim, a.item, &result);
    REQUIRE(result.status == 0, "sim %s %s exited %d: %s", flag, dir, result.status, result.err);
    support_capture_free(&result);
}

/* Runs `merge --out OUT` with the shard directories; returns the capture. */
void run_merge(const char *out, const char *const *shards, capture_t *result)
{
    args_t a;
    args_start(&a, "merge");
    args_add_list(&a, LIST("--out", out));
    args_add_list(&a, shards);
    support_run(cli_merge, a.item, result);
}

/* ------------------------------------------------------------------ files */

char *read_in(const char *dir, const char *name, size_t *length)
{
    char path[PATH_SIZE];
    path_join(path, dir, name);
    char *text = support_read_file(path, length);
    REQUIRE(text, "cannot read %s", path);
    return text;
}

/* DIR_A/NAME and DIR_B/NAME are byte-identical; else fails naming the first different line. */
void assert_same_file(const char *dir_a, const char *dir_b, const char *name)
{
    size_t la, lb;
    char *a = read_in(dir_a, name, &la), *b = read_in(dir_b, name, &lb);
    if (la != lb || memcmp(a, b, la) != 0) {
        size_t at = 0, line_start = 0;
        int line = 1;
        while (at < la && at < lb && a[at] == b[at]) {
            if (a[at] == '\n') {
                line++;
                line_start = at + 1;
            }
            at++;
        }
        int len_a = (int)strcspn(a + line_start, "\n"), len_b = (int)strcspn(b + line_start, "\n");
        ck_abort_msg("%s differs between %s (%zu bytes) and %s (%zu bytes) at line %d:\n  %.*s\n  %.*s", name, dir_a,
                     la, dir_b, lb, line, len_a < 300 ? len_a : 300, a + line_start, len_b < 300 ? len_b : 300,
                     b + line_start);
    }
    free(a);
    free(b);
}

void snapshot_take(const char *dir, snapshot_t *s)
{
    memset(s, 0, sizeof *s);
    DIR *listing = opendir(dir);
    REQUIRE(listing, "opendir %s: %s", dir, strerror(errno));
    struct dirent *entry;
    while ((entry = readdir(listing))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
        REQUIRE(s->count < 16, "too many files in %s", dir);
        snprintf(s->name[s->count], sizeof s->name[0], "%s", entry->d_name);
        s->bytes[s->count] = read_in(dir, entry->d_name, &s->length[s->count]);
        s->count++;
    }
    closedir(listing);
}

void snapshot_free(snapshot_t *s)
{
    for (int k = 0; k < s->count; k++) free(s->bytes[k]);
    s->count = 0;
}

/* `dir` holds exactly the files of `before`, each with the same bytes. */
void assert_unchanged(const char *dir, const snapshot_t *before)
{
    snapshot_t after;
    snapshot_take(dir, &after);
    char names[PATH_SIZE];
    support_dir_entries(dir, names, sizeof names);
    REQUIRE(after.count == before->count, "%s now holds %d files (%s), before %d", dir, after.count, names,
            before->count);
    for (int k = 0; k < before->count; k++) {
        int found = -1;
        for (int j = 0; j < after.count; j++)
            if (!strcmp(after.name[j], before->name[k])) found = j;
        REQUIRE(found >= 0, "%s/%s is gone", dir, before->name[k]);
        REQUIRE(after.length[found] == before->length[k] &&
                    memcmp(after.bytes[found], before->bytes[k], before->length[k]) == 0,
                "%s/%s was changed", dir, before->name[k]);
    }
    snapshot_free(&after);
}

json_t *load_run(const char *dir)
{
    char path[PATH_SIZE];
    json_error_t error;
    path_join(path, dir, "run.json");
    json_t *run = json_load_file(path, 0, &error);
    REQUIRE(run, "%s: %s (line %d)", path, error.text, error.line);
    REQUIRE(json_is_object(run), "%s is not an object", path);
    return run;
}

double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

/* Starts the binary with argv (argv[0] is its name), stdout and stderr to files, with
 * SIGINT and SIGTERM at their defaults and unblocked. */
pid_t spawn_binary(char *const *argv, const char *out_path, const char *err_path)
{
    return spawn_program(DOMINOLAB_BINARY, argv, out_path, err_path);
}

pid_t spawn_program(const char *program, char *const *argv, const char *out_path, const char *err_path)
{
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    bool ready =
        posix_spawn_file_actions_init(&actions) == 0 &&
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644) == 0 &&
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644) == 0 &&
        posix_spawnattr_init(&attributes) == 0 && posix_spawnattr_setsigmask(&attributes, &none) == 0 &&
        posix_spawnattr_setsigdefault(&attributes, &defaults) == 0 &&
        posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) == 0;
    REQUIRE(ready, "cannot prepare posix_spawn");
    pid_t pid;
    int error = posix_spawn(&pid, program, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    REQUIRE(error == 0, "cannot start %s: %s", program, strerror(error));
    return pid;
}

/* Waits for `pid` (at most `limit` seconds, then kills it); returns the wait status. */
int wait_for(pid_t pid, double limit)
{
    double deadline = now_seconds() + limit;
    for (;;) {
        int status;
        pid_t done = waitpid(pid, &status, WNOHANG);
        if (done == pid) return status;
        REQUIRE(done == 0, "waitpid: %s", strerror(errno));
        if (now_seconds() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            ck_abort_msg("%s did not end within %.0f s", DOMINOLAB_BINARY, limit);
        }
        sleep_ms(5);
    }
}

char *shell_ok(const char *dir, const char *script, const char *argument)
{
    char out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(out_path, dir, "stdout.txt");
    path_join(err_path, dir, "stderr.txt");
    char *argv[] = {"sh", "-c", (char *)script, "sh", (char *)argument, NULL};
    if (!argument) argv[3] = NULL;
    int status = wait_for(spawn_program("/bin/sh", argv, out_path, err_path), RUN_LIMIT_SECONDS);
    size_t length;
    char *out = read_in(dir, "stdout.txt", &length), *err = read_in(dir, "stderr.txt", &length);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s\nwait status %d\nstdout:\n%s\nstderr:\n%s", script,
            status, out, err);
    free(err);
    return out;
}

/* units_done of DIR/run.json, or -1 while there is none. */
int64_t units_done_in(const char *dir)
{
    char path[PATH_SIZE];
    path_join(path, dir, "run.json");
    json_t *run = json_load_file(path, 0, NULL); /* written by rename: old or new, never half */
    if (!run) return -1;
    int64_t done = json_integer_value(json_object_get(run, "units_done"));
    json_decref(run);
    return done;
}


/* Starts `sim` for the study in the binary with --out DIR; returns its pid once DIR/run.json
 * counts finished units (the run is then well under way, its signal handlers set). */
pid_t start_and_wait_for_progress(const study_t *s, const char *dir, const char *out_path, const char *err_path)
{
    return start_with_and_wait_for_progress(s, NULL, dir, out_path, err_path);
}

pid_t start_with_and_wait_for_progress(const study_t *s, const char *const *extra, const char *dir,
                                       const char *out_path, const char *err_path)
{
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, s, 2);
    args_add_list(&a, extra);
    args_add_list(&a, LIST("--out", dir));
    pid_t pid = spawn_binary(a.item, out_path, err_path);
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    for (;;) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid)
            ck_abort_msg("the run ended (wait status %d) before it could be stopped: enlarge the workload", status);
        if (units_done_in(dir) > 0) return pid;
        if (now_seconds() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            ck_abort_msg("no units done in %s after %.0f s", dir, RUN_LIMIT_SECONDS);
        }
        sleep_ms(2);
    }
}

void wait_for_rows_past_checkpoint(pid_t pid, const char *dir)
{
    char run_path[PATH_SIZE], part_path[PATH_SIZE];
    path_join(run_path, dir, "run.json");
    path_join(part_path, dir, ".deals.csv.part");
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    for (;;) {
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid)
            ck_abort_msg("the run ended (wait status %d) before it could be stopped: enlarge the workload", status);
        json_t *run = json_load_file(run_path, 0, NULL); /* before the part's size: never newer */
        json_int_t checkpoint_bytes = json_integer_value(json_object_get(run, "deals_bytes"));
        json_decref(run);
        struct stat part;
        if (run && checkpoint_bytes > 0 && stat(part_path, &part) == 0 && part.st_size > checkpoint_bytes) return;
        if (now_seconds() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            ck_abort_msg("no deals.csv rows past the checkpoint in %s after %.0f s", dir, RUN_LIMIT_SECONDS);
        }
        sleep_ms(1);
    }
}
