/* match.c - plays one match between agents through the game and agent interfaces. */
#include "match.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

enum { MATCH_MAX_PLIES = 10000000 }; /* a guard against a game that never ends */

uint64_t match_agent_salt(int seat) { return pcg32_mix(0x6167656E74ULL + (uint64_t)seat); /* "agent" */ }

uint64_t match_agent_seed(uint64_t match_seed, int seat) { return match_agent_seed_salted(match_seed, match_agent_salt(seat)); }

uint64_t match_replay_seed(uint64_t match_seed, int replay)
{
    if (replay == 0) return match_seed;
    return pcg32_mix(match_seed ^ pcg32_mix(0x7265706C6179ULL + (uint64_t)replay)); /* "replay" */
}

int match_leading_side(const game_t *game, const game_rules_t *rules, const void *state)
{
    int scores[GAME_MAX_SEATS], sides = game->side_count(rules), best = -1, sign = game_score_sign(game, rules);
    bool tied = false;
    game->scores(state, scores);
    for (int side = 0; side < sides; side++) scores[side] *= sign; /* how far ahead */
    for (int side = 0; side < sides; side++) {
        if (best < 0 || scores[side] > scores[best]) {
            best = side;
            tied = false;
        } else if (scores[side] == scores[best]) {
            tied = true;
        }
    }
    return tied ? -1 : best;
}

static int dispatch(const match_setup_t *setup, match_sink_t *sinks, int sink_count, const void *state,
                    const game_events_t *events)
{
    for (int i = 0; i < events->count; i++)
        for (int k = 0; k < sink_count; k++)
            if (sinks[k].on_event && sinks[k].on_event(sinks[k].context, setup, state, &events->item[i])) return 1;
    return 0;
}

static int hands_ended(const game_events_t *events)
{
    int hands = 0;
    for (int i = 0; i < events->count; i++)
        hands += events->item[i].kind == GAME_EVENT_HAND_END && !(events->item[i].flags & GAME_EVENT_VOID);
    return hands;
}

int match_play_agents(const match_setup_t *setup, agent_t *const *agents, void *state, match_sink_t *sinks,
                      int sink_count, int64_t *moves, char *error, size_t error_size)
{
    const game_t *game = setup->game;
    uint64_t agent_seed = match_replay_seed(setup->seed, setup->replay);
    for (int seat = 0; seat < setup->seats; seat++) agent_reset(agents[seat], match_agent_seed(agent_seed, seat));
    if (setup->series_match > 0 && game->match_start_next) game->match_start_next(state, setup->rules, setup->seed);
    else game->match_start(state, setup->rules, setup->seed);
    *moves = 0;
    int result = 0, hands = 0;
    for (int k = 0; k < sink_count && !result; k++)
        if (sinks[k].on_start && sinks[k].on_start(sinks[k].context, setup)) result = 1;
    game_move_t legal[GAME_MAX_MOVES];
    game_events_t events;
    for (long steps = 0; !result; steps++) {
        game_status_t status = game->status(state);
        if (status == GAME_MATCH_OVER) break;
        if (status == GAME_BETWEEN_HANDS && setup->max_hands > 0 && hands >= setup->max_hands) {
            /* The engine would deal on; the match as asked for is over. */
            events.count = 1;
            events.item[0] = (game_event_t){.kind = GAME_EVENT_MATCH_END,
                                            .seat = (int8_t)match_leading_side(game, setup->rules, state)};
            result = dispatch(setup, sinks, sink_count, state, &events);
            break;
        }
        if (steps > MATCH_MAX_PLIES) {
            snprintf(error, error_size, "the match did not end after %d moves", MATCH_MAX_PLIES);
            result = -1;
            break;
        }
        events.count = 0;
        if (status == GAME_BETWEEN_HANDS) {
            game->deal(state, &events);
        } else {
            int seat = game->to_move(state);
            int count = game->legal_moves(state, legal);
            game_move_t move = agent_choose(agents[seat], state, legal, count);
            if (agent_forfeited(agents[seat])) {
                result = MATCH_FORFEIT;
                break;
            }
            for (int k = 0; k < sink_count && !result; k++)
                if (sinks[k].on_move && sinks[k].on_move(sinks[k].context, setup, state, move)) result = 1;
            if (result) break;
            for (int other = 0; other < setup->seats; other++) agent_notify_move(agents[other], state, move);
            game->apply(state, move, &events);
            ++*moves;
        }
        hands += hands_ended(&events);
        for (int i = 0; i < events.count; i++) /* agents that keep the public history */
            for (int seat = 0; seat < setup->seats; seat++) agent_notify(agents[seat], state, &events.item[i]);
        result = dispatch(setup, sinks, sink_count, state, &events);
    }
    return result;
}

static void destroy_agents(agent_t **agents, int seats)
{
    for (int seat = 0; seat < seats; seat++) agent_destroy(agents[seat]);
}

int match_play(const match_setup_t *setup, match_sink_t *sinks, int sink_count, char *error, size_t error_size)
{
    const game_t *game = setup->game;
    agent_t *agents[GAME_MAX_SEATS] = {0};
    void *state = setup->series_state ? setup->series_state : malloc(game->state_size);
    if (!state) {
        snprintf(error, error_size, "out of memory for the game state");
        return -1;
    }
    for (int seat = 0; seat < setup->seats; seat++) {
        const char *spec = setup->played_specs ? setup->played_specs[seat] : setup->agent_specs[seat];
        if (agent_create(spec, setup->levels, game, setup->rules, seat,
                         match_agent_seed(match_replay_seed(setup->seed, setup->replay), seat), &agents[seat], error,
                         error_size)) {
            destroy_agents(agents, setup->seats);
            if (state != setup->series_state) free(state);
            return -1;
        }
    }
    int64_t moves;
    int result = match_play_agents(setup, agents, state, sinks, sink_count, &moves, error, error_size);
    if (result == MATCH_FORFEIT) { /* the record format has no line for it */
        int seat = game->to_move(state);
        snprintf(error, error_size, "seat %d (%s) forfeits the match: its bot failed (on_fault=forfeit)", seat,
                 setup->played_specs ? setup->played_specs[seat] : setup->agent_specs[seat]);
        result = -1;
    }
    destroy_agents(agents, setup->seats);
    if (state != setup->series_state) free(state);
    return result;
}
