/* bergen_ply.h - the steps of a ply that both the rules (bergen.c: apply) and the playout
 * (bergen_playout.c: its loop and kernels) take, inline in both so that a playout's
 * placement costs no call: the seat after, the stock, the open ends and what fits them,
 * the placement with its scoring (R9-R17, DB R7-R13), the start of a turn (R18). What
 * they call out of line is bergen.c's. Only those two files include it.
 */
#ifndef DOMINOLAB_BERGEN_PLY_H
#define DOMINOLAB_BERGEN_PLY_H

#include "bergen/bergen_internal.h"

/* ---- out of line, in bergen.c ---- */
/* R24 / DB R15: the unique highest side at or over the target, or -1. */
int bergen_target_winner(const bergen_state_t *s);
void bergen_finish_match(bergen_state_t *s, int winner, game_events_t *events);
/* R19-R22: the awards at the end of a hand; `went_out` is the seat that dominoed, or -1. */
void bergen_end_hand(bergen_state_t *s, int went_out, game_events_t *events);
/* R18, once nobody may draw: no tile held by anyone fits an open end. */
bool bergen_nobody_can_place(const bergen_state_t *s);
/* DB R12's side of placing logical `tile` on `end`, before the ends change. */
void bergen_mark_exposures(bergen_state_t *s, int tile, int end);
/* The points of a placement on a layout neither a line scored by headers nor scored by
 * combinations, by a trial placement (allowed_placement_points). */
int bergen_trial_placement_points(const bergen_state_t *s, int seat, int tile, int end);

/* ---- the turn and the layout ---- */

static inline int next_seat(const bergen_state_t *s, int seat) { return seat + 1 == s->seats ? 0 : seat + 1; }
/* R3: the last stock_reserve tiles are never drawn. */
static inline int stock_drawable(const bergen_state_t *s)
{
    int left = s->rules->drawable_end - s->stock_next;
    return left > 0 ? left : 0;
}

/* The physical copy of logical tile `tile` held in `hand`, or -1. */
static inline int physical_copy(const bergen_rules_t *r, tileset_t hand, int tile)
{
    for (int copy = 0; copy < r->num_sets; copy++)
        if (tileset_has(hand, copy * r->tile_count + tile)) return copy * r->tile_count + tile;
    return -1;
}

/* Nearly every turn of Bergen: the hot paths spell out its two ends instead of looping
 * over the open ones. */
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

/* ---- the placement ---- */

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
         * to the predictor */
        if (r->near_goal == BERGEN_NEAR_GOAL_NONE) return points;
        return near_goal_points(r->near_goal, points, r->target - s->score[seat]);
    }
    return bergen_trial_placement_points(s, seat, tile, end);
}

/* Updates the ends for logical `tile` placed on `end` (R9, DB R7-R9). Returns the number
 * it exposed. */
static inline int mark_placement(bergen_state_t *s, int tile, int end)
{
    int exposed;
    if (s->rules->scoring == BERGEN_SCORING_COMBINATIONS) bergen_mark_exposures(s, tile, end);
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

/* R18: the hand is blocked when nobody can place and nobody may draw, at the start of a
 * turn. While the stock can be drawn from (most turns), nothing else is looked at. */
static inline void start_turn(bergen_state_t *s, int seat, game_events_t *events)
{
    s->to_move = (int8_t)seat;
    s->phase = BERGEN_PHASE_PLAY;
    s->drawn_tile = -1;
    if (stock_drawable(s) == 0 && bergen_nobody_can_place(s)) bergen_end_hand(s, -1, events);
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
        int winner = bergen_target_winner(s);
        if (winner >= 0) {
            s->status = GAME_BETWEEN_HANDS;
            s->end_reason = BERGEN_REASON_TARGET_REACHED;
            s->hand_winner = -1;
            game_event_t end = {GAME_EVENT_HAND_END, -1, 0, 0, 0, BERGEN_REASON_TARGET_REACHED, 0};
            game_events_push(events, end);
            bergen_finish_match(s, winner, events);
            return;
        }
    }
    if (s->hand_count[seat] == 0) { /* R18: domino */
        bergen_end_hand(s, seat, events);
        return;
    }
    start_turn(s, next_seat(s, seat), events); /* R8 */
}

#endif
