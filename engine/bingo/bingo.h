/* bingo.h - Bingo, the two-player domino trick game (docs/rules/bingo.md): its options,
 * rules and the pure rule functions the play is built on.
 *
 * The files: the option table, the preset and the rules' tables (bingo_options.c); the rule
 * functions of tricks, points, following, melds and game points (bingo_rules.c, vectors
 * BI-01..04, 07, 09, 12); the play (bingo_play.c: deal, trump, tricks, drawing, closing and
 * melds as moves, hand end, game points, match end; BI-05..13 trick by trick); what a seat
 * observes and the worlds drawn for it (bingo_determinize.c); the record's words
 * (bingo_record.c); the game through game.h (bingo.c).
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
    /* Tables of the pure rules below, per trump number, computed once by rules_create: the
     * follows that win a trick each tile led (R8), and each tile's points (R13). */
    uint32_t beating[7][BINGO_TILES];
    int16_t points[7][BINGO_TILES];
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
/* bingo_follower_wins and bingo_tile_points from the rules' tables. */
static inline bool bingo_beats(const bingo_rules_t *rules, int trump, int led, int followed)
{
    return rules->beating[trump][led] >> followed & 1;
}
static inline int bingo_points_of(const bingo_rules_t *rules, int trump, int tile) { return rules->points[trump][tile]; }
/* R12: the tiles of `hand` the follower may place on `led` in the closed phase (in the open
 * phase, R7, every tile). */
uint64_t bingo_closed_follows(const bingo_rules_t *rules, int trump, int led, uint64_t hand);
/* R12: what a closed-phase follow proves: the tiles (neither in `before`, the follower's
 * hand with `followed`, nor `led`) one more of which would have made `followed`, a legal
 * follow from `before`, illegal. The tile-by-tile reading of bingo_closed_follows, at once. */
uint64_t bingo_closed_follow_lacks(const bingo_rules_t *rules, int trump, int led, uint64_t before, int followed);
/* R15: the points of a meld of `doubles` (a set of tiles, all doubles): 0 for fewer than two. */
int bingo_meld_points(uint64_t doubles);
/* R17: game points to the hand winner, from his points at hand end and the loser's points
 * when he first reached 70. A failed close gives BINGO_FAILED_CLOSE_POINTS instead. */
int bingo_game_points(int winner_points_at_end, int loser_points_at_70);
/* R20, A17: the match winner after a hand's awards (0 or 1), or -1 while neither has the
 * target; `hand_winner` decides equal totals. */
int bingo_match_winner(const bingo_rules_t *rules, const int *game_points, int hand_winner);

/* ---- the play (bingo_play.c) ---- */

enum bingo_phase {
    BI_PHASE_LEAD,   /* the leader places a tile, or closes first (R11) */
    BI_PHASE_FOLLOW, /* the follower places a tile (R7, R12), or closes first with any_own_turn */
    BI_PHASE_MELD    /* the trick's winner melds his doubles or not (R15): MELD or END_TURN */
};

/* Why a hand ended or game points were credited: the `reason` words of the records. */
typedef enum bingo_reason {
    BI_REASON_NONE,
    BI_REASON_REACHED_70,   /* hand_end: an unclosed hand's winner reached 70 (R16) */
    BI_REASON_CLOSED,       /* hand_end: the closer reached 70 (R16) */
    BI_REASON_FAILED_CLOSE, /* hand_end and award: the close failed (R16, R17) */
    BI_REASON_GAME_POINTS,  /* award: the hand winner's game points (R17) */
    BI_REASON_BINGO_CAPTURE,/* award: Bingo took the double trump (R18) */
    BI_REASON_COUNT
} bingo_reason_t;

typedef struct bingo_state {
    const bingo_rules_t *rules;
    pcg32_t rng;
    uint8_t status, phase;
    int8_t to_move;
    int8_t starter;        /* leader of the hand's first trick (R2, R6) */
    int8_t leader;         /* of the trick in play */
    int8_t led;            /* the tile led, -1 before it */
    int8_t turned, trump;  /* the turned tile and the trump number (R4) */
    int8_t face_up;        /* the turned tile while it lies beside the stock, -1 once taken */
    int8_t closer;         /* the seat that closed, -1 (R11) */
    int8_t first_70;       /* the first seat to reach 70 this hand, -1 (R16) */
    int8_t match_result;   /* the match's winner, -1 */
    int8_t hand_winner;    /* of the last hand, -1 */
    uint8_t end_reason;    /* how the last hand ended (bingo_reason_t) */
    int8_t capture;        /* the seat whose Bingo took the double trump this hand, -1 (R18) */
    int8_t meld_double;    /* the double the trick's winner placed, while he may meld */
    int8_t face_up_taker;  /* who took the face-up tile (R10; public), -1 */
    uint8_t stock_next;    /* index in deck of the next face-down tile */
    int16_t hand_number;
    int16_t other_at_70[BINGO_SEATS]; /* the other seat's points when this one first reached 70, -1
                                       * before (R17's p for whichever of them wins the hand) */
    int16_t points[BINGO_SEATS];      /* this hand (R13, R15) */
    int32_t game_points[BINGO_SEATS]; /* the match (R17, R18) */
    uint64_t hand[BINGO_SEATS], won[BINGO_SEATS];
    uint64_t melded[BINGO_SEATS];     /* doubles counted in a meld this hand (public, R15) */
    uint64_t lacks[BINGO_SEATS];      /* tiles a seat showed it lacks by a closed-phase follow */
    uint8_t deck[BINGO_TILES];        /* seat 0's 7, seat 1's 7, the turned tile, then the stock */
} bingo_state_t;
_Static_assert(offsetof(bingo_state_t, rules) == 0, "a state begins with its rules (game_state_set_rules)");

enum { BINGO_STOCK_START = 2 * BINGO_HAND_SIZE + 1 }; /* deck index of the first face-down tile */

void bingo_match_start(void *state, const game_rules_t *rules, uint64_t seed);
void bingo_deal(void *state, game_events_t *events);
/* Starts the next hand with `deck` (a permutation of the 28 tiles) as its deal. */
void bingo_deal_from(bingo_state_t *s, const uint8_t *deck, game_events_t *events);
int bingo_legal_moves(const void *state, game_move_t *out);
void bingo_apply(void *state, game_move_t move, game_events_t *events);
/* game_t.follow_may_end_hand: false only where following with `followed` surely leaves the
 * hand in play. */
bool bingo_follow_may_end_hand(const void *state, int followed);
/* game_t.playout: the hand played as the loop over legal_moves and apply plays it. */
int bingo_playout(void *state, const game_chooser_t *chooser_of_seat);
/* bingo.c: game_t.move_points, which the playout's most-points chooser asks too. */
int bingo_move_points(const void *state, int seat, game_move_t move);
/* bingo_record.c: the game's words. */
extern const char *const bingo_reason_names[BI_REASON_COUNT], *const bingo_reason_words[BI_REASON_COUNT];
extern const char *const bingo_award_words[], *const bingo_hand_end_words[];
void bingo_move_text(game_move_t move, char *out, size_t out_size);
int bingo_event_line(const void *state, const game_event_t *event, game_line_t *line);
void bingo_points_words(const void *state, const game_event_t *event, char *out, size_t out_size);
int bingo_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size);
int bingo_unwritten_move(const void *state, const game_line_t *next, game_move_t *out);
bool bingo_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending);

/* bingo.c: the game through the interface of game.h. */
extern const game_t bingo_game;

/* bingo_determinize.c: what a seat sees (game.h's trick layout), and worlds consistent
 * with it: the other hand holds the doubles it showed and the face-up tile it took while
 * it keeps them, and none of what its closed-phase follows proved it lacks. */
void bingo_observe(const void *state, int seat, game_observation_t *out);
/* The game's own fact of an observation (game.h, game_fact_t), at this offset: */
enum { BI_FACT_HAND_TARGET = 0 }; /* hand points at which a side may end the hand (R16: 70) */
extern const game_fact_t bingo_facts[1];
void bingo_determinize(const void *state, int seat, pcg32_t *rng, void *out_state);
/* What every world of one state and seat shares (game.h, plan_worlds): the other seat's
 * known tiles, the unseen pool, and the tiles it may hold listed in tile order. */
typedef struct bingo_world_plan {
    const bingo_state_t *state;
    int opponent, candidate_count, needed;
    uint64_t known, pool;
    uint8_t candidates[BINGO_TILES];
} bingo_world_plan_t;
void bingo_plan_worlds(const void *state, int seat, void *plan);
void bingo_draw_world(const void *plan, pcg32_t *rng, void *out_state);
int bingo_hand_tiles(const void *world, int seat, uint8_t *out);
bool bingo_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count);
/* Whether the follow rules of the closed phase apply (R11, R12): closed or exhausted. */
static inline bool bingo_closed_phase(const bingo_state_t *s) { return s->closer >= 0 || s->face_up < 0; }

#endif
