/* test_encoding.c - the actions and the observation vector of agents/encoding.h, as
 * docs/python.md ("Actions and tensors") lays them out.
 *
 * Over every preset of every game, and Bergen with set_max 9 and 12 and Double Bergen with
 * 3 and 4 players, random matches are played and every decision checked:
 *   - every legal move has an action in [0, action_count); two legal moves share one only
 *     where they are the same move (game_move_equal); the mask counts the distinct actions
 *     and move_of leads each one back to a move of that action;
 *   - the observation of every seat is exactly `size` floats (the buffer is NaN before,
 *     16 floats past the end stay NaN), equal to the layout rebuilt here block by block
 *     from the documented offsets: hand, table, unseen, the others' lacks from the next
 *     seat on, the ends (or the tricks), counts per tile, scores per target, the seat to
 *     move relative to the observer, the game's facts;
 *   - it reads nothing observe leaves unwritten (the same vector from an observation
 *     struct filled with 0x00 or 0xa5 before observe).
 * Once per rule set: the in-bounds moves number the actions one to one (every action has
 * exactly one move), and moves outside the bounds are ENCODING_NO_MOVE.
 * By hand: the action counts and sizes of each game, concrete Partnership actions, and
 * every block of a Partnership position of the example game (partnership.md §6) seen by D
 * and by A, in the hand and at its end.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoding.h"
#include "games.h"
#include "partnership/partnership.h"
#include "partnership_example.h"
#include "test_support.h"

enum {
    ERROR_SIZE = OPTIONS_ERROR_SIZE,
    MAX_OVERRIDES = 8,
    TAIL = 16,              /* floats past the observation that must stay untouched */
    MATCHES = 20,           /* random matches per rule set */
    MAX_DECISIONS = 3000,   /* per match: a long match is cut there (not scaled) */
    SPECIALS = 5            /* draw, pass, end turn, close, meld */
};

/* ------------------------------------------------------------------ the rule sets */

typedef struct config {
    const char *game, *preset, *overrides; /* overrides: "k=v k=v", or "" */
} config_t;

/* Beyond each game's presets (which main adds first, read from the registry). */
static const config_t extra_configs[] = {
    {"bergen", "bergen", "players=3"},
    {"bergen", "bergen", "players=4"},
    {"bergen", "bergen_classic", "players=3"},
    {"bergen", "bergen", "set_max=9"},
    {"bergen", "bergen", "set_max=9 players=3"},
    {"bergen", "bergen", "set_max=9 players=4"},
    {"bergen", "bergen", "set_max=12"},
    {"bergen", "bergen", "set_max=12 players=3"},
    {"bergen", "bergen", "set_max=12 players=4"},
    {"bergen", "bergen", "players=6 num_sets=2 hand_size=5"},
    {"double_bergen", "double_bergen", "players=3"},
    {"double_bergen", "double_bergen", "players=4"},
    {"double_bergen", "double_bergen_12", "players=3"},
    {"double_bergen", "double_bergen_12", "players=4"},
};

enum { MAX_CONFIGS = 64 };
static config_t configs[MAX_CONFIGS];
static int config_count;

static void list_configs(void)
{
    int games;
    const game_t *const *list = game_list(&games);
    for (int g = 0; g < games; g++)
        for (int p = 0; p < list[g]->preset_count; p++)
            configs[config_count++] = (config_t){list[g]->name, list[g]->presets[p].name, ""};
    for (size_t k = 0; k < sizeof extra_configs / sizeof extra_configs[0]; k++) configs[config_count++] = extra_configs[k];
}

/* The rules of a configuration; the test fails where they cannot be made. */
static game_rules_t *open_rules(const config_t *c, const game_t **game)
{
    char error[ERROR_SIZE], copy[256];
    const char *list[MAX_OVERRIDES];
    int count = 0;
    *game = game_find(c->game);
    REQUIRE(*game, "no game %s", c->game);
    snprintf(copy, sizeof copy, "%s", c->overrides);
    for (char *word = strtok(copy, " "); word && count < MAX_OVERRIDES; word = strtok(NULL, " ")) list[count++] = word;
    option_values_t values;
    REQUIRE(game_configure(*game, c->preset, list, count, &values, error, sizeof error) == 0, "%s %s: %s", c->preset,
            c->overrides, error);
    game_rules_t *rules = NULL;
    REQUIRE((*game)->rules_create(&values, &rules, error, sizeof error) == 0, "%s %s: %s", c->preset, c->overrides,
            error);
    return rules;
}

static game_rules_t *open_named(const char *game_name, const char *preset, const char *overrides, const game_t **game)
{
    config_t c = {game_name, preset, overrides};
    return open_rules(&c, game);
}

/* ------------------------------------------------------------------ the layout, rebuilt */

/* The documented offsets (docs/python.md), from the bounds and the counts alone. */
typedef struct layout {
    int T, E, S, D, N;
    int hand, table, unseen, lacks; /* lacks: S - 1 planes, relative seats 1 .. S-1 */
    int table_shape;                /* the ends, or the tricks */
    int hand_sizes, draws, passes, stock, drawable, table_count, scores, to_move, facts, size;
} layout_t;

static layout_t layout_of(const encoding_t *e)
{
    layout_t l = {.T = e->bounds.tiles, .E = e->bounds.ends, .S = e->seats, .D = e->sides, .N = e->numbers};
    l.hand = 0;
    l.table = l.T;
    l.unseen = 2 * l.T;
    l.lacks = 3 * l.T;
    l.table_shape = (3 + l.S - 1) * l.T;
    int shape = l.E > 0 ? l.E * (l.N + 2) : l.N + l.T + l.T + 1 + l.S + l.D * l.T + l.S * l.T + l.D;
    l.hand_sizes = l.table_shape + shape;
    l.draws = l.hand_sizes + l.S;
    l.passes = l.draws + l.S;
    l.stock = l.passes + l.S;
    l.drawable = l.stock + 1;
    l.table_count = l.drawable + 1;
    l.scores = l.table_count + 1;
    l.to_move = l.scores + l.D;
    l.facts = l.to_move + l.S;
    l.size = l.facts;
    for (int i = 0; i < e->game->fact_count; i++)
        l.size += (e->game->facts[i].per_seat ? l.S : 1) * (e->game->facts[i].kind == GAME_FACT_NUMBERS ? l.N : 1);
    return l;
}

static void plane(float *at, tileset_t tiles, int T)
{
    for (int t = 0; t < T; t++) at[t] = tileset_has(tiles, t) ? 1.0f : 0.0f;
}

/* What o's vector should hold, written at the documented offsets (out holds l->size). */
static void expected_observation(const layout_t *l, const game_t *game, const game_observation_t *o, float *out)
{
    int T = l->T, S = l->S, D = l->D, N = l->N, me = o->seat, my_side = o->side_of_seat[me];
    float target = o->target > 0 ? (float)o->target : 100.0f;
    memset(out, 0, (size_t)l->size * sizeof *out);
    plane(out + l->hand, o->hand, T);
    plane(out + l->table, o->table, T);
    plane(out + l->unseen, o->unseen, T);
    for (int k = 1; k < S; k++) plane(out + l->lacks + (k - 1) * T, o->lacks[(me + k) % S], T);
    float *shape = out + l->table_shape;
    if (l->E > 0) {
        for (int k = 0; k < o->ends.count && k < l->E; k++) {
            float *end = shape + k * (N + 2);
            if (o->ends.number[k] >= 0) end[o->ends.number[k]] = 1;
            end[N] = o->ends.is_double[k] ? 1.0f : 0.0f;
            end[N + 1] = o->ends.open[k] ? 1.0f : 0.0f;
        }
    } else {
        const game_tricks_t *t = &o->tricks;
        int trump = 0, face_up = trump + N, led = face_up + T, closed = led + T, leader = closed + 1,
            won = leader + S, shown = won + D * T, points = shown + S * T;
        if (t->trump >= 0) shape[trump + t->trump] = 1;
        if (t->face_up >= 0) shape[face_up + t->face_up] = 1;
        if (t->led >= 0) shape[led + t->led] = 1;
        shape[closed] = t->closed ? 1.0f : 0.0f;
        if (t->leader >= 0) shape[leader + (t->leader - me + S) % S] = 1;
        for (int j = 0; j < D; j++) plane(shape + won + j * T, t->won[(my_side + j) % D], T);
        for (int k = 0; k < S; k++) plane(shape + shown + k * T, t->shown[(me + k) % S], T);
        for (int j = 0; j < D; j++) shape[points + j] = (float)t->hand_points[(my_side + j) % D] / 100.0f;
    }
    for (int k = 0; k < S; k++) {
        out[l->hand_sizes + k] = (float)o->hand_size[(me + k) % S] / (float)T;
        out[l->draws + k] = (float)o->draws[(me + k) % S] / (float)T;
        out[l->passes + k] = (float)o->passes[(me + k) % S] / (float)T;
    }
    out[l->stock] = (float)o->stock_size / (float)T;
    out[l->drawable] = (float)o->stock_drawable / (float)T;
    out[l->table_count] = (float)o->table_count / (float)T;
    for (int j = 0; j < D; j++) out[l->scores + j] = (float)o->score[(my_side + j) % D] / target;
    if (o->to_move >= 0) out[l->to_move + (o->to_move - me + S) % S] = 1;
    float *at = out + l->facts;
    for (int i = 0; i < game->fact_count; i++) {
        const game_fact_t *fact = &game->facts[i];
        int offset = game_fact_at(game, fact->name);
        for (int k = 0; k < (fact->per_seat ? S : 1); k++) {
            int value = o->facts[offset + (fact->per_seat ? (me + k) % S : 0)];
            if (fact->kind == GAME_FACT_NUMBERS) {
                for (int n = 0; n < N; n++) at[n] = (value >> n & 1) ? 1.0f : 0.0f;
                at += N;
            } else {
                *at++ = (float)value / 100.0f;
            }
        }
    }
}

/* The vector of what `seat` observes, into a buffer of size + TAIL floats filled with NaN
 * first: exactly size floats written, none left NaN. The observation struct is filled with
 * `fill` before observe. Returns the buffer (the caller frees it). */
static float *observed(const encoding_t *e, const void *state, int seat, int fill, game_observation_t *o,
                       const char *label)
{
    float *buffer = malloc((size_t)(e->size + TAIL) * sizeof *buffer);
    REQUIRE(buffer, "out of memory");
    for (int i = 0; i < e->size + TAIL; i++) buffer[i] = NAN;
    memset(o, fill, sizeof *o);
    e->game->observe(state, seat, o);
    encoding_observation(e, o, buffer);
    for (int i = 0; i < e->size; i++) REQUIRE(!isnan(buffer[i]), "%s, seat %d: float %d left unwritten", label, seat, i);
    for (int i = e->size; i < e->size + TAIL; i++)
        REQUIRE(isnan(buffer[i]), "%s, seat %d: float %d written past the size %d", label, seat, i, e->size);
    return buffer;
}

/* Every seat's vector against the rebuilt layout, and the blocks the brief names one by one. */
static void check_observations(const encoding_t *e, const layout_t *l, const void *state, const char *label)
{
    float *expected = malloc((size_t)l->size * sizeof *expected);
    REQUIRE(expected, "out of memory");
    for (int seat = 0; seat < e->seats; seat++) {
        game_observation_t o, other;
        float *v = observed(e, state, seat, 0x00, &o, label);
        float *w = observed(e, state, seat, 0xa5, &other, label);
        for (int i = 0; i < e->size; i++)
            REQUIRE(v[i] == w[i], "%s, seat %d: float %d reads what observe did not write (%g vs %g)", label, seat, i,
                    (double)v[i], (double)w[i]);
        for (int t = 0; t < l->T; t++) {
            REQUIRE(v[l->hand + t] == (tileset_has(o.hand, t) ? 1.0f : 0.0f), "%s, seat %d: hand plane at tile %d",
                    label, seat, t);
            REQUIRE(v[l->table + t] == (tileset_has(o.table, t) ? 1.0f : 0.0f), "%s, seat %d: table plane at %d", label,
                    seat, t);
            REQUIRE(v[l->unseen + t] == (tileset_has(o.unseen, t) ? 1.0f : 0.0f), "%s, seat %d: unseen plane at %d",
                    label, seat, t);
            for (int k = 1; k < e->seats; k++)
                REQUIRE(v[l->lacks + (k - 1) * l->T + t] == (tileset_has(o.lacks[(seat + k) % e->seats], t) ? 1.0f : 0.0f),
                        "%s, seat %d: lacks block of relative seat %d (seat %d) at tile %d", label, seat, k,
                        (seat + k) % e->seats, t);
        }
        int ones = 0;
        for (int k = 0; k < e->seats; k++) ones += v[l->to_move + k] == 1.0f;
        if (o.to_move >= 0)
            REQUIRE(ones == 1 && v[l->to_move + (o.to_move - seat + e->seats) % e->seats] == 1.0f,
                    "%s, seat %d: the to-move one-hot does not say seat %d", label, seat, o.to_move);
        else REQUIRE(ones == 0, "%s, seat %d: a seat to move outside a hand", label, seat);
        expected_observation(l, e->game, &o, expected);
        for (int i = 0; i < l->size; i++) /* a count times 1/T or over T: the last bit may differ */
            REQUIRE(fabsf(v[i] - expected[i]) <= 1e-6f * fmaxf(1.0f, fabsf(expected[i])),
                    "%s, seat %d: float %d is %g, the layout says %g", label, seat, i, (double)v[i], (double)expected[i]);
        free(v);
        free(w);
    }
    free(expected);
}

/* ------------------------------------------------------------------ actions */

static void check_actions(const encoding_t *e, const game_move_t *moves, int count, const char *label)
{
    uint8_t mask[4096];
    int16_t legal[4096], order[GAME_MAX_MOVES];
    game_move_t move_of[4096];
    int action[GAME_MAX_MOVES];
    REQUIRE(e->action_count <= 4096, "%s: %d actions", label, e->action_count);
    REQUIRE(count > 0, "%s: a decision with no legal move", label);
    int distinct = 0;
    for (int i = 0; i < count; i++) {
        action[i] = encoding_action(e, moves[i]);
        REQUIRE(action[i] >= 0 && action[i] < e->action_count, "%s: legal move %d (kind %d tile %d end %d extra %d) "
                "has action %d of %d", label, i, moves[i].kind, moves[i].tile, moves[i].end, moves[i].extra,
                action[i], e->action_count);
        bool first = true;
        for (int j = 0; j < i; j++) {
            if (action[j] != action[i]) continue;
            REQUIRE(game_move_equal(moves[i], moves[j]), "%s: legal moves %d and %d differ but share action %d", label,
                    j, i, action[i]);
            first = false;
        }
        if (first) order[distinct++] = (int16_t)action[i];
    }
    int counted = encoding_mask(e, moves, count, mask, legal, move_of);
    REQUIRE(counted == distinct, "%s: the mask counts %d actions, the moves make %d", label, counted, distinct);
    for (int k = 0; k < distinct; k++)
        REQUIRE(legal[k] == order[k], "%s: legal[%d] = %d, the moves' order says %d", label, k, legal[k], order[k]);
    int set = 0;
    for (int a = 0; a < e->action_count; a++) {
        int first = -1;
        for (int i = 0; i < count && first < 0; i++)
            if (action[i] == a) first = i;
        REQUIRE(mask[a] == (first >= 0 ? 1 : 0), "%s: mask[%d] = %d", label, a, mask[a]);
        set += mask[a];
        if (first >= 0)
            REQUIRE(game_move_equal(move_of[a], moves[first]) && encoding_action(e, move_of[a]) == a,
                    "%s: move_of[%d] is not the legal move of that action", label, a);
    }
    REQUIRE(set == counted, "%s: %d bytes set, %d returned", label, set, counted);
    uint8_t again[4096];
    REQUIRE(encoding_mask(e, moves, count, again, NULL, NULL) == counted &&
                memcmp(again, mask, (size_t)e->action_count) == 0,
            "%s: the mask without legal and move_of differs", label);
}

/* Every move within the bounds has its own action, and they make every action once. */
static void check_numbering(const encoding_t *e, const char *label)
{
    int *seen = calloc((size_t)e->action_count, sizeof *seen);
    REQUIRE(seen, "out of memory");
    const game_move_bounds_t *b = &e->bounds;
    int moves = 0;
    for (int t = 0; t < b->tiles; t++)
        for (int end = -1; end < b->ends; end++) {
            game_move_t m = {GAME_MOVE_PLAY, (uint8_t)t, end < 0 ? GAME_NO_END : (uint8_t)end, 0};
            int a = encoding_action(e, m);
            REQUIRE(a == t * (b->ends + 1) + (end + 1), "%s: play tile %d end %d is action %d", label, t, end, a);
            seen[a]++, moves++;
        }
    const uint8_t specials[SPECIALS] = {GAME_MOVE_DRAW, GAME_MOVE_PASS, GAME_MOVE_END_TURN, GAME_MOVE_CLOSE,
                                        GAME_MOVE_MELD};
    for (int k = 0; k < SPECIALS; k++) {
        int a = encoding_action(e, (game_move_t){specials[k], 0, 0, 0});
        REQUIRE(a == b->tiles * (b->ends + 1) + k, "%s: special move %d is action %d", label, k, a);
        seen[a]++, moves++;
    }
    for (int d = 0; d < b->decisions; d++)
        for (int answer = 0; answer < b->answers; answer++) {
            int a = encoding_action(e, (game_move_t){GAME_MOVE_CHOICE, 0, (uint8_t)d, (uint8_t)answer});
            REQUIRE(a == b->tiles * (b->ends + 1) + SPECIALS + d * b->answers + answer,
                    "%s: decision %d answer %d is action %d", label, d, answer, a);
            seen[a]++, moves++;
        }
    REQUIRE(moves == e->action_count, "%s: %d moves in bounds, %d actions", label, moves, e->action_count);
    for (int a = 0; a < e->action_count; a++) REQUIRE(seen[a] == 1, "%s: action %d made %d times", label, a, seen[a]);
    free(seen);

    /* outside the bounds: no action */
    game_move_t outside[] = {
        {GAME_MOVE_PLAY, (uint8_t)b->tiles, GAME_NO_END, 0},
        {GAME_MOVE_PLAY, (uint8_t)b->tiles, 0, 0},
        {GAME_MOVE_PLAY, 255, GAME_NO_END, 0},
        {GAME_MOVE_PLAY, 0, (uint8_t)b->ends, 0},
        {GAME_MOVE_PLAY, (uint8_t)(b->tiles - 1), (uint8_t)b->ends, 0},
        {GAME_MOVE_PLAY, 0, GAME_NO_END - 1, 0},
        {GAME_MOVE_CHOICE, 0, (uint8_t)b->decisions, 0},
        {GAME_MOVE_CHOICE, 0, 0, (uint8_t)b->answers},
        {GAME_MOVE_CHOICE, 0, 255, 255},
        {GAME_MOVE_MELD + 1, 0, 0, 0},
        {200, 0, 0, 0},
        {255, 3, 1, 0},
    };
    for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++) {
        game_move_t m = outside[k];
        if (m.kind == GAME_MOVE_CHOICE && b->decisions > 0 && m.end < b->decisions && m.extra < b->answers) continue;
        REQUIRE(encoding_action(e, m) == ENCODING_NO_MOVE, "%s: move %zu outside the bounds (kind %d tile %d end %d "
                "extra %d) has action %d", label, k, m.kind, m.tile, m.end, m.extra, encoding_action(e, m));
    }
    /* a mask skips them, and counts only what lies in bounds */
    game_move_t mixed[] = {outside[0], {GAME_MOVE_PASS, 0, 0, 0}, outside[3], {GAME_MOVE_PASS, 0, 0, 0}};
    uint8_t mask[4096];
    int16_t legal[4];
    game_move_t move_of[4096];
    int pass = b->tiles * (b->ends + 1) + 1;
    REQUIRE(encoding_mask(e, mixed, 4, mask, legal, move_of) == 1 && legal[0] == pass &&
                move_of[pass].kind == GAME_MOVE_PASS,
            "%s: a mask of moves out of bounds and a pass said twice", label);
}

/* ------------------------------------------------------------------ random matches */

START_TEST(every_decision_of_random_matches)
{
    const config_t *c = &configs[_i];
    const game_t *game;
    game_rules_t *rules = open_rules(c, &game);
    char label[160];
    snprintf(label, sizeof label, "%s %s", c->preset, c->overrides);
    encoding_t e;
    REQUIRE(encoding_init(&e, game, rules) == 0, "%s: encoding_init refused", label);
    layout_t l = layout_of(&e);
    REQUIRE(e.size == l.size, "%s: size %d, the layout makes %d", label, e.size, l.size);
    REQUIRE(e.state_size == e.size + e.seats * e.bounds.tiles, "%s: state_size %d", label, e.state_size);
    REQUIRE(e.seats == game->seat_count(rules) && e.sides == game->side_count(rules), "%s: seats and sides", label);
    REQUIRE(e.numbers * (e.numbers + 1) / 2 == e.bounds.tiles, "%s: %d numbers for %d tiles", label, e.numbers,
            e.bounds.tiles);
    check_numbering(&e, label);

    void *state = malloc(game->state_size);
    REQUIRE(state, "out of memory");
    pcg32_t rng;
    pcg32_seed(&rng, 0xe4c0de + (uint64_t)_i, 7);
    game_move_t moves[GAME_MAX_MOVES];
    long decisions = 0, finished = 0;
    int matches = (int)support_scaled(MATCHES, 2), per_match = MAX_DECISIONS;
    for (int match = 0; match < matches; match++) {
        game->match_start(state, rules, 1000 * (uint64_t)_i + (uint64_t)match);
        check_observations(&e, &l, state, label); /* before the first deal */
        for (int step = 0; step < per_match && game->status(state) != GAME_MATCH_OVER; step++) {
            if (game->status(state) == GAME_BETWEEN_HANDS) {
                check_observations(&e, &l, state, label);
                game->deal(state, NULL);
                continue;
            }
            int count = game->legal_moves(state, moves);
            char at[200];
            snprintf(at, sizeof at, "%s, match %d, step %d", label, match, step);
            check_actions(&e, moves, count, at);
            check_observations(&e, &l, state, at);
            game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
            decisions++;
        }
        finished += game->status(state) == GAME_MATCH_OVER;
    }
    ck_assert_msg(decisions > 0 && finished > 0, "%s: %ld decisions checked, %ld matches played out", label, decisions,
                  finished);
    free(state);
    game->rules_destroy(rules);
}
END_TEST

/* ------------------------------------------------------------------ by hand */

/* Actions and sizes, worked out from the layout of encoding.h and docs/python.md:
 *   actions = T (E + 1) + 5 + decisions x answers
 *   size = (3 + S - 1) T + E (N + 2) [or N + 2T + 1 + S + D T + S T + D] + 3S + 3 + D + S + facts */
START_TEST(counts_and_sizes_of_each_game)
{
    static const struct {
        const char *game, *preset, *overrides;
        int actions, size;
    } cases[] = {
        /* 28 x 3 + 5 + 3 x 4; 6 x 28 + 2 x 9 + 12 + 3 + 2 + 4 + opened 4 x 7 */
        {"partnership", "partnership", "", 101, 235},
        /* 28 x 3 + 5; 4 x 28 + 18 + 6 + 3 + 2 + 2 */
        {"bergen", "bergen", "", 89, 143},
        {"bergen", "bergen", "players=3", 89, 5 * 28 + 18 + 9 + 3 + 3 + 3},
        {"bergen", "bergen", "players=4", 89, 6 * 28 + 18 + 12 + 3 + 4 + 4},
        /* set_max 9: 55 tiles, 10 numbers */
        {"bergen", "bergen", "set_max=9", 55 * 3 + 5, 4 * 55 + 2 * 12 + 13},
        {"bergen", "bergen", "set_max=9 players=4", 170, 6 * 55 + 24 + 23},
        /* set_max 12: 91 tiles, 13 numbers */
        {"bergen", "bergen", "set_max=12", 91 * 3 + 5, 4 * 91 + 2 * 15 + 13},
        {"bergen", "bergen", "set_max=12 players=3", 278, 5 * 91 + 30 + 18},
        /* a spinner of 4 arms: 28 x 5 + 5 */
        {"double_bergen", "double_bergen", "", 145, 4 * 28 + 4 * 9 + 13},
        {"double_bergen", "double_bergen", "players=4", 145, 6 * 28 + 4 * 9 + 23},
        /* 8 arms, double-twelve: 91 x 9 + 5 */
        {"double_bergen", "double_bergen_12", "", 824, 4 * 91 + 8 * 15 + 13},
        /* tricks: 28 x 1 + 5; 4 x 28 + (7 + 28 + 28 + 1 + 2 + 2 x 28 + 2 x 28 + 2) + 13 + hand_target 1 */
        {"bingo", "bingo", "", 33, 306},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const game_t *game;
        game_rules_t *rules = open_named(cases[k].game, cases[k].preset, cases[k].overrides, &game);
        encoding_t e;
        ck_assert_int_eq(encoding_init(&e, game, rules), 0);
        ck_assert_msg(e.action_count == cases[k].actions && e.size == cases[k].size,
                      "%s %s: %d actions and %d floats, by hand %d and %d", cases[k].preset, cases[k].overrides,
                      e.action_count, e.size, cases[k].actions, cases[k].size);
        game->rules_destroy(rules);
    }
}
END_TEST

START_TEST(partnership_actions_by_hand)
{
    const game_t *game;
    game_rules_t *rules = open_named("partnership", "partnership", "", &game);
    encoding_t e;
    ck_assert_int_eq(encoding_init(&e, game, rules), 0);
    ck_assert_int_eq(e.slots, 3);
    ck_assert_int_eq(e.special, 84);
    ck_assert_int_eq(e.choice, 89);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 27, GAME_NO_END, 0}), 81); /* lead 6-6 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 27, 0, 0}), 82);           /* 6-6 on end 0 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 27, 1, 0}), 83);           /* 6-6 on end 1 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, tileset_index(3, 5), 1, 0}), 18 * 3 + 2); /* 3-5 is tile 18 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 0, GAME_NO_END, 0}), 0);   /* lead 0-0 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_DRAW, 0, 0, 0}), 84);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PASS, 0, 0, 0}), 85);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0}), 86);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CLOSE, 0, 0, 0}), 87);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_MELD, 0, 0, 0x7f}), 88);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_LEAD_TO_PARTNER, 1}), 94);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_STARTER, 3}), 89 + 8 + 3);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_COUNT, 0}), ENCODING_NO_MOVE);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CHOICE, 0, 0, 4}), ENCODING_NO_MOVE);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 28, GAME_NO_END, 0}), ENCODING_NO_MOVE);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 5, 2, 0}), ENCODING_NO_MOVE);
    game->rules_destroy(rules);

    /* Bingo: one slot per tile (into a trick), no end; Bergen: no decisions */
    rules = open_named("bingo", "bingo", "", &game);
    ck_assert_int_eq(encoding_init(&e, game, rules), 0);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 27, GAME_NO_END, 0}), 27);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 27, 0, 0}), ENCODING_NO_MOVE);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CLOSE, 0, 0, 0}), 31);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_MELD, 0, 0, 3}), 32);
    game->rules_destroy(rules);
    rules = open_named("double_bergen", "double_bergen", "", &game);
    ck_assert_int_eq(encoding_init(&e, game, rules), 0);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 2, 3, 0}), 2 * 5 + 4); /* 1-1 on arm 3 */
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_PLAY, 2, 4, 0}), ENCODING_NO_MOVE);
    ck_assert_int_eq(encoding_action(&e, (game_move_t){GAME_MOVE_CHOICE, 0, 0, 0}), ENCODING_NO_MOVE);
    game->rules_destroy(rules);
}
END_TEST

/* Plays the words of the example (partnership_example.h), each checked legal. */
static void play_words(const game_t *game, partnership_state_t *s, const char *line)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", line);
    for (char *word = strtok(copy, " "); word; word = strtok(NULL, " ")) {
        game_move_t move;
        ck_assert_msg(partnership_example_move(s, word, &move), "no move '%s'", word);
        ck_assert_msg(game_move_is_legal(game, s, move), "'%s' is not legal", word);
        game->apply(s, move, NULL);
    }
}

static void expect_floats(const float *v, int from, int count, const float *values, const char *what)
{
    for (int i = 0; i < count; i++)
        ck_assert_msg(fabsf(v[from + i] - values[i]) < 1e-6f, "%s: float %d is %g, by hand %g", what, from + i,
                      (double)v[from + i], (double)values[i]);
}

static void expect_tiles(const float *v, int from, const char *tiles, const char *what)
{
    uint8_t list[28];
    int count = partnership_example_parse_hand(tiles, list);
    float want[28] = {0};
    for (int k = 0; k < count; k++) want[list[k]] = 1;
    expect_floats(v, from, 28, want, what);
}

/* The example game of partnership.md §6 after "1-1 p 1-5>5|1 1-4>5|4 p": B led 1-1, C
 * passed at 1|1, D played 1-5 (ends 5|1), A 1-4 (ends 5|4), B passed at 5|4; C to move.
 * Seats A0 B1 C2 D3, teams A+C (0) and B+D (1). Offsets of a line game of 4 seats:
 * hand 0, table 28, unseen 56, lacks 84 (+28 per seat), ends 168 (9 floats each: 7
 * numbers, double, open), hand sizes 186, draws 190, passes 194, stock 198, drawable 199,
 * table count 200, scores 201, to move 203, opened 207 (7 per seat), 235 in all. */
START_TEST(partnership_position_by_hand)
{
    const game_t *game;
    game_rules_t *rules = open_named("partnership", "partnership", "first_hand_leader=draw_highest", &game);
    encoding_t e;
    ck_assert_int_eq(encoding_init(&e, game, rules), 0);
    ck_assert_int_eq(e.size, 235);
    partnership_state_t s;
    game->match_start(&s, rules, 7);
    game_deal_t deal;
    partnership_example_game_deal(&deal);
    char error[ERROR_SIZE];
    ck_assert_msg(game->set_deal(&s, &deal, NULL, error, sizeof error) == 0, "%s", error);
    const char *played = "1-1 p 1-5>5|1 1-4>5|4 p ";
    play_words(game, &s, played);
    ck_assert_int_eq(game->to_move(&s), 2);

    game_observation_t o;
    float v[235 + TAIL];
    for (int i = 0; i < 235 + TAIL; i++) v[i] = NAN;
    game->observe(&s, 3, &o); /* D */
    encoding_observation(&e, &o, v);
    for (int i = 235; i < 235 + TAIL; i++) ck_assert_msg(isnan(v[i]), "float %d written past 235", i);
    const float q = 1.0f / 28.0f;
    expect_tiles(v, 0, "0-3 0-4 1-2 3-5 5-5 6-6", "D's hand");
    expect_tiles(v, 28, "1-1 1-5 1-4", "the table");
    expect_tiles(v, 56,
                 "0-0 0-1 0-2 0-5 0-6 1-3 1-6 2-2 2-3 2-4 2-5 2-6 3-3 3-4 3-6 4-4 4-5 4-6 5-6", "unseen by D");
    expect_tiles(v, 84, "", "A (D + 1) lacks nothing");
    expect_tiles(v, 112, "0-4 1-4 2-4 3-4 4-4 4-5 4-6 0-5 1-5 2-5 3-5 5-5 5-6", "B (D + 2) passed at 5|4");
    expect_tiles(v, 140, "0-1 1-1 1-2 1-3 1-4 1-5 1-6", "C (D + 3) passed at 1|1");
    const float ends[18] = {0, 0, 0, 0, 0, 1, 0, 0, 1, /* end 0 shows 5, no double, open */
                            0, 0, 0, 0, 1, 0, 0, 0, 1}; /* end 1 shows 4 */
    expect_floats(v, 168, 18, ends, "the ends");
    const float counts[17] = {6 * q, 6 * q, 6 * q, 7 * q, /* hand sizes of D, A, B, C */
                              0, 0, 0, 0,                 /* draws */
                              0, 0, q, q,                 /* passes: B and C one each */
                              0, 0, 3 * q,                /* stock, drawable, table */
                              0, 0};                      /* scores */
    expect_floats(v, 186, 17, counts, "the counts");
    const float to_move[4] = {0, 0, 0, 1}; /* C is D + 3 */
    expect_floats(v, 203, 4, to_move, "to move");
    float opened[28] = {0};
    opened[0 * 7 + 5] = 1; /* D made an end show 5 */
    opened[1 * 7 + 4] = 1; /* A: 4 */
    opened[2 * 7 + 1] = 1; /* B's lead 1-1: 1 */
    expect_floats(v, 207, 28, opened, "opened, from D on");

    /* the same table from A's chair: other planes, other rotations */
    game->observe(&s, 0, &o);
    encoding_observation(&e, &o, v);
    expect_tiles(v, 0, "0-5 1-3 2-2 3-4 4-4 5-6", "A's hand");
    expect_tiles(v, 84, "0-4 1-4 2-4 3-4 4-4 4-5 4-6 0-5 1-5 2-5 3-5 5-5 5-6", "B (A + 1)");
    expect_tiles(v, 112, "0-1 1-1 1-2 1-3 1-4 1-5 1-6", "C (A + 2)");
    expect_tiles(v, 140, "", "D (A + 3)");
    const float sizes_a[4] = {6 * q, 6 * q, 7 * q, 6 * q}, passes_a[4] = {0, q, q, 0}, to_move_a[4] = {0, 0, 1, 0};
    expect_floats(v, 186, 4, sizes_a, "hand sizes from A");
    expect_floats(v, 194, 4, passes_a, "passes from A");
    expect_floats(v, 203, 4, to_move_a, "to move from A");
    float opened_a[28] = {0};
    opened_a[0 * 7 + 4] = opened_a[1 * 7 + 1] = opened_a[3 * 7 + 5] = 1;
    expect_floats(v, 207, 28, opened_a, "opened, from A on");

    /* line 1 to its end: B's team wins the hand by domino, 10 points to 0 (PT-02) */
    ck_assert(strncmp(partnership_example_line_1, played, strlen(played)) == 0);
    play_words(game, &s, partnership_example_line_1 + strlen(played));
    ck_assert_int_eq(game->status(&s), GAME_BETWEEN_HANDS);
    game->observe(&s, 3, &o);
    encoding_observation(&e, &o, v);
    const float scores_d[2] = {0.1f, 0.0f}, none[4] = {0, 0, 0, 0};
    expect_floats(v, 201, 2, scores_d, "scores from D: own team first, per target 100");
    expect_floats(v, 203, 4, none, "nobody to move between hands");
    game->observe(&s, 0, &o);
    encoding_observation(&e, &o, v);
    const float scores_a[2] = {0.0f, 0.1f};
    expect_floats(v, 201, 2, scores_a, "scores from A");
    game->rules_destroy(rules);
}
END_TEST

int main(void)
{
    list_configs();
    Suite *suite = suite_create("encoding");
    TCase *by_hand = tcase_create("by hand");
    tcase_add_test(by_hand, counts_and_sizes_of_each_game);
    tcase_add_test(by_hand, partnership_actions_by_hand);
    tcase_add_test(by_hand, partnership_position_by_hand);
    suite_add_tcase(suite, by_hand);
    TCase *play = tcase_create("random matches");
    tcase_add_loop_test(play, every_decision_of_random_matches, 0, config_count);
    suite_add_tcase(suite, play);
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
