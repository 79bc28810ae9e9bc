/* net.c - the network file, its forward pass, and a player by it (net.h).
 *
 * The file, format 1 (docs/agents.md, "net"): text lines "dominolab-net 1", then "game G",
 * "observation D", "actions A" and "hidden H1 [H2 ...]" once each in any order, with any
 * other "key text" line kept as a comment, then "end"; then float32 values, little-endian,
 * nothing after them:
 *   for each trunk layer k (input width D for the first, else the width before):
 *     weight [H_k][in_k] row-major, then bias [H_k]
 *   the policy head: weight [A][H_last], bias [A]; the value head: weight [1][H_last], bias [1]
 *
 * Invariants of a loaded net_t: every size within net.h's bounds; `floats` holds exactly the
 * floats the sizes make, each finite; layer[0..trunk) are the trunk and layer[trunk] and
 * layer[trunk + 1] the policy and value heads, each a view into `floats`: `out` rows of `in`
 * contiguous weights, then `out` biases. Nothing is written after net_load.
 */
#include "net.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games.h"

/* NET_LANES: partial sums of a dot product, kept apart so that the compiler adds them as
 * vectors (a single running sum is a chain it must keep in order, strict C having no
 * reassociation of floats). Sixteen, two AVX registers: two chains of additions overlap,
 * and a forward pass of a 143-256-256-89 network took two thirds of the time of eight lanes
 * (as fast as four rows blocked by hand with GCC's vectors, on this machine). */
enum { NET_FORMAT = 1, NET_LINE_MAX = 1024, NET_NAME_MAX = 64, NET_LANES = 16 };

typedef struct net_layer {
    int in, out;
    const float *weight, *bias;
} net_layer_t;

struct net {
    char *path; /* as given, for messages */
    char game[NET_NAME_MAX];
    int inputs, actions;
    int trunk; /* hidden layers */
    int width[NET_MAX_LAYERS];
    int widest;
    net_layer_t layer[NET_MAX_LAYERS + 2]; /* the trunk, then the policy and value heads */
    float *floats;
    size_t float_count;
    /* The first trunk layer's weights again, by input (column j of W contiguous): an
     * observation is mostly zeros (tiles absent from a plane), and by columns a zero input
     * costs nothing. NULL without a trunk. */
    float *first_columns;
};

/* ------------------------------------------------------------------ the header */

enum { KEY_GAME, KEY_OBSERVATION, KEY_ACTIONS, KEY_HIDDEN, KEY_COUNT };
static const char *const key_names[KEY_COUNT] = {"game", "observation", "actions", "hidden"};

typedef struct header {
    const char *path;
    FILE *file;
    int line; /* the number of the line last read, from 1 */
    bool seen[KEY_COUNT];
    char *error;
    size_t error_size;
} header_t;

/* The message "PATH: line N: what", and -1. */
static int header_fail(header_t *h, const char *format, ...) __attribute__((format(printf, 2, 3)));
static int header_fail(header_t *h, const char *format, ...)
{
    char what[2 * NET_LINE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    snprintf(h->error, h->error_size, "%s: line %d: %s", h->path, h->line, what);
    return -1;
}

/* Reads the next line into text (size: the longest line + 2), its newline dropped. Returns
 * 1; 0 at the end of the file, text holding what came after the last newline; or -1 with the
 * message. */
static int read_line(header_t *h, char *text, size_t size)
{
    size_t length = 0;
    h->line++;
    for (;;) {
        int c = fgetc(h->file);
        if (c == EOF) {
            text[length] = '\0';
            return 0;
        }
        if (c == '\n') break;
        if (length + 2 >= size) return header_fail(h, "longer than %d characters", (int)size - 2);
        /* text only: a tab may stand in a comment, no other control character (a binary
         * file, or one whose lines end in CR LF) */
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return header_fail(h, "holds control character %d (a header is text)", c);
        text[length++] = (char)c;
    }
    text[length] = '\0';
    return 1;
}

/* A whole number 1..max written in digits only, else -1. */
static long parse_count(const char *text, long max)
{
    if (!*text || strspn(text, "0123456789") != strlen(text) || strlen(text) > 9) return -1;
    long value = strtol(text, NULL, 10);
    return value >= 1 && value <= max ? value : -1;
}

static int read_game(header_t *h, net_t *net, const char *text)
{
    if (game_find(text) && strlen(text) < sizeof net->game) {
        snprintf(net->game, sizeof net->game, "%s", text);
        return 0;
    }
    char known[256];
    size_t used = 0;
    int count;
    const game_t *const *games = game_list(&count);
    known[0] = '\0';
    for (int k = 0; k < count && used < sizeof known; k++)
        used += (size_t)snprintf(known + used, sizeof known - used, "%s%s", k ? ", " : "", games[k]->name);
    return header_fail(h, "game '%s' is none dominolab plays (%s)", text, known);
}

static int read_hidden(header_t *h, net_t *net, char *text)
{
    net->trunk = 0;
    for (char *token = text;;) {
        char *space = strchr(token, ' ');
        if (space) *space = '\0';
        long width = parse_count(token, NET_MAX_WIDTH);
        if (width < 0)
            return header_fail(h, "hidden: '%s' is not a width (each a whole number from 1 to %d)", token,
                               NET_MAX_WIDTH);
        if (net->trunk == NET_MAX_LAYERS) return header_fail(h, "hidden: more than %d widths", NET_MAX_LAYERS);
        net->width[net->trunk++] = (int)width;
        if (!space) return 0;
        token = space + 1;
    }
}

/* One "key text" line of the header (not "end"). */
static int read_key(header_t *h, net_t *net, char *line)
{
    char *space = strchr(line, ' ');
    char *text = space ? space + 1 : line + strlen(line);
    size_t key_length = space ? (size_t)(space - line) : strlen(line);
    if (key_length == 0) return header_fail(h, "starts with a space (a header line is 'key text')");
    int key = -1;
    for (int k = 0; k < KEY_COUNT; k++)
        if (strlen(key_names[k]) == key_length && !strncmp(line, key_names[k], key_length)) key = k;
    if (key < 0) return 0; /* a comment: the trainer's command, the date, ... */
    if (h->seen[key]) return header_fail(h, "%s given twice", key_names[key]);
    h->seen[key] = true;
    long value;
    switch (key) {
    case KEY_GAME: return read_game(h, net, text);
    case KEY_HIDDEN: return read_hidden(h, net, text);
    case KEY_OBSERVATION:
        if ((value = parse_count(text, NET_MAX_INPUTS)) < 0)
            return header_fail(h, "observation '%s': the inputs are a whole number from 1 to %d", text, NET_MAX_INPUTS);
        net->inputs = (int)value;
        return 0;
    default:
        if ((value = parse_count(text, NET_MAX_ACTIONS)) < 0)
            return header_fail(h, "actions '%s': the actions are a whole number from 1 to %d", text, NET_MAX_ACTIONS);
        net->actions = (int)value;
        return 0;
    }
}

static int read_header(header_t *h, net_t *net)
{
    char line[NET_LINE_MAX + 2];
    int got = read_line(h, line, sizeof line);
    if (got <= 0 || strncmp(line, "dominolab-net ", 14) != 0) { /* a binary file fails here too */
        snprintf(h->error, h->error_size, "%s: not a dominolab network (its first line is not 'dominolab-net %d')",
                 h->path, NET_FORMAT);
        return -1;
    }
    char version[16];
    snprintf(version, sizeof version, "%d", NET_FORMAT);
    if (strcmp(line + 14, version) != 0) {
        snprintf(h->error, h->error_size, "%s: format '%.40s' (this dominolab reads dominolab-net %d)", h->path,
                 line + 14, NET_FORMAT);
        return -1;
    }
    for (;;) {
        if ((got = read_line(h, line, sizeof line)) < 0) return -1;
        if (got == 0 && !strcmp(line, "end")) return header_fail(h, "'end' lacks its newline");
        if (got == 0) {
            snprintf(h->error, h->error_size, "%s: the header has no 'end' line (the file ends in line %d)", h->path,
                     h->line);
            return -1;
        }
        if (!strcmp(line, "end")) break;
        if (!line[0]) return header_fail(h, "is empty (a header line is 'key text')");
        if (!strncmp(line, "end ", 4)) return header_fail(h, "'end' stands alone on its line");
        if (read_key(h, net, line)) return -1;
    }
    for (int k = 0; k < KEY_COUNT; k++)
        if (!h->seen[k]) {
            snprintf(h->error, h->error_size, "%s: the header has no '%s' line", h->path, key_names[k]);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ the weights */

/* The floats the sizes make (every size is bounded, so no sum overflows). */
static uint64_t floats_of(const net_t *net)
{
    uint64_t total = 0, in = (uint64_t)net->inputs;
    for (int k = 0; k < net->trunk; k++) {
        total += (uint64_t)net->width[k] * (in + 1);
        in = (uint64_t)net->width[k];
    }
    return total + (uint64_t)net->actions * (in + 1) + (in + 1);
}

/* Lays the layers over the floats, in the file's order. */
static void lay_out(net_t *net)
{
    const float *at = net->floats;
    int in = net->inputs;
    for (int k = 0; k < net->trunk + 2; k++) {
        int out = k < net->trunk ? net->width[k] : k == net->trunk ? net->actions : 1;
        net->layer[k] = (net_layer_t){.in = in, .out = out, .weight = at, .bias = at + (size_t)in * (size_t)out};
        at += (size_t)(in + 1) * (size_t)out;
        if (k < net->trunk) in = out; /* both heads read the trunk's last layer */
    }
}

/* Where float `index` of the weights lies, in words. */
static void describe_float(const net_t *net, size_t index, char *out, size_t size)
{
    for (int k = 0; k < net->trunk + 2; k++) {
        const net_layer_t *layer = &net->layer[k];
        char name[32];
        if (k < net->trunk) snprintf(name, sizeof name, "trunk layer %d", k + 1);
        else snprintf(name, sizeof name, "the %s head", k == net->trunk ? "policy" : "value");
        size_t weights = (size_t)layer->in * (size_t)layer->out;
        if (index < weights) {
            snprintf(out, size, "%s's weight [%zu][%zu]", name, index / (size_t)layer->in, index % (size_t)layer->in);
            return;
        }
        index -= weights;
        if (index < (size_t)layer->out) {
            snprintf(out, size, "%s's bias [%zu]", name, index);
            return;
        }
        index -= (size_t)layer->out;
    }
    snprintf(out, size, "past the last layer");
}

/* "N floats", or "N floats and R bytes". */
static void say_floats(uint64_t bytes, char *out, size_t size)
{
    if (bytes % 4) snprintf(out, size, "%llu floats and %llu bytes", (unsigned long long)(bytes / 4),
                            (unsigned long long)(bytes % 4));
    else snprintf(out, size, "%llu floats", (unsigned long long)(bytes / 4));
}

static int wrong_length(const char *path, uint64_t bytes, uint64_t wanted, char *error, size_t error_size)
{
    char found[64];
    say_floats(bytes, found, sizeof found);
    snprintf(error, error_size, "%s: %s follow the header, where its sizes make %llu floats: the file is %s", path,
             found, (unsigned long long)wanted, bytes < wanted * 4 ? "short" : "long");
    return -1;
}

/* Bytes left in the file from where it stands (read to the end where it cannot be told
 * otherwise: a pipe). */
static uint64_t bytes_left(FILE *file)
{
    char chunk[4096];
    uint64_t count = 0;
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) count += got;
    return count;
}

/* Reads the floats after the header: exactly the count of the sizes, little-endian, each
 * finite. A regular file's length is compared before anything is allocated. */
static int read_weights(FILE *file, net_t *net, char *error, size_t error_size)
{
    uint64_t count = floats_of(net);
    if (count > NET_MAX_FLOATS) {
        snprintf(error, error_size, "%s: its sizes make %llu floats, more than the %d a network may hold", net->path,
                 (unsigned long long)count, NET_MAX_FLOATS);
        return -1;
    }
    struct stat status;
    long at = ftell(file);
    if (at >= 0 && fstat(fileno(file), &status) == 0 && S_ISREG(status.st_mode) &&
        (uint64_t)status.st_size != (uint64_t)at + count * 4)
        return wrong_length(net->path, status.st_size > at ? (uint64_t)(status.st_size - at) : 0, count, error,
                            error_size);
    net->float_count = (size_t)count;
    net->floats = malloc(net->float_count * sizeof *net->floats);
    if (!net->floats) {
        snprintf(error, error_size, "%s: out of memory for %zu floats", net->path, net->float_count);
        return -1;
    }
    unsigned char *bytes = (unsigned char *)net->floats;
    size_t got = fread(bytes, 1, net->float_count * 4, file);
    if (got < net->float_count * 4) return wrong_length(net->path, got, count, error, error_size);
    uint64_t more = bytes_left(file);
    if (more > 0) return wrong_length(net->path, count * 4 + more, count, error, error_size);
    if (ferror(file)) {
        snprintf(error, error_size, "%s: cannot read: %s", net->path, strerror(errno));
        return -1;
    }
    lay_out(net);
    for (size_t i = 0; i < net->float_count; i++) { /* in place: each word read whole before it is written */
        const unsigned char *b = bytes + 4 * i;
        uint32_t word = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        memcpy(&net->floats[i], &word, sizeof word);
        if (!isfinite(net->floats[i])) {
            char where[96];
            describe_float(net, i, where, sizeof where);
            snprintf(error, error_size, "%s: float %zu of the weights (%s) is %s: a network's weights are finite",
                     net->path, i, where, isnan(net->floats[i]) ? "NaN" : "infinite");
            return -1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ loading */

/* net->first_columns from the first layer. 0, or -1 out of memory. */
static int lay_out_columns(net_t *net)
{
    const net_layer_t *first = &net->layer[0];
    net->first_columns = malloc((size_t)first->in * (size_t)first->out * sizeof *net->first_columns);
    if (!net->first_columns) return -1;
    for (int r = 0; r < first->out; r++)
        for (int j = 0; j < first->in; j++)
            net->first_columns[(size_t)j * (size_t)first->out + (size_t)r] = first->weight[(size_t)r * (size_t)first->in + (size_t)j];
    return 0;
}

int net_load(const char *path, net_t **out, char *error, size_t error_size)
{
    *out = NULL;
    net_t *net = calloc(1, sizeof *net);
    char *copy = malloc(strlen(path) + 1);
    if (!net || !copy) {
        free(net);
        free(copy);
        snprintf(error, error_size, "%s: out of memory", path);
        return -1;
    }
    net->path = strcpy(copy, path);
    FILE *file = fopen(path, "rb");
    if (!file) {
        snprintf(error, error_size, "%s: cannot open: %s", path, strerror(errno));
        net_free(net);
        return -1;
    }
    header_t header = {.path = path, .file = file, .error = error, .error_size = error_size};
    int rc = read_header(&header, net);
    if (rc == 0) rc = read_weights(file, net, error, error_size);
    fclose(file);
    if (rc) {
        net_free(net);
        return -1;
    }
    for (int k = 0; k < net->trunk; k++)
        if (net->width[k] > net->widest) net->widest = net->width[k];
    if (net->trunk > 0 && lay_out_columns(net)) {
        snprintf(error, error_size, "%s: out of memory for the first layer's columns", path);
        net_free(net);
        return -1;
    }
    *out = net;
    return 0;
}

void net_free(net_t *net)
{
    if (!net) return;
    free(net->floats);
    free(net->first_columns);
    free(net->path);
    free(net);
}

const char *net_game(const net_t *net) { return net->game; }
int net_inputs(const net_t *net) { return net->inputs; }
int net_actions(const net_t *net) { return net->actions; }
size_t net_scratch_size(const net_t *net) { return 2 * (size_t)net->widest; }

int net_check(const net_t *net, const encoding_t *e, const char *game_name, char *error, size_t error_size)
{
    if (!strcmp(net->game, game_name) && net->inputs == e->size && net->actions == e->action_count) return 0;
    snprintf(error, error_size, "%s: a model for %s with %d inputs and %d actions, not %s with %d and %d", net->path,
             net->game, net->inputs, net->actions, game_name, e->size, e->action_count);
    return -1;
}

/* ------------------------------------------------------------------ the forward pass */

/* w . x over n floats: NET_LANES running sums (vectors), then the tail, then the lanes. */
static inline float dot(const float *restrict w, const float *restrict x, int n)
{
    float lane[NET_LANES] = {0};
    int j = 0;
    for (; j + NET_LANES <= n; j += NET_LANES)
        for (int k = 0; k < NET_LANES; k++) lane[k] += w[j + k] * x[j + k];
    float sum = 0;
    for (; j < n; j++) sum += w[j] * x[j];
    for (int k = 0; k < NET_LANES; k++) sum += lane[k];
    return sum;
}

/* y = W x + b, through relu if asked; each row of W contiguous. */
static void dense(const net_layer_t *layer, const float *restrict x, float *restrict y, bool relu)
{
    const float *row = layer->weight;
    for (int r = 0; r < layer->out; r++, row += layer->in) {
        float v = layer->bias[r] + dot(row, x, layer->in);
        y[r] = relu && v < 0 ? 0.0f : v;
    }
}

/* The first layer by its columns: y = relu(b + sum over the non-zero x_j of x_j W[:, j]). */
static void dense_first(const net_t *net, const float *restrict x, float *restrict y)
{
    const net_layer_t *first = &net->layer[0];
    int out = first->out;
    memcpy(y, first->bias, (size_t)out * sizeof *y);
    for (int j = 0; j < first->in; j++) {
        if (x[j] == 0.0f) continue;
        const float *restrict column = net->first_columns + (size_t)j * (size_t)out;
        float v = x[j];
        for (int r = 0; r < out; r++) y[r] += v * column[r];
    }
    for (int r = 0; r < out; r++)
        if (y[r] < 0) y[r] = 0.0f;
}

/* The trunk's output for `input`, in the scratch. */
static const float *trunk(const net_t *net, const float *input, float *scratch)
{
    if (net->trunk == 0) return input;
    dense_first(net, input, scratch);
    const float *h = scratch;
    for (int k = 1; k < net->trunk; k++) { /* the layers alternate between the scratch's halves */
        float *out = scratch + (size_t)(k % 2) * (size_t)net->widest;
        dense(&net->layer[k], h, out, true);
        h = out;
    }
    return h;
}

void net_forward(const net_t *net, const float *input, float *logits, float *value, float *scratch)
{
    const float *h = trunk(net, input, scratch);
    dense(&net->layer[net->trunk], h, logits, false);
    const net_layer_t *head = &net->layer[net->trunk + 1];
    *value = tanhf(head->bias[0] + dot(head->weight, h, head->in));
}

/* ------------------------------------------------------------------ a player */

void net_player_close(net_player_t *player)
{
    net_free(player->net);
    free(player->input);
    free(player->logits);
    free(player->scratch);
    free(player->mask);
    free(player->legal);
    memset(player, 0, sizeof *player);
}

int net_player_open(net_player_t *player, const char *path, const game_t *game, const game_rules_t *rules,
                    char *error, size_t error_size)
{
    memset(player, 0, sizeof *player);
    if (encoding_init(&player->encoding, game, rules)) {
        snprintf(error, error_size, "%s: the game %s numbers no actions, so no network plays it", path, game->name);
        return -1;
    }
    if (net_load(path, &player->net, error, error_size)) return -1;
    if (net_check(player->net, &player->encoding, game->name, error, error_size)) {
        net_player_close(player);
        return -1;
    }
    const encoding_t *e = &player->encoding;
    player->input = malloc((size_t)e->size * sizeof *player->input);
    player->logits = malloc((size_t)e->action_count * sizeof *player->logits);
    player->scratch = malloc((net_scratch_size(player->net) + 1) * sizeof *player->scratch);
    player->mask = malloc((size_t)e->action_count);
    player->legal = malloc((size_t)e->action_count * sizeof *player->legal);
    if (!player->input || !player->logits || !player->scratch || !player->mask || !player->legal) {
        net_player_close(player);
        snprintf(error, error_size, "%s: out of memory for a player by this network", path);
        return -1;
    }
    return 0;
}

net_player_t *net_player_create(const char *path, const game_t *game, const game_rules_t *rules, char *error,
                                size_t error_size)
{
    net_player_t *player = calloc(1, sizeof *player);
    if (!player) {
        snprintf(error, error_size, "%s: out of memory for a player by this network", path);
        return NULL;
    }
    if (net_player_open(player, path, game, rules, error, error_size)) {
        free(player);
        return NULL;
    }
    return player;
}

void net_player_destroy(net_player_t *player)
{
    if (!player) return;
    net_player_close(player);
    free(player);
}

int net_player_rebind(net_player_t *player, const game_t *game, const game_rules_t *rules, char *error,
                      size_t error_size)
{
    encoding_t encoding;
    if (encoding_init(&encoding, game, rules)) {
        snprintf(error, error_size, "the game %s numbers no actions, so no network plays it", game->name);
        return -1;
    }
    if (net_check(player->net, &encoding, game->name, error, error_size)) return -1;
    player->encoding = encoding; /* the buffers fit: as many inputs and actions as before */
    return 0;
}

void net_player_evaluate(net_player_t *player)
{
    encoding_observation(&player->encoding, &player->observation, player->input);
    net_forward(player->net, player->input, player->logits, &player->value, player->scratch);
}

/* The legal action (of legal[0..count)) with the highest logit, ties to the lowest. */
static int best_action(const net_player_t *player, int count)
{
    const float *logits = player->logits;
    int best = player->legal[0];
    for (int k = 1; k < count; k++) {
        int action = player->legal[k];
        if (logits[action] > logits[best] || (logits[action] == logits[best] && action < best)) best = action;
    }
    return best;
}

/* A legal action drawn from softmax(logits / temperature), one draw from rng. */
static int sample_action(const net_player_t *player, int count, double temperature, pcg32_t *rng)
{
    const float *logits = player->logits;
    double weight[GAME_MAX_MOVES], total = 0;
    int top = best_action(player, count);
    for (int k = 0; k < count; k++) {
        weight[k] = exp(((double)logits[player->legal[k]] - logits[top]) / temperature);
        total += weight[k];
    }
    double u = pcg32_next(rng) / 4294967296.0 * total;
    for (int k = 0; k < count; k++) {
        u -= weight[k];
        if (u < 0) return player->legal[k];
    }
    return top; /* rounding left u at 0: the likeliest */
}

int net_player_pick(net_player_t *player, const game_move_t *moves, int count, double temperature, pcg32_t *rng)
{
    const encoding_t *e = &player->encoding;
    int legal = encoding_mask(e, moves, count, player->mask, player->legal, NULL);
    if (legal == 0) return 0; /* no move the encoding numbers: cannot happen for legal moves */
    int action = temperature > 0 && legal > 1 ? sample_action(player, legal, temperature, rng)
                                              : best_action(player, legal);
    for (int i = 0; i < count; i++)
        if (encoding_action(e, moves[i]) == action) return i;
    return 0;
}

void net_player_move_logits(net_player_t *player, const game_t *game, const void *state, const game_move_t *moves,
                            int count, double *logits)
{
    game->observe(state, game->to_move(state), &player->observation);
    encoding_observation(&player->encoding, &player->observation, player->input);
    const net_t *net = player->net;
    const float *h = trunk(net, player->input, player->scratch);
    const net_layer_t *policy = &net->layer[net->trunk];
    for (int i = 0; i < count; i++) { /* the rows of these moves alone: a few of the actions */
        int action = encoding_action(&player->encoding, moves[i]);
        logits[i] = action < 0 ? NAN : policy->bias[action] + dot(policy->weight + (size_t)action * policy->in, h, policy->in);
    }
}
