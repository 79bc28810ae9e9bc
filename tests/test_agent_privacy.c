/* test_agent_privacy.c - agents decide on what their seat may know, and nothing else.
 *
 * At random positions of every preset, the test draws a second deal the deciding seat
 * cannot tell from the true one (game->determinize: the other hands and the stock
 * reshuffled within what the seat saw) and checks that the seat's observation is the same
 * in both and that every honest agent, seeded alike, picks the same move in both. The
 * cheating `oracle` must pick differently somewhere: that shows the test can see a leak.
 *
 * Agents that learn from every move (belief=policy) are told the match's moves up to the
 * position twice: once with the true state before each move, once with a twin of each
 * drawn the same way. What they keep of the history must be what the seat saw of it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "game.h"
#include "test_support.h"
#include "games.h"


typedef struct setup {
    const char *game, *preset;
    int players;
} setup_t;

static const setup_t setups[] = {
    {"bergen", "bergen", 2},         {"bergen", "bergen", 3},           {"bergen", "bergen", 4},
    {"bergen", "bergen_classic", 2}, {"double_bergen", "double_bergen", 2}, {"double_bergen", "double_bergen", 4},
    {"double_bergen", "double_bergen_12", 3}, {"partnership", "partnership", 4}, {"partnership", "doscientos_pases", 4},
    {"bingo", "bingo", 2},
};
enum { SETUP_COUNT = (int)(sizeof setups / sizeof setups[0]) };

static const char *const honest_agents[] = {
    "random", "greedy", "heuristic", "pimc:samples=4", "pimc:samples=2,solver=alphabeta,budget=300",
    "ismcts:iterations=40", "level:2", "level:6",
};
enum { HONEST_COUNT = (int)(sizeof honest_agents / sizeof honest_agents[0]) };

static const char *const history_agents[] = {
    "pimc:samples=4,belief=policy,candidates=8", "ismcts:iterations=40,belief=policy,candidates=8",
};
enum { HISTORY_AGENT_COUNT = (int)(sizeof history_agents / sizeof history_agents[0]) };

/* The match's moves up to the position, each with the state just before it. */
enum { HISTORY_MAX = 600 };
typedef struct history {
    int count;
    game_move_t move[HISTORY_MAX];
    unsigned char *before; /* HISTORY_MAX states */
} history_t;

/* Plays random moves from a fresh match until a position with a choice, `skip` choices in,
 * keeping them in `history`. */
static bool reach_position(const game_t *game, const game_rules_t *rules, void *state, uint64_t seed, int skip,
                           history_t *history)
{
    history->count = 0;
    pcg32_t rng;
    pcg32_seed(&rng, seed, 3);
    game_move_t moves[GAME_MAX_MOVES];
    game->match_start(state, rules, seed);
    while (game->status(state) != GAME_MATCH_OVER) {
        if (game->status(state) == GAME_BETWEEN_HANDS) {
            game->deal(state, NULL);
            continue;
        }
        int count = game->legal_moves(state, moves);
        if (count > 1 && skip-- == 0) return true;
        game_move_t move = moves[pcg32_below(&rng, (uint32_t)count)];
        REQUIRE(history->count < HISTORY_MAX, "the history outgrew the test's room");
        memcpy(history->before + (size_t)history->count * game->state_size, state, game->state_size);
        history->move[history->count++] = move;
        game->apply(state, move, NULL);
    }
    return false;
}

/* The move of `spec` at `state`, told the moves of `history` first (NULL: none). */
static game_move_t decide_after(const char *spec, const game_t *game, const game_rules_t *rules,
                                const history_t *history, const void *state, uint64_t seed)
{
    char error[256];
    agent_t *agent;
    game_move_t moves[GAME_MAX_MOVES];
    int seat = game->to_move(state);
    REQUIRE(agent_create(spec, NULL, game, rules, seat, seed, &agent, error, sizeof error) == 0, "%s", error);
    for (int k = 0; history && k < history->count; k++)
        agent_notify_move(agent, history->before + (size_t)k * game->state_size, history->move[k]);
    int count = game->legal_moves(state, moves);
    game_move_t move = agent_choose(agent, state, moves, count);
    agent_destroy(agent);
    return move;
}

static game_move_t decide(const char *spec, const game_t *game, const game_rules_t *rules, const void *state,
                          uint64_t seed)
{
    return decide_after(spec, game, rules, NULL, state, seed);
}

/* The twin history: each state before a move replaced by a deal the seat cannot tell from
 * it. Counts the states whose hidden tiles differ. */
static int twin_history(const game_t *game, const game_rules_t *rules, int seat, const history_t *truth,
                        history_t *twin, uint64_t seed)
{
    pcg32_t rng;
    pcg32_seed(&rng, seed, 98);
    int differs = 0;
    twin->count = truth->count;
    for (int k = 0; k < truth->count; k++) {
        const void *before = truth->before + (size_t)k * game->state_size;
        void *other = twin->before + (size_t)k * game->state_size;
        twin->move[k] = truth->move[k];
        if (game->status(before) != GAME_IN_HAND) {
            memcpy(other, before, game->state_size);
            continue;
        }
        game->determinize(before, seat, &rng, other);
        for (int s = 0; s < game->seat_count(rules); s++)
            if (s != seat) differs += game->pips_left(before, s) != game->pips_left(other, s);
    }
    return differs;
}

static bool same_move(game_move_t a, game_move_t b) { return a.kind == b.kind && a.tile == b.tile && a.end == b.end; }

START_TEST(test_agents_decide_on_what_they_may_know)
{
    const setup_t *setup = &setups[_i];
    const game_t *game;
    game_rules_t *rules = support_open_rules(setup->game, setup->preset, setup->players, &game);
    void *truth = malloc(game->state_size), *twin = malloc(game->state_size);
    history_t history = {.before = malloc(HISTORY_MAX * game->state_size)};
    history_t twin_moves = {.before = malloc(HISTORY_MAX * game->state_size)};
    REQUIRE(truth && twin && history.before && twin_moves.before, "out of memory");
    int positions = (int)support_scaled(60, 12), oracle_differs = 0, hidden_differs = 0, history_differs = 0;
    for (int p = 0; p < positions; p++) {
        uint64_t seed = 1000u * (uint64_t)_i + (uint64_t)p;
        if (!reach_position(game, rules, truth, seed, p % 9, &history)) continue;
        int seat = game->to_move(truth);
        pcg32_t rng;
        pcg32_seed(&rng, seed, 99);
        game->determinize(truth, seat, &rng, twin);
        /* zeroed first, padding too: observe writes only the union member of its layout
         * (game.h), and the whole structs are compared */
        game_observation_t seen_in_truth, seen_in_twin;
        memset(&seen_in_truth, 0, sizeof seen_in_truth);
        memset(&seen_in_twin, 0, sizeof seen_in_twin);
        game->observe(truth, seat, &seen_in_truth);
        game->observe(twin, seat, &seen_in_twin);
        REQUIRE(memcmp(&seen_in_truth, &seen_in_twin, sizeof seen_in_truth) == 0,
                "%s/%d position %d: the twin deal looks different to seat %d", setup->preset, setup->players, p, seat);
        game_deal_t deal_truth, deal_twin;
        game->get_deal(truth, &deal_truth);
        game->get_deal(twin, &deal_twin);
        for (int other = 0; other < setup->players; other++)
            if (other != seat) hidden_differs += game->pips_left(truth, other) != game->pips_left(twin, other);
        for (int k = 0; k < HONEST_COUNT; k++) {
            game_move_t in_truth = decide(honest_agents[k], game, rules, truth, seed);
            game_move_t in_twin = decide(honest_agents[k], game, rules, twin, seed);
            REQUIRE(same_move(in_truth, in_twin), "%s/%d position %d: %s decides on hidden tiles", setup->preset,
                    setup->players, p, honest_agents[k]);
        }
        history_differs += twin_history(game, rules, seat, &history, &twin_moves, seed);
        for (int k = 0; k < HISTORY_AGENT_COUNT; k++) {
            game_move_t in_truth = decide_after(history_agents[k], game, rules, &history, truth, seed);
            game_move_t in_twin = decide_after(history_agents[k], game, rules, &twin_moves, twin, seed);
            REQUIRE(same_move(in_truth, in_twin), "%s/%d position %d: %s decides on hidden tiles of the history",
                    setup->preset, setup->players, p, history_agents[k]);
        }
        oracle_differs += !same_move(decide("oracle:samples=2", game, rules, truth, seed),
                                     decide("oracle:samples=2", game, rules, twin, seed));
    }
    ck_assert_msg(hidden_differs > 0, "%s/%d: the twin deals never hid anything different", setup->preset,
                  setup->players);
    ck_assert_msg(history_differs > 0, "%s/%d: the twin histories never hid anything different", setup->preset,
                  setup->players);
    ck_assert_msg(oracle_differs > 0, "%s/%d: oracle never saw the difference: the test is blind", setup->preset,
                  setup->players);
    free(truth);
    free(twin);
    free(history.before);
    free(twin_moves.before);
    game->rules_destroy(rules);
}
END_TEST

static Suite *privacy_suite(void)
{
    Suite *suite = suite_create("agent_privacy");
    TCase *tc = tcase_create("privacy");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_agents_decide_on_what_they_may_know, 0, SETUP_COUNT);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(privacy_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failures = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failures == 0 ? 0 : 1;
}
