/* report_common.c - what the report writers share (report_common.h). */
#include "report_common.h"

#include <math.h>

int report_file_open(atomic_file_t *file, const char *dir, const char *name, char *error, size_t error_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return atomic_file_open(file, path, error, error_size);
}

void report_number(FILE *out, double value)
{
    if (isnan(value)) return;
    if (isinf(value)) fputs(value > 0 ? "inf" : "-inf", out);
    else fprintf(out, "%.6f", value);
}
