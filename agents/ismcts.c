/* ismcts.c - single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling,
 * Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)).
 *
 * One tree per decision, rooted at the information set of the agent's seat. Each iteration:
 *   1. determinize: draw a full world consistent with what the seat saw (game->determinize);
 *   2. select: from the root, while every move legal in this world has a child, mark those
 *      children available and follow the one with the highest availability UCB1
 *          mean(c) + exploration * sqrt(ln(available(c)) / visits(c)),
 *      applying its move to the world;
 *   3. expand: at the first node with a legal move that has no child yet, add one of those
 *      moves (uniformly drawn) and apply it;
 *   4. play out with the rollout policy to the end of the hand (search_playout);
 *   5. backpropagate: every node on the path gets the reward of the side of the seat that
 *      made the move into it.
 * A chain stops when the hand is over (status != GAME_IN_HAND). Chance needs no nodes of
 * its own: a draw is one child, and which tile comes is the world's.
 *
 * Reward of a finished playout to side s, in [0, 1]:
 *     0.5 + 0.5 * clamp((search_value(end, s) - search_value(root, s)) / REWARD_SCALE_POINTS, -1, 1)
 * where search_value is the points margin plus the win bonus (policy.h); subtracting its value
 * at the root (the standing before this decision, public) keeps a match's earlier hands from
 * pushing every reward against the clamp.
 *
 * Final choice: the root child with the most visits (ties: the higher mean reward, then
 * the earlier move) among the moves legal now, returned as the caller's own move.
 *
 * Invariants of the arena: node 0 is the root; nodes[1..used) are its descendants, each
 * created once, in the iteration that first visited it, so visits >= 1 and available >= 1
 * for every non-root node after that iteration and used <= iterations + 1 = capacity.
 * A node's children are found by the table of edges, keyed by the parent and the move
 * (find_child), not by a list per node; indices are int32.
 * Nothing is allocated after create; choose() reuses the arena from index 0.
 */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agent_kind.h"
#include "belief.h"
#include "policy.h"

/* model (rollout=net's file) comes last, so that every other parameter keeps its place and
 * its order in `dominolab agents`. */
enum {
    PARAM_ITERATIONS, PARAM_EXPLORATION, PARAM_ROLLOUT, PARAM_BELIEF,
    PARAM_MODEL = PARAM_BELIEF + BELIEF_PARAM_COUNT,
    PARAM_COUNT
};

/* Points of margin (win bonus included) that map to reward 1 (or 0): about the swing of a
 * strong 2-player Bergen hand, so ordinary hands spread over the range. Measured against
 * greedy, other scales around it played alike (docs/agents.md, "ismcts"): only the ratio
 * to `exploration` matters until the clamp. */
static const double REWARD_SCALE_POINTS = 8.0;

/* Defaults by duplicate-deal measurement against heuristic in Bergen 2p (docs/agents.md,
 * "ismcts"): more iterations gain a little, and heuristic playouts a little more, at a cost
 * out of proportion. 500 random playouts keep ismcts as fast as pimc. */
static const agent_param_spec_t ismcts_params[PARAM_COUNT] = {
    {"iterations", AGENT_PARAM_INT, 1, 1000000, NULL, "500", "iterations (determinized descents) per decision"},
    {"exploration", AGENT_PARAM_REAL, 0, 100, NULL, "0.4", "UCB exploration constant (rewards lie in [0, 1])"},
    {"rollout", AGENT_PARAM_CHOICE, 0, 0, policy_names, "random", "how playouts choose moves (net: model=FILE)"},
    BELIEF_PARAM_SPECS("256"),
    {"model", AGENT_PARAM_TEXT, 0, 0, NULL, "", "rollout=net, values=net: the network file (docs/agents.md, \"net\")"},
};

typedef struct ismcts_node { /* its move from the parent is its key in the table of edges */
    uint8_t side;       /* side of the seat that made that move */
    uint32_t visits;    /* iterations through this node */
    uint32_t available; /* iterations in which its move was legal at its parent */
    double reward;      /* sum of rewards to `side` */
    double mean;        /* reward / visits, kept at each visit: ucb reads it at every step of every descent,
                           and its division there cost ismcts time */
} ismcts_node_t;

/* The counts below which ucb reads its exploration term from a table: most of a descent's
 * children are deep in the tree and seldom visited, and the term's division and square
 * root were the costliest part of the selection. 128 (a table of 128 KiB) takes in the
 * root's grandchildren too, which half as many left out; twice as many gained nothing
 * (docs/performance.md, "Why the code is shaped so"). */
enum { SPREAD_SIDE = 128 };

typedef struct ismcts_data {
    ismcts_node_t *nodes;
    int32_t capacity, used;
    int32_t *path; /* the nodes of an iteration's descent below the root, in order (at most
                      the arena): backpropagation reads them from here, not by walking up a
                      chain of parents, each load waiting on the one before */
    void *world;   /* the iteration's determinized state */
    void *plan;    /* the game's plan of a decision's worlds (game.h, plan_worlds), or NULL */
    void *scratch; /* the rollout policy's trial state */
    double *log_of; /* log_of[n] = log(n) for every availability count (at most capacity):
                       computed once, the same values as log() gives in ucb (less time) */
    double *root_spread_of;  /* exploration * sqrt(log(a)) for every availability count a, */
    double *inverse_root_of; /* and 1 / sqrt(v) for every count of visits: select_at_root */
    double *spread; /* spread[a * SPREAD_SIDE + v]: ucb's exploration term for availability a
                       and visits v below SPREAD_SIDE, computed once as ucb would (no fused
                       multiply-add in strict C17), so the very same bits */
    uint64_t *edge_key;  /* the table of edges (find_child): (parent + 1, move) or 0, */
    int32_t *edge_child; /* and the child it leads to; four times the arena's size or more
                            (faster than twice: a lookup takes fewer probes), */
    uint32_t edge_mask;  /* a power of two: its size less one, */
    int edge_shift;      /* and 64 less its bits */
    search_context_t context;
    belief_search_t belief; /* belief=policy: each iteration's world drawn from its candidates */
} ismcts_data_t;

static void ismcts_destroy(agent_t *agent)
{
    ismcts_data_t *data = agent->data;
    if (!data) return;
    free(data->nodes);
    free(data->world);
    free(data->path);
    free(data->plan);
    free(data->scratch);
    free(data->log_of);
    free(data->root_spread_of);
    free(data->inverse_root_of);
    free(data->spread);
    free(data->edge_key);
    free(data->edge_child);
    belief_search_destroy(&data->belief);
    search_net_close(&data->context);
    free(data);
    agent->data = NULL;
}

static int ismcts_create(agent_t *agent, char *error, size_t error_size)
{
    int iterations = agent_param_int(agent, PARAM_ITERATIONS);
    ismcts_data_t *data = calloc(1, sizeof *data);
    agent->data = data;
    if (data) {
        data->capacity = iterations + 1; /* the root, and at most one node per iteration */
        data->nodes = malloc((size_t)data->capacity * sizeof *data->nodes);
        data->world = malloc(agent->game->state_size);
        data->path = malloc((size_t)data->capacity * sizeof *data->path);
        data->plan = agent->game->plan_worlds ? malloc(agent->game->world_plan_size) : NULL;
        data->scratch = malloc(agent->game->state_size);
        data->log_of = malloc(((size_t)data->capacity + 1) * sizeof *data->log_of);
        data->root_spread_of = malloc(((size_t)data->capacity + 1) * sizeof *data->root_spread_of);
        data->inverse_root_of = malloc(((size_t)data->capacity + 1) * sizeof *data->inverse_root_of);
        data->spread = malloc((size_t)SPREAD_SIDE * SPREAD_SIDE * sizeof *data->spread);
        int bits = 1;
        while ((1ll << bits) < 4ll * data->capacity) bits++; /* at most a quarter full */
        data->edge_mask = (uint32_t)((1ull << bits) - 1);
        data->edge_shift = 64 - bits;
        data->edge_key = malloc(((size_t)data->edge_mask + 1) * sizeof *data->edge_key);
        data->edge_child = malloc(((size_t)data->edge_mask + 1) * sizeof *data->edge_child);
    }
    if (!data || !data->nodes || !data->world || !data->path || !data->scratch || !data->log_of || !data->spread ||
        !data->root_spread_of || !data->inverse_root_of ||
        (agent->game->plan_worlds && !data->plan) || !data->edge_key || !data->edge_child) {
        ismcts_destroy(agent);
        snprintf(error, error_size, "out of memory creating agent ismcts (%d iterations)", iterations);
        return -1;
    }
    char model[AGENT_SPEC_MAX], message[512]; /* fits: a part of a spec */
    agent_param_text(agent, PARAM_MODEL, model, sizeof model);
    if (belief_search_create(&data->belief, agent->game, agent->rules, agent->seat, agent->param + PARAM_BELIEF, model,
                             message, sizeof message)) {
        ismcts_destroy(agent);
        snprintf(error, error_size, "agent ismcts: %s", message);
        return -1;
    }
    double exploration = agent->param[PARAM_EXPLORATION];
    for (int32_t n = 0; n <= data->capacity; n++) {
        data->log_of[n] = log((double)n);
        data->root_spread_of[n] = n ? exploration * sqrt(data->log_of[n]) : 0;
        data->inverse_root_of[n] = n ? 1 / sqrt((double)n) : 0;
    }
    for (int available = 0; available < SPREAD_SIDE; available++) { /* a child has both counts >= 1 */
        /* log() once a row, not once a cell: 16,384 of them at each agent's creation */
        double log_available = available ? log((double)available) : 0;
        for (int visits = 0; visits < SPREAD_SIDE; visits++)
            data->spread[available * SPREAD_SIDE + visits] =
                available && visits ? exploration * sqrt(log_available / visits) : 0;
    }
    search_context_init(&data->context, agent->game, agent->rules, (policy_kind_t)agent_param_int(agent, PARAM_ROLLOUT),
                        data->scratch);
    if (search_net_open(&data->context, "ismcts", model, belief_param_reads_network(agent->param + PARAM_BELIEF), error,
                        error_size)) {
        ismcts_destroy(agent);
        return -1;
    }
    return 0;
}

/* The child of `parent` whose move is `move` (-1: none yet), by the table of edges: the
 * chains of siblings were walked load after dependent load at every step of every
 * descent, and much of ismcts's time went to matching children (docs/performance.md, "Why
 * the code is shaped so"). Every listed move is looked up on its own, the loads
 * independent of each other. */
static inline uint32_t edge_slot(const ismcts_data_t *data, uint64_t key)
{
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> data->edge_shift);
}

static inline uint64_t edge_key(int32_t parent, game_move_t move)
{
    return (uint64_t)(uint32_t)(parent + 1) << 32 | game_move_word(move); /* never 0, the empty key */
}

static inline int32_t find_child(const ismcts_data_t *data, int32_t parent, game_move_t move)
{
    uint64_t key = edge_key(parent, move);
    for (uint32_t slot = edge_slot(data, key);; slot = (slot + 1) & data->edge_mask) {
        if (data->edge_key[slot] == key) return data->edge_child[slot];
        if (data->edge_key[slot] == 0) return -1;
    }
}

static void add_edge(ismcts_data_t *data, int32_t parent, game_move_t move, int32_t child)
{
    uint64_t key = edge_key(parent, move);
    uint32_t slot = edge_slot(data, key);
    while (data->edge_key[slot] != 0) slot = (slot + 1) & data->edge_mask;
    data->edge_key[slot] = key;
    data->edge_child[slot] = child;
}

static int32_t add_node(ismcts_data_t *data, int32_t parent, game_move_t move, int side)
{
    assert(data->used < data->capacity);
    int32_t index = data->used++;
    ismcts_node_t *node = &data->nodes[index];
    *node = (ismcts_node_t){.side = (uint8_t)side};
    if (parent >= 0) add_edge(data, parent, move, index);
    return index;
}

static inline double ucb(const ismcts_data_t *data, const ismcts_node_t *node, double exploration)
{
    uint32_t available = node->available, visits = node->visits;
    double spread = (available | visits) < SPREAD_SIDE ? data->spread[available * SPREAD_SIDE + visits]
                                                        : exploration * sqrt(data->log_of[available] / visits);
    return node->mean + spread;
}

/* The first of the tried children (child_of[i] >= 0, at least one) with the highest score. */
static inline int select_by_ucb(const ismcts_data_t *data, const int32_t *child_of, int count, double exploration)
{
    int best = 0;
    double best_score = -INFINITY;
    for (int i = 0; i < count; i++) {
        if (child_of[i] < 0) continue;
        double score = ucb(data, &data->nodes[child_of[i]], exploration);
        if (score > best_score) {
            best_score = score;
            best = i;
        }
    }
    return best;
}

/* select_by_ucb at the root, the same choice: the first child of the highest score. The
 * root's children soon pass the table of spreads, and each score took a division and a
 * square root. Here each is first taken near, as mean + exploration * sqrt(log a) *
 * (1 / sqrt v) from two tables. Against ucb's, the spread's roundings (five here, three
 * there) differ by at most 7.5 units u = 2^-53 of the true spread, and the sums by 2u more
 * of the score, so a near score lies within 11u (1 + top) of the exact one (top: the
 * highest near score; no score is negative). Where no other child comes within `margin` of
 * the best (about 400 times 2 * 11u (1 + top)), every other exact score is below the best
 * one's, which then wins as in iterate; else the exact scores decide. Faster at the root
 * but for 4-player Double Bergen; taken at every node, slower, where children visited
 * alike tie often (docs/performance.md, "Why the code is shaped so"). */
static int select_at_root(const ismcts_data_t *data, const int32_t *child_of, int count, double exploration)
{
    double near[GAME_MAX_MOVES], top = -INFINITY;
    int best = 0;
    for (int i = 0; i < count; i++) {
        const ismcts_node_t *node = &data->nodes[child_of[i] < 0 ? 0 : child_of[i]];
        near[i] = child_of[i] < 0 ? -INFINITY
                                  : node->mean + data->root_spread_of[node->available] * data->inverse_root_of[node->visits];
        if (near[i] > top) {
            top = near[i];
            best = i;
        }
    }
    double margin = 1e-12 * (1 + top); /* top >= 0: a mean and a spread, neither negative */
    bool close = false;
    for (int i = 0; i < count; i++) close |= i != best && near[i] >= top - margin;
    return close ? select_by_ucb(data, child_of, count, exploration) : best;
}

/* Reward in [0, 1] of `gain` points of standing (see the top of the file). */
static inline double squash(double gain)
{
    double x = gain / REWARD_SCALE_POINTS;
    if (x > 1) x = 1;
    if (x < -1) x = -1;
    return 0.5 + 0.5 * x;
}

/* child_of[i]: the child of `parent` whose move is moves[i], or -1 (untried); each child
 * found counts as available once more. Returns how many moves are untried. */
static int match_children(ismcts_data_t *data, int32_t parent, const game_move_t *moves, int count, int32_t *child_of)
{
    int untried = count;
    for (int i = 0; i < count; i++) {
        int32_t c = find_child(data, parent, moves[i]);
        child_of[i] = c;
        if (c >= 0) {
            data->nodes[c].available++;
            untried--;
        }
    }
    return untried;
}

/* The root's turn, the same in every world: a world keeps what the mover sees, and the
 * mover's legal moves, in their order, are what the mover sees (tests/test_agents.c,
 * worlds_respect_what_the_seat_knows). So the root's children are matched to its moves
 * once, as each is added (child_of), not again in every iteration. */
typedef struct root_turn {
    game_move_t moves[GAME_MAX_MOVES];
    int count, side;
    int32_t child_of[GAME_MAX_MOVES]; /* the child of each move, -1 until it is tried */
} root_turn_t;

/* match_children at the root: every child's move is legal in every world. */
static int match_root(ismcts_data_t *data, const root_turn_t *root)
{
    int untried = 0;
    for (int i = 0; i < root->count; i++) {
        if (root->child_of[i] >= 0) data->nodes[root->child_of[i]].available++;
        else untried++;
    }
    return untried;
}

/* One iteration from the root on a fresh world (steps 2-5 of the top comment). The root's
 * moves are listed once a decision (`root`), not again in each world. */
static void iterate(agent_t *agent, ismcts_data_t *data, root_turn_t *root, const double *baseline,
                    double exploration)
{
    const game_t *game = agent->game;
    void *world = data->world;
    game_move_t listed[GAME_MAX_MOVES];
    int32_t matched[GAME_MAX_MOVES];
    int32_t current = 0;
    int32_t *path = data->path;
    int depth = 0;

    for (bool at_root = true; at_root || game->status(world) == GAME_IN_HAND; at_root = false) {
        const game_move_t *moves = at_root ? root->moves : listed;
        int count = at_root ? root->count : game->legal_moves(world, listed);
        int32_t *child_of = at_root ? root->child_of : matched;
        int untried = at_root ? match_root(data, root) : match_children(data, current, moves, count, child_of);
        if (untried > 0 && data->used < data->capacity) { /* expand one untried move */
            int pick = (int)pcg32_below(&agent->rng, (uint32_t)untried);
            int i = 0;
            for (;; i++)
                if (child_of[i] < 0 && pick-- == 0) break;
            int side = at_root ? root->side : game->side_of_seat(agent->rules, game->to_move(world));
            current = add_node(data, current, moves[i], side);
            path[depth++] = current;
            if (at_root) child_of[i] = current;
            data->nodes[current].available = 1;
            game->apply(world, moves[i], NULL);
            break;
        }
        if (untried == count) break; /* arena full at an unexplored node: play out from here */
        /* A forced move (a draw, a pass, a lone placement) is followed without its score:
         * Bergen's descents pass through chains of them (docs/performance.md, "Why the code
         * is shaped so"). */
        int best = 0;
        if (count > 1)
            best = at_root ? select_at_root(data, child_of, count, exploration)
                           : select_by_ucb(data, child_of, count, exploration);
        current = child_of[best];
        path[depth++] = current;
        game->apply(world, moves[best], NULL);
    }

    if (game->status(world) == GAME_IN_HAND) search_playout(&data->context, world, &agent->rng);
    double reward[GAME_MAX_SEATS];
    search_values(&data->context, world, reward);
    for (int s = 0; s < data->context.sides; s++) reward[s] = squash(reward[s] - baseline[s]);
    for (int d = 0; d < depth; d++) {
        ismcts_node_t *node = &data->nodes[path[d]];
        node->visits++;
        node->reward += reward[node->side];
        node->mean = node->reward / node->visits;
    }
    data->nodes[0].visits++;
}

static game_move_t choose_ismcts(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    ismcts_data_t *data = agent->data;
    const game_t *game = agent->game;
    int iterations = agent_param_int(agent, PARAM_ITERATIONS);
    double exploration = agent->param[PARAM_EXPLORATION];

    search_context_set_target(&data->context, state);
    double baseline[GAME_MAX_SEATS];
    search_values(&data->context, state, baseline);
    root_turn_t root;
    root.count = game->legal_moves(state, root.moves);
    root.side = game->side_of_seat(agent->rules, game->to_move(state));
    for (int i = 0; i < root.count; i++) root.child_of[i] = -1;
    data->used = 0;
    memset(data->edge_key, 0, ((size_t)data->edge_mask + 1) * sizeof *data->edge_key);
    add_node(data, -1, (game_move_t){0}, 0);
    if (data->plan) game->plan_worlds(state, agent->seat, data->plan);
    belief_search_prepare(&data->belief, state, data->plan, &agent->rng);
    for (int it = 0; it < iterations; it++) {
        double u = data->belief.belief ? pcg32_next(&agent->rng) / 4294967296.0 : 0; /* a candidate by weight */
        belief_search_world(&data->belief, game, data->plan, state, agent->seat, &agent->rng, u, data->world);
        iterate(agent, data, &root, baseline, exploration);
    }

    /* The most visited root child that is one of the given moves. */
    int best = -1;
    uint32_t best_visits = 0;
    double best_mean = -INFINITY;
    for (int i = 0; i < count; i++) {
        int32_t c = find_child(data, 0, moves[i]);
        if (c < 0) continue;
        const ismcts_node_t *node = &data->nodes[c];
        double mean = node->mean;
        if (agent->values) agent->values[i] = mean;
        if (node->visits > best_visits || (node->visits == best_visits && mean > best_mean)) {
            best = i;
            best_visits = node->visits;
            best_mean = mean;
        }
    }
    if (best < 0) best = game_most_points_index(game, state, moves, count); /* no root child matched (cannot happen) */
    return moves[best];
}

static void ismcts_on_move(agent_t *agent, const void *state, game_move_t move)
{
    ismcts_data_t *data = agent->data;
    belief_see(data->belief.belief, state, move, &agent->rng);
}

static bool ismcts_keeps_moves(const agent_t *agent)
{
    const ismcts_data_t *data = agent->data;
    return data && data->belief.belief;
}

static void ismcts_reset(agent_t *agent)
{
    ismcts_data_t *data = agent->data;
    if (data->belief.belief) belief_reset(data->belief.belief);
}

const agent_kind_t ismcts_agent_kind = {
    .info = {"ismcts", "single-observer information-set Monte Carlo tree search", ismcts_params, PARAM_COUNT},
    .create = ismcts_create,
    .destroy = ismcts_destroy,
    .reset = ismcts_reset,
    .choose = choose_ismcts,
    .on_move = ismcts_on_move,
    .keeps_moves = ismcts_keeps_moves,
    .value_measure = "mean reward",
};
