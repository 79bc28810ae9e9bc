/* partnership_determinize.c - what a seat of Partnership dominoes can see, and worlds drawn
 * at random that agree with it.
 *
 * There is no stock (R1): every tile the seat cannot see is in one of the three other
 * hands, and the partner's hand is as hidden as an opponent's. The history is kept as one
 * "lacks" set per seat (partnership.c): the numbers a seat passed on (R9), and the doubles
 * a starter is shown not to hold by a lead rule (R7); and, through the tiles each seat
 * placed, how many doubles a redeal's asking showed it was dealt (R2). engine/sampler.h deals the hidden
 * tiles so that every hand has its size and holds nothing it is known to lack.
 */
#include <string.h>

#include "partnership/partnership_internal.h"

const game_fact_t partnership_facts[1] = {
    [PT_FACT_OPENED] = {"opened", GAME_FACT_NUMBERS, true,
                        "per seat: the numbers his placements made an end show this hand (a player opens the "
                        "numbers he holds)"},
};

void partnership_observe(const void *state, int seat, game_observation_t *out)
{
    const partnership_state_t *s = state;
    /* every field of a line game is written below, each seat's and side's below `seats`
     * and `sides` only (game.h): search playouts observe at every step */
    out->seat = seat;
    out->seats = PARTNERSHIP_SEATS;
    out->sides = PARTNERSHIP_TEAMS;
    out->hand_number = s->hand_number;
    out->to_move = s->to_move;
    out->target = s->rules->target;
    out->score_sign = game_score_sign(&partnership_game, (const game_rules_t *)(const void *)s->rules);
    out->hand_end_points_max = -1; /* a hand's end credits the pips left: no bound kept */
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        out->side_of_seat[other] = partnership_team(other);
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->passes[other] = s->passes[other];
        out->facts[PT_FACT_OPENED + other] = s->opened[other];
        out->draws[other] = 0; /* no stock (R1) */
    }
    for (int team = 0; team < PARTNERSHIP_TEAMS; team++) out->score[team] = s->score[team];
    out->hand = s->hand[seat];
    out->table = s->table;
    out->table_count = s->table_count;
    out->unseen = tileset_minus(tileset_full(6), tileset_or(s->hand[seat], s->table));
    out->layout_kind = GAME_LAYOUT_LINE;
    out->stock_size = out->stock_drawable = 0;
    out->ends = (game_ends_t){.count = 2};
    for (int e = 0; e < 2; e++) {
        out->ends.number[e] = s->end_number[e];
        out->ends.is_double[e] = 0; /* doubles lie crosswise but score nothing here (R9) */
        out->ends.open[e] = 1;
        out->ends.placer[e] = s->end_placer[e];
    }
}

static int doubles_in(tileset_t hand) { return tileset_size(tileset_and(hand, tileset_doubles())); }

/* R2: whether `other` is known to have been dealt at least redeal_min_doubles (he was asked
 * about a redeal, optional mode), or fewer (his turn to be asked passed him by; or,
 * mandatory, the hand was not voided). 1, -1, or 0 when nothing is known. */
static int known_redeal(const partnership_state_t *s, int other)
{
    const partnership_rules_t *r = s->rules;
    if (r->redeal_min_doubles == 0 || s->status != GAME_IN_HAND) return 0;
    bool qualifies = doubles_in(tileset_or(s->hand[other], s->played[other])) >= r->redeal_min_doubles;
    if (r->redeal_mode == PT_REDEAL_MANDATORY) return -1;
    int position = (other - s->starter) & 3; /* asked in order from the starter */
    if (position >= s->redeal_asked) return 0;
    return qualifies ? 1 : -1;
}

/* Whether a drawn world keeps what the rules made public about doubles (R2). */
static bool world_agrees(const partnership_state_t *s, const partnership_state_t *world)
{
    for (int other = 0; other < PARTNERSHIP_SEATS; other++)
        if (known_redeal(s, other) < 0 &&
            doubles_in(tileset_or(world->hand[other], s->played[other])) >= s->rules->redeal_min_doubles)
            return false;
    return true;
}

/* Gives `count` random doubles of `free` (tile order, then the generator: public inputs
 * only) to fixed; returns what is left of free. */
static tileset_t give_doubles(tileset_t free, tileset_t lacks, int count, tileset_t *fixed, pcg32_t *rng)
{
    if (count <= 0) return free; /* most seats, most of the time: nothing to give, nothing drawn */
    tileset_t candidates = tileset_minus(tileset_and(free, tileset_doubles()), lacks);
    while (count-- > 0 && !tileset_is_empty(candidates)) {
        int pick = (int)pcg32_below(rng, (uint32_t)tileset_size(candidates));
        tileset_t rest = candidates;
        int tile = tileset_pop_lowest(&rest);
        while (pick-- > 0) tile = tileset_pop_lowest(&rest);
        tileset_add(fixed, tile);
        tileset_remove(&candidates, tile);
        tileset_remove(&free, tile);
    }
    return free;
}

/* The tiles that stay where they are, into fixed[] (the doubles to give aside): the seat's
 * own hand, and [6-6] with a starter who holds it and has not led yet (R3). Returns the
 * tiles left to deal. */
static tileset_t fixed_tiles(const partnership_state_t *s, int seat, tileset_t *fixed)
{
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) fixed[other] = tileset_empty();
    fixed[seat] = s->hand[seat];
    tileset_t free = tileset_minus(tileset_full(6), tileset_or(s->hand[seat], s->table));
    if (s->status == GAME_IN_HAND && s->table_count == 0 && s->starter_from_66 && s->starter != seat) {
        tileset_add(&fixed[s->starter], 27);
        tileset_remove(&free, 27);
    }
    return free;
}

/* The doubles the rules showed `other` to hold beyond its fixed tiles: one for a seat that
 * must lead a double (R7), and redeal_min_doubles dealt to a seat asked about a redeal
 * (R2), less those it has placed. */
static int doubles_owed(const partnership_state_t *s, int other, const tileset_t *fixed)
{
    const partnership_rules_t *r = s->rules;
    bool before_lead = s->status == GAME_IN_HAND && s->table_count == 0;
    int want = known_redeal(s, other) > 0 ? r->redeal_min_doubles - doubles_in(s->played[other]) : 0;
    if (before_lead && s->phase == PT_PHASE_LEAD && s->lead_kind == PT_LEAD_DOUBLE && s->to_move == other && want < 1)
        want = 1;
    return want - doubles_in(fixed[other]);
}

/* The sampler's request for the tiles left once fixed[] is placed. The pool is the set
 * `free` (the sampler lists it in tile order), so the world depends only on what the seat
 * knows (tests/test_agent_privacy.c). */
static void world_request(const partnership_state_t *s, int seat, const tileset_t *fixed, sampler_request_t *request)
{
    const partnership_rules_t *r = s->rules;
    request->seats = PARTNERSHIP_SEATS; /* not cleared: the sampler reads the four seats only (bergen_determinize) */
    request->tile_of = NULL;
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        request->need[other] = s->hand_count[other] - tileset_size(fixed[other]);
        request->lacks[other] = s->lacks[other];
        /* A seat known to have been dealt fewer than redeal_min_doubles that has no double
         * left to receive lacks them all: exact, where drawing again rarely succeeds. */
        if (other != seat && known_redeal(s, other) < 0 &&
            doubles_in(tileset_or(fixed[other], s->played[other])) >= r->redeal_min_doubles - 1)
            request->lacks[other] = tileset_or(request->lacks[other], tileset_doubles());
    }
}

/* One world: fixed tiles first, the rest through the sampler. False if none agrees with
 * the lacks (then the world is left as the real one). */
static bool draw_world(const partnership_state_t *s, int seat, pcg32_t *rng, partnership_state_t *world)
{
    tileset_t fixed[PARTNERSHIP_SEATS];
    tileset_t free = fixed_tiles(s, seat, fixed);
    for (int other = 0; s->status == GAME_IN_HAND && other < PARTNERSHIP_SEATS; other++)
        if (other != seat) free = give_doubles(free, s->lacks[other], doubles_owed(s, other, fixed), &fixed[other], rng);
    sampler_request_t request;
    world_request(s, seat, fixed, &request);
    /* the double-six's 28 tiles lie in the sets' first word, and no tile stays undealt */
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) world->hand[other] = fixed[other];
    uint8_t undealt[PARTNERSHIP_TILES];
    return sampler_deal_word(&request, free.w[0], rng, world->hand, undealt) >= 0;
}

enum { WORLD_ATTEMPTS = 64 };

/* Planned where no seat is given doubles at random (give_doubles draws nothing then) and
 * none is known to have been dealt too few (world_agrees then holds for every world). */
void partnership_plan_worlds(const void *state, int seat, void *plan_data)
{
    const partnership_state_t *s = state;
    partnership_world_plan_t *plan = plan_data;
    plan->state = s;
    plan->seat = seat;
    tileset_t free = fixed_tiles(s, seat, plan->fixed);
    plan->planned = true;
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        if (known_redeal(s, other) < 0) plan->planned = false;
        if (other != seat && s->status == GAME_IN_HAND && doubles_owed(s, other, plan->fixed) > 0) plan->planned = false;
    }
    if (!plan->planned) return;
    sampler_request_t request;
    world_request(s, seat, plan->fixed, &request);
    sampler_plan_word(&request, free.w[0], &plan->words);
}

void partnership_draw_world(const void *plan_data, pcg32_t *rng, void *out_state)
{
    const partnership_world_plan_t *plan = plan_data;
    const partnership_state_t *s = plan->state;
    partnership_state_t *world = out_state;
    memcpy(world, s, sizeof *world);
    pcg32_seed(&world->rng, ((uint64_t)pcg32_next(rng) << 32) | pcg32_next(rng), pcg32_next(rng));
    if (plan->planned) {
        for (int other = 0; other < PARTNERSHIP_SEATS; other++) world->hand[other] = plan->fixed[other];
        uint8_t undealt[PARTNERSHIP_TILES];
        if (sampler_deal_planned(&plan->words, rng, world->hand, undealt) < 0)
            memcpy(world->hand, s->hand, sizeof world->hand); /* keep the real world: lacks are true of it */
        return;
    }
    /* A seat known to hold fewer doubles than a redeal needs (R2) is rarely dealt that many
     * at random: draw again, a few times, and keep the last world otherwise. */
    for (int attempt = 0; attempt < WORLD_ATTEMPTS; attempt++) {
        if (!draw_world(s, plan->seat, rng, world)) {
            memcpy(world->hand, s->hand, sizeof world->hand); /* keep the real world: lacks are true of it */
            return;
        }
        if (world_agrees(s, world)) return;
    }
}

void partnership_determinize(const void *state, int seat, pcg32_t *rng, void *out_state)
{
    partnership_world_plan_t plan;
    partnership_plan_worlds(state, seat, &plan);
    partnership_draw_world(&plan, rng, out_state);
}

int partnership_hand_tiles(const void *world, int seat, uint8_t *out)
{
    const partnership_state_t *s = world;
    int count = 0;
    for (tileset_t hand = s->hand[seat]; !tileset_is_empty(hand);) out[count++] = (uint8_t)tileset_pop_lowest(&hand);
    return count;
}

/* Every tile is in a hand or on the table: a listed tile the seat lacks comes from another
 * hidden hand. */
bool partnership_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count)
{
    partnership_state_t *s = world;
    if (count != s->hand_count[seat]) return false;
    tileset_t wanted = tileset_empty();
    for (int i = 0; i < count; i++) {
        if (tiles[i] >= PARTNERSHIP_TILES || tileset_has(wanted, tiles[i])) return false;
        tileset_add(&wanted, tiles[i]);
    }
    tileset_t spare = tileset_minus(s->hand[seat], wanted), missing = tileset_minus(wanted, s->hand[seat]);
    while (!tileset_is_empty(missing)) {
        int tile = tileset_pop_lowest(&missing), holder = -1;
        for (int other = 0; other < PARTNERSHIP_SEATS && holder < 0; other++)
            if (other != seat && other != observer && tileset_has(s->hand[other], tile)) holder = other;
        if (holder < 0 || tileset_is_empty(spare)) return false;
        int given = tileset_pop_lowest(&spare);
        tileset_remove(&s->hand[holder], tile);
        tileset_add(&s->hand[holder], given);
        tileset_remove(&s->hand[seat], given);
        tileset_add(&s->hand[seat], tile);
    }
    return true;
}
