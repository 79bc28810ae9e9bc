/* cli_fit.c - `dominolab fit`: the opponent model of agents/belief.h (temperature, floor)
 * fitted by maximum likelihood to an agent's decisions, from deals it plays at every seat or
 * from game records.
 *
 * A decision with two or more legal moves is one data point: the heuristic's values of its
 * legal moves for the seat to move (belief_values on the true state, which is what the
 * mover saw: the heuristic reads only the mover's observation) and the index of the move
 * made. The fit maximizes the mean of belief_log_probability over the points, in the
 * coordinates (log temperature, logit floor) where the box's bounds are lines: a coarse
 * grid, then rounds of golden-section search along each coordinate in turn around the
 * best point. Where that maximum is no better than uniform play by a likelihood-ratio
 * test, the model given is the best at the highest floor (fit_model says why). Nothing in
 * it is random, so the same points give the same model.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "belief.h"
#include "cli.h"
#include "net.h"
#include "commands.h"
#include "match.h"
#include "records/replay.h"

enum { FIT_ERROR_SIZE = 2048, FIT_SPEC_TEXT = 1024 };

/* The box searched: wide enough for a near-deterministic player (a small temperature) and
 * for one whose values hardly matter (a large one, or a floor near 1). */
static const double FIT_TEMPERATURE_MIN = 0.01, FIT_TEMPERATURE_MAX = 1000;
static const double FIT_FLOOR_MIN = 0.0005, FIT_FLOOR_MAX = 0.99;
/* Grid points per coordinate, then rounds of both golden-section searches, each of so many
 * steps (0.618^40 of a grid step: far below what the printed digits show). */
enum { FIT_GRID_TEMPERATURES = 25, FIT_GRID_FLOORS = 17, FIT_ROUNDS = 4, FIT_GOLDEN_STEPS = 40 };

typedef struct fit_args {
    cli_args_base_t base;
    cli_game_args_t game;
    const char *agent, *levels;
    cli_list_t records;
    int64_t deals;
    uint64_t seed;
    int values; /* belief_values_t */
    const char *model;
    bool quiet;
} fit_args_t;

#define FIT_OPTION(name, section, kind, field, min, max, value, help)                                              \
    {name, section, kind, CLI_AT(fit_args_t, field), min, max, NULL, value, help}
static const cli_option_t fit_options[] = {
    CLI_GAME_OPTIONS(fit_args_t, game),
    FIT_OPTION("agent", "agents", CLI_TEXT, agent, 0, 0, "SPEC",
               "the agent whose play is fitted: it plays every seat of the deals; with --records, only the "
               "decisions of seats recorded as SPEC count"),
    CLI_LEVELS_OPTION(fit_args_t, levels),
    FIT_OPTION("deals", "experiment", CLI_COUNT, deals, 1, 1e9, "N", "deals SPEC plays (one hand each)"),
    FIT_OPTION("seed", "experiment", CLI_SEED, seed, 0, 0, "S", "seed of the deals (default 1): same seed, same deals"),
    FIT_OPTION("records", "experiment", CLI_LIST, records, 0, 0, "PATH",
               "fit the decisions of a game record (.jsonl) or of a directory of them (sim --records DIR) "
               "instead (repeatable; one game)"),
    {"values", "belief", CLI_CHOICE, CLI_AT(fit_args_t, values), 0, 0, belief_values_names, "V",
     "the values the model reads: playout (default; the built-in models'), heuristic (the heuristic "
     "agent's own) or net (the policy logits of --model)"},
    FIT_OPTION("model", "belief", CLI_TEXT, model, 0, 0, "FILE", "--values net: the network file (python/train.py)"),
    FIT_OPTION("quiet", "experiment", CLI_FLAG, quiet, 0, 0, NULL, "no progress line on stderr"),
};
#undef FIT_OPTION

static const cli_command_spec_t fit_spec = {
    "fit",
    "--agent SPEC --deals N [--seed S] [--game G] [--preset P] [--players N]\n"
    "                     [--option key=value ...] [--values V [--model FILE]] [--quiet]\n"
    "       dominolab fit --records PATH [--records PATH ...] [--agent SPEC] [--values V [--model FILE]]\n"
    "                     [--quiet]",
    "Fits the model of how other seats play that belief=policy weighs worlds by\n"
    "(agents/belief.h; docs/agents.md, \"How the others play\"): a softmax of the heuristic's\n"
    "values of the legal moves at a temperature, mixed with a floor spread evenly over them.\n"
    "The fit maximizes the likelihood of the moves an agent made, at every decision with two\n"
    "or more legal moves, over temperature 0.01..1000 and floor 0.0005..0.99. Near uniform\n"
    "play a floor near 1 and a large temperature say the same, so where a likelihood-ratio\n"
    "test (chi-squared, 2 df, 95%) does not tell the maximum from uniform play, the model\n"
    "given is the best one at floor 0.99, the nearest to uniform play (the maximum is shown).\n"
    "\n"
    "The decisions come from N deals (one hand each, from a fresh match) that SPEC plays at\n"
    "every seat, or from game records (dominolab play --record, sim --records): there, with\n"
    "--agent SPEC, only the decisions of seats whose recorded agent is SPEC, as written.\n"
    "--players defaults to the preset's. --values heuristic fits the heuristic agent's own\n"
    "values (every default weight) rather than the playouts' (deny and bonus off), which the\n"
    "built-in models read; --values net --model FILE fits the model to the policy logits of\n"
    "a learned network observing the mover (its default: temperature 1, the network's own\n"
    "probabilities).\n"
    "\n"
    "Prints the decisions used, the fitted temperature and floor, the mean log-likelihood\n"
    "per decision of the fit, of the game's built-in model and of uniform play, and the\n"
    "agent parameters that use the fit (belief=policy,temperature=T,floor=F).\n"
    "\n"
    "Exit status: 0 fitted, 1 a record that does not replay (or a failure while playing),\n"
    "2 bad arguments, a missing file, or no decision to fit.\n",
    fit_options,
    (int)(sizeof fit_options / sizeof fit_options[0]),
};

/* ------------------------------------------------------------------ arguments */

/* The first game argument given, or NULL. */
static const char *game_argument_given(const fit_args_t *args)
{
    static const char *const names[] = {"game", "preset", "rules", "players", "option"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (cli_given(&fit_spec, args, names[k])) return names[k];
    return NULL;
}

/* 0, 1 for --help, -1 with a message. */
static int parse_fit_args(int argc, char **argv, fit_args_t *args, char *error, size_t error_size)
{
    memset(args, 0, sizeof *args);
    args->seed = 1;
    int parsed = cli_parse_argv(&fit_spec, argc, argv, args, error, error_size);
    if (parsed) return parsed;
    if (cli_values_model_check(&fit_spec, args, args->values, BELIEF_VALUES_NET, args->model, error, error_size))
        return -1;
    if (args->records.count > 0) {
        /* a record names its game and seeds: arguments that choose them have nothing to say */
        static const char *const played[] = {"deals", "seed", "levels", "level-table"};
        for (size_t k = 0; k < sizeof played / sizeof played[0]; k++)
            if (cli_given(&fit_spec, args, played[k])) {
                cli_option_error(&fit_spec, args, played[k], -1, error, error_size,
                                 "goes with deals played by --agent; with --records the records' decisions are fitted");
                return -1;
            }
        const char *game_argument = game_argument_given(args);
        if (game_argument) {
            cli_option_error(&fit_spec, args, game_argument, -1, error, error_size,
                             "the records name their game and rules: give no game arguments with --records");
            return -1;
        }
        return 0;
    }
    if (!args->agent) return cli_required(args, "--agent SPEC (or --records PATH)", NULL, error, error_size);
    if (!args->deals) return cli_required(args, "--deals N", NULL, error, error_size);
    return 0;
}

/* ------------------------------------------------------------------ the decisions */

/* One decision: the values of its legal moves at values[at .. at + count), the move made. */
typedef struct fit_point {
    size_t at;
    int count, chosen;
} fit_point_t;

typedef struct fit_data {
    fit_point_t *point;
    size_t points, point_capacity;
    double *values;
    size_t values_used, value_capacity;
} fit_data_t;

static void fit_data_free(fit_data_t *data)
{
    free(data->point);
    free(data->values);
    *data = (fit_data_t){0};
}

/* What watches the moves (a match sink): each decision of a kept seat becomes a point. The
 * sink cannot stop a replay, so what goes wrong is kept here and read after each match. */
typedef struct fit_collector {
    fit_data_t data;
    const game_t *game;    /* the game of the deals, or of the first record */
    const char *only_spec; /* keep the seats recorded as this spec; NULL: every seat */
    belief_values_t values;
    bool kept[GAME_MAX_SEATS];
    belief_scorer_t scorer;
    void *scratch; /* the scorer's: game->state_size bytes */
    const game_t *other_game; /* a record of another game than the first: set, and nothing kept */
    const char *model;        /* --values net: the network's file */
    net_player_t net;         /* open after the first match's start, with values=net */
    char net_error[512];      /* why it could not be opened or does not fit, when it did not */
    bool out_of_memory, illegal;
} fit_collector_t;

/* values=net: the network opened for the first match's rules, then pointed at each match's
 * (a record's may differ). 0, or -1 with c->net_error. */
static int collector_network(fit_collector_t *c, const match_setup_t *setup)
{
    if (c->values != BELIEF_VALUES_NET || c->net_error[0]) return c->net_error[0] ? -1 : 0;
    return c->net.net ? net_player_rebind(&c->net, setup->game, setup->rules, c->net_error, sizeof c->net_error)
                      : net_player_open(&c->net, c->model, setup->game, setup->rules, c->net_error, sizeof c->net_error);
}

static int collect_start(void *context, const match_setup_t *setup)
{
    fit_collector_t *c = context;
    if (!c->game) {
        c->game = setup->game;
        c->scratch = malloc(setup->game->state_size);
        if (!c->scratch) c->out_of_memory = true;
    }
    if (setup->game != c->game) c->other_game = setup->game;
    for (int seat = 0; seat < setup->seats && seat < GAME_MAX_SEATS; seat++)
        c->kept[seat] = !c->only_spec || (setup->agent_specs && setup->agent_specs[seat] &&
                                          !strcmp(setup->agent_specs[seat], c->only_spec));
    /* afresh for each match: the heuristic's memo belongs to one set of rules */
    if (c->other_game == NULL && !collector_network(c, setup) && c->scratch)
        belief_scorer_init(&c->scorer, c->game, c->values, c->net.net ? &c->net : NULL, c->scratch);
    return 0;
}

static int collect_move(void *context, const match_setup_t *setup, const void *state, game_move_t move)
{
    (void)setup;
    fit_collector_t *c = context;
    const game_t *game = c->game;
    if (c->other_game || c->out_of_memory || c->illegal || c->net_error[0] || !c->kept[game->to_move(state)]) return 0;
    game_move_t moves[GAME_MAX_MOVES];
    int count = game->legal_moves(state, moves), chosen = -1;
    if (count < 2) return 0;
    for (int i = 0; i < count && chosen < 0; i++)
        if (game_move_equal(moves[i], move)) chosen = i;
    if (chosen < 0) { /* the driver and replay hand over legal moves only */
        c->illegal = true;
        return 0;
    }
    fit_data_t *data = &c->data;
    if (cli_reserve((void **)&data->point, &data->point_capacity, data->points + 1, sizeof *data->point) ||
        cli_reserve((void **)&data->values, &data->value_capacity, data->values_used + (size_t)count,
                sizeof *data->values)) {
        c->out_of_memory = true;
        return 0;
    }
    belief_values(&c->scorer, state, moves, count, data->values + data->values_used);
    data->point[data->points++] = (fit_point_t){.at = data->values_used, .count = count, .chosen = chosen};
    data->values_used += (size_t)count;
    return 0;
}

/* What the collector found wrong after a match: 0, or 1 with a message. */
static int collector_check(const fit_collector_t *c, char *error, size_t error_size)
{
    if (c->out_of_memory) snprintf(error, error_size, "out of memory for the decisions");
    else if (c->illegal) snprintf(error, error_size, "a move made is not among the legal moves: a bug");
    else if (c->net_error[0]) snprintf(error, error_size, "--model: %s", c->net_error);
    return c->out_of_memory || c->illegal || c->net_error[0];
}

/* ------------------------------------------------------------------ source: deals played */

typedef struct fit_deals {
    setup_game_t game;
    const agent_levels_t *levels;
    agent_levels_t level_storage;
    agent_t *agents[GAME_MAX_SEATS];
    void *state;
} fit_deals_t;

static void fit_deals_close(fit_deals_t *d)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) agent_destroy(d->agents[seat]);
    free(d->state);
    setup_game_close(&d->game);
}

/* The game, the level table and the agent at every seat. 0, 1 (a failure) or 2 (bad input)
 * with a message. */
static int open_deals(const fit_args_t *args, fit_deals_t *d, char *error, size_t error_size)
{
    if (cli_game_open_from(&fit_spec, args, &args->game, &d->game, error, error_size) ||
        cli_levels_open(args->levels, d->game.game, &d->level_storage, &d->levels, error, error_size))
        return 2;
    char text[FIT_SPEC_TEXT], message[CLI_ERROR_SIZE];
    const char *specs[GAME_MAX_SEATS];
    int given = 0;
    snprintf(text, sizeof text, "%s", args->agent);
    if (cli_split_agent_list(text, specs, d->game.seats, false, false, d->levels, &given, message, sizeof message)) {
        snprintf(error, error_size, "--agent: %s", message);
        return 2;
    }
    if (given != 1) {
        snprintf(error, error_size, "--agent: one agent spec (its play at every seat is fitted), not %d", given);
        return 2;
    }
    char note[2048];
    if (setup_levels_fit(d->levels, &d->game, specs, 1, note, sizeof note, message, sizeof message)) {
        snprintf(error, error_size, "%s", message);
        return 2;
    }
    if (setup_agents_ready(d->levels, &d->game, specs, 1, NULL, error, error_size)) return 2;
    if (note[0]) fprintf(stderr, "dominolab fit: note: %s\n", note);
    d->state = malloc(d->game.game->state_size);
    if (!d->state) {
        snprintf(error, error_size, "out of memory for the game state");
        return 1;
    }
    for (int seat = 0; seat < d->game.seats; seat++)
        if (agent_create(args->agent, d->levels, d->game.game, d->game.rules, seat, match_agent_seed(args->seed, seat),
                         &d->agents[seat], error, error_size))
            return 1;
    return 0;
}

/* N deals of SPEC at every seat, each one hand of a fresh match through the match driver
 * (which resets the agents with the deal's seeds and tells them every move). */
static int collect_deals(const fit_args_t *args, fit_collector_t *collector, fit_deals_t *d, char *error,
                         size_t error_size)
{
    int status = open_deals(args, d, error, error_size);
    if (status) return status;
    const char *specs[GAME_MAX_SEATS];
    for (int seat = 0; seat < d->game.seats; seat++) specs[seat] = args->agent;
    collector->game = d->game.game;
    collector->scratch = malloc(d->game.game->state_size);
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!collector->scratch || !totals) {
        free(totals);
        snprintf(error, error_size, "out of memory");
        return 1;
    }
    static const sim_config_t no_standings; /* progress shows the count alone */
    progress_t progress;
    progress_start(&progress, stderr, args->quiet, args->deals, 0, "deals", &no_standings, NULL);
    match_sink_t sink = {.context = collector, .on_start = collect_start, .on_move = collect_move};
    long long faults = 0;
    for (int64_t deal = 0; deal < args->deals && !status; deal++) {
        match_setup_t setup = {.game = d->game.game,
                               .rules = d->game.rules,
                               .values = &d->game.values,
                               .preset = d->game.preset,
                               .agent_specs = specs,
                               .levels = d->levels,
                               .seats = d->game.seats,
                               .seed = sim_unit_seed(args->seed, deal),
                               .max_hands = 1};
        int64_t moves;
        int played = match_play_agents(&setup, d->agents, d->state, &sink, 1, &moves, error, error_size);
        if (played == MATCH_FORFEIT) snprintf(error, error_size, "%s forfeited a match: its bot failed", args->agent);
        status = played || collector_check(collector, error, error_size) ? 1 : 0;
        for (int seat = 0; seat < d->game.seats; seat++) {
            agent_faults_t seat_faults = agent_take_faults(d->agents[seat]);
            faults += seat_faults.illegal_moves + seat_faults.timeouts + seat_faults.crashes;
        }
        totals->units = deal + 1;
        progress_update(&progress, totals, false);
    }
    if (!status) progress_finish(&progress, totals);
    /* a bot outside dominolab that failed had its moves made by its fallback: those are
     * fitted too, and the reader must know */
    if (!status && faults)
        fprintf(stderr, "dominolab fit: note: %s failed %lld times (illegal answers, time-outs, crashes); its fallback's "
                "moves are among those fitted\n", args->agent, faults);
    free(totals);
    return status;
}

/* ------------------------------------------------------------------ source: records */

typedef struct path_list {
    char **path;
    size_t count, capacity;
} path_list_t;

static void path_list_free(path_list_t *list)
{
    for (size_t k = 0; k < list->count; k++) free(list->path[k]);
    free(list->path);
    *list = (path_list_t){0};
}

static int path_add(path_list_t *list, const char *directory, const char *name)
{
    if (cli_reserve((void **)&list->path, &list->capacity, list->count + 1, sizeof *list->path)) return -1;
    size_t size = strlen(name) + (directory ? strlen(directory) + 2 : 1);
    char *path = malloc(size);
    if (!path) return -1;
    if (directory) snprintf(path, size, "%s/%s", directory, name);
    else snprintf(path, size, "%s", name);
    list->path[list->count++] = path;
    return 0;
}

static int compare_paths(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The records of a directory: its *.jsonl files (not a writer's temporary, ".name"), in
 * name order so that the fit does not depend on the order the system lists them. */
static int add_directory(path_list_t *list, const char *directory, char *error, size_t error_size)
{
    DIR *listing = opendir(directory);
    if (!listing) {
        snprintf(error, error_size, "--records %s: %s", directory, strerror(errno));
        return 2;
    }
    size_t first = list->count;
    int status = 0;
    for (struct dirent *entry; !status && (entry = readdir(listing));) {
        const char *name = entry->d_name;
        size_t length = strlen(name);
        if (name[0] == '.' || length < 7 || strcmp(name + length - 6, ".jsonl")) continue;
        if (path_add(list, directory, name)) {
            snprintf(error, error_size, "out of memory listing %s", directory);
            status = 1;
        }
    }
    closedir(listing);
    if (!status && list->count == first) {
        snprintf(error, error_size, "--records %s: holds no records (*.jsonl)", directory);
        status = 2;
    }
    if (!status) qsort(list->path + first, list->count - first, sizeof *list->path, compare_paths);
    return status;
}

/* Every record named by --records. 0, 1 (out of memory) or 2 (a path that is not there). */
static int list_records(const fit_args_t *args, path_list_t *list, char *error, size_t error_size)
{
    for (int k = 0; k < args->records.count; k++) {
        const char *path = args->records.item[k];
        struct stat info;
        if (stat(path, &info)) {
            snprintf(error, error_size, "--records %s: %s", path, strerror(errno));
            return 2;
        }
        int status = 0;
        if (S_ISDIR(info.st_mode)) status = add_directory(list, path, error, error_size);
        else if (path_add(list, NULL, path)) {
            snprintf(error, error_size, "out of memory");
            status = 1;
        }
        if (status) return status;
    }
    return 0;
}

/* Replays every record into the collector. 0, 1 (a record that does not replay) or 2. */
static int collect_records(const fit_args_t *args, fit_collector_t *collector, int *records, char *error,
                           size_t error_size)
{
    path_list_t list = {0};
    int status = list_records(args, &list, error, error_size);
    sim_totals_t *totals = status ? NULL : calloc(1, sizeof *totals);
    if (!status && !totals) {
        snprintf(error, error_size, "out of memory");
        status = 1;
    }
    static const sim_config_t no_standings; /* progress shows the count alone */
    progress_t progress;
    progress_start(&progress, stderr, args->quiet, (int64_t)list.count, 0, "records", &no_standings, NULL);
    collector->only_spec = args->agent;
    match_sink_t sink = {.context = collector, .on_start = collect_start, .on_move = collect_move};
    for (size_t k = 0; k < list.count && !status; k++) {
        replay_summary_t summary;
        char message[FIT_ERROR_SIZE];
        if (replay_file_to(list.path[k], &sink, &summary, message, sizeof message) != REPLAY_AGREES) {
            snprintf(error, error_size, "--records: a record that does not replay: %.1900s", message);
            status = 1;
        } else if (collector->other_game) {
            snprintf(error, error_size, "--records: %s is a record of %s, the records before it of %s: fit one game "
                     "at a time", list.path[k], collector->other_game->name, collector->game->name);
            status = 2;
        } else {
            status = collector_check(collector, error, error_size);
        }
        totals->units = (int64_t)k + 1;
        progress_update(&progress, totals, false);
    }
    if (!status) progress_finish(&progress, totals);
    *records = (int)list.count;
    free(totals);
    path_list_free(&list);
    return status;
}

/* ------------------------------------------------------------------ the fit */

/* A point of the search: x = log temperature, y = logit floor. */
static belief_model_t model_at(const double point[2])
{
    return (belief_model_t){.temperature = exp(point[0]), .floor = 1 / (1 + exp(-point[1]))};
}

static double logit(double p) { return log(p / (1 - p)); }

static double mean_log_likelihood(const fit_data_t *data, belief_model_t model)
{
    double sum = 0;
    for (size_t k = 0; k < data->points; k++) {
        const fit_point_t *p = &data->point[k];
        sum += belief_log_probability(&model, data->values + p->at, p->count, p->chosen);
    }
    return sum / (double)data->points;
}

static double objective(const fit_data_t *data, const double point[2])
{
    return mean_log_likelihood(data, model_at(point));
}

/* The best point along `axis` between low and high, the other coordinate as in `point`,
 * by golden-section search (the likelihood along one coordinate has one peak in practice;
 * where it has more, the caller keeps the better of this and what it had). */
static double golden_section(const fit_data_t *data, const double point[2], int axis, double low, double high,
                             double best[2])
{
    const double ratio = (sqrt(5.0) - 1) / 2;
    double left[2] = {point[0], point[1]}, right[2] = {point[0], point[1]};
    left[axis] = high - ratio * (high - low);
    right[axis] = low + ratio * (high - low);
    double left_value = objective(data, left), right_value = objective(data, right);
    for (int step = 0; step < FIT_GOLDEN_STEPS; step++) {
        if (left_value >= right_value) { /* the peak lies left of `right` */
            high = right[axis];
            right[axis] = left[axis], right_value = left_value;
            left[axis] = high - ratio * (high - low);
            left_value = objective(data, left);
        } else {
            low = left[axis];
            left[axis] = right[axis], left_value = right_value;
            right[axis] = low + ratio * (high - low);
            right_value = objective(data, right);
        }
    }
    const double *winner = left_value >= right_value ? left : right;
    best[0] = winner[0], best[1] = winner[1];
    return left_value >= right_value ? left_value : right_value;
}

typedef struct fit_result {
    belief_model_t model;
    double log_likelihood; /* mean per decision */
} fit_result_t;

/* The best model in the box [low, high] of (log temperature, logit floor); an axis whose
 * bounds are equal stays there. */
static fit_result_t search_box(const fit_data_t *data, const double low[2], const double high[2])
{
    const int steps[2] = {high[0] > low[0] ? FIT_GRID_TEMPERATURES - 1 : 0, high[1] > low[1] ? FIT_GRID_FLOORS - 1 : 0};
    double spacing[2], best[2] = {low[0], low[1]}, best_value = -INFINITY;
    for (int axis = 0; axis < 2; axis++) spacing[axis] = steps[axis] ? (high[axis] - low[axis]) / steps[axis] : 0;
    /* 1. the grid: the first best point in grid order, so ties resolve alike every time */
    for (int i = 0; i <= steps[0]; i++)
        for (int j = 0; j <= steps[1]; j++) {
            double point[2] = {low[0] + i * spacing[0], low[1] + j * spacing[1]};
            double value = objective(data, point);
            if (value > best_value) best_value = value, best[0] = point[0], best[1] = point[1];
        }
    /* 2. each coordinate in turn, within a grid step of the best point either side: far
     * enough for the peak to move when the other coordinate has */
    for (int round = 0; round < FIT_ROUNDS; round++)
        for (int axis = 0; axis < 2; axis++) {
            if (!steps[axis]) continue;
            double from = fmax(low[axis], best[axis] - spacing[axis]);
            double to = fmin(high[axis], best[axis] + spacing[axis]);
            double found[2];
            double value = golden_section(data, best, axis, from, to, found);
            if (value > best_value) best_value = value, best[0] = found[0], best[1] = found[1];
        }
    return (fit_result_t){.model = model_at(best), .log_likelihood = best_value};
}

static double uniform_log_likelihood(const fit_data_t *data)
{
    double sum = 0;
    for (size_t k = 0; k < data->points; k++) sum -= log(data->point[k].count);
    return sum / (double)data->points;
}

/* The fit and its test against uniform play. Near uniform play the model is not identified
 * (a floor near 1 and a large temperature both give it), so the unconstrained maximum of an
 * agent that plays at random lands anywhere along that ridge; where the likelihood-ratio
 * test does not tell the maximum from uniform play, the model given is the one nearest
 * uniform (the highest floor), its temperature fitted. */
typedef struct fit_outcome {
    fit_result_t maximum; /* over the whole box */
    double ratio;         /* the likelihood-ratio statistic against uniform play, 2 n gain */
    bool beats_uniform;   /* ratio above FIT_CHI_SQUARED_95 */
    fit_result_t model;   /* the maximum, or the one nearest uniform */
} fit_outcome_t;

/* The 95% point of chi-squared with 2 degrees of freedom (-2 ln 0.05): the model's two
 * parameters against none (approximate: uniform play lies on the box's edge). */
static const double FIT_CHI_SQUARED_95 = 5.991464547107979;

static fit_outcome_t fit_model(const fit_data_t *data)
{
    const double low[2] = {log(FIT_TEMPERATURE_MIN), logit(FIT_FLOOR_MIN)};
    const double high[2] = {log(FIT_TEMPERATURE_MAX), logit(FIT_FLOOR_MAX)};
    fit_outcome_t out = {.maximum = search_box(data, low, high)};
    out.ratio = 2 * (double)data->points * (out.maximum.log_likelihood - uniform_log_likelihood(data));
    out.beats_uniform = out.ratio > FIT_CHI_SQUARED_95;
    out.model = out.maximum;
    if (!out.beats_uniform) {
        const double nearest_low[2] = {low[0], high[1]};
        out.model = search_box(data, nearest_low, high);
    }
    return out;
}

/* ------------------------------------------------------------------ the report */

static void print_source(const fit_args_t *args, const fit_deals_t *d, const game_t *game, int records)
{
    if (!args->records.count) {
        printf("%s at every seat of %d-player %s (preset %s), %lld deals from seed %llu\n", args->agent, d->game.seats,
               game->name, d->game.preset, (long long)args->deals, (unsigned long long)args->seed);
    } else if (args->agent) {
        printf("%d record%s of %s, the seats recorded as %s\n", records, records == 1 ? "" : "s", game->name,
               args->agent);
    } else {
        printf("%d record%s of %s, every seat\n", records, records == 1 ? "" : "s", game->name);
    }
}

static void print_fit(const fit_data_t *data, const game_t *game, belief_values_t values, const char *model_path,
                      const fit_outcome_t *fit)
{
    belief_model_t builtin = belief_model_of_game(game), model = fit->model.model;
    printf("decisions        %zu (with two or more legal moves)\n", data->points);
    printf("fitted model     temperature %.4g, floor %.4g\n", model.temperature, model.floor);
    printf("mean log-likelihood per decision (higher fits better):\n");
    printf("  fitted         %9.4f\n", fit->model.log_likelihood);
    if (!fit->beats_uniform)
        printf("  maximum        %9.4f  (temperature %.4g, floor %.4g: no better than uniform play, below)\n",
               fit->maximum.log_likelihood, fit->maximum.model.temperature, fit->maximum.model.floor);
    if (values == BELIEF_VALUES_NET) builtin = belief_model_for(game, values);
    if (values == BELIEF_VALUES_PLAYOUT || values == BELIEF_VALUES_NET)
        printf("  built-in       %9.4f  (temperature %.4g, floor %.4g: the %s model now)\n",
               mean_log_likelihood(data, builtin), builtin.temperature, builtin.floor,
               values == BELIEF_VALUES_NET ? "network's default" : "game's");
    else /* the built-in models divide the playouts' values, not these */
        printf("  built-in       (fitted to the playouts' values: compare with --values playout)\n");
    printf("  uniform        %9.4f  (every legal move alike)\n", uniform_log_likelihood(data));
    printf("against uniform  likelihood ratio %.2f, %s %.2f (chi-squared, 2 df, 95%%)", fmax(0, fit->ratio),
           fit->beats_uniform ? "above" : "not above", FIT_CHI_SQUARED_95);
    if (fit->beats_uniform)
        printf(": the %s predict these moves\n", values == BELIEF_VALUES_NET ? "network's logits" : "heuristic's values");
    else printf(": these moves look uniform,\n                 so the model given is the best at the floor nearest "
                "uniform play (%g)\n", FIT_FLOOR_MAX);
    /* at an edge of the box the data asks for more than the box allows: say so */
    if (fit->beats_uniform && (model.temperature > 0.999 * FIT_TEMPERATURE_MAX || model.floor > 0.999 * FIT_FLOOR_MAX))
        printf("note: the fit is at the box's edge towards uniform play (temperature %g, floor %g)\n",
               FIT_TEMPERATURE_MAX, FIT_FLOOR_MAX);
    printf("use it           belief=policy,temperature=%.4g,floor=%.4g%s%s\n", model.temperature, model.floor,
           values == BELIEF_VALUES_PLAYOUT ? "" : values == BELIEF_VALUES_HEURISTIC ? ",values=heuristic" : ",values=net,model=",
           values == BELIEF_VALUES_NET ? model_path : "");
}

/* ------------------------------------------------------------------ the command */

static int fit_with(int argc, char **argv, fit_args_t *args, fit_deals_t *deals, char *error, size_t error_size)
{
    int status = parse_fit_args(argc, argv, args, error, error_size);
    if (status > 0) {
        cli_print_help(stdout, &fit_spec);
        return 0;
    }
    if (status) {
        fprintf(stderr, "dominolab fit: %s\n", error);
        return 2;
    }
    fit_collector_t collector = {.values = (belief_values_t)args->values, .model = args->model};
    int records = 0;
    status = args->records.count ? collect_records(args, &collector, &records, error, error_size)
                                 : collect_deals(args, &collector, deals, error, error_size);
    if (status && collector.net_error[0]) status = 2; /* a network that cannot be read or does not fit */
    if (!status && !collector.data.points) {
        snprintf(error, error_size, "no decision with two or more legal moves%s%s to fit",
                 args->records.count && args->agent ? " of a seat recorded as " : "",
                 args->records.count && args->agent ? args->agent : "");
        status = 2;
    }
    if (status) {
        fprintf(stderr, "dominolab fit: %s\n", error);
    } else {
        print_source(args, deals, collector.game, records);
        fit_outcome_t fit = fit_model(&collector.data);
        print_fit(&collector.data, collector.game, collector.values, args->model, &fit);
    }
    fit_data_free(&collector.data);
    free(collector.scratch);
    net_player_close(&collector.net);
    return status;
}

int cli_fit(int argc, char **argv)
{
    char error[FIT_ERROR_SIZE];
    fit_args_t *args = malloc(sizeof *args);
    fit_deals_t *deals = calloc(1, sizeof *deals);
    if (!args || !deals) {
        free(args);
        free(deals);
        fprintf(stderr, "dominolab fit: out of memory\n");
        return 1;
    }
    int status = fit_with(argc, argv, args, deals, error, sizeof error);
    fit_deals_close(deals);
    free(args);
    free(deals);
    return status;
}
