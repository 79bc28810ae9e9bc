/* cli.h - the argument handling the commands share: the game arguments and the rules they
 * make, agent lists, level table files, errors that name the argument. The commands
 * themselves are listed in commands.h.
 */
#ifndef DOMINOLAB_CLI_H
#define DOMINOLAB_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "agent.h"
#include "cli_options.h"
#include "game.h"
#include "plot.h"
#include "progress.h"
#include "setup.h"
#include "sim.h"

enum { CLI_MAX_OVERRIDES = CLI_LIST_MAX, CLI_ERROR_SIZE = 1024, CLI_MAX_PLAYERS = 1000 };

/* --game, --preset, --rules FILE, --option key=value (repeatable), --players N */
typedef struct cli_game_args {
    const char *game_name;
    const char *preset;
    const char *rules;  /* a rules file (dominolab rules --ini): game, preset and options */
    cli_list_t options; /* "key=value" over the preset (and the rules file), in order */
    int players;        /* 0: the preset's */
} cli_game_args_t;

/* The entries of the game arguments in an option table, for a struct holding a
 * cli_game_args_t in field FIELD. */
#define CLI_GAME_OPTIONS(TYPE, FIELD)                                                                                \
    {"game", "game", CLI_TEXT, CLI_AT(TYPE, FIELD.game_name), 0, 0, NULL, "G", "game (default bergen; see dominolab rules)"}, \
    {"preset", "game", CLI_TEXT, CLI_AT(TYPE, FIELD.preset), 0, 0, NULL, "P", "preset (default: the game's first)"},      \
    {"rules", "game", CLI_TEXT, CLI_AT(TYPE, FIELD.rules), 0, 0, NULL, "FILE",                                         \
     "a rules file (configs/presets/, dominolab rules --ini): its game, preset and options, under --option"},        \
    {"players", "game", CLI_INT, CLI_AT(TYPE, FIELD.players), 1, CLI_MAX_PLAYERS, NULL, "N",                         \
     "number of players (Partnership and Bingo allow one count and need none)"},                                     \
    {"option", "options", CLI_PAIRS, CLI_AT(TYPE, FIELD.options), 0, 0, NULL, "KEY=VALUE",                           \
     "a rule option over the preset (repeatable; in a file: the [options] section)"}


/* The level table's entries of an option table, for a `const char *` field FIELD of TYPE:
 * --levels FILE, and --level-table FILE for the same field (one of them, once; calibrate,
 * whose --levels is a number, takes CLI_LEVEL_TABLE_OPTION alone). */
#define CLI_LEVELS_OPTION(TYPE, FIELD)                                                                              \
    {"levels", "agents", CLI_TEXT, CLI_AT(TYPE, FIELD), 0, 0, NULL, "FILE",                                         \
     "the level table behind level:N (default $DOMINOLAB_LEVELS, else built in)"},                                   \
    {"level-table", "agents", CLI_TEXT, CLI_AT(TYPE, FIELD), 0, 0, NULL, "FILE", "the same as --levels FILE"}
#define CLI_LEVEL_TABLE_OPTION(TYPE, FIELD, HELP)                                                                  \
    {"level-table", "agents", CLI_TEXT, CLI_AT(TYPE, FIELD), 0, 0, NULL, "FILE", HELP}
/* The name under which the command's level table was given: level-table or levels. */
const char *cli_level_table_name(const cli_command_spec_t *spec, const void *args);

/* The number of seats of a game that allows only one (Partnership 4, Bingo 2), else 0 (a
 * bad game or rules file too: opening the game reports it), or -1 out of memory. Such a
 * game needs no --players. */
int cli_game_only_players(const cli_game_args_t *args, char *error, size_t error_size);
/* Resolves game, preset and overrides and creates the rules. Returns 0 or -1. */
int cli_game_open(const cli_game_args_t *args, setup_game_t *out, char *error, size_t error_size);
/* The rule options the game arguments give over the preset, in the order they apply (a
 * rules file's, then --option's; players apart) into out[0..max): their count, or -1 with a
 * message. */
int cli_game_overrides(const cli_game_args_t *args, char (*out)[CLI_ITEM_MAX], int max, char *error,
                       size_t error_size);
/* cli_game_open for arguments read through an option table: a bad rule option is reported
 * where it came from (--option, or FILE:LINE of the [options] entry). */
int cli_game_open_from(const cli_command_spec_t *spec, const void *args, const cli_game_args_t *game_args,
                       setup_game_t *out, char *error, size_t error_size);
/* Splits "A,B,..." (modified in place, as cli_split_list) into one spec per seat: one spec serves every seat;
 * with `cycle`, a shorter list repeats evenly ("A,B" for 4 seats: A,B,A,B). Checks each spec
 * against `levels` (NULL: the built-in table). */
int cli_split_agents(char *text, const char **specs, int seats, bool cycle, const agent_levels_t *levels, char *error,
                     size_t error_size);
/* The same, telling how many specs were given. With `cycle`, two agents over an odd number
 * of seats are accepted as A,B,...,A,B,B (the simulator then also plays them swapped).
 * `human` is refused unless `people` (only `play` seats a person). */
int cli_split_agent_list(char *text, const char **specs, int seats, bool cycle, bool people,
                         const agent_levels_t *levels, int *given, char *error, size_t error_size);
/* The level table in force: the file `path` if given, else $DOMINOLAB_LEVELS if set, else
 * the built-in table. `storage` holds a table read from a file; *out points to the table. */
int cli_levels_open(const char *path, const game_t *game, agent_levels_t *storage, const agent_levels_t **out,
                    char *error,
                    size_t error_size);
/* Room for `needed` items of `size` bytes in *items, growing *capacity by doubling (from
 * 1024 items). 0, or -1 out of memory (*items left as it was). */
int cli_reserve(void **items, size_t *capacity, size_t needed, size_t size);
/* Appends " WORD" to the NUL-terminated command in out, quoted for a POSIX shell when it
 * holds anything a shell would read otherwise (a blank, a quote, $, *, ...). */
void cli_append_word(char *out, size_t size, const char *word);

#endif
