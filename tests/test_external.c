/* test_external.c - bots outside dominolab (agent `ext`, docs/protocol.md):
 *   - the reference bots of examples/bots/ play every game through `sim` without a fault,
 *     and greedy_bot plays the very games of the greedy agent: the moves, their points and
 *     tiles the protocol sends are right, in every game;
 *   - a run with a bot writes the same files on 1 and 2 threads;
 *   - each failure mode is counted in summary.csv and the run completes, every game played:
 *     an illegal move, garbage, a NUL byte in an answer (the reader stays in step),
 *     silence past the wall-clock limit, CPU time past the time-out, a crash midway;
 *   - a bot that fails its handshake (a crash at start, another protocol version, a
 *     command that does not exist) is an error of every command before anything is
 *     written, quoting what the bot wrote on its standard error;
 *   - time-outs count the bot's CPU time: a bot that sleeps past a short limit does not
 *     time out;
 *   - every bot is told quit and sees its input end; no bot, nor anything a bot started
 *     (in a session of its own too), outlives the run, even one killed with SIGKILL;
 *   - a run with a bot stopped by SIGINT resumes to the files of an uninterrupted run; a
 *     second SIGINT stops a run waiting on a bot at once;
 *   - a spec without its command is refused.
 * The bots are Python programs (python3, installed by scripts/install-deps.sh).
 */
#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "csv.h"
#include "games.h"
#include <jansson.h>
#include "sim_fixture.h"

#define BOTS DOMINOLAB_SOURCE_DIR "/examples/bots/"
#define TEST_BOTS DOMINOLAB_SOURCE_DIR "/tests/bots/"
#define RANDOM_BOT "ext:cmd=python3 " BOTS "random_bot.py"
#define GREEDY_BOT "ext:cmd=python3 " BOTS "greedy_bot.py"

/* ------------------------------------------------------------------ summary.csv */

typedef struct agent_row {
    int64_t games, illegal_moves, timeouts, crashes;
} agent_row_t;

static int64_t field_of(const csv_reader_t *reader, const char *name)
{
    char error[512];
    int column = csv_column(reader, name, error, sizeof error);
    REQUIRE(column >= 0, "%s", error);
    int64_t value;
    REQUIRE(csv_int64(reader, column, &value, error, sizeof error) == 0, "%s", error);
    return value;
}

/* The agent row of `agent` in DIR/summary.csv. */
static agent_row_t agent_row(const char *dir, const char *agent)
{
    char path[PATH_SIZE], error[512];
    path_join(path, dir, "summary.csv");
    csv_reader_t reader;
    REQUIRE(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    agent_row_t row = {-1, -1, -1, -1};
    while (csv_next(&reader, error, sizeof error) == 1) {
        if (strcmp(reader.field[0], "agent") || strcmp(reader.field[1], agent)) continue;
        row = (agent_row_t){field_of(&reader, "games"), field_of(&reader, "illegal_moves"),
                            field_of(&reader, "timeouts"), field_of(&reader, "crashes")};
    }
    csv_close(&reader);
    REQUIRE(row.games >= 0, "no agent row for %s in %s", agent, path);
    return row;
}

static int64_t run_integer(const char *dir, const char *key)
{
    json_t *run = load_run(dir);
    int64_t value = json_integer_value(json_object_get(run, key));
    json_decref(run);
    return value;
}

/* Replaces every `what` in text (which has room: `with` is no longer) with `with`. */
static void replace_all(char *text, const char *what, const char *with)
{
    size_t what_length = strlen(what), with_length = strlen(with);
    for (char *p; (p = strstr(text, what));) {
        memmove(p + with_length, p + what_length, strlen(p + what_length) + 1);
        memcpy(p, with, with_length);
    }
}

/* ------------------------------------------------------------------ the reference bots */


typedef struct game_case {
    const char *game;
    int players;
} game_case_t;

static const game_case_t games[] = {{"bergen", 2}, {"double_bergen", 4}, {"bingo", 2}, {"partnership", 4}};
enum { GAME_CASES = sizeof games / sizeof games[0] };

/* `matches` matches of `spec` against greedy in game g, into a new scratch directory
 * (returned), with deals.csv if `per_deal`. */
static const char *run_against_greedy(const char *name, const game_case_t *g, const char *spec, int64_t matches,
                                      uint64_t seed, bool per_deal)
{
    const char *dir = support_scratch(name);
    char agents[AGENT_SPEC_MAX + 16];
    snprintf(agents, sizeof agents, "%s,greedy", spec);
    study_t s = {g->game, NULL, g->players, agents, true, matches, seed, false, per_deal, false};
    sim_ok(&s, "--out", dir, NULL);
    return dir;
}

/* random_bot plays whole matches of every game, decisions, closes and melds included,
 * and every answer is taken. */
START_TEST(random_bot_plays_every_game)
{
    const game_case_t *g = &games[_i];
    const char *dir = support_scratch("random-bot");
    study_t s = {g->game, NULL, g->players, RANDOM_BOT ",greedy", true, 3, 41, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    agent_row_t bot = agent_row(dir, RANDOM_BOT);
    REQUIRE(bot.games == 3 * run_integer(dir, "rotations") * g->players / 2 && bot.illegal_moves == 0 &&
                bot.timeouts == 0 && bot.crashes == 0,
            "%s: %" PRId64 " games, faults %" PRId64 " %" PRId64 " %" PRId64, g->game, bot.games, bot.illegal_moves,
            bot.timeouts, bot.crashes);
}
END_TEST

/* greedy_bot against random plays the games greedy plays against random, seat for seat:
 * deals.csv's points and pips (every column after the agent's name) agree. */
START_TEST(greedy_bot_is_greedy)
{
    const game_case_t *g = &games[_i];
    const char *bot_dir = support_scratch("greedy-bot"), *own_dir = support_scratch("greedy-own");
    study_t by_bot = {g->game, NULL, g->players, GREEDY_BOT ",random", false, 40, 42, false, true, false};
    study_t by_own = by_bot;
    by_own.agents = "greedy,random";
    sim_ok(&by_bot, "--out", bot_dir, NULL);
    sim_ok(&by_own, "--out", own_dir, NULL);
    size_t bot_length, own_length;
    char *bot = read_in(bot_dir, "deals.csv", &bot_length), *own = read_in(own_dir, "deals.csv", &own_length);
    replace_all(bot, GREEDY_BOT, "greedy"); /* the agent's name is the only difference */
    REQUIRE(!strcmp(bot, own), "%s: greedy_bot's deals.csv differs from greedy's", g->game);
    free(bot);
    free(own);
    REQUIRE(agent_row(bot_dir, GREEDY_BOT).illegal_moves == 0, "%s: greedy_bot made illegal moves", g->game);
}
END_TEST

/* Every decision's history opens with the hand's deal, holds exactly the tiles on the
 * table as placements, and hides the other seats' draws: tests/bots/misbehave.py history
 * answers a number no move has when it does not, which would count as illegal. */
START_TEST(history_agrees_with_the_observation)
{
    const game_case_t *g = &games[_i];
    const char *spec = "ext:cmd=python3 " TEST_BOTS "misbehave.py history";
    agent_row_t bot = agent_row(run_against_greedy("history", g, spec, 2, 47, false), spec);
    REQUIRE(bot.games > 0 && bot.illegal_moves == 0 && bot.timeouts == 0 && bot.crashes == 0,
            "%s: %" PRId64 " games, the history disagreed %" PRId64 " times", g->game, bot.games, bot.illegal_moves);
}
END_TEST

/* The same files on 1 thread (in this process) and 2 (the binary). */
START_TEST(bot_runs_alike_on_any_thread_count)
{
    const char *one = support_scratch("one-thread"), *two = support_scratch("two-threads"), *logs = support_scratch("logs");
    char out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(out_path, logs, "stdout.txt");
    path_join(err_path, logs, "stderr.txt");
    study_t s = {"bergen", NULL, 3, RANDOM_BOT ",heuristic,random", false, 60, 43, false, true, false};
    sim_ok(&s, "--out", one, NULL);
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--out", two));
    int status = wait_for(spawn_binary(a.item, out_path, err_path), RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the 2-thread run: wait status %d", status);
    assert_same_file(one, two, "deals.csv");
    assert_same_file(one, two, "summary.csv");
}
END_TEST

/* ------------------------------------------------------------------ failure modes */

typedef struct failure_case {
    const char *mode;
    bool illegal, timeout, crash; /* the fault counted */
    const char *limits; /* short only where the bot never answers in time whatever the load:
                           silent spends no CPU time (the wall-clock limit catches it), busy
                           spins (the CPU-time limit does); grace_ms: it ignores quit */
} failure_case_t;

static const failure_case_t failures[] = {
    {"illegal", true, false, false, ""},
    {"garbage", true, false, false, ""},
    {"nul", true, false, false, ""},
    {"silent", false, true, false, ",wall_ms=300,grace_ms=100"},
    {"busy", false, true, false, ",timeout_ms=200,grace_ms=100"},
    {"midway", false, false, true, ""},
};
enum { FAILURE_CASES = sizeof failures / sizeof failures[0] };

/* A bot that fails: the run completes with every game of both agents, the fault is
 * counted in the bot's row and nowhere else. A time-out or a crash is counted at most once
 * a game (the fallback plays the rest; the bot is started again for the next game). */
START_TEST(each_failure_is_counted_and_the_run_completes)
{
    const failure_case_t *f = &failures[_i];
    const char *dir = support_scratch("failure");
    char spec[AGENT_SPEC_MAX], agents[AGENT_SPEC_MAX + 16];
    snprintf(spec, sizeof spec, "ext:cmd=python3 " TEST_BOTS "misbehave.py %s%s,fallback=greedy", f->mode, f->limits);
    snprintf(agents, sizeof agents, "%s,random", spec);
    study_t s = {"bergen", NULL, 2, agents, false, 8, 44, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    int64_t games = 8 * run_integer(dir, "rotations");
    agent_row_t bot = agent_row(dir, spec), other = agent_row(dir, "random");
    REQUIRE(bot.games == games && other.games == games, "%s: %" PRId64 " and %" PRId64 " games of %" PRId64, f->mode,
            bot.games, other.games, games);
    REQUIRE(other.illegal_moves == 0 && other.timeouts == 0 && other.crashes == 0, "%s: faults on random", f->mode);
    REQUIRE((bot.illegal_moves > 0) == f->illegal && (bot.timeouts > 0) == f->timeout && (bot.crashes > 0) == f->crash,
            "%s: illegal %" PRId64 ", timeouts %" PRId64 ", crashes %" PRId64, f->mode, bot.illegal_moves, bot.timeouts,
            bot.crashes);
    REQUIRE(bot.timeouts <= games && bot.crashes <= games, "%s: more than one time-out or crash a game", f->mode);
    /* busy spins at its first decision of every game, and the fallback plays the rest */
    REQUIRE(strcmp(f->mode, "busy") || bot.timeouts == games, "busy: %" PRId64 " time-outs in %" PRId64 " games",
            bot.timeouts, games);
    /* nul answers one bad line a process (one a seat on one thread), then good ones: a
     * reader out of step would refuse the answers after it too */
    REQUIRE(strcmp(f->mode, "nul") || (bot.illegal_moves >= 1 && bot.illegal_moves <= 2),
            "nul: %" PRId64 " illegal answers", bot.illegal_moves);
}
END_TEST

/* ------------------------------------------------------------------ handshakes */

typedef struct handshake_case {
    const char *bot;  /* the command */
    const char *said; /* in the message: why, or what the bot wrote on its standard error */
} handshake_case_t;

static const handshake_case_t handshakes[] = {
    {"python3 " TEST_BOTS "misbehave.py crash", "exited or closed its output before answering hello"},
    {"python3 " TEST_BOTS "misbehave.py stubborn", "not a hello of protocol 1"},
    {"python3 " TEST_BOTS "no-such-bot.py", "no-such-bot.py"},
};
enum { HANDSHAKE_CASES = sizeof handshakes / sizeof handshakes[0] };

/* A bot that cannot complete its handshake is an error of every command that would play
 * it, exit 2, before anything is played or written. */
START_TEST(a_bot_that_fails_its_handshake_stops_every_command)
{
    const handshake_case_t *h = &handshakes[_i];
    char spec[AGENT_SPEC_MAX], agents[AGENT_SPEC_MAX + 16];
    snprintf(spec, sizeof spec, "ext:cmd=%s", h->bot);
    snprintf(agents, sizeof agents, "%s,greedy", spec);
    const char *root = support_scratch("handshake");
    char out[PATH_SIZE];
    path_join(out, root, "out");
    typedef struct command {
        int (*run)(int, char **);
        char *argv[16];
    } command_t;
    command_t commands[] = {
        {cli_sim, {"sim", "--players", "2", "--agents", agents, "--deals", "4", "--out", out, "--quiet", NULL}},
        {cli_tournament, {"tournament", "--players", "2", "--agents", agents, "--deals", "4", "--out", out, "--quiet", NULL}},
        {cli_play, {"play", "--players", "2", "--agents", agents, "--quiet", NULL}},
        {cli_fit, {"fit", "--players", "2", "--agent", spec, "--deals", "2", "--quiet", NULL}},
        {cli_belief, {"belief", "--players", "2", "--agents", agents, "--deals", "2", "--quiet", NULL}},
    };
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        capture_t result;
        support_run(commands[k].run, commands[k].argv, &result);
        REQUIRE(result.status == 2 && strstr(result.err, "failed its handshake") && strstr(result.err, h->said),
                "%s with %s: exit %d: %s", commands[k].argv[0], h->bot, result.status, result.err);
        REQUIRE(access(out, F_OK) != 0, "%s with %s wrote %s", commands[k].argv[0], h->bot, out);
        support_capture_free(&result);
    }
}
END_TEST

/* ------------------------------------------------------------------ time and processes */

/* The name column of agent `agent`'s row in DIR/summary.csv, into out. */
static void summary_name(const char *dir, const char *agent, char *out, size_t size)
{
    char path[PATH_SIZE], error[512];
    path_join(path, dir, "summary.csv");
    csv_reader_t reader;
    REQUIRE(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    int column = csv_column(&reader, "name", error, sizeof error);
    REQUIRE(column >= 0, "%s", error);
    out[0] = '\0';
    while (csv_next(&reader, error, sizeof error) == 1)
        if (!strcmp(reader.field[0], "agent") && !strcmp(reader.field[1], agent))
            snprintf(out, size, "%s", reader.field[column]);
    csv_close(&reader);
}

/* timeout_ms is CPU time: a bot that sleeps half a second before its first answer, held
 * to 100 ms, never times out (it would on a wall clock, whatever the load). The bot is
 * named by its hello in summary.csv and run.json, its command kept as the agent. */
START_TEST(a_bot_is_held_to_its_cpu_time)
{
    const char *dir = support_scratch("cpu");
    const char *spec = "ext:cmd=python3 " TEST_BOTS "misbehave.py sleepy,timeout_ms=100";
    char agents[AGENT_SPEC_MAX + 16];
    snprintf(agents, sizeof agents, "%s,random", spec);
    study_t s = {"bergen", NULL, 2, agents, false, 4, 47, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    agent_row_t bot = agent_row(dir, spec);
    REQUIRE(bot.games == 4 * run_integer(dir, "rotations") && bot.timeouts == 0 && bot.crashes == 0,
            "%" PRId64 " games, %" PRId64 " time-outs, %" PRId64 " crashes", bot.games, bot.timeouts, bot.crashes);
    char name[128];
    summary_name(dir, spec, name, sizeof name);
    REQUIRE(!strcmp(name, "misbehave sleepy"), "the bot's summary.csv name: '%s'", name);
    summary_name(dir, "random", name, sizeof name);
    REQUIRE(!name[0], "random's summary.csv name: '%s'", name);
    json_t *run = load_run(dir), *names = json_object_get(run, "agent_names"), *seats = json_object_get(run, "agents");
    REQUIRE(!strcmp(json_string_value(json_array_get(seats, 0)), spec) &&
                !strcmp(json_string_value(json_array_get(names, 0)) ? json_string_value(json_array_get(names, 0)) : "",
                        "misbehave sleepy") &&
                json_is_null(json_array_get(names, 1)),
            "run.json's agents and agent_names");
    json_decref(run);
}
END_TEST

/* Whether process `pid` is gone (or a zombie: it has ended, and is only waiting to be reaped). */
static bool process_gone(long pid)
{
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *file = fopen(path, "r");
    if (!file) return true;
    size_t got = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[got] = '\0';
    const char *after = strrchr(text, ')');
    return after && after[1] == ' ' && after[2] == 'Z';
}

/* The pids of DIR's files NAME.what, into pids[] (at most max): their count. */
static int pids_marked(const char *dir, const char *what, long *pids, int max)
{
    char script[PATH_SIZE + 64];
    snprintf(script, sizeof script, "ls '%s'", dir);
    FILE *list = popen(script, "r");
    REQUIRE(list, "popen: %s", strerror(errno));
    int count = 0;
    char name[256], suffix[64];
    long pid;
    while (fgets(name, sizeof name, list))
        if (sscanf(name, "%ld.%63s", &pid, suffix) == 2 && !strcmp(suffix, what) && count < max) pids[count++] = pid;
    pclose(list);
    return count;
}

/* Waits until every process whose pid a file DIR/PID.what names is gone: a generous limit,
 * not a measure (the keeper ends them within its grace period). */
static void require_gone(const char *dir, const char *what)
{
    long pids[256];
    int count = pids_marked(dir, what, pids, 256);
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    for (int k = 0; k < count; k++) {
        while (!process_gone(pids[k]) && now_seconds() < deadline) sleep_ms(20);
        REQUIRE(process_gone(pids[k]), "process %ld (%s) outlived the run", pids[k], what);
    }
}

/* Every bot is told quit and sees its input end, the one the handshake check started
 * included; nothing a bot started outlives the run, even in a session of its own. */
START_TEST(every_bot_is_told_quit_and_nothing_outlives_the_run)
{
    const char *marks = support_scratch("marks"), *dir = support_scratch("quit");
    char agents[2 * AGENT_SPEC_MAX];
    snprintf(agents, sizeof agents,
             "ext:cmd=python3 " TEST_BOTS "misbehave.py farewell %s,ext:cmd=python3 " TEST_BOTS "misbehave.py spawn %s",
             marks, marks);
    study_t s = {"bergen", NULL, 2, agents, false, 4, 48, false, false, false};
    sim_ok(&s, "--out", dir, NULL);
    long started[64], quit[64], ended[64], spawned[64];
    int starts = pids_marked(marks, "started", started, 64), spawns = pids_marked(marks, "spawned", spawned, 64);
    /* each spec's handshake check, and a bot a seat of each */
    REQUIRE(starts >= 4 && spawns >= 2, "%d bots started, %d children spawned", starts, spawns);
    int farewells = starts - spawns; /* a spawn bot starts one child */
    int quits = pids_marked(marks, "quit", quit, 64), ends = pids_marked(marks, "eof", ended, 64);
    REQUIRE(quits == farewells && ends == farewells, "%d farewell bots, %d told quit, %d saw their input end",
            farewells, quits, ends);
    require_gone(marks, "started");
    require_gone(marks, "spawned");
}
END_TEST

/* SIGKILL of the harness: its bots and what they started end all the same. */
START_TEST(bots_end_with_a_harness_killed)
{
    const char *marks = support_scratch("killed-marks"), *root = support_scratch("killed"),
               *logs = support_scratch("killed-logs");
    char dir[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE], agents[2 * AGENT_SPEC_MAX];
    path_join(dir, root, "run");
    path_join(out_path, logs, "stdout.txt");
    path_join(err_path, logs, "stderr.txt");
    snprintf(agents, sizeof agents, "ext:cmd=python3 " TEST_BOTS "misbehave.py spawn %s,greedy", marks);
    study_t s = {"bergen", NULL, 2, agents, false, 100000, 49, false, true, false};
    pid_t pid = start_with_and_wait_for_progress(&s, NULL, dir, out_path, err_path);
    REQUIRE(kill(pid, SIGKILL) == 0, "kill: %s", strerror(errno));
    wait_for(pid, RUN_LIMIT_SECONDS);
    long spawned[64];
    REQUIRE(pids_marked(marks, "spawned", spawned, 64) >= 2, "no bot spawned its child");
    require_gone(marks, "started");
    require_gone(marks, "spawned");
}
END_TEST

/* Whether process pid has a SIGINT pending (/proc's ShdPnd: sent to the process, not yet
 * taken by a thread): two sent before the first is taken arrive as one. */
static bool sigint_pending(pid_t pid)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *file = fopen(path, "r");
    unsigned long long pending = 0;
    while (file && fgets(line, sizeof line, file))
        if (sscanf(line, "ShdPnd: %llx", &pending) == 1) break;
    if (file) fclose(file);
    return pending & (1ull << (SIGINT - 1));
}

/* A first SIGINT waits for the batch in play, which a dozing bot never ends; a second one
 * stops the run at once, and no bot is left. The first is sent once the bot dozes (inside
 * the run), the second once the first is taken. */
START_TEST(a_second_signal_stops_at_once)
{
    const char *marks = support_scratch("twice-marks"), *root = support_scratch("twice"),
               *logs = support_scratch("twice-logs");
    char dir[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE], agents[AGENT_SPEC_MAX];
    path_join(dir, root, "run");
    path_join(out_path, logs, "stdout.txt");
    path_join(err_path, logs, "stderr.txt");
    snprintf(agents, sizeof agents, "ext:cmd=python3 " TEST_BOTS "misbehave.py doze %s,wall_ms=3600000,random", marks);
    study_t s = {"bergen", NULL, 2, agents, false, 4000, 50, false, true, false};
    args_t a;
    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--out", dir));
    pid_t pid = spawn_binary(a.item, out_path, err_path);
    long dozing[4];
    double deadline = now_seconds() + RUN_LIMIT_SECONDS;
    int status = 0;
    bool ended = false;
    while (!pids_marked(marks, "dozing", dozing, 4) && now_seconds() < deadline)
        if ((ended = waitpid(pid, &status, WNOHANG) == pid)) break;
        else sleep_ms(20);
    REQUIRE(!ended && pids_marked(marks, "dozing", dozing, 4), "the bot never dozed (run ended: %d)", ended);
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    while (sigint_pending(pid) && now_seconds() < deadline) sleep_ms(10);
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    while (!ended && now_seconds() < deadline)
        if (!(ended = waitpid(pid, &status, WNOHANG) == pid)) sleep_ms(20);
    if (!ended) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
    }
    REQUIRE(ended && WIFEXITED(status) && WEXITSTATUS(status) == 130, "wait status %d after SIGINTs (ended: %d)",
            status, ended);
    path_join(out_path, dir, "run.json");
    REQUIRE(access(out_path, F_OK) == 0, "no run.json to resume from");
    require_gone(marks, "dozing");
}
END_TEST

/* on_fault=forfeit: at its first fault the bot's side loses the match, which ends there;
 * the other side wins (the other team, in Partnership); deals.csv says "forfeit". A run
 * that keeps records refuses such a bot, and play stops, naming the seat that forfeited. */
START_TEST(a_forfeit_loses_the_match)
{
    const game_case_t *g = &games[_i];
    const char *spec = "ext:cmd=python3 " TEST_BOTS "misbehave.py illegal,on_fault=forfeit";
    const char *dir = run_against_greedy("forfeit", g, spec, 4, 46, true);
    agent_row_t bot = agent_row(dir, spec), other = agent_row(dir, "greedy");
    int64_t plays = 4 * run_integer(dir, "rotations"); /* one fault a play: the match ends at it */
    REQUIRE(bot.games > 0 && bot.illegal_moves == plays && other.games == bot.games,
            "%s: %" PRId64 " games, %" PRId64 " illegal moves in %" PRId64 " plays, greedy %" PRId64 " games", g->game,
            bot.games, bot.illegal_moves, plays, other.games);
    char path[PATH_SIZE], error[512];
    path_join(path, dir, "summary.csv");
    csv_reader_t reader;
    REQUIRE(csv_open(&reader, path, error, sizeof error) == 0, "%s", error);
    int64_t bot_losses = -1, greedy_wins = -1;
    while (csv_next(&reader, error, sizeof error) == 1)
        if (!strcmp(reader.field[0], "agent")) {
            if (!strcmp(reader.field[1], spec)) bot_losses = field_of(&reader, "losses");
            else greedy_wins = field_of(&reader, "wins");
        }
    csv_close(&reader);
    /* Two sides (Partnership's teams too): the bot's loses every match, the other wins it.
     * 4-player Double Bergen has a side a seat: only the seat that forfeits loses for it,
     * the bot's other seat is ranked with the rest. */
    bool two_sides = strcmp(g->game, "double_bergen") != 0;
    REQUIRE(two_sides ? bot_losses == bot.games && greedy_wins == other.games : bot_losses >= plays,
            "%s: the bot lost %" PRId64 " of %" PRId64 ", greedy won %" PRId64, g->game, bot_losses, bot.games,
            greedy_wins);
    size_t length;
    char *deals = read_in(dir, "deals.csv", &length);
    REQUIRE(strstr(deals, ",forfeit,"), "%s: no forfeit in deals.csv", g->game);
    free(deals);

    const char *records = support_scratch("forfeit-records"), *refused = support_scratch("forfeit-refused");
    char agents[AGENT_SPEC_MAX + 16];
    snprintf(agents, sizeof agents, "%s,greedy", spec);
    study_t s = {g->game, NULL, g->players, agents, true, 4, 46, false, true, false};
    args_t a;
    args_start(&a, "sim");
    study_args(&a, &s, 1);
    args_add_list(&a, LIST("--out", refused, "--records", records));
    capture_t result;
    support_run(cli_sim, a.item, &result);
    REQUIRE(result.status == 2 && strstr(result.err, "may forfeit"), "--records with a forfeit: %d %s",
            result.status, result.err);
    support_capture_free(&result);
    char players[8], seats[4 * (AGENT_SPEC_MAX + 16)] = ""; /* play takes a spec a seat */
    snprintf(players, sizeof players, "%d", g->players);
    for (int pair = 0; pair < g->players / 2; pair++)
        snprintf(seats + strlen(seats), sizeof seats - strlen(seats), "%s%s", pair ? "," : "", agents);
    support_run(cli_play, (char *[]){"play", "--game", (char *)g->game, "--players", players, "--agents", seats,
                                     "--quiet", NULL},
                &result);
    REQUIRE(result.status == 1 && strstr(result.err, "on_fault=forfeit) forfeits the match"),
            "play with a forfeit: %d %s", result.status, result.err);
    support_capture_free(&result);
}
END_TEST

/* ------------------------------------------------------------------ interrupt and resume */

/* A run with a bot, stopped by SIGINT once it has counted units, resumed: the files of a
 * run never stopped. */
START_TEST(interrupted_run_with_a_bot_resumes)
{
    const char *root = support_scratch("interrupted"), *reference = support_scratch("reference"),
               *logs = support_scratch("logs");
    char dir[PATH_SIZE], out_path[PATH_SIZE], err_path[PATH_SIZE];
    path_join(dir, root, "run");
    path_join(out_path, logs, "stdout.txt");
    path_join(err_path, logs, "stderr.txt");
    study_t s = {"bergen", NULL, 2, RANDOM_BOT ",greedy", false, 4000, 45, false, true, false};
    pid_t pid = start_with_and_wait_for_progress(&s, NULL, dir, out_path, err_path);
    REQUIRE(kill(pid, SIGINT) == 0, "kill: %s", strerror(errno));
    int status = wait_for(pid, RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 130, "wait status %d after SIGINT", status);
    int64_t done = units_done_in(dir);
    REQUIRE(done > 0 && done < s.units, "units_done %" PRId64 " of %" PRId64, done, s.units);
    sim_ok(&s, "--resume", dir, NULL);
    sim_ok(&s, "--out", reference, NULL);
    assert_same_file(reference, dir, "deals.csv");
    assert_same_file(reference, dir, "summary.csv");
}
END_TEST

/* ------------------------------------------------------------------ people */

/* `dominolab play` with a person at seat 0, its input piped from `input` (a shell word):
 * returns the transcript; requires exit status 0. */
static char *play_human(const game_case_t *g, const char *input, const char *opponent)
{
    char script[1024], agents[256] = "human";
    for (int seat = 1; seat < g->players; seat++) snprintf(agents + strlen(agents), sizeof agents - strlen(agents), ",%s", opponent);
    snprintf(script, sizeof script, "%s | '%s' play --game %s --players %d --agents %s --seed 7", input,
             DOMINOLAB_BINARY, g->game, g->players, agents);
    return shell_ok(support_scratch("human"), script, NULL);
}

/* A script plays a whole match of every game through a pipe: it asks what each move
 * scores, gives a bad answer, then a number, over and over. The transcript shows the
 * scores asked for, the correction, the end of the match, and none of the other seats'
 * tiles. */
START_TEST(a_person_plays_every_game_through_a_pipe)
{
    const game_case_t *g = &games[_i];
    char *transcript = play_human(g, "yes \"$(printf '?\\nnine\\n1')\"", "level:3");
    REQUIRE(strstr(transcript, "your move (1-") && strstr(transcript, " now\n") &&
                strstr(transcript, "give a number from 1 to") && strstr(transcript, "\nmatch over after"),
            "%s: the transcript lacks the prompt, the scores, the correction or the end:\n%.3000s", g->game,
            transcript);
    REQUIRE(strstr(transcript, "seat 1 (level:3") && strstr(transcript, " tiles\n"),
            "%s: seat 1's hand is shown:\n%.2000s", g->game, transcript);
    free(transcript);
}
END_TEST

/* When the input ends, greedy plays the person's seat to the end of the match. */
START_TEST(a_person_whose_input_ends_is_replaced)
{
    char *transcript = play_human(&games[0], "printf '1\\n'", "greedy");
    REQUIRE(strstr(transcript, "(input ended: greedy plays seat 0 on)") && strstr(transcript, "\nmatch over after"),
            "no stand-in, or no end:\n%.3000s", transcript);
    free(transcript);
}
END_TEST

/* Only play seats a person: sim refuses, naming the spec. */
START_TEST(a_study_refuses_a_person)
{
    const char *dir = support_scratch("refused");
    args_t a;
    args_start(&a, "sim");
    args_add_list(&a, LIST("--players", "2", "--agents", "human,random", "--deals", "3", "--out", dir));
    capture_t result;
    support_run(cli_sim, a.item, &result);
    REQUIRE(result.status == 2 && strstr(result.err, "'human' seats a person"), "sim with human: %d %s", result.status,
            result.err);
    support_capture_free(&result);
}
END_TEST

/* ------------------------------------------------------------------ specs */

START_TEST(spec_without_a_command_is_refused)
{
    char error[512] = "";
    game_rules_t *rules = NULL;
    const game_t *game = game_find("bergen");
    option_values_t values;
    REQUIRE(game && game_configure(game, NULL, NULL, 0, &values, error, sizeof error) == 0, "%s", error);
    REQUIRE(game->rules_create(&values, &rules, error, sizeof error) == 0, "%s", error);
    agent_t *agent = NULL;
    REQUIRE(agent_create("ext", NULL, game, rules, 0, 1, &agent, error, sizeof error) != 0 && strstr(error, "cmd="),
            "ext without cmd: '%s'", error);
    REQUIRE(agent_create("ext:timeout_ms=0,cmd=true", NULL, game, rules, 0, 1, &agent, error, sizeof error) != 0 &&
                strstr(error, "timeout_ms"),
            "timeout_ms=0: '%s'", error);
    REQUIRE(agent_create("ext:cmd=true,fallback=pimc", NULL, game, rules, 0, 1, &agent, error, sizeof error) != 0 &&
                strstr(error, "fallback"),
            "fallback=pimc: '%s'", error);
    game->rules_destroy(rules);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("external agents");
    TCase *bots = tcase_create("reference bots");
    tcase_add_checked_fixture(bots, NULL, support_scratch_teardown);
    tcase_set_timeout(bots, 600);
    tcase_add_loop_test(bots, random_bot_plays_every_game, 0, GAME_CASES);
    tcase_add_loop_test(bots, greedy_bot_is_greedy, 0, GAME_CASES);
    tcase_add_loop_test(bots, history_agrees_with_the_observation, 0, GAME_CASES);
    tcase_add_test(bots, bot_runs_alike_on_any_thread_count);
    suite_add_tcase(suite, bots);
    TCase *faults = tcase_create("failures");
    tcase_add_checked_fixture(faults, NULL, support_scratch_teardown);
    tcase_set_timeout(faults, 600);
    tcase_add_loop_test(faults, each_failure_is_counted_and_the_run_completes, 0, FAILURE_CASES);
    tcase_add_loop_test(faults, a_bot_that_fails_its_handshake_stops_every_command, 0, HANDSHAKE_CASES);
    tcase_add_test(faults, a_bot_is_held_to_its_cpu_time);
    tcase_add_test(faults, every_bot_is_told_quit_and_nothing_outlives_the_run);
    tcase_add_test(faults, bots_end_with_a_harness_killed);
    tcase_add_test(faults, a_second_signal_stops_at_once);
    tcase_add_loop_test(faults, a_forfeit_loses_the_match, 0, GAME_CASES);
    tcase_add_test(faults, interrupted_run_with_a_bot_resumes);
    tcase_add_test(faults, spec_without_a_command_is_refused);
    suite_add_tcase(suite, faults);
    TCase *people = tcase_create("people");
    tcase_add_checked_fixture(people, NULL, support_scratch_teardown);
    tcase_set_timeout(people, 600);
    tcase_add_loop_test(people, a_person_plays_every_game_through_a_pipe, 0, GAME_CASES);
    tcase_add_test(people, a_person_whose_input_ends_is_replaced);
    tcase_add_test(people, a_study_refuses_a_person);
    suite_add_tcase(suite, people);
    return support_run_suite(suite, "test_external");
}
