/* decisions.h - timing an agent's decisions: positions with a choice, from random play of a
 * game from a fixed seed, and an agent deciding at each of them, told the moves that led
 * there as in a match (agent_wants_moves). `bench --decisions` gives decisions per second of
 * wall time; `calibrate` gives each level's CPU time per decision, which the machine's load
 * does not change, and leaves out with --max-ms the candidates too slow for it.
 */
#ifndef DOMINOLAB_DECISIONS_H
#define DOMINOLAB_DECISIONS_H

#include <stddef.h>
#include <stdint.h>

#include "agent.h"
#include "setup.h"

typedef struct decision_positions {
    int count;
    unsigned char *states;
    uint64_t *match_seed;          /* of each position's match */
    bool *match_first;             /* the first position of its match: its path starts there */
    int *path_start, *path_length; /* the moves that led to it, in `moves` */
    game_move_t *moves;
    size_t moves_used, moves_capacity;
} decision_positions_t;

/* `count` positions of the game from `seed`. 0, or -1 out of memory. */
int decision_positions_make(decision_positions_t *p, const setup_game_t *game, int count, uint64_t seed);
void decision_positions_free(decision_positions_t *p);

typedef struct decision_timing {
    long decisions;
    double wall_seconds, cpu_seconds; /* the deciding thread's */
    uint64_t signature;               /* of the moves chosen in the first round */
} decision_timing_t;

/* An agent of `spec` in every seat (made with `seed`) decides at every position, round after
 * round until `min_seconds` of wall time have passed. 0, or 2 with a message (a spec that
 * makes no agent). */
int decision_time(const setup_game_t *game, const decision_positions_t *p, const char *spec,
                  const agent_levels_t *levels, uint64_t seed, double min_seconds, decision_timing_t *out, char *error,
                  size_t error_size);

#endif
