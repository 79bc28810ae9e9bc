/* heuristic_trick.c - the heuristic's features for a trick game (Bingo), heuristic.h.
 *
 * A trick game asks other questions than a line: which tile takes this trick cheaply, which
 * strong tiles to keep, when the points are sure enough to close. Each legal move is valued
 * from the mover's observation and the game's public rules (capture_points, tiles_beating):
 *   follow y  the points of both tiles, won (+) or given away (-); - save * strength(y);
 *             + the meld a won trick allows; + the game points if the trick ends the hand.
 *   lead x    (1 - P) * (points(x) + the opponent's cheapest discard)
 *             - P * (points(x) + the mean tile that beats x), P the chance the opponent
 *             holds a tile beating x; - save * strength(x); + (1 - P) * the meld a double x
 *             would allow; in the closed phase, + force * the opponent's expected trumps for
 *             a trump led while we hold more of them (they must follow with theirs).
 *   close     chosen when the sure points reach `close`: the hand's points so far, the
 *             points of every held tile that no tile the opponent may hold beats, and for k
 *             such tiles his k cheapest possible tiles, which those tricks take.
 *   meld      its points; declining is worth nothing (the points count toward 70 at once).
 * strength(x) is the share of the tiles the opponent may hold that x beats when x leads: 1
 * for Bingo, near 1 for high trumps, small for low plain tiles. Spending it costs `save`
 * points per unit, which keeps trumps, Bingo and the double trump for the tricks that need
 * them and wins cheap tricks with cheap tiles.
 *
 * One observation per decision (in a search playout, the one its game keeps up to date:
 * game_chooser_t.observation), one trial apply per follow where the trick may end the hand
 * or allow a meld; nothing allocates.
 */
#include <string.h>

#include "heuristic_trick.h"

/* A hand point is worth 1; a game point, what ending a hand is worth, counts as a full hand
 * of points; winning the match beats everything. */
static const double GAME_POINT_VALUE = 70;
static const double MATCH_WIN_VALUE = 1e6;

typedef struct trick_context {
    const game_t *game;
    const void *state;
    const heuristic_weights_t *weights;
    void *scratch;
    const game_observation_t *obs; /* the seat to move's: the caller's, or observed */
    int seat, opponent;
    tileset_t candidates;   /* tiles the opponent may hold */
    tileset_t known;        /* tiles everyone knows he holds (shown doubles) */
    double p;               /* the chance he holds a given candidate tile not known */
    double none_of[TILESET_MAX_BITS + 1]; /* none_of[k] = (1 - p)^k, filled up to none_filled */
    int none_filled;
    int meld_if_won;        /* the meld a won double lead allows, -1 until asked */
    heuristic_memo_t *memo;       /* capture points and beating tiles: the caller's memo, or own_memo */
    const int *points;      /* memo->points */
    int hand_target;        /* the game's fact hand_target (R16: 70), 0 where it keeps none */
    heuristic_memo_t own_memo;
} trick_context_t;

/* `narrow`: every tile in play has an index below 64 (every Bingo rule set's: a
 * double-six), so the sets' second word, always empty, is left out (tileset.h's _narrow
 * operations). Each function below that takes `narrow` is compiled twice, once for each
 * (pick_narrow, pick_wide): the sets' second words were a large share of pimc's
 * instructions in Bingo (docs/performance.md, "Why the code is shaped so"). */
#define TRICK_INLINE static inline __attribute__((always_inline))

TRICK_INLINE double chance_holds_any(trick_context_t *c, tileset_t tiles, bool narrow)
{
    if (!tileset_is_empty_narrow(tileset_and_narrow(tiles, c->known, narrow), narrow)) return 1;
    /* (1 - p)^k by k products from 1, as a loop over the k tiles would, kept for this
     * decision's other leads */
    int k = tileset_size_narrow(tileset_minus_narrow(tileset_and_narrow(tiles, c->candidates, narrow), c->known, narrow), narrow);
    for (; c->none_filled < k; c->none_filled++) c->none_of[c->none_filled + 1] = c->none_of[c->none_filled] * (1 - c->p);
    return 1 - c->none_of[k];
}

void heuristic_memo_init(heuristic_memo_t *memo, const game_t *game)
{
    memo->trump = -1;
    memo->filled = memo->beaten = tileset_empty();
    memo->levels = 0;
    memo->planes = 0;
    memo->opened_at = game_fact_at(game, "opened");
    memo->hand_target_at = game_fact_at(game, "hand_target");
    memo->seats = memo->sides = 0;
}

/* The levels of values outside 0..63, by insertion. */
static void sort_levels_by_insertion(heuristic_memo_t *memo)
{
    memo->levels = 0;
    for (tileset_t tiles = memo->filled; !tileset_is_empty(tiles);) {
        int tile = tileset_pop_lowest(&tiles), points = memo->points[tile], at = 0;
        while (at < memo->levels && memo->level_points[at] < points) at++;
        if (at == memo->levels || memo->level_points[at] != points) {
            for (int k = memo->levels++; k > at; k--) {
                memo->level_points[k] = memo->level_points[k - 1];
                memo->level_tiles[k] = memo->level_tiles[k - 1];
            }
            memo->level_points[at] = points;
            memo->level_tiles[at] = tileset_empty();
        }
        tileset_add(&memo->level_tiles[at], tile);
    }
    memo->planes = -1;
}

/* The levels and, where every value is within 0..63 (every Bingo rule set's: 1 to 28), the
 * planes. Such values are sorted by a mask of the values present, each with its tiles:
 * the heuristic agent refills its memo at every hand's trump, and the insertion of 28
 * tiles was a large share of its instructions in Bingo (docs/performance.md, "Why the code
 * is shaped so"). */
void heuristic_memo_sort_levels(heuristic_memo_t *memo)
{
    uint64_t present = 0;
    tileset_t of_value[64];
    for (tileset_t tiles = memo->filled; !tileset_is_empty(tiles);) {
        int tile = tileset_pop_lowest(&tiles), points = memo->points[tile];
        if (points < 0 || points > 63) {
            sort_levels_by_insertion(memo);
            return;
        }
        if (!(present >> points & 1)) of_value[points] = tileset_empty();
        present |= (uint64_t)1 << points;
        tileset_add(&of_value[points], tile);
    }
    memo->levels = 0;
    for (uint64_t values = present; values; values &= values - 1) {
        int points = __builtin_ctzll(values);
        memo->level_points[memo->levels] = points;
        memo->level_tiles[memo->levels++] = of_value[points];
    }
    /* the bits of the highest value; plane k: the tiles of the values with bit k */
    for (memo->planes = 0; memo->levels && memo->level_points[memo->levels - 1] >> memo->planes; memo->planes++) {}
    for (int k = 0; k < memo->planes; k++) memo->plane[k] = tileset_empty();
    for (int level = 0; level < memo->levels; level++)
        for (int k = 0; k < memo->planes; k++)
            if (memo->level_points[level] >> k & 1)
                memo->plane[k] = tileset_or(memo->plane[k], memo->level_tiles[level]);
}

/* The capture points of the tiles in play (`all`), kept in the memo while the trump stays
 * (a search asks at every playout step, and a tile's points never change within a hand);
 * without the caller's memo, in the context's own, for this decision. */
static heuristic_memo_t *capture_points_of(trick_context_t *c, heuristic_memo_t *memo, tileset_t all)
{
    if (!memo) {
        memo = &c->own_memo;
        heuristic_memo_init(memo, c->game);
    }
    if (memo->trump != c->obs->tricks.trump) {
        memo->trump = c->obs->tricks.trump;
        memo->filled = memo->beaten = tileset_empty();
    }
    tileset_t missing = tileset_minus(all, memo->filled);
    if (tileset_is_empty(missing)) return memo;
    while (!tileset_is_empty(missing)) {
        int tile = tileset_pop_lowest(&missing);
        memo->points[tile] = c->game->capture_points(c->state, tile);
        tileset_add(&memo->filled, tile);
    }
    heuristic_memo_sort_levels(memo);
    return memo;
}

/* The sets a decision reads, from the observation just written. `narrow`: every tile in
 * play lies in the first word, which alone is read: the observation was written a moment
 * before word by word, and a load of both words at once waited for those stores
 * (docs/performance.md, "Why the code is shaped so"). */
static inline __attribute__((always_inline)) void prepare_sets(trick_context_t *c, heuristic_memo_t *memo, bool narrow)
{
    const game_observation_t *obs = c->obs;
    c->opponent = c->seat + 1 == obs->seats ? 0 : c->seat + 1; /* a trick game here has two seats */
    c->candidates = tileset_minus_narrow(obs->unseen, obs->lacks[c->opponent], narrow);
    c->known = tileset_empty();
    c->p = 0;
    if (obs->tricks.led < 0) { /* what a lead is valued by; a follow, a meld or a close reads neither */
        c->known = tileset_and_narrow(obs->tricks.shown[c->opponent], c->candidates, narrow);
        int hidden = obs->hand_size[c->opponent] - tileset_size_narrow(c->known, narrow);
        int pool = tileset_size_narrow(tileset_minus_narrow(c->candidates, c->known, narrow), narrow);
        c->p = pool > 0 && hidden > 0 ? (double)hidden / pool : 0;
        if (c->p > 1) c->p = 1;
    }
    c->none_of[0] = 1;
    c->none_filled = 0;
    c->meld_if_won = -1;
    tileset_t all = narrow ? (tileset_t){{obs->hand.w[0] | obs->unseen.w[0] | obs->table.w[0], 0}}
                           : tileset_or(tileset_or(obs->hand, obs->unseen), obs->table);
    c->memo = capture_points_of(c, memo, all);
    c->points = c->memo->points;
    c->hand_target = c->memo->hand_target_at >= 0 ? obs->facts[c->memo->hand_target_at] : 0;
}

/* Observes the decision (`told`, where the caller has the observation, else observed into
 * `own`) and prepares its sets; returns whether every tile in play lies in the first word
 * (`wide`: read both words all the same). */
static bool prepare(trick_context_t *c, const game_t *game, const void *state, const game_observation_t *told,
                    game_observation_t *own, const heuristic_weights_t *weights, void *scratch,
                    heuristic_memo_t *memo, bool wide)
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
        game->observe(state, c->seat, own);
        c->obs = own;
    }
    const game_observation_t *obs = c->obs;
    bool narrow = !wide && (obs->hand.w[1] | obs->unseen.w[1] | obs->table.w[1]) == 0;
    if (narrow) prepare_sets(c, memo, true);
    else prepare_sets(c, memo, false);
    return narrow;
}

/* The tiles that beat `led` (game_t.tiles_beating), kept in the memo once asked: the
 * game's call for every tile valued cost pimc instructions in Bingo, and filled for every
 * tile in play at each trump, they slowed the heuristic agent, which sees a trump for a
 * few decisions only (docs/performance.md, "Why the code is shaped so"). */
static tileset_t beating(const trick_context_t *c, int led)
{
    heuristic_memo_t *memo = c->memo;
    if (!tileset_has(memo->beaten, led)) {
        memo->beating[led] = c->game->tiles_beating(c->state, led);
        tileset_add(&memo->beaten, led);
    }
    return memo->beating[led];
}

/* The candidates that beat `tile` led. */
TRICK_INLINE tileset_t beaten_by(const trick_context_t *c, int tile, bool narrow)
{
    return tileset_and_narrow(beating(c, tile), c->candidates, narrow);
}

TRICK_INLINE double strength(const trick_context_t *c, tileset_t beaters, bool narrow)
{
    int size = tileset_size_narrow(c->candidates, narrow);
    return size ? 1 - (double)tileset_size_narrow(beaters, narrow) / size : 1;
}

TRICK_INLINE double mean_points(const trick_context_t *c, tileset_t tiles, bool narrow)
{
    const heuristic_memo_t *memo = c->memo;
    int count = tileset_size_narrow(tiles, narrow), sum = 0;
    if (count == 0) return 0;
    if (memo->planes >= 0) /* a few planes, not a dozen levels: the same sum */
        for (int k = 0; k < memo->planes; k++) sum += tileset_size_narrow(tileset_and_narrow(tiles, memo->plane[k], narrow), narrow) << k;
    else
        for (int level = 0; level < memo->levels; level++)
            sum += memo->level_points[level] * tileset_size_narrow(tileset_and_narrow(tiles, memo->level_tiles[level], narrow), narrow);
    return (double)sum / count;
}

TRICK_INLINE int least_points(const trick_context_t *c, tileset_t tiles, bool narrow)
{
    for (int level = 0; level < c->memo->levels; level++)
        if (!tileset_is_empty_narrow(tileset_and_narrow(tiles, c->memo->level_tiles[level], narrow), narrow))
            return c->memo->level_points[level];
    return 0;
}

/* The points of the meld the mover may make now on `state`, 0 if none. */
static int meld_points_now(const trick_context_t *c, const void *state)
{
    const game_t *game = c->game;
    if (game->status(state) != GAME_IN_HAND || game->to_move(state) != c->seat) return 0;
    game_move_t moves[GAME_MAX_MOVES];
    int count = game->legal_moves(state, moves), best = 0;
    for (int i = 0; i < count; i++)
        if (moves[i].kind == GAME_MOVE_MELD) {
            int points = game->move_points(state, c->seat, moves[i]);
            if (points > best) best = points;
        }
    return best;
}

/* The meld a double led would allow if it wins: every double held and not yet shown. The
 * same meld whichever of them leads, so the game is asked once per decision. */
static int meld_points_if_won(trick_context_t *c, int tile)
{
    if (!tileset_is_double(tile)) return 0;
    tileset_t doubles = tileset_minus(tileset_and(c->obs->hand, tileset_doubles()), c->obs->tricks.shown[c->seat]);
    if (!tileset_has(doubles, tile)) return 0; /* already shown: no meld (no_reuse) */
    if (c->meld_if_won < 0) {
        unsigned extra = 0;
        while (!tileset_is_empty(doubles)) extra |= 1u << tileset_low(tileset_pop_lowest(&doubles));
        int points = c->game->move_points(c->state, c->seat, (game_move_t){GAME_MOVE_MELD, 0, 0, (uint16_t)extra});
        c->meld_if_won = points > 0 ? points : 0;
    }
    return c->meld_if_won;
}

/* The game points the mover gains over the opponent from `state` to `after`, and the match. */
static double outcome_value(const trick_context_t *c, const void *after)
{
    const game_t *game = c->game;
    if (game->status(after) == GAME_IN_HAND) return 0;
    if (game->status(after) == GAME_MATCH_OVER)
        return game->match_winner(after) == c->obs->side_of_seat[c->seat] ? MATCH_WIN_VALUE : -MATCH_WIN_VALUE;
    int before[GAME_MAX_SEATS], now[GAME_MAX_SEATS];
    game->scores(c->state, before);
    game->scores(after, now);
    int me = c->obs->side_of_seat[c->seat], them = c->obs->side_of_seat[c->opponent];
    return GAME_POINT_VALUE * ((now[me] - before[me]) - (now[them] - before[them]));
}

/* R15: a meld shows two doubles or more, the one placed among them. */
TRICK_INLINE bool follow_may_meld(const game_observation_t *obs, bool won, int tile)
{
    return won && tileset_is_double(tile) && tileset_size(tileset_and(obs->hand, tileset_doubles())) >= 2;
}

/* heuristic_trick_follow_may_end_or_meld in line: asked for every follow valued, the call
 * and the reloads of what follow_value has at hand cost much of it
 * (docs/performance.md, "Why the code is shaped so"). */
TRICK_INLINE bool follow_may_end_or_meld(const game_observation_t *obs, int hand_target, int stake, bool won,
                                         int tile)
{
    const game_tricks_t *tricks = &obs->tricks;
    if (hand_target <= 0 || obs->hand_size[obs->seat] <= 1) return true;
    if (follow_may_meld(obs, won, tile)) return true;
    /* R16: the trick's points go to its winner alone; a side already at the target (a hand
     * played out) may end the hand at any trick */
    int winner = obs->side_of_seat[won ? obs->seat : tricks->leader];
    if (tricks->hand_points[winner] + stake >= hand_target) return true;
    for (int side = 0; side < obs->sides; side++)
        if (tricks->hand_points[side] >= hand_target) return true;
    return false;
}

bool heuristic_trick_follow_may_end_or_meld(const game_observation_t *obs, int hand_target, int stake, bool won,
                                            int tile)
{
    return follow_may_end_or_meld(obs, hand_target, stake, won, tile);
}

TRICK_INLINE double follow_value(const trick_context_t *c, game_move_t move, bool narrow)
{
    const game_t *game = c->game;
    const heuristic_weights_t *w = c->weights;
    int led = c->obs->tricks.led, tile = move.tile;
    int stake = c->points[led] + c->points[tile];
    bool won = tileset_has(beating(c, led), tile);
    double value = w->points * (won ? stake : -stake) - w->save * strength(c, beaten_by(c, tile, narrow), narrow);
    /* Search playouts follow at every other step: the trial only where it can add anything
     * (its two terms are 0 otherwise; + 0.0 turns a -0 into 0 as they would). */
    if (!follow_may_end_or_meld(c->obs, c->hand_target, stake, won, tile)) return value + 0.0;
    /* What the observation cannot tell, the state can: about half the trials the test above
     * let through in pimc's Bingo left the hand in play without a meld, mostly where a side
     * already past 70 waits for the closer (R16, closed_opponent_70 = ignored). */
    if (game->follow_may_end_hand && !follow_may_meld(c->obs, won, tile) && !game->follow_may_end_hand(c->state, tile))
        return value + 0.0;
    memcpy(c->scratch, c->state, game->state_size);
    game->apply(c->scratch, move, NULL);
    if (won) value += w->points * meld_points_now(c, c->scratch);
    return value + outcome_value(c, c->scratch);
}

static int trumps_in(const trick_context_t *c, tileset_t tiles)
{
    return tileset_size(tileset_and(tiles, tileset_suit(c->obs->tricks.trump)));
}

TRICK_INLINE double lead_value(trick_context_t *c, game_move_t move, bool narrow)
{
    const heuristic_weights_t *w = c->weights;
    int tile = move.tile;
    tileset_t beaters = beaten_by(c, tile, narrow);
    double beaten = chance_holds_any(c, beaters, narrow);
    int discard = least_points(c, tileset_minus_narrow(c->candidates, beaters, narrow), narrow);
    double win = c->points[tile] + discard, loss = c->points[tile] + mean_points(c, beaters, narrow);
    double value = w->points * ((1 - beaten) * win - beaten * loss) - w->save * strength(c, beaters, narrow);
    int meld = tileset_is_double(tile) ? meld_points_if_won(c, tile) : 0; /* its first test, without the call */
    value += w->points * (1 - beaten) * meld;
    if (w->force != 0 && c->obs->tricks.closed && tileset_shows(tile, c->obs->tricks.trump)) {
        double theirs = tileset_size(tileset_and(c->known, tileset_suit(c->obs->tricks.trump))) +
                        c->p * trumps_in(c, tileset_minus(c->candidates, c->known));
        if (theirs > 0 && trumps_in(c, c->obs->hand) > theirs) value += w->force * theirs;
    }
    return value;
}

/* The points that are sure: the hand's points so far, and for every held tile that no tile
 * the opponent may hold beats, its points and a tile he must give to it: the k sure tricks
 * take at least his k cheapest candidates. */
TRICK_INLINE int sure_points(const trick_context_t *c, bool narrow)
{
    int sure = c->obs->tricks.hand_points[c->obs->side_of_seat[c->seat]], winners = 0;
    tileset_t hand = c->obs->hand;
    while (!tileset_is_empty(hand)) {
        int tile = tileset_pop_lowest(&hand);
        if (tileset_is_empty_narrow(beaten_by(c, tile, narrow), narrow)) {
            sure += c->points[tile];
            winners++;
        }
    }
    if (winners > c->obs->hand_size[c->opponent]) winners = c->obs->hand_size[c->opponent];
    /* his `winners` cheapest candidates, level by level from the cheapest */
    for (int level = 0; level < c->memo->levels && winners > 0; level++) {
        int here = tileset_size_narrow(tileset_and_narrow(c->candidates, c->memo->level_tiles[level], narrow), narrow);
        int taken = here < winners ? here : winners;
        sure += taken * c->memo->level_points[level];
        winners -= taken;
    }
    return sure;
}

TRICK_INLINE double move_value(trick_context_t *c, game_move_t move, bool narrow)
{
    switch (move.kind) {
    case GAME_MOVE_PLAY: return c->obs->tricks.led >= 0 ? follow_value(c, move, narrow) : lead_value(c, move, narrow);
    case GAME_MOVE_MELD: return c->weights->points * c->game->move_points(c->state, c->seat, move);
    case GAME_MOVE_CLOSE: return sure_points(c, narrow) >= c->weights->close ? MATCH_WIN_VALUE / 2 : -MATCH_WIN_VALUE / 2;
    default: return 0; /* END_TURN: a meld declined */
    }
}

TRICK_INLINE int pick_of(trick_context_t *c, const game_move_t *moves, int count, double *values, bool narrow)
{
    int best = 0;
    double best_value = 0;
    for (int i = 0; i < count; i++) {
        double value = move_value(c, moves[i], narrow);
        if (values) values[i] = value;
        if (i == 0 || value > best_value || (value == best_value && game_move_heavier(moves[i], moves[best]))) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

__attribute__((noinline)) static int pick_narrow(trick_context_t *c, const game_move_t *moves, int count,
                                                 double *values)
{
    return pick_of(c, moves, count, values, true);
}

__attribute__((noinline)) static int pick_wide(trick_context_t *c, const game_move_t *moves, int count, double *values)
{
    return pick_of(c, moves, count, values, false);
}

int heuristic_trick_pick_observed(const game_t *game, const void *state, const game_observation_t *observation,
                                  const game_move_t *moves, int count, const heuristic_weights_t *weights,
                                  void *scratch, heuristic_memo_t *memo, double *values)
{
    trick_context_t context;
    game_observation_t own;
    if (prepare(&context, game, state, observation, &own, weights, scratch, memo, false))
        return pick_narrow(&context, moves, count, values);
    return pick_wide(&context, moves, count, values);
}

int heuristic_trick_pick(const game_t *game, const void *state, const game_move_t *moves, int count,
                         const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values)
{
    return heuristic_trick_pick_observed(game, state, NULL, moves, count, weights, scratch, memo, values);
}

int heuristic_trick_pick_wide(const game_t *game, const void *state, const game_move_t *moves, int count,
                              const heuristic_weights_t *weights, void *scratch, heuristic_memo_t *memo, double *values)
{
    trick_context_t context;
    game_observation_t own;
    prepare(&context, game, state, NULL, &own, weights, scratch, memo, true);
    return pick_wide(&context, moves, count, values);
}
