/* game_move.h - moves, events and deals: what the game interface (game.h) passes in and
 * out. A move is what a seat does; an event is what happened, one per record line
 * (docs/record-format.md); a deal is a hand as the record writes it.
 */
#ifndef DOMINOLAB_GAME_MOVE_H
#define DOMINOLAB_GAME_MOVE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tileset.h"

enum {
    GAME_MAX_SEATS = 8,
    GAME_MAX_ENDS = 8,     /* line: 2; spinner: 4 or 8 arms */
    GAME_MAX_MOVES = 768,  /* bound on legal moves: tiles x ends */
    GAME_MAX_EVENTS = 24,  /* events one apply can produce */
    GAME_NO_END = 255      /* move.end of a lead (no end yet) */
};

/* ---- moves ---- */

/* The bounds of a rule set's moves (game_t.move_bounds), by which every move it can make
 * gets one fixed number (agents/encoding.h). */
typedef struct game_move_bounds {
    int tiles;              /* of one set: every move's tile lies below */
    int ends;               /* the most ends or arms a table has; 0 in a trick game */
    int decisions, answers; /* GAME_MOVE_CHOICE: its end below decisions, its extra below answers */
} game_move_bounds_t;

/* What a move does; a game uses the kinds its rules have. The fields by kind:
 *   PLAY      tile; end (GAME_NO_END: a lead, or a tile into a trick)
 *   DRAW, PASS, END_TURN, CLOSE   nothing
 *   CHOICE    end: the game's number of the decision; extra: the answer (0/1, or a seat)
 *   MELD      extra: the doubles shown, bit n for [n-n] */
typedef enum game_move_kind {
    GAME_MOVE_PLAY,     /* place a tile */
    GAME_MOVE_DRAW,     /* take the next tile of the stock */
    GAME_MOVE_PASS,     /* can neither place nor draw */
    GAME_MOVE_END_TURN, /* end the turn without placing (keep a drawn playable tile) */
    GAME_MOVE_CHOICE,   /* a decision that leaves no tile on the table */
    GAME_MOVE_CLOSE,    /* close the stock (trick games) */
    GAME_MOVE_MELD      /* show doubles (trick games) */
} game_move_kind_t;

typedef struct game_move {
    uint8_t kind; /* game_move_kind_t */
    uint8_t tile; /* tile index (tileset.h); identical copies are one tile */
    uint8_t end;  /* end or arm number */
    uint8_t extra;
} game_move_t;

_Static_assert(sizeof(game_move_t) == 4, "a move is four bytes, compared as one word");

/* A move as one 32-bit word: how moves are compared, hashed and stored (game_store.h). */
static inline uint32_t game_move_word(game_move_t move)
{
    uint32_t word;
    memcpy(&word, &move, sizeof word);
    return word;
}

/* Two moves are the same move when every field agrees. */
static inline bool game_move_equal(game_move_t a, game_move_t b) { return game_move_word(a) == game_move_word(b); }

/* The tie-break every agent uses between moves it values alike: the heavier tile
 * (shedding pips is what a player prefers when nothing else differs). A move that places
 * no tile is lighter than any tile. */
static inline int game_move_weight(game_move_t move) { return move.kind == GAME_MOVE_PLAY ? tileset_pips(move.tile) : -1; }
static inline bool game_move_heavier(game_move_t a, game_move_t b) { return game_move_weight(a) > game_move_weight(b); }

/* ---- events: what happened, one per line of the game record ---- */

/* The kinds follow the record's line types; a game emits those its rules have. The fields
 * of game_event_t each kind sets (the others are 0):
 *   DEAL       seat: the hand's starter; read the hand with get_deal
 *   PLAY       seat, tile, end (GAME_NO_END: a lead, a tile into a trick), points credited
 *   DRAW       seat, tile
 *   PASS       seat
 *   CHOICE     seat; end: the game's decision; points: the answer (0/1, or a seat)
 *   CLOSE      seat
 *   MELD       seat; tile: the doubles shown, bit n for [n-n] (0: the meld was declined,
 *              which writes no line); points: within the hand
 *   TRUMP      seat: who turned it; tile: the turned tile; end: the trump number
 *   TRICK      seat: the winner; tile: the led tile; end: the followed one; flags: the
 *              leader; points: within the hand
 *   AWARD      seat: the side credited; points credited; reason
 *   HAND_END   seat: the winning side, -1 none; reason; flags: GAME_EVENT_VOID
 *   MATCH_END  seat: the winning side, -1 a draw
 * The simulator reads PLAY and AWARD points (both are credited to the score), HAND_END and
 * MATCH_END; everything else is for the record and the log. */
typedef enum game_event_kind {
    GAME_EVENT_DEAL,
    GAME_EVENT_PLAY,
    GAME_EVENT_DRAW,
    GAME_EVENT_PASS,
    GAME_EVENT_CHOICE,
    GAME_EVENT_CLOSE,
    GAME_EVENT_MELD,
    GAME_EVENT_TRUMP,
    GAME_EVENT_TRICK,
    GAME_EVENT_AWARD,
    GAME_EVENT_HAND_END,
    GAME_EVENT_MATCH_END
} game_event_kind_t;

enum { GAME_EVENT_VOID = 1 }; /* HAND_END flag: the hand is void and dealt again */

typedef struct game_event {
    uint8_t kind;   /* game_event_kind_t */
    int8_t seat;
    uint8_t tile;
    uint8_t end;
    int16_t points;
    uint8_t reason; /* AWARD, HAND_END: the game's reason (game_t.reason_names) */
    uint8_t flags;
} game_event_t;

typedef struct game_events {
    int count;
    game_event_t item[GAME_MAX_EVENTS];
} game_events_t;

static inline void game_events_push(game_events_t *events, game_event_t event)
{
    if (events && events->count < GAME_MAX_EVENTS) events->item[events->count++] = event;
}

/* A deal as the record writes it: hands and the stock in draw order (first drawn first). */
typedef struct game_deal {
    int hand_number;
    int seats;
    int leader;  /* the hand's starter (record-format.md, deal.leader); -1: derive it (set_deal) */
    int hand_size[GAME_MAX_SEATS];
    uint8_t hand[GAME_MAX_SEATS][TILESET_MAX_BITS];
    int stock_size;
    uint8_t stock[TILESET_MAX_BITS];
} game_deal_t;

#endif
