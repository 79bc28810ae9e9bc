/* view.c - a game record as one self-contained HTML page (view.h): the record replayed into
 * a timeline (view_timeline.h), the timeline's JSON written into the viewer's page with its
 * style and script, all inline. */
#include "view.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "html.h"
#include "records/replay.h"
#include "view_timeline.h"

/* The viewer's files, compiled in by cmake/embed_text.cmake. */
extern const char viewer_html[], viewer_css[], viewer_js[];

/* The page: the template with each placeholder replaced once, in the order they appear. */
static void write_page(FILE *out, const char *title, const char *json)
{
    static const char *const marks[] = {"@VIEWER_TITLE@", "/*@VIEWER_CSS@*/", "@VIEWER_DATA@", "/*@VIEWER_JS@*/"};
    const char *at = viewer_html;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        const char *mark = strstr(at, marks[k]);
        if (!mark) continue; /* the template is ours: a missing mark only leaves that part out */
        fwrite(at, 1, (size_t)(mark - at), out);
        switch (k) {
        case 0: html_text(out, title); break; /* the reports' escaper: & < > " ' */
        case 1: fputs(viewer_css, out); break;
        case 2: html_script_json(out, json); break;
        default: fputs(viewer_js, out); break;
        }
        at = mark + strlen(marks[k]);
    }
    fputs(at, out);
}

static int write_html(const char *html_path, json_t *data, char *error, size_t error_size)
{
    char *json = json_dumps(data, JSON_COMPACT | JSON_REAL_PRECISION(6));
    if (!json) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    atomic_file_t file;
    if (atomic_file_open(&file, html_path, error, error_size)) {
        free(json);
        return -1;
    }
    write_page(file.stream, json_string_value(json_object_get(data, "title")), json);
    free(json);
    return atomic_file_commit(&file, error, error_size);
}

int view_write(const char *record_path, const char *html_path, const view_options_t *options, char *error,
               size_t error_size)
{
    static const view_options_t none = {0};
    if (!options) options = &none;
    view_annotation_setup_t annotation = {options->annotate, options->annotate_seats, options->levels,
                                          options->on_annotated, options->context};
    view_timeline_t *timeline = view_timeline_create(&annotation);
    if (!timeline) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    match_sink_t sink = view_timeline_sink(timeline);
    replay_summary_t summary;
    int result = replay_file_to(record_path, &sink, &summary, error, error_size);
    json_t *data = NULL;
    if (result == REPLAY_AGREES) {
        char why[512];
        data = view_timeline_json(timeline, record_path, options->title, why, sizeof why);
        if (!data) snprintf(error, error_size, "%s: %s", record_path, why);
    }
    view_timeline_destroy(timeline);
    if (!data) return result == REPLAY_AGREES ? -1 : result;
    result = write_html(html_path, data, error, error_size);
    json_decref(data);
    return result;
}
