/* svg_plot.h - charts as inline SVG, drawn by our own code, for report.html: the pictures of
 * the gnuplot plots (plot.h) without gnuplot.
 *
 *   svg_bars      horizontal bars with interval whiskers, in series side by side (ratings,
 *                 seat shares of several variants), with a dashed reference line (a fair
 *                 share);
 *   svg_lines     lines over x, with whiskers or a shaded band where a series has intervals
 *                 and dashed horizontal rules (the SPRT's LLR and its bounds, its Elo over
 *                 time; targets and measured ratings of calibrated levels), or columns at whole
 *                 x, the series side by side (distributions of whole numbers: points a hand).
 *
 * The pairwise matrix is a table of the page (report_html.c), coloured by svg_scale_colour.
 *
 * Every chart has its title and subtitle, axis labels and tick labels, and a <title> on each
 * mark, which a browser shows on hover. Texts are escaped (html.h). The output depends only
 * on the input: coordinates are printed with two decimals, nothing random or timed, so the
 * same report gives the same bytes. The <svg> element carries no namespace: it is meant to
 * sit inside an HTML page, which then names no outside address at all. It scales down with
 * the page to 85% of its size at least (an inline min-width), so that its smallest text (11
 * px) stays above 9 px; a narrower screen scrolls its figure sideways.
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

/* A line through (x[k], y[k]); a NaN or infinite y breaks it. low and high (or NULL): an
 * interval drawn as a whisker at each point, or with `band` as a shaded band around the line
 * (for many points: the Elo after every block). */
typedef struct svg_line_series {
    const char *name;
    const double *x, *y, *low, *high;
    int count;
    bool dashed, markers, band;
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
    bool columns;   /* each point a column from 0 at its whole x, the series side by side (whole_x implied) */
    int decimals;   /* of y in hover texts */
    int width;      /* in user units; 0: the charts' usual 760 */
} svg_lines_t;
void svg_lines(FILE *out, const svg_lines_t *chart);

/* The colour of t in [0, 1] as "#rrggbb": red at 0, near white at 0.5, blue at 1 (the
 * gnuplot plots' palette for scores). */
void svg_scale_colour(double t, char *out, size_t size);

#endif
