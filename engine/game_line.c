/* game_line.c - building and reading record lines as plain data (game_line.h). */
#include "game_line.h"

#include "game.h"

#include <string.h>

void game_line_start(game_line_t *line, const char *type)
{
    line->type = type;
    line->count = 0;
}

/* The next free field, or NULL when the line is full. */
static game_line_field_t *add_field(game_line_t *line, const char *key, game_value_kind_t kind)
{
    if (line->count >= GAME_LINE_MAX_FIELDS) return NULL;
    game_line_field_t *field = &line->field[line->count++];
    field->key = key;
    field->kind = (uint8_t)kind;
    field->count = 0;
    field->number = 0;
    field->word = NULL;
    return field;
}

void game_line_int(game_line_t *line, const char *key, int value)
{
    game_line_field_t *field = add_field(line, key, GAME_VALUE_INT);
    if (field) field->number = value;
}

void game_line_bool(game_line_t *line, const char *key, bool value)
{
    game_line_field_t *field = add_field(line, key, GAME_VALUE_BOOL);
    if (field) field->number = value;
}

void game_line_null(game_line_t *line, const char *key) { add_field(line, key, GAME_VALUE_NULL); }

void game_line_word(game_line_t *line, const char *key, const char *word)
{
    game_line_field_t *field = add_field(line, key, GAME_VALUE_WORD);
    if (field) field->word = word;
}

void game_line_tile(game_line_t *line, const char *key, int tile)
{
    game_line_field_t *field = add_field(line, key, GAME_VALUE_TILE);
    if (field) field->number = tile;
}

void game_line_tiles(game_line_t *line, const char *key, const uint8_t *tiles, int count)
{
    game_line_field_t *field = add_field(line, key, GAME_VALUE_TILES);
    if (!field) return;
    if (count > GAME_LINE_MAX_TILES) count = GAME_LINE_MAX_TILES;
    field->count = (uint8_t)count;
    memcpy(field->tiles, tiles, (size_t)count);
}

void game_line_play(game_line_t *line, int hand, const struct game_event *event)
{
    game_line_start(line, "play");
    game_line_int(line, "hand", hand);
    game_line_int(line, "seat", event->seat);
    game_line_tile(line, "tile", event->tile);
    if (event->end != GAME_NO_END) game_line_int(line, "end", event->end); /* the lead has no end */
    game_line_int(line, "points", event->points);
}

void game_line_pass(game_line_t *line, int hand, const struct game_event *event)
{
    game_line_start(line, "pass");
    game_line_int(line, "hand", hand);
    game_line_int(line, "seat", event->seat);
}

void game_line_draw(game_line_t *line, int hand, const struct game_event *event)
{
    game_line_start(line, "draw");
    game_line_int(line, "hand", hand);
    game_line_int(line, "seat", event->seat);
    game_line_tile(line, "tile", event->tile);
}

const game_line_field_t *game_line_find(const game_line_t *line, const char *key)
{
    for (int i = 0; i < line->count; i++)
        if (strcmp(line->field[i].key, key) == 0) return &line->field[i];
    return NULL;
}

int game_line_get_int(const game_line_t *line, const char *key, int *out)
{
    const game_line_field_t *field = game_line_find(line, key);
    if (!field || (field->kind != GAME_VALUE_INT && field->kind != GAME_VALUE_BOOL)) return 0;
    *out = field->number;
    return 1;
}

int game_line_get_tile(const game_line_t *line, const char *key, int *out)
{
    const game_line_field_t *field = game_line_find(line, key);
    if (!field || field->kind != GAME_VALUE_TILE) return 0;
    *out = field->number;
    return 1;
}

bool game_line_is(const game_line_t *line, const char *type) { return line->type && strcmp(line->type, type) == 0; }
