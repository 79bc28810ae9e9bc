/* bot_process.c - an outside bot's process under a keeper (bot_process.h). */
#define _GNU_SOURCE /* pipe2, close_range */
#include "bot_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The keeper's file descriptors once it has moved them: the bot's standard input and
 * output and error at 0, 1, 2, then these. */
enum { KEEPER_LIFELINE = 3, KEEPER_REPORT = 4 };

/* The keeper's grace for a bot whose harness died: SIGTERM, then this long to end. */
enum { KEEPER_GRACE_MS = 2000, KEEPER_POLL_MS = 200, KEEPER_MAX_CHILDREN = 512 };

/* ------------------------------------------------------------------ the keeper
 * Everything from here to the harness's part runs in the forked keeper, where only
 * async-signal-safe calls are allowed: no stdio, no malloc. */

static void keeper_sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) < 0 && errno == EINTR) {
    }
}

/* The keeper's children, from /proc (its only thread's id is its pid). Returns how many,
 * 0 when the file cannot be read. */
static int keeper_children(pid_t *children, int max)
{
    char path[64] = "/proc/self/task/", digits[24];
    int length = 0;
    for (unsigned long pid = (unsigned long)getpid(); pid; pid /= 10) digits[length++] = (char)('0' + pid % 10);
    size_t at = strlen(path);
    while (length) path[at++] = digits[--length];
    memcpy(path + at, "/children", sizeof "/children");
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[4096];
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    int count = 0;
    long value = -1;
    for (ssize_t k = 0; k < (got > 0 ? got : 0) && count < max; k++) {
        if (text[k] >= '0' && text[k] <= '9') value = (value < 0 ? 0 : value * 10) + (text[k] - '0');
        else if (value >= 0) children[count++] = (pid_t)value, value = -1;
    }
    if (value >= 0 && count < max) children[count++] = (pid_t)value;
    return count;
}

/* Kills every descendant: as each dies its children become the keeper's (it is their
 * subreaper), and are killed in turn, until none is left. */
static void keeper_kill_all(pid_t bot)
{
    for (;;) {
        kill(-bot, SIGKILL); /* the bot's process group, even where /proc says nothing */
        pid_t children[KEEPER_MAX_CHILDREN];
        int count = keeper_children(children, KEEPER_MAX_CHILDREN);
        for (int k = 0; k < count; k++) kill(children[k], SIGKILL);
        int status;
        if (waitpid(-1, &status, 0) < 0 && errno == ECHILD) return;
    }
}

/* Reaps what has ended; returns whether the bot has. */
static bool keeper_reap(pid_t bot)
{
    bool bot_ended = false;
    int status;
    for (pid_t ended; (ended = waitpid(-1, &status, WNOHANG)) > 0;)
        if (ended == bot) bot_ended = true;
    return bot_ended;
}

/* Waits for the harness to say stop (a byte: at once), to die (end of the lifeline: the
 * bot is asked to end with SIGTERM and given a grace period), or for the bot to end. */
static void keeper_watch(pid_t bot)
{
    bool at_once = true;
    for (;;) {
        struct pollfd lifeline = {KEEPER_LIFELINE, POLLIN, 0};
        int ready = poll(&lifeline, 1, KEEPER_POLL_MS);
        if (ready > 0) {
            char byte;
            ssize_t got = read(KEEPER_LIFELINE, &byte, 1);
            if (got < 0 && errno == EINTR) continue;
            at_once = got == 1;
            break;
        }
        if (keeper_reap(bot)) break; /* the bot ended: what it left behind goes too */
    }
    if (!at_once) {
        kill(-bot, SIGTERM);
        for (int waited = 0; waited < KEEPER_GRACE_MS && !keeper_reap(bot); waited += 20) keeper_sleep_ms(20);
    }
    keeper_kill_all(bot);
}

static void keeper_default_signals(void)
{
    struct sigaction plain = {0};
    plain.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) sigaction(signal_number, &plain, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

static void keeper_ignore_signals(void)
{
    struct sigaction ignore = {0};
    ignore.sa_handler = SIG_IGN;
    int ignored[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
    for (size_t k = 0; k < sizeof ignored / sizeof ignored[0]; k++) sigaction(ignored[k], &ignore, NULL);
}

/* The keeper: never returns. fds[] are the bot's input, output and error (-1: ours), the
 * lifeline and the report pipe on which it sends the bot's pid. */
static void keeper_main(const int fds[5], const char *script)
{
    int moved[5];
    for (int k = 0; k < 5; k++) moved[k] = fds[k] < 0 ? -1 : fcntl(fds[k], F_DUPFD, 16); /* out of 0..4 first */
    for (int k = 0; k < 5; k++)
        if (moved[k] >= 0) dup2(moved[k], k);
    if (close_range(5, ~0U, 0) < 0)
        for (int fd = 5; fd < 4096; fd++) close(fd);
    setpgid(0, 0); /* a terminal's Ctrl-C is the harness's to handle */
    keeper_ignore_signals();
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    pid_t bot = fork();
    if (bot == 0) {
        close(KEEPER_LIFELINE);
        close(KEEPER_REPORT);
        setpgid(0, 0);
        keeper_default_signals();
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    if (write(KEEPER_REPORT, &bot, sizeof bot) != (ssize_t)sizeof bot || bot < 0) _exit(1);
    close(KEEPER_REPORT);
    close(0);
    close(1);
    if (fds[2] >= 0) close(2); /* so that the captured errors end when the bot's do */
    keeper_watch(bot);
    _exit(0);
}

/* ------------------------------------------------------------------ the harness's part */

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void set_nonblocking(int fd)
{
    if (fd >= 0) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

int bot_process_start(bot_process_t *p, const char *command, bool capture_errors)
{
    *p = BOT_PROCESS_NONE;
    char script[8192];
    if (snprintf(script, sizeof script, "exec %s", command) >= (int)sizeof script) {
        errno = E2BIG;
        return -1;
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, life[2] = {-1, -1}, report[2] = {-1, -1};
    bool piped = !pipe2(in, O_CLOEXEC) && !pipe2(out, O_CLOEXEC) && !pipe2(life, O_CLOEXEC) &&
                 !pipe2(report, O_CLOEXEC) && (!capture_errors || !pipe2(err, O_CLOEXEC));
    pid_t keeper = piped ? fork() : -1;
    if (keeper == 0) keeper_main((const int[5]){in[0], out[1], err[1], life[0], report[1]}, script);
    int saved = errno;
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    close_fd(&life[0]);
    close_fd(&report[1]);
    pid_t bot = -1;
    if (keeper > 0) {
        ssize_t got;
        while ((got = read(report[0], &bot, sizeof bot)) < 0 && errno == EINTR) {
        }
        if (got != (ssize_t)sizeof bot) bot = -1;
    }
    close_fd(&report[0]);
    *p = (bot_process_t){keeper > 0 ? keeper : 0, bot > 0 ? bot : 0, in[1], out[0], err[0], life[1]};
    if (bot <= 0) {
        bot_process_stop(p, NULL, 0);
        errno = keeper < 0 || !piped ? saved : ECHILD;
        return -1;
    }
    set_nonblocking(p->to_bot);
    set_nonblocking(p->from_bot);
    set_nonblocking(p->bot_errors);
    return 0;
}

double bot_process_cpu_ms(const bot_process_t *p)
{
    if (p->bot <= 0) return -1;
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)p->bot);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    if (got <= 0) return -1;
    text[got] = '\0';
    /* after the command's name in parentheses (which may hold anything): the state is field
     * 3, utime, stime, cutime and cstime fields 14 to 17 (proc(5)) */
    char *at = strrchr(text, ')');
    unsigned long long ticks = 0, value;
    for (int field = 3; at && field <= 17; field++) {
        at = strchr(at + 1, ' ');
        if (at && field >= 14 && sscanf(at + 1, "%llu", &value) == 1) ticks += value;
    }
    long hertz = sysconf(_SC_CLK_TCK);
    return at && hertz > 0 ? ticks * 1000.0 / (double)hertz : -1;
}

/* Appends bytes to the text in out, keeping its last size - 1 bytes. */
static void keep_tail(char *out, size_t size, size_t *used, const char *bytes, size_t count)
{
    size_t keep = size - 1;
    if (count >= keep) {
        memcpy(out, bytes + count - keep, keep);
        *used = keep;
    } else {
        if (*used + count > keep) {
            size_t drop = *used + count - keep;
            memmove(out, out + drop, *used - drop);
            *used -= drop;
        }
        memcpy(out + *used, bytes, count);
        *used += count;
    }
    out[*used] = '\0';
}

/* Reads what fd has until it ends or wait_ms pass; keeps the last size - 1 bytes in out
 * (NULL: drops them). */
static void drain(int fd, int wait_ms, char *out, size_t size)
{
    size_t used = out ? strlen(out) : 0;
    double deadline = now_ms() + wait_ms;
    char buffer[4096];
    while (fd >= 0) {
        ssize_t got = read(fd, buffer, sizeof buffer);
        if (got == 0) return;
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && errno != EAGAIN) return;
        if (got > 0 && out && size > 1) keep_tail(out, size, &used, buffer, (size_t)got);
        if (got > 0) continue;
        double left = deadline - now_ms();
        if (left <= 0) return;
        struct pollfd wait = {fd, POLLIN, 0};
        poll(&wait, 1, (int)left + 1);
    }
}

void bot_process_stop(bot_process_t *p, const char *goodbye, int grace_ms)
{
    if (goodbye && p->to_bot >= 0 && write(p->to_bot, goodbye, strlen(goodbye)) < 0) {
        /* a full or closed pipe: the end of its input says the same */
    }
    close_fd(&p->to_bot);
    if (p->keeper > 0) drain(p->from_bot, grace_ms, NULL, 0); /* it ends: its output closes */
    close_fd(&p->from_bot);
    close_fd(&p->bot_errors);
    if (p->lifeline >= 0 && write(p->lifeline, "k", 1) < 0) {
        /* the keeper is gone already: closing the lifeline is all there is */
    }
    close_fd(&p->lifeline);
    if (p->keeper > 0)
        while (waitpid(p->keeper, NULL, 0) < 0 && errno == EINTR) {
        }
    *p = BOT_PROCESS_NONE;
}

void bot_process_errors(bot_process_t *p, char *out, size_t size, int wait_ms)
{
    if (size) out[0] = '\0';
    drain(p->bot_errors, wait_ms, out, size);
}
