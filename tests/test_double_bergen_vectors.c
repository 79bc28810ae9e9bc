/* test_double_bergen_vectors.c - the test vectors DB-01 ... DB-09 of
 * docs/rules/double-bergen.md §4, each as its own Check test, asserted exactly as
 * written.
 *
 * How positions are reached:
 *   - Play vectors (DB-01, DB-02, DB-04 to DB-07, DB-09) deal a hand-built position with
 *     game->set_deal (hand 1; `leader` is the designated starter S, which hand 1 accepts
 *     for any seat because it is otherwise drawn at random) and play scripted moves
 *     through legal_moves/apply, checking every move is legal, the points of every
 *     GAME_EVENT_PLAY, the arms after it (observe: end_number, end_is_double, end_open)
 *     and the award events. Where a vector gives only a position at the end of play, the
 *     deal and options (hand_size, stock_reserve) are chosen so that a short legal hand
 *     arrives exactly there; each test says how. A stock_reserve as large as the stock
 *     makes the stock undrawable.
 *   - "The next hand" (DB-04, DB-05) is reached by finishing the hand with real moves
 *     (first legal move each turn); then deal() must choose the expected designated
 *     starter and set_deal must accept it and reject any other.
 * White-box state (bergen_state_t fields written directly):
 *   - DB-03 and DB-08 are static positions "taken as given": the arm ends (end_number,
 *     end_double, end_started, opening_number) are written into a fresh state and scored
 *     with bergen_layout_points. Several rows (e.g. `5* 5 5 5` with the tiles that
 *     requires) could only be reached by long unrelated hands.
 *   - score[] before a placement or hand end (DB-06 scores 40/37/52 and 1, DB-07's 98):
 *     a real hand cannot be steered to those scores.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bergen/bergen.h"
#include "bergen_fixture.h"
#include "game.h"

/* The fixture (configure, deal, play, expect) is in bergen_fixture.h. */


/* Arms that are open now (DB R8): while any arm is unstarted, exactly the unstarted ones;
 * `unstarted` is a mask of arms. */
static void expect_open_arms(const fixture_t *fx, unsigned unstarted)
{
    game_observation_t obs = fx_observe(fx, 0);
    unsigned all = (1u << obs.ends.count) - 1, want = unstarted ? unstarted : all;
    for (int e = 0; e < obs.ends.count; e++)
        ck_assert_msg(obs.ends.open[e] == (want >> e & 1), "arm %d open=%d, expected %d", e, obs.ends.open[e],
                      want >> e & 1);
}

/* The next hand's designated starter after a finished hand: deal() picks it, set_deal
 * accepts it and rejects every other seat (R4, R16). */
static void expect_next_starter(const fixture_t *fx, int expected, const char *const *hands)
{
    ck_assert_int_eq(fx->game->status(fx->s), GAME_BETWEEN_HANDS);
    fixture_t dealt;
    fx_clone(&dealt, fx);
    dealt.ev.count = 0;
    dealt.game->deal(dealt.s, &dealt.ev);
    game_deal_t deal;
    dealt.game->get_deal(dealt.s, &deal);
    ck_assert_int_eq(deal.hand_number, 2);
    ck_assert_msg(deal.leader == expected, "deal() chose designated starter %d, expected %d", deal.leader, expected);
    fx_close(&dealt);

    for (int seat = 0; seat < fx->s->seats; seat++) {
        fixture_t given;
        char error[ERROR_SIZE] = "";
        fx_clone(&given, fx);
        int rc = fx_try_deal(&given, 2, seat, hands, "", error, sizeof error);
        if (seat == expected)
            ck_assert_msg(rc == 0, "set_deal rejected the expected starter %d: %s", seat, error);
        else
            ck_assert_msg(rc == -1 && error[0], "set_deal accepted seat %d as the starter (expected %d)", seat,
                          expected);
        fx_close(&given);
    }
}

/* ================================================================== DB-01: combinations */

typedef struct db01_row {
    int seat, a, b, arm; /* arm GAME_NO_END: the lead */
    const char *arms;
    int points[2]; /* all_exposed, new_end_only */
    const char *words[2]; /* what the game says of them (points_words), "" for none */
} db01_row_t;

#define DB01_SPINNER "the spinner 5-5, an arm still bare (2)"
static const db01_row_t DB01_ROWS[] = {
    {0, 5, 5, GAME_NO_END, "- - - -", {2, 2}, {DB01_SPINNER, DB01_SPINNER}},
    {1, 2, 5, 0, "2 - - -", {2, 0}, {DB01_SPINNER, ""}},
    {2, 3, 5, 1, "2 3 - -", {2, 0}, {DB01_SPINNER, ""}},
    {3, 5, 6, 2, "2 3 6 -", {2, 0}, {DB01_SPINNER, ""}},
    {0, 1, 5, 3, "2 3 6 1", {0, 0}, {"", ""}},
    {1, 1, 2, 3, "2 3 6 2", {2, 2}, {"a pair of 2s (2)", "a pair of 2s (2)"}},
    {2, 2, 2, 0, "2* 3 6 2", {3, 3}, {"three 2s (3)", "three 2s (3)"}},
    {3, 3, 6, 1, "2* 6 6 2", {5, 2}, {"three 2s (3) + a pair of 6s (2)", "a pair of 6s (2)"}},
    {0, 2, 4, 3, "2* 6 6 4", {4, 0}, {"a pair of 2s (2) + a pair of 6s (2)", ""}},
    {1, 4, 4, 3, "2* 6 6 4*", {6, 2}, {"a pair of 2s (2) + a pair of 4s (2) + a pair of 6s (2)", "a pair of 4s (2)"}},
};
static const int DB01_TOTALS[2][4] = {{6, 10, 5, 7}, {2, 4, 3, 2}};
static const char *const DB01_SCOPES[2] = {"all_exposed", "new_end_only"};

START_TEST(db01_spinner_phase_then_combinations)
{
    /* 4 players, 5 tiles each; the designated starter is seat 0, which holds [5-5]. */
    static const char *const hands[] = {"5-5 1-5 2-4 0-0 0-1", "2-5 1-2 4-4 0-2 0-3", "3-5 2-2 0-4 0-5 0-6",
                                        "5-6 3-6 1-1 1-3 1-4"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=4 combination_scope=%s", DB01_SCOPES[_i]);
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(&fx, 1, 0, hands, "");
    EXPECT_LEGAL(&fx, mv_lead(0), mv_lead(5)); /* any double he holds (A8) */
    unsigned unstarted = 0xF;
    for (size_t k = 0; k < sizeof DB01_ROWS / sizeof DB01_ROWS[0]; k++) {
        const db01_row_t *row = &DB01_ROWS[k];
        int points = fx_play(&fx, row->seat, row->a, row->b, row->arm);
        ck_assert_msg(points == row->points[_i], "placement %zu ([%d-%d] by seat %d): %d points, expected %d (%s)",
                      k + 1, row->a, row->b, row->seat, points, row->points[_i], DB01_SCOPES[_i]);
        expect_ends(&fx, 5, row->arms);
        expect_points_words(&fx, GAME_EVENT_PLAY, row->words[_i]);
        if (row->arm != GAME_NO_END) unstarted &= ~(1u << row->arm);
        expect_open_arms(&fx, unstarted);
        ck_assert_int_eq(fx.game->to_move(fx.s), (row->seat + 1) % 4);
    }
    expect_scores(&fx, DB01_TOTALS[_i]);
    fx_close(&fx);
}
END_TEST

/* ================================================================== DB-02: spinner-phase legality */

/* 3 players, hand_size=2: seat 0 leads [6-6], seat 1 starts arm 0 with [3-6]; arms
 * `3 - - -`, seat 2 to move. */
static void db02_reach(fixture_t *fx, const char *seat2, const char *stock)
{
    const char *const hands[] = {"6-6 0-1", "3-6 0-3", seat2};
    fx_open(fx, &double_bergen_game, "double_bergen", "players=3 hand_size=2");
    fx_deal(fx, 1, 0, hands, stock);
    ck_assert_int_eq(fx_lead(fx, 0, 6), 2);
    ck_assert_int_eq(fx_play(fx, 1, 3, 6, 0), 2);
    expect_ends(fx, 6, "3 - - -");
    expect_open_arms(fx, 0xE);
}

START_TEST(db02_only_unstarted_arms)
{
    fixture_t fx;
    db02_reach(&fx, "3-4 1-6", "");
    EXPECT_LEGAL(&fx, mv_play(1, 6, 1), mv_play(1, 6, 2), mv_play(1, 6, 3));
    ck_assert(!game_move_is_legal(fx.game, fx.s, mv_play(3, 4, 0)));
    fx_close(&fx);
}
END_TEST

START_TEST(db02_no_placement_draws)
{
    /* The stock starts [0-5] (fits nothing), then [2-6] (starts an arm). */
    fixture_t fx;
    db02_reach(&fx, "3-4 0-2", "0-5 2-6");
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 2, 0, 5);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 2, 2, 6);
    EXPECT_LEGAL(&fx, mv_play(2, 6, 1), mv_play(2, 6, 2), mv_play(2, 6, 3));
    fx_close(&fx);
}
END_TEST

/* ================================================================== DB-03, DB-08: static positions */

typedef struct static_row {
    const char *arms;
    int points;
} static_row_t;

static const static_row_t DB03_ROWS[] = {
    {"3 3 5 5", 4}, {"1* 2* 3* 5*", 8}, {"5* 5 5 5", 5}, {"2 2 2 2", 4},
    {"2 2 2 4*", 5}, {"4* 4 1 6", 3},   {"1 2 3 4", 0},
};
static const static_row_t DB08_ROWS[] = {
    {"4 4 4 4* 7 7 2 3", 7},
    {"6 6 6 6 6 6* 1 2", 7},
};
enum {
    DB03_ROW_COUNT = sizeof DB03_ROWS / sizeof DB03_ROWS[0],
    DB08_ROW_COUNT = sizeof DB08_ROWS / sizeof DB08_ROWS[0]
};

/* White-box: every arm started, arm ends as written; the spinner's number is one that
 * no arm shows (it no longer counts once all arms are started). */
static int score_static_position(const char *preset, const char *arms)
{
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, preset, "");
    bergen_state_t *s = fx.s;
    const int arm_count = s->end_count;
    bool shown[TILESET_MAX_NUMBER + 1] = {false};
    int e = 0;
    s->end_double = 0;
    for (const char *p = arms; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        char *end;
        int number = (int)strtol(p, &end, 10);
        ck_assert(end != p && e < arm_count);
        p = end;
        s->end_number[e] = (int8_t)number;
        shown[number] = true;
        if (*p == '*') {
            s->end_double |= (uint8_t)(1u << e);
            p++;
        }
        e++;
    }
    ck_assert_int_eq(e, arm_count);
    s->end_started = (uint8_t)((1u << arm_count) - 1);
    int spinner = 0;
    while (shown[spinner]) spinner++;
    s->opening_number = (int8_t)spinner;
    expect_ends(&fx, -1, arms); /* the state reads back as the vector's position */
    int points = bergen_layout_points(fx_rules(&fx), s, s->end_number[arm_count - 1]);
    fx_close(&fx);
    return points;
}

START_TEST(db03_static_positions)
{
    const static_row_t *row = &DB03_ROWS[_i];
    int points = score_static_position("double_bergen", row->arms);
    ck_assert_msg(points == row->points, "arms %s: %d points, expected %d", row->arms, points, row->points);
}
END_TEST

START_TEST(db08_eight_arms)
{
    const static_row_t *row = &DB08_ROWS[_i];
    int points = score_static_position("double_bergen_12", row->arms);
    ck_assert_msg(points == row->points, "arms %s: %d points, expected %d", row->arms, points, row->points);
}
END_TEST

/* ================================================================== DB-04, DB-05: the leader */

/* 3 players; designated starter seat 1 holds no double, seat 2 holds [2-2] and [5-5],
 * seat 0 holds [1-1]; [0-0], [3-3], [4-4], [6-6] are in the stock. */
static const char *const DB04_HANDS[] = {"1-1 0-1 0-2 0-3 0-4 0-5", "0-6 1-2 1-3 1-4 1-5 1-6",
                                         "2-2 5-5 2-3 2-4 2-5 2-6"};
static const char *const DB04_NEXT[2] = {"left_of_leader", "left_of_designated"};
static const int DB04_NEXT_STARTER[2] = {0, 2};

START_TEST(db04_first_seat_with_double_leads)
{
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", "players=3");
    fx_deal(&fx, 1, 1, DB04_HANDS, "");
    ck_assert_int_eq(fx.game->to_move(fx.s), 2); /* seat 1 is skipped, which is no pass */
    EXPECT_LEGAL(&fx, mv_lead(2), mv_lead(5));
    for (int d = 2; d <= 5; d += 3) {
        fixture_t branch;
        fx_clone(&branch, &fx);
        ck_assert_int_eq(fx_lead(&branch, 2, d), 2);
        expect_ends(&branch, d, "- - - -");
        ck_assert_int_eq(branch.game->to_move(branch.s), 0);
        ck_assert_int_eq(fx_observe(&branch, 0).passes[1], 0);
        fx_close(&branch);
    }
    fx_close(&fx);
}
END_TEST

START_TEST(db04_next_designated_starter)
{
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 next_designated_starter=%s", DB04_NEXT[_i]);
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(&fx, 1, 1, DB04_HANDS, "");
    ck_assert_int_eq(fx_lead(&fx, 2, 5), 2);
    fx_finish_hand(&fx);
    expect_next_starter(&fx, DB04_NEXT_STARTER[_i], DB04_HANDS);
    fx_close(&fx);
}
END_TEST

/* 2 players, no double dealt; designated starter seat 0; the stock starts [1-3], [4-4]. */
static const char *const DB05_HANDS[] = {"0-1 0-2 0-3 0-4 0-5 0-6", "1-2 1-4 1-5 1-6 2-3 2-4"};
static const char *const DB05_STOCK = "1-3 4-4";

START_TEST(db05_no_double_anywhere)
{
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", "players=2");
    fx_deal(&fx, 1, 0, DB05_HANDS, DB05_STOCK);
    ck_assert_int_eq(fx.game->to_move(fx.s), 0);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 1, 3);
    EXPECT_EVENTS(&fx, ev_draw(0, 1, 3));
    game_observation_t obs = fx_observe(&fx, 0);
    ck_assert(tileset_has(obs.hand, tile(1, 3))); /* kept */
    ck_assert_int_eq(obs.hand_size[0], 7);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 1, 4, 4);
    EXPECT_LEGAL(&fx, mv_lead(4));
    ck_assert_int_eq(fx_lead(&fx, 1, 4), 2);
    expect_ends(&fx, 4, "- - - -");
    ck_assert_int_eq(fx.game->to_move(fx.s), 0);
    fx_close(&fx);
}
END_TEST

START_TEST(db05_next_designated_starter)
{
    /* left_of_leader: next(1) = seat 0 (the vector). left_of_designated: next(S = 0) =
     * seat 1 (R4's other value, same deal). */
    static const int expected[2] = {0, 1};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=2 next_designated_starter=%s", DB04_NEXT[_i]);
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(&fx, 1, 0, DB05_HANDS, DB05_STOCK);
    fx_draw(&fx, 0, 1, 3);
    fx_draw(&fx, 1, 4, 4);
    ck_assert_int_eq(fx_lead(&fx, 1, 4), 2);
    fx_finish_hand(&fx);
    expect_next_starter(&fx, expected[_i], DB05_HANDS);
    fx_close(&fx);
}
END_TEST

/* ================================================================== DB-06: deduction */

/* 3 players, hand_size=3, stock_reserve=19 (nothing drawable), designated starter seat 1.
 * Seat 1 leads [6-6]; seat 2 [2-6] on arm 0; seat 0 (no 6) passes; seat 1 [0-6] on arm
 * 1; seat 2 [3-6] on arm 2; seat 0 passes. Seat 1 is to go out with [1-6] on arm 3,
 * while seat 0 holds 3 tiles and seat 2 holds 1. */
static void db06_reach(fixture_t *fx, const char *floor)
{
    static const char *const hands[] = {"0-2 1-2 2-3", "6-6 0-6 1-6", "2-6 3-6 0-1"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 hand_size=3 stock_reserve=19 score_floor=%s", floor);
    fx_open(fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(fx, 1, 1, hands, "");
    ck_assert_int_eq(fx_lead(fx, 1, 6), 2);
    ck_assert_int_eq(fx_play(fx, 2, 2, 6, 0), 2);
    EXPECT_LEGAL(fx, mv_kind(GAME_MOVE_PASS));
    fx_do(fx, 0, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_play(fx, 1, 0, 6, 1), 2);
    ck_assert_int_eq(fx_play(fx, 2, 3, 6, 2), 2);
    EXPECT_LEGAL(fx, mv_kind(GAME_MOVE_PASS));
    fx_do(fx, 0, mv_kind(GAME_MOVE_PASS));
    game_observation_t obs = fx_observe(fx, 0);
    ck_assert_int_eq(obs.hand_size[0], 3);
    ck_assert_int_eq(obs.hand_size[1], 1);
    ck_assert_int_eq(obs.hand_size[2], 1);
}

START_TEST(db06_going_out_deducts_own_tiles)
{
    fixture_t fx;
    db06_reach(&fx, "none");
    const int before[3] = {40, 37, 52};
    for (int seat = 0; seat < 3; seat++) fx.s->score[seat] = before[seat]; /* white-box */
    ck_assert_int_eq(fx_play(&fx, 1, 1, 6, 3), 0);                       /* arms 2 0 3 1: nothing */
    expect_ends(&fx, 6, "2 0 3 1");
    EXPECT_EVENTS(&fx, ev_play(1, 1, 6, 3, 0), ev_award(0, -3, BERGEN_REASON_DEDUCTION),
                  ev_award(2, -1, BERGEN_REASON_DEDUCTION), ev_hand_end(1, BERGEN_REASON_DOMINO));
    expect_scores(&fx, (const int[]){37, 37, 51});
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    fx_close(&fx);
}
END_TEST

START_TEST(db06_score_floor)
{
    /* Seat 0 has 1 point and 3 tiles: -2 with score_floor=none, 0 with zero (the award
     * records what was actually taken). Seat 2 has 10 and loses 1 either way. */
    static const char *const floors[2] = {"none", "zero"};
    static const int seat0_after[2] = {-2, 0};
    fixture_t fx;
    db06_reach(&fx, floors[_i]);
    fx.s->score[0] = 1; /* white-box */
    fx.s->score[1] = 0;
    fx.s->score[2] = 10;
    ck_assert_int_eq(fx_play(&fx, 1, 1, 6, 3), 0);
    EXPECT_EVENTS(&fx, ev_play(1, 1, 6, 3, 0), ev_award(0, seat0_after[_i] - 1, BERGEN_REASON_DEDUCTION),
                  ev_award(2, -1, BERGEN_REASON_DEDUCTION), ev_hand_end(1, BERGEN_REASON_DOMINO));
    expect_scores(&fx, (const int[]){seat0_after[_i], 0, 9});
    fx_close(&fx);
}
END_TEST

START_TEST(db06_blocked_four_players)
{
    /* 4 players, hand_size=4, stock_reserve=12 (nothing drawable), designated starter
     * seat 1. Spinner [6-6]; arms started [1-6], [2-6], [3-6], [0-6]; seat 2 passes;
     * arms extended [0-1], [0-2], [0-3] to 0 0 0 0; seat 2 passes; seat 3 places [0-0].
     * No hand holds a 0: blocked at the start of seat 0's turn, holding 2, 1, 3, 1 tiles. */
    static const char *const hands[] = {"3-6 0-2 1-1 1-2", "6-6 0-6 0-3 4-5", "1-6 4-6 5-6 4-4",
                                        "2-6 0-1 0-0 5-5"};
    fixture_t fx;
    fx_open(&fx, &double_bergen_game, "double_bergen", "players=4 hand_size=4 stock_reserve=12");
    fx_deal(&fx, 1, 1, hands, "");
    EXPECT_LEGAL(&fx, mv_lead(6));
    ck_assert_int_eq(fx_lead(&fx, 1, 6), 2);
    ck_assert_int_eq(fx_play(&fx, 2, 1, 6, 0), 2);
    ck_assert_int_eq(fx_play(&fx, 3, 2, 6, 1), 2);
    ck_assert_int_eq(fx_play(&fx, 0, 3, 6, 2), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 0, 6, 3), 0);
    expect_ends(&fx, 6, "1 2 3 0");
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 2, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_play(&fx, 3, 0, 1, 0), 2);
    ck_assert_int_eq(fx_play(&fx, 0, 0, 2, 1), 3);
    ck_assert_int_eq(fx_play(&fx, 1, 0, 3, 2), 4);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 2, mv_kind(GAME_MOVE_PASS));
    int before[4];
    fx.game->scores(fx.s, before);
    ck_assert_int_eq(fx_play(&fx, 3, 0, 0, 3), 5);
    expect_ends(&fx, 6, "0 0 0 0*");
    EXPECT_EVENTS(&fx, ev_play(3, 0, 0, 3, 5), ev_award(0, -2, BERGEN_REASON_DEDUCTION),
                  ev_award(1, -1, BERGEN_REASON_DEDUCTION), ev_award(2, -3, BERGEN_REASON_DEDUCTION),
                  ev_award(3, -1, BERGEN_REASON_DEDUCTION), ev_hand_end(-1, BERGEN_REASON_BLOCKED));
    expect_scores(&fx, (const int[]){before[0] - 2, before[1] - 1, before[2] - 3, before[3] + 5 - 1});
    fx_close(&fx);
}
END_TEST

/* ================================================================== DB-07: reaching 100 */

/* 3 players, hand_size=4, stock_reserve=13 (3 drawable), designated starter seat 0.
 * [6-6] led by seat 0; arms started [0-6], [1-6], [2-6], [3-6]; seat 2 places [2-2] on
 * arm 2; seat 0, with 98 points, places [1-2] on arm 1: arms 0 2 2* 3, a triplet. */
static void db07_reach(fixture_t *fx, const char *win_check)
{
    static const char *const hands[] = {"6-6 2-6 1-2 0-1", "0-6 3-6 3-4 1-3", "1-6 2-2 0-5 4-5"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 hand_size=4 stock_reserve=13 win_check=%s", win_check);
    fx_open(fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(fx, 1, 0, hands, "0-0 0-3 1-1");
    ck_assert_int_eq(fx_lead(fx, 0, 6), 2);
    ck_assert_int_eq(fx_play(fx, 1, 0, 6, 0), 2);
    ck_assert_int_eq(fx_play(fx, 2, 1, 6, 1), 2);
    ck_assert_int_eq(fx_play(fx, 0, 2, 6, 2), 2);
    ck_assert_int_eq(fx_play(fx, 1, 3, 6, 3), 0);
    ck_assert_int_eq(fx_play(fx, 2, 2, 2, 2), 2);
    expect_ends(fx, 6, "0 1 2* 3");
    fx->s->score[0] = 98; /* white-box */
    ck_assert_int_eq(fx_play(fx, 0, 1, 2, 1), 3);
    expect_ends(fx, 6, "0 2 2* 3");
    ck_assert_int_eq(fx_score(fx, 0), 101);
}

START_TEST(db07_immediate_wins_at_once)
{
    fixture_t fx;
    db07_reach(&fx, "immediate");
    EXPECT_EVENTS(&fx, ev_play(0, 1, 2, 1, 3), ev_hand_end(ANY_SEAT, BERGEN_REASON_TARGET_REACHED), ev_match_end(0));
    ck_assert_int_eq(fx.game->status(fx.s), GAME_MATCH_OVER);
    ck_assert_int_eq(fx_score(&fx, 0), 101); /* no deduction undoes the win */
    fx_close(&fx);
}
END_TEST

START_TEST(db07_end_of_hand_deduction_first)
{
    /* Play continues: seat 1 [3-4] on arm 3, seat 2 [0-5] on arm 0 (arms 5 2 2* 4); seat
     * 0 draws [0-0], [0-3], [1-1] (none fits) and passes; seat 1 passes; seat 2 goes out
     * with [4-5] on arm 0 while seat 0 holds 4 tiles. */
    fixture_t fx;
    db07_reach(&fx, "end_of_hand");
    EXPECT_EVENTS(&fx, ev_play(0, 1, 2, 1, 3));
    ck_assert_int_eq(fx.game->status(fx.s), GAME_IN_HAND);
    ck_assert_int_eq(fx_play(&fx, 1, 3, 4, 3), 3);
    ck_assert_int_eq(fx_play(&fx, 2, 0, 5, 0), 3);
    expect_ends(&fx, 6, "5 2 2* 4");
    fx_draw(&fx, 0, 0, 0);
    fx_draw(&fx, 0, 0, 3);
    fx_draw(&fx, 0, 1, 1);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 1, mv_kind(GAME_MOVE_PASS));
    ck_assert_int_eq(fx_observe(&fx, 0).hand_size[0], 4);
    ck_assert_int_eq(fx_play(&fx, 2, 4, 5, 0), 5);
    EXPECT_EVENTS(&fx, ev_play(2, 4, 5, 0, 5), ev_award(0, -4, BERGEN_REASON_DEDUCTION),
                  ev_award(1, -1, BERGEN_REASON_DEDUCTION), ev_hand_end(2, BERGEN_REASON_DOMINO));
    ck_assert_int_eq(fx_score(&fx, 0), 97);
    for (int seat = 0; seat < 3; seat++) ck_assert_int_lt(fx_score(&fx, seat), 100);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    fx.ev.count = 0;
    fx.game->deal(fx.s, &fx.ev); /* the next hand is dealt */
    ck_assert_int_eq(fx.game->status(fx.s), GAME_IN_HAND);
    ck_assert_int_eq(fx.game->hand_number(fx.s), 2);
    ck_assert_int_eq(fx_score(&fx, 0), 97);
    fx_close(&fx);
}
END_TEST

/* ================================================================== DB-09: stock reserve */

/* 4 players, hand_size=6 (stock 4), designated starter seat 0. [6-6]; arms started
 * [0-6], [1-6], [2-6], [3-6]; arm 0 runs [0-4], [4-5], [0-5] back to 0; [0-1], [0-2],
 * [0-3] turn arms 1-3 to 0; seat 3, holding no 0, draws [0-0] and places it. Every
 * tile showing 0 is now on the table, so nobody can play, and three tiles remain in
 * the stock ([4-6], [5-5], [5-6]), none of which fits. Seat 0 is next. */
static void db09_reach(fixture_t *fx, int reserve)
{
    static const char *const hands[] = {"6-6 3-6 0-1 1-1 1-2 1-3", "0-6 0-4 0-2 1-4 1-5 2-2",
                                        "1-6 4-5 0-3 2-3 2-4 2-5", "2-6 0-5 3-3 3-4 3-5 4-4"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=4 hand_size=6 stock_reserve=%d", reserve);
    fx_open(fx, &double_bergen_game, "double_bergen", overrides);
    fx_deal(fx, 1, 0, hands, "0-0 4-6 5-5 5-6");
    ck_assert_int_eq(fx_lead(fx, 0, 6), 2);
    ck_assert_int_eq(fx_play(fx, 1, 0, 6, 0), 2);
    ck_assert_int_eq(fx_play(fx, 2, 1, 6, 1), 2);
    ck_assert_int_eq(fx_play(fx, 3, 2, 6, 2), 2);
    ck_assert_int_eq(fx_play(fx, 0, 3, 6, 3), 0);
    ck_assert_int_eq(fx_play(fx, 1, 0, 4, 0), 0);
    ck_assert_int_eq(fx_play(fx, 2, 4, 5, 0), 0);
    ck_assert_int_eq(fx_play(fx, 3, 0, 5, 0), 0);
    ck_assert_int_eq(fx_play(fx, 0, 0, 1, 1), 2);
    ck_assert_int_eq(fx_play(fx, 1, 0, 2, 2), 3);
    ck_assert_int_eq(fx_play(fx, 2, 0, 3, 3), 4);
    EXPECT_LEGAL(fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(fx, 3, 0, 0);
    ck_assert_int_eq(fx_play(fx, 3, 0, 0, 3), 5);
    expect_ends(fx, 6, "0 0 0 0*");
    game_observation_t obs = fx_observe(fx, 0);
    ck_assert_int_eq(obs.stock_size, 3);
    for (int seat = 0; seat < 4; seat++)
        ck_assert(tileset_is_empty(tileset_and(fx_observe(fx, seat).hand, tileset_suit(0))));
    ck_assert_int_eq(fx->game->to_move(fx->s), 0);
    ck_assert_int_eq(fx->game->status(fx->s), GAME_IN_HAND);
}

START_TEST(db09_reserve_two_blocks_with_two_left)
{
    fixture_t fx;
    db09_reach(&fx, 2);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 4, 6);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_EVENTS(&fx, ev_pass(0), ev_award(0, -4, BERGEN_REASON_DEDUCTION), ev_award(1, -3, BERGEN_REASON_DEDUCTION),
                  ev_award(2, -3, BERGEN_REASON_DEDUCTION), ev_award(3, -4, BERGEN_REASON_DEDUCTION),
                  ev_hand_end(-1, BERGEN_REASON_BLOCKED));
    ck_assert_int_eq(fx_observe(&fx, 0).stock_size, 2);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    fx_close(&fx);
}
END_TEST

START_TEST(db09_reserve_zero_draws_stock_empty)
{
    fixture_t fx;
    db09_reach(&fx, 0);
    fx_draw(&fx, 0, 4, 6);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW)); /* no block while a tile can be drawn */
    fx_draw(&fx, 0, 5, 5);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 5, 6);
    ck_assert_int_eq(fx_observe(&fx, 0).stock_size, 0);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_EVENTS(&fx, ev_pass(0), ev_award(0, -6, BERGEN_REASON_DEDUCTION), ev_award(1, -3, BERGEN_REASON_DEDUCTION),
                  ev_award(2, -3, BERGEN_REASON_DEDUCTION), ev_award(3, -4, BERGEN_REASON_DEDUCTION),
                  ev_hand_end(-1, BERGEN_REASON_BLOCKED));
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    fx_close(&fx);
}
END_TEST

/* ================================================================== suite */

static Suite *double_bergen_vectors_suite(void)
{
    Suite *s = suite_create("double_bergen_vectors");
    TCase *tc;

    tc = tcase_create("combinations");
    tcase_add_loop_test(tc, db01_spinner_phase_then_combinations, 0, 2);
    tcase_add_loop_test(tc, db03_static_positions, 0, DB03_ROW_COUNT);
    tcase_add_loop_test(tc, db08_eight_arms, 0, DB08_ROW_COUNT);
    suite_add_tcase(s, tc);

    tc = tcase_create("spinner_legality");
    tcase_add_test(tc, db02_only_unstarted_arms);
    tcase_add_test(tc, db02_no_placement_draws);
    suite_add_tcase(s, tc);

    tc = tcase_create("leader");
    tcase_add_test(tc, db04_first_seat_with_double_leads);
    tcase_add_loop_test(tc, db04_next_designated_starter, 0, 2);
    tcase_add_test(tc, db05_no_double_anywhere);
    tcase_add_loop_test(tc, db05_next_designated_starter, 0, 2);
    suite_add_tcase(s, tc);

    tc = tcase_create("hand_end");
    tcase_add_test(tc, db06_going_out_deducts_own_tiles);
    tcase_add_loop_test(tc, db06_score_floor, 0, 2);
    tcase_add_test(tc, db06_blocked_four_players);
    tcase_add_test(tc, db07_immediate_wins_at_once);
    tcase_add_test(tc, db07_end_of_hand_deduction_first);
    suite_add_tcase(s, tc);

    tc = tcase_create("stock_reserve");
    tcase_add_test(tc, db09_reserve_two_blocks_with_two_left);
    tcase_add_test(tc, db09_reserve_zero_draws_stock_empty);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(double_bergen_vectors_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
