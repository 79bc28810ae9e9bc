/* report_sprt.c - the sequential test replayed over a run's deal blocks (report.h).
 *
 * The blocks are taken in unit order and the test stops at the first block where the LLR
 * leaves its bounds: the same rule, on the same blocks, as `dominolab sprt` applies while
 * it plays, so the report rebuilt from deals.csv is the test that was run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "outcomes.h"
#include "report.h"
#include "report_common.h"
#include "stats.h"

enum { TRACE_POINTS = 5000 }; /* rows of sprt_trace.csv at most, about evenly spaced */

static const char *verdict_name(sprt_verdict_t verdict)
{
    return verdict == SPRT_ACCEPT_H0 ? "H0" : verdict == SPRT_ACCEPT_H1 ? "H1" : "none";
}

static int write_summary(const char *dir, const char *agent_a, const char *agent_b, const report_names_t *names,
                         const sprt_test_t *test, const report_sprt_result_t *r, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "sprt.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    fputs("agent_a,agent_b,elo0,elo1,alpha,beta,lower,upper,llr,verdict,blocks,games,a_wins,draws,b_wins,score,"
          "score_low,score_high,"
          "elo,elo_low,elo_high,name_a,name_b\n",
          out);
    stats_csv_field(out, agent_a);
    putc(',', out);
    stats_csv_field(out, agent_b);
    double head[] = {test->elo0, test->elo1, test->alpha, test->beta, test->lower, test->upper, r->llr};
    for (size_t k = 0; k < sizeof head / sizeof head[0]; k++) {
        putc(',', out);
        report_number(out, head[k]);
    }
    fprintf(out, ",%s,%lld,%lld,%lld,%lld,%lld", verdict_name(r->verdict), (long long)r->blocks, (long long)r->games,
            (long long)r->a_wins, (long long)r->draws, (long long)r->b_wins);
    double tail[] = {r->score, r->score_low, r->score_high, r->elo, r->elo_low, r->elo_high};
    for (size_t k = 0; k < sizeof tail / sizeof tail[0]; k++) {
        putc(',', out);
        report_number(out, tail[k]);
    }
    putc(',', out);
    stats_csv_field(out, report_name_of(names, agent_a));
    putc(',', out);
    stats_csv_field(out, report_name_of(names, agent_b));
    putc('\n', out);
    return atomic_file_commit(&file, error, error_size);
}

/* The key goes below the plot, outside it: inside it could hide a bound, and the bounds run
 * the whole width. The y range takes in both bounds and the last step past one. */
static int draw_plot(plot_session_t *plots, const char *agent_a, const char *agent_b, const sprt_test_t *test,
                     const report_sprt_result_t *r, char *error, size_t error_size)
{
    char what[1024], sample[256], games[64], title[4096], body[8192];
    snprintf(what, sizeof what, "SPRT %s against %s: H0 elo %g, H1 elo %g, alpha %g, beta %g", agent_a, agent_b,
             test->elo0, test->elo1, test->alpha, test->beta);
    plot_sample(sample, sizeof sample, r->blocks, r->blocks, plots->matches ? "match block" : "deal block", NULL);
    plot_sample(games, sizeof games, r->games, r->games, plots->matches ? "match" : "game", NULL);
    size_t length = strlen(sample);
    snprintf(sample + length, sizeof sample - length, " (%s)", games);
    plot_title(title, sizeof title, plots, what, sample);
    snprintf(body, sizeof body,
             "%sset xlabel \"%s blocks played\"\nset ylabel \"log-likelihood ratio\"\nset grid\n"
             "set key outside below center horizontal height 1\n"
             "set yrange [* < %g : %g < *]\n"
             "plot \"sprt_trace.csv\" skip 1 using 1:2 with lines lw 2 lc rgb \"#2166ac\" title \"LLR\", "
             "\"\" skip 1 using 1:3 with lines dt 2 lc rgb \"#b2182b\" title \"lower bound: accept H0\", "
             "\"\" skip 1 using 1:4 with lines dt 2 lc rgb \"#1b7837\" title \"upper bound: accept H1\"",
             title, plots->matches ? "match" : "deal", 1.2 * test->lower, 1.2 * test->upper);
    return plot_draw(plots, "sprt", body, error, error_size);
}

/* Counts a's games against b in block u into r (wins, draws, losses). */
static void count_games(const outcome_table_t *table, int64_t u, int a, int b, report_sprt_result_t *r)
{
    const outcome_play_t *plays = outcomes_block(table, u);
    for (int k = 0; k < table->rotations; k++) {
        int score2 = outcomes_pair_score2(&plays[k], table->seats, a, b);
        r->a_wins += score2 == 2;
        r->draws += score2 == 1;
        r->b_wins += score2 == 0;
    }
}

/* A's mean block score and its Elo with 95% intervals, from the tally so far. */
static void measure(const sprt_tally_t *tally, report_sprt_result_t *r)
{
    double z = stats_normal_quantile(0.975);
    sprt_score(tally, z, &r->score, &r->score_low, &r->score_high);
    r->elo = stats_elo_from_score(r->score);
    r->elo_low = stats_elo_from_score(r->score_low);
    r->elo_high = stats_elo_from_score(r->score_high);
}

/* Runs the test block by block; writes the trace as it goes (with the Elo measured so far,
 * for the page's Elo over time), and the tally of block scores into *tally. */
static int replay_test(const outcome_table_t *table, int a, int b, const sprt_test_t *test, FILE *trace,
                       sprt_tally_t *tally, report_sprt_result_t *r)
{
    sprt_tally_init(tally, table->rotations);
    int64_t step = table->units / TRACE_POINTS + 1;
    *r = (report_sprt_result_t){.verdict = SPRT_CONTINUE};
    for (int64_t u = 0; u < table->units && r->verdict == SPRT_CONTINUE; u++) {
        int score2 = outcomes_block_score2(table, u, a, b);
        if (score2 < 0) return -1;
        sprt_tally_add(tally, score2);
        count_games(table, u, a, b, r);
        r->games += table->rotations;
        r->llr = sprt_llr(tally, test->elo0, test->elo1);
        r->verdict = sprt_decide(test, r->llr);
        if ((u + 1) % step == 0 || r->verdict != SPRT_CONTINUE || u + 1 == table->units) {
            measure(tally, r);
            fprintf(trace, "%lld,%.6f,%.6f,%.6f,", (long long)(u + 1), r->llr, test->lower, test->upper);
            report_number(trace, r->elo);
            putc(',', trace);
            report_number(trace, r->elo_low);
            putc(',', trace);
            report_number(trace, r->elo_high);
            putc('\n', trace);
        }
    }
    r->blocks = tally->blocks;
    measure(tally, r);
    return 0;
}

/* sprt_blocks.csv: for each block score (twice the games a block of half points), the blocks
 * that ended with it; with two games a block, the pentanomial counts. */
static int write_blocks(const char *dir, const sprt_tally_t *tally, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "sprt_blocks.csv", error, error_size)) return -1;
    fputs("block_score,blocks\n", file.stream);
    int values = 2 * tally->games_per_block + 1;
    for (int k = 0; k < values; k++) {
        report_number(file.stream, (double)k / (values - 1));
        fprintf(file.stream, ",%lld\n", (long long)tally->count[k]);
    }
    return atomic_file_commit(&file, error, error_size);
}

/* How the plot and the terminal name an agent: a bot by the name it gave, else its spec. */
static const char *shown_name(const report_names_t *names, const char *agent)
{
    const char *name = report_name_of(names, agent);
    return name[0] ? name : agent;
}

int report_sprt(const char *out_dir, const char *deals_path, const char *agent_a, const char *agent_b,
                const sprt_test_t *test, plot_session_t *plots, FILE *text, report_sprt_result_t *result, char *error,
                size_t error_size)
{
    outcome_table_t table;
    report_names_t *names = calloc(1, sizeof *names);
    if (!names) {
        snprintf(error, error_size, "out of memory for the test's report");
        return -1;
    }
    if (outcomes_read(deals_path, &table, error, error_size) ||
        report_names_read_beside(names, deals_path, error, error_size)) {
        outcomes_free(&table);
        free(names);
        return -1;
    }
    int a = outcomes_agent(&table, agent_a), b = outcomes_agent(&table, agent_b);
    int status = 0;
    if (a < 0 || b < 0 || a == b || table.agent_count != 2) {
        snprintf(error, error_size, "%s: an SPRT needs the two agents '%s' and '%s', and only them", deals_path,
                 agent_a, agent_b);
        status = -1;
    }
    if (status == 0 && table.rotations * 2 + 1 > SPRT_MAX_VALUES) {
        snprintf(error, error_size, "%s: %d games a block is more than the test takes", deals_path, table.rotations);
        status = -1;
    }
    atomic_file_t trace;
    sprt_tally_t tally;
    if (status == 0 && atomic_file_open_in(&trace, out_dir, "sprt_trace.csv", error, error_size)) status = -1;
    if (status == 0) {
        fputs("blocks,llr,lower,upper,elo,elo_low,elo_high\n", trace.stream);
        if (replay_test(&table, a, b, test, trace.stream, &tally, result)) {
            atomic_file_abort(&trace);
            snprintf(error, error_size, "%s: a play without both agents", deals_path);
            status = -1;
        } else {
            status = atomic_file_commit(&trace, error, error_size);
        }
    }
    if (status == 0) status = write_summary(out_dir, agent_a, agent_b, names, test, result, error, error_size);
    if (status == 0) status = write_blocks(out_dir, &tally, error, error_size);
    const char *name_a = shown_name(names, agent_a), *name_b = shown_name(names, agent_b);
    if (status == 0) status = draw_plot(plots, name_a, name_b, test, result, error, error_size);
    if (status == 0 && text) {
        const report_sprt_result_t *r = result;
        fprintf(text,
                "SPRT %s vs %s: %s after %lld deal blocks (%lld games); LLR %.3f, bounds [%.3f, %.3f]\n"
                "score %.4f [%.4f, %.4f], Elo %.1f [%.1f, %.1f] (95%%)\n",
                name_a, name_b,
                r->verdict == SPRT_ACCEPT_H1   ? "H1 accepted"
                : r->verdict == SPRT_ACCEPT_H0 ? "H0 accepted"
                                               : "no decision",
                (long long)r->blocks, (long long)r->games, r->llr, test->lower, test->upper, r->score, r->score_low,
                r->score_high, r->elo, r->elo_low, r->elo_high);
    }
    if (status == 0 && text)
        for (int k = 0; k < names->count; k++) fprintf(text, "%s is %s\n", names->entry[k].name, names->entry[k].agent);
    outcomes_free(&table);
    free(names);
    return status;
}
