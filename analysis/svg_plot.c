/* svg_plot.c - charts as inline SVG (svg_plot.h).
 *
 * Every chart is laid out in two passes over the same numbers: first the sizes (label
 * widths, rows of the key), then the marks. Text widths are estimated from the number of
 * characters (CHAR_WIDTH a character at 12 px), which is enough to keep labels apart; long
 * labels are cut with an ellipsis, and their mark's <title> holds them whole.
 */
#include "svg_plot.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

enum {
    WIDTH = 760,          /* of every chart, in user units: the page scales it */
    TITLE_Y = 22,
    SUBTITLE_Y = 40,
    TOP = 62,             /* the plot area's top */
    CHAR_WIDTH = 7,       /* a character of 12 px text, about */
    LABEL_CHARS_MAX = 34, /* longer category labels are cut */
    KEY_ROW = 18,
    LINE_PLOT_HEIGHT = 300,
};

/* The smallest share of its size a chart is drawn at (the page scales it down to fit). */
static const double MIN_SCALE = 0.85;

static const char *const palette[] = {"#2166ac", "#b2182b", "#1b7837", "#762a83",
                                      "#e08214", "#35978f", "#8c510a", "#4d4d4d"};
enum { PALETTE_SIZE = sizeof palette / sizeof palette[0] };

static const char *colour(int k) { return palette[k % PALETTE_SIZE]; }

/* ------------------------------------------------------------------ numbers and text */

/* A coordinate: two decimals, and never "-0.00", so equal inputs give equal bytes. */
static void number(FILE *out, double value)
{
    if (value > -0.005 && value < 0.005) value = 0;
    fprintf(out, "%.2f", value);
}

/* `value` with `decimals` decimals into out, never "-0". */
static void value_text(char *out, size_t size, double value, int decimals)
{
    if (isnan(value)) {
        snprintf(out, size, "NaN");
        return;
    }
    snprintf(out, size, "%.*f", decimals, value);
    if (out[0] == '-' && strspn(out + 1, "0.") == strlen(out + 1)) memmove(out, out + 1, strlen(out));
}

/* The characters of a UTF-8 text (continuation bytes are not counted). */
static int text_chars(const char *text)
{
    int count = 0;
    for (const unsigned char *c = (const unsigned char *)(text ? text : ""); *c; c++) count += (*c & 0xC0) != 0x80;
    return count;
}

/* `text` cut to `max_chars` characters, an ellipsis ending a cut one. */
static void fitted(char *out, size_t size, const char *text, int max_chars)
{
    if (!text) text = "";
    if (text_chars(text) <= max_chars) {
        snprintf(out, size, "%s", text);
        return;
    }
    size_t used = 0;
    int chars = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c && used + 4 < size; c++) {
        if ((*c & 0xC0) != 0x80 && ++chars > max_chars - 1) break;
        out[used++] = (char)*c;
    }
    memcpy(out + used, "\xE2\x80\xA6", 4); /* "…" and the terminating NUL */
}

/* <text x y [attributes]>content</text>; `attributes` is ours (constant), content escaped. */
static void text_at(FILE *out, double x, double y, const char *attributes, const char *content)
{
    fputs("<text x=\"", out);
    number(out, x);
    fputs("\" y=\"", out);
    number(out, y);
    fprintf(out, "\"%s>", attributes ? attributes : "");
    html_text(out, content);
    fputs("</text>\n", out);
}

static void line_at(FILE *out, double x1, double y1, double x2, double y2, const char *attributes)
{
    fputs("<line x1=\"", out);
    number(out, x1);
    fputs("\" y1=\"", out);
    number(out, y1);
    fputs("\" x2=\"", out);
    number(out, x2);
    fputs("\" y2=\"", out);
    number(out, y2);
    fprintf(out, "\"%s/>\n", attributes);
}

static void rect_at(FILE *out, double x, double y, double width, double height, const char *attributes)
{
    fputs("<rect x=\"", out);
    number(out, x);
    fputs("\" y=\"", out);
    number(out, y);
    fputs("\" width=\"", out);
    number(out, width);
    fputs("\" height=\"", out);
    number(out, height);
    fprintf(out, "\"%s/>\n", attributes);
}

static void title_element(FILE *out, const char *text)
{
    fputs("<title>", out);
    html_text(out, text);
    fputs("</title>", out);
}

/* The <svg> element with its accessible name, the title and the subtitle. */
static void open_chart(FILE *out, double width, double height, const char *title, const char *subtitle)
{
    fputs("<svg viewBox=\"0 0 ", out);
    number(out, width);
    putc(' ', out);
    number(out, height);
    fputs("\" width=\"", out);
    number(out, width);
    fputs("\" height=\"", out);
    number(out, height);
    /* never drawn narrower than MIN_SCALE of its size: its 11 px text stays above 9 px; a narrow
     * screen scrolls the figure (html.h's style) rather than shrink it further */
    fputs("\" style=\"min-width:", out);
    number(out, width * MIN_SCALE);
    fputs("px\" role=\"img\" font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif\" "
          "font-size=\"12\" fill=\"#1a1a1a\">\n",
          out);
    char name[2048];
    snprintf(name, sizeof name, "%s%s%s", title ? title : "", subtitle && subtitle[0] ? " \xE2\x80\x94 " : "",
             subtitle ? subtitle : "");
    title_element(out, name);
    putc('\n', out);
    rect_at(out, 0, 0, width, height, " fill=\"#ffffff\"");
    if (title) text_at(out, width / 2, TITLE_Y, " text-anchor=\"middle\" font-size=\"15\" font-weight=\"600\"", title);
    if (subtitle && subtitle[0])
        text_at(out, width / 2, SUBTITLE_Y, " text-anchor=\"middle\" fill=\"#5a5a5a\"", subtitle);
}

static void close_chart(FILE *out) { fputs("</svg>\n", out); }

/* ------------------------------------------------------------------ axes */

svg_axis_t svg_axis(double low, double high, int max_ticks)
{
    if (max_ticks < 2) max_ticks = 2;
    if (!(high > low)) {
        low -= 1;
        high += 1;
    }
    static const double multiples[] = {1, 2, 5, 10};
    double power = pow(10, floor(log10((high - low) / (max_ticks - 1))));
    svg_axis_t axis = {0};
    /* the smallest nice step whose ticks, widened to whole steps, are few enough */
    for (int k = 0;; k++) {
        double step = multiples[k % 4] * power * pow(10, k / 4);
        double first = floor(low / step + 1e-9) * step, last = ceil(high / step - 1e-9) * step;
        int ticks = (int)lround((last - first) / step) + 1;
        if (ticks <= max_ticks || k > 40) {
            axis = (svg_axis_t){first, last, first, step, ticks, 0};
            break;
        }
    }
    int decimals = -(int)floor(log10(axis.step) + 1e-9);
    axis.decimals = decimals > 0 ? decimals : 0;
    return axis;
}

/* x in [axis.low, axis.high] onto [from, to]. */
static double scale(const svg_axis_t *axis, double value, double from, double to)
{
    return from + (value - axis->low) / (axis->high - axis->low) * (to - from);
}

/* Grows [*low, *high] to hold value (NaN is ignored). */
static void extend(double *low, double *high, double value)
{
    if (isnan(value) || isinf(value)) return;
    if (isnan(*low) || value < *low) *low = value;
    if (isnan(*high) || value > *high) *high = value;
}

static double tick_at(const svg_axis_t *axis, int k) { return axis->first + k * axis->step; }

/* ------------------------------------------------------------------ the key */

typedef enum key_mark { KEY_BOX, KEY_LINE, KEY_DASHED } key_mark_t;
typedef struct key_item {
    const char *name;
    const char *colour;
    key_mark_t mark;
} key_item_t;

static double key_item_width(const key_item_t *item) { return 28 + text_chars(item->name) * CHAR_WIDTH + 18; }

/* Rows the key takes between left and right; with `out`, drawn from y (the first row's middle). */
static int key(FILE *out, const key_item_t *items, int count, double left, double right, double y)
{
    if (count == 0) return 0;
    int rows = 1;
    double x = left;
    for (int k = 0; k < count; k++) {
        double width = key_item_width(&items[k]);
        if (x > left && x + width > right) {
            rows++;
            x = left;
        }
        double row_y = y + (rows - 1) * KEY_ROW;
        if (out) {
            char attributes[128];
            if (items[k].mark == KEY_BOX) {
                snprintf(attributes, sizeof attributes, " fill=\"%s\" fill-opacity=\"0.8\"", items[k].colour);
                rect_at(out, x, row_y - 6, 20, 12, attributes);
            } else {
                snprintf(attributes, sizeof attributes, " stroke=\"%s\" stroke-width=\"2\"%s", items[k].colour,
                         items[k].mark == KEY_DASHED ? " stroke-dasharray=\"6 4\"" : "");
                line_at(out, x, row_y, x + 20, row_y, attributes);
            }
            text_at(out, x + 26, row_y + 4, NULL, items[k].name);
        }
        x += width;
    }
    return rows;
}

/* ------------------------------------------------------------------ bars */

/* values[k], or NaN when the series has no such values (no interval). */
static double value_at(const double *values, int k) { return values ? values[k] : NAN; }

void svg_bars(FILE *out, const svg_bars_t *chart)
{
    int count = chart->count, series_count = chart->series_count > 0 ? chart->series_count : 1;
    int label_chars = 4;
    for (int k = 0; k < count; k++) {
        int chars = text_chars(chart->labels[k]);
        if (chars > label_chars) label_chars = chars;
    }
    if (label_chars > LABEL_CHARS_MAX) label_chars = LABEL_CHARS_MAX;
    double left = 20 + label_chars * CHAR_WIDTH, right = WIDTH - 28;
    double bar = series_count == 1 ? 18 : 12, group = series_count * bar + 10;
    double bottom = TOP + (count > 0 ? count : 1) * group;
    /* the axis holds the origin, every bar and whisker, and the reference */
    double low = chart->origin, high = chart->origin;
    for (int s = 0; s < chart->series_count; s++)
        for (int k = 0; k < count; k++) {
            const svg_bar_series_t *series = &chart->series[s];
            extend(&low, &high, value_at(series->value, k));
            extend(&low, &high, value_at(series->low, k));
            extend(&low, &high, value_at(series->high, k));
        }
    if (chart->reference) extend(&low, &high, chart->reference_at);
    svg_axis_t axis = svg_axis(low, high, 8);
    key_item_t items[PALETTE_SIZE * 4];
    int item_count = 0;
    for (int s = 0; chart->series_count > 1 && s < chart->series_count && item_count < PALETTE_SIZE * 4; s++)
        items[item_count++] = (key_item_t){chart->series[s].name, colour(s), KEY_BOX};
    double key_y = bottom + 58;
    int key_rows = key(NULL, items, item_count, left, right, key_y);
    double height = key_rows ? key_y + key_rows * KEY_ROW : bottom + 52;
    open_chart(out, WIDTH, height, chart->title, chart->subtitle);

    /* grid and ticks, the origin, the axis label */
    char label[64];
    for (int t = 0; t < axis.ticks; t++) {
        double x = scale(&axis, tick_at(&axis, t), left, right);
        line_at(out, x, TOP - 4, x, bottom, " stroke=\"#e5e5e5\"");
        value_text(label, sizeof label, tick_at(&axis, t), axis.decimals);
        text_at(out, x, bottom + 16, " text-anchor=\"middle\" fill=\"#5a5a5a\"", label);
    }
    double origin = scale(&axis, chart->origin, left, right);
    line_at(out, origin, TOP - 4, origin, bottom, " stroke=\"#8a8a8a\"");
    if (chart->axis_label) text_at(out, (left + right) / 2, bottom + 36, " text-anchor=\"middle\"", chart->axis_label);

    for (int k = 0; k < count; k++) {
        double group_top = TOP + k * group + 5;
        char cut[256];
        fitted(cut, sizeof cut, chart->labels[k], label_chars);
        text_at(out, left - 8, group_top + series_count * bar / 2 + 3, " text-anchor=\"end\"", cut);
        for (int s = 0; s < chart->series_count; s++) {
            const svg_bar_series_t *series = &chart->series[s];
            double value = value_at(series->value, k), bar_low = value_at(series->low, k),
                   bar_high = value_at(series->high, k);
            double y = group_top + s * bar, middle = y + (bar - 2) / 2;
            char hover[1024], v[64], l[64], h[64];
            value_text(v, sizeof v, value, chart->decimals);
            value_text(l, sizeof l, bar_low, chart->decimals);
            value_text(h, sizeof h, bar_high, chart->decimals);
            bool named = chart->series_count > 1;
            int used = snprintf(hover, sizeof hover, "%s%s%s: %s", chart->labels[k], named ? ", " : "",
                                named ? series->name : "", isnan(value) ? "no value" : v);
            if (used > 0 && (size_t)used < sizeof hover && !isnan(bar_low) && !isnan(bar_high))
                snprintf(hover + used, sizeof hover - (size_t)used, " [%s, %s]", l, h);
            fputs("<g>", out);
            title_element(out, hover);
            putc('\n', out);
            if (!isnan(value)) {
                double x = scale(&axis, value, left, right);
                char attributes[96];
                snprintf(attributes, sizeof attributes, " fill=\"%s\" fill-opacity=\"0.8\"", colour(s));
                rect_at(out, x < origin ? x : origin, y, fabs(x - origin), bar - 2, attributes);
            }
            if (!isnan(bar_low) && !isnan(bar_high)) {
                double x1 = scale(&axis, bar_low, left, right), x2 = scale(&axis, bar_high, left, right);
                line_at(out, x1, middle, x2, middle, " stroke=\"#1a1a1a\" stroke-width=\"1.2\"");
                line_at(out, x1, middle - 4, x1, middle + 4, " stroke=\"#1a1a1a\" stroke-width=\"1.2\"");
                line_at(out, x2, middle - 4, x2, middle + 4, " stroke=\"#1a1a1a\" stroke-width=\"1.2\"");
            }
            fputs("</g>\n", out);
        }
    }
    if (chart->reference) {
        double x = scale(&axis, chart->reference_at, left, right);
        line_at(out, x, TOP - 4, x, bottom, " stroke=\"#1a1a1a\" stroke-dasharray=\"5 4\"");
        if (chart->reference_label)
            text_at(out, x, TOP - 8, " text-anchor=\"middle\" font-size=\"11\" fill=\"#5a5a5a\"",
                    chart->reference_label);
    }
    key(out, items, item_count, left, right, key_y);
    close_chart(out);
}

/* ------------------------------------------------------------------ lines */

/* The x axis of a line chart: nice ticks, or with whole_x whole numbers half a step inside
 * each end (levels 1..N at [0.5, N + 0.5]). */
static svg_axis_t x_axis_of(double low, double high, bool whole_x)
{
    if (!whole_x) return svg_axis(low, high, 9);
    svg_axis_t axis = svg_axis(low, high, 11);
    if (axis.step < 1) axis.step = 1;
    axis.low = low - 0.5;
    axis.high = high + 0.5;
    axis.first = ceil(axis.low / axis.step) * axis.step;
    axis.ticks = (int)floor((axis.high - axis.first) / axis.step + 1e-9) + 1;
    axis.decimals = 0;
    return axis;
}

static void series_path(FILE *out, const svg_line_series_t *series, const svg_axis_t *x_axis,
                        const svg_axis_t *y_axis, double left, double right, double bottom, const char *stroke)
{
    fputs("<path d=\"", out);
    bool drawing = false, started = false;
    for (int k = 0; k < series->count; k++) {
        if (!isfinite(series->y[k]) || !isfinite(series->x[k])) {
            drawing = false;
            continue;
        }
        fputs(drawing ? " L" : (started ? " M" : "M"), out);
        started = true;
        number(out, scale(x_axis, series->x[k], left, right));
        putc(' ', out);
        number(out, scale(y_axis, series->y[k], bottom, TOP));
        drawing = true;
    }
    fprintf(out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s>", stroke, series->dashed ? "1.5" : "2",
            series->dashed ? " stroke-dasharray=\"6 4\"" : "");
    char hover[512], last[64] = "";
    for (int k = series->count - 1; k >= 0 && !last[0]; k--)
        if (isfinite(series->y[k])) snprintf(last, sizeof last, " (last: %g at %g)", series->y[k], series->x[k]);
    snprintf(hover, sizeof hover, "%s%s", series->name ? series->name : "", last);
    title_element(out, hover);
    fputs("</path>\n", out);
}

static void series_points(FILE *out, const svg_line_series_t *series, const svg_axis_t *x_axis,
                          const svg_axis_t *y_axis, double left, double right, double bottom, const char *stroke,
                          int decimals)
{
    for (int k = 0; k < series->count; k++) {
        if (!isfinite(series->y[k]) || !isfinite(series->x[k])) continue;
        double low = series->low ? series->low[k] : NAN, high = series->high ? series->high[k] : NAN;
        bool whisker = isfinite(low) && isfinite(high);
        if (!whisker && !series->markers) continue;
        double x = scale(x_axis, series->x[k], left, right), y = scale(y_axis, series->y[k], bottom, TOP);
        char hover[512], v[64], l[64], h[64];
        value_text(v, sizeof v, series->y[k], decimals);
        value_text(l, sizeof l, low, decimals);
        value_text(h, sizeof h, high, decimals);
        if (whisker) snprintf(hover, sizeof hover, "%s at %g: %s [%s, %s]", series->name, series->x[k], v, l, h);
        else snprintf(hover, sizeof hover, "%s at %g: %s", series->name, series->x[k], v);
        fputs("<g>", out);
        title_element(out, hover);
        putc('\n', out);
        char attributes[96];
        snprintf(attributes, sizeof attributes, " stroke=\"%s\" stroke-width=\"1.2\"", stroke);
        if (whisker) {
            double y1 = scale(y_axis, low, bottom, TOP), y2 = scale(y_axis, high, bottom, TOP);
            line_at(out, x, y1, x, y2, attributes);
            line_at(out, x - 4, y1, x + 4, y1, attributes);
            line_at(out, x - 4, y2, x + 4, y2, attributes);
        }
        fputs("<circle cx=\"", out);
        number(out, x);
        fputs("\" cy=\"", out);
        number(out, y);
        /* an open marker on a dashed line (a target), a filled one on a measured line */
        if (series->dashed)
            fprintf(out, "\" r=\"3.5\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"1.5\"/>\n</g>\n", stroke);
        else fprintf(out, "\" r=\"3.5\" fill=\"%s\"/>\n</g>\n", stroke);
    }
}

/* A series' interval as a shaded band: one polygon per run of points whose ends are finite,
 * along the high ends and back along the low ones. */
static void series_band(FILE *out, const svg_line_series_t *series, const svg_axis_t *x_axis,
                        const svg_axis_t *y_axis, double left, double right, double bottom, const char *fill)
{
    if (!series->low || !series->high) return;
    for (int k = 0; k < series->count;) {
        int from = k;
        while (k < series->count && isfinite(series->x[k]) && isfinite(series->low[k]) && isfinite(series->high[k]))
            k++;
        if (k - from >= 2) {
            fputs("<path d=\"", out);
            for (int j = from; j < k; j++) {
                fputs(j == from ? "M" : " L", out);
                number(out, scale(x_axis, series->x[j], left, right));
                putc(' ', out);
                number(out, scale(y_axis, series->high[j], bottom, TOP));
            }
            for (int j = k - 1; j >= from; j--) {
                fputs(" L", out);
                number(out, scale(x_axis, series->x[j], left, right));
                putc(' ', out);
                number(out, scale(y_axis, series->low[j], bottom, TOP));
            }
            fprintf(out, " Z\" fill=\"%s\" fill-opacity=\"0.15\" stroke=\"none\">", fill);
            char hover[512];
            snprintf(hover, sizeof hover, "%s: its interval", series->name ? series->name : "");
            title_element(out, hover);
            fputs("</path>\n", out);
        }
        if (k == from) k++;
    }
}

/* Series s as columns from 0: at each whole x, the series side by side in 80% of a unit. */
static void series_columns(FILE *out, const svg_line_series_t *series, int s, int series_count,
                           const svg_axis_t *x_axis, const svg_axis_t *y_axis, double left, double right,
                           double bottom, int decimals)
{
    double unit = (right - left) / (x_axis->high - x_axis->low), width = 0.8 * unit / series_count;
    double zero = scale(y_axis, 0, bottom, TOP);
    char attributes[96];
    snprintf(attributes, sizeof attributes, " fill=\"%s\" fill-opacity=\"0.8\"", colour(s));
    for (int k = 0; k < series->count; k++) {
        if (!isfinite(series->y[k]) || !isfinite(series->x[k])) continue;
        double x = scale(x_axis, series->x[k], left, right) - 0.4 * unit + s * width;
        double y = scale(y_axis, series->y[k], bottom, TOP);
        char hover[512], v[64];
        value_text(v, sizeof v, series->y[k], decimals);
        snprintf(hover, sizeof hover, "%s at %g: %s", series->name ? series->name : "", series->x[k], v);
        fputs("<g>", out);
        title_element(out, hover);
        putc('\n', out);
        rect_at(out, x, y < zero ? y : zero, width, fabs(zero - y), attributes);
        fputs("</g>\n", out);
    }
}

void svg_lines(FILE *out, const svg_lines_t *chart)
{
    double x_low = NAN, x_high = NAN, y_low = NAN, y_high = NAN;
    for (int s = 0; s < chart->series_count; s++) {
        const svg_line_series_t *series = &chart->series[s];
        for (int k = 0; k < series->count; k++) {
            if (!isfinite(series->y[k])) continue;
            extend(&x_low, &x_high, series->x[k]);
            extend(&y_low, &y_high, series->y[k]);
            if (series->low) extend(&y_low, &y_high, series->low[k]);
            if (series->high) extend(&y_low, &y_high, series->high[k]);
        }
    }
    for (int r = 0; r < chart->rule_count; r++) extend(&y_low, &y_high, chart->rules[r].y);
    if (isnan(x_low)) x_low = x_high = 0;
    if (isnan(y_low)) y_low = y_high = 0;
    if (chart->columns) extend(&y_low, &y_high, 0); /* columns stand on 0 */
    /* a margin above and below the rules (bounds the line runs up to), so neither runs along the frame */
    double margin = chart->rule_count ? (y_high - y_low) * 0.04 : 0;
    y_low -= margin;
    y_high += margin;
    svg_axis_t x_axis = x_axis_of(x_low, x_high, chart->whole_x || chart->columns),
               y_axis = svg_axis(y_low, y_high, 7);
    double width = chart->width > 0 ? chart->width : WIDTH;
    double left = 78, right = width - 24, bottom = TOP + LINE_PLOT_HEIGHT;
    key_item_t items[PALETTE_SIZE * 4];
    int item_count = 0;
    for (int s = 0; s < chart->series_count && item_count < PALETTE_SIZE * 4; s++)
        items[item_count++] = (key_item_t){chart->series[s].name, colour(s),
                                           chart->columns ? KEY_BOX : chart->series[s].dashed ? KEY_DASHED : KEY_LINE};
    for (int r = 0; r < chart->rule_count && item_count < PALETTE_SIZE * 4; r++)
        items[item_count++] = (key_item_t){chart->rules[r].label, colour(chart->series_count + r), KEY_DASHED};
    double key_y = bottom + 58;
    int key_rows = item_count > 1 ? key(NULL, items, item_count, left, right, key_y) : 0;
    double height = key_rows ? key_y + key_rows * KEY_ROW : bottom + 52;
    open_chart(out, width, height, chart->title, chart->subtitle);

    char label[64];
    for (int t = 0; t < x_axis.ticks; t++) {
        double x = scale(&x_axis, tick_at(&x_axis, t), left, right);
        line_at(out, x, TOP, x, bottom, " stroke=\"#e5e5e5\"");
        value_text(label, sizeof label, tick_at(&x_axis, t), x_axis.decimals);
        text_at(out, x, bottom + 16, " text-anchor=\"middle\" fill=\"#5a5a5a\"", label);
    }
    for (int t = 0; t < y_axis.ticks; t++) {
        double y = scale(&y_axis, tick_at(&y_axis, t), bottom, TOP);
        line_at(out, left, y, right, y, " stroke=\"#e5e5e5\"");
        value_text(label, sizeof label, tick_at(&y_axis, t), y_axis.decimals);
        text_at(out, left - 6, y + 4, " text-anchor=\"end\" fill=\"#5a5a5a\"", label);
    }
    rect_at(out, left, TOP, right - left, bottom - TOP, " fill=\"none\" stroke=\"#8a8a8a\"");
    if (chart->x_label) text_at(out, (left + right) / 2, bottom + 36, " text-anchor=\"middle\"", chart->x_label);
    if (chart->y_label) {
        char attributes[96];
        double middle = (TOP + bottom) / 2;
        snprintf(attributes, sizeof attributes, " text-anchor=\"middle\" transform=\"rotate(-90 16 %.2f)\"", middle);
        text_at(out, 16, middle, attributes, chart->y_label);
    }
    for (int r = 0; r < chart->rule_count; r++) {
        double y = scale(&y_axis, chart->rules[r].y, bottom, TOP);
        char attributes[128];
        snprintf(attributes, sizeof attributes, " stroke=\"%s\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"",
                 colour(chart->series_count + r));
        fputs("<g>", out);
        char hover[512];
        snprintf(hover, sizeof hover, "%s: %g", chart->rules[r].label ? chart->rules[r].label : "", chart->rules[r].y);
        title_element(out, hover);
        putc('\n', out);
        line_at(out, left, y, right, y, attributes);
        fputs("</g>\n", out);
    }
    for (int s = 0; s < chart->series_count; s++) {
        const svg_line_series_t *series = &chart->series[s];
        if (chart->columns) {
            series_columns(out, series, s, chart->series_count, &x_axis, &y_axis, left, right, bottom,
                           chart->decimals);
            continue;
        }
        if (series->band) series_band(out, series, &x_axis, &y_axis, left, right, bottom, colour(s));
        series_path(out, series, &x_axis, &y_axis, left, right, bottom, colour(s));
        if (!series->band)
            series_points(out, series, &x_axis, &y_axis, left, right, bottom, colour(s), chart->decimals);
    }
    if (key_rows) key(out, items, item_count, left, right, key_y);
    close_chart(out);
}

/* ------------------------------------------------------------------ colour scale */

void svg_scale_colour(double t, char *out, size_t size)
{
    static const int red[3] = {0xb2, 0x18, 0x2b}, white[3] = {0xf7, 0xf7, 0xf7}, blue[3] = {0x21, 0x66, 0xac};
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    const int *from = t < 0.5 ? red : white, *to = t < 0.5 ? white : blue;
    double share = t < 0.5 ? t / 0.5 : (t - 0.5) / 0.5;
    int rgb[3];
    for (int c = 0; c < 3; c++) rgb[c] = (int)lround(from[c] + share * (to[c] - from[c]));
    snprintf(out, size, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}
