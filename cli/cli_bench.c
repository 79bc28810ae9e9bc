/* cli_bench.c - `dominolab bench`: a fixed workload, timed, with a signature of behaviour.
 *
 * Like a chess engine's bench: the same units are played every time (2-player Bergen,
 * preset bergen, fixed seeds), on one thread and on every thread. The table gives deals/s
 * and plies/s; the signature is a checksum of every outcome, so it changes when, and only
 * when, the engine or the agents play differently. The runs on different thread counts must
 * give the same signature; bench says so, and fails if they do not.
 *
 * `bench --decisions` times agents instead: each agent at its defaults decides at a fixed set
 * of positions (taken from random play, every one with a choice to make), on one thread, and
 * the table gives decisions per second. The positions are gone through again and again until
 * DECISION_MIN_SECONDS have passed, so that a fast agent's rate is not one clock tick; the
 * signature is of the first round only (the later rounds repeat it).
 *
 * After Bergen's workloads come two of Partnership (preset partnership, random play, one
 * thread), whose signature has a line of its own before Bergen's, which stays the last:
 * the simulator's (agents, tallies and statistics, as `sim` plays), and the engine's alone
 * (legal moves, a uniform choice among them, apply), which is how other domino libraries
 * quote their speed.
 */
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "sim.h"

typedef struct bench_workload {
    const char *name;
    const char *agent;
    int64_t deals, quick_deals;
} bench_workload_t;

static const bench_workload_t workloads[] = {
    {"random-vs-random", "random", 1000000, 50000},
    {"greedy-vs-greedy", "greedy", 200000, 10000},
};
/* Partnership's workload: hands of random play, each the first of a fresh match, on one
 * thread; beside Bergen's, with its own signature so that Bergen's stays comparable. */
static const bench_workload_t partnership_workload = {"partnership-random", "random", 1000000, 50000};
/* Bingo's: hands of random play through the simulator, one thread (issue 15). */
static const bench_workload_t bingo_workload = {"bingo-random", "random", 1000000, 50000};
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
    bool quick, decisions;
} bench_args_t;

#define BENCH_OPTION(name, section, kind, field, min, max, value, help)                                            \
    {name, section, kind, CLI_AT(bench_args_t, field), min, max, NULL, value, help}
static const cli_option_t bench_options[] = {
    BENCH_OPTION("threads", "bench", CLI_INT, threads, 1, 1024, "T", "threads of the second run (default: every core)"),
    BENCH_OPTION("quick", "bench", CLI_FLAG, quick, 0, 0, NULL, "a twentieth of the workload"),
    BENCH_OPTION("decisions", "bench", CLI_FLAG, decisions, 0, 0, NULL, "time agents' decisions instead"),
    BENCH_OPTION("agents", "agents", CLI_SPLIT, agents, 0, 0, "A,B,...",
                 "with --decisions: the agents to time (default: every kind at its defaults)"),
    BENCH_OPTION("agent", "agents", CLI_LIST, agents, 0, 0, "SPEC", "one agent to time (repeatable; as --agents)"),
    CLI_GAME_OPTIONS(bench_args_t, game),
};
#undef BENCH_OPTION

static const cli_command_spec_t bench_spec = {
    "bench",
    "[--threads T] [--quick]\n"
    "       dominolab bench --decisions [--agents A,B,...] [--game G] [--preset P] [--players N]\n"
    "                       [--option key=value]... [--quick]",
    "Plays a fixed workload of 2-player Bergen deals (preset bergen, each deal once) with\n"
    "random and greedy agents, on 1 thread and on T threads (default: every core), and prints\n"
    "deals/s, plies/s and a signature of all outcomes; then hands of Partnership (preset\n"
    "partnership, random play) and of Bingo (preset bingo, random play) on 1 thread, each with\n"
    "a signature of its own. --quick plays a twentieth of it.\n\n"
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

typedef struct bench_result {
    double seconds;
    sim_totals_t totals;
} bench_result_t;

static int bench_run(const cli_game_t *game, const bench_workload_t *w, int64_t deals, int threads,
                     bench_result_t *out, char *error, size_t size)
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
    memset(&out->totals, 0, sizeof out->totals);
    double started = omp_get_wtime();
    int result = sim_run(&c, &out->totals, NULL, NULL, NULL, error, size);
    out->seconds = omp_get_wtime() - started;
    return result;
}

/* Positions with a choice, from random play of matches from a fixed seed. */
static int collect_positions(const cli_game_t *game, int count, unsigned char *states)
{
    const game_t *g = game->game;
    game_move_t moves[GAME_MAX_MOVES];
    pcg32_t rng;
    pcg32_seed(&rng, BENCH_SEED, 7);
    int found = 0;
    for (uint64_t match = 0; found < count; match++) {
        void *state = states + (size_t)found * g->state_size;
        g->match_start(state, game->rules, BENCH_SEED + match);
        while (found < count && g->status(state) != GAME_MATCH_OVER) {
            if (g->status(state) == GAME_BETWEEN_HANDS) {
                g->deal(state, NULL);
                continue;
            }
            int moves_count = g->legal_moves(state, moves);
            if (moves_count > 1 && pcg32_below(&rng, 4) == 0) { /* keep this one; play on from a copy */
                void *next = states + (size_t)(found + 1) * g->state_size;
                memcpy(next, state, g->state_size);
                state = next;
                found++;
                if (found == count) break;
            }
            g->apply(state, moves[pcg32_below(&rng, (uint32_t)moves_count)], NULL);
        }
    }
    return found;
}

static int bench_decisions(const cli_game_t *game, const char **specs, int spec_count, bool quick)
{
    const game_t *g = game->game;
    int count = quick ? DECISION_POSITIONS_QUICK : DECISION_POSITIONS;
    unsigned char *states = malloc((size_t)(count + 1) * g->state_size);
    if (!states) {
        fprintf(stderr, "dominolab bench: out of memory for %d positions\n", count);
        return 1;
    }
    collect_positions(game, count, states);
    printf("%d positions of %s (preset %s), %d players; one thread\n", count, g->name, game->preset, game->seats);
    printf("%-40s %9s %8s %12s %16s\n", "agent", "decisions", "seconds", "decisions/s", "signature");
    game_move_t moves[GAME_MAX_MOVES];
    char error[CLI_ERROR_SIZE];
    int status = 0;
    for (int k = 0; k < spec_count && !status; k++) {
        agent_t *agents[GAME_MAX_SEATS] = {0};
        for (int seat = 0; seat < game->seats && !status; seat++)
            if (agent_create(specs[k], NULL, g, game->rules, seat, BENCH_SEED, &agents[seat], error, sizeof error)) {
                fprintf(stderr, "dominolab bench: %s\n", error);
                status = 2;
            }
        uint64_t signature = 0;
        long decided = 0;
        double started = omp_get_wtime(), seconds = 0, minimum = quick ? DECISION_MIN_SECONDS_QUICK : DECISION_MIN_SECONDS;
        for (int round = 0; !status && (round == 0 || seconds < minimum); round++) {
            for (int i = 0; i < count; i++) {
                const void *state = states + (size_t)i * g->state_size;
                int moves_count = g->legal_moves(state, moves);
                game_move_t move = agent_choose(agents[g->to_move(state)], state, moves, moves_count);
                if (round == 0) signature = signature * 1000003u + (uint64_t)(move.kind << 16 | move.tile << 8 | move.end);
            }
            decided += count;
            seconds = omp_get_wtime() - started;
        }
        if (!status)
            printf("%-40s %9ld %8.3f %12.0f %016" PRIx64 "\n", specs[k], decided, seconds, decided / seconds, signature);
        for (int seat = 0; seat < game->seats; seat++) agent_destroy(agents[seat]);
    }
    free(states);
    return status;
}

/* Random hands through the game interface alone: no agents, events or statistics. Each
 * hand is the first of a fresh match; a choice of moves draws a number, a forced move
 * none, as search playouts do.
 * With `own_playout` the game's random_playout plays each hand instead of the loop over
 * legal_moves and apply; it plays the same hands, so the signature (of every hand's plies
 * and scores) is the same. */
__attribute__((noinline)) static void playout_hands(const cli_game_t *game, bool own_playout, int64_t hands,
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
        if (own_playout) *plies += g->random_playout(state, &rng);
        else
            for (; g->status(state) == GAME_IN_HAND; ++*plies) {
                int count = g->legal_moves(state, moves);
                g->apply(state, moves[count == 1 ? 0 : pcg32_below(&rng, (uint32_t)count)], NULL);
            }
        g->scores(state, scores);
        *signature = *signature * 1000003u + (uint64_t)(*plies - before) * 65537u + (uint64_t)(scores[0] * 256 + scores[1]);
    }
}

/* One row of random hands outside the simulator; its signature in *signature. */
static void bench_partnership_playout(const cli_game_t *game, bool own_playout, bool quick, uint64_t *signature)
{
    const bench_workload_t *w = &partnership_workload;
    int64_t hands = quick ? w->quick_deals : w->deals, plies;
    double started = omp_get_wtime();
    playout_hands(game, own_playout, hands, &plies, signature);
    double seconds = omp_get_wtime() - started;
    printf("%-18s %7d %9" PRId64 " %11" PRId64 " %8.3f %11.0f %12.0f\n",
           own_playout ? "partnership-playout" : "partnership-engine", 1, hands, plies, seconds, (double)hands / seconds,
           (double)plies / seconds);
}

/* One game's workload of random hands through the simulator on one thread: its table row,
 * then (with `extra`, the engine's own rows of that game) its signature line named `name`.
 * Returns 0, or 1 after a message. */
static int bench_game(const char *game_name, int players, const bench_workload_t *w, bool quick,
                      int (*extra)(const cli_game_t *game, bool quick))
{
    char error[CLI_ERROR_SIZE];
    cli_game_args_t args = {.game_name = game_name, .players = players};
    cli_game_t game;
    if (cli_game_open(&args, &game, error, sizeof error)) {
        fprintf(stderr, "dominolab bench: %s\n", error);
        return 1;
    }
    int64_t deals = quick ? w->quick_deals : w->deals;
    bench_result_t r;
    int status = bench_run(&game, w, deals, 1, &r, error, sizeof error);
    if (status) fprintf(stderr, "dominolab bench: %s\n", error);
    else {
        printf("%-18s %7d %9" PRId64 " %11" PRId64 " %8.3f %11.0f %12.0f\n", w->name, 1, deals, r.totals.plies,
               r.seconds, (double)deals / r.seconds, (double)r.totals.plies / r.seconds);
        if (extra) status = extra(&game, quick);
        printf("%s signature %016" PRIx64 " (%s workload)\n", game_name, r.totals.signature, quick ? "quick" : "full");
    }
    cli_game_close(&game);
    return status ? 1 : 0;
}

/* Partnership's engine rows: the interface loop and the engine's playout, which must play
 * the same hands. */
static int partnership_engine_rows(const cli_game_t *game, bool quick)
{
    uint64_t engine_signature, playout_signature;
    bench_partnership_playout(game, false, quick, &engine_signature);
    bench_partnership_playout(game, true, quick, &playout_signature);
    printf("partnership engine signature %016" PRIx64 "\n", engine_signature);
    if (playout_signature == engine_signature) return 0;
    fprintf(stderr, "dominolab bench: partnership's random_playout played other hands than its moves do\n");
    return 1;
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
    args->game.players = 2;
    int parsed = cli_parse_argv(&bench_spec, argc, argv, args, error, sizeof error);
    if (parsed > 0) cli_print_help(stdout, &bench_spec);
    if (parsed < 0) fprintf(stderr, "dominolab bench: %s\n", error);
    if (parsed == 0 && (args->agents.count || game_given(args)) && !args->decisions) {
        fprintf(stderr, "dominolab bench: --agents and the game arguments go with --decisions (the deal workload "
                        "is fixed; see dominolab bench --help)\n");
        parsed = -1;
    }
    cli_game_t game;
    if (parsed == 0 && cli_game_open_from(&bench_spec, args, &args->game, &game, error, sizeof error)) {
        fprintf(stderr, "dominolab bench: %s\n", error);
        parsed = -1;
    }
    bool decisions = args->decisions, quick = args->quick;
    int threads = args->threads;
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
        if (cli_levels_fit(agent_levels_builtin_for(game.game->name), &game, specs, spec_count, note, sizeof note, error, sizeof error) ==
                0 &&
            note[0])
            fprintf(stderr, "dominolab bench: note: %s\n", note);
        int status = bench_decisions(&game, specs, spec_count, quick);
        cli_game_close(&game);
        free(args);
        return status;
    }
    printf("%-18s %7s %9s %11s %8s %11s %12s\n", "workload", "threads", "deals", "plies", "seconds", "deals/s",
           "plies/s");
    uint64_t signature = 0;
    int status = 0;
    for (size_t k = 0; k < sizeof workloads / sizeof workloads[0] && !status; k++) {
        const bench_workload_t *w = &workloads[k];
        int64_t deals = quick ? w->quick_deals : w->deals;
        uint64_t first_signature = 0;
        int counts[2] = {1, threads};
        for (int run = 0; run < (threads > 1 ? 2 : 1); run++) {
            bench_result_t r;
            if (bench_run(&game, w, deals, counts[run], &r, error, sizeof error)) {
                fprintf(stderr, "dominolab bench: %s\n", error);
                status = 1;
                break;
            }
            printf("%-18s %7d %9" PRId64 " %11" PRId64 " %8.3f %11.0f %12.0f\n", w->name, counts[run], deals,
                   r.totals.plies, r.seconds, (double)deals / r.seconds, (double)r.totals.plies / r.seconds);
            if (run == 0) first_signature = r.totals.signature;
            else if (r.totals.signature != first_signature) {
                fprintf(stderr, "dominolab bench: %s gives different outcomes on %d threads: a bug\n", w->name,
                        counts[run]);
                status = 1;
            }
        }
        signature = signature * 1000003u + first_signature;
    }
    if (!status) status = bench_game("bingo", 2, &bingo_workload, quick, NULL);
    if (!status) status = bench_game("partnership", 4, &partnership_workload, quick, partnership_engine_rows);
    if (!status) printf("signature %016" PRIx64 " (%s workload; same on every thread count)\n", signature,
                        quick ? "quick" : "full");
    cli_game_close(&game);
    free(args);
    return status;
}
