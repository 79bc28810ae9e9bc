/* cli_play.c - `dominolab play`: one match between bots, logged move by move, optionally
 * recorded as JSON Lines (docs/record-format.md); or a series of matches between the same
 * players, each started as the rules start a later match (Partnership R5). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "match.h"
#include "match_log.h"
#include "records/record.h"

enum { PLAY_MAX_AGENT_TEXT = 1024 };

typedef struct play_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agents, *levels, *record;
    uint64_t seed;
    int replay, matches;
    bool quiet;
} play_args_t;

#define PLAY_OPTION(name, section, kind, field, min, max, value, help)                                             \
    {name, section, kind, CLI_AT(play_args_t, field), min, max, NULL, value, help}
static const cli_option_t play_options[] = {
    CLI_GAME_OPTIONS(play_args_t, game),
    PLAY_OPTION("agents", "agents", CLI_TEXT, agents, 0, 0, "A,B,...",
                "one agent spec per seat, or one for every seat (see dominolab agents)"),
    CLI_LEVELS_OPTION(play_args_t, levels),
    PLAY_OPTION("seed", "experiment", CLI_SEED, seed, 0, 0, "S", "match seed, 0..2^63-1 (default 1): same seed, same match"),
    PLAY_OPTION("replay", "experiment", CLI_INT, replay, 0, SIM_MAX_REPLAYS - 1, "R",
                "the agents' randomness of replay R (sim --replays; default 0)"),
    PLAY_OPTION("matches", "experiment", CLI_INT, matches, 1, 1000000, "N",
                "a series of N matches between the same players (default 1): match k has seed S+k-1 and "
                "starts as the rules start a later match (Partnership R5: the next seat starts)"),
    PLAY_OPTION("record", "experiment", CLI_TEXT, record, 0, 0, "FILE",
                "write the game record (JSON Lines); written only if the match completes"),
    PLAY_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no move-by-move log, only the result"),
};
#undef PLAY_OPTION

static const cli_command_spec_t play_spec = {
    "play",
    "[--game G] [--preset P] [--option key=value ...] --players N\n"
    "                      --agents A[,B,...] [--seed S] [--matches N] [--record FILE] [--quiet]",
    "Plays one match and prints it move by move: hands, layout ends, draws, passes, points\n"
    "and running scores. With --matches N, a series of matches between the same players,\n"
    "and at the end how many each side won.\n"
    "\n"
    "`human` at a seat is you: at each of its decisions you see the position and the numbered\n"
    "moves, and type a number (? shows what each move scores). Only the persons' tiles are\n"
    "shown then. It reads standard input, so a script can play through a pipe; when the input\n"
    "ends, greedy plays the seat on. Example: --agents human,level:5\n",
    play_options,
    (int)(sizeof play_options / sizeof play_options[0]),
};

static int parse_play_args(int argc, char **argv, play_args_t *args, char *error, size_t error_size)
{
    memset(args, 0, sizeof *args);
    args->seed = 1;
    args->matches = 1;
    int parsed = cli_parse_argv(&play_spec, argc, argv, args, error, error_size);
    if (parsed) return parsed;
    if (args->matches > 1 && args->record) {
        cli_option_error(&play_spec, args, "record", -1, error, error_size,
                         "a record holds one match, and a later match's starter (R5) is not in the record format; "
                         "record with --matches 1");
        return -1;
    }
    if (args->matches > 1 && args->seed > INT64_MAX - (uint64_t)args->matches) {
        cli_option_error(&play_spec, args, "seed", -1, error, error_size, "seed + matches - 1 must stay within 0..2^63-1");
        return -1;
    }
    int only = args->game.players ? 0 : cli_game_only_players(&args->game, error, error_size);
    if (only < 0) return -1;
    if (!args->game.players && !only) return cli_required(args, "--players", NULL, error, error_size);
    if (!args->agents) return cli_required(args, "--agents", NULL, error, error_size);
    return 0;
}

/* The matches of a series in one state, each after the first started as the rules start a
 * later match; then how many each side won. One match is played as it always was. */
static int play_series(match_setup_t *setup, int matches, match_sink_t *sinks, int sink_count, char *error,
                       size_t error_size)
{
    if (matches == 1) return match_play(setup, sinks, sink_count, error, error_size);
    const game_t *game = setup->game;
    int sides = game->side_count(setup->rules), won[GAME_MAX_SEATS] = {0}, draws = 0, result = 0;
    void *state = malloc(game->state_size);
    if (!state) {
        snprintf(error, error_size, "out of memory for the game state");
        return -1;
    }
    uint64_t first_seed = setup->seed;
    setup->series_state = state;
    for (int k = 0; k < matches && !result; k++) {
        setup->series_match = k;
        setup->seed = first_seed + (uint64_t)k;
        result = match_play(setup, sinks, sink_count, error, error_size);
        int winner = result ? -1 : game->match_winner(state);
        if (winner >= 0) won[winner]++;
        else if (!result) draws++;
    }
    setup->series_state = NULL;
    free(state);
    if (result) return result;
    printf("\nseries of %d matches:", matches);
    for (int side = 0; side < sides; side++)
        printf("%s %s %d won %d", side ? "," : "", sides < setup->seats ? "team" : "seat", side, won[side]);
    printf(", %d drawn\n", draws);
    return 0;
}

static int play_with(int argc, char **argv, play_args_t *parsed, agent_levels_t *level_storage, char *error,
                     size_t error_size)
{
    int status = parse_play_args(argc, argv, parsed, error, error_size);
    if (status > 0) {
        cli_print_help(stdout, &play_spec);
        return 0;
    }
    const play_args_t *args = parsed;
    setup_game_t game = {0};
    const agent_levels_t *levels;
    if (status || cli_game_open_from(&play_spec, parsed, &parsed->game, &game, error, error_size) ||
        cli_levels_open(args->levels, game.game, level_storage, &levels, error, error_size)) {
        fprintf(stderr, "dominolab play: %s\n", error);
        setup_game_close(&game);
        return 2;
    }
    char agent_text[PLAY_MAX_AGENT_TEXT];
    const char *specs[GAME_MAX_SEATS];
    snprintf(agent_text, sizeof agent_text, "%s", args->agents);
    if (cli_split_agent_list(agent_text, specs, game.seats, false, true, levels, NULL, error, error_size)) {
        fprintf(stderr, "dominolab play: --agents: %s\n", error);
        setup_game_close(&game);
        return 2;
    }
    char note[2048], message[CLI_ERROR_SIZE];
    if (setup_levels_fit(levels, &game, specs, game.seats, note, sizeof note, message, sizeof message)) {
        if (args->levels)
            cli_option_error(&play_spec, parsed, cli_level_table_name(&play_spec, parsed), -1, error, error_size, "%s",
                             message);
        else snprintf(error, error_size, "%s", message);
        fprintf(stderr, "dominolab play: %s\n", error);
        setup_game_close(&game);
        return 2;
    }
    if (setup_agents_ready(levels, &game, specs, game.seats, NULL, error, error_size)) {
        fprintf(stderr, "dominolab play: %s\n", error);
        setup_game_close(&game);
        return 2;
    }
    if (note[0]) fprintf(stderr, "dominolab play: note: %s\n", note);
    match_setup_t setup = {.game = game.game,
                           .rules = game.rules,
                           .values = &game.values,
                           .preset = game.preset,
                           .agent_specs = specs,
                           .levels = levels,
                           .replay = args->replay,
                           .seats = game.seats,
                           .seed = args->seed};
    /* With a person at the table, only the persons' tiles are shown: the others' hands and
     * draws stay hidden, as at a real table. */
    unsigned people = 0;
    for (int seat = 0; seat < game.seats; seat++) people |= (unsigned)agent_spec_is_human(specs[seat]) << seat;
    match_log_t log = {stdout, args->quiet, people ? ~people : 0};
    match_sink_t sinks[2] = {match_log_sink(&log)};
    int sink_count = 1;
    record_writer_t writer;
    if (args->record) {
        if (record_writer_open(&writer, args->record, error, error_size)) { /* a place nothing can be written */
            fprintf(stderr, "dominolab play: --record: %s\n", error);
            setup_game_close(&game);
            return 2;
        }
        sinks[sink_count++] = record_writer_sink(&writer);
    }
    int result = play_series(&setup, args->matches, sinks, sink_count, error, error_size);
    if (args->record) result = record_writer_end(&writer, result, error, error_size);
    setup_game_close(&game);
    if (result) {
        fprintf(stderr, "dominolab play: %s\n", error);
        return 1;
    }
    if (args->record && !args->quiet) printf("record written to %s\n", args->record);
    return 0;
}

int cli_play(int argc, char **argv)
{
    char error[CLI_ERROR_SIZE];
    play_args_t *args_storage = malloc(sizeof *args_storage);
    agent_levels_t *level_storage = malloc(sizeof *level_storage);
    if (!args_storage || !level_storage) {
        free(args_storage);
        free(level_storage);
        fprintf(stderr, "dominolab play: out of memory\n");
        return 1;
    }
    int status = play_with(argc, argv, args_storage, level_storage, error, sizeof error);
    free(args_storage);
    free(level_storage);
    return status;
}

