/* study.c - study directories made of simulator runs (study.h). */
#include "study.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "records/record.h"
#include "rundir.h"
#include "study_sim.h"

enum { STUDY_FORMAT = 1 };

void study_begin(study_t *study, const char *kind)
{
    memset(study, 0, sizeof *study);
    study->kind = kind;
    stop_catch(&study->signals); /* a stop between runs ends the study before the next */
}

int study_set_overrides(study_t *study, const char *const *overrides, int count, char *error, size_t error_size)
{
    if (count > STUDY_OVERRIDES_MAX) {
        snprintf(error, error_size, "more than %d rule options", STUDY_OVERRIDES_MAX);
        return -1;
    }
    for (int k = 0; k < count; k++) {
        if (strlen(overrides[k]) >= STUDY_OVERRIDE_MAX) {
            snprintf(error, error_size, "rule option '%.40s...' is too long", overrides[k]);
            return -1;
        }
        snprintf(study->overrides[k], STUDY_OVERRIDE_MAX, "%s", overrides[k]);
    }
    study->override_count = count;
    return 0;
}

void study_close(study_t *study)
{
    stop_release(&study->signals, false);
    free(study->planned);
    study->planned = NULL;
    free(study->faults);
    study->faults = NULL;
    setup_game_close(&study->game);
    json_decref(study->json);
    study->json = NULL;
    json_decref(study->arguments);
    study->arguments = NULL;
}

int study_check_levels(study_t *study, const char *const *specs, int count, char *error, size_t error_size)
{
    char note[2048];
    if (study->levels_checked) return 0;
    if (setup_levels_fit(study->levels, &study->game, specs, count, note, sizeof note, error, error_size))
        return STUDY_LEVELS_REFUSED;
    if (setup_agents_ready(study->levels, &study->game, specs, count, NULL, error, error_size)) return -1;
    for (int k = 0; k < count && !study->levels_checked; k++) study->levels_checked = agent_spec_is_level(specs[k]);
    if (note[0]) fprintf(stderr, "dominolab %s: note: %s\n", study->kind, note);
    return 0;
}

/* ------------------------------------------------------------------ study.json */

static int write_json(const study_t *study, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, study->dir, "study.json", error, error_size)) return -1;
    if (json_dumpf(study->json, file.stream, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0 ||
        fputc('\n', file.stream) == EOF) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "cannot write %s/study.json", study->dir);
        return -1;
    }
    return atomic_file_commit(&file, error, error_size);
}

/* The common part of the identity: game, rules, players, unit, seed, level table. */
static void add_common_identity(const study_t *study, json_t *identity)
{
    char options[8192];
    record_format_options(options, sizeof options, study->game.game, &study->game.values);
    json_object_set_new(identity, "game", json_string(study->game.game->name));
    json_object_set_new(identity, "preset", json_string(study->game.preset));
    json_object_set_new(identity, "options", json_loads(options, 0, NULL));
    json_object_set_new(identity, "players", json_integer(study->game.seats));
    json_object_set_new(identity, "unit", json_string(study->matches ? "matches" : "deals"));
    json_object_set_new(identity, "units", json_integer((json_int_t)study->units));
    json_object_set_new(identity, "seed", json_integer((json_int_t)study->options.seed));
    json_t *levels = json_array();
    for (int k = 0; k < study->levels->count; k++) json_array_append_new(levels, json_string(study->levels->spec[k]));
    json_object_set_new(identity, "levels", levels);
    /* Only a study that records says so, so that studies made before records resume. */
    if (study->options.records)
        json_object_set_new(identity, "records",
                            json_pack("{s:i}", "every", study->options.records_every ? study->options.records_every : 1));
}

/* ------------------------------------------------------------------ reading study.json back */

static const study_field_t common_fields[] = {
    {"game", STUDY_TEXT, 0, 0},      {"preset", STUDY_TEXT, 0, 0},        {"options", STUDY_OBJECT, 0, 0},
    {"players", STUDY_INTEGER, 1, GAME_MAX_SEATS}, {"unit", STUDY_TEXT, 0, 0}, {"units", STUDY_INTEGER, 1, 1e15},
    {"seed", STUDY_INTEGER, 0, 9.2e18}, {"levels", STUDY_TEXTS, 1, AGENT_LEVEL_COUNT},
    {NULL, STUDY_TEXT, 0, 0},
};

static bool is_texts(const json_t *value, double min, double max)
{
    size_t size = json_array_size(value);
    if (!json_is_array(value) || size < min || size > max) return false;
    for (size_t k = 0; k < size; k++) {
        const char *text = json_string_value(json_array_get(value, k));
        if (!text || !text[0]) return false;
    }
    return true;
}

/* Why `value` is not of the field's kind, or NULL. */
static const char *field_problem(const json_t *value, const study_field_t *field)
{
    if (!value) return "missing";
    switch (field->kind) {
    case STUDY_TEXT:
        return json_is_string(value) && json_string_value(value)[0] ? NULL : "not a word";
    case STUDY_INTEGER:
        if (!json_is_integer(value)) return "not an integer";
        return json_integer_value(value) < field->min || json_integer_value(value) > field->max ? "out of range" : NULL;
    case STUDY_NUMBER:
        if (!json_is_number(value)) return "not a number";
        return json_number_value(value) < field->min || json_number_value(value) > field->max ? "out of range" : NULL;
    case STUDY_BOOL: return json_is_boolean(value) ? NULL : "not true or false";
    case STUDY_OBJECT: return json_is_object(value) ? NULL : "not an object";
    case STUDY_TEXTS: return is_texts(value, field->min, field->max) ? NULL : "not a list of the right number of words";
    case STUDY_VARIANTS: {
        size_t size = json_array_size(value);
        if (!json_is_array(value) || size < field->min || size > field->max) return "not a list of variants";
        for (size_t k = 0; k < size; k++) {
            const json_t *variant = json_array_get(value, k);
            const char *name = json_string_value(json_object_get(variant, "name"));
            if (!name || !name[0] || !is_texts(json_object_get(variant, "options"), 0, STUDY_OVERRIDES_MAX))
                return "a variant without a name or options";
        }
        return NULL;
    }
    }
    return "of an unknown kind";
}

static int check_fields(const char *dir, const json_t *identity, const study_field_t *fields, char *error,
                        size_t error_size)
{
    for (int k = 0; fields[k].key; k++) {
        const char *problem = field_problem(json_object_get(identity, fields[k].key), &fields[k]);
        if (!problem) continue;
        snprintf(error, error_size, "%s/study.json: identity key %s: %s", dir, fields[k].key, problem);
        return -1;
    }
    return 0;
}

int study_check_identity(const char *dir, const json_t *identity, const study_field_t *fields, char *error,
                         size_t error_size)
{
    if (!json_is_object(identity)) {
        snprintf(error, error_size, "%s/study.json: no identity object", dir);
        return -1;
    }
    const char *unit = json_string_value(json_object_get(identity, "unit"));
    if (check_fields(dir, identity, common_fields, error, error_size) ||
        check_fields(dir, identity, fields, error, error_size))
        return -1;
    if (strcmp(unit, "deals") && strcmp(unit, "matches")) {
        snprintf(error, error_size, "%s/study.json: identity key unit: neither deals nor matches", dir);
        return -1;
    }
    return 0;
}

void study_plot_start(plot_session_t *session, const char *out_dir, const json_t *identity, bool plots)
{
    plot_start(session, out_dir, plots);
    setup_plot_subject(session, json_string_value(json_object_get(identity, "game")),
                       json_string_value(json_object_get(identity, "preset")),
                       (int)json_integer_value(json_object_get(identity, "players")),
                       !strcmp(json_string_value(json_object_get(identity, "unit")), "matches"));
}

/* The first key whose value differs between two identities, or NULL. */
static const char *first_difference(const json_t *have, const json_t *want)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)want, key, value) if (!json_equal(json_object_get(have, key), value)) return key;
    json_object_foreach((json_t *)have, key, value) if (!json_object_get(want, key)) return key;
    return NULL;
}

/* The arguments that make the study, as command-line words: what --resume DIR alone runs
 * again (an empty list when the front end gave none). */
static json_t *arguments_of(const study_t *study)
{
    return study->arguments ? json_deep_copy(study->arguments) : json_array();
}

int study_prepare(study_t *study, json_t *identity, char *error, size_t error_size)
{
    if (study->checking) {
        json_decref(identity);
        printf("%s: a valid %s study (%s, preset %s, %d players)\n", study->checking, study->kind,
               study->game.game->name, study->game.preset, study->game.seats);
        return STUDY_CHECKED;
    }
    add_common_identity(study, identity);
    char path[STUDY_PATH_MAX];
    snprintf(path, sizeof path, "%s/study.json", study->dir);
    if (study->resume) {
        json_error_t problem;
        json_t *old = json_load_file(path, 0, &problem);
        if (!old) {
            snprintf(error, error_size, "--resume %s: cannot read %s: %s", study->dir, path, problem.text);
            json_decref(identity);
            return -1;
        }
        const char *kind = json_string_value(json_object_get(old, "kind"));
        const char *key = first_difference(json_object_get(old, "identity"), identity);
        if (!kind || strcmp(kind, study->kind) || key) {
            if (!kind || strcmp(kind, study->kind))
                snprintf(error, error_size, "--resume %s: it holds a %s study, not a %s", study->dir,
                         kind ? kind : "broken", study->kind);
            else
                snprintf(error, error_size, "--resume %s: the study there was made with another %s than this command's",
                         study->dir, key);
            json_decref(old);
            json_decref(identity);
            return -1;
        }
        study->json = old;
        json_decref(identity);
        atomic_file_remove_leftovers(path); /* a study.json rewrite the lost run left behind */
        if (json_object_get(old, "arguments")) return 0;
        /* a study made before study.json kept its arguments: this command is the same study,
         * so its arguments let the next resume do without them */
        json_t *arguments = arguments_of(study);
        if (!arguments || json_object_set_new(old, "arguments", arguments)) {
            snprintf(error, error_size, "out of memory");
            return -1;
        }
        return write_json(study, error, error_size);
    }
    if (rundir_make_directories(study->dir) != 0) {
        snprintf(error, error_size, "--out %s: cannot create the directory: %s", study->dir, strerror(errno));
        json_decref(identity);
        return -1;
    }
    if (access(path, F_OK) == 0) {
        snprintf(error, error_size, "--out %s: the directory already holds a study (continue it with --resume %s)",
                 study->dir, study->dir);
        json_decref(identity);
        return -1;
    }
    char now[32];
    rundir_now(now, sizeof now);
    study->json = json_object();
    json_object_set_new(study->json, "format", json_integer(STUDY_FORMAT));
    json_object_set_new(study->json, "kind", json_string(study->kind));
    json_object_set_new(study->json, "identity", identity);
    json_object_set_new(study->json, "command", json_string(study->typed));
    json_t *arguments = arguments_of(study);
    if (!arguments || json_object_set_new(study->json, "arguments", arguments)) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    json_object_set_new(study->json, "version", json_string(DOMINOLAB_VERSION));
    json_object_set_new(study->json, "started", json_string(now));
    json_object_set_new(study->json, "complete", json_false());
    return write_json(study, error, error_size);
}

int study_start(study_t *study, json_t *identity)
{
    char error[STUDY_ERROR_SIZE];
    int prepared = study_prepare(study, identity, error, sizeof error);
    if (prepared == 0 || prepared == STUDY_CHECKED) return prepared;
    fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
    return 2;
}

const json_t *study_identity(const study_t *study) { return json_object_get(study->json, "identity"); }

bool study_stored_lacks(const study_t *study, const char *key)
{
    if (!study->resume) return false;
    char path[STUDY_PATH_MAX];
    snprintf(path, sizeof path, "%s/study.json", study->dir);
    json_error_t problem;
    json_t *stored = json_load_file(path, 0, &problem);
    const json_t *identity = json_object_get(stored, "identity");
    bool lacks = json_is_object(identity) && !json_object_get(identity, key);
    json_decref(stored);
    return lacks;
}

static int study_finish(study_t *study, char *error, size_t error_size)
{
    char now[32];
    rundir_now(now, sizeof now);
    json_object_set_new(study->json, "complete", json_true());
    json_object_set_new(study->json, "finished", json_string(now));
    return write_json(study, error, error_size);
}

/* Once the report is written: the bots that faulted, in one line, where the user looks
 * for what went wrong (the report's own lines on stdout may be piped away). */
static void warn_of_faults(const study_t *study)
{
    if (!study->faults || study->faults->count == 0) return;
    char sentence[4096];
    report_faults_sentence(study->faults, sentence, sizeof sentence);
    fprintf(stderr, "dominolab %s: warning: %s (%s/report.html lists them)\n", study->kind, sentence, study->dir);
}

int study_conclude(study_t *study, study_report_fn report)
{
    char error[STUDY_ERROR_SIZE];
    const json_t *identity = json_object_get(study->json, "identity");
    if (report(study->dir, study->dir, identity, !study->options.no_plots, stdout, error, sizeof error) == 0 &&
        study_finish(study, error, sizeof error) == 0) {
        warn_of_faults(study);
        return 0;
    }
    fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
    return 1;
}

int study_faults_read(const char *dir, const study_sample_run_t *runs, int count, report_faults_t **faults,
                      char *error, size_t error_size)
{
    if (!*faults && !(*faults = calloc(1, sizeof **faults))) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    for (int k = 0; k < count; k++) {
        char path[STUDY_PATH_MAX];
        snprintf(path, sizeof path, "%s/%s", dir, runs[k].subdir);
        if (report_faults_read_run(*faults, path, error, error_size)) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ sub-runs */

int study_run_state(const char *dir, int64_t *units_done, int64_t *units)
{
    char path[STUDY_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *run = json_load_file(path, 0, NULL);
    if (units_done) *units_done = 0;
    if (units) *units = 0;
    if (!run) return access(path, F_OK) == 0 ? 0 : -1;
    int state = json_is_true(json_object_get(run, "complete")) ? 1 : 0;
    if (units_done) *units_done = json_integer_value(json_object_get(run, "units_done"));
    if (units) *units = json_integer_value(json_object_get(run, "units"));
    json_decref(run);
    return state;
}

static int run_state(const char *dir)
{
    return study_run_state(dir, NULL, NULL);
}

bool study_run_missing(const char *dir, const char *subdir, FILE *text)
{
    char path[STUDY_PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, subdir);
    int64_t done, units;
    int state = study_run_state(path, &done, &units);
    if (state == 1) return false;
    if (text && state == 0)
        fprintf(text, "left out: %s is not finished (%" PRId64 " of %" PRId64 " units played)\n", subdir, done, units);
    else if (text)
        fprintf(text, "left out: %s has not started\n", subdir);
    return true;
}

static int64_t run_units(const study_t *study, const study_run_spec_t *run)
{
    return run->own_units ? run->units : study->units;
}

const char *study_override_preset(const char *override)
{
    return strncmp(override, "preset=", 7) ? NULL : override + 7;
}

/* Plays `run` into `dir` (continuing what is there when `resume`): its exit status, 2 when
 * it cannot be made (said why). */
static int play_run(const study_t *study, const study_run_spec_t *run, const char *dir, bool resume,
                    const progress_frame_t *frame)
{
    study_sim_t *s = malloc(sizeof *s);
    char error[STUDY_ERROR_SIZE];
    if (!s) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    int status = 2;
    if (study_sim_open(s, study, run, dir, resume, error, sizeof error))
        fprintf(stderr, "dominolab %s: %s: %s\n", study->kind, run->label, error);
    else
        status = study_sim_play(s, study, run->hooks, frame);
    study_sim_close(s);
    free(s);
    return status;
}

int study_run(study_t *study, const study_run_spec_t *run)
{
    char dir[STUDY_PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%s", study->dir, run->subdir);
    int state = run_state(dir); /* a complete run is resumed too: sim checks it is this one, and keeps it */
    study->runs_done++;
    if (*stop_requested()) return stop_status();
    if (!study->options.quiet)
        fprintf(stderr, "dominolab %s: run %d of %d: %s%s\n", study->kind, study->runs_done, study->runs_total,
                run->label, state == 1 ? " (done before)" : state == 0 ? " (continued)" : "");
    /* The progress line counts the whole study against the total announced at its start. */
    int64_t units = run_units(study, run);
    if (study->units_total < study->units_before + units) study->units_total = study->units_before + units;
    double later = study->planned ? 0 : -1;
    for (int k = study->runs_done; k < study->planned_count; k++) later += study->planned[k];
    study_hooks_t hooks = run->hooks ? *run->hooks : (study_hooks_t){0};
    progress_frame_t frame = {.before = study->units_before, .total = study->units_total, .run = study->runs_done,
                              .runs = study->runs_total, .later_seconds = later, .standings = run->standings,
                              .context = run->standings_context};
    if (hooks.stop_rule && hooks.expected_end) {
        frame.expected_end = hooks.expected_end;
        frame.expected_context = hooks.context;
        frame.later_share = study->stopping_units > 0 ? (double)study->stopping_played / (double)study->stopping_units : -1;
    }
    int status = play_run(study, run, dir, state >= 0, &frame);
    int64_t done = units;
    if (status == 0 && hooks.stop_rule && study_run_state(dir, &done, NULL) == 1 && done < units)
        study->units_total -= units - done; /* it stopped early: the study's total is what is played */
    else
        done = units;
    if (status == 0 && hooks.stop_rule) {
        study->stopping_units += units;
        study->stopping_played += done;
    }
    study->units_before += done;
    /* A summary.csv that cannot be read is not told here: the report reads it again and
     * refuses it, naming the file, which is where the user must hear of it. */
    study_sample_run_t played = {run->subdir, run->label, NULL};
    char ignored[STUDY_ERROR_SIZE];
    if (status == 0) study_faults_read(study->dir, &played, 1, &study->faults, ignored, sizeof ignored);
    return status;
}

static void format_duration(double seconds, char *out, size_t size)
{
    long s = (long)(seconds + 0.5);
    if (s >= 3600) snprintf(out, size, "%ldh%02ldm", s / 3600, s / 60 % 60);
    else if (s >= 60) snprintf(out, size, "%ldm%02lds", s / 60, s % 60);
    else snprintf(out, size, "%lds", s);
}

/* "3 runs", or "3 runs and up to 2 more to come" (calibrate's verifying ones). */
static void runs_text_of(int count, int more, char *out, size_t size)
{
    if (more) snprintf(out, size, "%d runs and up to %d more to come", count, more);
    else snprintf(out, size, "%d run%s", count, count == 1 ? "" : "s");
}

static int64_t fewest_units_of(const study_run_spec_t *run) { return run->fewest_units > 0 ? run->fewest_units : 1; }

/* study_plan's line for runs that stop once they have answered: the range of their units,
 * the runs to come (which stop by the same rule) counted at the first run's fewest. */
static void plan_stopping_runs(const study_t *study, const study_run_spec_t *runs, int count, int more, int64_t cap)
{
    int64_t fewest = count > 0 ? (int64_t)more * fewest_units_of(&runs[0]) : 0;
    for (int k = 0; k < count; k++) fewest += fewest_units_of(&runs[k]);
    char runs_text[96];
    runs_text_of(count, more, runs_text, sizeof runs_text);
    fprintf(stderr, "dominolab %s: %s, from %" PRId64 " to %" PRId64 " %s in all, each in every distinct seating: "
                    "a run stops once it has answered, so the time is not known ahead (the progress line shows "
                    "the pace)%s\n",
            study->kind, runs_text, fewest, cap, study->matches ? "matches" : "deals",
            study->resume ? "; a resume skips what is done" : "");
}

/* A run's pace from a short trial in memory (nothing written): units per second, or 0 when
 * it cannot be measured (the run itself then says why). */
static double trial_rate(const study_t *study, const study_run_spec_t *run, double seconds)
{
    study_sim_t *s = malloc(sizeof *s);
    char error[STUDY_ERROR_SIZE];
    double rate = 0;
    if (s && study_sim_open(s, study, run, study->dir, false, error, sizeof error) == 0)
        rate = study_sim_rate(s, seconds, error, sizeof error);
    if (s) study_sim_close(s);
    free(s);
    return rate > 0 ? rate : 0;
}

void study_plan(study_t *study, const study_run_spec_t *runs, int count, int more, int64_t more_units)
{
    int64_t deals = 0, matches = 0;
    for (int k = 0; k < count; k++) {
        bool in_matches = runs[k].own_units ? runs[k].matches : study->matches;
        *(in_matches ? &matches : &deals) += run_units(study, &runs[k]);
    }
    *(study->matches ? &matches : &deals) += (int64_t)more * more_units;
    study->units_total = deals + matches;
    if (study->options.quiet) return;
    bool stopping = false; /* runs that end once they have answered */
    for (int k = 0; k < count; k++) stopping |= runs[k].hooks && runs[k].hooks->stop_rule;
    if (stopping) {
        plan_stopping_runs(study, runs, count, more, deals + matches);
        return;
    }
    /* A short trial of each run, on the study's threads, in memory: about 4 s in all. */
    double seconds = 0, trial = count > 0 ? 4.0 / count : 0, per_unit = 0;
    if (trial > 0.5) trial = 0.5;
    int measured = 0;
    free(study->planned);
    study->planned = calloc((size_t)(count + more), sizeof *study->planned);
    study->planned_count = study->planned ? count + more : 0;
    for (int k = 0; k < count; k++) {
        double rate = trial_rate(study, &runs[k], trial);
        if (rate <= 0) continue;
        double run_seconds = (double)run_units(study, &runs[k]) / rate;
        if (study->planned) study->planned[k] = run_seconds;
        seconds += run_seconds;
        per_unit += 1 / rate;
        measured++;
    }
    for (int k = 0; measured > 0 && k < more; k++) {
        double run_seconds = (double)more_units * per_unit / measured;
        if (study->planned) study->planned[count + k] = run_seconds;
        seconds += run_seconds;
    }
    char work[128], time_text[48] = "?";
    if (deals && matches)
        snprintf(work, sizeof work, "%" PRId64 " deals and %" PRId64 " matches", deals, matches);
    else
        snprintf(work, sizeof work, "%" PRId64 " %s", deals + matches, matches ? "matches" : "deals");
    if (measured > 0) format_duration(seconds, time_text, sizeof time_text);
    char runs_text[96];
    runs_text_of(count, more, runs_text, sizeof runs_text);
    fprintf(stderr, "dominolab %s: %s, %s in all, each in every distinct seating; about %s on %d thread%s "
                    "(from a short trial of each run%s)%s\n",
            study->kind, runs_text, work, time_text, study->options.threads, study->options.threads == 1 ? "" : "s",
            more ? ", the ones to come at their mean rate" : "", study->resume ? "; a resume skips what is done" : "");
}

int study_run_all(study_t *study, const study_run_spec_t *runs, int count, int more, int64_t more_units)
{
    study_plan(study, runs, count, more, more_units);
    for (int k = 0; k < count; k++) {
        int played = study_run(study, &runs[k]);
        if (played) return study_stopped(study, played);
    }
    return 0;
}

int study_stopped(const study_t *study, int status)
{
    if (status == STOP_EXIT_INTERRUPTED || status == STOP_EXIT_TERMINATED)
        fprintf(stderr, "dominolab %s: stopped by signal %d in run %d of %d; %s keeps what was played; continue "
                        "with:\n  %s\n",
                study->kind, status - 128, study->runs_done, study->runs_total, study->dir, study->command);
    else
        fprintf(stderr, "dominolab %s: a run failed (see above); %s keeps the runs completed so far\n", study->kind,
                study->dir);
    return status == STOP_EXIT_INTERRUPTED || status == STOP_EXIT_TERMINATED ? status : 1;
}
