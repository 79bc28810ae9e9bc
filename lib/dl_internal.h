/* dl_internal.h - what the files of libdominolab share: the game and bot objects behind
 * dominolab.h's handles, and the checks every entry point makes. Not installed. */
#ifndef DOMINOLAB_DL_INTERNAL_H
#define DOMINOLAB_DL_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "agent.h"
#include "dominolab.h"
#include "encoding.h"
#include "game.h"
#include "match.h"
#include "records/record.h"

#define DL_EXPORT __attribute__((visibility("default")))

/* The rules of a game, shared with the bots made for it and freed by the last of them to
 * go: a bot may outlive its game, and needs no copy of the rules' tables (Bingo's take a
 * while to build). A game and its bots belong to one thread, so the count needs no lock. */
typedef struct shared_rules {
    const game_t *game;
    game_rules_t *rules;
    int users;
} shared_rules_t;

struct dl_game {
    const game_t *game;
    shared_rules_t *shared;
    game_rules_t *rules; /* shared->rules */
    option_values_t values;
    char preset[64];
    uint64_t seed;
    void *state;
    void *saved_state; /* the state before a dl_set_deal, put back if the deal is refused */
    /* Why the last call failed. Reached through a pointer so that the queries taking a
     * const game (dl_hand, dl_observation, ...) can say why they failed too: the text lives
     * in error_text of a game dl_game_create allocated, never in a const object. */
    char *error;
    char error_text[DL_ERROR_SIZE];
    /* the record being written, if any */
    record_writer_t *record;
    match_sink_t sink;
    match_setup_t setup;
    char spec[GAME_MAX_SEATS][AGENT_SPEC_MAX]; /* who plays each seat, as the record names it */
    const char *specs[GAME_MAX_SEATS];
    /* the legal moves of the position, for dl_step; stale after any other change */
    game_move_t moves[GAME_MAX_MOVES];
    int move_count;
    bool moves_fresh;
    encoding_t encoding; /* its actions and tensors (dominolab_learn.c); game NULL if none */
};

/* A bot holds a share of the rules its agent reads, so that it borrows nothing from the
 * game it was made from: the app may destroy that game first, and the bot answers about any
 * game of the same rules (the copy read back from its record, say). */
struct dl_bot {
    shared_rules_t *shared;
    agent_t *agent;
    int seat;
};

/* Says why the call on g failed (dl_game_error) and returns -1. */
int lib_fail(const dl_game_t *g, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* A message into the caller's buffer, which may be NULL or of size 0. */
void lib_report(char *error, size_t error_size, const char *format, ...) __attribute__((format(printf, 3, 4)));
/* 0, or lib_fail for a seat the game has not. */
int lib_check_seat(const dl_game_t *g, int seat);
/* Drops one user's share of the rules, freeing them with the last. */
void lib_release_rules(shared_rules_t *shared);
/* Why there is no move to make now, outside a hand. */
const char *lib_no_hand_reason(const dl_game_t *g);

#endif
