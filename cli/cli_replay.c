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
#include "rerun.h"

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

static void print_row(FILE *out, const replay_args_t *args, const rerun_result_t *row)
{
    fprintf(out, "%s: unit %" PRIu64 ", rotation %d (deal_seed %" PRIu64 "): %d hand%s, ", args->run, args->unit,
            args->rotation, row->seed, row->hands, row->hands == 1 ? "" : "s");
    if (row->winner < 0) fprintf(out, "no winner\n");
    else fprintf(out, "winner %s %d\n", row->sides == row->seats ? "seat" : "team", row->winner);
    for (int seat = 0; seat < row->seats; seat++)
        fprintf(out, "  seat %d (%s): points %d, pips left %d\n", seat, row->specs[seat], row->seat_points[seat],
                row->pips[seat]);
}

/* `replay --run DIR --unit U --rotation R`: the game printed, or its result, and its record. */
static int replay_row(const replay_args_t *args, char *error, size_t error_size)
{
    match_log_t log = {stdout, false, 0};
    match_sink_t sink = match_log_sink(&log);
    rerun_result_t row;
    int status = rerun_play(args->run, args->unit, args->rotation, &sink, args->print ? 1 : 0, args->record, &row,
                            error, error_size);
    if (status) return status;
    if (!args->print) print_row(stdout, args, &row);
    if (args->record) printf("record written to %s\n", args->record);
    return 0;
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
    int status = replay_row(&args, error, sizeof error);
    if (status) fprintf(stderr, "dominolab replay: %s\n", error);
    return status;
}
