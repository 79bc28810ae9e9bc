/* record.c - the record's line formatter and the writer sink (see record.h).
 *
 * Lines are built with a small appender over the caller's buffer that counts like
 * snprintf: it never writes past `size`, always terminates, and `length` is what the whole
 * line needs, so truncation is detected by comparing the two.
 */
#include "records/record.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- appender ---- */

typedef struct line {
    char *out;
    size_t size;
    size_t length; /* needed so far, may exceed size */
} line_t;

static void line_char(line_t *l, char c)
{
    if (l->length + 1 < l->size) l->out[l->length] = c;
    l->length++;
}

static void line_text(line_t *l, const char *text)
{
    while (*text) line_char(l, *text++);
}

static void line_printf(line_t *l, const char *format, ...)
{
    char buffer[64]; /* numbers and tile names only */
    va_list args;
    va_start(args, format);
    vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    line_text(l, buffer);
}

/* A JSON string: quotes, backslashes and control characters escaped; other bytes (UTF-8)
 * pass through. */
static void line_string(line_t *l, const char *text)
{
    line_char(l, '"');
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p == '"' || *p == '\\') {
            line_char(l, '\\');
            line_char(l, (char)*p);
        } else if (*p == '\n') {
            line_text(l, "\\n");
        } else if (*p == '\t') {
            line_text(l, "\\t");
        } else if (*p < 0x20) {
            line_printf(l, "\\u%04x", *p);
        } else {
            line_char(l, (char)*p);
        }
    }
    line_char(l, '"');
}

static size_t line_finish(line_t *l)
{
    if (l->size > 0) l->out[l->length < l->size ? l->length : l->size - 1] = '\0';
    return l->length;
}

static void line_int_or_null(line_t *l, int value)
{
    if (value < 0) line_text(l, "null");
    else line_printf(l, "%d", value);
}

static void line_int_array(line_t *l, const int *values, int count)
{
    line_char(l, '[');
    for (int i = 0; i < count; i++) {
        if (i > 0) line_char(l, ',');
        line_printf(l, "%d", values[i]);
    }
    line_char(l, ']');
}

static void line_tile(line_t *l, int tile)
{
    char name[TILESET_TILE_NAME_SIZE];
    if (tile < 0 || tile >= TILESET_MAX_TILES) line_text(l, "\"?\""); /* an engine bug; replay will flag it */
    else line_string(l, tileset_tile_name(tile, name));
}

static void line_tile_array(line_t *l, const uint8_t *tiles, int count)
{
    line_char(l, '[');
    for (int i = 0; i < count; i++) {
        if (i > 0) line_char(l, ',');
        line_tile(l, tiles[i]);
    }
    line_char(l, ']');
}

static int clamp(int value, int low, int high) { return value < low ? low : value > high ? high : value; }

/* ---- the match line ---- */

static void line_option(line_t *l, const game_t *game, const option_values_t *values, int index)
{
    const option_spec_t *spec = &game->options[index];
    int value = values->value[index];
    char text[OPTIONS_ERROR_SIZE];
    line_string(l, spec->key);
    line_char(l, ':');
    /* Numbers, booleans and lists are written directly so the line stays valid JSON whatever
     * words the option table uses; symbols go through the table's own spelling. */
    switch (spec->kind) {
    case OPTION_BOOL:
        line_text(l, value ? "true" : "false");
        break;
    case OPTION_INT:
        line_printf(l, "%d", value);
        break;
    case OPTION_INT_LIST:
        line_text(l, options_format_value(game->options, index, values, text, sizeof text));
        break;
    case OPTION_INT_OR_CHOICE:
        if (!option_is_symbol(value)) {
            line_printf(l, "%d", value);
            break;
        }
        /* fall through */
    case OPTION_CHOICE:
        line_string(l, options_format_value(game->options, index, values, text, sizeof text));
        break;
    }
}

static void line_options(line_t *l, const game_t *game, const option_values_t *values)
{
    line_char(l, '{');
    for (int i = 0; i < game->option_count; i++) {
        if (i > 0) line_char(l, ',');
        line_option(l, game, values, i);
    }
    line_char(l, '}');
}

size_t record_format_options(char *out, size_t out_size, const game_t *game, const option_values_t *values)
{
    line_t l = {out, out_size, 0};
    line_options(&l, game, values);
    return line_finish(&l);
}

size_t record_format_match(char *out, size_t out_size, const match_setup_t *setup)
{
    line_t l = {out, out_size, 0};
    const game_t *game = setup->game;
    line_text(&l, "{\"type\":\"match\",\"format\":");
    line_printf(&l, "%d", RECORD_FORMAT_VERSION);
    line_text(&l, ",\"game\":");
    line_string(&l, game->name);
    line_text(&l, ",\"preset\":");
    if (setup->preset) line_string(&l, setup->preset);
    else line_text(&l, "null");
    line_text(&l, ",\"options\":");
    line_options(&l, game, setup->values);
    line_printf(&l, ",\"seats\":%d,\"agents\":[", setup->seats);
    for (int s = 0; s < setup->seats; s++) {
        if (s > 0) line_char(&l, ',');
        line_string(&l, setup->agent_specs[s]);
    }
    line_printf(&l, "],\"seed\":%llu", (unsigned long long)setup->seed);
    /* Only a match cut short says so: every other record stays as it was. */
    if (setup->max_hands > 0) line_printf(&l, ",\"max_hands\":%d", setup->max_hands);
    line_char(&l, '}');
    return line_finish(&l);
}

/* ---- event lines ---- */

void record_format_init(record_format_t *fmt, const game_t *game, const game_rules_t *rules)
{
    memset(fmt, 0, sizeof *fmt);
    fmt->game = game;
    fmt->rules = rules;
}

static void line_begin(line_t *l, const char *type, int hand)
{
    line_text(l, "{\"type\":");
    line_string(l, type);
    line_printf(l, ",\"hand\":%d", hand);
}

static void format_deal(line_t *l, const record_format_t *fmt, const void *state)
{
    game_deal_t deal;
    memset(&deal, 0, sizeof deal);
    fmt->game->get_deal(state, &deal);
    int seats = clamp(deal.seats, 0, GAME_MAX_SEATS);
    line_begin(l, "deal", deal.hand_number);
    line_text(l, ",\"leader\":");
    line_int_or_null(l, deal.leader);
    line_text(l, ",\"hands\":[");
    for (int s = 0; s < seats; s++) {
        if (s > 0) line_char(l, ',');
        line_tile_array(l, deal.hand[s], clamp(deal.hand_size[s], 0, TILESET_MAX_BITS));
    }
    line_text(l, "],\"stock\":");
    line_tile_array(l, deal.stock, clamp(deal.stock_size, 0, TILESET_MAX_BITS));
    line_char(l, '}');
}

/* A line the game formats (game_t.event_line), in its field order after "type". */
static void line_game_line(line_t *l, const game_line_t *g)
{
    line_text(l, "{\"type\":");
    line_string(l, g->type);
    for (int i = 0; i < g->count; i++) {
        const game_line_field_t *field = &g->field[i];
        line_char(l, ',');
        line_string(l, field->key);
        line_char(l, ':');
        switch ((game_value_kind_t)field->kind) {
        case GAME_VALUE_INT: line_printf(l, "%d", field->number); break;
        case GAME_VALUE_BOOL: line_text(l, field->number ? "true" : "false"); break;
        case GAME_VALUE_NULL: line_text(l, "null"); break;
        case GAME_VALUE_WORD: line_string(l, field->word ? field->word : ""); break;
        case GAME_VALUE_TILE: line_tile(l, field->number); break;
        case GAME_VALUE_TILES: line_tile_array(l, field->tiles, field->count); break;
        }
    }
    line_char(l, '}');
}

static void format_award(line_t *l, const record_format_t *fmt, int hand, const game_event_t *event)
{
    line_begin(l, "award", hand);
    line_printf(l, ",\"to\":%d,\"points\":%d,\"reason\":", event->seat, event->points);
    line_string(l, game_reason_name(fmt->game, event->reason));
    line_char(l, '}');
}

static void format_hand_end(line_t *l, const record_format_t *fmt, int hand, const void *state,
                            const game_event_t *event)
{
    const game_t *game = fmt->game;
    int sides = clamp(game->side_count(fmt->rules), 0, GAME_MAX_SEATS);
    int seats = clamp(game->seat_count(fmt->rules), 0, GAME_MAX_SEATS);
    int pips[GAME_MAX_SEATS], scores[GAME_MAX_SEATS] = {0};
    for (int s = 0; s < seats; s++) pips[s] = game->pips_left(state, s);
    game->scores(state, scores);
    line_begin(l, "hand_end", hand);
    line_text(l, ",\"reason\":");
    line_string(l, game_reason_name(game, event->reason));
    line_text(l, ",\"winner\":");
    line_int_or_null(l, event->seat);
    line_text(l, ",\"points\":");
    line_int_array(l, fmt->hand_points, sides);
    line_text(l, ",\"pips_left\":");
    line_int_array(l, pips, seats);
    line_text(l, ",\"scores\":");
    line_int_array(l, scores, sides);
    line_char(l, '}');
}

static void format_match_end(line_t *l, const record_format_t *fmt, const void *state, const game_event_t *event)
{
    int sides = clamp(fmt->game->side_count(fmt->rules), 0, GAME_MAX_SEATS);
    int scores[GAME_MAX_SEATS] = {0};
    fmt->game->scores(state, scores);
    line_text(l, "{\"type\":\"match_end\",\"winner\":");
    line_int_or_null(l, event->seat);
    line_text(l, ",\"scores\":");
    line_int_array(l, scores, sides);
    line_char(l, '}');
}

/* The hand's award total is kept here, not in the engine, because "points" of hand_end is
 * defined by the record itself: the sum of the award lines since the deal line. */
static void tally_event(record_format_t *fmt, const game_event_t *event)
{
    if (event->kind == GAME_EVENT_DEAL) memset(fmt->hand_points, 0, sizeof fmt->hand_points);
    if (event->kind == GAME_EVENT_AWARD && event->seat >= 0 && event->seat < GAME_MAX_SEATS)
        fmt->hand_points[event->seat] += event->points;
}

int record_format_event(record_format_t *fmt, const void *state, const game_event_t *event, char *out,
                        size_t out_size)
{
    line_t l = {out, out_size, 0};
    int hand = fmt->game->hand_number(state);
    tally_event(fmt, event);
    switch ((game_event_kind_t)event->kind) {
    case GAME_EVENT_DEAL: format_deal(&l, fmt, state); break;
    case GAME_EVENT_AWARD: format_award(&l, fmt, hand, event); break;
    case GAME_EVENT_HAND_END: format_hand_end(&l, fmt, hand, state, event); break;
    case GAME_EVENT_MATCH_END: format_match_end(&l, fmt, state, event); break;
    default: { /* a move's line, or one of the game's own: the game's words */
        game_line_t line;
        int written = fmt->game->event_line(state, event, &line);
        if (written != 0) return written > 0 ? RECORD_NO_LINE : -1;
        line_game_line(&l, &line);
        break;
    }
    }
    size_t length = line_finish(&l);
    return length < out_size ? 0 : -1;
}

/* ---- the writer ---- */

static int writer_fail(record_writer_t *w, const char *reason)
{
    if (!w->failed) snprintf(w->error, sizeof w->error, "cannot write %s: %s", w->file.path, reason);
    w->failed = 1;
    return -1;
}

static int writer_put_line(record_writer_t *w, const char *text)
{
    errno = 0;
    if (fputs(text, w->file.stream) == EOF || fputc('\n', w->file.stream) == EOF)
        return writer_fail(w, errno ? strerror(errno) : "write error");
    return 0;
}

static int writer_on_start(void *context, const match_setup_t *setup)
{
    record_writer_t *w = context;
    if (w->failed) return -1;
    record_format_init(&w->format, setup->game, setup->rules);
    size_t length = record_format_match(NULL, 0, setup);
    char *text = malloc(length + 1);
    if (!text) return writer_fail(w, strerror(ENOMEM));
    record_format_match(text, length + 1, setup);
    int result = writer_put_line(w, text);
    free(text);
    return result;
}

static int writer_on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    record_writer_t *w = context;
    char text[RECORD_LINE_MAX];
    (void)setup;
    if (w->failed) return -1;
    int formatted = record_format_event(&w->format, state, event, text, sizeof text);
    if (formatted == RECORD_NO_LINE) return 0;
    if (formatted != 0) {
        char reason[64];
        snprintf(reason, sizeof reason, "cannot format event of kind %d", event->kind);
        return writer_fail(w, reason);
    }
    return writer_put_line(w, text);
}

int record_writer_open(record_writer_t *w, const char *path, char *error, size_t error_size)
{
    memset(w, 0, sizeof *w);
    return atomic_file_open(&w->file, path, error, error_size);
}

int record_writer_open_mode(record_writer_t *w, const char *path, mode_t mode, char *error, size_t error_size)
{
    memset(w, 0, sizeof *w);
    return atomic_file_open_mode(&w->file, path, mode, error, error_size);
}

match_sink_t record_writer_sink(record_writer_t *w)
{
    match_sink_t sink = {.context = w, .on_start = writer_on_start, .on_event = writer_on_event};
    return sink;
}

const char *record_writer_error(const record_writer_t *w) { return w->failed ? w->error : ""; }

int record_writer_end(record_writer_t *w, int result, char *error, size_t error_size)
{
    if (result == 1) snprintf(error, error_size, "%s", record_writer_error(w));
    bool played = result == 0;
    if (record_writer_finish(w, played, played ? error : NULL, played ? error_size : 0) && played) return -1;
    return result;
}

int record_writer_finish(record_writer_t *w, int ok, char *error, size_t error_size)
{
    if (ok && !w->failed) return atomic_file_commit(&w->file, error, error_size);
    atomic_file_abort(&w->file);
    if (!w->failed) return 0;
    snprintf(error, error_size, "%s", w->error);
    return -1;
}

int record_writer_close(record_writer_t *w, atomic_file_t *file, char *error, size_t error_size)
{
    if (w->failed) {
        atomic_file_abort(&w->file);
        snprintf(error, error_size, "%s", w->error);
        return -1;
    }
    if (atomic_file_close(&w->file, error, error_size)) return -1;
    *file = w->file;
    memset(&w->file, 0, sizeof w->file); /* *file owns the names now */
    return 0;
}
