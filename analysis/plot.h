/* plot.h - pictures of the reports through gnuplot.
 *
 * A plot is a gnuplot script written to DIR/plots/NAME.gp that reads the report's own CSV
 * files (paths relative to DIR) and draws NAME.png and NAME.svg in DIR/plots. The scripts
 * are always written; gnuplot runs them when it can be found ($DOMINOLAB_GNUPLOT, else
 * `gnuplot` on the PATH), so a machine without gnuplot still gets every CSV and the scripts
 * to draw them later (cd DIR && gnuplot plots/NAME.gp).
 */
#ifndef DOMINOLAB_PLOT_H
#define DOMINOLAB_PLOT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct plot_session {
    const char *dir;    /* the report's directory */
    bool enabled;       /* false: write no scripts and run nothing (--plots none) */
    bool checked, available;
    char program[4096]; /* the gnuplot to run: a name looked up on the PATH, or an absolute path */
    int written, drawn; /* scripts written, and drawn by gnuplot */
    char failure[4608];  /* the first plot gnuplot failed on, if any */
} plot_session_t;

void plot_start(plot_session_t *session, const char *dir, bool enabled);
/* Writes DIR/plots/NAME.gp: a header setting the terminal for each format, then `body`
 * (gnuplot commands drawing one plot; `set output` is the header's), and runs it. A
 * failure to write the script is an error; gnuplot's own failure is noted in the session
 * (and its messages kept in DIR/plots/NAME.log), never an error: the CSVs are what count. */
int plot_draw(plot_session_t *session, const char *name, const char *body, char *error, size_t error_size);
/* One line for the user: what was drawn, or how to get the pictures. */
void plot_summary(const plot_session_t *session, char *out, size_t size);

#endif
