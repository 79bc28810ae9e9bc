/* bingo_play.c - the play of Bingo (bingo.md §3): the deal and the trump, tricks, drawing,
 * closing, melds, the end of a hand, game points and the match's end. Closing and melding
 * are moves (GAME_MOVE_CLOSE, GAME_MOVE_MELD; END_TURN declines a meld), so every agent
 * makes them.
 */
#include <string.h>

#include "bingo/bingo.h"
#include "game_store.h"

static inline int other(int seat) { return 1 - seat; }
static inline uint64_t bit(int tile) { return (uint64_t)1 << tile; }
static uint64_t doubles_in(uint64_t tiles) { return tiles & tileset_doubles().w[0]; }

void bingo_match_start(void *state, const game_rules_t *rules, uint64_t seed)
{
    bingo_state_t *s = state;
    memset(s, 0, sizeof *s);
    s->rules = bingo_rules_of(rules);
    pcg32_seed(&s->rng, seed, 0x62696e676fULL); /* the stream name spells "bingo" */
    s->status = GAME_BETWEEN_HANDS;
    s->to_move = -1;
    s->match_result = -1;
    s->hand_winner = -1;
    s->starter = (int8_t)pcg32_below(&s->rng, BINGO_SEATS); /* R2: by lot; hand 1 starts with it */
}

/* R3, R4: the hands, the turned tile and its trump, the stock. */
void bingo_deal_from(bingo_state_t *s, const uint8_t *deck, game_events_t *events)
{
    if (s->hand_number > 0) s->starter = (int8_t)other(s->starter); /* R2: alternating */
    s->hand_number++;
    memcpy(s->deck, deck, BINGO_TILES);
    for (int seat = 0; seat < BINGO_SEATS; seat++) {
        s->hand[seat] = s->won[seat] = s->melded[seat] = s->lacks[seat] = 0;
        for (int k = 0; k < BINGO_HAND_SIZE; k++) s->hand[seat] |= bit(deck[seat * BINGO_HAND_SIZE + k]);
        s->points[seat] = 0;
    }
    s->turned = s->face_up = (int8_t)deck[2 * BINGO_HAND_SIZE];
    s->trump = (int8_t)bingo_trump_of(s->turned);
    s->stock_next = BINGO_STOCK_START;
    s->closer = s->first_70 = s->capture = s->meld_double = s->led = s->face_up_taker = -1;
    s->other_at_70[0] = s->other_at_70[1] = -1;
    s->status = GAME_IN_HAND;
    s->phase = BI_PHASE_LEAD;
    s->leader = s->to_move = s->starter;
    game_events_push(events, (game_event_t){GAME_EVENT_DEAL, s->starter, 0, 0, 0, BI_REASON_NONE, 0});
    game_events_push(events, (game_event_t){GAME_EVENT_TRUMP, (int8_t)other(s->starter), (uint8_t)s->turned,
                                            (uint8_t)s->trump, 0, BI_REASON_NONE, 0});
}

void bingo_deal(void *state, game_events_t *events)
{
    bingo_state_t *s = state;
    uint8_t deck[BINGO_TILES];
    for (int t = 0; t < BINGO_TILES; t++) deck[t] = (uint8_t)t;
    pcg32_shuffle_bytes(&s->rng, deck, BINGO_TILES);
    bingo_deal_from(s, deck, events);
}

/* ------------------------------------------------------------------ legal moves */

/* R11: a face-down tile is left, nobody has closed, and it is the moment the timing allows. */
static bool may_close(const bingo_state_t *s)
{
    if (bingo_closed_phase(s) || s->stock_next >= BINGO_TILES) return false;
    return s->phase == BI_PHASE_LEAD || (s->phase == BI_PHASE_FOLLOW && s->rules->close_timing == BI_CLOSE_ANY_OWN_TURN);
}

/* R15: the doubles a meld by the trick's winner would show: his doubles in hand not yet
 * counted (no_reuse) or all of them (unrestricted), with the double he won the trick with. */
static uint64_t meld_set(const bingo_state_t *s, int seat)
{
    uint64_t held = doubles_in(s->hand[seat]);
    if (s->rules->meld_reuse == BI_MELD_NO_REUSE) held &= ~s->melded[seat];
    return held | bit(s->meld_double);
}

/* MELD's extra: bit n for [n-n] (game.h). */
static uint8_t double_numbers(uint64_t doubles)
{
    uint8_t numbers = 0;
    for (int n = 0; n <= 6; n++)
        if (doubles >> tileset_double_index(n) & 1) numbers |= (uint8_t)(1u << n);
    return numbers;
}

int bingo_legal_moves(const void *state, game_move_t *out)
{
    const bingo_state_t *s = state;
    if (s->status != GAME_IN_HAND) return 0;
    int seat = s->to_move, count = 0;
    if (s->phase == BI_PHASE_MELD) {
        out[0] = (game_move_t){GAME_MOVE_MELD, 0, 0, double_numbers(meld_set(s, seat))};
        out[1] = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
        return 2;
    }
    if (may_close(s)) out[count++] = (game_move_t){GAME_MOVE_CLOSE, 0, 0, 0};
    uint64_t tiles = s->hand[seat];
    if (s->phase == BI_PHASE_FOLLOW && bingo_closed_phase(s)) /* R7, R12 */
        tiles = bingo_closed_follows(s->rules, s->trump, s->led, tiles);
    return game_store_placements(tiles, GAME_NO_END, out, count);
}

/* ------------------------------------------------------------------ end of hand and match */

/* R16: the seat that won the hand, -2 for a failed close, or -1 while it goes on, from the
 * facts the check reads: who closed, the first to 70, the points, and whether both hands
 * are empty. Under play_out every hand is played to its end, a close the opponent's 70
 * has already failed (ends_hand) included: its result is only known there. */
static int hand_result_of(const bingo_rules_t *r, int closer, int first_70, const int16_t *points, bool empty)
{
    bool play_out = r->hand_end == BI_HAND_PLAY_OUT;
    if (closer >= 0) {
        int x = closer;
        bool x_reached = first_70 == x || points[x] >= BINGO_WIN_POINTS;
        if (r->closed_opponent_70 == BI_OPPONENT_70_ENDS_HAND && first_70 == other(x))
            return !play_out || empty ? -2 : -1;
        if (x_reached && (!play_out || empty)) return x;
        return empty ? -2 : -1;
    }
    if (first_70 >= 0 && (!play_out || empty)) return first_70;
    return -1; /* an unclosed hand always has a first to 70 once empty (at least 224 points) */
}

static int hand_result(const bingo_state_t *s)
{
    return hand_result_of(s->rules, s->closer, s->first_70, s->points, s->hand[0] == 0 && s->hand[1] == 0);
}

static void award(bingo_state_t *s, int seat, int points, bingo_reason_t reason, game_events_t *events)
{
    s->game_points[seat] += points;
    game_events_push(events, (game_event_t){GAME_EVENT_AWARD, (int8_t)seat, 0, 0, (int16_t)points, (uint8_t)reason, 0});
}

/* R17, R18, R20. */
static void end_hand(bingo_state_t *s, int result, game_events_t *events)
{
    const bingo_rules_t *r = s->rules;
    int winner = result >= 0 ? result : other(s->closer);
    bingo_reason_t reason = result == -2 ? BI_REASON_FAILED_CLOSE : s->closer >= 0 ? BI_REASON_CLOSED : BI_REASON_REACHED_70;
    if (result == -2) award(s, winner, BINGO_FAILED_CLOSE_POINTS, BI_REASON_FAILED_CLOSE, events); /* A13 */
    else award(s, winner, bingo_game_points(s->points[winner], s->other_at_70[winner]), BI_REASON_GAME_POINTS, events);
    if (s->capture >= 0 && (r->bingo_capture_point == BI_CAPTURE_ALWAYS || s->capture == winner)) /* R18, A16 */
        award(s, s->capture, 1, BI_REASON_BINGO_CAPTURE, events);
    s->hand_winner = (int8_t)winner;
    s->end_reason = (uint8_t)reason;
    game_events_push(events, (game_event_t){GAME_EVENT_HAND_END, (int8_t)winner, 0, 0, 0, (uint8_t)reason, 0});
    int match = bingo_match_winner(r, s->game_points, winner);
    s->to_move = -1;
    if (match < 0) {
        s->status = GAME_BETWEEN_HANDS;
        return;
    }
    s->status = GAME_MATCH_OVER;
    s->match_result = (int8_t)match;
    game_events_push(events, (game_event_t){GAME_EVENT_MATCH_END, (int8_t)match, 0, 0, 0, BI_REASON_NONE, 0});
}

/* ------------------------------------------------------------------ apply */

/* R16: the first to 70; R17: the other seat's points when `seat` first reached 70, which
 * is p if `seat` wins the hand (a closer may win after the opponent passed 70 first). */
static void note_70(bingo_state_t *s, int seat)
{
    if (s->other_at_70[seat] >= 0 || s->points[seat] < BINGO_WIN_POINTS) return;
    s->other_at_70[seat] = s->points[other(seat)];
    if (s->first_70 < 0) s->first_70 = (int8_t)seat;
}

/* R10: winner first; with one face-down tile left the winner takes the face-up tile. */
static void draw_after_trick(bingo_state_t *s, int winner, game_events_t *events)
{
    if (bingo_closed_phase(s)) return;
    int face_down = BINGO_TILES - s->stock_next;
    for (int k = 0; k < BINGO_SEATS; k++) {
        int seat = k == 0 ? winner : other(winner);
        int tile = face_down == 1 && k == 0 ? s->face_up : s->deck[s->stock_next++];
        s->hand[seat] |= bit(tile);
        game_events_push(events, (game_event_t){GAME_EVENT_DRAW, (int8_t)seat, (uint8_t)tile, 0, 0, BI_REASON_NONE, 0});
    }
    if (face_down == 1) { /* exhausted: everyone saw the face-up tile go to the winner */
        s->face_up = -1;
        s->face_up_taker = (int8_t)winner;
    }
}

/* After a trick and its meld: the hand's end, or the draws and the next lead (R6, R10). */
static void after_trick(bingo_state_t *s, int winner, game_events_t *events)
{
    int result = hand_result(s);
    if (result != -1) {
        end_hand(s, result, events);
        return;
    }
    draw_after_trick(s, winner, events);
    s->leader = (int8_t)(s->rules->trick_leader == BI_LEADER_WINNER ? winner : other(s->leader));
    s->to_move = s->leader;
    s->phase = BI_PHASE_LEAD;
    s->led = -1;
}

/* R12: a closed-phase follow proves the follower lacks every tile that would have made his
 * tile illegal (a trump on a trump lead, the demanded numbers on a plain one). */
static void note_lacks(bingo_state_t *s, int follower, int led, int followed)
{
    uint64_t before = s->hand[follower] | bit(followed);
    s->lacks[follower] |= bingo_closed_follow_lacks(s->rules, s->trump, led, before, followed);
}

/* R8, R9: the seat that wins the trick `followed` completes, and the points it takes. */
static int trick_winner(const bingo_state_t *s, int followed)
{
    return bingo_beats(s->rules, s->trump, s->led, followed) ? s->to_move : s->leader;
}

static int trick_points(const bingo_state_t *s, int followed)
{
    return bingo_points_of(s->rules, s->trump, s->led) + bingo_points_of(s->rules, s->trump, followed);
}

/* The trick `followed` completes. `observed`: as for apply_move. */
static inline __attribute__((always_inline)) void play_trick(bingo_state_t *s, int followed, game_events_t *events,
                                                             bool observed)
{
    const bingo_rules_t *r = s->rules;
    int follower = s->to_move, led = s->led;
    if (observed && bingo_closed_phase(s)) note_lacks(s, follower, led, followed);
    int winner = trick_winner(s, followed);
    int points = trick_points(s, followed);
    s->won[winner] |= bit(led) | bit(followed);
    s->points[winner] = (int16_t)(s->points[winner] + points);
    int double_trump = tileset_double_index(s->trump);
    if (s->trump != 0 && ((led == BINGO_TILE && followed == double_trump) || (followed == BINGO_TILE && led == double_trump)))
        s->capture = (int8_t)winner; /* R18: Bingo always wins that trick */
    /* tile: the led tile, end: the followed one, flags: the leader (the record's trick line) */
    game_events_push(events, (game_event_t){GAME_EVENT_TRICK, (int8_t)winner, (uint8_t)led, (uint8_t)followed,
                                            (int16_t)points, BI_REASON_NONE, (uint8_t)s->leader});
    note_70(s, winner);
    int placed = winner == follower ? followed : led;
    s->meld_double = -1;
    if (tileset_is_double(placed)) { /* R15 */
        bool reused = r->meld_reuse == BI_MELD_NO_REUSE && (s->melded[winner] >> placed & 1);
        s->meld_double = (int8_t)placed;
        if (!reused && __builtin_popcountll(meld_set(s, winner)) >= 2) {
            s->phase = BI_PHASE_MELD;
            s->to_move = (int8_t)winner;
            return;
        }
        s->meld_double = -1;
    }
    after_trick(s, winner, events);
}

static void apply_meld(bingo_state_t *s, bool shown, game_events_t *events)
{
    int seat = s->to_move;
    if (shown) {
        uint64_t doubles = meld_set(s, seat);
        int points = bingo_meld_points(doubles);
        s->melded[seat] |= doubles;
        s->points[seat] = (int16_t)(s->points[seat] + points);
        game_events_push(events, (game_event_t){GAME_EVENT_MELD, (int8_t)seat, double_numbers(doubles), 0,
                                                (int16_t)points, BI_REASON_NONE, 0});
        note_70(s, seat);
    } else { /* declined: an event of its own, which the record writes no line for */
        game_events_push(events, (game_event_t){GAME_EVENT_MELD, (int8_t)seat, 0, 0, 0, BI_REASON_NONE, 0});
    }
    s->meld_double = -1;
    after_trick(s, seat, events);
}

/* bingo_apply; `observed` (a constant at each call) false where nobody observes the hand
 * before its end (game.h, playout): what a closed-phase follow proves the follower lacks
 * is then not kept. */
static inline __attribute__((always_inline)) void apply_move(bingo_state_t *s, game_move_t move,
                                                             game_events_t *events, bool observed)
{
    int seat = s->to_move;
    switch (move.kind) {
    case GAME_MOVE_CLOSE: /* R11: the face-up tile is turned down; nobody draws again */
        s->closer = (int8_t)seat;
        game_events_push(events, (game_event_t){GAME_EVENT_CLOSE, (int8_t)seat, 0, 0, 0, BI_REASON_NONE, 0});
        return;
    case GAME_MOVE_MELD: apply_meld(s, true, events); return;
    case GAME_MOVE_END_TURN: apply_meld(s, false, events); return;
    case GAME_MOVE_PLAY:
        s->hand[seat] &= ~bit(move.tile);
        game_events_push(events, (game_event_t){GAME_EVENT_PLAY, (int8_t)seat, move.tile, GAME_NO_END, 0,
                                                BI_REASON_NONE, 0});
        if (s->phase == BI_PHASE_LEAD) {
            s->led = (int8_t)move.tile;
            s->phase = BI_PHASE_FOLLOW;
            s->to_move = (int8_t)other(seat);
            return;
        }
        play_trick(s, move.tile, events, observed);
        return;
    default: return;
    }
}

void bingo_apply(void *state, game_move_t move, game_events_t *events) { apply_move(state, move, events, true); }

/* game_t.follow_may_end_hand: R16's check as after_trick would make it once the trick
 * `followed` completes. A meld the trick allows only delays that check (the hand is then
 * in play after the apply), so the answer holds for a meld too. */
bool bingo_follow_may_end_hand(const void *state, int followed)
{
    const bingo_state_t *s = state;
    if (s->status != GAME_IN_HAND || s->phase != BI_PHASE_FOLLOW) return true;
    int winner = trick_winner(s, followed), follower = s->to_move;
    int16_t points[BINGO_SEATS] = {s->points[0], s->points[1]};
    points[winner] = (int16_t)(points[winner] + trick_points(s, followed));
    int first_70 = s->first_70 < 0 && points[winner] >= BINGO_WIN_POINTS ? winner : s->first_70; /* note_70 */
    bool empty = (s->hand[follower] & ~bit(followed)) == 0 && s->hand[other(follower)] == 0;
    return hand_result_of(s->rules, s->closer, first_70, points, empty) != -1;
}

/* ------------------------------------------------------------------ playouts */

/* The fields of bingo_observe's observation that the plies of a hand change, as it writes
 * them, over an observation of an earlier turn of the same hand: the seats, the target, the
 * trump and the game points (credited when a hand ends) stay as they were. */
static void observe_changes(const bingo_state_t *s, game_observation_t *out)
{
    int seat = s->to_move;
    out->seat = out->to_move = seat;
    int face_down = BINGO_TILES - s->stock_next;
    out->stock_size = face_down + (s->face_up >= 0);
    out->stock_drawable = bingo_closed_phase(s) ? 0 : out->stock_size;
    bool led = s->phase == BI_PHASE_FOLLOW && s->led >= 0;
    uint64_t seen = s->hand[seat] | s->won[0] | s->won[1] | (led ? bit(s->led) : 0);
    if (s->face_up >= 0) seen |= bit(s->turned);
    out->hand = (tileset_t){{s->hand[seat], 0}};
    out->unseen = (tileset_t){{(bit(BINGO_TILES) - 1) & ~seen, 0}};
    out->tricks.face_up = s->closer >= 0 ? -1 : s->face_up; /* R11: turned face down by a close */
    out->tricks.closed = bingo_closed_phase(s);
    out->tricks.leader = s->leader;
    out->tricks.led = s->phase == BI_PHASE_FOLLOW ? s->led : -1;
    for (int side = 0; side < BINGO_SEATS; side++) {
        out->hand_size[side] = __builtin_popcountll(s->hand[side]);
        out->lacks[side] = (tileset_t){{s->lacks[side], 0}};
        out->tricks.won[side] = (tileset_t){{s->won[side], 0}};
        out->tricks.shown[side] = (tileset_t){{s->melded[side] & s->hand[side], 0}};
        out->tricks.hand_points[side] = s->points[side];
    }
    uint64_t table = s->won[0] | s->won[1] | (led ? bit(s->led) : 0);
    out->table = (tileset_t){{table, 0}};
    out->table_count = __builtin_popcountll(table);
}

/* A GAME_CHOOSE_OBSERVED callback's observation of the seat to move, kept up to date:
 * written in full the first time in a playout (`*written`: the observation last written in
 * full, NULL before any), then only what the plies changed. */
static void observe_for_pick(const bingo_state_t *s, const game_chooser_t *chooser, game_observation_t **written)
{
    if (chooser->rule != GAME_CHOOSE_OBSERVED) return;
    game_observation_t *out = chooser->context;
    if (out == *written) {
        observe_changes(s, out);
        return;
    }
    bingo_observe(s, s->to_move, out);
    *written = out;
}

/* A callback seat's pick, its observation kept up to date first where it asks for one
 * (`written`: observe_for_pick's). */
static int ask_callback(const bingo_state_t *s, const game_chooser_t *chooser, const game_move_t *moves, int count,
                        game_observation_t **written)
{
    observe_for_pick(s, chooser, written);
    return chooser->pick(chooser->context, s, moves, NULL, count);
}

/* The loop of game_t.playout (search's playouts, the simulator's random and greedy agents):
 * a uniform lead or follow draws its pick among the moves legal_moves lists (a close first
 * where one is allowed, then the tiles it may place in index order) without writing the
 * list; a meld, the most points and a callback seat's turns go through the list, the
 * callback asked only where two or more moves are legal. A forced move draws nothing.
 * `only_uniform` (every seat chooses at random) is a constant at each call. */
static inline __attribute__((always_inline)) int playout_loop(bingo_state_t *s, const game_chooser_t *chooser_of_seat,
                                                              bool only_uniform)
{
    game_move_t moves[GAME_MAX_MOVES];
    game_observation_t *written = NULL; /* ask_callback's */
    int plies = 0;
    for (; s->status == GAME_IN_HAND; plies++) {
        const game_chooser_t *chooser = &chooser_of_seat[s->to_move];
        bool uniform = only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM;
        if (s->phase == BI_PHASE_MELD || !uniform) {
            int count = bingo_legal_moves(s, moves), pick = 0;
            if (count > 1)
                pick = uniform ? (int)pcg32_below(chooser->rng, (uint32_t)count)
                       : game_chooser_calls_back(chooser) ? ask_callback(s, chooser, moves, count, &written)
                                                          : game_most_points_by(bingo_move_points, s, s->to_move, moves, count);
            bingo_apply(s, moves[pick], NULL);
            continue;
        }
        uint64_t tiles = s->hand[s->to_move];
        if (s->phase == BI_PHASE_FOLLOW && bingo_closed_phase(s)) /* R7, R12 */
            tiles = bingo_closed_follows(s->rules, s->trump, s->led, tiles);
        int close = may_close(s), count = close + __builtin_popcountll(tiles);
        int pick = count == 1 ? 0 : (int)pcg32_below(chooser->rng, (uint32_t)count);
        game_move_t move = {GAME_MOVE_CLOSE, 0, 0, 0};
        if (pick >= close) move = (game_move_t){GAME_MOVE_PLAY, (uint8_t)tileset_word_nth(tiles, pick - close), GAME_NO_END, 0};
        apply_move(s, move, NULL, !only_uniform);
    }
    return plies;
}

int bingo_playout(void *state, const game_chooser_t *chooser_of_seat)
{
    for (int seat = 0; seat < BINGO_SEATS; seat++)
        if (chooser_of_seat[seat].rule != GAME_CHOOSE_UNIFORM) return playout_loop(state, chooser_of_seat, false);
    return playout_loop(state, chooser_of_seat, true);
}
