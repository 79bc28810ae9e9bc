/* bergen_fixture.c - see bergen_fixture.h. */
#include "bergen_fixture.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>



int tile(int a, int b) { return tileset_index(a, b); }

const bergen_rules_t *fx_rules(const fixture_t *fx) { return bergen_rules_of(fx->rules); }

/* Configures `preset` plus space-separated "key=value" overrides, creates the rules and
 * starts a match. */
void fx_open(fixture_t *fx, const game_t *game, const char *preset, const char *overrides)
{
    char buffer[TEXT_SIZE], error[ERROR_SIZE] = "";
    const char *items[MAX_OVERRIDES];
    int count = 0;
    snprintf(buffer, sizeof buffer, "%s", overrides ? overrides : "");
    for (char *token = strtok(buffer, " "); token; token = strtok(NULL, " ")) {
        ck_assert_int_lt(count, MAX_OVERRIDES);
        items[count++] = token;
    }
    option_values_t values;
    memset(fx, 0, sizeof *fx);
    fx->game = game;
    int rc = game_configure(game, preset, items, count, &values, error, sizeof error);
    ck_assert_msg(rc == 0, "configure %s [%s]: %s", preset, overrides, error);
    rc = game->rules_create(&values, &fx->rules, error, sizeof error);
    ck_assert_msg(rc == 0, "rules_create %s [%s]: %s", preset, overrides, error);
    fx->owns_rules = true;
    fx->s = malloc(game->state_size);
    ck_assert_ptr_nonnull(fx->s);
    game->match_start(fx->s, fx->rules, FIXTURE_SEED);
}

/* An independent copy of the state (the rules stay shared with `src`). */
void fx_clone(fixture_t *dst, const fixture_t *src)
{
    *dst = *src;
    dst->owns_rules = false;
    dst->s = malloc(src->game->state_size);
    ck_assert_ptr_nonnull(dst->s);
    memcpy(dst->s, src->s, src->game->state_size);
}

void fx_close(fixture_t *fx)
{
    free(fx->s);
    if (fx->owns_rules) fx->game->rules_destroy(fx->rules);
    memset(fx, 0, sizeof *fx);
}

/* ------------------------------------------------------------------ deals */

/* Parses "0-0 1-2 ..." into tile indices; returns the count. */
int parse_tiles(const char *text, uint8_t *out, int max)
{
    int count = 0;
    const char *p = text ? text : "";
    while (*p) {
        if (*p == ' ') {
            p++;
            continue;
        }
        char *end;
        long a = strtol(p, &end, 10);
        ck_assert_msg(end != p && *end == '-', "bad tile list '%s'", text);
        const char *second = end + 1;
        long b = strtol(second, &end, 10);
        ck_assert_msg(end != second, "bad tile list '%s'", text);
        ck_assert_int_lt(count, max);
        out[count++] = (uint8_t)tileset_index((int)a, (int)b);
        p = end;
    }
    return count;
}

/* A deal of one set: hands[seat] as tile lists, the stock starting with `stock_prefix`
 * and then every other tile in index order. A tile given twice fails the test. */
void build_deal(const fixture_t *fx, game_deal_t *deal, int hand_number, int leader,
                       const char *const *hands, const char *stock_prefix)
{
    const bergen_rules_t *r = fx_rules(fx);
    bool used[TILESET_MAX_BITS] = {false};
    memset(deal, 0, sizeof *deal);
    deal->hand_number = hand_number;
    deal->seats = fx->s->seats;
    deal->leader = leader;
    for (int seat = 0; seat < deal->seats; seat++) {
        deal->hand_size[seat] = parse_tiles(hands[seat], deal->hand[seat], TILESET_MAX_BITS);
        for (int k = 0; k < deal->hand_size[seat]; k++) {
            ck_assert_msg(!used[deal->hand[seat][k]], "tile %d dealt twice (seat %d)", deal->hand[seat][k], seat);
            used[deal->hand[seat][k]] = true;
        }
    }
    deal->stock_size = parse_tiles(stock_prefix, deal->stock, TILESET_MAX_BITS);
    for (int k = 0; k < deal->stock_size; k++) {
        ck_assert_msg(!used[deal->stock[k]], "stock tile %d dealt twice", deal->stock[k]);
        used[deal->stock[k]] = true;
    }
    for (int t = 0; t < r->tile_count; t++)
        if (!used[t]) deal->stock[deal->stock_size++] = (uint8_t)t;
}

int fx_try_deal(fixture_t *fx, int hand_number, int leader, const char *const *hands, const char *stock_prefix,
                       char *error, size_t error_size)
{
    game_deal_t deal;
    build_deal(fx, &deal, hand_number, leader, hands, stock_prefix);
    fx->ev.count = 0;
    return fx->game->set_deal(fx->s, &deal, &fx->ev, error, error_size);
}

void fx_deal(fixture_t *fx, int hand_number, int leader, const char *const *hands, const char *stock_prefix)
{
    char error[ERROR_SIZE] = "";
    int rc = fx_try_deal(fx, hand_number, leader, hands, stock_prefix, error, sizeof error);
    ck_assert_msg(rc == 0, "set_deal rejected a valid deal: %s", error);
    ck_assert_int_eq(fx->game->status(fx->s), GAME_IN_HAND);
}

/* ------------------------------------------------------------------ moves */

game_move_t mv_play(int a, int b, int end)
{
    game_move_t m = {GAME_MOVE_PLAY, (uint8_t)tile(a, b), (uint8_t)end, 0};
    return m;
}
game_move_t mv_lead(int d) { return mv_play(d, d, GAME_NO_END); }
game_move_t mv_kind(game_move_kind_t kind)
{
    game_move_t m = {(uint8_t)kind, 0, 0, 0};
    return m;
}

const char *describe_legal(const fixture_t *fx, char *out, size_t size)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = fx->game->legal_moves(fx->s, moves);
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < count && used + 40 < size; i++) {
        char name[32];
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "",
                                 move_name(moves[i], name, sizeof name));
    }
    return out;
}

bool same_move(game_move_t a, game_move_t b) { return game_move_equal(a, b); }

/* The legal moves are exactly `want` (in any order). */
void expect_legal(const fixture_t *fx, const game_move_t *want, int n)
{
    game_move_t got[GAME_MAX_MOVES];
    char text[TEXT_SIZE];
    int count = fx->game->legal_moves(fx->s, got);
    ck_assert_msg(count == n, "expected %d legal moves, got %d: %s", n, count, describe_legal(fx, text, sizeof text));
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int k = 0; k < count; k++) found += same_move(want[i], got[k]);
        char name[32];
        ck_assert_msg(found == 1, "%s listed %d times among legal moves: %s",
                      move_name(want[i], name, sizeof name), found, describe_legal(fx, text, sizeof text));
    }
}

/* Applies a move for `seat` after checking it is that seat's turn and the move is legal. */
void fx_do(fixture_t *fx, int seat, game_move_t move)
{
    char name[32], legal[TEXT_SIZE];
    move_name(move, name, sizeof name);
    ck_assert_msg(fx->game->status(fx->s) == GAME_IN_HAND, "%s: no hand in progress", name);
    ck_assert_msg(fx->game->to_move(fx->s) == seat, "%s: seat %d to move, expected seat %d", name,
                  fx->game->to_move(fx->s), seat);
    ck_assert_msg(game_move_is_legal(fx->game, fx->s, move), "seat %d: %s is not legal; legal: %s", seat, name,
                  describe_legal(fx, legal, sizeof legal));
    fx->ev.count = 0;
    fx->game->apply(fx->s, move, &fx->ev);
}

/* Places a tile and returns the points of its GAME_EVENT_PLAY (the first event). */
int fx_play(fixture_t *fx, int seat, int a, int b, int end)
{
    game_move_t move = mv_play(a, b, end);
    fx_do(fx, seat, move);
    ck_assert_int_ge(fx->ev.count, 1);
    const game_event_t *e = &fx->ev.item[0];
    ck_assert_int_eq(e->kind, GAME_EVENT_PLAY);
    ck_assert_int_eq(e->seat, seat);
    ck_assert_int_eq(e->tile, move.tile);
    ck_assert_int_eq(e->end, move.end);
    return e->points;
}
int fx_lead(fixture_t *fx, int seat, int d) { return fx_play(fx, seat, d, d, GAME_NO_END); }

/* Draws and checks the drawn tile. */
void fx_draw(fixture_t *fx, int seat, int a, int b)
{
    fx_do(fx, seat, mv_kind(GAME_MOVE_DRAW));
    ck_assert_int_ge(fx->ev.count, 1);
    ck_assert_int_eq(fx->ev.item[0].kind, GAME_EVENT_DRAW);
    ck_assert_int_eq(fx->ev.item[0].seat, seat);
    ck_assert_msg(fx->ev.item[0].tile == tile(a, b), "seat %d drew tile %d, expected [%d-%d]", seat,
                  fx->ev.item[0].tile, a, b);
}

/* Plays the first legal move until the hand is over (real moves, no white-box). */
void fx_finish_hand(fixture_t *fx)
{
    int moves_made = 0;
    while (fx->game->status(fx->s) == GAME_IN_HAND) {
        game_move_t moves[GAME_MAX_MOVES];
        int count = fx->game->legal_moves(fx->s, moves);
        ck_assert_int_gt(count, 0);
        ck_assert_int_lt(moves_made++, FINISH_LIMIT);
        fx->ev.count = 0;
        fx->game->apply(fx->s, moves[0], &fx->ev);
    }
}

/* ------------------------------------------------------------------ observations and events */

/* Ends as the vectors write them: "2|6*" for a line, "2* 3 - -" for arms; '*' marks a
 * crosswise double as the outermost tile, '-' an unstarted arm (shows `spinner`). */
void expect_ends(const fixture_t *fx, int spinner, const char *spec)
{
    game_observation_t obs;
    fx->game->observe(fx->s, 0, &obs);
    int e = 0;
    for (const char *p = spec; *p;) {
        if (*p == ' ' || *p == '|') {
            p++;
            continue;
        }
        int number, is_double = 0;
        if (*p == '-') {
            number = spinner;
            p++;
        } else {
            char *end;
            number = (int)strtol(p, &end, 10);
            ck_assert_msg(end != p, "bad ends '%s'", spec);
            p = end;
            if (*p == '*') {
                is_double = 1;
                p++;
            }
        }
        ck_assert_msg(e < obs.ends.count, "ends '%s': only %d ends", spec, obs.ends.count);
        ck_assert_msg(obs.ends.number[e] == number && obs.ends.is_double[e] == is_double,
                      "ends '%s': end %d shows %d%s, expected %d%s", spec, e, obs.ends.number[e],
                      obs.ends.is_double[e] ? "*" : "", number, is_double ? "*" : "");
        e++;
    }
    ck_assert_msg(e == obs.ends.count, "ends '%s': the layout has %d ends", spec, obs.ends.count);
}

int fx_score(const fixture_t *fx, int seat)
{
    int scores[GAME_MAX_SEATS];
    fx->game->scores(fx->s, scores);
    return scores[seat];
}

void expect_scores(const fixture_t *fx, const int *want)
{
    for (int seat = 0; seat < fx->s->seats; seat++)
        ck_assert_msg(fx_score(fx, seat) == want[seat], "seat %d scores %d, expected %d", seat, fx_score(fx, seat),
                      want[seat]);
}

const char *move_name(game_move_t move, char *out, size_t size)
{
    bergen_game.move_text(move, out, size);
    return out;
}

game_observation_t fx_observe(const fixture_t *fx, int seat)
{
    game_observation_t obs;
    fx->game->observe(fx->s, seat, &obs);
    return obs;
}

game_event_t ev_make(game_event_kind_t kind, int seat, int tile_index, int end, int points, bergen_reason_t reason)
{
    game_event_t e = {(uint8_t)kind, (int8_t)seat, (uint8_t)tile_index, (uint8_t)end, (int16_t)points, (uint8_t)reason, 0};
    return e;
}
game_event_t ev_play(int seat, int a, int b, int end, int points)
{
    return ev_make(GAME_EVENT_PLAY, seat, tile(a, b), end, points, BERGEN_REASON_NONE);
}
game_event_t ev_draw(int seat, int a, int b) { return ev_make(GAME_EVENT_DRAW, seat, tile(a, b), 0, 0, 0); }
game_event_t ev_pass(int seat) { return ev_make(GAME_EVENT_PASS, seat, 0, 0, 0, BERGEN_REASON_NONE); }
game_event_t ev_award(int seat, int points, bergen_reason_t reason)
{
    return ev_make(GAME_EVENT_AWARD, seat, 0, 0, points, reason);
}
game_event_t ev_hand_end(int winner, bergen_reason_t reason)
{
    return ev_make(GAME_EVENT_HAND_END, winner, 0, 0, 0, reason);
}
game_event_t ev_match_end(int winner) { return ev_make(GAME_EVENT_MATCH_END, winner, 0, 0, 0, 0); }

static const char *const EVENT_NAMES[] = {
    [GAME_EVENT_DEAL] = "deal",   [GAME_EVENT_PLAY] = "play",   [GAME_EVENT_DRAW] = "draw",
    [GAME_EVENT_PASS] = "pass",   [GAME_EVENT_CHOICE] = "choice", [GAME_EVENT_CLOSE] = "close",
    [GAME_EVENT_MELD] = "meld",   [GAME_EVENT_TRUMP] = "trump", [GAME_EVENT_TRICK] = "trick",
    [GAME_EVENT_AWARD] = "award", [GAME_EVENT_HAND_END] = "hand_end", [GAME_EVENT_MATCH_END] = "match_end"};
enum { EVENT_NAME_COUNT = sizeof EVENT_NAMES / sizeof EVENT_NAMES[0] };

const char *describe_events(const game_events_t *ev, char *out, size_t size)
{
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < ev->count && used + 64 < size; i++) {
        const game_event_t *e = &ev->item[i];
        used += (size_t)snprintf(out + used, size - used, "%s%s(seat %d, tile %d, end %d, points %d, %s)",
                                 i ? ", " : "", e->kind < EVENT_NAME_COUNT ? EVENT_NAMES[e->kind] : "?", e->seat, e->tile, e->end,
                                 e->points, game_reason_name(&bergen_game, e->reason));
    }
    return out;
}

/* The events of the last apply are exactly `want`, in order; each kind compares the
 * fields game.h documents for it. ANY_SEAT matches any seat/winner. */
void expect_events(const fixture_t *fx, const game_event_t *want, int n)
{
    char text[TEXT_SIZE];
    const game_events_t *ev = &fx->ev;
    ck_assert_msg(ev->count == n, "expected %d events, got %d: %s", n, ev->count,
                  describe_events(ev, text, sizeof text));
    for (int i = 0; i < n; i++) {
        const game_event_t *g = &ev->item[i], *w = &want[i];
        bool ok = g->kind == w->kind && (w->seat == ANY_SEAT || g->seat == w->seat);
        switch (w->kind) {
        case GAME_EVENT_PLAY: ok = ok && g->tile == w->tile && g->end == w->end && g->points == w->points; break;
        case GAME_EVENT_DRAW: ok = ok && g->tile == w->tile; break;
        case GAME_EVENT_AWARD: ok = ok && g->points == w->points && g->reason == w->reason; break;
        case GAME_EVENT_HAND_END: ok = ok && g->reason == w->reason; break;
        default: break;
        }
        ck_assert_msg(ok, "event %d differs from %s(seat %d, tile %d, end %d, points %d, %s); events: %s", i,
                      w->kind < EVENT_NAME_COUNT ? EVENT_NAMES[w->kind] : "?", w->seat, w->tile, w->end, w->points,
                      game_reason_name(&bergen_game, w->reason), describe_events(ev, text, sizeof text));
    }
}

void expect_points_words(const fixture_t *fx, game_event_kind_t kind, const char *words)
{
    for (int i = 0; i < fx->ev.count; i++) {
        if (fx->ev.item[i].kind != kind) continue;
        char said[256];
        fx->game->points_words(fx->s, &fx->ev.item[i], said, sizeof said);
        ck_assert_str_eq(said, words);
        return;
    }
    char text[TEXT_SIZE];
    ck_abort_msg("no event of kind %d among %s", kind, describe_events(&fx->ev, text, sizeof text));
}
