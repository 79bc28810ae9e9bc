/* bot_reader.c - see bot_reader.h.
 *
 * The buffer holds the line being read and nothing beyond what the caller pushed after it:
 * max_line bytes, the '\r' of a "\r\n" and the '\n' itself (max_line + 2). An unfinished
 * line is known to be too long once it holds max_line + 1 bytes, unless the last is a '\r'
 * that a '\n' may still end; then it is reported and dropped, and the reader drops what
 * follows up to the '\n' as it arrives. A line is judged only once whole (its length, then
 * a NUL byte in it), so its outcome does not depend on how its bytes were split.
 */
#include "bot_reader.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ lines */

int bot_reader_init(bot_reader_t *r, size_t max_line)
{
    *r = (bot_reader_t){0};
    if (max_line == 0 || max_line > SIZE_MAX - 2) return -1;
    r->buffer = malloc(max_line + 2);
    if (!r->buffer) return -1;
    r->max_line = max_line;
    return 0;
}

void bot_reader_free(bot_reader_t *r)
{
    free(r->buffer);
    *r = (bot_reader_t){0};
}

void bot_reader_clear(bot_reader_t *r)
{
    r->start = r->used = r->scanned = 0;
    r->skipping = false;
}

static size_t capacity(const bot_reader_t *r) { return r->max_line + 2; }

char *bot_reader_space(bot_reader_t *r, size_t *room)
{
    if (r->start > 0) { /* what was read is gone: the line in progress moves to the front */
        memmove(r->buffer, r->buffer + r->start, r->used - r->start);
        r->used -= r->start;
        r->start = 0;
    }
    *room = capacity(r) - r->used;
    return r->buffer + r->used;
}

void bot_reader_commit(bot_reader_t *r, size_t bytes)
{
    size_t room = capacity(r) - r->used;
    r->used += bytes < room ? bytes : room; /* more is the caller's error: stay in the buffer */
}

/* The next '\n' held, NULL if none; remembers how far it looked, so that a line pushed a
 * byte at a time is searched once, not once per byte. */
static char *find_newline(bot_reader_t *r)
{
    size_t held = r->used - r->start;
    char *newline = held > r->scanned ? memchr(r->buffer + r->start + r->scanned, '\n', held - r->scanned) : NULL;
    r->scanned = newline ? 0 : held;
    return newline;
}

/* Drops bytes up to where `end` points (a '\n', or the end of what is held). */
static void drop_to(bot_reader_t *r, const char *end)
{
    r->start = (size_t)(end - r->buffer);
    r->scanned = 0;
}

/* Drops the rest of a line reported too long: true once its '\n' is dropped too. */
static bool skip_rest(bot_reader_t *r)
{
    char *newline = find_newline(r);
    drop_to(r, newline ? newline + 1 : r->buffer + r->used);
    if (newline) r->skipping = false;
    return newline != NULL;
}

static bool unfinished_too_long(const bot_reader_t *r)
{
    size_t held = r->used - r->start;
    return held > r->max_line + 1 || (held == r->max_line + 1 && r->buffer[r->used - 1] != '\r');
}

/* JSON's white space, the '\n' aside: a line of it holds no answer. */
static bool is_blank(const char *text, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') return false;
    return true;
}

bot_line_t bot_reader_next(bot_reader_t *r, const char **line, size_t *length)
{
    *line = NULL;
    *length = 0;
    for (;;) {
        if (r->skipping && !skip_rest(r)) return BOT_LINE_NEED_MORE;
        char *begin = r->buffer + r->start, *newline = find_newline(r);
        if (!newline) {
            if (!unfinished_too_long(r)) return BOT_LINE_NEED_MORE;
            drop_to(r, r->buffer + r->used);
            r->skipping = true;
            return BOT_LINE_TOO_LONG;
        }
        drop_to(r, newline + 1); /* the bytes stay where they are until bot_reader_space */
        size_t size = (size_t)(newline - begin);
        if (size > 0 && begin[size - 1] == '\r') size--;
        /* Only a caller that pushed the whole line before asking sees it too long here. */
        if (size > r->max_line) return BOT_LINE_TOO_LONG;
        if (memchr(begin, '\0', size)) return BOT_LINE_HAS_NUL;
        if (is_blank(begin, size)) continue;
        begin[size] = '\0'; /* over its '\r' or '\n' */
        *line = begin;
        *length = size;
        return BOT_LINE_READY;
    }
}

/* ------------------------------------------------------------------ answers */

/* The line as one JSON object, NULL if it is not one. A NUL byte inside is refused before
 * jansson sees the bytes: read as a C string, the line would be its shorter prefix. */
static json_t *load_object(const char *line, size_t length, size_t flags)
{
    if (!line || memchr(line, '\0', length)) return NULL;
    json_t *value = json_loadb(line, length, JSON_REJECT_DUPLICATES | flags, NULL);
    if (value && !json_is_object(value)) {
        json_decref(value);
        value = NULL;
    }
    return value;
}

int bot_answer_move(const char *line, size_t length, int count)
{
    json_t *answer = load_object(line, length, 0);
    json_t *move = json_object_get(answer, "move");
    json_int_t index = json_is_integer(move) ? json_integer_value(move) : -1;
    json_decref(answer);
    return index >= 0 && index < count ? (int)index : -1;
}

/* Whether `value` is the string `word`, all of it: with JSON_ALLOW_NUL a "\u0000" may end
 * the C string early. */
static bool is_word(const json_t *value, const char *word)
{
    size_t length = strlen(word);
    return json_is_string(value) && json_string_length(value) == length && !memcmp(json_string_value(value), word, length);
}

/* Printable ASCII as it is, a '?' for any other character (a UTF-8 sequence, which jansson
 * has checked, is one character), cut to out_size - 1 bytes. */
static void copy_printable(const char *text, size_t length, char *out, size_t out_size)
{
    if (out_size == 0) return;
    size_t written = 0;
    for (size_t i = 0; i < length && written + 1 < out_size; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xC0) == 0x80) continue; /* a continuation byte: its character has its '?' */
        out[written++] = c >= 0x20 && c < 0x7F ? (char)c : '?';
    }
    out[written] = '\0';
}

bool bot_answer_hello(const char *line, size_t length, int protocol, char *name, size_t name_size)
{
    /* JSON_ALLOW_NUL: a "\u0000" in the name costs the bot a '?', not its start. */
    json_t *hello = load_object(line, length, JSON_ALLOW_NUL);
    json_t *bot_name = json_object_get(hello, "name"), *version = json_object_get(hello, "protocol");
    const char *text = json_string_value(bot_name);
    copy_printable(text ? text : "", json_string_length(bot_name), name, name_size);
    bool agreed = is_word(json_object_get(hello, "type"), "hello") && json_is_integer(version) &&
                  json_integer_value(version) == protocol;
    json_decref(hello);
    return agreed;
}
