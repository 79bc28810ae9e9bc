/* game_playout.h - choosing without an agent: the rules a playout chooses each seat's
 * moves by (game_t.playout), and the order of "the most points now" that greedy play,
 * the games' own playouts and the simulator share.
 */
#ifndef DOMINOLAB_GAME_PLAYOUT_H
#define DOMINOLAB_GAME_PLAYOUT_H

#include <stdbool.h>

#include "game_move.h"
#include "pcg32.h"

typedef enum game_choice_rule {
    GAME_CHOOSE_UNIFORM,     /* moves[pcg32_below(rng, count)] */
    GAME_CHOOSE_MOST_POINTS, /* game_most_points_index: no draw from any stream */
    GAME_CHOOSE_CALLBACK,    /* moves[pick(context, state, moves, points, count)]: an agent's own rule */
    GAME_CHOOSE_OBSERVED     /* GAME_CHOOSE_CALLBACK whose context is what the seat to move observes */
} game_choice_rule_t;

/* GAME_CHOOSE_OBSERVED: the context is a game_observation_t where the game writes what the
 * seat to move observes, as game_t.observe writes it, before each call of pick, so that
 * pick need not observe. It is kept up to date rather than written anew: the game writes
 * all of it before the first call of a playout, and before each later call only what the
 * plies of a hand change (the observations of one hand differ in those alone). Several
 * seats may share one. It is the context, not a pointer beside it: a chooser of four words
 * instead of three cost the kernels' random deals an instruction a ply (docs/performance.md,
 * "Why the code is shaped so"). */
typedef struct game_chooser {
    uint8_t rule; /* game_choice_rule_t */
    union {
        pcg32_t *rng;  /* GAME_CHOOSE_UNIFORM: the stream drawn from */
        void *context; /* GAME_CHOOSE_CALLBACK and _OBSERVED: pick's first argument */
    };
    /* GAME_CHOOSE_CALLBACK and _OBSERVED: the index of the move to play among the `count`
     * (two or more) legal moves of `state`, listed as legal_moves lists them. The game calls
     * it on a complete state, and plays every turn with one legal move itself, without a
     * call, so a search's playout policy costs nothing on the forced turns. `points`: NULL,
     * or each move's move_points for the seat to move, where the game has them at hand
     * (Bergen and Double Bergen), so the pick need not ask move_points again. */
    int (*pick)(void *context, const void *state, const game_move_t *moves, const int *points, int count);
} game_chooser_t;

/* Whether a chooser's rule is a callback's: GAME_CHOOSE_CALLBACK or _OBSERVED. */
static inline bool game_chooser_calls_back(const game_chooser_t *chooser)
{
    return chooser->rule >= GAME_CHOOSE_CALLBACK;
}

/* GAME_CHOOSE_MOST_POINTS's order: a candidate worth `points`, of weight `weight`
 * (game_move_weight), beats the best so far when it scores more, or as much with a
 * heavier tile; of two alike the first listed stays. The games' own playouts, which
 * weigh their candidates without a list, decide by it too. */
static inline bool game_more_points(int points, int weight, int best_points, int best_weight)
{
    return points > best_points || (points == best_points && weight > best_weight);
}

/* GAME_CHOOSE_MOST_POINTS: the move credited the most points now by `points_of` (a game's
 * move_points, for `seat`), ties to the heavier tile, then to the first listed; moves it
 * calls impossible (-1) are passed over. Inline, so that a game's own playout calls its
 * move_points directly. */
static inline int game_most_points_by(int (*points_of)(const void *, int, game_move_t), const void *state, int seat,
                                      const game_move_t *moves, int count)
{
    int best = 0, best_points = -1;
    for (int i = 0; i < count; i++) {
        int points = points_of(state, seat, moves[i]);
        if (points < 0) continue;
        if (game_more_points(points, game_move_weight(moves[i]), best_points, game_move_weight(moves[best]))) {
            best = i;
            best_points = points;
        }
    }
    return best;
}

#endif
