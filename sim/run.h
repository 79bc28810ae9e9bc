/* run.h - the whole life of a simulator run directory as one call: a new run or a resumed
 * one, the units played in batches with checkpoints, stop signals, shards, and one run
 * spread over the ranks of an MPI job. The command line resolves a configuration (game,
 * rules, agents, units, seed, slice) and hands it here; nothing here parses arguments.
 *
 * One process: run.json is written first (the study and a checkpoint), then after every
 * batch the per-deal rows are appended and, every few seconds, deals.csv is synced to the
 * disk and a new checkpoint written. A stop (SIGINT, SIGTERM) ends the run after the units
 * in flight; the files then describe the completed units, and a resume continues to
 * exactly the files of an uninterrupted run. A SIGKILL or a power loss leaves the last
 * checkpoint, which a resume checks against the files before it trusts it; a failed write
 * (a full disk) leaves it too, and is reported as the first write that failed.
 *
 * R > 1 MPI ranks (a DOMINOLAB_MPI build): rank 0 alone prepares the directory, rank r
 * plays the r-th of R contiguous slices into its own part file, and rank 0 writes the
 * files once every rank has played. There is no checkpoint, so a stop or a failure on any
 * rank ends the run with nothing kept, and a resume is refused. The ranks meet only in
 * collective steps, which every rank reaches in the same order.
 */
#ifndef DOMINOLAB_RUN_H
#define DOMINOLAB_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mpi_run.h"
#include "progress.h"
#include "rundir.h"
#include "stop.h"

enum {
    RUN_MESSAGE_SIZE = 1024,
    RUN_EXIT_FAILED = 1,
    RUN_EXIT_BAD_INPUT = 2,
    RUN_EXIT_INTERRUPTED = STOP_EXIT_INTERRUPTED,
    RUN_EXIT_TERMINATED = STOP_EXIT_TERMINATED
};

typedef struct run_request {
    sim_study_t study;   /* resolved: the simulator's configuration and what identifies the run */
    const char *dir;
    bool resume;         /* continue the run in dir; else dir must hold none */
    bool quiet;          /* no progress */
    const char *command; /* how to continue the run (written to run.json) */
    const char *version;
    /* Once the directory is ready (new, or resumed after units_done units) and before any
     * unit is played: 0, or -1 with a message. May be NULL. */
    int (*on_ready)(void *context, const char *dir, int64_t units_done, char *error, size_t error_size);
    void *ready_context;
    const progress_frame_t *frame; /* a study's view of its progress, or NULL */
} run_request_t;

typedef struct run_outcome {
    int status;            /* 0 done, or a RUN_EXIT_ value */
    bool already_complete; /* a resume found the run complete: nothing was played */
    bool reporter;         /* this rank tells the user how it went (rank 0, or the only one) */
    int64_t units, slice;  /* units done (resumed ones included) of the slice's */
    int64_t games, hands;
    int signal_number;     /* the stop signal, when stopped */
    char message[RUN_MESSAGE_SIZE]; /* an error for this rank to report, or "" */
} run_outcome_t;

/* Plays the run (on every rank of `ranks`, together). */
void run_execute(const run_request_t *request, const ranks_t *ranks, run_outcome_t *outcome);
/* Collective: every rank's status combined (the largest wins). A message is kept for the
 * one rank that should report it (rank 0 when it has one, since every rank checks the same
 * input; else each rank that has one) and cleared on the others. */
int run_agree(const ranks_t *ranks, int status, char *message);

#endif
