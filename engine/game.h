/* game.h - the one interface every domino game implements (a struct of function pointers,
 * as chess and Go engines separate search from rules). Agents, the match driver, records
 * and the simulator reach the rules only through it.
 *
 * Life of a match:
 *   rules_create(options)        validate options once, derive tables; immutable, shareable
 *   match_start(state, seed)     scores to zero; status GAME_BETWEEN_HANDS
 *   deal(state, events) / set_deal(state, deal)
 *   while status == GAME_IN_HAND: to_move, legal_moves, apply(move, events)
 *   back to deal until status == GAME_MATCH_OVER
 * A state is plain data of `state_size` bytes with no pointers except to its immutable
 * rules: copying it with memcpy is a complete snapshot (the simplest undo, and what search
 * does). Nothing here allocates after rules_create.
 */
#ifndef DOMINOLAB_GAME_H
#define DOMINOLAB_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "pcg32.h"
#include "tileset.h"

enum {
    GAME_MAX_SEATS = 8,
    GAME_MAX_ENDS = 8,     /* line: 2; spinner: 4 or 8 arms */
    GAME_MAX_MOVES = 768,  /* bound on legal moves: tiles x ends */
    GAME_MAX_EVENTS = 24,  /* events one apply can produce */
    GAME_NO_END = 255      /* move.end of a lead (no end yet) */
};

typedef enum game_move_kind {
    GAME_MOVE_PLAY,     /* place `tile` on `end` (GAME_NO_END for the lead) */
    GAME_MOVE_DRAW,     /* take the next tile of the stock */
    GAME_MOVE_PASS,     /* can neither place nor draw */
    GAME_MOVE_END_TURN  /* keep a drawn playable tile where the rules allow it */
} game_move_kind_t;

typedef struct game_move {
    uint8_t kind; /* game_move_kind_t */
    uint8_t tile; /* tile index (tileset.h); identical copies are one tile */
    uint8_t end;  /* end or arm number */
    uint8_t extra;
} game_move_t;

typedef enum game_status { GAME_BETWEEN_HANDS, GAME_IN_HAND, GAME_MATCH_OVER } game_status_t;

/* Why points were credited, or why a hand ended: the record's `reason` words. */
typedef enum game_reason {
    GAME_REASON_NONE,
    GAME_REASON_DOMINO,
    GAME_REASON_BLOCKED,
    GAME_REASON_BLOCK, /* award for winning a blocked hand */
    GAME_REASON_LIGHTEST_HAND,
    GAME_REASON_DEDUCTION,
    GAME_REASON_TARGET_REACHED, /* the match was won during the hand */
    GAME_REASON_REDEAL,         /* the hand was void and is dealt again */
    GAME_REASON_COUNT
} game_reason_t;
const char *game_reason_name(game_reason_t reason);

typedef enum game_event_kind {
    GAME_EVENT_DEAL,      /* a hand was dealt: read it with get_deal */
    GAME_EVENT_PLAY,      /* seat, tile, end, points */
    GAME_EVENT_DRAW,      /* seat, tile */
    GAME_EVENT_PASS,      /* seat */
    GAME_EVENT_AWARD,     /* side, points, reason */
    GAME_EVENT_HAND_END,  /* reason, winner (side or -1) */
    GAME_EVENT_MATCH_END  /* winner (side or -1) */
} game_event_kind_t;

typedef struct game_event {
    uint8_t kind;   /* game_event_kind_t */
    int8_t seat;    /* acting seat, or the side awarded, or the winner (-1: none) */
    uint8_t tile;
    uint8_t end;
    int16_t points;
    uint8_t reason; /* game_reason_t */
} game_event_t;

typedef struct game_events {
    int count;
    game_event_t item[GAME_MAX_EVENTS];
} game_events_t;

/* A deal as the record writes it: hands and the stock in draw order (first drawn first). */
typedef struct game_deal {
    int hand_number;
    int seats;
    int leader;  /* the designated starter or nominal starter, -1 if none */
    int hand_size[GAME_MAX_SEATS];
    uint8_t hand[GAME_MAX_SEATS][TILESET_MAX_BITS];
    int stock_size;
    uint8_t stock[TILESET_MAX_BITS];
} game_deal_t;

typedef enum game_layout_kind { GAME_LAYOUT_LINE, GAME_LAYOUT_SPINNER, GAME_LAYOUT_TRICK } game_layout_kind_t;

/* What one seat may know: its own hand and everything public. */
typedef struct game_observation {
    int seat, seats, sides, hand_number, to_move, target;
    int side_of_seat[GAME_MAX_SEATS];
    int score[GAME_MAX_SEATS];        /* per side */
    tileset_t hand;                   /* own tiles */
    int hand_size[GAME_MAX_SEATS];    /* tiles held, copies counted */
    int stock_size, stock_drawable;   /* drawable: above the reserve */
    tileset_t layout;                 /* tiles on the table */
    tileset_t unseen;                 /* tiles that may be in another hand or the stock */
    tileset_t lacks[GAME_MAX_SEATS];  /* tiles a seat is known not to hold (passes, draws, leads) */
    int draws[GAME_MAX_SEATS];        /* tiles drawn this hand */
    int passes[GAME_MAX_SEATS];       /* passes this hand */
    int layout_kind;                  /* game_layout_kind_t */
    int end_count;                    /* ends or arms */
    int8_t end_number[GAME_MAX_ENDS]; /* number shown; -1 before the lead */
    uint8_t end_is_double[GAME_MAX_ENDS];
    uint8_t end_open[GAME_MAX_ENDS];  /* a tile may be attached there now */
    int layout_count;                 /* tiles placed this hand */
} game_observation_t;

typedef struct game_rules game_rules_t; /* opaque, per game */

typedef struct game {
    const char *name;
    const char *help;
    const option_spec_t *options;
    int option_count;
    const preset_spec_t *presets;
    int preset_count;
    size_t state_size;

    /* Validates a full configuration (combinations included) and derives its tables. */
    int (*rules_create)(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
    void (*rules_destroy)(game_rules_t *rules);
    int (*seat_count)(const game_rules_t *rules);
    int (*side_count)(const game_rules_t *rules); /* seats, or teams */
    int (*side_of_seat)(const game_rules_t *rules, int seat);

    void (*match_start)(void *state, const game_rules_t *rules, uint64_t seed);
    game_status_t (*status)(const void *state);
    /* Shuffles and deals the next hand from the match's own generator. */
    void (*deal)(void *state, game_events_t *events);
    /* Deals a given hand instead (replay, tests). Returns 0, or -1 with a message. */
    int (*set_deal)(void *state, const game_deal_t *deal, game_events_t *events, char *error, size_t error_size);
    void (*get_deal)(const void *state, game_deal_t *out); /* the current hand as dealt */

    int (*to_move)(const void *state); /* seat, -1 outside a hand */
    /* Writes the legal moves, returns their count. `out` must hold GAME_MAX_MOVES moves: a
     * game may use the slots past the count as scratch (Bergen writes ahead untested). */
    int (*legal_moves)(const void *state, game_move_t *out);
    /* Applies a legal move; events may be NULL (search). */
    void (*apply)(void *state, game_move_t move, game_events_t *events);

    void (*scores)(const void *state, int *out); /* per side */
    /* The side that won the match once status is GAME_MATCH_OVER; -1 before, or on a draw. */
    int (*match_winner)(const void *state);
    /* Points `seat` would be credited now for placing `tile` on `end` (GAME_NO_END: as the
     * lead), hand-end awards aside, whether or not it holds the tile: public knowledge,
     * which lets an agent weigh an opponent's replies. -1 if the tile may not go there. */
    int (*placement_points)(const void *state, int seat, int tile, int end);
    int (*pips_left)(const void *state, int seat);
    int (*hand_number)(const void *state);
    void (*observe)(const void *state, int seat, game_observation_t *out);
    /* Writes into out_state a full state in which everything `seat` cannot see is drawn at
     * random, consistent with its observation (hand sizes, seen tiles, known lacks). */
    void (*determinize)(const void *state, int seat, pcg32_t *rng, void *out_state);
} game_t;

/* The registry of games. */
const game_t *game_find(const char *name);
const game_t *const *game_list(int *count);

/* Generic helpers over the interface. */
int game_move_is_legal(const game_t *game, const void *state, game_move_t move);
/* "play 3-5 on end 1", "lead 6-6", "draw", "pass"; out needs 32 bytes. */
char *game_move_format(game_move_t move, char *out, size_t out_size);
static inline void game_events_push(game_events_t *events, game_event_t event)
{
    if (events && events->count < GAME_MAX_EVENTS) events->item[events->count++] = event;
}
/* Resolves a preset plus "key=value" overrides (user's) into values. */
int game_configure(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                   option_values_t *values, char *error, size_t error_size);

#endif
