/* partnership_options.c - the option table of Partnership dominoes (partnership.md §2),
 * its presets (§3), and the rules made from a configuration, with the invalid
 * combinations of §2 refused.
 */
#include <stdio.h>
#include <stdlib.h>

#include "partnership/partnership_internal.h"

/* ------------------------------------------------------------------ options (§2) */

static const char *const symbols_first_leader[] = {"holder_66", "draw_highest", NULL};
static const char *const symbols_next_starter[] = {"rotate", "winner_leads", "winning_team_choice",
                                                   "holder_66_each_hand", NULL};
static const char *const symbols_lead_double[] = {"none", "starter_if_held", "team_if_held", NULL};
static const char *const symbols_redeal_mode[] = {"optional", "mandatory", NULL};
static const char *const symbols_block_winner[] = {"team_fewer_pips", "blocker_or_next_fewer", "blocker",
                                                   "next_after_blocker", NULL};
static const char *const symbols_block_tie[] = {"no_score", "replay", "starting_team_wins", "more_tiles_wins",
                                                "last_player_team_loses", "last_player_team_wins", NULL};
static const char *const symbols_scoring[] = {"pips", "penalty_own_pips", "milo", "hands_won", NULL};
static const char *const symbols_rounding[] = {"none", "div10_min1", "floor10", NULL};
static const char *const symbols_bonus_basis[] = {"hand_index", "domino_win_index", NULL};
static const char *const symbols_chuchazo[] = {"any_zero_end", "one_zero_end", NULL};
static const char *const symbols_shortfall[] = {"draw", "win", NULL};

/* Award points travel in an int16 event field; a match total stays far below INT32_MAX. */
enum { BONUS_LIMIT = 10000, TARGET_LIMIT = 1000000 };
static const int redeal_values[] = {0, 4, 5, 7, OPTION_END_OF_LIST};
static const int double_blank_values[] = {0, 50, OPTION_END_OF_LIST};
static const int players_values[] = {PARTNERSHIP_SEATS, OPTION_END_OF_LIST};

const option_spec_t partnership_options[PT_OPTION_COUNT] = {
    [PT_FIRST_HAND_LEADER] = {"first_hand_leader", OPTION_CHOICE, symbols_first_leader, 0, 0, "holder_66",
                              "starter of a match's first hand: the [6-6] holder leading it, or a draw (R3)", NULL},
    [PT_NEXT_HAND_STARTER] = {"next_hand_starter", OPTION_CHOICE, symbols_next_starter, 0, 0, "rotate",
                              "starter of hands 2, 3, ... (R6)", NULL},
    [PT_LEAD_DOUBLE_RULE] = {"lead_double_rule", OPTION_CHOICE, symbols_lead_double, 0, 0, "none",
                             "whether a free lead must be a double (R7)", NULL},
    [PT_ALLOW_LEAD_TO_PARTNER] = {"allow_lead_to_partner", OPTION_BOOL, NULL, 0, 1, "false",
                                  "the starter may hand the lead to his partner (R8)", NULL},
    [PT_REDEAL_MIN_DOUBLES] = {"redeal_min_doubles", OPTION_INT, NULL, 0, 7, "0",
                               "doubles in one hand that trigger a redeal; 0: never (R2)", redeal_values},
    [PT_REDEAL_MODE] = {"redeal_mode", OPTION_CHOICE, symbols_redeal_mode, 0, 0, "optional",
                        "the holder may demand a redeal, or it is automatic (R2)", NULL},
    [PT_BLOCK_WINNER_RULE] = {"block_winner_rule", OPTION_CHOICE, symbols_block_winner, 0, 0, "team_fewer_pips",
                              "who wins a blocked hand (R13)", NULL},
    [PT_BLOCK_TIE_RULE] = {"block_tie_rule", OPTION_CHOICE, symbols_block_tie, 0, 0, "no_score",
                           "what a tied block does (R14)", NULL},
    [PT_COUNT_ALL_HANDS] = {"count_all_hands", OPTION_BOOL, NULL, 0, 1, "false",
                            "winners score the pips of all four hands, not only the losers' (R15)", NULL},
    [PT_SCORING_MODE] = {"scoring_mode", OPTION_CHOICE, symbols_scoring, 0, 0, "pips",
                         "what a hand is worth (R15)", NULL},
    [PT_SCORE_ROUNDING] = {"score_rounding", OPTION_CHOICE, symbols_rounding, 0, 0, "none",
                           "rounding of the pip score (R17)", NULL},
    [PT_DOUBLE_BLANK_VALUE] = {"double_blank_value", OPTION_INT, NULL, 0, 50, "0",
                               "pips of [0-0] wherever pips are counted (R12)", double_blank_values},
    [PT_PASS_BONUS_FIRST] = {"pass_bonus_first", OPTION_INT, NULL, 0, BONUS_LIMIT, "0",
                             "bonus for the first forced pass of a hand; 0: off (R18)", NULL},
    [PT_PASS_BONUS_NEXT] = {"pass_bonus_next", OPTION_INT, NULL, 0, BONUS_LIMIT, "0",
                            "bonus for each later forced pass (R18)", NULL},
    [PT_HAND_BONUSES] = {"hand_bonuses", OPTION_INT_LIST, NULL, 0, BONUS_LIMIT, "[]",
                         "bonus for the winners of the 1st, 2nd, ... hand (R19)", NULL},
    [PT_HAND_BONUS_BASIS] = {"hand_bonus_basis", OPTION_CHOICE, symbols_bonus_basis, 0, 0, "hand_index",
                             "what 1st, 2nd, ... counts: hands, or hands won by domino (R19, A11)", NULL},
    [PT_CAPICU_BONUS] = {"capicu_bonus", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "0",
                         "last tile a non-double fitting both ends (R20)", NULL},
    [PT_CAPICU_DISTINCT_ENDS] = {"capicu_distinct_ends", OPTION_BOOL, NULL, 0, 1, "false",
                                 "capicu needs the two ends to differ (R20, A12)", NULL},
    [PT_CHUCHAZO_BONUS] = {"chuchazo_bonus", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "0",
                           "going out with [0-0] (R20)", NULL},
    [PT_CHUCHAZO_RULE] = {"chuchazo_rule", OPTION_CHOICE, symbols_chuchazo, 0, 0, "any_zero_end",
                          "chuchazo on one or both zero ends, or exactly one (R20, A14)", NULL},
    [PT_DOMINAO_BONUS] = {"dominao_bonus", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "0",
                          "going out with a double fitting both ends, not [0-0] (R20, A13)", NULL},
    [PT_MILO_DOMINO_POINTS] = {"milo_domino_points", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "1",
                               "milo: a domino (R15)", NULL},
    [PT_MILO_POINTS] = {"milo_points", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "2",
                        "milo: a domino leaving both ends alike (R15)", NULL},
    [PT_MILO_BLOCK_POINTS] = {"milo_block_points", OPTION_INT, NULL, -BONUS_LIMIT, BONUS_LIMIT, "1",
                              "milo: a won block (R15)", NULL},
    [PT_TARGET] = {"target", OPTION_INT, NULL, 1, TARGET_LIMIT, "100",
                   "match target for pips, penalty_own_pips and milo (R21, R22)", NULL},
    [PT_HANDS_TO_WIN] = {"hands_to_win", OPTION_INT, NULL, 1, TARGET_LIMIT, "10",
                         "hands_won: won hands that end the match (R23)", NULL},
    [PT_MIN_OPPONENT_WINS] = {"min_opponent_wins", OPTION_INT, NULL, 0, TARGET_LIMIT, "5",
                              "hands_won: wins the loser needs for the match not to be short (R23)", NULL},
    [PT_SHORTFALL_RESULT] = {"shortfall_result", OPTION_CHOICE, symbols_shortfall, 0, 0, "draw",
                             "hands_won: result when the loser is short of min_opponent_wins (R23, A18)", NULL},
    [PT_PLAYERS] = {"players", OPTION_INT, NULL, PARTNERSHIP_SEATS, PARTNERSHIP_SEATS, "4",
                    "number of seats (set with --players): always 4, in two teams (§1)", players_values},
};

/* §3. Options the table leaves blank ("—") keep their defaults. */
static const char *const preset_partnership[] = {NULL};
static const char *const preset_doscientos[] = {"next_hand_starter=winner_leads", "count_all_hands=true",
                                                "target=200", NULL};
static const char *const preset_doscientos_pases[] = {
    "next_hand_starter=winner_leads", "count_all_hands=true", "score_rounding=floor10", "pass_bonus_first=20",
    "pass_bonus_next=10", "target=200", NULL};
static const char *const preset_quinientos[] = {
    "next_hand_starter=winner_leads", "count_all_hands=true", "hand_bonuses=[100,75,50,25]",
    "hand_bonus_basis=hand_index", "capicu_bonus=100", "capicu_distinct_ends=false", "chuchazo_bonus=100",
    "chuchazo_rule=any_zero_end", "target=500", NULL};
static const char *const preset_milo[] = {"scoring_mode=milo", "milo_domino_points=1", "milo_points=2",
                                          "milo_block_points=1", "target=5", NULL};
static const char *const preset_south_american[] = {
    "redeal_min_doubles=5", "redeal_mode=mandatory", "scoring_mode=hands_won", "hands_to_win=10",
    "min_opponent_wins=5", "shortfall_result=draw", NULL};
static const char *const preset_great_lakes[] = {"count_all_hands=true", "target=51", NULL};

const preset_spec_t partnership_presets[PT_PRESET_COUNT] = {
    {"partnership", "the base game (S002): [6-6] leads hand 1, rotation, losers' pips to 100", preset_partnership},
    {"doscientos", "Doscientos: winner leads, all four hands count, target 200", preset_doscientos},
    {"doscientos_pases", "Doscientos with pass bonuses 20/10 and the pip score floored to tens",
     preset_doscientos_pases},
    {"quinientos", "Quinientos: Doscientos with hand bonuses 100/75/50/25, capicu and chuchazo, target 500",
     preset_quinientos},
    {"milo", "Milo: 1 a domino, 2 with both ends alike, 1 a won block, target 5", preset_milo},
    {"south_american", "South American: ten won hands, redeal on 5 doubles", preset_south_american},
    {"great_lakes", "Great Lakes: all four hands count, target 51", preset_great_lakes},
};

/* ------------------------------------------------------------------ rules */

static int reject(char *error, size_t error_size, const char *message)
{
    snprintf(error, error_size, "%s", message);
    return -1;
}

/* A bonus is on when it is not 0: for the list, when one of its items is not 0; a
 * rounding is on when it is not `none` (index 0). */
static bool option_is_set(const option_values_t *values, int key)
{
    if (partnership_options[key].kind != OPTION_INT_LIST) return values->value[key] != 0;
    for (int k = 0; k < values->value[key]; k++)
        if (values->items[key][k] != 0) return true;
    return false;
}

/* The invalid combinations of §2: milo and hands_won count no pips, so nothing may be
 * added to pips or rounded there. */
static int check_combinations(const partnership_rules_t *r, const option_values_t *values, char *error,
                              size_t error_size)
{
    if (r->scoring_mode != PT_SCORING_MILO && r->scoring_mode != PT_SCORING_HANDS_WON) return 0;
    const char *mode = r->scoring_mode == PT_SCORING_MILO ? "milo" : "hands_won";
    static const int bonus_keys[] = {PT_PASS_BONUS_FIRST, PT_PASS_BONUS_NEXT, PT_HAND_BONUSES, PT_CAPICU_BONUS,
                                     PT_CHUCHAZO_BONUS, PT_DOMINAO_BONUS, PT_SCORE_ROUNDING};
    for (size_t k = 0; k < sizeof bonus_keys / sizeof bonus_keys[0]; k++) {
        int key = bonus_keys[k];
        if (!option_is_set(values, key)) continue;
        char text[OPTIONS_ERROR_SIZE], message[2 * OPTIONS_ERROR_SIZE];
        const char *value = options_format_value(partnership_options, key, values, text, sizeof text);
        snprintf(message, sizeof message,
                 "invalid combination: %s=%s with scoring_mode=%s (that mode counts no pips; §2)",
                 partnership_options[key].key, value, mode);
        return reject(error, error_size, message);
    }
    return 0;
}

int partnership_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size)
{
    partnership_rules_t *r = calloc(1, sizeof *r);
    if (!r) return reject(error, error_size, "out of memory creating the Partnership rules");
    const int *v = values->value;
    r->values = *values;
    r->first_hand_leader = v[PT_FIRST_HAND_LEADER];
    r->next_hand_starter = v[PT_NEXT_HAND_STARTER];
    r->lead_double_rule = v[PT_LEAD_DOUBLE_RULE];
    r->allow_lead_to_partner = v[PT_ALLOW_LEAD_TO_PARTNER];
    r->redeal_min_doubles = v[PT_REDEAL_MIN_DOUBLES];
    r->redeal_mode = v[PT_REDEAL_MODE];
    r->block_winner_rule = v[PT_BLOCK_WINNER_RULE];
    r->block_tie_rule = v[PT_BLOCK_TIE_RULE];
    r->count_all_hands = v[PT_COUNT_ALL_HANDS];
    r->scoring_mode = v[PT_SCORING_MODE];
    r->score_rounding = v[PT_SCORE_ROUNDING];
    r->double_blank_value = v[PT_DOUBLE_BLANK_VALUE];
    r->pass_bonus_first = v[PT_PASS_BONUS_FIRST];
    r->pass_bonus_next = v[PT_PASS_BONUS_NEXT];
    r->hand_bonus_count = v[PT_HAND_BONUSES];
    for (int k = 0; k < r->hand_bonus_count; k++) r->hand_bonus[k] = values->items[PT_HAND_BONUSES][k];
    r->hand_bonus_basis = v[PT_HAND_BONUS_BASIS];
    r->capicu_bonus = v[PT_CAPICU_BONUS];
    r->capicu_distinct_ends = v[PT_CAPICU_DISTINCT_ENDS];
    r->chuchazo_bonus = v[PT_CHUCHAZO_BONUS];
    r->chuchazo_rule = v[PT_CHUCHAZO_RULE];
    r->dominao_bonus = v[PT_DOMINAO_BONUS];
    r->milo_domino_points = v[PT_MILO_DOMINO_POINTS];
    r->milo_points = v[PT_MILO_POINTS];
    r->milo_block_points = v[PT_MILO_BLOCK_POINTS];
    r->target = v[PT_TARGET];
    r->hands_to_win = v[PT_HANDS_TO_WIN];
    r->min_opponent_wins = v[PT_MIN_OPPONENT_WINS];
    r->shortfall_result = v[PT_SHORTFALL_RESULT];
    if (check_combinations(r, values, error, error_size)) {
        free(r);
        return -1;
    }
    *out = (game_rules_t *)(void *)r;
    return 0;
}

void partnership_rules_destroy(game_rules_t *rules) { free(rules); }
