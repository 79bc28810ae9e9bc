/* fuzz_support.c - see fuzz_support.h. */
#include "fuzz_support.h"

#include <stdlib.h>
#include <string.h>

FILE *fuzz_stream(const uint8_t *data, size_t size)
{
    /* Mode "r" never writes through the buffer, so dropping const is safe. fmemopen refuses
     * a NULL buffer even for no bytes; any readable byte stands in for it then. */
    static const uint8_t nothing = 0;
    return fmemopen((void *)(size ? data : &nothing), size, "r");
}

void fuzz_require(bool condition, const char *what)
{
    if (condition) return;
    fprintf(stderr, "fuzz: broken promise: %s\n", what);
    abort();
}

bool fuzz_error_names(const char *error, const char *name)
{
    return error[0] != '\0' && strstr(error, name) != NULL;
}

int fuzz_line_count(const uint8_t *data, size_t size)
{
    int lines = 0;
    for (size_t i = 0; i < size; i++)
        if (data[i] == '\n') lines++;
    if (size > 0 && data[size - 1] != '\n') lines++;
    return lines;
}
