/* cli_tournament.c - `dominolab tournament`: its arguments into a round robin
 * (study/tournament.c), with errors naming the argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_study.h"
#include "commands.h"
#include "rating.h"
#include "studies.h"

enum { DEFAULT_DEALS = 10000, DEFAULT_BOOTSTRAP = 1000 };
#define DEFAULT_PRECISION 20.0 /* Elo either side of a pair's difference */

typedef struct tournament_args {
    cli_args_base_t base;
    cli_study_args_t study;
    cli_list_t agents; /* --agents A,B,... and --agent A, in the order given */
    const char *anchor;
    int bootstrap;
    double confidence, precision;
    bool no_advantage;
} tournament_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(tournament_args_t, field), min, max, NULL, value, help}
static const cli_option_t tournament_options[] = {
    CLI_STUDY_OPTIONS(tournament_args_t, study, "tournament"),
    OPTION("agents", "agents", CLI_SPLIT, agents, 0, 0, "A,B,...", "the agents of the round robin (2 to 64)"),
    OPTION("agent", "agents", CLI_LIST, agents, 0, 0, "SPEC", "one more agent (repeatable; with --agents or alone)"),
    OPTION("anchor", "agents", CLI_TEXT, anchor, 0, 0, "SPEC", "the agent rated 0 (default: the first agent)"),
    OPTION("bootstrap", "tournament", CLI_INT, bootstrap, 0, 100000, "B",
           "bootstrap replicates over deal blocks for the intervals (default 1000; 0: from the Hessian)"),
    OPTION("confidence", "tournament", CLI_REAL, confidence, 0.5, 0.9999, "C", "of the intervals (default 0.95)"),
    OPTION("precision", "tournament", CLI_REAL, precision, 0, 1000, "ELO",
           "stop a pair once its Elo difference is known within ELO either side, or its order is settled (default "
           "20; 0: every pair plays every deal)"),
    OPTION("no-advantage", "tournament", CLI_FLAG, no_advantage, 0, 0, NULL,
           "fit no advantage for the seat that leads"),
};
#undef OPTION

static const cli_command_spec_t tournament_spec = {
    "tournament",
    "--players N --agents A,B[,C...] --out DIR\n"
    "                            [--deals N | --matches N] [--seed S] [--game G] [--preset P] [--option k=v ...]\n"
    "                            [--precision ELO] [--anchor SPEC] [--bootstrap B] [--confidence C]\n"
    "                            [--no-advantage] [--no-plots]",
    "A round robin: every pair of agents plays the same deals (up to 10000 deals a pair, --deals)\n"
    "in duplicate, each deal once per rotation of the two over the seats. A pair stops early, at\n"
    "64, 128, 256, ... deals, once its Elo difference is known within --precision either side\n"
    "or its interval leaves out 0; so that the intervals stay honest under the stopping, every\n"
    "interval is at 1 - (1 - C) / K for the K looks a pair may take (docs/analysis.md). Writes to DIR:\n"
    "  ratings.csv          Bradley-Terry ratings on the Elo scale with the leader's advantage as\n"
    "                       a term of the model, one agent anchored at 0, intervals from a\n"
    "                       bootstrap over deal blocks, and the likelihood of superiority over the\n"
    "                       next agent down (what BayesElo and Ordo report for chess engines)\n"
    "  pairwise.csv         every pair: games, wins, draws, paired score, Elo difference, intervals\n"
    "  pairwise_matrix.csv  the crosstable of paired scores; los.csv the LOS of every pair\n"
    "  model.csv            the leader's advantage and how the model was fitted\n"
    "  plots/               ratings with error bars, the pairwise heat map (PNG and SVG)\n"
    "  report.html          the result in a sentence, the charts and tables, a sample game of\n"
    "                       each pair (games/), the command and versions: one page, no script\n"
    "  pairs/AA-BB/         each pair's sim run (run.json, summary.csv, deals.csv)\n"
    "With more than two seats the two agents alternate (A,B,A,B) and a game goes to the agent\n"
    "whose best seat stood higher. Columns: docs/analysis.md. In an experiment file the keys go\n"
    "in [experiment], [game], [options], [agents] and [tournament].\n",
    tournament_options,
    (int)(sizeof tournament_options / sizeof tournament_options[0]),
};

static int run_tournament(void *raw, int argc, char **argv, const char *file)
{
    tournament_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    study_t *study = calloc(1, sizeof *study);
    if (!study) {
        fprintf(stderr, "dominolab tournament: out of memory\n");
        return 1;
    }
    int status = cli_study_open(study, "tournament", &tournament_spec, args, &args->study, DEFAULT_DEALS, argc,
                                argv, file, error, sizeof error)
                     ? 2
                     : 0;
    int count = args->agents.count;
    const char *agent_list[CLI_LIST_MAX];
    if (status == 0 && (count < 2 || count > RATING_MAX_AGENTS)) {
        if (args->base.file)
            snprintf(error, sizeof error, "%s: give 2 to %d agents ([agents] agents = A,B,...)", args->base.file,
                     RATING_MAX_AGENTS);
        else snprintf(error, sizeof error, "give 2 to %d agents (--agents A,B,...)", RATING_MAX_AGENTS);
        status = 2;
    }
    for (int a = 0; a < count && status == 0; a++) {
        if (cli_study_check_agent(study, &tournament_spec, args, &args->study, "agents", a, args->agents.item[a], error,
                                  sizeof error))
            status = 2;
        for (int b = 0; b < a && status == 0; b++)
            if (!strcmp(args->agents.item[a], args->agents.item[b])) {
                cli_option_error(&tournament_spec, args, "agents", a, error, sizeof error, "'%s' is given twice",
                                 args->agents.item[a]);
                status = 2;
            }
    }
    const char *anchor = args->anchor ? args->anchor : count ? args->agents.item[0] : "";
    bool anchor_known = false;
    for (int a = 0; a < count; a++) anchor_known |= !strcmp(args->agents.item[a], anchor);
    if (status == 0 && !anchor_known) {
        cli_option_error(&tournament_spec, args, "anchor", -1, error, sizeof error, "'%s' is not one of the agents",
                         anchor);
        status = 2;
    }
    /* a study made before the rule played every deal: resumed without --precision, so it goes on */
    if (status == 0 && !cli_given(&tournament_spec, args, "precision") && study_stored_lacks(study, "precision"))
        args->precision = 0;
    if (status) {
        fprintf(stderr, "dominolab tournament: %s\n", error);
    } else {
        study_tournament_t t = {.agents = (const char *const *)agent_list, .count = count, .anchor = anchor,
                                .bootstrap = args->bootstrap, .confidence = args->confidence,
                                .precision = args->precision, .advantage = !args->no_advantage};
        for (int a = 0; a < count; a++) agent_list[a] = args->agents.item[a];
        status = study_tournament_run(study, &t);
    }
    study_close(study);
    free(study);
    return status;
}

static void default_args(void *raw)
{
    tournament_args_t *args = raw;
    memset(args, 0, sizeof *args);
    cli_study_default_args(&args->study);
    args->bootstrap = DEFAULT_BOOTSTRAP;
    args->confidence = 0.95;
    args->precision = DEFAULT_PRECISION;
}

static const cli_study_command_t tournament_command = {&tournament_spec, sizeof(tournament_args_t),
                                                   offsetof(tournament_args_t, study), default_args, run_tournament};

int cli_tournament(int argc, char **argv) { return cli_study_main(&tournament_command, argc, argv); }
int cli_tournament_config(const config_file_t *file, bool resume, bool check)
{
    return cli_study_main_config(&tournament_command, file, resume, check);
}
