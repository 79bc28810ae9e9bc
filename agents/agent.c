/* agent.c - agent specs, the registry of agent kinds, and dispatch.
 *
 * A spec is "name" or "name:key=value,key=value". Each kind lists its parameters
 * (agent_kind.h); a spec naming an unknown agent or key, a repeated key, or a value out of
 * range is rejected with the part named. "level:n" is looked up in the level table and
 * stands for the agent written there.
 */
#include "agent_kind.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const agent_kind_t *const agent_kinds[] = {
    &random_agent_kind, &greedy_agent_kind, &heuristic_agent_kind, &pimc_agent_kind,
    &ismcts_agent_kind, &oracle_agent_kind, &net_agent_kind, &external_agent_kind, &human_agent_kind,
};
enum { AGENT_KIND_COUNT = (int)(sizeof agent_kinds / sizeof agent_kinds[0]) };

static const agent_param_spec_t level_params[] = {
    {"n", AGENT_PARAM_INT, AGENT_LEVEL_MIN, AGENT_LEVEL_MAX, NULL, "5",
     "difficulty from 1 (near random) to the table's last level (10 in the built-in table); also written "
     "level:N"},
};
static const agent_info_t level_info = {
    "level", "a difficulty level: an entry of the level table (built in, or --level-table FILE)", level_params, 1};

const agent_info_t *const *agent_list(int *count)
{
    static const agent_info_t *const infos[] = {
        &random_agent_kind.info, &greedy_agent_kind.info, &heuristic_agent_kind.info, &pimc_agent_kind.info,
        &ismcts_agent_kind.info, &oracle_agent_kind.info, &net_agent_kind.info, &external_agent_kind.info,
        &human_agent_kind.info, &level_info,
    };
    *count = (int)(sizeof infos / sizeof infos[0]);
    return infos;
}

/* Parses one value of `param` from text[0..length). */
static int parse_value(const char *agent_name, const agent_param_spec_t *param, const char *text, size_t length,
                       double *value, char *error, size_t error_size)
{
    char buffer[64];
    if (param->type == AGENT_PARAM_TEXT) { /* any text; empty only as a default ("not given") */
        *value = 0;
        if (length == 0 && text[0] != '\0') goto bad;
        return 0;
    }
    if (length == 0 || length >= sizeof buffer) goto bad;
    memcpy(buffer, text, length);
    buffer[length] = '\0';
    if (param->type == AGENT_PARAM_CHOICE) {
        for (int k = 0; param->choices[k]; k++)
            if (strcmp(param->choices[k], buffer) == 0) {
                *value = k;
                return 0;
            }
        goto bad;
    }
    char *end;
    errno = 0;
    if (param->type == AGENT_PARAM_INT) {
        if (buffer[0] == '+' || buffer[0] == ' ') goto bad;
        long long number = strtoll(buffer, &end, 10);
        if (*end || errno || number < param->min || number > param->max) goto bad;
        *value = (double)number;
        return 0;
    }
    double number = strtod(buffer, &end);
    if (*end || errno || !isfinite(number) || buffer[0] == ' ' || number < param->min || number > param->max)
        goto bad;
    *value = number;
    return 0;
bad:;
    char allowed[160];
    if (param->type == AGENT_PARAM_TEXT) {
        snprintf(allowed, sizeof allowed, "some text");
    } else if (param->type == AGENT_PARAM_CHOICE) {
        size_t used = (size_t)snprintf(allowed, sizeof allowed, "one of:");
        for (int k = 0; param->choices[k] && used < sizeof allowed; k++)
            used += (size_t)snprintf(allowed + used, sizeof allowed - used, "%s %s", k ? "," : "", param->choices[k]);
    } else {
        snprintf(allowed, sizeof allowed, "%s from %g to %g", param->type == AGENT_PARAM_INT ? "an integer" : "a number",
                 param->min, param->max);
    }
    snprintf(error, error_size, "agent %s: bad value '%.*s' for %s (%s)", agent_name, (int)(length > 40 ? 40 : length),
             text, param->key, allowed);
    return -1;
}

/* Reads "key=value,..." into values[] (defaults first). */
static int parse_params(const agent_info_t *info, const char *params, double *values, char *error, size_t error_size)
{
    bool given[AGENT_MAX_PARAMS] = {false};
    for (int i = 0; i < info->param_count; i++) {
        const char *text = info->params[i].default_value;
        if (parse_value(info->name, &info->params[i], text, strlen(text), &values[i], error, error_size)) return -1;
    }
    while (*params) {
        size_t item_length = strcspn(params, ",");
        size_t key_length = strcspn(params, "=,");
        const char *value = params + key_length + 1;
        if (key_length == item_length) {
            snprintf(error, error_size, "agent %s: '%.*s' is not key=value", info->name, (int)item_length, params);
            return -1;
        }
        int index = -1;
        for (int i = 0; i < info->param_count; i++)
            if (strlen(info->params[i].key) == key_length && strncmp(info->params[i].key, params, key_length) == 0)
                index = i;
        if (index < 0) {
            size_t used = (size_t)snprintf(error, error_size, "agent %s: unknown parameter '%.*s' (%s", info->name,
                                           (int)key_length, params, info->param_count ? "parameters:" : "it takes none");
            for (int i = 0; i < info->param_count && used < error_size; i++)
                used += (size_t)snprintf(error + used, error_size - used, " %s", info->params[i].key);
            if (used < error_size) snprintf(error + used, error_size - used, ")");
            return -1;
        }
        if (given[index]) {
            snprintf(error, error_size, "agent %s: parameter %s given twice", info->name, info->params[index].key);
            return -1;
        }
        given[index] = true;
        if (parse_value(info->name, &info->params[index], value, item_length - key_length - 1, &values[index], error,
                        error_size))
            return -1;
        params += item_length;
        if (*params == ',') {
            params++;
            if (!*params) {
                snprintf(error, error_size, "agent %s: the spec ends with a comma", info->name);
                return -1;
            }
        }
    }
    return 0;
}

static const agent_kind_t *find_kind(const char *name, size_t length)
{
    for (int k = 0; k < AGENT_KIND_COUNT; k++)
        if (strlen(agent_kinds[k]->info.name) == length && strncmp(agent_kinds[k]->info.name, name, length) == 0)
            return agent_kinds[k];
    return NULL;
}

bool agent_spec_is_human(const char *spec)
{
    return strncmp(spec, "human", 5) == 0 && (spec[5] == ':' || spec[5] == '\0');
}

bool agent_spec_is_level(const char *spec)
{
    return strncmp(spec, "level", 5) == 0 && (spec[5] == ':' || spec[5] == '\0');
}

/* Resolves "level:N" or "level:n=N" into its table entry (*level = N); other specs stand for
 * themselves (*level = 0). */
static int resolve_level(const char *spec, const agent_levels_t *levels, const char **resolved, int *level,
                         char *error, size_t error_size)
{
    *resolved = spec;
    *level = 0;
    if (!agent_spec_is_level(spec)) return 0;
    const char *params = spec[5] == ':' ? spec + 6 : "";
    if (spec[5] == ':' && !*params) {
        snprintf(error, error_size, "agent level: nothing after ':' (give level:N, N from %d to %d)", AGENT_LEVEL_MIN,
                 AGENT_LEVEL_MAX);
        return -1;
    }
    char rewritten[AGENT_SPEC_MAX];
    if (*params >= '0' && *params <= '9') { /* level:N */
        snprintf(rewritten, sizeof rewritten, "n=%s", params);
        params = rewritten;
    }
    double value[AGENT_MAX_PARAMS];
    if (parse_params(&level_info, params, value, error, error_size)) return -1;
    const agent_levels_t *table = levels ? levels : agent_levels_builtin();
    if ((int)value[0] > table->count) {
        snprintf(error, error_size, "agent %s: the level table (%s) has %d level%s (level:1 .. level:%d)", spec,
                 table->source, table->count, table->count == 1 ? "" : "s", table->count);
        return -1;
    }
    *level = (int)value[0];
    *resolved = agent_level_spec(table, (int)value[0]);
    if (agent_spec_is_level(*resolved)) { /* a table entry must be a real agent (no loop) */
        snprintf(error, error_size, "agent %s: the level table (%s) gives '%s', itself a level", spec, table->source,
                 *resolved);
        return -1;
    }
    return 0;
}

static int parse_spec(const char *spec, const agent_levels_t *levels, const agent_kind_t **kind, double *values,
                      const char **resolved, char *error, size_t error_size)
{
    if (strlen(spec) >= AGENT_SPEC_MAX) {
        snprintf(error, error_size, "agent spec '%.40s...' is too long", spec);
        return -1;
    }
    int level;
    if (resolve_level(spec, levels, resolved, &level, error, error_size)) return -1;
    size_t name_length = strcspn(*resolved, ":");
    *kind = find_kind(*resolved, name_length);
    if (!*kind) {
        size_t used = (size_t)snprintf(error, error_size, "unknown agent '%.*s' (agents:", (int)name_length, *resolved);
        int count;
        const agent_info_t *const *infos = agent_list(&count);
        for (int k = 0; k < count && used < error_size; k++)
            used += (size_t)snprintf(error + used, error_size - used, " %s", infos[k]->name);
        if (used < error_size) snprintf(error + used, error_size - used, ")");
        return -1;
    }
    const char *params = (*resolved)[name_length] == ':' ? *resolved + name_length + 1 : "";
    if ((*resolved)[name_length] == ':' && !*params) {
        snprintf(error, error_size, "agent %s: nothing after ':' (give key=value, or no ':')", (*kind)->info.name);
        return -1;
    }
    return parse_params(&(*kind)->info, params, values, error, error_size);
}

int agent_spec_check(const char *spec, const agent_levels_t *levels, char *error, size_t error_size)
{
    const agent_kind_t *kind;
    const char *resolved;
    double values[AGENT_MAX_PARAMS];
    return parse_spec(spec, levels, &kind, values, &resolved, error, error_size);
}

int agent_levels_check(const agent_levels_t *levels, char *error, size_t error_size)
{
    if (levels->count < 1 || levels->count > AGENT_LEVEL_COUNT) {
        snprintf(error, error_size, "%s holds %d levels (a table holds 1 to %d)", levels->source, levels->count,
                 AGENT_LEVEL_COUNT);
        return -1;
    }
    for (int k = 0; k < levels->count; k++) {
        char message[AGENT_SPEC_MAX + 256];
        const char *spec = levels->spec[k];
        if (agent_spec_is_level(spec) || agent_spec_is_human(spec)) {
            snprintf(error, error_size, "level %d of %s is '%s', %s", k + AGENT_LEVEL_MIN, levels->source, spec,
                     agent_spec_is_human(spec) ? "a person, not a bot" : "itself a level");
            return -1;
        }
        if (agent_spec_check(spec, NULL, message, sizeof message)) {
            snprintf(error, error_size, "level %d of %s: %s", k + AGENT_LEVEL_MIN, levels->source, message);
            return -1;
        }
    }
    return 0;
}

static void seed_stream(agent_t *agent, uint64_t seed) { pcg32_seed(&agent->rng, seed, (uint64_t)agent->seat + 1); }

int agent_create(const char *spec, const agent_levels_t *levels, const game_t *game, const game_rules_t *rules,
                 int seat, uint64_t seed, agent_t **out, char *error, size_t error_size)
{
    const agent_kind_t *kind;
    const char *resolved;
    double values[AGENT_MAX_PARAMS];
    if (parse_spec(spec, levels ? levels : agent_levels_builtin_for(game->name), &kind, values, &resolved, error,
                   error_size))
        return -1;
    agent_t *agent = calloc(1, sizeof *agent);
    if (!agent) {
        snprintf(error, error_size, "out of memory creating agent %s", spec);
        return -1;
    }
    agent->kind = kind;
    snprintf(agent->spec, sizeof agent->spec, "%s", spec);
    snprintf(agent->resolved_spec, sizeof agent->resolved_spec, "%s", resolved);
    agent->game = game;
    agent->rules = rules;
    agent->seat = seat;
    memcpy(agent->param, values, sizeof values);
    seed_stream(agent, seed);
    if (kind->create && kind->create(agent, error, error_size)) {
        free(agent);
        return -1;
    }
    *out = agent;
    return 0;
}

void agent_destroy(agent_t *agent)
{
    if (!agent) return;
    if (agent->kind->destroy) agent->kind->destroy(agent);
    free(agent);
}

void agent_reset(agent_t *agent, uint64_t seed)
{
    seed_stream(agent, seed);
    if (agent->kind->reset) agent->kind->reset(agent);
}

const char *agent_spec(const agent_t *agent) { return agent->spec; }
const char *agent_resolved_spec(const agent_t *agent) { return agent->resolved_spec; }

bool agent_is_deterministic(const agent_t *agent)
{
    return agent->kind->deterministic && agent->kind->deterministic(agent);
}

int agent_param_text(const agent_t *agent, int index, char *out, size_t out_size)
{
    const char *key = agent->kind->info.params[index].key, *params = strchr(agent->resolved_spec, ':');
    size_t key_length = strlen(key);
    out[0] = '\0';
    for (params = params ? params + 1 : ""; *params;) {
        size_t item_length = strcspn(params, ","), name_length = strcspn(params, "=,");
        if (name_length == key_length && name_length < item_length && !strncmp(params, key, key_length)) {
            size_t length = item_length - key_length - 1;
            snprintf(out, out_size, "%.*s", (int)length, params + key_length + 1);
            return length < out_size ? 0 : -1;
        }
        params += item_length + (params[item_length] == ',');
    }
    return 0;
}

bool agent_forfeited(const agent_t *agent) { return agent->kind->forfeited && agent->kind->forfeited(agent); }

bool agent_wants_moves(const agent_t *agent)
{
    return agent->kind->on_move && (!agent->kind->keeps_moves || agent->kind->keeps_moves(agent));
}

bool agent_wants_events(const agent_t *agent) { return agent->kind->on_event != NULL || agent_wants_moves(agent); }

void agent_notify_move(agent_t *agent, const void *state, game_move_t move)
{
    if (agent_wants_moves(agent)) agent->kind->on_move(agent, state, move);
}

void agent_notify(agent_t *agent, const void *state, const game_event_t *event)
{
    if (agent->kind->on_event) agent->kind->on_event(agent, state, event);
}

bool agent_spec_may_forfeit(const char *spec, const agent_levels_t *levels)
{
    const agent_kind_t *kind;
    const char *resolved;
    double values[AGENT_MAX_PARAMS];
    char error[256];
    if (parse_spec(spec, levels, &kind, values, &resolved, error, sizeof error)) return false;
    return kind->may_forfeit && kind->may_forfeit(values);
}

void agent_set_abandon(agent_t *agent, volatile sig_atomic_t *flag) { agent->abandon = flag; }

int agent_prepare(agent_t *agent, char *name, size_t name_size, char *error, size_t error_size)
{
    name[0] = '\0';
    return agent->kind->prepare ? agent->kind->prepare(agent, name, name_size, error, error_size) : 0;
}

agent_faults_t agent_take_faults(agent_t *agent)
{
    agent_faults_t faults = {0, 0, 0};
    if (agent->kind->take_faults) faults = agent->kind->take_faults(agent);
    return faults;
}

bool agent_chooser(agent_t *agent, game_chooser_t *out)
{
    if (agent->kind == &random_agent_kind) {
        *out = (game_chooser_t){.rule = GAME_CHOOSE_UNIFORM, .rng = &agent->rng};
        return true;
    }
    if (agent->kind == &greedy_agent_kind && agent_is_deterministic(agent)) { /* no noise */
        *out = (game_chooser_t){.rule = GAME_CHOOSE_MOST_POINTS};
        return true;
    }
    return false;
}

game_move_t agent_choose(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    if (count == 1) return moves[0];
    return agent->kind->choose(agent, state, moves, count);
}

bool agent_choose_valued(agent_t *agent, const void *state, const game_move_t *moves, int count, double *values,
                         game_move_t *chosen)
{
    if (count == 1 || !agent->kind->value_measure) {
        *chosen = agent_choose(agent, state, moves, count);
        return false;
    }
    for (int i = 0; i < count; i++) values[i] = NAN;
    agent->values = values;
    *chosen = agent->kind->choose(agent, state, moves, count);
    agent->values = NULL;
    return true;
}

const char *agent_value_measure(const agent_t *agent) { return agent->kind->value_measure; }
bool agent_values_in_points(const agent_t *agent) { return agent->kind->values_in_points; }

/* ------------------------------------------------------------------ specs between two specs */

typedef struct parsed_spec {
    char name[64];
    const agent_info_t *info;
    double value[AGENT_MAX_PARAMS]; /* every parameter, given or default */
    bool given[AGENT_MAX_PARAMS];
    char text[AGENT_MAX_PARAMS][AGENT_SPEC_MAX]; /* as long as a spec: a text (a model's path) */
} parsed_spec_t;

static const agent_info_t *info_named(const char *name, size_t length)
{
    int count;
    const agent_info_t *const *infos = agent_list(&count);
    for (int k = 0; k < count; k++)
        if (strlen(infos[k]->name) == length && !strncmp(infos[k]->name, name, length)) return infos[k];
    return NULL;
}

/* Reads "name:key=value,..." (already checked by agent_spec_check) as text and numbers, for
 * agent_spec_between. Choices compare as text. */
static bool parse_spec_text(const char *spec, parsed_spec_t *out)
{
    memset(out, 0, sizeof *out);
    size_t length = strcspn(spec, ":");
    out->info = info_named(spec, length);
    if (!out->info || length >= sizeof out->name) return false;
    snprintf(out->name, sizeof out->name, "%.*s", (int)length, spec);
    for (int p = 0; p < out->info->param_count; p++) {
        snprintf(out->text[p], sizeof out->text[p], "%s", out->info->params[p].default_value);
        out->value[p] = atof(out->text[p]);
    }
    const char *rest = spec[length] == ':' ? spec + length + 1 : "";
    while (*rest) {
        size_t item = strcspn(rest, ","), key = strcspn(rest, "=");
        for (int p = 0; p < out->info->param_count; p++)
            if (strlen(out->info->params[p].key) == key && !strncmp(out->info->params[p].key, rest, key)) {
                snprintf(out->text[p], sizeof out->text[p], "%.*s", (int)(item - key - 1), rest + key + 1);
                out->value[p] = atof(out->text[p]);
                out->given[p] = true;
            }
        rest += item + (rest[item] == ',');
    }
    return true;
}

/* The one numeric parameter in which two specs of the same kind differ, or -1. */
static int varying_parameter(const parsed_spec_t *a, const parsed_spec_t *b)
{
    if (a->info != b->info) return -1;
    int varying = -1;
    for (int p = 0; p < a->info->param_count; p++) {
        if (!strcmp(a->text[p], b->text[p])) continue;
        if (varying >= 0 || a->info->params[p].type == AGENT_PARAM_CHOICE) return -1;
        varying = p;
    }
    return varying;
}

/* `a` with parameter p set to `value` (the other parameters as `a` gave them). */
static void spec_with(const parsed_spec_t *a, int p, double value, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "%s", a->name);
    char separator = ':';
    for (int q = 0; q < a->info->param_count && used < size; q++) {
        if (q != p && !a->given[q]) continue;
        if (q == p && a->info->params[q].type == AGENT_PARAM_INT)
            used += (size_t)snprintf(out + used, size - used, "%c%s=%.0f", separator, a->info->params[q].key, value);
        else if (q == p)
            used += (size_t)snprintf(out + used, size - used, "%c%s=%.3g", separator, a->info->params[q].key, value);
        else
            used += (size_t)snprintf(out + used, size - used, "%c%s=%s", separator, a->info->params[q].key, a->text[q]);
        separator = ',';
    }
}

int agent_spec_between(const char *a, const char *b, double share, char *out, size_t out_size)
{
    parsed_spec_t from_spec, to_spec;
    bool parsed = parse_spec_text(a, &from_spec) && parse_spec_text(b, &to_spec);
    int p = parsed ? varying_parameter(&from_spec, &to_spec) : -1;
    if (p < 0) return -1;
    double from = from_spec.value[p], to = to_spec.value[p], value;
    if (from_spec.info->params[p].type == AGENT_PARAM_INT && from > 0 && to > 0)
        value = round(exp(log(from) + share * (log(to) - log(from))));
    else
        value = round((from + share * (to - from)) * 1000) / 1000;
    /* at an end, the spec as it was written */
    if (value == from || value == to) snprintf(out, out_size, "%s", value == from ? a : b);
    else spec_with(&from_spec, p, value, out, out_size);
    return 0;
}

/* ------------------------------------------------------------------ what a spec plays */

int agent_spec_view(const char *spec, const agent_levels_t *levels, agent_spec_view_t *out, char *error,
                    size_t error_size)
{
    const agent_kind_t *kind;
    const char *resolved;
    double values[AGENT_MAX_PARAMS];
    memset(out, 0, sizeof *out);
    if (parse_spec(spec, levels, &kind, values, &resolved, error, error_size) ||
        resolve_level(spec, levels, &resolved, &out->level, error, error_size))
        return -1;
    parsed_spec_t parsed; /* the values as written, which parse_spec has checked */
    if (!parse_spec_text(resolved, &parsed)) {
        snprintf(error, error_size, "agent '%s' cannot be read back", resolved);
        return -1;
    }
    snprintf(out->played, sizeof out->played, "%s", resolved);
    out->info = &kind->info;
    for (int p = 0; p < kind->info.param_count; p++) {
        snprintf(out->value[p], sizeof out->value[p], "%s", parsed.text[p]);
        out->given[p] = parsed.given[p];
    }
    return 0;
}
