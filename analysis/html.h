/* html.h - small helpers that write HTML safely: every text that comes from data goes
 * through html_text (or html_attribute), which escapes the five characters HTML gives a
 * meaning to, so an agent named "<b>" or a path with '&' is shown, never interpreted.
 *
 * A page is self-contained: its style is inline in the head, it loads nothing and runs no
 * script, so it reads the same from a zip, a mail attachment or a printout. The functions
 * write to a stream the caller owns and checks (an atomic file: analysis/atomic_file.h).
 */
#ifndef DOMINOLAB_HTML_H
#define DOMINOLAB_HTML_H

#include <stdbool.h>
#include <stdio.h>

/* `text` with & < > " ' as entities: safe between tags and inside a quoted attribute. */
void html_text(FILE *out, const char *text);
/* ` name="value"`, the value escaped. */
void html_attribute(FILE *out, const char *name, const char *value);
/* JSON text inside a <script> element: every '<' written \u003c (JSON has it only inside
 * strings, where the escape reads the same), so no data can end the element or open a
 * comment there. */
void html_script_json(FILE *out, const char *json);

/* <!DOCTYPE html> to <main>: the head with its charset, `title` and the inline style sheet
 * (system fonts, readable widths, tables and figures that print). */
void html_page_start(FILE *out, const char *title);
/* A footer holding `footer` (or none if NULL), then the end of the page. */
void html_page_end(FILE *out, const char *footer);

/* <tag class="class_name" role="role" style="style"> and </tag>, for the elements the
 * helpers here do not write whole (div, figure, ul, li, a heading or paragraph with links in
 * it); each attribute may be NULL (left out). */
void html_open(FILE *out, const char *tag, const char *class_name, const char *role, const char *style);
void html_close(FILE *out, const char *tag);
/* <tag class="class_name" style="style" title="title">: an element with a hover text (either
 * attribute may be NULL). */
void html_open_titled(FILE *out, const char *tag, const char *class_name, const char *style, const char *title);

/* <hN id="id">text</hN> (level 1 to 4; id may be NULL). */
void html_heading(FILE *out, int level, const char *id, const char *text);
/* <p class="class_name">text</p> (class_name may be NULL). */
void html_paragraph(FILE *out, const char *class_name, const char *text);
/* <a href="href">text</a>: href is a relative path the report made. */
void html_link(FILE *out, const char *href, const char *text);
/* <pre><code>text</code></pre> */
void html_code_block(FILE *out, const char *text);

/* A table: html_table_start, html_table_row for each row, html_table_end. Cells that read as
 * numbers ("12", "-0.25", "inf", "NaN") are aligned right, in figures of equal width, except
 * in a table of class "settings" (a list of words and values). class_name and caption may be
 * NULL. */
void html_table_start(FILE *out, const char *class_name, const char *caption, const char *const *headers, int count);
void html_table_row(FILE *out, const char *const *cells, int count);
/* A row whose first cell is a header of the row (a transposed table's column name). */
void html_table_row_headed(FILE *out, const char *const *cells, int count);
void html_table_end(FILE *out);
/* A row written cell by cell: html_row_start, html_table_cell or html_table_cell_empty for
 * each cell, html_row_end. */
void html_row_start(FILE *out);
void html_row_end(FILE *out);
/* One cell as html_table_row writes it (a number aligned right); a header of its row when
 * `headed`. */
void html_table_cell(FILE *out, const char *text, bool headed);
/* A cell with no value: a dash, then `mark` (the sign of the footnote that explains it) raised
 * and small, `note` as its title (shown on hover). */
void html_table_cell_empty(FILE *out, const char *note, const char *mark);

/* Whether `text` reads as a number as our CSV files write them. */
bool html_is_number(const char *text);

#endif
