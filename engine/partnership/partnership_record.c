/* partnership_record.c - Partnership dominoes in words: the reasons of its awards and hand
 * ends, its moves as text, and its record lines (docs/record-format.md) for play, pass
 * and choice, written and read back.
 *
 * Every move is written, including each pass into a block: the passes of a block are part
 * of the hand (R10), because pass bonuses are paid on them (R18).
 */
#include <stdio.h>
#include <string.h>

#include "partnership/partnership_internal.h"

const char *const partnership_reason_names[PT_REASON_COUNT] = {
    [PT_REASON_NONE] = "none",
    [PT_REASON_DOMINO] = "domino",
    [PT_REASON_BLOCKED] = "blocked",
    [PT_REASON_BLOCK] = "block",
    [PT_REASON_OWN_PIPS] = "own_pips",
    [PT_REASON_MILO] = "milo",
    [PT_REASON_HAND_WON] = "hand_won",
    [PT_REASON_PASS_BONUS] = "pass_bonus",
    [PT_REASON_PASS_BONUS_CANCELLED] = "pass_bonus_cancelled",
    [PT_REASON_HAND_BONUS] = "hand_bonus",
    [PT_REASON_CAPICU] = "capicu",
    [PT_REASON_CHUCHAZO] = "chuchazo",
    [PT_REASON_DOMINAO] = "dominao",
    [PT_REASON_REDEAL] = "redeal",
    [PT_REASON_REPLAY] = "replay",
};

const char *const partnership_reason_words[PT_REASON_COUNT] = {
    [PT_REASON_NONE] = "none",
    [PT_REASON_DOMINO] = "went out",
    [PT_REASON_BLOCKED] = "blocked",
    [PT_REASON_BLOCK] = "won the block",
    [PT_REASON_OWN_PIPS] = "own pips",
    [PT_REASON_MILO] = "Milo",
    [PT_REASON_HAND_WON] = "hand won",
    [PT_REASON_PASS_BONUS] = "pass bonus",
    [PT_REASON_PASS_BONUS_CANCELLED] = "pass bonus taken back",
    [PT_REASON_HAND_BONUS] = "hand bonus",
    [PT_REASON_CAPICU] = "capic\u00fa",
    [PT_REASON_CHUCHAZO] = "chuchazo",
    [PT_REASON_DOMINAO] = "domina\u00f3",
    [PT_REASON_REDEAL] = "dealt again",
    [PT_REASON_REPLAY] = "tied block, played again",
};

/* record-format.md, "Pinned details": the reason words of the game's records. */
const char *const partnership_award_words[] = {"domino",     "milo",       "block",    "own_pips",
                                               "hand_won",   "pass_bonus", "pass_bonus_cancelled",
                                               "hand_bonus", "capicu",     "chuchazo", "dominao",
                                               NULL};
const char *const partnership_hand_end_words[] = {"domino", "blocked", "redeal", "replay", "target_reached", NULL};

/* record-format.md, "Pinned details": the words of choice.decision. */
const char *const partnership_decision_names[PT_DECISION_COUNT] = {
    [PT_DECISION_DEMAND_REDEAL] = "demand_redeal",
    [PT_DECISION_LEAD_TO_PARTNER] = "lead_to_partner",
    [PT_DECISION_STARTER] = "starter",
};

void partnership_move_text(game_move_t move, char *out, size_t out_size)
{
    switch (move.kind) {
    case GAME_MOVE_PLAY: game_placement_text(move, out, out_size); break;
    case GAME_MOVE_PASS: snprintf(out, out_size, "pass"); break;
    case GAME_MOVE_CHOICE:
        if (move.end == PT_DECISION_STARTER)
            snprintf(out, out_size, "name seat %d to start the next hand", move.extra);
        else if (move.end == PT_DECISION_DEMAND_REDEAL)
            snprintf(out, out_size, "%s", move.extra ? "demand a redeal" : "decline a redeal");
        else if (move.end == PT_DECISION_LEAD_TO_PARTNER)
            snprintf(out, out_size, "%s", move.extra ? "hand the lead to the partner" : "keep the lead");
        else
            snprintf(out, out_size, "unknown decision %d", move.end);
        break;
    default: snprintf(out, out_size, "unknown move %d", move.kind); break;
    }
}

/* Whose pips a pip award counts (R15), and whether R17 rounded them. */
static void pip_words(const partnership_rules_t *r, const char *what, char *out, size_t size)
{
    snprintf(out, size, "%s: the pips left in %s%s", what, r->count_all_hands ? "all four hands" : "the losing team's hands",
             r->score_rounding == PT_ROUND_NONE ? "" : ", rounded (R17)");
}

void partnership_points_words(const void *state, const game_event_t *event, char *out, size_t out_size)
{
    const partnership_rules_t *r = ((const partnership_state_t *)state)->rules;
    bool pips = r->scoring_mode == PT_SCORING_PIPS;
    out[0] = '\0';
    if (event->kind != GAME_EVENT_AWARD) return;
    switch (event->reason) {
    case PT_REASON_DOMINO:
        if (pips) pip_words(r, "went out", out, out_size);
        else snprintf(out, out_size, "went out");
        break;
    case PT_REASON_BLOCK:
        if (pips) pip_words(r, "won the blocked hand", out, out_size);
        else snprintf(out, out_size, "won the blocked hand");
        break;
    case PT_REASON_MILO: snprintf(out, out_size, "went out leaving both ends alike (Milo)"); break;
    case PT_REASON_OWN_PIPS: snprintf(out, out_size, "the team's own pips left, counted against it"); break;
    case PT_REASON_HAND_WON: snprintf(out, out_size, "one hand won"); break;
    case PT_REASON_PASS_BONUS: snprintf(out, out_size, "pass bonus: an opponent of the last player could not play"); break;
    case PT_REASON_PASS_BONUS_CANCELLED: snprintf(out, out_size, "pass bonus taken back: the tied hand is played again"); break;
    case PT_REASON_HAND_BONUS: snprintf(out, out_size, "hand bonus for winning this hand by going out (R19)"); break;
    case PT_REASON_CAPICU: snprintf(out, out_size, "capic\u00fa: went out with a tile that fitted both ends"); break;
    case PT_REASON_CHUCHAZO: snprintf(out, out_size, "chuchazo: went out with the double blank"); break;
    case PT_REASON_DOMINAO: snprintf(out, out_size, "domina\u00f3: went out with a double that fitted both ends"); break;
    default: break;
    }
}

int partnership_event_line(const void *state, const game_event_t *event, game_line_t *line)
{
    const partnership_state_t *s = state;
    switch (event->kind) {
    case GAME_EVENT_PLAY:
        game_line_play(line, s->hand_number, event);
        return 0;
    case GAME_EVENT_PASS:
        game_line_pass(line, s->hand_number, event);
        return 0;
    case GAME_EVENT_CHOICE:
        if (event->end >= PT_DECISION_COUNT) return -1;
        game_line_start(line, "choice");
        game_line_int(line, "hand", s->hand_number);
        game_line_int(line, "seat", event->seat);
        game_line_word(line, "decision", partnership_decision_names[event->end]);
        if (event->end == PT_DECISION_STARTER)
            game_line_int(line, "value", event->points);
        else
            game_line_bool(line, "value", event->points != 0);
        return 0;
    default: return -1;
    }
}

static int read_choice(const game_line_t *line, game_move_t *out, char *error, size_t error_size)
{
    const game_line_field_t *decision = game_line_find(line, "decision");
    int which = -1, value;
    if (decision && decision->kind == GAME_VALUE_WORD)
        for (int d = 0; d < PT_DECISION_COUNT; d++)
            if (strcmp(decision->word, partnership_decision_names[d]) == 0) which = d;
    if (which < 0) {
        snprintf(error, error_size,
                 "choice: field \"decision\" must be demand_redeal, lead_to_partner or starter");
        return -1;
    }
    if (!game_line_get_int(line, "value", &value) || value < 0 || value >= PARTNERSHIP_SEATS) {
        snprintf(error, error_size, "choice: field \"value\" must be true, false or a seat");
        return -1;
    }
    *out = (game_move_t){GAME_MOVE_CHOICE, 0, (uint8_t)which, (uint8_t)value};
    return 1;
}

int partnership_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error,
                          size_t error_size)
{
    const partnership_state_t *s = state;
    int seat;
    memset(out, 0, sizeof *out);
    bool play = game_line_is(line, "play"), pass = game_line_is(line, "pass"), choice = game_line_is(line, "choice");
    if (!play && !pass && !choice) return 0;
    if (!game_line_get_int(line, "seat", &seat) || seat != s->to_move) return 0;
    if (pass) {
        out->kind = GAME_MOVE_PASS; /* the move as legal_moves writes it */
        return 1;
    }
    if (choice) return read_choice(line, out, error, error_size);
    out->kind = GAME_MOVE_PLAY;
    out->end = GAME_NO_END;
    const game_line_field_t *tile = game_line_find(line, "tile");
    if (!tile || tile->kind != GAME_VALUE_TILE || tile->number >= PARTNERSHIP_TILES) {
        snprintf(error, error_size, "play: field \"tile\" must name a tile of the double-six set");
        return -1;
    }
    out->tile = (uint8_t)tile->number;
    const game_line_field_t *end = game_line_find(line, "end");
    if (!end) return 1; /* the lead */
    if (end->kind != GAME_VALUE_INT || end->number < 0 || end->number > 1) {
        snprintf(error, error_size, "play: field \"end\" must be 0 or 1");
        return -1;
    }
    out->end = (uint8_t)end->number;
    return 1;
}

/* Every move is written, choices included; record-format.md lets a record leave out a
 * choice line with the default answer (no redeal, keep the lead) and the starter choice,
 * which the next deal's leader tells. The replayer then applies the choice read here and
 * expects no line for it. */
int partnership_unwritten_move(const void *state, const game_line_t *next, game_move_t *out)
{
    const partnership_state_t *s = state;
    int seat = -1;
    if (s->status != GAME_IN_HAND) return 0;
    switch (s->phase) {
    case PT_PHASE_REDEAL_CHOICE:
    case PT_PHASE_LEAD_CHOICE:
        /* The seat's own choice line is its answer, written; any other line stands after
         * the default answer. */
        if (game_line_is(next, "choice") && game_line_get_int(next, "seat", &seat) && seat == s->to_move) return 0;
        int decision = s->phase == PT_PHASE_REDEAL_CHOICE ? PT_DECISION_DEMAND_REDEAL : PT_DECISION_LEAD_TO_PARTNER;
        *out = (game_move_t){GAME_MOVE_CHOICE, 0, (uint8_t)decision, 0};
        return 1;
    case PT_PHASE_STARTER_CHOICE:
        if (!game_line_is(next, "deal") || !game_line_get_int(next, "leader", &seat) || seat < 0 ||
            seat >= PARTNERSHIP_SEATS)
            return 0;
        *out = (game_move_t){GAME_MOVE_CHOICE, 0, PT_DECISION_STARTER, (uint8_t)seat};
        return 1;
    default: return 0;
    }
}

bool partnership_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending)
{
    (void)state, (void)line, (void)ending;
    return false;
}
