/* heuristic.h - the heuristic agent's evaluation: a weighted sum of named features of each
 * legal move, read from the mover's observation and public move points only (in a trick
 * game, from the game's public trick rules too: heuristic_trick.c).
 * Used by the `heuristic` agent and by the search agents' rollout=heuristic.
 */
#ifndef DOMINOLAB_HEURISTIC_H
#define DOMINOLAB_HEURISTIC_H

#include "game.h"

typedef struct heuristic_weights {
    double points;  /* points the placement scores now */
    double doubles; /* keep a double until it can make a header */
    double suits;   /* leave ends in numbers we hold and the others lack */
    double deny;    /* do not leave an end the next seat is likely to score on */
    double shed;    /* shed heavy tiles when the hand may block or end soon */
    double partner; /* team games: play to the partner's numbers, not over his tile */
    double block;   /* team games: do not leave an end the opponents have shown they hold */
    double bonus;   /* team games: the pass bonus of a forced pass, and a last tile that fits both ends */
    double save;    /* trick games: points a tile's strength is worth keeping (spent when played) */
    double force;   /* trick games, closed phase: lead trumps to draw the opponent's */
    double close;   /* trick games: close when the sure points reach this */
} heuristic_weights_t;

extern const heuristic_weights_t heuristic_default_weights;

/* What the heuristic keeps from one decision to the next of one agent or search (one game
 * and rules): a trick game's capture points and beating tiles, which depend only on the
 * trump (game.h), for the trump they were asked under; where the game's facts lie; the
 * seats; and the observation a playout's game keeps up to date. */
typedef struct heuristic_memo {
    int trump;        /* the trump the points are for, -1 before any */
    tileset_t filled; /* the tiles whose points are kept */
    int points[TILESET_MAX_TILES];
    tileset_t beaten;                     /* the tiles whose beating tiles are kept, */
    tileset_t beating[TILESET_MAX_TILES]; /* each one's tiles_beating */
    /* the filled tiles by their points: `levels` distinct values, ascending, and the
     * tiles worth each (sums and minima over a set of tiles read a few masks) */
    int levels;
    int level_points[TILESET_MAX_TILES];
    tileset_t level_tiles[TILESET_MAX_TILES];
    /* where every value is within 0..63: bit k of a tile's points set in plane[k] (a sum
     * over a set is the planes' counts, weighted); planes -1 otherwise */
    int planes;
    tileset_t plane[6];
    /* where the game's own facts the heuristic reads lie in an observation (game_fact_at),
     * -1 where the game keeps none */
    int opened_at, hand_target_at;
    /* the seats as a plain decision reads them (heuristic.c), the same at every decision
     * of one game and rules, set at the first (`seats` 0 before it): each mover's other
     * seats in seat order, the seats of his side (a bit each) and the last of them, his
     * partner (-1: none) */
    int seats, sides;
    int8_t other_seat[GAME_MAX_SEATS][GAME_MAX_SEATS - 1];
    uint8_t same_side[GAME_MAX_SEATS];
    int8_t partner[GAME_MAX_SEATS];
    /* a playout's observation of the seat to move, which its game keeps up to date for
     * heuristic_pick_observed (game_chooser_t.observation) */
    game_observation_t observation;
} heuristic_memo_t;

/* Before the first decision of an agent or search playing `game`. */
void heuristic_memo_init(heuristic_memo_t *memo, const game_t *game);
/* Recomputes the levels and planes from the points of the filled tiles. */
void heuristic_memo_sort_levels(heuristic_memo_t *memo);

/* Index of the best move for the seat to move (ties: the heaviest tile, then the first).
 * scratch is game->state_size bytes the function may overwrite; memo is the caller's
 * (NULL: nothing kept). values: NULL, or where each move's value is written (a move not
 * valued, a draw or pass beside placements, is left as it was). */
int heuristic_pick_valued(const game_t *game, const void *state, const game_move_t *moves, int count,
                          const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values);
/* heuristic_pick_valued by the general path whatever the decision (every feature in turn),
 * without a memo: the reference the plain path's picks and values are tested against. */
int heuristic_pick_general(const game_t *game, const void *state, const game_move_t *moves, int count,
                           const heuristic_weights_t *weights, void *scratch, double *values);
/* heuristic_pick_valued without the values, told each move's move_points (`points`, or
 * NULL: asked of the game), as a playout's callback is (game_chooser_t.pick). */
int heuristic_pick_scored(const game_t *game, const void *state, const game_move_t *moves, const int *points,
                          int count, const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo);
/* heuristic_pick_scored told what the seat to move observes (`observation`, as
 * game->observe writes it: a playout's, kept up to date by its game in memo->observation
 * through game_chooser_t.observation), which it then does not observe again; NULL: it
 * observes. */
int heuristic_pick_observed(const game_t *game, const void *state, const game_observation_t *observation,
                            const game_move_t *moves, const int *points, int count,
                            const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo);
/* heuristic_pick_valued without the values: the agents' and playouts' call. */
static inline int heuristic_pick(const game_t *game, const void *state, const game_move_t *moves, int count,
                                 const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo)
{
    return heuristic_pick_valued(game, state, moves, count, weights, scratch, memo, NULL);
}

#endif
