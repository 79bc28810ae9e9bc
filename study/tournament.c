/* tournament.c - a round robin of agents in duplicate play, and their ratings (studies.h).
 *
 * Every pair of agents plays one run (pairs/AA-BB) on the same deals (one seed), each
 * deal once per rotation of the two agents over the seats, stopping by the sequential rule
 * (study_pair.h). The report (report_ratings) reads every pair's deals.csv: pairwise.csv,
 * ratings.csv (Bradley-Terry with the leader's advantage, intervals from a bootstrap over
 * deal blocks), los.csv, pairwise_matrix.csv, model.csv and plots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rating.h"
#include "report.h"
#include "sequential.h"
#include "studies.h"
#include "study_pair.h"

static const study_field_t tournament_fields[] = {
    {"agents", STUDY_TEXTS, 2, RATING_MAX_AGENTS}, {"anchor", STUDY_TEXT, 0, 0}, {"bootstrap", STUDY_INTEGER, 0, 100000},
    {"confidence", STUDY_NUMBER, 0.5, 0.9999},     {"advantage", STUDY_BOOL, 0, 0}, {NULL, STUDY_TEXT, 0, 0},
};

/* A pair's run directory and what it played. */
typedef struct pair_name {
    char subdir[32], label[2 * AGENT_SPEC_MAX + 8];
} pair_name_t;

/* The report from a study's identity (also `dominolab analyze`): the CSVs, then report.html. */
int study_tournament_report(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
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
    char subdir[32], label[2 * AGENT_SPEC_MAX + 8];
    study_sequential_t stop;
} pair_run_t;

/* Every pair once, each in its own run (stopping by the rule of `identity`); the study's
 * work announced first. */
static int play_pairs(study_t *study, const study_tournament_t *t, const json_t *identity)
{
    int count = t->count, pairs = count * (count - 1) / 2, k = 0;
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
            snprintf(names[k].label, sizeof names[k].label, "%s vs %s", t->agents[i], t->agents[j]);
            runs[k] = (study_run_spec_t){.subdir = names[k].subdir, .label = names[k].label,
                                         .agents = {t->agents[i], t->agents[j]}, .agent_count = 2};
            study_sequential_attach(&names[k].stop, study, identity, t->agents[i], t->agents[j], &runs[k]);
        }
    study->runs_total = pairs;
    int status = study_run_all(study, runs, pairs, 0, 0);
    free(names);
    free(runs);
    return status;
}

int study_tournament_run(study_t *study, const study_tournament_t *t)
{
    json_t *identity = json_object();
    json_t *agents = json_array();
    for (int a = 0; a < t->count; a++) json_array_append_new(agents, json_string(t->agents[a]));
    json_object_set_new(identity, "agents", agents);
    json_object_set_new(identity, "anchor", json_string(t->anchor));
    json_object_set_new(identity, "bootstrap", json_integer(t->bootstrap));
    json_object_set_new(identity, "confidence", json_real(t->confidence));
    json_object_set_new(identity, "advantage", json_boolean(t->advantage));
    if (t->precision > 0) /* absent: every deal, as before the rule */
        json_object_set_new(identity, "precision", json_real(t->precision));
    int status = study_start(study, identity);
    if (status == 0) status = play_pairs(study, t, study_identity(study));
    return status ? status : study_conclude(study, study_tournament_report);
}
