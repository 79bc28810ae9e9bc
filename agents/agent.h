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

#include <stddef.h>
#include <stdint.h>

#include "game.h"

typedef struct agent agent_t;

enum { AGENT_MAX_PARAMS = 12, AGENT_SPEC_MAX = 256 };

typedef enum agent_param_type { AGENT_PARAM_INT, AGENT_PARAM_REAL, AGENT_PARAM_CHOICE } agent_param_type_t;

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

/* Every agent kind, in the order `dominolab agents` lists them. */
const agent_info_t *const *agent_list(int *count);
/* Checks a spec without making an agent. Returns 0, or -1 naming the bad part. */
int agent_spec_check(const char *spec, char *error, size_t error_size);
/* Makes an agent for `seat`; its stream is derived from (seed, seat). */
int agent_create(const char *spec, const game_t *game, const game_rules_t *rules, int seat, uint64_t seed,
                 agent_t **out, char *error, size_t error_size);
void agent_destroy(agent_t *agent);
/* Starts a new match: forgets per-match memory and reseeds the agent's stream, as a new
 * agent_create with this seed would (the simulator reuses agents across units). */
void agent_reset(agent_t *agent, uint64_t seed);
/* Picks one of moves[0..count-1] (count >= 1) for the seat to move in `state`. */
game_move_t agent_choose(agent_t *agent, const void *state, const game_move_t *moves, int count);
/* The spec as given ("level:3"), and as played ("pimc:samples=16,..." for a level). */
const char *agent_spec(const agent_t *agent);
const char *agent_resolved_spec(const agent_t *agent);

/* Difficulty levels: level:n is the n-th entry of one table (agents/level.c). */
enum { AGENT_LEVEL_MIN = 1, AGENT_LEVEL_MAX = 10 };
const char *agent_level_spec(int level);

#endif
