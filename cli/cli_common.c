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

void cli_plot_subject(plot_session_t *session, const char *game, const char *preset, int players, bool matches)
{
    const game_t *known = game_find(game);
    bool usual = !preset || (known && known->preset_count > 0 && !strcmp(preset, known->presets[0].name));
    plot_subject(session, game, usual ? NULL : preset, players, matches);
}

/* Which of two agents, A (0) or B (1), "A,B" seats at `seat`: they alternate, and over an
 * odd number of seats the last seat is B's too (A,B,B; the simulator adds B,A,A). */
static int pair_agent_at(int seat, int seats)
{
    return seats % 2 == 1 && seat == seats - 1 ? 1 : seat % 2;
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
    if (count == 0) {
        snprintf(error, error_size, "no agent given");
        return -1;
    }
    bool two_over_odd = cycle && count == 2 && seats % 2 == 1;
    bool fits = count == 1 || count == seats || two_over_odd || (cycle && count < seats && seats % count == 0);
    if (!fits) {
        snprintf(error, error_size, "%d agent specs for %d players (give one per seat%s, or one for all)",
                 count, seats, cycle ? ", a list that repeats evenly over the seats, two agents" : "");
        return -1;
    }
    /* Two agents over an odd number of seats: A,B,...,A,B,B; the simulator adds the seatings
     * with the two swapped, so neither holds more seats over a deal block. */
    for (int seat = count; seat < seats; seat++)
        specs[seat] = specs[two_over_odd ? pair_agent_at(seat, seats) : seat % count];
    for (int seat = 0; seat < seats; seat++) {
        if (agent_spec_check(specs[seat], levels, error, error_size)) return -1;
        if (!people && agent_spec_is_human(specs[seat])) {
            snprintf(error, error_size, "'%s' seats a person: only dominolab play does (a study plays on many threads)",
                     specs[seat]);
            return -1;
        }
    }
    if (given) *given = count;
    return 0;
}

int cli_split_agents(char *text, const char **specs, int seats, bool cycle, const agent_levels_t *levels, char *error,
                     size_t error_size)
{
    return cli_split_agent_list(text, specs, seats, cycle, false, levels, NULL, error, error_size);
}

int cli_pair_plays(int seats, int sides)
{
    /* "A,B" seated as cli_split_agent_list seats it, and played as sim plays it in duplicate */
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < seats; seat++) agent_of_seat[seat] = pair_agent_at(seat, seats);
    sim_config_t config = {.seats = seats, .sides = sides};
    sim_seatings(&config, agent_of_seat, seats % 2 ? SIM_SEATING_ROTATE_SWAP : SIM_SEATING_ROTATE, 0);
    return config.rotations;
}

int cli_agents_deterministic(const char *const *specs, int count, const agent_levels_t *levels, const cli_game_t *game,
                             bool *all, char *error, size_t error_size)
{
    *all = true;
    for (int i = 0; i < count && *all; i++) {
        agent_t *agent = NULL;
        if (agent_create(specs[i], levels, game->game, game->rules, 0, 0, &agent, error, error_size)) return -1;
        *all = agent_is_deterministic(agent);
        agent_destroy(agent);
    }
    return 0;
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

int cli_rules_over_preset(const game_t *game, const char *preset, const option_values_t *values,
                          char (*out)[2 * AGENT_LEVEL_NAME_MAX], int max)
{
    option_values_t base;
    char message[OPTIONS_ERROR_SIZE];
    if (game_configure(game, preset, NULL, 0, &base, message, sizeof message)) return 0;
    int count = 0;
    for (int k = 0; k < game->option_count && count < max; k++) {
        const option_spec_t *option = &game->options[k];
        if (options_value_equal(game->options, k, values, &base) || !strcmp(option->key, "players")) continue;
        char text[OPTIONS_ERROR_SIZE];
        snprintf(out[count++], sizeof out[0], "%s=%s", option->key,
                 options_format_value(game->options, k, values, text, sizeof text));
    }
    return count;
}

/* "2-player bergen (preset bergen)", with the options over the preset after a ';'. */
static void describe_rules(char *out, size_t size, const char *game, int players, const char *preset,
                           const char (*options)[2 * AGENT_LEVEL_NAME_MAX], int option_count)
{
    size_t used = (size_t)snprintf(out, size, "%d-player %s (preset %s", players, game, preset);
    for (int k = 0; k < option_count && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", k ? ", " : "; ", options[k]);
    if (used < size) snprintf(out + used, size - used, ")");
}

void cli_levels_measured_for(const agent_levels_t *levels, char *out, size_t size)
{
    if (!levels->game[0]) snprintf(out, size, "a game it does not record");
    else
        describe_rules(out, size, levels->game, levels->players, levels->preset,
                       (const char(*)[2 * AGENT_LEVEL_NAME_MAX])levels->option, levels->option_count);
}

/* Whether the table was measured for exactly these rules (its game named, configured again). */
static bool same_rules(const agent_levels_t *levels, const cli_game_t *game)
{
    const char *overrides[OPTIONS_MAX + 1];
    char players[32];
    option_values_t values;
    char message[OPTIONS_ERROR_SIZE];
    for (int k = 0; k < levels->option_count; k++) overrides[k] = levels->option[k];
    snprintf(players, sizeof players, "players=%d", levels->players);
    overrides[levels->option_count] = players;
    if (game_configure(game->game, levels->preset, overrides, levels->option_count + 1, &values, message,
                       sizeof message))
        return false;
    for (int k = 0; k < game->game->option_count; k++)
        if (!options_value_equal(game->game->options, k, &values, &game->values)) return false;
    return true;
}

int cli_levels_fit(const agent_levels_t *levels, const cli_game_t *game, const char *const *specs, int count,
                   char *note, size_t note_size, char *error, size_t error_size)
{
    note[0] = '\0';
    bool used = false;
    for (int k = 0; k < count && !used; k++) used = specs[k] && agent_spec_is_level(specs[k]);
    if (!used) return 0;
    bool builtin = agent_levels_is_builtin(levels);
    char table[320];
    if (builtin) snprintf(table, sizeof table, "the built-in level table");
    else snprintf(table, sizeof table, "the level table %s", levels->source);
    if (!levels->game[0]) { /* a file from before tables recorded their game */
        snprintf(note, note_size, "level:N plays %s, which does not say what game it was measured for", table);
        return 0;
    }
    if (!strcmp(levels->game, game->game->name) && same_rules(levels, game)) return 0;
    char measured[1024], here[1024], options[OPTIONS_MAX][2 * AGENT_LEVEL_NAME_MAX];
    cli_levels_measured_for(levels, measured, sizeof measured);
    int option_count = cli_rules_over_preset(game->game, game->preset, &game->values, options, OPTIONS_MAX);
    describe_rules(here, sizeof here, game->game->name, game->seats, game->preset,
                   (const char(*)[2 * AGENT_LEVEL_NAME_MAX])options, option_count);
    if (!builtin && strcmp(levels->game, game->game->name)) {
        snprintf(error, error_size,
                 "level table %s was measured for %s, not for %s: give a table measured for %s (dominolab calibrate "
                 "--game %s writes one)",
                 levels->source, levels->game, game->game->name, game->game->name, game->game->name);
        return -1;
    }
    snprintf(note, note_size, "level:N plays %s, measured for %s, not for this %s%s", table, measured, here,
             builtin ? "; dominolab calibrate measures a table for it (--level-table FILE)" : "");
    return 0;
}

int cli_agents_ready(const agent_levels_t *levels, const cli_game_t *game, const char *const *specs, int count,
                     char (*names)[CLI_AGENT_NAME_MAX], char *error, size_t error_size)
{
    for (int k = 0; k < count; k++) {
        char name[CLI_AGENT_NAME_MAX] = "";
        int before = 0; /* each spec once: a bot is started for the check and stopped */
        while (before < k && !(specs[before] && specs[k] && !strcmp(specs[before], specs[k]))) before++;
        if (before < k) {
            if (names) snprintf(names[k], CLI_AGENT_NAME_MAX, "%s", names[before]);
            continue;
        }
        if (specs[k] && !agent_spec_is_human(specs[k])) {
            agent_t *agent = NULL;
            char message[1536];
            int failed = agent_create(specs[k], levels, game->game, game->rules, 0, 0, &agent, message, sizeof message) ||
                         agent_prepare(agent, name, sizeof name, message, sizeof message);
            agent_destroy(agent);
            if (failed) {
                snprintf(error, error_size, "agent '%s' cannot play: %s", specs[k], message);
                return -1;
            }
        }
        if (names) snprintf(names[k], CLI_AGENT_NAME_MAX, "%s", name);
    }
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
