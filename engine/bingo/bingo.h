/* bingo.h - Bingo, the two-player domino trick game (docs/rules/bingo.md): its options,
 * rules and the pure rule functions the play is built on.
 *
 * Work in progress (issue 15): the option table, the preset and the rule functions of
 * tricks, points, following, melds and game points are here and tested against the
 * vectors BI-01..04, 07, 09, 10 and 12; the play (deal, tricks, drawing, closing, melds as
 * moves) and the game's registration are not written yet.
 */
#ifndef DOMINOLAB_BINGO_H
#define DOMINOLAB_BINGO_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

enum { BINGO_SEATS = 2, BINGO_HAND_SIZE = 7, BINGO_TILES = 28, BINGO_TILE = 0 /* [0-0] */ };

/* §2's constants: the same in every configuration. */
enum { BINGO_WIN_POINTS = 70, BINGO_LOW_POINTS = 30, BINGO_GRAND_POINTS = 210, BINGO_FAILED_CLOSE_POINTS = 2 };

/* Option indices, in the order of the table in bingo.md §2. */
enum bingo_option {
    BI_RANK_BLANK_AS_SEVEN, BI_ZERO_TRUMP_BINGO_VALUE, BI_BINGO_IS_TRUMP, BI_TRICK_LEADER,
    BI_PLAIN_TILE_MUST_MATCH_TO_WIN, BI_PLAIN_FOLLOW_INCLUDES_TRUMPS, BI_CLOSE_TIMING, BI_HAND_END,
    BI_CLOSED_OPPONENT_70, BI_MELD_REUSE, BI_BINGO_CAPTURE_POINT, BI_TARGET_GAME_POINTS, BI_PLAYERS,
    BI_OPTION_COUNT
};

enum { BI_LEADER_WINNER, BI_LEADER_ALTERNATE };
enum { BI_CLOSE_BEFORE_LEAD, BI_CLOSE_ANY_OWN_TURN };
enum { BI_HAND_STOP_AT_70, BI_HAND_PLAY_OUT };
enum { BI_OPPONENT_70_IGNORED, BI_OPPONENT_70_ENDS_HAND };
enum { BI_MELD_NO_REUSE, BI_MELD_UNRESTRICTED };
enum { BI_CAPTURE_ALWAYS, BI_CAPTURE_IF_HAND_WON };

typedef struct bingo_rules {
    option_values_t values;
    bool rank_blank_as_seven, bingo_is_trump, plain_tile_must_match_to_win, plain_follow_includes_trumps;
    int zero_trump_bingo_value; /* 28 or 14 (A5) */
    int trick_leader, close_timing, hand_end, closed_opponent_70, meld_reuse, bingo_capture_point;
    int target_game_points;
} bingo_rules_t;

extern const option_spec_t bingo_options[BI_OPTION_COUNT];
extern const preset_spec_t bingo_presets[1];
int bingo_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
void bingo_rules_destroy(game_rules_t *rules);
static inline const bingo_rules_t *bingo_rules_of(const game_rules_t *rules)
{
    return (const bingo_rules_t *)(const void *)rules;
}

/* ---- rule functions (pure; tested against the vectors of bingo.md §5) ---- */

/* R4, A1: the trump number a turned tile sets (its larger number). */
static inline int bingo_trump_of(int turned) { return tileset_high(turned); }
/* R5: a tile showing the trump number; Bingo counts as one only with t = 0 or bingo_is_trump. */
bool bingo_is_trump_tile(const bingo_rules_t *rules, int trump, int tile);
/* R13: the points a captured tile is worth. */
int bingo_tile_points(const bingo_rules_t *rules, int trump, int tile);
/* R13, BI-03: the points of all 28 tiles. */
int bingo_set_points(const bingo_rules_t *rules, int trump);
/* R8: whether the follower's tile wins the trick the leader's tile led. */
bool bingo_follower_wins(const bingo_rules_t *rules, int trump, int led, int followed);
/* R12: the tiles of `hand` the follower may place on `led` in the closed phase (in the open
 * phase, R7, every tile). */
uint64_t bingo_closed_follows(const bingo_rules_t *rules, int trump, int led, uint64_t hand);
/* R15: the points of a meld of `doubles` (a set of tiles, all doubles): 0 for fewer than two. */
int bingo_meld_points(uint64_t doubles);
/* R17: game points to the hand winner, from his points at hand end and the loser's points
 * when he first reached 70. A failed close gives BINGO_FAILED_CLOSE_POINTS instead. */
int bingo_game_points(int winner_points_at_end, int loser_points_at_70);
/* R20, A17: the match winner after a hand's awards (0 or 1), or -1 while neither has the
 * target; `hand_winner` decides equal totals. */
int bingo_match_winner(const bingo_rules_t *rules, const int *game_points, int hand_winner);

#endif
