/* encoding.h - a game as learning code sees it: every move a rule set can make under one
 * fixed number (an action), and what a seat observes as a fixed-length vector of floats.
 * Both read the game interface only, so a model trained through the library
 * (lib/dominolab.h, the Python module) and the `net` agent see the same numbers. The
 * layouts are documented to the float in docs/python.md, "Actions and tensors".
 *
 * Actions, with T tiles of a set, E ends (0 in a trick game) and S = E + 1 slots:
 *   t * S + 0        play tile t as a lead, or into a trick
 *   t * S + 1 + e    play tile t on end (or arm) e
 *   T * S + 0..4     draw, pass, end the turn, close the stock, meld (the meld offered)
 *   T * S + 5 + d * answers + a   decision d answered a
 */
#ifndef DOMINOLAB_ENCODING_H
#define DOMINOLAB_ENCODING_H

#include <stdint.h>

#include "game.h"

enum { ENCODING_NO_MOVE = -1 };

typedef struct encoding {
    const game_t *game;
    game_move_bounds_t bounds;
    int numbers;      /* tile numbers: 0 .. numbers-1 */
    int seats, sides;
    int slots;        /* per tile: a lead (or a trick) and each end */
    int special;      /* the action of a draw; pass, end turn, close and meld follow */
    int choice;       /* the first decision's action */
    int action_count;
    int size;         /* floats in an observation */
    int state_size;   /* floats in a state: the observation, then every seat's hand */
    tileset_t in_play;                       /* the tiles of one set */
    int fact_at[GAME_MAX_FACT_VALUES];       /* each game fact's offset (game_fact_at) */
} encoding_t;

/* The encoding of one rule set; 0, or -1 where the game states no bounds. */
int encoding_init(encoding_t *e, const game_t *game, const game_rules_t *rules);
/* A move's action, or ENCODING_NO_MOVE for a move outside the bounds (never a legal one). */
int encoding_action(const encoding_t *e, game_move_t move);
/* The legal moves as a mask of action_count bytes (1: legal); when not NULL, legal[k] the
 * k-th legal action in the order of moves (room for count) and move_of[action] its move
 * (room for action_count; written at legal actions only). A move said twice is one action.
 * Returns how many actions are legal. */
int encoding_mask(const encoding_t *e, const game_move_t *moves, int count, uint8_t *mask, int16_t *legal,
                  game_move_t *move_of);
/* What o's seat observes, as e->size floats. */
void encoding_observation(const encoding_t *e, const game_observation_t *o, float *out);

#endif
