/* test_partnership_agents.c - the agents play for their team in Partnership dominoes.
 *
 * Each position is an end of a hand built by hand: a real deal is made, then the hands, the
 * tiles on the table, the ends, the known lacks and the seat to move are written over it.
 * Seats 0 and 2 are one team, 1 and 3 the other. The mover sits at seat 2, whose side (0)
 * is not its seat number, so valuing a position by the seat instead of its side shows.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "game.h"
#include "test_support.h"
#include "partnership/partnership.h"

enum { ERROR_SIZE = OPTIONS_ERROR_SIZE, SEEDS = 8 };

typedef struct position {
    const char *hand[PARTNERSHIP_SEATS];  /* "a-b a-b ..." */
    const char *lacks[PARTNERSHIP_SEATS]; /* numbers the seat has shown it lacks, "035" */
    int ends[2];
    int to_move;
} position_t;

typedef struct fixture {
    game_rules_t *rules;
    partnership_state_t s;
} fixture_t;

static tileset_t parse_tiles(const char *text, int *count)
{
    tileset_t tiles = tileset_empty();
    int a, b, used;
    *count = 0;
    while (sscanf(text, " %d-%d%n", &a, &b, &used) == 2) {
        tileset_add(&tiles, tileset_index(a, b));
        ++*count;
        text += used;
    }
    return tiles;
}

static void build(fixture_t *fx, const char *preset, const position_t *p)
{
    char error[ERROR_SIZE];
    option_values_t values;
    memset(fx, 0, sizeof *fx);
    ck_assert_msg(game_configure(&partnership_game, preset, NULL, 0, &values, error, ERROR_SIZE) == 0, "%s", error);
    ck_assert_msg(partnership_game.rules_create(&values, &fx->rules, error, ERROR_SIZE) == 0, "%s", error);
    partnership_game.match_start(&fx->s, fx->rules, 3);
    game_events_t events;
    events.count = 0;
    partnership_game.deal(&fx->s, &events);

    partnership_state_t *s = &fx->s;
    tileset_t held = tileset_empty();
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) {
        int count;
        s->hand[seat] = parse_tiles(p->hand[seat], &count);
        s->hand_count[seat] = (uint8_t)count;
        s->passes[seat] = 0;
        held = tileset_or(held, s->hand[seat]);
        s->lacks[seat] = tileset_empty();
        for (const char *n = p->lacks[seat]; *n; n++)
            s->lacks[seat] = tileset_or(s->lacks[seat], tileset_suit(*n - '0'));
    }
    /* Every other tile is on the table; each seat placed what it no longer holds of seven. */
    tileset_t table = tileset_empty();
    for (int t = 0; t < PARTNERSHIP_TILES; t++)
        if (!tileset_has(held, t)) tileset_add(&table, t);
    s->table = table;
    s->table_count = (uint8_t)tileset_size(table);
    tileset_t rest = table;
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++) {
        s->played[seat] = tileset_empty();
        for (int k = s->hand_count[seat]; k < PARTNERSHIP_HAND_SIZE; k++)
            tileset_add(&s->played[seat], tileset_pop_lowest(&rest));
    }
    ck_assert(tileset_is_empty(rest));
    s->status = GAME_IN_HAND;
    s->phase = PT_PHASE_PLAY;
    s->end_number[0] = (int8_t)p->ends[0];
    s->end_number[1] = (int8_t)p->ends[1];
    s->last_tile = (int8_t)tileset_index(p->ends[0], p->ends[0]); /* any tile: only capicú reads it */
    s->to_move = (int8_t)p->to_move;
    s->last_placer = (int8_t)((p->to_move + 3) & 3);
    s->consecutive_passes = 0;
}

static void fx_close(fixture_t *fx) { partnership_game.rules_destroy(fx->rules); }

static game_move_t play(int a, int b, int end)
{
    return (game_move_t){GAME_MOVE_PLAY, (uint8_t)tileset_index(a, b), (uint8_t)end, 0};
}

static bool same_move(game_move_t x, game_move_t y) { return x.kind == y.kind && x.tile == y.tile && x.end == y.end; }

static game_move_t agent_pick(const fixture_t *fx, const char *spec, uint64_t seed)
{
    return support_agent_pick(&partnership_game, fx->rules, &fx->s, spec, seed);
}

static void expect_pick(const fixture_t *fx, const char *spec, game_move_t right)
{
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        game_move_t move = agent_pick(fx, spec, seed);
        ck_assert_msg(same_move(move, right), "%s (seed %d) played tile %d on end %d, not tile %d on end %d", spec,
                      (int)seed, move.tile, move.end, right.tile, right.end);
    }
}

/* ---- position 1: let the partner domino ----
 * Seat 2 (A) moves, then 3 (B), 0 (C, A's partner) and 1 (D). A holds [0-5] and [3-6] on
 * ends 5|3. B has shown it lacks 0, 3, 5 and 6; D lacks 0, 2 and 5, so the one unseen 0,
 * [0-2], can only be C's last tile. [0-5] leaves 0|3: B passes, C dominoes and the team
 * scores. [3-6], the heavier tile that sheds most of A's own pips, leaves 5|6: B and C pass
 * and D dominoes with [6-4]. */
static const position_t POSITION_1 = {
    .hand = {"0-2", "6-4", "0-5 3-6", "1-1 1-4"},
    .lacks = {"", "025", "", "0356"},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(position_1_is_what_the_comment_says)
{
    fixture_t fx;
    build(&fx, "partnership", &POSITION_1);
    game_move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(partnership_game.legal_moves(&fx.s, moves), 2);
    partnership_state_t start = fx.s;
    /* the team's line: A [0-5], B passes, C dominoes */
    partnership_game.apply(&fx.s, play(0, 5, 0), NULL);
    partnership_game.apply(&fx.s, (game_move_t){GAME_MOVE_PASS, 0, 0, 0}, NULL);
    ck_assert_int_eq(fx.s.to_move, 0);
    partnership_game.apply(&fx.s, play(0, 2, 0), NULL);
    ck_assert_int_ne(fx.s.status, GAME_IN_HAND);
    ck_assert_int_eq(fx.s.hand_winner, 0);
    /* the other line: A [3-6], B and C pass, D dominoes */
    fx.s = start;
    partnership_game.apply(&fx.s, play(3, 6, 1), NULL);
    partnership_game.apply(&fx.s, (game_move_t){GAME_MOVE_PASS, 0, 0, 0}, NULL);
    partnership_game.apply(&fx.s, (game_move_t){GAME_MOVE_PASS, 0, 0, 0}, NULL);
    ck_assert_int_eq(fx.s.to_move, 1);
    partnership_game.apply(&fx.s, play(6, 4, 1), NULL);
    ck_assert_int_ne(fx.s.status, GAME_IN_HAND);
    ck_assert_int_eq(fx.s.hand_winner, 1);
    fx_close(&fx);
}
END_TEST

START_TEST(position_1_greedy_sheds_the_heavy_tile)
{
    fixture_t fx;
    build(&fx, "partnership", &POSITION_1);
    expect_pick(&fx, "greedy", play(3, 6, 1));
    fx_close(&fx);
}
END_TEST

static const char *const TEAM_PLAYERS[] = {"oracle", "oracle:solver=alphabeta", "pimc", "pimc:solver=alphabeta",
                                           "ismcts"};

START_TEST(position_1_search_lets_the_partner_domino)
{
    fixture_t fx;
    build(&fx, "partnership", &POSITION_1);
    expect_pick(&fx, TEAM_PLAYERS[_i], play(0, 5, 0));
    fx_close(&fx);
}
END_TEST

/* The same under penalty_own_pips (R16), where a score is a penalty and fewer is ahead:
 * the partner's domino leaves A's team 9 pips against 17, D's leaves it 7 against 10, so
 * [0-5] is still 5 points better. Valued as if more points were better, [3-6] would be. */
START_TEST(position_1_search_counts_penalties_as_penalties)
{
    fixture_t fx;
    build(&fx, "partnership", &POSITION_1);
    partnership_game.rules_destroy(fx.rules);
    char error[ERROR_SIZE];
    option_values_t values;
    const char *penalty[] = {"scoring_mode=penalty_own_pips"};
    ck_assert(game_configure(&partnership_game, "partnership", penalty, 1, &values, error, ERROR_SIZE) == 0);
    ck_assert(partnership_game.rules_create(&values, &fx.rules, error, ERROR_SIZE) == 0);
    fx.s.rules = (const partnership_rules_t *)fx.rules;
    ck_assert(partnership_game.lower_score_wins(fx.rules));
    expect_pick(&fx, TEAM_PLAYERS[_i], play(0, 5, 0));
    fx_close(&fx);
}
END_TEST

/* ---- heuristic positions: one feature each, seat 2 (A) to move, partner seat 0 (C) ---- */

/* Play to the partner's number: on 5|3 A holds [5-2], [3-4] and [6-6]. B and D have shown
 * they lack 2, so the unseen [2-0] and [2-1] are C's; C lacks 4, so the unseen [4-1] is B's
 * or D's. [5-2] leaves the 2 for C; [3-4] would leave the opponents' 4. Counting C's tiles
 * as an opponent's makes [3-4] look better. */
static const position_t PARTNER_NUMBER = {
    .hand = {"2-0 2-1 1-1", "6-0 1-0", "5-2 3-4 6-6", "4-1 6-1"},
    .lacks = {"4", "2", "", "235"},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_plays_to_the_partner_number)
{
    fixture_t fx;
    build(&fx, "partnership", &PARTNER_NUMBER);
    expect_pick(&fx, "heuristic", play(5, 2, 0));
    fx_close(&fx);
}
END_TEST

/* Block the number the opponents lack: on 5|3 A holds [5-1] and [3-6]. B, next, and D have
 * passed on 1 and C lacks it too, so no one else can follow a 1; the unseen 6s may be B's
 * or D's. [5-1] leaves 1|3 (and A keeps the 3); [3-6] would open the 6 to them. */
static const position_t BLOCK_LACKED = {
    .hand = {"0-0 2-2 4-0", "6-2 4-4 0-2", "5-1 3-6 3-0", "6-4 2-4 6-0"},
    .lacks = {"1", "1", "", "1"},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_blocks_the_lacked_number)
{
    fixture_t fx;
    build(&fx, "partnership", &BLOCK_LACKED);
    expect_pick(&fx, "heuristic", play(5, 1, 0));
    fx_close(&fx);
}
END_TEST

/* Shed pips as a block nears: on 4|2 the only hidden tile that fits is [2-1]. A holds
 * [4-6] (10 pips), [2-0] and [0-5]; the suits favour [2-0] (A keeps 0s), but if the hand
 * blocks the team with fewer pips takes it, so with the shed feature on A drops [4-6].
 * Every other hand holds four tiles, so the opponents' hand sizes raise no urgency. */
static const position_t SHED_NEAR_BLOCK = {
    .hand = {"0-1 1-3 3-5 5-6", "2-1 0-3 1-5 6-6", "4-6 2-0 0-5", "0-0 1-1 3-3 5-5"},
    .lacks = {"", "", "", ""},
    .ends = {4, 2},
    .to_move = 2,
};

START_TEST(heuristic_sheds_near_a_block)
{
    fixture_t fx;
    build(&fx, "partnership", &SHED_NEAR_BLOCK);
    expect_pick(&fx, "heuristic:shed=1,suits=0.1", play(4, 6, 0));
    fx_close(&fx);
}
END_TEST

/* The same hand of A on 4|2 with every 4 and 2 still hidden: no block is near, and with no
 * stock and no opponent short of tiles nothing is urgent, so the suits decide: [2-0]. (An
 * empty stock made every Partnership position urgent before.) Both positions weigh the suits
 * lightly so that the shedding shows whenever it is on. */
static const position_t SHED_NO_BLOCK = {
    .hand = {"2-1 4-1 4-3 2-3", "4-4 2-2 2-5 6-6", "4-6 2-0 0-5", "4-0 1-1 3-3 2-6"},
    .lacks = {"", "", "", ""},
    .ends = {4, 2},
    .to_move = 2,
};

START_TEST(heuristic_keeps_its_tiles_far_from_a_block)
{
    fixture_t fx;
    build(&fx, "partnership", &SHED_NO_BLOCK);
    expect_pick(&fx, "heuristic:shed=1,suits=0.1", play(2, 0, 1));
    fx_close(&fx);
}
END_TEST

/* ---- the team features, each alone (the others off), against the heavier-tile tie-break ----
 * Seat 2 (A) moves on 5|3. `placer` and `opened` are what the table shows: who placed the
 * tile at each end, and the numbers each seat has made an end show. */
static const char *const ONLY_PARTNER = "heuristic:suits=0,deny=0,block=0,bonus=0,partner=1";
static const char *const ONLY_BLOCK = "heuristic:suits=0,deny=0,partner=0,bonus=0,block=1";
static const char *const ONLY_BONUS = "heuristic:suits=0,deny=0,partner=0,block=0,bonus=1";
static const char *const NO_TEAM_FEATURE = "heuristic:suits=0,deny=0,partner=0,block=0,bonus=0";

static void show_table(fixture_t *fx, int placer0, int placer1, unsigned opened0, unsigned opened1)
{
    fx->s.end_placer[0] = (int8_t)placer0;
    fx->s.end_placer[1] = (int8_t)placer1;
    fx->s.opened[0] = (uint16_t)opened0;
    fx->s.opened[1] = (uint16_t)opened1;
    game_observation_t obs;
    partnership_game.observe(&fx->s, 2, &obs);
    ck_assert_int_eq(obs.ends.placer[0], placer0);
    ck_assert_int_eq(obs.ends.placer[1], placer1);
    int opened = game_fact_at(&partnership_game, "opened"); /* the game's own fact, per seat */
    ck_assert_int_ge(opened, 0);
    ck_assert_int_eq(obs.facts[opened + 0], opened0);
    ck_assert_int_eq(obs.facts[opened + 1], opened1);
}

/* Not over the partner: C (seat 0) placed the 5 and opened it; A holds [5-1] and [3-1].
 * [5-1] (heavier) would cover C's 5; [3-1] keeps it. Unseen 5s remain for C. */
static const position_t PARTNER_END = {
    .hand = {"5-5 5-6 0-0", "6-6 1-1 0-2", "5-1 3-1 2-2", "4-4 0-4 6-2"},
    .lacks = {"", "", "", ""},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_does_not_cover_the_partner)
{
    fixture_t fx;
    build(&fx, "partnership", &PARTNER_END);
    show_table(&fx, 0, 1, 1u << 5, 1u << 3);
    expect_pick(&fx, NO_TEAM_FEATURE, play(5, 1, 0));
    expect_pick(&fx, ONLY_PARTNER, play(3, 1, 1));
    /* covering alone decides it when no number is known to be his */
    show_table(&fx, 0, 1, 0, 0);
    expect_pick(&fx, ONLY_PARTNER, play(3, 1, 1));
    /* and an opponent's tile may be covered: his 5, the heavier [5-1] */
    show_table(&fx, 1, 0, 0, 0);
    expect_pick(&fx, ONLY_PARTNER, play(5, 1, 0));
    fx_close(&fx);
}
END_TEST

/* Block the number an opponent opened: B (seat 1) made an end show 6 earlier, and 6s are
 * still hidden. A holds [5-6] (heavier, it shows the 6 again) and [3-2]. */
static const position_t OPPONENT_NUMBER = {
    .hand = {"1-1 0-0 1-0", "6-6 6-4 0-2", "5-6 3-2 2-2", "4-4 0-4 1-2"},
    .lacks = {"", "", "", ""},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_keeps_the_opponents_number_off)
{
    fixture_t fx;
    build(&fx, "partnership", &OPPONENT_NUMBER);
    show_table(&fx, 3, 0, 0, 1u << 6);
    expect_pick(&fx, NO_TEAM_FEATURE, play(5, 6, 0));
    expect_pick(&fx, ONLY_BLOCK, play(3, 2, 1));
    fx_close(&fx);
}
END_TEST

/* The pass bonus (doscientos_pases, R18): B, next, has passed on 0, 3 and 5. [5-0] leaves
 * 0|3, on which B must pass and A's team is paid; [3-4] (heavier) leaves 5|4. */
static const position_t FORCED_PASS = {
    .hand = {"1-1 2-2 1-2", "6-6 4-4 6-4", "5-0 3-4 2-6", "4-1 0-0 1-6"},
    .lacks = {"", "035", "", ""},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_forces_a_pass_for_its_bonus)
{
    fixture_t fx;
    build(&fx, "doscientos_pases", &FORCED_PASS);
    expect_pick(&fx, NO_TEAM_FEATURE, play(3, 4, 1));
    expect_pick(&fx, ONLY_BONUS, play(5, 0, 0));
    /* where no pass bonus is paid, the same position has nothing to gain */
    fixture_t plain;
    build(&plain, "partnership", &FORCED_PASS);
    expect_pick(&plain, ONLY_BONUS, play(3, 4, 1));
    fx_close(&plain);
    fx_close(&fx);
}
END_TEST

/* Capicú (quinientos, R20): A holds [5-3] and [3-6]. [5-3] on the 5 leaves 3|3 and [3-6]
 * to go out on both ends; [3-6] (heavier) on the 3 leaves 5|6 and [5-3] fitting one. */
static const position_t CAPICU_READY = {
    .hand = {"1-1 2-2 1-2", "6-6 4-4 0-4", "5-3 3-6", "4-1 0-0 1-6"},
    .lacks = {"", "", "", ""},
    .ends = {5, 3},
    .to_move = 2,
};

START_TEST(heuristic_sets_up_a_capicu)
{
    fixture_t fx;
    build(&fx, "quinientos", &CAPICU_READY);
    expect_pick(&fx, NO_TEAM_FEATURE, play(3, 6, 1));
    expect_pick(&fx, ONLY_BONUS, play(5, 3, 0));
    fx_close(&fx);
}
END_TEST

static Suite *partnership_agents_suite(void)
{
    Suite *suite = suite_create("partnership_agents");
    TCase *tc = tcase_create("positions");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, position_1_is_what_the_comment_says);
    tcase_add_test(tc, position_1_greedy_sheds_the_heavy_tile);
    tcase_add_loop_test(tc, position_1_search_lets_the_partner_domino, 0,
                        (int)(sizeof TEAM_PLAYERS / sizeof *TEAM_PLAYERS));
    tcase_add_loop_test(tc, position_1_search_counts_penalties_as_penalties, 0,
                        (int)(sizeof TEAM_PLAYERS / sizeof *TEAM_PLAYERS));
    tcase_add_test(tc, heuristic_plays_to_the_partner_number);
    tcase_add_test(tc, heuristic_blocks_the_lacked_number);
    tcase_add_test(tc, heuristic_sheds_near_a_block);
    tcase_add_test(tc, heuristic_keeps_its_tiles_far_from_a_block);
    tcase_add_test(tc, heuristic_does_not_cover_the_partner);
    tcase_add_test(tc, heuristic_keeps_the_opponents_number_off);
    tcase_add_test(tc, heuristic_forces_a_pass_for_its_bonus);
    tcase_add_test(tc, heuristic_sets_up_a_capicu);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(partnership_agents_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
