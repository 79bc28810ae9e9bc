/* game.h - the one interface every domino game implements: a table of functions, as chess
 * and Go engines separate search from rules. Agents, the match driver, records and the
 * simulator reach the rules only through it, and it speaks no game's words: a game names
 * its own reasons, moves, record lines and observation facts.
 *
 * Life of a match:
 *   rules_create(options)        validate options once, derive tables; immutable, shareable
 *   match_start(state, seed)     scores to zero; status GAME_BETWEEN_HANDS
 *   deal(state, events) / set_deal(state, deal)
 *   while status == GAME_IN_HAND: to_move, legal_moves, apply(move, events)
 *   back to deal until status == GAME_MATCH_OVER
 * A state is plain data of `state_size` bytes whose only pointer, its first field, is to
 * its immutable rules: memcpy is a complete snapshot (what search does to undo). Nothing
 * allocates after rules_create. Seats play in turn; a side is a seat, or a team of seats
 * (side_of_seat); scores, awards and match winners are per side.
 *
 * The types it passes: moves, events and deals (game_move.h), what a seat observes
 * (game_observation.h), the choosers of playouts (game_playout.h), record lines
 * (game_line.h). The games' own fast path of move lists is game_store.h.
 */
#ifndef DOMINOLAB_GAME_H
#define DOMINOLAB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game_line.h"
#include "game_move.h"
#include "game_observation.h"
#include "game_playout.h"
#include "options.h"
#include "pcg32.h"
#include "tileset.h"

typedef enum game_status { GAME_BETWEEN_HANDS, GAME_IN_HAND, GAME_MATCH_OVER } game_status_t;

typedef struct game_rules game_rules_t; /* opaque, per game */

typedef struct game {
    const char *name, *help;
    const char *title; /* as players name the game: "Double Bergen" */
    const option_spec_t *options;
    int option_count;
    const preset_spec_t *presets;
    int preset_count;
    size_t state_size;
    const char *const *reason_names; /* event.reason's words (award and hand_end lines) */
    const char *const *reason_words; /* the same as players say them ("won the block") */
    int reason_count;
    /* The words a record's award and hand_end lines may carry, NULL-terminated: exactly
     * the pinned table of record-format.md, which a replayer holds any record to. */
    const char *const *award_words, *const *hand_end_words;
    const game_fact_t *facts; /* the game's own facts of an observation (game_fact_at) */
    int fact_count;

    /* ---- rules and sides ---- */
    /* Validates a full configuration (combinations included) and derives its tables. */
    int (*rules_create)(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
    void (*rules_destroy)(game_rules_t *rules);
    int (*seat_count)(const game_rules_t *rules);
    int (*side_count)(const game_rules_t *rules); /* seats, or teams */
    int (*side_of_seat)(const game_rules_t *rules, int seat);
    /* Whether the lower score is ahead (Partnership's penalty_own_pips); NULL: the higher. */
    bool (*lower_score_wins)(const game_rules_t *rules);
    void (*move_bounds)(const game_rules_t *rules, game_move_bounds_t *out);

    /* ---- the match ---- */
    void (*match_start)(void *state, const game_rules_t *rules, uint64_t seed);
    /* The next match between the same players, on the state of the match just over: what
     * the rules carry over is kept (Partnership R5: who starts). NULL: use match_start. */
    void (*match_start_next)(void *state, const game_rules_t *rules, uint64_t seed);
    game_status_t (*status)(const void *state);
    void (*deal)(void *state, game_events_t *events); /* from the match's own generator */
    /* Deals a given hand (replay, tests); a leader of -1 is derived as deal() would.
     * Returns 0, or -1 with a message naming the hand. */
    int (*set_deal)(void *state, const game_deal_t *deal, game_events_t *events, char *error, size_t error_size);
    void (*get_deal)(const void *state, game_deal_t *out); /* the current hand as dealt */
    int (*to_move)(const void *state); /* seat, -1 outside a hand */
    /* Writes the legal moves, returns their count. `out` holds GAME_MAX_MOVES moves; slots
     * past the count are scratch. */
    int (*legal_moves)(const void *state, game_move_t *out);
    void (*apply)(void *state, game_move_t move, game_events_t *events); /* events may be NULL */
    /* Plays the hand to its end, the seat to move choosing by chooser_of_seat[seat] exactly
     * as that rule would over legal_moves wherever two or more moves are legal (one legal
     * move is played without a choice, drawing nothing): the hand that loop plays. Returns
     * the moves applied. Where no seat's chooser is a callback nobody observes the hand,
     * and what only observe and determinize read (lacks, draws, passes, placers) may be
     * left stale until the next deal: read the status, scores and the hand's end. NULL:
     * callers run the loop themselves (search_playout). */
    int (*playout)(void *state, const game_chooser_t *chooser_of_seat);
    /* The seat that placed the hand's first tile, -1 before it: a caller that knows it may
     * hand the lead to playout too. NULL: the caller plays the lead itself. */
    int (*hand_leader)(const void *state);
    /* The seat that closed the hand in play or just ended, -1 none. NULL: no closes. */
    int (*hand_closer)(const void *state);

    /* ---- what a caller reads ---- */
    void (*scores)(const void *state, int *out); /* per side */
    /* The HAND_END event of the last hand, as apply reported it: what a caller that passes
     * no events (the simulator's loop) reads once the hand is over, or a decision after it
     * (Partnership R6) is made. Its points and awards are in the scores. */
    game_event_t (*last_hand_end)(const void *state);
    int (*match_winner)(const void *state); /* the side, once GAME_MATCH_OVER; -1 before or a draw */
    /* Points `seat` would be credited now for `move`, hand-end awards aside, whoever holds
     * the tile (public knowledge); -1 where the move is impossible. */
    int (*move_points)(const void *state, int seat, game_move_t move);
    /* Trick games, public rules (NULL elsewhere): a captured tile's points this hand and
     * the tiles that win a trick `led` led (follow rules aside), the same in every state
     * of one rule set with the same trump, so an agent may keep them; and whether
     * following with `tile` may end the hand (false only where it surely leaves it in
     * play), which lets a search value a follow without trying it. */
    int (*capture_points)(const void *state, int tile);
    tileset_t (*tiles_beating)(const void *state, int led);
    bool (*follow_may_end_hand)(const void *state, int tile);
    int (*pips_left)(const void *state, int seat);
    int (*hand_number)(const void *state);

    /* ---- what one seat may know ---- */
    void (*observe)(const void *state, int seat, game_observation_t *out);
    /* A full state in which everything `seat` cannot see is drawn at random, consistent
     * with what it observes (hand sizes, seen tiles, known lacks). */
    void (*determinize)(const void *state, int seat, pcg32_t *rng, void *out_state);
    /* determinize in two steps for the many worlds of one decision (NULL: no plan):
     * plan_worlds writes what every world of (state, seat) shares into `plan`
     * (world_plan_size bytes); draw_world then writes the very world determinize would
     * from the same draws, while `state` stays as and where it was. */
    size_t world_plan_size;
    void (*plan_worlds)(const void *state, int seat, void *plan);
    void (*draw_world)(const void *plan, pcg32_t *rng, void *out_state);
    /* In a world (never the true state: it tells a hidden hand), a seat's tiles as
     * logical tiles, a tile listed twice where it holds both copies; returns how many. */
    int (*hand_tiles)(const void *world, int seat, uint8_t *out);
    /* Makes tiles[0..count) (hand_tiles' form, as many as it holds) `seat`'s hand in a
     * world drawn for `observer`, by exchanges only: each tile it lacks comes from a place
     * hidden from the observer (another hand, the stock) for one of its own not listed.
     * Other hands may then break what is known of them: ask the world about `seat` only.
     * Returns false where a listed tile is nowhere hidden (the world is still a world). */
    bool (*give_hand)(void *world, int observer, int seat, const uint8_t *tiles, int count);

    /* ---- words: moves and record lines in the game's own terms ---- */
    void (*move_text)(game_move_t move, char *out, size_t out_size); /* "play 3-5 on end 1" */
    /* Why a PLAY's or an AWARD's points were credited, as players say it, in a phrase
     * complete by itself ("triple-header: both ends show 6, one of them the double"), from
     * the state just after the apply that made it; "" where a play scored nothing or the
     * reason's words say all. For people (the viewer, the play log), never parsed. */
    void (*points_words)(const void *state, const game_event_t *event, char *out, size_t out_size);
    /* The record line of an event of a move or of the game's own (PLAY, DRAW, PASS, CHOICE,
     * CLOSE, MELD, TRUMP, TRICK), from the state just after the apply that made it.
     * Returns 0, 1 where the format writes no line for it, or -1 for a kind never emitted. */
    int (*event_line)(const void *state, const game_event_t *event, game_line_t *line);
    /* The move a record line stands for: 1 with *out set (legal or not), 0 if the line is
     * not a move of the seat to move, -1 with a message if it is malformed. */
    int (*line_move)(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size);
    /* A move the record leaves unwritten before `next` (keeping a drawn tile, a default
     * answer): 1 with *out set, else 0. */
    int (*unwritten_move)(const void *state, const game_line_t *next, game_move_t *out);
    /* Whether a record may hold `line` although the game writes nothing there (a tolerated
     * form of record-format.md); the hand has just ended, `ending` its first line. */
    bool (*tolerated_line)(const void *state, const game_line_t *line, const game_line_t *ending);
} game_t;

/* ---- helpers over the interface ---- */
int game_move_is_legal(const game_t *game, const void *state, game_move_t move);
/* A placement in words, as the games' move_text write it: "lead 3-5", "play 3-5 on end 1". */
void game_placement_text(game_move_t move, char *out, size_t out_size);
const char *game_reason_name(const game_t *game, int reason); /* "unknown" out of range */
const char *game_reason_words(const game_t *game, int reason); /* as players say it; else the name */
/* The game's points_words into out ("" where the game has none to say). */
void game_points_words(const game_t *game, const void *state, const game_event_t *event, char *out, size_t out_size);
/* Where the values of the game's fact `name` begin in game_observation_t.facts, -1 if the
 * game has none of that name. */
int game_fact_at(const game_t *game, const char *name);
/* A preset plus the user's "key=value" overrides as values; the index of a preset, or -1. */
int game_configure(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                   option_values_t *values, char *error, size_t error_size);
int game_preset_index(const game_t *game, const char *name);

/* A world drawn for `seat` as determinize draws it: from `plan` where the caller made one. */
static inline void game_draw_world(const game_t *game, const void *plan, const void *state, int seat, pcg32_t *rng,
                                   void *out_state)
{
    if (plan) game->draw_world(plan, rng, out_state);
    else game->determinize(state, seat, rng, out_state);
}

/* +1 where the higher score is ahead, -1 where the lower is: a score times this sign is
 * "how far ahead", whatever the scoring. */
static inline int game_score_sign(const game_t *game, const game_rules_t *rules)
{
    return game->lower_score_wins && game->lower_score_wins(rules) ? -1 : 1;
}

/* Every game's rules begin with the option values they were made from, so a caller
 * outside the game can say which rules are played. */
static inline const option_values_t *game_rules_values(const game_rules_t *rules)
{
    return (const option_values_t *)(const void *)rules;
}

/* Every game's state begins with the pointer to its rules: a state copied out of a match
 * played under other, equal rules (a record's replay) is made to point to the caller's. */
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

#endif
