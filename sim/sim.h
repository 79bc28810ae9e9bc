/* sim.h - the parallel simulator: plays units (independent hands, or whole matches) between
 * agents and accumulates their results.
 *
 * Reproducibility: unit i is played from its own seed, sim_unit_seed(seed, i); every random
 * choice of the unit comes from streams derived from that seed (the game's deals) and from
 * (that seed, seat) (the agents). Results are added into integer totals, which are exact and
 * independent of the order threads add them, and per-unit rows are emitted in unit order.
 * So every output is the same whatever the number of threads, batch sizes, shards or
 * interruptions.
 *
 * A unit's games go to config.games when it wants them: they are then played by the match
 * driver (sim/match.h) with the same agents and seeds, so the outcomes are the same.
 *
 * Duplicate mode plays each unit once per distinct seating (sim_seatings): the agents shift
 * one seat per rotation, one rotation per side, and a rotation that seats every agent as an
 * earlier one did is left out, since it would replay that game move for move (A,B,A,B over
 * four seats is two seatings, not four). Two agents over an odd number of seats (A,B,B) add
 * the swapped seatings (B,A,A), so each agent holds as many seats as the other. Replay mode
 * plays each unit several times with the agents in the same seats, each time with fresh
 * agent randomness (match_replay_seed), which tells how much the deal alone decides.
 */
#ifndef DOMINOLAB_SIM_H
#define DOMINOLAB_SIM_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "agent.h"
#include "game.h"
#include "match.h"
#include "stats.h"

enum { SIM_MAX_AGENTS = GAME_MAX_SEATS, SIM_MAX_ROTATIONS = 2 * GAME_MAX_SEATS, SIM_MAX_REPLAYS = GAME_MAX_SEATS };

typedef enum sim_mode { SIM_DEALS, SIM_MATCHES } sim_mode_t;
typedef enum sim_result { SIM_LOSS, SIM_DRAW, SIM_WIN } sim_result_t;

typedef struct sim_unit_outcome sim_unit_outcome_t;
/* A sequential stopping rule (the SPRT): called on the main thread with every batch's units
 * in unit order, before any of them is counted; returns how many of them to keep, and sets
 * *decided once the run must end after the kept ones (as if it had been that long). What it
 * decides depends on the units only, never on batch sizes or threads. */
typedef int (*sim_stop_rule_fn)(void *context, const sim_unit_outcome_t *units, int count, bool *decided);

/* Where the games of chosen units go besides the totals (the records): the simulator knows
 * them only as match sinks, which it hands to the match driver. Called on the thread that
 * plays the game; a unit that is not chosen is played by the simulator's own loop, which
 * hands nothing to anyone. The setup a sink is given names the rules, the seats' specs,
 * the seed, replay and max_hands, but not the option values or preset (the simulator has
 * only the rules): a sink that writes them knows them itself. */
typedef struct sim_game_sink {
    void *context;
    bool (*wants)(void *context, int64_t unit); /* whether the games of `unit` go to a sink */
    /* The sink for the game (unit, rotation), before it is played. 0, or -1 with a message. */
    int (*open)(void *context, int64_t unit, int rotation, match_sink_t *sink, char *error, size_t error_size);
    /* After the game, with the sink open gave: `played` when the match reached its end.
     * 0, or -1 with a message. */
    int (*close)(void *context, match_sink_t *sink, bool played, char *error, size_t error_size);
} sim_game_sink_t;

typedef struct sim_config {
    const game_t *game;
    const game_rules_t *rules;
    int seats, sides, rotations; /* rotations: the seatings, or the replays */
    bool replays;                /* the rotations are replays: the agents keep their seats */
    int agent_count;             /* distinct agent specs */
    const char *agents[SIM_MAX_AGENTS];
    const char *names[SIM_MAX_AGENTS]; /* what each agent calls itself (a bot's hello), or NULL: summary.csv's name */
    const agent_levels_t *levels; /* resolves level:n; NULL: the built-in table */
    int8_t seating[SIM_MAX_ROTATIONS][GAME_MAX_SEATS]; /* [rotation][seat]: index into agents */
    sim_mode_t mode;
    int64_t units;           /* in the whole run */
    int64_t first_unit, end_unit; /* this process's slice [first, end): a shard, or a resume */
    uint64_t seed;
    int threads;
    sim_stop_rule_fn stop_rule; /* NULL: play every unit */
    void *stop_context;
    const sim_game_sink_t *games; /* NULL: the games go into the totals only */
    bool batch_outcomes;          /* the batch callback reads the units' outcomes (deals.csv) */
    /* NULL, or a flag a second stop signal sets: the batches in play are dropped at once
     * (the agents are told to give up waiting: agent_set_abandon), the merged ones kept */
    volatile sig_atomic_t *abandon;
} sim_config_t;

/* One seat's outcome in one play (rotation) of a unit. */
typedef struct sim_seat_outcome {
    int32_t points;      /* the side's hand points (deals) or final score (matches) */
    int16_t pips_left;
    int8_t result;       /* sim_result_t */
    int8_t agent;        /* index into config.agents */
    int16_t closes, failed_closes; /* trick games: the seat closed the stock, and lost that hand */
    int32_t illegal_moves, timeouts, crashes; /* its agent's faults (agent_faults_t): external agents */
    int64_t hand_points, hand_points_squared; /* the side's points per hand, summed */
} sim_seat_outcome_t;

enum { SIM_END_FORFEIT = -2 };

typedef struct sim_play_outcome {
    sim_seat_outcome_t seat[GAME_MAX_SEATS];
    int32_t plies;
    int16_t hands;
    int8_t end_reason; /* the game's reason of the last hand_end (game_t.reason_names), or
                          SIM_END_FORFEIT: an agent lost the match by forfeit */
    int8_t leader;     /* seat that led the first hand, -1 if none */
} sim_play_outcome_t;

struct sim_unit_outcome {
    int64_t unit;
    uint64_t seed;
    sim_play_outcome_t play[SIM_MAX_ROTATIONS];
};

/* Totals per agent, and per agent and seat. */
typedef struct sim_totals {
    stats_totals_t agent[SIM_MAX_AGENTS];
    stats_totals_t agent_seat[SIM_MAX_AGENTS][GAME_MAX_SEATS];
    int64_t units, plies, hands;
    uint64_t signature; /* order-free checksum of every outcome: changes only with behaviour */
} sim_totals_t;

/* Called on the main thread, in unit order, for each batch of finished units [first_unit,
 * first_unit + count), with their outcomes where config.batch_outcomes or a stopping rule
 * asks for them (else NULL) and the totals that count them; returns 0, or -1 to stop (an
 * I/O error, described by the callee). */
typedef int (*sim_batch_fn)(void *context, int64_t first_unit, int count, const sim_unit_outcome_t *units,
                            const sim_totals_t *totals);

uint64_t sim_unit_seed(uint64_t seed, int64_t unit);

/* How the seats are filled in the plays of a unit. */
typedef enum sim_seating_scheme {
    SIM_SEATING_ONCE,          /* the given seating only (--no-duplicate) */
    SIM_SEATING_ROTATE,        /* its distinct rotations over the sides (duplicate) */
    SIM_SEATING_ROTATE_SWAP,   /* those of it and of it with two agents swapped (A,B,B and B,A,A) */
    SIM_SEATING_REPLAY         /* the given seating `replays` times */
} sim_seating_scheme_t;
/* Fills config->seating and config->rotations from `agent_of_seat` (indices into agents)
 * by `scheme`; SIM_SEATING_ROTATE_SWAP needs exactly two agents. A seating appears once:
 * the number of rotations is the number of distinct games a unit holds. */
void sim_seatings(sim_config_t *config, const int *agent_of_seat, sim_seating_scheme_t scheme, int replays);
/* The agent (index) at `seat` in `rotation`. */
static inline int sim_agent_at(const sim_config_t *config, int rotation, int seat)
{
    return config->seating[rotation][seat];
}
/* into += add; false (into partly added) if a count would overflow or the totals are of
 * runs that differ (stats_add): only totals read back from files can. */
bool sim_totals_add(sim_totals_t *into, const sim_totals_t *add);

/* Plays units [first_unit, end_unit) on `threads` threads, calling on_batch after each batch.
 * `stop` (set by a signal handler) ends the run after the units in flight. Returns 0 when
 * every unit was played or the stopping rule ended the run (totals->units tells how many),
 * 1 when stopped by the signal, -1 on error (message in error). */
int sim_run(const sim_config_t *config, sim_totals_t *totals, sim_batch_fn on_batch, void *context,
            volatile sig_atomic_t *stop, char *error, size_t error_size);

#endif
