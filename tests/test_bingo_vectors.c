/* test_bingo_vectors.c - Bingo's option table and preset, and its rule functions against
 * the test vectors of bingo.md §5: BI-01 (trump), BI-02 (trick winner, with the options
 * that change it), BI-03 (point totals from the engine's tables), BI-04 (following in the
 * closed phase), BI-07 (game points), BI-09 (meld points), BI-10 and BI-12 (match end).
 * The play itself (BI-05, 06, 08, 11, 13 as whole tricks) comes with the engine's play.
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

int main(void)
{
    Suite *suite = suite_create("bingo_vectors");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, preset_is_every_default);
    tcase_add_test(tc, bad_values_name_their_key);
    tcase_add_test(tc, bi01_trump_number);
    tcase_add_loop_test(tc, bi02_trick_winner, 0, (int)(sizeof bi02 / sizeof bi02[0]));
    tcase_add_test(tc, bi02_plain_tile_must_match);
    tcase_add_test(tc, bi03_point_totals);
    tcase_add_loop_test(tc, bi04_closed_follows, 0, (int)(sizeof bi04 / sizeof bi04[0]));
    tcase_add_test(tc, bi07_game_points);
    tcase_add_test(tc, bi09_meld_points);
    tcase_add_test(tc, bi12_match_end);
    tcase_add_test(tc, bingo_as_trump);
    suite_add_tcase(suite, tc);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
