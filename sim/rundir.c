/* rundir.c - run.json, summary.csv and deals.csv of a simulator run (see rundir.h). */
#include "rundir.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "csv.h"
#include "records/record.h"

const char rundir_deals_header[] =
    "unit,rotation,seat,agent,team,points,result,pips_left,plies,hands,end,leader,deal_seed\n";

void rundir_path(char *out, const char *dir, const char *name)
{
    snprintf(out, RUNDIR_PATH_MAX, "%s/%s", dir, name);
}

void rundir_now(char *out, size_t size)
{
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &utc);
}

int rundir_make_directories(const char *dir)
{
    char path[RUNDIR_PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *slash = strchr(path + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) return -1;
        *slash = '/';
    }
    return mkdir(path, 0777) != 0 && errno != EEXIST ? -1 : 0;
}

int rundir_prepare_output(const char *dir, char *error, size_t size)
{
    char path[RUNDIR_PATH_MAX];
    if (rundir_make_directories(dir) != 0) {
        snprintf(error, size, "--out %s: cannot create the directory: %s", dir, strerror(errno));
        return -1;
    }
    rundir_path(path, dir, ".write-test");
    FILE *probe = fopen(path, "w");
    if (!probe) {
        snprintf(error, size, "--out %s: cannot write there: %s", dir, strerror(errno));
        return -1;
    }
    fclose(probe);
    unlink(path);
    return 0;
}

int rundir_prepare_new(const char *dir, char *error, size_t size)
{
    char path[RUNDIR_PATH_MAX];
    if (rundir_prepare_output(dir, error, size)) return -1;
    rundir_path(path, dir, "run.json");
    if (access(path, F_OK) == 0) {
        snprintf(error, size, "--out %s: the directory already holds a run (a sim run continues with --resume %s)",
                 dir, dir);
        return -1;
    }
    /* A run killed before its first run.json can leave that file's temporary: no run owns
     * it, and the new one would otherwise carry it along. */
    atomic_file_remove_leftovers(path);
    return 0;
}

/* ------------------------------------------------------------------ identity */

sim_seating_scheme_t rundir_seating_scheme(bool duplicate, bool swap, int replays)
{
    if (replays) return SIM_SEATING_REPLAY;
    if (!duplicate) return SIM_SEATING_ONCE;
    return swap ? SIM_SEATING_ROTATE_SWAP : SIM_SEATING_ROTATE;
}

json_t *rundir_identity(const sim_study_t *study)
{
    const sim_config_t *c = &study->config;
    char options[8192];
    record_format_options(options, sizeof options, c->game, study->values);
    json_t *agents = json_array(), *names = json_null();
    for (int seat = 0; seat < c->seats; seat++) json_array_append_new(agents, json_string(study->seat_agents[seat]));
    for (int seat = 0; seat < c->seats; seat++)
        if (study->seat_names[seat] && study->seat_names[seat][0]) {
            /* what the bots call themselves: shown, never part of the study's identity */
            names = json_array();
            for (int s = 0; s < c->seats; s++)
                json_array_append_new(names, study->seat_names[s] && study->seat_names[s][0]
                                                 ? json_string(study->seat_names[s])
                                                 : json_null());
            break;
        }
    json_t *shard = json_null();
    if (study->shard_count > 0) {
        char text[48];
        snprintf(text, sizeof text, "%d/%d", study->shard_index, study->shard_count);
        shard = json_string(text);
    }
    /* What level:n stood for, when a seat plays a level: the same spec under another level
     * table is another study. */
    json_t *played = json_null();
    for (int seat = 0; seat < c->seats; seat++)
        if (agent_spec_is_level(study->seat_agents[seat])) {
            played = json_array();
            for (int s = 0; s < c->seats; s++) {
                char error[256];
                agent_t *agent = NULL;
                const char *spec = study->seat_agents[s];
                if (agent_create(spec, c->levels, c->game, c->rules, s, 0, &agent, error, sizeof error) == 0) {
                    json_array_append_new(played, json_string(agent_resolved_spec(agent)));
                    agent_destroy(agent);
                } else {
                    json_array_append_new(played, json_string(spec));
                }
            }
            break;
        }
    /* Where the records go is part of the study: a resume must go on writing them there. */
    json_t *records = study->records ? json_pack("{s:s, s:i}", "dir", study->records, "every", study->records_every)
                                     : json_null();
    return json_pack("{s:i, s:s, s:s?, s:o, s:i, s:o, s:o, s:o, s:s, s:I, s:I, s:b, s:b, s:i, s:b, s:b, s:o, s:o}",
                     "format", RUNDIR_FORMAT, "game", c->game->name, "preset", study->preset, "options",
                     json_loads(options, 0, NULL), "seats", c->seats, "agents", agents, "agent_names", names,
                     "played_agents", played, "mode",
                     c->mode == SIM_DEALS ? "deals" : "matches", "units", (json_int_t)c->units, "seed",
                     (json_int_t)c->seed, "duplicate", study->duplicate, "swap", study->swap, "replays", study->replays,
                     "per_deal", study->per_deal, "per_seat", study->per_seat, "shard", shard, "records", records);
}

static const char *const identity_keys[] = {"format", "game",     "preset",   "options",  "seats",
                                            "agents", "played_agents", "mode", "units",    "seed",
                                            "duplicate", "swap", "replays", "per_deal", "per_seat", "shard", "records", NULL};

json_t *rundir_identity_of(const json_t *run)
{
    json_t *identity = json_object();
    for (int k = 0; identity_keys[k]; k++) {
        json_t *value = json_object_get(run, identity_keys[k]);
        json_object_set_new(identity, identity_keys[k], value ? json_deep_copy(value) : json_null());
    }
    return identity;
}

int rundir_compare_identities(const json_t *have, const json_t *want, const char *except, const char *have_name,
                              const char *want_name, char *error, size_t error_size)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)want, key, value) {
        if (except && !strcmp(key, except)) continue;
        json_t *other = json_object_get(have, key);
        if (other && json_equal(other, value)) continue;
        if (!other && json_is_null(value)) continue;
        char *mine = json_dumps(value, JSON_ENCODE_ANY | JSON_COMPACT);
        char *theirs = other ? json_dumps(other, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
        snprintf(error, error_size, "%s was made with %s %.200s, but %s has %s %.200s", have_name, key,
                 theirs ? theirs : "(missing)", want_name, key, mine ? mine : "?");
        free(mine);
        free(theirs);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ totals */

/* The fields of stats_totals_t, for JSON: one table so writing and reading agree. */
#define TOTALS_FIELDS(X) STATS_SUMS(X) X(block_games)

static json_t *stats_to_json(const stats_totals_t *t)
{
    json_t *object = json_object();
#define WRITE_FIELD(name) json_object_set_new(object, #name, json_integer((json_int_t)t->name));
    TOTALS_FIELDS(WRITE_FIELD)
#undef WRITE_FIELD
    return object;
}

void rundir_shard_slice(int64_t units, int k, int n, int64_t *first, int64_t *end)
{
    /* floor(units * K / N) without the product, which overflows for the largest runs */
    *first = units / n * (k - 1) + units % n * (k - 1) / n;
    *end = units / n * k + units % n * k / n;
}

json_t *rundir_totals_to_json(const sim_totals_t *totals, int agents, int seats)
{
    char signature[24];
    snprintf(signature, sizeof signature, "%016" PRIx64, totals->signature);
    json_t *per_agent = json_array(), *per_seat = json_array();
    for (int a = 0; a < agents; a++) {
        json_array_append_new(per_agent, stats_to_json(&totals->agent[a]));
        json_t *seats_of_agent = json_array();
        for (int seat = 0; seat < seats; seat++)
            json_array_append_new(seats_of_agent, stats_to_json(&totals->agent_seat[a][seat]));
        json_array_append_new(per_seat, seats_of_agent);
    }
    return json_pack("{s:I, s:I, s:I, s:s, s:o, s:o}", "units", (json_int_t)totals->units, "plies",
                     (json_int_t)totals->plies, "hands", (json_int_t)totals->hands, "signature", signature, "agents",
                     per_agent, "agent_seats", per_seat);
}

/* ------------------------------------------------------------------ run.json */

int rundir_write_run(const char *dir, json_t *run, char *error, size_t error_size)
{
    char path[RUNDIR_PATH_MAX];
    atomic_file_t file;
    rundir_path(path, dir, "run.json");
    if (atomic_file_open(&file, path, error, error_size)) return -1;
    if (json_dumpf(run, file.stream, JSON_INDENT(2) | JSON_PRESERVE_ORDER) || fputc('\n', file.stream) == EOF) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return atomic_file_commit(&file, error, error_size);
}

/* ------------------------------------------------------------------ reading run.json back */

/* Where a check of run.json is: the file, for the messages. */
typedef struct run_reader {
    char path[RUNDIR_PATH_MAX];
    const json_t *json;
    char *error;
    size_t error_size;
} run_reader_t;

static int refuse(run_reader_t *r, const char *key, const char *format, ...) __attribute__((format(printf, 3, 4)));
static int refuse(run_reader_t *r, const char *key, const char *format, ...)
{
    int used = snprintf(r->error, r->error_size, "%s: field \"%s\": ", r->path, key);
    if (used >= 0 && (size_t)used < r->error_size) {
        va_list args;
        va_start(args, format);
        vsnprintf(r->error + used, r->error_size - (size_t)used, format, args);
        va_end(args);
    }
    return -1;
}

/* An integer field of `object`; `key` may be a dotted path whose last part names it there. */
static int read_integer(run_reader_t *r, const json_t *object, const char *key, int64_t low, int64_t high,
                        int64_t *out)
{
    const char *dot = strrchr(key, '.');
    const json_t *value = json_object_get(object, dot ? dot + 1 : key);
    if (!value) return refuse(r, key, "missing");
    if (!json_is_integer(value)) return refuse(r, key, "not an integer");
    int64_t number = json_integer_value(value);
    if (number < low || number > high)
        return refuse(r, key, "%" PRId64 " is out of range (%" PRId64 " to %" PRId64 ")", number, low, high);
    *out = number;
    return 0;
}

static int read_int(run_reader_t *r, const char *key, int low, int high, int *out)
{
    int64_t number = 0;
    if (read_integer(r, r->json, key, low, high, &number)) return -1;
    *out = (int)number;
    return 0;
}

static int read_bool(run_reader_t *r, const char *key, bool *out)
{
    const json_t *value = json_object_get(r->json, key);
    if (!json_is_boolean(value)) return refuse(r, key, value ? "not true or false" : "missing");
    *out = json_is_true(value);
    return 0;
}

static int read_string(run_reader_t *r, const json_t *object, const char *key, bool may_be_null, const char **out)
{
    const char *dot = strrchr(key, '.');
    const json_t *value = json_object_get(object, dot ? dot + 1 : key);
    *out = NULL;
    if (may_be_null && json_is_null(value)) return 0;
    if (!json_is_string(value) || !json_string_value(value)[0]) return refuse(r, key, value ? "not a word" : "missing");
    *out = json_string_value(value);
    return 0;
}

/* The fields of one stats_totals_t: all integers; counts never negative; wins, draws and
 * losses make up the games. */
static int read_stats(run_reader_t *r, const json_t *object, const char *where, stats_totals_t *t)
{
    char key[96];
    memset(t, 0, sizeof *t);
    if (!json_is_object(object)) return refuse(r, where, "not an object of totals");
#define READ_FIELD(name)                                                                                         \
    snprintf(key, sizeof key, "%s." #name, where);                                                               \
    if (!json_is_integer(json_object_get(object, #name))) return refuse(r, key, "missing or not an integer");   \
    t->name = json_integer_value(json_object_get(object, #name));
#define READ_FAULTS(name)                                                                                        \
    if (!json_object_get(object, #name)) t->name = 0; /* written before external agents: none */               \
    else { READ_FIELD(name) }
    STATS_CORE_SUMS(READ_FIELD)
    STATS_FAULT_SUMS(READ_FAULTS)
    READ_FIELD(block_games)
#undef READ_FAULTS
#undef READ_FIELD
    const int64_t counts[] = {t->games, t->wins, t->draws, t->losses, t->hands, t->points_squared,
                              t->hand_points_squared, t->margin_squared, t->blocks, t->block_score2,
                              t->block_score2_squared, t->block_games};
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
        if (counts[k] < 0) return refuse(r, where, "a negative count");
    int64_t results;
    if (__builtin_add_overflow(t->wins, t->draws, &results) || __builtin_add_overflow(results, t->losses, &results) ||
        results != t->games)
        return refuse(r, where, "wins, draws and losses do not add up to the games");
    return 0;
}

/* The totals, and that they are the totals of units_done units. */
static int read_totals(run_reader_t *r, rundir_run_t *run)
{
    const json_t *totals = json_object_get(r->json, "totals");
    sim_totals_t *t = &run->totals;
    memset(t, 0, sizeof *t);
    if (!json_is_object(totals)) return refuse(r, "totals", totals ? "not an object" : "missing");
    int64_t plies = 0, hands = 0;
    if (read_integer(r, totals, "totals.units", run->units_done, run->units_done, &t->units) ||
        read_integer(r, totals, "totals.plies", 0, INT64_MAX, &plies) ||
        read_integer(r, totals, "totals.hands", 0, INT64_MAX, &hands))
        return -1;
    t->plies = plies;
    t->hands = hands;
    const char *signature;
    char *end = NULL;
    if (read_string(r, totals, "totals.signature", false, &signature)) return -1;
    t->signature = strtoull(signature, &end, 16);
    if (strlen(signature) != 16 || *end) return refuse(r, "totals.signature", "not 16 hexadecimal digits");
    const json_t *agents = json_object_get(totals, "agents"), *seats = json_object_get(totals, "agent_seats");
    if (!json_is_array(agents) || json_array_size(agents) != (size_t)run->agent_count)
        return refuse(r, "totals.agents", "not one entry per agent (%d)", run->agent_count);
    if (!json_is_array(seats) || json_array_size(seats) != (size_t)run->agent_count)
        return refuse(r, "totals.agent_seats", "not one entry per agent (%d)", run->agent_count);
    int64_t games = 0;
    for (int a = 0; a < run->agent_count; a++) {
        char where[64];
        snprintf(where, sizeof where, "totals.agents[%d]", a);
        if (read_stats(r, json_array_get(agents, (size_t)a), where, &t->agent[a])) return -1;
        if (t->agent[a].blocks != run->units_done) return refuse(r, where, "blocks differ from units_done");
        const json_t *of_agent = json_array_get(seats, (size_t)a);
        snprintf(where, sizeof where, "totals.agent_seats[%d]", a);
        if (!json_is_array(of_agent) || json_array_size(of_agent) != (size_t)run->seats)
            return refuse(r, where, "not one entry per seat (%d)", run->seats);
        int64_t seat_games = 0;
        for (int seat = 0; seat < run->seats; seat++) {
            snprintf(where, sizeof where, "totals.agent_seats[%d][%d]", a, seat);
            if (read_stats(r, json_array_get(of_agent, (size_t)seat), where, &t->agent_seat[a][seat])) return -1;
            if (__builtin_add_overflow(seat_games, t->agent_seat[a][seat].games, &seat_games))
                return refuse(r, where, "more games than a count holds");
        }
        if (seat_games != t->agent[a].games) return refuse(r, where, "the seats' games differ from the agent's");
        if (__builtin_add_overflow(games, t->agent[a].games, &games))
            return refuse(r, "totals.agents", "more games than a count holds");
    }
    int64_t want = run->units_done * run->rotations * run->seats; /* read_progress proved it fits */
    if (games != want)
        return refuse(r, "totals", "%" PRId64 " games, but units_done x rotations x seats is %" PRId64, games, want);
    return 0;
}

/* "K/N", or null. */
static int read_shard(run_reader_t *r, rundir_run_t *run)
{
    const json_t *value = json_object_get(r->json, "shard");
    char rest;
    run->shard_index = run->shard_count = 0;
    if (json_is_null(value)) return 0;
    if (!json_is_string(value) ||
        sscanf(json_string_value(value), "%d/%d%c", &run->shard_index, &run->shard_count, &rest) != 2 ||
        run->shard_index < 1 || run->shard_index > run->shard_count)
        return refuse(r, "shard", "neither null nor K/N");
    return 0;
}

/* null (or missing: a run.json older than records), or {"dir": DIR, "every": N}. */
static int read_records(run_reader_t *r, rundir_run_t *run)
{
    const json_t *value = json_object_get(r->json, "records");
    int64_t every = 1;
    run->records = NULL;
    run->records_every = 1;
    if (!value || json_is_null(value)) return 0;
    if (!json_is_object(value)) return refuse(r, "records", "neither null nor an object");
    if (read_string(r, value, "records.dir", false, &run->records) ||
        read_integer(r, value, "records.every", 1, INT32_MAX, &every))
        return -1;
    run->records_every = (int)every;
    return 0;
}

/* The names the agents gave themselves: absent or null in runs without any. */
static int read_names(run_reader_t *r, rundir_run_t *run)
{
    const json_t *names = json_object_get(r->json, "agent_names");
    if (!names || json_is_null(names)) return 0;
    if (!json_is_array(names) || json_array_size(names) != (size_t)run->seats)
        return refuse(r, "agent_names", "not one name or null per seat (%d)", run->seats);
    for (int seat = 0; seat < run->seats; seat++) {
        const json_t *name = json_array_get(names, (size_t)seat);
        if (!json_is_null(name) && !json_is_string(name))
            return refuse(r, "agent_names", "entry %d is neither a name nor null", seat);
        int a = 0;
        while (strcmp(run->agents[a], run->seat_agents[seat])) a++;
        if (!run->names[a]) run->names[a] = json_string_value(name);
    }
    return 0;
}

/* The identity and the seats' agents. */
static int read_identity(run_reader_t *r, rundir_run_t *run)
{
    int format;
    int64_t seed = 0;
    if (read_int(r, "format", RUNDIR_FORMAT, RUNDIR_FORMAT, &format) || read_string(r, r->json, "game", false, &run->game) ||
        read_string(r, r->json, "preset", true, &run->preset) || read_string(r, r->json, "mode", false, &run->mode) ||
        read_int(r, "seats", 1, GAME_MAX_SEATS, &run->seats) || read_integer(r, r->json, "units", 1, INT64_MAX / 2, &run->units) ||
        read_integer(r, r->json, "seed", 0, INT64_MAX, &seed) || read_bool(r, "duplicate", &run->duplicate) ||
        read_bool(r, "swap", &run->swap) || read_int(r, "replays", 0, SIM_MAX_REPLAYS, &run->replays) ||
        read_bool(r, "per_deal", &run->per_deal) ||
        read_bool(r, "per_seat", &run->per_seat) || read_shard(r, run) || read_records(r, run))
        return -1;
    run->seed = (uint64_t)seed;
    if (strcmp(run->mode, "deals") && strcmp(run->mode, "matches")) return refuse(r, "mode", "neither deals nor matches");
    run->matches = !strcmp(run->mode, "matches");
    if (!json_is_object(json_object_get(r->json, "options"))) return refuse(r, "options", "not an object");
    const json_t *agents = json_object_get(r->json, "agents");
    if (!json_is_array(agents) || json_array_size(agents) != (size_t)run->seats)
        return refuse(r, "agents", "not one agent spec per seat (%d)", run->seats);
    for (int seat = 0; seat < run->seats; seat++) {
        const char *spec = json_string_value(json_array_get(agents, (size_t)seat));
        if (!spec || !spec[0]) return refuse(r, "agents", "entry %d is not an agent spec", seat);
        run->seat_agents[seat] = spec;
        int a = 0;
        while (a < run->agent_count && strcmp(run->agents[a], spec)) a++;
        if (a == run->agent_count) run->agents[run->agent_count++] = spec;
    }
    return read_names(r, run);
}

/* How far the run got: the slice, the units done of it, deals.csv's size, complete. */
static int read_progress(run_reader_t *r, rundir_run_t *run)
{
    if (read_int(r, "sides", 1, run->seats, &run->sides) || read_int(r, "rotations", 1, SIM_MAX_ROTATIONS, &run->rotations) ||
        read_integer(r, r->json, "first_unit", 0, run->units - 1, &run->first_unit) ||
        read_integer(r, r->json, "end_unit", run->first_unit + 1, run->units, &run->end_unit) ||
        read_integer(r, r->json, "units_done", 0, run->end_unit - run->first_unit, &run->units_done) ||
        read_integer(r, r->json, "deals_bytes", 0, INT64_MAX, &run->deals_bytes) || read_bool(r, "complete", &run->complete))
        return -1;
    if (run->duplicate && run->replays) return refuse(r, "replays", "%d, but the run is duplicate", run->replays);
    if (run->swap && (!run->duplicate || run->agent_count != 2 || run->seats % 2 == 0))
        return refuse(r, "swap", "true, but only two agents over an odd number of seats in duplicate play swapped");
    sim_config_t seating = {.seats = run->seats, .sides = run->sides};
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < run->seats; seat++) {
        agent_of_seat[seat] = 0;
        while (strcmp(run->agents[agent_of_seat[seat]], run->seat_agents[seat])) agent_of_seat[seat]++;
    }
    sim_seatings(&seating, agent_of_seat, rundir_seating_scheme(run->duplicate, run->swap, run->replays), run->replays);
    if (run->rotations != seating.rotations)
        return refuse(r, "rotations", "%d, but the run's seats and settings make %d distinct seatings", run->rotations,
                      seating.rotations);
    int64_t games;
    if (__builtin_mul_overflow(run->units, (int64_t)run->rotations * run->seats, &games))
        return refuse(r, "units", "more games than a count holds");
    /* "decided": a stopping rule ended the run early (sim/run.c); any other complete run has
     * played its whole slice. */
    bool decided = json_is_true(json_object_get(r->json, "decided"));
    if (run->complete && (decided ? run->units_done > run->end_unit - run->first_unit
                                  : run->units_done != run->end_unit - run->first_unit))
        return refuse(r, "units_done", "the run is complete, but %" PRId64 " of %" PRId64 " units are done",
                      run->units_done, run->end_unit - run->first_unit);
    if (run->per_deal && !run->complete && run->deals_bytes < (int64_t)strlen(rundir_deals_header))
        return refuse(r, "deals_bytes", "%" PRId64 " is shorter than deals.csv's header", run->deals_bytes);
    return 0;
}

int rundir_load_run(const char *dir, rundir_run_t *out, char *error, size_t error_size)
{
    run_reader_t r = {.error = error, .error_size = error_size};
    json_error_t json_error;
    memset(out, 0, sizeof *out);
    rundir_path(r.path, dir, "run.json");
    out->json = json_load_file(r.path, JSON_REJECT_DUPLICATES, &json_error);
    if (!out->json) {
        if (access(r.path, F_OK) != 0) snprintf(error, error_size, "%s: no run here (%s)", dir, strerror(errno));
        else snprintf(error, error_size, "%s:%d: %s", r.path, json_error.line, json_error.text);
        return -1;
    }
    r.json = out->json;
    int result = 0;
    if (!json_is_object(out->json)) {
        snprintf(error, error_size, "%s: not a run description (not a JSON object)", r.path);
        result = -1;
    } else if (read_identity(&r, out) || read_progress(&r, out) || read_totals(&r, out)) {
        result = -1;
    }
    if (result) rundir_run_free(out);
    return result;
}

void rundir_run_free(rundir_run_t *run)
{
    json_decref(run->json);
    run->json = NULL;
}

/* ------------------------------------------------------------------ summary.csv */

bool rundir_teams_of(const game_t *game, const game_rules_t *rules, int seats, const int *agent_of_seat,
                     rundir_teams_t *out)
{
    if (game->side_count(rules) >= seats) return false;
    for (int seat = 0; seat < seats; seat++) {
        out->agent_of_seat[seat] = agent_of_seat[seat];
        out->side_of_seat[seat] = game->side_of_seat(rules, seat);
    }
    return true;
}

/* A team's totals from those of an agent that sits in no other team, holding `held` of
 * its seats: every play gives the agent `held` games alike, each the team's result, so its
 * sums are the team's times `held` (a block's sums too, their squares times held^2). */
static void team_totals(const stats_totals_t *agent, int64_t held, stats_totals_t *out)
{
    *out = *agent;
#define RUNDIR_DIVIDE(field) out->field = agent->field / held;
    STATS_SUMS(RUNDIR_DIVIDE)
#undef RUNDIR_DIVIDE
    out->blocks = agent->blocks;
    out->block_score2_squared = agent->block_score2_squared / (held * held);
    out->block_shares_squared = agent->block_shares_squared / (held * held);
    out->block_games = agent->block_games / held;
}

/* The team rows: one per side of the given seating, named by its members' specs joined
 * with '+' in seat order ("greedy+heuristic"), whose results are those of a member agent
 * that sits in no other team. A team all of whose agents also sit in the other team (A,A
 * against A,B) has no row: its games cannot be told apart in the agents' totals. */
static int team_rows(const char *const *agents, int seats, int sides, bool match_mode, const rundir_teams_t *teams,
                     const sim_totals_t *totals, stats_totals_t *team_total, char (*names)[RUNDIR_TEAM_NAME_MAX],
                     stats_summary_row_t *rows)
{
    int count = 0;
    for (int side = 0; side < sides; side++) {
        int own = -1, held = 0;
        names[side][0] = '\0';
        size_t used = 0;
        for (int seat = 0; seat < seats; seat++) {
            if (teams->side_of_seat[seat] != side) continue;
            int a = teams->agent_of_seat[seat];
            if (used < RUNDIR_TEAM_NAME_MAX) { /* a longer name is cut, as snprintf cuts it */
                int written =
                    snprintf(names[side] + used, RUNDIR_TEAM_NAME_MAX - used, "%s%s", used ? "+" : "", agents[a]);
                used += written > 0 ? (size_t)written : 0;
            }
            bool elsewhere = false;
            for (int other = 0; other < seats; other++)
                elsewhere |= teams->agent_of_seat[other] == a && teams->side_of_seat[other] != side;
            if (!elsewhere && own < 0) own = a;
        }
        if (own < 0) continue;
        for (int seat = 0; seat < seats; seat++) held += teams->agent_of_seat[seat] == own;
        team_totals(&totals->agent[own], held, &team_total[count]);
        rows[count] = (stats_summary_row_t){"team", names[side], -1, &team_total[count], match_mode, sides, NULL};
        count++;
    }
    return count;
}

int rundir_write_summary(const char *dir, const char *const *agents, const char *const *names, int agent_count,
                         int seats, int sides, bool match_mode, bool per_seat, const rundir_teams_t *teams,
                         const sim_totals_t *totals, char *error, size_t error_size)
{
    stats_summary_row_t rows[SIM_MAX_AGENTS * (GAME_MAX_SEATS + 1) + GAME_MAX_SEATS];
    stats_totals_t team_total[GAME_MAX_SEATS];
    char team_name[GAME_MAX_SEATS][RUNDIR_TEAM_NAME_MAX];
    int count = 0;
    for (int a = 0; a < agent_count; a++)
        rows[count++] =
            (stats_summary_row_t){"agent", agents[a], -1, &totals->agent[a], match_mode, sides, names ? names[a] : NULL};
    if (teams) count += team_rows(agents, seats, sides, match_mode, teams, totals, team_total, team_name, rows + count);
    for (int a = 0; per_seat && a < agent_count; a++)
        for (int seat = 0; seat < seats; seat++)
            if (totals->agent_seat[a][seat].games > 0)
                rows[count++] =
                    (stats_summary_row_t){"seat", agents[a], seat, &totals->agent_seat[a][seat], match_mode, sides,
                                          names ? names[a] : NULL};
    char path[RUNDIR_PATH_MAX];
    atomic_file_t file;
    rundir_path(path, dir, "summary.csv");
    if (atomic_file_open(&file, path, error, error_size)) return -1;
    if (stats_write_summary_csv(file.stream, rows, count)) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return atomic_file_commit(&file, error, error_size);
}

/* ------------------------------------------------------------------ deals.csv */

/* The deals file of a run: the part file while it grows, deals.csv once it stopped. Both at
 * once is a directory no run of ours leaves. */
static int find_deals_file(const char *dir, char *path, char *error, size_t error_size)
{
    char part[RUNDIR_PATH_MAX], final[RUNDIR_PATH_MAX];
    rundir_path(part, dir, ".deals.csv.part");
    rundir_path(final, dir, "deals.csv");
    bool has_part = access(part, F_OK) == 0, has_final = access(final, F_OK) == 0;
    if (has_part && has_final) {
        snprintf(error, error_size, "%s: holds both deals.csv and .deals.csv.part; no run leaves both", dir);
        return -1;
    }
    if (!has_part && !has_final) {
        snprintf(error, error_size, "%s: deals.csv is missing, but run.json says the run writes it", dir);
        return -1;
    }
    snprintf(path, RUNDIR_PATH_MAX, "%s", has_part ? part : final);
    return 0;
}

/* The fields of a row, counted outside double quotes (an agent spec may hold commas). */
static int count_fields(const char *line)
{
    int fields = 1;
    bool quoted = false;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (*p == '"') quoted = !quoted;
        else if (*p == ',' && !quoted) fields++;
    }
    return fields;
}

/* One row after the header: its field count, and a unit number in [first, end) no lower
 * than the row before's. */
static int check_row(const char *line, int64_t row, int fields, int64_t first, int64_t end, int64_t *unit, char *error,
                     size_t error_size)
{
    char *stop = NULL;
    long long number = strtoll(line, &stop, 10);
    if (stop == line || *stop != ',' || count_fields(line) != fields) {
        snprintf(error, error_size, "row %" PRId64 " is not a deals.csv row", row);
        return -1;
    }
    if (number < first || number >= end || number < *unit) {
        snprintf(error, error_size, "row %" PRId64 " is of unit %lld, out of order or outside units %" PRId64
                 " to %" PRId64, row, number, first, end - 1);
        return -1;
    }
    *unit = number;
    return 0;
}

/* Reads the first `bytes` bytes of `in`: the header, then rows of units in [first, end),
 * counted. Returns 0, or -1 with what is wrong (without the file's name). */
static int scan_deals(FILE *in, int64_t bytes, int64_t first, int64_t end, int64_t *rows, int64_t *last_unit,
                      char *error, size_t error_size)
{
    size_t header = strlen(rundir_deals_header);
    int fields = count_fields(rundir_deals_header);
    char line[CSV_LINE_MAX];
    size_t length = 0;
    int64_t read = 0;
    *rows = 0;
    *last_unit = -1;
    for (int c; read < bytes && (c = getc(in)) != EOF; read++) {
        if (length + 1 >= sizeof line) {
            snprintf(error, error_size, "line %" PRId64 " is too long", *rows + 2);
            return -1;
        }
        line[length++] = (char)c;
        if (c != '\n') continue;
        line[length] = '\0';
        if (read + 1 == (int64_t)length) { /* the first line */
            if (length != header || memcmp(line, rundir_deals_header, header)) {
                snprintf(error, error_size, "the first line is not the deals.csv header");
                return -1;
            }
        } else if (check_row(line, ++*rows, fields, first, end, last_unit, error, error_size)) {
            return -1;
        }
        length = 0;
    }
    if (ferror(in)) {
        snprintf(error, error_size, "cannot read it: %s", strerror(errno));
        return -1;
    }
    if (read < bytes) {
        snprintf(error, error_size, "it holds %" PRId64 " bytes, run.json counts %" PRId64, read, bytes);
        return -1;
    }
    if (length != 0) {
        snprintf(error, error_size, "byte %" PRId64 " does not end a row", bytes);
        return -1;
    }
    return 0;
}

int rundir_deals_check(const char *dir, const rundir_run_t *run, char *error, size_t error_size)
{
    char path[RUNDIR_PATH_MAX], why[256];
    if (find_deals_file(dir, path, error, error_size)) return -1;
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    int64_t rows, last_unit, want = run->units_done * run->rotations * run->seats;
    int64_t first = run->first_unit, end = run->first_unit + run->units_done;
    int result = scan_deals(in, run->deals_bytes, first, end, &rows, &last_unit, why, sizeof why);
    if (result == 0 && run->complete && getc(in) != EOF) {
        snprintf(why, sizeof why, "it goes on past byte %" PRId64 ", where the complete run ended it", run->deals_bytes);
        result = -1;
    }
    fclose(in);
    if (result == 0 && rows != want) {
        snprintf(why, sizeof why, "%" PRId64 " rows before byte %" PRId64 ", but run.json's %" PRId64 " units make %" PRId64,
                 rows, run->deals_bytes, run->units_done, want);
        result = -1;
    } else if (result == 0 && rows > 0 && last_unit != run->first_unit + run->units_done - 1) {
        snprintf(why, sizeof why, "the last row is of unit %" PRId64 ", not %" PRId64, last_unit,
                 run->first_unit + run->units_done - 1);
        result = -1;
    }
    if (result) snprintf(error, error_size, "%s: %s (run.json: units_done, deals_bytes)", path, why);
    return result;
}

int rundir_deals_sync(FILE *part, long *bytes, char *error, size_t error_size)
{
    if (fflush(part) != 0 || fsync(fileno(part)) != 0) {
        snprintf(error, error_size, "cannot write deals.csv: %s", strerror(errno));
        return -1;
    }
    *bytes = ftell(part);
    return 0;
}

int rundir_deals_open(const char *dir, bool resume, long bytes, FILE **out, char *error, size_t error_size)
{
    char part[RUNDIR_PATH_MAX], final[RUNDIR_PATH_MAX];
    rundir_path(part, dir, ".deals.csv.part");
    rundir_path(final, dir, "deals.csv");
    if (resume && access(final, F_OK) == 0 && rename(final, part) != 0) {
        snprintf(error, error_size, "cannot reopen %s: %s", final, strerror(errno));
        return -1;
    }
    /* Resuming cuts the file back to the last checkpoint: rows of units played after it
     * (before the stop) are played again, identically. rundir_deals_check has proved the
     * file that long, so this never extends it. */
    if (resume && truncate(part, bytes) != 0) {
        snprintf(error, error_size, "cannot resume %s: %s", part, strerror(errno));
        return -1;
    }
    *out = fopen(part, resume ? "a" : "w");
    if (!*out || (!resume && fputs(rundir_deals_header, *out) == EOF)) {
        snprintf(error, error_size, "cannot write %s: %s", part, strerror(errno));
        if (*out) fclose(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

static const char *const result_names[] = {"loss", "draw", "win"};

int rundir_deals_write(FILE *out, const sim_study_t *study, const sim_unit_outcome_t *units, int count)
{
    const sim_config_t *c = &study->config;
    for (int k = 0; k < count; k++) {
        const sim_unit_outcome_t *unit = &units[k];
        for (int rotation = 0; rotation < c->rotations; rotation++) {
            const sim_play_outcome_t *play = &unit->play[rotation];
            for (int seat = 0; seat < c->seats; seat++) {
                const sim_seat_outcome_t *me = &play->seat[seat];
                fprintf(out, "%" PRId64 ",%d,%d,", unit->unit, rotation, seat);
                stats_csv_field(out, c->agents[me->agent]);
                fprintf(out, ",%d,%d,%s,%d,%d,%d,%s,", c->game->side_of_seat(c->rules, seat), me->points,
                        result_names[me->result], me->pips_left, play->plies, play->hands,
                        play->end_reason == SIM_END_FORFEIT ? "forfeit" : game_reason_name(c->game, play->end_reason));
                if (play->leader >= 0) fprintf(out, "%d", play->leader);
                fprintf(out, ",%" PRIu64 "\n", unit->seed);
            }
        }
    }
    return ferror(out) ? -1 : 0;
}

int rundir_deals_finish(const char *dir, FILE *part, char *error, size_t error_size)
{
    char from[RUNDIR_PATH_MAX], to[RUNDIR_PATH_MAX];
    rundir_path(from, dir, ".deals.csv.part");
    rundir_path(to, dir, "deals.csv");
    int failed = fflush(part) != 0 || ferror(part);
    if (fclose(part) != 0) failed = 1;
    if (failed || rename(from, to) != 0) {
        snprintf(error, error_size, "cannot write %s: %s", to, strerror(errno));
        return -1;
    }
    return 0;
}
