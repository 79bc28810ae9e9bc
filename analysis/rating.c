/* rating.c - Bradley-Terry ratings with a leader's advantage (see rating.h).
 *
 * Invariants and conventions:
 *   - The fit works in natural units: theta = r * ln(10) / 400, so P = 1 / (1 + e^-d) with
 *     d = theta_i - theta_j + x * theta_a. Elo appears only when the result is written.
 *   - The free parameters are the ratings of every agent but the anchor (whose rating is 0
 *     and has no parameter), then the advantage when it is fitted. model.index[] maps an
 *     agent to its parameter, -1 for the anchor.
 *   - The likelihood only sees, per unordered pair i < j that played and per lead
 *     configuration (from i's side), a number of games and i's points in them, prior draws
 *     included (in the no-leader configuration). Blocks are read once to build that table,
 *     and once more to count the distinct block types the bootstrap resamples.
 *   - The bootstrap draws from one PCG32 stream seeded from options->seed only; block types
 *     are sorted before any draw, so neither the order of the blocks nor anything outside
 *     the input changes the result.
 */
#include "rating.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcg32.h"
#include "stats.h"

enum {
    RATING_MAX_FREE = RATING_MAX_AGENTS, /* 63 ratings and the advantage */
    RATING_MAX_PAIRS = RATING_MAX_AGENTS * (RATING_MAX_AGENTS - 1) / 2,
    RATING_MAX_ITERATIONS = 100,         /* Newton steps; a finite maximum takes about 5-20 */
    RATING_MAX_HALVINGS = 60,            /* of one step, before the line search gives up */
    RATING_TYPE_TABLE_START = 256,       /* first size of the block-type hash table */
    RATING_SMALL_FACTORIAL = 20,         /* below this, log k! from the exact product */
    RATING_SMALL_MEAN = 10,              /* binomial draws with n p below this invert from 0 */
};

static const double RATING_LN10 = 2.302585092994045684;
/* Converged when |d logL / d theta|_max <= RATING_GRADIENT_TOLERANCE * (games + prior draws)
 * and the Newton step from there is at most RATING_STEP_TOLERANCE in every parameter
 * (1e-9 natural units is 1.7e-7 Elo). The gradient alone is not enough: where a rating is
 * unbounded (an agent that won every game, no prior) the gradient vanishes like e^-theta
 * while Newton's step stays near 1, so that case runs into RATING_MAX_ITERATIONS. */
static const double RATING_GRADIENT_TOLERANCE = 1e-10;
static const double RATING_STEP_TOLERANCE = 1e-9;
/* The bootstrap's stream, whatever the seed (the seed picks the position). */
static const uint64_t RATING_BOOTSTRAP_STREAM = 0x7261746e67ULL; /* "ratng" */

/* One unordered pair i < j that played, from i's side, prior draws included. */
typedef struct rating_pair {
    int i, j;
    double games[RATING_LEADS];
    double points[RATING_LEADS]; /* i's: wins + draws / 2 */
} rating_pair_t;

/* What the likelihood needs, and where each agent's rating lives in theta. */
typedef struct rating_model {
    int agents, parameters;
    int index[RATING_MAX_AGENTS]; /* parameter of an agent's rating; -1 for the anchor */
    int advantage_index;          /* -1 when the advantage is not fitted */
    int pairs;
    rating_pair_t *pair;          /* [pairs] */
    double weight;                /* games + prior draws: the scale of the gradient */
} rating_model_t;

/* Scratch for Newton's method, allocated once per fit. */
typedef struct rating_work {
    double gradient[RATING_MAX_FREE], step[RATING_MAX_FREE];
    double trial[RATING_MAX_FREE], trial_gradient[RATING_MAX_FREE];
    double information[RATING_MAX_FREE * RATING_MAX_FREE];       /* -Hessian at theta */
    double trial_information[RATING_MAX_FREE * RATING_MAX_FREE]; /* ... at the trial point */
    double factor[RATING_MAX_FREE * RATING_MAX_FREE];            /* its Cholesky factor */
} rating_work_t;

/* One distinct block of a pair, seen from the pair's first agent: key = model pair,
 * games[3], score2[3], 0. */
typedef struct rating_type {
    int16_t key[8];
    int64_t count;
} rating_type_t;

/* The bootstrap's view of the data: per pair, its block types and how many blocks it has. */
typedef struct rating_resampler {
    int pairs;
    rating_type_t *type;  /* sorted by key, so each pair's types are contiguous */
    size_t types;
    size_t *first;        /* [pairs + 1]: types of pair p are first[p] .. first[p + 1] - 1 */
    int64_t *blocks;      /* [pairs] */
} rating_resampler_t;

static int rating_fail(char *error, size_t error_size, const char *format, ...)
{
    if (error && error_size > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(error, error_size, format, args);
        va_end(args);
    }
    return -1;
}

rating_options_t rating_default_options(void)
{
    return (rating_options_t){
        .anchor = 0, .advantage = true, .prior_draws = 1.0, .bootstrap = 1000, .confidence = 0.95, .seed = 1};
}

/* ---- input ---- */

static int rating_check_options(int agents, const rating_options_t *o, char *error, size_t error_size)
{
    if (agents < 2 || agents > RATING_MAX_AGENTS)
        return rating_fail(error, error_size, "ratings need 2 to %d agents, not %d", RATING_MAX_AGENTS, agents);
    if (o->anchor < 0 || o->anchor >= agents)
        return rating_fail(error, error_size, "anchor %d is not an agent (0..%d)", o->anchor, agents - 1);
    if (!(o->prior_draws >= 0.0) || isinf(o->prior_draws))
        return rating_fail(error, error_size, "prior draws must be a number >= 0, not %g", o->prior_draws);
    if (o->bootstrap < 0)
        return rating_fail(error, error_size, "bootstrap replicates must be >= 0, not %d", o->bootstrap);
    if (!(o->confidence > 0.0 && o->confidence < 1.0))
        return rating_fail(error, error_size, "confidence must be between 0 and 1, not %g", o->confidence);
    return 0;
}

static int rating_check_block(const rating_block_t *b, size_t number, int agents, char *error, size_t error_size)
{
    if (b->a < 0 || b->a >= agents || b->b < 0 || b->b >= agents)
        return rating_fail(error, error_size, "block %zu: agents %d and %d, but only 0..%d exist", number, b->a, b->b,
                           agents - 1);
    if (b->a == b->b) return rating_fail(error, error_size, "block %zu: agent %d plays itself", number, b->a);
    for (int c = 0; c < RATING_LEADS; c++) {
        if (b->games[c] < 0)
            return rating_fail(error, error_size, "block %zu: negative game count %d", number, b->games[c]);
        if (b->score2[c] < 0 || b->score2[c] > 2 * b->games[c])
            return rating_fail(error, error_size, "block %zu: score2 %d is not within 0..%d (twice %d games)", number,
                               b->score2[c], 2 * b->games[c], b->games[c]);
        if (b->draws[c] < 0 || b->draws[c] > b->games[c])
            return rating_fail(error, error_size, "block %zu: %d draws in %d games", number, b->draws[c], b->games[c]);
    }
    return 0;
}

/* Slot of the unordered pair {a, b} in a triangular table of agents * (agents - 1) / 2. */
static int rating_pair_slot(int a, int b, int agents)
{
    int low = a < b ? a : b, high = a < b ? b : a;
    return low * (2 * agents - low - 1) / 2 + (high - low - 1);
}

/* A block seen from the lower-numbered agent of its pair: the lead configurations swap
 * sides and the score becomes the other agent's. */
static void rating_orient(const rating_block_t *b, int games[RATING_LEADS], int score2[RATING_LEADS])
{
    bool flip = b->a > b->b;
    for (int c = 0; c < RATING_LEADS; c++) {
        int from = flip ? RATING_LEADS - 1 - c : c;
        games[c] = b->games[from];
        score2[c] = flip ? 2 * b->games[from] - b->score2[from] : b->score2[from];
    }
}

/* Integer totals of one pair, from its lower-numbered agent, per lead configuration. */
typedef struct rating_counts {
    int64_t games[RATING_LEADS];
    int64_t score2[RATING_LEADS];
} rating_counts_t;

/* The totals of every pair slot (rating_pair_slot). */
typedef struct rating_totals {
    rating_counts_t slot[RATING_MAX_PAIRS];
} rating_totals_t;

/* Adds every block to the pair totals and to the per-agent results (real games only). */
static void rating_add_blocks(const rating_block_t *blocks, size_t count, int agents, rating_totals_t *t,
                              rating_result_t *out)
{
    for (size_t n = 0; n < count; n++) {
        const rating_block_t *b = &blocks[n];
        int slot = rating_pair_slot(b->a, b->b, agents), games[RATING_LEADS], score2[RATING_LEADS];
        rating_orient(b, games, score2);
        for (int c = 0; c < RATING_LEADS; c++) {
            t->slot[slot].games[c] += games[c];
            t->slot[slot].score2[c] += score2[c];
            out->games[b->a] += b->games[c];
            out->games[b->b] += b->games[c];
            out->score[b->a] += 0.5 * b->score2[c];
            out->score[b->b] += b->games[c] - 0.5 * b->score2[c];
            out->draws[b->a] += b->draws[c];
            out->draws[b->b] += b->draws[c];
        }
    }
}

static int64_t rating_slot_games(const rating_totals_t *t, int slot)
{
    const int64_t *games = t->slot[slot].games;
    return games[0] + games[1] + games[2];
}

/* Every agent must be joined to the anchor by a chain of pairs that played; otherwise
 * names the lowest-numbered agent that is not. */
static int rating_check_connected(const rating_totals_t *t, int agents, int anchor, const rating_result_t *out,
                                  char *error, size_t error_size)
{
    bool reached[RATING_MAX_AGENTS] = {false};
    int queue[RATING_MAX_AGENTS], head = 0, tail = 0;
    reached[anchor] = true;
    queue[tail++] = anchor;
    while (head < tail) {
        int i = queue[head++];
        for (int j = 0; j < agents; j++) {
            if (reached[j] || j == i || rating_slot_games(t, rating_pair_slot(i, j, agents)) == 0) continue;
            reached[j] = true;
            queue[tail++] = j;
        }
    }
    for (int j = 0; j < agents; j++) {
        if (reached[j]) continue;
        if (out->games[j] == 0)
            return rating_fail(error, error_size, "agent %d played no games, so it has no rating", j);
        return rating_fail(error, error_size,
                           "agent %d is cut off: no chain of games joins it to agent %d (the anchor), so their "
                           "ratings cannot be compared",
                           j, anchor);
    }
    return 0;
}

/* ---- the likelihood ---- */

/* For one cell: -log P and -log(1 - P) for P = 1 / (1 + e^-d), and P itself, from one
 * exponential of -|d| (never overflows): -log P = log(1 + e^-d) = max(-d, 0) + log1p(e^-|d|). */
static void rating_cell(double d, double *minus_log_p, double *minus_log_q, double *probability)
{
    double small = exp(-fabs(d)), shared = log1p(small);
    *minus_log_p = fmax(-d, 0.0) + shared;
    *minus_log_q = fmax(d, 0.0) + shared;
    *probability = d >= 0.0 ? 1.0 / (1.0 + small) : small / (1.0 + small);
}

static double rating_value(const rating_model_t *m, const double *theta, int agent)
{
    return m->index[agent] < 0 ? 0.0 : theta[m->index[agent]];
}

/* The log-likelihood at theta. With `gradient` non-NULL also its gradient, and with
 * `information` non-NULL the negative Hessian (parameters x parameters, row-major). Each
 * cell (pair, lead x) depends on theta through d = theta_i - theta_j + x theta_a only: with
 * u = e_i - e_j + x e_a, it adds (S - nP) u to the gradient and nP(1-P) u u^T to the
 * information. */
static double rating_evaluate(const rating_model_t *m, const double *theta, double *gradient, double *information)
{
    static const int lead_sign[RATING_LEADS] = {1, 0, -1};
    int k = m->parameters;
    if (gradient) memset(gradient, 0, (size_t)k * sizeof *gradient);
    if (information) memset(information, 0, (size_t)k * (size_t)k * sizeof *information);
    double advantage = m->advantage_index < 0 ? 0.0 : theta[m->advantage_index];
    double log_likelihood = 0.0;
    for (int p = 0; p < m->pairs; p++) {
        const rating_pair_t *pair = &m->pair[p];
        double difference = rating_value(m, theta, pair->i) - rating_value(m, theta, pair->j);
        for (int c = 0; c < RATING_LEADS; c++) {
            double n = pair->games[c], s = pair->points[c];
            if (n <= 0.0) continue;
            int x = lead_sign[c];
            double minus_log_p, minus_log_q, probability;
            rating_cell(difference + x * advantage, &minus_log_p, &minus_log_q, &probability);
            log_likelihood -= s * minus_log_p + (n - s) * minus_log_q;
            int slot[3], used = 0;
            double coefficient[3];
            if (m->index[pair->i] >= 0) slot[used] = m->index[pair->i], coefficient[used++] = 1.0;
            if (m->index[pair->j] >= 0) slot[used] = m->index[pair->j], coefficient[used++] = -1.0;
            if (x != 0 && m->advantage_index >= 0) slot[used] = m->advantage_index, coefficient[used++] = x;
            double residual = s - n * probability, weight = n * probability * (1.0 - probability);
            for (int u = 0; u < used; u++) {
                if (gradient) gradient[slot[u]] += coefficient[u] * residual;
                if (!information) continue;
                for (int v = 0; v < used; v++)
                    information[slot[u] * k + slot[v]] += weight * coefficient[u] * coefficient[v];
            }
        }
    }
    return log_likelihood;
}

/* ---- small dense linear algebra ---- */

/* Cholesky factor L (lower triangle of `l`, row-major n x n) of the symmetric `a`;
 * -1 when `a` is not numerically positive definite. */
static int rating_cholesky(const double *a, int n, double *l)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j <= i; j++) {
            double sum = a[i * n + j];
            for (int k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
            if (i == j) {
                if (!(sum > 0.0)) return -1;
                l[i * n + i] = sqrt(sum);
            } else {
                l[i * n + j] = sum / l[j * n + j];
            }
        }
        for (int j = i + 1; j < n; j++) l[i * n + j] = 0.0;
    }
    return 0;
}

/* Solves L L^T x = b (x may be b). */
static void rating_cholesky_solve(const double *l, int n, const double *b, double *x)
{
    for (int i = 0; i < n; i++) {
        double sum = b[i];
        for (int k = 0; k < i; k++) sum -= l[i * n + k] * x[k];
        x[i] = sum / l[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double sum = x[i];
        for (int k = i + 1; k < n; k++) sum -= l[k * n + i] * x[k];
        x[i] = sum / l[i * n + i];
    }
}

static double rating_max_abs(const double *v, int n)
{
    double largest = 0.0;
    for (int i = 0; i < n; i++) largest = fmax(largest, fabs(v[i]));
    return largest;
}

/* ---- Newton's method ---- */

/* Looks along theta + t * step for t = 1, 1/2, 1/4, ... and moves to the first point that
 * does not lower the likelihood: either its log-likelihood is higher, or the slope along
 * the step is still >= 0 there (the log-likelihood is concave, so it rose all the way).
 * The slope test decides near the maximum, where both log-likelihoods round alike. */
static int rating_line_search(const rating_model_t *m, double *theta, double *log_likelihood, rating_work_t *w)
{
    int k = m->parameters;
    double t = 1.0;
    for (int halving = 0; halving <= RATING_MAX_HALVINGS; halving++, t *= 0.5) {
        for (int i = 0; i < k; i++) w->trial[i] = theta[i] + t * w->step[i];
        double trial_ll = rating_evaluate(m, w->trial, w->trial_gradient, w->trial_information);
        double slope = 0.0;
        for (int i = 0; i < k; i++) slope += w->trial_gradient[i] * w->step[i];
        if (isfinite(trial_ll) && (trial_ll > *log_likelihood || slope >= 0.0)) {
            memcpy(theta, w->trial, (size_t)k * sizeof *theta);
            memcpy(w->gradient, w->trial_gradient, (size_t)k * sizeof *theta);
            memcpy(w->information, w->trial_information, (size_t)k * (size_t)k * sizeof *theta);
            *log_likelihood = trial_ll;
            return 0;
        }
    }
    return -1;
}

/* Maximises the likelihood from `theta` (updated in place). On success w->information
 * holds the negative Hessian at the maximum and w->factor its Cholesky factor. */
static int rating_newton(const rating_model_t *m, double *theta, rating_work_t *w, int *iterations, char *error,
                         size_t error_size)
{
    int k = m->parameters;
    double log_likelihood = rating_evaluate(m, theta, w->gradient, w->information);
    double gradient_tolerance = RATING_GRADIENT_TOLERANCE * fmax(1.0, m->weight);
    for (int step = 0;; step++) {
        if (rating_cholesky(w->information, k, w->factor) != 0)
            return rating_fail(error, error_size,
                               "the information matrix is singular after %d Newton steps: some rating or the "
                               "advantage is not determined by the games",
                               step);
        rating_cholesky_solve(w->factor, k, w->gradient, w->step);
        bool flat = rating_max_abs(w->gradient, k) <= gradient_tolerance;
        if (flat && rating_max_abs(w->step, k) <= RATING_STEP_TOLERANCE) {
            *iterations = step;
            return 0;
        }
        if (step == RATING_MAX_ITERATIONS)
            return rating_fail(error, error_size,
                               "the fit did not converge in %d Newton steps: a rating or the advantage is "
                               "unbounded (e.g. an agent won or lost every game); use prior draws",
                               RATING_MAX_ITERATIONS);
        if (rating_line_search(m, theta, &log_likelihood, w) != 0) {
            /* No representable step gains: the maximum is reached within rounding. */
            if (flat) {
                *iterations = step;
                return 0;
            }
            return rating_fail(error, error_size, "the line search of Newton step %d found no higher likelihood",
                               step + 1);
        }
    }
}

/* ---- the model from the totals ---- */

/* Fills the model's pairs from their totals counts[0 .. pairs - 1], adding prior draws. */
static void rating_fill_pairs(rating_model_t *m, const rating_counts_t *counts, double prior_draws)
{
    m->weight = 0.0;
    for (int p = 0; p < m->pairs; p++) {
        rating_pair_t *pair = &m->pair[p];
        for (int c = 0; c < RATING_LEADS; c++) {
            pair->games[c] = (double)counts[p].games[c];
            pair->points[c] = 0.5 * (double)counts[p].score2[c];
        }
        /* Prior draws: half a win and half a loss each, no leader. */
        pair->games[RATING_NO_LEADER] += prior_draws;
        pair->points[RATING_NO_LEADER] += 0.5 * prior_draws;
        for (int c = 0; c < RATING_LEADS; c++) m->weight += pair->games[c];
    }
}

/* ---- the bootstrap ---- */

static int rating_type_compare(const void *a, const void *b)
{
    const rating_type_t *x = a, *y = b;
    for (int i = 0; i < 8; i++)
        if (x->key[i] != y->key[i]) return x->key[i] < y->key[i] ? -1 : 1;
    return 0;
}

static uint64_t rating_type_hash(const int16_t key[8])
{
    uint64_t words[2];
    memcpy(words, key, sizeof words);
    return pcg32_mix(words[0] ^ pcg32_mix(words[1]));
}

/* Counts `key` in an open-addressing table (count 0 = empty slot) of `capacity` slots. */
static void rating_type_insert(rating_type_t *table, size_t capacity, const int16_t key[8], int64_t count,
                               size_t *used)
{
    size_t slot = (size_t)rating_type_hash(key) & (capacity - 1);
    while (table[slot].count != 0 && memcmp(table[slot].key, key, sizeof table[slot].key) != 0)
        slot = (slot + 1) & (capacity - 1);
    if (table[slot].count == 0) {
        memcpy(table[slot].key, key, sizeof table[slot].key);
        (*used)++;
    }
    table[slot].count += count;
}

/* Doubles the table; -1 when out of memory (the old table is kept). */
static int rating_type_grow(rating_type_t **table, size_t *capacity, size_t *used)
{
    size_t bigger = *capacity * 2, moved = 0;
    rating_type_t *fresh = calloc(bigger, sizeof *fresh);
    if (!fresh) return -1;
    for (size_t i = 0; i < *capacity; i++)
        if ((*table)[i].count != 0) rating_type_insert(fresh, bigger, (*table)[i].key, (*table)[i].count, &moved);
    free(*table);
    *table = fresh;
    *capacity = bigger;
    *used = moved;
    return 0;
}

static void rating_resampler_free(rating_resampler_t *r)
{
    free(r->type);
    free(r->first);
    free(r->blocks);
    memset(r, 0, sizeof *r);
}

/* Counts the distinct blocks of each played pair (slot_pair maps a pair slot to its model
 * pair, -1 for pairs that did not play) and sorts them. */
static int rating_resampler_build(rating_resampler_t *r, const rating_block_t *blocks, size_t count, int agents,
                                  int pairs, const int *slot_pair, char *error, size_t error_size)
{
    memset(r, 0, sizeof *r);
    r->pairs = pairs;
    size_t capacity = RATING_TYPE_TABLE_START, used = 0;
    rating_type_t *table = calloc(capacity, sizeof *table);
    r->first = calloc((size_t)pairs + 1, sizeof *r->first);
    r->blocks = calloc((size_t)pairs, sizeof *r->blocks);
    if (!table || !r->first || !r->blocks) goto out_of_memory;
    for (size_t n = 0; n < count; n++) {
        int p = slot_pair[rating_pair_slot(blocks[n].a, blocks[n].b, agents)];
        if (p < 0) continue; /* a pair whose blocks hold no game: nothing to resample */
        int games[RATING_LEADS], score2[RATING_LEADS];
        rating_orient(&blocks[n], games, score2);
        int16_t key[8] = {(int16_t)p, 0};
        for (int c = 0; c < RATING_LEADS; c++) {
            key[1 + c] = (int16_t)games[c];
            key[4 + c] = (int16_t)score2[c];
        }
        if (2 * (used + 1) > capacity && rating_type_grow(&table, &capacity, &used) != 0) goto out_of_memory;
        rating_type_insert(table, capacity, key, 1, &used);
        r->blocks[p]++;
    }
    /* Compact the table in place: slot i moves to position <= i. */
    size_t types = 0;
    for (size_t i = 0; i < capacity; i++)
        if (table[i].count != 0) table[types++] = table[i];
    qsort(table, types, sizeof *table, rating_type_compare);
    r->type = table;
    r->types = types;
    for (size_t t = 0; t < types; t++) r->first[table[t].key[0] + 1]++;
    for (int p = 0; p < pairs; p++) r->first[p + 1] += r->first[p];
    return 0;
out_of_memory:
    free(table);
    rating_resampler_free(r);
    return rating_fail(error, error_size, "out of memory counting block types for the bootstrap");
}

/* Uniform double in [0, 1) with 53 random bits. */
static double rating_uniform(pcg32_t *rng)
{
    uint64_t high = pcg32_next(rng) >> 5, low = pcg32_next(rng) >> 6;
    return (double)((high << 26) | low) * (1.0 / 9007199254740992.0);
}

/* log(k!): the exact product below RATING_SMALL_FACTORIAL (exact in doubles to 18!), else
 * Stirling's series to the k^-7 term, whose error is below 1/(1188 k^9) < 2e-15 there. */
static double rating_log_factorial(int64_t k)
{
    if (k < RATING_SMALL_FACTORIAL) {
        double product = 1.0;
        for (int64_t i = 2; i <= k; i++) product *= (double)i;
        return log(product);
    }
    static const double HALF_LOG_2PI = 0.91893853320467274178;
    double x = (double)k, r = 1.0 / x, r2 = r * r;
    double series = r * (1.0 / 12.0 - r2 * (1.0 / 360.0 - r2 * (1.0 / 1260.0 - r2 * (1.0 / 1680.0))));
    return (x + 0.5) * log(x) - x + HALF_LOG_2PI + series;
}

/* Binomial(n, p) by inversion from 0, for a small mean n p: one uniform u against the
 * running sum of f(0) = (1 - p)^n, f(1), ... (each term from the last by the ratio
 * (n - k) / (k + 1) * p / (1 - p)); about n p + 1 steps. If rounding leaves u above the
 * whole sum (numerically 1), the draw is repeated. */
static int64_t rating_binomial_small(pcg32_t *rng, int64_t n, double p)
{
    double odds = p / (1.0 - p), at_zero = exp((double)n * log1p(-p));
    for (;;) {
        double u = rating_uniform(rng), f = at_zero;
        for (int64_t k = 0; k <= n && f > 0.0; k++) {
            if (u < f) return k;
            u -= f;
            f *= (double)(n - k) / (double)(k + 1) * odds;
        }
    }
}

/* Binomial(n, p) by inversion searching outward from the mode m: one uniform u against
 * the running sum of f(m), f(m+1), f(m-1), f(m+2), f(m-2), ... in that fixed order (each
 * term from its neighbour by the ratio of binomial terms). Any fixed order of the outcomes
 * is a valid inversion; starting at the mode makes the expected work about 1.6 standard
 * deviations, e.g. about 150 steps for n = 100,000 and p = 0.1. f(m) comes from
 * log-factorials accurate to ~1e-15 relative (~1e-10 at n ~ 1e6), so the sampled
 * distribution is the binomial to within that. If rounding leaves u above the whole sum,
 * the draw is repeated. */
static int64_t rating_binomial_mode(pcg32_t *rng, int64_t n, double p)
{
    int64_t mode = (int64_t)((double)(n + 1) * p);
    if (mode > n) mode = n;
    double odds = p / (1.0 - p);
    double at_mode = exp(rating_log_factorial(n) - rating_log_factorial(mode) - rating_log_factorial(n - mode) +
                         (double)mode * log(p) + (double)(n - mode) * log1p(-p));
    for (;;) {
        double u = rating_uniform(rng) - at_mode;
        if (u < 0.0) return mode;
        double up = at_mode, down = at_mode;
        int64_t high = mode, low = mode;
        while ((high < n && up > 0.0) || (low > 0 && down > 0.0)) {
            if (high < n && up > 0.0) {
                up *= (double)(n - high) / (double)(high + 1) * odds;
                high++;
                u -= up;
                if (u < 0.0) return high;
            }
            if (low > 0 && down > 0.0) {
                down *= (double)low / ((double)(n - low + 1) * odds);
                low--;
                u -= down;
                if (u < 0.0) return low;
            }
        }
    }
}

/* An exact Binomial(n, p) draw (to within floating-point rounding of its probabilities):
 * p > 1/2 as n minus a draw with 1 - p; a mean below RATING_SMALL_MEAN by inversion from
 * 0, larger ones by inversion from the mode. Both cost O(1 + standard deviation). */
static int64_t rating_binomial(pcg32_t *rng, int64_t n, double p)
{
    if (n <= 0 || p <= 0.0) return 0;
    if (p >= 1.0) return n;
    if (p > 0.5) return n - rating_binomial(rng, n, 1.0 - p);
    return (double)n * p < RATING_SMALL_MEAN ? rating_binomial_small(rng, n, p) : rating_binomial_mode(rng, n, p);
}

/* One replicate's totals: for every pair, its block count split over its block types by
 * a multinomial draw with the observed shares (sequential binomials: type t gets
 * Binomial(blocks left, count_t / count of types not yet drawn)). */
static void rating_resample(const rating_resampler_t *r, pcg32_t *rng, rating_counts_t *counts)
{
    for (int p = 0; p < r->pairs; p++) {
        int64_t left = r->blocks[p], unseen = r->blocks[p];
        memset(&counts[p], 0, sizeof counts[p]);
        for (size_t t = r->first[p]; t < r->first[p + 1] && left > 0; t++) {
            const rating_type_t *type = &r->type[t];
            int64_t drawn = t + 1 == r->first[p + 1] ? left
                                                     : rating_binomial(rng, left, (double)type->count / (double)unseen);
            unseen -= type->count;
            left -= drawn;
            for (int c = 0; c < RATING_LEADS; c++) {
                counts[p].games[c] += drawn * type->key[1 + c];
                counts[p].score2[c] += drawn * type->key[4 + c];
            }
        }
    }
}

static int rating_double_compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The p-quantile of sorted[0..n-1], interpolating linearly between order statistics at
 * position (n - 1) p (Hyndman and Fan's type 7). */
static double rating_quantile(const double *sorted, int n, double p)
{
    double h = (double)(n - 1) * p;
    int low = (int)floor(h);
    if (low >= n - 1) return sorted[n - 1];
    return sorted[low] + (h - (double)low) * (sorted[low + 1] - sorted[low]);
}

/* Replicate values (natural units) of one parameter: interval ends, sd, in Elo. */
static void rating_summarize(double *values, int n, double confidence, double *low, double *high, double *se)
{
    double to_elo = 400.0 / RATING_LN10, mean = 0.0, squares = 0.0;
    for (int b = 0; b < n; b++) mean += values[b];
    mean /= n;
    for (int b = 0; b < n; b++) squares += (values[b] - mean) * (values[b] - mean);
    *se = n > 1 ? sqrt(squares / (n - 1)) * to_elo : NAN;
    qsort(values, (size_t)n, sizeof *values, rating_double_compare);
    *low = rating_quantile(values, n, 0.5 * (1.0 - confidence)) * to_elo;
    *high = rating_quantile(values, n, 0.5 * (1.0 + confidence)) * to_elo;
}

/* 1. Count block types; 2. per replicate, draw the type counts, refit from the maximum
 * (the same maximum is reached from any start; this one is near); 3. percentile
 * intervals, sd and LOS from the replicates. */
static int rating_bootstrap(rating_model_t *m, const double *theta, const int *slot_pair,
                            const rating_block_t *blocks, size_t count, const rating_options_t *o,
                            rating_work_t *w, rating_result_t *out, char *error, size_t error_size)
{
    int k = m->parameters, replicates = o->bootstrap;
    rating_resampler_t r;
    if (rating_resampler_build(&r, blocks, count, m->agents, m->pairs, slot_pair, error, error_size) != 0) return -1;
    rating_counts_t *counts = malloc((size_t)m->pairs * sizeof *counts);
    double *value = malloc((size_t)replicates * (size_t)k * sizeof *value); /* [replicate][parameter] */
    double *column = malloc((size_t)replicates * sizeof *column);
    int status = -1;
    if (!counts || !value || !column) {
        rating_fail(error, error_size, "out of memory for %d bootstrap replicates", replicates);
        goto done;
    }
    pcg32_t rng;
    pcg32_seed(&rng, o->seed, RATING_BOOTSTRAP_STREAM);
    for (int b = 0; b < replicates; b++) {
        rating_resample(&r, &rng, counts);
        rating_fill_pairs(m, counts, o->prior_draws);
        double *replicate = &value[(size_t)b * (size_t)k];
        memcpy(replicate, theta, (size_t)k * sizeof *replicate);
        int steps;
        char reason[200];
        if (rating_newton(m, replicate, w, &steps, reason, sizeof reason) != 0) {
            rating_fail(error, error_size, "bootstrap replicate %d: %s", b + 1, reason);
            goto done;
        }
    }
    for (int agent = 0; agent < m->agents; agent++) {
        int i = m->index[agent];
        if (i < 0) continue;
        for (int b = 0; b < replicates; b++) column[b] = value[(size_t)b * (size_t)k + (size_t)i];
        rating_summarize(column, replicates, o->confidence, &out->elo_low[agent], &out->elo_high[agent],
                         &out->se[agent]);
    }
    if (m->advantage_index >= 0) {
        double unused_se;
        for (int b = 0; b < replicates; b++) column[b] = value[(size_t)b * (size_t)k + (size_t)m->advantage_index];
        rating_summarize(column, replicates, o->confidence, &out->advantage_low, &out->advantage_high, &unused_se);
    }
    for (int i = 0; i < m->agents; i++)
        for (int j = 0; j < m->agents; j++) {
            double wins = 0.0;
            for (int b = 0; b < replicates && i != j; b++) {
                const double *replicate = &value[(size_t)b * (size_t)k];
                double ri = rating_value(m, replicate, i), rj = rating_value(m, replicate, j);
                wins += ri > rj ? 1.0 : ri == rj ? 0.5 : 0.0;
            }
            out->los[i][j] = i == j ? 0.5 : wins / replicates;
        }
    status = 0;
done:
    free(counts);
    free(value);
    free(column);
    rating_resampler_free(&r);
    return status;
}

/* ---- intervals from the information matrix ---- */

/* Covariance = inverse of the information at the maximum (w->factor is its Cholesky
 * factor); normal intervals with z for the confidence; LOS from the covariance of each
 * difference. */
static void rating_hessian_intervals(const rating_model_t *m, const double *theta, const rating_work_t *w,
                                     double confidence, double *covariance, rating_result_t *out)
{
    int k = m->parameters;
    double unit[RATING_MAX_FREE];
    for (int column = 0; column < k; column++) {
        memset(unit, 0, sizeof unit);
        unit[column] = 1.0;
        rating_cholesky_solve(w->factor, k, unit, unit);
        for (int row = 0; row < k; row++) covariance[row * k + column] = unit[row];
    }
    double to_elo = 400.0 / RATING_LN10, z = stats_normal_quantile(0.5 * (1.0 + confidence));
    for (int agent = 0; agent < m->agents; agent++) {
        int i = m->index[agent];
        if (i < 0) continue;
        out->se[agent] = sqrt(covariance[i * k + i]) * to_elo;
        out->elo_low[agent] = out->elo[agent] - z * out->se[agent];
        out->elo_high[agent] = out->elo[agent] + z * out->se[agent];
    }
    if (m->advantage_index >= 0) {
        int a = m->advantage_index;
        double se = sqrt(covariance[a * k + a]) * to_elo;
        out->advantage_low = out->advantage - z * se;
        out->advantage_high = out->advantage + z * se;
    }
    for (int i = 0; i < m->agents; i++)
        for (int j = 0; j < m->agents; j++) {
            int x = m->index[i], y = m->index[j];
            double variance = (x >= 0 ? covariance[x * k + x] : 0.0) + (y >= 0 ? covariance[y * k + y] : 0.0) -
                              (x >= 0 && y >= 0 ? 2.0 * covariance[x * k + y] : 0.0);
            double difference = rating_value(m, theta, i) - rating_value(m, theta, j);
            out->los[i][j] = i == j || !(variance > 0.0) ? 0.5 : stats_normal_cdf(difference / sqrt(variance));
        }
}

/* ---- the fit ---- */

/* Everything one fit allocates. */
typedef struct rating_scratch {
    rating_totals_t *totals;
    rating_counts_t *counts; /* [RATING_MAX_PAIRS]: the totals of the model's pairs */
    rating_pair_t *pair;
    rating_work_t *work;
    double *covariance;
} rating_scratch_t;

static void rating_scratch_free(rating_scratch_t *s)
{
    free(s->totals);
    free(s->counts);
    free(s->pair);
    free(s->work);
    free(s->covariance);
}

/* The model's parameters: every agent but the anchor, then the advantage if it is asked
 * for and some game had a known leader (with none it is not determined: left at 0). */
static void rating_set_parameters(rating_model_t *m, int anchor, bool advantage, const rating_totals_t *t)
{
    int k = 0;
    for (int agent = 0; agent < m->agents; agent++) m->index[agent] = agent == anchor ? -1 : k++;
    bool led = false;
    for (int slot = 0; slot < m->agents * (m->agents - 1) / 2; slot++)
        led = led || t->slot[slot].games[RATING_A_LED] > 0 || t->slot[slot].games[RATING_B_LED] > 0;
    m->advantage_index = advantage && led ? k++ : -1;
    m->parameters = k;
}

static int rating_fit_checked(const rating_block_t *blocks, size_t count, int agents, const rating_options_t *o,
                              rating_result_t *out, rating_scratch_t *s, char *error, size_t error_size)
{
    /* 1. Totals per pair and per agent; connectivity. */
    rating_add_blocks(blocks, count, agents, s->totals, out);
    int64_t total_games = 0;
    for (int agent = 0; agent < agents; agent++) total_games += out->games[agent];
    if (total_games == 0) return rating_fail(error, error_size, "no games to rate");
    if (rating_check_connected(s->totals, agents, o->anchor, out, error, error_size) != 0) return -1;

    /* 2. The model: the pairs that played, in slot order. */
    rating_model_t m = {.agents = agents, .pair = s->pair};
    int slot_pair[RATING_MAX_PAIRS];
    for (int slot = 0; slot < agents * (agents - 1) / 2; slot++) {
        slot_pair[slot] = -1;
        if (rating_slot_games(s->totals, slot) == 0) continue;
        s->counts[m.pairs] = s->totals->slot[slot];
        slot_pair[slot] = m.pairs++;
    }
    for (int i = 0; i < agents; i++)
        for (int j = i + 1; j < agents; j++) {
            int p = slot_pair[rating_pair_slot(i, j, agents)];
            if (p >= 0) m.pair[p].i = i, m.pair[p].j = j;
        }
    rating_fill_pairs(&m, s->counts, o->prior_draws);
    rating_set_parameters(&m, o->anchor, o->advantage, s->totals);

    /* 3. Maximum likelihood from 0. */
    double theta[RATING_MAX_FREE] = {0.0};
    if (rating_newton(&m, theta, s->work, &out->iterations, error, error_size) != 0) return -1;
    double to_elo = 400.0 / RATING_LN10;
    for (int agent = 0; agent < agents; agent++) out->elo[agent] = rating_value(&m, theta, agent) * to_elo;
    if (m.advantage_index >= 0) out->advantage = theta[m.advantage_index] * to_elo;

    /* 4. Intervals and LOS. */
    if (o->bootstrap == 0) {
        rating_hessian_intervals(&m, theta, s->work, o->confidence, s->covariance, out);
        return 0;
    }
    return rating_bootstrap(&m, theta, slot_pair, blocks, count, o, s->work, out, error, error_size);
}

int rating_fit(const rating_block_t *blocks, size_t count, int agents, const rating_options_t *options,
               rating_result_t *out, char *error, size_t error_size)
{
    assert(options && out && (blocks || count == 0));
    memset(out, 0, sizeof *out);
    out->agents = agents;
    if (rating_check_options(agents, options, error, error_size) != 0) return -1;
    for (size_t n = 0; n < count; n++)
        if (rating_check_block(&blocks[n], n, agents, error, error_size) != 0) return -1;
    rating_scratch_t s = {
        .totals = calloc(1, sizeof *s.totals),
        .counts = calloc(RATING_MAX_PAIRS, sizeof *s.counts),
        .pair = calloc(RATING_MAX_PAIRS, sizeof *s.pair),
        .work = calloc(1, sizeof *s.work),
        .covariance = calloc((size_t)RATING_MAX_FREE * RATING_MAX_FREE, sizeof *s.covariance),
    };
    int status = s.totals && s.counts && s.pair && s.work && s.covariance
                     ? rating_fit_checked(blocks, count, agents, options, out, &s, error, error_size)
                     : rating_fail(error, error_size, "out of memory fitting ratings");
    rating_scratch_free(&s);
    return status;
}
