/* study_samples.h - a sample game of each run of a study (or of a plain sim run) for
 * report.html: the viewer's page of the run's first game, OUT/games/<run-name>.html
 * (view.h), and the record it was made from.
 *
 * The record is the first one the run kept (sim --records: RUN/records/, the lowest unit and
 * rotation); a run that kept none has its first row of deals.csv played again into
 * OUT/games/<run-name>.jsonl (rerun_play, as `dominolab replay --run` does). Every
 * link is a path relative to OUT, so the directory can be moved or zipped: a kept record
 * is linked where it lies when OUT is the study's own directory, else copied beside the page.
 *
 * A sample that cannot be made (no game played, a record that does not replay, a viewer that
 * fails) says why in one line and the report goes on: a sample game is never worth a study.
 */
#ifndef DOMINOLAB_STUDY_SAMPLES_H
#define DOMINOLAB_STUDY_SAMPLES_H

#include <stddef.h>

#include "report_html.h"

/* A run of a study: its directory under the study's ("pairs/00-01"; "." for a plain sim
 * run's own directory), what it played ("random vs greedy"), and where its records are when
 * they are not RUN/records (a plain sim run's --records DIR), or NULL. */
typedef struct study_sample_run {
    const char *subdir;
    const char *label;
    const char *records;
} study_sample_run_t;

typedef struct study_sample_text study_sample_text_t; /* the strings behind a sample */

typedef struct study_samples {
    int count, made;                /* samples, and those with a viewer page */
    report_html_sample_t *sample;   /* `count` of them, for report_html_context_t */
    study_sample_text_t *text;
} study_samples_t;

/* The samples of `count` runs of the study in `dir`, written under out_dir/games. Returns 0
 * (each sample made, or holding its problem), or -1 with a message when memory runs out. */
int study_samples_make(const char *dir, const char *out_dir, const study_sample_run_t *runs, int count,
                       study_samples_t *samples, char *error, size_t error_size);
void study_samples_free(study_samples_t *samples);

/* The name of a run's files under games/: its subdir with '/' as '-' ("pairs-00-01"), "run"
 * for ".". */
void study_sample_name(const char *subdir, char *out, size_t size);

#endif
