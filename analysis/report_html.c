/* report_html.c - DIR/report.html from a report's CSV files (report_html.h).
 *
 * 1. Read the layout's CSV files whole (table_t), checking the columns the page uses.
 * 2. Write the page into an atomic file: heading, result, plots, tables, sample games, how
 *    it was made.
 * The CSVs keep every number whole; the page rounds each to what it can tell (the sentences
 * with their intervals, the tables column by column: report_html_shown_field), and marks
 * every empty cell with a dash and a footnote that says why.
 */
#include "report_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "balance_summary.h"
#include "calibration.h"
#include "csv.h"
#include "html.h"
#include "plot.h"
#include "svg_plot.h"

/* The parts of the page a layout writes, in order: the result (in its box), the counts behind
 * it (under the box: an SPRT's games and blocks), the plots, the tables. */
typedef enum page_part { PART_RESULT, PART_COUNTS, PART_PLOTS, PART_TABLES } page_part_t;

enum {
    SENTENCE_SIZE = 4096,
    TEXT_SIZE = 1024,
    RATINGS_LISTED = 8  /* agents named in the ratings sentence; the table has them all */
};

/* ------------------------------------------------------------------ CSV files read whole */

typedef struct table {
    char name[256]; /* relative to DIR: for messages and links */
    int columns, rows, capacity;
    char **header;  /* [columns] */
    char **cell;    /* [rows * columns] */
} table_t;

static void table_free(table_t *t)
{
    for (int c = 0; t->header && c < t->columns; c++) free(t->header[c]);
    for (size_t k = 0; t->cell && k < (size_t)t->rows * (size_t)t->columns; k++) free(t->cell[k]);
    free(t->header);
    free(t->cell);
    memset(t, 0, sizeof *t);
}

/* Copies the fields of the reader's row (or header) into `to`; false when out of memory. */
static bool copy_fields(char **to, const char *const *fields, int count)
{
    for (int c = 0; c < count; c++)
        if (!(to[c] = strdup(fields[c]))) return false;
    return true;
}

static int table_add_row(table_t *t, const csv_reader_t *reader)
{
    if (t->rows == t->capacity) {
        int wanted = t->capacity ? 2 * t->capacity : 64;
        char **bigger = realloc(t->cell, (size_t)wanted * (size_t)t->columns * sizeof *bigger);
        if (!bigger) return -1;
        t->cell = bigger;
        t->capacity = wanted;
    }
    char **row = &t->cell[(size_t)t->rows * (size_t)t->columns];
    memset(row, 0, (size_t)t->columns * sizeof *row);
    t->rows++; /* counted before filling, so table_free releases a row filled in part */
    return copy_fields(row, reader->field, t->columns) ? 0 : -1;
}

/* DIR/name whole, its columns by name. 0, or -1 with a message naming the file. */
static int table_load(table_t *t, const char *dir, const char *name, char *error, size_t error_size)
{
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    csv_reader_t *reader = csv_open_new(path, error, error_size);
    if (!reader) return -1;
    int status = 0;
    t->columns = reader->columns;
    t->header = calloc((size_t)t->columns, sizeof *t->header);
    if (!t->header || !copy_fields(t->header, reader->column, t->columns)) status = -1;
    int next = 0;
    while (status == 0 && (next = csv_next(reader, error, error_size)) == 1)
        if (table_add_row(t, reader)) status = -1;
    if (status < 0) snprintf(error, error_size, "out of memory reading %s", path);
    if (next < 0) status = -1; /* csv_next said why */
    csv_close_free(reader);
    if (status) table_free(t);
    return status;
}

static int table_column(const table_t *t, const char *name)
{
    for (int c = 0; c < t->columns; c++)
        if (!strcmp(t->header[c], name)) return c;
    return -1;
}

/* Every column of `names` (NULL-ended) is in the file. 0, or -1 with "NAME: no column X". */
static int table_require(const table_t *t, const char *const *names, char *error, size_t error_size)
{
    for (int k = 0; names[k]; k++)
        if (table_column(t, names[k]) < 0) {
            snprintf(error, error_size, "%s: no column %s, which report.html shows", t->name, names[k]);
            return -1;
        }
    return 0;
}

static const char *table_text(const table_t *t, int row, const char *column)
{
    int c = table_column(t, column);
    return c < 0 || row < 0 || row >= t->rows ? "" : t->cell[(size_t)row * (size_t)t->columns + (size_t)c];
}

/* A field as a number; NaN when it is empty (the CSVs' NaN) or not a number. */
static double table_value(const table_t *t, int row, const char *column)
{
    const char *text = table_text(t, row, column);
    char *end;
    double value = strtod(text, &end);
    return text[0] && *end == '\0' ? value : NAN;
}

/* The first row whose `column` holds `value`, or -1. */
static int table_find(const table_t *t, const char *column, const char *value)
{
    for (int r = 0; r < t->rows; r++)
        if (!strcmp(table_text(t, r, column), value)) return r;
    return -1;
}

/* ------------------------------------------------------------------ words and numbers */

/* A value rounded for reading: "inf" as the CSVs write it, never "-0". */
static void rounded(char *out, size_t size, double value, int decimals, bool sign)
{
    if (isnan(value)) snprintf(out, size, "?");
    else if (isinf(value)) snprintf(out, size, "%s", value > 0 ? "inf" : "-inf");
    else snprintf(out, size, sign ? "%+.*f" : "%.*f", decimals, value);
    bool zero = strspn(out + 1, "0.") == strlen(out + 1);
    if ((out[0] == '-' || out[0] == '+') && zero && !isinf(value)) memmove(out, out + 1, strlen(out));
}

/* "25 Elo [20, 31]": a value, its unit (or ""), and its interval, rounded alike. */
static void with_interval(char *out, size_t size, double value, double low, double high, int decimals, bool sign,
                          const char *unit)
{
    char v[40], l[40], h[40];
    rounded(v, sizeof v, value, decimals, sign);
    rounded(l, sizeof l, low, decimals, sign);
    rounded(h, sizeof h, high, decimals, sign);
    const char *space = unit[0] ? " " : "";
    if (isnan(low) || isnan(high)) snprintf(out, size, "%s%s%s", v, space, unit);
    else snprintf(out, size, "%s%s%s [%s, %s]", v, space, unit, l, h);
}

/* "10,000 deals a pair" from the counts of the runs behind a plot (plot.h's words). */
static void sample_of(char *out, size_t size, const plot_counts_t *counts, const char *unit, const char *each)
{
    if (counts->runs == 0) snprintf(out, size, "no %ss", unit);
    else plot_sample(out, size, counts->low, counts->high, unit, counts->runs > 1 ? each : NULL);
}

/* A chart's second line: the subject and the sample. */
static void subtitle_of(char *out, size_t size, const report_html_context_t *context, const char *sample)
{
    const char *subject = context->subject ? context->subject : "";
    snprintf(out, size, "%s%s%s", subject, subject[0] && sample[0] ? ", " : "", sample);
}

/* The answer's own sentences; the others of the result stand beside them in plain type. */
static void result_paragraph(FILE *out, const char *text) { html_paragraph(out, "lead", text); }

static void figure_start(FILE *out)
{
    html_open(out, "figure", NULL, NULL, NULL);
    fputc('\n', out);
}
static void figure_end(FILE *out) { html_close(out, "figure"); }

/* ------------------------------------------------------------------ numbers as the tables show them */

/* How finely a column's numbers are shown (report_html.h says the rules). */
typedef enum precision { PRECISION_SHARE, PRECISION_ELO, PRECISION_LLR, PRECISION_SETTING, PRECISION_MEAN } precision_t;

static bool named_in(const char *name, const char *const *names)
{
    for (int k = 0; names[k]; k++)
        if (!strcmp(name, names[k])) return true;
    return false;
}

static bool starts_with(const char *text, const char *prefix) { return !strncmp(text, prefix, strlen(prefix)); }

static precision_t column_precision(const char *file, const char *column)
{
    static const char *const elo[] = {"elo", "elo_low", "elo_high", "model_elo", "target_elo", "smoothed_elo", "se",
                                      "step", "step_low", "step_high", "leader_advantage", "leader_advantage_low",
                                      "leader_advantage_high", NULL};
    static const char *const llr[] = {"llr", "lower", "upper", NULL};
    static const char *const settings[] = {"elo0", "elo1", "alpha", "beta", "confidence", "prior_draws", NULL};
    static const char *const means[] = {"ms_per_decision", "strength", NULL};
    /* every cell of a matrix of scores or likelihoods is a share, whatever the agents are called */
    if (!strcmp(file, "pairwise_matrix.csv") || !strcmp(file, "los.csv")) return PRECISION_SHARE;
    if (named_in(column, elo)) return PRECISION_ELO;
    if (named_in(column, llr)) return PRECISION_LLR;
    if (named_in(column, settings)) return PRECISION_SETTING;
    if (named_in(column, means) || starts_with(column, "mean_")) return PRECISION_MEAN;
    return PRECISION_SHARE;
}

static int header_index(const char *const *header, int count, const char *name)
{
    for (int c = 0; c < count; c++)
        if (!strcmp(header[c], name)) return c;
    return -1;
}

static double field_value(const char *text)
{
    char *end;
    double value = strtod(text, &end);
    return text[0] && *end == '\0' ? value : NAN;
}

/* Half the width of the interval of Elo column k: its own (X_low, X_high), else the row's Elo's. */
static double elo_half_width(const char *const *header, const char *const *fields, int count, int k)
{
    char base[128], low[160], high[160];
    snprintf(base, sizeof base, "%s", header[k]);
    size_t length = strlen(base);
    if (length > 4 && !strcmp(base + length - 4, "_low")) base[length - 4] = '\0';
    else if (length > 5 && !strcmp(base + length - 5, "_high")) base[length - 5] = '\0';
    snprintf(low, sizeof low, "%s_low", base);
    snprintf(high, sizeof high, "%s_high", base);
    int l = header_index(header, count, low), h = header_index(header, count, high);
    if (l < 0 || h < 0) {
        l = header_index(header, count, "elo_low");
        h = header_index(header, count, "elo_high");
    }
    if (l < 0 || h < 0) return NAN;
    return (field_value(fields[h]) - field_value(fields[l])) / 2;
}

/* Digits after the point that show `value` to `significant` digits (none for a whole value). */
static int significant_decimals(double value, int significant)
{
    if (value == 0 || !isfinite(value)) return 0;
    int decimals = significant - 1 - (int)floor(log10(fabs(value)));
    return decimals < 0 ? 0 : decimals > 6 ? 6 : decimals;
}

/* Whether the text is a number our CSVs write without a point: a count, inf. */
static bool whole_text(const char *text) { return !strchr(text, '.'); }

void report_html_shown_field(const char *file, const char *const *header, const char *const *fields, int count, int k,
                             char *out, size_t size)
{
    const char *text = fields[k];
    if (!text[0] || !strcmp(text, "NaN")) {
        snprintf(out, size, "%s", "");
        return;
    }
    if (!html_is_number(text) || whole_text(text)) {
        snprintf(out, size, "%s", text);
        return;
    }
    double value = field_value(text);
    switch (column_precision(file, header[k])) {
    case PRECISION_ELO: {
        double half = elo_half_width(header, fields, count, k);
        rounded(out, size, value, isfinite(half) && half > 0 && half < 10 ? 1 : 0, false);
        return;
    }
    case PRECISION_LLR: rounded(out, size, value, 3, false); return;
    case PRECISION_SETTING: snprintf(out, size, "%g", value); return;
    case PRECISION_MEAN: rounded(out, size, value, significant_decimals(value, 3), false); return;
    default: rounded(out, size, value, 3, false); return;
    }
}

/* Why field k of a row of `file` is empty, in a few words: the footnote of its dash. */
static const char *empty_note(const char *file, const char *const *header, const char *const *fields, int count, int k)
{
    const char *column = header[k];
    if (!strcmp(file, "pairwise_matrix.csv") || !strcmp(file, "los.csv"))
        return k > 0 && !strcmp(column, fields[0]) ? "the agent against itself: no score"
                                                   : "these two agents did not meet: no games";
    int hands = header_index(header, count, "hands"), matches = header_index(header, count, "matches");
    bool hand_column = starts_with(column, "hand_") || named_in(column, (const char *const[]){
        "hands", "mean_points_per_hand", "mean_plies_per_hand", "replays", "deal_bias", "deal_bias_low",
        "deal_bias_high", "same_result_share", "same_result_share_low", "same_result_share_high", NULL});
    bool match_column = starts_with(column, "match_") || !strcmp(column, "matches") ||
                        !strcmp(column, "mean_hands_per_match");
    if (hand_column && hands >= 0 && !fields[hands][0]) return "not played: this study played no hands run";
    if (match_column && matches >= 0 && !fields[matches][0]) return "not played: this study played no matches run";
    if (strstr(column, "_vs_first")) return "the first variant: the others are compared with it";
    if (starts_with(column, "deal_bias") || starts_with(column, "same_result_share"))
        return "not measured: one play of each deal (a deal bias needs replays: --replays 2, with an agent that "
               "draws random numbers)";
    if (starts_with(column, "a_score_outnumber"))
        return "the two agents always held as many seats: no play where one was outnumbered";
    if (starts_with(column, "name")) return "not a bot outside dominolab: it is named by its spec";
    if (!strcmp(column, "los_next")) return "the last agent: none below it";
    if (starts_with(column, "step") || !strcmp(column, "distinct")) return "level 1: no level below it";
    if (!strcmp(column, "ms_per_decision")) return "not timed: the study was made before levels were timed";
    size_t length = strlen(column);
    if ((length > 4 && !strcmp(column + length - 4, "_low")) || (length > 5 && !strcmp(column + length - 5, "_high")))
        return "no interval: too few blocks to measure one";
    return "no value in the file";
}

/* ------------------------------------------------------------------ tables on the page */

enum { FOOTNOTES_MAX = 26 }; /* marked a to z */

/* The explanations of a table's empty cells, each marked by a letter in order of first use. */
typedef struct footnotes {
    const char *note[FOOTNOTES_MAX];
    int count;
} footnotes_t;

/* The mark of `note` ("a"), added if new; NULL past z (the title still says why). */
static const char *footnote_mark(footnotes_t *notes, const char *note)
{
    static const char *const marks[FOOTNOTES_MAX] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
                                                     "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"};
    for (int k = 0; k < notes->count; k++)
        if (notes->note[k] == note || !strcmp(notes->note[k], note)) return marks[k];
    if (notes->count == FOOTNOTES_MAX) return NULL;
    notes->note[notes->count] = note;
    return marks[notes->count++];
}

/* Under a table: "— a: why; b: why." for its marked cells. */
static void footnotes_html(FILE *out, const footnotes_t *notes)
{
    if (notes->count == 0) return;
    html_open(out, "p", "footnotes", NULL, NULL);
    fputs("\xE2\x80\x94 ", out);
    for (int k = 0; k < notes->count; k++) {
        fprintf(out, "%s%c: ", k ? "; " : "", 'a' + k);
        html_text(out, notes->note[k]);
    }
    fputc('.', out);
    html_close(out, "p");
}

/* Cell c of row r as the page shows it: rounded, or a dash with its footnote. */
static void table_cell_html(FILE *out, const table_t *t, int r, int c, bool headed, footnotes_t *notes)
{
    const char *const *fields = (const char *const *)&t->cell[(size_t)r * (size_t)t->columns];
    const char *const *header = (const char *const *)t->header;
    char shown[REPORT_HTML_FIELD_SIZE];
    report_html_shown_field(t->name, header, fields, t->columns, c, shown, sizeof shown);
    if (shown[0]) {
        html_table_cell(out, shown, headed);
        return;
    }
    const char *note = empty_note(t->name, header, fields, t->columns, c);
    html_table_cell_empty(out, note, footnote_mark(notes, note));
}

/* The file's name as a heading that links to it. */
static void file_heading(FILE *out, const char *name)
{
    html_open(out, "h3", NULL, NULL, NULL);
    html_link(out, name, name);
    html_close(out, "h3");
}

static void table_html(FILE *out, const table_t *t, const char *about)
{
    file_heading(out, t->name);
    if (about) html_paragraph(out, "note", about);
    footnotes_t notes = {.count = 0};
    html_table_start(out, NULL, NULL, (const char *const *)t->header, t->columns);
    for (int r = 0; r < t->rows; r++) {
        html_row_start(out);
        for (int c = 0; c < t->columns; c++) table_cell_html(out, t, r, c, false, &notes);
        html_row_end(out);
    }
    html_table_end(out);
    footnotes_html(out, &notes);
}

/* A file of few rows and many columns, turned: a row per column, a column per row named by
 * its `name_column` (or "value" for a file of one row). */
static int table_html_turned(FILE *out, const table_t *t, const char *name_column, const char *about, char *error,
                             size_t error_size)
{
    const char **line = calloc((size_t)t->rows + 1, sizeof *line);
    if (!line) {
        snprintf(error, error_size, "out of memory writing %s as a table", t->name);
        return -1;
    }
    file_heading(out, t->name);
    if (about) html_paragraph(out, "note", about);
    int named = name_column ? table_column(t, name_column) : -1;
    line[0] = "column";
    for (int r = 0; r < t->rows; r++) line[r + 1] = named >= 0 ? table_text(t, r, name_column) : "value";
    footnotes_t notes = {.count = 0};
    html_table_start(out, NULL, NULL, line, t->rows + 1);
    for (int c = 0; c < t->columns; c++) {
        if (c == named) continue;
        html_row_start(out);
        html_table_cell(out, t->header[c], true);
        for (int r = 0; r < t->rows; r++) table_cell_html(out, t, r, c, false, &notes);
        html_row_end(out);
    }
    html_table_end(out);
    footnotes_html(out, &notes);
    free(line);
    return 0;
}

/* "Also in this directory: a.csv, b.csv." with links. */
static void other_files(FILE *out, const char *const *names, int count)
{
    html_open(out, "p", "note", NULL, NULL);
    fputs("Also in this directory: ", out);
    for (int k = 0; k < count; k++) {
        if (k) fputs(", ", out);
        html_link(out, names[k], names[k]);
    }
    fputc('.', out);
    html_close(out, "p");
}

/* ------------------------------------------------------------------ ratings */

typedef struct ratings_files {
    table_t ratings, pairwise, matrix, los, model;
} ratings_files_t;

static const char *const ratings_columns[] = {"rank", "agent", "elo", "elo_low", "elo_high", NULL};
static const char *const pairwise_columns[] = {"agent_a",          "agent_b",           "blocks", "elo", "elo_low",
                                               "elo_high",         "paired_score",      "paired_score_low",
                                               "paired_score_high", NULL};
static const char *const model_columns[] = {"anchor", "confidence", "leader_advantage", "leader_advantage_low",
                                            "leader_advantage_high", NULL};

static int load_ratings(ratings_files_t *f, const char *dir, char *error, size_t error_size)
{
    memset(f, 0, sizeof *f);
    if (table_load(&f->ratings, dir, "ratings.csv", error, error_size) ||
        table_load(&f->pairwise, dir, "pairwise.csv", error, error_size) ||
        table_load(&f->matrix, dir, "pairwise_matrix.csv", error, error_size) ||
        table_load(&f->los, dir, "los.csv", error, error_size) ||
        table_load(&f->model, dir, "model.csv", error, error_size))
        return -1;
    if (table_require(&f->ratings, ratings_columns, error, error_size) ||
        table_require(&f->pairwise, pairwise_columns, error, error_size) ||
        table_require(&f->model, model_columns, error, error_size))
        return -1;
    if (f->model.rows != 1) {
        snprintf(error, error_size, "%s: one row expected, not %d", f->model.name, f->model.rows);
        return -1;
    }
    if (f->matrix.columns != f->matrix.rows + 1) {
        snprintf(error, error_size, "%s: not a square table of agents", f->matrix.name);
        return -1;
    }
    return 0;
}

static void free_ratings(ratings_files_t *f)
{
    table_free(&f->ratings);
    table_free(&f->pairwise);
    table_free(&f->matrix);
    table_free(&f->los);
    table_free(&f->model);
}

static double confidence_percent(const ratings_files_t *f) { return 100 * table_value(&f->model, 0, "confidence"); }

/* A pairwise.csv row's Elo and interval, from the other agent's side where `flipped`. */
static void pairwise_elo(const ratings_files_t *f, int row, bool flipped, double *elo, double *low, double *high)
{
    *elo = table_value(&f->pairwise, row, "elo");
    *low = table_value(&f->pairwise, row, "elo_low");
    *high = table_value(&f->pairwise, row, "elo_high");
    if (flipped) {
        double swap = *low;
        *elo = -*elo;
        *low = -*high;
        *high = -swap;
    }
}

/* How the page names the agent of ratings row r: a bot by the name it gave (ratings.csv's
 * `name`; a report made before names has no such column), anything else by its spec. */
static const char *rated_name(const ratings_files_t *f, int r)
{
    const char *name = table_text(&f->ratings, r, "name");
    return name[0] ? name : table_text(&f->ratings, r, "agent");
}

/* The agent rated 0, as rated_name names it. */
static const char *anchor_name(const ratings_files_t *f)
{
    const char *anchor = table_text(&f->model, 0, "anchor");
    int r = table_find(&f->ratings, "agent", anchor);
    return r >= 0 ? rated_name(f, r) : anchor;
}

/* The top agent against the next one down, from their paired games: which is stronger and
 * by how much, or that the sample cannot tell. */
static void top_pair_sentence(char *out, size_t size, const ratings_files_t *f, const report_html_context_t *context)
{
    const char *top = table_text(&f->ratings, 0, "agent"), *next = table_text(&f->ratings, 1, "agent");
    const char *top_name = rated_name(f, 0), *next_name = rated_name(f, 1);
    int row = -1;
    bool flipped = false;
    for (int r = 0; r < f->pairwise.rows && row < 0; r++) {
        const char *a = table_text(&f->pairwise, r, "agent_a"), *b = table_text(&f->pairwise, r, "agent_b");
        if (!strcmp(a, top) && !strcmp(b, next)) row = r;
        if (!strcmp(a, next) && !strcmp(b, top)) {
            row = r;
            flipped = true; /* the row is next's side */
        }
    }
    if (row < 0) {
        snprintf(out, size, "%s rates highest; it did not play %s, the next one down.", top_name, next_name);
        return;
    }
    double elo, low, high;
    pairwise_elo(f, row, flipped, &elo, &low, &high);
    char interval[160], blocks[160];
    snprintf(blocks, sizeof blocks, "their %.4g%% interval over %s %s blocks", confidence_percent(f),
             table_text(&f->pairwise, row, "blocks"), context->matches ? "match" : "deal");
    if (low > 0 || high < 0) {
        with_interval(interval, sizeof interval, fabs(elo), low > 0 ? low : -high, low > 0 ? high : -low, 0, false,
                      "Elo");
        snprintf(out, size, "%s is stronger than %s by %s (%s).", low > 0 ? top_name : next_name,
                 low > 0 ? next_name : top_name, interval, blocks);
    } else {
        with_interval(interval, sizeof interval, elo, low, high, 0, true, "Elo");
        snprintf(out, size, "No difference between %s and %s is detectable at this sample size: %s (%s).",
                 top_name, next_name, interval, blocks);
    }
}

/* "Ratings, in Elo relative to random with 95% intervals: heuristic 127 [104, 147]; ..." */
static void ratings_sentence(char *out, size_t size, const ratings_files_t *f)
{
    int used = snprintf(out, size, "Ratings, in Elo relative to %s with %.4g%% intervals: ", anchor_name(f),
                        confidence_percent(f));
    for (int r = 0; r < f->ratings.rows && r < RATINGS_LISTED && used > 0 && (size_t)used < size; r++) {
        char interval[160];
        with_interval(interval, sizeof interval, table_value(&f->ratings, r, "elo"),
                      table_value(&f->ratings, r, "elo_low"), table_value(&f->ratings, r, "elo_high"), 0, false, "");
        used += snprintf(out + used, size - (size_t)used, "%s%s %s", r ? "; " : "", rated_name(f, r), interval);
    }
    if (used > 0 && (size_t)used < size) {
        if (f->ratings.rows > RATINGS_LISTED)
            snprintf(out + used, size - (size_t)used, "; and %d more in the table below.",
                     f->ratings.rows - RATINGS_LISTED);
        else
            snprintf(out + used, size - (size_t)used, ".");
    }
}

static void ratings_result(FILE *out, const ratings_files_t *f, const report_html_context_t *context)
{
    char sentence[SENTENCE_SIZE];
    if (f->ratings.rows >= 2) {
        top_pair_sentence(sentence, sizeof sentence, f, context);
        result_paragraph(out, sentence);
    }
    ratings_sentence(sentence, sizeof sentence, f);
    html_paragraph(out, NULL, sentence);
    double advantage = table_value(&f->model, 0, "leader_advantage");
    if (!isnan(advantage) && advantage != 0) {
        char interval[160];
        with_interval(interval, sizeof interval, advantage, table_value(&f->model, 0, "leader_advantage_low"),
                      table_value(&f->model, 0, "leader_advantage_high"), 0, true, "Elo");
        snprintf(sentence, sizeof sentence,
                 "Leading the hand is worth %s (fitted with the ratings, which compare the agents on equal terms).",
                 interval);
        html_paragraph(out, NULL, sentence);
    }
}

/* The row of pairwise.csv where agents a and b met, *flipped when the file has b's side; -1
 * when they did not meet. */
static int pair_row(const ratings_files_t *f, const char *a, const char *b, bool *flipped)
{
    for (int r = 0; r < f->pairwise.rows; r++) {
        const char *first = table_text(&f->pairwise, r, "agent_a"), *second = table_text(&f->pairwise, r, "agent_b");
        *flipped = !strcmp(first, b) && !strcmp(second, a);
        if (*flipped || (!strcmp(first, a) && !strcmp(second, b))) return r;
    }
    return -1;
}

/* "12.3%" from a share; "?" for NaN. */
static void percent(char *out, size_t size, double share, bool sign)
{
    rounded(out, size, 100 * share, 1, sign);
    if (isfinite(share)) strncat(out, "%", size - strlen(out) - 1);
}

/* Ordo's ratings table: rank, agent, Elo with its ± (the longer side of its interval) and the
 * interval itself (a bootstrap's is not symmetric), games, score, draws, LOS. */
static void ratings_table(FILE *out, const ratings_files_t *f, const report_html_context_t *context)
{
    const table_t *t = &f->ratings;
    char caption[TEXT_SIZE];
    snprintf(caption, sizeof caption, "Ratings, in Elo relative to %s, with %.4g%% intervals over %s blocks (\xC2\xB1: "
             "the longer side of the interval)", anchor_name(f), confidence_percent(f),
             context->matches ? "match" : "deal");
    static const char *const headers[] = {"#", "agent", "Elo", "\xC2\xB1", "interval", "games", "score", "draws",
                                          "LOS next"};
    footnotes_t notes = {.count = 0};
    html_table_start(out, "ratings", caption, headers, 9);
    for (int r = 0; r < t->rows; r++) {
        const char *const *fields = (const char *const *)&t->cell[(size_t)r * (size_t)t->columns];
        const char *const *header = (const char *const *)t->header;
        char elo[REPORT_HTML_FIELD_SIZE], low[REPORT_HTML_FIELD_SIZE], high[REPORT_HTML_FIELD_SIZE], plus[64],
            interval[160], score[64], los[64];
        report_html_shown_field(t->name, header, fields, t->columns, table_column(t, "elo"), elo, sizeof elo);
        report_html_shown_field(t->name, header, fields, t->columns, table_column(t, "elo_low"), low, sizeof low);
        report_html_shown_field(t->name, header, fields, t->columns, table_column(t, "elo_high"), high, sizeof high);
        double value = table_value(t, r, "elo"), below = value - table_value(t, r, "elo_low"),
               above = table_value(t, r, "elo_high") - value;
        rounded(plus, sizeof plus, below > above ? below : above, strchr(elo, '.') ? 1 : 0, false);
        snprintf(interval, sizeof interval, "[%s, %s]", low, high);
        percent(score, sizeof score, table_value(t, r, "score"), false);
        percent(los, sizeof los, table_value(t, r, "los_next"), false);
        html_row_start(out);
        html_table_cell(out, table_text(t, r, "rank"), false);
        html_table_cell(out, rated_name(f, r), false);
        html_table_cell(out, elo, false);
        bool anchor = !strcmp(table_text(t, r, "agent"), table_text(&f->model, 0, "anchor"));
        if (anchor) {
            const char *note = "the anchor, fixed at 0: every other rating and interval is relative to it";
            html_table_cell_empty(out, note, footnote_mark(&notes, note));
            html_table_cell_empty(out, note, footnote_mark(&notes, note));
        } else {
            html_table_cell(out, plus, false);
            html_table_cell(out, interval, false);
        }
        html_table_cell(out, table_text(t, r, "games"), false);
        html_table_cell(out, isfinite(table_value(t, r, "score")) ? score : table_text(t, r, "score"), false);
        html_table_cell(out, table_text(t, r, "draws"), false);
        if (isfinite(table_value(t, r, "los_next"))) html_table_cell(out, los, false);
        else html_table_cell_empty(out, "the last agent: none below it", footnote_mark(&notes, "the last agent: none "
                                                                                                 "below it"));
        html_row_end(out);
    }
    html_table_end(out);
    footnotes_html(out, &notes);
}

/* The crosstable, agents by rank (Ordo's): each cell the row agent's paired score against the
 * column agent with its ± (the longer side of its interval), and the games they played,
 * shaded red below an even score and blue above. */
static void crosstable(FILE *out, const ratings_files_t *f, const report_html_context_t *context, const char *sample)
{
    const table_t *t = &f->ratings;
    int agents = t->rows;
    const char **headers = calloc((size_t)agents + 1, sizeof *headers);
    char (*numbers)[16] = calloc((size_t)agents + 1, sizeof *numbers);
    if (!headers || !numbers) { /* the page goes on without it, and says so */
        free(headers);
        free(numbers);
        html_paragraph(out, "note", "The crosstable could not be drawn: out of memory.");
        return;
    }
    headers[0] = "agent";
    for (int r = 0; r < agents; r++) {
        snprintf(numbers[r], sizeof numbers[r], "%d", r + 1);
        headers[r + 1] = numbers[r];
    }
    char caption[SENTENCE_SIZE];
    snprintf(caption, sizeof caption, "Crosstable: the row agent's paired score against the column agent (mean score "
             "a %s block), \xC2\xB1 its %.4g%% interval, and the games they played; %s", context->matches ? "match" :
             "deal", confidence_percent(f), sample);
    footnotes_t notes = {.count = 0};
    html_table_start(out, "crosstable", caption, headers, agents + 1);
    for (int i = 0; i < agents; i++) {
        char name[TEXT_SIZE];
        snprintf(name, sizeof name, "%d. %s", i + 1, rated_name(f, i));
        html_row_start(out);
        html_table_cell(out, name, true);
        for (int j = 0; j < agents; j++) {
            bool flipped = false;
            int row = i == j ? -1 : pair_row(f, table_text(t, i, "agent"), table_text(t, j, "agent"), &flipped);
            if (row < 0) {
                const char *note = i == j ? "the agent against itself" : "these two agents did not meet";
                html_table_cell_empty(out, note, footnote_mark(&notes, note));
                continue;
            }
            double score = table_value(&f->pairwise, row, "paired_score"),
                   low = table_value(&f->pairwise, row, "paired_score_low"),
                   high = table_value(&f->pairwise, row, "paired_score_high");
            if (flipped) {
                double swap = low;
                score = 1 - score;
                low = 1 - high;
                high = 1 - swap;
            }
            double plus = score - low > high - score ? score - low : high - score;
            char shown[64], plus_text[64], games[96], fill[16], style[64], hover[2 * TEXT_SIZE];
            percent(shown, sizeof shown, score, false);
            rounded(plus_text, sizeof plus_text, 100 * plus, 1, false);
            snprintf(games, sizeof games, "%s games", table_text(&f->pairwise, row, "games"));
            svg_scale_colour(0.5 + (score - 0.5) / 2, fill, sizeof fill); /* half strength: dark text reads */
            snprintf(style, sizeof style, "background:%s", fill);
            double elo, elo_low, elo_high;
            pairwise_elo(f, row, flipped, &elo, &elo_low, &elo_high);
            char elo_text[160];
            with_interval(elo_text, sizeof elo_text, elo, elo_low, elo_high, (elo_high - elo_low) / 2 < 10 ? 1 : 0,
                          true, "Elo");
            snprintf(hover, sizeof hover, "%s against %s: %s [%.1f%%, %.1f%%], %s, %s", rated_name(f, i),
                     rated_name(f, j), shown, 100 * low, 100 * high, elo_text, games);
            html_open_titled(out, "td", NULL, style, hover);
            html_open(out, "span", NULL, NULL, NULL);
            html_text(out, shown);
            html_text(out, " \xC2\xB1");
            html_text(out, plus_text);
            fputs("</span>", out);
            html_open(out, "small", NULL, NULL, NULL);
            html_text(out, games);
            fputs("</small></td>", out);
        }
        html_row_end(out);
    }
    html_table_end(out);
    footnotes_html(out, &notes);
    free(headers);
    free(numbers);
}

static int ratings_plots(FILE *out, const ratings_files_t *f, const report_html_context_t *context, char *error,
                         size_t error_size)
{
    int agents = f->ratings.rows;
    const char **labels = calloc((size_t)agents + 1, sizeof *labels);
    double *values = calloc(3 * (size_t)agents + 1, sizeof *values);
    if (!labels || !values) {
        free(labels);
        free(values);
        snprintf(error, error_size, "out of memory drawing the ratings");
        return -1;
    }
    plot_counts_t counts = {0};
    for (int r = 0; r < f->pairwise.rows; r++)
        plot_counts_add(&counts, (int64_t)table_value(&f->pairwise, r, "blocks"));
    char sample[256], subtitle[1024], title[1024], axis[512];
    sample_of(sample, sizeof sample, &counts, context->matches ? "match" : "deal", "a pair");
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    const char *anchor = anchor_name(f);
    double *elo = values, *low = values + agents, *high = values + 2 * agents;
    for (int r = 0; r < agents; r++) {
        labels[r] = rated_name(f, r);
        elo[r] = table_value(&f->ratings, r, "elo");
        low[r] = table_value(&f->ratings, r, "elo_low");
        high[r] = table_value(&f->ratings, r, "elo_high");
    }
    snprintf(title, sizeof title, "Ratings with %.4g%% intervals (%s = 0)", confidence_percent(f), anchor);
    snprintf(axis, sizeof axis, "Elo relative to %s", anchor);
    svg_bar_series_t series = {"Elo", elo, low, high};
    figure_start(out);
    svg_bars(out, &(svg_bars_t){.title = title, .subtitle = subtitle, .axis_label = axis, .labels = labels,
                                .count = agents, .series = &series, .series_count = 1, .decimals = 1});
    figure_end(out);
    ratings_table(out, f, context);
    crosstable(out, f, context, subtitle);
    free(labels);
    free(values);
    return 0;
}

static int ratings_tables(FILE *out, const ratings_files_t *f, char *error, size_t error_size)
{
    table_html(out, &f->ratings, "Bradley-Terry ratings on the Elo scale, best first; los_next: the likelihood of "
                                 "superiority over the next agent down.");
    table_html(out, &f->pairwise, "Every pair, from agent_a's side: the paired score over deal blocks and its Elo, "
                                  "with intervals; model_elo from the ratings.");
    table_html(out, &f->matrix, "The paired score of the row agent against the column agent (a dash: the agent "
                                "itself, or no games).");
    table_html(out, &f->los, "The likelihood of superiority of the row agent over the column agent.");
    return table_html_turned(out, &f->model, NULL, "How the model was fitted.", error, error_size);
}

static int ratings_page(FILE *out, const report_html_context_t *context, page_part_t part, char *error,
                        size_t error_size, void *state)
{
    const ratings_files_t *f = state;
    switch (part) {
    case PART_RESULT: ratings_result(out, f, context); return 0;
    case PART_COUNTS: return 0;
    case PART_PLOTS: return ratings_plots(out, f, context, error, error_size);
    default: return ratings_tables(out, f, error, error_size);
    }
}

/* ------------------------------------------------------------------ sprt */

typedef struct sprt_files {
    table_t summary, trace, blocks;
} sprt_files_t;

static const char *const sprt_columns[] = {"agent_a", "agent_b", "elo0",  "elo1",     "alpha",     "beta",
                                           "lower",   "upper",   "llr",   "verdict",  "blocks",    "games",
                                           "a_wins",  "draws",   "b_wins",
                                           "score",   "score_low", "score_high", "elo", "elo_low", "elo_high", NULL};
static const char *const trace_columns[] = {"blocks", "llr", "lower", "upper", "elo", "elo_low", "elo_high", NULL};
static const char *const blocks_columns[] = {"block_score", "blocks", NULL};

static int load_sprt(sprt_files_t *f, const char *dir, char *error, size_t error_size)
{
    memset(f, 0, sizeof *f);
    if (table_load(&f->summary, dir, "sprt.csv", error, error_size) ||
        table_load(&f->trace, dir, "sprt_trace.csv", error, error_size) ||
        table_load(&f->blocks, dir, "sprt_blocks.csv", error, error_size) ||
        table_require(&f->summary, sprt_columns, error, error_size) ||
        table_require(&f->trace, trace_columns, error, error_size) ||
        table_require(&f->blocks, blocks_columns, error, error_size))
        return -1;
    if (f->summary.rows != 1) {
        snprintf(error, error_size, "%s: one row expected, not %d", f->summary.name, f->summary.rows);
        return -1;
    }
    return 0;
}

static void free_sprt(sprt_files_t *f)
{
    table_free(&f->summary);
    table_free(&f->trace);
    table_free(&f->blocks);
}

/* How the page names agent_a or agent_b ("a" or "b"): a bot by the name it gave (sprt.csv's
 * name_a, name_b; a report made before names has no such columns), else its spec. */
static const char *tested_name(const table_t *summary, const char *which)
{
    char name_column[16], agent_column[16];
    snprintf(name_column, sizeof name_column, "name_%s", which);
    snprintf(agent_column, sizeof agent_column, "agent_%s", which);
    const char *name = table_text(summary, 0, name_column);
    return name[0] ? name : table_text(summary, 0, agent_column);
}

/* The games as wins, draws and losses from A's side, and the blocks of each block score
 * (with two games a block, Fishtest's pentanomial counts: LL, LD, WL or DD, WD, WW). */
static void sprt_counts(FILE *out, const sprt_files_t *f)
{
    const table_t *s = &f->summary, *b = &f->blocks;
    double games = table_value(s, 0, "games");
    char sentence[SENTENCE_SIZE], won[32], drew[32], lost[32];
    percent(won, sizeof won, table_value(s, 0, "a_wins") / games, false);
    percent(drew, sizeof drew, table_value(s, 0, "draws") / games, false);
    percent(lost, sizeof lost, table_value(s, 0, "b_wins") / games, false);
    snprintf(sentence, sizeof sentence, "Games: %s won %s, drew %s and lost %s of %s (%s, %s, %s).",
             tested_name(s, "a"), table_text(s, 0, "a_wins"), table_text(s, 0, "draws"), table_text(s, 0, "b_wins"),
             table_text(s, 0, "games"), won, drew, lost);
    html_paragraph(out, NULL, sentence);
    if (b->rows == 0) return;
    static const char *const pentanomial[] = {"LL", "LD", "WL or DD", "WD", "WW"};
    bool pairs = b->rows == 5;
    const char **cells = calloc((size_t)b->rows + 1, sizeof *cells);
    char (*texts)[REPORT_HTML_FIELD_SIZE] = calloc((size_t)b->rows, sizeof *texts);
    if (!cells || !texts) { /* the sentence above stands; the table is a detail */
        free(cells);
        free(texts);
        return;
    }
    char caption[TEXT_SIZE];
    snprintf(caption, sizeof caption, "Deal blocks by %s's block score (its mean score over the block's games)%s",
             tested_name(s, "a"), pairs ? ": the pentanomial counts of game pairs" : "");
    cells[0] = "block score";
    for (int r = 0; r < b->rows; r++) {
        rounded(texts[r], sizeof texts[r], table_value(b, r, "block_score"), 3, false);
        cells[r + 1] = texts[r];
    }
    html_table_start(out, "blocks", caption, cells, b->rows + 1);
    if (pairs) {
        cells[0] = "games";
        for (int r = 0; r < b->rows; r++) cells[r + 1] = pentanomial[r];
        html_table_row_headed(out, cells, b->rows + 1);
    }
    cells[0] = "blocks";
    for (int r = 0; r < b->rows; r++) cells[r + 1] = table_text(b, r, "blocks");
    html_table_row_headed(out, cells, b->rows + 1);
    html_table_end(out);
    free(cells);
    free(texts);
}

/* The verdict in words, with the measured difference and where the LLR stopped. */
static void sprt_sentences(FILE *out, const sprt_files_t *f, const report_html_context_t *context)
{
    const table_t *s = &f->summary;
    const char *a = tested_name(s, "a"), *b = tested_name(s, "b");
    const char *verdict = table_text(s, 0, "verdict");
    double elo0 = table_value(s, 0, "elo0"), elo1 = table_value(s, 0, "elo1"), elo = table_value(s, 0, "elo");
    double low = table_value(s, 0, "elo_low"), high = table_value(s, 0, "elo_high");
    char measured[160], magnitude[160], games[160], sentence[SENTENCE_SIZE];
    with_interval(measured, sizeof measured, elo, low, high, 0, true, "Elo");
    with_interval(magnitude, sizeof magnitude, elo, low, high, 0, false, "Elo");
    snprintf(games, sizeof games, "after %s games (%s %s blocks)", table_text(s, 0, "games"),
             table_text(s, 0, "blocks"), context->matches ? "match" : "deal");
    if (!strcmp(verdict, "H1") && elo0 >= 0)
        snprintf(sentence, sizeof sentence, "H1 accepted: %s is stronger than %s by %s %s.", a, b, magnitude, games);
    else if (!strcmp(verdict, "H1"))
        snprintf(sentence, sizeof sentence, "H1 accepted: %s is %g Elo better than %s rather than %g; measured %s %s.",
                 a, elo1, b, elo0, measured, games);
    else if (!strcmp(verdict, "H0"))
        snprintf(sentence, sizeof sentence,
                 "H0 accepted: %s is not %g Elo better than %s (it is about %g or less); measured %s %s.", a, elo1, b,
                 elo0, measured, games);
    else
        snprintf(sentence, sizeof sentence, "No decision: the test reached its cap %s; %s against %s measured %s.",
                 games, a, b, measured);
    result_paragraph(out, sentence);
    char score[160], llr[64], lower[64], upper[64];
    with_interval(score, sizeof score, table_value(s, 0, "score"), table_value(s, 0, "score_low"),
                  table_value(s, 0, "score_high"), 3, false, "");
    rounded(llr, sizeof llr, table_value(s, 0, "llr"), 3, false);
    rounded(lower, sizeof lower, table_value(s, 0, "lower"), 3, false);
    rounded(upper, sizeof upper, table_value(s, 0, "upper"), 3, false);
    snprintf(sentence, sizeof sentence,
             "The LLR stopped at %s, with bounds [%s, %s] (H0: %g Elo, H1: %g Elo, alpha %g, beta %g); %s's mean block "
             "score %s (95%% interval).",
             llr, lower, upper, elo0, elo1, table_value(s, 0, "alpha"), table_value(s, 0, "beta"), a, score);
    html_paragraph(out, NULL, sentence);
}

enum {
    SPRT_CHART_WIDTH = 560, /* the two charts side by side on a wide screen */
    ELO_FROM_BLOCKS = 16    /* the Elo chart starts here at the earliest (or a tenth of the way in) */
};

/* A's Elo with its 95% interval over the blocks played, against the two hypotheses, from the
 * trace; from a tenth of the blocks on, where its interval has narrowed enough to read. */
static void sprt_elo_chart(FILE *out, const sprt_files_t *f, const char *subtitle, const char *x_label,
                           double *points)
{
    const table_t *s = &f->summary, *t = &f->trace;
    double total = table_value(s, 0, "blocks"), from = total / 10 > ELO_FROM_BLOCKS ? total / 10 : ELO_FROM_BLOCKS;
    int first = 0;
    while (first < t->rows - 1 && table_value(t, first, "blocks") < from) first++;
    int count = t->rows - first;
    double *x = points, *elo = x + count, *low = elo + count, *high = low + count;
    for (int r = 0; r < count; r++) {
        x[r] = table_value(t, first + r, "blocks");
        elo[r] = table_value(t, first + r, "elo");
        low[r] = table_value(t, first + r, "elo_low");
        high[r] = table_value(t, first + r, "elo_high");
    }
    char title[1024], caption[SENTENCE_SIZE], name[256];
    snprintf(title, sizeof title, "Elo of %s against %s as the test went on", tested_name(s, "a"),
             tested_name(s, "b"));
    snprintf(name, sizeof name, "Elo, with its 95%% interval");
    svg_line_series_t series = {.name = name, .x = x, .y = elo, .low = low, .high = high, .count = count,
                                .band = true};
    char h0[64], h1[64];
    snprintf(h0, sizeof h0, "H0: %g Elo", table_value(s, 0, "elo0"));
    snprintf(h1, sizeof h1, "H1: %g Elo", table_value(s, 0, "elo1"));
    svg_rule_t rules[] = {{table_value(s, 0, "elo0"), h0}, {table_value(s, 0, "elo1"), h1}};
    figure_start(out);
    svg_lines(out, &(svg_lines_t){.title = title, .subtitle = subtitle, .x_label = x_label, .y_label = "Elo",
                                  .series = &series, .series_count = 1, .rules = rules, .rule_count = 2,
                                  .decimals = 1, .width = SPRT_CHART_WIDTH});
    snprintf(caption, sizeof caption, "Drawn from block %.0f of %.0f on: before it the interval is wider than the "
             "chart.", count ? x[0] : 0, total);
    html_open(out, "figcaption", NULL, NULL, NULL);
    html_text(out, caption);
    html_close(out, "figcaption");
    figure_end(out);
}

static int sprt_plots(FILE *out, const sprt_files_t *f, const report_html_context_t *context, char *error,
                      size_t error_size)
{
    const table_t *s = &f->summary, *t = &f->trace;
    double *points = calloc(4 * (size_t)t->rows + 1, sizeof *points);
    if (!points) {
        snprintf(error, error_size, "out of memory drawing %s", t->name);
        return -1;
    }
    for (int r = 0; r < t->rows; r++) {
        points[r] = table_value(t, r, "blocks");
        points[t->rows + r] = table_value(t, r, "llr");
    }
    char title[1024], sample[256], games[160], subtitle[1024], x_label[64];
    snprintf(title, sizeof title, "SPRT: the LLR of %s against %s", tested_name(s, "a"), tested_name(s, "b"));
    int64_t blocks = (int64_t)table_value(s, 0, "blocks"), game_count = (int64_t)table_value(s, 0, "games");
    plot_sample(sample, sizeof sample, blocks, blocks, context->matches ? "match block" : "deal block", NULL);
    plot_sample(games, sizeof games, game_count, game_count, context->matches ? "match" : "game", NULL);
    size_t used = strlen(sample);
    snprintf(sample + used, sizeof sample - used, " (%s)", games);
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    snprintf(x_label, sizeof x_label, "%s blocks played", context->matches ? "match" : "deal");
    svg_line_series_t series = {.name = "LLR", .x = points, .y = points + t->rows, .count = t->rows};
    char lower[128], upper[128];
    snprintf(lower, sizeof lower, "lower bound: accept H0 (%g Elo)", table_value(s, 0, "elo0"));
    snprintf(upper, sizeof upper, "upper bound: accept H1 (%g Elo)", table_value(s, 0, "elo1"));
    svg_rule_t rules[] = {{table_value(s, 0, "lower"), lower}, {table_value(s, 0, "upper"), upper}};
    html_open(out, "div", "side", NULL, NULL);
    fputc('\n', out);
    figure_start(out);
    svg_lines(out, &(svg_lines_t){.title = title, .subtitle = subtitle, .x_label = x_label,
                                  .y_label = "log-likelihood ratio", .series = &series, .series_count = 1,
                                  .rules = rules, .rule_count = 2, .decimals = 3, .width = SPRT_CHART_WIDTH});
    figure_end(out);
    sprt_elo_chart(out, f, subtitle, x_label, points);
    html_close(out, "div");
    free(points);
    return 0;
}

static int sprt_page(FILE *out, const report_html_context_t *context, page_part_t part, char *error, size_t error_size,
                     void *state)
{
    const sprt_files_t *f = state;
    if (part == PART_RESULT) {
        sprt_sentences(out, f, context);
        return 0;
    }
    if (part == PART_COUNTS) {
        sprt_counts(out, f);
        return 0;
    }
    if (part == PART_PLOTS) return sprt_plots(out, f, context, error, error_size);
    if (table_html_turned(out, &f->summary, NULL, "The test and where it stopped.", error, error_size)) return -1;
    table_html(out, &f->blocks, "The blocks of each block score.");
    static const char *const more[] = {"sprt_trace.csv"};
    other_files(out, more, 1);
    return 0;
}

/* "95%" from a ratings model.csv's confidence, or "their" where there is none. */
static void interval_level(char *out, size_t size, const table_t *model)
{
    double confidence = model->rows > 0 ? table_value(model, 0, "confidence") : NAN;
    if (isnan(confidence)) snprintf(out, size, "their");
    else snprintf(out, size, "%.4g%%", 100 * confidence);
}

/* ------------------------------------------------------------------ balance */

typedef struct balance_files {
    table_t balance, seats, ends, distributions, comparisons;
} balance_files_t;

static const char *const balance_columns[] = {
    "variant", "fair_share", "hands", "hand_balance", "hand_balance_low", "hand_balance_high", "hand_leader_share",
    "hand_leader_low", "hand_leader_high", "hand_leader_advantage", "hand_leader_advantage_low",
    "hand_leader_advantage_high", "replays", "deal_bias", "deal_bias_low", "deal_bias_high", "matches",
    "match_balance", "match_balance_low", "match_balance_high", "match_leader_share", "match_leader_low",
    "match_leader_high", "match_leader_advantage", "match_leader_advantage_low", "match_leader_advantage_high",
    "hand_balance_vs_first", "hand_balance_vs_first_low", "hand_balance_vs_first_high", "match_balance_vs_first",
    "match_balance_vs_first_low", "match_balance_vs_first_high", NULL};
static const char *const seats_columns[] = {"variant", "unit", "who", "seat", "share", "share_low", "share_high", NULL};
static const char *const distributions_columns[] = {"variant", "measure", "value", "share", NULL};
static const char *const comparisons_columns[] = {"variant", "against", "unit", "measure", "value", "against_value",
                                                  "difference", "difference_low", "difference_high", "level",
                                                  "strength", "detected", NULL};

static int load_balance(balance_files_t *f, const char *dir, char *error, size_t error_size)
{
    memset(f, 0, sizeof *f);
    return table_load(&f->balance, dir, "balance.csv", error, error_size) ||
                   table_load(&f->seats, dir, "seats.csv", error, error_size) ||
                   table_load(&f->ends, dir, "ends.csv", error, error_size) ||
                   table_load(&f->distributions, dir, "distributions.csv", error, error_size) ||
                   table_load(&f->comparisons, dir, "comparisons.csv", error, error_size) ||
                   table_require(&f->comparisons, comparisons_columns, error, error_size) ||
                   table_require(&f->balance, balance_columns, error, error_size) ||
                   table_require(&f->seats, seats_columns, error, error_size) ||
                   table_require(&f->distributions, distributions_columns, error, error_size)
               ? -1
               : 0;
}

static void free_balance(balance_files_t *f)
{
    table_free(&f->balance);
    table_free(&f->seats);
    table_free(&f->ends);
    table_free(&f->distributions);
    table_free(&f->comparisons);
}

/* Whether variant `row` played the unit ("hand" or "match"): its count is there. */
static bool unit_played(const table_t *balance, int row, bool matches)
{
    return table_text(balance, row, matches ? "matches" : "hands")[0] != '\0';
}

/* A column of balance.csv for the unit: "hand_balance" or "match_balance" from "balance". */
static double unit_value(const table_t *balance, int row, bool matches, const char *suffix)
{
    char column[160];
    snprintf(column, sizeof column, "%s_%s", matches ? "match" : "hand", suffix);
    return table_value(balance, row, column);
}

/* One variant's seat balance and first-seat advantage in hands or matches. */
static void unit_sentence(char *out, size_t size, const table_t *balance, int row, bool matches, bool named)
{
    char fairness[160], share[160], advantage[160], fair[32];
    with_interval(fairness, sizeof fairness, unit_value(balance, row, matches, "balance"),
                  unit_value(balance, row, matches, "balance_low"), unit_value(balance, row, matches, "balance_high"),
                  3, false, "");
    with_interval(share, sizeof share, unit_value(balance, row, matches, "leader_share"),
                  unit_value(balance, row, matches, "leader_low"), unit_value(balance, row, matches, "leader_high"), 3,
                  false, "");
    with_interval(advantage, sizeof advantage, unit_value(balance, row, matches, "leader_advantage"),
                  unit_value(balance, row, matches, "leader_advantage_low"),
                  unit_value(balance, row, matches, "leader_advantage_high"), 3, true, "");
    rounded(fair, sizeof fair, table_value(balance, row, "fair_share"), 3, false);
    double low = unit_value(balance, row, matches, "leader_advantage_low"),
           high = unit_value(balance, row, matches, "leader_advantage_high");
    const char *verdict = low > 0    ? "the first player has the advantage"
                          : high < 0 ? "the first player is at a disadvantage"
                                     : "no advantage of the first player is detectable";
    snprintf(out, size, "%s%s%s: balance %s (1 is fair); %s: %s (the seat that led won %s of them, against a fair "
                        "%s).",
             named ? table_text(balance, row, "variant") : "", named ? ", " : "",
             named ? (matches ? "matches" : "hands") : (matches ? "Matches" : "Hands"),
             fairness, verdict, advantage, share, fair);
}

/* A measure's number of comparisons.csv row r as the page writes it: shares in percent to
 * 0.1%, the balance to 0.001, a length to the digits its interval supports (two significant
 * digits of its half width). */
static void comparison_number(char *out, size_t size, const table_t *c, int r, const char *column, bool sign)
{
    const char *measure = table_text(c, r, "measure");
    double value = table_value(c, r, column);
    bool share = !strcmp(measure, "leader_advantage") || !strcmp(measure, "draws");
    if (share) {
        percent(out, size, value, sign);
        return;
    }
    int decimals = 3;
    if (strcmp(measure, "balance")) {
        double half = (table_value(c, r, "difference_high") - table_value(c, r, "difference_low")) / 2;
        decimals = isfinite(half) && half > 0 ? significant_decimals(half, 2) : 2;
    }
    rounded(out, size, value, decimals, sign);
}

/* The comparisons of every measure with the first variant: the largest change first (or
 * that none is detectable), then the table (comparisons.csv). */
static void comparisons_section(FILE *out, const table_t *c)
{
    if (c->rows == 0) return;
    int most = -1, detected = 0;
    for (int r = 0; r < c->rows; r++)
        if (table_value(c, r, "detected") == 1) {
            detected++;
            if (most < 0 || table_value(c, r, "strength") > table_value(c, most, "strength")) most = r;
        }
    char sentence[SENTENCE_SIZE], value[48], first[48], d[48], low[48], high[48];
    const char *against = table_text(c, 0, "against");
    if (most >= 0) {
        const char *measure = table_text(c, most, "measure");
        bool matches = !strcmp(table_text(c, most, "unit"), "match");
        comparison_number(value, sizeof value, c, most, "value", false);
        comparison_number(first, sizeof first, c, most, "against_value", false);
        comparison_number(d, sizeof d, c, most, "difference", true);
        comparison_number(low, sizeof low, c, most, "difference_low", true);
        comparison_number(high, sizeof high, c, most, "difference_high", true);
        snprintf(sentence, sizeof sentence, "The largest change: the %s, %s in %s against %s in %s, a change of %s "
                 "[%s, %s].", balance_measure_text(measure, matches), value, table_text(c, most, "variant"), first,
                 against, d, low, high);
    } else {
        snprintf(sentence, sizeof sentence, "No difference is detectable in any of the %d measures compared with %s "
                 "at this sample size.", c->rows, against);
    }
    result_paragraph(out, sentence);
    char caption[SENTENCE_SIZE];
    snprintf(caption, sizeof caption, "Every measure against %s: %d comparisons, each interval at %.2f%% "
             "(Bonferroni) so that all hold together at 95%%; %d detected.", against, c->rows,
             100 * table_value(c, 0, "level"), detected);
    static const char *const headers[] = {"variant", "measure", "value", "against", "change [interval]", "verdict"};
    html_table_start(out, NULL, caption, headers, 6);
    for (int r = 0; r < c->rows; r++) {
        const char *measure = table_text(c, r, "measure");
        char change[160];
        comparison_number(value, sizeof value, c, r, "value", false);
        comparison_number(first, sizeof first, c, r, "against_value", false);
        comparison_number(d, sizeof d, c, r, "difference", true);
        comparison_number(low, sizeof low, c, r, "difference_low", true);
        comparison_number(high, sizeof high, c, r, "difference_high", true);
        snprintf(change, sizeof change, "%s [%s, %s]", d, low, high);
        const char *cells[] = {table_text(c, r, "variant"),
                               balance_measure_text(measure, !strcmp(table_text(c, r, "unit"), "match")),
                               value, first, change,
                               table_value(c, r, "detected") == 1 ? "changed" : "no change detectable"};
        html_table_row(out, cells, 6);
    }
    html_table_end(out);
}

static void balance_result(FILE *out, const balance_files_t *f)
{
    const table_t *b = &f->balance;
    char sentence[SENTENCE_SIZE];
    bool named = b->rows > 1;
    for (int r = 0; r < b->rows; r++)
        for (int m = 0; m < 2; m++) {
            if (!unit_played(b, r, m)) continue;
            unit_sentence(sentence, sizeof sentence, b, r, m, named);
            result_paragraph(out, sentence);
        }
    comparisons_section(out, &f->comparisons);
    for (int r = 0; r < b->rows; r++) {
        if (!unit_played(b, r, false)) continue;
        if (isnan(table_value(b, r, "deal_bias"))) {
            snprintf(sentence, sizeof sentence, "%s%sDeal bias: not measured, each deal was played once (a deal "
                     "bias needs replays: --replays 2, with an agent that draws random numbers).",
                     named ? table_text(b, r, "variant") : "", named ? ": " : "");
            html_paragraph(out, NULL, sentence);
            continue;
        }
        char bias[160];
        with_interval(bias, sizeof bias, table_value(b, r, "deal_bias"), table_value(b, r, "deal_bias_low"),
                      table_value(b, r, "deal_bias_high"), 3, false, "");
        snprintf(sentence, sizeof sentence, "%s%sDeal bias %s: the share of a hand's outcome the deal alone decides "
                                            "(0: none, 1: all), from %s plays of each deal.",
                 named ? table_text(b, r, "variant") : "", named ? ": " : "", bias, table_text(b, r, "replays"));
        html_paragraph(out, NULL, sentence);
    }
}

/* "400 deals a variant (2 plays of each)" or "60 matches a variant". */
static void balance_sample(char *out, size_t size, const table_t *b, bool matches)
{
    plot_counts_t counts = {0};
    int plays = 1;
    for (int r = 0; r < b->rows; r++) {
        if (!unit_played(b, r, matches)) continue;
        int replays = matches ? 1 : (int)table_value(b, r, "replays");
        if (replays < 1) replays = 1;
        plot_counts_add(&counts, (int64_t)table_value(b, r, matches ? "matches" : "hands") / replays);
        if (replays > plays) plays = replays;
    }
    sample_of(out, size, &counts, matches ? "match" : "deal", "a variant");
    size_t used = strlen(out);
    if (plays > 1) snprintf(out + used, size - used, " (%d plays of each)", plays);
}

/* Each seat's share of the unit, a series per variant that played it, the leader last. */
static int seat_chart(FILE *out, const balance_files_t *f, const report_html_context_t *context, bool matches,
                      char *error, size_t error_size)
{
    const table_t *b = &f->balance, *s = &f->seats;
    const char *unit = matches ? "match" : "hand";
    int seats = 0, variants = 0;
    for (int r = 0; r < s->rows; r++)
        if (!strcmp(table_text(s, r, "unit"), unit) && !strcmp(table_text(s, r, "who"), "seat") &&
            table_value(s, r, "seat") + 1 > seats)
            seats = (int)table_value(s, r, "seat") + 1;
    for (int r = 0; r < b->rows; r++) variants += unit_played(b, r, matches);
    if (seats == 0 || variants == 0) return 0;
    int categories = seats + 1;
    char (*names)[32] = calloc((size_t)categories, sizeof *names);
    const char **labels = calloc((size_t)categories, sizeof *labels);
    svg_bar_series_t *series = calloc((size_t)variants, sizeof *series);
    double *values = calloc(3 * (size_t)variants * (size_t)categories, sizeof *values);
    if (!names || !labels || !series || !values) {
        free(names);
        free(labels);
        free(series);
        free(values);
        snprintf(error, error_size, "out of memory drawing %s", s->name);
        return -1;
    }
    for (int c = 0; c < categories; c++) {
        if (c < seats) snprintf(names[c], sizeof names[c], "seat %d", c);
        else snprintf(names[c], sizeof names[c], "the seat that led");
        labels[c] = names[c];
    }
    for (size_t k = 0; k < 3 * (size_t)variants * (size_t)categories; k++) values[k] = NAN;
    int v = 0;
    for (int r = 0; r < b->rows; r++) {
        if (!unit_played(b, r, matches)) continue;
        const char *variant = table_text(b, r, "variant");
        double *share = values + (size_t)v * 3 * (size_t)categories, *low = share + categories,
               *high = low + categories;
        series[v] = (svg_bar_series_t){variant, share, low, high};
        for (int row = 0; row < s->rows; row++) {
            if (strcmp(table_text(s, row, "variant"), variant) || strcmp(table_text(s, row, "unit"), unit)) continue;
            bool leader = !strcmp(table_text(s, row, "who"), "leader");
            int c = leader ? seats : (int)table_value(s, row, "seat");
            if (c < 0 || c > seats) continue;
            share[c] = table_value(s, row, "share");
            low[c] = table_value(s, row, "share_low");
            high[c] = table_value(s, row, "share_high");
        }
        v++;
    }
    char title[256], axis[256], sample[256], subtitle[1024];
    const char *units = matches ? "matches" : "hands";
    snprintf(title, sizeof title, "Share of %s won by seat (95%% interval; dashes: a fair share)", units);
    snprintf(axis, sizeof axis, "share of the %s won (a tie of k sides: 1/k each)", units);
    balance_sample(sample, sizeof sample, b, matches);
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    int first = 0;
    while (!unit_played(b, first, matches)) first++;
    figure_start(out);
    svg_bars(out, &(svg_bars_t){.title = title, .subtitle = subtitle, .axis_label = axis, .labels = labels,
                                .count = categories, .series = series, .series_count = variants, .reference = true,
                                .reference_at = table_value(b, first, "fair_share"), .reference_label = "fair share",
                                .decimals = 3});
    figure_end(out);
    free(names);
    free(labels);
    free(series);
    free(values);
    return 0;
}

/* A distribution of distributions.csv, of whole numbers: a column at each value, the
 * variants side by side. */
static int distribution_chart(FILE *out, const balance_files_t *f, const report_html_context_t *context,
                              const char *measure, const char *title, const char *x_label, const char *y_label,
                              bool matches, char *error, size_t error_size)
{
    const table_t *b = &f->balance, *d = &f->distributions;
    int variants = 0;
    for (int r = 0; r < b->rows; r++) variants += unit_played(b, r, matches);
    if (variants == 0 || table_find(d, "measure", measure) < 0) return 0;
    svg_line_series_t *series = calloc((size_t)variants, sizeof *series);
    double *points = calloc(2 * (size_t)d->rows + 1, sizeof *points);
    if (!series || !points) {
        free(series);
        free(points);
        snprintf(error, error_size, "out of memory drawing %s", d->name);
        return -1;
    }
    int v = 0, used = 0;
    for (int r = 0; r < b->rows; r++) {
        if (!unit_played(b, r, matches)) continue;
        const char *variant = table_text(b, r, "variant");
        svg_line_series_t *line = &series[v++];
        line->name = variant;
        line->x = points + used;
        line->y = points + d->rows + used;
        for (int row = 0; row < d->rows; row++) {
            if (strcmp(table_text(d, row, "variant"), variant) || strcmp(table_text(d, row, "measure"), measure))
                continue;
            points[used] = table_value(d, row, "value");
            points[d->rows + used] = table_value(d, row, "share");
            used++;
            line->count++;
        }
    }
    char sample[256], subtitle[1024];
    balance_sample(sample, sizeof sample, b, matches);
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    figure_start(out);
    svg_lines(out, &(svg_lines_t){.title = title, .subtitle = subtitle, .x_label = x_label, .y_label = y_label,
                                  .series = series, .series_count = variants, .columns = true, .decimals = 4});
    figure_end(out);
    free(series);
    free(points);
    return 0;
}

static int balance_plots(FILE *out, const balance_files_t *f, const report_html_context_t *context, char *error,
                         size_t error_size)
{
    return seat_chart(out, f, context, false, error, error_size) ||
                   seat_chart(out, f, context, true, error, error_size) ||
                   distribution_chart(out, f, context, "points_per_hand", "Points a side scores in a hand", "points",
                                      "share of the sides' hands", false, error, error_size) ||
                   distribution_chart(out, f, context, "plies_per_hand", "Length of a hand",
                                      "moves (placements, draws, passes)", "share of the hands", false, error,
                                      error_size) ||
                   distribution_chart(out, f, context, "hands_per_match", "Length of a match", "hands",
                                      "share of the matches", true, error, error_size)
               ? -1
               : 0;
}

static int balance_page(FILE *out, const report_html_context_t *context, page_part_t part, char *error,
                        size_t error_size, void *state)
{
    const balance_files_t *f = state;
    if (part == PART_RESULT) {
        balance_result(out, f);
        return 0;
    }
    if (part == PART_COUNTS) return 0;
    if (part == PART_PLOTS) return balance_plots(out, f, context, error, error_size);
    if (table_html_turned(out, &f->balance, "variant",
                          "A column per variant: seat balance, the leader's share and advantage, draws, deal bias, "
                          "and each variant against the first.",
                          error, error_size))
        return -1;
    table_html(out, &f->seats, "Every seat's share of the games won, and the leading seat's (who = leader).");
    table_html(out, &f->ends, "How the hands (and the matches' last hands) ended.");
    static const char *const more[] = {"distributions.csv"};
    other_files(out, more, 1);
    return 0;
}

/* ------------------------------------------------------------------ calibration */

typedef struct calibration_files {
    table_t levels, candidates, verify; /* verify: verify/pairwise.csv, for the sample only (may be empty) */
    table_t candidate_model, verify_model; /* the ratings' model.csv: their intervals' confidence (may be empty) */
    table_t candidate_pairs; /* candidates/pairwise.csv: the blocks each candidate played (may be empty) */
} calibration_files_t;

static const char *const levels_columns[] = {"level", "spec", "target_elo", "elo", "elo_low", "elo_high", NULL};
static const char *const candidates_columns[] = {"candidate", "elo", "elo_low", "elo_high", "smoothed_elo", NULL};

static int load_calibration(calibration_files_t *f, const char *dir, char *error, size_t error_size)
{
    memset(f, 0, sizeof *f);
    if (table_load(&f->levels, dir, "calibration.csv", error, error_size) ||
        table_load(&f->candidates, dir, "candidates.csv", error, error_size) ||
        table_require(&f->levels, levels_columns, error, error_size) ||
        table_require(&f->candidates, candidates_columns, error, error_size))
        return -1;
    char ignored[256]; /* every level may be the reference: then there is no verify/pairwise.csv */
    if (table_load(&f->verify, dir, "verify/pairwise.csv", ignored, sizeof ignored))
        memset(&f->verify, 0, sizeof f->verify);
    if (table_load(&f->verify_model, dir, "verify/model.csv", ignored, sizeof ignored))
        memset(&f->verify_model, 0, sizeof f->verify_model);
    if (table_load(&f->candidate_model, dir, "candidates/model.csv", ignored, sizeof ignored))
        memset(&f->candidate_model, 0, sizeof f->candidate_model);
    if (table_load(&f->candidate_pairs, dir, "candidates/pairwise.csv", ignored, sizeof ignored))
        memset(&f->candidate_pairs, 0, sizeof f->candidate_pairs);
    return 0;
}

static void free_calibration(calibration_files_t *f)
{
    table_free(&f->levels);
    table_free(&f->candidates);
    table_free(&f->verify);
    table_free(&f->verify_model);
    table_free(&f->candidate_model);
    table_free(&f->candidate_pairs);
}

/* "Neighbouring levels told apart: 2 of 2 (...): level 1 to 2 +612 Elo [+540, +684]; ..." from
 * calibration.csv's steps (a table written before them has none: nothing). */
static void neighbours_sentence(char *out, size_t size, const table_t *l)
{
    out[0] = '\0';
    if (l->rows < 2 || table_column(l, "distinct") < 0) return;
    int apart = 0;
    for (int r = 1; r < l->rows; r++) apart += table_value(l, r, "distinct") == 1;
    int used = snprintf(out, size, "Neighbouring levels told apart: %d of %d (each step's interval at %.4g%%, so that "
                        "all hold together at 95%%): ", apart, l->rows - 1,
                        100 * calibration_step_level(l->rows));
    for (int r = 1; r < l->rows && used > 0 && (size_t)used < size; r++) {
        char step[160];
        with_interval(step, sizeof step, table_value(l, r, "step"), table_value(l, r, "step_low"),
                      table_value(l, r, "step_high"), 0, true, "Elo");
        used += snprintf(out + used, size - (size_t)used, "%slevel %d to %d %s%s", r > 1 ? "; " : "", r, r + 1, step,
                         table_value(l, r, "distinct") == 1 ? "" : " (not told apart)");
    }
    if (used > 0 && (size_t)used < size) snprintf(out + used, size - (size_t)used, ".");
}

/* "3 levels against greedy, 120 Elo apart: level 1 greedy:noise=1, measured -210 [...] (target -200); ..." */
static void calibration_result(FILE *out, const calibration_files_t *f, const report_html_context_t *context)
{
    const table_t *l = &f->levels;
    const char *reference = context->reference ? context->reference : "the reference";
    char sentence[SENTENCE_SIZE], spacing[64] = "";
    if (l->rows >= 2)
        rounded(spacing, sizeof spacing, table_value(l, 1, "target_elo") - table_value(l, 0, "target_elo"), 0, false);
    int used = snprintf(sentence, sizeof sentence, "%d level%s against %s%s%s%s: ", l->rows, l->rows == 1 ? "" : "s",
                        reference, spacing[0] ? ", " : "", spacing, spacing[0] ? " Elo apart" : "");
    for (int r = 0; r < l->rows && used > 0 && (size_t)used < sizeof sentence; r++) {
        char measured[160], target[64];
        with_interval(measured, sizeof measured, table_value(l, r, "elo"), table_value(l, r, "elo_low"),
                      table_value(l, r, "elo_high"), 0, false, "Elo");
        rounded(target, sizeof target, table_value(l, r, "target_elo"), 0, false);
        used += snprintf(sentence + used, sizeof sentence - (size_t)used, "%slevel %s is %s, measured at %s "
                                                                          "(target %s)",
                         r ? "; " : "", table_text(l, r, "level"), table_text(l, r, "spec"), measured, target);
    }
    if (used > 0 && (size_t)used < sizeof sentence) snprintf(sentence + used, sizeof sentence - (size_t)used, ".");
    result_paragraph(out, sentence);
    neighbours_sentence(sentence, sizeof sentence, l);
    if (sentence[0]) html_paragraph(out, NULL, sentence);
    html_paragraph(out, NULL, "Use the table with --level-table levels.ini (or DOMINOLAB_LEVELS=levels.ini).");
}

static int calibration_plots(FILE *out, const calibration_files_t *f, const report_html_context_t *context, char *error,
                             size_t error_size)
{
    const table_t *l = &f->levels, *c = &f->candidates;
    size_t size = 5 * (size_t)l->rows + 4 * (size_t)c->rows + 1;
    double *values = calloc(size, sizeof *values);
    const char **labels = calloc((size_t)c->rows + 1, sizeof *labels);
    if (!values || !labels) {
        free(values);
        free(labels);
        snprintf(error, error_size, "out of memory drawing %s", l->name);
        return -1;
    }
    double *level = values, *target = level + l->rows, *elo = target + l->rows, *low = elo + l->rows,
           *high = low + l->rows;
    for (int r = 0; r < l->rows; r++) {
        level[r] = table_value(l, r, "level");
        target[r] = table_value(l, r, "target_elo");
        elo[r] = table_value(l, r, "elo");
        low[r] = table_value(l, r, "elo_low");
        high[r] = table_value(l, r, "elo_high");
    }
    const char *reference = context->reference ? context->reference : "the reference";
    plot_counts_t counts = {0};
    for (int r = 0; r < f->verify.rows; r++) plot_counts_add(&counts, (int64_t)table_value(&f->verify, r, "blocks"));
    char title[512], axis[256], sample[256] = "", subtitle[1024];
    char verify_level[32];
    interval_level(verify_level, sizeof verify_level, &f->verify_model);
    snprintf(title, sizeof title, "Difficulty levels against %s: targets, and measured Elo with %s intervals",
             reference, verify_level);
    snprintf(axis, sizeof axis, "Elo relative to %s", reference);
    const char *unit = context->matches ? "match" : "deal";
    if (counts.runs) sample_of(sample, sizeof sample, &counts, unit, "a level");
    else snprintf(sample, sizeof sample, "no level measured again (each is the reference)");
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    svg_line_series_t lines[] = {
        {.name = "target", .x = level, .y = target, .count = l->rows, .dashed = true, .markers = true},
        {.name = "measured", .x = level, .y = elo, .low = low, .high = high, .count = l->rows, .markers = true},
    };
    figure_start(out);
    svg_lines(out, &(svg_lines_t){.title = title, .subtitle = subtitle, .x_label = "level", .y_label = axis,
                                  .series = lines, .series_count = 2, .whole_x = true, .decimals = 1});
    figure_end(out);

    double *measured = high + l->rows, *measured_low = measured + c->rows, *measured_high = measured_low + c->rows,
           *smoothed = measured_high + c->rows;
    for (int r = 0; r < c->rows; r++) {
        labels[r] = table_text(c, r, "candidate");
        measured[r] = table_value(c, r, "elo");
        measured_low[r] = table_value(c, r, "elo_low");
        measured_high[r] = table_value(c, r, "elo_high");
        smoothed[r] = table_value(c, r, "smoothed_elo");
    }
    char candidate_level[32], measured_name[64];
    interval_level(candidate_level, sizeof candidate_level, &f->candidate_model);
    snprintf(measured_name, sizeof measured_name, "measured, with its %s interval", candidate_level);
    svg_bar_series_t series[] = {{measured_name, measured, measured_low, measured_high},
                                 {"smoothed within its kind", smoothed, NULL, NULL}};
    snprintf(title, sizeof title, "Candidates against %s, as listed", reference);
    plot_counts_t measured_counts = {0};
    for (int r = 0; r < f->candidate_pairs.rows; r++)
        plot_counts_add(&measured_counts, (int64_t)table_value(&f->candidate_pairs, r, "blocks"));
    if (measured_counts.runs) sample_of(sample, sizeof sample, &measured_counts, unit, "a candidate");
    else snprintf(sample, sizeof sample, "the candidates' sample not found (candidates/pairwise.csv)");
    subtitle_of(subtitle, sizeof subtitle, context, sample);
    figure_start(out);
    svg_bars(out, &(svg_bars_t){.title = title, .subtitle = subtitle, .axis_label = axis, .labels = labels,
                                .count = c->rows, .series = series, .series_count = 2, .decimals = 1});
    figure_end(out);
    free(values);
    free(labels);
    return 0;
}

static int calibration_page(FILE *out, const report_html_context_t *context, page_part_t part, char *error,
                            size_t error_size, void *state)
{
    const calibration_files_t *f = state;
    if (part == PART_RESULT) {
        calibration_result(out, f, context);
        return 0;
    }
    if (part == PART_COUNTS) return 0;
    if (part == PART_PLOTS) return calibration_plots(out, f, context, error, error_size);
    table_html(out, &f->levels, "Every level: its agent, the Elo it was placed at, and its rating measured again on "
                                "fresh deals.");
    table_html(out, &f->candidates, "Every candidate: its kind, measured and smoothed rating, and its rank by "
                                    "smoothed rating (1 the weakest).");
    static const char *const more[] = {"levels.ini", "candidates/ratings.csv", "verify/ratings.csv"};
    other_files(out, more, f->verify.columns ? 3 : 2);
    return 0;
}

/* ------------------------------------------------------------------ bot faults */

/* html.h's style sheet has no warning of its own: these constant styles, written inline,
 * make the faults stand out from the blue result box. */
#define FAULTS_BOX_STYLE "border-left:4px solid #b2182b;background:#fdf0ef;padding:.5rem .9rem;margin:.5rem 0"
#define FAULT_NOTE_STYLE "color:#b2182b;font-weight:600"
#define WARNING_SIGN "\xE2\x9A\xA0" /* U+26A0 */

/* Above the result: every bot that faulted and its counts, and what that does to the
 * results (they count the fallback's moves as the bot's). Nothing when none did. */
static void faults_warning(FILE *out, const report_faults_t *faults)
{
    if (!faults || faults->count == 0) return;
    html_open(out, "div", "faults", "alert", FAULTS_BOX_STYLE);
    fputc('\n', out);
    html_heading(out, 2, "faults", WARNING_SIGN " Bot faults");
    char text[TEXT_SIZE];
    snprintf(text, sizeof text,
             "%s outside dominolab faulted: each time it gave an illegal answer, timed out or crashed, "
             "its fallback agent played for it (after a time-out or a crash, to the end of that match), or with "
             "on_fault=forfeit its side lost the match. The results below count those moves as the bot's own: they "
             "are not the bot's play alone.",
             faults->count == 1 ? "A bot" : "Bots");
    html_paragraph(out, NULL, text);
    static const char *const headers[] = {"agent", "runs with faults", "illegal_moves", "timeouts", "crashes"};
    html_table_start(out, NULL, NULL, headers, 5);
    for (int k = 0; k < faults->count; k++) {
        const report_fault_t *f = &faults->agent[k];
        char counts[4][32];
        snprintf(counts[0], sizeof counts[0], "%d", f->runs);
        snprintf(counts[1], sizeof counts[1], "%lld", (long long)f->illegal_moves);
        snprintf(counts[2], sizeof counts[2], "%lld", (long long)f->timeouts);
        snprintf(counts[3], sizeof counts[3], "%lld", (long long)f->crashes);
        char label[REPORT_AGENT_TEXT + 80];
        report_fault_label(f, label, sizeof label);
        const char *cells[] = {label, counts[0], counts[1], counts[2], counts[3]};
        html_table_row(out, cells, 5);
    }
    html_table_end(out);
    html_paragraph(out, "note", "Counted in each run's summary.csv (columns illegal_moves, timeouts, crashes); what "
                                "each fault is: docs/protocol.md.");
    html_close(out, "div");
}

/* Inside the result, under its verdict: each faulty agent's note. */
static void fault_notes(FILE *out, const report_faults_t *faults)
{
    for (int k = 0; faults && k < faults->count; k++) {
        char note[2 * REPORT_AGENT_TEXT + 256];
        report_fault_note(&faults->agent[k], note, sizeof note);
        html_open(out, "p", "fault", NULL, FAULT_NOTE_STYLE);
        fputs(WARNING_SIGN " ", out);
        html_text(out, note);
        fputc('.', out);
        html_close(out, "p");
    }
}

/* ------------------------------------------------------------------ the page */

static void samples_section(FILE *out, const report_html_context_t *context)
{
    html_heading(out, 2, "games", "Sample games");
    if (context->sample_count == 0) {
        html_paragraph(out, "note", "No sample games.");
        return;
    }
    html_paragraph(out, "note", "The first game of each run, to step through in the viewer.");
    html_open(out, "ul", "samples", NULL, NULL);
    fputc('\n', out);
    for (int k = 0; k < context->sample_count; k++) {
        const report_html_sample_t *sample = &context->samples[k];
        html_open(out, "li", NULL, NULL, NULL);
        html_text(out, sample->label);
        fputs(": ", out);
        if (sample->page) html_link(out, sample->page, "view the game");
        if (sample->problem) {
            fputs("no viewer page (", out);
            html_text(out, sample->problem);
            putc(')', out);
        }
        if (sample->record) {
            fputs(" \xC2\xB7 ", out);
            html_link(out, sample->record, "its record");
            if (sample->record_note) {
                fputs(" (", out);
                html_text(out, sample->record_note);
                putc(')', out);
            }
        }
        html_close(out, "li");
    }
    html_close(out, "ul");
}

static void provenance_section(FILE *out, const report_html_context_t *context)
{
    html_heading(out, 2, "made", "How this was made");
    html_paragraph(out, NULL, "The command:");
    html_code_block(out, context->command ? context->command : "(not recorded)");
    if (context->setting_count > 0) {
        static const char *const headers[] = {"setting", "value"};
        html_table_start(out, "settings", "The configuration", headers, 2);
        for (int k = 0; k < context->setting_count; k++) {
            const char *cells[] = {context->settings[k].key, context->settings[k].value};
            html_table_row_headed(out, cells, 2);
        }
        html_table_end(out);
    }
    char versions[1024];
    snprintf(versions, sizeof versions, "Versions: made by dominolab %s; this page written by dominolab %s%s%s.",
             context->made_by ? context->made_by : "(not recorded)", context->version ? context->version : "?",
             context->formats ? " " : "", context->formats ? context->formats : "");
    html_paragraph(out, NULL, versions);
}

/* A layout: its files loaded into `state`, then each part of the page written from them. */
typedef struct layout {
    const char *heading;
    size_t state_size;
    int (*load)(void *state, const char *dir, char *error, size_t error_size);
    void (*release)(void *state);
    int (*part)(FILE *out, const report_html_context_t *context, page_part_t part, char *error, size_t error_size,
                void *state);
} layout_t;

static int load_ratings_state(void *s, const char *d, char *e, size_t n) { return load_ratings(s, d, e, n); }
static int load_sprt_state(void *s, const char *d, char *e, size_t n) { return load_sprt(s, d, e, n); }
static int load_balance_state(void *s, const char *d, char *e, size_t n) { return load_balance(s, d, e, n); }
static int load_calibration_state(void *s, const char *d, char *e, size_t n) { return load_calibration(s, d, e, n); }
static void free_ratings_state(void *s) { free_ratings(s); }
static void free_sprt_state(void *s) { free_sprt(s); }
static void free_balance_state(void *s) { free_balance(s); }
static void free_calibration_state(void *s) { free_calibration(s); }

static const layout_t layouts[] = {
    [REPORT_HTML_RATINGS] = {"Ratings", sizeof(ratings_files_t), load_ratings_state, free_ratings_state, ratings_page},
    [REPORT_HTML_SPRT] = {"Sequential test", sizeof(sprt_files_t), load_sprt_state, free_sprt_state, sprt_page},
    [REPORT_HTML_BALANCE] = {"Balance", sizeof(balance_files_t), load_balance_state, free_balance_state, balance_page},
    [REPORT_HTML_CALIBRATION] = {"Difficulty levels", sizeof(calibration_files_t), load_calibration_state,
                                 free_calibration_state, calibration_page},
};

static int write_page(FILE *out, const report_html_context_t *context, const layout_t *layout, void *state,
                      char *error, size_t error_size)
{
    char title[TEXT_SIZE];
    const char *subject = context->subject ? context->subject : "";
    snprintf(title, sizeof title, "dominolab %s%s%s", context->kind, subject[0] ? ": " : "", subject);
    html_page_start(out, title);
    snprintf(title, sizeof title, "dominolab %s: %s", context->kind, layout->heading);
    html_heading(out, 1, NULL, title);
    if (subject[0]) html_paragraph(out, "subject", subject);
    for (int k = 0; k < context->note_count; k++) html_paragraph(out, "note", context->notes[k]);
    faults_warning(out, context->faults);
    html_heading(out, 2, "result", "Result");
    html_open(out, "div", "result", NULL, NULL);
    fputc('\n', out);
    if (layout->part(out, context, PART_RESULT, error, error_size, state)) return -1;
    fault_notes(out, context->faults);
    html_close(out, "div");    if (layout->part(out, context, PART_COUNTS, error, error_size, state)) return -1;
    html_heading(out, 2, "plots", "Plots");
    if (layout->part(out, context, PART_PLOTS, error, error_size, state)) return -1;
    html_heading(out, 2, "tables", "Tables");
    if (layout->part(out, context, PART_TABLES, error, error_size, state)) return -1;
    samples_section(out, context);
    provenance_section(out, context);
    html_page_end(out, "Written from the CSV files beside it; dominolab analyze on this directory writes it again. "
                       "It loads nothing and runs no script.");
    return 0;
}

int report_html_write(const char *dir, const report_html_context_t *context, char *error, size_t error_size)
{
    if ((unsigned)context->layout >= sizeof layouts / sizeof layouts[0]) {
        snprintf(error, error_size, "%s/report.html: unknown kind of report", dir);
        return -1;
    }
    const layout_t *layout = &layouts[context->layout];
    void *state = calloc(1, layout->state_size);
    if (!state) {
        snprintf(error, error_size, "out of memory writing %s/report.html", dir);
        return -1;
    }
    char message[TEXT_SIZE];
    int status = layout->load(state, dir, message, sizeof message);
    if (status) snprintf(error, error_size, "%s/report.html: %s", dir, message);
    atomic_file_t file;
    if (status == 0) status = atomic_file_open_in(&file, dir, "report.html", error, error_size);
    if (status == 0 && write_page(file.stream, context, layout, state, message, sizeof message)) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "%s/report.html: %s", dir, message);
        status = -1;
    }
    if (status == 0) status = atomic_file_commit(&file, error, error_size);
    layout->release(state);
    free(state);
    return status;
}
