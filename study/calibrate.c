/* calibrate.c - the agents behind level:1..N, their ratings rising in even steps, written as
 * a level table with the game it was measured for (studies.h).
 *
 * The runs: every candidate (the candidates of one kind listed from weak to strong, the
 * kinds in any order) plays the reference agent in duplicate (candidates/NN); once the
 * levels are placed, every level plays the reference again on fresh deals (seed + 1,
 * verify/NN). How the ratings are smoothed and the levels placed is
 * analysis/calibration.h's: a candidate's kind is its agent's name; between two neighbours
 * of one kind that differ in one numeric parameter (greedy:noise=0.5 and greedy:noise=0.25,
 * pimc:samples=8 and pimc) the parameter is interpolated (agent_spec_between).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calibration.h"
#include "config.h"
#include "games.h"
#include "rating.h"
#include "records/replay.h"
#include "report.h"
#include "rundir.h"
#include "studies.h"
#include "study_pair.h"

enum { MAX_CANDIDATES = CALIBRATION_MAX_CANDIDATES, MIN_LEVELS = 2 };
_Static_assert((int)CALIBRATION_LEVELS_MAX == (int)AGENT_LEVEL_COUNT &&
                   (int)CALIBRATION_SPEC_MAX == (int)AGENT_SPEC_MAX,
               "analysis/calibration.h places the levels of agents/agent.h");

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

/* The number of levels a study asked for: level_count, or 10 in a study made before it was
 * recorded. 0 when it is there but out of range. */
static int level_count(const json_t *identity)
{
    const json_t *count = json_object_get(identity, "level_count");
    if (!count) return AGENT_LEVEL_COUNT;
    json_int_t value = json_is_integer(count) ? json_integer_value(count) : 0;
    return value >= MIN_LEVELS && value <= AGENT_LEVEL_MAX ? (int)value : 0;
}

/* The kind of a candidate: its agent's name, the spec's part before ':'. */
static void kind_of(const char *spec, char *out, size_t size)
{
    size_t length = strcspn(spec, ":");
    if (length >= size) length = size - 1;
    memcpy(out, spec, length);
    out[length] = '\0';
}

/* The candidates measured: those listed in study.json, then those the refinement added
 * (calibration_refine) after each round, in ladder order, each with the number of its run
 * (candidates/NN: a listed one by its place in the list, an added one from `listed` on). */
typedef struct candidate_set {
    int count, listed, added;
    const char *spec[MAX_CANDIDATES + 1], *kind[MAX_CANDIDATES + 1];
    int run[MAX_CANDIDATES + 1];
    char added_spec[MAX_CANDIDATES + 1][AGENT_SPEC_MAX];
    char kind_text[MAX_CANDIDATES + 1][AGENT_SPEC_MAX]; /* by run number */
} candidate_set_t;

/* The rounds of refinement a study asked for: refine, or 0 in a study made before it. */
static int refine_rounds(const json_t *identity)
{
    return (int)json_integer_value(json_object_get(identity, "refine"));
}

static int set_from_identity(candidate_set_t *set, const json_t *identity)
{
    memset(set, 0, sizeof *set);
    set->count = set->listed = identity_list(identity, "candidates", set->spec, MAX_CANDIDATES);
    for (int k = 0; k < set->count; k++) {
        set->run[k] = k;
        kind_of(set->spec[k], set->kind_text[k], sizeof set->kind_text[k]);
        set->kind[k] = set->kind_text[k];
    }
    return set->count < 0 ? -1 : 0;
}

/* The refinements into the set, each right after its lower neighbour (so ladders keep their
 * order; those after one neighbour in the order given), their runs numbered on from the
 * set's last. */
static void set_add(candidate_set_t *set, const calibration_refinement_t *more)
{
    for (int r = more->count - 1; r >= 0; r--) {
        if (set->count == MAX_CANDIDATES) continue;
        int at = more->after[r] + 1, run = set->listed + set->added;
        char *spec = set->added_spec[set->added++];
        snprintf(spec, AGENT_SPEC_MAX, "%s", more->spec[r]);
        kind_of(spec, set->kind_text[run], sizeof set->kind_text[run]);
        memmove(&set->spec[at + 1], &set->spec[at], (size_t)(set->count - at) * sizeof set->spec[0]);
        memmove(&set->kind[at + 1], &set->kind[at], (size_t)(set->count - at) * sizeof set->kind[0]);
        memmove(&set->run[at + 1], &set->run[at], (size_t)(set->count - at) * sizeof set->run[0]);
        set->spec[at] = spec;
        set->kind[at] = set->kind_text[run];
        set->run[at] = run;
        set->count++;
    }
}

/* The levels from the set's runs in dir (steps 1-3 of analysis/calibration.h); their
 * ratings and candidates.csv go to out_dir. */
static int measure_set(const char *dir, const char *out_dir, const json_t *identity, const candidate_set_t *set,
                       const plot_session_t *plots, calibration_placement_t *placement, char *error, size_t error_size)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *paths[MAX_CANDIDATES + 1];
    int n = set->count;
    char subdirs[MAX_CANDIDATES + 1][32], report_dir[4096];
    char (*storage)[4096] = malloc((MAX_CANDIDATES + 1) * sizeof *storage);
    report_rated_t rated[MAX_CANDIDATES + 1];
    if (!storage) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (int k = 0; k < n; k++) candidate_dir(set->run[k], subdirs[k], sizeof subdirs[k]);
    deals_paths(dir, reference, set->spec, subdirs, n, storage, paths);
    sequential_plan_t plan;
    study_sequential_plan(identity, &plan);
    int status = report_subdir(out_dir, "candidates", report_dir, sizeof report_dir, error, error_size) ||
                 calibration_rate(report_dir, reference, set->spec, paths, n, plan.level, plots, rated, error,
                                  error_size);
    free(storage);
    if (status) return -1;
    calibration_candidates_t measured = {set->spec, set->kind, rated, n};
    calibration_place(&measured, level_count(identity), json_number_value(json_object_get(identity, "spacing")),
                      agent_spec_between, placement);
    return calibration_write_candidates(out_dir, &measured, placement, error, error_size);
}

/* What the next round measures: the refinements of the levels placed from the set (none
 * after the last round the study asked for). */
static int refine(const json_t *identity, int round, const candidate_set_t *set,
                  const calibration_placement_t *placement, calibration_refinement_t *more)
{
    more->count = 0;
    if (round >= refine_rounds(identity)) return 0;
    calibration_candidates_t placed = {set->spec, set->kind, NULL, set->count};
    return calibration_refine(&placed, placement, agent_spec_between, more, MAX_CANDIDATES - set->count);
}

/* Whether some of the set's runs from `first` on have not finished (each said to `text`). */
static bool set_missing(const char *dir, const json_t *identity, const candidate_set_t *set, int first, FILE *text)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    bool missing = false;
    for (int k = 0; k < set->count; k++) {
        if (set->run[k] < first || !strcmp(set->spec[k], reference)) continue; /* the reference: no run, rated 0 */
        char subdir[32];
        candidate_dir(set->run[k], subdir, sizeof subdir);
        missing |= study_run_missing(dir, subdir, text);
    }
    return missing;
}

/* The levels from every round: the set measured, refined and measured again, the runs of
 * each round's refinements played by `play` (NULL: they must be there, as for a report).
 * 0, STUDY_UNFINISHED, -1 with a message, or the status `play` returned. */
typedef int (*play_added_fn)(study_t *study, const candidate_set_t *set, int first);
static int measure_rounds(const char *dir, const char *out_dir, const json_t *identity, const plot_session_t *plots,
                          candidate_set_t *set, calibration_placement_t *placement, study_t *study,
                          play_added_fn play, FILE *text, char *error, size_t error_size)
{
    for (int round = 0;; round++) {
        if (measure_set(dir, out_dir, identity, set, plots, placement, error, error_size)) return -1;
        calibration_refinement_t more;
        if (refine(identity, round, set, placement, &more) == 0) return 0;
        int first = set->listed + set->added;
        set_add(set, &more);
        int status = play ? play(study, set, first) : 0;
        if (status) return status;
        if (!play && set_missing(dir, identity, set, first, text)) {
            snprintf(error, error_size, "the levels are placed from every candidate's rating, and some are not "
                                        "measured yet");
            return STUDY_UNFINISHED;
        }
    }
}

/* The study's game as a level table records it: game, preset, players and the options set
 * over the preset (the identity's options configured again: a damaged study.json is refused). */
static int table_game(const char *dir, const json_t *identity, agent_levels_t *levels, char *error,
                      size_t error_size)
{
    const char *name = json_string_value(json_object_get(identity, "game"));
    const char *preset = json_string_value(json_object_get(identity, "preset"));
    const game_t *game = game_find(name);
    int preset_index = game ? game_preset_index(game, preset) : -1;
    if (preset_index < 0) {
        snprintf(error, error_size, "%s/study.json: identity key %s: not one dominolab knows", dir,
                 game ? "preset" : "game");
        return -1;
    }
    char items[OPTIONS_MAX][STUDY_OVERRIDE_MAX], message[OPTIONS_ERROR_SIZE];
    const char *overrides[OPTIONS_MAX];
    int count = 0;
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)json_object_get(identity, "options"), key, value) {
        char text[OPTIONS_ERROR_SIZE];
        int written = count == OPTIONS_MAX || replay_option_text(value, text, sizeof text)
                          ? -1
                          : snprintf(items[count], sizeof items[count], "%s=%s", key, text);
        if (written < 0 || (size_t)written >= sizeof items[count]) {
            snprintf(error, error_size, "%s/study.json: identity key options: %s is not a rule option's value", dir,
                     key);
            return -1;
        }
        overrides[count] = items[count];
        count++;
    }
    option_values_t values;
    if (game_configure(game, preset, overrides, count, &values, message, sizeof message)) {
        snprintf(error, error_size, "%s/study.json: identity key options: %s", dir, message);
        return -1;
    }
    snprintf(levels->game, sizeof levels->game, "%s", game->name);
    snprintf(levels->preset, sizeof levels->preset, "%s", game->presets[preset_index].name);
    levels->players = (int)json_integer_value(json_object_get(identity, "players"));
    levels->option_count = setup_rules_over_preset(game, preset, &values, levels->option, OPTIONS_MAX);
    return 0;
}

/* levels.ini, the table --level-table reads, at `path`; `levels` holds its game. */
static int write_table(const char *path, const char *dir, const json_t *identity, agent_levels_t *levels,
                       const calibration_placement_t *placement, const report_rated_t *measured, const double *ms,
                       char *error, size_t error_size)
{
    char header[1024], comments[AGENT_LEVEL_COUNT][160];
    const char *comment[AGENT_LEVEL_COUNT];
    /* an INI line holds CONFIG_LINE_MAX characters: long paths are cut in the comments */
    snprintf(header, sizeof header,
             "; Difficulty levels written by dominolab calibrate (study %.120s).\n"
             "; Reference %.100s = 0 Elo; spacing %.1f Elo%s.\n"
             "; Use it with --level-table %.150s, or DOMINOLAB_LEVELS.\n",
             dir, json_string_value(json_object_get(identity, "reference")), placement->spacing,
             placement->shrunk   ? " (shrunk to fit the candidates' range)"
             : placement->spread ? " (spread evenly from the weakest candidate to the strongest)"
                                 : "",
             path);
    levels->count = placement->levels;
    for (int level = 0; level < placement->levels; level++) {
        snprintf(levels->spec[level], sizeof levels->spec[level], "%s", placement->spec[level]);
        int used = snprintf(comments[level], sizeof comments[level], "target %.1f Elo, measured %.1f [%.1f, %.1f]",
                            placement->target[level], measured[level].elo, measured[level].low, measured[level].high);
        char time[32];
        calibration_time_text(time, sizeof time, ms[level]);
        if (!isnan(ms[level]) && used > 0 && (size_t)used < sizeof comments[level])
            snprintf(comments[level] + used, sizeof comments[level] - (size_t)used,
                     "; %s of CPU a decision where it was measured", time);
        comment[level] = comments[level];
    }
    return config_write_levels(path, levels, header, comment, error, error_size);
}

static const study_field_t calibrate_fields[] = {
    {"reference", STUDY_TEXT, 0, 0},
    {"candidates", STUDY_TEXTS, 2, MAX_CANDIDATES},
    {"spacing", STUDY_NUMBER, 0, 2000}, /* 0: spread evenly */
    {NULL, STUDY_TEXT, 0, 0},
};

/* A run of the study: its directory and what it played. */
typedef struct calibrate_run {
    char subdir[32], label[2 * AGENT_SPEC_MAX + 48];
} calibrate_run_t;

/* The runs of the study: each candidate's, then each level's own (a level that is the
 * reference, or a lower level's agent, has none). */
typedef struct calibrate_runs {
    calibrate_run_t *names;
    study_sample_run_t *runs;
    int count;
} calibrate_runs_t;

static void free_runs(calibrate_runs_t *list)
{
    free(list->names);
    free(list->runs);
}

static int list_runs(const json_t *identity, const candidate_set_t *set, const char *const *specs,
                     const char *const *paths, char (*subdirs)[32], int levels, calibrate_runs_t *list, char *error,
                     size_t error_size)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    int n = set->count;
    calibrate_run_t *names = list->names = calloc((size_t)(n + levels) + 1, sizeof *names);
    study_sample_run_t *runs = list->runs = calloc((size_t)(n + levels) + 1, sizeof *runs);
    if (!names || !runs) {
        free_runs(list);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int count = 0;
    for (int k = 0; k < n; k++) {
        if (!strcmp(set->spec[k], reference)) continue; /* no run: rated 0 */
        candidate_dir(set->run[k], names[count].subdir, sizeof names[count].subdir);
        snprintf(names[count].label, sizeof names[count].label, "candidate %s against %s", set->spec[k], reference);
        runs[count] = (study_sample_run_t){names[count].subdir, names[count].label, NULL};
        count++;
    }
    for (int level = 0; level < levels; level++) {
        char own[32];
        verify_dir(level, own, sizeof own);
        if (!paths[level] || strcmp(subdirs[level], own)) continue; /* the reference, or a lower level's run */
        snprintf(names[count].subdir, sizeof names[count].subdir, "%s", own);
        snprintf(names[count].label, sizeof names[count].label, "level %d (%s) against %s", level + 1, specs[level],
                 reference);
        runs[count] = (study_sample_run_t){names[count].subdir, names[count].label, NULL};
        count++;
    }
    list->count = count;
    return 0;
}

/* The levels for the terminal, with the bots that faulted named under them. */
static void print_levels(FILE *text, const calibration_placement_t *placement, const report_rated_t *measured,
                         const double *ms, const char *reference, double confidence, const report_faults_t *faults,
                         const char *table_path, const plot_session_t *session)
{
    calibration_print(text, placement, measured, ms, reference, confidence);
    report_faults_print(text, faults); /* their ratings, and the levels placed by them, are their fallbacks' too */
    fprintf(text, "level table written to %s\n", table_path);
    char line[1024];
    plot_summary(session, line, sizeof line);
    fprintf(text, "%s\n", line);
}

/* The levels' part of the report, once the candidates placed them. */
static int level_report(const char *dir, const char *out_dir, const json_t *identity, agent_levels_t *table,
                        const candidate_set_t *set, const calibration_placement_t *placement,
                        plot_session_t *session, FILE *text, char *error, size_t error_size)
{
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    const char *specs[AGENT_LEVEL_COUNT], *paths[AGENT_LEVEL_COUNT];
    char subdirs[AGENT_LEVEL_COUNT][32], storage[AGENT_LEVEL_COUNT][4096], report_dir[4096], table_path[4096];
    int levels = placement->levels;
    for (int level = 0; level < levels; level++) {
        specs[level] = placement->spec[level];
        verify_dir(level, subdirs[level], sizeof subdirs[level]);
    }
    /* levels sharing a spec share its first run (see run_levels) */
    for (int level = 1; level < levels; level++)
        for (int earlier = 0; earlier < level; earlier++)
            if (!strcmp(specs[level], specs[earlier])) memcpy(subdirs[level], subdirs[earlier], sizeof subdirs[0]);
    deals_paths(dir, reference, specs, subdirs, levels, storage, paths);
    bool missing = false;
    for (int level = 0; level < levels; level++)
        if (paths[level]) missing |= study_run_missing(dir, subdirs[level], text);
    if (missing) {
        snprintf(error, error_size, "the levels are placed (candidates.csv), but not every level is measured again yet");
        return STUDY_UNFINISHED;
    }
    report_rated_t measured[AGENT_LEVEL_COUNT];
    if (report_subdir(out_dir, "verify", report_dir, sizeof report_dir, error, error_size)) return -1;
    snprintf(table_path, sizeof table_path, "%s/levels.ini", out_dir);
    sequential_plan_t plan;
    study_sequential_plan(identity, &plan);
    study_sequential_note(text, &plan, "run");
    calibrate_timing_t *timing = malloc(sizeof *timing);
    double ms[AGENT_LEVEL_COUNT];
    if (!timing) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int read = calibrate_timing_read(dir, timing, error, error_size); /* a study made before it: none */
    for (int level = 0; level < levels; level++) ms[level] = read ? NAN : calibrate_timing_of(timing, specs[level]);
    free(timing);
    if (read || calibration_rate(report_dir, reference, specs, paths, levels, plan.level, session, measured, error,
                                 error_size) ||
        calibration_write_levels(out_dir, placement, measured, ms, reference, plan.level, session, error,
                                 error_size) ||
        write_table(table_path, dir, identity, table, placement, measured, ms, error, error_size))
        return -1;
    calibrate_runs_t list;
    if (list_runs(identity, set, specs, paths, subdirs, levels, &list, error, error_size)) return -1;
    report_faults_t *faults = NULL;
    int status = study_faults_read(dir, list.runs, list.count, &faults, error, error_size);
    if (status == 0 && text)
        print_levels(text, placement, measured, ms, reference, plan.level, faults, table_path, session);
    study_html_t html = {REPORT_HTML_CALIBRATION, list.runs, list.count, reference, NULL, faults};
    if (status == 0) status = study_write_html(dir, out_dir, identity, session, &html, text, error, error_size);
    free(faults);
    free_runs(&list);
    return status;
}

/* The report of study_calibrate_report, with `table` to fill and write. */
static int calibrate_report(const char *dir, const char *out_dir, const json_t *identity, agent_levels_t *table,
                            bool plots, FILE *text, char *error, size_t error_size)
{
    if (table_game(dir, identity, table, error, error_size)) return STUDY_DAMAGED;
    candidate_set_t *set = malloc(sizeof *set);
    if (!set) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (set_from_identity(set, identity)) {
        snprintf(error, error_size, "%s/study.json: identity key candidates: not a list of words", dir);
        free(set);
        return STUDY_DAMAGED;
    }
    if (set_missing(dir, identity, set, 0, text)) {
        snprintf(error, error_size, "the levels are placed from every candidate's rating, and some are not measured yet");
        free(set);
        return STUDY_UNFINISHED;
    }
    plot_session_t session;
    study_plot_start(&session, out_dir, identity, plots);
    calibration_placement_t placement;
    int measured_status =
        measure_rounds(dir, out_dir, identity, &session, set, &placement, NULL, NULL, text, error, error_size);
    if (measured_status) {
        free(set);
        return measured_status;
    }
    int status = level_report(dir, out_dir, identity, table, set, &placement, &session, text, error, error_size);
    free(set);
    return status;
}

/* The report: candidates.csv, the levels, verify/ ratings, calibration.csv, levels.ini in
 * out_dir, plot, text, and report.html. */
int study_calibrate_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                           char *error, size_t error_size)
{
    if (study_check_identity(dir, identity, calibrate_fields, error, error_size)) return STUDY_DAMAGED;
    if (!level_count(identity)) {
        snprintf(error, error_size, "%s/study.json: identity key level_count: not a number of levels from %d to %d",
                 dir, MIN_LEVELS, AGENT_LEVEL_MAX);
        return STUDY_DAMAGED;
    }
    const json_t *rounds = json_object_get(identity, "refine");
    if (rounds && !(json_is_integer(rounds) && json_integer_value(rounds) >= 0 &&
                    json_integer_value(rounds) <= STUDY_REFINE_MAX)) {
        snprintf(error, error_size, "%s/study.json: identity key refine: not a number of rounds from 0 to %d", dir,
                 STUDY_REFINE_MAX);
        return STUDY_DAMAGED;
    }
    agent_levels_t *table = calloc(1, sizeof *table);
    if (!table) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int status = calibrate_report(dir, out_dir, identity, table, plots, text, error, error_size);
    free(table);
    return status;
}

typedef struct candidate_run {
    char subdir[32], label[2 * AGENT_SPEC_MAX + 16];
    study_sequential_t stop;
} candidate_run_t;

/* Each candidate against the reference; the study's work, with the `levels` verifying runs
 * to come, announced first. */
static int run_candidates(study_t *study, const char *reference, const char *const *candidates, int n, int levels)
{
    candidate_run_t *names = calloc((size_t)n + 1, sizeof *names);
    study_run_spec_t *runs = calloc((size_t)n + 1, sizeof *runs);
    if (!names || !runs) {
        free(names);
        free(runs);
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    int count = 0;
    for (int k = 0; k < n; k++) {
        if (!strcmp(candidates[k], reference)) continue; /* rated 0 by definition */
        candidate_run_t *name = &names[count];
        candidate_dir(k, name->subdir, sizeof name->subdir);
        snprintf(name->label, sizeof name->label, "candidate %s against %s", candidates[k], reference);
        runs[count] = (study_run_spec_t){.subdir = name->subdir, .label = name->label,
                                         .agents = {candidates[k], reference}, .agent_count = 2};
        study_sequential_attach(&name->stop, study, study_identity(study), candidates[k], reference, &runs[count]);
        count++;
    }
    int status = study_run_all(study, runs, count, levels, study->units);
    free(names);
    free(runs);
    return status;
}

/* The runs of the set's candidates added from run `first` on, each against the reference. */
static int play_added(study_t *study, const candidate_set_t *set, int first)
{
    const json_t *identity = study_identity(study);
    const char *reference = json_string_value(json_object_get(identity, "reference"));
    for (int k = 0; k < set->count; k++)
        study->runs_total += set->run[k] >= first && strcmp(set->spec[k], reference) != 0;
    for (int k = 0; k < set->count; k++) {
        if (set->run[k] < first || !strcmp(set->spec[k], reference)) continue;
        candidate_run_t name;
        candidate_dir(set->run[k], name.subdir, sizeof name.subdir);
        snprintf(name.label, sizeof name.label, "candidate %s against %s (measured where a level fell)",
                 set->spec[k], reference);
        study_run_spec_t run = {.subdir = name.subdir, .label = name.label, .agents = {set->spec[k], reference},
                                .agent_count = 2};
        study_sequential_attach(&name.stop, study, identity, set->spec[k], reference, &run);
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
    for (int level = 0; level < placement->levels; level++) {
        const char *spec = placement->spec[level];
        if (measured_elsewhere(placement, level, reference)) {
            study->units_before += study->units; /* counted in the announced total: done */
            continue;
        }
        char subdir[32], label[2 * AGENT_SPEC_MAX + 32];
        verify_dir(level, subdir, sizeof subdir);
        snprintf(label, sizeof label, "level %d (%s) against %s", level + 1, spec, reference);
        study_run_spec_t run = {.subdir = subdir, .label = label, .agents = {spec, reference}, .agent_count = 2,
                                .seed_offset = 1};
        study_sequential_t stop;
        study_sequential_attach(&stop, study, study_identity(study), spec, reference, &run);
        int played = study_run(study, &run);
        if (played) return study_stopped(study, played);
    }
    return 0;
}

int study_calibrate_time(study_t *study, study_calibrate_t *c, char *error, size_t error_size)
{
    char message[STUDY_ERROR_SIZE - 32]; /* room for the prefix */
    if (!c->timing && !(c->timing = calloc(1, sizeof *c->timing))) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    if (calibrate_timing_read(study->dir, c->timing, message, sizeof message) ||
        calibrate_timing_measure(&study->game, c->candidates, c->count, c->timing, message, sizeof message)) {
        snprintf(error, error_size, "timing the candidates: %s", message);
        return -1;
    }
    if (!(c->max_ms > 0)) return 0;
    int kept = 0;
    for (int k = 0; k < c->count; k++) {
        double ms = calibrate_timing_of(c->timing, c->candidates[k]);
        if (ms <= c->max_ms) {
            c->candidates[kept++] = c->candidates[k];
            continue;
        }
        char time[32];
        calibration_time_text(time, sizeof time, ms);
        if (!study->options.quiet)
            fprintf(stderr, "dominolab %s: left out %s: %s of CPU a decision, above --max-ms %g\n", study->kind,
                    c->candidates[k], time, c->max_ms);
    }
    if (kept < 2) {
        snprintf(error, error_size,
                 "%d of the %d candidates decide within %g ms; give a larger budget or faster candidates", kept,
                 c->count, c->max_ms);
        return STUDY_TOO_SLOW;
    }
    c->count = kept;
    return 0;
}

int study_calibrate_run(study_t *study, const study_calibrate_t *c)
{
    char error[STUDY_ERROR_SIZE];
    calibration_placement_t *placement = calloc(1, sizeof *placement);
    if (!placement) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    json_t *identity = json_object(), *list = json_array();
    for (int k = 0; k < c->count; k++) json_array_append_new(list, json_string(c->candidates[k]));
    json_object_set_new(identity, "reference", json_string(c->reference));
    json_object_set_new(identity, "candidates", list);
    json_object_set_new(identity, "level_count", json_integer(c->levels));
    json_object_set_new(identity, "spacing", json_real(c->spacing));
    if (c->precision > 0) /* absent: every match, as before the rule */
        json_object_set_new(identity, "precision", json_real(c->precision));
    if (c->max_ms > 0) json_object_set_new(identity, "max_ms", json_real(c->max_ms));
    if (c->refine > 0) /* absent: the listed candidates only, as before refinement */
        json_object_set_new(identity, "refine", json_integer(c->refine));
    int status = study_start(study, identity);
    if (status == 0 && c->timing && calibrate_timing_write(study->dir, c->timing, error, sizeof error)) {
        fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
        status = 1;
    }
    study->runs_total = 0;
    for (int k = 0; k < c->count; k++) study->runs_total += strcmp(c->candidates[k], c->reference) != 0;
    if (status == 0) status = run_candidates(study, c->reference, c->candidates, c->count, c->levels);
    candidate_set_t *set = status == 0 ? malloc(sizeof *set) : NULL;
    if (status == 0 && (!set || set_from_identity(set, study_identity(study)))) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        status = 1;
    }
    if (status == 0) {
        const json_t *stored = study_identity(study);
        plot_session_t session;
        study_plot_start(&session, study->dir, stored, !study->options.no_plots);
        status = measure_rounds(study->dir, study->dir, stored, &session, set, placement, study, play_added, NULL,
                                error, sizeof error);
        if (status < 0) {
            fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
            status = 1;
        }
    }
    free(set);
    if (status == 0 && c->timing) { /* the levels' own time a decision (an interpolated one is no candidate) */
        const char *specs[AGENT_LEVEL_COUNT];
        for (int level = 0; level < placement->levels; level++) specs[level] = placement->spec[level];
        if (calibrate_timing_measure(&study->game, specs, placement->levels, c->timing, error, sizeof error) ||
            calibrate_timing_write(study->dir, c->timing, error, sizeof error)) {
            fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
            status = 1;
        }
    }
    if (status == 0) {
        for (int level = 0; level < placement->levels; level++) /* the verification runs to come */
            study->runs_total += !measured_elsewhere(placement, level, c->reference);
        status = run_levels(study, c->reference, placement);
    }
    if (status == 0) status = study_conclude(study, study_calibrate_report);
    free(placement);
    return status;
}
