/* stop.h - the process's one stop signal. A first SIGINT or SIGTERM asks the run or study in
 * progress to stop where it can keep what it did (a run after the batch in play, a study
 * before its next run); a second one, during a run, drops the batches in play at once (a
 * slow outside bot is not waited for).
 *
 * A signal handler can reach nothing but a global, so the flags here (and the count of
 * catches in force, which only the thread that runs the study or run touches) are the one
 * exception to "no global mutable state". Whoever catches the signals (a study for its whole
 * life, a run for its own within it) keeps the handlers it found and gives them back when
 * done; the flags are shared, so a study sees the stop its run caught, and a run the stop
 * its study caught.
 */
#ifndef DOMINOLAB_STOP_H
#define DOMINOLAB_STOP_H

#include <signal.h>
#include <stdbool.h>

enum { STOP_EXIT_INTERRUPTED = 130, STOP_EXIT_TERMINATED = 143 }; /* 128 + the signal, as a shell reports it */

typedef struct stop_catch {
    struct sigaction saved[2]; /* SIGINT's and SIGTERM's handlers before */
    bool caught;
} stop_catch_t;

/* Catches SIGINT and SIGTERM into the flags, keeping their handlers in `c`. The outermost
 * catch (no other in force: a study's, or a run alone) clears the flags first; one within
 * it keeps them, so a stop that came while the study readied its run stops that run. */
void stop_catch(stop_catch_t *c);
/* Gives the handlers back (nothing if not caught). With `pass_on`, a stop caught meanwhile is
 * passed on to the handler it had before, when that is a function other than ours (a caller
 * that catches the signals itself hears of it). */
void stop_release(stop_catch_t *c, bool pass_on);

/* The flags: the signal that asked for a stop (0: none), and whether a second one came. */
volatile sig_atomic_t *stop_requested(void);
volatile sig_atomic_t *stop_abandon(void);
/* The exit status of the stop asked for: STOP_EXIT_TERMINATED for SIGTERM, else interrupted. */
int stop_status(void);

#endif
