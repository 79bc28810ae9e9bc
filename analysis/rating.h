/* rating.h - Elo ratings of agents from their games against each other: a Bradley-Terry
 * fit on the Elo scale with a lead advantage term, as BayesElo and Ordo give chess engines.
 *
 * Model. In a game between agents i and j, with x = +1 if i led the hand, -1 if j did, 0 if
 * neither is known,
 *     P(i scores) = 1 / (1 + 10^(-(r_i - r_j + a * x) / 400)),
 * where r are the ratings (Elo) and a is the leader's advantage (Elo). A game scores 1 for a
 * win, 1/2 for a draw, 0 for a loss; the log-likelihood of i's score y is
 *     y log P + (1 - y) log(1 - P),
 * so a draw counts as half a win and half a loss (Ordo's convention). One agent (the anchor)
 * is fixed at 0. To keep the maximum finite when an agent wins or loses every game, each
 * pair that played gets `prior_draws` virtual draws with x = 0 (BayesElo's prior).
 *
 * Data. Games come in deal blocks: every rotation of one deal, between one pair (duplicate
 * play), summarised from agent a's side by lead configuration. Blocks are the unit of
 * resampling: the games of one block share a deal and are not independent.
 *
 * Intervals. With bootstrap > 0: blocks are resampled with replacement within each pair,
 * the model is refitted for every replicate, and the interval is the replicates' central
 * `confidence` share (percentile bootstrap); the likelihood of superiority (LOS) of i over
 * j is the share of replicates with r_i > r_j (ties count half). With bootstrap = 0: from the
 * inverse of the observed information (the negative Hessian at the maximum), normal
 * intervals r +- z se, LOS = Phi((r_i - r_j) / sd(r_i - r_j)). The anchor has no interval
 * of its own (se 0): every other interval is relative to it.
 *
 * Elo and score convert with stats_elo_from_score and stats_score_from_elo (stats.h).
 *
 * Everything here is deterministic: the bootstrap draws from a PCG32 stream seeded with
 * options->seed, so the same input gives the same output on every machine and thread count.
 */
#ifndef DOMINOLAB_RATING_H
#define DOMINOLAB_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { RATING_MAX_AGENTS = 64 };

/* Index of a lead configuration x in the arrays below: x = +1 (a led), 0, -1 (b led). */
enum { RATING_A_LED = 0, RATING_NO_LEADER = 1, RATING_B_LED = 2, RATING_LEADS = 3 };

/* The games of one deal block between agents a and b, from a's side. */
typedef struct rating_block {
    int16_t a, b;                 /* agent indices, a != b, both < agents */
    int16_t games[RATING_LEADS];  /* games in each lead configuration */
    int16_t score2[RATING_LEADS]; /* twice a's score in them: 2 a win, 1 a draw */
    int16_t draws[RATING_LEADS];  /* drawn games among them (only counted, not modelled apart) */
} rating_block_t;

typedef struct rating_options {
    int anchor;          /* agent rated 0 */
    bool advantage;      /* fit the leader's advantage a (else a = 0) */
    double prior_draws;  /* virtual draws per pair that played (>= 0; 1 by default) */
    int bootstrap;       /* replicates; 0: intervals from the Hessian */
    double confidence;   /* of the intervals, e.g. 0.95 */
    uint64_t seed;       /* of the bootstrap's stream */
} rating_options_t;

/* Defaults: anchor 0, advantage on, 1 prior draw, 1000 replicates, 95%, seed 1. */
rating_options_t rating_default_options(void);

typedef struct rating_result {
    int agents;
    double elo[RATING_MAX_AGENTS];           /* maximum-likelihood ratings; elo[anchor] = 0 */
    double elo_low[RATING_MAX_AGENTS], elo_high[RATING_MAX_AGENTS];
    double se[RATING_MAX_AGENTS];            /* standard error: bootstrap sd, or from the Hessian */
    double advantage, advantage_low, advantage_high; /* 0, 0, 0 when not fitted */
    double los[RATING_MAX_AGENTS][RATING_MAX_AGENTS]; /* P(r_i > r_j); los[i][i] = 0.5 */
    int64_t games[RATING_MAX_AGENTS];        /* real games played (no prior) */
    double score[RATING_MAX_AGENTS];         /* points scored in them (wins + draws / 2) */
    int64_t draws[RATING_MAX_AGENTS];
    int iterations;                          /* Newton steps of the main fit */
} rating_result_t;

/* Fits the ratings of `agents` agents (2..RATING_MAX_AGENTS) from `count` blocks. Fails,
 * with a message, on bad input (an index out of range, a < 0 count, no games) and when the
 * pairs that played do not connect every agent (the ratings would not be determined).
 * `out` is large (about 40 KB): allocate it, do not put it on a thread's stack. */
int rating_fit(const rating_block_t *blocks, size_t count, int agents, const rating_options_t *options,
               rating_result_t *out, char *error, size_t error_size);

#endif
