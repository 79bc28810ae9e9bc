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

/* ---- faults of bots outside dominolab (ext agents, docs/protocol.md) ----
 *
 * deals.csv does not say which moves a bot's fallback made for it: the simulator counts a
 * bot's illegal answers, time-outs and crashes per agent in each run's summary.csv (columns
 * illegal_moves, timeouts, crashes). A report reads them from its runs' directories and
 * names every agent that had any beside its results, since those results are then not the
 * bot's own play alone. A summary.csv written before faults were counted has no such
 * columns: its agents have none. */

enum { REPORT_MAX_FAULTY = 96, REPORT_AGENT_TEXT = 512 }; /* a tournament's agents, a calibration's levels too */

typedef struct report_fault {
    char agent[REPORT_AGENT_TEXT];
    char name[64]; /* what the bot calls itself (summary.csv's name: its hello), or "" */
    int64_t illegal_moves, timeouts, crashes;
    int runs; /* of the runs read, those in which it faulted */
} report_fault_t;

typedef struct report_faults {
    int count;
    report_fault_t agent[REPORT_MAX_FAULTY]; /* in the order the runs first showed them */
} report_faults_t;

/* Adds the faults of every agent row of RUN_DIR/summary.csv into `faults` (an agent of
 * several runs once, its counts summed). 0, or -1 with a message naming the file (missing,
 * or a count that is not a whole number >= 0). */
int report_faults_read_run(report_faults_t *faults, const char *run_dir, char *error, size_t error_size);
/* The agent's faults, or NULL when it had none. */
const report_fault_t *report_faults_find(const report_faults_t *faults, const char *agent);
/* The counts in words, only those above 0: "172 illegal moves, 2 time-outs, 1 crash"; ""
 * when all are 0. */
void report_fault_words(int64_t illegal_moves, int64_t timeouts, int64_t crashes, char *out, size_t size);
/* How a faulty agent is named: "NAME (SPEC)" for a bot that gave its name, else its spec. */
void report_fault_label(const report_fault_t *fault, char *out, size_t size);
/* "AGENT faulted: 40 crashes; its fallback played for it" (AGENT: its label). */
void report_fault_note(const report_fault_t *fault, char *out, size_t size);
/* All of them in one sentence (the note itself for one agent); "" for none. */
void report_faults_sentence(const report_faults_t *faults, char *out, size_t size);
/* One line per faulty agent to `text`: "! " and its note. Nothing for none, or a NULL
 * `faults` or `text`. */
void report_faults_print(FILE *text, const report_faults_t *faults);

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
/* The same, with the printed table marking each agent of `faults` (NULL: none) on its row
 * and naming it under the table with its note. */
int report_ratings_noting_faults(const char *out_dir, const char *const *deals_paths, int run_count,
                                 const char *const *agents, int agent_count, const report_ratings_settings_t *settings,
                                 const report_faults_t *faults, plot_session_t *plots, FILE *text,
                                 report_rated_t *rated, char *error, size_t error_size);

/* ---- sprt ---- */

typedef struct report_sprt_result {
    sprt_verdict_t verdict;
    double llr;
    int64_t blocks, games;
    int64_t a_wins, draws, b_wins; /* the games, from agent_a's side */
    double score, score_low, score_high, elo, elo_low, elo_high;
} report_sprt_result_t;

/* Replays the test over the blocks of a deals.csv in unit order, stopping where it
 * decides: sprt.csv (one row), sprt_trace.csv (the LLR, and the Elo with its 95% interval,
 * after every block, thinned) and sprt_blocks.csv (how many blocks ended with each block
 * score: the pentanomial counts of a two-seat game) in out_dir, and the LLR plot. agent_a is
 * tested against agent_b. */
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
