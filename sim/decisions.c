/* decisions.c - positions to decide at, and an agent timed at them (decisions.h). */
#include "decisions.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Positions with a choice, from random play of matches from a fixed seed, and the moves
 * that led to each from the one before it in its match (or from the match's start): an
 * agent that learns from every move (agent_wants_moves) is told them, as in a match. */

void decision_positions_free(decision_positions_t *p)
{
    free(p->states);
    free(p->match_seed);
    free(p->match_first);
    free(p->path_start);
    free(p->path_length);
    free(p->moves);
}

static int positions_alloc(decision_positions_t *p, const game_t *g, int count)
{
    *p = (decision_positions_t){.count = count, .moves_capacity = 64 * (size_t)count};
    p->states = malloc((size_t)(count + 1) * g->state_size);
    p->match_seed = malloc((size_t)count * sizeof *p->match_seed);
    p->match_first = malloc((size_t)count * sizeof *p->match_first);
    p->path_start = malloc((size_t)count * sizeof *p->path_start);
    p->path_length = malloc((size_t)count * sizeof *p->path_length);
    p->moves = malloc(p->moves_capacity * sizeof *p->moves);
    if (p->states && p->match_seed && p->match_first && p->path_start && p->path_length && p->moves) return 0;
    decision_positions_free(p);
    return -1;
}

/* 0, or -1 when the moves between positions outgrow their room (out of memory). */
static int remember_move(decision_positions_t *p, game_move_t move)
{
    if (p->moves_used == p->moves_capacity) {
        game_move_t *bigger = realloc(p->moves, 2 * p->moves_capacity * sizeof *bigger);
        if (!bigger) return -1;
        p->moves = bigger;
        p->moves_capacity *= 2;
    }
    p->moves[p->moves_used++] = move;
    return 0;
}

static int collect_positions(const setup_game_t *game, decision_positions_t *p, uint64_t seed)
{
    const game_t *g = game->game;
    game_move_t moves[GAME_MAX_MOVES];
    pcg32_t rng;
    pcg32_seed(&rng, seed, 7);
    int found = 0;
    for (uint64_t match = 0; found < p->count; match++) {
        void *state = p->states + (size_t)found * g->state_size;
        g->match_start(state, game->rules, seed + match);
        bool first = true;
        int path_start = (int)p->moves_used;
        while (found < p->count && g->status(state) != GAME_MATCH_OVER) {
            if (g->status(state) == GAME_BETWEEN_HANDS) {
                g->deal(state, NULL);
                continue;
            }
            int moves_count = g->legal_moves(state, moves);
            if (moves_count > 1 && pcg32_below(&rng, 4) == 0) { /* keep this one; play on from a copy */
                p->match_seed[found] = seed + match;
                p->match_first[found] = first;
                p->path_start[found] = path_start;
                p->path_length[found] = (int)p->moves_used - path_start;
                first = false;
                path_start = (int)p->moves_used;
                void *next = p->states + (size_t)(found + 1) * g->state_size;
                memcpy(next, state, g->state_size);
                state = next;
                found++;
                if (found == p->count) break;
            }
            game_move_t move = moves[pcg32_below(&rng, (uint32_t)moves_count)];
            if (remember_move(p, move)) return -1;
            g->apply(state, move, NULL);
        }
    }
    return 0;
}

/* Tells the agents that learn from every move the moves that led to position i, from the
 * position before it (their match's start for its first, where they start afresh). */
static void tell_path(const setup_game_t *game, const decision_positions_t *p, int i, agent_t **agents, void *scratch)
{
    const game_t *g = game->game;
    if (p->match_first[i]) {
        g->match_start(scratch, game->rules, p->match_seed[i]);
        for (int seat = 0; seat < game->seats; seat++) agent_reset(agents[seat], p->match_seed[i]);
    } else {
        memcpy(scratch, p->states + (size_t)(i - 1) * g->state_size, g->state_size);
    }
    for (int k = 0; k < p->path_length[i]; k++) {
        while (g->status(scratch) == GAME_BETWEEN_HANDS) g->deal(scratch, NULL);
        game_move_t move = p->moves[p->path_start[i] + k];
        for (int seat = 0; seat < game->seats; seat++) agent_notify_move(agents[seat], scratch, move);
        g->apply(scratch, move, NULL);
    }
}


int decision_positions_make(decision_positions_t *p, const setup_game_t *game, int count, uint64_t seed)
{
    if (positions_alloc(p, game->game, count)) return -1;
    if (collect_positions(game, p, seed)) {
        decision_positions_free(p);
        return -1;
    }
    return 0;
}

static double thread_cpu_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int decision_time(const setup_game_t *game, const decision_positions_t *p, const char *spec,
                  const agent_levels_t *levels, uint64_t seed, double min_seconds, decision_timing_t *out, char *error,
                  size_t error_size)
{
    const game_t *g = game->game;
    *out = (decision_timing_t){0};
    void *scratch = malloc(g->state_size);
    if (!scratch) {
        snprintf(error, error_size, "out of memory");
        return 2;
    }
    agent_t *agents[GAME_MAX_SEATS] = {0};
    int status = 0;
    for (int seat = 0; seat < game->seats && !status; seat++)
        if (agent_create(spec, levels, g, game->rules, seat, seed, &agents[seat], error, error_size)) status = 2;
    bool told = !status && agent_wants_moves(agents[0]);
    game_move_t moves[GAME_MAX_MOVES];
    double started = omp_get_wtime(), cpu_started = thread_cpu_seconds();
    for (int round = 0; !status && (round == 0 || out->wall_seconds < min_seconds); round++) {
        for (int i = 0; i < p->count; i++) {
            const void *state = p->states + (size_t)i * g->state_size;
            if (told) tell_path(game, p, i, agents, scratch);
            int moves_count = g->legal_moves(state, moves);
            game_move_t move = agent_choose(agents[g->to_move(state)], state, moves, moves_count);
            if (round == 0) out->signature = out->signature * 1000003u + (uint64_t)(move.kind << 16 | move.tile << 8 | move.end);
        }
        out->decisions += p->count;
        out->wall_seconds = omp_get_wtime() - started;
    }
    out->cpu_seconds = thread_cpu_seconds() - cpu_started;
    for (int seat = 0; seat < game->seats; seat++) agent_destroy(agents[seat]);
    free(scratch);
    return status;
}
