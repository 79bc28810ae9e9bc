/* report_common.c - what the report writers share (report_common.h). */
#include "report_common.h"

#include <math.h>

void report_number(FILE *out, double value)
{
    if (isnan(value)) return;
    if (isinf(value)) fputs(value > 0 ? "inf" : "-inf", out);
    else fprintf(out, "%.6f", value);
}
