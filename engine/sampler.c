/* sampler.c - consistent deals of hidden tiles (sampler.h). */
#include "sampler.h"

#include <string.h>

typedef struct fill {
    const sampler_request_t *request;
    const uint8_t *pool;
    int pool_size;
    int8_t *owner;
    int slot_count;
    int8_t slot_seat[TILESET_MAX_BITS]; /* one slot per tile to receive */
    int16_t slot_of_tile[TILESET_MAX_BITS];
} fill_t;

static bool may_hold(const fill_t *f, int seat, int pool_index)
{
    int entry = f->pool[pool_index];
    int tile = f->request->tile_of ? f->request->tile_of[entry] : entry;
    return !tileset_has(f->request->lacks[seat], tile);
}

/* How many pool entries `seat` may hold. */
static int eligible_count(const fill_t *f, const uint8_t *tile, int seat)
{
    int eligible = 0;
    for (int i = 0; i < f->pool_size; i++) eligible += !tileset_has(f->request->lacks[seat], tile[i]);
    return eligible;
}

/* Puts the `count` receiving seats of `order` most constrained first (the fewest eligible
 * tiles: `eligible_of_seat` where given, else counted), ties in seat order. */
static void sort_by_eligible(fill_t *f, const uint8_t *tile, const int *eligible_of_seat, int *order, int count)
{
    int eligible[SAMPLER_MAX_SEATS];
    for (int k = 0; k < count; k++) {
        int seat = order[k], j = k;
        eligible[seat] = eligible_of_seat ? eligible_of_seat[seat] : eligible_count(f, tile, seat);
        while (j > 0 && eligible[order[j - 1]] > eligible[seat]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = seat;
    }
}

/* fill_greedy where every entry is a different tile (one set): the pool's positions as a
 * set, a seat's eligible positions all but those of the few pool tiles it lacks, and its
 * share the lowest of them still free, into dealt[seat] for each seat of `order`. The same
 * deal as the scan of fill_greedy, without a test per entry and seat (ismcts draws a world
 * per iteration); for a single seat the scan takes the same tiles. `narrow`: the pool has
 * 64 entries or fewer (every game of one set up to double-ten), and the positions lie in
 * one word (each caller compiles this for its case). */
static inline __attribute__((always_inline)) bool fill_distinct_positions(const sampler_request_t *r, int pool_size,
                                                                          const uint8_t *position_of,
                                                                          tileset_t pool_tiles, int *order, int count,
                                                                          bool narrow, tileset_t *dealt)
{
    tileset_t all = tileset_first(pool_size), eligible[SAMPLER_MAX_SEATS];
    int eligible_count_of[SAMPLER_MAX_SEATS];
    for (int k = 0; k < count; k++) {
        int seat = order[k];
        eligible[seat] = all;
        tileset_t lacked = tileset_and(r->lacks[seat], pool_tiles);
        while (!tileset_is_empty(lacked)) {
            int tile = tileset_pop_lowest(&lacked);
            tileset_remove_narrow(&eligible[seat], position_of[tile], narrow);
        }
        eligible_count_of[seat] = tileset_size_narrow(eligible[seat], narrow);
    }
    sort_by_eligible(NULL, NULL, eligible_count_of, order, count);
    tileset_t taken = tileset_empty();
    for (int k = 0; k < count; k++) {
        int seat = order[k];
        tileset_t free = tileset_minus_narrow(eligible[seat], taken, narrow);
        if (tileset_size_narrow(free, narrow) < r->need[seat]) return false;
        dealt[seat] = tileset_empty();
        for (int still = r->need[seat]; still > 0; still--) {
            int i = tileset_pop_lowest_narrow(&free, narrow);
            tileset_add_narrow(&dealt[seat], i, narrow);
            tileset_add_narrow(&taken, i, narrow);
        }
    }
    return true;
}

/* fill_distinct_positions into f->owner. */
static inline __attribute__((always_inline)) bool fill_owners_distinct(fill_t *f, const uint8_t *position_of,
                                                                       tileset_t pool_tiles, int *order, int count,
                                                                       bool narrow)
{
    tileset_t dealt[SAMPLER_MAX_SEATS];
    if (!fill_distinct_positions(f->request, f->pool_size, position_of, pool_tiles, order, count, narrow, dealt))
        return false;
    memset(f->owner, -1, (size_t)f->pool_size);
    for (int k = 0; k < count; k++)
        for (tileset_t mine = dealt[order[k]]; !tileset_is_empty_narrow(mine, narrow);)
            f->owner[tileset_pop_lowest_narrow(&mine, narrow)] = (int8_t)order[k];
    return true;
}

static bool fill_greedy_distinct(fill_t *f, const uint8_t *tile, tileset_t pool_tiles, int *order, int count)
{
    uint8_t position_of[TILESET_MAX_BITS];
    for (int i = 0; i < f->pool_size; i++) position_of[tile[i]] = (uint8_t)i;
    if (f->pool_size <= 64) return fill_owners_distinct(f, position_of, pool_tiles, order, count, true);
    return fill_owners_distinct(f, position_of, pool_tiles, order, count, false);
}

/* The seats that receive tiles, in seat order, into `order`; returns how many. */
static int receiving_seats(const sampler_request_t *r, int *order)
{
    int count = 0;
    for (int seat = 0; seat < r->seats; seat++)
        if (r->need[seat]) order[count++] = seat;
    return count;
}

/* Most constrained seats first: each takes the first tiles it may hold. A single seat
 * needs no order, and its scan stops at its last tile (a two-player game). */
static bool fill_greedy(fill_t *f)
{
    const sampler_request_t *r = f->request;
    uint8_t tile[TILESET_MAX_BITS]; /* each entry's tile, as the lacks name it */
    for (int i = 0; i < f->pool_size; i++) tile[i] = r->tile_of ? r->tile_of[f->pool[i]] : f->pool[i];
    int order[SAMPLER_MAX_SEATS], count = receiving_seats(r, order);
    if (count > 1) {
        tileset_t pool_tiles = tileset_of(tile, f->pool_size);
        if (tileset_size(pool_tiles) == f->pool_size) return fill_greedy_distinct(f, tile, pool_tiles, order, count);
        sort_by_eligible(f, tile, NULL, order, count);
    }
    memset(f->owner, -1, (size_t)f->pool_size);
    for (int k = 0; k < count; k++) {
        int seat = order[k], still = r->need[seat];
        tileset_t lacks = r->lacks[seat];
        for (int i = 0; i < f->pool_size && still; i++)
            if (f->owner[i] < 0 && !tileset_has(lacks, tile[i])) {
                f->owner[i] = (int8_t)seat;
                still--;
            }
        if (still) return false;
    }
    return true;
}

static bool augment(fill_t *f, int slot, uint8_t *visited)
{
    for (int i = 0; i < f->pool_size; i++) {
        if (visited[i] || !may_hold(f, f->slot_seat[slot], i)) continue;
        visited[i] = 1;
        if (f->slot_of_tile[i] < 0 || augment(f, f->slot_of_tile[i], visited)) {
            f->slot_of_tile[i] = (int16_t)slot;
            return true;
        }
    }
    return false;
}

/* Exact bipartite matching of slots to tiles (Kuhn); succeeds whenever any deal exists. */
static bool fill_matching(fill_t *f)
{
    const sampler_request_t *r = f->request;
    f->slot_count = 0;
    for (int seat = 0; seat < r->seats; seat++)
        for (int k = 0; k < r->need[seat] && f->slot_count < TILESET_MAX_BITS; k++)
            f->slot_seat[f->slot_count++] = (int8_t)seat;
    for (int i = 0; i < f->pool_size; i++) f->slot_of_tile[i] = -1;
    for (int slot = 0; slot < f->slot_count; slot++) {
        uint8_t visited[TILESET_MAX_BITS] = {0};
        if (!augment(f, slot, visited)) return false;
    }
    for (int i = 0; i < f->pool_size; i++) f->owner[i] = f->slot_of_tile[i] < 0 ? -1 : f->slot_seat[f->slot_of_tile[i]];
    return true;
}

bool sampler_deal(const sampler_request_t *request, uint8_t *pool, int count, pcg32_t *rng, int8_t *owner)
{
    fill_t f;
    f.request = request;
    f.pool = pool;
    f.pool_size = count;
    f.owner = owner;
    pcg32_shuffle_bytes(rng, pool, count);
    return fill_greedy(&f) || fill_matching(&f);
}

/* sampler_deal_word's deal to a single seat (a two-player game): the greedy fill's share,
 * the first `need` tiles of the shuffled pool the seat may hold, taken in one pass that
 * lists the rest as the stock. Where fewer are eligible, no matching can do better.
 * deal_word_greedy deals the same with one seat, but its order and arrays cost ismcts
 * instructions in 2-player Bergen, where every world goes to one seat
 * (docs/performance.md, "Why the code is shaped so"). */
static int deal_word_to_one(const sampler_request_t *request, int seat, const uint8_t *pool, int pool_size,
                            tileset_t *hand, uint8_t *stock)
{
    uint64_t lacks = request->lacks[seat].w[0], mine = 0; /* the pool's tiles lie in the first word */
    int still = request->need[seat], stock_size = 0;
    for (int i = 0; i < pool_size; i++) {
        int tile = pool[i];
        if (still > 0 && !(lacks >> tile & 1)) {
            mine |= (uint64_t)1 << tile;
            still--;
        } else {
            stock[stock_size++] = (uint8_t)tile;
        }
    }
    if (still > 0) return -1;
    hand[seat].w[0] |= mine;
    return stock_size;
}

/* sampler_deal_word's greedy fill in one pass over the shuffled pool: the seats of `order`
 * put most constrained first, as fill_greedy puts them, and each tile given to the first of
 * them that still needs tiles and may hold it, or else left in the stock. A seat then takes
 * the first tiles it may hold that no seat before it took, as fill_greedy's scan seat by
 * seat gives them: what a seat takes at a position depends only on the positions before.
 * Returns the stock's size, or -1 when a seat is left short (the matching may still deal);
 * the hands are written only on success. */
static int deal_word_greedy(const sampler_request_t *request, int *order, int count, const uint8_t *pool,
                            int pool_size, uint64_t pool_set, tileset_t *hand, uint8_t *stock)
{
    int eligible[SAMPLER_MAX_SEATS] = {0}; /* only the seats of `order` are read; GCC's -O2 cannot tell */
    for (int k = 0; k < count; k++)
        eligible[order[k]] = pool_size - __builtin_popcountll(request->lacks[order[k]].w[0] & pool_set);
    sort_by_eligible(NULL, NULL, eligible, order, count);
    uint64_t refuses[SAMPLER_MAX_SEATS], mine[SAMPLER_MAX_SEATS]; /* refuses: what it lacks, all once served */
    int still[SAMPLER_MAX_SEATS], stock_size = 0;
    for (int k = 0; k < count; k++) {
        refuses[k] = request->lacks[order[k]].w[0]; /* the pool's tiles lie in the first word */
        still[k] = request->need[order[k]];
        mine[k] = 0;
    }
    for (int i = 0; i < pool_size; i++) {
        int tile = pool[i], k = 0;
        while (k < count && (refuses[k] >> tile & 1)) k++;
        if (k == count) {
            stock[stock_size++] = (uint8_t)tile;
            continue;
        }
        mine[k] |= (uint64_t)1 << tile;
        if (--still[k] == 0) refuses[k] = ~(uint64_t)0;
    }
    for (int k = 0; k < count; k++)
        if (still[k] > 0) return -1;
    for (int k = 0; k < count; k++) hand[order[k]].w[0] |= mine[k];
    return stock_size;
}

/* sampler_deal_word where the greedy fill falls short: the exact matching of fill_matching,
 * its owners read into the hands and the stock. */
static int deal_word_matching(const sampler_request_t *request, const uint8_t *pool, int pool_size, tileset_t *hand,
                              uint8_t *stock)
{
    int8_t owner[64];
    fill_t f = {.request = request, .pool = pool, .pool_size = pool_size, .owner = owner};
    if (!fill_matching(&f)) return -1;
    int stock_size = 0;
    for (int i = 0; i < pool_size; i++) {
        if (owner[i] >= 0) hand[owner[i]].w[0] |= (uint64_t)1 << pool[i];
        else stock[stock_size++] = pool[i];
    }
    return stock_size;
}

/* Lists the tiles of `pool_set` in tile order into `pool`; returns how many. */
static inline int list_pool(uint64_t pool_set, uint8_t *pool)
{
    int pool_size = 0;
    for (uint64_t rest = pool_set; rest; rest &= rest - 1) pool[pool_size++] = (uint8_t)__builtin_ctzll(rest);
    return pool_size;
}

/* The number of tiles the seats receive in all, where some receive tiles and none of them
 * lacks a tile of the pool, else -1. */
static int dealt_in_turn(const sampler_request_t *request, uint64_t pool_set)
{
    int dealt = 0, receiving = 0;
    for (int seat = 0; seat < request->seats; seat++) {
        if (request->need[seat] == 0) continue;
        if (request->lacks[seat].w[0] & pool_set) return -1;
        dealt += request->need[seat];
        receiving++;
    }
    return receiving > 0 ? dealt : -1;
}

/* sampler_deal_word where no receiving seat lacks a tile of the pool and the pool holds
 * the `dealt` tiles they receive: the greedy fill (and deal_word_to_one) then gives the
 * receiving seats, in seat order, the shuffled pool's positions in turn, `need` each, and
 * leaves the rest as the stock. Each tile goes where it belongs as the shuffle fixes its
 * position (Fisher-Yates, as pcg32_shuffle_bytes, fixes the last position first): the same
 * draws and the same deal without a second pass over the pool and a test per seat and tile
 * (ismcts draws a world per iteration; in Partnership most have no seat known to lack a
 * tile). `listed`: the pool in tile order, `start[k]` the first position of order[k]'s
 * share (start[0] = 0). Shuffled in a copy of its own, and inlined: called with the lists as
 * arguments, it cost ismcts more instructions in Partnership (docs/performance.md, "Why
 * the code is shaped so"). */
static inline __attribute__((always_inline)) int deal_word_in_turn(const uint8_t *listed, int pool_size, int dealt,
                                                                   const int *order, int count, const int *start,
                                                                   pcg32_t *rng, tileset_t *hand, uint8_t *stock)
{
    uint8_t pool[64];
    memcpy(pool, listed, sizeof pool);
    pcg32_t local = *rng; /* the byte stores could alias *rng (pcg32_shuffle_bytes) */
    int i = pool_size - 1; /* pcg32_shuffle_bytes's steps, each tile taken as it is fixed */
    for (; i >= dealt; i--) stock[i - dealt] = pcg32_shuffle_step(&local, pool, i); /* dealt >= 1 */
    for (int k = count - 1; k > 0; k--) { /* start[k] >= 1: position 0 is order[0]'s */
        uint64_t mine = 0;
        for (; i >= start[k]; i--) mine |= (uint64_t)1 << pcg32_shuffle_step(&local, pool, i);
        hand[order[k]].w[0] |= mine;
    }
    uint64_t mine = 0;
    for (; i > 0; i--) mine |= (uint64_t)1 << pcg32_shuffle_step(&local, pool, i);
    hand[order[0]].w[0] |= mine | (uint64_t)1 << pool[0];
    *rng = local;
    return pool_size - dealt;
}

void sampler_plan_word(const sampler_request_t *request, uint64_t pool_set, sampler_word_plan_t *plan)
{
    plan->request = *request;
    plan->pool_set = pool_set;
    memset(plan->pool, 0, sizeof plan->pool);
    plan->pool_size = list_pool(pool_set, plan->pool);
    plan->count = receiving_seats(request, plan->order);
    int dealt = dealt_in_turn(request, pool_set);
    plan->dealt = dealt >= 0 && dealt <= plan->pool_size ? dealt : -1;
    for (int k = 0, position = 0; k < plan->count; position += request->need[plan->order[k]], k++)
        plan->start[k] = position;
}

int sampler_deal_planned(const sampler_word_plan_t *plan, pcg32_t *rng, tileset_t *hand, uint8_t *stock)
{
    if (plan->dealt >= 0)
        return deal_word_in_turn(plan->pool, plan->pool_size, plan->dealt, plan->order, plan->count, plan->start, rng,
                                 hand, stock);
    const sampler_request_t *request = &plan->request;
    uint8_t pool[64];
    memcpy(pool, plan->pool, sizeof pool);
    pcg32_shuffle_bytes(rng, pool, plan->pool_size);
    if (plan->count == 1) return deal_word_to_one(request, plan->order[0], pool, plan->pool_size, hand, stock);
    int order[SAMPLER_MAX_SEATS];
    memcpy(order, plan->order, sizeof order); /* deal_word_greedy sorts it */
    int stock_size = deal_word_greedy(request, order, plan->count, pool, plan->pool_size, plan->pool_set, hand, stock);
    return stock_size >= 0 ? stock_size : deal_word_matching(request, pool, plan->pool_size, hand, stock);
}

/* Search's worlds deal from a plan; the rest (Partnership's worlds drawn again for R2) make
 * one for each deal. */
int sampler_deal_word(const sampler_request_t *request, uint64_t pool_set, pcg32_t *rng, tileset_t *hand,
                      uint8_t *stock)
{
    sampler_word_plan_t plan;
    sampler_plan_word(request, pool_set, &plan);
    return sampler_deal_planned(&plan, rng, hand, stock);
}
