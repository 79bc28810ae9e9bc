/* encoding.c - the actions and the observation vector of encoding.h.
 *
 * Seats and sides are counted from the observer: relative seat k is seat (seat + k) mod
 * seats, relative side j is side (its side + j) mod sides, so one model plays every seat.
 * Counts are divided by the tiles of a set and scores by the target, to keep every input
 * near [0, 1] (docs/python.md gives each block's place and scale).
 */
#include "encoding.h"

#include <string.h>

enum { SPECIAL_ACTIONS = 5 }; /* draw, pass, end turn, close, meld */

/* The tile numbers of a set of `tiles` tiles: n + 1 numbers make (n + 1)(n + 2) / 2 tiles. */
static int numbers_of(int tiles)
{
    int numbers = 1;
    while (numbers * (numbers + 1) / 2 < tiles) numbers++;
    return numbers;
}

/* The floats of the game's own facts. */
static int facts_size(const game_t *game, int seats, int numbers)
{
    int size = 0;
    for (int i = 0; i < game->fact_count; i++)
        size += (game->facts[i].per_seat ? seats : 1) * (game->facts[i].kind == GAME_FACT_NUMBERS ? numbers : 1);
    return size;
}

int encoding_init(encoding_t *e, const game_t *game, const game_rules_t *rules)
{
    memset(e, 0, sizeof *e);
    if (!game->move_bounds) return -1;
    e->game = game;
    game->move_bounds(rules, &e->bounds);
    int T = e->bounds.tiles, E = e->bounds.ends;
    if (T <= 0 || T > TILESET_MAX_BITS || E < 0 || E > GAME_MAX_ENDS) return -1;
    e->numbers = numbers_of(T);
    e->seats = game->seat_count(rules);
    e->sides = game->side_count(rules);
    e->slots = E + 1;
    e->special = T * e->slots;
    e->choice = e->special + SPECIAL_ACTIONS;
    e->action_count = e->choice + e->bounds.decisions * e->bounds.answers;
    int S = e->seats, D = e->sides, N = e->numbers;
    int tiles = (3 + (S - 1)) * T; /* hand, table, unseen, the others' lacks */
    int layout = E > 0 ? E * (N + 2) : N + 2 * T + 1 + S + D * T + S * T + D;
    int counts = 3 * S + 3 + D + S; /* hand sizes, draws, passes; stock, drawable, table; scores; to move */
    e->size = tiles + layout + counts + facts_size(game, S, N);
    e->state_size = e->size + S * T;
    return 0;
}

int encoding_action(const encoding_t *e, game_move_t move)
{
    switch (move.kind) {
    case GAME_MOVE_PLAY:
        if (move.tile >= e->bounds.tiles) return ENCODING_NO_MOVE;
        if (move.end == GAME_NO_END) return move.tile * e->slots;
        return move.end < e->bounds.ends ? move.tile * e->slots + 1 + move.end : ENCODING_NO_MOVE;
    case GAME_MOVE_DRAW: return e->special;
    case GAME_MOVE_PASS: return e->special + 1;
    case GAME_MOVE_END_TURN: return e->special + 2;
    case GAME_MOVE_CLOSE: return e->special + 3;
    case GAME_MOVE_MELD: return e->special + 4;
    case GAME_MOVE_CHOICE:
        if (move.end >= e->bounds.decisions || move.extra >= e->bounds.answers) return ENCODING_NO_MOVE;
        return e->choice + move.end * e->bounds.answers + move.extra;
    default: return ENCODING_NO_MOVE;
    }
}

int encoding_mask(const encoding_t *e, const game_move_t *moves, int count, uint8_t *mask, int16_t *move_of)
{
    memset(mask, 0, (size_t)e->action_count);
    if (move_of)
        for (int a = 0; a < e->action_count; a++) move_of[a] = ENCODING_NO_MOVE;
    int legal = 0;
    for (int i = 0; i < count; i++) {
        int action = encoding_action(e, moves[i]);
        if (action < 0 || mask[action]) continue; /* a move said twice is one action */
        mask[action] = 1;
        if (move_of) move_of[action] = (int16_t)i;
        legal++;
    }
    return legal;
}

/* ------------------------------------------------------------------ the observation */

static float *tile_plane(float *at, tileset_t tiles, int T)
{
    while (!tileset_is_empty(tiles)) {
        int t = tileset_pop_lowest(&tiles);
        if (t < T) at[t] = 1;
    }
    return at + T;
}

static float *one_hot(float *at, int value, int size)
{
    if (value >= 0 && value < size) at[value] = 1;
    return at + size;
}

static float *ends_block(const encoding_t *e, const game_ends_t *ends, float *at)
{
    for (int k = 0; k < e->bounds.ends; k++) {
        if (k < ends->count) {
            one_hot(at, ends->number[k], e->numbers);
            at[e->numbers] = ends->is_double[k] ? 1.0f : 0.0f;
            at[e->numbers + 1] = ends->open[k] ? 1.0f : 0.0f;
        }
        at += e->numbers + 2;
    }
    return at;
}

static float *tricks_block(const encoding_t *e, const game_observation_t *o, float *at)
{
    const game_tricks_t *t = &o->tricks;
    int T = e->bounds.tiles, S = e->seats, D = e->sides, own_side = o->side_of_seat[o->seat];
    at = one_hot(at, t->trump, e->numbers);
    at = one_hot(at, t->face_up, T);
    at = one_hot(at, t->led, T);
    *at++ = t->closed ? 1.0f : 0.0f;
    at = one_hot(at, t->leader >= 0 ? (t->leader - o->seat + S) % S : -1, S);
    for (int j = 0; j < D; j++) at = tile_plane(at, t->won[(own_side + j) % D], T);
    for (int k = 0; k < S; k++) at = tile_plane(at, t->shown[(o->seat + k) % S], T);
    for (int j = 0; j < D; j++) *at++ = (float)t->hand_points[(own_side + j) % D] / 100.0f;
    return at;
}

static float *facts_block(const encoding_t *e, const game_observation_t *o, float *at)
{
    const game_t *game = e->game;
    for (int i = 0; i < game->fact_count; i++) {
        const game_fact_t *fact = &game->facts[i];
        int offset = game_fact_at(game, fact->name), values = fact->per_seat ? e->seats : 1;
        for (int k = 0; k < values; k++) {
            int value = o->facts[offset + (fact->per_seat ? (o->seat + k) % e->seats : 0)];
            if (fact->kind != GAME_FACT_NUMBERS) {
                *at++ = (float)value / 100.0f;
                continue;
            }
            for (int n = 0; n < e->numbers; n++) at[n] = (float)((unsigned)value >> n & 1);
            at += e->numbers;
        }
    }
    return at;
}

void encoding_observation(const encoding_t *e, const game_observation_t *o, float *out)
{
    int T = e->bounds.tiles, S = e->seats, D = e->sides, seat = o->seat, own_side = o->side_of_seat[seat];
    float per_tile = 1.0f / (float)T, target = o->target > 0 ? (float)o->target : 100.0f;
    memset(out, 0, (size_t)e->size * sizeof *out);
    float *at = tile_plane(out, o->hand, T);
    at = tile_plane(at, o->table, T);
    at = tile_plane(at, o->unseen, T);
    for (int k = 1; k < S; k++) at = tile_plane(at, o->lacks[(seat + k) % S], T);
    at = e->bounds.ends > 0 ? ends_block(e, &o->ends, at) : tricks_block(e, o, at);
    for (int k = 0; k < S; k++) {
        int other = (seat + k) % S;
        at[k] = (float)o->hand_size[other] * per_tile;
        at[S + k] = (float)o->draws[other] * per_tile;
        at[2 * S + k] = (float)o->passes[other] * per_tile;
    }
    at += 3 * S;
    *at++ = (float)o->stock_size * per_tile;
    *at++ = (float)o->stock_drawable * per_tile;
    *at++ = (float)o->table_count * per_tile;
    for (int j = 0; j < D; j++) *at++ = (float)o->score[(own_side + j) % D] / target;
    at = one_hot(at, o->to_move >= 0 ? (o->to_move - seat + S) % S : -1, S);
    facts_block(e, o, at);
}
