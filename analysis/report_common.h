/* report_common.h - what the report writers (report_*.c) share; not part of the API. */
#ifndef DOMINOLAB_REPORT_COMMON_H
#define DOMINOLAB_REPORT_COMMON_H

#include <stddef.h>
#include <stdio.h>

/* A number as the CSV files write it: six decimals, "inf"/"-inf", nothing for NaN. */
void report_number(FILE *out, double value);

#endif
