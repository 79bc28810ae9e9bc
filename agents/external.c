/* external.c - `ext`: a bot outside dominolab, a child process that chooses the moves of
 * its seat over the JSON Lines protocol of docs/protocol.md (one JSON object a line on its
 * standard input and output). The harness owns the rules: the bot is sent what its seat
 * sees and the numbered legal moves, and answers with a number.
 *
 * Faults, as chess testing frameworks count them: an answer that is not a legal move's
 * number (or not JSON) is an illegal move; no answer within timeout_ms is a time-out; an
 * exit, a closed pipe or a failed start is a crash. Each time the fallback agent plays the
 * move, the fault is counted (agent_take_faults), and the match goes on. After a time-out
 * or a crash the process is killed and the fallback plays the rest of the match; the bot
 * is started again for the next one. One process serves one agent: the simulator makes an
 * agent per thread and seat, so each has its own.
 *
 * A bot is reproducible when it is a function of what it is sent: each match brings a seed
 * drawn from the agent's stream, as every agent's randomness is.
 */
#define _GNU_SOURCE /* pipe2 */
#include "agent_kind.h"
#include "agent_json.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* A bot's start (its handshake) may take the time an interpreter needs on a loaded
 * machine, whatever the time per decision. */
enum { EXTERNAL_PROTOCOL = 1, EXTERNAL_LINE_MAX = 1 << 20, EXTERNAL_START_MS = 10000 };

enum { PARAM_CMD, PARAM_TIMEOUT, PARAM_FALLBACK, PARAM_ON_FAULT, PARAM_COUNT };
static const char *const fallback_names[] = {"random", "greedy", "heuristic", NULL};
enum { ON_FAULT_FALLBACK, ON_FAULT_FORFEIT };
static const char *const on_fault_names[] = {"fallback", "forfeit", NULL};

static const agent_param_spec_t external_params[PARAM_COUNT] = {
    [PARAM_CMD] = {"cmd", AGENT_PARAM_TEXT, 0, 0, NULL, "", "the bot's command line, run by /bin/sh (required)"},
    [PARAM_TIMEOUT] = {"timeout_ms", AGENT_PARAM_INT, 1, 3600000, NULL, "10000",
                       "time for each answer, in milliseconds (the handshake: at least 10 s)"},
    [PARAM_FALLBACK] = {"fallback", AGENT_PARAM_CHOICE, 0, 0, fallback_names, "random",
                        "the agent that plays a move the bot did not give"},
    [PARAM_ON_FAULT] = {"on_fault", AGENT_PARAM_CHOICE, 0, 0, on_fault_names, "fallback",
                        "after a fault: the fallback plays on, or the bot's side loses the match by forfeit"},
};

typedef struct external {
    char command[AGENT_SPEC_MAX];
    int timeout_ms;
    agent_t *fallback;
    pid_t pid;           /* 0: no process */
    int to_bot, from_bot; /* pipe ends, -1 when closed */
    char *line;          /* what the bot wrote, up to its next newline */
    size_t used;
    bool broken;          /* timed out or crashed in this match: the fallback plays on */
    bool match_announced; /* the match message of this match is sent */
    bool forfeited;       /* on_fault=forfeit and a fault in this match */
    json_t *history;      /* this hand's public events, as the record writes them */
    uint64_t match_seed;
    agent_faults_t faults;
} external_t;

/* ------------------------------------------------------------------ the process */

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Ends the process, whatever it does, and its process group (a bot may start others). */
static void stop_process(external_t *x)
{
    close_fd(&x->to_bot);
    close_fd(&x->from_bot);
    if (x->pid > 0) {
        kill(-x->pid, SIGKILL);
        kill(x->pid, SIGKILL);
        while (waitpid(x->pid, NULL, 0) < 0 && errno == EINTR) {
        }
    }
    x->pid = 0;
    x->used = 0;
}

/* Starts `sh -c "exec COMMAND"` with pipes on its standard input and output, in a process
 * group of its own. Returns 0, or -1 if it cannot be started. */
static int start_process(external_t *x)
{
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC)) return -1;
    if (pipe2(out, O_CLOEXEC)) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawnattr_init(&attributes);
    sigset_t defaults; /* the bot gets SIGPIPE back, which this process ignores */
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attributes, 0);
    char script[AGENT_SPEC_MAX + 8];
    snprintf(script, sizeof script, "exec %s", x->command);
    char *argv[] = {"sh", "-c", script, NULL};
    pid_t pid;
    int failed = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(in[0]);
    close(out[1]);
    if (failed) {
        close(in[1]);
        close(out[0]);
        return -1;
    }
    x->pid = pid;
    x->to_bot = in[1];
    x->from_bot = out[0];
    x->used = 0;
    fcntl(x->to_bot, F_SETFL, fcntl(x->to_bot, F_GETFL) | O_NONBLOCK);
    fcntl(x->from_bot, F_SETFL, fcntl(x->from_bot, F_GETFL) | O_NONBLOCK);
    return 0;
}

typedef enum exchange { EXCHANGE_OK, EXCHANGE_TIMEOUT, EXCHANGE_CRASH } exchange_t;

/* Waits for `events` on fd until deadline (ms, CLOCK_MONOTONIC). */
static exchange_t wait_for(int fd, short events, double deadline)
{
    for (;;) {
        double left = deadline - now_ms();
        if (left <= 0) return EXCHANGE_TIMEOUT;
        struct pollfd p = {fd, events, 0};
        int ready = poll(&p, 1, left > 1e9 ? 1000000000 : (int)left + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return EXCHANGE_CRASH;
        if (ready == 0) continue; /* the deadline is checked above */
        if (p.revents & events) return EXCHANGE_OK;
        return EXCHANGE_CRASH; /* POLLERR or POLLHUP without data: the other end is gone */
    }
}

/* Writes a JSON message and its newline (the message is released). */
static exchange_t send_message(external_t *x, json_t *message, double deadline)
{
    char *text = json_dumps(message, JSON_COMPACT);
    json_decref(message);
    if (!text) return EXCHANGE_CRASH; /* out of memory: the bot is given up for this match */
    size_t length = strlen(text), done = 0;
    char *line = realloc(text, length + 2);
    if (!line) {
        free(text);
        return EXCHANGE_CRASH;
    }
    line[length++] = '\n';
    exchange_t result = EXCHANGE_OK;
    while (result == EXCHANGE_OK && done < length) {
        ssize_t wrote = write(x->to_bot, line + done, length - done);
        if (wrote > 0) done += (size_t)wrote;
        else if (wrote < 0 && errno == EAGAIN) result = wait_for(x->to_bot, POLLOUT, deadline);
        else if (!(wrote < 0 && errno == EINTR)) result = EXCHANGE_CRASH; /* EPIPE: it closed its input or exited */
    }
    free(line);
    return result;
}

/* Reads the bot's next line (without its newline) into x->line. */
static exchange_t read_line(external_t *x, double deadline)
{
    for (;;) {
        char *newline = x->used ? memchr(x->line, '\n', x->used) : NULL;
        if (newline) {
            *newline = '\0';
            return EXCHANGE_OK;
        }
        if (x->used >= EXTERNAL_LINE_MAX) return EXCHANGE_CRASH; /* a line without end: nothing to read */
        ssize_t got = read(x->from_bot, x->line + x->used, EXTERNAL_LINE_MAX - x->used);
        if (got > 0) {
            x->used += (size_t)got;
            continue;
        }
        if (got == 0) return EXCHANGE_CRASH; /* end of file: exited or closed */
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return EXCHANGE_CRASH;
        exchange_t waited = wait_for(x->from_bot, POLLIN, deadline);
        if (waited != EXCHANGE_OK) return waited;
    }
}

/* Drops the line just read from the buffer. */
static void consume_line(external_t *x)
{
    size_t length = strlen(x->line) + 1;
    memmove(x->line, x->line + length, x->used - length);
    x->used -= length;
}

/* One answer: the next line, parsed. NULL with *status set when there is none; a line that
 * is not a JSON object gives NULL with EXCHANGE_OK (malformed). */
static json_t *receive_message(external_t *x, double deadline, exchange_t *status)
{
    *status = read_line(x, deadline);
    if (*status != EXCHANGE_OK) return NULL;
    json_t *message = json_loads(x->line, JSON_REJECT_DUPLICATES, NULL);
    consume_line(x);
    if (message && !json_is_object(message)) {
        json_decref(message);
        message = NULL;
    }
    return message;
}

/* ------------------------------------------------------------------ the conversation */

/* The rules, as options the game's table names. */
static json_t *options_json(const game_t *game, const game_rules_t *rules)
{
    json_t *options = json_object();
    char value[96];
    for (int k = 0; k < game->option_count; k++)
        json_object_set_new(options, game->options[k].key,
                            json_string(options_format_value(game->options, k, game_rules_values(rules), value, sizeof value)));
    return options;
}

/* Starts the bot and greets it: 0, or the fault (the bot is stopped). */
static exchange_t start_bot(agent_t *agent, external_t *x)
{
    if (start_process(x)) return EXCHANGE_CRASH;
    double deadline = now_ms() + (x->timeout_ms > EXTERNAL_START_MS ? x->timeout_ms : EXTERNAL_START_MS);
    exchange_t status = send_message(x, json_pack("{s:s, s:i, s:s}", "type", "hello", "protocol", EXTERNAL_PROTOCOL,
                                                  "harness", "dominolab"),
                                     deadline);
    json_t *hello = status == EXCHANGE_OK ? receive_message(x, deadline, &status) : NULL;
    const char *type = json_string_value(json_object_get(hello, "type"));
    bool agreed = type && !strcmp(type, "hello") && json_integer_value(json_object_get(hello, "protocol")) == EXTERNAL_PROTOCOL;
    json_decref(hello);
    if (status == EXCHANGE_OK && !agreed) status = EXCHANGE_CRASH; /* not a bot of this protocol */
    if (status == EXCHANGE_OK) {
        const game_t *game = agent->game;
        status = send_message(x,
                              json_pack("{s:s, s:s, s:o, s:i, s:i, s:i}", "type", "setup", "game", game->name, "options",
                                        options_json(game, agent->rules), "seat", agent->seat, "seats",
                                        game->seat_count(agent->rules), "sides", game->side_count(agent->rules)),
                              deadline);
    }
    if (status != EXCHANGE_OK) stop_process(x);
    return status;
}

static void count_fault(external_t *x, exchange_t status)
{
    x->forfeited = true; /* read only with on_fault=forfeit */
    if (status == EXCHANGE_TIMEOUT) x->faults.timeouts++;
    else x->faults.crashes++;
    stop_process(x);
    x->broken = true;
}

/* Asks the bot; returns the move's index, or -1 when the fallback is to play. */
static int ask_bot(agent_t *agent, external_t *x, const void *state, const game_move_t *moves, int count)
{
    exchange_t status = EXCHANGE_OK;
    if (x->pid == 0) status = start_bot(agent, x);
    double deadline = now_ms() + x->timeout_ms;
    if (status == EXCHANGE_OK && !x->match_announced) {
        status = send_message(x, json_pack("{s:s, s:I}", "type", "match", "seed", (json_int_t)(x->match_seed >> 1)),
                              deadline);
        x->match_announced = status == EXCHANGE_OK;
    }
    const game_t *game = agent->game;
    int seat = game->to_move(state);
    if (status == EXCHANGE_OK) {
        json_t *list = json_array();
        for (int i = 0; i < count; i++) json_array_append_new(list, agent_move_json(game, state, seat, moves[i], i));
        status = send_message(x, json_pack("{s:s, s:o, s:O, s:o}", "type", "decide", "observation",
                                           agent_observation_json(game, state, seat), "history", x->history,
                                           "moves", list),
                              deadline);
    }
    json_t *answer = status == EXCHANGE_OK ? receive_message(x, deadline, &status) : NULL;
    if (status != EXCHANGE_OK) {
        count_fault(x, status);
        return -1;
    }
    json_t *index = json_object_get(answer, "move");
    int chosen = json_is_integer(index) && json_integer_value(index) >= 0 && json_integer_value(index) < count
                     ? (int)json_integer_value(index)
                     : -1;
    json_decref(answer);
    if (chosen < 0) { /* malformed, or no legal move's number */
        x->faults.illegal_moves++;
        x->forfeited = true;
    }
    return chosen;
}

/* ------------------------------------------------------------------ the agent kind */

static void external_destroy(agent_t *agent)
{
    external_t *x = agent->data;
    if (!x) return;
    if (x->pid > 0) { /* a goodbye, unless the pipe is full or gone */
        char bye[] = "{\"type\":\"quit\"}\n";
        if (write(x->to_bot, bye, sizeof bye - 1) < 0) { /* nothing to do: it is stopped anyway */
        }
    }
    stop_process(x);
    agent_destroy(x->fallback);
    json_decref(x->history);
    free(x->line);
    free(x);
    agent->data = NULL;
}

static int external_create(agent_t *agent, char *error, size_t error_size)
{
    external_t *x = calloc(1, sizeof *x);
    agent->data = x;
    if (!x || !(x->line = malloc(EXTERNAL_LINE_MAX + 1)) || !(x->history = json_array())) {
        external_destroy(agent);
        snprintf(error, error_size, "out of memory creating agent ext");
        return -1;
    }
    x->to_bot = x->from_bot = -1;
    if (agent_param_text(agent, PARAM_CMD, x->command, sizeof x->command) || !x->command[0]) {
        external_destroy(agent);
        snprintf(error, error_size, "agent ext: give the bot's command, ext:cmd=COMMAND (docs/protocol.md)");
        return -1;
    }
    x->timeout_ms = agent_param_int(agent, PARAM_TIMEOUT);
    if (agent_create(fallback_names[agent_param_int(agent, PARAM_FALLBACK)], NULL, agent->game, agent->rules,
                     agent->seat, 0, &x->fallback, error, error_size)) {
        external_destroy(agent);
        return -1;
    }
    signal(SIGPIPE, SIG_IGN); /* a bot that exits makes writes fail with EPIPE, not kill us */
    return 0;
}

/* A new match: a seed for the bot and the fallback from the agent's stream; a bot that
 * failed in the last match is started again at its first decision. */
static void external_reset(agent_t *agent)
{
    external_t *x = agent->data;
    x->match_seed = ((uint64_t)pcg32_next(&agent->rng) << 32) | pcg32_next(&agent->rng);
    agent_reset(x->fallback, x->match_seed);
    x->match_announced = false;
    x->broken = false;
    x->forfeited = false;
    x->faults = (agent_faults_t){0, 0, 0};
    json_array_clear(x->history);
}

/* The public history of the hand: what the decide message sends (docs/protocol.md). */
static void external_on_event(agent_t *agent, const void *state, const game_event_t *event)
{
    external_t *x = agent->data;
    if (event->kind == GAME_EVENT_DEAL) json_array_clear(x->history);
    json_t *line = agent_public_event_json(agent->game, state, event, agent->seat);
    if (line) json_array_append_new(x->history, line);
}

static game_move_t choose_external(agent_t *agent, const void *state, const game_move_t *moves, int count)
{
    external_t *x = agent->data;
    int index = x->broken ? -1 : ask_bot(agent, x, state, moves, count);
    return index >= 0 ? moves[index] : agent_choose(x->fallback, state, moves, count);
}

static bool external_forfeited(const agent_t *agent)
{
    const external_t *x = agent->data;
    return x->forfeited && agent_param_int(agent, PARAM_ON_FAULT) == ON_FAULT_FORFEIT;
}

static bool external_may_forfeit(const double *param) { return (int)param[PARAM_ON_FAULT] == ON_FAULT_FORFEIT; }

static agent_faults_t external_take_faults(agent_t *agent)
{
    external_t *x = agent->data;
    agent_faults_t faults = x->faults;
    x->faults = (agent_faults_t){0, 0, 0};
    return faults;
}

const agent_kind_t external_agent_kind = {
    .info = {"ext", "a bot outside dominolab: a command that speaks docs/protocol.md on its stdin and stdout",
             external_params, PARAM_COUNT},
    .create = external_create,
    .destroy = external_destroy,
    .reset = external_reset,
    .choose = choose_external,
    .take_faults = external_take_faults,
    .forfeited = external_forfeited,
    .may_forfeit = external_may_forfeit,
    .on_event = external_on_event,
};
