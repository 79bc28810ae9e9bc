/* test_partnership_vectors.c - Partnership dominoes against docs/rules/partnership.md:
 * the options and presets of §2-§3 with their invalid combinations, the example game of §6
 * (both lines of play, replayed move by move through the game interface), and the test
 * vectors PT-01 ... PT-16 of §7, every score worked out by hand in the rules.
 *
 * The example is "a later hand" with B (seat 1) starting any tile (A24). A hand that B
 * starts as hand 1 of a match is dealt under first_hand_leader=draw_highest with B as the
 * winner of the draw, which changes nothing else of the hand (R3).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "partnership/partnership.h"
#include "partnership_example.h"

enum { ERROR_SIZE = OPTIONS_ERROR_SIZE, MAX_OVERRIDES = 12 };

typedef struct fixture {
    game_rules_t *rules;
    partnership_state_t s;
    game_events_t ev;      /* events of the last apply */
    int bonus[2];          /* R18 pass bonuses credited so far, per team */
    int bonus_count;       /* ... and each one, in order: team * 1000 + amount */
    int bonus_list[32];
} fixture_t;

static int tile(int a, int b) { return tileset_index(a, b); }

/* Rules of `preset` with overrides "k=v k=v"; NULL if refused, with the message. */
static game_rules_t *try_rules(const char *preset, const char *overrides, char *error)
{
    char copy[256];
    const char *list[MAX_OVERRIDES];
    int count = 0;
    snprintf(copy, sizeof copy, "%s", overrides ? overrides : "");
    for (char *word = strtok(copy, " "); word && count < MAX_OVERRIDES; word = strtok(NULL, " ")) list[count++] = word;
    option_values_t values;
    if (game_configure(&partnership_game, preset, list, count, &values, error, ERROR_SIZE)) return NULL;
    game_rules_t *rules = NULL;
    if (partnership_game.rules_create(&values, &rules, error, ERROR_SIZE)) return NULL;
    return rules;
}

static void fx_open(fixture_t *fx, const char *preset, const char *overrides)
{
    char error[ERROR_SIZE];
    memset(fx, 0, sizeof *fx);
    fx->rules = try_rules(preset, overrides, error);
    ck_assert_msg(fx->rules != NULL, "%s %s: %s", preset, overrides ? overrides : "", error);
    partnership_game.match_start(&fx->s, fx->rules, 7);
}

static void fx_close(fixture_t *fx) { partnership_game.rules_destroy(fx->rules); }

static int fx_try_deal(fixture_t *fx, int hand_number, int leader, const char *const hands[4], char *error)
{
    game_deal_t deal;
    memset(&deal, 0, sizeof deal);
    deal.hand_number = hand_number;
    deal.seats = 4;
    deal.leader = leader;
    for (int seat = 0; seat < 4; seat++) deal.hand_size[seat] = partnership_example_parse_hand(hands[seat], deal.hand[seat]);
    fx->ev.count = 0;
    return partnership_game.set_deal(&fx->s, &deal, &fx->ev, error, ERROR_SIZE);
}

static void fx_deal(fixture_t *fx, int hand_number, int leader, const char *const hands[4])
{
    char error[ERROR_SIZE];
    ck_assert_msg(fx_try_deal(fx, hand_number, leader, hands, error) == 0, "deal: %s", error);
}

static void fx_apply(fixture_t *fx, game_move_t move)
{
    ck_assert_msg(game_move_is_legal(&partnership_game, &fx->s, move), "move %d/%d/%d/%d of seat %d is not legal",
                  move.kind, move.tile, move.end, move.extra, fx->s.to_move);
    fx->ev.count = 0;
    partnership_game.apply(&fx->s, move, &fx->ev);
    for (int i = 0; i < fx->ev.count; i++)
        if (fx->ev.item[i].kind == GAME_EVENT_AWARD && fx->ev.item[i].reason == PT_REASON_PASS_BONUS) {
            fx->bonus[fx->ev.item[i].seat] += fx->ev.item[i].points;
            if (fx->bonus_count < 32) fx->bonus_list[fx->bonus_count++] = fx->ev.item[i].seat * 1000 + fx->ev.item[i].points;
        }
}

/* Plays a line of play given as words (partnership_example.h), each checked legal for the
 * seat to move. */
static void fx_line(fixture_t *fx, const char *line)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", line);
    int index = 0;
    for (char *word = strtok(copy, " "); word; word = strtok(NULL, " "), index++) {
        ck_assert_msg(fx->s.status == GAME_IN_HAND, "action %d (%s): the hand is over", index + 1, word);
        game_move_t move;
        ck_assert_msg(partnership_example_move(&fx->s, word, &move), "action %d (%s): no such move from %d|%d",
                      index + 1, word, fx->s.end_number[0], fx->s.end_number[1]);
        fx_apply(fx, move);
    }
}

static bool fx_has_event(const fixture_t *fx, game_event_kind_t kind, int seat, int reason)
{
    for (int i = 0; i < fx->ev.count; i++)
        if (fx->ev.item[i].kind == kind && fx->ev.item[i].seat == seat && fx->ev.item[i].reason == reason) return true;
    return false;
}

/* PT-05: a tied block, blocker A. */
static const char *const line_tie =
    "1-1 p 1-2:L 1-3:R 2-3:L 3-3:L 0-3:L 0-5:L p 2-5:L 3-5:R 5-6:R 0-6:R 0-2:L 0-4:L 4-4:L 0-0:R 4-5:L "
    "5-5:L p 0-1:R p 1-5:L 1-4:L 1-6:R 3-6:R p 3-4:L p p p p";

/* The example hand as hand 1 of a match started by B (see the file comment). */
static void example_hand(fixture_t *fx, const char *preset, const char *overrides, const char *line)
{
    char all[256];
    snprintf(all, sizeof all, "first_hand_leader=draw_highest %s", overrides ? overrides : "");
    fx_open(fx, preset, all);
    fx_deal(fx, 1, 1, partnership_example_deal);
    ck_assert_int_eq(fx->s.to_move, 1);
    fx_line(fx, line);
}

static void expect_scores(const fixture_t *fx, int team0, int team1)
{
    ck_assert_msg(fx->s.score[0] == team0 && fx->s.score[1] == team1, "scores %d/%d, expected %d/%d", fx->s.score[0],
                  fx->s.score[1], team0, team1);
}

/* ================================================================== options and presets (§2, §3) */

START_TEST(test_presets_create)
{
    static const char *const presets[] = {"partnership", "doscientos", "doscientos_pases", "quinientos",
                                          "milo", "south_american", "great_lakes"};
    ck_assert_int_eq(partnership_game.preset_count, 7);
    ck_assert_int_eq(partnership_game.option_count, PT_OPTION_COUNT);
    char error[ERROR_SIZE];
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        ck_assert_str_eq(partnership_game.presets[i].name, presets[i]);
        game_rules_t *rules = try_rules(presets[i], NULL, error);
        ck_assert_msg(rules != NULL, "%s: %s", presets[i], error);
        partnership_game.rules_destroy(rules);
    }
    /* the named overrides of §3 */
    static const char *const named[][2] = {
        {"great_lakes", "double_blank_value=50 target=101"}, {"partnership", "count_all_hands=true"},
        {"partnership", "scoring_mode=penalty_own_pips"},    {"partnership", "score_rounding=div10_min1 target=10"},
        {"doscientos", "target=100"},                         {"south_american", "redeal_min_doubles=7"}};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++) {
        game_rules_t *rules = try_rules(named[i][0], named[i][1], error);
        ck_assert_msg(rules != NULL, "%s %s: %s", named[i][0], named[i][1], error);
        partnership_game.rules_destroy(rules);
    }
}
END_TEST

START_TEST(test_preset_values)
{
    fixture_t fx;
    fx_open(&fx, "quinientos", NULL);
    const partnership_rules_t *r = partnership_rules_of(fx.rules);
    ck_assert_int_eq(r->next_hand_starter, PT_NEXT_WINNER_LEADS);
    ck_assert_int_eq(r->count_all_hands, 1);
    ck_assert_int_eq(r->hand_bonus_count, 4);
    ck_assert_int_eq(r->hand_bonus[0], 100);
    ck_assert_int_eq(r->hand_bonus[3], 25);
    ck_assert_int_eq(r->capicu_bonus, 100);
    ck_assert_int_eq(r->chuchazo_bonus, 100);
    ck_assert_int_eq(r->dominao_bonus, 0);
    ck_assert_int_eq(r->target, 500);
    fx_close(&fx);
    fx_open(&fx, "south_american", NULL);
    r = partnership_rules_of(fx.rules);
    ck_assert_int_eq(r->scoring_mode, PT_SCORING_HANDS_WON);
    ck_assert_int_eq(r->redeal_min_doubles, 5);
    ck_assert_int_eq(r->redeal_mode, PT_REDEAL_MANDATORY);
    ck_assert_int_eq(r->hands_to_win, 10);
    ck_assert_int_eq(r->min_opponent_wins, 5);
    fx_close(&fx);
    fx_open(&fx, "doscientos_pases", NULL);
    r = partnership_rules_of(fx.rules);
    ck_assert_int_eq(r->score_rounding, PT_ROUND_FLOOR10);
    ck_assert_int_eq(r->pass_bonus_first, 20);
    ck_assert_int_eq(r->pass_bonus_next, 10);
    ck_assert_int_eq(r->target, 200);
    fx_close(&fx);
    fx_open(&fx, "partnership", NULL);
    r = partnership_rules_of(fx.rules);
    ck_assert_int_eq(r->first_hand_leader, PT_FIRST_HOLDER_66);
    ck_assert_int_eq(r->next_hand_starter, PT_NEXT_ROTATE);
    ck_assert_int_eq(r->target, 100);
    ck_assert_int_eq(r->scoring_mode, PT_SCORING_PIPS);
    fx_close(&fx);
}
END_TEST

START_TEST(test_invalid_values)
{
    char error[ERROR_SIZE];
    static const char *const bad[] = {"redeal_min_doubles=3", "redeal_min_doubles=6", "double_blank_value=10",
                                      "pass_bonus_first=-1", "scoring_mode=points", "hand_bonuses=[1,-2]",
                                      "hand_bonuses=[1,x]", "hand_bonuses=[1,2", "hand_bonuses=[1,,2]",
                                      "hand_bonuses=[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]",
                                      "block_tie_rule=coin", "target=0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        game_rules_t *rules = try_rules("partnership", bad[i], error);
        ck_assert_msg(rules == NULL, "%s accepted", bad[i]);
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(bad[i], "="), bad[i]);
        ck_assert_msg(strstr(error, key) != NULL, "%s: message '%s' does not name the key", bad[i], error);
    }
}
END_TEST

/* §2, invalid combinations: bonuses or rounding with a mode that counts no pips. */
START_TEST(test_invalid_combinations)
{
    static const char *const modes[] = {"milo", "hands_won"};
    static const char *const extras[] = {"pass_bonus_first=20", "pass_bonus_next=10", "hand_bonuses=[100,75,50,25]",
                                         "capicu_bonus=100", "chuchazo_bonus=100", "dominao_bonus=5",
                                         "score_rounding=floor10", "score_rounding=div10_min1"};
    char error[ERROR_SIZE], overrides[128], want[128];
    for (int m = 0; m < 2; m++)
        for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++) {
            snprintf(overrides, sizeof overrides, "scoring_mode=%s %s", modes[m], extras[i]);
            game_rules_t *rules = try_rules("partnership", overrides, error);
            ck_assert_msg(rules == NULL, "%s accepted", overrides);
            snprintf(want, sizeof want, "invalid combination: %s with scoring_mode=%s", extras[i], modes[m]);
            ck_assert_msg(strstr(error, want) != NULL, "%s: message '%s'", overrides, error);
        }
    /* the same values stand with the pip modes, and zero bonuses with milo */
    game_rules_t *rules = try_rules("partnership", "scoring_mode=penalty_own_pips capicu_bonus=100 score_rounding=floor10", error);
    ck_assert_msg(rules != NULL, "%s", error);
    partnership_game.rules_destroy(rules);
    rules = try_rules("milo", "capicu_bonus=0 pass_bonus_first=0 hand_bonuses=[0,0]", error);
    ck_assert_msg(rules != NULL, "%s", error);
    partnership_game.rules_destroy(rules);
    /* a preset with bonuses turned to a pip-less mode */
    ck_assert(try_rules("quinientos", "scoring_mode=milo", error) == NULL);
    ck_assert_msg(strstr(error, "hand_bonuses=[100,75,50,25] with scoring_mode=milo") != NULL, "%s", error);
}
END_TEST

/* ================================================================== §6 and PT-01, PT-02 */

START_TEST(test_pt01_partnership)
{
    fixture_t fx;
    example_hand(&fx, "partnership", NULL, partnership_example_line_2);
    ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
    ck_assert_int_eq(fx.s.end_reason, PT_REASON_BLOCKED);
    ck_assert_int_eq(fx.s.last_placer, 2); /* blocker C */
    int pips[4] = {15, 13, 15, 33};
    for (int seat = 0; seat < 4; seat++) ck_assert_int_eq(partnership_game.pips_left(&fx.s, seat), pips[seat]);
    expect_scores(&fx, 46, 0);
    ck_assert_int_eq(fx.s.hand_winner, 0);
    ck_assert(fx_has_event(&fx, GAME_EVENT_AWARD, 0, PT_REASON_BLOCK));
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, 0, PT_REASON_BLOCKED));
    ck_assert_int_eq(fx.s.next_starter, 2); /* next(B) = C */
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt01_variants)
{
    fixture_t fx;
    example_hand(&fx, "doscientos", NULL, partnership_example_line_2);
    expect_scores(&fx, 76, 0);
    ck_assert_int_eq(fx.s.next_starter, 0); /* A and C tie at 15: from next(C) = D, then A */
    fx_close(&fx);
    example_hand(&fx, "doscientos_pases", NULL, partnership_example_line_2);
    expect_scores(&fx, 130, 20);
    ck_assert_int_eq(fx.bonus[0], 60);
    ck_assert_int_eq(fx.bonus[1], 20);
    fx_close(&fx);
    example_hand(&fx, "quinientos", NULL, partnership_example_line_2);
    expect_scores(&fx, 76, 0); /* blocked: no hand bonus, no capicu or chuchazo */
    fx_close(&fx);
    example_hand(&fx, "milo", NULL, partnership_example_line_2);
    expect_scores(&fx, 1, 0);
    fx_close(&fx);
    example_hand(&fx, "south_american", NULL, partnership_example_line_2);
    expect_scores(&fx, 1, 0);
    ck_assert(fx_has_event(&fx, GAME_EVENT_AWARD, 0, PT_REASON_HAND_WON));
    fx_close(&fx);
    example_hand(&fx, "partnership", "scoring_mode=penalty_own_pips", partnership_example_line_2);
    expect_scores(&fx, 30, 46);
    fx_close(&fx);
    example_hand(&fx, "partnership", "score_rounding=div10_min1", partnership_example_line_2);
    expect_scores(&fx, 4, 0);
    fx_close(&fx);
    example_hand(&fx, "doscientos", "block_winner_rule=blocker_or_next_fewer", partnership_example_line_2);
    expect_scores(&fx, 76, 0);
    ck_assert_int_eq(fx.s.next_starter, 2); /* C (15) beat D (33) and starts */
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt02_partnership)
{
    fixture_t fx;
    example_hand(&fx, "partnership", NULL, partnership_example_line_1);
    ck_assert_int_eq(fx.s.end_reason, PT_REASON_DOMINO);
    int pips[4] = {4, 0, 6, 8};
    for (int seat = 0; seat < 4; seat++) ck_assert_int_eq(partnership_game.pips_left(&fx.s, seat), pips[seat]);
    expect_scores(&fx, 0, 10);
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, 1, PT_REASON_DOMINO));
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt02_variants)
{
    fixture_t fx;
    example_hand(&fx, "doscientos", NULL, partnership_example_line_1);
    expect_scores(&fx, 0, 18);
    ck_assert_int_eq(fx.s.next_starter, 1); /* B went out */
    fx_close(&fx);
    example_hand(&fx, "doscientos_pases", NULL, partnership_example_line_1);
    expect_scores(&fx, 40, 50);
    ck_assert_int_eq(fx.bonus[0], 40);
    ck_assert_int_eq(fx.bonus[1], 40);
    fx_close(&fx);
    example_hand(&fx, "quinientos", NULL, partnership_example_line_1);
    expect_scores(&fx, 0, 118);
    ck_assert(fx_has_event(&fx, GAME_EVENT_AWARD, 1, PT_REASON_HAND_BONUS));
    ck_assert(!fx_has_event(&fx, GAME_EVENT_AWARD, 1, PT_REASON_CAPICU));
    fx_close(&fx);
    example_hand(&fx, "milo", NULL, partnership_example_line_1);
    expect_scores(&fx, 0, 1);
    fx_close(&fx);
    example_hand(&fx, "partnership", "scoring_mode=penalty_own_pips", partnership_example_line_1);
    expect_scores(&fx, 10, 8);
    fx_close(&fx);
    example_hand(&fx, "partnership", "score_rounding=div10_min1", partnership_example_line_1);
    expect_scores(&fx, 0, 1);
    fx_close(&fx);
}
END_TEST

/* PT-03: the printed line 1 fails at action 24, A's [5-6] on 0|4. */
START_TEST(test_pt03_printed_line)
{
    fixture_t fx;
    char printed[512];
    snprintf(printed, sizeof printed, "%s%s", partnership_example_rounds_1_to_4,
             "2-2>2|4 2-6>6|4 3-6>3|4 0-3>0|4 3-4>0|3 2-3>0|2 2-4>0|4 p");
    example_hand(&fx, "partnership", NULL, printed);
    ck_assert_int_eq(fx.s.to_move, 0);
    ck_assert_int_eq(fx.s.end_number[0], 0);
    ck_assert_int_eq(fx.s.end_number[1], 4);
    for (int end = 0; end < 2; end++)
        ck_assert(!game_move_is_legal(&partnership_game, &fx.s, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile(5, 6), (uint8_t)end, 0}));
    game_move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 1);
    ck_assert_int_eq(moves[0].kind, GAME_MOVE_PASS); /* A must pass */
    fx_close(&fx);
}
END_TEST

/* ================================================================== PT-04 starters */

/* Plays the hand out with the first legal move at every step. */
static void finish_hand(fixture_t *fx)
{
    game_move_t moves[GAME_MAX_MOVES];
    for (int guard = 0; fx->s.status == GAME_IN_HAND && guard < 200; guard++) {
        ck_assert(partnership_game.legal_moves(&fx->s, moves) > 0);
        fx_apply(fx, moves[0]);
    }
    ck_assert_int_ne(fx->s.status, GAME_IN_HAND);
}

START_TEST(test_pt04_starters)
{
    fixture_t fx;
    fx_open(&fx, "partnership", NULL);
    fx_deal(&fx, 1, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 3); /* D holds [6-6] */
    game_move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 1);
    ck_assert_int_eq(moves[0].tile, tile(6, 6));
    ck_assert_int_eq(moves[0].end, GAME_NO_END);
    fx_close(&fx);
    char error[ERROR_SIZE];
    fx_open(&fx, "partnership", NULL);
    ck_assert_int_ne(fx_try_deal(&fx, 1, 1, partnership_example_deal, error), 0); /* B may not start hand 1 */
    ck_assert_msg(strstr(error, "seat 3") != NULL, "%s", error);
    fx_deal(&fx, 1, -1, partnership_example_deal);
    finish_hand(&fx);
    fx_deal(&fx, 2, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 0); /* rotate: next(D) */
    ck_assert_int_gt(partnership_game.legal_moves(&fx.s, moves), 1); /* any tile */
    finish_hand(&fx);
    fx_deal(&fx, 3, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 1);
    ck_assert_int_eq(fx.s.match_first_starter, 3);
    ck_assert_int_eq(partnership_next_match_starter(fx.s.match_first_starter), 0); /* R5 */
    /* R5 through the game interface: the next match between the same players is started by
     * next(D) = A with any tile, though D holds [6-6] again; the one after that by B */
    partnership_game.match_start_next(&fx.s, fx.rules, 8);
    ck_assert_int_eq(fx.s.score[0] + fx.s.score[1], 0);
    ck_assert_int_ne(fx_try_deal(&fx, 1, 3, partnership_example_deal, error), 0);
    ck_assert_msg(strstr(error, "seat 0") != NULL, "%s", error);
    fx_deal(&fx, 1, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 0);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 7);
    finish_hand(&fx);
    fx_deal(&fx, 2, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 1); /* later hands rotate as in any match */
    partnership_game.match_start_next(&fx.s, fx.rules, 9);
    fx_deal(&fx, 1, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 1);
    fx_close(&fx);
    /* draw_highest: a later match draws again, as a first match with its seed does */
    fixture_t fresh;
    fx_open(&fx, "partnership", "first_hand_leader=draw_highest");
    fx_deal(&fx, 1, -1, partnership_example_deal);
    partnership_game.match_start_next(&fx.s, fx.rules, 11);
    fx_deal(&fx, 1, -1, partnership_example_deal);
    fx_open(&fresh, "partnership", "first_hand_leader=draw_highest");
    partnership_game.match_start(&fresh.s, fresh.rules, 11);
    fx_deal(&fresh, 1, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, fresh.s.starter);
    fx_close(&fresh);
    fx_close(&fx);

    fx_open(&fx, "partnership", "next_hand_starter=holder_66_each_hand");
    fx_deal(&fx, 1, -1, partnership_example_deal);
    finish_hand(&fx);
    const char *const moved[4] = {partnership_example_deal[3], partnership_example_deal[0], partnership_example_deal[1], partnership_example_deal[2]};
    fx_deal(&fx, 2, -1, moved); /* [6-6] now with seat 0 */
    ck_assert_int_eq(fx.s.starter, 0);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 1);
    ck_assert_int_eq(moves[0].tile, tile(6, 6));
    fx_close(&fx);
}
END_TEST

/* R6 winning_team_choice, A5: the hand_end, then the decision of the domino player or the
 * winners' lighter member; the seat named starts the next hand. */
START_TEST(test_winning_team_choice)
{
    fixture_t fx;
    game_move_t moves[GAME_MAX_MOVES];
    example_hand(&fx, "partnership", "next_hand_starter=winning_team_choice", partnership_example_line_1);
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, 1, PT_REASON_DOMINO));
    ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
    ck_assert_int_eq(fx.s.phase, PT_PHASE_STARTER_CHOICE);
    ck_assert_int_eq(fx.s.to_move, 1); /* B went out */
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 2);
    ck_assert_int_eq(moves[0].extra, 1);
    ck_assert_int_eq(moves[1].extra, 3);
    fx_apply(&fx, moves[1]);
    ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
    ck_assert(fx_has_event(&fx, GAME_EVENT_CHOICE, 1, PT_REASON_NONE));
    fx_deal(&fx, 2, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 3);
    fx_close(&fx);
    /* after a block the lighter member decides: A and C hold 15, A comes first from next(C) */
    example_hand(&fx, "partnership", "next_hand_starter=winning_team_choice block_winner_rule=blocker_or_next_fewer",
                 partnership_example_line_2);
    ck_assert_int_eq(fx.s.to_move, 0);
    fx_close(&fx);
    /* no winner: rotate, no decision */
    example_hand(&fx, "partnership", "next_hand_starter=winning_team_choice", line_tie);
    ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
    ck_assert_int_eq(fx.s.next_starter, 2);
    fx_close(&fx);
}
END_TEST

/* ================================================================== PT-05 tied block */

static void tie_hand(fixture_t *fx, const char *preset, const char *overrides)
{
    example_hand(fx, preset, overrides, line_tie);
    ck_assert_int_eq(fx->s.end_reason == PT_REASON_BLOCKED || fx->s.end_reason == PT_REASON_REPLAY, 1);
    ck_assert_int_eq(fx->s.last_placer, 0); /* blocker A */
}

START_TEST(test_pt05_tie_rules)
{
    fixture_t fx;
    tie_hand(&fx, "partnership", NULL);
    int pips[4] = {4, 8, 16, 12};
    for (int seat = 0; seat < 4; seat++) ck_assert_int_eq(partnership_game.pips_left(&fx.s, seat), pips[seat]);
    expect_scores(&fx, 0, 0);
    ck_assert_int_eq(fx.s.hand_winner, -1);
    ck_assert_int_eq(fx.s.next_starter, 2);
    fx_close(&fx);

    tie_hand(&fx, "partnership", "block_tie_rule=replay");
    expect_scores(&fx, 0, 0);
    ck_assert_int_eq(fx.s.hand_void, 1);
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, -1, PT_REASON_REPLAY));
    fx_deal(&fx, 1, -1, partnership_example_deal); /* the same hand number, B again */
    ck_assert_int_eq(fx.s.starter, 1);
    fx_close(&fx);

    static const struct { const char *preset, *overrides; int team0, team1, next; } cases[] = {
        {"partnership", "block_tie_rule=starting_team_wins", 0, 20, 2},
        {"partnership", "block_tie_rule=more_tiles_wins", 20, 0, 2},
        {"partnership", "block_tie_rule=last_player_team_loses", 0, 20, 2},
        {"partnership", "block_tie_rule=last_player_team_wins", 20, 0, 2},
        {"doscientos", "block_tie_rule=last_player_team_wins", 40, 0, 0},
        {"doscientos", NULL, 0, 0, -1},
        {"doscientos", "block_winner_rule=blocker_or_next_fewer", 40, 0, 0},
        {"partnership", "block_winner_rule=blocker", 20, 0, 2},
        {"partnership", "block_winner_rule=next_after_blocker", 0, 20, 2},
        {"milo", NULL, 0, 0, 2},
        {"partnership", "scoring_mode=penalty_own_pips", 20, 20, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tie_hand(&fx, cases[i].preset, cases[i].overrides);
        ck_assert_msg(fx.s.score[0] == cases[i].team0 && fx.s.score[1] == cases[i].team1,
                      "%s %s: %d/%d, expected %d/%d", cases[i].preset, cases[i].overrides, fx.s.score[0],
                      fx.s.score[1], cases[i].team0, cases[i].team1);
        ck_assert_msg(fx.s.next_starter == cases[i].next, "%s %s: next starter %d, expected %d", cases[i].preset,
                      cases[i].overrides, fx.s.next_starter, cases[i].next);
        fx_close(&fx);
    }
    /* doscientos, no score: the [6-6] holder of the next deal starts and leads it */
    tie_hand(&fx, "doscientos", NULL);
    fx_deal(&fx, 2, -1, partnership_example_deal);
    ck_assert_int_eq(fx.s.starter, 3);
    ck_assert_int_eq(fx.s.lead_kind, PT_LEAD_66);
    fx_close(&fx);
}
END_TEST

/* R14 replay takes back the hand's pass bonuses. */
START_TEST(test_pt05_replay_cancels_bonuses)
{
    fixture_t fx;
    tie_hand(&fx, "partnership", "block_tie_rule=replay pass_bonus_first=20 pass_bonus_next=10");
    ck_assert_int_gt(fx.bonus[0] + fx.bonus[1], 0);
    expect_scores(&fx, 0, 0);
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, -1, PT_REASON_REPLAY));
    fx_close(&fx);
}
END_TEST

/* ================================================================== PT-06, PT-07 */

/* PT-06: the bonuses of each line in the order they are paid (team * 1000 + amount). */
START_TEST(test_pt06_pass_bonus_events)
{
    static const int line_2_paid[] = {1020, 10, 10, 10, 10, 10, 10};
    static const int line_1_paid[] = {1020, 10, 10, 10, 10, 1010, 1010};
    fixture_t fx;
    example_hand(&fx, "doscientos_pases", NULL, partnership_example_line_2);
    ck_assert_int_eq(fx.bonus_count, 7);
    for (int i = 0; i < 7; i++) ck_assert_int_eq(fx.bonus_list[i], line_2_paid[i]);
    fx_close(&fx);
    example_hand(&fx, "doscientos_pases", NULL, partnership_example_line_1);
    ck_assert_int_eq(fx.bonus_count, 7);
    for (int i = 0; i < 7; i++) ck_assert_int_eq(fx.bonus_list[i], line_1_paid[i]);
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt06_pass_bonus_flat)
{
    fixture_t fx;
    example_hand(&fx, "partnership", "pass_bonus_first=10 pass_bonus_next=10", partnership_example_line_2);
    ck_assert_int_eq(fx.bonus[0], 60);
    ck_assert_int_eq(fx.bonus[1], 10);
    fx_close(&fx);
    example_hand(&fx, "partnership", "pass_bonus_first=10 pass_bonus_next=10", partnership_example_line_1);
    ck_assert_int_eq(fx.bonus[0], 40);
    ck_assert_int_eq(fx.bonus[1], 30);
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt07_rounding)
{
    static const int rows[][3] = {{0, 0, 0},   {1, 1, 0},   {9, 1, 0},   {10, 1, 10}, {19, 1, 10},
                                  {20, 2, 20}, {39, 3, 30}, {46, 4, 40}, {76, 7, 70}, {105, 10, 100}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ck_assert_int_eq(partnership_round(PT_ROUND_NONE, rows[i][0]), rows[i][0]);
        ck_assert_int_eq(partnership_round(PT_ROUND_DIV10_MIN1, rows[i][0]), rows[i][1]);
        ck_assert_int_eq(partnership_round(PT_ROUND_FLOOR10, rows[i][0]), rows[i][2]);
    }
}
END_TEST

/* ================================================================== last-tile positions (PT-08 ... PT-11, PT-16) */

/* A position written field by field: the next hand is dealt as §6, then `seat` holds only
 * `last` and is to place it on the ends x|y; the other seats keep their dealt tiles but
 * `last`. Enough for the end of a hand; not a position of real play. */
static void last_tile_position(fixture_t *fx, int seat, int last, int x, int y)
{
    fx_deal(fx, fx->s.hand_number + 1, fx->s.rules->first_hand_leader == PT_FIRST_DRAW_HIGHEST && fx->s.hand_number == 0 ? 1 : -1, partnership_example_deal);
    partnership_state_t *s = &fx->s;
    s->phase = PT_PHASE_PLAY;
    s->to_move = (int8_t)seat;
    s->hand[seat] = tileset_single(last);
    s->hand_count[seat] = 1;
    for (int other = 0; other < 4; other++) /* the others keep tiles apart from `last` */
        if (other != seat) {
            tileset_remove(&s->hand[other], last);
            s->hand_count[other] = (uint8_t)tileset_size(s->hand[other]);
        }
    s->end_number[0] = (int8_t)x;
    s->end_number[1] = (int8_t)y;
    s->table_count = 5;
    s->last_placer = (int8_t)((seat + 3) & 3);
}

static int place_last(fixture_t *fx, int end)
{
    int before[2] = {fx->s.score[0], fx->s.score[1]};
    int team = partnership_team(fx->s.to_move);
    int last = tileset_lowest(fx->s.hand[fx->s.to_move]);
    fx_apply(fx, (game_move_t){GAME_MOVE_PLAY, (uint8_t)last, (uint8_t)end, 0});
    ck_assert_int_eq(fx->s.end_reason, PT_REASON_DOMINO);
    return fx->s.score[team] - before[team];
}

/* The bonus part of a domino under quinientos (the pip score taken off). */
static int last_tile_bonus(int seat, int last, int x, int y, int end, const char *overrides)
{
    fixture_t fx;
    fx_open(&fx, "quinientos", overrides);
    fx.s.hand_number = 6; /* past the hand bonuses */
    fx.s.next_starter = 0;
    last_tile_position(&fx, seat, last, x, y);
    int pips = partnership_pips(partnership_rules_of(fx.rules), tileset_or(tileset_or(fx.s.hand[0], fx.s.hand[1]), tileset_or(fx.s.hand[2], fx.s.hand[3])))
               - tileset_pips(last);
    int gained = place_last(&fx, end);
    fx_close(&fx);
    return gained - pips;
}

START_TEST(test_pt09_last_tile_bonuses)
{
    ck_assert_int_eq(last_tile_bonus(0, tile(2, 5), 2, 5, 0, NULL), 100);                          /* capicu */
    ck_assert_int_eq(last_tile_bonus(0, tile(3, 4), 3, 3, 0, NULL), 100);
    ck_assert_int_eq(last_tile_bonus(0, tile(3, 4), 3, 3, 0, "capicu_distinct_ends=true"), 0);
    ck_assert_int_eq(last_tile_bonus(0, tile(3, 4), 3, 5, 0, NULL), 0);
    ck_assert_int_eq(last_tile_bonus(0, tile(4, 4), 4, 4, 0, NULL), 0);                            /* dominao */
    ck_assert_int_eq(last_tile_bonus(0, tile(4, 4), 4, 4, 0, "dominao_bonus=7"), 7);
    ck_assert_int_eq(last_tile_bonus(1, tile(0, 0), 0, 5, 0, NULL), 100);                          /* chuchazo */
    ck_assert_int_eq(last_tile_bonus(1, tile(0, 0), 0, 5, 0, "chuchazo_rule=one_zero_end"), 100);
    ck_assert_int_eq(last_tile_bonus(1, tile(0, 0), 0, 0, 0, NULL), 100);
    ck_assert_int_eq(last_tile_bonus(1, tile(0, 0), 0, 0, 0, "chuchazo_rule=one_zero_end"), 0);
    ck_assert_int_eq(last_tile_bonus(1, tile(0, 0), 0, 0, 0, "chuchazo_rule=one_zero_end dominao_bonus=7"), 7);
}
END_TEST

/* The awards of a domino in the players' words: the pips it counts (R15, R17) and the bonus
 * of the last tile (R20), each said once, in the order credited. */
static void expect_domino_words(const char *preset, const char *overrides, int seat, int last, int x, int y,
                                const char *const *words, int count)
{
    fixture_t fx;
    fx_open(&fx, preset, overrides);
    fx.s.hand_number = 6; /* past the hand bonuses */
    fx.s.next_starter = 0;
    last_tile_position(&fx, seat, last, x, y);
    place_last(&fx, 0);
    int said = 0;
    for (int i = 0; i < fx.ev.count; i++) {
        if (fx.ev.item[i].kind != GAME_EVENT_AWARD) continue;
        char text[256];
        partnership_game.points_words(&fx.s, &fx.ev.item[i], text, sizeof text);
        ck_assert_msg(said < count, "an award too many: %s", text);
        ck_assert_str_eq(text, words[said++]);
    }
    ck_assert_int_eq(said, count);
    fx_close(&fx);
}

START_TEST(awards_read_as_players_say_them)
{
    expect_domino_words("quinientos", NULL, 0, tile(2, 5), 2, 5,
                        (const char *const[]){"went out: the pips left in all four hands",
                                              "capic\u00fa: went out with a tile that fitted both ends"},
                        2);
    expect_domino_words("quinientos", "count_all_hands=false score_rounding=floor10", 1, tile(0, 0), 0, 5,
                        (const char *const[]){"went out: the pips left in the losing team's hands, rounded (R17)",
                                              "chuchazo: went out with the double blank"},
                        2);
    expect_domino_words("partnership", NULL, 0, tile(3, 4), 3, 5,
                        (const char *const[]){"went out: the pips left in the losing team's hands"}, 1);
}
END_TEST

/* PT-08: hands 1..5 end domino 0, block 1, domino 1, domino 0, domino 1. */
START_TEST(test_pt08_hand_bonuses)
{
    static const int by_index[5][2] = {{100, 0}, {0, 0}, {0, 50}, {25, 0}, {0, 0}};
    static const int by_wins[5][2] = {{100, 0}, {0, 0}, {0, 75}, {50, 0}, {0, 25}};
    static const int domino_team[5] = {0, -1, 1, 0, 1};
    for (int basis = 0; basis < 2; basis++) {
        fixture_t fx;
        fx_open(&fx, "quinientos", basis ? "hand_bonus_basis=domino_win_index first_hand_leader=draw_highest"
                                         : "first_hand_leader=draw_highest");
        for (int hand = 0; hand < 5; hand++) {
            int bonus[2] = {0, 0};
            if (domino_team[hand] < 0) { /* a blocked hand: counted, no bonus */
                fx_deal(&fx, hand + 1, hand == 0 ? 1 : -1, partnership_example_deal);
                fx.s.status = GAME_BETWEEN_HANDS; /* its end does not matter here, only its number */
                fx.s.next_starter = 0;
                continue;
            }
            fx.s.next_starter = 0;
            fx.s.score[0] = fx.s.score[1] = 0; /* far from the target, so the match goes on */
            last_tile_position(&fx, domino_team[hand], tile(3, 5), 1, 5);
            fx.ev.count = 0;
            place_last(&fx, 1);
            for (int i = 0; i < fx.ev.count; i++)
                if (fx.ev.item[i].kind == GAME_EVENT_AWARD && fx.ev.item[i].reason == PT_REASON_HAND_BONUS)
                    bonus[fx.ev.item[i].seat] += fx.ev.item[i].points;
            const int *want = basis ? by_wins[hand] : by_index[hand];
            ck_assert_msg(bonus[0] == want[0] && bonus[1] == want[1], "basis %d hand %d: %d/%d, expected %d/%d", basis,
                          hand + 1, bonus[0], bonus[1], want[0], want[1]);
        }
        fx_close(&fx);
    }
}
END_TEST

/* R19 with any list (§2: "list of integers"): its items in order, written back as given. */
START_TEST(test_hand_bonuses_any_list)
{
    static const struct { const char *given, *written; int count, items[3]; } lists[] = {
        {"[40,30,20]", "[40,30,20]", 3, {40, 30, 20}},
        {" [ 7 , 0 ] ", "[7,0]", 2, {7, 0}},
        {"15,5", "[15,5]", 2, {15, 5}},
        {"[]", "[]", 0, {0}},
        {"", "[]", 0, {0}},
    };
    char error[ERROR_SIZE], text[OPTIONS_ERROR_SIZE], assignment[64];
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        option_values_t values;
        ck_assert_int_eq(options_set_defaults(partnership_game.options, PT_OPTION_COUNT, &values, error, sizeof error), 0);
        snprintf(assignment, sizeof assignment, "hand_bonuses=%s", lists[i].given);
        ck_assert_msg(options_assign(partnership_game.options, PT_OPTION_COUNT, &values, assignment, true, error,
                                     sizeof error) == 0, "%s: %s", assignment, error);
        ck_assert_str_eq(options_format_value(partnership_game.options, PT_HAND_BONUSES, &values, text, sizeof text),
                         lists[i].written);
        game_rules_t *rules = NULL;
        ck_assert_int_eq(partnership_game.rules_create(&values, &rules, error, sizeof error), 0);
        const partnership_rules_t *r = (const partnership_rules_t *)rules;
        ck_assert_int_eq(r->hand_bonus_count, lists[i].count);
        for (int k = 0; k < lists[i].count; k++) ck_assert_int_eq(r->hand_bonus[k], lists[i].items[k]);
        partnership_game.rules_destroy(rules);
    }
    /* the k-th hand pays the k-th item, and a hand past the list none */
    static const int paid[4] = {40, 30, 20, 0};
    fixture_t fx;
    fx_open(&fx, "partnership", "hand_bonuses=[40,30,20] first_hand_leader=draw_highest");
    for (int hand = 0; hand < 4; hand++) {
        int bonus = 0;
        fx.s.next_starter = 0;
        fx.s.score[0] = fx.s.score[1] = 0;
        last_tile_position(&fx, 0, tile(3, 5), 1, 5);
        fx.ev.count = 0;
        place_last(&fx, 1);
        for (int i = 0; i < fx.ev.count; i++)
            if (fx.ev.item[i].kind == GAME_EVENT_AWARD && fx.ev.item[i].reason == PT_REASON_HAND_BONUS)
                bonus += fx.ev.item[i].points;
        ck_assert_msg(bonus == paid[hand], "hand %d: bonus %d, expected %d", hand + 1, bonus, paid[hand]);
    }
    fx_close(&fx);
}
END_TEST

/* PT-10: Milo. */
START_TEST(test_pt10_milo)
{
    static const struct { int last, x, y, end, points; } rows[] = {
        {0, 3, 5, 0, 2}, /* [3-5] on the 3: 5|5 */
        {1, 5, 5, 0, 2}, /* [5-5] on one 5 */
        {2, 3, 5, 0, 1}, /* [1-3] on the 3: 1|5 */
    };
    int tiles[3] = {tile(3, 5), tile(5, 5), tile(1, 3)};
    for (int i = 0; i < 3; i++) {
        fixture_t fx;
        fx_open(&fx, "milo", NULL);
        fx.s.hand_number = 3;
        fx.s.next_starter = 0;
        last_tile_position(&fx, 0, tiles[rows[i].last], rows[i].x, rows[i].y);
        ck_assert_int_eq(place_last(&fx, rows[i].end), rows[i].points);
        fx_close(&fx);
    }
}
END_TEST

/* PT-11: South American match end. */
START_TEST(test_pt11_hands_won)
{
    static const struct { int other; const char *overrides; int winner; bool over; } rows[] = {
        {5, NULL, 0, true}, {7, NULL, 0, true}, {4, NULL, -1, true},
        {5, "shortfall_result=win", 0, true}, {7, "shortfall_result=win", 0, true}, {4, "shortfall_result=win", 0, true},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fixture_t fx;
        fx_open(&fx, "south_american", rows[i].overrides);
        fx.s.hand_number = 12;
        fx.s.next_starter = 0;
        fx.s.score[0] = 9;
        fx.s.score[1] = rows[i].other;
        last_tile_position(&fx, 2, tile(3, 5), 1, 5);
        place_last(&fx, 1);
        ck_assert_int_eq(fx.s.score[0], 10);
        ck_assert_int_eq(fx.s.status, GAME_MATCH_OVER);
        ck_assert_int_eq(partnership_game.match_winner(&fx.s), rows[i].winner);
        ck_assert(fx_has_event(&fx, GAME_EVENT_MATCH_END, rows[i].winner, PT_REASON_NONE));
        fx_close(&fx);
    }
}
END_TEST

/* PT-16: both teams past the target under penalty_own_pips; the lower total wins. */
START_TEST(test_pt16_penalty_match_end)
{
    fixture_t fx;
    fx_open(&fx, "partnership", "scoring_mode=penalty_own_pips");
    fx.s.hand_number = 4;
    fx.s.next_starter = 0;
    fx_deal(&fx, 5, -1, partnership_example_deal);
    partnership_state_t *s = &fx.s;
    /* a block: nobody holds a 6, ends 6|6, three passes made; team 0 holds 10, team 1 30 */
    s->hand[0] = tileset_single(tile(1, 3));                                        /* 4 */
    s->hand[2] = tileset_single(tile(2, 4));                                        /* 6 */
    s->hand[1] = tileset_or(tileset_single(tile(5, 5)), tileset_single(tile(0, 4))); /* 14 */
    s->hand[3] = tileset_or(tileset_single(tile(4, 5)), tileset_single(tile(3, 4))); /* 16 */
    for (int seat = 0; seat < 4; seat++) s->hand_count[seat] = (uint8_t)tileset_size(s->hand[seat]);
    s->phase = PT_PHASE_PLAY;
    s->end_number[0] = s->end_number[1] = 6;
    s->table_count = 20;
    s->last_placer = 3;
    s->consecutive_passes = 3;
    s->to_move = 3;
    s->score[0] = 95;
    s->score[1] = 80;
    fx_apply(&fx, (game_move_t){GAME_MOVE_PASS, 0, 0, 0});
    expect_scores(&fx, 105, 110);
    ck_assert_int_eq(fx.s.status, GAME_MATCH_OVER);
    ck_assert_int_eq(partnership_game.match_winner(&fx.s), 0);
    fx_close(&fx);
}
END_TEST

/* ================================================================== PT-12 ... PT-15 */

static const char *const five_doubles[4] = {
    "0-0 1-1 2-2 3-3 6-6 1-5 2-4",
    "0-1 0-2 0-3 0-4 0-5 0-6 1-2",
    "1-3 1-4 1-6 2-3 2-5 2-6 3-4",
    "3-5 3-6 4-4 4-5 4-6 5-5 5-6",
};

START_TEST(test_pt12_redeal)
{
    fixture_t fx;
    game_move_t moves[GAME_MAX_MOVES];
    fx_open(&fx, "partnership", NULL);
    fx_deal(&fx, 1, -1, five_doubles);
    ck_assert_int_eq(fx.s.phase, PT_PHASE_LEAD);
    fx_close(&fx);

    fx_open(&fx, "partnership", "redeal_min_doubles=5");
    fx_deal(&fx, 1, -1, five_doubles);
    ck_assert_int_eq(fx.s.phase, PT_PHASE_REDEAL_CHOICE);
    ck_assert_int_eq(fx.s.to_move, 0);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 2);
    ck_assert_int_eq(moves[0].kind, GAME_MOVE_CHOICE);
    fx_apply(&fx, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_DEMAND_REDEAL, 0}); /* he declines */
    ck_assert_int_eq(fx.s.phase, PT_PHASE_LEAD);
    ck_assert(fx_has_event(&fx, GAME_EVENT_CHOICE, 0, PT_REASON_NONE));
    fx_close(&fx);

    fx_open(&fx, "partnership", "redeal_min_doubles=5");
    fx_deal(&fx, 1, -1, five_doubles);
    fx_apply(&fx, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_DEMAND_REDEAL, 1});
    ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
    ck_assert(fx_has_event(&fx, GAME_EVENT_HAND_END, -1, PT_REASON_REDEAL));
    fx_deal(&fx, 1, -1, partnership_example_deal); /* the same hand number; the new [6-6] holder starts */
    ck_assert_int_eq(fx.s.starter, 3);
    fx_close(&fx);

    fx_open(&fx, "south_american", NULL);
    fx_deal(&fx, 1, -1, five_doubles);
    ck_assert_int_eq(fx.s.status, GAME_BETWEEN_HANDS);
    ck_assert_int_eq(fx.s.hand_void, 1);
    fx_close(&fx);
    fx_open(&fx, "south_american", "first_hand_leader=draw_highest");
    fx_deal(&fx, 1, 2, five_doubles);
    ck_assert_int_eq(fx.s.hand_void, 1);
    fx_deal(&fx, 1, -1, partnership_example_deal); /* same number and starter */
    ck_assert_int_eq(fx.s.starter, 2);
    fx_close(&fx);

    /* 4 doubles qualify under 4; 5 do not under 7 */
    const char *const four[4] = {"0-0 1-1 2-2 3-3 1-5 2-4 2-5", "0-1 0-2 0-3 0-4 0-5 0-6 1-2",
                                 "1-3 1-4 1-6 2-3 6-6 2-6 3-4", "3-5 3-6 4-4 4-5 4-6 5-5 5-6"};
    fx_open(&fx, "partnership", "redeal_min_doubles=4 redeal_mode=mandatory");
    fx_deal(&fx, 1, -1, four);
    ck_assert_int_eq(fx.s.hand_void, 1);
    fx_close(&fx);
    fx_open(&fx, "partnership", "redeal_min_doubles=7 redeal_mode=mandatory");
    fx_deal(&fx, 1, -1, five_doubles);
    ck_assert_int_eq(fx.s.hand_void, 0);
    ck_assert_int_eq(fx.s.status, GAME_IN_HAND);
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt13_double_lead)
{
    const char *const hands[4] = {
        "0-0 1-1 3-3 4-4 5-5 6-6 2-5",
        "0-1 0-2 0-3 0-4 0-5 0-6 1-2",
        "2-6 3-4 3-5 3-6 4-5 4-6 5-6",
        "2-2 1-3 1-4 1-5 1-6 2-3 2-4",
    };
    fixture_t fx;
    game_move_t moves[GAME_MAX_MOVES];
    fx_open(&fx, "partnership", "first_hand_leader=draw_highest lead_double_rule=starter_if_held");
    fx_deal(&fx, 1, 1, hands);
    ck_assert_int_eq(fx.s.to_move, 1);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 7);
    fx_close(&fx);
    fx_open(&fx, "partnership", "first_hand_leader=draw_highest lead_double_rule=team_if_held");
    fx_deal(&fx, 1, 1, hands);
    ck_assert_int_eq(fx.s.to_move, 3);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 1);
    ck_assert_int_eq(moves[0].tile, tile(2, 2));
    fx_apply(&fx, moves[0]);
    ck_assert_int_eq(fx.s.to_move, 0);
    ck_assert_int_eq(fx.s.starter, 1); /* the rotation still counts from seat 1 */
    fx_close(&fx);
    /* R8: handing the lead to the partner, a decision of the starter */
    fx_open(&fx, "partnership", "first_hand_leader=draw_highest allow_lead_to_partner=true");
    fx_deal(&fx, 1, 1, hands);
    ck_assert_int_eq(fx.s.phase, PT_PHASE_LEAD_CHOICE);
    fx_apply(&fx, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_LEAD_TO_PARTNER, 1});
    ck_assert_int_eq(fx.s.to_move, 3);
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 7);
    fx_apply(&fx, moves[0]);
    ck_assert_int_eq(fx.s.to_move, 0);
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt14_double_blank)
{
    fixture_t fx;
    tileset_t losers = tileset_or(tileset_single(tile(0, 0)), tileset_single(tile(1, 2)));
    fx_open(&fx, "great_lakes", NULL);
    ck_assert_int_eq(partnership_pips(partnership_rules_of(fx.rules), losers), 3);
    fx_close(&fx);
    fx_open(&fx, "great_lakes", "double_blank_value=50 target=101");
    ck_assert_int_eq(partnership_pips(partnership_rules_of(fx.rules), losers), 53);
    ck_assert_int_eq(partnership_rules_of(fx.rules)->target, 101);
    fx_close(&fx);
    /* in a block the 50 counts in the comparison: line 2 with B's [0-0] worth 50 */
    example_hand(&fx, "partnership", "double_blank_value=50", partnership_example_line_2);
    expect_scores(&fx, 96, 0); /* team 1 holds 13 + 50 + 33 against team 0's 30 */
    fx_close(&fx);
}
END_TEST

START_TEST(test_pt15_draw)
{
    int drawn[4] = {tile(2, 4), tile(1, 5), tile(3, 3), tile(0, 6)};
    int best = 0;
    for (int seat = 1; seat < 4; seat++)
        if (partnership_draw_beats(drawn[seat], drawn[best])) best = seat;
    ck_assert_int_eq(best, 3);
    ck_assert(partnership_draw_beats(tile(1, 5), tile(2, 4)));
    ck_assert(partnership_draw_beats(tile(2, 4), tile(3, 3)));
    ck_assert(!partnership_draw_beats(tile(3, 3), tile(0, 6)));
}
END_TEST

static Suite *partnership_suite(void)
{
    Suite *suite = suite_create("partnership_vectors");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, awards_read_as_players_say_them);
    tcase_add_test(tc, test_presets_create);
    tcase_add_test(tc, test_preset_values);
    tcase_add_test(tc, test_invalid_values);
    tcase_add_test(tc, test_invalid_combinations);
    suite_add_tcase(suite, tc);
    tc = tcase_create("vectors");
    tcase_add_test(tc, test_pt01_partnership);
    tcase_add_test(tc, test_pt01_variants);
    tcase_add_test(tc, test_pt02_partnership);
    tcase_add_test(tc, test_pt02_variants);
    tcase_add_test(tc, test_pt03_printed_line);
    tcase_add_test(tc, test_pt04_starters);
    tcase_add_test(tc, test_winning_team_choice);
    tcase_add_test(tc, test_pt05_tie_rules);
    tcase_add_test(tc, test_pt05_replay_cancels_bonuses);
    tcase_add_test(tc, test_pt06_pass_bonus_events);
    tcase_add_test(tc, test_pt06_pass_bonus_flat);
    tcase_add_test(tc, test_pt07_rounding);
    tcase_add_test(tc, test_pt08_hand_bonuses);
    tcase_add_test(tc, test_hand_bonuses_any_list);
    tcase_add_test(tc, test_pt09_last_tile_bonuses);
    tcase_add_test(tc, test_pt10_milo);
    tcase_add_test(tc, test_pt11_hands_won);
    tcase_add_test(tc, test_pt12_redeal);
    tcase_add_test(tc, test_pt13_double_lead);
    tcase_add_test(tc, test_pt14_double_blank);
    tcase_add_test(tc, test_pt15_draw);
    tcase_add_test(tc, test_pt16_penalty_match_end);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(partnership_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
