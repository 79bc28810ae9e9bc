/* test_learn_lib.c - the library's calls for learning code (lib/dominolab.h, "for learning
 * code"; docs/python.md, "Actions and tensors"), through the shared library as an app
 * links it: nothing but dominolab.h is included.
 *
 * One game: the action counts and tensor sizes of each game; at every decision of random
 * matches the mask, dl_action_of and dl_action_move agree with dl_legal_moves, and the
 * state tensor is the observation of the seat to move followed by each seat's hand
 * (dl_hand) from that seat on, neither tensor writing past its size; bad actions, buffers
 * and seats refused with a message and nothing changed; a clone equal to its game and
 * independent of it (either may go first), writing nothing to the original's record.
 * The vector: bad arguments refused; the same seed gives the same games; a game's rows
 * depend on its own actions only (vectors of 3 and 8 games driven alike); an illegal
 * action plays nothing; points rewards add up to the scores the observations show; win
 * rewards at episode ends only, to the side with the points; the row after a done is a
 * fresh hand or match; the step counts the tiles placed.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dominolab.h"

#define REQUIRE(condition, ...)                                                                                    \
    do {                                                                                                           \
        if (!(condition)) ck_abort_msg(__VA_ARGS__);                                                               \
    } while (0)

enum {
    TAIL = 16,           /* floats past a tensor that must stay untouched */
    MAX_ACTIONS = 1024,
    STEPS = 200,         /* vector steps of the comparisons */
    LONG_STEPS = 3000,   /* steps where episodes must end */
    PLAY_SLOTS_LINE = 84 /* 28 tiles x 3 slots: the actions below it place a tile (Bergen, Partnership) */
};

/* The test's own generator (xorshift64*), to pick moves. */
static uint64_t next_random(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545f4914f6cdd1dULL;
}

static dl_game_t *make(const char *name, const char *const *options, uint64_t seed)
{
    char error[DL_ERROR_SIZE] = "";
    dl_game_t *g = dl_game_create(name, NULL, 0, options, seed, error, sizeof error);
    REQUIRE(g, "%s: %s", name, error);
    return g;
}

static bool says(const char *text, const char *words) { return text && strstr(text, words) != NULL; }

/* The tile index of "a-b" (dominolab.h: 0 = 0-0, 1 = 0-1, 2 = 1-1, 3 = 0-2, ...). */
static int tile_of(const char *name)
{
    int a, b;
    REQUIRE(sscanf(name, "%d-%d", &a, &b) == 2, "tile '%s'", name);
    int low = a < b ? a : b, high = a < b ? b : a;
    return high * (high + 1) / 2 + low;
}

static float *floats(int count)
{
    float *f = malloc((size_t)(count + TAIL) * sizeof *f);
    REQUIRE(f, "out of memory");
    for (int i = 0; i < count + TAIL; i++) f[i] = NAN;
    return f;
}

/* Nothing written past `count` floats, and every one of them written. */
static void require_exact(const float *f, int count, const char *what)
{
    for (int i = 0; i < count; i++) REQUIRE(!isnan(f[i]), "%s: float %d not written", what, i);
    for (int i = count; i < count + TAIL; i++) REQUIRE(isnan(f[i]), "%s: float %d written past %d", what, i, count);
}

/* Deals where the game is between hands; false once the match is over. */
static bool to_hand(dl_game_t *g)
{
    if (dl_status(g) == DL_BETWEEN_HANDS) REQUIRE(dl_deal(g) == 0, "deal: %s", dl_game_error(g));
    return dl_status(g) == DL_IN_HAND;
}

/* ================================================================== one game */

static const struct {
    const char *game;
    const char *options[3];
    int actions, size, tiles;
} game_cases[] = {
    {"partnership", {NULL}, 101, 235, 28},
    {"bergen", {NULL}, 89, 143, 28},
    {"bergen", {"players=3", NULL}, 89, 176, 28},
    {"bergen", {"set_max=9", NULL}, 170, 257, 55},
    {"bergen", {"set_max=12", "players=4", NULL}, 278, 6 * 91 + 30 + 23, 91},
    {"double_bergen", {"players=4", NULL}, 145, 227, 28},
    {"double_bergen", {NULL}, 145, 161, 28},
    {"bingo", {NULL}, 33, 306, 28},
};
enum { GAME_CASES = sizeof game_cases / sizeof game_cases[0] };

START_TEST(counts_of_each_game)
{
    dl_game_t *g = make(game_cases[_i].game, game_cases[_i].options, 1);
    int seats = dl_seats(g);
    ck_assert_msg(dl_action_count(g) == game_cases[_i].actions && dl_observation_size(g) == game_cases[_i].size &&
                      dl_state_size(g) == game_cases[_i].size + seats * game_cases[_i].tiles,
                  "%s %s: %d actions, %d and %d floats", game_cases[_i].game,
                  game_cases[_i].options[0] ? game_cases[_i].options[0] : "", dl_action_count(g),
                  dl_observation_size(g), dl_state_size(g));
    dl_game_destroy(g);
}
END_TEST

/* At one decision: the mask against the legal moves, both ways; the state tensor. */
static void check_decision(dl_game_t *g, const char *label)
{
    int A = dl_action_count(g), size = dl_observation_size(g), seats = dl_seats(g);
    unsigned char mask[MAX_ACTIONS];
    dl_move_t moves[DL_MAX_MOVES];
    int count = dl_legal_moves(g, moves), legal = dl_action_mask(g, mask);
    REQUIRE(count > 0 && legal > 0, "%s: %d moves, %d actions", label, count, legal);
    unsigned char seen[MAX_ACTIONS] = {0};
    int distinct = 0;
    for (int i = 0; i < count; i++) {
        int a = dl_action_of(g, moves[i]);
        REQUIRE(a >= 0 && a < A && mask[a] == 1, "%s: legal move %d has action %d, masked %d", label, i, a,
                a >= 0 && a < A ? mask[a] : -1);
        distinct += !seen[a];
        seen[a] = 1;
    }
    REQUIRE(distinct == legal, "%s: %d distinct actions, the mask says %d", label, distinct, legal);
    for (int a = 0; a < A; a++) {
        dl_move_t move;
        int got = dl_action_move(g, a, &move);
        if (mask[a]) REQUIRE(got == 0 && dl_action_of(g, move) == a, "%s: action %d gives no move of it", label, a);
        else REQUIRE(got == -1 && says(dl_game_error(g), "not legal"), "%s: action %d is no legal move: '%s'", label,
                     a, dl_game_error(g));
        REQUIRE(seen[a] == mask[a], "%s: mask[%d]", label, a);
    }

    /* the state: the mover's observation, then each hand from the mover on */
    int to_move = dl_to_move(g), state_size = dl_state_size(g), tiles = (state_size - size) / seats;
    float *state = floats(state_size), *observation = floats(size);
    REQUIRE(dl_state_tensor(g, state) == 0 && dl_observation_tensor(g, to_move, observation) == 0, "%s: tensors: %s",
            label, dl_game_error(g));
    require_exact(state, state_size, label);
    require_exact(observation, size, label);
    REQUIRE(memcmp(state, observation, (size_t)size * sizeof *state) == 0, "%s: the state does not begin with the "
            "observation of seat %d", label, to_move);
    for (int k = 0; k < seats; k++) {
        char text[1024];
        int held = dl_hand(g, (to_move + k) % seats, text, sizeof text);
        REQUIRE(held >= 0, "%s: %s", label, dl_game_error(g));
        float want[128] = {0};
        for (char *word = strtok(text, " "); word; word = strtok(NULL, " ")) want[tile_of(word)] = 1;
        for (int t = 0; t < tiles; t++)
            REQUIRE(state[size + k * tiles + t] == want[t], "%s: hand block %d (seat %d), tile %d: %g", label, k,
                    (to_move + k) % seats, t, (double)state[size + k * tiles + t]);
        float *own = floats(size);
        REQUIRE(dl_observation_tensor(g, (to_move + k) % seats, own) == 0, "%s", dl_game_error(g));
        for (int t = 0; t < tiles; t++) /* the hand plane of that seat's own observation */
            REQUIRE(own[t] == want[t], "%s: seat %d's hand plane, tile %d", label, (to_move + k) % seats, t);
        free(own);
    }
    free(state);
    free(observation);
}

START_TEST(masks_moves_and_states_agree)
{
    dl_game_t *g = make(game_cases[_i].game, game_cases[_i].options, 100 + (uint64_t)_i);
    uint64_t x = 0x9e3779b97f4a7c15ULL + (uint64_t)_i;
    char label[128];
    int decisions = 0;
    for (int step = 0; step < 2000 && to_hand(g); step++) {
        snprintf(label, sizeof label, "%s %s, step %d", game_cases[_i].game,
                 game_cases[_i].options[0] ? game_cases[_i].options[0] : "", step);
        check_decision(g, label);
        unsigned char mask[MAX_ACTIONS];
        int legal = dl_action_mask(g, mask), pick = (int)(next_random(&x) % (uint64_t)legal), a = 0;
        while (!mask[a] || pick-- > 0) a++;
        REQUIRE(dl_apply_action(g, a) == 0, "%s: action %d: %s", label, a, dl_game_error(g));
        decisions++;
    }
    ck_assert_int_gt(decisions, 20);
    /* outside a hand: no legal action, and the state is seat 0's */
    unsigned char mask[MAX_ACTIONS];
    if (dl_status(g) != DL_IN_HAND) {
        ck_assert_int_eq(dl_action_mask(g, mask), 0);
        int size = dl_observation_size(g);
        float *state = floats(dl_state_size(g)), *observation = floats(size);
        ck_assert_int_eq(dl_state_tensor(g, state), 0);
        ck_assert_int_eq(dl_observation_tensor(g, 0, observation), 0);
        ck_assert(memcmp(state, observation, (size_t)size * sizeof *state) == 0);
        free(state);
        free(observation);
    }
    dl_game_destroy(g);
}
END_TEST

/* Everything the game shows, to see that a refused call changed nothing. */
typedef struct snapshot {
    unsigned char mask[MAX_ACTIONS];
    int legal, status, to_move;
    float tensor[4096];
    char hands[DL_MAX_SEATS][512];
} snapshot_t;

static void take(const dl_game_t *g, snapshot_t *s)
{
    memset(s, 0, sizeof *s);
    s->legal = dl_action_mask(g, s->mask);
    s->status = dl_status(g);
    s->to_move = dl_to_move(g);
    REQUIRE(dl_state_size(g) <= 4096 && dl_state_tensor(g, s->tensor) == 0, "state: %s", dl_game_error(g));
    for (int seat = 0; seat < dl_seats(g); seat++) dl_hand(g, seat, s->hands[seat], sizeof s->hands[seat]);
}

static bool same(const snapshot_t *a, const snapshot_t *b) { return memcmp(a, b, sizeof *a) == 0; }

START_TEST(apply_action_refuses_what_is_not_legal)
{
    dl_game_t *g = make("partnership", NULL, 3);
    ck_assert_int_eq(dl_apply_action(g, 0), -1); /* before the first deal */
    ck_assert_msg(says(dl_game_error(g), "action 0"), "'%s'", dl_game_error(g));
    ck_assert_int_eq(dl_deal(g), 0);
    snapshot_t before, after;
    take(g, &before);
    int illegal = 0;
    while (before.mask[illegal]) illegal++;
    const int bad[] = {illegal, -1, 101, 102, 1000000, -2147483647 - 1};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char number[32];
        snprintf(number, sizeof number, "action %d", bad[k]);
        ck_assert_int_eq(dl_apply_action(g, bad[k]), -1);
        ck_assert_msg(says(dl_game_error(g), number), "'%s' does not name %s", dl_game_error(g), number);
        dl_move_t move = {DL_PASS, 0, 0, 0}, untouched = move;
        ck_assert_int_eq(dl_action_move(g, bad[k], &move), -1);
        ck_assert(memcmp(&move, &untouched, sizeof move) == 0);
        take(g, &after);
        ck_assert_msg(same(&before, &after), "refused action %d changed the game", bad[k]);
    }
    ck_assert_int_eq(dl_action_move(g, 0, NULL), -1);
    ck_assert_int_eq(dl_apply_action(NULL, 0), -1);
    ck_assert_int_eq(dl_action_move(NULL, 0, &(dl_move_t){0}), -1);
    /* a move no rule set makes has no action */
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 28, 255, 0}), -1);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 3, 2, 0}), -1);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_CHOICE, 0, 3, 0}), -1);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_CHOICE, 0, 0, 4}), -1);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){99, 0, 0, 0}), -1);
    ck_assert_msg(dl_game_error(g)[0], "no message");
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 27, 255, 0}), 81);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 27, 0, 0}), 82);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 27, 1, 0}), 83);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PLAY, 0, 255, 0}), 0);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_DRAW, 0, 0, 0}), 84);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_PASS, 0, 0, 0}), 85);
    ck_assert_int_eq(dl_action_of(g, (dl_move_t){DL_CHOICE, 0, 1, 1}), 94);
    ck_assert_int_eq(dl_action_of(NULL, (dl_move_t){DL_PASS, 0, 0, 0}), -1);
    /* and a legal one is played */
    int legal = 0;
    while (!before.mask[legal]) legal++;
    ck_assert_int_eq(dl_apply_action(g, legal), 0);
    take(g, &after);
    ck_assert(!same(&before, &after));
    dl_game_destroy(g);
}
END_TEST

START_TEST(tensors_refuse_bad_arguments)
{
    dl_game_t *g = make("bergen", (const char *const[]){"players=3", NULL}, 4);
    ck_assert_int_eq(dl_deal(g), 0);
    int size = dl_observation_size(g);
    float *out = floats(dl_state_size(g));
    const int seats[] = {-1, 3, 4, 1000};
    for (size_t k = 0; k < sizeof seats / sizeof seats[0]; k++) {
        char words[32];
        snprintf(words, sizeof words, "seat %d", seats[k]);
        ck_assert_int_eq(dl_observation_tensor(g, seats[k], out), -1);
        ck_assert_msg(says(dl_game_error(g), words), "'%s'", dl_game_error(g));
    }
    for (int i = 0; i < size; i++) ck_assert_msg(isnan(out[i]), "a refused call wrote float %d", i);
    ck_assert_int_eq(dl_observation_tensor(g, 0, NULL), -1);
    ck_assert_msg(says(dl_game_error(g), "NULL"), "'%s'", dl_game_error(g));
    ck_assert_int_eq(dl_state_tensor(g, NULL), -1);
    ck_assert_msg(says(dl_game_error(g), "NULL"), "'%s'", dl_game_error(g));
    ck_assert_int_eq(dl_action_mask(g, NULL), -1);
    ck_assert_msg(says(dl_game_error(g), "NULL"), "'%s'", dl_game_error(g));
    unsigned char mask[MAX_ACTIONS];
    ck_assert_int_eq(dl_action_mask(NULL, mask), -1);
    ck_assert_int_eq(dl_observation_tensor(NULL, 0, out), -1);
    ck_assert_int_eq(dl_state_tensor(NULL, out), -1);
    ck_assert_int_eq(dl_action_count(NULL), -1);
    ck_assert_int_eq(dl_observation_size(NULL), -1);
    ck_assert_int_eq(dl_state_size(NULL), -1);
    for (int i = 0; i < size; i++) ck_assert_msg(isnan(out[i]), "a refused call wrote float %d", i);
    /* the seats it has are fine */
    for (int seat = 0; seat < 3; seat++) ck_assert_int_eq(dl_observation_tensor(g, seat, out), 0);
    free(out);
    dl_game_destroy(g);
}
END_TEST

/* Plays `steps` random legal actions (dealing where needed); how many were played. */
static int play_random(dl_game_t *g, uint64_t *x, int steps)
{
    int played = 0;
    for (; played < steps && to_hand(g); played++) {
        unsigned char mask[MAX_ACTIONS];
        int legal = dl_action_mask(g, mask), pick = (int)(next_random(x) % (uint64_t)legal), a = 0;
        while (!mask[a] || pick-- > 0) a++;
        REQUIRE(dl_apply_action(g, a) == 0, "action %d: %s", a, dl_game_error(g));
    }
    return played;
}

START_TEST(clone_is_equal_and_independent)
{
    for (int k = 0; k < GAME_CASES; k++) {
        dl_game_t *g = make(game_cases[k].game, game_cases[k].options, 7 + (uint64_t)k);
        uint64_t x = 11 + (uint64_t)k;
        play_random(g, &x, 9);
        char error[DL_ERROR_SIZE] = "";
        dl_game_t *c = dl_game_clone(g, error, sizeof error);
        ck_assert_msg(c, "%s: %s", game_cases[k].game, error);
        snapshot_t original, copy;
        take(g, &original);
        take(c, &copy);
        ck_assert_msg(same(&original, &copy), "%s: the clone differs", game_cases[k].game);
        ck_assert_int_eq(dl_action_count(c), dl_action_count(g));
        char a[8192], b[8192];
        ck_assert_int_gt(dl_observation(g, 0, a, sizeof a), 0);
        ck_assert_int_gt(dl_observation(c, 0, b, sizeof b), 0);
        ck_assert_str_eq(a, b);
        /* the clone plays on; the original stays */
        uint64_t y = x;
        ck_assert_int_gt(play_random(c, &y, 25), 0);
        snapshot_t still;
        take(g, &still);
        ck_assert_msg(same(&original, &still), "%s: stepping the clone changed the original", game_cases[k].game);
        /* the original, given the same actions, reaches the clone's position */
        uint64_t z = x;
        play_random(g, &z, 25);
        take(g, &original);
        take(c, &copy);
        ck_assert_msg(same(&original, &copy), "%s: the same actions from the same position differ", game_cases[k].game);
        /* the original goes first; the clone plays its match to the end */
        dl_game_destroy(g);
        while (dl_status(c) != DL_MATCH_OVER) play_random(c, &y, 1000);
        int scores[DL_MAX_SEATS];
        ck_assert_int_eq(dl_scores(c, scores), dl_sides(c));
        ck_assert_int_ge(dl_match_winner(c), -1);
        dl_game_destroy(c);
    }
}
END_TEST

START_TEST(clone_of_null_fails_with_a_message)
{
    char error[DL_ERROR_SIZE] = "";
    ck_assert_ptr_null(dl_game_clone(NULL, error, sizeof error));
    ck_assert_msg(error[0] && says(error, "NULL"), "'%s'", error);
    ck_assert_ptr_null(dl_game_clone(NULL, NULL, 0));
}
END_TEST

/* A record opened on the original takes its moves only: the clone's moves, and its going
 * away, leave it as it was; it replays to the original's final scores. */
START_TEST(clone_writes_nothing_to_the_record)
{
    char dir[] = "learn_lib.XXXXXX", path[64], error[DL_ERROR_SIZE] = "";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/match.jsonl", dir);
    dl_game_t *g = make("bergen", NULL, 21);
    ck_assert_msg(dl_record_open(g, path) == 0, "%s", dl_game_error(g));
    uint64_t x = 5;
    play_random(g, &x, 12);
    dl_game_t *c = dl_game_clone(g, error, sizeof error);
    ck_assert_msg(c, "%s", error);
    ck_assert_int_eq(dl_record_close(c), -1); /* the clone has no record */
    uint64_t y = 77;
    while (dl_status(c) != DL_MATCH_OVER) play_random(c, &y, 1000);
    dl_game_destroy(c); /* its match over: a clone that held the record would commit it now */
    ck_assert_int_ne(access(path, F_OK), 0);
    while (dl_status(g) != DL_MATCH_OVER) play_random(g, &x, 1000);
    ck_assert_msg(dl_record_close(g) == 0, "%s", dl_game_error(g));
    ck_assert_msg(dl_record_check(path, error, sizeof error) == 0, "%s", error);
    dl_game_t *back = dl_game_from_record(path, -1, error, sizeof error);
    ck_assert_msg(back, "%s", error);
    int want[DL_MAX_SEATS], got[DL_MAX_SEATS];
    int sides = dl_scores(g, want);
    ck_assert_int_eq(dl_scores(back, got), sides);
    for (int side = 0; side < sides; side++) ck_assert_int_eq(got[side], want[side]);
    dl_game_destroy(back);
    dl_game_destroy(g);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* ================================================================== the vector */

/* A vector's outputs of one call, owned. */
typedef struct rows {
    int count, seats, actions, size;
    float *observations, *rewards;
    unsigned char *masks, *dones;
    int *to_move, placed;
} rows_t;

static rows_t rows_for(const dl_vec_t *v)
{
    rows_t r = {.count = dl_vec_count(v), .seats = dl_vec_seats(v), .actions = dl_vec_action_count(v),
                .size = dl_vec_observation_size(v)};
    r.observations = calloc((size_t)(r.count * r.size), sizeof *r.observations);
    r.rewards = calloc((size_t)(r.count * r.seats), sizeof *r.rewards);
    r.masks = calloc((size_t)(r.count * r.actions), 1);
    r.dones = calloc((size_t)r.count, 1);
    r.to_move = calloc((size_t)r.count, sizeof *r.to_move);
    REQUIRE(r.observations && r.rewards && r.masks && r.dones && r.to_move, "out of memory");
    return r;
}

static void rows_free(rows_t *r)
{
    free(r->observations);
    free(r->rewards);
    free(r->masks);
    free(r->dones);
    free(r->to_move);
}

static int step(dl_vec_t *v, const int *actions, rows_t *r)
{
    r->placed = dl_vec_step(v, actions, r->observations, r->masks, r->to_move, r->rewards, r->dones);
    return r->placed;
}

/* Whether rows [0, n) of a and b agree in every array. */
static bool rows_agree(const rows_t *a, const rows_t *b, int n)
{
    return memcmp(a->observations, b->observations, (size_t)(n * a->size) * sizeof(float)) == 0 &&
           memcmp(a->masks, b->masks, (size_t)(n * a->actions)) == 0 &&
           memcmp(a->to_move, b->to_move, (size_t)n * sizeof(int)) == 0 &&
           memcmp(a->rewards, b->rewards, (size_t)(n * a->seats) * sizeof(float)) == 0 &&
           memcmp(a->dones, b->dones, (size_t)n) == 0;
}

static dl_vec_t *make_vec(const char *game, const char *const *options, int count, uint64_t seed, int episode,
                          int reward)
{
    char error[DL_ERROR_SIZE] = "";
    dl_vec_t *v = dl_vec_create(game, NULL, 0, options, count, seed, episode, reward, error, sizeof error);
    REQUIRE(v, "%s: %s", game, error);
    return v;
}

/* The lowest legal action of each row. */
static void lowest_actions(const rows_t *r, int *actions)
{
    for (int i = 0; i < r->count; i++) {
        int a = 0;
        while (a < r->actions && !r->masks[i * r->actions + a]) a++;
        REQUIRE(a < r->actions, "game %d: an empty mask", i);
        actions[i] = a;
    }
}

START_TEST(vec_create_refuses_bad_arguments)
{
    static const struct {
        const char *game, *preset;
        int players, count, episode, reward;
        const char *words;
    } cases[] = {
        {"bergen", NULL, 0, 0, DL_EPISODE_HAND, DL_REWARD_POINTS, "count 0"},
        {"bergen", NULL, 0, -3, DL_EPISODE_HAND, DL_REWARD_POINTS, "count -3"},
        {"bergen", NULL, 0, 2, 2, DL_REWARD_POINTS, "episode 2"},
        {"bergen", NULL, 0, 2, -1, DL_REWARD_POINTS, "episode -1"},
        {"bergen", NULL, 0, 2, DL_EPISODE_MATCH, 7, "reward 7"},
        {"chess", NULL, 0, 2, DL_EPISODE_MATCH, DL_REWARD_WIN, "chess"},
        {"bergen", "no_such_preset", 0, 2, DL_EPISODE_MATCH, DL_REWARD_WIN, "no_such_preset"},
        {"bergen", NULL, -2, 2, DL_EPISODE_MATCH, DL_REWARD_WIN, "-2"},
        {"partnership", NULL, 3, 2, DL_EPISODE_MATCH, DL_REWARD_WIN, "players"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char error[DL_ERROR_SIZE] = "";
        dl_vec_t *v = dl_vec_create(cases[k].game, cases[k].preset, cases[k].players, NULL, cases[k].count, 1,
                                    cases[k].episode, cases[k].reward, error, sizeof error);
        ck_assert_msg(!v, "case %zu was made", k);
        ck_assert_msg(says(error, cases[k].words), "case %zu: '%s' does not say '%s'", k, error, cases[k].words);
        ck_assert_ptr_null(dl_vec_create(cases[k].game, cases[k].preset, cases[k].players, NULL, cases[k].count, 1,
                                         cases[k].episode, cases[k].reward, NULL, 0));
    }
    const char *const bad_option[] = {"set_max=7", NULL};
    char error[DL_ERROR_SIZE] = "";
    ck_assert_ptr_null(dl_vec_create("bergen", NULL, 0, bad_option, 2, 1, DL_EPISODE_HAND, DL_REWARD_WIN, error,
                                     sizeof error));
    ck_assert_msg(says(error, "set_max"), "'%s'", error);
    /* NULL vectors and arrays */
    ck_assert_int_eq(dl_vec_count(NULL), -1);
    ck_assert_int_eq(dl_vec_seats(NULL), -1);
    ck_assert_int_eq(dl_vec_action_count(NULL), -1);
    ck_assert_int_eq(dl_vec_observation_size(NULL), -1);
    ck_assert(dl_vec_error(NULL)[0]);
    int actions[2] = {0, 0};
    ck_assert_int_eq(dl_vec_step(NULL, actions, NULL, NULL, NULL, NULL, NULL), -1);
    ck_assert_int_eq(dl_vec_random_actions(NULL, actions), -1);
    dl_vec_destroy(NULL);
    dl_vec_t *v = make_vec("bergen", NULL, 2, 1, DL_EPISODE_HAND, DL_REWARD_POINTS);
    ck_assert_int_eq(dl_vec_step(v, NULL, NULL, NULL, NULL, NULL, NULL), -1);
    ck_assert_msg(says(dl_vec_error(v), "NULL"), "'%s'", dl_vec_error(v));
    ck_assert_int_eq(dl_vec_random_actions(v, NULL), -1);
    ck_assert_int_eq(dl_vec_count(v), 2);
    ck_assert_int_eq(dl_vec_seats(v), 2);
    ck_assert_int_eq(dl_vec_action_count(v), 89);
    ck_assert_int_eq(dl_vec_observation_size(v), 143);
    dl_vec_destroy(v);
}
END_TEST

START_TEST(vec_same_seed_same_games)
{
    static const char *const games[] = {"partnership", "bergen", "double_bergen", "bingo"};
    const char *game = games[_i];
    dl_vec_t *a = make_vec(game, NULL, 4, 99, DL_EPISODE_HAND, DL_REWARD_POINTS);
    dl_vec_t *b = make_vec(game, NULL, 4, 99, DL_EPISODE_HAND, DL_REWARD_POINTS);
    dl_vec_t *other = make_vec(game, NULL, 4, 100, DL_EPISODE_HAND, DL_REWARD_POINTS);
    rows_t ra = rows_for(a), rb = rows_for(b), ro = rows_for(other);
    ck_assert_int_eq(dl_vec_reset(a, 99, ra.observations, ra.masks, ra.to_move), 0);
    ck_assert_int_eq(dl_vec_reset(b, 99, rb.observations, rb.masks, rb.to_move), 0);
    ck_assert_int_eq(dl_vec_reset(other, 100, ro.observations, ro.masks, ro.to_move), 0);
    ck_assert_msg(rows_agree(&ra, &rb, 4), "%s: the same seed, other games", game);
    ck_assert_msg(memcmp(ra.observations, ro.observations, (size_t)(4 * ra.size) * sizeof(float)) != 0,
                  "%s: another seed, the same deals", game);
    int actions_a[4], actions_b[4], dones = 0;
    for (int s = 0; s < STEPS; s++) {
        ck_assert_int_eq(dl_vec_random_actions(a, actions_a), 0);
        ck_assert_int_eq(dl_vec_random_actions(b, actions_b), 0);
        ck_assert_msg(memcmp(actions_a, actions_b, sizeof actions_a) == 0, "%s step %d: other random actions", game, s);
        for (int i = 0; i < 4; i++)
            ck_assert_msg(ra.masks[i * ra.actions + actions_a[i]], "%s step %d: a random action not legal", game, s);
        int placed_a = step(a, actions_a, &ra), placed_b = step(b, actions_b, &rb);
        ck_assert_msg(placed_a >= 0 && placed_a == placed_b, "%s step %d: %s", game, s, dl_vec_error(a));
        ck_assert_msg(rows_agree(&ra, &rb, 4), "%s step %d: the same seed and actions, other rows", game, s);
        for (int i = 0; i < 4; i++) dones += ra.dones[i];
    }
    ck_assert_int_gt(dones, 0);
    /* a reset to the seed starts the same games and the same random actions again */
    dl_vec_t *fresh = make_vec(game, NULL, 4, 99, DL_EPISODE_HAND, DL_REWARD_POINTS);
    rows_t rf = rows_for(fresh);
    ck_assert_int_eq(dl_vec_reset(fresh, 99, rf.observations, rf.masks, rf.to_move), 0);
    ck_assert_int_eq(dl_vec_reset(a, 99, ra.observations, ra.masks, ra.to_move), 0);
    for (int s = 0; s < 50; s++) {
        dl_vec_random_actions(a, actions_a);
        dl_vec_random_actions(fresh, actions_b);
        ck_assert(memcmp(actions_a, actions_b, sizeof actions_a) == 0);
        step(a, actions_a, &ra);
        step(fresh, actions_b, &rf);
        ck_assert_msg(rows_agree(&ra, &rf, 4), "%s step %d after reset", game, s);
    }
    /* a reset to another seed makes that seed's games (a reset writes no rewards or dones) */
    memset(ra.rewards, 0, (size_t)(4 * ra.seats) * sizeof(float));
    memset(ra.dones, 0, 4);
    ck_assert_int_eq(dl_vec_reset(a, 100, ra.observations, ra.masks, ra.to_move), 0);
    ck_assert_msg(rows_agree(&ra, &ro, 4), "%s: a reset to seed 100 is not a vector made with it", game);
    rows_free(&ra), rows_free(&rb), rows_free(&ro), rows_free(&rf);
    dl_vec_destroy(a), dl_vec_destroy(b), dl_vec_destroy(other), dl_vec_destroy(fresh);
}
END_TEST

/* Game i of a vector of 3 and game i of a vector of 8, both given the lowest legal action
 * of their own row: the same rows. */
START_TEST(vec_rows_depend_on_their_own_game)
{
    static const char *const games[] = {"partnership", "bergen", "double_bergen", "bingo"};
    const char *game = games[_i];
    dl_vec_t *few = make_vec(game, NULL, 3, 5, DL_EPISODE_MATCH, DL_REWARD_POINTS);
    dl_vec_t *many = make_vec(game, NULL, 8, 5, DL_EPISODE_MATCH, DL_REWARD_POINTS);
    rows_t rf = rows_for(few), rm = rows_for(many);
    dl_vec_reset(few, 5, rf.observations, rf.masks, rf.to_move);
    dl_vec_reset(many, 5, rm.observations, rm.masks, rm.to_move);
    ck_assert_msg(rows_agree(&rf, &rm, 3), "%s: other first rows", game);
    int actions_f[3], actions_m[8], dones = 0;
    for (int s = 0; s < STEPS * 4; s++) {
        lowest_actions(&rf, actions_f);
        lowest_actions(&rm, actions_m);
        ck_assert_int_ge(step(few, actions_f, &rf), 0);
        ck_assert_int_ge(step(many, actions_m, &rm), 0);
        ck_assert_msg(rows_agree(&rf, &rm, 3), "%s step %d: game rows differ between 3 and 8 games", game, s);
        for (int i = 0; i < 3; i++) dones += rf.dones[i];
    }
    ck_assert_int_gt(dones, 0); /* a match ended within the comparison */
    rows_free(&rf), rows_free(&rm);
    dl_vec_destroy(few), dl_vec_destroy(many);
}
END_TEST

START_TEST(vec_illegal_action_plays_nothing)
{
    dl_vec_t *v = make_vec("partnership", NULL, 5, 8, DL_EPISODE_HAND, DL_REWARD_POINTS);
    dl_vec_t *twin = make_vec("partnership", NULL, 5, 8, DL_EPISODE_HAND, DL_REWARD_POINTS);
    rows_t r = rows_for(v), t = rows_for(twin);
    dl_vec_reset(v, 8, r.observations, r.masks, r.to_move);
    dl_vec_reset(twin, 8, t.observations, t.masks, t.to_move);
    int actions[5], bad[5];
    for (int s = 0; s < 30; s++) {
        dl_vec_random_actions(v, actions);
        dl_vec_random_actions(twin, bad);
        step(v, actions, &r);
        step(twin, actions, &t);
    }
    ck_assert(rows_agree(&r, &t, 5));
    for (int round = 0; round < 3; round++)
        for (int game = 0; game < 5; game++) {
            lowest_actions(&r, bad);
            int illegal = 0;
            while (r.masks[game * r.actions + illegal]) illegal++;
            bad[game] = round == 0 ? illegal : round == 1 ? -1 : r.actions;
            /* the arrays of the refused call stay as they were */
            rows_t untouched = rows_for(v), probe = rows_for(v);
            memset(untouched.observations, 0x7f, (size_t)(5 * r.size) * sizeof(float));
            memcpy(probe.observations, untouched.observations, (size_t)(5 * r.size) * sizeof(float));
            ck_assert_int_eq(step(v, bad, &probe), -1);
            char words[64];
            snprintf(words, sizeof words, "game %d: action %d", game, bad[game]);
            ck_assert_msg(says(dl_vec_error(v), words), "'%s' does not say '%s'", dl_vec_error(v), words);
            ck_assert_msg(rows_agree(&probe, &untouched, 5), "a refused step wrote its arrays");
            rows_free(&untouched), rows_free(&probe);
            /* the random actions drawn next are the twin's: the refused call drew nothing */
            dl_vec_random_actions(v, actions);
            dl_vec_random_actions(twin, bad);
            ck_assert(memcmp(actions, bad, sizeof actions) == 0);
            /* and the next legal step is the twin's, which never saw the bad call */
            ck_assert_int_eq(step(v, actions, &r), step(twin, actions, &t));
            ck_assert_msg(rows_agree(&r, &t, 5), "round %d game %d: the refused step changed the games", round, game);
        }
    rows_free(&r), rows_free(&t);
    dl_vec_destroy(v), dl_vec_destroy(twin);
}
END_TEST

/* The scores of the seat to move's observation (docs/python.md: own side first, over the
 * target): a line game of 28 tiles, S seats and 2 sides, at (3 + S - 1) 28 + 18 + 3S + 3. */
static int scores_at(int seats) { return (3 + seats - 1) * 28 + 18 + 3 * seats + 3; }

/* Points rewards summed since the match began are the scores each observation shows; a
 * match ends at its target; the win rewards of the same games go to the side with more. */
START_TEST(vec_rewards_are_the_scores)
{
    static const struct {
        const char *game;
        int seats, target;
    } cases[] = {{"bergen", 2, 15}, {"partnership", 4, 100}};
    const char *game = cases[_i].game;
    int seats = cases[_i].seats, target = cases[_i].target, count = 4, at = scores_at(seats);
    dl_vec_t *points = make_vec(game, NULL, count, 31, DL_EPISODE_MATCH, DL_REWARD_POINTS);
    dl_vec_t *wins = make_vec(game, NULL, count, 31, DL_EPISODE_MATCH, DL_REWARD_WIN);
    rows_t rp = rows_for(points), rw = rows_for(wins);
    dl_vec_reset(points, 31, rp.observations, rp.masks, rp.to_move);
    dl_vec_reset(wins, 31, rw.observations, rw.masks, rw.to_move);
    double total[8][DL_MAX_SEATS] = {{0}};
    int actions[8], matches = 0, won = 0;
    for (int s = 0; s < LONG_STEPS; s++) {
        dl_vec_random_actions(points, actions);
        step(points, actions, &rp);
        step(wins, actions, &rw);
        ck_assert_msg(memcmp(rp.observations, rw.observations, (size_t)(count * rp.size) * sizeof(float)) == 0,
                      "the reward changed the games");
        for (int i = 0; i < count; i++) {
            const float *reward = rp.rewards + i * seats, *win = rw.rewards + i * seats;
            for (int seat = 0; seat < seats; seat++) {
                ck_assert_msg(reward[seat] == floorf(reward[seat]), "a reward of %g points", (double)reward[seat]);
                total[i][seat] += reward[seat];
                if (seat >= 2) ck_assert_msg(reward[seat] == reward[seat - 2] && win[seat] == win[seat - 2],
                                             "partners rewarded apart");
            }
            /* within a hand only the mover scores; the step that ends it may credit both (a
             * header to the placer, the block to the lighter hand) */
            bool hand_on = rp.observations[i * rp.size + at - 1] > 0; /* tiles on the table */
            if (seats == 2 && hand_on)
                ck_assert_msg(!(reward[0] > 0 && reward[1] > 0), "both seats scored within a hand: %g %g",
                              (double)reward[0], (double)reward[1]);
            if (!rp.dones[i]) {
                for (int seat = 0; seat < seats; seat++) ck_assert_msg(win[seat] == 0, "a win reward before the end");
                int mover = rp.to_move[i];
                const float *o = rp.observations + i * rp.size;
                ck_assert_msg(lroundf(o[at] * (float)target) == lround(total[i][mover]) &&
                                  lroundf(o[at + 1] * (float)target) == lround(total[i][(mover + 1) % seats]),
                              "game %d step %d: scores %g/%g, rewards %g/%g", i, s, (double)(o[at] * (float)target),
                              (double)(o[at + 1] * (float)target), total[i][mover], total[i][(mover + 1) % seats]);
                continue;
            }
            /* the match is over: one side reached the target, and wins unless it is a draw */
            matches++;
            double best = total[i][0], other = total[i][1];
            int leader = 0;
            if (other > best) best = total[i][1], other = total[i][0], leader = 1;
            ck_assert_msg(best >= target, "game %d: a match over at %g points", i, best);
            if (win[0] == 0) {
                for (int seat = 0; seat < seats; seat++) ck_assert(win[seat] == 0);
            } else {
                won++;
                ck_assert_msg(win[leader] == 1 && win[1 - leader] == -1, "game %d: %g and %g points, rewards %g %g", i,
                              total[i][0], total[i][1], (double)win[0], (double)win[1]);
            }
            for (int seat = 0; seat < seats; seat++) total[i][seat] = 0;
            const float *o = rp.observations + i * rp.size;
            ck_assert_msg(o[at] == 0 && o[at + 1] == 0, "game %d: the row after a match is not a new match", i);
        }
    }
    ck_assert_msg(matches >= 2 && won >= 1, "%d matches over, %d won", matches, won);
    rows_free(&rp), rows_free(&rw);
    dl_vec_destroy(points), dl_vec_destroy(wins);
}
END_TEST

/* Episodes of a hand: dones happen, the row after one is a fresh hand (nothing on the
 * table); win rewards only then, +1 and -1 by side, or all 0; the step counts the tiles
 * placed (the actions below tiles x slots). */
START_TEST(vec_hand_episodes_and_placed_tiles)
{
    static const struct {
        const char *game;
        int seats, play_actions, table_at;
    } cases[] = {
        {"bergen", 2, PLAY_SLOTS_LINE, 4 * 28 + 18 + 6 + 2},
        {"partnership", 4, PLAY_SLOTS_LINE, 6 * 28 + 18 + 12 + 2},
        {"bingo", 2, 28, -1},
    };
    const char *game = cases[_i].game;
    int seats = cases[_i].seats, count = 6;
    dl_vec_t *v = make_vec(game, NULL, count, 17, DL_EPISODE_HAND, DL_REWARD_WIN);
    rows_t r = rows_for(v);
    dl_vec_reset(v, 17, r.observations, r.masks, r.to_move);
    int actions[8], dones = 0, won = 0, placed_total = 0;
    for (int s = 0; s < LONG_STEPS / 3; s++) {
        dl_vec_random_actions(v, actions);
        int plays = 0;
        for (int i = 0; i < count; i++) plays += actions[i] < cases[_i].play_actions;
        int placed = step(v, actions, &r);
        ck_assert_msg(placed == plays, "step %d: %d placed, %d play actions", s, placed, plays);
        placed_total += placed;
        for (int i = 0; i < count; i++) {
            const float *win = r.rewards + i * seats;
            int legal = 0;
            for (int a = 0; a < r.actions; a++) legal += r.masks[i * r.actions + a];
            ck_assert_msg(legal > 0 && r.to_move[i] >= 0 && r.to_move[i] < seats, "game %d: no decision", i);
            if (!r.dones[i]) {
                for (int seat = 0; seat < seats; seat++) ck_assert(win[seat] == 0);
                continue;
            }
            dones++;
            float sum = 0;
            for (int seat = 0; seat < seats; seat++) {
                ck_assert(win[seat] == 0 || win[seat] == 1 || win[seat] == -1);
                ck_assert_msg(win[seat] == win[seat % 2] && (win[0] == 0) == (win[seat] == 0),
                              "seat %d's win reward %g", seat, (double)win[seat]);
                sum += win[seat];
            }
            ck_assert_msg(sum == 0, "game %d: win rewards not +1 and -1 by side", i);
            won += win[0] != 0;
            if (cases[_i].table_at >= 0)
                ck_assert_msg(r.observations[i * r.size + cases[_i].table_at] == 0, "game %d: the hand after a done "
                              "has tiles on the table", i);
        }
    }
    ck_assert_msg(dones > 5 && won > dones / 2, "%d hands over, %d won", dones, won);
    ck_assert_int_gt(placed_total, 0);
    rows_free(&r);
    dl_vec_destroy(v);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("learn_lib");
    TCase *one = tcase_create("one game");
    tcase_add_loop_test(one, counts_of_each_game, 0, GAME_CASES);
    tcase_add_loop_test(one, masks_moves_and_states_agree, 0, GAME_CASES);
    tcase_add_test(one, apply_action_refuses_what_is_not_legal);
    tcase_add_test(one, tensors_refuse_bad_arguments);
    tcase_add_test(one, clone_is_equal_and_independent);
    tcase_add_test(one, clone_of_null_fails_with_a_message);
    tcase_add_test(one, clone_writes_nothing_to_the_record);
    suite_add_tcase(suite, one);
    TCase *vec = tcase_create("vector");
    tcase_add_test(vec, vec_create_refuses_bad_arguments);
    tcase_add_loop_test(vec, vec_same_seed_same_games, 0, 4);
    tcase_add_loop_test(vec, vec_rows_depend_on_their_own_game, 0, 4);
    tcase_add_test(vec, vec_illegal_action_plays_nothing);
    tcase_add_loop_test(vec, vec_rewards_are_the_scores, 0, 2);
    tcase_add_loop_test(vec, vec_hand_episodes_and_placed_tiles, 0, 3);
    suite_add_tcase(suite, vec);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
