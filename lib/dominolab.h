/* dominolab.h - the dominolab engine and its bots, for programs in C (and, through the
 * same functions, in Python: python/). Make a game from a preset and options, deal or set a
 * position, list and apply the legal moves, ask a bot (a level, a search, any agent spec)
 * for the move of the seat to move, and write or check game records. Build with
 *     cc app.c $(pkg-config --cflags --libs dominolab) -o app
 *
 * Errors. Every function checks its arguments (NULL pointers, seats, indices, moves,
 * buffers, a bot's game) before using them; none crashes or wraps on a bad one. Functions
 * that can fail return -1 (or NULL) and say why in a non-empty message: dl_game_error for a
 * call on a game, the caller's `error` buffer otherwise (which may be NULL or of size 0: the
 * message is then dropped, the -1 or NULL still returned). A call given a NULL game returns
 * -1 (or NULL, or nothing), and dl_game_error(NULL) says so. A call refused for its
 * arguments or for the game's state changes nothing (dl_record_close of an unfinished match
 * aside: it removes the record, and says so). Nothing prints.
 *
 * Lifetimes. A game owns everything it needs; a bot holds a share of the rules of the game
 * it was made from (freed with the last of them) and borrows nothing else, so games and
 * bots may be destroyed in any order, and a bot answers about any game of those rules (the
 * game it was made from, or one read back from its record). Pointers passed in (texts,
 * option arrays, buffers) are read during the call only. A game and the bots made from it
 * belong to one thread (they share the rules' count).
 *
 * Tiles are numbered as docs/rules/README.md §6 numbers them (0 = 0-0, 1 = 0-1, 2 = 1-1,
 * 3 = 0-2, ...). Seats and sides count from 0; a side is a seat, or a team (Partnership).
 */
#ifndef DOMINOLAB_PUBLIC_H
#define DOMINOLAB_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 2: arguments checked, bots checked against their game's rules and free of its lifetime,
 * dl_scores and dl_move_text return a count, dl_hand lists both copies of a tile. */
#define DL_API_VERSION 2

enum { DL_MAX_SEATS = 8, DL_MAX_MOVES = 768, DL_ERROR_SIZE = 512, DL_MAX_TILES = 91 };
enum { DL_BETWEEN_HANDS, DL_IN_HAND, DL_MATCH_OVER };                       /* dl_status */
enum { DL_PLAY, DL_DRAW, DL_PASS, DL_END_TURN, DL_CHOICE, DL_CLOSE, DL_MELD }; /* dl_move_t.kind */

/* A move: kind; tile (DL_PLAY; below DL_MAX_TILES for every kind); end, the end or arm
 * (255: a lead, or a tile into a trick), or for DL_CHOICE the decision; extra: DL_CHOICE's
 * answer, DL_MELD's doubles (bit n: n-n). A move of another kind or tile is refused as no
 * move at all by every function that takes one. */
typedef struct dl_move {
    unsigned char kind, tile, end, extra;
} dl_move_t;

typedef struct dl_game dl_game_t;
typedef struct dl_bot dl_bot_t;

const char *dl_version(void);

/* game: bergen, double_bergen, partnership or bingo; preset: NULL for the game's first;
 * players: 0 for the preset's (negative: refused); options: "key=value" strings ending with
 * NULL (at most 64 with players), or NULL; seed: the match's (the same seed, the same
 * deals). NULL with the reason in `error`. */
dl_game_t *dl_game_create(const char *game, const char *preset, int players, const char *const *options, uint64_t seed,
                          char *error, size_t error_size);
void dl_game_destroy(dl_game_t *g); /* NULL: nothing; closes (and so removes) an unfinished record */
/* Why the last call on g that failed did ("" if none has); for NULL, that the game is NULL. */
const char *dl_game_error(const dl_game_t *g);
int dl_seats(const dl_game_t *g);
int dl_sides(const dl_game_t *g);
int dl_side_of_seat(const dl_game_t *g, int seat); /* -1 for a seat the game has not */

/* The next hand, dealt from the match's seed; or given: hands[seat] a text of tiles
 * ("0-0 1-3 ...", for each of the dl_seats(g) seats: hands holds that many non-NULL
 * texts), stock the undealt tiles in the order they are drawn ("" or NULL for none). Both
 * -1 unless the game is between hands; a deal the rules refuse leaves the game as it was. */
int dl_deal(dl_game_t *g);
int dl_set_deal(dl_game_t *g, const char *const *hands, const char *stock);
int dl_status(const dl_game_t *g);  /* DL_BETWEEN_HANDS, DL_IN_HAND or DL_MATCH_OVER; -1 for NULL */
int dl_to_move(const dl_game_t *g); /* -1 outside a hand */
/* out holds DL_MAX_MOVES; returns the count (0 outside a hand), -1 for a NULL out. */
int dl_legal_moves(const dl_game_t *g, dl_move_t *out);
int dl_apply(dl_game_t *g, dl_move_t move);             /* -1 if the move is not legal now */
/* What the move scores now for the seat to move (hand-end awards aside; for a placement,
 * whoever holds the tile); -1 outside a hand or for a move that cannot be made now. */
int dl_move_points(const dl_game_t *g, dl_move_t move);
int dl_scores(const dl_game_t *g, int *out);            /* out holds DL_MAX_SEATS; per side; returns the sides */
int dl_match_winner(const dl_game_t *g);                /* the side, once the match is over; -1 */
/* The seat's tiles as text, lowest first, a tile twice where the seat holds both copies
 * (two sets); returns the count. The text must fit in size bytes (-1 otherwise, saying how
 * many it needs); out may be NULL with size 0 to ask the count alone. */
int dl_hand(const dl_game_t *g, int seat, char *out, size_t size);
/* "play 3-5 on end 1"; returns the length of the whole text, as snprintf does (written only
 * up to size; out may be NULL with size 0), or -1. */
int dl_move_text(const dl_game_t *g, dl_move_t move, char *out, size_t size);
/* What `seat` may know, or the legal moves with their points and words, as the JSON of
 * docs/protocol.md (the bot protocol's "observation" and "moves"). Returns the length of
 * the whole text, as snprintf does (written only up to size; out may be NULL with size 0),
 * or -1. */
int dl_observation(const dl_game_t *g, int seat, char *out, size_t size);
int dl_moves_json(const dl_game_t *g, char *out, size_t size);
/* One move for loops in other languages, where each call costs: applies the index-th legal
 * move (dl_legal_moves's order) and returns how many legal moves the position after has;
 * 0 once the hand (or the match) is over; -1 if there is no such move. */
int dl_step(dl_game_t *g, int index);
/* "3-5"; "?" for a tile outside 0..DL_MAX_TILES-1; NULL for a NULL out. */
const char *dl_tile_name(int tile, char out[6]);

/* A bot for `seat`: any agent spec dominolab knows (level:5, pimc, heuristic:deny=2, ...;
 * `dominolab agents` lists them; at most 255 characters). It learns the deal only as that
 * seat may: through the game's observation of the seat, and worlds drawn consistent with it.
 * An agent that learns from every move of the match (pimc or ismcts with belief=policy) is
 * refused: a bot here is asked at its turns only, and would otherwise believe as if nobody
 * had chosen. The bot holds a share of g's rules (see Lifetimes above). */
dl_bot_t *dl_bot_create(const dl_game_t *g, const char *spec, int seat, uint64_t seed, char *error, size_t error_size);
void dl_bot_destroy(dl_bot_t *b); /* NULL: nothing */
/* The bot's move in g, into *out; -1 with the reason in dl_game_error(g) if it is not its
 * seat's turn, or if g is not of the rules the bot was made for (another game, another
 * number of seats, any other option). */
int dl_bot_move(dl_bot_t *b, const dl_game_t *g, dl_move_t *out);

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

/* ---- for learning code (docs/python.md, "Actions and tensors") ----
 * Every move a game's rules can make has one fixed number, its action (below
 * dl_action_count: agents/encoding.h lays them out), and a seat's observation is a vector
 * of dl_observation_size floats. */
int dl_action_count(const dl_game_t *g);
int dl_observation_size(const dl_game_t *g);
int dl_state_size(const dl_game_t *g); /* the observation, then every seat's hand */
/* mask holds dl_action_count bytes: 1 for each legal action now; returns how many (0
 * outside a hand). */
int dl_action_mask(const dl_game_t *g, unsigned char *mask);
int dl_action_of(const dl_game_t *g, dl_move_t move);          /* -1 for no move of the rules */
int dl_action_move(const dl_game_t *g, int action, dl_move_t *out); /* -1 unless legal now */
int dl_apply_action(dl_game_t *g, int action);                 /* -1 unless legal now */
/* What `seat` observes (out: dl_observation_size floats); the whole state from the seat
 * to move's side (out: dl_state_size floats; seat 0's outside a hand), for research that
 * may see every hand. */
int dl_observation_tensor(const dl_game_t *g, int seat, float *out);
int dl_state_tensor(const dl_game_t *g, float *out);
/* How a hand is dealt: hand_sizes[seat] (out holds DL_MAX_SEATS) and the stock's size, the
 * result; the same for every hand of the rules. For dealing tile by tile (chance nodes),
 * then giving the whole deal to dl_set_deal. */
int dl_deal_shape(const dl_game_t *g, int *hand_sizes);
/* The side that won the hand just ended, between hands or once the match is over; -1 in a
 * hand, before the first, or where no side won it. */
int dl_hand_winner(const dl_game_t *g);
/* A game of its own at the same position, rules shared, no record (NULL with the reason). */
dl_game_t *dl_game_clone(const dl_game_t *g, char *error, size_t error_size);

/* Many games stepped in one call, for learning loops: `count` games of one configuration,
 * each at the decision of its seat to move, written into the caller's arrays (row i for
 * game i): observations (count x dl_vec_observation_size floats, from the seat to move),
 * masks (count x dl_vec_action_count bytes), to_move (count seats), rewards (count x seats
 * floats) and dones (count bytes). An episode is a hand (DL_EPISODE_HAND: the match deals
 * on) or a match; a game whose episode ends starts the next one at once, so row i is always
 * a decision. Rewards: DL_REWARD_POINTS, the points each seat's side scored in the step
 * (negated where the lower score wins); DL_REWARD_WIN, +1 to the winning side's seats and
 * -1 to the others at an episode's end (0 for a draw, and before the end). The same seed
 * and actions give the same games, on any machine. */
enum { DL_EPISODE_HAND, DL_EPISODE_MATCH };
enum { DL_REWARD_POINTS, DL_REWARD_WIN };
typedef struct dl_vec dl_vec_t;
dl_vec_t *dl_vec_create(const char *game, const char *preset, int players, const char *const *options, int count,
                        uint64_t seed, int episode, int reward, char *error, size_t error_size);
void dl_vec_destroy(dl_vec_t *v);
const char *dl_vec_error(const dl_vec_t *v);
int dl_vec_count(const dl_vec_t *v);
int dl_vec_seats(const dl_vec_t *v);
int dl_vec_action_count(const dl_vec_t *v);
int dl_vec_observation_size(const dl_vec_t *v);
/* Starts every game afresh from `seed` (dl_vec_create's seed makes the first games); fills
 * observations, masks and to_move (each may be NULL). */
int dl_vec_reset(dl_vec_t *v, uint64_t seed, float *observations, unsigned char *masks, int *to_move);
/* Plays actions[i] in game i (each must be legal: otherwise nothing is played, -1), then
 * fills every array. Returns the tiles placed in the step. */
int dl_vec_step(dl_vec_t *v, const int *actions, float *observations, unsigned char *masks, int *to_move,
                float *rewards, unsigned char *dones);
/* A legal action for each game, uniformly from the masks the last call wrote, drawn from
 * the vector's own generator (seeded with it). */
int dl_vec_random_actions(dl_vec_t *v, int *actions);

/* One forward pass of the learned network in the file model_path (the `net` agent's,
 * docs/agents.md "net"): input holds its input_size observation floats, logits receives
 * logits_size floats and *value the value. Both sizes must be the file's. The file is read
 * and checked anew at each call (for tests and tools: an agent reads it once). Returns 0,
 * or -1 with the message (naming the file) in error. */
int dl_net_evaluate(const char *model_path, const float *input, int input_size, float *logits, int logits_size,
                    float *value, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
