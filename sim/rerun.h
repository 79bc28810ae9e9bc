/* rerun.h - one game of a simulator run played again from its run.json: the game of row
 * (unit, rotation) of its deals.csv, between the same agents from the same seed, as
 * `dominolab replay --run` and the sample games of a study's report play it.
 */
#ifndef DOMINOLAB_RERUN_H
#define DOMINOLAB_RERUN_H

#include <stdint.h>

#include "agent.h"
#include "match.h"

enum { RERUN_MAX_SINKS = 4 };

/* The game played, at its end. */
typedef struct rerun_result {
    int seats, sides, hands, winner;                 /* winner: seat or team, -1 none */
    int scores[GAME_MAX_SEATS];                      /* by side */
    int seat_points[GAME_MAX_SEATS], pips[GAME_MAX_SEATS]; /* by seat: its side's points, its pips left */
    char specs[GAME_MAX_SEATS][AGENT_SPEC_MAX];      /* the agent of each seat */
    uint64_t seed;                                   /* the deal's */
} rerun_result_t;

/* Plays game (unit, rotation) of the run in run_dir into `sinks` (sink_count up to
 * RERUN_MAX_SINKS, or 0) and, when record_path is not NULL, writes its record there.
 * 0, 1 (a failure while playing or writing) or 2 (no such run, unit or rotation: the message
 * names --unit or --rotation), with a message. */
int rerun_play(const char *run_dir, uint64_t unit, int rotation, const match_sink_t *sinks, int sink_count,
               const char *record_path, rerun_result_t *result, char *error, size_t error_size);

#endif
