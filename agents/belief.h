/* belief.h - what a seat believes about the tiles it cannot see: worlds that fit the hard
 * facts (game->determinize), each weighted by how likely it makes the moves the other
 * seats were seen to choose (policy-based inference: Rebstock, Solinas, Sturtevant and
 * Buro 2019; Kermit in Skat, Buro et al. 2009).
 *
 * The model of how a seat plays (belief_model_t) turns the heuristic's values of its legal
 * moves into probabilities: a softmax at a temperature, mixed with a floor spread evenly
 * over the moves, so that a surprise lowers a world's weight without ruling it out.
 *
 * The belief lives through a hand: told every move before it is applied (belief_see), it
 * keeps, for each move of another seat, a world drawn for its own seat just then (from its
 * own observation only) and what was public. Asked for worlds (belief_pool), it draws
 * candidates that fit what it sees now and weights each by the product over those moves
 * of the model's probability of the move made, with the mover holding the hand it held
 * then in that candidate: its tiles now, plus the tiles it placed since, less as many as
 * it drew since (which of them is not known: drawn at random, never the tile it placed).
 * Weights that degenerate are flattened (tempered) until enough worlds count.
 */
#ifndef DOMINOLAB_BELIEF_H
#define DOMINOLAB_BELIEF_H

#include <stdbool.h>

#include "game.h"
#include "agent.h"
#include "heuristic.h"

/* Which values the model reads: the heuristic's with the playouts' weights (deny and bonus
 * off, as pimc's playouts value moves: the built-in models are fitted with them), the
 * heuristic agent's own (every default weight: at a small temperature, the exact model of
 * `heuristic`, which bounds what reading the others' choices can gain), or the policy
 * logits of a learned network (net.h) observing the mover, which at temperature 1 are the
 * network's own probabilities. */
typedef enum belief_values { BELIEF_VALUES_PLAYOUT, BELIEF_VALUES_HEURISTIC, BELIEF_VALUES_NET } belief_values_t;
extern const char *const belief_values_names[]; /* "playout", "heuristic", "net", NULL */

typedef struct belief_model {
    double temperature;     /* value points that multiply a move's odds by e */
    double floor;           /* the share of probability spread evenly over the legal moves */
    belief_values_t values; /* what the temperature divides */
    const char *network;    /* values=net: the network's file, read when a belief is made */
} belief_model_t;

/* The model fitted for the game by `dominolab fit` on pimc's play (docs/agents.md), for
 * the playouts' values; for values=net, the network's own probabilities with the floor
 * fitted to pimc's play by the shipped models. */
belief_model_t belief_model_of_game(const game_t *game);
belief_model_t belief_model_for(const game_t *game, belief_values_t values);

struct net_player;

/* Values the model reads: the heuristic's, for the seat to move (what it keeps between
 * calls, and its scratch state). */
typedef struct belief_scorer {
    const game_t *game;
    struct net_player *net; /* values=net: the caller's player; NULL otherwise */
    heuristic_weights_t weights;
    heuristic_memo_t memo;
    void *scratch; /* game->state_size bytes */
} belief_scorer_t;
/* scratch is the caller's (game->state_size bytes), and so is net (values=net; else NULL). */
void belief_scorer_init(belief_scorer_t *scorer, const game_t *game, belief_values_t values, struct net_player *net,
                        void *scratch);
/* The value of each of moves[0..count) for the seat to move, into values[]: the heuristic's,
 * or the network's logits; a move without one gets the mean of those that have one (all 0
 * where none has). */
void belief_values(belief_scorer_t *scorer, const void *state, const game_move_t *moves, int count, double *values);
/* The model's log-probability of the move at `chosen` among moves of these values. */
double belief_log_probability(const belief_model_t *model, const double *values, int count, int chosen);

typedef struct belief belief_t;

/* A belief for `seat` keeping up to `capacity` moves of a hand, pooling up to `pool_max`
 * worlds at once; with values=net it reads model.network (its own copy). NULL with the
 * message when out of memory, for a model outside its range (temperature > 0, floor 0..1),
 * a network that cannot be read or does not fit the rules, and a game without hand_tiles
 * and give_hand. */
belief_t *belief_create(const game_t *game, const game_rules_t *rules, int seat, belief_model_t model, int capacity,
                        int pool_max, char *error, size_t error_size);
void belief_destroy(belief_t *belief);
/* Forgets the match (a new one starts). */
void belief_reset(belief_t *belief);
/* Every move of the match, before it is applied to `state` (whose hidden parts it never
 * reads: only its seat's observation, and worlds drawn from it). */
void belief_see(belief_t *belief, const void *state, game_move_t move, pcg32_t *rng);

/* Draws `count` (1 to pool_max) worlds for the seat in `state` (game_draw_world, from `plan` where one was
 * made) into worlds (count * state_size bytes) and their weights into cumulative[], as a
 * running sum ending at 1 (belief_pick reads it). `plan` is NULL or the game's plan of
 * (state, seat). Returns the weights' effective number of worlds. */
double belief_pool(belief_t *belief, const void *state, const void *plan, pcg32_t *rng, int count,
                   unsigned char *worlds, double *cumulative);
/* The log-weights of worlds[0..count) (count <= pool_max; worlds drawn for the seat in
 * `state`) into belief_log_weights, unnormalized: belief_pool's weighing alone. */
void belief_weigh(belief_t *belief, const void *state, const unsigned char *worlds, int count, pcg32_t *rng);
/* The index of the first running sum above u (0 <= u < 1). */
int belief_pick(const double *cumulative, int count, double u);
/* log-weights of the worlds just pooled or weighed, before normalization. */
const double *belief_log_weights(const belief_t *belief);
/* The moves of other seats kept this hand (tests). */
int belief_moves_seen(const belief_t *belief);

/* ---- what pimc and ismcts add for a belief (their parameters belief, candidates,
 * temperature, floor, values) ---- */
extern const char *const belief_names[]; /* "uniform", "policy", NULL */
enum { BELIEF_UNIFORM, BELIEF_POLICY, BELIEF_PARAM_COUNT = 5 };

#define BELIEF_PARAM_SPECS(default_candidates)                                                                     \
    {"belief", AGENT_PARAM_CHOICE, 0, 0, belief_names, "uniform",                                                  \
     "uniform: every world that fits the hard facts alike; policy: weighted by the others' choices"},               \
    {"candidates", AGENT_PARAM_INT, 1, 4096, NULL, default_candidates,                                             \
     "belief=policy: worlds drawn and weighted per decision, the searched ones drawn from them by weight"},        \
    {"temperature", AGENT_PARAM_REAL, 0, 1000, NULL, "0",                                                          \
     "belief=policy: the model's temperature in heuristic points or logits (0: the fitted value)"},               \
    {"floor", AGENT_PARAM_REAL, 0, 1, NULL, "0",                                                                   \
     "belief=policy: the model's share of surprise, spread over the moves (0: the game's fitted value)"},          \
    {"values", AGENT_PARAM_CHOICE, 0, 0, belief_values_names, "playout",                                           \
     "belief=policy: what the model reads: the heuristic with the playouts' weights, the heuristic agent's "      \
     "own values, or net (the policy logits of model=FILE)"}

/* The worlds of one decision drawn from a belief. */
typedef struct belief_search {
    belief_t *belief;       /* NULL with belief=uniform: worlds are drawn as before */
    unsigned char *worlds;  /* candidates' states */
    double *cumulative;     /* their running weights */
    int candidates;
} belief_search_t;
/* From the agent's parameters at `param` (belief, candidates, temperature, floor, values,
 * in that order) and its model=FILE (`network`, "" if none), read by values=net. Returns 0,
 * or -1 with the message. */
int belief_search_create(belief_search_t *search, const game_t *game, const game_rules_t *rules, int seat,
                         const double *param, const char *network, char *error, size_t error_size);
/* Whether these parameters read a network (belief=policy with values=net). */
bool belief_param_reads_network(const double *param);
void belief_search_destroy(belief_search_t *search);
/* Pools the decision's candidates (belief_pool); nothing with belief=uniform. */
void belief_search_prepare(belief_search_t *search, const void *state, const void *plan, pcg32_t *rng);
/* Writes a world for the decision: the candidate at running weight u (0 <= u < 1) with a
 * belief, else one drawn as determinize would. */
void belief_search_world(const belief_search_t *search, const game_t *game, const void *plan, const void *state,
                         int seat, pcg32_t *rng, double u, void *out);

#endif
