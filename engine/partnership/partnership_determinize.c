/* partnership_determinize.c - what a seat of Partnership dominoes can see, and worlds drawn
 * at random that agree with it.
 *
 * There is no stock (R1): every tile the seat cannot see is in one of the three other
 * hands, and the partner's hand is as hidden as an opponent's. The history is kept as one
 * "lacks" set per seat (partnership.c): the numbers a seat passed on (R9), and the doubles
 * a starter is shown not to hold by a lead rule (R7). engine/sampler.h deals the hidden
 * tiles so that every hand has its size and holds nothing it is known to lack.
 */
#include <string.h>

#include "partnership/partnership.h"
#include "sampler.h"

void partnership_observe(const void *state, int seat, game_observation_t *out)
{
    const partnership_state_t *s = state;
    memset(out, 0, sizeof *out);
    out->seat = seat;
    out->seats = PARTNERSHIP_SEATS;
    out->sides = PARTNERSHIP_TEAMS;
    out->hand_number = s->hand_number;
    out->to_move = s->to_move;
    out->target = s->rules->target;
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        out->side_of_seat[other] = partnership_team(other);
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->passes[other] = s->passes[other];
    }
    for (int team = 0; team < PARTNERSHIP_TEAMS; team++) out->score[team] = s->score[team];
    out->hand = s->hand[seat];
    out->table = s->table;
    out->table_count = s->table_count;
    out->unseen = tileset_minus(tileset_full(6), tileset_or(s->hand[seat], s->table));
    out->layout_kind = GAME_LAYOUT_LINE;
    out->ends.count = 2;
    for (int e = 0; e < 2; e++) {
        out->ends.number[e] = s->end_number[e];
        out->ends.is_double[e] = 0; /* doubles lie crosswise but score nothing here (R9) */
        out->ends.open[e] = 1;
    }
}

void partnership_determinize(const void *state, int seat, pcg32_t *rng, void *out_state)
{
    const partnership_state_t *s = state;
    partnership_state_t *world = out_state;
    memcpy(world, s, sizeof *world);
    pcg32_seed(&world->rng, ((uint64_t)pcg32_next(rng) << 32) | pcg32_next(rng), pcg32_next(rng));

    /* Fixed: the seat's own hand, and [6-6] in the hand of a starter about to lead it (R3). */
    tileset_t fixed[PARTNERSHIP_SEATS] = {{{0, 0}}};
    fixed[seat] = s->hand[seat];
    if (s->status == GAME_IN_HAND && s->phase == PT_PHASE_LEAD && s->lead_kind == PT_LEAD_66 && s->to_move != seat)
        tileset_add(&fixed[s->to_move], 27);

    /* The pool in tile order, so the world depends only on what the seat knows
     * (tests/test_agent_privacy.c). */
    sampler_request_t request = {.seats = PARTNERSHIP_SEATS, .tile_of = NULL};
    tileset_t hidden_tiles = tileset_empty();
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        tileset_t hidden = tileset_minus(s->hand[other], fixed[other]);
        request.need[other] = tileset_size(hidden);
        request.lacks[other] = s->lacks[other];
        hidden_tiles = tileset_or(hidden_tiles, hidden);
    }
    uint8_t pool[PARTNERSHIP_TILES];
    int8_t owner[PARTNERSHIP_TILES];
    int pool_size = 0;
    while (!tileset_is_empty(hidden_tiles)) pool[pool_size++] = (uint8_t)tileset_pop_lowest(&hidden_tiles);
    if (!sampler_deal(&request, pool, pool_size, rng, owner)) return; /* keep the real world: lacks are true of it */
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) world->hand[other] = fixed[other];
    for (int i = 0; i < pool_size; i++)
        if (owner[i] >= 0) tileset_add(&world->hand[owner[i]], pool[i]);
}
