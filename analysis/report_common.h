/* report_common.h - what the report writers (report_*.c) share; not part of the API. */
#ifndef DOMINOLAB_REPORT_COMMON_H
#define DOMINOLAB_REPORT_COMMON_H

#include <stddef.h>
#include <stdio.h>

#include "atomic_file.h"

/* Opens DIR/NAME for writing through a temporary file (commit with atomic_file_commit). */
int report_file_open(atomic_file_t *file, const char *dir, const char *name, char *error, size_t error_size);
/* A number as the CSV files write it: six decimals, "inf"/"-inf", nothing for NaN. */
void report_number(FILE *out, double value);

#endif
