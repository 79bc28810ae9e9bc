/* view.h - a game record as one self-contained HTML page (`dominolab view`): the record
 * replayed against the rules, every position of the match kept as a frame, written with
 * the viewer's script and style inline (docs/viewer.md).
 */
#ifndef DOMINOLAB_VIEW_H
#define DOMINOLAB_VIEW_H

#include <stddef.h>

#include "agent.h"

enum { VIEW_DATA_VERSION = 1 }; /* the page's match JSON, "viewer": 1 (docs/viewer.md) */

typedef struct view_options {
    const char *annotate;          /* NULL, or the agent spec whose choice and values are shown */
    unsigned annotate_seats;       /* bit s: annotate seat s's decisions (0: every seat) */
    const agent_levels_t *levels;  /* resolves level:n in `annotate`; NULL: the game's built-in table */
    const char *title;             /* NULL: made from the record's game and agents */
    void (*on_annotated)(void *context, int decisions); /* NULL, or told each decision annotated */
    void *context;
} view_options_t;

/* Replays the record at `record_path` and writes the page to `html_path` (atomically:
 * nothing is left there on failure). Returns 0; else one line in `error` and
 * REPLAY_DISAGREES (1) or REPLAY_MALFORMED (2) for a record that does not replay
 * ("FILE:LINE: what is wrong"), or -1 for anything else (an annotating agent, memory,
 * writing the page). */
int view_write(const char *record_path, const char *html_path, const view_options_t *options, char *error,
               size_t error_size);

#endif
