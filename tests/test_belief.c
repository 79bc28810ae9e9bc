/* test_belief.c - the belief of agents/belief.h and the game functions it stands on
 * (game_t.hand_tiles, give_hand): worlds rebuilt by exchanges stay worlds the observer
 * cannot tell apart, the model's probabilities are the hand-computed ones, and a belief
 * fed the moves of a hand weights the true deal above the average candidate when the
 * others play as the model says.
 */
#include <check.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "belief.h"
#include "games.h"
#include "test_support.h"

typedef struct setup {
    const char *game, *preset;
    int players;
} setup_t;

static const setup_t setups[] = {
    {"bergen", "bergen", 2},          {"bergen", "bergen", 4},     {"double_bergen", "double_bergen", 4},
    {"double_bergen", "double_bergen_12", 3}, {"partnership", "partnership", 4}, {"bingo", "bingo", 2},
};
enum { SETUP_COUNT = (int)(sizeof setups / sizeof setups[0]) };

/* Random moves from a fresh match to a position in a hand, `steps` moves in. */
static bool reach(const game_t *game, const game_rules_t *rules, void *state, uint64_t seed, int steps)
{
    pcg32_t rng;
    pcg32_seed(&rng, seed, 5);
    game_move_t moves[GAME_MAX_MOVES];
    game->match_start(state, rules, seed);
    while (game->status(state) != GAME_MATCH_OVER) {
        if (game->status(state) == GAME_BETWEEN_HANDS) {
            game->deal(state, NULL);
            continue;
        }
        if (steps-- == 0) return true;
        int count = game->legal_moves(state, moves);
        game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
    }
    return false;
}

static int compare_bytes(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

/* Sorted tiles of a seat in a world, their count. */
static int sorted_hand(const game_t *game, const void *world, int seat, uint8_t *out)
{
    int count = game->hand_tiles(world, seat, out);
    qsort(out, (size_t)count, 1, compare_bytes);
    return count;
}

START_TEST(test_give_hand_exchanges_within_what_is_hidden)
{
    const setup_t *setup = &setups[_i];
    const game_t *game;
    game_rules_t *rules = support_open_rules(setup->game, setup->preset, setup->players, &game);
    void *state = malloc(game->state_size), *world = malloc(game->state_size), *donor = malloc(game->state_size);
    REQUIRE(state && world && donor, "out of memory");
    int given = 0;
    for (int p = 0; p < (int)support_scaled(200, 40); p++) {
        if (!reach(game, rules, state, 7000u + (uint64_t)p, p % 23)) continue;
        pcg32_t rng;
        pcg32_seed(&rng, (uint64_t)p, 11);
        int seats = game->seat_count(rules), observer = p % seats, seat = (observer + 1 + p / seats % (seats - 1)) % seats;
        game->determinize(state, observer, &rng, world);
        game->determinize(state, observer, &rng, donor);
        game_observation_t before, after;
        memset(&before, 0, sizeof before);
        memset(&after, 0, sizeof after);
        game->observe(world, observer, &before);
        uint8_t wanted[TILESET_MAX_BITS], got[TILESET_MAX_BITS];
        int count = sorted_hand(game, donor, seat, wanted);
        ck_assert_msg(game->give_hand(world, observer, seat, wanted, count), "%s/%d position %d: a hand of another "
                      "world of the observer could not be given", setup->preset, setup->players, p);
        game->observe(world, observer, &after);
        ck_assert_msg(memcmp(&before, &after, sizeof before) == 0, "%s/%d position %d: the observer sees the change",
                      setup->preset, setup->players, p);
        ck_assert_int_eq(sorted_hand(game, world, seat, got), count);
        ck_assert_msg(memcmp(wanted, got, (size_t)count) == 0, "%s/%d position %d: the seat holds other tiles",
                      setup->preset, setup->players, p);
        given += count > 0;
        /* a tile the observer holds is not hidden: it cannot be given */
        uint8_t own[TILESET_MAX_BITS];
        int own_count = game->hand_tiles(world, observer, own);
        if (own_count > 0 && count > 0) {
            wanted[0] = own[0];
            ck_assert_msg(!game->give_hand(world, observer, seat, wanted, count) ||
                              game->hand_tiles(world, observer, got) == own_count,
                          "%s/%d: the observer's tile was given away", setup->preset, setup->players);
            game->observe(world, observer, &after);
            ck_assert_msg(memcmp(&before.hand, &after.hand, sizeof before.hand) == 0,
                          "%s/%d: the observer's hand changed", setup->preset, setup->players);
        }
        /* a size that is not the seat's is refused */
        ck_assert(!game->give_hand(world, observer, seat, wanted, count + 1));
    }
    ck_assert_msg(given > 10, "%s/%d: too few hands given (%d)", setup->preset, setup->players, given);
    free(state);
    free(world);
    free(donor);
    game->rules_destroy(rules);
}
END_TEST

START_TEST(test_model_probabilities_by_hand)
{
    /* values 0 and 2 at temperature 2: softmax e^0 / (e^-1 + e^0) = 0.731059 for the
     * second; floor 0.1 spreads 0.05 over each: 0.05 + 0.9 * 0.731059 = 0.707953 */
    belief_model_t model = {.temperature = 2, .floor = 0.1};
    double values[3] = {0, 2, 0};
    ck_assert_double_eq_tol(belief_log_probability(&model, values, 2, 1), log(0.707953), 1e-6);
    ck_assert_double_eq_tol(belief_log_probability(&model, values, 2, 0), log(1 - 0.707953), 1e-6);
    /* one legal move tells nothing; equal values are uniform whatever the model */
    ck_assert_double_eq_tol(belief_log_probability(&model, values, 1, 0), 0, 1e-12);
    double even[3] = {5, 5, 5};
    ck_assert_double_eq_tol(belief_log_probability(&model, even, 3, 2), log(1.0 / 3), 1e-12);
    /* a floor of 1 is the uniform model */
    belief_model_t uniform = {.temperature = 0.01, .floor = 1};
    ck_assert_double_eq_tol(belief_log_probability(&uniform, values, 3, 0), log(1.0 / 3), 1e-12);
}
END_TEST

/* Over hands of heuristic play (the model's own weights, noise free), the true deal
 * rebuilt as a candidate weighs more, on average, than the candidates drawn uniformly:
 * the belief reads the others' choices the way they make them. */
START_TEST(test_belief_favours_the_true_deal)
{
    const setup_t *setup = &setups[_i];
    const game_t *game;
    game_rules_t *rules = support_open_rules(setup->game, setup->preset, setup->players, &game);
    enum { POOL = 32 };
    unsigned char *worlds = malloc((size_t)(POOL + 1) * game->state_size);
    double cumulative[POOL + 1];
    void *state = malloc(game->state_size);
    REQUIRE(worlds && state, "out of memory");
    int seats = game->seat_count(rules), compared = 0;
    double truth_minus_mean = 0;
    for (uint64_t deal = 0; deal < (uint64_t)support_scaled(40, 10); deal++) {
        char error[256];
        agent_t *players[GAME_MAX_SEATS];
        belief_t *belief = belief_create(game, rules, 0, belief_model_of_game(game), 512, POOL, error, sizeof error);
        REQUIRE(belief, "out of memory");
        for (int seat = 0; seat < seats; seat++)
            REQUIRE(agent_create("heuristic", NULL, game, rules, seat, deal, &players[seat], error, sizeof error) == 0,
                    "%s", error);
        pcg32_t rng;
        pcg32_seed(&rng, deal, 3);
        game->match_start(state, rules, 900 + deal);
        game->deal(state, NULL);
        game_move_t moves[GAME_MAX_MOVES];
        while (game->status(state) == GAME_IN_HAND) {
            int mover = game->to_move(state), count = game->legal_moves(state, moves);
            if (mover == 0 && belief_moves_seen(belief) >= 4) {
                /* the pool's own candidates, and the truth weighed the same way */
                belief_pool(belief, state, NULL, &rng, POOL, worlds, cumulative);
                double mean = 0;
                for (int i = 0; i < POOL; i++) mean += belief_log_weights(belief)[i] / POOL;
                memcpy(worlds, state, game->state_size);
                belief_weigh(belief, state, worlds, 1, &rng);
                truth_minus_mean += belief_log_weights(belief)[0] - mean;
                compared++;
            }
            game_move_t move = agent_choose(players[mover], state, moves, count);
            belief_see(belief, state, move, &rng);
            game->apply(state, move, NULL);
        }
        for (int seat = 0; seat < seats; seat++) agent_destroy(players[seat]);
        belief_destroy(belief);
    }
    ck_assert_msg(compared >= 10, "%s/%d: too few decisions compared (%d)", setup->preset, setup->players, compared);
    ck_assert_msg(truth_minus_mean / compared > 0.1, "%s/%d: the true deal weighs %.3f above the mean candidate",
                  setup->preset, setup->players, truth_minus_mean / compared);
    free(worlds);
    free(state);
    game->rules_destroy(rules);
}
END_TEST

/* values=heuristic reads the heuristic agent's own values: the move it plays has the
 * highest of them (but where a move wins the match outright, which it plays first
 * whatever its value), where the playouts' values (deny and bonus off) miss some. */
START_TEST(test_heuristic_values_are_the_heuristic_agents)
{
    const setup_t *setup = &setups[_i];
    const game_t *game;
    game_rules_t *rules = support_open_rules(setup->game, setup->preset, setup->players, &game);
    void *state = malloc(game->state_size), *scratch[2] = {malloc(game->state_size), malloc(game->state_size)};
    REQUIRE(state && scratch[0] && scratch[1], "out of memory");
    belief_scorer_t scorers[2];
    belief_scorer_init(&scorers[0], game, BELIEF_VALUES_HEURISTIC, NULL, scratch[0]);
    belief_scorer_init(&scorers[1], game, BELIEF_VALUES_PLAYOUT, NULL, scratch[1]);
    int seats = game->seat_count(rules), decisions = 0, best[2] = {0, 0};
    for (uint64_t deal = 0; deal < (uint64_t)support_scaled(30, 10); deal++) {
        char error[256];
        agent_t *players[GAME_MAX_SEATS];
        for (int seat = 0; seat < seats; seat++)
            REQUIRE(agent_create("heuristic", NULL, game, rules, seat, deal, &players[seat], error, sizeof error) == 0,
                    "%s", error);
        game->match_start(state, rules, 700 + deal);
        game->deal(state, NULL);
        game_move_t moves[GAME_MAX_MOVES];
        double values[GAME_MAX_MOVES];
        while (game->status(state) == GAME_IN_HAND) {
            int mover = game->to_move(state), count = game->legal_moves(state, moves);
            game_move_t move = agent_choose(players[mover], state, moves, count);
            if (count >= 2) {
                int chosen = 0;
                while (!game_move_equal(moves[chosen], move)) chosen++;
                for (int k = 0; k < 2; k++) {
                    belief_values(&scorers[k], state, moves, count, values);
                    bool highest = true;
                    for (int i = 0; i < count; i++) highest = highest && values[i] <= values[chosen] + 1e-9;
                    best[k] += highest;
                }
                decisions++;
            }
            game->apply(state, move, NULL);
        }
        for (int seat = 0; seat < seats; seat++) agent_destroy(players[seat]);
    }
    ck_assert_msg(decisions >= 50, "%s/%d: too few decisions (%d)", setup->preset, setup->players, decisions);
    ck_assert_msg(best[0] >= 0.99 * decisions, "%s/%d: the heuristic's move has the highest of its values at %d of %d",
                  setup->preset, setup->players, best[0], decisions);
    /* Bingo's trick heuristic has neither deny nor bonus: there the two are one */
    if (strcmp(setup->game, "bingo"))
        ck_assert_msg(best[1] < best[0], "%s/%d: the playouts' values pick the heuristic's move as often (%d of %d)",
                      setup->preset, setup->players, best[1], decisions);
    free(state);
    free(scratch[0]);
    free(scratch[1]);
    game->rules_destroy(rules);
}
END_TEST

static Suite *belief_suite(void)
{
    Suite *suite = suite_create("belief");
    TCase *tc = tcase_create("belief");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_give_hand_exchanges_within_what_is_hidden, 0, SETUP_COUNT);
    tcase_add_test(tc, test_model_probabilities_by_hand);
    tcase_add_loop_test(tc, test_belief_favours_the_true_deal, 0, SETUP_COUNT);
    tcase_add_loop_test(tc, test_heuristic_values_are_the_heuristic_agents, 0, SETUP_COUNT);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(belief_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failures = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failures == 0 ? 0 : 1;
}
