/* plot.h - pictures of the reports through gnuplot.
 *
 * A plot is a gnuplot script written to DIR/plots/NAME.gp that reads the report's own CSV
 * files (paths relative to DIR) and draws NAME.png and NAME.svg in DIR/plots. The scripts
 * are always written; gnuplot runs them when it can be found ($DOMINOLAB_GNUPLOT, else
 * `gnuplot` on the PATH), so a machine without gnuplot still gets every CSV and the scripts
 * to draw them later (cd DIR && gnuplot plots/NAME.gp).
 *
 * Every title says what the plot is of on a second line: the game (with its preset when
 * that is not the game's default), the players, and the sample the report counted
 * ("bergen, 4 players, 10,000 deals a pair"). The caller names the first three from
 * study.json or run.json (plot_subject); the report adds the sample (plot_title).
 */
#ifndef DOMINOLAB_PLOT_H
#define DOMINOLAB_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct plot_session {
    const char *dir;    /* the report's directory */
    bool enabled;       /* false: write no scripts and run nothing (--plots none) */
    bool checked, available;
    char program[4096]; /* the gnuplot to run: a name looked up on the PATH, or an absolute path */
    int written, drawn; /* scripts written, and drawn by gnuplot */
    char failure[4608];  /* the first plot gnuplot failed on, if any */
    char subject[512];  /* "bergen, 4 players": what every title names; empty if not given */
    bool matches;       /* the runs' units are matches (else deals) */
} plot_session_t;

void plot_start(plot_session_t *session, const char *dir, bool enabled);
/* A session for plots in `dir` with the settings and subject of `like`. */
void plot_start_like(plot_session_t *session, const char *dir, const plot_session_t *like);
/* What the plots are of: the game, its preset (NULL for the game's default), the players, and
 * whether the runs' units are matches (else deals). */
void plot_subject(plot_session_t *session, const char *game, const char *preset, int players, bool matches);
/* The sample behind a plot: "10,000 deals a pair", or "3,000 to 10,000 deals a pair" when
 * `low` and `high` differ. `unit` is singular ("deal", "match", "deal block"; plural by
 * adding s or es), `each` what the count is per ("a pair"), or NULL. */
void plot_sample(char *out, size_t size, int64_t low, int64_t high, const char *unit, const char *each);
/* The counts of the runs behind a plot, gathered for plot_sample: the smallest, the largest
 * and how many runs (a run with count 0 played nothing and is left out). */
typedef struct plot_counts {
    int64_t low, high;
    int runs;
} plot_counts_t;
static inline void plot_counts_add(plot_counts_t *counts, int64_t count)
{
    if (count == 0) return;
    if (counts->runs == 0 || count < counts->low) counts->low = count;
    if (count > counts->high) counts->high = count;
    counts->runs++;
}
/* The "set title" command: `what` on the first line, the session's subject and `sample` on
 * the second, as one gnuplot string. */
void plot_title(char *out, size_t size, const plot_session_t *session, const char *what, const char *sample);
/* `text` as a gnuplot double-quoted string (\ and " escaped). */
void plot_quote(char *out, size_t size, const char *text);
/* Writes DIR/plots/NAME.gp: a header setting the terminal for each format, then `body`
 * (gnuplot commands drawing one plot; `set output` is the header's), and runs it. A
 * failure to write the script is an error; gnuplot's own failure is noted in the session
 * (and its messages kept in DIR/plots/NAME.log), never an error: the CSVs are what count. */
int plot_draw(plot_session_t *session, const char *name, const char *body, char *error, size_t error_size);
/* One line for the user: what was drawn, or how to get the pictures. */
void plot_summary(const plot_session_t *session, char *out, size_t size);

#endif
