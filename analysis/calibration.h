/* calibration.h - difficulty levels spaced evenly in Elo (`dominolab calibrate`):
 *
 * 1. Rate: every candidate against a reference rated 0, from the deals.csv of its run
 *    (calibration_rate, through the ratings report).
 * 2. Smooth: the ratings, in the candidates' order from weak to strong, made non-decreasing
 *    by isotonic regression (pool adjacent violators, weights 1/se^2), so noise cannot turn
 *    the ladder over.
 * 3. Place: level 1 at the weakest candidate, level n (n - 1) * spacing above it; when the
 *    candidates do not reach 9 * spacing above the weakest, the spacing shrinks to a ninth of
 *    their range. Each level takes the agent whose smoothed rating meets its target, between
 *    two neighbours the spec the caller's `between` gives (analysis knows no agent: cli
 *    passes agent_spec_between), else the nearer neighbour.
 * 4. Verify: the levels rated again on fresh deals, beside their targets (calibration.csv).
 */
#ifndef DOMINOLAB_CALIBRATION_H
#define DOMINOLAB_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "plot.h"
#include "rating.h"
#include "report.h"

enum {
    CALIBRATION_LEVELS = 10,
    CALIBRATION_MAX_CANDIDATES = RATING_MAX_AGENTS - 1,
    CALIBRATION_SPEC_MAX = 256,
    CALIBRATION_BOOTSTRAP = 200 /* replicates behind every rating's interval */
};

/* The non-decreasing sequence nearest y[0..n) in least squares weighted by `weight`. */
void calibration_isotonic(const double *y, const double *weight, int n, double *out);

/* The spec `share` (0..1) of the way from a to b, or -1 when the two cannot be blended. */
typedef int (*calibration_between_fn)(const char *a, const char *b, double share, char *out, size_t out_size);

typedef struct calibration_placement {
    double fitted[CALIBRATION_MAX_CANDIDATES + 1]; /* the smoothed ratings of the candidates */
    double spacing, target[CALIBRATION_LEVELS];
    char spec[CALIBRATION_LEVELS][CALIBRATION_SPEC_MAX];
    bool shrunk; /* the candidates' range was narrower than 9 x the spacing asked for */
} calibration_placement_t;

/* Steps 2 and 3 for candidates[0..n) rated `rated`. */
void calibration_place(const char *const *candidates, const report_rated_t *rated, int n, double spacing,
                       calibration_between_fn between, calibration_placement_t *out);

/* Step 1: the ratings of specs[0..n) against `reference` from the deals.csv at deals_paths[k]
 * (NULL where specs[k] is the reference, rated 0 exactly), with their report in report_dir
 * and its plots made as `plots` makes them (enabled, and the subject of their titles). */
int calibration_rate(const char *report_dir, const char *reference, const char *const *specs,
                     const char *const *deals_paths, int n, const plot_session_t *plots, report_rated_t *rated,
                     char *error, size_t error_size);

/* candidates.csv: each candidate with its measured and smoothed rating. */
int calibration_write_candidates(const char *dir, const char *const *candidates, const report_rated_t *rated, int n,
                                 const calibration_placement_t *placement, char *error, size_t error_size);
/* calibration.csv and its plot: each level's spec, target and measured rating. */
int calibration_write_levels(const char *dir, const calibration_placement_t *placement, const report_rated_t *measured,
                             const char *reference, plot_session_t *plots, char *error, size_t error_size);
/* The levels as a table for the terminal. */
void calibration_print(FILE *text, const calibration_placement_t *placement, const report_rated_t *measured,
                       const char *reference);

#endif
