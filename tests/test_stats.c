/* test_stats.c - Check suite for analysis/stats.{h,c}.
 *
 * Every expected number below was worked out by hand from the closed forms (the arithmetic
 * is in the comments), never by calling stats.c, so a wrong formula fails. Throughout,
 * z = 1.959963984540054 and z^2 = 3.8414588206941254. Doubles are compared to 1e-6 unless
 * the value is exact; the CSV is compared byte for byte.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "stats.h"

enum { LINE_SIZE = 1024, CSV_SIZE = 4096 };

static const double Z = 1.959963984540054;
static const double Z2 = 3.8414588206941254; /* Z * Z */
static const double TOLERANCE = 1e-6;

#define ck_assert_close(got, expected) ck_assert_double_eq_tol((got), (expected), TOLERANCE)

static const char expected_header[] =
    "scope,agent,seat,games,wins,draws,losses,score,score_low,score_high,share,share_low,share_high,"
    "mean_points_per_hand,se_points_per_hand,mean_points_per_match,se_points_per_match,"
    "mean_margin,se_margin,blocks,elo,elo_low,elo_high,closes,failed_closes,failed_close_rate,illegal_moves,timeouts,"
    "crashes,name\n";

/* ---- helpers ---- */

/* Everything `write` puts on a stream, as a string (tmpfile: no name left behind). */
static void capture(void (*write)(FILE *, const void *), const void *arg, char *text, size_t size)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    write(f, arg);
    rewind(f);
    size_t length = fread(text, 1, size - 1, f);
    ck_assert_int_eq(ferror(f), 0);
    text[length] = '\0';
    fclose(f);
}

static void write_field(FILE *f, const void *text)
{
    stats_csv_field(f, text);
}

typedef struct rows {
    const stats_summary_row_t *rows;
    int count;
} rows_t;

static void write_rows(FILE *f, const void *arg)
{
    const rows_t *r = arg;
    ck_assert_int_eq(stats_write_summary_csv(f, r->rows, r->count), 0);
}

/* The CSV of `count` rows; checks the header and returns the text after it. */
static const char *summary_body(const stats_summary_row_t *rows, int count, char *text, size_t size)
{
    rows_t r = {rows, count};
    capture(write_rows, &r, text, size);
    size_t header_length = strlen(expected_header);
    ck_assert_msg(strncmp(text, expected_header, header_length) == 0, "header: %s", text);
    return text + header_length;
}

/* ---- Wilson ---- */

START_TEST(test_wilson_none_of_ten)
{
    /* k = 0: low = 0 exactly; high = z^2/(n + z^2) = 3.841459/13.841459 = 0.277533. */
    double low, high;
    stats_wilson(0, 10, Z, &low, &high);
    ck_assert_double_eq(low, 0.0);
    ck_assert_close(high, 0.277532799863);
    ck_assert_close(high, Z2 / (10 + Z2));
}
END_TEST

START_TEST(test_wilson_half_of_ten)
{
    /* Centre (2k + z^2)/(2(n + z^2)) = 13.841459/27.682918 = 0.5. Half-width
     * z*sqrt(z^2 + 4*5*5/10)/(2(n + z^2)) = 1.959964*sqrt(13.841459)/27.682918
     * = 1.959964*3.720411/27.682918 = 7.291872/27.682918 = 0.263407.
     * Interval 0.5 -+ 0.263407 = (0.236593, 0.763407). */
    double low, high;
    stats_wilson(5, 10, Z, &low, &high);
    ck_assert_close(low, 0.236593090513);
    ck_assert_close(high, 0.763406909487);
}
END_TEST

START_TEST(test_wilson_all_of_ten)
{
    /* k = n: low = n/(n + z^2) = 10/13.841459 = 0.722467; high = 1 exactly. */
    double low, high;
    stats_wilson(10, 10, Z, &low, &high);
    ck_assert_close(low, 0.722467200137);
    ck_assert_double_eq(high, 1.0);
}
END_TEST

START_TEST(test_wilson_one_of_one)
{
    /* k = n = 1: low = 1/(1 + z^2) = 1/4.841459 = 0.206549; high = 1. */
    double low, high;
    stats_wilson(1, 1, Z, &low, &high);
    ck_assert_close(low, 0.206549314377);
    ck_assert_double_eq(high, 1.0);
}
END_TEST

START_TEST(test_wilson_527_of_1000)
{
    /* p = 0.527, z^2/n = 0.0038414588.
     * centre = (p + z^2/2n)/(1 + z^2/n) = 0.5289207294/1.0038414588 = 0.5268966775
     * half = z/(1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2)
     *      = 1.959964/1.0038414588 * sqrt(0.000249271 + 0.00000096036)
     *      = 1.952464 * 0.0158187030 = 0.0308854430
     * interval = (0.4960112345, 0.5577821205). */
    double low, high;
    stats_wilson(527, 1000, Z, &low, &high);
    ck_assert_close(low, 0.496011234510);
    ck_assert_close(high, 0.557782120532);
}
END_TEST

START_TEST(test_wilson_no_trials_is_nan)
{
    double low = 0.0, high = 0.0;
    stats_wilson(0, 0, Z, &low, &high);
    ck_assert(isnan(low) && isnan(high));
}
END_TEST

START_TEST(test_wilson_mirror_and_contains_p)
{
    /* Swapping successes and failures mirrors the interval around 1/2, and the interval
     * always holds p = k/n. */
    enum { N = 7 };
    for (int k = 0; k <= N; k++) {
        double low, high, mirror_low, mirror_high;
        stats_wilson(k, N, Z, &low, &high);
        stats_wilson(N - k, N, Z, &mirror_low, &mirror_high);
        ck_assert_double_eq_tol(low, 1.0 - mirror_high, 1e-12);
        ck_assert_double_eq_tol(high, 1.0 - mirror_low, 1e-12);
        ck_assert(low <= (double)k / N && (double)k / N <= high);
        ck_assert(low >= 0.0 && high <= 1.0);
    }
}
END_TEST

/* ---- Elo ---- */

START_TEST(test_elo_even_is_positive_zero)
{
    /* -400*log10(1/0.5 - 1) = -400*log10(1) = 0; +0, so the CSV never shows -0. */
    double elo = stats_elo_from_score(0.5);
    ck_assert_double_eq(elo, 0.0);
    ck_assert(!signbit(elo));
}
END_TEST

START_TEST(test_elo_three_to_one)
{
    /* -400*log10(1/0.75 - 1) = -400*log10(1/3) = 400*0.47712125472 = 190.848501887865. */
    ck_assert_close(stats_elo_from_score(0.75), 190.848501887865);
    ck_assert_close(stats_elo_from_score(0.25), -190.848501887865);
}
END_TEST

START_TEST(test_elo_064)
{
    /* -400*log10(1/0.64 - 1) = -400*log10(0.5625) = 400*log10(16/9)
     * = 400*(1.20411998266 - 0.95424250944) = 400*0.24987747322 = 99.950989288. */
    ck_assert_close(stats_elo_from_score(0.64), 99.950989286640);
}
END_TEST

START_TEST(test_elo_extremes)
{
    ck_assert(isinf(stats_elo_from_score(1.0)) && stats_elo_from_score(1.0) > 0);
    ck_assert(isinf(stats_elo_from_score(0.0)) && stats_elo_from_score(0.0) < 0);
    ck_assert(isnan(stats_elo_from_score(NAN)));
}
END_TEST

START_TEST(test_score_from_elo_known_values)
{
    /* 1/(1 + 10^0) = 1/2 exactly; 1/(1 + 10^-1) = 1/1.1 = 10/11 = 0.909090...; 1/(1 + 10^1) = 1/11. */
    ck_assert_double_eq(stats_score_from_elo(0.0), 0.5);
    ck_assert_double_eq_tol(stats_score_from_elo(400.0), 10.0 / 11.0, 1e-15);
    ck_assert_double_eq_tol(stats_score_from_elo(-400.0), 1.0 / 11.0, 1e-15);
    /* 3/4 is 400 log10(3) = 190.848501887865 (see test_elo_three_to_one). */
    ck_assert_double_eq_tol(stats_score_from_elo(190.848501887865), 0.75, 1e-12);
    ck_assert_double_eq(stats_score_from_elo(INFINITY), 1.0);
    ck_assert_double_eq(stats_score_from_elo(-INFINITY), 0.0);
    ck_assert(isnan(stats_score_from_elo(NAN)));
}
END_TEST

START_TEST(test_score_from_elo_inverts_elo_from_score)
{
    static const double elos[] = {-1000.0, -400.0, -37.5, 0.0, 1e-6, 123.4, 800.0};
    for (size_t i = 0; i < sizeof elos / sizeof elos[0]; i++)
        ck_assert_double_eq_tol(stats_elo_from_score(stats_score_from_elo(elos[i])), elos[i], 1e-9);
    static const double scores[] = {0.001, 0.25, 0.5, 0.64, 0.999};
    for (size_t i = 0; i < sizeof scores / sizeof scores[0]; i++)
        ck_assert_double_eq_tol(stats_score_from_elo(stats_elo_from_score(scores[i])), scores[i], 1e-14);
}
END_TEST

/* ---- the normal distribution ---- */

START_TEST(test_normal_cdf_known_values)
{
    /* Phi(0) = 1/2; Phi(1.959963984540054) = 0.975 (the 95% two-sided quantile; to
     * 30 digits Phi of this double is 0.97499999999999998623); Phi(-x) = 1 - Phi(x). */
    ck_assert_double_eq(stats_normal_cdf(0.0), 0.5);
    ck_assert_double_eq_tol(stats_normal_cdf(Z), 0.975, 1e-15);
    ck_assert_double_eq_tol(stats_normal_cdf(-Z), 0.025, 1e-15);
    for (double x = -8.0; x <= 8.0; x += 0.25)
        ck_assert_double_eq_tol(stats_normal_cdf(-x), 1.0 - stats_normal_cdf(x), 1e-15);
    ck_assert_double_eq(stats_normal_cdf(-INFINITY), 0.0);
    ck_assert_double_eq(stats_normal_cdf(INFINITY), 1.0);
}
END_TEST

START_TEST(test_normal_quantile_known_values)
{
    /* Reference values of Phi^-1 to 30 digits (sqrt(2) erfinv(2p - 1)):
     *   p = 0.975 -> 1.95996398454005423552
     *   p = 0.001 -> -3.09023230616781354154
     *   p = 0.3   -> -0.52440051270804078404
     *   p = 1e-10 -> -6.36134090240405620470 (the far tail, where a plain rational
     *                approximation without the refining step is off in the 9th digit). */
    ck_assert_double_eq_tol(stats_normal_quantile(0.975), 1.959963984540054, 1e-12);
    ck_assert_double_eq_tol(stats_normal_quantile(0.001), -3.090232306167814, 1e-12);
    ck_assert_double_eq_tol(stats_normal_quantile(0.3), -0.524400512708041, 1e-12);
    ck_assert_double_eq_tol(stats_normal_quantile(1e-10), -6.361340902404056, 1e-11);
    ck_assert_double_eq_tol(stats_normal_quantile(0.5), 0.0, 1e-15);
    ck_assert(isinf(stats_normal_quantile(0.0)) && stats_normal_quantile(0.0) < 0);
    ck_assert(isinf(stats_normal_quantile(1.0)) && stats_normal_quantile(1.0) > 0);
    ck_assert(isnan(stats_normal_quantile(-0.1)) && isnan(stats_normal_quantile(NAN)));
}
END_TEST

START_TEST(test_normal_quantile_symmetric_and_inverse)
{
    /* Phi^-1(1 - p) = -Phi^-1(p) for p whose 1 - p is exact, and Phi(Phi^-1(p)) = p across
     * the body and both tails (including the switches between formulas at 0.02425). */
    static const double ps[] = {0.5, 0.3, 0.125, 0.0625, 0.025, 0.02425, 0.015625, 0.001};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        ck_assert_double_eq_tol(stats_normal_quantile(1.0 - ps[i]), -stats_normal_quantile(ps[i]), 1e-12);
    for (double p = 1e-12; p < 1.0; p = p < 0.01 ? p * 3.0 : p + 0.01) {
        double x = stats_normal_quantile(p);
        ck_assert_msg(fabs(stats_normal_cdf(x) - p) <= 1e-13 * p + 1e-16, "Phi(Phi^-1(%g)) = %.17g", p,
                      stats_normal_cdf(x));
    }
}
END_TEST

/* ---- mean and standard error ---- */

START_TEST(test_mean_se_one_to_four)
{
    /* 1,2,3,4: n = 4, sum = 10, sum of squares = 1+4+9+16 = 30. mean = 2.5;
     * s^2 = (30 - 10^2/4)/3 = 5/3 = 1.666667; SE = sqrt(5/3/4) = sqrt(0.416667) = 0.645497. */
    double mean, se;
    stats_mean_se(4, 10, 30, &mean, &se);
    ck_assert_double_eq(mean, 2.5);
    ck_assert_close(se, 0.645497224368);
}
END_TEST

/* The real-valued twin on the same numbers, then halves: 0.5, 1, 1.5, 2 have mean 1.25 and
 * SE 0.645497 / 2 = 0.322749; one value has no SE, none no mean. */
START_TEST(test_mean_se_real_by_hand)
{
    double mean, se;
    stats_mean_se_real(4, 10, 30, &mean, &se);
    ck_assert_double_eq(mean, 2.5);
    ck_assert_close(se, 0.645497224368);
    stats_mean_se_real(4, 5, 7.5, &mean, &se);
    ck_assert_double_eq(mean, 1.25);
    ck_assert_close(se, 0.322748612184);
    stats_mean_se_real(1, 3.5, 12.25, &mean, &se);
    ck_assert_double_eq(mean, 3.5);
    ck_assert(isnan(se));
    stats_mean_se_real(0, 0, 0, &mean, &se);
    ck_assert(isnan(mean) && isnan(se));
}
END_TEST

START_TEST(test_mean_se_negative)
{
    /* -3,-1,0,2: sum = -2, squares 9+1+0+4 = 14. mean = -0.5;
     * s^2 = (14 - 4/4)/3 = 13/3; SE = sqrt(13/12) = 1.040833. */
    double mean, se;
    stats_mean_se(4, -2, 14, &mean, &se);
    ck_assert_double_eq(mean, -0.5);
    ck_assert_close(se, 1.040832999733);
    /* -7,-5,-4: sum = -16, squares 49+25+16 = 90. mean = -16/3 = -5.333333;
     * s^2 = (90 - 256/3)/2 = (14/3)/2 = 7/3; SE = sqrt(7/9) = 0.881917. */
    stats_mean_se(3, -16, 90, &mean, &se);
    ck_assert_close(mean, -5.333333333333);
    ck_assert_close(se, 0.881917103688);
}
END_TEST

START_TEST(test_mean_se_large_offset)
{
    /* 10^9 + {1,2,3,4}: sum = 4,000,000,010; sum of squares = 4*10^18 + 2*10^9*10 + 30
     * = 4,000,000,020,000,000,030. Mean 1,000,000,002.5 and, as for 1..4, SE 0.645497.
     * sum_squared/n - mean^2 in doubles gives 0 here (the ulp at 10^18 is 128). */
    double mean, se;
    stats_mean_se(4, INT64_C(4000000010), INT64_C(4000000020000000030), &mean, &se);
    ck_assert_double_eq(mean, 1000000002.5);
    ck_assert_close(se, 0.645497224368);
}
END_TEST

START_TEST(test_mean_se_small_samples)
{
    double mean, se;
    stats_mean_se(1, 7, 49, &mean, &se);
    ck_assert_double_eq(mean, 7.0);
    ck_assert(isnan(se));
    stats_mean_se(0, 0, 0, &mean, &se);
    ck_assert(isnan(mean) && isnan(se));
    /* 5,5,5: no spread, SE exactly 0. */
    stats_mean_se(3, 15, 75, &mean, &se);
    ck_assert_double_eq(mean, 5.0);
    ck_assert_double_eq(se, 0.0);
}
END_TEST

/* ---- paired score and the whole estimate ---- */

/* Three blocks of two games with S = 4, 2, 1 (S = 2*wins + draws in the block):
 * block 1 won twice, block 2 one win and one loss, block 3 one draw and one loss. */
static stats_totals_t three_blocks(void)
{
    return (stats_totals_t){
        .games = 6, .wins = 3, .draws = 1, .losses = 2,
        .blocks = 3, .block_score2 = 4 + 2 + 1, .block_score2_squared = 16 + 4 + 1, .block_games = 2,
    };
}

START_TEST(test_paired_three_blocks)
{
    /* m_b = S/4 = 1, 0.5, 0.25; mean = 1.75/3 = 0.583333.
     * deviations 0.416667, -0.083333, -0.333333; squares 0.173611 + 0.006944 + 0.111111
     * = 0.291667; s^2 = 0.291667/2 = 0.145833; SE = sqrt(0.145833/3) = 0.220479.
     * z*SE = 0.432131: interval (0.151202, 1.015465) -> high clamped to 1.
     * elo = 400*log10(0.583333/0.416667) = 400*log10(1.4) = 400*0.146128 = 58.451214;
     * elo_low = 400*log10(0.151202/0.848798) = 400*(-0.749247) = -299.698869; elo_high = inf. */
    stats_totals_t t = three_blocks();
    stats_estimate_t e;
    stats_estimate(&t, Z, &e);
    ck_assert_close(e.score, 0.583333333333);
    ck_assert_close(e.score_low, 0.151201893189);
    ck_assert_double_eq(e.score_high, 1.0);
    ck_assert_close(e.elo, 58.451214271295);
    ck_assert_close(e.elo_low, -299.698869303182);
    ck_assert(isinf(e.elo_high) && e.elo_high > 0);
    /* no shares counted here, so no share interval either way: 0 of 6 */
    ck_assert_double_eq(e.share, 0.0);
}
END_TEST

START_TEST(test_paired_symmetric)
{
    /* S = 3, 2, 1 with two games a block: m_b = 0.75, 0.5, 0.25, mean 0.5;
     * s^2 = (0.0625 + 0 + 0.0625)/2 = 0.0625; SE = sqrt(0.0625/3) = 0.144338;
     * z*SE = 0.282896: interval (0.217104, 0.782896).
     * elo = 0; elo ends = 400*log10(0.782896/0.217104) = +-400*log10(3.606122) = +-222.814943. */
    stats_totals_t t = {.blocks = 3, .block_score2 = 6, .block_score2_squared = 9 + 4 + 1, .block_games = 2,
                        .games = 6, .wins = 2, .draws = 2, .losses = 2};
    stats_estimate_t e;
    stats_estimate(&t, Z, &e);
    ck_assert_double_eq(e.score, 0.5);
    ck_assert_close(e.score_low, 0.217103566481);
    ck_assert_close(e.score_high, 0.782896433519);
    ck_assert_double_eq(e.elo, 0.0);
    ck_assert_close(e.elo_low, -222.814942693168);
    ck_assert_close(e.elo_high, 222.814942693168);
}
END_TEST

START_TEST(test_paired_too_few_blocks)
{
    /* One block (S = 3 of 4): score 0.75, no spread to estimate, so no interval. */
    stats_totals_t one = {.games = 2, .wins = 1, .draws = 1, .blocks = 1, .block_score2 = 3,
                          .block_score2_squared = 9, .block_games = 2};
    stats_estimate_t e;
    stats_estimate(&one, Z, &e);
    ck_assert_double_eq(e.score, 0.75);
    ck_assert(isnan(e.score_low) && isnan(e.score_high));
    ck_assert_close(e.elo, 190.848501887865);
    ck_assert(isnan(e.elo_low) && isnan(e.elo_high));

    stats_totals_t none = {0};
    stats_estimate(&none, Z, &e);
    ck_assert(isnan(e.score) && isnan(e.score_low));
    ck_assert(isnan(e.mean_points_per_hand) && isnan(e.mean_margin));
    ck_assert(isnan(e.score) && isnan(e.elo));
}
END_TEST

START_TEST(test_share_splits_ties)
{
    /* Three sides, one game a block, four blocks: a win, a 3-way tie, a 2-way tie, a loss.
     * Shares (of 840): 840, 280, 420, 0 -> sum 1540; share = 1540/3360 = 0.458333; the score
     * counts each draw as a half: (1 + 0.5 + 0.5 + 0)/4 = 0.5.
     * Per-block shares m = 1, 1/3, 1/2, 0; mean 0.458333; squares sum 1 + 1/9 + 1/4 = 1.361111;
     * s^2 = (1.361111 - 4 * 0.458333^2)/3 = (1.361111 - 0.840278)/3 = 0.173611;
     * SE = sqrt(0.173611/4) = 0.208333; z*SE = 0.408326: (0.050007, 0.866659). */
    stats_totals_t t = {.games = 4, .wins = 1, .draws = 2, .losses = 1, .shares = 1540, .blocks = 4,
                        .block_score2 = 2 + 1 + 1, .block_score2_squared = 4 + 1 + 1, .block_shares = 1540,
                        .block_shares_squared = 840 * 840 + 280 * 280 + 420 * 420, .block_games = 1};
    stats_estimate_t e;
    stats_estimate(&t, Z, &e);
    ck_assert_close(e.score, 0.5);
    ck_assert_close(e.share, 0.458333333333);
    ck_assert_close(e.share_low, 0.050007006);
    ck_assert_close(e.share_high, 0.866659661);
}
END_TEST

START_TEST(test_estimate_match_mode)
{
    /* One match of 3 hands scoring 30, 50, 70 (final score 150), margin 20:
     * per hand mean 50, s^2 = (8300 - 150^2/3)/2 = 800/2 = 400, SE = sqrt(400/3) = 11.547005;
     * per match mean 150, SE undefined (one match). */
    stats_totals_t t = {.games = 1, .wins = 1, .points = 150, .points_squared = 22500, .hands = 3,
                        .hand_points = 150, .hand_points_squared = 900 + 2500 + 4900, .margin = 20,
                        .margin_squared = 400};
    stats_estimate_t e;
    stats_estimate(&t, Z, &e);
    ck_assert_double_eq(e.mean_points_per_hand, 50.0);
    ck_assert_close(e.se_points_per_hand, 11.547005383793);
    ck_assert_double_eq(e.mean_points_per_game, 150.0);
    ck_assert(isnan(e.se_points_per_game));
    ck_assert_double_eq(e.mean_margin, 20.0);
    ck_assert(isnan(e.se_margin));
}
END_TEST

/* ---- stats_add ---- */

START_TEST(test_add_sums_every_field)
{
    stats_totals_t a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 18, 19, 20, 21, 22};
    const stats_totals_t b = {100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300, 1400, 1500, 1600,
                              1700, 6, 1800, 1900, 2000, 2100, 2200};
    ck_assert(stats_add(&a, &b));
    const stats_totals_t expected = {101, 202, 303, 404, 505, 606, 707, 808, 909, 1010, 1111, 1212, 1313, 1414, 1515,
                                     1616, 1717, 6, 1818, 1919, 2020, 2121, 2222};
    ck_assert_int_eq(a.games, expected.games);
    ck_assert_int_eq(a.wins, expected.wins);
    ck_assert_int_eq(a.draws, expected.draws);
    ck_assert_int_eq(a.losses, expected.losses);
    ck_assert_int_eq(a.points, expected.points);
    ck_assert_int_eq(a.points_squared, expected.points_squared);
    ck_assert_int_eq(a.hands, expected.hands);
    ck_assert_int_eq(a.hand_points, expected.hand_points);
    ck_assert_int_eq(a.hand_points_squared, expected.hand_points_squared);
    ck_assert_int_eq(a.margin, expected.margin);
    ck_assert_int_eq(a.margin_squared, expected.margin_squared);
    ck_assert_int_eq(a.blocks, expected.blocks);
    ck_assert_int_eq(a.block_score2, expected.block_score2);
    ck_assert_int_eq(a.block_score2_squared, expected.block_score2_squared);
    ck_assert_int_eq(a.shares, expected.shares);
    ck_assert_int_eq(a.block_shares, expected.block_shares);
    ck_assert_int_eq(a.block_shares_squared, expected.block_shares_squared);
    ck_assert_int_eq(a.block_games, expected.block_games);
    ck_assert_int_eq(a.closes, expected.closes);
    ck_assert_int_eq(a.failed_closes, expected.failed_closes);
    ck_assert_int_eq(a.illegal_moves, expected.illegal_moves);
    ck_assert_int_eq(a.timeouts, expected.timeouts);
    ck_assert_int_eq(a.crashes, expected.crashes);
}
END_TEST

START_TEST(test_add_keeps_block_games)
{
    /* An empty total (block_games 0) added to a run's total leaves its block size alone;
     * equal sizes stay; a first non-empty total sets it. */
    stats_totals_t t = {.block_games = 4, .blocks = 1};
    const stats_totals_t empty = {0}, same = {.block_games = 4, .blocks = 2};
    ck_assert(stats_add(&t, &empty));
    ck_assert_int_eq(t.block_games, 4);
    ck_assert(stats_add(&t, &same));
    ck_assert_int_eq(t.block_games, 4);
    ck_assert_int_eq(t.blocks, 3);
    stats_totals_t fresh = {0};
    ck_assert(stats_add(&fresh, &same));
    ck_assert_int_eq(fresh.block_games, 4);
}
END_TEST

START_TEST(test_add_order_does_not_matter)
{
    /* Shards added in either order give the same bytes, and the same CSV. */
    const stats_totals_t x = {.games = 4, .wins = 2, .draws = 1, .losses = 1, .margin = -3, .margin_squared = 9,
                              .blocks = 2, .block_score2 = 5, .block_score2_squared = 13, .block_games = 2};
    const stats_totals_t y = {.games = 2, .wins = 1, .losses = 1, .margin = 7, .margin_squared = 49,
                              .blocks = 1, .block_score2 = 2, .block_score2_squared = 4, .block_games = 2};
    stats_totals_t xy = {0}, yx = {0};
    ck_assert(stats_add(&xy, &x));
    ck_assert(stats_add(&xy, &y));
    ck_assert(stats_add(&yx, &y));
    ck_assert(stats_add(&yx, &x));
    ck_assert(memcmp(&xy, &yx, sizeof xy) == 0);
    ck_assert_int_eq(xy.games, 6);
    ck_assert_int_eq(xy.margin, 4);
    ck_assert_int_eq(xy.block_score2_squared, 17);
}
END_TEST

START_TEST(test_add_refuses_what_does_not_fit)
{
    /* Totals read back from files may be anything: a sum past INT64_MAX, or blocks of
     * another size, is refused rather than wrapped or mixed. */
    stats_totals_t big = {.games = INT64_MAX, .block_games = 2};
    const stats_totals_t one = {.games = 1, .block_games = 2};
    ck_assert(!stats_add(&big, &one));
    stats_totals_t low = {.points = INT64_MIN + 1, .block_games = 2};
    const stats_totals_t minus_two = {.points = -2, .block_games = 2};
    ck_assert(!stats_add(&low, &minus_two));
    stats_totals_t two = {.games = 1, .block_games = 2};
    const stats_totals_t three = {.games = 1, .block_games = 3};
    ck_assert(!stats_add(&two, &three));
    ck_assert_int_eq(two.block_games, 2);
    stats_totals_t edge = {.games = INT64_MAX - 1, .block_games = 2};
    ck_assert(stats_add(&edge, &one));
    ck_assert_int_eq(edge.games, INT64_MAX);
}


/* ---- CSV ---- */

START_TEST(test_csv_field_quoting)
{
    char text[LINE_SIZE];
    capture(write_field, "greedy", text, sizeof text);
    ck_assert_str_eq(text, "greedy");
    capture(write_field, "pimc:samples=64,rollout=greedy", text, sizeof text);
    ck_assert_str_eq(text, "\"pimc:samples=64,rollout=greedy\"");
    capture(write_field, "say \"hi\"", text, sizeof text);
    ck_assert_str_eq(text, "\"say \"\"hi\"\"\"");
    capture(write_field, "two\nlines", text, sizeof text);
    ck_assert_str_eq(text, "\"two\nlines\"");
    capture(write_field, "", text, sizeof text);
    ck_assert_str_eq(text, "");
}
END_TEST

START_TEST(test_csv_header_only)
{
    char text[CSV_SIZE];
    const char *body = summary_body(NULL, 0, text, sizeof text);
    ck_assert_str_eq(body, "");
}
END_TEST

START_TEST(test_csv_deals_row)
{
    /* Four hands (--deals: game = hand) worth 1,2,3,4 points with margins 3,-1,0,2; two
     * blocks of two games with S = 3 (win, draw) and 2 (win, loss).
     * score (2 wins + 1 draw/2)/4 = 0.625; share the same with two sides (shares of 840:
     *   1260 and 840 a block).
     * points: mean 2.5, SE 0.645497 (see test_mean_se_one_to_four); per-match empty.
     * margin: sum 4, squares 9+1+0+4 = 14, mean 1, s^2 = (14 - 16/4)/3 = 10/3,
     *   SE = sqrt(10/12) = 0.912871.
     * interval over blocks: m = 0.75, 0.5, mean 0.625, s^2 = 2*0.125^2/1 = 0.03125, SE = sqrt(0.03125/2)
     *   = 0.125, z*SE = 0.244995 -> (0.380005, 0.869995).
     * elo = 400*log10(0.625/0.375) = 400*0.221849 = 88.739500;
     *   low 400*log10(0.380005/0.619995) = 400*(-0.212600) = -85.039918;
     *   high 400*log10(0.869995/0.130005) = 400*0.825559 = 330.223445.
     * closes: 4 closed, 1 of those hands lost: rate 1/4 = 0.25. */
    const stats_totals_t t = {.games = 4, .wins = 2, .draws = 1, .losses = 1, .points = 10, .points_squared = 30,
                              .hands = 4, .hand_points = 10, .hand_points_squared = 30, .margin = 4,
                              .margin_squared = 14, .blocks = 2, .block_score2 = 5, .block_score2_squared = 13,
                              .shares = 2100, .block_shares = 2100, .block_shares_squared = 1260 * 1260 + 840 * 840,
                              .block_games = 2, .closes = 4, .failed_closes = 1};
    const stats_summary_row_t row = {"agent", "greedy", -1, &t, 0, 2, NULL};
    char text[CSV_SIZE];
    ck_assert_str_eq(summary_body(&row, 1, text, sizeof text),
                     "agent,greedy,,4,2,1,1,0.625000,0.380005,0.869995,0.625000,0.380005,0.869995,2.500000,0.645497,,,"
                     "1.000000,0.912871,2,88.739500,-85.039918,330.223445,4,1,0.250000,0,0,0,\n");
}
END_TEST

/* The same totals in a three-sided game: an equal agent scores about 1/3 there, so a score
 * says nothing about Elo and the three Elo columns are empty; everything else is as above. */
START_TEST(test_csv_no_elo_with_three_sides)
{
    const stats_totals_t t = {.games = 4, .wins = 2, .draws = 1, .losses = 1, .points = 10, .points_squared = 30,
                              .hands = 4, .hand_points = 10, .hand_points_squared = 30, .margin = 4,
                              .margin_squared = 14, .blocks = 2, .block_score2 = 5, .block_score2_squared = 13,
                              .shares = 2100, .block_shares = 2100, .block_shares_squared = 1260 * 1260 + 840 * 840,
                              .block_games = 2};
    const stats_summary_row_t row = {"agent", "greedy", -1, &t, 0, 3, NULL};
    char text[CSV_SIZE];
    ck_assert_str_eq(summary_body(&row, 1, text, sizeof text),
                     "agent,greedy,,4,2,1,1,0.625000,0.380005,0.869995,0.625000,0.380005,0.869995,2.500000,0.645497,,,"
                     "1.000000,0.912871,2,,,,0,0,,0,0,0,\n");
}
END_TEST

START_TEST(test_csv_match_row_with_nan_and_quotes)
{
    /* The match of test_estimate_match_mode in seat 2, one block of one game won (S = 2):
     * SE per match, SE of margin and the intervals (one block) are undefined -> empty; score
     * and share 1; a seat row has no Elo. The spec has a comma, so it is quoted. */
    const stats_totals_t t = {.games = 1, .wins = 1, .points = 150, .points_squared = 22500, .hands = 3,
                              .hand_points = 150, .hand_points_squared = 8300, .margin = 20,
                              .margin_squared = 400, .blocks = 1, .block_score2 = 2, .block_score2_squared = 4,
                              .shares = 840, .block_shares = 840, .block_shares_squared = 840 * 840, .block_games = 1};
    const stats_totals_t empty = {0};
    const stats_summary_row_t rows[] = {
        {"seat", "pimc:samples=64,rollout=greedy", 2, &t, 1, 2, NULL},
        {"agent", "say \"hi\"", -1, &empty, 1, 2, NULL},
    };
    char text[CSV_SIZE];
    ck_assert_str_eq(summary_body(rows, 2, text, sizeof text),
                     "seat,\"pimc:samples=64,rollout=greedy\",2,1,1,0,0,1.000000,,,1.000000,,,"
                     "50.000000,11.547005,150.000000,,20.000000,,1,,,,0,0,,0,0,0,\n"
                     "agent,\"say \"\"hi\"\"\",,0,0,0,0,,,,,,,,,,,,,0,,,,0,0,,0,0,0,\n");
}
END_TEST

START_TEST(test_csv_no_negative_zero_and_minus_inf)
{
    /* Ten million games with a margin sum of -1: mean -1e-7 prints as 0.000000, not
     * -0.000000. Two blocks that both scored 0 -> score and share 0, intervals [0, 0],
     * elo -inf at all three. */
    const stats_totals_t t = {.games = 10000000, .losses = 10000000, .margin = -1, .margin_squared = 1,
                              .blocks = 2, .block_games = 5000000};
    const stats_summary_row_t row = {"agent", "random", -1, &t, 0, 2, NULL};
    char text[CSV_SIZE];
    ck_assert_str_eq(summary_body(&row, 1, text, sizeof text),
                     "agent,random,,10000000,0,0,10000000,0.000000,0.000000,0.000000,0.000000,0.000000,0.000000,"
                     ",,,,0.000000,0.000000,2,-inf,-inf,-inf,0,0,,0,0,0,\n");
}
END_TEST

START_TEST(test_csv_write_error)
{
    /* A stream opened for reading refuses writes and sets its error indicator. */
    static const char name[] = "test_stats_readonly.csv";
    FILE *f = fopen(name, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    f = fopen(name, "r");
    ck_assert_ptr_nonnull(f);
    const stats_totals_t t = {0};
    const stats_summary_row_t row = {"agent", "greedy", -1, &t, 0, 2, NULL};
    ck_assert_int_eq(stats_write_summary_csv(f, &row, 1), -1);
    fclose(f);
    remove(name);
}
END_TEST

static Suite *stats_suite(void)
{
    Suite *s = suite_create("stats");

    TCase *tc = tcase_create("wilson");
    tcase_add_test(tc, test_wilson_none_of_ten);
    tcase_add_test(tc, test_wilson_half_of_ten);
    tcase_add_test(tc, test_wilson_all_of_ten);
    tcase_add_test(tc, test_wilson_one_of_one);
    tcase_add_test(tc, test_wilson_527_of_1000);
    tcase_add_test(tc, test_wilson_no_trials_is_nan);
    tcase_add_test(tc, test_wilson_mirror_and_contains_p);
    suite_add_tcase(s, tc);

    tc = tcase_create("elo");
    tcase_add_test(tc, test_elo_even_is_positive_zero);
    tcase_add_test(tc, test_elo_three_to_one);
    tcase_add_test(tc, test_elo_064);
    tcase_add_test(tc, test_elo_extremes);
    tcase_add_test(tc, test_score_from_elo_known_values);
    tcase_add_test(tc, test_score_from_elo_inverts_elo_from_score);
    suite_add_tcase(s, tc);

    tc = tcase_create("normal");
    tcase_add_test(tc, test_normal_cdf_known_values);
    tcase_add_test(tc, test_normal_quantile_known_values);
    tcase_add_test(tc, test_normal_quantile_symmetric_and_inverse);
    suite_add_tcase(s, tc);

    tc = tcase_create("mean_se");
    tcase_add_test(tc, test_mean_se_one_to_four);
    tcase_add_test(tc, test_mean_se_real_by_hand);
    tcase_add_test(tc, test_mean_se_negative);
    tcase_add_test(tc, test_mean_se_large_offset);
    tcase_add_test(tc, test_mean_se_small_samples);
    suite_add_tcase(s, tc);

    tc = tcase_create("estimate");
    tcase_add_test(tc, test_paired_three_blocks);
    tcase_add_test(tc, test_paired_symmetric);
    tcase_add_test(tc, test_paired_too_few_blocks);
    tcase_add_test(tc, test_estimate_match_mode);
    tcase_add_test(tc, test_share_splits_ties);
    suite_add_tcase(s, tc);

    tc = tcase_create("add");
    tcase_add_test(tc, test_add_sums_every_field);
    tcase_add_test(tc, test_add_keeps_block_games);
    tcase_add_test(tc, test_add_order_does_not_matter);
    tcase_add_test(tc, test_add_refuses_what_does_not_fit);
    suite_add_tcase(s, tc);

    tc = tcase_create("csv");
    tcase_add_test(tc, test_csv_field_quoting);
    tcase_add_test(tc, test_csv_header_only);
    tcase_add_test(tc, test_csv_deals_row);
    tcase_add_test(tc, test_csv_match_row_with_nan_and_quotes);
    tcase_add_test(tc, test_csv_no_elo_with_three_sides);
    tcase_add_test(tc, test_csv_no_negative_zero_and_minus_inf);
    tcase_add_test(tc, test_csv_write_error);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(stats_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
