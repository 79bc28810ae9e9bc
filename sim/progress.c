/* progress.c - see progress.h. */
#include "progress.h"

#include <omp.h>
#include <unistd.h>

static const double PROGRESS_TERMINAL_SECONDS = 0.2; /* redraw rate of the bar */
static const double PROGRESS_LOG_SECONDS = 10.0;     /* a line every so often in logs */
enum { PROGRESS_BAR_WIDTH = 24 };

void progress_start(progress_t *p, FILE *out, bool quiet, int64_t total, int64_t done_before, const char *unit_name)
{
    p->out = out;
    p->quiet = quiet;
    p->terminal = isatty(fileno(out));
    p->total = total;
    p->done_before = done_before;
    p->started = p->last_shown = omp_get_wtime();
    p->unit_name = unit_name;
}

static void format_duration(double seconds, char *out, size_t size)
{
    long s = seconds < 0 ? 0 : (long)(seconds + 0.5);
    if (s >= 3600) snprintf(out, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
}

void progress_update(progress_t *p, int64_t done, bool force)
{
    if (p->quiet) return;
    double now = omp_get_wtime();
    if (!force && now - p->last_shown < (p->terminal ? PROGRESS_TERMINAL_SECONDS : PROGRESS_LOG_SECONDS)) return;
    p->last_shown = now;
    double elapsed = now - p->started;
    int64_t done_here = done - p->done_before;
    double rate = elapsed > 0 ? (double)done_here / elapsed : 0;
    char elapsed_text[48], eta_text[48];
    format_duration(elapsed, elapsed_text, sizeof elapsed_text);
    if (rate > 0) format_duration((double)(p->total - done) / rate, eta_text, sizeof eta_text);
    else snprintf(eta_text, sizeof eta_text, "?");
    double fraction = p->total > 0 ? (double)done / (double)p->total : 1;
    if (p->terminal) {
        char bar[PROGRESS_BAR_WIDTH + 1];
        int filled = (int)(fraction * PROGRESS_BAR_WIDTH);
        for (int k = 0; k < PROGRESS_BAR_WIDTH; k++) bar[k] = k < filled ? '#' : '.';
        bar[PROGRESS_BAR_WIDTH] = '\0';
        fprintf(p->out, "\r[%s] %lld/%lld %s %5.1f%%  %.0f/s  elapsed %s  eta %s \033[K", bar, (long long)done,
                (long long)p->total, p->unit_name, 100 * fraction, rate, elapsed_text, eta_text);
    } else {
        fprintf(p->out, "progress: %lld/%lld %s (%.1f%%), %.0f/s, elapsed %s, eta %s\n", (long long)done,
                (long long)p->total, p->unit_name, 100 * fraction, rate, elapsed_text, eta_text);
    }
    fflush(p->out);
}

void progress_finish(progress_t *p, int64_t done)
{
    if (p->quiet) return;
    progress_update(p, done, true);
    if (p->terminal) fputc('\n', p->out);
}
