/* record.h - the game record (docs/record-format.md): one compact JSON object
 * per line, keys in a fixed order.
 *
 * Two layers:
 *   - the formatter turns the match setup and each game event into its line. It is the
 *     only code that knows the line layout: the writer prints its lines, and the replay
 *     compares a record with the lines it produces, so the two can never disagree;
 *   - the writer is a match sink that prints those lines into an atomic_file, so an
 *     interrupted match leaves no partial record behind.
 */
#ifndef DOMINOLAB_RECORD_H
#define DOMINOLAB_RECORD_H

#include <stddef.h>

#include "atomic_file.h"
#include "game.h"
#include "match.h"

enum {
    RECORD_FORMAT_VERSION = 1,
    RECORD_LINE_MAX = 4096, /* any event line fits (a deal of 128 tiles needs ~1.2 kB) */
    RECORD_ERROR_SIZE = 512
};

/* Formatter state: the rules (for the number of sides) and the points of this hand's
 * award events, which a hand_end line reports. */
typedef struct record_format {
    const game_t *game;
    const game_rules_t *rules;
    int hand_points[GAME_MAX_SEATS]; /* per side, reset by each deal event */
} record_format_t;

void record_format_init(record_format_t *fmt, const game_t *game, const game_rules_t *rules);
/* The "match" line, without newline. Like snprintf: returns the length it needs, writes
 * at most out_size bytes (out may be NULL when out_size is 0). */
size_t record_format_match(char *out, size_t out_size, const match_setup_t *setup);
/* The full option object {"key":value,...}, as the match line writes it (snprintf-like). */
size_t record_format_options(char *out, size_t out_size, const game_t *game, const option_values_t *values);
/* The line of `event` (without newline), reading the deal, hand number, pips and scores
 * from `state` as it is after the event. Call once per event, in order: it keeps the
 * hand's award total. Returns 0 with the line in out, RECORD_NO_LINE for an event the
 * format writes no line for, or -1 if the line does not fit in out_size. */
enum { RECORD_NO_LINE = 1 };
int record_format_event(record_format_t *fmt, const void *state, const game_event_t *event, char *out,
                        size_t out_size);

/* The writer. */
typedef struct record_writer {
    atomic_file_t file;
    record_format_t format;
    int failed;                     /* a write failed; the match should stop */
    char error[RECORD_ERROR_SIZE];  /* why, once failed */
} record_writer_t;

/* Opens the temporary file behind `path`. Returns 0, or -1 with a message. */
int record_writer_open(record_writer_t *w, const char *path, char *error, size_t error_size);
/* The same with the file's mode given (atomic_file_open_mode): for writers on several threads. */
int record_writer_open_mode(record_writer_t *w, const char *path, mode_t mode, char *error, size_t error_size);
/* The sink to give match_play; valid while `w` lives. */
match_sink_t record_writer_sink(record_writer_t *w);
/* The message of a failed write (after the sink stopped a match), or "". */
const char *record_writer_error(const record_writer_t *w);
/* Commits the record if `ok` and nothing failed, else removes it. Returns 0, or -1 with
 * a message (the earlier write error, or the commit's). */
int record_writer_finish(record_writer_t *w, int ok, char *error, size_t error_size);
/* After match_play returned `result` (0 played, 1 stopped by a sink, -1 failed): commits the
 * record of a played match, else removes it. Returns `result`, or -1 if the commit failed;
 * `error` then says why (for a stop, the writer's own message). */
int record_writer_end(record_writer_t *w, int result, char *error, size_t error_size);
/* For a complete record published later (atomic_file_close): closes its temporary file,
 * which *file takes over (to atomic_file_publish or _abort). Returns 0, or -1 with a
 * message (the earlier write error, or the close's) and nothing left behind. */
int record_writer_close(record_writer_t *w, atomic_file_t *file, char *error, size_t error_size);

#endif
