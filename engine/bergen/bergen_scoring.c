/* bergen_scoring.c - the scoring rules of the Bergen family that are not on the hot path:
 * Double Bergen's combinations (DB R12), the hand facts, the block methods (R21) and the
 * lightest hand (R20). Headers and the near-goal reduction, which every placement asks,
 * are inline in bergen_internal.h.
 */
#include <limits.h>
#include <string.h>

#include "bergen/bergen_internal.h"

bergen_hand_facts_t bergen_hand_facts(const bergen_rules_t *rules, tileset_t physical_hand)
{
    if (rules->num_sets == 1) { /* every tile once: counted by masks, as the doubles grow with their number */
        tileset_t doubles = tileset_and(physical_hand, rules->physical_doubles);
        return (bergen_hand_facts_t){tileset_pip_sum(physical_hand), tileset_size(physical_hand), tileset_size(doubles),
                                     tileset_is_empty(doubles) ? -1 : tileset_low(tileset_lowest(doubles))};
    }
    bergen_hand_facts_t facts = {0, 0, 0, -1};
    while (!tileset_is_empty(physical_hand)) {
        int tile = rules->logical_of[tileset_pop_lowest(&physical_hand)];
        facts.pips += tileset_pips(tile);
        facts.tiles++;
        if (tileset_is_double(tile)) {
            facts.doubles++;
            if (facts.lowest_double < 0 || tileset_low(tile) < facts.lowest_double)
                facts.lowest_double = tileset_low(tile);
        }
    }
    return facts;
}

/* DB R12: counts of each exposed number; the spinner with an unstarted arm counts its
 * number twice (A2), a crosswise double at an end counts twice. On a line, the bare
 * sides of the opening double play the spinner's part. */
int bergen_combination_points(const bergen_rules_t *rules, const bergen_state_t *s, int new_number)
{
    uint8_t count[16] = {0}; /* numbers 0..TILESET_MAX_NUMBER */
    unsigned shown = 0, all = (1u << s->end_count) - 1;
    for (unsigned started = s->end_started & all; started; started &= started - 1) {
        int e = __builtin_ctz(started), number = s->end_number[e];
        count[number] += (uint8_t)(1 + (s->end_double >> e & 1));
        shown |= 1u << number;
    }
    if ((s->end_started & all) != all) {
        count[s->opening_number] += 2;
        shown |= 1u << s->opening_number;
    }
    if (rules->combination_scope == BERGEN_SCOPE_NEW_END_ONLY)
        return combination_of(count[new_number]);
    int points = 0; /* all_exposed: every combination on the table, old ones too (A3, A4) */
    for (; shown; shown &= shown - 1)
        points += combination_of(count[__builtin_ctz(shown)]);
    return points;
}

int bergen_near_goal(int near_goal, int points, int distance) { return near_goal_points(near_goal, points, distance); }

int bergen_layout_points(const bergen_rules_t *rules, const bergen_state_t *s, int new_number)
{
    if (rules->scoring == BERGEN_SCORING_HEADERS) return layout_points(rules, s, new_number);
    return bergen_combination_points(rules, s, new_number); /* from the ends alone: a state a test wrote */
}

/* ------------------------------------------------------------------ block and lightest hand */

/* Index of the unique seat among `candidates` (bit mask) minimising key(seat), or -1 on a tie. */
static int unique_minimum(int seats, unsigned candidates, const bergen_hand_facts_t *facts, int which)
{
    int best = -1, best_key = INT_MAX, ties = 0;
    for (int seat = 0; seat < seats; seat++) {
        if (!(candidates >> seat & 1)) continue;
        int key = which == 0 ? facts[seat].pips : which == 1 ? facts[seat].tiles
                : which == 2 ? facts[seat].doubles : facts[seat].lowest_double;
        if (key < best_key) {
            best_key = key;
            best = seat;
            ties = 0;
        } else if (key == best_key) {
            ties++;
        }
    }
    return ties ? -1 : best;
}
enum { KEY_PIPS, KEY_TILES, KEY_DOUBLES, KEY_LOWEST_DOUBLE };

static int american_winner(int rule_c, int seats, const bergen_hand_facts_t *facts)
{
    unsigned everyone = (1u << seats) - 1, with_double = 0;
    for (int seat = 0; seat < seats; seat++)
        if (facts[seat].doubles > 0) with_double |= 1u << seat;
    unsigned without_double = everyone & ~with_double;
    int holders = __builtin_popcount(with_double), non_holders = __builtin_popcount(without_double);
    if (non_holders == 1) return __builtin_ctz(without_double);             /* a */
    if (holders == 0) return unique_minimum(seats, everyone, facts, KEY_PIPS); /* b: a tie stops */
    int winner = -1;
    if (rule_c == BERGEN_AMERICAN_LITERAL && holders >= 2) /* c, literal: fewest tiles among all */
        winner = unique_minimum(seats, everyone, facts, KEY_TILES);
    else if (rule_c == BERGEN_AMERICAN_NO_DOUBLE_PLAYERS && non_holders >= 2)
        winner = unique_minimum(seats, without_double, facts, KEY_TILES);
    if (winner >= 0) return winner;
    if (holders == seats) return unique_minimum(seats, everyone, facts, KEY_LOWEST_DOUBLE); /* d */
    return -1; /* e (A5) */
}

static int german_winner(int scope, int seats, const bergen_hand_facts_t *facts)
{
    unsigned everyone = (1u << seats) - 1, tied = 0;
    int winner = unique_minimum(seats, everyone, facts, KEY_DOUBLES); /* a/b */
    if (winner >= 0) return winner;
    int fewest = INT_MAX;
    for (int seat = 0; seat < seats; seat++)
        if (facts[seat].doubles < fewest) fewest = facts[seat].doubles;
    for (int seat = 0; seat < seats; seat++)
        if (facts[seat].doubles == fewest) tied |= 1u << seat;
    return unique_minimum(seats, scope == BERGEN_GERMAN_TIED ? tied : everyone, facts, KEY_PIPS); /* c, A6 */
}

/* R21: the block methods; a method that names nobody gives no award (A7). */
int bergen_block_winner(int block_method, int american_rule_c, int german_rule_c_scope, int seats,
                        const bergen_hand_facts_t *facts)
{
    switch (block_method) {
    case BERGEN_BLOCK_AMERICAN: return american_winner(american_rule_c, seats, facts);
    case BERGEN_BLOCK_GERMAN: return german_winner(german_rule_c_scope, seats, facts);
    default: return unique_minimum(seats, (1u << seats) - 1, facts, KEY_PIPS); /* simple; A7 */
    }
}

int bergen_lightest_hands(int lightest_tie, int seats, const bergen_hand_facts_t *facts, int went_out, bool *winners)
{
    memset(winners, 0, sizeof(bool) * (size_t)seats);
    if (went_out >= 0) { /* R20, A13: no tiles beats even [0-0] */
        winners[went_out] = true;
        return 1;
    }
    int fewest = INT_MAX, count = 0;
    for (int seat = 0; seat < seats; seat++)
        if (facts[seat].pips < fewest) fewest = facts[seat].pips;
    for (int seat = 0; seat < seats; seat++)
        if (facts[seat].pips == fewest) count++;
    if (count > 1 && lightest_tie == BERGEN_TIE_NONE) return 0;
    for (int seat = 0; seat < seats; seat++) winners[seat] = facts[seat].pips == fewest;
    return count;
}
