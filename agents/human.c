/* human.c - `human`: a person at the terminal, for `dominolab play` (the only command that
 * seats one: a study would ask from every thread at once).
 *
 * At each decision it shows what the seat sees (its hand, the layout's ends or arms, or the
 * trick, trump and stock for Bingo; the scores, the others' hand sizes and the stock) and
 * the legal moves, numbered, and reads a number from standard input. `?` shows what each
 * move would score now; anything else asks again. It works through a pipe as well, so a
 * script can play it; when its input ends, `greedy` plays the seat's moves on. Colour is
 * used when standard output is a terminal and NO_COLOR is not set.
 */
#include "agent_kind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PARAM_COLOUR, PARAM_COUNT };
static const char *const colour_names[] = {"auto", "always", "never", NULL};
static const agent_param_spec_t human_params[PARAM_COUNT] = {
    [PARAM_COLOUR] = {"colour", AGENT_PARAM_CHOICE, 0, 0, colour_names, "auto",
                      "colour on the terminal: auto (a terminal without NO_COLOR), always, never"},
};

typedef struct human {
    agent_t *stand_in; /* greedy, once the input has ended */
    bool input_over;
    bool colour;
} human_t;

static const char *bold(const human_t *h) { return h->colour ? "\033[1m" : ""; }
static const char *accent(const human_t *h) { return h->colour ? "\033[1;36m" : ""; }
static const char *plain(const human_t *h) { return h->colour ? "\033[0m" : ""; }

static void print_tiles(FILE *out, tileset_t tiles)
{
    char name[TILESET_TILE_NAME_SIZE];
    if (tileset_is_empty(tiles)) fputs(" (none)", out);
    while (!tileset_is_empty(tiles)) fprintf(out, " %s", tileset_tile_name(tileset_pop_lowest(&tiles), name));
}

/* The table: the ends of a line, the arms of a spinner, or a trick game's state. */
static void print_table(FILE *out, const game_observation_t *o)
{
    char name[TILESET_TILE_NAME_SIZE];
    if (o->layout_kind == GAME_LAYOUT_TRICK) {
        const game_tricks_t *t = &o->tricks;
        fprintf(out, "  trump %d, stock %s", t->trump, t->closed ? "closed" : "open");
        if (t->face_up >= 0) fprintf(out, ", turned tile %s", tileset_tile_name(t->face_up, name));
        if (t->led >= 0) fprintf(out, "\n  trick: seat %d led %s", t->leader, tileset_tile_name(t->led, name));
        fprintf(out, "\n  points this hand:");
        for (int side = 0; side < o->sides; side++)
            fprintf(out, "%s %s %d: %d", side ? "," : "", o->sides < o->seats ? "team" : "seat", side, t->hand_points[side]);
        fputc('\n', out);
        return;
    }
    if (o->table_count == 0) {
        fprintf(out, "  the table is empty: a lead\n");
        return;
    }
    fprintf(out, "  %s:", o->layout_kind == GAME_LAYOUT_LINE ? "ends" : "arms");
    for (int e = 0; e < o->ends.count; e++)
        fprintf(out, " [%d] %d%s%s", e, o->ends.number[e], o->ends.is_double[e] ? " (double)" : "",
                o->ends.open[e] ? "" : " (closed)");
    fprintf(out, "   (%d tiles played)\n", o->table_count);
}

static void show_position(const human_t *h, const game_t *game, const void *state, int seat)
{
    game_observation_t o;
    game->observe(state, seat, &o);
    printf("\n%s--- your turn: seat %d, hand %d ---%s\n", accent(h), seat, o.hand_number, plain(h));
    printf("  scores:");
    for (int side = 0; side < o.sides; side++)
        printf("%s %s %d: %d", side ? "," : "", o.sides < o.seats ? "team" : "seat", side, o.score[side]);
    if (o.target > 0) printf("   (target %d)", o.target);
    printf("\n  tiles held:");
    for (int other = 0; other < o.seats; other++)
        if (other != seat) printf(" seat %d %d,", other, o.hand_size[other]);
    printf(" stock %d (%d may be drawn)\n", o.stock_size, o.stock_drawable);
    print_table(stdout, &o);
    printf("  %syour hand:%s", bold(h), plain(h));
    print_tiles(stdout, o.hand);
    putchar('\n');
}

static void show_moves(const human_t *h, const game_t *game, const void *state, const game_move_t *moves, int count,
                       bool with_points)
{
    int seat = game->to_move(state);
    for (int i = 0; i < count; i++) {
        char text[96];
        game->move_text(moves[i], text, sizeof text);
        printf("  %s%3d%s  %s", bold(h), i + 1, plain(h), text);
        if (with_points) {
            int points = game->move_points(state, seat, moves[i]);
            if (points >= 0) printf("   scores %d now", points);
        }
        putchar('\n');
    }
}

/* The number read, or 0 for `?`, -1 for anything else, -2 at the end of the input. What a
 * script pipes in is echoed, so that the transcript reads as a session at the terminal. */
static int read_choice(int count)
{
    char line[128];
    if (!fgets(line, sizeof line, stdin)) return -2;
    if (!isatty(STDIN_FILENO)) printf("%s%s", line, strchr(line, '\n') ? "" : "\n");
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '?') return 0;
    char *end;
    long number = strtol(p, &end, 10);
    while (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n') end++;
    if (end == p || *end || number < 1 || number > count) return -1;
    return (int)number;
}

static game_move_t choose_human(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    human_t *h = agent->data;
    if (h->input_over) return agent_choose(h->stand_in, state, moves, count);
    show_position(h, agent->game, state, agent->game->to_move(state));
    show_moves(h, agent->game, state, moves, count, false);
    for (;;) {
        printf("  your move (1-%d, ? for what each scores): ", count);
        fflush(stdout);
        int choice = read_choice(count);
        if (choice > 0) return moves[choice - 1];
        if (choice == 0) {
            putchar('\n');
            show_moves(h, agent->game, state, moves, count, true);
        } else if (choice == -1) {
            printf("\n  give a number from 1 to %d, or ?\n", count);
        } else {
            printf("\n  (input ended: greedy plays seat %d on)\n", agent->seat);
            h->input_over = true;
            return agent_choose(h->stand_in, state, moves, count);
        }
    }
}

static void human_destroy(agent_t *agent)
{
    human_t *h = agent->data;
    if (!h) return;
    agent_destroy(h->stand_in);
    free(h);
    agent->data = NULL;
}

static int human_create(agent_t *agent, char *error, size_t error_size)
{
    human_t *h = calloc(1, sizeof *h);
    agent->data = h;
    if (!h) {
        snprintf(error, error_size, "out of memory creating agent human");
        return -1;
    }
    int colour = agent_param_int(agent, PARAM_COLOUR);
    h->colour = colour == 1 || (colour == 0 && isatty(STDOUT_FILENO) && !getenv("NO_COLOR"));
    if (agent_create("greedy", NULL, agent->game, agent->rules, agent->seat, 0, &h->stand_in, error, error_size)) {
        human_destroy(agent);
        return -1;
    }
    return 0;
}

const agent_kind_t human_agent_kind = {
    .info = {"human", "a person at the terminal (dominolab play only): the position, the numbered moves, a number read",
             human_params, PARAM_COUNT},
    .create = human_create,
    .destroy = human_destroy,
    .choose = choose_human,
};
