/* partnership_example.c - the example game of partnership.md §6 (partnership_example.h). */
#include "partnership_example.h"

#include <stdio.h>
#include <string.h>

const char *const partnership_example_deal[4] = {
    "0-5 1-3 1-4 2-2 3-4 4-4 5-6",
    "0-0 0-1 0-6 1-1 1-6 2-3 2-6",
    "0-2 2-4 2-5 3-3 3-6 4-5 4-6",
    "0-3 0-4 1-2 1-5 3-5 5-5 6-6",
};

#define ROUNDS_1_TO_4                                                                                          \
    "1-1 p 1-5>5|1 1-4>5|4 p 4-5>4|4 0-4>0|4 0-5>5|4 p 2-5>2|4 1-2>1|4 4-4>1|4 0-1>0|4 0-2>2|4 p "
const char *const partnership_example_rounds_1_to_4 = ROUNDS_1_TO_4;
const char *const partnership_example_line_1 = ROUNDS_1_TO_4
    "2-2>2|4 2-6>6|4 3-6>3|4 0-3>0|4 3-4>0|3 2-3>0|2 2-4>0|4 p p 0-0>0|4 4-6>0|6 6-6>0|6 "
    "5-6>0|5 0-6>6|5 p 5-5>6|5 p 1-6>1|5";
const char *const partnership_example_line_2 =
    ROUNDS_1_TO_4 "2-2>2|4 2-6>6|4 4-6>4|4 p 3-4>3|4 2-3>2|4 2-4>4|4 p p p p";

int partnership_example_parse_hand(const char *text, uint8_t *out)
{
    int count = 0, a, b, used;
    while (sscanf(text, " %d-%d%n", &a, &b, &used) == 2) {
        out[count++] = (uint8_t)tileset_index(a, b);
        text += used;
    }
    return count;
}

void partnership_example_game_deal(game_deal_t *deal)
{
    memset(deal, 0, sizeof *deal);
    deal->hand_number = 1;
    deal->seats = PARTNERSHIP_SEATS;
    deal->leader = PARTNERSHIP_EXAMPLE_LEADER;
    for (int seat = 0; seat < PARTNERSHIP_SEATS; seat++)
        deal->hand_size[seat] = partnership_example_parse_hand(partnership_example_deal[seat], deal->hand[seat]);
}

/* The end of `s` on which `tile` leaves the ends x|y, or -1. */
static int end_leaving(const partnership_state_t *s, int tile, int x, int y)
{
    for (int e = 0; e < 2; e++) {
        if (!tileset_shows(tile, s->end_number[e])) continue;
        int after[2] = {s->end_number[0], s->end_number[1]};
        after[e] = tileset_other_side(tile, after[e]);
        if (after[0] == x && after[1] == y) return e;
    }
    return -1;
}

bool partnership_example_move(const partnership_state_t *s, const char *word, game_move_t *move)
{
    int a, b, x, y;
    char side;
    if (strcmp(word, "p") == 0) {
        *move = (game_move_t){GAME_MOVE_PASS, 0, 0, 0};
        return true;
    }
    if (s->table_count == 0) {
        if (sscanf(word, "%d-%d", &a, &b) != 2) return false;
        *move = (game_move_t){GAME_MOVE_PLAY, (uint8_t)tileset_index(a, b), GAME_NO_END, 0};
        return true;
    }
    int end = -1;
    if (sscanf(word, "%d-%d>%d|%d", &a, &b, &x, &y) == 4) end = end_leaving(s, tileset_index(a, b), x, y);
    else if (sscanf(word, "%d-%d:%c", &a, &b, &side) == 3) end = side == 'L' ? 0 : side == 'R' ? 1 : -1;
    if (end < 0) return false;
    *move = (game_move_t){GAME_MOVE_PLAY, (uint8_t)tileset_index(a, b), (uint8_t)end, 0};
    return true;
}
