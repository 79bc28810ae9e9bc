/* study.h - the life of a study (tournament, sprt, balance, calibrate: studies.h), whoever
 * asks for it: the study directory and its study.json, the simulator runs it is made of
 * (planned, played or resumed, framed as one progress, stopped by the one stop signal), and
 * its end (the report, study.json marked complete). A front end (the command line, the
 * library) turns its arguments into a study_t (study_begin and the fields it leaves) and
 * names its own arguments in errors; nothing here reads arguments.
 *
 * A study directory holds study.json (the kind of study and every argument that shapes its
 * results, so `dominolab analyze DIR` can rebuild the reports and --resume can check it is
 * the same study), one `sim` run directory per sub-run (runs are never merged: each keeps
 * its own run.json, summary.csv and deals.csv), and the reports. Every sub-run plays the
 * same --seed, so every agent meets the same deals.
 *
 * study.json also keeps the arguments as command-line words, so `dominolab KIND --resume
 * DIR` alone rebuilds the command. Resuming (so, or with the whole command and --resume
 * DIR, or `dominolab run FILE --resume`) skips the complete sub-runs, continues the
 * interrupted one and plays the rest.
 */
#ifndef DOMINOLAB_STUDY_H
#define DOMINOLAB_STUDY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "agent.h"
#include "report_html.h"
#include "setup.h"
#include "sim.h"
#include "stop.h"
#include "study_samples.h"

enum { STUDY_PATH_MAX = 4096, STUDY_COMMAND_MAX = 8192, STUDY_ERROR_SIZE = 1024, STUDY_OVERRIDES_MAX = 64,
       STUDY_OVERRIDE_MAX = 1024 };

/* How a study runs, not what it measures. */
typedef struct study_options {
    uint64_t seed;
    int threads;
    bool records;      /* each run writes its games' records into its own directory, records/ */
    int records_every; /* with records: the units whose number it divides (0: 1) */
    bool quiet, no_plots;
} study_options_t;

/* A study in progress. */
typedef struct study {
    const char *kind;                 /* "tournament", ... */
    study_options_t options;
    setup_game_t game;                /* the study's game: study_close closes it */
    /* the rule options that made it ("key=value", a rules file's then those given; players
     * apart): a run's own options go over them */
    char overrides[STUDY_OVERRIDES_MAX][STUDY_OVERRIDE_MAX];
    int override_count;
    agent_levels_t level_storage;     /* a level table read from a file */
    const agent_levels_t *levels;
    const char *dir;
    bool resume;
    bool matches;                     /* the unit: matches (else deals) */
    int64_t units;
    const char *checking;             /* set: only check the study (this file's), write nothing */
    char typed[STUDY_COMMAND_MAX];    /* the command that made it (study.json's "command") */
    char command[STUDY_COMMAND_MAX];  /* how to continue it */
    json_t *arguments;                /* the arguments as words, what --resume DIR alone runs again (owned) */
    json_t *json;                     /* study.json */
    int runs_total, runs_done;
    int64_t units_total, units_before; /* of all runs (fixed by study_plan), of the runs played */
    int64_t stopping_units, stopping_played; /* of the runs played that may stop early: their units, those played */
    double *planned;                  /* study_plan's estimate of each run's seconds, in order; or NULL */
    int planned_count;
    stop_catch_t signals;             /* SIGINT and SIGTERM, caught for the study's life */
    bool levels_checked;              /* the level table was checked against the game (and noted) */
    report_faults_t *faults;          /* the bots' faults in the runs played (or kept) so far; NULL: none read */
} study_t;

/* A study of `kind` begins: the stop signals caught for its life. The front end then opens
 * its game, level table and unit, and sets dir, resume, options, typed, command and
 * arguments (study_set_overrides for the game's rule options). */
void study_begin(study_t *study, const char *kind);
/* The rule options that made the study's game, copied. 0, or -1 with a message (too many). */
int study_set_overrides(study_t *study, const char *const *overrides, int count, char *error, size_t error_size);
void study_close(study_t *study);

/* The level table against the study's game once specs[0..count) are known
 * (setup_levels_fit), and every bot among them readied: the table's note printed once, or -1
 * with the refusal (STUDY_LEVELS_REFUSED when it is the table's, which the front end names)
 * or the bot's failure. */
enum { STUDY_LEVELS_REFUSED = -4 };
int study_check_levels(study_t *study, const char *const *specs, int count, char *error, size_t error_size);

/* Creates the directory (new study) or checks study.json (resume): `identity` holds the
 * study's parameters (the common ones are added here); it is taken over. 0, -1 with a
 * message, or STUDY_CHECKED when only checking (nothing is written; the caller stops, with
 * exit status 0). */
enum { STUDY_CHECKED = 3 };
int study_prepare(study_t *study, json_t *identity, char *error, size_t error_size);
/* study_prepare as a kind's run function begins (studies.h): 0, STUDY_CHECKED when only
 * checking, or 2 (bad input) after saying why on stderr. */
int study_start(study_t *study, json_t *identity);
/* After study_prepare: the study's identity (study.json's, the stored one on resume). */
const json_t *study_identity(const study_t *study);
/* With --resume: whether the stored study's identity lacks `key` (a study made before the
 * key existed, which the command then plays as it was made). False for a new study, or one
 * whose study.json cannot be read (study_prepare says so). */
bool study_stored_lacks(const study_t *study, const char *key);

/* A run's override "preset=P" plays preset P instead of the study's (a variant of balance):
 * P, or NULL for a rule option "key=value". */
const char *study_override_preset(const char *override);

/* What a study adds to one of its runs. */
typedef struct study_hooks {
    sim_stop_rule_fn stop_rule; /* a sequential stopping rule (sprt), or NULL; see sim.h */
    void *context;
    /* With a stopping rule: the unit it expects the run to end at, from what it has seen
     * (the progress line's estimate); NULL: the last. */
    int64_t (*expected_end)(void *context);
    /* Once the run directory is ready (new, or resumed after units_done units), before any
     * unit is played: 0, or -1 with a message. May be NULL. */
    int (*on_ready)(void *context, const char *dir, int64_t units_done, char *error, size_t error_size);
} study_hooks_t;

/* One sub-run: the simulator into DIR/subdir with `agents` seated as sim seats a list (one
 * for every seat; two alternate, A,B,A,B, and over an odd count A,B,B with B,A,A too), the
 * study's game under the run's own overrides, its level table, seed and threads, deals.csv
 * on, and with records its records in DIR/subdir/records. Each unit is played once per
 * rotation of the agents over the seats, unless `once` or `replays`. */
typedef struct study_run_spec {
    const char *subdir, *label;
    const char *agents[2];
    int agent_count;              /* 1 or 2 */
    const char *const *overrides; /* rule options over the study's, NULL-ended (or NULL); "preset=P" the preset */
    bool once;                    /* each unit once (sim --no-duplicate) */
    int replays;                  /* 0, or plays of each unit, the agents kept in their seats (sim --replays) */
    bool own_units;               /* play `units` deals (or matches) instead of the study's */
    bool matches;
    int64_t units;
    uint64_t seed_offset;         /* added to the study's seed */
    int64_t fewest_units;         /* with a stopping rule (hooks->stop_rule): the fewest it may play (0: 1) */
    const study_hooks_t *hooks;
    /* The standings the progress line shows (NULL: the first agent's score and Elo). */
    void (*standings)(void *context, const sim_totals_t *totals, char *out, size_t size);
    void *standings_context;
} study_run_spec_t;

/* Before the first run: fixes the total of units the progress counts against (the `count`
 * runs, and `more` runs of `more_units` that are not known yet, as calibrate's verifying
 * ones), and unless quiet prints the study's work and how long it will take, from a short
 * trial of each run (the later ones at their mean rate). Where the runs stop once they have
 * answered (a stopping rule), the work is a range, from their fewest units to the cap, and
 * no trial is played: a trial could cost more than the answer, and the cap's time says
 * nothing of when the answer comes; the progress line shows the pace. Nothing is written. */
void study_plan(study_t *study, const study_run_spec_t *runs, int count, int more, int64_t more_units);

/* The state of the sim run in `dir`: 1 complete, 0 started but not complete, -1 never
 * started; the units done and in all (0 when unknown). */
int study_run_state(const char *dir, int64_t *units_done, int64_t *units);
/* For the report of an unfinished study: true if DIR/subdir's run is not complete, saying
 * so to `text` (or nothing if NULL). A run that says it is complete is never missing: if its
 * files are gone, reading them fails, as for any damaged study. */
bool study_run_missing(const char *dir, const char *subdir, FILE *text);

/* study_plan, then study_run for each of the `count` runs until one stops or fails:
 * 0, or the status of study_stopped. */
int study_run_all(study_t *study, const study_run_spec_t *runs, int count, int more, int64_t more_units);

/* Plays it, or keeps it if DIR/subdir holds it complete (continues it if it holds part),
 * and adds its bots' faults to the study's. Returns the run's exit status: 0 done, 130/143
 * stopped, 2 a run that cannot be made (said why on stderr), else failed (said why). */
int study_run(study_t *study, const study_run_spec_t *run);

/* What a study.json identity holds besides the common keys (game, preset, options, players,
 * unit, units, seed, levels): every report checks its identity with study_check_identity
 * before reading it, so a damaged study.json is refused naming the key, never read blindly. */
typedef enum study_value {
    STUDY_TEXT,      /* a non-empty string */
    STUDY_INTEGER,   /* from min to max */
    STUDY_NUMBER,    /* an integer or a real, from min to max */
    STUDY_BOOL,
    STUDY_OBJECT,
    STUDY_TEXTS,     /* an array of min to max non-empty strings */
    STUDY_VARIANTS   /* balance: min to max objects {"name": text, "options": texts} */
} study_value_t;
typedef struct study_field {
    const char *key;
    study_value_t kind;
    double min, max;
} study_field_t;
/* Checks the common keys and `fields` (NULL-key ended) of DIR/study.json's identity.
 * Returns 0, or -1 with "DIR/study.json: identity key KEY: why"; a report passes the
 * refusal on as STUDY_DAMAGED (bad input, where its other failures are -1). */
enum { STUDY_DAMAGED = -2, STUDY_UNFINISHED = -3 }; /* UNFINISHED: nothing to report until more runs finish */
int study_check_identity(const char *dir, const json_t *identity, const study_field_t *fields, char *error,
                         size_t error_size);

/* A plot session for out_dir whose titles name the game, preset, players and unit of a
 * study.json identity already checked (study_check_identity). */
void study_plot_start(plot_session_t *session, const char *out_dir, const json_t *identity, bool plots);

/* ---- report.html ---- */

/* The configuration shown on a report.html page: keys of a JSON object and their values as
 * text (a list joined with commas, an object as key=value, a variant as NAME (options)). */
enum { STUDY_SETTINGS_MAX = 48, STUDY_SETTING_TEXT = 2048 };
typedef struct study_settings {
    int count;
    report_html_setting_t setting[STUDY_SETTINGS_MAX];
    char text[STUDY_SETTINGS_MAX][STUDY_SETTING_TEXT];
} study_settings_t;
/* Adds the keys of `object` in its order, or only those of `keys` (NULL-ended) that it holds. */
void study_settings_add(study_settings_t *settings, const json_t *object, const char *const *keys);
/* out_dir/report.html from `context` as the caller filled it (layout, kind, subject, command,
 * made_by, reference, notes), completed here with `settings`, this dominolab's version, the
 * formats of the directory's files, and a sample game of each of `runs` (study_samples.h).
 * Says where the page is and how the samples went on `text` (or nothing if NULL). 0, or -1
 * with a message. Both a study's page and a sim run's (analyze) are written by it. */
int study_html_write(const char *dir, const char *out_dir, const study_sample_run_t *runs, int run_count,
                     const study_settings_t *settings, report_html_context_t *context, FILE *text, char *error,
                     size_t error_size);

/* What report.html shows of a study besides its report's CSV files. */
typedef struct study_html {
    report_html_layout_t layout;
    const study_sample_run_t *runs; /* the finished runs: a sample game of each */
    int run_count;
    const char *reference; /* calibrate's reference agent, or NULL */
    const char *note;      /* what the page covers when some runs have not finished, or NULL */
    const report_faults_t *faults; /* the bots' faults in those runs (study_faults_read), or NULL */
} study_html_t;

/* The bots' faults in `count` runs of the study in `dir` (each run's summary.csv), added
 * into *faults, which is allocated first when NULL (the caller frees it). A report shows
 * them beside its result on the terminal and on its page. 0, or -1 with a message. */
int study_faults_read(const char *dir, const study_sample_run_t *runs, int count, report_faults_t **faults,
                      char *error, size_t error_size);
/* out_dir/report.html of the study in `dir` (its report's CSV files already in out_dir): the
 * command, configuration and version from DIR/study.json, the sample games of `html->runs`
 * and the subject of `plots`'s titles. Says where it is on `text` (or nothing if NULL).
 * 0, or -1 with a message. */
int study_write_html(const char *dir, const char *out_dir, const json_t *identity, const plot_session_t *plots,
                     const study_html_t *html, FILE *text, char *error, size_t error_size);

/* The reports of a kind of study from its study.json identity, into out_dir (what the
 * command writes at its end, and what `dominolab analyze` runs). */
typedef int (*study_report_fn)(const char *dir, const char *out_dir, const json_t *identity, bool plots, FILE *text,
                               char *error, size_t error_size);
/* The end of every study command, once its runs are played: the report into the study's
 * directory (text to stdout), then study.json marked complete, and a warning on stderr
 * naming every bot that faulted in the study's runs. Returns 0, or 1 after printing what
 * failed. */
int study_conclude(study_t *study, study_report_fn report);
/* For a sub-run's exit status other than 0: the message that tells how to continue (the
 * study's own `--resume DIR`; the sub-run printed none) or that it failed, and the command's
 * exit status. */
int study_stopped(const study_t *study, int status);

#endif
