/* bergen_determinize.c - what a seat of a Bergen-family game can see, and worlds drawn at
 * random that agree with it.
 *
 * A seat sees its own hand, the layout, hand sizes, the stock size and the public history.
 * The history is kept as one "lacks" set per seat (bergen.c keeps it up to date): tiles
 * that seat is known not to hold now, because it passed or drew while their numbers were
 * open, or because another seat's double qualified as the lowest (highest) one. A world
 * deals every tile hidden from the seat (other hands and the undrawn stock) so that every
 * hand has its size and holds no tile it is known to lack: engine/sampler.h deals them.
 */
#include <limits.h>
#include <string.h>

#include "bergen/bergen_internal.h"

/* Logical tiles with a copy neither in `hand` nor on the layout. */
static tileset_t unseen_tiles(const bergen_state_t *s, tileset_t hand)
{
    const bergen_rules_t *r = s->rules;
    /* one set: a physical tile is its logical tile, so the unseen are the rest of the set
     * (search playouts observe at every step, and counting copies showed in pimc's time) */
    if (r->num_sets == 1) return tileset_minus(r->one_set, tileset_or(hand, s->layout));
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
    /* every field a line or spinner game has is written below, each seat's below `seats`
     * only (game.h): search playouts observe at every step, and clearing the observation,
     * sized for eight seats, took a fifth of this */
    out->seat = seat;
    out->seats = out->sides = s->seats;
    out->hand_number = s->hand_number;
    out->to_move = s->to_move;
    out->target = r->target;
    out->score_sign = 1;
    out->hand_end_points_max = r->hand_end_points_max;
    for (int other = 0; other < s->seats; other++) {
        out->side_of_seat[other] = other;
        out->score[other] = s->score[other];
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->draws[other] = s->draws[other];
        out->passes[other] = s->passes[other];
    }
    /* one set: a physical tile is its logical tile (search playouts observe at every step) */
    bool one_set = r->num_sets == 1;
    out->hand = one_set ? s->hand[seat] : bergen_logical_tiles(r, s->hand[seat]);
    out->stock_size = r->physical_count - s->stock_next;
    int drawable = out->stock_size - r->stock_reserve;
    out->stock_drawable = drawable > 0 ? drawable : 0;
    out->table = one_set ? s->layout : bergen_logical_tiles(r, s->layout);
    out->table_count = s->layout_count;
    out->unseen = unseen_tiles(s, s->hand[seat]);
    out->layout_kind = r->layout == BERGEN_LAYOUT_LINE ? GAME_LAYOUT_LINE : GAME_LAYOUT_SPINNER;
    out->ends = (game_ends_t){.count = s->end_count};
    unsigned open = s->open_ends; /* kept by every placement (bergen_open_ends) */
    for (int e = 0; e < s->end_count; e++) {
        out->ends.number[e] = s->end_number[e];
        out->ends.is_double[e] = (uint8_t)(s->end_double >> e & 1);
        out->ends.open[e] = (uint8_t)(open >> e & 1);
        out->ends.placer[e] = -1; /* not kept: no Bergen agent asks who placed a tile */
    }
}

/* sampler_deal for the hidden tiles of any set: each to its owner's hand in `world`, or to
 * the stock from deck[stock_next]. False if no deal agrees with the request. */
static bool deal_by_owners(const sampler_request_t *request, tileset_t hidden_tiles, pcg32_t *rng,
                           bergen_state_t *world, int stock_next)
{
    uint8_t pool[TILESET_MAX_BITS];
    int8_t owner[TILESET_MAX_BITS];
    int pool_size = 0;
    while (!tileset_is_empty(hidden_tiles)) pool[pool_size++] = (uint8_t)tileset_pop_lowest(&hidden_tiles);
    if (!sampler_deal(request, pool, pool_size, rng, owner)) return false;
    for (int i = 0; i < pool_size; i++) {
        if (owner[i] >= 0)
            tileset_add(&world->hand[owner[i]], pool[i]);
        else
            world->deck[stock_next++] = pool[i];
    }
    return true;
}

void bergen_plan_worlds(const void *state, int seat, void *plan_data)
{
    const bergen_state_t *s = state;
    const bergen_rules_t *r = s->rules;
    bergen_world_plan_t *plan = plan_data;
    plan->state = s;

    /* Tiles that stay where they are: the seat's own hand, a drawn tile its holder is about
     * to place, and the qualifying double the opener is known to hold (R4, R5). */
    tileset_t *fixed = plan->fixed;
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
    sampler_request_t *request = &plan->request; /* not cleared: the sampler reads the seats
                                                    below `seats` only */
    request->seats = s->seats;
    request->tile_of = r->num_sets == 1 ? NULL : r->logical_of; /* one set: each tile is itself */
    /* The hidden tiles: with one set, every tile is on the layout, in a hand or in the
     * stock, so they are the set less the layout and the tiles that stay (no pass over
     * the stock's list); with copies, the hands' hidden tiles and the stock's. */
    tileset_t hidden_tiles = r->num_sets == 1 ? tileset_minus(r->one_set, s->layout)
                                              : tileset_of(s->deck + s->stock_next, r->physical_count - s->stock_next);
    for (int other = 0; other < s->seats; other++) {
        tileset_t hidden = tileset_minus(s->hand[other], fixed[other]);
        request->need[other] = tileset_size(hidden);
        request->lacks[other] = s->lacks[other];
        hidden_tiles = r->num_sets == 1 ? tileset_minus(hidden_tiles, fixed[other]) : tileset_or(hidden_tiles, hidden);
    }
    plan->hidden_tiles = hidden_tiles;
    /* one set up to double-ten: a physical tile is its logical tile, and all lie in one
     * word, which the sampler deals without a list of owners */
    plan->by_word = r->num_sets == 1 && r->physical_count <= 64;
    if (plan->by_word) sampler_plan_word(request, hidden_tiles.w[0], &plan->words);
}

void bergen_draw_world(const void *plan_data, pcg32_t *rng, void *out_state)
{
    const bergen_world_plan_t *plan = plan_data;
    const bergen_state_t *s = plan->state;
    bergen_state_t *world = out_state;
    memcpy(world, s, sizeof *world);
    pcg32_seed(&world->rng, ((uint64_t)pcg32_next(rng) << 32) | pcg32_next(rng), pcg32_next(rng));
    for (int other = 0; other < s->seats; other++) world->hand[other] = plan->fixed[other];
    bool dealt = plan->by_word
                     ? sampler_deal_planned(&plan->words, rng, world->hand, world->deck + s->stock_next) >= 0
                     : deal_by_owners(&plan->request, plan->hidden_tiles, rng, world, s->stock_next);
    /* Unreachable while the lacks sets are true of the real deal (tested); keep the real
     * world rather than return an inconsistent one. */
    if (!dealt) memcpy(world->hand, s->hand, sizeof world->hand);
}

void bergen_determinize(const void *state, int seat, pcg32_t *rng, void *out_state)
{
    bergen_world_plan_t plan;
    bergen_plan_worlds(state, seat, &plan);
    bergen_draw_world(&plan, rng, out_state);
}

int bergen_hand_tiles(const void *world, int seat, uint8_t *out)
{
    const bergen_state_t *s = world;
    int count = 0;
    for (tileset_t hand = s->hand[seat]; !tileset_is_empty(hand);)
        out[count++] = s->rules->logical_of[tileset_pop_lowest(&hand)];
    return count;
}

/* Where a physical copy of logical `tile` lies hidden from `observer` outside `seat`'s
 * hand: a seat's number, or -1 - its deck position in the stock; INT_MIN where none. */
static int hidden_copy(const bergen_state_t *s, int observer, int seat, int tile, int *physical)
{
    const bergen_rules_t *r = s->rules;
    for (int copy = 0; copy < r->num_sets; copy++) {
        int p = copy * r->tile_count + tile;
        for (int other = 0; other < s->seats; other++)
            if (other != seat && other != observer && tileset_has(s->hand[other], p)) return *physical = p, other;
        for (int at = s->stock_next; at < r->physical_count; at++)
            if (s->deck[at] == p) return *physical = p, -1 - at;
    }
    return INT_MIN;
}

bool bergen_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count)
{
    bergen_state_t *s = world;
    const bergen_rules_t *r = s->rules;
    if (count != s->hand_count[seat]) return false;
    uint8_t wanted[TILESET_MAX_TILES] = {0};
    for (int i = 0; i < count; i++) {
        if (tiles[i] >= r->tile_count) return false;
        wanted[tiles[i]]++;
    }
    /* a drawn tile about to be placed is seen by all (bergen_plan_worlds keeps it) */
    if (s->phase == BERGEN_PHASE_PLAY_DRAWN && s->to_move == seat && !wanted[r->logical_of[s->drawn_tile]]) return false;
    tileset_t spare = tileset_empty();
    for (tileset_t hand = s->hand[seat]; !tileset_is_empty(hand);) {
        int p = tileset_pop_lowest(&hand);
        if (wanted[r->logical_of[p]]) wanted[r->logical_of[p]]--;
        else tileset_add(&spare, p);
    }
    for (int tile = 0; tile < r->tile_count; tile++)
        for (; wanted[tile] > 0; wanted[tile]--) {
            int p, place = hidden_copy(s, observer, seat, tile, &p);
            if (place == INT_MIN || tileset_is_empty(spare)) return false;
            int given = tileset_pop_lowest(&spare);
            if (place >= 0) {
                tileset_remove(&s->hand[place], p);
                tileset_add(&s->hand[place], given);
            } else {
                s->deck[-1 - place] = (uint8_t)given;
            }
            tileset_remove(&s->hand[seat], given);
            tileset_add(&s->hand[seat], p);
        }
    return true;
}
