/* bergen_fixture.h - a Bergen-family position under test: configure a preset, impose a
 * deal, play scripted moves through the game interface and check points, ends and events.
 * Shared by the rule-vector suites (test_bergen_vectors.c, test_double_bergen_vectors.c).
 */
#ifndef DOMINOLAB_TESTS_BERGEN_FIXTURE_H
#define DOMINOLAB_TESTS_BERGEN_FIXTURE_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

#include "bergen/bergen.h"
#include "game.h"

enum {
    MAX_OVERRIDES = 16, ERROR_SIZE = OPTIONS_ERROR_SIZE, TEXT_SIZE = 1024, FINISH_LIMIT = 2000, /* moves: more than any hand can take */
    ANY_SEAT = 127, /* wildcard for an event's seat field */
    FIXTURE_SEED = 20240601u
};

typedef struct fixture {
    const game_t *game;
    game_rules_t *rules;
    bergen_state_t *s;
    bool owns_rules;
    game_events_t ev; /* events of the last apply (or set_deal) */
} fixture_t;

int tile(int a, int b);
const bergen_rules_t *fx_rules(const fixture_t *fx);
void fx_open(fixture_t *fx, const game_t *game, const char *preset, const char *overrides);
void fx_clone(fixture_t *dst, const fixture_t *src);
void fx_close(fixture_t *fx);
int parse_tiles(const char *text, uint8_t *out, int max);
void build_deal(const fixture_t *fx, game_deal_t *deal, int hand_number, int leader, const char *const *hands, const char *stock_prefix);
int fx_try_deal(fixture_t *fx, int hand_number, int leader, const char *const *hands, const char *stock_prefix, char *error, size_t error_size);
void fx_deal(fixture_t *fx, int hand_number, int leader, const char *const *hands, const char *stock_prefix);
game_move_t mv_play(int a, int b, int end);
game_move_t mv_lead(int d);
game_move_t mv_kind(game_move_kind_t kind);
const char *describe_legal(const fixture_t *fx, char *out, size_t size);
bool same_move(game_move_t a, game_move_t b);
void expect_legal(const fixture_t *fx, const game_move_t *want, int n);
void fx_do(fixture_t *fx, int seat, game_move_t move);
int fx_play(fixture_t *fx, int seat, int a, int b, int end);
int fx_lead(fixture_t *fx, int seat, int d);
void fx_draw(fixture_t *fx, int seat, int a, int b);
void fx_finish_hand(fixture_t *fx);
void expect_ends(const fixture_t *fx, int spinner, const char *spec);
int fx_score(const fixture_t *fx, int seat);
void expect_scores(const fixture_t *fx, const int *want);
game_observation_t fx_observe(const fixture_t *fx, int seat);
/* "play 3-5 on end 1": a move in the family's words. */
const char *move_name(game_move_t move, char *out, size_t size);
game_event_t ev_make(game_event_kind_t kind, int seat, int tile_index, int end, int points, bergen_reason_t reason);
game_event_t ev_play(int seat, int a, int b, int end, int points);
game_event_t ev_draw(int seat, int a, int b);
game_event_t ev_pass(int seat);
game_event_t ev_award(int seat, int points, bergen_reason_t reason);
game_event_t ev_hand_end(int winner, bergen_reason_t reason);
game_event_t ev_match_end(int winner);
const char *describe_events(const game_events_t *ev, char *out, size_t size);
void expect_events(const fixture_t *fx, const game_event_t *want, int n);
/* The game's words (points_words) for the first event of `kind` of the last apply. */
void expect_points_words(const fixture_t *fx, game_event_kind_t kind, const char *words);

#define EXPECT_LEGAL(fx, ...)                                                                                    \
    expect_legal((fx), (const game_move_t[]){__VA_ARGS__}, \
                 (int)(sizeof((const game_move_t[]){__VA_ARGS__}) / sizeof(game_move_t)))

#define EXPECT_EVENTS(fx, ...)                                                                                   \
    expect_events((fx), (const game_event_t[]){__VA_ARGS__},                                                      \
                  (int)(sizeof((const game_event_t[]){__VA_ARGS__}) / sizeof(game_event_t)))

#endif
