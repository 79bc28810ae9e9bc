/* bingo_determinize.c - what a seat of Bingo sees, and the worlds drawn for it (bingo.h).
 *
 * Public: the trump and the turned tile; the face-up tile while it lies there, and who took
 * it; every trick's tiles and so each side's captures and points; melds, so the doubles
 * shown and still held; and what a closed-phase follow proved a seat lacks (R12). Hidden:
 * the other hand and the face-down stock (after a close, the out-of-play tiles).
 */
#include <string.h>

#include "bingo/bingo.h"

static inline uint64_t bit(int tile) { return (uint64_t)1 << tile; }
static const uint64_t ALL_TILES = ((uint64_t)1 << BINGO_TILES) - 1;

/* Tiles of `seat`'s opponent that everyone knows he holds. */
static uint64_t known_held(const bingo_state_t *s, int seat)
{
    uint64_t known = s->melded[seat] & s->hand[seat]; /* R15: shown doubles stay in hand, public */
    if (s->face_up_taker == seat && s->hand[seat] >> s->turned & 1) known |= bit(s->turned);
    return known;
}

/* What may be in the other hand or the stock: the turned tile is seen while it lies face
 * up or out of play after a close, and in the other hand once he took it (R10). */
static uint64_t unseen_by(const bingo_state_t *s, int seat)
{
    uint64_t seen = s->hand[seat] | s->won[0] | s->won[1];
    if (s->face_up >= 0) seen |= bit(s->turned);
    if (s->phase == BI_PHASE_FOLLOW && s->led >= 0) seen |= bit(s->led);
    return ALL_TILES & ~seen;
}

const game_fact_t bingo_facts[1] = {
    [BI_FACT_HAND_TARGET] = {"hand_target", GAME_FACT_NUMBER, false,
                             "hand points at which a side may end the hand (R16: 70)"},
};

void bingo_observe(const void *state, int seat, game_observation_t *out)
{
    const bingo_state_t *s = state;
    /* every field of both seats is written below, and none past them (game.h): no memset of
     * the whole observation, which is sized for eight seats (search playouts observe at
     * every step) */
    out->seat = seat;
    out->seats = out->sides = BINGO_SEATS;
    out->hand_number = s->hand_number;
    out->to_move = s->to_move;
    out->target = s->rules->target_game_points;
    out->score_sign = 1;
    out->hand_end_points_max = -1; /* game points come at the hand's end: no bound kept */
    int face_down = BINGO_TILES - s->stock_next;
    out->stock_size = face_down + (s->face_up >= 0);
    out->stock_drawable = bingo_closed_phase(s) ? 0 : out->stock_size;
    out->hand = (tileset_t){{s->hand[seat], 0}};
    out->unseen = (tileset_t){{unseen_by(s, seat), 0}};
    out->layout_kind = GAME_LAYOUT_TRICK;
    out->tricks.trump = s->trump;
    out->tricks.face_up = s->closer >= 0 ? -1 : s->face_up; /* R11: turned face down by a close */
    out->tricks.closed = bingo_closed_phase(s);
    out->tricks.leader = s->leader;
    out->tricks.led = s->phase == BI_PHASE_FOLLOW ? s->led : -1;
    out->facts[BI_FACT_HAND_TARGET] = BINGO_WIN_POINTS; /* R16: the same in every configuration */
    uint64_t table = 0;
    for (int side = 0; side < BINGO_SEATS; side++) {
        out->side_of_seat[side] = side;
        out->score[side] = s->game_points[side];
        out->hand_size[side] = __builtin_popcountll(s->hand[side]);
        out->lacks[side] = (tileset_t){{s->lacks[side], 0}};
        out->draws[side] = out->passes[side] = 0; /* no stock turns */
        out->tricks.won[side] = (tileset_t){{s->won[side], 0}};
        out->tricks.shown[side] = (tileset_t){{s->melded[side] & s->hand[side], 0}};
        out->tricks.hand_points[side] = s->points[side];
        table |= s->won[side];
    }
    if (s->phase == BI_PHASE_FOLLOW && s->led >= 0) table |= bit(s->led);
    out->table = (tileset_t){{table, 0}};
    out->table_count = __builtin_popcountll(table);
}

/* The other hand gets what it is known to hold, then tiles it may hold at random; the rest
 * of the unseen tiles fill the stock's places (face-down, or out of play after a close). */
void bingo_plan_worlds(const void *state, int seat, void *plan_data)
{
    const bingo_state_t *s = state;
    bingo_world_plan_t *plan = plan_data;
    plan->state = s;
    int opponent = plan->opponent = 1 - seat;
    plan->known = known_held(s, opponent);
    plan->pool = unseen_by(s, seat) & ~plan->known;
    uint64_t may_hold = plan->pool & ~s->lacks[opponent];
    plan->candidate_count = 0;
    for (uint64_t tiles = may_hold; tiles; tiles &= tiles - 1)
        plan->candidates[plan->candidate_count++] = (uint8_t)__builtin_ctzll(tiles);
    plan->needed = __builtin_popcountll(s->hand[opponent]) - __builtin_popcountll(plan->known);
}

void bingo_draw_world(const void *plan_data, pcg32_t *rng, void *out_state)
{
    const bingo_world_plan_t *plan = plan_data;
    const bingo_state_t *s = plan->state;
    bingo_state_t *w = out_state;
    memcpy(w, s, sizeof *w);
    uint8_t candidates[BINGO_TILES], rest[BINGO_TILES];
    memcpy(candidates, plan->candidates, sizeof candidates);
    pcg32_shuffle_bytes(rng, candidates, plan->candidate_count);
    uint64_t hand = plan->known;
    for (int k = 0; k < plan->needed && k < plan->candidate_count; k++) hand |= bit(candidates[k]);
    w->hand[plan->opponent] = hand;
    int rest_count = 0;
    for (uint64_t tiles = plan->pool & ~hand; tiles; tiles &= tiles - 1) rest[rest_count++] = (uint8_t)__builtin_ctzll(tiles);
    pcg32_shuffle_bytes(rng, rest, rest_count);
    /* the stock's places: the face-down tiles not yet drawn (the turned tile keeps its own) */
    int places = BINGO_TILES - s->stock_next;
    if (places > rest_count) places = rest_count;
    if (places > 0) memcpy(w->deck + s->stock_next, rest, (size_t)places); /* one call, not a byte per round */
}

void bingo_determinize(const void *state, int seat, pcg32_t *rng, void *out_state)
{
    bingo_world_plan_t plan;
    bingo_plan_worlds(state, seat, &plan);
    bingo_draw_world(&plan, rng, out_state);
}

int bingo_hand_tiles(const void *world, int seat, uint8_t *out)
{
    const bingo_state_t *s = world;
    int count = 0;
    for (uint64_t hand = s->hand[seat]; hand; hand &= hand - 1) out[count++] = (uint8_t)__builtin_ctzll(hand);
    return count;
}

/* The hidden places are the other hand (when it is not the observer's) and the face-down
 * stock. */
bool bingo_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count)
{
    bingo_state_t *s = world;
    if (count != __builtin_popcountll(s->hand[seat])) return false;
    uint64_t wanted = 0;
    for (int i = 0; i < count; i++) {
        if (tiles[i] >= BINGO_TILES || (wanted >> tiles[i] & 1)) return false;
        wanted |= bit(tiles[i]);
    }
    uint64_t spare = s->hand[seat] & ~wanted, missing = wanted & ~s->hand[seat];
    int other = 1 - seat;
    for (; missing; missing &= missing - 1) {
        int tile = __builtin_ctzll(missing), at = -1;
        if (!spare) return false;
        int given = __builtin_ctzll(spare);
        if (other != observer && (s->hand[other] >> tile & 1)) {
            s->hand[other] = (s->hand[other] & ~bit(tile)) | bit(given);
        } else {
            for (int k = s->stock_next; k < BINGO_TILES && at < 0; k++)
                if (s->deck[k] == tile) at = k;
            if (at < 0) return false;
            s->deck[at] = (uint8_t)given;
        }
        spare &= spare - 1;
        s->hand[seat] = (s->hand[seat] & ~bit(given)) | bit(tile);
    }
    return true;
}
