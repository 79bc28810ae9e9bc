/* calibration.h - difficulty levels spaced evenly in Elo (`dominolab calibrate`):
 *
 * 1. Rate: every candidate against a reference rated 0, from the deals.csv of its run
 *    (calibration_rate, through the ratings report).
 * 2. Smooth: the candidates of one kind form a ladder, listed from weak to strong (more
 *    samples, less noise); within each ladder the ratings are made non-decreasing by
 *    isotonic regression (pool adjacent violators, weights 1/se^2), so noise cannot turn a
 *    ladder over. Between kinds nothing is assumed: the measured ratings order them.
 * 3. Place: level 1 at the weakest candidate, level n (n - 1) * spacing above it. Without a
 *    spacing the levels spread evenly up to the strongest candidate; with one that the
 *    candidates do not reach, the spacing shrinks to fit them (and says so). Each level
 *    takes the agent whose smoothed rating meets its target: between two neighbours of one
 *    ladder that bracket it, the spec the caller's `between` gives (analysis knows no agent:
 *    cli passes agent_spec_between; the narrowest such bracket of any ladder), else the
 *    candidate whose smoothed rating is nearest. So a level never stands on a candidate
 *    measured weaker than the one below it, whatever order the kinds were listed in.
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
    CALIBRATION_LEVELS_MAX = 10, /* AGENT_LEVEL_MAX */
    CALIBRATION_MAX_CANDIDATES = RATING_MAX_AGENTS - 1,
    CALIBRATION_SPEC_MAX = 256,
    CALIBRATION_BOOTSTRAP = 200 /* replicates behind every rating's interval */
};

/* The non-decreasing sequence nearest y[0..n) in least squares weighted by `weight`. */
void calibration_isotonic(const double *y, const double *weight, int n, double *out);

/* The spec `share` (0..1) of the way from a to b, or -1 when the two cannot be blended. */
typedef int (*calibration_between_fn)(const char *a, const char *b, double share, char *out, size_t out_size);

/* What was measured: candidate k, its kind (candidates of one kind listed weak to strong)
 * and its rating against the reference. */
typedef struct calibration_candidates {
    const char *const *spec, *const *kind;
    const report_rated_t *rated;
    int count;
} calibration_candidates_t;

typedef struct calibration_placement {
    int levels;
    double fitted[CALIBRATION_MAX_CANDIDATES + 1]; /* the smoothed ratings of the candidates */
    double spacing, target[CALIBRATION_LEVELS_MAX];
    char spec[CALIBRATION_LEVELS_MAX][CALIBRATION_SPEC_MAX];
    bool spread; /* no spacing was asked for: spread from the weakest candidate to the strongest */
    bool shrunk; /* the candidates' range was narrower than the spacing asked for */
} calibration_placement_t;

/* Steps 2 and 3: `levels` levels (2..CALIBRATION_LEVELS_MAX), `spacing` Elo apart (0: spread
 * evenly from the weakest candidate to the strongest). */
void calibration_place(const calibration_candidates_t *candidates, int levels, double spacing,
                       calibration_between_fn between, calibration_placement_t *out);

/* Step 3b, where the candidates leave the levels to a guess: each level that stands on a
 * blend of two ladder neighbours more than a level step (placement->spacing) apart gets
 * that blend as a candidate to measure (refinement k goes right after candidate after[k]
 * in list order, so its ladder stays in order), unless it is a candidate already. Placed
 * again with it measured, the level stands on a measured agent or a narrower bracket. The
 * refinements' count (at most `max`). */
typedef struct calibration_refinement {
    int count;
    char spec[CALIBRATION_LEVELS_MAX][CALIBRATION_SPEC_MAX];
    int after[CALIBRATION_LEVELS_MAX];
} calibration_refinement_t;
int calibration_refine(const calibration_candidates_t *candidates, const calibration_placement_t *placement,
                       calibration_between_fn between, calibration_refinement_t *out, int max);

/* Step 1: the ratings of specs[0..n) against `reference` from the deals.csv at deals_paths[k]
 * (NULL where specs[k] is the reference, rated 0 exactly), with intervals at `confidence`,
 * their report in report_dir and its plots made as `plots` makes them (enabled, and the
 * subject of their titles). */
int calibration_rate(const char *report_dir, const char *reference, const char *const *specs,
                     const char *const *deals_paths, int n, double confidence, const plot_session_t *plots,
                     report_rated_t *rated, char *error, size_t error_size);

/* candidates.csv: each candidate with its kind, measured and smoothed rating, and its rank
 * by smoothed rating (1 the weakest). */
int calibration_write_candidates(const char *dir, const calibration_candidates_t *candidates,
                                 const calibration_placement_t *placement, char *error, size_t error_size);
/* Whether each level stands apart from the one below: the step between their measured
 * ratings (intervals at `confidence`, each rating's standard error taken from its
 * interval, the two as independent), with an interval at Bonferroni's level over the
 * levels - 1 steps so that the verdicts hold together at 95%. step[0] is NaN. */
typedef struct calibration_step {
    double step, low, high;
    bool distinct; /* the step's interval leaves out 0 */
} calibration_step_t;
void calibration_steps(const report_rated_t *measured, int levels, double confidence, calibration_step_t *steps);
/* The confidence of each step's interval among `levels` levels: 1 - 0.05 / (levels - 1). */
double calibration_step_level(int levels);

/* calibration.csv and its plot: each level's spec, target and measured rating (its interval
 * at `confidence`), and its step from the level below. */
int calibration_write_levels(const char *dir, const calibration_placement_t *placement, const report_rated_t *measured,
                             const double *ms, const char *reference, double confidence, plot_session_t *plots,
                             char *error, size_t error_size);
/* A time a decision in words: "12.3 ms", "0.088 ms", "0.02 µs"... ("-" for NaN). */
void calibration_time_text(char *out, size_t size, double ms);
/* The levels as a table for the terminal. ms[level]: CPU milliseconds a decision (NaN:
 * unknown), or ms NULL. */
void calibration_print(FILE *text, const calibration_placement_t *placement, const report_rated_t *measured,
                       const double *ms, const char *reference, double confidence);

#endif
