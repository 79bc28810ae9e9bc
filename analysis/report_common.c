/* report_common.c - what the report writers share (report_common.h), and the bot faults of
 * a report's runs (report.h). */
#include "report_common.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "report.h"

void report_number(FILE *out, double value)
{
    if (isnan(value)) return;
    if (isinf(value)) fputs(value > 0 ? "inf" : "-inf", out);
    else fprintf(out, "%.6f", value);
}

/* ------------------------------------------------------------------ bot names */

/* One agent row's name into `names`, unless the row has none or the agent is named. */
static int add_name(report_names_t *names, const char *path, const char *agent, const char *name, char *error,
                    size_t error_size)
{
    if (!name[0] || report_name_of(names, agent)[0]) return 0;
    if (names->count == REPORT_NAMED_MAX) {
        snprintf(error, error_size, "%s: more than %d named bots in one report", path, REPORT_NAMED_MAX);
        return -1;
    }
    snprintf(names->entry[names->count].agent, sizeof names->entry[0].agent, "%s", agent);
    snprintf(names->entry[names->count].name, sizeof names->entry[0].name, "%s", name);
    names->count++;
    return 0;
}

int report_names_read_beside(report_names_t *names, const char *deals_path, char *error, size_t error_size)
{
    char path[4096];
    const char *slash = strrchr(deals_path, '/');
    if (slash) snprintf(path, sizeof path, "%.*s/summary.csv", (int)(slash - deals_path), deals_path);
    else snprintf(path, sizeof path, "summary.csv");
    if (access(path, F_OK) != 0) return 0; /* deals.csv alone: nobody named */
    csv_reader_t *reader = csv_open_new(path, error, error_size);
    if (!reader) return -1;
    int name = csv_column(reader, "name", NULL, 0), scope = -1, agent = -1, status = 0, next = 0;
    if (name >= 0 && ((scope = csv_column(reader, "scope", error, error_size)) < 0 ||
                      (agent = csv_column(reader, "agent", error, error_size)) < 0))
        status = -1;
    while (status == 0 && name >= 0 && (next = csv_next(reader, error, error_size)) == 1)
        if (!strcmp(reader->field[scope], "agent"))
            status = add_name(names, path, reader->field[agent], reader->field[name], error, error_size);
    if (next < 0) status = -1; /* csv_next said why */
    csv_close_free(reader);
    return status;
}

const char *report_name_of(const report_names_t *names, const char *agent)
{
    for (int k = 0; names && k < names->count; k++)
        if (!strcmp(names->entry[k].agent, agent)) return names->entry[k].name;
    return "";
}

/* ------------------------------------------------------------------ bot faults */

/* The three fault columns of summary.csv, in the order of report_fault_t's counts. */
static const char *const fault_column_names[] = {"illegal_moves", "timeouts", "crashes"};
enum { FAULT_KINDS = 3 };

/* The entry of `agent`, made when it has none yet; NULL when the table is full. */
static report_fault_t *fault_entry(report_faults_t *faults, const char *agent)
{
    for (int k = 0; k < faults->count; k++)
        if (!strcmp(faults->agent[k].agent, agent)) return &faults->agent[k];
    if (faults->count == REPORT_MAX_FAULTY) return NULL;
    report_fault_t *entry = &faults->agent[faults->count++];
    memset(entry, 0, sizeof *entry);
    snprintf(entry->agent, sizeof entry->agent, "%s", agent);
    return entry;
}

/* Where summary.csv keeps what a fault row needs. */
typedef struct fault_columns {
    int scope, agent, name, count[FAULT_KINDS]; /* name: -1 in a summary.csv from before names */
} fault_columns_t;

/* One agent row's counts into its entry. 0, or -1 with a message. */
static int add_fault_row(report_faults_t *faults, const csv_reader_t *reader, const fault_columns_t *column,
                         char *error, size_t error_size)
{
    uint64_t count[FAULT_KINDS];
    for (int k = 0; k < FAULT_KINDS; k++)
        if (csv_uint64(reader, column->count[k], &count[k], error, error_size)) return -1;
    if (count[0] == 0 && count[1] == 0 && count[2] == 0) return 0;
    report_fault_t *entry = fault_entry(faults, reader->field[column->agent]);
    if (!entry) {
        snprintf(error, error_size, "%s: more than %d agents with bot faults in one report", reader->path,
                 REPORT_MAX_FAULTY);
        return -1;
    }
    if (column->name >= 0 && !entry->name[0])
        snprintf(entry->name, sizeof entry->name, "%s", reader->field[column->name]);
    int64_t *sum[FAULT_KINDS] = {&entry->illegal_moves, &entry->timeouts, &entry->crashes};
    for (int k = 0; k < FAULT_KINDS; k++)
        if (count[k] > INT64_MAX || __builtin_add_overflow(*sum[k], (int64_t)count[k], sum[k])) {
            snprintf(error, error_size, "%s:%ld: column %s: more faults than a count holds", reader->path,
                     reader->line, fault_column_names[k]);
            return -1;
        }
    entry->runs++;
    return 0;
}

int report_faults_read_run(report_faults_t *faults, const char *run_dir, char *error, size_t error_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/summary.csv", run_dir);
    csv_reader_t *reader = csv_open_new(path, error, error_size);
    if (!reader) return -1;
    fault_columns_t column = {-1, -1, csv_column(reader, "name", NULL, 0), {-1, -1, -1}};
    int present = 0, status = 0, next = 0;
    for (int k = 0; k < FAULT_KINDS; k++)
        present += (column.count[k] = csv_column(reader, fault_column_names[k], NULL, 0)) >= 0;
    if (present > 0 && present < FAULT_KINDS) {
        snprintf(error, error_size, "%s: some of the columns illegal_moves, timeouts, crashes, not all three", path);
        status = -1;
    }
    if (status == 0 && present == FAULT_KINDS &&
        ((column.scope = csv_column(reader, "scope", error, error_size)) < 0 ||
         (column.agent = csv_column(reader, "agent", error, error_size)) < 0))
        status = -1;
    /* Without the columns (a run made before faults were counted) no agent had any. */
    while (status == 0 && present == FAULT_KINDS && (next = csv_next(reader, error, error_size)) == 1)
        if (!strcmp(reader->field[column.scope], "agent"))
            status = add_fault_row(faults, reader, &column, error, error_size);
    if (next < 0) status = -1; /* csv_next said why */
    csv_close_free(reader);
    return status;
}

const report_fault_t *report_faults_find(const report_faults_t *faults, const char *agent)
{
    for (int k = 0; faults && k < faults->count; k++)
        if (!strcmp(faults->agent[k].agent, agent)) return &faults->agent[k];
    return NULL;
}

void report_fault_words(int64_t illegal_moves, int64_t timeouts, int64_t crashes, char *out, size_t size)
{
    const int64_t count[FAULT_KINDS] = {illegal_moves, timeouts, crashes};
    static const char *const one[FAULT_KINDS] = {"illegal move", "time-out", "crash"};
    static const char *const many[FAULT_KINDS] = {"illegal moves", "time-outs", "crashes"};
    size_t used = 0;
    out[0] = '\0';
    for (int k = 0; k < FAULT_KINDS && used < size; k++) {
        if (count[k] <= 0) continue;
        int wrote = snprintf(out + used, size - used, "%s%lld %s", used ? ", " : "", (long long)count[k],
                             count[k] == 1 ? one[k] : many[k]);
        used += wrote > 0 ? (size_t)wrote : 0;
    }
}

void report_fault_label(const report_fault_t *fault, char *out, size_t size)
{
    if (fault->name[0]) snprintf(out, size, "%s (%s)", fault->name, fault->agent);
    else snprintf(out, size, "%s", fault->agent);
}

/* Whether the bot's spec sets on_fault=forfeit (docs/protocol.md, "Failures"): then a fault
 * loses its match rather than handing the moves to the fallback. Read from the spec's words,
 * since the reports know agents only by their specs. */
static bool forfeits(const char *agent)
{
    static const char setting[] = ",on_fault=forfeit";
    for (const char *at = strstr(agent, setting); at; at = strstr(at + 1, setting)) {
        char next = at[sizeof setting - 1];
        if (next == '\0' || next == ',') return true;
    }
    return false;
}

void report_fault_note(const report_fault_t *fault, char *out, size_t size)
{
    char words[160], label[REPORT_AGENT_TEXT + 80];
    report_fault_words(fault->illegal_moves, fault->timeouts, fault->crashes, words, sizeof words);
    report_fault_label(fault, label, sizeof label);
    snprintf(out, size, "%s faulted: %s; %s", label, words,
             forfeits(fault->agent) ? "each match it faulted in was forfeited" : "its fallback played for it");
}

void report_faults_sentence(const report_faults_t *faults, char *out, size_t size)
{
    out[0] = '\0';
    if (!faults || faults->count == 0) return;
    if (faults->count == 1) {
        report_fault_note(&faults->agent[0], out, size);
        return;
    }
    bool any_forfeits = false;
    for (int k = 0; k < faults->count; k++) any_forfeits = any_forfeits || forfeits(faults->agent[k].agent);
    int used = snprintf(out, size, "%d bots faulted, %s: ", faults->count,
                        any_forfeits ? "each losing the match or handing the move to its fallback"
                                     : "each time its fallback playing for it");
    for (int k = 0; k < faults->count && used > 0 && (size_t)used < size; k++) {
        const report_fault_t *f = &faults->agent[k];
        char words[160], label[REPORT_AGENT_TEXT + 80];
        report_fault_words(f->illegal_moves, f->timeouts, f->crashes, words, sizeof words);
        report_fault_label(f, label, sizeof label);
        used += snprintf(out + used, size - (size_t)used, "%s%s: %s", k ? "; " : "", label, words);
    }
}

void report_faults_print(FILE *text, const report_faults_t *faults)
{
    for (int k = 0; text && faults && k < faults->count; k++) {
        char note[2 * REPORT_AGENT_TEXT + 256];
        report_fault_note(&faults->agent[k], note, sizeof note);
        fprintf(text, "! %s\n", note);
    }
}
