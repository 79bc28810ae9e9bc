/* rundir.c - run.json, summary.csv and deals.csv of a simulator run (see rundir.h). */
#include "rundir.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
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

int rundir_prepare_new(const char *dir, char *error, size_t size)
{
    char path[RUNDIR_PATH_MAX];
    if (rundir_make_directories(dir) != 0) {
        snprintf(error, size, "--out %s: cannot create the directory: %s", dir, strerror(errno));
        return -1;
    }
    rundir_path(path, dir, "run.json");
    if (access(path, F_OK) == 0) {
        snprintf(error, size, "--out %s: the directory already holds a run (a sim run continues with --resume %s)",
                 dir, dir);
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

/* ------------------------------------------------------------------ identity */

json_t *rundir_identity(const sim_study_t *study)
{
    const sim_config_t *c = &study->config;
    char options[8192];
    record_format_options(options, sizeof options, c->game, study->values);
    json_t *agents = json_array();
    for (int seat = 0; seat < c->seats; seat++) json_array_append_new(agents, json_string(study->seat_agents[seat]));
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
    return json_pack("{s:i, s:s, s:s?, s:o, s:i, s:o, s:o, s:s, s:I, s:I, s:b, s:i, s:b, s:b, s:o}", "format",
                     RUNDIR_FORMAT, "game", c->game->name, "preset", study->preset, "options",
                     json_loads(options, 0, NULL), "seats", c->seats, "agents", agents, "played_agents", played, "mode",
                     c->mode == SIM_DEALS ? "deals" : "matches", "units", (json_int_t)c->units, "seed",
                     (json_int_t)c->seed, "duplicate", study->duplicate, "replays", study->replays, "per_deal",
                     study->per_deal, "per_seat", study->per_seat, "shard", shard);
}

static const char *const identity_keys[] = {"format", "game",     "preset",   "options",  "seats",
                                            "agents", "played_agents", "mode", "units",    "seed",
                                            "duplicate", "replays", "per_deal", "per_seat", "shard", NULL};

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
#define TOTALS_FIELDS(X)                                                                                         \
    X(games) X(wins) X(draws) X(losses) X(points) X(points_squared) X(hands) X(hand_points)                      \
    X(hand_points_squared) X(margin) X(margin_squared) X(blocks) X(block_score2) X(block_score2_squared)          \
    X(block_games)

static json_t *stats_to_json(const stats_totals_t *t)
{
    json_t *object = json_object();
#define WRITE_FIELD(name) json_object_set_new(object, #name, json_integer((json_int_t)t->name));
    TOTALS_FIELDS(WRITE_FIELD)
#undef WRITE_FIELD
    return object;
}

static int stats_from_json(const json_t *object, stats_totals_t *t)
{
    memset(t, 0, sizeof *t);
#define READ_FIELD(name)                                                                                         \
    {                                                                                                            \
        json_t *v = json_object_get(object, #name);                                                              \
        if (!json_is_integer(v)) return -1;                                                                      \
        t->name = json_integer_value(v);                                                                         \
    }
    TOTALS_FIELDS(READ_FIELD)
#undef READ_FIELD
    return 0;
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

int rundir_totals_from_json(const json_t *json, sim_totals_t *totals, char *error, size_t error_size)
{
    memset(totals, 0, sizeof *totals);
    json_t *agents = json_object_get(json, "agents"), *seats = json_object_get(json, "agent_seats");
    const char *signature = json_string_value(json_object_get(json, "signature"));
    if (!json_is_array(agents) || !json_is_array(seats) || !signature ||
        json_array_size(agents) > SIM_MAX_AGENTS || json_array_size(seats) != json_array_size(agents))
        goto bad;
    totals->units = json_integer_value(json_object_get(json, "units"));
    totals->plies = json_integer_value(json_object_get(json, "plies"));
    totals->hands = json_integer_value(json_object_get(json, "hands"));
    totals->signature = strtoull(signature, NULL, 16);
    for (size_t a = 0; a < json_array_size(agents); a++) {
        json_t *of_agent = json_array_get(seats, a);
        if (stats_from_json(json_array_get(agents, a), &totals->agent[a]) || !json_is_array(of_agent) ||
            json_array_size(of_agent) > GAME_MAX_SEATS)
            goto bad;
        for (size_t seat = 0; seat < json_array_size(of_agent); seat++)
            if (stats_from_json(json_array_get(of_agent, seat), &totals->agent_seat[a][seat])) goto bad;
    }
    return 0;
bad:
    snprintf(error, error_size, "run.json: the totals are incomplete or damaged");
    return -1;
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

int rundir_read_run(const char *dir, json_t **run, char *error, size_t error_size)
{
    char path[RUNDIR_PATH_MAX];
    json_error_t json_error;
    rundir_path(path, dir, "run.json");
    *run = json_load_file(path, 0, &json_error);
    if (!*run) {
        if (access(path, F_OK) != 0) snprintf(error, error_size, "%s: no run here (%s)", dir, strerror(errno));
        else snprintf(error, error_size, "%s:%d: %s", path, json_error.line, json_error.text);
        return -1;
    }
    if (!json_is_object(*run)) {
        snprintf(error, error_size, "%s: not a run description", path);
        json_decref(*run);
        *run = NULL;
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ summary.csv */

int rundir_write_summary(const char *dir, const char *const *agents, int agent_count, int seats, int sides,
                         bool match_mode, bool per_seat, const sim_totals_t *totals, char *error, size_t error_size)
{
    stats_summary_row_t rows[SIM_MAX_AGENTS * (GAME_MAX_SEATS + 1)];
    int count = 0;
    for (int a = 0; a < agent_count; a++)
        rows[count++] = (stats_summary_row_t){"agent", agents[a], -1, &totals->agent[a], match_mode, sides};
    for (int a = 0; per_seat && a < agent_count; a++)
        for (int seat = 0; seat < seats; seat++)
            if (totals->agent_seat[a][seat].games > 0)
                rows[count++] =
                    (stats_summary_row_t){"seat", agents[a], seat, &totals->agent_seat[a][seat], match_mode, sides};
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
     * (before the stop) are played again, identically. */
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
                        game_reason_name(c->game, play->end_reason));
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
