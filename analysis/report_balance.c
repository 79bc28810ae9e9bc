/* report_balance.c - how fair a rule variant is, and how its hands go (report.h).
 *
 * One agent plays every seat, so any difference between seats is the rules' (who leads,
 * who plays last, what the deal gives each seat), not the players'.
 *
 * Win share. A seat's share of a game is its side's: 1 for a win, 1/k when k sides tie for
 * the best, 0 for a loss; a fair game gives every seat 1/sides. Intervals treat the deal
 * (the unit, with all its replays) as the unit of sampling.
 *
 * Balance (Ludii's measure): 1 - (largest seat share - smallest seat share).
 * Leader's advantage: the share of the seat that led the hand, minus 1/sides.
 *
 * Deal bias: with every deal played R >= 2 times (sim --replays), the same agents in the
 * same seats and only the agents' own randomness changed, the intraclass correlation of a
 * seat's share across the replays of one deal (one-way ANOVA, ICC(1)), averaged over the
 * seats, is the part of the outcome's variance that the deal alone decides: 1 when every
 * replay ends alike, 0 when the deal tells nothing. Its interval is a bootstrap over deals.
 * A deterministic agent (greedy, heuristic) replays every deal identically: its deal bias
 * is 1 by construction, and the measure is meant for agents that draw random numbers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "outcomes.h"
#include "pcg32.h"
#include "report.h"
#include "balance_summary.h"
#include "report_common.h"
#include "stats.h"

enum { BIAS_BOOTSTRAP = 200, BALANCE_BOOTSTRAP = 1000 };
static const uint64_t BIAS_BOOTSTRAP_SEED = 20261123, BALANCE_BOOTSTRAP_SEED = 20261124;

static void histogram_init(histogram_t *h, int offset)
{
    memset(h, 0, sizeof *h);
    h->offset = offset;
}

static void histogram_add(histogram_t *h, int value)
{
    int index = value - h->offset;
    if (index < 0) index = 0; /* the ends collect whatever lies beyond them */
    if (index >= HISTOGRAM_MAX) index = HISTOGRAM_MAX - 1;
    h->count[index]++;
    h->total++;
    h->sum += value;
}

/* Each seat's share of one play (see the top), and how many sides tied for the best. */
static int play_shares(const outcome_play_t *play, int seats, double *share)
{
    unsigned winning = 0, drawing = 0;
    for (int s = 0; s < seats; s++) {
        if (play->seat[s].result == OUTCOME_WIN) winning |= 1u << play->seat[s].team;
        if (play->seat[s].result == OUTCOME_DRAW) drawing |= 1u << play->seat[s].team;
    }
    int tied = __builtin_popcount(drawing);
    for (int s = 0; s < seats; s++) {
        int result = play->seat[s].result;
        share[s] = result == OUTCOME_WIN ? 1.0 : result == OUTCOME_DRAW ? 1.0 / tied : 0.0;
    }
    return winning ? 1 : tied;
}

/* ICC(1) of one seat's shares over deals x replays, from per-deal sums. */
static double icc(const double *sum, const double *sum2, const int64_t *pick, int64_t deals, int replays)
{
    double grand = 0;
    for (int64_t d = 0; d < deals; d++) grand += sum[pick ? pick[d] : d];
    grand /= (double)deals * replays;
    double between = 0, within = 0;
    for (int64_t d = 0; d < deals; d++) {
        int64_t k = pick ? pick[d] : d;
        double mean = sum[k] / replays;
        between += replays * (mean - grand) * (mean - grand);
        within += sum2[k] - replays * mean * mean;
    }
    double msb = between / (double)(deals - 1), msw = within / ((double)deals * (replays - 1));
    double denominator = msb + (replays - 1) * msw;
    return denominator > 0 ? (msb - msw) / denominator : 1.0; /* no variance at all: all alike */
}

/* Mean over seats of the ICC, for the deals `pick` (NULL: all, in order). */
static double seat_icc(double *const *sum, double *const *sum2, const int64_t *pick, int64_t deals, int seats,
                       int replays)
{
    double total = 0;
    for (int s = 0; s < seats; s++) total += icc(sum[s], sum2[s], pick, deals, replays);
    return total / seats;
}

static int deal_bias(const outcome_table_t *table, int replays, unit_summary_t *u, double confidence)
{
    u->deal_bias = u->deal_bias_low = u->deal_bias_high = u->same_winner = NAN;
    int seats = table->seats;
    int64_t deals = table->units;
    if (replays < 2 || deals < 2) return 0;
    double *sum[OUTCOMES_MAX_SEATS], *sum2[OUTCOMES_MAX_SEATS];
    int64_t *pick = malloc((size_t)deals * sizeof *pick);
    int failed = pick == NULL;
    for (int s = 0; s < seats; s++) {
        sum[s] = calloc((size_t)deals, sizeof **sum);
        sum2[s] = calloc((size_t)deals, sizeof **sum2);
        failed |= !sum[s] || !sum2[s];
    }
    int64_t same = 0;
    for (int64_t d = 0; d < deals && !failed; d++) {
        const outcome_play_t *plays = outcomes_block(table, d);
        bool alike = true;
        for (int r = 0; r < replays; r++) {
            double share[OUTCOMES_MAX_SEATS];
            play_shares(&plays[r], seats, share);
            for (int s = 0; s < seats; s++) {
                sum[s][d] += share[s];
                sum2[s][d] += share[s] * share[s];
                if (r > 0 && plays[r].seat[s].result != plays[0].seat[s].result) alike = false;
            }
        }
        same += alike;
    }
    if (!failed) {
        u->same_winner = (double)same / (double)deals;
        u->deal_bias = seat_icc(sum, sum2, NULL, deals, seats, replays);
        double replicate[BIAS_BOOTSTRAP];
        pcg32_t rng;
        pcg32_seed(&rng, BIAS_BOOTSTRAP_SEED, 1);
        for (int b = 0; b < BIAS_BOOTSTRAP; b++) {
            for (int64_t d = 0; d < deals; d++) pick[d] = (int64_t)pcg32_below(&rng, (uint32_t)deals);
            replicate[b] = seat_icc(sum, sum2, pick, deals, seats, replays);
        }
        for (int i = 1; i < BIAS_BOOTSTRAP; i++) /* insertion sort: a few hundred values */
            for (int j = i; j > 0 && replicate[j] < replicate[j - 1]; j--) {
                double swap = replicate[j];
                replicate[j] = replicate[j - 1];
                replicate[j - 1] = swap;
            }
        int low = (int)floor((1 - confidence) / 2 * (BIAS_BOOTSTRAP - 1));
        u->deal_bias_low = replicate[low];
        u->deal_bias_high = replicate[BIAS_BOOTSTRAP - 1 - low];
    }
    for (int s = 0; s < seats; s++) {
        free(sum[s]);
        free(sum2[s]);
    }
    free(pick);
    return failed ? -1 : 0;
}

static void add_block_mean(seat_tally_t *t, double block_sum, int games)
{
    double mean = block_sum / games;
    t->block_sum += mean;
    t->block_sum2 += mean * mean;
}

/* Reads one run (hands or matches) into `u`. */
static int summarise(const char *path, bool matches, double confidence, unit_summary_t *u,
                     char *error, size_t error_size)
{
    outcome_table_t table;
    memset(u, 0, sizeof *u);
    histogram_init(&u->points, matches ? 0 : -64);
    histogram_init(&u->plies, 0);
    histogram_init(&u->hands, 0);
    if (outcomes_read(path, &table, error, error_size)) {
        outcomes_free(&table);
        return -1;
    }
    u->present = true;
    u->units = table.units;
    u->seats = table.seats;
    u->sides = table.sides;
    int per_unit = table.rotations; /* replays, or distinct seatings: every play is a game */
    u->replays = per_unit;
    for (int e = 0; e < table.end_count; e++) snprintf(u->end_name[e], sizeof u->end_name[e], "%s", table.end[e]);
    u->end_names = table.end_count;
    u->unit_share = malloc((size_t)table.units * (size_t)table.seats * sizeof *u->unit_share);
    u->unit_leader = malloc((size_t)table.units * sizeof *u->unit_leader);
    u->unit_draws = malloc((size_t)table.units * sizeof *u->unit_draws);
    u->unit_length = malloc((size_t)table.units * sizeof *u->unit_length);
    if (!u->unit_share || !u->unit_leader || !u->unit_draws || !u->unit_length) {
        snprintf(error, error_size, "out of memory reading %s", path);
        outcomes_free(&table);
        return -1;
    }
    for (int64_t d = 0; d < table.units; d++) {
        const outcome_play_t *plays = outcomes_block(&table, d);
        double block[OUTCOMES_MAX_SEATS] = {0}, leader_block = 0, draw_block = 0, length_block = 0;
        int leader_games = 0;
        for (int r = 0; r < per_unit; r++) {
            const outcome_play_t *play = &plays[r];
            double share[OUTCOMES_MAX_SEATS];
            int tied = play_shares(play, table.seats, share);
            u->games++;
            u->draw_games += tied > 1;
            draw_block += tied > 1;
            u->end_count[play->end]++;
            for (int s = 0; s < table.seats; s++) {
                u->seat[s].games++;
                u->seat[s].sum += share[s];
                block[s] += share[s];
            }
            if (play->leader >= 0) {
                u->leader.games++;
                u->leader.sum += share[play->leader];
                leader_block += share[play->leader];
                leader_games++;
            }
            unsigned counted = 0; /* each side's points once */
            for (int s = 0; s < table.seats; s++) {
                int team = play->seat[s].team;
                if (counted >> team & 1) continue;
                counted |= 1u << team;
                histogram_add(&u->points, play->seat[s].points);
            }
            histogram_add(matches ? &u->hands : &u->plies, matches ? play->hands : play->plies);
            length_block += matches ? play->hands : play->plies;
        }
        for (int s = 0; s < table.seats; s++) {
            add_block_mean(&u->seat[s], block[s], per_unit);
            u->unit_share[d * table.seats + s] = block[s] / per_unit;
        }
        if (leader_games) add_block_mean(&u->leader, leader_block, leader_games);
        u->unit_leader[d] = leader_games ? leader_block / leader_games : NAN;
        u->unit_draws[d] = draw_block / per_unit;
        u->unit_length[d] = length_block / per_unit;
        u->draw_block_sum += draw_block / per_unit;
        u->draw_block_sum2 += (draw_block / per_unit) * (draw_block / per_unit);
    }
    int status = matches ? 0 : deal_bias(&table, per_unit, u, confidence);
    if (status) snprintf(error, error_size, "out of memory measuring the deal bias of %s", path);
    outcomes_free(&table);
    return status;
}

/* ------------------------------------------------------------------ tables */

static void interval(const seat_tally_t *t, int64_t blocks, double z, double *share, double *low, double *high)
{
    stats_block_mean(blocks, t->block_sum, t->block_sum2, z, share, low, high);
    if (t->games) *share = t->sum / (double)t->games; /* the same mean, over games */
}

double balance_of(const unit_summary_t *u)
{
    double lowest = 1, highest = 0;
    for (int s = 0; s < u->seats; s++) {
        double share = u->seat[s].sum / (double)u->seat[s].games;
        if (share < lowest) lowest = share;
        if (share > highest) highest = share;
    }
    return 1 - (highest - lowest);
}


/* The balance of the deals `pick` (n of them, drawn with replacement). */
static double balance_of_pick(const unit_summary_t *u, const int64_t *pick)
{
    double sum[OUTCOMES_MAX_SEATS] = {0}, lowest = 1, highest = 0;
    for (int64_t k = 0; k < u->units; k++)
        for (int s = 0; s < u->seats; s++) sum[s] += u->unit_share[pick[k] * u->seats + s];
    for (int s = 0; s < u->seats; s++) {
        double share = sum[s] / (double)u->units;
        if (share < lowest) lowest = share;
        if (share > highest) highest = share;
    }
    return 1 - (highest - lowest);
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The basic (reflected) bootstrap interval of `estimate` from `count` replicates (sorted in
 * place): 2 estimate - the upper and lower quantiles. A largest gap between seats is biased
 * upwards by noise, and so its replicates are too; reflecting them takes that bias off,
 * where plain percentiles would double it (a fair game's balance interval would miss 1). */
static void basic_interval(double *replicate, int count, double estimate, double confidence, double *low,
                           double *high)
{
    qsort(replicate, (size_t)count, sizeof *replicate, compare_doubles);
    int k = (int)floor((1 - confidence) / 2 * (count - 1));
    *low = 2 * estimate - replicate[count - 1 - k];
    *high = 2 * estimate - replicate[k];
}

/* Balance is a largest gap, which no closed formula covers: its interval, and the interval
 * of each variant's difference from the first, come from a bootstrap over deals. The
 * variants of a study play the same deals (one seed), so each replicate draws one set of
 * deals for all of them: the difference is paired, and the deal's luck cancels from it. */
static int bootstrap_balance(variant_summary_t *v, int count, bool matches, double confidence, double wide_level)
{
    unit_summary_t *first = matches ? &v[0].matches : &v[0].hands;
    for (int i = 0; i < count; i++) {
        unit_summary_t *u = matches ? &v[i].matches : &v[i].hands;
        u->balance_low = u->balance_high = u->difference = u->difference_low = u->difference_high = NAN;
        u->difference_wide_low = u->difference_wide_high = NAN;
    }
    if (!first->present || first->units < 2) return 0;
    int64_t units = first->units;
    for (int i = 1; i < count; i++) {
        const unit_summary_t *u = matches ? &v[i].matches : &v[i].hands;
        if (!u->present || u->units != units) return 0; /* not one set of deals: no paired interval */
    }
    int64_t *pick = malloc((size_t)units * sizeof *pick);
    double *replicate = malloc((size_t)count * BALANCE_BOOTSTRAP * sizeof *replicate);
    double *column = malloc(BALANCE_BOOTSTRAP * sizeof *column);
    int status = pick && replicate && column ? 0 : -1;
    pcg32_t rng;
    pcg32_seed(&rng, BALANCE_BOOTSTRAP_SEED, 2);
    for (int b = 0; b < BALANCE_BOOTSTRAP && status == 0; b++) {
        for (int64_t k = 0; k < units; k++) pick[k] = (int64_t)pcg32_below(&rng, (uint32_t)units);
        for (int i = 0; i < count; i++)
            replicate[i * BALANCE_BOOTSTRAP + b] = balance_of_pick(matches ? &v[i].matches : &v[i].hands, pick);
    }
    for (int i = 0; i < count && status == 0; i++) {
        unit_summary_t *u = matches ? &v[i].matches : &v[i].hands;
        for (int b = 0; b < BALANCE_BOOTSTRAP; b++)
            column[b] = replicate[i * BALANCE_BOOTSTRAP + b] - (i ? replicate[b] : 0);
        if (i) {
            u->difference = balance_of(u) - balance_of(first);
            basic_interval(column, BALANCE_BOOTSTRAP, u->difference, confidence, &u->difference_low,
                           &u->difference_high);
            basic_interval(column, BALANCE_BOOTSTRAP, u->difference, wide_level, &u->difference_wide_low,
                           &u->difference_wide_high);
        }
        for (int b = 0; b < BALANCE_BOOTSTRAP; b++) column[b] = replicate[i * BALANCE_BOOTSTRAP + b];
        basic_interval(column, BALANCE_BOOTSTRAP, balance_of(u), confidence, &u->balance_low, &u->balance_high);
        if (u->balance_high > 1) u->balance_high = 1; /* no game is fairer than fair */
    }
    free(pick);
    free(replicate);
    free(column);
    return status;
}

static void write_unit_columns(FILE *out, const unit_summary_t *u, double z)
{
    if (!u->present) {
        fputs(",,,,,,,,,,,,,", out);
        return;
    }
    double fair = 1.0 / u->sides, share, low, high, draws, draws_low, draws_high;
    interval(&u->leader, u->units, z, &share, &low, &high);
    stats_block_mean(u->units, u->draw_block_sum, u->draw_block_sum2, z, &draws, &draws_low, &draws_high);
    draws = u->draw_games / (double)u->games; /* the same mean, over games */
    fprintf(out, ",%lld,", (long long)u->games);
    double values[] = {balance_of(u), u->balance_low, u->balance_high, share, low, high, share - fair, low - fair,
                       high - fair, draws, draws_low, draws_high};
    for (size_t k = 0; k < sizeof values / sizeof values[0]; k++) {
        if (k) putc(',', out);
        report_number(out, values[k]);
    }
}

static int write_balance(const char *dir, const variant_summary_t *v, int count, double z, char *error,
                         size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "balance.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    fputs("variant,seats,sides,fair_share,"
          "hands,hand_balance,hand_balance_low,hand_balance_high,hand_leader_share,hand_leader_low,hand_leader_high,"
          "hand_leader_advantage,hand_leader_advantage_low,hand_leader_advantage_high,hand_draws,hand_draws_low,"
          "hand_draws_high,mean_points_per_hand,mean_plies_per_hand,replays,deal_bias,deal_bias_low,deal_bias_high,"
          "same_result_share,same_result_share_low,same_result_share_high,"
          "matches,match_balance,match_balance_low,match_balance_high,match_leader_share,match_leader_low,"
          "match_leader_high,match_leader_advantage,match_leader_advantage_low,match_leader_advantage_high,"
          "match_draws,match_draws_low,match_draws_high,mean_hands_per_match,"
          "hand_balance_vs_first,hand_balance_vs_first_low,hand_balance_vs_first_high,"
          "match_balance_vs_first,match_balance_vs_first_low,match_balance_vs_first_high\n",
          out);
    for (int i = 0; i < count; i++) {
        const unit_summary_t *h = &v[i].hands, *m = &v[i].matches;
        const unit_summary_t *any = h->present ? h : m;
        stats_csv_field(out, v[i].variant->name);
        fprintf(out, ",%d,%d,", any->seats, any->sides);
        report_number(out, 1.0 / any->sides);
        write_unit_columns(out, h, z);
        putc(',', out);
        if (h->present) {
            report_number(out, h->points.sum / (double)h->points.total);
            putc(',', out);
            report_number(out, h->plies.sum / (double)h->plies.total);
            fprintf(out, ",%d,", h->replays);
            /* the deals whose replays all ended alike: independent deals, a Wilson interval */
            double same_low = NAN, same_high = NAN;
            if (!isnan(h->same_winner))
                stats_wilson(h->same_winner * (double)h->units, h->units, z, &same_low, &same_high);
            double bias[] = {h->deal_bias, h->deal_bias_low, h->deal_bias_high, h->same_winner, same_low, same_high};
            for (size_t k = 0; k < sizeof bias / sizeof bias[0]; k++) {
                if (k) putc(',', out);
                report_number(out, bias[k]);
            }
        } else {
            fputs(",,,,,,,,", out);
        }
        write_unit_columns(out, m, z);
        putc(',', out);
        if (m->present) report_number(out, m->hands.sum / (double)m->hands.total);
        double differences[] = {h->difference, h->difference_low, h->difference_high,
                                m->difference, m->difference_low, m->difference_high};
        for (size_t k = 0; k < sizeof differences / sizeof differences[0]; k++) {
            putc(',', out);
            report_number(out, differences[k]);
        }
        putc('\n', out);
    }
    return atomic_file_commit(&file, error, error_size);
}

static void write_seat_rows(FILE *out, const char *variant, const char *unit, const unit_summary_t *u, double z)
{
    if (!u->present) return;
    for (int s = 0; s <= u->seats; s++) { /* the seats, then the leader */
        const seat_tally_t *t = s < u->seats ? &u->seat[s] : &u->leader;
        double share, low, high;
        interval(t, u->units, z, &share, &low, &high);
        stats_csv_field(out, variant);
        fprintf(out, ",%s,", unit);
        if (s < u->seats) fprintf(out, "seat,%d", s);
        else fputs("leader,", out);
        fprintf(out, ",%lld,", (long long)t->games);
        report_number(out, share);
        putc(',', out);
        report_number(out, low);
        putc(',', out);
        report_number(out, high);
        putc(',', out);
        report_number(out, share - 1.0 / u->sides);
        putc('\n', out);
    }
}

static int write_seats(const char *dir, const variant_summary_t *v, int count, double z, char *error,
                       size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "seats.csv", error, error_size)) return -1;
    fputs("variant,unit,who,seat,games,share,share_low,share_high,advantage\n", file.stream);
    for (int i = 0; i < count; i++) {
        write_seat_rows(file.stream, v[i].variant->name, "hand", &v[i].hands, z);
        write_seat_rows(file.stream, v[i].variant->name, "match", &v[i].matches, z);
    }
    return atomic_file_commit(&file, error, error_size);
}

static int write_ends(const char *dir, const variant_summary_t *v, int count, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "ends.csv", error, error_size)) return -1;
    fputs("variant,unit,end,count,share\n", file.stream);
    for (int i = 0; i < count; i++)
        for (int m = 0; m < 2; m++) {
            const unit_summary_t *u = m ? &v[i].matches : &v[i].hands;
            for (int e = 0; u->present && e < u->end_names; e++) {
                stats_csv_field(file.stream, v[i].variant->name);
                fprintf(file.stream, ",%s,%s,%lld,", m ? "match" : "hand", u->end_name[e], (long long)u->end_count[e]);
                report_number(file.stream, u->end_count[e] / (double)u->games);
                putc('\n', file.stream);
            }
        }
    return atomic_file_commit(&file, error, error_size);
}

static void write_histogram(FILE *out, const char *variant, const char *measure, const histogram_t *h)
{
    for (int k = 0; k < HISTOGRAM_MAX; k++) {
        if (!h->count[k]) continue;
        stats_csv_field(out, variant);
        fprintf(out, ",%s,%d,%lld,", measure, k + h->offset, (long long)h->count[k]);
        report_number(out, h->count[k] / (double)h->total);
        putc('\n', out);
    }
}

static int write_distributions(const char *dir, const variant_summary_t *v, int count, char *error,
                               size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "distributions.csv", error, error_size)) return -1;
    fputs("variant,measure,value,count,share\n", file.stream);
    for (int i = 0; i < count; i++) {
        const char *name = v[i].variant->name;
        if (v[i].hands.present) {
            write_histogram(file.stream, name, "points_per_hand", &v[i].hands.points);
            write_histogram(file.stream, name, "plies_per_hand", &v[i].hands.plies);
        }
        if (v[i].matches.present) {
            write_histogram(file.stream, name, "points_per_match", &v[i].matches.points);
            write_histogram(file.stream, name, "hands_per_match", &v[i].matches.hands);
        }
    }
    return atomic_file_commit(&file, error, error_size);
}

/* ------------------------------------------------------------------ plots */

/* Appends to `body` a "plot" command with one series per variant, each taking the rows of
 * `file` whose column 1 is the variant and column 2 is `filter`: x from `x`, y from
 * column y_column, then `more` columns as given (error bars, a width; "" for none). `x`
 * may use the variant's number i as %d (an offset that keeps series apart). */
static int series_plot(char *body, size_t size, const variant_summary_t *v, int count, const char *file,
                       const char *filter, const char *x_format, int y_column, const char *more, const char *style)
{
    size_t used = strlen(body);
    used += (size_t)snprintf(body + used, size - used, "plot ");
    for (int i = 0; i < count && used < size; i++) {
        char name[256], value[64], x[128];
        plot_quote(name, sizeof name, v[i].variant->name);
        plot_quote(value, sizeof value, filter);
        snprintf(x, sizeof x, x_format, i);
        char condition[384];
        snprintf(condition, sizeof condition, "strcol(1) eq %s && strcol(2) eq %s", name, value);
        /* x too is NaN outside the series, or other rows would stretch the axis */
        used += (size_t)snprintf(body + used, size - used, "%s\"%s\" skip 1 using (%s ? %s : NaN):(%s ? $%d : NaN)",
                                 i ? ", " : "", file, condition, x, condition, y_column);
        used += (size_t)snprintf(body + used, size - used, "%s with %s title %s", more, style, name);
    }
    return used < size ? 0 : -1;
}

/* The deals (or matches) behind a plot of hands (or matches): "400 deals a variant (3 plays
 * of each)". */
static void balance_sample(const variant_summary_t *v, int count, bool matches, char *out, size_t size)
{
    plot_counts_t counts = {0};
    int plays = 1;
    for (int i = 0; i < count; i++) {
        const unit_summary_t *u = matches ? &v[i].matches : &v[i].hands;
        if (!u->present) continue;
        plot_counts_add(&counts, u->units);
        plays = u->replays > plays ? u->replays : plays;
    }
    plot_sample(out, size, counts.low, counts.high, matches ? "match" : "deal", counts.runs > 1 ? "a variant" : NULL);
    size_t used = strlen(out);
    if (plays > 1) snprintf(out + used, size - used, " (%d plays of each)", plays);
}

/* Seat shares as bars with their intervals, a series per variant, seats on x and the leader
 * last. */
static int seat_plot(plot_session_t *plots, const variant_summary_t *v, int count, bool matches, char *body,
                     size_t size, char *error, size_t error_size)
{
    const unit_summary_t *first = NULL;
    for (int i = 0; i < count && !first; i++)
        if (matches ? v[i].matches.present : v[i].hands.present) first = matches ? &v[i].matches : &v[i].hands;
    if (!first) return 0;
    char sample[256], what[256], title[2048];
    balance_sample(v, count, matches, sample, sizeof sample);
    snprintf(what, sizeof what, "Share of %s won by seat (95%% interval; dashes: a fair share)",
             matches ? "matches" : "hands");
    plot_title(title, sizeof title, plots, what, sample);
    size_t used = (size_t)snprintf(body, size,
                                   "%sset ylabel \"share of the %s won (a tie of k sides: 1/k each)\"\n"
                                   "set xlabel \"seat (L: the seat that led)\"\n"
                                   "set grid ytics\nset key outside right\nset xrange [-0.5:%d.5]\nset xtics (",
                                   title, matches ? "matches" : "hands", first->seats);
    for (int s = 0; s < first->seats && used < size; s++)
        used += (size_t)snprintf(body + used, size - used, "\"%d\" %d, ", s, s);
    /* a bar per variant, side by side within 0.8 of each seat, with its interval */
    double width = 0.8 / count;
    if (used < size)
        snprintf(body + used, size - used,
                 "\"L\" %d)\nset arrow from -0.5,%g to %d.5,%g nohead dt 2 front\nset yrange [0:*]\n"
                 "set boxwidth %g absolute\nset style fill solid 0.6 border -1\n",
                 first->seats, 1.0 / first->sides, first->seats, 1.0 / first->sides, width);
    char x[96], more[64];
    /* the leader row has no seat number: read it as text, or gnuplot skips it as missing */
    snprintf(x, sizeof x, "(strcol(3) eq \"leader\" ? %d : real(strcol(4))) - %g + %%d * %g", first->seats,
             0.4 - width / 2, width);
    snprintf(more, sizeof more, ":7:8:(%g)", width); /* low, high, box width */
    if (series_plot(body, size, v, count, "seats.csv", matches ? "match" : "hand", x, 6, more, "boxerrorbars")) {
        snprintf(error, error_size, "a plot command too long for %d variants", count);
        return -1;
    }
    return plot_draw(plots, matches ? "seats_matches" : "seats", body, error, error_size);
}

/* The seat plots, then the distributions: a line per variant, with the key below the plot
 * where it can hide no line. */
static int draw_plots(plot_session_t *plots, const variant_summary_t *v, int count, char *error, size_t error_size)
{
    enum { BODY = 32768 };
    char *body = malloc(BODY);
    if (!body) {
        snprintf(error, error_size, "out of memory for the plots");
        return -1;
    }
    int status = seat_plot(plots, v, count, false, body, BODY, error, error_size);
    if (status == 0) status = seat_plot(plots, v, count, true, body, BODY, error, error_size);
    static const struct {
        const char *measure, *title, *xlabel, *ylabel;
        bool matches;
    } histograms[] = {
        {"points_per_hand", "Points a side scores in a hand", "points", "share of the sides' hands", false},
        {"plies_per_hand", "Length of a hand", "moves (placements, draws, passes)", "share of the hands", false},
        {"hands_per_match", "Length of a match", "hands", "share of the matches", true},
    };
    for (size_t k = 0; k < sizeof histograms / sizeof histograms[0] && status == 0; k++) {
        bool any = false;
        for (int i = 0; i < count; i++) any |= histograms[k].matches ? v[i].matches.present : v[i].hands.present;
        if (!any) continue;
        char sample[256], title[2048];
        balance_sample(v, count, histograms[k].matches, sample, sizeof sample);
        plot_title(title, sizeof title, plots, histograms[k].title, sample);
        snprintf(body, BODY,
                 "%sset xlabel \"%s\"\nset ylabel \"%s\"\nset grid\n"
                 "set key outside below center horizontal height 1\n",
                 title, histograms[k].xlabel, histograms[k].ylabel);
        if (series_plot(body, BODY, v, count, "distributions.csv", histograms[k].measure, "$3 + 0 * %d", 5, "",
                        "linespoints pointtype 7 pointsize 0.6")) {
            snprintf(error, error_size, "a plot command too long for %d variants", count);
            status = -1;
        } else {
            status = plot_draw(plots, histograms[k].measure, body, error, error_size);
        }
    }
    free(body);
    return status;
}

/* "0.988 [0.975, 0.996]" (scaled by `scale`, with `unit` after each number), or the value
 * alone without an interval. */
static void interval_cell(char *out, size_t size, double value, double low, double high, double scale,
                          const char *format, const char *unit)
{
    char v[32], l[32], h[32];
    snprintf(v, sizeof v, format, scale * value);
    if (isnan(low) || isnan(high)) {
        snprintf(out, size, "%s%s", v, unit);
        return;
    }
    snprintf(l, sizeof l, format, scale * low);
    snprintf(h, sizeof h, format, scale * high);
    snprintf(out, size, "%s%s [%s, %s]", v, unit, l, h);
}

/* One variant's row of the hands or the matches table. */
static void print_unit_row(FILE *text, const char *name, const unit_summary_t *u, bool matches)
{
    double z = STATS_Z95, share, low, high, draws, draws_low, draws_high, length, length_low, length_high;
    char balance[128], leader[128], drawn[128], longest[128];
    interval_cell(balance, sizeof balance, balance_of(u), u->balance_low, u->balance_high, 1, "%.3f", "");
    interval(&u->leader, u->units, z, &share, &low, &high);
    double fair = 1.0 / u->sides;
    if (u->leader.games) interval_cell(leader, sizeof leader, share - fair, low - fair, high - fair, 100, "%+.1f", "%");
    else snprintf(leader, sizeof leader, "-");
    stats_block_mean(u->units, u->draw_block_sum, u->draw_block_sum2, z, &draws, &draws_low, &draws_high);
    interval_cell(drawn, sizeof drawn, u->draw_games / (double)u->games, draws_low, draws_high, 100, "%.1f", "%");
    double sum = 0, squares = 0, se;
    for (int64_t k = 0; k < u->units; k++) sum += u->unit_length[k], squares += u->unit_length[k] * u->unit_length[k];
    stats_mean_se_real(u->units, sum, squares, &length, &se); /* no share: stats_block_mean would clamp it to [0, 1] */
    length_low = length - z * se;
    length_high = length + z * se;
    const histogram_t *h = matches ? &u->hands : &u->plies;
    interval_cell(longest, sizeof longest, h->sum / (double)h->total, length_low, length_high, 1, "%.1f", "");
    fprintf(text, "%-26.26s %9lld  %-22s %-24s %-20s %-20s", name, (long long)u->games, balance, leader, drawn, longest);
    if (!matches) {
        if (isnan(u->deal_bias)) fprintf(text, " %9s", "-"); /* no replays */
        else fprintf(text, " %9.3f", u->deal_bias);
    }
    fputc('\n', text);
}

static void write_text(FILE *text, const variant_summary_t *v, int count, const balance_comparisons_t *compared)
{
    for (int m = 0; m < 2; m++) {
        bool any = false;
        for (int i = 0; i < count; i++) any |= m ? v[i].matches.present : v[i].hands.present;
        if (!any) continue;
        fprintf(text, "%-26s %9s  %-22s %-24s %-20s %-20s%s\n", "variant", m ? "matches" : "hands", "balance [95%]",
                m ? "leader's adv. [95%]" : "leader's adv. [95%]", "draws [95%]",
                m ? "hands/match [95%]" : "moves/hand [95%]", m ? "" : " deal bias");
        for (int i = 0; i < count; i++) {
            const unit_summary_t *u = m ? &v[i].matches : &v[i].hands;
            if (u->present) print_unit_row(text, v[i].variant->name, u, m == 1);
        }
    }
    fprintf(text, "balance: 1 - the largest gap between seats' win shares, 1 when fair (its interval comes from a "
                  "bootstrap over deals); leader's adv.: the share of the seat that led (the first hand) above a fair "
                  "one; deal bias: the share of the outcome the deal alone decides\n");
    if (count > 1) balance_print_comparisons(text, v, compared);
}

int report_balance(const char *out_dir, const report_variant_t *variants, int variant_count, double confidence,
                   plot_session_t *plots, FILE *text, char *error, size_t error_size)
{
    variant_summary_t *v = calloc((size_t)variant_count, sizeof *v);
    if (!v) {
        snprintf(error, error_size, "out of memory for the balance report");
        return -1;
    }
    int status = 0;
    for (int i = 0; i < variant_count && status == 0; i++) {
        v[i].variant = &variants[i];
        if (variants[i].deals_path)
            status = summarise(variants[i].deals_path, false, confidence, &v[i].hands, error, error_size);
        if (status == 0 && variants[i].matches_path)
            status = summarise(variants[i].matches_path, true, confidence, &v[i].matches, error, error_size);
    }
    double wide_level = balance_comparison_level(v, variant_count, confidence);
    if (status == 0 && (bootstrap_balance(v, variant_count, false, confidence, wide_level) ||
                        bootstrap_balance(v, variant_count, true, confidence, wide_level))) {
        snprintf(error, error_size, "out of memory for the balance intervals");
        status = -1;
    }
    double z = stats_normal_quantile(0.5 + confidence / 2);
    if (status == 0)
        status = write_balance(out_dir, v, variant_count, z, error, error_size) ||
                         write_seats(out_dir, v, variant_count, z, error, error_size) ||
                         write_ends(out_dir, v, variant_count, error, error_size) ||
                         write_distributions(out_dir, v, variant_count, error, error_size) ||
                         draw_plots(plots, v, variant_count, error, error_size)
                     ? -1
                     : 0;
    balance_comparisons_t *compared = status == 0 ? malloc(sizeof *compared) : NULL;
    if (status == 0 && !compared) {
        snprintf(error, error_size, "out of memory for the comparisons");
        status = -1;
    }
    if (status == 0) {
        balance_compare(v, variant_count, confidence, compared);
        status = balance_write_comparisons(out_dir, v, compared, error, error_size);
    }
    if (status == 0 && text) write_text(text, v, variant_count, compared);
    free(compared);
    for (int i = 0; i < variant_count; i++)
        for (int m = 0; m < 2; m++) {
            unit_summary_t *u = m ? &v[i].matches : &v[i].hands;
            free(u->unit_share);
            free(u->unit_leader);
            free(u->unit_draws);
            free(u->unit_length);
        }
    free(v);
    return status;
}
