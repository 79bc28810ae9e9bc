/* run.c - the life of a simulator run directory (run.h). */
#include "run.h"

#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "progress.h"
#include "records/record_set.h"
#include "stop.h"

/* The teams of a team game as the run's first seating gives them (summary.csv's team
 * rows), or NULL. */
static const rundir_teams_t *run_teams(const sim_config_t *c, rundir_teams_t *storage)
{
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < c->seats; seat++) agent_of_seat[seat] = c->seating[0][seat];
    return rundir_teams_of(c->game, c->rules, c->seats, agent_of_seat, storage) ? storage : NULL;
}

static const double CHECKPOINT_SECONDS = 2.0;


/* A run in progress. */
typedef struct run {
    const run_request_t *request;
    sim_config_t config; /* the request's, with the slice this process plays */
    ranks_t ranks;
    json_t *json;        /* run.json as it will be written */
    FILE *deals;         /* the part file of deals.csv, or NULL */
    long deals_bytes;    /* its size at the last checkpoint */
    int64_t slice_first, units_done_before;
    double last_checkpoint;
    progress_t progress;
    char progress_label[48];
    record_set_t *records;         /* NULL without --records */
    sim_game_sink_t games;         /* the records' sink, which config.games points to */
    bool failed;                   /* a write failed: keep the first message */
    char error[RUN_MESSAGE_SIZE];
} run_t;

/* Keeps the first failure's message: a full disk makes every later write fail too, and
 * the first one is what the user must hear about. */
static int fail(run_t *r, const char *message)
{
    if (!r->failed) snprintf(r->error, sizeof r->error, "%s", message);
    r->failed = true;
    return -1;
}

/* ------------------------------------------------------------------ run.json */

static json_t *initial_json(const run_t *r, json_t *identity)
{
    char now[32];
    rundir_now(now, sizeof now);
    json_t *run = json_deep_copy(identity);
    const sim_config_t *c = &r->config;
    json_object_set_new(run, "command", json_string(r->request->command));
    json_object_set_new(run, "version", json_string(r->request->version));
    json_object_set_new(run, "sides", json_integer(c->sides));
    json_object_set_new(run, "rotations", json_integer(c->rotations));
    json_object_set_new(run, "first_unit", json_integer((json_int_t)c->first_unit));
    json_object_set_new(run, "end_unit", json_integer((json_int_t)c->end_unit));
    json_object_set_new(run, "threads", json_integer(c->threads));
    if (r->ranks.mpi) json_object_set_new(run, "mpi_ranks", json_integer(r->ranks.count));
    json_object_set_new(run, "started", json_string(now));
    return run;
}

/* The progress fields of run.json, in memory. */
static void record_progress(run_t *r, const sim_totals_t *totals, bool complete)
{
    char now[32];
    rundir_now(now, sizeof now);
    json_object_set_new(r->json, "units_done", json_integer((json_int_t)totals->units)); /* of this slice */
    json_object_set_new(r->json, "deals_bytes", json_integer(r->deals_bytes));
    json_object_set_new(r->json, "complete", json_boolean(complete));
    /* A stopping rule (the SPRT) ends a run before its last unit: run.json says so, so that
     * a complete run with fewer units done is told from a damaged one. */
    int64_t slice = r->config.end_unit - r->config.first_unit;
    if (complete && totals->units < slice) json_object_set_new(r->json, "decided", json_true());
    json_object_set_new(r->json, complete ? "finished" : "updated", json_string(now));
    json_object_set_new(r->json, "totals", rundir_totals_to_json(totals, r->config.agent_count, r->config.seats));
}

/* The records and deals.csv on the disk first, then the run.json that counts them: after a
 * power loss run.json can promise nothing the disk lacks. */
static int checkpoint(run_t *r, const sim_totals_t *totals, bool complete)
{
    char message[RUN_MESSAGE_SIZE];
    if (r->records && record_set_sync(r->records, message, sizeof message)) return fail(r, message);
    if (r->deals && rundir_deals_sync(r->deals, &r->deals_bytes, message, sizeof message)) return fail(r, message);
    record_progress(r, totals, complete);
    if (rundir_write_run(r->request->dir, r->json, message, sizeof message)) return fail(r, message);
    return 0;
}

/* A run killed while it rewrote run.json or summary.csv leaves that file's temporary
 * beside it; the resumed run owns the directory, so it clears them. */
static void remove_leftovers(const char *dir)
{
    static const char *const names[] = {"run.json", "summary.csv"};
    char path[RUNDIR_PATH_MAX];
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        rundir_path(path, dir, names[k]);
        atomic_file_remove_leftovers(path);
    }
}

/* A resumed run: the same study, and run.json and deals.csv checked against each other
 * before anything is changed. 0, RUN_EXIT_BAD_INPUT, or 3 when it is complete already. */
static int load_resume(run_t *r, sim_totals_t *totals, json_t *identity)
{
    const char *dir = r->request->dir;
    rundir_run_t *old = malloc(sizeof *old);
    char what[RUNDIR_PATH_MAX + 32];
    if (!old) {
        snprintf(r->error, sizeof r->error, "out of memory");
        return RUN_EXIT_FAILED;
    }
    int result = rundir_load_run(dir, old, r->error, sizeof r->error) ? RUN_EXIT_BAD_INPUT : 0;
    snprintf(what, sizeof what, "--resume: %s/run.json", dir);
    if (result == 0 && rundir_compare_identities(old->json, identity, NULL, what, "this command", r->error,
                                                 sizeof r->error))
        result = RUN_EXIT_BAD_INPUT;
    if (result == 0 && old->complete) result = 3;
    if (result == 0 && old->per_deal && rundir_deals_check(dir, old, r->error, sizeof r->error))
        result = RUN_EXIT_BAD_INPUT;
    if (result == 0 && r->records &&
        record_set_check(r->records, old->first_unit, old->units_done, old->rotations, r->error, sizeof r->error))
        result = RUN_EXIT_BAD_INPUT;
    if (result == 0) {
        remove_leftovers(dir);
        *totals = old->totals;
        r->units_done_before = old->units_done;
        r->deals_bytes = (long)old->deals_bytes;
        json_t *started = json_object_get(old->json, "started");
        json_object_set(r->json, "started", started ? started : json_null());
    }
    rundir_run_free(old);
    free(old);
    return result;
}

/* ------------------------------------------------------------------ one process */

static int on_batch(void *context, int64_t first_unit, int count, const sim_unit_outcome_t *units,
                    const sim_totals_t *totals)
{
    run_t *r = context;
    char published[RUN_MESSAGE_SIZE];
    /* The records of the units kept (all but those after a stopping rule's decision). */
    if (r->records && record_set_publish(r->records, first_unit + count, published, sizeof published))
        return fail(r, published);
    if (r->deals && rundir_deals_write(r->deals, &r->request->study, units, count)) {
        char message[RUN_MESSAGE_SIZE];
        snprintf(message, sizeof message, "cannot write deals.csv in %s: %s", r->request->dir, strerror(errno));
        return fail(r, message);
    }
    double now = omp_get_wtime();
    if (r->ranks.count == 1 && now - r->last_checkpoint >= CHECKPOINT_SECONDS) { /* no checkpoint over ranks */
        r->last_checkpoint = now;
        if (checkpoint(r, totals, false)) return -1;
    }
    progress_update(&r->progress, totals, false);
    return 0;
}

/* New or resumed: the directory ready and the first checkpoint written. 0, 3 (complete
 * already), or a RUN_EXIT_ status with r->error. */
static int start(run_t *r, sim_totals_t *totals)
{
    const run_request_t *q = r->request;
    const sim_study_t *study = &q->study;
    if (study->records && record_set_open(&r->records, study->records, study->records_every, &study->config,
                                          study->preset, study->values, r->error, sizeof r->error))
        return RUN_EXIT_FAILED;
    json_t *identity = rundir_identity(&q->study);
    r->json = initial_json(r, identity);
    int status = 0;
    if (q->resume) {
        status = load_resume(r, totals, identity);
        if (status == 0) r->config.first_unit = r->slice_first + r->units_done_before;
    } else if (rundir_prepare_new(q->dir, r->error, sizeof r->error)) {
        status = RUN_EXIT_BAD_INPUT;
    }
    json_decref(identity);
    if (status) return status;
    if (r->records) {
        if (record_set_prepare(r->records, q->resume, r->error, sizeof r->error)) return RUN_EXIT_BAD_INPUT;
        r->games = record_set_games(r->records);
        r->config.games = &r->games;
    }
    if (q->study.per_deal && rundir_deals_open(q->dir, q->resume, r->deals_bytes, &r->deals, r->error, sizeof r->error))
        return RUN_EXIT_FAILED;
    if (checkpoint(r, totals, false)) return RUN_EXIT_FAILED;
    if (q->on_ready && q->on_ready(q->ready_context, q->dir, totals->units, r->error, sizeof r->error))
        return RUN_EXIT_FAILED;
    return 0;
}

/* The end of a one-process run: deals.csv closed and renamed, summary.csv and the last
 * checkpoint written. After a failed write nothing more is written: run.json still holds
 * the last good checkpoint, which is what a resume continues from. */
static int finish(run_t *r, sim_totals_t *totals, int result)
{
    const run_request_t *q = r->request;
    const sim_config_t *c = &r->config;
    progress_finish(&r->progress, totals);
    if (r->failed || result < 0) {
        if (r->deals) fclose(r->deals);
        r->deals = NULL;
        if (!r->failed) fail(r, "the simulator failed");
        return RUN_EXIT_FAILED;
    }
    char message[RUN_MESSAGE_SIZE];
    if (r->deals) {
        if (rundir_deals_sync(r->deals, &r->deals_bytes, message, sizeof message)) fail(r, message);
        FILE *part = r->deals;
        r->deals = NULL;
        if (!r->failed && rundir_deals_finish(q->dir, part, message, sizeof message)) fail(r, message);
        else if (r->failed) fclose(part);
    }
    rundir_teams_t teams;
    if (!r->failed && rundir_write_summary(q->dir, c->agents, c->names, c->agent_count, c->seats, c->sides, c->mode == SIM_MATCHES,
                                           q->study.per_seat, run_teams(c, &teams), totals, message, sizeof message))
        fail(r, message);
    if (!r->failed) checkpoint(r, totals, result == 0);
    if (r->failed) return RUN_EXIT_FAILED;
    return result == 0 ? 0 : stop_status();
}

static void run_alone(run_t *r, sim_totals_t *totals, run_outcome_t *outcome)
{
    const sim_config_t *c = &r->config;
    int status = start(r, totals);
    outcome->already_complete = status == 3;
    if (status == 0) {
        /* Progress counts units of this slice, resumed ones included (totals->units). */
        progress_start(&r->progress, stderr, r->request->quiet, c->end_unit - r->slice_first, r->units_done_before,
                       c->mode == SIM_DEALS ? "deals" : "matches", c, r->request->frame);
        stop_catch_t signals = {0};
        stop_catch(&signals);
        int result = sim_run(c, totals, on_batch, r, stop_requested(), r->error, sizeof r->error);
        stop_release(&signals, true); /* a study (or the caller) hears of the stop */
        if (result < 0 && !r->failed) r->failed = r->error[0] != '\0';
        status = finish(r, totals, result);
    }
    if (r->deals) fclose(r->deals);
    r->deals = NULL;
    outcome->status = status == 3 ? 0 : status;
    if (outcome->status && outcome->status < RUN_EXIT_INTERRUPTED)
        snprintf(outcome->message, sizeof outcome->message, "%s", r->error);
}

/* ------------------------------------------------------------------ over MPI ranks */

int run_agree(const ranks_t *ranks, int status, char *message)
{
    bool told = status != 0 && message[0] != '\0';
    bool first_told = ranks_from_first(ranks, told);
    if (told && ranks->rank != 0 && first_told) message[0] = '\0'; /* rank 0 says the same */
    if (told && ranks->rank != 0 && !first_told) {
        char own[RUN_MESSAGE_SIZE];
        snprintf(own, sizeof own, "rank %d: %s", ranks->rank, message);
        snprintf(message, RUN_MESSAGE_SIZE, "%s", own);
    }
    return ranks_agree(ranks, status);
}

/* Every rank checks the request; rank 0 alone prepares the directory. 0, or bad input. */
static int start_spread(run_t *r)
{
    const run_request_t *q = r->request;
    if (q->resume) {
        snprintf(r->error, sizeof r->error,
                 "--resume: not available with %d MPI ranks (their runs are never left part done); continue a "
                 "one-process run in one process (without mpirun, or with -np 1)",
                 r->ranks.count);
        return RUN_EXIT_BAD_INPUT;
    }
    if (q->study.records) {
        snprintf(r->error, sizeof r->error,
                 "--records: not available with %d MPI ranks (a job that stops keeps nothing, but its ranks' "
                 "records would stay); record games in a one-process run",
                 r->ranks.count);
        return RUN_EXIT_BAD_INPUT;
    }
    json_t *identity = rundir_identity(&q->study);
    r->json = initial_json(r, identity);
    json_decref(identity);
    record_progress(r, &(sim_totals_t){0}, false); /* the keys of a one-process run.json */
    if (r->ranks.rank == 0 && rundir_prepare_new(q->dir, r->error, sizeof r->error)) return RUN_EXIT_BAD_INPUT;
    return 0;
}

/* This rank's slice. 0 played, failed (message in r->error), or stopped. */
static int play_part(run_t *r, sim_totals_t *totals)
{
    sim_config_t *c = &r->config;
    snprintf(r->progress_label, sizeof r->progress_label, "%s on rank 0 of %d", c->mode == SIM_DEALS ? "deals" : "matches",
             r->ranks.count);
    progress_start(&r->progress, stderr, r->request->quiet || r->ranks.rank != 0, c->end_unit - c->first_unit, 0,
                   r->progress_label, c, NULL);
    int result = sim_run(c, totals, on_batch, r, stop_requested(), r->error, sizeof r->error);
    progress_finish(&r->progress, totals);
    int status = result < 0 ? RUN_EXIT_FAILED : result > 0 ? stop_status() : 0;
    if (r->deals) {
        char later[RUN_MESSAGE_SIZE];
        FILE *part = r->deals;
        r->deals = NULL;
        if (ranks_part_close(&r->ranks, r->request->dir, part, status ? later : r->error, sizeof later) && !status)
            status = RUN_EXIT_FAILED;
    }
    return status;
}

/* Rank 0: the parts, in rank order, into deals.csv (the parts are deleted in any case). */
static int collect_deals(run_t *r)
{
    const char *dir = r->request->dir;
    char later[RUN_MESSAGE_SIZE];
    FILE *deals = NULL;
    int failed = rundir_deals_open(dir, false, 0, &deals, r->error, sizeof r->error) != 0;
    if (ranks_parts_collect(&r->ranks, dir, deals, r->error, sizeof r->error)) failed = 1;
    if (!deals) return failed;
    if (fflush(deals) == 0) r->deals_bytes = ftell(deals);
    if (rundir_deals_finish(dir, deals, failed ? later : r->error, sizeof later)) failed = 1;
    return failed;
}

/* Rank 0, once every rank has played: the three files, or none of them. 0, or failed. */
static int write_spread(run_t *r, const sim_totals_t *totals)
{
    const sim_config_t *c = &r->config;
    const char *dir = r->request->dir;
    int failed = r->request->study.per_deal ? collect_deals(r) : 0;
    rundir_teams_t teams;
    if (!failed)
        failed = rundir_write_summary(dir, c->agents, c->names, c->agent_count, c->seats, c->sides, c->mode == SIM_MATCHES,
                                      r->request->study.per_seat, run_teams(c, &teams), totals, r->error,
                                      sizeof r->error) != 0;
    if (!failed) {
        record_progress(r, totals, true);
        failed = rundir_write_run(dir, r->json, r->error, sizeof r->error) != 0;
    }
    if (!failed) return 0;
    const char *const outputs[] = {".deals.csv.part", "deals.csv", "summary.csv", NULL};
    for (int k = 0; outputs[k]; k++) {
        char path[RUNDIR_PATH_MAX];
        rundir_path(path, dir, outputs[k]);
        unlink(path);
    }
    return RUN_EXIT_FAILED;
}

/* After start_spread: each rank plays its slice into its part file, then rank 0 writes the
 * files. Every step is collective, reached by every rank in this order. */
static int play_spread(run_t *r, sim_totals_t *totals)
{
    const ranks_t *ranks = &r->ranks;
    sim_config_t *c = &r->config;
    ranks_slice(ranks, c->first_unit, c->end_unit, &c->first_unit, &c->end_unit);
    bool per_deal = r->request->study.per_deal;
    int status = per_deal && ranks_part_open(ranks, r->request->dir, &r->deals, r->error, sizeof r->error);
    status = run_agree(ranks, status, r->error);
    if (status == 0) status = run_agree(ranks, play_part(r, totals), r->error);
    if (status == 0)
        status = run_agree(ranks, ranks_reduce_totals(ranks, totals, r->error, sizeof r->error) != 0, r->error);
    if (status == 0) return ranks_from_first(ranks, ranks->rank == 0 ? write_spread(r, totals) : 0);
    if (per_deal) ranks_part_remove(ranks, r->request->dir);
    return status;
}

static void run_spread(run_t *r, sim_totals_t *totals, run_outcome_t *outcome)
{
    stop_catch_t signals = {0};
    stop_catch(&signals); /* to the end: a stop at any point leaves no part file behind */
    int status = run_agree(&r->ranks, start_spread(r), r->error);
    if (status == 0) status = play_spread(r, totals);
    stop_release(&signals, true);
    outcome->status = status;
    if (status && status < RUN_EXIT_INTERRUPTED) snprintf(outcome->message, sizeof outcome->message, "%s", r->error);
}

/* ------------------------------------------------------------------ the call */

void run_execute(const run_request_t *request, const ranks_t *ranks, run_outcome_t *outcome)
{
    memset(outcome, 0, sizeof *outcome);
    outcome->reporter = ranks->rank == 0;
    run_t *r = calloc(1, sizeof *r);
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!r || !totals) {
        free(r);
        free(totals);
        outcome->status = RUN_EXIT_FAILED;
        snprintf(outcome->message, sizeof outcome->message, "out of memory");
        if (ranks->count > 1) run_agree(ranks, outcome->status, outcome->message); /* as run_spread's first step */
        return;
    }
    r->request = request;
    r->config = request->study.config;
    r->config.batch_outcomes = request->study.per_deal; /* on_batch writes them to deals.csv */
    r->ranks = *ranks;
    r->slice_first = r->config.first_unit;
    r->config.abandon = stop_abandon();
    if (ranks->count > 1) run_spread(r, totals, outcome);
    else run_alone(r, totals, outcome);
    outcome->units = totals->units;
    outcome->slice = request->study.config.end_unit - request->study.config.first_unit;
    outcome->games = totals->units * r->config.rotations;
    outcome->hands = totals->hands;
    outcome->signal_number = (int)*stop_requested();
    if (r->deals) fclose(r->deals);
    record_set_close(r->records);
    json_decref(r->json);
    free(r);
    free(totals);
}
