/* replay.c - re-runs a game record through the engine (see replay.h).
 *
 * Algorithm, per record line after the match line:
 *   1. If lines the engine produced are still waiting (the FIFO `expected`), the record
 *      line must equal the oldest one: same type, and every field of it present with the
 *      same value (extra fields of the record are ignored).
 *   2. Otherwise the line drives the engine: between hands it must be a deal, imposed with
 *      set_deal; in a hand it must be a play, draw or pass of the seat to move, applied as
 *      that move if legal. The events this produces are formatted with the writer's own
 *      formatter into the FIFO, and step 1 checks the line against the first of them.
 *   3. An END_TURN (keeping a drawn tile) leaves no line of its own: it is applied when the
 *      engine offers it and the record does not continue with a play by the same seat.
 * At the end of the file the FIFO must be empty and the match over.
 *
 * Invariant: expected[expected_head .. expected_count-1] are the owned, not yet matched
 * lines; new events are only generated when that range is empty.
 */
#include "records/replay.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "records/record.h"

enum {
    REPLAY_AGAIN = 3,           /* internal: an END_TURN was applied, look at the line again */
    REPLAY_TEXT_SIZE = 1024,    /* a value quoted in a message */
    REPLAY_OPTION_SIZE = 256
};

typedef struct replay {
    const char *name;
    int line; /* number of the line being checked, 1-based */
    const game_t *game;
    game_rules_t *rules;
    void *state;
    int max_number; /* highest number of the set, for reading tile names */
    int winner;
    record_format_t format;
    json_t *expected[GAME_MAX_EVENTS];
    int expected_head, expected_count;
    char *error;
    size_t error_size;
} replay_t;

/* ---- messages ---- */

static int fail(replay_t *r, int code, const char *format, ...) __attribute__((format(printf, 3, 4)));
static int fail(replay_t *r, int code, const char *format, ...)
{
    if (r->error_size == 0) return code;
    int prefix = snprintf(r->error, r->error_size, "%s:%d: ", r->name, r->line);
    if (prefix >= 0 && (size_t)prefix < r->error_size) {
        va_list args;
        va_start(args, format);
        vsnprintf(r->error + prefix, r->error_size - (size_t)prefix, format, args);
        va_end(args);
    }
    return code;
}

/* Compact JSON text of a value, cut to fit `out`. */
static const char *value_text(const json_t *value, char *out, size_t out_size)
{
    char *text = json_dumps(value, JSON_COMPACT | JSON_ENCODE_ANY);
    snprintf(out, out_size, "%s", text ? text : "?");
    free(text);
    return out;
}

/* ---- fields ---- */

static int field_int(replay_t *r, const json_t *line, const char *type, const char *key, long long *out)
{
    json_t *value = json_object_get(line, key);
    *out = 0;
    if (!value) return fail(r, REPLAY_MALFORMED, "%s: missing field \"%s\"", type, key);
    if (!json_is_integer(value)) return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" is not an integer", type, key);
    *out = (long long)json_integer_value(value);
    return 0;
}

static int field_string(replay_t *r, const json_t *line, const char *type, const char *key, const char **out)
{
    json_t *value = json_object_get(line, key);
    *out = NULL;
    if (!value) return fail(r, REPLAY_MALFORMED, "%s: missing field \"%s\"", type, key);
    if (!json_is_string(value)) return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" is not a string", type, key);
    *out = json_string_value(value);
    return 0;
}

static int field_array(replay_t *r, const json_t *line, const char *type, const char *key, json_t **out)
{
    json_t *value = json_object_get(line, key);
    *out = NULL;
    if (!value) return fail(r, REPLAY_MALFORMED, "%s: missing field \"%s\"", type, key);
    if (!json_is_array(value)) return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" is not an array", type, key);
    *out = value;
    return 0;
}

/* An integer field that may be null (-1), e.g. the leader of a deal. */
static int field_int_or_null(replay_t *r, const json_t *line, const char *type, const char *key, long long *out)
{
    json_t *value = json_object_get(line, key);
    *out = -1;
    if (value && json_is_null(value)) {
        *out = -1;
        return 0;
    }
    if (value && json_is_integer(value) && json_integer_value(value) < 0)
        return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" is negative", type, key);
    return field_int(r, line, type, key, out);
}

static int parse_tile(replay_t *r, const json_t *value, const char *type, const char *where, int *tile)
{
    *tile = -1;
    if (!json_is_string(value)) return fail(r, REPLAY_MALFORMED, "%s: %s is not a tile name", type, where);
    *tile = tileset_parse_tile(json_string_value(value), r->max_number);
    if (*tile < 0)
        return fail(r, REPLAY_MALFORMED, "%s: bad tile \"%s\" in %s (the set goes up to %d)", type,
                    json_string_value(value), where, r->max_number);
    return 0;
}

static int parse_tile_array(replay_t *r, const json_t *array, const char *where, uint8_t *tiles, int *count)
{
    if (!json_is_array(array)) return fail(r, REPLAY_MALFORMED, "deal: %s is not an array of tiles", where);
    size_t size = json_array_size(array);
    if (size > TILESET_MAX_BITS)
        return fail(r, REPLAY_MALFORMED, "deal: %s holds %zu tiles, more than %d", where, size, TILESET_MAX_BITS);
    for (size_t i = 0; i < size; i++) {
        int tile = 0, rc = parse_tile(r, json_array_get(array, i), "deal", where, &tile);
        if (rc) return rc;
        tiles[i] = (uint8_t)tile;
    }
    *count = (int)size;
    return 0;
}

static bool is_known_type(const char *type)
{
    static const char *const types[] = {"match", "deal",  "play",  "draw",  "pass",  "award",
                                        "hand_end", "match_end", "trump", "trick", "close", "meld"};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(type, types[i]) == 0) return true;
    return false;
}

/* ---- the match line ---- */

/* The JSON value of an option as the user would write it. Returns 0, or -1 for a value
 * that cannot be an option (null, real, array, object) or does not fit. */
static int option_text(const json_t *value, char *out, size_t out_size)
{
    int n;
    if (json_is_true(value)) n = snprintf(out, out_size, "true");
    else if (json_is_false(value)) n = snprintf(out, out_size, "false");
    else if (json_is_integer(value)) n = snprintf(out, out_size, "%lld", (long long)json_integer_value(value));
    else if (json_is_string(value)) n = snprintf(out, out_size, "%s", json_string_value(value));
    else return -1;
    return n >= 0 && (size_t)n < out_size ? 0 : -1;
}

/* Defaults, then every option of the record; every option of the table must be given,
 * because a record that relied on today's defaults would change meaning with them. */
static int configure(replay_t *r, const json_t *options, option_values_t *values)
{
    const game_t *game = r->game;
    char message[OPTIONS_ERROR_SIZE], text[REPLAY_OPTION_SIZE], assignment[2 * REPLAY_OPTION_SIZE];
    bool seen[OPTIONS_MAX] = {false};
    const char *key;
    json_t *value;
    if (options_set_defaults(game->options, game->option_count, values, message, sizeof message) != 0)
        return fail(r, REPLAY_MALFORMED, "options: %s", message);
    json_object_foreach((json_t *)options, key, value) {
        int i = options_find(game->options, game->option_count, key);
        if (i < 0) return fail(r, REPLAY_MALFORMED, "options: unknown option \"%s\" for %s", key, game->name);
        if (option_text(value, text, sizeof text) != 0)
            return fail(r, REPLAY_MALFORMED, "options: %s must be true, false, an integer or a word", key);
        snprintf(assignment, sizeof assignment, "%s=%s", key, text);
        if (options_assign(game->options, game->option_count, values, assignment, true, message, sizeof message))
            return fail(r, REPLAY_MALFORMED, "options: %s", message);
        seen[i] = true;
    }
    for (int i = 0; i < game->option_count && i < OPTIONS_MAX; i++)
        if (!seen[i]) return fail(r, REPLAY_MALFORMED, "options lacks key \"%s\"", game->options[i].key);
    return 0;
}

/* Tile names are read with the set's highest number; games without `set_max` may use up
 * to double-twelve and leave the rest to set_deal. */
static int set_max_number(const game_t *game, const option_values_t *values)
{
    char text[REPLAY_OPTION_SIZE];
    int i = options_find(game->options, game->option_count, "set_max");
    if (i < 0) return TILESET_MAX_NUMBER;
    int number = atoi(options_format_value(&game->options[i], values->value[i], text, sizeof text));
    return number > 0 && number <= TILESET_MAX_NUMBER ? number : TILESET_MAX_NUMBER;
}

static int check_agents(replay_t *r, const json_t *line, long long seats)
{
    json_t *agents = NULL;
    int rc = field_array(r, line, "match", "agents", &agents);
    if (rc) return rc;
    if ((long long)json_array_size(agents) != seats)
        return fail(r, REPLAY_MALFORMED, "match: agents lists %zu agents for %lld seats", json_array_size(agents),
                    seats);
    for (size_t i = 0; i < json_array_size(agents); i++)
        if (!json_is_string(json_array_get(agents, i)))
            return fail(r, REPLAY_MALFORMED, "match: agents[%zu] is not a string", i);
    return 0;
}

static int replay_start(replay_t *r, const json_t *line, const char *type)
{
    long long format = 0, seats = 0, seed = 0;
    const char *game_name = NULL;
    json_t *options, *preset;
    option_values_t values;
    char message[OPTIONS_ERROR_SIZE];
    int rc;
    if (strcmp(type, "match") != 0)
        return fail(r, REPLAY_MALFORMED, "the first line must be the match line, not a %s line", type);
    if ((rc = field_int(r, line, type, "format", &format))) return rc;
    if (format != RECORD_FORMAT_VERSION)
        return fail(r, REPLAY_MALFORMED, "match: format %lld is not supported (this reader knows %d)", format,
                    RECORD_FORMAT_VERSION);
    if ((rc = field_string(r, line, type, "game", &game_name))) return rc;
    if (!(r->game = game_find(game_name))) return fail(r, REPLAY_MALFORMED, "match: unknown game \"%s\"", game_name);
    preset = json_object_get(line, "preset");
    if (!preset) return fail(r, REPLAY_MALFORMED, "match: missing field \"preset\"");
    if (!json_is_string(preset) && !json_is_null(preset))
        return fail(r, REPLAY_MALFORMED, "match: field \"preset\" is not a string");
    options = json_object_get(line, "options");
    if (!json_is_object(options))
        return fail(r, REPLAY_MALFORMED, options ? "match: field \"options\" is not an object"
                                                 : "match: missing field \"options\"");
    if ((rc = configure(r, options, &values))) return rc;
    if (r->game->rules_create(&values, &r->rules, message, sizeof message) != 0) {
        r->rules = NULL;
        return fail(r, REPLAY_MALFORMED, "options: %s", message);
    }
    if ((rc = field_int(r, line, type, "seats", &seats))) return rc;
    if (seats != r->game->seat_count(r->rules))
        return fail(r, REPLAY_DISAGREES, "match: seats %lld but the rules give %d", seats,
                    r->game->seat_count(r->rules));
    if ((rc = check_agents(r, line, seats))) return rc;
    if ((rc = field_int(r, line, type, "seed", &seed))) return rc;
    if (seed < 0) return fail(r, REPLAY_MALFORMED, "match: field \"seed\" is negative");
    r->state = malloc(r->game->state_size ? r->game->state_size : 1);
    if (!r->state) return fail(r, REPLAY_MALFORMED, "out of memory for the game state");
    r->game->match_start(r->state, r->rules, (uint64_t)seed);
    r->max_number = set_max_number(r->game, &values);
    record_format_init(&r->format, r->game, r->rules);
    return 0;
}

/* ---- expected lines ---- */

/* Formats a batch of events into the (empty) FIFO with the writer's formatter. */
static int push_events(replay_t *r, const game_events_t *events)
{
    r->expected_head = r->expected_count = 0;
    for (int i = 0; i < events->count && i < GAME_MAX_EVENTS; i++) {
        const game_event_t *event = &events->item[i];
        char text[RECORD_LINE_MAX];
        json_error_t json_error;
        if (event->kind == GAME_EVENT_MATCH_END) r->winner = event->seat;
        if (record_format_event(&r->format, r->state, event, text, sizeof text) == 0)
            return fail(r, REPLAY_DISAGREES, "internal: cannot format an event of kind %d", event->kind);
        json_t *value = json_loads(text, 0, &json_error);
        if (!value) return fail(r, REPLAY_DISAGREES, "internal: the formatter wrote bad JSON: %s", text);
        r->expected[r->expected_count++] = value;
    }
    return 0;
}

static bool has_expected(const replay_t *r) { return r->expected_head < r->expected_count; }

static void pop_expected(replay_t *r)
{
    json_decref(r->expected[r->expected_head]);
    r->expected[r->expected_head++] = NULL;
}

/* Values of different JSON types are a malformed field rather than a different number;
 * null stands for "nobody" and may meet a number. */
static bool types_clash(const json_t *a, const json_t *b)
{
    if (json_is_null(a) || json_is_null(b)) return false;
    if (json_is_boolean(a) && json_is_boolean(b)) return false;
    return json_typeof(a) != json_typeof(b);
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Two arrays of tile names holding the same tiles in any order. */
static bool same_tiles(const json_t *a, const json_t *b)
{
    const char *names_a[TILESET_MAX_BITS], *names_b[TILESET_MAX_BITS];
    size_t size = json_array_size(a);
    if (!json_is_array(a) || !json_is_array(b) || size != json_array_size(b) || size > TILESET_MAX_BITS) return false;
    for (size_t i = 0; i < size; i++) {
        names_a[i] = json_string_value(json_array_get(a, i));
        names_b[i] = json_string_value(json_array_get(b, i));
        if (!names_a[i] || !names_b[i]) return false;
    }
    qsort(names_a, size, sizeof names_a[0], compare_names);
    qsort(names_b, size, sizeof names_b[0], compare_names);
    for (size_t i = 0; i < size; i++)
        if (strcmp(names_a[i], names_b[i]) != 0) return false;
    return true;
}

/* A hand is a set: the deal's "hands" agree whatever order each hand lists its tiles in
 * (the stock, whose order is the draw order, is compared exactly). */
static bool same_hands(const json_t *a, const json_t *b)
{
    size_t seats = json_array_size(a);
    if (!json_is_array(a) || !json_is_array(b) || seats != json_array_size(b)) return false;
    for (size_t s = 0; s < seats; s++)
        if (!same_tiles(json_array_get(a, s), json_array_get(b, s))) return false;
    return true;
}

static int compare_head(replay_t *r, const json_t *line, const char *type)
{
    json_t *expected = r->expected[r->expected_head];
    char want[REPLAY_TEXT_SIZE], have[REPLAY_TEXT_SIZE];
    const char *key;
    json_t *value;
    if (strcmp(type, json_string_value(json_object_get(expected, "type"))) != 0)
        return fail(r, REPLAY_DISAGREES, "the rules give %s here, not a %s line",
                    value_text(expected, want, sizeof want), type);
    json_object_foreach(expected, key, value) {
        json_t *actual = json_object_get(line, key);
        if (!actual) return fail(r, REPLAY_MALFORMED, "%s: missing field \"%s\"", type, key);
        if (json_equal(actual, value)) continue;
        if (strcmp(key, "hands") == 0 && same_hands(actual, value)) continue;
        if (types_clash(actual, value))
            return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" has the wrong type: %s, expected one like %s", type,
                        key, value_text(actual, have, sizeof have), value_text(value, want, sizeof want));
        return fail(r, REPLAY_DISAGREES, "%s: %s %s but the rules give %s", type, key,
                    value_text(actual, have, sizeof have), value_text(value, want, sizeof want));
    }
    pop_expected(r);
    return 0;
}

/* ---- lines that drive the engine ---- */

static int replay_deal(replay_t *r, const json_t *line, const char *type)
{
    game_deal_t deal;
    game_events_t events = {0};
    char where[32], message[RECORD_ERROR_SIZE];
    json_t *hands = NULL, *stock = NULL;
    long long hand = 0, leader = -1;
    int seats = r->game->seat_count(r->rules), rc;
    if (strcmp(type, "deal") != 0)
        return fail(r, REPLAY_DISAGREES, "the rules expect the deal of the next hand, not a %s line", type);
    memset(&deal, 0, sizeof deal);
    if ((rc = field_int(r, line, type, "hand", &hand))) return rc;
    if ((rc = field_int_or_null(r, line, type, "leader", &leader))) return rc;
    if ((rc = field_array(r, line, type, "hands", &hands))) return rc;
    if ((rc = field_array(r, line, type, "stock", &stock))) return rc;
    if ((int)json_array_size(hands) != seats)
        return fail(r, REPLAY_MALFORMED, "deal: hands holds %zu hands for %d seats", json_array_size(hands), seats);
    if (hand < 1 || hand > INT32_MAX || leader >= seats)
        return fail(r, REPLAY_MALFORMED, "deal: %s out of range", hand < 1 || hand > INT32_MAX ? "hand" : "leader");
    deal.hand_number = (int)hand;
    deal.leader = (int)leader;
    deal.seats = seats;
    for (int s = 0; s < seats; s++) {
        snprintf(where, sizeof where, "hands[%d]", s);
        if ((rc = parse_tile_array(r, json_array_get(hands, (size_t)s), where, deal.hand[s], &deal.hand_size[s])))
            return rc;
    }
    if ((rc = parse_tile_array(r, stock, "stock", deal.stock, &deal.stock_size))) return rc;
    if (r->game->set_deal(r->state, &deal, &events, message, sizeof message) != 0)
        return fail(r, REPLAY_DISAGREES, "%s", message); /* set_deal names the hand */
    return push_events(r, &events);
}

static int move_kind_of(const char *type)
{
    if (strcmp(type, "play") == 0) return GAME_MOVE_PLAY;
    if (strcmp(type, "draw") == 0) return GAME_MOVE_DRAW;
    if (strcmp(type, "pass") == 0) return GAME_MOVE_PASS;
    return -1;
}

/* The move a play/draw/pass line asks for. A draw's tile is not part of the move (the
 * stock decides it); the draw event then shows whether the record drew the same tile. */
static int read_move(replay_t *r, const json_t *line, const char *type, int kind, game_move_t *move)
{
    memset(move, 0, sizeof *move);
    move->kind = (uint8_t)kind;
    move->end = GAME_NO_END;
    if (kind != GAME_MOVE_PLAY) return 0;
    json_t *tile = json_object_get(line, "tile"), *end = json_object_get(line, "end");
    int index = 0, rc;
    if (!tile) return fail(r, REPLAY_MALFORMED, "play: missing field \"tile\"");
    if ((rc = parse_tile(r, tile, type, "field \"tile\"", &index))) return rc;
    move->tile = (uint8_t)index;
    if (!end) return 0; /* the lead */
    if (!json_is_integer(end) || json_integer_value(end) < 0 || json_integer_value(end) >= GAME_NO_END)
        return fail(r, REPLAY_MALFORMED, "play: field \"end\" must be an integer from 0 to %d", GAME_NO_END - 1);
    move->end = (uint8_t)json_integer_value(end);
    return 0;
}

static int find_move(const game_move_t *legal, int count, game_move_t move)
{
    for (int i = 0; i < count; i++) {
        if (legal[i].kind != move.kind) continue;
        if (move.kind != GAME_MOVE_PLAY || (legal[i].tile == move.tile && legal[i].end == move.end)) return i;
    }
    return -1;
}

static int find_kind(const game_move_t *legal, int count, int kind)
{
    for (int i = 0; i < count; i++)
        if (legal[i].kind == kind) return i;
    return -1;
}

static const char *legal_text(const game_move_t *legal, int count, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count && used + 1 < out_size; i++) {
        char move[32];
        game_move_format(legal[i], move, sizeof move);
        int n = snprintf(out + used, out_size - used, "%s%s", i ? ", " : "", move);
        if (n < 0) break;
        used += (size_t)n;
    }
    return count ? out : "none";
}

static int apply_move(replay_t *r, game_move_t move)
{
    game_events_t events = {0};
    r->game->apply(r->state, move, &events);
    return push_events(r, &events);
}

static int replay_move(replay_t *r, const json_t *line, const char *type)
{
    const game_t *game = r->game;
    game_move_t legal[GAME_MAX_MOVES], move;
    char text[REPLAY_TEXT_SIZE], move_text[32];
    int hand = game->hand_number(r->state), to_move = game->to_move(r->state), kind = move_kind_of(type), rc;
    long long seat = -1;
    if (kind >= 0 && (rc = field_int(r, line, type, "seat", &seat))) return rc;
    /* Before judging the line: a kept drawn tile ends the turn without a line, and what
     * follows it (the next seat's move, or a block's award) is this line. */
    int count = game->legal_moves(r->state, legal);
    int end_turn = find_kind(legal, count, GAME_MOVE_END_TURN);
    if (end_turn >= 0 && !(kind == GAME_MOVE_PLAY && seat == to_move)) {
        rc = apply_move(r, legal[end_turn]);
        return rc ? rc : REPLAY_AGAIN;
    }
    if (kind < 0)
        return fail(r, REPLAY_DISAGREES, "hand %d: the rules expect seat %d to move, not a %s line", hand, to_move,
                    type);
    if ((rc = read_move(r, line, type, kind, &move))) return rc;
    if (seat != to_move)
        return fail(r, REPLAY_DISAGREES, "hand %d: expected seat %d to move, not seat %lld", hand, to_move, seat);
    int i = find_move(legal, count, move);
    if (i < 0)
        return fail(r, REPLAY_DISAGREES, "hand %d: seat %d cannot %s (legal: %s)", hand, to_move,
                    game_move_format(move, move_text, sizeof move_text), legal_text(legal, count, text, sizeof text));
    return apply_move(r, legal[i]);
}

/* One record line after the match line (see the algorithm at the top). */
static int replay_line(replay_t *r, const json_t *line, const char *type)
{
    /* Each pass either returns or applies an END_TURN, which passes the turn on; more
     * passes than seats would mean an engine that never lets anyone move. */
    for (int pass = 0; pass <= GAME_MAX_SEATS; pass++) {
        int rc;
        if (has_expected(r)) return compare_head(r, line, type);
        switch (r->game->status(r->state)) {
        case GAME_MATCH_OVER: return fail(r, REPLAY_DISAGREES, "a %s line after match_end", type);
        case GAME_BETWEEN_HANDS: rc = replay_deal(r, line, type); break;
        case GAME_IN_HAND: rc = replay_move(r, line, type); break;
        default: return fail(r, REPLAY_DISAGREES, "internal: unknown game status");
        }
        if (rc == REPLAY_AGAIN) continue;
        if (rc != 0) return rc;
        if (!has_expected(r)) return fail(r, REPLAY_DISAGREES, "%s: the rules record no event for this line", type);
        return compare_head(r, line, type);
    }
    return fail(r, REPLAY_DISAGREES, "internal: the turn is ended again and again");
}

/* ---- reading ---- */

/* Parses one line (newline already removed) into an object with a known "type". */
static int parse_line(replay_t *r, const char *text, size_t length, json_t **out, const char **type)
{
    json_error_t json_error;
    *out = NULL;
    if (length == 0) return fail(r, REPLAY_MALFORMED, "empty line");
    json_t *line = json_loadb(text, length, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, &json_error);
    if (!line) return fail(r, REPLAY_MALFORMED, "not JSON: %s (column %d)", json_error.text, json_error.column);
    *out = line;
    if (!json_is_object(line)) return fail(r, REPLAY_MALFORMED, "not a JSON object");
    json_t *value = json_object_get(line, "type");
    if (!value) return fail(r, REPLAY_MALFORMED, "missing field \"type\"");
    if (!json_is_string(value)) return fail(r, REPLAY_MALFORMED, "field \"type\" is not a string");
    *type = json_string_value(value);
    if (!is_known_type(*type)) return fail(r, REPLAY_MALFORMED, "unknown line type \"%s\"", *type);
    return 0;
}

static int check_end(replay_t *r)
{
    char text[REPLAY_TEXT_SIZE];
    if (has_expected(r))
        return fail(r, REPLAY_DISAGREES, "the record ends before the match ends (next the rules give %s)",
                    value_text(r->expected[r->expected_head], text, sizeof text));
    switch (r->game->status(r->state)) {
    case GAME_MATCH_OVER: return 0;
    case GAME_IN_HAND:
        return fail(r, REPLAY_DISAGREES, "the record ends before the match ends (seat %d is to move in hand %d)",
                    r->game->to_move(r->state), r->game->hand_number(r->state));
    default: return fail(r, REPLAY_DISAGREES, "the record ends before the match ends (the next hand is not dealt)");
    }
}

static void fill_summary(const replay_t *r, replay_summary_t *summary)
{
    memset(summary, 0, sizeof *summary);
    summary->lines = r->line;
    summary->winner = r->winner;
    if (!r->game || !r->state) return;
    summary->game = r->game->name;
    summary->seats = r->game->seat_count(r->rules);
    summary->sides = r->game->side_count(r->rules);
    summary->hands = r->game->hand_number(r->state);
    r->game->scores(r->state, summary->scores);
}

static void replay_free(replay_t *r)
{
    for (int i = 0; i < GAME_MAX_EVENTS; i++) json_decref(r->expected[i]);
    free(r->state);
    if (r->rules) r->game->rules_destroy(r->rules);
}

static void chomp(char *text, size_t *length)
{
    if (*length > 0 && text[*length - 1] == '\n') text[--*length] = '\0';
    if (*length > 0 && text[*length - 1] == '\r') text[--*length] = '\0';
}

int replay_stream(FILE *in, const char *name, replay_summary_t *summary, char *error, size_t error_size)
{
    replay_t r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.winner = -1;
    r.error = error;
    r.error_size = error_size;
    if (error_size > 0) error[0] = '\0';
    char *text = NULL;
    size_t capacity = 0;
    ssize_t length;
    int result = REPLAY_AGREES;
    errno = 0;
    while (result == REPLAY_AGREES && (length = getline(&text, &capacity, in)) >= 0) {
        json_t *line = NULL;
        const char *type = NULL;
        size_t size = (size_t)length;
        r.line++;
        chomp(text, &size);
        result = parse_line(&r, text, size, &line, &type);
        if (result == REPLAY_AGREES) result = r.line == 1 ? replay_start(&r, line, type) : replay_line(&r, line, type);
        json_decref(line);
        errno = 0;
    }
    if (result == REPLAY_AGREES && !feof(in)) {
        snprintf(error, error_size, "cannot read %s: %s", name, strerror(errno ? errno : EIO));
        result = REPLAY_MALFORMED;
    } else if (result == REPLAY_AGREES && r.line == 0) {
        snprintf(error, error_size, "%s: empty record (no match line)", name);
        result = REPLAY_MALFORMED;
    } else if (result == REPLAY_AGREES) {
        result = check_end(&r);
    }
    free(text);
    fill_summary(&r, summary);
    replay_free(&r);
    return result;
}

int replay_file(const char *path, replay_summary_t *summary, char *error, size_t error_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        memset(summary, 0, sizeof *summary);
        summary->winner = -1;
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return REPLAY_MALFORMED;
    }
    int result = replay_stream(in, path, summary, error, error_size);
    fclose(in);
    return result;
}
