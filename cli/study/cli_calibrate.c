/* cli_calibrate.c - `dominolab calibrate`: find the agents behind level:1..10 so that their
 * ratings rise in even steps, and write the table to a file that --levels (or
 * $DOMINOLAB_LEVELS) then reads.
 *
 * 1. Measure: every candidate (a list from weak to strong, default below) plays the reference
 *    agent in duplicate (candidates/NN); the ratings are fitted with the reference at 0.
 * 2. Smooth: the candidates' ratings, in the order given, are made non-decreasing by
 *    isotonic regression (pool adjacent violators, weights 1/se^2), so noise cannot turn
 *    the ladder over.
 * 3. Place: level 1 sits at the weakest candidate, level n (n - 1) * spacing above it; when
 *    the candidates do not reach 9 * spacing above the weakest, the spacing shrinks to a ninth
 *    of their range (and the report says so). Each level takes the agent whose smoothed
 *    rating meets its target: between two neighbours of one kind that differ in one numeric
 *    parameter (greedy:noise=0.5 and greedy:noise=0.25, pimc:samples=8 and pimc), that
 *    parameter is interpolated (linearly for a real, geometrically for a count); between
 *    two kinds, the nearer neighbour is taken.
 * 4. Verify: every level plays the reference again on fresh deals (seed + 1, verify/NN), and
 *    the measured ratings, with intervals, go into calibration.csv beside the targets.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cli.h"
#include "config.h"
#include "rating.h"
#include "report.h"
#include "rundir.h"
#include "stats.h"
#include "study/study.h"

enum { DEFAULT_MATCHES = 2000, DEFAULT_BOOTSTRAP = 200, MAX_CANDIDATES = RATING_MAX_AGENTS - 1 };

static const char *const default_candidates[] = {
    "greedy:noise=1", "greedy:noise=0.75", "greedy:noise=0.5", "greedy:noise=0.25", "greedy",
    "heuristic:noise=0.5", "heuristic:noise=0.25", "heuristic", "pimc:samples=8", "pimc:samples=16", "pimc",
    "ismcts:iterations=1000", "ismcts:iterations=2000", NULL,
};

typedef struct calibrate_args {
    cli_args_base_t base;
    study_args_t study;
    const char *reference, *write;
    cli_list_t candidate;
    double spacing;
} calibrate_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(calibrate_args_t, field), min, max, NULL, value, help}
static const cli_option_t calibrate_options[] = {
    STUDY_OPTIONS(calibrate_args_t, study, "calibrate"),
    OPTION("reference", "agents", CLI_TEXT, reference, 0, 0, "SPEC", "the agent rated 0 (default greedy)"),
    OPTION("candidate", "agents", CLI_LIST, candidate, 0, 0, "SPEC",
           "an agent the levels may use, listed from weak to strong (repeatable; default a ladder from "
           "greedy:noise=1 to ismcts:iterations=2000)"),
    OPTION("spacing", "calibrate", CLI_REAL, spacing, 1, 2000, "ELO", "Elo between neighbouring levels (default 100)"),
    OPTION("write", "calibrate", CLI_TEXT, write, 0, 0, "FILE",
           "also write the level table here (it is always written to DIR/levels.ini)"),
};
#undef OPTION

static const cli_command_spec_t calibrate_spec = {
    "calibrate",
    "--players N --out DIR [--reference SPEC] [--candidate SPEC ...] [--spacing ELO]\n"
    "                           [--write FILE] [--matches N | --deals N] [--game G] [--preset P] [--seed S]",
    "Finds agents for level:1..10 whose ratings are evenly spaced (default 100 Elo apart) and\n"
    "rise with the level. Each candidate plays the reference (default 2000 duplicate matches);\n"
    "the ratings are smoothed to rise with the list's order, the levels are placed from the\n"
    "weakest candidate up (a parameter between two neighbours of one kind is interpolated),\n"
    "and every level is measured again against the reference on fresh deals. Writes to DIR:\n"
    "  levels.ini        the table: use it with --levels DIR/levels.ini, or DOMINOLAB_LEVELS\n"
    "  calibration.csv   each level: spec, target and measured Elo with its 95% interval\n"
    "  candidates.csv    each candidate: measured and smoothed Elo\n"
    "  candidates/, verify/  the runs and their ratings; plots/calibration.*\n"
    "Columns: docs/analysis.md; a walk-through: docs/tune-difficulty.md. In an experiment file\n"
    "the keys go in [experiment], [game], [options], [agents] and [calibrate].\n",
    calibrate_options,
    (int)(sizeof calibrate_options / sizeof calibrate_options[0]),
};

/* ------------------------------------------------------------------ specs as parameters */

typedef struct parsed_spec {
    char name[64];
    const agent_info_t *info;
    double value[AGENT_MAX_PARAMS]; /* every parameter, given or default */
    bool given[AGENT_MAX_PARAMS];
    char text[AGENT_MAX_PARAMS][64];
} parsed_spec_t;

static const agent_info_t *find_info(const char *name, size_t length)
{
    int count;
    const agent_info_t *const *infos = agent_list(&count);
    for (int k = 0; k < count; k++)
        if (strlen(infos[k]->name) == length && !strncmp(infos[k]->name, name, length)) return infos[k];
    return NULL;
}

/* Reads "name:key=value,..." (already checked by agent_spec_check). Choices compare as text. */
static bool parse_spec(const char *spec, parsed_spec_t *out)
{
    memset(out, 0, sizeof *out);
    size_t length = strcspn(spec, ":");
    out->info = find_info(spec, length);
    if (!out->info || length >= sizeof out->name) return false;
    snprintf(out->name, sizeof out->name, "%.*s", (int)length, spec);
    for (int p = 0; p < out->info->param_count; p++) {
        snprintf(out->text[p], sizeof out->text[p], "%s", out->info->params[p].default_value);
        out->value[p] = atof(out->text[p]);
    }
    const char *rest = spec[length] == ':' ? spec + length + 1 : "";
    while (*rest) {
        size_t item = strcspn(rest, ","), key = strcspn(rest, "=");
        for (int p = 0; p < out->info->param_count; p++)
            if (strlen(out->info->params[p].key) == key && !strncmp(out->info->params[p].key, rest, key)) {
                snprintf(out->text[p], sizeof out->text[p], "%.*s", (int)(item - key - 1), rest + key + 1);
                out->value[p] = atof(out->text[p]);
                out->given[p] = true;
            }
        rest += item + (rest[item] == ',');
    }
    return true;
}

/* The one numeric parameter in which two specs of the same kind differ, or -1. */
static int varying_parameter(const parsed_spec_t *a, const parsed_spec_t *b)
{
    if (a->info != b->info) return -1;
    int varying = -1;
    for (int p = 0; p < a->info->param_count; p++) {
        if (!strcmp(a->text[p], b->text[p])) continue;
        if (varying >= 0 || a->info->params[p].type == AGENT_PARAM_CHOICE) return -1;
        varying = p;
    }
    return varying;
}

/* `a` with parameter p set to `value` (the other parameters as `a` gave them). */
static void spec_with(const parsed_spec_t *a, int p, double value, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "%s", a->name);
    char separator = ':';
    for (int q = 0; q < a->info->param_count && used < size; q++) {
        if (q != p && !a->given[q]) continue;
        if (q == p && a->info->params[q].type == AGENT_PARAM_INT)
            used += (size_t)snprintf(out + used, size - used, "%c%s=%.0f", separator, a->info->params[q].key, value);
        else if (q == p)
            used += (size_t)snprintf(out + used, size - used, "%c%s=%.3g", separator, a->info->params[q].key, value);
        else
            used += (size_t)snprintf(out + used, size - used, "%c%s=%s", separator, a->info->params[q].key, a->text[q]);
        separator = ',';
    }
}

/* ------------------------------------------------------------------ placing the levels */

/* Pool adjacent violators: the non-decreasing sequence nearest y in weighted least squares. */
static void isotonic(const double *y, const double *weight, int n, double *out)
{
    double level[MAX_CANDIDATES + 1], mass[MAX_CANDIDATES + 1];
    int size[MAX_CANDIDATES + 1], blocks = 0;
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

typedef struct placement {
    double fitted[MAX_CANDIDATES + 1];
    double spacing, target[AGENT_LEVEL_COUNT];
    char spec[AGENT_LEVEL_COUNT][AGENT_SPEC_MAX];
    bool shrunk;
} placement_t;

/* The agent whose smoothed rating meets `target` (steps 3 of the top comment). */
static void agent_at(const char *const *candidates, const double *fitted, int n, double target, char *out,
                     size_t size)
{
    int k = 0;
    while (k + 1 < n && fitted[k + 1] < target) k++;
    if (k + 1 >= n || fitted[k] >= target) {
        snprintf(out, size, "%s", candidates[k + 1 < n && fitted[k] < target ? k + 1 : k]);
        return;
    }
    double share = fitted[k + 1] > fitted[k] ? (target - fitted[k]) / (fitted[k + 1] - fitted[k]) : 0;
    parsed_spec_t a, b;
    int p = parse_spec(candidates[k], &a) && parse_spec(candidates[k + 1], &b) ? varying_parameter(&a, &b) : -1;
    if (p < 0) {
        snprintf(out, size, "%s", candidates[share < 0.5 ? k : k + 1]);
        return;
    }
    double from = a.value[p], to = b.value[p], value;
    if (a.info->params[p].type == AGENT_PARAM_INT && from > 0 && to > 0)
        value = round(exp(log(from) + share * (log(to) - log(from))));
    else value = round((from + share * (to - from)) * 1000) / 1000;
    /* at an end, the candidate as it was written */
    if (value == from || value == to) snprintf(out, size, "%s", candidates[value == from ? k : k + 1]);
    else spec_with(&a, p, value, out, size);
}

static void place_levels(const char *const *candidates, const report_rated_t *rated, int n, double spacing,
                         placement_t *out)
{
    double elo[MAX_CANDIDATES + 1], weight[MAX_CANDIDATES + 1];
    for (int k = 0; k < n; k++) {
        double se = (rated[k].high - rated[k].low) / (2 * 1.959963984540054);
        elo[k] = rated[k].elo;
        weight[k] = 1.0 / fmax(se * se, 1.0); /* the reference itself has no spread */
    }
    isotonic(elo, weight, n, out->fitted);
    double range = out->fitted[n - 1] - out->fitted[0];
    out->shrunk = range < (AGENT_LEVEL_COUNT - 1) * spacing;
    out->spacing = out->shrunk ? range / (AGENT_LEVEL_COUNT - 1) : spacing;
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        out->target[level] = out->fitted[0] + level * out->spacing;
        agent_at(candidates, out->fitted, n, out->target[level], out->spec[level], sizeof out->spec[level]);
    }
}

/* ------------------------------------------------------------------ reports */

static int write_candidates(const char *dir, const char *const *candidates, const report_rated_t *rated,
                            const placement_t *placement, int n, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "candidates.csv", error, error_size)) return -1;
    fputs("order,candidate,elo,elo_low,elo_high,smoothed_elo\n", file.stream);
    for (int k = 0; k < n; k++) {
        fprintf(file.stream, "%d,", k + 1);
        stats_csv_field(file.stream, candidates[k]);
        fprintf(file.stream, ",%.6f,%.6f,%.6f,%.6f\n", rated[k].elo, rated[k].low, rated[k].high,
                placement->fitted[k]);
    }
    return atomic_file_commit(&file, error, error_size);
}

static int write_calibration(const char *dir, const placement_t *placement, const report_rated_t *measured,
                             char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "calibration.csv", error, error_size)) return -1;
    fputs("level,spec,target_elo,elo,elo_low,elo_high\n", file.stream);
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        fprintf(file.stream, "%d,", level + AGENT_LEVEL_MIN);
        stats_csv_field(file.stream, placement->spec[level]);
        fprintf(file.stream, ",%.6f,%.6f,%.6f,%.6f\n", placement->target[level], measured[level].elo,
                measured[level].low, measured[level].high);
    }
    return atomic_file_commit(&file, error, error_size);
}

static int write_table(const char *path, const char *dir, const json_t *identity, const placement_t *placement,
                       const report_rated_t *measured, char *error, size_t error_size)
{
    agent_levels_t levels;
    memset(&levels, 0, sizeof levels);
    char header[2048], comments[AGENT_LEVEL_COUNT][160];
    const char *comment[AGENT_LEVEL_COUNT];
    snprintf(header, sizeof header,
             "; Difficulty levels written by dominolab calibrate (study %s).\n"
             "; %s, preset %s, %d players; reference %s = 0 Elo; spacing %.1f Elo%s.\n"
             "; Use it with --levels %s, or DOMINOLAB_LEVELS=%s.\n",
             dir, json_string_value(json_object_get(identity, "game")),
             json_string_value(json_object_get(identity, "preset")),
             (int)json_integer_value(json_object_get(identity, "players")),
             json_string_value(json_object_get(identity, "reference")), placement->spacing,
             placement->shrunk ? " (shrunk to fit the candidates' range)" : "", path, path);
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        snprintf(levels.spec[level], sizeof levels.spec[level], "%s", placement->spec[level]);
        snprintf(comments[level], sizeof comments[level], "target %.1f Elo, measured %.1f [%.1f, %.1f]",
                 placement->target[level], measured[level].elo, measured[level].low, measured[level].high);
        comment[level] = comments[level];
    }
    return config_write_levels(path, &levels, header, comment, error, error_size);
}

static int draw_plot(plot_session_t *plots, const char *reference, char *error, size_t error_size)
{
    char body[1024];
    snprintf(body, sizeof body,
             "set title \"Difficulty levels: measured Elo against %s (95%% interval) and targets\"\n"
             "set xlabel \"level\"\nset ylabel \"Elo\"\nset grid\nset key top left\nset xrange [0.5:10.5]\n"
             "set xtics 1\n"
             "plot \"calibration.csv\" skip 1 using 1:3 with linespoints dt 2 pointtype 6 title \"target\", "
             "\"\" skip 1 using 1:4:5:6 with yerrorbars pointtype 7 title \"measured\"",
             reference);
    return plot_draw(plots, "calibration", body, error, error_size);
}

/* ------------------------------------------------------------------ the study */

static void candidate_dir(int k, char *out, size_t size) { snprintf(out, size, "candidates/%02d", k); }
static void verify_dir(int level, char *out, size_t size) { snprintf(out, size, "verify/%02d", level + 1); }

/* Ratings of `specs` against `reference` from the runs in `subdirs` (NULL: the spec is the
 * reference itself, rated 0 exactly), into report_dir. */
static int rate(const char *dir, const char *report_dir, const char *reference, const char *const *specs,
                char (*subdirs)[32], int n, bool plots, report_rated_t *rated, char *error, size_t error_size)
{
    const char *agents[RATING_MAX_AGENTS], *paths[RATING_MAX_AGENTS];
    char (*storage)[4096] = malloc(RATING_MAX_AGENTS * sizeof *storage);
    if (!storage) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int agent_count = 0, run_count = 0;
    agents[agent_count++] = reference;
    for (int k = 0; k < n; k++) {
        bool seen = !strcmp(specs[k], reference);
        for (int j = 1; j < agent_count && !seen; j++) seen = !strcmp(agents[j], specs[k]);
        if (seen) continue;
        agents[agent_count++] = specs[k];
        snprintf(storage[run_count], sizeof storage[0], "%s/%s/deals.csv", dir, subdirs[k]);
        paths[run_count] = storage[run_count];
        run_count++;
    }
    report_rated_t by_agent[RATING_MAX_AGENTS];
    int status = 0;
    if (agent_count >= 2) {
        report_ratings_settings_t settings = {DEFAULT_BOOTSTRAP, 0.95, 1, reference, true};
        plot_session_t session;
        plot_start(&session, report_dir, plots);
        status = report_ratings(report_dir, paths, run_count, agents, agent_count, &settings, &session, NULL, by_agent,
                                error, error_size);
    } else {
        by_agent[0] = (report_rated_t){0, 0, 0};
    }
    for (int k = 0; k < n && status == 0; k++)
        for (int j = 0; j < agent_count; j++)
            if (!strcmp(agents[j], specs[k])) rated[k] = j == 0 ? (report_rated_t){0, 0, 0} : by_agent[j];
    free(storage);
    return status;
}

/* The candidates of an identity into `list` (pointers into it). */
static int identity_list(const json_t *identity, const char *key, const char **list, int max)
{
    const json_t *array = json_object_get(identity, key);
    int n = 0;
    for (size_t k = 0; k < json_array_size(array) && n < max; k++) list[n++] = json_string_value(json_array_get(array, k));
    return n;
}

/* out_dir/NAME, created. */
static int report_subdir(const char *out_dir, const char *name, char *path, size_t size, char *error,
                         size_t error_size)
{
    snprintf(path, size, "%s/%s", out_dir, name);
    if (rundir_make_directories(path) == 0) return 0;
    snprintf(error, error_size, "cannot create %s: %s", path, strerror(errno));
    return -1;
}

/* The levels from the candidates' runs in dir (steps 1-3); their ratings and candidates.csv
 * go to out_dir. */
static int measure_candidates(const char *dir, const char *out_dir, const json_t *identity, bool plots,
                              placement_t *placement, char *error, size_t error_size)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *candidates[MAX_CANDIDATES + 1];
    int n = identity_list(identity, "candidates", candidates, MAX_CANDIDATES);
    char subdirs[MAX_CANDIDATES + 1][32];
    for (int k = 0; k < n; k++) candidate_dir(k, subdirs[k], sizeof subdirs[k]);
    report_rated_t rated[MAX_CANDIDATES + 1];
    char report_dir[4096];
    if (report_subdir(out_dir, "candidates", report_dir, sizeof report_dir, error, error_size) ||
        rate(dir, report_dir, reference, candidates, subdirs, n, plots, rated, error, error_size))
        return -1;
    place_levels(candidates, rated, n, json_real_value(json_object_get(identity, "spacing")), placement);
    return write_candidates(out_dir, candidates, rated, placement, n, error, error_size);
}

/* The report: candidates.csv, the levels, verify/ ratings, calibration.csv, levels.ini in
 * out_dir (and the table also at `also`, unless NULL), plot, text. */
static int calibrate_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                            const char *also, char *error, size_t error_size)
{
    placement_t placement;
    if (measure_candidates(dir, out_dir, identity, plots, &placement, error, error_size)) return -1;
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *specs[AGENT_LEVEL_COUNT];
    char subdirs[AGENT_LEVEL_COUNT][32], report_dir[4096], table[4096];
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        specs[level] = placement.spec[level];
        verify_dir(level, subdirs[level], sizeof subdirs[level]);
    }
    /* levels sharing a spec share its first run (see run_levels) */
    for (int level = 1; level < AGENT_LEVEL_COUNT; level++)
        for (int earlier = 0; earlier < level; earlier++)
            if (!strcmp(specs[level], specs[earlier])) memcpy(subdirs[level], subdirs[earlier], sizeof subdirs[0]);
    report_rated_t measured[AGENT_LEVEL_COUNT];
    if (report_subdir(out_dir, "verify", report_dir, sizeof report_dir, error, error_size)) return -1;
    snprintf(table, sizeof table, "%s/levels.ini", out_dir);
    plot_session_t session;
    plot_start(&session, out_dir, plots);
    if (rate(dir, report_dir, reference, specs, subdirs, AGENT_LEVEL_COUNT, plots, measured, error, error_size) ||
        write_calibration(out_dir, &placement, measured, error, error_size) ||
        write_table(table, dir, identity, &placement, measured, error, error_size) ||
        (also && write_table(also, dir, identity, &placement, measured, error, error_size)) ||
        draw_plot(&session, reference, error, error_size))
        return -1;
    if (text) {
        fprintf(text, "%5s  %-40s %9s %9s  %s\n", "level", "agent", "target", "measured", "95% interval");
        for (int level = 0; level < AGENT_LEVEL_COUNT; level++)
            fprintf(text, "%5d  %-40.40s %9.1f %9.1f  [%.1f, %.1f]\n", level + 1, placement.spec[level],
                    placement.target[level], measured[level].elo, measured[level].low, measured[level].high);
        fprintf(text, "Elo against %s; spacing %.1f%s\n", reference, placement.spacing,
                placement.shrunk ? " (the candidates' range is narrower than 9 x the spacing asked for)" : "");
        fprintf(text, "level table written to %s%s%s\n", table, also ? " and " : "", also ? also : "");
        char line[1024];
        plot_summary(&session, line, sizeof line);
        fprintf(text, "%s\n", line);
    }
    return 0;
}

int cli_calibrate_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                         char *error, size_t error_size)
{
    return calibrate_report(dir, out_dir, identity, plots, text, NULL, error, error_size);
}

static int run_candidates(study_t *study, const char *reference, const char *const *candidates, int n)
{
    for (int k = 0; k < n; k++) {
        if (!strcmp(candidates[k], reference)) continue; /* rated 0 by definition */
        char subdir[32], label[2 * AGENT_SPEC_MAX + 16], agents[2 * AGENT_SPEC_MAX + 2];
        candidate_dir(k, subdir, sizeof subdir);
        snprintf(label, sizeof label, "candidate %s against %s", candidates[k], reference);
        snprintf(agents, sizeof agents, "%s,%s", candidates[k], reference);
        study_run_spec_t run = {.subdir = subdir, .label = label, .agents = agents};
        int played = study_run(study, &run);
        if (played) return study_stopped(study, played);
    }
    return 0;
}

/* A level needs no run of its own: it is the reference, or a lower level's agent. */
static bool measured_elsewhere(const placement_t *placement, int level, const char *reference)
{
    bool repeat = !strcmp(placement->spec[level], reference);
    for (int earlier = 0; earlier < level && !repeat; earlier++)
        repeat = !strcmp(placement->spec[level], placement->spec[earlier]);
    return repeat;
}

static int run_levels(study_t *study, const char *reference, const placement_t *placement)
{
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        const char *spec = placement->spec[level];
        if (measured_elsewhere(placement, level, reference)) continue;
        char subdir[32], label[2 * AGENT_SPEC_MAX + 32], agents[2 * AGENT_SPEC_MAX + 2];
        verify_dir(level, subdir, sizeof subdir);
        snprintf(label, sizeof label, "level %d (%s) against %s", level + 1, spec, reference);
        snprintf(agents, sizeof agents, "%s,%s", spec, reference);
        study_run_spec_t run = {.subdir = subdir, .label = label, .agents = agents, .seed_offset = 1};
        int played = study_run(study, &run);
        if (played) return study_stopped(study, played);
    }
    return 0;
}

/* The directory `path` would go in exists and takes new files (checked before the study
 * runs, so a bad --write does not wait for the end to fail). */
static bool writable_place(const char *path)
{
    char directory[4096];
    snprintf(directory, sizeof directory, "%s", path);
    char *slash = strrchr(directory, '/');
    if (slash == directory) slash[1] = '\0';
    else if (slash) *slash = '\0';
    else snprintf(directory, sizeof directory, ".");
    return access(directory, W_OK) == 0;
}

static int run_calibrate(void *raw, int argc, char **argv, const char *file)
{
    calibrate_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    if (!args->study.deals && !args->study.matches) args->study.matches = DEFAULT_MATCHES;
    study_t *study = calloc(1, sizeof *study);
    placement_t *placement = calloc(1, sizeof *placement);
    if (!study || !placement) {
        free(study);
        free(placement);
        fprintf(stderr, "dominolab calibrate: out of memory\n");
        return 1;
    }
    const char *candidates[MAX_CANDIDATES + 1];
    int n = 0;
    if (args->candidate.count)
        for (int k = 0; k < args->candidate.count && n < MAX_CANDIDATES; k++) candidates[n++] = args->candidate.item[k];
    else
        for (int k = 0; default_candidates[k]; k++) candidates[n++] = default_candidates[k];
    int status = study_open(study, "calibrate", &calibrate_spec, args, &args->study, 0, argc, argv, file, error,
                            sizeof error) ||
                         study_check_pair_seats(study, error, sizeof error) ||
                         study_check_agent(study, "reference", -1, args->reference, error, sizeof error)
                     ? 2
                     : 0;
    if (status == 0 && args->write && !writable_place(args->write)) {
        cli_option_error(&calibrate_spec, args, "write", -1, error, sizeof error, "cannot write %s: %s", args->write,
                         strerror(errno));
        status = 2;
    }
    if (status == 0 && (args->candidate.count > MAX_CANDIDATES || n < 2)) {
        cli_option_error(&calibrate_spec, args, "candidate", args->candidate.count - 1, error, sizeof error,
                         "give 2 to %d candidates", MAX_CANDIDATES);
        status = 2;
    }
    for (int k = 0; k < n && status == 0; k++) {
        if (study_check_agent(study, "candidate", args->candidate.count ? k : -1, candidates[k], error, sizeof error))
            status = 2;
        else if (agent_spec_is_level(candidates[k])) {
            cli_option_error(&calibrate_spec, args, "candidate", k, error, sizeof error,
                             "'%s' is a level; give the agent itself", candidates[k]);
            status = 2;
        }
        for (int j = 0; j < k && status == 0; j++)
            if (!strcmp(candidates[j], candidates[k])) {
                cli_option_error(&calibrate_spec, args, "candidate", k, error, sizeof error, "'%s' is given twice",
                                 candidates[k]);
                status = 2;
            }
    }
    if (status == 0) {
        json_t *identity = json_object(), *list = json_array();
        for (int k = 0; k < n; k++) json_array_append_new(list, json_string(candidates[k]));
        json_object_set_new(identity, "reference", json_string(args->reference));
        json_object_set_new(identity, "candidates", list);
        json_object_set_new(identity, "spacing", json_real(args->spacing));
        int prepared = study_prepare(study, identity, error, sizeof error);
        if (prepared) status = prepared < 0 ? 2 : STUDY_CHECKED;
    }
    if (status && status != STUDY_CHECKED) fprintf(stderr, "dominolab calibrate: %s\n", error);
    study->runs_total = 0;
    for (int k = 0; k < n; k++) study->runs_total += strcmp(candidates[k], args->reference) != 0;
    if (status == 0) status = run_candidates(study, args->reference, candidates, n);
    const json_t *identity = study->json ? json_object_get(study->json, "identity") : NULL;
    if (status == 0 &&
        measure_candidates(study->dir, study->dir, identity, !args->study.no_plots, placement, error, sizeof error)) {
        fprintf(stderr, "dominolab calibrate: %s\n", error);
        status = 1;
    }
    if (status == 0) {
        for (int level = 0; level < AGENT_LEVEL_COUNT; level++) /* the verification runs to come */
            study->runs_total += !measured_elsewhere(placement, level, args->reference);
        status = run_levels(study, args->reference, placement);
    }
    if (status == 0 && (calibrate_report(study->dir, study->dir, identity, !args->study.no_plots, stdout, args->write,
                                         error, sizeof error) ||
                        study_finish(study, error, sizeof error))) {
        fprintf(stderr, "dominolab calibrate: %s\n", error);
        status = 1;
    }
    study_close(study);
    free(study);
    free(placement);
    return status;
}

static void default_args(void *raw)
{
    calibrate_args_t *args = raw;
    memset(args, 0, sizeof *args);
    study_default_args(&args->study);
    args->reference = "greedy";
    args->spacing = 100;
}

static const study_command_t calibrate_command = {&calibrate_spec, sizeof(calibrate_args_t),
                                                  offsetof(calibrate_args_t, study), default_args, run_calibrate};

int cli_calibrate(int argc, char **argv) { return study_main(&calibrate_command, argc, argv); }
int cli_calibrate_config(const config_file_t *file, bool resume, bool check)
{
    return study_main_config(&calibrate_command, file, resume, check);
}
