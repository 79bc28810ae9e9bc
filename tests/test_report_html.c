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
    ck_assert_msg(strstr((haystack), (needle)) != NULL, "missing: %s\n--- in ---\n%s", (needle), (haystack))

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
    ck_assert_contains(svg, "<svg viewBox=\"0 0 760.00 142.00\" width=\"760.00\" height=\"142.00\" role=\"img\"");
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

START_TEST(svg_heat_map_marks_itself_and_no_games)
{
    static const char *const names[] = {"x", "y"};
    const double values[] = {NAN, 0.75, NAN, 0};
    svg_heat_map_t chart = {.title = "t", .rows = names, .columns = names, .row_count = 2, .column_count = 2,
                            .values = values, .low = 0, .high = 1, .decimals = 3};
    memory_t m;
    memory_open(&m);
    svg_heat_map(m.stream, &chart);
    const char *svg = memory_text(&m);
    /* 0.75: halfway from white (#f7f7f7) to blue (#2166ac); 0: red */
    ck_assert_contains(svg, "<title>x against y: 0.750</title>");
    ck_assert_contains(svg, "fill=\"#8cafd2\" stroke=\"#ffffff\"/>");
    ck_assert_contains(svg, "<title>y against y: 0.000</title>");
    ck_assert_contains(svg, "fill=\"#b2182b\" stroke=\"#ffffff\"/>");
    ck_assert_contains(svg, "<title>x against itself: no score</title>");
    ck_assert_contains(svg, "fill=\"#a0a0a0\" stroke=\"#ffffff\"/>");
    ck_assert_contains(svg, ">\xE2\x80\x94</text>");
    ck_assert_contains(svg, "<title>y and x did not meet</title>");
    ck_assert_contains(svg, ">no games</text>");
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

/* Every field of DIR/NAME's rows after the header is on the page, as the file writes it. */
static void expect_every_value(const char *page, const char *dir, const char *name)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *text = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(text);
    char *line = strchr(text, '\n');
    int fields = 0;
    for (char *field = line ? line + 1 : NULL; field && *field; fields++) {
        size_t length = strcspn(field, ",\n");
        char cell[256];
        snprintf(cell, sizeof cell, ">%.*s<", (int)length, field); /* a whole cell */
        if (length > 0) ck_assert_msg(strstr(page, cell) != NULL, "%s: %s is not on the page", name, cell);
        field += length + (field[length] != '\0');
    }
    ck_assert_msg(fields > 0, "%s has no values", name);
    free(text);
}

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
    ck_assert_contains(page, "<title>heuristic against greedy: 0.590</title>");
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
    ck_assert_contains(page, "<title>SPRT heuristic against greedy: H0 elo 0, H1 elo 5, alpha 0.05, beta 0.05 "
                             "\xE2\x80\x94 bergen, 2 players, 464 deal blocks (928 games)</title>");
    ck_assert_contains(page, "<title>upper bound: accept H1: 2.94444</title>");
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
    ck_assert_contains(page, "<td>block_method=american</td><td>first leader&#39;s advantage in matches</td><td>8.33%</td>"
                             "<td>11.67%</td><td>-3.33% [-9.72%, +3.06%]</td><td>no change detectable</td>");
    ck_assert_contains(page, "block_method=simple: Deal bias 0.306 [0.235, 0.386]");
    for (int k = 0; k < 3; k++) expect_every_value(page, dir, files[k]); /* distributions: plotted, linked */
    ck_assert_contains(page, "<title>the seat that led, block_method=american: 0.598 [0.565, 0.632]</title>");
    ck_assert_contains(page, "<title>Share of matches won by seat (95% interval; dashes: a fair share) \xE2\x80\x94 "
                             "bergen, 3 players, 60 matches a variant</title>");
    ck_assert_contains(page, "bergen, 3 players, 400 deals a variant (2 plays of each)</title>");
    ck_assert_contains(page, "<a href=\"distributions.csv\">distributions.csv</a>");
    free(page);
}
END_TEST

START_TEST(missing_files_and_columns_are_named)
{
    const char *dir = support_scratch("missing");
    copy_expected("sprt", "sprt.csv", dir);
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
    tcase_add_test(parts, svg_heat_map_marks_itself_and_no_games);
    suite_add_tcase(suite, parts);
    TCase *pages = tcase_create("pages");
    tcase_add_checked_fixture(pages, NULL, support_scratch_teardown);
    tcase_add_test(pages, ratings_page_from_the_tournament_files);
    tcase_add_test(pages, sprt_page_from_the_sprt_files);
    tcase_add_test(pages, balance_page_from_the_balance_files);
    tcase_add_test(pages, missing_files_and_columns_are_named);
    tcase_add_test(pages, faults_are_warned_of_and_noted_beside_the_verdict);
    suite_add_tcase(suite, pages);
    return suite;
}

int main(void) { return support_run_suite(report_html_suite(), "test_report_html"); }
