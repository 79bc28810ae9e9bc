/* game_line.h - one line of the game record (docs/record-format.md) as plain
 * data: the lines a game formats (its moves and its own lines, game_t.event_line) and
 * parses (its moves, game_t.line_move). sim/records turns a line into JSON and back, so
 * the engine needs no JSON library and a game never sees one.
 *
 * Keys and words point to static text, or into the parsed record while it is read.
 */
#ifndef DOMINOLAB_GAME_LINE_H
#define DOMINOLAB_GAME_LINE_H

#include <stdbool.h>
#include <stdint.h>

enum { GAME_LINE_MAX_FIELDS = 8, GAME_LINE_MAX_TILES = 16 };

typedef enum game_value_kind {
    GAME_VALUE_INT,
    GAME_VALUE_BOOL,
    GAME_VALUE_NULL,
    GAME_VALUE_WORD,  /* a string that is not a tile name */
    GAME_VALUE_TILE,  /* "a-b" */
    GAME_VALUE_TILES  /* an array of tile names */
} game_value_kind_t;

typedef struct game_line_field {
    const char *key;
    uint8_t kind;  /* game_value_kind_t */
    uint8_t count; /* TILES */
    int number;    /* INT, BOOL, TILE */
    const char *word;
    uint8_t tiles[GAME_LINE_MAX_TILES];
} game_line_field_t;

typedef struct game_line {
    const char *type; /* "play", "draw", ... */
    int count;
    game_line_field_t field[GAME_LINE_MAX_FIELDS];
} game_line_t;

/* Builders, in the order the fields are to be written. A field that does not fit is
 * dropped (lines stay far below the bounds). */
void game_line_start(game_line_t *line, const char *type);
void game_line_int(game_line_t *line, const char *key, int value);
void game_line_bool(game_line_t *line, const char *key, bool value);
void game_line_null(game_line_t *line, const char *key);
void game_line_word(game_line_t *line, const char *key, const char *word);
void game_line_tile(game_line_t *line, const char *key, int tile);
void game_line_tiles(game_line_t *line, const char *key, const uint8_t *tiles, int count);
struct game_event; /* game.h, which includes this header */
/* The lines the games write alike (record-format.md): `play` (hand, seat, tile, end but for
 * a lead, points), `pass` (hand, seat) and `draw` (hand, seat, tile) of a PLAY, PASS or
 * DRAW event. */
void game_line_play(game_line_t *line, int hand, const struct game_event *event);
void game_line_pass(game_line_t *line, int hand, const struct game_event *event);
void game_line_draw(game_line_t *line, int hand, const struct game_event *event);

/* Readers. The field named `key`, or NULL. */
const game_line_field_t *game_line_find(const game_line_t *line, const char *key);
/* An integer (INT or BOOL) field: 1 with *out set, 0 if absent or of another kind. */
int game_line_get_int(const game_line_t *line, const char *key, int *out);
/* A tile field: 1 with *out set, 0 if absent or of another kind. */
int game_line_get_tile(const game_line_t *line, const char *key, int *out);
/* Whether the line is of `type`. */
bool game_line_is(const game_line_t *line, const char *type);

#endif
