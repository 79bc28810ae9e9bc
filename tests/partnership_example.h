/* partnership_example.h - the example game of partnership.md §6 (International Dominoes),
 * shared by the vectors (played through the game interface) and the record tests (written
 * as a record and read back by replay).
 *
 * A line of play is words: "p" a pass; "a-b" a lead; "a-b>x|y" a placement that leaves the
 * ends x|y (the tables of §6); "a-b:L" / "a-b:R" a placement on end 0 / 1.
 */
#ifndef DOMINOLAB_PARTNERSHIP_EXAMPLE_H
#define DOMINOLAB_PARTNERSHIP_EXAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "partnership/partnership.h"

/* §6: A = 0, B = 1, C = 2, D = 3; B starts (first_hand_leader=draw_highest, leader 1). */
extern const char *const partnership_example_deal[4];
#define PARTNERSHIP_EXAMPLE_LEADER 1
/* §6.1 with the restored row 7 (B's team dominoes), and §6.2 (blocked by C). */
extern const char *const partnership_example_line_1;
extern const char *const partnership_example_line_2;
/* The rounds 1 to 4 both lines share (PT-03 plays the printed line 1 from there). */
extern const char *const partnership_example_rounds_1_to_4;

/* Tiles of "a-b a-b ..." into out; returns how many. */
int partnership_example_parse_hand(const char *text, uint8_t *out);
/* The move `word` names for the seat to move in `s`; false when it names none. */
bool partnership_example_move(const partnership_state_t *s, const char *word, game_move_t *move);
/* The deal of §6 as set_deal takes it, hand 1. */
void partnership_example_game_deal(game_deal_t *deal);

#endif
