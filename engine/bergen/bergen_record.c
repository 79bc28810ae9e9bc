/* bergen_record.c - the Bergen family in words: the reasons of its awards and hand ends,
 * its moves as text, and its record lines (docs/record-format.md) for play,
 * draw and pass, written and read back.
 *
 * Moves the family writes no line for (bergen_unwritten_move reads them back):
 *   - keeping a drawn tile (one_per_turn, drawn_tile_must_be_played=false): the next line,
 *     by another seat, shows it;
 *   - the pass of a seat that has drawn the last drawable tile without being able to
 *     place it, when that makes the block: the family finds a block at the start of a
 *     turn (R18), and record-format.md ("Passes at a block") writes no pass for it. Such
 *     a pass is the only one a block can follow at once: any other passer found the same
 *     table at the start of its own turn, where the block would have been found.
 * A record may still hold, before the blocked hand's awards, one pass of each seat that
 * can neither place nor draw (bergen_tolerated_line).
 */
#include <stdio.h>
#include <string.h>

#include "bergen/bergen_internal.h"

const char *const bergen_reason_names[BERGEN_REASON_COUNT] = {
    [BERGEN_REASON_NONE] = "none",
    [BERGEN_REASON_DOMINO] = "domino",
    [BERGEN_REASON_BLOCKED] = "blocked",
    [BERGEN_REASON_BLOCK] = "block",
    [BERGEN_REASON_LIGHTEST_HAND] = "lightest_hand",
    [BERGEN_REASON_DEDUCTION] = "deduction",
    [BERGEN_REASON_TARGET_REACHED] = "target_reached",
    [BERGEN_REASON_REDEAL] = "redeal",
};

const char *const bergen_reason_words[BERGEN_REASON_COUNT] = {
    [BERGEN_REASON_NONE] = "none",
    [BERGEN_REASON_DOMINO] = "went out",
    [BERGEN_REASON_BLOCKED] = "blocked",
    [BERGEN_REASON_BLOCK] = "won the block",
    [BERGEN_REASON_LIGHTEST_HAND] = "lightest hand",
    [BERGEN_REASON_DEDUCTION] = "tiles left in hand",
    [BERGEN_REASON_TARGET_REACHED] = "target reached",
    [BERGEN_REASON_REDEAL] = "dealt again",
};

/* record-format.md, "Pinned details": the reason words of the family's records. */
const char *const bergen_award_words[] = {"domino", "block", "lightest_hand", "deduction", NULL};
const char *const bergen_hand_end_words[] = {"domino", "blocked", "redeal", "target_reached", NULL};

void bergen_move_text(game_move_t move, char *out, size_t out_size)
{
    switch (move.kind) {
    case GAME_MOVE_PLAY: game_placement_text(move, out, out_size); break;
    case GAME_MOVE_DRAW: snprintf(out, out_size, "draw"); break;
    case GAME_MOVE_PASS: snprintf(out, out_size, "pass"); break;
    case GAME_MOVE_END_TURN: snprintf(out, out_size, "keep the drawn tile"); break;
    default: snprintf(out, out_size, "unknown move %d", move.kind); break;
    }
}

/* ------------------------------------------------------------------ points in words */

/* "6s", "blanks": a number as players count its ends. */
static const char *number_words(int number, char *out, size_t size)
{
    if (number == 0) snprintf(out, size, "blanks");
    else snprintf(out, size, "%ds", number);
    return out;
}

/* R14: the header the ends make, in words; `header` its points before R16. */
static void header_words(const bergen_state_t *s, int header, char *out, size_t size)
{
    static const char *const names[] = {"", "", "double-header", "triple-header", "quadruple-header"};
    int number = s->end_number[0], doubles = header - 2;
    if (s->end_started == 0)
        snprintf(out, size, "double-header: the opening double shows %d at both ends", number);
    else
        snprintf(out, size, "%s: both ends show %d%s", names[header], number,
                 doubles == 1 ? ", one of them the double" : doubles == 2 ? ", both of them doubles" : "");
}

/* DB R12: each combination the placement scores, in words ("three 6s (3) + a pair of 2s
 * (2)"); `exposed` is the number it showed, the only one counted with new_end_only. */
static void combination_words(const bergen_state_t *s, int exposed, char *out, size_t size)
{
    static const char *const counts[] = {"", "", "a pair of", "three", "four", "five", "six", "seven", "eight"};
    const bergen_exposures_t *x = &s->exposures;
    bool bare_arm = (s->end_started & ((1u << s->end_count) - 1)) != (1u << s->end_count) - 1;
    bool only_exposed = s->rules->combination_scope == BERGEN_SCOPE_NEW_END_ONLY;
    size_t used = 0;
    out[0] = '\0';
    for (int number = 0; number <= TILESET_MAX_NUMBER; number++) {
        int count = x->count[number];
        if (count < 2 || (only_exposed && number != exposed)) continue;
        char name[16];
        const char *how = count < (int)(sizeof counts / sizeof counts[0]) ? counts[count] : "many";
        size_t room = used < size ? size - used : 0;
        const char *plus = used ? " + " : "";
        if (bare_arm && number == s->opening_number && count == 2) /* A2: the open spinner alone */
            used += (size_t)snprintf(out + used, room, "%sthe spinner %d-%d, an arm still bare (2)", plus, number, number);
        else
            used += (size_t)snprintf(out + used, room, "%s%s %s%s (%d)", plus, how, number_words(number, name, sizeof name),
                                     bare_arm && number == s->opening_number ? ", the spinner's two among them" : "",
                                     count);
    }
}

/* What an award of the family is for (R19, R20, DB R14). */
static void award_words(const bergen_state_t *s, const game_event_t *event, char *out, size_t size)
{
    switch (event->reason) {
    case BERGEN_REASON_LIGHTEST_HAND: snprintf(out, size, "lightest hand: the fewest pips left"); break;
    case BERGEN_REASON_DEDUCTION: {
        int each = s->rules->deduction_per_tile, tiles = s->hand_count[event->seat];
        int used = snprintf(out, size, "%d tile%s left in hand, %d point%s off for each", tiles, tiles == 1 ? "" : "s",
                            each, each == 1 ? "" : "s");
        if (event->points != -each * tiles && used >= 0 && (size_t)used < size) /* score_floor=zero */
            snprintf(out + used, size - (size_t)used, "; the score stops at 0");
        break;
    }
    default: out[0] = '\0'; break;
    }
}

void bergen_points_words(const void *state, const game_event_t *event, char *out, size_t out_size)
{
    const bergen_state_t *s = state;
    out[0] = '\0';
    if (event->kind == GAME_EVENT_AWARD) award_words(s, event, out, out_size);
    if (event->kind != GAME_EVENT_PLAY || event->points == 0) return;
    int exposed = event->end == GAME_NO_END ? s->opening_number : s->end_number[event->end];
    int full = bergen_layout_points(s->rules, s, exposed); /* what the rules gave, before R16 */
    if (s->rules->scoring == BERGEN_SCORING_HEADERS) header_words(s, full, out, out_size);
    else combination_words(s, exposed, out, out_size);
    size_t used = strlen(out);
    if (event->points < full && used < out_size) /* R16, DB R13 */
        snprintf(out + used, out_size - used, "; cut from %d to %d near the target", full, event->points);
}

int bergen_event_line(const void *state, const game_event_t *event, game_line_t *line)
{
    const bergen_state_t *s = state;
    switch (event->kind) {
    case GAME_EVENT_PLAY:
        game_line_play(line, s->hand_number, event);
        return 0;
    case GAME_EVENT_DRAW:
        game_line_draw(line, s->hand_number, event);
        return 0;
    case GAME_EVENT_PASS:
        if (s->status != GAME_IN_HAND && s->end_reason == BERGEN_REASON_BLOCKED) return 1; /* a pass into the block */
        game_line_pass(line, s->hand_number, event);
        return 0;
    default: return -1;
    }
}

/* The tile of a play line, checked against the set. */
static int read_tile(const bergen_state_t *s, const game_line_t *line, int *tile, char *error, size_t error_size)
{
    const game_line_field_t *field = game_line_find(line, "tile");
    char name[TILESET_TILE_NAME_SIZE];
    if (!field) {
        snprintf(error, error_size, "play: missing field \"tile\"");
        return -1;
    }
    if (field->kind == GAME_VALUE_TILE && field->number < s->rules->tile_count) {
        *tile = field->number;
        return 0;
    }
    const char *text = field->kind == GAME_VALUE_TILE ? tileset_tile_name(field->number, name)
                       : field->kind == GAME_VALUE_WORD ? field->word
                                                        : "(not a string)";
    snprintf(error, error_size, "play: bad tile \"%s\" in field \"tile\" (the set goes up to %d)", text,
             s->rules->set_max);
    return -1;
}

int bergen_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size)
{
    const bergen_state_t *s = state;
    int seat;
    memset(out, 0, sizeof *out);
    out->end = GAME_NO_END;
    if (game_line_is(line, "draw")) out->kind = GAME_MOVE_DRAW;
    else if (game_line_is(line, "pass")) out->kind = GAME_MOVE_PASS;
    else if (game_line_is(line, "play")) out->kind = GAME_MOVE_PLAY;
    else return 0;
    if (!game_line_get_int(line, "seat", &seat) || seat != s->to_move) return 0;
    if (out->kind != GAME_MOVE_PLAY) {
        out->end = 0; /* the move as legal_moves writes it */
        return 1;
    }
    int tile;
    if (read_tile(s, line, &tile, error, error_size)) return -1;
    out->tile = (uint8_t)tile;
    const game_line_field_t *end = game_line_find(line, "end");
    if (!end) return 1; /* the lead */
    if (end->kind != GAME_VALUE_INT || end->number < 0 || end->number >= GAME_NO_END) {
        snprintf(error, error_size, "play: field \"end\" must be an integer from 0 to %d", GAME_NO_END - 1);
        return -1;
    }
    out->end = (uint8_t)end->number;
    return 1;
}

int bergen_unwritten_move(const void *state, const game_line_t *next, game_move_t *out)
{
    const bergen_state_t *s = state;
    game_move_t legal[GAME_MAX_MOVES];
    int seat = -1;
    if (s->status != GAME_IN_HAND) return 0;
    game_line_get_int(next, "seat", &seat);
    int count = bergen_game.legal_moves(state, legal);
    if (count == 1 && legal[0].kind == GAME_MOVE_PASS && bergen_passes_into_block(s)) { /* a pass into the block */
        *out = legal[0];
        return 1;
    }
    if (s->phase != BERGEN_PHASE_PLAY_DRAWN || !s->rules->may_keep_drawn || s->opening_number < 0) return 0;
    if (game_line_is(next, "play") && seat == s->to_move) return 0; /* he places the drawn tile */
    *out = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
    return 1;
}

bool bergen_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending)
{
    const bergen_state_t *s = state;
    int seat;
    if (s->status == GAME_IN_HAND || s->end_reason != BERGEN_REASON_BLOCKED) return false;
    if (!game_line_is(line, "pass") || !game_line_get_int(line, "seat", &seat) || seat < 0 || seat >= s->seats)
        return false;
    /* Only before the awards: once one is read, the hand's end has begun. */
    return game_line_is(ending, "award") || game_line_is(ending, "hand_end");
}
