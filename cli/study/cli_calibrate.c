/* cli_calibrate.c - `dominolab calibrate`: its arguments (the reference, the candidates, by
 * default below, the levels and the time budget) into a calibration (study/calibrate.c),
 * with errors naming the argument; --write copies the table it wrote.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "calibration.h"
#include "cli.h"
#include "cli_study.h"
#include "commands.h"
#include "studies.h"

enum { DEFAULT_MATCHES = 2000, MAX_CANDIDATES = CALIBRATION_MAX_CANDIDATES, MIN_LEVELS = 2, DEFAULT_REFINE = 2 };
#define DEFAULT_PRECISION 20.0 /* Elo either side of a run's rating against the reference */

static const char *const default_candidates[] = {
    "greedy:noise=1", "greedy:noise=0.75", "greedy:noise=0.5", "greedy:noise=0.25", "greedy",
    "heuristic:noise=0.5", "heuristic:noise=0.25", "heuristic", "pimc:samples=8", "pimc:samples=16", "pimc",
    "ismcts:iterations=1000", "ismcts:iterations=2000", NULL,
};

typedef struct calibrate_args {
    cli_args_base_t base;
    cli_study_args_t study;
    const char *reference, *write;
    cli_list_t candidate;
    int levels;
    double spacing;   /* 0: spread from the weakest candidate to the strongest */
    double precision; /* the sequential rule's (study_pair.h); 0: every match */
    double max_ms;    /* leave out candidates that think longer a decision; 0: none */
    int refine;       /* rounds of candidates measured where the levels fell (study/studies.h) */
} calibrate_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(calibrate_args_t, field), min, max, NULL, value, help}
static const cli_option_t calibrate_options[] = {
    CLI_GAME_OPTIONS(calibrate_args_t, study.game),
    CLI_LEVEL_TABLE_OPTION(calibrate_args_t, study.levels,
                           "the level table behind a level:N reference (default $DOMINOLAB_LEVELS, else built in)"),
    CLI_STUDY_RUN_OPTIONS(calibrate_args_t, study, "calibrate"),
    OPTION("reference", "agents", CLI_TEXT, reference, 0, 0, "SPEC", "the agent rated 0 (default greedy)"),
    OPTION("candidate", "agents", CLI_LIST, candidate, 0, 0, "SPEC",
           "an agent the levels may use (repeatable; those of one kind listed from weak to strong; default "
           "greedy, heuristic, pimc and ismcts at several strengths)"),
    OPTION("levels", "calibrate", CLI_INT, levels, MIN_LEVELS, AGENT_LEVEL_MAX, "N",
           "how many levels (default 10; 3 gives an easy, a medium and a hard bot)"),
    OPTION("spacing", "calibrate", CLI_REAL, spacing, 1, 2000, "ELO",
           "Elo between neighbouring levels, from the weakest candidate up (default: spread evenly up to the "
           "strongest)"),
    OPTION("precision", "calibrate", CLI_REAL, precision, 0, 1000, "ELO",
           "stop a run once its rating against the reference is known within ELO either side, or its order is "
           "settled (default 20; 0: every run plays every match)"),
    OPTION("max-ms", "calibrate", CLI_REAL, max_ms, 0, 1e6, "MS",
           "leave out the candidates that take longer than MS milliseconds of CPU a decision on this machine (a "
           "phone's budget; default: none)"),
    OPTION("refine", "calibrate", CLI_INT, refine, 0, STUDY_REFINE_MAX, "R",
           "rounds of measuring, for each level placed on a guess between two candidates of one kind more than a "
           "level step apart, the agent it would take, and placing the levels again (default 2; 0: the candidates "
           "given only)"),
    OPTION("write", "calibrate", CLI_TEXT, write, 0, 0, "FILE",
           "also write the level table here (it is always written to DIR/levels.ini)"),
};
#undef OPTION

static const cli_command_spec_t calibrate_spec = {
    "calibrate",
    "--players N --out DIR [--levels N] [--reference SPEC] [--candidate SPEC ...]\n"
    "                           [--spacing ELO] [--precision ELO] [--refine R] [--max-ms MS] [--write FILE]\n"
    "                           [--matches N | --deals N] [--game G] [--preset P] [--seed S] [--level-table FILE]",
    "Finds agents for level:1..N (default 10) whose ratings rise with the level in even steps.\n"
    "Each candidate plays the reference (up to 2000 duplicate matches: a run stops at 64, 128,\n"
    "... matches once its rating is known within --precision Elo or its order against the\n"
    "reference is settled, every interval then at 1 - 0.05 / K for its K looks; --precision 0\n"
    "plays every match; docs/analysis.md, \"Stopping early\"). The ratings order\n"
    "the candidates; within one kind (greedy, pimc, ...) they are smoothed to rise in the order\n"
    "listed. Level 1 is the weakest candidate and the levels spread evenly up to the strongest\n"
    "(or --spacing ELO apart, shrunk to fit if the candidates do not reach that far); a\n"
    "parameter between two neighbours of one kind is interpolated. Where a level so falls\n"
    "between two candidates more than a level step apart, the agent it would take is measured\n"
    "too and the levels placed again (--refine rounds, default 2). Every level is measured\n"
    "again against the reference on fresh deals. Writes to DIR:\n"
    "  levels.ini        the table and the game it was measured for: use it with\n"
    "                    --level-table DIR/levels.ini, or DOMINOLAB_LEVELS\n"
    "  calibration.csv   each level: spec, target and measured Elo with its interval\n"
    "  candidates.csv    each candidate: kind, measured and smoothed Elo, rank\n"
    "  candidates/, verify/  the runs and their ratings; plots/calibration.*\n"
    "  report.html       the levels in a sentence, charts, tables, a sample game of each run\n"
    "Columns: docs/analysis.md; a walk-through: docs/tune-difficulty.md. In an experiment file\n"
    "the keys go in [experiment], [game], [options], [agents] and [calibrate].\n",
    calibrate_options,
    (int)(sizeof calibrate_options / sizeof calibrate_options[0]),
};

/* --write FILE takes a file: not a directory, and in a directory that takes new files
 * (checked before the study runs, so a bad --write does not wait for the end to fail). */
static int check_write_target(const char *path, char *why, size_t why_size)
{
    char directory[4096];
    struct stat info;
    if (stat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
        snprintf(why, why_size, "%s is a directory; give the file to write", path);
        return -1;
    }
    if (stat(path, &info) == 0 && access(path, W_OK) != 0) {
        snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    snprintf(directory, sizeof directory, "%s", path);
    char *slash = strrchr(directory, '/');
    if (slash == directory) slash[1] = '\0';
    else if (slash) *slash = '\0';
    else snprintf(directory, sizeof directory, ".");
    if (access(directory, W_OK) == 0) return 0;
    snprintf(why, why_size, "cannot write %s: %s", path, strerror(errno));
    return -1;
}

/* --write FILE: the study's levels.ini, copied whole (atomically) once it is written. */
static int copy_table(const char *dir, const char *path, char *error, size_t error_size)
{
    char from[4096];
    snprintf(from, sizeof from, "%s/levels.ini", dir);
    if (atomic_file_copy(from, path, error, error_size)) return -1;
    printf("level table also written to %s\n", path);
    return 0;
}

static int run_calibrate(void *raw, int argc, char **argv, const char *file)
{
    calibrate_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    if (!args->study.deals && !args->study.matches) args->study.matches = DEFAULT_MATCHES;
    study_t *study = calloc(1, sizeof *study);
    study_calibrate_t *c = calloc(1, sizeof *c);
    if (!study || !c) {
        free(study);
        free(c);
        fprintf(stderr, "dominolab calibrate: out of memory\n");
        return 1;
    }
    const char **candidates = c->candidates;
    int n = 0;
    if (args->candidate.count)
        for (int k = 0; k < args->candidate.count && n < MAX_CANDIDATES; k++) candidates[n++] = args->candidate.item[k];
    else
        for (int k = 0; default_candidates[k]; k++) candidates[n++] = default_candidates[k];
    int status = cli_study_open(study, "calibrate", &calibrate_spec, args, &args->study, 0, argc, argv, file, error,
                                sizeof error) ||
                         cli_study_check_agent(study, &calibrate_spec, args, &args->study, "reference", -1,
                                               args->reference, error, sizeof error)
                     ? 2
                     : 0;
    char why[CLI_ERROR_SIZE];
    if (status == 0 && args->write && check_write_target(args->write, why, sizeof why)) {
        cli_option_error(&calibrate_spec, args, "write", -1, error, sizeof error, "%s", why);
        status = 2;
    }
    if (status == 0 && (args->candidate.count > MAX_CANDIDATES || n < 2)) {
        cli_option_error(&calibrate_spec, args, "candidate", args->candidate.count - 1, error, sizeof error,
                         "give 2 to %d candidates", MAX_CANDIDATES);
        status = 2;
    }
    for (int k = 0; k < n && status == 0; k++) {
        if (agent_spec_is_level(candidates[k])) {
            cli_option_error(&calibrate_spec, args, "candidate", k, error, sizeof error,
                             "'%s' is a level; give the agent itself", candidates[k]);
            status = 2;
        } else if (cli_study_check_agent(study, &calibrate_spec, args, &args->study, "candidate",
                                         args->candidate.count ? k : -1, candidates[k], error, sizeof error)) {
            status = 2;
        }
        for (int j = 0; j < k && status == 0; j++)
            if (!strcmp(candidates[j], candidates[k])) {
                cli_option_error(&calibrate_spec, args, "candidate", k, error, sizeof error, "'%s' is given twice",
                                 candidates[k]);
                status = 2;
            }
    }
    c->count = n;
    c->reference = args->reference;
    c->levels = args->levels;
    c->spacing = args->spacing;
    c->max_ms = args->max_ms;
    /* `run FILE --check` plays nothing: its candidates need no timing */
    if (status == 0 && !args->study.check_only) {
        char message[CLI_ERROR_SIZE - 32];
        int timed = study_calibrate_time(study, c, message, sizeof message);
        if (timed == STUDY_TOO_SLOW)
            cli_option_error(&calibrate_spec, args, "max-ms", -1, error, sizeof error, "%s", message);
        else if (timed)
            snprintf(error, sizeof error, "%s", message);
        status = timed ? 2 : 0;
    }
    /* a study made before the rule played every match: resumed without --precision, so it goes on */
    if (status == 0 && !cli_given(&calibrate_spec, args, "precision") && study_stored_lacks(study, "precision"))
        args->precision = 0;
    /* and one made before refinement measured its listed candidates only */
    if (status == 0 && !cli_given(&calibrate_spec, args, "refine") && study_stored_lacks(study, "refine"))
        args->refine = 0;
    c->precision = args->precision;
    c->refine = args->refine;
    if (status) fprintf(stderr, "dominolab calibrate: %s\n", error);
    else status = study_calibrate_run(study, c);
    if (status == 0 && args->write && copy_table(study->dir, args->write, error, sizeof error)) {
        fprintf(stderr, "dominolab calibrate: %s\n", error);
        status = 1;
    }
    study_close(study);
    free(study);
    free(c->timing);
    free(c);
    return status;
}

static void default_args(void *raw)
{
    calibrate_args_t *args = raw;
    memset(args, 0, sizeof *args);
    cli_study_default_args(&args->study);
    args->reference = "greedy";
    args->levels = AGENT_LEVEL_COUNT;
    args->precision = DEFAULT_PRECISION;
    args->refine = DEFAULT_REFINE;
}

static const cli_study_command_t calibrate_command = {&calibrate_spec, sizeof(calibrate_args_t),
                                                  offsetof(calibrate_args_t, study), default_args, run_calibrate};

int cli_calibrate(int argc, char **argv) { return cli_study_main(&calibrate_command, argc, argv); }
int cli_calibrate_config(const config_file_t *file, bool resume, bool check)
{
    return cli_study_main_config(&calibrate_command, file, resume, check);
}
