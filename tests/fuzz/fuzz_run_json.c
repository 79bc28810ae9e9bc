/* fuzz_run_json.c - libFuzzer harness for the run.json reader of sim/rundir.h.
 *
 * The reader takes a run directory, not bytes: each input is written as run.json into a
 * fresh temporary directory (removed before returning), then read back the way
 * `sim --resume`, `merge` and `analyze` read it (rundir_load_run).
 *
 * Checked promises besides the sanitizers: a refused run.json has a message naming it; an
 * accepted one is a JSON object whose identity compares equal to itself.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_support.h"
#include "rundir.h"

/* Reads DIR/run.json as sim --resume, merge and analyze do, and checks what rundir.h
 * promises of a run it accepts. */
static void read_run_description(const char *dir)
{
    char error[RUNDIR_PATH_MAX + 512];
    rundir_run_t *run = malloc(sizeof *run); /* ~80 kB of integer totals: kept off the stack */
    if (!run) return;
    if (rundir_load_run(dir, run, error, sizeof error) != 0) {
        fuzz_require(run->json == NULL && fuzz_error_names(error, "run.json"),
                     "a refused run.json is released and named");
        free(run);
        return;
    }
    fuzz_require(run->game && run->mode && (run->matches == !strcmp(run->mode, "matches")), "a run names its game and mode");
    fuzz_require(run->seats >= 1 && run->seats <= GAME_MAX_SEATS && run->sides >= 1 && run->sides <= run->seats,
                 "a run has 1..8 seats and 1..seats sides");
    fuzz_require(run->agent_count >= 1 && run->agent_count <= run->seats, "a run has 1..seats distinct agents");
    for (int seat = 0; seat < run->seats; seat++)
        fuzz_require(run->seat_agents[seat] && run->seat_agents[seat][0], "every seat has an agent spec");
    fuzz_require(run->first_unit >= 0 && run->first_unit < run->end_unit && run->end_unit <= run->units,
                 "a run's slice lies within its units");
    fuzz_require(run->units_done >= 0 && run->units_done <= run->end_unit - run->first_unit,
                 "a run has done no more units than its slice");
    fuzz_require(run->totals.units == run->units_done, "the totals count the units done");
    fuzz_require(run->records_every >= 1 && (!run->records || run->records[0]),
                 "a run records every N-th unit (N >= 1) into a named directory, or none");
    json_t *identity = rundir_identity_of(run->json);
    if (identity) {
        fuzz_require(rundir_compare_identities(identity, identity, NULL, "have", "want", error, sizeof error) == 0,
                     "an identity equals itself");
        json_decref(identity);
    }
    rundir_run_free(run);
    free(run);
}

/* The temporary directory for one input, under $TMPDIR (else /tmp). Returns 0, or -1. */
static int make_scratch(char *dir, size_t size)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    int length = snprintf(dir, size, "%s/dominolab-fuzz-run-json.XXXXXX", base);
    if (length < 0 || (size_t)length >= size) return -1;
    return mkdtemp(dir) ? 0 : -1;
}

static int write_whole(const char *path, const uint8_t *data, size_t size)
{
    FILE *out = fopen(path, "wb");
    if (!out) return -1;
    int failed = fwrite(data, 1, size, out) != size;
    if (fclose(out) != 0) failed = 1;
    return failed ? -1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char dir[RUNDIR_PATH_MAX], path[RUNDIR_PATH_MAX];
    if (make_scratch(dir, sizeof dir) != 0) {
        fprintf(stderr, "fuzz_run_json: cannot make a temporary directory: %s\n", strerror(errno));
        abort(); /* an input that tests nothing must not pass as tested */
    }
    rundir_path(path, dir, "run.json");
    bool written = write_whole(path, data, size) == 0;
    int write_errno = errno;
    if (written) read_run_description(dir);
    unlink(path);
    rmdir(dir);
    if (!written) {
        fprintf(stderr, "fuzz_run_json: cannot write %s: %s\n", path, strerror(write_errno));
        abort();
    }
    return 0;
}
