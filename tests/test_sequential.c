/* test_sequential.c - the stopping rule of analysis/sequential.h: the looks by hand, where a
 * comparison stops, and the coverage of its intervals under the stopping, by simulation.
 *
 * Coverage: pairs of known strength (a block is two games, each won with probability p, so
 * the true score is p and the true Elo stats_elo_from_score(p)) are compared again and
 * again under the rule, and the interval each run stops on must hold the true Elo in at
 * least 95% of runs, less the Monte Carlo noise (2,000 runs: a standard error of 0.5
 * points at 95%). The same runs with 95% intervals at every look (no correction) cover the
 * truth of an even pair far less often: the test would catch a rule that forgot the
 * correction.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>

#include "pcg32.h"
#include "sequential.h"
#include "stats.h"

START_TEST(looks_double_up_to_the_cap)
{
    sequential_plan_t plan;
    sequential_plan_init(&plan, 1000, 64, 0.95, 20);
    ck_assert_int_eq(plan.looks, 5); /* 64, 128, 256, 512, and the cap 1000 */
    ck_assert_double_eq_tol(plan.level, 1 - 0.05 / 5, 1e-12);
    ck_assert_double_eq_tol(plan.z, 2.575829303548901, 1e-9); /* the 99.5% quantile */
    static const int64_t looks[] = {64, 128, 256, 512, 1000}, not_looks[] = {1, 63, 65, 127, 192, 511, 513, 999};
    for (size_t k = 0; k < sizeof looks / sizeof looks[0]; k++) ck_assert(sequential_is_look(&plan, looks[k]));
    for (size_t k = 0; k < sizeof not_looks / sizeof not_looks[0]; k++)
        ck_assert(!sequential_is_look(&plan, not_looks[k]));
    /* a cap at or below the first look: one look, a fixed-size run at the level asked */
    sequential_plan_init(&plan, 64, 64, 0.95, 20);
    ck_assert_int_eq(plan.looks, 1);
    ck_assert_double_eq_tol(plan.level, 0.95, 1e-12);
}
END_TEST

/* By hand: 64 blocks of score 3/4 (an agent that wins three games in four, every block
 * alike) have no spread: the interval is the point 190.8 Elo, and the order is settled at
 * the first look. Blocks alternating 0 and 1 have mean 1/2 and standard deviation
 * sqrt(64/63)/2 = 0.503953 per block: at the first look of a 5-look plan the half-width is
 * 2.575829 * 0.503953 / 8 = 0.162262 in score, [0.337738, 0.662262], about -117.4 to +117.4
 * Elo: neither settled nor within 20 Elo, so it goes on; within 120 Elo it stops. */
START_TEST(stops_by_hand)
{
    sequential_plan_t plan;
    sequential_plan_init(&plan, 1000, 64, 0.95, 20);
    sequential_tally_t even = {0}, strong = {0};
    for (int k = 0; k < 64; k++) {
        sequential_add(&strong, 0.75);
        sequential_add(&even, k % 2);
        if (k < 63) ck_assert(!sequential_stops(&plan, &strong) && !sequential_stops(&plan, &even));
    }
    double elo, low, high;
    sequential_elo(&plan, &strong, &elo, &low, &high);
    ck_assert_double_eq_tol(elo, 190.848501, 1e-5);
    ck_assert_double_eq_tol(low, elo, 1e-9);
    ck_assert(sequential_stops(&plan, &strong));
    sequential_elo(&plan, &even, &elo, &low, &high);
    ck_assert_double_eq_tol(low, stats_elo_from_score(0.337738), 0.05);
    ck_assert_double_eq_tol(high, -low, 1e-9);
    ck_assert(!sequential_stops(&plan, &even));
    sequential_plan_init(&plan, 1000, 64, 0.95, 120);
    ck_assert(sequential_stops(&plan, &even));
    /* the cap ends any run */
    sequential_plan_init(&plan, 70, 64, 0.95, 0);
    for (int k = 64; k < 70; k++) sequential_add(&even, k % 2);
    ck_assert(sequential_stops(&plan, &even));
}
END_TEST

/* Share of `runs` comparisons of true score p whose stopping interval holds the truth, and
 * their mean length in blocks. */
static double coverage(double p, double confidence_each_look, bool corrected, int runs, double *mean_blocks)
{
    sequential_plan_t plan;
    sequential_plan_init(&plan, 4096, SEQUENTIAL_FIRST_LOOK, 0.95, 20);
    if (!corrected) { /* the naive rule: 95% at every look */
        plan.level = confidence_each_look;
        plan.z = stats_normal_quantile(0.5 + confidence_each_look / 2);
    }
    double truth = stats_elo_from_score(p);
    pcg32_t rng;
    pcg32_seed(&rng, 2026, 12);
    int covered = 0;
    double blocks = 0;
    uint32_t threshold = (uint32_t)(p * 4294967296.0);
    for (int run = 0; run < runs; run++) {
        sequential_tally_t tally = {0};
        do {
            int wins = (pcg32_next(&rng) < threshold) + (pcg32_next(&rng) < threshold);
            sequential_add(&tally, wins / 2.0);
        } while (!sequential_stops(&plan, &tally));
        double elo, low, high;
        sequential_elo(&plan, &tally, &elo, &low, &high);
        covered += low <= truth && truth <= high;
        blocks += (double)tally.blocks;
    }
    *mean_blocks = blocks / runs;
    return covered / (double)runs;
}

/* Where a comparison is expected to stop: blocks alternating 0.4 and 0.6 (mean 1/2) in a
 * 20-Elo plan of 100,000 blocks. Scaled up to any count with the same mean and spread, the
 * tally must stop at the look expected from 64 blocks and not at the look before it; one
 * that has stopped is expected where it is; a clean sweep at the next look. */
START_TEST(expects_the_look_that_answers)
{
    sequential_plan_t plan;
    sequential_plan_init(&plan, 100000, 64, 0.95, 20);
    sequential_tally_t seen = {0};
    for (int k = 0; k < 64; k++) sequential_add(&seen, k % 2 ? 0.6 : 0.4);
    ck_assert(!sequential_stops(&plan, &seen));
    int64_t end = sequential_expected_stop(&plan, &seen);
    ck_assert(sequential_is_look(&plan, end));
    ck_assert_int_gt(end, 64);
    double mean2 = seen.sum2 / (double)seen.blocks;
    sequential_tally_t at_end = {end, 0.5 * (double)end, mean2 * (double)end};
    sequential_tally_t before = {end / 2, 0.5 * (double)(end / 2), mean2 * (double)(end / 2)};
    ck_assert_msg(sequential_stops(&plan, &at_end), "expected at %lld, which does not answer", (long long)end);
    ck_assert_msg(!sequential_stops(&plan, &before), "the look before %lld answers already", (long long)end);
    ck_assert_int_eq(sequential_expected_stop(&plan, &at_end), end);
    /* fewer than two blocks say nothing: the cap */
    sequential_tally_t one = {0};
    sequential_add(&one, 0.5);
    ck_assert_int_eq(sequential_expected_stop(&plan, &one), 100000);
    /* every block won, 10 blocks in: an infinite Elo, settled at the first look */
    sequential_tally_t sweep = {0};
    for (int k = 0; k < 10; k++) sequential_add(&sweep, 1.0);
    ck_assert_int_eq(sequential_expected_stop(&plan, &sweep), 64);
}
END_TEST

START_TEST(intervals_cover_under_the_stopping)
{
    static const double scores[] = {0.5, 0.52, 0.56, 0.65};
    enum { RUNS = 2000 };
    for (size_t k = 0; k < sizeof scores / sizeof scores[0]; k++) {
        double blocks, share = coverage(scores[k], 0, true, RUNS, &blocks);
        ck_assert_msg(share >= 0.94, "true score %.2f: the stopping intervals hold the truth in %.1f%% of %d runs "
                      "(mean %.0f blocks)", scores[k], 100 * share, RUNS, blocks);
    }
    double blocks, naive = coverage(0.5, 0.95, false, RUNS, &blocks);
    ck_assert_msg(naive < 0.90, "uncorrected 95%% looks held an even pair's truth in %.1f%% of runs: the test cannot "
                  "tell a rule without the correction", 100 * naive);
}
END_TEST

static Suite *sequential_suite(void)
{
    Suite *s = suite_create("sequential");
    TCase *tc = tcase_create("rule");
    tcase_add_test(tc, looks_double_up_to_the_cap);
    tcase_add_test(tc, stops_by_hand);
    tcase_add_test(tc, expects_the_look_that_answers);
    tcase_add_test(tc, intervals_cover_under_the_stopping);
    tcase_set_timeout(tc, 600); /* a safety net, not a measure: a loaded machine is slow */
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *runner = srunner_create(sequential_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? 1 : 0;
}
