/* view_timeline.c - a match as the viewer shows it, one frame per move (view_timeline.h). */
#include "view_timeline.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records/record.h"
#include "view.h"

enum { VIEW_ARM_MAX = 64, VIEW_MESSAGE_SIZE = 512 };

struct view_timeline {
    view_annotation_setup_t annotation;
    const match_setup_t *setup; /* valid while the match is played, not after */
    const game_t *game;
    char title[512];            /* the default one: "Bergen, 2 players: random v greedy" */
    record_format_t format;
    int layout; /* game_layout_kind_t, known from the first deal */
    json_t *root, *hands, *frames, *frame, *held, *last_trick, *result;
    bool frame_shown; /* the current frame has its position (a move with no event has none yet) */
    /* The table of a line or spinner game, from its play lines: the lead's two numbers, and
     * each arm's tiles outwards as (inner, outer). */
    bool has_lead;
    int lead[2];
    int arm_length[GAME_MAX_ENDS];
    int arm[GAME_MAX_ENDS][VIEW_ARM_MAX][2];
    agent_t *agents[GAME_MAX_SEATS];
    bool in_points;       /* the annotating agent's values are points: its costs get labels */
    double threshold[3];  /* the least cost, in points, of an inaccuracy, a mistake, a blunder */
    int annotated; /* decisions annotated so far */
    bool failed;
    char message[VIEW_MESSAGE_SIZE];
};

/* ------------------------------------------------------------------ small JSON helpers */

static void __attribute__((format(printf, 2, 3))) fail(view_timeline_t *t, const char *format, ...)
{
    if (!t->failed) {
        va_list list;
        va_start(list, format);
        vsnprintf(t->message, sizeof t->message, format, list);
        va_end(list);
    }
    t->failed = true;
}

static void set(view_timeline_t *t, json_t *object, const char *key, json_t *value)
{
    if (!value || json_object_set_new(object, key, value)) fail(t, "out of memory");
}

static void append(view_timeline_t *t, json_t *array, json_t *value)
{
    if (!value || json_array_append_new(array, value)) fail(t, "out of memory");
}

static json_t *int_array(const int *values, int count)
{
    json_t *array = json_array();
    for (int i = 0; array && i < count; i++)
        if (json_array_append_new(array, json_integer(values[i]))) {
            json_decref(array);
            return NULL;
        }
    return array;
}

static json_t *tile_names(tileset_t tiles)
{
    json_t *array = json_array();
    char name[TILESET_TILE_NAME_SIZE];
    while (array && !tileset_is_empty(tiles))
        if (json_array_append_new(array, json_string(tileset_tile_name(tileset_pop_lowest(&tiles), name)))) {
            json_decref(array);
            return NULL;
        }
    return array;
}

/* A value of a move as JSON: null where the agent gave none. */
static json_t *value_json(double value) { return isfinite(value) ? json_real(value) : json_null(); }

/* ------------------------------------------------------------------ the match */

/* "Bergen, 2 players: random v greedy" */
static void default_title(const match_setup_t *setup, char *out, size_t size)
{
    const char *name = setup->game->title ? setup->game->title : setup->game->name;
    size_t used = (size_t)snprintf(out, size, "%s, %d players:", name, setup->seats);
    for (int seat = 0; seat < setup->seats && used < size; seat++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", seat ? " v " : " ", setup->agent_specs[seat]);
}

static int on_start(void *context, const match_setup_t *setup)
{
    view_timeline_t *t = context;
    const game_t *game = setup->game;
    t->setup = setup;
    t->game = game;
    default_title(setup, t->title, sizeof t->title);
    record_format_init(&t->format, game, setup->rules);
    char options[RECORD_LINE_MAX];
    record_format_options(options, sizeof options, game, setup->values);
    int side_of_seat[GAME_MAX_SEATS];
    json_t *agents = json_array();
    if (!agents) fail(t, "out of memory");
    for (int seat = 0; seat < setup->seats; seat++) {
        side_of_seat[seat] = game->side_of_seat(setup->rules, seat);
        if (agents) append(t, agents, json_string(setup->agent_specs[seat]));
    }
    int sides = game->side_count(setup->rules);
    set(t, t->root, "viewer", json_integer(VIEW_DATA_VERSION));
    set(t, t->root, "game", json_string(game->name));
    set(t, t->root, "game_title", json_string(game->title ? game->title : game->name));
    set(t, t->root, "preset", setup->preset ? json_string(setup->preset) : json_null());
    set(t, t->root, "options", json_loads(options, 0, NULL));
    set(t, t->root, "seats", json_integer(setup->seats));
    set(t, t->root, "sides", json_integer(sides));
    set(t, t->root, "side_of_seat", int_array(side_of_seat, setup->seats));
    set(t, t->root, "teams", json_boolean(sides < setup->seats));
    set(t, t->root, "agents", agents);
    set(t, t->root, "seed", json_integer((json_int_t)setup->seed));
    set(t, t->root, "lower_score_wins", json_boolean(game_score_sign(game, setup->rules) < 0));
    return 0;
}

/* What a move's cost is called, the least cost of each as a share of the match's target:
 * a slip worth 2% of the way to the target, a mistake 5%, a blunder 10% (docs/viewer.md). */
static const char *const cost_labels[] = {"inaccuracy", "mistake", "blunder"};
static const double cost_shares[] = {0.02, 0.05, 0.10};

/* The label of a decision: "best" where the move played is the agent's own choice or
 * worth as much; else by the thresholds where the values are points, "other" where not. */
static const char *cost_label(const view_timeline_t *t, bool agrees, double cost)
{
    if (agrees || (isfinite(cost) && cost <= 1e-9)) return "best";
    if (!t->in_points || !isfinite(cost)) return "other";
    const char *label = "good";
    for (int k = 0; k < 3; k++)
        if (cost >= t->threshold[k]) label = cost_labels[k];
    return label;
}

/* The thresholds of the labels, in points, from the match's target. */
static json_t *thresholds_json(view_timeline_t *t, const void *state)
{
    game_observation_t obs;
    t->game->observe(state, 0, &obs);
    json_t *thresholds = json_object();
    for (int k = 0; thresholds && k < 3; k++) {
        t->threshold[k] = cost_shares[k] * (obs.target > 0 ? obs.target : 1);
        set(t, thresholds, cost_labels[k], json_real(t->threshold[k]));
    }
    return thresholds;
}

/* The agents that annotate, made once the rules are known: each seat's own, seeded as the
 * match seeds its players, so a page is the same every time it is made. */
static void make_annotators(view_timeline_t *t, const void *state)
{
    const match_setup_t *setup = t->setup;
    json_t *seats = json_array();
    if (!seats) fail(t, "out of memory");
    for (int seat = 0; seat < setup->seats && !t->failed; seat++) {
        if (t->annotation.seats && !(t->annotation.seats & (1u << seat))) continue;
        char error[VIEW_MESSAGE_SIZE];
        uint64_t seed = match_agent_seed(match_replay_seed(setup->seed, 0), seat);
        const agent_levels_t *levels = t->annotation.levels;
        if (!levels) levels = agent_levels_builtin_for(t->game->name);
        if (agent_create(t->annotation.spec, levels, t->game, setup->rules, seat, seed, &t->agents[seat],
                         error, sizeof error)) {
            fail(t, "--annotate %s: %s", t->annotation.spec, error);
            break;
        }
        append(t, seats, json_integer(seat));
    }
    const char *measure = NULL;
    for (int seat = 0; seat < setup->seats && !measure; seat++)
        if (t->agents[seat]) {
            measure = agent_value_measure(t->agents[seat]);
            t->in_points = agent_values_in_points(t->agents[seat]);
        }
    json_t *annotation = json_object();
    if (!annotation) {
        json_decref(seats);
        fail(t, "out of memory");
        return;
    }
    set(t, annotation, "agent", json_string(t->annotation.spec));
    set(t, annotation, "measure", measure ? json_string(measure) : json_null());
    set(t, annotation, "seats", seats);
    set(t, annotation, "unit", t->in_points ? json_string("points") : json_null());
    set(t, annotation, "thresholds", t->in_points ? thresholds_json(t, state) : json_null());
    set(t, t->root, "annotation", annotation);
}

/* Where the hand's line or arms stand: the lead and the tiles outwards. */
static json_t *line_table(view_timeline_t *t, const game_ends_t *ends)
{
    json_t *table = json_object(), *arms = json_array();
    if (!table || !arms) {
        json_decref(table);
        json_decref(arms);
        return NULL;
    }
    int numbers[GAME_MAX_ENDS], open[GAME_MAX_ENDS];
    for (int end = 0; end < ends->count; end++) {
        json_t *arm = json_array();
        for (int k = 0; arm && k < t->arm_length[end]; k++) append(t, arm, int_array(t->arm[end][k], 2));
        append(t, arms, arm);
        numbers[end] = ends->number[end];
        open[end] = ends->open[end];
    }
    set(t, table, "lead", t->has_lead ? int_array(t->lead, 2) : json_null());
    set(t, table, "arms", arms);
    set(t, table, "ends", int_array(numbers, ends->count));
    json_t *open_array = json_array();
    for (int end = 0; open_array && end < ends->count; end++) append(t, open_array, json_boolean(open[end]));
    set(t, table, "open", open_array);
    return table;
}

/* The table of a trick game: trump, stock, the trick in play, the last trick, captures. */
static json_t *trick_table(view_timeline_t *t, const game_observation_t *obs)
{
    const game_tricks_t *tricks = &obs->tricks;
    json_t *table = json_object(), *trick = json_array(), *won = json_array(), *shown = json_array();
    if (!table || !trick || !won || !shown) {
        json_decref(table);
        json_decref(trick);
        json_decref(won);
        json_decref(shown);
        return NULL;
    }
    char name[TILESET_TILE_NAME_SIZE];
    set(t, table, "trump", json_integer(tricks->trump));
    json_t *face_up = tricks->face_up >= 0 ? json_string(tileset_tile_name(tricks->face_up, name)) : json_null();
    set(t, table, "face_up", face_up);
    set(t, table, "closed", json_boolean(tricks->closed));
    if (tricks->led >= 0) {
        json_t *lead = json_object();
        if (lead) {
            set(t, lead, "seat", json_integer(tricks->leader));
            set(t, lead, "tile", json_string(tileset_tile_name(tricks->led, name)));
        }
        append(t, trick, lead);
    }
    set(t, table, "trick", trick);
    set(t, table, "last_trick", t->last_trick ? json_incref(t->last_trick) : json_null());
    for (int side = 0; side < obs->sides; side++) append(t, won, tile_names(tricks->won[side]));
    set(t, table, "won", won);
    set(t, table, "hand_points", int_array(tricks->hand_points, obs->sides));
    for (int seat = 0; seat < obs->seats; seat++) append(t, shown, tile_names(tricks->shown[seat]));
    set(t, table, "shown", shown);
    return table;
}

/* The position after the current step, into the current frame; `obs` is what any seat
 * observes of `state` (the public part is all it reads). */
static void show_position(view_timeline_t *t, const void *state, const game_observation_t *obs)
{
    const game_t *game = t->game;
    int scores[GAME_MAX_SEATS];
    game->scores(state, scores);
    set(t, t->frame, "hands", json_deep_copy(t->held));
    set(t, t->frame, "stock", json_integer(obs->stock_size));
    set(t, t->frame, "scores", int_array(scores, obs->sides));
    set(t, t->frame, "to_move", json_integer(game->status(state) == GAME_IN_HAND ? game->to_move(state) : -1));
    set(t, t->frame, "table", obs->layout_kind == GAME_LAYOUT_TRICK ? trick_table(t, obs) : line_table(t, &obs->ends));
    t->frame_shown = true;
}

static void start_frame(view_timeline_t *t, int seat, const char *move)
{
    t->frame = json_object();
    if (!t->frame || json_array_append_new(t->frames, t->frame)) {
        t->frame = NULL;
        fail(t, "out of memory");
        return;
    }
    set(t, t->frame, "ply", json_integer((json_int_t)json_array_size(t->frames) - 1));
    set(t, t->frame, "seat", json_integer(seat));
    set(t, t->frame, "move", move ? json_string(move) : json_null());
    set(t, t->frame, "points", json_integer(0));
    set(t, t->frame, "lines", json_array());
    set(t, t->frame, "annotation", json_null());
    t->frame_shown = false;
}

/* A new hand: its entry, frame 0, the seats' tiles and an empty table. */
static void start_hand(view_timeline_t *t, const void *state, const json_t *deal_line)
{
    if (!t->hands) {
        game_observation_t obs;
        t->game->observe(state, 0, &obs);
        t->layout = obs.layout_kind;
        static const char *const layout_names[] = {"line", "spinner", "trick"};
        set(t, t->root, "layout", json_string(layout_names[t->layout]));
        t->hands = json_array();
        set(t, t->root, "hands", t->hands);
        if (t->annotation.spec) make_annotators(t, state);
        if (t->failed) return;
    }
    json_t *hand = json_object();
    t->frames = json_array();
    if (!hand || !t->frames || json_array_append_new(t->hands, hand)) {
        json_decref(t->frames);
        t->frames = NULL;
        fail(t, "out of memory");
        return;
    }
    set(t, hand, "hand", json_integer(t->game->hand_number(state)));
    set(t, hand, "void", json_false());
    set(t, hand, "frames", t->frames);
    json_decref(t->held);
    t->held = json_deep_copy(json_object_get(deal_line, "hands"));
    if (!t->held) fail(t, "out of memory");
    json_decref(t->last_trick);
    t->last_trick = NULL;
    t->has_lead = false;
    memset(t->arm_length, 0, sizeof t->arm_length);
    start_frame(t, -1, NULL);
}

/* Removes one copy of `tile` from a seat's tiles (copies of a tile are alike). */
static void remove_tile(json_t *tiles, const char *tile)
{
    size_t i;
    json_t *value;
    json_array_foreach(tiles, i, value) if (!strcmp(json_string_value(value), tile))
    {
        json_array_remove(tiles, i);
        return;
    }
}

/* What a play, draw or trick line changes on the table the timeline keeps itself. */
static void follow_line(view_timeline_t *t, const game_observation_t *obs, const game_event_t *event,
                        const json_t *line)
{
    const char *type = json_string_value(json_object_get(line, "type"));
    const char *tile = json_string_value(json_object_get(line, "tile"));
    json_t *tiles = json_array_get(t->held, (size_t)event->seat);
    if (!strcmp(type, "play") && tiles && tile) {
        remove_tile(tiles, tile);
        set(t, t->frame, "points", json_integer(event->points));
        if (t->layout == GAME_LAYOUT_TRICK) return;
        if (event->end == GAME_NO_END) {
            t->has_lead = true;
            t->lead[0] = tileset_low(event->tile);
            t->lead[1] = tileset_high(event->tile);
        } else if (event->end < GAME_MAX_ENDS && t->arm_length[event->end] < VIEW_ARM_MAX) {
            int *placed = t->arm[event->end][t->arm_length[event->end]++];
            placed[1] = obs->ends.number[event->end];
            placed[0] = tileset_other_side(event->tile, placed[1]);
        }
    } else if (!strcmp(type, "draw") && tiles && tile) {
        append(t, tiles, json_string(tile));
    } else if (!strcmp(type, "trick")) {
        json_decref(t->last_trick);
        t->last_trick = json_deep_copy(line);
    } else if (!strcmp(type, "hand_end") && (event->flags & GAME_EVENT_VOID)) {
        set(t, json_array_get(t->hands, json_array_size(t->hands) - 1), "void", json_true());
    } else if (!strcmp(type, "match_end")) {
        json_decref(t->result);
        t->result = json_deep_copy(line);
    }
}

/* The players' words beside a line's record words: `reason_words` for an award's or a hand
 * end's reason, `why` for what the game says of points credited. */
static void explain_line(view_timeline_t *t, const void *state, const game_event_t *event, json_t *line)
{
    if (event->kind == GAME_EVENT_AWARD || event->kind == GAME_EVENT_HAND_END)
        set(t, line, "reason_words", json_string(game_reason_words(t->game, event->reason)));
    if ((event->kind != GAME_EVENT_PLAY || !event->points) && event->kind != GAME_EVENT_AWARD) return;
    char why[256];
    game_points_words(t->game, state, event, why, sizeof why);
    if (why[0]) set(t, line, "why", json_string(why));
}

static int on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    (void)setup;
    view_timeline_t *t = context;
    if (t->failed) return 0;
    char text[RECORD_LINE_MAX];
    int rc = record_format_event(&t->format, state, event, text, sizeof text);
    json_t *line = rc == 0 ? json_loads(text, 0, NULL) : NULL;
    if (rc == 0 && !line) fail(t, "a record line the viewer could not read back");
    if (event->kind == GAME_EVENT_DEAL) start_hand(t, state, line);
    if (!t->frame || t->failed) {
        json_decref(line);
        return 0;
    }
    game_observation_t obs;
    t->game->observe(state, 0, &obs);
    if (line) {
        follow_line(t, &obs, event, line);
        explain_line(t, state, event, line);
        append(t, json_object_get(t->frame, "lines"), line);
    }
    show_position(t, state, &obs);
    return 0;
}

/* What the annotating agent makes of the decision about to be taken. */
static json_t *annotate(view_timeline_t *t, agent_t *agent, const void *state, game_move_t played)
{
    game_move_t moves[GAME_MAX_MOVES], chosen;
    double values[GAME_MAX_MOVES];
    int count = t->game->legal_moves(state, moves);
    if (count < 2) return NULL; /* nothing was decided */
    bool valued = agent_choose_valued(agent, state, moves, count, values, &chosen);
    json_t *annotation = json_object(), *list = json_array();
    if (!annotation || !list) {
        json_decref(annotation);
        json_decref(list);
        fail(t, "out of memory");
        return NULL;
    }
    int played_index = -1, bot_index = -1;
    for (int i = 0; i < count; i++) {
        char text[64];
        t->game->move_text(moves[i], text, sizeof text);
        json_t *entry = json_object();
        if (entry) {
            set(t, entry, "move", json_string(text));
            set(t, entry, "value", valued ? value_json(values[i]) : json_null());
            if (moves[i].kind == GAME_MOVE_PLAY) { /* where the viewer draws the bot's choice */
                char name[TILESET_TILE_NAME_SIZE];
                set(t, entry, "tile", json_string(tileset_tile_name(moves[i].tile, name)));
                if (moves[i].end != GAME_NO_END) set(t, entry, "end", json_integer(moves[i].end));
            }
        }
        append(t, list, entry);
        if (game_move_equal(moves[i], played)) played_index = i;
        if (game_move_equal(moves[i], chosen)) bot_index = i;
    }
    set(t, annotation, "seat", json_integer(t->game->to_move(state)));
    set(t, annotation, "moves", list);
    set(t, annotation, "played", json_integer(played_index));
    set(t, annotation, "bot", json_integer(bot_index));
    double cost = valued && played_index >= 0 && bot_index >= 0 ? values[bot_index] - values[played_index] : NAN;
    set(t, annotation, "cost", value_json(cost));
    set(t, annotation, "label", json_string(cost_label(t, played_index == bot_index, cost)));
    t->annotated++;
    if (t->annotation.on_annotated) t->annotation.on_annotated(t->annotation.context, t->annotated);
    return annotation;
}

static int on_move(void *context, const match_setup_t *setup, const void *state, game_move_t move)
{
    (void)setup;
    view_timeline_t *t = context;
    if (t->failed || !t->frames) return 0;
    if (t->frame && !t->frame_shown) { /* the last move made no line */
        game_observation_t obs;
        t->game->observe(state, 0, &obs);
        show_position(t, state, &obs);
    }
    char text[64];
    t->game->move_text(move, text, sizeof text);
    int seat = t->game->to_move(state);
    agent_t *agent = seat >= 0 && seat < GAME_MAX_SEATS ? t->agents[seat] : NULL;
    json_t *annotation = agent ? annotate(t, agent, state, move) : NULL;
    start_frame(t, seat, text);
    if (annotation && t->frame) set(t, t->frame, "annotation", annotation);
    else json_decref(annotation);
    return 0;
}

/* ------------------------------------------------------------------ the timeline */

view_timeline_t *view_timeline_create(const view_annotation_setup_t *annotation)
{
    view_timeline_t *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->root = json_object();
    if (!t->root) {
        free(t);
        return NULL;
    }
    if (annotation) t->annotation = *annotation;
    set(t, t->root, "annotation", json_null());
    return t;
}

void view_timeline_destroy(view_timeline_t *timeline)
{
    if (!timeline) return;
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) agent_destroy(timeline->agents[seat]);
    json_decref(timeline->root);
    json_decref(timeline->held);
    json_decref(timeline->last_trick);
    json_decref(timeline->result);
    free(timeline);
}

match_sink_t view_timeline_sink(view_timeline_t *timeline)
{
    return (match_sink_t){.context = timeline, .on_start = on_start, .on_event = on_event, .on_move = on_move};
}

json_t *view_timeline_json(view_timeline_t *t, const char *source, const char *title, char *error, size_t error_size)
{
    if (!t->failed && (!t->game || !t->hands || !t->result)) fail(t, "the record holds no complete match");
    if (!t->failed) {
        set(t, t->root, "title", json_string(title ? title : t->title));
        set(t, t->root, "source", json_string(source));
        json_t *result = json_object();
        if (result) {
            set(t, result, "winner", json_incref(json_object_get(t->result, "winner")));
            set(t, result, "scores", json_incref(json_object_get(t->result, "scores")));
        }
        set(t, t->root, "result", result);
    }
    if (t->failed) {
        snprintf(error, error_size, "%s", t->message);
        return NULL;
    }
    return json_incref(t->root);
}
