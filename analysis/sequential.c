/* sequential.c - the looks, the interval at their level and the stopping rule
 * (sequential.h). */
#include "sequential.h"

#include <math.h>

#include "stats.h"

void sequential_plan_init(sequential_plan_t *plan, int64_t cap, int64_t first_look, double confidence,
                          double precision)
{
    if (cap < 1) cap = 1;
    if (first_look < 1) first_look = 1;
    int looks = 1; /* the cap */
    for (int64_t at = first_look; at < cap; at *= 2) looks++;
    *plan = (sequential_plan_t){.first_look = first_look, .cap = cap, .looks = looks, .precision = precision};
    plan->level = 1 - (1 - confidence) / looks;
    plan->z = stats_normal_quantile(0.5 + plan->level / 2);
}

bool sequential_is_look(const sequential_plan_t *plan, int64_t blocks)
{
    if (blocks >= plan->cap) return true;
    if (blocks < plan->first_look) return false;
    int64_t at = plan->first_look;
    while (at < blocks) at *= 2;
    return at == blocks;
}

void sequential_elo(const sequential_plan_t *plan, const sequential_tally_t *tally, double *elo, double *low,
                    double *high)
{
    double score, score_low, score_high;
    stats_block_mean(tally->blocks, tally->sum, tally->sum2, plan->z, &score, &score_low, &score_high);
    *elo = stats_elo_from_score(score);
    *low = stats_elo_from_score(score_low);
    *high = stats_elo_from_score(score_high);
}

bool sequential_stops(const sequential_plan_t *plan, const sequential_tally_t *tally)
{
    if (tally->blocks >= plan->cap) return true;
    if (plan->looks == 1 || !sequential_is_look(plan, tally->blocks)) return false;
    double elo, low, high;
    sequential_elo(plan, tally, &elo, &low, &high);
    if (isnan(low) || isnan(high)) return false;
    if (low > 0 || high < 0) return true; /* the order is settled */
    return plan->precision > 0 && (high - low) / 2 <= plan->precision;
}

/* The first look at or after `blocks` (the cap at most). */
static int64_t look_from(const sequential_plan_t *plan, double blocks)
{
    if (blocks >= (double)plan->cap) return plan->cap;
    int64_t at = plan->first_look;
    while ((double)at < blocks && at < plan->cap) at *= 2;
    return at < plan->cap ? at : plan->cap;
}

int64_t sequential_expected_stop(const sequential_plan_t *plan, const sequential_tally_t *tally)
{
    int64_t n = tally->blocks;
    if (n >= plan->cap || sequential_stops(plan, tally)) return n;
    double elo, low, high;
    sequential_elo(plan, tally, &elo, &low, &high);
    if (isnan(low) || isnan(high) || n < 2) return plan->cap;
    if (!isfinite(low) || !isfinite(high)) return look_from(plan, (double)n + 1); /* a clean sweep stops at the next look */
    double half = (high - low) / 2, needed = (double)plan->cap;
    if (half <= 0) return look_from(plan, (double)n + 1);
    if (plan->precision > 0) needed = (double)n * (half / plan->precision) * (half / plan->precision);
    if (elo != 0) {
        double settled = (double)n * (half / fabs(elo)) * (half / fabs(elo));
        if (settled < needed) needed = settled;
    }
    return look_from(plan, needed > (double)n ? needed : (double)n + 1);
}
