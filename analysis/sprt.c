/* sprt.c - the GSPRT on block scores (see sprt.h).
 *
 * Invariants: a tally holds integer block counts only; the regularization (pseudo-blocks
 * for values never observed) is applied inside sprt_llr on a copy, so a tally can keep
 * growing and the LLR is always a function of the counts alone.
 */
#include "sprt.h"

#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "stats.h"

enum {
    SPRT_MAX_GAMES = (SPRT_MAX_VALUES - 1) / 2,
    SPRT_ROOT_ITERATIONS = 200, /* a cap only: Newton ends in ~5 steps, bisection in ~60 */
};

/* The root of the Lagrange condition is refined until a step is below this, relative. */
static const double SPRT_ROOT_TOLERANCE = 1e-15;

int sprt_init(sprt_test_t *test, double alpha, double beta, double elo0, double elo1, char *error,
              size_t error_size)
{
    const char *problem = NULL;
    if (!(alpha > 0.0 && alpha < 1.0)) problem = "alpha must be between 0 and 1";
    else if (!(beta > 0.0 && beta < 1.0)) problem = "beta must be between 0 and 1";
    else if (!(alpha + beta < 1.0)) problem = "alpha + beta must be below 1";
    else if (!isfinite(elo0) || !isfinite(elo1)) problem = "elo0 and elo1 must be finite";
    else if (!(elo0 < elo1)) problem = "elo0 must be below elo1";
    if (problem) {
        if (error && error_size > 0)
            snprintf(error, error_size, "sprt: %s (alpha %g, beta %g, elo0 %g, elo1 %g)", problem, alpha, beta, elo0,
                     elo1);
        return -1;
    }
    *test = (sprt_test_t){.alpha = alpha, .beta = beta, .elo0 = elo0, .elo1 = elo1};
    test->lower = log(beta / (1.0 - alpha));
    test->upper = log((1.0 - beta) / alpha);
    return 0;
}

void sprt_tally_init(sprt_tally_t *tally, int games_per_block)
{
    assert(games_per_block >= 1 && games_per_block <= SPRT_MAX_GAMES);
    memset(tally, 0, sizeof *tally);
    tally->games_per_block = games_per_block;
}

void sprt_tally_add(sprt_tally_t *tally, int score2)
{
    assert(score2 >= 0 && score2 <= 2 * tally->games_per_block);
    /* Out of range is a caller's bug (asserted); in a release build it must not write
     * outside count[], so it is dropped. */
    if (score2 < 0 || score2 > 2 * tally->games_per_block) return;
    tally->count[score2]++;
    tally->blocks++;
}

/* The Lagrange condition g(lambda) = sum_k p_k d_k / (1 + lambda d_k), d_k = v_k - s. */
static double sprt_condition(const double *p, const double *d, int values, double lambda, double *slope)
{
    double sum = 0.0, derivative = 0.0;
    for (int k = 0; k < values; k++) {
        double ratio = d[k] / (1.0 + lambda * d[k]);
        sum += p[k] * ratio;
        derivative -= p[k] * ratio * ratio;
    }
    *slope = derivative;
    return sum;
}

/* The lambda of the greatest-likelihood distribution with mean s, for shares p of the
 * values v (every p_k > 0, min v < s < max v). g is strictly decreasing on the interval
 * (-1 / max d, -1 / min d) that keeps every 1 + lambda d_k > 0, from +inf to -inf, so the
 * root is unique. Newton's steps are taken while they stay inside the current bracket;
 * otherwise the bracket is bisected. The ends of the first bracket are never evaluated. */
static double sprt_lambda(const double *p, const double *v, int values, double s)
{
    double d[SPRT_MAX_VALUES], largest = 0.0, smallest = 0.0;
    for (int k = 0; k < values; k++) {
        d[k] = v[k] - s;
        largest = fmax(largest, d[k]);
        smallest = fmin(smallest, d[k]);
    }
    assert(largest > 0.0 && smallest < 0.0);
    double low = -1.0 / largest, high = -1.0 / smallest, lambda = 0.0;
    for (int iteration = 0; iteration < SPRT_ROOT_ITERATIONS; iteration++) {
        double slope, g = sprt_condition(p, d, values, lambda, &slope);
        if (g == 0.0) return lambda;
        if (g > 0.0) low = lambda;
        else high = lambda;
        double next = lambda - g / slope;
        if (!(next > low && next < high)) next = 0.5 * (low + high);
        bool done = fabs(next - lambda) <= SPRT_ROOT_TOLERANCE * (1.0 + fabs(lambda));
        lambda = next;
        if (done || next == low || next == high) break;
    }
    return lambda;
}

double sprt_llr(const sprt_tally_t *tally, double elo0, double elo1)
{
    if (tally->blocks <= 0) return 0.0;
    if (tally->games_per_block < 1 || tally->games_per_block > SPRT_MAX_GAMES) return NAN; /* not initialised */
    int values = 2 * tally->games_per_block + 1;
    double n[SPRT_MAX_VALUES], p[SPRT_MAX_VALUES], v[SPRT_MAX_VALUES], total = 0.0;
    for (int k = 0; k < values; k++) {
        /* Pseudo-blocks where nothing was seen, in the shares and in the sum below alike:
         * without them the maximum would not exist for a mean outside the observed range. */
        n[k] = tally->count[k] > 0 ? (double)tally->count[k] : SPRT_REGULARIZE;
        v[k] = (double)k / (double)(values - 1);
        total += n[k];
    }
    for (int k = 0; k < values; k++) p[k] = n[k] / total;
    double s0 = stats_score_from_elo(elo0), s1 = stats_score_from_elo(elo1);
    double lambda0 = sprt_lambda(p, v, values, s0), lambda1 = sprt_lambda(p, v, values, s1);
    /* ln(q_k(s1) / q_k(s0)) = ln(1 + lambda0 d0_k) - ln(1 + lambda1 d1_k): p_k cancels. */
    double llr = 0.0;
    for (int k = 0; k < values; k++) llr += n[k] * (log1p(lambda0 * (v[k] - s0)) - log1p(lambda1 * (v[k] - s1)));
    return llr;
}

sprt_verdict_t sprt_decide(const sprt_test_t *test, double llr)
{
    if (llr <= test->lower) return SPRT_ACCEPT_H0;
    if (llr >= test->upper) return SPRT_ACCEPT_H1;
    return SPRT_CONTINUE;
}

int64_t sprt_expected_blocks(const sprt_test_t *test, double llr, int64_t blocks, int64_t cap)
{
    if (blocks >= cap || sprt_decide(test, llr) != SPRT_CONTINUE) return blocks < cap ? blocks : cap;
    if (blocks < 1 || llr == 0 || isnan(llr)) return cap;
    double bound = llr > 0 ? test->upper : test->lower; /* the same sign as llr */
    double end = (double)blocks * bound / llr;
    if (end >= (double)cap) return cap;
    return end > (double)blocks ? (int64_t)ceil(end) : blocks + 1;
}

void sprt_score(const sprt_tally_t *tally, double z, double *score, double *low, double *high)
{
    *score = *low = *high = NAN;
    if (tally->games_per_block < 1 || tally->games_per_block > SPRT_MAX_GAMES) return;
    int values = 2 * tally->games_per_block + 1;
    double sum = 0.0, squares = 0.0;
    for (int k = 0; k < values; k++) {
        double value = (double)k / (values - 1);
        sum += (double)tally->count[k] * value;
        squares += (double)tally->count[k] * value * value;
    }
    stats_block_mean(tally->blocks, sum, squares, z, score, low, high);
}
