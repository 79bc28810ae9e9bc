/* balance_compare.c - every measure of the balance report compared between each variant and
 * the first (balance_summary.h), with intervals that hold together and the verdict on the
 * change most clearly seen first.
 *
 * Several measures of several variants make many comparisons: at 95% each, one in twenty
 * would show a "difference" by chance alone. Bonferroni's correction puts each interval at
 * 1 - 0.05 / m for m comparisons, so that all of them hold at once with 95% at least; it
 * assumes nothing of how the measures depend on each other (the leader's advantage and the
 * balance of a two-seat game are nearly one measure), and is conservative where they do.
 *
 * The leader's advantage, the drawn share and the length are means over units (a deal with
 * its replays, or a match). Where two variants played the same units (one seed, the same
 * count), the difference is the mean of the per-unit differences, and the deal's own luck
 * cancels from it; otherwise the two means are independent samples. The seat balance is a
 * largest gap, whose difference comes from the paired bootstrap of report_balance.c.
 */
#include <math.h>
#include <string.h>

#include "atomic_file.h"
#include "balance_summary.h"
#include "report_common.h"
#include "stats.h"

static const char *const measure_key[BALANCE_MEASURES] = {"balance", "leader_advantage", "draws", "length"};
static const char *measure_words(balance_measure_t measure, bool matches);

const char *balance_measure_text(const char *key, bool matches)
{
    for (int measure = 0; measure < BALANCE_MEASURES; measure++)
        if (!strcmp(key, measure_key[measure])) return measure_words((balance_measure_t)measure, matches);
    return key;
}

/* The measure in words, for hands or matches. */
static const char *measure_words(balance_measure_t measure, bool matches)
{
    static const char *const words[BALANCE_MEASURES][2] = {
        {"seat balance of hands", "seat balance of matches"},
        {"leader's advantage in hands", "first leader's advantage in matches"},
        {"share of drawn hands", "share of drawn matches"},
        {"moves per hand", "hands per match"},
    };
    return words[measure][matches];
}

static const unit_summary_t *unit_of(const variant_summary_t *v, bool matches)
{
    return matches ? &v->matches : &v->hands;
}

static const double *per_unit(const unit_summary_t *u, balance_measure_t measure)
{
    return measure == BALANCE_LEADER ? u->unit_leader : measure == BALANCE_DRAWS ? u->unit_draws : u->unit_length;
}

/* The measure's value in u (the leader's advantage: its share above 1/sides). */
static double value_of(const unit_summary_t *u, balance_measure_t measure)
{
    switch (measure) {
    case BALANCE_SEATS: return balance_of(u);
    case BALANCE_LEADER: return u->leader.games ? u->leader.sum / (double)u->leader.games - 1.0 / u->sides : NAN;
    case BALANCE_DRAWS: return u->draw_games / (double)u->games;
    default: {
        const histogram_t *h = u->plies.total ? &u->plies : &u->hands;
        return h->total ? h->sum / (double)h->total : NAN;
    }
    }
}

/* Whether the measure can be compared between u and the first variant's `first`. */
static bool comparable(const unit_summary_t *u, const unit_summary_t *first, balance_measure_t measure)
{
    if (!u->present || !first->present || u->units < 2 || first->units < 2) return false;
    if (measure == BALANCE_SEATS) return u->units == first->units; /* the bootstrap pairs the deals */
    if (measure == BALANCE_LEADER) return u->leader.games > 0 && first->leader.games > 0;
    return true;
}

/* How many comparisons the variants allow. */
static int comparison_count(const variant_summary_t *v, int count)
{
    int m = 0;
    for (int i = 1; i < count; i++)
        for (int matches = 0; matches < 2; matches++)
            for (int measure = 0; measure < BALANCE_MEASURES; measure++)
                m += comparable(unit_of(&v[i], matches), unit_of(&v[0], matches), (balance_measure_t)measure);
    return m;
}

double balance_comparison_level(const variant_summary_t *v, int count, double confidence)
{
    int m = comparison_count(v, count);
    return 1 - (1 - confidence) / (m > 0 ? m : 1);
}

/* Sums of the values not NaN, for a mean and its standard error (stats_mean_se_real). */
typedef struct moments {
    int64_t n;
    double sum, squares;
} moments_t;

static void moments_add(moments_t *m, double x)
{
    if (isnan(x)) return;
    m->n++;
    m->sum += x;
    m->squares += x * x;
}

static double moments_error(const moments_t *m)
{
    double mean, se;
    stats_mean_se_real(m->n, m->sum, m->squares, &mean, &se);
    return se;
}

/* The standard error of a mean measure's difference between u and the first variant: of
 * the per-unit differences where both played the same units (a unit where either has no
 * value left out), else of two independent means. */
static double difference_error(const unit_summary_t *u, const unit_summary_t *first, balance_measure_t measure)
{
    const double *a = per_unit(u, measure), *b = per_unit(first, measure);
    if (u->units == first->units) {
        moments_t d = {0};
        for (int64_t k = 0; k < u->units; k++) moments_add(&d, a[k] - b[k]); /* NaN where either has none */
        if (d.n > 1) return moments_error(&d);
    }
    moments_t ma = {0}, mb = {0};
    for (int64_t k = 0; k < u->units; k++) moments_add(&ma, a[k]);
    for (int64_t k = 0; k < first->units; k++) moments_add(&mb, b[k]);
    double ea = moments_error(&ma), eb = moments_error(&mb);
    return sqrt(ea * ea + eb * eb);
}

void balance_compare(const variant_summary_t *v, int count, double confidence, balance_comparisons_t *out)
{
    out->count = 0;
    out->level = balance_comparison_level(v, count, confidence);
    double z = stats_normal_quantile(0.5 + out->level / 2);
    for (int i = 1; i < count; i++)
        for (int matches = 0; matches < 2; matches++)
            for (int measure = 0; measure < BALANCE_MEASURES && out->count < BALANCE_MAX_COMPARISONS; measure++) {
                const unit_summary_t *u = unit_of(&v[i], matches), *first = unit_of(&v[0], matches);
                balance_measure_t which = (balance_measure_t)measure;
                if (!comparable(u, first, which)) continue;
                balance_comparison_t *c = &out->item[out->count++];
                *c = (balance_comparison_t){.variant = i, .matches = matches, .measure = which,
                                            .value = value_of(u, which), .first = value_of(first, which)};
                double error;
                if (which == BALANCE_SEATS) {
                    c->difference = u->difference;
                    c->low = u->difference_wide_low;
                    c->high = u->difference_wide_high;
                    error = (c->high - c->low) / (2 * z);
                } else {
                    /* the error from the units (paired where they are the same), the estimate
                     * over games as the tables give it (the leader's advantage: each
                     * variant's share less its own fair share) */
                    error = difference_error(u, first, which);
                    c->difference = c->value - c->first;
                    c->low = c->difference - z * error;
                    c->high = c->difference + z * error;
                }
                c->detected = c->low > 0 || c->high < 0;
                c->strength = error > 0 ? fabs(c->difference) / error : c->difference != 0 ? INFINITY : 0;
            }
}

int balance_write_comparisons(const char *dir, const variant_summary_t *v, const balance_comparisons_t *c,
                              char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open_in(&file, dir, "comparisons.csv", error, error_size)) return -1;
    FILE *out = file.stream;
    fputs("variant,against,unit,measure,value,against_value,difference,difference_low,difference_high,level,"
          "comparisons,strength,detected\n", out);
    for (int k = 0; k < c->count; k++) {
        const balance_comparison_t *item = &c->item[k];
        stats_csv_field(out, v[item->variant].variant->name);
        putc(',', out);
        stats_csv_field(out, v[0].variant->name);
        fprintf(out, ",%s,%s", item->matches ? "match" : "hand", measure_key[item->measure]);
        double numbers[] = {item->value, item->first, item->difference, item->low, item->high, c->level};
        for (size_t n = 0; n < sizeof numbers / sizeof numbers[0]; n++) {
            putc(',', out);
            report_number(out, numbers[n]);
        }
        fprintf(out, ",%d,", c->count);
        report_number(out, isinf(item->strength) ? 1e300 : item->strength);
        fprintf(out, ",%d\n", item->detected);
    }
    return atomic_file_commit(&file, error, error_size);
}

/* A measure's value as the text shows it: percentages for shares, else plain. */
static void format_value(char *out, size_t size, balance_measure_t measure, double value, bool sign)
{
    if (measure == BALANCE_LEADER || measure == BALANCE_DRAWS)
        snprintf(out, size, sign ? "%+.2f%%" : "%.2f%%", 100 * value);
    else if (measure == BALANCE_SEATS)
        snprintf(out, size, sign ? "%+.4f" : "%.4f", value);
    else
        snprintf(out, size, sign ? "%+.2f" : "%.2f", value);
}

static void print_change(FILE *text, const variant_summary_t *v, const balance_comparison_t *c)
{
    char value[32], first[32], d[32], low[32], high[32];
    format_value(value, sizeof value, c->measure, c->value, c->measure == BALANCE_LEADER);
    format_value(first, sizeof first, c->measure, c->first, c->measure == BALANCE_LEADER);
    format_value(d, sizeof d, c->measure, c->difference, true);
    format_value(low, sizeof low, c->measure, c->low, true);
    format_value(high, sizeof high, c->measure, c->high, true);
    fprintf(text, "%s: %s in %s against %s in %s, a change of %s [%s, %s]", measure_words(c->measure, c->matches),
            value, v[c->variant].variant->name, first, v[0].variant->name, d, low, high);
}

void balance_print_comparisons(FILE *text, const variant_summary_t *v, const balance_comparisons_t *c)
{
    if (c->count == 0) return;
    const balance_comparison_t *most = NULL;
    int detected = 0;
    for (int k = 0; k < c->count; k++)
        if (c->item[k].detected) {
            detected++;
            if (!most || c->item[k].strength > most->strength) most = &c->item[k];
        }
    double level = 100 * c->level;
    if (most) {
        fprintf(text, "the largest change: ");
        print_change(text, v, most);
        fputc('\n', text);
    } else {
        fprintf(text, "no difference detectable in any of the %d measures compared with %s at this sample size\n",
                c->count, v[0].variant->name);
    }
    fprintf(text, "every measure against %s (%d comparison%s, each interval at %.*f%% so that together they hold "
                  "at 95%%; %d detected):\n", v[0].variant->name, c->count, c->count == 1 ? "" : "s",
            level < 99.95 ? 2 : 3, level, detected);
    for (int k = 0; k < c->count; k++) {
        fprintf(text, "  %s ", c->item[k].detected ? "changed:  " : "no change:");
        print_change(text, v, &c->item[k]);
        fputc('\n', text);
    }
}
