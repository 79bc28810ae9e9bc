/* solver.c - alpha-beta (paranoid with more than two sides) to the end of the hand. */
#include "solver.h"

#include <stdlib.h>
#include <string.h>

enum { SOLVER_MAX_DEPTH = 256 }; /* moves in one hand, draws and passes included */

struct solver {
    size_t state_size;
    unsigned char *states;   /* SOLVER_MAX_DEPTH + 1 states */
    game_move_t *moves;      /* SOLVER_MAX_DEPTH lists of GAME_MAX_MOVES */
    search_context_t *context;
    int side;
    long nodes, budget;
    bool aborted;
};

solver_t *solver_create(const game_t *game)
{
    solver_t *solver = calloc(1, sizeof *solver);
    if (!solver) return NULL;
    solver->state_size = game->state_size;
    solver->states = malloc((SOLVER_MAX_DEPTH + 1) * game->state_size);
    solver->moves = malloc((size_t)SOLVER_MAX_DEPTH * GAME_MAX_MOVES * sizeof *solver->moves);
    if (!solver->states || !solver->moves) {
        solver_destroy(solver);
        return NULL;
    }
    return solver;
}

void solver_destroy(solver_t *solver)
{
    if (!solver) return;
    free(solver->states);
    free(solver->moves);
    free(solver);
}


static inline void *state_at(solver_t *solver, int depth) { return solver->states + (size_t)depth * solver->state_size; }

/* Value of the state at `depth` within the window (alpha, beta). */
static double search(solver_t *solver, int depth, double alpha, double beta)
{
    const search_context_t *context = solver->context;
    const game_t *game = context->game;
    const void *state = state_at(solver, depth);
    if (game->status(state) != GAME_IN_HAND) return search_value(context, state, solver->side);
    if (++solver->nodes > solver->budget || depth >= SOLVER_MAX_DEPTH) {
        solver->aborted = true;
        return 0;
    }
    game_move_t *moves = solver->moves + (size_t)depth * GAME_MAX_MOVES;
    int count = game->legal_moves(state, moves);
    /* The greedy move first: scoring moves are the likeliest to cut off. */
    int first = game_most_points_index(game, state, moves, count);
    game_move_t swap = moves[0];
    moves[0] = moves[first];
    moves[first] = swap;
    bool maximizing = game->side_of_seat(context->rules, game->to_move(state)) == solver->side;
    double best = maximizing ? -1e300 : 1e300;
    void *child = state_at(solver, depth + 1);
    for (int i = 0; i < count; i++) {
        memcpy(child, state, solver->state_size);
        game->apply(child, moves[i], NULL);
        double value = search(solver, depth + 1, alpha, beta);
        if (solver->aborted) return 0;
        if (maximizing) {
            if (value > best) best = value;
            if (best > alpha) alpha = best;
        } else {
            if (value < best) best = value;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    return best;
}

bool solver_value(solver_t *solver, search_context_t *context, const void *state, int side, long budget,
                  double *value)
{
    solver->context = context;
    solver->side = side;
    solver->nodes = 0;
    solver->budget = budget;
    solver->aborted = false;
    memcpy(state_at(solver, 0), state, solver->state_size);
    double result = search(solver, 0, -1e300, 1e300);
    if (solver->aborted) return false;
    *value = result;
    return true;
}
