/* cli_belief.c - `dominolab belief`: how well a seat's belief predicts which seat holds
 * which tile, belief=policy (agents/belief.h) against the uniform sampler, measured over
 * deals the agents of --agents play.
 *
 * Every seat keeps one belief, told every move before it is applied and drawing from its
 * own stream, so the agents play the same deals whether or not beliefs are measured. At
 * each decision with two or more legal moves the deciding seat's belief pools K candidate
 * worlds: the uniform prediction that another seat holds a tile is the share of candidates
 * in which it does, the policy prediction the same share weighted by the pool's weights.
 * An event is one tile the deciding seat has not seen and one other seat; its outcome is
 * read from the true state (a harness may read it; no agent does). Each is scored by the
 * binary log-loss, its probability clamped to [0.5/K, 1 - 0.5/K], and by the Brier score.
 * The difference policy - uniform is averaged per decision (over its events) too, for a
 * paired interval over decisions. (The command's own names say quality_: belief_ is
 * agents/belief.h's prefix.)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "belief.h"
#include "cli.h"
#include "commands.h"
#include "match.h"
#include "net.h"
#include "stats.h"

enum {
    QUALITY_AGENT_TEXT = 1024,
    QUALITY_CAPACITY = 512,  /* moves of one hand a belief keeps: more than any built-in game's hand */
    QUALITY_CANDIDATES = 128 /* worlds pooled per decision, as pimc's belief=policy pools */
};
/* A stream of the beliefs' own, salted apart from the agents' (match_agent_seed). */
static const uint64_t QUALITY_SALT = 0x62656C696566ULL; /* "belief" */

/* The stages of a hand, by the moves of other seats the deciding seat has seen in it. */
enum { STAGE_COUNT = 4, STAGE_ALL = STAGE_COUNT };
static const int stage_first[STAGE_COUNT] = {0, 4, 8, 16};
static const char *const stage_names[STAGE_COUNT] = {"0-3", "4-7", "8-15", "16+"};

typedef struct quality_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agents, *levels;
    int64_t deals;
    uint64_t seed;
    int candidates;
    double temperature, floor;
    int values; /* belief_values_t */
    const char *model;
    bool quiet;
} quality_args_t;

#define QUALITY_OPTION(name, section, kind, field, min, max, value, help)                                           \
    {name, section, kind, CLI_AT(quality_args_t, field), min, max, NULL, value, help}
static const cli_option_t quality_options[] = {
    CLI_GAME_OPTIONS(quality_args_t, game),
    QUALITY_OPTION("agents", "agents", CLI_TEXT, agents, 0, 0, "A,B,...",
                  "who plays the deals: one spec per seat, or one for every seat (default pimc)"),
    CLI_LEVELS_OPTION(quality_args_t, levels),
    QUALITY_OPTION("deals", "experiment", CLI_COUNT, deals, 1, 1e9, "N", "deals played, one hand each (default 100)"),
    QUALITY_OPTION("seed", "experiment", CLI_SEED, seed, 0, 0, "S", "seed of the deals (default 1): same seed, same deals"),
    QUALITY_OPTION("candidates", "belief", CLI_INT, candidates, 1, 4096, "K",
                  "candidate worlds pooled per decision (default 128)"),
    QUALITY_OPTION("temperature", "belief", CLI_REAL, temperature, 0.01, 1000, "T",
                  "the model's temperature in heuristic points (default: the game's built-in model)"),
    QUALITY_OPTION("floor", "belief", CLI_REAL, floor, 0, 1, "F",
                  "the model's share of probability spread evenly over the moves (default: the game's)"),
    {"values", "belief", CLI_CHOICE, CLI_AT(quality_args_t, values), 0, 0, belief_values_names, "V",
     "the values the model reads: playout (default), heuristic (the heuristic agent's own) or net (the "
     "policy logits of --model)"},
    QUALITY_OPTION("model", "belief", CLI_TEXT, model, 0, 0, "FILE", "--values net: the network file (python/train.py)"),
    QUALITY_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no progress line on stderr"),
};
#undef QUALITY_OPTION

static const cli_command_spec_t quality_spec = {
    "belief",
    "[--game G] [--preset P] [--players N] [--option key=value ...] [--agents A,B,...]\n"
    "                       [--deals N] [--seed S] [--candidates K] [--temperature T] [--floor F]\n"
    "                       [--values V [--model FILE]] [--quiet]",
    "Measures the belief of belief=policy (agents/belief.h; docs/agents.md, \"How the others\n"
    "play\"): how well it predicts which other seat holds which tile, against the uniform\n"
    "sampler that weighs every world fitting the hard facts alike.\n"
    "\n"
    "The agents of --agents play N deals (one hand each). Every seat keeps a belief, told\n"
    "every move; at each decision with two or more legal moves the deciding seat's belief\n"
    "draws K candidate worlds. For every tile that seat has not seen and every other seat, the\n"
    "prediction that the seat holds the tile is the share of candidates where it does: plain\n"
    "(uniform), or weighted by the belief's weights (policy). The truth comes from the dealt\n"
    "hands. Each prediction is scored by its log-loss (the probability clamped to\n"
    "[0.5/K, 1 - 0.5/K]) and its Brier score: lower is better for both.\n"
    "\n"
    "Prints the decisions, the events (tile and seat), each score per event for both beliefs,\n"
    "and the difference of log-loss policy - uniform averaged per decision with its 95%\n"
    "interval over decisions (below 0: the policy predicts better); then the same by the moves\n"
    "of other seats seen so far in the hand, as the belief sharpens. `worlds` is the mean\n"
    "effective number of candidates the policy's weights leave (of K).\n"
    "--players defaults to the preset's; --temperature and --floor to the game's built-in\n"
    "model (dominolab fit measures one), or with --values net to the network's own\n"
    "probabilities; --values to playout.\n",
    quality_options,
    (int)(sizeof quality_options / sizeof quality_options[0]),
};

/* 0, 1 for --help, -1 with a message. */
static int parse_quality_args(int argc, char **argv, quality_args_t *args, char *error, size_t error_size)
{
    memset(args, 0, sizeof *args);
    args->agents = "pimc";
    args->deals = 100;
    args->seed = 1;
    args->candidates = QUALITY_CANDIDATES;
    int parsed = cli_parse_argv(&quality_spec, argc, argv, args, error, error_size);
    if (parsed) return parsed;
    return cli_values_model_check(&quality_spec, args, args->values, BELIEF_VALUES_NET, args->model, error, error_size);
}

/* ------------------------------------------------------------------ the tallies */

/* Sums over the decisions of one stage (or all): events scored uniform [0] and policy [1]. */
typedef struct quality_tally {
    int64_t decisions, events;
    double log_loss[2], brier[2];        /* sums over events */
    double difference, difference_square; /* of each decision's mean log-loss policy - uniform */
    double effective;                    /* sum of the pools' effective numbers of worlds */
} quality_tally_t;

static void tally_add(quality_tally_t *into, const quality_tally_t *decision, double effective)
{
    double difference = (decision->log_loss[1] - decision->log_loss[0]) / (double)decision->events;
    into->decisions++;
    into->events += decision->events;
    for (int k = 0; k < 2; k++) into->log_loss[k] += decision->log_loss[k], into->brier[k] += decision->brier[k];
    into->difference += difference;
    into->difference_square += difference * difference;
    into->effective += effective;
}

/* ------------------------------------------------------------------ the measure */

/* The sink that keeps the beliefs and scores them at each decision. */
typedef struct quality_measure {
    const game_t *game;
    int seats, candidates;
    belief_t *belief[GAME_MAX_SEATS];
    pcg32_t rng[GAME_MAX_SEATS];
    void *plan; /* the game's plan of a decision's worlds, or NULL */
    unsigned char *worlds;
    double *cumulative;
    int hand_number;
    int seen[GAME_MAX_SEATS]; /* moves of other seats each seat has seen this hand */
    quality_tally_t tally[STAGE_COUNT + 1];
} quality_measure_t;

static void measure_close(quality_measure_t *m)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) belief_destroy(m->belief[seat]);
    free(m->plan);
    free(m->worlds);
    free(m->cumulative);
}

/* 0, or -1 with the message. */
static int measure_open(quality_measure_t *m, const setup_game_t *game, belief_model_t model, int candidates,
                        char *error, size_t error_size)
{
    const game_t *g = game->game;
    *m = (quality_measure_t){.game = g, .seats = game->seats, .candidates = candidates};
    for (int seat = 0; seat < game->seats; seat++) {
        m->belief[seat] = belief_create(g, game->rules, seat, model, QUALITY_CAPACITY, candidates, error, error_size);
        if (!m->belief[seat]) return -1;
    }
    m->plan = g->plan_worlds ? malloc(g->world_plan_size) : NULL;
    m->worlds = malloc((size_t)candidates * g->state_size);
    m->cumulative = malloc((size_t)candidates * sizeof *m->cumulative);
    if ((g->plan_worlds && !m->plan) || !m->worlds || !m->cumulative) {
        snprintf(error, error_size, "out of memory for the beliefs");
        return -1;
    }
    return 0;
}

static int stage_of(int seen)
{
    int stage = 0;
    while (stage + 1 < STAGE_COUNT && seen >= stage_first[stage + 1]) stage++;
    return stage;
}

static double clamp(double p, double low, double high) { return p < low ? low : p > high ? high : p; }

/* Scores the events of `other` (each unseen tile: does `other` hold it?) into *decision, from
 * the candidates in m->worlds and their running weights. */
static void score_seat(const quality_measure_t *m, const void *state, int other, tileset_t unseen,
                       quality_tally_t *decision)
{
    const game_t *game = m->game;
    const int candidates = m->candidates;
    double share[2][TILESET_MAX_TILES] = {{0}}; /* uniform, policy */
    uint8_t tiles[TILESET_MAX_BITS];
    for (int i = 0; i < candidates; i++) {
        double weight = m->cumulative[i] - (i ? m->cumulative[i - 1] : 0);
        const void *world = m->worlds + (size_t)i * game->state_size;
        tileset_t held = tileset_and(tileset_of(tiles, game->hand_tiles(world, other, tiles)), unseen);
        while (!tileset_is_empty(held)) {
            int tile = tileset_pop_lowest(&held);
            share[0][tile] += 1.0 / candidates;
            share[1][tile] += weight;
        }
    }
    /* the true state: this harness may read the hidden hands that no agent reads */
    tileset_t truth = tileset_of(tiles, game->hand_tiles(state, other, tiles));
    const double low = 0.5 / candidates, high = 1 - 0.5 / candidates;
    for (tileset_t events = unseen; !tileset_is_empty(events);) {
        int tile = tileset_pop_lowest(&events);
        double y = tileset_has(truth, tile) ? 1 : 0;
        for (int k = 0; k < 2; k++) {
            double p = clamp(share[k][tile], low, high);
            decision->log_loss[k] -= y * log(p) + (1 - y) * log(1 - p);
            decision->brier[k] += (p - y) * (p - y);
        }
        decision->events++;
    }
}

/* The decision of `seat` in `state`: its belief's pool, scored against the truth. */
static void measure_decision(quality_measure_t *m, const void *state, int seat)
{
    const game_t *game = m->game;
    if (m->plan) game->plan_worlds(state, seat, m->plan);
    double effective = belief_pool(m->belief[seat], state, m->plan, &m->rng[seat], m->candidates, m->worlds,
                                   m->cumulative);
    game_observation_t observation;
    game->observe(state, seat, &observation);
    quality_tally_t decision = {0};
    for (int other = 0; other < m->seats; other++)
        if (other != seat) score_seat(m, state, other, observation.unseen, &decision);
    if (!decision.events) return; /* nothing hidden: nothing to predict */
    tally_add(&m->tally[stage_of(m->seen[seat])], &decision, effective);
    tally_add(&m->tally[STAGE_ALL], &decision, effective);
}

/* A deal: the beliefs forget the last, and their streams start from the deal's seed. */
static int measure_start(void *context, const match_setup_t *setup)
{
    quality_measure_t *m = context;
    for (int seat = 0; seat < m->seats; seat++) {
        belief_reset(m->belief[seat]);
        pcg32_seed(&m->rng[seat], pcg32_mix(setup->seed ^ QUALITY_SALT), (uint64_t)seat);
        m->seen[seat] = 0;
    }
    m->hand_number = -1;
    return 0;
}

/* Every move, before it is applied: the mover's decision measured, then every belief told. */
static int measure_move(void *context, const match_setup_t *setup, const void *state, game_move_t move)
{
    (void)setup;
    quality_measure_t *m = context;
    const game_t *game = m->game;
    if (game->hand_number(state) != m->hand_number) { /* a redealt hand starts afresh */
        m->hand_number = game->hand_number(state);
        for (int seat = 0; seat < m->seats; seat++) m->seen[seat] = 0;
    }
    int mover = game->to_move(state);
    game_move_t moves[GAME_MAX_MOVES];
    if (game->legal_moves(state, moves) >= 2) measure_decision(m, state, mover);
    for (int seat = 0; seat < m->seats; seat++) {
        belief_see(m->belief[seat], state, move, &m->rng[seat]);
        if (seat != mover) m->seen[seat]++;
    }
    return 0;
}

/* ------------------------------------------------------------------ the report */

/* Mean and 95% interval of n values from their sum and sum of squares (NaN where n is too small). */
static void mean_interval(int64_t n, double sum, double sum_square, double *mean, double *low, double *high)
{
    *mean = *low = *high = NAN;
    if (n < 1) return;
    *mean = sum / (double)n;
    if (n < 2) return;
    double variance = (sum_square - sum * sum / (double)n) / (double)(n - 1);
    double half = STATS_Z95 * sqrt(variance > 0 ? variance / (double)n : 0);
    *low = *mean - half;
    *high = *mean + half;
}

static void print_row(const char *name, const quality_tally_t *t)
{
    if (!t->decisions) {
        printf("%-11s %9d %9d\n", name, 0, 0);
        return;
    }
    double events = (double)t->events, mean, low, high;
    mean_interval(t->decisions, t->difference, t->difference_square, &mean, &low, &high);
    char interval[64] = "";
    if (!isnan(low)) snprintf(interval, sizeof interval, "[%+.4f, %+.4f]", low, high);
    printf("%-11s %9lld %9lld   %8.4f %8.4f   %+8.4f %-20s   %8.4f %8.4f  %7.1f\n", name, (long long)t->decisions,
           (long long)t->events, t->log_loss[0] / events, t->log_loss[1] / events, mean, interval,
           t->brier[0] / events, t->brier[1] / events, t->effective / (double)t->decisions);
}

static void print_report(const quality_args_t *args, const setup_game_t *game, const char *const *specs,
                         belief_model_t model, bool builtin, const quality_measure_t *m)
{
    printf("belief: %d-player %s (preset %s), agents", game->seats, game->game->name, game->preset);
    for (int seat = 0; seat < game->seats; seat++) printf("%s%s", seat ? "," : " ", specs[seat]);
    printf("; %lld deals from seed %llu\n", (long long)args->deals, (unsigned long long)args->seed);
    printf("model: temperature %.4g, floor %.4g, %s values%s; %d candidate worlds per decision\n", model.temperature,
           model.floor, belief_values_names[model.values], builtin ? " (the game's built-in)" : "", args->candidates);
    printf("events: a tile the deciding seat has not seen, and another seat: does it hold it?\n\n");
    printf("%-11s %9s %9s   %-17s   %-29s   %-17s  %7s\n", "moves seen", "decisions", "events", "log-loss per event",
           "policy - uniform per decision", "Brier per event", "worlds");
    printf("%-11s %9s %9s   %8s %8s   %8s %-20s   %8s %8s\n", "", "", "", "uniform", "policy", "", "[95%]",
           "uniform", "policy");
    print_row("all", &m->tally[STAGE_ALL]);
    for (int stage = 0; stage < STAGE_COUNT; stage++) print_row(stage_names[stage], &m->tally[stage]);
}

/* ------------------------------------------------------------------ the command */

typedef struct quality_run {
    setup_game_t game;
    agent_levels_t level_storage;
    const agent_levels_t *levels;
    const char *specs[GAME_MAX_SEATS];
    char agent_text[QUALITY_AGENT_TEXT];
    agent_t *agents[GAME_MAX_SEATS];
    void *state;
    quality_measure_t measure;
} quality_run_t;

static void run_close(quality_run_t *run)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) agent_destroy(run->agents[seat]);
    free(run->state);
    measure_close(&run->measure);
    setup_game_close(&run->game);
}

/* The game, the agents and their level table. 0, 1 (a failure) or 2 (bad input). */
static int open_run(const quality_args_t *args, quality_run_t *run, char *error, size_t error_size)
{
    char message[CLI_ERROR_SIZE], note[2048];
    if (cli_game_open_from(&quality_spec, args, &args->game, &run->game, error, error_size) ||
        cli_levels_open(args->levels, run->game.game, &run->level_storage, &run->levels, error, error_size))
        return 2;
    const game_t *game = run->game.game;
    if (!game->hand_tiles || !game->give_hand) {
        snprintf(error, error_size, "%s does not list a world's hands (game_t.hand_tiles): it has no belief=policy",
                 game->name);
        return 2;
    }
    snprintf(run->agent_text, sizeof run->agent_text, "%s", args->agents);
    if (cli_split_agent_list(run->agent_text, run->specs, run->game.seats, false, false, run->levels, NULL, message,
                             sizeof message)) {
        snprintf(error, error_size, "--agents: %.1000s", message);
        return 2;
    }
    if (setup_levels_fit(run->levels, &run->game, run->specs, run->game.seats, note, sizeof note, message,
                         sizeof message)) {
        snprintf(error, error_size, "%s", message);
        return 2;
    }
    if (setup_agents_ready(run->levels, &run->game, run->specs, run->game.seats, NULL, error, error_size)) return 2;
    if (note[0]) fprintf(stderr, "dominolab belief: note: %s\n", note);
    run->state = malloc(game->state_size);
    if (!run->state) {
        snprintf(error, error_size, "out of memory for the game state");
        return 1;
    }
    for (int seat = 0; seat < run->game.seats; seat++)
        if (agent_create(run->specs[seat], run->levels, game, run->game.rules, seat, match_agent_seed(args->seed, seat),
                         &run->agents[seat], error, error_size))
            return 1;
    return 0;
}

static belief_model_t model_of(const quality_args_t *args, const game_t *game, bool *builtin)
{
    belief_model_t model = belief_model_for(game, (belief_values_t)args->values);
    bool temperature = cli_given(&quality_spec, args, "temperature"), floor = cli_given(&quality_spec, args, "floor");
    if (temperature) model.temperature = args->temperature;
    if (floor) model.floor = args->floor;
    model.network = args->model;
    *builtin = !temperature && !floor && model.values == BELIEF_VALUES_PLAYOUT;
    return model;
}

/* The deals, each one hand of a fresh match through the match driver (which resets the
 * agents with the deal's seeds and tells them every move), measured by the sink. */
static int play_deals(const quality_args_t *args, quality_run_t *run, char *error, size_t error_size)
{
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!totals) {
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    static const sim_config_t no_standings; /* progress shows the count alone */
    progress_t progress;
    progress_start(&progress, stderr, args->quiet, args->deals, 0, "deals", &no_standings, NULL);
    match_sink_t sink = {.context = &run->measure, .on_start = measure_start, .on_move = measure_move};
    int status = 0;
    for (int64_t deal = 0; deal < args->deals && !status; deal++) {
        match_setup_t setup = {.game = run->game.game,
                               .rules = run->game.rules,
                               .values = &run->game.values,
                               .preset = run->game.preset,
                               .agent_specs = run->specs,
                               .levels = run->levels,
                               .seats = run->game.seats,
                               .seed = sim_unit_seed(args->seed, deal),
                               .max_hands = 1};
        int64_t moves;
        int played = match_play_agents(&setup, run->agents, run->state, &sink, 1, &moves, error, error_size);
        if (played == MATCH_FORFEIT) snprintf(error, error_size, "an agent forfeited a match: its bot failed");
        status = played ? 1 : 0;
        totals->units = deal + 1;
        progress_update(&progress, totals, false);
    }
    if (!status) progress_finish(&progress, totals);
    free(totals);
    return status;
}

static int quality_with(int argc, char **argv, quality_args_t *args, quality_run_t *run, char *error, size_t error_size)
{
    int status = parse_quality_args(argc, argv, args, error, error_size);
    if (status > 0) {
        cli_print_help(stdout, &quality_spec);
        return 0;
    }
    status = status ? 2 : open_run(args, run, error, error_size);
    bool builtin = false;
    belief_model_t model = status ? (belief_model_t){0} : model_of(args, run->game.game, &builtin);
    if (!status && model.values == BELIEF_VALUES_NET) { /* a network that cannot be read or does not fit: a bad argument */
        char message[CLI_ERROR_SIZE - 16]; /* room for the prefix */
        net_player_t *network = net_player_create(args->model, run->game.game, run->game.rules, message, sizeof message);
        if (!network) {
            snprintf(error, error_size, "--model: %s", message);
            status = 2;
        }
        net_player_destroy(network);
    }
    if (!status && measure_open(&run->measure, &run->game, model, args->candidates, error, error_size)) status = 1;
    if (!status) status = play_deals(args, run, error, error_size);
    if (status) {
        fprintf(stderr, "dominolab belief: %s\n", error);
        return status;
    }
    print_report(args, &run->game, run->specs, model, builtin, &run->measure);
    return 0;
}

int cli_belief(int argc, char **argv)
{
    char error[CLI_ERROR_SIZE];
    quality_args_t *args = malloc(sizeof *args);
    quality_run_t *run = calloc(1, sizeof *run);
    if (!args || !run) {
        free(args);
        free(run);
        fprintf(stderr, "dominolab belief: out of memory\n");
        return 1;
    }
    int status = quality_with(argc, argv, args, run, error, sizeof error);
    run_close(run);
    free(args);
    free(run);
    return status;
}
