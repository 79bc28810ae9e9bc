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

static json_t *observation_json(const game_t *game, const void *state, const game_observation_t *observed)
{
    game_observation_t o = *observed;
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

json_t *agent_observation_json(const game_t *game, const void *state, int seat)
{
    game_observation_t o;
    game->observe(state, seat, &o);
    return observation_json(game, state, &o);
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

/* Whether end a sorts after end b: by number, then double, then open. */
static bool end_after(const game_ends_t *ends, int a, int b)
{
    if (ends->number[a] != ends->number[b]) return ends->number[a] > ends->number[b];
    if (ends->is_double[a] != ends->is_double[b]) return ends->is_double[a] > ends->is_double[b];
    return ends->open[a] > ends->open[b];
}

/* The ends in a fixed order, without who placed each: the same for a tile placed on either
 * of two like ends. */
static void forget_end_order(game_ends_t *ends)
{
    for (int i = 1; i < ends->count; i++)
        for (int j = i; j > 0 && end_after(ends, j - 1, j); j--) {
            int8_t number = ends->number[j];
            uint8_t is_double = ends->is_double[j], open = ends->open[j];
            ends->number[j] = ends->number[j - 1], ends->is_double[j] = ends->is_double[j - 1];
            ends->open[j] = ends->open[j - 1];
            ends->number[j - 1] = number, ends->is_double[j - 1] = is_double, ends->open[j - 1] = open;
        }
    memset(ends->placer, -1, sizeof ends->placer);
}

/* What the seat sees after a placement, up to the order of the ends and who placed each:
 * no rule scores an end by its place in the list or by its placer (Partnership keeps
 * placers only to tell them), so two placements with the same outcome are one move. NULL
 * when out of memory. */
static char *outcome_after(const game_t *game, const void *state, int seat, game_move_t move, void *scratch)
{
    memcpy(scratch, state, game->state_size); /* plain data but for its rules (game.h) */
    game->apply(scratch, move, NULL);
    game_observation_t o;
    game->observe(scratch, seat, &o);
    if (o.layout_kind != GAME_LAYOUT_TRICK) forget_end_order(&o.ends);
    json_t *observation = observation_json(game, scratch, &o);
    char *outcome = observation ? json_dumps(observation, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(observation);
    return outcome;
}

static bool is_placement(game_move_t move) { return move.kind == GAME_MOVE_PLAY && move.end != GAME_NO_END; }

/* What the protocol says of a move but its number, and for a placement its end (which
 * outcome_after weighs instead). NULL when out of memory. */
static json_t *move_words(const game_t *game, const void *state, int seat, game_move_t move)
{
    json_t *words = agent_move_json(game, state, seat, move, 0);
    if (!words || json_object_del(words, "index") != 0 ||
        (is_placement(move) && (json_object_del(words, "end") != 0 || json_object_del(words, "text") != 0))) {
        json_decref(words);
        return NULL;
    }
    return words;
}

typedef struct offer {
    json_t *words;
    char *outcome; /* a placement's outcome_after, once asked for */
} offer_t;

/* Whether move (said by words) is the offered move o; -1 when out of memory. */
static int same_move(const game_t *game, const void *state, int seat, void *scratch, game_move_t move,
                     json_t *words, char **outcome, game_move_t offered_move, offer_t *o)
{
    if (!json_equal(words, o->words)) return 0;
    if (!is_placement(move)) return 1;
    if (!*outcome && !(*outcome = outcome_after(game, state, seat, move, scratch))) return -1;
    if (!o->outcome && !(o->outcome = outcome_after(game, state, seat, offered_move, scratch))) return -1;
    return strcmp(*outcome, o->outcome) == 0;
}

int agent_distinct_moves(const game_t *game, const void *state, int seat, const game_move_t *moves, int count,
                         int *offered)
{
    size_t n = count > 0 ? (size_t)count : 1;
    offer_t *offers = calloc(n, sizeof *offers);
    void *scratch = malloc(game->state_size);
    int kinds = 0;
    bool out_of_memory = !offers || !scratch;
    for (int i = 0; i < count && !out_of_memory; i++) {
        json_t *words = move_words(game, state, seat, moves[i]);
        char *outcome = NULL;
        out_of_memory = !words;
        int same = 0;
        for (int k = 0; k < kinds && !out_of_memory && !same; k++) {
            same = same_move(game, state, seat, scratch, moves[i], words, &outcome, moves[offered[k]], &offers[k]);
            out_of_memory = same < 0;
        }
        if (out_of_memory || same) {
            json_decref(words);
            free(outcome);
            continue;
        }
        offers[kinds] = (offer_t){words, outcome};
        offered[kinds++] = i;
    }
    for (int k = 0; k < kinds; k++) json_decref(offers[k].words), free(offers[k].outcome);
    free(offers);
    free(scratch);
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
