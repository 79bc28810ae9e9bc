/* commands.h - the `dominolab` commands in one table: what `dominolab --help` lists and main
 * runs, which commands an experiment file may name (`dominolab run`), and which kinds of
 * study `dominolab analyze` rebuilds. Adding a command is one entry in commands.c.
 *
 * Exit statuses of every command: 0 success, 1 a failure while running (I/O, a record that
 * disagrees), 2 bad input (unknown option or value, invalid combination, malformed file).
 */
#ifndef DOMINOLAB_COMMANDS_H
#define DOMINOLAB_COMMANDS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"

typedef struct cli_command {
    const char *name;
    const char *help; /* one line for dominolab --help */
    int (*run)(int argc, char **argv); /* argv[0] is the command's name */
    /* The command from an experiment file (dominolab run FILE [--resume | --check]), or NULL. */
    int (*run_file)(const config_file_t *file, bool resume, bool check);
    /* The reports of a study directory this command made, rebuilt from its study.json
     * identity into out_dir (dominolab analyze), or NULL. */
    int (*report)(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text, char *error,
                  size_t error_size);
} cli_command_t;

/* Every command, in the order --help lists them. */
const cli_command_t *cli_commands(int *count);
/* The command named `name`, or NULL. */
const cli_command_t *cli_command_find(const char *name);
/* "sim, tournament, ..." : the names of the commands with a run_file (files) or a report. */
void cli_command_names(bool files, char *out, size_t out_size);

/* The commands' entry points (tests call them as main does). */
int cli_rules(int argc, char **argv);
int cli_agents(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_replay(int argc, char **argv); /* 0 agrees, 1 disagrees, 2 malformed (records/replay.h) */
int cli_view(int argc, char **argv); /* 0 written, 1 the record disagrees, 2 malformed (records/replay.h) */
int cli_sim(int argc, char **argv);
int cli_merge(int argc, char **argv);
int cli_tournament(int argc, char **argv);
int cli_sprt(int argc, char **argv);
int cli_balance(int argc, char **argv);
int cli_calibrate(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_fit(int argc, char **argv);
int cli_belief(int argc, char **argv);

/* From an experiment file (dominolab run FILE [--resume | --check]). */
int cli_sim_config(const config_file_t *file, bool resume, bool check);
int cli_tournament_config(const config_file_t *file, bool resume, bool check);
int cli_sprt_config(const config_file_t *file, bool resume, bool check);
int cli_balance_config(const config_file_t *file, bool resume, bool check);
int cli_calibrate_config(const config_file_t *file, bool resume, bool check);

#endif
