/* cli_common.c - argument handling shared by the subcommands. */
#include "cli.h"

#include "agent.h"
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_parse_u64(const char *text, uint64_t *out)
{
    /* Decimal digits only: strtoull alone would skip blanks, accept a sign (and wrap a
     * negative number) and read 010 as octal. */
    if (!text || *text < '0' || *text > '9') return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno || *end) return -1;
    *out = (uint64_t)value;
    return 0;
}

static int need_value(int argc, char **argv, int i, char *error, size_t error_size)
{
    if (i + 1 < argc) return 0;
    snprintf(error, error_size, "%s needs a value", argv[i]);
    return -1;
}

int cli_parse_game_arg(int argc, char **argv, int *i, cli_game_args_t *args, char *error, size_t error_size)
{
    const char *arg = argv[*i];
    if (strcmp(arg, "--game") && strcmp(arg, "--preset") && strcmp(arg, "--option") && strcmp(arg, "--players"))
        return 0;
    if (need_value(argc, argv, *i, error, error_size)) return -1;
    const char *value = argv[++*i];
    if (!strcmp(arg, "--game")) {
        args->game_name = value;
    } else if (!strcmp(arg, "--preset")) {
        args->preset = value;
    } else if (!strcmp(arg, "--players")) {
        uint64_t players;
        if (cli_parse_u64(value, &players) || players < 1 || players > CLI_MAX_PLAYERS) {
            snprintf(error, error_size, "--players: bad value '%s' (a number of seats)", value);
            return -1;
        }
        args->players = (int)players;
    } else {
        cli_list_t *list = &args->options;
        if (list->count >= CLI_MAX_OVERRIDES || strlen(value) >= CLI_ITEM_MAX) {
            snprintf(error, error_size, "--option: too many, or '%.40s...' too long", value);
            return -1;
        }
        snprintf(list->item[list->count], CLI_ITEM_MAX, "%s", value);
        list->line[list->count++] = 0;
    }
    return 1;
}

static const game_t *find_game(const char *name, char *error, size_t error_size)
{
    const game_t *game = game_find(name);
    if (game) return game;
    int count;
    const game_t *const *games = game_list(&count);
    size_t used = (size_t)snprintf(error, error_size, "unknown game '%s' (games:", name);
    for (int k = 0; k < count && used < error_size; k++)
        used += (size_t)snprintf(error + used, error_size - used, " %s", games[k]->name);
    if (used < error_size) snprintf(error + used, error_size - used, ")");
    return NULL;
}

/* The overrides of `args` (the options, then players=N) as a NULL-ended array. */
static int collect_overrides(const cli_game_args_t *args, const char **overrides, char *players_text, size_t size)
{
    int count = 0;
    for (int k = 0; k < args->options.count; k++) overrides[count++] = args->options.item[k];
    if (args->players > 0) { /* --players wins last */
        snprintf(players_text, size, "players=%d", args->players);
        overrides[count++] = players_text;
    }
    overrides[count] = NULL;
    return count;
}

int cli_game_open(const cli_game_args_t *args, cli_game_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    const char *name = args->game_name ? args->game_name : "bergen";
    out->game = find_game(name, error, error_size);
    if (!out->game) return -1;
    const char *overrides[CLI_MAX_OVERRIDES + 2];
    char players_text[32];
    int count = collect_overrides(args, overrides, players_text, sizeof players_text);
    out->preset = args->preset ? args->preset : out->game->presets[0].name;
    if (game_configure(out->game, out->preset, overrides, count, &out->values, error, error_size)) return -1;
    if (out->game->rules_create(&out->values, &out->rules, error, error_size)) return -1;
    out->seats = out->game->seat_count(out->rules);
    return 0;
}

int cli_game_open_from(const cli_command_spec_t *spec, const void *args, const cli_game_args_t *game_args,
                       cli_game_t *out, char *error, size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    if (!cli_game_open(game_args, out, message, sizeof message)) return 0;
    cli_game_close(out);
    /* Find the argument to blame: the game name, the preset, one rule option, or players. */
    const char *name = game_args->game_name ? game_args->game_name : "bergen";
    const game_t *game = find_game(name, message, sizeof message);
    if (!game) {
        cli_option_error(spec, args, "game", -1, error, error_size, "%s", message);
        return -1;
    }
    const char *preset = game_args->preset ? game_args->preset : game->presets[0].name;
    option_values_t values;
    if (game_configure(game, preset, NULL, 0, &values, message, sizeof message)) {
        cli_option_error(spec, args, "preset", -1, error, error_size, "%s", message);
        return -1;
    }
    for (int k = 0; k < game_args->options.count; k++) {
        const char *one[] = {game_args->options.item[k]};
        if (game_configure(game, preset, one, 1, &values, message, sizeof message)) {
            cli_option_error(spec, args, "option", k, error, error_size, "%s", message);
            return -1;
        }
    }
    /* Each option alone is fine: the combination (or the player count) is not. */
    if (cli_game_open(game_args, out, message, sizeof message)) {
        cli_game_close(out);
        const char *blame = game_args->players > 0 ? "players" : game_args->options.count ? "option" : "preset";
        cli_option_error(spec, args, blame, blame[0] == 'o' ? game_args->options.count - 1 : -1, error, error_size,
                         "%s", message);
        return -1;
    }
    return 0;
}

void cli_game_close(cli_game_t *game)
{
    if (game->game && game->rules) game->game->rules_destroy(game->rules);
    game->rules = NULL;
}

/* Agent specs hold commas only inside their parameters ("pimc:samples=64,rollout=greedy"),
 * so a part that looks like "key=value" without a ':' continues the previous spec. */
int cli_split_agents(char *text, const char **specs, int seats, bool cycle, const agent_levels_t *levels, char *error,
                     size_t error_size)
{
    int count = 0;
    for (char *part = strtok(text, ","); part; part = strtok(NULL, ",")) {
        if (count > 0 && strchr(part, '=') && !strchr(part, ':')) {
            part[-1] = ','; /* a parameter of the previous spec */
            continue;
        }
        if (count == GAME_MAX_SEATS) {
            snprintf(error, error_size, "--agents: more than %d agent specs", GAME_MAX_SEATS);
            return -1;
        }
        specs[count++] = part;
    }
    if (count == 0) {
        snprintf(error, error_size, "--agents: no agent given");
        return -1;
    }
    bool fits = count == 1 || count == seats || (cycle && count < seats && seats % count == 0);
    if (!fits) {
        snprintf(error, error_size, "--agents: %d agent specs for %d players (give one per seat%s, or one for all)",
                 count, seats, cycle ? ", a list that repeats evenly over the seats" : "");
        return -1;
    }
    for (int seat = count; seat < seats; seat++) specs[seat] = specs[seat % count];
    for (int seat = 0; seat < seats; seat++)
        if (agent_spec_check(specs[seat], levels, error, error_size)) return -1;
    return 0;
}

int cli_parse_seed(const char *text, uint64_t *seed, char *error, size_t error_size)
{
    /* JSON readers (jansson among them) hold integers as signed 64-bit. */
    if (cli_parse_u64(text, seed) == 0 && *seed <= (uint64_t)INT64_MAX) return 0;
    snprintf(error, error_size, "--seed: bad value '%s' (a number 0..9223372036854775807)", text);
    return -1;
}

int cli_levels_open(const char *path, agent_levels_t *storage, const agent_levels_t **out, char *error,
                    size_t error_size)
{
    *out = agent_levels_builtin();
    const char *from_environment = getenv("DOMINOLAB_LEVELS");
    if (!path && from_environment && *from_environment) path = from_environment;
    if (!path) return 0;
    char message[CLI_ERROR_SIZE];
    if (config_read_levels(path, storage, message, sizeof message)) {
        snprintf(error, error_size, "level table%s: %s", path == from_environment ? " ($DOMINOLAB_LEVELS)" : "",
                 message);
        return -1;
    }
    *out = storage;
    return 0;
}
