/* cli_sprt.c - `dominolab sprt`: its arguments into a sequential test between two agents
 * (study/sprt.c), with errors naming the argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "cli_study.h"
#include "sprt.h"
#include "studies.h"

enum { DEFAULT_MAX_DEALS = 1000000 };

typedef struct sprt_args {
    cli_args_base_t base;
    cli_study_args_t study;
    const char *agents;
    double elo0, elo1, alpha, beta;
} sprt_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(sprt_args_t, field), min, max, NULL, value, help}
static const cli_option_t sprt_options[] = {
    CLI_STUDY_OPTIONS(sprt_args_t, study, "sprt"),
    OPTION("agents", "agents", CLI_TEXT, agents, 0, 0, "A,B", "the agent tested (A) and the one it is tested against (B)"),
    OPTION("elo0", "sprt", CLI_REAL, elo0, -1000, 1000, "E", "H0: A is this many Elo better than B (default 0)"),
    OPTION("elo1", "sprt", CLI_REAL, elo1, -1000, 1000, "E", "H1: A is this many Elo better than B (default 5)"),
    OPTION("alpha", "sprt", CLI_REAL, alpha, 1e-6, 0.5, "P", "chance of accepting H1 when H0 holds (default 0.05)"),
    OPTION("beta", "sprt", CLI_REAL, beta, 1e-6, 0.5, "P", "chance of accepting H0 when H1 holds (default 0.05)"),
};
#undef OPTION

static const cli_command_spec_t sprt_spec = {
    "sprt",
    "--players N --agents A,B --out DIR [--elo0 E] [--elo1 E] [--alpha P] [--beta P]\n"
    "                      [--deals N | --matches N] [--seed S] [--game G] [--preset P] [--option k=v ...]",
    "Tests whether agent A is stronger than B: H0 says A is elo0 Elo better (default 0), H1 says\n"
    "elo1 (default 5). Deals are played in duplicate blocks (each deal once per rotation of the two\n"
    "agents over the seats; with two seats or two teams a block is a pair of games, the\n"
    "pentanomial model) until the log-likelihood ratio of the block scores leaves\n"
    "[ln(beta/(1-alpha)), ln((1-beta)/alpha)]: below, H0 is accepted; above, H1. --deals or\n"
    "--matches caps the test (default 1000000 deals), which may end with no decision. Writes to DIR:\n"
    "  sprt.csv        the verdict, LLR, bounds, blocks and games played, wins, draws and losses,\n"
    "                  score and Elo with 95% intervals\n"
    "  sprt_trace.csv  the LLR and the Elo so far after every block (thinned to about 5000 rows);\n"
    "                  plots/sprt.*\n"
    "  sprt_blocks.csv the blocks of each block score (with two games a block: pentanomial counts)\n"
    "  report.html     the verdict in a sentence, the LLR chart, the table, a sample game (games/)\n"
    "  run/            the sim run (deals.csv holds every block played)\n"
    "Columns: docs/analysis.md. In an experiment file the keys go in [experiment], [game],\n"
    "[options], [agents] and [sprt].\n",
    sprt_options,
    (int)(sizeof sprt_options / sizeof sprt_options[0]),
};

/* ------------------------------------------------------------------ the command */

static int run_sprt(void *raw, int argc, char **argv, const char *file)
{
    sprt_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    study_t *study = calloc(1, sizeof *study);
    if (!study) {
        fprintf(stderr, "dominolab sprt: out of memory\n");
        return 1;
    }
    int status = cli_study_open(study, "sprt", &sprt_spec, args, &args->study, DEFAULT_MAX_DEALS, argc, argv, file, error,
                            sizeof error)
                     ? 2
                     : 0;
    char agent_text[2 * AGENT_SPEC_MAX + 2];
    const char *specs[GAME_MAX_SEATS] = {NULL};
    if (status == 0 && !args->agents) {
        if (args->base.file) snprintf(error, sizeof error, "%s: agents = A,B is required in [agents]", args->base.file);
        else snprintf(error, sizeof error, "--agents A,B is required");
        status = 2;
    }
    if (status == 0) {
        snprintf(agent_text, sizeof agent_text, "%s", args->agents);
        char message[CLI_ERROR_SIZE];
        if (cli_split_agents(agent_text, specs, 2, false, study->levels, message, sizeof message) ||
            !strcmp(specs[0], specs[1])) {
            cli_option_error(&sprt_spec, args, "agents", -1, error, sizeof error, "%s",
                             specs[1] && !strcmp(specs[0], specs[1]) ? "give two different agents" : message);
            status = 2;
        } else if (cli_study_check_levels(study, &sprt_spec, args, &args->study, specs, 2, error, sizeof error)) {
            status = 2;
        }
    }
    char message[CLI_ERROR_SIZE];
    sprt_test_t test;
    if (status == 0 && sprt_init(&test, args->alpha, args->beta, args->elo0, args->elo1, message, sizeof message)) {
        cli_option_error(&sprt_spec, args, "elo1", -1, error, sizeof error, "%s", message);
        status = 2;
    }
    if (status) {
        fprintf(stderr, "dominolab sprt: %s\n", error);
    } else {
        study_sprt_t t = {.agents = {specs[0], specs[1]}, .elo0 = args->elo0, .elo1 = args->elo1,
                          .alpha = args->alpha, .beta = args->beta};
        status = study_sprt_run(study, &t);
    }
    study_close(study);
    free(study);
    return status;
}

static void default_args(void *raw)
{
    sprt_args_t *args = raw;
    memset(args, 0, sizeof *args);
    cli_study_default_args(&args->study);
    args->elo0 = 0;
    args->elo1 = 5;
    args->alpha = 0.05;
    args->beta = 0.05;
}

static const cli_study_command_t sprt_command = {&sprt_spec, sizeof(sprt_args_t), offsetof(sprt_args_t, study),
                                             default_args, run_sprt};

int cli_sprt(int argc, char **argv) { return cli_study_main(&sprt_command, argc, argv); }
int cli_sprt_config(const config_file_t *file, bool resume, bool check)
{
    return cli_study_main_config(&sprt_command, file, resume, check);
}
