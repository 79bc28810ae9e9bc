/* game.h - the one interface every domino game implements (a struct of function pointers,
 * as chess and Go engines separate search from rules). Agents, the match driver, records
 * and the simulator reach the rules only through it, and it speaks no game's words: a
 * game names its own reasons, moves and record lines.
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
 *
 * Seats play in turn; a side is a seat, or a team of seats (side_of_seat). Scores, awards
 * and match winners are per side.
 */
#ifndef DOMINOLAB_GAME_H
#define DOMINOLAB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "game_line.h"
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

/* ---- moves ---- */

/* What a move does; a game uses the kinds its rules have. The fields of game_move_t by kind:
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

/* A move as one 32-bit word. A list of moves written a word per move is stored at once:
 * field by field the compiler writes four bytes, and a read of the whole move that soon
 * follows (a comparison, a move passed by value) cannot take them from the store buffer
 * and waits for them. The word of {kind, t, end, extra} is that of {kind, 0, end, extra}
 * plus t times that of {0, 1, 0, 0}, whatever the byte order. */
static inline uint32_t game_move_word(game_move_t move)
{
    uint32_t word;
    memcpy(&word, &move, sizeof word);
    return word;
}

/* Stores the placement {GAME_MOVE_PLAY, tile, end, 0} at *slot as one word: the word of
 * {PLAY, 0, end, 0} plus tile times that of {0, 1, 0, 0} (constants where `end` is one). */
static inline void game_store_placement(game_move_t *slot, int tile, int end)
{
    uint32_t word = game_move_word((game_move_t){GAME_MOVE_PLAY, 0, (uint8_t)end, 0}) +
                    (uint32_t)tile * game_move_word((game_move_t){0, 1, 0, 0});
    memcpy(slot, &word, sizeof word);
}

/* Stores a placement on `end` of each tile of `fit` (bit i: tile i, word 0 of a set),
 * lowest first, after the first `count` moves; returns the new count. How many tiles fit
 * an end is what a playout cannot predict (mostly none, one or two), so the first
 * GAME_UNTESTED_PLACEMENTS are written without a test (game_store_untested_placements):
 * slots past the count are scratch (`out` holds GAME_MAX_MOVES, and a word-0 game lists
 * at most 64 tiles on each of GAME_MAX_ENDS ends). Measured in Bergen: 2 is 7% faster per
 * playout than the plain loop; 3 or 4 gain nothing more. */
enum { GAME_UNTESTED_PLACEMENTS = 2 };
_Static_assert(64 * GAME_MAX_ENDS + GAME_UNTESTED_PLACEMENTS <= GAME_MAX_MOVES,
               "the scratch slots stay in the move buffer");

/* The first GAME_UNTESTED_PLACEMENTS placements of `fit` at out[count], an exhausted `fit`
 * showing as tile 63; returns the tiles left to store. */
static inline uint64_t game_store_untested_placements(uint64_t fit, int end, game_move_t *out, int count)
{
    for (int k = 0; k < GAME_UNTESTED_PLACEMENTS; k++, fit &= fit - 1)
        game_store_placement(&out[count + k], __builtin_ctzll(fit | (uint64_t)1 << 63), end);
    return fit;
}

/* Each placement of `fit` at out[count] on, a test per tile (where what fits is known to
 * be few, or the list is seldom made); returns the new count. */
static inline int game_store_each_placement(uint64_t fit, int end, game_move_t *out, int count)
{
    for (; fit; fit &= fit - 1) game_store_placement(&out[count++], __builtin_ctzll(fit), end);
    return count;
}

static inline int game_store_placements(uint64_t fit, int end, game_move_t *out, int count)
{
    int total = count + __builtin_popcountll(fit);
    fit = game_store_untested_placements(fit, end, out, count);
    game_store_each_placement(fit, end, out, count + GAME_UNTESTED_PLACEMENTS); /* more than that fit */
    return total;
}

/* Two moves are the same move when every field agrees: one comparison of the four bytes
 * (search compares moves with its tree's children at every step). */
static inline bool game_move_equal(game_move_t a, game_move_t b) { return game_move_word(a) == game_move_word(b); }

typedef enum game_status { GAME_BETWEEN_HANDS, GAME_IN_HAND, GAME_MATCH_OVER } game_status_t;

/* ---- events: what happened, one per line of the game record ---- */

/* The kinds follow the record's line types (docs/record-format.md); a game emits
 * those its rules have. The simulator reads PLAY and AWARD points (both are credited to
 * the score), HAND_END and MATCH_END; everything else is for the record and the log. */
typedef enum game_event_kind {
    GAME_EVENT_DEAL,      /* a hand was dealt: read it with get_deal */
    GAME_EVENT_PLAY,      /* seat, tile, end, points credited */
    GAME_EVENT_DRAW,      /* seat, tile */
    GAME_EVENT_PASS,      /* seat */
    GAME_EVENT_CHOICE,    /* seat; end: the decision; detail: the answer */
    GAME_EVENT_CLOSE,     /* seat */
    GAME_EVENT_MELD,      /* seat; detail: the doubles shown; points within the hand */
    GAME_EVENT_TRUMP,     /* tile turned up; end: the trump number */
    GAME_EVENT_TRICK,     /* seat: the winner; points within the hand (the game keeps the tiles) */
    GAME_EVENT_AWARD,     /* seat: the side credited; points credited; reason */
    GAME_EVENT_HAND_END,  /* seat: the winning side, -1 none; reason; flags */
    GAME_EVENT_MATCH_END  /* seat: the winning side, -1 a draw */
} game_event_kind_t;

enum { GAME_EVENT_VOID = 1 }; /* HAND_END flag: the hand is void and dealt again */

typedef struct game_event {
    uint8_t kind;   /* game_event_kind_t */
    int8_t seat;    /* see the kinds */
    uint8_t tile;
    uint8_t end;
    int16_t points;
    uint8_t reason; /* AWARD, HAND_END: the game's reason (game_t.reason_names) */
    uint8_t flags;  /* GAME_EVENT_VOID */
} game_event_t;

typedef struct game_events {
    int count;
    game_event_t item[GAME_MAX_EVENTS];
} game_events_t;

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

/* ---- what one seat may know ---- */

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
    int hand_target;                /* hand points at which a side may end the hand (Bingo R16:
                                       70); 0 where the game does not say */
} game_tricks_t;

typedef struct game_observation {
    /* every game */
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
    uint16_t opened[GAME_MAX_SEATS];  /* bit n: the seat's placements made an end show n this
                                         hand (Partnership; 0 where a game does not say) */
    /* the table's shape: ends for GAME_LAYOUT_LINE and _SPINNER, tricks for _TRICK. observe
     * writes the member of layout_kind only, and of every array per seat or per side the
     * entries below `seats` and `sides` only: read nothing else. Search playouts observe at
     * every step, and this is sized for eight seats; clearing it all took a fifth of an
     * observe (ends entries past `count` are 0). */
    int layout_kind;                  /* game_layout_kind_t */
    union {
        game_ends_t ends;
        game_tricks_t tricks;
    };
} game_observation_t;

/* ---- choosing without an agent: playouts ---- */

/* The rules a playout may choose by (game_t.playout). */
typedef enum game_choice_rule {
    GAME_CHOOSE_UNIFORM,     /* moves[pcg32_below(rng, count)] */
    GAME_CHOOSE_MOST_POINTS, /* game_most_points_index: no draw from any stream */
    GAME_CHOOSE_CALLBACK     /* moves[pick(context, state, moves, points, count)]: an agent's own rule */
} game_choice_rule_t;

typedef struct game_chooser {
    uint8_t rule; /* game_choice_rule_t */
    union {
        pcg32_t *rng;  /* GAME_CHOOSE_UNIFORM: the stream drawn from */
        void *context; /* GAME_CHOOSE_CALLBACK: pick's first argument */
    };
    /* GAME_CHOOSE_CALLBACK: the index of the move to play among the `count` (two or more)
     * legal moves of `state`, listed as legal_moves lists them. The game calls it on a
     * complete state, and plays every turn with one legal move itself, without a call:
     * a search's playout policy (the heuristic) then costs nothing on the forced turns.
     * `points`: NULL, or each move's move_points for the seat to move, where the game has
     * them at hand (Bergen and Double Bergen), so the pick need not ask move_points again. */
    int (*pick)(void *context, const void *state, const game_move_t *moves, const int *points, int count);
} game_chooser_t;

/* The tie-break every agent uses between moves it values alike: the heavier tile
 * (shedding pips is what a player prefers when nothing else differs). A move that places
 * no tile is lighter than any tile. */
static inline int game_move_weight(game_move_t move) { return move.kind == GAME_MOVE_PLAY ? tileset_pips(move.tile) : -1; }
static inline bool game_move_heavier(game_move_t a, game_move_t b) { return game_move_weight(a) > game_move_weight(b); }

/* GAME_CHOOSE_MOST_POINTS's order: a candidate worth `points`, of weight `weight`
 * (game_move_weight), beats the best so far when it scores more, or as much with a
 * heavier tile; of two alike the first listed stays. The games' own playouts, which
 * weigh their candidates without a list, decide by it too. */
static inline bool game_more_points(int points, int weight, int best_points, int best_weight)
{
    return points > best_points || (points == best_points && weight > best_weight);
}

/* GAME_CHOOSE_MOST_POINTS: the move credited the most points now by `points_of` (a game's
 * move_points, for `seat`), ties to the heavier tile, then to the first listed; moves it
 * calls impossible (-1) are passed over. Inline, so that a game's own playout calls its
 * move_points directly. */
static inline int game_most_points_by(int (*points_of)(const void *, int, game_move_t), const void *state, int seat,
                                      const game_move_t *moves, int count)
{
    int best = 0, best_points = -1;
    for (int i = 0; i < count; i++) {
        int points = points_of(state, seat, moves[i]);
        if (points < 0) continue;
        if (game_more_points(points, game_move_weight(moves[i]), best_points, game_move_weight(moves[best]))) {
            best = i;
            best_points = points;
        }
    }
    return best;
}

/* ---- the interface ---- */

typedef struct game_rules game_rules_t; /* opaque, per game */

typedef struct game {
    const char *name;
    const char *help;
    const option_spec_t *options;
    int option_count;
    const preset_spec_t *presets;
    int preset_count;
    size_t state_size;
    /* The words of event reasons (award and hand_end lines), indexed by event.reason. */
    const char *const *reason_names;
    int reason_count;
    /* The words a record's award and hand_end lines may carry, NULL-terminated: exactly
     * the pinned table of record-format.md, which a replayer holds any record to. */
    const char *const *award_words, *const *hand_end_words;

    /* Validates a full configuration (combinations included) and derives its tables. */
    int (*rules_create)(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
    void (*rules_destroy)(game_rules_t *rules);
    int (*seat_count)(const game_rules_t *rules);
    int (*side_count)(const game_rules_t *rules); /* seats, or teams */
    int (*side_of_seat)(const game_rules_t *rules, int seat);
    /* Whether a side's score is a penalty, the lower the better (Partnership's
     * penalty_own_pips, R16/R22); NULL: the higher score is ahead, as in every other game. */
    bool (*lower_score_wins)(const game_rules_t *rules);

    void (*match_start)(void *state, const game_rules_t *rules, uint64_t seed);
    /* The next match between the same players, on a state that holds the match just over:
     * what the rules carry from one match to the next is kept (Partnership R5: who starts).
     * NULL in a game that carries nothing; callers then use match_start. */
    void (*match_start_next)(void *state, const game_rules_t *rules, uint64_t seed);
    game_status_t (*status)(const void *state);
    /* Shuffles and deals the next hand from the match's own generator. */
    void (*deal)(void *state, game_events_t *events);
    /* Deals a given hand instead (replay, tests); a leader of -1 is derived as deal() would.
     * Returns 0, or -1 with a message. */
    int (*set_deal)(void *state, const game_deal_t *deal, game_events_t *events, char *error, size_t error_size);
    void (*get_deal)(const void *state, game_deal_t *out); /* the current hand as dealt */

    int (*to_move)(const void *state); /* seat, -1 outside a hand */
    /* Writes the legal moves, returns their count. `out` must hold GAME_MAX_MOVES moves: a
     * game may use the slots past the count as scratch (Bergen writes ahead untested). */
    int (*legal_moves)(const void *state, game_move_t *out);
    /* Applies a legal move; events may be NULL (search). */
    void (*apply)(void *state, game_move_t move, game_events_t *events);
    /* Plays the hand to its end (status no longer GAME_IN_HAND), the seat to move choosing
     * by its chooser_of_seat[seat] (game_chooser_t) exactly as that rule would over
     * legal_moves at every step with more than one legal move (a single one is played
     * without a choice, and draws nothing), so the hand is the one that loop plays;
     * returns the moves applied. Search gives every seat one chooser; the simulator,
     * each seat's agent's. Where no seat's chooser is GAME_CHOOSE_CALLBACK nobody observes
     * the hand, and the game may leave stale what only observe and determinize read of it
     * (who showed he lacks what, draws, passes, who placed what): after such a playout
     * read the status, scores and the hand's end, or deal; the next deal makes the state
     * the loop's again. NULL: callers run that loop (search_playout). */
    int (*playout)(void *state, const game_chooser_t *chooser_of_seat);
    /* The seat that placed the hand's first tile, -1 before it (or in a void hand). A
     * caller that learns the lead from here may hand the whole hand, lead included, to
     * playout. NULL: the game does not say, and the caller plays the lead itself. */
    int (*hand_leader)(const void *state);
    /* The seat that closed the hand in play or the one just ended (GAME_MOVE_CLOSE), -1 if
     * nobody did: what a caller that handed the hand to playout counts closes by. NULL: the
     * game has no closes. */
    int (*hand_closer)(const void *state);

    void (*scores)(const void *state, int *out); /* per side */
    /* The HAND_END event of the last hand ended (seat: the winning side or -1; reason;
     * flags), as apply reported it: what a caller that passes no events (the simulator's
     * own loop) reads once status has left GAME_IN_HAND, or a decision after the hand
     * (Partnership R6) has been made. Its points, and the awards, are in the scores. */
    game_event_t (*last_hand_end)(const void *state);
    /* The side that won the match once status is GAME_MATCH_OVER; -1 before, or on a draw. */
    int (*match_winner)(const void *state);
    /* Points `seat` would be credited now for `move`, hand-end awards aside, whether or not
     * it is that seat's turn or it holds the tile: public knowledge, which lets an agent
     * weigh an opponent's replies. -1 if the move is impossible there. */
    int (*move_points)(const void *state, int seat, game_move_t move);
    /* Trick games (NULL elsewhere), public rules an agent weighs its tiles by: the points a
     * captured tile is worth in this hand, and the tiles that win a trick `led` led (follow
     * obligations aside); both the same in every state of one rule set with the same trump
     * (game_tricks_t.trump), so an agent may keep them. */
    int (*capture_points)(const void *state, int tile);
    tileset_t (*tiles_beating)(const void *state, int led);
    /* Trick games, where a follow completes the trick: false only where following with
     * `tile` now surely leaves the hand in play (status GAME_IN_HAND after the apply); what
     * lets a search value a follow without trying it. NULL: any follow may end it. */
    bool (*follow_may_end_hand)(const void *state, int tile);
    int (*pips_left)(const void *state, int seat);
    int (*hand_number)(const void *state);
    void (*observe)(const void *state, int seat, game_observation_t *out);
    /* Writes into out_state a full state in which everything `seat` cannot see is drawn at
     * random, consistent with its observation (hand sizes, seen tiles, known lacks). */
    void (*determinize)(const void *state, int seat, pcg32_t *rng, void *out_state);
    /* determinize in two steps, for the many worlds of one decision (NULL where a game has
     * no plan; game_draw_world calls either): plan_worlds writes into `plan`
     * (world_plan_size bytes) what every world of (state, seat) shares, and draw_world then
     * writes the very world determinize would, from the same draws, as long as `state`
     * stays as it was and where it was. */
    size_t world_plan_size;
    void (*plan_worlds)(const void *state, int seat, void *plan);
    void (*draw_world)(const void *plan, pcg32_t *rng, void *out_state);

    /* ---- words: moves and record lines in the game's own terms ---- */
    /* "play 3-5 on end 1", "lead 6-6", "draw": a move for people and messages. */
    void (*move_text)(game_move_t move, char *out, size_t out_size);
    /* The record line of an event of a move or of the game's own (PLAY, DRAW, PASS, CHOICE,
     * CLOSE, MELD, TRUMP, TRICK), read from the state just after the apply that made it;
     * the record formats DEAL, AWARD, HAND_END and MATCH_END itself. Returns 0, 1 if the
     * format writes no line for this event (Bergen's pass into a block), or -1 for a kind
     * the game never emits. */
    int (*event_line)(const void *state, const game_event_t *event, game_line_t *line);
    /* The move a record line stands for: 1 with *out set (legal or not), 0 if the line is
     * not a move of the seat to move, -1 with a message if it is malformed. */
    int (*line_move)(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size);
    /* A move the record leaves unwritten before `next` (keeping a drawn tile; a default
     * answer): 1 with *out set, else 0. */
    int (*unwritten_move)(const void *state, const game_line_t *next, game_move_t *out);
    /* Whether a record may hold `line` here although the game writes nothing for it (the
     * tolerated forms of record-format.md). The hand has just ended; `ending` is the first
     * line the game writes for that. */
    bool (*tolerated_line)(const void *state, const game_line_t *line, const game_line_t *ending);
} game_t;

/* Generic helpers over the interface. */
int game_move_is_legal(const game_t *game, const void *state, game_move_t move);
/* A placement in words, as the games' move_text write it: "lead 3-5", "play 3-5 on end 1". */
void game_placement_text(game_move_t move, char *out, size_t out_size);
/* The word of a reason, "unknown" out of range. */
const char *game_reason_name(const game_t *game, int reason);
static inline void game_events_push(game_events_t *events, game_event_t event)
{
    if (events && events->count < GAME_MAX_EVENTS) events->item[events->count++] = event;
}
/* A world drawn for `seat` as determinize draws it: from `plan` (plan_worlds of this state
 * and seat) where the game plans its worlds and the caller made one, else directly. */
static inline void game_draw_world(const game_t *game, const void *plan, const void *state, int seat, pcg32_t *rng,
                                   void *out_state)
{
    if (plan) game->draw_world(plan, rng, out_state);
    else game->determinize(state, seat, rng, out_state);
}
/* +1 where the higher score is ahead, -1 where the lower is (lower_score_wins): a score
 * times this sign is "how far ahead", whatever the scoring. */
static inline int game_score_sign(const game_t *game, const game_rules_t *rules)
{
    return game->lower_score_wins && game->lower_score_wins(rules) ? -1 : 1;
}

/* The option values a game's rules were made from. Every game's rules begin with them
 * (bergen_rules_t, partnership_rules_t, bingo_rules_t), so that a caller outside the game
 * can say which rules are played (the setup message of an external agent). */
static inline const option_values_t *game_rules_values(const game_rules_t *rules)
{
    return (const option_values_t *)(const void *)rules;
}

/* Every game's state begins with the pointer to its rules (bergen_state_t,
 * partnership_state_t, bingo_state_t): a state copied out of a match played under other,
 * equal rules (a record's replay) is made to point to the caller's. */
static inline void game_state_set_rules(void *state, const game_rules_t *rules)
{
    memcpy(state, &rules, sizeof rules);
}

/* GAME_CHOOSE_MOST_POINTS over a list, for the seat to move. */
static inline int game_most_points_index(const game_t *game, const void *state, const game_move_t *moves, int count)
{
    return game_most_points_by(game->move_points, state, game->to_move(state), moves, count);
}

/* game_t.playout with one chooser for every seat, as search plays its playouts. */
static inline int game_playout_all(const game_t *game, void *state, game_chooser_t chooser)
{
    game_chooser_t every_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) every_seat[seat] = chooser;
    return game->playout(state, every_seat);
}
/* Resolves a preset plus "key=value" overrides (user's) into values. */
int game_configure(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                   option_values_t *values, char *error, size_t error_size);
/* The index of preset `name` of a game, or -1. */
int game_preset_index(const game_t *game, const char *name);

#endif
