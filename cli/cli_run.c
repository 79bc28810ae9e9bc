/* cli_run.c - `dominolab run FILE [--resume]`: a study written as an experiment file.
 *
 * The file's [experiment] section names the command (sim, tournament, sprt, balance,
 * calibrate); every other key is one of that command's options, in the section its table
 * gives (cli_options.h), and goes through the very checks the command line does, so a bad
 * value is reported with the file, the line and the key, before anything runs.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "config.h"

static void run_usage(FILE *out)
{
    char names[256];
    cli_command_names(true, names, sizeof names);
    fprintf(out, "usage: dominolab run FILE [--resume | --check]\n\n"
                 "Runs the study an experiment file describes (INI; examples in configs/experiments/):\n"
                 "  [experiment]  command = one of %s, then out, seed,\n"
                 "                threads, quiet, no-plots, description\n"
                 "  [game]        game, preset, players\n"
                 "  [options]     rule options over the preset, key = value (see dominolab rules)\n"
                 "  [agents]      the command's agents (agents = A,B,...; tournament and balance also take\n"
                 "                agent = SPEC, repeatable), level-table\n"                 "  [COMMAND]     the command's own parameters, named as its --options\n"
                 "  [variant N]   (balance) a named variant's rule options\n"
                 "Every key is the command's option of the same name (dominolab COMMAND --help). --resume\n"
                 "continues the study in the file's out directory; --check only checks every value (the\n"
                 "file, line and key of the first bad one, exit 2) and runs nothing. docs/configs.md\n"
                 "describes the files.\n",
            names);
}

int cli_run(int argc, char **argv)
{
    const char *path = NULL;
    bool resume = false, check = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            run_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--resume")) resume = true;
        else if (!strcmp(argv[i], "--check")) check = true;
        else if (!path && strncmp(argv[i], "--", 2)) path = argv[i];
        else {
            static const char *const names[] = {"resume", "check", "help"};
            char error[CLI_ERROR_SIZE];
            cli_unknown_argument("run", argv[i], names, 3, error, sizeof error);
            fprintf(stderr, "dominolab run: %s\n", error);
            return 2;
        }
    }
    if (!path) {
        fprintf(stderr, "dominolab run: give an experiment file (see dominolab run --help)\n");
        return 2;
    }
    config_file_t file;
    char error[CLI_ERROR_SIZE];
    if (config_read(path, &file, error, sizeof error)) {
        fprintf(stderr, "dominolab run: %s\n", error);
        config_free(&file);
        return 2;
    }
    const config_entry_t *entry = config_find(&file, "experiment", "command");
    const cli_command_t *command = entry ? cli_command_find(entry->value) : NULL;
    char names[256];
    cli_command_names(true, names, sizeof names);
    int status = 2;
    if (!entry)
        fprintf(stderr, "dominolab run: %s: [experiment] needs command = one of %s\n", path, names);
    else if (!command || !command->run_file)
        fprintf(stderr, "dominolab run: %s:%d: key command: unknown command '%s' (%s)\n", path, entry->line,
                entry->value, names);
    else
        status = command->run_file(&file, resume && !check, check);
    config_free(&file);
    return status;
}
