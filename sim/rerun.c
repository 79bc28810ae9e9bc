/* rerun.c - one game of a run played again from its run.json (rerun.h). */
#include "rerun.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "records/record.h"
#include "records/replay.h"
#include "rundir.h"

enum { RERUN_ERROR_SIZE = 2048 };


static int row_on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    rerun_result_t *row = context;
    const game_t *game = setup->game;
    if (event->kind != GAME_EVENT_MATCH_END) return 0;
    row->seats = setup->seats;
    row->sides = game->side_count(setup->rules);
    row->hands = game->hand_number(state);
    row->winner = event->seat;
    game->scores(state, row->scores);
    for (int seat = 0; seat < setup->seats; seat++) {
        row->seat_points[seat] = row->scores[game->side_of_seat(setup->rules, seat)];
        row->pips[seat] = game->pips_left(state, seat);
    }
    return 0;
}

/* A run read back and the game it plays. */
typedef struct row_game {
    rundir_run_t run;
    const game_t *game;
    option_values_t values;
    game_rules_t *rules;
    sim_config_t config; /* what sim_agent_at needs to seat the rotation */
    const char *played[SIM_MAX_AGENTS]; /* what each agent stood for (run.json's played_agents), or NULL */
} row_game_t;

/* The game and rules of DIR/run.json, and its agents. 0, or -1 with a message. */
static int open_run(const char *dir, row_game_t *g, char *error, size_t error_size)
{
    char message[RERUN_ERROR_SIZE];
    if (rundir_load_run(dir, &g->run, error, error_size)) return -1;
    const rundir_run_t *run = &g->run;
    if (!(g->game = game_find(run->game))) {
        snprintf(error, error_size, "%s/run.json: field \"game\": unknown game \"%s\"", dir, run->game);
        return -1;
    }
    if (replay_read_options(g->game, json_object_get(run->json, "options"), &g->values, message, sizeof message) ||
        g->game->rules_create(&g->values, &g->rules, message, sizeof message)) {
        g->rules = NULL;
        snprintf(error, error_size, "%s/run.json: field \"options\": %.1000s", dir, message);
        return -1;
    }
    if (g->game->seat_count(g->rules) != run->seats) {
        snprintf(error, error_size, "%s/run.json: field \"seats\": %d, but its options make %d", dir, run->seats,
                 g->game->seat_count(g->rules));
        return -1;
    }
    sim_config_t *c = &g->config;
    c->game = g->game;
    c->rules = g->rules;
    c->seats = run->seats;
    c->sides = run->sides;
    c->agent_count = run->agent_count;
    c->mode = run->matches ? SIM_MATCHES : SIM_DEALS;
    const json_t *played = json_object_get(run->json, "played_agents");
    for (int a = 0; a < run->agent_count; a++) c->agents[a] = run->agents[a];
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < run->seats; seat++) {
        int a = 0;
        while (strcmp(run->agents[a], run->seat_agents[seat])) a++;
        agent_of_seat[seat] = a;
        const char *spec = json_string_value(json_array_get(played, (size_t)seat));
        if (json_is_array(played) && !spec) {
            snprintf(error, error_size, "%s/run.json: field \"played_agents\": entry %d is not an agent spec", dir, seat);
            return -1;
        }
        if (!g->played[a]) g->played[a] = spec;
    }
    /* the seatings as the run played them (rundir_load_run checked their count) */
    sim_seatings(c, agent_of_seat, rundir_seating_scheme(run->duplicate, run->swap, run->replays), run->replays);
    return 0;
}

static void close_run(row_game_t *g)
{
    if (g->rules) g->game->rules_destroy(g->rules);
    rundir_run_free(&g->run);
}

/* The game of a run to play again, and what to do with it. */
typedef struct row_request {
    const char *run;    /* the run's directory */
    uint64_t unit;
    int rotation;
    const match_sink_t *sinks; /* the caller's, or NULL */
    int sink_count;
    const char *record; /* write its record here, or NULL */
} row_request_t;

/* The unit and rotation are games this directory holds. 0, or -1 naming the argument. */
static int check_row(const row_request_t *args, const row_game_t *g, char *error, size_t error_size)
{
    const rundir_run_t *run = &g->run;
    int64_t first = run->first_unit, end = run->first_unit + run->units_done;
    if (run->units_done == 0 || args->unit < (uint64_t)first || args->unit >= (uint64_t)end) {
        int used = snprintf(error, error_size, "--unit %" PRIu64 ": the run in %s ", args->unit, args->run);
        if (used < 0 || (size_t)used >= error_size) return -1;
        if (run->units_done == 0)
            snprintf(error + used, error_size - (size_t)used, "holds no unit played yet");
        else
            snprintf(error + used, error_size - (size_t)used, "holds units %" PRId64 " to %" PRId64 " (of %" PRId64 ")",
                     first, end - 1, run->units);
        return -1;
    }
    if (args->rotation >= run->rotations) {
        if (run->rotations == 1)
            snprintf(error, error_size, "--rotation %d: the run in %s plays rotation 0 only", args->rotation, args->run);
        else
            snprintf(error, error_size, "--rotation %d: the run in %s plays rotations 0 to %d", args->rotation, args->run,
                     run->rotations - 1);
        return -1;
    }
    return 0;
}

/* Plays the game. 0, 1 (a failure while playing or writing), 2 (bad input), with a message. */
static int play_row(const row_request_t *args, row_game_t *g, rerun_result_t *row, char *error, size_t error_size)
{
    if (open_run(args->run, g, error, error_size) || check_row(args, g, error, error_size)) return 2;
    const rundir_run_t *run = &g->run;
    const char *specs[GAME_MAX_SEATS], *played[GAME_MAX_SEATS];
    bool resolved = json_is_array(json_object_get(run->json, "played_agents"));
    for (int seat = 0; seat < run->seats; seat++) {
        int a = sim_agent_at(&g->config, args->rotation, seat);
        specs[seat] = run->agents[a];
        played[seat] = g->played[a];
        snprintf(row->specs[seat], sizeof row->specs[seat], "%s", specs[seat]);
    }
    row->seed = sim_unit_seed(run->seed, (int64_t)args->unit);
    match_setup_t setup = {.game = g->game,
                           .rules = g->rules,
                           .values = &g->values,
                           .preset = run->preset,
                           .agent_specs = specs,
                           .played_specs = resolved ? played : NULL,
                           .replay = run->replays ? args->rotation : 0,
                           .seats = run->seats,
                           .seed = row->seed,
                           .max_hands = run->matches ? 0 : 1};
    record_writer_t writer;
    match_sink_t sinks[RERUN_MAX_SINKS + 2] = {{.context = row, .on_event = row_on_event}};
    int sink_count = 1;
    for (int k = 0; k < args->sink_count && k < RERUN_MAX_SINKS; k++) sinks[sink_count++] = args->sinks[k];
    if (args->record) {
        if (record_writer_open(&writer, args->record, error, error_size)) return 2;
        sinks[sink_count++] = record_writer_sink(&writer);
    }
    int result = match_play(&setup, sinks, sink_count, error, error_size);
    if (args->record) result = record_writer_end(&writer, result, error, error_size);
    return result ? 1 : 0;
}

int rerun_play(const char *run_dir, uint64_t unit, int rotation, const match_sink_t *sinks, int sink_count,
               const char *record_path, rerun_result_t *result, char *error, size_t error_size)
{
    memset(result, 0, sizeof *result);
    row_game_t *game = calloc(1, sizeof *game);
    if (!game) {
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    row_request_t request = {.run = run_dir, .unit = unit, .rotation = rotation, .sinks = sinks,
                             .sink_count = sink_count, .record = record_path};
    int status = play_row(&request, game, result, error, error_size);
    close_run(game);
    free(game);
    return status;
}
