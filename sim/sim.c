/* sim.c - plays units in parallel and accumulates their outcomes (see sim.h).
 *
 * The work is cut into batches, a few in flight at once: the threads take chunks of the
 * oldest batch with units left (each thread with its own game state and agents, made
 * once) and add them to their own totals of that batch; the main thread, between its own
 * chunks, adds each complete batch to the run's totals and hands it, in unit order, to the
 * caller. Batch sizes adapt to take about a quarter of a second, so a stop request is
 * honoured quickly; they never change results.
 */
#include "sim.h"

#include <assert.h>
#include <inttypes.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "match.h"

enum {
    SIM_FIRST_BATCH = 64,
    SIM_MAX_BATCH = 1024, /* bounds memory: a batch's outcomes (4 in flight: the 4,096 units
                             one batch held before batches were pipelined) */
    SIM_MAX_BATCH_UNKEPT = 1 << 24, /* where no outcome is kept: still a fraction of a second */
    SIM_PIPELINE = 4,     /* batches in flight */
    SIM_MAX_HANDS_PER_MATCH = 100000
};
static const double SIM_BATCH_SECONDS = 0.25;

/* Below 2^63 so that `dominolab play --seed` (and JSON readers) take it: a deals.csv row's
 * deal_seed replays that game. */
uint64_t sim_unit_seed(uint64_t seed, int64_t unit)
{
    return pcg32_mix(seed ^ pcg32_mix(0x756E6974ULL ^ (uint64_t)unit)) >> 1; /* "unit" */
}

static bool seating_known(const sim_config_t *config, const int8_t *seating)
{
    for (int r = 0; r < config->rotations; r++)
        if (!memcmp(config->seating[r], seating, (size_t)config->seats)) return true;
    return false;
}

/* Adds the rotations of `agent_of_seat` by 0..sides-1 seats that are not there yet. */
static void add_rotations(sim_config_t *config, const int *agent_of_seat)
{
    for (int shift = 0; shift < config->sides; shift++) {
        int8_t seating[GAME_MAX_SEATS];
        for (int seat = 0; seat < config->seats; seat++)
            seating[seat] = (int8_t)agent_of_seat[(seat + shift) % config->seats];
        if (seating_known(config, seating)) continue;
        memcpy(config->seating[config->rotations++], seating, sizeof seating);
    }
}

void sim_seatings(sim_config_t *config, const int *agent_of_seat, sim_seating_scheme_t scheme, int replays)
{
    config->rotations = 0;
    config->replays = scheme == SIM_SEATING_REPLAY;
    if (scheme == SIM_SEATING_ONCE || scheme == SIM_SEATING_REPLAY) {
        int plays = scheme == SIM_SEATING_REPLAY ? replays : 1;
        for (int r = 0; r < plays; r++)
            for (int seat = 0; seat < config->seats; seat++) config->seating[r][seat] = (int8_t)agent_of_seat[seat];
        config->rotations = plays;
        return;
    }
    add_rotations(config, agent_of_seat);
    if (scheme != SIM_SEATING_ROTATE_SWAP) return;
    int swapped[GAME_MAX_SEATS];
    for (int seat = 0; seat < config->seats; seat++) swapped[seat] = 1 - agent_of_seat[seat];
    add_rotations(config, swapped);
}

/* ------------------------------------------------------------------ one thread's tools */

/* What every play of a run reads and no play changes: asked of the game once a thread,
 * not once a play (this runs a million times a second). */
typedef struct sim_fixed {
    int side_of[GAME_MAX_SEATS];         /* each seat's side */
    int64_t score_sign;                  /* game_score_sign: the margin is how far ahead */
    uint64_t agent_salt[GAME_MAX_SEATS]; /* match_agent_salt of each seat */
} sim_fixed_t;

static void fixed_init(const sim_config_t *config, sim_fixed_t *fixed)
{
    for (int seat = 0; seat < config->seats; seat++) {
        fixed->side_of[seat] = config->game->side_of_seat(config->rules, seat);
        fixed->agent_salt[seat] = match_agent_salt(seat);
    }
    fixed->score_sign = game_score_sign(config->game, config->rules);
}

typedef struct sim_worker {
    sim_fixed_t fixed;
    void *state;
    agent_t *agent[GAME_MAX_SEATS][SIM_MAX_AGENTS]; /* [seat][agent]; NULL where never seated */
    sim_totals_t totals[SIM_PIPELINE]; /* this thread's share of each batch in flight: integers, so
                                          merging is exact */
    sim_unit_outcome_t scratch; /* a unit's outcome where the batch keeps none */
    bool notified[SIM_MAX_ROTATIONS]; /* an agent of that seating keeps the public history:
                                         the match driver plays it (play_by_driver) */
} sim_worker_t;

static void worker_free(sim_worker_t *worker, const sim_config_t *config)
{
    for (int seat = 0; seat < config->seats; seat++)
        for (int a = 0; a < config->agent_count; a++) agent_destroy(worker->agent[seat][a]);
    free(worker->state);
}

static int worker_init(sim_worker_t *worker, const sim_config_t *config, char *error, size_t error_size)
{
    memset(worker, 0, sizeof *worker);
    fixed_init(config, &worker->fixed);
    worker->state = malloc(config->game->state_size);
    if (!worker->state) {
        snprintf(error, error_size, "out of memory for a game state");
        return -1;
    }
    for (int rotation = 0; rotation < config->rotations; rotation++) {
        for (int seat = 0; seat < config->seats; seat++) {
            int a = sim_agent_at(config, rotation, seat);
            if (worker->agent[seat][a]) continue;
            if (agent_create(config->agents[a], config->levels, config->game, config->rules, seat, 0,
                             &worker->agent[seat][a], error, error_size)) {
                worker_free(worker, config);
                return -1;
            }
        }
    }
    for (int rotation = 0; rotation < config->rotations; rotation++)
        for (int seat = 0; seat < config->seats; seat++) {
            agent_t *agent = worker->agent[seat][sim_agent_at(config, rotation, seat)];
            worker->notified[rotation] |= agent_wants_events(agent);
            agent_set_abandon(agent, config->abandon);
        }
    return 0;
}

/* ------------------------------------------------------------------ one play */

typedef struct play_tally {
    int64_t hand_points[GAME_MAX_SEATS]; /* per side, this hand */
    int hands;
    int winner;                   /* match winner side, -1 */
    int closer;                   /* the seat that closed the stock this hand, -1 */
    int forfeit_side;             /* the side whose agent forfeited the match, -1 */
    const int *side_of;           /* each seat's side (sim_fixed_t) */
} play_tally_t;

static inline void tally_start(int sides, const sim_fixed_t *fixed, play_tally_t *tally)
{
    for (int side = 0; side < sides; side++) tally->hand_points[side] = 0;
    tally->hands = 0;
    tally->winner = -1;
    tally->closer = -1;
    tally->forfeit_side = -1;
    tally->side_of = fixed->side_of;
}

/* A play's outcome before it starts: the seats in play zeroed, not the whole array. */
static inline void outcome_start(int seats, sim_play_outcome_t *out)
{
    for (int seat = 0; seat < seats; seat++) out->seat[seat] = (sim_seat_outcome_t){0};
    out->plies = 0;
    out->hands = 0;
    out->end_reason = 0;
    out->leader = -1;
}

static inline void tally_event(int seats, int sides, const game_event_t *e, play_tally_t *tally,
                               sim_play_outcome_t *out)
{
    switch (e->kind) {
    case GAME_EVENT_PLAY: /* the first tile of the match is the first hand's lead */
        if (out->leader < 0) out->leader = e->seat;
        tally->hand_points[tally->side_of[e->seat]] += e->points;
        break;
    case GAME_EVENT_AWARD: tally->hand_points[e->seat] += e->points; break;
    case GAME_EVENT_CLOSE: tally->closer = e->seat; break;
    case GAME_EVENT_HAND_END:
        out->end_reason = (int8_t)e->reason;
        if (e->flags & GAME_EVENT_VOID) break; /* dealt again: not a hand played */
        tally->hands++;
        if (tally->closer >= 0) { /* a close fails when the closer's side loses the hand */
            out->seat[tally->closer].closes++;
            out->seat[tally->closer].failed_closes += e->seat != tally->side_of[tally->closer];
            tally->closer = -1;
        }
        for (int seat = 0; seat < seats; seat++) {
            int64_t points = tally->hand_points[tally->side_of[seat]];
            out->seat[seat].hand_points += points;
            out->seat[seat].hand_points_squared += points * points;
        }
        for (int side = 0; side < sides; side++) tally->hand_points[side] = 0;
        break;
    case GAME_EVENT_MATCH_END: tally->winner = e->seat; break;
    default: break;
    }
}

/* Win, draw or loss of each seat: the unique best side wins, tied best sides draw (best:
 * the most points, or the fewest where scores are penalties). A side that forfeited loses,
 * and the others are ranked so among themselves, on the points they have. */
static inline void decide_results(const sim_config_t *config, int seats, int sign, const int *side_of,
                                  sim_play_outcome_t *out, int match_winner, int forfeit_side)
{
    for (int seat = 0; seat < seats; seat++) {
        sim_seat_outcome_t *me = &out->seat[seat];
        int my_side = side_of[seat];
        if (my_side == forfeit_side) {
            me->result = SIM_LOSS;
            continue;
        }
        if (config->mode == SIM_MATCHES && forfeit_side < 0) {
            me->result = match_winner < 0 ? SIM_DRAW : match_winner == my_side ? SIM_WIN : SIM_LOSS;
            continue;
        }
        int better = 0, equal = 0;
        for (int other = 0; other < seats; other++) {
            if (side_of[other] == my_side || side_of[other] == forfeit_side) continue;
            better += sign * out->seat[other].points > sign * me->points;
            equal += out->seat[other].points == me->points;
        }
        me->result = better ? SIM_LOSS : equal ? SIM_DRAW : SIM_WIN;
    }
}

/* Each seat's agent's faults in the play just over (external agents). */
static void take_faults(const sim_config_t *config, agent_t *const *agents, sim_play_outcome_t *out)
{
    for (int seat = 0; seat < config->seats; seat++) {
        agent_faults_t faults = agent_take_faults(agents[seat]);
        out->seat[seat].illegal_moves = faults.illegal_moves;
        out->seat[seat].timeouts = faults.timeouts;
        out->seat[seat].crashes = faults.crashes;
    }
}

/* The outcome of a played match from the state at its end and the tally. */
static inline void finish_play(const sim_config_t *config, int seats, int sign, const void *state,
                               const play_tally_t *tally, sim_play_outcome_t *out)
{
    const game_t *game = config->game;
    out->hands = (int16_t)tally->hands;
    int scores[GAME_MAX_SEATS];
    game->scores(state, scores);
    for (int seat = 0; seat < seats; seat++) {
        int side = tally->side_of[seat];
        /* In deals mode the hand's points are the whole match so far: one hand from zero. */
        out->seat[seat].points = scores[side];
        out->seat[seat].pips_left = (int16_t)game->pips_left(state, seat);
    }
    decide_results(config, seats, sign, tally->side_of, out, tally->winner, tally->forfeit_side);
}

/* The end of a hand in play_once, from the state: what tally_event does with the HAND_END
 * event, the hand's points being what the scores gained since the last hand counted
 * (every point is credited by a PLAY or an AWARD event, which is what tally_event sums). */
static inline void tally_hand_end(const sim_config_t *config, int seats, int sides, const void *state,
                                  int *scores_before, play_tally_t *tally, sim_play_outcome_t *out)
{
    const game_t *game = config->game;
    game_event_t end = game->last_hand_end(state);
    if (end.flags & GAME_EVENT_VOID) { /* dealt again: nothing counted, nothing reset */
        out->end_reason = (int8_t)end.reason;
        return;
    }
    int scores[GAME_MAX_SEATS];
    game->scores(state, scores);
    for (int side = 0; side < sides; side++) {
        tally->hand_points[side] = scores[side] - scores_before[side];
        scores_before[side] = scores[side];
    }
    tally_event(seats, sides, &end, tally, out);
}

/* The hot path (bench's workload): no events are asked of the game; what the tally needs
 * is read from the moves (the first placement's seat, a close) and, at the end of each
 * hand, from the state. Where every seat's agent chooses by a rule of game_t.playout
 * (random, greedy), the game plays each hand itself, from its deal where the game says who
 * led (game_t.hand_leader), else once its first tile is down: the same moves as the loop
 * (game.h), without calls per move; a close made there is read from the state
 * (game_t.hand_closer). */
static inline __attribute__((always_inline)) void play_shaped(const sim_config_t *config, sim_worker_t *worker,
                                                               uint64_t seed, int rotation, sim_play_outcome_t *out,
                                                               int seats, int sides)
{
    const game_t *game = config->game;
    void *state = worker->state;
    agent_t *agents[GAME_MAX_SEATS];
    game_chooser_t chooser[GAME_MAX_SEATS];
    bool by_playout = game->playout != NULL;
    game_move_t moves[GAME_MAX_MOVES];
    int scores_before[GAME_MAX_SEATS] = {0}; /* the scores when the last counted hand ended */
    play_tally_t tally;
    tally_start(sides, &worker->fixed, &tally);
    outcome_start(seats, out);
    game->match_start(state, config->rules, seed);
    for (int seat = 0; seat < seats; seat++) {
        int a = sim_agent_at(config, rotation, seat);
        agents[seat] = worker->agent[seat][a];
        /* as `dominolab play --seed` (with --replay for a replay) */
        agent_reset(agents[seat], match_agent_seed_salted(config->replays ? match_replay_seed(seed, rotation) : seed,
                                                          worker->fixed.agent_salt[seat]));
        out->seat[seat].agent = (int8_t)a;
        if (by_playout) by_playout = agent_chooser(agents[seat], &chooser[seat]);
    }
    game_status_t status = game->status(state);
    while (status != GAME_MATCH_OVER) {
        if (status == GAME_BETWEEN_HANDS && config->mode == SIM_DEALS && tally.hands > 0) break;
        if (tally.hands >= SIM_MAX_HANDS_PER_MATCH) break;
        if (status == GAME_BETWEEN_HANDS) {
            game->deal(state, NULL);
        } else if (by_playout && (out->leader >= 0 || game->hand_leader)) {
            out->plies += game->playout(state, chooser);
            if (out->leader < 0 && game->hand_leader) out->leader = (int8_t)game->hand_leader(state);
            int closer = game->hand_closer ? game->hand_closer(state) : -1;
            if (closer >= 0) tally.closer = closer;
        } else {
            int seat = game->to_move(state);
            int count = game->legal_moves(state, moves);
            game_move_t move = count == 1 ? moves[0] : agent_choose(agents[seat], state, moves, count);
            if (move.kind == GAME_MOVE_PLAY && out->leader < 0) out->leader = (int8_t)seat; /* the match's first tile */
            if (move.kind == GAME_MOVE_CLOSE) tally.closer = seat;
            game->apply(state, move, NULL);
            out->plies++;
        }
        game_status_t next = game->status(state);
        /* a hand ends when play stops: at once, or after the winners' decision (R6) */
        if (status == GAME_IN_HAND && next != GAME_IN_HAND) tally_hand_end(config, seats, sides, state, scores_before, &tally, out);
        else if (status == GAME_BETWEEN_HANDS && next == GAME_BETWEEN_HANDS) /* void at the deal */
            tally_hand_end(config, seats, sides, state, scores_before, &tally, out);
        status = next;
    }
    tally.winner = status == GAME_MATCH_OVER ? game->match_winner(state) : -1;
    finish_play(config, seats, (int)worker->fixed.score_sign, state, &tally, out); /* no faults: an agent that may have some (ext) is played by the driver */
}

/* play_shaped with two seats, each its own side, known to the compiler (bench's workloads
 * and most studies), and with any other shape. Kept out of line, so that what the batch
 * loop gained (play_by_driver, the error path) leaves its code as it was. */
__attribute__((noinline)) static void play_once(const sim_config_t *config, sim_worker_t *worker, uint64_t seed,
                                                int rotation, sim_play_outcome_t *out)
{
    if (config->seats == 2 && config->sides == 2) play_shaped(config, worker, seed, rotation, out, 2, 2);
    else play_shaped(config, worker, seed, rotation, out, config->seats, config->sides);
}

/* ------------------------------------------------------------------ a game for a sink */

/* The tally of play_once, kept by a sink the match driver feeds. */
typedef struct sink_tally {
    const sim_config_t *config;
    play_tally_t tally;
    sim_play_outcome_t *out;
    bool too_long; /* stopped at SIM_MAX_HANDS_PER_MATCH, where play_once stops too */
} sink_tally_t;

static int tally_on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    sink_tally_t *t = context;
    (void)setup;
    (void)state;
    tally_event(t->config->seats, t->config->sides, event, &t->tally, t->out);
    t->too_long = t->tally.hands >= SIM_MAX_HANDS_PER_MATCH && event->kind == GAME_EVENT_HAND_END;
    return t->too_long ? -1 : 0;
}

/* play_once through the match driver: for a game kept by config->games (its sink beside
 * the tally, `record`), or for agents that keep the public history (ext), which the driver
 * tells every event, and which may forfeit. The same agents, reset with the same seeds
 * (match_play_agents), and the same stop after one hand in deals mode (max_hands). 0, or
 * -1 with a message. Out of line, as the batch loop calls it only for such units. */
__attribute__((noinline)) static int play_by_driver(const sim_config_t *config, sim_worker_t *worker, int64_t unit,
                                                    uint64_t seed, int rotation, bool record, sim_play_outcome_t *out,
                                                    char *error, size_t error_size)
{
    agent_t *agents[GAME_MAX_SEATS];
    const char *specs[GAME_MAX_SEATS];
    outcome_start(config->seats, out);
    for (int seat = 0; seat < config->seats; seat++) {
        int a = sim_agent_at(config, rotation, seat);
        agents[seat] = worker->agent[seat][a];
        specs[seat] = config->agents[a];
        out->seat[seat].agent = (int8_t)a;
    }
    match_setup_t setup = {.game = config->game,
                           .rules = config->rules,
                           .agent_specs = specs,
                           .levels = config->levels,
                           .replay = config->replays ? rotation : 0,
                           .seats = config->seats,
                           .seed = seed,
                           .max_hands = config->mode == SIM_DEALS ? 1 : 0};
    sink_tally_t tally = {.config = config, .out = out, .too_long = false};
    tally_start(config->sides, &worker->fixed, &tally.tally);
    match_sink_t sinks[2] = {{.context = &tally, .on_event = tally_on_event}, {0}};
    if (record && config->games->open(config->games->context, unit, rotation, &sinks[1], error, error_size)) return -1;
    int64_t moves = 0;
    /* 0 played, 1 stopped by a sink (the tally at the hand limit, or a failed write), -1
     * with the driver's message, MATCH_FORFEIT (never with a record: sim refuses those) */
    int played = match_play_agents(&setup, agents, worker->state, sinks, record ? 2 : 1, &moves, error, error_size);
    if (played == MATCH_FORFEIT && !record) { /* the forfeiting seat's side loses, here and now */
        tally.tally.forfeit_side = tally.tally.side_of[config->game->to_move(worker->state)];
        tally.tally.winner = -1;
        out->end_reason = SIM_END_FORFEIT;
        played = 0;
    }
    char message[512] = "";
    int closed = record ? config->games->close(config->games->context, &sinks[1], played == 0, message, sizeof message)
                        : 0;
    if (played == 1 && tally.too_long)
        snprintf(error, error_size, "unit %" PRId64 ", rotation %d: the match did not end after %d hands", unit,
                 rotation, SIM_MAX_HANDS_PER_MATCH);
    else if (played == 1 || (played == 0 && closed))
        snprintf(error, error_size, "%s", message);
    if (played != 0 || closed) return -1;
    out->plies = (int32_t)moves;
    finish_play(config, config->seats, (int)worker->fixed.score_sign, worker->state, &tally.tally, out);
    take_faults(config, agents, out);
    return 0;
}

/* 0, or -1 with a message (only a game handed to a sink can fail). */
static int play_unit(const sim_config_t *config, sim_worker_t *worker, int64_t unit, sim_unit_outcome_t *out,
                     char *error, size_t error_size)
{
    out->unit = unit;
    out->seed = sim_unit_seed(config->seed, unit);
    bool record = config->games && config->games->wants(config->games->context, unit);
    for (int rotation = 0; rotation < config->rotations; rotation++) {
        if (record || worker->notified[rotation]) {
            if (play_by_driver(config, worker, unit, out->seed, rotation, record, &out->play[rotation], error,
                               error_size))
                return -1;
        } else {
            play_once(config, worker, out->seed, rotation, &out->play[rotation]);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ totals */

static inline void add_game(stats_totals_t *t, const sim_seat_outcome_t *me, int64_t margin, int hands)
{
    t->games++;
    t->wins += me->result == SIM_WIN;
    t->draws += me->result == SIM_DRAW;
    t->losses += me->result == SIM_LOSS;
    t->points += me->points;
    t->points_squared += (int64_t)me->points * me->points;
    t->hands += hands;
    t->hand_points += me->hand_points;
    t->hand_points_squared += me->hand_points_squared;
    t->margin += margin;
    t->margin_squared += margin * margin;
    t->closes += me->closes;
    t->failed_closes += me->failed_closes;
    t->illegal_moves += me->illegal_moves;
    t->timeouts += me->timeouts;
    t->crashes += me->crashes;
}

static inline uint64_t outcome_hash(const sim_play_outcome_t *play, int seats)
{
    uint64_t h = pcg32_mix(((uint64_t)(uint32_t)play->plies << 32) ^ ((uint64_t)(uint16_t)play->hands << 16) ^
                           (uint64_t)(uint8_t)play->end_reason);
    for (int seat = 0; seat < seats; seat++)
        h = pcg32_mix(h ^ ((uint64_t)(uint32_t)play->seat[seat].points << 24) ^
                      ((uint64_t)(uint16_t)play->seat[seat].pips_left << 8) ^ (uint64_t)play->seat[seat].result);
    return h;
}

/* A seat's share of a play in STATS_SHARE_WHOLE units: a win whole, a tie split among the
 * sides tied for the best (every side when a match ends without a winner). */
static inline void play_shares(int seats, const int *side_of, const sim_play_outcome_t *play, int64_t *share)
{
    unsigned tied_sides = 0;
    for (int seat = 0; seat < seats; seat++)
        if (play->seat[seat].result == SIM_DRAW) tied_sides |= 1u << side_of[seat];
    int tied = __builtin_popcount(tied_sides);
    for (int seat = 0; seat < seats; seat++) {
        int result = play->seat[seat].result;
        share[seat] = result == SIM_WIN ? STATS_SHARE_WHOLE : result == SIM_DRAW ? STATS_SHARE_WHOLE / tied : 0;
    }
}

typedef struct block_tally {
    int64_t score2, shares, games;
} block_tally_t;

/* One deal block's sums into totals that hold whole blocks. */
static inline void add_block(stats_totals_t *t, const block_tally_t *block)
{
    if (!block->games) return;
    t->blocks++;
    t->block_score2 += block->score2;
    t->block_score2_squared += block->score2 * block->score2;
    t->block_shares += block->shares;
    t->block_shares_squared += block->shares * block->shares;
    t->block_games = block->games;
}

/* Adds one unit's outcomes into totals: every sum of the seats' rows, and the blocks of
 * the agents' rows. The agents' game sums, those of their seats, are added once a batch
 * (sum_seats_into_agents), not twice a seat and unit. */
static inline __attribute__((always_inline)) void accumulate_shaped(const sim_config_t *config,
                                                                     const sim_fixed_t *fixed,
                                                                     const sim_unit_outcome_t *unit,
                                                                     sim_totals_t *totals, int seats, int rotations)
{
    /* only the rows of the agents and seats in play are used: zero those, not all the
     * table (this runs every unit) */
    block_tally_t agent_block[SIM_MAX_AGENTS], seat_block[SIM_MAX_AGENTS][GAME_MAX_SEATS];
    for (int a = 0; a < config->agent_count; a++) {
        agent_block[a] = (block_tally_t){0};
        for (int seat = 0; seat < seats; seat++) seat_block[a][seat] = (block_tally_t){0};
    }
    const int *side_of = fixed->side_of;
    int64_t sign = fixed->score_sign;
    totals->units++;
    for (int rotation = 0; rotation < rotations; rotation++) {
        const sim_play_outcome_t *play = &unit->play[rotation];
        totals->plies += play->plies;
        totals->hands += play->hands;
        totals->signature += outcome_hash(play, seats) ^ pcg32_mix((uint64_t)unit->unit);
        int64_t share[GAME_MAX_SEATS];
        play_shares(seats, side_of, play, share);
        for (int seat = 0; seat < seats; seat++) {
            const sim_seat_outcome_t *me = &play->seat[seat];
            int64_t best_other = INT64_MIN;
            for (int other = 0; other < seats; other++)
                if (side_of[other] != side_of[seat] && sign * play->seat[other].points > best_other)
                    best_other = sign * play->seat[other].points;
            int64_t margin = best_other == INT64_MIN ? 0 : sign * me->points - best_other;
            add_game(&totals->agent_seat[me->agent][seat], me, margin, play->hands);
            totals->agent_seat[me->agent][seat].shares += share[seat];
            int64_t score2 = 2 * (me->result == SIM_WIN) + (me->result == SIM_DRAW);
            block_tally_t *tallies[] = {&agent_block[me->agent], &seat_block[me->agent][seat]};
            for (int k = 0; k < 2; k++) {
                tallies[k]->score2 += score2;
                tallies[k]->shares += share[seat];
                tallies[k]->games++;
            }
        }
    }
    /* The unit is one deal block: its games share the deal, so intervals count blocks. */
    for (int a = 0; a < config->agent_count; a++) {
        add_block(&totals->agent[a], &agent_block[a]);
        for (int seat = 0; seat < seats; seat++) add_block(&totals->agent_seat[a][seat], &seat_block[a][seat]);
    }
}

/* accumulate_shaped for the commonest shapes with their seats and rotations known to the
 * compiler, which then unrolls every loop over them: two seats, with and without the
 * duplicate rotation (this runs every unit). */
static void accumulate_unit(const sim_config_t *config, const sim_fixed_t *fixed, const sim_unit_outcome_t *unit,
                            sim_totals_t *totals)
{
    if (config->seats == 2 && config->rotations == 1) accumulate_shaped(config, fixed, unit, totals, 2, 1);
    else if (config->seats == 2 && config->rotations == 2) accumulate_shaped(config, fixed, unit, totals, 2, 2);
    else accumulate_shaped(config, fixed, unit, totals, config->seats, config->rotations);
}

/* Completes totals that accumulate_unit filled: each agent's game sums from its seats'. */
static void sum_seats_into_agents(const sim_config_t *config, sim_totals_t *totals)
{
    for (int a = 0; a < config->agent_count; a++)
        for (int seat = 0; seat < config->seats; seat++) {
            stats_totals_t *agent = &totals->agent[a];
            const stats_totals_t *in_seat = &totals->agent_seat[a][seat];
#define ADD_GAME_SUM(name) agent->name += in_seat->name;
            STATS_GAME_SUMS(ADD_GAME_SUM)
#undef ADD_GAME_SUM
        }
}

bool sim_totals_add(sim_totals_t *into, const sim_totals_t *add)
{
    bool fits = true;
    for (int a = 0; a < SIM_MAX_AGENTS; a++) {
        fits &= stats_add(&into->agent[a], &add->agent[a]);
        for (int seat = 0; seat < GAME_MAX_SEATS; seat++)
            fits &= stats_add(&into->agent_seat[a][seat], &add->agent_seat[a][seat]);
    }
    fits &= !__builtin_add_overflow(into->units, add->units, &into->units);
    fits &= !__builtin_add_overflow(into->plies, add->plies, &into->plies);
    fits &= !__builtin_add_overflow(into->hands, add->hands, &into->hands);
    into->signature += add->signature; /* a checksum: it wraps */
    return fits;
}

/* ------------------------------------------------------------------ the run */

/* Each thread makes its own worker: memory a thread writes on every move (its state, its
 * agents' streams, its totals) then comes from its own malloc arena, never sharing a cache
 * line with another thread's, which would make two threads slower than one. */
static int make_workers(const sim_config_t *config, sim_worker_t **workers, int threads, char *error,
                        size_t error_size)
{
    int failed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : failed)
    {
        int t = omp_get_thread_num();
        char message[256];
        workers[t] = malloc(sizeof *workers[t]);
        if (!workers[t]) {
            snprintf(message, sizeof message, "out of memory for a worker");
            failed = 1;
        } else if (worker_init(workers[t], config, message, sizeof message)) {
            free(workers[t]);
            workers[t] = NULL;
            failed = 1;
        }
        if (failed) {
#pragma omp critical(sim_worker_error)
            snprintf(error, error_size, "%s", message);
        }
    }
    return failed ? -1 : 0;
}

static void free_workers(const sim_config_t *config, sim_worker_t **workers, int threads)
{
    for (int t = 0; t < threads; t++) {
        if (!workers[t]) continue;
        worker_free(workers[t], config);
        free(workers[t]);
    }
    free(workers);
}

/* The batches in flight. A thread takes a chunk of the oldest batch with units left, or
 * opens the next batch while fewer than SIM_PIPELINE wait to be merged; the main thread
 * merges the oldest batch once its units are all played. No thread waits for a batch to
 * end before starting the next one, so a thread whose core is shared with another process
 * holds nobody up: the other thread plays on, batches ahead. */
typedef struct sim_batch {
    int64_t first, count;         /* its units */
    int64_t claimed, done;        /* units handed out, and played */
    sim_unit_outcome_t *outcomes; /* NULL where nobody reads them (outcomes_wanted) */
    bool failed;                  /* a unit failed: the run ends before this batch */
    bool abandoned;               /* the run stopped at once (sim_config_t.abandon) while in play */
    char error[512];
} sim_batch_t;

typedef struct sim_schedule {
    pthread_mutex_t lock;
    pthread_cond_t changed;       /* a chunk played, a batch merged, or the run over */
    sim_batch_t batch[SIM_PIPELINE];
    int64_t opened, merged;       /* batches, counted from the first */
    int64_t next_unit, end_unit;  /* the first unit of the next batch opened */
    int64_t batch_size, max_batch;
    int threads;
    bool over;                    /* nothing more is handed out */
} sim_schedule_t;

typedef struct sim_chunk {
    sim_batch_t *batch;
    int slot;
    int64_t first, count;
} sim_chunk_t;

/* Whether a batch keeps its units' outcomes: the caller's callback or stopping rule reads them. */
static bool outcomes_wanted(const sim_config_t *config) { return config->batch_outcomes || config->stop_rule; }

/* Under the lock: a chunk to play, or false when none is free now. */
static bool schedule_claim(sim_schedule_t *s, sim_chunk_t *chunk)
{
    if (s->over) return false;
    for (int64_t b = s->merged; b < s->opened; b++) {
        sim_batch_t *batch = &s->batch[b % SIM_PIPELINE];
        if (batch->claimed == batch->count) continue;
        /* chunks of about an eighth of a thread's share: small enough to balance, few
         * enough that the lock is rare */
        int64_t size = batch->count / (8 * s->threads);
        size = size < 1 ? 1 : size > 256 ? 256 : size;
        if (size > batch->count - batch->claimed) size = batch->count - batch->claimed;
        *chunk = (sim_chunk_t){batch, (int)(b % SIM_PIPELINE), batch->first + batch->claimed, size};
        batch->claimed += size;
        return true;
    }
    if (s->opened - s->merged == SIM_PIPELINE || s->next_unit == s->end_unit) return false;
    sim_batch_t *batch = &s->batch[s->opened++ % SIM_PIPELINE];
    int64_t left = s->end_unit - s->next_unit;
    batch->first = s->next_unit;
    batch->count = left < s->batch_size ? left : s->batch_size;
    batch->claimed = batch->done = 0;
    batch->failed = batch->abandoned = false;
    s->next_unit += batch->count;
    return schedule_claim(s, chunk);
}

/* Under the lock: whether a thread other than the main one has no more to do. */
static bool schedule_exhausted(const sim_schedule_t *s)
{
    if (s->over) return true;
    if (s->next_unit < s->end_unit) return false;
    for (int64_t b = s->merged; b < s->opened; b++)
        if (s->batch[b % SIM_PIPELINE].claimed < s->batch[b % SIM_PIPELINE].count) return false;
    return true;
}

/* Plays a chunk's units; their totals go to the thread's totals of the batch's slot (with
 * a stopping rule, the merge counts them instead). */
static void play_chunk(const sim_config_t *config, sim_worker_t *worker, sim_schedule_t *s, const sim_chunk_t *chunk)
{
    sim_batch_t *batch = chunk->batch;
    bool failed = false, abandoned = false;
    char message[512];
    for (int64_t unit = chunk->first; unit < chunk->first + chunk->count && !failed && !abandoned; unit++) {
        sim_unit_outcome_t *out = batch->outcomes ? &batch->outcomes[unit - batch->first] : &worker->scratch;
        failed = play_unit(config, worker, unit, out, message, sizeof message) != 0;
        if (!failed && !config->stop_rule) accumulate_unit(config, &worker->fixed, out, &worker->totals[chunk->slot]);
        /* read after the unit: one played while the flag was up may hold moves an agent gave up on */
        abandoned = config->abandon && *config->abandon;
    }
    pthread_mutex_lock(&s->lock);
    batch->abandoned |= abandoned;
    if (failed && !batch->failed) {
        batch->failed = true;
        snprintf(batch->error, sizeof batch->error, "%s", message);
    }
    batch->done += chunk->count;
    if (batch->done == batch->count) pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
}

/* A thread other than the main one: chunks until none is left. */
static void serve(const sim_config_t *config, sim_worker_t *worker, sim_schedule_t *s)
{
    for (;;) {
        sim_chunk_t chunk;
        pthread_mutex_lock(&s->lock);
        bool claimed;
        while (!(claimed = schedule_claim(s, &chunk)) && !schedule_exhausted(s))
            pthread_cond_wait(&s->changed, &s->lock); /* every batch in flight is handed out */
        pthread_mutex_unlock(&s->lock);
        if (!claimed) return;
        play_chunk(config, worker, s, &chunk);
    }
}

/* What the main thread carries from merge to merge. */
typedef struct sim_merge {
    const sim_config_t *config;
    sim_worker_t **workers;
    sim_totals_t *totals;
    sim_batch_fn on_batch;
    void *context;
    volatile sig_atomic_t *stop;
    char *error;
    size_t error_size;
    double last;  /* when the last merge ended */
    int result;   /* of sim_run */
} sim_merge_t;

/* A batch played without failure, into the totals and to the caller's callback. Returns
 * whether the run goes on. */
static bool add_batch(const sim_schedule_t *s, const sim_batch_t *batch, int slot, sim_merge_t *m)
{
    const sim_config_t *config = m->config;
    bool decided = false;
    int kept = (int)batch->count;
    if (config->stop_rule) { /* the threads counted nothing: the units the rule keeps count, as one thread's */
        kept = config->stop_rule(config->stop_context, batch->outcomes, kept, &decided);
        for (int k = 0; k < kept; k++)
            accumulate_unit(config, &m->workers[0]->fixed, &batch->outcomes[k], &m->workers[0]->totals[slot]);
    }
    for (int t = 0; t < s->threads; t++) {
        sum_seats_into_agents(config, &m->workers[t]->totals[slot]);
        bool fits = sim_totals_add(m->totals, &m->workers[t]->totals[slot]); /* the totals of one run: always */
        assert(fits);
        (void)fits;
        memset(&m->workers[t]->totals[slot], 0, sizeof m->workers[t]->totals[slot]);
    }
    bool more = true;
    if (m->on_batch && m->on_batch(m->context, batch->first, kept, batch->outcomes, m->totals)) {
        m->result = -1;
        more = false;
    } else if (decided) {
        more = false; /* the rule has decided: the run is complete */
    } else if (m->stop && *m->stop && batch->first + kept < s->end_unit) {
        m->result = 1;
        more = false;
    }
    return more;
}

/* The main thread: the oldest batch, all played, into the totals and to the caller, and
 * the size of the batches opened next. Returns whether the run goes on. */
static bool merge_batch(sim_schedule_t *s, sim_merge_t *m)
{
    int slot = (int)(s->merged % SIM_PIPELINE);
    sim_batch_t *batch = &s->batch[slot];
    bool more = false;
    if (batch->failed) {
        snprintf(m->error, m->error_size, "%s", batch->error);
        m->result = -1; /* the batch counts for nothing: the run stops at the last batch kept */
    } else if (batch->abandoned) {
        m->result = 1; /* stopped at once: the batch counts for nothing, as an unfinished one */
    } else {
        more = add_batch(s, batch, slot, m);
    }
    /* batch sizes follow the time between merges; they never change a result */
    double now = omp_get_wtime(), seconds = now - m->last;
    m->last = now;
    pthread_mutex_lock(&s->lock);
    if (seconds < SIM_BATCH_SECONDS / 2 && s->batch_size < s->max_batch) {
        /* up to sixteenfold at once: short workloads reach their size before they end */
        int64_t factor = 2;
        while (factor < 16 && seconds * factor * 2 < SIM_BATCH_SECONDS / 2) factor *= 2;
        s->batch_size = s->batch_size * factor < s->max_batch ? s->batch_size * factor : s->max_batch;
    } else if (seconds > SIM_BATCH_SECONDS * 2 && s->batch_size > s->threads) s->batch_size /= 2;
    s->merged++;
    if (!more) s->over = true;
    pthread_cond_broadcast(&s->changed);
    pthread_mutex_unlock(&s->lock);
    return more;
}

/* The main thread plays chunks too, and merges each batch as soon as it is complete. */
static void lead(sim_worker_t *worker, sim_schedule_t *s, sim_merge_t *m)
{
    for (;;) {
        sim_chunk_t chunk;
        pthread_mutex_lock(&s->lock);
        bool mergeable = false, claimed = false, finished = false;
        for (;;) {
            finished = s->merged == s->opened && s->next_unit == s->end_unit;
            mergeable = s->merged < s->opened && s->batch[s->merged % SIM_PIPELINE].done ==
                                                     s->batch[s->merged % SIM_PIPELINE].count;
            if (finished || mergeable || (claimed = schedule_claim(s, &chunk))) break;
            pthread_cond_wait(&s->changed, &s->lock); /* another thread holds the oldest units */
        }
        if (finished) {
            s->over = true;
            pthread_cond_broadcast(&s->changed);
        }
        pthread_mutex_unlock(&s->lock);
        if (finished) return;
        if (mergeable && !merge_batch(s, m)) return;
        if (claimed) play_chunk(m->config, worker, s, &chunk);
    }
}

static int schedule_init(sim_schedule_t *s, const sim_config_t *config, int threads, bool outcomes)
{
    memset(s, 0, sizeof *s);
    s->next_unit = config->first_unit;
    s->end_unit = config->end_unit > config->first_unit ? config->end_unit : config->first_unit;
    s->batch_size = SIM_FIRST_BATCH;
    /* kept outcomes bound a batch's memory; totals alone bound nothing */
    s->max_batch = outcomes ? SIM_MAX_BATCH : SIM_MAX_BATCH_UNKEPT;
    s->threads = threads;
    for (int k = 0; k < SIM_PIPELINE && outcomes; k++)
        if (!(s->batch[k].outcomes = malloc(SIM_MAX_BATCH * sizeof *s->batch[k].outcomes))) return -1;
    if (pthread_mutex_init(&s->lock, NULL)) return -1;
    if (pthread_cond_init(&s->changed, NULL)) {
        pthread_mutex_destroy(&s->lock);
        return -1;
    }
    return 0;
}

static void schedule_free(sim_schedule_t *s, bool made)
{
    for (int k = 0; k < SIM_PIPELINE; k++) free(s->batch[k].outcomes);
    if (!made) return;
    pthread_cond_destroy(&s->changed);
    pthread_mutex_destroy(&s->lock);
}

int sim_run(const sim_config_t *config, sim_totals_t *totals, sim_batch_fn on_batch, void *context,
            volatile sig_atomic_t *stop, char *error, size_t error_size)
{
    int threads = config->threads > 0 ? config->threads : 1;
    sim_worker_t **workers = calloc((size_t)threads, sizeof *workers);
    sim_schedule_t *schedule = malloc(sizeof *schedule);
    bool made = false;
    if (!workers || !schedule) {
        snprintf(error, error_size, "out of memory for %d threads", threads);
        free(workers);
        free(schedule);
        return -1;
    }
    int result = 0;
    if (schedule_init(schedule, config, threads, outcomes_wanted(config))) {
        snprintf(error, error_size, "out of memory for the batches of %d threads", threads);
        result = -1;
    } else {
        made = true;
        if (make_workers(config, workers, threads, error, error_size)) result = -1;
    }
    if (result == 0) {
        sim_merge_t merge = {config, workers, totals, on_batch, context, stop, error, error_size, omp_get_wtime(), 0};
#pragma omp parallel num_threads(threads)
        {
            int t = omp_get_thread_num();
            if (t == 0) lead(workers[0], schedule, &merge);
            else serve(config, workers[t], schedule);
        }
        result = merge.result;
    }
    free_workers(config, workers, threads);
    schedule_free(schedule, made);
    free(schedule);
    return result;
}
