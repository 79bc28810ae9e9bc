/* cli_sprt.c - `dominolab sprt`: a sequential probability ratio test between two agents on
 * paired deals, stopping as soon as the evidence decides.
 *
 * One `sim` run (DIR/run) plays deal blocks (a deal once per rotation of the two agents
 * over the seats) with a stopping rule: after every block, in unit order, the block's score
 * goes into the tally and the test's LLR is compared with its bounds (sprt.h); the run ends
 * at the first block outside them, or at the --deals/--matches cap. Because the rule sees the
 * blocks in unit order, where it stops does not depend on threads or batches. The report
 * (report_sprt) replays the same test from deals.csv, so `analyze` gives the same verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "report.h"
#include "sprt.h"
#include "study/study.h"
#include "study/study_pair.h"

enum { DEFAULT_MAX_DEALS = 1000000 };

typedef struct sprt_args {
    cli_args_base_t base;
    study_args_t study;
    const char *agents;
    double elo0, elo1, alpha, beta;
} sprt_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(sprt_args_t, field), min, max, NULL, value, help}
static const cli_option_t sprt_options[] = {
    STUDY_OPTIONS(sprt_args_t, study, "sprt"),
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
    "  sprt.csv        the verdict, LLR, bounds, blocks played, score and Elo with 95% intervals\n"
    "  sprt_trace.csv  the LLR after every block (thinned to about 5000 rows); plots/sprt.*\n"
    "  report.html     the verdict in a sentence, the LLR chart, the table, a sample game (games/)\n"
    "  run/            the sim run (deals.csv holds every block played)\n"
    "Columns: docs/analysis.md. In an experiment file the keys go in [experiment], [game],\n"
    "[options], [agents] and [sprt].\n",
    sprt_options,
    (int)(sizeof sprt_options / sizeof sprt_options[0]),
};

/* ------------------------------------------------------------------ the stopping rule */

typedef struct sprt_rule {
    sprt_test_t test;
    sprt_tally_t tally;
    study_pair_t pair; /* the blocks, live and on resume; its context is the rule */
    int sides;
    int64_t cap; /* the units the test may play */
} sprt_rule_t;

/* One more block into the test; whether it has decided. */
static bool rule_add(void *context, int score2)
{
    sprt_rule_t *rule = context;
    sprt_tally_add(&rule->tally, score2);
    return sprt_decide(&rule->test, sprt_llr(&rule->tally, rule->test.elo0, rule->test.elo1)) != SPRT_CONTINUE;
}

/* Where the test is expected to end (study_pair_t's expected_end). */
static int64_t rule_end(void *context)
{
    const sprt_rule_t *rule = context;
    return sprt_expected_blocks(&rule->test, sprt_llr(&rule->tally, rule->test.elo0, rule->test.elo1),
                                rule->tally.blocks, rule->cap);
}

/* The progress line's standings: the LLR against its bounds, as chess testers show it. */
static void standings(void *context, const sim_totals_t *totals, char *out, size_t size)
{
    const sprt_rule_t *rule = context;
    char score[160];
    progress_standings_of(totals, rule->pair.name_a, rule->sides == 2, score, sizeof score);
    snprintf(out, size, "LLR %.2f [%.2f, %.2f]%s%s", sprt_llr(&rule->tally, rule->test.elo0, rule->test.elo1),
             rule->test.lower, rule->test.upper, score[0] ? "; " : "", score);
}

/* ------------------------------------------------------------------ the command */

static const study_field_t sprt_fields[] = {
    {"agents", STUDY_TEXTS, 2, 2}, {"elo0", STUDY_NUMBER, -2000, 2000}, {"elo1", STUDY_NUMBER, -2000, 2000},
    {"alpha", STUDY_NUMBER, 1e-9, 0.5}, {"beta", STUDY_NUMBER, 1e-9, 0.5}, {NULL, STUDY_TEXT, 0, 0},
};

/* The report from a study's identity (also `dominolab analyze`): the CSVs, then report.html. */
int cli_sprt_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                    char *error, size_t error_size)
{
    if (study_check_identity(dir, identity, sprt_fields, error, error_size)) return STUDY_DAMAGED;
    sprt_test_t test;
    if (sprt_init(&test, json_number_value(json_object_get(identity, "alpha")),
                  json_number_value(json_object_get(identity, "beta")), json_number_value(json_object_get(identity, "elo0")),
                  json_number_value(json_object_get(identity, "elo1")), error, error_size))
        return -1;
    const json_t *agents = json_object_get(identity, "agents");
    const char *a = json_string_value(json_array_get(agents, 0)), *b = json_string_value(json_array_get(agents, 1));
    if (!a || !b) {
        snprintf(error, error_size, "%s/study.json: the two agents are missing", dir);
        return -1;
    }
    if (study_run_missing(dir, "run", text)) {
        snprintf(error, error_size, "the test has not ended, so it has no verdict yet");
        return STUDY_UNFINISHED;
    }
    char path[4096], label[2 * AGENT_SPEC_MAX + 16];
    snprintf(path, sizeof path, "%s/run/deals.csv", dir);
    snprintf(label, sizeof label, "%s against %s", a, b);
    study_sample_run_t run = {"run", label, NULL};
    report_faults_t *faults = NULL;
    plot_session_t session;
    study_plot_start(&session, out_dir, identity, plots);
    report_sprt_result_t result;
    int status = study_faults_read(dir, &run, 1, &faults, error, error_size) ||
                         report_sprt(out_dir, path, a, b, &test, &session, text, &result, error, error_size)
                     ? -1
                     : 0;
    if (status == 0 && text) {
        report_faults_print(text, faults); /* beside the verdict: a faulty bot's verdict is its fallback's too */
        char line[1024];
        plot_summary(&session, line, sizeof line);
        fprintf(text, "%s\n", line);
    }
    study_html_t html = {REPORT_HTML_SPRT, &run, 1, NULL, NULL, faults};
    if (status == 0) status = study_write_html(dir, out_dir, identity, &session, &html, text, error, error_size);
    free(faults);
    return status;
}

static int run_sprt(void *raw, int argc, char **argv, const char *file)
{
    sprt_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    study_t *study = calloc(1, sizeof *study);
    sprt_rule_t *rule = calloc(1, sizeof *rule);
    if (!study || !rule) {
        free(study);
        free(rule);
        fprintf(stderr, "dominolab sprt: out of memory\n");
        return 1;
    }
    int status = study_open(study, "sprt", &sprt_spec, args, &args->study, DEFAULT_MAX_DEALS, argc, argv, file, error,
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
        } else if (study_check_levels(study, specs, 2, error, sizeof error)) {
            status = 2;
        }
    }
    char message[CLI_ERROR_SIZE];
    if (status == 0 && sprt_init(&rule->test, args->alpha, args->beta, args->elo0, args->elo1, message, sizeof message)) {
        cli_option_error(&sprt_spec, args, "elo1", -1, error, sizeof error, "%s", message);
        status = 2;
    }
    if (status == 0) {
        json_t *identity = json_object();
        json_object_set_new(identity, "agents", json_pack("[s, s]", specs[0], specs[1]));
        json_object_set_new(identity, "elo0", json_real(args->elo0));
        json_object_set_new(identity, "elo1", json_real(args->elo1));
        json_object_set_new(identity, "alpha", json_real(args->alpha));
        json_object_set_new(identity, "beta", json_real(args->beta));
        int prepared = study_prepare(study, identity, error, sizeof error);
        if (prepared) status = prepared < 0 ? 2 : STUDY_CHECKED;
    }
    if (status && status != STUDY_CHECKED) fprintf(stderr, "dominolab sprt: %s\n", error);
    if (status == 0) {
        rule->sides = study->game.game->side_count(study->game.rules);
        rule->pair = (study_pair_t){.seats = study->game.seats,
                                    .rotations = setup_pair_plays(study->game.seats, rule->sides),
                                    .name_a = specs[0], .name_b = specs[1], .add = rule_add, .expected_end = rule_end,
                                    .context = rule};
        rule->cap = study->units;
        if (rule->pair.rotations * 2 + 1 > SPRT_MAX_VALUES) {
            fprintf(stderr, "dominolab sprt: %d games a block is more than the test takes\n", rule->pair.rotations);
            status = 2;
        }
    }
    if (status == 0) {
        sprt_tally_init(&rule->tally, rule->pair.rotations);
        cli_sim_hooks_t hooks = {.stop_rule = study_pair_stop_rule, .context = &rule->pair,
                                 .expected_end = study_pair_expected_end, .on_ready = study_pair_resume};
        char label[2 * AGENT_SPEC_MAX + 8], agents[2 * AGENT_SPEC_MAX + 2];
        snprintf(label, sizeof label, "%s against %s", specs[0], specs[1]);
        snprintf(agents, sizeof agents, "%s,%s", specs[0], specs[1]);
        study->runs_total = 1;
        study_run_spec_t run = {.subdir = "run", .label = label, .agents = agents, .hooks = &hooks,
                                .standings = standings, .standings_context = rule};
        study_plan(study, &run, 1, 0, 0);
        int played = study_run(study, &run);
        if (played) status = study_stopped(study, played);
    }
    if (status == 0) status = study_conclude(study, cli_sprt_report);
    study_close(study);
    free(study);
    free(rule);
    return status;
}

static void default_args(void *raw)
{
    sprt_args_t *args = raw;
    memset(args, 0, sizeof *args);
    study_default_args(&args->study);
    args->elo0 = 0;
    args->elo1 = 5;
    args->alpha = 0.05;
    args->beta = 0.05;
}

static const study_command_t sprt_command = {&sprt_spec, sizeof(sprt_args_t), offsetof(sprt_args_t, study),
                                             default_args, run_sprt};

int cli_sprt(int argc, char **argv) { return study_main(&sprt_command, argc, argv); }
int cli_sprt_config(const config_file_t *file, bool resume, bool check)
{
    return study_main_config(&sprt_command, file, resume, check);
}
