/* bergen.c - the play of the Bergen family: deal and opener (R1-R8; Double Bergen R4-R7),
 * legal placements (R9-R11; DB R8), drawing and passing (R12-R13), applying a move with
 * its scoring (R14-R17; DB R12-R13), end of hand (R18-R22; DB R14) and of the match
 * (R23-R25; DB R15-R16), and the game_t values. Rule numbers refer to
 * docs/rules/bergen.md unless marked DB (docs/rules/double-bergen.md). The other
 * files of the family are listed in bergen_internal.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bergen/bergen_internal.h"
#include "game_store.h"

static int bergen_seat_count(const game_rules_t *rules) { return bergen_rules_of(rules)->players; }
static int bergen_side_of_seat(const game_rules_t *rules, int seat) { (void)rules; return seat; }

/* ------------------------------------------------------------------ tile helpers */


static inline int next_seat(const bergen_state_t *s, int seat) { return seat + 1 == s->seats ? 0 : seat + 1; }
/* R3: the last stock_reserve tiles are never drawn. */
static inline int stock_drawable(const bergen_state_t *s)
{
    int left = s->rules->drawable_end - s->stock_next;
    return left > 0 ? left : 0;
}

/* The hot path of a double-six game touches word 0 only. */
static inline tileset_t hand_in_suit(const bergen_rules_t *r, tileset_t hand, int number)
{
    if (r->narrow) {
        tileset_t result = {{hand.w[0] & r->physical_suit[number].w[0], 0}};
        return result;
    }
    return tileset_and(hand, r->physical_suit[number]);
}

static tileset_t fold_copies(const bergen_rules_t *r, tileset_t physical);
/* Folds the copies of a physical set onto logical tile indices (one set: nothing to do). */
static inline tileset_t logical_tiles(const bergen_rules_t *r, tileset_t physical)
{
    return r->num_sets == 1 ? physical : fold_copies(r, physical);
}

static tileset_t fold_copies(const bergen_rules_t *r, tileset_t physical)
{
    tileset_t result = tileset_empty();
    for (int copy = 0; copy < r->num_sets; copy++)
        result = tileset_or(result, tileset_and(tileset_shift_down(physical, copy * r->tile_count), r->one_set));
    return result;
}

tileset_t bergen_logical_tiles(const bergen_rules_t *rules, tileset_t physical) { return logical_tiles(rules, physical); }

/* The physical copy of logical tile `tile` held in `hand`, or -1. */
static inline int physical_copy(const bergen_rules_t *r, tileset_t hand, int tile)
{
    for (int copy = 0; copy < r->num_sets; copy++)
        if (tileset_has(hand, copy * r->tile_count + tile)) return copy * r->tile_count + tile;
    return -1;
}

/* The set of the `count` physical tiles listed in `tiles`. Both words are built in
 * registers: tileset_add's indexed word would keep the set in memory. */
static tileset_t set_of_tiles(const bergen_rules_t *r, const uint8_t *tiles, int count)
{
    uint64_t low = 0, high = 0;
    if (r->narrow) { /* every tile in word 0: no test per tile */
        for (int k = 0; k < count; k++) low |= (uint64_t)1 << tiles[k];
        return (tileset_t){{low, 0}};
    }
    for (int k = 0; k < count; k++) {
        uint64_t bit = (uint64_t)1 << (tiles[k] & 63);
        low |= tiles[k] < 64 ? bit : 0;
        high |= tiles[k] < 64 ? 0 : bit;
    }
    return (tileset_t){{low, high}};
}

/* R10 and DB R8; see bergen.h. Evaluated when a placement changes the layout; the hot
 * paths read the result from state->open_ends. */
static inline unsigned compute_open_ends(const bergen_state_t *s)
{
    unsigned all = (1u << s->end_count) - 1;
    if (s->opening_number < 0) return 0;
    if (s->rules->layout == BERGEN_LAYOUT_SPINNER) {
        unsigned unstarted = all & ~(unsigned)s->end_started;
        return unstarted ? unstarted : all;
    }
    if (s->rules->first_double_both_sides && __builtin_popcount(s->end_started) == 1)
        return all & ~(unsigned)s->end_started;
    return all;
}

unsigned bergen_open_ends(const bergen_state_t *s) { return compute_open_ends(s); }

/* Nearly every turn of Bergen: the hot paths spell out its two ends instead of looping
 * over the open ones (measured 3-5% faster per playout in move generation, 1-2% here). */
static inline bool line_open_at_both_ends(const bergen_state_t *s)
{
    return s->open_ends == 3 && s->end_count == 2;
}

/* Physical tiles that fit an open end: every copy of every tile showing an open number. */
static inline tileset_t fitting_tiles(const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    if (line_open_at_both_ends(s))
        return tileset_or(r->physical_suit[s->end_number[0]], r->physical_suit[s->end_number[1]]);
    tileset_t result = tileset_empty();
    for (unsigned ends = s->open_ends; ends; ends &= ends - 1)
        result = tileset_or(result, r->physical_suit[s->end_number[__builtin_ctz(ends)]]);
    return result;
}

/* Logical tiles of the suits shown on open ends: what a seat that cannot play lacks.
 * Copy 0 of a physical suit is the logical suit. */
static inline tileset_t open_suits(const bergen_state_t *s)
{
    return tileset_and(fitting_tiles(s), s->rules->one_set);
}

/* ------------------------------------------------------------------ match and deal */

static void bergen_match_start(void *state, const game_rules_t *rules, uint64_t seed)
{
    bergen_state_t *s = state;
    memset(s, 0, sizeof *s);
    s->rules = bergen_rules_of(rules);
    s->seats = (uint8_t)s->rules->players;
    s->end_count = (uint8_t)s->rules->end_count;
    s->status = GAME_BETWEEN_HANDS;
    s->to_move = -1;
    s->leader = -1;
    s->starter = -1;
    s->opening_number = -1;
    s->drawn_tile = -1;
    s->hand_winner = -1;
    pcg32_seed(&s->rng, seed, 0x6265726765ULL); /* the stream name spells "berge" */
}

static game_status_t bergen_status(const void *state) { return (game_status_t)((const bergen_state_t *)state)->status; }
static int bergen_to_move(const void *state) { return ((const bergen_state_t *)state)->to_move; }
static int bergen_hand_number(const void *state) { return ((const bergen_state_t *)state)->hand_number; }

static void bergen_scores(const void *state, int *out)
{
    const bergen_state_t *s = state;
    for (int seat = 0; seat < s->seats; seat++) out[seat] = s->score[seat];
}

static int bergen_pips_left(const void *state, int seat)
{
    const bergen_state_t *s = state;
    if (s->rules->num_sets == 1) return tileset_pip_sum(s->hand[seat]); /* a physical tile is its logical tile */
    return bergen_hand_facts(s->rules, s->hand[seat]).pips;
}

/* R4 and DB R4: the seat the search for an opener starts from. */
static int starter_of_hand(const bergen_state_t *s, int hand_number, int previous_starter, int previous_leader)
{
    if (s->rules->opener_rule != BERGEN_OPENER_ROTATING) return (hand_number - 1) % s->seats;
    if (previous_starter < 0) return -1; /* hand 1: drawn at random by the caller */
    if (s->rules->next_designated_starter == BERGEN_NEXT_LEFT_OF_DESIGNATED || previous_leader < 0)
        return next_seat(s, previous_starter);
    return next_seat(s, previous_leader);
}

/* Seat holding a copy of logical tile `tile`, first in playing order from the starter. */
static int first_holder(const bergen_state_t *s, int tile)
{
    for (int k = 0, seat = s->starter; k < s->seats; k++, seat = next_seat(s, seat))
        if (physical_copy(s->rules, s->hand[seat], tile) >= 0) return seat;
    return -1;
}

/* R4 lowest_double / highest_double: the opener holds the lowest (highest) double dealt,
 * the first holder from the starter if several copies are out. Every seat is then known
 * to lack the doubles below (above) it. */
static void choose_by_double(bergen_state_t *s, bool lowest)
{
    const bergen_rules_t *r = s->rules;
    tileset_t held = tileset_empty();
    for (int seat = 0; seat < s->seats; seat++)
        held = tileset_or(held, tileset_and(s->hand[seat], r->physical_doubles));
    if (tileset_is_empty(held)) return;
    held = logical_tiles(r, held);
    int tile = lowest ? tileset_lowest(held) : tileset_highest(held);
    s->opener = (int8_t)first_holder(s, tile);
    /* Double indices grow with the number, so the lower doubles are those of lower index. */
    tileset_t below = tileset_and(r->logical_doubles, tileset_first(tile));
    tileset_t nobody = lowest ? below : tileset_minus(r->logical_doubles, tileset_or(below, tileset_single(tile)));
    for (int seat = 0; seat < s->seats; seat++) s->lacks[seat] = tileset_or(s->lacks[seat], nobody);
    if (r->opening_tile == BERGEN_OPENING_QUALIFYING) s->qualifying_tile = (int8_t)tile;
}

/* R4-R6, DB R4-R6: who leads, or the opening draw. */
static void choose_opener(bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    s->opener = -1;
    if (r->opener_rule == BERGEN_OPENER_ROTATING) {
        for (int k = 0, seat = s->starter; k < s->seats; k++, seat = next_seat(s, seat)) {
            if (!tileset_is_empty(tileset_and(s->hand[seat], r->physical_doubles))) {
                s->opener = (int8_t)seat;
                break;
            }
            s->lacks[seat] = tileset_or(s->lacks[seat], r->logical_doubles);
        }
    } else {
        choose_by_double(s, r->opener_rule == BERGEN_OPENER_LOWEST_DOUBLE);
    }
    if (s->opener >= 0) {
        s->phase = BERGEN_PHASE_LEAD;
        s->to_move = s->opener;
        return;
    }
    /* R6 draw_in_turn: nobody holds a double, starting with the starter. */
    for (int seat = 0; seat < s->seats; seat++) s->lacks[seat] = r->logical_doubles;
    s->phase = BERGEN_PHASE_OPENING_DRAW;
    s->to_move = s->starter;
}

static void reset_hand(bergen_state_t *s)
{
    s->layout = tileset_empty();
    s->layout_count = 0;
    s->opening_number = -1;
    s->drawn_tile = -1;
    s->qualifying_tile = -1;
    s->hand_void = 0;
    s->end_double = 0;
    s->end_started = 0;
    s->exposures = (bergen_exposures_t){0};
    s->open_ends = 0; /* nothing to attach to before the lead */
    memset(s->end_number, -1, sizeof s->end_number);
    memset(s->draws, 0, sizeof s->draws); /* seats not in play: zero from match_start, and stay so */
    memset(s->passes, 0, sizeof s->passes);
    for (int seat = 0; seat < s->seats; seat++) {
        s->lacks[seat] = tileset_empty();
        s->hand_count[seat] = (uint8_t)tileset_size(s->hand[seat]);
    }
    s->status = GAME_IN_HAND;
}

static bool any_double_dealt(const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    for (int k = 0; k < r->dealt_count; k++)
        if (tileset_has(r->physical_doubles, s->deck[k])) return true;
    return false;
}

/* R6: the hand is void and is dealt again under the same number and starter
 * (record-format.md, "Void hands"). */
static void void_hand(bergen_state_t *s, game_events_t *events)
{
    s->status = GAME_BETWEEN_HANDS;
    s->hand_void = 1;
    s->to_move = -1;
    s->end_reason = BERGEN_REASON_REDEAL;
    s->hand_winner = -1;
    game_event_t end = {GAME_EVENT_HAND_END, -1, 0, 0, 0, BERGEN_REASON_REDEAL, GAME_EVENT_VOID};
    game_events_push(events, end);
}

/* Starts the hand whose tiles are in deck[]: the hands from its front, the stock after
 * them. A deal the rules void still stands in the record, so the deal comes first. */
static void begin_hand(bergen_state_t *s, game_events_t *events)
{
    const bergen_rules_t *r = s->rules;
    for (int seat = 0; seat < s->seats; seat++) s->hand[seat] = set_of_tiles(r, s->deck + seat * r->hand_size, r->hand_size);
    s->stock_next = (uint8_t)r->dealt_count;
    reset_hand(s);
    game_event_t event = {GAME_EVENT_DEAL, (int8_t)s->starter, 0, 0, 0, BERGEN_REASON_NONE, 0};
    game_events_push(events, event);
    if (r->no_double_rule == BERGEN_NO_DOUBLE_REDEAL && !any_double_dealt(s)) { /* R6 redeal */
        void_hand(s, events);
        return;
    }
    choose_opener(s);
    /* R6 draw_in_turn with nothing drawable at all: reserved tiles are never drawn. */
    if (s->phase == BERGEN_PHASE_OPENING_DRAW && stock_drawable(s) == 0) void_hand(s, events);
}

/* The number and starter of the next deal: a voided hand (R6) is dealt again as it was.
 * Returns the starter, or -1 when it is to be drawn at random (DB R4, hand 1). */
static int plan_next_hand(const bergen_state_t *s, int *hand_number)
{
    if (s->hand_void) {
        *hand_number = s->hand_number;
        return s->starter;
    }
    *hand_number = s->hand_number + 1;
    return starter_of_hand(s, *hand_number, s->hand_number ? s->starter : -1, s->leader);
}

/* Physical tiles 0..127 in order: a deck before its shuffle (copied whole, a fixed size). */
#define SIXTEEN(n) n, n + 1, n + 2, n + 3, n + 4, n + 5, n + 6, n + 7, n + 8, n + 9, n + 10, n + 11, n + 12, n + 13, n + 14, n + 15
static const uint8_t unshuffled_deck[TILESET_MAX_BITS] = {
    SIXTEEN(0), SIXTEEN(16), SIXTEEN(32), SIXTEEN(48), SIXTEEN(64), SIXTEEN(80), SIXTEEN(96), SIXTEEN(112)};
#undef SIXTEEN

/* R25, DB R16: every hand is reshuffled and dealt anew; scores carry over, seats stay. */
static void bergen_deal(void *state, game_events_t *events)
{
    bergen_state_t *s = state;
    int hand_number, starter = plan_next_hand(s, &hand_number);
    s->hand_number = (int16_t)hand_number;
    s->starter = (int8_t)(starter >= 0 ? starter : (int)pcg32_below(&s->rng, (uint32_t)s->seats));
    s->leader = -1;
    memcpy(s->deck, unshuffled_deck, sizeof s->deck);
    pcg32_shuffle_bytes(&s->rng, s->deck, s->rules->physical_count);
    begin_hand(s, events);
}

static int deal_error(char *error, size_t error_size, const char *what, int hand_number)
{
    snprintf(error, error_size, "deal of hand %d: %s", hand_number, what);
    return -1;
}

/* Takes the next unused copy of each named tile; false if a tile is over-used. */
static bool take_copy(const bergen_rules_t *r, tileset_t *used, int tile, int *physical)
{
    if (tile < 0 || tile >= r->tile_count) return false;
    for (int copy = 0; copy < r->num_sets; copy++) {
        int p = copy * r->tile_count + tile;
        if (!tileset_has(*used, p)) {
            tileset_add(used, p);
            *physical = p;
            return true;
        }
    }
    return false;
}

static int bergen_set_deal(void *state, const game_deal_t *deal, game_events_t *events, char *error,
                           size_t error_size)
{
    bergen_state_t *s = state;
    const bergen_rules_t *r = s->rules;
    char message[160];
    int hand_number, expected_starter = plan_next_hand(s, &hand_number);
    if (deal->hand_number != hand_number) {
        snprintf(message, sizeof message, "hand number %d, but the next hand is %d", deal->hand_number, hand_number);
        return deal_error(error, error_size, message, deal->hand_number);
    }
    if (deal->seats != s->seats) return deal_error(error, error_size, "wrong number of hands", hand_number);
    if (deal->leader >= 0 && expected_starter >= 0 && deal->leader != expected_starter) {
        snprintf(message, sizeof message, "leader %d, but the rules make seat %d the starter (R4)", deal->leader,
                 expected_starter);
        return deal_error(error, error_size, message, hand_number);
    }
    if (deal->leader < -1 || deal->leader >= s->seats)
        return deal_error(error, error_size, "leader must be a seat", hand_number);
    tileset_t used = tileset_empty();
    uint8_t deck[TILESET_MAX_BITS]; /* as bergen_state_t.deck: the hands, then the stock */
    int placed = 0;
    for (int seat = 0; seat < s->seats; seat++) {
        if (deal->hand_size[seat] != r->hand_size) {
            snprintf(message, sizeof message, "seat %d holds %d tiles, hand_size is %d", seat, deal->hand_size[seat],
                     r->hand_size);
            return deal_error(error, error_size, message, hand_number);
        }
        for (int k = 0; k < deal->hand_size[seat]; k++) {
            int p;
            if (!take_copy(r, &used, deal->hand[seat][k], &p))
                return deal_error(error, error_size, "a tile appears more often than the sets hold", hand_number);
            deck[placed++] = (uint8_t)p;
        }
    }
    if (deal->stock_size != r->physical_count - s->seats * r->hand_size)
        return deal_error(error, error_size, "the stock does not hold the undealt tiles", hand_number);
    for (int k = 0; k < deal->stock_size; k++) {
        int p;
        if (!take_copy(r, &used, deal->stock[k], &p))
            return deal_error(error, error_size, "a tile appears more often than the sets hold", hand_number);
        deck[placed++] = (uint8_t)p;
    }
    /* A deal without its starter (record-format.md tolerates it): the rules' starter, or for
     * hand 1 of rotating_first_double the draw deal() makes from the match's generator. */
    int starter = deal->leader >= 0      ? deal->leader
                  : expected_starter >= 0 ? expected_starter
                                          : (int)pcg32_below(&s->rng, (uint32_t)s->seats);
    s->hand_number = (int16_t)hand_number;
    s->starter = (int8_t)starter;
    s->leader = -1;
    memcpy(s->deck, deck, (size_t)placed);
    begin_hand(s, events);
    return 0;
}

static void bergen_get_deal(const void *state, game_deal_t *out)
{
    const bergen_state_t *s = state;
    const bergen_rules_t *r = s->rules;
    memset(out, 0, sizeof *out);
    out->hand_number = s->hand_number;
    out->seats = s->seats;
    out->leader = s->starter;
    for (int seat = 0; seat < s->seats; seat++) { /* each hand as the set it was, lowest tile first */
        tileset_t dealt = set_of_tiles(r, s->deck + seat * r->hand_size, r->hand_size);
        while (!tileset_is_empty(dealt)) out->hand[seat][out->hand_size[seat]++] = r->logical_of[tileset_pop_lowest(&dealt)];
    }
    out->stock_size = r->physical_count - r->dealt_count;
    for (int k = 0; k < out->stock_size; k++) out->stock[k] = r->logical_of[s->deck[r->dealt_count + k]];
}

/* ------------------------------------------------------------------ legal moves */

/* Appends a placement on `end` of each tile of `fit` (bit i: tile base + i), lowest first. */
static inline int add_tiles(uint64_t fit, int base, int end, game_move_t *out, int count)
{
    game_move_t move = {GAME_MOVE_PLAY, 0, (uint8_t)end, 0};
    for (; fit; fit &= fit - 1) {
        move.tile = (uint8_t)(base + __builtin_ctzll(fit));
        out[count++] = move;
    }
    return count;
}

/* game_store_placements, the tiles past the untested ones stored by add_tiles: in Double
 * Bergen's pimc, game.h's loop for them took 0.7% more instructions and 1.6% more time. */
static inline int add_tiles_plain(uint64_t fit, int end, game_move_t *out, int count)
{
    int total = count + __builtin_popcountll(fit);
    fit = game_store_untested_placements(fit, end, out, count);
    if (fit) add_tiles(fit, 0, end, out, count + GAME_UNTESTED_PLACEMENTS);
    return total;
}

/* R9 for a plain game (one set in word 0): no copies to fold, one word per test. Most
 * games are plain, and this is the inner loop of every playout. */
static inline int add_plays_plain(const bergen_state_t *s, uint64_t physical, game_move_t *out)
{
    const tileset_t *suit = s->rules->physical_suit;
    if (line_open_at_both_ends(s)) {
        int count = add_tiles_plain(physical & suit[s->end_number[0]].w[0], 0, out, 0);
        return add_tiles_plain(physical & suit[s->end_number[1]].w[0], 1, out, count);
    }
    int count = 0;
    for (unsigned ends = s->open_ends; ends; ends &= ends - 1) {
        int e = __builtin_ctz(ends);
        count = add_tiles_plain(physical & suit[s->end_number[e]].w[0], e, out, count);
    }
    return count;
}

/* R9 with several sets or two words. */
OUT_OF_LINE static int add_plays_general(const bergen_state_t *s, tileset_t physical, game_move_t *out)
{
    const bergen_rules_t *r = s->rules;
    int count = 0;
    for (unsigned ends = s->open_ends; ends; ends &= ends - 1) {
        int e = __builtin_ctz(ends);
        tileset_t fit = logical_tiles(r, hand_in_suit(r, physical, s->end_number[e]));
        count = add_tiles(fit.w[0], 0, e, out, count);
        if (!r->narrow) count = add_tiles(fit.w[1], 64, e, out, count);
    }
    return count;
}

/* R9: a placement of every tile of `physical` that fits an open end, end by end, lowest
 * tile first. */
static inline int add_plays(const bergen_state_t *s, tileset_t physical, game_move_t *out)
{
    return s->rules->plain ? add_plays_plain(s, physical.w[0], out) : add_plays_general(s, physical, out);
}

/* The phases other than BERGEN_PHASE_PLAY. */
OUT_OF_LINE static int special_moves(const bergen_state_t *s, game_move_t *out)
{
    const bergen_rules_t *r = s->rules;
    int count = 0;
    switch (s->phase) {
    case BERGEN_PHASE_LEAD: {
        tileset_t doubles;
        if (s->qualifying_tile >= 0) /* R5 qualifying_double: the double that made him opener */
            doubles = tileset_single(s->qualifying_tile);
        else
            doubles = logical_tiles(r, tileset_and(s->hand[s->to_move], r->physical_doubles));
        while (!tileset_is_empty(doubles)) {
            game_move_t move = {GAME_MOVE_PLAY, (uint8_t)tileset_pop_lowest(&doubles), GAME_NO_END, 0};
            out[count++] = move;
        }
        return count;
    }
    case BERGEN_PHASE_OPENING_DRAW:
        out[0] = (game_move_t){GAME_MOVE_DRAW, 0, 0, 0};
        return 1;
    case BERGEN_PHASE_PLAY_DRAWN:
    default: {
        int tile = r->logical_of[s->drawn_tile];
        if (s->opening_number < 0) { /* R6: a drawn double opens the hand */
            out[0] = (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile, GAME_NO_END, 0};
            return 1;
        }
        count = add_plays(s, tileset_single(s->drawn_tile), out);
        if (r->may_keep_drawn) out[count++] = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
        return count;
    }
    }
}

static int bergen_legal_moves(const void *state, game_move_t *out)
{
    const bergen_state_t *s = state;
    if (s->status != GAME_IN_HAND) return 0;
    if (s->phase != BERGEN_PHASE_PLAY) return special_moves(s, out);
    int count = add_plays(s, s->hand[s->to_move], out); /* R11: must place if able */
    if (count) return count;
    out[0] = (game_move_t){stock_drawable(s) > 0 ? GAME_MOVE_DRAW : GAME_MOVE_PASS, 0, 0, 0}; /* R12, R13 */
    return 1;
}

/* ------------------------------------------------------------------ scores and ends */

/* R24 / DB R15: the unique highest side at or over the target, or -1. */
OUT_OF_LINE static int match_winner(const bergen_state_t *s)
{
    int best = -1, ties = 0;
    for (int seat = 0; seat < s->seats; seat++) {
        if (s->score[seat] < s->rules->target) continue;
        if (best < 0 || s->score[seat] > s->score[best]) {
            best = seat;
            ties = 0;
        } else if (s->score[seat] == s->score[best]) {
            ties++;
        }
    }
    return ties ? -1 : best;
}

static void credit(bergen_state_t *s, int seat, int points, bergen_reason_t reason, game_events_t *events)
{
    int before = s->score[seat];
    s->score[seat] += points;
    if (s->rules->score_floor == BERGEN_FLOOR_ZERO && s->score[seat] < 0) s->score[seat] = 0;
    if (s->score[seat] == before) return; /* nothing credited, nothing to record */
    game_event_t award = {GAME_EVENT_AWARD, (int8_t)seat, 0, 0, (int16_t)(s->score[seat] - before), (uint8_t)reason, 0};
    game_events_push(events, award);
}

static void finish_match(bergen_state_t *s, int winner, game_events_t *events)
{
    s->status = GAME_MATCH_OVER;
    s->to_move = -1;
    game_event_t end = {GAME_EVENT_MATCH_END, (int8_t)winner, 0, 0, 0, BERGEN_REASON_NONE, 0};
    game_events_push(events, end);
}

static void finish_hand(bergen_state_t *s, bergen_reason_t reason, int winner, game_events_t *events)
{
    s->status = GAME_BETWEEN_HANDS;
    s->to_move = -1;
    s->end_reason = (uint8_t)reason;
    s->hand_winner = (int8_t)winner;
    game_event_t end = {GAME_EVENT_HAND_END, (int8_t)winner, 0, 0, 0, (uint8_t)reason, 0};
    game_events_push(events, end);
    int match = match_winner(s);
    if (match >= 0) finish_match(s, match, events);
}

/* R19-R22: awards at the end of a hand; went_out is the seat that dominoed or -1. */
OUT_OF_LINE static void end_hand(bergen_state_t *s, int went_out, game_events_t *events)
{
    const bergen_rules_t *r = s->rules;
    bergen_hand_facts_t facts[GAME_MAX_SEATS];
    /* a domino won under the winner award (R19) reads no hand, and the tile deduction
     * (DB R14) only the counts kept in the state */
    if ((went_out < 0 || r->end_award != BERGEN_AWARD_WINNER) && r->end_award != BERGEN_AWARD_TILE_DEDUCTION)
        for (int seat = 0; seat < s->seats; seat++) facts[seat] = bergen_hand_facts(r, s->hand[seat]);
    bergen_reason_t reason = went_out >= 0 ? BERGEN_REASON_DOMINO : BERGEN_REASON_BLOCKED;
    int winner = went_out;
    if (r->end_award == BERGEN_AWARD_WINNER) { /* R19 */
        if (went_out < 0)
            winner = bergen_block_winner(r->block_method, r->american_rule_c, r->german_rule_c_scope, s->seats, facts);
        if (winner >= 0)
            credit(s, winner, went_out >= 0 ? r->domino_points : r->block_points,
                   went_out >= 0 ? BERGEN_REASON_DOMINO : BERGEN_REASON_BLOCK, events);
    } else if (r->end_award == BERGEN_AWARD_LIGHTEST_HAND) { /* R20 */
        bool winners[GAME_MAX_SEATS];
        int count = bergen_lightest_hands(r->lightest_tie, s->seats, facts, went_out, winners);
        winner = -1;
        for (int seat = 0; seat < s->seats; seat++) {
            if (!winners[seat]) continue;
            credit(s, seat, r->lightest_hand_points, BERGEN_REASON_LIGHTEST_HAND, events);
            if (count == 1) winner = seat;
        }
    } else { /* DB R14: every player loses points for the tiles in his own hand */
        for (int seat = 0; seat < s->seats; seat++)
            if (s->hand_count[seat] > 0)
                credit(s, seat, -r->deduction_per_tile * s->hand_count[seat], BERGEN_REASON_DEDUCTION, events);
    }
    finish_hand(s, reason, winner, events);
}

/* R18, once nobody may draw: no tile held by anyone fits an open end. */
OUT_OF_LINE static bool nobody_can_place(const bergen_state_t *s)
{
    tileset_t held = tileset_empty();
    for (int seat = 0; seat < s->seats; seat++) held = tileset_or(held, s->hand[seat]);
    return tileset_is_empty(tileset_and(held, fitting_tiles(s)));
}

bool bergen_passes_into_block(const bergen_state_t *s) { return stock_drawable(s) == 0 && nobody_can_place(s); }

/* R18: the hand is blocked when nobody can place and nobody may draw, at the start of a
 * turn. While the stock can be drawn from (most turns), nothing else is looked at. */
static inline void start_turn(bergen_state_t *s, int seat, game_events_t *events)
{
    s->to_move = (int8_t)seat;
    s->phase = BERGEN_PHASE_PLAY;
    s->drawn_tile = -1;
    if (stock_drawable(s) == 0 && nobody_can_place(s)) end_hand(s, -1, events);
}

/* DB R12's side of placing logical `tile` on `end` (GAME_NO_END: the opening double),
 * before the ends change. Out of line and tested once: inlined, it changed the code of
 * the line kernel beside it (greedy Bergen deals took 5,442 instructions, now 5,382). */
__attribute__((noinline)) static void mark_exposures(bergen_state_t *s, int tile, int end)
{
    exposures_mark(&s->exposures, s, tile, end);
}

/* Updates the ends for logical `tile` placed on `end` (R9, DB R7-R9). Returns the number
 * it exposed. */
static inline int mark_placement(bergen_state_t *s, int tile, int end)
{
    int exposed;
    if (s->rules->scoring == BERGEN_SCORING_COMBINATIONS) mark_exposures(s, tile, end);
    if (end == GAME_NO_END) { /* the opening double: every end shows its number */
        exposed = tileset_low(tile);
        s->opening_number = (int8_t)exposed;
        for (int e = 0; e < s->end_count; e++) s->end_number[e] = (int8_t)exposed;
        s->end_double = s->rules->layout == BERGEN_LAYOUT_LINE ? 3 : 0;
    } else {
        exposed = tileset_other_side(tile, s->end_number[end]);
        s->end_number[end] = (int8_t)exposed;
        unsigned bit = 1u << end;
        s->end_started |= (uint8_t)bit;
        s->end_double = (uint8_t)((s->end_double & ~bit) | (tileset_is_double(tile) ? bit : 0));
    }
    s->open_ends = (uint8_t)compute_open_ends(s);
    return exposed;
}

/* Places a physical tile from the mover's hand. Returns the number it exposed. */
static inline int place_tile(bergen_state_t *s, int physical, int end)
{
    tileset_remove(&s->hand[s->to_move], physical);
    s->hand_count[s->to_move]--;
    tileset_add(&s->layout, physical);
    s->layout_count++;
    if (end == GAME_NO_END) s->leader = s->to_move;
    return mark_placement(s, s->rules->logical_of[physical], end);
}

/* R14, R16 on a line scored by headers, once the end a tile makes shows the other end's
 * number: 2, and 1 for each double crosswise at an end after the placement on `end`
 * (`doubles`: bit e, end e's outermost tile is a crosswise double now; `tile_double`: 1 if
 * the tile placed is one), reduced `distance` short of the target. What layout_points
 * gives after mark_placement, without the trial placement; placement_points and the line
 * kernel ask it, each after its own test of the ends (every candidate is tested, few score). */
static PLAYOUT_INLINE int header_points(int near_goal, int distance, int end, unsigned doubles, unsigned tile_double)
{
    doubles = (doubles & ~(1u << end)) | tile_double << end;
    return near_goal_points(near_goal, 2 + __builtin_popcount(doubles & 3u), distance);
}

/* The points of placing `tile`, which shows end `end`'s number, on that end of a line
 * scored by headers (R14, R16). */
static inline int line_placement_points(const bergen_state_t *s, int seat, int tile, int end)
{
    const bergen_rules_t *r = s->rules;
    if (tileset_other_side(tile, s->end_number[end]) != s->end_number[1 - end]) return 0;
    return header_points(r->near_goal, r->target - s->score[seat], end, s->end_double, (unsigned)tileset_is_double(tile));
}

/* The points of a placement on a layout neither a line scored by headers nor scored by
 * combinations, by a trial placement. Agents ask this for every candidate placement, so
 * only the leading fields that mark_placement and layout_points read are copied
 * (BERGEN_ENDS_PREFIX, bergen.h), not the hands and deck: a tenth of the bytes (the
 * heuristic agent in Double Bergen: -27% time). */
OUT_OF_LINE static int trial_placement_points(const bergen_state_t *s, int seat, int tile, int end)
{
    const bergen_rules_t *r = s->rules;
    bergen_state_t after;
    memcpy(&after, s, BERGEN_ENDS_PREFIX);
    int exposed = mark_placement(&after, tile, end);
    return near_goal_points(r->near_goal, layout_points(r, &after, exposed), r->target - s->score[seat]);
}

/* The points of placing `tile` on `end`, a placement the rules allow `seat` now (R14-R16,
 * DB R12, R13). */
static inline int allowed_placement_points(const bergen_state_t *s, int seat, int tile, int end)
{
    const bergen_rules_t *r = s->rules;
    if (r->layout == BERGEN_LAYOUT_LINE && r->scoring == BERGEN_SCORING_HEADERS && end != GAME_NO_END)
        return line_placement_points(s, seat, tile, end);
    if (r->scoring == BERGEN_SCORING_COMBINATIONS && end != GAME_NO_END) { /* DB R12 */
        int points = exposures_points_after(&s->exposures, s->end_started, s->end_double, (1u << s->end_count) - 1, end,
                                            s->end_number[end], tileset_other_side(tile, s->end_number[end]),
                                            tileset_is_double(tile), r->combination_scope == BERGEN_SCOPE_NEW_END_ONLY);
        /* the rule first: near_goal_points tests whether the placement scores, a coin toss
         * to the predictor (pimc in 4-player Double Bergen 1.03x faster) */
        if (r->near_goal == BERGEN_NEAR_GOAL_NONE) return points;
        return near_goal_points(r->near_goal, points, r->target - s->score[seat]);
    }
    return trial_placement_points(s, seat, tile, end);
}

/* The points of placing `tile` on `end` (see game_t.move_points). */
static int placement_points(const bergen_state_t *s, int seat, int tile, int end)
{
    const bergen_rules_t *r = s->rules;
    if (s->status != GAME_IN_HAND || tile >= r->tile_count || seat < 0 || seat >= s->seats) return -1;
    if (end == GAME_NO_END) {
        if (s->opening_number >= 0 || !tileset_is_double(tile)) return -1;
    } else if (end >= s->end_count || !(s->open_ends >> end & 1) || !tileset_shows(tile, s->end_number[end])) {
        return -1;
    }
    return allowed_placement_points(s, seat, tile, end);
}

/* Only a placement scores during play (R14, DB R12): drawing, passing and keeping a drawn
 * tile credit nothing. */
static int bergen_move_points(const void *state, int seat, game_move_t move)
{
    const bergen_state_t *s = state;
    if (move.kind == GAME_MOVE_PLAY) return placement_points(s, seat, move.tile, move.end);
    return s->status == GAME_IN_HAND && move.kind <= GAME_MOVE_END_TURN ? 0 : -1;
}

static PLAYOUT_INLINE void apply_play(bergen_state_t *s, game_move_t move, game_events_t *events)
{
    const bergen_rules_t *r = s->rules;
    int seat = s->to_move, physical;
    if (s->phase == BERGEN_PHASE_PLAY_DRAWN) {
        physical = s->drawn_tile;
        if (s->opening_number >= 0 && !r->may_keep_drawn)
            s->lacks[seat] = tileset_or(s->lacks[seat], open_suits(s)); /* he drew because nothing else fit */
    } else { /* a legal move names a held tile: with one set, that very tile */
        physical = r->num_sets == 1 ? move.tile : physical_copy(r, s->hand[seat], move.tile);
    }
    int exposed = place_tile(s, physical, move.end);
    int points = layout_points(r, s, exposed);                                  /* R14, R15, DB R12 */
    points = near_goal_points(r->near_goal, points, r->target - s->score[seat]); /* R16, DB R13 */
    s->score[seat] += points;                                                   /* R17 */
    game_event_t play = {GAME_EVENT_PLAY, (int8_t)seat, move.tile, move.end, (int16_t)points, BERGEN_REASON_NONE, 0};
    game_events_push(events, play);
    /* R24: won in the middle of a hand. Only this seat's score rose, and every other score
     * was checked when it last changed, so there is a winner only if this seat reached the
     * target (tested first: it is rarely true, where points > 0 is unpredictable). */
    if (s->score[seat] >= r->target && points > 0 && r->win_check == BERGEN_WIN_IMMEDIATE) {
        int winner = match_winner(s);
        if (winner >= 0) {
            s->status = GAME_BETWEEN_HANDS;
            s->end_reason = BERGEN_REASON_TARGET_REACHED;
            s->hand_winner = -1;
            game_event_t end = {GAME_EVENT_HAND_END, -1, 0, 0, 0, BERGEN_REASON_TARGET_REACHED, 0};
            game_events_push(events, end);
            finish_match(s, winner, events);
            return;
        }
    }
    if (s->hand_count[seat] == 0) { /* R18: domino */
        end_hand(s, seat, events);
        return;
    }
    start_turn(s, next_seat(s, seat), events); /* R8 */
}

/* R6: one tile per seat in turn until a double is drawn; it is led at once. */
OUT_OF_LINE static void apply_opening_draw(bergen_state_t *s, int physical, game_events_t *events)
{
    int seat = s->to_move;
    if (tileset_has(s->rules->physical_doubles, physical)) {
        tileset_remove(&s->lacks[seat], s->rules->logical_of[physical]); /* held until he leads it */
        s->phase = BERGEN_PHASE_PLAY_DRAWN;
        s->drawn_tile = (int8_t)physical;
        s->opener = (int8_t)seat;
        return;
    }
    if (stock_drawable(s) == 0) { /* every drawable tile drawn, no double: the hand is void */
        void_hand(s, events);
        return;
    }
    s->to_move = (int8_t)next_seat(s, seat);
}

static PLAYOUT_INLINE void apply_draw(bergen_state_t *s, game_events_t *events)
{
    const bergen_rules_t *r = s->rules;
    int seat = s->to_move;
    int physical = s->deck[s->stock_next++];
    tileset_add(&s->hand[seat], physical);
    s->hand_count[seat]++;
    s->draws[seat]++;
    game_event_t draw = {GAME_EVENT_DRAW, (int8_t)seat, r->logical_of[physical], 0, 0, BERGEN_REASON_NONE, 0};
    game_events_push(events, draw);
    if (s->phase == BERGEN_PHASE_OPENING_DRAW) {
        apply_opening_draw(s, physical, events);
        return;
    }
    /* He could not play: he lacks the open suits. What the new tile may be depends on
     * whether it could have been kept while playable (R12, A12). */
    tileset_t fitting = fitting_tiles(s);
    bool playable = tileset_has(fitting, physical);
    if (r->may_keep_drawn)
        s->lacks[seat] = tileset_empty(); /* the kept tile may be anything */
    else if (!playable)
        s->lacks[seat] = tileset_and(fitting, r->one_set); /* open_suits(): old tiles and the new one alike */
    /* A playable drawn tile is placed next (see apply_play): the rest of the hand lacks
     * the open suits, which is known once that tile has left it. */
    if (playable) {
        tileset_remove(&s->lacks[seat], r->logical_of[physical]); /* held until placed */
        s->phase = BERGEN_PHASE_PLAY_DRAWN;
        s->drawn_tile = (int8_t)physical;
        return;
    }
    if (r->draw_mode == BERGEN_DRAW_ONE_PER_TURN) start_turn(s, next_seat(s, seat), events);
}

/* R13 */
static inline void apply_pass(bergen_state_t *s, game_events_t *events)
{
    int seat = s->to_move;
    s->lacks[seat] = tileset_or(s->lacks[seat], open_suits(s));
    s->passes[seat]++;
    game_event_t pass = {GAME_EVENT_PASS, (int8_t)seat, 0, 0, 0, BERGEN_REASON_NONE, 0};
    game_events_push(events, pass);
    start_turn(s, next_seat(s, seat), events);
}

static void bergen_apply(void *state, game_move_t move, game_events_t *events)
{
    bergen_state_t *s = state;
    int seat = s->to_move;
    switch (move.kind) {
    case GAME_MOVE_PLAY:
        apply_play(s, move, events);
        break;
    case GAME_MOVE_DRAW:
        apply_draw(s, events);
        break;
    case GAME_MOVE_PASS:
        apply_pass(s, events);
        break;
    case GAME_MOVE_END_TURN: /* one_per_turn, keeping a playable drawn tile (A12) */
        start_turn(s, next_seat(s, seat), events);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ the kernels */

/* The playout of the commonest rules, with the state in local variables: a plain line
 * scored by headers (both Bergen presets, any number of seats) and a plain spinner scored
 * by combinations (Double Bergen). bergen_state_t's byte fields may alias anything, so the
 * compiler stores and reloads the state around every stream draw and every store; here it
 * keeps it in registers. A kernel plays the common turns (placing, drawing, passing and
 * keeping) as the loop over legal_moves and apply would, the same moves from the same
 * draws, and writes the state back before any step it leaves to that code: a placement
 * that ends the hand or may end the match, a blocked hand (R18), a line with one end
 * closed (R10). Where no seat is a callback nobody observes the hand (game.h, playout),
 * and the kernel keeps no draws, passes or lacks (`observed` false): 3% of a random or
 * greedy deal's instructions. They are still loaded and stored: skipping that too took
 * fewer instructions but 4-7% more time, in paired runs of random deals.
 * tests/test_bergen_invariants.c compares its states with the loop's byte for byte, those
 * three aside where nobody observed (until the next deal). */

/* What both kernels keep of the hands, the stock and the turn, and the rules they read,
 * as plain values: no load through the rules per use. */
typedef struct kernel {
    uint64_t hand[GAME_MAX_SEATS], lacks[GAME_MAX_SEATS];
    int score[GAME_MAX_SEATS], draws[GAME_MAX_SEATS], passes[GAME_MAX_SEATS];
    uint64_t layout, held; /* held: every seat's hand together */
    int seats, to_move, phase, drawn_tile, stock_next;
    uint64_t doubles, one_set;
    int near_goal, target, drawable_end;
    bool may_keep_drawn, one_per_turn, win_immediate;
} kernel_t;

static PLAYOUT_INLINE void kernel_load(kernel_t *k, const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    k->seats = s->seats;
    k->held = 0;
    for (int seat = 0; seat < k->seats; seat++) {
        k->hand[seat] = s->hand[seat].w[0];
        k->held |= k->hand[seat];
        k->lacks[seat] = s->lacks[seat].w[0];
        k->score[seat] = s->score[seat];
        k->draws[seat] = s->draws[seat];
        k->passes[seat] = s->passes[seat];
    }
    k->layout = s->layout.w[0];
    k->to_move = s->to_move;
    k->phase = s->phase;
    k->drawn_tile = s->drawn_tile;
    k->stock_next = s->stock_next;
    k->doubles = r->physical_doubles.w[0];
    k->one_set = r->one_set.w[0];
    k->near_goal = r->near_goal;
    k->target = r->target;
    k->drawable_end = r->drawable_end;
    k->may_keep_drawn = r->may_keep_drawn;
    k->one_per_turn = r->draw_mode == BERGEN_DRAW_ONE_PER_TURN;
    k->win_immediate = r->win_check == BERGEN_WIN_IMMEDIATE;
}

/* The state as the loop would have left it, the ends aside (each kernel writes its own):
 * what the kernel does not keep is derived (the counts are the sizes of the sets, in a
 * plain game). */
static PLAYOUT_INLINE void kernel_store(const kernel_t *k, bergen_state_t *s)
{
    for (int seat = 0; seat < k->seats; seat++) {
        s->hand[seat].w[0] = k->hand[seat];
        s->hand_count[seat] = (uint8_t)__builtin_popcountll(k->hand[seat]);
        s->lacks[seat].w[0] = k->lacks[seat];
        s->score[seat] = k->score[seat];
        s->draws[seat] = (uint8_t)k->draws[seat];
        s->passes[seat] = (uint8_t)k->passes[seat];
    }
    s->layout.w[0] = k->layout;
    s->layout_count = (uint8_t)__builtin_popcountll(k->layout);
    s->to_move = (int8_t)k->to_move;
    s->phase = (uint8_t)k->phase;
    s->drawn_tile = (int8_t)k->drawn_tile;
    s->stock_next = (uint8_t)k->stock_next;
}

/* start_turn for the next seat; `fitting`: the tiles that fit an open end. Returns false
 * when the hand is blocked (R18), which the kernels leave to end_hand. */
static PLAYOUT_INLINE bool kernel_next_turn(kernel_t *k, uint64_t fitting)
{
    k->to_move = k->to_move + 1 == k->seats ? 0 : k->to_move + 1;
    k->phase = BERGEN_PHASE_PLAY;
    k->drawn_tile = -1;
    return k->stock_next < k->drawable_end || (k->held & fitting) != 0;
}

/* R12, R13 for a seat with nothing to place: apply_draw or apply_pass, and under
 * draw_until_playable the plies that follow a tile that does not fit, where the seat can
 * still place nothing: the next draw, or the pass once the stock is spent. Returns the
 * plies played; *blocked when the next turn finds the hand blocked. `observed`, a constant
 * at each call: the draws, passes and lacks kept (the kernels' top comment). */
static PLAYOUT_INLINE int kernel_draw_or_pass(const bergen_state_t *s, kernel_t *k, uint64_t fitting, bool *blocked,
                                              bool observed)
{
    int seat = k->to_move;
    for (int plies = 1;; plies++) {
        if (k->stock_next >= k->drawable_end) {
            if (observed) {
                k->lacks[seat] |= fitting & k->one_set;
                k->passes[seat]++;
            }
            *blocked = !kernel_next_turn(k, fitting);
            return plies;
        }
        int physical = s->deck[k->stock_next++];
        uint64_t bit = (uint64_t)1 << physical;
        k->hand[seat] |= bit;
        k->held |= bit;
        bool playable = (fitting & bit) != 0;
        if (observed) { /* what the seat is then known to lack, as apply_draw says (R12, A12) */
            k->draws[seat]++;
            if (k->may_keep_drawn) k->lacks[seat] = 0;
            else if (!playable) k->lacks[seat] = fitting & k->one_set;
            if (playable) k->lacks[seat] &= ~bit;
        }
        if (playable) {
            k->phase = BERGEN_PHASE_PLAY_DRAWN;
            k->drawn_tile = physical;
            *blocked = false;
            return plies;
        }
        if (k->one_per_turn) {
            *blocked = !kernel_next_turn(k, fitting);
            return plies;
        }
    }
}

/* Whether placing `tile` worth `points` leaves the kernel: R18 domino, R24 a win. */
static inline bool kernel_leaves_for(const kernel_t *k, int tile, int points)
{
    int seat = k->to_move;
    return k->hand[seat] == (uint64_t)1 << tile || (points > 0 && k->score[seat] + points >= k->target && k->win_immediate);
}

/* The hand and score side of a placement (place_tile, R17). */
static PLAYOUT_INLINE void kernel_place(kernel_t *k, int tile, int points, uint64_t fitting, bool observed)
{
    int seat = k->to_move;
    uint64_t bit = (uint64_t)1 << tile;
    if (observed && k->phase == BERGEN_PHASE_PLAY_DRAWN && !k->may_keep_drawn) /* he drew: nothing else fit */
        k->lacks[seat] |= fitting & k->one_set;
    k->hand[seat] &= ~bit;
    k->held &= ~bit;
    k->layout |= bit;
    k->score[seat] += points;
}

/* ---- the line: two ends, headers (R14) ---- */

typedef struct line_kernel {
    kernel_t t;
    /* single fields, no arrays indexed by an end: the compiler keeps each in a register */
    uint64_t suit0, suit1; /* the tiles showing each end's number */
    int end0, end1;        /* the numbers the ends show */
    unsigned end_double, end_started;
    bool both_sides_first;
} line_kernel_t;

static PLAYOUT_INLINE void line_kernel_load(line_kernel_t *k, const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    kernel_load(&k->t, s);
    k->end0 = s->end_number[0];
    k->end1 = s->end_number[1];
    k->suit0 = r->physical_suit[k->end0].w[0];
    k->suit1 = r->physical_suit[k->end1].w[0];
    k->end_double = s->end_double;
    k->end_started = s->end_started;
    k->both_sides_first = r->first_double_both_sides;
}

static PLAYOUT_INLINE void line_kernel_store(const line_kernel_t *k, bergen_state_t *s)
{
    kernel_store(&k->t, s);
    s->end_number[0] = (int8_t)k->end0;
    s->end_number[1] = (int8_t)k->end1;
    s->end_double = (uint8_t)k->end_double;
    s->end_started = (uint8_t)k->end_started;
    s->open_ends = (uint8_t)compute_open_ends(s);
}

/* What placing `tile` on `end` credits `seat` (R14, R16, header_points). A tile shows the
 * number of its end, so its other side is its pips less that number. */
static inline int line_kernel_points(const line_kernel_t *k, int seat, int tile, int end)
{
    int here = end ? k->end1 : k->end0, far = end ? k->end0 : k->end1;
    if (tileset_pips(tile) - here != far) return 0;
    return header_points(k->t.near_goal, k->t.target - k->t.score[seat], end, k->end_double,
                         (unsigned)(k->t.doubles >> tile & 1));
}

/* The heaviest of `tiles`, tiles that all show one number, its weight in *weight (-1 if
 * none). The kernel plays one set (plain), whose tiles showing a number n are (n, 0), (n,
 * 1)... in index order (tileset_index), each heavier than the one before: the heaviest is
 * the highest, and no two weigh the same. */
static inline int line_kernel_heaviest(uint64_t tiles, int *weight)
{
    if (!tiles) {
        *weight = -1;
        return -1;
    }
    int tile = 63 - __builtin_clzll(tiles);
    *weight = tileset_pips(tile);
    return tile;
}

/* GAME_CHOOSE_MOST_POINTS over the placements of `fit0` on end 0 and `fit1` on end 1, in
 * legal_moves's order (end 0's tiles, lowest first, then end 1's): the most points win,
 * then the heavier tile, then the first (game.h). Returns the tile, `end` set. Only the
 * tile showing both ends' numbers can make a header (R14), on either end (it fits both);
 * every other placement scores nothing, and then the heaviest is taken. */
static inline int line_kernel_most_points(const line_kernel_t *k, uint64_t fit0, uint64_t fit1, int *end)
{
    int scorer = tileset_index(k->end0, k->end1);
    if ((fit0 >> scorer) & 1) {
        int seat = k->t.to_move;
        int points0 = line_kernel_points(k, seat, scorer, 0), points1 = line_kernel_points(k, seat, scorer, 1);
        if (points0 > 0 || points1 > 0) {
            *end = points1 > points0;
            return scorer;
        }
    }
    int weight0, weight1;
    int tile0 = line_kernel_heaviest(fit0, &weight0), tile1 = line_kernel_heaviest(fit1, &weight1);
    *end = weight1 > weight0;
    return *end ? tile1 : tile0;
}

/* The tile a seat with tiles that fit places, and on which end: uniform over the
 * placements in legal_moves's order, or the most points. */
static PLAYOUT_INLINE int line_kernel_choose(const line_kernel_t *k, const game_chooser_t *chooser, bool uniform,
                                            uint64_t fit0, uint64_t fit1, int *end)
{
    int on_end0 = __builtin_popcountll(fit0), count = on_end0 + __builtin_popcountll(fit1);
    if (count == 1) {
        *end = fit0 == 0;
        return __builtin_ctzll(fit0 | fit1);
    }
    if (!uniform) return line_kernel_most_points(k, fit0, fit1, end);
    int pick = (int)pcg32_below(chooser->rng, (uint32_t)count);
    *end = pick >= on_end0;
    return tileset_word_nth(*end ? fit1 : fit0, pick - (*end ? on_end0 : 0));
}

/* R12: the end the tile just drawn goes on, or -1 when the seat keeps it (A12): uniform
 * over special_moves's list (end 0 if it fits there, end 1 if it fits there, keeping), or
 * the most points (keeping scores nothing and weighs less than any tile). */
static PLAYOUT_INLINE int line_kernel_choose_drawn(const line_kernel_t *k, const game_chooser_t *chooser,
                                                  bool uniform)
{
    int tile = k->t.drawn_tile;
    int on_end0 = (int)(k->suit0 >> tile & 1), on_end1 = (int)(k->suit1 >> tile & 1);
    if (!uniform)
        return !on_end0 || (on_end1 && line_kernel_points(k, k->t.to_move, tile, 1) >
                                           line_kernel_points(k, k->t.to_move, tile, 0));
    int count = on_end0 + on_end1 + k->t.may_keep_drawn;
    int pick = count == 1 ? 0 : (int)pcg32_below(chooser->rng, (uint32_t)count);
    return pick >= on_end0 + on_end1 ? -1 : pick >= on_end0;
}

/* Lists the placements of `fit` on `end` of the state the kernel has stored, after the
 * first `count`, each with its points (line_kernel_ask). Returns the new count. The
 * points are read from the state, not from the kernel: the kernel's address passed out
 * of the playout would keep its registers in memory (greedy deals took 5% more
 * instructions). */
static inline int line_kernel_list(const bergen_state_t *s, uint64_t fit, int end, game_move_t *moves, int *points,
                                   int count)
{
    int scorer = tileset_index(s->end_number[0], s->end_number[1]); /* the one that may score (R14) */
    for (; fit; fit &= fit - 1, count++) {
        int tile = __builtin_ctzll(fit);
        game_store_placement(&moves[count], tile, end); /* add_tiles_plain's move, stored at once */
        points[count] = tile == scorer ? line_placement_points(s, s->to_move, tile, end) : 0;
    }
    return count;
}

/* A callback seat's pick among two or more placements, listed as legal_moves lists them
 * (`fit0` on end 0, then `fit1` on end 1, lowest tile first; then keeping the tile just
 * drawn where `may_keep`), asked on the state `s` the kernel has just stored, with each
 * move's points. Returns the tile, `end` set, or -1 when the seat keeps the drawn tile;
 * the kernel goes on from the pick without the list's apply and a load of its registers
 * (pimc's heuristic playouts, whose heuristic would otherwise ask move_points of each). */
static int line_kernel_ask(const bergen_state_t *s, const game_chooser_t *chooser, uint64_t fit0, uint64_t fit1,
                           bool may_keep, int *end)
{
    game_move_t moves[GAME_MAX_MOVES];
    int points[GAME_MAX_MOVES];
    int count = line_kernel_list(s, fit1, 1, moves, points, line_kernel_list(s, fit0, 0, moves, points, 0));
    if (may_keep) {
        points[count] = 0; /* keeping the tile scores nothing */
        moves[count++] = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
    }
    game_move_t move = moves[chooser->pick(chooser->context, s, moves, points, count)];
    if (move.kind != GAME_MOVE_PLAY) return -1;
    *end = move.end;
    return move.tile;
}

/* Plays plies while the turn is a common one; returns how many. The state is written
 * back, and the ply that left the kernel applied by the general code. A tile drawn that
 * fits is placed (or kept) in the same round of the loop as its draw. A callback seat with
 * two or more moves is asked on the state stored for it (line_kernel_ask). */
static PLAYOUT_INLINE int line_kernel_play(bergen_state_t *s, const game_chooser_t *chooser_of_seat,
                                           bool only_uniform, bool observed)
{
    const tileset_t *suit = s->rules->physical_suit;
    line_kernel_t k;
    line_kernel_load(&k, s);
    for (int plies = 0;;) {
        int seat = k.t.to_move, tile = -1, end = 0;
        const game_chooser_t *chooser = &chooser_of_seat[seat];
        bool callback = !only_uniform && chooser->rule == GAME_CHOOSE_CALLBACK;
        bool uniform = only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM || callback; /* a single move */
        if (k.t.phase == BERGEN_PHASE_PLAY) {
            uint64_t fit0 = k.t.hand[seat] & k.suit0, fit1 = k.t.hand[seat] & k.suit1;
            if (callback && __builtin_popcountll(fit0) + __builtin_popcountll(fit1) > 1) {
                line_kernel_store(&k, s);
                tile = line_kernel_ask(s, chooser, fit0, fit1, false, &end);
                plies++;
            } else if (fit0 | fit1) {
                tile = line_kernel_choose(&k, chooser, uniform, fit0, fit1, &end);
                plies++;
            } else {
                bool blocked;
                plies += kernel_draw_or_pass(s, &k.t, k.suit0 | k.suit1, &blocked, observed);
                if (blocked) goto blocked;
                if (k.t.phase != BERGEN_PHASE_PLAY_DRAWN) continue;
            }
        }
        if (k.t.phase == BERGEN_PHASE_PLAY_DRAWN) {
            uint64_t drawn = (uint64_t)1 << k.t.drawn_tile;
            plies++;
            if (callback && (int)((k.suit0 & drawn) != 0) + (int)((k.suit1 & drawn) != 0) + k.t.may_keep_drawn > 1) {
                line_kernel_store(&k, s);
                if (line_kernel_ask(s, chooser, k.suit0 & drawn, k.suit1 & drawn, k.t.may_keep_drawn, &end) < 0) end = -1;
            } else {
                end = line_kernel_choose_drawn(&k, chooser, uniform);
            }
            if (end < 0) { /* keeps it */
                if (!kernel_next_turn(&k.t, k.suit0 | k.suit1)) goto blocked;
                continue;
            }
            tile = k.t.drawn_tile;
        }
        int points = line_kernel_points(&k, seat, tile, end);
        if (kernel_leaves_for(&k.t, tile, points)) { /* apply_play ends the hand or the match */
            line_kernel_store(&k, s);
            apply_play(s, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile, (uint8_t)end, 0}, NULL);
            return plies;
        }
        kernel_place(&k.t, tile, points, k.suit0 | k.suit1, observed);
        int exposed = tileset_pips(tile) - (end ? k.end1 : k.end0); /* mark_placement (R9) */
        uint64_t exposed_suit = suit[exposed].w[0];
        k.end0 = end ? k.end0 : exposed;
        k.end1 = end ? exposed : k.end1;
        k.suit0 = end ? k.suit0 : exposed_suit;
        k.suit1 = end ? exposed_suit : k.suit1;
        k.end_started |= 1u << end;
        k.end_double = (k.end_double & ~(1u << end)) | (unsigned)(k.t.doubles >> tile & 1) << end;
        bool one_side_bare = k.both_sides_first && __builtin_popcount(k.end_started) == 1; /* R10 */
        if (!kernel_next_turn(&k.t, k.suit0 | k.suit1)) goto blocked;
        if (one_side_bare) {
            line_kernel_store(&k, s);
            return plies;
        }
        continue;
    blocked:
        line_kernel_store(&k, s);
        end_hand(s, -1, NULL);
        return plies;
    }
}

/* ---- the spinner: every arm started before any is extended (DB R8), combinations (DB R12) ---- */

typedef struct spinner_kernel {
    kernel_t t;
    int end_number[GAME_MAX_ENDS];
    uint64_t end_suit[GAME_MAX_ENDS];
    unsigned end_double, end_started, all; /* all: a bit for every arm */
    uint64_t fitting;                      /* the tiles that fit an open end */
    int opening_number;
    bergen_exposures_t exposures; /* DB R12, kept up to date as in the state */
    bool new_end_only;
} spinner_kernel_t;

static inline unsigned spinner_open_ends(const spinner_kernel_t *k)
{
    unsigned bare = k->all & ~k->end_started;
    return bare ? bare : k->all;
}

/* k->fitting, after a change of the ends */
static inline void spinner_update_fitting(spinner_kernel_t *k)
{
    uint64_t fitting = 0;
    for (unsigned ends = spinner_open_ends(k); ends; ends &= ends - 1) fitting |= k->end_suit[__builtin_ctz(ends)];
    k->fitting = fitting;
}

static PLAYOUT_INLINE void spinner_kernel_load(spinner_kernel_t *k, const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    kernel_load(&k->t, s);
    k->all = (1u << s->end_count) - 1;
    k->end_double = s->end_double;
    k->end_started = s->end_started;
    k->opening_number = s->opening_number;
    k->new_end_only = r->combination_scope == BERGEN_SCOPE_NEW_END_ONLY;
    k->exposures = s->exposures;
    for (int e = 0; e < s->end_count; e++) {
        k->end_number[e] = s->end_number[e];
        k->end_suit[e] = r->physical_suit[s->end_number[e]].w[0];
    }
    spinner_update_fitting(k);
}

static PLAYOUT_INLINE void spinner_kernel_store(const spinner_kernel_t *k, bergen_state_t *s)
{
    kernel_store(&k->t, s);
    for (int e = 0; e < s->end_count; e++) s->end_number[e] = (int8_t)k->end_number[e];
    s->end_double = (uint8_t)k->end_double;
    s->end_started = (uint8_t)k->end_started;
    s->exposures = k->exposures;
    s->open_ends = (uint8_t)compute_open_ends(s);
}

/* The counts' side of placing `tile` on `end` (mark_placement, DB R7-R9); `sign` -1 takes
 * it back. Returns the number it exposes. */
static inline int spinner_mark(spinner_kernel_t *k, int tile, int end, int sign)
{
    int exposed = tileset_pips(tile) - k->end_number[end];
    exposures_place(&k->exposures, k->end_started, k->end_double, k->all, end, k->end_number[end], exposed,
                    k->t.doubles >> tile & 1, k->opening_number, sign);
    return exposed;
}

/* What placing `tile` on `end` credits the seat to move (DB R12, R13), as placement_points
 * gives it: the combinations after the placement, tried on the counts and taken back. */
static inline int spinner_kernel_points(spinner_kernel_t *k, int tile, int end)
{
    int exposed = spinner_mark(k, tile, end, 1);
    int points = k->new_end_only ? (k->exposures.count[exposed] >= 2 ? k->exposures.count[exposed] : 0)
                                 : k->exposures.total;
    spinner_mark(k, tile, end, -1);
    return near_goal_points(k->t.near_goal, points, k->t.target - k->t.score[k->t.to_move]);
}

/* spinner_kernel_points read off the counts without changing them (exposures_points_after),
 * for the placement a random seat chose: trying it on the counts and taking it back makes
 * a chain of six stores and loads of the same bytes (random deals of 4-player Double
 * Bergen 1.05 times faster without it). The most points still try each placement: with
 * this there too, the compiler laid out the playout's code otherwise, and greedy deals of
 * 2-player Bergen, which never reach the spinner, took 4-7% more time. */
static inline int spinner_points_after(const spinner_kernel_t *k, int tile, int end)
{
    int covered = k->end_number[end], exposed = tileset_pips(tile) - covered;
    int points = exposures_points_after(&k->exposures, k->end_started, k->end_double, k->all, end, covered, exposed,
                                        k->t.doubles >> tile & 1, k->new_end_only);
    return near_goal_points(k->t.near_goal, points, k->t.target - k->t.score[k->t.to_move]);
}

/* The tile a seat places, and on which end, from the open ends' placements in
 * legal_moves's order (end by end, lowest tile first): uniform, or the most points, then
 * the heavier tile, then the first. `only` limits the tiles (the one just drawn) or is
 * every tile; with `may_keep`, keeping it is listed last. Returns -1 when the seat keeps
 * it, or -2 when nothing fits. */
static PLAYOUT_INLINE int spinner_kernel_choose(spinner_kernel_t *k, const game_chooser_t *chooser, bool uniform,
                                               uint64_t only, bool may_keep, int *end)
{
    uint64_t hand = k->t.hand[k->t.to_move] & only;
    unsigned open = spinner_open_ends(k);
    int count = may_keep;
    for (unsigned ends = open; ends; ends &= ends - 1) count += __builtin_popcountll(hand & k->end_suit[__builtin_ctz(ends)]);
    if (count == may_keep) return -2;
    if (uniform) {
        /* the end the pick falls on found by selections, not a branch per end: which end
         * that is is a coin toss to the predictor */
        int pick = count == 1 ? 0 : (int)pcg32_below(chooser->rng, (uint32_t)count);
        int chosen = -1, nth = 0;
        for (unsigned ends = open; ends; ends &= ends - 1) {
            int e = __builtin_ctz(ends);
            int on_end = __builtin_popcountll(hand & k->end_suit[e]);
            bool here = (unsigned)pick < (unsigned)on_end;
            chosen = here ? e : chosen;
            nth = here ? pick : nth;
            pick -= on_end;
        }
        if (chosen < 0) return -1; /* the last in the list: keeping the drawn tile */
        *end = chosen;
        return tileset_word_nth(hand & k->end_suit[chosen], nth);
    }
    int best_tile = -1, best_points = -1, best_weight = -1;
    for (unsigned ends = open; ends; ends &= ends - 1) {
        int e = __builtin_ctz(ends);
        for (uint64_t tiles = hand & k->end_suit[e]; tiles; tiles &= tiles - 1) {
            int tile = __builtin_ctzll(tiles);
            int points = spinner_kernel_points(k, tile, e), weight = tileset_pips(tile);
            if (game_more_points(points, weight, best_points, best_weight)) {
                best_tile = tile;
                *end = e;
                best_points = points;
                best_weight = weight;
            }
        }
    }
    return best_tile; /* keeping scores nothing and weighs less than any tile */
}

/* line_kernel_play for the spinner: the same turns, the arms' own ends and combinations. */
static PLAYOUT_INLINE int spinner_kernel_play(bergen_state_t *s, const game_chooser_t *chooser_of_seat,
                                              bool only_uniform)
{
    const tileset_t *suit = s->rules->physical_suit;
    spinner_kernel_t k;
    spinner_kernel_load(&k, s);
    for (int plies = 0;;) {
        const game_chooser_t *chooser = &chooser_of_seat[k.t.to_move];
        bool uniform = only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM; /* no callback seat here */
        int tile = -2, end = 0;
        if (k.t.phase == BERGEN_PHASE_PLAY) {
            tile = spinner_kernel_choose(&k, chooser, uniform, ~(uint64_t)0, false, &end);
            if (tile == -2) {
                bool blocked;
                plies += kernel_draw_or_pass(s, &k.t, k.fitting, &blocked, false);
                if (blocked) goto blocked;
                if (k.t.phase != BERGEN_PHASE_PLAY_DRAWN) continue;
            } else {
                plies++;
            }
        }
        if (k.t.phase == BERGEN_PHASE_PLAY_DRAWN) { /* R12: only the tile just drawn, or keep it (A12) */
            plies++;
            tile = spinner_kernel_choose(&k, chooser, uniform, (uint64_t)1 << k.t.drawn_tile, k.t.may_keep_drawn, &end);
            if (tile < 0) { /* keeps it */
                if (!kernel_next_turn(&k.t, k.fitting)) goto blocked;
                continue;
            }
        }
        int points = only_uniform ? spinner_points_after(&k, tile, end) : spinner_kernel_points(&k, tile, end);
        if (kernel_leaves_for(&k.t, tile, points)) { /* apply_play ends the hand or the match */
            spinner_kernel_store(&k, s);
            apply_play(s, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile, (uint8_t)end, 0}, NULL);
            return plies;
        }
        kernel_place(&k.t, tile, points, k.fitting, false);
        int exposed = spinner_mark(&k, tile, end, 1); /* mark_placement (DB R7-R9) */
        k.end_number[end] = exposed;
        k.end_suit[end] = suit[exposed].w[0];
        k.end_started |= 1u << end;
        k.end_double = (k.end_double & ~(1u << end)) | (unsigned)(k.t.doubles >> tile & 1) << end;
        spinner_update_fitting(&k);
        if (!kernel_next_turn(&k.t, k.fitting)) goto blocked;
        continue;
    blocked:
        spinner_kernel_store(&k, s);
        end_hand(s, -1, NULL);
        return plies;
    }
}

/* A callback seat's pick among the listed moves, told each one's points for the seat to
 * move, as bergen_move_points gives them (0 for what places no tile): the heuristic of
 * pimc's playouts would otherwise ask move_points of every placement, through two calls
 * and the checks of a move it may not be allowed (in Double Bergen, a sixth of pimc's
 * instructions). Out of line: inlined, its loop changed the code of the line kernel
 * beside it (greedy deals took 39 instructions more). */
OUT_OF_LINE static int pick_told_points(const bergen_state_t *s, const game_chooser_t *chooser,
                                        const game_move_t *moves, int count)
{
    int points[GAME_MAX_MOVES];
    for (int i = 0; i < count; i++)
        points[i] = moves[i].kind != GAME_MOVE_PLAY ? 0
                                                    : allowed_placement_points(s, s->to_move, moves[i].tile, moves[i].end);
    return chooser->pick(chooser->context, s, moves, points, count);
}

/* The loop of game_t.playout; `only_uniform` (every seat chooses at random) and
 * `spinner_kernel` are constants at each call, so that loop tests no rule. Without a
 * callback seat the spinner's kernel plays; with one, this loop: in Double Bergen a
 * callback seat chooses on most turns, and the kernel's load and store around each choice
 * cost more than the forced turns it plays (pimc took 7% more instructions through the
 * kernel, measured again once the exposures were kept in the state). */
static PLAYOUT_INLINE int playout_loop(bergen_state_t *s, const game_chooser_t *chooser_of_seat, bool only_uniform,
                                       bool spinner_kernel, bool observed)
{
    game_move_t moves[GAME_MAX_MOVES];
    int plies = 0;
    while (s->status == GAME_IN_HAND) {
        if (s->rules->plain_header_line && s->open_ends == 3 && s->phase >= BERGEN_PHASE_PLAY) {
            plies += line_kernel_play(s, chooser_of_seat, only_uniform, observed);
            continue;
        } else if (spinner_kernel && s->rules->plain_combination_spinner && s->opening_number >= 0 &&
                   s->phase >= BERGEN_PHASE_PLAY) {
            plies += spinner_kernel_play(s, chooser_of_seat, only_uniform);
            continue;
        } else if (s->phase == BERGEN_PHASE_LEAD && s->qualifying_tile >= 0) { /* R5: the one legal lead */
            apply_play(s, (game_move_t){GAME_MOVE_PLAY, (uint8_t)s->qualifying_tile, GAME_NO_END, 0}, NULL);
            plies++;
            continue;
        }
        const game_chooser_t *chooser = &chooser_of_seat[s->to_move];
        int count = bergen_legal_moves(s, moves), pick = 0;
        if (count > 1) {
            if (only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM) pick = (int)pcg32_below(chooser->rng, (uint32_t)count);
            else if (chooser->rule == GAME_CHOOSE_CALLBACK) pick = pick_told_points(s, chooser, moves, count);
            else pick = game_most_points_by(bergen_move_points, s, s->to_move, moves, count);
        }
        bergen_apply(s, moves[pick], NULL);
        plies++;
    }
    return plies;
}

/* game_t.playout: the playouts of search (ismcts, pimc:rollout=random or greedy) and the
 * simulator's random and greedy agents play the hands the loop over legal_moves would,
 * without writing the list in the common turns. */
static int bergen_playout(void *state, const game_chooser_t *chooser_of_seat)
{
    bergen_state_t *s = state;
    bool only_uniform = true, callback = false;
    for (int seat = 0; seat < s->seats; seat++) {
        only_uniform &= chooser_of_seat[seat].rule == GAME_CHOOSE_UNIFORM;
        callback |= chooser_of_seat[seat].rule == GAME_CHOOSE_CALLBACK;
    }
    if (only_uniform) return playout_loop(s, chooser_of_seat, true, true, false);
    return callback ? playout_loop(s, chooser_of_seat, false, false, true)
                    : playout_loop(s, chooser_of_seat, false, true, false);
}

/* R7: the leader places the opening double, which no other move does. */
static int bergen_hand_leader(const void *state) { return ((const bergen_state_t *)state)->leader; }

static game_event_t bergen_last_hand_end(const void *state)
{
    const bergen_state_t *s = state;
    return (game_event_t){GAME_EVENT_HAND_END, s->hand_winner, 0, 0, 0, s->end_reason, s->hand_void ? GAME_EVENT_VOID : 0};
}

static int bergen_match_winner(const void *state)
{
    const bergen_state_t *s = state;
    return s->status == GAME_MATCH_OVER ? match_winner(s) : -1;
}

/* ------------------------------------------------------------------ the games */

#define BERGEN_FAMILY_FUNCTIONS                                                                                  \
    .state_size = sizeof(bergen_state_t), .reason_names = bergen_reason_names,                                   \
    .reason_count = BERGEN_REASON_COUNT, .award_words = bergen_award_words,                                       \
    .hand_end_words = bergen_hand_end_words, .rules_create = bergen_rules_create,                                 \
    .rules_destroy = bergen_rules_destroy, .seat_count = bergen_seat_count, .side_count = bergen_seat_count,     \
    .side_of_seat = bergen_side_of_seat, .match_start = bergen_match_start, .status = bergen_status,             \
    .deal = bergen_deal, .set_deal = bergen_set_deal, .get_deal = bergen_get_deal, .to_move = bergen_to_move,    \
    .legal_moves = bergen_legal_moves, .apply = bergen_apply, .scores = bergen_scores,                           \
    .last_hand_end = bergen_last_hand_end, .playout = bergen_playout, .hand_leader = bergen_hand_leader,                                             \
    .pips_left = bergen_pips_left, .match_winner = bergen_match_winner, .move_points = bergen_move_points,      \
    .hand_number = bergen_hand_number, .observe = bergen_observe, .determinize = bergen_determinize,            \
    .world_plan_size = sizeof(bergen_world_plan_t), .plan_worlds = bergen_plan_worlds,                          \
    .draw_world = bergen_draw_world,                                                                             \
    .move_text = bergen_move_text, .event_line = bergen_event_line, .line_move = bergen_line_move,               \
    .unwritten_move = bergen_unwritten_move, .tolerated_line = bergen_tolerated_line

const game_t bergen_game = {
    .name = "bergen",
    .help = "Bergen: line of play, points for double- and triple-headers (docs/rules/bergen.md)",
    .options = bergen_options,
    .option_count = BERGEN_OPTION_COUNT,
    .presets = bergen_presets,
    .preset_count = BERGEN_PRESET_COUNT,
    BERGEN_FAMILY_FUNCTIONS,
};

const game_t double_bergen_game = {
    .name = "double_bergen",
    .help = "Double Bergen: the opening double is a spinner, points for pairs and more (docs/rules/double-bergen.md)",
    .options = bergen_options,
    .option_count = BERGEN_OPTION_COUNT,
    .presets = double_bergen_presets,
    .preset_count = DOUBLE_BERGEN_PRESET_COUNT,
    BERGEN_FAMILY_FUNCTIONS,
};
