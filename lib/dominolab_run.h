/* dominolab_run.h - the dominolab commands that write a directory of results (a simulation,
 * a study, a report), run inside the caller's process: the same work and the same files as
 * the command line, without starting the `dominolab` program. The rows are then read from
 * the files (docs/sim.md, docs/analysis.md), as the Python module does (docs/python.md).
 * Build with
 *     cc app.c $(pkg-config --cflags --libs dominolab) -o app
 *
 * The commands were made for a process of their own, and a run borrows what a process has
 * only one of; it gives each back as it found it:
 *   - runs take turns: a call waits while another thread's run is going on;
 *   - SIGINT and SIGTERM stop a run as they stop the command (what was played is kept; the
 *     exit status is 130 or 143), and their handlers, and SIGPIPE's (which the bots' pipes
 *     ignore), are the caller's again when the call returns; where the caller left the stop
 *     signal to its default action, the process then ends by it, as without the run;
 *   - stdout and stderr: unless DL_RUN_ECHO, the command's output is kept from them (stdout
 *     goes to /dev/null, stderr to a temporary file the message is read from) and nothing
 *     is shown, nor anything else the process writes to descriptors 1 and 2 meanwhile;
 *     with DL_RUN_ECHO it goes to them, as from the command line;
 *   - threads: the command's own --threads T (default: every core). The command runs on a
 *     thread of its own, whose OpenMP threads end with it: none is kept waiting in the
 *     process, and a child the process forks later (Python's multiprocessing) can run
 *     commands too;
 *   - nothing calls exit(), and no state is kept from one run to the next.
 */
#ifndef DOMINOLAB_RUN_PUBLIC_H
#define DOMINOLAB_RUN_PUBLIC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DL_RUN_API_VERSION 1

enum { DL_RUN_ECHO = 1 }; /* dl_run's flags: the command writes to the process's stdout and stderr */

/* Runs `dominolab argv[0] argv[1] ... argv[argc-1]`: argv[0] is the command, one of sim,
 * merge, tournament, sprt, balance, calibrate and analyze (the others are the command
 * line's: they talk to a person or measure the machine). Returns the exit status the
 * command line gives (0 done, 1 a failure while running, 2 bad input, 130 or 143 stopped
 * by SIGINT or SIGTERM); 2 as well for a NULL argv or argument, an argc below 1, another
 * command or an unknown flag. Bad input writes nothing: no directory is left behind.
 * Unless the status is 0, `error` holds the command's message (its lines on stderr, less
 * progress); with DL_RUN_ECHO the message went to stderr, and `error` says so. `error` may
 * be NULL or of size 0. */
int dl_run(int argc, const char *const *argv, unsigned flags, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
