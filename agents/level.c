/* level.c - the built-in difficulty table: level:n plays the agent written in entry n. The
 * entries rise in strength from near random to the strongest search. `dominolab calibrate`
 * measures and writes other tables to files (--levels FILE reads one). */
#include <stdio.h>

#include "agent.h"

/* Each entry measured against the one below it in 2-player Bergen, duplicate deals
 * (docs/agents.md, "Difficulty levels"). */
static const agent_levels_t builtin_levels = {
    .spec =
        {
            "random",
            "greedy:noise=0.5",
            "greedy",
            "heuristic:noise=0.3",
            "heuristic",
            "pimc",
            "ismcts:iterations=1000",
            "ismcts:iterations=2000",
            "ismcts:iterations=4000",
            "ismcts:iterations=8000",
        },
    .source = "built in",
};

const agent_levels_t *agent_levels_builtin(void) { return &builtin_levels; }

const char *agent_level_spec(const agent_levels_t *levels, int level)
{
    if (level < AGENT_LEVEL_MIN) level = AGENT_LEVEL_MIN;
    if (level > AGENT_LEVEL_MAX) level = AGENT_LEVEL_MAX;
    return levels->spec[level - AGENT_LEVEL_MIN];
}
