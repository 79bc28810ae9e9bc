/* dominolab_learn.c - what learning code asks of the library (dominolab.h, "for learning
 * code"): actions, tensors and clones of one game, the vector of games stepped in one call,
 * and a learned network's forward pass. The numbering and the layouts are
 * agents/encoding.h's, which the net agent reads too. */
#include <stdlib.h>
#include <string.h>

#include "dl_internal.h"
#include "net.h"
#include "pcg32.h"

/* ------------------------------------------------------------------ one game */

static int check_encoding(const dl_game_t *g)
{
    if (!g->encoding.game) return lib_fail(g, "the game %s numbers no actions", g->game->name);
    return 0;
}

DL_EXPORT int dl_action_count(const dl_game_t *g)
{
    return !g || check_encoding(g) ? -1 : g->encoding.action_count;
}

DL_EXPORT int dl_observation_size(const dl_game_t *g) { return !g || check_encoding(g) ? -1 : g->encoding.size; }
DL_EXPORT int dl_state_size(const dl_game_t *g) { return !g || check_encoding(g) ? -1 : g->encoding.state_size; }

/* The legal moves now (0 outside a hand) into g's list. */
static int legal_now(const dl_game_t *g, game_move_t *moves)
{
    return g->game->status(g->state) == GAME_IN_HAND ? g->game->legal_moves(g->state, moves) : 0;
}

DL_EXPORT int dl_action_mask(const dl_game_t *g, unsigned char *mask)
{
    if (!g || check_encoding(g)) return -1;
    if (!mask) return lib_fail(g, "mask is NULL: it holds dl_action_count bytes");
    game_move_t moves[GAME_MAX_MOVES];
    return encoding_mask(&g->encoding, moves, legal_now(g, moves), mask, NULL, NULL);
}

DL_EXPORT int dl_action_of(const dl_game_t *g, dl_move_t move)
{
    if (!g || check_encoding(g)) return -1;
    game_move_t m;
    memcpy(&m, &move, sizeof m);
    int action = encoding_action(&g->encoding, m);
    if (action < 0) return lib_fail(g, "the move is none the rules of %s can make", g->game->name);
    return action;
}

/* The legal move numbered `action`, into *out; -1 with the reason. */
static int legal_move_of(const dl_game_t *g, int action, game_move_t *out)
{
    if (check_encoding(g)) return -1;
    if (action < 0 || action >= g->encoding.action_count)
        return lib_fail(g, "action %d: the actions are 0 to %d", action, g->encoding.action_count - 1);
    game_move_t moves[GAME_MAX_MOVES];
    int count = legal_now(g, moves);
    if (count == 0) return lib_fail(g, "action %d: there are no legal moves: %s", action, lib_no_hand_reason(g));
    for (int i = 0; i < count; i++)
        if (encoding_action(&g->encoding, moves[i]) == action) {
            *out = moves[i];
            return 0;
        }
    return lib_fail(g, "action %d is not legal now", action);
}

DL_EXPORT int dl_action_move(const dl_game_t *g, int action, dl_move_t *out)
{
    if (!g) return -1;
    if (!out) return lib_fail(g, "out is NULL");
    game_move_t move;
    if (legal_move_of(g, action, &move)) return -1;
    memcpy(out, &move, sizeof *out);
    return 0;
}

DL_EXPORT int dl_apply_action(dl_game_t *g, int action)
{
    dl_move_t move;
    if (dl_action_move(g, action, &move)) return -1;
    return dl_apply(g, move);
}

DL_EXPORT int dl_observation_tensor(const dl_game_t *g, int seat, float *out)
{
    if (!g || check_encoding(g) || lib_check_seat(g, seat)) return -1;
    if (!out) return lib_fail(g, "out is NULL: it holds dl_observation_size floats");
    game_observation_t o;
    g->game->observe(g->state, seat, &o);
    encoding_observation(&g->encoding, &o, out);
    return 0;
}

/* The observation of the seat to move, then every seat's hand from that seat on. */
DL_EXPORT int dl_state_tensor(const dl_game_t *g, float *out)
{
    if (!g || check_encoding(g)) return -1;
    if (!out) return lib_fail(g, "out is NULL: it holds dl_state_size floats");
    const encoding_t *e = &g->encoding;
    int seat = g->game->to_move(g->state);
    if (seat < 0) seat = 0;
    game_observation_t o;
    g->game->observe(g->state, seat, &o);
    encoding_observation(e, &o, out);
    /* not encoding.c's planes, which write whole bytes past a plane's end: here the last
     * plane ends the caller's buffer */
    float *hands = out + e->size;
    memset(hands, 0, (size_t)(e->seats * e->bounds.tiles) * sizeof *hands);
    for (int k = 0; k < e->seats; k++) {
        game_observation_t other;
        g->game->observe(g->state, (seat + k) % e->seats, &other);
        tileset_t hand = other.hand;
        while (!tileset_is_empty(hand)) {
            int tile = tileset_pop_lowest(&hand);
            if (tile < e->bounds.tiles) hands[k * e->bounds.tiles + tile] = 1;
        }
    }
    return 0;
}

DL_EXPORT int dl_deal_shape(const dl_game_t *g, int *hand_sizes)
{
    if (!g) return -1;
    if (!hand_sizes) return lib_fail(g, "hand_sizes is NULL: it holds DL_MAX_SEATS counts");
    /* a hand dealt from a fresh match of the same rules: its sizes are every hand's */
    void *state = malloc(g->game->state_size);
    if (!state) return lib_fail(g, "out of memory");
    g->game->match_start(state, g->rules, g->seed);
    g->game->deal(state, NULL);
    game_deal_t deal;
    g->game->get_deal(state, &deal);
    free(state);
    for (int seat = 0; seat < deal.seats; seat++) hand_sizes[seat] = deal.hand_size[seat];
    return deal.stock_size;
}

DL_EXPORT int dl_hand_winner(const dl_game_t *g)
{
    if (!g) return -1;
    if (g->game->hand_number(g->state) == 0 || g->game->status(g->state) == GAME_IN_HAND) return -1;
    return g->game->last_hand_end(g->state).seat;
}

DL_EXPORT dl_game_t *dl_game_clone(const dl_game_t *g, char *error, size_t error_size)
{
    if (!g) {
        lib_report(error, error_size, "no game: the dl_game_t pointer is NULL");
        return NULL;
    }
    dl_game_t *copy = malloc(sizeof *copy);
    void *state = malloc(g->game->state_size), *saved = malloc(g->game->state_size);
    if (!copy || !state || !saved) {
        free(copy);
        free(state);
        free(saved);
        lib_report(error, error_size, "out of memory");
        return NULL;
    }
    *copy = *g;
    memcpy(state, g->state, g->game->state_size);
    copy->state = state;
    copy->saved_state = saved;
    copy->error = copy->error_text;
    copy->error_text[0] = '\0';
    copy->record = NULL; /* the record stays the original's: one match, one file */
    memset(&copy->sink, 0, sizeof copy->sink);
    memset(&copy->setup, 0, sizeof copy->setup);
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) copy->specs[seat] = copy->spec[seat];
    copy->shared->users++;
    return copy;
}

/* ------------------------------------------------------------------ many games */

struct dl_vec {
    const game_t *game;
    shared_rules_t *shared;
    encoding_t encoding;
    int count, seats, sides, episode, reward;
    bool lower_wins;
    uint64_t seed;
    unsigned char *states;  /* count x state_size */
    unsigned char *masks;   /* count x action_count: the legal actions of each game now */
    int16_t *legal;         /* count x action_count: each game's legal actions, in order */
    int *legal_count;       /* per game: how many */
    game_move_t *move_of;   /* count x action_count: the move of each legal action */
    uint64_t *matches;      /* per game: the matches started, for the next one's seed */
    int *scores;            /* count x sides: after the last step */
    pcg32_t rng;            /* dl_vec_random_actions */
    char error[DL_ERROR_SIZE];
};

static void *state_of(const dl_vec_t *v, int i) { return v->states + (size_t)i * v->game->state_size; }

/* Game i's next match; after its first, the match that follows the one just over, where the
 * rules carry something over (Partnership R5: who starts). */
static void start_match(dl_vec_t *v, int i)
{
    uint64_t seed = pcg32_mix(pcg32_mix(v->seed ^ pcg32_mix((uint64_t)i)) + v->matches[i]);
    if (v->matches[i]++ > 0 && v->game->match_start_next)
        v->game->match_start_next(state_of(v, i), v->shared->rules, seed);
    else
        v->game->match_start(state_of(v, i), v->shared->rules, seed);
}

/* Deals on until game i is at a decision, starting a new match where one is over. */
static void to_decision(dl_vec_t *v, int i)
{
    void *state = state_of(v, i);
    for (;;) {
        game_status_t status = v->game->status(state);
        if (status == GAME_IN_HAND && v->game->to_move(state) >= 0) return;
        if (status == GAME_MATCH_OVER) {
            start_match(v, i);
            v->game->scores(state, &v->scores[i * v->sides]);
        } else {
            v->game->deal(state, NULL);
        }
    }
}

/* Game i's row of every output array, and its legal actions and their moves. */
static void write_row(dl_vec_t *v, int i, float *observations, unsigned char *masks, int *to_move)
{
    const encoding_t *e = &v->encoding;
    void *state = state_of(v, i);
    game_move_t moves[GAME_MAX_MOVES];
    size_t row = (size_t)i * (size_t)e->action_count;
    v->legal_count[i] = encoding_mask(e, moves, v->game->legal_moves(state, moves), v->masks + row, v->legal + row,
                                      v->move_of + row);
    if (masks) memcpy(masks + row, v->masks + row, (size_t)e->action_count);
    int seat = v->game->to_move(state);
    if (to_move) to_move[i] = seat;
    if (observations) {
        game_observation_t o;
        v->game->observe(state, seat, &o);
        encoding_observation(e, &o, observations + (size_t)i * (size_t)e->size);
    }
}

static void free_arrays(dl_vec_t *v)
{
    free(v->states);
    free(v->masks);
    free(v->legal);
    free(v->legal_count);
    free(v->move_of);
    free(v->matches);
    free(v->scores);
}

DL_EXPORT dl_vec_t *dl_vec_create(const char *game, const char *preset, int players, const char *const *options,
                                  int count, uint64_t seed, int episode, int reward, char *error, size_t error_size)
{
    if (count < 1 || count > (1 << 24)) {
        lib_report(error, error_size, "count %d: 1 to %d games", count, 1 << 24);
        return NULL;
    }
    if (episode != DL_EPISODE_HAND && episode != DL_EPISODE_MATCH) {
        lib_report(error, error_size, "episode %d: DL_EPISODE_HAND (0) or DL_EPISODE_MATCH (1)", episode);
        return NULL;
    }
    if (reward != DL_REWARD_POINTS && reward != DL_REWARD_WIN) {
        lib_report(error, error_size, "reward %d: DL_REWARD_POINTS (0) or DL_REWARD_WIN (1)", reward);
        return NULL;
    }
    /* a game made as dl_game_create makes one checks the configuration and gives the rules */
    dl_game_t *model = dl_game_create(game, preset, players, options, 1, error, error_size);
    if (!model) return NULL;
    if (check_encoding(model)) {
        lib_report(error, error_size, "%s", model->error);
        dl_game_destroy(model);
        return NULL;
    }
    dl_vec_t *v = calloc(1, sizeof *v);
    size_t n = (size_t)count;
    if (v) {
        v->states = malloc(n * model->game->state_size);
        v->masks = malloc(n * (size_t)model->encoding.action_count);
        v->legal = malloc(n * (size_t)model->encoding.action_count * sizeof *v->legal);
        v->legal_count = calloc(n, sizeof *v->legal_count);
        v->move_of = malloc(n * (size_t)model->encoding.action_count * sizeof *v->move_of);
        v->matches = calloc(n, sizeof *v->matches);
        v->scores = calloc(n * GAME_MAX_SEATS, sizeof *v->scores);
    }
    if (!v || !v->states || !v->masks || !v->legal || !v->legal_count || !v->move_of || !v->matches || !v->scores) {
        if (v) free_arrays(v);
        free(v);
        dl_game_destroy(model);
        lib_report(error, error_size, "out of memory for %d games", count);
        return NULL;
    }
    v->game = model->game;
    v->shared = model->shared;
    v->shared->users++; /* the vector keeps the rules when the model goes */
    v->encoding = model->encoding;
    v->count = count;
    v->seats = model->encoding.seats;
    v->sides = model->encoding.sides;
    v->lower_wins = v->game->lower_score_wins && v->game->lower_score_wins(v->shared->rules);
    v->episode = episode;
    v->reward = reward;
    v->seed = seed;
    dl_game_destroy(model);
    dl_vec_reset(v, seed, NULL, NULL, NULL);
    return v;
}

DL_EXPORT void dl_vec_destroy(dl_vec_t *v)
{
    if (!v) return;
    lib_release_rules(v->shared);
    free_arrays(v);
    free(v);
}

DL_EXPORT const char *dl_vec_error(const dl_vec_t *v) { return v ? v->error : "no vector: the dl_vec_t pointer is NULL"; }
DL_EXPORT int dl_vec_count(const dl_vec_t *v) { return v ? v->count : -1; }
DL_EXPORT int dl_vec_seats(const dl_vec_t *v) { return v ? v->seats : -1; }
DL_EXPORT int dl_vec_action_count(const dl_vec_t *v) { return v ? v->encoding.action_count : -1; }
DL_EXPORT int dl_vec_observation_size(const dl_vec_t *v) { return v ? v->encoding.size : -1; }

DL_EXPORT int dl_vec_reset(dl_vec_t *v, uint64_t seed, float *observations, unsigned char *masks, int *to_move)
{
    if (!v) return -1;
    v->seed = seed;
    pcg32_seed(&v->rng, pcg32_mix(v->seed ^ 0x5eed), 52);
    for (int i = 0; i < v->count; i++) {
        v->matches[i] = 0;
        start_match(v, i);
        v->game->scores(state_of(v, i), &v->scores[i * v->sides]);
        to_decision(v, i);
        write_row(v, i, observations, masks, to_move);
    }
    return 0;
}

/* The episode's end for game i, after its last move: +1 for the winning side's seats (the
 * hand's, or the match's), -1 for the others, 0 for a draw. */
static void win_rewards(const dl_vec_t *v, const void *state, float *rewards)
{
    int winner = v->episode == DL_EPISODE_MATCH ? v->game->match_winner(state) : v->game->last_hand_end(state).seat;
    for (int s = 0; s < v->seats; s++)
        rewards[s] = winner < 0 ? 0.0f : v->game->side_of_seat(v->shared->rules, s) == winner ? 1.0f : -1.0f;
}

/* Plays game i's move, writes its rewards and whether its episode ended; returns the tiles
 * placed (0 or 1). */
static int step_game(dl_vec_t *v, int i, game_move_t move, float *rewards, unsigned char *done)
{
    void *state = state_of(v, i);
    v->game->apply(state, move, NULL);
    game_status_t status = v->game->status(state);
    bool ended = status == GAME_MATCH_OVER || (status == GAME_BETWEEN_HANDS && v->episode == DL_EPISODE_HAND);
    int *before = &v->scores[i * v->sides], after[GAME_MAX_SEATS];
    v->game->scores(state, after);
    for (int s = 0; rewards && v->reward == DL_REWARD_POINTS && s < v->seats; s++) {
        int side = v->game->side_of_seat(v->shared->rules, s);
        rewards[s] = (float)(after[side] - before[side]) * (v->lower_wins ? -1.0f : 1.0f);
    }
    if (rewards && v->reward == DL_REWARD_WIN) {
        for (int s = 0; s < v->seats; s++) rewards[s] = 0;
        if (ended) win_rewards(v, state, rewards);
    }
    memcpy(before, after, (size_t)v->sides * sizeof *before);
    if (done) *done = ended;
    return move.kind == GAME_MOVE_PLAY;
}

DL_EXPORT int dl_vec_step(dl_vec_t *v, const int *actions, float *observations, unsigned char *masks, int *to_move,
                          float *rewards, unsigned char *dones)
{
    if (!v) return -1;
    if (!actions) {
        snprintf(v->error, sizeof v->error, "actions is NULL: it holds one action per game");
        return -1;
    }
    const encoding_t *e = &v->encoding;
    for (int i = 0; i < v->count; i++) /* all checked before any is played: nothing half-done */
        if (actions[i] < 0 || actions[i] >= e->action_count ||
            !v->masks[(size_t)i * (size_t)e->action_count + (size_t)actions[i]]) {
            snprintf(v->error, sizeof v->error, "game %d: action %d is not legal now", i, actions[i]);
            return -1;
        }
    int placed = 0;
    for (int i = 0; i < v->count; i++) {
        game_move_t move = v->move_of[(size_t)i * (size_t)e->action_count + (size_t)actions[i]];
        placed += step_game(v, i, move, rewards ? rewards + (size_t)i * (size_t)v->seats : NULL,
                            dones ? dones + i : NULL);
        to_decision(v, i);
        write_row(v, i, observations, masks, to_move);
    }
    return placed;
}

DL_EXPORT int dl_vec_random_actions(dl_vec_t *v, int *actions)
{
    if (!v) return -1;
    if (!actions) {
        snprintf(v->error, sizeof v->error, "actions is NULL: it holds one action per game");
        return -1;
    }
    size_t A = (size_t)v->encoding.action_count;
    for (int i = 0; i < v->count; i++)
        actions[i] = v->legal[(size_t)i * A + pcg32_below(&v->rng, (uint32_t)v->legal_count[i])];
    return 0;
}

/* ------------------------------------------------------------------ a learned network */

DL_EXPORT int dl_net_evaluate(const char *model_path, const float *input, int input_size, float *logits,
                              int logits_size, float *value, char *error, size_t error_size)
{
    const char *missing = !model_path ? "model_path" : !input ? "input" : !logits ? "logits" : !value ? "value" : NULL;
    if (missing) {
        lib_report(error, error_size, "%s is NULL", missing);
        return -1;
    }
    char message[DL_ERROR_SIZE];
    net_t *net;
    if (net_load(model_path, &net, message, sizeof message)) {
        lib_report(error, error_size, "%s", message);
        return -1;
    }
    int rc = -1;
    float *scratch = NULL;
    if (input_size != net_inputs(net))
        lib_report(error, error_size, "%s: the network takes %d inputs, not %d", model_path, net_inputs(net),
                   input_size);
    else if (logits_size != net_actions(net))
        lib_report(error, error_size, "%s: the network gives %d logits, not %d", model_path, net_actions(net),
                   logits_size);
    else if (!(scratch = malloc((net_scratch_size(net) + 1) * sizeof *scratch)))
        lib_report(error, error_size, "%s: out of memory", model_path);
    else {
        net_forward(net, input, logits, value, scratch);
        rc = 0;
    }
    free(scratch);
    net_free(net);
    return rc;
}
