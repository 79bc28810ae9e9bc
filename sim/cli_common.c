/* cli_common.c - argument handling shared by the subcommands. */
#include "cli.h"

#include "agent.h"

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
        if (cli_parse_u64(value, &players) || players > 1000) {
            snprintf(error, error_size, "--players: bad value '%s' (a number of seats)", value);
            return -1;
        }
        snprintf(args->players_override, sizeof args->players_override, "players=%s", value);
    } else {
        if (args->override_count >= CLI_MAX_OVERRIDES) {
            snprintf(error, error_size, "too many --option arguments (at most %d)", CLI_MAX_OVERRIDES);
            return -1;
        }
        args->overrides[args->override_count++] = value;
    }
    return 1;
}

int cli_game_open(const cli_game_args_t *args, cli_game_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    const char *name = args->game_name ? args->game_name : "bergen";
    out->game = game_find(name);
    if (!out->game) {
        int count;
        const game_t *const *games = game_list(&count);
        size_t used = (size_t)snprintf(error, error_size, "unknown game '%s' (games:", name);
        for (int k = 0; k < count && used < error_size; k++)
            used += (size_t)snprintf(error + used, error_size - used, " %s", games[k]->name);
        if (used < error_size) snprintf(error + used, error_size - used, ")");
        return -1;
    }
    const char *overrides[CLI_MAX_OVERRIDES + 1];
    int count = 0;
    for (int k = 0; k < args->override_count; k++) overrides[count++] = args->overrides[k];
    if (args->players_override[0]) overrides[count++] = args->players_override; /* --players wins last */
    out->preset = args->preset ? args->preset : out->game->presets[0].name;
    if (game_configure(out->game, out->preset, overrides, count, &out->values, error, error_size)) return -1;
    if (out->game->rules_create(&out->values, &out->rules, error, error_size)) return -1;
    out->seats = out->game->seat_count(out->rules);
    return 0;
}

void cli_game_close(cli_game_t *game)
{
    if (game->game && game->rules) game->game->rules_destroy(game->rules);
    game->rules = NULL;
}

/* Agent specs hold commas only inside their parameters ("pimc:samples=64,rollout=greedy"),
 * so a part that looks like "key=value" without a ':' continues the previous spec. */
int cli_split_agents(char *text, const char **specs, int seats, bool cycle, char *error, size_t error_size)
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
        if (agent_spec_check(specs[seat], error, error_size)) return -1;
    return 0;
}

int cli_parse_seed(const char *text, uint64_t *seed, char *error, size_t error_size)
{
    /* JSON readers (jansson among them) hold integers as signed 64-bit. */
    if (cli_parse_u64(text, seed) == 0 && *seed <= (uint64_t)INT64_MAX) return 0;
    snprintf(error, error_size, "--seed: bad value '%s' (a number 0..9223372036854775807)", text);
    return -1;
}
