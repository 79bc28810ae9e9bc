/* stop.c - the one stop signal (stop.h). */
#include "stop.h"

#include <stddef.h>

static volatile sig_atomic_t requested = 0, abandoned = 0;
static int depth = 0; /* catches in force */

static void on_stop(int signal_number)
{
    if (requested) abandoned = 1;
    requested = signal_number;
}

void stop_catch(stop_catch_t *c)
{
    if (depth++ == 0) requested = abandoned = 0;
    struct sigaction action = {0};
    action.sa_handler = on_stop;
    sigaction(SIGINT, &action, &c->saved[0]);
    sigaction(SIGTERM, &action, &c->saved[1]);
    c->caught = true;
}

void stop_release(stop_catch_t *c, bool pass_on)
{
    if (!c->caught) return;
    depth--;
    sigaction(SIGINT, &c->saved[0], NULL);
    sigaction(SIGTERM, &c->saved[1], NULL);
    c->caught = false;
    const struct sigaction *before = requested == SIGINT ? &c->saved[0] : requested == SIGTERM ? &c->saved[1] : NULL;
    if (pass_on && before && !(before->sa_flags & SA_SIGINFO) && before->sa_handler != SIG_DFL &&
        before->sa_handler != SIG_IGN && before->sa_handler != on_stop)
        before->sa_handler(requested);
}

volatile sig_atomic_t *stop_requested(void) { return &requested; }
volatile sig_atomic_t *stop_abandon(void) { return &abandoned; }
int stop_status(void) { return requested == SIGTERM ? STOP_EXIT_TERMINATED : STOP_EXIT_INTERRUPTED; }
