/* simple.c - the agents without search: random (uniform over the legal moves) and greedy
 * (most points now; ties shed the heaviest tile). */
#include <math.h>

#include "agent_kind.h"
#include "policy.h"

static game_move_t choose_random(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    (void)state;
    return moves[pcg32_below(&agent->rng, (uint32_t)count)];
}

const agent_kind_t random_agent_kind = {
    .info = {"random", "uniform over the legal moves", NULL, 0},
    .choose = choose_random,
};

static const agent_param_spec_t greedy_params[] = {
    {"noise", AGENT_PARAM_REAL, 0, 1, NULL, "0", "probability of a uniformly random move instead (weaker levels)"},
};

static game_move_t choose_greedy(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    if (agent->values) /* asked for its opinion (the viewer): the points each move scores now */
        for (int i = 0; i < count; i++) {
            int points = agent->game->move_points(state, agent->game->to_move(state), moves[i]);
            agent->values[i] = points < 0 ? NAN : points;
        }
    if (agent_noise(agent, agent->param[0])) return choose_random(agent, state, moves, count);
    return moves[game_most_points_index(agent->game, state, moves, count)];
}

static bool greedy_deterministic(const agent_t *agent) { return agent->param[0] == 0; }

const agent_kind_t greedy_agent_kind = {
    .info = {"greedy", "most points from the placement now; ties shed the heaviest tile", greedy_params, 1},
    .choose = choose_greedy,
    .deterministic = greedy_deterministic,
    .value_measure = "points now",
    .values_in_points = true,
};
