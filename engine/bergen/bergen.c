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
#include "bergen/bergen_ply.h"
#include "game_store.h"

static int bergen_seat_count(const game_rules_t *rules) { return bergen_rules_of(rules)->players; }

static void bergen_move_bounds(const game_rules_t *rules, game_move_bounds_t *out)
{
    const bergen_rules_t *r = bergen_rules_of(rules);
    *out = (game_move_bounds_t){.tiles = r->tile_count, .ends = r->end_count};
}
static int bergen_side_of_seat(const game_rules_t *rules, int seat) { (void)rules; return seat; }

/* ------------------------------------------------------------------ tile helpers */


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

unsigned bergen_open_ends(const bergen_state_t *s) { return compute_open_ends(s); }

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

/* game_store_placements, the tiles past the untested ones stored by add_tiles: the
 * generic loop for them cost Double Bergen's pimc more (docs/performance.md, "Why the code is shaped so"). */
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

int bergen_legal_moves(const void *state, game_move_t *out)
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
OUT_OF_LINE int bergen_target_winner(const bergen_state_t *s)
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

void bergen_finish_match(bergen_state_t *s, int winner, game_events_t *events)
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
    int match = bergen_target_winner(s);
    if (match >= 0) bergen_finish_match(s, match, events);
}

/* R19-R22: awards at the end of a hand; went_out is the seat that dominoed or -1. */
OUT_OF_LINE void bergen_end_hand(bergen_state_t *s, int went_out, game_events_t *events)
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
OUT_OF_LINE bool bergen_nobody_can_place(const bergen_state_t *s)
{
    tileset_t held = tileset_empty();
    for (int seat = 0; seat < s->seats; seat++) held = tileset_or(held, s->hand[seat]);
    return tileset_is_empty(tileset_and(held, fitting_tiles(s)));
}

bool bergen_passes_into_block(const bergen_state_t *s) { return stock_drawable(s) == 0 && bergen_nobody_can_place(s); }

/* DB R12's side of placing logical `tile` on `end` (GAME_NO_END: the opening double),
 * before the ends change. Out of line and tested once: inlined into every placement, it
 * made the line kernel's code around it worse (docs/performance.md, "Why the code is shaped so"). */
__attribute__((noinline)) void bergen_mark_exposures(bergen_state_t *s, int tile, int end)
{
    exposures_mark(&s->exposures, s, tile, end);
}

/* The points of a placement on a layout neither a line scored by headers nor scored by
 * combinations, by a trial placement. Agents ask this for every candidate placement, so
 * only the leading fields that mark_placement and layout_points read are copied
 * (BERGEN_ENDS_PREFIX, bergen.h), not the hands and deck: a tenth of the bytes. */
OUT_OF_LINE int bergen_trial_placement_points(const bergen_state_t *s, int seat, int tile, int end)
{
    const bergen_rules_t *r = s->rules;
    bergen_state_t after;
    memcpy(&after, s, BERGEN_ENDS_PREFIX);
    int exposed = mark_placement(&after, tile, end);
    return near_goal_points(r->near_goal, layout_points(r, &after, exposed), r->target - s->score[seat]);
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
int bergen_move_points(const void *state, int seat, game_move_t move)
{
    const bergen_state_t *s = state;
    if (move.kind == GAME_MOVE_PLAY) return placement_points(s, seat, move.tile, move.end);
    return s->status == GAME_IN_HAND && move.kind <= GAME_MOVE_END_TURN ? 0 : -1;
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

void bergen_apply(void *state, game_move_t move, game_events_t *events)
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
    return s->status == GAME_MATCH_OVER ? bergen_target_winner(s) : -1;
}

/* ------------------------------------------------------------------ the games */

#define BERGEN_FAMILY_FUNCTIONS                                                                                  \
    .state_size = sizeof(bergen_state_t), .reason_names = bergen_reason_names,                                   \
    .reason_words = bergen_reason_words, .reason_count = BERGEN_REASON_COUNT, .award_words = bergen_award_words,  \
    .hand_end_words = bergen_hand_end_words, .rules_create = bergen_rules_create,                                 \
    .rules_destroy = bergen_rules_destroy, .seat_count = bergen_seat_count, .side_count = bergen_seat_count,     \
    .side_of_seat = bergen_side_of_seat, .move_bounds = bergen_move_bounds, .match_start = bergen_match_start, .status = bergen_status,             \
    .deal = bergen_deal, .set_deal = bergen_set_deal, .get_deal = bergen_get_deal, .to_move = bergen_to_move,    \
    .legal_moves = bergen_legal_moves, .apply = bergen_apply, .scores = bergen_scores,                           \
    .last_hand_end = bergen_last_hand_end, .playout = bergen_playout, .hand_leader = bergen_hand_leader,                                             \
    .pips_left = bergen_pips_left, .match_winner = bergen_match_winner, .move_points = bergen_move_points,      \
    .hand_number = bergen_hand_number, .observe = bergen_observe, .determinize = bergen_determinize,            \
    .world_plan_size = sizeof(bergen_world_plan_t), .plan_worlds = bergen_plan_worlds,                          \
    .draw_world = bergen_draw_world, .hand_tiles = bergen_hand_tiles, .give_hand = bergen_give_hand,             \
    .move_text = bergen_move_text, .points_words = bergen_points_words, .event_line = bergen_event_line,         \
    .line_move = bergen_line_move, .unwritten_move = bergen_unwritten_move,                                       \
    .tolerated_line = bergen_tolerated_line

const game_t bergen_game = {
    .name = "bergen",
    .title = "Bergen",
    .help = "Bergen: line of play, points for double- and triple-headers (docs/rules/bergen.md)",
    .options = bergen_options,
    .option_count = BERGEN_OPTION_COUNT,
    .presets = bergen_presets,
    .preset_count = BERGEN_PRESET_COUNT,
    BERGEN_FAMILY_FUNCTIONS,
};

const game_t double_bergen_game = {
    .name = "double_bergen",
    .title = "Double Bergen",
    .help = "Double Bergen: the opening double is a spinner, points for pairs and more (docs/rules/double-bergen.md)",
    .options = bergen_options,
    .option_count = BERGEN_OPTION_COUNT,
    .presets = double_bergen_presets,
    .preset_count = DOUBLE_BERGEN_PRESET_COUNT,
    BERGEN_FAMILY_FUNCTIONS,
};
