/* test_net.c - learned networks (agents/net.h): the file, the forward pass, the `net`
 * agent, rollout=net in the searches, and the library's dl_net_evaluate.
 *
 * - the forward pass: small models written here with known weights, their outputs worked
 *   out by hand (to 1e-6), and a wider one (past the sixteen lanes of a dot product, with a
 *   tail) against a plain double-precision loop;
 * - the file: every malformed header or body refused with a message naming the file (bad
 *   magic and version, no end line, a repeated or missing key, widths 0 or too wide, too
 *   many layers, bad counts, an unknown game, a file short or long by a float or by bytes,
 *   NaN and infinite weights, control characters, an empty line); an unknown key is a
 *   comment, and loads;
 * - net_check: a model of another game, or of other rules of the same game, refused with the
 *   sizes of both;
 * - the agent: with a random model of the rules' sizes, legal moves at many positions of
 *   Bergen 2p (and Partnership and Bingo), the same move from any seed at temperature 0,
 *   legal and reproducible draws above it; its errors (no model, a wrong one);
 * - rollout=net: pimc, ismcts and oracle play legal moves with it; the game's own playout
 *   with the net as its callback ends each hand as the plain loop of policy_pick does; the
 *   errors of a model without rollout=net and of rollout=net without a model.
 */
#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent.h"
#include "belief.h"
#include "encoding.h"
#include "games.h"
#include "lib/dominolab.h"
#include "net.h"
#include "pcg32.h"
#include "policy.h"
#include "test_support.h"

enum {
    ERROR_SIZE = 1024,
    HAND_FLOATS = 17,   /* the hand-made model's: 3-2 trunk, 2 actions */
    POSITIONS = 400,    /* positions the net agent is asked at, per game */
    SEARCH_POSITIONS = 6,
    PLY_LIMIT = 100000, /* moves of one match: far more than any takes */
};

/* ------------------------------------------------------------------ writing models */

/* Writes `header`, then the floats little-endian, then `extra` bytes of 0x55. */
static void write_model(const char *path, const char *header, const float *floats, size_t count, size_t extra)
{
    FILE *file = fopen(path, "wb");
    ck_assert_msg(file != NULL, "cannot write %s", path);
    fputs(header, file);
    for (size_t i = 0; i < count; i++) {
        uint32_t word;
        memcpy(&word, &floats[i], sizeof word);
        unsigned char bytes[4] = {(unsigned char)word, (unsigned char)(word >> 8), (unsigned char)(word >> 16),
                                  (unsigned char)(word >> 24)};
        fwrite(bytes, 1, 4, file);
    }
    for (size_t i = 0; i < extra; i++) fputc(0x55, file);
    ck_assert_int_eq(fclose(file), 0);
}

static const char HAND_HEADER[] = "dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 2\nend\n";
/* trunk W [[1, -1, 0.5], [0.25, 2, -1]], b [0.1, -0.2]; policy W [[1, 2], [-1, 0.5]],
 * b [0, 0.3]; value w [0.5, -0.25], b 0.1 */
static const float HAND_FLOATS_OF[HAND_FLOATS] = {1,   -1,   0.5f, 0.25f, 2, -1, 0.1f, -0.2f, 1,
                                                  2,   -1,   0.5f, 0,     0.3f, 0.5f, -0.25f, 0.1f};

static char *path_in(const char *dir, const char *name)
{
    size_t size = strlen(dir) + strlen(name) + 2;
    char *path = malloc(size);
    ck_assert_ptr_nonnull(path);
    snprintf(path, size, "%s/%s", dir, name);
    return path;
}

static net_t *load_ok(const char *path)
{
    char error[ERROR_SIZE] = "";
    net_t *net = NULL;
    ck_assert_msg(net_load(path, &net, error, sizeof error) == 0 && net, "%s: %s", path, error);
    return net;
}

/* A uniform float in [-scale, scale). */
static float uniform(pcg32_t *rng, float scale)
{
    return ((float)pcg32_next(rng) / 4294967296.0f * 2.0f - 1.0f) * scale;
}

/* A model of random weights for D inputs, the trunk `hidden` (count widths), A actions,
 * written to path; the floats, in the file's order, into *floats (caller frees) if asked. */
static void write_random_model(const char *path, const char *game, int D, int A, const int *hidden, int count,
                               uint64_t seed, float **floats, size_t *float_count)
{
    char header[512];
    size_t used = (size_t)snprintf(header, sizeof header,
                                   "dominolab-net 1\ngame %s\nobservation %d\nactions %d\nhidden", game, D, A);
    size_t total = 0;
    int in = D;
    for (int k = 0; k < count; k++) {
        used += (size_t)snprintf(header + used, sizeof header - used, " %d", hidden[k]);
        total += (size_t)hidden[k] * (size_t)(in + 1);
        in = hidden[k];
    }
    snprintf(header + used, sizeof header - used, "\ncommand made by test_net.c\nend\n");
    total += (size_t)A * (size_t)(in + 1) + (size_t)(in + 1);
    float *values = malloc(total * sizeof *values);
    ck_assert_ptr_nonnull(values);
    pcg32_t rng;
    pcg32_seed(&rng, seed, 7);
    for (size_t i = 0; i < total; i++) values[i] = uniform(&rng, 0.5f);
    write_model(path, header, values, total, 0);
    if (floats) {
        *floats = values;
        *float_count = total;
    } else {
        free(values);
    }
}

/* ------------------------------------------------------------------ the forward pass */

static void expect_forward(const net_t *net, const float *input, const float *want_logits, float want_value)
{
    float logits[64], value = NAN, scratch[64];
    ck_assert_int_le(net_actions(net), 64);
    ck_assert_int_le((int)net_scratch_size(net), 64);
    net_forward(net, input, logits, &value, scratch);
    for (int a = 0; a < net_actions(net); a++)
        ck_assert_msg(fabsf(logits[a] - want_logits[a]) < 1e-6f, "logit %d: %.9g, by hand %.9g", a, logits[a],
                      want_logits[a]);
    ck_assert_msg(fabsf(value - want_value) < 1e-6f, "value %.9g, by hand %.9g", value, want_value);
}

START_TEST(hand_made_model_gives_the_hand_worked_outputs)
{
    const char *dir = support_scratch("hand");
    char *path = path_in(dir, "hand.net");
    write_model(path, HAND_HEADER, HAND_FLOATS_OF, HAND_FLOATS, 0);
    net_t *net = load_ok(path);
    ck_assert_str_eq(net_game(net), "bergen");
    ck_assert_int_eq(net_inputs(net), 3);
    ck_assert_int_eq(net_actions(net), 2);
    /* h = relu([1 - 2 + 1.5 + 0.1, 0.25 + 4 - 3 - 0.2]) = [0.6, 1.05];
     * logits [0.6 + 2.1, -0.6 + 0.525 + 0.3]; value tanh(0.3 - 0.2625 + 0.1) */
    expect_forward(net, (const float[]){1, 2, 3}, (const float[]){2.7f, 0.225f}, tanhf(0.1375f));
    /* h = relu([-0.9, -0.45]) = [0, 0]: the biases alone */
    expect_forward(net, (const float[]){-1, 0, 0}, (const float[]){0, 0.3f}, tanhf(0.1f));
    /* h = relu([-0.9, 1.8]) = [0, 1.8]: one unit cut */
    expect_forward(net, (const float[]){0, 1, 0}, (const float[]){3.6f, 1.2f}, tanhf(-0.35f));
    net_free(net);
    free(path);
}
END_TEST

START_TEST(two_layer_trunk_runs_its_layers_in_order)
{
    const char *dir = support_scratch("two");
    char *path = path_in(dir, "two.net");
    /* W1 [3][2] [[1, 0], [0, 1], [1, 1]], b1 [0, 0, -1]; W2 [2][3] [[1, 2, 3], [-1, 0, 1]],
     * b2 [0.5, 0]; policy [[2, -3]], [0.25]; value [[0.1, 0.2]], [-0.05] */
    static const float floats[] = {1, 0, 0, 1, 1, 1, 0,    0, -1, 1,    2,    3,    -1,   0,
                                   1, 0.5f, 0, 2, -3, 0.25f, 0.1f, 0.2f, -0.05f};
    write_model(path, "dominolab-net 1\ngame bingo\nobservation 2\nactions 1\nhidden 3 2\nend\n", floats,
                sizeof floats / sizeof floats[0], 0);
    net_t *net = load_ok(path);
    ck_assert_int_eq((int)net_scratch_size(net), 6);
    /* h1 = [2, 3, 4]; h2 = [2 + 6 + 12 + 0.5, -2 + 4] = [20.5, 2]; 41 - 6 + 0.25; tanh(2.05 + 0.4 - 0.05) */
    expect_forward(net, (const float[]){2, 3}, (const float[]){35.25f}, tanhf(2.4f));
    /* h1 = relu([-2, 1, -2]) = [0, 1, 0]; h2 = relu([2.5, 0]); 5 + 0.25; tanh(0.25 - 0.05) */
    expect_forward(net, (const float[]){-2, 1}, (const float[]){5.25f}, tanhf(0.2f));
    net_free(net);
    free(path);
}
END_TEST

/* A wider model (37 inputs: two groups of sixteen lanes and a tail of five; widths 19 and
 * 40) against the same network computed plainly in double. */
START_TEST(wide_model_agrees_with_a_plain_loop)
{
    const char *dir = support_scratch("wide");
    char *path = path_in(dir, "wide.net");
    enum { D = 37, H1 = 19, H2 = 40, A = 21 };
    const int hidden[] = {H1, H2};
    float *w;
    size_t count;
    write_random_model(path, "partnership", D, A, hidden, 2, 99, &w, &count);
    net_t *net = load_ok(path);
    float input[D], logits[A], value, *scratch = malloc(net_scratch_size(net) * sizeof *scratch);
    ck_assert_ptr_nonnull(scratch);
    pcg32_t rng;
    pcg32_seed(&rng, 5, 5);
    for (int trial = 0; trial < 50; trial++) {
        for (int i = 0; i < D; i++) input[i] = uniform(&rng, 2);
        net_forward(net, input, logits, &value, scratch);
        double h1[H1], h2[H2];
        const float *at = w;
        for (int r = 0; r < H1; r++) {
            double sum = at[H1 * D + r];
            for (int j = 0; j < D; j++) sum += (double)at[r * D + j] * input[j];
            h1[r] = sum > 0 ? sum : 0;
        }
        at += H1 * (D + 1);
        for (int r = 0; r < H2; r++) {
            double sum = at[H2 * H1 + r];
            for (int j = 0; j < H1; j++) sum += (double)at[r * H1 + j] * h1[j];
            h2[r] = sum > 0 ? sum : 0;
        }
        at += H2 * (H1 + 1);
        for (int a = 0; a < A; a++) {
            double sum = at[A * H2 + a];
            for (int j = 0; j < H2; j++) sum += (double)at[a * H2 + j] * h2[j];
            ck_assert_msg(fabs(logits[a] - sum) < 1e-5 * (1 + fabs(sum)), "logit %d: %.9g, plainly %.9g", a,
                          logits[a], sum);
        }
        at += A * (H2 + 1);
        double sum = at[H2];
        for (int j = 0; j < H2; j++) sum += (double)at[j] * h2[j];
        ck_assert_msg(fabs(value - tanh(sum)) < 1e-5, "value %.9g, plainly %.9g", value, tanh(sum));
    }
    free(scratch);
    free(w);
    net_free(net);
    free(path);
}
END_TEST

/* Comment lines (any key the format does not know) are kept out of the way. */
START_TEST(unknown_keys_are_comments)
{
    const char *dir = support_scratch("comments");
    char *path = path_in(dir, "commented.net");
    write_model(path,
                "dominolab-net 1\ncommand python/train.py --game bergen --steps 1000\ngame bergen\n"
                "trained 2025-01-01 on\tsomething, with tabs\nobservation 3\nactions 2\nnote\nhidden 2\n"
                "ending soon\nend\n",
                HAND_FLOATS_OF, HAND_FLOATS, 0);
    net_t *net = load_ok(path);
    expect_forward(net, (const float[]){1, 2, 3}, (const float[]){2.7f, 0.225f}, tanhf(0.1375f));
    net_free(net);
    free(path);
}
END_TEST

/* ------------------------------------------------------------------ malformed files */

typedef struct bad_file {
    const char *header;
    int floats;       /* how many of the hand model's floats follow (or the first few again) */
    int extra;        /* bytes after them */
    int poison;       /* -1, or the float made NaN (poison_value 0) or infinite (1) */
    int poison_value;
    const char *says; /* a piece of the message */
} bad_file_t;

#define HAND_KEYS "game bergen\nobservation 3\nactions 2\nhidden 2\n"
static const bad_file_t BAD_FILES[] = {
    {"", 0, 0, -1, 0, "not a dominolab network"},
    {"hello\n" HAND_KEYS "end\n", HAND_FLOATS, 0, -1, 0, "not a dominolab network"},
    {"dominolab-net 2\n" HAND_KEYS "end\n", HAND_FLOATS, 0, -1, 0, "format '2' (this dominolab reads dominolab-net 1)"},
    {"dominolab-net 1\n" HAND_KEYS, 0, 0, -1, 0, "the header has no 'end' line"},
    {"dominolab-net 1\n" HAND_KEYS "end", 0, 0, -1, 0, "line 6: 'end' lacks its newline"},
    {"dominolab-net 1\n" HAND_KEYS "end now\n", HAND_FLOATS, 0, -1, 0, "line 6: 'end' stands alone on its line"},
    {"dominolab-net 1\n" HAND_KEYS "observation 3\nend\n", HAND_FLOATS, 0, -1, 0, "line 6: observation given twice"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "the header has no 'actions' line"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "the header has no 'hidden' line"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 0\nend\n", HAND_FLOATS, 0, -1, 0,
     "line 5: hidden: '0' is not a width"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 4097\nend\n", HAND_FLOATS, 0, -1, 0,
     "line 5: hidden: '4097' is not a width"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 2 -1\nend\n", HAND_FLOATS, 0, -1, 0,
     "'-1' is not a width"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden \nend\n", HAND_FLOATS, 0, -1, 0,
     "'' is not a width"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 2  2\nend\n", HAND_FLOATS, 0, -1, 0,
     "'' is not a width"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 2\nhidden 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\nend\n",
     HAND_FLOATS, 0, -1, 0, "hidden: more than 16 widths"},
    {"dominolab-net 1\ngame bergen\nobservation 0\nactions 2\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "line 3: observation '0'"},
    {"dominolab-net 1\ngame bergen\nobservation +3\nactions 2\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "observation '+3'"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions 99999999999\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "actions '99999999999'"},
    {"dominolab-net 1\ngame bergen\nobservation 3\nactions two\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "actions 'two'"},
    {"dominolab-net 1\ngame chess\nobservation 3\nactions 2\nhidden 2\nend\n", HAND_FLOATS, 0, -1, 0,
     "line 2: game 'chess' is none dominolab plays (bergen"},
    {"dominolab-net 1\ngame bergen\nobservation 65536\nactions 65536\nhidden 4096 4096 4096 4096 4096\nend\n", 0, 0,
     -1, 0, "floats, more than the 67108864 a network may hold"},
    {"dominolab-net 1\n" HAND_KEYS "\nend\n", HAND_FLOATS, 0, -1, 0, "line 6: is empty"},
    {"dominolab-net 1\r\n" HAND_KEYS "end\n", HAND_FLOATS, 0, -1, 0, "not a dominolab network"},
    {"dominolab-net 1\n" HAND_KEYS "note\r\nend\n", HAND_FLOATS, 0, -1, 0, "line 6: holds control character 13"},
    {"dominolab-net 1\n" HAND_KEYS " note\nend\n", HAND_FLOATS, 0, -1, 0, "line 6: starts with a space"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS - 1, 0, -1, 0,
     "16 floats follow the header, where its sizes make 17 floats: the file is short"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", 0, 0, -1, 0,
     "0 floats follow the header, where its sizes make 17 floats: the file is short"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS - 1, 3, -1, 0,
     "16 floats and 3 bytes follow the header, where its sizes make 17 floats: the file is short"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS + 1, 0, -1, 0,
     "18 floats follow the header, where its sizes make 17 floats: the file is long"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS, 2, -1, 0,
     "17 floats and 2 bytes follow the header, where its sizes make 17 floats: the file is long"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS, 0, 5, 0,
     "float 5 of the weights (trunk layer 1's weight [1][2]) is NaN"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS, 0, 16, 1,
     "float 16 of the weights (the value head's bias [0]) is infinite"},
    {"dominolab-net 1\n" HAND_KEYS "end\n", HAND_FLOATS, 0, 9, 1,
     "float 9 of the weights (the policy head's weight [0][1]) is infinite"},
};
enum { BAD_FILE_COUNT = sizeof BAD_FILES / sizeof BAD_FILES[0] };

START_TEST(malformed_files_are_refused_naming_the_file)
{
    const bad_file_t *bad = &BAD_FILES[_i];
    const char *dir = support_scratch("bad");
    char name[32];
    snprintf(name, sizeof name, "bad-%d.net", _i);
    char *path = path_in(dir, name);
    float floats[HAND_FLOATS + 1];
    for (int i = 0; i <= HAND_FLOATS; i++) floats[i] = HAND_FLOATS_OF[i % HAND_FLOATS];
    if (bad->poison >= 0) floats[bad->poison] = bad->poison_value ? -INFINITY : NAN;
    write_model(path, bad->header, floats, (size_t)bad->floats, (size_t)bad->extra);
    char error[ERROR_SIZE] = "";
    net_t *net = (net_t *)&error; /* must be cleared */
    ck_assert_int_eq(net_load(path, &net, error, sizeof error), -1);
    ck_assert_ptr_null(net);
    ck_assert_msg(strncmp(error, path, strlen(path)) == 0 && error[strlen(path)] == ':',
                  "case %d: the message does not start with the file: %s", _i, error);
    ck_assert_msg(strstr(error, bad->says) != NULL, "case %d: expected '%s' in: %s", _i, bad->says, error);
    free(path);
}
END_TEST

START_TEST(a_missing_file_is_named)
{
    char error[ERROR_SIZE] = "";
    net_t *net;
    ck_assert_int_eq(net_load("no/such/model.net", &net, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "no/such/model.net: cannot open") == error, "%s", error);
}
END_TEST

/* ------------------------------------------------------------------ the rules in play */

typedef struct rules_in_play {
    const game_t *game;
    game_rules_t *rules;
    encoding_t encoding;
} rules_in_play_t;

static void rules_open(rules_in_play_t *r, const char *game, const char *preset, int players)
{
    r->rules = support_open_rules(game, preset, players, &r->game);
    ck_assert_int_eq(encoding_init(&r->encoding, r->game, r->rules), 0);
}

static void rules_close(rules_in_play_t *r) { r->game->rules_destroy(r->rules); }

/* A random model of the rules' sizes (trunk 32 16), written into dir as `name`. */
static char *model_for(const rules_in_play_t *r, const char *dir, const char *name, uint64_t seed)
{
    char *path = path_in(dir, name);
    const int hidden[] = {32, 16};
    write_random_model(path, r->game->name, r->encoding.size, r->encoding.action_count, hidden, 2, seed, NULL, NULL);
    return path;
}

START_TEST(a_model_of_other_rules_is_refused)
{
    const char *dir = support_scratch("check");
    rules_in_play_t bergen, partnership, bergen4;
    rules_open(&bergen, "bergen", "bergen", 2);
    rules_open(&partnership, "partnership", "partnership", 4);
    rules_open(&bergen4, "bergen", "bergen", 4);
    char *path = model_for(&partnership, dir, "partnership.net", 1);
    net_t *net = load_ok(path);
    char error[ERROR_SIZE] = "", want[ERROR_SIZE];
    ck_assert_int_eq(net_check(net, &partnership.encoding, "partnership", error, sizeof error), 0);
    ck_assert_int_eq(net_check(net, &bergen.encoding, "bergen", error, sizeof error), -1);
    snprintf(want, sizeof want, "%s: a model for partnership with %d inputs and %d actions, not bergen with %d and %d",
             path, partnership.encoding.size, partnership.encoding.action_count, bergen.encoding.size,
             bergen.encoding.action_count);
    ck_assert_str_eq(error, want);
    net_free(net);
    free(path);
    /* the same game, other rules (4 players: other inputs) */
    path = model_for(&bergen, dir, "bergen2.net", 2);
    net = load_ok(path);
    ck_assert_int_eq(net_check(net, &bergen.encoding, "bergen", error, sizeof error), 0);
    ck_assert_int_eq(net_check(net, &bergen4.encoding, "bergen", error, sizeof error), -1);
    ck_assert_msg(strstr(error, "a model for bergen with") && strstr(error, "not bergen with"), "%s", error);
    /* and through the agent, which says so at its creation */
    char spec[AGENT_SPEC_MAX];
    agent_t *agent = NULL;
    snprintf(spec, sizeof spec, "net:model=%s", path);
    ck_assert_int_eq(agent_create(spec, NULL, bergen4.game, bergen4.rules, 0, 1, &agent, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "agent net: ") == error && strstr(error, path), "%s", error);
    net_free(net);
    free(path);
    rules_close(&bergen);
    rules_close(&partnership);
    rules_close(&bergen4);
}
END_TEST

/* ------------------------------------------------------------------ the agents */

static agent_t *make_agent(const rules_in_play_t *r, const char *spec, int seat, uint64_t seed)
{
    char error[ERROR_SIZE] = "";
    agent_t *agent = NULL;
    ck_assert_msg(agent_create(spec, NULL, r->game, r->rules, seat, seed, &agent, error, sizeof error) == 0 && agent,
                  "%s: %s", spec, error);
    return agent;
}

static int find_move(const game_move_t *moves, int count, game_move_t move)
{
    for (int i = 0; i < count; i++)
        if (game_move_equal(moves[i], move)) return i;
    return -1;
}

/* Deals on until the state is at a decision of two or more moves, a new match where one is
 * over; plays random moves at single-move turns. */
static int to_choice(const rules_in_play_t *r, void *state, game_move_t *moves, uint64_t *matches)
{
    for (int plies = 0; plies < PLY_LIMIT; plies++) {
        game_status_t status = r->game->status(state);
        if (status == GAME_MATCH_OVER) r->game->match_start(state, r->rules, ++*matches);
        else if (status == GAME_BETWEEN_HANDS) r->game->deal(state, NULL);
        else {
            int count = r->game->legal_moves(state, moves);
            if (count >= 2) return count;
            r->game->apply(state, moves[0], NULL);
        }
    }
    ck_abort_msg("no decision in %d plies", PLY_LIMIT);
    return 0;
}

/* Asks every spec for a move at `positions` positions of random play (each agent made for
 * the seat to move); each must be legal and leave the state unchanged. Returns the first
 * spec's moves' hash, a signature of its choices. */
static uint64_t play_positions(const rules_in_play_t *r, const char *const *specs, int spec_count, int positions,
                               uint64_t seed, const uint64_t *agent_seed)
{
    void *state = malloc(r->game->state_size), *before = malloc(r->game->state_size);
    ck_assert_ptr_nonnull(state);
    ck_assert_ptr_nonnull(before);
    int seats = r->game->seat_count(r->rules);
    agent_t *agents[4][GAME_MAX_SEATS];
    ck_assert_int_le(spec_count, 4);
    for (int s = 0; s < spec_count; s++)
        for (int seat = 0; seat < seats; seat++) agents[s][seat] = make_agent(r, specs[s], seat, agent_seed[s]);
    pcg32_t rng;
    pcg32_seed(&rng, seed, 3);
    uint64_t matches = seed * 1000, hash = 1469598103934665603ull;
    r->game->match_start(state, r->rules, matches);
    game_move_t moves[GAME_MAX_MOVES];
    for (int p = 0; p < positions; p++) {
        int count = to_choice(r, state, moves, &matches);
        int seat = r->game->to_move(state);
        memcpy(before, state, r->game->state_size);
        for (int s = 0; s < spec_count; s++) {
            game_move_t move = agent_choose(agents[s][seat], state, moves, count);
            int index = find_move(moves, count, move);
            REQUIRE(index >= 0, "%s played a move it was not offered (position %d)", specs[s], p);
            REQUIRE(game_move_is_legal(r->game, state, move), "%s: illegal move at position %d", specs[s], p);
            REQUIRE(memcmp(before, state, r->game->state_size) == 0, "%s changed the state", specs[s]);
            if (s == 0) hash = (hash ^ (uint64_t)index) * 1099511628211ull;
        }
        r->game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
    }
    for (int s = 0; s < spec_count; s++)
        for (int seat = 0; seat < seats; seat++) agent_destroy(agents[s][seat]);
    free(state);
    free(before);
    return hash;
}

static const struct {
    const char *game, *preset;
    int players;
} NET_GAMES[] = {{"bergen", "bergen", 2}, {"partnership", "partnership", 4}, {"bingo", "bingo", 2}};
enum { NET_GAME_COUNT = sizeof NET_GAMES / sizeof NET_GAMES[0] };

/* The net agent plays legal moves; at temperature 0 its moves depend on no seed, above it
 * they are drawn, and the same seed draws the same. */
START_TEST(net_agent_plays_legal_moves)
{
    const char *dir = support_scratch("agent");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 11 + (uint64_t)_i);
    char greedy_spec[AGENT_SPEC_MAX], warm_spec[AGENT_SPEC_MAX];
    snprintf(greedy_spec, sizeof greedy_spec, "net:model=%s", path);
    snprintf(warm_spec, sizeof warm_spec, "net:model=%s,temperature=1.5", path);
    int positions = (int)support_scaled(POSITIONS, 40);
    /* at temperature 0, agents of three seeds choose alike */
    const char *cold[] = {greedy_spec, greedy_spec, greedy_spec};
    uint64_t cold_seeds[] = {1, 2, 3};
    uint64_t first = play_positions(&r, cold, 3, positions, 7, cold_seeds);
    ck_assert_uint_eq(play_positions(&r, cold, 1, positions, 7, (const uint64_t[]){99}), first);
    agent_t *agent = make_agent(&r, greedy_spec, 0, 1);
    ck_assert(agent_is_deterministic(agent));
    ck_assert_str_eq(agent_value_measure(agent), "policy logit");
    agent_destroy(agent);
    /* above it: legal, the same seed the same draws, another seed other draws */
    const char *warm[] = {warm_spec};
    uint64_t a = play_positions(&r, warm, 1, positions, 7, (const uint64_t[]){5});
    ck_assert_uint_eq(play_positions(&r, warm, 1, positions, 7, (const uint64_t[]){5}), a);
    ck_assert_uint_ne(play_positions(&r, warm, 1, positions, 7, (const uint64_t[]){6}), a);
    free(path);
    rules_close(&r);
}
END_TEST

/* The agent's choice is the legal action of the highest logit: its values (the logits of
 * the moves) say which. */
START_TEST(net_agent_plays_its_highest_legal_logit)
{
    const char *dir = support_scratch("argmax");
    rules_in_play_t r;
    rules_open(&r, "bergen", "bergen", 2);
    char *path = model_for(&r, dir, "model.net", 21);
    char spec[AGENT_SPEC_MAX];
    snprintf(spec, sizeof spec, "net:model=%s", path);
    void *state = malloc(r.game->state_size);
    ck_assert_ptr_nonnull(state);
    agent_t *agents[GAME_MAX_SEATS];
    for (int seat = 0; seat < 2; seat++) agents[seat] = make_agent(&r, spec, seat, 1);
    pcg32_t rng;
    pcg32_seed(&rng, 4, 4);
    uint64_t matches = 40;
    r.game->match_start(state, r.rules, matches);
    game_move_t moves[GAME_MAX_MOVES];
    for (int p = 0; p < 200; p++) {
        int count = to_choice(&r, state, moves, &matches);
        double values[GAME_MAX_MOVES];
        game_move_t chosen;
        ck_assert(agent_choose_valued(agents[r.game->to_move(state)], state, moves, count, values, &chosen));
        int index = find_move(moves, count, chosen);
        for (int i = 0; i < count; i++) {
            int action = encoding_action(&r.encoding, moves[i]), mine = encoding_action(&r.encoding, chosen);
            REQUIRE(values[i] < values[index] || (values[i] == values[index] && action >= mine),
                    "position %d: move %d (logit %g, action %d) beats the choice (logit %g, action %d)", p, i,
                    values[i], action, values[index], mine);
        }
        r.game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
    }
    for (int seat = 0; seat < 2; seat++) agent_destroy(agents[seat]);
    free(state);
    free(path);
    rules_close(&r);
}
END_TEST

START_TEST(net_agent_needs_a_model)
{
    rules_in_play_t r;
    rules_open(&r, "bergen", "bergen", 2);
    char error[ERROR_SIZE] = "";
    agent_t *agent = NULL;
    ck_assert_int_eq(agent_spec_check("net", NULL, error, sizeof error), 0); /* a spec; its agent cannot be made */
    ck_assert_int_eq(agent_create("net", NULL, r.game, r.rules, 0, 1, &agent, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "model=FILE"), "%s", error);
    ck_assert_int_eq(agent_create("net:model=no/such.net", NULL, r.game, r.rules, 0, 1, &agent, error, sizeof error),
                     -1);
    ck_assert_msg(strstr(error, "no/such.net: cannot open"), "%s", error);
    ck_assert_int_eq(agent_spec_check("net:temperature=-1", NULL, error, sizeof error), -1);
    rules_close(&r);
}
END_TEST

/* pimc, ismcts and oracle with net playouts play legal moves; their errors. */
START_TEST(searches_play_out_by_the_net)
{
    const char *dir = support_scratch("rollout");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 31 + (uint64_t)_i);
    char pimc[AGENT_SPEC_MAX], ismcts[AGENT_SPEC_MAX], oracle[AGENT_SPEC_MAX];
    snprintf(pimc, sizeof pimc, "pimc:samples=3,rollout=net,model=%s", path);
    snprintf(ismcts, sizeof ismcts, "ismcts:iterations=30,rollout=net,model=%s", path);
    snprintf(oracle, sizeof oracle, "oracle:samples=1,rollout=net,model=%s", path);
    const char *specs[] = {pimc, ismcts, oracle};
    play_positions(&r, specs, 3, SEARCH_POSITIONS, 17, (const uint64_t[]){1, 2, 3});
    /* the same seed, the same moves */
    const char *one[] = {pimc};
    ck_assert_uint_eq(play_positions(&r, one, 1, SEARCH_POSITIONS, 17, (const uint64_t[]){8}),
                      play_positions(&r, one, 1, SEARCH_POSITIONS, 17, (const uint64_t[]){8}));
    free(path);
    rules_close(&r);
}
END_TEST

START_TEST(rollout_net_and_model_go_together)
{
    const char *dir = support_scratch("pairing");
    rules_in_play_t r, other;
    rules_open(&r, "bergen", "bergen", 2);
    rules_open(&other, "bingo", "bingo", 2);
    char *path = model_for(&other, dir, "bingo.net", 3);
    char error[ERROR_SIZE] = "", spec[AGENT_SPEC_MAX];
    agent_t *agent = NULL;
    static const struct {
        const char *format, *says;
    } cases[] = {
        {"pimc:rollout=net", "agent pimc: rollout=net needs the network's file: model=FILE"},
        {"ismcts:rollout=net", "agent ismcts: rollout=net needs the network's file: model=FILE"},
        {"oracle:rollout=net", "agent oracle: rollout=net needs the network's file: model=FILE"},
        {"pimc:model=%s", "is read by rollout=net, values=net or prior alone (the rollout is heuristic)"},
        {"ismcts:model=%s", "is read by rollout=net, values=net or prior alone (the rollout is random)"},
        {"pimc:belief=uniform,values=net,model=%s", "is read by rollout=net, values=net or prior alone"},
        {"pimc:prior=2", "agent pimc: prior=2 needs the network's file: model=FILE"},
        {"oracle:prior=0.5", "agent oracle: prior=0.5 needs the network's file: model=FILE"},
        {"pimc:belief=policy,values=net", "agent pimc: belief values=net needs the network's file (model=FILE)"},
        {"ismcts:belief=policy,values=net", "agent ismcts: belief values=net needs the network's file (model=FILE)"},
        {"pimc:prior=1,model=%s", "a model for bingo with"},
        {"pimc:belief=policy,values=net,model=%s", "a model for bingo with"},
        {"ismcts:belief=policy,values=net,model=%s", "a model for bingo with"},
        {"pimc:rollout=net,model=%s", "a model for bingo with"},
        {"ismcts:rollout=net,model=%s", "a model for bingo with"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(spec, sizeof spec, cases[k].format, path);
        ck_assert_int_eq(agent_spec_check(spec, NULL, error, sizeof error), 0);
        ck_assert_msg(agent_create(spec, NULL, r.game, r.rules, 0, 1, &agent, error, sizeof error) == -1, "%s", spec);
        ck_assert_msg(strstr(error, cases[k].says), "%s: expected '%s' in: %s", spec, cases[k].says, error);
    }
    free(path);
    rules_close(&r);
    rules_close(&other);
}
END_TEST

/* The game's own playout with the net as its callback (the observation kept up to date by
 * the game) plays each hand as the plain loop of policy_pick, which observes anew at each
 * choice, does: the same scores, the same plies. */
START_TEST(net_playout_agrees_with_the_plain_loop)
{
    const char *dir = support_scratch("playout");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 41 + (uint64_t)_i);
    size_t size = r.game->state_size;
    void *state = malloc(size), *by_game = malloc(size), *by_loop = malloc(size), *scratch = malloc(size);
    ck_assert(state && by_game && by_loop && scratch);
    search_context_t context;
    search_context_init(&context, r.game, r.rules, POLICY_NET, scratch);
    char error[ERROR_SIZE] = "";
    ck_assert_msg(search_net_open(&context, "test", path, false, error, sizeof error) == 0, "%s", error);
    pcg32_t rng;
    pcg32_seed(&rng, 9, 9);
    uint64_t matches = 70;
    r.game->match_start(state, r.rules, matches);
    game_move_t moves[GAME_MAX_MOVES];
    int hands = (int)support_scaled(60, 10);
    for (int h = 0; h < hands; h++) {
        to_choice(&r, state, moves, &matches);
        for (int k = pcg32_below(&rng, 6); k > 0 && r.game->status(state) == GAME_IN_HAND; k--) { /* into the hand */
            int count = r.game->legal_moves(state, moves);
            r.game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
        }
        if (r.game->status(state) != GAME_IN_HAND) continue;
        memcpy(by_game, state, size);
        memcpy(by_loop, state, size);
        pcg32_t unused = rng;
        int game_plies = search_playout(&context, by_game, &unused);
        int loop_plies = 0;
        while (r.game->status(by_loop) == GAME_IN_HAND) {
            int count = r.game->legal_moves(by_loop, moves);
            r.game->apply(by_loop, moves[policy_pick(&context, by_loop, moves, count, &unused)], NULL);
            loop_plies++;
        }
        int a[GAME_MAX_SEATS], b[GAME_MAX_SEATS];
        r.game->scores(by_game, a);
        r.game->scores(by_loop, b);
        int sides = r.game->side_count(r.rules);
        REQUIRE(memcmp(a, b, (size_t)sides * sizeof a[0]) == 0, "hand %d: the playouts' scores differ", h);
        REQUIRE(game_plies == loop_plies, "hand %d: %d plies by the game, %d by the loop", h, game_plies, loop_plies);
        REQUIRE(r.game->status(by_game) == r.game->status(by_loop), "hand %d: the playouts end apart", h);
        memcpy(state, by_game, size); /* on to the next hand */
    }
    search_net_close(&context);
    search_net_close(&context); /* closed: nothing */
    free(state);
    free(by_game);
    free(by_loop);
    free(scratch);
    free(path);
    rules_close(&r);
}
END_TEST

/* prior=W adds W times the network's log-probability of each move (a softmax of the legal
 * logits, which the net agent's values are) to pimc's mean value of it, and changes
 * nothing else: the same seed searches the same worlds with and without it. */
START_TEST(prior_adds_the_networks_log_probabilities)
{
    const char *dir = support_scratch("prior");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 51 + (uint64_t)_i);
    char leaning[AGENT_SPEC_MAX], plain_spec[AGENT_SPEC_MAX], net_spec[AGENT_SPEC_MAX];
    snprintf(leaning, sizeof leaning, "pimc:samples=3,model=%s,prior=2.5", path);
    snprintf(plain_spec, sizeof plain_spec, "pimc:samples=3");
    snprintf(net_spec, sizeof net_spec, "net:model=%s", path);
    void *state = malloc(r.game->state_size);
    ck_assert_ptr_nonnull(state);
    pcg32_t rng;
    pcg32_seed(&rng, 6, 6);
    uint64_t matches = 60;
    r.game->match_start(state, r.rules, matches);
    game_move_t moves[GAME_MAX_MOVES];
    int positions = (int)support_scaled(60, 15), leaned = 0;
    for (int p = 0; p < positions; p++) {
        int count = to_choice(&r, state, moves, &matches), seat = r.game->to_move(state);
        agent_t *with = make_agent(&r, leaning, seat, 70 + (uint64_t)p), *without = make_agent(&r, plain_spec, seat, 70 + (uint64_t)p);
        agent_t *net = make_agent(&r, net_spec, seat, 1);
        double a[GAME_MAX_MOVES], b[GAME_MAX_MOVES], logit[GAME_MAX_MOVES];
        game_move_t chose_a, chose_b, chose_net;
        ck_assert(agent_choose_valued(with, state, moves, count, a, &chose_a));
        ck_assert(agent_choose_valued(without, state, moves, count, b, &chose_b));
        ck_assert(agent_choose_valued(net, state, moves, count, logit, &chose_net));
        double best = -INFINITY, sum = 0;
        for (int i = 0; i < count; i++) best = fmax(best, logit[i]);
        for (int i = 0; i < count; i++) sum += exp(logit[i] - best);
        for (int i = 0; i < count; i++) {
            double want = b[i] + 2.5 * (logit[i] - best - log(sum));
            REQUIRE(fabs(a[i] - want) < 1e-4 * (1 + fabs(want)), "position %d, move %d: %g, not %g + 2.5 log p = %g", p,
                    i, a[i], b[i], want);
        }
        leaned += !game_move_equal(chose_a, chose_b);
        agent_destroy(with);
        agent_destroy(without);
        agent_destroy(net);
        r.game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
    }
    ck_assert_msg(leaned > 0, "%s: the prior changed no choice in %d positions", NET_GAMES[_i].game, positions);
    free(state);
    free(path);
    rules_close(&r);
}
END_TEST

/* belief=policy,values=net reads the network's logits of the mover's moves: they are the
 * net agent's values of them. And when the others play by that network, the model makes
 * the true deal weigh more, against the candidates drawn uniformly, than a belief that
 * knows only which moves were possible (floor 1: every legal move alike) does. */
START_TEST(belief_reads_the_choices_of_a_net)
{
    const char *dir = support_scratch("belief");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 61 + (uint64_t)_i);
    char spec[AGENT_SPEC_MAX], error[ERROR_SIZE] = "";
    snprintf(spec, sizeof spec, "net:model=%s", path);
    const game_t *game = r.game;
    enum { POOL = 32 };
    unsigned char *worlds = malloc((size_t)POOL * game->state_size);
    double cumulative[POOL];
    void *state = malloc(game->state_size), *scratch = malloc(game->state_size);
    ck_assert(worlds && state && scratch);
    net_player_t reader;
    ck_assert_msg(net_player_open(&reader, path, game, r.rules, error, sizeof error) == 0, "%s", error);
    belief_scorer_t scorer;
    belief_scorer_init(&scorer, game, BELIEF_VALUES_NET, &reader, scratch);
    belief_model_t model[2] = {belief_model_for(game, BELIEF_VALUES_NET), belief_model_for(game, BELIEF_VALUES_NET)};
    ck_assert_double_eq(model[0].temperature, 1);
    model[0].network = model[1].network = path;
    model[1].floor = 1; /* only what was possible counts */
    int seats = game->seat_count(r.rules), compared = 0, valued = 0;
    double truth_minus_mean[2] = {0, 0};
    for (uint64_t deal = 0; deal < (uint64_t)support_scaled(30, 8); deal++) {
        agent_t *players[GAME_MAX_SEATS];
        for (int seat = 0; seat < seats; seat++) players[seat] = make_agent(&r, spec, seat, deal);
        belief_t *belief[2];
        for (int k = 0; k < 2; k++) {
            belief[k] = belief_create(game, r.rules, 0, model[k], 512, POOL, error, sizeof error);
            ck_assert_msg(belief[k], "%s", error);
        }
        pcg32_t rng;
        pcg32_seed(&rng, deal, 5);
        game->match_start(state, r.rules, 300 + deal);
        game->deal(state, NULL);
        game_move_t moves[GAME_MAX_MOVES];
        while (game->status(state) == GAME_IN_HAND) {
            int mover = game->to_move(state), count = game->legal_moves(state, moves);
            if (mover == 0 && belief_moves_seen(belief[0]) >= 3) {
                for (int k = 0; k < 2; k++) {
                    pcg32_t same = rng; /* both weigh the same candidates */
                    belief_pool(belief[k], state, NULL, &same, POOL, worlds, cumulative);
                    double mean = 0;
                    for (int i = 0; i < POOL; i++) mean += belief_log_weights(belief[k])[i] / POOL;
                    memcpy(worlds, state, game->state_size);
                    belief_weigh(belief[k], state, worlds, 1, &same);
                    truth_minus_mean[k] += belief_log_weights(belief[k])[0] - mean;
                }
                pcg32_next(&rng);
                compared++;
            }
            game_move_t move = moves[0];
            if (count > 1) {
                double logit[GAME_MAX_MOVES], read[GAME_MAX_MOVES];
                ck_assert(agent_choose_valued(players[mover], state, moves, count, logit, &move));
                belief_values(&scorer, state, moves, count, read);
                for (int i = 0; i < count; i++, valued++)
                    REQUIRE(fabs(read[i] - logit[i]) < 1e-5 * (1 + fabs(logit[i])), "move %d: the belief reads %g, the "
                            "net agent's logit is %g", i, read[i], logit[i]);
            }
            for (int k = 0; k < 2; k++) {
                pcg32_t same = rng;
                belief_see(belief[k], state, move, &same);
            }
            pcg32_next(&rng);
            game->apply(state, move, NULL);
        }
        for (int seat = 0; seat < seats; seat++) agent_destroy(players[seat]);
        for (int k = 0; k < 2; k++) belief_destroy(belief[k]);
    }
    ck_assert_int_gt(valued, 50);
    ck_assert_msg(compared >= 10, "%s: too few decisions compared (%d)", game->name, compared);
    double model_gain = (truth_minus_mean[0] - truth_minus_mean[1]) / compared;
    ck_assert_msg(model_gain > 0.5, "%s: the network's model weighs the true deal %.3f above what was possible alone "
                  "(%.3f against %.3f per decision)", game->name, model_gain, truth_minus_mean[0] / compared,
                  truth_minus_mean[1] / compared);
    net_player_close(&reader);
    free(worlds);
    free(state);
    free(scratch);
    free(path);
    rules_close(&r);
}
END_TEST

/* pimc and ismcts weighing their worlds by the network play whole hands, told every move,
 * in legal moves, and the same seed plays the same hands. */
static uint64_t play_told_hands(const rules_in_play_t *r, const char *spec, int hands, uint64_t seed)
{
    void *state = malloc(r->game->state_size);
    ck_assert_ptr_nonnull(state);
    int seats = r->game->seat_count(r->rules);
    agent_t *agents[GAME_MAX_SEATS];
    for (int seat = 0; seat < seats; seat++) agents[seat] = make_agent(r, spec, seat, seed + (uint64_t)seat);
    ck_assert(agent_wants_moves(agents[0]));
    uint64_t hash = 1469598103934665603ull;
    game_move_t moves[GAME_MAX_MOVES];
    for (int h = 0; h < hands; h++) {
        r->game->match_start(state, r->rules, seed * 100 + (uint64_t)h);
        r->game->deal(state, NULL);
        while (r->game->status(state) == GAME_IN_HAND) {
            int count = r->game->legal_moves(state, moves);
            game_move_t move = count > 1 ? agent_choose(agents[r->game->to_move(state)], state, moves, count) : moves[0];
            int index = find_move(moves, count, move);
            REQUIRE(index >= 0, "%s played a move it was not offered", spec);
            hash = (hash ^ (uint64_t)index) * 1099511628211ull;
            for (int seat = 0; seat < seats; seat++) agent_notify_move(agents[seat], state, move);
            r->game->apply(state, move, NULL);
        }
    }
    for (int seat = 0; seat < seats; seat++) agent_destroy(agents[seat]);
    free(state);
    return hash;
}

START_TEST(searches_weigh_worlds_by_the_net)
{
    const char *dir = support_scratch("weigh");
    rules_in_play_t r;
    rules_open(&r, NET_GAMES[_i].game, NET_GAMES[_i].preset, NET_GAMES[_i].players);
    char *path = model_for(&r, dir, "model.net", 71 + (uint64_t)_i);
    char pimc[AGENT_SPEC_MAX], ismcts[AGENT_SPEC_MAX];
    snprintf(pimc, sizeof pimc, "pimc:samples=2,belief=policy,candidates=8,values=net,model=%s", path);
    snprintf(ismcts, sizeof ismcts, "ismcts:iterations=20,belief=policy,candidates=8,values=net,model=%s", path);
    int hands = (int)support_scaled(2, 1);
    ck_assert_uint_eq(play_told_hands(&r, pimc, hands, 3), play_told_hands(&r, pimc, hands, 3));
    ck_assert_uint_eq(play_told_hands(&r, ismcts, hands, 4), play_told_hands(&r, ismcts, hands, 4));
    free(path);
    rules_close(&r);
}
END_TEST

/* ------------------------------------------------------------------ the library */

START_TEST(library_evaluates_a_model)
{
    const char *dir = support_scratch("library");
    char *path = path_in(dir, "hand.net");
    write_model(path, HAND_HEADER, HAND_FLOATS_OF, HAND_FLOATS, 0);
    float logits[2], value;
    char error[DL_ERROR_SIZE] = "";
    ck_assert_msg(dl_net_evaluate(path, (const float[]){1, 2, 3}, 3, logits, 2, &value, error, sizeof error) == 0,
                  "%s", error);
    ck_assert(fabsf(logits[0] - 2.7f) < 1e-6f && fabsf(logits[1] - 0.225f) < 1e-6f);
    ck_assert(fabsf(value - tanhf(0.1375f)) < 1e-6f);
    ck_assert_int_eq(dl_net_evaluate(path, (const float[]){1, 2, 3}, 4, logits, 2, &value, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "the network takes 3 inputs, not 4") && strstr(error, path), "%s", error);
    ck_assert_int_eq(dl_net_evaluate(path, (const float[]){1, 2, 3}, 3, logits, 3, &value, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "the network gives 2 logits, not 3"), "%s", error);
    ck_assert_int_eq(dl_net_evaluate(NULL, logits, 3, logits, 2, &value, error, sizeof error), -1);
    ck_assert_str_eq(error, "model_path is NULL");
    ck_assert_int_eq(dl_net_evaluate("no/such.net", logits, 3, logits, 2, &value, NULL, 0), -1); /* no buffer: fine */
    write_model(path, HAND_HEADER, HAND_FLOATS_OF, HAND_FLOATS - 1, 0);
    ck_assert_int_eq(dl_net_evaluate(path, (const float[]){1, 2, 3}, 3, logits, 2, &value, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "the file is short"), "%s", error);
    free(path);
}
END_TEST

static Suite *net_suite(void)
{
    Suite *suite = suite_create("net");
    TCase *forward = tcase_create("forward");
    tcase_add_checked_fixture(forward, NULL, support_scratch_teardown);
    tcase_add_test(forward, hand_made_model_gives_the_hand_worked_outputs);
    tcase_add_test(forward, two_layer_trunk_runs_its_layers_in_order);
    tcase_add_test(forward, wide_model_agrees_with_a_plain_loop);
    tcase_add_test(forward, unknown_keys_are_comments);
    suite_add_tcase(suite, forward);
    TCase *files = tcase_create("files");
    tcase_add_checked_fixture(files, NULL, support_scratch_teardown);
    tcase_add_loop_test(files, malformed_files_are_refused_naming_the_file, 0, BAD_FILE_COUNT);
    tcase_add_test(files, a_missing_file_is_named);
    tcase_add_test(files, a_model_of_other_rules_is_refused);
    suite_add_tcase(suite, files);
    TCase *agents = tcase_create("agents");
    tcase_add_checked_fixture(agents, NULL, support_scratch_teardown);
    tcase_set_timeout(agents, 600);
    tcase_add_loop_test(agents, net_agent_plays_legal_moves, 0, NET_GAME_COUNT);
    tcase_add_test(agents, net_agent_plays_its_highest_legal_logit);
    tcase_add_test(agents, net_agent_needs_a_model);
    tcase_add_loop_test(agents, searches_play_out_by_the_net, 0, NET_GAME_COUNT);
    tcase_add_test(agents, rollout_net_and_model_go_together);
    tcase_add_loop_test(agents, net_playout_agrees_with_the_plain_loop, 0, NET_GAME_COUNT);
    tcase_add_loop_test(agents, prior_adds_the_networks_log_probabilities, 0, NET_GAME_COUNT);
    tcase_add_loop_test(agents, belief_reads_the_choices_of_a_net, 0, NET_GAME_COUNT);
    tcase_add_loop_test(agents, searches_weigh_worlds_by_the_net, 0, NET_GAME_COUNT);
    suite_add_tcase(suite, agents);
    TCase *library = tcase_create("library");
    tcase_add_checked_fixture(library, NULL, support_scratch_teardown);
    tcase_add_test(library, library_evaluates_a_model);
    suite_add_tcase(suite, library);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_net")) return EXIT_FAILURE;
    SRunner *runner = srunner_create(net_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
