/* dominolab.c - the public C API of dominolab.h over the game interface (engine/game.h),
 * the agents (agents/agent.h) and the game records (sim/records/). Only the functions of
 * dominolab.h are exported from the shared library. */
#include "dominolab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "agent_json.h"
#include "game.h"
#include "games.h"
#include "match.h"
#include "records/record.h"
#include "records/replay.h"

#define DL_EXPORT __attribute__((visibility("default")))

_Static_assert(sizeof(dl_move_t) == sizeof(game_move_t), "a dl_move_t is a game_move_t");
_Static_assert((int)DL_MAX_MOVES == (int)GAME_MAX_MOVES && (int)DL_MAX_SEATS == (int)GAME_MAX_SEATS, "the bounds agree");
_Static_assert((int)DL_PLAY == (int)GAME_MOVE_PLAY && (int)DL_MELD == (int)GAME_MOVE_MELD, "the move kinds agree");
_Static_assert((int)DL_IN_HAND == (int)GAME_IN_HAND && (int)DL_MATCH_OVER == (int)GAME_MATCH_OVER, "the statuses agree");

struct dl_game {
    const game_t *game;
    game_rules_t *rules;
    option_values_t values;
    char preset[64];
    uint64_t seed;
    void *state;
    char error[DL_ERROR_SIZE];
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
};

struct dl_bot {
    agent_t *agent;
    int seat;
};

static int fail(dl_game_t *g, const char *format, ...) __attribute__((format(printf, 2, 3)));
static int fail(dl_game_t *g, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(g->error, sizeof g->error, format, args);
    va_end(args);
    return -1;
}

static game_move_t as_move(dl_move_t move)
{
    game_move_t m;
    memcpy(&m, &move, sizeof m);
    return m;
}

DL_EXPORT const char *dl_version(void) { return "dominolab " DOMINOLAB_VERSION; }

/* A game of `values` at the start of its match with `seed`; seat s named specs[s] in its
 * records (those beyond `seat_count`: "app"). NULL with a message. */
static dl_game_t *make_game(const game_t *game, const option_values_t *values, const char *preset, uint64_t seed,
                            const char *const *specs, int seat_count, char *error, size_t error_size)
{
    dl_game_t *g = calloc(1, sizeof *g);
    if (!g || !(g->state = malloc(game->state_size))) {
        free(g);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    g->game = game;
    g->seed = seed;
    g->values = *values;
    snprintf(g->preset, sizeof g->preset, "%s", preset ? preset : "");
    if (game->rules_create(&g->values, &g->rules, error, error_size)) {
        free(g->state);
        free(g);
        return NULL;
    }
    game->match_start(g->state, g->rules, seed);
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) {
        snprintf(g->spec[seat], sizeof g->spec[seat], "%s", seat < seat_count ? specs[seat] : "app");
        g->specs[seat] = g->spec[seat];
    }
    return g;
}

DL_EXPORT dl_game_t *dl_game_create(const char *game_name, const char *preset, int players, const char *const *options,
                                    uint64_t seed, char *error, size_t error_size)
{
    const game_t *game = game_find(game_name ? game_name : "");
    if (!game) {
        snprintf(error, error_size, "unknown game '%s' (bergen, double_bergen, partnership, bingo)", game_name ? game_name : "");
        return NULL;
    }
    const char *overrides[64];
    int count = 0;
    char players_text[32];
    if (players > 0) {
        snprintf(players_text, sizeof players_text, "players=%d", players);
        overrides[count++] = players_text;
    }
    for (int k = 0; options && options[k]; k++) {
        if (count == (int)(sizeof overrides / sizeof overrides[0])) {
            snprintf(error, error_size, "more than %d options", count);
            return NULL;
        }
        overrides[count++] = options[k];
    }
    option_values_t values;
    const char *chosen = preset ? preset : game->presets[0].name;
    if (game_configure(game, chosen, overrides, count, &values, error, error_size)) return NULL;
    return make_game(game, &values, chosen, seed, NULL, 0, error, error_size);
}

DL_EXPORT void dl_game_destroy(dl_game_t *g)
{
    if (!g) return;
    if (g->record) dl_record_close(g);
    g->game->rules_destroy(g->rules);
    free(g->state);
    free(g);
}

DL_EXPORT const char *dl_game_error(const dl_game_t *g) { return g->error; }
DL_EXPORT int dl_seats(const dl_game_t *g) { return g->game->seat_count(g->rules); }
DL_EXPORT int dl_sides(const dl_game_t *g) { return g->game->side_count(g->rules); }
DL_EXPORT int dl_side_of_seat(const dl_game_t *g, int seat) { return g->game->side_of_seat(g->rules, seat); }
DL_EXPORT int dl_status(const dl_game_t *g) { return (int)g->game->status(g->state); }
DL_EXPORT int dl_to_move(const dl_game_t *g) { return g->game->to_move(g->state); }

/* The events of a deal or a move, to the record being written. */
static int record_events(dl_game_t *g, const game_events_t *events)
{
    g->moves_fresh = false;
    for (int i = 0; g->record && i < events->count; i++)
        if (g->sink.on_event(g->sink.context, &g->setup, g->state, &events->item[i]))
            return fail(g, "%s", record_writer_error(g->record));
    return 0;
}

DL_EXPORT int dl_deal(dl_game_t *g)
{
    if (dl_status(g) != DL_BETWEEN_HANDS) return fail(g, "no hand to deal: %s", dl_status(g) ? "the match is over" : "");
    game_events_t events = {0};
    g->game->deal(g->state, g->record ? &events : NULL);
    return record_events(g, &events);
}

/* "0-0 1-3 ..." into tiles; -1 with a message for a word that is no tile. */
static int parse_tiles(dl_game_t *g, const char *text, uint8_t *tiles, int *count)
{
    *count = 0;
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", text ? text : "");
    for (char *save, *word = strtok_r(copy, " ,\t", &save); word; word = strtok_r(NULL, " ,\t", &save)) {
        int tile = tileset_parse_tile(word, TILESET_MAX_NUMBER);
        if (tile < 0) return fail(g, "'%s' is not a tile (a-b)", word);
        if (*count == TILESET_MAX_BITS) return fail(g, "more than %d tiles", TILESET_MAX_BITS);
        tiles[(*count)++] = (uint8_t)tile;
    }
    return 0;
}

DL_EXPORT int dl_set_deal(dl_game_t *g, const char *const *hands, const char *stock)
{
    if (dl_status(g) != DL_BETWEEN_HANDS) return fail(g, "a deal is given between hands");
    game_deal_t deal = {.hand_number = g->game->hand_number(g->state) + 1, .seats = dl_seats(g), .leader = -1};
    for (int seat = 0; seat < deal.seats; seat++)
        if (parse_tiles(g, hands[seat], deal.hand[seat], &deal.hand_size[seat])) return -1;
    if (parse_tiles(g, stock, deal.stock, &deal.stock_size)) return -1;
    game_events_t events = {0};
    g->moves_fresh = false;
    if (g->game->set_deal(g->state, &deal, &events, g->error, sizeof g->error)) return -1;
    return record_events(g, &events);
}

DL_EXPORT int dl_legal_moves(const dl_game_t *g, dl_move_t *out)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->legal_moves(g->state, moves);
    memcpy(out, moves, (size_t)count * sizeof *out);
    return count;
}

DL_EXPORT int dl_apply(dl_game_t *g, dl_move_t move)
{
    game_move_t m = as_move(move);
    if (!game_move_is_legal(g->game, g->state, m)) {
        char text[96];
        g->game->move_text(m, text, sizeof text);
        return fail(g, "'%s' is not a legal move now", text);
    }
    game_events_t events = {0};
    g->game->apply(g->state, m, g->record ? &events : NULL);
    return record_events(g, &events);
}

DL_EXPORT int dl_step(dl_game_t *g, int index)
{
    if (!g->moves_fresh) g->move_count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, g->moves) : 0;
    if (index < 0 || index >= g->move_count) {
        g->moves_fresh = true;
        return fail(g, "move %d: there are %d legal moves", index, g->move_count);
    }
    game_events_t events = {0};
    g->game->apply(g->state, g->moves[index], g->record ? &events : NULL);
    if (record_events(g, &events)) return -1;
    g->move_count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, g->moves) : 0;
    g->moves_fresh = true;
    return g->move_count;
}

/* json's text into out, as snprintf would; the json is released. */
static int json_text(json_t *json, char *out, size_t size)
{
    char *text = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!text) return -1;
    int length = snprintf(out, size, "%s", text);
    free(text);
    return length;
}

DL_EXPORT int dl_observation(const dl_game_t *g, int seat, char *out, size_t size)
{
    if (seat < 0 || seat >= dl_seats(g)) return -1;
    return json_text(agent_observation_json(g->game, g->state, seat), out, size);
}

DL_EXPORT int dl_moves_json(const dl_game_t *g, char *out, size_t size)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, moves) : 0;
    int seat = g->game->to_move(g->state);
    json_t *list = json_array();
    for (int i = 0; i < count; i++) json_array_append_new(list, agent_move_json(g->game, g->state, seat, moves[i], i));
    return json_text(list, out, size);
}

DL_EXPORT int dl_move_points(const dl_game_t *g, dl_move_t move)
{
    return g->game->move_points(g->state, dl_to_move(g), as_move(move));
}

DL_EXPORT void dl_scores(const dl_game_t *g, int *out) { g->game->scores(g->state, out); }
DL_EXPORT int dl_match_winner(const dl_game_t *g) { return g->game->match_winner(g->state); }

DL_EXPORT int dl_hand(const dl_game_t *g, int seat, char *out, size_t size)
{
    game_observation_t view;
    g->game->observe(g->state, seat, &view);
    size_t used = 0;
    char name[TILESET_TILE_NAME_SIZE];
    out[0] = '\0';
    for (tileset_t tiles = view.hand; !tileset_is_empty(tiles);) {
        int written = snprintf(out + used, used < size ? size - used : 0, "%s%s", used ? " " : "",
                               tileset_tile_name(tileset_pop_lowest(&tiles), name));
        used += (size_t)written;
    }
    return view.hand_size[seat];
}

DL_EXPORT void dl_move_text(const dl_game_t *g, dl_move_t move, char *out, size_t size)
{
    g->game->move_text(as_move(move), out, size);
}

DL_EXPORT const char *dl_tile_name(int tile, char out[6])
{
    if (tile < 0 || tile >= TILESET_MAX_TILES) return strcpy(out, "?");
    return tileset_tile_name(tile, out);
}

/* ------------------------------------------------------------------ bots */

DL_EXPORT dl_bot_t *dl_bot_create(const dl_game_t *g, const char *spec, int seat, uint64_t seed, char *error,
                                  size_t error_size)
{
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
    if (agent_create(spec, NULL, g->game, g->rules, seat, seed, &b->agent, error, error_size)) {
        free(b);
        return NULL;
    }
    if (agent_wants_moves(b->agent)) { /* the library asks a bot at its turns only */
        snprintf(error, error_size,
                 "'%s' learns from every move of the match (belief=policy), which a library bot is not told: "
                 "play it with dominolab play, sim or tournament, or use belief=uniform", spec);
        agent_destroy(b->agent);
        free(b);
        return NULL;
    }
    agent_reset(b->agent, seed);
    b->seat = seat;
    /* the record, if one is opened later, names the bot's seat by its spec */
    snprintf(((dl_game_t *)g)->spec[seat], sizeof g->spec[seat], "%s", spec);
    return b;
}

DL_EXPORT void dl_bot_destroy(dl_bot_t *b)
{
    if (!b) return;
    agent_destroy(b->agent);
    free(b);
}

DL_EXPORT int dl_bot_move(dl_bot_t *b, const dl_game_t *g, dl_move_t *out)
{
    if (dl_status(g) != DL_IN_HAND || dl_to_move(g) != b->seat) return -1;
    game_move_t moves[GAME_MAX_MOVES];
    int count = g->game->legal_moves(g->state, moves);
    game_move_t move = agent_choose(b->agent, g->state, moves, count);
    memcpy(out, &move, sizeof *out);
    return 0;
}

/* ------------------------------------------------------------------ records */

DL_EXPORT int dl_record_open(dl_game_t *g, const char *path)
{
    if (g->record) return fail(g, "a record is already open");
    if (g->game->hand_number(g->state) != 0 || dl_status(g) != DL_BETWEEN_HANDS)
        return fail(g, "a record is opened before the first deal");
    g->record = calloc(1, sizeof *g->record);
    if (!g->record) return fail(g, "out of memory");
    if (record_writer_open(g->record, path, g->error, sizeof g->error)) {
        free(g->record);
        g->record = NULL;
        return -1;
    }
    g->sink = record_writer_sink(g->record);
    g->setup = (match_setup_t){.game = g->game, .rules = g->rules, .values = &g->values, .preset = g->preset,
                               .agent_specs = g->specs, .seats = dl_seats(g), .seed = g->seed};
    if (g->sink.on_start && g->sink.on_start(g->sink.context, &g->setup)) {
        record_writer_finish(g->record, 0, g->error, sizeof g->error);
        free(g->record);
        g->record = NULL;
        return fail(g, "cannot write the record's first line");
    }
    return 0;
}

DL_EXPORT int dl_record_close(dl_game_t *g)
{
    if (!g->record) return fail(g, "no record is open");
    bool complete = dl_status(g) == DL_MATCH_OVER;
    int result = record_writer_finish(g->record, complete, g->error, sizeof g->error);
    free(g->record);
    g->record = NULL;
    if (result) return -1;
    return complete ? 0 : fail(g, "the match is not over: the record was removed");
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

DL_EXPORT dl_game_t *dl_game_from_record(const char *path, int moves, char *error, size_t error_size)
{
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

DL_EXPORT int dl_record_check(const char *path, char *error, size_t error_size)
{
    replay_summary_t summary;
    return replay_file(path, &summary, error, error_size) == 0 ? 0 : -1;
}
