/* level.c - the built-in difficulty tables: level:n plays the agent written in entry n. The
 * entries rise in strength from uniform random play to the strongest search. One table is
 * Bergen's (the default), one Partnership's, one Bingo's. `dominolab calibrate` measures and writes
 * other tables to files (--level-table FILE reads one). */
#include <stdio.h>
#include <string.h>

#include "agent.h"

/* Written by `dominolab calibrate` for 2-player Bergen (configs/experiments/
 * difficulty-bergen-2p.ini): every level measured against greedy in duplicate matches, the
 * ratings rising in even steps (docs/agents.md, "level:n";
 * measurements/calibrate-bergen2/calibration.csv, configs/levels/bergen-2p.ini). */
static const agent_levels_t builtin_levels = {
    .count = AGENT_LEVEL_COUNT,
    .spec =
        {
            "greedy:noise=1",
            "greedy:noise=0.758",
            "greedy:noise=0.516",
            "greedy:noise=0.116",
            "heuristic:noise=0.444",
            "heuristic:noise=0.286",
            "heuristic:noise=0.158",
            "heuristic:noise=0.038",
            "pimc:samples=45",
            "ismcts:iterations=1000,rollout=heuristic",
        },
    .source = "built in",
    /* the game of that study (measurements/calibrate-bergen2/study.json): the bergen preset
     * with no option over it */
    .game = "bergen",
    .preset = "bergen",
    .players = 2,
};

/* Written by `dominolab calibrate` for Partnership dominoes, preset partnership, 4 players
 * (configs/experiments/difficulty-partnership.ini): every level measured against a greedy
 * team in duplicate matches to 100, the ratings rising in even steps (docs/agents.md,
 * "level:n"; measurements/calibrate-partnership/calibration.csv,
 * configs/levels/partnership.ini). */
static const agent_levels_t builtin_partnership_levels = {
    .count = AGENT_LEVEL_COUNT,
    .spec =
        {
            "greedy:noise=1",
            "greedy:noise=0.654",
            "greedy:noise=0.335",
            "heuristic:noise=0.403",
            "heuristic:noise=0.231",
            "pimc:samples=4",
            "pimc:samples=8",
            "pimc:samples=16",
            "pimc:samples=32",
            "pimc",
        },
    .source = "built in",
    .game = "partnership",
    .preset = "partnership",
    .players = 4,
};

/* Written by `dominolab calibrate` for Bingo, preset bingo (configs/experiments/
 * difficulty-bingo.ini): every level measured against greedy in duplicate matches to 7
 * game points, the ratings rising in even steps (docs/agents.md, "level:n";
 * measurements/calibrate-bingo/calibration.csv, configs/levels/bingo.ini). */
static const agent_levels_t builtin_bingo_levels = {
    .count = AGENT_LEVEL_COUNT,
    .spec =
        {
            "greedy:noise=1",
            "greedy:noise=0.846",
            "greedy:noise=0.691",
            "greedy:noise=0.537",
            "greedy:noise=0.295",
            "heuristic:noise=0.467",
            "heuristic:noise=0.299",
            "heuristic:noise=0.113",
            "pimc:samples=5",
            "pimc:samples=57",
        },
    .source = "built in",
    .game = "bingo",
    .preset = "bingo",
    .players = 2,
};

const agent_levels_t *agent_levels_builtin(void) { return &builtin_levels; }

/* Every built-in table, the default first: the one list a new game's table joins. */
static const agent_levels_t *const builtin_tables[] = {&builtin_levels, &builtin_partnership_levels,
                                                       &builtin_bingo_levels};
enum { BUILTIN_TABLE_COUNT = sizeof builtin_tables / sizeof builtin_tables[0] };

const agent_levels_t *agent_levels_builtin_for(const char *game_name)
{
    for (int k = 0; k < BUILTIN_TABLE_COUNT && game_name; k++)
        if (!strcmp(game_name, builtin_tables[k]->game)) return builtin_tables[k];
    return &builtin_levels;
}

bool agent_levels_is_builtin(const agent_levels_t *levels)
{
    for (int k = 0; k < BUILTIN_TABLE_COUNT; k++)
        if (levels == builtin_tables[k]) return true;
    return false;
}

const char *agent_level_spec(const agent_levels_t *levels, int level)
{
    if (level > levels->count) level = levels->count;
    if (level < AGENT_LEVEL_MIN) level = AGENT_LEVEL_MIN;
    return levels->spec[level - AGENT_LEVEL_MIN];
}
