/* games.h - the registry of games: every game dominolab plays, by name. The one place that
 * knows each game; everything else reaches a game through its game_t (game.h). */
#ifndef DOMINOLAB_GAMES_H
#define DOMINOLAB_GAMES_H

#include "game.h"

/* The game named `name`, or NULL. */
const game_t *game_find(const char *name);
/* Every game, in the order `dominolab rules` lists them. */
const game_t *const *game_list(int *count);

#endif
