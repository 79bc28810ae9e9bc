/* test_bingo_vectors.c - Bingo's option table and preset, and its rule functions against
 * the test vectors of bingo.md §5: BI-01 (trump), BI-02 (trick winner, with the options
 * that change it), BI-03 (point totals from the engine's tables), BI-04 (following in the
 * closed phase, and what a follow proves the follower lacks), BI-07 (game points), BI-09
 * (meld points), BI-10 and BI-12 (match end).
 * And the play (bingo_play.c) trick by trick: BI-05 (draws), BI-06 (a failed close), BI-07
 * (a close that succeeds), BI-09 (melds as moves), BI-10 (the capture point), BI-13 (when a
 * player may close); and two positions built from the rule text of R16 and R17 as they
 * read since 2026-12-06: a closer who wins after the opponent passed 70 first, and a close
 * failed under play_out whose remaining tricks are still played.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bingo/bingo.h"

enum { ERROR_SIZE = OPTIONS_ERROR_SIZE };

static int tile(int a, int b) { return tileset_index(a, b); }

/* The rules of preset bingo with space-separated overrides (NULL: none); NULL and the
 * message in `error` when they are refused. */
static bingo_rules_t *rules_with(const char *overrides, char *error)
{
    option_values_t values;
    if (options_set_defaults(bingo_options, BI_OPTION_COUNT, &values, error, ERROR_SIZE))
        return NULL;
    char copy[256];
    snprintf(copy, sizeof copy, "%s", overrides ? overrides : "");
    for (char *word = strtok(copy, " "); word; word = strtok(NULL, " "))
        if (options_assign(bingo_options, BI_OPTION_COUNT, &values, word, true, error, ERROR_SIZE)) return NULL;
    game_rules_t *rules = NULL;
    if (bingo_rules_create(&values, &rules, error, ERROR_SIZE)) return NULL;
    return (bingo_rules_t *)(void *)rules;
}

static bingo_rules_t *rules_ok(const char *overrides)
{
    char error[ERROR_SIZE];
    bingo_rules_t *r = rules_with(overrides, error);
    ck_assert_msg(r != NULL, "%s: %s", overrides ? overrides : "(defaults)", error);
    return r;
}

static void rules_free(bingo_rules_t *r) { bingo_rules_destroy((game_rules_t *)(void *)r); }

/* A move in the players' words: a meld names its doubles, never the engine's bit mask. */
START_TEST(moves_read_as_players_say_them)
{
    char text[96];
    bingo_move_text((game_move_t){.kind = GAME_MOVE_MELD, .extra = 0x34}, text, sizeof text);
    ck_assert_str_eq(text, "meld 2-2 4-4 5-5");
    bingo_move_text((game_move_t){.kind = GAME_MOVE_MELD, .extra = 0x7f}, text, sizeof text);
    ck_assert_str_eq(text, "meld 0-0 1-1 2-2 3-3 4-4 5-5 6-6");
    bingo_move_text((game_move_t){.kind = GAME_MOVE_CLOSE}, text, sizeof text);
    ck_assert_str_eq(text, "close the stock");
}
END_TEST

START_TEST(preset_is_every_default)
{
    ck_assert_str_eq(bingo_presets[0].name, "bingo");
    ck_assert_ptr_null(bingo_presets[0].overrides[0]);
    bingo_rules_t *r = rules_ok(NULL);
    ck_assert(!r->rank_blank_as_seven && !r->bingo_is_trump && !r->plain_tile_must_match_to_win);
    ck_assert(r->plain_follow_includes_trumps);
    ck_assert_int_eq(r->zero_trump_bingo_value, 28);
    ck_assert_int_eq(r->trick_leader, BI_LEADER_WINNER);
    ck_assert_int_eq(r->close_timing, BI_CLOSE_BEFORE_LEAD);
    ck_assert_int_eq(r->hand_end, BI_HAND_STOP_AT_70);
    ck_assert_int_eq(r->closed_opponent_70, BI_OPPONENT_70_IGNORED);
    ck_assert_int_eq(r->meld_reuse, BI_MELD_NO_REUSE);
    ck_assert_int_eq(r->bingo_capture_point, BI_CAPTURE_ALWAYS);
    ck_assert_int_eq(r->target_game_points, 7);
    rules_free(r);
}
END_TEST

START_TEST(bad_values_name_their_key)
{
    static const char *const bad[] = {"zero_trump_bingo_value=20", "trick_leader=loser", "close_timing=never",
                                      "target_game_points=0", "players=3", "hand_end=maybe"};
    char error[ERROR_SIZE];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(rules_with(bad[i], error) == NULL, "%s accepted", bad[i]);
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(bad[i], "="), bad[i]);
        ck_assert_msg(strstr(error, key) != NULL, "%s: '%s' does not name the key", bad[i], error);
    }
}
END_TEST

/* BI-01 */
START_TEST(bi01_trump_number)
{
    static const int turned[][3] = {{2, 5, 5}, {3, 3, 3}, {0, 0, 0}, {0, 6, 6}, {0, 1, 1}};
    for (size_t i = 0; i < sizeof turned / sizeof turned[0]; i++)
        ck_assert_int_eq(bingo_trump_of(tile(turned[i][0], turned[i][1])), turned[i][2]);
}
END_TEST

/* BI-02: leader's tile first; who wins by default and with rank_blank_as_seven; the points. */
static const struct {
    int trump, led[2], followed[2];
    bool follower, follower_blank_seven;
    int points;
} bi02[] = {
    {5, {0, 0}, {5, 5}, false, false, 42}, {5, {5, 5}, {0, 0}, true, true, 42},
    {5, {6, 6}, {1, 5}, true, true, 18},   {5, {5, 5}, {5, 6}, false, false, 39},
    {5, {4, 5}, {5, 6}, true, true, 20},   {5, {0, 5}, {1, 5}, true, false, 18},
    {6, {1, 2}, {3, 4}, true, true, 10},   {6, {1, 4}, {2, 3}, false, false, 10},
    {6, {0, 4}, {2, 3}, true, false, 16},  {5, {3, 3}, {0, 2}, false, true, 15},
    {3, {1, 6}, {2, 5}, false, false, 14}, {6, {0, 6}, {6, 6}, true, true, 41},
    {0, {2, 2}, {0, 0}, true, true, 32},
};

START_TEST(bi02_trick_winner)
{
    bingo_rules_t *plain = rules_ok(NULL), *seven = rules_ok("rank_blank_as_seven=true");
    int led = tile(bi02[_i].led[0], bi02[_i].led[1]), followed = tile(bi02[_i].followed[0], bi02[_i].followed[1]);
    int t = bi02[_i].trump;
    ck_assert_msg(bingo_follower_wins(plain, t, led, followed) == bi02[_i].follower, "row %d, default", _i + 1);
    ck_assert_msg(bingo_follower_wins(seven, t, led, followed) == bi02[_i].follower_blank_seven,
                  "row %d, rank_blank_as_seven", _i + 1);
    ck_assert_int_eq(bingo_tile_points(plain, t, led) + bingo_tile_points(plain, t, followed), bi02[_i].points);
    rules_free(plain);
    rules_free(seven);
}
END_TEST

START_TEST(bi02_plain_tile_must_match)
{
    bingo_rules_t *r = rules_ok("plain_tile_must_match_to_win=true");
    ck_assert(!bingo_follower_wins(r, 6, tile(1, 2), tile(3, 4))); /* row 7 goes to the leader */
    ck_assert(bingo_follower_wins(r, 6, tile(1, 2), tile(2, 3)));  /* a matching tile still wins */
    ck_assert(bingo_follower_wins(r, 6, tile(1, 2), tile(3, 6)));  /* and a trump */
    rules_free(r);
}
END_TEST

/* BI-03, and R13's examples */
START_TEST(bi03_point_totals)
{
    static const int totals[7] = {238, 250, 248, 246, 244, 242, 240};
    bingo_rules_t *r = rules_ok(NULL), *fourteen = rules_ok("zero_trump_bingo_value=14");
    for (int t = 0; t <= 6; t++) ck_assert_int_eq(bingo_set_points(r, t), totals[t]);
    ck_assert_int_eq(bingo_set_points(fourteen, 0), 224);
    ck_assert_int_eq(bingo_tile_points(r, 5, tile(0, 3)), 10);
    ck_assert_int_eq(bingo_tile_points(r, 5, tile(0, 6)), 13);
    ck_assert_int_eq(bingo_tile_points(r, 5, tile(4, 6)), 10);
    ck_assert_int_eq(bingo_tile_points(r, 5, tile(1, 1)), 2);
    ck_assert_int_eq(bingo_tile_points(r, 5, tile(6, 6)), 12);
    ck_assert_int_eq(bingo_tile_points(r, 0, tile(0, 0)), 28); /* BI-11 */
    ck_assert_int_eq(bingo_tile_points(fourteen, 0, tile(0, 0)), 14);
    ck_assert_int_eq(bingo_tile_points(r, 0, tile(0, 3)), 10);
    rules_free(r);
    rules_free(fourteen);
}
END_TEST

/* BI-04: t = 3, the follower holds [3-5] [1-6] [2-2] [0-4]. */
static const struct {
    int led[2], legal[2], legal_plain_only[2];
} bi04[] = {
    {{2, 5}, {3, 5}, {2, 2}}, {{1, 5}, {3, 5}, {1, 6}}, {{0, 5}, {3, 5}, {0, 4}}, {{1, 2}, {2, 2}, {2, 2}},
    {{3, 6}, {3, 5}, {3, 5}}, {{0, 1}, {1, 6}, {1, 6}}, {{4, 4}, {0, 4}, {0, 4}}, {{0, 0}, {0, 4}, {0, 4}},
    {{5, 6}, {1, 6}, {1, 6}},
};

START_TEST(bi04_closed_follows)
{
    bingo_rules_t *r = rules_ok(NULL), *plain_only = rules_ok("plain_follow_includes_trumps=false");
    uint64_t hand = 1ull << tile(3, 5) | 1ull << tile(1, 6) | 1ull << tile(2, 2) | 1ull << tile(0, 4);
    int led = tile(bi04[_i].led[0], bi04[_i].led[1]);
    ck_assert_msg(bingo_closed_follows(r, 3, led, hand) == 1ull << tile(bi04[_i].legal[0], bi04[_i].legal[1]),
                  "led %d-%d, default", bi04[_i].led[0], bi04[_i].led[1]);
    ck_assert_msg(bingo_closed_follows(plain_only, 3, led, hand) ==
                      1ull << tile(bi04[_i].legal_plain_only[0], bi04[_i].legal_plain_only[1]),
                  "led %d-%d, plain_follow_includes_trumps=false", bi04[_i].led[0], bi04[_i].led[1]);
    /* with only [2-2] [4-4], a [5-6] lead leaves both */
    uint64_t doubles = 1ull << tile(2, 2) | 1ull << tile(4, 4);
    ck_assert(bingo_closed_follows(r, 3, tile(5, 6), doubles) == doubles);
    rules_free(r);
    rules_free(plain_only);
}
END_TEST

/* R12: what a closed-phase follow proves, bingo_closed_follow_lacks, is the tile-by-tile
 * reading of bingo_closed_follows: every tile (not held, not led) one more of which would
 * have made the follow illegal. Random hands of every size, for every trump, lead and
 * legal follow, under each option that changes the obligation. */
START_TEST(bi04_follow_proves_lacks)
{
    static const char *const variants[] = {NULL, "plain_follow_includes_trumps=false", "bingo_is_trump=true",
                                           "plain_follow_includes_trumps=false bingo_is_trump=true"};
    bingo_rules_t *r = rules_ok(variants[_i]);
    pcg32_t rng;
    pcg32_seed(&rng, 12, 4 + (uint64_t)_i);
    long compared = 0, lacking = 0;
    for (int trump = 0; trump <= 6; trump++)
        for (int led = 0; led < BINGO_TILES; led++)
            for (int deal = 0; deal < 60; deal++) {
                uint64_t hand = 0;
                for (int size = 1 + (int)pcg32_below(&rng, BINGO_HAND_SIZE); __builtin_popcountll(hand) < size;) {
                    int t = (int)pcg32_below(&rng, BINGO_TILES);
                    if (t != led) hand |= 1ull << t;
                }
                for (uint64_t legal = bingo_closed_follows(r, trump, led, hand); legal; legal &= legal - 1) {
                    int followed = __builtin_ctzll(legal);
                    uint64_t expected = 0;
                    for (int t = 0; t < BINGO_TILES; t++)
                        if (!(hand >> t & 1) && t != led &&
                            !(bingo_closed_follows(r, trump, led, hand | 1ull << t) >> followed & 1))
                            expected |= 1ull << t;
                    ck_assert_msg(bingo_closed_follow_lacks(r, trump, led, hand, followed) == expected,
                                  "%s: trump %d, led %d, hand %#llx, followed %d", variants[_i] ? variants[_i] : "defaults",
                                  trump, led, (unsigned long long)hand, followed);
                    compared++;
                    lacking += expected != 0;
                }
            }
    ck_assert_int_gt(lacking, compared / 10); /* the proofs are not all empty */
    rules_free(r);
}
END_TEST

/* BI-07 and R17: game points from the winner's end points and the loser's at 70. */
START_TEST(bi07_game_points)
{
    ck_assert_int_eq(bingo_game_points(93, 20), 2);
    ck_assert_int_eq(bingo_game_points(93, 0), 3);
    ck_assert_int_eq(bingo_game_points(93, 30), 1);
    ck_assert_int_eq(bingo_game_points(93, 29), 2);
    ck_assert_int_eq(bingo_game_points(210, 56), 3); /* BI-08 play_out, BI-09 invincible */
    ck_assert_int_eq(bingo_game_points(209, 56), 1);
}
END_TEST

/* R17, R18: what the game says its game points were for, from the hand just ended. */
START_TEST(game_points_read_as_players_say_them)
{
    bingo_state_t s = {0};
    s.trump = 6;
    char said[256];
    static const struct {
        int seat, reason, points, other_at_70;
        const char *words;
    } cases[] = {
        {0, BI_REASON_GAME_POINTS, 93, 20, "game points: seat 1 had 20 points (1 to 29) when seat 0 reached 70"},
        {0, BI_REASON_GAME_POINTS, 93, 0, "game points: seat 1 had no points when seat 0 reached 70"},
        {1, BI_REASON_GAME_POINTS, 93, 30, "game points: seat 0 had 30 points (30 or more) when seat 1 reached 70"},
        {1, BI_REASON_GAME_POINTS, 215, 56, "game points: won the hand with 215 points, 210 or more"},
        {1, BI_REASON_FAILED_CLOSE, 40, 0, "failed close: seat 0 closed the stock and did not reach 70"},
        {0, BI_REASON_BINGO_CAPTURE, 93, 0, "Bingo (0-0) took the double trump 6-6"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        s.points[cases[k].seat] = (int16_t)cases[k].points;
        s.other_at_70[cases[k].seat] = (int16_t)cases[k].other_at_70;
        game_event_t award = {GAME_EVENT_AWARD, (int8_t)cases[k].seat, 0, 0, 1, (uint8_t)cases[k].reason, 0};
        bingo_points_words(&s, &award, said, sizeof said);
        ck_assert_str_eq(said, cases[k].words);
    }
    game_event_t play = {GAME_EVENT_PLAY, 0, 3, 0, 0, 0, 0}; /* a trick's play scores nothing itself */
    bingo_points_words(&s, &play, said, sizeof said);
    ck_assert_str_eq(said, "");
}
END_TEST

/* BI-09: meld points, with Bingo's +10. */
START_TEST(bi09_meld_points)
{
    uint64_t bingo = 1ull << tile(0, 0);
    ck_assert_int_eq(bingo_meld_points(1ull << tile(4, 4) | 1ull << tile(1, 1) | bingo), 50);
    ck_assert_int_eq(bingo_meld_points(1ull << tile(1, 1) | bingo), 30);
    ck_assert_int_eq(bingo_meld_points(1ull << tile(6, 6) | 1ull << tile(3, 3)), 20);
    ck_assert_int_eq(bingo_meld_points(1ull << tile(6, 6)), 0);
    uint64_t all = 0;
    for (int d = 0; d <= 6; d++) all |= 1ull << tileset_double_index(d);
    ck_assert_int_eq(bingo_meld_points(all), 210);
    static const int by_count[8] = {0, 0, 20, 40, 50, 60, 70, 200};
    uint64_t some = 0;
    for (int d = 1; d <= 6; d++) { /* without Bingo */
        some |= 1ull << tileset_double_index(d);
        ck_assert_int_eq(bingo_meld_points(some), by_count[d]);
    }
}
END_TEST

/* BI-10 (capture point kept or lost is the play's) and BI-12: both at 7, the hand's winner. */
START_TEST(bi12_match_end)
{
    bingo_rules_t *r = rules_ok(NULL);
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){7, 7}, 1), 1);
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){7, 7}, 0), 0);
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){8, 7}, 1), 0);
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){6, 7}, 0), 1);
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){6, 6}, 0), -1);
    rules_free(r);
    r = rules_ok("target_game_points=3");
    ck_assert_int_eq(bingo_match_winner(r, (const int[]){3, 0}, 0), 0);
    rules_free(r);
}
END_TEST

/* R5, A6: Bingo is a trump for following only with t = 0 or the option. */
START_TEST(bingo_as_trump)
{
    bingo_rules_t *r = rules_ok(NULL), *trump = rules_ok("bingo_is_trump=true");
    ck_assert(!bingo_is_trump_tile(r, 5, tile(0, 0)));
    ck_assert(bingo_is_trump_tile(r, 0, tile(0, 0)));
    ck_assert(bingo_is_trump_tile(trump, 5, tile(0, 0)));
    ck_assert(bingo_is_trump_tile(r, 5, tile(2, 5)));
    /* a trump lead forces Bingo out of a hand that holds no other trump, with the option */
    uint64_t hand = 1ull << tile(0, 0) | 1ull << tile(1, 2);
    ck_assert(bingo_closed_follows(trump, 5, tile(5, 6), hand) == 1ull << tile(0, 0));
    ck_assert(bingo_closed_follows(r, 5, tile(5, 6), hand) == hand);
    rules_free(r);
    rules_free(trump);
}
END_TEST

/* ------------------------------------------------------------------ the play */

typedef struct fixture {
    bingo_rules_t *rules;
    bingo_state_t s;
    game_events_t ev;
} fixture_t;

static void fx_open(fixture_t *fx, const char *overrides)
{
    memset(fx, 0, sizeof *fx);
    fx->rules = rules_ok(overrides);
    bingo_match_start(&fx->s, (const game_rules_t *)(const void *)fx->rules, 5);
}

static void fx_close(fixture_t *fx) { rules_free(fx->rules); }

static uint64_t tiles_of(const char *text)
{
    uint64_t set = 0;
    int a, b, used;
    while (sscanf(text, " %d-%d%n", &a, &b, &used) == 2) {
        set |= 1ull << tile(a, b);
        text += used;
    }
    return set;
}

/* A closed-phase position: trump t, X = seat 0 leads, the hands and points given; the
 * stock closed by `closer` (-1: exhausted instead). */
static void fx_position(fixture_t *fx, int trump, const char *x, const char *y, int x_points, int y_points, int closer)
{
    uint8_t deck[BINGO_TILES];
    for (int t = 0; t < BINGO_TILES; t++) deck[t] = (uint8_t)t;
    fx->s.starter = 0;
    bingo_deal_from(&fx->s, deck, NULL);
    fx->s.trump = (int8_t)trump;
    fx->s.hand[0] = tiles_of(x);
    fx->s.hand[1] = tiles_of(y);
    fx->s.points[0] = (int16_t)x_points;
    fx->s.points[1] = (int16_t)y_points;
    fx->s.closer = (int8_t)closer;
    if (closer < 0) {
        fx->s.face_up = -1;
        fx->s.stock_next = BINGO_TILES;
    }
    fx->s.leader = fx->s.to_move = 0;
}

static bool is_legal(const fixture_t *fx, game_move_t move)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = bingo_legal_moves(&fx->s, moves);
    for (int i = 0; i < count; i++)
        if (game_move_equal(moves[i], move)) return true;
    return false;
}

static void fx_apply(fixture_t *fx, game_move_t move)
{
    ck_assert_msg(is_legal(fx, move), "move %d/%d/%d of seat %d is not legal", move.kind, move.tile, move.extra,
                  fx->s.to_move);
    fx->ev.count = 0;
    bingo_apply(&fx->s, move, &fx->ev);
}

static void fx_play(fixture_t *fx, int a, int b)
{
    fx_apply(fx, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile(a, b), GAME_NO_END, 0});
}

/* The game points this last move's events awarded, per seat and reason. */
static int awarded(const fixture_t *fx, int seat, int reason)
{
    int points = 0;
    for (int i = 0; i < fx->ev.count; i++)
        if (fx->ev.item[i].kind == GAME_EVENT_AWARD && fx->ev.item[i].seat == seat && fx->ev.item[i].reason == reason)
            points += fx->ev.item[i].points;
    return points;
}

static int legal_count(const fixture_t *fx, game_move_t *moves) { return bingo_legal_moves(&fx->s, moves); }

/* The last move ended the hand, won by `winner` for `game_points` (R17), the match's
 * first hand: the other seat has none. */
static void expect_hand_won(const fixture_t *fx, int winner, int game_points)
{
    ck_assert_int_eq(fx->s.status, GAME_BETWEEN_HANDS);
    ck_assert_int_eq(fx->s.hand_winner, winner);
    ck_assert_int_eq(awarded(fx, winner, BI_REASON_GAME_POINTS), game_points);
    ck_assert_int_eq(fx->s.game_points[winner], game_points);
    ck_assert_int_eq(fx->s.game_points[1 - winner], 0);
}

/* BI-06: X (0) closed with 55 against 31; every follow is forced; Y ends on 76, X on 55. */
START_TEST(bi06_failed_close)
{
    for (int option = 0; option < 2; option++) {
        fixture_t fx;
        fx_open(&fx, option ? "closed_opponent_70=ends_hand" : NULL);
        fx_position(&fx, 4, "1-2 0-3 1-1", "0-0 2-5 3-6", 55, 31, 0);
        game_move_t moves[GAME_MAX_MOVES];
        fx_play(&fx, 1, 2);
        ck_assert_int_eq(legal_count(&fx, moves), 1); /* Y must show 2 */
        ck_assert_int_eq(moves[0].tile, tile(2, 5));
        fx_play(&fx, 2, 5);
        ck_assert_int_eq(fx.s.points[1], 41);
        ck_assert_int_eq(fx.s.to_move, 1); /* the winner leads */
        fx_play(&fx, 0, 0);
        ck_assert_int_eq(legal_count(&fx, moves), 1); /* X must show 0 */
        fx_play(&fx, 0, 3);
        ck_assert_int_eq(fx.s.points[1], 65);
        fx_play(&fx, 3, 6);
        ck_assert_int_eq(legal_count(&fx, moves), 1); /* only [1-1] is left: any tile */
        fx_play(&fx, 1, 1);
        ck_assert_int_eq(fx.s.points[1], 76);
        ck_assert_int_ne(fx.s.status, GAME_IN_HAND);
        ck_assert_int_eq(awarded(&fx, 1, BI_REASON_FAILED_CLOSE), 2);
        ck_assert_int_eq(fx.s.game_points[0], 0);
        ck_assert_int_eq(fx.s.game_points[1], 2);
        /* X's [1-1] on the plain [3-6] showed he has no 6 and no 3 left (R12) */
        ck_assert(fx.s.lacks[0] >> tile(6, 6) & 1 && fx.s.lacks[0] >> tile(3, 3) & 1);
        ck_assert(!(fx.s.lacks[0] >> tile(1, 4) & 1));
        fx_close(&fx);
    }
}
END_TEST

/* BI-07: X closed with 58; [4-4] takes [2-5] for 35 and the hand ends at 93. */
START_TEST(bi07_close_succeeds)
{
    static const int y_points[3] = {20, 0, 30}, game_points[3] = {2, 3, 1};
    for (int i = 0; i < 3; i++) {
        fixture_t fx;
        fx_open(&fx, NULL);
        fx_position(&fx, 4, "4-4 1-2", "2-5 1-3", 58, y_points[i], 0); /* one double: no meld */
        fx_play(&fx, 4, 4);
        fx_play(&fx, 2, 5);
        ck_assert_int_eq(fx.s.points[0], 93);
        ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
        ck_assert_int_eq(fx.s.hand_winner, 0);
        ck_assert_int_eq(awarded(&fx, 0, BI_REASON_GAME_POINTS), game_points[i]);
        fx_close(&fx);
    }
}
END_TEST

/* BI-08: nobody closed, the stock is exhausted; X (64) takes a trick worth 12 against Y's 56
 * and reaches 76: stop_at_70 ends the hand there with 1 game point to X; play_out plays the
 * last trick too, and X still wins with 1 (he ends on 91, below 210). Trump 6: [1-5] and
 * [2-4] are 6 each, equal rank pips go to the led tile; [3-3] takes [0-2] for 6 + 9. */
START_TEST(bi08_first_to_70)
{
    for (int play_out = 0; play_out < 2; play_out++) {
        fixture_t fx;
        fx_open(&fx, play_out ? "hand_end=play_out" : NULL);
        fx_position(&fx, 6, "1-5 3-3", "2-4 0-2", 64, 56, -1);
        fx_play(&fx, 1, 5);
        fx_play(&fx, 2, 4); /* Y shows neither 5 nor 1: any tile */
        ck_assert_int_eq(fx.s.points[0], 76);
        ck_assert_int_eq(fx.s.first_70, 0);
        if (play_out) {
            ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
            ck_assert_int_eq(awarded(&fx, 0, BI_REASON_GAME_POINTS), 0);
            fx_play(&fx, 3, 3);
            fx_play(&fx, 0, 2);
            ck_assert_int_eq(fx.s.points[0], 91);
        }
        expect_hand_won(&fx, 0, 1);
        fx_close(&fx);
    }
}
END_TEST

/* BI-11: trump 0, played. [0-6] led against [0-5] (Y's only trump, forced): the higher
 * trump wins, 13 + 12 with each 0 side counting 7, under rank_blank_as_seven too (13 > 12);
 * then [0-3] led against [6-6]: trump beats plain, 10 + 12. X goes from 30 to 77 against
 * Y's 0: 3 game points. */
START_TEST(bi11_trump_zero_played)
{
    for (int blank_as_seven = 0; blank_as_seven < 2; blank_as_seven++) {
        fixture_t fx;
        fx_open(&fx, blank_as_seven ? "rank_blank_as_seven=true" : NULL);
        fx_position(&fx, 0, "0-6 0-3", "0-5 6-6", 30, 0, -1);
        game_move_t moves[GAME_MAX_MOVES];
        fx_play(&fx, 0, 6);
        ck_assert_int_eq(legal_count(&fx, moves), 1); /* a trump led: Y must place his trump */
        ck_assert_int_eq(moves[0].tile, tile(0, 5));
        fx_play(&fx, 0, 5);
        ck_assert_int_eq(fx.s.points[0], 55);
        ck_assert_int_eq(fx.s.to_move, 0);
        fx_play(&fx, 0, 3);
        fx_play(&fx, 6, 6);
        ck_assert_int_eq(fx.s.points[0], 77);
        ck_assert_int_eq(fx.s.points[1], 0);
        ck_assert_int_eq(awarded(&fx, 0, BI_REASON_GAME_POINTS), 3);
        fx_close(&fx);
    }
}
END_TEST

/* BI-09: melds are moves after the winning trick; no_reuse and unrestricted. */
START_TEST(bi09_melds_as_moves)
{
    for (int unrestricted = 0; unrestricted < 2; unrestricted++) {
        fixture_t fx;
        fx_open(&fx, unrestricted ? "meld_reuse=unrestricted" : NULL);
        fx_position(&fx, 5, "4-4 1-1 0-0 2-3", "1-2 3-6 0-1 6-2", 0, 0, -1);
        fx_play(&fx, 4, 4);
        fx_play(&fx, 1, 2);
        ck_assert_int_eq(fx.s.points[0], 11);
        ck_assert_int_eq(fx.s.phase, BI_PHASE_MELD);
        game_move_t moves[GAME_MAX_MOVES];
        ck_assert_int_eq(legal_count(&fx, moves), 2);
        ck_assert_int_eq(moves[0].kind, GAME_MOVE_MELD);
        ck_assert_int_eq(moves[0].extra, 1 << 0 | 1 << 1 | 1 << 4); /* [0-0], [1-1], [4-4] */
        fx_apply(&fx, moves[0]);
        ck_assert_int_eq(fx.s.points[0], 61); /* 11 + 40 + 10 */
        /* the shown doubles still in X's hand are public; [4-4] was captured */
        game_observation_t seen;
        bingo_observe(&fx.s, 1, &seen);
        ck_assert(seen.layout_kind == GAME_LAYOUT_TRICK && seen.tricks.trump == 5);
        ck_assert(seen.tricks.shown[0].w[0] == (1ull << tile(0, 0) | 1ull << tile(1, 1)));
        ck_assert_int_eq(seen.tricks.hand_points[0], 61);
        ck_assert(seen.tricks.won[0].w[0] == (1ull << tile(4, 4) | 1ull << tile(1, 2)));
        ck_assert(!(seen.unseen.w[0] >> tile(1, 2) & 1) && seen.unseen.w[0] >> tile(0, 0) & 1);
        /* later X wins with [1-1] against [0-1] (forced: Y's only 1), 2 + 8 points */
        fx_play(&fx, 1, 1);
        fx_play(&fx, 0, 1);
        if (!unrestricted) {
            ck_assert_int_ne(fx.s.phase, BI_PHASE_MELD); /* [1-1] was counted */
        } else {
            ck_assert_int_eq(fx.s.phase, BI_PHASE_MELD);
            ck_assert_int_eq(legal_count(&fx, moves), 2);
            fx_apply(&fx, moves[0]);
            int before = 61 + 10;
            ck_assert_int_eq(fx.s.points[0], before + 30); /* [1-1] and [0-0]: 20 + 10 */
        }
        fx_close(&fx);
    }
}
END_TEST

/* BI-10: Bingo takes the double trump, +1 game point at hand end (always, or if won). */
START_TEST(bi10_capture_point)
{
    for (int if_won = 0; if_won < 2; if_won++) {
        fixture_t fx;
        fx_open(&fx, if_won ? "bingo_capture_point=if_hand_won" : NULL);
        /* Y (1) leads [5-5], X follows [0-0]; then Y wins the closed hand */
        fx_position(&fx, 5, "0-0 1-2", "5-5 6-6", 0, 60, -1);
        fx.s.leader = fx.s.to_move = 1;
        fx_play(&fx, 5, 5);
        fx_play(&fx, 0, 0);
        ck_assert_int_eq(fx.s.points[0], 42);
        ck_assert_int_eq(fx.s.capture, 0);
        fx_play(&fx, 1, 2); /* X leads, Y's [6-6] (12) beats it: 60 + 15 = 75, Y reaches 70 */
        fx_play(&fx, 6, 6);
        ck_assert_int_ne(fx.s.status, GAME_IN_HAND);
        ck_assert_int_eq(fx.s.hand_winner, 1);
        ck_assert_int_eq(awarded(&fx, 0, BI_REASON_BINGO_CAPTURE), if_won ? 0 : 1);
        fx_close(&fx);
    }
}
END_TEST

/* BI-05 and BI-13: the draws of a whole hand played to the end, and when closing is legal. */
START_TEST(bi05_draws_and_close_timing)
{
    for (int any_turn = 0; any_turn < 2; any_turn++) {
        fixture_t fx;
        fx_open(&fx, any_turn ? "hand_end=play_out close_timing=any_own_turn" : "hand_end=play_out");
        bingo_deal(&fx.s, NULL);
        ck_assert_int_eq(fx.s.trump, tileset_high(fx.s.deck[14]));
        game_move_t moves[GAME_MAX_MOVES];
        for (int trick = 1; trick <= 14; trick++) {
            ck_assert_int_eq(__builtin_popcountll(fx.s.hand[0]), 7 - (trick > 8 ? trick - 8 : 0));
            int count = legal_count(&fx, moves);
            ck_assert_msg((moves[0].kind == GAME_MOVE_CLOSE) == (trick <= 7), "trick %d: close %s", trick,
                          trick <= 7 ? "missing" : "offered");
            int first = moves[0].kind == GAME_MOVE_CLOSE;
            ck_assert_int_gt(count, first);
            fx_apply(&fx, moves[first]);
            count = legal_count(&fx, moves);
            bool follower_may_close = moves[0].kind == GAME_MOVE_CLOSE;
            ck_assert_int_eq(follower_may_close, any_turn && trick <= 7);
            first = follower_may_close;
            int winner_before = -1;
            fx_apply(&fx, moves[first]);
            if (fx.s.phase == BI_PHASE_MELD) fx_apply(&fx, (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0});
            (void)winner_before;
            int draws = 0;
            for (int i = 0; i < fx.ev.count; i++) draws += fx.ev.item[i].kind == GAME_EVENT_DRAW;
            if (fx.s.status != GAME_IN_HAND) break;
            ck_assert_msg(draws == (trick <= 7 ? 2 : 0), "trick %d: %d draws", trick, draws);
            if (trick == 7) ck_assert_int_eq(fx.s.face_up, -1);
        }
        ck_assert_int_ne(fx.s.status, GAME_IN_HAND);
        ck_assert(fx.s.hand[0] == 0 && fx.s.hand[1] == 0);
        fx_close(&fx);
    }
}
END_TEST

/* hand_end.pips_left counts the rules' pip value (rules/README.md, "pips": Bingo counts a 0
 * side as 7): [0-0] 14, [0-5] 12, [5-5] 10 (the double trump's sides, not its 28 points),
 * [1-2] 3. */
START_TEST(pips_left_counts_a_blank_as_seven)
{
    fixture_t fx;
    fx_open(&fx, NULL);
    fx_position(&fx, 5, "0-0 0-5 5-5 1-2", "3-4", 0, 0, -1);
    ck_assert_int_eq(bingo_game.pips_left(&fx.s, 0), 39);
    ck_assert_int_eq(bingo_game.pips_left(&fx.s, 1), 7);
    fx_close(&fx);
}
END_TEST

/* R17 when the closer wins after the opponent passed 70 first (closed_opponent_70 =
 * ignored), built from the rule text: p is the loser's points when the WINNER first
 * reached 70. Trump 4; X (0) closed on 20 against Y's 60.
 *   trick 1: X [1-2], Y must show 2: [2-6] wins (8 > 3 pips), Y +11 = 71, X still 20;
 *   trick 2: Y [5-6], X shows neither 6 nor 5, any tile: [4-4] trumps it, X +39 = 59;
 *   trick 3: X [0-4] (trump), Y has none: [1-3]; X +15 = 74 and the close succeeds.
 * X reached 70 with Y on 71: 1 game point (the first to 70's moment, X on 20, would
 * give 2). With ends_hand Y's 71 fails the close in trick 1: 2 game points to Y. */
START_TEST(r17_closer_wins_after_the_opponent)
{
    static const char *const options[] = {NULL, "hand_end=play_out", "closed_opponent_70=ends_hand"};
    for (int i = 0; i < 3; i++) {
        fixture_t fx;
        fx_open(&fx, options[i]);
        fx_position(&fx, 4, "1-2 4-4 0-4", "2-6 5-6 1-3", 20, 60, 0);
        fx_play(&fx, 1, 2);
        fx_play(&fx, 2, 6);
        ck_assert_int_eq(fx.s.points[1], 71);
        if (i == 2) {
            ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
            ck_assert_int_eq(fx.s.hand_winner, 1);
            ck_assert_int_eq(fx.s.end_reason, BI_REASON_FAILED_CLOSE);
            ck_assert_int_eq(awarded(&fx, 1, BI_REASON_FAILED_CLOSE), 2);
            fx_close(&fx);
            continue;
        }
        ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
        fx_play(&fx, 5, 6);
        fx_play(&fx, 4, 4);
        ck_assert_int_eq(fx.s.points[0], 59);
        fx_play(&fx, 0, 4);
        fx_play(&fx, 1, 3);
        ck_assert_int_eq(fx.s.points[0], 74);
        ck_assert_int_eq(fx.s.end_reason, BI_REASON_CLOSED);
        expect_hand_won(&fx, 0, 1);
        fx_close(&fx);
    }
}
END_TEST

/* R16, hand_end = play_out with closed_opponent_70 = ends_hand: the opponent's 70 settles
 * the hand as the closer's failure, and the remaining tricks are still played, their Bingo
 * capture counting (R18). Trump 4; X (0) closed on 20 against Y's 60.
 *   trick 1: X [1-2], Y must show 2: [2-6] wins, Y +11 = 71: the close has failed;
 *   trick 2: Y [1-3], X shows neither 3 nor 1: [0-4] trumps it, X +15 = 35;
 *   trick 3: X [4-4], Y [0-0]: Bingo takes the double trump, Y +42 = 113 and the capture.
 * Y gets 2 game points for the failed close and 1 for the capture. With stop_at_70 the
 * hand ends after trick 1, with 2 game points to Y and tiles left in both hands. */
START_TEST(r16_play_out_after_a_failed_close)
{
    for (int play_out = 0; play_out < 2; play_out++) {
        fixture_t fx;
        fx_open(&fx, play_out ? "hand_end=play_out closed_opponent_70=ends_hand" : "closed_opponent_70=ends_hand");
        fx_position(&fx, 4, "1-2 0-4 4-4", "2-6 1-3 0-0", 20, 60, 0);
        fx_play(&fx, 1, 2);
        fx_play(&fx, 2, 6);
        ck_assert_int_eq(fx.s.points[1], 71);
        if (!play_out) {
            ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
            ck_assert_int_eq(awarded(&fx, 1, BI_REASON_FAILED_CLOSE), 2);
            ck_assert(fx.s.hand[0] != 0 && fx.s.hand[1] != 0);
            fx_close(&fx);
            continue;
        }
        ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
        ck_assert_int_eq(awarded(&fx, 1, BI_REASON_FAILED_CLOSE), 0);
        fx_play(&fx, 1, 3);
        fx_play(&fx, 0, 4);
        ck_assert_int_eq(fx.s.points[0], 35);
        ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
        fx_play(&fx, 4, 4);
        fx_play(&fx, 0, 0);
        ck_assert_int_eq(fx.s.points[1], 113);
        ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
        ck_assert_int_eq(fx.s.hand_winner, 1);
        ck_assert_int_eq(fx.s.end_reason, BI_REASON_FAILED_CLOSE);
        ck_assert_int_eq(awarded(&fx, 1, BI_REASON_FAILED_CLOSE), 2);
        ck_assert_int_eq(awarded(&fx, 1, BI_REASON_BINGO_CAPTURE), 1);
        ck_assert_int_eq(fx.s.game_points[1], 3);
        ck_assert_int_eq(fx.s.game_points[0], 0);
        fx_close(&fx);
    }
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("bingo_vectors");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, preset_is_every_default);
    tcase_add_test(tc, moves_read_as_players_say_them);
    tcase_add_test(tc, bad_values_name_their_key);
    tcase_add_test(tc, bi01_trump_number);
    tcase_add_loop_test(tc, bi02_trick_winner, 0, (int)(sizeof bi02 / sizeof bi02[0]));
    tcase_add_test(tc, bi02_plain_tile_must_match);
    tcase_add_test(tc, bi03_point_totals);
    tcase_add_loop_test(tc, bi04_closed_follows, 0, (int)(sizeof bi04 / sizeof bi04[0]));
    tcase_add_loop_test(tc, bi04_follow_proves_lacks, 0, 4);
    tcase_add_test(tc, bi07_game_points);
    tcase_add_test(tc, game_points_read_as_players_say_them);
    tcase_add_test(tc, bi09_meld_points);
    tcase_add_test(tc, bi12_match_end);
    tcase_add_test(tc, bingo_as_trump);
    tcase_add_test(tc, bi06_failed_close);
    tcase_add_test(tc, bi08_first_to_70);
    tcase_add_test(tc, bi11_trump_zero_played);
    tcase_add_test(tc, bi07_close_succeeds);
    tcase_add_test(tc, bi09_melds_as_moves);
    tcase_add_test(tc, bi10_capture_point);
    tcase_add_test(tc, bi05_draws_and_close_timing);
    tcase_add_test(tc, r17_closer_wins_after_the_opponent);
    tcase_add_test(tc, r16_play_out_after_a_failed_close);
    tcase_add_test(tc, pips_left_counts_a_blank_as_seven);
    suite_add_tcase(suite, tc);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
