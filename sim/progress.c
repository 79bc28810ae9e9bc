/* progress.c - see progress.h. */
#include "progress.h"

#include <math.h>
#include <omp.h>
#include <unistd.h>

#include "report.h"
#include "stats.h"

static const double PROGRESS_TERMINAL_SECONDS = 0.2; /* redraw rate of the bar */
static const double PROGRESS_LOG_SECONDS = 10.0;     /* a line every so often in logs */
enum { PROGRESS_BAR_WIDTH = 20, PROGRESS_STANDINGS = 160, PROGRESS_FAULTS = 200 };

void progress_start(progress_t *p, FILE *out, bool quiet, int64_t total, int64_t done_before, const char *unit_name,
                    const sim_config_t *config, const progress_frame_t *frame)
{
    p->out = out;
    p->quiet = quiet;
    p->terminal = isatty(fileno(out));
    p->total = total;
    p->done_before = done_before;
    p->started = p->last_shown = omp_get_wtime();
    p->unit_name = unit_name;
    p->config = config;
    p->frame = frame;
}

static void format_duration(double seconds, char *out, size_t size)
{
    long s = seconds < 0 ? 0 : (long)(seconds + 0.5);
    if (s >= 3600) snprintf(out, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
}

void progress_standings_of(const sim_totals_t *totals, const char *first, bool two_sides, char *out, size_t size)
{
    out[0] = '\0';
    if (totals->units < 2) return;
    stats_estimate_t e;
    stats_estimate(&totals->agent[0], STATS_Z95, &e);
    int used = snprintf(out, size, "%.24s score %.3f [%.3f, %.3f]", first, e.score, e.score_low, e.score_high);
    if (two_sides && used > 0 && (size_t)used < size && isfinite(e.elo_low) && isfinite(e.elo_high))
        snprintf(out + used, size - (size_t)used, ", Elo %+.0f [%+.0f, %+.0f]", e.elo, e.elo_low, e.elo_high);
}

void progress_standings(const sim_config_t *config, const sim_totals_t *totals, char *out, size_t size)
{
    out[0] = '\0';
    if (config->agent_count == 2)
        progress_standings_of(totals, config->agents[0], config->sides == 2, out, size);
}

void progress_faults(const sim_config_t *config, const sim_totals_t *totals, char *out, size_t size)
{
    int64_t illegal_moves = 0, timeouts = 0, crashes = 0;
    for (int a = 0; a < config->agent_count; a++) {
        illegal_moves += totals->agent[a].illegal_moves;
        timeouts += totals->agent[a].timeouts;
        crashes += totals->agent[a].crashes;
    }
    int64_t faults = illegal_moves + timeouts + crashes;
    out[0] = '\0';
    if (faults == 0) return;
    char words[160];
    report_fault_words(illegal_moves, timeouts, crashes, words, sizeof words);
    snprintf(out, size, "%lld bot fault%s: %s", (long long)faults, faults == 1 ? "" : "s", words);
}

/* The study's units if its runs that stop early end where they are expected to: this one
 * where its rule expects, the ones to come at the expected share of their units. */
static int64_t expected_total(const progress_t *p, const progress_frame_t *f, int64_t done)
{
    int64_t end = f->expected_end(f->expected_context);
    if (end < done) end = done;
    if (end > p->total) end = p->total;
    double share = f->later_share >= 0 ? f->later_share : p->total > 0 ? (double)end / (double)p->total : 1;
    int64_t later = f->total - f->before - p->total; /* the units of the runs to come */
    return f->before + end + (later > 0 ? (int64_t)llround((double)later * share) : 0);
}

void progress_update(progress_t *p, const sim_totals_t *totals, bool force)
{
    if (p->quiet) return;
    double now = omp_get_wtime();
    if (!force && now - p->last_shown < (p->terminal ? PROGRESS_TERMINAL_SECONDS : PROGRESS_LOG_SECONDS)) return;
    p->last_shown = now;
    int64_t done = totals->units;
    double elapsed = now - p->started;
    double rate = elapsed > 0 ? (double)(done - p->done_before) / elapsed : 0;
    /* A study counts its runs together, against the total it announced. */
    const progress_frame_t *f = p->frame;
    int64_t shown = f ? f->before + done : done, total = f ? f->total : p->total;
    bool estimated = f && f->expected_end;
    if (estimated) total = expected_total(p, f, done);
    estimated = estimated && total > shown;
    char elapsed_text[48], eta_text[48], where[48] = "", standings[PROGRESS_STANDINGS], faults[PROGRESS_FAULTS];
    format_duration(elapsed, elapsed_text, sizeof elapsed_text);
    /* A study's later runs may be far slower or faster than this one: they count at the
     * study's own estimate of them, this one at its rate. */
    double eta = f && f->later_seconds >= 0 ? (double)(p->total - done) / rate + f->later_seconds
                                            : (double)(total - shown) / rate;
    if (rate > 0) format_duration(eta, eta_text, sizeof eta_text);
    else snprintf(eta_text, sizeof eta_text, "?");
    if (f) snprintf(where, sizeof where, "run %d/%d, ", f->run, f->runs);
    if (f && f->standings) f->standings(f->context, totals, standings, sizeof standings);
    else progress_standings(p->config, totals, standings, sizeof standings);
    progress_faults(p->config, totals, faults, sizeof faults);
    double fraction = total > 0 ? (double)shown / (double)total : 1;
    if (p->terminal) {
        char bar[PROGRESS_BAR_WIDTH + 1];
        int filled = (int)(fraction * PROGRESS_BAR_WIDTH);
        for (int k = 0; k < PROGRESS_BAR_WIDTH; k++) bar[k] = k < filled ? '#' : '.';
        bar[PROGRESS_BAR_WIDTH] = '\0';
        fprintf(p->out, "\r[%s] %s%lld/%s%lld %s %5.1f%%  %.0f/s  eta %s  %s%s%s\033[K", bar, where, (long long)shown,
                estimated ? "~" : "", (long long)total, p->unit_name, 100 * fraction, rate, eta_text, standings, faults[0] ? "  ! " : "",
                faults);
    } else {
        fprintf(p->out, "progress: %s%lld/%s%lld %s (%.1f%%), %.0f/s, elapsed %s, eta %s%s%s%s%s\n", where,
                (long long)shown, estimated ? "~" : "", (long long)total, p->unit_name, 100 * fraction, rate, elapsed_text, eta_text,
                standings[0] ? "; " : "", standings, faults[0] ? "; " : "", faults);
    }
    fflush(p->out);
}

void progress_finish(progress_t *p, const sim_totals_t *totals)
{
    if (p->quiet) return;
    progress_update(p, totals, true);
    if (p->terminal) fputc('\n', p->out);
}
