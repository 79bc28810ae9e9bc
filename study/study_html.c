/* study_html.c - a study's report.html: what the CSV files cannot tell, from study.json and
 * the study's runs (study.h), handed to analysis/report_html.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "records/record.h"
#include "rundir.h"
#include "study.h"
#include "view.h"

/* Appends `text` to out (of `size`, `*used` written so far), cut when it is full. */
static void append(char *out, size_t size, size_t *used, const char *text)
{
    if (*used >= size) return;
    int wrote = snprintf(out + *used, size - *used, "%s", text);
    *used += wrote > 0 ? (size_t)wrote : 0;
    if (*used >= size) *used = size - 1;
}

static void append_value(char *out, size_t size, size_t *used, const json_t *value);

/* A variant of a balance study, {"name": N, "options": [...]}: "N (o1, o2)". */
static bool append_variant(char *out, size_t size, size_t *used, const json_t *value)
{
    const char *name = json_string_value(json_object_get(value, "name"));
    const json_t *options = json_object_get(value, "options");
    if (!name || !json_is_array(options) || json_object_size(value) != 2) return false;
    append(out, size, used, name);
    if (json_array_size(options) == 0) return true;
    append(out, size, used, " (");
    append_value(out, size, used, options);
    append(out, size, used, ")");
    return true;
}

static void append_value(char *out, size_t size, size_t *used, const json_t *value)
{
    char number[64];
    switch (json_typeof(value)) {
    case JSON_STRING: append(out, size, used, json_string_value(value)); return;
    case JSON_INTEGER:
        snprintf(number, sizeof number, "%" JSON_INTEGER_FORMAT, json_integer_value(value));
        append(out, size, used, number);
        return;
    case JSON_REAL:
        snprintf(number, sizeof number, "%g", json_real_value(value));
        append(out, size, used, number);
        return;
    case JSON_TRUE: append(out, size, used, "yes"); return;
    case JSON_FALSE: append(out, size, used, "no"); return;
    case JSON_NULL: append(out, size, used, "none"); return;
    case JSON_ARRAY:
        for (size_t k = 0; k < json_array_size(value); k++) {
            const json_t *item = json_array_get(value, k);
            append(out, size, used, k ? (json_is_object(item) ? "; " : ", ") : "");
            append_value(out, size, used, item);
        }
        if (json_array_size(value) == 0) append(out, size, used, "none");
        return;
    case JSON_OBJECT: {
        if (append_variant(out, size, used, value)) return;
        const char *key;
        json_t *item;
        bool first = true;
        json_object_foreach((json_t *)value, key, item) {
            append(out, size, used, first ? "" : ", ");
            append(out, size, used, key);
            append(out, size, used, "=");
            append_value(out, size, used, item);
            first = false;
        }
        if (first) append(out, size, used, "none");
        return;
    }
    }
}

static void add_setting(study_settings_t *settings, const char *key, const json_t *value)
{
    if (settings->count == STUDY_SETTINGS_MAX || !value) return;
    char *text = settings->text[settings->count];
    size_t used = 0;
    text[0] = '\0';
    append_value(text, STUDY_SETTING_TEXT, &used, value);
    settings->setting[settings->count++] = (report_html_setting_t){key, text};
}

void study_settings_add(study_settings_t *settings, const json_t *object, const char *const *keys)
{
    if (keys) {
        for (int k = 0; keys[k]; k++) add_setting(settings, keys[k], json_object_get(object, keys[k]));
        return;
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)object, key, value) add_setting(settings, key, value);
}

/* One line for the terminal: where the page is, and how the sample games went. */
static void say_where(FILE *text, const char *out_dir, const study_samples_t *samples)
{
    fprintf(text, "report.html written to %s/report.html", out_dir);
    if (samples->count == 0) {
        fputc('\n', text);
        return;
    }
    fprintf(text, "; sample games: %d of %d made", samples->made, samples->count);
    for (int k = 0; k < samples->count; k++)
        if (samples->sample[k].problem) {
            fprintf(text, " (%s: %s)", samples->sample[k].label, samples->sample[k].problem);
            break; /* the first reason is the one to read; the page lists them all */
        }
    fputc('\n', text);
}

/* For the versions: what a reader needs to read the directory again, the formats of its
 * files and the library the numbers went through. */
static void formats_of_files(char *out, size_t size)
{
    snprintf(out, size, "(run.json format %d, game records format %d, viewer data %d; Jansson %s)", RUNDIR_FORMAT,
             RECORD_FORMAT_VERSION, VIEW_DATA_VERSION, JANSSON_VERSION);
}

int study_html_write(const char *dir, const char *out_dir, const study_sample_run_t *runs, int run_count,
                     const study_settings_t *settings, report_html_context_t *context, FILE *text, char *error,
                     size_t error_size)
{
    study_samples_t samples;
    if (study_samples_make(dir, out_dir, runs, run_count, &samples, error, error_size)) return -1;
    char formats[256];
    formats_of_files(formats, sizeof formats);
    context->version = DOMINOLAB_VERSION;
    context->formats = formats;
    context->settings = settings->setting;
    context->setting_count = settings->count;
    context->samples = samples.sample;
    context->sample_count = samples.count;
    int status = report_html_write(out_dir, context, error, error_size);
    if (status == 0 && text) say_where(text, out_dir, &samples);
    study_samples_free(&samples);
    return status;
}

int study_write_html(const char *dir, const char *out_dir, const json_t *identity, const plot_session_t *plots,
                     const study_html_t *html, FILE *text, char *error, size_t error_size)
{
    char path[STUDY_PATH_MAX];
    snprintf(path, sizeof path, "%s/study.json", dir);
    json_t *study = json_load_file(path, 0, NULL); /* read and checked by the report already: the words only */
    study_settings_t *settings = calloc(1, sizeof *settings);
    if (!settings) {
        snprintf(error, error_size, "out of memory writing %s/report.html", out_dir);
        json_decref(study);
        return -1;
    }
    const char *kind = json_string_value(json_object_get(study, "kind"));
    static const char *const study_keys[] = {"kind", "started", NULL};
    study_settings_add(settings, study, study_keys);
    study_settings_add(settings, identity, NULL);
    const char *notes[] = {html->note};
    report_html_context_t context = {
        .layout = html->layout,
        .kind = kind ? kind : "study",
        .subject = plots->subject,
        .matches = plots->matches,
        .reference = html->reference,
        .command = json_string_value(json_object_get(study, "command")),
        .made_by = json_string_value(json_object_get(study, "version")),
        .notes = notes,
        .note_count = html->note ? 1 : 0,
        .faults = html->faults,
    };
    int status =
        study_html_write(dir, out_dir, html->runs, html->run_count, settings, &context, text, error, error_size);
    free(settings);
    json_decref(study);
    return status;
}
