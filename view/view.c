/* view.c - a game record as one self-contained HTML page (view.h): the record replayed into
 * a timeline (view_timeline.h), the timeline's JSON written into the viewer's page with its
 * style and script, all inline. */
#include "view.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "html.h"
#include "records/replay.h"
#include "view_timeline.h"

/* The viewer's files, compiled in by cmake/embed_text.cmake. */
extern const char viewer_html[], viewer_css[], viewer_js[];

/* The record's bytes in base64 (RFC 4648), for the page's download button: exactly the
 * file, and no character a script element could end on. Read in multiples of three bytes,
 * so that only the last group is padded. Returns false if the record could not be read. */
static bool write_base64(FILE *out, FILE *in)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char bytes[3 * 1024];
    size_t got;
    while ((got = fread(bytes, 1, sizeof bytes, in)) > 0)
        for (size_t i = 0; i < got; i += 3) {
            unsigned long group = (unsigned long)bytes[i] << 16;
            if (i + 1 < got) group |= (unsigned long)bytes[i + 1] << 8;
            if (i + 2 < got) group |= bytes[i + 2];
            char quad[4] = {digits[group >> 18 & 63], digits[group >> 12 & 63],
                            i + 1 < got ? digits[group >> 6 & 63] : '=', i + 2 < got ? digits[group & 63] : '='};
            fwrite(quad, 1, 4, out);
        }
    return !ferror(in);
}

/* The page: the template with each placeholder replaced once, in the order they appear.
 * Returns false if the record could not be read. */
static bool write_page(FILE *out, const char *title, const char *json, FILE *record)
{
    static const char *const marks[] = {"@VIEWER_TITLE@", "/*@VIEWER_CSS@*/", "@VIEWER_DATA@", "@VIEWER_RECORD@",
                                        "/*@VIEWER_JS@*/"};
    const char *at = viewer_html;
    bool read = true;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        const char *mark = strstr(at, marks[k]);
        if (!mark) continue; /* the template is ours: a missing mark only leaves that part out */
        fwrite(at, 1, (size_t)(mark - at), out);
        switch (k) {
        case 0: html_text(out, title); break; /* the reports' escaper: & < > " ' */
        case 1: fputs(viewer_css, out); break;
        case 2: html_script_json(out, json); break;
        case 3: read = write_base64(out, record); break;
        default: fputs(viewer_js, out); break;
        }
        at = mark + strlen(marks[k]);
    }
    fputs(at, out);
    return read;
}

static int write_html(const char *html_path, const char *record_path, json_t *data, char *error, size_t error_size)
{
    FILE *record = fopen(record_path, "rb");
    if (!record) {
        snprintf(error, error_size, "%s: cannot read the record again for the page", record_path);
        return -1;
    }
    char *json = json_dumps(data, JSON_COMPACT | JSON_REAL_PRECISION(6));
    atomic_file_t file;
    int result = -1;
    if (!json) snprintf(error, error_size, "out of memory");
    else if (!atomic_file_open(&file, html_path, error, error_size)) {
        if (write_page(file.stream, json_string_value(json_object_get(data, "title")), json, record)) {
            result = atomic_file_commit(&file, error, error_size);
        } else {
            atomic_file_abort(&file);
            snprintf(error, error_size, "%s: cannot read the record again for the page", record_path);
        }
    }
    free(json);
    fclose(record);
    return result;
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
    result = write_html(html_path, record_path, data, error, error_size);
    json_decref(data);
    return result;
}
