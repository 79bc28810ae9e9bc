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

/* Most constrained seats first: each takes the first tiles it may hold. Search draws a
 * world per iteration, and in a two-player game only one seat's hand is hidden: its
 * count of eligible tiles orders nothing, and is not taken. */
static bool fill_greedy(fill_t *f)
{
    const sampler_request_t *r = f->request;
    uint8_t tile[TILESET_MAX_BITS]; /* each entry's tile, as the lacks name it */
    for (int i = 0; i < f->pool_size; i++) tile[i] = r->tile_of ? r->tile_of[f->pool[i]] : f->pool[i];
    int order[SAMPLER_MAX_SEATS], eligible[SAMPLER_MAX_SEATS], count = 0;
    for (int seat = 0; seat < r->seats; seat++)
        if (r->need[seat]) order[count++] = seat;
    if (count > 1) {
        count = 0;
        for (int seat = 0; seat < r->seats; seat++) {
            if (!r->need[seat]) continue;
            eligible[seat] = eligible_count(f, tile, seat);
            int k = count++;
            while (k > 0 && eligible[order[k - 1]] > eligible[seat]) {
                order[k] = order[k - 1];
                k--;
            }
            order[k] = seat;
        }
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
