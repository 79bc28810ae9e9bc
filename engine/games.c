/* games.c - the registry of games (games.h). */
#include "games.h"

#include <string.h>

#include "bergen/bergen.h"
#include "bingo/bingo.h"
#include "partnership/partnership.h"

static const game_t *const registry[] = {&bergen_game, &double_bergen_game, &partnership_game, &bingo_game};

const game_t *const *game_list(int *count)
{
    *count = (int)(sizeof registry / sizeof registry[0]);
    return registry;
}

const game_t *game_find(const char *name)
{
    int count;
    const game_t *const *games = game_list(&count);
    for (int i = 0; i < count; i++)
        if (strcmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

