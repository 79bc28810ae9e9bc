/* agent.h - players. An agent is made from a spec string "name[:key=value,...]", is given
 * the game state and the legal moves of its seat, and returns one of those moves.
 *
 * An agent learns about the deal only through the game interface: game->observe for its
 * seat, game->determinize for worlds consistent with what it saw, game->placement_points
 * and game->apply on a copy to see what its own move would score. The one exception is
 * `oracle`, a declared cheater that searches the true deal, used to measure the value of
 * hidden information. An agent's randomness comes from its own PCG stream, seeded by the
 * match, so a match is reproducible from its seed whatever thread plays it.
 */
#ifndef DOMINOLAB_AGENT_H
#define DOMINOLAB_AGENT_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct agent agent_t;

enum { AGENT_MAX_PARAMS = 16, AGENT_SPEC_MAX = 256 };

/* A text parameter (ext's cmd) takes the rest of its item, up to the next comma; its
 * value in agent->param is 0, and agent_param_text reads it back. */
typedef enum agent_param_type { AGENT_PARAM_INT, AGENT_PARAM_REAL, AGENT_PARAM_CHOICE, AGENT_PARAM_TEXT } agent_param_type_t;

typedef struct agent_param_spec {
    const char *key;
    agent_param_type_t type;
    double min, max;             /* allowed range (int and real) */
    const char *const *choices;  /* NULL-terminated (choice) */
    const char *default_value;   /* as the user would write it */
    const char *help;
} agent_param_spec_t;

typedef struct agent_info {
    const char *name;
    const char *help;
    const agent_param_spec_t *params;
    int param_count;
} agent_info_t;

/* Difficulty levels: level:n plays spec[n - AGENT_LEVEL_MIN] of a level table of `count`
 * levels (1 to AGENT_LEVEL_MAX; calibrate --levels N makes N). The built-in table is agents/level.c;
 * `dominolab calibrate` writes others to files (cli/config.h reads them). A table is a plain
 * value, made before any agent and never changed while one plays. It names the game it was
 * measured for, so that the command line can say when a table serves another game (the
 * policy is cli.h's: cli_levels_use); a table read from a file written before tables
 * recorded it leaves game empty. */
enum {
    AGENT_LEVEL_MIN = 1,
    AGENT_LEVEL_MAX = 10,
    AGENT_LEVEL_COUNT = AGENT_LEVEL_MAX - AGENT_LEVEL_MIN + 1, /* the most levels a table holds */
    AGENT_LEVEL_NAME_MAX = 64
};
typedef struct agent_levels {
    int count;
    char spec[AGENT_LEVEL_COUNT][AGENT_SPEC_MAX];
    char source[256]; /* "built in", or the file it was read from */
    /* what it was measured for: the game (empty: not recorded), its preset, the number of
     * players and the rule options set over the preset ("key=value", players left out) */
    char game[AGENT_LEVEL_NAME_MAX], preset[AGENT_LEVEL_NAME_MAX];
    int players;
    int option_count;
    char option[OPTIONS_MAX][2 * AGENT_LEVEL_NAME_MAX];
} agent_levels_t;
/* The built-in table: 2-player Bergen's (the default, and every game's without its own). */
const agent_levels_t *agent_levels_builtin(void);
/* The built-in table measured for `game_name` where there is one (Partnership), else
 * agent_levels_builtin(). */
const agent_levels_t *agent_levels_builtin_for(const char *game_name);
/* Whether `levels` is one of the built-in tables. */
bool agent_levels_is_builtin(const agent_levels_t *levels);
/* The spec level:n stands for (n clamped to the table's levels). */
const char *agent_level_spec(const agent_levels_t *levels, int level);
/* True for "level" and "level:..." specs. */
bool agent_spec_is_level(const char *spec);
/* Whether a spec seats a person (`human`): only `dominolab play` may. */
bool agent_spec_is_human(const char *spec);
/* The table holds 1 to AGENT_LEVEL_MAX levels, and every entry is a valid spec of an agent
 * that is not a level. Returns 0, or -1 naming the problem. */
int agent_levels_check(const agent_levels_t *levels, char *error, size_t error_size);

/* Every agent kind, in the order `dominolab agents` lists them. */
const agent_info_t *const *agent_list(int *count);
/* Checks a spec without making an agent; `levels` resolves level:n (NULL: the built-in
 * table, Bergen's). Returns 0, or -1 naming the bad part. */
int agent_spec_check(const char *spec, const agent_levels_t *levels, char *error, size_t error_size);
/* What a spec plays, as `dominolab agents --check` shows it. */
typedef struct agent_spec_view {
    int level;                        /* N of level:N, else 0 */
    char played[AGENT_SPEC_MAX];      /* the spec played: the level table's entry, or the spec */
    const agent_info_t *info;         /* its kind */
    /* every parameter of the kind, in its order: as written, or the default (a text as long as a
     * spec: a model's path) */
    char value[AGENT_MAX_PARAMS][AGENT_SPEC_MAX];
    bool given[AGENT_MAX_PARAMS];     /* written in the spec played (else the default) */
} agent_spec_view_t;
/* Checks a spec as agent_spec_check does and tells what it plays. Returns 0, or -1 naming the
 * bad part. */
int agent_spec_view(const char *spec, const agent_levels_t *levels, agent_spec_view_t *out, char *error,
                    size_t error_size);
/* Makes an agent for `seat`; its stream is derived from (seed, seat). `levels` as above. */
int agent_create(const char *spec, const agent_levels_t *levels, const game_t *game, const game_rules_t *rules,
                 int seat, uint64_t seed, agent_t **out, char *error, size_t error_size);
void agent_destroy(agent_t *agent);
/* Starts a new match: forgets per-match memory and reseeds the agent's stream, as a new
 * agent_create with this seed would (the simulator reuses agents across units). */
void agent_reset(agent_t *agent, uint64_t seed);
/* Picks one of moves[0..count-1] (count >= 1) for the seat to move in `state`. */
game_move_t agent_choose(agent_t *agent, const void *state, const game_move_t *moves, int count);
/* agent_choose that also says what the agent thinks of each move: values[i] of moves[i],
 * higher is better for its side, in the measure agent_value_measure names (NAN for a move
 * it did not value). The same move as agent_choose, with the same draws from its stream.
 * Returns false with values untouched for an agent that values no moves (random, ext), and
 * when there is a single move (agents are not asked then). */
bool agent_choose_valued(agent_t *agent, const void *state, const game_move_t *moves, int count, double *values,
                         game_move_t *chosen);
/* "points now", "heuristic value", "mean match standing", "mean reward", "policy logit" (net); NULL
 * for an agent that values no moves. */
const char *agent_value_measure(const agent_t *agent);
/* Whether those values are points, so that two moves' difference is a cost in points. */
bool agent_values_in_points(const agent_t *agent);
/* What went wrong with an agent outside dominolab (ext, docs/protocol.md) since the last
 * call: answers refused (malformed, or not a legal move's number), time-outs, and crashes
 * or closed pipes; each time, its fallback played the move. Zero for every built-in agent.
 * The simulator takes them after each match. */
typedef struct agent_faults {
    int illegal_moves, timeouts, crashes;
} agent_faults_t;
agent_faults_t agent_take_faults(agent_t *agent);
/* A flag that, once set, asks an agent waiting on something slow (an outside bot) to give
 * up its decision at once: whatever it then plays is never counted (the simulator drops
 * the batch it was in). The simulator passes one set by a second stop signal. NULL: none. */
void agent_set_abandon(agent_t *agent, volatile sig_atomic_t *flag);
/* Makes the agent ready to play now rather than at its first decision, so that an agent
 * that cannot play is an error before anything is played: an outside bot (ext) is started
 * and must complete its handshake. Writes the name the agent gives itself (a bot's hello),
 * or "" (size >= 1). Returns 0, or -1 with a message saying why it cannot play. */
int agent_prepare(agent_t *agent, char *name, size_t name_size, char *error, size_t error_size);
/* Whether the agent has lost the match by forfeit (ext with on_fault=forfeit, after a
 * fault): the caller ends the match, its side losing. Reset by agent_reset. */
bool agent_forfeited(const agent_t *agent);
/* Whether the agent keeps the public history (ext), and then every event of the match, as
 * it happens, with the state just after it: callers that play without events (the
 * simulator) produce them for such agents. */
bool agent_wants_events(const agent_t *agent);
void agent_notify(agent_t *agent, const void *state, const game_event_t *event);
/* Whether the agent learns from every move of the match (pimc and ismcts with
 * belief=policy), and then each move, any seat's, with the state just before it is
 * applied: a caller that plays a match tells every such agent (agent_wants_events is true
 * for them too, so the simulator plays their matches by the driver that does). */
bool agent_wants_moves(const agent_t *agent);
void agent_notify_move(agent_t *agent, const void *state, game_move_t move);
/* Whether an agent of `spec` may forfeit (a checked spec). */
bool agent_spec_may_forfeit(const char *spec, const agent_levels_t *levels);
/* Whether the agent chooses by one of the rules of game_t.playout, and which (the random
 * agent: uniform from its own stream; greedy without noise: most points), so that the
 * game may play its moves itself. A level that is one of these counts as it. */
bool agent_chooser(agent_t *agent, game_chooser_t *out);
/* The spec `share` (0..1) of the way from spec a to spec b, two checked specs of one kind
 * that differ in one numeric parameter: linear for a real, geometric for a count (rounded),
 * and a or b as written at an end. Returns 0, or -1 when they cannot be blended. */
int agent_spec_between(const char *a, const char *b, double share, char *out, size_t out_size);
/* The spec as given ("level:3"), and as played ("pimc:samples=16,..." for a level). */
const char *agent_spec(const agent_t *agent);
const char *agent_resolved_spec(const agent_t *agent);
/* Whether the agent plays without randomness: the same position, the same move, whatever
 * its seed (greedy and heuristic without noise). Replays of a deal then repeat the game. */
bool agent_is_deterministic(const agent_t *agent);

#endif
