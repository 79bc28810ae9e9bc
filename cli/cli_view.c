/* cli_view.c - `dominolab view`: a game record as one self-contained HTML page. */
#include <stdio.h>

#include "commands.h"
#include "view.h"

int cli_view(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "dominolab view: not written yet\n");
    return 2;
}
