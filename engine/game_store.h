/* game_store.h - the fast path of the games' legal_moves: placements written into a move
 * list a word per move. Only the games include it; an agent or the simulator reads the
 * lists through game.h and never needs it.
 *
 * Why a word: field by field the compiler writes a move's four bytes, and a read of the
 * whole move that soon follows (a comparison, a move passed by value) cannot take them
 * from the store buffer and waits for them. The word of {kind, t, end, extra} is that of
 * {kind, 0, end, extra} plus t times that of {0, 1, 0, 0}, whatever the byte order.
 * docs/performance.md has what each of these measured.
 */
#ifndef DOMINOLAB_GAME_STORE_H
#define DOMINOLAB_GAME_STORE_H

#include "game_move.h"

/* Stores the placement {GAME_MOVE_PLAY, tile, end, 0} at *slot as one word (constants where
 * `end` is one). */
static inline void game_store_placement(game_move_t *slot, int tile, int end)
{
    uint32_t word = game_move_word((game_move_t){GAME_MOVE_PLAY, 0, (uint8_t)end, 0}) +
                    (uint32_t)tile * game_move_word((game_move_t){0, 1, 0, 0});
    memcpy(slot, &word, sizeof word);
}

/* How many tiles fit an end is what a playout cannot predict (mostly none, one or two), so
 * the first GAME_UNTESTED_PLACEMENTS of an end are written without a test: slots past the
 * count are scratch (`out` holds GAME_MAX_MOVES, and a word-0 game lists at most 64 tiles
 * on each of GAME_MAX_ENDS ends). */
enum { GAME_UNTESTED_PLACEMENTS = 2 };
_Static_assert(64 * GAME_MAX_ENDS + GAME_UNTESTED_PLACEMENTS <= GAME_MAX_MOVES,
               "the scratch slots stay in the move buffer");

/* The first GAME_UNTESTED_PLACEMENTS placements of `fit` (bit i: tile i, word 0 of a set)
 * on `end` at out[count], an exhausted `fit` showing as tile 63; returns the tiles left to
 * store. */
static inline uint64_t game_store_untested_placements(uint64_t fit, int end, game_move_t *out, int count)
{
    for (int k = 0; k < GAME_UNTESTED_PLACEMENTS; k++, fit &= fit - 1)
        game_store_placement(&out[count + k], __builtin_ctzll(fit | (uint64_t)1 << 63), end);
    return fit;
}

/* Each placement of `fit` at out[count] on, a test per tile (where what fits is known to
 * be few, or the list is seldom made); returns the new count. */
static inline int game_store_each_placement(uint64_t fit, int end, game_move_t *out, int count)
{
    for (; fit; fit &= fit - 1) game_store_placement(&out[count++], __builtin_ctzll(fit), end);
    return count;
}

/* A placement on `end` of each tile of `fit`, lowest first, after the first `count` moves;
 * returns the new count. */
static inline int game_store_placements(uint64_t fit, int end, game_move_t *out, int count)
{
    int total = count + __builtin_popcountll(fit);
    fit = game_store_untested_placements(fit, end, out, count);
    game_store_each_placement(fit, end, out, count + GAME_UNTESTED_PLACEMENTS); /* more than that fit */
    return total;
}

#endif
