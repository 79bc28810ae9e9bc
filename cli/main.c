/* main.c - `dominolab COMMAND ...`: runs a command of the table in commands.c. */
#include <stdio.h>
#include <string.h>

#include "commands.h"

#ifndef DOMINOLAB_VERSION
#define DOMINOLAB_VERSION "unknown"
#endif

static void usage(FILE *out)
{
    int count;
    const cli_command_t *commands = cli_commands(&count);
    fprintf(out, "usage: dominolab COMMAND [ARGS]   (dominolab COMMAND --help for each)\n\n"
                 "dominolab %s - self-play and strategy research for domino games\n\ncommands:\n",
            DOMINOLAB_VERSION);
    for (int k = 0; k < count; k++) fprintf(out, "  %-10s %s\n", commands[k].name, commands[k].help);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("dominolab %s\n", DOMINOLAB_VERSION);
        return 0;
    }
    const cli_command_t *command = cli_command_find(argv[1]);
    if (command) return command->run(argc - 1, argv + 1);
    fprintf(stderr, "dominolab: unknown command '%s' (try dominolab --help)\n", argv[1]);
    return 2;
}
