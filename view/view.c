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
 * file, and no character a script element could end on. */
static void write_base64(FILE *out, const unsigned char *bytes, size_t size)
{
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < size; i += 3) {
        unsigned long group = (unsigned long)bytes[i] << 16;
        if (i + 1 < size) group |= (unsigned long)bytes[i + 1] << 8;
        if (i + 2 < size) group |= bytes[i + 2];
        char quad[4] = {digits[group >> 18 & 63], digits[group >> 12 & 63], i + 1 < size ? digits[group >> 6 & 63] : '=',
                        i + 2 < size ? digits[group & 63] : '='};
        fwrite(quad, 1, 4, out);
    }
}

typedef struct page_record {
    unsigned char *bytes;
    size_t size;
} page_record_t;

/* The page: the template with each placeholder replaced once, in the order they appear. */
static void write_page(FILE *out, const char *title, const char *json, const page_record_t *record)
{
    static const char *const marks[] = {"@VIEWER_TITLE@", "/*@VIEWER_CSS@*/", "@VIEWER_DATA@", "@VIEWER_RECORD@",
                                        "/*@VIEWER_JS@*/"};
    const char *at = viewer_html;
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++) {
        const char *mark = strstr(at, marks[k]);
        if (!mark) continue; /* the template is ours: a missing mark only leaves that part out */
        fwrite(at, 1, (size_t)(mark - at), out);
        switch (k) {
        case 0: html_text(out, title); break; /* the reports' escaper: & < > " ' */
        case 1: fputs(viewer_css, out); break;
        case 2: html_script_json(out, json); break;
        case 3: write_base64(out, record->bytes, record->size); break;
        default: fputs(viewer_js, out); break;
        }
        at = mark + strlen(marks[k]);
    }
    fputs(at, out);
}

/* The record as read from `path`, whole. Returns 0, or -1 with a message. */
static int read_record(const char *path, page_record_t *record, char *error, size_t error_size)
{
    FILE *in = fopen(path, "rb");
    record->bytes = NULL;
    record->size = 0;
    size_t room = 0;
    bool failed = !in;
    while (!failed) {
        if (record->size == room) {
            size_t more = room ? 2 * room : 65536;
            unsigned char *grown = realloc(record->bytes, more);
            failed = !grown;
            if (failed) break;
            record->bytes = grown;
            room = more;
        }
        size_t got = fread(record->bytes + record->size, 1, room - record->size, in);
        record->size += got;
        if (got == 0) break;
    }
    failed = failed || ferror(in);
    if (in) fclose(in);
    if (!failed) return 0;
    snprintf(error, error_size, "%s: cannot read the record again for the page", path);
    free(record->bytes);
    record->bytes = NULL;
    return -1;
}

static int write_html(const char *html_path, const char *record_path, json_t *data, char *error, size_t error_size)
{
    page_record_t record;
    if (read_record(record_path, &record, error, error_size)) return -1;
    char *json = json_dumps(data, JSON_COMPACT | JSON_REAL_PRECISION(6));
    if (!json) {
        free(record.bytes);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    atomic_file_t file;
    int result = atomic_file_open(&file, html_path, error, error_size);
    if (!result) {
        write_page(file.stream, json_string_value(json_object_get(data, "title")), json, &record);
        result = atomic_file_commit(&file, error, error_size);
    }
    free(json);
    free(record.bytes);
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
