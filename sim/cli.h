/* cli.h - the `dominolab` subcommands and the argument handling they share.
 * Exit statuses: 0 success, 1 a failure while running (I/O, a record that disagrees),
 * 2 bad input (unknown option or value, invalid combination, malformed file).
 */
#ifndef DOMINOLAB_CLI_H
#define DOMINOLAB_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

enum { CLI_MAX_OVERRIDES = 64, CLI_ERROR_SIZE = 512 };

/* --game, --preset, --option key=value (repeatable), --players N */
typedef struct cli_game_args {
    const char *game_name;
    const char *preset;
    const char *overrides[CLI_MAX_OVERRIDES + 1];
    int override_count;
    char players_override[32];
} cli_game_args_t;

typedef struct cli_game {
    const game_t *game;
    option_values_t values;
    game_rules_t *rules;
    const char *preset;
    int seats;
} cli_game_t;

/* Consumes argv[*i] (and its value) if it is one of the game arguments: returns 1, or 0 if
 * it is not one, or -1 with a message (a missing value). */
int cli_parse_game_arg(int argc, char **argv, int *i, cli_game_args_t *args, char *error, size_t error_size);
/* Resolves game, preset and overrides and creates the rules. Returns 0 or -1. */
int cli_game_open(const cli_game_args_t *args, cli_game_t *out, char *error, size_t error_size);
void cli_game_close(cli_game_t *game);
/* Splits "A,B,..." (modified in place) into one spec per seat: one spec serves every seat;
 * with `cycle`, a shorter list repeats evenly ("A,B" for 4 seats: A,B,A,B). Checks each spec. */
int cli_split_agents(char *text, const char **specs, int seats, bool cycle, char *error, size_t error_size);
/* Parses --seed: 0..2^63-1 (what records and run.json can hold). Returns 0, or -1 with a message. */
int cli_parse_seed(const char *text, uint64_t *seed, char *error, size_t error_size);
/* Parses a whole unsigned 64-bit number (decimal digits only). */
int cli_parse_u64(const char *text, uint64_t *out);

int cli_agents(int argc, char **argv);
int cli_rules(int argc, char **argv);
int cli_play(int argc, char **argv);
/* `dominolab replay FILE`: 0 agrees, 1 disagrees, 2 malformed (see replay.h). */
int cli_replay(int argc, char **argv);
int cli_sim(int argc, char **argv);
int cli_merge(int argc, char **argv);
int cli_bench(int argc, char **argv);

#endif
