/* test_external.c - bots outside dominolab (agent `ext`, docs/protocol.md):
 *   - the reference bots of examples/bots/ play every game through `sim` without a fault,
 *     and greedy_bot plays the very games of the greedy agent: the moves, their points and
 *     tiles the protocol sends are right, in every game;
 *   - a run with a bot writes the same files on 1 and 2 threads;
 *   - each failure mode is counted in summary.csv and the run completes, every game played:
 *     an illegal move, garbage, silence past the time-out, a crash at start, a crash
 *     midway, a bot of another protocol version;
 *   - a run with a bot stopped by SIGINT resumes to the files of an uninterrupted run;
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
    int timeout_ms; /* short only where the bot never answers: a bot that answers at once
                       could still time out at 150 ms on a loaded machine (a fresh CI run
                       beside sanitised tests once counted one for "midway") */
} failure_case_t;

static const failure_case_t failures[] = {
    {"illegal", true, false, false, 10000}, {"garbage", true, false, false, 10000},
    {"silent", false, true, false, 150},    {"crash", false, false, true, 10000},
    {"midway", false, false, true, 10000},  {"stubborn", false, false, true, 10000},
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
    snprintf(spec, sizeof spec, "ext:cmd=python3 " TEST_BOTS "misbehave.py %s,timeout_ms=%d,fallback=greedy", f->mode,
             f->timeout_ms);
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
