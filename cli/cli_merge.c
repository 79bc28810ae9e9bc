/* cli_merge.c - `dominolab merge --out DIR SHARD...`: the shards of one study (sim --shard
 * K/N, all N of them, complete) combined into the files a single run gives. The totals are
 * integers, so their sum is exact; deals.csv rows are concatenated in shard order, which is
 * unit order because shard K holds the K-th contiguous slice of the units.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rundir.h"

static void merge_usage(FILE *out)
{
    fprintf(out, "usage: dominolab merge --out DIR SHARD_DIR...\n\n"
                 "Combines the run directories of `dominolab sim --shard K/N` (every K from 1 to N, each\n"
                 "complete, all of the same study) into DIR: summary.csv, deals.csv (when the shards\n"
                 "have it) and run.json, exactly as one unsharded run writes them.\n");
}

typedef struct shard {
    const char *dir;
    json_t *run;
    int index, count;
} shard_t;

static int compare_shards(const void *a, const void *b)
{
    return ((const shard_t *)a)->index - ((const shard_t *)b)->index;
}

/* Loads one shard and checks it against the first. */
static int load_shard(shard_t *shard, const shard_t *first, char *error, size_t size)
{
    if (rundir_read_run(shard->dir, &shard->run, error, size)) return -1;
    const char *text = json_string_value(json_object_get(shard->run, "shard"));
    if (!text || sscanf(text, "%d/%d", &shard->index, &shard->count) != 2) {
        snprintf(error, size, "%s: not a shard (run without --shard K/N)", shard->dir);
        return -1;
    }
    if (!json_is_true(json_object_get(shard->run, "complete"))) {
        snprintf(error, size, "%s: shard %s is not complete (finish it with sim --resume %s)", shard->dir, text,
                 shard->dir);
        return -1;
    }
    if (first) {
        char what[RUNDIR_PATH_MAX + 32];
        snprintf(what, sizeof what, "%s (shard %s)", shard->dir, text);
        char first_name[RUNDIR_PATH_MAX + 16];
        snprintf(first_name, sizeof first_name, "the shard in %s", first->dir);
        json_t *want = rundir_identity_of(first->run);
        int result = rundir_compare_identities(shard->run, want, "shard", what, first_name, error, size);
        json_decref(want);
        if (result) return -1;
    }
    return 0;
}

/* All of 1..N, each once, of one N. */
static int check_complete_set(shard_t *shards, int count, char *error, size_t size)
{
    int n = shards[0].count;
    for (int k = 0; k < count; k++)
        if (shards[k].count != n) {
            snprintf(error, size, "%s is shard %d/%d, but %s is shard %d/%d: not one study", shards[k].dir,
                     shards[k].index, shards[k].count, shards[0].dir, shards[0].index, n);
            return -1;
        }
    qsort(shards, (size_t)count, sizeof *shards, compare_shards);
    for (int k = 1; k < count; k++)
        if (shards[k].index == shards[k - 1].index) {
            snprintf(error, size, "shard %d/%d is given twice (%s and %s)", shards[k].index, n, shards[k - 1].dir,
                     shards[k].dir);
            return -1;
        }
    for (int k = 0, expected = 1; expected <= n; expected++, k++)
        if (k >= count || shards[k].index != expected) {
            snprintf(error, size, "shard %d/%d of the study in %s is missing (%d of %d given)", expected, n,
                     shards[0].dir, count, n);
            return -1;
        }
    return 0;
}

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
        if (!(header && !first)) fputs(line, out);
        header = false;
    }
    int failed = ferror(in) || ferror(out);
    fclose(in);
    if (failed) snprintf(error, size, "cannot copy %.400s", path);
    return failed ? -1 : 0;
}

static int write_merged(const char *out_dir, shard_t *shards, int count, const char *command, char *error,
                        size_t size)
{
    json_t *first = shards[0].run;
    sim_totals_t *totals = calloc(2, sizeof *totals);
    if (!totals) {
        snprintf(error, size, "out of memory");
        return -1;
    }
    int result = 0;
    for (int k = 0; k < count && result == 0; k++)
        if (rundir_totals_from_json(json_object_get(shards[k].run, "totals"), &totals[1], error, size)) result = -1;
        else sim_totals_add(&totals[0], &totals[1]);
    /* Agents in first-seat order, as sim numbers them. */
    const char *agents[SIM_MAX_AGENTS];
    int agent_count = 0;
    json_t *seat_agents = json_object_get(first, "agents");
    int seats = (int)json_array_size(seat_agents);
    for (int seat = 0; seat < seats && seat < GAME_MAX_SEATS; seat++) {
        const char *spec = json_string_value(json_array_get(seat_agents, seat));
        int a = 0;
        while (a < agent_count && strcmp(agents[a], spec)) a++;
        if (a == agent_count) agents[agent_count++] = spec;
    }
    bool match_mode = !strcmp(json_string_value(json_object_get(first, "mode")), "matches");
    if (result == 0)
        result = rundir_write_summary(out_dir, agents, agent_count, seats,
                                      (int)json_integer_value(json_object_get(first, "sides")), match_mode,
                                      json_is_true(json_object_get(first, "per_seat")), &totals[0], error, size);
    if (result == 0 && json_is_true(json_object_get(first, "per_deal"))) {
        FILE *deals;
        result = rundir_deals_open(out_dir, false, 0, &deals, error, size);
        for (int k = 0; k < count && result == 0; k++)
            result = copy_deals(deals, shards[k].dir, false, error, size);
        if (deals && rundir_deals_finish(out_dir, deals, error, size) && result == 0) result = -1;
    }
    if (result == 0) {
        char now[32];
        rundir_now(now, sizeof now);
        json_t *run = json_deep_copy(first), *from = json_array();
        for (int k = 0; k < count; k++) json_array_append_new(from, json_string(shards[k].dir));
        json_object_set_new(run, "shard", json_null());
        json_object_set_new(run, "command", json_string(command));
        json_object_set_new(run, "merged_from", from);
        json_object_set_new(run, "first_unit", json_integer(0));
        json_object_set(run, "end_unit", json_object_get(first, "units"));
        json_object_set_new(run, "units_done", json_integer((json_int_t)totals[0].units));
        json_object_set_new(run, "deals_bytes", json_integer(0));
        json_object_set_new(run, "finished", json_string(now));
        json_object_set_new(run, "totals", rundir_totals_to_json(&totals[0], agent_count, seats));
        result = rundir_write_run(out_dir, run, error, size);
        json_decref(run);
    }
    free(totals);
    return result;
}

int cli_merge(int argc, char **argv)
{
    const char *out_dir = NULL;
    shard_t shards[256];
    int count = 0;
    char error[CLI_ERROR_SIZE], command[1024];
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { merge_usage(stdout); return 0; }
        if (!strcmp(argv[i], "--out") && i + 1 < argc) { out_dir = argv[++i]; continue; }
        if (argv[i][0] == '-') {
            fprintf(stderr, "dominolab merge: unexpected argument '%s' (see dominolab merge --help)\n", argv[i]);
            return 2;
        }
        if (count == (int)(sizeof shards / sizeof shards[0])) {
            fprintf(stderr, "dominolab merge: too many shards (at most %d)\n", count);
            return 2;
        }
        shards[count++] = (shard_t){argv[i], NULL, 0, 0};
    }
    if (!out_dir || count == 0) {
        fprintf(stderr, "dominolab merge: give --out DIR and the shard directories (see dominolab merge --help)\n");
        return 2;
    }
    size_t used = (size_t)snprintf(command, sizeof command, "dominolab merge --out %s", out_dir);
    for (int k = 0; k < count && used < sizeof command; k++)
        used += (size_t)snprintf(command + used, sizeof command - used, " %s", shards[k].dir);
    int status = 0;
    for (int k = 0; k < count && !status; k++)
        if (load_shard(&shards[k], k ? &shards[0] : NULL, error, sizeof error)) status = 2;
    if (!status && check_complete_set(shards, count, error, sizeof error)) status = 2;
    if (!status && rundir_prepare_new(out_dir, error, sizeof error)) status = 2;
    if (!status && write_merged(out_dir, shards, count, command, error, sizeof error)) status = 1;
    if (status) fprintf(stderr, "dominolab merge: %s\n", error);
    for (int k = 0; k < count; k++) json_decref(shards[k].run);
    return status;
}
