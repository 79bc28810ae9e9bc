/* setup.c - a run's game and agents, set up from their names (setup.h). */
#include "setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games.h"
#include "sim.h"

const game_t *setup_find_game(const char *name, char *error, size_t error_size)
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

/* The game's preset name as the game spells it (a pointer that outlives the rules file). */
static const char *preset_name(const game_t *game, const char *preset)
{
    for (int k = 0; k < game->preset_count; k++)
        if (!strcmp(game->presets[k].name, preset)) return game->presets[k].name;
    return NULL;
}

int setup_game_open(const char *name, const char *preset, const char *const *overrides, int count,
                    setup_game_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    out->game = setup_find_game(name ? name : "bergen", error, error_size);
    if (!out->game) return -1;
    out->preset = preset ? preset_name(out->game, preset) : out->game->presets[0].name;
    if (!out->preset) out->preset = preset; /* unknown: game_configure names it */
    if (game_configure(out->game, out->preset, overrides, count, &out->values, error, error_size) ||
        out->game->rules_create(&out->values, &out->rules, error, error_size)) {
        out->rules = NULL;
        return -1;
    }
    out->seats = out->game->seat_count(out->rules);
    return 0;
}

void setup_game_close(setup_game_t *game)
{
    if (game->game && game->rules) game->game->rules_destroy(game->rules);
    game->rules = NULL;
}

void setup_plot_subject(plot_session_t *session, const char *game, const char *preset, int players, bool matches)
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

int setup_seat_agents(const char **specs, int count, int seats, bool cycle, bool people,
                      const agent_levels_t *levels, char *error, size_t error_size)
{
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
    return 0;
}

void setup_sim_study(sim_study_t *study, const setup_game_t *game, const agent_levels_t *levels,
                     const char *const *seat_specs, int given, const char (*names)[SETUP_AGENT_NAME_MAX],
                     bool duplicate, int replays)
{
    sim_config_t *c = &study->config;
    memset(study, 0, sizeof *study);
    c->game = game->game;
    c->rules = game->rules;
    c->seats = game->seats;
    c->sides = c->game->side_count(c->rules);
    c->levels = levels;
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < c->seats; seat++) {
        int a = 0;
        while (a < c->agent_count && strcmp(c->agents[a], seat_specs[seat])) a++;
        if (a == c->agent_count) c->agents[c->agent_count++] = seat_specs[seat];
        agent_of_seat[seat] = a;
        study->seat_agents[seat] = seat_specs[seat];
        study->seat_names[seat] = names[seat][0] ? names[seat] : NULL;
        c->names[a] = study->seat_names[seat];
    }
    study->duplicate = duplicate && !replays;
    study->swap = study->duplicate && given == 2 && c->agent_count == 2 && c->seats % 2 == 1;
    sim_seatings(c, agent_of_seat, rundir_seating_scheme(study->duplicate, study->swap, replays), replays);
    study->preset = game->preset;
    study->values = &game->values;
    study->replays = replays;
}

int setup_pair_plays(int seats, int sides)
{
    /* "A,B" seated as setup_seat_agents seats it, and played as sim plays it in duplicate */
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < seats; seat++) agent_of_seat[seat] = pair_agent_at(seat, seats);
    sim_config_t config = {.seats = seats, .sides = sides};
    sim_seatings(&config, agent_of_seat, seats % 2 ? SIM_SEATING_ROTATE_SWAP : SIM_SEATING_ROTATE, 0);
    return config.rotations;
}

int setup_agents_deterministic(const char *const *specs, int count, const agent_levels_t *levels,
                               const setup_game_t *game, bool *all, char *error, size_t error_size)
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

int setup_rules_over_preset(const game_t *game, const char *preset, const option_values_t *values,
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

void setup_levels_measured_for(const agent_levels_t *levels, char *out, size_t size)
{
    if (!levels->game[0]) snprintf(out, size, "a game it does not record");
    else
        describe_rules(out, size, levels->game, levels->players, levels->preset,
                       (const char(*)[2 * AGENT_LEVEL_NAME_MAX])levels->option, levels->option_count);
}

/* Whether the table was measured for exactly these rules (its game named, configured again). */
static bool same_rules(const agent_levels_t *levels, const setup_game_t *game)
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

int setup_levels_fit(const agent_levels_t *levels, const setup_game_t *game, const char *const *specs, int count,
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
    setup_levels_measured_for(levels, measured, sizeof measured);
    int option_count = setup_rules_over_preset(game->game, game->preset, &game->values, options, OPTIONS_MAX);
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

int setup_agents_ready(const agent_levels_t *levels, const setup_game_t *game, const char *const *specs, int count,
                       char (*names)[SETUP_AGENT_NAME_MAX], char *error, size_t error_size)
{
    for (int k = 0; k < count; k++) {
        char name[SETUP_AGENT_NAME_MAX] = "";
        int before = 0; /* each spec once: a bot is started for the check and stopped */
        while (before < k && !(specs[before] && specs[k] && !strcmp(specs[before], specs[k]))) before++;
        if (before < k) {
            if (names) snprintf(names[k], SETUP_AGENT_NAME_MAX, "%s", names[before]);
            continue;
        }
        if (specs[k] && !agent_spec_is_human(specs[k])) {
            agent_t *agent = NULL;
            char message[1536];
            int failed =
                agent_create(specs[k], levels, game->game, game->rules, 0, 0, &agent, message, sizeof message) ||
                agent_prepare(agent, name, sizeof name, message, sizeof message);
            agent_destroy(agent);
            if (failed) {
                snprintf(error, error_size, "agent '%s' cannot play: %s", specs[k], message);
                return -1;
            }
        }
        if (names) snprintf(names[k], SETUP_AGENT_NAME_MAX, "%s", name);
    }
    return 0;
}

