/* test_run_state.c - a run directory trusts nothing it reads back.
 *
 *   damaged state: a stopped run's run.json or deals.csv damaged in each way a crash, a
 *     disk or a hand could damage it; `sim --resume` refuses it, naming the file and the
 *     field, and changes nothing. analyze and merge refuse damaged run.json files (they once
 *     crashed on them) and damaged shard deals.csv files (merge once copied them blindly);
 *   a full disk (RLIMIT_FSIZE): the run stops naming deals.csv, the write that failed, and a
 *     resume then writes exactly the files of an uninterrupted run; a merge whose write
 *     fails leaves none of its files;
 *   SIGKILL at random moments, again and again, each time resumed: the files at the end
 *     are an uninterrupted run's;
 *   deals.csv reaches the disk (fsync) before every run.json that counts its rows, seen
 *     with strace.
 *
 * In-process runs use --threads 1 (Check forks each test); the binary runs on 2 threads.
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "pcg32.h"
#include "sim_fixture.h"
#include "test_support.h"

/* The workload of the signal tests: about a second on two threads (three under the
 * sanitizers), not scaled, so that a signal finds it under way. */
static const study_t SLOW_STUDY = {NULL, NULL, 2, "pimc:samples=2,rollout=greedy,greedy", true, 16000, 41,
                                   false, true, true};
/* A quick one for in-process runs. */
static const study_t QUICK_STUDY = {NULL, NULL, 2, "greedy,random", false, 3000, 5, false, true, false};

/* ------------------------------------------------------------------ files */

/* Copies the regular files of `from` (one level, dot files included) into a new `to`. */
static void copy_dir(const char *from, const char *to)
{
    REQUIRE(mkdir(to, 0777) == 0, "mkdir %s: %s", to, strerror(errno));
    snapshot_t files;
    snapshot_take(from, &files);
    for (int k = 0; k < files.count; k++) {
        char path[PATH_SIZE];
        path_join(path, to, files.name[k]);
        FILE *out = fopen(path, "wb");
        REQUIRE(out && fwrite(files.bytes[k], 1, files.length[k], out) == files.length[k] && fclose(out) == 0,
                "cannot write %s", path);
    }
    snapshot_free(&files);
}

static void write_run(const char *dir, json_t *run)
{
    char path[PATH_SIZE];
    path_join(path, dir, "run.json");
    REQUIRE(json_dump_file(run, path, JSON_INDENT(2)) == 0, "cannot write %s", path);
}

static void write_text(const char *dir, const char *name, const char *text)
{
    char path[PATH_SIZE];
    path_join(path, dir, name);
    REQUIRE(support_write_file(path, text), "cannot write %s", path);
}

static bool exists_in(const char *dir, const char *name)
{
    char path[PATH_SIZE];
    path_join(path, dir, name);
    return support_file_exists(path);
}

/* The study's arguments with `flag` DIR, run in this process. */
static void sim_capture(const study_t *s, const char *flag, const char *dir, capture_t *result)
{
    args_t a;
    args_start(&a, "sim");
    study_args(&a, s, 1);
    args_add_list(&a, LIST(flag, dir));
    support_run(cli_sim, a.item, result);
}

/* A run of SLOW_STUDY stopped by SIGINT after its first checkpoint: run.json (incomplete),
 * summary.csv and deals.csv of the units done. */
static void make_stopped_run(const char *dir)
{
    const char *root = support_scratch("stopped");
    char out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    pid_t pid = start_and_wait_for_progress(&SLOW_STUDY, dir, out_path, err_path);
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    int status = wait_for(pid, RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 130, "the stopped run: wait status %d", status);
}

/* ------------------------------------------------------------------ damaged state */

typedef struct damage {
    const char *what;
    void (*apply)(const char *dir, json_t *run); /* run: the directory's run.json, to edit */
    const char *needles[3];                      /* in the refusal, besides the file's name */
    const char *file;                            /* the file the refusal names */
} damage_t;

/* Edits the run.json of `dir` (and perhaps its other files) with `apply`. */
static void damage_run(const char *dir, void (*apply)(const char *, json_t *))
{
    json_t *run = load_run(dir);
    apply(dir, run);
    json_decref(run);
}

/* The refusal `err` names the damaged file and holds each of d's needles. */
static void require_names_damage(const damage_t *d, const char *err)
{
    REQUIRE(strstr(err, d->file), "%s: the refusal does not name %s: %s", d->what, d->file, err);
    for (int n = 0; d->needles[n]; n++)
        REQUIRE(strstr(err, d->needles[n]), "%s: \"%s\" missing from: %s", d->what, d->needles[n], err);
}

static json_int_t run_integer(const json_t *run, const char *key) { return json_integer_value(json_object_get(run, key)); }

static void shorten_deals(const char *dir, json_t *run)
{
    char path[PATH_SIZE];
    path_join(path, dir, "deals.csv");
    REQUIRE(truncate(path, run_integer(run, "deals_bytes") / 2) == 0, "truncate: %s", strerror(errno));
}
static void units_done_negative(const char *dir, json_t *run)
{
    json_object_set_new(run, "units_done", json_integer(-3));
    write_run(dir, run);
}
static void units_done_too_large(const char *dir, json_t *run)
{
    json_object_set_new(run, "units_done", json_integer(run_integer(run, "units") + 5));
    write_run(dir, run);
}
static void units_done_one_less(const char *dir, json_t *run)
{
    json_object_set_new(run, "units_done", json_integer(run_integer(run, "units_done") - 1));
    write_run(dir, run);
}
static void units_done_word(const char *dir, json_t *run)
{
    json_object_set_new(run, "units_done", json_string("many"));
    write_run(dir, run);
}
static void deals_bytes_word(const char *dir, json_t *run)
{
    json_object_set_new(run, "deals_bytes", json_string("12x"));
    write_run(dir, run);
}
static void deals_bytes_mid_row(const char *dir, json_t *run)
{
    json_object_set_new(run, "deals_bytes", json_integer(run_integer(run, "deals_bytes") - 1));
    write_run(dir, run);
}
static void deals_bytes_past_end(const char *dir, json_t *run)
{
    json_object_set_new(run, "deals_bytes", json_integer(run_integer(run, "deals_bytes") + 100));
    write_run(dir, run);
}
static void totals_empty(const char *dir, json_t *run)
{
    json_object_set_new(run, "totals", json_object());
    write_run(dir, run);
}
static void totals_inconsistent(const char *dir, json_t *run)
{
    json_t *first = json_array_get(json_object_get(json_object_get(run, "totals"), "agents"), 0);
    json_object_set_new(first, "wins", json_integer(json_integer_value(json_object_get(first, "wins")) + 1));
    write_run(dir, run);
}
static void agent_not_a_string(const char *dir, json_t *run)
{
    json_array_set_new(json_object_get(run, "agents"), 0, json_integer(7));
    write_run(dir, run);
}
static void mode_missing(const char *dir, json_t *run)
{
    json_object_del(run, "mode");
    write_run(dir, run);
}
static void run_json_cut(const char *dir, json_t *run)
{
    (void)run;
    write_text(dir, "run.json", "{\"format\": 1, \"game\"");
}
static void deals_row_garbage(const char *dir, json_t *run)
{
    (void)run;
    char *text = read_in(dir, "deals.csv", NULL);
    char *second = strchr(text, '\n') + 1; /* the first row: garbage of its own length */
    for (char *p = second; *p != '\n'; p++) *p = 'x';
    write_text(dir, "deals.csv", text);
    free(text);
}
static void deals_missing(const char *dir, json_t *run)
{
    (void)run;
    char path[PATH_SIZE];
    path_join(path, dir, "deals.csv");
    REQUIRE(unlink(path) == 0, "unlink %s", path);
}
static void both_deals_files(const char *dir, json_t *run)
{
    (void)run;
    char *text = read_in(dir, "deals.csv", NULL);
    write_text(dir, ".deals.csv.part", text);
    free(text);
}

static const damage_t damages[] = {
    {"deals.csv shorter than run.json says", shorten_deals, {"bytes", NULL}, "deals.csv"},
    {"units_done negative", units_done_negative, {"units_done", NULL}, "run.json"},
    {"units_done past the units", units_done_too_large, {"units_done", NULL}, "run.json"},
    {"units_done not the totals'", units_done_one_less, {"totals.units", NULL}, "run.json"},
    {"units_done a word", units_done_word, {"units_done", "integer", NULL}, "run.json"},
    {"deals_bytes a word", deals_bytes_word, {"deals_bytes", "integer", NULL}, "run.json"},
    {"deals_bytes mid-row", deals_bytes_mid_row, {"end a row", NULL}, "deals.csv"},
    {"deals_bytes past the file", deals_bytes_past_end, {"bytes", NULL}, "deals.csv"},
    {"totals empty", totals_empty, {"totals", NULL}, "run.json"},
    {"totals that do not add up", totals_inconsistent, {"totals.agents[0]", NULL}, "run.json"},
    {"an agent that is not a string", agent_not_a_string, {"agents", NULL}, "run.json"},
    {"mode missing", mode_missing, {"mode", NULL}, "run.json"},
    {"run.json cut short", run_json_cut, {"run.json:1", NULL}, "run.json"},
    {"a garbage row in deals.csv", deals_row_garbage, {"row 1", NULL}, "deals.csv"},
    {"deals.csv missing", deals_missing, {"missing", NULL}, "deals.csv"},
    {"deals.csv and its part file both", both_deals_files, {"both", NULL}, ".deals.csv.part"},
};
enum { DAMAGE_COUNT = sizeof damages / sizeof damages[0] };

START_TEST(resume_refuses_damaged_state)
{
    const char *root = support_scratch("damaged");
    char stopped[PATH_SIZE];
    path_join(stopped, root, "stopped");
    make_stopped_run(stopped);
    for (int k = 0; k < DAMAGE_COUNT; k++) {
        const damage_t *d = &damages[k];
        char dir[PATH_SIZE], name[32];
        snprintf(name, sizeof name, "case%02d", k);
        path_join(dir, root, name);
        copy_dir(stopped, dir);
        damage_run(dir, d->apply);
        snapshot_t before;
        snapshot_take(dir, &before);
        capture_t result;
        sim_capture(&SLOW_STUDY, "--resume", dir, &result);
        REQUIRE(result.status == 2, "%s: resume exited %d: %s", d->what, result.status, result.err);
        require_names_damage(d, result.err);
        REQUIRE(support_is_one_line(result.err), "%s: not one line: %s", d->what, result.err);
        assert_unchanged(dir, &before);
        snapshot_free(&before);
        support_capture_free(&result);
    }
    /* The same directory undamaged is resumed to the end. */
    capture_t result;
    sim_capture(&SLOW_STUDY, "--resume", stopped, &result);
    REQUIRE(result.status == 0, "the undamaged run: resume exited %d: %s", result.status, result.err);
    support_capture_free(&result);
}
END_TEST

/* A complete QUICK_STUDY run in root/NAME (with extra arguments), its run.json edited by
 * `edit` (NULL: left alone). */
static void make_run(const char *dir, const char *const *extra, void (*edit)(const char *, json_t *))
{
    sim_ok(&QUICK_STUDY, "--out", dir, extra);
    if (edit) damage_run(dir, edit);
}

static void mode_odd(const char *dir, json_t *run)
{
    json_object_set_new(run, "mode", json_string("hands"));
    write_run(dir, run);
}

static const damage_t run_json_damages[] = {
    {"an agent that is not a string", agent_not_a_string, {"agents", NULL}, "run.json"},
    {"mode missing", mode_missing, {"mode", NULL}, "run.json"},
    {"mode neither deals nor matches", mode_odd, {"mode", NULL}, "run.json"},
    {"totals that do not add up", totals_inconsistent, {"totals.agents[0]", NULL}, "run.json"},
};
enum { RUN_JSON_DAMAGE_COUNT = sizeof run_json_damages / sizeof run_json_damages[0] };

/* analyze once passed a missing mode or a non-string agent to strcmp (SIGSEGV). */
START_TEST(analyze_refuses_damaged_run_json)
{
    const damage_t *d = &run_json_damages[_i];
    const char *dir = support_scratch("analyze");
    make_run(dir, NULL, d->apply);
    capture_t result;
    support_run(cli_analyze, (char *[]){"analyze", (char *)dir, "--no-plots", NULL}, &result);
    REQUIRE(result.status == 2, "%s: analyze exited %d: %s", d->what, result.status, result.err);
    require_names_damage(d, result.err);
    support_capture_free(&result);
}
END_TEST

/* Two complete shards of QUICK_STUDY in root/1 and root/2. */
static void make_shards(const char *root, char (*dirs)[PATH_SIZE])
{
    path_join(dirs[0], root, "1");
    path_join(dirs[1], root, "2");
    make_run(dirs[0], LIST("--shard", "1/2"), NULL);
    make_run(dirs[1], LIST("--shard", "2/2"), NULL);
}

/* merge refused the shards and left none of its files in `out`. */
static void expect_merge_refused(const char *out, const char *shard_a, const char *shard_b, int status,
                                 const char *needle, const char *what)
{
    capture_t result;
    run_merge(out, LIST(shard_a, shard_b), &result);
    REQUIRE(result.status == status, "%s: merge exited %d: %s", what, result.status, result.err);
    REQUIRE(strstr(result.err, needle), "%s: \"%s\" missing from: %s", what, needle, result.err);
    static const char *const outputs[] = {"run.json", "summary.csv", "deals.csv", ".deals.csv.part", NULL};
    for (int k = 0; outputs[k]; k++) REQUIRE(!exists_in(out, outputs[k]), "%s: merge left %s", what, outputs[k]);
    support_capture_free(&result);
}

/* Two shards, shard `which` damaged by d: merge refuses them and writes nothing. */
static void merge_damaged_shard(const damage_t *d, int which)
{
    const char *root = support_scratch("merge");
    char dirs[2][PATH_SIZE], out[PATH_SIZE];
    make_shards(root, dirs);
    damage_run(dirs[which], d->apply);
    path_join(out, root, "merged");
    expect_merge_refused(out, dirs[0], dirs[1], 2, d->needles[0], d->what);
}

START_TEST(merge_refuses_damaged_run_json) { merge_damaged_shard(&run_json_damages[_i], 1); }
END_TEST

static void deals_cut_mid_row(const char *dir, json_t *run)
{
    char path[PATH_SIZE];
    path_join(path, dir, "deals.csv");
    REQUIRE(truncate(path, run_integer(run, "deals_bytes") - 7) == 0, "truncate: %s", strerror(errno));
}
static void deals_extra_row(const char *dir, json_t *run)
{
    (void)run;
    char *text = read_in(dir, "deals.csv", NULL), *last = strrchr(text, '\n');
    *last = '\0';
    last = strrchr(text, '\n') + 1; /* the last row, written twice */
    size_t size = strlen(text) + strlen(last) + 3;
    char *longer = malloc(size);
    REQUIRE(longer, "out of memory");
    snprintf(longer, size, "%s\n%s\n", text, last);
    write_text(dir, "deals.csv", longer);
    free(longer);
    free(text);
}

static const damage_t shard_deals_damages[] = {
    {"a shard's deals.csv cut mid-row", deals_cut_mid_row, {"deals.csv", NULL}, "deals.csv"},
    {"a garbage row", deals_row_garbage, {"row 1", NULL}, "deals.csv"},
    {"a row too many", deals_extra_row, {"deals.csv", NULL}, "deals.csv"},
};

/* merge once copied a truncated or garbage shard deals.csv and exited 0. */
START_TEST(merge_refuses_damaged_shard_deals) { merge_damaged_shard(&shard_deals_damages[_i], 0); }
END_TEST

/* ------------------------------------------------------------------ a full disk */

/* Files this process (and what it starts) writes are cut at `bytes` from now on, and a
 * write past it fails with EFBIG instead of killing the process: a disk that is full. */
static void limit_file_size(rlim_t bytes)
{
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &limit) == 0, "getrlimit: %s", strerror(errno));
    limit.rlim_cur = bytes;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0, "setrlimit: %s", strerror(errno));
}

static void unlimit_file_size(void)
{
    struct rlimit limit;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &limit) == 0, "getrlimit: %s", strerror(errno));
    limit.rlim_cur = limit.rlim_max;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0, "setrlimit: %s", strerror(errno));
}

/* merge once renamed its partial deals.csv after a failed copy, leaving deals.csv and
 * summary.csv without a run.json. */
START_TEST(merge_write_failure_leaves_nothing)
{
    const char *root = support_scratch("merge");
    char dirs[2][PATH_SIZE], out[PATH_SIZE];
    make_shards(root, dirs);
    path_join(out, root, "merged");
    limit_file_size(64 * 1024); /* the merged deals.csv is several times that */
    expect_merge_refused(out, dirs[0], dirs[1], 1, "deals.csv", "a full disk");
    unlimit_file_size();
}
END_TEST

/* The run stops at the first write that fails, naming it (once summary.csv was named);
 * the resume on a disk with room writes an uninterrupted run's files. */
START_TEST(full_disk_then_resume)
{
    study_t s = QUICK_STUDY;
    s.units = 20000; /* deals.csv of about 4 MB */
    const char *root = support_scratch("full");
    char dir[PATH_SIZE], reference[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "run");
    path_join(reference, root, "reference");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--out", dir));
    limit_file_size(512 * 1024);
    pid_t pid = spawn_binary(a.item, out_path, err_path);
    unlimit_file_size();
    int status = wait_for(pid, RUN_LIMIT_SECONDS);
    char *err = support_read_file(err_path, NULL);
    REQUIRE(err, "cannot read %s", err_path);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 1, "the run on a full disk: wait status %d: %s", status, err);
    REQUIRE(strstr(err, "deals.csv") && !strstr(err, "summary.csv"), "the message names another file: %s", err);
    free(err);
    sim_ok(&s, "--resume", dir, NULL);
    sim_ok(&s, "--out", reference, NULL);
    assert_same_file(reference, dir, "deals.csv");
    assert_same_file(reference, dir, "summary.csv");
    json_t *x = load_run(reference), *y = load_run(dir);
    bool same = json_equal(json_object_get(x, "totals"), json_object_get(y, "totals"));
    json_decref(x);
    json_decref(y);
    REQUIRE(same, "the resumed run's totals differ from the uninterrupted run's");
}
END_TEST

/* ------------------------------------------------------------------ SIGKILL, again and again */

/* Starts SLOW_STUDY in the binary: --resume if DIR holds a run.json, else --out. */
static pid_t start_slow(const char *dir, const char *out_path, const char *err_path)
{
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &SLOW_STUDY, 2);
    args_add_list(&a, LIST(exists_in(dir, "run.json") ? "--resume" : "--out", dir));
    return spawn_binary(a.item, out_path, err_path);
}

START_TEST(sigkill_at_random_moments)
{
    const char *root = support_scratch("sigkill");
    char dir[PATH_SIZE], reference[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "run");
    path_join(reference, root, "reference");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    double started = now_seconds();
    int status = wait_for(start_slow(reference, out_path, err_path), RUN_LIMIT_SECONDS);
    double whole = now_seconds() - started;
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the uninterrupted run: wait status %d", status);

    /* Kill after a random part of an uninterrupted run's time, resume, and again, until a
     * run ends by itself. Kills land anywhere: before run.json, between checkpoints, while
     * a file is renamed. */
    pcg32_t rng;
    pcg32_seed(&rng, 20261124, 7);
    int kills = 0, mid_run = 0;
    for (;;) {
        pid_t pid = start_slow(dir, out_path, err_path);
        if (kills >= 40) { /* enough: let this one end */
            status = wait_for(pid, RUN_LIMIT_SECONDS);
            break;
        }
        sleep_ms((long)(pcg32_below(&rng, 1000) / 1000.0 * whole * 1000 / 2));
        pid_t ended = waitpid(pid, &status, WNOHANG);
        if (ended == pid) break; /* it ended before the kill */
        REQUIRE(ended == 0, "waitpid: %s", strerror(errno));
        int64_t done = units_done_in(dir);
        REQUIRE(kill(pid, SIGKILL) == 0, "kill: %s", strerror(errno));
        status = wait_for(pid, RUN_LIMIT_SECONDS);
        if (!WIFSIGNALED(status)) break; /* it ended as the kill was sent */
        kills++;
        mid_run += done > 0;
    }
    char *err = support_read_file(err_path, NULL);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the last resume: wait status %d: %s", status,
            err ? err : "");
    free(err);
    REQUIRE(kills >= 3 && mid_run >= 2, "only %d kills (%d after progress): the test proves little", kills, mid_run);
    assert_same_file(reference, dir, "summary.csv");
    assert_same_file(reference, dir, "deals.csv");
    json_t *x = load_run(reference), *y = load_run(dir);
    bool same = json_equal(json_object_get(x, "totals"), json_object_get(y, "totals"));
    json_decref(x);
    json_decref(y);
    REQUIRE(same, "after %d kills the totals differ from the uninterrupted run's", kills);
    char names[PATH_SIZE];
    REQUIRE(support_dir_entries(dir, names, sizeof names) == 3, "after %d kills the run holds: %s", kills, names);
}
END_TEST

/* ------------------------------------------------------------------ fsync before run.json */

/* The descriptor a `PID call(FD, ...` line of strace names, or -1 if it is not `call`. */
static int call_fd(const char *line, const char *call)
{
    const char *at = line + strspn(line, "0123456789");
    at += strspn(at, " ");
    size_t length = strlen(call);
    if (at == line || strncmp(at, call, length) != 0 || at[length] != '(') return -1;
    return atoi(at + length + 1);
}

/* Every run.json that replaces the last one, while deals.csv is being written, comes after
 * the rows written before it reached the disk; and the part file is closed synced. */
START_TEST(checkpoint_syncs_deals_first)
{
    REQUIRE(access("/usr/bin/strace", X_OK) == 0, "strace is needed (scripts/install-deps.sh installs it)");
    const char *root = support_scratch("fsync");
    char dir[PATH_SIZE], trace[PATH_SIZE], count[32];
    path_join(dir, root, "run");
    path_join(trace, root, "trace.txt");
    snprintf(count, sizeof count, "%d", 20000);
    /* LeakSanitizer cannot run under ptrace: in the sanitizer build the traced run checks
     * everything but leaks (test_sim checks its leaks). */
    char *argv[] = {"strace", "-f", "-qq", "-o", trace, "-E", "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1", "-e",
                    "trace=openat,write,fsync,close,rename",
                    DOMINOLAB_BINARY, "sim", "--players", "2", "--agents", "greedy,random", "--deals", count, "--seed",
                    "3", "--threads", "2", "--per-deal", "--quiet", "--out", dir, NULL};
    char out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    int status = wait_for(spawn_program("/usr/bin/strace", argv, out_path, err_path), RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "strace sim: wait status %d", status);
    FILE *in = fopen(trace, "r");
    REQUIRE(in, "cannot read %s", trace);
    char line[4096];
    int part = -1, renames = 0, writes = 0;
    bool unsynced = false;
    while (fgets(line, sizeof line, in)) {
        if (strstr(line, "openat(") && strstr(line, ".deals.csv.part\"")) {
            const char *equals = strrchr(line, '=');
            part = equals ? atoi(equals + 1) : -1;
        } else if (part >= 0 && call_fd(line, "write") == part) {
            unsynced = true;
            writes++;
        } else if (part >= 0 && call_fd(line, "fsync") == part) {
            unsynced = false;
        } else if (part >= 0 && call_fd(line, "close") == part) {
            REQUIRE(!unsynced, "deals.csv was closed with rows not synced to the disk");
            part = -1;
        } else if (strstr(line, "rename(") && strstr(line, "/run.json\")")) {
            REQUIRE(!unsynced, "run.json was replaced before the rows it counts reached the disk (rename %d)",
                    renames + 1);
            renames++;
        }
    }
    fclose(in);
    REQUIRE(renames >= 2 && writes >= 10, "%d run.json renames and %d deals.csv writes traced", renames, writes);
}
END_TEST

static Suite *run_state_suite(void)
{
    Suite *suite = suite_create("run state");
    TCase *damaged = tcase_create("damaged state");
    tcase_add_checked_fixture(damaged, NULL, support_scratch_teardown);
    tcase_set_timeout(damaged, 600);
    tcase_add_test(damaged, resume_refuses_damaged_state);
    tcase_add_loop_test(damaged, analyze_refuses_damaged_run_json, 0, RUN_JSON_DAMAGE_COUNT);
    tcase_add_loop_test(damaged, merge_refuses_damaged_run_json, 0, RUN_JSON_DAMAGE_COUNT);
    tcase_add_loop_test(damaged, merge_refuses_damaged_shard_deals, 0,
                        (int)(sizeof shard_deals_damages / sizeof shard_deals_damages[0]));
    suite_add_tcase(suite, damaged);

    TCase *crashes = tcase_create("full disk and crashes");
    tcase_add_checked_fixture(crashes, NULL, support_scratch_teardown);
    tcase_set_timeout(crashes, 900);
    tcase_add_test(crashes, merge_write_failure_leaves_nothing);
    tcase_add_test(crashes, full_disk_then_resume);
    tcase_add_test(crashes, sigkill_at_random_moments);
    tcase_add_test(crashes, checkpoint_syncs_deals_first);
    suite_add_tcase(suite, crashes);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_run_state")) return EXIT_FAILURE; /* outside any test */
    SRunner *runner = srunner_create(run_state_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
