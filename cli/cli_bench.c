/* cli_bench.c - `dominolab bench`: fixed workloads, timed, each with a signature of behaviour.
 *
 * Like a chess engine's bench: the same units are played every time (fixed games, presets
 * and seeds). Every game and preset family has a workload of random play through the
 * simulator; 2-player Bergen also has greedy play, and both of Bergen's run on one thread
 * and on every thread, which must give the same signature (bench fails if not). Partnership
 * also runs the engine alone (legal moves, a uniform choice, apply), which is how other
 * domino libraries quote their speed, and its own random playout, which must play the
 * same hands. Each row gives deals/s, plies/s and the workload's signature, a checksum of
 * every outcome that changes when, and only when, the engine or the agents play
 * differently. The signature lines at the end keep the form they have always had.
 *
 * `--instructions` adds the instructions per deal of each workload: bench runs itself under
 * valgrind's callgrind on that workload alone (`--workload NAME --deals N`), with N and 2N
 * deals, and divides the difference by N, so start-up costs nothing. Instructions do not
 * depend on what else the machine is doing.
 *
 * `bench --decisions` times agents instead: each agent at its defaults decides at a fixed set
 * of positions (taken from random play, every one with a choice to make), on one thread, and
 * the table gives decisions per second. The positions are gone through again and again until
 * DECISION_MIN_SECONDS have passed, so that a fast agent's rate is not one clock tick; the
 * signature is of the first round only (the later rounds repeat it).
 */
#include <inttypes.h>
#include <limits.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "decisions.h"
#include "sim.h"

typedef enum bench_kind {
    BENCH_SIM,     /* deals through the simulator: agents, tallies, statistics */
    BENCH_ENGINE,  /* hands through the game interface alone */
    BENCH_PLAYOUT  /* hands through the game's own random playout */
} bench_kind_t;

typedef struct bench_workload {
    const char *name, *game;
    int players;
    const char *agent;
    int64_t deals, quick_deals, instruction_deals; /* --instructions: runs of N and 2N */
    bench_kind_t kind;
    bool threaded; /* also on every thread */
} bench_workload_t;

static const bench_workload_t workloads[] = {
    {"random-vs-random", "bergen", 2, "random", 1000000, 50000, 100000, BENCH_SIM, true},
    {"greedy-vs-greedy", "bergen", 2, "greedy", 200000, 10000, 20000, BENCH_SIM, true},
    {"double-bergen-random", "double_bergen", 4, "random", 200000, 10000, 20000, BENCH_SIM, false},
    {"bingo-random", "bingo", 2, "random", 1000000, 50000, 100000, BENCH_SIM, false},
    {"partnership-random", "partnership", 4, "random", 1000000, 50000, 100000, BENCH_SIM, false},
    {"partnership-engine", "partnership", 4, "random", 1000000, 50000, 100000, BENCH_ENGINE, false},
    {"partnership-playout", "partnership", 4, "random", 1000000, 50000, 100000, BENCH_PLAYOUT, false},
};
enum { WORKLOAD_COUNT = sizeof workloads / sizeof workloads[0] };
static const uint64_t BENCH_SEED = 20261122;

static const char *const decision_agents[] = {"random", "greedy", "heuristic", "pimc", "ismcts", "oracle"};
/* Macros, so --help can quote them */
#define DECISION_POSITIONS 1000
#define DECISION_POSITIONS_QUICK 100
#define DECISION_MIN_SECONDS 1.0
#define DECISION_MIN_SECONDS_QUICK 0.1
#define BENCH_QUOTE(x) #x
#define BENCH_TEXT(x) BENCH_QUOTE(x)

typedef struct bench_args {
    cli_args_base_t base;
    cli_game_args_t game;
    cli_list_t agents; /* --agents A,B and --agent A: the agents --decisions times */
    int threads;
    bool quick, decisions, instructions;
    const char *workload;
    int64_t deals;
} bench_args_t;

#define BENCH_OPTION(name, section, kind, field, min, max, value, help)                                            \
    {name, section, kind, CLI_AT(bench_args_t, field), min, max, NULL, value, help}
static const cli_option_t bench_options[] = {
    BENCH_OPTION("threads", "bench", CLI_INT, threads, 1, 1024, "T", "threads of the second run (default: every core)"),
    BENCH_OPTION("quick", "bench", CLI_FLAG, quick, 0, 0, NULL, "a twentieth of the workload"),
    BENCH_OPTION("instructions", "bench", CLI_FLAG, instructions, 0, 0, NULL,
                 "also count instructions per deal of each workload (needs valgrind)"),
    BENCH_OPTION("workload", "bench", CLI_TEXT, workload, 0, 0, "NAME", "this workload alone (one thread unless --threads)"),
    BENCH_OPTION("deals", "bench", CLI_COUNT, deals, 1, 1e12, "N", "with --workload: N deals (or hands) instead"),
    BENCH_OPTION("decisions", "bench", CLI_FLAG, decisions, 0, 0, NULL, "time agents' decisions instead"),
    BENCH_OPTION("agents", "agents", CLI_SPLIT, agents, 0, 0, "A,B,...",
                 "with --decisions: the agents to time (default: every kind at its defaults)"),
    BENCH_OPTION("agent", "agents", CLI_LIST, agents, 0, 0, "SPEC", "one agent to time (repeatable; as --agents)"),
    CLI_GAME_OPTIONS(bench_args_t, game),
};
#undef BENCH_OPTION

static const cli_command_spec_t bench_spec = {
    "bench",
    "[--threads T] [--quick] [--instructions] [--workload NAME [--deals N]]\n"
    "       dominolab bench --decisions [--agents A,B,...] [--game G] [--preset P] [--players N]\n"
    "                       [--option key=value]... [--quick]",
    "Plays fixed workloads of random play in every game, each preset family at its defaults:\n"
    "  random-vs-random, greedy-vs-greedy  2-player Bergen (preset bergen), on 1 and T threads\n"
    "  double-bergen-random                4-player Double Bergen (preset double_bergen)\n"
    "  bingo-random                        Bingo (preset bingo)\n"
    "  partnership-random                  Partnership (preset partnership), through the simulator\n"
    "  partnership-engine, -playout        the same hands through the engine alone, and its playout\n"
    "and prints deals/s, plies/s and each workload's signature (a checksum of every outcome);\n"
    "then the signature lines of each game. T: every core unless --threads. --quick plays a\n"
    "twentieth. --instructions runs each workload again under valgrind's callgrind with N and\n"
    "2N deals and prints the instructions per deal, (I(2N) - I(N)) / N. --workload NAME runs\n"
    "one workload alone, N deals with --deals.\n\n"
    "--decisions times agents: each decides at the same " BENCH_TEXT(DECISION_POSITIONS) " positions (from random\n"
    "play, each with at least two legal moves) of 2-player Bergen, or of the game given with\n"
    "--game/--preset/--players/--option, on one thread, going through them again until " BENCH_TEXT(
        DECISION_MIN_SECONDS) " s\n"
    "have passed; prints decisions/s and a signature of the moves chosen in the first round.\n"
    "Default agents: every kind at its defaults; --agents (or --agent, repeatable) names others.\n"
    "--quick: " BENCH_TEXT(DECISION_POSITIONS_QUICK) " positions, at least " BENCH_TEXT(DECISION_MIN_SECONDS_QUICK) " s.\n",
    bench_options,
    (int)(sizeof bench_options / sizeof bench_options[0]),
};

/* One timed run of a workload. */
typedef struct bench_row {
    int64_t deals, plies;
    double seconds;
    uint64_t signature;
} bench_row_t;

/* A workload's deals through the simulator, into row. 0, or -1 with a message. */
static int bench_sim(const setup_game_t *game, const bench_workload_t *w, int64_t deals, int threads, bench_row_t *row,
                     char *error, size_t size)
{
    sim_config_t c;
    memset(&c, 0, sizeof c);
    c.game = game->game;
    c.rules = game->rules;
    c.seats = game->seats;
    c.sides = c.game->side_count(c.rules);
    c.rotations = 1;
    c.agent_count = 1;
    c.agents[0] = w->agent;
    c.mode = SIM_DEALS;
    c.units = deals;
    c.first_unit = 0;
    c.end_unit = deals;
    c.seed = BENCH_SEED;
    c.threads = threads;
    sim_totals_t totals;
    memset(&totals, 0, sizeof totals);
    double started = omp_get_wtime();
    int result = sim_run(&c, &totals, NULL, NULL, NULL, error, size);
    row->seconds = omp_get_wtime() - started;
    row->plies = totals.plies;
    row->signature = totals.signature;
    return result;
}

static int bench_decisions(const setup_game_t *game, const char **specs, int spec_count, bool quick)
{
    const game_t *g = game->game;
    int count = quick ? DECISION_POSITIONS_QUICK : DECISION_POSITIONS;
    decision_positions_t positions;
    if (decision_positions_make(&positions, game, count, BENCH_SEED)) {
        fprintf(stderr, "dominolab bench: out of memory for %d positions\n", count);
        return 1;
    }
    printf("%d positions of %s (preset %s), %d players; one thread\n", count, g->name, game->preset, game->seats);
    printf("%-40s %9s %8s %12s %16s\n", "agent", "decisions", "seconds", "decisions/s", "signature");
    char error[CLI_ERROR_SIZE];
    int status = 0;
    for (int k = 0; k < spec_count && !status; k++) {
        decision_timing_t timing;
        status = decision_time(game, &positions, specs[k], NULL, BENCH_SEED,
                               quick ? DECISION_MIN_SECONDS_QUICK : DECISION_MIN_SECONDS, &timing, error, sizeof error);
        if (status) fprintf(stderr, "dominolab bench: %s\n", error);
        else
            printf("%-40s %9ld %8.3f %12.0f %016" PRIx64 "\n", specs[k], timing.decisions, timing.wall_seconds,
                   timing.decisions / timing.wall_seconds, timing.signature);
    }
    decision_positions_free(&positions);
    return status;
}

/* Random hands through the game interface alone: no agents, events or statistics. Each
 * hand is the first of a fresh match; a choice of moves draws a number, a forced move
 * none, as search playouts do.
 * With `own_playout` the game's playout plays each hand instead of the loop over
 * legal_moves and apply; it plays the same hands, so the signature (of every hand's plies
 * and scores) is the same. */
__attribute__((noinline)) static void playout_hands(const setup_game_t *game, bool own_playout, int64_t hands,
                                                   int64_t *plies, uint64_t *signature)
{
    const game_t *g = game->game;
    unsigned char state[g->state_size];
    game_move_t moves[GAME_MAX_MOVES];
    int scores[GAME_MAX_SEATS];
    pcg32_t rng;
    pcg32_seed(&rng, BENCH_SEED, 11);
    *plies = 0;
    *signature = 0;
    for (int64_t hand = 0; hand < hands; hand++) {
        g->match_start(state, game->rules, BENCH_SEED + (uint64_t)hand);
        g->deal(state, NULL);
        int64_t before = *plies;
        if (own_playout) *plies += game_playout_all(g, state, (game_chooser_t){.rule = GAME_CHOOSE_UNIFORM, .rng = &rng});
        else
            for (; g->status(state) == GAME_IN_HAND; ++*plies) {
                int count = g->legal_moves(state, moves);
                g->apply(state, moves[count == 1 ? 0 : pcg32_below(&rng, (uint32_t)count)], NULL);
            }
        g->scores(state, scores);
        *signature = *signature * 1000003u + (uint64_t)(*plies - before) * 65537u + (uint64_t)(scores[0] * 256 + scores[1]);
    }
}

/* One timed run of a workload on `threads` threads. 0, or 1 after a message. */
static int run_workload(const bench_workload_t *w, int64_t deals, int threads, bench_row_t *row)
{
    char error[CLI_ERROR_SIZE];
    cli_game_args_t args = {.game_name = w->game, .players = w->players};
    setup_game_t game;
    if (cli_game_open(&args, &game, error, sizeof error)) {
        fprintf(stderr, "dominolab bench: %s\n", error);
        return 1;
    }
    int status = 0;
    row->deals = deals;
    if (w->kind == BENCH_SIM) {
        status = bench_sim(&game, w, deals, threads, row, error, sizeof error);
        if (status) fprintf(stderr, "dominolab bench: %s\n", error);
    } else {
        double started = omp_get_wtime();
        playout_hands(&game, w->kind == BENCH_PLAYOUT, deals, &row->plies, &row->signature);
        row->seconds = omp_get_wtime() - started;
    }
    setup_game_close(&game);
    return status ? 1 : 0;
}

static bool valgrind_present(void) { return system("valgrind --version >/dev/null 2>&1") == 0; }

/* The instructions of `bench --workload NAME --deals N` on one thread under callgrind, as
 * valgrind counts them ("Collected : N"); -1 if it could not run. */
static double callgrind_instructions(const char *self, const char *name, int64_t deals)
{
    char command[PATH_MAX + 256];
    snprintf(command, sizeof command,
             "valgrind --tool=callgrind --callgrind-out-file=/dev/null '%s' bench --workload %s --deals %" PRId64
             " --threads 1 2>&1 >/dev/null",
             self, name, deals);
    FILE *pipe = popen(command, "r");
    if (!pipe) return -1;
    char line[512];
    double total = -1;
    while (fgets(line, sizeof line, pipe)) {
        const char *at = strstr(line, "Collected :");
        if (at) total = strtod(at + strlen("Collected :"), NULL);
    }
    return pclose(pipe) == 0 ? total : -1;
}

/* Instructions per deal of a workload: runs of N and 2N deals, so that start-up and the
 * end of the run cancel out. -1 if valgrind failed. */
static double instructions_per_deal(const char *self, const bench_workload_t *w)
{
    double one = callgrind_instructions(self, w->name, w->instruction_deals);
    double two = one < 0 ? -1 : callgrind_instructions(self, w->name, 2 * w->instruction_deals);
    return two < 0 ? -1 : (two - one) / (double)w->instruction_deals;
}

static void print_row(const bench_workload_t *w, int threads, const bench_row_t *row, bool instructions, double per_deal)
{
    printf("%-20s %7d %9" PRId64 " %11" PRId64 " %8.3f %11.0f %12.0f %016" PRIx64, w->name, threads, row->deals,
           row->plies, row->seconds, (double)row->deals / row->seconds, (double)row->plies / row->seconds,
           row->signature);
    if (instructions && per_deal >= 0) printf(" %12.0f", per_deal);
    else if (instructions) printf(" %12s", "-");
    printf("\n");
    fflush(stdout);
}

static const bench_workload_t *workload_named(const char *name)
{
    for (int k = 0; k < WORKLOAD_COUNT; k++)
        if (!strcmp(workloads[k].name, name)) return &workloads[k];
    return NULL;
}

/* The deal workloads (all, or args->workload alone). 0, or 1 after a message. */
static int bench_deals(const bench_args_t *args, bool instructions)
{
    const bench_workload_t *only = args->workload ? workload_named(args->workload) : NULL;
    char self[PATH_MAX]; /* this program, which callgrind runs on one workload at a time */
    ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    self[length > 0 ? length : 0] = '\0';
    if (instructions && !valgrind_present()) {
        fprintf(stderr, "dominolab bench: note: valgrind is not installed (Debian package valgrind): no "
                        "instruction counts\n");
        instructions = false;
    } else if (instructions && (length <= 0 || strchr(self, '\''))) {
        fprintf(stderr, "dominolab bench: note: this program's path cannot be given to valgrind (%s): no "
                        "instruction counts\n", length <= 0 ? "unknown" : "it holds a quote");
        instructions = false;
    }
    printf("%-20s %7s %9s %11s %8s %11s %12s %16s%s\n", "workload", "threads", "deals", "plies", "seconds", "deals/s",
           "plies/s", "signature", instructions ? "   instr/deal" : "");
    uint64_t signature[WORKLOAD_COUNT] = {0};
    bool threads_given = cli_given(&bench_spec, args, "threads");
    for (int k = 0; k < WORKLOAD_COUNT; k++) {
        const bench_workload_t *w = &workloads[k];
        if (only && w != only) continue;
        int64_t deals = only && args->deals > 0 ? args->deals : args->quick ? w->quick_deals : w->deals;
        double per_deal = instructions ? instructions_per_deal(self, w) : -1;
        int counts[2] = {1, args->threads};
        int runs = w->threaded && args->threads > 1 ? 2 : 1;
        if (only) { /* one run: on one thread, or on the threads asked for */
            counts[0] = threads_given ? args->threads : 1;
            runs = 1;
        }
        for (int run = 0; run < runs; run++) {
            bench_row_t row;
            if (run_workload(w, deals, counts[run], &row)) return 1;
            print_row(w, counts[run], &row, instructions && run == 0, per_deal);
            if (run == 0) signature[k] = row.signature;
            else if (row.signature != signature[k]) {
                fprintf(stderr, "dominolab bench: %s gives different outcomes on %d threads: a bug\n", w->name,
                        counts[run]);
                return 1;
            }
        }
    }
    if (only) return 0;
#define SIGNATURE_OF(name) signature[workload_named(name) - workloads]
    const char *size = args->quick ? "quick" : "full";
    if (SIGNATURE_OF("partnership-engine") != SIGNATURE_OF("partnership-playout")) {
        fprintf(stderr, "dominolab bench: partnership's playout played other hands than its moves do\n");
        return 1;
    }
    printf("double_bergen signature %016" PRIx64 " (%s workload)\n", SIGNATURE_OF("double-bergen-random"), size);
    printf("bingo signature %016" PRIx64 " (%s workload)\n", SIGNATURE_OF("bingo-random"), size);
    printf("partnership engine signature %016" PRIx64 "\n", SIGNATURE_OF("partnership-engine"));
    printf("partnership signature %016" PRIx64 " (%s workload)\n", SIGNATURE_OF("partnership-random"), size);
    /* Bergen's two workloads, combined as bench always has */
    printf("signature %016" PRIx64 " (%s workload; same on every thread count)\n",
           SIGNATURE_OF("random-vs-random") * 1000003u + SIGNATURE_OF("greedy-vs-greedy"), size);
#undef SIGNATURE_OF
    return 0;
}
static bool game_given(const bench_args_t *args)
{
    static const char *const names[] = {"game", "preset", "rules", "players", "option"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (cli_given(&bench_spec, args, names[k])) return true;
    return false;
}

int cli_bench(int argc, char **argv)
{
    const char *specs[CLI_LIST_MAX + 1];
    int spec_count = 0;
    char error[CLI_ERROR_SIZE];
    bench_args_t *args = calloc(1, sizeof *args);
    if (!args) {
        fprintf(stderr, "dominolab bench: out of memory\n");
        return 1;
    }
    args->threads = omp_get_num_procs();
    int parsed = cli_parse_argv(&bench_spec, argc, argv, args, error, sizeof error);
    if (parsed > 0) cli_print_help(stdout, &bench_spec);
    if (parsed < 0) fprintf(stderr, "dominolab bench: %s\n", error);
    if (parsed == 0 && (args->agents.count || game_given(args)) && !args->decisions) {
        fprintf(stderr, "dominolab bench: --agents and the game arguments go with --decisions (the deal workload "
                        "is fixed; see dominolab bench --help)\n");
        parsed = -1;
    }
    if (parsed == 0 && args->decisions && (args->workload || args->deals || args->instructions)) {
        fprintf(stderr, "dominolab bench: --workload, --deals and --instructions go with the deal workloads, not "
                        "with --decisions\n");
        parsed = -1;
    }
    setup_game_t game;
    if (parsed == 0 && cli_game_open_from(&bench_spec, args, &args->game, &game, error, sizeof error)) {
        fprintf(stderr, "dominolab bench: %s\n", error);
        parsed = -1;
    }
    bool decisions = args->decisions, quick = args->quick;
    for (int k = 0; k < args->agents.count; k++) specs[spec_count++] = args->agents.item[k];
    if (parsed) {
        free(args);
        return parsed > 0 ? 0 : 2;
    }
    if (decisions) {
        if (!spec_count)
            for (size_t k = 0; k < sizeof decision_agents / sizeof decision_agents[0]; k++)
                specs[spec_count++] = decision_agents[k];
        char note[2048];
        if (setup_levels_fit(agent_levels_builtin_for(game.game->name), &game, specs, spec_count, note, sizeof note, error, sizeof error) ==
                0 &&
            note[0])
            fprintf(stderr, "dominolab bench: note: %s\n", note);
        int status = 2;
        if (setup_agents_ready(agent_levels_builtin_for(game.game->name), &game, specs, spec_count, NULL, error, sizeof error))
            fprintf(stderr, "dominolab bench: %s\n", error);
        else status = bench_decisions(&game, specs, spec_count, quick);
        setup_game_close(&game);
        free(args);
        return status;
    }
    int status;
    if (args->workload && !workload_named(args->workload)) {
        fprintf(stderr, "dominolab bench: --workload %s: no such workload (", args->workload);
        for (int k = 0; k < WORKLOAD_COUNT; k++) fprintf(stderr, "%s%s", k ? ", " : "", workloads[k].name);
        fprintf(stderr, ")\n");
        status = 2;
    } else if (args->deals > 0 && !args->workload) {
        fprintf(stderr, "dominolab bench: --deals goes with --workload (the workloads are fixed)\n");
        status = 2;
    } else {
        status = bench_deals(args, args->instructions);
    }
    setup_game_close(&game);
    free(args);
    return status;
}
