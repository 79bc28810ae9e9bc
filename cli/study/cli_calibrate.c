/* cli_calibrate.c - `dominolab calibrate`: find the agents behind level:1..10 so that their
 * ratings rise in even steps, and write the table to a file that --levels (or
 * $DOMINOLAB_LEVELS) then reads.
 *
 * The runs: every candidate (a list from weak to strong, default below) plays the reference
 * agent in duplicate (candidates/NN); once the levels are placed, every level plays the
 * reference again on fresh deals (seed + 1, verify/NN). How the ratings are smoothed and
 * the levels placed is analysis/calibration.h's; between two neighbours of one kind that
 * differ in one numeric parameter (greedy:noise=0.5 and greedy:noise=0.25, pimc:samples=8
 * and pimc) the parameter is interpolated (agent_spec_between).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "calibration.h"
#include "cli.h"
#include "commands.h"
#include "config.h"
#include "rating.h"
#include "report.h"
#include "rundir.h"
#include "stats.h"
#include "study/study.h"

enum { DEFAULT_MATCHES = 2000, MAX_CANDIDATES = CALIBRATION_MAX_CANDIDATES };
_Static_assert((int)CALIBRATION_LEVELS == (int)AGENT_LEVEL_COUNT && (int)CALIBRATION_SPEC_MAX == (int)AGENT_SPEC_MAX,
               "analysis/calibration.h places the levels of agents/agent.h");

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

/* ------------------------------------------------------------------ the study */

static void candidate_dir(int k, char *out, size_t size) { snprintf(out, size, "candidates/%02d", k); }
static void verify_dir(int level, char *out, size_t size) { snprintf(out, size, "verify/%02d", level + 1); }

/* The deals.csv of each run in dir (NULL where the spec is the reference: no run). */
static void deals_paths(const char *dir, const char *reference, const char *const *specs, char (*subdirs)[32], int n,
                        char (*storage)[4096], const char **paths)
{
    for (int k = 0; k < n; k++) {
        snprintf(storage[k], sizeof storage[k], "%s/%s/deals.csv", dir, subdirs[k]);
        paths[k] = strcmp(specs[k], reference) ? storage[k] : NULL;
    }
}

/* The strings of an identity's array into `list` (pointers into it); -1 if one is not a string. */
static int identity_list(const json_t *identity, const char *key, const char **list, int max)
{
    const json_t *array = json_object_get(identity, key);
    int n = 0;
    for (size_t k = 0; k < json_array_size(array) && n < max; k++)
        if (!(list[n++] = json_string_value(json_array_get(array, k)))) return -1;
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

/* The levels from the candidates' runs in dir (steps 1-3 of analysis/calibration.h); their
 * ratings and candidates.csv go to out_dir. */
static int measure_candidates(const char *dir, const char *out_dir, const json_t *identity,
                              const plot_session_t *plots, calibration_placement_t *placement, char *error,
                              size_t error_size)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *candidates[MAX_CANDIDATES + 1], *paths[MAX_CANDIDATES + 1];
    int n = identity_list(identity, "candidates", candidates, MAX_CANDIDATES);
    char subdirs[MAX_CANDIDATES + 1][32], report_dir[4096];
    char (*storage)[4096] = malloc((MAX_CANDIDATES + 1) * sizeof *storage);
    report_rated_t rated[MAX_CANDIDATES + 1];
    if (!storage) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (int k = 0; k < n; k++) candidate_dir(k, subdirs[k], sizeof subdirs[k]);
    deals_paths(dir, reference, candidates, subdirs, n, storage, paths);
    int status = report_subdir(out_dir, "candidates", report_dir, sizeof report_dir, error, error_size) ||
                 calibration_rate(report_dir, reference, candidates, paths, n, plots, rated, error, error_size);
    free(storage);
    if (status) return -1;
    calibration_place(candidates, rated, n, json_number_value(json_object_get(identity, "spacing")), agent_spec_between,
                      placement);
    return calibration_write_candidates(out_dir, candidates, rated, n, placement, error, error_size);
}

/* levels.ini, the table --levels reads, at `path`. */
static int write_table(const char *path, const char *dir, const json_t *identity,
                       const calibration_placement_t *placement, const report_rated_t *measured, char *error,
                       size_t error_size)
{
    agent_levels_t levels;
    memset(&levels, 0, sizeof levels);
    char header[2048], comments[AGENT_LEVEL_COUNT][160];
    const char *comment[AGENT_LEVEL_COUNT];
    snprintf(header, sizeof header,
             "; Difficulty levels written by dominolab calibrate (study %s).\n"
             "; %s, preset %s, %d players; reference %s = 0 Elo; spacing %.1f Elo%s.\n"
             "; Use it with --levels %.900s, or DOMINOLAB_LEVELS=%.900s.\n",
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

static const study_field_t calibrate_fields[] = {
    {"reference", STUDY_TEXT, 0, 0},
    {"candidates", STUDY_TEXTS, 2, MAX_CANDIDATES},
    {"spacing", STUDY_NUMBER, 1, 2000},
    {NULL, STUDY_TEXT, 0, 0},
};

/* The report: candidates.csv, the levels, verify/ ratings, calibration.csv, levels.ini in
 * out_dir, plot, text. */
int cli_calibrate_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                         char *error, size_t error_size)
{
    if (study_check_identity(dir, identity, calibrate_fields, error, error_size)) return STUDY_DAMAGED;
    plot_session_t session;
    study_plot_start(&session, out_dir, identity, plots);
    calibration_placement_t placement;
    if (measure_candidates(dir, out_dir, identity, &session, &placement, error, error_size)) return -1;
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *specs[AGENT_LEVEL_COUNT], *paths[AGENT_LEVEL_COUNT];
    char subdirs[AGENT_LEVEL_COUNT][32], storage[AGENT_LEVEL_COUNT][4096], report_dir[4096], table[4096];
    for (int level = 0; level < AGENT_LEVEL_COUNT; level++) {
        specs[level] = placement.spec[level];
        verify_dir(level, subdirs[level], sizeof subdirs[level]);
    }
    /* levels sharing a spec share its first run (see run_levels) */
    for (int level = 1; level < AGENT_LEVEL_COUNT; level++)
        for (int earlier = 0; earlier < level; earlier++)
            if (!strcmp(specs[level], specs[earlier])) memcpy(subdirs[level], subdirs[earlier], sizeof subdirs[0]);
    deals_paths(dir, reference, specs, subdirs, AGENT_LEVEL_COUNT, storage, paths);
    report_rated_t measured[AGENT_LEVEL_COUNT];
    if (report_subdir(out_dir, "verify", report_dir, sizeof report_dir, error, error_size)) return -1;
    snprintf(table, sizeof table, "%s/levels.ini", out_dir);
    if (calibration_rate(report_dir, reference, specs, paths, AGENT_LEVEL_COUNT, &session, measured, error,
                         error_size) ||
        calibration_write_levels(out_dir, &placement, measured, reference, &session, error, error_size) ||
        write_table(table, dir, identity, &placement, measured, error, error_size))
        return -1;
    if (text) {
        calibration_print(text, &placement, measured, reference);
        fprintf(text, "level table written to %s\n", table);
        char line[1024];
        plot_summary(&session, line, sizeof line);
        fprintf(text, "%s\n", line);
    }
    return 0;
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
static bool measured_elsewhere(const calibration_placement_t *placement, int level, const char *reference)
{
    bool repeat = !strcmp(placement->spec[level], reference);
    for (int earlier = 0; earlier < level && !repeat; earlier++)
        repeat = !strcmp(placement->spec[level], placement->spec[earlier]);
    return repeat;
}

static int run_levels(study_t *study, const char *reference, const calibration_placement_t *placement)
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

/* --write FILE takes a file: not a directory, and in a directory that takes new files
 * (checked before the study runs, so a bad --write does not wait for the end to fail). */
static int check_write_target(const char *path, char *why, size_t why_size)
{
    char directory[4096];
    struct stat info;
    if (stat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
        snprintf(why, why_size, "%s is a directory; give the file to write", path);
        return -1;
    }
    if (stat(path, &info) == 0 && access(path, W_OK) != 0) {
        snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(directory, sizeof directory, "%s", path);
    char *slash = strrchr(directory, '/');
    if (slash == directory) slash[1] = '\0';
    else if (slash) *slash = '\0';
    else snprintf(directory, sizeof directory, ".");
    if (access(directory, W_OK) == 0) return 0;
    snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
    return -1;
}

/* --write FILE: the study's levels.ini, copied whole (atomically) once it is written. */
static int copy_table(const char *dir, const char *path, char *error, size_t error_size)
{
    char from[4096];
    snprintf(from, sizeof from, "%s/levels.ini", dir);
    FILE *in = fopen(from, "r");
    atomic_file_t file;
    if (!in) {
        snprintf(error, error_size, "cannot read %.900s: %s", from, strerror(errno));
        return -1;
    }
    if (atomic_file_open(&file, path, error, error_size)) {
        fclose(in);
        return -1;
    }
    char buffer[4096];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, got, file.stream);
    bool failed = ferror(in) != 0;
    fclose(in);
    if (failed) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "cannot read %.900s", from);
        return -1;
    }
    if (atomic_file_commit(&file, error, error_size)) return -1;
    printf("level table also written to %s\n", path);
    return 0;
}

static int run_calibrate(void *raw, int argc, char **argv, const char *file)
{
    calibrate_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    if (!args->study.deals && !args->study.matches) args->study.matches = DEFAULT_MATCHES;
    study_t *study = calloc(1, sizeof *study);
    calibration_placement_t *placement = calloc(1, sizeof *placement);
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
                         study_check_agent(study, "reference", -1, args->reference, error, sizeof error)
                     ? 2
                     : 0;
    char why[CLI_ERROR_SIZE];
    if (status == 0 && args->write && check_write_target(args->write, why, sizeof why)) {
        cli_option_error(&calibrate_spec, args, "write", -1, error, sizeof error, "%s", why);
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
    if (status == 0) {
        const json_t *identity = json_object_get(study->json, "identity");
        plot_session_t session;
        study_plot_start(&session, study->dir, identity, !args->study.no_plots);
        if (measure_candidates(study->dir, study->dir, identity, &session, placement, error, sizeof error)) {
            fprintf(stderr, "dominolab calibrate: %s\n", error);
            status = 1;
        }
    }
    if (status == 0) {
        for (int level = 0; level < AGENT_LEVEL_COUNT; level++) /* the verification runs to come */
            study->runs_total += !measured_elsewhere(placement, level, args->reference);
        status = run_levels(study, args->reference, placement);
    }
    if (status == 0) status = study_conclude(study, cli_calibrate_report);
    if (status == 0 && args->write && copy_table(study->dir, args->write, error, sizeof error)) {
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
