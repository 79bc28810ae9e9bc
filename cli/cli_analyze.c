/* cli_analyze.c - `dominolab analyze DIR`: the reports of a study or a sim run, rebuilt from
 * the files in DIR alone.
 *
 * A study directory (study.json) gets its kind's report from the same code the command
 * ran; a sim run directory (run.json with deals.csv) gets the ratings report when two or
 * more agents played, the balance report when one agent held every seat.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "report.h"
#include "rundir.h"
#include "study.h"

typedef struct analyze_args {
    cli_args_base_t base;
    const char *out;
    int bootstrap;
    bool no_plots;
} analyze_args_t;

static const cli_option_t analyze_options[] = {
    {"out", "experiment", CLI_TEXT, CLI_AT(analyze_args_t, out), 0, 0, NULL, "DIR2",
     "write the reports there (created) instead of into DIR"},
    {"bootstrap", "experiment", CLI_INT, CLI_AT(analyze_args_t, bootstrap), 0, 100000, NULL, "B",
     "for a sim run's ratings: bootstrap replicates (default 1000; 0: from the Hessian)"},
    {"no-plots", "experiment", CLI_FLAG, CLI_AT(analyze_args_t, no_plots), 0, 0, NULL, NULL,
     "no gnuplot scripts or pictures (report.html keeps its own charts)"},
};

static const cli_command_spec_t analyze_spec = {
    "analyze",
    "DIR [--out DIR2] [--no-plots] [--bootstrap B]",
    "Rebuilds the reports of DIR from its own files: a tournament, sprt, balance or calibrate\n"
    "study (study.json) gets the same report its command wrote; a sim run with deals.csv (sim\n"
    "--per-deal) gets the ratings report (pairwise.csv, ratings.csv, ...) when two agents or more\n"
    "played, the balance report (balance.csv, seats.csv, ...) when one agent held every seat.\n"
    "Either way report.html is written again beside the CSVs, with a sample game of each run in\n"
    "games/. Columns and the page: docs/analysis.md.\n",
    analyze_options,
    (int)(sizeof analyze_options / sizeof analyze_options[0]),
};

static int analyze_study(const char *dir, const char *out, json_t *study, bool plots, char *error, size_t error_size)
{
    const char *kind = json_string_value(json_object_get(study, "kind"));
    const json_t *identity = json_object_get(study, "identity");
    if (!kind || !identity) {
        snprintf(error, error_size, "%s/study.json: no kind or identity", dir);
        return STUDY_DAMAGED;
    }
    const cli_command_t *command = cli_command_find(kind);
    if (!command || !command->report) {
        snprintf(error, error_size, "%s/study.json: unknown kind of study '%s'", dir, kind);
        return STUDY_DAMAGED;
    }
    /* An interrupted study: what has finished is reported, what has not is listed. */
    bool unfinished = !json_is_true(json_object_get(study, "complete"));
    if (unfinished) printf("%s: an unfinished %s study; the report covers what has finished\n", dir, kind);
    int status = command->report(dir, out, identity, plots, stdout, error, error_size);
    if (unfinished && status == STUDY_UNFINISHED) {
        printf("nothing to report yet: %s\n", error);
        snprintf(error, error_size, "%s is unfinished; continue it with: dominolab %s --resume %s", dir, kind, dir);
        return 1;
    }
    if (unfinished && status == 0)
        printf("to finish the study: dominolab %s --resume %s\n", kind, dir);
    return status;
}

/* What a sim run's report.html shows besides its report's CSV files: run.json's command,
 * settings and version, its bots' faults, and a sample game of the run. */
static int run_html(const char *dir, const char *out, const rundir_run_t *run, const plot_session_t *plots,
                    const report_faults_t *faults, char *error, size_t error_size)
{
    static const char *const keys[] = {"game", "preset", "options", "seats", "agents", "mode", "units", "seed",
                                       "duplicate", "replays", "records", "started", NULL};
    study_settings_t *settings = calloc(1, sizeof *settings);
    if (!settings) {
        snprintf(error, error_size, "out of memory writing %s/report.html", out);
        return -1;
    }
    char label[1024] = "";
    for (int a = 0; a < run->agent_count; a++) {
        size_t used = strlen(label);
        snprintf(label + used, sizeof label - used, "%s%s", a ? " vs " : "", run->agents[a]);
    }
    study_sample_run_t sample_run = {".", label, run->records};
    study_settings_add(settings, run->json, keys);
    report_html_context_t context = {
        .layout = run->agent_count >= 2 ? REPORT_HTML_RATINGS : REPORT_HTML_BALANCE,
        .kind = "sim run",
        .subject = plots->subject,
        .matches = run->matches,
        .command = json_string_value(json_object_get(run->json, "command")),
        .made_by = json_string_value(json_object_get(run->json, "version")),
        .faults = faults,
    };
    int status = study_html_write(dir, out, &sample_run, 1, settings, &context, stdout, error, error_size);
    free(settings);
    return status;
}

static int analyze_run(const char *dir, const char *out, const rundir_run_t *run, const analyze_args_t *args,
                       char *error, size_t error_size)
{
    char deals[4096];
    snprintf(deals, sizeof deals, "%s/deals.csv", dir);
    if (access(deals, R_OK) != 0) {
        snprintf(error, error_size, "%s has no deals.csv: the reports are made from the games one by one (run sim "
                                    "with --per-deal)",
                 dir);
        return -1;
    }
    const char *const *agents = run->agents;
    int count = run->agent_count;
    report_faults_t *faults = calloc(1, sizeof *faults);
    if (!faults) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    plot_session_t session;
    plot_start(&session, out, !args->no_plots);
    setup_plot_subject(&session, run->game, run->preset, run->seats, run->matches);
    int status = report_faults_read_run(faults, dir, error, error_size);
    if (status == 0 && count >= 2) {
        report_ratings_settings_t settings = {args->bootstrap, 0.95, run->seed, NULL, true};
        const char *paths[] = {deals};
        status = report_ratings_noting_faults(out, paths, 1, agents, count, &settings, faults, &session, stdout, NULL,
                                              error, error_size);
    } else if (status == 0) {
        report_variant_t variant = {run->preset ? run->preset : "as given", run->matches ? NULL : deals,
                                    run->matches ? deals : NULL};
        status = report_balance(out, &variant, 1, 0.95, &session, stdout, error, error_size);
        if (status == 0) report_faults_print(stdout, faults); /* beside the verdict */
    }
    if (status == 0) {
        char line[1024];
        plot_summary(&session, line, sizeof line);
        printf("%s\n", line);
    }
    if (status == 0) status = run_html(dir, out, run, &session, faults, error, error_size);
    free(faults);
    return status;
}

int cli_analyze(int argc, char **argv)
{
    analyze_args_t args = {.bootstrap = 1000};
    char error[CLI_ERROR_SIZE];
    const char *dir = argc > 1 && strncmp(argv[1], "--", 2) ? argv[1] : NULL;
    /* DIR first, then the options */
    char **rest = argv + (dir ? 1 : 0);
    int parsed = cli_parse_argv(&analyze_spec, argc - (dir ? 1 : 0), rest, &args, error, sizeof error);
    if (parsed > 0) {
        cli_print_help(stdout, &analyze_spec);
        return 0;
    }
    if (parsed == 0 && !dir) {
        snprintf(error, sizeof error, "give the directory to analyze (see dominolab analyze --help)");
        parsed = -1;
    }
    if (parsed < 0) {
        fprintf(stderr, "dominolab analyze: %s\n", error);
        return 2;
    }
    const char *out = args.out ? args.out : dir;
    char study_path[4096], run_path[4096];
    json_t *study = NULL;
    rundir_run_t *run = NULL;
    snprintf(study_path, sizeof study_path, "%s/study.json", dir);
    snprintf(run_path, sizeof run_path, "%s/run.json", dir);
    if (access(study_path, F_OK) == 0) {
        json_error_t problem;
        study = json_load_file(study_path, JSON_REJECT_DUPLICATES, &problem);
        if (!study) snprintf(error, sizeof error, "%.400s:%d: %s", study_path, problem.line, problem.text);
    } else if (access(run_path, F_OK) == 0) {
        run = malloc(sizeof *run);
        if (!run || rundir_load_run(dir, run, error, sizeof error)) {
            if (!run) snprintf(error, sizeof error, "out of memory");
            free(run);
            run = NULL;
        }
    } else {
        snprintf(error, sizeof error, "%s holds neither a study (study.json) nor a sim run (run.json)", dir);
    }
    if (!study && !run) {
        fprintf(stderr, "dominolab analyze: %s\n", error);
        return 2;
    }
    if (args.out && rundir_prepare_output(args.out, error, sizeof error)) { /* only once DIR is known good */
        fprintf(stderr, "dominolab analyze: %s\n", error);
        json_decref(study);
        if (run) rundir_run_free(run);
        free(run);
        return 2;
    }
    int status = study ? analyze_study(dir, out, study, !args.no_plots, error, sizeof error)
                       : analyze_run(dir, out, run, &args, error, sizeof error);
    json_decref(study);
    if (run) rundir_run_free(run);
    free(run);
    if (status) {
        fprintf(stderr, "dominolab analyze: %s\n", error);
        return status == STUDY_DAMAGED ? 2 : 1; /* a damaged study.json is bad input */
    }
    return 0;
}
