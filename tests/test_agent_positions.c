/* test_agent_positions.c - hand-built Bergen positions where the right move is known, and
 * what each agent plays there.
 *
 * Both positions are 2-player `bergen` (target 15, near_goal pagat, stock_reserve 2, simple
 * block worth 1, domino worth 2), late in a hand: the stock is down to its two reserved
 * tiles, so nobody may draw and a seat that cannot place passes (R12, R13). They are
 * written field by field into bergen_state_t (white-box): a real hand cannot be steered
 * there without dozens of scripted moves. The layout is a real line of play (written from
 * end 0 to end 1), every tile is in exactly one place, and the opponent's "lacks" are what
 * its earlier draw or pass showed (bergen.c keeps them so).
 *
 * Each position is checked three ways before any agent is asked:
 *   1. the legal moves are exactly the expected ones, with the expected placement points;
 *   2. a brute force (perfect-information minimax to the end of the hand) gives every root
 *      move its exact value, in the true deal and in every world game->determinize draws
 *      for the seat to move: the right move is best in all of them;
 *   3. then the agents: greedy, heuristic, pimc, ismcts, oracle.
 * Values are the change of (own score - opponent's score) by the end of the hand.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "bergen/bergen.h"
#include "bergen_fixture.h"
#include "game.h"

enum {
    SEEDS = 5,            /* seeds per search agent; every one must find the move */
    WORLDS = 300,         /* determinized worlds the brute force checks */
    SOLVE_DEPTH_LIMIT = 64 /* far more plies than these positions have left */
};

/* ------------------------------------------------------------------ building a position */

typedef struct position {
    const char *hand[2];   /* seat 0, seat 1 */
    const char *layout;    /* the line from end 0 to end 1, each tile written outward-in order */
    const char *stock;     /* the undrawn stock, in draw order */
    int end_number[2];     /* what ends 0 and 1 show */
    int end_double[2];     /* 1: that end's outermost tile is a crosswise double */
    int opening;           /* number of the opening double */
    int score[2];
    const char *lacks[2];  /* numbers each seat is known not to hold, e.g. "03" */
    int draws[2], passes[2];
    int to_move;
} position_t;

static tileset_t tiles_of(const char *text, int *count)
{
    uint8_t list[TILESET_MAX_BITS];
    int n = parse_tiles(text, list, TILESET_MAX_BITS);
    tileset_t set = tileset_empty();
    for (int k = 0; k < n; k++) {
        ck_assert_msg(!tileset_has(set, list[k]), "tile %d twice in '%s'", list[k], text);
        tileset_add(&set, list[k]);
    }
    if (count) *count = n;
    return set;
}

/* Writes `p` into a fresh 2-player bergen state. */
static void build_position(fixture_t *fx, const position_t *p)
{
    fx_open(fx, &bergen_game, "bergen", "players=2");
    bergen_state_t *s = fx->s;
    const bergen_rules_t *r = fx_rules(fx);
    uint8_t layout_list[TILESET_MAX_BITS], stock_list[TILESET_MAX_BITS];
    int layout_count = parse_tiles(p->layout, layout_list, TILESET_MAX_BITS);
    int stock_count = parse_tiles(p->stock, stock_list, TILESET_MAX_BITS);
    ck_assert_int_eq(stock_count, r->stock_reserve); /* nobody may draw */
    /* the layout is a line: each tile meets the next, and its ends are the ones given */
    int shown = -1;
    for (int k = 0; k < layout_count; k++) {
        int t = layout_list[k], lo = tileset_low(t), hi = tileset_high(t);
        if (k == 0) {
            ck_assert_msg(p->end_double[0] ? (lo == hi && lo == p->end_number[0]) : tileset_shows(t, p->end_number[0]),
                          "the layout does not start with end 0");
            shown = tileset_other_side(t, p->end_number[0]);
        } else {
            ck_assert_msg(tileset_shows(t, shown), "layout tile %d does not meet the previous one", k);
            shown = tileset_other_side(t, shown);
        }
    }
    ck_assert_int_eq(shown, p->end_number[1]);
    int last = layout_list[layout_count - 1];
    ck_assert_int_eq(tileset_is_double(last), p->end_double[1]);

    s->status = GAME_IN_HAND;
    s->phase = BERGEN_PHASE_PLAY;
    s->hand_number = 1;
    s->to_move = (int8_t)p->to_move;
    s->opener = s->leader = s->starter = 0;
    s->opening_number = (int8_t)p->opening;
    s->drawn_tile = -1;
    s->qualifying_tile = -1;
    s->hand_void = 0;
    s->end_started = 3; /* both sides of the opening double are covered */
    s->end_double = (uint8_t)(p->end_double[0] | p->end_double[1] << 1);
    for (int e = 0; e < 2; e++) s->end_number[e] = (int8_t)p->end_number[e];
    s->open_ends = (uint8_t)bergen_open_ends(s);
    s->layout = tiles_of(p->layout, NULL);
    s->layout_count = (uint8_t)layout_count;
    int placed = 0;
    for (int k = 0; k < layout_count; k++) s->deck[placed++] = layout_list[k];
    for (int seat = 0; seat < 2; seat++) {
        int n;
        s->hand[seat] = tiles_of(p->hand[seat], &n);
        s->hand_count[seat] = (uint8_t)n;
        uint8_t list[TILESET_MAX_BITS];
        parse_tiles(p->hand[seat], list, TILESET_MAX_BITS);
        for (int k = 0; k < n; k++) s->deck[placed++] = list[k];
        s->score[seat] = p->score[seat];
        s->draws[seat] = (uint8_t)p->draws[seat];
        s->passes[seat] = (uint8_t)p->passes[seat];
        s->lacks[seat] = tileset_empty();
        for (const char *c = p->lacks[seat]; *c; c++) s->lacks[seat] = tileset_or(s->lacks[seat], tileset_suit(*c - '0'));
        s->lacks[seat] = tileset_and(s->lacks[seat], r->one_set);
    }
    s->stock_next = (uint8_t)placed;
    for (int k = 0; k < stock_count; k++) s->deck[placed++] = stock_list[k];
    /* every tile exactly once */
    ck_assert_int_eq(placed, r->physical_count);
    tileset_t all = tileset_empty();
    for (int k = 0; k < placed; k++) {
        ck_assert_msg(!tileset_has(all, s->deck[k]), "tile %d is in two places", s->deck[k]);
        tileset_add(&all, s->deck[k]);
    }
    /* the lacks are true of the real hands */
    for (int seat = 0; seat < 2; seat++)
        ck_assert_msg(tileset_is_empty(tileset_and(s->hand[seat], s->lacks[seat])), "seat %d holds what it lacks", seat);
}

/* ------------------------------------------------------------------ brute force */

/* Value to `me` of the rest of the hand from `s` under perfect play by both seats:
 * (own score - opponent's) at the end minus now. */
static int solve(const bergen_state_t *s, int me, int depth)
{
    ck_assert_int_lt(depth, SOLVE_DEPTH_LIMIT);
    if (s->status != GAME_IN_HAND) return s->score[me] - s->score[1 - me];
    game_move_t moves[GAME_MAX_MOVES];
    int count = bergen_game.legal_moves(s, moves);
    bool maximizing = s->to_move == me;
    int best = maximizing ? -1000000 : 1000000;
    for (int i = 0; i < count; i++) {
        bergen_state_t child = *s;
        bergen_game.apply(&child, moves[i], NULL);
        int value = solve(&child, me, depth + 1);
        if (maximizing ? value > best : value < best) best = value;
    }
    return best;
}

/* Exact value of each root move in state `s` for the seat to move. */
static void move_values(const bergen_state_t *s, const game_move_t *moves, int count, int *values)
{
    int me = s->to_move, now = s->score[me] - s->score[1 - me];
    for (int i = 0; i < count; i++) {
        bergen_state_t child = *s;
        bergen_game.apply(&child, moves[i], NULL);
        values[i] = solve(&child, me, 1) - now;
    }
}

/* The legal moves are `want` in any order; returns the index of `right` among them. */
static int index_of(const game_move_t *moves, int count, game_move_t move)
{
    for (int i = 0; i < count; i++)
        if (same_move(moves[i], move)) return i;
    ck_abort_msg("move not among the legal moves");
    return -1;
}

/* Checks `expected[i]` is the exact value of moves[i] in the true deal and in WORLDS worlds
 * the seat to move may imagine. */
static void expect_values(const fixture_t *fx, const game_move_t *moves, int count, const int *expected)
{
    int values[GAME_MAX_MOVES];
    char name[32];
    move_values(fx->s, moves, count, values);
    for (int i = 0; i < count; i++)
        ck_assert_msg(values[i] == expected[i], "true deal: %s is worth %d, expected %d",
                      move_name(moves[i], name, sizeof name), values[i], expected[i]);
    pcg32_t rng;
    pcg32_seed(&rng, 2024, 1);
    for (int w = 0; w < WORLDS; w++) {
        bergen_state_t world;
        bergen_game.determinize(fx->s, fx->s->to_move, &rng, &world);
        move_values(&world, moves, count, values);
        for (int i = 0; i < count; i++)
            if (values[i] != expected[i])
                ck_abort_msg("world %d: %s is worth %d, expected %d", w, move_name(moves[i], name, sizeof name),
                             values[i], expected[i]);
    }
}

/* The move `spec` picks for the seat to move with `seed`. */
static game_move_t agent_pick(const fixture_t *fx, const char *spec, uint64_t seed)
{
    char error[256] = "";
    agent_t *agent = NULL;
    int seat = fx->s->to_move;
    ck_assert_msg(agent_create(spec, NULL, fx->game, fx->rules, seat, seed, &agent, error, sizeof error) == 0, "%s: %s", spec,
                  error);
    game_move_t moves[GAME_MAX_MOVES];
    int count = fx->game->legal_moves(fx->s, moves);
    bergen_state_t before = *fx->s;
    game_move_t move = agent_choose(agent, fx->s, moves, count);
    ck_assert_msg(memcmp(&before, fx->s, sizeof before) == 0, "%s changed the state", spec);
    agent_destroy(agent);
    return move;
}

/* `spec` picks `right` for every seed. */
static void expect_agent_finds(const fixture_t *fx, const char *spec, game_move_t right)
{
    char got[32], want[32];
    int found = 0;
    game_move_t wrong = right;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        game_move_t move = agent_pick(fx, spec, seed);
        if (same_move(move, right)) found++;
        else wrong = move;
    }
    printf("%-24s found %s with %d of %d seeds\n", spec, move_name(right, want, sizeof want), found, SEEDS);
    ck_assert_msg(found == SEEDS, "%s found %s with only %d of %d seeds (else %s)", spec, want, found, SEEDS,
                  move_name(wrong, got, sizeof got));
}

/* ================================================================== position 1
 *
 * Greedy is clearly wrong: the heaviest tile (greedy's tie-break when nothing scores) lets
 * the opponent make a triple-header and go out.
 *
 *   bergen, 2 players, seat 0 to move; scores 6 - 7; stock: the 2 reserved tiles only.
 *
 *     end 0                                                                 end 1
 *     [1-1] 1-0 0-0 0-3 3-3 3-5 5-5 5-0 0-4 4-4 4-1 1-6 6-6 6-2 2-2 2-0 0-6 6-3 3-4 4-2 2-5 5-4 4-6
 *      1*                                                                     6
 *
 *   seat 0 (us):  [1-2] [5-6]
 *   seat 1:       one tile, hidden. Seat 1 drew early in the hand while the ends showed
 *                 0|3* and has not drawn since, so it holds no 0 and no 3 (lacks).
 *   unseen to us: seat 1's tile and the 2 stock tiles = {[1-5], [2-3], [1-3]}. Only [1-5]
 *                 has no 0 and no 3: seat 1 holds [1-5] in every consistent world.
 *
 *   Moves (none scores now: 2|6 and 1*|5 are not headers):
 *     A. [1-2] on end 0 -> ends 2|6.  Seat 1's [1-5] fits neither: it passes (no draw
 *        from the reserve). We place [5-6] on end 1 -> 2|5 and go out: +2 (domino, R19).
 *        Value +2.
 *     G. [5-6] on end 1 -> ends 1*|5 (greedy: 0 points each, [5-6] = 11 pips > [1-2] = 3).
 *        Seat 1 places [1-5] on end 1 -> 1*|1, a triple-header (R14: h = 2 + 1 for the
 *        crosswise [1-1]) = 3 points (D = 15 - 7 = 8, no reduction, R16), and goes out:
 *        +2. (Or on end 0 -> 5|5, a double-header, 2 + 2.) Value -5.
 *   A is better by 7 points in every world.
 */
static const position_t POSITION_1 = {
    .hand = {"1-2 5-6", "1-5"},
    .layout = "1-1 1-0 0-0 0-3 3-3 3-5 5-5 5-0 0-4 4-4 4-1 1-6 6-6 6-2 2-2 2-0 0-6 6-3 3-4 4-2 2-5 5-4 4-6",
    .stock = "2-3 1-3",
    .end_number = {1, 6},
    .end_double = {1, 0},
    .opening = 3,
    .score = {6, 7},
    .lacks = {"", "03"},
    .draws = {4, 3},
    .passes = {0, 0},
    .to_move = 0,
};

static void open_position_1(fixture_t *fx)
{
    build_position(fx, &POSITION_1);
    EXPECT_LEGAL(fx, mv_play(1, 2, 0), mv_play(5, 6, 1));
    ck_assert_int_eq(fx->game->move_points(fx->s, 0, mv_play(1, 2, 0)), 0);
    ck_assert_int_eq(fx->game->move_points(fx->s, 0, mv_play(5, 6, 1)), 0);
    /* what the opponent's tile would score after G, seen from the public layout */
    fixture_t after;
    fx_clone(&after, fx);
    ck_assert_int_eq(fx_play(&after, 0, 5, 6, 1), 0);
    ck_assert_int_eq(after.game->move_points(after.s, 1, mv_play(1, 5, 1)), 3);
    ck_assert_int_eq(after.game->move_points(after.s, 1, mv_play(1, 5, 0)), 2);
    fx_close(&after);
}

START_TEST(position_1_is_what_the_comment_says)
{
    fixture_t fx;
    open_position_1(&fx);
    /* the two lines, played out */
    fixture_t line;
    fx_clone(&line, &fx);
    ck_assert_int_eq(fx_play(&line, 0, 1, 2, 0), 0);
    EXPECT_LEGAL(&line, mv_kind(GAME_MOVE_PASS));
    fx_do(&line, 1, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_play(&line, 0, 5, 6, 1), 0);
    expect_scores(&line, (const int[]){8, 7});
    ck_assert_int_eq(line.game->status(line.s), GAME_BETWEEN_HANDS);
    fx_close(&line);
    fx_clone(&line, &fx);
    ck_assert_int_eq(fx_play(&line, 0, 5, 6, 1), 0);
    ck_assert_int_eq(fx_play(&line, 1, 1, 5, 1), 3);
    expect_scores(&line, (const int[]){6, 12});
    fx_close(&line);
    /* brute force: A +2, G -5 in the true deal and every world */
    game_move_t moves[GAME_MAX_MOVES];
    int count = fx.game->legal_moves(fx.s, moves);
    int expected[GAME_MAX_MOVES];
    expected[index_of(moves, count, mv_play(1, 2, 0))] = 2;
    expected[index_of(moves, count, mv_play(5, 6, 1))] = -5;
    expect_values(&fx, moves, count, expected);
    fx_close(&fx);
}
END_TEST

START_TEST(position_1_greedy_sets_up_the_triple)
{
    fixture_t fx;
    open_position_1(&fx);
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        game_move_t move = agent_pick(&fx, "greedy", seed);
        ck_assert_msg(same_move(move, mv_play(5, 6, 1)), "greedy should play [5-6] on end 1 (heaviest, 0 points)");
    }
    fx_close(&fx);
}
END_TEST

static const char *const POSITION_1_SEARCHERS[] = {
    "pimc:samples=64", "pimc:samples=64,rollout=random", "pimc:samples=16,solver=alphabeta",
    "ismcts", "ismcts:iterations=5000", "oracle", "oracle:solver=alphabeta",
};
enum { POSITION_1_SEARCHER_COUNT = sizeof POSITION_1_SEARCHERS / sizeof POSITION_1_SEARCHERS[0] };

START_TEST(position_1_search_avoids_it)
{
    fixture_t fx;
    open_position_1(&fx);
    expect_agent_finds(&fx, POSITION_1_SEARCHERS[_i], mv_play(1, 2, 0));
    fx_close(&fx);
}
END_TEST

/* ================================================================== position 2
 *
 * Holding a double: playing [6-6] now scores nothing; keeping it makes a double-header and
 * then a triple-header with it.
 *
 *   bergen, 2 players, seat 0 to move; scores 3 - 5; stock: the 2 reserved tiles only.
 *
 *     end 0                                                               end 1
 *     6-2 2-2 2-0 0-0 0-6 6-4 4-4 4-5 5-5 5-2 2-1 1-6 6-5 5-1 1-3 3-3 3-5 5-0 0-3 3-4 4-2
 *      6                                                                    2
 *
 *   seat 0 (us):  [6-6] [2-3] [3-6]
 *   seat 1:       two tiles, hidden; it just passed at 6|2 (lacks 6 and 2). The unseen
 *                 tiles are [0-1] [0-4] [1-4] [1-1]: no 2, 3 or 6 among them, so seat 1
 *                 cannot place on any end below and passes every turn, in every world.
 *
 *   Moves (none scores now):
 *     H. [2-3] on end 1 -> 6|3. Seat 1 passes. [3-6] on end 1 -> 6|6, a double-header: +2.
 *        Seat 1 passes. [6-6] on 6|6 -> a triple-header: +3, and out: +2. Value +7.
 *     D. [6-6] on end 0 -> 6*|2 (greedy: 0 points each, [6-6] = 12 pips is the heaviest).
 *        Best after it: [2-3] on end 1 -> 6*|3, [3-6] on end 1 -> 6*|6 (triple) +3, out +2.
 *        Value +5: the double-header of H is lost.
 *     S. [3-6] on end 0 -> 3|2. Then [2-3] makes a double-header (+2) but [6-6] never fits
 *        again: blocked, and seat 1's lighter hand (3..9 pips against 12) takes the
 *        block point. Value +1.
 *   The right move is H. Greedy plays D; heuristic plays H (its suits count at the defaults,
 *   its doubles feature on its own).
 */
static const position_t POSITION_2 = {
    .hand = {"6-6 2-3 3-6", "1-4 0-4"},
    .layout = "6-2 2-2 2-0 0-0 0-6 6-4 4-4 4-5 5-5 5-2 2-1 1-6 6-5 5-1 1-3 3-3 3-5 5-0 0-3 3-4 4-2",
    .stock = "0-1 1-1",
    .end_number = {6, 2},
    .end_double = {0, 0},
    .opening = 0,
    .score = {3, 5},
    .lacks = {"", "26"},
    .draws = {3, 5},
    .passes = {0, 1},
    .to_move = 0,
};

static void open_position_2(fixture_t *fx)
{
    build_position(fx, &POSITION_2);
    EXPECT_LEGAL(fx, mv_play(6, 6, 0), mv_play(2, 3, 1), mv_play(3, 6, 0));
    ck_assert_int_eq(fx->game->move_points(fx->s, 0, mv_play(6, 6, 0)), 0);
    ck_assert_int_eq(fx->game->move_points(fx->s, 0, mv_play(2, 3, 1)), 0);
    ck_assert_int_eq(fx->game->move_points(fx->s, 0, mv_play(3, 6, 0)), 0);
}

START_TEST(position_2_is_what_the_comment_says)
{
    fixture_t fx;
    open_position_2(&fx);
    fixture_t line;
    fx_clone(&line, &fx);
    ck_assert_int_eq(fx_play(&line, 0, 2, 3, 1), 0);
    fx_do(&line, 1, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_play(&line, 0, 3, 6, 1), 2);
    fx_do(&line, 1, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_play(&line, 0, 6, 6, 1), 3);
    expect_scores(&line, (const int[]){3 + 2 + 3 + 2, 5});
    fx_close(&line);
    game_move_t moves[GAME_MAX_MOVES];
    int count = fx.game->legal_moves(fx.s, moves);
    int expected[GAME_MAX_MOVES];
    expected[index_of(moves, count, mv_play(2, 3, 1))] = 7;
    expected[index_of(moves, count, mv_play(6, 6, 0))] = 5;
    expected[index_of(moves, count, mv_play(3, 6, 0))] = 1;
    expect_values(&fx, moves, count, expected);
    fx_close(&fx);
}
END_TEST

START_TEST(position_2_heuristic_holds_the_double)
{
    fixture_t fx;
    open_position_2(&fx);
    char name[32];
    game_move_t greedy = agent_pick(&fx, "greedy", 1);
    ck_assert_msg(same_move(greedy, mv_play(6, 6, 0)), "greedy should play [6-6] (heaviest, 0 points), played %s",
                  move_name(greedy, name, sizeof name));
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        game_move_t move = agent_pick(&fx, "heuristic", seed);
        ck_assert_msg(same_move(move, mv_play(2, 3, 1)), "heuristic played %s: it should hold [6-6] and play H",
                      move_name(move, name, sizeof name));
    }
    fx_close(&fx);
}
END_TEST

/* The doubles feature on its own holds the double: with only the points weight the
 * heuristic plays like greedy ([6-6], the heaviest), and adding `doubles` turns it to H.
 * (At the defaults, doubles = 0, the suits count finds H: see the test above.) */
START_TEST(position_2_doubles_feature_alone_holds_it)
{
    fixture_t fx;
    open_position_2(&fx);
    char name[32];
    game_move_t points_only = agent_pick(&fx, "heuristic:suits=0,deny=0,doubles=0", 1);
    ck_assert_msg(same_move(points_only, mv_play(6, 6, 0)), "points only should play [6-6], played %s",
                  move_name(points_only, name, sizeof name));
    game_move_t with_doubles = agent_pick(&fx, "heuristic:suits=0,deny=0,doubles=1", 1);
    ck_assert_msg(same_move(with_doubles, mv_play(2, 3, 1)), "the doubles feature should play H, played %s",
                  move_name(with_doubles, name, sizeof name));
    fx_close(&fx);
}
END_TEST

/* Exact search finds H. (Playouts need not: a greedy playout after H may put [3-6] on end 0,
 * 3|3, and strand the double; that is the rollout policy's weakness, not the search's.) */
static const char *const POSITION_2_SOLVERS[] = {"oracle:solver=alphabeta", "pimc:samples=16,solver=alphabeta"};
enum { POSITION_2_SOLVER_COUNT = sizeof POSITION_2_SOLVERS / sizeof POSITION_2_SOLVERS[0] };

START_TEST(position_2_exact_search_finds_the_line)
{
    fixture_t fx;
    open_position_2(&fx);
    expect_agent_finds(&fx, POSITION_2_SOLVERS[_i], mv_play(2, 3, 1));
    fx_close(&fx);
}
END_TEST

static Suite *positions_suite(void)
{
    Suite *suite = suite_create("agent positions");
    TCase *positions = tcase_create("positions");
    tcase_set_timeout(positions, 600);
    tcase_add_test(positions, position_1_is_what_the_comment_says);
    tcase_add_test(positions, position_1_greedy_sets_up_the_triple);
    tcase_add_loop_test(positions, position_1_search_avoids_it, 0, POSITION_1_SEARCHER_COUNT);
    tcase_add_test(positions, position_2_is_what_the_comment_says);
    tcase_add_test(positions, position_2_heuristic_holds_the_double);
    tcase_add_test(positions, position_2_doubles_feature_alone_holds_it);
    tcase_add_loop_test(positions, position_2_exact_search_finds_the_line, 0, POSITION_2_SOLVER_COUNT);
    suite_add_tcase(suite, positions);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(positions_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
