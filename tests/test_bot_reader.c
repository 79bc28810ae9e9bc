/* test_bot_reader.c - what an outside bot writes, as the harness reads it
 * (agents/bot_reader.h), and what the bot is told (agents/agent_json.h).
 *
 * The reader: a line in one-byte pieces and many lines in one piece give the same lines; a
 * line holding a NUL byte, or longer than the limit, is one fault and the next line is read
 * whole and in step (external.c once kept a line as a C string: a NUL made it drop part of
 * the line, and every later answer went to the decision after); "\r\n" endings; a line of
 * exactly the limit; blank lines; a reader cleared mid-line. Every case is pushed whole, a
 * byte at a time and in pieces of 2, 3 and 7 bytes, and must read alike.
 * The answers: bot_answer_move takes {"move": N} with N an integer in range and nothing
 * else; bot_answer_hello agrees only on the protocol asked and keeps a printable name.
 * What the bot is told (suite agent_json, here rather than in test_agents.c, which is
 * another module's): lacks names only tiles of the set in play (Partnership once listed
 * 2-7 ... 2-12 in its double-six game), and agent_distinct_moves offers each move once:
 * a tile that fits two like ends is one move (it was offered twice, "on end 0" and "on
 * end 1"), checked against the test's own reading of "the same outcome".
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "agent_json.h"
#include "bot_reader.h"
#include "games.h"
#include "test_support.h"

/* ------------------------------------------------------------------ the reader */

enum { MAX_OUTCOMES = 64, LINE_COPY = 128 };

/* What the reader made of some bytes: its outcomes but NEED_MORE, in order, with each
 * READY line copied. */
typedef struct outcomes {
    int count;
    bot_line_t kind[MAX_OUTCOMES];
    char line[MAX_OUTCOMES][LINE_COPY];
} outcomes_t;

/* Takes every outcome the reader has now, up to its NEED_MORE, checking what a READY line
 * promises: NUL-terminated at its length, no NUL or '\n' inside, not over the limit. */
static void drain(bot_reader_t *r, outcomes_t *out)
{
    for (;;) {
        const char *line;
        size_t length;
        bot_line_t kind = bot_reader_next(r, &line, &length);
        if (kind == BOT_LINE_NEED_MORE) return;
        REQUIRE(out->count < MAX_OUTCOMES, "more than %d outcomes", MAX_OUTCOMES);
        out->kind[out->count] = kind;
        out->line[out->count][0] = '\0';
        if (kind == BOT_LINE_READY) {
            REQUIRE(line && line[length] == '\0' && strlen(line) == length, "a READY line is its length, NUL-ended");
            REQUIRE(!memchr(line, '\n', length) && length <= r->max_line, "a READY line: no newline, within the limit");
            REQUIRE(length < LINE_COPY, "test lines are short");
            memcpy(out->line[out->count], line, length + 1);
        }
        out->count++;
    }
}

/* Pushes `size` bytes into a reader of `max_line` in pieces of `piece` bytes (0: all at
 * once, as far as the room allows), reading everything after each piece. */
static outcomes_t push(size_t max_line, const char *bytes, size_t size, size_t piece)
{
    bot_reader_t r;
    REQUIRE(bot_reader_init(&r, max_line) == 0, "bot_reader_init");
    outcomes_t out = {0};
    for (size_t done = 0; done < size;) {
        size_t room;
        char *at = bot_reader_space(&r, &room);
        REQUIRE(room >= 1, "no room after NEED_MORE");
        size_t n = size - done;
        if (piece && n > piece) n = piece;
        if (n > room) n = room;
        memcpy(at, bytes + done, n);
        bot_reader_commit(&r, n);
        done += n;
        drain(&r, &out);
    }
    bot_reader_free(&r);
    return out;
}

static const size_t pieces[] = {0, 1, 2, 3, 7};
enum { PIECE_COUNT = sizeof pieces / sizeof pieces[0] };

/* The outcomes of the bytes, the same however they are split. `expected` lists them:
 * "=TEXT" a READY line, "NUL", "LONG". */
static void expect(size_t max_line, const char *bytes, size_t size, const char *const *expected, int count)
{
    for (int p = 0; p < PIECE_COUNT; p++) {
        outcomes_t got = push(max_line, bytes, size, pieces[p]);
        REQUIRE(got.count == count, "pieces of %zu: %d outcomes, expected %d", pieces[p], got.count, count);
        for (int k = 0; k < count; k++) {
            const char *e = expected[k];
            bot_line_t want = e[0] == '=' ? BOT_LINE_READY : !strcmp(e, "NUL") ? BOT_LINE_HAS_NUL : BOT_LINE_TOO_LONG;
            REQUIRE(got.kind[k] == want, "pieces of %zu: outcome %d is %d, expected %s", pieces[p], k, got.kind[k], e);
            REQUIRE(want != BOT_LINE_READY || !strcmp(got.line[k], e + 1),
                    "pieces of %zu: line %d is \"%s\", expected \"%s\"", pieces[p], k, got.line[k], e + 1);
        }
    }
}

#define BYTES(literal) literal, sizeof literal - 1
#define EXPECT(max_line, literal, ...)                                                                                 \
    do {                                                                                                               \
        static const char *const expected_[] = {__VA_ARGS__};                                                          \
        expect(max_line, BYTES(literal), expected_, (int)(sizeof expected_ / sizeof expected_[0]));                     \
    } while (0)

START_TEST(split_writes_read_as_whole_lines)
{
    EXPECT(64, "{\"type\":\"move\",\"move\":1}\n", "={\"type\":\"move\",\"move\":1}");
    EXPECT(64, "{\"move\":0}\n{\"move\":1}\n{\"move\":2}\n", "={\"move\":0}", "={\"move\":1}", "={\"move\":2}");
    /* a line without its newline yet is no line */
    outcomes_t got = push(64, BYTES("{\"move\":0}\n{\"move\":"), 0);
    ck_assert_int_eq(got.count, 1);
    ck_assert_str_eq(got.line[0], "{\"move\":0}");
}
END_TEST

/* The bug of issue 51: a NUL cut the line short, the rest was read as the next answer. */
START_TEST(a_line_with_a_nul_is_one_fault_and_the_next_is_in_step)
{
    EXPECT(64, "{\"move\":0\0}\n{\"move\":2}\n", "NUL", "={\"move\":2}");
    EXPECT(64, "\0\n{\"move\":2}\n", "NUL", "={\"move\":2}");
    EXPECT(64, "{\"move\":1}\0{\"move\":0}\n{\"move\":2}\n{\"move\":3}\n", "NUL", "={\"move\":2}", "={\"move\":3}");
    EXPECT(64, "{\"move\":1}\0\r\n{\"move\":2}\r\n", "NUL", "={\"move\":2}");
}
END_TEST

START_TEST(a_line_too_long_is_one_fault_and_the_next_is_in_step)
{
    EXPECT(16, "{\"move\":1,\"pad\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}\n{\"move\":2}\n", "LONG", "={\"move\":2}");
    /* many times the limit, and a NUL inside: still one fault, reported as too long */
    EXPECT(8, "0123456789\0abcdefghijklmnopqrstuvwxyz0123456789abcdefghij\nok\n", "LONG", "=ok");
    /* one byte over, and over by a '\r' that no '\n' follows */
    EXPECT(8, "012345678\nok\n", "LONG", "=ok");
    EXPECT(8, "01234567\rx\nok\n", "LONG", "=ok");
    /* two long lines in a row, then a good one */
    EXPECT(4, "aaaaaaaaaa\nbbbbbbbbbbbbbbb\ncc\n", "LONG", "LONG", "=cc");
}
END_TEST

START_TEST(a_line_of_exactly_the_limit_is_read)
{
    EXPECT(8, "01234567\n", "=01234567");
    EXPECT(8, "01234567\r\n", "=01234567");
    EXPECT(8, "01234567\n89abcdef\n", "=01234567", "=89abcdef");
    EXPECT(1, "1\n2\r\n", "=1", "=2");
}
END_TEST

START_TEST(crlf_endings_are_taken_off)
{
    EXPECT(64, "{\"move\":1}\r\n{\"move\":2}\r\n", "={\"move\":1}", "={\"move\":2}");
    /* only the '\r' before the '\n': another is the line's */
    EXPECT(64, "a\r\r\nb\rc\n", "=a\r", "=b\rc");
}
END_TEST

START_TEST(blank_lines_are_skipped)
{
    EXPECT(64, "\n\r\n  \t \n{\"move\":1}\n\n{\"move\":2}\n", "={\"move\":1}", "={\"move\":2}");
    EXPECT(4, "      \nok\n", "LONG", "=ok"); /* blank, but too long: a fault like any */
    outcomes_t got = push(64, BYTES("\n\n\n"), 1);
    ck_assert_int_eq(got.count, 0);
}
END_TEST

/* A bot restarted: what the old one left of a line is forgotten, a long line's rest too. */
START_TEST(clear_forgets_the_line_in_progress)
{
    bot_reader_t r;
    ck_assert_int_eq(bot_reader_init(&r, 16), 0);
    outcomes_t out = {0};
    size_t room;
    static const char parts[][32] = {"{\"mo", "0123456789abcdefghijk", "{\"move\":3}\n"};
    for (int k = 0; k < 3; k++) {
        char *at = bot_reader_space(&r, &room);
        size_t n = strlen(parts[k]) < room ? strlen(parts[k]) : room;
        memcpy(at, parts[k], n);
        bot_reader_commit(&r, n);
        drain(&r, &out);
        if (k < 2) bot_reader_clear(&r);
    }
    ck_assert_int_eq(out.count, 2); /* the long line, then the new bot's answer whole */
    ck_assert_int_eq(out.kind[0], BOT_LINE_TOO_LONG);
    ck_assert_int_eq(out.kind[1], BOT_LINE_READY);
    ck_assert_str_eq(out.line[1], "{\"move\":3}");
    bot_reader_free(&r);
}
END_TEST

START_TEST(init_refuses_no_room_and_free_is_safe_after)
{
    bot_reader_t r;
    ck_assert_int_eq(bot_reader_init(&r, 0), -1);
    bot_reader_free(&r);
    ck_assert_int_eq(bot_reader_init(&r, 1 << 20), 0);
    size_t room;
    bot_reader_space(&r, &room);
    ck_assert_uint_ge(room, (size_t)(1 << 20) + 1);
    bot_reader_free(&r);
    bot_reader_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ the answers */

static int move_of(const char *line, size_t length, int count) { return bot_answer_move(line, length, count); }
#define MOVE(literal, count) move_of(BYTES(literal), count)

START_TEST(answer_move_takes_an_integer_in_range)
{
    ck_assert_int_eq(MOVE("{\"type\":\"move\",\"move\":2}", 3), 2);
    ck_assert_int_eq(MOVE("{\"move\":0}", 1), 0);
    ck_assert_int_eq(MOVE("  {\"move\" : 1 }  ", 2), 1);
    ck_assert_int_eq(MOVE("{\"move\":1,\"why\":[1,{\"a\":null}],\"type\":\"whatever\"}", 2), 1); /* others ignored */
    ck_assert_int_eq(MOVE("{\"move\":3}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":-1}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":2147483648}", 3), -1);          /* 2**31 */
    ck_assert_int_eq(MOVE("{\"move\":4294967297}", 3), -1);          /* 2**32 + 1: not 1 once cut to int */
    ck_assert_int_eq(MOVE("{\"move\":-4294967296}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":99999999999999999999}", 3), -1); /* beyond json_int_t */
    ck_assert_int_eq(MOVE("{\"move\":1.0}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":1e0}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":\"1\"}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":true}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":null}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":1,\"move\":1}", 3), -1); /* duplicate keys */
    ck_assert_int_eq(MOVE("{\"Move\":1}", 3), -1);
    ck_assert_int_eq(MOVE("[1]", 3), -1);
    ck_assert_int_eq(MOVE("1", 3), -1);
    ck_assert_int_eq(MOVE("", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":1} {\"move\":2}", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":1}x", 3), -1);
    ck_assert_int_eq(MOVE("{\"move\":1}", 0), -1);
    ck_assert_int_eq(MOVE("{\"move\":1}\0", 3), -1); /* a NUL inside the length */
    ck_assert_int_eq(move_of("{\"move\":1}", 8, 3), -1); /* the length given, not strlen: "{\"move\":" */
    ck_assert_int_eq(move_of(NULL, 0, 3), -1);
}
END_TEST

static bool hello_of(const char *line, size_t length, char *name, size_t name_size)
{
    return bot_answer_hello(line, length, 1, name, name_size);
}
#define HELLO(literal, name, size) hello_of(BYTES(literal), name, size)

START_TEST(answer_hello_agrees_on_the_protocol)
{
    char name[64];
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"my bot\",\"options\":[\"depth\"]}", name, sizeof name));
    ck_assert_str_eq(name, "my bot");
    ck_assert(HELLO("{\"protocol\":1,\"type\":\"hello\"}", name, sizeof name));
    ck_assert_str_eq(name, "");
    ck_assert(!HELLO("{\"type\":\"hello\",\"protocol\":2,\"name\":\"future\"}", name, sizeof name));
    ck_assert_str_eq(name, "future"); /* named even when refused, for the message */
    ck_assert(!HELLO("{\"type\":\"hello\",\"protocol\":\"1\"}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\",\"protocol\":1.0}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\",\"protocol\":4294967297}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\"}", name, sizeof name));
    ck_assert(!HELLO("{\"protocol\":1}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"move\",\"protocol\":1}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\\u0000\",\"protocol\":1}", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\",\"type\":\"hello\",\"protocol\":1,\"name\":\"twice\"}", name, sizeof name));
    ck_assert_str_eq(name, "");
    ck_assert(!HELLO("[\"hello\",1]", name, sizeof name));
    ck_assert(!HELLO("{\"type\":\"hello\",\"protocol\":1}\0", name, sizeof name));
}
END_TEST

START_TEST(answer_hello_keeps_a_printable_name)
{
    char name[64];
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"a\\tb\\u0001c\\u007f\\nd\"}", name, sizeof name));
    ck_assert_str_eq(name, "a?b?c??d");
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"caf\xC3\xA9 \\u2603 \xF0\x9F\x82\xA1!\"}", name,
                    sizeof name));
    ck_assert_str_eq(name, "caf? ? ?!"); /* one '?' a character, whatever its UTF-8 length */
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"a\\u0000b\"}", name, sizeof name));
    ck_assert_str_eq(name, "a?b");
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":42}", name, sizeof name));
    ck_assert_str_eq(name, "");
    char small[5];
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"abcdefgh\"}", small, sizeof small));
    ck_assert_str_eq(small, "abcd");
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\"}", small,
                    sizeof small));
    ck_assert_str_eq(small, "????");
    ck_assert(HELLO("{\"type\":\"hello\",\"protocol\":1,\"name\":\"abc\"}", NULL, 0));
}
END_TEST

/* ------------------------------------------------------------------ what the bot is told */

enum { MATCHES_PER_CASE = 3, PLY_LIMIT = 100000 };

typedef struct rules_case {
    const char *game, *preset, *overrides[2];
} rules_case_t;

/* Every preset of every game, and the Bergen sets above double-six. */
static const rules_case_t rules_cases[] = {
    {"bergen", "bergen", {NULL}},
    {"bergen", "bergen_classic", {"players=3"}},
    {"bergen", "bergen", {"set_max=9", "players=4"}},
    {"bergen", "bergen_classic", {"set_max=12", "players=3"}},
    {"double_bergen", "double_bergen", {"players=4"}},
    {"double_bergen", "double_bergen_12", {"players=3"}},
    {"partnership", "partnership", {NULL}},
    {"partnership", "doscientos", {NULL}},
    {"partnership", "doscientos_pases", {NULL}},
    {"partnership", "quinientos", {NULL}},
    {"partnership", "milo", {NULL}},
    {"partnership", "south_american", {NULL}},
    {"partnership", "great_lakes", {NULL}},
    {"bingo", "bingo", {NULL}},
};
enum { RULES_CASES = sizeof rules_cases / sizeof rules_cases[0] };

typedef struct table {
    const game_t *game;
    game_rules_t *rules;
    void *state;
    pcg32_t rng;
    int merged; /* moves agent_distinct_moves took for one offered before them */
} table_t;

static table_t open_table(const rules_case_t *c)
{
    table_t t = {game_find(c->game), NULL, NULL, {0}, 0};
    REQUIRE(t.game, "no game %s", c->game);
    int overrides = c->overrides[0] ? (c->overrides[1] ? 2 : 1) : 0;
    option_values_t values;
    char error[OPTIONS_ERROR_SIZE];
    REQUIRE(game_configure(t.game, c->preset, c->overrides, overrides, &values, error, sizeof error) == 0, "%s", error);
    REQUIRE(t.game->rules_create(&values, &t.rules, error, sizeof error) == 0, "%s", error);
    t.state = malloc(t.game->state_size);
    REQUIRE(t.state, "out of memory");
    pcg32_seed(&t.rng, 51, 7);
    return t;
}

static void close_table(table_t *t)
{
    free(t->state);
    t->game->rules_destroy(t->rules);
}

/* Plays MATCHES_PER_CASE random matches, calling `visit` at every position where a seat
 * decides (two moves or more). */
static void play_decisions(table_t *t, void (*visit)(table_t *t, const game_move_t *moves, int count))
{
    game_move_t moves[GAME_MAX_MOVES];
    for (int match = 0; match < MATCHES_PER_CASE; match++) {
        t->game->match_start(t->state, t->rules, 1000 + match);
        for (int ply = 0; t->game->status(t->state) != GAME_MATCH_OVER; ply++) {
            REQUIRE(ply < PLY_LIMIT, "a match that does not end");
            if (t->game->status(t->state) == GAME_BETWEEN_HANDS) {
                t->game->deal(t->state, NULL);
                continue;
            }
            int count = t->game->legal_moves(t->state, moves);
            if (count >= 2) visit(t, moves, count);
            t->game->apply(t->state, moves[pcg32_next(&t->rng) % (uint32_t)count], NULL);
        }
    }
}

/* A tile's index from its name "a-b". */
static int tile_of(const char *name)
{
    int low, high;
    REQUIRE(name && sscanf(name, "%d-%d", &low, &high) == 2 && 0 <= low && low <= high && high <= TILESET_MAX_NUMBER,
            "not a tile: %s", name ? name : "(null)");
    return tileset_index(low, high);
}

/* The set in play as the seat sees it: every tile is in its hand, on the table or unseen. */
static int highest_number_seen(const game_observation_t *o)
{
    tileset_t seen = tileset_or(o->hand, tileset_or(o->table, o->unseen));
    int highest = 0;
    while (!tileset_is_empty(seen)) {
        int tile = tileset_pop_lowest(&seen);
        if (tileset_high(tile) > highest) highest = tileset_high(tile);
    }
    return highest;
}

/* Each seat's lacks as told: exactly what the engine knows, within the set in play. */
static void check_lacks(table_t *t, const game_move_t *moves, int count)
{
    (void)moves;
    (void)count;
    for (int seat = 0; seat < t->game->seat_count(t->rules); seat++) {
        game_observation_t o;
        t->game->observe(t->state, seat, &o);
        tileset_t in_play = tileset_full(highest_number_seen(&o));
        json_t *observation = agent_observation_json(t->game, t->state, seat);
        json_t *lacks = json_object_get(observation, "lacks");
        REQUIRE(json_array_size(lacks) == (size_t)o.seats, "lacks: one list a seat");
        for (int other = 0; other < o.seats; other++) {
            tileset_t told = tileset_empty();
            json_t *list = json_array_get(lacks, other), *name;
            size_t k;
            json_array_foreach(list, k, name) tileset_add(&told, tile_of(json_string_value(name)));
            char text[8];
            REQUIRE(tileset_is_empty(tileset_minus(told, in_play)), "seat %d is told seat %d lacks %s, not of this set",
                    seat, other, tileset_tile_name(tileset_lowest(tileset_minus(told, in_play)), text));
            REQUIRE(tileset_equal(told, tileset_and(o.lacks[other], in_play)),
                    "seat %d is not told all seat %d is known to lack", seat, other);
        }
        json_decref(observation);
    }
}

START_TEST(lacks_names_only_tiles_of_the_set)
{
    table_t t = open_table(&rules_cases[_i]);
    play_decisions(&t, check_lacks);
    close_table(&t);
}
END_TEST

static json_t *words_of(const table_t *t, game_move_t move)
{
    json_t *words = agent_move_json(t->game, t->state, t->game->to_move(t->state), move, 0);
    json_object_del(words, "index");
    return words;
}

static bool is_placement(game_move_t move) { return move.kind == GAME_MOVE_PLAY && move.end != GAME_NO_END; }

/* The ends as a multiset of (number, double, open), as counts per kind. */
static void count_ends(const game_ends_t *ends, int counts[TILESET_MAX_NUMBER + 2][2][2])
{
    memset(counts, 0, sizeof(int[TILESET_MAX_NUMBER + 2][2][2]));
    for (int e = 0; e < ends->count; e++) counts[ends->number[e] + 1][ends->is_double[e] != 0][ends->open[e] != 0]++;
}

/* Whether two placements of one tile leave the seat the same game: the same points, and
 * after each the same hand, scores, seat to move, table and ends (in any order). */
static bool same_outcome(const table_t *t, int seat, game_move_t a, game_move_t b)
{
    if (a.tile != b.tile || t->game->move_points(t->state, seat, a) != t->game->move_points(t->state, seat, b))
        return false;
    void *after[2] = {malloc(t->game->state_size), malloc(t->game->state_size)};
    REQUIRE(after[0] && after[1], "out of memory");
    game_observation_t o[2];
    int counts[2][TILESET_MAX_NUMBER + 2][2][2], scores[2][GAME_MAX_SEATS];
    const game_move_t move[2] = {a, b};
    for (int k = 0; k < 2; k++) {
        memcpy(after[k], t->state, t->game->state_size);
        t->game->apply(after[k], move[k], NULL);
        t->game->observe(after[k], seat, &o[k]);
        count_ends(&o[k].ends, counts[k]);
        t->game->scores(after[k], scores[k]);
        free(after[k]);
    }
    return tileset_equal(o[0].hand, o[1].hand) && tileset_equal(o[0].table, o[1].table) &&
           o[0].to_move == o[1].to_move && memcmp(scores[0], scores[1], sizeof(int) * (size_t)o[0].sides) == 0 &&
           memcmp(counts[0], counts[1], sizeof counts[0]) == 0;
}

/* Whether the protocol should offer a and b as one move: placements with the same outcome,
 * or other moves it says alike. */
static bool alike(const table_t *t, game_move_t a, game_move_t b)
{
    int seat = t->game->to_move(t->state);
    if (is_placement(a) || is_placement(b)) return is_placement(a) && is_placement(b) && same_outcome(t, seat, a, b);
    json_t *words_a = words_of(t, a), *words_b = words_of(t, b);
    bool same = json_equal(words_a, words_b);
    json_decref(words_a);
    json_decref(words_b);
    return same;
}

/* What agent_distinct_moves promises: the offered moves are in order and unlike, and every
 * move is like exactly one offered at or before it. */
static void check_offered(table_t *t, const game_move_t *moves, int count, const int *offered, int kinds)
{
    REQUIRE(kinds >= 1 && kinds <= count, "%d moves offered of %d", kinds, count);
    for (int k = 0; k < kinds; k++) REQUIRE(offered[k] >= 0 && offered[k] < count, "offered[%d] out of range", k);
    for (int k = 1; k < kinds; k++) REQUIRE(offered[k - 1] < offered[k], "offered out of order");
    REQUIRE(offered[0] == 0, "the first move is offered");
    for (int i = 0; i < count; i++) {
        int same = 0, first = -1;
        for (int k = 0; k < kinds; k++)
            if (alike(t, moves[i], moves[offered[k]])) {
                same++;
                if (first < 0) first = offered[k];
            }
        char text[96];
        t->game->move_text(moves[i], text, sizeof text);
        REQUIRE(same == 1 && first <= i, "move %d (%s): like %d offered moves, the first at %d", i, text, same, first);
    }
    t->merged += count - kinds;
}

/* In real play: the promise holds, and in the games of ends a tile that fits two like ends
 * is offered once (every double lead makes such ends). */
static void check_distinct(table_t *t, const game_move_t *moves, int count)
{
    int offered[GAME_MAX_MOVES];
    int kinds = agent_distinct_moves(t->game, t->state, t->game->to_move(t->state), moves, count, offered);
    check_offered(t, moves, count, offered, kinds);
}

START_TEST(distinct_moves_in_play)
{
    table_t t = open_table(&rules_cases[_i]);
    play_decisions(&t, check_distinct);
    if (strcmp(rules_cases[_i].game, "bingo") != 0)
        ck_assert_msg(t.merged > 0, "%s: no twin placement was ever merged", rules_cases[_i].preset);
    close_table(&t);
}
END_TEST

/* A list with moves said twice: each is offered once, where it first comes. */
START_TEST(distinct_moves_offers_each_once)
{
    table_t t = open_table(&rules_cases[0]);
    game_move_t moves[GAME_MAX_MOVES];
    t.game->match_start(t.state, t.rules, 5);
    t.game->deal(t.state, NULL);
    int count = t.game->legal_moves(t.state, moves);
    ck_assert_int_ge(count, 1);
    game_move_t draw = {GAME_MOVE_DRAW, 0, 0, 0}, pass = {GAME_MOVE_PASS, 0, 0, 0};
    const game_move_t list[] = {moves[0], draw, moves[0], pass, draw, moves[0], pass};
    int offered[7];
    int kinds = agent_distinct_moves(t.game, t.state, t.game->to_move(t.state), list, 7, offered);
    ck_assert_int_eq(kinds, 3);
    ck_assert_int_eq(offered[0], 0);
    ck_assert_int_eq(offered[1], 1);
    ck_assert_int_eq(offered[2], 3);
    check_offered(&t, list, 7, offered, kinds);
    ck_assert_int_eq(agent_distinct_moves(t.game, t.state, 0, list, 0, offered), 0);
    close_table(&t);
}
END_TEST

/* ------------------------------------------------------------------ the suites */

static Suite *bot_reader_suite(void)
{
    Suite *suite = suite_create("bot_reader");
    TCase *lines = tcase_create("lines");
    tcase_add_test(lines, split_writes_read_as_whole_lines);
    tcase_add_test(lines, a_line_with_a_nul_is_one_fault_and_the_next_is_in_step);
    tcase_add_test(lines, a_line_too_long_is_one_fault_and_the_next_is_in_step);
    tcase_add_test(lines, a_line_of_exactly_the_limit_is_read);
    tcase_add_test(lines, crlf_endings_are_taken_off);
    tcase_add_test(lines, blank_lines_are_skipped);
    tcase_add_test(lines, clear_forgets_the_line_in_progress);
    tcase_add_test(lines, init_refuses_no_room_and_free_is_safe_after);
    suite_add_tcase(suite, lines);
    TCase *answers = tcase_create("answers");
    tcase_add_test(answers, answer_move_takes_an_integer_in_range);
    tcase_add_test(answers, answer_hello_agrees_on_the_protocol);
    tcase_add_test(answers, answer_hello_keeps_a_printable_name);
    suite_add_tcase(suite, answers);
    return suite;
}

static Suite *agent_json_suite(void)
{
    Suite *suite = suite_create("agent_json");
    TCase *told = tcase_create("what the bot is told");
    tcase_add_loop_test(told, lacks_names_only_tiles_of_the_set, 0, RULES_CASES);
    tcase_add_loop_test(told, distinct_moves_in_play, 0, RULES_CASES);
    tcase_add_test(told, distinct_moves_offers_each_once);
    suite_add_tcase(suite, told);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(bot_reader_suite());
    srunner_add_suite(runner, agent_json_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
