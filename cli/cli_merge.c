/* cli_merge.c - `dominolab merge --out DIR SHARD...`: the shards of one study (sim --shard
 * K/N, all N of them, complete) combined into the files a single run gives. The totals are
 * integers, so their sum is exact; deals.csv rows are concatenated in shard order, which is
 * unit order because shard K holds the K-th contiguous slice of the units.
 *
 * Every shard is checked before anything is written: its run.json field by field, and its
 * deals.csv row by row against the units run.json counts. The merged files are written
 * under temporary names; if any write fails, none of them is left in DIR.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cli.h"
#include "commands.h"
#include "games.h"
#include "records/replay.h"
#include "rundir.h"

enum { MERGE_MAX_SHARDS = 256 };

static void merge_usage(FILE *out)
{
    fprintf(out, "usage: dominolab merge --out DIR SHARD_DIR...\n\n"
                 "Combines the run directories of `dominolab sim --shard K/N` (every K from 1 to N, each\n"
                 "complete, all of the same study) into DIR: summary.csv, deals.csv (when the shards\n"
                 "have it) and run.json, exactly as one unsharded run writes them. Every shard's run.json\n"
                 "and deals.csv are checked first; a damaged shard is named and nothing is written.\n");
}

typedef struct shard {
    const char *dir;
    rundir_run_t run;
} shard_t;

static int compare_shards(const void *a, const void *b)
{
    return ((const shard_t *)a)->run.shard_index - ((const shard_t *)b)->run.shard_index;
}

/* Loads one shard and checks it, and that it belongs with the first. */
static int load_shard(shard_t *shard, const shard_t *first, char *error, size_t size)
{
    if (rundir_load_run(shard->dir, &shard->run, error, size)) return -1;
    const rundir_run_t *run = &shard->run;
    const char *text = json_string_value(json_object_get(run->json, "shard"));
    if (run->shard_count == 0) {
        snprintf(error, size, "%s: not a shard (run without --shard K/N)", shard->dir);
        return -1;
    }
    if (!run->complete) {
        snprintf(error, size, "%s: shard %s is not complete (finish it with sim --resume %s)", shard->dir, text,
                 shard->dir);
        return -1;
    }
    int64_t slice_first, slice_end;
    rundir_shard_slice(run->units, run->shard_index, run->shard_count, &slice_first, &slice_end);
    if (run->first_unit != slice_first || run->end_unit != slice_end) {
        snprintf(error, size, "%s/run.json: fields \"first_unit\", \"end_unit\": units %" PRId64 " to %" PRId64
                 ", not shard %s's %" PRId64 " to %" PRId64, shard->dir, run->first_unit, run->end_unit - 1, text,
                 slice_first, slice_end - 1);
        return -1;
    }
    if (run->per_deal && rundir_deals_check(shard->dir, run, error, size)) return -1;
    if (!first) return 0;
    char what[RUNDIR_PATH_MAX + 32], first_name[RUNDIR_PATH_MAX + 16];
    snprintf(what, sizeof what, "%s (shard %s)", shard->dir, text);
    snprintf(first_name, sizeof first_name, "the shard in %s", first->dir);
    json_t *want = rundir_identity_of(first->run.json);
    int result = rundir_compare_identities(run->json, want, "shard", what, first_name, error, size);
    json_decref(want);
    return result;
}

/* All of 1..N, each once, of one N. */
static int check_complete_set(shard_t *shards, int count, char *error, size_t size)
{
    int n = shards[0].run.shard_count;
    for (int k = 0; k < count; k++)
        if (shards[k].run.shard_count != n) {
            snprintf(error, size, "%s is shard %d/%d, but %s is shard %d/%d: not one study", shards[k].dir,
                     shards[k].run.shard_index, shards[k].run.shard_count, shards[0].dir, shards[0].run.shard_index, n);
            return -1;
        }
    qsort(shards, (size_t)count, sizeof *shards, compare_shards);
    for (int k = 1; k < count; k++)
        if (shards[k].run.shard_index == shards[k - 1].run.shard_index) {
            snprintf(error, size, "shard %d/%d is given twice (%s and %s)", shards[k].run.shard_index, n,
                     shards[k - 1].dir, shards[k].dir);
            return -1;
        }
    for (int k = 0, expected = 1; expected <= n; expected++, k++)
        if (k >= count || shards[k].run.shard_index != expected) {
            snprintf(error, size, "shard %d/%d of the study in %s is missing (%d of %d given)", expected, n,
                     shards[0].dir, count, n);
            return -1;
        }
    return 0;
}

/* Appends a shard's rows (its header only for the first). */
static int copy_deals(FILE *out, const char *dir, bool first, char *error, size_t size)
{
    char path[RUNDIR_PATH_MAX], line[8192];
    rundir_path(path, dir, "deals.csv");
    FILE *in = fopen(path, "r");
    if (!in) {
        snprintf(error, size, "cannot read %.400s", path);
        return -1;
    }
    bool header = true;
    while (fgets(line, sizeof line, in)) {
        if ((first || !header) && fputs(line, out) == EOF) break;
        header = header && !strchr(line, '\n');
    }
    int failed = ferror(in) || ferror(out);
    fclose(in);
    if (failed) snprintf(error, size, "cannot copy %.400s into the merged deals.csv", path);
    return failed ? -1 : 0;
}

static int write_deals(const char *out_dir, const shard_t *shards, int count, char *error, size_t size)
{
    FILE *deals = NULL;
    if (rundir_deals_open(out_dir, false, 0, &deals, error, size)) return -1;
    int result = 0;
    for (int k = 0; k < count && result == 0; k++) result = copy_deals(deals, shards[k].dir, false, error, size);
    long bytes;
    if (result == 0) result = rundir_deals_sync(deals, &bytes, error, size);
    if (result == 0) return rundir_deals_finish(out_dir, deals, error, size);
    fclose(deals);
    return -1;
}

/* The teams of the shards' game for summary.csv's team rows, from the rules run.json names
 * (the shards agree on them). 0, or -1 with a message. */
static int merge_teams(const rundir_run_t *run, const char *dir, rundir_teams_t *teams, bool *has_teams, char *error,
                       size_t size)
{
    const game_t *game = game_find(run->game);
    option_values_t values;
    game_rules_t *rules = NULL;
    char message[CLI_ERROR_SIZE];
    if (!game) {
        snprintf(error, size, "%s/run.json: field \"game\": unknown game \"%s\"", dir, run->game);
        return -1;
    }
    if (replay_read_options(game, json_object_get(run->json, "options"), &values, message, sizeof message) ||
        game->rules_create(&values, &rules, message, sizeof message)) {
        snprintf(error, size, "%s/run.json: field \"options\": %.900s", dir, message);
        return -1;
    }
    int agent_of_seat[GAME_MAX_SEATS];
    for (int seat = 0; seat < run->seats; seat++) {
        agent_of_seat[seat] = 0;
        for (int a = 0; a < run->agent_count; a++)
            if (!strcmp(run->agents[a], run->seat_agents[seat])) agent_of_seat[seat] = a;
    }
    *has_teams = game->seat_count(rules) == run->seats &&
                 rundir_teams_of(game, rules, run->seats, agent_of_seat, teams);
    game->rules_destroy(rules);
    return 0;
}

static json_t *merged_run(const shard_t *shards, int count, const sim_totals_t *totals, const char *command)
{
    const rundir_run_t *first = &shards[0].run;
    char now[32];
    rundir_now(now, sizeof now);
    json_t *run = json_deep_copy(first->json), *from = json_array();
    for (int k = 0; k < count; k++) json_array_append_new(from, json_string(shards[k].dir));
    json_object_set_new(run, "shard", json_null());
    json_object_set_new(run, "command", json_string(command));
    json_object_set_new(run, "merged_from", from);
    json_object_set_new(run, "first_unit", json_integer(0));
    json_object_set_new(run, "end_unit", json_integer((json_int_t)first->units));
    json_object_set_new(run, "units_done", json_integer((json_int_t)totals->units));
    json_object_set_new(run, "deals_bytes", json_integer(0));
    json_object_set_new(run, "finished", json_string(now));
    json_object_set_new(run, "totals", rundir_totals_to_json(totals, first->agent_count, first->seats));
    return run;
}

/* The three files, or none of them. */
static int write_merged(const char *out_dir, const shard_t *shards, int count, const char *command, char *error,
                        size_t size)
{
    const rundir_run_t *first = &shards[0].run;
    sim_totals_t *totals = calloc(1, sizeof *totals);
    if (!totals) {
        snprintf(error, size, "out of memory");
        return -1;
    }
    int result = 0;
    for (int k = 0; k < count && result == 0; k++)
        if (!sim_totals_add(totals, &shards[k].run.totals)) {
            snprintf(error, size, "%s/run.json: its totals cannot join the other shards' (a sum past what a count holds, "
                     "or blocks of another size)",
                     shards[k].dir);
            result = -1;
        }
    if (result == 0 && first->per_deal) result = write_deals(out_dir, shards, count, error, size);
    rundir_teams_t teams;
    bool has_teams = false;
    if (result == 0) result = merge_teams(first, shards[0].dir, &teams, &has_teams, error, size);
    if (result == 0)
        result = rundir_write_summary(out_dir, first->agents, first->names, first->agent_count, first->seats, first->sides,
                                      first->matches, first->per_seat, has_teams ? &teams : NULL, totals, error, size);
    if (result == 0) {
        json_t *run = merged_run(shards, count, totals, command);
        result = rundir_write_run(out_dir, run, error, size);
        json_decref(run);
    }
    if (result) {
        static const char *const outputs[] = {".deals.csv.part", "deals.csv", "summary.csv", "run.json", NULL};
        for (int k = 0; outputs[k]; k++) {
            char path[RUNDIR_PATH_MAX];
            rundir_path(path, out_dir, outputs[k]);
            unlink(path);
            atomic_file_remove_leftovers(path);
        }
    }
    free(totals);
    return result;
}

int cli_merge(int argc, char **argv)
{
    const char *out_dir = NULL;
    const char *dirs[MERGE_MAX_SHARDS];
    int count = 0;
    char error[CLI_ERROR_SIZE], command[1024];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            merge_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--out")) {
            if (i + 1 == argc) {
                fprintf(stderr, "dominolab merge: --out needs a value\n");
                return 2;
            }
            out_dir = argv[++i];
            continue;
        }
        if (argv[i][0] == '-') {
            static const char *const names[] = {"out", "help"};
            cli_unknown_argument("merge", argv[i], names, 2, error, sizeof error);
            fprintf(stderr, "dominolab merge: %s\n", error);
            return 2;
        }
        if (count == MERGE_MAX_SHARDS) {
            fprintf(stderr, "dominolab merge: too many shards (at most %d)\n", count);
            return 2;
        }
        dirs[count++] = argv[i];
    }
    if (!out_dir || count == 0) {
        fprintf(stderr, "dominolab merge: give --out DIR and the shard directories (see dominolab merge --help)\n");
        return 2;
    }
    shard_t *shards = calloc((size_t)count, sizeof *shards);
    if (!shards) {
        fprintf(stderr, "dominolab merge: out of memory\n");
        return 1;
    }
    size_t used = (size_t)snprintf(command, sizeof command, "dominolab merge --out %s", out_dir);
    for (int k = 0; k < count && used < sizeof command; k++)
        used += (size_t)snprintf(command + used, sizeof command - used, " %s", dirs[k]);
    int status = 0;
    for (int k = 0; k < count && !status; k++) {
        shards[k].dir = dirs[k];
        if (load_shard(&shards[k], k ? &shards[0] : NULL, error, sizeof error)) status = 2;
    }
    if (!status && check_complete_set(shards, count, error, sizeof error)) status = 2;
    if (!status && rundir_prepare_new(out_dir, error, sizeof error)) status = 2;
    if (!status && write_merged(out_dir, shards, count, command, error, sizeof error)) status = 1;
    if (status) fprintf(stderr, "dominolab merge: %s\n", error);
    for (int k = 0; k < count; k++) rundir_run_free(&shards[k].run);
    free(shards);
    return status;
}
