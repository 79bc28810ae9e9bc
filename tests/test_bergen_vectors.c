/* test_bergen_vectors.c - the test vectors BG-01 ... BG-15 of docs/rules/bergen.md §7,
 * each as its own Check test, asserted exactly as written.
 *
 * How positions are reached:
 *   - Wherever a vector describes play, the test deals a hand-built position with
 *     game->set_deal (hand 1, leader = nominal starter 0) and plays scripted moves through
 *     legal_moves/apply, checking each move is legal, the points of every GAME_EVENT_PLAY,
 *     the ends after it (observe: end_number, end_is_double) and the award events.
 *     Where a vector gives only the position at the end of play (BG-03, BG-09, BG-12,
 *     BG-14, BG-15), the deal and options (hand_size, stock_reserve, opener_rule) are
 *     chosen so that a short legal hand arrives exactly at that position; each test says
 *     how. A stock_reserve as large as the stock makes every stock tile undrawable, so a
 *     block needs no long drawing phase.
 *   - Block and lightest-hand vectors are checked twice: through the pure functions
 *     bergen_hand_facts / bergen_block_winner / bergen_lightest_hands for every listed
 *     configuration (options resolved by game_configure + rules_create), and for BG-03,
 *     BG-09 and BG-15 also through a real hand that ends blocked or dominoed.
 * White-box state (bergen_state_t fields written directly):
 *   - score[] before a placement near the target (BG-04, BG-14): a real hand cannot be
 *     steered to exactly 5..13 points without many unrelated hands.
 *   - nothing else: every layout here is reached by legal play.
 * Hand 2 of BG-11 is reached by finishing hand 1 with real moves (first legal move each
 * turn), not by writing the status.
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

enum {
    DOUBLE_SIX_TILES = 28,
    REDEAL_SEEDS = 3000
};

/* The fixture (configure, deal, play, expect) is in bergen_fixture.h. */

/* ------------------------------------------------------------------ block / lightest helpers */

/* One configuration of a block or lightest-hand vector and its expected award:
 * `winners` is a seat mask (0: nobody scores), `points` what each winner scores. */
typedef struct award_case {
    const char *preset;
    const char *overrides; /* besides players=N */
    unsigned winners;
    int points;
} award_case_t;

static tileset_t hand_set(const char *text)
{
    uint8_t tiles[TILESET_MAX_BITS];
    int count = parse_tiles(text, tiles, TILESET_MAX_BITS);
    tileset_t set = tileset_empty();
    for (int k = 0; k < count; k++) tileset_add(&set, tiles[k]);
    return set;
}

/* Checks the hand facts the vector states (pips and tiles per seat). */
static void check_facts(const bergen_rules_t *r, int seats, const char *const *hands, const int *pips,
                        const int *tiles, bergen_hand_facts_t *facts)
{
    for (int seat = 0; seat < seats; seat++) {
        facts[seat] = bergen_hand_facts(r, hand_set(hands[seat]));
        ck_assert_msg(facts[seat].pips == pips[seat], "seat %d: %d pips, the vector says %d", seat, facts[seat].pips,
                      pips[seat]);
        if (tiles) ck_assert_int_eq(facts[seat].tiles, tiles[seat]);
    }
}

/* Pure-function check of one configuration: the options resolve through game_configure,
 * then bergen_block_winner (end_award=winner) or bergen_lightest_hands decides. */
static void check_award_rule(const char *const *hands, int seats, int went_out, const int *pips, const int *tiles,
                             const award_case_t *c)
{
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=%d %s", seats, c->overrides);
    fixture_t fx;
    fx_open(&fx, &bergen_game, c->preset, overrides);
    const bergen_rules_t *r = fx_rules(&fx);
    bergen_hand_facts_t facts[GAME_MAX_SEATS];
    check_facts(r, seats, hands, pips, tiles, facts);
    unsigned got = 0;
    int points;
    if (r->end_award == BERGEN_AWARD_WINNER) {
        ck_assert_int_lt(went_out, 0);
        int winner = bergen_block_winner(r->block_method, r->american_rule_c, r->german_rule_c_scope, seats, facts);
        if (winner >= 0) got = 1u << winner;
        points = r->block_points;
    } else {
        ck_assert_int_eq(r->end_award, BERGEN_AWARD_LIGHTEST_HAND);
        bool winners[GAME_MAX_SEATS];
        int count = bergen_lightest_hands(r->lightest_tie, seats, facts, went_out, winners);
        for (int seat = 0; seat < seats; seat++)
            if (winners[seat]) got |= 1u << seat;
        ck_assert_int_eq(count, __builtin_popcount(got));
        points = r->lightest_hand_points;
    }
    ck_assert_msg(got == c->winners, "%s [%s]: winners mask 0x%x, expected 0x%x", c->preset, overrides, got,
                  c->winners);
    if (c->winners) ck_assert_msg(points == c->points, "%s [%s]: %d points, expected %d", c->preset, overrides,
                                  points, c->points);
    fx_close(&fx);
}

/* The events a hand end must produce for `c`: one award per winner in seat order, then
 * hand_end naming the single winner (or -1). */
static void expect_hand_end_awards(const fixture_t *fx, int first_event, const award_case_t *c, bergen_reason_t award,
                                   bergen_reason_t end_reason)
{
    char text[TEXT_SIZE];
    const game_events_t *ev = &fx->ev;
    int k = first_event;
    for (int seat = 0; seat < fx->s->seats; seat++) {
        if (!(c->winners >> seat & 1)) continue;
        ck_assert_msg(k < ev->count, "missing award for seat %d: %s", seat, describe_events(ev, text, sizeof text));
        const game_event_t *e = &ev->item[k++];
        ck_assert_msg(e->kind == GAME_EVENT_AWARD && e->seat == seat && e->points == c->points && e->reason == award,
                      "expected award %d to seat %d (%s): %s", c->points, seat, game_reason_name(&bergen_game, award),
                      describe_events(ev, text, sizeof text));
    }
    int winner = __builtin_popcount(c->winners) == 1 ? __builtin_ctz(c->winners) : -1;
    ck_assert_msg(k + 1 == ev->count, "expected hand_end after the awards: %s", describe_events(ev, text, sizeof text));
    ck_assert_msg(ev->item[k].kind == GAME_EVENT_HAND_END && ev->item[k].seat == winner &&
                      ev->item[k].reason == end_reason,
                  "expected hand_end(winner %d, %s): %s", winner, game_reason_name(&bergen_game, end_reason),
                  describe_events(ev, text, sizeof text));
}

/* ================================================================== BG-01, BG-02: headers */

/* BG-01 and BG-02 hold for any headers preset far from the target. The leads need an
 * opener rule that makes the leading seat the opener: [6-6] is the highest double
 * (BG-01), [4-4] the lowest double held (BG-02). */
static const char *const BG01_CONFIGS[][2] = {
    {"bergen_classic", "players=2"},
    {"bergen", "players=2 opener_rule=highest_double"},
    {"bergen", "players=2 opener_rule=highest_double near_goal=cap"},
    {"bergen", "players=2 opener_rule=highest_double near_goal=none"},
};
enum { BG01_CONFIG_COUNT = sizeof BG01_CONFIGS / sizeof BG01_CONFIGS[0] };

START_TEST(bg01_s001_illustration)
{
    /* Seats alternate 0, 1, 0, 1, 0; seat 0 holds [6-6], the highest double. */
    static const char *const hands[] = {"6-6 4-6 2-2 0-1 0-2 0-3", "2-6 2-4 0-4 0-5 1-2 1-3"};
    fixture_t fx;
    fx_open(&fx, &bergen_game, BG01_CONFIGS[_i][0], BG01_CONFIGS[_i][1]);
    fx_deal(&fx, 1, 0, hands, "");
    EXPECT_LEGAL(&fx, mv_lead(6));
    ck_assert_int_eq(fx_lead(&fx, 0, 6), 2);
    /* The vector writes 6|6 "(bare opening double)": R14's exception, not the star, keeps
     * h = 2. The opening double is crosswise (R9) and is the outermost tile of both ends;
     * row 2 writes the same tile as 6* once end 0 is covered. */
    expect_ends(&fx, -1, "6*|6*");
    ck_assert_int_eq(fx_play(&fx, 1, 2, 6, 0), 0);
    expect_ends(&fx, -1, "2|6*");
    ck_assert_int_eq(fx_play(&fx, 0, 4, 6, 1), 0);
    expect_ends(&fx, -1, "2|4");
    ck_assert_int_eq(fx_play(&fx, 1, 2, 4, 1), 2);
    expect_ends(&fx, -1, "2|2");
    ck_assert_int_eq(fx_play(&fx, 0, 2, 2, 1), 3);
    expect_ends(&fx, -1, "2|2*");
    expect_scores(&fx, (const int[]){5, 2});
    fx_close(&fx);
}
END_TEST

static const char *const BG02_CONFIGS[][2] = {
    {"bergen", "players=2"},
    {"bergen", "players=2 near_goal=none"},
    {"bergen", "players=2 near_goal=cap"},
    {"bergen_classic", "players=2 opener_rule=lowest_double"},
};
enum { BG02_CONFIG_COUNT = sizeof BG02_CONFIGS / sizeof BG02_CONFIGS[0] };

START_TEST(bg02_triple_headers_by_double_and_single)
{
    /* Seat 0 holds [4-4], the lowest double dealt ([0-0]..[3-3] stay in the stock). */
    static const char *const hands[] = {"4-4 4-5 5-5 2-6 0-1 0-2", "1-4 1-5 5-6 2-5 0-3 0-4"};
    fixture_t fx;
    fx_open(&fx, &bergen_game, BG02_CONFIGS[_i][0], BG02_CONFIGS[_i][1]);
    fx_deal(&fx, 1, 0, hands, "");
    EXPECT_LEGAL(&fx, mv_lead(4));
    ck_assert_int_eq(fx_lead(&fx, 0, 4), 2);
    expect_ends(&fx, -1, "4*|4*"); /* the vector's 4|4: bare opening double, see BG-01 */
    expect_points_words(&fx, GAME_EVENT_PLAY, "double-header: the opening double shows 4 at both ends");
    ck_assert_int_eq(fx_play(&fx, 1, 1, 4, 0), 0);
    expect_ends(&fx, -1, "1|4*");
    expect_points_words(&fx, GAME_EVENT_PLAY, ""); /* nothing scored, nothing said */
    ck_assert_int_eq(fx_play(&fx, 0, 4, 5, 1), 0);
    expect_ends(&fx, -1, "1|5");
    ck_assert_int_eq(fx_play(&fx, 1, 1, 5, 0), 2);
    expect_ends(&fx, -1, "5|5");
    expect_points_words(&fx, GAME_EVENT_PLAY, "double-header: both ends show 5");
    ck_assert_int_eq(fx_play(&fx, 0, 5, 5, 0), 3); /* placing the double */
    expect_ends(&fx, -1, "5*|5");
    expect_points_words(&fx, GAME_EVENT_PLAY, "triple-header: both ends show 5, one of them the double");
    ck_assert_int_eq(fx_play(&fx, 1, 5, 6, 1), 0);
    expect_ends(&fx, -1, "5*|6");
    ck_assert_int_eq(fx_play(&fx, 0, 2, 6, 1), 0);
    expect_ends(&fx, -1, "5*|2");
    ck_assert_int_eq(fx_play(&fx, 1, 2, 5, 1), 3); /* a single matching the exposed double */
    expect_ends(&fx, -1, "5*|5");
    expect_points_words(&fx, GAME_EVENT_PLAY, "triple-header: both ends show 5, one of them the double");
    expect_scores(&fx, (const int[]){5, 5});
    fx_close(&fx);
}
END_TEST

/* ================================================================== BG-03, BG-05 ... BG-09: blocks */

/* BG-03: A = seat 0, B = seat 1, C = seat 2. */
static const char *const BG03_HANDS[] = {"0-0 1-2", "1-1", "2-2"};
static const int BG03_PIPS[] = {3, 2, 4};
static const int BG03_TILES[] = {2, 1, 1};
static const award_case_t BG03_CASES[] = {
    {"bergen", "block_method=german", 1u << 1, 2},
    {"bergen", "block_method=german german_rule_c_scope=all", 1u << 1, 2}, /* c among A, B, C either way */
    {"bergen", "block_method=american american_rule_c=literal", 1u << 0, 2},
    {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 0, 2},
    {"bergen", "", 1u << 1, 1},         /* simple */
    {"bergen_classic", "", 1u << 1, 1}, /* lightest hand */
};
enum { BG03_CASE_COUNT = sizeof BG03_CASES / sizeof BG03_CASES[0] };

START_TEST(bg03_block_example_rule_functions)
{
    const award_case_t *c = &BG03_CASES[_i];
    check_award_rule(BG03_HANDS, 3, -1, BG03_PIPS, BG03_TILES, c);
    /* The facts the traces use: everyone holds exactly one double; A's is [0-0]. */
    static const int lowest[] = {0, 1, 2};
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", "players=3");
    for (int seat = 0; seat < 3; seat++) {
        bergen_hand_facts_t f = bergen_hand_facts(fx_rules(&fx), hand_set(BG03_HANDS[seat]));
        ck_assert_int_eq(f.doubles, 1);
        ck_assert_int_eq(f.lowest_double, lowest[seat]);
    }
    fx_close(&fx);
}
END_TEST

START_TEST(bg03_block_example_played)
{
    /* A real hand ending in the BG-03 position: hand_size=2 and stock_reserve=22 (the
     * whole stock is reserve, so nobody draws); opener_rule=highest_double lets B lead
     * [6-6] while A, B and C keep [0-0], [1-1] and [2-2]. B leads [6-6], C plays [3-6];
     * at the start of A's turn nobody can play: blocked, ends 3|6*. */
    static const char *const hands[] = {"0-0 1-2", "1-1 6-6", "2-2 3-6"};
    const award_case_t *c = &BG03_CASES[_i];
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 hand_size=2 stock_reserve=22 opener_rule=highest_double %s",
             c->overrides);
    fixture_t fx;
    fx_open(&fx, &bergen_game, c->preset, overrides);
    fx_deal(&fx, 1, 0, hands, "");
    ck_assert_int_eq(fx_lead(&fx, 1, 6), 2);
    ck_assert_int_eq(fx_play(&fx, 2, 3, 6, 0), 0);
    expect_ends(&fx, -1, "3|6*");
    ck_assert_int_eq(fx.ev.item[0].kind, GAME_EVENT_PLAY);
    bool lightest = fx_rules(&fx)->end_award == BERGEN_AWARD_LIGHTEST_HAND;
    expect_hand_end_awards(&fx, 1, c, lightest ? BERGEN_REASON_LIGHTEST_HAND : BERGEN_REASON_BLOCK, BERGEN_REASON_BLOCKED);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    int want[3] = {0, 2, 0}; /* B's opening double */
    for (int seat = 0; seat < 3; seat++)
        if (c->winners >> seat & 1) want[seat] += c->points;
    expect_scores(&fx, want);
    fx_close(&fx);
}
END_TEST

START_TEST(bg05_one_player_without_double)
{
    static const char *const hands[] = {"0-0 5-6", "4-4", "1-2 2-3"};
    static const int pips[] = {11, 8, 8};
    static const award_case_t cases[] = {
        {"bergen", "block_method=american", 1u << 2, 2},
        {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 2, 2},
        {"bergen", "block_method=german", 1u << 2, 2},
        {"bergen", "block_method=german german_rule_c_scope=all", 1u << 2, 2},
        {"bergen", "", 0, 0},
        {"bergen_classic", "", 0, 0},
        {"bergen_classic", "lightest_tie=all", (1u << 1) | (1u << 2), 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_award_rule(hands, 3, -1, pips, NULL, &cases[i]);
}
END_TEST

START_TEST(bg06_nobody_holds_a_double)
{
    static const char *const hands[] = {"0-3 1-2", "2-3", "0-4 1-3"};
    static const int pips[] = {6, 5, 8};
    static const award_case_t cases[] = {
        {"bergen", "block_method=american", 1u << 1, 2},
        {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 1, 2},
        {"bergen", "block_method=german", 1u << 1, 2},
        {"bergen", "block_method=german german_rule_c_scope=all", 1u << 1, 2},
        {"bergen", "", 1u << 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_award_rule(hands, 3, -1, pips, NULL, &cases[i]);
}
END_TEST

START_TEST(bg07_two_players_without_double)
{
    static const char *const hands[] = {"1-2", "0-1 0-2", "3-3"};
    static const int pips[] = {3, 3, 6}, tiles[] = {1, 2, 1};
    static const award_case_t cases[] = {
        {"bergen", "block_method=american american_rule_c=literal", 0, 0},
        {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 0, 2},
        {"bergen", "block_method=german german_rule_c_scope=tied", 0, 0},
        {"bergen", "block_method=german german_rule_c_scope=all", 0, 0},
        {"bergen", "", 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_award_rule(hands, 3, -1, pips, tiles, &cases[i]);
}
END_TEST

START_TEST(bg08_german_c_scope_matters)
{
    static const char *const hands[] = {"1-2 4-6 5-6", "1-4 2-3", "0-0"};
    static const int pips[] = {24, 10, 0}, tiles[] = {3, 2, 1};
    static const award_case_t cases[] = {
        {"bergen", "block_method=german german_rule_c_scope=tied", 1u << 1, 2},
        {"bergen", "block_method=german german_rule_c_scope=all", 1u << 2, 2},
        {"bergen", "block_method=american american_rule_c=literal", 0, 0},
        {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 1, 2},
        {"bergen", "", 1u << 2, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_award_rule(hands, 3, -1, pips, tiles, &cases[i]);
}
END_TEST

static const char *const BG09_HANDS[] = {"1-2 3-3", "5-5"};
static const int BG09_PIPS[] = {9, 10};
static const int BG09_TILES[] = {2, 1};
static const award_case_t BG09_CASES[] = {
    {"bergen", "block_method=american american_rule_c=literal", 1u << 1, 2},
    {"bergen", "block_method=american american_rule_c=no_double_players", 1u << 0, 2},
    {"bergen", "block_method=german", 1u << 0, 2},
    {"bergen", "block_method=german german_rule_c_scope=all", 1u << 0, 2},
    {"bergen", "", 1u << 0, 1},
};
enum { BG09_CASE_COUNT = sizeof BG09_CASES / sizeof BG09_CASES[0] };

START_TEST(bg09_both_hold_a_double_rule_functions)
{
    check_award_rule(BG09_HANDS, 2, -1, BG09_PIPS, BG09_TILES, &BG09_CASES[_i]);
}
END_TEST

START_TEST(bg09_both_hold_a_double_played)
{
    /* A real 2-player hand ending in the BG-09 position: hand_size=3, stock_reserve=22
     * (nothing drawable). Seat 0 leads [0-0] (lowest double), seat 1 plays [0-6], seat 0
     * cannot play and passes, seat 1 plays [4-6]; at the start of seat 0's turn nobody can
     * play: blocked with seat 0 holding [1-2] [3-3] and seat 1 holding [5-5]. */
    static const char *const hands[] = {"0-0 1-2 3-3", "0-6 4-6 5-5"};
    const award_case_t *c = &BG09_CASES[_i];
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=2 hand_size=3 stock_reserve=22 %s", c->overrides);
    fixture_t fx;
    fx_open(&fx, &bergen_game, c->preset, overrides);
    fx_deal(&fx, 1, 0, hands, "");
    ck_assert_int_eq(fx_lead(&fx, 0, 0), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 0, 6, 0), 0);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_EVENTS(&fx, ev_pass(0));
    ck_assert_int_eq(fx_play(&fx, 1, 4, 6, 0), 0);
    expect_ends(&fx, -1, "4|0*");
    expect_hand_end_awards(&fx, 1, c, BERGEN_REASON_BLOCK, BERGEN_REASON_BLOCKED);
    int want[2] = {2, 0};
    for (int seat = 0; seat < 2; seat++)
        if (c->winners >> seat & 1) want[seat] += c->points;
    expect_scores(&fx, want);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    fx_close(&fx);
}
END_TEST

/* ================================================================== BG-04, BG-14: near the goal */

typedef struct near_goal_row {
    int before, h;
    int credited[3]; /* by near_goal: none, pagat, cap */
} near_goal_row_t;

/* BG-04's table (target 10, 3 players), columns reordered to the option's enum order. */
static const near_goal_row_t BG04_ROWS[] = {
    {5, 3, {3, 3, 3}}, {6, 3, {3, 3, 3}}, {7, 2, {2, 2, 2}}, {7, 3, {3, 2, 2}},
    {8, 2, {2, 1, 1}}, {8, 3, {3, 1, 1}}, {9, 2, {2, 2, 0}}, {9, 3, {3, 3, 0}},
};
enum { BG04_ROW_COUNT = sizeof BG04_ROWS / sizeof BG04_ROWS[0], NEAR_GOAL_MODES = 3, BG04_TARGET = 10 };
static const char *const NEAR_GOAL_NAMES[NEAR_GOAL_MODES] = {"none", "pagat", "cap"};

START_TEST(bg04_near_goal_function)
{
    for (int row = 0; row < BG04_ROW_COUNT; row++)
        for (int mode = 0; mode < NEAR_GOAL_MODES; mode++) {
            const near_goal_row_t *r = &BG04_ROWS[row];
            int got = bergen_near_goal(mode, r->h, BG04_TARGET - r->before);
            ck_assert_msg(got == r->credited[mode], "score %d, h %d, %s: %d, expected %d", r->before, r->h,
                          NEAR_GOAL_NAMES[mode], got, r->credited[mode]);
        }
    /* The 2-player sentences (target 15): 13 + triple-header -> pagat 1; 12 -> 2. */
    ck_assert_int_eq(bergen_near_goal(BERGEN_NEAR_GOAL_PAGAT, 3, 15 - 13), 1);
    ck_assert_int_eq(bergen_near_goal(BERGEN_NEAR_GOAL_PAGAT, 3, 15 - 12), 2);
}
END_TEST

/* A real position where the seat returned can make a triple-header with [2-4] on end 0
 * (ends 2|4*, end 1 the opening [4-4]) or a double-header with [2-4] on end 1 (2|2):
 * [4-4] led by seat 0, then [4-5] on end 0, [2-5] on end 0, in seat order. */
static int header_position(fixture_t *fx, int players, const char *near_goal)
{
    static const char *const hands3[] = {"4-4 2-4 0-1 0-2 0-3 0-4", "4-5 0-5 0-6 1-2 1-3 1-4",
                                         "2-5 1-5 1-6 2-3 2-6 3-4"};
    static const char *const hands2[] = {"4-4 2-5 0-1 0-2 0-3 0-4", "4-5 2-4 0-5 0-6 1-2 1-3"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=%d near_goal=%s", players, near_goal);
    fx_open(fx, &bergen_game, "bergen", overrides);
    ck_assert_int_eq(fx_rules(fx)->target, players == 2 ? 15 : 10);
    fx_deal(fx, 1, 0, players == 3 ? hands3 : hands2, "0-0 1-1 2-2 3-3");
    ck_assert_int_eq(fx_lead(fx, 0, 4), 2);
    ck_assert_int_eq(fx_play(fx, 1, 4, 5, 0), 0);
    ck_assert_int_eq(fx_play(fx, 2 % players, 2, 5, 0), 0);
    expect_ends(fx, -1, "2|4*");
    return 3 % players;
}

/* Makes the header (h = 3: end 0, h = 2: end 1) from `before` points; checks the credit
 * and whether the match ends at once (R17, R24 immediate). */
static void play_header(fixture_t *fx, int seat, int before, int h, int credited)
{
    const int target = fx_rules(fx)->target;
    fx->s->score[seat] = before; /* white-box: the score before the placement */
    ck_assert_int_eq(fx_play(fx, seat, 2, 4, h == 3 ? 0 : 1), credited);
    expect_ends(fx, -1, h == 3 ? "4|4*" : "2|2");
    ck_assert_int_eq(fx_score(fx, seat), before + credited);
    if (before + credited >= target) {
        EXPECT_EVENTS(fx, ev_play(seat, 2, 4, h == 3 ? 0 : 1, credited),
                      ev_hand_end(ANY_SEAT, BERGEN_REASON_TARGET_REACHED), ev_match_end(seat));
        ck_assert_int_eq(fx->game->status(fx->s), GAME_MATCH_OVER);
    } else {
        EXPECT_EVENTS(fx, ev_play(seat, 2, 4, h == 3 ? 0 : 1, credited));
        ck_assert_int_eq(fx->game->status(fx->s), GAME_IN_HAND);
    }
}

START_TEST(bg04_near_goal_played)
{
    const near_goal_row_t *r = &BG04_ROWS[_i / NEAR_GOAL_MODES];
    int mode = _i % NEAR_GOAL_MODES;
    fixture_t fx;
    int seat = header_position(&fx, 3, NEAR_GOAL_NAMES[mode]);
    play_header(&fx, seat, r->before, r->h, r->credited[mode]);
    fx_close(&fx);
}
END_TEST

START_TEST(bg04_two_players_triple_header)
{
    /* 13 + triple-header: pagat 1 (14); 12 + triple-header: pagat 2 (14). */
    static const int before[] = {13, 12}, credited[] = {1, 2};
    for (int k = 0; k < 2; k++) {
        fixture_t fx;
        int seat = header_position(&fx, 2, "pagat");
        play_header(&fx, seat, before[k], 3, credited[k]);
        ck_assert_int_eq(fx_score(&fx, seat), 14);
        char words[128]; /* R16 says what it took away */
        snprintf(words, sizeof words, "triple-header: both ends show 4, one of them the double; cut from 3 to %d near "
                 "the target", credited[k]);
        expect_points_words(&fx, GAME_EVENT_PLAY, words);
        fx_close(&fx);
    }
}
END_TEST

START_TEST(bg04_going_out_from_13)
{
    /* 2 players, target 15, hand_size=2: seat 0 leads [3-3], seat 1 plays [3-5] on end 0,
     * seat 0 goes out with [1-3] on end 1 (ends 5|1, no header) from 13 points. The
     * domino award is never reduced, in any near_goal mode. */
    static const char *const hands[] = {"3-3 1-3", "3-5 5-6"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=2 hand_size=2 near_goal=%s", NEAR_GOAL_NAMES[_i]);
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", overrides);
    fx_deal(&fx, 1, 0, hands, "");
    ck_assert_int_eq(fx_lead(&fx, 0, 3), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 3, 5, 0), 0);
    fx.s->score[0] = 13; /* white-box */
    ck_assert_int_eq(fx_play(&fx, 0, 1, 3, 1), 0);
    expect_ends(&fx, -1, "5|1");
    EXPECT_EVENTS(&fx, ev_play(0, 1, 3, 1, 0), ev_award(0, 2, BERGEN_REASON_DOMINO),
                  ev_hand_end(0, BERGEN_REASON_DOMINO), ev_match_end(0));
    ck_assert_int_eq(fx_score(&fx, 0), 15);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_MATCH_OVER);
    fx_close(&fx);
}
END_TEST

START_TEST(bg14_going_out_with_header_near_goal)
{
    /* 2 players, hand_size=3. Seat 0 leads [2-2]; seat 1 [2-6] on end 0; seat 0 [5-6] on
     * end 0; seat 1 [4-5] on end 0: ends 4|2*, end 1 the tile [2-2], seat 0 holds only
     * [2-4]. Seat 0 then has 12 points (white-box) and places [2-4] on end 0: 2|2*, h = 3. */
    static const char *const hands[] = {"2-2 5-6 2-4", "2-6 4-5 0-3"};
    int mode = _i; /* none, pagat, cap */
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=2 hand_size=3 near_goal=%s", NEAR_GOAL_NAMES[mode]);
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", overrides);
    ck_assert_int_eq(fx_rules(&fx)->target, 15);
    fx_deal(&fx, 1, 0, hands, "");
    ck_assert_int_eq(fx_lead(&fx, 0, 2), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 2, 6, 0), 0);
    ck_assert_int_eq(fx_play(&fx, 0, 5, 6, 0), 0);
    ck_assert_int_eq(fx_play(&fx, 1, 4, 5, 0), 0);
    expect_ends(&fx, -1, "4|2*");
    game_observation_t obs = fx_observe(&fx, 0);
    ck_assert_int_eq(obs.hand_size[0], 1);
    ck_assert(tileset_equal(obs.hand, tileset_single(tile(2, 4))));
    fx.s->score[0] = 12; /* white-box */
    fx_play(&fx, 0, 2, 4, 0);
    expect_ends(&fx, -1, "2|2*");
    if (mode == BERGEN_NEAR_GOAL_NONE) { /* 3 points: 15 wins at once, no domino award */
        EXPECT_EVENTS(&fx, ev_play(0, 2, 4, 0, 3), ev_hand_end(ANY_SEAT, BERGEN_REASON_TARGET_REACHED),
                      ev_match_end(0));
        ck_assert_int_eq(fx_score(&fx, 0), 15);
    } else { /* D = 3: the header scores 2 (14), going out +2 (16) */
        EXPECT_EVENTS(&fx, ev_play(0, 2, 4, 0, 2), ev_award(0, 2, BERGEN_REASON_DOMINO),
                      ev_hand_end(0, BERGEN_REASON_DOMINO), ev_match_end(0));
        ck_assert_int_eq(fx_score(&fx, 0), 16);
    }
    ck_assert_int_eq(fx.game->status(fx.s), GAME_MATCH_OVER);
    fx_close(&fx);
}
END_TEST

/* ================================================================== BG-10, BG-11: opening */

static const char *const BG10_HANDS[] = {
    "2-2 4-4 1-5 3-6 0-6 2-5",
    "1-1 3-3 2-4 3-5 4-6 1-2",
    "5-5 0-1 1-3 2-6 4-5 0-4",
};

START_TEST(bg10_lowest_double_leads_qualifying)
{
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", "players=3");
    fx_deal(&fx, 1, 0, BG10_HANDS, "");
    /* the stock holds the other 10 tiles, including [0-0] and [6-6] */
    game_deal_t deal;
    fx.game->get_deal(fx.s, &deal);
    ck_assert_int_eq(deal.stock_size, 10);
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    EXPECT_LEGAL(&fx, mv_lead(1));
    ck_assert(!game_move_is_legal(fx.game, fx.s, mv_lead(3)));
    ck_assert_int_eq(fx_lead(&fx, 1, 1), 2);
    expect_ends(&fx, -1, "1*|1*");
    ck_assert_int_eq(fx.game->to_move(fx.s), 2);
    fx_close(&fx);
}
END_TEST

START_TEST(bg10_any_double_option)
{
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", "players=3 opening_tile=any_double");
    fx_deal(&fx, 1, 0, BG10_HANDS, "");
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    EXPECT_LEGAL(&fx, mv_lead(1), mv_lead(3));
    for (int d = 1; d <= 3; d += 2) {
        fixture_t branch;
        fx_clone(&branch, &fx);
        ck_assert_int_eq(fx_lead(&branch, 1, d), 2);
        expect_ends(&branch, -1, d == 1 ? "1*|1*" : "3*|3*");
        ck_assert_int_eq(branch.game->to_move(branch.s), 2);
        fx_close(&branch);
    }
    fx_close(&fx);
}
END_TEST

START_TEST(bg10_highest_double_leads)
{
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen_classic", "players=3");
    fx_deal(&fx, 1, 0, BG10_HANDS, "");
    ck_assert_int_eq(fx.game->to_move(fx.s), 2);
    EXPECT_LEGAL(&fx, mv_lead(5));
    ck_assert_int_eq(fx_lead(&fx, 2, 5), 2);
    expect_ends(&fx, -1, "5*|5*");
    ck_assert_int_eq(fx.game->to_move(fx.s), 0);
    fx_close(&fx);
}
END_TEST

static const char *const BG11_HANDS[] = {"0-1 0-2 1-3 2-4 3-5 4-6", "0-3 0-5 1-4 1-6 2-5 3-6"};
static const char *const BG11_STOCK = "2-3 5-5";

START_TEST(bg11_draw_in_turn)
{
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen", "players=2");
    fx_deal(&fx, 1, 0, BG11_HANDS, BG11_STOCK);
    ck_assert_int_eq(fx.game->to_move(fx.s), 0); /* the nominal starter */
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 2, 3);
    EXPECT_EVENTS(&fx, ev_draw(0, 2, 3));
    ck_assert_int_eq(fx_observe(&fx, 0).hand_size[0], 7);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 1, 5, 5);
    EXPECT_EVENTS(&fx, ev_draw(1, 5, 5));
    EXPECT_LEGAL(&fx, mv_lead(5)); /* placed at once as the opening tile */
    ck_assert_int_eq(fx_lead(&fx, 1, 5), 2);
    EXPECT_EVENTS(&fx, ev_play(1, 5, 5, GAME_NO_END, 2));
    expect_ends(&fx, -1, "5*|5*");
    ck_assert_int_eq(fx.game->to_move(fx.s), 0);
    ck_assert_int_eq(fx.game->hand_number(fx.s), 1);
    fx_close(&fx);
}
END_TEST

START_TEST(bg11_hand_two_draw_starts_at_seat_1)
{
    fixture_t fx;
    char error[ERROR_SIZE] = "";
    fx_open(&fx, &bergen_game, "bergen", "players=2");
    fx_deal(&fx, 1, 0, BG11_HANDS, BG11_STOCK);
    fx_finish_hand(&fx); /* real moves to the end of hand 1 */
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    /* The same no-double deal as hand 2: the nominal starter is seat (2-1) mod 2 = 1. */
    ck_assert_int_eq(fx_try_deal(&fx, 2, 0, BG11_HANDS, BG11_STOCK, error, sizeof error), -1);
    ck_assert_msg(error[0] != 0, "a rejected deal needs a message");
    fx_deal(&fx, 2, 1, BG11_HANDS, BG11_STOCK);
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 1, 2, 3);
    fx_draw(&fx, 0, 5, 5);
    ck_assert_int_eq(fx_lead(&fx, 0, 5), 2);
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    fx_close(&fx);
}
END_TEST

/* R6 redeal and record-format.md "Void hands": a deal without a double stands, and the
 * hand ends at once as void (hand_end reason redeal, no winner, nothing credited); the
 * next deal has the same hand number and starter. */
START_TEST(bg11_redeal_voids_no_double_deal)
{
    fixture_t fx;
    char error[ERROR_SIZE] = "";
    fx_open(&fx, &bergen_game, "bergen", "players=2 no_double_rule=redeal");
    ck_assert_msg(fx_try_deal(&fx, 1, 0, BG11_HANDS, BG11_STOCK, error, sizeof error) == 0, "%s", error);
    EXPECT_EVENTS(&fx, ev_make(GAME_EVENT_DEAL, 0, 0, 0, 0, BERGEN_REASON_NONE),
                  ev_hand_end(-1, BERGEN_REASON_REDEAL));
    ck_assert_int_eq(fx.ev.item[1].flags, GAME_EVENT_VOID);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_BETWEEN_HANDS);
    ck_assert_int_eq(fx.game->hand_number(fx.s), 1);
    expect_scores(&fx, (const int[]){0, 0});
    /* The same hand again, now with a double: hand 1 still, the same starter (seat 0). */
    static const char *const with_double[] = {"0-0 0-1 0-2 0-3 0-4 0-5", "1-2 1-3 1-4 1-5 1-6 2-3"};
    ck_assert_int_eq(fx_try_deal(&fx, 2, 1, with_double, "", error, sizeof error), -1);
    fx_deal(&fx, 1, 0, with_double, "");
    ck_assert_int_eq(fx.game->hand_number(fx.s), 1);
    fx_close(&fx);
}
END_TEST

static bool deal_has_double(const game_deal_t *deal)
{
    for (int seat = 0; seat < deal->seats; seat++)
        for (int k = 0; k < deal->hand_size[seat]; k++)
            if (tileset_is_double(deal->hand[seat][k])) return true;
    return false;
}

static bool same_deal(const game_deal_t *a, const game_deal_t *b)
{
    if (a->seats != b->seats || a->stock_size != b->stock_size || memcmp(a->stock, b->stock, (size_t)a->stock_size))
        return false;
    for (int seat = 0; seat < a->seats; seat++)
        if (a->hand_size[seat] != b->hand_size[seat] || memcmp(a->hand[seat], b->hand[seat], (size_t)a->hand_size[seat]))
            return false;
    return true;
}

START_TEST(bg11_redeal_deal_voids_until_a_double)
{
    /* Over many seeds, deal() with redeal voids every deal without a double (its events:
     * the deal, then hand_end redeal) and deals again under hand number 1, until a hand
     * holds a double. The first deal is the one draw_in_turn plays (the same shuffle), and
     * the same seeds under draw_in_turn do produce no-double deals (about 1 % with 2
     * players), so the voiding is exercised. */
    fixture_t redeal, plain;
    fx_open(&redeal, &bergen_game, "bergen", "players=2 no_double_rule=redeal");
    fx_open(&plain, &bergen_game, "bergen", "players=2");
    int without_double = 0, voided = 0;
    for (unsigned seed = 0; seed < REDEAL_SEEDS; seed++) {
        game_deal_t deal, first;
        game_events_t ev = {0};
        plain.game->match_start(plain.s, plain.rules, seed);
        plain.game->deal(plain.s, &ev);
        plain.game->get_deal(plain.s, &first);
        without_double += !deal_has_double(&first);

        redeal.game->match_start(redeal.s, redeal.rules, seed);
        for (int attempt = 0;; attempt++) {
            ck_assert_int_lt(attempt, 1000);
            ev.count = 0;
            redeal.game->deal(redeal.s, &ev);
            redeal.game->get_deal(redeal.s, &deal);
            ck_assert_int_eq(deal.hand_number, 1);
            ck_assert_int_eq(ev.item[0].kind, GAME_EVENT_DEAL);
            if (attempt == 0) ck_assert_msg(same_deal(&deal, &first), "seed %u: redeal shuffled differently", seed);
            if (redeal.game->status(redeal.s) == GAME_IN_HAND) break;
            ck_assert_msg(!deal_has_double(&deal), "seed %u: a deal with a double was voided", seed);
            ck_assert_int_eq(ev.count, 2);
            ck_assert_int_eq(ev.item[1].kind, GAME_EVENT_HAND_END);
            ck_assert_int_eq(ev.item[1].reason, BERGEN_REASON_REDEAL);
            ck_assert_int_eq(ev.item[1].flags, GAME_EVENT_VOID);
            ck_assert_int_eq(ev.item[1].seat, -1);
            voided++;
        }
        ck_assert_msg(deal_has_double(&deal), "seed %u: no hand holds a double under redeal", seed);
        ck_assert_int_eq(redeal.game->hand_number(redeal.s), 1);
        bool seen[DOUBLE_SIX_TILES] = {false};
        int total = 0;
        for (int seat = 0; seat < 2; seat++) {
            ck_assert_int_eq(deal.hand_size[seat], 6);
            for (int k = 0; k < deal.hand_size[seat]; k++, total++) {
                ck_assert(!seen[deal.hand[seat][k]]);
                seen[deal.hand[seat][k]] = true;
            }
        }
        for (int k = 0; k < deal.stock_size; k++, total++) {
            ck_assert(!seen[deal.stock[k]]);
            seen[deal.stock[k]] = true;
        }
        ck_assert_int_eq(total, DOUBLE_SIX_TILES);
    }
    ck_assert_msg(without_double > 0, "no seed produced a no-double deal; the test proves nothing");
    ck_assert_int_eq(voided, without_double);
    fx_close(&plain);
    fx_close(&redeal);
}
END_TEST

/* ================================================================== BG-12: drawing */

/* A real 4-player hand (hand_size=6, stock 4) reaching BG-12's position: seat 0 leads
 * [0-0]; seat 1 [0-5] on end 0; seat 2 [0-3] on end 1; seat 3 holds no 5 or 3, draws
 * [2-3] and places it on end 1. Now ends 5|2, seat 0 holds no 5 and no 2, and the
 * stock is [1-1], [3-4], [0-6]. */
static void bg12_reach(fixture_t *fx, const char *preset, const char *overrides)
{
    static const char *const hands[] = {"0-0 1-4 1-6 4-4 4-6 6-6", "0-5 1-5 2-5 4-5 5-5 5-6",
                                        "0-3 1-3 2-6 3-3 3-5 3-6", "0-1 0-2 0-4 1-2 2-2 2-4"};
    fx_open(fx, &bergen_game, preset, overrides);
    fx_deal(fx, 1, 0, hands, "2-3 1-1 3-4 0-6");
    ck_assert_int_eq(fx_lead(fx, 0, 0), 2);
    ck_assert_int_eq(fx_play(fx, 1, 0, 5, 0), 0);
    ck_assert_int_eq(fx_play(fx, 2, 0, 3, 1), 0);
    EXPECT_LEGAL(fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(fx, 3, 2, 3);
    EXPECT_LEGAL(fx, mv_play(2, 3, 1));
    ck_assert_int_eq(fx_play(fx, 3, 2, 3, 1), 0);
    expect_ends(fx, -1, "5|2");
    game_observation_t obs = fx_observe(fx, 0);
    ck_assert_int_eq(obs.stock_size, 3);
    ck_assert(tileset_is_empty(tileset_and(obs.hand, tileset_or(tileset_suit(5), tileset_suit(2)))));
    ck_assert_int_eq(fx->game->to_move(fx->s), 0);
}

START_TEST(bg12_reserve_two_draw_then_pass)
{
    fixture_t fx;
    bg12_reach(&fx, "bergen", "players=4 hand_size=6");
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 1, 1);
    EXPECT_EVENTS(&fx, ev_draw(0, 1, 1));
    game_observation_t obs = fx_observe(&fx, 0);
    ck_assert_int_eq(obs.stock_size, 2);
    ck_assert_int_eq(obs.stock_drawable, 0);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_EVENTS(&fx, ev_pass(0));
    obs = fx_observe(&fx, 0);
    ck_assert(tileset_has(obs.hand, tile(1, 1)));
    ck_assert_int_eq(obs.hand_size[0], 6);
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    ck_assert_int_eq(fx.game->status(fx.s), GAME_IN_HAND);
    fx_close(&fx);
}
END_TEST

START_TEST(bg12_reserve_zero_draws_all_then_passes)
{
    /* bergen_classic's reserve 0; opener_rule=lowest_double so that the same deal
     * reaches the position (the opener rule does not touch drawing). */
    fixture_t fx;
    bg12_reach(&fx, "bergen_classic", "players=4 hand_size=6 opener_rule=lowest_double");
    fx_draw(&fx, 0, 1, 1);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 3, 4);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 0, 6);
    ck_assert_int_eq(fx_observe(&fx, 0).stock_size, 0);
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_PASS));
    fx_do(&fx, 0, mv_kind(GAME_MOVE_PASS));
    EXPECT_EVENTS(&fx, ev_pass(0));
    ck_assert_int_eq(fx_observe(&fx, 0).hand_size[0], 8);
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    fx_close(&fx);
}
END_TEST

START_TEST(bg12_one_per_turn_draws_one)
{
    fixture_t fx;
    bg12_reach(&fx, "bergen", "players=4 hand_size=6 draw_mode=one_per_turn stock_reserve=0");
    EXPECT_LEGAL(&fx, mv_kind(GAME_MOVE_DRAW));
    fx_draw(&fx, 0, 1, 1);
    EXPECT_EVENTS(&fx, ev_draw(0, 1, 1)); /* no pass: drawing was the turn */
    ck_assert_int_eq(fx.game->to_move(fx.s), 1);
    game_observation_t obs = fx_observe(&fx, 0);
    ck_assert_int_eq(obs.stock_size, 2);
    ck_assert_int_eq(obs.hand_size[0], 6);
    fx_close(&fx);
}
END_TEST

/* ================================================================== BG-13: first double both sides */

/* 3 players, hand_size=2: seat 0 leads [3-3], seat 1 plays [3-5] on end 0 (ends 5|3*),
 * seat 2 holds [5-6] and [1-3]. */
static void bg13_reach(fixture_t *fx, const char *option)
{
    static const char *const hands[] = {"3-3 4-6", "3-5 0-4", "5-6 1-3"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 hand_size=2 first_double_both_sides=%s", option);
    fx_open(fx, &bergen_game, "bergen", overrides);
    fx_deal(fx, 1, 0, hands, "");
    ck_assert_int_eq(fx_lead(fx, 0, 3), 2);
    ck_assert_int_eq(fx_play(fx, 1, 3, 5, 0), 0);
    expect_ends(fx, -1, "5|3*");
    ck_assert_int_eq(fx->game->to_move(fx->s), 2);
}

START_TEST(bg13_both_sides_false)
{
    fixture_t fx;
    bg13_reach(&fx, "false");
    EXPECT_LEGAL(&fx, mv_play(5, 6, 0), mv_play(1, 3, 1));
    fx_close(&fx);
}
END_TEST

START_TEST(bg13_both_sides_true)
{
    fixture_t fx;
    bg13_reach(&fx, "true");
    EXPECT_LEGAL(&fx, mv_play(1, 3, 1));
    game_observation_t obs = fx_observe(&fx, 2);
    ck_assert_int_eq(obs.ends.open[0], 0);
    ck_assert_int_eq(obs.ends.open[1], 1);
    fx_close(&fx);
}
END_TEST

/* A move is the whole move: one that differs from a legal move only in `extra` (a choice's
 * answer, a meld's doubles in other games) is another move, and not legal. */
START_TEST(moves_differ_in_extra)
{
    fixture_t fx;
    bg13_reach(&fx, "false");
    game_move_t legal = mv_play(5, 6, 0), other = legal;
    other.extra = 1;
    ck_assert(game_move_equal(legal, legal));
    ck_assert(!game_move_equal(legal, other));
    ck_assert(game_move_is_legal(fx.game, fx.s, legal));
    ck_assert(!game_move_is_legal(fx.game, fx.s, other));
    fx_close(&fx);
}
END_TEST

/* ================================================================== BG-15: lightest hand */

START_TEST(bg15_went_out_beats_zero_pips)
{
    /* Rule function: seat 0 went out, seat 1 holds [0-0], seat 2 holds [1-2]. */
    static const char *const hands[] = {"", "0-0", "1-2"};
    static const int pips[] = {0, 0, 3};
    static const award_case_t cases[] = {
        {"bergen_classic", "", 1u << 0, 1},
        {"bergen_classic", "lightest_tie=all", 1u << 0, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_award_rule(hands, 3, 0, pips, NULL, &cases[i]);

    /* Real hand, hand_size=2: seat 0 leads [6-6] (highest double), seat 1 [5-6] on end 0,
     * seat 2 [4-6] on end 1, seat 0 goes out with [3-5] on end 0 (ends 3|4). */
    static const char *const deal[] = {"6-6 3-5", "0-0 5-6", "1-2 4-6"};
    fixture_t fx;
    fx_open(&fx, &bergen_game, "bergen_classic", "players=3 hand_size=2");
    fx_deal(&fx, 1, 0, deal, "");
    ck_assert_int_eq(fx_lead(&fx, 0, 6), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 5, 6, 0), 0);
    ck_assert_int_eq(fx_play(&fx, 2, 4, 6, 1), 0);
    ck_assert_int_eq(fx_play(&fx, 0, 3, 5, 0), 0);
    expect_ends(&fx, -1, "3|4");
    EXPECT_EVENTS(&fx, ev_play(0, 3, 5, 0, 0), ev_award(0, 1, BERGEN_REASON_LIGHTEST_HAND),
                  ev_hand_end(0, BERGEN_REASON_DOMINO));
    expect_scores(&fx, (const int[]){3, 0, 0});
    fx_close(&fx);
}
END_TEST

static const award_case_t BG15_BLOCK_CASES[] = {
    {"bergen_classic", "lightest_tie=none", 0, 0},
    {"bergen_classic", "lightest_tie=all", (1u << 0) | (1u << 1), 1},
};
enum { BG15_BLOCK_CASE_COUNT = sizeof BG15_BLOCK_CASES / sizeof BG15_BLOCK_CASES[0] };

START_TEST(bg15_blocked_tie)
{
    const award_case_t *c = &BG15_BLOCK_CASES[_i];
    static const char *const hands[] = {"0-2", "1-1", "3-4"};
    static const int pips[] = {2, 2, 7};
    check_award_rule(hands, 3, -1, pips, NULL, c);

    /* Real hand, hand_size=2, stock_reserve=22 (nothing drawable): seat 0 leads [6-6],
     * seat 1 [5-6] on end 0, seat 2 [5-5] on end 0 (ends 5*|6*); at the start of seat
     * 0's turn nobody can play: blocked, holding [0-2], [1-1], [3-4]. */
    static const char *const deal[] = {"0-2 6-6", "1-1 5-6", "3-4 5-5"};
    char overrides[TEXT_SIZE];
    snprintf(overrides, sizeof overrides, "players=3 hand_size=2 stock_reserve=22 %s", c->overrides);
    fixture_t fx;
    fx_open(&fx, &bergen_game, c->preset, overrides);
    fx_deal(&fx, 1, 0, deal, "");
    ck_assert_int_eq(fx_lead(&fx, 0, 6), 2);
    ck_assert_int_eq(fx_play(&fx, 1, 5, 6, 0), 0);
    ck_assert_int_eq(fx_play(&fx, 2, 5, 5, 0), 0);
    expect_ends(&fx, -1, "5*|6*");
    expect_hand_end_awards(&fx, 1, c, BERGEN_REASON_LIGHTEST_HAND, BERGEN_REASON_BLOCKED);
    int want[3] = {2, 0, 0};
    for (int seat = 0; seat < 3; seat++)
        if (c->winners >> seat & 1) want[seat] += c->points;
    expect_scores(&fx, want);
    fx_close(&fx);
}
END_TEST

/* ================================================================== suite */

static Suite *bergen_vectors_suite(void)
{
    Suite *s = suite_create("bergen_vectors");
    TCase *tc;

    tc = tcase_create("headers");
    tcase_add_loop_test(tc, bg01_s001_illustration, 0, BG01_CONFIG_COUNT);
    tcase_add_loop_test(tc, bg02_triple_headers_by_double_and_single, 0, BG02_CONFIG_COUNT);
    suite_add_tcase(s, tc);

    tc = tcase_create("block");
    tcase_add_loop_test(tc, bg03_block_example_rule_functions, 0, BG03_CASE_COUNT);
    tcase_add_loop_test(tc, bg03_block_example_played, 0, BG03_CASE_COUNT);
    tcase_add_test(tc, bg05_one_player_without_double);
    tcase_add_test(tc, bg06_nobody_holds_a_double);
    tcase_add_test(tc, bg07_two_players_without_double);
    tcase_add_test(tc, bg08_german_c_scope_matters);
    tcase_add_loop_test(tc, bg09_both_hold_a_double_rule_functions, 0, BG09_CASE_COUNT);
    tcase_add_loop_test(tc, bg09_both_hold_a_double_played, 0, BG09_CASE_COUNT);
    suite_add_tcase(s, tc);

    tc = tcase_create("near_goal");
    tcase_add_test(tc, bg04_near_goal_function);
    tcase_add_loop_test(tc, bg04_near_goal_played, 0, BG04_ROW_COUNT * NEAR_GOAL_MODES);
    tcase_add_test(tc, bg04_two_players_triple_header);
    tcase_add_loop_test(tc, bg04_going_out_from_13, 0, NEAR_GOAL_MODES);
    tcase_add_loop_test(tc, bg14_going_out_with_header_near_goal, 0, NEAR_GOAL_MODES);
    suite_add_tcase(s, tc);

    tc = tcase_create("opening");
    tcase_add_test(tc, bg10_lowest_double_leads_qualifying);
    tcase_add_test(tc, bg10_any_double_option);
    tcase_add_test(tc, bg10_highest_double_leads);
    tcase_add_test(tc, bg11_draw_in_turn);
    tcase_add_test(tc, bg11_hand_two_draw_starts_at_seat_1);
    tcase_add_test(tc, bg11_redeal_voids_no_double_deal);
    tcase_add_test(tc, bg11_redeal_deal_voids_until_a_double);
    suite_add_tcase(s, tc);

    tc = tcase_create("drawing");
    tcase_add_test(tc, bg12_reserve_two_draw_then_pass);
    tcase_add_test(tc, bg12_reserve_zero_draws_all_then_passes);
    tcase_add_test(tc, bg12_one_per_turn_draws_one);
    suite_add_tcase(s, tc);

    tc = tcase_create("legal_placements");
    tcase_add_test(tc, bg13_both_sides_false);
    tcase_add_test(tc, bg13_both_sides_true);
    tcase_add_test(tc, moves_differ_in_extra);
    suite_add_tcase(s, tc);

    tc = tcase_create("lightest_hand");
    tcase_add_test(tc, bg15_went_out_beats_zero_pips);
    tcase_add_loop_test(tc, bg15_blocked_tie, 0, BG15_BLOCK_CASE_COUNT);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(bergen_vectors_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
