/* net_agent.c - `net`: plays by a learned network (net.h, docs/agents.md "net"). At each
 * decision it observes its seat (game->observe, encoding_observation), runs the network once
 * and plays the legal action of the highest logit, or one drawn from the softmax of the
 * legal logits at a temperature, from its own stream. Each agent loads its own copy of the
 * network at creation (the simulator makes one per thread and seat), so nothing is shared.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "agent_kind.h"
#include "net.h"

enum { PARAM_MODEL, PARAM_TEMPERATURE, PARAM_COUNT };

static const agent_param_spec_t net_params[PARAM_COUNT] = {
    [PARAM_MODEL] = {"model", AGENT_PARAM_TEXT, 0, 0, NULL, "",
                     "the network file (dominolab-net 1; docs/agents.md, \"net\"; required)"},
    [PARAM_TEMPERATURE] = {"temperature", AGENT_PARAM_REAL, 0, 100, NULL, "0",
                           "0: the legal move of the highest logit; above 0: drawn from softmax(logits / temperature)"},
};

static void net_agent_destroy(agent_t *agent)
{
    net_player_destroy(agent->data);
    agent->data = NULL;
}

static int net_agent_create(agent_t *agent, char *error, size_t error_size)
{
    char model[AGENT_SPEC_MAX];
    if (agent_param_text(agent, PARAM_MODEL, model, sizeof model) || !model[0]) {
        snprintf(error, error_size, "agent net: give the network's file, net:model=FILE (docs/agents.md, \"net\")");
        return -1;
    }
    char message[512];
    agent->data = net_player_create(model, agent->game, agent->rules, message, sizeof message);
    if (!agent->data) {
        snprintf(error, error_size, "agent net: %s", message);
        return -1;
    }
    return 0;
}

static game_move_t net_agent_choose(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    net_player_t *player = agent->data;
    const game_t *game = agent->game;
    game->observe(state, game->to_move(state), &player->observation);
    net_player_evaluate(player);
    if (agent->values) /* asked for its opinion (the viewer): each move's logit */
        for (int i = 0; i < count; i++) {
            int action = encoding_action(&player->encoding, moves[i]);
            agent->values[i] = action < 0 ? NAN : player->logits[action];
        }
    return moves[net_player_pick(player, moves, count, agent->param[PARAM_TEMPERATURE], &agent->rng)];
}

static bool net_agent_deterministic(const agent_t *agent) { return agent->param[PARAM_TEMPERATURE] == 0; }

const agent_kind_t net_agent_kind = {
    .info = {"net", "a learned policy network (model=FILE, trained by python/train.py): its best legal move",
             net_params, PARAM_COUNT},
    .create = net_agent_create,
    .destroy = net_agent_destroy,
    .choose = net_agent_choose,
    .deterministic = net_agent_deterministic,
    .value_measure = "policy logit",
};
