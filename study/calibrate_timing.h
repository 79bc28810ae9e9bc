/* calibrate_timing.h - how long each candidate and level of a calibration thinks per
 * decision on this machine: CPU time of one thread (decisions.h), which the machine's load
 * does not change, kept in the study's timing.csv so that the report (and `analyze`) reads
 * the same figures again rather than timing anew.
 */
#ifndef DOMINOLAB_CALIBRATE_TIMING_H
#define DOMINOLAB_CALIBRATE_TIMING_H

#include <stddef.h>

#include "agent.h"
#include "calibration.h"
#include "setup.h"

enum { TIMING_MAX = CALIBRATION_MAX_CANDIDATES + AGENT_LEVEL_COUNT };

typedef struct calibrate_timing {
    int count;
    char spec[TIMING_MAX][AGENT_SPEC_MAX];
    double ms[TIMING_MAX]; /* CPU milliseconds a decision */
} calibrate_timing_t;

/* DIR/timing.csv into t (none there: empty). 0, or -1 with a message naming the file. */
int calibrate_timing_read(const char *dir, calibrate_timing_t *t, char *error, size_t error_size);
/* t into DIR/timing.csv (atomically). 0, or -1 with a message. */
int calibrate_timing_write(const char *dir, const calibrate_timing_t *t, char *error, size_t error_size);
/* The milliseconds of `spec`, or NaN when it was not timed. */
double calibrate_timing_of(const calibrate_timing_t *t, const char *spec);
/* Times each of specs[0..n) not in t yet, at positions of the game, and adds it. 0, or 2
 * with a message. */
int calibrate_timing_measure(const setup_game_t *game, const char *const *specs, int n, calibrate_timing_t *t,
                             char *error, size_t error_size);

#endif
