/* belief.c - worlds weighted by the moves the other seats chose (belief.h). */
#include "belief.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net.h"

/* A move that is not legal in a candidate's reconstructed hand contradicts what was seen:
 * the candidate keeps this much of its weight rather than none, so that a reconstruction
 * that guessed the drawn tiles wrong does not rule a world out. */
static const double LOG_IMPOSSIBLE = -9.2; /* about 1e-4 */

/* Weights flattened until this share of the pool counts (effective number of worlds). */
static const double MIN_EFFECTIVE_SHARE = 0.125;

/* values=net's floor: the networks' probabilities are their own, at temperature 1; the
 * floor fitted to pimc's play with the shipped models (docs/agents.md). */
static const double BELIEF_NET_FLOOR = 0.01;

typedef struct belief_seen {
    int mover;
    game_move_t move;
    uint8_t hand_size[GAME_MAX_SEATS]; /* every seat's just before it (public) */
} belief_seen_t;

struct belief {
    const game_t *game;
    const game_rules_t *rules;
    int seat;
    belief_model_t model;
    belief_scorer_t scorer;
    net_player_t *net; /* values=net: the scorer's network, the belief's own */
    void *plan;        /* the game's plan of a world (world_plan_size bytes), or NULL */
    int hand_number;   /* of the moves kept, -1 before any */
    bool overflowed;   /* the hand made more moves than `capacity`: none is weighed */
    int count, capacity, pool_max;
    belief_seen_t *seen;
    unsigned char *snapshot; /* capacity states: a world drawn for the seat just before seen[k] */
    double *log_weight; /* pool_max */
};

/* Fitted by `dominolab fit --agent pimc` on each game's default preset (docs/agents.md,
 * "How the others play", with the commands and the likelihoods). */
belief_model_t belief_model_of_game(const game_t *game)
{
    if (!strcmp(game->name, "partnership")) return (belief_model_t){.temperature = 1.084, .floor = 0.0005};
    if (!strcmp(game->name, "bingo")) return (belief_model_t){.temperature = 6.074, .floor = 0.6221};
    if (!strcmp(game->name, "double_bergen")) return (belief_model_t){.temperature = 0.8025, .floor = 0.1889};
    return (belief_model_t){.temperature = 0.4993, .floor = 0.0864};
}

belief_model_t belief_model_for(const game_t *game, belief_values_t values)
{
    belief_model_t model = belief_model_of_game(game);
    if (values == BELIEF_VALUES_NET) model = (belief_model_t){.temperature = 1, .floor = BELIEF_NET_FLOOR};
    model.values = values;
    return model;
}

const char *const belief_values_names[] = {"playout", "heuristic", "net", NULL};

void belief_scorer_init(belief_scorer_t *scorer, const game_t *game, belief_values_t values, net_player_t *net,
                        void *scratch)
{
    scorer->game = game;
    scorer->net = values == BELIEF_VALUES_NET ? net : NULL;
    scorer->weights = heuristic_default_weights;
    if (values == BELIEF_VALUES_PLAYOUT) { /* policy.c's: deny and bonus cost a trial move per candidate */
        scorer->weights.deny = 0;
        scorer->weights.bonus = 0;
    }
    heuristic_memo_init(&scorer->memo, game);
    scorer->scratch = scratch;
}

void belief_values(belief_scorer_t *scorer, const void *state, const game_move_t *moves, int count, double *values)
{
    for (int i = 0; i < count; i++) values[i] = NAN;
    if (scorer->net) net_player_move_logits(scorer->net, scorer->game, state, moves, count, values);
    else heuristic_pick_valued(scorer->game, state, moves, count, &scorer->weights, scorer->scratch, &scorer->memo, values);
    double sum = 0;
    int valued = 0;
    for (int i = 0; i < count; i++)
        if (!isnan(values[i])) sum += values[i], valued++;
    double mean = valued ? sum / valued : 0;
    for (int i = 0; i < count; i++)
        if (isnan(values[i])) values[i] = mean;
}

double belief_log_probability(const belief_model_t *model, const double *values, int count, int chosen)
{
    if (count <= 1) return 0;
    double best = values[0];
    for (int i = 1; i < count; i++)
        if (values[i] > best) best = values[i];
    double sum = 0;
    for (int i = 0; i < count; i++) sum += exp((values[i] - best) / model->temperature);
    double softmax = exp((values[chosen] - best) / model->temperature) / sum;
    return log(model->floor / count + (1 - model->floor) * softmax);
}

/* ------------------------------------------------------------------ life */

/* The network of values=net, opened into b->net. 0, or -1 with the message. */
static int open_network(belief_t *b, const char *path, char *error, size_t error_size)
{
    if (!path || !path[0]) {
        snprintf(error, error_size, "belief values=net needs the network's file (model=FILE)");
        return -1;
    }
    b->net = net_player_create(path, b->game, b->rules, error, error_size);
    return b->net ? 0 : -1;
}

belief_t *belief_create(const game_t *game, const game_rules_t *rules, int seat, belief_model_t model, int capacity,
                        int pool_max, char *error, size_t error_size)
{
    if (!(model.temperature > 0) || !(model.floor >= 0 && model.floor <= 1) || capacity < 1 || pool_max < 1) {
        snprintf(error, error_size, "a belief's model needs temperature > 0 and floor 0..1 (temperature %g, floor %g)",
                 model.temperature, model.floor);
        return NULL;
    }
    if (!game->hand_tiles || !game->give_hand) {
        snprintf(error, error_size, "the game %s cannot rebuild hands, so it keeps no belief", game->name);
        return NULL;
    }
    belief_t *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(error, error_size, "out of memory for a belief");
        return NULL;
    }
    *b = (belief_t){.game = game, .rules = rules, .seat = seat, .model = model, .hand_number = -1,
                    .capacity = capacity, .pool_max = pool_max};
    b->model.network = NULL; /* the caller's string: read now, not kept */
    void *scratch = malloc(game->state_size);
    b->plan = game->plan_worlds ? malloc(game->world_plan_size) : NULL;
    b->seen = calloc((size_t)capacity, sizeof *b->seen);
    b->snapshot = malloc((size_t)capacity * game->state_size);
    b->log_weight = calloc((size_t)pool_max, sizeof *b->log_weight);
    if (!scratch || (game->plan_worlds && !b->plan) || !b->seen || !b->snapshot || !b->log_weight) {
        free(scratch);
        belief_destroy(b);
        snprintf(error, error_size, "out of memory for a belief");
        return NULL;
    }
    if (model.values == BELIEF_VALUES_NET && open_network(b, model.network, error, error_size)) {
        free(scratch);
        belief_destroy(b);
        return NULL;
    }
    belief_scorer_init(&b->scorer, game, model.values, b->net, scratch);
    return b;
}

void belief_destroy(belief_t *b)
{
    if (!b) return;
    net_player_destroy(b->net);
    free(b->scorer.scratch);
    free(b->plan);
    free(b->seen);
    free(b->snapshot);
    free(b->log_weight);
    free(b);
}

void belief_reset(belief_t *b)
{
    b->count = 0;
    b->overflowed = false;
    b->hand_number = -1;
}

int belief_moves_seen(const belief_t *b) { return b->count; }
const double *belief_log_weights(const belief_t *b) { return b->log_weight; }

static inline void *snapshot_at(const belief_t *b, int k) { return b->snapshot + (size_t)k * b->game->state_size; }

void belief_see(belief_t *b, const void *state, game_move_t move, pcg32_t *rng)
{
    const game_t *game = b->game;
    if (game->status(state) != GAME_IN_HAND) return;
    int hand = game->hand_number(state), mover = game->to_move(state);
    if (hand != b->hand_number) b->count = 0, b->hand_number = hand, b->overflowed = false;
    /* Its own moves tell it nothing, nor does a draw or a pass (what they say, the hard
     * facts say). Past the capacity the hand's later moves are not kept: the hands rebuilt
     * then no longer add up, and the moves before are not weighed (never wrongly). */
    if (mover == b->seat || move.kind == GAME_MOVE_DRAW || move.kind == GAME_MOVE_PASS) return;
    if (b->count == b->capacity) {
        b->overflowed = true;
        return;
    }
    game_observation_t observation;
    game->observe(state, b->seat, &observation);
    belief_seen_t *seen = &b->seen[b->count];
    seen->mover = mover;
    seen->move = move;
    for (int seat = 0; seat < observation.seats && seat < GAME_MAX_SEATS; seat++)
        seen->hand_size[seat] = (uint8_t)observation.hand_size[seat];
    if (b->plan) game->plan_worlds(state, b->seat, b->plan);
    game_draw_world(game, b->plan, state, b->seat, rng, snapshot_at(b, b->count));
    b->count++;
}

/* ------------------------------------------------------------------ weights */

/* The model's log-probability of seen[k]'s move with its mover holding tiles[0..count):
 * the hand given to the world drawn at the time, its legal moves valued there. */
static double log_probability_with(belief_t *b, int k, const uint8_t *tiles, int count)
{
    const game_t *game = b->game;
    const belief_seen_t *seen = &b->seen[k];
    void *then = snapshot_at(b, k);
    game_move_t moves[GAME_MAX_MOVES];
    double values[GAME_MAX_MOVES];
    /* A story of the hand that cannot be told there (a tile dropped as drawn that all saw
     * held) weighs the move as a coin toss among the moves: neither for the world nor
     * against it. The exchanges keep the snapshot a world whose only seat asked about is
     * the mover, so what they leave in the other hands does not matter. */
    if (!game->give_hand(then, b->seat, seen->mover, tiles, count)) return -log(game->legal_moves(then, moves));
    int legal = game->legal_moves(then, moves), chosen = -1;
    for (int i = 0; i < legal && chosen < 0; i++)
        if (game_move_equal(moves[i], seen->move)) chosen = i;
    if (chosen < 0) return LOG_IMPOSSIBLE;
    if (legal == 1) return 0;
    belief_values(&b->scorer, then, moves, legal, values);
    return belief_log_probability(&b->model, values, legal, chosen);
}

/* Removes one of tiles[0..*count) at random. */
static void drop_one(uint8_t *tiles, int *count, pcg32_t *rng)
{
    int at = (int)pcg32_below(rng, (uint32_t)*count);
    tiles[at] = tiles[--*count];
}

/* The log-likelihood of `mover`'s moves kept this hand, in `world`: its hand is walked back
 * from what it holds in the world, move by move to the hand's start, taking back each tile
 * it placed and dropping, at random, one tile for each it took (drew) in between, so that
 * every hand it held is one story of the hand (which tiles it drew when is not known: each
 * world tells one at random). Moves whose hand does not add up are not weighed. */
static double log_likelihood_of_mover(belief_t *b, int mover, const void *world, const game_observation_t *now,
                                      pcg32_t *rng)
{
    uint8_t held[2 * TILESET_MAX_BITS];
    int count = b->game->hand_tiles(world, mover, held), size_after = now->hand_size[mover];
    double sum = 0;
    for (int k = b->count - 1; k >= 0; k--) {
        const belief_seen_t *seen = &b->seen[k];
        bool placed = seen->mover == mover && seen->move.kind == GAME_MOVE_PLAY;
        int taken = size_after - seen->hand_size[mover] + placed; /* drawn between this move and the next kept */
        for (; taken > 0 && count > 0; taken--) drop_one(held, &count, rng);
        if (placed) held[count++] = seen->move.tile;
        size_after = seen->hand_size[mover];
        if (taken != 0 || count != size_after) return sum; /* the story does not add up: weigh no further */
        if (seen->mover == mover) sum += log_probability_with(b, k, held, count);
    }
    return sum;
}

void belief_weigh(belief_t *b, const void *state, const unsigned char *worlds, int count, pcg32_t *rng)
{
    const game_t *game = b->game;
    if (count > b->pool_max) count = b->pool_max;
    if (game->status(state) != GAME_IN_HAND || game->hand_number(state) != b->hand_number) belief_reset(b);
    game_observation_t now;
    game->observe(state, b->seat, &now);
    bool moved[GAME_MAX_SEATS] = {false};
    for (int k = 0; k < b->count && !b->overflowed; k++) moved[b->seen[k].mover] = true;
    for (int i = 0; i < count; i++) {
        const void *world = worlds + (size_t)i * game->state_size;
        double sum = 0;
        for (int mover = 0; mover < now.seats; mover++)
            if (moved[mover]) sum += log_likelihood_of_mover(b, mover, world, &now, rng);
        b->log_weight[i] = sum;
    }
}

/* Effective number of worlds of weights exp(power * (log_weight - best)), and those weights. */
static double effective_worlds(const double *log_weight, int count, double best, double power, double *weight)
{
    double sum = 0, squares = 0;
    for (int i = 0; i < count; i++) {
        weight[i] = exp(power * (log_weight[i] - best));
        sum += weight[i];
        squares += weight[i] * weight[i];
    }
    return sum * sum / squares;
}

double belief_pool(belief_t *b, const void *state, const void *plan, pcg32_t *rng, int count, unsigned char *worlds,
                   double *cumulative)
{
    const game_t *game = b->game;
    if (count > b->pool_max) count = b->pool_max;
    if (count < 1) return 0;
    for (int i = 0; i < count; i++)
        game_draw_world(game, plan, state, b->seat, rng, worlds + (size_t)i * game->state_size);
    belief_weigh(b, state, worlds, count, rng);
    double best = -INFINITY;
    for (int i = 0; i < count; i++)
        if (b->log_weight[i] > best) best = b->log_weight[i];
    /* weights that leave too few worlds counting are flattened, by the largest power of
     * them (bisected) that leaves enough: a model too sure of itself must not stake the
     * whole search on a few worlds */
    double power = 1, effective = effective_worlds(b->log_weight, count, best, power, cumulative);
    double wanted = MIN_EFFECTIVE_SHARE * count;
    if (effective < wanted) {
        double low = 0, high = 1;
        for (int step = 0; step < 20; step++) {
            power = (low + high) / 2;
            if (effective_worlds(b->log_weight, count, best, power, cumulative) < wanted) high = power;
            else low = power;
        }
        power = low;
        effective = effective_worlds(b->log_weight, count, best, power, cumulative);
    }
    double total = 0;
    for (int i = 0; i < count; i++) total += cumulative[i];
    double running = 0;
    for (int i = 0; i < count; i++) cumulative[i] = (running += cumulative[i]) / total;
    cumulative[count - 1] = 1;
    return effective;
}

int belief_pick(const double *cumulative, int count, double u)
{
    int low = 0, high = count - 1;
    while (low < high) {
        int middle = (low + high) / 2;
        if (cumulative[middle] > u) high = middle;
        else low = middle + 1;
    }
    return low;
}

/* ------------------------------------------------------------------ for search agents */

const char *const belief_names[] = {"uniform", "policy", NULL};

/* Moves of one hand kept: more than any hand of the built-in games makes. */
enum { BELIEF_HAND_MOVES = 512 };

bool belief_param_reads_network(const double *param)
{
    return (int)param[0] == BELIEF_POLICY && (belief_values_t)param[4] == BELIEF_VALUES_NET;
}

int belief_search_create(belief_search_t *search, const game_t *game, const game_rules_t *rules, int seat,
                         const double *param, const char *network, char *error, size_t error_size)
{
    *search = (belief_search_t){0};
    if ((int)param[0] != BELIEF_POLICY) return 0;
    belief_model_t model = belief_model_for(game, (belief_values_t)param[4]);
    if (param[2] > 0) model.temperature = param[2];
    if (param[3] > 0) model.floor = param[3];
    model.network = network;
    search->candidates = (int)param[1];
    search->belief = belief_create(game, rules, seat, model, BELIEF_HAND_MOVES, search->candidates, error, error_size);
    if (!search->belief) return -1;
    search->worlds = malloc((size_t)search->candidates * game->state_size);
    search->cumulative = malloc((size_t)search->candidates * sizeof *search->cumulative);
    if (!search->worlds || !search->cumulative) {
        belief_search_destroy(search);
        snprintf(error, error_size, "out of memory for %d candidate worlds", (int)param[1]);
        return -1;
    }
    return 0;
}

void belief_search_destroy(belief_search_t *search)
{
    belief_destroy(search->belief);
    free(search->worlds);
    free(search->cumulative);
    *search = (belief_search_t){0};
}

void belief_search_prepare(belief_search_t *search, const void *state, const void *plan, pcg32_t *rng)
{
    if (search->belief) belief_pool(search->belief, state, plan, rng, search->candidates, search->worlds, search->cumulative);
}

void belief_search_world(const belief_search_t *search, const game_t *game, const void *plan, const void *state,
                         int seat, pcg32_t *rng, double u, void *out)
{
    if (!search->belief) {
        game_draw_world(game, plan, state, seat, rng, out);
        return;
    }
    int at = belief_pick(search->cumulative, search->candidates, u);
    memcpy(out, search->worlds + (size_t)at * game->state_size, game->state_size);
}
