/* heuristic_trick.h - the heuristic's evaluation in a trick game (Bingo), inside the agents
 * library: heuristic_pick hands a trick game's decisions here. */
#ifndef DOMINOLAB_HEURISTIC_TRICK_H
#define DOMINOLAB_HEURISTIC_TRICK_H

#include "heuristic.h"

/* Index of the best of the legal moves, as heuristic_pick_valued (values: NULL, or each
 * move's value); the game has capture_points and tiles_beating. */
int heuristic_trick_pick(const game_t *game, const void *state, const game_move_t *moves, int count,
                         const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values);

#endif
