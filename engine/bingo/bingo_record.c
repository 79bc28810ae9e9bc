/* bingo_record.c - Bingo's words: reasons, move text, and the record's trick-game lines
 * (record-format.md: trump, play, close, trick, meld, draw) written and read.
 */
#include <stdio.h>
#include <string.h>

#include "bingo/bingo.h"

const char *const bingo_reason_names[BI_REASON_COUNT] = {
    [BI_REASON_NONE] = "none",
    [BI_REASON_REACHED_70] = "reached_70",
    [BI_REASON_CLOSED] = "closed",
    [BI_REASON_FAILED_CLOSE] = "failed_close",
    [BI_REASON_GAME_POINTS] = "game_points",
    [BI_REASON_BINGO_CAPTURE] = "bingo_capture",
};

const char *const bingo_reason_words[BI_REASON_COUNT] = {
    [BI_REASON_NONE] = "none",
    [BI_REASON_REACHED_70] = "reached 70",
    [BI_REASON_CLOSED] = "closed and reached 70",
    [BI_REASON_FAILED_CLOSE] = "failed close",
    [BI_REASON_GAME_POINTS] = "game points",
    [BI_REASON_BINGO_CAPTURE] = "Bingo took the double trump",
};

/* record-format.md, "Pinned details": the reason words of the game's records. */
const char *const bingo_award_words[] = {"game_points", "failed_close", "bingo_capture", NULL};
const char *const bingo_hand_end_words[] = {"reached_70", "closed", "failed_close", NULL};

/* A meld in the players' words: the doubles shown, "meld 0-0 4-4 5-5" (R15: the move holds
 * their numbers as bits). */
static void meld_text(unsigned numbers, char *out, size_t out_size)
{
    size_t used = (size_t)snprintf(out, out_size, "meld");
    for (int n = 0; n <= 6 && used < out_size; n++)
        if (numbers >> n & 1) used += (size_t)snprintf(out + used, out_size - used, " %d-%d", n, n);
}

void bingo_move_text(game_move_t move, char *out, size_t out_size)
{
    char tile[TILESET_TILE_NAME_SIZE];
    switch (move.kind) {
    case GAME_MOVE_PLAY: snprintf(out, out_size, "play %s", tileset_tile_name(move.tile, tile)); break;
    case GAME_MOVE_CLOSE: snprintf(out, out_size, "close the stock"); break;
    case GAME_MOVE_MELD: meld_text(move.extra, out, out_size); break;
    case GAME_MOVE_END_TURN: snprintf(out, out_size, "show no meld"); break;
    default: snprintf(out, out_size, "unknown move %d", move.kind); break;
    }
}

/* The doubles of a MELD's number bits, lowest first. */
static int meld_tiles(unsigned numbers, uint8_t *out)
{
    int count = 0;
    for (int n = 0; n <= 6; n++)
        if (numbers >> n & 1) out[count++] = (uint8_t)tileset_double_index(n);
    return count;
}

/* R17, R18: what game points were credited for, from the hand just ended. */
void bingo_points_words(const void *state, const game_event_t *event, char *out, size_t out_size)
{
    const bingo_state_t *s = state;
    int seat = event->seat, other = 1 - event->seat;
    out[0] = '\0';
    if (event->kind != GAME_EVENT_AWARD || seat < 0 || seat >= BINGO_SEATS) return;
    switch (event->reason) {
    case BI_REASON_GAME_POINTS:
        if (s->points[seat] >= BINGO_GRAND_POINTS)
            snprintf(out, out_size, "game points: won the hand with %d points, %d or more", s->points[seat], BINGO_GRAND_POINTS);
        else if (s->other_at_70[seat] == 0)
            snprintf(out, out_size, "game points: seat %d had no points when seat %d reached %d", other, seat,
                     BINGO_WIN_POINTS);
        else
            snprintf(out, out_size, "game points: seat %d had %d points (%s) when seat %d reached %d", other,
                     s->other_at_70[seat], s->other_at_70[seat] < BINGO_LOW_POINTS ? "1 to 29" : "30 or more", seat,
                     BINGO_WIN_POINTS);
        break;
    case BI_REASON_FAILED_CLOSE:
        snprintf(out, out_size, "failed close: seat %d closed the stock and did not reach %d", other, BINGO_WIN_POINTS);
        break;
    case BI_REASON_BINGO_CAPTURE:
        snprintf(out, out_size, "Bingo (0-0) took the double trump %d-%d", s->trump, s->trump);
        break;
    default: break;
    }
}

int bingo_event_line(const void *state, const game_event_t *event, game_line_t *line)
{
    const bingo_state_t *s = state;
    uint8_t tiles[BINGO_HAND_SIZE];
    switch (event->kind) {
    case GAME_EVENT_TRUMP:
        game_line_start(line, "trump");
        game_line_int(line, "hand", s->hand_number);
        game_line_tile(line, "tile", event->tile);
        game_line_int(line, "trump", event->end);
        return 0;
    case GAME_EVENT_PLAY: game_line_play(line, s->hand_number, event); return 0;
    case GAME_EVENT_DRAW: game_line_draw(line, s->hand_number, event); return 0;
    case GAME_EVENT_CLOSE:
        game_line_start(line, "close");
        game_line_int(line, "hand", s->hand_number);
        game_line_int(line, "seat", event->seat);
        return 0;
    case GAME_EVENT_TRICK: /* tile: the led tile, end: the followed one, flags: the leader */
        tiles[0] = event->tile;
        tiles[1] = event->end;
        game_line_start(line, "trick");
        game_line_int(line, "hand", s->hand_number);
        game_line_int(line, "leader", event->flags);
        game_line_tiles(line, "tiles", tiles, 2);
        game_line_int(line, "winner", event->seat);
        game_line_int(line, "points", event->points);
        return 0;
    case GAME_EVENT_MELD:
        if (event->tile == 0) return 1; /* a declined meld (END_TURN) writes nothing */
        game_line_start(line, "meld");
        game_line_int(line, "hand", s->hand_number);
        game_line_int(line, "seat", event->seat);
        game_line_tiles(line, "tiles", tiles, meld_tiles(event->tile, tiles));
        game_line_int(line, "points", event->points);
        return 0;
    default: return -1;
    }
}

int bingo_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error, size_t error_size)
{
    const bingo_state_t *s = state;
    int seat;
    memset(out, 0, sizeof *out);
    bool play = game_line_is(line, "play"), close = game_line_is(line, "close"), meld = game_line_is(line, "meld");
    if (!play && !close && !meld) return 0;
    if (!game_line_get_int(line, "seat", &seat) || seat != s->to_move) return 0;
    if (close) {
        out->kind = GAME_MOVE_CLOSE;
        return 1;
    }
    if (meld) { /* the doubles it shows are the rules' (A15); the line's are checked as its event */
        game_move_t moves[GAME_MAX_MOVES];
        if (bingo_legal_moves(s, moves) < 1 || moves[0].kind != GAME_MOVE_MELD) {
            snprintf(error, error_size, "meld: no meld is possible here");
            return -1;
        }
        *out = moves[0];
        return 1;
    }
    const game_line_field_t *tile = game_line_find(line, "tile");
    if (!tile || tile->kind != GAME_VALUE_TILE || tile->number >= BINGO_TILES) {
        snprintf(error, error_size, "play: field \"tile\" must name a tile of the double-six set");
        return -1;
    }
    *out = (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile->number, GAME_NO_END, 0};
    return 1;
}

/* A declined meld writes nothing (record-format.md: the meld line is optional): when a meld
 * may be shown and the next line is not that seat's meld, it was declined. */
int bingo_unwritten_move(const void *state, const game_line_t *next, game_move_t *out)
{
    const bingo_state_t *s = state;
    int seat = -1;
    if (s->status != GAME_IN_HAND || s->phase != BI_PHASE_MELD) return 0;
    if (game_line_is(next, "meld") && game_line_get_int(next, "seat", &seat) && seat == s->to_move) return 0;
    *out = (game_move_t){GAME_MOVE_END_TURN, 0, 0, 0};
    return 1;
}

bool bingo_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending)
{
    (void)state, (void)line, (void)ending;
    return false;
}
