/* outcomes.h - the games of a simulator run, read back from its deals.csv (docs/sim.md), and
 * the comparisons between agents they hold.
 *
 * A play is one unit played once (one rotation, or one replay), with every seat's row. The
 * plays of a unit are its deal block: they share the deal, so statistics resample and
 * pair whole blocks, never single games.
 *
 * Comparing two agents in one play: each agent's standing is that of its best seat, ranked
 * by result (win, draw, loss) and then by its side's points. The agent that stands higher
 * scores 1, the other 0; equal standing is a draw. With two seats or two teams this is the
 * game's own result; with more seats the agents that did not win are still ranked by the
 * points they made, the way a multi-player game is read as pairwise results.
 */
#ifndef DOMINOLAB_OUTCOMES_H
#define DOMINOLAB_OUTCOMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum {
    OUTCOMES_MAX_SEATS = 8,
    OUTCOMES_MAX_AGENTS = 64,
    OUTCOMES_MAX_ENDS = 16,
    OUTCOMES_NAME_MAX = 256
};

typedef enum outcome_result { OUTCOME_LOSS, OUTCOME_DRAW, OUTCOME_WIN } outcome_result_t;

typedef struct outcome_seat {
    int16_t agent;     /* index into the table's agents */
    int8_t team;       /* side */
    int8_t result;     /* outcome_result_t */
    int32_t points;    /* the side's points: in the hand (deals) or final score (matches) */
    int16_t pips_left;
} outcome_seat_t;

typedef struct outcome_play {
    int64_t unit;
    int8_t rotation;   /* or replay */
    int8_t end;        /* index into the table's end names */
    int8_t leader;     /* seat that led the first hand, -1 if none */
    int16_t hands;
    int32_t plies;
    uint64_t deal_seed;
    outcome_seat_t seat[OUTCOMES_MAX_SEATS];
} outcome_play_t;

typedef struct outcome_table {
    char path[1024];
    int seats, sides, rotations;
    int agent_count;
    char agent[OUTCOMES_MAX_AGENTS][OUTCOMES_NAME_MAX];
    int end_count;
    char end[OUTCOMES_MAX_ENDS][32];
    outcome_play_t *plays; /* unit by unit, each unit's rotations in order */
    size_t count, capacity;
    int64_t units;
} outcome_table_t;

/* Reads a deals.csv. Rows must come as the simulator writes them: by unit, then rotation,
 * then seat, every play complete and every unit with the same rotations. Errors name the
 * file and line. `out` is freed with outcomes_free, also after a failure. */
int outcomes_read(const char *path, outcome_table_t *out, char *error, size_t error_size);
/* The same over a stream open for reading, which stays the caller's; `name` stands for the
 * file in messages and in out->path. */
int outcomes_read_stream(FILE *in, const char *name, outcome_table_t *out, char *error, size_t error_size);
void outcomes_free(outcome_table_t *table);

/* Index of agent `name` in the table, or -1. */
int outcomes_agent(const outcome_table_t *table, const char *name);
/* The plays of unit block b (0-based, in file order): table->plays + b * rotations. */
static inline const outcome_play_t *outcomes_block(const outcome_table_t *table, int64_t block)
{
    return table->plays + (size_t)block * (size_t)table->rotations;
}

/* Whether agent a sits in `play`, and its standing there (higher is better; see the top). */
bool outcomes_standing(const outcome_play_t *play, int seats, int agent, int64_t *standing);
/* Twice a's score against b in `play`: 2 a stood higher, 1 equal, 0 lower; -1 if either is
 * absent. */
int outcomes_pair_score2(const outcome_play_t *play, int seats, int a, int b);
/* The same summed over every play of deal block `block`; -1 if a play lacks either agent. */
int outcomes_block_score2(const outcome_table_t *table, int64_t block, int a, int b);

#endif
