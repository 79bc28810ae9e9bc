/* heuristic_trick.h - the heuristic's evaluation in a trick game (Bingo), inside the agents
 * library: heuristic_pick hands a trick game's decisions here. */
#ifndef DOMINOLAB_HEURISTIC_TRICK_H
#define DOMINOLAB_HEURISTIC_TRICK_H

#include "heuristic.h"

/* Index of the best of the legal moves, as heuristic_pick_valued (values: NULL, or each
 * move's value); the game has capture_points and tiles_beating. */
int heuristic_trick_pick(const game_t *game, const void *state, const game_move_t *moves, int count,
                         const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values);
/* heuristic_trick_pick told what the seat to move observes (`observation`, as game->observe
 * writes it; NULL: observed here). */
int heuristic_trick_pick_observed(const game_t *game, const void *state, const game_observation_t *observation,
                                  const game_move_t *moves, int count, const heuristic_weights_t *weights,
                                  void *scratch, heuristic_memo_t *memo, double *values);

/* heuristic_trick_pick with every set operation on both words of the sets, as it is
 * where a tile in play lies past index 63: where none does, it must give the very pick and
 * values (tests/test_bingo_agents.c), which heuristic_trick_pick computes on the first
 * word alone. */
int heuristic_trick_pick_wide(const game_t *game, const void *state, const game_move_t *moves, int count,
                              const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo,
                              double *values);

/* Whether a follow of `tile` by the observing seat (obs->seat, to move), taking `stake`
 * capture points (its tile's and the led tile's) to the trick's winner (`won`: the
 * follower, else the leader), may end the hand (R16: the winner's hand points reach
 * `hand_target`, the game's fact of that name, or a side is there already, or both hands run out, which takes the
 * follower's last tile) or let the follower meld (R15: a trick he won with a double, holding
 * another). When it may not, the hand goes on after the trick with no meld for the
 * follower, and the trial move that values both is skipped. */
bool heuristic_trick_follow_may_end_or_meld(const game_observation_t *obs, int hand_target, int stake, bool won,
                                            int tile);

#endif
