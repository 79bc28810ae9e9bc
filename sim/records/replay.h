/* replay.h - checks a game record against the rules by playing it again.
 *
 * The match line configures the game; each deal line is imposed with set_deal, each play,
 * draw or pass is applied as a move of the seat to move, and every line the engine would
 * have written (record.h's formatter, the writer's own) must appear in the record with the
 * same values. Unknown extra fields are ignored, as the format allows.
 */
#ifndef DOMINOLAB_REPLAY_H
#define DOMINOLAB_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "game.h"

typedef enum replay_result {
    REPLAY_AGREES = 0,    /* every line agrees with the rules, and the match is complete */
    REPLAY_DISAGREES = 1, /* a line contradicts the rules (or the record stops early) */
    REPLAY_MALFORMED = 2  /* unreadable: not JSON, bad field, unknown game/option/value */
} replay_result_t;

typedef struct replay_summary {
    const char *game;           /* the game's registry name, NULL before the match line */
    int seats, sides;
    int hands;                  /* hand number reached */
    int lines;                  /* lines read */
    int winner;                 /* side, or -1 for none */
    int scores[GAME_MAX_SEATS]; /* final, per side */
} replay_summary_t;

/* Replays the record in `path`. Returns a replay_result_t; otherwise than 0, `error` holds
 * one line "FILE:LINE: what differs" (or "FILE: why" when no line is to blame). */
int replay_file(const char *path, replay_summary_t *summary, char *error, size_t error_size);
/* The same over an open stream; `name` is used in messages. */
int replay_stream(FILE *in, const char *name, replay_summary_t *summary, char *error, size_t error_size);

#endif
