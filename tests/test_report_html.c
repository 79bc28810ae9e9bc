/* test_report_html.c - report.html's parts on hand-made input, every string by hand:
 *
 *   - html: escaping of text and attributes, tables (numbers aligned, headed rows), the page
 *     (no script, no outside address);
 *   - svg_plot: nice axes; the coordinates of a bar with its whisker and reference line, of a
 *     line broken at a missing value and a rule; the heat map's colours, its diagonal and
 *     its pairs that did not meet;
 *   - report_html: pages from the stored expected CSVs of the study tests (tests/expected/):
 *     the result sentences word for word, every value of the files as written, escaping of
 *     names and notes, and refusals naming the file that is missing or short of a column;
 *   - bot faults: a warning above the result listing each faulty agent with its counts
 *     (escaped), its note inside the result beside the verdict, and nothing without faults.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "report_html.h"
#include "svg_plot.h"
#include "test_support.h"

#ifndef DOMINOLAB_SOURCE_DIR
#error "DOMINOLAB_SOURCE_DIR must name the source tree (tests/CMakeLists.txt sets it)"
#endif

enum { PATH_SIZE = 4096 };

/* A stream into memory, and what was written to it once closed. */
typedef struct memory {
    FILE *stream;
    char *text;
    size_t length;
} memory_t;

static void memory_open(memory_t *m)
{
    m->text = NULL;
    m->length = 0;
    m->stream = open_memstream(&m->text, &m->length);
    ck_assert_ptr_nonnull(m->stream);
}

/* Closes the stream and returns its text (owned by m). */
static const char *memory_text(memory_t *m)
{
    ck_assert_int_eq(fclose(m->stream), 0);
    m->stream = NULL;
    return m->text;
}

#define ck_assert_contains(haystack, needle)                                                                         \
    ck_assert_msg(strstr((haystack), (needle)) != NULL, "missing: %s\n--- in (its start) ---\n%.2000s", (needle),  \
                  (haystack))

/* ------------------------------------------------------------------ html */

START_TEST(html_escapes_text_and_attributes)
{
    memory_t m;
    memory_open(&m);
    html_text(m.stream, "<a href=\"x\">Tom & Jerry's</a>");
    html_attribute(m.stream, "title", "1 < 2 & \"3\"");
    html_text(m.stream, NULL);
    ck_assert_str_eq(memory_text(&m), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
                                      " title=\"1 &lt; 2 &amp; &quot;3&quot;\"");
    free(m.text);
    /* JSON in a <script>: no record text ends the element or opens a comment */
    memory_open(&m);
    html_script_json(m.stream, "{\"name\":\"</script><!--x\",\"n\":1}");
    ck_assert_str_eq(memory_text(&m), "{\"name\":\"\\u003c/script>\\u003c!--x\",\"n\":1}");
    free(m.text);
}
END_TEST

START_TEST(html_tables_align_numbers_and_head_rows)
{
    memory_t m;
    memory_open(&m);
    static const char *const headers[] = {"agent", "elo"};
    static const char *const row[] = {"a<b", "-12.5"};
    static const char *const headed[] = {"inf", "NaN"};
    html_table_start(m.stream, "settings", "Ratings & more", headers, 2);
    html_table_row(m.stream, row, 2);
    html_table_row_headed(m.stream, headed, 2);
    html_table_end(m.stream);
    ck_assert_str_eq(memory_text(&m), "<div class=\"wide\"><table class=\"settings\">\n"
                                      "<caption>Ratings &amp; more</caption>\n"
                                      "<thead><tr><th>agent</th><th>elo</th></tr></thead>\n<tbody>\n"
                                      "<tr><td>a&lt;b</td><td class=\"num\">-12.5</td></tr>\n"
                                      "<tr><th scope=\"row\">inf</th><td class=\"num\">NaN</td></tr>\n"
                                      "</tbody>\n</table></div>\n");
    free(m.text);
    static const char *const numbers[] = {"12", "-0.25", "+3", "0.000000", "inf", "-inf", "NaN"};
    static const char *const words[] = {"", "abc", "nan", "infinity", " 1", "1 ", "-", "+", "1,5", "heuristic"};
    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++)
        ck_assert_msg(html_is_number(numbers[k]), "'%s' is a number", numbers[k]);
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
        ck_assert_msg(!html_is_number(words[k]), "'%s' is no number", words[k]);
}
END_TEST

START_TEST(html_page_is_self_contained)
{
    memory_t m;
    memory_open(&m);
    html_page_start(m.stream, "a <study>");
    html_heading(m.stream, 2, "r", "R&D");
    html_link(m.stream, "games/a b.html", "view");
    html_page_end(m.stream, "made by \"us\"");
    const char *page = memory_text(&m);
    ck_assert_msg(!strncmp(page, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n", 62), "%s",
                  page);
    ck_assert_contains(page, "<title>a &lt;study&gt;</title>");
    ck_assert_contains(page, "<style>\n");
    ck_assert_contains(page, "<h2 id=\"r\">R&amp;D</h2>\n");
    ck_assert_contains(page, "<a href=\"games/a b.html\">view</a>");
    ck_assert_contains(page, "<footer>made by &quot;us&quot;</footer>\n</main>\n</body>\n</html>\n");
    ck_assert_msg(!strstr(page, "<script") && !strstr(page, "http:") && !strstr(page, "https:") &&
                      !strstr(page, "@import") && !strstr(page, "url("),
                  "the page loads or runs something:\n%s", page);
    free(m.text);
}
END_TEST

/* ------------------------------------------------------------------ svg */

static void expect_axis(svg_axis_t axis, double low, double high, double step, int ticks, int decimals)
{
    ck_assert_msg(fabs(axis.low - low) < 1e-9 && fabs(axis.high - high) < 1e-9 && fabs(axis.first - low) < 1e-9 &&
                      fabs(axis.step - step) < 1e-9 && axis.ticks == ticks && axis.decimals == decimals,
                  "axis [%g, %g] first %g step %g, %d ticks, %d decimals; expected [%g, %g] step %g, %d ticks, %d",
                  axis.low, axis.high, axis.first, axis.step, axis.ticks, axis.decimals, low, high, step, ticks,
                  decimals);
}

START_TEST(svg_axes_take_nice_steps)
{
    /* 176.4/7 = 25.2 a step at most: 10 and 20 are too small, 50 fits, 0..200 in 5 ticks */
    expect_axis(svg_axis(0, 176.4, 8), 0, 200, 50, 5, 0);
    /* the SPRT's bounds: 5.9/6 = 0.98: a step of 1 from -3 to 3 */
    expect_axis(svg_axis(-2.944, 2.965, 7), -3, 3, 1, 7, 0);
    /* shares: 0.2/6 = 0.033: steps of 0.05 need two decimals */
    expect_axis(svg_axis(0.1, 0.3, 7), 0.1, 0.3, 0.05, 5, 2);
    /* equal ends are widened by one either side */
    expect_axis(svg_axis(5, 5, 5), 4, 6, 0.5, 5, 1);
}
END_TEST

START_TEST(svg_bar_with_whisker_and_reference)
{
    static const char *const labels[] = {"a<b"};
    static const double value[] = {0.5}, low[] = {0.25}, high[] = {0.75};
    svg_bar_series_t series = {"share", value, low, high};
    svg_bars_t chart = {.title = "T & t", .subtitle = "s", .axis_label = "x", .labels = labels, .count = 1,
                        .series = &series, .series_count = 1, .reference = true, .reference_at = 0.5,
                        .reference_label = "fair share", .decimals = 2};
    memory_t m;
    memory_open(&m);
    svg_bars(m.stream, &chart);
    svg_bars(m.stream, &chart); /* the same chart again: the same bytes */
    const char *svg = memory_text(&m);
    ck_assert_msg(m.length % 2 == 0 && !memcmp(svg, svg + m.length / 2, m.length / 2), "a chart drawn twice differs");
    /* labels of 4 characters: the plot from x 48 to 732, the axis 0..0.8 (steps of 0.2): x(v) = 48 + 855 v; one
     * category: its bar from y 67, 16 high, the whisker at its middle, the plot's bottom at 90 */
    ck_assert_contains(svg, "<svg viewBox=\"0 0 760.00 142.00\" width=\"760.00\" height=\"142.00\" "
                            "style=\"min-width:646.00px\" role=\"img\"");
    ck_assert_contains(svg, "<title>T &amp; t \xE2\x80\x94 s</title>");
    ck_assert_contains(svg, "<text x=\"40.00\" y=\"79.00\" text-anchor=\"end\">a&lt;b</text>");
    ck_assert_contains(svg, "<g><title>a&lt;b: 0.50 [0.25, 0.75]</title>\n"
                            "<rect x=\"48.00\" y=\"67.00\" width=\"427.50\" height=\"16.00\" fill=\"#2166ac\" "
                            "fill-opacity=\"0.8\"/>\n"
                            "<line x1=\"261.75\" y1=\"75.00\" x2=\"689.25\" y2=\"75.00\" stroke=\"#1a1a1a\" "
                            "stroke-width=\"1.2\"/>\n");
    ck_assert_contains(svg, "<text x=\"732.00\" y=\"106.00\" text-anchor=\"middle\" fill=\"#5a5a5a\">0.8</text>");
    ck_assert_contains(svg, "<line x1=\"475.50\" y1=\"58.00\" x2=\"475.50\" y2=\"90.00\" stroke=\"#1a1a1a\" "
                            "stroke-dasharray=\"5 4\"/>\n<text x=\"475.50\" y=\"54.00\"");
    ck_assert_msg(!strstr(svg, "http"), "an outside address in\n%s", svg);
    free(m.text);
}
END_TEST

START_TEST(svg_line_breaks_at_a_missing_value)
{
    static const double x[] = {0, 1, 2}, y[] = {0, 1, 2}, gap[] = {0, NAN, 2};
    svg_line_series_t lines[] = {{.name = "whole", .x = x, .y = y, .count = 3},
                                 {.name = "broken", .x = x, .y = gap, .count = 3}};
    svg_rule_t rule = {-1, "bound"};
    svg_lines_t chart = {.title = "t", .x_label = "x", .y_label = "y", .series = lines, .series_count = 2,
                         .rules = &rule, .rule_count = 1, .decimals = 1};
    memory_t m;
    memory_open(&m);
    svg_lines(m.stream, &chart);
    const char *svg = memory_text(&m);
    /* x 0..2 onto 78..736; y from -1 (the rule) to 2, 4% more each way, widened to -2..3 onto 362..62 */
    ck_assert_contains(svg, "<path d=\"M78.00 242.00 L407.00 182.00 L736.00 122.00\" fill=\"none\" stroke=\"#2166ac\" "
                            "stroke-width=\"2\"><title>whole (last: 2 at 2)</title></path>");
    ck_assert_contains(svg, "<path d=\"M78.00 242.00 M736.00 122.00\" fill=\"none\" stroke=\"#b2182b\"");
    ck_assert_contains(svg, "<g><title>bound: -1</title>\n<line x1=\"78.00\" y1=\"302.00\" x2=\"736.00\" "
                            "y2=\"302.00\" stroke=\"#1b7837\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>");
    ck_assert_contains(svg, "<text x=\"72.00\" y=\"366.00\" text-anchor=\"end\" fill=\"#5a5a5a\">-2</text>");
    free(m.text);
}
END_TEST

START_TEST(svg_scale_colours_scores)
{
    char fill[16];
    /* 0.75: halfway from white (#f7f7f7) to blue (#2166ac); 0: red; 0.5: near white */
    svg_scale_colour(0.75, fill, sizeof fill);
    ck_assert_str_eq(fill, "#8cafd2");
    svg_scale_colour(0, fill, sizeof fill);
    ck_assert_str_eq(fill, "#b2182b");
    svg_scale_colour(0.5, fill, sizeof fill);
    ck_assert_str_eq(fill, "#f7f7f7");
    svg_scale_colour(7, fill, sizeof fill); /* held to the scale's end */
    ck_assert_str_eq(fill, "#2166ac");
}
END_TEST

/* A distribution of whole numbers as columns standing on 0, the series side by side. */
START_TEST(svg_columns_stand_on_zero_side_by_side)
{
    static const double x[] = {0, 1, 2}, a[] = {0.5, 0.25, 0.25}, b[] = {0.25, 0.5, NAN};
    svg_line_series_t series[] = {{.name = "a", .x = x, .y = a, .count = 3}, {.name = "b", .x = x, .y = b, .count = 3}};
    svg_lines_t chart = {.title = "t", .x_label = "points", .y_label = "share", .series = series, .series_count = 2,
                         .columns = true, .decimals = 2};
    memory_t m;
    memory_open(&m);
    svg_lines(m.stream, &chart);
    const char *svg = memory_text(&m);
    /* x from -0.5 to 2.5 onto 78..736: 219.33 a unit, the columns of a value in its middle 0.8, each 0.4 of a
     * unit (87.73) wide: a's at 0 from 78 + 0.1 unit; y 0..0.5 onto 362..62 */
    ck_assert_contains(svg, "<g><title>a at 0: 0.50</title>\n<rect x=\"99.93\" y=\"62.00\" width=\"87.73\" "
                            "height=\"300.00\" fill=\"#2166ac\" fill-opacity=\"0.8\"/>");
    ck_assert_contains(svg, "<g><title>b at 1: 0.50</title>\n<rect x=\"407.00\" y=\"62.00\" width=\"87.73\" "
                            "height=\"300.00\" fill=\"#b2182b\"");
    ck_assert_msg(!strstr(svg, "b at 2"), "a missing value drew a column");
    ck_assert_msg(!strstr(svg, "<path"), "columns drew a line");
    /* never drawn below 85% of its width: its text stays legible on a phone */
    ck_assert_contains(svg, "width=\"760.00\" height=\"438.00\" style=\"min-width:646.00px\"");
    free(m.text);
}
END_TEST

/* An interval as a band: along the high ends and back along the low ones, broken where an end
 * is not finite; an infinite value breaks the line too. */
START_TEST(svg_band_follows_the_interval)
{
    static const double x[] = {0, 1, 2, 3}, y[] = {INFINITY, 1, 1, 2}, low[] = {NAN, 0, 0, 1}, high[] = {NAN, 2, 2, 3};
    svg_line_series_t series = {.name = "Elo", .x = x, .y = y, .low = low, .high = high, .count = 4, .band = true};
    svg_lines_t chart = {.title = "t", .series = &series, .series_count = 1, .decimals = 1, .width = 560};
    memory_t m;
    memory_open(&m);
    svg_lines(m.stream, &chart);
    const char *svg = memory_text(&m);
    /* x from 1 (the first finite point) to 3 onto 78..536; y 0..3 onto 362..62 */
    ck_assert_contains(svg, "<path d=\"M78.00 162.00 L307.00 162.00 L536.00 62.00 L536.00 262.00 L307.00 362.00 "
                            "L78.00 362.00 Z\" fill=\"#2166ac\" fill-opacity=\"0.15\"");
    ck_assert_contains(svg, "<path d=\"M78.00 262.00 L307.00 262.00 L536.00 162.00\" fill=\"none\"");
    ck_assert_contains(svg, "viewBox=\"0 0 560.00 414.00\"");
    free(m.text);
}
END_TEST

/* ------------------------------------------------------------------ report_html */

/* tests/expected/KIND/NAME copied into dir. */
static void copy_expected(const char *kind, const char *name, const char *dir)
{
    char from[PATH_SIZE], to[PATH_SIZE];
    snprintf(from, sizeof from, "%s/tests/expected/%s/%s", DOMINOLAB_SOURCE_DIR, kind, name);
    snprintf(to, sizeof to, "%s/%s", dir, name);
    char *text = support_read_file(from, NULL);
    ck_assert_msg(text != NULL, "cannot read %s", from);
    ck_assert(support_write_file(to, text));
    free(text);
}

static char *read_page(const char *dir)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/report.html", dir);
    char *page = support_read_file(path, NULL);
    ck_assert_msg(page != NULL, "no %s", path);
    return page;
}

enum { FIELDS_MAX = 64 };

static int split_line(char *line, char **fields) { return support_split_csv_line(line, fields, FIELDS_MAX); }

/* Every field of DIR/NAME's rows after the header is a cell of the page, rounded as the page
 * rounds it (report_html_shown_field); an empty one is a dash with its footnote's title. */
static void expect_every_value(const char *page, const char *dir, const char *name)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(text);
    char *header[FIELDS_MAX], *fields[FIELDS_MAX];
    char *line = text, *next = strchr(line, '\n');
    *next = '\0';
    int columns = split_line(line, header), rows = 0;
    for (line = next + 1; *line; line = next + 1, rows++) {
        next = strchr(line, '\n');
        *next = '\0';
        ck_assert_int_eq(split_line(line, fields), columns);
        for (int k = 0; k < columns; k++) {
            char shown[REPORT_HTML_FIELD_SIZE], cell[REPORT_HTML_FIELD_SIZE + 8];
            report_html_shown_field(name, (const char *const *)header, (const char *const *)fields, columns, k, shown,
                                    sizeof shown);
            snprintf(cell, sizeof cell, ">%s<", shown); /* a whole cell */
            if (shown[0]) ck_assert_msg(strstr(page, cell) != NULL, "%s: %s (%s) is not on the page", name, cell,
                                        fields[k]);
            else ck_assert_msg(strstr(page, "<td class=\"empty\" title=\""), "%s: an empty %s with no dash", name,
                               header[k]);
        }
    }
    ck_assert_msg(rows > 0, "%s has no values", name);
    free(text);
}

/* Field `k` of a row of `file`, as the page shows it. */
static const char *shown_field(const char *file, const char *const *header, const char *const *fields, int count,
                               int k)
{
    static char shown[REPORT_HTML_FIELD_SIZE];
    report_html_shown_field(file, header, fields, count, k, shown, sizeof shown);
    return shown;
}

/* Numbers rounded to what they can tell, worked out by hand; the CSVs keep them whole. */
START_TEST(numbers_are_rounded_to_their_precision)
{
    /* an Elo whose interval is wide: whole; its se and model_elo with it; a score to 0.1% */
    static const char *const ratings[] = {"rank", "agent", "elo", "elo_low", "elo_high", "se", "games", "score",
                                          "los_next", "name"};
    static const char *const wide[] = {"1", "heuristic", "126.305809", "80.838132", "171.476910", "19.082416",
                                       "640", "0.604688", "", ""};
    static const char *const wide_shown[] = {"1", "heuristic", "126", "81", "171", "19", "640", "0.605", "", ""};
    for (int k = 0; k < 10; k++) ck_assert_str_eq(shown_field("ratings.csv", ratings, wide, 10, k), wide_shown[k]);
    /* narrower than 10 Elo either side (4.18): to one decimal, and never "-0.0" */
    static const char *const narrow[] = {"2", "greedy", "4.612300", "-0.041000", "8.770000", "2.130000", "10000",
                                         "-0.000400", "0.999600", "x"};
    static const char *const narrow_shown[] = {"2", "greedy", "4.6", "0.0", "8.8", "2.1", "10000", "0.000", "1.000",
                                               "x"};
    for (int k = 0; k < 10; k++) ck_assert_str_eq(shown_field("ratings.csv", ratings, narrow, 10, k), narrow_shown[k]);
    /* exactly 10 either side is not narrow; a step by its own interval, not the level's */
    static const char *const levels[] = {"level", "elo", "elo_low", "elo_high", "step", "step_low", "step_high",
                                         "ms_per_decision"};
    static const char *const level[] = {"2", "100.340000", "90.300000", "110.300000", "8.260000", "6.100000",
                                        "10.300000", "0.088123"};
    static const char *const level_shown[] = {"2", "100", "90", "110", "8.3", "6.1", "10.3", "0.0881"};
    for (int k = 0; k < 8; k++) ck_assert_str_eq(shown_field("calibration.csv", levels, level, 8, k), level_shown[k]);
    /* the LLR to 3 decimals; the test's settings as given; inf as written; a verdict as text */
    static const char *const sprt[] = {"elo0", "elo1", "alpha", "llr", "lower", "verdict", "elo", "score"};
    static const char *const test[] = {"0.000000", "5.000000", "0.050000", "2.954797", "-2.944439", "H1", "inf",
                                       "1.000000"};
    static const char *const test_shown[] = {"0", "5", "0.05", "2.955", "-2.944", "H1", "inf", "1.000"};
    for (int k = 0; k < 8; k++) ck_assert_str_eq(shown_field("sprt.csv", sprt, test, 8, k), test_shown[k]);
    /* means to 3 significant digits; a share to 3 decimals; an empty field and NaN: "" (a dash) */
    static const char *const balance[] = {"mean_points_per_hand", "mean_plies_per_hand", "hand_draws", "deal_bias",
                                          "confidence", "strength"};
    static const char *const variant[] = {"2.832500", "26.503750", "0.142500", "", "0.987500", "NaN"};
    static const char *const variant_shown[] = {"2.83", "26.5", "0.142", "", "0.9875", ""};
    for (int k = 0; k < 6; k++) ck_assert_str_eq(shown_field("balance.csv", balance, variant, 6, k), variant_shown[k]);
    /* a matrix's cells are shares whatever the agents are called (an agent named "elo") */
    static const char *const matrix[] = {"agent", "elo", "greedy"};
    static const char *const row[] = {"greedy", "0.589844", "NaN"};
    ck_assert_str_eq(shown_field("pairwise_matrix.csv", matrix, row, 3, 1), "0.590");
    ck_assert_str_eq(shown_field("pairwise_matrix.csv", matrix, row, 3, 2), "");
}
END_TEST

static const report_html_setting_t settings[] = {{"seed", "5"}, {"agents", "a & b"}};
static const report_html_sample_t samples[] = {
    {"random vs greedy", "games/pairs-00-01.html", "games/pairs-00-01.jsonl", "played again from deals.csv", NULL},
    {"x <y>", NULL, NULL, NULL, "the viewer said <no>"},
};
static const char *const notes[] = {"partial: 2 of 3 & more"};

START_TEST(ratings_page_from_the_tournament_files)
{
    const char *dir = support_scratch("ratings");
    static const char *const files[] = {"ratings.csv", "pairwise.csv", "pairwise_matrix.csv", "los.csv", "model.csv"};
    for (int k = 0; k < 5; k++) copy_expected("tournament", files[k], dir);
    report_html_context_t context = {.layout = REPORT_HTML_RATINGS, .kind = "tournament",
                                     .subject = "bergen, 2 players", .command = "dominolab tournament --seed 5 && x",
                                     .made_by = "0.1.0", .version = "0.2.0", .settings = settings, .setting_count = 2,
                                     .samples = samples, .sample_count = 2, .notes = notes, .note_count = 1};
    char error[1024];
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    char *page = read_page(dir);
    /* greedy against heuristic: -63.12 [-95.97, -31.34] from greedy's side, turned to heuristic's;
     * the pairs stopped early (sequential.h), so the intervals are at 1 - 0.05 / 4 */
    ck_assert_contains(page, "<p class=\"lead\">heuristic is stronger than greedy by 63 Elo [31, 96] (their 98.75% "
                             "interval over 256 deal blocks).</p>");
    ck_assert_contains(page, "<p>Ratings, in Elo relative to random with 98.75% intervals: heuristic 126 [81, 171]; "
                             "greedy 44 [12, 73]; random 0 [0, 0].</p>");
    ck_assert_contains(page, "Leading the hand is worth +164 Elo [+139, +190]");
    for (int k = 0; k < 5; k++) expect_every_value(page, dir, files[k]);
    ck_assert_contains(page, "<title>Ratings with 98.75% intervals (random = 0) \xE2\x80\x94 bergen, 2 players, 64 to "
                             "256 deals a pair</title>");
    /* the crosstable: greedy against heuristic 0.410156 [0.365296, 0.455017] turned to heuristic's side: 59.0%,
     * +-4.5 (0.634704 - 0.589844), 512 games; the diagonal a dash with its footnote */
    ck_assert_contains(page, "<table class=\"crosstable\">");
    ck_assert_contains(page, "<tr><th scope=\"row\">1. heuristic</th><td class=\"empty\" title=\"the agent against "
                             "itself\">\xE2\x80\x94<sup>a</sup></td><td style=\"background:");
    ck_assert_contains(page, "title=\"heuristic against greedy: 59.0% [54.5%, 63.5%], +63 Elo [+31, +96], 512 games\"><span>"
                             "59.0% \xC2\xB1""4.5</span><small>512 games</small></td>");
    ck_assert_contains(page, "<span>41.0% \xC2\xB1""4.5</span><small>512 games</small>");
    ck_assert_contains(page, "<span>66.4% \xC2\xB1""8.4</span><small>128 games</small>");
    ck_assert_contains(page, "\xE2\x80\x94 a: the agent against itself.</p>");
    /* the ratings as Ordo gives them: Elo, the longer side of its interval, games, score, draws, LOS */
    ck_assert_contains(page, "<tr><td class=\"num\">1</td><td>heuristic</td><td class=\"num\">126</td><td "
                             "class=\"num\">45</td><td>[81, 171]</td><td class=\"num\">640</td><td>60.5%</td><td "
                             "class=\"num\">72</td><td>100.0%</td></tr>");
    ck_assert_contains(page, "<tr><td class=\"num\">3</td><td>random</td><td class=\"num\">0</td><td class=\"empty\" "
                             "title=\"the anchor, fixed at 0: every other rating and interval is relative to it\">");
    ck_assert_contains(page, "<p class=\"note\">partial: 2 of 3 &amp; more</p>");
    ck_assert_contains(page, "<li>random vs greedy: <a href=\"games/pairs-00-01.html\">view the game</a> \xC2\xB7 <a "
                             "href=\"games/pairs-00-01.jsonl\">its record</a> (played again from deals.csv)</li>");
    ck_assert_contains(page, "<li>x &lt;y&gt;: no viewer page (the viewer said &lt;no&gt;)</li>");
    ck_assert_contains(page, "<pre><code>dominolab tournament --seed 5 &amp;&amp; x</code></pre>");
    ck_assert_contains(page, "<tr><th scope=\"row\">agents</th><td>a &amp; b</td></tr>");
    ck_assert_contains(page, "made by dominolab 0.1.0; this page written by dominolab 0.2.0.");
    ck_assert_msg(!strstr(page, "<script") && !strstr(page, "http:") && !strstr(page, "https:"),
                  "the page loads or runs something");
    /* written again from the same files: the same bytes */
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    char *again = read_page(dir);
    ck_assert_str_eq(page, again);
    free(again);
    free(page);
}
END_TEST

START_TEST(sprt_page_from_the_sprt_files)
{
    const char *dir = support_scratch("sprt");
    copy_expected("sprt", "sprt.csv", dir);
    copy_expected("sprt", "sprt_trace.csv", dir);
    copy_expected("sprt", "sprt_blocks.csv", dir);
    report_html_context_t context = {.layout = REPORT_HTML_SPRT, .kind = "sprt", .subject = "bergen, 2 players",
                                     .version = "0.1.0"};
    char error[1024];
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    char *page = read_page(dir);
    ck_assert_contains(page, "<p class=\"lead\">H1 accepted: heuristic is stronger than greedy by 62 Elo [43, 82] "
                             "after 928 games (464 deal blocks).</p>");
    ck_assert_contains(page, "The LLR stopped at 2.955, with bounds [-2.944, 2.944] (H0: 0 Elo, H1: 5 Elo, alpha "
                             "0.05, beta 0.05); heuristic&#39;s mean block score 0.589 [0.562, 0.616]");
    expect_every_value(page, dir, "sprt.csv");
    ck_assert_contains(page, "<title>SPRT: the LLR of heuristic against greedy \xE2\x80\x94 bergen, 2 players, 464 deal "
                             "blocks (928 games)</title>");
    ck_assert_contains(page, "<title>upper bound: accept H1 (5 Elo): 2.94444</title>");
    /* the games and the blocks of each score (sprt.csv, sprt_blocks.csv): 487/928, 119/928, 322/928 */
    ck_assert_contains(page, "<p>Games: heuristic won 487, drew 119 and lost 322 of 928 (52.5%, 12.8%, 34.7%).</p>");
    ck_assert_contains(page, "<tr><th scope=\"row\">games</th><td>LL</td><td>LD</td><td>WL or DD</td><td>WD</td>"
                             "<td>WW</td></tr>\n<tr><th scope=\"row\">blocks</th><td class=\"num\">44</td><td "
                             "class=\"num\">32</td><td class=\"num\">211</td><td class=\"num\">69</td><td "
                             "class=\"num\">108</td></tr>");
    expect_every_value(page, dir, "sprt_blocks.csv");
    /* the Elo over time beside the LLR, from block 47 (a tenth of 464, the trace's next row) on, with its band */
    const char *side = strstr(page, "<div class=\"side\">"), *llr = strstr(page, "<title>SPRT: the LLR of"),
               *elo = strstr(page, "<title>Elo of heuristic against greedy as the test went on \xE2\x80\x94 bergen, 2 "
                                   "players, 464 deal blocks (928 games)</title>");
    ck_assert_msg(side && llr && elo && side < llr && llr < elo, "no Elo chart beside the LLR's");
    ck_assert_contains(elo, "<title>Elo, with its 95% interval (last: 62.4382 at 464)</title>");
    ck_assert_contains(elo, "<title>Elo, with its 95% interval: its interval</title>");
    ck_assert_contains(elo, "<title>H1: 5 Elo: 5</title>");
    ck_assert_contains(elo, "<figcaption>Drawn from block 47 of 464 on: before it the interval is wider than the "
                            "chart.</figcaption>");
    ck_assert_contains(page, "<p class=\"note\">No sample games.</p>");
    free(page);
}
END_TEST

START_TEST(balance_page_from_the_balance_files)
{
    const char *dir = support_scratch("balance");
    static const char *const files[] = {"balance.csv", "seats.csv", "ends.csv", "distributions.csv", "comparisons.csv"};
    for (int k = 0; k < 5; k++) copy_expected("balance", files[k], dir);
    report_html_context_t context = {.layout = REPORT_HTML_BALANCE, .kind = "balance", .subject = "bergen, 3 players",
                                     .version = "0.1.0"};
    char error[1024];
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    char *page = read_page(dir);
    ck_assert_contains(page, "<p class=\"lead\">block_method=simple, hands: balance 0.976 [0.959, 1.000] (1 is fair); "
                             "the first player has the advantage: +0.264 [+0.230, +0.297] (the seat that led won 0.597 "
                             "[0.563, 0.630] of them, against a fair 0.333).</p>");
    ck_assert_contains(page, "<p class=\"lead\">block_method=american, matches: balance 0.867 [0.783, 1.000] (1 is "
                             "fair); no advantage of the first player is detectable: +0.083 [-0.042, +0.209]");
    /* every measure compared with the first variant, the verdict first (comparisons.csv) */
    ck_assert_contains(page, "<p class=\"lead\">No difference is detectable in any of the 8 measures compared with "
                             "block_method=simple at this sample size.</p>");
    ck_assert_contains(page, "<td>block_method=american</td><td>first leader&#39;s advantage in matches</td><td>8.3%</td>"
                             "<td>11.7%</td><td>-3.3% [-9.7%, +3.1%]</td><td>no change detectable</td>");
    ck_assert_contains(page, "block_method=simple: Deal bias 0.306 [0.235, 0.386]");
    for (int k = 0; k < 3; k++) expect_every_value(page, dir, files[k]); /* distributions: plotted, linked */
    ck_assert_contains(page, "<title>the seat that led, block_method=american: 0.598 [0.565, 0.632]</title>");
    ck_assert_contains(page, "<title>Share of matches won by seat (95% interval; dashes: a fair share) \xE2\x80\x94 "
                             "bergen, 3 players, 60 matches a variant</title>");
    ck_assert_contains(page, "bergen, 3 players, 400 deals a variant (2 plays of each)</title>");
    ck_assert_contains(page, "<a href=\"distributions.csv\">distributions.csv</a>");
    /* the first variant has nothing to be compared with: dashes, each with its note */
    ck_assert_contains(page, "<td class=\"empty\" title=\"the first variant: the others are compared with it\">"
                             "\xE2\x80\x94<sup>a</sup></td>");
    ck_assert_contains(page, "\xE2\x80\x94 a: the first variant: the others are compared with it.</p>");
    /* points a hand, whole numbers: columns, not a line */
    ck_assert_contains(page, "<g><title>block_method=simple at 0: 0.2525</title>\n<rect x=");
    ck_assert_msg(!strstr(page, "<title>block_method=simple (last:"), "a distribution drawn as a line");
    free(page);
}
END_TEST

START_TEST(missing_files_and_columns_are_named)
{
    const char *dir = support_scratch("missing");
    copy_expected("sprt", "sprt.csv", dir);
    copy_expected("sprt", "sprt_blocks.csv", dir);
    report_html_context_t context = {.layout = REPORT_HTML_SPRT, .kind = "sprt", .version = "0.1.0"};
    char error[1024], path[PATH_SIZE];
    ck_assert_int_eq(report_html_write(dir, &context, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "sprt_trace.csv"), "%s", error);
    snprintf(path, sizeof path, "%s/sprt_trace.csv", dir);
    ck_assert(support_write_file(path, "blocks,llr,lower\n1,0.5,-2.9\n"));
    ck_assert_int_eq(report_html_write(dir, &context, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "sprt_trace.csv: no column upper"), "%s", error);
    snprintf(path, sizeof path, "%s/report.html", dir);
    ck_assert_msg(!support_file_exists(path), "a page was written from incomplete files");
}
END_TEST

/* The bots' faults: a warning block above the result, a table row per agent (its name
 * escaped), each agent's note in the result under the verdict; none of it without faults. */
START_TEST(faults_are_warned_of_and_noted_beside_the_verdict)
{
    const char *dir = support_scratch("faults");
    copy_expected("sprt", "sprt.csv", dir);
    copy_expected("sprt", "sprt_trace.csv", dir);
    copy_expected("sprt", "sprt_blocks.csv", dir);
    report_faults_t *faults = calloc(1, sizeof *faults);
    ck_assert_ptr_nonnull(faults);
    faults->count = 2;
    faults->agent[0] = (report_fault_t){.agent = "heuristic", .crashes = 40, .runs = 1};
    faults->agent[1] = (report_fault_t){.agent = "ext:cmd=./bot <x> & y", .illegal_moves = 3, .timeouts = 1, .runs = 2};
    report_html_context_t context = {.layout = REPORT_HTML_SPRT, .kind = "sprt", .subject = "bergen, 2 players",
                                     .version = "0.1.0", .faults = faults};
    char error[1024];
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    char *page = read_page(dir);
    const char *warning = strstr(page, "<div class=\"faults\" role=\"alert\""),
               *result = strstr(page, "<h2 id=\"result\">");
    ck_assert_msg(warning && result && warning < result, "no warning above the result");
    ck_assert_contains(warning, ">\xE2\x9A\xA0 Bot faults</h2>");
    ck_assert_contains(warning, "<thead><tr><th>agent</th><th>runs with faults</th><th>illegal_moves</th><th>timeouts"
                                "</th><th>crashes</th></tr></thead>");
    ck_assert_contains(warning, "<tr><td>heuristic</td><td class=\"num\">1</td><td class=\"num\">0</td><td "
                                "class=\"num\">0</td><td class=\"num\">40</td></tr>");
    ck_assert_contains(warning, "<tr><td>ext:cmd=./bot &lt;x&gt; &amp; y</td><td class=\"num\">2</td><td "
                                "class=\"num\">3</td><td class=\"num\">1</td><td class=\"num\">0</td></tr>");
    /* inside the result box, after the verdict and before the box ends */
    const char *verdict = strstr(page, "<p class=\"lead\">H1 accepted: heuristic is stronger than greedy");
    const char *note = strstr(page, "\xE2\x9A\xA0 heuristic faulted: 40 crashes; its fallback played for it.</p>");
    const char *escaped = strstr(page, "\xE2\x9A\xA0 ext:cmd=./bot &lt;x&gt; &amp; y faulted: 3 illegal moves, 1 "
                                       "time-out; its fallback played for it.</p>");
    const char *plots = strstr(page, "<h2 id=\"plots\">");
    ck_assert_msg(verdict && note && escaped && plots, "a note is missing from the result");
    const char *box_end = strstr(note, "</div>");
    ck_assert_msg(verdict < note && note < escaped && box_end && escaped < box_end && box_end < plots,
                  "the notes are not in the result, under the verdict");
    free(page);
    /* the same files without faults: no warning, no note */
    context.faults = NULL;
    ck_assert_msg(report_html_write(dir, &context, error, sizeof error) == 0, "%s", error);
    page = read_page(dir);
    ck_assert_msg(!strstr(page, "Bot faults") && !strstr(page, "class=\"fault"), "a fault shown without faults");
    free(page);
    free(faults);
}
END_TEST

static Suite *report_html_suite(void)
{
    Suite *suite = suite_create("report_html");
    TCase *parts = tcase_create("parts");
    tcase_add_test(parts, html_escapes_text_and_attributes);
    tcase_add_test(parts, html_tables_align_numbers_and_head_rows);
    tcase_add_test(parts, html_page_is_self_contained);
    tcase_add_test(parts, svg_axes_take_nice_steps);
    tcase_add_test(parts, svg_bar_with_whisker_and_reference);
    tcase_add_test(parts, svg_line_breaks_at_a_missing_value);
    tcase_add_test(parts, svg_scale_colours_scores);
    tcase_add_test(parts, svg_columns_stand_on_zero_side_by_side);
    tcase_add_test(parts, svg_band_follows_the_interval);
    suite_add_tcase(suite, parts);
    TCase *pages = tcase_create("pages");
    tcase_add_checked_fixture(pages, NULL, support_scratch_teardown);
    tcase_add_test(parts, numbers_are_rounded_to_their_precision);
    tcase_add_test(pages, ratings_page_from_the_tournament_files);
    tcase_add_test(pages, sprt_page_from_the_sprt_files);
    tcase_add_test(pages, balance_page_from_the_balance_files);
    tcase_add_test(pages, missing_files_and_columns_are_named);
    tcase_add_test(pages, faults_are_warned_of_and_noted_beside_the_verdict);
    suite_add_tcase(suite, pages);
    return suite;
}

int main(void) { return support_run_suite(report_html_suite(), "test_report_html"); }
