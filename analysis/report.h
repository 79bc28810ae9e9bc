/* report.h - the reports the analysis commands write: CSV files (every column documented
 * in docs/analysis.md), a few lines of text for the terminal, and plots.
 *
 * Each report reads only simulator output (deals.csv files, outcomes.h) and its settings,
 * so `dominolab analyze DIR` rebuilds exactly what the command that made DIR wrote.
 */
#ifndef DOMINOLAB_REPORT_H
#define DOMINOLAB_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "plot.h"
#include "sprt.h"

enum { REPORT_MAX_RUNS = 2080, REPORT_MAX_VARIANTS = 32 };

/* ---- ratings: tournaments, and any run with two agents or more ---- */

typedef struct report_ratings_settings {
    int bootstrap;        /* replicates for the intervals; 0: from the Hessian */
    double confidence;    /* e.g. 0.95 */
    uint64_t seed;        /* of the bootstrap */
    const char *anchor;   /* the agent rated 0; NULL: the first of `agents` */
    bool advantage;       /* fit the leader's advantage */
} report_ratings_settings_t;

/* An agent's rating with its interval, and the deal (or match) blocks it played. */
typedef struct report_rated {
    double elo, low, high;
    int64_t blocks;
} report_rated_t;

/* From the deals.csv of `run_count` runs: pairwise.csv, pairwise_matrix.csv, ratings.csv,
 * los.csv and model.csv in out_dir, with plots. `agents` (count `agent_count`) is the order
 * of the tables; every agent of every run must be among them. The ratings table is printed
 * to `text` (or nothing if NULL); `rated` (agent_count entries, or NULL) receives them. */
int report_ratings(const char *out_dir, const char *const *deals_paths, int run_count, const char *const *agents,
                   int agent_count, const report_ratings_settings_t *settings, plot_session_t *plots, FILE *text,
                   report_rated_t *rated, char *error, size_t error_size);

/* ---- sprt ---- */

typedef struct report_sprt_result {
    sprt_verdict_t verdict;
    double llr;
    int64_t blocks, games;
    double score, score_low, score_high, elo, elo_low, elo_high;
} report_sprt_result_t;

/* Replays the test over the blocks of a deals.csv in unit order, stopping where it
 * decides: sprt.csv (one row) and sprt_trace.csv (the LLR after every block) in out_dir,
 * and the LLR plot. agent_a is tested against agent_b. */
int report_sprt(const char *out_dir, const char *deals_path, const char *agent_a, const char *agent_b,
                const sprt_test_t *test, plot_session_t *plots, FILE *text, report_sprt_result_t *result, char *error,
                size_t error_size);

/* ---- balance ---- */

typedef struct report_variant {
    const char *name;         /* "block_method=simple", or the variant's name */
    const char *deals_path;   /* a --deals run (with replays), or NULL */
    const char *matches_path; /* a --matches run, or NULL */
} report_variant_t;

/* Seat balance, hand ends, distributions and deal bias of each variant, side by side:
 * balance.csv, seats.csv, ends.csv, distributions.csv in out_dir, with plots. */
int report_balance(const char *out_dir, const report_variant_t *variants, int variant_count, double confidence,
                   plot_session_t *plots, FILE *text, char *error, size_t error_size);

#endif
