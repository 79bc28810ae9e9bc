/* cli_tournament.c - `dominolab tournament`: a round robin of agents in duplicate play, and
 * their ratings.
 *
 * Every pair of agents plays one `sim` run (pairs/AA-BB) on the same deals (one seed), each
 * deal once per rotation of the two agents over the seats. The report (report_ratings)
 * reads every pair's deals.csv: pairwise.csv, ratings.csv (Bradley-Terry with the leader's
 * advantage, intervals from a bootstrap over deal blocks), los.csv, pairwise_matrix.csv,
 * model.csv and plots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "rating.h"
#include "report.h"
#include "sequential.h"
#include "study/study.h"
#include "study/study_pair.h"

enum { DEFAULT_DEALS = 10000, DEFAULT_BOOTSTRAP = 1000 };
#define DEFAULT_PRECISION 20.0 /* Elo either side of a pair's difference */

typedef struct tournament_args {
    cli_args_base_t base;
    study_args_t study;
    cli_list_t agents; /* --agents A,B,... and --agent A, in the order given */
    const char *anchor;
    int bootstrap;
    double confidence, precision;
    bool no_advantage;
} tournament_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(tournament_args_t, field), min, max, NULL, value, help}
static const cli_option_t tournament_options[] = {
    STUDY_OPTIONS(tournament_args_t, study, "tournament"),
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

static const study_field_t tournament_fields[] = {
    {"agents", STUDY_TEXTS, 2, RATING_MAX_AGENTS}, {"anchor", STUDY_TEXT, 0, 0}, {"bootstrap", STUDY_INTEGER, 0, 100000},
    {"confidence", STUDY_NUMBER, 0.5, 0.9999},     {"advantage", STUDY_BOOL, 0, 0}, {NULL, STUDY_TEXT, 0, 0},
};

/* A pair's run directory and what it played. */
typedef struct pair_name {
    char subdir[32], label[2 * AGENT_SPEC_MAX + 8];
} pair_name_t;

/* The report from a study's identity (also `dominolab analyze`): the CSVs, then report.html. */
int cli_tournament_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                          char *error, size_t error_size)
{
    if (study_check_identity(dir, identity, tournament_fields, error, error_size)) return STUDY_DAMAGED;
    const json_t *agents = json_object_get(identity, "agents");
    int count = (int)json_array_size(agents);
    const char *names_of[RATING_MAX_AGENTS];
    for (int a = 0; a < count && a < RATING_MAX_AGENTS; a++) names_of[a] = json_string_value(json_array_get(agents, a));
    int runs = count * (count - 1) / 2, run = 0;
    char (*paths)[STUDY_PATH_MAX] = malloc((size_t)runs * sizeof *paths);
    const char **path_list = malloc((size_t)runs * sizeof *path_list);
    pair_name_t *names = malloc((size_t)runs * sizeof *names);
    study_sample_run_t *samples = malloc((size_t)runs * sizeof *samples);
    int status = 0;
    if (!paths || !path_list || !names || !samples) {
        snprintf(error, error_size, "out of memory");
        status = -1;
    }
    int found = 0; /* an unfinished study is reported on the pairs that finished */
    for (int i = 0; i < count && status == 0; i++)
        for (int j = i + 1; j < count; j++, run++) {
            pair_name_t *name = &names[found];
            snprintf(name->subdir, sizeof name->subdir, "pairs/%02d-%02d", i, j);
            if (study_run_missing(dir, name->subdir, text)) continue;
            snprintf(name->label, sizeof name->label, "%s vs %s", names_of[i], names_of[j]);
            snprintf(paths[found], STUDY_PATH_MAX, "%s/%s/deals.csv", dir, name->subdir);
            path_list[found] = paths[found];
            samples[found] = (study_sample_run_t){name->subdir, name->label, NULL};
            found++;
        }
    if (status == 0 && found == 0) {
        snprintf(error, error_size, "%s: no pair has finished yet, so there is nothing to rate", dir);
        status = STUDY_UNFINISHED;
    }
    report_faults_t *faults = NULL;
    if (status == 0) status = study_faults_read(dir, samples, found, &faults, error, error_size);
    if (status == 0) {
        sequential_plan_t plan;
        study_sequential_plan(identity, &plan);
        report_ratings_settings_t settings = {
            .bootstrap = (int)json_integer_value(json_object_get(identity, "bootstrap")),
            .confidence = plan.level,
            .seed = (uint64_t)json_integer_value(json_object_get(identity, "seed")),
            .anchor = json_string_value(json_object_get(identity, "anchor")),
            .advantage = json_is_true(json_object_get(identity, "advantage")),
        };
        plot_session_t session;
        study_plot_start(&session, out_dir, identity, plots);
        study_sequential_note(text, &plan, "pair");
        status = report_ratings_noting_faults(out_dir, path_list, found, names_of, count, &settings, faults, &session,
                                              text, NULL, error, error_size);
        char partial[128];
        snprintf(partial, sizeof partial, "partial: these ratings rest on %d of the %d pairs", found, runs);
        if (status == 0 && found < runs && text) fprintf(text, "%s\n", partial);
        if (status == 0 && text) {
            char line[1024];
            plot_summary(&session, line, sizeof line);
            fprintf(text, "%s\n", line);
        }
        study_html_t html = {REPORT_HTML_RATINGS, samples, found, NULL, found < runs ? partial : NULL, faults};
        if (status == 0) status = study_write_html(dir, out_dir, identity, &session, &html, text, error, error_size);
    }
    free(faults);
    free(paths);
    free(path_list);
    free(names);
    free(samples);
    return status;
}

typedef struct pair_run {
    char subdir[32], label[2 * AGENT_SPEC_MAX + 8], agents[2 * AGENT_SPEC_MAX + 2];
    study_sequential_t stop;
} pair_run_t;

/* Every pair once, each in its own run (stopping by the rule of `identity`); the study's
 * work announced first. */
static int play_pairs(study_t *study, const tournament_args_t *args, const json_t *identity, int count)
{
    int pairs = count * (count - 1) / 2, k = 0;
    pair_run_t *names = calloc((size_t)pairs, sizeof *names);
    study_run_spec_t *runs = calloc((size_t)pairs, sizeof *runs);
    if (!names || !runs) {
        free(names);
        free(runs);
        fprintf(stderr, "dominolab tournament: out of memory\n");
        return 1;
    }
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++, k++) {
            snprintf(names[k].subdir, sizeof names[k].subdir, "pairs/%02d-%02d", i, j);
            snprintf(names[k].label, sizeof names[k].label, "%s vs %s", args->agents.item[i], args->agents.item[j]);
            snprintf(names[k].agents, sizeof names[k].agents, "%s,%s", args->agents.item[i], args->agents.item[j]);
            runs[k] = (study_run_spec_t){.subdir = names[k].subdir, .label = names[k].label, .agents = names[k].agents};
            study_sequential_attach(&names[k].stop, study, identity, args->agents.item[i], args->agents.item[j],
                                    &runs[k]);
        }
    study->runs_total = pairs;
    int status = study_run_all(study, runs, pairs, 0, 0);
    free(names);
    free(runs);
    return status;
}

static int run_tournament(void *raw, int argc, char **argv, const char *file)
{
    tournament_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    study_t *study = calloc(1, sizeof *study);
    if (!study) {
        fprintf(stderr, "dominolab tournament: out of memory\n");
        return 1;
    }
    int status = study_open(study, "tournament", &tournament_spec, args, &args->study, DEFAULT_DEALS, argc, argv,
                            file, error, sizeof error)
                     ? 2
                     : 0;
    int count = args->agents.count;
    if (status == 0 && (count < 2 || count > RATING_MAX_AGENTS)) {
        if (args->base.file)
            snprintf(error, sizeof error, "%s: give 2 to %d agents ([agents] agents = A,B,...)", args->base.file,
                     RATING_MAX_AGENTS);
        else snprintf(error, sizeof error, "give 2 to %d agents (--agents A,B,...)", RATING_MAX_AGENTS);
        status = 2;
    }
    for (int a = 0; a < count && status == 0; a++) {
        if (study_check_agent(study, "agents", a, args->agents.item[a], error, sizeof error)) status = 2;
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
    if (status == 0) {
        json_t *identity = json_object();
        json_t *agents = json_array();
        for (int a = 0; a < count; a++) json_array_append_new(agents, json_string(args->agents.item[a]));
        json_object_set_new(identity, "agents", agents);
        json_object_set_new(identity, "anchor", json_string(anchor));
        json_object_set_new(identity, "bootstrap", json_integer(args->bootstrap));
        json_object_set_new(identity, "confidence", json_real(args->confidence));
        json_object_set_new(identity, "advantage", json_boolean(!args->no_advantage));
        if (args->precision > 0) /* absent: every deal, as before the rule */
            json_object_set_new(identity, "precision", json_real(args->precision));
        int prepared = study_prepare(study, identity, error, sizeof error);
        if (prepared) status = prepared < 0 ? 2 : STUDY_CHECKED;
    }
    if (status && status != STUDY_CHECKED) fprintf(stderr, "dominolab tournament: %s\n", error);
    if (status == 0) status = play_pairs(study, args, study_identity(study), count);
    if (status == 0) status = study_conclude(study, cli_tournament_report);
    study_close(study);
    free(study);
    return status;
}

static void default_args(void *raw)
{
    tournament_args_t *args = raw;
    memset(args, 0, sizeof *args);
    study_default_args(&args->study);
    args->bootstrap = DEFAULT_BOOTSTRAP;
    args->confidence = 0.95;
    args->precision = DEFAULT_PRECISION;
}

static const study_command_t tournament_command = {&tournament_spec, sizeof(tournament_args_t),
                                                   offsetof(tournament_args_t, study), default_args, run_tournament};

int cli_tournament(int argc, char **argv) { return study_main(&tournament_command, argc, argv); }
int cli_tournament_config(const config_file_t *file, bool resume, bool check)
{
    return study_main_config(&tournament_command, file, resume, check);
}
