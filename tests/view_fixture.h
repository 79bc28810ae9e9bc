/* view_fixture.h - what the viewer's tests share: a recorded match of each game, and the
 * match data read back out of a page that `dominolab view` wrote. */
#ifndef DOMINOLAB_VIEW_FIXTURE_H
#define DOMINOLAB_VIEW_FIXTURE_H

#include <jansson.h>

typedef struct view_case {
    const char *game, *players, *agents, *seed;
    const char *flag, *value; /* NULL, or one more argument of play: "--option", "key=value" */
} view_case_t;

/* A match of every game: Bergen with 2 and 4 players, Double Bergen, Partnership, Bingo,
 * Bergen with a void hand dealt again (no_double_rule=redeal), and Double Bergen on a
 * double-twelve set with an eight-armed spinner. */
extern const view_case_t view_cases[];
enum { VIEW_CASES = 7, VIEW_CASE_REDEAL = 5 };

/* Records the case's match (dominolab play --record) into DIR/GAME.jsonl; returns the path
 * (static storage, until the next call). Fails the test if play fails. */
const char *view_record_match(const view_case_t *c, const char *dir);
/* The JSON inside a page's <script id="match-data">; fails the test if there is none. */
json_t *view_page_data(const char *html_path);
/* Writes the page of `record` to `html` (view_write; options may be NULL) and returns its
 * data; fails the test if view_write fails. */
struct view_options;
json_t *view_make_page(const char *record, const char *html, const struct view_options *options);

/* A fresh scratch directory `name` (support_scratch) holding the case's match recorded and
 * made a page, DIR/page.html: the page's data. *record and *html (static storage, until the
 * next call) name the two files; either may be NULL. */
json_t *view_recorded_page(const view_case_t *c, const char *name, const struct view_options *options,
                           const char **record, const char **html);

#endif
