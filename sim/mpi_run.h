/* mpi_run.h - one simulator run spread over the processes (ranks) of an MPI job.
 *
 * A run over R ranks cuts its units into R contiguous slices, rank r playing slice r;
 * every rank writes its per-deal rows to its own part file in the run directory, and at
 * the end rank 0 adds up the totals and concatenates the parts in rank order, which is unit
 * order. Totals are integers added by sim_totals_add, so the files are those of a single
 * process.
 *
 * Invariants: MPI is initialised only when the process was started by an MPI launcher
 * (mpirun, mpiexec, srun) and the build has DOMINOLAB_MPI; otherwise, and in a build
 * without MPI, there is exactly one rank and every function here is local (no MPI call).
 * Functions marked "collective" must be called by every rank, in the same order.
 * Names use the prefix ranks_: the MPI standard reserves mpi_ in any letter case.
 */
#ifndef DOMINOLAB_MPI_RUN_H
#define DOMINOLAB_MPI_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sim.h"

typedef struct ranks {
    int rank, count; /* this process and how many: 0 and 1 without MPI */
    bool mpi;        /* this process is one of an MPI job (count may still be 1) */
    bool finalize;   /* ranks_start initialised MPI, so ranks_end finalises it */
} ranks_t;

/* Joins the MPI job if an MPI launcher started this process, else one rank alone.
 * Returns 0, or -1 with a message. */
int ranks_start(ranks_t *ranks, char *error, size_t error_size);
/* Leaves the MPI job (MPI_Finalize) if ranks_start joined one. */
void ranks_end(ranks_t *ranks);

/* Collective: the largest of every rank's `status` (an exit status), on every rank. */
int ranks_agree(const ranks_t *ranks, int status);
/* Collective: rank 0's `status`, on every rank. */
int ranks_from_first(const ranks_t *ranks, int status);

/* This rank's contiguous part [*rank_first, *rank_end) of the units [first, end). */
void ranks_slice(const ranks_t *ranks, int64_t first, int64_t end, int64_t *rank_first, int64_t *rank_end);

/* Collective: rank 0's `totals` becomes the sum (sim_totals_add) of every rank's totals;
 * the others' are left as they are. Returns 0, or -1 with a message. */
int ranks_reduce_totals(const ranks_t *ranks, sim_totals_t *totals, char *error, size_t error_size);

/* This rank's part file of per-deal rows, DIR/.deals.csv.rank<R>.part, created empty. */
int ranks_part_open(const ranks_t *ranks, const char *dir, FILE **out, char *error, size_t error_size);
/* Closes this rank's part file; 0, or -1 with a message if any of its rows was not written. */
int ranks_part_close(const ranks_t *ranks, const char *dir, FILE *part, char *error, size_t error_size);
/* Deletes this rank's part file (after a failure). */
void ranks_part_remove(const ranks_t *ranks, const char *dir);
/* Rank 0, once every rank has closed its part: appends the parts of ranks 0..count-1 to
 * `deals` (unless NULL) in rank order, and deletes every part, even after a failure.
 * Returns 0, or -1 with a message. */
int ranks_parts_collect(const ranks_t *ranks, const char *dir, FILE *deals, char *error, size_t error_size);

#endif
