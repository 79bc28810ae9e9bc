/* policy.h - what every search agent (pimc, oracle, ismcts) shares: quick move choices for
 * playouts, a playout to the end of the hand, and the value of where a playout ended.
 *
 * Everything here runs on a full state the caller owns (a determinized world, or a copy of
 * the true deal for oracle), copies states by value and never allocates. The rollout
 * policies read only what the seat to move could know, so a playout is the simple agents
 * playing each other in that world.
 */
#ifndef DOMINOLAB_POLICY_H
#define DOMINOLAB_POLICY_H

#include <stdbool.h>

#include "game.h"
#include "heuristic.h"

/* POLICY_NET: the argmax legal action of a learned network (net.h) for the seat to move,
 * observing that seat in the playout's world; the searcher opens the network (its own
 * net_player_t) and sets the context's `net`. */
typedef enum policy_kind { POLICY_RANDOM, POLICY_GREEDY, POLICY_HEURISTIC, POLICY_NET } policy_kind_t;
extern const char *const policy_names[]; /* "random", "greedy", "heuristic", "net", NULL */

struct net_player;

typedef struct search_context {
    const game_t *game;
    const game_rules_t *rules;
    int sides;
    policy_kind_t policy;        /* how playouts choose */
    heuristic_weights_t weights; /* for POLICY_HEURISTIC */
    void *scratch;               /* game->state_size bytes: the heuristic's trial state */
    heuristic_memo_t memo;       /* the heuristic's, kept across the decisions of one search */
    double win_value;            /* what winning the match is worth, in points */
    struct net_player *net;      /* for POLICY_NET: the searcher's player, set after init */
} search_context_t;

/* Fills a context (scratch is the caller's; net NULL). win_value is set from the match
 * target. */
void search_context_init(search_context_t *context, const game_t *game, const game_rules_t *rules,
                         policy_kind_t policy, void *scratch);
/* For a search agent named `agent_name` whose context's policy is set: where it is
 * POLICY_NET, opens the network of the file `model` for the rules (context->net, the
 * context's until search_net_close); none with POLICY_NET is an error, and so is a model
 * given with another policy unless something else of the agent reads it (`read_elsewhere`:
 * the belief's values=net, pimc's prior). Returns 0, or -1 with the message. */
int search_net_open(search_context_t *context, const char *agent_name, const char *model, bool read_elsewhere,
                    char *error, size_t error_size);
void search_net_close(search_context_t *context); /* none open: nothing */
/* Sets win_value from a state of the match (its target); call once per decision. */
void search_context_set_target(search_context_t *context, const void *state);

/* Index of the move the context's policy picks for the seat to move. */
int policy_pick(search_context_t *context, const void *state, const game_move_t *moves, int count, pcg32_t *rng);
/* Plays the policy for every seat from `state` (changed in place) until the hand is over.
 * Returns the number of moves made. */
int search_playout(search_context_t *context, void *state, pcg32_t *rng);

/* The worth of `state` to `side`, in points: its score minus the best of the other sides'
 * scores, plus win_value if the match is over and it won (minus it if another side won).
 * Differences of this between moves are the change in match standing: header points
 * reduced near the target, and a win within reach, count as the rules make them count. */
double search_value(const search_context_t *context, const void *state, int side);
/* search_value of every side at once, into values[0..sides): the state read once. */
void search_values(const search_context_t *context, const void *state, double *values);

static inline bool search_in_hand(const search_context_t *context, const void *state)
{
    return context->game->status(state) == GAME_IN_HAND;
}

#endif
