/* match_log.h - a match as `dominolab play` prints it: the game and seed, each hand's deal,
 * every play with the layout's ends, draws, passes, awards, hand ends and running scores.
 * It is a match sink, so whatever plays or replays a match (play, replay --print, the
 * replay of a deals.csv row) prints it alike.
 */
#ifndef DOMINOLAB_MATCH_LOG_H
#define DOMINOLAB_MATCH_LOG_H

#include <stdbool.h>
#include <stdio.h>

#include "match.h"

typedef struct match_log {
    FILE *out;
    bool quiet; /* only the line of the match's end */
    unsigned hidden; /* bit s: seat s's tiles are not shown (its hand at the deal, its draws) */
} match_log_t;

/* The sink that prints into log->out; valid while `log` lives. */
match_sink_t match_log_sink(match_log_t *log);

#endif
