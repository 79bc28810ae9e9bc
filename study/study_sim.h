/* study_sim.h - one run of a study handed to the simulator (sim/run.h): its game (the
 * study's under the run's own rule options), its agents seated, every bot readied, the
 * request with the study's hooks and progress frame; and a short trial that measures its
 * pace in memory, for the study's estimate. Inside the study library (study.c).
 */
#ifndef DOMINOLAB_STUDY_SIM_H
#define DOMINOLAB_STUDY_SIM_H

#include "run.h"
#include "study.h"

typedef struct study_sim {
    setup_game_t game;
    run_request_t request;
    const char *specs[GAME_MAX_SEATS];
    char names[GAME_MAX_SEATS][SETUP_AGENT_NAME_MAX];
    char records[STUDY_PATH_MAX + 16];
} study_sim_t;

/* The run of `run` into `dir` (a new one, or with `resume` the one there continued). 0, or -1
 * with a message (a game or agent that cannot be made: nothing was written). */
int study_sim_open(study_sim_t *s, const study_t *study, const study_run_spec_t *run, const char *dir, bool resume,
                   char *error, size_t error_size);
void study_sim_close(study_sim_t *s);
/* Plays it (sim/run.h) with `hooks` (or NULL) and `frame`, telling how it went on stderr as
 * a run of the study. The exit status: 0, 130/143 stopped, else failed. */
int study_sim_play(study_sim_t *s, const study_t *study, const study_hooks_t *hooks, const progress_frame_t *frame);
/* Plays its first units for about `seconds`, in memory, without the stopping rule: units per
 * second, or -1 with a message. */
double study_sim_rate(const study_sim_t *s, double seconds, char *error, size_t error_size);

#endif
