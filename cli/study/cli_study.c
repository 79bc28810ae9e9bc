/* cli_study.c - the study commands' common arguments into a study (cli_study.h). */
#include "cli_study.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_study_default_args(cli_study_args_t *args)
{
    memset(args, 0, sizeof *args);
    args->seed = 1;
    args->threads = omp_get_num_procs();
}

/* The options that leave a study as it was (how it runs, not what it measures): given
 * with these alone, --resume DIR reads the study's arguments from DIR/study.json. */
static const char *const run_time_options[] = {"out", "resume", "threads", "quiet", "no-plots", NULL};

/* The command as typed into `out` (study.json's "command"). */
static void write_command(char *out, size_t size, const char *kind, int argc, char **argv, const char *file)
{
    if (file) {
        snprintf(out, size, "dominolab run %s", file);
        return;
    }
    snprintf(out, size, "dominolab %s", kind);
    for (int i = 1; i < argc; i++) cli_append_word(out, size, argv[i]);
}

static int add_word(void *context, const char *word)
{
    return json_array_append_new(context, json_string(word));
}

/* The arguments that make the study, as command-line words: what --resume DIR alone runs
 * again. NULL when memory runs out. */
static json_t *arguments_of(const cli_command_spec_t *spec, const void *args)
{
    json_t *words = json_array();
    if (words && cli_args_words(spec, args, run_time_options, add_word, words)) {
        json_decref(words);
        return NULL;
    }
    return words;
}

/* The game's rule options, for the study's runs to play under their own. */
static int keep_overrides(study_t *study, const cli_game_args_t *game, char *error, size_t error_size)
{
    char (*items)[CLI_ITEM_MAX] = malloc(STUDY_OVERRIDES_MAX * sizeof *items);
    const char *pointers[STUDY_OVERRIDES_MAX];
    if (!items) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int count = cli_game_overrides(game, items, STUDY_OVERRIDES_MAX, error, error_size);
    for (int k = 0; k < count; k++) pointers[k] = items[k];
    int status = count < 0 ? -1 : study_set_overrides(study, pointers, count, error, error_size);
    free(items);
    return status;
}

static int open_study(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                      const cli_study_args_t *common, int64_t default_units, bool both_units, int argc, char **argv,
                      const char *file, char *error, size_t error_size)
{
    study_begin(study, kind);
    study->options = (study_options_t){.seed = common->seed, .threads = common->threads, .records = common->records,
                                       .records_every = common->records_every, .quiet = common->quiet,
                                       .no_plots = common->no_plots};
    study->checking = common->check_only ? ((const cli_args_base_t *)args)->file : NULL;
    int only = common->game.players ? 0 : cli_game_only_players(&common->game, error, error_size);
    if (only < 0) return -1;
    if (!common->game.players && !only) /* a game with one count (only) plays it without being told */
        return cli_required(args,
                            common->resume && !((const cli_args_base_t *)args)->file
                                ? "--players (or --resume DIR alone, the study being in DIR/study.json)"
                                : "--players",
                            NULL, error, error_size);
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
    if (cli_game_open_from(spec, args, &common->game, &study->game, error, error_size) ||
        keep_overrides(study, &common->game, error, error_size))
        return -1;
    char message[CLI_ERROR_SIZE];
    if (cli_levels_open(common->levels, study->game.game, &study->level_storage, &study->levels, message,
                        sizeof message)) {
        if (common->levels)
            cli_option_error(spec, args, cli_level_table_name(spec, args), -1, error, error_size, "%s", message);
        else snprintf(error, error_size, "%s", message);
        return -1;
    }
    write_command(study->typed, sizeof study->typed, kind, argc, argv, file);
    snprintf(study->command, sizeof study->command, "dominolab %s --resume", kind);
    cli_append_word(study->command, sizeof study->command, study->dir);
    if (!(study->arguments = arguments_of(spec, args))) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    return 0;
}

int cli_study_open(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                   const cli_study_args_t *common, int64_t default_units, int argc, char **argv, const char *file,
                   char *error, size_t error_size)
{
    return open_study(study, kind, spec, args, common, default_units, false, argc, argv, file, error, error_size);
}

int cli_study_open_both_units(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                              const cli_study_args_t *common, int argc, char **argv, const char *file, char *error,
                              size_t error_size)
{
    return open_study(study, kind, spec, args, common, 0, true, argc, argv, file, error, error_size);
}

int cli_study_check_levels(study_t *study, const cli_command_spec_t *spec, const void *args,
                           const cli_study_args_t *common, const char *const *specs, int count, char *error,
                           size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    int status = study_check_levels(study, specs, count, message, sizeof message);
    if (status == STUDY_LEVELS_REFUSED && common->levels)
        cli_option_error(spec, args, cli_level_table_name(spec, args), -1, error, error_size, "%s", message);
    else if (status)
        snprintf(error, error_size, "%s", message);
    return status ? -1 : 0;
}

int cli_study_check_agent(study_t *study, const cli_command_spec_t *spec, const void *args,
                          const cli_study_args_t *common, const char *name, int item, const char *spec_text,
                          char *error, size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    if (agent_spec_check(spec_text, study->levels, message, sizeof message) == 0)
        return cli_study_check_levels(study, spec, args, common, &spec_text, 1, error, error_size);
    cli_option_error(spec, args, name, item, error, error_size, "%s", message);
    return -1;
}

/* --resume DIR alone: the words study.json keeps, then the ones given (--resume DIR and
 * the run-time options), as one command line in *out (owned; its words point into `study`
 * and argv). 0, or -1 with a message. */
static int resumed_argv(const char *kind, const char *dir, const json_t *study, int argc, char **argv, char ***out,
                        int *out_count, char *error, size_t error_size)
{
    const char *found = json_string_value(json_object_get(study, "kind"));
    const json_t *words = json_object_get(study, "arguments");
    if (!found || strcmp(found, kind)) {
        snprintf(error, error_size, "--resume %s: it holds a %s study, not a %s", dir, found ? found : "broken", kind);
        return -1;
    }
    if (!json_is_array(words)) {
        snprintf(error, error_size,
                 "--resume %s: study.json does not keep the study's arguments (a study made by an older dominolab); "
                 "give the whole command with --resume %s once",
                 dir, dir);
        return -1;
    }
    size_t count = json_array_size(words);
    char **line = calloc(count + (size_t)argc + 1, sizeof *line);
    if (!line) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    line[0] = argv[0];
    for (size_t k = 0; k < count; k++) {
        line[k + 1] = (char *)json_string_value(json_array_get(words, k));
        if (!line[k + 1]) {
            snprintf(error, error_size, "%s/study.json: arguments: entry %zu is not a word", dir, k);
            free(line);
            return -1;
        }
    }
    for (int i = 1; i < argc; i++) line[count + (size_t)i] = argv[i];
    *out = line;
    *out_count = (int)count + argc;
    return 0;
}

static int resume_alone(const cli_study_command_t *command, void *args, int argc, char **argv)
{
    const cli_command_spec_t *spec = command->spec;
    const cli_study_args_t *common = (const cli_study_args_t *)((const char *)args + command->study_offset);
    char path[STUDY_PATH_MAX], error[CLI_ERROR_SIZE], message[CLI_ERROR_SIZE];
    snprintf(path, sizeof path, "%s/study.json", common->resume);
    json_error_t problem;
    json_t *study = json_load_file(path, JSON_REJECT_DUPLICATES, &problem);
    char **line = NULL;
    int count = 0, status = -1;
    if (!study)
        snprintf(error, sizeof error, "--resume %.300s: cannot read %.300s: %s", common->resume, path, problem.text);
    else if (resumed_argv(spec->name, common->resume, study, argc, argv, &line, &count, error, sizeof error) == 0) {
        command->defaults(args);
        if (cli_parse_argv(spec, count, line, args, message, sizeof message))
            snprintf(error, sizeof error, "%.300s: arguments: %.600s", path, message);
        else status = command->run(args, count, line, NULL);
    }
    if (status < 0) {
        fprintf(stderr, "dominolab %s: %s\n", spec->name, error);
        status = 2;
    }
    free(line);
    json_decref(study);
    return status;
}

int cli_study_main(const cli_study_command_t *command, int argc, char **argv)
{
    void *args = malloc(command->args_size);
    if (!args) {
        fprintf(stderr, "dominolab %s: out of memory\n", command->spec->name);
        return 1;
    }
    command->defaults(args);
    char error[CLI_ERROR_SIZE];
    int parsed = cli_parse_argv(command->spec, argc, argv, args, error, sizeof error), status;
    const cli_study_args_t *common = (const cli_study_args_t *)((const char *)args + command->study_offset);
    if (parsed > 0) {
        cli_print_help(stdout, command->spec);
        status = 0;
    } else if (parsed < 0) {
        fprintf(stderr, "dominolab %s: %s\n", command->spec->name, error);
        status = 2;
    } else if (common->resume && cli_only_given(command->spec, args, run_time_options)) {
        status = resume_alone(command, args, argc, argv);
    } else {
        status = command->run(args, argc, argv, NULL);
    }
    free(args);
    return status;
}

int cli_study_main_config(const cli_study_command_t *command, const config_file_t *file, bool resume, bool check)
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
        cli_study_args_t *common = (cli_study_args_t *)((char *)args + command->study_offset);
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

