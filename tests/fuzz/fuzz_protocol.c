/* fuzz_protocol.c - libFuzzer harness for what an outside bot writes on its standard output
 * (agents/bot_reader.h): the reader that cuts it into lines, and the two answers read from
 * a line, bot_answer_move and bot_answer_hello.
 *
 * The first HEADER bytes set the reader up: byte 0 its max_line (1 to 96, so that long
 * lines are reached, or external.c's 1 MiB for 255), byte 1 the move count given to
 * bot_answer_move (-2 to 253) and the name buffer's size, bytes 2-5 the sizes of the
 * pieces the rest is pushed in, in turn (1 to 31 bytes, or 0: all the room there is). The
 * rest is what the bot wrote.
 *
 * Checked promises besides the sanitizers: the reader stays in step: its outcomes are, one
 * for one, those of a plain splitter over the whole input (split at '\n', a '\r' before it
 * taken off; longer than max_line: TOO_LONG, else holding a NUL: HAS_NUL, else blank:
 * nothing, else READY with the same bytes; an unfinished last line: TOO_LONG once it is
 * known too long), however the bytes were split; a READY line is NUL-terminated at its
 * length, holds no NUL or '\n' and is at most max_line bytes; there is room after
 * NEED_MORE; a cleared reader reads the next line whole. bot_answer_move gives -1 or an
 * index below count, and -1 for bytes with a NUL; bot_answer_hello writes a name of
 * printable ASCII within its buffer.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bot_reader.h"
#include "fuzz_support.h"

enum { HEADER = 6, PIECE_SIZES = 4, EXTERNAL_MAX_LINE = 1 << 20, NAME_MAX_SIZE = 20 };

typedef struct setup {
    size_t max_line;
    int count;
    size_t name_size;
    size_t piece[PIECE_SIZES];
} setup_t;

static setup_t read_setup(const uint8_t *header)
{
    setup_t s;
    s.max_line = header[0] == 255 ? EXTERNAL_MAX_LINE : 1 + (size_t)header[0] % 96;
    s.count = (int)header[1] - 2;
    s.name_size = header[1] % NAME_MAX_SIZE; /* 0 too: nothing may be written */
    for (int k = 0; k < PIECE_SIZES; k++) s.piece[k] = header[2 + k] % 32;
    return s;
}

/* ------------------------------------------------------------------ the plain splitter */

typedef struct splitter {
    const uint8_t *data;
    size_t size, at, max_line;
} splitter_t;

static bool is_blank(const uint8_t *text, size_t length)
{
    for (size_t i = 0; i < length; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r') return false;
    return true;
}

/* The next outcome of the whole input, NEED_MORE once there is none. */
static bot_line_t splitter_next(splitter_t *s, const uint8_t **line, size_t *length)
{
    while (s->at < s->size) {
        const uint8_t *begin = s->data + s->at;
        size_t left = s->size - s->at;
        const uint8_t *newline = memchr(begin, '\n', left);
        if (!newline) { /* unfinished: too long already, unless a "\r\n" may yet end it */
            s->at = s->size;
            bool over = left > s->max_line + 1 || (left == s->max_line + 1 && begin[left - 1] != '\r');
            return over ? BOT_LINE_TOO_LONG : BOT_LINE_NEED_MORE;
        }
        size_t bytes = (size_t)(newline - begin);
        s->at += bytes + 1;
        if (bytes > 0 && begin[bytes - 1] == '\r') bytes--;
        if (bytes > s->max_line) return BOT_LINE_TOO_LONG;
        if (memchr(begin, '\0', bytes)) return BOT_LINE_HAS_NUL;
        if (is_blank(begin, bytes)) continue;
        *line = begin;
        *length = bytes;
        return BOT_LINE_READY;
    }
    return BOT_LINE_NEED_MORE;
}

/* ------------------------------------------------------------------ the answers */

static void check_answers(const setup_t *s, const char *line, size_t length)
{
    int move = bot_answer_move(line, length, s->count);
    fuzz_require(move == -1 || (move >= 0 && move < s->count), "bot_answer_move: -1 or an index below count");
    if (memchr(line, '\0', length)) fuzz_require(move == -1, "bot_answer_move: bytes with a NUL are no answer");
    char name[NAME_MAX_SIZE + 1];
    memset(name, 'X', sizeof name);
    bot_answer_hello(line, length, 1, s->name_size ? name : NULL, s->name_size);
    fuzz_require(name[s->name_size] == 'X', "bot_answer_hello writes within its buffer");
    if (s->name_size == 0) return;
    fuzz_require(memchr(name, '\0', s->name_size) != NULL, "a name is NUL-terminated within its buffer");
    for (size_t i = 0; name[i]; i++) fuzz_require(name[i] >= 0x20 && name[i] < 0x7F, "a name is printable ASCII");
}

/* ------------------------------------------------------------------ the reader */

/* Takes every outcome the reader has, each checked against the splitter's next. */
static void drain(bot_reader_t *r, splitter_t *reference, const setup_t *s)
{
    for (;;) {
        const char *line;
        size_t length;
        bot_line_t got = bot_reader_next(r, &line, &length);
        if (got == BOT_LINE_NEED_MORE) return;
        const uint8_t *expected_line = NULL;
        size_t expected_length = 0;
        fuzz_require(got == splitter_next(reference, &expected_line, &expected_length),
                     "the reader's outcomes are the plain splitter's, in step");
        if (got != BOT_LINE_READY) continue;
        fuzz_require(line && line[length] == '\0' && !memchr(line, '\0', length) && !memchr(line, '\n', length),
                     "a READY line is NUL-terminated at its length, with no NUL or newline inside");
        fuzz_require(length <= s->max_line, "a READY line is at most max_line bytes");
        fuzz_require(length == expected_length && !memcmp(line, expected_line, length),
                     "a READY line is the bytes the bot wrote");
        check_answers(s, line, length);
    }
}

/* Pushes `size` bytes into the reader in the setup's pieces, reading after each one. */
static void push(bot_reader_t *r, const uint8_t *data, size_t size, const setup_t *s, splitter_t *reference)
{
    for (size_t done = 0, k = 0; done < size; k = (k + 1) % PIECE_SIZES) {
        size_t room;
        char *at = bot_reader_space(r, &room);
        fuzz_require(room >= 1, "room for a byte after NEED_MORE");
        size_t n = size - done;
        if (s->piece[k] && n > s->piece[k]) n = s->piece[k];
        if (n > room) n = room;
        memcpy(at, data + done, n);
        bot_reader_commit(r, n);
        done += n;
        drain(r, reference, s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER) return 0;
    setup_t s = read_setup(data);
    const uint8_t *bytes = data + HEADER;
    size_t length = size - HEADER;
    bot_reader_t r;
    if (bot_reader_init(&r, s.max_line) != 0) return 0; /* out of memory */
    splitter_t reference = {bytes, length, 0, s.max_line};
    push(&r, bytes, length, &s, &reference);
    const uint8_t *unused_line;
    size_t unused_length;
    fuzz_require(splitter_next(&reference, &unused_line, &unused_length) == BOT_LINE_NEED_MORE,
                 "the reader gave every outcome of the input");

    /* A restarted bot: nothing of the old one is read with its first answer. */
    static const uint8_t answer[] = "0\n";
    bot_reader_clear(&r);
    splitter_t fresh = {answer, sizeof answer - 1, 0, s.max_line};
    push(&r, answer, sizeof answer - 1, &s, &fresh);
    fuzz_require(splitter_next(&fresh, &unused_line, &unused_length) == BOT_LINE_NEED_MORE,
                 "a cleared reader reads the next line whole");
    bot_reader_free(&r);

    /* The answer parsers on the raw bytes too, NULs and newlines included. */
    check_answers(&s, (const char *)bytes, length);
    return 0;
}
