/* bingo_rules.c - the pure rules of Bingo (bingo.md §3): tile classes, points, the trick's
 * winner, the follow obligations of the closed phase, melds, game points and the match's
 * end. No state: the play builds on these, and the vectors of §5 test them directly.
 */
#include "bingo/bingo.h"

static const int meld_table[BINGO_HAND_SIZE + 1] = {0, 0, 20, 40, 50, 60, 70, 200}; /* R15 */

/* The tiles that are trumps for following (R5, A6): those showing t, and Bingo with the
 * option. With t = 0 Bingo shows 0 already. */
static uint64_t trump_tiles(const bingo_rules_t *rules, int trump)
{
    uint64_t tiles = tileset_suit(trump).w[0];
    if (rules->bingo_is_trump) tiles |= (uint64_t)1 << BINGO_TILE;
    return tiles;
}

bool bingo_is_trump_tile(const bingo_rules_t *rules, int trump, int tile)
{
    return trump_tiles(rules, trump) >> tile & 1;
}

/* A side's value where 0 counts 7 (R13 always; R8 with rank_blank_as_seven). */
static int side_value(int number) { return number == 0 ? 7 : number; }

int bingo_tile_points(const bingo_rules_t *rules, int trump, int tile)
{
    if (tile == BINGO_TILE) return trump == 0 ? rules->zero_trump_bingo_value : 14;
    if (tile == tileset_double_index(trump)) return 28;
    return side_value(tileset_low(tile)) + side_value(tileset_high(tile));
}

int bingo_set_points(const bingo_rules_t *rules, int trump)
{
    int total = 0;
    for (int tile = 0; tile < BINGO_TILES; tile++) total += bingo_tile_points(rules, trump, tile);
    return total;
}

/* R8's rank pips: real pips, or 0 sides as 7 with rank_blank_as_seven (A4). */
static int rank_pips(const bingo_rules_t *rules, int tile)
{
    if (!rules->rank_blank_as_seven) return tileset_pips(tile);
    return side_value(tileset_low(tile)) + side_value(tileset_high(tile));
}

bool bingo_follower_wins(const bingo_rules_t *rules, int trump, int led, int followed)
{
    if (led == BINGO_TILE) return false; /* 1: Bingo wins */
    if (followed == BINGO_TILE) return true;
    bool led_trump = tileset_shows(led, trump), followed_trump = tileset_shows(followed, trump);
    int double_trump = tileset_double_index(trump);
    if (led_trump && followed_trump) { /* 2: the double trump, else more rank pips (A18: never equal) */
        if (led == double_trump) return false;
        if (followed == double_trump) return true;
        return rank_pips(rules, followed) > rank_pips(rules, led);
    }
    if (led_trump != followed_trump) return followed_trump; /* 3 */
    /* 4: both plain; equal rank pips go to the led tile (A7: no suit unless the option) */
    bool shares = tileset_shows(followed, tileset_low(led)) || tileset_shows(followed, tileset_high(led));
    if (rules->plain_tile_must_match_to_win && !shares) return false;
    return rank_pips(rules, followed) > rank_pips(rules, led);
}

uint64_t bingo_closed_follows(const bingo_rules_t *rules, int trump, int led, uint64_t hand)
{
    uint64_t trumps = trump_tiles(rules, trump);
    if (trumps >> led & 1) { /* a trump lead: a trump if he has one */
        uint64_t held = hand & trumps;
        return held ? held : hand;
    }
    /* a plain lead (a plain Bingo demands 0s): its higher number, else its lower (A8:
     * trumps showing it count unless plain_follow_includes_trumps is off) */
    uint64_t may_follow = rules->plain_follow_includes_trumps ? hand : hand & ~trumps;
    uint64_t high = may_follow & tileset_suit(tileset_high(led)).w[0];
    if (high) return high;
    uint64_t low = may_follow & tileset_suit(tileset_low(led)).w[0];
    return low ? low : hand;
}

uint64_t bingo_closed_follow_lacks(const bingo_rules_t *rules, int trump, int led, uint64_t before, int followed)
{
    uint64_t trumps = trump_tiles(rules, trump), bit = (uint64_t)1 << followed;
    uint64_t absent = (((uint64_t)1 << BINGO_TILES) - 1) & ~before & ~((uint64_t)1 << led);
    if (trumps >> led & 1) /* a trump lead: a plain follow proves he held no trump; a trump, nothing */
        return trumps & bit ? 0 : absent & trumps;
    /* a plain lead: the tiles of the demanded numbers that would have obliged him, as
     * bingo_closed_follows reads `before` with one more tile */
    uint64_t may_follow = rules->plain_follow_includes_trumps ? ~(uint64_t)0 : ~trumps;
    uint64_t high = may_follow & tileset_suit(tileset_high(led)).w[0];
    uint64_t low = may_follow & tileset_suit(tileset_low(led)).w[0];
    if (before & high) return 0;                /* followed the higher number: one more changes nothing */
    if (before & low) return absent & high;     /* followed the lower: he held none of the higher */
    return absent & (high | low);               /* followed freely: he held neither */
}

int bingo_meld_points(uint64_t doubles)
{
    int k = __builtin_popcountll(doubles);
    if (k < 2) return 0;
    return meld_table[k > BINGO_HAND_SIZE ? BINGO_HAND_SIZE : k] + (doubles >> BINGO_TILE & 1 ? 10 : 0);
}

int bingo_game_points(int winner_points_at_end, int loser_points_at_70)
{
    if (winner_points_at_end >= BINGO_GRAND_POINTS || loser_points_at_70 == 0) return 3;
    return loser_points_at_70 < BINGO_LOW_POINTS ? 2 : 1;
}

int bingo_match_winner(const bingo_rules_t *rules, const int *game_points, int hand_winner)
{
    bool reached[BINGO_SEATS] = {game_points[0] >= rules->target_game_points,
                                 game_points[1] >= rules->target_game_points};
    if (!reached[0] && !reached[1]) return -1;
    if (reached[0] != reached[1]) return reached[0] ? 0 : 1;
    if (game_points[0] != game_points[1]) return game_points[0] > game_points[1] ? 0 : 1; /* A17 */
    return hand_winner;
}
