/* agent.c - agent specs and the simple agents: random (uniform over legal moves) and
 * greedy (most points now; ties shed the heaviest tile).
 *
 * A spec is "name" or "name:key=value,key=value". Each agent kind lists its parameters;
 * a spec naming an unknown agent or key, or a bad value, is rejected with the part named.
 */
#include "agent.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { AGENT_SPEC_MAX = 256 };

typedef enum agent_kind { AGENT_RANDOM, AGENT_GREEDY, AGENT_KIND_COUNT } agent_kind_t;

static const agent_info_t agent_infos[AGENT_KIND_COUNT] = {
    [AGENT_RANDOM] = {"random", "uniform over the legal moves", "none"},
    [AGENT_GREEDY] = {"greedy", "most points from the placement now; ties shed the heaviest tile", "none"},
};

struct agent {
    agent_kind_t kind;
    char spec[AGENT_SPEC_MAX];
    const game_t *game;
    const game_rules_t *rules;
    int seat;
    pcg32_t rng;
    void *scratch; /* a state to try moves on (greedy) */
};

const agent_info_t *agent_list(int *count)
{
    *count = AGENT_KIND_COUNT;
    return agent_infos;
}

/* Splits "name:params" and finds the kind; checks every key=value parameter. */
static int parse_spec(const char *spec, agent_kind_t *kind, char *error, size_t error_size)
{
    size_t name_length = strcspn(spec, ":");
    if (strlen(spec) >= AGENT_SPEC_MAX) {
        snprintf(error, error_size, "agent spec '%.40s...' is too long", spec);
        return -1;
    }
    for (int k = 0; k < AGENT_KIND_COUNT; k++) {
        if (strlen(agent_infos[k].name) != name_length || strncmp(agent_infos[k].name, spec, name_length) != 0)
            continue;
        *kind = (agent_kind_t)k;
        const char *params = spec[name_length] == ':' ? spec + name_length + 1 : "";
        if (*params) { /* neither random nor greedy takes parameters */
            size_t key_length = strcspn(params, "=,");
            snprintf(error, error_size, "agent %s: unknown parameter '%.*s' (it takes none)", agent_infos[k].name,
                     (int)key_length, params);
            return -1;
        }
        return 0;
    }
    size_t used = (size_t)snprintf(error, error_size, "unknown agent '%.*s' (agents:", (int)name_length, spec);
    for (int k = 0; k < AGENT_KIND_COUNT && used < error_size; k++)
        used += (size_t)snprintf(error + used, error_size - used, " %s", agent_infos[k].name);
    if (used < error_size) snprintf(error + used, error_size - used, ")");
    return -1;
}

int agent_spec_check(const char *spec, char *error, size_t error_size)
{
    agent_kind_t kind;
    return parse_spec(spec, &kind, error, error_size);
}

int agent_create(const char *spec, const game_t *game, const game_rules_t *rules, int seat, uint64_t seed,
                 agent_t **out, char *error, size_t error_size)
{
    agent_kind_t kind;
    if (parse_spec(spec, &kind, error, error_size)) return -1;
    agent_t *agent = calloc(1, sizeof *agent);
    void *scratch = kind == AGENT_GREEDY ? malloc(game->state_size) : NULL;
    if (!agent || (kind == AGENT_GREEDY && !scratch)) {
        free(agent);
        free(scratch);
        snprintf(error, error_size, "out of memory creating agent %s", spec);
        return -1;
    }
    agent->kind = kind;
    snprintf(agent->spec, sizeof agent->spec, "%s", spec);
    agent->game = game;
    agent->rules = rules;
    agent->seat = seat;
    agent->scratch = scratch;
    pcg32_seed(&agent->rng, seed, (uint64_t)seat + 1);
    *out = agent;
    return 0;
}

void agent_destroy(agent_t *agent)
{
    if (!agent) return;
    free(agent->scratch);
    free(agent);
}

void agent_reset(agent_t *agent, uint64_t seed) { pcg32_seed(&agent->rng, seed, (uint64_t)agent->seat + 1); }

const char *agent_spec(const agent_t *agent) { return agent->spec; }

/* Points the placement itself scores: public, since it depends only on the layout, the
 * tile and the mover's score (the play event's points, not later hand-end awards). */
static int placement_points(agent_t *agent, const void *state, game_move_t move)
{
    game_events_t events;
    events.count = 0;
    memcpy(agent->scratch, state, agent->game->state_size);
    agent->game->apply(agent->scratch, move, &events);
    for (int i = 0; i < events.count; i++)
        if (events.item[i].kind == GAME_EVENT_PLAY) return events.item[i].points;
    return 0;
}

static game_move_t choose_greedy(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    int best = 0, best_points = -1, best_pips = -1;
    for (int i = 0; i < count; i++) {
        if (moves[i].kind != GAME_MOVE_PLAY) continue; /* keeping a tile scores nothing */
        int points = placement_points(agent, state, moves[i]);
        int pips = tileset_pips(moves[i].tile);
        if (points > best_points || (points == best_points && pips > best_pips)) {
            best = i;
            best_points = points;
            best_pips = pips;
        }
    }
    return moves[best];
}

game_move_t agent_choose(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    if (count == 1) return moves[0];
    switch (agent->kind) {
    case AGENT_GREEDY: return choose_greedy(agent, state, moves, count);
    case AGENT_RANDOM:
    default: return moves[pcg32_below(&agent->rng, (uint32_t)count)];
    }
}
