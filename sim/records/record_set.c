/* record_set.c - the records of a simulator run (record_set.h).
 *
 * The pending list holds the records closed by the playing threads and not yet published
 * or removed; threads append to it under the lock `record_set`, and only the run's thread
 * publishes, after each batch, under the same lock (later batches are being played).
 */
#define _GNU_SOURCE /* syncfs: one sync of the file system for every record of a checkpoint */
#include "records/record_set.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "records/record.h"
#include "rundir.h"

typedef struct pending {
    int64_t unit;
    atomic_file_t file; /* closed, not yet renamed */
} pending_t;

struct record_set {
    char *dir;
    int every, rotations;
    int64_t units, first_unit, end_unit; /* the run's units, and this process's slice */
    const char *preset;
    const option_values_t *values;
    int dir_fd; /* for syncfs; -1 until prepared */
    mode_t mode; /* of the files, read once: reading the umask from several threads races */
    bool unsynced; /* records published since the last sync */
    pending_t *pending;
    int pending_count, pending_capacity;
};

/* One game being recorded: the writer, and the set whose preset and options its match line
 * takes (the simulator's setup lacks them: it knows the rules, not how they were named). */
typedef struct set_game {
    record_set_t *set;
    int64_t unit;
    record_writer_t writer;
    match_sink_t inner;
} set_game_t;

/* ------------------------------------------------------------------ names */

static int digits_of(int64_t number)
{
    int digits = 1;
    while (number >= 10) number /= 10, digits++;
    return digits;
}

void record_set_name(int64_t units, int64_t unit, int rotation, char *out, size_t out_size)
{
    snprintf(out, out_size, "u%0*" PRId64 "-r%d.jsonl", digits_of(units > 1 ? units - 1 : 0), unit, rotation);
}

bool record_set_records(int every, int64_t unit) { return every <= 1 || unit % every == 0; }

static size_t skip_digits(const char *text, size_t at, size_t length)
{
    size_t start = at;
    while (at < length && text[at] >= '0' && text[at] <= '9') at++;
    return at > start ? at : 0;
}

/* "u<digits>-r<digits>.jsonl", the first `length` characters of `name`. */
static bool is_record_name(const char *name, size_t length)
{
    static const char suffix[] = ".jsonl";
    size_t at = length > 0 && name[0] == 'u' ? skip_digits(name, 1, length) : 0;
    if (!at || at + 2 > length || name[at] != '-' || name[at + 1] != 'r') return false;
    at = skip_digits(name, at + 2, length);
    return at && length - at == sizeof suffix - 1 && !memcmp(name + at, suffix, sizeof suffix - 1);
}

/* ".<record name>.XXXXXX", the temporary of atomic_file_open. */
static bool is_record_temporary(const char *name)
{
    size_t length = strlen(name);
    return length > 8 && name[0] == '.' && name[length - 7] == '.' && is_record_name(name + 1, length - 8);
}

static char *path_of(const record_set_t *set, int64_t unit, int rotation)
{
    char name[RECORD_SET_NAME_SIZE];
    record_set_name(set->units, unit, rotation, name, sizeof name);
    size_t size = strlen(set->dir) + 1 + strlen(name) + 1;
    char *path = malloc(size);
    if (path) snprintf(path, size, "%s/%s", set->dir, name);
    return path;
}

/* ------------------------------------------------------------------ the set */

int record_set_open(record_set_t **out, const char *dir, int every, const sim_config_t *config, const char *preset,
                    const option_values_t *values, char *error, size_t error_size)
{
    record_set_t *set = calloc(1, sizeof *set);
    if (!set || !(set->dir = strdup(dir))) {
        free(set);
        snprintf(error, error_size, "out of memory for the records");
        return -1;
    }
    set->every = every > 0 ? every : 1;
    set->units = config->units;
    set->first_unit = config->first_unit;
    set->end_unit = config->end_unit;
    set->rotations = config->rotations;
    set->preset = preset;
    set->values = values;
    set->dir_fd = -1;
    set->mode = atomic_file_default_mode();
    *out = set;
    return 0;
}

void record_set_close(record_set_t *set)
{
    if (!set) return;
    for (int k = 0; k < set->pending_count; k++) atomic_file_abort(&set->pending[k].file);
    if (set->dir_fd >= 0) close(set->dir_fd);
    free(set->pending);
    free(set->dir);
    free(set);
}

int record_set_check(const record_set_t *set, int64_t first_unit, int64_t units_done, int rotations, char *error,
                     size_t error_size)
{
    int64_t end = first_unit + units_done;
    int64_t unit = first_unit + (set->every - first_unit % set->every) % set->every; /* the first recorded */
    for (; unit < end; unit += set->every)
        for (int rotation = 0; rotation < rotations; rotation++) {
            char *path = path_of(set, unit, rotation);
            struct stat info;
            if (!path) {
                snprintf(error, error_size, "out of memory");
                return -1;
            }
            int err = stat(path, &info) == 0 ? 0 : errno;
            bool there = err == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
            if (!there)
                snprintf(error, error_size, "%s: %s, but run.json counts unit %" PRId64 " done (--records)", path,
                         err == ENOENT ? "missing" : err ? strerror(err) : "empty, or not a file", unit);
            free(path);
            if (!there) return -1;
        }
    return 0;
}

/* The first entry of `dir` that `match` picks, into found (or ""); 0, or -1 if unreadable.
 * With `remove`, every entry picked is removed instead. */
static int scan(const char *dir, bool (*match)(const record_set_t *set, const char *name), const record_set_t *set,
                bool remove, char *found, size_t found_size)
{
    DIR *listing = opendir(dir);
    if (found_size) found[0] = '\0';
    if (!listing) return -1;
    for (struct dirent *entry; (entry = readdir(listing));) {
        if (!match(set, entry->d_name)) continue;
        if (!remove) {
            snprintf(found, found_size, "%s", entry->d_name);
            break;
        }
        size_t size = strlen(dir) + 1 + strlen(entry->d_name) + 1;
        char *path = malloc(size);
        if (path) {
            snprintf(path, size, "%s/%s", dir, entry->d_name);
            unlink(path);
        }
        free(path);
    }
    closedir(listing);
    return 0;
}

/* A record a new run must not find: one it would write over (of its slice), or one no
 * other part of its study writes (another run's). The records of the other shards of its
 * study may be there: shards of one study share the directory. */
static bool is_foreign_record(const record_set_t *set, const char *name)
{
    long long unit;
    int rotation, end = 0;
    char own[RECORD_SET_NAME_SIZE];
    if (!is_record_name(name, strlen(name))) return false;
    if (sscanf(name, "u%lld-r%d.jsonl%n", &unit, &rotation, &end) != 2 || name[end]) return true;
    record_set_name(set->units, unit, rotation, own, sizeof own);
    return strcmp(name, own) || unit >= set->units || rotation >= set->rotations || !record_set_records(set->every, unit) ||
           (unit >= set->first_unit && unit < set->end_unit);
}

/* A temporary of this slice's records: another shard sharing the directory may be
 * writing its own at this moment. */
static bool is_temporary(const record_set_t *set, const char *name)
{
    long long unit;
    return is_record_temporary(name) && sscanf(name, ".u%lld-", &unit) == 1 && unit >= set->first_unit &&
           unit < set->end_unit;
}

int record_set_prepare(record_set_t *set, bool resume, char *error, size_t error_size)
{
    char found[256];
    if (rundir_make_directories(set->dir) != 0) {
        snprintf(error, error_size, "--records %s: cannot create the directory: %s", set->dir, strerror(errno));
        return -1;
    }
    if (!resume && scan(set->dir, is_foreign_record, set, false, found, sizeof found) == 0 && found[0]) {
        snprintf(error, error_size, "--records %s: it holds records already (%s); a new run writes into a new or empty "
                 "directory (or one its other shards share)", set->dir, found);
        return -1;
    }
    /* A run killed while it played left the records of its last batch as temporaries: none
     * was counted, and the resumed run plays those units again. */
    if (resume) scan(set->dir, is_temporary, set, true, found, 0);
    set->dir_fd = open(set->dir, O_RDONLY | O_DIRECTORY);
    if (set->dir_fd < 0) {
        snprintf(error, error_size, "--records %s: cannot open the directory: %s", set->dir, strerror(errno));
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the games */

static int game_on_start(void *context, const match_setup_t *setup)
{
    set_game_t *g = context;
    match_setup_t named = *setup;
    named.preset = g->set->preset;
    named.values = g->set->values;
    return g->inner.on_start(g->inner.context, &named);
}

static int game_on_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    set_game_t *g = context;
    return g->inner.on_event(g->inner.context, setup, state, event);
}

static bool games_want(void *context, int64_t unit)
{
    const record_set_t *set = context;
    return record_set_records(set->every, unit);
}

static int games_open(void *context, int64_t unit, int rotation, match_sink_t *sink, char *error, size_t error_size)
{
    record_set_t *set = context;
    set_game_t *g = malloc(sizeof *g);
    char *path = path_of(set, unit, rotation);
    if (!g || !path) {
        free(g);
        free(path);
        snprintf(error, error_size, "out of memory for a record");
        return -1;
    }
    g->set = set;
    g->unit = unit;
    int result = record_writer_open_mode(&g->writer, path, set->mode, error, error_size);
    free(path);
    if (result) {
        free(g);
        return -1;
    }
    g->inner = record_writer_sink(&g->writer);
    *sink = (match_sink_t){.context = g, .on_start = game_on_start, .on_event = game_on_event};
    return 0;
}

/* Under the lock: the playing threads close records at once. */
static int add_pending(record_set_t *set, int64_t unit, atomic_file_t *file)
{
    int result = 0;
#pragma omp critical(record_set)
    {
        if (set->pending_count == set->pending_capacity) {
            int capacity = set->pending_capacity ? 2 * set->pending_capacity : 256;
            pending_t *grown = realloc(set->pending, (size_t)capacity * sizeof *grown);
            if (grown) {
                set->pending = grown;
                set->pending_capacity = capacity;
            }
        }
        if (set->pending_count < set->pending_capacity)
            set->pending[set->pending_count++] = (pending_t){unit, *file};
        else
            result = -1;
    }
    return result;
}

static int games_close(void *context, match_sink_t *sink, bool played, char *error, size_t error_size)
{
    record_set_t *set = context;
    set_game_t *g = sink->context;
    int result;
    if (!played) {
        result = record_writer_finish(&g->writer, 0, error, error_size);
    } else {
        atomic_file_t file;
        result = record_writer_close(&g->writer, &file, error, error_size);
        if (result == 0 && add_pending(set, g->unit, &file)) {
            snprintf(error, error_size, "out of memory for the list of records (%s)", file.path);
            atomic_file_abort(&file);
            result = -1;
        }
    }
    free(g);
    return result;
}

sim_game_sink_t record_set_games(record_set_t *set)
{
    sim_game_sink_t games = {set, games_want, games_open, games_close};
    return games;
}

int record_set_publish(record_set_t *set, int64_t end_unit, char *error, size_t error_size)
{
    int result = 0;
    /* Threads may be playing later batches and adding their records meanwhile: those stay
     * pending for a later publish (or are removed by record_set_close). */
#pragma omp critical(record_set)
    {
        int kept = 0;
        for (int k = 0; k < set->pending_count; k++) {
            atomic_file_t *file = &set->pending[k].file;
            if (set->pending[k].unit >= end_unit) set->pending[kept++] = set->pending[k];
            else if (result) atomic_file_abort(file);
            else if (atomic_file_publish(file, error, error_size)) result = -1;
            else set->unsynced = true;
        }
        set->pending_count = kept;
    }
    return result;
}

int record_set_sync(record_set_t *set, char *error, size_t error_size)
{
    if (!set->unsynced || set->dir_fd < 0) return 0;
    if (syncfs(set->dir_fd) != 0) {
        snprintf(error, error_size, "cannot write the records in %s: %s", set->dir, strerror(errno));
        return -1;
    }
    set->unsynced = false;
    return 0;
}
