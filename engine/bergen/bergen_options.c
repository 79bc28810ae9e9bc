/* bergen_options.c - the option table of the Bergen family (bergen.md §3), its presets
 * (§4), and the rules made from a configuration: "by_players" and "by_method" resolved,
 * the invalid combinations of §3 refused, and the tables the hot paths read.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bergen/bergen_internal.h"

/* ------------------------------------------------------------------ options (§3) */

static const char *const symbols_by_players[] = {"by_players", NULL};
static const char *const symbols_by_method[] = {"by_method", NULL};
static const char *const symbols_draw_mode[] = {"until_playable", "one_per_turn", NULL};
static const char *const symbols_opener[] = {"lowest_double", "highest_double", "rotating_first_double", NULL};
static const char *const symbols_opening_tile[] = {"qualifying_double", "any_double", NULL};
static const char *const symbols_no_double[] = {"draw_in_turn", "redeal", NULL};
static const char *const symbols_layout[] = {"line", "spinner", NULL};
static const char *const symbols_scoring[] = {"headers", "combinations", NULL};
static const char *const symbols_scope[] = {"all_exposed", "new_end_only", NULL};
static const char *const symbols_near_goal[] = {"none", "pagat", "cap", NULL};
static const char *const symbols_end_award[] = {"winner", "lightest_hand", "tile_deduction", NULL};
static const char *const symbols_block_method[] = {"simple", "american", "german", NULL};
static const char *const symbols_american_c[] = {"literal", "no_double_players", NULL};
static const char *const symbols_german_c[] = {"tied", "all", NULL};
static const char *const symbols_tie[] = {"none", "all", NULL};
static const char *const symbols_floor[] = {"none", "zero", NULL};
static const char *const symbols_win_check[] = {"immediate", "end_of_hand", NULL};
static const char *const symbols_next_starter[] = {"left_of_leader", "left_of_designated", NULL};

enum { POINTS_LIMIT = 1000000 };
static const int set_max_values[] = {6, 9, 12, OPTION_END_OF_LIST};
static const int spinner_arms_values[] = {4, 8, OPTION_END_OF_LIST};

const option_spec_t bergen_options[BERGEN_OPTION_COUNT] = {
    [BERGEN_SET_MAX] = {"set_max", OPTION_INT, NULL, 6, 12, "6", "highest number N of the set (R1, A18)",
                        set_max_values},
    [BERGEN_NUM_SETS] = {"num_sets", OPTION_INT, NULL, 1, 4, "1", "complete sets mixed together (R1)", NULL},
    [BERGEN_PLAYERS] = {"players", OPTION_INT, NULL, 2, GAME_MAX_SEATS, "2",
                        "number of seats (set with --players); more than 4 needs num_sets >= 2", NULL},
    [BERGEN_HAND_SIZE] = {"hand_size", OPTION_INT_OR_CHOICE, symbols_by_players, 1, 60, "by_players",
                          "tiles dealt to each seat; by_players: 6/6/5 for 2/3/4 players (R2)", NULL},
    [BERGEN_STOCK_RESERVE] = {"stock_reserve", OPTION_INT, NULL, 0, 127, "2",
                              "last tiles of the stock that are never drawn (R3)", NULL},
    [BERGEN_DRAW_MODE] = {"draw_mode", OPTION_CHOICE, symbols_draw_mode, 0, 0, "until_playable",
                          "how a player who cannot play draws (R12)", NULL},
    [BERGEN_DRAWN_TILE_MUST_BE_PLAYED] = {"drawn_tile_must_be_played", OPTION_BOOL, NULL, 0, 1, "true",
                                          "one_per_turn: a playable drawn tile must be placed (A12)", NULL},
    [BERGEN_OPENER_RULE] = {"opener_rule", OPTION_CHOICE, symbols_opener, 0, 0, "lowest_double",
                            "who places the first tile of each hand (R4)", NULL},
    [BERGEN_OPENING_TILE] = {"opening_tile", OPTION_CHOICE, symbols_opening_tile, 0, 0, "qualifying_double",
                             "the opener leads the double that made him opener, or any double (R5)", NULL},
    [BERGEN_NO_DOUBLE_RULE] = {"no_double_rule", OPTION_CHOICE, symbols_no_double, 0, 0, "draw_in_turn",
                               "when no hand holds a double (R6)", NULL},
    [BERGEN_LAYOUT] = {"layout", OPTION_CHOICE, symbols_layout, 0, 0, "line",
                       "single line, or the opening double as a spinner (Double Bergen)", NULL},
    [BERGEN_SPINNER_ARMS] = {"spinner_arms", OPTION_INT, NULL, 4, 8, "4", "arms of the spinner (DB R7)",
                           spinner_arms_values},
    [BERGEN_FIRST_DOUBLE_BOTH_SIDES] = {"first_double_both_sides", OPTION_BOOL, NULL, 0, 1, "false",
                                        "both sides of the opening double before any other end (R10)", NULL},
    [BERGEN_SCORING] = {"scoring", OPTION_CHOICE, symbols_scoring, 0, 0, "headers",
                        "headers (R14) or Double Bergen combinations (DB R12)", NULL},
    [BERGEN_COMBINATION_SCOPE] = {"combination_scope", OPTION_CHOICE, symbols_scope, 0, 0, "all_exposed",
                                  "combinations: which exposed combinations the mover scores (DB R12)", NULL},
    [BERGEN_NEAR_GOAL] = {"near_goal", OPTION_CHOICE, symbols_near_goal, 0, 0, "pagat",
                          "reduction of header points near the target (R16)", NULL},
    [BERGEN_END_AWARD] = {"end_award", OPTION_CHOICE, symbols_end_award, 0, 0, "winner",
                          "hand-end scoring (R19, R20, DB R14)", NULL},
    [BERGEN_DOMINO_POINTS] = {"domino_points", OPTION_INT, NULL, -POINTS_LIMIT, POINTS_LIMIT, "2",
                              "points for going out, with end_award=winner (R19)", NULL},
    [BERGEN_BLOCK_METHOD] = {"block_method", OPTION_CHOICE, symbols_block_method, 0, 0, "simple",
                             "who wins a blocked hand (R21)", NULL},
    [BERGEN_BLOCK_POINTS] = {"block_points", OPTION_INT_OR_CHOICE, symbols_by_method, -POINTS_LIMIT, POINTS_LIMIT,
                             "by_method", "points for winning a block; by_method: simple 1, american 2, german 2", NULL},
    [BERGEN_AMERICAN_RULE_C] = {"american_rule_c", OPTION_CHOICE, symbols_american_c, 0, 0, "literal",
                                "reading of step (c) of the American method (A5)", NULL},
    [BERGEN_GERMAN_RULE_C_SCOPE] = {"german_rule_c_scope", OPTION_CHOICE, symbols_german_c, 0, 0, "tied",
                                    "German method (c): fewest pips among the tied players or all (A6)", NULL},
    [BERGEN_LIGHTEST_HAND_POINTS] = {"lightest_hand_points", OPTION_INT, NULL, -POINTS_LIMIT, POINTS_LIMIT, "1",
                                     "points for the lightest hand, with end_award=lightest_hand (R20)", NULL},
    [BERGEN_LIGHTEST_TIE] = {"lightest_tie", OPTION_CHOICE, symbols_tie, 0, 0, "none",
                             "tie for the lightest hand: nobody or every tied player scores (A13)", NULL},
    [BERGEN_DEDUCTION_PER_TILE] = {"deduction_per_tile", OPTION_INT, NULL, -POINTS_LIMIT, POINTS_LIMIT, "1",
                                   "with end_award=tile_deduction: points lost per tile left (DB R14)", NULL},
    [BERGEN_SCORE_FLOOR] = {"score_floor", OPTION_CHOICE, symbols_floor, 0, 0, "none",
                            "whether a score may go below 0", NULL},
    [BERGEN_TARGET] = {"target", OPTION_INT_OR_CHOICE, symbols_by_players, 1, POINTS_LIMIT, "by_players",
                       "match target; by_players: 15 for 2 players, 10 for 3 or more (R23)", NULL},
    [BERGEN_WIN_CHECK] = {"win_check", OPTION_CHOICE, symbols_win_check, 0, 0, "immediate",
                          "when reaching the target ends the match (R24)", NULL},
    [BERGEN_NEXT_DESIGNATED_STARTER] = {"next_designated_starter", OPTION_CHOICE, symbols_next_starter, 0, 0,
                                        "left_of_leader",
                                        "rotating_first_double: designated starter of the next hand (DB R4)", NULL},
};

static const char *const preset_bergen[] = {NULL};
static const char *const preset_bergen_classic[] = {
    "stock_reserve=0", "opener_rule=highest_double", "near_goal=none", "end_award=lightest_hand", "target=15", NULL};
static const char *const preset_double_bergen[] = {
    "opener_rule=rotating_first_double", "opening_tile=any_double", "layout=spinner", "spinner_arms=4",
    "scoring=combinations", "near_goal=none", "end_award=tile_deduction", "target=100", NULL};
static const char *const preset_double_bergen_12[] = {
    "set_max=12", "opener_rule=rotating_first_double", "opening_tile=any_double", "layout=spinner",
    "spinner_arms=8", "scoring=combinations", "near_goal=none", "end_award=tile_deduction", "target=100", NULL};

const preset_spec_t bergen_presets[BERGEN_PRESET_COUNT] = {
    {"bergen", "pagat.com Bergen (S000): lowest double leads, reserve 2, near-goal reduction", preset_bergen},
    {"bergen_classic", "Bergen after S001: highest double leads, draw to empty, lightest hand scores",
     preset_bergen_classic},
};
const preset_spec_t double_bergen_presets[DOUBLE_BERGEN_PRESET_COUNT] = {
    {"double_bergen", "Double Bergen (S004): spinner with 4 arms, combinations, tile deduction, target 100",
     preset_double_bergen},
    {"double_bergen_12", "Double Bergen with a double-twelve set and an 8-armed spinner (S004)",
     preset_double_bergen_12},
};

/* ------------------------------------------------------------------ rules */

static int reject(char *error, size_t error_size, const char *message)
{
    snprintf(error, error_size, "%s", message);
    return -1;
}

/* The most the end of a hand credits one seat (R19-R22): the larger award, or nothing where
 * every award is a loss. A negative deduction per tile credits the tiles left, a number of
 * the hand: no bound is kept. */
static int hand_end_points_max(const bergen_rules_t *r)
{
    int most = 0;
    if (r->end_award == BERGEN_AWARD_WINNER) {
        if (r->domino_points > most) most = r->domino_points;
        if (r->block_points > most) most = r->block_points;
    } else if (r->end_award == BERGEN_AWARD_LIGHTEST_HAND) {
        if (r->lightest_hand_points > most) most = r->lightest_hand_points;
    } else if (r->deduction_per_tile < 0) {
        most = -1;
    }
    return most;
}

/* Resolves by_players / by_method and checks the invalid combinations of §3. */
static int resolve_rules(bergen_rules_t *r, char *error, size_t error_size)
{
    const int *v = r->values.value;
    char message[OPTIONS_ERROR_SIZE];
    r->set_max = v[BERGEN_SET_MAX];
    r->num_sets = v[BERGEN_NUM_SETS];
    r->players = v[BERGEN_PLAYERS];
    r->stock_reserve = v[BERGEN_STOCK_RESERVE];
    r->draw_mode = v[BERGEN_DRAW_MODE];
    r->drawn_tile_must_be_played = v[BERGEN_DRAWN_TILE_MUST_BE_PLAYED];
    r->opener_rule = v[BERGEN_OPENER_RULE];
    r->opening_tile = v[BERGEN_OPENING_TILE];
    r->no_double_rule = v[BERGEN_NO_DOUBLE_RULE];
    r->layout = v[BERGEN_LAYOUT];
    r->spinner_arms = v[BERGEN_SPINNER_ARMS];
    r->first_double_both_sides = v[BERGEN_FIRST_DOUBLE_BOTH_SIDES];
    r->scoring = v[BERGEN_SCORING];
    r->combination_scope = v[BERGEN_COMBINATION_SCOPE];
    r->near_goal = v[BERGEN_NEAR_GOAL];
    r->end_award = v[BERGEN_END_AWARD];
    r->domino_points = v[BERGEN_DOMINO_POINTS];
    r->block_method = v[BERGEN_BLOCK_METHOD];
    r->american_rule_c = v[BERGEN_AMERICAN_RULE_C];
    r->german_rule_c_scope = v[BERGEN_GERMAN_RULE_C_SCOPE];
    r->lightest_hand_points = v[BERGEN_LIGHTEST_HAND_POINTS];
    r->lightest_tie = v[BERGEN_LIGHTEST_TIE];
    r->deduction_per_tile = v[BERGEN_DEDUCTION_PER_TILE];
    r->score_floor = v[BERGEN_SCORE_FLOOR];
    r->win_check = v[BERGEN_WIN_CHECK];
    r->next_designated_starter = v[BERGEN_NEXT_DESIGNATED_STARTER];

    r->tile_count = tileset_tile_count(r->set_max);
    r->physical_count = r->num_sets * r->tile_count;
    if (r->physical_count > TILESET_MAX_BITS) {
        snprintf(message, sizeof message,
                 "invalid combination: num_sets=%d with set_max=%d makes %d tiles; at most %d are supported",
                 r->num_sets, r->set_max, r->physical_count, TILESET_MAX_BITS);
        return reject(error, error_size, message);
    }
    if (r->players > 4 && r->num_sets < 2) {
        snprintf(message, sizeof message, "invalid combination: players=%d needs num_sets >= 2 (R1)", r->players);
        return reject(error, error_size, message);
    }
    if (option_is_symbol(v[BERGEN_HAND_SIZE])) {
        if (r->num_sets >= 2)
            return reject(error, error_size,
                          "invalid combination: num_sets >= 2 needs an integer hand_size (R1, A16)");
        if (r->players < 2 || r->players > 4) {
            snprintf(message, sizeof message,
                     "invalid combination: hand_size=by_players with players=%d (only 2 to 4)", r->players);
            return reject(error, error_size, message);
        }
        r->hand_size = r->players == 4 ? 5 : 6; /* R2 */
    } else {
        r->hand_size = v[BERGEN_HAND_SIZE];
    }
    if (r->layout == BERGEN_LAYOUT_SPINNER && r->scoring == BERGEN_SCORING_HEADERS)
        return reject(error, error_size,
                      "invalid combination: layout=spinner with scoring=headers (headers need a two-ended line)");
    if (r->opener_rule == BERGEN_OPENER_ROTATING && r->opening_tile == BERGEN_OPENING_QUALIFYING)
        return reject(error, error_size,
                      "invalid combination: opener_rule=rotating_first_double with opening_tile=qualifying_double "
                      "(use any_double)");
    if (r->players * r->hand_size + r->stock_reserve > r->physical_count) {
        snprintf(message, sizeof message,
                 "invalid combination: %d players x hand_size %d + stock_reserve %d = %d exceeds the %d tiles",
                 r->players, r->hand_size, r->stock_reserve, r->players * r->hand_size + r->stock_reserve,
                 r->physical_count);
        return reject(error, error_size, message);
    }
    if (option_is_symbol(v[BERGEN_BLOCK_POINTS]))
        r->block_points = r->block_method == BERGEN_BLOCK_SIMPLE ? 1 : 2; /* A4 */
    else
        r->block_points = v[BERGEN_BLOCK_POINTS];
    r->hand_end_points_max = hand_end_points_max(r);
    if (option_is_symbol(v[BERGEN_TARGET]))
        r->target = r->players == 2 ? 15 : 10; /* R23 */
    else
        r->target = v[BERGEN_TARGET];
    r->end_count = r->layout == BERGEN_LAYOUT_LINE ? 2 : r->spinner_arms;
    return 0;
}

/* Physical suit masks: every copy of every tile showing the number. */
static void build_tables(bergen_rules_t *r)
{
    tileset_t one_set = tileset_full(r->set_max);
    for (int number = 0; number <= TILESET_MAX_NUMBER; number++) {
        tileset_t logical = tileset_and(tileset_suit(number), one_set);
        r->physical_suit[number] = tileset_empty();
        for (int copy = 0; copy < r->num_sets; copy++)
            r->physical_suit[number] =
                tileset_or(r->physical_suit[number], tileset_shift_up(logical, copy * r->tile_count));
    }
    tileset_t doubles = tileset_and(tileset_doubles(), one_set);
    r->physical_doubles = tileset_empty();
    for (int copy = 0; copy < r->num_sets; copy++)
        r->physical_doubles = tileset_or(r->physical_doubles, tileset_shift_up(doubles, copy * r->tile_count));
    for (int p = 0; p < r->physical_count; p++) r->logical_of[p] = (uint8_t)(p % r->tile_count);
    r->narrow = r->physical_count <= 64;
    r->plain = r->narrow && r->num_sets == 1;
    r->plain_header_line = r->plain && r->layout == BERGEN_LAYOUT_LINE && r->scoring == BERGEN_SCORING_HEADERS;
    r->plain_combination_spinner =
        r->plain && r->layout == BERGEN_LAYOUT_SPINNER && r->scoring == BERGEN_SCORING_COMBINATIONS;
    r->one_set = one_set;
    r->logical_doubles = doubles;
    r->dealt_count = r->players * r->hand_size;
    r->drawable_end = r->physical_count - r->stock_reserve;
    r->may_keep_drawn = r->draw_mode == BERGEN_DRAW_ONE_PER_TURN && !r->drawn_tile_must_be_played;
}

int bergen_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size)
{
    bergen_rules_t *r = calloc(1, sizeof *r);
    if (!r) return reject(error, error_size, "out of memory creating the Bergen rules");
    r->values = *values;
    if (resolve_rules(r, error, error_size)) {
        free(r);
        return -1;
    }
    build_tables(r);
    *out = (game_rules_t *)(void *)r;
    return 0;
}


void bergen_rules_destroy(game_rules_t *rules) { free(rules); }
