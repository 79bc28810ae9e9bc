/* test_sprt.c - Check suite for analysis/sprt.{h,c}.
 *
 * Fixed numbers are worked out in the comments (the trinomial case in closed form, the
 * pentanomial one with its Lagrange roots written out so each q can be checked). The
 * operating characteristic is measured by simulation: blocks drawn from a fixed
 * pentanomial distribution whose mean is s0 (or s1), the test run to a verdict many times,
 * and the share of wrong verdicts compared with alpha (or beta) plus three binomial
 * standard errors of that share. Every draw comes from a fixed PCG32 stream, so the
 * suite passes or fails the same way on every run.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pcg32.h"
#include "sprt.h"
#include "stats.h"

enum { ERROR_SIZE = 256, PENTANOMIAL = 5, MAX_BLOCKS_PER_RUN = 2000000 };

static const double TOLERANCE = 1e-6;
static const double Z = 1.959963984540054;

#define ck_assert_close(got, expected) ck_assert_double_eq_tol((got), (expected), TOLERANCE)

static sprt_tally_t tally_of(int games_per_block, const int64_t *counts)
{
    sprt_tally_t tally;
    sprt_tally_init(&tally, games_per_block);
    for (int k = 0; k <= 2 * games_per_block; k++)
        for (int64_t i = 0; i < counts[k]; i++) sprt_tally_add(&tally, k);
    return tally;
}

/* ---- setup ---- */

START_TEST(test_wald_bounds)
{
    /* alpha = beta = 0.05: lower = ln(0.05/0.95) = -ln 19 = -2.944438979166,
     * upper = ln(0.95/0.05) = ln 19. alpha = 0.05, beta = 0.1: lower = ln(0.1/0.95)
     * = -2.251291798607, upper = ln(0.9/0.05) = ln 18 = 2.890371757896. */
    sprt_test_t test;
    char error[ERROR_SIZE] = "";
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, 0.0, 5.0, error, sizeof error), 0);
    ck_assert_close(test.lower, -2.944438979166);
    ck_assert_close(test.upper, 2.944438979166);
    ck_assert_double_eq(test.alpha, 0.05);
    ck_assert_double_eq(test.elo1, 5.0);
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.1, -3.0, 2.0, error, sizeof error), 0);
    ck_assert_close(test.lower, -2.251291798607);
    ck_assert_close(test.upper, 2.890371757896);
}
END_TEST

START_TEST(test_init_rejects_bad_parameters)
{
    static const double bad[][4] = {
        {0.0, 0.05, 0, 5}, {1.0, 0.05, 0, 5}, {0.05, 0.0, 0, 5}, {0.05, 1.5, 0, 5}, {0.6, 0.5, 0, 5},
        {0.05, 0.05, 5, 5}, {0.05, 0.05, 6, 5}, {NAN, 0.05, 0, 5}, {0.05, 0.05, 0, INFINITY},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sprt_test_t test;
        char error[ERROR_SIZE] = "";
        ck_assert_int_eq(sprt_init(&test, bad[i][0], bad[i][1], bad[i][2], bad[i][3], error, sizeof error), -1);
        ck_assert_msg(strncmp(error, "sprt: ", 6) == 0 && strchr(error, '\n') == NULL, "message '%s'", error);
    }
}
END_TEST

START_TEST(test_decide_at_the_bounds)
{
    sprt_test_t test;
    char error[ERROR_SIZE];
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, 0.0, 5.0, error, sizeof error), 0);
    ck_assert_int_eq(sprt_decide(&test, 0.0), SPRT_CONTINUE);
    ck_assert_int_eq(sprt_decide(&test, test.upper), SPRT_ACCEPT_H1);
    ck_assert_int_eq(sprt_decide(&test, test.upper + 1.0), SPRT_ACCEPT_H1);
    ck_assert_int_eq(sprt_decide(&test, nextafter(test.upper, 0.0)), SPRT_CONTINUE);
    ck_assert_int_eq(sprt_decide(&test, test.lower), SPRT_ACCEPT_H0);
    ck_assert_int_eq(sprt_decide(&test, -100.0), SPRT_ACCEPT_H0);
    ck_assert_int_eq(sprt_decide(&test, nextafter(test.lower, 0.0)), SPRT_CONTINUE);
}
END_TEST

/* Where the test is expected to end: at the pace of its LLR so far, the block at which it
 * meets the bound it heads for (2.944 / 1.0 per 100 blocks: 295), the cap when that is
 * beyond it or there is no pace, and where it is once decided. */
START_TEST(test_expected_blocks)
{
    sprt_test_t test;
    char error[ERROR_SIZE];
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, 0.0, 5.0, error, sizeof error), 0);
    ck_assert_int_eq(sprt_expected_blocks(&test, 1.0, 100, 100000), (int64_t)ceil(100 * test.upper));
    ck_assert_int_eq(sprt_expected_blocks(&test, -0.5, 100, 100000), (int64_t)ceil(100 * test.lower / -0.5));
    ck_assert_int_eq(sprt_expected_blocks(&test, 0.01, 100, 1000), 1000);
    ck_assert_int_eq(sprt_expected_blocks(&test, 0.0, 100, 1000), 1000);
    ck_assert_int_eq(sprt_expected_blocks(&test, test.upper, 40, 1000), 40);
}
END_TEST

/* ---- the tally ---- */

START_TEST(test_tally_counts)
{
    sprt_tally_t tally;
    sprt_tally_init(&tally, 2);
    ck_assert_int_eq(tally.games_per_block, 2);
    ck_assert_int_eq(tally.blocks, 0);
    sprt_tally_add(&tally, 0);
    sprt_tally_add(&tally, 4);
    sprt_tally_add(&tally, 4);
    sprt_tally_add(&tally, 3);
    ck_assert_int_eq(tally.blocks, 4);
    ck_assert_int_eq(tally.count[0], 1);
    ck_assert_int_eq(tally.count[1], 0);
    ck_assert_int_eq(tally.count[3], 1);
    ck_assert_int_eq(tally.count[4], 2);
}
END_TEST

/* ---- the log-likelihood ratio ---- */

START_TEST(test_llr_empty_is_zero)
{
    sprt_tally_t tally;
    sprt_tally_init(&tally, 2);
    ck_assert_double_eq(sprt_llr(&tally, 0.0, 5.0), 0.0);
}
END_TEST

START_TEST(test_llr_trinomial_closed_form)
{
    /* One game a block (R = 1): values 0, 1/2, 1 seen 2, 3, 5 times, p = (0.2, 0.3, 0.5).
     * H0: elo0 = 0, s0 = 1/2, d = (-1/2, 0, 1/2). The condition
     *   0.2 (-0.5)/(1 - 0.5 l) + 0.25/(1 + 0.5 l) = 0  <=>  -0.1 (1 + 0.5 l) + 0.25 (1 - 0.5 l) = 0
     *   <=> 0.15 = 0.175 l, l0 = 6/7.
     * q(s0) = (0.2/(4/7), 0.3, 0.5/(10/7)) = (0.35, 0.3, 0.35): sums to 1, mean 0.5.
     * H1: elo1 = 400 log10(1.5), s1 = 1/(1 + 1/1.5) = 0.6, d = (-0.6, -0.1, 0.4). Multiplying
     *   -0.12/(1 - 0.6 l) - 0.03/(1 - 0.1 l) + 0.2/(1 + 0.4 l) = 0 through by the three
     *   denominators: -0.12 (1 + 0.3 l - 0.04 l^2) - 0.03 (1 - 0.2 l - 0.24 l^2)
     *   + 0.2 (1 - 0.7 l + 0.06 l^2) = 0.05 - 0.17 l + 0.024 l^2 = 0,
     *   l = (0.17 -+ sqrt(0.0289 - 0.0048)) / 0.048 = (0.17 -+ 0.155241746963) / 0.048:
     *   0.307463604946 (the other root, 6.776, is outside (-1/0.4, 1/0.6)).
     * q(s1) = (0.2/0.815521837032, 0.3/0.969253639505, 0.5/1.122985441978)
     *       = (0.245241746963, 0.309516506075, 0.445241746963): sums to 1, mean 0.6.
     * LLR = 2 ln(0.245241746963/0.35) + 3 ln(0.309516506075/0.3) + 5 ln(0.445241746963/0.35)
     *     = 2 (-0.355688708133) + 3 (0.031228947467) + 5 (0.240684231776) = 0.585730585018. */
    static const int64_t counts[] = {2, 3, 5};
    sprt_tally_t tally = tally_of(1, counts);
    ck_assert_close(sprt_llr(&tally, 0.0, 400.0 * log10(1.5)), 0.585730585018);
    /* Swapping the hypotheses negates the ratio. */
    ck_assert_close(sprt_llr(&tally, 400.0 * log10(1.5), 0.0), -0.585730585018);
}
END_TEST

START_TEST(test_llr_pentanomial)
{
    /* Two games a block: values 0, 1/4, 1/2, 3/4, 1 seen 3, 10, 20, 12, 5 times (50 blocks,
     * p = (0.06, 0.2, 0.4, 0.24, 0.1), mean 26.5/50 = 0.53). elo0 = 0, elo1 = 10:
     * s0 = 0.5, s1 = 1/(1 + 10^(-1/40)) = 0.514387184166.
     * Roots of sum p_k d_k / (1 + l d_k) = 0 (found by bisection to 30 digits):
     *   l0 = 0.445705493196: q(s0) = p_k / (1 + l0 (v_k - 0.5))
     *      = (0.06/0.777147, 0.2/0.888574, 0.4, 0.24/1.111426, 0.1/1.222853)
     *      = (0.077205446, 0.225079829, 0.4, 0.215938730, 0.081775995): sum 1, mean 0.5;
     *   l1 = 0.233602920804: q(s1) = (0.068194399, 0.213165443, 0.401348889, 0.227479561,
     *      0.089811708): sum 1, mean 0.514387.
     * LLR = 3 ln(0.068194399/0.077205446) + 10 ln(0.213165443/0.225079829)
     *     + 20 ln(0.401348889/0.4) + 12 ln(0.227479561/0.215938730)
     *     + 5 ln(0.089811708/0.081775995) = 0.244589077113. */
    static const int64_t counts[] = {3, 10, 20, 12, 5};
    sprt_tally_t tally = tally_of(2, counts);
    ck_assert_close(sprt_llr(&tally, 0.0, 10.0), 0.244589077113);
}
END_TEST

START_TEST(test_llr_symmetric_tally_is_zero)
{
    /* Counts 1, 4, 6, 4, 1 are symmetric about 1/2, and so are s0 = score(-10) and
     * s1 = score(10) = 1 - s0: q(s1) is q(s0) mirrored, so each term's log ratio is
     * cancelled by its mirror's and the LLR is 0. */
    static const int64_t counts[] = {1, 4, 6, 4, 1};
    sprt_tally_t tally = tally_of(2, counts);
    ck_assert_double_eq_tol(sprt_llr(&tally, -10.0, 10.0), 0.0, 1e-12);
}
END_TEST

START_TEST(test_llr_sign)
{
    /* More wins than H0 expects: evidence for H1; more losses: for H0. */
    static const int64_t winning[] = {2, 8, 20, 14, 6}, losing[] = {6, 14, 20, 8, 2};
    sprt_tally_t tally = tally_of(2, winning);
    ck_assert(sprt_llr(&tally, 0.0, 10.0) > 0.0);
    tally = tally_of(2, losing);
    ck_assert(sprt_llr(&tally, 0.0, 10.0) < 0.0);
    /* The losing tally's mean is 21.5/50 = 0.43; s0 = score(10) = 0.514 and s1 = score(20)
     * = 0.529 both lie above it, H1 further: evidence for H0. */
    ck_assert(sprt_llr(&tally, 10.0, 20.0) < 0.0);
}
END_TEST

START_TEST(test_llr_regularized)
{
    /* Only wins (7 blocks of value 1): without pseudo-blocks no distribution on {1} has
     * mean s0 or s1. With 1e-3 pseudo-blocks on 0, 1/4, 1/2, 3/4 the ratio is finite and
     * favours H1: 0.198632991688 (bisection to 30 digits, as in test_llr_pentanomial). */
    static const int64_t counts[] = {0, 0, 0, 0, 7};
    sprt_tally_t tally = tally_of(2, counts);
    ck_assert_close(sprt_llr(&tally, 0.0, 10.0), 0.198632991688);
    /* Two values only (R = 1, no draws), 4 wins: close to the binomial SPRT's
     * 4 ln(s1/s0) = 4 ln(2 score(50)) = 0.534367385047; the middle value's pseudo-block
     * moves it by 2e-5. */
    static const int64_t wins[] = {0, 0, 4};
    tally = tally_of(1, wins);
    ck_assert_double_eq_tol(sprt_llr(&tally, 0.0, 50.0), 0.534346662244, 1e-9);
    ck_assert_double_eq_tol(sprt_llr(&tally, 0.0, 50.0), 0.534367385047, 1e-4);
}
END_TEST

/* ---- the score ---- */

START_TEST(test_score_interval)
{
    /* Counts 1, 2, 3, 2, 2 of 0, 1/4, 1/2, 3/4, 1: 10 blocks, sum 0.5 + 1.5 + 1.5 + 2 = 5.5,
     * mean 0.55. Squared deviations 0.3025, 0.09 (x2), 0.0025 (x3), 0.04 (x2), 0.2025 (x2)
     * sum to 0.975; s^2 = 0.975/9, se = sqrt(0.975/90) = 0.104083299973; z se
     * = 0.203999519340: interval (0.346000480660, 0.753999519340). */
    static const int64_t counts[] = {1, 2, 3, 2, 2};
    sprt_tally_t tally = tally_of(2, counts);
    double score, low, high;
    sprt_score(&tally, Z, &score, &low, &high);
    ck_assert_close(score, 0.55);
    ck_assert_close(low, 0.346000480660);
    ck_assert_close(high, 0.753999519340);
}
END_TEST

START_TEST(test_score_needs_two_blocks)
{
    sprt_tally_t tally;
    sprt_tally_init(&tally, 2);
    double score, low, high;
    sprt_score(&tally, Z, &score, &low, &high);
    ck_assert(isnan(score) && isnan(low) && isnan(high));
    sprt_tally_add(&tally, 3);
    sprt_score(&tally, Z, &score, &low, &high);
    ck_assert_double_eq(score, 0.75); /* one block: its score, but no spread to measure */
    ck_assert(isnan(low) && isnan(high));
    /* Two equal blocks: no spread, a zero-width interval at 3/4. */
    sprt_tally_add(&tally, 3);
    sprt_score(&tally, Z, &score, &low, &high);
    ck_assert_double_eq(score, 0.75);
    ck_assert_double_eq(low, 0.75);
    ck_assert_double_eq(high, 0.75);
}
END_TEST

/* ---- the operating characteristic, by simulation ---- */

/* Runs per hypothesis at DOMINOLAB_TEST_SCALE (0 < scale <= 1, default 1), never fewer
 * than `floor`: the sanitizer run plays fewer. */
static int scaled_runs(int runs, int floor)
{
    const char *text = getenv("DOMINOLAB_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    if (!(scale > 0.0 && scale <= 1.0)) scale = 1.0;
    int n = (int)(runs * scale);
    return n < floor ? floor : n;
}

/* A pentanomial block distribution with a realistic draw share: shares 0.05, 0.20, 0.50,
 * 0.20, 0.05 of 0, 1/4, 1/2, 3/4, 1 (mean 1/2, variance 0.05), then `shift` moved from
 * value 0 to value 1, which adds exactly `shift` to the mean. As cumulative shares. */
static void pentanomial(double shift, double cumulative[PENTANOMIAL])
{
    const double share[PENTANOMIAL] = {0.05 - shift, 0.20, 0.50, 0.20, 0.05 + shift};
    double sum = 0.0;
    for (int k = 0; k < PENTANOMIAL; k++) cumulative[k] = sum += share[k];
    cumulative[PENTANOMIAL - 1] = 1.0;
}

static int draw_block(pcg32_t *rng, const double cumulative[PENTANOMIAL])
{
    double u = pcg32_next(rng) * (1.0 / 4294967296.0);
    int k = 0;
    while (u >= cumulative[k]) k++;
    return k;
}

/* Runs the test to a verdict `runs` times on blocks whose mean score is `mean`; returns
 * how many accepted H1. */
static int count_h1(const sprt_test_t *test, double mean, int runs, uint64_t seed)
{
    double cumulative[PENTANOMIAL];
    pentanomial(mean - 0.5, cumulative);
    pcg32_t rng;
    pcg32_seed(&rng, seed, 1);
    int h1 = 0;
    for (int run = 0; run < runs; run++) {
        sprt_tally_t tally;
        sprt_tally_init(&tally, 2);
        sprt_verdict_t verdict = SPRT_CONTINUE;
        while (verdict == SPRT_CONTINUE) {
            if (tally.blocks >= MAX_BLOCKS_PER_RUN)
                ck_abort_msg("run %d: no verdict after %d blocks", run, MAX_BLOCKS_PER_RUN);
            sprt_tally_add(&tally, draw_block(&rng, cumulative));
            verdict = sprt_decide(test, sprt_llr(&tally, test->elo0, test->elo1));
        }
        h1 += verdict == SPRT_ACCEPT_H1;
    }
    return h1;
}

/* The share of wrong verdicts may exceed the nominal rate by three binomial standard
 * errors of a share over `runs` runs (one failure in ~700 for a test exactly at its
 * nominal rate; Wald's bounds make the true rate a little lower). */
static double error_limit(double rate, int runs)
{
    return rate + 3.0 * sqrt(rate * (1.0 - rate) / runs);
}

static void check_operating_characteristic(double elo0, double elo1, int runs)
{
    sprt_test_t test;
    char error[ERROR_SIZE];
    ck_assert_int_eq(sprt_init(&test, 0.05, 0.05, elo0, elo1, error, sizeof error), 0);
    double s0 = stats_score_from_elo(elo0), s1 = stats_score_from_elo(elo1);
    double false_h1 = (double)count_h1(&test, s0, runs, 101) / runs;
    double false_h0 = 1.0 - (double)count_h1(&test, s1, runs, 202) / runs;
    ck_assert_msg(false_h1 <= error_limit(test.alpha, runs), "H0 true: H1 accepted in %.4f of %d runs", false_h1,
                  runs);
    ck_assert_msg(false_h0 <= error_limit(test.beta, runs), "H1 true: H0 accepted in %.4f of %d runs", false_h0,
                  runs);
}

START_TEST(test_operating_characteristic_wide)
{
    /* elo0 = 0, elo1 = 20: s1 - s0 = 0.0287, a few hundred blocks a run. */
    check_operating_characteristic(0.0, 20.0, scaled_runs(4000, 500));
}
END_TEST

START_TEST(test_operating_characteristic_narrow)
{
    /* elo0 = 0, elo1 = 5: s1 - s0 = 0.0072, several thousand blocks a run. */
    check_operating_characteristic(0.0, 5.0, scaled_runs(1000, 200));
}
END_TEST

static Suite *sprt_suite(void)
{
    Suite *s = suite_create("sprt");

    TCase *tc = tcase_create("setup");
    tcase_add_test(tc, test_wald_bounds);
    tcase_add_test(tc, test_init_rejects_bad_parameters);
    tcase_add_test(tc, test_decide_at_the_bounds);
    tcase_add_test(tc, test_expected_blocks);
    tcase_add_test(tc, test_tally_counts);
    suite_add_tcase(s, tc);

    tc = tcase_create("llr");
    tcase_add_test(tc, test_llr_empty_is_zero);
    tcase_add_test(tc, test_llr_trinomial_closed_form);
    tcase_add_test(tc, test_llr_pentanomial);
    tcase_add_test(tc, test_llr_symmetric_tally_is_zero);
    tcase_add_test(tc, test_llr_sign);
    tcase_add_test(tc, test_llr_regularized);
    suite_add_tcase(s, tc);

    tc = tcase_create("score");
    tcase_add_test(tc, test_score_interval);
    tcase_add_test(tc, test_score_needs_two_blocks);
    suite_add_tcase(s, tc);

    tc = tcase_create("operating_characteristic");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_operating_characteristic_wide);
    tcase_add_test(tc, test_operating_characteristic_narrow);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(sprt_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
