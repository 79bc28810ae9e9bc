/* partnership.h - Partnership dominoes and its variants (docs/rules/partnership.md): four
 * seats in two teams, seven tiles each, no stock, a two-ended line.
 *
 * Other modules use the game through engine/game.h; this header adds its reasons, its
 * decisions, the rule functions the test vectors check, and the state layout for
 * white-box tests.
 *
 * Invariants of partnership_state_t (tests/test_partnership_vectors.c):
 *   - every tile of the double-six set is in exactly one hand or on the table;
 *   - hand_count[s] == tileset_size(hand[s]);
 *   - a team's score changes only by award events.
 */
#ifndef DOMINOLAB_PARTNERSHIP_H
#define DOMINOLAB_PARTNERSHIP_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

extern const game_t partnership_game;

enum { PARTNERSHIP_SEATS = 4, PARTNERSHIP_TEAMS = 2, PARTNERSHIP_HAND_SIZE = 7, PARTNERSHIP_TILES = 28 };

/* Option indices, in the order of the table in partnership.md §2; `players` (always 4, §1)
 * comes last, because the command line sets every game's seat count through it. */
enum partnership_option {
    PT_FIRST_HAND_LEADER, PT_NEXT_HAND_STARTER, PT_LEAD_DOUBLE_RULE, PT_ALLOW_LEAD_TO_PARTNER,
    PT_REDEAL_MIN_DOUBLES, PT_REDEAL_MODE, PT_BLOCK_WINNER_RULE, PT_BLOCK_TIE_RULE, PT_COUNT_ALL_HANDS,
    PT_SCORING_MODE, PT_SCORE_ROUNDING, PT_DOUBLE_BLANK_VALUE, PT_PASS_BONUS_FIRST, PT_PASS_BONUS_NEXT,
    PT_HAND_BONUSES, PT_HAND_BONUS_BASIS, PT_CAPICU_BONUS, PT_CAPICU_DISTINCT_ENDS, PT_CHUCHAZO_BONUS,
    PT_CHUCHAZO_RULE, PT_DOMINAO_BONUS, PT_MILO_DOMINO_POINTS, PT_MILO_POINTS, PT_MILO_BLOCK_POINTS,
    PT_TARGET, PT_HANDS_TO_WIN, PT_MIN_OPPONENT_WINS, PT_SHORTFALL_RESULT, PT_PLAYERS, PT_OPTION_COUNT
};

/* Choice values (indices into each option's symbols). */
enum { PT_FIRST_HOLDER_66, PT_FIRST_DRAW_HIGHEST };
enum { PT_NEXT_ROTATE, PT_NEXT_WINNER_LEADS, PT_NEXT_WINNING_TEAM_CHOICE, PT_NEXT_HOLDER_66_EACH_HAND };
enum { PT_LEAD_DOUBLE_NONE, PT_LEAD_DOUBLE_STARTER, PT_LEAD_DOUBLE_TEAM };
enum { PT_REDEAL_OPTIONAL, PT_REDEAL_MANDATORY };
enum { PT_BLOCK_TEAM_FEWER_PIPS, PT_BLOCK_BLOCKER_OR_NEXT_FEWER, PT_BLOCK_BLOCKER, PT_BLOCK_NEXT_AFTER_BLOCKER };
enum { PT_TIE_NO_SCORE, PT_TIE_REPLAY, PT_TIE_STARTING_TEAM_WINS, PT_TIE_MORE_TILES_WINS,
       PT_TIE_LAST_PLAYER_TEAM_LOSES, PT_TIE_LAST_PLAYER_TEAM_WINS };
enum { PT_SCORING_PIPS, PT_SCORING_PENALTY_OWN_PIPS, PT_SCORING_MILO, PT_SCORING_HANDS_WON };
enum { PT_ROUND_NONE, PT_ROUND_DIV10_MIN1, PT_ROUND_FLOOR10 };
enum { PT_BASIS_HAND_INDEX, PT_BASIS_DOMINO_WIN_INDEX };
enum { PT_CHUCHAZO_ANY_ZERO_END, PT_CHUCHAZO_ONE_ZERO_END };
enum { PT_SHORTFALL_DRAW, PT_SHORTFALL_WIN };

/* Why points were credited or a hand ended: the `reason` words of the records. */
typedef enum partnership_reason {
    PT_REASON_NONE,
    PT_REASON_DOMINO,        /* a seat went out (R11); the pip award for it (R15) */
    PT_REASON_BLOCKED,       /* the hand ended in a block (R10) */
    PT_REASON_BLOCK,         /* the pip award for a won block (R13, R14) */
    PT_REASON_OWN_PIPS,      /* penalty_own_pips: a team's own pips (R15) */
    PT_REASON_MILO,          /* milo: a domino with both ends alike (R15) */
    PT_REASON_HAND_WON,      /* hands_won: one won hand (R15) */
    PT_REASON_PASS_BONUS,    /* R18 */
    PT_REASON_PASS_BONUS_CANCELLED, /* R14 replay */
    PT_REASON_HAND_BONUS,    /* R19 */
    PT_REASON_CAPICU,        /* R20 */
    PT_REASON_CHUCHAZO,      /* R20 */
    PT_REASON_DOMINAO,       /* R20 */
    PT_REASON_REDEAL,        /* R2: the hand is void and dealt again */
    PT_REASON_REPLAY,        /* R14 replay: a tied block voids the hand */
    PT_REASON_COUNT
} partnership_reason_t;

/* Player decisions, the `end` of a GAME_MOVE_CHOICE (record: choice.decision). */
typedef enum partnership_decision {
    PT_DECISION_DEMAND_REDEAL,   /* R2 optional: extra 1 demands a redeal */
    PT_DECISION_LEAD_TO_PARTNER, /* R8: extra 1 hands the lead to the partner */
    PT_DECISION_STARTER,         /* R6 winning_team_choice: extra the chosen seat */
    PT_DECISION_COUNT
} partnership_decision_t;

typedef struct partnership_rules {
    option_values_t values;
    int first_hand_leader, next_hand_starter, lead_double_rule, allow_lead_to_partner;
    int redeal_min_doubles, redeal_mode, block_winner_rule, block_tie_rule, count_all_hands;
    int scoring_mode, score_rounding, double_blank_value, pass_bonus_first, pass_bonus_next;
    int hand_bonus_count, hand_bonus[OPTION_LIST_MAX], hand_bonus_basis;
    int capicu_bonus, capicu_distinct_ends, chuchazo_bonus, chuchazo_rule, dominao_bonus;
    int milo_domino_points, milo_points, milo_block_points;
    int target, hands_to_win, min_opponent_wins, shortfall_result;
} partnership_rules_t;

typedef enum partnership_phase {
    PT_PHASE_REDEAL_CHOICE,  /* a seat with enough doubles may demand a redeal (R2) */
    PT_PHASE_LEAD_CHOICE,    /* the starter may hand the lead to his partner (R8) */
    PT_PHASE_LEAD,           /* the first tile (R3, R6, R7) */
    PT_PHASE_PLAY,           /* place or pass (R9) */
    PT_PHASE_STARTER_CHOICE  /* after the hand: the winning team names the next starter (R6) */
} partnership_phase_t;

/* How the lead is constrained (R3, R6, R7). */
enum { PT_LEAD_ANY, PT_LEAD_66, PT_LEAD_DOUBLE };

typedef struct partnership_state {
    const partnership_rules_t *rules;
    pcg32_t rng;
    uint8_t status, phase, lead_kind, end_reason;
    int8_t to_move;
    int8_t starter;          /* nominal starter of this hand: the rotation counts from him (R6) */
    int8_t starter_from_66;  /* 1: he starts because he holds [6-6] (R2, R14 replay) */
    int8_t last_placer;      /* R18; at a block, the blocker (R10) */
    int8_t consecutive_passes;
    int8_t paid;             /* R18: pass bonuses paid this hand */
    int8_t hand_void;        /* the hand was voided (R2, R14 replay): deal it again */
    int8_t next_starter;     /* the next hand's starter, -1: the [6-6] holder of the new deal */
    int8_t next_from_choice; /* the next starter was named by the winning team (R6) */
    int8_t match_first_starter; /* starter of the match's first hand (R5) */
    int8_t previous_first_starter; /* of the previous match between the same players, -1 none (R5) */
    int8_t redeal_asked;     /* R2 optional: seats asked so far, in order from the starter */
    int8_t hand_winner;      /* team that won the last hand, -1 none */
    int8_t match_result;     /* team that won the match, -1 a draw or not over */
    int8_t end_number[2];    /* -1 before the lead */
    int8_t last_tile;        /* the last tile placed, -1 before the lead */
    int8_t ends_before_last[2]; /* the ends just before last_tile was placed (R20) */
    int8_t end_placer[2];    /* the seat whose tile each end shows, -1 before the lead */
    uint8_t hand_count[PARTNERSHIP_SEATS], passes[PARTNERSHIP_SEATS];
    uint16_t opened[PARTNERSHIP_SEATS]; /* bit n: his placements made an end show n (public) */
    int16_t hand_number;
    int16_t domino_wins;     /* R19 domino_win_index: hands of the match won by domino */
    int32_t score[PARTNERSHIP_TEAMS];
    int32_t hand_pass_bonus[PARTNERSHIP_TEAMS]; /* R18 bonuses of this hand, cancelled by replay (R14) */
    tileset_t hand[PARTNERSHIP_SEATS];
    tileset_t lacks[PARTNERSHIP_SEATS]; /* known not to be held: numbers he passed on */
    tileset_t table;
    tileset_t played[PARTNERSHIP_SEATS]; /* the tiles each seat placed this hand: with hand[], its deal */
    uint8_t deck[PARTNERSHIP_TILES]; /* the deal: seat 0's seven tiles, seat 1's, ... */
    uint8_t table_count;
} partnership_state_t;
_Static_assert(offsetof(partnership_state_t, rules) == 0, "a state begins with its rules (game_state_set_rules)");

static inline const partnership_rules_t *partnership_rules_of(const game_rules_t *rules)
{
    return (const partnership_rules_t *)(const void *)rules;
}
static inline int partnership_team(int seat) { return seat & 1; }      /* §1: seats 0,2 and 1,3 */
static inline int partnership_partner(int seat) { return (seat + 2) & 3; }
static inline int partnership_next(int seat) { return (seat + 1) & 3; } /* A1: "to the right" */

/* ---- rule functions (pure; tested against the vectors of partnership.md §7) ---- */

/* R12: pips of a set of tiles, [0-0] counting double_blank_value. */
int partnership_pips(const partnership_rules_t *rules, tileset_t tiles);
/* R17: the pip score S after rounding. */
int partnership_round(int rounding, int s);
/* R4: whether drawn tile a beats drawn tile b for the lead. */
bool partnership_draw_beats(int a, int b);
/* R5: starter of the first hand of the next match under holder_66. */
static inline int partnership_next_match_starter(int previous_first_starter)
{
    return partnership_next(previous_first_starter);
}

/* partnership_determinize.c */
void partnership_observe(const void *state, int seat, game_observation_t *out);
void partnership_determinize(const void *state, int seat, pcg32_t *rng, void *out_state);

#endif
