/* sequential.h - stopping a comparison of two agents as soon as it has answered, with
 * intervals that stay honest under the stopping (a tournament's pair, a calibration's
 * candidate against its reference).
 *
 * The data are deal blocks, each giving agent A a block score in [0, 1] (sprt.h). The
 * comparison is looked at after a fixed schedule of blocks: first_look, then twice as
 * many each time, and at the cap, K looks in all. At a look it stops when the interval of
 * A's Elo difference is at most `precision` Elo either side, or leaves out 0 (the order of
 * the two is settled), and at the cap in any case.
 *
 * Honesty. An interval looked at again and again until it says what one wants covers the
 * truth less often than its level: at 95%, a test stopped at the first of K looks that
 * excludes 0 would reject a true 0 far more than one time in twenty. Here each look's
 * interval is at level 1 - (1 - confidence) / K (Bonferroni over the looks): the chance
 * that any of the K intervals misses the truth is at most 1 - confidence, so the one the
 * run stops on covers the truth with at least that chance, whatever made it stop. The
 * report gives every interval of a sequential study at that level. The looks double, so K
 * grows with the logarithm of cap / first_look and the price is small: at K = 7, 99.3%
 * intervals, z = 2.69 where 95% has 1.96.
 *
 * Where it stops depends on the blocks in unit order only, so the same seed stops at the
 * same block at any thread count.
 */
#ifndef DOMINOLAB_SEQUENTIAL_H
#define DOMINOLAB_SEQUENTIAL_H

#include <stdbool.h>
#include <stdint.h>

enum { SEQUENTIAL_FIRST_LOOK = 64 }; /* blocks: fewer give the normal interval too little to stand on */

typedef struct sequential_plan {
    int64_t first_look, cap; /* blocks */
    int looks;               /* K */
    double precision;        /* Elo either side; 0: stop on the order only */
    double level;            /* each look's interval: 1 - (1 - confidence) / K */
    double z;                /* its normal quantile */
} sequential_plan_t;

/* The plan for at most `cap` blocks (>= 1). With first_look >= cap there is one look, at the
 * cap: a fixed-size run, its intervals at `confidence` itself. */
void sequential_plan_init(sequential_plan_t *plan, int64_t cap, int64_t first_look, double confidence,
                          double precision);
/* Whether the schedule looks after `blocks` blocks. */
bool sequential_is_look(const sequential_plan_t *plan, int64_t blocks);

/* Running sums of block scores. */
typedef struct sequential_tally {
    int64_t blocks;
    double sum, sum2;
} sequential_tally_t;

static inline void sequential_add(sequential_tally_t *tally, double block_score)
{
    tally->blocks++;
    tally->sum += block_score;
    tally->sum2 += block_score * block_score;
}

/* A's Elo difference and its interval at the plan's level (NaN with fewer than two blocks;
 * a score of 0 or 1 gives an infinite end). */
void sequential_elo(const sequential_plan_t *plan, const sequential_tally_t *tally, double *elo, double *low,
                    double *high);
/* After the tally's last block: whether the comparison ends there (a look that answered,
 * or the cap). */
bool sequential_stops(const sequential_plan_t *plan, const sequential_tally_t *tally);
/* Where the comparison is likely to stop, for a progress line's estimate only: the look at
 * which the interval, narrowing as one over the square root of the blocks from its present
 * width, would be within the precision or leave out 0 at the present difference; the cap
 * when nothing can be said yet (fewer than two blocks, no spread). */
int64_t sequential_expected_stop(const sequential_plan_t *plan, const sequential_tally_t *tally);

#endif
