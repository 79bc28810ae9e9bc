/* game_observation.h - what one seat may know (game_t.observe): the facts every game
 * shares, the table in its shape (the ends of a line or a spinner, or the tricks), and the
 * facts only one game has, which that game names in its own table (game_t.facts) so that
 * a new game adds its own without touching this struct.
 */
#ifndef DOMINOLAB_GAME_OBSERVATION_H
#define DOMINOLAB_GAME_OBSERVATION_H

#include <stdbool.h>
#include <stdint.h>

#include "game_move.h"
#include "tileset.h"

typedef enum game_layout_kind { GAME_LAYOUT_LINE, GAME_LAYOUT_SPINNER, GAME_LAYOUT_TRICK } game_layout_kind_t;

/* The ends of a line, or the arms of a spinner. */
typedef struct game_ends {
    int count;                    /* ends or arms */
    int8_t number[GAME_MAX_ENDS]; /* number shown; -1 before the lead */
    uint8_t is_double[GAME_MAX_ENDS];
    uint8_t open[GAME_MAX_ENDS];  /* a tile may be attached there now */
    int8_t placer[GAME_MAX_ENDS]; /* the seat whose tile the end shows; -1 before the lead,
                                     or in a game that does not say (Bergen) */
} game_ends_t;

/* The table of a trick game: the trump, the stock's state, the trick in play, what each
 * side has won and the doubles each seat has shown (and still holds). */
typedef struct game_tricks {
    int trump;                      /* the trump number */
    int face_up;                    /* the turned tile beside the stock, -1 once taken */
    bool closed;                    /* closed or exhausted: follow rules apply */
    int leader, led;                /* the current trick's leader and tile, -1 before the lead */
    tileset_t won[GAME_MAX_SEATS];  /* per side */
    tileset_t shown[GAME_MAX_SEATS];/* per seat: melded doubles still in hand */
    int hand_points[GAME_MAX_SEATS];/* per side: points this hand, captures and melds */
} game_tricks_t;

/* A fact of one game's observation (game_t.facts): its values lie in
 * game_observation_t.facts, one, or GAME_MAX_SEATS (one per seat), from the offset
 * game_fact_at gives; an agent finds the offset once, by name. */
typedef enum game_fact_kind {
    GAME_FACT_NUMBER,  /* a plain integer */
    GAME_FACT_NUMBERS  /* a set of tile numbers: bit n for the number n */
} game_fact_kind_t;

typedef struct game_fact {
    const char *name; /* the observation's JSON key too (docs/protocol.md) */
    uint8_t kind;     /* game_fact_kind_t */
    bool per_seat;
    const char *help;
} game_fact_t;

enum { GAME_MAX_FACT_VALUES = 8 }; /* a game's facts' values, a per-seat fact's counting GAME_MAX_SEATS */

typedef struct game_observation {
    int seat, seats, sides, hand_number, to_move, target;
    int side_of_seat[GAME_MAX_SEATS];
    int score[GAME_MAX_SEATS];        /* per side */
    tileset_t hand;                   /* own tiles */
    int hand_size[GAME_MAX_SEATS];    /* tiles held, copies counted */
    int stock_size, stock_drawable;   /* drawable: what may still be drawn */
    tileset_t table;                  /* tiles played this hand */
    int table_count;                  /* how many, copies counted */
    tileset_t unseen;                 /* tiles that may be in another hand or the stock */
    tileset_t lacks[GAME_MAX_SEATS];  /* tiles a seat is known not to hold */
    int draws[GAME_MAX_SEATS];        /* tiles drawn this hand */
    int score_sign;                   /* game_score_sign: -1 where the lower score wins */
    int hand_end_points_max;          /* the most the end of a hand adds to one side's score,
                                         beyond the points of the placement that ends it; -1
                                         where the game keeps no bound */
    int passes[GAME_MAX_SEATS];       /* passes this hand */
    int16_t facts[GAME_MAX_FACT_VALUES]; /* the game's own facts (game_t.facts) */
    /* The table's shape: ends for GAME_LAYOUT_LINE and _SPINNER, tricks for _TRICK. observe
     * writes the member of layout_kind only, and of every array per seat or per side the
     * entries below `seats` and `sides` only, and of `facts` its game's only: read nothing
     * else (search playouts observe at every step, and clearing it all would cost them). */
    int layout_kind;                  /* game_layout_kind_t */
    union {
        game_ends_t ends;
        game_tricks_t tricks;
    };
} game_observation_t;

#endif
