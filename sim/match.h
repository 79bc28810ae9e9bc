/* match.h - plays one match between agents and reports every event to sinks (the
 * move-by-move log, the game record). Knows the game and the agents only through their
 * interfaces.
 */
#ifndef DOMINOLAB_MATCH_H
#define DOMINOLAB_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "agent.h"
#include "game.h"

typedef struct match_setup {
    const game_t *game;
    const game_rules_t *rules;
    const option_values_t *values; /* the full option object (for the record) */
    const char *preset;
    const char *const *agent_specs; /* one per seat, as given (the record names these) */
    const char *const *played_specs; /* NULL, or what each seat's spec stood for (a level:n
                                      * resolved by an earlier run): the agents are made of these */
    const agent_levels_t *levels;   /* resolves level:n; NULL: the built-in table */
    int replay;                     /* 0, or the replay whose agent randomness to use */
    int seats;
    uint64_t seed;
    int max_hands; /* 0: to the end of the match; N: it stops once N hands are played (void
                    * hands not counted), as `sim --deals` plays one, and the driver ends it
                    * with a MATCH_END event for the side that scored most (match_leading_side) */
    void *series_state; /* NULL, or game->state_size bytes kept over a series of matches
                         * between the same players (match_play plays in it, and leaves the
                         * match's end there) */
    int series_match;   /* 0: a first match (match_start); 1, 2, ...: a later match of the
                         * series, started from the state of the one before with the game's
                         * match_start_next where it has one (Partnership R5) */
} match_setup_t;

/* Called for every event, after the state has changed (so a DEAL sink can read the deal,
 * a HAND_END sink the pips left and the scores). Returns 0, or -1 to stop the match
 * (an I/O error, already described in the sink's own error buffer). */
typedef struct match_sink {
    void *context;
    int (*on_start)(void *context, const match_setup_t *setup);
    int (*on_event)(void *context, const match_setup_t *setup, const void *state, const game_event_t *event);
    /* NULL, or called before every move is applied, with the state it is made in: what a
     * watcher needs to ask a bot about the decision (the viewer's annotations). */
    int (*on_move)(void *context, const match_setup_t *setup, const void *state, game_move_t move);
} match_sink_t;

/* Plays the match to its end. Returns 0, 1 if a sink stopped it, or -1 with a message
 * (e.g. an agent spec that fails). */
int match_play(const match_setup_t *setup, match_sink_t *sinks, int sink_count, char *error, size_t error_size);
/* The same with the caller's agents (one per seat, made for this game and rules; they are
 * reset here with the match's seeds) in the caller's `state` (game->state_size bytes), which
 * holds the end of the match afterwards. *moves counts the moves applied. Agents that keep
 * the public history are told every event. Returns MATCH_FORFEIT when an agent forfeited
 * (agent_forfeited): the match stops there, that agent's seat still to move in `state`
 * (match_play turns it into -1 with a message: a record cannot hold a forfeit). */
enum { MATCH_FORFEIT = 2 };
int match_play_agents(const match_setup_t *setup, agent_t *const *agents, void *state, match_sink_t *sinks,
                      int sink_count, int64_t *moves, char *error, size_t error_size);
/* The side furthest ahead in `state` (the most points, or the fewest where the lower score
 * wins), or -1 when sides tie for it: the winner of a match stopped by max_hands. */
int match_leading_side(const game_t *game, const game_rules_t *rules, const void *state);

/* Seed of the game's own generator and of each seat's agent, derived from the match seed:
 * match_agent_seed_salted(match_seed, match_agent_salt(seat)), the salt fixed per seat
 * (the simulator computes it once, not once a match). */
uint64_t match_agent_seed(uint64_t match_seed, int seat);
uint64_t match_agent_salt(int seat);
static inline uint64_t match_agent_seed_salted(uint64_t match_seed, uint64_t salt) { return pcg32_mix(match_seed ^ salt); }
/* The seed the agents' seeds derive from in replay `replay` of a match: the match seed for
 * replay 0, another for each further replay (same deals, fresh agent randomness). */
uint64_t match_replay_seed(uint64_t match_seed, int replay);

#endif
