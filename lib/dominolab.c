/* dominolab.c - the public C API of dominolab.h over the game interface (engine/game.h),
 * the agents (agents/agent.h) and the game records (sim/records/). Only the functions of
 * dominolab.h are exported from the shared library.
 *
 * An app's mistake must come back to it as an error it can print, never as a crash or a
 * quietly wrong answer: every entry point checks its pointers, seats, indices, moves and
 * buffers (and a bot its game) before the engine sees them, and fails with a message. */
#include "dominolab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_json.h"
#include "dl_internal.h"
#include "games.h"
#include "records/replay.h"

_Static_assert(sizeof(dl_move_t) == sizeof(game_move_t), "a dl_move_t is a game_move_t");
_Static_assert((int)DL_MAX_MOVES == (int)GAME_MAX_MOVES && (int)DL_MAX_SEATS == (int)GAME_MAX_SEATS, "the bounds agree");
_Static_assert((int)DL_PLAY == (int)GAME_MOVE_PLAY && (int)DL_MELD == (int)GAME_MOVE_MELD, "the move kinds agree");
_Static_assert((int)DL_IN_HAND == (int)GAME_IN_HAND && (int)DL_MATCH_OVER == (int)GAME_MATCH_OVER, "the statuses agree");
_Static_assert((int)DL_MAX_TILES == (int)TILESET_MAX_TILES, "the tile bound agrees");

enum { MAX_OVERRIDES = 64, OPTION_TEXT_SIZE = 256 };

static const char null_game_error[] = "no game: the dl_game_t pointer is NULL";

int lib_fail(const dl_game_t *g, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(g->error, DL_ERROR_SIZE, format, args);
    va_end(args);
    return -1;
}

/* The failure is still returned where the buffer is NULL or of size 0: only its words are
 * lost. */
void lib_report(char *error, size_t error_size, const char *format, ...)
{
    if (!error || error_size == 0) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error, error_size, format, args);
    va_end(args);
}

void lib_release_rules(shared_rules_t *shared)
{
    if (!shared || --shared->users > 0) return;
    shared->game->rules_destroy(shared->rules);
    free(shared);
}

static game_move_t as_move(dl_move_t move)
{
    game_move_t m;
    memcpy(&m, &move, sizeof m);
    return m;
}

const char *lib_no_hand_reason(const dl_game_t *g)
{
    return g->game->status(g->state) == GAME_MATCH_OVER ? "the match is over" : "no hand is in play (deal one first)";
}

int lib_check_seat(const dl_game_t *g, int seat)
{
    int seats = g->game->seat_count(g->rules);
    if (seat < 0 || seat >= seats) return lib_fail(g, "seat %d: the game has seats 0 to %d", seat, seats - 1);
    return 0;
}

/* An output buffer may be NULL only with size 0 (to measure the text, as with snprintf). */
static int check_output(const dl_game_t *g, const void *out, size_t size, const char *name)
{
    if (!out && size > 0) return lib_fail(g, "%s is NULL but its size is %zu", name, size);
    return 0;
}

/* Whether `move` is a move at all: a known kind and a tile of the largest set, which is
 * what the engine's tables may be indexed by. Its legality is the game's to judge. */
static int check_move_form(const dl_game_t *g, dl_move_t move)
{
    if (move.kind > DL_MELD) return lib_fail(g, "move kind %d: the kinds are 0 (DL_PLAY) to %d (DL_MELD)", move.kind, DL_MELD);
    if (move.tile >= DL_MAX_TILES) return lib_fail(g, "move tile %d: tiles are 0 to %d", move.tile, DL_MAX_TILES - 1);
    return 0;
}

DL_EXPORT const char *dl_version(void) { return "dominolab " DOMINOLAB_VERSION; }

/* ------------------------------------------------------------------ games */

/* A game of `values` at the start of its match with `seed`; seat s named specs[s] in its
 * records (those beyond `seat_count`: "app"). NULL with a message. */
static dl_game_t *make_game(const game_t *game, const option_values_t *values, const char *preset, uint64_t seed,
                            const char *const *specs, int seat_count, char *error, size_t error_size)
{
    dl_game_t *g = calloc(1, sizeof *g);
    if (g) {
        g->state = malloc(game->state_size);
        g->saved_state = malloc(game->state_size);
        g->shared = calloc(1, sizeof *g->shared);
    }
    if (!g || !g->state || !g->saved_state || !g->shared) {
        if (g) {
            free(g->shared);
            free(g->saved_state);
            free(g->state);
        }
        free(g);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    g->error = g->error_text;
    g->game = game;
    g->seed = seed;
    g->values = *values;
    snprintf(g->preset, sizeof g->preset, "%s", preset ? preset : "");
    if (game->rules_create(&g->values, &g->rules, error, error_size)) {
        free(g->shared);
        free(g->saved_state);
        free(g->state);
        free(g);
        return NULL;
    }
    *g->shared = (shared_rules_t){.game = game, .rules = g->rules, .users = 1};
    if (encoding_init(&g->encoding, game, g->rules)) g->encoding.game = NULL; /* its calls say so */
    game->match_start(g->state, g->rules, seed);
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) {
        snprintf(g->spec[seat], sizeof g->spec[seat], "%s", seat < seat_count && specs[seat] ? specs[seat] : "app");
        g->specs[seat] = g->spec[seat];
    }
    return g;
}

static dl_game_t *create_game(const char *game_name, const char *preset, int players, const char *const *options,
                              uint64_t seed, char *error, size_t error_size)
{
    const game_t *game = game_name ? game_find(game_name) : NULL;
    if (!game) {
        snprintf(error, error_size, "unknown game '%.64s' (bergen, double_bergen, partnership, bingo)",
                 game_name ? game_name : "(NULL)");
        return NULL;
    }
    /* a negative count once fell back to the preset's quietly: a caller's overflow is no
     * request for the default */
    if (players < 0) {
        snprintf(error, error_size, "players %d: 0 for the preset's, or the number of seats (1 to %d)", players,
                 DL_MAX_SEATS);
        return NULL;
    }
    const char *overrides[MAX_OVERRIDES];
    int count = 0;
    char players_text[32];
    if (players > 0) {
        snprintf(players_text, sizeof players_text, "players=%d", players);
        overrides[count++] = players_text;
    }
    for (int k = 0; options && options[k]; k++) {
        if (count == MAX_OVERRIDES) {
            snprintf(error, error_size, "more than %d options (players counts as one)", MAX_OVERRIDES);
            return NULL;
        }
        overrides[count++] = options[k];
    }
    option_values_t values;
    const char *chosen = preset ? preset : game->presets[0].name;
    if (game_configure(game, chosen, overrides, count, &values, error, error_size)) return NULL;
    return make_game(game, &values, chosen, seed, NULL, 0, error, error_size);
}

DL_EXPORT dl_game_t *dl_game_create(const char *game_name, const char *preset, int players, const char *const *options,
                                    uint64_t seed, char *error, size_t error_size)
{
    char reason[DL_ERROR_SIZE] = "";
    dl_game_t *g = create_game(game_name, preset, players, options, seed, reason, sizeof reason);
    if (!g) lib_report(error, error_size, "%s", reason);
    return g;
}

DL_EXPORT void dl_game_destroy(dl_game_t *g)
{
    if (!g) return;
    if (g->record) dl_record_close(g);
    lib_release_rules(g->shared); /* its bots may hold the rules still */
    free(g->saved_state);
    free(g->state);
    free(g);
}

DL_EXPORT const char *dl_game_error(const dl_game_t *g) { return g ? g->error : null_game_error; }
DL_EXPORT int dl_seats(const dl_game_t *g) { return g ? g->game->seat_count(g->rules) : -1; }
DL_EXPORT int dl_sides(const dl_game_t *g) { return g ? g->game->side_count(g->rules) : -1; }
DL_EXPORT int dl_status(const dl_game_t *g) { return g ? (int)g->game->status(g->state) : -1; }
DL_EXPORT int dl_to_move(const dl_game_t *g) { return g ? g->game->to_move(g->state) : -1; }

DL_EXPORT int dl_side_of_seat(const dl_game_t *g, int seat)
{
    if (!g || lib_check_seat(g, seat)) return -1;
    return g->game->side_of_seat(g->rules, seat);
}

/* The events of a deal or a move, to the record being written. */
static int record_events(dl_game_t *g, const game_events_t *events)
{
    g->moves_fresh = false;
    for (int i = 0; g->record && i < events->count; i++)
        if (g->sink.on_event(g->sink.context, &g->setup, g->state, &events->item[i]))
            return lib_fail(g, "%s", record_writer_error(g->record));
    return 0;
}

DL_EXPORT int dl_deal(dl_game_t *g)
{
    if (!g) return -1;
    int status = dl_status(g);
    if (status != DL_BETWEEN_HANDS)
        return lib_fail(g, "no hand to deal: %s", status == DL_IN_HAND ? "a hand is in play" : "the match is over");
    game_events_t events = {0};
    g->game->deal(g->state, g->record ? &events : NULL);
    return record_events(g, &events);
}

/* "0-0 1-3 ..." (words apart by spaces, commas or tabs) into tiles; -1 with a message
 * naming `whose` text for a word that is no tile or for more tiles than a deal holds. The
 * text is read whole, whatever its length: nothing of it may be cut off unseen. */
static int parse_tiles(const dl_game_t *g, const char *text, const char *whose, uint8_t *tiles, int *count)
{
    static const char separators[] = " ,\t";
    *count = 0;
    for (const char *at = text + strspn(text, separators); *at; at += strspn(at, separators)) {
        size_t length = strcspn(at, separators);
        char word[TILESET_TILE_NAME_SIZE];
        int tile = -1;
        if (length < sizeof word) {
            memcpy(word, at, length);
            word[length] = '\0';
            tile = tileset_parse_tile(word, TILESET_MAX_NUMBER);
        }
        if (tile < 0)
            return lib_fail(g, "%s: '%.*s' is not a tile (a-b, numbers 0 to %d)", whose, (int)(length < 24 ? length : 24),
                        at, TILESET_MAX_NUMBER);
        if (*count == TILESET_MAX_BITS) return lib_fail(g, "%s: more than %d tiles", whose, TILESET_MAX_BITS);
        tiles[(*count)++] = (uint8_t)tile;
        at += length;
    }
    return 0;
}

DL_EXPORT int dl_set_deal(dl_game_t *g, const char *const *hands, const char *stock)
{
    if (!g) return -1;
    int status = dl_status(g);
    if (status != DL_BETWEEN_HANDS)
        return lib_fail(g, "a deal is given between hands: %s", status == DL_IN_HAND ? "a hand is in play" : "the match is over");
    if (!hands) return lib_fail(g, "hands is NULL: it holds a text of tiles for each of the %d seats", dl_seats(g));
    game_deal_t deal = {.hand_number = g->game->hand_number(g->state) + 1, .seats = dl_seats(g), .leader = -1};
    for (int seat = 0; seat < deal.seats; seat++) {
        char whose[32];
        snprintf(whose, sizeof whose, "seat %d's hand", seat);
        if (!hands[seat]) return lib_fail(g, "%s is NULL: give a text of tiles (\"\" for none)", whose);
        if (parse_tiles(g, hands[seat], whose, deal.hand[seat], &deal.hand_size[seat])) return -1;
    }
    if (parse_tiles(g, stock ? stock : "", "the stock", deal.stock, &deal.stock_size)) return -1;
    game_events_t events = {0};
    g->moves_fresh = false;
    /* a game may have begun to change the state before it found the fault: a refused deal
     * must leave the game as it was */
    memcpy(g->saved_state, g->state, g->game->state_size);
    if (g->game->set_deal(g->state, &deal, &events, g->error, DL_ERROR_SIZE)) {
        memcpy(g->state, g->saved_state, g->game->state_size);
        return -1;
    }
    return record_events(g, &events);
}

DL_EXPORT int dl_legal_moves(const dl_game_t *g, dl_move_t *out)
{
    if (!g) return -1;
    if (!out) return lib_fail(g, "out is NULL: it receives up to DL_MAX_MOVES (%d) moves", DL_MAX_MOVES);
    if (dl_status(g) != DL_IN_HAND) return 0;
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->legal_moves(g->state, moves);
    memcpy(out, moves, (size_t)count * sizeof *out);
    return count;
}

DL_EXPORT int dl_apply(dl_game_t *g, dl_move_t move)
{
    if (!g || check_move_form(g, move)) return -1;
    if (dl_status(g) != DL_IN_HAND) return lib_fail(g, "no move now: %s", lib_no_hand_reason(g));
    game_move_t m = as_move(move);
    if (!game_move_is_legal(g->game, g->state, m)) {
        char text[96];
        g->game->move_text(m, text, sizeof text);
        return lib_fail(g, "'%s' is not a legal move now", text);
    }
    game_events_t events = {0};
    g->game->apply(g->state, m, g->record ? &events : NULL);
    return record_events(g, &events);
}

DL_EXPORT int dl_step(dl_game_t *g, int index)
{
    if (!g) return -1;
    if (!g->moves_fresh) g->move_count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, g->moves) : 0;
    if (index < 0 || index >= g->move_count) {
        g->moves_fresh = true;
        if (g->move_count == 0) return lib_fail(g, "move %d: there are no legal moves: %s", index, lib_no_hand_reason(g));
        return lib_fail(g, "move %d: there are %d legal moves (0 to %d)", index, g->move_count, g->move_count - 1);
    }
    game_events_t events = {0};
    g->game->apply(g->state, g->moves[index], g->record ? &events : NULL);
    if (record_events(g, &events)) return -1;
    g->move_count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, g->moves) : 0;
    g->moves_fresh = true;
    return g->move_count;
}

/* json's text into out, as snprintf would; the json is released. */
static int json_text(const dl_game_t *g, json_t *json, char *out, size_t size)
{
    char *text = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!text) return lib_fail(g, "out of memory writing JSON");
    int length = snprintf(out, size, "%s", text);
    free(text);
    return length;
}

DL_EXPORT int dl_observation(const dl_game_t *g, int seat, char *out, size_t size)
{
    if (!g || lib_check_seat(g, seat) || check_output(g, out, size, "out")) return -1;
    return json_text(g, agent_observation_json(g->game, g->state, seat), out, size);
}

DL_EXPORT int dl_moves_json(const dl_game_t *g, char *out, size_t size)
{
    if (!g || check_output(g, out, size, "out")) return -1;
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, moves) : 0;
    int seat = g->game->to_move(g->state);
    json_t *list = json_array();
    for (int i = 0; list && i < count; i++) {
        if (json_array_append_new(list, agent_move_json(g->game, g->state, seat, moves[i], i))) {
            json_decref(list);
            list = NULL;
        }
    }
    return json_text(g, list, out, size);
}

DL_EXPORT int dl_move_points(const dl_game_t *g, dl_move_t move)
{
    if (!g || check_move_form(g, move)) return -1;
    if (dl_status(g) != DL_IN_HAND) return lib_fail(g, "no move now: %s", lib_no_hand_reason(g));
    int points = g->game->move_points(g->state, dl_to_move(g), as_move(move));
    if (points < 0) {
        char text[96];
        g->game->move_text(as_move(move), text, sizeof text);
        return lib_fail(g, "'%s' cannot be made now", text);
    }
    return points;
}

DL_EXPORT int dl_scores(const dl_game_t *g, int *out)
{
    if (!g) return -1;
    if (!out) return lib_fail(g, "out is NULL: it receives a score per side (%d)", dl_sides(g));
    g->game->scores(g->state, out);
    return dl_sides(g);
}

DL_EXPORT int dl_match_winner(const dl_game_t *g) { return g ? g->game->match_winner(g->state) : -1; }

static int compare_tiles(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

DL_EXPORT int dl_hand(const dl_game_t *g, int seat, char *out, size_t size)
{
    if (!g || lib_check_seat(g, seat) || check_output(g, out, size, "out")) return -1;
    /* the tiles as the seat holds them, both copies where a double set gives it both:
     * the count the observation says and the words agree */
    uint8_t tiles[TILESET_MAX_BITS];
    int count = g->game->hand_tiles(g->state, seat, tiles);
    qsort(tiles, (size_t)count, sizeof tiles[0], compare_tiles);
    if (size == 0) return count;
    char text[TILESET_MAX_BITS * TILESET_TILE_NAME_SIZE + 1] = "";
    size_t used = 0;
    for (int k = 0; k < count; k++) {
        char name[TILESET_TILE_NAME_SIZE];
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", k ? " " : "", tileset_tile_name(tiles[k], name));
    }
    if (used >= size) return lib_fail(g, "seat %d's %d tiles need %zu bytes, the buffer has %zu", seat, count, used + 1, size);
    memcpy(out, text, used + 1);
    return count;
}

DL_EXPORT int dl_move_text(const dl_game_t *g, dl_move_t move, char *out, size_t size)
{
    if (!g || check_output(g, out, size, "out") || check_move_form(g, move)) return -1;
    char text[128];
    g->game->move_text(as_move(move), text, sizeof text);
    return snprintf(out, size, "%s", text);
}

DL_EXPORT const char *dl_tile_name(int tile, char out[6])
{
    if (!out) return NULL;
    if (tile < 0 || tile >= TILESET_MAX_TILES) return strcpy(out, "?");
    return tileset_tile_name(tile, out);
}

/* ------------------------------------------------------------------ bots */

DL_EXPORT void dl_bot_destroy(dl_bot_t *b)
{
    if (!b) return;
    agent_destroy(b->agent);
    lib_release_rules(b->shared);
    free(b);
}

static dl_bot_t *create_bot(const dl_game_t *g, const char *spec, int seat, uint64_t seed, char *error, size_t error_size)
{
    if (!g || !spec) {
        snprintf(error, error_size, "%s", g ? "no agent spec: spec is NULL" : null_game_error);
        return NULL;
    }
    /* the agent keeps only this much of it, and the record names the seat by it */
    if (strlen(spec) >= AGENT_SPEC_MAX) {
        snprintf(error, error_size, "agent spec '%.32s...' has %zu characters: at most %d", spec, strlen(spec),
                 AGENT_SPEC_MAX - 1);
        return NULL;
    }
    if (seat < 0 || seat >= dl_seats(g)) {
        snprintf(error, error_size, "seat %d: the game has seats 0 to %d", seat, dl_seats(g) - 1);
        return NULL;
    }
    if (agent_spec_is_human(spec)) {
        snprintf(error, error_size, "'%s' is a person: a bot is asked for its moves", spec);
        return NULL;
    }
    dl_bot_t *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    b->shared = g->shared;
    b->shared->users++;
    b->seat = seat;
    if (agent_create(spec, NULL, g->game, g->rules, seat, seed, &b->agent, error, error_size)) {
        dl_bot_destroy(b);
        return NULL;
    }
    if (agent_wants_moves(b->agent)) { /* the library asks a bot at its turns only */
        snprintf(error, error_size,
                 "'%s' learns from every move of the match (belief=policy), which a library bot is not told: "
                 "play it with dominolab play, sim or tournament, or use belief=uniform", spec);
        dl_bot_destroy(b);
        return NULL;
    }
    agent_reset(b->agent, seed);
    /* the record, if one is opened later, names the bot's seat by its spec */
    snprintf(((dl_game_t *)g)->spec[seat], sizeof g->spec[seat], "%s", spec);
    return b;
}

DL_EXPORT dl_bot_t *dl_bot_create(const dl_game_t *g, const char *spec, int seat, uint64_t seed, char *error,
                                  size_t error_size)
{
    char reason[DL_ERROR_SIZE] = "";
    dl_bot_t *b = create_bot(g, spec, seat, seed, reason, sizeof reason);
    if (!b) lib_report(error, error_size, "%s", reason);
    return b;
}

/* A bot's agent sees the position through its own rules: asked about a game of other rules
 * (another game, other seats, another option) it would answer from a wrong view, so it is
 * asked only about games whose every option is its own. */
static int check_bot_game(const dl_bot_t *b, const dl_game_t *g)
{
    if (b->shared == g->shared) return 0;
    if (b->shared->game != g->game)
        return lib_fail(g, "the bot plays %s, this game is %s: ask a bot about the game it was made for",
                    b->shared->game->name, g->game->name);
    const option_values_t *mine = game_rules_values(b->shared->rules), *theirs = game_rules_values(g->rules);
    for (int k = 0; k < g->game->option_count; k++) {
        if (options_value_equal(g->game->options, k, mine, theirs)) continue;
        char bot_value[OPTION_TEXT_SIZE], game_value[OPTION_TEXT_SIZE];
        const char *key = g->game->options[k].key;
        return lib_fail(g, "the bot plays %s with %s=%s, this game has %s=%s: ask a bot about games of its own rules",
                    g->game->name, key, options_format_value(g->game->options, k, mine, bot_value, sizeof bot_value),
                    key, options_format_value(g->game->options, k, theirs, game_value, sizeof game_value));
    }
    return 0;
}

DL_EXPORT int dl_bot_move(dl_bot_t *b, const dl_game_t *g, dl_move_t *out)
{
    if (!g) return -1;
    if (!b) return lib_fail(g, "no bot: the dl_bot_t pointer is NULL");
    if (!out) return lib_fail(g, "out is NULL: it receives the bot's move");
    if (check_bot_game(b, g)) return -1;
    if (dl_status(g) != DL_IN_HAND) return lib_fail(g, "the bot of seat %d has no move: %s", b->seat, lib_no_hand_reason(g));
    if (dl_to_move(g) != b->seat) return lib_fail(g, "the bot plays seat %d, and seat %d is to move", b->seat, dl_to_move(g));
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->legal_moves(g->state, moves);
    game_move_t move = agent_choose(b->agent, g->state, moves, count);
    memcpy(out, &move, sizeof *out);
    return 0;
}

/* ------------------------------------------------------------------ records */

DL_EXPORT int dl_record_open(dl_game_t *g, const char *path)
{
    if (!g) return -1;
    if (!path) return lib_fail(g, "path is NULL: name the record's file");
    if (g->record) return lib_fail(g, "a record is already open");
    if (g->game->hand_number(g->state) != 0 || dl_status(g) != DL_BETWEEN_HANDS)
        return lib_fail(g, "a record is opened before the first deal");
    g->record = calloc(1, sizeof *g->record);
    if (!g->record) return lib_fail(g, "out of memory");
    if (record_writer_open(g->record, path, g->error, DL_ERROR_SIZE)) {
        free(g->record);
        g->record = NULL;
        return -1;
    }
    g->sink = record_writer_sink(g->record);
    g->setup = (match_setup_t){.game = g->game, .rules = g->rules, .values = &g->values, .preset = g->preset,
                               .agent_specs = g->specs, .seats = dl_seats(g), .seed = g->seed};
    if (g->sink.on_start && g->sink.on_start(g->sink.context, &g->setup)) {
        record_writer_finish(g->record, 0, g->error, DL_ERROR_SIZE);
        free(g->record);
        g->record = NULL;
        return lib_fail(g, "cannot write the record's first line");
    }
    return 0;
}

DL_EXPORT int dl_record_close(dl_game_t *g)
{
    if (!g) return -1;
    if (!g->record) return lib_fail(g, "no record is open");
    bool complete = dl_status(g) == DL_MATCH_OVER;
    int result = record_writer_finish(g->record, complete, g->error, DL_ERROR_SIZE);
    free(g->record);
    g->record = NULL;
    if (result) return -1;
    return complete ? 0 : lib_fail(g, "the match is not over: the record was removed");
}

/* What dl_game_from_record's replay keeps: the game it makes at the match line, and a copy
 * of the state at each event until the wanted move. */
typedef struct record_reader {
    dl_game_t *game;
    int moves_wanted, moves_seen;
    char error[DL_ERROR_SIZE];
} record_reader_t;

static int reader_start(void *context, const match_setup_t *setup)
{
    record_reader_t *r = context;
    r->game = make_game(setup->game, setup->values, setup->preset, setup->seed, setup->agent_specs, setup->seats,
                        r->error, sizeof r->error);
    return r->game ? 0 : -1;
}

static int reader_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    record_reader_t *r = context;
    (void)setup;
    bool move = event->kind == GAME_EVENT_PLAY || event->kind == GAME_EVENT_DRAW || event->kind == GAME_EVENT_PASS ||
                event->kind == GAME_EVENT_CHOICE || event->kind == GAME_EVENT_CLOSE || event->kind == GAME_EVENT_MELD;
    if (move) r->moves_seen++;
    if (!r->game || (r->moves_wanted >= 0 && r->moves_seen > r->moves_wanted)) return 0;
    memcpy(r->game->state, state, r->game->game->state_size); /* the state after the event's move */
    game_state_set_rules(r->game->state, r->game->rules);
    return 0;
}

static dl_game_t *read_record(const char *path, int moves, char *error, size_t error_size)
{
    if (!path) {
        snprintf(error, error_size, "path is NULL: name the record's file");
        return NULL;
    }
    record_reader_t reader = {.moves_wanted = moves};
    match_sink_t sink = {.context = &reader, .on_start = reader_start, .on_event = reader_event};
    replay_summary_t summary;
    int result = replay_file_to(path, &sink, &summary, error, error_size);
    if (result == 0 && reader.game && (moves < 0 || moves <= reader.moves_seen)) return reader.game;
    if (result == 0)
        snprintf(error, error_size, "%s holds %d moves, not %d", path, reader.moves_seen, moves);
    else if (reader.error[0])
        snprintf(error, error_size, "%s", reader.error);
    dl_game_destroy(reader.game);
    return NULL;
}

DL_EXPORT dl_game_t *dl_game_from_record(const char *path, int moves, char *error, size_t error_size)
{
    char reason[DL_ERROR_SIZE] = "";
    dl_game_t *g = read_record(path, moves, reason, sizeof reason);
    if (!g) lib_report(error, error_size, "%s", reason);
    return g;
}

DL_EXPORT int dl_record_check(const char *path, char *error, size_t error_size)
{
    if (!path) {
        lib_report(error, error_size, "path is NULL: name the record's file");
        return -1;
    }
    char reason[DL_ERROR_SIZE] = "";
    replay_summary_t summary;
    if (replay_file(path, &summary, reason, sizeof reason) == 0) return 0;
    lib_report(error, error_size, "%s", reason);
    return -1;
}
