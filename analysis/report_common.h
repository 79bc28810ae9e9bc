/* report_common.h - what the report writers (report_*.c) share; not part of the API. */
#ifndef DOMINOLAB_REPORT_COMMON_H
#define DOMINOLAB_REPORT_COMMON_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* A number as the CSV files write it: six decimals, "inf"/"-inf", nothing for NaN. */
void report_number(FILE *out, double value);

/* The names bots outside dominolab gave in their hello (summary.csv's `name` column), by
 * agent spec, which stays the agent's identity in every file. */
enum { REPORT_NAMED_MAX = 64, REPORT_NAME_SIZE = 64 };
typedef struct report_names {
    int count;
    struct {
        char agent[REPORT_AGENT_TEXT], name[REPORT_NAME_SIZE];
    } entry[REPORT_NAMED_MAX];
} report_names_t;

/* Adds the names in the summary.csv beside deals_path (a run's deals.csv). A run without a
 * summary.csv, or with one from before names, names nobody. 0, or -1 with a message naming
 * the file. */
int report_names_read_beside(report_names_t *names, const char *deals_path, char *error, size_t error_size);
/* The agent's name, or "" when it gave none. */
const char *report_name_of(const report_names_t *names, const char *agent);

#endif
