/* study_sim.c - a run of a study through the simulator (study_sim.h). */
#include "study_sim.h"

#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One process: a study never spreads a run over MPI ranks. */
static const ranks_t one_rank = {.rank = 0, .count = 1, .mpi = false, .finalize = false};

/* The run's game: the study's, under the run's own options ("preset=P" plays preset P). */
static int open_game(study_sim_t *s, const study_t *study, const study_run_spec_t *run, char *error, size_t size)
{
    /* the study's options, the run's, then players */
    const char *overrides[2 * STUDY_OVERRIDES_MAX + 1], *preset = study->game.preset;
    int count = 0;
    for (int k = 0; k < study->override_count; k++) overrides[count++] = study->overrides[k];
    for (int k = 0; run->overrides && run->overrides[k] && count < 2 * STUDY_OVERRIDES_MAX; k++) {
        if (study_override_preset(run->overrides[k])) preset = study_override_preset(run->overrides[k]);
        else overrides[count++] = run->overrides[k];
    }
    char players[32];
    snprintf(players, sizeof players, "players=%d", study->game.seats); /* the study's count, whatever the preset */
    overrides[count++] = players;
    return setup_game_open(study->game.game->name, preset, overrides, count, &s->game, error, size);
}

int study_sim_open(study_sim_t *s, const study_t *study, const study_run_spec_t *run, const char *dir, bool resume,
                   char *error, size_t error_size)
{
    memset(s, 0, sizeof *s);
    if (open_game(s, study, run, error, error_size)) return -1;
    int given = run->agent_count;
    for (int k = 0; k < given; k++) s->specs[k] = run->agents[k];
    if (setup_seat_agents(s->specs, given, s->game.seats, true, false, study->levels, error, error_size)) return -1;
    for (int seat = 0; seat < s->game.seats && study->options.records; seat++)
        if (agent_spec_may_forfeit(s->specs[seat], study->levels)) {
            snprintf(error, error_size,
                     "'%s' may forfeit a match, which a game record cannot hold: record without on_fault=forfeit",
                     s->specs[seat]);
            return -1;
        }
    if (setup_agents_ready(study->levels, &s->game, s->specs, s->game.seats, s->names, error, error_size)) return -1;
    sim_study_t *q = &s->request.study;
    setup_sim_study(q, &s->game, study->levels, s->specs, given, (const char(*)[SETUP_AGENT_NAME_MAX])s->names,
                    !run->once, run->replays);
    sim_config_t *c = &q->config;
    bool matches = run->own_units ? run->matches : study->matches;
    c->mode = matches ? SIM_MATCHES : SIM_DEALS;
    c->units = run->own_units ? run->units : study->units;
    c->seed = (study->options.seed + run->seed_offset) & (uint64_t)INT64_MAX;
    c->threads = study->options.threads;
    q->per_deal = true;
    if (study->options.records) {
        snprintf(s->records, sizeof s->records, "%s/records", dir);
        q->records = s->records;
        q->records_every = study->options.records_every ? study->options.records_every : 1;
    }
    rundir_shard_slice(c->units, 1, 1, &c->first_unit, &c->end_unit);
    s->request.dir = dir;
    s->request.resume = resume;
    s->request.quiet = study->options.quiet;
    s->request.command = study->command; /* a study's run continues with the study */
    s->request.version = DOMINOLAB_VERSION;
    return 0;
}

void study_sim_close(study_sim_t *s) { setup_game_close(&s->game); }

/* What the run did, as sim says it of its own, in the study's name. */
static void tell(const study_sim_t *s, const study_t *study, const run_outcome_t *outcome)
{
    const sim_study_t *q = &s->request.study;
    if (outcome->message[0]) fprintf(stderr, "dominolab %s: %s\n", study->kind, outcome->message);
    if (study->options.quiet || outcome->status != 0) return;
    if (outcome->already_complete)
        fprintf(stderr, "dominolab %s: %s already holds the complete run; nothing to do\n", study->kind,
                s->request.dir);
    else
        fprintf(stderr, "dominolab %s: %" PRId64 " %s (%" PRId64 " games, %" PRId64 " hands) written to %s%s%s\n",
                study->kind, outcome->units, q->config.mode == SIM_DEALS ? "deals" : "matches", outcome->games,
                outcome->hands, s->request.dir, q->records ? ", their records to " : "", q->records ? q->records : "");
}

int study_sim_play(study_sim_t *s, const study_t *study, const study_hooks_t *hooks, const progress_frame_t *frame)
{
    run_request_t *q = &s->request;
    if (hooks) {
        q->study.config.stop_rule = hooks->stop_rule;
        q->study.config.stop_context = hooks->context;
        q->on_ready = hooks->on_ready;
        q->ready_context = hooks->context;
    }
    q->frame = frame;
    run_outcome_t *outcome = calloc(1, sizeof *outcome);
    if (!outcome) {
        fprintf(stderr, "dominolab %s: out of memory\n", study->kind);
        return 1;
    }
    run_execute(q, &one_rank, outcome);
    tell(s, study, outcome);
    int status = outcome->status;
    free(outcome);
    return status;
}

typedef struct trial {
    double started, seconds;
    volatile sig_atomic_t stop;
} trial_t;

static int trial_batch(void *context, int64_t first_unit, int count, const sim_unit_outcome_t *units,
                       const sim_totals_t *totals)
{
    (void)first_unit, (void)units, (void)count, (void)totals;
    trial_t *t = context;
    if (omp_get_wtime() - t->started >= t->seconds) t->stop = 1;
    return 0;
}

double study_sim_rate(const study_sim_t *s, double seconds, char *error, size_t error_size)
{
    sim_config_t config = s->request.study.config;
    config.stop_rule = NULL;
    config.batch_outcomes = false;
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!totals) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    trial_t trial = {.started = omp_get_wtime(), .seconds = seconds};
    int result = sim_run(&config, totals, trial_batch, &trial, &trial.stop, error, error_size);
    double elapsed = omp_get_wtime() - trial.started;
    double rate = result < 0 ? -1 : elapsed > 0 ? (double)totals->units / elapsed : 0;
    free(totals);
    return rate;
}
