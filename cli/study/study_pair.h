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

#include "sim.h"

typedef struct study_pair {
    int seats, rotations;        /* of the study's game: R games a block */
    const char *name_a, *name_b; /* the run's agents, as deals.csv names them */
    /* One more block, its score sum in half points; returns true once the run must end
     * after it. */
    bool (*add)(void *context, int score2);
    void *context;
    bool decided;
} study_pair_t;

/* The simulator's stopping rule (sim_stop_rule_fn) for a study_pair_t. */
int study_pair_stop_rule(void *pair, const sim_unit_outcome_t *units, int count, bool *decided);
/* The run's on_ready hook (cli_sim_hooks_t) for a study_pair_t: on resume, every block of
 * the deals so far (DIR/.deals.csv.part) goes through `add` again, in unit order. 0, or -1
 * with a message. */
int study_pair_resume(void *pair, const char *dir, int64_t units_done, char *error, size_t error_size);

#endif
