/* bot_process.h - the process of an outside bot (agents/external.c): started with pipes on
 * its standard input and output, timed by the CPU time it spends, and stopped politely
 * (quit, end of input, a grace period) before it is killed with everything it started.
 *
 * Between the harness and the bot stands a keeper: a process forked from the harness that
 * starts the bot, adopts whatever the bot starts and leaves behind (a child subreaper, so
 * that even a grandchild that calls setsid comes back to it), and kills all of it when the
 * harness says so or dies. The keeper learns of the harness's death from a lifeline pipe
 * whose other end only the harness holds: the kernel closes it however the harness ends,
 * kill -9 included. Then the keeper sends SIGTERM, waits a grace period and kills what is
 * left. The keeper runs only async-signal-safe calls (it is forked from a process whose
 * other threads may hold locks) and allocates nothing.
 */
#ifndef DOMINOLAB_BOT_PROCESS_H
#define DOMINOLAB_BOT_PROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct bot_process {
    pid_t keeper, bot;      /* 0: not running */
    int to_bot, from_bot;   /* the bot's standard input and output (ours nonblocking), -1 closed */
    int bot_errors;         /* its standard error when captured (nonblocking), else -1 */
    int lifeline;           /* write end: closing it (or dying) tells the keeper to end the bot */
} bot_process_t;

#define BOT_PROCESS_NONE ((bot_process_t){0, 0, -1, -1, -1, -1})

/* Starts `sh -c "exec COMMAND"` under a keeper. With capture_errors its standard error is
 * a pipe (bot_errors) rather than ours. Returns 0, or -1 with errno. */
int bot_process_start(bot_process_t *p, const char *command, bool capture_errors);

/* Milliseconds of CPU time the bot has used (user and system, its own and that of the
 * children it has waited for), or -1 when it cannot be read (it has exited). */
double bot_process_cpu_ms(const bot_process_t *p);

/* Ends the bot: writes `goodbye` (a line, or NULL) without blocking, closes its input,
 * waits up to grace_ms for it to close its output (it exits), then has the keeper kill
 * whatever is left of it and its descendants, and reaps the keeper. Safe when not running. */
void bot_process_stop(bot_process_t *p, const char *goodbye, int grace_ms);

/* The last bytes the bot wrote on its captured standard error (up to size - 1), read
 * without waiting more than wait_ms for it to close it; "" when nothing or not captured. */
void bot_process_errors(bot_process_t *p, char *out, size_t size, int wait_ms);

#endif
