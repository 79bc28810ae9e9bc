/* view.c - a game record as one self-contained HTML page (view.h). */
#include "view.h"

#include <stdio.h>

int view_write(const char *record_path, const char *html_path, const view_options_t *options, char *error,
               size_t error_size)
{
    (void)html_path;
    (void)options;
    snprintf(error, error_size, "%s: the viewer is not written yet", record_path);
    return -1;
}
