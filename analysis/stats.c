/* stats.c - integer totals, derived estimates and the summary CSV (see stats.h).
 *
 * Invariants: totals are only ever added (never scaled or averaged), so every estimate is
 * a pure function of the final integer sums; each sample variance is taken from an exact
 * integer sum of squared deviations, so sums far larger than 2^53 lose no precision; the
 * CSV's numbers come from fixed formats, so equal totals always give equal bytes.
 */
#include "stats.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

static const char summary_header[] =
    "scope,agent,seat,games,wins,draws,losses,score,score_low,score_high,share,share_low,share_high,"
    "mean_points_per_hand,se_points_per_hand,mean_points_per_match,se_points_per_match,"
    "mean_margin,se_margin,blocks,elo,elo_low,elo_high,closes,failed_closes,failed_close_rate,"
    "illegal_moves,timeouts,crashes,name\n";

bool stats_add(stats_totals_t *into, const stats_totals_t *add)
{
    /* Every block of a run has the same number of games (seats rotations x units' games);
     * totals from runs that differ here measure different things and must not be merged. */
    if (into->block_games != 0 && add->block_games != 0 && into->block_games != add->block_games) return false;
    bool fits = true;
#define ADD_SUM(name) fits &= !__builtin_add_overflow(into->name, add->name, &into->name);
    STATS_SUMS(ADD_SUM)
#undef ADD_SUM
    if (into->block_games == 0) into->block_games = add->block_games;
    return fits;
}

void stats_wilson(double successes, int64_t n, double z, double *low, double *high)
{
    assert(successes >= 0 && successes <= (double)n);
    if (n <= 0) {
        *low = *high = NAN;
        return;
    }
    /* The form (2k + z^2 +- z*sqrt(z^2 + 4k(n-k)/n)) / (2(n + z^2)) is the textbook
     * (p + z^2/2n +- z*sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n) multiplied through by 2n;
     * it needs no p(1-p), which loses digits near 0 and 1. */
    double k = successes, count = (double)n, z2 = z * z;
    double spread = z * sqrt(z2 + 4.0 * k * ((count - k) / count));
    double denominator = 2.0 * (count + z2);
    *low = (2.0 * k + z2 - spread) / denominator;
    *high = (2.0 * k + z2 + spread) / denominator;
    /* The exact ends at k = 0 and k = n are 0 and 1; rounding could put them a hair off. */
    if (successes == 0 || *low < 0.0) *low = 0.0;
    if (successes == (double)n || *high > 1.0) *high = 1.0;
}

void stats_mean_se_real(int64_t n, double sum, double sum_squared, double *mean, double *se)
{
    *mean = n > 0 ? sum / (double)n : NAN;
    *se = n > 1 ? sqrt(fmax(sum_squared - sum * *mean, 0) / (double)(n - 1) / (double)n) : NAN;
}

void stats_mean_se(int64_t n, int64_t sum, int64_t sum_squared, double *mean, double *se)
{
    if (n <= 0) {
        *mean = *se = NAN;
        return;
    }
    /* 1. Split the mean into an integer part q and a remainder: sum = q*n + r, |r| < n.
     *    Summing e.g. 10^9 matches of ~10^9 points would lose the SE entirely in
     *    sum_squared/n - mean^2 (both ~10^18, doubles resolve 128 there). */
    int64_t q = sum / n, r = sum % n;
    *mean = (double)q + (double)r / (double)n;
    if (n < 2) {
        *se = NAN;
        return;
    }
    /* 2. Squared deviations from q, exactly: sum (x-q)^2 = sum_squared - 2q*sum + n*q^2
     *    = sum_squared - q*sum - q*r. No term exceeds sum_squared in magnitude (q*sum is
     *    about sum^2/n <= sum_squared, and |q*r| < |sum|), so nothing overflows. */
    int64_t about_q = sum_squared - q * sum - q * r;
    /* 3. Move the centre from q to the mean (q + r/n): subtract n*(r/n)^2 = r^2/n < |r|. */
    double deviations = (double)about_q - (double)r * ((double)r / (double)n);
    if (deviations < 0.0) deviations = 0.0; /* rounding when every value is equal */
    double variance = deviations / (double)(n - 1);
    *se = sqrt(variance / (double)n);
}

double stats_elo_from_score(double s)
{
    if (isnan(s)) return NAN;
    if (s <= 0.0) return -INFINITY;
    if (s >= 1.0) return INFINITY;
    /* Equal to -400*log10(1/s - 1), but gives +0 rather than -0 at s = 0.5, and 1 - s is
     * exact for s >= 0.5. */
    return 400.0 * log10(s / (1.0 - s));
}

double stats_score_from_elo(double elo)
{
    if (isnan(elo)) return NAN;
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_normal_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

/* Acklam's rational approximation (relative error below 1.2e-9), polished by one Halley
 * step against erfc, which brings it to double precision. */
double stats_normal_quantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                               1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                               6.680131188771972e+01,  -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                               -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    if (!(p > 0.0 && p < 1.0)) return p == 0.0 ? -INFINITY : p == 1.0 ? INFINITY : NAN;
    const double low = 0.02425;
    double x;
    if (p < low) {
        double q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - low) {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        double q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    double e = stats_normal_cdf(x) - p;
    double u = e * 2.5066282746310002 /* sqrt(2 pi) */ * exp(x * x / 2);
    return x - u / (1 + x * u / 2);
}

static double clamp_unit(double x)
{
    if (x < 0.0) return 0.0;
    if (x > 1.0) return 1.0;
    return x;
}

/* The interval of a per-game mean from per-block sums: block b's mean is S_b / (unit * G)
 * with G = block_games, so its mean and SE are those of S divided by unit * G. NaN, NaN with
 * fewer than two blocks. */
static void block_interval(const stats_totals_t *t, int64_t sum, int64_t sum_squared, double unit, double z,
                           double *low, double *high)
{
    *low = *high = NAN;
    if (t->blocks < 2 || t->block_games <= 0) return;
    double mean_s, se_s, scale = unit * (double)t->block_games;
    stats_mean_se(t->blocks, sum, sum_squared, &mean_s, &se_s);
    if (isnan(se_s)) return;
    double mean = mean_s / scale, half = z * se_s / scale;
    *low = clamp_unit(mean - half);
    *high = clamp_unit(mean + half);
}

void stats_estimate(const stats_totals_t *t, double z, stats_estimate_t *out)
{
    assert(z > 0.0);
    double games = (double)t->games;

    /* A draw counts half a win, as in chess: two equal agents then share 50% whatever the
     * game's draw rate. The share splits a tie among the k sides in it instead, so with
     * three sides or more the seats' shares of a game sum to 1 (with two they equal the score). */
    out->score = t->games > 0 ? (double)(2 * t->wins + t->draws) / (2.0 * games) : NAN;
    out->share = t->games > 0 ? (double)t->shares / (STATS_SHARE_WHOLE * games) : NAN;
    block_interval(t, t->block_score2, t->block_score2_squared, 2.0, z, &out->score_low, &out->score_high);
    block_interval(t, t->block_shares, t->block_shares_squared, STATS_SHARE_WHOLE, z, &out->share_low,
                   &out->share_high);

    stats_mean_se(t->hands, t->hand_points, t->hand_points_squared, &out->mean_points_per_hand,
                  &out->se_points_per_hand);
    stats_mean_se(t->games, t->points, t->points_squared, &out->mean_points_per_game, &out->se_points_per_game);
    stats_mean_se(t->games, t->margin, t->margin_squared, &out->mean_margin, &out->se_margin);

    /* Elo is monotone in the score, so the ends of the score interval map to the ends of
     * an Elo interval with the same coverage (asymmetric around elo). */
    out->elo = stats_elo_from_score(out->score);
    out->elo_low = stats_elo_from_score(out->score_low);
    out->elo_high = stats_elo_from_score(out->score_high);
}

void stats_block_mean(int64_t n, double sum, double sum_squared, double z, double *mean, double *low, double *high)
{
    *mean = *low = *high = NAN;
    if (n < 1) return;
    *mean = sum / (double)n;
    if (n < 2) return;
    double variance = (sum_squared - sum * sum / (double)n) / (double)(n - 1);
    double half = z * sqrt(variance > 0 ? variance / (double)n : 0.0);
    *low = clamp_unit(*mean - half);
    *high = clamp_unit(*mean + half);
}

void stats_csv_field(FILE *out, const char *text)
{
    if (!text) return;
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, out);
        return;
    }
    putc('"', out);
    for (const char *c = text; *c; c++) {
        if (*c == '"') putc('"', out);
        putc(*c, out);
    }
    putc('"', out);
}

/* ",x" for a double: empty for NaN, inf/-inf spelled out (printf's spelling of infinity is
 * implementation-defined), "%.6f" otherwise. "%.6f" assumes the "C" numeric locale, which
 * a program has unless it calls setlocale. A value that rounds to -0.000000 is written
 * 0.000000 so that a sign of a zero never differs between otherwise equal summaries. */
static void write_double(FILE *out, double x)
{
    putc(',', out);
    if (isnan(x)) return;
    if (isinf(x)) {
        fputs(x > 0 ? "inf" : "-inf", out);
        return;
    }
    char text[64];
    snprintf(text, sizeof text, "%.6f", x);
    fputs(strcmp(text, "-0.000000") == 0 ? text + 1 : text, out);
}

static void write_int(FILE *out, int64_t x)
{
    fprintf(out, ",%" PRId64, x);
}

static void write_row(FILE *out, const stats_summary_row_t *row)
{
    const stats_totals_t *t = row->totals;
    stats_estimate_t e;
    stats_estimate(t, STATS_Z95, &e);

    stats_csv_field(out, row->scope);
    putc(',', out);
    stats_csv_field(out, row->agent);
    putc(',', out);
    if (row->seat >= 0) fprintf(out, "%d", row->seat);
    write_int(out, t->games);
    write_int(out, t->wins);
    write_int(out, t->draws);
    write_int(out, t->losses);
    write_double(out, e.score);
    write_double(out, e.score_low);
    write_double(out, e.score_high);
    write_double(out, e.share);
    write_double(out, e.share_low);
    write_double(out, e.share_high);
    write_double(out, e.mean_points_per_hand);
    write_double(out, e.se_points_per_hand);
    /* In --deals a game is one hand: per-match columns would repeat per-hand ones. */
    write_double(out, row->match_mode ? e.mean_points_per_game : NAN);
    write_double(out, row->match_mode ? e.se_points_per_game : NAN);
    write_double(out, e.mean_margin);
    write_double(out, e.se_margin);
    write_int(out, t->blocks);
    /* A score maps to an Elo difference only between two sides; with more, an equal agent
     * scores about 1/sides and the columns would mislead, so they stay empty. So they do on
     * a seat row: there the seat's luck does not cancel, and it is no agent's strength. */
    bool two_sides = row->sides <= 2 && row->seat < 0;
    write_double(out, two_sides ? e.elo : NAN);
    write_double(out, two_sides ? e.elo_low : NAN);
    write_double(out, two_sides ? e.elo_high : NAN);
    write_int(out, t->closes);
    write_int(out, t->failed_closes);
    write_double(out, t->closes ? (double)t->failed_closes / t->closes : NAN);
    write_int(out, t->illegal_moves);
    write_int(out, t->timeouts);
    write_int(out, t->crashes);
    putc(',', out);
    if (row->name) stats_csv_field(out, row->name);
    putc('\n', out);
}

int stats_write_summary_csv(FILE *out, const stats_summary_row_t *rows, int count)
{
    assert(count >= 0);
    fputs(summary_header, out);
    for (int i = 0; i < count && !ferror(out); i++) write_row(out, &rows[i]);
    /* The error indicator is sticky, so one check covers every write above; errors still
     * in the stream's buffer surface at fflush/fclose, which the caller checks. */
    return ferror(out) ? -1 : 0;
}
