/* agent_json.c - the JSON of agent_json.h. */
#include "agent_json.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static json_t *tile_list(tileset_t tiles)
{
    json_t *list = json_array();
    char name[TILESET_TILE_NAME_SIZE];
    while (!tileset_is_empty(tiles)) json_array_append_new(list, json_string(tileset_tile_name(tileset_pop_lowest(&tiles), name)));
    return list;
}

static json_t *int_list(const int *values, int count)
{
    json_t *list = json_array();
    for (int k = 0; k < count; k++) json_array_append_new(list, json_integer(values[k]));
    return list;
}

static json_t *tile_or_null(int tile)
{
    char name[TILESET_TILE_NAME_SIZE];
    return tile >= 0 ? json_string(tileset_tile_name(tile, name)) : json_null();
}

/* The table: a line's ends or a spinner's arms, or the trick game's state. */
static json_t *table_json(const game_observation_t *o)
{
    if (o->layout_kind == GAME_LAYOUT_TRICK) {
        const game_tricks_t *t = &o->tricks;
        json_t *won = json_array(), *shown = json_array();
        for (int side = 0; side < o->sides; side++) json_array_append_new(won, tile_list(t->won[side]));
        for (int seat = 0; seat < o->seats; seat++) json_array_append_new(shown, tile_list(t->shown[seat]));
        return json_pack("{s:s, s:i, s:o, s:b, s:i, s:o, s:o, s:o, s:o}", "kind", "tricks", "trump", t->trump, "face_up",
                         tile_or_null(t->face_up), "closed", t->closed, "leader", t->leader, "led", tile_or_null(t->led),
                         "won", won, "shown", shown, "hand_points", int_list(t->hand_points, o->sides));
    }
    json_t *ends = json_array();
    for (int e = 0; e < o->ends.count; e++)
        json_array_append_new(ends, json_pack("{s:i, s:b, s:b, s:i}", "number", o->ends.number[e], "double",
                                              o->ends.is_double[e], "open", o->ends.open[e], "placer",
                                              o->ends.placer[e]));
    return json_pack("{s:s, s:o}", "kind", o->layout_kind == GAME_LAYOUT_LINE ? "line" : "spinner", "ends", ends);
}

/* A fact's value as JSON: a number, or the list of numbers of a GAME_FACT_NUMBERS set. */
static json_t *fact_value(const game_fact_t *fact, int32_t value)
{
    if (fact->kind != GAME_FACT_NUMBERS) return json_integer(value);
    json_t *numbers = json_array();
    for (int n = 0; n <= TILESET_MAX_NUMBER; n++)
        if ((uint32_t)value >> n & 1) json_array_append_new(numbers, json_integer(n));
    return numbers;
}

/* The game's own facts (game_t.facts), each under its name: a value, or a list per seat. */
static void add_facts(json_t *observation, const game_t *game, const game_observation_t *o)
{
    for (int i = 0; i < game->fact_count; i++) {
        const game_fact_t *fact = &game->facts[i];
        int at = game_fact_at(game, fact->name);
        json_t *value = fact->per_seat ? json_array() : fact_value(fact, o->facts[at]);
        for (int s = 0; fact->per_seat && s < o->seats; s++)
            json_array_append_new(value, fact_value(fact, o->facts[at + s]));
        json_object_set_new(observation, fact->name, value);
    }
}

/* The highest number of the set in play: the rules' `set_max`; a game without that option
 * plays double-six (Partnership, Bingo: docs/rules/). */
static int highest_number(const game_t *game, const void *state)
{
    const game_rules_t *rules;
    memcpy(&rules, state, sizeof rules); /* a state begins with its rules (game.h) */
    int option = options_find(game->options, game->option_count, "set_max");
    int highest = option >= 0 ? game_rules_values(rules)->value[option] : 6;
    return highest >= 0 && highest <= TILESET_MAX_NUMBER ? highest : TILESET_MAX_NUMBER;
}

json_t *agent_observation_json(const game_t *game, const void *state, int seat)
{
    game_observation_t o;
    game->observe(state, seat, &o);
    /* A game may note a lack by a whole suit of the double-twelve table (Partnership does:
     * 2-7 ... 2-12 in a double-six game); a bot is told only tiles of the set in play. */
    tileset_t in_play = tileset_full(highest_number(game, state));
    json_t *lacks = json_array();
    for (int s = 0; s < o.seats; s++) json_array_append_new(lacks, tile_list(tileset_and(o.lacks[s], in_play)));
    json_t *observation = json_pack(
        "{s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:o, s:i, s:o, s:o, s:i, s:i, s:o, s:i, s:o, s:o, s:o, s:o, s:o}",
        "seat", o.seat, "seats", o.seats, "sides", o.sides, "hand_number", o.hand_number, "to_move", o.to_move,
        "target", o.target, "side_of_seat", int_list(o.side_of_seat, o.seats), "score", int_list(o.score, o.sides),
        "score_sign", o.score_sign, "hand", tile_list(o.hand), "hand_size", int_list(o.hand_size, o.seats),
        "stock_size", o.stock_size, "stock_drawable", o.stock_drawable, "table", tile_list(o.table), "table_count",
        o.table_count, "unseen", tile_list(o.unseen), "lacks", lacks, "draws", int_list(o.draws, o.seats), "passes",
        int_list(o.passes, o.seats), "layout", table_json(&o));
    add_facts(observation, game, &o);
    return observation;
}

static const char *const move_kind_names[] = {"play", "draw", "pass", "end_turn", "choice", "close", "meld"};

json_t *agent_move_json(const game_t *game, const void *state, int seat, game_move_t move, int index)
{
    char text[96], name[TILESET_TILE_NAME_SIZE];
    game->move_text(move, text, sizeof text);
    json_t *m = json_pack("{s:i, s:s, s:s, s:i}", "index", index, "kind",
                          move.kind < sizeof move_kind_names / sizeof move_kind_names[0] ? move_kind_names[move.kind] : "?",
                          "text", text, "points", game->move_points(state, seat, move));
    if (move.kind == GAME_MOVE_PLAY) {
        json_object_set_new(m, "tile", json_string(tileset_tile_name(move.tile, name)));
        json_object_set_new(m, "end", move.end == GAME_NO_END ? json_null() : json_integer(move.end));
    } else if (move.kind == GAME_MOVE_CHOICE) {
        json_object_set_new(m, "decision", json_integer(move.end));
        json_object_set_new(m, "answer", json_integer(move.extra));
    } else if (move.kind == GAME_MOVE_MELD) {
        tileset_t doubles = tileset_empty();
        for (int n = 0; n < 8; n++)
            if (move.extra >> n & 1) tileset_add(&doubles, tileset_index(n, n));
        json_object_set_new(m, "doubles", tile_list(doubles));
    }
    return m;
}

int agent_distinct_moves(const game_t *game, const void *state, int seat, const game_move_t *moves, int count,
                         int *offered)
{
    json_t **said = malloc((count > 0 ? (size_t)count : 1) * sizeof *said); /* what each offered move says */
    if (!said) return -1;
    int kinds = 0;
    bool out_of_memory = false;
    for (int i = 0; i < count && !out_of_memory; i++) {
        json_t *words = agent_move_json(game, state, seat, moves[i], 0);
        out_of_memory = !words || json_object_del(words, "index") != 0;
        int k = 0;
        while (!out_of_memory && k < kinds && !json_equal(said[k], words)) k++;
        if (out_of_memory || k < kinds) {
            json_decref(words);
            continue;
        }
        said[kinds] = words;
        offered[kinds++] = i;
    }
    for (int k = 0; k < kinds; k++) json_decref(said[k]);
    free(said);
    return out_of_memory ? -1 : kinds;
}

/* A record line's fields as JSON. */
static json_t *line_json(const game_line_t *line)
{
    json_t *object = json_pack("{s:s}", "type", line->type);
    char name[TILESET_TILE_NAME_SIZE];
    for (int k = 0; k < line->count; k++) {
        const game_line_field_t *f = &line->field[k];
        json_t *value;
        switch (f->kind) {
        case GAME_VALUE_INT: value = json_integer(f->number); break;
        case GAME_VALUE_BOOL: value = json_boolean(f->number); break;
        case GAME_VALUE_WORD: value = json_string(f->word); break;
        case GAME_VALUE_TILE: value = json_string(tileset_tile_name(f->number, name)); break;
        case GAME_VALUE_TILES:
            value = json_array();
            for (int t = 0; t < f->count; t++) json_array_append_new(value, json_string(tileset_tile_name(f->tiles[t], name)));
            break;
        default: value = json_null(); break;
        }
        json_object_set_new(object, f->key, value);
    }
    return object;
}

json_t *agent_public_event_json(const game_t *game, const void *state, const game_event_t *event, int seat)
{
    int hand = game->hand_number(state);
    switch (event->kind) {
    case GAME_EVENT_DEAL: return json_pack("{s:s, s:i, s:i}", "type", "deal", "hand", hand, "starter", event->seat);
    case GAME_EVENT_AWARD:
        return json_pack("{s:s, s:i, s:i, s:i, s:s}", "type", "award", "hand", hand, "to", event->seat, "points",
                         event->points, "reason", game_reason_name(game, event->reason));
    case GAME_EVENT_HAND_END:
        return json_pack("{s:s, s:i, s:i, s:s}", "type", "hand_end", "hand", hand, "winner", event->seat, "reason",
                         game_reason_name(game, event->reason));
    case GAME_EVENT_MATCH_END: return json_pack("{s:s, s:i}", "type", "match_end", "winner", event->seat);
    default: break;
    }
    game_line_t line;
    if (game->event_line(state, event, &line) != 0) return NULL;
    json_t *object = line_json(&line);
    if (event->kind == GAME_EVENT_DRAW && event->seat != seat) json_object_set_new(object, "tile", json_null());
    return object;
}
