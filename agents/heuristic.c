/* heuristic.c - STUB, to be written: the heuristic agent (heuristic.h). */
#include "agent_kind.h"
#include "heuristic.h"
#include "policy.h"

const heuristic_weights_t heuristic_default_weights = {1, 1, 1, 1, 1};

void heuristic_evaluate(const game_t *game, const void *state, const game_move_t *moves, int count,
                        const heuristic_weights_t *weights, void *scratch, double *values)
{
    (void)weights;
    (void)scratch;
    int seat = game->to_move(state);
    for (int i = 0; i < count; i++)
        values[i] = moves[i].kind == GAME_MOVE_PLAY ? game->placement_points(state, seat, moves[i].tile, moves[i].end) : -1;
}

int heuristic_pick(const game_t *game, const void *state, const game_move_t *moves, int count,
                   const heuristic_weights_t *weights, void *scratch)
{
    (void)weights;
    (void)scratch;
    return policy_greedy_index(game, state, moves, count);
}

static game_move_t choose_heuristic(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    return moves[policy_greedy_index(agent->game, state, moves, count)];
}

const agent_kind_t heuristic_agent_kind = {
    .info = {"heuristic", "weighted features: points now, doubles held, suits counted, headers denied, heavy tiles shed",
             NULL, 0},
    .choose = choose_heuristic,
};
