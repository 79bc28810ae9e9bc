/* test_tileset.c - Check suite for engine/tileset.{h,c}, and for game.h's placements of a
 * word of tiles (game_store_placements, which every game's legal moves use).
 *
 * Two independent sources are compared with the engine's literal tables: the formulas of
 * docs/rules/README.md §6 (recomputed here by plain loops, never with the engine's
 * own helpers), and the hex literals printed in that README (copied below as data).
 * Loop tests sweep every one of the 91 tiles, so a wrong table entry names its index.
 */
#include <check.h>
#include <stdint.h>
#include <string.h>

#include "game.h"
#include "game_store.h"
#include "tileset.h"

enum {
    DOUBLE_SIX = 6,
    DOUBLE_NINE = 9,
    DOUBLE_TWELVE = 12,
    NUMBERS = TILESET_MAX_NUMBER + 1
};

/* ---- the README's literals (§6), as data ---- */

/* Double-six suit masks, one word (w[1] must be zero). */
static const uint64_t README_SIX_SUIT[DOUBLE_SIX + 1] = {
    0x020844BULL, 0x0410896ULL, 0x0821138ULL, 0x10423C0ULL, 0x2087C00ULL, 0x41F8000ULL, 0xFE00000ULL,
};
static const uint64_t README_SIX_DOUBLES = 0x8104225ULL;
static const uint64_t README_SIX_FULL = 0xFFFFFFFULL;

/* Double-twelve suit masks as {w[0], w[1]} (the README prints them w[1]:w[0]). */
static const uint64_t README_TWELVE_SUIT[NUMBERS][2] = {
    {0x008020101020844BULL, 0x0000000000004004ULL}, /* 0 */
    {0x0100402020410896ULL, 0x0000000000008008ULL}, /* 1 */
    {0x0200804040821138ULL, 0x0000000000010010ULL}, /* 2 */
    {0x04010080810423C0ULL, 0x0000000000020020ULL}, /* 3 */
    {0x0802010102087C00ULL, 0x0000000000040040ULL}, /* 4 */
    {0x10040202041F8000ULL, 0x0000000000080080ULL}, /* 5 */
    {0x200804040FE00000ULL, 0x0000000000100100ULL}, /* 6 */
    {0x4010080FF0000000ULL, 0x0000000000200200ULL}, /* 7 */
    {0x80201FF000000000ULL, 0x0000000000400400ULL}, /* 8 */
    {0x007FE00000000000ULL, 0x0000000000800801ULL}, /* 9 */
    {0xFF80000000000000ULL, 0x0000000001001003ULL}, /* 10 */
    {0x0000000000000000ULL, 0x0000000002003FFCULL}, /* 11 */
    {0x0000000000000000ULL, 0x0000000007FFC000ULL}, /* 12 */
};
static const uint64_t README_TWELVE_DOUBLES[2] = {0x0040100808104225ULL, 0x0000000004002002ULL};
static const uint64_t README_TWELVE_FULL[2] = {0xFFFFFFFFFFFFFFFFULL, 0x0000000007FFFFFFULL};

/* Double-nine examples printed below the double-twelve table. */
static const uint64_t README_NINE_SUIT0 = 0x0020101020844BULL;
static const uint64_t README_NINE_SUIT9 = 0x7FE00000000000ULL;
static const uint64_t README_NINE_FULL = 0x007FFFFFFFFFFFFFULL;

static const int README_DOUBLE_INDEX[NUMBERS] = {0, 2, 5, 9, 14, 20, 27, 35, 44, 54, 65, 77, 90};

/* ---- helpers: recompute from the README's formulas ---- */

static int formula_index(int a, int b) { return a <= b ? b * (b + 1) / 2 + a : a * (a + 1) / 2 + b; }

/* "b is the largest integer with b(b+1)/2 <= i, and a = i - b(b+1)/2". */
static void formula_inverse(int i, int *a, int *b)
{
    int row = 0;
    while ((row + 1) * (row + 2) / 2 <= i) row++;
    *b = row;
    *a = i - row * (row + 1) / 2;
}

/* The pips of tile i: a + b. */
static int pips_of(int i)
{
    int a, b;
    formula_inverse(i, &a, &b);
    return a + b;
}

static tileset_t formula_suit(int s, int max_number)
{
    tileset_t r = {{0, 0}};
    for (int k = 0; k <= max_number; k++) {
        int i = formula_index(s, k);
        r.w[i >> 6] |= (uint64_t)1 << (i & 63);
    }
    return r;
}

static void assert_set(tileset_t got, uint64_t w0, uint64_t w1, const char *what)
{
    ck_assert_msg(got.w[0] == w0 && got.w[1] == w1, "%s: got %016llx:%016llx, expected %016llx:%016llx", what,
                  (unsigned long long)got.w[1], (unsigned long long)got.w[0], (unsigned long long)w1,
                  (unsigned long long)w0);
}

/* ---- indexing: loop tests over every tile ---- */

START_TEST(test_tables_invert_index) /* _i = tile index 0..90 */
{
    int low = tileset_low(_i), high = tileset_high(_i);
    ck_assert_int_ge(low, 0);
    ck_assert_int_le(low, high);
    ck_assert_int_le(high, TILESET_MAX_NUMBER);
    ck_assert_int_eq(tileset_index(low, high), _i);
    ck_assert_int_eq(tileset_index(high, low), _i);

    int a, b;
    formula_inverse(_i, &a, &b);
    ck_assert_int_eq(low, a);
    ck_assert_int_eq(high, b);
    ck_assert_int_eq(tileset_low_number[_i], a);
    ck_assert_int_eq(tileset_high_number[_i], b);
}
END_TEST

START_TEST(test_tile_properties) /* _i = tile index 0..90 */
{
    int low = tileset_low(_i), high = tileset_high(_i);
    ck_assert_int_eq(tileset_is_double(_i), low == high);
    ck_assert_int_eq(tileset_pips(_i), low + high);
    for (int n = 0; n <= TILESET_MAX_NUMBER; n++) {
        bool shows = n == low || n == high;
        ck_assert_int_eq(tileset_shows(_i, n), shows);
        ck_assert_int_eq(tileset_has(tileset_suit(n), _i), shows);
    }
    ck_assert_int_eq(tileset_other_side(_i, low), high);
    ck_assert_int_eq(tileset_other_side(_i, high), low);
    ck_assert_int_eq(tileset_has(tileset_doubles(), _i), low == high);
}
END_TEST

START_TEST(test_index_symmetric_and_formula) /* _i = a, 0..12 */
{
    const int a = _i;
    for (int b = 0; b <= TILESET_MAX_NUMBER; b++) {
        ck_assert_int_eq(tileset_index(a, b), tileset_index(b, a));
        ck_assert_int_eq(tileset_index(a, b), formula_index(a, b));
        if (a <= b) ck_assert_int_eq(tileset_index(a, b), b * (b + 1) / 2 + a);
        int i = tileset_index(a, b);
        ck_assert_int_ge(i, 0);
        ck_assert_int_lt(i, TILESET_MAX_TILES);
    }
}
END_TEST

START_TEST(test_double_indices)
{
    for (int d = 0; d <= TILESET_MAX_NUMBER; d++) {
        ck_assert_int_eq(tileset_double_index(d), README_DOUBLE_INDEX[d]);
        ck_assert_int_eq(tileset_index(d, d), README_DOUBLE_INDEX[d]);
        ck_assert(tileset_is_double(README_DOUBLE_INDEX[d]));
    }
    ck_assert_int_eq(tileset_size(tileset_doubles()), NUMBERS);
}
END_TEST

START_TEST(test_tile_counts)
{
    ck_assert_int_eq(tileset_tile_count(DOUBLE_SIX), 28);
    ck_assert_int_eq(tileset_tile_count(DOUBLE_NINE), 55);
    ck_assert_int_eq(tileset_tile_count(DOUBLE_TWELVE), 91);
    ck_assert_int_eq(tileset_tile_count(DOUBLE_TWELVE), TILESET_MAX_TILES);
    for (int n = 0; n <= TILESET_MAX_NUMBER; n++) {
        ck_assert_int_eq(tileset_tile_count(n), (n + 1) * (n + 2) / 2);
        ck_assert_int_eq(tileset_size(tileset_full(n)), tileset_tile_count(n));
        /* The last tile of the set is the double, the first tile past it starts row n+1. */
        ck_assert_int_eq(tileset_double_index(n), tileset_tile_count(n) - 1);
    }
}
END_TEST

/* ---- masks against the README's literals ---- */

START_TEST(test_double_six_masks)
{
    const tileset_t full = tileset_full(DOUBLE_SIX);
    for (int s = 0; s <= DOUBLE_SIX; s++) {
        tileset_t m = tileset_and(tileset_suit(s), full);
        assert_set(m, README_SIX_SUIT[s], 0, "double-six suit");
        ck_assert_uint_eq(m.w[1], 0);
    }
    tileset_t doubles = tileset_and(tileset_doubles(), full);
    assert_set(doubles, README_SIX_DOUBLES, 0, "double-six doubles");
    assert_set(full, README_SIX_FULL, 0, "double-six full set");
}
END_TEST

START_TEST(test_double_twelve_masks)
{
    for (int s = 0; s <= DOUBLE_TWELVE; s++) {
        assert_set(tileset_suit(s), README_TWELVE_SUIT[s][0], README_TWELVE_SUIT[s][1], "double-twelve suit");
        assert_set(tileset_suit_table[s], README_TWELVE_SUIT[s][0], README_TWELVE_SUIT[s][1], "suit table");
    }
    assert_set(tileset_doubles(), README_TWELVE_DOUBLES[0], README_TWELVE_DOUBLES[1], "double-twelve doubles");
    assert_set(tileset_full(DOUBLE_TWELVE), README_TWELVE_FULL[0], README_TWELVE_FULL[1], "double-twelve full");
}
END_TEST

START_TEST(test_double_nine_examples)
{
    const tileset_t full = tileset_full(DOUBLE_NINE);
    assert_set(full, README_NINE_FULL, 0, "double-nine full set");
    assert_set(tileset_and(tileset_suit(0), full), README_NINE_SUIT0, 0, "double-nine suit 0");
    assert_set(tileset_and(tileset_suit(9), full), README_NINE_SUIT9, 0, "double-nine suit 9");
    /* For N <= 9 word 1 is always zero. */
    for (int n = 0; n <= DOUBLE_NINE; n++) {
        ck_assert_uint_eq(tileset_full(n).w[1], 0);
        for (int s = 0; s <= TILESET_MAX_NUMBER; s++)
            ck_assert_uint_eq(tileset_and(tileset_suit(s), tileset_full(n)).w[1], 0);
    }
}
END_TEST

START_TEST(test_suits_match_formula) /* _i = N, 0..12 */
{
    const int n = _i;
    const tileset_t full = tileset_full(n);
    tileset_t union_of_suits = tileset_empty();
    for (int s = 0; s <= TILESET_MAX_NUMBER; s++) {
        tileset_t m = tileset_and(tileset_suit(s), full);
        if (s <= n) {
            ck_assert_int_eq(tileset_size(m), n + 1);
            ck_assert(tileset_equal(m, formula_suit(s, n)));
            ck_assert(tileset_equal(tileset_minus(m, full), tileset_empty()));
            ck_assert(tileset_has(m, tileset_double_index(s)));
        } else {
            ck_assert_msg(tileset_is_empty(m), "suit %d is not empty in the double-%d set", s, n);
        }
        union_of_suits = tileset_or(union_of_suits, m);
    }
    /* Every tile shows some number. */
    ck_assert(tileset_equal(union_of_suits, full));
    /* The doubles of the set are exactly the double indices 0..n. */
    tileset_t doubles = tileset_and(tileset_doubles(), full);
    ck_assert_int_eq(tileset_size(doubles), n + 1);
    for (int d = 0; d <= n; d++) ck_assert(tileset_has(doubles, tileset_double_index(d)));
}
END_TEST

/* ---- names ---- */

START_TEST(test_parse_accepts)
{
    ck_assert_int_eq(tileset_parse_tile("3-5", DOUBLE_SIX), tileset_index(3, 5));
    ck_assert_int_eq(tileset_parse_tile("5-3", DOUBLE_SIX), tileset_index(3, 5));
    ck_assert_int_eq(tileset_parse_tile("3-5", DOUBLE_SIX), 18);
    ck_assert_int_eq(tileset_parse_tile("0-0", DOUBLE_SIX), 0);
    ck_assert_int_eq(tileset_parse_tile("6-6", DOUBLE_SIX), 27);
    ck_assert_int_eq(tileset_parse_tile("7-1", DOUBLE_NINE), tileset_index(1, 7));
    ck_assert_int_eq(tileset_parse_tile("12-12", DOUBLE_TWELVE), 90);
    ck_assert_int_eq(tileset_parse_tile("12-0", DOUBLE_TWELVE), 78);
}
END_TEST

START_TEST(test_parse_rejects)
{
    static const struct {
        const char *text;
        int max_number;
    } bad[] = {
        {"7-1", DOUBLE_SIX}, {"1-7", DOUBLE_SIX}, {"", DOUBLE_SIX},   {"3", DOUBLE_SIX},
        {"3-", DOUBLE_SIX},  {"-3", DOUBLE_SIX},  {"3-5x", DOUBLE_SIX}, {"13-1", DOUBLE_TWELVE},
        {"1-13", DOUBLE_TWELVE}, {"a-b", DOUBLE_SIX}, {"3--5", DOUBLE_SIX}, {"3 5", DOUBLE_SIX},
        {" 3-5", DOUBLE_SIX}, {"3-5 ", DOUBLE_SIX}, {"3:5", DOUBLE_SIX}, {"-", DOUBLE_SIX},
        {"10-1", DOUBLE_NINE}, {"1000-1", DOUBLE_TWELVE},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(tileset_parse_tile(bad[k].text, bad[k].max_number) == -1, "\"%s\" (max %d) was accepted",
                      bad[k].text, bad[k].max_number);
}
END_TEST

START_TEST(test_name_round_trip) /* _i = tile index 0..90 */
{
    char name[TILESET_TILE_NAME_SIZE];
    char *returned = tileset_tile_name(_i, name);
    ck_assert_ptr_eq(returned, name);
    ck_assert_int_lt((int)strlen(name), TILESET_TILE_NAME_SIZE);

    char expected[TILESET_TILE_NAME_SIZE + 8];
    int a, b;
    formula_inverse(_i, &a, &b);
    /* Build "a-b" by hand rather than with the same snprintf the engine uses. */
    int len = 0;
    if (a >= 10) expected[len++] = (char)('0' + a / 10);
    expected[len++] = (char)('0' + a % 10);
    expected[len++] = '-';
    if (b >= 10) expected[len++] = (char)('0' + b / 10);
    expected[len++] = (char)('0' + b % 10);
    expected[len] = '\0';
    ck_assert_str_eq(name, expected);

    ck_assert_int_eq(tileset_parse_tile(name, TILESET_MAX_NUMBER), _i);
    ck_assert_int_eq(tileset_parse_tile(name, tileset_high(_i)), _i);
    if (tileset_high(_i) > 0) ck_assert_int_eq(tileset_parse_tile(name, tileset_high(_i) - 1), -1);
}
END_TEST

/* ---- set operations ---- */

START_TEST(test_basic_set_ops)
{
    tileset_t s = tileset_empty();
    ck_assert(tileset_is_empty(s));
    ck_assert_int_eq(tileset_size(s), 0);
    static const int members[] = {0, 1, 27, 63, 64, 65, 90};
    for (size_t k = 0; k < sizeof members / sizeof members[0]; k++) {
        tileset_add(&s, members[k]);
        ck_assert(tileset_has(s, members[k]));
        ck_assert(tileset_equal(tileset_single(members[k]), tileset_and(s, tileset_single(members[k]))));
    }
    ck_assert_int_eq(tileset_size(s), 7);
    ck_assert_int_eq(tileset_lowest(s), 0);
    tileset_remove(&s, 0);
    tileset_remove(&s, 1);
    tileset_remove(&s, 1); /* removing an absent tile changes nothing */
    ck_assert_int_eq(tileset_size(s), 5);
    ck_assert_int_eq(tileset_lowest(s), 27);
    tileset_t high = tileset_minus(s, tileset_first(64));
    ck_assert_int_eq(tileset_lowest(high), 64);
    ck_assert_int_eq(tileset_size(high), 3);
    ck_assert(tileset_equal(tileset_or(high, tileset_and(s, tileset_first(64))), s));
}
END_TEST

/* Sets used by the shift and pop tests: every word boundary is represented. */
static tileset_t sample_set(int which)
{
    tileset_t s = tileset_empty();
    switch (which) {
    case 0: /* a few scattered tiles */
        tileset_add(&s, 0);
        tileset_add(&s, 5);
        tileset_add(&s, 27);
        tileset_add(&s, 36);
        break;
    case 1: /* the double-six set */
        s = tileset_full(DOUBLE_SIX);
        break;
    case 2: /* one tile at the top of the usable range of a 37-bit shift */
        tileset_add(&s, 36);
        break;
    default: /* a double-six suit */
        s = tileset_and(tileset_suit(3), tileset_full(DOUBLE_SIX));
        break;
    }
    return s;
}
enum { SAMPLE_SETS = 4 };

START_TEST(test_shift_round_trip)
{
    static const int shifts[] = {0, 1, 28, 63, 64, 91};
    for (int which = 0; which < SAMPLE_SETS; which++) {
        const tileset_t s = sample_set(which);
        /* Highest member + 1: a shift must keep every bit below 128. */
        tileset_t scan = s;
        int top = 0;
        while (!tileset_is_empty(scan)) top = tileset_pop_lowest(&scan) + 1;
        for (size_t k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
            const int by = shifts[k];
            if (top + by > TILESET_MAX_BITS) continue;
            tileset_t up = tileset_shift_up(s, by);
            ck_assert_int_eq(tileset_size(up), tileset_size(s));
            /* Every member moved by exactly `by`. */
            tileset_t members = s;
            while (!tileset_is_empty(members)) {
                int i = tileset_pop_lowest(&members);
                ck_assert_msg(tileset_has(up, i + by), "set %d shifted by %d lost tile %d", which, by, i);
            }
            ck_assert_msg(tileset_equal(tileset_shift_down(up, by), s), "set %d: shift %d does not round-trip",
                          which, by);
        }
    }
}
END_TEST

START_TEST(test_shift_places_copies)
{
    /* Two double-six sets side by side, as the header's comment describes. */
    const tileset_t six = tileset_full(DOUBLE_SIX);
    tileset_t both = tileset_or(six, tileset_shift_up(six, 28));
    assert_set(both, (1ULL << 56) - 1, 0, "two double-six sets");
    /* Shifting down drops bits that fall below index 0. */
    assert_set(tileset_shift_down(both, 28), (1ULL << 28) - 1, 0, "upper copy shifted down");
    tileset_t top = tileset_single(127);
    assert_set(tileset_shift_down(top, 127), 1, 0, "bit 127 down by 127");
    assert_set(tileset_shift_up(tileset_single(0), 127), 0, 1ULL << 63, "bit 0 up by 127");
    assert_set(tileset_shift_up(tileset_single(63), 1), 0, 1, "carry across the word boundary");
    assert_set(tileset_shift_down(tileset_single(64), 1), 1ULL << 63, 0, "borrow across the word boundary");
}
END_TEST

START_TEST(test_pop_lowest_order)
{
    for (int which = 0; which < SAMPLE_SETS; which++) {
        const tileset_t s = sample_set(which);
        tileset_t rest = s, rebuilt = tileset_empty();
        int previous = -1, visits = 0;
        while (!tileset_is_empty(rest)) {
            int lowest = tileset_lowest(rest);
            int i = tileset_pop_lowest(&rest);
            ck_assert_int_eq(i, lowest);
            ck_assert_int_gt(i, previous);
            ck_assert(tileset_has(s, i));
            ck_assert(!tileset_has(rest, i));
            tileset_add(&rebuilt, i);
            previous = i;
            visits++;
        }
        ck_assert_int_eq(visits, tileset_size(s));
        ck_assert(tileset_equal(rebuilt, s));
    }
    /* Across the word boundary and up to the last bit. */
    tileset_t s = tileset_empty();
    static const int members[] = {3, 63, 64, 90, 127};
    for (size_t k = 0; k < sizeof members / sizeof members[0]; k++) tileset_add(&s, members[k]);
    for (size_t k = 0; k < sizeof members / sizeof members[0]; k++)
        ck_assert_int_eq(tileset_pop_lowest(&s), members[k]);
    ck_assert(tileset_is_empty(s));
}
END_TEST

START_TEST(test_pip_sum)
{
    /* Each number appears eight times in a double-six set: 8 * (0+1+...+6) = 168. */
    ck_assert_int_eq(tileset_pip_sum(tileset_full(DOUBLE_SIX)), 168);
    ck_assert_int_eq(tileset_pip_sum(tileset_empty()), 0);
    ck_assert_int_eq(tileset_pip_sum(tileset_single(tileset_index(6, 6))), 12);
    /* In a double-N set each number appears N+2 times: (N+2) * N(N+1)/2. */
    for (int n = 0; n <= TILESET_MAX_NUMBER; n++)
        ck_assert_int_eq(tileset_pip_sum(tileset_full(n)), (n + 2) * n * (n + 1) / 2);
    /* The bit table, recomputed: tile t is in [k] when bit k of its pips is set. */
    for (int k = 0; k < TILESET_PIP_BITS; k++)
        for (int t = 0; t < TILESET_MAX_BITS; t++)
            ck_assert_msg(tileset_has(tileset_pip_bit_table[k], t) == (t < TILESET_MAX_TILES && (pips_of(t) >> k & 1)),
                          "pip bit table [%d], tile %d", k, t);
    /* Any set: the sum over its tiles one by one. */
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int round = 0; round < 2000; round++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        tileset_t set = {{x, (x >> 9) & ((1ULL << (TILESET_MAX_TILES - 64)) - 1)}};
        int sum = 0;
        for (int t = 0; t < TILESET_MAX_TILES; t++)
            if (tileset_has(set, t)) sum += pips_of(t);
        ck_assert_int_eq(tileset_pip_sum(set), sum);
    }
}
END_TEST

/* The numbers 0..6 a word's tiles show, at once: as the suits tell them one by one. */
START_TEST(test_numbers_shown_to_six)
{
    ck_assert_uint_eq(tileset_numbers_shown_to_six(0), 0);
    ck_assert_uint_eq(tileset_numbers_shown_to_six(tileset_full(DOUBLE_SIX).w[0]), 0x7F);
    ck_assert_uint_eq(tileset_numbers_shown_to_six((uint64_t)1 << tileset_index(2, 5)), 1u << 2 | 1u << 5);
    ck_assert_uint_eq(tileset_numbers_shown_to_six((uint64_t)1 << tileset_index(3, 8)), 1u << 3); /* 8 not told */
    ck_assert_uint_eq(tileset_numbers_shown_to_six((uint64_t)1 << tileset_index(7, 9)), 0);
    uint64_t x = 0xD1B54A32D192ED03ULL;
    for (int round = 0; round < 4000; round++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint64_t word = round % 2 ? x & (x >> 5) & (x >> 11) : x; /* sparse words too */
        unsigned expected = 0;
        for (int n = 0; n <= 6; n++) expected |= (unsigned)((tileset_suit(n).w[0] & word) != 0) << n;
        ck_assert_msg(tileset_numbers_shown_to_six(word) == expected, "word %016llx", (unsigned long long)word);
    }
}
END_TEST

/* Each tile of the word once, lowest first, after the moves already listed, for every
 * count of tiles around the ones written without a test; the moves before stay. */
START_TEST(test_store_placements)
{
    const int ends[] = {0, 1, 3, GAME_NO_END};
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int round = 0; round < 3000; round++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        int bits = round % 8; /* 0..7 tiles of the word */
        uint64_t fit = 0, pool = x;
        for (int k = 0; k < bits && pool; k++, pool &= pool - 1) fit |= pool & -pool;
        int end = ends[round % 4], before = round % 3;
        game_move_t out[GAME_MAX_MOVES];
        for (int i = 0; i < before; i++) out[i] = (game_move_t){GAME_MOVE_PASS, (uint8_t)i, 0, 0};
        int count = game_store_placements(fit, end, out, before);
        ck_assert_int_eq(count, before + __builtin_popcountll(fit));
        for (int i = 0; i < before; i++) ck_assert_int_eq(out[i].tile, i);
        uint64_t left = fit;
        for (int i = before; i < count; i++, left &= left - 1) {
            ck_assert_int_eq(out[i].kind, GAME_MOVE_PLAY);
            ck_assert_int_eq(out[i].tile, __builtin_ctzll(left));
            ck_assert_int_eq(out[i].end, end);
            ck_assert_int_eq(out[i].extra, 0);
        }
    }
}
END_TEST

START_TEST(test_first)
{
    assert_set(tileset_first(0), 0, 0, "first(0)");
    assert_set(tileset_first(28), 0xFFFFFFFULL, 0, "first(28)");
    assert_set(tileset_first(64), UINT64_MAX, 0, "first(64)");
    assert_set(tileset_first(91), UINT64_MAX, 0x7FFFFFFULL, "first(91)");
    assert_set(tileset_first(128), UINT64_MAX, UINT64_MAX, "first(128)");
    for (int count = 0; count <= TILESET_MAX_BITS; count++) {
        tileset_t f = tileset_first(count);
        ck_assert_int_eq(tileset_size(f), count);
        if (count > 0) ck_assert(tileset_has(f, count - 1));
        if (count < TILESET_MAX_BITS) ck_assert(!tileset_has(f, count));
    }
}
END_TEST

/* Two double-six sets mixed: copy 1 of tile t is bit 28 + t. */
START_TEST(test_copy_counts)
{
    enum { T = 28 };
    tileset_t copies = tileset_empty();
    tileset_add(&copies, tileset_index(3, 3));     /* [3-3], copy 0 */
    tileset_add(&copies, T + tileset_index(3, 3)); /* [3-3], copy 1 */
    tileset_add(&copies, T + tileset_index(0, 6)); /* [0-6], copy 1 only */
    uint8_t counts[T];
    tileset_copy_counts(copies, T, counts);
    for (int t = 0; t < T; t++) {
        int expected = t == tileset_index(3, 3) ? 2 : t == tileset_index(0, 6) ? 1 : 0;
        ck_assert_int_eq(counts[t], expected);
    }
    tileset_copy_counts(tileset_first(2 * T), T, counts); /* both whole sets */
    for (int t = 0; t < T; t++) ck_assert_int_eq(counts[t], 2);
}
END_TEST

/* tileset_of is the set tileset_add makes of the same list, in both words: an empty list,
 * tiles 0, 63, 64 and 127 (each word's ends), repeats, and the shuffled physical tiles of
 * two double-twelve sets cut at every length. */
START_TEST(test_set_of_a_list)
{
    static const uint8_t ends[] = {0, 63, 64, 127, 63, 0};
    assert_set(tileset_of(ends, 0), 0, 0, "of(nothing)");
    assert_set(tileset_of(ends, 6), 1ULL | 1ULL << 63, 1ULL | 1ULL << 63, "of(0, 63, 64, 127, 63, 0)");
    uint8_t tiles[TILESET_MAX_BITS];
    uint32_t state = 12345;
    for (int k = 0; k < TILESET_MAX_BITS; k++) tiles[k] = (uint8_t)k;
    for (int k = TILESET_MAX_BITS - 1; k > 0; k--) { /* a fixed shuffle, by a small LCG */
        state = state * 1664525u + 1013904223u;
        int j = (int)(state >> 8) % (k + 1);
        uint8_t t = tiles[k];
        tiles[k] = tiles[j];
        tiles[j] = t;
    }
    for (int count = 0; count <= TILESET_MAX_BITS; count++) {
        tileset_t expected = tileset_empty();
        for (int k = 0; k < count; k++) tileset_add(&expected, tiles[k]);
        tileset_t got = tileset_of(tiles, count);
        ck_assert_msg(tileset_equal(got, expected) && tileset_size(got) == count, "of(%d tiles)", count);
    }
}
END_TEST

static Suite *tileset_suite(void)
{
    Suite *s = suite_create("tileset");

    TCase *tc = tcase_create("indexing");
    tcase_add_loop_test(tc, test_tables_invert_index, 0, TILESET_MAX_TILES);
    tcase_add_loop_test(tc, test_tile_properties, 0, TILESET_MAX_TILES);
    tcase_add_loop_test(tc, test_index_symmetric_and_formula, 0, NUMBERS);
    tcase_add_test(tc, test_double_indices);
    tcase_add_test(tc, test_tile_counts);
    suite_add_tcase(s, tc);

    tc = tcase_create("masks");
    tcase_add_test(tc, test_double_six_masks);
    tcase_add_test(tc, test_double_twelve_masks);
    tcase_add_test(tc, test_double_nine_examples);
    tcase_add_loop_test(tc, test_suits_match_formula, 0, NUMBERS);
    suite_add_tcase(s, tc);

    tc = tcase_create("names");
    tcase_add_test(tc, test_parse_accepts);
    tcase_add_test(tc, test_parse_rejects);
    tcase_add_loop_test(tc, test_name_round_trip, 0, TILESET_MAX_TILES);
    suite_add_tcase(s, tc);

    tc = tcase_create("set_ops");
    tcase_add_test(tc, test_basic_set_ops);
    tcase_add_test(tc, test_shift_round_trip);
    tcase_add_test(tc, test_shift_places_copies);
    tcase_add_test(tc, test_pop_lowest_order);
    tcase_add_test(tc, test_pip_sum);
    tcase_add_test(tc, test_numbers_shown_to_six);
    tcase_add_test(tc, test_store_placements);
    tcase_add_test(tc, test_first);
    tcase_add_test(tc, test_copy_counts);
    tcase_add_test(tc, test_set_of_a_list);
    suite_add_tcase(s, tc);

    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(tileset_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failures = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failures == 0 ? 0 : 1;
}
