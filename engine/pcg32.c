/* pcg32.c - seeding and jump-ahead for PCG32 (see pcg32.h). */
#include "pcg32.h"

void pcg32_seed(pcg32_t *rng, uint64_t initial_state, uint64_t stream)
{
    rng->state = 0;
    rng->increment = (stream << 1) | 1;
    pcg32_next(rng);
    rng->state += initial_state;
    pcg32_next(rng);
}

/* Brown's algorithm (1994, "Random number generation with arbitrary strides"): the affine
 * map x -> m*x + c applied `delta` times is itself affine; square the map while walking
 * the bits of delta. */
void pcg32_advance(pcg32_t *rng, uint64_t delta)
{
    uint64_t multiplier = PCG32_MULTIPLIER, increment = rng->increment;
    uint64_t total_multiplier = 1, total_increment = 0;
    while (delta > 0) {
        if (delta & 1) {
            total_multiplier *= multiplier;
            total_increment = total_increment * multiplier + increment;
        }
        increment = (multiplier + 1) * increment;
        multiplier *= multiplier;
        delta >>= 1;
    }
    rng->state = total_multiplier * rng->state + total_increment;
}
