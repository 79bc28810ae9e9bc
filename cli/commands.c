/* commands.c - the table of commands (commands.h). */
#include "commands.h"

#include <string.h>

#include "studies.h"

static const cli_command_t commands[] = {
    {"rules", "list games, presets and every rule option with its values", cli_rules, NULL, NULL},
    {"agents", "list the agents, their parameters and the difficulty levels", cli_agents, NULL, NULL},
    {"play", "play one match between bots, print it move by move, optionally record it", cli_play, NULL, NULL},
    {"replay", "check a game record against the rules, line by line (--print: show it); play a sim row again",
     cli_replay, NULL, NULL},
    {"view", "a game record as one HTML page to step through in a browser (--annotate: a bot's opinion)", cli_view,
     NULL, NULL},
    {"sim", "play many deals or matches between agents on all cores, into CSV statistics", cli_sim, cli_sim_config,
     NULL},
    {"merge", "combine the outputs of sim --shard runs into the files of one run", cli_merge, NULL, NULL},
    {"tournament", "a round robin of agents in duplicate: pairwise results and Elo ratings", cli_tournament,
     cli_tournament_config, study_tournament_report},
    {"sprt", "a sequential test between two agents: stops as soon as one is shown better", cli_sprt, cli_sprt_config,
     study_sprt_report},
    {"balance", "how fair a rule variant is: seats, leader, hand ends, lengths, deal bias", cli_balance,
     cli_balance_config, study_balance_report},
    {"calibrate", "measure and write the table behind level:1..N, evenly spaced in Elo", cli_calibrate,
     cli_calibrate_config, study_calibrate_report},
    {"analyze", "rebuild the reports of any study or sim directory from its files", cli_analyze, NULL, NULL},
    {"run", "run a study written in an experiment file (configs/experiments)", cli_run, NULL, NULL},
    {"fit", "fit the model of how others play (belief=policy) to an agent's decisions or to records", cli_fit,
     NULL, NULL},
    {"belief", "how well belief=policy predicts who holds which tile, against the uniform sampler", cli_belief,
     NULL, NULL},
    {"bench", "a fixed workload: deals/s and plies/s, and a signature of behaviour", cli_bench, NULL, NULL},
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

const cli_command_t *cli_commands(int *count)
{
    *count = COMMAND_COUNT;
    return commands;
}

const cli_command_t *cli_command_find(const char *name)
{
    for (int k = 0; k < COMMAND_COUNT; k++)
        if (!strcmp(commands[k].name, name)) return &commands[k];
    return NULL;
}

void cli_command_names(bool files, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int k = 0; k < COMMAND_COUNT && used < out_size; k++)
        if (files ? commands[k].run_file != NULL : commands[k].report != NULL)
            used += (size_t)snprintf(out + used, out_size - used, "%s%s", used ? ", " : "", commands[k].name);
}
