/* bingo.c - Bingo through the game interface (game.h): the state's answers, the deal as
 * the record writes it, and the game's entry in the registry. The play is bingo_play.c.
 *
 * The record's deal: each seat's seven tiles, and as the stock the thirteen face-down tiles
 * in draw order followed by the turned tile, which the winner of trick 7 draws last (R10);
 * the `trump` line after it names the turned tile again.
 */
#include <stdio.h>
#include <string.h>

#include "bingo/bingo.h"

static int bi_seat_count(const game_rules_t *rules) { (void)rules; return BINGO_SEATS; }

static void bi_move_bounds(const game_rules_t *rules, game_move_bounds_t *out)
{
    (void)rules;
    *out = (game_move_bounds_t){.tiles = BINGO_TILES};
}
static int bi_side_of_seat(const game_rules_t *rules, int seat) { (void)rules; return seat; }
static game_status_t bi_status(const void *state) { return (game_status_t)((const bingo_state_t *)state)->status; }
static int bi_to_move(const void *state) { return ((const bingo_state_t *)state)->to_move; }
static int bi_hand_number(const void *state) { return ((const bingo_state_t *)state)->hand_number; }
/* R11: kept until the next deal, so the hand just ended still says who closed it. */
static int bi_hand_closer(const void *state) { return ((const bingo_state_t *)state)->closer; }

static void bi_scores(const void *state, int *out)
{
    const bingo_state_t *s = state;
    for (int seat = 0; seat < BINGO_SEATS; seat++) out[seat] = s->game_points[seat];
}

static int bi_match_winner(const void *state)
{
    const bingo_state_t *s = state;
    return s->status == GAME_MATCH_OVER ? s->match_result : -1;
}

/* The hand's pips by the rules' pip value (rules/README.md, "pips"): a 0 side counts 7 in
 * Bingo, so [0-0] is 14 and [0-5] 12; a double trump is its two sides, not its 28 points. */
static int bi_pips_left(const void *state, int seat)
{
    const bingo_state_t *s = state;
    uint64_t hand = s->hand[seat];
    int zero_sides = __builtin_popcountll(hand & tileset_suit(0).w[0]) + (int)(hand >> BINGO_TILE & 1);
    return tileset_pip_sum((tileset_t){{hand, 0}}) + 7 * zero_sides;
}

/* Points credited at once: a follow that wins the trick scores both tiles (R9); a meld its
 * points (R15); a lead, a close or a declined meld nothing. */
int bingo_move_points(const void *state, int seat, game_move_t move)
{
    const bingo_state_t *s = state;
    if (s->status != GAME_IN_HAND || seat < 0 || seat >= BINGO_SEATS) return -1;
    switch (move.kind) {
    case GAME_MOVE_PLAY:
        if (move.tile >= BINGO_TILES) return -1;
        if (s->phase != BI_PHASE_FOLLOW || seat == s->leader || move.tile == s->led) return s->phase == BI_PHASE_MELD ? -1 : 0;
        if (!bingo_beats(s->rules, s->trump, s->led, move.tile)) return 0;
        return bingo_points_of(s->rules, s->trump, s->led) + bingo_points_of(s->rules, s->trump, move.tile);
    case GAME_MOVE_MELD: {
        uint64_t doubles = 0;
        for (int n = 0; n <= 6; n++)
            if (move.extra >> n & 1) doubles |= (uint64_t)1 << tileset_double_index(n);
        return bingo_meld_points(doubles);
    }
    case GAME_MOVE_CLOSE:
    case GAME_MOVE_END_TURN: return 0;
    default: return -1;
    }
}

static int bi_capture_points(const void *state, int tile)
{
    const bingo_state_t *s = state;
    return bingo_points_of(s->rules, s->trump, tile); /* R13 */
}

static tileset_t bi_tiles_beating(const void *state, int led)
{
    const bingo_state_t *s = state;
    return (tileset_t){{s->rules->beating[s->trump][led], 0}}; /* R8 */
}

static void bi_get_deal(const void *state, game_deal_t *out)
{
    const bingo_state_t *s = state;
    memset(out, 0, sizeof *out);
    out->hand_number = s->hand_number;
    out->seats = BINGO_SEATS;
    out->leader = s->starter;
    for (int seat = 0; seat < BINGO_SEATS; seat++) { /* lowest tile first */
        uint64_t dealt = 0;
        for (int k = 0; k < BINGO_HAND_SIZE; k++) dealt |= (uint64_t)1 << s->deck[seat * BINGO_HAND_SIZE + k];
        for (; dealt; dealt &= dealt - 1) out->hand[seat][out->hand_size[seat]++] = (uint8_t)__builtin_ctzll(dealt);
    }
    for (int k = BINGO_STOCK_START; k < BINGO_TILES; k++) out->stock[out->stock_size++] = s->deck[k];
    out->stock[out->stock_size++] = s->deck[2 * BINGO_HAND_SIZE]; /* the turned tile, drawn last */
}

static int bi_set_deal(void *state, const game_deal_t *deal, game_events_t *events, char *error, size_t error_size)
{
    bingo_state_t *s = state;
    int next_starter = s->hand_number > 0 ? 1 - s->starter : s->starter;
    if (deal->hand_number != s->hand_number + 1 || deal->seats != BINGO_SEATS) {
        snprintf(error, error_size, "deal of hand %d: the next hand is %d, of 2 seats", deal->hand_number,
                 s->hand_number + 1);
        return -1;
    }
    if (s->hand_number == 0 && deal->leader >= 0 && deal->leader < BINGO_SEATS)
        s->starter = (int8_t)(next_starter = deal->leader); /* R2: the lot of the first hand, as recorded */
    if (deal->leader >= 0 && deal->leader != next_starter) {
        snprintf(error, error_size, "deal of hand %d: leader %d, but the rules make seat %d the starter (R2)",
                 deal->hand_number, deal->leader, next_starter);
        return -1;
    }
    uint8_t deck[BINGO_TILES];
    uint64_t used = 0;
    int at = 0;
    for (int seat = 0; seat < BINGO_SEATS; seat++) {
        if (deal->hand_size[seat] != BINGO_HAND_SIZE) {
            snprintf(error, error_size, "deal of hand %d: seat %d holds %d tiles, not 7 (R3)", deal->hand_number, seat,
                     deal->hand_size[seat]);
            return -1;
        }
        for (int k = 0; k < BINGO_HAND_SIZE; k++) deck[at++] = deal->hand[seat][k];
    }
    if (deal->stock_size != BINGO_TILES - 2 * BINGO_HAND_SIZE) {
        snprintf(error, error_size, "deal of hand %d: the stock holds %d tiles, not 14 (R3)", deal->hand_number,
                 deal->stock_size);
        return -1;
    }
    deck[at++] = deal->stock[deal->stock_size - 1]; /* the turned tile is written last */
    for (int k = 0; k < deal->stock_size - 1; k++) deck[at++] = deal->stock[k];
    for (int k = 0; k < BINGO_TILES; k++) {
        if (deck[k] >= BINGO_TILES || (used >> deck[k] & 1)) {
            snprintf(error, error_size, "deal of hand %d: a tile is dealt twice or is not of the double-six set",
                     deal->hand_number);
            return -1;
        }
        used |= (uint64_t)1 << deck[k];
    }
    bingo_deal_from(s, deck, events);
    return 0;
}

static game_event_t bi_last_hand_end(const void *state)
{
    const bingo_state_t *s = state;
    return (game_event_t){GAME_EVENT_HAND_END, s->hand_winner, 0, 0, 0, s->end_reason, 0};
}

const game_t bingo_game = {
    .name = "bingo",
    .title = "Bingo",
    .help = "Bingo: the two-player domino trick game with trumps, closing and melds (docs/rules/bingo.md)",
    .options = bingo_options,
    .option_count = BI_OPTION_COUNT,
    .presets = bingo_presets,
    .preset_count = 1,
    .state_size = sizeof(bingo_state_t),
    .reason_names = bingo_reason_names,
    .reason_words = bingo_reason_words,
    .reason_count = BI_REASON_COUNT,
    .award_words = bingo_award_words,
    .hand_end_words = bingo_hand_end_words,
    .facts = bingo_facts,
    .fact_count = sizeof bingo_facts / sizeof bingo_facts[0],
    .rules_create = bingo_rules_create,
    .rules_destroy = bingo_rules_destroy,
    .seat_count = bi_seat_count,
    .side_count = bi_seat_count,
    .side_of_seat = bi_side_of_seat,
    .move_bounds = bi_move_bounds,
    .match_start = bingo_match_start,
    .status = bi_status,
    .deal = bingo_deal,
    .set_deal = bi_set_deal,
    .get_deal = bi_get_deal,
    .to_move = bi_to_move,
    .legal_moves = bingo_legal_moves,
    .apply = bingo_apply,
    .playout = bingo_playout,
    .hand_closer = bi_hand_closer,
    .scores = bi_scores,
    .last_hand_end = bi_last_hand_end,
    .match_winner = bi_match_winner,
    .move_points = bingo_move_points,
    .capture_points = bi_capture_points,
    .tiles_beating = bi_tiles_beating,
    .follow_may_end_hand = bingo_follow_may_end_hand,
    .pips_left = bi_pips_left,
    .hand_number = bi_hand_number,
    .observe = bingo_observe,
    .determinize = bingo_determinize,
    .world_plan_size = sizeof(bingo_world_plan_t),
    .plan_worlds = bingo_plan_worlds,
    .draw_world = bingo_draw_world,
    .hand_tiles = bingo_hand_tiles,
    .give_hand = bingo_give_hand,
    .move_text = bingo_move_text,
    .points_words = bingo_points_words,
    .event_line = bingo_event_line,
    .line_move = bingo_line_move,
    .unwritten_move = bingo_unwritten_move,
    .tolerated_line = bingo_tolerated_line,
};
