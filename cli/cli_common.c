/* cli_common.c - argument handling shared by the subcommands. */
#include "cli.h"

#include "agent.h"
#include "config.h"
#include "games.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A rules file: [game] with game and preset, [options] with key = value each. */
typedef struct rules_file {
    config_file_t file;
    const char *game, *preset;
    char item[CLI_MAX_OVERRIDES][CLI_ITEM_MAX];
    int line[CLI_MAX_OVERRIDES];
    int count;
} rules_file_t;

static int read_rules(const char *path, rules_file_t *rules, char *error, size_t error_size)
{
    static const char *const sections[] = {"game", "options", NULL};
    memset(rules, 0, sizeof *rules);
    if (config_read(path, &rules->file, error, error_size) ||
        config_check_sections(&rules->file, sections, error, error_size))
        return -1;
    for (int e = 0; e < rules->file.count; e++) {
        const config_entry_t *entry = &rules->file.entries[e];
        if (!strcmp(entry->section, "game")) {
            if (!strcmp(entry->key, "game")) rules->game = entry->value;
            else if (!strcmp(entry->key, "preset")) rules->preset = entry->value;
            else {
                config_entry_error(&rules->file, entry, error, error_size, "unknown in [game] (keys: game preset; the "
                                   "number of players is given with --players)");
                return -1;
            }
        } else if (rules->count == CLI_MAX_OVERRIDES) {
            config_entry_error(&rules->file, entry, error, error_size, "more than %d options", CLI_MAX_OVERRIDES);
            return -1;
        } else {
            snprintf(rules->item[rules->count], CLI_ITEM_MAX, "%s=%s", entry->key, entry->value);
            rules->line[rules->count++] = entry->line;
        }
    }
    if (!rules->game) {
        snprintf(error, error_size, "%s: [game] needs game = NAME", path);
        return -1;
    }
    return 0;
}

/* Where the game, preset and first overrides come from: the arguments, or a rules file under
 * them (an argument that names another game or preset than the file is an error). */
static int resolve_rules(const cli_game_args_t *args, rules_file_t *rules, const char **game, const char **preset,
                         char *error, size_t error_size)
{
    *game = args->game_name;
    *preset = args->preset;
    if (!args->rules) return 0;
    if (read_rules(args->rules, rules, error, error_size)) return -1;
    if ((*game && strcmp(*game, rules->game)) || (*preset && rules->preset && strcmp(*preset, rules->preset))) {
        snprintf(error, error_size, "--rules %s is a file for %s %s, but the command asks for %s %s", args->rules,
                 rules->game, rules->preset ? rules->preset : "", *game ? *game : rules->game, *preset ? *preset : "");
        return -1;
    }
    *game = rules->game;
    if (!*preset) *preset = rules->preset;
    return 0;
}

/* The overrides (the rules file's, the options, then players=N) as a NULL-ended array. */
static int collect_overrides(const cli_game_args_t *args, const rules_file_t *rules, const char **overrides,
                             char *players_text, size_t size)
{
    int count = 0;
    for (int k = 0; rules && k < rules->count; k++) overrides[count++] = rules->item[k];
    for (int k = 0; k < args->options.count; k++) overrides[count++] = args->options.item[k];
    if (args->players > 0) { /* --players wins last */
        snprintf(players_text, size, "players=%d", args->players);
        overrides[count++] = players_text;
    }
    overrides[count] = NULL;
    return count;
}

/* The game's preset name as the game spells it (a pointer that outlives the rules file). */
static const char *preset_name(const game_t *game, const char *preset)
{
    for (int k = 0; k < game->preset_count; k++)
        if (!strcmp(game->presets[k].name, preset)) return game->presets[k].name;
    return NULL;
}

int cli_game_open(const cli_game_args_t *args, cli_game_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    rules_file_t *rules = calloc(1, sizeof *rules);
    if (!rules) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *name, *preset;
    int status = resolve_rules(args, rules, &name, &preset, error, error_size);
    if (status == 0) {
        out->game = find_game(name ? name : "bergen", error, error_size);
        if (!out->game) status = -1;
    }
    if (status == 0) {
        const char *overrides[2 * CLI_MAX_OVERRIDES + 2];
        char players_text[32];
        int count = collect_overrides(args, rules, overrides, players_text, sizeof players_text);
        out->preset = preset ? preset_name(out->game, preset) : out->game->presets[0].name;
        if (!out->preset) out->preset = preset; /* unknown: game_configure names it */
        if (game_configure(out->game, out->preset, overrides, count, &out->values, error, error_size) ||
            out->game->rules_create(&out->values, &out->rules, error, error_size))
            status = -1;
        else out->seats = out->game->seat_count(out->rules);
    }
    config_free(&rules->file);
    free(rules);
    return status;
}

int cli_game_open_from(const cli_command_spec_t *spec, const void *args, const cli_game_args_t *game_args,
                       cli_game_t *out, char *error, size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    if (!cli_game_open(game_args, out, message, sizeof message)) return 0;
    cli_game_close(out);
    /* Find the argument to blame: the rules file, the game name, the preset, one rule
     * option, or players. */
    rules_file_t *rules = calloc(1, sizeof *rules);
    if (!rules) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *name, *preset;
    int status = resolve_rules(game_args, rules, &name, &preset, message, sizeof message);
    if (status) cli_option_error(spec, args, "rules", -1, error, error_size, "%s", message);
    const game_t *game = status ? NULL : find_game(name ? name : "bergen", message, sizeof message);
    if (!status && !game) {
        cli_option_error(spec, args, "game", -1, error, error_size, "%s", message);
        status = -1;
    }
    if (!status && !preset) preset = game->presets[0].name;
    option_values_t values;
    if (!status && game_configure(game, preset, NULL, 0, &values, message, sizeof message)) {
        cli_option_error(spec, args, "preset", -1, error, error_size, "%s", message);
        status = -1;
    }
    for (int k = 0; !status && k < rules->count; k++) {
        const char *one[] = {rules->item[k]};
        if (game_configure(game, preset, one, 1, &values, message, sizeof message)) {
            snprintf(error, error_size, "%s:%d: %s", game_args->rules, rules->line[k], message);
            status = -1;
        }
    }
    config_free(&rules->file);
    free(rules);
    if (status) return -1;
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

int cli_split_agents(char *text, const char **specs, int seats, bool cycle, const agent_levels_t *levels, char *error,
                     size_t error_size)
{
    char *items[GAME_MAX_SEATS];
    int count = cli_split_list(text, items, GAME_MAX_SEATS);
    if (count < 0) {
        snprintf(error, error_size, "more than %d agent specs", GAME_MAX_SEATS);
        return -1;
    }
    for (int k = 0; k < count; k++) specs[k] = items[k];
    if (count == 0) {
        snprintf(error, error_size, "no agent given");
        return -1;
    }
    bool fits = count == 1 || count == seats || (cycle && count < seats && seats % count == 0);
    if (!fits) {
        snprintf(error, error_size, "%d agent specs for %d players (give one per seat%s, or one for all)",
                 count, seats, cycle ? ", a list that repeats evenly over the seats" : "");
        return -1;
    }
    for (int seat = count; seat < seats; seat++) specs[seat] = specs[seat % count];
    for (int seat = 0; seat < seats; seat++)
        if (agent_spec_check(specs[seat], levels, error, error_size)) return -1;
    return 0;
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

void cli_append_word(char *out, size_t size, const char *word)
{
    size_t used = strlen(out);
    bool plain = *word && !strpbrk(word, " \t\n'\"$`\\;&|<>*?()[]{}#~!");
    if (plain) {
        if (used < size) snprintf(out + used, size - used, " %s", word);
        return;
    }
    /* '...' keeps everything but ' itself, which is written '\'' */
    if (used + 2 < size) {
        out[used++] = ' ';
        out[used++] = '\'';
    }
    for (const char *c = word; *c && used + 5 < size; c++) {
        if (*c == '\'') {
            memcpy(out + used, "'\\''", 4);
            used += 4;
        } else {
            out[used++] = *c;
        }
    }
    if (used + 1 < size) out[used++] = '\'';
    out[used < size ? used : size - 1] = '\0';
}
