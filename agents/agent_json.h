/* agent_json.h - what a seat sees, and a legal move, as the JSON objects of the bot
 * protocol (docs/protocol.md, "The observation" and "The moves"): the words of `ext` and of
 * the library's dl_observation (lib/dominolab.h), so that both speak alike. */
#ifndef DOMINOLAB_AGENT_JSON_H
#define DOMINOLAB_AGENT_JSON_H

#include <jansson.h>

#include "game.h"

/* What `seat` may know (game_observation_t). */
json_t *agent_observation_json(const game_t *game, const void *state, int seat);
/* One legal move of the seat to move, numbered `index`. */
json_t *agent_move_json(const game_t *game, const void *state, int seat, game_move_t move, int index);

#endif
