/* heuristic.c - the heuristic agent (heuristic.h): each legal move is worth a weighted sum
 * of eight features, read from the mover's observation, public move points and the awards
 * of trial moves on a copy of the state.
 *
 * Features of a move m by seat s (every one is 0 for what it does not concern):
 *   points   move_points(state, s, m): what m scores now.
 *   doubles  + (doubles held after m whose number an end shows after m)
 *            - (doubles held after m whose number is dead: no end shows it and no other tile
 *              of it is unseen or held; such a double can never be placed)
 *            - 1 if m places a double for 0 points while another tile of its number is still
 *              unseen or held (it could make a header later).
 *   suits    the mean over the ends after m of own(n) - opp(n), n the number the end shows:
 *            own(n) the tiles of n held after m, opp(n) the expected tiles of n in the other
 *            hands, sum over seats o of p_o * |unseen & suit(n) & ~lacks(o)|, a partner's
 *            subtracted instead (the team's tiles: play to the partner's number).
 *   deny     - the expected best score of the next seat after m (0 if it is a partner): over
 *            the tiles it may hold (unseen, not known lacking), each scoring
 *            move_points(after m, next, a placement of that tile) at best over the ends, held
 *            with probability p_next, independently.
 *   shed     urgency * pips(tile) / (2 * highest number), urgency from 0 to 1: 1 when an
 *            opponent holds one tile or the stock cannot be drawn from, 0.6 at two tiles, 0.3
 *            at three (or a stock of at most one tile per seat: 0.5). In a team game without
 *            a stock, from the opponents' hands and the hidden tiles that fit the ends
 *            instead: 1 at one or none (a block is near), 0.6 at two, 0.3 at three.
 *   partner, block, bonus   team games only (0 elsewhere, so Bergen plays as before): see
 *            team_features and bonus_feature below.
 * p_o = hand_size(o) / |unseen & ~lacks(o)| (at most 1): the chance seat o holds a given
 * tile it may hold. A move that wins the match outright is worth HEURISTIC_WIN more; a
 * draw or a pass is worth less than every other move (it is never chosen while one is
 * legal); keeping a drawn tile (END_TURN) is valued like a move that leaves the layout as it
 * is and scores nothing.
 *
 * One observation per decision (in a search playout, the one its game keeps up to date:
 * game_chooser_t.observation), then one trial apply per move on the caller's scratch;
 * nothing allocates after the agent's create. A plain decision (only points,
 * suits and the team features weighed, every tile below index 64, no values asked for:
 * the search playouts of Bergen, Double Bergen and Partnership) is valued by a loop of its
 * own that computes just those features, in one pass over the ends, with the same
 * arithmetic. A trick game (Bingo: the game gives capture_points and tiles_beating) is
 * valued by heuristic_trick.c instead.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_kind.h"
#include "heuristic.h"
#include "heuristic_trick.h"

/* Chosen by duplicate-deal simulation against greedy (bergen 2 and 4 players,
 * double_bergen): deny is a sharp optimum in double_bergen; suits lies between Bergen's
 * best and Double Bergen's; positive doubles and shed weights lost, and 0 was as good as
 * any small value. The team weights against the heuristic without them, in Partnership's
 * presets: larger partner weights lost, larger bonus weights gained no more, and bonus
 * gains nothing measurable where capicú is rare (quinientos). docs/agents.md ("heuristic")
 * has what each measured. Keep in step with the defaults of heuristic_params below. */
const heuristic_weights_t heuristic_default_weights = {
    .points = 1.0,
    .doubles = 0.0,
    .suits = 0.6,
    .deny = 1.0,
    .shed = 0.0,
    .partner = 0.3,
    .block = 0.5,
    .bonus = 0.1,
    .save = 10,
    .force = 3,
    .close = 30,
};

static const double HEURISTIC_WIN = 1e6;         /* winning the match now beats any feature */

/* What one decision shares over its moves. The counts of a number are filled the first
 * time a move asks for it (counted): a move's ends show two or three numbers of the seven
 * or more, and search playouts pick at every step. */
typedef struct heuristic_context {
    const game_t *game;
    const void *state;
    const heuristic_weights_t *weights;
    void *scratch;
    const game_observation_t *obs;           /* the seat to move's: the caller's, or observed */
    int seat;
    int max_number;                          /* the highest number a tile in play shows: set
                                                for the shed feature and a plain team decision */
    double urgency;                          /* only when the shed weight is used */
    tileset_t live;                          /* tiles not on the layout: held or unseen */
    tileset_t candidates[GAME_MAX_SEATS];    /* the unseen tiles each seat may hold */
    int holders;                             /* the other seats that may hold a tile, */
    int holder[GAME_MAX_SEATS];              /* in seat order (the general path's), */
    uint64_t holder_word[GAME_MAX_SEATS];    /* each one's candidates' first word, read by a plain
                                                decision without the seat's index, */
    double holder_weight[GAME_MAX_SEATS];    /* each the chance it holds a given tile it may
                                                hold, negated for a partner (count_number) */
    bool narrow;                             /* every tile in play has an index below 64 */
    unsigned counted;                        /* bit n: own, live_count and opp of n are filled */
    int own[TILESET_MAX_NUMBER + 1];         /* held tiles showing n */
    int live_count[TILESET_MAX_NUMBER + 1];  /* live tiles showing n */
    double opp[TILESET_MAX_NUMBER + 1];      /* expected tiles showing n in the other hands */
    int partner;                             /* team games: the partner's seat, else -1 */
    int opened_at;                           /* the game's fact "opened" in obs.facts, -1 none */
    const int16_t *opened;                   /* per seat, the game's fact "opened" (obs.facts), or
                                                no_numbers_opened where the game keeps none */
    unsigned ours, theirs;                   /* numbers the partner, the opponents opened and may hold */
} heuristic_context_t;

/* Whether seats play in teams (Partnership): fewer sides than seats. */
static bool team_game(const game_observation_t *obs) { return obs->sides < obs->seats; }

/* Whether `other` plays for the same side as the mover: a partner in a team game. */
static bool same_side(const game_observation_t *obs, int seat, int other)
{
    return other != seat && obs->side_of_seat[other] == obs->side_of_seat[seat];
}

/* The tiles that fit an end showing one of `number` (-1: no end yet). */
static tileset_t tiles_fitting(const int8_t *number, int count)
{
    tileset_t fitting = tileset_empty();
    for (int e = 0; e < count; e++)
        if (number[e] >= 0) fitting = tileset_or(fitting, tileset_suit(number[e]));
    return fitting;
}

/* Chance that `seat` holds one given tile of `candidates` (the unseen tiles it may hold). */
static double hold_probability(const game_observation_t *obs, int seat, tileset_t candidates)
{
    int size = tileset_size(candidates);
    if (size == 0) return 0;
    double p = (double)obs->hand_size[seat] / size;
    return p < 1 ? p : 1;
}

/* hold_probability for `held` tiles among `size` candidates, `size` at most 64 (every tile
 * in the first word), from a table the compiler computes: the same correctly rounded
 * quotients as the division, whose latency each playout decision waited for
 * (docs/performance.md, "Why the code is shaped so"). 33 KB, of which a
 * game's hand sizes read a few rows. A hand counts copies, so with two sets it may hold
 * more than 64 tiles: it reads row 64, which gives the same (1, or 0 with no candidates). */
#define HOLD_CHANCE(held, size) ((size) == 0 ? 0.0 : (held) >= (size) ? 1.0 : (double)(held) / (size))
#define HOLD_CHANCE_8(held, size)                                                                                      \
    HOLD_CHANCE(held, size), HOLD_CHANCE(held, size + 1), HOLD_CHANCE(held, size + 2), HOLD_CHANCE(held, size + 3),    \
        HOLD_CHANCE(held, size + 4), HOLD_CHANCE(held, size + 5), HOLD_CHANCE(held, size + 6), HOLD_CHANCE(held, size + 7)
#define HOLD_CHANCE_ROW(held)                                                                                          \
    {HOLD_CHANCE_8(held, 0),  HOLD_CHANCE_8(held, 8),  HOLD_CHANCE_8(held, 16), HOLD_CHANCE_8(held, 24),               \
     HOLD_CHANCE_8(held, 32), HOLD_CHANCE_8(held, 40), HOLD_CHANCE_8(held, 48), HOLD_CHANCE_8(held, 56),               \
     HOLD_CHANCE(held, 64)}
#define HOLD_CHANCE_ROWS_8(held)                                                                                       \
    HOLD_CHANCE_ROW(held), HOLD_CHANCE_ROW(held + 1), HOLD_CHANCE_ROW(held + 2), HOLD_CHANCE_ROW(held + 3),            \
        HOLD_CHANCE_ROW(held + 4), HOLD_CHANCE_ROW(held + 5), HOLD_CHANCE_ROW(held + 6), HOLD_CHANCE_ROW(held + 7)
static const double hold_chance[65][65] = {HOLD_CHANCE_ROWS_8(0),  HOLD_CHANCE_ROWS_8(8),  HOLD_CHANCE_ROWS_8(16),
                                           HOLD_CHANCE_ROWS_8(24), HOLD_CHANCE_ROWS_8(32), HOLD_CHANCE_ROWS_8(40),
                                           HOLD_CHANCE_ROWS_8(48), HOLD_CHANCE_ROWS_8(56), HOLD_CHANCE_ROW(64)};

/* hold_probability where every candidate lies in the first word, `candidates`. */
static inline double hold_probability_narrow(const game_observation_t *obs, int seat, uint64_t candidates)
{
    int held = obs->hand_size[seat] < 64 ? obs->hand_size[seat] : 64;
    return hold_chance[held][__builtin_popcountll(candidates)];
}

/* How urgent shedding is, from 0 to 1 (see the top of the file). */
static double shed_urgency(const heuristic_context_t *c)
{
    const game_observation_t *obs = c->obs;
    int fewest = 1 << 30;
    for (int o = 0; o < obs->seats; o++)
        if (o != c->seat && !same_side(obs, c->seat, o) && obs->hand_size[o] < fewest) fewest = obs->hand_size[o];
    double urgency = fewest <= 1 ? 1 : fewest == 2 ? 0.6 : fewest == 3 ? 0.3 : 0;
    if (team_game(obs) && obs->stock_size == 0) {
        /* No stock here, so an empty stock says nothing. A team game blocks when no hidden
         * tile fits the ends, and then the team with fewer pips takes the hand: shed heavy
         * tiles as the fitting tiles run out. */
        tileset_t fitting = obs->table_count > 0 ? tiles_fitting(obs->ends.number, obs->ends.count) : tileset_empty();
        int fit = tileset_size(tileset_and(fitting, obs->unseen));
        double near = obs->table_count == 0 ? 0 : fit <= 1 ? 1 : fit == 2 ? 0.6 : fit == 3 ? 0.3 : 0;
        if (near > urgency) urgency = near;
    } else if (obs->stock_drawable == 0) {
        urgency = 1;
    } else if (obs->stock_drawable <= obs->seats && urgency < 0.5) {
        urgency = 0.5;
    }
    return urgency;
}

/* Who moves and what that seat sees: `told`, where the caller has it (a playout's,
 * game_chooser_t.observation), else observed once into `own`. */
static void observe_decision(heuristic_context_t *c, const game_t *game, const void *state,
                             const heuristic_weights_t *weights, void *scratch, const game_observation_t *told,
                             game_observation_t *own)
{
    c->game = game;
    c->state = state;
    c->weights = weights;
    c->scratch = scratch;
    if (told) {
        c->seat = told->seat;
        c->obs = told;
    } else {
        c->seat = game->to_move(state);
        game->observe(state, c->seat, own); /* a line or a spinner: trick games go to heuristic_trick.c */
        c->obs = own;
    }
    c->counted = 0;
    c->holders = 0;
}

/* What every number's counts need: each other seat's candidate tiles and the chance it
 * holds one of them (negated for a partner: count_number), in seat order. A plain decision
 * sets up its own (prepare_plain_of). */
static void prepare_holders(heuristic_context_t *c)
{
    const game_observation_t *obs = c->obs;
    for (int o = 0; o < obs->seats; o++) {
        if (o == c->seat) continue;
        c->candidates[o] = tileset_minus(obs->unseen, obs->lacks[o]);
        double p = hold_probability(obs, o, c->candidates[o]);
        if (p > 0) {
            c->holder[c->holders] = o;
            c->holder_word[c->holders] = c->candidates[o].w[0];
            c->holder_weight[c->holders++] = same_side(obs, c->seat, o) ? -p : p;
        }
    }
}

/* The highest number a tile in play (held, on the table or unseen) shows, 0 with none.
 * `narrow`: every such tile lies in the first word, which alone is read (see
 * prepare_holders). */
static inline __attribute__((always_inline)) int highest_number_in_play(const game_observation_t *obs, bool narrow)
{
    if (narrow) {
        uint64_t in_play = obs->hand.w[0] | obs->table.w[0] | obs->unseen.w[0];
        return in_play ? tileset_high(63 - __builtin_clzll(in_play)) : 0;
    }
    tileset_t all = tileset_or(tileset_or(obs->hand, obs->table), obs->unseen);
    return tileset_is_empty(all) ? 0 : tileset_high(tileset_highest(all));
}

/* The rest of a decision's set-up for the general path: the live tiles, the holders, and
 * the urgency only where its weight is used. */
static void prepare(heuristic_context_t *c)
{
    const heuristic_weights_t *weights = c->weights;
    const game_observation_t *obs = c->obs;
    c->live = tileset_or(obs->hand, obs->unseen);
    c->narrow = tileset_or(c->live, obs->table).w[1] == 0;
    prepare_holders(c);
    c->max_number = 0;
    c->urgency = 0;
    if (weights->shed != 0) { /* only the shed feature reads these */
        c->max_number = highest_number_in_play(obs, false);
        c->urgency = shed_urgency(c);
    }
}

/* The tiles of both `a` and `b`; `narrow`: both lie in the first word (a set up to
 * double-nine, where the second word's count is always 0). */
static inline int count_common(tileset_t a, tileset_t b, bool narrow)
{
    return tileset_size_narrow(tileset_and_narrow(a, b, narrow), narrow);
}

/* Fills the counts of number n, once per decision: held, live, and expected in the other
 * hands. */
static inline __attribute__((always_inline)) void count_number(heuristic_context_t *c, int n)
{
    if (c->counted >> n & 1) return;
    c->counted |= 1u << n;
    const game_observation_t *obs = c->obs;
    tileset_t suit = tileset_suit(n);
    c->own[n] = count_common(obs->hand, suit, c->narrow);
    c->live_count[n] = count_common(c->live, suit, c->narrow);
    /* A partner's tiles of n are the team's, so they count against the opponents' (play to
     * the partner's number, block the numbers the opponents hold); in Bergen every other
     * seat is an opponent. A negated weight gives the very sum of subtracting p * tiles. */
    double expected = 0;
    for (int k = 0; k < c->holders; k++)
        expected += c->holder_weight[k] * count_common(c->candidates[c->holder[k]], suit, c->narrow);
    c->opp[n] = expected;
}

/* sum / count, count >= 1: by the exact reciprocal where count is 1, 2 or 4 (every line
 * and most spinner turns), which gives the very quotient a division does in a fraction of
 * its time; search playouts take a mean or three for every move of every step. */
static inline double mean_of(double sum, int count)
{
    switch (count) {
    case 1: return sum;
    case 2: return sum * 0.5;
    case 4: return sum * 0.25;
    default: return sum / count;
    }
}

/* The numbers the ends show after `move` (a lead shows its number everywhere). */
static void ends_after(const heuristic_context_t *c, game_move_t move, int8_t *number)
{
    const game_observation_t *obs = c->obs;
    /* every slot at once, one word: a loop over the ends' count was a call to memcpy */
    memcpy(number, obs->ends.number, sizeof obs->ends.number);
    if (move.kind != GAME_MOVE_PLAY) return;
    if (move.end == GAME_NO_END) {
        for (int e = 0; e < obs->ends.count; e++) number[e] = (int8_t)tileset_low(move.tile);
    } else if (move.end < obs->ends.count) {
        number[move.end] = (int8_t)tileset_other_side(move.tile, obs->ends.number[move.end]);
    }
}

/* doubles: see the top of the file. `hand` is the hand after the move. */
static double doubles_feature(heuristic_context_t *c, game_move_t move, int points, tileset_t hand,
                              const int8_t *number)
{
    double value = 0;
    unsigned shown = 0;
    for (int e = 0; e < c->obs->ends.count; e++)
        if (number[e] >= 0) shown |= 1u << number[e];
    int played = move.kind == GAME_MOVE_PLAY ? move.tile : -1;
    tileset_t held = tileset_and(hand, tileset_doubles());
    while (!tileset_is_empty(held)) {
        int d = tileset_low(tileset_pop_lowest(&held));
        count_number(c, d);
        if (shown >> d & 1) value += 1;
        else if (c->live_count[d] - 1 - (played >= 0 && tileset_shows(played, d)) <= 0) value -= 1;
    }
    if (played >= 0 && tileset_is_double(played) && points == 0) {
        count_number(c, tileset_low(played));
        if (c->live_count[tileset_low(played)] > 1) value -= 1;
    }
    return value;
}

/* suits: see the top of the file. */
static double suits_feature(heuristic_context_t *c, game_move_t move, const int8_t *number)
{
    int ends = 0;
    double value = 0;
    for (int e = 0; e < c->obs->ends.count; e++) {
        int n = number[e];
        if (n < 0) continue;
        count_number(c, n);
        int own = c->own[n] - (move.kind == GAME_MOVE_PLAY && tileset_shows(move.tile, n));
        value += own - c->opp[n];
        ends++;
    }
    return ends ? mean_of(value, ends) : 0;
}

/* deny: the expected best placement of the next seat on `after` (the state after the move),
 * assuming it holds each candidate tile independently with probability p. */
static double threat(const heuristic_context_t *c, const void *after, const int8_t *number)
{
    const game_t *game = c->game;
    if (game->status(after) != GAME_IN_HAND) return 0;
    int next = game->to_move(after);
    if (next < 0 || next == c->seat || same_side(c->obs, c->seat, next)) return 0;
    const game_observation_t *obs = c->obs;
    tileset_t candidates = tileset_minus(obs->unseen, obs->lacks[next]);
    double p = hold_probability(obs, next, candidates);
    if (p <= 0) return 0;
    tileset_t fitting = tileset_and(tiles_fitting(number, obs->ends.count), candidates);
    /* Best score per tile, then E[max] over independent tiles: sum over distinct point
     * levels v (descending) of (v - next lower level) * P(some tile scores >= v). */
    int best[TILESET_MAX_TILES];
    int tiles = 0;
    while (!tileset_is_empty(fitting)) {
        int tile = tileset_pop_lowest(&fitting), top = 0;
        for (int e = 0; e < obs->ends.count; e++) {
            if (number[e] < 0 || !tileset_shows(tile, number[e])) continue;
            int points = game->move_points(after, next, (game_move_t){GAME_MOVE_PLAY, (uint8_t)tile, (uint8_t)e, 0});
            if (points > top) top = points;
        }
        if (top > 0) best[tiles++] = top;
    }
    if (tiles == 0) return 0;
    for (int i = 1; i < tiles; i++) /* insertion sort, descending: a handful of tiles */
        for (int j = i; j > 0 && best[j] > best[j - 1]; j--) {
            int t = best[j];
            best[j] = best[j - 1];
            best[j - 1] = t;
        }
    double expected = 0, miss = 1;
    for (int i = 0; i < tiles; i++) {
        miss *= 1 - p;
        int lower = i + 1 < tiles ? best[i + 1] : 0;
        expected += (best[i] - lower) * (1 - miss);
    }
    return expected;
}

/* partner and block (team games; 0 elsewhere): the numbers the ends show after the move,
 * against the numbers each seat has made an end show this hand (a player opens the numbers
 * he holds more of). partner: + per end showing a number the partner opened and has not
 * passed on, - 1 for covering the partner's tile with another number ("not over him");
 * block: - per end showing a number an opponent opened and has not passed on. Both are
 * means over the ends. */
static unsigned numbers_held_by(const heuristic_context_t *c, int seat)
{
    /* Of the numbers he opened, those his candidates show (the unseen tiles he is not known
     * to lack); the others he passed on, or none is left for him. */
    unsigned held = 0;
    unsigned opened = (unsigned)c->opened[seat];
    for (unsigned rest = opened & ((2u << TILESET_MAX_NUMBER) - 1); rest; rest &= rest - 1) {
        int n = __builtin_ctz(rest);
        held |= (unsigned)!tileset_is_empty(tileset_and(tileset_suit(n), c->candidates[seat])) << n;
    }
    return held;
}

/* numbers_held_by for a plain decision, from the seat's candidates' first word: every
 * number a tile of that word can show is tested, without a branch (in a double-six set 7
 * at once, not the word's 11 one by one: c->max_number set): a test per opened number
 * branches on outcomes that change with every playout's step, which the predictor misses,
 * and pimc in Partnership paid for them dearly (docs/performance.md, "Why the code is
 * shaped so"). */
static inline __attribute__((always_inline)) unsigned numbers_held_narrow(const heuristic_context_t *c, int seat,
                                                                           uint64_t candidates)
{
    unsigned held = 0;
    if (c->max_number <= 6) {
        held = tileset_numbers_shown_to_six(candidates);
    } else {
        for (int n = 0; n <= TILESET_WORD0_MAX_NUMBER; n++)
            held |= (unsigned)((tileset_suit(n).w[0] & candidates) != 0) << n;
    }
    return (unsigned)c->opened[seat] & held;
}

/* The "opened" of a team game that keeps none: no number known to be anyone's. */
static const int16_t no_numbers_opened[GAME_MAX_SEATS];

/* Once per decision: the partner, and the numbers each side has opened and may still hold
 * (a plain decision's in prepare_plain_of). */
static void prepare_team(heuristic_context_t *c)
{
    const game_observation_t *obs = c->obs;
    c->partner = -1;
    c->ours = c->theirs = 0;
    if (!team_game(obs)) return;
    c->opened = c->opened_at >= 0 ? &obs->facts[c->opened_at] : no_numbers_opened;
    for (int o = 0; o < obs->seats; o++) {
        if (o == c->seat) continue;
        if (same_side(obs, c->seat, o)) {
            c->partner = o;
            c->ours = numbers_held_by(c, o);
        } else {
            c->theirs |= numbers_held_by(c, o);
        }
    }
}

static double team_features(const heuristic_context_t *c, game_move_t move, const int8_t *number, double *block)
{
    const game_observation_t *obs = c->obs;
    *block = 0;
    if (!team_game(obs) || obs->ends.count == 0) return 0;
    int partner = c->partner;
    unsigned ours = c->ours, theirs = c->theirs;
    double value = 0;
    int ends = 0;
    for (int e = 0; e < obs->ends.count; e++) {
        if (number[e] < 0) continue;
        value += ours >> number[e] & 1;
        *block -= theirs >> number[e] & 1;
        ends++;
    }
    if (ends == 0) return 0;
    value = mean_of(value, ends);
    *block = mean_of(*block, ends);
    if (move.kind == GAME_MOVE_PLAY && move.end < obs->ends.count && partner >= 0 &&
        obs->ends.placer[move.end] == partner && number[move.end] != obs->ends.number[move.end])
        value -= 1;
    return value;
}

/* The points the rules credit the mover's side, less the other sides', for `move` on
 * `state` (which it changes); negated where scores are penalties. */
static int side_award(const heuristic_context_t *c, void *state, game_move_t move)
{
    game_events_t events = {0};
    c->game->apply(state, move, &events);
    int side = c->obs->side_of_seat[c->seat], net = 0;
    for (int i = 0; i < events.count; i++) {
        const game_event_t *e = &events.item[i];
        if (e->kind == GAME_EVENT_AWARD) net += e->seat == side ? e->points : -e->points;
    }
    return net * c->obs->score_sign; /* a penalty credited is a loss */
}

/* bonus (team games without a stock): what the rules would pay for what the move sets up,
 * learnt by applying it on the trial state `after` (which this changes), not from the
 * option table:
 *   - the award of the next seat's pass (R18's pass bonus), times the chance he holds none
 *     of the tiles that fit: (1 - p)^k;
 *   - with one tile left that fits both ends (capicú, R20), the award of placing it once
 *     the three others have passed: the hand's points and any last-tile bonus. */
static double bonus_feature(const heuristic_context_t *c, game_move_t move, void *after, const int8_t *number)
{
    const game_t *game = c->game;
    const game_observation_t *obs = c->obs;
    if (game->status(after) != GAME_IN_HAND) return 0;
    int next = game->to_move(after);
    if (next < 0 || same_side(obs, c->seat, next) || next == c->seat) return 0;
    tileset_t candidates = tileset_minus(obs->unseen, obs->lacks[next]);
    tileset_t fitting = tiles_fitting(number, obs->ends.count);
    double p = hold_probability(obs, next, candidates), none = 1;
    for (int k = tileset_size(tileset_and(fitting, candidates)); k > 0; k--) none *= 1 - p;
    game_move_t pass = {GAME_MOVE_PASS, 0, 0, 0};
    double value = none * side_award(c, after, pass);
    tileset_t left = obs->hand;
    tileset_remove(&left, move.tile);
    if (move.kind != GAME_MOVE_PLAY || tileset_size(left) != 1 || obs->ends.count != 2 || number[0] < 0) return value;
    int last = tileset_lowest(left);
    if (!tileset_shows(last, number[0]) || !tileset_shows(last, number[1])) return value;
    while (game->status(after) == GAME_IN_HAND && game->to_move(after) != c->seat) side_award(c, after, pass);
    if (game->status(after) != GAME_IN_HAND) return value;
    return value + side_award(c, after, (game_move_t){GAME_MOVE_PLAY, (uint8_t)last, 0, 0});
}

/* Whether somebody, after the mover places `move` on an end, still holds a tile for
 * another end that is open now: such an end stays open (only the end played on changes,
 * and a spinner opens more arms, never fewer), so the hand is not blocked. The mover's
 * tiles count, and once there is no stock (Partnership) every unseen tile, since all of
 * them are then in the other hands. `ends_known` (the number of ends where the caller
 * knows it, else 0) and `narrow` (every tile in play below index 64) are constants at each
 * call: a plain decision's playout asks this of every move, and with them it takes fewer
 * instructions (docs/performance.md, "Why the code is shaped so"). */
static inline __attribute__((always_inline)) bool keeps_a_placement(const heuristic_context_t *c, game_move_t move,
                                                                       int ends_known, bool narrow)
{
    const game_observation_t *obs = c->obs;
    if (move.kind != GAME_MOVE_PLAY || move.end == GAME_NO_END) return false;
    tileset_t left = obs->hand;
    tileset_remove(&left, move.tile);
    if (obs->stock_size == 0) left = tileset_or(left, obs->unseen);
    int end_count = ends_known ? ends_known : obs->ends.count;
    for (int e = 0; e < end_count; e++) {
        if (e == move.end || !obs->ends.open[e] || obs->ends.number[e] < 0) continue;
        tileset_t fit = tileset_and(left, tileset_suit(obs->ends.number[e]));
        if (narrow ? fit.w[0] != 0 : !tileset_is_empty(fit)) return true;
    }
    return false;
}

/* Whether `move` may win the match now for the mover's side. A match ends only when a hand
 * does (a seat places its last tile, or nobody may draw and nobody can place) or when a
 * placement lifts the mover's side to the target (game.h, match_winner); and the mover's
 * side cannot win where its score, with the move's points and the most the hand's end can
 * add (the observation's hand_end_points_max), stays short of the target. Short of that,
 * move_value skips the trial move that looks for a win: search playouts, which ask for
 * nothing else of it, run this for every move of every step (the same decisions, faster,
 * and the bound of the hand's end faster still: docs/performance.md, "Why the code is
 * shaped so").
 * Once nothing may be drawn (late in a Bergen hand, after a few turns of a Double Bergen
 * hand of four, whose stock holds six drawable tiles, and always in Partnership, which has
 * no stock) a move after which somebody keeps a placement cannot have blocked the hand. */
static inline __attribute__((always_inline)) bool may_win_now(const heuristic_context_t *c, game_move_t move,
                                                                 int points, int ends_known, bool narrow)
{
    const game_observation_t *obs = c->obs;
    if (obs->score_sign < 0 || obs->target <= 0) return true;
    int score = obs->score[obs->side_of_seat[c->seat]];
    if (obs->hand_end_points_max >= 0 && score + points + obs->hand_end_points_max < obs->target) return false;
    if (move.kind == GAME_MOVE_PLAY && obs->hand_size[c->seat] <= 1) return true;
    if (obs->stock_drawable == 0 && !keeps_a_placement(c, move, ends_known, narrow)) return true;
    return score + points >= obs->target;
}

/* The value of a move that is not a draw or pass. */
static double move_value(heuristic_context_t *c, game_move_t move)
{
    const game_t *game = c->game;
    const heuristic_weights_t *w = c->weights;
    const game_observation_t *obs = c->obs;
    int points = 0;
    tileset_t hand = obs->hand;
    if (move.kind == GAME_MOVE_PLAY) {
        points = game->move_points(c->state, c->seat, move);
        if (points < 0) points = 0;
        tileset_remove(&hand, move.tile);
    }
    int8_t number[GAME_MAX_ENDS];
    ends_after(c, move, number);

    double value = w->points * points;
    if (w->doubles != 0) value += w->doubles * doubles_feature(c, move, points, hand, number);
    if (w->suits != 0) value += w->suits * suits_feature(c, move, number);
    if (w->shed != 0 && move.kind == GAME_MOVE_PLAY && c->urgency > 0 && c->max_number > 0)
        value += w->shed * c->urgency * tileset_pips(move.tile) / (2.0 * c->max_number);
    if (w->partner != 0 || w->block != 0) {
        double block, partner = team_features(c, move, number, &block);
        value += w->partner * partner + w->block * block;
    }

    if (w->deny == 0 && w->bonus == 0 && !may_win_now(c, move, points, 0, false)) return value;
    memcpy(c->scratch, c->state, game->state_size);
    game->apply(c->scratch, move, NULL);
    if (game->status(c->scratch) == GAME_MATCH_OVER && game->match_winner(c->scratch) == obs->side_of_seat[c->seat])
        value += HEURISTIC_WIN;
    if (w->deny != 0) value -= w->deny * threat(c, c->scratch, number);
    if (w->bonus != 0 && team_game(obs) && obs->stock_size == 0) value += w->bonus * bonus_feature(c, move, c->scratch, number);
    return value;
}

/* ---- the plain case: what search playouts in Bergen, Double Bergen and Partnership ask ---- */

/* Whether a decision is plain: every tile in play below index 64, and only the points,
 * suits and (in a team game) partner and block features weighed: policy.c's playout
 * weights, in Bergen, Double Bergen and Partnership. Without teams the team features are
 * 0, and plain_move_value gives move_value's value less a sum of +0, which changes no
 * comparison (values are not asked for). */
static bool plain_decision(const heuristic_context_t *c)
{
    const heuristic_weights_t *w = c->weights;
    const game_observation_t *obs = c->obs;
    if (w->doubles != 0 || w->shed != 0 || w->deny != 0 || w->bonus != 0) return false;
    return (obs->hand.w[1] | obs->unseen.w[1] | obs->table.w[1]) == 0; /* every tile in play narrow */
}


/* count_number's opp for a plain decision, by words: the expected tiles of `suit` in the
 * other hands. */
static inline __attribute__((always_inline)) double plain_elsewhere(const heuristic_context_t *c, uint64_t suit,
                                                                    bool teams)
{
    /* count_number's sum from 0, less its first addition without teams: every term is then
     * a product of a positive chance, never -0, so 0 + x is x (one latency fewer); a
     * partner's term may be -0, which 0 + turns to +0 */
    double expected = 0;
    int first = 0;
    if (!teams && c->holders > 0) {
        expected = c->holder_weight[0] * __builtin_popcountll(c->holder_word[0] & suit);
        first = 1;
    }
    for (int k = first; k < c->holders; k++)
        expected += c->holder_weight[k] * __builtin_popcountll(c->holder_word[k] & suit);
    return expected;
}

/* count_number for a plain decision: own and opp, by words, kept per number (live_count is
 * read by the doubles feature only). */
static inline __attribute__((always_inline)) void count_plain(heuristic_context_t *c, int n, uint64_t suit, bool teams)
{
    if (c->counted >> n & 1) return;
    c->counted |= 1u << n;
    c->own[n] = __builtin_popcountll(c->obs->hand.w[0] & suit);
    c->opp[n] = plain_elsewhere(c, suit, teams);
}

/* The team features of a plain decision, summed over the ends as team_features does. */
typedef struct plain_team {
    double partner, block;
} plain_team_t;

/* suits_feature for a plain decision, the ends after the move read in place; with
 * `teams`, team_features' partner and block in the same pass (into *team). `ends_known`:
 * the number of ends where the caller knows it (a line's 2, a spinner's 4), a constant the
 * loop over them is unrolled by; 0 to read it. */
static inline __attribute__((always_inline)) double plain_suits(heuristic_context_t *c, game_move_t move, bool teams,
                                                                int ends_known, plain_team_t *team)
{
    const game_ends_t *ends = &c->obs->ends;
    int end_count = ends_known ? ends_known : ends->count;
    bool play = move.kind == GAME_MOVE_PLAY;
    uint64_t played = play ? (uint64_t)1 << move.tile : 0;
    double value = 0, partner = 0, block = 0;
    int shown = 0;
    /* The number a placement makes its end show is the tile's other side, its pips less the
     * end's number (as the line kernel finds it), not tileset_other_side's choice of the side
     * that is not that number: which side that is was a branch the predictor missed for
     * every other placement (docs/performance.md, "Why the code is shaped so"). */
    int pips = play ? tileset_pips(move.tile) : 0;
    int covered = play && move.end != GAME_NO_END ? move.end : -1;
    for (int e = 0; e < end_count; e++) {
        int n = ends->number[e];
        if (play && move.end == GAME_NO_END) n = tileset_low(move.tile); /* a lead shows its number everywhere */
        /* Which of a spinner's four ends a move covers is a coin toss to the predictor: by a
         * mask there; a line's two ends the predictor follows, and masked they ran slower
         * (docs/performance.md, "Why the code is shaped so"). */
        else if (ends_known == 4) n += (pips - 2 * n) & -(e == covered);
        else if (play && move.end == e) n = pips - n;
        if (n < 0) continue;
        uint64_t suit = tileset_suit(n).w[0];
        /* A line's counts are taken at each end of each move, not kept per number: whether
         * a number was counted already is a coin toss to the branch predictor
         * (docs/performance.md, "Why the code is shaped so"). A spinner's four ends repeat
         * numbers more, and keep the memo. */
        if (ends_known == 2) {
            int own = __builtin_popcountll(c->obs->hand.w[0] & suit) - ((suit & played) != 0);
            value += own - plain_elsewhere(c, suit, teams);
        } else {
            if (ends_known != 4) count_plain(c, n, suit, teams); /* 4: pick_plain_of counted every number */
            int own = c->own[n] - ((suit & played) != 0);
            value += own - c->opp[n];
        }
        if (teams) {
            partner += c->ours >> n & 1;
            block -= c->theirs >> n & 1;
        }
        shown++;
    }
    if (teams && shown) {
        team->partner = mean_of(partner, shown);
        team->block = mean_of(block, shown);
        /* not over him: covering the partner's tile with another number (by a mask, not
         * branches: whose tile a move covers is a coin toss to the predictor; x - 0 is x) */
        bool on_end = play && move.end < end_count;
        int e = on_end ? move.end : 0;
        bool over = on_end & (c->partner >= 0) & (ends->placer[e] == c->partner) &
                    (pips - ends->number[e] != ends->number[e]);
        team->partner -= over;
    } else if (teams) {
        *team = (plain_team_t){0, 0};
    }
    return shown ? mean_of(value, shown) : 0;
}

/* Whether `move` wins the match now, by a trial move on the scratch state. */
static bool wins_now(const heuristic_context_t *c, game_move_t move)
{
    const game_t *game = c->game;
    memcpy(c->scratch, c->state, game->state_size);
    game->apply(c->scratch, move, NULL);
    return game->status(c->scratch) == GAME_MATCH_OVER &&
           game->match_winner(c->scratch) == c->obs->side_of_seat[c->seat];
}

/* move_value for a plain decision, with the same additions in the same order. */
static inline __attribute__((always_inline)) double plain_move_value(heuristic_context_t *c, game_move_t move,
                                                                     int points, bool teams, int ends_known)
{
    const heuristic_weights_t *w = c->weights;
    plain_team_t team;
    double value = w->points * points;
    if (!teams) {
        if (w->suits != 0) value += w->suits * plain_suits(c, move, false, ends_known, NULL);
    } else {
        double suits = plain_suits(c, move, true, ends_known, &team); /* the team features need the same pass */
        if (w->suits != 0) value += w->suits * suits;
        if (w->partner != 0 || w->block != 0) value += w->partner * team.partner + w->block * team.block;
    }
    if (may_win_now(c, move, points, ends_known, true) && wins_now(c, move)) value += HEURISTIC_WIN;
    return value;
}

static bool is_draw_or_pass(game_move_t move)
{
    return move.kind == GAME_MOVE_DRAW || move.kind == GAME_MOVE_PASS;
}

/* The points a move scores now for the seat to move: `given`'s, else move_points's (0 for
 * what is not a placement). */
static int points_of(const heuristic_context_t *c, const game_move_t *moves, const int *given, int i)
{
    if (moves[i].kind != GAME_MOVE_PLAY) return 0;
    int points = given ? given[i] : c->game->move_points(c->state, c->seat, moves[i]);
    return points < 0 ? 0 : points;
}

/* Whether a move valued `value` beats the best so far (`best` -1: none yet): a higher
 * value, or as high with a heavier tile; of two alike the first stays. */
static inline bool beats(double value, game_move_t move, int best, double best_value, const game_move_t *moves)
{
    return best < 0 || value > best_value || (value == best_value && game_move_heavier(move, moves[best]));
}

/* count_plain for every number a tile in play shows, at once, before a spinner's moves are
 * weighed: each looks at four ends, and whether a number was counted already was a branch
 * the predictor missed (docs/performance.md, "Why the code is shaped so"). The same
 * values, from the same function, as count_plain's. */
static inline __attribute__((always_inline)) void count_every_number(heuristic_context_t *c, bool teams)
{
    int highest = highest_number_in_play(c->obs, true);
    for (int n = 0; n <= highest; n++) {
        uint64_t suit = tileset_suit(n).w[0];
        c->own[n] = __builtin_popcountll(c->obs->hand.w[0] & suit);
        c->opp[n] = plain_elsewhere(c, suit, teams);
    }
    c->counted = (2u << highest) - 1;
}

/* `take` ? a : b by the bits, without a branch: GCC keeps a branch for the conditional
 * operator on doubles. */
static inline double select_double(bool take, double a, double b)
{
    uint64_t a_bits, b_bits, mask = -(uint64_t)take;
    memcpy(&a_bits, &a, sizeof a);
    memcpy(&b_bits, &b, sizeof b);
    b_bits = (a_bits & mask) | (b_bits & ~mask);
    memcpy(&b, &b_bits, sizeof b);
    return b;
}

/* The best of the moves from `first` on, for a plain decision; each move's value into
 * values[] where asked (NULL in playouts, where the compiler drops the stores). */
static inline __attribute__((always_inline)) int pick_plain_of(heuristic_context_t *c, const game_move_t *moves,
                                                               const int *given, int first, int count, bool teams,
                                                               int ends_known, double *values)
{
    int best = -1, best_weight = 0;
    double best_value = -INFINITY; /* every value is finite: the first move beats it, as beats() has it */
    if (ends_known == 4) count_every_number(c, teams); /* plain_suits then reads the counts */
    for (int i = first; i < count; i++) {
        if (is_draw_or_pass(moves[i])) continue;
        double value = plain_move_value(c, moves[i], points_of(c, moves, given, i), teams, ends_known);
        if (values) values[i] = value;
        int weight = game_move_weight(moves[i]);
        bool better = (value > best_value) | ((value == best_value) & (weight > best_weight));
        /* Which of a spinner's many moves leads is a coin toss to the predictor: by masks
         * there; a line's few moves keep the branches, which masked ran slower
         * (docs/performance.md, "Why the code is shaped so"). */
        if (ends_known == 4) {
            int take = -(int)better;
            best = (i & take) | (best & ~take);
            best_weight = (weight & take) | (best_weight & ~take);
            best_value = select_double(better, value, best_value);
        } else {
            best = better ? i : best;
            best_value = better ? value : best_value;
            best_weight = better ? weight : best_weight;
        }
    }
    return best;
}

/* The memo's seats (heuristic.h) from an observation of its game and rules. */
static void set_seating(heuristic_memo_t *memo, const game_observation_t *obs)
{
    memo->seats = obs->seats;
    memo->sides = obs->sides;
    for (int seat = 0; seat < obs->seats; seat++) {
        memo->same_side[seat] = 0;
        memo->partner[seat] = -1;
        for (int o = 0, k = 0; o < obs->seats; o++) {
            if (o == seat) continue;
            memo->other_seat[seat][k++] = (int8_t)o;
            if (!same_side(obs, seat, o)) continue;
            memo->same_side[seat] |= (uint8_t)(1u << o);
            memo->partner[seat] = (int8_t)o;
        }
    }
}

/* A plain decision's set-up, prepare_holders and (with `teams`) prepare_team in one pass
 * over the other seats, the same values in the same order, by the memo's seats: which
 * seat is whose partner is not asked again at every decision. `seats_known`: the number
 * of seats where the caller knows it, a constant the pass is unrolled by; 0 to read it.
 * Only the sets' first word is read and kept (every tile in play lies there): the
 * observation's words were stored a moment before one at a time, and a load of both words
 * at once waited for those stores (docs/performance.md, "Why the code is shaped so"). */
static inline __attribute__((always_inline)) void prepare_plain_of(heuristic_context_t *c,
                                                                   const heuristic_memo_t *memo, int seats_known,
                                                                   bool teams)
{
    const game_observation_t *obs = c->obs;
    int seats = seats_known ? seats_known : obs->seats;
    const int8_t *other = memo->other_seat[c->seat];
    unsigned side = teams ? memo->same_side[c->seat] : 0;
    uint64_t unseen = obs->unseen.w[0];
    unsigned ours = 0, theirs = 0;
    int holders = 0;
    if (teams) {
        c->max_number = highest_number_in_play(obs, true);
        c->opened = c->opened_at >= 0 ? &obs->facts[c->opened_at] : no_numbers_opened;
        c->partner = memo->partner[c->seat];
    }
    for (int k = 0; k < seats - 1; k++) {
        int o = other[k];
        uint64_t candidates = unseen & ~obs->lacks[o].w[0];
        double p = hold_probability_narrow(obs, o, candidates);
        if (p > 0) {
            c->holder_word[holders] = candidates;
            c->holder_weight[holders++] = side >> o & 1 ? -p : p;
        }
        if (teams) {
            unsigned held = numbers_held_narrow(c, o, candidates);
            if (!(side >> o & 1)) theirs |= held;
            else if (o == c->partner) ours = held; /* the last of his side, as prepare_team has it */
        }
    }
    c->holders = holders;
    c->ours = ours;
    c->theirs = theirs;
}

/* pick_plain_of without teams (Bergen, Double Bergen), and with them (Partnership), each
 * out of line, so that the general loop below compiles as it did without them
 * (Partnership's playouts ran slower with a plain loop in the same function); each
 * compiled for a known number of ends, and its set-up for a known number of seats, which
 * take fewer instructions (docs/performance.md, "Why the code is shaped so"). */
__attribute__((noinline)) static int pick_plain(heuristic_context_t *c, const heuristic_memo_t *memo,
                                                const game_move_t *moves, const int *given, int first, int count,
                                                double *values)
{
    switch (c->obs->seats) {
    case 2: prepare_plain_of(c, memo, 2, false); break;
    case 3: prepare_plain_of(c, memo, 3, false); break;
    case 4: prepare_plain_of(c, memo, 4, false); break;
    default: prepare_plain_of(c, memo, 0, false); break;
    }
    if (values) return pick_plain_of(c, moves, given, first, count, false, 0, values); /* a belief's, seldom */
    if (c->obs->ends.count == 2) return pick_plain_of(c, moves, given, first, count, false, 2, NULL);
    if (c->obs->ends.count == 4) return pick_plain_of(c, moves, given, first, count, false, 4, NULL);
    return pick_plain_of(c, moves, given, first, count, false, 0, NULL);
}

__attribute__((noinline)) static int pick_plain_team(heuristic_context_t *c, const heuristic_memo_t *memo,
                                                     const game_move_t *moves, const int *given, int first,
                                                     int count, double *values)
{
    if (c->obs->seats == 4) prepare_plain_of(c, memo, 4, true);
    else prepare_plain_of(c, memo, 0, true);
    if (values) return pick_plain_of(c, moves, given, first, count, true, 0, values);
    if (c->obs->ends.count == 2) return pick_plain_of(c, moves, given, first, count, true, 2, NULL);
    return pick_plain_of(c, moves, given, first, count, true, 0, NULL);
}

/* The general path of a decision, its moves from the first placement, `first`, on: the
 * whole set-up (prepare) and move_value for each move. Out of line, so that a plain
 * decision does not carry its frame. */
__attribute__((noinline)) static int pick_general(heuristic_context_t *c, const game_move_t *moves, int first,
                                                  int count, double *values)
{
    prepare(c);
    if (c->weights->partner != 0 || c->weights->block != 0) prepare_team(c);
    int best = -1;
    double best_value = 0;
    for (int i = first; i < count; i++) {
        if (is_draw_or_pass(moves[i])) continue;
        double value = move_value(c, moves[i]);
        if (values) values[i] = value;
        if (beats(value, moves[i], best, best_value, moves)) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

/* heuristic_pick_valued, heuristic_pick_scored and heuristic_pick_observed in a game of
 * ends: `given` NULL or each move's points, `told` NULL or the mover's observation. A draw
 * or pass is valued only where nothing else is legal, and then the first is played. */
static int pick_on_ends(const game_t *game, const void *state, const game_observation_t *told,
                        const game_move_t *moves, const int *given, int count, const heuristic_weights_t *weights,
                        void *scratch, heuristic_memo_t *memo, double *values, bool plain_allowed)
{
    int first = 0;
    while (first < count && is_draw_or_pass(moves[first])) first++;
    if (first == count) return 0;
    heuristic_context_t context;
    game_observation_t own;
    observe_decision(&context, game, state, weights, scratch, told, &own);
    context.opened_at = memo->opened_at;
    if (plain_allowed && plain_decision(&context)) { /* prepare's other fields: no plain move reads them */
        /* the seats of the memo's game and rules, set at its first plain decision */
        if (memo->seats != context.obs->seats || memo->sides != context.obs->sides) set_seating(memo, context.obs);
        if (!team_game(context.obs)) return pick_plain(&context, memo, moves, given, first, count, values);
        return pick_plain_team(&context, memo, moves, given, first, count, values);
    }
    return pick_general(&context, moves, first, count, values);
}

/* pick_on_ends for a caller without a memo: one made for this decision. */
__attribute__((noinline)) static int pick_on_ends_fresh(const game_t *game, const void *state,
                                                        const game_observation_t *told, const game_move_t *moves,
                                                        const int *given, int count,
                                                        const heuristic_weights_t *weights, void *scratch,
                                                        double *values, bool plain_allowed)
{
    heuristic_memo_t memo;
    heuristic_memo_init(&memo, game);
    return pick_on_ends(game, state, told, moves, given, count, weights, scratch, &memo, values, plain_allowed);
}

/* Whether the game is played in tricks (Bingo), valued by heuristic_trick.c. */
static bool trick_game(const game_t *game) { return game->tiles_beating && game->capture_points; }

int heuristic_pick_valued(const game_t *game, const void *state, const game_move_t *moves, int count,
                          const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values)
{
    if (trick_game(game)) return heuristic_trick_pick(game, state, moves, count, weights, scratch, memo, values);
    if (!memo) return pick_on_ends_fresh(game, state, NULL, moves, NULL, count, weights, scratch, values, true);
    return pick_on_ends(game, state, NULL, moves, NULL, count, weights, scratch, memo, values, true);
}

int heuristic_pick_general(const game_t *game, const void *state, const game_move_t *moves, int count,
                           const heuristic_weights_t *weights, void *scratch, double *values)
{
    if (trick_game(game)) return heuristic_trick_pick(game, state, moves, count, weights, scratch, NULL, values);
    return pick_on_ends_fresh(game, state, NULL, moves, NULL, count, weights, scratch, values, false);
}

int heuristic_pick_scored(const game_t *game, const void *state, const game_move_t *moves, const int *points,
                          int count, const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo)
{
    return heuristic_pick_observed(game, state, NULL, moves, points, count, weights, scratch, memo);
}

int heuristic_pick_observed(const game_t *game, const void *state, const game_observation_t *observation,
                            const game_move_t *moves, const int *points, int count,
                            const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo)
{
    if (trick_game(game))
        return heuristic_trick_pick_observed(game, state, observation, moves, count, weights, scratch, memo, NULL);
    if (!memo) return pick_on_ends_fresh(game, state, observation, moves, points, count, weights, scratch, NULL, true);
    return pick_on_ends(game, state, observation, moves, points, count, weights, scratch, memo, NULL, true);
}

/* ------------------------------------------------------------------ the agent */

enum { PARAM_POINTS, PARAM_DOUBLES, PARAM_SUITS, PARAM_DENY, PARAM_SHED, PARAM_PARTNER, PARAM_BLOCK, PARAM_BONUS,
       PARAM_SAVE, PARAM_FORCE, PARAM_CLOSE, PARAM_NOISE, PARAM_COUNT };

static const agent_param_spec_t heuristic_params[PARAM_COUNT] = {
    [PARAM_POINTS] = {"points", AGENT_PARAM_REAL, -100, 100, NULL, "1", "weight of the points the placement scores now"},
    [PARAM_DOUBLES] = {"doubles", AGENT_PARAM_REAL, -100, 100, NULL, "0",
                       "weight of holding doubles until they can make a header"},
    [PARAM_SUITS] = {"suits", AGENT_PARAM_REAL, -100, 100, NULL, "0.6",
                     "weight of leaving ends in numbers we hold and the others lack"},
    [PARAM_DENY] = {"deny", AGENT_PARAM_REAL, -100, 100, NULL, "1",
                    "weight of the next seat's expected best score after the move (subtracted)"},
    [PARAM_SHED] = {"shed", AGENT_PARAM_REAL, -100, 100, NULL, "0",
                    "weight of shedding heavy tiles when the hand may block or end soon"},
    [PARAM_PARTNER] = {"partner", AGENT_PARAM_REAL, -100, 100, NULL, "0.3",
                       "team games: weight of ends in the partner's numbers, and of not covering his tile"},
    [PARAM_BLOCK] = {"block", AGENT_PARAM_REAL, -100, 100, NULL, "0.5",
                     "team games: weight of keeping the opponents' numbers off the ends"},
    [PARAM_BONUS] = {"bonus", AGENT_PARAM_REAL, -100, 100, NULL, "0.1",
                     "team games: weight of the pass bonus of a forced pass and of a last tile fitting both ends"},
    [PARAM_SAVE] = {"save", AGENT_PARAM_REAL, -100, 100, NULL, "10",
                     "trick games: points a tile's strength (the share of the opponent's tiles it beats) is worth keeping"},
    [PARAM_FORCE] = {"force", AGENT_PARAM_REAL, -100, 100, NULL, "3",
                     "trick games, closed phase: weight of leading a trump to draw the opponent's"},
    [PARAM_CLOSE] = {"close", AGENT_PARAM_REAL, 0, 1000, NULL, "30",
                     "trick games: close the stock when the sure points reach this"},
    [PARAM_NOISE] = {"noise", AGENT_PARAM_REAL, 0, 1, NULL, "0",
                     "probability of a uniformly random move instead (weaker levels)"},
};

typedef struct heuristic_agent {
    heuristic_weights_t weights;
    heuristic_memo_t memo;
    unsigned char scratch[]; /* game->state_size bytes: the trial state */
} heuristic_agent_t;

static int create_heuristic(agent_t *agent, char *error, size_t error_size)
{
    heuristic_agent_t *data = malloc(sizeof *data + agent->game->state_size);
    if (!data) {
        snprintf(error, error_size, "out of memory creating agent %s", agent->spec);
        return -1;
    }
    data->weights = (heuristic_weights_t){
        .points = agent->param[PARAM_POINTS],
        .doubles = agent->param[PARAM_DOUBLES],
        .suits = agent->param[PARAM_SUITS],
        .deny = agent->param[PARAM_DENY],
        .shed = agent->param[PARAM_SHED],
        .partner = agent->param[PARAM_PARTNER],
        .block = agent->param[PARAM_BLOCK],
        .bonus = agent->param[PARAM_BONUS],
        .save = agent->param[PARAM_SAVE],
        .force = agent->param[PARAM_FORCE],
        .close = agent->param[PARAM_CLOSE],
    };
    heuristic_memo_init(&data->memo, agent->game);
    agent->data = data;
    return 0;
}

static void destroy_heuristic(agent_t *agent)
{
    free(agent->data);
    agent->data = NULL;
}

static game_move_t choose_heuristic(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    if (agent_noise(agent, agent->param[PARAM_NOISE])) return moves[pcg32_below(&agent->rng, (uint32_t)count)];
    heuristic_agent_t *data = agent->data;
    return moves[heuristic_pick_valued(agent->game, state, moves, count, &data->weights, data->scratch, &data->memo,
                                       agent->values)];
}

static bool heuristic_deterministic(const agent_t *agent) { return agent->param[PARAM_NOISE] == 0; }

const agent_kind_t heuristic_agent_kind = {
    .info = {"heuristic", "weighted features: points now, doubles held, suits counted, headers denied, heavy tiles shed; in trick games, tricks taken cheaply, strong tiles kept, closing on sure points",
             heuristic_params, PARAM_COUNT},
    .create = create_heuristic,
    .destroy = destroy_heuristic,
    .choose = choose_heuristic,
    .deterministic = heuristic_deterministic,
    .value_measure = "heuristic value",
};
