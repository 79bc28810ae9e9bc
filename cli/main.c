/* main.c - `dominolab COMMAND ...`: dispatches to the subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

#ifndef DOMINOLAB_VERSION
#define DOMINOLAB_VERSION "unknown"
#endif

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} command_t;

static const command_t commands[] = {
    {"rules", cli_rules, "list games, presets and every rule option with its values"},
    {"agents", cli_agents, "list the agents, their parameters and the difficulty levels"},
    {"play", cli_play, "play one match between bots, print it move by move, optionally record it"},
    {"replay", cli_replay, "check a game record against the rules, line by line"},
    {"sim", cli_sim, "play many deals or matches between agents on all cores, into CSV statistics"},
    {"merge", cli_merge, "combine the outputs of sim --shard runs into the files of one run"},
    {"tournament", cli_tournament, "a round robin of agents in duplicate: pairwise results and Elo ratings"},
    {"sprt", cli_sprt, "a sequential test between two agents: stops as soon as one is shown better"},
    {"balance", cli_balance, "how fair a rule variant is: seats, leader, hand ends, lengths, deal bias"},
    {"calibrate", cli_calibrate, "measure and write the table behind level:1..10, evenly spaced in Elo"},
    {"analyze", cli_analyze, "rebuild the reports of any study or sim directory from its files"},
    {"run", cli_run, "run a study written in an experiment file (configs/experiments)"},
    {"bench", cli_bench, "a fixed workload: deals/s and plies/s, and a signature of behaviour"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: dominolab COMMAND [ARGS]   (dominolab COMMAND --help for each)\n\n"
                 "dominolab %s - self-play and strategy research for domino games\n\ncommands:\n",
            DOMINOLAB_VERSION);
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        fprintf(out, "  %-10s %s\n", commands[k].name, commands[k].help);
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
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (!strcmp(argv[1], commands[k].name)) return commands[k].run(argc - 1, argv + 1);
    fprintf(stderr, "dominolab: unknown command '%s' (try dominolab --help)\n", argv[1]);
    return 2;
}
