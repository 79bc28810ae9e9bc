/* cli_play.c - `dominolab play`: one match between bots, logged move by move, optionally
 * recorded as JSON Lines (docs/record-format.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "match.h"
#include "records/record.h"

enum { PLAY_MAX_AGENT_TEXT = 1024 };

/* ---- the readable log ---- */

typedef struct play_log {
    const game_t *game;
    int quiet;
} play_log_t;

static void print_tiles(const uint8_t *tiles, int count)
{
    char name[TILESET_TILE_NAME_SIZE];
    for (int k = 0; k < count; k++) printf(" %s", tileset_tile_name(tiles[k], name));
}

static void print_ends(const game_t *game, const void *state)
{
    game_observation_t view;
    game->observe(state, 0, &view);
    if (view.layout_kind != GAME_LAYOUT_LINE && view.layout_kind != GAME_LAYOUT_SPINNER) return;
    printf("ends");
    for (int e = 0; e < view.ends.count; e++) {
        if (view.ends.number[e] < 0) continue;
        /* '*' marks a crosswise double at an end, as the rules' test vectors write it; the
         * bare opening double is shown plainly (6|6). */
        printf("%s%d%s", e ? (view.layout_kind == GAME_LAYOUT_LINE ? "|" : " ") : " ", view.ends.number[e],
               view.ends.is_double[e] && view.table_count > 1 ? "*" : "");
    }
}

static void print_scores(const game_t *game, const void *state, int sides)
{
    int scores[GAME_MAX_SEATS];
    game->scores(state, scores);
    printf("scores");
    for (int k = 0; k < sides; k++) printf(" %d", scores[k]);
}

static int log_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    play_log_t *log = context;
    const game_t *game = log->game;
    int sides = game->side_count(setup->rules);
    char name[TILESET_TILE_NAME_SIZE];
    if (log->quiet && event->kind != GAME_EVENT_MATCH_END) return 0;
    switch (event->kind) {
    case GAME_EVENT_DEAL: {
        game_deal_t deal;
        game->get_deal(state, &deal);
        printf("\nhand %d (starter seat %d)\n", deal.hand_number, deal.leader);
        for (int seat = 0; seat < deal.seats; seat++) {
            printf("  seat %d (%s):", seat, setup->agent_specs[seat]);
            print_tiles(deal.hand[seat], deal.hand_size[seat]);
            printf("\n");
        }
        printf("  stock: %d tiles\n", deal.stock_size);
        break;
    }
    case GAME_EVENT_PLAY:
        if (event->end == GAME_NO_END)
            printf("  seat %d leads %-5s          ", event->seat, tileset_tile_name(event->tile, name));
        else
            printf("  seat %d plays %-5s on end %d  ", event->seat, tileset_tile_name(event->tile, name), event->end);
        print_ends(game, state);
        if (event->points) {
            printf("   +%d  ", event->points);
            print_scores(game, state, sides);
        }
        printf("\n");
        break;
    case GAME_EVENT_DRAW: printf("  seat %d draws %s\n", event->seat, tileset_tile_name(event->tile, name)); break;
    case GAME_EVENT_PASS: printf("  seat %d passes\n", event->seat); break;
    case GAME_EVENT_AWARD:
        printf("  award: seat %d %+d (%s)\n", event->seat, event->points, game_reason_name(game, event->reason));
        break;
    case GAME_EVENT_HAND_END:
        printf("  hand %d ends: %s", game->hand_number(state), game_reason_name(game, event->reason));
        /* the rules' winner of the hand (who went out, or won the block), which need not be
         * the seat that scored most in it: that one is a win in sim's results */
        if (event->seat >= 0) printf(", the rules give it to seat %d", event->seat);
        printf("; pips left");
        for (int seat = 0; seat < setup->seats; seat++) printf(" %d", game->pips_left(state, seat));
        printf("; ");
        print_scores(game, state, sides);
        printf("\n");
        break;
    case GAME_EVENT_MATCH_END:
        if (event->seat >= 0)
            printf("\nmatch over after %d hands: seat %d (%s) wins; ", game->hand_number(state), event->seat,
                   setup->agent_specs[event->seat]);
        else
            printf("\nmatch over after %d hands: no winner; ", game->hand_number(state));
        print_scores(game, state, sides);
        printf("\n");
        break;
    default: break;
    }
    return 0;
}

typedef struct play_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agents, *levels, *record;
    uint64_t seed;
    int replay;
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
    PLAY_OPTION("record", "experiment", CLI_TEXT, record, 0, 0, "FILE",
                "write the game record (JSON Lines); written only if the match completes"),
    PLAY_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no move-by-move log, only the result"),
};
#undef PLAY_OPTION

static const cli_command_spec_t play_spec = {
    "play",
    "[--game G] [--preset P] [--option key=value ...] --players N\n"
    "                      --agents A[,B,...] [--seed S] [--record FILE] [--quiet]",
    "Plays one match and prints it move by move: hands, layout ends, draws, passes, points\n"
    "and running scores.\n",
    play_options,
    (int)(sizeof play_options / sizeof play_options[0]),
};

static int parse_play_args(int argc, char **argv, play_args_t *args, char *error, size_t error_size)
{
    memset(args, 0, sizeof *args);
    args->seed = 1;
    int parsed = cli_parse_argv(&play_spec, argc, argv, args, error, error_size);
    if (parsed) return parsed;
    if (!args->game.players) return cli_required(args, "--players", NULL, error, error_size);
    if (!args->agents) return cli_required(args, "--agents", NULL, error, error_size);
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
    cli_game_t game = {0};
    const agent_levels_t *levels;
    if (status || cli_game_open_from(&play_spec, parsed, &parsed->game, &game, error, error_size) ||
        cli_levels_open(args->levels, level_storage, &levels, error, error_size)) {
        fprintf(stderr, "dominolab play: %s\n", error);
        cli_game_close(&game);
        return 2;
    }
    char agent_text[PLAY_MAX_AGENT_TEXT];
    const char *specs[GAME_MAX_SEATS];
    snprintf(agent_text, sizeof agent_text, "%s", args->agents);
    if (cli_split_agents(agent_text, specs, game.seats, false, levels, error, error_size)) {
        fprintf(stderr, "dominolab play: --agents: %s\n", error);
        cli_game_close(&game);
        return 2;
    }
    char note[2048], message[CLI_ERROR_SIZE];
    if (cli_levels_fit(levels, &game, specs, game.seats, note, sizeof note, message, sizeof message)) {
        if (args->levels)
            cli_option_error(&play_spec, parsed, cli_level_table_name(&play_spec, parsed), -1, error, error_size, "%s",
                             message);
        else snprintf(error, error_size, "%s", message);
        fprintf(stderr, "dominolab play: %s\n", error);
        cli_game_close(&game);
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
    play_log_t log = {game.game, args->quiet};
    match_sink_t sinks[2] = {{&log, NULL, log_event}};
    int sink_count = 1;
    record_writer_t writer;
    if (args->record) {
        if (record_writer_open(&writer, args->record, error, error_size)) { /* a place nothing can be written */
            fprintf(stderr, "dominolab play: --record: %s\n", error);
            cli_game_close(&game);
            return 2;
        }
        sinks[sink_count++] = record_writer_sink(&writer);
    }
    if (!args->quiet)
        printf("%s, preset %s, %d players, seed %llu\n", game.game->name, game.preset, game.seats,
               (unsigned long long)args->seed);
    int result = match_play(&setup, sinks, sink_count, error, error_size);
    if (result == 1 && args->record) snprintf(error, error_size, "%s", record_writer_error(&writer));
    if (args->record && record_writer_finish(&writer, result == 0, result ? NULL : error, result ? 0 : error_size) &&
        result == 0)
        result = -1;
    cli_game_close(&game);
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

