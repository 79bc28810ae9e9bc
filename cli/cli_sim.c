/* cli_sim.c - `dominolab sim`: many units between agents, in parallel, into CSV files.
 *
 * Every argument is checked (from argv or an experiment file) and resolved into a
 * configuration before anything is written, so bad input leaves nothing behind; the run
 * itself, from the new directory to the last checkpoint, resume, stop signals and MPI
 * ranks included, is sim/run.h's. Under mpirun every rank checks the same arguments, and
 * they agree on the outcome before the run begins.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "records/replay.h"
#include "report.h"
#include "run.h"

enum { SIM_COMMAND_MAX = 4096 };

typedef struct sim_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agents, *levels, *out, *resume, *shard, *records;
    int64_t deals, matches;
    uint64_t seed;
    int threads, replays, records_every;
    bool no_duplicate, per_deal, per_seat, quiet;
    /* derived once every argument is read */
    const char *out_dir;
    bool resume_mode, duplicate;
    sim_mode_t mode;
    int64_t units;
    int shard_index, shard_count;
    /* what a bare --resume DIR reads back from DIR/run.json (study_from_run) */
    char run_file[RUNDIR_PATH_MAX], run_game[64], run_preset[64], run_agents[SIM_COMMAND_MAX], run_shard[48];
    char run_records[RUNDIR_PATH_MAX], run_records_every[16];
} sim_args_t;

#define SIM_OPTION(name, section, kind, field, min, max, value, help)                                              \
    {name, section, kind, CLI_AT(sim_args_t, field), min, max, NULL, value, help}
static const cli_option_t sim_options[] = {
    CLI_GAME_OPTIONS(sim_args_t, game),
    SIM_OPTION("agents", "agents", CLI_TEXT, agents, 0, 0, "A,B", "one spec per seat, or a list repeated over the seats"),
    CLI_LEVELS_OPTION(sim_args_t, levels),
    SIM_OPTION("deals", "sim", CLI_COUNT, deals, 1, (double)(INT64_MAX / 2), "N", "independent hands (each from a fresh match)"),
    SIM_OPTION("matches", "sim", CLI_COUNT, matches, 1, (double)(INT64_MAX / 2), "N", "whole matches to the target"),
    SIM_OPTION("seed", "experiment", CLI_SEED, seed, 0, 0, "S", "0..2^63-1 (default 1): same seed, same files"),
    SIM_OPTION("threads", "experiment", CLI_INT, threads, 1, 1024, "T", "default: every core"),
    SIM_OPTION("out", "experiment", CLI_TEXT, out, 0, 0, "DIR", "a new run (DIR is created; it must not hold a run)"),
    SIM_OPTION("resume", "experiment", CLI_TEXT, resume, 0, 0, "DIR",
               "continue an interrupted run: alone (with --threads, --quiet, --levels at most) as run.json describes "
               "it, or with the whole command, which must agree with run.json"),
    SIM_OPTION("no-duplicate", "sim", CLI_FLAG, no_duplicate, 0, 0, NULL,
               "play each unit once (default: once per rotation of the agents over the seats, so the luck of "
               "the deal cancels)"),
    SIM_OPTION("replays", "sim", CLI_INT, replays, 2, SIM_MAX_REPLAYS, "R",
               "play each unit R times, agents in the same seats, each time with fresh agent randomness "
               "(instead of rotations; measures how much the deal decides)"),
    SIM_OPTION("per-deal", "sim", CLI_FLAG, per_deal, 0, 0, NULL, "also write deals.csv"),
    SIM_OPTION("per-seat", "sim", CLI_FLAG, per_seat, 0, 0, NULL, "also summarise each agent in each seat"),
    SIM_OPTION("shard", "sim", CLI_TEXT, shard, 0, 0, "K/N",
               "play only slice K of N of the units (combine with dominolab merge)"),
    SIM_OPTION("records", "experiment", CLI_TEXT, records, 0, 0, "DIR",
               "write the record of every game played (JSON Lines), one file per game: "
               "DIR/u<unit>-r<rotation>.jsonl (docs/records.md)"),
    SIM_OPTION("records-every", "experiment", CLI_INT, records_every, 1, INT_MAX, "N",
               "with --records: record only the units whose number N divides (every rotation of each; default 1)"),
    SIM_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no progress on stderr"),
};
#undef SIM_OPTION

static const cli_command_spec_t sim_spec = {
    "sim",
    "[--game G] [--preset P] [--option key=value ...] --players N\n"
    "                     --agents A,B[,C,D] (--deals N | --matches N) [--seed S] [--threads T]\n"
    "                     (--out DIR | --resume DIR) [--no-duplicate | --replays R] [--per-deal] [--per-seat]\n"
    "                     [--records DIR [--records-every N]] [--levels FILE] [--shard K/N] [--quiet]\n"
    "       dominolab sim --resume DIR [--threads T] [--quiet] [--levels FILE]",
    "Plays N units between agents on all cores and writes statistics to DIR:\n"
    "  summary.csv  per agent (and per team in team games): wins, win rate (Wilson 95%),\n"
    "               points per hand/match, margin, paired score over deal blocks, Elo\n"
    "               difference, with intervals\n"
    "  deals.csv    (--per-deal) one row per unit x rotation x seat\n"
    "  run.json     the exact study, progress and totals (for --resume DIR alone, and merge)\n"
    "and with --records, the game record of every game (or of every N-th unit) in its own\n"
    "directory, each replayable with dominolab replay.\n"
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
    bool players = cli_given(&sim_spec, args, "players");
    int only = players ? 0 : cli_game_only_players(&args->game, error, size);
    if (only < 0) return -1;
    if (!players && !only) /* a game with one count (only) plays it without being told */
        return cli_required(args,
                            args->resume && !args->base.file
                                ? "--players (or --resume DIR alone, the study being in DIR/run.json)"
                                : "--players",
                            NULL, error, size);
    if (!cli_given(&sim_spec, args, "agents")) return cli_required(args, "--agents", NULL, error, size);
    if (args->deals && args->matches) return cli_conflict(&sim_spec, args, "deals", "matches", error, size);
    if (!args->deals && !args->matches)
        return cli_required(args, "--deals N or --matches N", "deals or matches in [sim]", error, size);
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
    if (args->records_every && !args->records) {
        cli_option_error(&sim_spec, args, "records-every", -1, error, size, "chooses the units --records DIR records: "
                                                                            "give --records too");
        return -1;
    }
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
    args->seed = 1;
    args->threads = omp_get_num_procs();
}

/* The options that leave a run's study as it was. Given with these alone, --resume DIR
 * reads the study from DIR/run.json; --levels may join them because run.json holds what
 * level:N played, not the table's file. */
static const char *const run_time_options[] = {"resume", "threads", "quiet", "levels", NULL};

static int set_from_run(sim_args_t *args, const char *name, const char *value, char *error, size_t size)
{
    return cli_option_set(&sim_spec, cli_option_index(&sim_spec, name), value, 0, args, error, size);
}

/* A rule option of run.json as --option writes it. */
static int option_text(const char *key, const json_t *value, char *out, size_t size)
{
    char text[CLI_ITEM_MAX];
    if (replay_option_text(value, text, sizeof text)) return -1;
    int written = snprintf(out, size, "%s=%s", key, text);
    return written >= 0 && (size_t)written < size ? 0 : -1;
}

/* Every argument that makes the study, set from DIR/run.json through the options' own
 * checks (errors then name run.json). The resume compares the study so made with run.json
 * field by field, as it does for a whole command. */
static int fill_from_run(sim_args_t *args, const rundir_run_t *run, char *error, size_t size)
{
    char text[CLI_ITEM_MAX];
    snprintf(args->run_game, sizeof args->run_game, "%s", run->game);
    if (set_from_run(args, "game", args->run_game, error, size)) return -1;
    if (run->preset) {
        snprintf(args->run_preset, sizeof args->run_preset, "%s", run->preset);
        if (set_from_run(args, "preset", args->run_preset, error, size)) return -1;
    }
    const char *key;
    const json_t *value;
    json_object_foreach(json_object_get(run->json, "options"), key, value) {
        if (option_text(key, value, text, sizeof text)) {
            snprintf(error, size, "%.400s: field \"options\": %.100s is neither a word, a number, true or false nor a list of numbers",
                     args->run_file, key);
            return -1;
        }
        if (set_from_run(args, "option", text, error, size)) return -1;
    }
    snprintf(text, sizeof text, "%d", run->seats);
    if (set_from_run(args, "players", text, error, size)) return -1;
    size_t used = 0;
    /* swapped seatings come from two agents given for odd seats ("A,B"), not from A,B,B */
    int listed = run->swap ? run->agent_count : run->seats;
    for (int seat = 0; seat < listed && used < sizeof args->run_agents; seat++)
        used += (size_t)snprintf(args->run_agents + used, sizeof args->run_agents - used, "%s%s", seat ? "," : "",
                                 run->swap ? run->agents[seat] : run->seat_agents[seat]);
    if (set_from_run(args, "agents", args->run_agents, error, size)) return -1;
    snprintf(text, sizeof text, "%" PRId64, run->units);
    if (set_from_run(args, run->matches ? "matches" : "deals", text, error, size)) return -1;
    snprintf(text, sizeof text, "%" PRIu64, run->seed);
    if (set_from_run(args, "seed", text, error, size)) return -1;
    snprintf(text, sizeof text, "%d", run->replays);
    if (run->replays > 0 ? set_from_run(args, "replays", text, error, size)
                         : !run->duplicate && set_from_run(args, "no-duplicate", "true", error, size))
        return -1;
    if ((run->per_deal && set_from_run(args, "per-deal", "true", error, size)) ||
        (run->per_seat && set_from_run(args, "per-seat", "true", error, size)))
        return -1;
    if (run->records) { /* the records go on where they were */
        snprintf(args->run_records, sizeof args->run_records, "%s", run->records);
        snprintf(args->run_records_every, sizeof args->run_records_every, "%d", run->records_every);
        if (set_from_run(args, "records", args->run_records, error, size) ||
            set_from_run(args, "records-every", args->run_records_every, error, size))
            return -1;
    }
    snprintf(args->run_shard, sizeof args->run_shard, "%d/%d", run->shard_index, run->shard_count);
    return run->shard_count ? set_from_run(args, "shard", args->run_shard, error, size) : 0;
}

/* --resume DIR alone: the study of DIR/run.json. */
static int study_from_run(sim_args_t *args, char *error, size_t size)
{
    rundir_run_t *run = malloc(sizeof *run);
    char message[CLI_ERROR_SIZE];
    if (!run) {
        snprintf(error, size, "out of memory");
        return -1;
    }
    if (rundir_load_run(args->resume, run, message, sizeof message)) {
        char path[RUNDIR_PATH_MAX];
        rundir_path(path, args->resume, "study.json");
        json_t *study = json_load_file(path, 0, NULL);
        const char *kind = json_string_value(json_object_get(study, "kind"));
        if (kind) /* a study's directory: its own command continues it */
            snprintf(error, size, "--resume %.400s: it holds a %.40s study, not a sim run (continue it with dominolab "
                                  "%.40s --resume %.400s)", args->resume, kind, kind, args->resume);
        else snprintf(error, size, "--resume: %.900s", message);
        json_decref(study);
        free(run);
        return -1;
    }
    rundir_path(args->run_file, args->resume, "run.json");
    args->base.file = args->run_file;
    int status = fill_from_run(args, run, error, size);
    rundir_run_free(run);
    free(run);
    return status;
}

/* Where a run's arguments come from: the command line, or an experiment file (`dominolab
 * run FILE [--resume]`). */
typedef struct sim_source {
    int argc;
    char **argv;
    const config_file_t *file;
    bool resume, check;
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
    if (!from->file && args->resume && cli_only_given(&sim_spec, args, run_time_options) &&
        study_from_run(args, error, size))
        return -1;
    return settle_sim_args(args, error, size);
}

/* ------------------------------------------------------------------ the study */

typedef struct sim_session {
    sim_args_t args;
    setup_game_t game;
    agent_levels_t level_storage;
    run_request_t request;
    char agent_text[SIM_COMMAND_MAX];
    char command[SIM_COMMAND_MAX]; /* as typed, for run.json */
    char hint[SIM_COMMAND_MAX];    /* the command that continues the run, printed when it stops */
    char error[CLI_ERROR_SIZE];
    char level_note[2048]; /* what setup_levels_fit had to say of the level table, or "" */
    char agent_names[GAME_MAX_SEATS][SETUP_AGENT_NAME_MAX]; /* each seat's bot's hello name, or "" */
} sim_session_t;

static int build_study(sim_session_t *s, char *error, size_t size)
{
    sim_study_t *study = &s->request.study;
    sim_config_t *c = &study->config;
    const char *specs[GAME_MAX_SEATS];
    const agent_levels_t *levels;
    if (cli_levels_open(s->args.levels, s->game.game, &s->level_storage, &levels, error, size)) return -1;
    snprintf(s->agent_text, sizeof s->agent_text, "%s", s->args.agents);
    char message[CLI_ERROR_SIZE];
    int given = 0;
    if (cli_split_agent_list(s->agent_text, specs, s->game.seats, true, false, levels, &given, message, sizeof message)) {
        cli_option_error(&sim_spec, &s->args, "agents", -1, error, size, "%s", message);
        return -1;
    }
    for (int seat = 0; seat < s->game.seats && s->args.records; seat++)
        if (agent_spec_may_forfeit(specs[seat], levels)) {
            cli_option_error(&sim_spec, &s->args, "records", -1, error, size,
                             "'%s' may forfeit a match, which a game record cannot hold: record without on_fault=forfeit",
                             specs[seat]);
            return -1;
        }
    if (setup_levels_fit(levels, &s->game, specs, s->game.seats, s->level_note, sizeof s->level_note, message,
                         sizeof message)) {
        if (s->args.levels)
            cli_option_error(&sim_spec, &s->args, cli_level_table_name(&sim_spec, &s->args), -1, error, size, "%s",
                             message);
        else snprintf(error, size, "%s", message);
        return -1;
    }
    if (setup_agents_ready(levels, &s->game, specs, s->game.seats, s->agent_names, error, size)) return -1;
    bool deterministic = false;
    if (s->args.replays && setup_agents_deterministic(specs, s->game.seats, levels, &s->game, &deterministic, error, size))
        return -1;
    if (deterministic) {
        cli_option_error(&sim_spec, &s->args, "replays", -1, error, size,
                         "every agent here plays without randomness, so each replay would repeat the same game; "
                         "replays need an agent that draws random numbers (random, pimc, ismcts, or noise=P)");
        return -1;
    }
    setup_sim_study(study, &s->game, levels, specs, given, (const char(*)[SETUP_AGENT_NAME_MAX])s->agent_names,
                    s->args.duplicate, s->args.replays);
    c->mode = s->args.mode;
    c->units = s->args.units;
    c->seed = s->args.seed;
    c->threads = s->args.threads;
    study->per_deal = s->args.per_deal;
    study->per_seat = s->args.per_seat;
    study->records = s->args.records;
    study->records_every = s->args.records ? (s->args.records_every ? s->args.records_every : 1) : 0;
    study->shard_index = s->args.shard_index;
    study->shard_count = s->args.shard_count;
    int shards = study->shard_count ? study->shard_count : 1, shard = study->shard_count ? study->shard_index : 1;
    rundir_shard_slice(c->units, shard, shards, &c->first_unit, &c->end_unit);
    return 0;
}

/* The command as typed, with --out turned into --resume, for run.json; and the short
 * command that continues the run (run.json holds the study; not the level table's file). */
static void remember_command(sim_session_t *s, const sim_source_t *from)
{
    snprintf(s->hint, sizeof s->hint, "dominolab sim --resume");
    cli_append_word(s->hint, sizeof s->hint, s->args.out_dir);
    if (s->args.levels) {
        cli_append_word(s->hint, sizeof s->hint, "--levels");
        cli_append_word(s->hint, sizeof s->hint, s->args.levels);
    }
    if (from->file) {
        snprintf(s->command, sizeof s->command, "dominolab run %s --resume", from->file->path);
        return;
    }
    snprintf(s->command, sizeof s->command, "dominolab sim");
    for (int i = 1; i < from->argc; i++)
        cli_append_word(s->command, sizeof s->command, !strcmp(from->argv[i], "--out") ? "--resume" : from->argv[i]);
}

/* Checks every argument and resolves the run; writes nothing. 0, or 2 (bad input). */
static int describe(sim_session_t *s, const sim_source_t *from)
{
    char *error = s->error;
    size_t size = sizeof s->error;
    if (parse_sim_args(from, &s->args, error, size) ||
        cli_game_open_from(&sim_spec, &s->args, &s->args.game, &s->game, error, size) || build_study(s, error, size))
        return 2;
    remember_command(s, from);
    run_request_t *q = &s->request;
    q->dir = s->args.out_dir;
    q->resume = s->args.resume_mode;
    q->quiet = s->args.quiet;
    q->command = s->command;
    q->version = DOMINOLAB_VERSION;
    return 0;
}

/* What the run did, told once (by rank 0 of an MPI job). */
static void report(const sim_session_t *s, const ranks_t *ranks, const run_outcome_t *outcome)
{
    const char *unit_name = s->args.mode == SIM_DEALS ? "deals" : "matches";
    const char *dir = s->request.dir;
    char by_ranks[48] = "";
    if (outcome->message[0]) fprintf(stderr, "dominolab sim: %s\n", outcome->message);
    if (!outcome->reporter) return;
    if (ranks->count > 1) snprintf(by_ranks, sizeof by_ranks, " by %d MPI ranks", ranks->count);
    if (outcome->status >= RUN_EXIT_INTERRUPTED && ranks->count > 1)
        fprintf(stderr,
                "dominolab sim: stopped by signal %d; a run over %d MPI ranks keeps nothing when stopped (it "
                "cannot be resumed), so %s holds none of it; start it again\n",
                outcome->status - 128, ranks->count, dir);
    else if (outcome->status >= RUN_EXIT_INTERRUPTED)
        fprintf(stderr,
                "dominolab sim: stopped by signal %d after %" PRId64 " of %" PRId64 " %s; %s holds the completed "
                "ones; continue with:\n  %s\n",
                outcome->signal_number, outcome->units, outcome->slice, unit_name, dir, s->hint);
    else if (outcome->status == 0 && outcome->already_complete && !s->args.quiet)
        fprintf(stderr, "dominolab sim: %s already holds the complete run; nothing to do\n", dir);
    else if (outcome->status == 0 && !s->args.quiet)
        fprintf(stderr, "dominolab sim: %" PRId64 " %s (%" PRId64 " games, %" PRId64 " hands) written to %s%s%s%s\n",
                outcome->units, unit_name, outcome->games, outcome->hands, dir, by_ranks,
                s->args.records ? ", their records to " : "", s->args.records ? s->args.records : "");
}

/* The bots outside dominolab that faulted, from the summary.csv the run wrote (a stopped
 * run writes it too, but not over MPI ranks): a warning on stderr, and a line for each bot
 * on stdout, the run's summary. */
static void tell_faults(const sim_session_t *s, const ranks_t *ranks, const run_outcome_t *outcome)
{
    bool written = outcome->status == 0 || (outcome->status >= RUN_EXIT_INTERRUPTED && ranks->count == 1);
    if (!outcome->reporter || !written) return;
    report_faults_t *faults = calloc(1, sizeof *faults);
    char error[CLI_ERROR_SIZE], sentence[4096];
    if (!faults) {
        fprintf(stderr, "dominolab sim: out of memory reading the bots' faults\n");
        return;
    }
    if (report_faults_read_run(faults, s->request.dir, error, sizeof error))
        fprintf(stderr, "dominolab sim: cannot tell the bots' faults: %s\n", error);
    else if (faults->count > 0) {
        report_faults_sentence(faults, sentence, sizeof sentence);
        fprintf(stderr, "dominolab sim: warning: %s (%s/summary.csv: illegal_moves, timeouts, crashes)\n", sentence,
                s->request.dir);
        report_faults_print(stdout, faults);
    }
    free(faults);
}

static int run_session(const ranks_t *ranks, const sim_source_t *from)
{
    sim_session_t *s = calloc(1, sizeof *s);
    run_outcome_t *outcome = calloc(1, sizeof *outcome);
    if (!s || !outcome) {
        free(s);
        free(outcome);
        char error[] = "out of memory";
        run_agree(ranks, 1, error); /* as the agreement on the arguments below, so no rank waits */
        fprintf(stderr, "dominolab sim: %s\n", error);
        return 1;
    }
    int status = describe(s, from);
    if (ranks->count > 1) status = run_agree(ranks, status, s->error);
    if (status == 0 && s->level_note[0] && ranks->rank == 0) fprintf(stderr, "dominolab sim: note: %s\n", s->level_note);
    if (status == 0 && from->check) {
        printf("%s: a valid sim study (%s, preset %s, %d players)\n", from->file->path, s->game.game->name,
               s->game.preset, s->game.seats);
    } else if (status == 0) {
        run_execute(&s->request, ranks, outcome);
        report(s, ranks, outcome);
        tell_faults(s, ranks, outcome);
        status = outcome->status;
    } else if (s->error[0]) {
        fprintf(stderr, "dominolab sim: %s\n", s->error);
    }
    setup_game_close(&s->game);
    free(s);
    free(outcome);
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

/* One process, whatever launched it: an experiment file's run. */
static const ranks_t one_rank = {.rank = 0, .count = 1, .mpi = false, .finalize = false};

int cli_sim_config(const config_file_t *file, bool resume, bool check)
{
    sim_source_t from = {.file = file, .resume = resume, .check = check};
    return run_session(&one_rank, &from);
}
