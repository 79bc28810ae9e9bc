/* view_timeline.h - a match as the viewer shows it: every position, one frame per move.
 *
 * The timeline is a match sink. It watches a match being replayed (or played) and keeps,
 * after the deal and after every move, what the table shows: each seat's tiles, the line or
 * the spinner's arms, or the trick and the trump, the stock, the scores, and the record lines
 * the step wrote. It knows the rules only through game.h and the record's own lines, so it
 * shows every game alike. With an annotating agent it also asks, before each move of the
 * chosen seats, what that agent would play and what it thinks of every legal move.
 * docs/viewer.md describes the JSON it builds.
 */
#ifndef DOMINOLAB_VIEW_TIMELINE_H
#define DOMINOLAB_VIEW_TIMELINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "agent.h"
#include "match.h"

typedef struct view_timeline view_timeline_t;

typedef struct view_annotation_setup {
    const char *spec;             /* NULL: no annotations */
    unsigned seats;               /* bit s: seat s's decisions (0: every seat) */
    const agent_levels_t *levels; /* resolves level:n; NULL: the game's built-in table */
    /* NULL, or told after each decision annotated, with how many so far (a slow agent's
     * progress, for the command line) */
    void (*on_annotated)(void *context, int decisions);
    void *context;
} view_annotation_setup_t;

/* A timeline that fills as its sink sees the match. Returns NULL when memory runs out. */
view_timeline_t *view_timeline_create(const view_annotation_setup_t *annotation);
void view_timeline_destroy(view_timeline_t *timeline);
/* The sink to hand to replay_file_to or match_play; valid while the timeline lives. */
match_sink_t view_timeline_sink(view_timeline_t *timeline);
/* After the match: the JSON of docs/viewer.md (a new reference, the caller's to release), or
 * NULL with a message when something failed on the way (memory, an annotating agent that
 * could not be made, a match that never started). */
json_t *view_timeline_json(view_timeline_t *timeline, const char *source, const char *title, char *error,
                           size_t error_size);

#endif
