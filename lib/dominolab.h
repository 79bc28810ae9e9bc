/* dominolab.h - the dominolab engine and its bots, for programs in C (and, through the
 * same functions, in Python: python/). Make a game from a preset and options, deal or set a
 * position, list and apply the legal moves, ask a bot (a level, a search, any agent spec)
 * for the move of the seat to move, and write or check game records. Build with
 *     cc app.c $(pkg-config --cflags --libs dominolab)
 *
 * Functions that can fail return -1 (or NULL) and say why: dl_game_error for a game, the
 * caller's buffer otherwise. Nothing prints. Tiles are numbered as docs/rules/README.md §6
 * numbers them (0 = 0-0, 1 = 0-1, 2 = 1-1, 3 = 0-2, ...). Seats and sides count from 0;
 * a side is a seat, or a team (Partnership). A game and its bots belong to one thread.
 */
#ifndef DOMINOLAB_PUBLIC_H
#define DOMINOLAB_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DL_API_VERSION 1

enum { DL_MAX_SEATS = 8, DL_MAX_MOVES = 768, DL_ERROR_SIZE = 512 };
enum { DL_BETWEEN_HANDS, DL_IN_HAND, DL_MATCH_OVER };                       /* dl_status */
enum { DL_PLAY, DL_DRAW, DL_PASS, DL_END_TURN, DL_CHOICE, DL_CLOSE, DL_MELD }; /* dl_move_t.kind */

/* A move: kind; tile (DL_PLAY); end, the end or arm (255: a lead, or a tile into a trick),
 * or for DL_CHOICE the decision; extra: DL_CHOICE's answer, DL_MELD's doubles (bit n: n-n). */
typedef struct dl_move {
    unsigned char kind, tile, end, extra;
} dl_move_t;

typedef struct dl_game dl_game_t;
typedef struct dl_bot dl_bot_t;

const char *dl_version(void);

/* game: bergen, double_bergen, partnership or bingo; preset: NULL for the game's first;
 * players: 0 for the preset's; options: "key=value" strings ending with NULL, or NULL;
 * seed: the match's (the same seed, the same deals). */
dl_game_t *dl_game_create(const char *game, const char *preset, int players, const char *const *options, uint64_t seed,
                          char *error, size_t error_size);
void dl_game_destroy(dl_game_t *g);
const char *dl_game_error(const dl_game_t *g); /* why the last call on g failed */
int dl_seats(const dl_game_t *g);
int dl_sides(const dl_game_t *g);
int dl_side_of_seat(const dl_game_t *g, int seat);

/* The next hand, dealt from the match's seed; or given: hands[seat] a text of tiles
 * ("0-0 1-3 ..."), stock the undealt tiles in the order they are drawn ("" for none). */
int dl_deal(dl_game_t *g);
int dl_set_deal(dl_game_t *g, const char *const *hands, const char *stock);
int dl_status(const dl_game_t *g);
int dl_to_move(const dl_game_t *g); /* -1 outside a hand */
int dl_legal_moves(const dl_game_t *g, dl_move_t *out); /* out holds DL_MAX_MOVES; returns the count */
int dl_apply(dl_game_t *g, dl_move_t move);             /* -1 if the move is not legal now */
int dl_move_points(const dl_game_t *g, dl_move_t move); /* what it scores now for the seat to move */
void dl_scores(const dl_game_t *g, int *out);           /* per side */
int dl_match_winner(const dl_game_t *g);                /* the side, once the match is over; -1 */
int dl_hand(const dl_game_t *g, int seat, char *out, size_t size); /* its tiles as text; the count */
void dl_move_text(const dl_game_t *g, dl_move_t move, char *out, size_t size); /* "play 3-5 on end 1" */
/* What `seat` may know, or the legal moves with their points and words, as the JSON of
 * docs/protocol.md (the bot protocol's "observation" and "moves"). Returns the length of
 * the whole text, as snprintf does (written only up to size), or -1. */
int dl_observation(const dl_game_t *g, int seat, char *out, size_t size);
int dl_moves_json(const dl_game_t *g, char *out, size_t size);
/* One move for loops in other languages, where each call costs: applies the index-th legal
 * move (dl_legal_moves's order) and returns how many legal moves the position after has;
 * 0 once the hand (or the match) is over; -1 if there is no such move. */
int dl_step(dl_game_t *g, int index);
const char *dl_tile_name(int tile, char out[6]);                                  /* "3-5" */

/* A bot for `seat`: any agent spec dominolab knows (level:5, pimc, heuristic:deny=2, ...;
 * `dominolab agents` lists them). It learns the deal only as that seat may: through the
 * game's observation of the seat, and worlds drawn consistent with it. An agent that learns
 * from every move of the match (pimc or ismcts with belief=policy) is refused: a bot here
 * is asked at its turns only, and would otherwise believe as if nobody had chosen. */
dl_bot_t *dl_bot_create(const dl_game_t *g, const char *spec, int seat, uint64_t seed, char *error, size_t error_size);
void dl_bot_destroy(dl_bot_t *b);
int dl_bot_move(dl_bot_t *b, const dl_game_t *g, dl_move_t *out); /* -1 if it is not its seat's turn */

/* Game records (docs/record-format.md). Opened before the first deal, a record takes every
 * deal and move of g; closing it commits the file if the match is over, and removes it
 * otherwise. dl_record_check replays a record against the rules. */
int dl_record_open(dl_game_t *g, const char *path);
int dl_record_close(dl_game_t *g);
int dl_record_check(const char *path, char *error, size_t error_size);
/* The match of a record that replays against the rules, as a game at the position after
 * its first `moves` move lines (placements, draws, passes, decisions; every one if
 * negative; a move that ended a hand is followed by the next deal): to look at, to ask a
 * bot about, or to play on. A record cannot be opened on it (records start a match). */
dl_game_t *dl_game_from_record(const char *path, int moves, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
