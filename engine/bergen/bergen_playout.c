/* bergen_playout.c - game_t.playout of the Bergen family: the hand played to its end by
 * the choosers of game_playout.h, as the loop over legal_moves and apply would play it,
 * with two kernels for the commonest rules (a plain line scored by headers, a plain
 * spinner scored by combinations) that keep the state in local variables. The rules it
 * plays are bergen.c's; the scoring every placement asks is inline in bergen_internal.h.
 */
#include "bergen/bergen_ply.h"
#include "game_playout.h"
#include "game_store.h"

/* The playout of the commonest rules, with the state in local variables: a plain line
 * scored by headers (both Bergen presets, any number of seats) and a plain spinner scored
 * by combinations (Double Bergen). bergen_state_t's byte fields may alias anything, so the
 * compiler stores and reloads the state around every stream draw and every store; here it
 * keeps it in registers. A kernel plays the common turns (placing, drawing, passing and
 * keeping) as the loop over legal_moves and apply would, the same moves from the same
 * draws, and writes the state back before any step it leaves to that code: a placement
 * that ends the hand or may end the match, a blocked hand (R18), a line with one end
 * closed (R10). Where no seat is a callback nobody observes the hand (game.h, playout),
 * and the kernel keeps no draws, passes or lacks (`observed` false). They are still
 * loaded and stored: skipping that too took fewer instructions but more time
 * (docs/performance.md, "Why the code is shaped so").
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

/* The fields of bergen_observe's observation that the plies of a hand change, as it writes
 * them with one set (a physical tile is its logical tile), over an observation of an
 * earlier turn of the same hand: the seats, the target, the layout's kind and its number
 * of ends stay as they were. */
static void observe_changes(const bergen_state_t *s, game_observation_t *out)
{
    const bergen_rules_t *r = s->rules;
    int seat = s->to_move;
    out->seat = out->to_move = seat;
    for (int other = 0; other < s->seats; other++) {
        out->score[other] = s->score[other];
        out->hand_size[other] = s->hand_count[other];
        out->lacks[other] = s->lacks[other];
        out->draws[other] = s->draws[other];
        out->passes[other] = s->passes[other];
    }
    out->hand = s->hand[seat];
    out->stock_size = r->physical_count - s->stock_next;
    int drawable = out->stock_size - r->stock_reserve;
    out->stock_drawable = drawable > 0 ? drawable : 0;
    out->table = s->layout;
    out->table_count = s->layout_count;
    out->unseen = tileset_minus(r->one_set, tileset_or(s->hand[seat], s->layout));
    unsigned open = s->open_ends;
    for (int e = 0; e < s->end_count; e++) {
        out->ends.number[e] = s->end_number[e];
        out->ends.is_double[e] = (uint8_t)(s->end_double >> e & 1);
        out->ends.open[e] = (uint8_t)(open >> e & 1);
    }
}

/* A GAME_CHOOSE_OBSERVED callback's observation of the seat to move, kept up to date:
 * written in full the first time in a playout (`*written`: the observation last written in
 * full, NULL before any) and with two or more sets, else only what the plies changed. */
static void observe_for_pick(const bergen_state_t *s, const game_chooser_t *chooser, game_observation_t **written)
{
    if (chooser->rule != GAME_CHOOSE_OBSERVED) return;
    game_observation_t *out = chooser->context;
    if (out == *written) {
        observe_changes(s, out);
        return;
    }
    bergen_observe(s, s->to_move, out);
    *written = s->rules->num_sets == 1 ? out : NULL;
}

/* Lists the placements of `fit` on `end` of the state the kernel has stored, after the
 * first `count`, each with its points (line_kernel_ask). Returns the new count. The
 * points are read from the state, not from the kernel: the kernel's address passed out
 * of the playout would keep its registers in memory. */
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
                           bool may_keep, int *end, game_observation_t **written)
{
    game_move_t moves[GAME_MAX_MOVES];
    int points[GAME_MAX_MOVES];
    int count = line_kernel_list(s, fit1, 1, moves, points, line_kernel_list(s, fit0, 0, moves, points, 0));
    if (may_keep) {
        points[count] = 0; /* keeping the tile scores nothing */
        moves[count++] = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
    }
    observe_for_pick(s, chooser, written);
    game_move_t move = moves[chooser->pick(chooser->context, s, moves, points, count)];
    if (move.kind != GAME_MOVE_PLAY) return -1;
    *end = move.end;
    return move.tile;
}

/* Plays plies while the turn is a common one; returns how many. The state is written
 * back, and the ply that left the kernel applied by the general code. A tile drawn that
 * fits is placed (or kept) in the same round of the loop as its draw. A callback seat with
 * two or more moves is asked on the state stored for it (line_kernel_ask; `written`,
 * observe_for_pick's). */
static PLAYOUT_INLINE int line_kernel_play(bergen_state_t *s, const game_chooser_t *chooser_of_seat,
                                           bool only_uniform, bool observed, game_observation_t **written)
{
    const tileset_t *suit = s->rules->physical_suit;
    line_kernel_t k;
    line_kernel_load(&k, s);
    for (int plies = 0;;) {
        int seat = k.t.to_move, tile = -1, end = 0;
        const game_chooser_t *chooser = &chooser_of_seat[seat];
        bool callback = !only_uniform && game_chooser_calls_back(chooser);
        bool uniform = only_uniform || chooser->rule == GAME_CHOOSE_UNIFORM || callback; /* a single move */
        if (k.t.phase == BERGEN_PHASE_PLAY) {
            uint64_t fit0 = k.t.hand[seat] & k.suit0, fit1 = k.t.hand[seat] & k.suit1;
            if (callback && __builtin_popcountll(fit0) + __builtin_popcountll(fit1) > 1) {
                line_kernel_store(&k, s);
                tile = line_kernel_ask(s, chooser, fit0, fit1, false, &end, written);
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
                if (line_kernel_ask(s, chooser, k.suit0 & drawn, k.suit1 & drawn, k.t.may_keep_drawn, &end, written) < 0)
                    end = -1;
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
        bergen_end_hand(s, -1, NULL);
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
 * a chain of six stores and loads of the same bytes. The most points still try each
 * placement: with this there too, the compiler laid out the playout's code otherwise, and
 * greedy deals of 2-player Bergen, which never reach the spinner, took more time
 * (docs/performance.md, "Why the code is shaped so"). */
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
        bergen_end_hand(s, -1, NULL);
        return plies;
    }
}

/* A callback seat's pick among the listed moves, told each one's points for the seat to
 * move, as bergen_move_points gives them (0 for what places no tile): the heuristic of
 * pimc's playouts would otherwise ask move_points of every placement, through two calls
 * and the checks of a move it may not be allowed. Out of line: inlined, its loop made the
 * line kernel's code around it worse (docs/performance.md, "Why the code is shaped so"). */
OUT_OF_LINE static int pick_told_points(const bergen_state_t *s, const game_chooser_t *chooser,
                                        const game_move_t *moves, int count, game_observation_t **written)
{
    int points[GAME_MAX_MOVES];
    for (int i = 0; i < count; i++)
        points[i] = moves[i].kind != GAME_MOVE_PLAY ? 0
                                                    : allowed_placement_points(s, s->to_move, moves[i].tile, moves[i].end);
    observe_for_pick(s, chooser, written);
    return chooser->pick(chooser->context, s, moves, points, count);
}

/* The loop of game_t.playout; `only_uniform` (every seat chooses at random) and
 * `spinner_kernel` are constants at each call, so that loop tests no rule. Without a
 * callback seat the spinner's kernel plays; with one, this loop: in Double Bergen a
 * callback seat chooses on most turns, and the kernel's load and store around each choice
 * cost more than the forced turns it plays (docs/performance.md, "Why the code is shaped so"). */
static PLAYOUT_INLINE int playout_loop(bergen_state_t *s, const game_chooser_t *chooser_of_seat, bool only_uniform,
                                       bool spinner_kernel, bool observed)
{
    game_move_t moves[GAME_MAX_MOVES];
    game_observation_t *written = NULL; /* observe_for_pick's */
    int plies = 0;
    while (s->status == GAME_IN_HAND) {
        if (s->rules->plain_header_line && s->open_ends == 3 && s->phase >= BERGEN_PHASE_PLAY) {
            plies += line_kernel_play(s, chooser_of_seat, only_uniform, observed, &written);
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
            else if (game_chooser_calls_back(chooser)) pick = pick_told_points(s, chooser, moves, count, &written);
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
int bergen_playout(void *state, const game_chooser_t *chooser_of_seat)
{
    bergen_state_t *s = state;
    bool only_uniform = true, callback = false;
    for (int seat = 0; seat < s->seats; seat++) {
        only_uniform &= chooser_of_seat[seat].rule == GAME_CHOOSE_UNIFORM;
        callback |= game_chooser_calls_back(&chooser_of_seat[seat]);
    }
    if (only_uniform) return playout_loop(s, chooser_of_seat, true, true, false);
    return callback ? playout_loop(s, chooser_of_seat, false, false, true)
                    : playout_loop(s, chooser_of_seat, false, true, false);
}
