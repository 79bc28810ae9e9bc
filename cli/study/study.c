/* study.c - study directories made of simulator runs (study.h). */
#include "study/study.h"

#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "records/record.h"
#include "rundir.h"

enum { STUDY_FORMAT = 1, EXIT_INTERRUPTED = 130, EXIT_TERMINATED = 143 };

void study_default_args(study_args_t *args)
{
    memset(args, 0, sizeof *args);
    args->seed = 1;
    args->threads = omp_get_num_procs();
}

/* The command as typed into `out`; with `resume`, --out turned into --resume (the
 * continuation), and `run FILE` given --resume. */
static void write_command(char *out, size_t size, const char *kind, int argc, char **argv, const char *file,
                          bool resume)
{
    if (file) {
        snprintf(out, size, "dominolab run %s%s", file, resume ? " --resume" : "");
        return;
    }
    size_t used = (size_t)snprintf(out, size, "dominolab %s", kind);
    for (int i = 1; i < argc && used < size; i++) {
        const char *arg = resume && !strcmp(argv[i], "--out") ? "--resume" : argv[i];
        bool quote = strpbrk(arg, " \t'\"$\\;&|<>*?()") != NULL || !*arg;
        used += (size_t)snprintf(out + used, size - used, quote ? " '%s'" : " %s", arg);
    }
}

static int open_study(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                      const study_args_t *common, int64_t default_units, bool both_units, int argc, char **argv,
                      const char *file, char *error, size_t error_size)
{
    memset(study, 0, sizeof *study);
    study->kind = kind;
    study->spec = spec;
    study->args = args;
    study->common = common;
    if (!common->game.players) return cli_required(args, "--players", NULL, error, error_size);
    if (common->out && common->resume) return cli_conflict(spec, args, "out", "resume", error, error_size);
    if (!common->out && !common->resume)
        return cli_required(args, "--out DIR (or --resume DIR)", NULL, error, error_size);
    if (common->deals && common->matches && !both_units)
        return cli_conflict(spec, args, "deals", "matches", error, error_size);
    if (!common->deals && !common->matches && !default_units && !both_units)
        return cli_required(args, "--deals N or --matches N", NULL, error, error_size);
    study->dir = common->out ? common->out : common->resume;
    study->resume = common->resume != NULL;
    study->matches = common->matches > 0;
    study->units = common->matches ? common->matches : common->deals ? common->deals : default_units;
    if (common->records_every && !common->records) {
        cli_option_error(spec, args, "records-every", -1, error, error_size,
                         "chooses the units --records records: give --records too");
        return -1;
    }
    if (cli_game_open_from(spec, args, &common->game, &study->game, error, error_size)) return -1;
    char message[CLI_ERROR_SIZE];
    if (cli_levels_open(common->levels, &study->level_storage, &study->levels, message, sizeof message)) {
        cli_option_error(spec, args, "levels", -1, error, error_size, "%s", message);
        return -1;
    }
    write_command(study->typed, sizeof study->typed, kind, argc, argv, file, false);
    write_command(study->command, sizeof study->command, kind, argc, argv, file, true);
    return 0;
}

int study_open(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
               const study_args_t *common, int64_t default_units, int argc, char **argv, const char *file,
               char *error, size_t error_size)
{
    return open_study(study, kind, spec, args, common, default_units, false, argc, argv, file, error, error_size);
}

int study_open_both_units(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                          const study_args_t *common, int argc, char **argv, const char *file, char *error,
                          size_t error_size)
{
    return open_study(study, kind, spec, args, common, 0, true, argc, argv, file, error, error_size);
}

void study_close(study_t *study)
{
    cli_game_close(&study->game);
    json_decref(study->json);
    study->json = NULL;
}

int study_check_pair_seats(const study_t *study, char *error, size_t error_size)
{
    if (study->game.seats % 2 == 0) return 0;
    cli_option_error(study->spec, study->args, "players", -1, error, error_size,
                     "two agents cannot share %d seats evenly (one would hold more seats than the other); compare them "
                     "with an even number of players", study->game.seats);
    return -1;
}

int study_check_agent(const study_t *study, const char *name, int item, const char *spec, char *error,
                      size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    if (agent_spec_check(spec, study->levels, message, sizeof message) == 0) return 0;
    cli_option_error(study->spec, study->args, name, item, error, error_size, "%s", message);
    return -1;
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
    json_object_set_new(identity, "seed", json_integer((json_int_t)study->common->seed));
    json_t *levels = json_array();
    for (int k = 0; k < AGENT_LEVEL_COUNT; k++) json_array_append_new(levels, json_string(study->levels->spec[k]));
    json_object_set_new(identity, "levels", levels);
    /* Only a study that records says so, so that studies made before records resume. */
    if (study->common->records)
        json_object_set_new(identity, "records",
                            json_pack("{s:i}", "every", study->common->records_every ? study->common->records_every : 1));
}

/* ------------------------------------------------------------------ reading study.json back */

static const study_field_t common_fields[] = {
    {"game", STUDY_TEXT, 0, 0},      {"preset", STUDY_TEXT, 0, 0},        {"options", STUDY_OBJECT, 0, 0},
    {"players", STUDY_INTEGER, 1, CLI_MAX_PLAYERS}, {"unit", STUDY_TEXT, 0, 0}, {"units", STUDY_INTEGER, 1, 1e15},
    {"seed", STUDY_INTEGER, 0, 9.2e18}, {"levels", STUDY_TEXTS, AGENT_LEVEL_COUNT, AGENT_LEVEL_COUNT},
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
            if (!name || !name[0] || !is_texts(json_object_get(variant, "options"), 0, CLI_LIST_MAX))
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

/* The first key whose value differs between two identities, or NULL. */
static const char *first_difference(const json_t *have, const json_t *want)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)want, key, value) if (!json_equal(json_object_get(have, key), value)) return key;
    json_object_foreach((json_t *)have, key, value) if (!json_object_get(want, key)) return key;
    return NULL;
}

int study_prepare(study_t *study, json_t *identity, char *error, size_t error_size)
{
    if (study->common->check_only) {
        json_decref(identity);
        printf("%s: a valid %s study (%s, preset %s, %d players)\n", ((const cli_args_base_t *)study->args)->file,
               study->kind, study->game.game->name, study->game.preset, study->game.seats);
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
        return 0;
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
    json_object_set_new(study->json, "version", json_string(DOMINOLAB_VERSION));
    json_object_set_new(study->json, "started", json_string(now));
    json_object_set_new(study->json, "complete", json_false());
    return write_json(study, error, error_size);
}

static int study_finish(study_t *study, char *error, size_t error_size)
{
    char now[32];
    rundir_now(now, sizeof now);
    json_object_set_new(study->json, "complete", json_true());
    json_object_set_new(study->json, "finished", json_string(now));
    return write_json(study, error, error_size);
}

int study_conclude(study_t *study, study_report_fn report)
{
    char error[CLI_ERROR_SIZE];
    const json_t *identity = json_object_get(study->json, "identity");
    if (report(study->dir, study->dir, identity, !study->common->no_plots, stdout, error, sizeof error) == 0 &&
        study_finish(study, error, sizeof error) == 0)
        return 0;
    fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
    return 1;
}

/* ------------------------------------------------------------------ sub-runs */

/* 1 complete, 0 started but not complete, -1 never started. */
static int run_state(const char *dir)
{
    char path[STUDY_PATH_MAX + 16];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *run = json_load_file(path, 0, NULL);
    if (!run) return access(path, F_OK) == 0 ? 0 : -1;
    int state = json_is_true(json_object_get(run, "complete")) ? 1 : 0;
    json_decref(run);
    return state;
}

typedef struct argv_builder {
    char *item[STUDY_ARGV_MAX + 1];
    int count;
    char text[STUDY_ARGV_MAX][64]; /* room for numbers */
} argv_builder_t;

static void push(argv_builder_t *a, const char *value)
{
    if (a->count < STUDY_ARGV_MAX) a->item[a->count++] = (char *)value;
    a->item[a->count] = NULL;
}

static void push_number(argv_builder_t *a, const char *flag, uint64_t value)
{
    push(a, flag);
    if (a->count >= STUDY_ARGV_MAX) return;
    snprintf(a->text[a->count], sizeof a->text[0], "%" PRIu64, value);
    push(a, a->text[a->count]);
}

int study_run(study_t *study, const study_run_spec_t *run)
{
    const study_args_t *c = study->common;
    char dir[STUDY_PATH_MAX];
    snprintf(dir, sizeof dir, "%s/%s", study->dir, run->subdir);
    int state = run_state(dir); /* a complete run is resumed too: sim checks it is this one, and keeps it */
    study->runs_done++;
    if (!c->quiet)
        fprintf(stderr, "dominolab %s: run %d of %d: %s%s\n", study->kind, study->runs_done, study->runs_total,
                run->label, state == 1 ? " (done before)" : state == 0 ? " (continued)" : "");
    argv_builder_t *a = calloc(1, sizeof *a);
    if (!a) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    push(a, "sim");
    push(a, "--game");
    push(a, study->game.game->name);
    push(a, "--preset");
    push(a, study->game.preset);
    if (c->game.rules) {
        push(a, "--rules");
        push(a, c->game.rules);
    }
    for (int k = 0; k < c->game.options.count; k++) {
        push(a, "--option");
        push(a, c->game.options.item[k]);
    }
    for (int k = 0; run->overrides && run->overrides[k]; k++) {
        push(a, "--option");
        push(a, run->overrides[k]);
    }
    push_number(a, "--players", (uint64_t)study->game.seats);
    push(a, "--agents");
    push(a, run->agents);
    bool matches = run->own_units ? run->matches : study->matches;
    push_number(a, matches ? "--matches" : "--deals", (uint64_t)(run->own_units ? run->units : study->units));
    push_number(a, "--seed", (c->seed + run->seed_offset) & (uint64_t)INT64_MAX);
    push_number(a, "--threads", (uint64_t)c->threads);
    push(a, "--per-deal");
    if (c->levels) {
        push(a, "--levels");
        push(a, c->levels);
    }
    if (c->quiet) push(a, "--quiet");
    char records[STUDY_PATH_MAX + 16];
    if (c->records) {
        snprintf(records, sizeof records, "%s/records", dir);
        push(a, "--records");
        push(a, records);
        push_number(a, "--records-every", (uint64_t)(c->records_every ? c->records_every : 1));
    }
    for (int k = 0; run->extra && run->extra[k]; k++) push(a, run->extra[k]);
    push(a, state >= 0 ? "--resume" : "--out");
    push(a, dir);
    int status = a->count >= STUDY_ARGV_MAX ? 2 : cli_sim_study(a->count, a->item, run->hooks);
    if (a->count >= STUDY_ARGV_MAX) fprintf(stderr, "dominolab %s: too many arguments for one run\n", study->kind);
    free(a);
    return status;
}

int study_main(const study_command_t *command, int argc, char **argv)
{
    void *args = malloc(command->args_size);
    if (!args) {
        fprintf(stderr, "dominolab %s: out of memory\n", command->spec->name);
        return 1;
    }
    command->defaults(args);
    char error[CLI_ERROR_SIZE];
    int parsed = cli_parse_argv(command->spec, argc, argv, args, error, sizeof error), status;
    if (parsed > 0) {
        cli_print_help(stdout, command->spec);
        status = 0;
    } else if (parsed < 0) {
        fprintf(stderr, "dominolab %s: %s\n", command->spec->name, error);
        status = 2;
    } else {
        status = command->run(args, argc, argv, NULL);
    }
    free(args);
    return status;
}

int study_main_config(const study_command_t *command, const config_file_t *file, bool resume, bool check)
{
    void *args = malloc(command->args_size);
    if (!args) {
        fprintf(stderr, "dominolab run: out of memory\n");
        return 1;
    }
    command->defaults(args);
    char error[CLI_ERROR_SIZE];
    int status;
    if (cli_parse_config(command->spec, file, args, error, sizeof error)) {
        fprintf(stderr, "dominolab run: %s\n", error);
        status = 2;
    } else {
        study_args_t *common = (study_args_t *)((char *)args + command->study_offset);
        if (resume) { /* the file's out, continued */
            common->resume = common->out;
            common->out = NULL;
        }
        common->check_only = check;
        status = command->run(args, 0, NULL, file->path);
        if (status == STUDY_CHECKED) status = 0;
    }
    free(args);
    return status;
}

int study_stopped(const study_t *study, int status)
{
    if (status == EXIT_INTERRUPTED || status == EXIT_TERMINATED)
        fprintf(stderr, "dominolab %s: stopped; %s keeps what was played; continue with:\n  %s\n", study->kind,
                study->dir, study->command);
    else
        fprintf(stderr, "dominolab %s: a run failed (see above); %s keeps the runs completed so far\n", study->kind,
                study->dir);
    return status == EXIT_INTERRUPTED || status == EXIT_TERMINATED ? status : 1;
}
