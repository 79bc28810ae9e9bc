/* cli_common.c - argument handling shared by the subcommands. */
#include "cli.h"

#include "agent.h"
#include "config.h"
#include "games.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int cli_game_only_players(const cli_game_args_t *args, char *error, size_t error_size)
{
    rules_file_t *rules = calloc(1, sizeof *rules);
    if (!rules) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *name, *preset;
    char unread[CLI_ERROR_SIZE]; /* a bad rules file is reported where the game is opened */
    int only = 0;
    if (!resolve_rules(args, rules, &name, &preset, unread, sizeof unread)) {
        const game_t *game = game_find(name ? name : "bergen");
        int index = game ? options_find(game->options, game->option_count, "players") : -1;
        if (index >= 0 && game->options[index].min == game->options[index].max) only = game->options[index].min;
    }
    config_free(&rules->file);
    free(rules);
    return only;
}

int cli_game_open(const cli_game_args_t *args, setup_game_t *out, char *error, size_t error_size)
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
        const char *overrides[2 * CLI_MAX_OVERRIDES + 2];
        char players_text[32];
        int count = collect_overrides(args, rules, overrides, players_text, sizeof players_text);
        status = setup_game_open(name, preset, overrides, count, out, error, error_size);
    }
    config_free(&rules->file);
    free(rules);
    return status;
}

int cli_game_overrides(const cli_game_args_t *args, char (*out)[CLI_ITEM_MAX], int max, char *error,
                       size_t error_size)
{
    rules_file_t *rules = calloc(1, sizeof *rules);
    if (!rules) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    const char *name, *preset, *overrides[2 * CLI_MAX_OVERRIDES + 2];
    char players_text[32];
    int count = resolve_rules(args, rules, &name, &preset, error, error_size)
                    ? -1
                    : collect_overrides(args, rules, overrides, players_text, sizeof players_text) - (args->players > 0);
    if (count > max) {
        snprintf(error, error_size, "more than %d rule options", max);
        count = -1;
    }
    for (int k = 0; k < count; k++) snprintf(out[k], CLI_ITEM_MAX, "%s", overrides[k]); /* players apart */
    config_free(&rules->file);
    free(rules);
    return count;
}

int cli_game_open_from(const cli_command_spec_t *spec, const void *args, const cli_game_args_t *game_args,
                       setup_game_t *out, char *error, size_t error_size)
{
    char message[CLI_ERROR_SIZE];
    if (!cli_game_open(game_args, out, message, sizeof message)) return 0;
    setup_game_close(out);
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
    const game_t *game = status ? NULL : setup_find_game(name ? name : "bergen", message, sizeof message);
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
        setup_game_close(out);
        const char *blame = game_args->players > 0 ? "players" : game_args->options.count ? "option" : "preset";
        cli_option_error(spec, args, blame, blame[0] == 'o' ? game_args->options.count - 1 : -1, error, error_size,
                         "%s", message);
        return -1;
    }
    return 0;
}

int cli_split_agent_list(char *text, const char **specs, int seats, bool cycle, bool people,
                         const agent_levels_t *levels, int *given, char *error, size_t error_size)
{
    char *items[GAME_MAX_SEATS];
    int count = cli_split_list(text, items, GAME_MAX_SEATS);
    if (count < 0) {
        snprintf(error, error_size, "more than %d agent specs", GAME_MAX_SEATS);
        return -1;
    }
    for (int k = 0; k < count; k++) specs[k] = items[k];
    if (setup_seat_agents(specs, count, seats, cycle, people, levels, error, error_size)) return -1;
    if (given) *given = count;
    return 0;
}

int cli_split_agents(char *text, const char **specs, int seats, bool cycle, const agent_levels_t *levels, char *error,
                     size_t error_size)
{
    return cli_split_agent_list(text, specs, seats, cycle, false, levels, NULL, error, error_size);
}

int cli_levels_open(const char *path, const game_t *game, agent_levels_t *storage, const agent_levels_t **out,
                    char *error, size_t error_size)
{
    *out = agent_levels_builtin_for(game ? game->name : NULL);
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

const char *cli_level_table_name(const cli_command_spec_t *spec, const void *args)
{
    int levels = cli_option_index(spec, "levels");
    bool levels_is_table = levels >= 0 && spec->options[levels].kind == CLI_TEXT;
    return levels_is_table && !cli_given(spec, args, "level-table") ? "levels" : "level-table";
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

int cli_reserve(void **items, size_t *capacity, size_t needed, size_t size)
{
    if (needed <= *capacity) return 0;
    size_t grown = *capacity ? *capacity : 1024;
    while (grown < needed) grown *= 2;
    void *bigger = realloc(*items, grown * size);
    if (!bigger) return -1;
    *items = bigger;
    *capacity = grown;
    return 0;
}
