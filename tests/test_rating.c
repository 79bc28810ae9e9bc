/* test_rating.c - Check suite for analysis/rating.{h,c}.
 *
 * Expected numbers come from closed forms worked out in the comments, never from calling
 * rating.c. Throughout: Elo = 400 log10(s / (1 - s)); one natural unit (the logit) is
 * 400 / ln 10 = 173.717792761301 Elo; z = 1.959963984540054. Where data make the model
 * saturated (as many free parameters as independent cells) the maximum reproduces every
 * cell's score exactly, which is what most closed forms below use.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pcg32.h"
#include "rating.h"

enum { MAX_BLOCKS = 50000, ERROR_SIZE = 256 };

static const double TOLERANCE = 1e-6;
static const double Z = 1.959963984540054;

#define ck_assert_close(got, expected) ck_assert_double_eq_tol((got), (expected), TOLERANCE)

/* ---- helpers ---- */

typedef struct table {
    rating_block_t block[MAX_BLOCKS];
    size_t count;
} table_t;

static table_t *table_new(void)
{
    table_t *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* `copies` blocks of one game between a and b in lead configuration `lead`, a scoring
 * score2 half points (2 win, 1 draw, 0 loss). */
static void add_games(table_t *t, int copies, int a, int b, int lead, int score2)
{
    for (int i = 0; i < copies; i++) {
        ck_assert_uint_lt(t->count, MAX_BLOCKS);
        rating_block_t *block = &t->block[t->count++];
        memset(block, 0, sizeof *block);
        block->a = (int16_t)a;
        block->b = (int16_t)b;
        block->games[lead] = 1;
        block->score2[lead] = (int16_t)score2;
        block->draws[lead] = score2 == 1;
    }
}

/* wins, draws, losses of a against b, one game a block, no leader. */
static void add_record(table_t *t, int a, int b, int wins, int draws, int losses)
{
    add_games(t, wins, a, b, RATING_NO_LEADER, 2);
    add_games(t, draws, a, b, RATING_NO_LEADER, 1);
    add_games(t, losses, a, b, RATING_NO_LEADER, 0);
}

/* Hessian intervals, no advantage, no prior: the plain Bradley-Terry maximum. */
static rating_options_t plain_options(void)
{
    rating_options_t o = rating_default_options();
    o.advantage = false;
    o.prior_draws = 0.0;
    o.bootstrap = 0;
    return o;
}

static rating_result_t *fit_ok(const table_t *t, int agents, const rating_options_t *o)
{
    rating_result_t *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    char error[ERROR_SIZE] = "";
    int status = rating_fit(t->block, t->count, agents, o, r, error, sizeof error);
    ck_assert_msg(status == 0, "rating_fit failed: %s", error);
    return r;
}

/* The fit must fail with a message containing `expected`. */
static void fit_fails(const table_t *t, int agents, const rating_options_t *o, const char *expected)
{
    rating_result_t *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    char error[ERROR_SIZE] = "";
    ck_assert_int_eq(rating_fit(t->block, t->count, agents, o, r, error, sizeof error), -1);
    ck_assert_msg(strstr(error, expected) != NULL, "message '%s' lacks '%s'", error, expected);
    ck_assert_ptr_null(strchr(error, '\n'));
    free(r);
}

/* ---- options ---- */

START_TEST(test_default_options)
{
    rating_options_t o = rating_default_options();
    ck_assert_int_eq(o.anchor, 0);
    ck_assert(o.advantage);
    ck_assert_double_eq(o.prior_draws, 1.0);
    ck_assert_int_eq(o.bootstrap, 1000);
    ck_assert_double_eq(o.confidence, 0.95);
    ck_assert_uint_eq(o.seed, 1);
}
END_TEST

/* ---- maximum likelihood against closed forms ---- */

START_TEST(test_two_agents_closed_form)
{
    /* Agent 1 against agent 0: 7 wins, 2 draws, 3 losses = 8 points of 12, s = 2/3.
     * Two agents, one cell: the maximum has P = s, so elo[1] = 400 log10((2/3)/(1/3))
     * = 400 log10 2 = 120.411998265592. */
    table_t *t = table_new();
    add_record(t, 1, 0, 7, 2, 3);
    rating_options_t o = plain_options();
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_int_eq(r->agents, 2);
    ck_assert_double_eq(r->elo[0], 0.0);
    ck_assert_close(r->elo[1], 120.411998265592);
    ck_assert(r->iterations >= 1 && r->iterations < 20);
    /* Real games only: 12 each; agent 1 has 7 + 2/2 = 8 points, agent 0 3 + 1 = 4; 2 draws. */
    ck_assert_int_eq(r->games[0], 12);
    ck_assert_int_eq(r->games[1], 12);
    ck_assert_double_eq(r->score[1], 8.0);
    ck_assert_double_eq(r->score[0], 4.0);
    ck_assert_int_eq(r->draws[0], 2);
    ck_assert_int_eq(r->draws[1], 2);
    /* Nothing fitted for the advantage. */
    ck_assert_double_eq(r->advantage, 0.0);
    ck_assert_double_eq(r->advantage_low, 0.0);
    ck_assert_double_eq(r->advantage_high, 0.0);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_two_agents_hessian_interval)
{
    /* The same 12 games. The information of theta_1 is n P (1 - P) = 12 (2/3)(1/3) = 8/3,
     * so se = sqrt(3/8) = 0.612372435696 natural units = 0.612372435696 * 173.717792761301
     * = 106.379987876935 Elo. Interval 120.411998265592 -+ 1.959963984540054 * 106.379987876935
     * = (-88.088946649008, 328.912943180193). LOS of 1 over 0 = Phi(120.411998 / 106.379988)
     * = Phi(1.131904606014) = 0.871162728985; of 0 over 1, 1 - that = 0.128837271015. */
    table_t *t = table_new();
    add_record(t, 1, 0, 7, 2, 3);
    rating_options_t o = plain_options();
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_close(r->se[1], 106.379987876935);
    ck_assert_close(r->elo_low[1], -88.088946649008);
    ck_assert_close(r->elo_high[1], 328.912943180193);
    ck_assert_close(r->los[1][0], 0.871162728985);
    ck_assert_close(r->los[0][1], 0.128837271015);
    ck_assert_double_eq(r->los[0][0], 0.5);
    ck_assert_double_eq(r->los[1][1], 0.5);
    /* The anchor has no interval of its own. */
    ck_assert_double_eq(r->se[0], 0.0);
    ck_assert_double_eq(r->elo_low[0], 0.0);
    ck_assert_double_eq(r->elo_high[0], 0.0);
    /* A 50% interval uses z = Phi^-1(0.75) = 0.674489750196082: half-width 71.752... */
    o.confidence = 0.5;
    rating_result_t *half = fit_ok(t, 2, &o);
    ck_assert_close(half->elo_high[1] - half->elo[1], 0.674489750196082 * 106.379987876935);
    free(half);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_chain_closed_form)
{
    /* 0 - 1 - 2 with no games between 0 and 2: a tree, so the maximum reproduces both
     * pairs' scores. Agent 1 scores 12 of 16 against 0 (3/4): r1 - r0 = 400 log10 3
     * = 190.848501887865. Agent 2 scores 16 of 25 against 1 (0.64): r2 - r1 = 400 log10(16/9)
     * = 99.950989286640. So r2 = 290.799491174505.
     * Variances add along the tree: var(r1) = 1/(16 * 3/4 * 1/4) = 1/3, var(r2 - r1) =
     * 1/(25 * 0.64 * 0.36) = 1/5.76 = 0.173611, so se1 = sqrt(1/3) = 0.577350 natural =
     * 100.296014413765 Elo and se2 = sqrt(0.506944444) = 0.712000312110 natural
     * = 123.687122665071 Elo. */
    table_t *t = table_new();
    add_record(t, 1, 0, 12, 0, 4);
    add_record(t, 2, 1, 16, 0, 9);
    rating_options_t o = plain_options();
    rating_result_t *r = fit_ok(t, 3, &o);
    ck_assert_double_eq(r->elo[0], 0.0);
    ck_assert_close(r->elo[1], 190.848501887865);
    ck_assert_close(r->elo[2], 290.799491174505);
    ck_assert_close(r->se[1], 100.296014413765);
    ck_assert_close(r->se[2], 123.687122665071);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_anchor_shifts_by_a_constant)
{
    /* The chain above anchored at agent 2: every rating moves by -290.799491174505, so
     * r0 = -290.799491174505, r1 = -99.950989286640, r2 = 0; se of agent 0 (relative to
     * 2 now) is the old se of agent 2, 123.687122665071, and the anchor's is 0. */
    table_t *t = table_new();
    add_record(t, 1, 0, 12, 0, 4);
    add_record(t, 2, 1, 16, 0, 9);
    rating_options_t o = plain_options();
    o.anchor = 2;
    rating_result_t *r = fit_ok(t, 3, &o);
    ck_assert_close(r->elo[0], -290.799491174505);
    ck_assert_close(r->elo[1], -99.950989286640);
    ck_assert_double_eq(r->elo[2], 0.0);
    ck_assert_close(r->se[0], 123.687122665071);
    ck_assert_double_eq(r->se[2], 0.0);
    /* The same differences for every anchor. */
    o.anchor = 1;
    rating_result_t *middle = fit_ok(t, 3, &o);
    for (int i = 0; i < 3; i++) ck_assert_close(middle->elo[i] - r->elo[i], 99.950989286640);
    free(middle);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_cycle_is_even)
{
    /* 0 beats 1, 1 beats 2, 2 beats 0, each 6 - 4: a rock-paper-scissors cycle. By the
     * symmetry of rotating the labels every rating is equal, i.e. 0, and every LOS 1/2. */
    table_t *t = table_new();
    add_record(t, 0, 1, 6, 0, 4);
    add_record(t, 1, 2, 6, 0, 4);
    add_record(t, 2, 0, 6, 0, 4);
    rating_options_t o = plain_options();
    rating_result_t *r = fit_ok(t, 3, &o);
    for (int i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(r->elo[i], 0.0, 1e-9);
        for (int j = 0; j < 3; j++) ck_assert_double_eq_tol(r->los[i][j], 0.5, 1e-9);
    }
    free(r);
    free(t);
}
END_TEST

START_TEST(test_advantage_recovered)
{
    /* Equal agents whose leader scores 0.64: 100 blocks of agent 0 against 1, each one game
     * with 0 leading and one with 1 leading:
     *   36 blocks: 0 wins both;   28 blocks: 0 wins when leading, loses when 1 leads;
     *   36 blocks: 0 loses both.
     * 0 leading: 64 wins of 100; 1 leading: 0 wins 36 of 100. With d = -theta_1 + x a:
     * logistic(-theta_1 + a) = 0.64 and logistic(-theta_1 - a) = 0.36 give theta_1 = 0 and
     * a = logit(0.64), i.e. 400 log10(0.64/0.36) = 99.950989286640 Elo.
     * Information (no prior): each cell gives n P (1 - P) = 100 * 0.64 * 0.36 = 23.04 times
     * u u^T with u = (-1, +1) and (-1, -1): diag(46.08, 46.08). se of a = 1/sqrt(46.08)
     * = 0.147313912747 natural = 25.591047765474 Elo; the same for r1. */
    table_t *t = table_new();
    for (int kind = 0; kind < 3; kind++) {
        static const int copies[3] = {36, 28, 36}, lead_a[3] = {2, 2, 0}, lead_b[3] = {2, 0, 0};
        for (int i = 0; i < copies[kind]; i++) {
            rating_block_t *b = &t->block[t->count++];
            *b = (rating_block_t){.a = 0, .b = 1, .games = {1, 0, 1}, .score2 = {lead_a[kind], 0, lead_b[kind]}};
        }
    }
    rating_options_t o = plain_options();
    o.advantage = true;
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_double_eq_tol(r->elo[1], 0.0, 1e-9);
    ck_assert_close(r->advantage, 99.950989286640);
    ck_assert_close(r->se[1], 25.591047765474);
    ck_assert_close(r->advantage_high - r->advantage, Z * 25.591047765474);
    ck_assert_close(r->advantage - r->advantage_low, Z * 25.591047765474);
    /* Prior draws (x = 0, half a point) agree with theta_1 = 0: nothing moves. */
    o.prior_draws = 3.0;
    rating_result_t *prior = fit_ok(t, 2, &o);
    ck_assert_double_eq_tol(prior->elo[1], 0.0, 1e-9);
    ck_assert_close(prior->advantage, 99.950989286640);
    /* Per agent: 200 games each, no draws; 0 has 64 + 36 = 100 points. */
    ck_assert_int_eq(r->games[0], 200);
    ck_assert_double_eq(r->score[0], 100.0);
    ck_assert_double_eq(r->score[1], 100.0);
    ck_assert_int_eq(r->draws[0], 0);
    free(prior);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_advantage_with_strength)
{
    /* One block of 1000 games with 0 leading, 0 scoring 857 half points (P = 0.4285), one
     * of 1000 games with 1 leading, 0 scoring 593 half points (P = 0.2965). Two cells, two
     * parameters: the maximum reproduces both, with d = -theta_1 + x a:
     *   -theta_1 + a = ln(0.4285/0.5715) = -0.287973745197
     *   -theta_1 - a = ln(0.2965/0.7035) = -0.864020658117
     * theta_1 = 0.575997201657 -> 100.060962508513 Elo; a = 0.288023456460 -> 50.034799119680.
     * Information: weights 1000 * 0.4285 * 0.5715 = 244.88775 (u = (-1, 1)) and
     * 1000 * 0.2965 * 0.7035 = 208.58775 (u = (-1, -1)): [[453.4755, -36.3], [-36.3, 453.4755]],
     * determinant 205640.0287 - 1317.69 = 204322.3387, so var(theta_1) = var(a)
     * = 453.4755 / 204322.3387 = 0.002219412239, se = 0.047110638 natural = 8.183956096 Elo. */
    table_t *t = table_new();
    t->block[t->count++] =
        (rating_block_t){.a = 0, .b = 1, .games = {1000, 0, 0}, .score2 = {857, 0, 0}, .draws = {57, 0, 0}};
    t->block[t->count++] =
        (rating_block_t){.a = 0, .b = 1, .games = {0, 0, 1000}, .score2 = {0, 0, 593}, .draws = {0, 0, 93}};
    rating_options_t o = plain_options();
    o.advantage = true;
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_close(r->elo[1], 100.060962508513);
    ck_assert_close(r->advantage, 50.034799119680);
    ck_assert_close(r->se[1], 8.183956096399);
    ck_assert_close(r->advantage_high - r->advantage, Z * 8.183956096399);
    /* Draws as the blocks count them (57 + 93), for both agents; points 428.5 + 296.5 = 725
     * for agent 0. */
    ck_assert_int_eq(r->draws[0], 150);
    ck_assert_int_eq(r->draws[1], 150);
    ck_assert_double_eq(r->score[0], 725.0);
    ck_assert_double_eq(r->score[1], 1275.0);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_same_games_from_either_side)
{
    /* Each block restated from b's side (a and b swapped, lead configurations swapped,
     * score2 -> 2 games - score2) describes the same games: the same result. */
    table_t *t = table_new(), *mirror = table_new();
    t->block[t->count++] = (rating_block_t){.a = 0, .b = 1, .games = {3, 1, 2}, .score2 = {5, 1, 1}};
    t->block[t->count++] = (rating_block_t){.a = 1, .b = 0, .games = {2, 2, 2}, .score2 = {1, 2, 3}};
    t->block[t->count++] = (rating_block_t){.a = 2, .b = 1, .games = {1, 0, 1}, .score2 = {2, 0, 1}};
    t->block[t->count++] = (rating_block_t){.a = 0, .b = 2, .games = {2, 0, 2}, .score2 = {3, 0, 0}};
    for (size_t i = 0; i < t->count; i++) {
        const rating_block_t *b = &t->block[i];
        rating_block_t *m = &mirror->block[mirror->count++];
        *m = (rating_block_t){.a = b->b, .b = b->a};
        for (int c = 0; c < RATING_LEADS; c++) {
            m->games[c] = b->games[RATING_LEADS - 1 - c];
            m->score2[c] = (int16_t)(2 * b->games[RATING_LEADS - 1 - c] - b->score2[RATING_LEADS - 1 - c]);
        }
    }
    rating_options_t o = rating_default_options();
    o.bootstrap = 0;
    rating_result_t *r = fit_ok(t, 3, &o), *m = fit_ok(mirror, 3, &o);
    for (int i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(r->elo[i], m->elo[i], 1e-9);
        ck_assert_double_eq_tol(r->se[i], m->se[i], 1e-9);
        ck_assert_int_eq(r->games[i], m->games[i]);
        ck_assert_double_eq(r->score[i], m->score[i]);
    }
    ck_assert_double_eq_tol(r->advantage, m->advantage, 1e-9);
    free(m);
    free(r);
    free(mirror);
    free(t);
}
END_TEST

START_TEST(test_relabelling_flips_signs)
{
    /* Two agents: exchanging the labels 0 and 1 (anchor stays 0) turns +120.411998 into
     * -120.411998 (the 8 of 12 of test_two_agents_closed_form), and LOS into 1 - LOS. */
    table_t *t = table_new(), *swapped = table_new();
    add_record(t, 1, 0, 7, 2, 3);
    add_record(swapped, 0, 1, 7, 2, 3);
    rating_options_t o = plain_options();
    rating_result_t *r = fit_ok(t, 2, &o), *s = fit_ok(swapped, 2, &o);
    ck_assert_close(s->elo[1], -120.411998265592);
    ck_assert_close(s->elo[1], -r->elo[1]);
    ck_assert_close(s->los[1][0], 1.0 - r->los[1][0]);
    ck_assert_close(s->se[1], r->se[1]);
    free(s);
    free(r);
    free(swapped);
    free(t);
}
END_TEST

START_TEST(test_prior_draws_keep_a_perfect_score_finite)
{
    /* Agent 1 wins all 10 games. With one prior draw: 11 games, 10.5 points, s = 21/22,
     * elo = 400 log10(21) = 528.887717893568. Without the prior there is no maximum. */
    table_t *t = table_new();
    add_record(t, 1, 0, 10, 0, 0);
    rating_options_t o = plain_options();
    o.prior_draws = 1.0;
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_close(r->elo[1], 528.887717893568);
    /* The prior is not a game. */
    ck_assert_int_eq(r->games[1], 10);
    ck_assert_double_eq(r->score[1], 10.0);
    ck_assert_int_eq(r->draws[1], 0);
    o.prior_draws = 0.0;
    fit_fails(t, 2, &o, "prior draws");
    free(r);
    free(t);
}
END_TEST

START_TEST(test_prior_draws_pull_towards_even)
{
    /* 8 of 12 plus 4 prior draws: 10 of 16 = 0.625, elo = 400 log10(0.625/0.375)
     * = 400 log10(5/3) = 88.739499846...; the prior goes to every pair that played. */
    table_t *t = table_new();
    add_record(t, 1, 0, 7, 2, 3);
    rating_options_t o = plain_options();
    o.prior_draws = 4.0;
    rating_result_t *r = fit_ok(t, 2, &o);
    ck_assert_close(r->elo[1], 88.739499846542);
    free(r);
    free(t);
}
END_TEST

/* ---- bad input ---- */

START_TEST(test_disconnected_agents_rejected)
{
    /* Pairs 0-1 and 2-3: two groups; agent 2 is the first one cut off from anchor 0. */
    table_t *t = table_new();
    add_record(t, 0, 1, 3, 1, 2);
    add_record(t, 2, 3, 3, 1, 2);
    rating_options_t o = plain_options();
    fit_fails(t, 4, &o, "agent 2 is cut off");
    /* An agent with no games at all. */
    table_t *u = table_new();
    add_record(u, 0, 1, 3, 1, 2);
    fit_fails(u, 3, &o, "agent 2 played no games");
    /* A pair whose only blocks hold no games does not connect. */
    u->block[u->count++] = (rating_block_t){.a = 1, .b = 2};
    fit_fails(u, 3, &o, "agent 2 played no games");
    free(u);
    free(t);
}
END_TEST

START_TEST(test_bad_input_rejected)
{
    table_t *t = table_new();
    add_record(t, 0, 1, 3, 1, 2);
    rating_options_t o = plain_options();
    fit_fails(t, 1, &o, "2 to 64 agents");
    fit_fails(t, RATING_MAX_AGENTS + 1, &o, "2 to 64 agents");
    o.anchor = 2;
    fit_fails(t, 2, &o, "anchor 2");
    o = plain_options();
    o.confidence = 1.0;
    fit_fails(t, 2, &o, "confidence");
    o = plain_options();
    o.prior_draws = -1.0;
    fit_fails(t, 2, &o, "prior draws");
    o = plain_options();
    o.bootstrap = -5;
    fit_fails(t, 2, &o, "bootstrap");
    o = plain_options();
    t->block[3].b = 2;
    fit_fails(t, 2, &o, "block 3: agents 0 and 2");
    t->block[3].b = 0;
    fit_fails(t, 2, &o, "block 3: agent 0 plays itself");
    t->block[3].b = 1;
    t->block[4].score2[RATING_NO_LEADER] = 3;
    fit_fails(t, 2, &o, "block 4: score2 3");
    t->block[4].score2[RATING_NO_LEADER] = 1;
    t->block[5].games[RATING_A_LED] = -1;
    fit_fails(t, 2, &o, "block 5: negative");
    table_t *empty = table_new();
    fit_fails(empty, 2, &o, "no games");
    empty->block[empty->count++] = (rating_block_t){.a = 0, .b = 1};
    fit_fails(empty, 2, &o, "no games");
    free(empty);
    free(t);
}
END_TEST

/* ---- the bootstrap ---- */

/* Agent 1 against 0: 6000 wins and 4000 losses, one game a block, no draws. */
static table_t *large_two_agent_table(void)
{
    table_t *t = table_new();
    add_record(t, 1, 0, 6000, 0, 4000);
    return t;
}

START_TEST(test_bootstrap_se_matches_hessian)
{
    /* Hessian: se = 1/sqrt(10000 * 0.6 * 0.4) = 1/sqrt(2400) = 0.020412414523 natural
     * = 3.545999595898 Elo. Resampling 10,000 Bernoulli blocks gives the binomial spread of the
     * score, and by the delta method the same se; 1000 replicates estimate an sd to about
     * 1/sqrt(2 * 1000) = 2.2%, so 10% is a wide margin. */
    table_t *t = large_two_agent_table();
    rating_options_t o = plain_options();
    rating_result_t *hessian = fit_ok(t, 2, &o);
    ck_assert_close(hessian->se[1], 3.545999595898);
    o.bootstrap = 1000;
    rating_result_t *boot = fit_ok(t, 2, &o);
    ck_assert_double_eq(boot->elo[1], hessian->elo[1]);
    ck_assert_msg(fabs(boot->se[1] / hessian->se[1] - 1.0) < 0.10, "bootstrap se %g, Hessian se %g", boot->se[1],
                  hessian->se[1]);
    /* Percentile interval: about elo +- 1.96 se, and it holds the estimate. */
    ck_assert(boot->elo_low[1] < boot->elo[1] && boot->elo[1] < boot->elo_high[1]);
    double width = boot->elo_high[1] - boot->elo_low[1];
    ck_assert_msg(fabs(width / (2.0 * Z * hessian->se[1]) - 1.0) < 0.15, "interval width %g", width);
    free(boot);
    free(hessian);
    free(t);
}
END_TEST

START_TEST(test_bootstrap_reproducible)
{
    /* Same seed: the same bytes. Another seed: other intervals. The blocks in another
     * order: the same bytes (types are sorted before drawing). */
    table_t *t = table_new();
    add_record(t, 1, 0, 30, 10, 20);
    add_record(t, 2, 1, 25, 5, 30);
    add_record(t, 0, 2, 12, 6, 14);
    rating_options_t o = rating_default_options();
    o.bootstrap = 200;
    o.seed = 17;
    rating_result_t *a = fit_ok(t, 3, &o), *b = fit_ok(t, 3, &o);
    ck_assert(memcmp(a, b, sizeof *a) == 0);
    o.seed = 18;
    rating_result_t *c = fit_ok(t, 3, &o);
    ck_assert_double_eq(c->elo[1], a->elo[1]);
    ck_assert(c->elo_low[1] != a->elo_low[1] || c->elo_high[1] != a->elo_high[1]);
    ck_assert(c->se[1] != a->se[1]);
    pcg32_t rng;
    pcg32_seed(&rng, 5, 6);
    for (size_t i = t->count - 1; i > 0; i--) {
        size_t j = pcg32_below(&rng, (uint32_t)(i + 1));
        rating_block_t swap = t->block[i];
        t->block[i] = t->block[j];
        t->block[j] = swap;
    }
    o.seed = 17;
    rating_result_t *d = fit_ok(t, 3, &o);
    ck_assert(memcmp(a, d, sizeof *a) == 0);
    free(d);
    free(c);
    free(b);
    free(a);
    free(t);
}
END_TEST

START_TEST(test_bootstrap_intervals_hold_estimates)
{
    /* Four agents, every pair, leaders known, draws: every interval holds its estimate;
     * se > 0 except the anchor's; LOS is a probability and los[i][j] + los[j][i] = 1. */
    table_t *t = table_new();
    pcg32_t rng;
    pcg32_seed(&rng, 11, 12);
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
            for (int k = 0; k < 300; k++) {
                rating_block_t *block = &t->block[t->count++];
                *block = (rating_block_t){.a = (int16_t)a, .b = (int16_t)b, .games = {1, 0, 1}};
                /* Leading, a wins 60% less 5% per agent b is above it; b leading, a loss,
                 * draw or win with equal chances. */
                uint32_t leading_wins = 60u - 5u * (uint32_t)(b - a);
                block->score2[RATING_A_LED] = (int16_t)(pcg32_below(&rng, 100) < leading_wins ? 2 : 0);
                block->score2[RATING_B_LED] = (int16_t)pcg32_below(&rng, 3);
            }
    rating_options_t o = rating_default_options();
    o.bootstrap = 300;
    o.anchor = 1;
    rating_result_t *r = fit_ok(t, 4, &o);
    for (int i = 0; i < 4; i++) {
        ck_assert(r->elo_low[i] <= r->elo[i] && r->elo[i] <= r->elo_high[i]);
        ck_assert(i == 1 ? r->se[i] == 0.0 : r->se[i] > 0.0);
        for (int j = 0; j < 4; j++) {
            ck_assert(r->los[i][j] >= 0.0 && r->los[i][j] <= 1.0);
            ck_assert_double_eq_tol(r->los[i][j] + r->los[j][i], 1.0, 1e-12);
        }
        ck_assert_int_eq(r->games[i], 3 * 300 * 2);
    }
    ck_assert(r->advantage_low <= r->advantage && r->advantage <= r->advantage_high);
    ck_assert(r->advantage_low < r->advantage_high);
    free(r);
    free(t);
}
END_TEST

START_TEST(test_los_far_apart_and_equal)
{
    /* Agents 0 and 1 split 50 - 50 and each score 20 of 100 against agent 2, which is
     * about 400 log10(4) = 240.8 Elo above both. By symmetry r1 = r0 = 0 exactly.
     * Hessian: LOS(1 over 0) = Phi(0) = 1/2 exactly; LOS(2 over 0) = Phi(240.8 / ~37)
     * rounds to 1. Bootstrap: 2 beats both in every replicate; 1 against 0 is a coin. */
    table_t *t = table_new();
    add_record(t, 0, 1, 25, 0, 25);
    add_record(t, 2, 0, 80, 0, 20);
    add_record(t, 2, 1, 80, 0, 20);
    rating_options_t o = plain_options();
    rating_result_t *h = fit_ok(t, 3, &o);
    ck_assert_double_eq_tol(h->elo[1], 0.0, 1e-9);
    ck_assert_close(h->elo[2], 240.823996531185);
    ck_assert_double_eq_tol(h->los[1][0], 0.5, 1e-9);
    ck_assert(h->los[2][0] > 0.999999 && h->los[0][2] < 1e-6);
    o.bootstrap = 1000;
    rating_result_t *b = fit_ok(t, 3, &o);
    ck_assert_double_eq(b->los[2][0], 1.0);
    ck_assert_double_eq(b->los[2][1], 1.0);
    ck_assert_double_eq(b->los[0][2], 0.0);
    ck_assert_msg(fabs(b->los[1][0] - 0.5) < 0.1, "LOS of equal agents %g", b->los[1][0]);
    free(b);
    free(h);
    free(t);
}
END_TEST

START_TEST(test_bootstrap_many_pairs)
{
    /* 45 pairs x 1,000 blocks of 2 games, the default 1000 replicates: every interval
     * holds its estimate, per-agent totals add up (18,000 games each, one point a game). */
    enum { AGENTS = 10, PER_PAIR = 1000 };
    rating_block_t *blocks = malloc((size_t)AGENTS * (AGENTS - 1) / 2 * PER_PAIR * sizeof *blocks);
    ck_assert_ptr_nonnull(blocks);
    size_t count = 0;
    pcg32_t rng;
    pcg32_seed(&rng, 3, 4);
    for (int a = 0; a < AGENTS; a++)
        for (int b = a + 1; b < AGENTS; b++)
            for (int k = 0; k < PER_PAIR; k++)
                blocks[count++] = (rating_block_t){.a = (int16_t)a, .b = (int16_t)b, .games = {1, 0, 1},
                                                   .score2 = {(int16_t)pcg32_below(&rng, 3), 0,
                                                              (int16_t)pcg32_below(&rng, 3)}};
    rating_options_t o = rating_default_options();
    rating_result_t *r = malloc(sizeof *r);
    ck_assert_ptr_nonnull(r);
    char error[ERROR_SIZE];
    ck_assert_msg(rating_fit(blocks, count, AGENTS, &o, r, error, sizeof error) == 0, "%s", error);
    double points = 0.0;
    for (int i = 0; i < AGENTS; i++) {
        ck_assert_int_eq(r->games[i], (AGENTS - 1) * PER_PAIR * 2);
        points += r->score[i];
        ck_assert(r->elo_low[i] <= r->elo[i] && r->elo[i] <= r->elo_high[i]);
    }
    /* Every game gives out exactly one point. */
    ck_assert_double_eq(points, (double)count * 2);
    free(r);
    free(blocks);
}
END_TEST

static Suite *rating_suite(void)
{
    Suite *s = suite_create("rating");

    TCase *tc = tcase_create("fit");
    tcase_add_test(tc, test_default_options);
    tcase_add_test(tc, test_two_agents_closed_form);
    tcase_add_test(tc, test_two_agents_hessian_interval);
    tcase_add_test(tc, test_chain_closed_form);
    tcase_add_test(tc, test_anchor_shifts_by_a_constant);
    tcase_add_test(tc, test_cycle_is_even);
    tcase_add_test(tc, test_advantage_recovered);
    tcase_add_test(tc, test_advantage_with_strength);
    tcase_add_test(tc, test_same_games_from_either_side);
    tcase_add_test(tc, test_relabelling_flips_signs);
    tcase_add_test(tc, test_prior_draws_keep_a_perfect_score_finite);
    tcase_add_test(tc, test_prior_draws_pull_towards_even);
    suite_add_tcase(s, tc);

    tc = tcase_create("errors");
    tcase_add_test(tc, test_disconnected_agents_rejected);
    tcase_add_test(tc, test_bad_input_rejected);
    suite_add_tcase(s, tc);

    tc = tcase_create("bootstrap");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_bootstrap_se_matches_hessian);
    tcase_add_test(tc, test_bootstrap_reproducible);
    tcase_add_test(tc, test_bootstrap_intervals_hold_estimates);
    tcase_add_test(tc, test_los_far_apart_and_equal);
    tcase_add_test(tc, test_bootstrap_many_pairs);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(rating_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
