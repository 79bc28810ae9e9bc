/* study_pair.h - a run of two agents judged block by block as it is played: the stopping
 * rules of sprt (sprt.h) and of a tournament's pairs and calibration's candidates
 * (sequential.h) read the same block scores, from the simulator's units in unit order and,
 * on resume, from the run's deals so far.
 *
 * A block is one unit (a deal, or a match) played once per rotation of the two agents over
 * the seats; its score for agent A is the sum, in half points, of A's paired game scores
 * (outcomes_pair_score2): 0 to 2 R for R games a block. The run's agents are A,B in seat
 * order, so A is the sim's agent 0 and B its agent 1.
 */
#ifndef DOMINOLAB_STUDY_PAIR_H
#define DOMINOLAB_STUDY_PAIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sequential.h"
#include "sim.h"
#include "study.h"

typedef struct study_pair {
    int seats, rotations;        /* of the study's game: R games a block */
    const char *name_a, *name_b; /* the run's agents, as deals.csv names them */
    /* One more block, its score sum in half points; returns true once the run must end
     * after it. */
    bool (*add)(void *context, int score2);
    /* The block the rule expects to end at, from the blocks so far (the progress line's
     * estimate only). */
    int64_t (*expected_end)(void *context);
    void *context;
    bool decided;
} study_pair_t;

/* The simulator's stopping rule (sim_stop_rule_fn) for a study_pair_t. */
int study_pair_stop_rule(void *pair, const sim_unit_outcome_t *units, int count, bool *decided);
/* Its expected_end hook (study_hooks_t), in units. */
int64_t study_pair_expected_end(void *pair);
/* The run's on_ready hook (study_hooks_t) for a study_pair_t: on resume, every block of
 * the deals so far (DIR/.deals.csv.part) goes through `add` again, in unit order. 0, or -1
 * with a message. */
int study_pair_resume(void *pair, const char *dir, int64_t units_done, char *error, size_t error_size);

/* ---- a run that stops by the sequential rule (sequential.h) ----
 *
 * The rule of a study is in its identity: "precision" (absent: 0, every unit played), the
 * units a run may play ("units") and "confidence" (absent: 0.95). */
void study_sequential_plan(const json_t *identity, sequential_plan_t *plan);

/* The report's line on the rule, where runs may stop early (nothing otherwise): "pairs
 * stopped at a look once known within 20 Elo or settled (--precision): every interval at
 * 99.44%, 95% over the 9 looks a pair may take". `run` names a run: "pair", "run". */
void study_sequential_note(FILE *text, const sequential_plan_t *plan, const char *run);

typedef struct study_sequential {
    sequential_plan_t plan;
    sequential_tally_t tally;
    study_pair_t pair;
    study_hooks_t hooks;
} study_sequential_t;

/* Makes `run` (agents "A,B", named a and b) stop by the study's rule, which `s` keeps: it
 * must outlive the run. Nothing changes where the rule plays every unit. */
void study_sequential_attach(study_sequential_t *s, const study_t *study, const json_t *identity, const char *a,
                             const char *b, study_run_spec_t *run);

#endif
