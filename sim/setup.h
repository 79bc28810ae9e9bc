/* setup.h - a run's game and agents, set up from their names: the game opened from its
 * name, preset and rule options; agent specs seated; a level table checked against the game
 * it serves; every bot readied before anything is played. What the command line, a study
 * and the library share before they hand a run to the simulator; nothing here reads
 * arguments or files (the command line resolves a rules file and a level table's file).
 */
#ifndef DOMINOLAB_SETUP_H
#define DOMINOLAB_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "agent.h"
#include "game.h"
#include "plot.h"
#include "rundir.h"

enum { SETUP_AGENT_NAME_MAX = 64 }; /* a bot's hello name */

typedef struct setup_game {
    const game_t *game;
    option_values_t values;
    game_rules_t *rules;
    const char *preset;
    int seats;
} setup_game_t;

/* The game named `name`, or NULL with a message listing the games. */
const game_t *setup_find_game(const char *name, char *error, size_t error_size);
/* Game `name` (NULL: bergen), preset `preset` (NULL: the game's first) with `count` rule
 * options "key=value" over it (players=N among them), its rules created. 0, or -1 with a
 * message (nothing to close). */
int setup_game_open(const char *name, const char *preset, const char *const *overrides, int count,
                    setup_game_t *out, char *error, size_t error_size);
void setup_game_close(setup_game_t *game);

/* Names a plot session's subject (plot_subject) from what run.json or study.json says: the
 * preset only when it is not the game's default (its first). */
void setup_plot_subject(plot_session_t *session, const char *game, const char *preset, int players, bool matches);

/* specs[0..count) given for `seats` seats, filled out to one per seat: one spec serves every
 * seat; with `cycle`, a shorter list repeats evenly ("A,B" for 4 seats: A,B,A,B), and two
 * agents over an odd number of seats are seated A,B,...,A,B,B (the simulator then also plays
 * them swapped). Each spec is checked against `levels` (NULL: the built-in table); `human`
 * is refused unless `people` (only `play` seats a person). 0, or -1 with a message. */
int setup_seat_agents(const char **specs, int count, int seats, bool cycle, bool people,
                      const agent_levels_t *levels, char *error, size_t error_size);
/* The plays of a deal block when two agents ("A,B") share `seats` in duplicate. */
int setup_pair_plays(int seats, int sides);
/* Whether every one of `count` agent specs plays without randomness in `game` (so a replay
 * of a deal would repeat its game). 0, or -1 with a message. */
int setup_agents_deterministic(const char *const *specs, int count, const agent_levels_t *levels,
                               const setup_game_t *game, bool *all, char *error, size_t error_size);

/* A run's study from its game, level table and one agent spec per seat (`given`: how many
 * were given before seating; names[seat]: the name its agent gave itself, or ""; both must
 * outlive the study): the agents (each distinct spec once, in seat order) and their
 * seatings, the game's preset and values. With `duplicate` each unit is played once per
 * rotation (two agents over an odd count of seats also swapped), with `replays` R > 0
 * times in the same seats, else once. The caller sets the units, seed, threads and files. */
void setup_sim_study(sim_study_t *study, const setup_game_t *game, const agent_levels_t *levels,
                     const char *const *seat_specs, int given, const char (*names)[SETUP_AGENT_NAME_MAX],
                     bool duplicate, int replays);

/* Whether `levels` may serve level:N in `game` (the policy of docs/agents.md, "Level tables
 * and games"), once specs[0..count) are known; nothing to say unless one of them is a level.
 * A table file measured for another game is refused: -1 with a message naming the file and
 * both games. Otherwise 0, and `note` holds one line for stderr ("" when the table was
 * measured for these very rules): the built-in table, or a file, measured for other rules
 * or another number of players, or a file that does not say what it was measured for. */
int setup_levels_fit(const agent_levels_t *levels, const setup_game_t *game, const char *const *specs, int count,
                     char *note, size_t note_size, char *error, size_t error_size);
/* Readies each agent of specs[0..count) once (agent_prepare): an outside bot must start
 * and complete its handshake, so that one that cannot is an error before anything is
 * played or written. NULL specs and people are skipped. names, when not NULL, gets the name
 * each agent gives itself (a bot's hello), or "". 0, or -1 with a message. */
int setup_agents_ready(const agent_levels_t *levels, const setup_game_t *game, const char *const *specs, int count,
                       char (*names)[SETUP_AGENT_NAME_MAX], char *error, size_t error_size);
/* What the table was measured for: "2-player bergen (preset bergen)", options set over the
 * preset after a ';', or "a game it does not record". */
void setup_levels_measured_for(const agent_levels_t *levels, char *out, size_t size);
/* The rule options of `values` that differ from `preset`'s, as "key=value" in the game's
 * order (players left out): their count. */
int setup_rules_over_preset(const game_t *game, const char *preset, const option_values_t *values,
                            char (*out)[2 * AGENT_LEVEL_NAME_MAX], int max);

#endif
