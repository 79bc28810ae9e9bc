/* bergen_internal.h - what the files of the Bergen family share, and nothing outside
 * engine/bergen/ includes:
 *   bergen_options.c      option table, presets, rules_create
 *   bergen.c              deal, opener, legal moves, apply, match end; the game_t values
 *   bergen_playout.c      game_t.playout: the loop and its kernels for the commonest rules
 *   bergen_scoring.c      combinations, hand facts, block methods, lightest hand
 *   bergen_determinize.c  what a seat observes; worlds consistent with it
 *   bergen_record.c       the family's words: reasons, move text, record lines
 * The scoring every placement asks (headers, the near-goal reduction, the open ends) is
 * inline here, so the hot paths of bergen.c and bergen_playout.c call no function for it.
 */
#ifndef DOMINOLAB_BERGEN_INTERNAL_H
#define DOMINOLAB_BERGEN_INTERNAL_H

#include "bergen/bergen.h"
#include "sampler.h"

/* Paths off the common ply (a plain line game placing or drawing): the end of a hand, the
 * opening draw and lead, several sets, combination scoring. Kept out of legal_moves and
 * apply, which then save fewer registers and set up a smaller frame on every call. */
#define OUT_OF_LINE __attribute__((noinline))
/* The steps of game_t.playout's loop, inlined into it whatever the compiler would judge:
 * each call costs a frame and the registers it saves on every ply. */
#define PLAYOUT_INLINE inline __attribute__((always_inline))

/* ---- bergen_options.c ---- */
enum { BERGEN_PRESET_COUNT = 2, DOUBLE_BERGEN_PRESET_COUNT = 2 };
extern const option_spec_t bergen_options[BERGEN_OPTION_COUNT];
extern const preset_spec_t bergen_presets[BERGEN_PRESET_COUNT];
extern const preset_spec_t double_bergen_presets[DOUBLE_BERGEN_PRESET_COUNT];
int bergen_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
void bergen_rules_destroy(game_rules_t *rules);

/* ---- bergen_determinize.c ---- */
/* What every world of one state and seat shares (game.h, plan_worlds): the tiles that stay
 * where they are, and the deal of the hidden ones, planned once. */
typedef struct bergen_world_plan {
    const bergen_state_t *state;
    tileset_t fixed[GAME_MAX_SEATS];
    bool by_word;                /* one set up to double-ten: the sampler's plan below */
    sampler_word_plan_t words;   /* by_word */
    sampler_request_t request;   /* otherwise, with the hidden tiles */
    tileset_t hidden_tiles;
} bergen_world_plan_t;
void bergen_plan_worlds(const void *state, int seat, void *plan);
void bergen_draw_world(const void *plan, pcg32_t *rng, void *out_state);
int bergen_hand_tiles(const void *world, int seat, uint8_t *out);
bool bergen_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count);

/* ---- bergen_scoring.c ---- */
/* DB R12: the combinations exposed after a placement that exposed `new_number`, counted
 * afresh from the ends (the reference for bergen_state_t.exposures). */
int bergen_combination_points(const bergen_rules_t *rules, const bergen_state_t *s, int new_number);

/* R16 / DB R13: header or combination points `points` credited `distance` short of the
 * target. */
static inline int near_goal_points(int near_goal, int points, int distance)
{
    if (points <= 0) return points;
    switch (near_goal) {
    case BERGEN_NEAR_GOAL_PAGAT: /* R16, A8: only the two cases S000 states */
        if (distance == 2) return 1;
        if (distance == 3) return points < 2 ? points : 2;
        return points;
    case BERGEN_NEAR_GOAL_CAP: { /* R16: header points alone never reach the target */
        int cap = distance - 1 > 0 ? distance - 1 : 0;
        return points < cap ? points : cap;
    }
    default: return points;
    }
}

/* DB R12: what `count` exposures of one number are worth, a pair or more. A mask, not a
 * branch: how many ends show a number is a coin toss to the predictor. */
static inline int combination_of(int count) { return count & -(count >= 2); }

/* DB R12 kept up to date: `delta` exposures of `number`, and the points they change. */
static inline void exposures_add(bergen_exposures_t *x, int number, int delta)
{
    int before = x->count[number], after = before + delta;
    x->total = (uint8_t)(x->total + combination_of(after) - combination_of(before));
    x->count[number] = (uint8_t)after;
}

/* The exposures after the opening double of `number` (DB R7): the spinner, every arm bare. */
static inline void exposures_open(bergen_exposures_t *x, int number)
{
    *x = (bergen_exposures_t){0};
    exposures_add(x, number, 2);
}

/* DB R8, R9: the exposures' change for a placement on an end `e` of ends `started` (bit e:
 * a tile lies there, showing `covered`, twice behind a crosswise double: bit e of
 * `doubles`) among `all`: the old number is covered, the tile shows `exposed` (twice for a
 * `tile_double`), and the spinner (`opening`) no longer counts once the last bare arm is
 * started. `sign` -1 takes the change back. The state and the spinner kernel both keep
 * their exposures by it. */
static inline void exposures_place(bergen_exposures_t *x, unsigned started, unsigned doubles, unsigned all, int e,
                                   int covered, int exposed, bool tile_double, int opening, int sign)
{
    unsigned bit = 1u << e;
    if (started & bit) exposures_add(x, covered, -sign * (1 + (int)(doubles >> e & 1)));
    exposures_add(x, exposed, sign * (1 + (int)tile_double));
    if ((started | bit) == all && started != all) exposures_add(x, opening, -2 * sign);
}

/* The points exposure_points gives after exposures_place(x, ..., sign 1), read off `x`
 * without the change written: the count after it of the number covered and of the number
 * shown (the same number for a double's twin, with two sets), and `total` changed by
 * both. The spinner's exposures go only when the last bare arm is started, and a bare arm
 * shows the spinner's number: that number is then the one covered. Agents ask the points
 * of every candidate placement; the counts changed in place and read back made a chain
 * of stores and loads for each. */
static inline int exposures_points_after(const bergen_exposures_t *x, unsigned started, unsigned doubles, unsigned all,
                                         int e, int covered, int exposed, bool tile_double, bool new_end_only)
{
    unsigned bit = 1u << e;
    int cover = started & bit ? -(1 + (int)(doubles >> e & 1)) : (started | bit) == all && started != all ? -2 : 0;
    int shown = x->count[exposed] + 1 + (int)tile_double + (covered == exposed ? cover : 0);
    if (new_end_only) return combination_of(shown);
    int total = x->total + combination_of(shown) - combination_of(x->count[exposed]);
    /* the number covered loses its exposure where it is not the one shown (masked, as above) */
    total += (combination_of(x->count[covered] + cover) - combination_of(x->count[covered])) & -(covered != exposed);
    return total;
}

/* The exposures' side of placing logical `tile` on `end` of `s` (GAME_NO_END: the opening
 * double), whose ends are still as before it. Returns the number the tile shows there. */
static inline int exposures_mark(bergen_exposures_t *x, const bergen_state_t *s, int tile, int end)
{
    if (end == GAME_NO_END) {
        exposures_open(x, tileset_low(tile));
        return tileset_low(tile);
    }
    int exposed = tileset_other_side(tile, s->end_number[end]);
    exposures_place(x, s->end_started, s->end_double, (1u << s->end_count) - 1, end, s->end_number[end], exposed,
                    tileset_is_double(tile), s->opening_number, 1);
    return exposed;
}

/* DB R12: the points of exposures `x` after a placement that exposed `new_number`. */
static inline int exposure_points(const bergen_rules_t *rules, const bergen_exposures_t *x, int new_number)
{
    if (rules->combination_scope == BERGEN_SCOPE_NEW_END_ONLY)
        return x->count[new_number] >= 2 ? x->count[new_number] : 0;
    return x->total; /* all_exposed: old combinations too (A3, A4) */
}

/* R14 / DB R12: the layout's points just after a placement that exposed `new_number`. */
static inline int layout_points(const bergen_rules_t *rules, const bergen_state_t *s, int new_number)
{
    if (rules->scoring == BERGEN_SCORING_HEADERS) {
        /* R14: both ends show one number; the bare opening double alone is worth 2 (R7, A3). */
        if (s->end_number[0] != s->end_number[1]) return 0;
        if (s->end_started == 0) return 2;
        return 2 + __builtin_popcount(s->end_double & 3u);
    }
    return exposure_points(rules, &s->exposures, new_number);
}

/* ---- bergen.c ---- */
/* Whether the hand is blocked once the seat to move has passed (R18): nothing may be drawn
 * and no tile held by anyone fits. */
bool bergen_passes_into_block(const bergen_state_t *s);
/* game_t's legal_moves, apply and move_points, which the playout plays by. */
int bergen_legal_moves(const void *state, game_move_t *out);
void bergen_apply(void *state, game_move_t move, game_events_t *events);
int bergen_move_points(const void *state, int seat, game_move_t move);

/* ---- bergen_playout.c ---- */
/* game_t.playout (game.h). */
int bergen_playout(void *state, const game_chooser_t *chooser_of_seat);

/* ---- bergen_record.c ---- */
extern const char *const bergen_reason_names[BERGEN_REASON_COUNT], *const bergen_reason_words[BERGEN_REASON_COUNT];
extern const char *const bergen_award_words[], *const bergen_hand_end_words[];
void bergen_move_text(game_move_t move, char *out, size_t out_size);
int bergen_event_line(const void *state, const game_event_t *event, game_line_t *line);
void bergen_points_words(const void *state, const game_event_t *event, char *out, size_t out_size);
int bergen_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size);
int bergen_unwritten_move(const void *state, const game_line_t *next, game_move_t *out);
bool bergen_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending);

#endif
