/* agent_json.h - what a seat sees, and a legal move, as the JSON objects of the bot
 * protocol (docs/protocol.md, "The observation" and "The moves"): the words of `ext` and of
 * the library's dl_observation (lib/dominolab.h), so that both speak alike. */
#ifndef DOMINOLAB_AGENT_JSON_H
#define DOMINOLAB_AGENT_JSON_H

#include <jansson.h>

#include "game.h"

/* What `seat` may know (game_observation_t). */
json_t *agent_observation_json(const game_t *game, const void *state, int seat);
/* An event of the match as `seat` may know it, in the words of the game record
 * (docs/record-format.md): a move's line, an award, a hand's or the match's end; a deal
 * says only its hand and starter, and another seat's draw hides its tile. NULL for an event
 * the record writes no line for. */
json_t *agent_public_event_json(const game_t *game, const void *state, const game_event_t *event, int seat);
/* One legal move of the seat to move, numbered `index`. */
json_t *agent_move_json(const game_t *game, const void *state, int seat, game_move_t move, int index);
/* The moves a bot is offered, each once: two moves are one when the protocol says the same
 * of them but their number, and for placements of a tile on two ends, when the seat sees
 * the same after either, up to the order of the ends and who placed them (a tile that fits
 * two ends showing the same number); the first of them in moves[] stands for both. Writes
 * offered[k], k below the result, the index in moves[] of the move offered as number k
 * (offered has room for count); returns how many, or -1 when out of memory. */
int agent_distinct_moves(const game_t *game, const void *state, int seat, const game_move_t *moves, int count,
                         int *offered);

#endif
