/* cli_rules.c - `dominolab rules`: games, presets and every option. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "games.h"

static void rules_usage(FILE *out)
{
    fprintf(out, "usage: dominolab rules [--game G] [--preset P] [--ini]\n\n"
                 "Lists every game with its presets and all rule options: key, value, allowed values and\n"
                 "meaning. With --game, only that game; with --preset, the VALUE column shows that preset's\n"
                 "values instead of the defaults. Rule numbers refer to docs/rules/.\n"
                 "--ini (with --game and --preset) prints the preset as a rules file instead: every option\n"
                 "written out and commented, to copy, edit and give to the commands as --rules FILE (or\n"
                 "rules = FILE in an experiment's [game]); configs/presets/ holds one per preset.\n");
}

static int print_game(const game_t *game, const char *preset, char *error, size_t error_size)
{
    option_values_t values;
    if (game_configure(game, preset, NULL, 0, &values, error, error_size)) return -1;
    printf("%s - %s\n  presets:\n", game->name, game->help);
    for (int k = 0; k < game->preset_count; k++)
        printf("    %-18s %s\n", game->presets[k].name, game->presets[k].help);
    printf("  options (%s %s):\n", preset ? "values of preset" : "defaults; presets override them, see --preset",
           preset ? preset : "");
    printf("    %-26s %-18s %-46s %s\n", "KEY", "VALUE", "ALLOWED", "MEANING");
    for (int k = 0; k < game->option_count; k++) {
        char value[OPTIONS_ERROR_SIZE], allowed[160];
        options_format_value(game->options, k, &values, value, sizeof value);
        options_describe_allowed(&game->options[k], allowed, sizeof allowed);
        printf("    %-26s %-18s %-46s %s\n", game->options[k].key, value, allowed, game->options[k].help);
    }
    return 0;
}

/* The preset as a rules file (cli_game_open reads it back with --rules). */
static int print_ini(const game_t *game, const char *preset, char *error, size_t error_size)
{
    option_values_t values;
    if (game_configure(game, preset, NULL, 0, &values, error, error_size)) return -1;
    const char *help = "";
    for (int k = 0; k < game->preset_count; k++)
        if (!strcmp(game->presets[k].name, preset)) help = game->presets[k].help;
    printf("; Rules file: preset %s of %s, every option written out.\n"
           "; %s\n"
           "; Made by: dominolab rules --game %s --preset %s --ini\n"
           "; Copy it, change what you want, and give it to any command as --rules FILE (or\n"
           "; rules = FILE in an experiment's [game] section). The number of players is not here:\n"
           "; give it with --players (or players = N in [game]).\n"
           "; Rule numbers (R.., A.., DB R..) refer to docs/rules/.\n\n"
           "[game]\ngame = %s\npreset = %s\n\n[options]",
           preset, game->name, help, game->name, preset, game->name, preset);
    for (int k = 0; k < game->option_count; k++) {
        const option_spec_t *option = &game->options[k];
        if (!strcmp(option->key, "players")) continue;
        char value[OPTIONS_ERROR_SIZE], allowed[160];
        options_format_value(game->options, k, &values, value, sizeof value);
        options_describe_allowed(option, allowed, sizeof allowed);
        printf("\n; %s\n; allowed: %s; default %s\n%s = %s\n", option->help, allowed, option->default_value,
               option->key, value);
    }
    return 0;
}

int cli_rules(int argc, char **argv)
{
    const char *game_name = NULL, *preset = NULL;
    bool ini = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            rules_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--ini")) {
            ini = true;
            continue;
        }
        if (!strcmp(argv[i], "--game") || !strcmp(argv[i], "--preset")) {
            if (i + 1 == argc) {
                fprintf(stderr, "dominolab rules: %s needs a value\n", argv[i]);
                return 2;
            }
            *(argv[i][2] == 'g' ? &game_name : &preset) = argv[i + 1];
            i++;
            continue;
        }
        static const char *const names[] = {"game", "preset", "ini", "help"};
        char error[CLI_ERROR_SIZE];
        cli_unknown_argument("rules", argv[i], names, 4, error, sizeof error);
        fprintf(stderr, "dominolab rules: %s\n", error);
        return 2;
    }
    char error[CLI_ERROR_SIZE];
    if (ini) {
        const game_t *game = game_name ? game_find(game_name) : NULL;
        if (!game || !preset) {
            fprintf(stderr, "dominolab rules: --ini needs --game (a known game) and --preset\n");
            return 2;
        }
        if (print_ini(game, preset, error, sizeof error)) {
            fprintf(stderr, "dominolab rules: %s\n", error);
            return 2;
        }
        return 0;
    }
    int count;
    const game_t *const *games = game_list(&count);
    int shown = 0;
    for (int k = 0; k < count; k++) {
        if (game_name && strcmp(game_name, games[k]->name)) continue;
        if (preset && !game_name) { /* show the game the preset belongs to */
            int found = 0;
            for (int p = 0; p < games[k]->preset_count; p++) found |= !strcmp(games[k]->presets[p].name, preset);
            if (!found) continue;
        }
        if (shown++) printf("\n");
        if (print_game(games[k], preset, error, sizeof error)) {
            fprintf(stderr, "dominolab rules: %s\n", error);
            return 2;
        }
    }
    if (!shown) {
        fprintf(stderr, "dominolab rules: no game %s%s%s\n", game_name ? game_name : "",
                game_name && preset ? " with preset " : preset ? "has preset " : "", preset ? preset : "");
        return 2;
    }
    return 0;
}
