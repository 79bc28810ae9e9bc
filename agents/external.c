/* external.c - `ext`: a bot outside dominolab, a child process that chooses the moves of
 * its seat over the JSON Lines protocol of docs/protocol.md (one JSON object a line on its
 * standard input and output). The harness owns the rules: the bot is sent what its seat
 * sees and the numbered legal moves, and answers with a number.
 *
 * Faults, as chess testing frameworks count them: an answer that is not a legal move's
 * number (or not JSON) is an illegal move; an answer that takes more than timeout_ms of
 * the bot's CPU time, or more than wall_ms of wall-clock time (generous by default: it
 * catches a bot that waits for nothing), is a time-out; an exit, a closed pipe or a failed
 * start is a crash. CPU time, not wall time, is what the bot is held to, so that a busy
 * machine does not make a correct bot time out and change a run's results. Each time the
 * fallback agent plays the move, the fault is counted (agent_take_faults), and the match
 * goes on. After a time-out or a crash the bot is stopped (bot_process.h: quit, end of
 * input, grace_ms, then killed with all it started) and the fallback plays the rest of
 * the match; the bot is started again for the next one. One process serves one agent: the
 * simulator makes an agent per thread and seat, so each has its own.
 *
 * A bot is reproducible when it is a function of what it is sent: each match brings a seed
 * drawn from the agent's stream, as every agent's randomness is.
 */
#include "agent_kind.h"
#include "agent_json.h"
#include "bot_process.h"
#include "bot_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A bot's start (its handshake) may take the CPU time an interpreter needs, whatever the
 * time per decision; its wall-clock limit is at least a minute, and by default ten times
 * the CPU limit, so that only a bot that waits for nothing reaches it on a busy machine. */
enum {
    EXTERNAL_PROTOCOL = 1,
    EXTERNAL_LINE_MAX = 1 << 20,
    EXTERNAL_START_MS = 10000,
    EXTERNAL_WALL_MIN_MS = 60000,
    EXTERNAL_WALL_FACTOR = 10,
    EXTERNAL_SLICE_MS = 100, /* the CPU time and the abandon flag are looked at this often */
    EXTERNAL_NAME_MAX = 64,
};

enum { PARAM_CMD, PARAM_TIMEOUT, PARAM_WALL, PARAM_GRACE, PARAM_FALLBACK, PARAM_ON_FAULT, PARAM_COUNT };
static const char *const fallback_names[] = {"random", "greedy", "heuristic", NULL};
enum { ON_FAULT_FALLBACK, ON_FAULT_FORFEIT };
static const char *const on_fault_names[] = {"fallback", "forfeit", NULL};

static const agent_param_spec_t external_params[PARAM_COUNT] = {
    [PARAM_CMD] = {"cmd", AGENT_PARAM_TEXT, 0, 0, NULL, "", "the bot's command line, run by /bin/sh (required)"},
    [PARAM_TIMEOUT] = {"timeout_ms", AGENT_PARAM_INT, 1, 3600000, NULL, "10000",
                       "CPU time the bot may spend on each answer, in milliseconds (the handshake: at least 10 s)"},
    [PARAM_WALL] = {"wall_ms", AGENT_PARAM_INT, 0, 86400000, NULL, "0",
                    "wall-clock time for each answer, in milliseconds (0: ten times timeout_ms, at least a minute)"},
    [PARAM_GRACE] = {"grace_ms", AGENT_PARAM_INT, 0, 600000, NULL, "1000",
                     "after quit and the end of its input, time the bot has to exit before it is killed"},
    [PARAM_FALLBACK] = {"fallback", AGENT_PARAM_CHOICE, 0, 0, fallback_names, "random",
                        "the agent that plays a move the bot did not give"},
    [PARAM_ON_FAULT] = {"on_fault", AGENT_PARAM_CHOICE, 0, 0, on_fault_names, "fallback",
                        "after a fault: the fallback plays on, or the bot's side loses the match by forfeit"},
};

typedef struct external {
    char command[AGENT_SPEC_MAX];
    int timeout_ms, wall_ms, grace_ms;
    agent_t *fallback;
    bot_process_t process;
    const agent_t *agent;           /* whose data this is: its abandon flag */
    char name[EXTERNAL_NAME_MAX]; /* its hello's */
    bot_reader_t reader;            /* its output, cut into lines */
    bool broken;          /* timed out or crashed in this match: the fallback plays on */
    bool match_announced; /* the match message of this match is sent */
    bool forfeited;       /* on_fault=forfeit and a fault in this match */
    json_t *history;      /* this hand's public events, as the record writes them */
    uint64_t match_seed;
    agent_faults_t faults;
} external_t;

/* ------------------------------------------------------------------ the process */

static const char QUIT_LINE[] = "{\"type\":\"quit\"}\n";

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Quit, the end of its input, grace_ms, then the bot and all it started are killed. */
static void stop_process(external_t *x)
{
    bool at_once = x->agent->abandon && *x->agent->abandon; /* a second stop signal: no grace */
    bot_process_stop(&x->process, QUIT_LINE, at_once ? 0 : x->grace_ms);
    bot_reader_clear(&x->reader);
}

/* As stop_process, with the last of what the bot wrote on its captured standard error
 * (one line: control characters become spaces) in said[]. */
static void stop_process_keeping_errors(external_t *x, char *said, size_t size)
{
    if (x->process.to_bot >= 0) close(x->process.to_bot), x->process.to_bot = -1; /* its input ends */
    bot_process_errors(&x->process, said, size, x->grace_ms);
    for (char *c = said; *c; c++)
        if ((unsigned char)*c < ' ') *c = ' ';
    size_t length = strlen(said);
    while (length && said[length - 1] == ' ') said[--length] = '\0';
    stop_process(x);
}

/* What an answer may take: CPU time of the bot from where it stood, and wall time. */
typedef struct answer_clock {
    double wall_deadline;         /* ms, CLOCK_MONOTONIC */
    double cpu_start, cpu_limit;  /* ms; cpu_start < 0: the CPU time cannot be read */
    volatile sig_atomic_t *abandon; /* the agent's (agent_set_abandon), or NULL */
} answer_clock_t;

static answer_clock_t clock_start(const agent_t *agent, const external_t *x, int cpu_limit_ms, int wall_limit_ms)
{
    return (answer_clock_t){now_ms() + wall_limit_ms, bot_process_cpu_ms(&x->process), cpu_limit_ms, agent->abandon};
}

/* The wall-clock limit of an answer: wall_ms, or by default ten times the CPU limit. */
static int wall_limit_ms(const external_t *x)
{
    if (x->wall_ms > 0) return x->wall_ms;
    double wall = (double)x->timeout_ms * EXTERNAL_WALL_FACTOR;
    return wall < EXTERNAL_WALL_MIN_MS ? EXTERNAL_WALL_MIN_MS : wall > INT32_MAX ? INT32_MAX : (int)wall;
}

/* The handshake's limits: at least EXTERNAL_START_MS of CPU time and a minute of wall time. */
static int start_cpu_ms(const external_t *x) { return x->timeout_ms > EXTERNAL_START_MS ? x->timeout_ms : EXTERNAL_START_MS; }
static int start_wall_ms(const external_t *x)
{
    return wall_limit_ms(x) > EXTERNAL_WALL_MIN_MS ? wall_limit_ms(x) : EXTERNAL_WALL_MIN_MS;
}

/* MALFORMED: a line refused whole (a NUL byte in it, or longer than EXTERNAL_LINE_MAX),
 * read past so that the next line is the next answer. ABANDONED: the run is stopping at
 * once (agent_set_abandon): no fault, nothing counts. */
typedef enum exchange {
    EXCHANGE_OK,
    EXCHANGE_TIMEOUT,
    EXCHANGE_CRASH,
    EXCHANGE_MALFORMED,
    EXCHANGE_ABANDONED
} exchange_t;

/* Waits for `events` on fd while the bot is within its clock: time-out when it has spent
 * its CPU time or the wall time is over. */
static exchange_t wait_for(const external_t *x, int fd, short events, const answer_clock_t *clock)
{
    for (;;) {
        if (clock->abandon && *clock->abandon) return EXCHANGE_ABANDONED;
        double wall_left = clock->wall_deadline - now_ms();
        if (wall_left <= 0) return EXCHANGE_TIMEOUT;
        double used = clock->cpu_start < 0 ? -1 : bot_process_cpu_ms(&x->process);
        double cpu_left = used < 0 ? wall_left : clock->cpu_start + clock->cpu_limit - used;
        if (cpu_left <= 0) return EXCHANGE_TIMEOUT;
        /* the bot spends at most about a core's worth of CPU time per wall-clock
         * millisecond: poll no longer than its CPU time left, and look again */
        double slice = fmin(fmin(wall_left, cpu_left), EXTERNAL_SLICE_MS);
        struct pollfd p = {fd, events, 0};
        int ready = poll(&p, 1, (int)slice + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return EXCHANGE_CRASH;
        if (ready == 0) continue; /* the clock is read above */
        if (p.revents & events) return EXCHANGE_OK;
        return EXCHANGE_CRASH; /* POLLERR or POLLHUP without data: the other end is gone */
    }
}

/* Writes a JSON message and its newline (the message is released). */
static exchange_t send_message(external_t *x, json_t *message, const answer_clock_t *clock)
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
        ssize_t wrote = write(x->process.to_bot, line + done, length - done);
        if (wrote > 0) done += (size_t)wrote;
        else if (wrote < 0 && errno == EAGAIN) result = wait_for(x, x->process.to_bot, POLLOUT, clock);
        else if (!(wrote < 0 && errno == EINTR)) result = EXCHANGE_CRASH; /* EPIPE: it closed its input or exited */
    }
    free(line);
    return result;
}

/* The bot's next line (without its newline) into *line and *length, valid until the next
 * read. */
static exchange_t read_line(external_t *x, const answer_clock_t *clock, const char **line, size_t *length)
{
    for (;;) {
        bot_line_t got = bot_reader_next(&x->reader, line, length);
        if (got == BOT_LINE_READY) return EXCHANGE_OK;
        if (got != BOT_LINE_NEED_MORE) return EXCHANGE_MALFORMED;
        size_t room;
        char *at = bot_reader_space(&x->reader, &room);
        ssize_t read_now = read(x->process.from_bot, at, room);
        if (read_now > 0) {
            bot_reader_commit(&x->reader, (size_t)read_now);
            continue;
        }
        if (read_now == 0) return EXCHANGE_CRASH; /* end of file: exited or closed */
        if (errno == EINTR) continue;
        if (errno != EAGAIN) return EXCHANGE_CRASH;
        exchange_t waited = wait_for(x, x->process.from_bot, POLLIN, clock);
        if (waited != EXCHANGE_OK) return waited;
    }
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

/* Why a handshake failed, for agent_prepare's message. */
static void explain_start(char *why, size_t why_size, exchange_t status, const char *answer, const external_t *x,
                          int start_errno)
{
    if (start_errno)
        snprintf(why, why_size, "it could not be started: %s", strerror(start_errno));
    else if (status == EXCHANGE_TIMEOUT)
        snprintf(why, why_size, "no answer to hello within %d ms of CPU time or %d ms of wall-clock time",
                 start_cpu_ms(x), start_wall_ms(x));
    else if (status == EXCHANGE_MALFORMED)
        snprintf(why, why_size, "its answer to hello holds a NUL byte or is longer than %d bytes", EXTERNAL_LINE_MAX);
    else if (answer)
        snprintf(why, why_size, "its answer to hello is not a hello of protocol %d: %.200s", EXTERNAL_PROTOCOL, answer);
    else
        snprintf(why, why_size, "it exited or closed its output before answering hello");
}

/* Starts the bot and greets it: 0, or the fault (the bot is stopped), with why it failed
 * in why[] when why_size > 0. capture_errors keeps its standard error for the caller. */
static exchange_t start_bot(agent_t *agent, external_t *x, bool capture_errors, char *why, size_t why_size)
{
    if (bot_process_start(&x->process, x->command, capture_errors)) {
        if (why_size) explain_start(why, why_size, EXCHANGE_CRASH, NULL, x, errno);
        return EXCHANGE_CRASH;
    }
    bot_reader_clear(&x->reader);
    answer_clock_t clock = clock_start(agent, x, start_cpu_ms(x), start_wall_ms(x));
    exchange_t status = send_message(x, json_pack("{s:s, s:i, s:s}", "type", "hello", "protocol", EXTERNAL_PROTOCOL,
                                                  "harness", "dominolab"),
                                     &clock);
    const char *line = NULL;
    size_t length = 0;
    status = status == EXCHANGE_OK ? read_line(x, &clock, &line, &length) : status;
    if (status == EXCHANGE_OK && !bot_answer_hello(line, length, EXTERNAL_PROTOCOL, x->name, sizeof x->name)) {
        if (why_size) explain_start(why, why_size, status, line, x, 0);
        status = EXCHANGE_CRASH; /* not a bot of this protocol */
    } else if (status != EXCHANGE_OK && why_size) {
        explain_start(why, why_size, status, NULL, x, 0);
    }
    if (status == EXCHANGE_MALFORMED) status = EXCHANGE_CRASH; /* a start fails as a whole */
    if (status == EXCHANGE_OK) {
        const game_t *game = agent->game;
        status = send_message(x,
                              json_pack("{s:s, s:s, s:o, s:i, s:i, s:i}", "type", "setup", "game", game->name, "options",
                                        options_json(game, agent->rules), "seat", agent->seat, "seats",
                                        game->seat_count(agent->rules), "sides", game->side_count(agent->rules)),
                              &clock);
        if (status != EXCHANGE_OK && why_size) explain_start(why, why_size, status, NULL, x, 0);
    }
    if (status != EXCHANGE_OK && !capture_errors) stop_process(x);
    return status;
}

static void count_fault(external_t *x, exchange_t status)
{
    x->forfeited = status != EXCHANGE_ABANDONED; /* read only with on_fault=forfeit */
    if (status == EXCHANGE_TIMEOUT) x->faults.timeouts++;
    else if (status == EXCHANGE_CRASH) x->faults.crashes++;
    stop_process(x);
    x->broken = true;
}

/* Asks the bot; returns the move's index, or -1 when the fallback is to play. */
static int ask_bot(agent_t *agent, external_t *x, const void *state, const game_move_t *moves, int count)
{
    exchange_t status = EXCHANGE_OK;
    if (x->process.keeper == 0) status = start_bot(agent, x, false, NULL, 0);
    answer_clock_t clock = clock_start(agent, x, x->timeout_ms, wall_limit_ms(x));
    if (status == EXCHANGE_OK && !x->match_announced) {
        status = send_message(x, json_pack("{s:s, s:I}", "type", "match", "seed", (json_int_t)(x->match_seed >> 1)),
                              &clock);
        x->match_announced = status == EXCHANGE_OK;
    }
    const game_t *game = agent->game;
    int seat = game->to_move(state);
    /* a move that leads where another leads (a tile fitting two like ends) is offered once,
     * standing for the first of them */
    int offered[GAME_MAX_MOVES], distinct = agent_distinct_moves(game, state, seat, moves, count, offered);
    if (distinct < 0) status = EXCHANGE_CRASH; /* out of memory: the bot is given up for this match */
    if (status == EXCHANGE_OK) {
        json_t *list = json_array();
        for (int k = 0; k < distinct; k++)
            json_array_append_new(list, agent_move_json(game, state, seat, moves[offered[k]], k));
        status = send_message(x, json_pack("{s:s, s:o, s:O, s:o}", "type", "decide", "observation",
                                           agent_observation_json(game, state, seat), "history", x->history,
                                           "moves", list),
                              &clock);
    }
    const char *line = NULL;
    size_t length = 0;
    if (status == EXCHANGE_OK) status = read_line(x, &clock, &line, &length);
    if (status != EXCHANGE_OK && status != EXCHANGE_MALFORMED) {
        count_fault(x, status);
        return -1;
    }
    int chosen = status == EXCHANGE_OK ? bot_answer_move(line, length, distinct) : -1;
    if (chosen < 0) { /* malformed, or no legal move's number */
        x->faults.illegal_moves++;
        x->forfeited = true;
        return -1;
    }
    return offered[chosen];
}

/* ------------------------------------------------------------------ the agent kind */

static void external_destroy(agent_t *agent)
{
    external_t *x = agent->data;
    if (!x) return;
    stop_process(x);
    agent_destroy(x->fallback);
    json_decref(x->history);
    bot_reader_free(&x->reader);
    free(x);
    agent->data = NULL;
}

static int external_create(agent_t *agent, char *error, size_t error_size)
{
    external_t *x = calloc(1, sizeof *x);
    agent->data = x;
    if (x) { /* before anything can fail: destroy stops the process */
        x->process = BOT_PROCESS_NONE;
        x->agent = agent;
    }
    if (!x || bot_reader_init(&x->reader, EXTERNAL_LINE_MAX) || !(x->history = json_array())) {
        external_destroy(agent);
        snprintf(error, error_size, "out of memory creating agent ext");
        return -1;
    }
    if (agent_param_text(agent, PARAM_CMD, x->command, sizeof x->command) || !x->command[0]) {
        external_destroy(agent);
        snprintf(error, error_size, "agent ext: give the bot's command, ext:cmd=COMMAND (docs/protocol.md)");
        return -1;
    }
    x->timeout_ms = agent_param_int(agent, PARAM_TIMEOUT);
    x->wall_ms = agent_param_int(agent, PARAM_WALL);
    x->grace_ms = agent_param_int(agent, PARAM_GRACE);
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

/* The handshake now, with the bot's standard error kept to say why it failed; the bot
 * is stopped either way (a match starts it again). */
static int external_prepare(agent_t *agent, char *name, size_t name_size, char *error, size_t error_size)
{
    external_t *x = agent->data;
    stop_process(x);
    char why[512] = "", said[400] = "";
    exchange_t status = start_bot(agent, x, true, why, sizeof why);
    if (status != EXCHANGE_OK) {
        stop_process_keeping_errors(x, said, sizeof said);
        snprintf(error, error_size, "the bot '%s' failed its handshake: %s%s%s", x->command, why,
                 said[0] ? "; it wrote on its standard error: " : "", said);
        return -1;
    }
    snprintf(name, name_size, "%s", x->name);
    stop_process(x);
    return 0;
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
    .prepare = external_prepare,
    .take_faults = external_take_faults,
    .forfeited = external_forfeited,
    .may_forfeit = external_may_forfeit,
    .on_event = external_on_event,
};
