/* test_bingo_invariants.c - Bingo's play (bingo_play.c) over many random matches of each
 * configuration, checked at every step:
 *   - every tile is in one place: a hand, a side's captures, the trick in play, the stock
 *     or the face-up tile (out of play once closed);
 *   - each seat's points are its captures' values plus its melds (R9, R13, R15);
 *   - in the closed phase the follower's legal tiles are exactly R12's;
 *   - closing is offered only while a face-down tile is left, never after closing (R11);
 *   - game points are R17's and R18's, recomputed from the hand's own course;
 *   - the match ends (R20);
 *   - a world drawn for the seat to move keeps what it sees: its hand, the captures, the
 *     other hand's size, the doubles it showed and the face-up tile it took while it keeps
 *     them, none of what it was proved to lack, every tile in one place, the same legal
 *     moves;
 *   - game_t.playout plays the hand as the loop over legal_moves and apply does;
 *   - game_t.follow_may_end_hand answers for every follow exactly what its apply does: true
 *     where the hand ends, false where it stays in play without a meld (where the trick
 *     allows a meld, which leaves the hand in play, either answer is right).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bingo/bingo.h"
#include "test_support.h"

enum { ERROR_SIZE = OPTIONS_ERROR_SIZE, HANDS_PER_CONFIG = 20000 };

static const char *const configs[] = {
    "",
    "rank_blank_as_seven=true zero_trump_bingo_value=14 bingo_is_trump=true trick_leader=alternate",
    "plain_tile_must_match_to_win=true plain_follow_includes_trumps=false close_timing=any_own_turn",
    "hand_end=play_out closed_opponent_70=ends_hand meld_reuse=unrestricted bingo_capture_point=if_hand_won",
    "target_game_points=2",
    "closed_opponent_70=ends_hand",
    "hand_end=play_out close_timing=any_own_turn",
};

static bingo_rules_t *make_rules(const char *overrides)
{
    char error[ERROR_SIZE], copy[256];
    option_values_t values;
    ck_assert(options_set_defaults(bingo_options, BI_OPTION_COUNT, &values, error, sizeof error) == 0);
    snprintf(copy, sizeof copy, "%s", overrides);
    for (char *word = strtok(copy, " "); word; word = strtok(NULL, " "))
        ck_assert_msg(options_assign(bingo_options, BI_OPTION_COUNT, &values, word, true, error, sizeof error) == 0,
                      "%s", error);
    game_rules_t *rules = NULL;
    ck_assert_msg(bingo_rules_create(&values, &rules, error, sizeof error) == 0, "%s", error);
    return (bingo_rules_t *)(void *)rules;
}

/* What the test keeps of a hand to recompute its awards. */
typedef struct course {
    int meld_points[BINGO_SEATS];
    int first_70;
    int other_at_70[BINGO_SEATS]; /* the other seat's points when this one first reached 70, -1 */
} course_t;

static void check_tiles(const bingo_state_t *s, const char *config)
{
    uint64_t places[8] = {s->hand[0], s->hand[1], s->won[0], s->won[1], 0, 0, 0, 0};
    if (s->phase == BI_PHASE_FOLLOW && s->led >= 0) places[4] = 1ull << s->led;
    for (int k = s->stock_next; k < BINGO_TILES; k++) places[5] |= 1ull << s->deck[k];
    if (s->face_up >= 0) places[6] = 1ull << s->face_up;
    uint64_t all = 0;
    int count = 0;
    for (int k = 0; k < 8; k++) {
        all |= places[k];
        count += __builtin_popcountll(places[k]);
    }
    REQUIRE(count == BINGO_TILES && all == (1ull << BINGO_TILES) - 1, "%s: the tiles are not each in one place", config);
}

static void check_points(const bingo_state_t *s, const course_t *c, const char *config)
{
    for (int seat = 0; seat < BINGO_SEATS; seat++) {
        int points = c->meld_points[seat];
        for (uint64_t won = s->won[seat]; won; won &= won - 1)
            points += bingo_tile_points(s->rules, s->trump, __builtin_ctzll(won));
        REQUIRE(points == s->points[seat], "%s: seat %d has %d points, its captures and melds %d", config, seat,
                s->points[seat], points);
    }
}

static void check_moves(const bingo_state_t *s, const game_move_t *moves, int count, const char *config)
{
    uint64_t tiles = 0;
    bool close = false;
    for (int i = 0; i < count; i++) {
        if (moves[i].kind == GAME_MOVE_PLAY) tiles |= 1ull << moves[i].tile;
        close |= moves[i].kind == GAME_MOVE_CLOSE;
    }
    if (s->phase == BI_PHASE_MELD) return;
    uint64_t hand = s->hand[s->to_move];
    uint64_t want = s->phase == BI_PHASE_FOLLOW && bingo_closed_phase(s)
                        ? bingo_closed_follows(s->rules, s->trump, s->led, hand)
                        : hand;
    REQUIRE(tiles == want, "%s: the legal tiles are not R7's or R12's", config);
    bool may_close = !bingo_closed_phase(s) && s->stock_next < BINGO_TILES &&
                     (s->phase == BI_PHASE_LEAD || s->rules->close_timing == BI_CLOSE_ANY_OWN_TURN);
    REQUIRE(close == may_close, "%s: closing %s", config, close ? "offered where R11 forbids it" : "not offered");
}

/* R17, R18 from the test's own record of the hand. */
static void check_awards(const bingo_state_t *s, const course_t *c, const game_events_t *ev, int closer,
                         int capture, const char *config)
{
    int game[BINGO_SEATS] = {0, 0}, capture_points[BINGO_SEATS] = {0, 0}, winner = -1;
    for (int i = 0; i < ev->count; i++) {
        const game_event_t *e = &ev->item[i];
        if (e->kind == GAME_EVENT_AWARD && e->reason == BI_REASON_BINGO_CAPTURE) capture_points[e->seat] += e->points;
        else if (e->kind == GAME_EVENT_AWARD) game[e->seat] += e->points;
        if (e->kind == GAME_EVENT_HAND_END) winner = e->seat;
    }
    REQUIRE(winner >= 0, "%s: a hand ended without a winner", config);
    /* R16 from the course: the first to 70 wins an unclosed hand; a closer wins once he
     * reached 70, unless the opponent got there first under ends_hand */
    bool opponent_first = closer >= 0 && c->first_70 == 1 - closer;
    bool failed = closer >= 0 && ((s->rules->closed_opponent_70 == BI_OPPONENT_70_ENDS_HAND && opponent_first) ||
                                  c->other_at_70[closer] < 0);
    int want_winner = closer < 0 ? c->first_70 : failed ? 1 - closer : closer;
    REQUIRE(winner == want_winner, "%s: seat %d won the hand, R16 gives seat %d", config, winner, want_winner);
    if (s->rules->hand_end == BI_HAND_PLAY_OUT) /* every trick is played, a failed close's too */
        REQUIRE(s->hand[0] == 0 && s->hand[1] == 0, "%s: a played-out hand ended with tiles in hand", config);
    int want = failed ? BINGO_FAILED_CLOSE_POINTS : bingo_game_points(s->points[winner], c->other_at_70[winner]);
    REQUIRE(game[winner] == want && game[1 - winner] == 0, "%s: game points %d/%d, R17 gives %d to seat %d", config,
            game[0], game[1], want, winner);
    if (!failed) REQUIRE(c->first_70 == winner || closer == winner, "%s: the winner was not first to 70", config);
    bool kept = capture >= 0 && (s->rules->bingo_capture_point == BI_CAPTURE_ALWAYS || capture == winner);
    for (int seat = 0; seat < BINGO_SEATS; seat++)
        REQUIRE(capture_points[seat] == (kept && capture == seat), "%s: capture point to seat %d", config, seat);
}

static void check_world(const bingo_state_t *s, pcg32_t *rng, const char *config)
{
    int seat = s->to_move, opponent = 1 - seat;
    bingo_state_t world;
    bingo_determinize(s, seat, rng, &world);
    check_tiles(&world, config);
    REQUIRE(world.hand[seat] == s->hand[seat] && world.won[0] == s->won[0] && world.won[1] == s->won[1],
            "%s: the world changed what the seat sees", config);
    REQUIRE(__builtin_popcountll(world.hand[opponent]) == __builtin_popcountll(s->hand[opponent]),
            "%s: the other hand's size changed", config);
    uint64_t shown = s->melded[opponent] & s->hand[opponent];
    REQUIRE((world.hand[opponent] & shown) == shown, "%s: the world lost a shown double", config);
    if (s->face_up_taker == opponent && s->hand[opponent] >> s->turned & 1)
        REQUIRE(world.hand[opponent] >> s->turned & 1, "%s: the world lost the face-up tile", config);
    REQUIRE(!(world.hand[opponent] & s->lacks[opponent]), "%s: the world gave a tile the other seat lacks", config);
    game_move_t real[GAME_MAX_MOVES], drawn[GAME_MAX_MOVES];
    int count = bingo_legal_moves(s, real);
    REQUIRE(count == bingo_legal_moves(&world, drawn) && !memcmp(real, drawn, (size_t)count * sizeof real[0]),
            "%s: the world offers other moves", config);
}

/* Every follow tried on a copy against bingo_follow_may_end_hand; counts[0] the follows
 * that end the hand, counts[1] those that leave it in play. */
static void check_follow_ends(const bingo_state_t *s, const game_move_t *moves, int count, long counts[2],
                              const char *config)
{
    if (s->phase != BI_PHASE_FOLLOW) return;
    for (int i = 0; i < count; i++) {
        if (moves[i].kind != GAME_MOVE_PLAY) continue;
        bingo_state_t after = *s;
        bingo_apply(&after, moves[i], NULL);
        bool ended = after.status != GAME_IN_HAND, answer = bingo_follow_may_end_hand(s, moves[i].tile);
        if (after.phase == BI_PHASE_MELD) {
            REQUIRE(!ended, "%s: a meld came after the hand's end", config);
            continue;
        }
        REQUIRE(answer == ended, "%s: follow_may_end_hand says %d for tile %d, the apply %s the hand", config,
                answer, moves[i].tile, ended ? "ends" : "does not end");
        counts[ended ? 0 : 1]++;
    }
}

START_TEST(random_matches)
{
    bingo_rules_t *rules = make_rules(configs[_i]);
    const char *config = *configs[_i] ? configs[_i] : "bingo";
    pcg32_t rng;
    pcg32_seed(&rng, 99 + (uint64_t)_i, 5);
    bingo_state_t s;
    game_move_t moves[GAME_MAX_MOVES];
    game_events_t ev;
    long hands = 0, target = support_scaled(HANDS_PER_CONFIG, 500), closes = 0, melds = 0, follows[2] = {0, 0};
    for (uint64_t match = 0; hands < target; match++) {
        bingo_match_start(&s, (const game_rules_t *)(const void *)rules, match);
        course_t c;
        int guard = 0;
        while (s.status != GAME_MATCH_OVER) {
            REQUIRE(++guard < 100000, "%s: the match does not end", config);
            if (s.status == GAME_BETWEEN_HANDS) {
                bingo_deal(&s, NULL);
                memset(&c, 0, sizeof c);
                c.first_70 = c.other_at_70[0] = c.other_at_70[1] = -1;
                continue;
            }
            check_tiles(&s, config);
            check_points(&s, &c, config);
            int count = bingo_legal_moves(&s, moves);
            REQUIRE(count > 0, "%s: no legal move", config);
            check_moves(&s, moves, count, config);
            check_world(&s, &rng, config);
            check_follow_ends(&s, moves, count, follows, config);
            /* random play that closes now and then and melds more often than not */
            game_move_t move = moves[pcg32_below(&rng, (uint32_t)count)];
            if (moves[0].kind == GAME_MOVE_CLOSE && pcg32_below(&rng, 8) != 0 && count > 1)
                move = moves[1 + pcg32_below(&rng, (uint32_t)count - 1)];
            ev.count = 0;
            bingo_apply(&s, move, &ev);
            closes += move.kind == GAME_MOVE_CLOSE;
            for (int i = 0; i < ev.count; i++)
                if (ev.item[i].kind == GAME_EVENT_MELD) {
                    c.meld_points[ev.item[i].seat] += ev.item[i].points;
                    melds++;
                }
            /* one move changes one seat's points, so at most one seat crosses 70 at a time; R17's
             * p is the loser's points when the winner (not always the first) reached 70 */
            for (int seat = 0; seat < BINGO_SEATS; seat++)
                if (s.points[seat] >= BINGO_WIN_POINTS && c.other_at_70[seat] < 0) {
                    c.other_at_70[seat] = s.points[1 - seat];
                    if (c.first_70 < 0) c.first_70 = seat;
                }
            if (s.status != GAME_IN_HAND) {
                check_awards(&s, &c, &ev, s.closer, s.capture, config);
                hands++;
            }
        }
    }
    if (getenv("BINGO_VERBOSE"))
        fprintf(stderr, "%s: %ld hands, %ld closes, %ld melds, follows ending %ld, not %ld\n", config, hands, closes,
                melds, follows[0], follows[1]);
    ck_assert_int_ge(hands, target);
    ck_assert_int_gt(follows[0], 0);
    ck_assert_int_gt(follows[1], 0);
    ck_assert_int_gt(closes, 0);
    ck_assert_int_gt(melds, 0);
    bingo_rules_destroy((game_rules_t *)(void *)rules);
}
END_TEST

/* What only observe and determinize read, which a playout without a callback seat may
 * leave stale (game.h). */
static void forget_unobserved(void *state)
{
    bingo_state_t *s = state;
    memset(s->lacks, 0, sizeof s->lacks);
}

/* game_t.playout plays as the loop over legal_moves and apply (test_support.h). */
START_TEST(playout_is_the_loop)
{
    bingo_rules_t *rules = make_rules(configs[_i]);
    long matches = support_scaled(40, 4);
    long compared = support_check_playout_is_the_loop(&bingo_game, (const game_rules_t *)(const void *)rules,
                                                      *configs[_i] ? configs[_i] : "bingo", matches, 300,
                                                      0xb1 + (uint64_t)_i, NULL, forget_unobserved);
    ck_assert_int_gt(compared, matches);
    bingo_rules_destroy((game_rules_t *)(void *)rules);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("bingo_invariants");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, random_matches, 0, (int)(sizeof configs / sizeof configs[0]));
    tcase_add_loop_test(tc, playout_is_the_loop, 0, (int)(sizeof configs / sizeof configs[0]));
    suite_add_tcase(suite, tc);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
