/* bot_reader.h - what an outside bot writes on its standard output (docs/protocol.md: one
 * JSON object a line), cut into lines and read as answers. No file descriptor here: the
 * caller read()s into bot_reader_space, so the reader can be tested and fuzzed on bytes.
 *
 *     bot_reader_t r;                         // one buffer of max_line + 2 bytes, made here
 *     if (bot_reader_init(&r, 1 << 20)) ...   // out of memory
 *     for (;;) {
 *         bot_line_t got = bot_reader_next(&r, &line, &length);
 *         if (got == BOT_LINE_READY) { index = bot_answer_move(line, length, count); break; }
 *         if (got != BOT_LINE_NEED_MORE) { index = -1; break; } // the answer, malformed
 *         char *at = bot_reader_space(&r, &room);               // room >= 1 after a next
 *         bot_reader_commit(&r, read(fd, at, room));            // after checking read's result
 *     }
 *
 * A line ends at '\n'; a '\r' just before it is no part of it; its length is counted
 * without either. Whatever arrives, one line of the bot gives at most one outcome, and
 * pieces of one line are never read as another: the reader stays in step with the bot's
 * answers however its writes are split. Blank lines (only spaces, tabs and '\r', JSON's
 * white space) are skipped: they answer nothing, and a bot that writes one after its
 * answer must not have its next answer read for the decision after.
 */
#ifndef DOMINOLAB_BOT_READER_H
#define DOMINOLAB_BOT_READER_H

#include <stdbool.h>
#include <stddef.h>

/* The caller owns the struct; its fields are the reader's own. */
typedef struct bot_reader {
    char *buffer;    /* bytes [start, used) are held; max_line + 2 bytes */
    size_t max_line; /* the longest line read */
    size_t start, used;
    size_t scanned;  /* bytes from start known to hold no '\n' */
    bool skipping;   /* dropping the rest of a line reported too long, up to its '\n' */
} bot_reader_t;

typedef enum bot_line {
    BOT_LINE_READY,     /* *line (NUL-terminated) and *length: the next line */
    BOT_LINE_NEED_MORE, /* no complete line held: read more into bot_reader_space */
    BOT_LINE_HAS_NUL,   /* a whole line holding a NUL byte was dropped: a malformed answer */
    BOT_LINE_TOO_LONG   /* a line passed max_line bytes: reported once, as soon as it does;
                           its bytes up to its '\n' are dropped as they arrive */
} bot_line_t;

/* 0, or -1 when out of memory or max_line is 0 (the reader is then safe to free). */
int bot_reader_init(bot_reader_t *r, size_t max_line);
void bot_reader_free(bot_reader_t *r);
/* Forgets every byte held (the bot was restarted). */
void bot_reader_clear(bot_reader_t *r);
/* Where the next bytes go, and how many fit: at least 1 when bot_reader_next was called
 * since the last commit (each outcome takes bytes; NEED_MORE leaves at most max_line + 1).
 * Moves the bytes held, so a line read before is gone. */
char *bot_reader_space(bot_reader_t *r, size_t *room);
/* `bytes` (at most the room) were just written at bot_reader_space. */
void bot_reader_commit(bot_reader_t *r, size_t bytes);
/* The next outcome; a READY line stays valid until the next call of bot_reader_space,
 * _clear or _free. */
bot_line_t bot_reader_next(bot_reader_t *r, const char **line, size_t *length);

/* The move index of an answer {"move": N} (other members ignored) with 0 <= N < count;
 * -1 when it is not one JSON object, has duplicate keys or a NUL byte, or N is not an
 * integer in range. */
int bot_answer_move(const char *line, size_t length, int count);
/* Whether a line is the hello answer {"type":"hello","protocol":P,...} with P == protocol.
 * Writes the bot's "name" into name (name_size bytes, may be 0) in any case: printable
 * ASCII kept, each other character (a UTF-8 sequence counts as one) written '?', cut to
 * name_size - 1 bytes; "" when there is none or it is no string. */
bool bot_answer_hello(const char *line, size_t length, int protocol, char *name, size_t name_size);

#endif
