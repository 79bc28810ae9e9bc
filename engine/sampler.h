/* sampler.h - deals the tiles a seat cannot see so that the result agrees with what it
 * knows: every other hand gets its size, and no hand gets a tile its holder is known to
 * lack. Shared by every game's determinize (what search agents sample worlds from).
 *
 * The hidden tiles are shuffled, then dealt by a greedy fill of the most constrained hands
 * first, with an exact bipartite matching (augmenting paths) as the fallback, so a
 * consistent deal is always found when one exists. Deals are not exactly uniform over all
 * consistent deals. The result depends only on the inputs and the generator: list the
 * pool in a fixed order (tile order), never in the order the true deal holds it.
 */
#ifndef DOMINOLAB_SAMPLER_H
#define DOMINOLAB_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "pcg32.h"
#include "tileset.h"

enum { SAMPLER_MAX_SEATS = 8 };

typedef struct sampler_request {
    int seats;
    int need[SAMPLER_MAX_SEATS];        /* hidden tiles each seat must receive */
    tileset_t lacks[SAMPLER_MAX_SEATS]; /* tiles (as `tile_of` names them) each seat cannot receive */
    const uint8_t *tile_of;             /* pool entry -> tile tested against lacks; NULL: itself */
} sampler_request_t;

/* Shuffles pool[0..count) and gives each entry an owner: a seat, or -1 (it stays in the
 * stock), in owner[0..count). Returns false if no deal satisfies the request. */
bool sampler_deal(const sampler_request_t *request, uint8_t *pool, int count, pcg32_t *rng, int8_t *owner);

/* sampler_deal where the pool is one set's tiles in the sets' first word (every game of one
 * set up to double-ten), given as that word, and `tile_of` is NULL: the same deal, drawn
 * with the same numbers, without a list of owners to read back. Lists the pool in tile
 * order, shuffles it, adds each receiving seat's tiles to hand[seat] (the rest of `hand`
 * is left as it was) and lists the undealt tiles, in their shuffled order, in `stock`
 * (room for every tile of the pool: while a deal is sought it may be written past the
 * stock's end). Returns how many that is, or -1 if no deal satisfies the request. */
int sampler_deal_word(const sampler_request_t *request, uint64_t pool_set, pcg32_t *rng, tileset_t *hand,
                      uint8_t *stock);

/* sampler_deal_word in two steps, for many deals of one request (search draws a world per
 * iteration): the plan keeps the request and what every deal of it shares (the pool in
 * tile order, the receiving seats, how they are served), and each deal from it draws the
 * same numbers and deals the same as sampler_deal_word would. */
typedef struct sampler_word_plan {
    sampler_request_t request;
    uint64_t pool_set;
    int pool_size, dealt;           /* dealt >= 0: the seats take the shuffled pool in turn */
    int count;                      /* receiving seats, in seat order: */
    int order[SAMPLER_MAX_SEATS];   /* which, */
    int start[SAMPLER_MAX_SEATS];   /* and where each one's share begins (in turn) */
    uint8_t pool[64];               /* the pool in tile order, 0 past its size */
} sampler_word_plan_t;
void sampler_plan_word(const sampler_request_t *request, uint64_t pool_set, sampler_word_plan_t *plan);
int sampler_deal_planned(const sampler_word_plan_t *plan, pcg32_t *rng, tileset_t *hand, uint8_t *stock);

#endif
