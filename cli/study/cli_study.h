/* cli_study.h - the study commands' side of a study (tournament, sprt, balance, calibrate):
 * their common arguments, read from argv or an experiment file into a study (study/study.h),
 * with errors naming the argument; `--resume DIR` alone rebuilt from the words study.json
 * keeps. The study itself, its runs and its report, are the study library's.
 */
#ifndef DOMINOLAB_CLI_STUDY_H
#define DOMINOLAB_CLI_STUDY_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "config.h"
#include "study.h"

typedef struct cli_study_args {
    cli_game_args_t game;
    const char *levels, *out, *resume;
    int64_t deals, matches;
    uint64_t seed;
    int threads;
    int records_every; /* with records: the units whose number it divides (0: given nowhere) */
    bool records;      /* each run writes its games' records into its own directory, records/ */
    bool quiet, no_plots;
    bool check_only; /* `dominolab run FILE --check`: stop once every argument is checked */
} cli_study_args_t;

/* The option table entries of cli_study_args_t held in field FIELD of TYPE; the unit counts go
 * in section SECTION of an experiment file (the command's own). */
#define CLI_STUDY_OPTIONS(TYPE, FIELD, SECTION)                                                                         \
    CLI_GAME_OPTIONS(TYPE, FIELD.game), CLI_LEVELS_OPTION(TYPE, FIELD.levels), CLI_STUDY_RUN_OPTIONS(TYPE, FIELD, SECTION)
/* The same without the level table's entries (calibrate names them itself). */
#define CLI_STUDY_RUN_OPTIONS(TYPE, FIELD, SECTION)                                                                     \
    {"deals", SECTION, CLI_COUNT, CLI_AT(TYPE, FIELD.deals), 1, 1e15, NULL, "N", "deals to play in each run"},       \
    {"matches", SECTION, CLI_COUNT, CLI_AT(TYPE, FIELD.matches), 1, 1e15, NULL, "N",                                \
     "whole matches to play in each run, instead of deals"},                                                        \
    {"seed", "experiment", CLI_SEED, CLI_AT(TYPE, FIELD.seed), 0, 0, NULL, "S",                                     \
     "0..2^63-1 (default 1): same seed, same study"},                                                               \
    {"threads", "experiment", CLI_INT, CLI_AT(TYPE, FIELD.threads), 1, 1024, NULL, "T", "default: every core"},      \
    {"out", "experiment", CLI_TEXT, CLI_AT(TYPE, FIELD.out), 0, 0, NULL, "DIR",                                      \
     "the study's directory (created; it must not hold a study)"},                                                  \
    {"resume", "experiment", CLI_TEXT, CLI_AT(TYPE, FIELD.resume), 0, 0, NULL, "DIR",                                \
     "continue an interrupted study: alone (with --threads, --quiet, --no-plots at most) as DIR/study.json keeps "   \
     "it, or with the command that made it"},                                                                       \
    {"records", "experiment", CLI_FLAG, CLI_AT(TYPE, FIELD.records), 0, 0, NULL, NULL,                              \
     "write the record of every game into each run's directory (RUN/records/, as sim --records)"},                  \
    {"records-every", "experiment", CLI_INT, CLI_AT(TYPE, FIELD.records_every), 1, 2147483647, NULL, "N",            \
     "with --records: record only the units whose number N divides (default 1)"},                                  \
    {"quiet", "experiment", CLI_FLAG, CLI_AT(TYPE, FIELD.quiet), 0, 0, NULL, NULL, "no progress on stderr"},         \
    {"no-plots", "experiment", CLI_FLAG, CLI_AT(TYPE, FIELD.no_plots), 0, 0, NULL, NULL,                             \
     "no gnuplot scripts or pictures (report.html keeps its own charts)"}

/* Defaults before parsing: seed 1, every core. */
void cli_study_default_args(cli_study_args_t *args);
/* Begins the study of `kind` from the common arguments once parsed: checks them, opens the
 * game and level table, and sets the directory, unit, options and the commands study.json
 * keeps. `default_units` is the number of deals played when neither --deals nor --matches is
 * given (0: one is required). argv (or NULL) and `file` (or NULL) make the command that made
 * it. 0, or -1 with a message. */
int cli_study_open(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                   const cli_study_args_t *common, int64_t default_units, int argc, char **argv, const char *file,
                   char *error, size_t error_size);
/* As cli_study_open for a command that takes --deals and --matches together (balance): both
 * may be given, and the command reads them itself. */
int cli_study_open_both_units(study_t *study, const char *kind, const cli_command_spec_t *spec, const void *args,
                              const cli_study_args_t *common, int argc, char **argv, const char *file, char *error,
                              size_t error_size);
/* Checks an agent spec given with option `name` (item `item` of a list, or -1) against the
 * study's level table; errors name where the spec came from. The first level:N also checks
 * the table against the game (study_check_levels). */
int cli_study_check_agent(study_t *study, const cli_command_spec_t *spec, const void *args,
                          const cli_study_args_t *common, const char *name, int item, const char *spec_text,
                          char *error, size_t error_size);
/* study_check_levels for specs given with the command's options: a refused table is named
 * as the option that gave it. */
int cli_study_check_levels(study_t *study, const cli_command_spec_t *spec, const void *args,
                           const cli_study_args_t *common, const char *const *specs, int count, char *error,
                           size_t error_size);

/* A study command's entry points: parse argv or an experiment file into a fresh argument
 * struct (defaults first), then run. `run` gets argv (or NULL) and the file's path (or
 * NULL) for the command study.json keeps. With --resume DIR and only run-time options,
 * cli_study_main parses the arguments study.json keeps first, then the ones given. */
typedef struct cli_study_command {
    const cli_command_spec_t *spec;
    size_t args_size, study_offset; /* of the struct, and of its cli_study_args_t */
    void (*defaults)(void *args);
    int (*run)(void *args, int argc, char **argv, const char *file);
} cli_study_command_t;
int cli_study_main(const cli_study_command_t *command, int argc, char **argv);
int cli_study_main_config(const cli_study_command_t *command, const config_file_t *file, bool resume, bool check);

#endif
