/* studies.h - the four kinds of study, each a call on a study begun by a front end
 * (study.h): its parameters into study.json's identity, its runs planned and played (or
 * resumed), its report. A run function returns the exit status a command gives: 0, 2 for a
 * study that cannot be prepared (said on stderr), 130/143 stopped, 1 failed, or
 * STUDY_CHECKED when the study was only checked. Each report builds the kind's files from
 * a study directory alone (what `dominolab analyze` rebuilds): 0, STUDY_DAMAGED,
 * STUDY_UNFINISHED, or -1, with a message.
 */
#ifndef DOMINOLAB_STUDIES_H
#define DOMINOLAB_STUDIES_H

#include <stdbool.h>
#include <stdio.h>

#include "calibrate_timing.h"
#include "calibration.h"
#include "study.h"

/* tournament: a round robin of agents in duplicate play, and their ratings. */
typedef struct study_tournament {
    const char *const *agents; /* 2 to RATING_MAX_AGENTS, each once */
    int count;
    const char *anchor;        /* one of them, rated 0 */
    int bootstrap;             /* replicates behind the intervals (0: from the Hessian) */
    double confidence;         /* of the intervals */
    double precision;          /* Elo either side a pair stops at (0: every pair plays every unit) */
    bool advantage;            /* fit the leader's advantage */
} study_tournament_t;
int study_tournament_run(study_t *study, const study_tournament_t *t);
int study_tournament_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                            char *error, size_t error_size);

/* sprt: a sequential probability ratio test of agents[0] against agents[1] (sprt.h), in one
 * run that stops once the LLR leaves its bounds, or at the study's units. */
typedef struct study_sprt {
    const char *agents[2]; /* two different specs */
    double elo0, elo1, alpha, beta;
} study_sprt_t;
int study_sprt_run(study_t *study, const study_sprt_t *t);
int study_sprt_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                      char *error, size_t error_size);

/* balance: one agent in every seat of each variant, its hands (deals played `replays`
 * times for the deal bias) and its matches; deals or matches may be 0 (not played). */
typedef struct study_variant {
    const char *name;
    const char *const *overrides; /* "key=value" or "preset=P", NULL-ended */
} study_variant_t;
typedef struct study_balance {
    const char *agent;
    const study_variant_t *variants; /* 1 to REPORT_MAX_VARIANTS */
    int count;
    int64_t deals, matches;
    int replays;
} study_balance_t;
int study_balance_run(study_t *study, const study_balance_t *b);
int study_balance_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                         char *error, size_t error_size);

/* calibrate: the agents behind level:1..N from candidates rated against a reference, the
 * levels placed (then, `refine` rounds over, the agent each level would take across a gap
 * wider than a level step measured too, and the levels placed again), verified and written
 * to DIR/levels.ini. study_calibrate_time times every
 * candidate first (reading what a resumed study timed) and leaves out those slower than
 * max_ms, saying which: 0, STUDY_TOO_SLOW when fewer than two are left, or -1, with a
 * message; without it the study plays untimed candidates (a check only). */
enum { STUDY_TOO_SLOW = -5, STUDY_REFINE_MAX = 4 };
typedef struct study_calibrate {
    const char *reference;
    const char *candidates[CALIBRATION_MAX_CANDIDATES + 1]; /* those of one kind weak to strong */
    int count;
    int levels;                 /* 2 to AGENT_LEVEL_MAX */
    double spacing;             /* Elo between levels; 0: spread from the weakest candidate to the strongest */
    double precision;           /* the sequential rule's (0: every match) */
    double max_ms;              /* CPU milliseconds a decision a candidate may take (0: any) */
    int refine;                 /* rounds of candidates measured where a level fell across a wide gap (0: none) */
    calibrate_timing_t *timing; /* study_calibrate_time's, or NULL (the caller frees it) */
} study_calibrate_t;
int study_calibrate_time(study_t *study, study_calibrate_t *c, char *error, size_t error_size);
int study_calibrate_run(study_t *study, const study_calibrate_t *c);
int study_calibrate_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                           char *error, size_t error_size);

#endif
