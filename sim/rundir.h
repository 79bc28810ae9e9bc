/* rundir.h - the files of a simulator run directory:
 *   run.json     what was run (to reproduce it), how far it got, and the exact integer
 *                totals (to resume it, or merge shards);
 *   summary.csv  one row per agent (and per agent and seat with --per-seat);
 *   deals.csv    with --per-deal, one row per unit x rotation x seat.
 * Every file is written under a temporary name and renamed when complete; deals.csv grows
 * as ".deals.csv.part" while units are played and is renamed when the run stops.
 * Columns are documented in docs/sim.md.
 *
 * What is read back is trusted in nothing: rundir_load_run checks every field of run.json
 * (type, range, agreement with the others: the totals must add up to the units done), and
 * rundir_deals_check that deals.csv holds exactly the rows run.json counts. A damaged
 * directory is refused naming the file and the field, and left as it is.
 */
#ifndef DOMINOLAB_RUNDIR_H
#define DOMINOLAB_RUNDIR_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "sim.h"

enum { RUNDIR_FORMAT = 2, RUNDIR_PATH_MAX = 4096, RUNDIR_TEAM_NAME_MAX = 1024 };

/* A study: the simulator's configuration plus what identifies the run. */
typedef struct sim_study {
    sim_config_t config;
    const char *preset;
    const option_values_t *values;
    const char *seat_agents[GAME_MAX_SEATS]; /* rotation 0 */
    const char *seat_names[GAME_MAX_SEATS];  /* the name each seat's agent gave itself (a bot's hello), or NULL */
    bool duplicate, per_deal, per_seat;
    bool swap;                               /* duplicate, and the two agents also play swapped (A,B,B: B,A,A) */
    int replays;                             /* 0, or plays of each unit with the agents kept in their seats */
    int shard_index, shard_count;            /* 1-based K of N; N = 0 without --shard */
    const char *records;                     /* NULL, or the directory of the game records (--records) */
    int records_every;                       /* with records: the units whose number it divides */
} sim_study_t;

/* The keys two runs must share to be one study (resume) or shards of one (merge). */
json_t *rundir_identity(const sim_study_t *study);
/* The identity keys of a run.json (missing ones as null). */
json_t *rundir_identity_of(const json_t *run);
/* 0 if equal; else -1 naming the first key that differs (ignoring `except`, or NULL) and both
 * sides: "HAVE_NAME was made with seed 1, but WANT_NAME has seed 2". A key `have` lacks
 * equals a wanted null (a run.json older than the key). */
int rundir_compare_identities(const json_t *have, const json_t *want, const char *except, const char *have_name,
                              const char *want_name, char *error, size_t error_size);

/* The seating scheme of a run's duplicate, swap and replays settings. */
sim_seating_scheme_t rundir_seating_scheme(bool duplicate, bool swap, int replays);

json_t *rundir_totals_to_json(const sim_totals_t *totals, int agents, int seats);
/* The units [*first, *end) of shard K of N of `units` (K from 1): contiguous slices that
 * tile the units in order. */
void rundir_shard_slice(int64_t units, int k, int n, int64_t *first, int64_t *end);
int rundir_totals_from_json(const json_t *json, sim_totals_t *totals, char *error, size_t error_size);

/* Writes run.json atomically. `run` is completed with the progress fields given. */
int rundir_write_run(const char *dir, json_t *run, char *error, size_t error_size);

/* run.json as read back, every field checked. */
typedef struct rundir_run {
    json_t *json;                        /* the whole document (owned; the strings below point into it) */
    const char *game, *preset, *mode;    /* preset: NULL when none was named */
    int seats, sides, rotations, replays, agent_count;
    const char *seat_agents[GAME_MAX_SEATS];
    const char *agents[SIM_MAX_AGENTS];  /* distinct, in first-seat order: sim's numbering */
    const char *names[SIM_MAX_AGENTS];   /* their names (agent_names: a bot's hello), or NULL */
    int64_t units, first_unit, end_unit; /* the run's units, and this directory's slice */
    int64_t units_done, deals_bytes;     /* of the slice; deals.csv's size at that checkpoint */
    uint64_t seed;
    bool matches, duplicate, swap, per_deal, per_seat, complete;
    int shard_index, shard_count;        /* 0 and 0 without --shard */
    const char *records;                 /* NULL, or the directory of its game records */
    int records_every;                   /* 1 without records */
    sim_totals_t totals;
} rundir_run_t;
/* Reads and checks DIR/run.json. Returns 0, or -1 with "DIR/run.json: field "KEY": why". */
int rundir_load_run(const char *dir, rundir_run_t *out, char *error, size_t error_size);
void rundir_run_free(rundir_run_t *run);

/* The teams of a game whose sides are teams of seats (Partnership), for summary.csv's team
 * rows: the agent (index) in each seat as given (the first seating) and each seat's side.
 * Every seating of a run keeps the partners of the given one together (sim_seatings). */
typedef struct rundir_teams {
    int agent_of_seat[GAME_MAX_SEATS], side_of_seat[GAME_MAX_SEATS];
} rundir_teams_t;
/* The teams of `game` with `agent_of_seat`; false when its sides are its seats. */
bool rundir_teams_of(const game_t *game, const game_rules_t *rules, int seats, const int *agent_of_seat,
                     rundir_teams_t *out);

/* summary.csv from totals; agent specs in index order, and the names they gave themselves
 * (a bot's hello; names NULL, or an entry NULL or "", for none); teams NULL, or the teams
 * whose rows to add. */
int rundir_write_summary(const char *dir, const char *const *agents, const char *const *names, int agent_count,
                         int seats, int sides,
                         bool match_mode, bool per_seat, const rundir_teams_t *teams, const sim_totals_t *totals,
                         char *error, size_t error_size);

/* Checks that DIR's deals.csv (or its part file, of a stopped run) begins with the header
 * and exactly rows(run) rows in its first `bytes` bytes, the last of them of unit
 * first_unit + units_done - 1. rows: units_done x rotations x seats. Returns 0, or -1
 * naming the file and what is wrong. */
int rundir_deals_check(const char *dir, const rundir_run_t *run, char *error, size_t error_size);
/* deals.csv: open the part file (new: with header; resume: cut back to `bytes`, which
 * rundir_deals_check has proved are there). */
int rundir_deals_open(const char *dir, bool resume, long bytes, FILE **out, char *error, size_t error_size);
/* Writes what the part file holds to the disk, so that a checkpoint never promises rows
 * a power loss could take back. Returns 0, or -1 with a message. */
int rundir_deals_sync(FILE *part, long *bytes, char *error, size_t error_size);
int rundir_deals_write(FILE *out, const sim_study_t *study, const sim_unit_outcome_t *units, int count);
/* Closes the part file and renames it to deals.csv. */
int rundir_deals_finish(const char *dir, FILE *part, char *error, size_t error_size);
extern const char rundir_deals_header[];

/* Creates DIR and any missing parent (as mkdir -p). Returns 0, or -1 with errno set. */
int rundir_make_directories(const char *dir);
/* Creates DIR (and its parents) if missing and checks it takes new files. */
int rundir_prepare_output(const char *dir, char *error, size_t error_size);
/* Creates DIR if missing and checks it holds no run and is writable (nothing is left in it). */
int rundir_prepare_new(const char *dir, char *error, size_t error_size);
/* DIR/NAME into out[RUNDIR_PATH_MAX]. */
void rundir_path(char *out, const char *dir, const char *name);
/* The time now, ISO 8601 UTC. */
void rundir_now(char *out, size_t size);

#endif
