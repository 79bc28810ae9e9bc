/* agent_kind.h - what each agent kind (random.c, heuristic.c, pimc.c, ismcts.c) gives
 * agent.c, which parses specs, owns the agent struct and dispatches to the kind.
 *
 * A kind declares its parameters in its agent_info_t; agent.c parses "key=value" against
 * them and stores every value (default or given) in agent->param[], in table order, as a
 * double (a choice as the index of its symbol). The kind's create() allocates whatever it
 * needs for the agent's life, so choose() never allocates.
 */
#ifndef DOMINOLAB_AGENT_KIND_H
#define DOMINOLAB_AGENT_KIND_H

#include <stdbool.h>

#include "agent.h"

typedef struct agent_kind {
    agent_info_t info;
    /* Allocates agent->data. Returns 0, or -1 with a message. May be NULL. */
    int (*create)(agent_t *agent, char *error, size_t error_size);
    void (*destroy)(agent_t *agent); /* frees agent->data; may be NULL */
    void (*reset)(agent_t *agent);   /* forgets per-match memory; may be NULL */
    game_move_t (*choose)(agent_t *agent, const void *state, const game_move_t *moves, int count);
    /* Whether this agent, with its parameters, never draws from its stream (so a replay of a
     * deal repeats its game). NULL: it always draws. */
    bool (*deterministic)(const agent_t *agent);
    /* agent_prepare: readies the agent now and names it. May be NULL: always ready, unnamed. */
    int (*prepare)(agent_t *agent, char *name, size_t name_size, char *error, size_t error_size);
    /* The faults since the last call (agent_take_faults), then zeroed. May be NULL. */
    agent_faults_t (*take_faults)(agent_t *agent);
    /* Whether the agent has lost the match by forfeit (agent_forfeited), and whether a spec
     * with these parameter values ever may. May be NULL: never. */
    bool (*forfeited)(const agent_t *agent);
    bool (*may_forfeit)(const double *param);
    /* Told every event of the match as it happens (the state just after it), for an agent
     * that keeps the public history (ext). May be NULL: the agent asks for no events. */
    void (*on_event)(agent_t *agent, const void *state, const game_event_t *event);
    /* Told every move of the match, any seat's, before it is applied to `state`, for an
     * agent that learns from the others' choices (belief=policy); asked only where
     * keeps_moves says so (NULL: always). May be NULL: the agent asks for no moves. */
    void (*on_move)(agent_t *agent, const void *state, game_move_t move);
    bool (*keeps_moves)(const agent_t *agent);
    /* What the kind's values of moves are ("mean value"), for a kind that writes them into
     * agent->values while it chooses (agent_choose_valued); NULL: it values no moves. */
    const char *value_measure;
    /* The values are points of the match (a difference of two is a cost in points), not a
     * score of the kind's own scale: what the viewer's labels of moves need. */
    bool values_in_points;
} agent_kind_t;

struct agent {
    const agent_kind_t *kind;
    char spec[AGENT_SPEC_MAX];          /* as given */
    char resolved_spec[AGENT_SPEC_MAX]; /* a level's entry, or the spec */
    const game_t *game;
    const game_rules_t *rules;
    int seat;
    pcg32_t rng;
    double param[AGENT_MAX_PARAMS];
    void *data; /* the kind's own */
    double *values; /* NULL, or where choose writes its value of each move (agent_choose_valued) */
    volatile sig_atomic_t *abandon; /* agent_set_abandon's flag, or NULL */
};

static inline int agent_param_int(const agent_t *agent, int index) { return (int)agent->param[index]; }
/* A text parameter as given in the spec, "" when not given; -1 if it does not fit out. */
int agent_param_text(const agent_t *agent, int index, char *out, size_t out_size);

/* True with probability `noise` (a weaker level's random move). Draws from the stream only
 * when noise is set, so an agent without noise plays as if the coin did not exist. */
static inline bool agent_noise(agent_t *agent, double noise)
{
    return noise > 0 && pcg32_next(&agent->rng) < noise * 4294967296.0;
}

extern const agent_kind_t random_agent_kind, greedy_agent_kind, heuristic_agent_kind, pimc_agent_kind,
    oracle_agent_kind, ismcts_agent_kind, net_agent_kind, external_agent_kind, human_agent_kind;

#endif
