/* plot.c - gnuplot scripts beside the reports, drawn when gnuplot is there (plot.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "plot.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PLOT_EXEC_FAILED = 127, PLOT_MAX_INHERITED_FD = 1024 };

void plot_start(plot_session_t *session, const char *dir, bool enabled)
{
    memset(session, 0, sizeof *session);
    session->dir = dir;
    session->enabled = enabled;
    const char *program = getenv("DOMINOLAB_GNUPLOT");
    if (!program || !*program) program = "gnuplot";
    /* A path is made absolute here, since gnuplot runs from the report's directory; a bare
     * name is looked up on the PATH. */
    char resolved[PATH_MAX];
    if (strchr(program, '/') && realpath(program, resolved)) program = resolved;
    snprintf(session->program, sizeof session->program, "%s", program);
}

void plot_start_like(plot_session_t *session, const char *dir, const plot_session_t *like)
{
    plot_start(session, dir, like->enabled);
    memcpy(session->subject, like->subject, sizeof session->subject);
    session->matches = like->matches;
}

void plot_subject(plot_session_t *session, const char *game, const char *preset, int players, bool matches)
{
    const char *noun = players == 1 ? "player" : "players";
    if (preset)
        snprintf(session->subject, sizeof session->subject, "%s (preset %s), %d %s", game, preset, players, noun);
    else
        snprintf(session->subject, sizeof session->subject, "%s, %d %s", game, players, noun);
    session->matches = matches;
}

/* A count with its thousands set apart by commas: 10000 -> "10,000". */
static void count_text(char *out, size_t size, int64_t count)
{
    char digits[32];
    int length = snprintf(digits, sizeof digits, "%" PRId64, count), first = digits[0] == '-';
    size_t used = 0;
    for (int k = 0; k < length && used + 2 < size; k++) {
        if (k > first && (length - k) % 3 == 0) out[used++] = ',';
        out[used++] = digits[k];
    }
    if (size) out[used] = '\0';
}

void plot_sample(char *out, size_t size, int64_t low, int64_t high, const char *unit, const char *each)
{
    char from[32], to[32];
    count_text(from, sizeof from, low);
    count_text(to, sizeof to, high);
    size_t length = strlen(unit);
    const char *plural = high == 1 ? "" : length && unit[length - 1] == 'h' ? "es" : "s"; /* match, deal */
    snprintf(out, size, "%s%s%s %s%s%s%s", from, low == high ? "" : " to ", low == high ? "" : to, unit, plural,
             each ? " " : "", each ? each : "");
}

/* `text` with \ and " escaped, as it goes between a gnuplot string's double quotes. */
static void escaped(char *out, size_t size, const char *text)
{
    size_t used = 0;
    for (; *text && used + 3 < size; text++) {
        if (*text == '"' || *text == '\\') out[used++] = '\\';
        out[used++] = *text;
    }
    if (size) out[used] = '\0';
}

void plot_quote(char *out, size_t size, const char *text)
{
    char inside[2048];
    escaped(inside, sizeof inside, text);
    snprintf(out, size, "\"%s\"", inside);
}

void plot_title(char *out, size_t size, const plot_session_t *session, const char *what, const char *sample)
{
    char second[1024], first_text[2048], second_text[2048];
    if (session->subject[0]) snprintf(second, sizeof second, "%s, %s", session->subject, sample);
    else snprintf(second, sizeof second, "%s", sample);
    escaped(first_text, sizeof first_text, what);
    escaped(second_text, sizeof second_text, second);
    /* gnuplot's \n in a double-quoted string: the subject on a line of its own */
    snprintf(out, size, "set title \"%s\\n%s\"\n", first_text, second_text);
}

/* Runs the script in DIR (the scripts name their files relative to it); the child does
 * only what is safe after fork in a process that may have threads. Returns the exit status,
 * PLOT_EXEC_FAILED when gnuplot could not be started, -1 when no process could be made. */
static int run_gnuplot(const plot_session_t *session, const char *script, const char *log)
{
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) { /* only async-signal-safe calls from here to exec */
        if (chdir(session->dir) != 0) _exit(PLOT_EXEC_FAILED - 1);
        int out = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (out >= 0) {
            dup2(out, STDOUT_FILENO);
            dup2(out, STDERR_FILENO);
        }
        int in = open("/dev/null", O_RDONLY);
        if (in >= 0) dup2(in, STDIN_FILENO);
        for (int fd = STDERR_FILENO + 1; fd < PLOT_MAX_INHERITED_FD; fd++) close(fd); /* the run's open files */
        char *const argv[] = {(char *)session->program, (char *)script, NULL};
        if (strchr(session->program, '/')) execv(session->program, argv);
        else execvp(session->program, argv);
        _exit(PLOT_EXEC_FAILED);
    }
    int status;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static const char script_header[] =
    "# Drawn by dominolab; run again with: cd <this report's directory> && gnuplot plots/%s.gp\n"
    "set datafile separator \",\"\n"
    "set encoding utf8\n"
    "set key noautotitle\n"
    "if (strstrt(GPVAL_TERMINALS, \"pngcairo\") > 0) { set terminal pngcairo noenhanced size 960,600 font \",10\" } "
    "else { set terminal png noenhanced size 960,600 }\n"
    "set output \"plots/%s.png\"\n";

static const char script_footer[] =
    "set terminal svg noenhanced size 960,600 dynamic font \",10\"\n"
    "set output \"plots/%s.svg\"\n"
    "replot\n"
    "unset output\n";

int plot_draw(plot_session_t *session, const char *name, const char *body, char *error, size_t error_size)
{
    if (!session->enabled) return 0;
    char path[2048], plots[1536];
    snprintf(plots, sizeof plots, "%s/plots", session->dir);
    if (mkdir(plots, 0777) != 0 && errno != EEXIST) {
        snprintf(error, error_size, "cannot create %s: %s", plots, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/%s.gp", plots, name);
    FILE *script = fopen(path, "w");
    if (!script) {
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    fprintf(script, script_header, name, name);
    fprintf(script, "%s\n", body);
    fprintf(script, script_footer, name);
    if (fclose(script) != 0) {
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    session->written++;
    if (session->checked && !session->available) return 0;
    char relative_script[256], relative_log[256];
    snprintf(relative_script, sizeof relative_script, "plots/%s.gp", name);
    snprintf(relative_log, sizeof relative_log, "plots/%s.log", name);
    int status = run_gnuplot(session, relative_script, relative_log);
    session->checked = true;
    session->available = status != PLOT_EXEC_FAILED;
    char log_path[2048];
    snprintf(log_path, sizeof log_path, "%s/%s.log", plots, name);
    if (!session->available) {
        unlink(log_path);
        return 0;
    }
    if (status == 0) {
        session->drawn++;
        unlink(log_path); /* drawn: whatever gnuplot said was a warning */
    } else if (!session->failure[0]) {
        snprintf(session->failure, sizeof session->failure, "gnuplot failed on %s (see %s)", path, log_path);
    }
    return 0;
}

void plot_summary(const plot_session_t *session, char *out, size_t size)
{
    if (!session->enabled || session->written == 0) {
        snprintf(out, size, "plots: none asked for");
    } else if (!session->available) {
        snprintf(out, size,
                 "plots: gnuplot not found (%s), so %d plot scripts were written but not drawn; install it "
                 "(apt-get install gnuplot-nox) and run: cd %s && for f in plots/*.gp; do gnuplot \"$f\"; done",
                 session->program, session->written, session->dir);
    } else if (session->failure[0]) {
        snprintf(out, size, "plots: %d of %d drawn in %s/plots; %s", session->drawn, session->written, session->dir,
                 session->failure);
    } else {
        snprintf(out, size, "plots: %d drawn in %s/plots (PNG and SVG)", session->drawn, session->dir);
    }
}
