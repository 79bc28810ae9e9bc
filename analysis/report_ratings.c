/* report_ratings.c - pairwise results and Bradley-Terry ratings over the deals.csv of one or
 * more runs (report.h).
 *
 * 1. Read each run's plays; map its agents to the report's order.
 * 2. Every unit is a deal block: for every two agents that met in it, add the block's games
 *    to their pair (wins, draws, the block's mean score) and make one rating_block_t
 *    (games and score by who led).
 * 3. Fit the ratings (rating.h), then write the tables and plots.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "outcomes.h"
#include "rating.h"
#include "report.h"
#include "report_common.h"
#include "stats.h"

typedef struct pair_tally {
    int64_t blocks, games, wins, draws, losses; /* from the first agent's side */
    double block_score_sum, block_score_sum2;   /* per block: mean score of the first agent */
    /* The same split by who holds more seats (A,B,B: the first agent is outnumbered; B,A,A:
     * it outnumbers), each over the blocks that hold such plays: [0] fewer, [1] more. */
    int64_t side_blocks[2];
    double side_sum[2], side_sum2[2];
} pair_tally_t;

/* 0 if agent la holds fewer seats than lb in `play`, 1 if more, -1 if as many. */
static int seat_majority(const outcome_play_t *play, int seats, int la, int lb)
{
    int held = 0;
    for (int s = 0; s < seats; s++) held += (play->seat[s].agent == la) - (play->seat[s].agent == lb);
    return held < 0 ? 0 : held > 0 ? 1 : -1;
}

typedef struct ratings_work {
    int agents;
    const char *const *name;
    pair_tally_t pair[RATING_MAX_AGENTS][RATING_MAX_AGENTS]; /* [a][b], a < b */
    rating_block_t *blocks;
    size_t block_count, block_capacity;
    rating_result_t result;
    report_names_t names; /* of outside bots, from the runs' summary.csv */
} ratings_work_t;

static int add_block(ratings_work_t *w, rating_block_t block)
{
    if (w->block_count == w->block_capacity) {
        size_t wanted = w->block_capacity ? w->block_capacity * 2 : 65536;
        rating_block_t *bigger = realloc(w->blocks, wanted * sizeof *bigger);
        if (!bigger) return -1;
        w->blocks = bigger;
        w->block_capacity = wanted;
    }
    w->blocks[w->block_count++] = block;
    return 0;
}

/* The games of agents a < b (report order) in one unit's plays; local indices la, lb. */
static int tally_pair_block(ratings_work_t *w, const outcome_table_t *table, const outcome_play_t *plays, int la,
                            int lb, int a, int b)
{
    rating_block_t block = {.a = (int16_t)a, .b = (int16_t)b};
    pair_tally_t *tally = &w->pair[a][b];
    int games = 0, score2 = 0, side_games[2] = {0, 0}, side_score2[2] = {0, 0};
    for (int r = 0; r < table->rotations; r++) {
        const outcome_play_t *play = &plays[r];
        int s2 = outcomes_pair_score2(play, table->seats, la, lb);
        if (s2 < 0) continue;
        int side = seat_majority(play, table->seats, la, lb);
        if (side >= 0) {
            side_games[side]++;
            side_score2[side] += s2;
        }
        int lead = RATING_NO_LEADER;
        if (play->leader >= 0) {
            int leader_agent = play->seat[play->leader].agent;
            lead = leader_agent == la ? RATING_A_LED : leader_agent == lb ? RATING_B_LED : RATING_NO_LEADER;
        }
        block.games[lead]++;
        block.score2[lead] += (int16_t)s2;
        block.draws[lead] += s2 == 1;
        games++;
        score2 += s2;
        tally->wins += s2 == 2;
        tally->draws += s2 == 1;
        tally->losses += s2 == 0;
    }
    if (games == 0) return 0;
    double mean = score2 / (2.0 * games);
    tally->blocks++;
    tally->games += games;
    tally->block_score_sum += mean;
    tally->block_score_sum2 += mean * mean;
    for (int side = 0; side < 2; side++) {
        if (!side_games[side]) continue;
        double side_mean = side_score2[side] / (2.0 * side_games[side]);
        tally->side_blocks[side]++;
        tally->side_sum[side] += side_mean;
        tally->side_sum2[side] += side_mean * side_mean;
    }
    return add_block(w, block);
}

static int read_run(ratings_work_t *w, const char *path, char *error, size_t error_size)
{
    outcome_table_t table;
    if (outcomes_read(path, &table, error, error_size) || report_names_read_beside(&w->names, path, error, error_size)) {
        outcomes_free(&table);
        return -1;
    }
    int global[OUTCOMES_MAX_AGENTS];
    int result = 0;
    for (int a = 0; a < table.agent_count && result == 0; a++) {
        global[a] = -1;
        for (int g = 0; g < w->agents; g++)
            if (!strcmp(w->name[g], table.agent[a])) global[a] = g;
        if (global[a] < 0) {
            snprintf(error, error_size, "%s: agent '%s' is not one of the report's agents", path, table.agent[a]);
            result = -1;
        }
    }
    for (int64_t u = 0; u < table.units && result == 0; u++) {
        const outcome_play_t *plays = outcomes_block(&table, u);
        for (int i = 0; i < table.agent_count && result == 0; i++)
            for (int j = 0; j < table.agent_count && result == 0; j++) {
                if (global[i] >= global[j]) continue; /* each pair once, first in report order */
                if (tally_pair_block(w, &table, plays, i, j, global[i], global[j])) {
                    snprintf(error, error_size, "out of memory reading %s", path);
                    result = -1;
                }
            }
    }
    outcomes_free(&table);
    return result;
}

/* ------------------------------------------------------------------ tables */

static void pair_estimate(const pair_tally_t *t, double z, double *score, double *low, double *high)
{
    stats_block_mean(t->blocks, t->block_score_sum, t->block_score_sum2, z, score, low, high);
}

static int write_pairwise(const char *dir, const ratings_work_t *w, double z, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "pairwise.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    fputs("agent_a,agent_b,blocks,games,a_wins,draws,b_wins,a_score,paired_score,paired_score_low,"
          "paired_score_high,elo,elo_low,elo_high,model_elo,a_score_outnumbered,a_score_outnumbered_low,"
          "a_score_outnumbered_high,a_score_outnumbering,a_score_outnumbering_low,a_score_outnumbering_high\n",
          out);
    for (int a = 0; a < w->agents; a++)
        for (int b = a + 1; b < w->agents; b++) {
            const pair_tally_t *t = &w->pair[a][b];
            if (t->blocks == 0) continue;
            double score, low, high;
            pair_estimate(t, z, &score, &low, &high);
            stats_csv_field(out, w->name[a]);
            putc(',', out);
            stats_csv_field(out, w->name[b]);
            fprintf(out, ",%lld,%lld,%lld,%lld,%lld,", (long long)t->blocks, (long long)t->games, (long long)t->wins,
                    (long long)t->draws, (long long)t->losses);
            report_number(out, (t->wins + 0.5 * t->draws) / (double)t->games);
            double values[] = {score, low, high, stats_elo_from_score(score), stats_elo_from_score(low),
                               stats_elo_from_score(high), w->result.elo[a] - w->result.elo[b]};
            for (size_t k = 0; k < sizeof values / sizeof values[0]; k++) {
                putc(',', out);
                report_number(out, values[k]);
            }
            for (int side = 0; side < 2; side++) {
                double side_score[3] = {NAN, NAN, NAN};
                if (t->side_blocks[side])
                    stats_block_mean(t->side_blocks[side], t->side_sum[side], t->side_sum2[side], z, &side_score[0],
                                     &side_score[1], &side_score[2]);
                for (int k = 0; k < 3; k++) {
                    putc(',', out);
                    report_number(out, side_score[k]);
                }
            }
            putc('\n', out);
        }
    return atomic_file_commit(&file, error, error_size);
}

/* The report's agents by rating, best first (ties: report order). */
static void rank_agents(const ratings_work_t *w, int *order)
{
    for (int k = 0; k < w->agents; k++) order[k] = k;
    for (int i = 1; i < w->agents; i++)
        for (int j = i; j > 0 && w->result.elo[order[j]] > w->result.elo[order[j - 1]]; j--) {
            int swap = order[j];
            order[j] = order[j - 1];
            order[j - 1] = swap;
        }
}

static int write_ratings(const char *dir, const ratings_work_t *w, const int *order, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "ratings.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    const rating_result_t *r = &w->result;
    fputs("rank,agent,elo,elo_low,elo_high,se,games,score,draws,los_next,name\n", out);
    for (int k = 0; k < w->agents; k++) {
        int a = order[k];
        fprintf(out, "%d,", k + 1);
        stats_csv_field(out, w->name[a]);
        double values[] = {r->elo[a], r->elo_low[a], r->elo_high[a], r->se[a]};
        for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
            putc(',', out);
            report_number(out, values[v]);
        }
        fprintf(out, ",%lld,", (long long)r->games[a]);
        report_number(out, r->games[a] ? r->score[a] / (double)r->games[a] : NAN);
        fprintf(out, ",%lld,", (long long)r->draws[a]);
        if (k + 1 < w->agents) report_number(out, r->los[a][order[k + 1]]);
        putc(',', out);
        stats_csv_field(out, report_name_of(&w->names, w->name[a]));
        putc('\n', out);
    }
    return atomic_file_commit(&file, error, error_size);
}

/* A square table by rank: cell (row, column) = value(row agent, column agent). */
static int write_matrix(const char *dir, const char *name, const ratings_work_t *w, const int *order, double z,
                        bool los, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, name, error, error_size)) return -1;
    FILE *out = file.stream;
    fputs("agent", out);
    for (int k = 0; k < w->agents; k++) {
        putc(',', out);
        stats_csv_field(out, w->name[order[k]]);
    }
    putc('\n', out);
    for (int i = 0; i < w->agents; i++) {
        int a = order[i];
        stats_csv_field(out, w->name[a]);
        for (int j = 0; j < w->agents; j++) {
            int b = order[j];
            double value = NAN;
            if (a == b) {
                /* an agent against itself: no score and no superiority, not an even 0.5 */
            } else if (los) {
                value = w->result.los[a][b];
            } else {
                const pair_tally_t *t = a < b ? &w->pair[a][b] : &w->pair[b][a];
                double score, low, high;
                if (t->blocks) {
                    pair_estimate(t, z, &score, &low, &high);
                    value = a < b ? score : 1 - score;
                }
            }
            putc(',', out);
            if (isnan(value)) fputs("NaN", out); /* gnuplot's matrix reader skips it; pandas reads it */
            else fprintf(out, "%.6f", value);
        }
        putc('\n', out);
    }
    return atomic_file_commit(&file, error, error_size);
}

static int write_model(const char *dir, const ratings_work_t *w, const report_ratings_settings_t *settings,
                       const char *anchor, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "model.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    const rating_result_t *r = &w->result;
    int64_t games = 0;
    for (int a = 0; a < w->agents; a++) games += r->games[a];
    /* One row of named columns, so that each column holds one type. */
    fputs("anchor,agents,blocks,games,leader_advantage,leader_advantage_low,leader_advantage_high,interval,"
          "bootstrap,confidence,seed,prior_draws,iterations\n",
          out);
    stats_csv_field(out, anchor);
    fprintf(out, ",%d,%zu,%lld,%.6f,%.6f,%.6f,%s,%d,%.6f,%llu,%.6f,%d\n", w->agents, w->block_count,
            (long long)(games / 2), r->advantage, r->advantage_low, r->advantage_high,
            settings->bootstrap > 0 ? "bootstrap" : "hessian", settings->bootstrap, settings->confidence,
            (unsigned long long)settings->seed, rating_default_options().prior_draws, r->iterations);
    return atomic_file_commit(&file, error, error_size);
}

/* The deal blocks (or match blocks) behind the plots: "10,000 deals a pair". */
static void ratings_sample(const ratings_work_t *w, const plot_session_t *plots, char *out, size_t size)
{
    plot_counts_t counts = {0};
    for (int a = 0; a < w->agents; a++)
        for (int b = a + 1; b < w->agents; b++) plot_counts_add(&counts, w->pair[a][b].blocks);
    plot_sample(out, size, counts.low, counts.high, plots->matches ? "match" : "deal",
                counts.runs > 1 ? "a pair" : NULL);
}

static int draw_plots(plot_session_t *plots, const ratings_work_t *w, const char *anchor, double confidence,
                      char *error, size_t error_size)
{
    char sample[256], what[512], title[4096], anchor_text[1024], body[8192];
    ratings_sample(w, plots, sample, sizeof sample);
    snprintf(what, sizeof what, "Ratings with %.4g%% intervals (%s = 0)", 100 * confidence, anchor);
    plot_title(title, sizeof title, plots, what, sample);
    snprintf(what, sizeof what, "Elo relative to %s", anchor);
    plot_quote(anchor_text, sizeof anchor_text, what);
    snprintf(body, sizeof body,
             "%sset xlabel %s\nset grid xtics\nset offsets graph 0.05, graph 0.05, 0.5, 0.5\nunset ytics\n"
             "set ytics scale 0\n"
             "plot \"ratings.csv\" skip 1 using 3:(-$1):4:5:ytic(strcol(11) ne \"\" ? strcol(11) : strcol(2)) with xerrorbars pointtype 7 lc rgb \"#2166ac\"",
             title, anchor_text);
    if (plot_draw(plots, "ratings", body, error, error_size)) return -1;
    /* The diagonal (an agent against itself) is NaN in the matrix: a grey cell marked with a
     * dash, so it cannot pass for an even score, which the palette draws near white. */
    plot_title(title, sizeof title, plots, "Paired score of the row agent against the column agent", sample);
    snprintf(body, sizeof body,
             "%sset xlabel \"column agent\"\nset ylabel \"row agent\"\n"
             "set cblabel \"paired score: mean score a %s block (0.5 even; grey: the agent itself)\"\n"
             "set palette defined (0 \"#b2182b\", 0.5 \"#f7f7f7\", 1 \"#2166ac\")\n"
             "set cbrange [0:1]\nset xtics rotate by 30 right\nset size ratio -1\nset yrange [] reverse\n"
             "plot \"pairwise_matrix.csv\" matrix rowheaders columnheaders using 1:2:3 with image, "
             "\"\" matrix rowheaders columnheaders using ($1 == $2 ? $1 : NaN):2:(0.5):(0.5) with boxxyerror "
             "fillstyle solid 1.0 noborder lc rgb \"#a0a0a0\", "
             "\"\" matrix rowheaders columnheaders using 1:2:($1 == $2 ? \"\u2014\" "
             ": $3 == $3 ? sprintf(\"%%.3f\", $3) : \"no games\") with labels",
             title, plots->matches ? "match" : "deal");
    return plot_draw(plots, "pairwise", body, error, error_size);
}

/* How the table names an agent: a bot by the name it gave, anything else by its spec. */
static const char *table_name(const ratings_work_t *w, int a)
{
    const char *name = report_name_of(&w->names, w->name[a]);
    return name[0] ? name : w->name[a];
}

/* The table; a bot that faulted is marked on its row (its name may be cut there) and named
 * in full under the table, since its rating counts its fallback's moves as its own. A bot
 * that gave a name is listed by it, its spec said under the table. */
static void print_table(FILE *text, const ratings_work_t *w, const int *order, double confidence,
                        const report_faults_t *faults)
{
    const rating_result_t *r = &w->result;
    fprintf(text, "%4s  %-32s %8s  %-22s %9s %7s %6s\n", "rank", "agent", "elo", "interval", "games", "score", "los");
    for (int k = 0; k < w->agents; k++) {
        int a = order[k];
        char interval[48], los[16] = "";
        snprintf(interval, sizeof interval, "[%.1f, %.1f]", r->elo_low[a], r->elo_high[a]);
        if (k + 1 < w->agents) snprintf(los, sizeof los, "%.3f", r->los[a][order[k + 1]]);
        fprintf(text, "%4d  %-32.32s %8.1f  %-22s %9lld %6.1f%% %6s%s\n", k + 1, table_name(w, a), r->elo[a],
                interval, (long long)r->games[a], r->games[a] ? 100 * r->score[a] / (double)r->games[a] : 0.0, los,
                report_faults_find(faults, w->name[a]) ? "  ! faulted" : "");
    }
    fprintf(text, "leader's advantage %.1f Elo [%.1f, %.1f]; intervals %.4g%%; los = likelihood of superiority over "
                  "the next agent down\n",
            r->advantage, r->advantage_low, r->advantage_high, 100 * confidence);
    for (int k = 0; k < w->agents; k++)
        if (report_name_of(&w->names, w->name[order[k]])[0])
            fprintf(text, "%s is %s\n", table_name(w, order[k]), w->name[order[k]]);
    for (int k = 0; k < w->agents; k++) {
        const report_fault_t *fault = report_faults_find(faults, w->name[order[k]]);
        char note[2 * REPORT_AGENT_TEXT + 256];
        if (!fault) continue;
        report_fault_note(fault, note, sizeof note);
        fprintf(text, "! %s\n", note);
    }
}

int report_ratings(const char *out_dir, const char *const *deals_paths, int run_count, const char *const *agents,
                   int agent_count, const report_ratings_settings_t *settings, plot_session_t *plots, FILE *text,
                   report_rated_t *rated, char *error, size_t error_size)
{
    return report_ratings_noting_faults(out_dir, deals_paths, run_count, agents, agent_count, settings, NULL, plots,
                                        text, rated, error, error_size);
}

int report_ratings_noting_faults(const char *out_dir, const char *const *deals_paths, int run_count,
                                 const char *const *agents, int agent_count, const report_ratings_settings_t *settings,
                                 const report_faults_t *faults, plot_session_t *plots, FILE *text,
                                 report_rated_t *rated, char *error, size_t error_size)
{
    if (agent_count < 2 || agent_count > RATING_MAX_AGENTS) {
        snprintf(error, error_size, "ratings need 2 to %d agents, not %d", RATING_MAX_AGENTS, agent_count);
        return -1;
    }
    ratings_work_t *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(error, error_size, "out of memory for the ratings");
        return -1;
    }
    w->agents = agent_count;
    w->name = agents;
    int anchor = 0;
    if (settings->anchor) {
        anchor = -1;
        for (int a = 0; a < agent_count; a++)
            if (!strcmp(agents[a], settings->anchor)) anchor = a;
    }
    int result = 0;
    if (anchor < 0) {
        snprintf(error, error_size, "--anchor '%s' is not one of the agents", settings->anchor);
        result = -1;
    }
    for (int k = 0; k < run_count && result == 0; k++) result = read_run(w, deals_paths[k], error, error_size);
    rating_options_t options = rating_default_options();
    options.anchor = anchor;
    options.advantage = settings->advantage;
    options.bootstrap = settings->bootstrap;
    options.confidence = settings->confidence;
    options.seed = settings->seed;
    if (result == 0)
        result = rating_fit(w->blocks, w->block_count, agent_count, &options, &w->result, error, error_size);
    int order[RATING_MAX_AGENTS];
    double z = stats_normal_quantile(0.5 + settings->confidence / 2);
    if (result == 0) {
        rank_agents(w, order);
        result = write_pairwise(out_dir, w, z, error, error_size) || write_ratings(out_dir, w, order, error, error_size) ||
                         write_matrix(out_dir, "pairwise_matrix.csv", w, order, z, false, error, error_size) ||
                         write_matrix(out_dir, "los.csv", w, order, z, true, error, error_size) ||
                         write_model(out_dir, w, settings, agents[anchor], error, error_size) ||
                         draw_plots(plots, w, table_name(w, anchor), settings->confidence, error, error_size)
                     ? -1
                     : 0;
    }
    if (result == 0 && text) print_table(text, w, order, settings->confidence, faults);
    for (int a = 0; result == 0 && rated && a < agent_count; a++) {
        int64_t blocks = 0;
        for (int b = 0; b < agent_count; b++) blocks += a < b ? w->pair[a][b].blocks : w->pair[b][a].blocks;
        rated[a] = (report_rated_t){w->result.elo[a], w->result.elo_low[a], w->result.elo_high[a], blocks};
    }
    free(w->blocks);
    free(w);
    return result;
}
