/* bingo_options.c - the option table of Bingo (bingo.md §2), its one preset, and the rules
 * made from a configuration. Every option settles an ambiguity of §4 (A3..A16); no
 * combination of them is invalid.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bingo/bingo.h"

static const char *const symbols_trick_leader[] = {"winner", "alternate", NULL};
static const char *const symbols_close_timing[] = {"before_lead", "any_own_turn", NULL};
static const char *const symbols_hand_end[] = {"stop_at_70", "play_out", NULL};
static const char *const symbols_opponent_70[] = {"ignored", "ends_hand", NULL};
static const char *const symbols_meld_reuse[] = {"no_reuse", "unrestricted", NULL};
static const char *const symbols_capture_point[] = {"always", "if_hand_won", NULL};

enum { TARGET_LIMIT = 1000000 };
static const int zero_trump_values[] = {28, 14, OPTION_END_OF_LIST};
static const int players_values[] = {BINGO_SEATS, OPTION_END_OF_LIST};

const option_spec_t bingo_options[BI_OPTION_COUNT] = {
    [BI_RANK_BLANK_AS_SEVEN] = {"rank_blank_as_seven", OPTION_BOOL, NULL, 0, 1, "false",
                                "a 0 side counts 7 when comparing tiles in a trick (R8, A4)", NULL},
    [BI_ZERO_TRUMP_BINGO_VALUE] = {"zero_trump_bingo_value", OPTION_INT, NULL, 14, 28, "28",
                                   "points of [0-0] when the trump is 0 (R13, A5)", zero_trump_values},
    [BI_BINGO_IS_TRUMP] = {"bingo_is_trump", OPTION_BOOL, NULL, 0, 1, "false",
                           "[0-0] counts as a trump for following when the trump is not 0 (R5, A6)", NULL},
    [BI_TRICK_LEADER] = {"trick_leader", OPTION_CHOICE, symbols_trick_leader, 0, 0, "winner",
                         "who leads the tricks after the first (R6, A3)", NULL},
    [BI_PLAIN_TILE_MUST_MATCH_TO_WIN] = {"plain_tile_must_match_to_win", OPTION_BOOL, NULL, 0, 1, "false",
                                         "a plain follower showing neither number of a plain lead cannot win (R8, A7)",
                                         NULL},
    [BI_PLAIN_FOLLOW_INCLUDES_TRUMPS] = {"plain_follow_includes_trumps", OPTION_BOOL, NULL, 0, 1, "true",
                                         "closed phase: a trump showing the demanded number follows a plain lead (R12, A8)",
                                         NULL},
    [BI_CLOSE_TIMING] = {"close_timing", OPTION_CHOICE, symbols_close_timing, 0, 0, "before_lead",
                         "when a player may close the stock (R11, A10)", NULL},
    [BI_HAND_END] = {"hand_end", OPTION_CHOICE, symbols_hand_end, 0, 0, "stop_at_70",
                     "whether a hand stops when a player reaches 70 (R16, A11)", NULL},
    [BI_CLOSED_OPPONENT_70] = {"closed_opponent_70", OPTION_CHOICE, symbols_opponent_70, 0, 0, "ignored",
                               "closed hand: whether the opponent reaching 70 first fails the close (R16, A12)", NULL},
    [BI_MELD_REUSE] = {"meld_reuse", OPTION_CHOICE, symbols_meld_reuse, 0, 0, "no_reuse",
                       "whether a double may count in more than one meld a hand (R15, A15)", NULL},
    [BI_BINGO_CAPTURE_POINT] = {"bingo_capture_point", OPTION_CHOICE, symbols_capture_point, 0, 0, "always",
                                "when the game point for capturing the double trump with Bingo is kept (R18, A16)",
                                NULL},
    [BI_TARGET_GAME_POINTS] = {"target_game_points", OPTION_INT, NULL, 1, TARGET_LIMIT, "7",
                               "game points that win the match (R20)", NULL},
    [BI_PLAYERS] = {"players", OPTION_INT, NULL, BINGO_SEATS, BINGO_SEATS, "2",
                    "number of seats (set with --players): always 2 (R1)", players_values},
};

/* §2: preset bingo is every default. */
static const char *const preset_bingo[] = {NULL};
const preset_spec_t bingo_presets[1] = {
    {"bingo", "S003's rules with the resolutions of bingo.md §4 (the only preset)", preset_bingo},
};

int bingo_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size)
{
    bingo_rules_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(error, error_size, "out of memory creating the Bingo rules");
        return -1;
    }
    const int *v = values->value;
    r->values = *values;
    r->rank_blank_as_seven = v[BI_RANK_BLANK_AS_SEVEN];
    r->zero_trump_bingo_value = v[BI_ZERO_TRUMP_BINGO_VALUE];
    r->bingo_is_trump = v[BI_BINGO_IS_TRUMP];
    r->trick_leader = v[BI_TRICK_LEADER];
    r->plain_tile_must_match_to_win = v[BI_PLAIN_TILE_MUST_MATCH_TO_WIN];
    r->plain_follow_includes_trumps = v[BI_PLAIN_FOLLOW_INCLUDES_TRUMPS];
    r->close_timing = v[BI_CLOSE_TIMING];
    r->hand_end = v[BI_HAND_END];
    r->closed_opponent_70 = v[BI_CLOSED_OPPONENT_70];
    r->meld_reuse = v[BI_MELD_REUSE];
    r->bingo_capture_point = v[BI_BINGO_CAPTURE_POINT];
    r->target_game_points = v[BI_TARGET_GAME_POINTS];
    for (int trump = 0; trump <= 6; trump++)
        for (int led = 0; led < BINGO_TILES; led++) {
            r->points[trump][led] = (int16_t)bingo_tile_points(r, trump, led);
            for (int followed = 0; followed < BINGO_TILES; followed++)
                if (followed != led && bingo_follower_wins(r, trump, led, followed))
                    r->beating[trump][led] |= (uint32_t)1 << followed;
        }
    *out = (game_rules_t *)(void *)r;
    return 0;
}

void bingo_rules_destroy(game_rules_t *rules) { free(rules); }
