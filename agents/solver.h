/* solver.h - exact search of one perfect-information world (a determinized deal, or the
 * true one) to the end of the hand: alpha-beta between one side and the rest. With two
 * sides that is plain minimax; with three or more it is the paranoid reduction (every
 * other seat plays to minimise the searching side's value), which keeps alpha-beta
 * cutoffs where max-n would lose them.
 *
 * The searcher owns a stack of states and move lists, one per depth, allocated once; a
 * search never allocates. A node budget bounds the work: past it the search gives up and
 * the caller falls back to playouts.
 */
#ifndef DOMINOLAB_SOLVER_H
#define DOMINOLAB_SOLVER_H

#include <stdbool.h>

#include "policy.h"

typedef struct solver solver_t;

solver_t *solver_create(const game_t *game);
void solver_destroy(solver_t *solver);
/* The value (search_value for `side`) of `state` under best play by both camps, searching
 * at most `budget` nodes. Returns false, leaving *value alone, if the budget ran out or
 * the hand is deeper than the solver's stack. */
bool solver_value(solver_t *solver, search_context_t *context, const void *state, int side, long budget,
                  double *value);

#endif
