/* replay.c - re-runs a game record through the engine (see replay.h).
 *
 * Algorithm, per record line after the match line:
 *   1. If lines the engine produced are still waiting (the FIFO `expected`), the record
 *      line must equal the oldest one: same type, and every field of it present with the
 *      same value (extra fields of the record are ignored). A line the game tolerates
 *      there (game_t.tolerated_line: Bergen's passes before a block's awards), at most one
 *      per seat and before any award of the batch, is read and skipped.
 *   2. Otherwise the line drives the engine: between hands it must be a deal, imposed with
 *      set_deal; in a hand it must be a move of the seat to move, which the game reads
 *      from the line (game_t.line_move) and which must be one of the legal moves, whole.
 *      The events this produces are formatted with the writer's own formatter into the
 *      FIFO, and step 1 checks the line against the first of them.
 *   3. A move the record leaves unwritten (game_t.unwritten_move: keeping a drawn tile, a
 *      choice with the default answer) is applied when the game says the line read stands
 *      after one; the line of its own event, if the game has one, is not expected.
 * At the end of the file the FIFO must be empty and the match over. A match line with
 * `max_hands` N (a deal of `sim --deals`) is over once N hands are played: the line after
 * the last hand_end must then be the match_end the match driver writes for it.
 *
 * Tolerated forms of every game (record-format.md, "Pinned details"): a deal line without
 * `leader`, or with `dealer` instead, whose starter the game derives; a match line without
 * `options.players` where the game has one player count; a meld's doubles in any order.
 * Pinned forms a record must keep, refused as malformed (exit 2) rather than as a
 * disagreement: the reason words of each game (game_t.award_words, hand_end_words), and
 * the turned tile of a trick game last in the deal's stock (the trump line's tile).
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
#include "games.h"

enum {
    REPLAY_AGAIN = 3,           /* internal: an unwritten move was applied, look at the line again */
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
    int max_hands, hands; /* the match line's max_hands (0: none), and hands played (not void) */
    bool cut;             /* the match ended at max_hands */
    match_sink_t *sink;   /* NULL, or who watches the match (replay --print) */
    match_setup_t setup;  /* the match line, as match_play would give it to a sink */
    option_values_t values;
    char *preset;
    char *agent_specs[GAME_MAX_SEATS];
    record_format_t format;
    json_t *expected[GAME_MAX_EVENTS];
    int expected_head, expected_count;
    bool award_matched;       /* an award line of the current batch has been read */
    char run_type[16];        /* the type of the lines read last, in a row ... */
    unsigned run_seats;       /* ... and the seats that wrote them */
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

static bool is_in_list(const char *name, const char *const *list)
{
    for (size_t i = 0; list[i]; i++)
        if (strcmp(name, list[i]) == 0) return true;
    return false;
}

/* Lines that carry a player's decision: the game must list each among its legal moves. */
static bool is_move_type(const char *type)
{
    static const char *const types[] = {"play", "draw", "pass", "choice", "close", "meld", NULL};
    return is_in_list(type, types);
}

static bool is_known_type(const char *type)
{
    static const char *const others[] = {"match", "deal", "award", "hand_end", "match_end", "trump", "trick", NULL};
    return is_move_type(type) || is_in_list(type, others);
}

/* ---- a line as the game reads it ---- */

/* The keys of the record format's move lines, converted first so that a record with many
 * extra fields still gives the game what it reads. */
static const char *const move_keys[] = {"hand", "seat", "tile", "end", "points", "decision", "value", "tiles", NULL};

static bool is_move_key(const char *key) { return is_in_list(key, move_keys); }

/* One JSON value as a field; false for values no line of a game holds (objects, reals,
 * arrays of other things), which the game never reads. */
static bool add_field(game_line_t *out, const char *key, const json_t *value)
{
    if (out->count >= GAME_LINE_MAX_FIELDS) return false;
    game_line_field_t *field = &out->field[out->count];
    memset(field, 0, sizeof *field);
    field->key = key;
    if (json_is_integer(value)) {
        json_int_t number = json_integer_value(value);
        if (number < INT32_MIN || number > INT32_MAX) return false;
        field->kind = GAME_VALUE_INT;
        field->number = (int)number;
    } else if (json_is_boolean(value)) {
        field->kind = GAME_VALUE_BOOL;
        field->number = json_is_true(value);
    } else if (json_is_null(value)) {
        field->kind = GAME_VALUE_NULL;
    } else if (json_is_string(value)) {
        int tile = tileset_parse_tile(json_string_value(value), TILESET_MAX_NUMBER);
        field->kind = tile >= 0 ? GAME_VALUE_TILE : GAME_VALUE_WORD;
        field->number = tile;
        field->word = json_string_value(value);
    } else if (json_is_array(value) && json_array_size(value) <= GAME_LINE_MAX_TILES) {
        field->kind = GAME_VALUE_TILES;
        for (size_t i = 0; i < json_array_size(value); i++) {
            const char *name = json_string_value(json_array_get(value, i));
            int tile = name ? tileset_parse_tile(name, TILESET_MAX_NUMBER) : -1;
            if (tile < 0) return false;
            field->tiles[field->count++] = (uint8_t)tile;
        }
    } else {
        return false;
    }
    out->count++;
    return true;
}

/* A record line (a JSON object) as a game_line_t; its strings point into `object`. */
static void line_of_json(const json_t *object, const char *type, game_line_t *out)
{
    const char *key;
    json_t *value;
    game_line_start(out, type);
    for (int k = 0; move_keys[k]; k++) {
        value = json_object_get(object, move_keys[k]);
        if (value) add_field(out, move_keys[k], value);
    }
    json_object_foreach((json_t *)object, key, value) if (strcmp(key, "type") != 0 && !is_move_key(key))
        add_field(out, key, value);
}

/* ---- the match line ---- */

/* The JSON value of an option as the user would write it; an array of integers becomes a
 * list "[a,b]". Returns 0, or -1 for a value that cannot be an option (null, real, object,
 * an array of anything but integers) or does not fit. */
int replay_option_text(const json_t *value, char *out, size_t out_size)
{
    int n;
    if (json_is_true(value)) n = snprintf(out, out_size, "true");
    else if (json_is_false(value)) n = snprintf(out, out_size, "false");
    else if (json_is_integer(value)) n = snprintf(out, out_size, "%lld", (long long)json_integer_value(value));
    else if (json_is_string(value)) n = snprintf(out, out_size, "%s", json_string_value(value));
    else if (json_is_array(value)) {
        size_t used = 0, k;
        json_t *item;
        n = snprintf(out, out_size, "[");
        json_array_foreach(value, k, item) {
            used = (size_t)n;
            if (!json_is_integer(item) || used >= out_size) return -1;
            n += snprintf(out + used, out_size - used, "%s%lld", k ? "," : "", (long long)json_integer_value(item));
        }
        if ((size_t)n < out_size) n += snprintf(out + n, out_size - (size_t)n, "]");
    } else return -1;
    return n >= 0 && (size_t)n < out_size ? 0 : -1;
}

/* record-format.md, "Pinned details": a match line may leave out `players` where the game
 * has one player count (Partnership 4, Bingo 2), which is then its default. */
static bool may_be_left_out(const option_spec_t *spec)
{
    return strcmp(spec->key, "players") == 0 && spec->kind == OPTION_INT && spec->min == spec->max;
}

/* Defaults, then every option of the record; every option of the table must be given (but
 * a `players` the game allows one value of), because a record that relied on today's
 * defaults would change meaning with them. */
int replay_read_options(const game_t *game, const json_t *options, option_values_t *values, char *error,
                        size_t error_size)
{
    char message[OPTIONS_ERROR_SIZE], text[REPLAY_OPTION_SIZE], assignment[2 * REPLAY_OPTION_SIZE];
    bool seen[OPTIONS_MAX] = {false};
    const char *key;
    json_t *value;
    if (options_set_defaults(game->options, game->option_count, values, message, sizeof message) != 0) {
        snprintf(error, error_size, "options: %s", message);
        return -1;
    }
    json_object_foreach((json_t *)options, key, value) {
        int i = options_find(game->options, game->option_count, key);
        if (i < 0) {
            snprintf(error, error_size, "options: unknown option \"%s\" for %s", key, game->name);
            return -1;
        }
        if (replay_option_text(value, text, sizeof text) != 0) {
            snprintf(error, error_size, "options: %s must be true, false, an integer, a word or a list of integers", key);
            return -1;
        }
        snprintf(assignment, sizeof assignment, "%s=%s", key, text);
        if (options_assign(game->options, game->option_count, values, assignment, true, message, sizeof message)) {
            snprintf(error, error_size, "options: %s", message);
            return -1;
        }
        seen[i] = true;
    }
    for (int i = 0; i < game->option_count && i < OPTIONS_MAX; i++)
        if (!seen[i] && !may_be_left_out(&game->options[i])) {
            snprintf(error, error_size, "options lacks key \"%s\"", game->options[i].key);
            return -1;
        }
    return 0;
}

static int configure(replay_t *r, const json_t *options, option_values_t *values)
{
    char message[RECORD_ERROR_SIZE];
    if (replay_read_options(r->game, options, values, message, sizeof message))
        return fail(r, REPLAY_MALFORMED, "%s", message);
    return 0;
}

/* Tile names are read with the set's highest number; games without `set_max` may use up
 * to double-twelve and leave the rest to set_deal. */
static int set_max_number(const game_t *game, const option_values_t *values)
{
    char text[REPLAY_OPTION_SIZE];
    int i = options_find(game->options, game->option_count, "set_max");
    if (i < 0) return TILESET_MAX_NUMBER;
    int number = atoi(options_format_value(game->options, i, values, text, sizeof text));
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
    for (size_t i = 0; i < json_array_size(agents); i++) {
        const char *spec = json_string_value(json_array_get(agents, i));
        if (!spec) return fail(r, REPLAY_MALFORMED, "match: agents[%zu] is not a string", i);
        if (i < GAME_MAX_SEATS && !(r->agent_specs[i] = strdup(spec)))
            return fail(r, REPLAY_MALFORMED, "out of memory for the agents");
    }
    return 0;
}

/* The match line's optional max_hands: a count of hands, or absent. */
static int read_max_hands(replay_t *r, const json_t *line)
{
    json_t *value = json_object_get(line, "max_hands");
    if (!value) return 0;
    if (!json_is_integer(value) || json_integer_value(value) < 1 || json_integer_value(value) > INT32_MAX)
        return fail(r, REPLAY_MALFORMED, "match: field \"max_hands\" is not a count of hands");
    r->max_hands = (int)json_integer_value(value);
    return 0;
}

/* The match line as match_play hands it to a sink, so a watcher cannot tell the two apart. */
static int start_sink(replay_t *r, const json_t *preset, long long seats, long long seed)
{
    if (json_is_string(preset) && !(r->preset = strdup(json_string_value(preset))))
        return fail(r, REPLAY_MALFORMED, "out of memory for the preset");
    r->setup = (match_setup_t){.game = r->game,
                               .rules = r->rules,
                               .values = &r->values,
                               .preset = r->preset,
                               .agent_specs = (const char *const *)r->agent_specs,
                               .seats = (int)seats,
                               .seed = (uint64_t)seed,
                               .max_hands = r->max_hands};
    if (r->sink && r->sink->on_start) r->sink->on_start(r->sink->context, &r->setup);
    return 0;
}

static int replay_start(replay_t *r, const json_t *line, const char *type)
{
    long long format = 0, seats = 0, seed = 0;
    const char *game_name = NULL;
    json_t *options, *preset;
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
    if (json_is_string(preset) && game_preset_index(r->game, json_string_value(preset)) < 0)
        return fail(r, REPLAY_MALFORMED, "match: unknown preset \"%s\" for %s", json_string_value(preset),
                    r->game->name);
    options = json_object_get(line, "options");
    if (!json_is_object(options))
        return fail(r, REPLAY_MALFORMED, options ? "match: field \"options\" is not an object"
                                                 : "match: missing field \"options\"");
    if ((rc = configure(r, options, &r->values))) return rc;
    if (r->game->rules_create(&r->values, &r->rules, message, sizeof message) != 0) {
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
    if ((rc = read_max_hands(r, line))) return rc;
    r->state = malloc(r->game->state_size ? r->game->state_size : 1);
    if (!r->state) return fail(r, REPLAY_MALFORMED, "out of memory for the game state");
    r->game->match_start(r->state, r->rules, (uint64_t)seed);
    r->max_number = set_max_number(r->game, &r->values);
    record_format_init(&r->format, r->game, r->rules);
    return start_sink(r, preset, seats, seed);
}

/* ---- expected lines ---- */

/* Formats a batch of events into the (empty) FIFO with the writer's formatter, and hands
 * them to the sink once the state is the one after them all, as match_play does. */
/* `unwritten`: the events of a move the record leaves out, whose own event (the first)
 * therefore has no line there. */
static int push_events(replay_t *r, const game_events_t *events, bool unwritten)
{
    r->expected_head = r->expected_count = 0;
    r->award_matched = false;
    for (int i = 0; r->sink && r->sink->on_event && i < events->count; i++)
        r->sink->on_event(r->sink->context, &r->setup, r->state, &events->item[i]);
    for (int i = 0; i < events->count && i < GAME_MAX_EVENTS; i++) {
        const game_event_t *event = &events->item[i];
        char text[RECORD_LINE_MAX];
        json_error_t json_error;
        if (event->kind == GAME_EVENT_MATCH_END) r->winner = event->seat;
        if (event->kind == GAME_EVENT_HAND_END && !(event->flags & GAME_EVENT_VOID)) r->hands++;
        if (unwritten && i == 0) continue;
        int formatted = record_format_event(&r->format, r->state, event, text, sizeof text);
        if (formatted == RECORD_NO_LINE) continue;
        if (formatted != 0)
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
        if (!actual && !strcmp(type, "deal") && !strcmp(key, "leader")) continue; /* derived, see replay_deal */
        if (!actual) return fail(r, REPLAY_MALFORMED, "%s: missing field \"%s\"", type, key);
        if (json_equal(actual, value)) continue;
        if (strcmp(key, "hands") == 0 && same_hands(actual, value)) continue;
        if (!strcmp(type, "meld") && !strcmp(key, "tiles") && same_tiles(actual, value)) continue; /* any order */
        if (types_clash(actual, value))
            return fail(r, REPLAY_MALFORMED, "%s: field \"%s\" has the wrong type: %s, expected one like %s", type,
                        key, value_text(actual, have, sizeof have), value_text(value, want, sizeof want));
        if (!strcmp(type, "trump") && !strcmp(key, "tile")) /* the deal's last stock tile, as pinned */
            return fail(r, REPLAY_MALFORMED,
                        "trump: tile %s, but record-format.md pins the turned tile as the last tile of the deal's "
                        "stock, %s",
                        value_text(actual, have, sizeof have), value_text(value, want, sizeof want));
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
    /* Without `leader` (or with `dealer` instead, which no game defines) the game derives
     * the starter; a leader given is checked against the rules. */
    if (json_object_get(line, "leader") && (rc = field_int_or_null(r, line, type, "leader", &leader))) return rc;
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
    return push_events(r, &events, false);
}

static int find_move(const game_move_t *legal, int count, game_move_t move)
{
    for (int i = 0; i < count; i++)
        if (game_move_equal(legal[i], move)) return i;
    return -1;
}

static const char *legal_text(const game_t *game, const game_move_t *legal, int count, char *out, size_t out_size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < count && used + 1 < out_size; i++) {
        char move[64];
        game->move_text(legal[i], move, sizeof move);
        int n = snprintf(out + used, out_size - used, "%s%s", i ? ", " : "", move);
        if (n < 0) break;
        used += (size_t)n;
    }
    return count ? out : "none";
}

static int apply_move(replay_t *r, game_move_t move, bool unwritten)
{
    game_events_t events = {0};
    if (r->sink && r->sink->on_move) r->sink->on_move(r->sink->context, &r->setup, r->state, move);
    r->game->apply(r->state, move, &events);
    return push_events(r, &events, unwritten);
}

static int replay_move(replay_t *r, const json_t *line, const char *type)
{
    const game_t *game = r->game;
    game_move_t legal[GAME_MAX_MOVES], move, unwritten;
    game_line_t read;
    char text[REPLAY_TEXT_SIZE], move_text[64], message[RECORD_ERROR_SIZE];
    int hand = game->hand_number(r->state), to_move = game->to_move(r->state), rc;
    long long seat = -1;
    bool move_line = is_move_type(type);
    if (move_line && (rc = field_int(r, line, type, "seat", &seat))) return rc;
    line_of_json(line, type, &read);
    int count = game->legal_moves(r->state, legal);
    int read_rc = move_line ? game->line_move(r->state, &read, &move, message, sizeof message) : 0;
    if (read_rc < 0) return fail(r, REPLAY_MALFORMED, "%s", message);
    int i = read_rc == 1 ? find_move(legal, count, move) : -1;
    if (i >= 0) return apply_move(r, legal[i], false);
    /* Not a legal move as written: the record may have left out a move before it. */
    if (game->unwritten_move(r->state, &read, &unwritten) && find_move(legal, count, unwritten) >= 0) {
        rc = apply_move(r, unwritten, true);
        return rc ? rc : REPLAY_AGAIN;
    }
    if (!move_line)
        return fail(r, REPLAY_DISAGREES, "hand %d: the rules expect seat %d to move, not a %s line", hand, to_move,
                    type);
    if (seat != to_move)
        return fail(r, REPLAY_DISAGREES, "hand %d: expected seat %d to move, not seat %lld", hand, to_move, seat);
    if (read_rc == 0)
        return fail(r, REPLAY_DISAGREES, "hand %d: seat %d cannot make a %s move here (legal: %s)", hand, to_move, type,
                    legal_text(game, legal, count, text, sizeof text));
    game->move_text(move, move_text, sizeof move_text);
    return fail(r, REPLAY_DISAGREES, "hand %d: seat %d cannot %s (legal: %s)", hand, to_move, move_text,
                legal_text(game, legal, count, text, sizeof text));
}

/* Keeps the run of lines of one type in a row and the seats that wrote them. Returns
 * false if the seat has already written one in this run. */
static bool extend_run(replay_t *r, const char *type, int seat)
{
    if (strcmp(r->run_type, type) != 0) {
        snprintf(r->run_type, sizeof r->run_type, "%s", type);
        r->run_seats = 0;
    }
    if (seat < 0 || seat >= GAME_MAX_SEATS) return true;
    if (r->run_seats >> seat & 1) return false;
    r->run_seats |= 1u << seat;
    return true;
}

/* A line the game writes nothing for but tolerates (see the top): read and skipped, once
 * per seat in a row and never after an award of the batch. */
static bool tolerated(replay_t *r, const json_t *line, const char *type)
{
    game_line_t read, ending;
    int seat = -1;
    if (r->award_matched) return false;
    line_of_json(line, type, &read);
    const json_t *expected = r->expected[r->expected_head];
    line_of_json(expected, json_string_value(json_object_get(expected, "type")), &ending);
    if (!r->game->tolerated_line(r->state, &read, &ending)) return false;
    game_line_get_int(&read, "seat", &seat);
    return extend_run(r, type, seat);
}

/* The oldest expected line against the record's; a tolerated line waits for the next. */
static int check_expected(replay_t *r, const json_t *line, const char *type)
{
    const char *want = json_string_value(json_object_get(r->expected[r->expected_head], "type"));
    if (strcmp(want, type) != 0 && tolerated(r, line, type)) return 0;
    json_t *seat = json_object_get(line, "seat");
    int rc = compare_head(r, line, type);
    if (rc == 0) {
        r->award_matched |= strcmp(type, "award") == 0;
        extend_run(r, type, json_is_integer(seat) ? (int)json_integer_value(seat) : -1);
    }
    return rc;
}

/* Between hands of a match whose max_hands are played: the match_end the driver writes
 * for it is expected next. Returns 0, or a failure. */
static int end_cut_match(replay_t *r)
{
    game_events_t events = {.count = 1};
    events.item[0] = (game_event_t){.kind = GAME_EVENT_MATCH_END,
                                    .seat = (int8_t)match_leading_side(r->game, r->rules, r->state)};
    r->cut = true;
    return push_events(r, &events, false);
}

static bool is_cut_now(const replay_t *r)
{
    return !r->cut && r->max_hands > 0 && r->hands >= r->max_hands &&
           r->game->status(r->state) == GAME_BETWEEN_HANDS;
}

/* An award's or a hand_end's reason must be one of the game's pinned words (game_t's
 * award_words, hand_end_words): any other word is malformed, whatever the rules give. */
static int check_reason_word(replay_t *r, const json_t *line, const char *type)
{
    const char *const *words = !strcmp(type, "award")      ? r->game->award_words
                               : !strcmp(type, "hand_end") ? r->game->hand_end_words
                                                           : NULL;
    const char *reason = json_string_value(json_object_get(line, "reason"));
    if (!words || !reason || is_in_list(reason, words)) return 0; /* a missing reason: compare_head */
    char list[REPLAY_TEXT_SIZE];
    size_t used = 0;
    list[0] = '\0';
    for (int i = 0; words[i] && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "", words[i]);
    return fail(r, REPLAY_MALFORMED,
                "%s: reason \"%s\" is not a word of %s records (record-format.md, \"Pinned details\": %s)", type,
                reason, r->game->name, list);
}

/* One record line after the match line (see the algorithm at the top). */
static int replay_line(replay_t *r, const json_t *line, const char *type)
{
    int reason_rc = check_reason_word(r, line, type);
    if (reason_rc) return reason_rc;
    /* Each pass either returns or applies an unwritten move, which passes the turn on;
     * more passes than seats would mean an engine that never lets anyone move. */
    for (int pass = 0; pass <= GAME_MAX_SEATS; pass++) {
        int rc;
        if (has_expected(r)) return check_expected(r, line, type);
        if (is_cut_now(r)) {
            if ((rc = end_cut_match(r))) return rc;
            continue;
        }
        if (r->cut) return fail(r, REPLAY_DISAGREES, "a %s line after match_end", type);
        switch (r->game->status(r->state)) {
        case GAME_MATCH_OVER: return fail(r, REPLAY_DISAGREES, "a %s line after match_end", type);
        case GAME_BETWEEN_HANDS: rc = replay_deal(r, line, type); break;
        case GAME_IN_HAND: rc = replay_move(r, line, type); break;
        default: return fail(r, REPLAY_DISAGREES, "internal: unknown game status");
        }
        if (rc == REPLAY_AGAIN) continue;
        if (rc != 0) return rc;
        if (!has_expected(r)) return fail(r, REPLAY_DISAGREES, "%s: the rules record no event for this line", type);
        return check_expected(r, line, type);
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
    if (is_cut_now(r) && end_cut_match(r)) return REPLAY_DISAGREES;
    if (!has_expected(r) && r->cut) return 0;
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
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) free(r->agent_specs[seat]);
    free(r->preset);
    free(r->state);
    if (r->rules) r->game->rules_destroy(r->rules);
}

static void chomp(char *text, size_t *length)
{
    if (*length > 0 && text[*length - 1] == '\n') text[--*length] = '\0';
    if (*length > 0 && text[*length - 1] == '\r') text[--*length] = '\0';
}

int replay_stream_to(FILE *in, const char *name, match_sink_t *sink, replay_summary_t *summary, char *error,
                     size_t error_size)
{
    replay_t r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.sink = sink;
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

int replay_stream(FILE *in, const char *name, replay_summary_t *summary, char *error, size_t error_size)
{
    return replay_stream_to(in, name, NULL, summary, error, error_size);
}

int replay_file_to(const char *path, match_sink_t *sink, replay_summary_t *summary, char *error, size_t error_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        memset(summary, 0, sizeof *summary);
        summary->winner = -1;
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return REPLAY_MALFORMED;
    }
    int result = replay_stream_to(in, path, sink, summary, error, error_size);
    fclose(in);
    return result;
}

int replay_file(const char *path, replay_summary_t *summary, char *error, size_t error_size)
{
    return replay_file_to(path, NULL, summary, error, error_size);
}
