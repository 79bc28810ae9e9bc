/* policy.c - rollout policies, playouts and the value of a finished playout (policy.h). */
#include "policy.h"

#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "net.h"

const char *const policy_names[] = {"random", "greedy", "heuristic", "net", NULL};

void search_context_init(search_context_t *context, const game_t *game, const game_rules_t *rules,
                         policy_kind_t policy, void *scratch)
{
    memset(context, 0, sizeof *context);
    context->game = game;
    context->rules = rules;
    context->sides = game->side_count(rules);
    context->policy = policy;
    /* Playouts skip the heuristic's deny feature: in a playout the next seat's reply is
     * played out anyway, and deny costs a trial move and a placement count per candidate
     * tile. Measured as pimc:rollout=heuristic against heuristic, about as strong either
     * way in Bergen 2p and Double Bergen, and much faster. The team game's bonus feature is
     * skipped for the same reason: the next seat's pass and its bonus, and the last tile,
     * are played out (faster in Partnership; docs/agents.md, "Measurements behind the
     * defaults", and docs/performance.md, "Why the code is shaped so"). */
    context->weights = heuristic_default_weights;
    context->weights.deny = 0;
    context->weights.bonus = 0;
    context->scratch = scratch;
    heuristic_memo_init(&context->memo, game);
    context->win_value = 1;
}

int search_net_open(search_context_t *context, const char *agent_name, const char *model, bool read_elsewhere,
                    char *error, size_t error_size)
{
    bool wanted = context->policy == POLICY_NET;
    if (!wanted && read_elsewhere) return 0; /* its reader (the belief, the prior) opens its own */
    if (wanted && !model[0]) {
        snprintf(error, error_size, "agent %s: rollout=net needs the network's file: model=FILE", agent_name);
        return -1;
    }
    if (!wanted) {
        if (!model[0]) return 0;
        snprintf(error, error_size, "agent %s: model=%s is read by rollout=net, values=net or prior alone (the rollout is %s)",
                 agent_name, model, policy_names[context->policy]);
        return -1;
    }
    char message[512];
    context->net = net_player_create(model, context->game, context->rules, message, sizeof message);
    if (!context->net) {
        snprintf(error, error_size, "agent %s: %s", agent_name, message);
        return -1;
    }
    return 0;
}

void search_net_close(search_context_t *context)
{
    net_player_destroy(context->net);
    context->net = NULL;
}

void search_context_set_target(search_context_t *context, const void *state)
{
    game_observation_t observation;
    context->game->observe(state, context->game->to_move(state) >= 0 ? context->game->to_move(state) : 0,
                           &observation);
    context->win_value = observation.target > 0 ? observation.target : 1;
}

/* POLICY_NET's pick on the observation in the player (its seat to move). */
static int net_pick(net_player_t *net, const game_move_t *moves, int count)
{
    net_player_evaluate(net);
    return net_player_pick(net, moves, count, 0, NULL);
}

int policy_pick(search_context_t *context, const void *state, const game_move_t *moves, int count, pcg32_t *rng)
{
    if (count == 1) return 0;
    switch (context->policy) {
    case POLICY_GREEDY: return game_most_points_index(context->game, state, moves, count);
    case POLICY_HEURISTIC:
        return heuristic_pick(context->game, state, moves, count, &context->weights, context->scratch, &context->memo);
    case POLICY_NET:
        context->game->observe(state, context->game->to_move(state), &context->net->observation);
        return net_pick(context->net, moves, count);
    case POLICY_RANDOM:
    default: return (int)pcg32_below(rng, (uint32_t)count);
    }
}

/* GAME_CHOOSE_OBSERVED's pick for heuristic playouts: the game asks only where two or more
 * moves are legal, as policy_pick would, and keeps the observation of the seat to move up
 * to date in the memo, which the heuristic then reads rather than observe the whole
 * position anew at every choice. That observation is the pick's context (game_playout.h),
 * and the search is the context that holds it. */
static int heuristic_playout_pick(void *observation, const void *state, const game_move_t *moves, const int *points,
                                  int count)
{
    search_context_t *search =
        (search_context_t *)((char *)observation - offsetof(search_context_t, memo.observation));
    return heuristic_pick_observed(search->game, state, observation, moves, points, count, &search->weights,
                                   search->scratch, &search->memo);
}

/* GAME_CHOOSE_OBSERVED's pick for net playouts: the observation the game keeps up to date is
 * the player's own, from which the player is found. */
static int net_playout_pick(void *observation, const void *state, const game_move_t *moves, const int *points,
                            int count)
{
    (void)state;
    (void)points;
    net_player_t *net = (net_player_t *)((char *)observation - offsetof(net_player_t, observation));
    return net_pick(net, moves, count);
}

int search_playout(search_context_t *context, void *state, pcg32_t *rng)
{
    const game_t *game = context->game;
    if (game->playout) { /* the game plays the hand itself, the heuristic or the net called back at each choice */
        game_chooser_t chooser = {.rule = GAME_CHOOSE_UNIFORM, .rng = rng};
        if (context->policy == POLICY_GREEDY) chooser.rule = GAME_CHOOSE_MOST_POINTS;
        if (context->policy == POLICY_HEURISTIC)
            chooser = (game_chooser_t){.rule = GAME_CHOOSE_OBSERVED, .pick = heuristic_playout_pick,
                                       .context = &context->memo.observation};
        if (context->policy == POLICY_NET)
            chooser = (game_chooser_t){.rule = GAME_CHOOSE_OBSERVED, .pick = net_playout_pick,
                                       .context = &context->net->observation};
        return game_playout_all(game, state, chooser);
    }
    game_move_t moves[GAME_MAX_MOVES];
    int plies = 0;
    while (game->status(state) == GAME_IN_HAND) {
        int count = game->legal_moves(state, moves);
        game->apply(state, moves[policy_pick(context, state, moves, count, rng)], NULL);
        plies++;
    }
    return plies;
}

/* What search_value reads of a state, once for every side it values. */
typedef struct standing {
    int scores[GAME_MAX_SEATS];
    int sign;   /* game_score_sign: penalties, fewer is ahead */
    bool over;  /* the match is over */
    int winner; /* its winning side, -1 a draw or not over */
} standing_t;

/* Filled in place, not returned: the scores are stored an int at a time by the game, and
 * the copy of a returned standing read them 16 bytes at once, a load that waits for the
 * stores it spans (docs/performance.md, "Why the code is shaped so"). */
static void read_standing(const search_context_t *context, const void *state, standing_t *standing)
{
    context->game->scores(state, standing->scores);
    standing->sign = game_score_sign(context->game, context->rules);
    standing->over = context->game->status(state) == GAME_MATCH_OVER;
    standing->winner = standing->over ? context->game->match_winner(state) : -1;
}

/* The value of `side` ahead of the best other side by `margin`: with the win bonus once the
 * match is over. */
static double margin_value(const search_context_t *context, const standing_t *standing, int side, int margin)
{
    double value = margin;
    if (standing->over) {
        if (standing->winner == side) value += context->win_value;
        else if (standing->winner >= 0) value -= context->win_value;
    }
    return value;
}

static double value_of_side(const search_context_t *context, const standing_t *standing, int side)
{
    const int *scores = standing->scores;
    int sign = standing->sign;
    /* Against the best other side, not their mean: with three or more sides what decides a
     * hand or a match is being ahead of the strongest rival: pimc's lead over heuristic in
     * 4-player Bergen was larger so (docs/agents.md, "Measurements behind the defaults").
     * With two sides both read the same. */
    int best = 0;
    bool any = false;
    for (int other = 0; other < context->sides; other++)
        if (other != side && (!any || sign * scores[other] > best)) {
            best = sign * scores[other];
            any = true;
        }
    return margin_value(context, standing, side, sign * scores[side] - (any ? best : 0));
}

double search_value(const search_context_t *context, const void *state, int side)
{
    standing_t standing;
    read_standing(context, state, &standing);
    return value_of_side(context, &standing, side);
}

/* value_of_side for every side, the best other side found once: the best of all (the
 * first of equals), and the best of the rest for that one side. The same integers, so the
 * same values (ismcts values every side at every iteration). */
void search_values(const search_context_t *context, const void *state, double *values)
{
    standing_t standing;
    read_standing(context, state, &standing);
    int sides = context->sides, sign = standing.sign, top = 0;
    if (sides < 2) {
        for (int side = 0; side < sides; side++) values[side] = value_of_side(context, &standing, side);
        return;
    }
    for (int side = 1; side < sides; side++)
        if (sign * standing.scores[side] > sign * standing.scores[top]) top = side;
    int runner_up = top == 0 ? 1 : 0;
    for (int side = runner_up + 1; side < sides; side++)
        if (side != top && sign * standing.scores[side] > sign * standing.scores[runner_up]) runner_up = side;
    for (int side = 0; side < sides; side++) {
        int best = sign * standing.scores[side == top ? runner_up : top];
        values[side] = margin_value(context, &standing, side, sign * standing.scores[side] - best);
    }
}
