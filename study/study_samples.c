/* study_samples.c - a sample game of each run for report.html (study_samples.h). */
#include "study_samples.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "csv.h"
#include "rerun.h"
#include "rundir.h"
#include "view.h"

/* a problem is a message (cut to MESSAGE) after a few words */
enum { SAMPLE_PATH_MAX = 4096, SAMPLE_NAME_MAX = 256, SAMPLE_MESSAGE_MAX = 1024, SAMPLE_PROBLEM_MAX = 1200 };

struct study_sample_text {
    char label[SAMPLE_NAME_MAX * 2];
    char name[SAMPLE_NAME_MAX];   /* pairs-00-01 */
    char page[SAMPLE_NAME_MAX + 16];  /* games/pairs-00-01.html */
    char record[SAMPLE_PATH_MAX]; /* the record's link */
    char problem[SAMPLE_PROBLEM_MAX];
};

/* out = the formatted path; false when it does not fit (never a path cut short). */
__attribute__((format(printf, 3, 4))) static bool path_of(char *out, size_t size, const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    int wrote = vsnprintf(out, size, format, arguments);
    va_end(arguments);
    return wrote >= 0 && (size_t)wrote < size;
}

void study_sample_name(const char *subdir, char *out, size_t size)
{
    if (!strcmp(subdir, ".")) {
        snprintf(out, size, "run");
        return;
    }
    snprintf(out, size, "%s", subdir);
    for (char *c = out; *c; c++)
        if (*c == '/') *c = '-';
}

/* The name of the first record in `records` (u<unit>-r<rotation>.jsonl, the unit padded:
 * the least name is the first unit's first rotation); false when there is none. */
static bool first_record(const char *records, char *name, size_t size)
{
    DIR *listing = opendir(records);
    if (!listing) return false;
    bool found = false;
    for (struct dirent *entry; (entry = readdir(listing));) {
        const char *n = entry->d_name;
        size_t length = strlen(n);
        /* published records only: a temporary (".u...") is a game not counted yet */
        if (n[0] != 'u' || length < 7 || strcmp(n + length - 6, ".jsonl")) continue;
        if (!found || strcmp(n, name) < 0) snprintf(name, size, "%s", n);
        found = true;
    }
    closedir(listing);
    return found;
}

/* The unit and rotation of the first row of RUN/deals.csv. 0, or -1 with a message. */
static int first_row(const char *run_dir, uint64_t *unit, int64_t *rotation, char *error, size_t error_size)
{
    char path[SAMPLE_PATH_MAX];
    if (!path_of(path, sizeof path, "%s/deals.csv", run_dir)) {
        snprintf(error, error_size, "a path longer than %d bytes", SAMPLE_PATH_MAX);
        return -1;
    }
    csv_reader_t *reader = malloc(sizeof *reader);
    if (!reader) {
        snprintf(error, error_size, "out of memory reading %.900s", path);
        return -1;
    }
    int status = csv_open(reader, path, error, error_size);
    if (status == 0) {
        int unit_column = csv_column(reader, "unit", error, error_size);
        int rotation_column = unit_column < 0 ? -1 : csv_column(reader, "rotation", error, error_size);
        int next = rotation_column < 0 ? -1 : csv_next(reader, error, error_size);
        if (next == 0) snprintf(error, error_size, "%.900s holds no game", path);
        status = next == 1 && csv_uint64(reader, unit_column, unit, error, error_size) == 0 &&
                         csv_int64(reader, rotation_column, rotation, error, error_size) == 0
                     ? 0
                     : -1;
        csv_close(reader);
    }
    free(reader);
    return status;
}

/* Where the sample's record comes from and goes. */
typedef struct sample_paths {
    char run_dir[SAMPLE_PATH_MAX], games[SAMPLE_PATH_MAX];
    char record[SAMPLE_PATH_MAX]; /* the file the page is made from */
    char page[SAMPLE_PATH_MAX];
} sample_paths_t;

/* The run's first kept record, linked where it lies (a study analyzed in place) or copied
 * beside the page. 1 found and ready, 0 none kept, -1 a failure (in text->problem). */
static int use_kept_record(const char *dir, const char *out_dir, const study_sample_run_t *run, sample_paths_t *p,
                           study_sample_text_t *text, report_html_sample_t *sample)
{
    char records[SAMPLE_PATH_MAX], name[SAMPLE_NAME_MAX], message[SAMPLE_MESSAGE_MAX];
    bool fits = run->records ? path_of(records, sizeof records, "%s", run->records)
                             : path_of(records, sizeof records, "%s/records", p->run_dir);
    if (!fits || !first_record(records, name, sizeof name)) return 0;
    sample->record_note = "kept by --records";
    if (!run->records && !strcmp(dir, out_dir) && path_of(p->record, sizeof p->record, "%s/%s", records, name) &&
        path_of(text->record, sizeof text->record, "%s/records/%s", run->subdir, name))
        return 1;
    char from[SAMPLE_PATH_MAX];
    if (!path_of(from, sizeof from, "%s/%s", records, name) ||
        !path_of(p->record, sizeof p->record, "%s/%s.jsonl", p->games, text->name))
        snprintf(message, sizeof message, "a path longer than %d bytes", SAMPLE_PATH_MAX);
    else if (atomic_file_copy(from, p->record, message, sizeof message) == 0) {
        snprintf(text->record, sizeof text->record, "games/%s.jsonl", text->name);
        return 1;
    }
    snprintf(text->problem, sizeof text->problem, "the record could not be copied: %s", message);
    return -1;
}

/* The first row of the run's deals.csv played again into games/NAME.jsonl. 0, or -1 (in
 * text->problem). */
static int replay_first_row(sample_paths_t *p, study_sample_text_t *text, report_html_sample_t *sample)
{
    uint64_t unit;
    int64_t rotation;
    char message[SAMPLE_MESSAGE_MAX];
    rerun_result_t played;
    int status = -1;
    if (!path_of(p->record, sizeof p->record, "%s/%s.jsonl", p->games, text->name))
        snprintf(message, sizeof message, "a path longer than %d bytes", SAMPLE_PATH_MAX);
    else if (first_row(p->run_dir, &unit, &rotation, message, sizeof message) == 0)
        status = rerun_play(p->run_dir, unit, (int)rotation, NULL, 0, p->record, &played, message, sizeof message);
    if (status) {
        snprintf(text->problem, sizeof text->problem, "its first game could not be played again: %s", message);
        return -1;
    }
    snprintf(text->record, sizeof text->record, "games/%s.jsonl", text->name);
    sample->record_note = "played again from deals.csv";
    return 0;
}

static void make_sample(const char *dir, const char *out_dir, const study_sample_run_t *run, sample_paths_t *p,
                        study_sample_text_t *text, report_html_sample_t *sample)
{
    snprintf(text->label, sizeof text->label, "%s", run->label);
    study_sample_name(run->subdir, text->name, sizeof text->name);
    sample->label = text->label;
    bool fits = !strcmp(run->subdir, ".") ? path_of(p->run_dir, sizeof p->run_dir, "%s", dir)
                                          : path_of(p->run_dir, sizeof p->run_dir, "%s/%s", dir, run->subdir);
    if (!fits || !path_of(p->games, sizeof p->games, "%s/games", out_dir) ||
        !path_of(p->page, sizeof p->page, "%s/%s.html", p->games, text->name)) {
        snprintf(text->problem, sizeof text->problem, "a path longer than %d bytes", SAMPLE_PATH_MAX);
        return;
    }
    if (rundir_make_directories(p->games) != 0) {
        snprintf(text->problem, sizeof text->problem, "cannot create %.900s: %s", p->games, strerror(errno));
        return;
    }
    int kept = use_kept_record(dir, out_dir, run, p, text, sample);
    if (kept < 0 || (kept == 0 && replay_first_row(p, text, sample))) {
        unlink(p->page); /* a page of an earlier report would show another game */
        return;
    }
    sample->record = text->record;
    char message[SAMPLE_MESSAGE_MAX];
    view_options_t options = {0};
    if (view_write(p->record, p->page, &options, message, sizeof message)) {
        snprintf(text->problem, sizeof text->problem, "the sample game could not be made: %s", message);
        unlink(p->page);
        return;
    }
    snprintf(text->page, sizeof text->page, "games/%s.html", text->name);
    sample->page = text->page;
}

/* `text` without the directories `dir` and `out_dir` in front of the paths it names: the
 * page says "games/run.jsonl: ...", the same wherever the directory is, as its links do. */
static void relative_words(char *text, const char *dir, const char *out_dir)
{
    const char *prefixes[] = {out_dir, dir};
    for (int k = 0; k < 2; k++) {
        size_t length = strlen(prefixes[k]);
        if (length == 0) continue;
        for (char *at = strstr(text, prefixes[k]); at; at = strstr(at, prefixes[k])) {
            /* a whole path's beginning only: "r1/x", not the "01/" inside "pairs/00-01/x" */
            bool starts = at == text || strchr(" (\"'", at[-1]) != NULL;
            if (!starts || at[length] != '/') {
                at += length;
                continue;
            }
            memmove(at, at + length + 1, strlen(at + length + 1) + 1);
        }
    }
}

int study_samples_make(const char *dir, const char *out_dir, const study_sample_run_t *runs, int count,
                       study_samples_t *samples, char *error, size_t error_size)
{
    memset(samples, 0, sizeof *samples);
    samples->sample = calloc((size_t)count + 1, sizeof *samples->sample);
    samples->text = calloc((size_t)count + 1, sizeof *samples->text);
    sample_paths_t *paths = malloc(sizeof *paths);
    if (!samples->sample || !samples->text || !paths) {
        free(paths);
        study_samples_free(samples);
        snprintf(error, error_size, "out of memory making the sample games");
        return -1;
    }
    for (int k = 0; k < count; k++) {
        make_sample(dir, out_dir, &runs[k], paths, &samples->text[k], &samples->sample[k]);
        if (samples->text[k].problem[0]) {
            relative_words(samples->text[k].problem, dir, out_dir);
            samples->sample[k].problem = samples->text[k].problem;
        }
        samples->made += samples->sample[k].page != NULL;
    }
    samples->count = count;
    free(paths);
    return 0;
}

void study_samples_free(study_samples_t *samples)
{
    free(samples->sample);
    free(samples->text);
    memset(samples, 0, sizeof *samples);
}
