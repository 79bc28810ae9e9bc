/* fuzz_library.c - libFuzzer harness for the public library (lib/dominolab.h), called as
 * an app calls it. The bytes are a program of API calls over three game slots and four bot
 * slots: make games from names, presets, player counts and options taken from the bytes
 * (good and bad), make twins of them, deal or give deals, step and apply moves by indices
 * and moves from the bytes, ask observations, hands, moves, points, words and scores with
 * buffers of any size, make bots from specs (fast agents, refused ones, garbage), ask them
 * about positions of their own game, of twins and of other games, destroy games under
 * their bots, and pass NULL where pointers go.
 *
 * Checked promises of dominolab.h besides the sanitizers: every refusal returns -1 (or
 * NULL) with a non-empty message, and a refused call changes nothing (status, seat to move,
 * legal moves, scores); an index, seat, move or buffer is accepted exactly when it is in
 * range; a step returns the count of the legal moves that follow; a bot answers only when
 * asked about a game of the rules it was made for at its own turn, with a legal move, and
 * is refused for another game or another number of seats; a game made the same way as the
 * bot's is of its rules, even after the bot's own game is destroyed; texts fit the lengths
 * returned; a hand in play always has a legal move.
 *
 * Each input must stay cheap (ten million of them are run): only agents from the table of
 * fast ones (random, greedy, heuristic) are ever asked for a move (a garbage spec may spell
 * a slow agent, or `ext` with a command to run), and a program reads at most PROGRAM_MAX
 * bytes, makes at most MAX_OPERATIONS calls, MAX_STEPS moves, MAX_GAMES_MADE games (the
 * rules' tables are the dearest part: Bingo's take half a millisecond under the
 * sanitizers), MAX_BOTS_MADE bots and MAX_JSON observation. Nothing is written to disk.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dominolab.h"
#include "fuzz_support.h"

enum {
    GAME_SLOTS = 3,
    BOT_SLOTS = 4,
    MAX_OPTIONS = 3,
    MAX_OPERATIONS = 24,
    MAX_STEPS = 128,
    MAX_GAMES_MADE = 2, /* making a game builds its rules' tables (Bingo's take a while) */
    MAX_GAME_TRIES = 6, /* a refused game costs little: more tries than games made */
    MAX_BOTS_MADE = 2,
    MAX_BOT_TRIES = 8, /* a refused spec costs little */
    MAX_JSON = 1, /* an observation costs as much as making a game: one an input */
    PROGRAM_MAX = 192, /* the bytes read at most: a longer input adds nothing but time */
    TEXT_MAX = 40,
    TEXT_SIZE = 64,
    SENTINEL = 0x5a,
    JSON_ROOM = 16384,
};

/* The bytes, read from the front; past the end every byte reads as 0, so a program always
 * ends and never reads outside its input. */
typedef struct program {
    const uint8_t *data;
    size_t size, at;
    int steps;                  /* moves played so far, bounded by MAX_STEPS */
    int games_made, game_tries; /* bounded by MAX_GAMES_MADE and MAX_GAME_TRIES */
    int bots_made, bot_tries;   /* bounded by MAX_BOTS_MADE and MAX_BOT_TRIES */
    int json_made;              /* bounded by MAX_JSON */
} program_t;

static uint8_t next_byte(program_t *p) { return p->at < p->size ? p->data[p->at++] : 0; }

static uint64_t next_u64(program_t *p)
{
    uint64_t value = 0;
    for (int k = 0; k < 8; k++) value = value << 8 | next_byte(p);
    return value;
}

/* One of `count` choices. */
static int next_choice(program_t *p, int count) { return next_byte(p) % count; }

/* A text of the bytes (up to TEXT_MAX, ended early by a 0 byte) into out of TEXT_SIZE. */
static const char *next_text(program_t *p, char *out)
{
    int length = next_byte(p) % (TEXT_MAX + 1);
    int k = 0;
    while (k < length) {
        uint8_t byte = next_byte(p);
        if (!byte) break;
        out[k++] = (char)byte;
    }
    out[k] = '\0';
    return out;
}

/* An index near the range [0, count) (one below and one past too) or far outside it. */
static int next_index(program_t *p, int count)
{
    static const int far[] = {INT_MIN, INT_MAX, DL_MAX_MOVES, 65536, -2, 256};
    uint8_t byte = next_byte(p);
    if (byte < 224) return byte % (count + 2) - 1;
    return far[byte % (sizeof far / sizeof far[0])];
}

/* ------------------------------------------------------------------ what the program holds */

/* How a game was made: games made alike are of the same rules, which is what decides
 * whether a bot may answer about them. */
typedef struct recipe {
    char name[TEXT_SIZE], preset[TEXT_SIZE], option[MAX_OPTIONS][TEXT_SIZE];
    bool has_name, has_preset;
    int players, option_count;
} recipe_t;

typedef struct game_slot {
    dl_game_t *game;
    recipe_t recipe;
} game_slot_t;

typedef struct bot_slot {
    dl_bot_t *bot;
    bool fast; /* made from the table of fast agents: may be asked for moves */
    recipe_t recipe;
    int seat, seats;
} bot_slot_t;

typedef struct world {
    program_t program;
    game_slot_t games[GAME_SLOTS];
    bot_slot_t bots[BOT_SLOTS];
} world_t;

static bool same_recipe(const recipe_t *a, const recipe_t *b)
{
    if (a->has_name != b->has_name || a->has_preset != b->has_preset || a->players != b->players ||
        a->option_count != b->option_count || strcmp(a->name, b->name) || strcmp(a->preset, b->preset))
        return false;
    for (int k = 0; k < a->option_count; k++)
        if (strcmp(a->option[k], b->option[k])) return false;
    return true;
}

/* What a refused call must leave as it was. */
typedef struct snapshot {
    int status, to_move, count, sides;
    dl_move_t moves[DL_MAX_MOVES];
    int scores[DL_MAX_SEATS];
} snapshot_t;

static void take_snapshot(const dl_game_t *g, snapshot_t *s)
{
    s->status = dl_status(g);
    s->to_move = dl_to_move(g);
    s->count = dl_legal_moves(g, s->moves);
    s->sides = dl_scores(g, s->scores);
}

static void require_unchanged(const dl_game_t *g, const snapshot_t *before)
{
    snapshot_t after;
    take_snapshot(g, &after);
    fuzz_require(after.status == before->status && after.to_move == before->to_move && after.count == before->count &&
                     after.sides == before->sides,
                 "a refused call changes nothing (status, seat to move, moves, sides)");
    fuzz_require(after.count >= 0 && after.sides >= 0, "a live game has moves and sides to count");
    fuzz_require(!memcmp(after.moves, before->moves, (size_t)after.count * sizeof after.moves[0]) &&
                     !memcmp(after.scores, before->scores, (size_t)after.sides * sizeof after.scores[0]),
                 "a refused call changes nothing (legal moves, scores)");
}

static void require_refused(const dl_game_t *g, int result, const char *what)
{
    fuzz_require(result == -1, what);
    fuzz_require(dl_game_error(g) && dl_game_error(g)[0] != '\0', "a refusal on a game has a message in dl_game_error");
}

/* The promises every game keeps between any two calls. */
static void check_game(const dl_game_t *g)
{
    int seats = dl_seats(g), sides = dl_sides(g), status = dl_status(g), to_move = dl_to_move(g);
    fuzz_require(seats >= 1 && seats <= DL_MAX_SEATS && sides >= 1 && sides <= seats, "seats and sides in range");
    fuzz_require(status == DL_BETWEEN_HANDS || status == DL_IN_HAND || status == DL_MATCH_OVER, "a status");
    fuzz_require(status == DL_IN_HAND ? to_move >= 0 && to_move < seats : to_move == -1,
                 "a seat is to move exactly while a hand is in play");
    dl_move_t moves[DL_MAX_MOVES];
    int count = dl_legal_moves(g, moves);
    fuzz_require(status == DL_IN_HAND ? count >= 1 && count <= DL_MAX_MOVES : count == 0,
                 "a hand in play has legal moves, and only a hand in play");
    int winner = dl_match_winner(g);
    fuzz_require(status == DL_MATCH_OVER ? winner >= -1 && winner < sides : winner == -1,
                 "a winner only once the match is over, and a side");
}

/* ------------------------------------------------------------------ tables */

static const char *const game_names[] = {"bergen", "double_bergen", "partnership", "bingo"};
static const char *const presets[] = {"bergen",     "bergen_classic",   "double_bergen", "double_bergen_12",
                                      "partnership", "doscientos",      "doscientos_pases", "quinientos",
                                      "milo",        "south_american",  "great_lakes",   "bingo",
                                      "nonsense"};
static const int player_counts[] = {0, 2, 3, 4, 5, 8, 1, 9, -1, INT_MIN, INT_MAX, 6};
static const char *const options[] = {
    "target=50",          "target=1",           "target=0",           "num_sets=2",           "hand_size=6",
    "hand_size=60",       "set_max=9",          "set_max=12",         "draw_mode=one_per_turn", "block_method=german",
    "layout=spinner",     "stock_reserve=0",    "spinner_arms=8",     "near_goal=cap",        "end_award=lightest_hand",
    "no_double_rule=redeal", "target_game_points=1", "close_timing=any_own_turn", "hand_end=play_out",
    "redeal_min_doubles=4", "allow_lead_to_partner=true", "next_hand_starter=winning_team_choice",
    "scoring_mode=hands_won", "hands_to_win=1",  "hand_bonuses=[100,75]", "players=3", "nonsense=1",
    "target=banana",      "=",                  "",                   "target",               "num_sets=4",
};
/* Agents fast enough to be asked for a move in every input. */
static const char *const fast_specs[] = {"random", "greedy", "heuristic", "greedy:noise=0.5", "heuristic:deny=2,noise=0.1"};
/* Specs to make and destroy but never ask: refused ones, and valid ones that search. */
static const char *const other_specs[] = {
    "pimc:belief=policy", "human", "nobody", "", "pimc:samples=0", "level:0", "level:11", "level:5", "random:",
    "greedy:noise=2", "heuristic:deny=", "greedy,random", "pimc:samples=1,rollout=random", "ismcts:iterations=2",
    "ext", "oracle:samples=1",
};

/* An error buffer as an app might pass one: whole, tiny, or none (NULL or size 0). */
typedef struct error_buffer {
    char text[DL_ERROR_SIZE];
    char *pointer;
    size_t size;
} error_buffer_t;

static void next_error_buffer(program_t *p, error_buffer_t *e)
{
    memset(e->text, 0, sizeof e->text);
    switch (next_choice(p, 8)) {
    case 0: e->pointer = NULL, e->size = 0; break;
    case 1: e->pointer = NULL, e->size = DL_ERROR_SIZE; break; /* a NULL buffer with a size: still no crash */
    case 2: e->pointer = e->text, e->size = 1; break;
    case 3: e->pointer = e->text, e->size = 9; break;
    default: e->pointer = e->text, e->size = sizeof e->text; break;
    }
}

/* A refusal into a caller's buffer: a message wherever it has room for one. */
static void require_error_text(const error_buffer_t *e, const char *what)
{
    if (e->pointer && e->size > 1) fuzz_require(e->text[0] != '\0', what);
    if (e->pointer && e->size > 0) fuzz_require(memchr(e->text, '\0', e->size) != NULL, "an error text is ended in its buffer");
}

/* ------------------------------------------------------------------ games */

static game_slot_t *next_game(world_t *w) { return &w->games[next_choice(&w->program, GAME_SLOTS)]; }

/* A game slot that holds a game, or NULL. */
static game_slot_t *next_live_game(world_t *w)
{
    game_slot_t *slot = next_game(w);
    return slot->game ? slot : NULL;
}

static void next_recipe(program_t *p, recipe_t *r)
{
    memset(r, 0, sizeof *r);
    int name = next_choice(p, 7);
    r->has_name = name != 5;
    if (name < 4) snprintf(r->name, sizeof r->name, "%s", game_names[name]);
    else if (name == 4) snprintf(r->name, sizeof r->name, "chess");
    else if (name == 6) next_text(p, r->name);
    int preset = next_choice(p, 16);
    r->has_preset = preset < 14;
    if (preset < 13) snprintf(r->preset, sizeof r->preset, "%s", presets[preset]);
    else if (preset == 13) next_text(p, r->preset);
    r->players = player_counts[next_choice(p, sizeof player_counts / sizeof player_counts[0])];
    r->option_count = next_choice(p, MAX_OPTIONS + 1);
    for (int k = 0; k < r->option_count; k++) {
        int option = next_choice(p, sizeof options / sizeof options[0] + 1);
        if (option < (int)(sizeof options / sizeof options[0])) snprintf(r->option[k], sizeof r->option[k], "%s", options[option]);
        else next_text(p, r->option[k]);
    }
}

static dl_game_t *make_game(const recipe_t *r, uint64_t seed, error_buffer_t *e)
{
    const char *option_list[MAX_OPTIONS + 1];
    for (int k = 0; k < r->option_count; k++) option_list[k] = r->option[k];
    option_list[r->option_count] = NULL;
    return dl_game_create(r->has_name ? r->name : NULL, r->has_preset ? r->preset : NULL, r->players,
                          r->option_count ? option_list : NULL, seed, e->pointer, e->size);
}

static void put_game(game_slot_t *slot, dl_game_t *g, const recipe_t *r, error_buffer_t *e)
{
    if (!g) {
        require_error_text(e, "a refused game has a message");
        return;
    }
    fuzz_require(r->has_name && r->players >= 0 && r->players <= DL_MAX_SEATS,
                 "a game is made only of a name and a count of 0 to DL_MAX_SEATS players");
    dl_game_destroy(slot->game); /* the slot's old game goes, whatever bots it had */
    slot->game = g;
    slot->recipe = *r;
    fuzz_require(dl_status(g) == DL_BETWEEN_HANDS && dl_to_move(g) == -1, "a new game is between hands");
    for (int seat = 0; seat < dl_seats(g); seat++) {
        int side = dl_side_of_seat(g, seat);
        fuzz_require(side >= 0 && side < dl_sides(g), "every seat is on a side");
    }
    bool players_option = false; /* an option "players=N" after the count overrides it */
    for (int k = 0; k < r->option_count; k++) players_option |= strstr(r->option[k], "players") != NULL;
    if (r->players > 0 && !players_option) fuzz_require(dl_seats(g) == r->players, "a game has the players asked for");
}

static void op_create_game(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *slot = next_game(w);
    if (p->games_made >= MAX_GAMES_MADE || p->game_tries++ >= MAX_GAME_TRIES) return;
    recipe_t r;
    next_recipe(p, &r);
    error_buffer_t e;
    next_error_buffer(p, &e);
    dl_game_t *g = make_game(&r, next_u64(p), &e);
    p->games_made += g != NULL;
    put_game(slot, g, &r, &e);
}

/* Another game made as a live one was: the same rules, a new object. */
static void op_twin_game(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *from = next_live_game(w), *to = next_game(w);
    if (!from || p->games_made++ >= MAX_GAMES_MADE) return;
    recipe_t r = from->recipe;
    error_buffer_t e;
    next_error_buffer(p, &e);
    dl_game_t *g = make_game(&r, next_u64(p), &e);
    fuzz_require(g != NULL, "a game made as another was is made again");
    fuzz_require(dl_seats(g) == dl_seats(from->game) && dl_sides(g) == dl_sides(from->game), "a twin has its seats");
    put_game(to, g, &r, &e);
}

static void op_destroy_game(world_t *w)
{
    game_slot_t *slot = next_game(w);
    dl_game_destroy(slot->game);
    slot->game = NULL;
}

static void op_deal(world_t *w)
{
    game_slot_t *slot = next_live_game(w);
    if (!slot) return;
    snapshot_t before;
    take_snapshot(slot->game, &before);
    int result = dl_deal(slot->game);
    if (before.status == DL_BETWEEN_HANDS) {
        fuzz_require(result == 0, "a game between hands deals");
    } else {
        require_refused(slot->game, result, "a deal outside the gap between hands is refused");
        require_unchanged(slot->game, &before);
    }
}

/* The 28 tiles of a double-six set in an order of the bytes, cut into `seats` hands of
 * `size` and a stock: a deal most games of a double-six set take, or a near miss. */
static void permuted_deal(program_t *p, int seats, char hands[][512], char *stock, size_t stock_size)
{
    int tiles[28], count = 0;
    for (int high = 0; high <= 6; high++)
        for (int low = 0; low <= high; low++) tiles[count++] = low * 16 + high;
    for (int k = count - 1; k > 0; k--) {
        int other = next_byte(p) % (k + 1), keep = tiles[k];
        tiles[k] = tiles[other];
        tiles[other] = keep;
    }
    int size = 5 + next_choice(p, 3), flaw = next_choice(p, 8); /* 0: a tile twice, 1: a tile short */
    if (flaw == 0) tiles[1] = tiles[0];
    int at = 0;
    for (int seat = 0; seat < seats; seat++) {
        hands[seat][0] = '\0';
        for (int k = 0; k < size && at < count; k++, at++)
            snprintf(hands[seat] + strlen(hands[seat]), 512 - strlen(hands[seat]), "%s%d-%d", k ? " " : "", tiles[at] / 16,
                     tiles[at] % 16);
    }
    stock[0] = '\0';
    for (; at < count - (flaw == 1); at++)
        snprintf(stock + strlen(stock), stock_size - strlen(stock), "%s%d-%d", stock[0] ? " " : "", tiles[at] / 16,
                 tiles[at] % 16);
}

static void op_set_deal(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *slot = next_live_game(w);
    if (!slot) return;
    dl_game_t *g = slot->game;
    int seats = dl_seats(g);
    char hands[DL_MAX_SEATS][512], stock[1024], text[TEXT_SIZE];
    const char *hand_list[DL_MAX_SEATS];
    int mode = next_choice(p, 6);
    if (mode >= 3) {
        permuted_deal(p, seats, hands, stock, sizeof stock);
    } else {
        for (int seat = 0; seat < seats; seat++) snprintf(hands[seat], sizeof hands[seat], "%s", next_text(p, text));
        snprintf(stock, sizeof stock, "%s", next_text(p, text));
    }
    for (int seat = 0; seat < seats; seat++) hand_list[seat] = hands[seat];
    if (mode == 1) hand_list[next_choice(p, seats)] = NULL;
    snapshot_t before;
    take_snapshot(g, &before);
    int result = dl_set_deal(g, mode == 0 ? NULL : hand_list, next_choice(p, 8) ? stock : NULL);
    if (result == 0) {
        fuzz_require(before.status == DL_BETWEEN_HANDS && mode >= 2, "only a deal of every hand between hands is taken");
        return;
    }
    require_refused(g, result, "a deal refused returns -1");
    require_unchanged(g, &before);
}

/* The step's promise: accepted exactly for an index of a legal move, and then the count
 * of the moves that follow. */
static int step_checked(dl_game_t *g, int index)
{
    snapshot_t before;
    take_snapshot(g, &before);
    int result = dl_step(g, index);
    if (index >= 0 && index < before.count) {
        fuzz_require(result >= 0, "a step by the index of a legal move is taken");
        dl_move_t moves[DL_MAX_MOVES];
        fuzz_require(result == dl_legal_moves(g, moves), "a step returns the count of the moves that follow");
    } else {
        require_refused(g, result, "a step by an index out of range is refused");
        require_unchanged(g, &before);
    }
    return result;
}

static void op_step(world_t *w)
{
    game_slot_t *slot = next_live_game(w);
    if (!slot || w->program.steps >= MAX_STEPS) return;
    dl_move_t moves[DL_MAX_MOVES];
    w->program.steps++;
    step_checked(slot->game, next_index(&w->program, dl_legal_moves(slot->game, moves)));
}

/* Moves and deals up to a count of the bytes: deeper positions than one step a call. */
static void op_play_on(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *slot = next_live_game(w);
    if (!slot) return;
    for (int n = next_byte(p) % 64; n > 0 && p->steps < MAX_STEPS && dl_status(slot->game) != DL_MATCH_OVER; n--) {
        if (dl_status(slot->game) == DL_BETWEEN_HANDS) {
            fuzz_require(dl_deal(slot->game) == 0, "a game between hands deals");
            continue;
        }
        dl_move_t moves[DL_MAX_MOVES];
        int count = dl_legal_moves(slot->game, moves);
        fuzz_require(count >= 1, "a hand in play has legal moves");
        p->steps++;
        step_checked(slot->game, next_byte(p) % count);
    }
}

static bool in_list(const dl_move_t *moves, int count, dl_move_t move)
{
    for (int i = 0; i < count; i++)
        if (!memcmp(&moves[i], &move, sizeof move)) return true;
    return false;
}

/* A move of the bytes: mostly a legal one, else four raw bytes. */
static dl_move_t next_move(program_t *p, const dl_move_t *moves, int count)
{
    if (count > 0 && next_choice(p, 2)) return moves[next_byte(p) % count];
    dl_move_t move = {next_byte(p), next_byte(p), next_byte(p), next_byte(p)};
    if (next_choice(p, 2)) move.kind %= DL_MELD + 1, move.tile %= DL_MAX_TILES;
    return move;
}

static void op_apply(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *slot = next_live_game(w);
    if (!slot || p->steps >= MAX_STEPS) return;
    p->steps++;
    snapshot_t before;
    take_snapshot(slot->game, &before);
    dl_move_t move = next_move(p, before.moves, before.count);
    int result = dl_apply(slot->game, move);
    if (in_list(before.moves, before.count, move)) {
        fuzz_require(result == 0, "a legal move is applied");
    } else {
        require_refused(slot->game, result, "a move that is not legal is refused");
        require_unchanged(slot->game, &before);
    }
}

/* ------------------------------------------------------------------ queries */

/* An output buffer as an app might pass one: none to measure, a tiny one, or room. */
static size_t next_size(program_t *p)
{
    static const size_t sizes[] = {0, 1, 7, 64, 4096, JSON_ROOM};
    return sizes[next_choice(p, sizeof sizes / sizeof sizes[0])];
}

/* A snprintf-like answer: -1, or the whole length, the text complete where it fits. */
static void require_text_length(int length, const char *out, size_t size, const char *what)
{
    fuzz_require(length >= 0, what);
    if (size > 0) fuzz_require(strlen(out) == ((size_t)length < size ? (size_t)length : size - 1), "a text is cut only at its buffer's end");
}

static void query_json(const dl_game_t *g, program_t *p)
{
    char out[JSON_ROOM];
    if (p->json_made++ >= MAX_JSON) return;
    int seats = dl_seats(g);
    bool observe = next_choice(p, 2);
    int seat = next_index(p, seats);
    size_t size = next_size(p);
    char *buffer = size ? out : NULL;
    int length = observe ? dl_observation(g, seat, buffer, size) : dl_moves_json(g, buffer, size);
    if (observe && (seat < 0 || seat >= seats)) {
        require_refused(g, length, "an observation of a seat the game has not is refused");
        return;
    }
    require_text_length(length, out, size, "an observation or the moves are written");
    if (size && (size_t)length < size) fuzz_require(out[0] == (observe ? '{' : '['), "JSON is an object or a list");
}

static void query_hand(const dl_game_t *g, program_t *p)
{
    char out[1024];
    int seats = dl_seats(g), seat = next_index(p, seats);
    int count = dl_hand(g, seat, NULL, 0);
    if (seat < 0 || seat >= seats) {
        require_refused(g, count, "a hand of a seat the game has not is refused");
        return;
    }
    fuzz_require(count >= 0 && count <= 128, "a hand holds 0 to 128 tiles");
    static const size_t sizes[] = {0, 1, 7, 64, sizeof out};
    size_t size = sizes[next_choice(p, sizeof sizes / sizeof sizes[0])];
    memset(out, SENTINEL, sizeof out);
    int result = dl_hand(g, seat, size ? out : NULL, size);
    if (result < 0) {
        require_refused(g, result, "a hand refused returns -1");
        fuzz_require(size > 0 && size < (size_t)count * 6 && out[0] == SENTINEL,
                     "a hand is refused only for a buffer too small, and then left unwritten");
        return;
    }
    fuzz_require(result == count, "a hand counts the same with or without a buffer");
    if (!size) return;
    int words = 0;
    for (const char *at = out; *at; words++) {
        int low, high, used = 0;
        fuzz_require(sscanf(at, "%d-%d%n", &low, &high, &used) == 2 && low >= 0 && low <= high && high <= 12,
                     "a hand is a list of tiles lowest first");
        at += used;
        fuzz_require(*at == ' ' || *at == '\0', "tiles are apart by one space");
        if (*at == ' ') at++;
    }
    fuzz_require(words == count, "a hand lists as many tiles as it counts");
}

static void query_moves(const dl_game_t *g, program_t *p)
{
    dl_move_t moves[DL_MAX_MOVES];
    int count = dl_legal_moves(g, moves);
    dl_move_t move = next_move(p, moves, count);
    snapshot_t before;
    take_snapshot(g, &before);
    int points = dl_move_points(g, move);
    if (in_list(moves, count, move)) fuzz_require(points >= 0, "a legal move has its points");
    else if (points < 0) require_refused(g, points, "points refused return -1");
    char text[128];
    size_t size = next_size(p) % sizeof text;
    int length = dl_move_text(g, move, size ? text : NULL, size);
    bool formed = move.kind <= DL_MELD && move.tile < DL_MAX_TILES;
    if (formed) require_text_length(length, text, size, "a move has its words");
    else require_refused(g, length, "words of no move are refused");
    require_unchanged(g, &before);
}

static void query_scores_and_seats(const dl_game_t *g, program_t *p)
{
    int scores[DL_MAX_SEATS];
    memset(scores, SENTINEL, sizeof scores);
    int sides = dl_scores(g, scores);
    fuzz_require(sides == dl_sides(g), "scores are given per side");
    int untouched;
    memset(&untouched, SENTINEL, sizeof untouched);
    for (int side = sides; side < DL_MAX_SEATS; side++) fuzz_require(scores[side] == untouched, "no score past the sides");
    require_refused(g, dl_scores(g, NULL), "scores into NULL are refused");
    int seats = dl_seats(g), seat = next_index(p, seats), side = dl_side_of_seat(g, seat);
    if (seat >= 0 && seat < seats) fuzz_require(side >= 0 && side < sides, "a seat is on a side");
    else require_refused(g, side, "the side of a seat the game has not is refused");
    require_refused(g, dl_legal_moves(g, NULL), "legal moves into NULL are refused");
    char name[6];
    int tile = (int)next_byte(p) - 16;
    const char *words = dl_tile_name(tile, name);
    fuzz_require(words == name && (tile >= 0 && tile < DL_MAX_TILES ? strchr(name, '-') != NULL : !strcmp(name, "?")),
                 "a tile has its name, and no tile '?'");
    fuzz_require(dl_tile_name(tile, NULL) == NULL, "no tile name into NULL");
}

static void op_query(world_t *w)
{
    program_t *p = &w->program;
    game_slot_t *slot = next_live_game(w);
    if (!slot) return;
    switch (next_choice(p, 4)) {
    case 0: query_json(slot->game, p); break;
    case 1: query_hand(slot->game, p); break;
    case 2: query_moves(slot->game, p); break;
    default: query_scores_and_seats(slot->game, p); break;
    }
}

/* Every call given a NULL game, and the calls that take no game given NULL texts. */
static void op_null_pointers(world_t *w)
{
    program_t *p = &w->program;
    dl_move_t move = {0, 0, 0, 0};
    char text[64];
    int scores[DL_MAX_SEATS];
    fuzz_require(dl_game_error(NULL)[0] != '\0', "dl_game_error(NULL) says the game is NULL");
    switch (next_choice(p, 6)) {
    case 0: fuzz_require(dl_seats(NULL) == -1 && dl_sides(NULL) == -1 && dl_side_of_seat(NULL, 0) == -1, "NULL seats"); break;
    case 1: fuzz_require(dl_deal(NULL) == -1 && dl_set_deal(NULL, NULL, NULL) == -1 && dl_step(NULL, 0) == -1, "NULL deals"); break;
    case 2: fuzz_require(dl_apply(NULL, move) == -1 && dl_move_points(NULL, move) == -1 && dl_scores(NULL, scores) == -1, "NULL moves"); break;
    case 3:
        fuzz_require(dl_hand(NULL, 0, text, sizeof text) == -1 && dl_observation(NULL, 0, text, sizeof text) == -1 &&
                         dl_moves_json(NULL, text, sizeof text) == -1 && dl_move_text(NULL, move, text, sizeof text) == -1,
                     "NULL texts");
        break;
    case 4: fuzz_require(dl_record_open(NULL, NULL) == -1 && dl_record_close(NULL) == -1 && dl_bot_move(NULL, NULL, &move) == -1, "NULL records"); break;
    default: {
        error_buffer_t e;
        next_error_buffer(p, &e);
        fuzz_require(dl_record_check(NULL, e.pointer, e.size) == -1, "no record at NULL");
        require_error_text(&e, "a record check refused has a message");
        next_error_buffer(p, &e);
        fuzz_require(!dl_game_from_record(NULL, next_index(p, 4), e.pointer, e.size), "no game from a NULL record");
        require_error_text(&e, "a record read refused has a message");
        next_error_buffer(p, &e);
        fuzz_require(!dl_bot_create(NULL, "random", 0, 1, e.pointer, e.size), "no bot of a NULL game");
        require_error_text(&e, "a bot refused has a message");
    }
    }
    game_slot_t *slot = next_live_game(w);
    if (slot) {
        snapshot_t before;
        take_snapshot(slot->game, &before);
        require_refused(slot->game, dl_record_open(slot->game, NULL), "a record to a NULL path is refused");
        require_unchanged(slot->game, &before);
    }
}

/* ------------------------------------------------------------------ bots */

static void op_create_bot(world_t *w)
{
    program_t *p = &w->program;
    bot_slot_t *slot = &w->bots[next_choice(p, BOT_SLOTS)];
    game_slot_t *game = next_live_game(w);
    if (!game || p->bots_made >= MAX_BOTS_MADE || p->bot_tries++ >= MAX_BOT_TRIES) return;
    char text[TEXT_SIZE], long_spec[320];
    const char *spec;
    int kind = next_choice(p, 4), fast = -1;
    if (kind < 2) {
        fast = next_choice(p, sizeof fast_specs / sizeof fast_specs[0]);
        spec = fast_specs[fast];
    } else if (kind == 2) {
        int other = next_choice(p, sizeof other_specs / sizeof other_specs[0] + 2);
        if (other == sizeof other_specs / sizeof other_specs[0]) {
            memset(long_spec, 'x', sizeof long_spec - 1);
            long_spec[sizeof long_spec - 1] = '\0';
            spec = long_spec;
        } else {
            spec = other < (int)(sizeof other_specs / sizeof other_specs[0]) ? other_specs[other] : NULL;
        }
    } else {
        spec = next_text(p, text);
    }
    int seats = dl_seats(game->game), seat = next_index(p, seats);
    error_buffer_t e;
    next_error_buffer(p, &e);
    dl_bot_t *bot = dl_bot_create(game->game, spec, seat, next_u64(p), e.pointer, e.size);
    p->bots_made += bot != NULL;
    bool seat_ok = seat >= 0 && seat < seats;
    if (fast >= 0 && seat_ok) fuzz_require(bot != NULL, "a fast agent's spec makes a bot for any seat of the game");
    if (!bot) {
        require_error_text(&e, "a refused bot has a message");
        return;
    }
    fuzz_require(seat_ok && spec, "a bot is made only for a seat of the game, from a spec");
    dl_bot_destroy(slot->bot);
    *slot = (bot_slot_t){.bot = bot, .fast = fast >= 0, .recipe = game->recipe, .seat = seat, .seats = seats};
}

static void op_destroy_bot(world_t *w)
{
    bot_slot_t *slot = &w->bots[next_choice(&w->program, BOT_SLOTS)];
    dl_bot_destroy(slot->bot);
    slot->bot = NULL;
}

/* A bot asked about a game: its own rules at its turn give a legal move; another game or
 * another count of seats, a NULL out, or another seat's turn are refused with nothing
 * written. */
static void op_ask_bot(world_t *w)
{
    program_t *p = &w->program;
    bot_slot_t *slot = &w->bots[next_choice(p, BOT_SLOTS)];
    game_slot_t *game = next_live_game(w);
    if (!game) return;
    dl_game_t *g = game->game;
    int how = next_choice(p, 8);
    dl_move_t move;
    memset(&move, SENTINEL, sizeof move);
    snapshot_t before;
    take_snapshot(g, &before);
    if (how == 0) {
        require_refused(g, dl_bot_move(NULL, g, &move), "a NULL bot is refused");
        require_unchanged(g, &before);
        return;
    }
    if (!slot->bot || !slot->fast) return;
    if (how == 1) {
        require_refused(g, dl_bot_move(slot->bot, g, NULL), "a bot's move into NULL is refused");
        require_unchanged(g, &before);
        return;
    }
    bool own_rules = same_recipe(&slot->recipe, &game->recipe);
    bool other_rules = strcmp(slot->recipe.name, game->recipe.name) != 0 || slot->seats != dl_seats(g);
    bool its_turn = before.status == DL_IN_HAND && before.to_move == slot->seat;
    int result = dl_bot_move(slot->bot, g, &move);
    if (own_rules && its_turn) fuzz_require(result == 0, "a bot answers about a game of its rules at its turn");
    if (other_rules || !its_turn) fuzz_require(result == -1, "a bot is refused for other rules or another seat's turn");
    if (result == 0) {
        fuzz_require(in_list(before.moves, before.count, move), "a bot's move is one of the legal moves");
        require_unchanged(g, &before);
        if (how >= 4 && p->steps < MAX_STEPS) {
            p->steps++;
            fuzz_require(dl_apply(g, move) == 0, "a bot's move is applied");
        }
        return;
    }
    unsigned char untouched[sizeof move];
    memset(untouched, SENTINEL, sizeof untouched);
    require_refused(g, result, "a bot refused returns -1");
    fuzz_require(!memcmp(&move, untouched, sizeof move), "a refused bot writes no move");
    require_unchanged(g, &before);
}

/* ------------------------------------------------------------------ the program */

typedef void (*operation_t)(world_t *w);
static const operation_t operations[] = {
    op_create_game, op_create_game, op_twin_game, op_destroy_game, op_deal, op_deal, op_set_deal, op_step,
    op_step, op_apply, op_play_on, op_query, op_query, op_null_pointers, op_create_bot, op_create_bot,
    op_destroy_bot, op_ask_bot, op_ask_bot, op_ask_bot,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    world_t w;
    memset(&w, 0, sizeof w);
    w.program = (program_t){.data = data, .size = size < PROGRAM_MAX ? size : PROGRAM_MAX};
    for (int n = 0; n < MAX_OPERATIONS && w.program.at < w.program.size; n++) {
        operations[next_choice(&w.program, sizeof operations / sizeof operations[0])](&w);
        for (int k = 0; k < GAME_SLOTS; k++)
            if (w.games[k].game) check_game(w.games[k].game);
    }
    /* bots first or games first, as the bytes say: neither depends on the other */
    bool bots_first = size > 0 && data[0] & 1;
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0) == bots_first)
            for (int k = 0; k < BOT_SLOTS; k++) dl_bot_destroy(w.bots[k].bot);
        else
            for (int k = 0; k < GAME_SLOTS; k++) dl_game_destroy(w.games[k].game);
    }
    return 0;
}
