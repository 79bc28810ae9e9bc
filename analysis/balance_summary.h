/* balance_summary.h - what the balance report (report_balance.c) reads of each variant's
 * runs, shared with its comparisons between variants (balance_compare.c). Private to the
 * two: report.h is the balance report's API. */
#ifndef DOMINOLAB_BALANCE_SUMMARY_H
#define DOMINOLAB_BALANCE_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "outcomes.h"
#include "report.h"

enum { HISTOGRAM_MAX = 512 };

typedef struct seat_tally {
    int64_t games;
    double sum, block_sum, block_sum2; /* per game; per deal block (its mean) */
} seat_tally_t;

typedef struct histogram {
    int64_t count[HISTOGRAM_MAX]; /* value v at index v - offset */
    int offset;
    int64_t total;
    double sum;
} histogram_t;

typedef struct unit_summary {          /* of one run: hands (deals) or matches */
    bool present;
    int64_t units, games;
    int seats, sides, replays;
    seat_tally_t seat[OUTCOMES_MAX_SEATS], leader;
    double draw_games;                 /* games where the best sides tied */
    int64_t end_count[OUTCOMES_MAX_ENDS];
    char end_name[OUTCOMES_MAX_ENDS][32];
    int end_names;
    histogram_t points, plies, hands;
    double deal_bias, deal_bias_low, deal_bias_high, same_winner;
    double *unit_share;                /* [unit * seats + seat]: the seat's mean share in the unit */
    double draw_block_sum, draw_block_sum2; /* per unit: the part of its plays that ended in a tie */
    double *unit_leader, *unit_draws, *unit_length; /* [unit]: the leader's mean share (NaN: no leader),
                                       * the part of plays drawn, the mean plies (hands: per match) */
    double balance_low, balance_high;  /* bootstrap over deals */
    double difference, difference_low, difference_high; /* balance minus the first variant's */
    double difference_wide_low, difference_wide_high; /* the same at the comparisons' level (compare) */
} unit_summary_t;

typedef struct variant_summary {
    const report_variant_t *variant;
    unit_summary_t hands, matches;
} variant_summary_t;

/* 1 - (the largest seat share - the smallest): 1 when fair. */
double balance_of(const unit_summary_t *u);

/* ---- comparisons with the first variant (balance_compare.c) ----
 *
 * Every measure the report gives, of hands and of matches, compared between each variant
 * and the first: seat balance (the paired bootstrap's interval), the leader's advantage,
 * the share of drawn plays and the length (moves per hand, hands per match), the last three
 * by the per-unit differences where the variants played the same deals (one seed), else as
 * independent samples. So that the intervals hold together, each is at the level of
 * Bonferroni's correction over all the comparisons made. */
typedef enum balance_measure {
    BALANCE_SEATS, BALANCE_LEADER, BALANCE_DRAWS, BALANCE_LENGTH, BALANCE_MEASURES
} balance_measure_t;

typedef struct balance_comparison {
    int variant;   /* compared with variant 0 */
    bool matches;  /* matches, else hands */
    balance_measure_t measure;
    double value, first;            /* the measure in the variant and in the first */
    double difference, low, high;   /* value - first, at the comparisons' level */
    double strength;                /* |difference| over its standard error */
    bool detected;                  /* the interval leaves out 0 */
} balance_comparison_t;

enum { BALANCE_MAX_COMPARISONS = 2 * BALANCE_MEASURES * REPORT_MAX_VARIANTS };

typedef struct balance_comparisons {
    int count;
    double level;   /* each interval's confidence: 1 - (1 - confidence) / count */
    balance_comparison_t item[BALANCE_MAX_COMPARISONS];
} balance_comparisons_t;

/* Each comparison's level at overall `confidence`: 1 - (1 - confidence) / the count of
 * comparisons the variants allow (known before any is computed: the bootstrap needs it). */
double balance_comparison_level(const variant_summary_t *v, int count, double confidence);
/* The comparisons at overall `confidence` (the seat balance's from the bootstrap's
 * difference_wide_*, computed at the level this gives). */
void balance_compare(const variant_summary_t *v, int count, double confidence, balance_comparisons_t *out);
/* comparisons.csv in dir (docs/analysis.md). 0, or -1 with the message. */
int balance_write_comparisons(const char *dir, const variant_summary_t *v, const balance_comparisons_t *c,
                              char *error, size_t error_size);
/* A measure of comparisons.csv ("balance", "leader_advantage", "draws", "length") in
 * words, for hands or matches (the key itself if unknown). */
const char *balance_measure_text(const char *key, bool matches);
/* The verdict first (the change most clearly detected, or that none is), then a line per
 * comparison. */
void balance_print_comparisons(FILE *text, const variant_summary_t *v, const balance_comparisons_t *c);

#endif
