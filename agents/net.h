/* net.h - a learned policy-and-value network (docs/agents.md, "net"): its file read and
 * checked, its forward pass, and what a seat needs to play by one (net_player_t), which the
 * `net` agent and the searches' rollout=net share.
 *
 * A network is a multilayer perceptron over encoding.h's observation vector: a trunk of
 * fully connected layers, each h = relu(W h + b), then two heads on the last h: the policy,
 * a logit per action of encoding.h, and the value, tanh(w . h + b), the expected result of
 * the hand for the side of the seat observed (+1 a win, -1 a loss). A net_t is read once
 * and never written after, so the threads of one agent each may read it; every agent loads
 * its own copy (models are small) and no net is shared behind the caller's back.
 */
#ifndef DOMINOLAB_NET_H
#define DOMINOLAB_NET_H

#include <stddef.h>
#include <stdint.h>

#include "encoding.h"
#include "game.h"
#include "pcg32.h"

/* Bounds on what a file may declare, so that a damaged header is refused before anything
 * the size of its claims is allocated: the trunk's layers and widths, the inputs and actions
 * (far above any rule set's encoding) and the floats in all (256 MiB of weights). */
enum {
    NET_MAX_LAYERS = 16,
    NET_MAX_WIDTH = 4096,
    NET_MAX_INPUTS = 1 << 16,
    NET_MAX_ACTIONS = 1 << 16,
    NET_MAX_FLOATS = 1 << 26,
};

typedef struct net net_t;

/* Reads a network file (format 1, docs/agents.md): the header's every line checked, then
 * exactly as many little-endian float32 values as its sizes make, each finite. Returns 0
 * with *out set, or -1 with a message naming the file. */
int net_load(const char *path, net_t **out, char *error, size_t error_size);
void net_free(net_t *net); /* NULL: nothing */

const char *net_game(const net_t *net); /* the game it was trained for, as the file names it */
int net_inputs(const net_t *net);       /* D: floats of an observation */
int net_actions(const net_t *net);      /* A: logits */
/* Floats of the scratch net_forward needs. */
size_t net_scratch_size(const net_t *net);

/* Whether the network fits the rules in play: trained for `game_name`, with e's observation
 * size and action count. Returns 0, or -1 with a message naming the file and both sides. */
int net_check(const net_t *net, const encoding_t *e, const char *game_name, char *error, size_t error_size);

/* One forward pass: input (net_inputs floats) to logits (net_actions floats) and *value.
 * scratch: net_scratch_size floats. Allocates nothing; the net is only read. */
void net_forward(const net_t *net, const float *input, float *logits, float *value, float *scratch);

/* ------------------------------------------------------------------ playing by a network */

/* A seat's player: the network, the encoding of the rules, and every buffer of a decision,
 * made once. `observation` is where the position is put before net_player_evaluate: the
 * caller observes into it, or a game's playout keeps it up to date (GAME_CHOOSE_OBSERVED,
 * whose context it then is). */
typedef struct net_player {
    game_observation_t observation;
    net_t *net;
    encoding_t encoding;
    float *input, *logits, *scratch;
    float value;
    uint8_t *mask;  /* encoding_mask's, action_count bytes */
    int16_t *legal; /* the legal actions, in the order of the moves */
} net_player_t;

/* Loads the network at `path` and checks it against the rules. Returns 0, or -1 with the
 * message (nothing left to close). */
int net_player_open(net_player_t *player, const char *path, const game_t *game, const game_rules_t *rules,
                    char *error, size_t error_size);
void net_player_close(net_player_t *player); /* a zeroed or closed player: nothing */
/* net_player_open into a player of its own on the heap: NULL with the message (out of
 * memory, or net_player_open's). Released by net_player_destroy (NULL: nothing). What the
 * searches' rollout, the belief and pimc's prior each keep. */
net_player_t *net_player_create(const char *path, const game_t *game, const game_rules_t *rules, char *error,
                                size_t error_size);
void net_player_destroy(net_player_t *player);
/* Points an open player at other rules of the same game (another record's), which its
 * network must fit as net_check says. Returns 0, or -1 with the message (the player is left
 * as it was). */
int net_player_rebind(net_player_t *player, const game_t *game, const game_rules_t *rules, char *error,
                      size_t error_size);
/* The logits and value of the position in player->observation (into player->logits and
 * player->value). */
void net_player_evaluate(net_player_t *player);
/* After net_player_evaluate: the index in moves[0..count) (the legal moves of that position)
 * of the move to play. temperature 0: the legal action of the highest logit (ties to the
 * lowest action, as an argmax over masked logits gives); above 0: drawn from
 * softmax(logits / temperature) over the legal actions with `rng`. */
int net_player_pick(net_player_t *player, const game_move_t *moves, int count, double temperature, pcg32_t *rng);

/* The logits of moves[0..count) (legal in `state`) for the seat to move there, observing it:
 * the trunk once and the policy's rows of these moves only (NAN for a move the encoding does
 * not number). What belief=policy,values=net reads of each move another seat made. */
void net_player_move_logits(net_player_t *player, const game_t *game, const void *state, const game_move_t *moves,
                            int count, double *logits);

#endif
