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

#include "atomic_file.h"
#include "cli.h"
#include "mpi_run.h"
#include "progress.h"
#include "rundir.h"

enum { SIM_COMMAND_MAX = 4096, SIM_EXIT_INTERRUPTED = 130, SIM_EXIT_TERMINATED = 143 };
static const double CHECKPOINT_SECONDS = 2.0;

/* The one piece of global state: a signal handler can reach nothing else. */
static volatile sig_atomic_t stop_signal = 0;
static void on_stop_signal(int signal_number) { stop_signal = signal_number; }

typedef struct sim_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agents, *levels, *out, *resume, *shard;
    int64_t deals, matches;
    uint64_t seed;
    int threads, replays;
    bool no_duplicate, per_deal, per_seat, quiet;
    /* derived once every argument is read */
    const char *out_dir;
    bool resume_mode, duplicate;
    sim_mode_t mode;
    int64_t units;
    int shard_index, shard_count;
} sim_args_t;

#define SIM_OPTION(name, section, kind, field, min, max, value, help)                                              \
    {name, section, kind, CLI_AT(sim_args_t, field), min, max, NULL, value, help}
static const cli_option_t sim_options[] = {
    CLI_GAME_OPTIONS(sim_args_t, game),
    SIM_OPTION("agents", "agents", CLI_TEXT, agents, 0, 0, "A,B", "one spec per seat, or a list repeated over the seats"),
    CLI_LEVELS_OPTION(sim_args_t, levels),
    SIM_OPTION("deals", "sim", CLI_COUNT, deals, 1, (double)(INT64_MAX / 2), "N", "independent hands (each from a fresh match)"),
    SIM_OPTION("matches", "sim", CLI_COUNT, matches, 1, (double)(INT64_MAX / 2), "N", "whole matches to the target"),
    SIM_OPTION("seed", "experiment", CLI_SEED, seed, 0, 0, "S", "0..2^63-1: same seed, same files"),
    SIM_OPTION("threads", "experiment", CLI_INT, threads, 1, 1024, "T", "default: every core"),
    SIM_OPTION("out", "experiment", CLI_TEXT, out, 0, 0, "DIR", "a new run (DIR is created; it must not hold a run)"),
    SIM_OPTION("resume", "experiment", CLI_TEXT, resume, 0, 0, "DIR", "continue an interrupted run of the same command"),
    SIM_OPTION("no-duplicate", "sim", CLI_FLAG, no_duplicate, 0, 0, NULL,
               "play each unit once (default: once per rotation of the agents over the seats, so the luck of "
               "the deal cancels)"),
    SIM_OPTION("replays", "sim", CLI_INT, replays, 2, SIM_MAX_ROTATIONS, "R",
               "play each unit R times, agents in the same seats, each time with fresh agent randomness "
               "(instead of rotations; measures how much the deal decides)"),
    SIM_OPTION("per-deal", "sim", CLI_FLAG, per_deal, 0, 0, NULL, "also write deals.csv"),
    SIM_OPTION("per-seat", "sim", CLI_FLAG, per_seat, 0, 0, NULL, "also summarise each agent in each seat"),
    SIM_OPTION("shard", "sim", CLI_TEXT, shard, 0, 0, "K/N",
               "play only slice K of N of the units (combine with dominolab merge)"),
    SIM_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no progress on stderr"),
};
#undef SIM_OPTION

static const cli_command_spec_t sim_spec = {
    "sim",
    "[--game G] [--preset P] [--option key=value ...] --players N\n"
    "                     --agents A,B[,C,D] (--deals N | --matches N) --seed S [--threads T]\n"
    "                     (--out DIR | --resume DIR) [--no-duplicate | --replays R] [--per-deal] [--per-seat]\n"
    "                     [--levels FILE] [--shard K/N] [--quiet]",
    "Plays N units between agents on all cores and writes statistics to DIR:\n"
    "  summary.csv  per agent: wins, win rate (Wilson 95%), points per hand/match, margin,\n"
    "               paired score over deal blocks, Elo difference, with intervals\n"
    "  deals.csv    (--per-deal) one row per unit x rotation x seat\n"
    "  run.json     the exact study, progress and totals (for --resume and merge)\n"
    "Columns are described in docs/sim.md. Same seed, same files, whatever --threads.\n"
    "Under mpirun (a build with DOMINOLAB_MPI) the ranks share the units, with the same\n"
    "files; see docs/sim-mpi.md. In an experiment file (dominolab run) the keys go in the\n"
    "sections [experiment], [game], [options], [agents] and [sim].\n",
    sim_options,
    (int)(sizeof sim_options / sizeof sim_options[0]),
};

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
        n > INT_MAX) {
        cli_option_error(&sim_spec, args, "shard", -1, error, size, "bad value '%s' (K/N with 1 <= K <= N)", value);
        return -1;
    }
    args->shard_index = (int)k;
    args->shard_count = (int)n;
    return 0;
}

/* The checks between arguments, once each is read (from argv or a file). */
static int settle_sim_args(sim_args_t *args, char *error, size_t size)
{
    if (!cli_given(&sim_spec, args, "players")) return cli_required(args, "--players", NULL, error, size);
    if (!cli_given(&sim_spec, args, "agents")) return cli_required(args, "--agents", NULL, error, size);
    if (args->deals && args->matches) return cli_conflict(&sim_spec, args, "deals", "matches", error, size);
    if (!args->deals && !args->matches)
        return cli_required(args, "--deals N or --matches N", "deals or matches in [sim]", error, size);
    if (!cli_given(&sim_spec, args, "seed")) return cli_required(args, "--seed", NULL, error, size);
    if (args->out && args->resume) return cli_conflict(&sim_spec, args, "out", "resume", error, size);
    if (!args->out && !args->resume)
        return cli_required(args, "--out DIR or --resume DIR", "out in [experiment]", error, size);
    if (args->replays && args->no_duplicate) {
        cli_option_error(&sim_spec, args, "replays", -1, error, size, "replays take the place of the rotations: "
                                                                      "give --replays or --no-duplicate, not both");
        return -1;
    }
    args->mode = args->deals ? SIM_DEALS : SIM_MATCHES;
    args->units = args->deals ? args->deals : args->matches;
    args->out_dir = args->out ? args->out : args->resume;
    args->resume_mode = args->resume != NULL;
    args->duplicate = !args->no_duplicate && !args->replays;
    if (args->shard && parse_shard(args->shard, args, error, size)) return -1;
    if (args->shard_count > args->units) {
        cli_option_error(&sim_spec, args, "shard", -1, error, size,
                         "more shards than units (each shard needs at least one unit)");
        return -1;
    }
    return 0;
}

static void default_sim_args(sim_args_t *args)
{
    memset(args, 0, sizeof *args);
    args->threads = omp_get_num_procs();
}

/* Where a run's arguments come from: the command line, or an experiment file (`dominolab
 * run FILE [--resume]`); plus what another command adds (cli.h). */
typedef struct sim_source {
    int argc;
    char **argv;
    const config_file_t *file;
    bool resume, check;
    const cli_sim_hooks_t *hooks;
} sim_source_t;

/* 0, 1 for --help, -1 with a message. */
static int parse_sim_args(const sim_source_t *from, sim_args_t *args, char *error, size_t size)
{
    default_sim_args(args);
    int parsed = from->file ? cli_parse_config(&sim_spec, from->file, args, error, size)
                            : cli_parse_argv(&sim_spec, from->argc, from->argv, args, error, size);
    if (parsed) return parsed;
    if (from->file && from->resume) { /* run FILE --resume: the file's out, resumed */
        args->resume = args->out;
        args->out = NULL;
    }
    return settle_sim_args(args, error, size);
}

/* ------------------------------------------------------------------ the study */

typedef struct sim_session {
    sim_args_t args;
    cli_game_t game;
    agent_levels_t level_storage;
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
    const agent_levels_t *levels;
    if (cli_levels_open(s->args.levels, &s->level_storage, &levels, error, size)) return -1;
    snprintf(s->agent_text, sizeof s->agent_text, "%s", s->args.agents);
    char message[CLI_ERROR_SIZE];
    if (cli_split_agents(s->agent_text, specs, s->game.seats, true, levels, message, sizeof message)) {
        cli_option_error(&sim_spec, &s->args, "agents", -1, error, size, "%s", message);
        return -1;
    }
    memset(study, 0, sizeof *study);
    c->game = s->game.game;
    c->rules = s->game.rules;
    c->seats = s->game.seats;
    c->sides = c->game->side_count(c->rules);
    c->rotations = s->args.duplicate ? c->sides : s->args.replays ? s->args.replays : 1;
    c->replays = s->args.replays > 0;
    c->levels = levels;
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
    study->replays = s->args.replays;
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
static void remember_command(sim_session_t *s, const sim_source_t *from)
{
    if (from->file) {
        snprintf(s->command, sizeof s->command, "dominolab run %s --resume", from->file->path);
        return;
    }
    size_t used = (size_t)snprintf(s->command, sizeof s->command, "dominolab sim");
    for (int i = 1; i < from->argc && used < sizeof s->command; i++) {
        const char *arg = !strcmp(from->argv[i], "--out") ? "--resume" : from->argv[i];
        bool quote = strpbrk(arg, " \t'\"$\\;&|<>*?()") != NULL || !*arg;
        used += (size_t)snprintf(s->command + used, sizeof s->command - used, quote ? " '%s'" : " %s", arg);
    }
}

/* A run killed while it rewrote run.json or summary.csv leaves that file's temporary
 * beside it; the resumed run owns the directory, so it clears them. */
static void remove_leftovers(const char *dir)
{
    static const char *const names[] = {"run.json", "summary.csv"};
    char path[RUNDIR_PATH_MAX];
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        rundir_path(path, dir, names[k]);
        atomic_file_remove_leftovers(path);
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
        remove_leftovers(s->args.out_dir);
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
static int describe(sim_session_t *s, const sim_source_t *from)
{
    char *error = s->error;
    size_t size = sizeof s->error;
    if (parse_sim_args(from, &s->args, error, size) ||
        cli_game_open_from(&sim_spec, &s->args, &s->args.game, &s->game, error, size) || build_study(s, error, size))
        return 2;
    remember_command(s, from);
    if (from->hooks) {
        s->study.config.stop_rule = from->hooks->stop_rule;
        s->study.config.stop_context = from->hooks->context;
    }
    return 0;
}

static int start(sim_session_t *s, const sim_source_t *from, sim_totals_t *totals)
{
    char *error = s->error;
    size_t size = sizeof s->error;
    if (describe(s, from)) return 2;
    json_t *identity = rundir_identity(&s->study);
    s->run = initial_run(s, identity);
    int status = 0;
    if (s->args.resume_mode) {
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
    if (s->args.per_deal && rundir_deals_open(s->args.out_dir, s->args.resume_mode, s->deals_bytes, &s->deals, error, size))
        return 1;
    if (checkpoint(s, totals, false, error, size)) return 1;
    if (from->hooks && from->hooks->on_ready &&
        from->hooks->on_ready(from->hooks->context, s->args.out_dir, totals->units, error, size))
        return 1;
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
static int run_alone(sim_session_t *s, sim_totals_t *totals, const sim_source_t *from)
{
    if (from->check) { /* dominolab run FILE --check: the arguments only */
        if (describe(s, from)) {
            fprintf(stderr, "dominolab sim: %s\n", s->error);
            return 2;
        }
        printf("%s: a valid sim study (%s, preset %s, %d players)\n", from->file->path, s->game.game->name,
               s->game.preset, s->game.seats);
        return 0;
    }
    int status = start(s, from, totals);
    if (status == 3) {
        if (!s->args.quiet)
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
static int start_spread(sim_session_t *s, const sim_source_t *from)
{
    if (describe(s, from)) return 2;
    if (s->args.resume_mode) {
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
static int run_spread(sim_session_t *s, sim_totals_t *totals, const sim_source_t *from)
{
    stop_signal = 0;
    catch_stop_signals(true); /* to the end: a stop at any point leaves no part file behind */
    int status = agree(&s->ranks, start_spread(s, from), s->error);
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

static int run_session(const ranks_t *ranks, const sim_source_t *from)
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
    int status = ranks->count > 1 ? run_spread(s, totals, from) : run_alone(s, totals, from);
    if (s->deals) fclose(s->deals);
    json_decref(s->run);
    cli_game_close(&s->game);
    free(s);
    free(totals);
    return status;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return true;
    return false;
}

int cli_sim(int argc, char **argv)
{
    ranks_t ranks;
    char error[CLI_ERROR_SIZE];
    if (ranks_start(&ranks, error, sizeof error)) {
        fprintf(stderr, "dominolab sim: %s\n", error);
        return 1;
    }
    int status;
    if (wants_help(argc, argv)) {
        if (ranks.rank == 0) cli_print_help(stdout, &sim_spec);
        status = 0;
    } else {
        sim_source_t from = {.argc = argc, .argv = argv};
        status = run_session(&ranks, &from);
    }
    ranks_end(&ranks);
    return status;
}

/* One process, whatever launched it: the commands built on sim call it once per study. */
static const ranks_t one_rank = {.rank = 0, .count = 1, .mpi = false, .finalize = false};

int cli_sim_study(int argc, char **argv, const cli_sim_hooks_t *hooks)
{
    if (wants_help(argc, argv)) return 2; /* a caller's argv never asks for help */
    sim_source_t from = {.argc = argc, .argv = argv, .hooks = hooks};
    return run_session(&one_rank, &from);
}

int cli_sim_config(const config_file_t *file, bool resume, bool check)
{
    sim_source_t from = {.file = file, .resume = resume, .check = check};
    return run_session(&one_rank, &from);
}

const cli_command_spec_t *cli_sim_spec(void) { return &sim_spec; }
