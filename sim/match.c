/* match.c - plays one match between agents through the game and agent interfaces. */
#include "match.h"

#include <stdio.h>
#include <stdlib.h>

enum { MATCH_MAX_PLIES = 10000000 }; /* a guard against a game that never ends */

uint64_t match_agent_seed(uint64_t match_seed, int seat)
{
    return pcg32_mix(match_seed ^ pcg32_mix(0x6167656E74ULL + (uint64_t)seat)); /* "agent" */
}

uint64_t match_replay_seed(uint64_t match_seed, int replay)
{
    if (replay == 0) return match_seed;
    return pcg32_mix(match_seed ^ pcg32_mix(0x7265706C6179ULL + (uint64_t)replay)); /* "replay" */
}

static int dispatch(const match_setup_t *setup, match_sink_t *sinks, int sink_count, const void *state,
                    const game_events_t *events)
{
    for (int i = 0; i < events->count; i++)
        for (int k = 0; k < sink_count; k++)
            if (sinks[k].on_event && sinks[k].on_event(sinks[k].context, setup, state, &events->item[i])) return 1;
    return 0;
}

static void destroy_agents(agent_t **agents, int seats)
{
    for (int seat = 0; seat < seats; seat++) agent_destroy(agents[seat]);
}

int match_play(const match_setup_t *setup, match_sink_t *sinks, int sink_count, char *error, size_t error_size)
{
    const game_t *game = setup->game;
    agent_t *agents[GAME_MAX_SEATS] = {0};
    void *state = malloc(game->state_size);
    if (!state) {
        snprintf(error, error_size, "out of memory for the game state");
        return -1;
    }
    for (int seat = 0; seat < setup->seats; seat++) {
        if (agent_create(setup->agent_specs[seat], setup->levels, game, setup->rules, seat,
                         match_agent_seed(match_replay_seed(setup->seed, setup->replay), seat),
                         &agents[seat], error, error_size)) {
            destroy_agents(agents, setup->seats);
            free(state);
            return -1;
        }
    }
    game->match_start(state, setup->rules, setup->seed);
    int result = 0;
    for (int k = 0; k < sink_count && !result; k++)
        if (sinks[k].on_start && sinks[k].on_start(sinks[k].context, setup)) result = 1;
    game_move_t moves[GAME_MAX_MOVES];
    game_events_t events;
    for (long plies = 0; !result && game->status(state) != GAME_MATCH_OVER; plies++) {
        events.count = 0;
        if (plies > MATCH_MAX_PLIES) {
            snprintf(error, error_size, "the match did not end after %d moves", MATCH_MAX_PLIES);
            result = -1;
            break;
        }
        if (game->status(state) == GAME_BETWEEN_HANDS) {
            game->deal(state, &events);
        } else {
            int seat = game->to_move(state);
            int count = game->legal_moves(state, moves);
            game->apply(state, agent_choose(agents[seat], state, moves, count), &events);
        }
        result = dispatch(setup, sinks, sink_count, state, &events);
    }
    destroy_agents(agents, setup->seats);
    free(state);
    return result;
}
