/* tie_break.h - the one rule every agent breaks ties with: between moves it values alike,
 * the heavier tile (shedding pips is what a player prefers when nothing else differs). A
 * move that places no tile is lighter than any tile. */
#ifndef DOMINOLAB_TIE_BREAK_H
#define DOMINOLAB_TIE_BREAK_H

#include <stdbool.h>

#include "game.h"

static inline int tie_break_weight(game_move_t move)
{
    return move.kind == GAME_MOVE_PLAY ? tileset_pips(move.tile) : -1;
}
/* Whether a, valued alike, is preferred to b. */
static inline bool tie_break_heavier(game_move_t a, game_move_t b) { return tie_break_weight(a) > tie_break_weight(b); }

#endif
