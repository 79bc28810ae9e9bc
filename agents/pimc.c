/* pimc.c - perfect-information Monte Carlo (pimc) and its cheating twin (oracle).
 *
 * pimc: for each decision, sample `samples` worlds consistent with what the seat has seen
 * (game->determinize: hand sizes, seen tiles, numbers a seat showed it lacks), evaluate
 * every legal move in every world, and play the move with the best mean value. A move is
 * evaluated by `rollouts` playouts with the rollout policy, or, with solver=alphabeta, by
 * exact search to the end of the hand when it fits in `budget` nodes (playouts otherwise).
 * Values are search_value: the change in match standing, not bare hand points.
 *
 * oracle: the same search on the true deal (every hand and the stock order), the bound on
 * what any bot could reach; oracle vs pimc measures the value of hidden information.
 *
 * Every move of a world is evaluated from the same playout stream (common random
 * numbers), so the comparison between moves is not drowned by the playouts' own noise.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "agent_kind.h"
#include "belief.h"
#include "net.h"
#include "policy.h"
#include "solver.h"

/* model (the network's file) and prior come last, so that every other parameter keeps its
 * place and its order in `dominolab agents`; oracle, without the belief's, has them after
 * ms. */
enum {
    PARAM_SAMPLES, PARAM_ROLLOUTS, PARAM_ROLLOUT, PARAM_SOLVER, PARAM_BUDGET, PARAM_MS,
    PARAM_BELIEF, /* then candidates, temperature, floor, values (belief.h); pimc's, not oracle's */
    PARAM_MODEL = PARAM_BELIEF + BELIEF_PARAM_COUNT,
    PARAM_PRIOR,
    PARAM_COUNT,
    ORACLE_PARAM_MODEL = PARAM_BELIEF,
    ORACLE_PARAM_PRIOR,
    ORACLE_PARAM_COUNT
};
_Static_assert((int)PARAM_COUNT <= (int)AGENT_MAX_PARAMS, "pimc's parameters fit in agent->param");
enum { SOLVER_NONE, SOLVER_ALPHABETA };
static const char *const solver_names[] = {"none", "alphabeta", NULL};

#define PIMC_COMMON_PARAMS                                                                                          \
    [PARAM_ROLLOUTS] = {"rollouts", AGENT_PARAM_INT, 1, 10000, NULL, "1", "playouts per world and move"},           \
    [PARAM_ROLLOUT] = {"rollout", AGENT_PARAM_CHOICE, 0, 0, policy_names, "heuristic",                              \
                       "playout policy: random, greedy, heuristic (without deny) or net (model=FILE)"},            \
    [PARAM_SOLVER] = {"solver", AGENT_PARAM_CHOICE, 0, 0, solver_names, "none",                                     \
                      "alphabeta: exact search to the end of the hand (paranoid with 3+ sides) within budget"},   \
    [PARAM_BUDGET] = {"budget", AGENT_PARAM_INT, 1, 1e9, NULL, "20000",                                             \
                      "solver nodes per world and move; past it, playouts"},                                       \
    [PARAM_MS] = {"ms", AGENT_PARAM_INT, 0, 3600000, NULL, "0",                                                     \
                  "stop sampling after this many milliseconds per decision (0: never; not reproducible)"}
#define PIMC_MODEL_PARAM                                                                                            \
    {"model", AGENT_PARAM_TEXT, 0, 0, NULL, "",                                                                     \
     "rollout=net, values=net, prior: the network file (docs/agents.md, \"net\")"}
#define PIMC_PRIOR_PARAM                                                                                            \
    {"prior", AGENT_PARAM_REAL, 0, 1000, NULL, "0",                                                                 \
     "points per unit of the network's log-probability added to each move's mean value (0: none)"}

/* Defaults by duplicate-deal measurement against heuristic (docs/agents.md, "pimc"):
 * heuristic playouts beat greedy ones in Bergen 2p; 64 worlds were no better than 32 there
 * but clearly better in 4-player Bergen, and fewer worlds with more playouts each were
 * worse; the alpha-beta solver gained nothing over playouts against greedy, at many times
 * the cost. */
static const agent_param_spec_t pimc_params[PARAM_COUNT] = {
    [PARAM_SAMPLES] = {"samples", AGENT_PARAM_INT, 1, 100000, NULL, "64", "worlds sampled per decision"},
    PIMC_COMMON_PARAMS,
    [PARAM_BELIEF] = BELIEF_PARAM_SPECS("256"),
    [PARAM_MODEL] = PIMC_MODEL_PARAM,
    [PARAM_PRIOR] = PIMC_PRIOR_PARAM,
};

static const agent_param_spec_t oracle_params[ORACLE_PARAM_COUNT] = {
    [PARAM_SAMPLES] = {"samples", AGENT_PARAM_INT, 1, 100000, NULL, "8",
                       "evaluations of the true deal per decision (playouts differ)"},
    PIMC_COMMON_PARAMS,
    [ORACLE_PARAM_MODEL] = PIMC_MODEL_PARAM,
    [ORACLE_PARAM_PRIOR] = PIMC_PRIOR_PARAM,
};

typedef struct pimc {
    bool oracle;
    search_context_t context;
    solver_t *solver; /* NULL without solver=alphabeta */
    void *world, *trial, *playout, *policy_scratch;
    void *plan; /* the game's plan of a decision's worlds (game.h, plan_worlds), or NULL */
    belief_search_t belief; /* belief=policy: the worlds of a decision, weighted */
    net_player_t *prior;    /* prior > 0: the network whose policy leans the choice; else NULL */
    double prior_weight;
    double total[GAME_MAX_MOVES];
} pimc_t;

static void pimc_destroy(agent_t *agent)
{
    pimc_t *pimc = agent->data;
    if (!pimc) return;
    solver_destroy(pimc->solver);
    search_net_close(&pimc->context);
    free(pimc->world);
    free(pimc->trial);
    free(pimc->playout);
    free(pimc->policy_scratch);
    free(pimc->plan);
    belief_search_destroy(&pimc->belief);
    net_player_destroy(pimc->prior);
    free(pimc);
    agent->data = NULL;
}

/* prior > 0: the network of `model`, opened into pimc->prior. 0, or -1 with the message. */
static int open_prior(agent_t *agent, pimc_t *pimc, const char *model, char *error, size_t error_size)
{
    if (!(pimc->prior_weight > 0)) return 0;
    const char *name = agent->kind->info.name;
    if (!model[0]) {
        snprintf(error, error_size, "agent %s: prior=%g needs the network's file: model=FILE", name, pimc->prior_weight);
        return -1;
    }
    char message[512];
    pimc->prior = net_player_create(model, agent->game, agent->rules, message, sizeof message);
    if (!pimc->prior) {
        snprintf(error, error_size, "agent %s: %s", name, message);
        return -1;
    }
    return 0;
}

static int create(agent_t *agent, bool oracle, char *error, size_t error_size)
{
    size_t size = agent->game->state_size;
    char model[AGENT_SPEC_MAX]; /* fits: a part of a spec */
    agent_param_text(agent, oracle ? ORACLE_PARAM_MODEL : PARAM_MODEL, model, sizeof model);
    pimc_t *pimc = calloc(1, sizeof *pimc);
    agent->data = pimc;
    if (pimc) {
        pimc->oracle = oracle;
        pimc->world = malloc(size);
        pimc->trial = malloc(size);
        pimc->playout = malloc(size);
        pimc->policy_scratch = malloc(size);
        pimc->plan = agent->game->plan_worlds && !oracle ? malloc(agent->game->world_plan_size) : NULL;
        if (agent_param_int(agent, PARAM_SOLVER) == SOLVER_ALPHABETA) pimc->solver = solver_create(agent->game);
    }
    if (!pimc || !pimc->world || !pimc->trial || !pimc->playout || !pimc->policy_scratch ||
        (agent->game->plan_worlds && !oracle && !pimc->plan) ||
        (agent_param_int(agent, PARAM_SOLVER) == SOLVER_ALPHABETA && !pimc->solver)) {
        pimc_destroy(agent);
        snprintf(error, error_size, "out of memory creating agent %s", agent->spec);
        return -1;
    }
    char message[512];
    if (!oracle && belief_search_create(&pimc->belief, agent->game, agent->rules, agent->seat,
                                        agent->param + PARAM_BELIEF, model, message, sizeof message)) {
        pimc_destroy(agent);
        snprintf(error, error_size, "agent %s: %s", agent->kind->info.name, message);
        return -1;
    }
    search_context_init(&pimc->context, agent->game, agent->rules, (policy_kind_t)agent_param_int(agent, PARAM_ROLLOUT),
                        pimc->policy_scratch);
    pimc->prior_weight = agent->param[oracle ? ORACLE_PARAM_PRIOR : PARAM_PRIOR];
    bool read_elsewhere = pimc->prior_weight > 0 || (!oracle && belief_param_reads_network(agent->param + PARAM_BELIEF));
    if (search_net_open(&pimc->context, agent->kind->info.name, model, read_elsewhere, error, error_size) ||
        open_prior(agent, pimc, model, error, error_size)) {
        pimc_destroy(agent);
        return -1;
    }
    return 0;
}

static int pimc_create(agent_t *agent, char *error, size_t error_size) { return create(agent, false, error, error_size); }
static int oracle_create(agent_t *agent, char *error, size_t error_size) { return create(agent, true, error, error_size); }

static double milliseconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

/* Mean value for `side` of playing `move` in the world, by exact search if asked and
 * affordable, else by playouts from the world's stream. *solve is cleared when the solver
 * runs out of budget, so the rest of the decision does not pay for it again. */
static double evaluate_move(agent_t *agent, pimc_t *pimc, game_move_t move, int side, pcg32_t world_stream, bool *solve)
{
    const game_t *game = agent->game;
    size_t size = game->state_size;
    memcpy(pimc->trial, pimc->world, size);
    game->apply(pimc->trial, move, NULL);
    if (*solve) {
        double value;
        if (solver_value(pimc->solver, &pimc->context, pimc->trial, side, (long)agent->param[PARAM_BUDGET], &value))
            return value;
        *solve = false;
    }
    int rollouts = agent_param_int(agent, PARAM_ROLLOUTS);
    if (!search_in_hand(&pimc->context, pimc->trial)) /* the move ended the hand: nothing to sample */
        return search_value(&pimc->context, pimc->trial, side);
    if (rollouts == 1) { /* the default: the trial state is not needed again */
        search_playout(&pimc->context, pimc->trial, &world_stream);
        return search_value(&pimc->context, pimc->trial, side);
    }
    double sum = 0;
    for (int r = 0; r < rollouts; r++) {
        memcpy(pimc->playout, pimc->trial, size);
        search_playout(&pimc->context, pimc->playout, &world_stream);
        sum += search_value(&pimc->context, pimc->playout, side);
    }
    return sum / rollouts;
}

/* prior: adds to each move's mean value prior_weight times the network's log-probability of
 * it among the legal moves, the network observing the seat (what it may know). Where the
 * searched values are noisy (few worlds) or the worlds mislead (what the others' choices
 * said, which uniform worlds ignore), the network's experience of the seat's position
 * leans the choice. */
static void lean_on_prior(agent_t *agent, pimc_t *pimc, const void *state, const game_move_t *moves, int count,
                          double *mean)
{
    double logit[GAME_MAX_MOVES], best = -INFINITY, sum = 0;
    net_player_move_logits(pimc->prior, agent->game, state, moves, count, logit);
    for (int i = 0; i < count; i++)
        if (logit[i] > best) best = logit[i];
    if (!isfinite(best)) return; /* no move numbered: cannot happen for legal moves */
    for (int i = 0; i < count; i++)
        if (!isnan(logit[i])) sum += exp(logit[i] - best);
    for (int i = 0; i < count; i++)
        if (!isnan(logit[i])) mean[i] += pimc->prior_weight * (logit[i] - best - log(sum));
}

static game_move_t pimc_choose(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    pimc_t *pimc = agent->data;
    const game_t *game = agent->game;
    int side = game->side_of_seat(agent->rules, agent->seat);
    int samples = agent_param_int(agent, PARAM_SAMPLES);
    double deadline = agent->param[PARAM_MS] > 0 ? milliseconds_now() + agent->param[PARAM_MS] : 0;
    bool solve = pimc->solver != NULL;
    search_context_set_target(&pimc->context, state);
    for (int i = 0; i < count; i++) pimc->total[i] = 0;
    if (pimc->plan) agent->game->plan_worlds(state, agent->seat, pimc->plan);
    belief_search_prepare(&pimc->belief, state, pimc->plan, &agent->rng);
    /* with a belief, the worlds are its candidates at evenly spaced running weights (one
     * offset drawn), which follows the weights with the least noise */
    double offset = pimc->belief.belief ? pcg32_next(&agent->rng) / 4294967296.0 : 0;
    int sampled = 0; /* worlds evaluated: `samples`, or fewer when the deadline came first */
    while (sampled < samples) {
        if (pimc->oracle) memcpy(pimc->world, state, game->state_size);
        else belief_search_world(&pimc->belief, game, pimc->plan, state, agent->seat, &agent->rng,
                                 (sampled + offset) / samples, pimc->world);
        pcg32_t world_stream;
        pcg32_seed(&world_stream, (uint64_t)pcg32_next(&agent->rng) << 32 | pcg32_next(&agent->rng),
                   (uint64_t)agent->seat + 101);
        for (int i = 0; i < count; i++) pimc->total[i] += evaluate_move(agent, pimc, moves[i], side, world_stream, &solve);
        sampled++;
        if (deadline > 0 && milliseconds_now() >= deadline) break;
    }
    double mean[GAME_MAX_MOVES];
    for (int i = 0; i < count; i++) mean[i] = pimc->total[i] / (sampled > 0 ? sampled : 1);
    if (pimc->prior) lean_on_prior(agent, pimc, state, moves, count, mean);
    if (agent->values)
        for (int i = 0; i < count; i++) agent->values[i] = mean[i];
    int best = 0;
    for (int i = 1; i < count; i++) {
        double gap = mean[i] - mean[best];
        if (gap > 1e-9 || (gap > -1e-9 && game_move_heavier(moves[i], moves[best]))) best = i;
    }
    return moves[best];
}

static void pimc_on_move(agent_t *agent, const void *state, game_move_t move)
{
    pimc_t *pimc = agent->data;
    belief_see(pimc->belief.belief, state, move, &agent->rng);
}

static bool pimc_keeps_moves(const agent_t *agent)
{
    const pimc_t *pimc = agent->data;
    return pimc && pimc->belief.belief;
}

static void pimc_reset(agent_t *agent)
{
    pimc_t *pimc = agent->data;
    if (pimc->belief.belief) belief_reset(pimc->belief.belief);
}

const agent_kind_t pimc_agent_kind = {
    .info = {"pimc", "perfect-information Monte Carlo: sampled worlds, every move played out or solved in each",
             pimc_params, PARAM_COUNT},
    .create = pimc_create,
    .destroy = pimc_destroy,
    .reset = pimc_reset,
    .choose = pimc_choose,
    .on_move = pimc_on_move,
    .keeps_moves = pimc_keeps_moves,
    .value_measure = "mean match standing",
    .values_in_points = true,
};

const agent_kind_t oracle_agent_kind = {
    .info = {"oracle", "CHEATS: pimc's search on the true deal, the bound on what a bot could reach", oracle_params,
             ORACLE_PARAM_COUNT},
    .create = oracle_create,
    .destroy = pimc_destroy,
    .choose = pimc_choose,
    .value_measure = "mean match standing",
    .values_in_points = true,
};
