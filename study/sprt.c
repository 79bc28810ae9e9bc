/* sprt.c - a sequential probability ratio test between two agents on paired deals,
 * stopping as soon as the evidence decides (studies.h).
 *
 * One run (DIR/run) plays deal blocks (a deal once per rotation of the two agents over the
 * seats) with a stopping rule: after every block, in unit order, the block's score goes
 * into the tally and the test's LLR is compared with its bounds (sprt.h); the run ends at
 * the first block outside them, or at the cap. Because the rule sees the blocks in unit
 * order, where it stops does not depend on threads or batches. The report (report_sprt)
 * replays the same test from deals.csv, so `analyze` gives the same verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "progress.h"
#include "report.h"
#include "sprt.h"
#include "studies.h"
#include "study_pair.h"

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

/* ------------------------------------------------------------------ the study */

static const study_field_t sprt_fields[] = {
    {"agents", STUDY_TEXTS, 2, 2}, {"elo0", STUDY_NUMBER, -2000, 2000}, {"elo1", STUDY_NUMBER, -2000, 2000},
    {"alpha", STUDY_NUMBER, 1e-9, 0.5}, {"beta", STUDY_NUMBER, 1e-9, 0.5}, {NULL, STUDY_TEXT, 0, 0},
};

/* The report from a study's identity (also `dominolab analyze`): the CSVs, then report.html. */
int study_sprt_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
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

int study_sprt_run(study_t *study, const study_sprt_t *t)
{
    char error[STUDY_ERROR_SIZE];
    sprt_rule_t *rule = calloc(1, sizeof *rule);
    if (!rule) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    int status = sprt_init(&rule->test, t->alpha, t->beta, t->elo0, t->elo1, error, sizeof error) ? 2 : 0;
    if (status) {
        fprintf(stderr, "dominolab %s: %s\n", study->kind, error);
    } else {
        json_t *identity = json_object();
        json_object_set_new(identity, "agents", json_pack("[s, s]", t->agents[0], t->agents[1]));
        json_object_set_new(identity, "elo0", json_real(t->elo0));
        json_object_set_new(identity, "elo1", json_real(t->elo1));
        json_object_set_new(identity, "alpha", json_real(t->alpha));
        json_object_set_new(identity, "beta", json_real(t->beta));
        status = study_start(study, identity);
    }
    if (status == 0) {
        rule->sides = study->game.game->side_count(study->game.rules);
        rule->pair = (study_pair_t){.seats = study->game.seats,
                                    .rotations = setup_pair_plays(study->game.seats, rule->sides),
                                    .name_a = t->agents[0], .name_b = t->agents[1], .add = rule_add,
                                    .expected_end = rule_end, .context = rule};
        rule->cap = study->units;
        if (rule->pair.rotations * 2 + 1 > SPRT_MAX_VALUES) {
            fprintf(stderr, "dominolab %s: %d games a block is more than the test takes\n", study->kind,
                    rule->pair.rotations);
            status = 2;
        }
    }
    if (status == 0) {
        sprt_tally_init(&rule->tally, rule->pair.rotations);
        study_hooks_t hooks = {.stop_rule = study_pair_stop_rule, .context = &rule->pair,
                               .expected_end = study_pair_expected_end, .on_ready = study_pair_resume};
        char label[2 * AGENT_SPEC_MAX + 16];
        snprintf(label, sizeof label, "%s against %s", t->agents[0], t->agents[1]);
        study->runs_total = 1;
        study_run_spec_t run = {.subdir = "run", .label = label, .agents = {t->agents[0], t->agents[1]},
                                .agent_count = 2, .hooks = &hooks, .standings = standings, .standings_context = rule};
        status = study_run_all(study, &run, 1, 0, 0);
    }
    if (status == 0) status = study_conclude(study, study_sprt_report);
    free(rule);
    return status;
}
