/* dominolab_run.c - the commands that write a directory, run in the caller's process
 * (dominolab_run.h).
 *
 * The command line's commands are called as its main calls them (cli/commands.h): each
 * checks its arguments before it writes anything and returns its exit status, never exits.
 * What they take from the process is process-wide (the output streams, the handlers of
 * SIGINT and SIGTERM that a run catches, SIGPIPE's that an outside bot makes ignored, the
 * OpenMP threads), so a call here (1) holds the run lock, since two runs at once would take
 * each other's streams and handlers; (2) unless DL_RUN_ECHO, points stdout at /dev/null and
 * stderr at an unnamed temporary file for the length of the command, and reads the
 * command's message from that file; (3) keeps those three handlers and puts them back
 * after the command, then lets a stop signal the caller left to its default action end the
 * process; (4) runs the command on a thread of its own, whose OpenMP threads end with it.
 */
#include "dominolab_run.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "dl_internal.h"

enum { RUN_FAILED = 1, RUN_BAD_INPUT = 2, RUN_INTERRUPTED = 130, RUN_TERMINATED = 143, LOW_DESCRIPTORS = 3 };

/* The commands whose work is a directory of files and that ask nothing of a terminal. The
 * others stay the command line's: play, replay --print and agents --check are for a person,
 * bench measures the machine it owns, view writes one page, run takes a study from a file. */
static const char *const runnable[] = {"sim", "merge", "tournament", "sprt", "balance", "calibrate", "analyze", NULL};

/* The library's one lock: a run borrows the process's streams and signal handlers, so runs
 * take turns whatever threads call. */
static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;

static const int kept_signals[] = {SIGINT, SIGTERM, SIGPIPE};
enum { KEPT_SIGNALS = sizeof kept_signals / sizeof kept_signals[0] };

/* What the process had before the command, to give back. */
typedef struct host {
    struct sigaction actions[KEPT_SIGNALS];
    bool capturing;
    int out, err;          /* its stdout and stderr set aside, or -1 where it had none */
    int messages;          /* the temporary file stderr goes to, or -1 */
} host_t;

static bool is_runnable(const char *command)
{
    for (int k = 0; runnable[k]; k++)
        if (!strcmp(runnable[k], command)) return true;
    return false;
}

/* 0 when argv can be run; else 2 with the reason. */
static int check_call(int argc, const char *const *argv, unsigned flags, char *error, size_t size)
{
    if (!argv || argc < 1 || !argv[0]) {
        lib_report(error, size, "dl_run: give the command and its arguments (argc 1 or more, argv[0] the command)");
        return RUN_BAD_INPUT;
    }
    for (int k = 1; k < argc; k++)
        if (!argv[k]) {
            lib_report(error, size, "dl_run: argv[%d] of %.100s is NULL", k, argv[0]);
            return RUN_BAD_INPUT;
        }
    if (flags & ~(unsigned)DL_RUN_ECHO) {
        lib_report(error, size, "dl_run: unknown flags %#x (DL_RUN_ECHO is the only one)", flags & ~(unsigned)DL_RUN_ECHO);
        return RUN_BAD_INPUT;
    }
    if (!is_runnable(argv[0])) {
        lib_report(error, size, "dl_run: '%.100s' is not a command run here (sim, merge, tournament, sprt, balance, "
                         "calibrate, analyze)", argv[0]);
        return RUN_BAD_INPUT;
    }
    return 0;
}

/* ------------------------------------------------------------------ the output streams */

/* fd, or a copy of it numbered 3 or above (closed on exec, so no bot inherits it): a
 * descriptor that stdout or stderr is pointed at must not be one of them. -1 on failure. */
static int above_standard(int fd)
{
    if (fd < 0 || fd >= LOW_DESCRIPTORS) return fd;
    int high = fcntl(fd, F_DUPFD_CLOEXEC, LOW_DESCRIPTORS);
    close(fd);
    return high;
}

/* The process's descriptor fd set aside in *kept (-1 when it has none). 0, or -1. */
static int set_aside(int fd, int *kept)
{
    *kept = fcntl(fd, F_DUPFD_CLOEXEC, LOW_DESCRIPTORS);
    return *kept >= 0 || errno == EBADF ? 0 : -1;
}

/* Gives fd back as it was: its own descriptor, or none. */
static void give_back(int fd, int kept)
{
    if (kept < 0) {
        close(fd);
        return;
    }
    while (dup2(kept, fd) < 0 && errno == EINTR) {}
    close(kept);
}

static void stop_capture(host_t *h)
{
    if (!h->capturing) return;
    fflush(stdout); /* what the command left buffered goes where its output went */
    fflush(stderr);
    give_back(STDOUT_FILENO, h->out);
    give_back(STDERR_FILENO, h->err);
    h->capturing = false;
}

/* stdout to /dev/null and stderr to a temporary file until stop_capture. 0, or 1 with the
 * reason (nothing changed). */
static int start_capture(host_t *h, char *error, size_t size)
{
    fflush(stdout); /* the process's own pending output goes where it meant it to */
    fflush(stderr);
    int problem = 0, sink = -1;
    FILE *file = tmpfile();
    if (file) {
        h->messages = fcntl(fileno(file), F_DUPFD_CLOEXEC, LOW_DESCRIPTORS);
        problem = h->messages < 0 ? errno : 0;
        fclose(file); /* unlinked already: h->messages keeps it */
    } else {
        problem = errno;
    }
    if (!problem && (sink = above_standard(open("/dev/null", O_WRONLY | O_CLOEXEC))) < 0) problem = errno;
    if (!problem && set_aside(STDOUT_FILENO, &h->out)) problem = errno;
    if (!problem && set_aside(STDERR_FILENO, &h->err)) {
        problem = errno;
        if (h->out >= 0) close(h->out);
    }
    if (!problem) {
        h->capturing = true;
        if (dup2(sink, STDOUT_FILENO) < 0 || dup2(h->messages, STDERR_FILENO) < 0) {
            problem = errno;
            stop_capture(h);
        }
    }
    if (sink >= 0) close(sink);
    if (!problem) return 0;
    if (h->messages >= 0) close(h->messages);
    h->messages = -1;
    lib_report(error, size, "dl_run: cannot keep the command's output from the process's streams: %s", strerror(problem));
    return RUN_FAILED;
}

/* The command's message: its lines on stderr but the progress ones (a line every few
 * seconds when stderr is no terminal), joined by newlines, as much as `error` holds; or the
 * exit status when it wrote none. */
static void read_message(int fd, const char *command, int status, char *error, size_t size)
{
    if (!error || size == 0) return;
    error[0] = '\0';
    int copy = lseek(fd, 0, SEEK_SET) == 0 ? dup(fd) : -1;
    FILE *in = copy >= 0 ? fdopen(copy, "r") : NULL;
    if (!in && copy >= 0) close(copy);
    char *line = NULL;
    size_t capacity = 0, used = 0;
    ssize_t length;
    while (in && used + 1 < size && (length = getline(&line, &capacity, in)) > 0) {
        if (line[length - 1] == '\n') line[--length] = '\0';
        if (length == 0 || !strncmp(line, "progress:", 9)) continue;
        size_t room = size - used;
        int written = snprintf(error + used, room, "%s%s", used ? "\n" : "", line);
        if (written < 0) break;
        used += (size_t)written < room ? (size_t)written : room - 1;
    }
    free(line);
    if (in) fclose(in);
    if (used == 0) snprintf(error, size, "dominolab %.100s exited with status %d", command, status);
}

/* ------------------------------------------------------------------ the call */

/* argv copied into writable words ending with NULL (the commands take char **), or NULL. */
static char **copy_arguments(int argc, const char *const *argv)
{
    char **words = calloc((size_t)argc + 1, sizeof *words);
    for (int k = 0; words && k < argc; k++) {
        words[k] = strdup(argv[k]);
        if (!words[k]) {
            while (k-- > 0) free(words[k]);
            free(words);
            return NULL;
        }
    }
    return words;
}

static void free_arguments(int argc, char **words)
{
    for (int k = 0; words && k < argc; k++) free(words[k]);
    free(words);
}

typedef struct command_call {
    int argc;
    char **words;
    int status;
} command_call_t;

static void *call_command(void *raw)
{
    command_call_t *call = raw;
    call->status = cli_command_find(call->words[0])->run(call->argc, call->words);
    return NULL;
}

/* The command on a thread of its own, so that the OpenMP threads it starts are that
 * thread's and end with it: none is left idle in the caller's process, and a child the
 * process forks later (Python's multiprocessing) starts its own. GNU OpenMP keeps the
 * threads of the thread that ran a parallel region, and a forked child that runs one more
 * on that thread waits for them forever. Its exit status, or -1. */
static int run_on_own_thread(int argc, char **words)
{
    command_call_t call = {argc, words, RUN_FAILED};
    pthread_t thread;
    if (pthread_create(&thread, NULL, call_command, &call)) return -1;
    pthread_join(thread, NULL);
    return call.status;
}

/* Why the command failed, into error ("" when it did not). */
static void tell(const host_t *h, const char *command, int status, bool echo, char *error, size_t size)
{
    if (status < 0) lib_report(error, size, "dl_run: cannot start a thread for the command");
    else if (status == 0) lib_report(error, size, "%s", "");
    else if (echo) lib_report(error, size, "dominolab %.100s exited with status %d; its message is on stderr", command, status);
    else read_message(h->messages, command, status, error, size);
}

/* A run that a stop signal ended kept its work; where the caller leaves that signal to its
 * default action, the process then ends by it, as it would have without the run. (A
 * handler of the caller's has been called already by a sim run, and is told by the exit
 * status otherwise.) */
static void pass_on_stop(int status, const host_t *h)
{
    int stop = status == RUN_INTERRUPTED ? SIGINT : status == RUN_TERMINATED ? SIGTERM : 0;
    for (int k = 0; stop && k < KEPT_SIGNALS; k++)
        if (kept_signals[k] == stop && h->actions[k].sa_handler == SIG_DFL &&
            !(h->actions[k].sa_flags & SA_SIGINFO))
            raise(stop);
}

/* The command with the run lock held: its exit status, its message in error. */
static int run_locked(int argc, char **words, unsigned flags, char *error, size_t size)
{
    host_t h = {.capturing = false, .out = -1, .err = -1, .messages = -1};
    bool echo = flags & DL_RUN_ECHO;
    if (!echo && start_capture(&h, error, size)) return RUN_FAILED;
    for (int k = 0; k < KEPT_SIGNALS; k++) sigaction(kept_signals[k], NULL, &h.actions[k]);
    int status = run_on_own_thread(argc, words);
    /* The commands give their handlers back themselves; this makes it so on every path. */
    for (int k = 0; k < KEPT_SIGNALS; k++) sigaction(kept_signals[k], &h.actions[k], NULL);
    stop_capture(&h);
    tell(&h, words[0], status, echo, error, size);
    if (h.messages >= 0) close(h.messages);
    pass_on_stop(status, &h);
    return status < 0 ? RUN_FAILED : status;
}

DL_EXPORT int dl_run(int argc, const char *const *argv, unsigned flags, char *error, size_t error_size)
{
    int refused = check_call(argc, argv, flags, error, error_size);
    if (refused) return refused;
    char **words = copy_arguments(argc, argv);
    if (!words) {
        lib_report(error, error_size, "dl_run: out of memory");
        return RUN_FAILED;
    }
    pthread_mutex_lock(&run_lock);
    int status = run_locked(argc, words, flags, error, error_size);
    pthread_mutex_unlock(&run_lock);
    free_arguments(argc, words);
    return status;
}
