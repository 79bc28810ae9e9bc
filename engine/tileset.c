/* tileset.c - the constant tables of tileset.h and the few non-inline helpers.
 *
 * The tables are literal so that no start-up code and no mutable global exists; tests/
 * test_tileset.c recomputes every entry from the formulas of docs/rules/README.md §6. */
#include "tileset.h"


const uint8_t tileset_low_number[TILESET_MAX_TILES] = {
    0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2,
    3, 4, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4,
    5, 6, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2,
    3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6,
    7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
};

const uint8_t tileset_high_number[TILESET_MAX_TILES] = {
    0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
    4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6,
    6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 9,
    9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10,
    10, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11,
    12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12,
};

/* low + high: the pips of a tile, one load where the playouts weigh and place tiles */
const uint8_t tileset_pip_count[TILESET_MAX_TILES] = {
    0, 1, 2, 2, 3, 4, 3, 4, 5, 6, 4, 5, 6,
    7, 8, 5, 6, 7, 8, 9, 10, 6, 7, 8, 9, 10,
    11, 12, 7, 8, 9, 10, 11, 12, 13, 14, 8, 9, 10,
    11, 12, 13, 14, 15, 16, 9, 10, 11, 12, 13, 14, 15,
    16, 17, 18, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    20, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
    12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
};

const tileset_t tileset_suit_table[TILESET_MAX_NUMBER + 1] = {
    {{0x008020101020844BULL, 0x0000000000004004ULL}}, /* 0 */
    {{0x0100402020410896ULL, 0x0000000000008008ULL}}, /* 1 */
    {{0x0200804040821138ULL, 0x0000000000010010ULL}}, /* 2 */
    {{0x04010080810423C0ULL, 0x0000000000020020ULL}}, /* 3 */
    {{0x0802010102087C00ULL, 0x0000000000040040ULL}}, /* 4 */
    {{0x10040202041F8000ULL, 0x0000000000080080ULL}}, /* 5 */
    {{0x200804040FE00000ULL, 0x0000000000100100ULL}}, /* 6 */
    {{0x4010080FF0000000ULL, 0x0000000000200200ULL}}, /* 7 */
    {{0x80201FF000000000ULL, 0x0000000000400400ULL}}, /* 8 */
    {{0x007FE00000000000ULL, 0x0000000000800801ULL}}, /* 9 */
    {{0xFF80000000000000ULL, 0x0000000001001003ULL}}, /* 10 */
    {{0x0000000000000000ULL, 0x0000000002003FFCULL}}, /* 11 */
    {{0x0000000000000000ULL, 0x0000000007FFC000ULL}}, /* 12 */
};

const tileset_t tileset_doubles_table = {{0x0040100808104225ULL, 0x0000000004002002ULL}};

const tileset_t tileset_pip_bit_table[TILESET_PIP_BITS] = {
    {{0x552AAAA5554AA952ULL, 0x0000000002AA9555ULL}}, /* 1 */
    {{0x99CCCCC99673325CULL, 0x0000000003332665ULL}}, /* 2 */
    {{0x1E0F0F0E1863BFA0ULL, 0x0000000003C3F87AULL}}, /* 4 */
    {{0x1F8FEFFFEF9C4000ULL, 0x000000000403C07CULL}}, /* 8 */
    {{0xE070100000000000ULL, 0x0000000007FC3F83ULL}}, /* 16 */
};

tileset_t tileset_shift_up(tileset_t s, int by)
{
    tileset_t r = {{0, 0}};
    if (by == 0) return s;
    if (by >= 64) {
        r.w[1] = s.w[0] << (by - 64);
        return r;
    }
    r.w[0] = s.w[0] << by;
    r.w[1] = (s.w[1] << by) | (s.w[0] >> (64 - by));
    return r;
}

tileset_t tileset_shift_down(tileset_t s, int by)
{
    tileset_t r = {{0, 0}};
    if (by == 0) return s;
    if (by >= 64) {
        r.w[0] = s.w[1] >> (by - 64);
        return r;
    }
    r.w[0] = (s.w[0] >> by) | (s.w[1] << (64 - by));
    r.w[1] = s.w[1] >> by;
    return r;
}

/* Writes one number of at most two digits; returns the position after it. */
static char *write_number(char *out, int number)
{
    if (number >= 10) *out++ = (char)('0' + number / 10);
    *out++ = (char)('0' + number % 10);
    return out;
}

char *tileset_tile_name(int tile, char *out)
{
    char *p = write_number(out, tileset_low_number[tile]);
    *p++ = '-';
    p = write_number(p, tileset_high_number[tile]);
    *p = '\0';
    return out;
}

static int parse_number(const char **cursor, int max_number)
{
    const char *p = *cursor;
    int value = 0, digits = 0;
    if (p[0] == '0' && p[1] >= '0' && p[1] <= '9') return -1; /* no leading zeros */
    while (*p >= '0' && *p <= '9' && digits < 3) {
        value = value * 10 + (*p - '0');
        p++;
        digits++;
    }
    if (digits == 0 || value > max_number) return -1;
    *cursor = p;
    return value;
}

int tileset_parse_tile(const char *text, int max_number)
{
    const char *p = text;
    int a = parse_number(&p, max_number);
    if (a < 0 || *p != '-') return -1;
    p++;
    int b = parse_number(&p, max_number);
    if (b < 0 || *p != '\0') return -1;
    return tileset_index(a, b);
}

void tileset_copy_counts(tileset_t copies, int tiles_per_set, uint8_t *counts)
{
    for (int t = 0; t < tiles_per_set; t++) counts[t] = 0;
    while (!tileset_is_empty(copies)) counts[tileset_pop_lowest(&copies) % tiles_per_set]++;
}

