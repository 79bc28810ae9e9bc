/* bergen.h - the Bergen family (docs/rules/bergen.md and double-bergen.md): Bergen,
 * Bergen classic and Double Bergen are one engine with one option table.
 *
 * Other modules use the games through engine/game.h; this header adds the family's
 * reasons, the rule functions that tests check against the test vectors, and the state
 * layout for white-box tests. The files of the family are listed in bergen_internal.h.
 *
 * Invariants of bergen_state_t (checked by tests/test_bergen_invariants.c):
 *   - every physical tile is in exactly one place: one hand, the layout, or the undrawn
 *     stock (deck[stock_next..rules->physical_count));
 *   - hand_count[s] == tileset_size(hand[s]);
 *   - open_ends == bergen_open_ends(state) (a cache the hot paths read);
 *   - score changes only by events (placement points, hand-end awards).
 * Physical tiles: with num_sets = k, copy c of tile t is bit c*T + t (T tiles per set), so
 * identical tiles stay distinct in bitsets; moves and records name the tile t only.
 */
#ifndef DOMINOLAB_BERGEN_H
#define DOMINOLAB_BERGEN_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

extern const game_t bergen_game;        /* presets bergen, bergen_classic */
extern const game_t double_bergen_game; /* presets double_bergen, double_bergen_12 */

/* Option indices, in the order of the table in bergen.md §3. */
enum bergen_option {
    BERGEN_SET_MAX, BERGEN_NUM_SETS, BERGEN_PLAYERS, BERGEN_HAND_SIZE, BERGEN_STOCK_RESERVE,
    BERGEN_DRAW_MODE, BERGEN_DRAWN_TILE_MUST_BE_PLAYED, BERGEN_OPENER_RULE, BERGEN_OPENING_TILE,
    BERGEN_NO_DOUBLE_RULE, BERGEN_LAYOUT, BERGEN_SPINNER_ARMS, BERGEN_FIRST_DOUBLE_BOTH_SIDES,
    BERGEN_SCORING, BERGEN_COMBINATION_SCOPE, BERGEN_NEAR_GOAL, BERGEN_END_AWARD, BERGEN_DOMINO_POINTS,
    BERGEN_BLOCK_METHOD, BERGEN_BLOCK_POINTS, BERGEN_AMERICAN_RULE_C, BERGEN_GERMAN_RULE_C_SCOPE,
    BERGEN_LIGHTEST_HAND_POINTS, BERGEN_LIGHTEST_TIE, BERGEN_DEDUCTION_PER_TILE, BERGEN_SCORE_FLOOR,
    BERGEN_TARGET, BERGEN_WIN_CHECK, BERGEN_NEXT_DESIGNATED_STARTER, BERGEN_OPTION_COUNT
};

/* Why points were credited or a hand ended: the `reason` words of the family's records
 * (bergen_record.c names them). */
typedef enum bergen_reason {
    BERGEN_REASON_NONE,
    BERGEN_REASON_DOMINO,         /* a seat went out; the award for it */
    BERGEN_REASON_BLOCKED,        /* the hand ended blocked (R18) */
    BERGEN_REASON_BLOCK,          /* the award for winning a blocked hand (R19) */
    BERGEN_REASON_LIGHTEST_HAND,  /* R20 */
    BERGEN_REASON_DEDUCTION,      /* DB R14 */
    BERGEN_REASON_TARGET_REACHED, /* the match was won during the hand (R24) */
    BERGEN_REASON_REDEAL,         /* the hand is void and dealt again (R6) */
    BERGEN_REASON_COUNT
} bergen_reason_t;

/* Choice values (indices into each option's symbols). */
enum { BERGEN_DRAW_UNTIL_PLAYABLE, BERGEN_DRAW_ONE_PER_TURN };
enum { BERGEN_OPENER_LOWEST_DOUBLE, BERGEN_OPENER_HIGHEST_DOUBLE, BERGEN_OPENER_ROTATING };
enum { BERGEN_OPENING_QUALIFYING, BERGEN_OPENING_ANY_DOUBLE };
enum { BERGEN_NO_DOUBLE_DRAW_IN_TURN, BERGEN_NO_DOUBLE_REDEAL };
enum { BERGEN_LAYOUT_LINE, BERGEN_LAYOUT_SPINNER };
enum { BERGEN_SCORING_HEADERS, BERGEN_SCORING_COMBINATIONS };
enum { BERGEN_SCOPE_ALL_EXPOSED, BERGEN_SCOPE_NEW_END_ONLY };
enum { BERGEN_NEAR_GOAL_NONE, BERGEN_NEAR_GOAL_PAGAT, BERGEN_NEAR_GOAL_CAP };
enum { BERGEN_AWARD_WINNER, BERGEN_AWARD_LIGHTEST_HAND, BERGEN_AWARD_TILE_DEDUCTION };
enum { BERGEN_BLOCK_SIMPLE, BERGEN_BLOCK_AMERICAN, BERGEN_BLOCK_GERMAN };
enum { BERGEN_AMERICAN_LITERAL, BERGEN_AMERICAN_NO_DOUBLE_PLAYERS };
enum { BERGEN_GERMAN_TIED, BERGEN_GERMAN_ALL };
enum { BERGEN_TIE_NONE, BERGEN_TIE_ALL };
enum { BERGEN_FLOOR_NONE, BERGEN_FLOOR_ZERO };
enum { BERGEN_WIN_IMMEDIATE, BERGEN_WIN_END_OF_HAND };
enum { BERGEN_NEXT_LEFT_OF_LEADER, BERGEN_NEXT_LEFT_OF_DESIGNATED };

/* The options resolved into plain numbers ("by_players" and "by_method" replaced). */
typedef struct bergen_rules {
    option_values_t values;
    int set_max, num_sets, players, hand_size, stock_reserve;
    int draw_mode, drawn_tile_must_be_played, opener_rule, opening_tile, no_double_rule;
    int layout, spinner_arms, first_double_both_sides, scoring, combination_scope, near_goal;
    int end_award, domino_points, block_method, block_points, american_rule_c, german_rule_c_scope;
    int lightest_hand_points, lightest_tie, deduction_per_tile, score_floor, target, win_check;
    int hand_end_points_max; /* the observation's: the most R19-R22 credit one seat, -1 unbounded */
    int next_designated_starter;
    int tile_count;     /* T: tiles in one set */
    int physical_count; /* num_sets * T */
    int end_count;      /* 2 for a line, spinner_arms for a spinner */
    int dealt_count;    /* players * hand_size: the deck position where the stock begins */
    int drawable_end;   /* physical_count - stock_reserve: the deck position of the reserve (R3) */
    bool narrow;        /* every physical tile fits in word 0: the hot paths read one word */
    bool plain;         /* narrow and one set: a physical tile is its own logical tile */
    bool plain_header_line; /* plain, a line, headers scoring: the playout's line kernel (bergen.c) */
    bool plain_combination_spinner; /* plain, a spinner, combinations: its spinner kernel */
    bool may_keep_drawn; /* one_per_turn without drawn_tile_must_be_played: a drawn tile may be kept (A12) */
    tileset_t physical_suit[TILESET_MAX_NUMBER + 1];
    tileset_t physical_doubles;
    tileset_t one_set;         /* logical tiles: copy 0 of every tile */
    tileset_t logical_doubles; /* the doubles of one set */
    uint8_t logical_of[TILESET_MAX_BITS];
} bergen_rules_t;

typedef enum bergen_phase {
    BERGEN_PHASE_LEAD,         /* the opener places the opening double */
    BERGEN_PHASE_OPENING_DRAW, /* nobody holds a double: draw in turn (R6) */
    BERGEN_PHASE_PLAY,         /* place, draw or pass */
    BERGEN_PHASE_PLAY_DRAWN    /* only the tile just drawn may be placed (R12) */
} bergen_phase_t;

/* DB R12 as the layout stands: each number's exposures (an arm's end showing it, twice for
 * a crosswise double there, and twice for the spinner while an arm is bare; on a line the
 * bare sides of the opening double play the spinner's part), and `total`, the points of
 * every combination (the exposures of the numbers shown twice or more). Kept up to date
 * by each placement, so that a candidate's points are two or three changes of these. */
typedef struct bergen_exposures {
    uint8_t count[TILESET_MAX_NUMBER + 1];
    uint8_t total;
} bergen_exposures_t;

typedef struct bergen_state {
    const bergen_rules_t *rules;
    pcg32_t rng; /* deals and hand 1's designated starter */
    uint8_t status, phase, seats, end_count;
    int8_t to_move, opener, starter, leader; /* leader: who placed the opening double */
    int8_t opening_number;                   /* number of the opening double, -1 before it */
    int8_t drawn_tile;                       /* physical tile that must or may be placed, -1 */
    int8_t qualifying_tile;                  /* R5 qualifying_double: the tile the opener must lead, -1 */
    uint8_t hand_void;                       /* the hand was voided (R6) and is dealt again */
    uint8_t end_double;                      /* bit e: end e's outermost tile is a crosswise double */
    uint8_t end_started;                     /* bit e: a tile covers that side/arm of the opening double */
    uint8_t open_ends;                       /* bergen_open_ends(), kept up to date by every placement */
    int8_t end_number[GAME_MAX_ENDS];
    bergen_exposures_t exposures;            /* combination scoring only (DB R12), kept by every placement */
    /* ---- everything above is the layout's ends and what the scoring rules read of the
     * state: placement_points (bergen.c) copies only these bytes. Keep new fields that
     * mark_placement, compute_open_ends or layout_points read above this line. ---- */
    uint8_t layout_count;
    uint8_t stock_next; /* deck position of the next tile to draw */
    uint8_t end_reason; /* how the last hand ended (bergen_reason_t), for the record's reader */
    int8_t hand_winner; /* the seat that won the last hand, -1 none (its HAND_END event) */
    uint8_t hand_count[GAME_MAX_SEATS];
    uint8_t draws[GAME_MAX_SEATS], passes[GAME_MAX_SEATS];
    int16_t hand_number;
    int32_t score[GAME_MAX_SEATS];
    tileset_t hand[GAME_MAX_SEATS];  /* physical */
    tileset_t lacks[GAME_MAX_SEATS]; /* logical: known not to be held */
    tileset_t layout;                /* physical */
    /* Physical tiles in the order dealt: seat 0's hand, seat 1's, ..., each hand_size long,
     * then the stock in draw order from deck[dealt_count]. The hands as dealt are kept here
     * only for the record (get_deal); the tiles actually held are in hand[]. */
    uint8_t deck[TILESET_MAX_BITS];
} bergen_state_t;
_Static_assert(offsetof(bergen_state_t, rules) == 0, "a state begins with its rules (game_state_set_rules)");

enum { BERGEN_ENDS_PREFIX = offsetof(bergen_state_t, layout_count) };

/* ---- rule functions (pure; tested against the vectors of bergen.md §7) ---- */

/* Hand facts the block methods of R21 use. */
typedef struct bergen_hand_facts {
    int pips, tiles, doubles;
    int lowest_double; /* number of the lowest double held, or -1 */
} bergen_hand_facts_t;
bergen_hand_facts_t bergen_hand_facts(const bergen_rules_t *rules, tileset_t physical_hand);
/* R21: the winner of a blocked hand, or -1. */
int bergen_block_winner(int block_method, int american_rule_c, int german_rule_c_scope, int seats,
                        const bergen_hand_facts_t *facts);
/* R20: marks winners[seat] for the lightest hand; returns how many. went_out is a seat or -1. */
int bergen_lightest_hands(int lightest_tie, int seats, const bergen_hand_facts_t *facts, int went_out,
                          bool *winners);
/* R16 / DB R13: points credited for a placement worth `points` when `distance` short of the target. */
int bergen_near_goal(int near_goal, int points, int distance);
/* Ends a tile may be attached to now, bit e for end e: R10 (both sides of the opening double
 * first) and DB R8 (every arm of the spinner started before any is extended). Computed from
 * opening_number and end_started, not read from the open_ends cache, so a position written
 * field by field (white-box tests) reads correctly. */
unsigned bergen_open_ends(const bergen_state_t *state);
/* R14 / DB R12: points of the layout just after a placement that exposed `new_number`. */
int bergen_layout_points(const bergen_rules_t *rules, const bergen_state_t *state, int new_number);

/* The logical tiles (copies folded together) of a set of physical tiles. */
tileset_t bergen_logical_tiles(const bergen_rules_t *rules, tileset_t physical);

/* Looks up the rules behind a game_rules_t created by a Bergen-family game. */
static inline const bergen_rules_t *bergen_rules_of(const game_rules_t *rules)
{
    return (const bergen_rules_t *)(const void *)rules;
}

/* bergen_determinize.c */
void bergen_observe(const void *state, int seat, game_observation_t *out);
void bergen_determinize(const void *state, int seat, pcg32_t *rng, void *out_state);

#endif
