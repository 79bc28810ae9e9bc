/* sprt.h - the sequential probability ratio test between two agents on paired deals, in
 * its generalized form (GSPRT) for block scores, as chess engine testing (Fishtest,
 * OpenBench) runs it on pentanomial game pairs.
 *
 * Data. Each deal block (one deal played once per rotation of the two agents over the
 * seats) gives agent A a block score: the mean of its game scores (1 win, 1/2 draw, 0 loss),
 * one of 2R + 1 values 0, 1/(2R), ..., 1 for R games a block. With R = 2 (two seats or two
 * teams) these are the five outcomes of the pentanomial model. Counting blocks, not games,
 * is what makes the test honest under duplicate play: the games of one deal are correlated.
 *
 * Hypotheses. H0: A's expected score is s0 = stats_score_from_elo(elo0); H1: it is
 * s1 = stats_score_from_elo(elo1) (logistic Elo).
 *
 * Log-likelihood ratio. For each hypothesis the distribution of block scores is the one of
 * greatest likelihood whose mean is s (Van den Bergh's GSPRT): with observed shares
 * p_k of the values v_k,
 *     q_k(s) = p_k / (1 + lambda (v_k - s)),
 * lambda the root of sum_k p_k (v_k - s) / (1 + lambda (v_k - s)) = 0 in the interval
 * that keeps every q_k positive. Then LLR = sum_k n_k ln(q_k(s1) / q_k(s0)). Values never
 * observed are given SPRT_REGULARIZE pseudo-blocks, so that the maximum exists while few
 * blocks are in (Fishtest does the same).
 *
 * Decision. Wald's bounds: lower = ln(beta / (1 - alpha)), upper = ln((1 - beta) / alpha).
 * The test continues while lower < LLR < upper; at or below lower it accepts H0, at or above
 * upper it accepts H1.
 */
#ifndef DOMINOLAB_SPRT_H
#define DOMINOLAB_SPRT_H

#include <stddef.h>
#include <stdint.h>

enum { SPRT_MAX_VALUES = 33 }; /* 2R + 1 block values for up to R = 16 games a block */

#define SPRT_REGULARIZE 1e-3

typedef enum sprt_verdict { SPRT_CONTINUE, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } sprt_verdict_t;

typedef struct sprt_test {
    double alpha, beta, elo0, elo1;
    double lower, upper; /* Wald's bounds on the LLR */
} sprt_test_t;

/* Fills `test`; returns 0, or -1 with a message unless 0 < alpha < 1, 0 < beta < 1,
 * alpha + beta < 1 and elo0 < elo1. */
int sprt_init(sprt_test_t *test, double alpha, double beta, double elo0, double elo1, char *error,
              size_t error_size);

/* The block tally: count[k] blocks of score k / (2 * games_per_block). */
typedef struct sprt_tally {
    int games_per_block;            /* R, 1..16 */
    int64_t count[SPRT_MAX_VALUES]; /* 2R + 1 used */
    int64_t blocks;
} sprt_tally_t;

void sprt_tally_init(sprt_tally_t *tally, int games_per_block);
/* Adds one block whose score sum, in half points, is score2 (0..2R). */
void sprt_tally_add(sprt_tally_t *tally, int score2);

/* The GSPRT log-likelihood ratio of H1 against H0 for the tally (0 with no blocks). */
double sprt_llr(const sprt_tally_t *tally, double elo0, double elo1);
sprt_verdict_t sprt_decide(const sprt_test_t *test, double llr);
/* Where the test is likely to end, for a progress line's estimate only: the block at which
 * the LLR, going on at its pace so far (llr / blocks a block), meets the bound it heads for;
 * at most `cap`, and `cap` when it has no pace yet. */
int64_t sprt_expected_blocks(const sprt_test_t *test, double llr, int64_t blocks, int64_t cap);

/* A's mean block score with a normal interval from the spread of block scores (z the
 * quantile), clamped to [0, 1] (stats_block_mean): NaN without blocks, the interval NaN
 * with one. */
void sprt_score(const sprt_tally_t *tally, double z, double *score, double *low, double *high);

#endif
