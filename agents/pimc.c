/* pimc.c - STUB */
#include "agent_kind.h"
static game_move_t choose_stub(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    (void)state;
    return moves[pcg32_below(&agent->rng, (uint32_t)count)];
}
const agent_kind_t pimc_agent_kind = {.info = {"pimc", "stub", NULL, 0}, .choose = choose_stub};
const agent_kind_t oracle_agent_kind = {.info = {"oracle", "stub", NULL, 0}, .choose = choose_stub};
