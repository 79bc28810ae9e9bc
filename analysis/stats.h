/* stats.h - exact integer result totals and the estimates derived from them.
 *
 * Threads, checkpoints and shards only ever add stats_totals_t field by field: integer
 * sums are exact and independent of the order of addition, so a summary is byte-identical
 * whatever the thread count. Floating point appears only in stats_estimate(), at the end.
 * A "block" is one deal block (unit) played once per seat rotation; its games are paired.
 */
#ifndef DOMINOLAB_STATS_H
#define DOMINOLAB_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct stats_totals {                 /* one agent, or one agent in one seat */
    int64_t games, wins, draws, losses;
    int64_t points, points_squared;           /* per game: hand points (--deals) or match score */
    int64_t hands, hand_points, hand_points_squared; /* per hand, both modes */
    int64_t margin, margin_squared;           /* per game: own points - best other side's */
    int64_t shares;                           /* per game: STATS_SHARE_WHOLE a win, /k a k-way tie */
    int64_t blocks;                           /* deal blocks played */
    int64_t block_score2, block_score2_squared; /* per block S = 2*wins + draws: sum S, sum S^2 */
    int64_t block_shares, block_shares_squared; /* per block, the sum of its games' shares: sum, sum^2 */
    int64_t block_games;                      /* games per block, same in every block; 0 = none yet */
    int64_t closes, failed_closes;            /* trick games: stocks closed, and of them the hands lost */
    int64_t illegal_moves, timeouts, crashes; /* external agents' faults (agent_faults_t) */
} stats_totals_t;

/* A whole win in share units: divisible by every tie size up to 8 sides, so a k-way tie's
 * 1/k is an exact integer and totals stay exact. */
enum { STATS_SHARE_WHOLE = 840 };

/* The sums of stats_totals_t counted game by game: an agent's are those of its seats. */
#define STATS_GAME_SUMS(X)                                                                                       \
    X(games) X(wins) X(draws) X(losses) X(points) X(points_squared) X(hands) X(hand_points) X(hand_points_squared) \
    X(margin) X(margin_squared) X(shares) X(closes) X(failed_closes) STATS_FAULT_SUMS(X)

/* The faults of external agents: a run written before they were counted has none. */
#define STATS_FAULT_SUMS(X) X(illegal_moves) X(timeouts) X(crashes)

/* The fields of stats_totals_t that are sums (all but block_games), for code that treats
 * each alike: X(name) once per field. The ones not in STATS_GAME_SUMS are counted block
 * by block. */
#define STATS_CORE_SUMS(X)                                                                                       \
    X(games) X(wins) X(draws) X(losses) X(points) X(points_squared) X(hands) X(hand_points)                      \
    X(hand_points_squared) X(margin) X(margin_squared) X(shares) X(blocks) X(block_score2) X(block_score2_squared) \
    X(block_shares) X(block_shares_squared) X(closes) X(failed_closes)
#define STATS_SUMS(X) STATS_CORE_SUMS(X) STATS_FAULT_SUMS(X)

/* Intervals take the deal block as the unit of sampling: the games of one block share a deal
 * and are not independent, so an interval over games would be too narrow. */
typedef struct stats_estimate {               /* NaN wherever undefined (too few games or blocks) */
    double score, score_low, score_high;      /* (wins + draws/2) / games */
    double share, share_low, share_high;      /* (wins + draws/k) / games: shares of a game sum to 1 */
    double mean_points_per_hand, se_points_per_hand;
    double mean_points_per_game, se_points_per_game;
    double mean_margin, se_margin;
    double elo, elo_low, elo_high;            /* of the score and its interval's ends */
} stats_estimate_t;

typedef struct stats_summary_row {
    const char *scope;                        /* "agent" or "seat" */
    const char *agent;                        /* spec string, quoted in the CSV when needed */
    int seat;                                 /* -1: all seats (written empty) */
    const stats_totals_t *totals;
    int match_mode;                           /* 0: per-match columns written empty */
    int sides;                                /* sides of the game; Elo columns only with 2 */
    const char *name;                         /* the name the agent gave itself (a bot's hello), or NULL */
} stats_summary_row_t;

#define STATS_Z95 1.959963984540054           /* two-sided 95% normal quantile */

/* into += add, field by field; block_games is kept, and must match when both are set.
 * Returns false (into partly added) when a sum would not fit in a count or block_games
 * differ: totals the program made never do, totals read back from files may. */
bool stats_add(stats_totals_t *into, const stats_totals_t *add);
/* Fills every field of `out` from `t`; z > 0 is the normal quantile of the intervals. */
void stats_estimate(const stats_totals_t *t, double z, stats_estimate_t *out);
/* Wilson score interval for successes/n (successes may count halves); NaN, NaN when n == 0. */
void stats_wilson(double successes, int64_t n, double z, double *low, double *high);
/* Mean (NaN if n < 1) and standard error sqrt(s^2/n), s^2 with n-1 (NaN if n < 2). */
void stats_mean_se(int64_t n, int64_t sum, int64_t sum_squared, double *mean, double *se);
/* The same from real sums (per-unit means, say): n < 1 gives NaN, NaN; n < 2 the SE NaN; a
 * variance rounded below 0 counts as 0. */
void stats_mean_se_real(int64_t n, double sum, double sum_squared, double *mean, double *se);
/* 400*log10(s/(1-s)): -INFINITY at s <= 0, INFINITY at s >= 1, NaN for NaN. */
double stats_elo_from_score(double s);
/* The expected score of an Elo difference: 1 / (1 + 10^(-elo/400)); 0 and 1 at -inf and inf. */
double stats_score_from_elo(double elo);
/* The standard normal distribution function Phi(x), and its inverse for p in (0, 1). */
double stats_normal_cdf(double x);
double stats_normal_quantile(double p);
/* Mean of n per-block scores in [0, 1] from their sum and sum of squares, with the normal
 * interval mean +- z sd/sqrt(n) clamped to [0, 1] (NaN where n is too small). */
void stats_block_mean(int64_t n, double sum, double sum_squared, double z, double *mean, double *low, double *high);
/* Writes `text` as one RFC 4180 field: quoted (quotes doubled) if it holds , " CR or LF. */
void stats_csv_field(FILE *out, const char *text);
/* Header line and one line per row; returns 0, or -1 if the stream reports an error. */
int stats_write_summary_csv(FILE *out, const stats_summary_row_t *rows, int count);

#endif
