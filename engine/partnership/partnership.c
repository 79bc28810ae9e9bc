/* partnership.c - the play of Partnership dominoes (docs/rules/partnership.md): deal and
 * redeal (R1, R2), who starts (R3-R8), the line and passes (R9, R10), the winner of a
 * hand (R11-R14), its scoring (R15-R20) and the end of the match (R21-R23), and the
 * game_t value. The other files of the game are listed in partnership_internal.h.
 *
 * The players' decisions are moves of kind GAME_MOVE_CHOICE (partnership_decision_t), so
 * every agent makes them: demanding a redeal (R2 optional), handing the lead to the
 * partner (R8) and the winning team's choice of the next starter (R6). That last one is
 * made after the hand's awards and its hand_end event, before the next deal: the state
 * stays GAME_IN_HAND, with that seat to move, until it is made.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_store.h"
#include "partnership/partnership_internal.h"

enum { TILE_66 = 27, TILE_00 = 0 };   /* tileset_index(6, 6), tileset_index(0, 0) */
enum { STARTER_66 = -1, STARTER_DRAW = -2 }; /* a starter not yet known when a hand is planned */

static int pt_seat_count(const game_rules_t *rules) { (void)rules; return PARTNERSHIP_SEATS; }

/* A choice's answer is 0 or 1, or a seat (PT_DECISION_STARTER). */
static void pt_move_bounds(const game_rules_t *rules, game_move_bounds_t *out)
{
    (void)rules;
    *out = (game_move_bounds_t){PARTNERSHIP_TILES, 2, PT_DECISION_COUNT, PARTNERSHIP_SEATS};
}
static int pt_side_count(const game_rules_t *rules) { (void)rules; return PARTNERSHIP_TEAMS; }
static int pt_side_of_seat(const game_rules_t *rules, int seat) { (void)rules; return partnership_team(seat); }

/* ------------------------------------------------------------------ rule functions */

int partnership_pips(const partnership_rules_t *rules, tileset_t tiles)
{
    int pips = tileset_pip_sum(tiles);
    if (tileset_has(tiles, TILE_00)) pips += rules->double_blank_value; /* R12, A20 */
    return pips;
}

int partnership_round(int rounding, int s)
{
    switch (rounding) {
    case PT_ROUND_DIV10_MIN1: return s <= 0 ? 0 : (s / 10 > 1 ? s / 10 : 1); /* R17, A8 */
    case PT_ROUND_FLOOR10: return s / 10 * 10;
    default: return s;
    }
}

bool partnership_draw_beats(int a, int b)
{
    if (tileset_pips(a) != tileset_pips(b)) return tileset_pips(a) > tileset_pips(b); /* R4 */
    return tileset_high(a) > tileset_high(b);
}

/* ------------------------------------------------------------------ state helpers */

static tileset_t full_set(void) { return tileset_full(6); }

static int holder_of(const partnership_state_t *s, int tile)
{
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++)
        if (tileset_has(s->hand[seat], tile)) return seat;
    return -1;
}

static int seat_pips(const partnership_state_t *s, int seat) { return partnership_pips(s->rules, s->hand[seat]); }
/* The partners' pips together (R12): the pips of both hands at once, as one set deals
 * each tile to one hand only (half the counting at every hand's end). */
static int team_pips(const partnership_state_t *s, int team)
{
    return partnership_pips(s->rules, tileset_or(s->hand[team], s->hand[team + 2]));
}

static tileset_t doubles_of(tileset_t hand) { return tileset_and(hand, tileset_doubles()); }

/* Tiles showing a number on either open end: what a passer is known to lack (R9). */
static tileset_t open_suits(const partnership_state_t *s)
{
    /* the suits of the numbers 0..6 lie within the double-six set already */
    return tileset_or(tileset_suit(s->end_number[0]), tileset_suit(s->end_number[1]));
}

static void credit(partnership_state_t *s, int team, int points, partnership_reason_t reason,
                   game_events_t *events)
{
    if (points == 0) return; /* nothing credited, nothing to record */
    s->score[team] += points;
    game_event_t award = {GAME_EVENT_AWARD, (int8_t)team, 0, 0, (int16_t)points, (uint8_t)reason, 0};
    game_events_push(events, award);
}

/* ------------------------------------------------------------------ match and deal */

static void pt_match_start(void *state, const game_rules_t *rules, uint64_t seed)
{
    partnership_state_t *s = state;
    memset(s, 0, sizeof *s);
    s->rules = partnership_rules_of(rules);
    s->status = GAME_BETWEEN_HANDS;
    s->to_move = -1;
    s->starter = -1;
    s->last_placer = -1;
    s->next_starter = STARTER_66;
    s->match_first_starter = -1;
    s->previous_first_starter = -1;
    s->hand_winner = -1;
    s->match_result = -1;
    s->last_tile = -1;
    memset(s->end_number, -1, sizeof s->end_number);
    memset(s->end_placer, -1, sizeof s->end_placer);
    pcg32_seed(&s->rng, seed, 0x7061727472ULL); /* the stream name spells "partr" */
}

/* R5: with holder_66 the first hand of the next match is started by the seat after the one
 * who started the previous match's first hand, with any tile; with draw_highest the seats
 * draw again (a fresh match_start does). */
static void pt_match_start_next(void *state, const game_rules_t *rules, uint64_t seed)
{
    partnership_state_t *s = state;
    int previous = s->match_first_starter;
    pt_match_start(state, rules, seed);
    s->previous_first_starter = (int8_t)previous;
}

/* R16, R22: under penalty_own_pips each team's score is its own pips, the fewer the better. */
static bool pt_lower_score_wins(const game_rules_t *rules)
{
    return partnership_rules_of(rules)->scoring_mode == PT_SCORING_PENALTY_OWN_PIPS;
}

static game_status_t pt_status(const void *state) { return (game_status_t)((const partnership_state_t *)state)->status; }
static int pt_to_move(const void *state) { return ((const partnership_state_t *)state)->to_move; }
static int pt_hand_number(const void *state) { return ((const partnership_state_t *)state)->hand_number; }
static int pt_pips_left(const void *state, int seat) { return seat_pips(state, seat); }

static void pt_scores(const void *state, int *out)
{
    const partnership_state_t *s = state;
    for (int team = 0; team < PARTNERSHIP_TEAMS; team++) out[team] = s->score[team];
}

/* The number and the starter of the next deal (R2, R3, R6, R14): a seat, STARTER_66 or
 * STARTER_DRAW. */
static int plan_next_hand(const partnership_state_t *s, int *hand_number)
{
    const partnership_rules_t *r = s->rules;
    if (s->hand_void) { /* R2, R14 replay: the same number; a [6-6] starter is not kept */
        *hand_number = s->hand_number;
        return s->starter_from_66 ? STARTER_66 : s->starter;
    }
    *hand_number = s->hand_number + 1;
    if (s->hand_number == 0 && r->first_hand_leader == PT_FIRST_HOLDER_66 && s->previous_first_starter >= 0)
        return partnership_next_match_starter(s->previous_first_starter); /* R5 */
    if (r->next_hand_starter == PT_NEXT_HOLDER_66_EACH_HAND) return STARTER_66;
    if (s->hand_number == 0) return r->first_hand_leader == PT_FIRST_HOLDER_66 ? STARTER_66 : STARTER_DRAW; /* R3 */
    return s->next_starter;
}

/* R3, R4: each seat in order 0 to 3 draws a tile from the shuffled set; the highest leads. */
static int draw_for_lead(partnership_state_t *s)
{
    uint8_t deck[PARTNERSHIP_TILES];
    for (int t = 0; t < PARTNERSHIP_TILES; t++) deck[t] = (uint8_t)t;
    pcg32_shuffle_bytes(&s->rng, deck, PARTNERSHIP_TILES);
    int best = 0;
    for (int seat = 1; seat < PARTNERSHIP_SEATS; seat++)
        if (partnership_draw_beats(deck[seat], deck[best])) best = seat;
    return best;
}

static void void_hand(partnership_state_t *s, partnership_reason_t reason, game_events_t *events)
{
    s->status = GAME_BETWEEN_HANDS;
    s->hand_void = 1;
    s->to_move = -1;
    s->end_reason = (uint8_t)reason;
    game_event_t end = {GAME_EVENT_HAND_END, -1, 0, 0, 0, (uint8_t)reason, GAME_EVENT_VOID};
    game_events_push(events, end);
}

/* R7 for a free lead by the starter (not handed over, R8). What the rule reveals is public:
 * a starter who may lead any tile under it holds no double, and so on. */
static void free_lead(partnership_state_t *s)
{
    const partnership_rules_t *r = s->rules;
    int starter = s->starter, partner = partnership_partner(starter);
    s->phase = PT_PHASE_LEAD;
    s->to_move = (int8_t)starter;
    s->lead_kind = PT_LEAD_ANY;
    if (r->lead_double_rule == PT_LEAD_DOUBLE_NONE) return;
    bool starter_has = !tileset_is_empty(doubles_of(s->hand[starter]));
    if (starter_has) {
        s->lead_kind = PT_LEAD_DOUBLE;
        return;
    }
    s->lacks[starter] = tileset_or(s->lacks[starter], tileset_and(tileset_doubles(), full_set()));
    if (r->lead_double_rule != PT_LEAD_DOUBLE_TEAM) return;
    if (!tileset_is_empty(doubles_of(s->hand[partner]))) { /* R7 team_if_held: the partner leads a double */
        s->lead_kind = PT_LEAD_DOUBLE;
        s->to_move = (int8_t)partner;
        return;
    }
    s->lacks[partner] = tileset_or(s->lacks[partner], tileset_and(tileset_doubles(), full_set()));
}

/* The lead, once no redeal is demanded (R3, R6, R7, R8). */
static void start_lead(partnership_state_t *s)
{
    s->phase = PT_PHASE_LEAD;
    s->to_move = s->starter;
    if (s->starter_from_66) { /* R3 holder_66, R6: the [6-6] holder leads it */
        s->lead_kind = PT_LEAD_66;
        return;
    }
    if (s->rules->allow_lead_to_partner) { /* R8: his decision, on a free lead only */
        s->phase = PT_PHASE_LEAD_CHOICE;
        return;
    }
    free_lead(s);
}

static bool may_demand_redeal(const partnership_state_t *s, int seat)
{
    return tileset_size(doubles_of(s->hand[seat])) >= s->rules->redeal_min_doubles;
}

/* R2 optional: the next seat in order from the starter, after `asked` seats, that holds
 * enough doubles; -1 when none is left. */
static int next_redeal_asker(partnership_state_t *s)
{
    while (s->redeal_asked < PARTNERSHIP_SEATS) {
        int seat = (s->starter + s->redeal_asked) & 3;
        s->redeal_asked++;
        if (may_demand_redeal(s, seat)) return seat;
    }
    return -1;
}

/* Starts the hand whose tiles are in deck[] (seat k holds deck[7k..7k+7)). A deal voided
 * by a redeal still stands in the record, so the deal event comes first. */
static void begin_hand(partnership_state_t *s, int starter, game_events_t *events)
{
    const partnership_rules_t *r = s->rules;
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) {
        s->hand[seat] = tileset_empty();
        for (int k = 0; k < PARTNERSHIP_HAND_SIZE; k++) tileset_add(&s->hand[seat], s->deck[seat * PARTNERSHIP_HAND_SIZE + k]);
        s->hand_count[seat] = PARTNERSHIP_HAND_SIZE;
        s->passes[seat] = 0;
        s->lacks[seat] = tileset_empty();
        s->played[seat] = tileset_empty();
        s->opened[seat] = 0;
    }
    s->starter_from_66 = starter == STARTER_66;
    if (starter == STARTER_66) starter = holder_of(s, TILE_66);
    s->starter = (int8_t)starter;
    if (s->hand_number == 1) s->match_first_starter = (int8_t)starter; /* R5 */
    s->table = tileset_empty();
    s->table_count = 0;
    memset(s->end_number, -1, sizeof s->end_number);
    memset(s->end_placer, -1, sizeof s->end_placer); /* a playout without observers leaves them stale */
    s->last_tile = -1;
    s->last_placer = -1;
    s->consecutive_passes = 0;
    s->paid = 0;
    s->hand_void = 0;
    s->hand_winner = -1;
    s->redeal_asked = 0;
    s->end_reason = PT_REASON_NONE;
    memset(s->hand_pass_bonus, 0, sizeof s->hand_pass_bonus);
    s->status = GAME_IN_HAND;
    game_event_t deal = {GAME_EVENT_DEAL, (int8_t)starter, 0, 0, 0, PT_REASON_NONE, 0};
    game_events_push(events, deal);
    if (r->redeal_min_doubles > 0) { /* R2 */
        if (r->redeal_mode == PT_REDEAL_MANDATORY) {
            for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++)
                if (may_demand_redeal(s, seat)) {
                    void_hand(s, PT_REASON_REDEAL, events);
                    return;
                }
        } else {
            int asker = next_redeal_asker(s);
            if (asker >= 0) {
                s->phase = PT_PHASE_REDEAL_CHOICE;
                s->to_move = (int8_t)asker;
                return;
            }
        }
    }
    start_lead(s);
}

static void pt_deal(void *state, game_events_t *events)
{
    partnership_state_t *s = state;
    int hand_number, starter = plan_next_hand(s, &hand_number);
    s->hand_number = (int16_t)hand_number;
    if (starter == STARTER_DRAW) starter = draw_for_lead(s); /* R3: then reshuffled */
    for (int t = 0; t < PARTNERSHIP_TILES; t++) s->deck[t] = (uint8_t)t;
    pcg32_shuffle_bytes(&s->rng, s->deck, PARTNERSHIP_TILES); /* R1 */
    begin_hand(s, starter, events);
}

static int deal_error(char *error, size_t error_size, const char *what, int hand_number)
{
    snprintf(error, error_size, "deal of hand %d: %s", hand_number, what);
    return -1;
}

static int pt_set_deal(void *state, const game_deal_t *deal, game_events_t *events, char *error, size_t error_size)
{
    partnership_state_t *s = state;
    char message[160];
    int hand_number, planned = plan_next_hand(s, &hand_number);
    if (deal->hand_number != hand_number) {
        snprintf(message, sizeof message, "hand number %d, but the next hand is %d", deal->hand_number, hand_number);
        return deal_error(error, error_size, message, deal->hand_number);
    }
    if (deal->seats != PARTNERSHIP_SEATS) return deal_error(error, error_size, "there must be 4 hands", hand_number);
    if (deal->leader < -1 || deal->leader >= PARTNERSHIP_SEATS)
        return deal_error(error, error_size, "leader must be a seat", hand_number);
    if (deal->stock_size != 0) return deal_error(error, error_size, "there is no stock (R1)", hand_number);
    tileset_t used = tileset_empty();
    uint8_t deck[PARTNERSHIP_TILES];
    int holder_66 = -1;
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) {
        if (deal->hand_size[seat] != PARTNERSHIP_HAND_SIZE) {
            snprintf(message, sizeof message, "seat %d holds %d tiles, not 7 (R1)", seat, deal->hand_size[seat]);
            return deal_error(error, error_size, message, hand_number);
        }
        for (int k = 0; k < PARTNERSHIP_HAND_SIZE; k++) {
            int tile = deal->hand[seat][k];
            if (tile >= PARTNERSHIP_TILES || tileset_has(used, tile))
                return deal_error(error, error_size, "a tile is dealt twice or is not of the double-six set",
                                  hand_number);
            tileset_add(&used, tile);
            if (tile == TILE_66) holder_66 = seat;
            deck[seat * PARTNERSHIP_HAND_SIZE + k] = (uint8_t)tile;
        }
    }
    int expected = planned == STARTER_66 ? holder_66 : planned;
    if (deal->leader >= 0 && expected >= 0 && deal->leader != expected) {
        snprintf(message, sizeof message, "leader %d, but the rules make seat %d the starter (R3, R6)", deal->leader,
                 expected);
        return deal_error(error, error_size, message, hand_number);
    }
    int starter = planned;
    if (planned == STARTER_DRAW) starter = deal->leader >= 0 ? deal->leader : draw_for_lead(s);
    s->hand_number = (int16_t)hand_number;
    memcpy(s->deck, deck, sizeof deck);
    begin_hand(s, starter, events);
    return 0;
}

static void pt_get_deal(const void *state, game_deal_t *out)
{
    const partnership_state_t *s = state;
    memset(out, 0, sizeof *out);
    out->hand_number = s->hand_number;
    out->seats = PARTNERSHIP_SEATS;
    out->leader = s->starter;
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) { /* each hand as the set it was, lowest tile first */
        tileset_t dealt = tileset_empty();
        for (int k = 0; k < PARTNERSHIP_HAND_SIZE; k++) tileset_add(&dealt, s->deck[seat * PARTNERSHIP_HAND_SIZE + k]);
        while (!tileset_is_empty(dealt)) out->hand[seat][out->hand_size[seat]++] = (uint8_t)tileset_pop_lowest(&dealt);
    }
}

/* ------------------------------------------------------------------ legal moves */

/* The 28 tiles of the double-six set are bits 0..27 of word 0 (tileset.h), so the hot
 * paths below work on that word alone, as Bergen's do. */
static inline uint64_t word_of(tileset_t tiles) { return tiles.w[0]; }

static int add_choice(int decision, int answer, game_move_t *out, int count)
{
    out[count] = (game_move_t){GAME_MOVE_CHOICE, 0, (uint8_t)decision, (uint8_t)answer};
    return count + 1;
}

static int pt_legal_moves(const void *state, game_move_t *out)
{
    const partnership_state_t *s = state;
    if (s->status != GAME_IN_HAND) return 0;
    uint64_t hand = word_of(s->hand[s->to_move]);
    if (s->phase == PT_PHASE_PLAY) {
        /* R9: a placement of every tile that fits, end by end; he must place if able. */
        int count = game_store_placements(hand & word_of(tileset_suit(s->end_number[0])), 0, out, 0);
        count = game_store_placements(hand & word_of(tileset_suit(s->end_number[1])), 1, out, count);
        if (count) return count;
        out[0] = (game_move_t){GAME_MOVE_PASS, 0, 0, 0};
        return 1;
    }
    switch (s->phase) {
    case PT_PHASE_REDEAL_CHOICE: return add_choice(PT_DECISION_DEMAND_REDEAL, 1, out, add_choice(PT_DECISION_DEMAND_REDEAL, 0, out, 0));
    case PT_PHASE_LEAD_CHOICE: return add_choice(PT_DECISION_LEAD_TO_PARTNER, 1, out, add_choice(PT_DECISION_LEAD_TO_PARTNER, 0, out, 0));
    case PT_PHASE_STARTER_CHOICE: { /* R6: either member of the winning team, lower seat first */
        int low = s->to_move & 1;
        return add_choice(PT_DECISION_STARTER, low + 2, out, add_choice(PT_DECISION_STARTER, low, out, 0));
    }
    default: /* PT_PHASE_LEAD */
        if (s->lead_kind == PT_LEAD_66) return game_store_each_placement(word_of(tileset_single(TILE_66)), GAME_NO_END, out, 0);
        if (s->lead_kind == PT_LEAD_DOUBLE) return game_store_each_placement(word_of(doubles_of(s->hand[s->to_move])), GAME_NO_END, out, 0);
        return game_store_each_placement(hand, GAME_NO_END, out, 0);
    }
}

/* ------------------------------------------------------------------ end of hand and match */

/* R21-R23: the match's result once a hand's points are in: 1 with *winner set (-1 a
 * draw), or 0 to play on. */
static int match_decided(const partnership_state_t *s, int *winner)
{
    const partnership_rules_t *r = s->rules;
    const int32_t *sc = s->score;
    switch (r->scoring_mode) {
    case PT_SCORING_HANDS_WON: /* R23 */
        for (int team = 0; team < PARTNERSHIP_TEAMS; team++) {
            if (sc[team] < r->hands_to_win) continue;
            bool short_fall = sc[1 - team] < r->min_opponent_wins;
            *winner = short_fall && r->shortfall_result == PT_SHORTFALL_DRAW ? -1 : team;
            return 1;
        }
        return 0;
    case PT_SCORING_PENALTY_OWN_PIPS: /* R22: the lower total wins once anyone is there */
        if ((sc[0] < r->target && sc[1] < r->target) || sc[0] == sc[1]) return 0;
        *winner = sc[0] < sc[1] ? 0 : 1;
        return 1;
    default: /* R21 */
        if (sc[0] < r->target && sc[1] < r->target) return 0;
        if (sc[0] == sc[1]) return 0;
        *winner = sc[0] > sc[1] ? 0 : 1;
        return 1;
    }
}

/* The hand_end event, then the match's end if it is decided (R21-R23). Under
 * winning_team_choice with a winner and the match going on, the hand stays open for the
 * winners' decision (R6), which the record writes after hand_end, before the next deal
 * (record-format.md, "Pinned details"). */
static void close_hand(partnership_state_t *s, int decider, game_events_t *events)
{
    game_event_t end = {GAME_EVENT_HAND_END, s->hand_winner, 0, 0, 0, s->end_reason, 0};
    game_events_push(events, end);
    int winner;
    if (match_decided(s, &winner)) {
        s->status = GAME_MATCH_OVER;
        s->to_move = -1;
        s->match_result = (int8_t)winner;
        game_event_t match = {GAME_EVENT_MATCH_END, (int8_t)winner, 0, 0, 0, PT_REASON_NONE, 0};
        game_events_push(events, match);
        return;
    }
    if (decider >= 0) { /* R6, A5 */
        s->phase = PT_PHASE_STARTER_CHOICE;
        s->to_move = (int8_t)decider;
        return;
    }
    s->status = GAME_BETWEEN_HANDS;
    s->to_move = -1;
}

/* The member of `team` with fewer pips; partners tied: the first in playing order from
 * next(blocker) (R6, R14). */
static int lighter_member(const partnership_state_t *s, int team, int blocker)
{
    for (int k = 1, best = -1; k <= PARTNERSHIP_SEATS; k++) {
        int seat = (blocker + k) & 3;
        if (partnership_team(seat) != team) continue;
        if (best < 0) {
            best = seat;
            continue;
        }
        return seat_pips(s, seat) < seat_pips(s, best) ? seat : best;
    }
    return -1; /* not reached: a team has two members */
}

/* R20: the last-tile bonuses of a domino. */
static void last_tile_bonuses(partnership_state_t *s, int team, game_events_t *events)
{
    const partnership_rules_t *r = s->rules;
    int t = s->last_tile, x = s->ends_before_last[0], y = s->ends_before_last[1];
    bool chuchazo = false;
    if (t == TILE_00) /* any_zero_end: it was legal, so an end showed 0 */
        chuchazo = r->chuchazo_rule == PT_CHUCHAZO_ANY_ZERO_END || ((x == 0) != (y == 0));
    if (chuchazo) {
        credit(s, team, r->chuchazo_bonus, PT_REASON_CHUCHAZO, events);
        return;
    }
    if (tileset_is_double(t)) {
        if (x == y && tileset_low(t) == x) credit(s, team, r->dominao_bonus, PT_REASON_DOMINAO, events);
        return;
    }
    bool capicu = x != y ? t == tileset_index(x, y) : tileset_shows(t, x) && !r->capicu_distinct_ends;
    if (capicu) credit(s, team, r->capicu_bonus, PT_REASON_CAPICU, events);
}

/* R11-R20 and the next starter (R6, R14); went_out is the seat that dominoed, or -1 for a
 * block (R10), whose blocker is last_placer. */
static void end_hand(partnership_state_t *s, int went_out, game_events_t *events)
{
    const partnership_rules_t *r = s->rules;
    int blocker = s->last_placer;
    int pips[PARTNERSHIP_TEAMS] = {team_pips(s, 0), team_pips(s, 1)};
    int winner = -1, lead_next = -1; /* the winning team; the seat that leads next under winner_leads */
    s->end_reason = (uint8_t)(went_out >= 0 ? PT_REASON_DOMINO : PT_REASON_BLOCKED);
    if (went_out >= 0) { /* R11 */
        winner = partnership_team(went_out);
        lead_next = went_out;
    } else {
        bool tie = false;
        switch (r->block_winner_rule) { /* R13 */
        case PT_BLOCK_TEAM_FEWER_PIPS:
            if (pips[0] == pips[1]) tie = true;
            else winner = pips[0] < pips[1] ? 0 : 1;
            break;
        case PT_BLOCK_BLOCKER_OR_NEXT_FEWER: {
            int next = partnership_next(blocker), a = seat_pips(s, blocker), b = seat_pips(s, next);
            if (a == b) tie = true;
            else lead_next = a < b ? blocker : next; /* the lighter of the two wins for his team, and leads (PT-01) */
            if (!tie) winner = partnership_team(lead_next);
            break;
        }
        case PT_BLOCK_BLOCKER: winner = partnership_team(blocker); break;
        default: winner = partnership_team(partnership_next(blocker)); break;
        }
        if (tie) {
            switch (r->block_tie_rule) { /* R14 */
            case PT_TIE_REPLAY: /* void: no points, and this hand's pass bonuses are taken back (A7) */
                for (int team = 0; team < PARTNERSHIP_TEAMS; team++)
                    credit(s, team, -s->hand_pass_bonus[team], PT_REASON_PASS_BONUS_CANCELLED, events);
                void_hand(s, PT_REASON_REPLAY, events);
                return;
            case PT_TIE_STARTING_TEAM_WINS: winner = partnership_team(s->starter); break;
            case PT_TIE_MORE_TILES_WINS: {
                int tiles0 = s->hand_count[0] + s->hand_count[2], tiles1 = s->hand_count[1] + s->hand_count[3];
                if (tiles0 != tiles1) winner = tiles0 > tiles1 ? 0 : 1; /* equal counts: no_score (A6) */
                break;
            }
            case PT_TIE_LAST_PLAYER_TEAM_LOSES: winner = 1 - partnership_team(blocker); break;
            case PT_TIE_LAST_PLAYER_TEAM_WINS:
                winner = partnership_team(blocker);
                lead_next = blocker;
                break;
            default: break; /* no_score */
            }
        }
        if (winner >= 0 && lead_next < 0) lead_next = lighter_member(s, winner, blocker);
    }
    s->hand_winner = (int8_t)winner;

    switch (r->scoring_mode) { /* R15 */
    case PT_SCORING_PIPS:
        if (winner >= 0) {
            int total = r->count_all_hands ? pips[0] + pips[1] : pips[1 - winner];
            credit(s, winner, partnership_round(r->score_rounding, total), /* R17 */
                   went_out >= 0 ? PT_REASON_DOMINO : PT_REASON_BLOCK, events);
        }
        break;
    case PT_SCORING_PENALTY_OWN_PIPS: /* every hand, each team its own pips (R16) */
        for (int team = 0; team < PARTNERSHIP_TEAMS; team++)
            credit(s, team, partnership_round(r->score_rounding, pips[team]), PT_REASON_OWN_PIPS, events);
        break;
    case PT_SCORING_MILO:
        if (winner < 0) break;
        if (went_out < 0) credit(s, winner, r->milo_block_points, PT_REASON_BLOCK, events);
        else if (s->end_number[0] == s->end_number[1]) credit(s, winner, r->milo_points, PT_REASON_MILO, events);
        else credit(s, winner, r->milo_domino_points, PT_REASON_DOMINO, events);
        break;
    default:
        if (winner >= 0) credit(s, winner, 1, PT_REASON_HAND_WON, events);
        break;
    }
    if (went_out >= 0) {
        s->domino_wins++;
        int k = r->hand_bonus_basis == PT_BASIS_HAND_INDEX ? s->hand_number : s->domino_wins; /* R19 */
        if (k >= 1 && k <= r->hand_bonus_count) credit(s, winner, r->hand_bonus[k - 1], PT_REASON_HAND_BONUS, events);
        last_tile_bonuses(s, winner, events); /* R20 */
    }

    switch (r->next_hand_starter) { /* R6, with R14's overrides */
    case PT_NEXT_ROTATE: s->next_starter = (int8_t)partnership_next(s->starter); break;
    case PT_NEXT_WINNER_LEADS: s->next_starter = (int8_t)(winner >= 0 ? lead_next : STARTER_66); break;
    case PT_NEXT_WINNING_TEAM_CHOICE: s->next_starter = (int8_t)partnership_next(s->starter); break;
    default: s->next_starter = STARTER_66; break;
    }
    /* R6, A5: the winners' decision is the domino player's, or after a block the lighter
     * member's (not the seat winner_leads would make start: the blocker, or the lighter of
     * blocker and next) */
    int decider = -1;
    if (r->next_hand_starter == PT_NEXT_WINNING_TEAM_CHOICE && winner >= 0)
        decider = went_out >= 0 ? went_out : lighter_member(s, winner, blocker);
    close_hand(s, decider, events);
}

/* ------------------------------------------------------------------ apply */

/* apply_play, and the uniform playout's placement where a callback seat observes the hand. */
static inline __attribute__((always_inline)) void play_tile(partnership_state_t *s, game_move_t move,
                                                            game_events_t *events)
{
    int seat = s->to_move, tile = move.tile;
    s->ends_before_last[0] = s->end_number[0];
    s->ends_before_last[1] = s->end_number[1];
    if (move.end == GAME_NO_END) { /* the lead: both ends show its numbers */
        s->end_number[0] = (int8_t)tileset_low(tile);
        s->end_number[1] = (int8_t)tileset_high(tile);
        s->end_placer[0] = s->end_placer[1] = (int8_t)seat;
        s->opened[seat] |= (uint16_t)(1u << s->end_number[0] | 1u << s->end_number[1]);
    } else {
        /* the tile's other side: its pips less the end's number, not tileset_other_side's
         * branch on which side shows it, which the predictor misses */
        s->end_number[move.end] = (int8_t)(tileset_pips(tile) - s->end_number[move.end]);
        s->end_placer[move.end] = (int8_t)seat;
        s->opened[seat] |= (uint16_t)(1u << s->end_number[move.end]);
    }
    uint64_t bit = (uint64_t)1 << tile;
    s->hand[seat].w[0] &= ~bit;
    s->hand_count[seat]--;
    s->table.w[0] |= bit;
    s->played[seat].w[0] |= bit;
    s->table_count++;
    s->last_tile = (int8_t)tile;
    s->last_placer = (int8_t)seat;
    s->consecutive_passes = 0;
    s->phase = PT_PHASE_PLAY;
    game_event_t play = {GAME_EVENT_PLAY, (int8_t)seat, (uint8_t)tile, move.end, 0, PT_REASON_NONE, 0};
    game_events_push(events, play);
    if (s->hand_count[seat] == 0) { /* R10 domino */
        end_hand(s, seat, events);
        return;
    }
    s->to_move = (int8_t)partnership_next(seat);
}

static void apply_play(partnership_state_t *s, game_move_t move, game_events_t *events)
{
    play_tile(s, move, events);
}

/* apply_pass; `observed` (a constant at each call) false in uniform_kernel, where nobody
 * observes the hand before its end (game.h, playout): what the seat showed it lacks, and
 * its passes, are then not kept. */
static inline __attribute__((always_inline)) void pass_turn(partnership_state_t *s, game_events_t *events,
                                                            bool observed)
{
    const partnership_rules_t *r = s->rules;
    int seat = s->to_move;
    if (observed) {
        s->lacks[seat] = tileset_or(s->lacks[seat], open_suits(s));
        s->passes[seat]++;
    }
    s->consecutive_passes++;
    game_event_t pass = {GAME_EVENT_PASS, (int8_t)seat, 0, 0, 0, PT_REASON_NONE, 0};
    game_events_push(events, pass);
    if (r->pass_bonus_first > 0 && partnership_team(seat) != partnership_team(s->last_placer)) { /* R18 */
        int team = partnership_team(s->last_placer);
        int amount = s->paid == 0 ? r->pass_bonus_first : r->pass_bonus_next;
        s->paid++;
        s->hand_pass_bonus[team] += amount;
        credit(s, team, amount, PT_REASON_PASS_BONUS, events);
    }
    if (s->consecutive_passes == PARTNERSHIP_SEATS) { /* R10 block */
        end_hand(s, -1, events);
        return;
    }
    s->to_move = (int8_t)partnership_next(seat);
}

static void apply_pass(partnership_state_t *s, game_events_t *events) { pass_turn(s, events, true); }

static void apply_choice(partnership_state_t *s, game_move_t move, game_events_t *events)
{
    int seat = s->to_move;
    game_event_t choice = {GAME_EVENT_CHOICE, (int8_t)seat, 0, move.end, move.extra, PT_REASON_NONE, 0};
    game_events_push(events, choice);
    switch (move.end) {
    case PT_DECISION_DEMAND_REDEAL: { /* R2 */
        if (move.extra) {
            void_hand(s, PT_REASON_REDEAL, events);
            return;
        }
        int asker = next_redeal_asker(s);
        if (asker >= 0) s->to_move = (int8_t)asker;
        else start_lead(s);
        return;
    }
    case PT_DECISION_LEAD_TO_PARTNER: /* R8: the partner leads any tile; play goes on from him */
        if (move.extra) {
            s->phase = PT_PHASE_LEAD;
            s->lead_kind = PT_LEAD_ANY;
            s->to_move = (int8_t)partnership_partner(seat);
        } else {
            free_lead(s);
        }
        return;
    default: /* R6 winning_team_choice, after the hand_end */
        s->next_starter = (int8_t)move.extra;
        s->status = GAME_BETWEEN_HANDS;
        s->to_move = -1;
        return;
    }
}

static void pt_apply(void *state, game_move_t move, game_events_t *events)
{
    partnership_state_t *s = state;
    switch (move.kind) {
    case GAME_MOVE_PLAY: apply_play(s, move, events); break;
    case GAME_MOVE_PASS: apply_pass(s, events); break;
    case GAME_MOVE_CHOICE: apply_choice(s, move, events); break;
    default: break;
    }
}

static int pt_move_points(const void *state, int seat, game_move_t move);

/* The turns of a hand under way (phase play) where every seat chooses at random: the
 * placements and passes of play_tile and pass_turn, each drawn as playout_loop draws them
 * (the k-th of legal_moves's list), the same moves from the same draws, with the hands,
 * ends and turn in local variables. The state's byte fields may alias anything, the
 * streams' words too, so in place the compiler stores and reloads the state around every
 * draw and store; here it keeps it in registers (faster: docs/performance.md, "Why the
 * code is shaped so"; docs/performance-history.md, fifteenth part). Nobody observes such
 * a hand (game.h, playout), so who placed each end, the numbers each seat opened, the
 * tiles each played, the passes and the lacks are not kept. The state is written back
 * before the ply that ends the kernel, left to the plain code: the placement that ends the
 * hand (end_hand), the fourth pass in a row, or a pass that pays a bonus (R18; pass_turn).
 * Returns the plies played. */
static int uniform_kernel(partnership_state_t *s, const game_chooser_t *chooser_of_seat)
{
    pcg32_t *rng[PARTNERSHIP_SEATS];
    uint64_t hand[PARTNERSHIP_SEATS];
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) {
        rng[seat] = chooser_of_seat[seat].rng;
        hand[seat] = word_of(s->hand[seat]);
    }
    uint64_t table = word_of(s->table);
    int end0 = s->end_number[0], end1 = s->end_number[1];
    int before0 = s->ends_before_last[0], before1 = s->ends_before_last[1];
    int seat = s->to_move, passes = s->consecutive_passes, last_tile = s->last_tile, last_placer = s->last_placer;
    bool pass_bonus = s->rules->pass_bonus_first > 0;
    int plies = 1, went_out = -1; /* the ply that ends the kernel counted already */
    bool bonus_pass = false;
    for (;;) {
        uint64_t fit0 = hand[seat] & word_of(tileset_suit(end0)), fit1 = hand[seat] & word_of(tileset_suit(end1));
        uint32_t count0 = (uint32_t)__builtin_popcountll(fit0), count = count0 + (uint32_t)__builtin_popcountll(fit1);
        if (count == 0) {
            bonus_pass = pass_bonus && partnership_team(seat) != partnership_team(last_placer); /* R18 */
            if (bonus_pass || passes + 1 == PARTNERSHIP_SEATS) break; /* R10 block */
            passes++;
            plies++;
            seat = partnership_next(seat);
            continue;
        }
        uint32_t k = count == 1 ? 0 : pcg32_below(rng[seat], count);
        int end = k >= count0;
        int tile = tileset_word_nth(end ? fit1 : fit0, end ? k - count0 : k);
        before0 = end0;
        before1 = end1;
        if (end) end1 = tileset_pips(tile) - end1; /* the tile's other number */
        else end0 = tileset_pips(tile) - end0;
        hand[seat] &= ~((uint64_t)1 << tile);
        table |= (uint64_t)1 << tile;
        last_tile = tile;
        last_placer = seat;
        passes = 0;
        if (hand[seat] == 0) { /* R10 domino */
            went_out = seat;
            break;
        }
        plies++;
        seat = partnership_next(seat);
    }
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        s->hand[other].w[0] = hand[other];
        s->hand_count[other] = (uint8_t)__builtin_popcountll(hand[other]);
    }
    s->table.w[0] = table;
    s->table_count = (uint8_t)__builtin_popcountll(table); /* one set: a tile is on the table once */
    s->end_number[0] = (int8_t)end0;
    s->end_number[1] = (int8_t)end1;
    s->ends_before_last[0] = (int8_t)before0;
    s->ends_before_last[1] = (int8_t)before1;
    s->last_tile = (int8_t)last_tile;
    s->last_placer = (int8_t)last_placer;
    s->consecutive_passes = (int8_t)passes;
    s->to_move = (int8_t)seat;
    if (went_out >= 0) end_hand(s, went_out, NULL);
    else pass_turn(s, NULL, false); /* a bonus paid, or the fourth pass in a row */
    return plies;
}

/* The fields of partnership_observe's observation that the plies of a hand change, as it
 * writes them, over an observation of an earlier turn of the same hand: the seats and
 * sides, the target, the scoring and the ends' kind stay as they were. */
static void observe_changes(const partnership_state_t *s, game_observation_t *out)
{
    int seat = s->to_move;
    out->seat = out->to_move = seat;
    for (int other = 0; other < PARTNERSHIP_SEATS; other++) {
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->passes[other] = s->passes[other];
        out->facts[PT_FACT_OPENED + other] = s->opened[other];
    }
    for (int team = 0; team < PARTNERSHIP_TEAMS; team++) out->score[team] = s->score[team];
    out->hand = s->hand[seat];
    out->table = s->table;
    out->table_count = s->table_count;
    out->unseen = tileset_minus(full_set(), tileset_or(s->hand[seat], s->table));
    for (int e = 0; e < 2; e++) {
        out->ends.number[e] = s->end_number[e];
        out->ends.placer[e] = s->end_placer[e];
    }
}

/* A GAME_CHOOSE_OBSERVED callback's observation of the seat to move, kept up to date:
 * written in full the first time in a playout (`*written`: the observation last written in
 * full, NULL before any), then only what the plies changed. */
static void observe_for_pick(const partnership_state_t *s, const game_chooser_t *chooser,
                             game_observation_t **written)
{
    if (chooser->rule != GAME_CHOOSE_OBSERVED) return;
    game_observation_t *out = chooser->context;
    if (out == *written) {
        observe_changes(s, out);
        return;
    }
    partnership_observe(s, s->to_move, out);
    *written = out;
}

/* A callback seat's pick, its observation kept up to date first where it asks for one
 * (`written`: observe_for_pick's). */
static int ask_callback(const partnership_state_t *s, const game_chooser_t *chooser, const game_move_t *moves,
                        int count, game_observation_t **written)
{
    /* every legal move's points (pt_move_points: a move earns its seat nothing), told to a
     * callback, whose heuristic would otherwise ask move_points of each move */
    static const int no_points[GAME_MAX_MOVES] = {0};
    observe_for_pick(s, chooser, written);
    return chooser->pick(chooser->context, s, moves, no_points, count);
}

/* The loop of game_t.playout: a uniform placement or pass without the list of moves, by
 * uniform_kernel where every seat chooses at random (`only_uniform`). legal_moves lists
 * the tiles that fit end 0, then those that fit end 1 (R9), so the k-th of that list is
 * found from the two sets' sizes; any other phase (a lead, a decision),
 * the most points and a callback seat's turns go through the list (the callback asked only
 * where two or more moves are legal; its forced turns without the list measured no faster
 * in pimc). `only_uniform` (every seat chooses at random) is a constant at each call, so
 * that loop tests no rule. */
static inline __attribute__((always_inline)) int playout_loop(partnership_state_t *s, const game_chooser_t *chooser_of_seat,
                                                              bool only_uniform)
{
    game_move_t moves[GAME_MAX_MOVES];
    game_observation_t *written = NULL; /* ask_callback's */
    int plies = 0;
    for (; s->status == GAME_IN_HAND; plies++) {
        const game_chooser_t *chooser = &chooser_of_seat[s->to_move];
        bool uniform = only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM;
        if (s->phase != PT_PHASE_PLAY || !uniform) {
            int count = pt_legal_moves(s, moves), pick = 0;
            if (count > 1)
                pick = uniform ? (int)pcg32_below(chooser->rng, (uint32_t)count)
                       : game_chooser_calls_back(chooser) ? ask_callback(s, chooser, moves, count, &written)
                                                          : game_most_points_by(pt_move_points, s, s->to_move, moves, count);
            pt_apply(s, moves[pick], NULL);
            continue;
        }
        if (only_uniform) {
            plies += uniform_kernel(s, chooser_of_seat) - 1; /* the loop counts one of them */
            continue;
        }
        uint64_t hand = word_of(s->hand[s->to_move]);
        uint64_t fit0 = hand & word_of(tileset_suit(s->end_number[0]));
        uint64_t fit1 = hand & word_of(tileset_suit(s->end_number[1]));
        uint32_t count0 = (uint32_t)__builtin_popcountll(fit0), count = count0 + (uint32_t)__builtin_popcountll(fit1);
        if (count == 0) {
            pass_turn(s, NULL, true);
            continue;
        }
        uint32_t k = count == 1 ? 0 : pcg32_below(chooser->rng, count);
        int end = k >= count0;
        int tile = tileset_word_nth(end ? fit1 : fit0, end ? k - count0 : k);
        play_tile(s, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile, (uint8_t)end, 0}, NULL);
    }
    return plies;
}

/* game_t.playout */
static int pt_playout(void *state, const game_chooser_t *chooser_of_seat)
{
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++)
        if (chooser_of_seat[seat].rule != GAME_CHOOSE_UNIFORM) return playout_loop(state, chooser_of_seat, false);
    return playout_loop(state, chooser_of_seat, true);
}

/* Nothing is credited for a placement or a decision; pass bonuses go to the placer's team
 * when another seat passes (R18), so a move earns its own seat nothing. */
static int pt_move_points(const void *state, int seat, game_move_t move)
{
    const partnership_state_t *s = state;
    if (s->status != GAME_IN_HAND || seat < 0 || seat >= PARTNERSHIP_SEATS) return -1;
    if (move.kind == GAME_MOVE_PLAY) {
        if (move.tile >= PARTNERSHIP_TILES) return -1;
        if (move.end == GAME_NO_END) return s->table_count == 0 ? 0 : -1;
        if (move.end > 1 || s->table_count == 0 || !tileset_shows(move.tile, s->end_number[move.end])) return -1;
        return 0;
    }
    return move.kind == GAME_MOVE_PASS || move.kind == GAME_MOVE_CHOICE ? 0 : -1;
}

static int pt_match_winner(const void *state)
{
    const partnership_state_t *s = state;
    return s->status == GAME_MATCH_OVER ? s->match_result : -1;
}

static game_event_t pt_last_hand_end(const void *state)
{
    const partnership_state_t *s = state;
    if (s->hand_void) return (game_event_t){GAME_EVENT_HAND_END, -1, 0, 0, 0, s->end_reason, GAME_EVENT_VOID};
    return (game_event_t){GAME_EVENT_HAND_END, s->hand_winner, 0, 0, 0, s->end_reason, 0};
}

const game_t partnership_game = {
    .name = "partnership",
    .title = "Partnership dominoes",
    .help = "Partnership dominoes: four seats in two teams, seven tiles each, no stock (docs/rules/partnership.md)",
    .options = partnership_options,
    .option_count = PT_OPTION_COUNT,
    .presets = partnership_presets,
    .preset_count = PT_PRESET_COUNT,
    .state_size = sizeof(partnership_state_t),
    .reason_names = partnership_reason_names,
    .reason_words = partnership_reason_words,
    .reason_count = PT_REASON_COUNT,
    .award_words = partnership_award_words,
    .hand_end_words = partnership_hand_end_words,
    .facts = partnership_facts,
    .fact_count = sizeof partnership_facts / sizeof partnership_facts[0],
    .rules_create = partnership_rules_create,
    .rules_destroy = partnership_rules_destroy,
    .seat_count = pt_seat_count,
    .side_count = pt_side_count,
    .side_of_seat = pt_side_of_seat,
    .lower_score_wins = pt_lower_score_wins,
    .move_bounds = pt_move_bounds,
    .match_start = pt_match_start,
    .match_start_next = pt_match_start_next,
    .status = pt_status,
    .deal = pt_deal,
    .set_deal = pt_set_deal,
    .get_deal = pt_get_deal,
    .to_move = pt_to_move,
    .legal_moves = pt_legal_moves,
    .apply = pt_apply,
    .playout = pt_playout,
    .scores = pt_scores,
    .last_hand_end = pt_last_hand_end,
    .match_winner = pt_match_winner,
    .move_points = pt_move_points,
    .pips_left = pt_pips_left,
    .hand_number = pt_hand_number,
    .observe = partnership_observe,
    .determinize = partnership_determinize,
    .world_plan_size = sizeof(partnership_world_plan_t),
    .plan_worlds = partnership_plan_worlds,
    .draw_world = partnership_draw_world,
    .hand_tiles = partnership_hand_tiles,
    .give_hand = partnership_give_hand,
    .move_text = partnership_move_text,
    .points_words = partnership_points_words,
    .event_line = partnership_event_line,
    .line_move = partnership_line_move,
    .unwritten_move = partnership_unwritten_move,
    .tolerated_line = partnership_tolerated_line,
};
