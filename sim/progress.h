/* progress.h - progress of a long run on stderr: a one-line bar redrawn in place when stderr
 * is a terminal, a plain line every few seconds otherwise (logs, CI), nothing when quiet. */
#ifndef DOMINOLAB_PROGRESS_H
#define DOMINOLAB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct progress {
    FILE *out;
    bool terminal, quiet;
    int64_t total, done_before; /* units of the run; already done when this process started */
    double started, last_shown;
    const char *unit_name;      /* "deals" or "matches" */
} progress_t;

void progress_start(progress_t *p, FILE *out, bool quiet, int64_t total, int64_t done_before, const char *unit_name);
/* Shows `done` units (of the whole run) if it is time to; `force` shows it anyway. */
void progress_update(progress_t *p, int64_t done, bool force);
/* Ends the bar's line. */
void progress_finish(progress_t *p, int64_t done);

#endif
