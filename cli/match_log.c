/* match_log.c - the readable log of a match (match_log.h). */
#include "match_log.h"

#include <stdint.h>

static void print_tiles(FILE *out, const uint8_t *tiles, int count)
{
    char name[TILESET_TILE_NAME_SIZE];
    for (int k = 0; k < count; k++) fprintf(out, " %s", tileset_tile_name(tiles[k], name));
}

static void print_ends(FILE *out, const game_t *game, const void *state)
{
    game_observation_t view;
    game->observe(state, 0, &view);
    if (view.layout_kind != GAME_LAYOUT_LINE && view.layout_kind != GAME_LAYOUT_SPINNER) return;
    fprintf(out, "ends");
    for (int e = 0; e < view.ends.count; e++) {
        if (view.ends.number[e] < 0) continue;
        /* '*' marks a crosswise double at an end, as the rules' test vectors write it; the
         * bare opening double is shown plainly (6|6). */
        fprintf(out, "%s%d%s", e ? (view.layout_kind == GAME_LAYOUT_LINE ? "|" : " ") : " ", view.ends.number[e],
                view.ends.is_double[e] && view.table_count > 1 ? "*" : "");
    }
}

/* Trick games (Bingo) place tiles into tricks, not onto a layout. */
static bool is_trick_game(const game_t *game, const void *state)
{
    game_observation_t view;
    game->observe(state, 0, &view);
    return view.layout_kind == GAME_LAYOUT_TRICK;
}

static void print_hand_points(FILE *out, const game_t *game, const void *state)
{
    game_observation_t view;
    game->observe(state, 0, &view);
    for (int side = 0; side < view.sides; side++) fprintf(out, " %d", view.tricks.hand_points[side]);
}

/* Sides are teams when there are fewer sides than seats (Partnership); a game whose sides
 * are its seats prints as it always did. */
static bool has_teams(const match_setup_t *setup)
{
    return setup->game->side_count(setup->rules) < setup->seats;
}

static void print_scores(FILE *out, const match_setup_t *setup, const void *state)
{
    const game_t *game = setup->game;
    int sides = game->side_count(setup->rules);
    int scores[GAME_MAX_SEATS];
    game->scores(state, scores);
    fprintf(out, "scores");
    for (int k = 0; k < sides; k++)
        if (has_teams(setup)) fprintf(out, "%s team %d %d", k ? "," : "", k, scores[k]);
        else fprintf(out, " %d", scores[k]);
}

/* "team 1 (seats 1 and 3: random, greedy)": the seats and agents of a team. */
static void print_team(FILE *out, const match_setup_t *setup, int side)
{
    int members[GAME_MAX_SEATS], count = 0;
    for (int seat = 0; seat < setup->seats; seat++)
        if (setup->game->side_of_seat(setup->rules, seat) == side) members[count++] = seat;
    fprintf(out, "team %d (seat%s", side, count > 1 ? "s" : "");
    for (int k = 0; k < count; k++) fprintf(out, "%s %d", k == 0 ? "" : k == count - 1 ? " and" : ",", members[k]);
    fprintf(out, ":");
    for (int k = 0; k < count; k++) fprintf(out, "%s %s", k ? "," : "", setup->agent_specs[members[k]]);
    fprintf(out, ")");
}

static int log_start(void *context, const match_setup_t *setup)
{
    match_log_t *log = context;
    if (log->quiet) return 0;
    fprintf(log->out, "%s, preset %s, %d players, seed %llu", setup->game->name, setup->preset ? setup->preset : "(none)",
            setup->seats, (unsigned long long)setup->seed);
    if (setup->series_state) fprintf(log->out, ", match %d between these players", setup->series_match + 1);
    if (setup->max_hands == 1) fprintf(log->out, ", first hand only");
    else if (setup->max_hands > 1) fprintf(log->out, ", first %d hands only", setup->max_hands);
    fputc('\n', log->out);
    return 0;
}

static void print_match_end(FILE *out, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    const game_t *game = setup->game;
    int hands = game->hand_number(state);
    if (game->status(state) != GAME_MATCH_OVER) /* stopped by max_hands: who scored most */
        fprintf(out, "\nstopped after %d hand%s: ", hands, hands > 1 ? "s" : "");
    else
        fprintf(out, "\nmatch over after %d hands: ", hands);
    const char *verb = game->status(state) == GAME_MATCH_OVER ? "wins" : "has the most points";
    if (event->seat >= 0 && has_teams(setup)) {
        print_team(out, setup, event->seat);
        fprintf(out, " %s; ", verb);
    } else if (event->seat >= 0)
        fprintf(out, "seat %d (%s) %s; ", event->seat, setup->agent_specs[event->seat], verb);
    else
        fprintf(out, "no winner; ");
    print_scores(out, setup, state);
    fputc('\n', out);
}

/* Why an event's points were credited, where the game says more than its reason word. */
static void print_why(FILE *out, const game_t *game, const void *state, const game_event_t *event)
{
    char why[256];
    game_points_words(game, state, event, why, sizeof why);
    if (why[0]) fprintf(out, "  (%s)", why);
}

static int log_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    match_log_t *log = context;
    FILE *out = log->out;
    const game_t *game = setup->game;
    bool teams = has_teams(setup);
    char name[TILESET_TILE_NAME_SIZE];
    if (log->quiet && event->kind != GAME_EVENT_MATCH_END) return 0;
    switch (event->kind) {
    case GAME_EVENT_DEAL: {
        game_deal_t deal;
        game->get_deal(state, &deal);
        fprintf(out, "\nhand %d (starter seat %d)\n", deal.hand_number, deal.leader);
        for (int seat = 0; seat < deal.seats; seat++) {
            if (teams)
                fprintf(out, "  seat %d (%s, team %d):", seat, setup->agent_specs[seat],
                        game->side_of_seat(setup->rules, seat));
            else
                fprintf(out, "  seat %d (%s):", seat, setup->agent_specs[seat]);
            if (log->hidden >> seat & 1) fprintf(out, " %d tiles", deal.hand_size[seat]);
            else print_tiles(out, deal.hand[seat], deal.hand_size[seat]);
            fputc('\n', out);
        }
        if (!teams || deal.stock_size) fprintf(out, "  stock: %d tiles\n", deal.stock_size);
        break;
    }
    case GAME_EVENT_PLAY:
        if (is_trick_game(game, state)) {
            fprintf(out, "  seat %d plays %s\n", event->seat, tileset_tile_name(event->tile, name));
            break;
        }
        if (event->end == GAME_NO_END)
            fprintf(out, "  seat %d leads %-5s          ", event->seat, tileset_tile_name(event->tile, name));
        else
            fprintf(out, "  seat %d plays %-5s on end %d  ", event->seat, tileset_tile_name(event->tile, name),
                    event->end);
        print_ends(out, game, state);
        if (event->points) {
            fprintf(out, "   +%d  ", event->points);
            print_scores(out, setup, state);
            print_why(out, game, state, event);
        }
        fputc('\n', out);
        break;
    case GAME_EVENT_DRAW:
        if (log->hidden >> event->seat & 1) fprintf(out, "  seat %d draws a tile\n", event->seat);
        else fprintf(out, "  seat %d draws %s\n", event->seat, tileset_tile_name(event->tile, name));
        break;
    case GAME_EVENT_PASS: fprintf(out, "  seat %d passes\n", event->seat); break;
    case GAME_EVENT_TRUMP:
        fprintf(out, "  seat %d turns %s: trump %d\n", event->seat, tileset_tile_name(event->tile, name), event->end);
        break;
    case GAME_EVENT_CLOSE: fprintf(out, "  seat %d closes the stock\n", event->seat); break;
    case GAME_EVENT_TRICK: /* tile and end: the led and the followed tile (Bingo) */
        fprintf(out, "  trick to seat %d, +%d; hand points", event->seat, event->points);
        print_hand_points(out, game, state);
        fputc('\n', out);
        break;
    case GAME_EVENT_MELD: {
        if (!event->tile) break; /* declined */
        /* in the game's words: the event's doubles are the move's (game.h) */
        char text[96];
        game->move_text((game_move_t){.kind = GAME_MOVE_MELD, .extra = event->tile}, text, sizeof text);
        fprintf(out, "  seat %d: %s, +%d; hand points", event->seat, text, event->points);
        print_hand_points(out, game, state);
        fputc('\n', out);
        break;
    }
    case GAME_EVENT_CHOICE: {
        /* The event carries the decision in `end` and the answer in `points` (game.h). */
        game_move_t move = {GAME_MOVE_CHOICE, 0, event->end, (uint8_t)event->points};
        char text[96];
        game->move_text(move, text, sizeof text);
        fprintf(out, "  seat %d decides: %s\n", event->seat, text);
        break;
    }
    case GAME_EVENT_AWARD: {
        char why[256];
        game_points_words(game, state, event, why, sizeof why);
        fprintf(out, "  award: %s %d %+d (%s)\n", teams ? "team" : "seat", event->seat, event->points,
                why[0] ? why : game_reason_words(game, event->reason));
        break;
    }
    case GAME_EVENT_HAND_END:
        fprintf(out, "  hand %d ends: %s", game->hand_number(state), game_reason_words(game, event->reason));
        if (event->seat >= 0) fprintf(out, ", winner %s %d", teams ? "team" : "seat", event->seat);
        fprintf(out, "; pips left");
        for (int seat = 0; seat < setup->seats; seat++) fprintf(out, " %d", game->pips_left(state, seat));
        fprintf(out, "; ");
        print_scores(out, setup, state);
        fputc('\n', out);
        break;
    case GAME_EVENT_MATCH_END: print_match_end(out, setup, state, event); break;
    default: break;
    }
    return 0;
}

match_sink_t match_log_sink(match_log_t *log)
{
    match_sink_t sink = {.context = log, .on_start = log_start, .on_event = log_event};
    return sink;
}
