/* calibrate_timing.c - the milliseconds a decision of calibration's agents
 * (calibrate_timing.h). */
#include "calibrate_timing.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "csv.h"
#include "decisions.h"
#include "stats.h"

/* Positions timed, and the least wall time spent on each agent: enough for a steady figure
 * of a fast agent, and a few seconds in all for a slow one (one round at least). */
enum { TIMING_POSITIONS = 50 };
static const double TIMING_MIN_SECONDS = 0.05;
static const uint64_t TIMING_SEED = 20261207;

int calibrate_timing_read(const char *dir, calibrate_timing_t *t, char *error, size_t error_size)
{
    t->count = 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/timing.csv", dir);
    if (access(path, F_OK) != 0) return 0;
    csv_reader_t *reader = csv_open_new(path, error, error_size);
    if (!reader) return -1;
    int spec = csv_column(reader, "spec", error, error_size), ms = spec < 0 ? -1 : csv_column(reader, "ms_per_decision", error, error_size);
    int status = spec < 0 || ms < 0 ? -1 : 0, row;
    while (status == 0 && (row = csv_next(reader, error, error_size)) == 1 && t->count < TIMING_MAX) {
        snprintf(t->spec[t->count], sizeof t->spec[0], "%s", reader->field[spec]);
        status = csv_real(reader, ms, &t->ms[t->count], error, error_size);
        t->count++;
    }
    if (status == 0 && row < 0) status = -1;
    csv_close_free(reader);
    return status;
}

int calibrate_timing_write(const char *dir, const calibrate_timing_t *t, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "timing.csv", error, error_size)) return -1;
    fputs("spec,ms_per_decision\n", file.stream);
    for (int k = 0; k < t->count; k++) {
        stats_csv_field(file.stream, t->spec[k]);
        fprintf(file.stream, ",%.6f\n", t->ms[k]);
    }
    return atomic_file_commit(&file, error, error_size);
}

double calibrate_timing_of(const calibrate_timing_t *t, const char *spec)
{
    for (int k = 0; k < t->count; k++)
        if (!strcmp(t->spec[k], spec)) return t->ms[k];
    return NAN;
}

int calibrate_timing_measure(const setup_game_t *game, const char *const *specs, int n, calibrate_timing_t *t,
                             char *error, size_t error_size)
{
    decision_positions_t positions;
    if (decision_positions_make(&positions, game, TIMING_POSITIONS, TIMING_SEED)) {
        snprintf(error, error_size, "out of memory for the positions to time");
        return 2;
    }
    int status = 0;
    for (int k = 0; k < n && status == 0; k++) {
        if (!isnan(calibrate_timing_of(t, specs[k])) || t->count == TIMING_MAX) continue;
        decision_timing_t timing;
        status = decision_time(game, &positions, specs[k], NULL, TIMING_SEED, TIMING_MIN_SECONDS, &timing, error,
                               error_size);
        if (status) break;
        snprintf(t->spec[t->count], sizeof t->spec[0], "%s", specs[k]);
        t->ms[t->count++] = 1000 * timing.cpu_seconds / (double)timing.decisions;
    }
    decision_positions_free(&positions);
    return status;
}
