/* mpi_run.c - one simulator run over the ranks of an MPI job (see mpi_run.h).
 *
 * Only the main thread of each rank calls MPI (MPI_THREAD_FUNNELED); the OpenMP threads
 * that play the units never do. Totals travel as raw bytes and are added by sim_totals_add
 * in a user-defined reduction, so they combine exactly as threads, checkpoints and merge
 * combine them (a sum, except block_games, which is kept; the signature wraps); the ranks
 * run the same binary, so the bytes mean the same everywhere.
 */
#include "mpi_run.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rundir.h"

#ifdef DOMINOLAB_MPI
#include <mpi.h>
#endif

enum { RANKS_COPY_BYTES = 1 << 16 };

/* ------------------------------------------------------------------ the job */

#ifdef DOMINOLAB_MPI
/* Set by the launchers for the processes they start: Open MPI, PMIx (Open MPI 5, srun
 * --mpi=pmix), PMI (MPICH and Intel MPI's Hydra, srun --mpi=pmi2). A process started by
 * hand never joins a job, so it behaves exactly as a build without MPI. */
static bool launched_by_mpi(void)
{
    static const char *const variables[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE", NULL};
    for (int k = 0; variables[k]; k++)
        if (getenv(variables[k])) return true;
    return false;
}
#endif

int ranks_start(ranks_t *ranks, char *error, size_t error_size)
{
    *ranks = (ranks_t){0, 1, false, false};
#ifdef DOMINOLAB_MPI
    if (!launched_by_mpi()) return 0;
    int initialized = 0, finalized = 0, provided = 0;
    MPI_Finalized(&finalized);
    if (finalized) {
        snprintf(error, error_size, "MPI was already finalised in this process");
        return -1;
    }
    MPI_Initialized(&initialized);
    if (!initialized) {
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
            snprintf(error, error_size, "cannot join the MPI job (MPI_Init_thread failed)");
            return -1;
        }
        ranks->finalize = true;
        if (provided < MPI_THREAD_FUNNELED) {
            ranks_end(ranks);
            snprintf(error, error_size, "the MPI library cannot run beside OpenMP threads (no MPI_THREAD_FUNNELED)");
            return -1;
        }
    }
    ranks->mpi = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &ranks->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks->count);
#else
    (void)error;
    (void)error_size;
#endif
    return 0;
}

void ranks_end(ranks_t *ranks)
{
#ifdef DOMINOLAB_MPI
    if (ranks->finalize) MPI_Finalize();
#endif
    *ranks = (ranks_t){0, 1, false, false};
}

int ranks_agree(const ranks_t *ranks, int status)
{
    int worst = status;
#ifdef DOMINOLAB_MPI
    if (ranks->count > 1) MPI_Allreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
#else
    (void)ranks;
#endif
    return worst;
}

int ranks_from_first(const ranks_t *ranks, int status)
{
#ifdef DOMINOLAB_MPI
    if (ranks->count > 1) MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
#else
    (void)ranks;
#endif
    return status;
}

void ranks_slice(const ranks_t *ranks, int64_t first, int64_t end, int64_t *rank_first, int64_t *rank_end)
{
    /* floor(n * r / R) without the product, which could overflow for huge runs. */
    int64_t n = end - first, whole = n / ranks->count, rest = n % ranks->count;
    *rank_first = first + whole * ranks->rank + rest * ranks->rank / ranks->count;
    *rank_end = first + whole * (ranks->rank + 1) + rest * (ranks->rank + 1) / ranks->count;
}

/* ------------------------------------------------------------------ totals */

#ifdef DOMINOLAB_MPI
/* MPI_User_function: into[k] += add[k]. The buffers may be MPI's own, so each element is
 * copied to aligned storage before it is read as a sim_totals_t. */
static void add_totals(void *add, void *into, int *count, MPI_Datatype *type)
{
    (void)type;
    sim_totals_t *sum = malloc(2 * sizeof *sum);
    if (!sum) MPI_Abort(MPI_COMM_WORLD, 1); /* nothing to return an error through */
    for (int k = 0; k < *count; k++) {
        memcpy(&sum[0], (char *)into + (size_t)k * sizeof *sum, sizeof *sum);
        memcpy(&sum[1], (char *)add + (size_t)k * sizeof *sum, sizeof *sum);
        (void)sim_totals_add(&sum[0], &sum[1]); /* sums of one run: they fit */
        memcpy((char *)into + (size_t)k * sizeof *sum, &sum[0], sizeof *sum);
    }
    free(sum);
}
#endif

int ranks_reduce_totals(const ranks_t *ranks, sim_totals_t *totals, char *error, size_t error_size)
{
#ifdef DOMINOLAB_MPI
    if (ranks->count == 1) return 0;
    MPI_Datatype type; /* one whole sim_totals_t, so the reduction never splits one */
    MPI_Op add;
    int result = MPI_Type_contiguous((int)sizeof *totals, MPI_BYTE, &type);
    if (result == MPI_SUCCESS) {
        result = MPI_Type_commit(&type);
        if (result == MPI_SUCCESS) result = MPI_Op_create(add_totals, 1, &add); /* integer sums commute */
        if (result == MPI_SUCCESS) {
            void *mine = ranks->rank == 0 ? MPI_IN_PLACE : totals;
            result = MPI_Reduce(mine, totals, 1, type, add, 0, MPI_COMM_WORLD);
            MPI_Op_free(&add);
        }
        MPI_Type_free(&type);
    }
    if (result != MPI_SUCCESS) {
        snprintf(error, error_size, "cannot add up the totals of the MPI ranks");
        return -1;
    }
#else
    (void)ranks;
    (void)totals;
    (void)error;
    (void)error_size;
#endif
    return 0;
}

/* ------------------------------------------------------------------ part files */

static void part_path(char *out, const char *dir, int rank)
{
    char name[64];
    snprintf(name, sizeof name, ".deals.csv.rank%d.part", rank);
    rundir_path(out, dir, name);
}

int ranks_part_open(const ranks_t *ranks, const char *dir, FILE **out, char *error, size_t error_size)
{
    char path[RUNDIR_PATH_MAX];
    part_path(path, dir, ranks->rank);
    *out = fopen(path, "w");
    if (!*out) {
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int ranks_part_close(const ranks_t *ranks, const char *dir, FILE *part, char *error, size_t error_size)
{
    char path[RUNDIR_PATH_MAX];
    part_path(path, dir, ranks->rank);
    int failed = fflush(part) != 0 || ferror(part);
    if (fclose(part) != 0) failed = 1;
    if (failed) snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
    return failed ? -1 : 0;
}

void ranks_part_remove(const ranks_t *ranks, const char *dir)
{
    char path[RUNDIR_PATH_MAX];
    part_path(path, dir, ranks->rank);
    unlink(path);
}

/* Appends the file at `path` to `out`. */
static int append_file(FILE *out, const char *path, char *buffer, char *error, size_t error_size)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    size_t got;
    while ((got = fread(buffer, 1, RANKS_COPY_BYTES, in)) > 0)
        if (fwrite(buffer, 1, got, out) != got) break;
    int failed = ferror(in) || ferror(out);
    fclose(in);
    if (failed) snprintf(error, error_size, "cannot copy %s: %s", path, strerror(errno));
    return failed ? -1 : 0;
}

int ranks_parts_collect(const ranks_t *ranks, const char *dir, FILE *deals, char *error, size_t error_size)
{
    char *buffer = malloc(RANKS_COPY_BYTES);
    int result = buffer ? 0 : -1;
    if (!buffer) snprintf(error, error_size, "out of memory");
    for (int rank = 0; rank < ranks->count; rank++) { /* every part is deleted, even after a failure */
        char path[RUNDIR_PATH_MAX];
        part_path(path, dir, rank);
        if (result == 0 && deals) result = append_file(deals, path, buffer, error, error_size);
        unlink(path);
    }
    free(buffer);
    return result;
}
