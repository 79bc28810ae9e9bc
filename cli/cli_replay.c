/* cli_replay.c - `dominolab replay`: checks a game record against the rules (and shows it
 * as `play` prints a match), or plays again one game of a simulator run, a row of its
 * deals.csv, from the run's run.json. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "games.h"
#include "match_log.h"
#include "records/record.h"
#include "records/replay.h"
#include "rundir.h"

enum { CLI_REPLAY_ERROR_SIZE = 2048 };

typedef struct replay_args {
    cli_args_base_t base;
    const char *file; /* the record: the one argument that is not an option */
    const char *run, *record;
    uint64_t unit;
    int rotation;
    bool print;
} replay_args_t;

#define REPLAY_OPTION(name, kind, field, min, max, value, help)                                                      \
    {name, "replay", kind, CLI_AT(replay_args_t, field), min, max, NULL, value, help}
static const cli_option_t replay_options[] = {
    REPLAY_OPTION("print", CLI_FLAG, print, 0, 0, NULL, "show the match move by move, as dominolab play prints it"),
    REPLAY_OPTION("run", CLI_TEXT, run, 0, 0, "DIR",
                  "instead of a record: play again a game of the sim run in DIR (a row of its deals.csv)"),
    REPLAY_OPTION("unit", CLI_SEED, unit, 0, 0, "U", "with --run: the game's unit (deals.csv's unit column)"),
    REPLAY_OPTION("rotation", CLI_INT, rotation, 0, SIM_MAX_ROTATIONS - 1, "R",
                  "with --run: its rotation, or replay (deals.csv's rotation column)"),
    REPLAY_OPTION("record", CLI_TEXT, record, 0, 0, "FILE",
                  "with --run: write the game's record (JSON Lines), as sim --records does"),
};
#undef REPLAY_OPTION

static const cli_command_spec_t replay_spec = {
    "replay",
    "[--print] FILE\n"
    "       dominolab replay --run DIR --unit U --rotation R [--print] [--record FILE]",
    "Plays a game record (JSON Lines, written by `dominolab play --record FILE` or\n"
    "`dominolab sim --records DIR`) again through the engine and reports the first line where\n"
    "the record and the rules disagree. It checks that:\n"
    "  - the match line names a known game and every option of its rules, with valid\n"
    "    values in a valid combination, the right number of seats and one agent per seat;\n"
    "  - every deal is a valid deal for those rules;\n"
    "  - every play, draw and pass is made by the seat to move and is legal, and every\n"
    "    drawn tile is the next tile of the stock;\n"
    "  - every number the rules produce (points of plays, awards, hand totals, pips left,\n"
    "    scores, winners, reasons) is the one in the record;\n"
    "  - the record ends exactly with the match_end line (after max_hands hands, when the\n"
    "    match line gives them: a deal of sim --deals).\n"
    "Fields a line carries beyond the format are ignored. With --print the match is shown\n"
    "as dominolab play prints it (and nothing else on stdout), as far as the record agrees.\n"
    "\n"
    "With --run DIR, the game of unit U and rotation R of that sim run (a row of its\n"
    "deals.csv) is played again from DIR/run.json (its game, options, the agents of that\n"
    "rotation, the unit's deal seed) and each seat's points and pips left are printed; with\n"
    "--print the whole game instead, and with --record FILE its record is written too.\n"
    "\n"
    "Exit status: 0 the record agrees with the rules (or the game was played), 1 it\n"
    "disagrees (or a write failed), 2 it is malformed or cannot be read, or the command line\n"
    "or DIR is wrong.\n",
    replay_options,
    (int)(sizeof replay_options / sizeof replay_options[0]),
};

/* 0, 1 for --help, -1 with a message. */
static int parse_replay_args(int argc, char **argv, replay_args_t *args, char *error, size_t error_size)
{
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    int rest_count;
    memset(args, 0, sizeof *args);
    if (!rest) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *file = NULL;
    int parsed = cli_take_operand(&replay_spec, argc, argv, rest, &rest_count, &file, "record file", error, error_size);
    if (parsed == 0) parsed = cli_parse_argv(&replay_spec, rest_count, rest, args, error, error_size);
    free(rest);
    args->file = file;
    if (parsed) return parsed;
    static const char *const with_run[] = {"unit", "rotation", "record", NULL};
    if (args->run && args->file) {
        snprintf(error, error_size, "give a record FILE or --run DIR, not both");
        return -1;
    }
    if (!args->run && !args->file) {
        snprintf(error, error_size, "no record file given (nor --run DIR)");
        return -1;
    }
    for (int k = 0; !args->run && with_run[k]; k++)
        if (cli_given(&replay_spec, args, with_run[k])) {
            cli_option_error(&replay_spec, args, with_run[k], -1, error, error_size,
                             "chooses a game of a sim run: give --run DIR too (a record file is replayed whole)");
            return -1;
        }
    if (args->run && !cli_given(&replay_spec, args, "unit")) return cli_required(args, "--unit U", NULL, error, error_size);
    if (args->run && !cli_given(&replay_spec, args, "rotation"))
        return cli_required(args, "--rotation R", NULL, error, error_size);
    return 0;
}

/* ------------------------------------------------------------------ a record */

static void print_summary(FILE *out, const char *path, const replay_summary_t *s)
{
    const char *side = s->sides == s->seats ? "seat" : "team";
    fprintf(out, "%s: agrees with the rules: %s, %d seats, %d hands, %d lines; ", path, s->game, s->seats, s->hands,
            s->lines);
    if (s->winner >= 0) fprintf(out, "winner %s %d, scores", side, s->winner);
    else fprintf(out, "no winner, scores");
    for (int i = 0; i < s->sides && i < GAME_MAX_SEATS; i++) fprintf(out, " %d", s->scores[i]);
    fputc('\n', out);
}

static int replay_record(const replay_args_t *args)
{
    replay_summary_t summary;
    char error[CLI_REPLAY_ERROR_SIZE];
    match_log_t log = {stdout, false, 0};
    match_sink_t sink = match_log_sink(&log);
    int result = replay_file_to(args->file, args->print ? &sink : NULL, &summary, error, sizeof error);
    fflush(stdout); /* the log so far, before the message that says where it stops agreeing */
    if (result != REPLAY_AGREES) {
        fprintf(stderr, "dominolab replay: %s\n", error);
        return result;
    }
    if (!args->print) print_summary(stdout, args->file, &summary);
    return 0;
}

/* ------------------------------------------------------------------ a game of a run */

/* What a row of deals.csv shows of a game: taken at its end. */
typedef struct row_result {
    int seats, sides, hands, winner;
    int scores[GAME_MAX_SEATS], pips[GAME_MAX_SEATS];
} row_result_t;

static int row_on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    row_result_t *row = context;
    const game_t *game = setup->game;
    if (event->kind != GAME_EVENT_MATCH_END) return 0;
    row->seats = setup->seats;
    row->sides = game->side_count(setup->rules);
    row->hands = game->hand_number(state);
    row->winner = event->seat;
    game->scores(state, row->scores);
    for (int seat = 0; seat < setup->seats; seat++) row->pips[seat] = game->pips_left(state, seat);
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
    char message[CLI_REPLAY_ERROR_SIZE];
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
    bool print;         /* show the game move by move on stdout */
    bool quiet;         /* say nothing on stdout (a caller that only wants the record) */
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

static void print_row(FILE *out, const row_request_t *args, const row_game_t *g, const char *const *specs,
                      uint64_t seed, const row_result_t *row)
{
    fprintf(out, "%s: unit %" PRIu64 ", rotation %d (deal_seed %" PRIu64 "): %d hand%s, ", args->run, args->unit,
            args->rotation, seed, row->hands, row->hands == 1 ? "" : "s");
    if (row->winner < 0) fprintf(out, "no winner\n");
    else fprintf(out, "winner %s %d\n", row->sides == row->seats ? "seat" : "team", row->winner);
    for (int seat = 0; seat < row->seats; seat++)
        fprintf(out, "  seat %d (%s): points %d, pips left %d\n", seat, specs[seat],
                row->scores[g->game->side_of_seat(g->rules, seat)], row->pips[seat]);
}

/* Plays the game. 0, 1 (a failure while playing or writing), 2 (bad input), with a message. */
static int play_row(const row_request_t *args, row_game_t *g, char *error, size_t error_size)
{
    if (open_run(args->run, g, error, error_size) || check_row(args, g, error, error_size)) return 2;
    const rundir_run_t *run = &g->run;
    const char *specs[GAME_MAX_SEATS], *played[GAME_MAX_SEATS];
    bool resolved = json_is_array(json_object_get(run->json, "played_agents"));
    for (int seat = 0; seat < run->seats; seat++) {
        int a = sim_agent_at(&g->config, args->rotation, seat);
        specs[seat] = run->agents[a];
        played[seat] = g->played[a];
    }
    uint64_t seed = sim_unit_seed(run->seed, (int64_t)args->unit);
    match_setup_t setup = {.game = g->game,
                           .rules = g->rules,
                           .values = &g->values,
                           .preset = run->preset,
                           .agent_specs = specs,
                           .played_specs = resolved ? played : NULL,
                           .replay = run->replays ? args->rotation : 0,
                           .seats = run->seats,
                           .seed = seed,
                           .max_hands = run->matches ? 0 : 1};
    row_result_t row = {0};
    match_log_t log = {stdout, false, 0};
    record_writer_t writer;
    match_sink_t sinks[3] = {{.context = &row, .on_event = row_on_event}};
    int sink_count = 1;
    if (args->print) sinks[sink_count++] = match_log_sink(&log);
    if (args->record) {
        if (record_writer_open(&writer, args->record, error, error_size)) return 2;
        sinks[sink_count++] = record_writer_sink(&writer);
    }
    int result = match_play(&setup, sinks, sink_count, error, error_size);
    if (args->record) result = record_writer_end(&writer, result, error, error_size);
    if (result) return 1;
    if (args->quiet) return 0;
    if (!args->print) print_row(stdout, args, g, specs, seed, &row);
    if (args->record) printf("record written to %s\n", args->record);
    return 0;
}

/* One game of a run played by a request, the run opened and closed around it. */
static int play_request(const row_request_t *request, char *error, size_t error_size)
{
    row_game_t *game = calloc(1, sizeof *game);
    if (!game) {
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    int status = play_row(request, game, error, error_size);
    close_run(game);
    free(game);
    return status;
}

int cli_replay_row(const char *run_dir, uint64_t unit, int rotation, const char *record_path, char *error,
                   size_t error_size)
{
    row_request_t request = {.run = run_dir, .unit = unit, .rotation = rotation, .quiet = true, .record = record_path};
    return play_request(&request, error, error_size);
}

int cli_replay(int argc, char **argv)
{
    char error[CLI_REPLAY_ERROR_SIZE];
    replay_args_t args;
    int parsed = parse_replay_args(argc, argv, &args, error, sizeof error);
    if (parsed > 0) {
        cli_print_help(stdout, &replay_spec);
        return 0;
    }
    if (parsed < 0) {
        bool pointed = strstr(error, "(did you mean") || strstr(error, "(see dominolab");
        fprintf(stderr, "dominolab replay: %s%s\n", error, pointed ? "" : "  (see dominolab replay --help)");
        return 2;
    }
    if (args.file) return replay_record(&args);
    row_request_t request = {.run = args.run, .unit = args.unit, .rotation = args.rotation, .print = args.print,
                             .record = args.record};
    int status = play_request(&request, error, sizeof error);
    if (status) fprintf(stderr, "dominolab replay: %s\n", error);
    return status;
}
