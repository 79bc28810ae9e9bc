/* replay.h - checks a game record against the rules by playing it again.
 *
 * The match line configures the game; each deal line is imposed with set_deal, each play,
 * draw or pass is applied as a move of the seat to move, and every line the engine would
 * have written (record.h's formatter, the writer's own) must appear in the record with the
 * same values. Unknown extra fields are ignored, as the format allows.
 */
#ifndef DOMINOLAB_REPLAY_H
#define DOMINOLAB_REPLAY_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "game.h"
#include "match.h"

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
/* replay_file and replay_stream that also hand the match to `sink` (or NULL) as match_play
 * would: on_start once the match line is read, on_event for every event as the lines are
 * checked (so a sink sees the match up to the first line that disagrees), on_move before
 * each move is applied (those the record leaves unwritten too). The sink only
 * watches: what it returns is ignored. */
int replay_file_to(const char *path, match_sink_t *sink, replay_summary_t *summary, char *error, size_t error_size);
int replay_stream_to(FILE *in, const char *name, match_sink_t *sink, replay_summary_t *summary, char *error,
                     size_t error_size);
/* An option's JSON value (a record's, run.json's or study.json's `options`) as the user
 * would write it: true, 12, a word, or "[a,b]" for an array of integers. Returns 0, or -1
 * for a value no option takes (null, real, object, another array) or one that does not fit. */
int replay_option_text(const json_t *value, char *out, size_t out_size);
/* The values of a match line's `options` object (or run.json's): every option of the game
 * given, each valid, but `players` may be left out where the game has one player count
 * (record-format.md). Returns 0, or -1 with "options: why". */
int replay_read_options(const game_t *game, const json_t *options, option_values_t *values, char *error,
                        size_t error_size);

#endif
