/* balance.c - how fair a game's rules are, and how its hands go, for one variant or several
 * side by side (studies.h).
 *
 * One agent sits in every seat, so differences between seats belong to the rules. Each
 * variant (the study's rules, changed by its own options) plays
 *   variants/NN/hands    the study's deals, every deal played R times (replays: same seats,
 *                        fresh agent randomness) for the deal bias;
 *   variants/NN/matches  its matches, each match once;
 * and report_balance compares them: balance.csv, comparisons.csv, seats.csv, ends.csv,
 * distributions.csv and plots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "studies.h"

/* A run of a variant: its directory and what it played. */
typedef struct variant_run {
    char subdir[64], label[STUDY_OVERRIDE_MAX + 64];
} variant_run_t;

static const study_field_t balance_fields[] = {
    {"agent", STUDY_TEXT, 0, 0},          {"variants", STUDY_VARIANTS, 1, REPORT_MAX_VARIANTS},
    {"deals", STUDY_INTEGER, 0, 1e15},     {"matches", STUDY_INTEGER, 0, 1e15},
    {"replays", STUDY_INTEGER, 0, 1000},   {NULL, STUDY_TEXT, 0, 0},
};

/* The report from a study's identity (also `dominolab analyze`): the CSVs, then report.html. */
int study_balance_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                         char *error, size_t error_size)
{
    if (study_check_identity(dir, identity, balance_fields, error, error_size)) return STUDY_DAMAGED;
    const json_t *list = json_object_get(identity, "variants");
    int count = (int)json_array_size(list);
    bool hands = json_integer_value(json_object_get(identity, "deals")) > 0;
    bool matches = json_integer_value(json_object_get(identity, "matches")) > 0;
    if (count < 1 || count > REPORT_MAX_VARIANTS) {
        snprintf(error, error_size, "%s/study.json: no variants", dir);
        return -1;
    }
    report_variant_t variants[REPORT_MAX_VARIANTS];
    char (*paths)[2][STUDY_PATH_MAX] = malloc(REPORT_MAX_VARIANTS * sizeof *paths);
    variant_run_t *names = calloc(2 * REPORT_MAX_VARIANTS, sizeof *names);
    study_sample_run_t *samples = calloc(2 * REPORT_MAX_VARIANTS, sizeof *samples);
    if (!paths || !names || !samples) {
        free(paths);
        free(names);
        free(samples);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int found = 0, runs = 0, finished = 0; /* an unfinished study is reported on the runs that finished */
    for (int v = 0; v < count; v++) {
        const char *name = json_string_value(json_object_get(json_array_get(list, v), "name"));
        bool with[2] = {false, false};
        for (int m = 0; m < 2; m++) {
            variant_run_t *run = &names[finished];
            snprintf(run->subdir, sizeof run->subdir, "variants/%02d/%s", v, m ? "matches" : "hands");
            snprintf(paths[v][m], STUDY_PATH_MAX, "%s/%s/deals.csv", dir, run->subdir);
            if (!(m ? matches : hands)) continue;
            runs++;
            if (study_run_missing(dir, run->subdir, text)) continue;
            with[m] = true;
            snprintf(run->label, sizeof run->label, "%s, %s", name, m ? "matches" : "hands");
            samples[finished++] = (study_sample_run_t){run->subdir, run->label, NULL};
        }
        if (!with[0] && !with[1]) continue;
        variants[found++] = (report_variant_t){name, with[0] ? paths[v][0] : NULL, with[1] ? paths[v][1] : NULL};
    }
    int status = 0;
    if (found == 0) {
        snprintf(error, error_size, "no variant has a finished run yet");
        status = STUDY_UNFINISHED;
    }
    report_faults_t *faults = NULL;
    if (status == 0) status = study_faults_read(dir, samples, finished, &faults, error, error_size);
    plot_session_t session;
    study_plot_start(&session, out_dir, identity, plots);
    if (status == 0) status = report_balance(out_dir, variants, found, 0.95, &session, text, error, error_size);
    if (status == 0 && text) {
        report_faults_print(text, faults); /* beside the verdict: the balance measured is the fallback's too */
        char line[1024];
        plot_summary(&session, line, sizeof line);
        fprintf(text, "%s\n", line);
    }
    char partial[128];
    snprintf(partial, sizeof partial, "partial: this report rests on %d of the study's %d runs", finished, runs);
    study_html_t html = {REPORT_HTML_BALANCE, samples, finished, NULL, finished < runs ? partial : NULL, faults};
    if (status == 0) status = study_write_html(dir, out_dir, identity, &session, &html, text, error, error_size);
    free(faults);
    free(paths);
    free(names);
    free(samples);
    return status;
}

static int play_variants(study_t *study, const study_balance_t *b)
{
    int count = b->count;
    variant_run_t *names = calloc(2 * (size_t)count, sizeof *names);
    study_run_spec_t *runs = calloc(2 * (size_t)count, sizeof *runs);
    if (!names || !runs) {
        free(names);
        free(runs);
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    int n = 0;
    for (int v = 0; v < count; v++)
        for (int m = 0; m < 2; m++) {
            int64_t units = m ? b->matches : b->deals;
            if (units == 0) continue;
            snprintf(names[n].subdir, sizeof names[n].subdir, "variants/%02d/%s", v, m ? "matches" : "hands");
            snprintf(names[n].label, sizeof names[n].label, "%s, %s", b->variants[v].name, m ? "matches" : "hands");
            /* hands: each deal R times in the same seats (the deal bias); matches once */
            runs[n] = (study_run_spec_t){.subdir = names[n].subdir,
                                         .label = names[n].label,
                                         .agents = {b->agent},
                                         .agent_count = 1,
                                         .overrides = b->variants[v].overrides,
                                         .once = m || b->replays < 2,
                                         .replays = m || b->replays < 2 ? 0 : b->replays,
                                         .own_units = true,
                                         .matches = m == 1,
                                         .units = units};
            n++;
        }
    study->runs_total = n;
    int status = study_run_all(study, runs, n, 0, 0);
    free(names);
    free(runs);
    return status;
}

int study_balance_run(study_t *study, const study_balance_t *b)
{
    /* study.json's common "units": the hands run's deals, else the matches (never 0, which
     * the report's identity check refuses) */
    study->units = b->deals ? b->deals : b->matches;
    json_t *identity = json_object(), *list = json_array();
    for (int v = 0; v < b->count; v++) {
        json_t *options = json_array();
        for (int k = 0; b->variants[v].overrides[k]; k++)
            json_array_append_new(options, json_string(b->variants[v].overrides[k]));
        json_array_append_new(list, json_pack("{s:s, s:o}", "name", b->variants[v].name, "options", options));
    }
    json_object_set_new(identity, "agent", json_string(b->agent));
    json_object_set_new(identity, "variants", list);
    json_object_set_new(identity, "deals", json_integer((json_int_t)b->deals));
    json_object_set_new(identity, "matches", json_integer((json_int_t)b->matches));
    json_object_set_new(identity, "replays", json_integer(b->replays));
    int status = study_start(study, identity);
    if (status == 0) status = play_variants(study, b);
    return status ? status : study_conclude(study, study_balance_report);
}
