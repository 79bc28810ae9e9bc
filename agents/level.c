/* level.c - the difficulty table: level:n plays the agent written in entry n. The entries
 * rise in strength from near random to the strongest search; `dominolab calibrate` may
 * rewrite them from measurement. */
#include "agent.h"

static const char *const level_specs[AGENT_LEVEL_MAX - AGENT_LEVEL_MIN + 1] = {
    "random",
    "greedy:noise=0.5",
    "greedy",
    "heuristic:noise=0.3",
    "heuristic",
    "pimc:samples=8,rollout=random",
    "pimc:samples=16,rollout=greedy",
    "pimc:samples=32,rollout=greedy",
    "pimc:samples=64,rollout=greedy",
    "pimc:samples=128,rollout=greedy",
};

const char *agent_level_spec(int level)
{
    if (level < AGENT_LEVEL_MIN) level = AGENT_LEVEL_MIN;
    if (level > AGENT_LEVEL_MAX) level = AGENT_LEVEL_MAX;
    return level_specs[level - AGENT_LEVEL_MIN];
}
