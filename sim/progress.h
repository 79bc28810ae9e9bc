/* progress.h - progress of a long run on stderr: a one-line bar redrawn in place when stderr
 * is a terminal, a plain line every few seconds otherwise (logs, CI), nothing when quiet.
 *
 * The line carries the standings so far, as chess testers show them: with two agents the
 * first one's score and, with two sides, its Elo, each with a 95% interval over deal blocks;
 * and, once a bot outside dominolab has faulted, the faults counted so far.
 * A study frames its runs: the bar then counts the whole study, against one total fixed
 * before it starts, and the study may give its own standings (the SPRT's LLR and bounds).
 */
#ifndef DOMINOLAB_PROGRESS_H
#define DOMINOLAB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "sim.h"

typedef struct progress_frame {
    int64_t before, total; /* units of the study's runs before this one; of all its runs */
    int run, runs;         /* this run's number (from 1), of the study's runs */
    double later_seconds;  /* the study's estimate of its runs after this one; < 0: none */
    /* The standings after `totals`, in a few words; NULL: the default ones. */
    void (*standings)(void *context, const sim_totals_t *totals, char *out, size_t size);
    void *context;
    /* Runs that stop once they have answered: the unit this one is expected to end at, from
     * what its rule has seen (NULL: its last), and the share of their units the runs to come
     * are expected to play (< 0: this one's expected share). The line's total is then an
     * estimate, marked "~", and reaches what was played once the last run ends. */
    int64_t (*expected_end)(void *context);
    void *expected_context;
    double later_share;
} progress_frame_t;

typedef struct progress {
    FILE *out;
    bool terminal, quiet;
    int64_t total, done_before; /* units of the run; already done when this process started */
    double started, last_shown;
    const char *unit_name;      /* "deals" or "matches" */
    const sim_config_t *config; /* the agents, for the standings */
    const progress_frame_t *frame; /* the study's, or NULL */
} progress_t;

void progress_start(progress_t *p, FILE *out, bool quiet, int64_t total, int64_t done_before, const char *unit_name,
                    const sim_config_t *config, const progress_frame_t *frame);
/* Shows `totals` (of the whole run) if it is time to; `force` shows it anyway. */
void progress_update(progress_t *p, const sim_totals_t *totals, bool force);
/* Ends the bar's line. */
void progress_finish(progress_t *p, const sim_totals_t *totals);
/* The default standings: the first agent's score [interval] and Elo [interval] against the
 * other (two agents), else nothing. */
void progress_standings(const sim_config_t *config, const sim_totals_t *totals, char *out, size_t size);
/* The same for two agents of which `first` is index 0. */
void progress_standings_of(const sim_totals_t *totals, const char *first, bool two_sides, char *out, size_t size);
/* The faults of the bots outside dominolab (ext) in `totals`, all agents together: "3 bot
 * faults: 1 illegal move, 2 time-outs"; "" when there are none. The line shows them after
 * the standings, whoever gives those: a study's own standings never hide them. */
void progress_faults(const sim_config_t *config, const sim_totals_t *totals, char *out, size_t size);

#endif
