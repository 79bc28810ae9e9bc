/* pcg32.h - the PCG32 random number generator (PCG-XSH-RR 64/32, M. E. O'Neill 2014),
 * written from its published definition: 64-bit LCG state, odd increment selecting one of
 * 2^63 streams, 32-bit output by xorshift-high then random rotation.
 *
 * All state is explicit: every deal, match and agent owns its generator, so results never
 * depend on which thread ran them. Known answer (tests/test_pcg32.c): seed (42, 54) gives
 * 0xa15c02b7 0x7b47f409 0xba1d3330 0x83d2f293 0xbfa4784b 0xcbed606e.
 */
#ifndef DOMINOLAB_PCG32_H
#define DOMINOLAB_PCG32_H

#include <stdint.h>

typedef struct pcg32 {
    uint64_t state;
    uint64_t increment; /* always odd */
} pcg32_t;

static const uint64_t PCG32_MULTIPLIER = 6364136223846793005ULL;

static inline uint32_t pcg32_next(pcg32_t *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG32_MULTIPLIER + rng->increment;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rotation = (uint32_t)(old >> 59);
    return (xorshifted >> rotation) | (xorshifted << ((-rotation) & 31));
}

/* Seeds a generator: initial_state picks the position, stream the sequence (pcg32_srandom_r). */
void pcg32_seed(pcg32_t *rng, uint64_t initial_state, uint64_t stream);

/* Uniform in [0, bound), bound >= 1, without bias: Lemire's multiply-shift, rejecting the
 * few low products that would over-represent some results (no division on the fast path). */
static inline uint32_t pcg32_below(pcg32_t *rng, uint32_t bound)
{
    uint64_t product = (uint64_t)pcg32_next(rng) * bound;
    uint32_t low = (uint32_t)product;
    if (low < bound) {
        uint32_t threshold = (uint32_t)(-bound) % bound;
        while (low < threshold) {
            product = (uint64_t)pcg32_next(rng) * bound;
            low = (uint32_t)product;
        }
    }
    return (uint32_t)(product >> 32);
}

/* Moves the generator `delta` steps in O(log delta); a negative delta (as two's
 * complement) goes back, since the LCG has period 2^64. */
void pcg32_advance(pcg32_t *rng, uint64_t delta);

/* Mixes numbers into a 64-bit value (SplitMix64 finaliser): derives independent seeds
 * and streams for unit i of a run from (seed, i) without any shared generator. */
static inline uint64_t pcg32_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* One step of pcg32_shuffle_bytes, at position i (from count - 1 down to 1): returns the
 * item that ends at i, for the caller to store there or to take as it is fixed, and moves
 * the item at i to where that one was. */
static inline uint8_t pcg32_shuffle_step(pcg32_t *rng, uint8_t *items, int i)
{
    int j = (int)pcg32_below(rng, (uint32_t)i + 1);
    uint8_t drawn = items[j];
    items[j] = items[i];
    return drawn;
}
/* Fisher-Yates shuffle of a byte array. The generator works on a local copy: the byte
 * stores could alias *rng, which would otherwise be reloaded and stored at every step. */
static inline void pcg32_shuffle_bytes(pcg32_t *rng, uint8_t *items, int count)
{
    pcg32_t local = *rng;
    for (int i = count - 1; i > 0; i--) items[i] = pcg32_shuffle_step(&local, items, i);
    *rng = local;
}

#endif
