/* tileset.h - domino tiles as bit indices and sets of tiles as bitsets.
 *
 * Indexing follows docs/rules/README.md §6: tile [a-b] with a <= b has index
 * b*(b+1)/2 + a, independent of the set size, so a double-six mask is valid unchanged for
 * double-nine and double-twelve. A set is two 64-bit words (91 tiles need 91 bits; with
 * several sets mixed, up to 128 physical tiles). For N <= 9 word 1 is always zero, and a
 * game whose tiles fit in 64 bits reads word 0 only on its hot paths (bergen.c,
 * hand_in_suit). The tables are literal constants rather than built at start-up (the rules
 * README suggests either): no start-up call, nothing mutable, safe from any thread.
 */
#ifndef DOMINOLAB_TILESET_H
#define DOMINOLAB_TILESET_H

#include <stdbool.h>
#include <stdint.h>

enum {
    TILESET_MAX_NUMBER = 12,   /* highest number on a tile (double-twelve)        */
    TILESET_WORD0_MAX_NUMBER = 10, /* highest number a tile below index 64 shows (8-10 is 63) */
    TILESET_MAX_TILES = 91,    /* tiles in a double-twelve set                     */
    TILESET_MAX_BITS = 128,    /* physical tiles a set can hold (several sets)      */
    TILESET_TILE_NAME_SIZE = 6 /* "12-12" plus the terminating zero               */
};

typedef struct tileset {
    uint64_t w[2];
} tileset_t;

/* Tables (tileset.c). Index i of a tile gives its two numbers; suit s gives every tile
 * that shows s in a double-twelve set (mask with tileset_full(n) for smaller sets). */
extern const uint8_t tileset_low_number[TILESET_MAX_TILES];
extern const uint8_t tileset_high_number[TILESET_MAX_TILES];
extern const uint8_t tileset_pip_count[TILESET_MAX_TILES]; /* low + high */
extern const tileset_t tileset_suit_table[TILESET_MAX_NUMBER + 1];
extern const tileset_t tileset_doubles_table;

static inline int tileset_index(int a, int b)
{
    /* the lower and the higher by selections: which end shows the higher number is a coin
     * toss to the branch predictor, and the line's playouts index the tile that would score
     * so (docs/performance.md, "Why the code is shaped so") */
    int low = a < b ? a : b, high = a < b ? b : a;
    return high * (high + 1) / 2 + low;
}
static inline int tileset_tile_count(int max_number) { return (max_number + 1) * (max_number + 2) / 2; }
static inline int tileset_double_index(int d) { return d * (d + 3) / 2; }
static inline int tileset_low(int tile) { return tileset_low_number[tile]; }
static inline int tileset_high(int tile) { return tileset_high_number[tile]; }
static inline bool tileset_is_double(int tile) { return tileset_low_number[tile] == tileset_high_number[tile]; }
static inline int tileset_pips(int tile) { return tileset_pip_count[tile]; }
static inline bool tileset_shows(int tile, int number)
{
    return tileset_low_number[tile] == number || tileset_high_number[tile] == number;
}
/* The number at the other side of a tile attached on `number` (the tile must show it). */
static inline int tileset_other_side(int tile, int number)
{
    return tileset_low_number[tile] == number ? tileset_high_number[tile] : tileset_low_number[tile];
}

/* ---- set operations ---- */
static inline tileset_t tileset_empty(void) { tileset_t s = {{0, 0}}; return s; }
/* tileset_single and tileset_has pick the word with a comparison, not an index: a set
 * held in registers would otherwise be stored to memory to be indexed. */
static inline tileset_t tileset_single(int i)
{
    uint64_t bit = (uint64_t)1 << (i & 63);
    tileset_t s = {{i < 64 ? bit : 0, i < 64 ? 0 : bit}};
    return s;
}
static inline bool tileset_has(tileset_t s, int i) { return ((i < 64 ? s.w[0] : s.w[1]) >> (i & 63)) & 1; }
static inline void tileset_add(tileset_t *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
/* The set of `count` tile indices. Gathered in registers: tileset_add on a set in memory
 * makes each tile wait for the one before, much of a Bergen world's draw
 * (docs/performance.md, "Why the code is shaped so"). */
static inline tileset_t tileset_of(const uint8_t *tiles, int count)
{
    tileset_t s = tileset_empty();
    for (int k = 0; k < count; k++) {
        tileset_t one = tileset_single(tiles[k]);
        s.w[0] |= one.w[0];
        s.w[1] |= one.w[1];
    }
    return s;
}
static inline void tileset_remove(tileset_t *s, int i) { s->w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
static inline tileset_t tileset_and(tileset_t a, tileset_t b)
{
    tileset_t r = {{a.w[0] & b.w[0], a.w[1] & b.w[1]}};
    return r;
}
static inline tileset_t tileset_or(tileset_t a, tileset_t b)
{
    tileset_t r = {{a.w[0] | b.w[0], a.w[1] | b.w[1]}};
    return r;
}
static inline tileset_t tileset_minus(tileset_t a, tileset_t b)
{
    tileset_t r = {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
    return r;
}
static inline bool tileset_is_empty(tileset_t s) { return (s.w[0] | s.w[1]) == 0; }
static inline bool tileset_equal(tileset_t a, tileset_t b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }
static inline int tileset_size(tileset_t s)
{
    return __builtin_popcountll(s.w[0]) + __builtin_popcountll(s.w[1]);
}
/* Lowest index in a non-empty set. */
static inline int tileset_lowest(tileset_t s)
{
    return s.w[0] ? __builtin_ctzll(s.w[0]) : 64 + __builtin_ctzll(s.w[1]);
}
/* Highest index in a non-empty set. */
static inline int tileset_highest(tileset_t s)
{
    return s.w[1] ? 127 - __builtin_clzll(s.w[1]) : 63 - __builtin_clzll(s.w[0]);
}
/* Removes and returns the lowest index of a non-empty set: the loop idiom is
 *   while (!tileset_is_empty(s)) { int i = tileset_pop_lowest(&s); ... } */
static inline int tileset_pop_lowest(tileset_t *s)
{
    if (s->w[0]) {
        int i = __builtin_ctzll(s->w[0]);
        s->w[0] &= s->w[0] - 1;
        return i;
    }
    int i = 64 + __builtin_ctzll(s->w[1]);
    s->w[1] &= s->w[1] - 1;
    return i;
}
/* tileset_and, _minus, _size, _is_empty, _add, _remove and _pop_lowest where the caller
 * may know that every set and index lies in word 0 (`narrow`: the tiles of a set up to
 * double-ten), which leaves the always empty second word out. Inlined with a constant
 * `narrow`, each compiles to one of the two. */
static inline tileset_t tileset_and_narrow(tileset_t a, tileset_t b, bool narrow)
{
    return narrow ? (tileset_t){{a.w[0] & b.w[0], 0}} : tileset_and(a, b);
}
static inline tileset_t tileset_minus_narrow(tileset_t a, tileset_t b, bool narrow)
{
    return narrow ? (tileset_t){{a.w[0] & ~b.w[0], 0}} : tileset_minus(a, b);
}
static inline int tileset_size_narrow(tileset_t s, bool narrow)
{
    return narrow ? __builtin_popcountll(s.w[0]) : tileset_size(s);
}
static inline bool tileset_is_empty_narrow(tileset_t s, bool narrow)
{
    return narrow ? s.w[0] == 0 : tileset_is_empty(s);
}
static inline void tileset_add_narrow(tileset_t *s, int i, bool narrow)
{
    if (narrow) s->w[0] |= (uint64_t)1 << i;
    else tileset_add(s, i);
}
static inline void tileset_remove_narrow(tileset_t *s, int i, bool narrow)
{
    if (narrow) s->w[0] &= ~((uint64_t)1 << i);
    else tileset_remove(s, i);
}
static inline int tileset_pop_lowest_narrow(tileset_t *s, bool narrow)
{
    if (!narrow) return tileset_pop_lowest(s);
    int i = __builtin_ctzll(s->w[0]);
    s->w[0] &= s->w[0] - 1;
    return i;
}
/* The `k`-th lowest index set in one word (k below its size): the random pick of a
 * playout. Where the machine deposits bits (BMI2, x86-64-v3), one instruction without a
 * branch, which a random k cannot mispredict; else a loop. */
static inline int tileset_word_nth(uint64_t word, unsigned k)
{
#ifdef __BMI2__
    return __builtin_ctzll(__builtin_ia32_pdep_di((uint64_t)1 << k, word));
#else
    for (; k > 0; k--) word &= word - 1;
    return __builtin_ctzll(word);
#endif
}
/* The first `count` indices: every tile of a double-N set is tileset_first(T(N)). */
static inline tileset_t tileset_first(int count)
{
    tileset_t s;
    s.w[0] = count >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << count) - 1);
    s.w[1] = count <= 64 ? 0 : count >= 128 ? ~(uint64_t)0 : (((uint64_t)1 << (count - 64)) - 1);
    return s;
}
static inline tileset_t tileset_full(int max_number) { return tileset_first(tileset_tile_count(max_number)); }
static inline tileset_t tileset_suit(int number) { return tileset_suit_table[number]; }
static inline tileset_t tileset_doubles(void) { return tileset_doubles_table; }
/* Bit n (n = 0..6): some tile of `word` (the first word of a set) shows n. The seven tests
 * of tileset_suit(n) at once, four to a vector, the masks those of tileset_suit_table
 * (tests/test_tileset.c checks both): pimc's team playouts ask it for every other seat at
 * every decision, and one test at a time cost them time in Partnership
 * (docs/performance.md, "Why the code is shaped so"). */
static inline unsigned tileset_numbers_shown_to_six(uint64_t word)
{
    typedef uint64_t tileset_words_t __attribute__((vector_size(32)));
    const tileset_words_t low = {0x008020101020844BULL, 0x0100402020410896ULL, 0x0200804040821138ULL,
                                 0x04010080810423C0ULL};                                     /* suits 0-3 */
    const tileset_words_t high = {0x0802010102087C00ULL, 0x10040202041F8000ULL, 0x200804040FE00000ULL, 0}; /* 4-6 */
    tileset_words_t all = {word, word, word, word};
    tileset_words_t shown = ((tileset_words_t)((all & low) != 0) & (tileset_words_t){1, 2, 4, 8}) |
                            ((tileset_words_t)((all & high) != 0) & (tileset_words_t){16, 32, 64, 0});
    return (unsigned)(shown[0] | shown[1] | shown[2] | shown[3]);
}
/* Shifts a set up by `by` bit positions (0 <= by < 128): places a copy of a set's tiles
 * after another copy when several sets are mixed. */
tileset_t tileset_shift_up(tileset_t s, int by);
tileset_t tileset_shift_down(tileset_t s, int by);

/* ---- names ---- */
/* Writes "a-b" (a <= b) into out[TILESET_TILE_NAME_SIZE]; returns out. */
char *tileset_tile_name(int tile, char *out);
/* Parses "a-b" or "b-a" with numbers 0..max_number; returns the index or -1. */
int tileset_parse_tile(const char *text, int max_number);
/* Several sets mixed (README §6, multiple sets): copy c of tile t is bit c*tiles_per_set + t.
 * Counts how many copies of each tile a set of such bits holds: counts[0..tiles_per_set). */
void tileset_copy_counts(tileset_t copies, int tiles_per_set, uint8_t *counts);
/* Sum of pips over a set of tile indices: bit k of every tile's pips (0..24) at once, one
 * mask of tiles per bit, instead of a loop over the tiles. */
enum { TILESET_PIP_BITS = 5 };
extern const tileset_t tileset_pip_bit_table[TILESET_PIP_BITS]; /* [k]: the tiles whose pips have bit k */
static inline int tileset_pip_sum(tileset_t s)
{
    int sum = 0;
    for (int k = 0; k < TILESET_PIP_BITS; k++) sum += __builtin_popcountll(s.w[0] & tileset_pip_bit_table[k].w[0]) << k;
    if (s.w[1]) /* past double-ten: the sets of most games end in word 0 */
        for (int k = 0; k < TILESET_PIP_BITS; k++) sum += __builtin_popcountll(s.w[1] & tileset_pip_bit_table[k].w[1]) << k;
    return sum;
}

#endif
