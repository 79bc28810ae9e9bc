/* html.c - small helpers that write HTML safely (html.h). */
#include "html.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void html_text(FILE *out, const char *text)
{
    for (const char *c = text ? text : ""; *c; c++) {
        switch (*c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: putc(*c, out);
        }
    }
}

void html_attribute(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    html_text(out, value);
    putc('"', out);
}

/* An opening tag with those of its attributes that are not NULL. */
static void open_tag(FILE *out, const char *tag, const char *class_name, const char *role, const char *style,
                     const char *title)
{
    fprintf(out, "<%s", tag);
    if (class_name) html_attribute(out, "class", class_name);
    if (role) html_attribute(out, "role", role);
    if (style) html_attribute(out, "style", style);
    if (title) html_attribute(out, "title", title);
    fputc('>', out);
}

void html_open(FILE *out, const char *tag, const char *class_name, const char *role, const char *style)
{
    open_tag(out, tag, class_name, role, style, NULL);
}

void html_open_titled(FILE *out, const char *tag, const char *class_name, const char *style, const char *title)
{
    open_tag(out, tag, class_name, NULL, style, title);
}

void html_close(FILE *out, const char *tag) { fprintf(out, "</%s>\n", tag); }

void html_script_json(FILE *out, const char *json)
{
    for (; *json; json++)
        if (*json == '<') fputs("\\u003c", out);
        else fputc(*json, out);
}

/* One style sheet, inline: the system's own fonts, a measure that reads well, tables that
 * scroll sideways on a narrow screen instead of squeezing, and charts that shrink with the
 * page down to the least size their text reads at (svg_plot.h), then scroll in their figure,
 * so that no element widens a phone's page. Charts of a pair (.side) stand side by side where
 * there is room for both. Empty cells are a muted dash with their footnote's sign. Print drops
 * the width limit and keeps a chart or a table on one page. */
static const char style_sheet[] =
    ":root{color-scheme:light;--ink:#1a1a1a;--muted:#5a5a5a;--rule:#d8d8d8;--band:#f4f6f8;--accent:#2166ac}\n"
    "body{margin:0;color:var(--ink);background:#fff;font:15px/1.5 system-ui,-apple-system,\"Segoe UI\",Roboto,"
    "\"Helvetica Neue\",Arial,sans-serif}\n"
    "main{max-width:72rem;margin:0 auto;padding:1.5rem 1.25rem 3rem;overflow-wrap:break-word}\n"
    "h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;padding-bottom:.2rem;"
    "border-bottom:1px solid var(--rule)}h3{font-size:1.05rem;margin:1.25rem 0 .4rem}\n"
    "p{margin:.4rem 0}.subject{color:var(--muted);margin-top:0}.note{color:var(--muted)}\n"
    ".result{border-left:4px solid var(--accent);background:var(--band);padding:.5rem .9rem;margin:.5rem 0}\n"
    ".result p{margin:.3rem 0}.result .lead{font-size:1.1rem}\n"
    "a{color:var(--accent)}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;"
    "font-size:.9em}\n"
    "pre{background:var(--band);padding:.6rem .8rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all}\n"
    ".wide{overflow-x:auto;margin:.5rem 0 1rem}\n"
    "table{border-collapse:collapse;font-size:.85rem}caption{text-align:left;font-weight:600;padding:.2rem 0}\n"
    "th,td{border:1px solid var(--rule);padding:.2rem .5rem;text-align:left;vertical-align:top}\n"
    "th{white-space:nowrap}thead th{background:var(--band)}tbody tr:nth-child(even){background:#fafbfc}\n"
    "td.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}\n"
    "table.settings td,table.settings td.num{text-align:left;white-space:normal;overflow-wrap:anywhere}\n"
    "td.empty{color:var(--muted);text-align:center}td.empty sup{font-size:.75em;margin-left:.1em}\n"
    "p.footnotes{color:var(--muted);font-size:.85rem;margin:-.6rem 0 1rem}\n"
    "figure{margin:1rem 0;overflow-x:auto}svg{max-width:100%;height:auto;display:block}\n"
    "figcaption{color:var(--muted);font-size:.85rem;margin-top:.2rem}\n"
    ".side{display:flex;flex-wrap:wrap;gap:0 1.5rem}.side>figure{flex:1 1 30rem;min-width:0}\n"
    "table.crosstable td{text-align:center;white-space:nowrap}table.crosstable small{display:block;"
    "color:var(--muted)}\n"
    "ul.samples{padding-left:1.2rem}footer{color:var(--muted);font-size:.85rem;margin-top:2.5rem}\n"
    "@media print{main{max-width:none;padding:0}.wide,figure{overflow:visible}figure,table{break-inside:avoid}"
    "a{color:inherit}}\n";

void html_page_start(FILE *out, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    html_text(out, title);
    fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n", style_sheet);
}

void html_page_end(FILE *out, const char *footer)
{
    if (footer) {
        fputs("<footer>", out);
        html_text(out, footer);
        fputs("</footer>\n", out);
    }
    fputs("</main>\n</body>\n</html>\n", out);
}

void html_heading(FILE *out, int level, const char *id, const char *text)
{
    if (level < 1) level = 1;
    if (level > 4) level = 4;
    fprintf(out, "<h%d", level);
    if (id) html_attribute(out, "id", id);
    putc('>', out);
    html_text(out, text);
    fprintf(out, "</h%d>\n", level);
}

void html_paragraph(FILE *out, const char *class_name, const char *text)
{
    fputs("<p", out);
    if (class_name) html_attribute(out, "class", class_name);
    putc('>', out);
    html_text(out, text);
    fputs("</p>\n", out);
}

void html_link(FILE *out, const char *href, const char *text)
{
    fputs("<a", out);
    html_attribute(out, "href", href);
    putc('>', out);
    html_text(out, text);
    fputs("</a>", out);
}

void html_code_block(FILE *out, const char *text)
{
    fputs("<pre><code>", out);
    html_text(out, text);
    fputs("</code></pre>\n", out);
}

bool html_is_number(const char *text)
{
    if (!text || !*text) return false;
    if (!strcmp(text, "NaN") || !strcmp(text, "inf") || !strcmp(text, "-inf")) return true;
    char *end;
    strtod(text, &end);
    /* strtod reads "nan", "infinity" and hex too; ours are plain decimals */
    return *end == '\0' && (isdigit((unsigned char)text[0]) || ((text[0] == '-' || text[0] == '+') &&
                                                                isdigit((unsigned char)text[1])));
}

void html_table_start(FILE *out, const char *class_name, const char *caption, const char *const *headers, int count)
{
    fputs("<div class=\"wide\"><table", out);
    if (class_name) html_attribute(out, "class", class_name);
    fputs(">\n", out);
    if (caption) {
        fputs("<caption>", out);
        html_text(out, caption);
        fputs("</caption>\n", out);
    }
    fputs("<thead><tr>", out);
    for (int k = 0; k < count; k++) {
        fputs("<th>", out);
        html_text(out, headers[k]);
        fputs("</th>", out);
    }
    fputs("</tr></thead>\n<tbody>\n", out);
}

static void cell(FILE *out, const char *text)
{
    fputs(html_is_number(text) ? "<td class=\"num\">" : "<td>", out);
    html_text(out, text);
    fputs("</td>", out);
}

void html_row_start(FILE *out) { fputs("<tr>", out); }
void html_row_end(FILE *out) { fputs("</tr>\n", out); }

void html_table_cell(FILE *out, const char *text, bool headed)
{
    if (!headed) {
        cell(out, text);
        return;
    }
    fputs("<th scope=\"row\">", out);
    html_text(out, text);
    fputs("</th>", out);
}

void html_table_cell_empty(FILE *out, const char *note, const char *mark)
{
    fputs("<td class=\"empty\"", out);
    if (note) html_attribute(out, "title", note);
    fputs(">\xE2\x80\x94", out); /* an em dash */
    if (mark) {
        fputs("<sup>", out);
        html_text(out, mark);
        fputs("</sup>", out);
    }
    fputs("</td>", out);
}

void html_table_row(FILE *out, const char *const *cells, int count)
{
    html_row_start(out);
    for (int k = 0; k < count; k++) html_table_cell(out, cells[k], false);
    html_row_end(out);
}

void html_table_row_headed(FILE *out, const char *const *cells, int count)
{
    html_row_start(out);
    for (int k = 0; k < count; k++) html_table_cell(out, cells[k], k == 0);
    html_row_end(out);
}

void html_table_end(FILE *out) { fputs("</tbody>\n</table></div>\n", out); }
