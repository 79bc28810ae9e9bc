/* svg_plot.h - charts as inline SVG, drawn by our own code, for report.html: the pictures of
 * the gnuplot plots (plot.h) without gnuplot.
 *
 *   svg_bars      horizontal bars with interval whiskers, in series side by side (ratings,
 *                 seat shares of several variants), with a dashed reference line (a fair
 *                 share);
 *   svg_lines     lines over x, with whiskers where a series has intervals and dashed
 *                 horizontal rules (the SPRT's LLR and its bounds; targets and measured
 *                 ratings of calibrated levels; distributions);
 *   svg_heat_map  a matrix of values in [low, high] on a red-white-blue scale, each cell
 *                 with its value (the pairwise score matrix).
 *
 * Every chart has its title and subtitle, axis labels and tick labels, and a <title> on each
 * mark, which a browser shows on hover. Texts are escaped (html.h). The output depends only
 * on the input: coordinates are printed with two decimals, nothing random or timed, so the
 * same report gives the same bytes. The <svg> element carries no namespace: it is meant to
 * sit inside an HTML page, which then names no outside address at all.
 */
#ifndef DOMINOLAB_SVG_PLOT_H
#define DOMINOLAB_SVG_PLOT_H

#include <stdbool.h>
#include <stdio.h>

/* An axis over [low, high]: `ticks` ticks `step` apart from `first`, the step 1, 2 or 5
 * times a power of ten, and the decimals its labels need. low and high are widened to the
 * ticks around them. */
typedef struct svg_axis {
    double low, high, first, step;
    int ticks, decimals;
} svg_axis_t;
/* The axis over [low, high] (NaN-free; equal ends are widened by one either side) with at
 * most `max_ticks` ticks (at least 2). */
svg_axis_t svg_axis(double low, double high, int max_ticks);

/* A series of bars, one per category: value[k], and its interval low[k]..high[k] (low and
 * high NULL: no whiskers). A NaN value draws no bar. */
typedef struct svg_bar_series {
    const char *name;
    const double *value, *low, *high;
} svg_bar_series_t;

typedef struct svg_bars {
    const char *title, *subtitle, *axis_label;
    const char *const *labels; /* the categories, top to bottom */
    int count;
    const svg_bar_series_t *series; /* side by side within a category; a key when more than one */
    int series_count;
    double origin;              /* where the bars start (0) */
    bool reference;             /* draw a dashed line at reference_at, named reference_label */
    double reference_at;
    const char *reference_label;
    int decimals;               /* of the values in hover texts */
} svg_bars_t;
void svg_bars(FILE *out, const svg_bars_t *chart);

/* A line through (x[k], y[k]); NaN y breaks it. low and high (or NULL): an interval drawn as
 * a whisker at each point. */
typedef struct svg_line_series {
    const char *name;
    const double *x, *y, *low, *high;
    int count;
    bool dashed, markers;
} svg_line_series_t;

/* A dashed horizontal line across the plot at y, named in the key. */
typedef struct svg_rule {
    double y;
    const char *label;
} svg_rule_t;

typedef struct svg_lines {
    const char *title, *subtitle, *x_label, *y_label;
    const svg_line_series_t *series;
    int series_count;
    const svg_rule_t *rules;
    int rule_count;
    bool whole_x;   /* ticks on whole numbers of x only (levels) */
    int decimals;   /* of y in hover texts */
} svg_lines_t;
void svg_lines(FILE *out, const svg_lines_t *chart);

typedef struct svg_heat_map {
    const char *title, *subtitle, *x_label, *y_label, *scale_label;
    const char *const *rows, *const *columns;
    int row_count, column_count;
    const double *values; /* row by row; NaN: no value ("no games"; the same label in row and
                             column: the row against itself, grey and marked with a dash) */
    double low, high;     /* the ends of the colour scale: red at low, white between, blue at high */
    int decimals;
} svg_heat_map_t;
void svg_heat_map(FILE *out, const svg_heat_map_t *chart);

#endif
