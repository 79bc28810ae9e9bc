/* ismcts.c - STUB, to be written: single-observer information-set MCTS. */
#include "agent_kind.h"

static game_move_t choose_ismcts(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    (void)state;
    return moves[pcg32_below(&agent->rng, (uint32_t)count)];
}

const agent_kind_t ismcts_agent_kind = {
    .info = {"ismcts", "single-observer information-set Monte Carlo tree search", NULL, 0},
    .choose = choose_ismcts,
};
