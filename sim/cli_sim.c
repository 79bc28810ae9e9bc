/* cli_sim.c - `dominolab sim`: many units between agents, in parallel, into CSV files.
 *
 * Order of work: every argument is checked and the output directory proven writable before
 * anything is written, so bad input leaves nothing behind. Then run.json is written (the
 * study and a checkpoint), the units are played in batches, and after every batch the
 * per-deal rows are appended and, every few seconds, the checkpoint is renewed. A stop
 * (SIGINT, SIGTERM) ends the run after the units in flight; the files then describe the
 * completed units, and `--resume DIR` continues to exactly the files of an uninterrupted run.
 *
 * Under mpirun with R > 1 ranks (a DOMINOLAB_MPI build, see mpi_run.h and docs/sim-mpi.md)
 * every rank checks the same arguments, rank 0 alone prepares the directory, rank r plays
 * the r-th of R contiguous slices into its own part file, and rank 0 writes the three files
 * once every rank has played: there is no checkpoint, so a stop or a failure on any rank
 * ends the run with nothing kept, and --resume is refused. The ranks meet only in the
 * collective steps of run_spread, which every rank reaches in the same order.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "mpi_run.h"
#include "progress.h"
#include "rundir.h"

enum { SIM_COMMAND_MAX = 4096, SIM_EXIT_INTERRUPTED = 130, SIM_EXIT_TERMINATED = 143 };
static const double CHECKPOINT_SECONDS = 2.0;

/* The one piece of global state: a signal handler can reach nothing else. */
static volatile sig_atomic_t stop_signal = 0;
static void on_stop_signal(int signal_number) { stop_signal = signal_number; }

static void sim_usage(FILE *out)
{
    fprintf(out,
            "usage: dominolab sim [--game G] [--preset P] [--option key=value ...] --players N\n"
            "                     --agents A,B[,C,D] (--deals N | --matches N) --seed S [--threads T]\n"
            "                     (--out DIR | --resume DIR) [--no-duplicate] [--per-deal] [--per-seat]\n"
            "                     [--shard K/N] [--quiet]\n\n"
            "Plays N units between agents on all cores and writes statistics to DIR:\n"
            "  summary.csv  per agent: wins, win rate (Wilson 95%%), points per hand/match, margin,\n"
            "               paired score over deal blocks, Elo difference, with intervals\n"
            "  deals.csv    (--per-deal) one row per unit x rotation x seat\n"
            "  run.json     the exact study, progress and totals (for --resume and merge)\n"
            "Columns are described in docs/sim.md. Same seed, same files, whatever --threads.\n"
            "Under mpirun (a build with DOMINOLAB_MPI) the ranks share the units, with the same\n"
            "files; see docs/sim-mpi.md.\n\n"
            "  --deals N        independent hands (each from a fresh match)\n"
            "  --matches N      whole matches to the target\n"
            "  --agents A,B     one spec per seat, or a list repeated over the seats\n"
            "  --seed S         0..2^63-1\n"
            "  --threads T      default: every core\n"
            "  --out DIR        a new run (DIR is created; it must not hold a run)\n"
            "  --resume DIR     continue an interrupted run of the same command\n"
            "  --no-duplicate   play each unit once (default: once per rotation of the agents\n"
            "                   over the seats, so the luck of the deal cancels)\n"
            "  --per-deal       also write deals.csv\n"
            "  --per-seat       also summarise each agent in each seat\n"
            "  --shard K/N      play only slice K of N of the units (combine with dominolab merge)\n"
            "  --quiet          no progress on stderr\n");
}

typedef struct sim_args {
    cli_game_args_t game;
    const char *agents, *out_dir;
    int64_t units;
    sim_mode_t mode;
    uint64_t seed;
    int threads, shard_index, shard_count;
    bool resume, duplicate, per_deal, per_seat, quiet, seed_given, units_given;
} sim_args_t;

static int bad(char *error, size_t size, const char *format, const char *value)
{
    snprintf(error, size, format, value);
    return -1;
}

static int parse_count(const char *arg, const char *value, int64_t *out, char *error, size_t size)
{
    uint64_t n;
    if (cli_parse_u64(value, &n) || n == 0 || n > (uint64_t)INT64_MAX / 2) {
        snprintf(error, size, "%s: bad value '%s' (a positive number)", arg, value);
        return -1;
    }
    *out = (int64_t)n;
    return 0;
}

/* K/N: two whole decimal numbers (no blanks or signs, nothing wrapped into range). */
static int parse_shard(const char *value, sim_args_t *args, char *error, size_t size)
{
    char k_text[24];
    const char *slash = strchr(value, '/');
    size_t k_length = slash ? (size_t)(slash - value) : sizeof k_text;
    uint64_t k = 0, n = 0;
    if (k_length < sizeof k_text) {
        memcpy(k_text, value, k_length);
        k_text[k_length] = '\0';
    }
    if (k_length >= sizeof k_text || cli_parse_u64(k_text, &k) || cli_parse_u64(slash + 1, &n) || k < 1 || k > n ||
        n > INT_MAX)
        return bad(error, size, "--shard: bad value '%s' (K/N with 1 <= K <= N)", value);
    args->shard_index = (int)k;
    args->shard_count = (int)n;
    return 0;
}

static int parse_value_arg(const char *arg, const char *value, sim_args_t *args, char *error, size_t size)
{
    if (!strcmp(arg, "--agents")) args->agents = value;
    else if (!strcmp(arg, "--out") || !strcmp(arg, "--resume")) {
        if (args->out_dir) return bad(error, size, "%s: give one of --out and --resume, once", arg);
        args->out_dir = value;
        args->resume = arg[2] == 'r';
    } else if (!strcmp(arg, "--deals") || !strcmp(arg, "--matches")) {
        if (args->units_given) return bad(error, size, "%s: give one of --deals and --matches, once", arg);
        args->units_given = true;
        args->mode = arg[2] == 'd' ? SIM_DEALS : SIM_MATCHES;
        return parse_count(arg, value, &args->units, error, size);
    } else if (!strcmp(arg, "--seed")) {
        args->seed_given = true;
        return cli_parse_seed(value, &args->seed, error, size);
    } else if (!strcmp(arg, "--threads")) {
        uint64_t threads;
        if (cli_parse_u64(value, &threads) || threads < 1 || threads > 1024)
            return bad(error, size, "--threads: bad value '%s' (1..1024)", value);
        args->threads = (int)threads;
    } else if (!strcmp(arg, "--shard")) {
        return parse_shard(value, args, error, size);
    } else {
        return 1;
    }
    return 0;
}

static int parse_sim_args(int argc, char **argv, sim_args_t *args, char *error, size_t size)
{
    memset(args, 0, sizeof *args);
    args->duplicate = true;
    args->threads = omp_get_num_procs();
    bool players = false;
    for (int i = 1; i < argc; i++) {
        int taken = cli_parse_game_arg(argc, argv, &i, &args->game, error, size);
        if (taken < 0) return -1;
        if (taken) {
            players |= !strcmp(argv[i - 1], "--players");
            continue;
        }
        const char *arg = argv[i];
        if (!strcmp(arg, "--no-duplicate")) { args->duplicate = false; continue; }
        if (!strcmp(arg, "--per-deal")) { args->per_deal = true; continue; }
        if (!strcmp(arg, "--per-seat")) { args->per_seat = true; continue; }
        if (!strcmp(arg, "--quiet")) { args->quiet = true; continue; }
        if (i + 1 < argc) {
            int result = parse_value_arg(arg, argv[i + 1], args, error, size);
            if (result < 0) return -1;
            if (result == 0) { i++; continue; }
        }
        return bad(error, size, strncmp(arg, "--", 2) || i + 1 < argc ? "unexpected argument '%s'" : "%s needs a value",
                   arg);
    }
    if (!players) return bad(error, size, "%s is required", "--players");
    if (!args->agents) return bad(error, size, "%s is required", "--agents");
    if (!args->units_given) return bad(error, size, "%s is required", "--deals N or --matches N");
    if (!args->seed_given) return bad(error, size, "%s is required", "--seed");
    if (!args->out_dir) return bad(error, size, "%s is required", "--out DIR or --resume DIR");
    if (args->shard_count > args->units)
        return bad(error, size, "--shard: more shards than units (%s)", "each shard needs at least one unit");
    return 0;
}

/* ------------------------------------------------------------------ the study */

typedef struct sim_session {
    sim_args_t args;
    cli_game_t game;
    sim_study_t study;
    char agent_text[SIM_COMMAND_MAX];
    char command[SIM_COMMAND_MAX];
    json_t *run;          /* run.json as it will be written */
    FILE *deals;
    progress_t progress;
    double last_checkpoint;
    long deals_bytes; /* size of deals.csv at the last checkpoint */
    int64_t slice_first, units_done_before;
    ranks_t ranks;          /* the MPI job's ranks; one without MPI */
    char progress_label[48];
    char error[CLI_ERROR_SIZE];
} sim_session_t;

static int build_study(sim_session_t *s, char *error, size_t size)
{
    sim_study_t *study = &s->study;
    sim_config_t *c = &study->config;
    const char *specs[GAME_MAX_SEATS];
    snprintf(s->agent_text, sizeof s->agent_text, "%s", s->args.agents);
    if (cli_split_agents(s->agent_text, specs, s->game.seats, true, error, size)) return -1;
    memset(study, 0, sizeof *study);
    c->game = s->game.game;
    c->rules = s->game.rules;
    c->seats = s->game.seats;
    c->sides = c->game->side_count(c->rules);
    c->rotations = s->args.duplicate ? c->sides : 1;
    for (int seat = 0; seat < c->seats; seat++) {
        int a = 0;
        while (a < c->agent_count && strcmp(c->agents[a], specs[seat])) a++;
        if (a == c->agent_count) c->agents[c->agent_count++] = specs[seat];
        c->agent_of_seat[seat] = a;
        study->seat_agents[seat] = specs[seat];
    }
    c->mode = s->args.mode;
    c->units = s->args.units;
    c->seed = s->args.seed;
    c->threads = s->args.threads;
    study->preset = s->game.preset;
    study->values = &s->game.values;
    study->duplicate = s->args.duplicate;
    study->per_deal = s->args.per_deal;
    study->per_seat = s->args.per_seat;
    study->shard_index = s->args.shard_index;
    study->shard_count = s->args.shard_count;
    int shards = study->shard_count ? study->shard_count : 1, shard = study->shard_count ? study->shard_index : 1;
    /* floor(units * K / N) without the product, which overflows for the largest runs */
    c->first_unit = c->units / shards * (shard - 1) + c->units % shards * (shard - 1) / shards;
    c->end_unit = c->units / shards * shard + c->units % shards * shard / shards;
    s->slice_first = c->first_unit;
    return 0;
}

/* The command as typed, with --out turned into --resume (the continuation hint). */
static void remember_command(sim_session_t *s, int argc, char **argv)
{
    size_t used = (size_t)snprintf(s->command, sizeof s->command, "dominolab sim");
    for (int i = 1; i < argc && used < sizeof s->command; i++) {
        const char *arg = !strcmp(argv[i], "--out") ? "--resume" : argv[i];
        bool quote = strpbrk(arg, " \t'\"$\\;&|<>*?()") != NULL || !*arg;
        used += (size_t)snprintf(s->command + used, sizeof s->command - used, quote ? " '%s'" : " %s", arg);
    }
}

/* A resumed run: same study; totals and progress from run.json. */
static int load_resume(sim_session_t *s, sim_totals_t *totals, json_t *identity, char *error, size_t size)
{
    json_t *old;
    if (rundir_read_run(s->args.out_dir, &old, error, size)) return -1;
    char what[RUNDIR_PATH_MAX + 32];
    snprintf(what, sizeof what, "--resume: %s/run.json", s->args.out_dir);
    int result = rundir_compare_identities(old, identity, NULL, what, "this command", error, size);
    if (result == 0 && rundir_totals_from_json(json_object_get(old, "totals"), totals, error, size)) result = -1;
    if (result == 0) {
        s->units_done_before = json_integer_value(json_object_get(old, "units_done"));
        json_t *started = json_object_get(old, "started");
        json_object_set(s->run, "started", started ? started : json_null());
        json_object_set(s->run, "deals_bytes", json_object_get(old, "deals_bytes"));
        if (json_is_true(json_object_get(old, "complete"))) result = 2;
    }
    json_decref(old);
    return result;
}

/* The progress fields of run.json, in memory. */
static void record_progress(sim_session_t *s, const sim_totals_t *totals, bool complete)
{
    char now[32];
    rundir_now(now, sizeof now);
    const sim_config_t *c = &s->study.config;
    json_object_set_new(s->run, "units_done", json_integer((json_int_t)totals->units)); /* of this slice */
    json_object_set_new(s->run, "deals_bytes", json_integer(s->deals_bytes));
    json_object_set_new(s->run, "complete", json_boolean(complete));
    json_object_set_new(s->run, complete ? "finished" : "updated", json_string(now));
    json_object_set_new(s->run, "totals", rundir_totals_to_json(totals, c->agent_count, c->seats));
}

static int checkpoint(sim_session_t *s, const sim_totals_t *totals, bool complete, char *error, size_t size)
{
    if (s->deals) { /* the rows of every unit counted in the totals, and no more */
        if (fflush(s->deals) != 0) {
            snprintf(error, size, "cannot write deals.csv: %s", strerror(errno));
            return -1;
        }
        s->deals_bytes = ftell(s->deals);
    }
    record_progress(s, totals, complete);
    return rundir_write_run(s->args.out_dir, s->run, error, size);
}

static int on_batch(void *context, const sim_unit_outcome_t *units, int count, const sim_totals_t *totals)
{
    sim_session_t *s = context;
    if (s->deals && rundir_deals_write(s->deals, &s->study, units, count)) {
        snprintf(s->error, sizeof s->error, "cannot write deals.csv in %s: %s", s->args.out_dir, strerror(errno));
        return -1;
    }
    double now = omp_get_wtime();
    if (s->ranks.count == 1 && now - s->last_checkpoint >= CHECKPOINT_SECONDS) { /* no checkpoint over ranks */
        s->last_checkpoint = now;
        if (checkpoint(s, totals, false, s->error, sizeof s->error)) return -1;
    }
    progress_update(&s->progress, totals->units, false);
    return 0;
}

static json_t *initial_run(const sim_session_t *s, json_t *identity)
{
    char now[32];
    rundir_now(now, sizeof now);
    json_t *run = json_deep_copy(identity);
    const sim_config_t *c = &s->study.config;
    json_object_set_new(run, "command", json_string(s->command));
    json_object_set_new(run, "version", json_string(DOMINOLAB_VERSION));
    json_object_set_new(run, "sides", json_integer(c->sides));
    json_object_set_new(run, "rotations", json_integer(c->rotations));
    json_object_set_new(run, "first_unit", json_integer((json_int_t)c->first_unit));
    json_object_set_new(run, "end_unit", json_integer((json_int_t)c->end_unit));
    json_object_set_new(run, "threads", json_integer(c->threads));
    if (s->ranks.mpi) json_object_set_new(run, "mpi_ranks", json_integer(s->ranks.count));
    json_object_set_new(run, "started", json_string(now));
    return run;
}

/* ------------------------------------------------------------------ the command */

static int finish(sim_session_t *s, sim_totals_t *totals, int result)
{
    const sim_config_t *c = &s->study.config;
    bool complete = result == 0;
    int failed = result < 0;
    progress_finish(&s->progress, totals->units);
    if (s->deals && fflush(s->deals) == 0) s->deals_bytes = ftell(s->deals);
    if (s->deals && rundir_deals_finish(s->args.out_dir, s->deals, s->error, sizeof s->error)) failed = 1;
    s->deals = NULL;
    if (rundir_write_summary(s->args.out_dir, c->agents, c->agent_count, c->seats, c->sides, c->mode == SIM_MATCHES,
                             s->study.per_seat, totals, s->error, sizeof s->error) ||
        checkpoint(s, totals, complete, s->error, sizeof s->error))
        failed = 1;
    if (failed) {
        fprintf(stderr, "dominolab sim: %s\n", s->error);
        return 1;
    }
    const char *unit_name = c->mode == SIM_DEALS ? "deals" : "matches";
    int64_t slice = c->end_unit - s->slice_first;
    if (!complete) {
        fprintf(stderr,
                "dominolab sim: stopped by signal %d after %" PRId64 " of %" PRId64 " %s; %s holds the completed "
                "ones; continue with:\n  %s\n",
                (int)stop_signal, totals->units, slice, unit_name, s->args.out_dir, s->command);
        return stop_signal == SIGTERM ? SIM_EXIT_TERMINATED : SIM_EXIT_INTERRUPTED;
    }
    if (!s->args.quiet)
        fprintf(stderr, "dominolab sim: %" PRId64 " %s (%" PRId64 " games, %" PRId64 " hands) written to %s\n",
                totals->units, unit_name, totals->units * c->rotations, totals->hands, s->args.out_dir);
    return 0;
}

/* Checks every argument and describes the study; writes nothing. 0, or 2 (bad input). */
static int describe(sim_session_t *s, int argc, char **argv)
{
    char *error = s->error;
    size_t size = sizeof s->error;
    if (parse_sim_args(argc, argv, &s->args, error, size) || cli_game_open(&s->args.game, &s->game, error, size) ||
        build_study(s, error, size))
        return 2;
    remember_command(s, argc, argv);
    return 0;
}

static int start(sim_session_t *s, int argc, char **argv, sim_totals_t *totals)
{
    char *error = s->error;
    size_t size = sizeof s->error;
    if (describe(s, argc, argv)) return 2;
    json_t *identity = rundir_identity(&s->study);
    s->run = initial_run(s, identity);
    int status = 0;
    if (s->args.resume) {
        int loaded = load_resume(s, totals, identity, error, size);
        if (loaded == 2) status = 3; /* already complete */
        else if (loaded) status = 2;
        else s->study.config.first_unit = s->slice_first + s->units_done_before;
    } else if (rundir_prepare_new(s->args.out_dir, error, size)) {
        status = 2;
    }
    json_decref(identity);
    if (status) return status;
    s->deals_bytes = (long)json_integer_value(json_object_get(s->run, "deals_bytes"));
    if (s->args.per_deal && rundir_deals_open(s->args.out_dir, s->args.resume, s->deals_bytes, &s->deals, error, size))
        return 1;
    if (checkpoint(s, totals, false, error, size)) return 1;
    return 0;
}

static void catch_stop_signals(bool catch)
{
    struct sigaction action = {0};
    action.sa_handler = catch ? on_stop_signal : SIG_DFL;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

/* One process plays the whole slice, with checkpoints; --resume continues it. */
static int run_alone(sim_session_t *s, sim_totals_t *totals, int argc, char **argv)
{
    int status = start(s, argc, argv, totals);
    if (status == 3) {
        fprintf(stderr, "dominolab sim: %s already holds the complete run; nothing to do\n", s->args.out_dir);
        return 0;
    }
    if (status) {
        fprintf(stderr, "dominolab sim: %s\n", s->error);
        return status;
    }
    const sim_config_t *c = &s->study.config;
    /* Progress counts units of this slice, resumed ones included (totals->units). */
    progress_start(&s->progress, stderr, s->args.quiet, c->end_unit - s->slice_first, s->units_done_before,
                   c->mode == SIM_DEALS ? "deals" : "matches");
    catch_stop_signals(true);
    int result = sim_run(c, totals, on_batch, s, &stop_signal, s->error, sizeof s->error);
    catch_stop_signals(false);
    return finish(s, totals, result);
}

/* ------------------------------------------------------------------ over MPI ranks */

static bool is_stop_status(int status) { return status == SIM_EXIT_INTERRUPTED || status == SIM_EXIT_TERMINATED; }

/* Collective: every rank's exit status combined (the largest wins). A failure is reported
 * once: by rank 0 when it failed with a message (every rank checks the same arguments, so
 * theirs is the same), else by each rank that failed with one. */
static int agree(const ranks_t *ranks, int status, char *error)
{
    bool told = status != 0 && error[0] != '\0';
    bool first_told = ranks_from_first(ranks, told);
    if (told && ranks->rank == 0) fprintf(stderr, "dominolab sim: %s\n", error);
    else if (told && !first_told) fprintf(stderr, "dominolab sim: rank %d: %s\n", ranks->rank, error);
    error[0] = '\0';
    return ranks_agree(ranks, status);
}

/* Every rank checks the arguments; rank 0 alone prepares the directory. 0, or 2. */
static int start_spread(sim_session_t *s, int argc, char **argv)
{
    if (describe(s, argc, argv)) return 2;
    if (s->args.resume) {
        snprintf(s->error, sizeof s->error,
                 "--resume: not available with %d MPI ranks (their runs are never left part done); continue a "
                 "one-process run in one process (without mpirun, or with -np 1)",
                 s->ranks.count);
        return 2;
    }
    json_t *identity = rundir_identity(&s->study);
    s->run = initial_run(s, identity);
    json_decref(identity);
    record_progress(s, &(sim_totals_t){0}, false); /* the keys of a single process's run.json */
    if (s->ranks.rank == 0 && rundir_prepare_new(s->args.out_dir, s->error, sizeof s->error)) return 2;
    return 0;
}

/* This rank's slice. 0 played, 1 failed (message in s->error), 130/143 stopped. */
static int play_part(sim_session_t *s, sim_totals_t *totals)
{
    sim_config_t *c = &s->study.config;
    const char *unit_name = c->mode == SIM_DEALS ? "deals" : "matches";
    snprintf(s->progress_label, sizeof s->progress_label, "%s on rank 0 of %d", unit_name, s->ranks.count);
    progress_start(&s->progress, stderr, s->args.quiet || s->ranks.rank != 0, c->end_unit - c->first_unit, 0,
                   s->progress_label);
    int result = sim_run(c, totals, on_batch, s, &stop_signal, s->error, sizeof s->error);
    progress_finish(&s->progress, totals->units);
    int stopped = stop_signal == SIGTERM ? SIM_EXIT_TERMINATED : SIM_EXIT_INTERRUPTED;
    int status = result < 0 ? 1 : result > 0 ? stopped : 0;
    if (s->deals) {
        char later[CLI_ERROR_SIZE];
        FILE *part = s->deals;
        s->deals = NULL;
        if (ranks_part_close(&s->ranks, s->args.out_dir, part, status ? later : s->error, sizeof later) && !status)
            status = 1;
    }
    return status;
}

/* Rank 0: the parts, in rank order, into deals.csv (the parts are deleted in any case). */
static int collect_deals(sim_session_t *s)
{
    const char *dir = s->args.out_dir;
    char later[CLI_ERROR_SIZE];
    FILE *deals = NULL;
    int failed = rundir_deals_open(dir, false, 0, &deals, s->error, sizeof s->error) != 0;
    if (ranks_parts_collect(&s->ranks, dir, deals, s->error, sizeof s->error)) failed = 1;
    if (!deals) return failed;
    if (fflush(deals) == 0) s->deals_bytes = ftell(deals);
    if (rundir_deals_finish(dir, deals, failed ? later : s->error, sizeof later)) failed = 1;
    return failed;
}

/* Rank 0, once every rank has played: the three files, or none of them. 0, or 1. */
static int write_spread(sim_session_t *s, const sim_totals_t *totals)
{
    const sim_config_t *c = &s->study.config;
    const char *dir = s->args.out_dir;
    int failed = s->args.per_deal ? collect_deals(s) : 0;
    if (!failed)
        failed = rundir_write_summary(dir, c->agents, c->agent_count, c->seats, c->sides, c->mode == SIM_MATCHES,
                                      s->study.per_seat, totals, s->error, sizeof s->error) != 0;
    if (!failed) {
        record_progress(s, totals, true);
        failed = rundir_write_run(dir, s->run, s->error, sizeof s->error) != 0;
    }
    if (failed) {
        const char *const outputs[] = {".deals.csv.part", "deals.csv", "summary.csv", NULL};
        for (int k = 0; outputs[k]; k++) {
            char path[RUNDIR_PATH_MAX];
            rundir_path(path, dir, outputs[k]);
            unlink(path);
        }
        fprintf(stderr, "dominolab sim: %s\n", s->error);
        return 1;
    }
    if (!s->args.quiet)
        fprintf(stderr,
                "dominolab sim: %" PRId64 " %s (%" PRId64 " games, %" PRId64 " hands) written to %s by %d MPI ranks\n",
                totals->units, c->mode == SIM_DEALS ? "deals" : "matches", totals->units * c->rotations,
                totals->hands, dir, s->ranks.count);
    return 0;
}

/* After start_spread: each rank plays its slice into its part file, then rank 0 writes the
 * files. Every step is collective, reached by every rank in this order. */
static int play_spread(sim_session_t *s, sim_totals_t *totals)
{
    const ranks_t *ranks = &s->ranks;
    sim_config_t *c = &s->study.config;
    ranks_slice(ranks, c->first_unit, c->end_unit, &c->first_unit, &c->end_unit);
    bool per_deal = s->args.per_deal;
    int status = per_deal && ranks_part_open(ranks, s->args.out_dir, &s->deals, s->error, sizeof s->error);
    status = agree(ranks, status, s->error);
    if (status == 0) status = agree(ranks, play_part(s, totals), s->error);
    if (status == 0)
        status = agree(ranks, ranks_reduce_totals(ranks, totals, s->error, sizeof s->error) != 0, s->error);
    if (status == 0) return ranks_from_first(ranks, ranks->rank == 0 ? write_spread(s, totals) : 0);
    if (per_deal) ranks_part_remove(ranks, s->args.out_dir);
    return status;
}

/* Every rank of an MPI job with more than one. */
static int run_spread(sim_session_t *s, sim_totals_t *totals, int argc, char **argv)
{
    stop_signal = 0;
    catch_stop_signals(true); /* to the end: a stop at any point leaves no part file behind */
    int status = agree(&s->ranks, start_spread(s, argc, argv), s->error);
    if (status == 0) status = play_spread(s, totals);
    catch_stop_signals(false);
    if (is_stop_status(status) && s->ranks.rank == 0)
        fprintf(stderr,
                "dominolab sim: stopped by signal %d; a run over %d MPI ranks keeps nothing when stopped (it "
                "cannot be resumed), so %s holds none of it; start it again\n",
                status - 128, s->ranks.count, s->args.out_dir);
    return status;
}

/* ------------------------------------------------------------------ the command */

static int run_session(const ranks_t *ranks, int argc, char **argv)
{
    sim_session_t *s = calloc(1, sizeof *s);
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!s || !totals) {
        free(s);
        free(totals);
        char error[] = "out of memory";
        agree(ranks, 1, error); /* as run_spread's first step, so no rank waits for this one */
        return 1;
    }
    s->ranks = *ranks;
    int status = ranks->count > 1 ? run_spread(s, totals, argc, argv) : run_alone(s, totals, argc, argv);
    if (s->deals) fclose(s->deals);
    json_decref(s->run);
    cli_game_close(&s->game);
    free(s);
    free(totals);
    return status;
}

int cli_sim(int argc, char **argv)
{
    ranks_t ranks;
    char error[CLI_ERROR_SIZE];
    if (ranks_start(&ranks, error, sizeof error)) {
        fprintf(stderr, "dominolab sim: %s\n", error);
        return 1;
    }
    int status = -1;
    for (int i = 1; i < argc && status < 0; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) status = 0;
    if (status == 0 && ranks.rank == 0) sim_usage(stdout);
    if (status < 0) status = run_session(&ranks, argc, argv);
    ranks_end(&ranks);
    return status;
}
