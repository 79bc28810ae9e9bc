/* calibration.c - placing difficulty levels evenly in Elo (calibration.h). */
#include "calibration.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "stats.h"

/* Pool adjacent violators: the non-decreasing sequence nearest y in weighted least squares. */
void calibration_isotonic(const double *y, const double *weight, int n, double *out)
{
    double level[CALIBRATION_MAX_CANDIDATES + 1], mass[CALIBRATION_MAX_CANDIDATES + 1];
    int size[CALIBRATION_MAX_CANDIDATES + 1], blocks = 0;
    for (int k = 0; k < n; k++) {
        level[blocks] = y[k];
        mass[blocks] = weight[k];
        size[blocks] = 1;
        blocks++;
        while (blocks > 1 && level[blocks - 2] > level[blocks - 1]) {
            double total = mass[blocks - 2] + mass[blocks - 1];
            level[blocks - 2] = (level[blocks - 2] * mass[blocks - 2] + level[blocks - 1] * mass[blocks - 1]) / total;
            mass[blocks - 2] = total;
            size[blocks - 2] += size[blocks - 1];
            blocks--;
        }
    }
    for (int b = 0, k = 0; b < blocks; b++)
        for (int i = 0; i < size[b]; i++) out[k++] = level[b];
}

/* Step 2: each kind's ladder, in the order listed, made non-decreasing on its own. */
static void smooth_by_kind(const calibration_candidates_t *c, double *fitted)
{
    bool done[CALIBRATION_MAX_CANDIDATES + 1] = {false};
    for (int k = 0; k < c->count; k++) {
        if (done[k]) continue;
        int member[CALIBRATION_MAX_CANDIDATES + 1], m = 0;
        double elo[CALIBRATION_MAX_CANDIDATES + 1], weight[CALIBRATION_MAX_CANDIDATES + 1];
        double fit[CALIBRATION_MAX_CANDIDATES + 1];
        for (int j = k; j < c->count; j++) {
            if (strcmp(c->kind[j], c->kind[k])) continue;
            double se = (c->rated[j].high - c->rated[j].low) / (2 * 1.959963984540054);
            member[m] = j;
            elo[m] = c->rated[j].elo;
            weight[m] = 1.0 / fmax(se * se, 1.0); /* the reference itself has no spread */
            done[j] = true;
            m++;
        }
        calibration_isotonic(elo, weight, m, fit);
        for (int i = 0; i < m; i++) fitted[member[i]] = fit[i];
    }
}

/* The next candidate after k of k's kind (its neighbour up the ladder), or -1. */
static int ladder_next(const calibration_candidates_t *c, int k)
{
    for (int j = k + 1; j < c->count; j++)
        if (!strcmp(c->kind[j], c->kind[k])) return j;
    return -1;
}

/* The narrowest bracket of ladder neighbours a < b that holds `target` and blends: the spec
 * there in blend; whether there is one. */
static bool bracket_at(const calibration_candidates_t *c, const double *fitted, double target,
                       calibration_between_fn between, int *low, int *high, char *blend, size_t size)
{
    double narrowest = INFINITY;
    char spec[CALIBRATION_SPEC_MAX];
    for (int a = 0; a < c->count; a++) {
        int b = ladder_next(c, a);
        if (b < 0 || !(fitted[a] <= target && target <= fitted[b] && fitted[a] < fitted[b])) continue;
        double gap = fitted[b] - fitted[a];
        if (gap < narrowest && between(c->spec[a], c->spec[b], (target - fitted[a]) / gap, spec, sizeof spec) == 0) {
            narrowest = gap;
            *low = a;
            *high = b;
            snprintf(blend, size, "%s", spec);
        }
    }
    return narrowest < INFINITY;
}

/* The agent whose smoothed rating meets `target` (step 3 of calibration.h): the narrowest
 * bracket of ladder neighbours that blends, else the nearest candidate (the first listed of
 * equally near ones). */
static void agent_at(const calibration_candidates_t *c, const double *fitted, double target,
                     calibration_between_fn between, char *out, size_t size)
{
    int low, high;
    if (bracket_at(c, fitted, target, between, &low, &high, out, size)) return;
    int nearest = 0;
    for (int k = 1; k < c->count; k++)
        if (fabs(fitted[k] - target) < fabs(fitted[nearest] - target)) nearest = k;
    snprintf(out, size, "%s", c->spec[nearest]);
}

void calibration_place(const calibration_candidates_t *candidates, int levels, double spacing,
                       calibration_between_fn between, calibration_placement_t *out)
{
    int n = candidates->count;
    smooth_by_kind(candidates, out->fitted);
    double weakest = out->fitted[0], strongest = out->fitted[0];
    for (int k = 1; k < n; k++) {
        weakest = fmin(weakest, out->fitted[k]);
        strongest = fmax(strongest, out->fitted[k]);
    }
    double range = strongest - weakest;
    out->levels = levels;
    out->spread = spacing == 0;
    out->shrunk = spacing > 0 && range < (levels - 1) * spacing;
    out->spacing = spacing > 0 && !out->shrunk ? spacing : range / (levels - 1);
    for (int level = 0; level < levels; level++) {
        /* spread to the strongest: the top level is that candidate exactly, not a rounding below it */
        bool top = level == levels - 1 && (out->spread || out->shrunk);
        out->target[level] = top ? strongest : weakest + level * out->spacing;
        agent_at(candidates, out->fitted, out->target[level], between, out->spec[level], sizeof out->spec[level]);
    }
}

static bool listed(const calibration_candidates_t *c, const char (*more)[CALIBRATION_SPEC_MAX], int count,
                   const char *spec)
{
    for (int k = 0; k < c->count; k++)
        if (!strcmp(c->spec[k], spec)) return true;
    for (int k = 0; k < count; k++)
        if (!strcmp(more[k], spec)) return true;
    return false;
}

int calibration_refine(const calibration_candidates_t *candidates, const calibration_placement_t *placement,
                       calibration_between_fn between, calibration_refinement_t *out, int max)
{
    int count = 0;
    for (int level = 0; level < placement->levels && count < max && count < CALIBRATION_LEVELS_MAX; level++) {
        int low, high;
        char spec[CALIBRATION_SPEC_MAX];
        if (!bracket_at(candidates, placement->fitted, placement->target[level], between, &low, &high, spec,
                        sizeof spec) ||
            placement->fitted[high] - placement->fitted[low] <= placement->spacing ||
            listed(candidates, (const char(*)[CALIBRATION_SPEC_MAX])out->spec, count, spec))
            continue;
        snprintf(out->spec[count], sizeof out->spec[count], "%s", spec);
        out->after[count++] = low;
    }
    out->count = count;
    return count;
}

int calibration_rate(const char *report_dir, const char *reference, const char *const *specs,
                     const char *const *deals_paths, int n, double confidence, const plot_session_t *plots,
                     report_rated_t *rated, char *error, size_t error_size)
{
    const char *agents[RATING_MAX_AGENTS], *paths[RATING_MAX_AGENTS];
    int agent_count = 0, run_count = 0;
    agents[agent_count++] = reference;
    for (int k = 0; k < n; k++) {
        bool seen = !strcmp(specs[k], reference);
        for (int j = 1; j < agent_count && !seen; j++) seen = !strcmp(agents[j], specs[k]);
        if (seen || !deals_paths[k]) continue;
        agents[agent_count++] = specs[k];
        paths[run_count++] = deals_paths[k];
    }
    report_rated_t by_agent[RATING_MAX_AGENTS];
    int status = 0;
    if (agent_count >= 2) {
        report_ratings_settings_t settings = {CALIBRATION_BOOTSTRAP, confidence, 1, reference, true};
        plot_session_t session;
        plot_start_like(&session, report_dir, plots);
        status = report_ratings(report_dir, paths, run_count, agents, agent_count, &settings, &session, NULL, by_agent,
                                error, error_size);
    }
    for (int k = 0; k < n && status == 0; k++)
        for (int j = 0; j < agent_count; j++)
            if (!strcmp(agents[j], specs[k])) rated[k] = j == 0 ? (report_rated_t){0, 0, 0, 0} : by_agent[j];
    return status;
}

int calibration_write_candidates(const char *dir, const calibration_candidates_t *candidates,
                                 const calibration_placement_t *placement, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "candidates.csv", error, error_size)) return -1;
    fputs("order,candidate,kind,elo,elo_low,elo_high,smoothed_elo,rank\n", file.stream);
    for (int k = 0; k < candidates->count; k++) {
        int rank = 1;
        for (int j = 0; j < candidates->count; j++) rank += placement->fitted[j] < placement->fitted[k];
        const report_rated_t *rated = &candidates->rated[k];
        fprintf(file.stream, "%d,", k + 1);
        stats_csv_field(file.stream, candidates->spec[k]);
        fputc(',', file.stream);
        stats_csv_field(file.stream, candidates->kind[k]);
        fprintf(file.stream, ",%.6f,%.6f,%.6f,%.6f,%d\n", rated->elo, rated->low, rated->high, placement->fitted[k],
                rank);
    }
    return atomic_file_commit(&file, error, error_size);
}

int calibration_write_levels(const char *dir, const calibration_placement_t *placement, const report_rated_t *measured,
                             const double *ms, const char *reference, double confidence, plot_session_t *plots,
                             char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "calibration.csv", error, error_size)) return -1;
    calibration_step_t steps[CALIBRATION_LEVELS_MAX];
    calibration_steps(measured, placement->levels, confidence, steps);
    fputs("level,spec,target_elo,elo,elo_low,elo_high,step,step_low,step_high,distinct,ms_per_decision\n",
          file.stream);
    for (int level = 0; level < placement->levels; level++) {
        fprintf(file.stream, "%d,", level + 1);
        stats_csv_field(file.stream, placement->spec[level]);
        fprintf(file.stream, ",%.6f,%.6f,%.6f,%.6f", placement->target[level], measured[level].elo,
                measured[level].low, measured[level].high);
        if (level == 0) fputs(",,,,", file.stream);
        else
            fprintf(file.stream, ",%.6f,%.6f,%.6f,%d", steps[level].step, steps[level].low, steps[level].high,
                    steps[level].distinct);
        if (ms && !isnan(ms[level])) fprintf(file.stream, ",%.6f\n", ms[level]);
        else fputs(",\n", file.stream);
    }
    if (atomic_file_commit(&file, error, error_size)) return -1;
    /* the verifying runs: each level against the reference (none for a level that is it) */
    plot_counts_t counts = {0};
    for (int level = 0; level < placement->levels; level++) plot_counts_add(&counts, measured[level].blocks);
    char what[512], sample[256], title[4096], label[1024], body[8192];
    snprintf(what, sizeof what, "Difficulty levels against %s: targets, and measured Elo with %.4g%% intervals",
             reference, 100 * confidence);
    plot_sample(sample, sizeof sample, counts.low, counts.high, plots->matches ? "match" : "deal",
                counts.runs > 1 ? "a level" : NULL);
    plot_title(title, sizeof title, plots, what, sample);
    snprintf(what, sizeof what, "Elo relative to %s", reference);
    plot_quote(label, sizeof label, what);
    snprintf(body, sizeof body,
             "%sset xlabel \"level\"\nset ylabel %s\nset grid\nset key outside below center horizontal height 1\n"
             "set xrange [0.5:%d.5]\nset xtics 1\n"
             "plot \"calibration.csv\" skip 1 using 1:3 with linespoints dt 2 pointtype 6 title \"target\", "
             "\"\" skip 1 using 1:4:5:6 with yerrorbars pointtype 7 title \"measured\"",
             title, label, placement->levels);
    return plot_draw(plots, "calibration", body, error, error_size);
}

double calibration_step_level(int levels) { return 1 - 0.05 / (levels > 2 ? levels - 1 : 1); }

void calibration_steps(const report_rated_t *measured, int levels, double confidence, calibration_step_t *steps)
{
    double z = stats_normal_quantile(0.5 + confidence / 2);
    double z_step = stats_normal_quantile(0.5 + calibration_step_level(levels) / 2);
    for (int level = 0; level < levels; level++) {
        calibration_step_t *s = &steps[level];
        *s = (calibration_step_t){NAN, NAN, NAN, false};
        if (level == 0) continue;
        const report_rated_t *a = &measured[level - 1], *b = &measured[level];
        double se_a = (a->high - a->low) / (2 * z), se_b = (b->high - b->low) / (2 * z);
        double half = z_step * sqrt(se_a * se_a + se_b * se_b);
        s->step = b->elo - a->elo;
        s->low = s->step - half;
        s->high = s->step + half;
        s->distinct = s->low > 0 || s->high < 0;
    }
}

void calibration_time_text(char *out, size_t size, double ms)
{
    if (isnan(ms)) snprintf(out, size, "-");
    else if (ms >= 1) snprintf(out, size, "%.1f ms", ms);
    else if (ms >= 0.001) snprintf(out, size, "%.3f ms", ms);
    else snprintf(out, size, "%.3f \xC2\xB5s", 1000 * ms);
}

void calibration_print(FILE *text, const calibration_placement_t *placement, const report_rated_t *measured,
                       const double *ms, const char *reference, double confidence)
{
    char heading[32];
    snprintf(heading, sizeof heading, "%.4g%% interval", 100 * confidence);
    fprintf(text, "%5s  %-40s %9s %9s  %-20s %s\n", "level", "agent", "target", "measured", heading, "a decision");
    for (int level = 0; level < placement->levels; level++) {
        char interval[64], time[32];
        snprintf(interval, sizeof interval, "[%.1f, %.1f]", measured[level].low, measured[level].high);
        calibration_time_text(time, sizeof time, ms ? ms[level] : NAN);
        fprintf(text, "%5d  %-40.40s %9.1f %9.1f  %-20s %s\n", level + 1, placement->spec[level],
                placement->target[level], measured[level].elo, interval, time);
    }
    if (ms) fprintf(text, "a decision: one thread's CPU time on this machine, when the study was played\n");
    fprintf(text, "Elo against %s; spacing %.1f%s\n", reference, placement->spacing,
            placement->shrunk   ? " (the candidates' range is narrower than the spacing asked for: spread evenly "
                                  "over it)"
            : placement->spread ? " (spread evenly from the weakest candidate to the strongest)"
                                : "");
    calibration_step_t steps[CALIBRATION_LEVELS_MAX];
    calibration_steps(measured, placement->levels, confidence, steps);
    int apart = 0;
    for (int level = 1; level < placement->levels; level++) apart += steps[level].distinct;
    fprintf(text, "neighbouring levels told apart: %d of %d (each step's interval at %.4g%%, together 95%%):", apart,
            placement->levels - 1, 100 * calibration_step_level(placement->levels));
    for (int level = 1; level < placement->levels; level++)
        fprintf(text, "%s %d to %d %+.0f [%+.0f, %+.0f]%s", level > 1 ? ";" : "", level, level + 1, steps[level].step,
                steps[level].low, steps[level].high, steps[level].distinct ? "" : " (not told apart)");
    fputc('\n', text);
}
