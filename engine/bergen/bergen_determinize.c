/* bergen_determinize.c - what a seat of a Bergen-family game can see, and worlds drawn at
 * random that agree with it.
 *
 * A seat sees its own hand, the layout, hand sizes, the stock size and the public history.
 * The history is kept as one "lacks" set per seat (bergen.c keeps it up to date): tiles
 * that seat is known not to hold now, because it passed or drew while their numbers were
 * open, or because another seat's double qualified as the lowest (highest) one. A world
 * deals every tile hidden from the seat (other hands and the undrawn stock) so that every
 * hand has its size and holds no tile it is known to lack. Worlds are sampled by a
 * shuffled greedy fill of the most constrained hands first, with an exact matching
 * (augmenting paths) as the fallback, so a consistent world is always found; they are not
 * exactly uniform over all consistent worlds.
 */
#include <string.h>

#include "bergen/bergen.h"

/* Logical tiles with a copy neither in `hand` nor on the layout. */
static tileset_t unseen_tiles(const bergen_state_t *s, tileset_t hand)
{
    const bergen_rules_t *r = s->rules;
    uint8_t copies[TILESET_MAX_TILES];
    tileset_t result = tileset_empty();
    tileset_copy_counts(tileset_or(hand, s->layout), r->tile_count, copies);
    for (int tile = 0; tile < r->tile_count; tile++)
        if (copies[tile] < r->num_sets) tileset_add(&result, tile);
    return result;
}

void bergen_observe(const void *state, int seat, game_observation_t *out)
{
    const bergen_state_t *s = state;
    const bergen_rules_t *r = s->rules;
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->seats = out->sides = s->seats;
    out->hand_number = s->hand_number;
    out->to_move = s->to_move;
    out->target = r->target;
    for (int other = 0; other < s->seats; other++) {
        out->side_of_seat[other] = other;
        out->score[other] = s->score[other];
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->draws[other] = s->draws[other];
        out->passes[other] = s->passes[other];
    }
    out->hand = bergen_logical_tiles(r, s->hand[seat]);
    out->stock_size = r->physical_count - s->stock_next;
    int drawable = out->stock_size - r->stock_reserve;
    out->stock_drawable = drawable > 0 ? drawable : 0;
    out->layout = bergen_logical_tiles(r, s->layout);
    out->unseen = unseen_tiles(s, s->hand[seat]);
    out->layout_kind = r->layout == BERGEN_LAYOUT_LINE ? GAME_LAYOUT_LINE : GAME_LAYOUT_SPINNER;
    out->end_count = s->end_count;
    out->layout_count = s->layout_count;
    unsigned open = bergen_open_ends(s);
    for (int e = 0; e < s->end_count; e++) {
        out->end_number[e] = s->end_number[e];
        out->end_is_double[e] = (uint8_t)(s->end_double >> e & 1);
        out->end_open[e] = (uint8_t)(open >> e & 1);
    }
}

/* ---- sampling ---- */

typedef struct world_fill {
    int pool_size;
    uint8_t pool[TILESET_MAX_BITS];       /* hidden physical tiles, shuffled */
    int8_t owner[TILESET_MAX_BITS];       /* seat a pool tile went to, -1: stock */
    int need[GAME_MAX_SEATS];             /* hidden tiles each seat must receive */
    tileset_t lacks[GAME_MAX_SEATS];      /* logical tiles each seat cannot receive */
    int slot_count;
    int8_t slot_seat[TILESET_MAX_BITS];   /* one slot per tile to receive */
    int16_t tile_of_slot[TILESET_MAX_BITS];
    int16_t slot_of_tile[TILESET_MAX_BITS];
} world_fill_t;

static bool may_hold(const bergen_rules_t *r, const world_fill_t *w, int seat, int pool_index)
{
    return !tileset_has(w->lacks[seat], r->logical_of[w->pool[pool_index]]);
}

/* Most constrained seats first: each takes the first tiles it may hold. */
static bool fill_greedy(const bergen_rules_t *r, world_fill_t *w, int seats)
{
    int order[GAME_MAX_SEATS], eligible[GAME_MAX_SEATS], count = 0;
    for (int seat = 0; seat < seats; seat++) {
        if (!w->need[seat]) continue;
        eligible[seat] = 0;
        for (int i = 0; i < w->pool_size; i++) eligible[seat] += may_hold(r, w, seat, i);
        int k = count++;
        while (k > 0 && eligible[order[k - 1]] > eligible[seat]) { order[k] = order[k - 1]; k--; }
        order[k] = seat;
    }
    for (int i = 0; i < w->pool_size; i++) w->owner[i] = -1;
    for (int k = 0; k < count; k++) {
        int seat = order[k], still = w->need[seat];
        for (int i = 0; i < w->pool_size && still; i++)
            if (w->owner[i] < 0 && may_hold(r, w, seat, i)) { w->owner[i] = (int8_t)seat; still--; }
        if (still) return false;
    }
    return true;
}

static bool augment(const bergen_rules_t *r, world_fill_t *w, int slot, uint8_t *visited)
{
    for (int i = 0; i < w->pool_size; i++) {
        if (visited[i] || !may_hold(r, w, w->slot_seat[slot], i)) continue;
        visited[i] = 1;
        if (w->slot_of_tile[i] < 0 || augment(r, w, w->slot_of_tile[i], visited)) {
            w->slot_of_tile[i] = (int16_t)slot;
            w->tile_of_slot[slot] = (int16_t)i;
            return true;
        }
    }
    return false;
}

/* Exact bipartite matching of slots to tiles (Kuhn); succeeds whenever any world exists. */
static bool fill_matching(const bergen_rules_t *r, world_fill_t *w, int seats)
{
    w->slot_count = 0;
    for (int seat = 0; seat < seats; seat++)
        for (int k = 0; k < w->need[seat]; k++) w->slot_seat[w->slot_count++] = (int8_t)seat;
    for (int i = 0; i < w->pool_size; i++) w->slot_of_tile[i] = -1;
    for (int slot = 0; slot < w->slot_count; slot++) {
        uint8_t visited[TILESET_MAX_BITS] = {0};
        if (!augment(r, w, slot, visited)) return false;
    }
    for (int i = 0; i < w->pool_size; i++) w->owner[i] = w->slot_of_tile[i] < 0 ? -1 : w->slot_seat[w->slot_of_tile[i]];
    return true;
}

void bergen_determinize(const void *state, int seat, pcg32_t *rng, void *out_state)
{
    const bergen_state_t *s = state;
    const bergen_rules_t *r = s->rules;
    bergen_state_t *world = out_state;
    world_fill_t fill;
    memcpy(world, s, sizeof *world);
    pcg32_seed(&world->rng, ((uint64_t)pcg32_next(rng) << 32) | pcg32_next(rng), pcg32_next(rng));

    /* Tiles that stay where they are: the seat's own hand, a drawn tile its holder is about
     * to place, and the qualifying double the opener is known to hold (R4, R5). */
    tileset_t fixed[GAME_MAX_SEATS];
    for (int other = 0; other < s->seats; other++) fixed[other] = tileset_empty();
    fixed[seat] = s->hand[seat];
    if (s->status == GAME_IN_HAND && s->to_move != seat && s->phase == BERGEN_PHASE_PLAY_DRAWN)
        tileset_add(&fixed[s->to_move], s->drawn_tile);
    if (s->status == GAME_IN_HAND && s->phase == BERGEN_PHASE_LEAD && s->qualifying_tile >= 0 && s->opener != seat)
        for (int copy = 0; copy < r->num_sets; copy++) {
            int p = copy * r->tile_count + s->qualifying_tile;
            if (tileset_has(s->hand[s->opener], p)) { tileset_add(&fixed[s->opener], p); break; }
        }

    /* The pool is listed in tile order before the shuffle, so the world drawn depends only
     * on what the seat knows, not on where the hidden tiles really are: an agent given two
     * deals it cannot tell apart decides the same (tests/test_agent_privacy.c). */
    tileset_t pool = tileset_empty();
    for (int other = 0; other < s->seats; other++) {
        tileset_t hidden = tileset_minus(s->hand[other], fixed[other]);
        fill.need[other] = tileset_size(hidden);
        fill.lacks[other] = s->lacks[other];
        pool = tileset_or(pool, hidden);
    }
    for (int k = s->stock_next; k < r->physical_count; k++) tileset_add(&pool, s->deck[k]);
    fill.pool_size = 0;
    while (!tileset_is_empty(pool)) fill.pool[fill.pool_size++] = (uint8_t)tileset_pop_lowest(&pool);
    pcg32_shuffle_bytes(rng, fill.pool, fill.pool_size);

    if (!fill_greedy(r, &fill, s->seats) && !fill_matching(r, &fill, s->seats)) {
        /* Unreachable while the lacks sets are true of the real deal (tested); keep the
         * real world rather than return an inconsistent one. */
        return;
    }
    for (int other = 0; other < s->seats; other++) world->hand[other] = fixed[other];
    int next = s->stock_next;
    for (int i = 0; i < fill.pool_size; i++) {
        if (fill.owner[i] >= 0)
            tileset_add(&world->hand[fill.owner[i]], fill.pool[i]);
        else
            world->deck[next++] = fill.pool[i];
    }
}
