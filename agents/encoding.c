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
    e->in_play = tileset_full(N - 1);
    if (game->fact_count > GAME_MAX_FACT_VALUES) return -1;
    for (int i = 0; i < game->fact_count; i++) e->fact_at[i] = game_fact_at(game, game->facts[i].name);
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

int encoding_mask(const encoding_t *e, const game_move_t *moves, int count, uint8_t *mask, int16_t *legal,
                  game_move_t *move_of)
{
    memset(mask, 0, (size_t)e->action_count);
    int distinct = 0;
    for (int i = 0; i < count; i++) {
        int action = encoding_action(e, moves[i]);
        if (action < 0 || mask[action]) continue; /* a move said twice is one action */
        mask[action] = 1;
        if (legal) legal[distinct] = (int16_t)action;
        if (move_of) move_of[action] = moves[i];
        distinct++;
    }
    return distinct;
}

/* ------------------------------------------------------------------ the observation */

/* bit_floats[b][k]: bit k of b as a float, so that a byte of a tile set becomes eight
 * floats in one copy (the planes are most of an observation's cost). */
#define BITS_1(b)                                                                                                   \
    {(float)((b) & 1), (float)((b) >> 1 & 1), (float)((b) >> 2 & 1), (float)((b) >> 3 & 1), (float)((b) >> 4 & 1), \
     (float)((b) >> 5 & 1), (float)((b) >> 6 & 1), (float)((b) >> 7 & 1)}
#define BITS_2(b) BITS_1(b), BITS_1((b) + 1)
#define BITS_4(b) BITS_2(b), BITS_2((b) + 2)
#define BITS_8(b) BITS_4(b), BITS_4((b) + 4)
#define BITS_16(b) BITS_8(b), BITS_8((b) + 8)
#define BITS_32(b) BITS_16(b), BITS_16((b) + 16)
#define BITS_64(b) BITS_32(b), BITS_32((b) + 32)
#define BITS_128(b) BITS_64(b), BITS_64((b) + 64)
static const float bit_floats[256][8] = {BITS_128(0), BITS_128(128)};

/* tiles, of the set in play (a game may note a lack by a whole double-twelve suit), as a
 * plane of T floats. It writes whole bytes: up to 7 zeros past the plane, into the block
 * after it, which is written next (no plane ends an observation). */
static float *tile_plane(const encoding_t *e, float *at, tileset_t tiles)
{
    int T = e->bounds.tiles;
    for (int word = 0; word * 64 < T; word++) {
        uint64_t bits = tiles.w[word] & e->in_play.w[word];
        for (int byte = 0; byte < 8 && word * 64 + byte * 8 < T; byte++)
            memcpy(at + word * 64 + byte * 8, bit_floats[bits >> (8 * byte) & 255], sizeof bit_floats[0]);
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
    for (int j = 0; j < D; j++) at = tile_plane(e, at, t->won[(own_side + j) % D]);
    for (int k = 0; k < S; k++) at = tile_plane(e, at, t->shown[(o->seat + k) % S]);
    for (int j = 0; j < D; j++) *at++ = (float)t->hand_points[(own_side + j) % D] / 100.0f;
    return at;
}

static float *facts_block(const encoding_t *e, const game_observation_t *o, float *at)
{
    const game_t *game = e->game;
    for (int i = 0; i < game->fact_count; i++) {
        const game_fact_t *fact = &game->facts[i];
        int offset = e->fact_at[i], values = fact->per_seat ? e->seats : 1;
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
    float *at = tile_plane(e, out, o->hand);
    at = tile_plane(e, at, o->table);
    at = tile_plane(e, at, o->unseen);
    for (int k = 1; k < S; k++) at = tile_plane(e, at, o->lacks[(seat + k) % S]);
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
