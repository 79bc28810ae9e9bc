/* test_sampler.c - Check suite for engine/sampler.{h,c}: consistent deals of hidden tiles.
 *
 * What is pinned down:
 *   - every deal it returns agrees with the request: each seat receives exactly what it
 *     needs, no seat a tile it lacks, every entry at most once;
 *   - the deal is the one the plain rule gives (reference_deal below, written from
 *     sampler.h: the pool shuffled, then the most constrained seats first, each taking the
 *     first entries it may hold, with an exact matching where that greedy fill fails). The
 *     sampler has a faster fill for pools of distinct tiles, on one word up to 64 entries
 *     and on two beyond (both tested), and a form for pools given as one word that writes
 *     hands and the stock (tested against sampler_deal); search agents' decisions, and so
 *     every signature, depend on it dealing exactly the same tiles;
 *   - it says so when no deal exists, and finds one whenever one does.
 * The requests are random, from fixed seeds, over every shape the games ask: one to four
 * receiving seats, a stock or none, few or many lacks, distinct tiles or copies.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sampler.h"

enum { ROUNDS = 20000, MAX_POOL = 60 };

/* ---- the reference: the rule of sampler.h, spelt out without any shortcut ---- */

static int tile_of_entry(const sampler_request_t *r, const uint8_t *pool, int i)
{
    return r->tile_of ? r->tile_of[pool[i]] : pool[i];
}

static bool may_hold(const sampler_request_t *r, const uint8_t *pool, int seat, int i)
{
    return !tileset_has(r->lacks[seat], tile_of_entry(r, pool, i));
}

static bool reference_greedy(const sampler_request_t *r, const uint8_t *pool, int count, int8_t *owner)
{
    int order[SAMPLER_MAX_SEATS], eligible[SAMPLER_MAX_SEATS], seats = 0;
    for (int seat = 0; seat < r->seats; seat++) {
        if (!r->need[seat]) continue;
        eligible[seat] = 0;
        for (int i = 0; i < count; i++) eligible[seat] += may_hold(r, pool, seat, i);
        int k = seats++;
        while (k > 0 && eligible[order[k - 1]] > eligible[seat]) { /* stable: ties in seat order */
            order[k] = order[k - 1];
            k--;
        }
        order[k] = seat;
    }
    for (int i = 0; i < count; i++) owner[i] = -1;
    for (int k = 0; k < seats; k++) {
        int seat = order[k], still = r->need[seat];
        for (int i = 0; i < count && still; i++)
            if (owner[i] < 0 && may_hold(r, pool, seat, i)) {
                owner[i] = (int8_t)seat;
                still--;
            }
        if (still) return false;
    }
    return true;
}

typedef struct matching {
    const sampler_request_t *request;
    const uint8_t *pool;
    int count, slots;
    int8_t slot_seat[TILESET_MAX_BITS];
    int slot_of_entry[TILESET_MAX_BITS];
} matching_t;

static bool reference_augment(matching_t *m, int slot, bool *visited)
{
    for (int i = 0; i < m->count; i++) {
        if (visited[i] || !may_hold(m->request, m->pool, m->slot_seat[slot], i)) continue;
        visited[i] = true;
        if (m->slot_of_entry[i] < 0 || reference_augment(m, m->slot_of_entry[i], visited)) {
            m->slot_of_entry[i] = slot;
            return true;
        }
    }
    return false;
}

static bool reference_matching(const sampler_request_t *r, const uint8_t *pool, int count, int8_t *owner)
{
    matching_t m = {.request = r, .pool = pool, .count = count};
    for (int seat = 0; seat < r->seats; seat++)
        for (int k = 0; k < r->need[seat]; k++) m.slot_seat[m.slots++] = (int8_t)seat;
    for (int i = 0; i < count; i++) m.slot_of_entry[i] = -1;
    for (int slot = 0; slot < m.slots; slot++) {
        bool visited[TILESET_MAX_BITS] = {false};
        if (!reference_augment(&m, slot, visited)) return false;
    }
    for (int i = 0; i < count; i++) owner[i] = m.slot_of_entry[i] < 0 ? -1 : m.slot_seat[m.slot_of_entry[i]];
    return true;
}

static bool reference_deal(const sampler_request_t *r, uint8_t *pool, int count, pcg32_t *rng, int8_t *owner)
{
    pcg32_shuffle_bytes(rng, pool, count);
    return reference_greedy(r, pool, count, owner) || reference_matching(r, pool, count, owner);
}

/* ---- random requests ---- */

/* A request over a pool of 1 to `max_pool` entries: with `copies`, entries name tiles
 * through tile_of, two entries per tile (two sets); the seats' needs take at most the pool. */
static void random_request(pcg32_t *rng, sampler_request_t *r, uint8_t *pool, int *count, bool copies,
                           uint8_t *tile_of, int max_pool)
{
    *count = 1 + (int)pcg32_below(rng, (uint32_t)max_pool);
    for (int i = 0; i < *count; i++) pool[i] = (uint8_t)i; /* in tile order, as the games list them */
    if (copies)
        for (int i = 0; i < TILESET_MAX_BITS; i++) tile_of[i] = (uint8_t)(i / 2);
    r->tile_of = copies ? tile_of : NULL;
    r->seats = 2 + (int)pcg32_below(rng, 3);
    int left = *count;
    bool stock = pcg32_below(rng, 2); /* some entries stay with nobody */
    for (int seat = 0; seat < r->seats; seat++) {
        int most = stock ? left / 2 : left / (r->seats - seat);
        r->need[seat] = pcg32_below(rng, 4) == 0 ? 0 : (int)pcg32_below(rng, (uint32_t)most + 1);
        left -= r->need[seat];
        r->lacks[seat] = tileset_empty();
        int lacked = (int)pcg32_below(rng, 4) * (int)pcg32_below(rng, (uint32_t)*count / 3 + 1);
        for (int k = 0; k < lacked; k++) tileset_add(&r->lacks[seat], (int)pcg32_below(rng, (uint32_t)*count));
    }
    if (!stock && left > 0) r->need[r->seats - 1] += left; /* every entry is dealt */
}

static void check_agrees(const sampler_request_t *r, const uint8_t *pool, int count, const int8_t *owner)
{
    int received[SAMPLER_MAX_SEATS] = {0};
    for (int i = 0; i < count; i++) {
        if (owner[i] < 0) continue;
        ck_assert_int_lt(owner[i], r->seats);
        ck_assert_msg(may_hold(r, pool, owner[i], i), "seat %d receives tile %d, which it lacks", owner[i],
                      tile_of_entry(r, pool, i));
        received[owner[i]]++;
    }
    for (int seat = 0; seat < r->seats; seat++)
        ck_assert_msg(received[seat] == r->need[seat], "seat %d receives %d tiles, needs %d", seat, received[seat],
                      r->need[seat]);
}

static void check_against_reference(bool copies, uint64_t seed, int max_pool)
{
    pcg32_t requests;
    pcg32_seed(&requests, seed, 7);
    int dealt = 0, impossible = 0, several = 0;
    for (int round = 0; round < ROUNDS; round++) {
        sampler_request_t request;
        uint8_t pool[TILESET_MAX_BITS], reference_pool[TILESET_MAX_BITS], tile_of[TILESET_MAX_BITS];
        int8_t owner[TILESET_MAX_BITS], reference_owner[TILESET_MAX_BITS];
        int count;
        random_request(&requests, &request, pool, &count, copies, tile_of, max_pool);
        memcpy(reference_pool, pool, (size_t)count);
        pcg32_t rng, reference_rng;
        pcg32_seed(&rng, seed + (uint64_t)round, 11);
        reference_rng = rng;
        bool found = sampler_deal(&request, pool, count, &rng, owner);
        bool reference_found = reference_deal(&request, reference_pool, count, &reference_rng, reference_owner);
        ck_assert_msg(found == reference_found, "round %d: the sampler %s a deal, the rule %s one", round,
                      found ? "finds" : "misses", reference_found ? "finds" : "has no");
        ck_assert_msg(memcmp(pool, reference_pool, (size_t)count) == 0, "round %d: the pool is shuffled differently",
                      round);
        ck_assert_msg(rng.state == reference_rng.state, "round %d: the generator moved differently", round);
        if (!found) {
            impossible++;
            continue;
        }
        ck_assert_msg(memcmp(owner, reference_owner, (size_t)count) == 0, "round %d: a different deal", round);
        check_agrees(&request, pool, count, owner);
        int receiving = 0;
        for (int seat = 0; seat < request.seats; seat++) receiving += request.need[seat] > 0;
        several += receiving > 1;
        dealt++;
    }
    /* the requests reach every case: deals, impossible requests, several seats at once */
    ck_assert_int_gt(dealt, ROUNDS / 2);
    ck_assert_int_gt(impossible, 0);
    ck_assert_int_gt(several, ROUNDS / 4);
}

START_TEST(test_distinct_tiles_deal_as_the_rule)
{
    check_against_reference(false, 2026, MAX_POOL);
}
END_TEST

START_TEST(test_copies_deal_as_the_rule)
{
    check_against_reference(true, 1125, MAX_POOL);
}
END_TEST

/* Pools of more than 64 distinct tiles (a double-twelve or double-fifteen set), whose
 * positions the sampler's distinct fill keeps in two words rather than one. */
START_TEST(test_large_pools_deal_as_the_rule)
{
    check_against_reference(false, 1916, TILESET_MAX_BITS);
}
END_TEST

/* A random request of random_request's shapes over distinct tiles, its entries moved to a
 * random set of tiles below 64 (in tile order), the lacks with them, and a few lacks of
 * tiles outside the pool: what sampler_deal_word is given. Returns the pool's set. */
static uint64_t random_word_request(pcg32_t *rng, sampler_request_t *r, uint8_t *pool, int *count)
{
    random_request(rng, r, pool, count, false, NULL, MAX_POOL);
    uint8_t tile_of_index[64];
    uint64_t pool_set = 0;
    for (int chosen = 0; chosen < *count;) { /* `count` distinct tiles, then listed in order */
        int tile = (int)pcg32_below(rng, 64);
        if (!(pool_set >> tile & 1)) {
            pool_set |= (uint64_t)1 << tile;
            chosen++;
        }
    }
    int k = 0;
    for (uint64_t rest = pool_set; rest; rest &= rest - 1) tile_of_index[k++] = (uint8_t)__builtin_ctzll(rest);
    for (int seat = 0; seat < r->seats; seat++) {
        tileset_t lacks = tileset_empty();
        for (tileset_t old = r->lacks[seat]; !tileset_is_empty(old);)
            tileset_add(&lacks, tile_of_index[tileset_pop_lowest(&old)]);
        if (pcg32_below(rng, 2)) tileset_add(&lacks, (int)pcg32_below(rng, 64)); /* in the pool or not */
        r->lacks[seat] = lacks;
    }
    for (int i = 0; i < *count; i++) pool[i] = tile_of_index[i];
    return pool_set;
}

/* sampler_deal_word deals what sampler_deal deals for the same pool, listed in tile order:
 * the same shuffle and generator, each seat's tiles added to what its hand held, the
 * undealt tiles in their shuffled order, and no deal where there is none; where no receiving
 * seat lacks a tile of the pool (the seats then take the pool in turn) too. */
START_TEST(test_word_deals_as_the_rule)
{
    pcg32_t requests;
    pcg32_seed(&requests, 64, 7);
    int dealt = 0, impossible = 0, stocks = 0, to_one = 0, impossible_to_one = 0, in_turn = 0, in_turn_to_one = 0;
    for (int round = 0; round < ROUNDS; round++) {
        sampler_request_t request;
        uint8_t pool[TILESET_MAX_BITS], stock[64];
        int8_t owner[TILESET_MAX_BITS];
        int count;
        uint64_t pool_set = random_word_request(&requests, &request, pool, &count);
        int receiving = 0; /* a single receiving seat takes a path of its own (two players) */
        bool lacks_in_pool = false; /* where none does, the seats take the shuffled pool in turn */
        for (int seat = 0; seat < request.seats; seat++) {
            receiving += request.need[seat] > 0;
            lacks_in_pool |= request.need[seat] > 0 && (request.lacks[seat].w[0] & pool_set) != 0;
        }
        tileset_t hand[SAMPLER_MAX_SEATS], held_before[SAMPLER_MAX_SEATS];
        for (int seat = 0; seat < request.seats; seat++) { /* tiles held already, outside the pool */
            held_before[seat] = (tileset_t){{~pool_set & pcg32_next(&requests), (uint64_t)seat}};
            hand[seat] = held_before[seat];
        }
        pcg32_t rng, reference_rng, planned_rng;
        pcg32_seed(&rng, (uint64_t)round, 13);
        reference_rng = planned_rng = rng;
        tileset_t planned_hand[SAMPLER_MAX_SEATS];
        uint8_t planned_stock[64];
        memcpy(planned_hand, hand, sizeof planned_hand);
        int stock_size = sampler_deal_word(&request, pool_set, &rng, hand, stock);
        /* the same deal in two steps (a plan, then the deal from it) */
        sampler_word_plan_t plan;
        sampler_plan_word(&request, pool_set, &plan);
        int planned_stock_size = sampler_deal_planned(&plan, &planned_rng, planned_hand, planned_stock);
        ck_assert_msg(planned_stock_size == stock_size && planned_rng.state == rng.state,
                      "round %d: the deal from a plan differs in its stock or its draws", round);
        for (int seat = 0; stock_size >= 0 && seat < request.seats; seat++)
            ck_assert_msg(tileset_equal(planned_hand[seat], hand[seat]), "round %d: the plan deals seat %d otherwise",
                          round, seat);
        ck_assert_msg(stock_size < 0 || memcmp(planned_stock, stock, (size_t)stock_size) == 0,
                      "round %d: the plan's stock differs", round);
        /* a second deal from the same plan: the plan is left as it was */
        tileset_t again_hand[SAMPLER_MAX_SEATS], again_planned_hand[SAMPLER_MAX_SEATS];
        uint8_t again_stock[64];
        memcpy(again_hand, held_before, sizeof again_hand);
        memcpy(again_planned_hand, held_before, sizeof again_planned_hand);
        pcg32_t again_rng = rng;
        int again_size = sampler_deal_word(&request, pool_set, &again_rng, again_hand, again_stock);
        ck_assert_int_eq(sampler_deal_planned(&plan, &planned_rng, again_planned_hand, planned_stock), again_size);
        ck_assert_msg(again_size < 0 || memcmp(planned_stock, again_stock, (size_t)again_size) == 0,
                      "round %d: a plan's second stock differs", round);
        for (int seat = 0; again_size >= 0 && seat < request.seats; seat++)
            ck_assert_msg(tileset_equal(again_planned_hand[seat], again_hand[seat]),
                          "round %d: a plan's second deal gives seat %d otherwise", round, seat);
        bool found = sampler_deal(&request, pool, count, &reference_rng, owner);
        ck_assert_msg((stock_size >= 0) == found, "round %d: the word sampler %s a deal, sampler_deal %s", round,
                      stock_size >= 0 ? "finds" : "misses", found ? "finds one" : "has none");
        ck_assert_msg(rng.state == reference_rng.state, "round %d: the generator moved differently", round);
        if (!found) {
            impossible++;
            impossible_to_one += receiving == 1;
            continue;
        }
        to_one += receiving == 1;
        in_turn += !lacks_in_pool && receiving > 1;
        in_turn_to_one += !lacks_in_pool && receiving == 1;
        int expected_stock = 0;
        for (int seat = 0; seat < request.seats; seat++) {
            tileset_t expected = held_before[seat];
            for (int i = 0; i < count; i++)
                if (owner[i] == seat) tileset_add(&expected, pool[i]);
            ck_assert_msg(tileset_equal(hand[seat], expected), "round %d: seat %d is dealt differently", round, seat);
        }
        for (int i = 0; i < count; i++)
            if (owner[i] < 0) {
                ck_assert_msg(expected_stock < stock_size && stock[expected_stock] == pool[i],
                              "round %d: the stock differs at %d", round, expected_stock);
                expected_stock++;
            }
        ck_assert_int_eq(stock_size, expected_stock);
        stocks += stock_size > 0;
        dealt++;
    }
    ck_assert_int_gt(dealt, ROUNDS / 2);
    ck_assert_int_gt(impossible, 0);
    ck_assert_int_gt(stocks, ROUNDS / 4);
    ck_assert_int_gt(to_one, ROUNDS / 20);
    ck_assert_int_gt(impossible_to_one, 0);
    ck_assert_int_gt(in_turn, ROUNDS / 50);
    ck_assert_int_gt(in_turn_to_one, ROUNDS / 50);
}
END_TEST

/* Hand-checked: seat 0 lacks tiles 0-2, so of the shuffled pool it must take tile 3, and
 * seat 1 (needing two) the rest; a seat lacking every tile makes the request impossible. */
START_TEST(test_small_requests)
{
    sampler_request_t request = {.seats = 2, .need = {1, 3}};
    for (int tile = 0; tile < 3; tile++) tileset_add(&request.lacks[0], tile);
    uint8_t pool[4] = {0, 1, 2, 3};
    int8_t owner[4];
    pcg32_t rng;
    pcg32_seed(&rng, 5, 5);
    ck_assert(sampler_deal(&request, pool, 4, &rng, owner));
    for (int i = 0; i < 4; i++) ck_assert_int_eq(owner[i], pool[i] == 3 ? 0 : 1);

    for (int tile = 0; tile < 4; tile++) tileset_add(&request.lacks[0], tile);
    ck_assert(!sampler_deal(&request, pool, 4, &rng, owner));
}
END_TEST

static Suite *sampler_suite(void)
{
    Suite *s = suite_create("sampler");
    TCase *tc = tcase_create("deals");
    tcase_add_test(tc, test_distinct_tiles_deal_as_the_rule);
    tcase_add_test(tc, test_copies_deal_as_the_rule);
    tcase_add_test(tc, test_large_pools_deal_as_the_rule);
    tcase_add_test(tc, test_word_deals_as_the_rule);
    tcase_add_test(tc, test_small_requests);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sampler_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
