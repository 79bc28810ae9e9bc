/* test_bingo_agents.c - the agents' decisions in Bingo on positions built by hand: melds
 * and closes are theirs to make, and the heuristic's trick features do what
 * agents/heuristic_trick.c says.
 *
 * Seat 0 (X) moves in every position. A position at the start of a hand is a real deal
 * from a chosen deck (X's 7 tiles, Y's 7, the turned tile, the stock), so the stock is
 * consistent with the hands; one late in a hand has the stock exhausted, the hands given
 * and every other tile among Y's captures.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "bingo/bingo.h"
#include "heuristic.h"
#include "heuristic_trick.h"
#include "test_support.h"

enum { ERROR_SIZE = OPTIONS_ERROR_SIZE, SEEDS = 6 };

typedef struct fixture {
    game_rules_t *rules;
    bingo_state_t s;
} fixture_t;

static int tile(int a, int b) { return tileset_index(a, b); }

static int parse_tiles(const char *text, uint8_t *out)
{
    int a, b, used, count = 0;
    while (sscanf(text, " %d-%d%n", &a, &b, &used) == 2) {
        out[count++] = (uint8_t)tile(a, b);
        text += used;
    }
    return count;
}

static void open_rules(fixture_t *fx)
{
    char error[ERROR_SIZE];
    option_values_t values;
    memset(fx, 0, sizeof *fx);
    ck_assert_msg(game_configure(&bingo_game, "bingo", NULL, 0, &values, error, ERROR_SIZE) == 0, "%s", error);
    ck_assert_msg(bingo_game.rules_create(&values, &fx->rules, error, ERROR_SIZE) == 0, "%s", error);
    bingo_game.match_start(&fx->s, fx->rules, 3);
    fx->s.starter = 0;
}

/* The first trick of a hand led by `leader`: X's and Y's 7 tiles and the turned tile given,
 * the other tiles the stock; X's points so far set to `x_points` (as if melded). */
static void build_deal(fixture_t *fx, const char *x, const char *y, int turned_a, int turned_b, int x_points,
                       int leader)
{
    open_rules(fx);
    fx->s.starter = (int8_t)leader;
    uint8_t deck[BINGO_TILES];
    ck_assert_int_eq(parse_tiles(x, deck), BINGO_HAND_SIZE);
    ck_assert_int_eq(parse_tiles(y, deck + BINGO_HAND_SIZE), BINGO_HAND_SIZE);
    deck[2 * BINGO_HAND_SIZE] = (uint8_t)tile(turned_a, turned_b);
    uint32_t used = 0;
    for (int k = 0; k <= 2 * BINGO_HAND_SIZE; k++) used |= 1u << deck[k];
    int next = BINGO_STOCK_START;
    for (int t = 0; t < BINGO_TILES; t++)
        if (!(used >> t & 1)) deck[next++] = (uint8_t)t;
    ck_assert_int_eq(next, BINGO_TILES);
    bingo_deal_from(&fx->s, deck, NULL);
    ck_assert_int_eq(fx->s.to_move, leader);
    fx->s.points[0] = (int16_t)x_points;
}

/* Late in a hand, the stock exhausted: X and Y hold what is given, Y has captured the rest;
 * the points are set, X to lead. */
static void build_late(fixture_t *fx, int trump, const char *x, const char *y, int x_points, int y_points)
{
    uint8_t tiles[BINGO_TILES];
    open_rules(fx);
    uint8_t deck[BINGO_TILES];
    for (int t = 0; t < BINGO_TILES; t++) deck[t] = (uint8_t)t;
    bingo_deal_from(&fx->s, deck, NULL);
    bingo_state_t *s = &fx->s;
    s->trump = (int8_t)trump;
    s->hand[0] = s->hand[1] = 0;
    for (int k = 0, n = parse_tiles(x, tiles); k < n; k++) s->hand[0] |= 1ull << tiles[k];
    for (int k = 0, n = parse_tiles(y, tiles); k < n; k++) s->hand[1] |= 1ull << tiles[k];
    s->won[0] = 0;
    s->won[1] = (((uint64_t)1 << BINGO_TILES) - 1) & ~(s->hand[0] | s->hand[1]);
    s->points[0] = (int16_t)x_points;
    s->points[1] = (int16_t)y_points;
    s->face_up = -1;
    s->stock_next = BINGO_TILES;
    s->leader = s->to_move = 0;
}

static void apply(fixture_t *fx, game_move_t move)
{
    ck_assert_msg(game_move_is_legal(&bingo_game, &fx->s, move), "move %d/%d is not legal", move.kind, move.tile);
    bingo_game.apply(&fx->s, move, NULL);
}

/* Deals where a hand is due; whether `state` then waits for a move (false: the match is
 * over). The random matches below walk their decisions by it. */
static bool at_decision(void *state)
{
    while (bingo_game.status(state) == GAME_BETWEEN_HANDS) bingo_game.deal(state, NULL);
    return bingo_game.status(state) == GAME_IN_HAND;
}

static game_move_t play(int a, int b) { return (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile(a, b), GAME_NO_END, 0}; }

static game_move_t agent_pick(const fixture_t *fx, const char *spec, uint64_t seed)
{
    return support_agent_pick(&bingo_game, fx->rules, &fx->s, spec, seed);
}

static void expect_pick(const fixture_t *fx, const char *spec, game_move_t right)
{
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        game_move_t move = agent_pick(fx, spec, seed);
        ck_assert_msg(move.kind == right.kind && (move.kind != GAME_MOVE_PLAY || move.tile == right.tile),
                      "%s (seed %d) chose move kind %d tile %d, not kind %d tile %d", spec, (int)seed, move.kind,
                      move.tile, right.kind, right.tile);
    }
}

static void expect_no_close(const fixture_t *fx, const char *spec)
{
    for (uint64_t seed = 1; seed <= SEEDS; seed++)
        ck_assert_msg(agent_pick(fx, spec, seed).kind != GAME_MOVE_CLOSE, "%s (seed %d) closed", spec, (int)seed);
}

/* ---- a meld that wins the hand ----
 * Trump 4. X (45) leads [5-5] and Y (60), who has no 5, follows [1-3]: X takes 10 + 4 and
 * reaches 59, and may meld [5-5] and [6-6] for 20, which makes 79 and wins the hand now.
 * Declining loses it: Y's Bingo takes [6-6] and Y passes 70; or, if X leads [1-2], Y must
 * answer [2-3], takes it, and leads Bingo. */
static void build_meld(fixture_t *fx)
{
    build_late(fx, 4, "5-5 6-6 1-2", "0-0 2-3 1-3", 45, 60);
    apply(fx, play(5, 5));
    apply(fx, play(1, 3));
    ck_assert_int_eq(fx->s.points[0], 59);
    ck_assert_int_eq(fx->s.to_move, 0);
}

static const char *const EVERY_AGENT[] = {"greedy", "heuristic", "pimc", "pimc:rollout=random", "ismcts", "oracle"};

START_TEST(every_agent_melds_to_win_the_hand)
{
    fixture_t fx;
    build_meld(&fx);
    unsigned both = 1u << 5 | 1u << 6;
    expect_pick(&fx, EVERY_AGENT[_i], (game_move_t){GAME_MOVE_MELD, 0, 0, (uint16_t)both});
    game_move_t moves[GAME_MAX_MOVES];
    ck_assert_int_eq(bingo_game.legal_moves(&fx.s, moves), 2); /* the meld, or END_TURN */
    bingo_game.rules_destroy(fx.rules);
}
END_TEST

START_TEST(declining_the_meld_loses_the_hand)
{
    for (int lead = 0; lead < 2; lead++) {
        fixture_t fx;
        build_meld(&fx);
        apply(&fx, (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0});
        if (lead) { /* [1-2] demands a 2 (R12): [2-3] takes it (68), then Bingo leads */
            apply(&fx, play(1, 2));
            apply(&fx, play(2, 3));
            apply(&fx, play(0, 0));
            apply(&fx, play(6, 6));
        } else {
            apply(&fx, play(6, 6));
            apply(&fx, play(0, 0));
        }
        ck_assert_int_ne(bingo_game.status(&fx.s), GAME_IN_HAND);
        ck_assert_int_eq(fx.s.hand_winner, 1);
        bingo_game.rules_destroy(fx.rules);
    }
}
END_TEST

/* ---- closing on sure points ----
 * Trump 4 ([2-4] turned). X holds Bingo and the double trump [4-4]: nothing beats either,
 * so they are 14 + 28 sure, and each takes a tile from Y, at least his two cheapest
 * candidates [1-1] (2) and [1-2] (3): 47 sure points before any are won. */
static const char *const CLOSE_X = "0-0 4-4 1-3 2-5 3-5 0-6 5-6";
static const char *const CLOSE_Y = "1-1 1-2 0-1 2-3 3-6 4-6 2-6";

START_TEST(heuristic_closes_at_its_sure_points)
{
    fixture_t fx;
    build_deal(&fx, CLOSE_X, CLOSE_Y, 2, 4, 0, 0);
    ck_assert_int_eq(fx.s.trump, 4);
    expect_pick(&fx, "heuristic:close=47", (game_move_t){GAME_MOVE_CLOSE, 0, 0, 0});
    expect_no_close(&fx, "heuristic:close=48");
    expect_no_close(&fx, "heuristic:close=70");
    bingo_game.rules_destroy(fx.rules);
    /* with 30 points melded before, 77 are sure: the rule, close=70, closes */
    build_deal(&fx, CLOSE_X, CLOSE_Y, 2, 4, 30, 0);
    expect_pick(&fx, "heuristic:close=70", (game_move_t){GAME_MOVE_CLOSE, 0, 0, 0});
    bingo_game.rules_destroy(fx.rules);
}
END_TEST

/* ---- a cheap trick taken cheaply ----
 * Trump 4 ([0-4] turned), open phase, Y leads [1-2] (3 points). X can take it with [1-3] (4
 * points, a low plain tile most tiles beat), or with a trump, [2-4] (6) or [1-4] (5), which
 * few tiles beat; his other tiles lose to it. Points alone (save=0, and greedy) take it with
 * [2-4] for 9; the heuristic keeps its trumps and takes it with [1-3] for 7. */
START_TEST(heuristic_takes_a_cheap_trick_cheaply)
{
    fixture_t fx;
    build_deal(&fx, "1-3 2-4 1-4 0-1 0-2 0-3 1-1", "1-2 5-5 5-6 6-6 3-6 2-6 3-5", 0, 4, 0, 1);
    ck_assert_int_eq(fx.s.trump, 4);
    ck_assert_int_eq(fx.s.to_move, 1);
    apply(&fx, play(1, 2));
    ck_assert_int_eq(fx.s.to_move, 0);
    expect_pick(&fx, "heuristic", play(1, 3));
    expect_pick(&fx, "heuristic:save=0", play(2, 4));
    expect_pick(&fx, "greedy", play(2, 4));
    bingo_game.rules_destroy(fx.rules);
}
END_TEST

/* The heuristic keeps capture points in a memo across decisions (heuristic.h): over whole
 * matches, every hand with its own trump, it values every move exactly as it does with
 * nothing kept. Both seats play the heuristic; one memo serves the whole match. */
START_TEST(heuristic_memo_values_as_fresh)
{
    fixture_t fx;
    open_rules(&fx);
    const game_t *game = &bingo_game;
    void *scratch = malloc(game->state_size);
    ck_assert_ptr_nonnull(scratch);
    heuristic_memo_t memo;
    heuristic_memo_init(&memo, game);
    int decisions = 0, trumps = 0, last_trump = -1;
    for (uint64_t match = 0; match < 12; match++) {
        game->match_start(&fx.s, fx.rules, 100 + match);
        for (int step = 0; step < 2000 && at_decision(&fx.s); step++) {
            game_move_t moves[GAME_MAX_MOVES];
            double kept[GAME_MAX_MOVES], fresh[GAME_MAX_MOVES];
            int count = game->legal_moves(&fx.s, moves);
            int with = heuristic_pick_valued(game, &fx.s, moves, count, &heuristic_default_weights, scratch, &memo, kept);
            int without =
                heuristic_pick_valued(game, &fx.s, moves, count, &heuristic_default_weights, scratch, NULL, fresh);
            ck_assert_int_eq(with, without);
            for (int i = 0; i < count; i++)
                ck_assert_msg(kept[i] == fresh[i], "match %d, step %d, move %d: %g with the memo, %g without",
                              (int)match, step, i, kept[i], fresh[i]);
            trumps += fx.s.trump != last_trump;
            last_trump = fx.s.trump;
            decisions++;
            game->apply(&fx.s, moves[with], NULL);
        }
    }
    free(scratch);
    ck_assert_int_gt(decisions, 500);
    ck_assert_int_gt(trumps, 5); /* the memo saw the trump change */
    bingo_game.rules_destroy(fx.rules);
}
END_TEST

/* The memo's levels: every filled tile in exactly one level, the level of its points, the
 * levels distinct and ascending; and its planes, each tile's points bit by bit; for
 * values within 0..63 (Bingo's) and beyond. */
START_TEST(heuristic_memo_levels_partition_the_tiles)
{
    pcg32_t rng;
    pcg32_seed(&rng, 77, 1);
    for (int round = 0; round < 400; round++) {
        heuristic_memo_t memo;
        heuristic_memo_init(&memo, &bingo_game);
        int range = round % 2 ? 200 : 40, offset = round % 4 == 3 ? -50 : 0;
        for (int tile = 0; tile < TILESET_MAX_TILES; tile++) {
            if (pcg32_below(&rng, 3) == 0) continue;
            tileset_add(&memo.filled, tile);
            memo.points[tile] = offset + (int)pcg32_below(&rng, (uint32_t)range);
        }
        heuristic_memo_sort_levels(&memo);
        tileset_t seen = tileset_empty();
        for (int level = 0; level < memo.levels; level++) {
            if (level > 0) ck_assert_int_lt(memo.level_points[level - 1], memo.level_points[level]);
            ck_assert(!tileset_is_empty(memo.level_tiles[level]));
            ck_assert(tileset_is_empty(tileset_and(seen, memo.level_tiles[level])));
            seen = tileset_or(seen, memo.level_tiles[level]);
            for (tileset_t tiles = memo.level_tiles[level]; !tileset_is_empty(tiles);)
                ck_assert_int_eq(memo.points[tileset_pop_lowest(&tiles)], memo.level_points[level]);
        }
        ck_assert(tileset_equal(seen, memo.filled));
        /* the planes: a tile's points are its bits across them, where every value is
         * within 0..63, and there are none where one is not */
        bool small = true;
        for (tileset_t tiles = memo.filled; !tileset_is_empty(tiles);) {
            int points = memo.points[tileset_pop_lowest(&tiles)];
            small = small && points >= 0 && points <= 63;
        }
        ck_assert_int_eq(memo.planes >= 0, small);
        for (int k = 0; k < memo.planes; k++) ck_assert(tileset_is_empty(tileset_minus(memo.plane[k], memo.filled)));
        for (tileset_t tiles = memo.filled; small && !tileset_is_empty(tiles);) {
            int tile = tileset_pop_lowest(&tiles), bits = 0;
            for (int k = 0; k < memo.planes; k++) bits |= tileset_has(memo.plane[k], tile) << k;
            ck_assert_int_eq(bits, memo.points[tile]);
        }
    }
}
END_TEST

/* Every setting of the options that decide when a hand ends and who leads and melds
 * (R6, R11, R15, R16): the follow's trial move is skipped by what these change. */
static const char *const HAND_END_SETTINGS[][4] = {
    {"hand_end=stop_at_70", "closed_opponent_70=ignored", "close_timing=before_lead", "meld_reuse=no_reuse"},
    {"hand_end=play_out", "closed_opponent_70=ignored", "close_timing=any_own_turn", "meld_reuse=unrestricted"},
    {"hand_end=stop_at_70", "closed_opponent_70=ends_hand", "close_timing=any_own_turn", "trick_leader=alternate"},
    {"hand_end=play_out", "closed_opponent_70=ends_hand", "close_timing=before_lead", "meld_reuse=unrestricted"},
};

/* Bingo's rules under HAND_END_SETTINGS[setting]. */
static game_rules_t *hand_end_rules(int setting)
{
    char error[ERROR_SIZE];
    option_values_t values;
    game_rules_t *rules = NULL;
    ck_assert_msg(game_configure(&bingo_game, "bingo", HAND_END_SETTINGS[setting], 4, &values, error, ERROR_SIZE) == 0,
                  "%s", error);
    ck_assert_msg(bingo_game.rules_create(&values, &rules, error, ERROR_SIZE) == 0, "%s", error);
    return rules;
}

/* What the heuristic's follow skips its trial move by (heuristic_trick.h): over random
 * matches, wherever heuristic_trick_follow_may_end_or_meld says a follow can neither end
 * the hand nor let its winner meld, playing it leaves the hand in play with no meld for the
 * follower. Both answers must occur often, so the check is made and the skip is taken. */
START_TEST(follow_skips_only_quiet_trials)
{
    const game_t *game = &bingo_game;
    game_rules_t *rules = hand_end_rules(_i);
    bingo_state_t s, trial;
    pcg32_t rng;
    pcg32_seed(&rng, 900 + (uint64_t)_i, 5);
    int quiet = 0, loud = 0, ended = 0, melds = 0;
    for (uint64_t match = 0; match < 60; match++) {
        game->match_start(&s, rules, 40 + match);
        for (int step = 0; step < 4000 && at_decision(&s); step++) {
            game_move_t moves[GAME_MAX_MOVES];
            int count = game->legal_moves(&s, moves);
            game_observation_t obs;
            game->observe(&s, s.to_move, &obs);
            for (int i = 0; obs.tricks.led >= 0 && i < count; i++) {
                if (moves[i].kind != GAME_MOVE_PLAY) continue;
                int tile = moves[i].tile;
                int stake = game->capture_points(&s, obs.tricks.led) + game->capture_points(&s, tile);
                bool won = tileset_has(game->tiles_beating(&s, obs.tricks.led), tile);
                trial = s;
                game->apply(&trial, moves[i], NULL);
                int target = obs.facts[game_fact_at(game, "hand_target")];
                ck_assert_int_eq(target, BINGO_WIN_POINTS);
                if (heuristic_trick_follow_may_end_or_meld(&obs, target, stake, won, tile)) {
                    loud++;
                    ended += game->status(&trial) != GAME_IN_HAND;
                    melds += trial.phase == BI_PHASE_MELD && trial.to_move == s.to_move;
                    continue;
                }
                quiet++;
                if (game->status(&trial) != GAME_IN_HAND)
                    ck_abort_msg("settings %d, match %d, step %d: a follow said quiet ended the hand", _i, (int)match, step);
                game_move_t after[GAME_MAX_MOVES];
                int after_count = game->legal_moves(&trial, after);
                for (int k = 0; trial.to_move == s.to_move && k < after_count; k++)
                    if (after[k].kind == GAME_MOVE_MELD)
                        ck_abort_msg("settings %d, match %d, step %d: a follow said quiet let the follower meld", _i,
                                     (int)match, step);
            }
            game->apply(&s, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
        }
    }
    game->rules_destroy(rules);
    ck_assert_int_gt(quiet, 2000);
    ck_assert_int_gt(ended, 50);
    ck_assert_int_gt(melds, 20);
}
END_TEST

/* The heuristic's pick on the sets' first word (every tile of a double-six lies there)
 * against the same pick on both words: over random matches in every hand-end setting, the
 * same move and the very same value of every move (heuristic_trick.h). Leads, follows,
 * closes and melds must all occur. */
START_TEST(narrow_pick_matches_wide)
{
    const game_t *game = &bingo_game;
    game_rules_t *rules = hand_end_rules(_i);
    bingo_state_t s, scratch;
    heuristic_memo_t memo;
    heuristic_memo_init(&memo, game);
    pcg32_t rng;
    pcg32_seed(&rng, 700 + (uint64_t)_i, 9);
    int leads = 0, follows = 0, others = 0;
    for (uint64_t match = 0; match < 40; match++) {
        game->match_start(&s, rules, 70 + match);
        for (int step = 0; step < 4000 && at_decision(&s); step++) {
            game_move_t moves[GAME_MAX_MOVES];
            int count = game->legal_moves(&s, moves);
            double narrow[GAME_MAX_MOVES], wide[GAME_MAX_MOVES];
            int pick = heuristic_trick_pick(game, &s, moves, count, &heuristic_default_weights, &scratch, &memo, narrow);
            int wide_pick =
                heuristic_trick_pick_wide(game, &s, moves, count, &heuristic_default_weights, &scratch, &memo, wide);
            ck_assert_msg(pick == wide_pick, "settings %d, match %d, step %d: pick %d, wide %d", _i, (int)match, step,
                          pick, wide_pick);
            for (int i = 0; i < count; i++)
                ck_assert_msg(memcmp(&narrow[i], &wide[i], sizeof narrow[i]) == 0,
                              "settings %d, match %d, step %d, move %d: value %.17g, wide %.17g", _i, (int)match, step,
                              i, narrow[i], wide[i]);
            game_observation_t obs;
            game->observe(&s, s.to_move, &obs);
            for (int i = 0; i < count; i++) {
                if (moves[i].kind != GAME_MOVE_PLAY) others++;
                else if (obs.tricks.led >= 0) follows++;
                else leads++;
            }
            /* the heuristic's own move now and then, so that closes and late positions come */
            game_move_t move = pcg32_below(&rng, 4) == 0 ? moves[pick] : moves[pcg32_below(&rng, (uint32_t)count)];
            game->apply(&s, move, NULL);
        }
    }
    game->rules_destroy(rules);
    ck_assert_int_gt(leads, 2000);
    ck_assert_int_gt(follows, 2000);
    ck_assert_int_gt(others, 100);
}
END_TEST

static Suite *bingo_agents_suite(void)
{
    Suite *suite = suite_create("bingo_agents");
    TCase *tc = tcase_create("positions");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_agent_melds_to_win_the_hand, 0, (int)(sizeof EVERY_AGENT / sizeof *EVERY_AGENT));
    tcase_add_test(tc, declining_the_meld_loses_the_hand);
    tcase_add_test(tc, heuristic_closes_at_its_sure_points);
    tcase_add_test(tc, heuristic_takes_a_cheap_trick_cheaply);
    tcase_add_test(tc, heuristic_memo_values_as_fresh);
    tcase_add_test(tc, heuristic_memo_levels_partition_the_tiles);
    tcase_add_loop_test(tc, narrow_pick_matches_wide, 0, (int)(sizeof HAND_END_SETTINGS / sizeof *HAND_END_SETTINGS));
    tcase_add_loop_test(tc, follow_skips_only_quiet_trials, 0,
                        (int)(sizeof HAND_END_SETTINGS / sizeof *HAND_END_SETTINGS));
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(bingo_agents_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
