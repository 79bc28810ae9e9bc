/* record_set.h - the records of a simulator run (`sim --records DIR`): one game record per
 * file, DIR/u<unit>-r<rotation>.jsonl (the unit zero-padded to the width of the run's last
 * unit number, the rotation or replay as deals.csv numbers it), for every unit whose number
 * is a multiple of `every`, all rotations of each.
 *
 * The simulator hands each chosen game to the sink of record_set_games, on the thread that
 * plays it; the record is written to a temporary file beside its final name and closed.
 * The run then publishes (renames) the records of the units it keeps, on its own thread,
 * in the batch's order, and at its end removes the others (units never counted), so a
 * record is there under its name exactly when its unit is counted. A checkpoint syncs the
 * file system first, so run.json never counts a record a power loss could take back.
 *
 * Invariants: a published file is a complete record; a temporary (".u...jsonl.XXXXXX") is
 * a record not yet counted, which a resumed run removes; the same unit and rotation always
 * give the same bytes, so a unit played again after a crash rewrites its record unchanged.
 */
#ifndef DOMINOLAB_RECORD_SET_H
#define DOMINOLAB_RECORD_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "sim.h"

enum { RECORD_SET_NAME_SIZE = 64 };

typedef struct record_set record_set_t;

/* The file name (no directory) of the record of (unit, rotation) in a run of `units` units. */
void record_set_name(int64_t units, int64_t unit, int rotation, char *out, size_t out_size);
/* Whether a run that records every `every`-th unit records `unit`. */
bool record_set_records(int every, int64_t unit);

/* The records of the run of `config` (its units, its slice, its rotations) into `dir`;
 * `preset` and `values` go into each match line. Returns 0, or -1 with a message. */
int record_set_open(record_set_t **out, const char *dir, int every, const sim_config_t *config, const char *preset,
                    const option_values_t *values, char *error, size_t error_size);
/* Removes the records not published (a failed or stopped batch), and frees the set. */
void record_set_close(record_set_t *set);

/* A resumed run, before anything is changed: the records of the units done,
 * [first_unit, first_unit + units_done), are all in the directory. Returns 0, or -1 naming
 * the first one missing. */
int record_set_check(const record_set_t *set, int64_t first_unit, int64_t units_done, int rotations, char *error,
                     size_t error_size);
/* Makes the directory ready: a new run creates it and refuses one that holds records of
 * another run or of its own slice (the other shards of its study may share it); a resumed
 * run removes the temporaries a killed run left there. Returns 0, or -1 with a message. */
int record_set_prepare(record_set_t *set, bool resume, char *error, size_t error_size);

/* The sink of the simulator's games (sim_config_t.games); valid while `set` lives. */
sim_game_sink_t record_set_games(record_set_t *set);
/* After a batch, on the run's thread: publishes the records of the units below
 * `end_unit`; later units' records stay pending (threads play ahead of the batch handed to
 * the run), and record_set_close removes whatever is never published. Returns 0, or -1
 * with the first failure's message. */
int record_set_publish(record_set_t *set, int64_t end_unit, char *error, size_t error_size);
/* Puts every published record on the disk (before a checkpoint counts it). Returns 0, or
 * -1 with a message. */
int record_set_sync(record_set_t *set, char *error, size_t error_size);

#endif
