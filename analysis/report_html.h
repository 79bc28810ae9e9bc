/* report_html.h - DIR/report.html: one page that shows a report's answer, written beside its
 * CSV files and made from them alone.
 *
 * The page holds, in this order: a warning naming every bot outside dominolab that faulted
 * (illegal answers, time-outs, crashes: its fallback played for it), when one did; the
 * result in a sentence or a few, each with its interval ("heuristic is stronger than greedy
 * by 75 Elo [52, 98]"), each faulty agent noted beside it, and the counts behind it (an SPRT's
 * wins, draws, losses and blocks of each score); the report's charts as inline SVG
 * (svg_plot.h), each naming its sample, and a tournament's crosstable; its tables, every
 * number rounded to its precision (report_html_shown_field) and every empty cell marked
 * with a footnote that says why it is empty; a sample game of each run (the viewer's page
 * and the game's record); and how it was made (the command, the configuration, the
 * versions). It loads nothing and runs no script. The CSV files keep every number whole.
 *
 * What the CSV files cannot tell (the command, the configuration, the versions, the sample
 * games) the caller gives in report_html_context_t. The page is a function of the files and
 * the context: rebuilt from the same ones, it is the same bytes (its one date is the study's
 * start, among the settings the caller gives; nothing is dated at writing).
 */
#ifndef DOMINOLAB_REPORT_HTML_H
#define DOMINOLAB_REPORT_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "report.h"

/* Which report's files the page reads from DIR. */
typedef enum report_html_layout {
    REPORT_HTML_RATINGS,     /* ratings.csv, pairwise.csv, pairwise_matrix.csv, los.csv, model.csv */
    REPORT_HTML_SPRT,        /* sprt.csv, sprt_trace.csv */
    REPORT_HTML_BALANCE,     /* balance.csv, seats.csv, ends.csv, distributions.csv */
    REPORT_HTML_CALIBRATION  /* calibration.csv, candidates.csv (and verify/pairwise.csv for the sample) */
} report_html_layout_t;

/* One line of the configuration: "seed" = "5". */
typedef struct report_html_setting {
    const char *key, *value;
} report_html_setting_t;

/* A sample game of one run: the viewer's page and the game's record, as paths relative to
 * DIR (either may be NULL); `problem` says in one line why there is no page, or is NULL. */
typedef struct report_html_sample {
    const char *label;  /* "random vs greedy" */
    const char *page;
    const char *record;
    const char *record_note; /* what the record is ("kept by --records"), or NULL */
    const char *problem;
} report_html_sample_t;

typedef struct report_html_context {
    report_html_layout_t layout;
    const char *kind;       /* the heading: "tournament", "sprt", "balance", "calibrate", "sim run" */
    const char *subject;    /* what was played: "bergen, 4 players" (plot_subject's words) */
    bool matches;           /* the runs' units are matches (else deals) */
    const char *reference;  /* calibration: the agent rated 0; else NULL */
    const char *command;    /* the command that made DIR, or NULL */
    const char *made_by;    /* the version of dominolab that made DIR, or NULL */
    const char *version;    /* the version writing the page */
    const char *formats;    /* NULL, or the file formats and libraries behind it: "(run.json format 2, ...)" */
    const report_html_setting_t *settings;
    int setting_count;
    const report_html_sample_t *samples;
    int sample_count;
    const char *const *notes; /* said under the heading ("2 of 3 pairs have finished"), or NULL */
    int note_count;
    /* The bot faults of the runs (report.h), or NULL: each faulty agent is listed in a
     * warning above the result and noted inside it, beside the verdict. */
    const report_faults_t *faults;
} report_html_context_t;

enum { REPORT_HTML_FIELD_SIZE = 64 };

/* Field k of a row of the CSV file `file` ("ratings.csv"; header and fields `count` each)
 * as the page's tables show it, into out (REPORT_HTML_FIELD_SIZE is enough):
 *   - text, whole numbers, inf and -inf as they are;
 *   - an Elo (elo, model_elo, se, step, a leader's advantage in Elo...) whole, or to one
 *     decimal when its interval (its own _low and _high, else the row's elo_low and
 *     elo_high) is narrower than 10 Elo either side;
 *   - an LLR and its bounds to 3 decimals; a setting of the test or the fit (alpha, beta,
 *     elo0, elo1, confidence, prior_draws) as %g shows it;
 *   - a mean (mean_*, ms_per_decision, strength) to 3 significant digits;
 *   - any other fraction, a share or score in [0, 1], to 3 decimals (0.1%);
 *   - "" for an empty field or NaN: the page marks it with a dash and a note.
 * The tests use it to find each CSV number on the page as the page rounds it. */
void report_html_shown_field(const char *file, const char *const *header, const char *const *fields, int count, int k,
                             char *out, size_t size);

/* Writes DIR/report.html (atomically) from the layout's CSV files in DIR and `context`.
 * Returns 0, or -1 with a message naming the file (a missing file, a missing column). */
int report_html_write(const char *dir, const report_html_context_t *context, char *error, size_t error_size);

#endif
