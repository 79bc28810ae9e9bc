/* test_cli.c - the subcommands as a user meets them: `play`, `replay`, `rules` and
 * `agents` called through their C entry points (cli.h) with argv as main would pass it,
 * stdout and stderr captured (test_support.h); and every command's refusal of an option it
 * does not know, with the nearest ones it does.
 *
 * Contract checked for every bad command line of `play`: exit status 2 (1 for a failure
 * while running, such as an unwritable record), exactly one line on stderr naming the
 * offending option, value or argument, nothing on stdout, and nothing left in the record's
 * directory - neither the record nor the writer's hidden temporary ".NAME.XXXXXX".
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bergen/bergen.h"
#include "cli.h"
#include "commands.h"
#include "test_support.h"

enum { ARGV_MAX = 32, PATH_SIZE = 512 };

/* A NULL-terminated list of strings, written inline. */
#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char record_name[] = "m.jsonl";

/* ---- helpers ---- */

/* Runs `play` with --record `record_path` (unless NULL) and then `args`. */
static void run_play(const char *const *args, const char *record_path, capture_t *result)
{
    char *argv[ARGV_MAX];
    int argc = 0;
    argv[argc++] = "play";
    if (record_path) { /* first, so that a trailing option without its value stays last */
        argv[argc++] = "--record";
        argv[argc++] = (char *)record_path;
    }
    for (int k = 0; args[k]; k++) {
        ck_assert_int_lt(argc, ARGV_MAX - 1);
        argv[argc++] = (char *)args[k];
    }
    argv[argc] = NULL;
    support_run(cli_play, argv, result);
}

static void assert_mentions(const char *text, const char *const *needles)
{
    for (int k = 0; needles[k]; k++)
        ck_assert_msg(strstr(text, needles[k]), "expected \"%s\" in the message: %s", needles[k], text);
}

/* What a finished `play` left, copied so that the scratch directory and the captured text
 * can be released before any assertion ends the test. */
typedef struct play_verdict {
    int status;
    bool one_line, stdout_empty;
    int left_behind;
    char err[CLI_ERROR_SIZE], names[PATH_SIZE];
} play_verdict_t;

static void run_play_in_scratch(const char *const *args, const char *record_subpath, play_verdict_t *verdict,
                                char *record_path, size_t record_path_size)
{
    char *dir = support_temp_dir("test_cli");
    snprintf(record_path, record_path_size, "%s/%s", dir, record_subpath);
    capture_t result;
    run_play(args, record_path, &result);
    verdict->status = result.status;
    verdict->one_line = support_is_one_line(result.err);
    verdict->stdout_empty = result.out[0] == '\0';
    snprintf(verdict->err, sizeof verdict->err, "%s", result.err);
    verdict->left_behind = support_dir_entries(dir, verdict->names, sizeof verdict->names);
    support_capture_free(&result);
    support_remove_dir(dir);
}

/* The contract of a rejected command line (see the top of the file). */
static void expect_play_error(int status, const char *const *args, const char *const *needles)
{
    play_verdict_t v;
    char path[PATH_SIZE];
    run_play_in_scratch(args, record_name, &v, path, sizeof path);
    ck_assert_msg(v.status == status, "exit status %d, expected %d (stderr: %s)", v.status, status, v.err);
    ck_assert_msg(v.one_line, "stderr is not exactly one line: \"%s\"", v.err);
    assert_mentions(v.err, needles);
    ck_assert_msg(v.stdout_empty, "stdout is not empty");
    ck_assert_msg(v.left_behind == 0, "left behind in the record's directory: %s", v.names);
}

/* ---- play: bad input ---- */

START_TEST(play_a_series_refuses_a_record)
{
    expect_play_error(2, LIST("--game", "partnership", "--players", "4", "--agents", "random", "--matches", "2"),
                      LIST("--record", "one match", "R5"));
}
END_TEST

/* Under penalty_own_pips (Partnership R16, R22) a score is a penalty: in every game of a
 * `sim --deals` run the team with fewer points wins, equal points draw, and the margin in
 * summary.csv is how far ahead (the other team's points less ours). */
START_TEST(sim_counts_penalties_as_penalties)
{
    char *dir = support_temp_dir("test_cli");
    char out[PATH_SIZE], path[PATH_SIZE + 16];
    snprintf(out, sizeof out, "%s/run", dir);
    char *argv[] = {"sim", "--game", "partnership", "--option", "scoring_mode=penalty_own_pips", "--players", "4",
                    "--agents", "random,greedy", "--deals", "100", "--per-deal", "--quiet", "--out", out, NULL};
    capture_t result;
    support_run(cli_sim, argv, &result);
    int status = result.status;
    support_capture_free(&result);
    snprintf(path, sizeof path, "%s/deals.csv", out);
    char *text = support_read_file(path, NULL);
    support_remove_dir(dir);
    ck_assert_int_eq(status, 0);
    ck_assert_ptr_nonnull(text);
    int games = 0, wins = 0, points[4];
    char results[4][8];
    const char *line = strchr(text, '\n');
    while (line && line[1]) {
        for (int seat = 0; seat < 4; seat++) {
            int unit, rotation, row_seat, team;
            ck_assert_msg(sscanf(line + 1, "%d,%d,%d,%*[^,],%d,%d,%7[a-z]", &unit, &rotation, &row_seat, &team,
                                 &points[seat], results[seat]) == 6 && row_seat == seat && team == seat % 2,
                          "unreadable row: %.80s", line + 1);
            line = strchr(line + 1, '\n');
        }
        const char *want0 = points[0] < points[1] ? "win" : points[0] > points[1] ? "loss" : "draw";
        ck_assert_msg(!strcmp(results[0], want0), "team 0 with %d points against %d: %s", points[0], points[1],
                      results[0]);
        wins += !strcmp(results[0], "win") || !strcmp(results[1], "win");
        games++;
    }
    free(text);
    ck_assert_int_eq(games, 200);
    ck_assert_int_gt(wins, 0);
}
END_TEST

/* A series of Partnership matches: each later match starts with the seat after the one
 * who started the match before (R5), and the tally counts every match once. */
START_TEST(play_a_series_of_partnership_matches)
{
    char *argv[] = {"play", "--game", "partnership", "--players", "4", "--agents", "random", "--matches", "3",
                    "--seed", "5", NULL};
    capture_t result;
    support_run(cli_play, argv, &result);
    ck_assert_msg(result.status == 0, "exit %d: %s", result.status, result.err);
    int starters[3], found = 0;
    for (const char *p = strstr(result.out, " between these players"); p && found < 3;
         p = strstr(p + 1, " between these players")) {
        const char *hand = strstr(p, "\nhand 1 (starter seat ");
        ck_assert_msg(hand && sscanf(hand, "\nhand 1 (starter seat %d)", &starters[found]) == 1, "%s", result.out);
        found++;
    }
    ck_assert_int_eq(found, 3);
    ck_assert_int_eq(starters[1], (starters[0] + 1) % 4);
    ck_assert_int_eq(starters[2], (starters[0] + 2) % 4);
    int won0, won1, drawn;
    const char *tally = strstr(result.out, "\nseries of 3 matches:");
    ck_assert_msg(tally && sscanf(tally, "\nseries of 3 matches: team 0 won %d, team 1 won %d, %d drawn", &won0, &won1,
                                  &drawn) == 3, "%s", result.out);
    ck_assert_int_eq(won0 + won1 + drawn, 3);
    support_capture_free(&result);
}
END_TEST

START_TEST(play_unknown_option_key)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option", "nosuch=1"), LIST("nosuch"));
}
END_TEST

START_TEST(play_bad_value_word)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option", "near_goal=maybe"),
                      LIST("near_goal", "maybe"));
}
END_TEST

START_TEST(play_bad_value_negative)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option", "stock_reserve=-1"),
                      LIST("stock_reserve", "-1"));
}
END_TEST

START_TEST(play_bad_value_not_in_list)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option", "set_max=7"),
                      LIST("set_max", "7"));
}
END_TEST

START_TEST(play_spinner_with_headers)
{
    /* The bergen preset scores headers, which need a two-ended line. */
    expect_play_error(2, LIST("--preset", "bergen", "--players", "3", "--agents", "greedy", "--option", "layout=spinner"),
                      LIST("layout=spinner", "headers"));
}
END_TEST

START_TEST(play_five_players_one_set)
{
    expect_play_error(2, LIST("--players", "5", "--agents", "greedy"), LIST("players", "5", "num_sets"));
}
END_TEST

START_TEST(play_too_many_tiles)
{
    /* 3 x 20 tiles + a reserve of 2 out of 28. */
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option", "hand_size=20"),
                      LIST("hand_size", "20"));
}
END_TEST

START_TEST(play_unknown_game)
{
    expect_play_error(2, LIST("--game", "nosuch", "--players", "3", "--agents", "greedy"), LIST("nosuch"));
}
END_TEST

START_TEST(play_unknown_preset)
{
    expect_play_error(2, LIST("--preset", "nosuch", "--players", "3", "--agents", "greedy"), LIST("nosuch"));
}
END_TEST

START_TEST(play_preset_of_other_game)
{
    expect_play_error(2, LIST("--game", "bergen", "--preset", "double_bergen", "--players", "2", "--agents", "greedy"),
                      LIST("double_bergen"));
}
END_TEST

START_TEST(play_unknown_agent)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy,nosuch,random"), LIST("nosuch"));
}
END_TEST

START_TEST(play_agent_with_parameter)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy:depth=3"), LIST("depth"));
}
END_TEST

START_TEST(play_wrong_agent_count)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy,random"), LIST("--agents"));
}
END_TEST

START_TEST(play_too_many_agents)
{
    expect_play_error(2, LIST("--players", "2", "--agents", "greedy,random,greedy"), LIST("--agents"));
}
END_TEST

START_TEST(play_missing_players)
{
    expect_play_error(2, LIST("--agents", "greedy"), LIST("--players"));
}
END_TEST

START_TEST(play_missing_agents)
{
    expect_play_error(2, LIST("--players", "3"), LIST("--agents"));
}
END_TEST

START_TEST(play_seed_negative)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--seed", "-1"), LIST("--seed", "-1"));
}
END_TEST

START_TEST(play_seed_not_a_number)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--seed", "abc"), LIST("--seed", "abc"));
}
END_TEST

START_TEST(play_seed_too_large)
{
    /* 2^64-1 fits in uint64_t but not in the signed 64-bit integers JSON readers use. */
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--seed", "18446744073709551615"),
                      LIST("--seed", "18446744073709551615"));
}
END_TEST

START_TEST(play_seed_negative_after_space)
{
    /* strtoull skips leading blanks and then accepts a sign and negates: " -18446744073709551615"
     * wraps around to 1. The help allows 0..2^63-1, and "-1" is refused, so this must be too. */
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--seed", " -18446744073709551615"),
                      LIST("--seed"));
}
END_TEST

START_TEST(play_seed_leading_zero_is_not_octal)
{
    /* The seed is a decimal number (the help says 0..2^63-1, the record writes it in
     * decimal). "010" may be read as 10 or refused, but not silently become seed 8 - while
     * "08" is refused as a bad value. */
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, record_name);
    capture_t result;
    run_play(LIST("--players", "2", "--agents", "random", "--seed", "010", "--quiet"), path, &result);
    char *text = support_read_file(path, NULL);
    const char *seed = text ? strstr(text, "\"seed\":") : NULL;
    long long value = seed ? strtoll(seed + sizeof "\"seed\":" - 1, NULL, 10) : -1;
    int status = result.status;
    bool one_line = support_is_one_line(result.err);
    free(text);
    support_capture_free(&result);
    support_remove_dir(dir);
    if (status == 0)
        ck_assert_msg(value == 10, "--seed 010 recorded seed %lld, expected 10", value);
    else
        ck_assert_msg(status == 2 && one_line, "--seed 010: exit status %d", status);
}
END_TEST

START_TEST(play_unknown_argument)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--bogus"), LIST("--bogus"));
}
END_TEST

START_TEST(play_option_without_value)
{
    expect_play_error(2, LIST("--players", "3", "--agents", "greedy", "--option"), LIST("--option"));
}
END_TEST

START_TEST(play_record_in_missing_directory)
{
    /* A --record that cannot be written is bad input, known before the match: exit 2, and
     * nothing may be created. */
    play_verdict_t v;
    char path[PATH_SIZE];
    run_play_in_scratch(LIST("--players", "3", "--agents", "greedy", "--quiet"), "nosuch/m.jsonl", &v, path,
                        sizeof path);
    ck_assert_msg(v.status == 2, "exit status %d, expected 2 (stderr: %s)", v.status, v.err);
    ck_assert_msg(v.one_line, "stderr is not exactly one line: \"%s\"", v.err);
    assert_mentions(v.err, LIST(path));
    ck_assert_msg(v.stdout_empty, "stdout is not empty");
    ck_assert_msg(v.left_behind == 0, "left behind: %s", v.names);
}
END_TEST

/* ---- play and replay: the happy path ---- */

/* Plays the match of the brief into DIR/m.jsonl; checks the run and returns the path. */
static void play_good_record(const char *dir, char *path, size_t path_size)
{
    snprintf(path, path_size, "%s/%s", dir, record_name);
    capture_t result;
    run_play(LIST("--game", "bergen", "--players", "3", "--agents", "greedy,random,greedy", "--seed", "7"), path,
             &result);
    ck_assert_msg(result.status == 0, "play exited %d: %s", result.status, result.err);
    ck_assert_msg(result.err[0] == '\0', "play wrote to stderr: %s", result.err);
    ck_assert_msg(strstr(result.out, "hand 1"), "no \"hand 1\" in the log");
    ck_assert_msg(strstr(result.out, "match over"), "no \"match over\" in the log");
    support_capture_free(&result);
    ck_assert_msg(support_file_exists(path), "%s was not written", path);
}

static void run_replay(const char *path, capture_t *result)
{
    char *argv[] = {"replay", (char *)path, NULL};
    support_run(cli_replay, argv, result);
}

START_TEST(play_then_replay_agrees)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE], names[PATH_SIZE];
    play_good_record(dir, path, sizeof path);
    ck_assert_msg(support_dir_entries(dir, names, sizeof names) == 1, "expected only %s in %s: %s", record_name, dir,
                  names);
    capture_t result;
    run_replay(path, &result);
    ck_assert_msg(result.status == 0, "replay exited %d: %s", result.status, result.err);
    ck_assert_msg(support_is_one_line(result.out), "the summary is not one line: \"%s\"", result.out);
    ck_assert_msg(strstr(result.out, "agrees"), "no \"agrees\" in the summary: %s", result.out);
    ck_assert_msg(result.err[0] == '\0', "replay wrote to stderr: %s", result.err);
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

START_TEST(play_quiet_prints_only_the_result)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", dir, record_name);
    capture_t result;
    run_play(LIST("--players", "2", "--agents", "random", "--seed", "3", "--quiet"), path, &result);
    ck_assert_msg(result.status == 0, "play exited %d: %s", result.status, result.err);
    ck_assert_msg(strstr(result.out, "match over"), "no \"match over\": %s", result.out);
    ck_assert_msg(!strstr(result.out, "hand 1"), "--quiet still logs the hands: %s", result.out);
    ck_assert(support_file_exists(path));
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

/* `replay --print` of a record shows what `play` printed while it wrote it: the same
 * printer, fed by the engine as the record is checked. */
static const char *const *const printed_matches[] = {
    LIST("--players", "3", "--agents", "greedy,random,greedy", "--seed", "7"),
    LIST("--game", "double_bergen", "--players", "2", "--agents", "greedy,random", "--seed", "11"),
    LIST("--preset", "bergen_classic", "--players", "4", "--agents", "random", "--seed", "12"),
    LIST("--players", "2", "--agents", "random,greedy", "--seed", "13", "--option", "draw_mode=one_per_turn",
         "--option", "drawn_tile_must_be_played=false"),
    LIST("--game", "partnership", "--players", "4", "--agents", "greedy,random,greedy,random", "--seed", "3"),
    LIST("--game", "partnership", "--preset", "milo", "--players", "4", "--agents", "heuristic,random,greedy,random",
         "--seed", "5", "--option", "next_hand_starter=winning_team_choice", "--option", "allow_lead_to_partner=true"),
};

START_TEST(replay_print_shows_what_play_printed)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE], expected[8192];
    snprintf(path, sizeof path, "%s/%s", dir, record_name);
    capture_t played, shown;
    run_play(printed_matches[_i], path, &played);
    ck_assert_msg(played.status == 0, "play exited %d: %s", played.status, played.err);
    char *argv[] = {"replay", "--print", path, NULL};
    support_run(cli_replay, argv, &shown);
    ck_assert_msg(shown.status == 0, "replay --print exited %d: %s", shown.status, shown.err);
    ck_assert_msg(shown.err[0] == '\0', "replay --print wrote to stderr: %s", shown.err);
    /* play adds where it wrote the record; replay prints the match alone */
    int length = snprintf(expected, sizeof expected, "record written to %s\n", path);
    size_t body = strlen(played.out) - (size_t)length;
    ck_assert_msg(strlen(played.out) >= (size_t)length && !strcmp(played.out + body, expected),
                  "play's log does not end with: %s", expected);
    ck_assert_msg(strstr(shown.out, "\nhand 1 "), "no hand in the log: %s", shown.out);
    ck_assert_msg(strlen(shown.out) == body && !strncmp(shown.out, played.out, body),
                  "replay --print shows\n%s\nbut play printed\n%.*s", shown.out, (int)body, played.out);
    support_capture_free(&played);
    support_capture_free(&shown);
    support_remove_dir(dir);
}
END_TEST

/* Partnership's log speaks of teams: each seat's team beside its hand, awards, winners and
 * scores per team, the decisions, and the winning team with its seats and agents. */
START_TEST(play_partnership_shows_teams)
{
    capture_t result;
    run_play(LIST("--game", "partnership", "--preset", "doscientos", "--players", "4", "--agents",
                  "greedy,random,greedy,random", "--seed", "3", "--option", "next_hand_starter=winning_team_choice"),
             NULL, &result);
    ck_assert_msg(result.status == 0, "play exited %d: %s", result.status, result.err);
    assert_mentions(result.out,
                    LIST("  seat 0 (greedy, team 0):", "  seat 1 (random, team 1):", "  seat 2 (greedy, team 0):",
                         "  seat 3 (random, team 1):", "award: team 0 +11 (went out: the pips left in all four hands)",
                         "hand 1 ends: went out, winner team 0; pips left 0 6 1 4; scores team 0 11, team 1 0",
                         "  seat 0 decides: name seat 0 to start the next hand",
                         "team 0 (seats 0 and 2: greedy, greedy) wins; scores team 0 "));
    ck_assert_msg(!strstr(result.out, "award: seat") && !strstr(result.out, "winner seat"),
                  "a team's award or win shown as a seat's: %s", result.out);
    support_capture_free(&result);
}
END_TEST

/* A record that disagrees: the log up to that line, then the line on stderr, exit 1. */
START_TEST(replay_print_stops_where_the_record_disagrees)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE];
    play_good_record(dir, path, sizeof path);
    size_t length;
    char *text = support_read_file(path, &length);
    ck_assert_ptr_nonnull(text);
    char *line = strstr(text, "\"type\":\"hand_end\"");
    ck_assert_ptr_nonnull(line);
    char *scores = strstr(line, "\"scores\":[");
    ck_assert_ptr_nonnull(scores);
    scores[strlen("\"scores\":[")] = scores[strlen("\"scores\":[")] == '9' ? '8' : '9';
    ck_assert(support_write_file(path, text));
    free(text);
    capture_t result;
    char *argv[] = {"replay", "--print", path, NULL};
    support_run(cli_replay, argv, &result);
    ck_assert_msg(result.status == 1, "replay --print exited %d: %s", result.status, result.err);
    ck_assert_msg(strstr(result.out, "hand 1 ends"), "no log of hand 1: %s", result.out);
    ck_assert_msg(!strstr(result.out, "match over"), "the log goes on past the line that disagrees: %s", result.out);
    assert_mentions(result.err, LIST(path, "scores"));
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

START_TEST(replay_missing_file)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/nosuch.jsonl", dir);
    capture_t result;
    run_replay(path, &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(support_is_one_line(result.err), "stderr is not exactly one line: \"%s\"", result.err);
    assert_mentions(result.err, LIST(path));
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

/* Rewrites the record with `edit` applied to its text; returns the number of the line the
 * edit touched. */
static int rewrite_record(const char *path, int (*edit)(char *text))
{
    char *text = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(text);
    int line = edit(text);
    ck_assert_msg(support_write_file(path, text), "cannot write %s", path);
    free(text);
    return line;
}

/* The first play worth 0 points now claims 1 (same length, so edited in place). */
static int claim_a_point(char *text)
{
    int line = 1;
    for (char *p = text; *p; p = strchr(p, '\n') + 1, line++) {
        char *end = strchr(p, '\n');
        ck_assert_ptr_nonnull(end);
        if (strncmp(p, "{\"type\":\"play\"", 14) != 0) continue;
        char *points = strstr(p, "\"points\":0}");
        if (points && points < end) {
            points[sizeof "\"points\":" - 1] = '1';
            return line;
        }
    }
    ck_abort_msg("no play worth 0 points in the record");
    return 0;
}

/* Line 2 (the first deal) loses its closing brace. */
static int break_json(char *text)
{
    char *second = strchr(text, '\n') + 1, *end = strchr(second, '\n');
    ck_assert_ptr_nonnull(end);
    ck_assert_int_eq(end[-1], '}');
    end[-1] = ' ';
    return 2;
}

START_TEST(replay_tampered_disagrees)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE], prefix[PATH_SIZE + 32];
    play_good_record(dir, path, sizeof path);
    int line = rewrite_record(path, claim_a_point);
    capture_t result;
    run_replay(path, &result);
    ck_assert_msg(result.status == 1, "replay exited %d: %s", result.status, result.err);
    ck_assert_msg(support_is_one_line(result.err), "stderr is not exactly one line: \"%s\"", result.err);
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    assert_mentions(result.err, LIST(prefix, "points"));
    ck_assert_msg(result.out[0] == '\0', "stdout is not empty: \"%s\"", result.out);
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

START_TEST(replay_malformed)
{
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE], prefix[PATH_SIZE + 32];
    play_good_record(dir, path, sizeof path);
    int line = rewrite_record(path, break_json);
    capture_t result;
    run_replay(path, &result);
    ck_assert_msg(result.status == 2, "replay exited %d: %s", result.status, result.err);
    ck_assert_msg(support_is_one_line(result.err), "stderr is not exactly one line: \"%s\"", result.err);
    snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
    assert_mentions(result.err, LIST(prefix, "JSON"));
    support_capture_free(&result);
    support_remove_dir(dir);
}
END_TEST

START_TEST(replay_no_argument)
{
    capture_t result;
    support_run(cli_replay, (char *[]){"replay", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(result.err[0] != '\0', "no message on stderr");
    ck_assert_msg(result.out[0] == '\0', "stdout is not empty: \"%s\"", result.out);
    support_capture_free(&result);
}
END_TEST

START_TEST(replay_two_files)
{
    capture_t result;
    support_run(cli_replay, (char *[]){"replay", "a.jsonl", "b.jsonl", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    assert_mentions(result.err, LIST("b.jsonl"));
    support_capture_free(&result);
}
END_TEST

START_TEST(replay_unknown_option)
{
    capture_t result;
    support_run(cli_replay, (char *[]){"replay", "--bogus", "a.jsonl", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    assert_mentions(result.err, LIST("--bogus"));
    support_capture_free(&result);
}
END_TEST

/* ---- rules ---- */

static bool has_line_starting(const char *text, const char *prefix)
{
    size_t length = strlen(prefix);
    for (const char *p = text; p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, prefix, length) == 0) return true;
    return false;
}

static void run_rules(char *const *argv, capture_t *result) { support_run(cli_rules, argv, result); }

START_TEST(rules_lists_games_presets_options)
{
    capture_t result;
    run_rules((char *[]){"rules", NULL}, &result);
    ck_assert_msg(result.status == 0, "rules exited %d: %s", result.status, result.err);
    ck_assert_msg(result.err[0] == '\0', "rules wrote to stderr: %s", result.err);
    ck_assert_msg(has_line_starting(result.out, "bergen - "), "game bergen is not listed");
    ck_assert_msg(has_line_starting(result.out, "double_bergen - "), "game double_bergen is not listed");
    assert_mentions(result.out, LIST("bergen_classic", "double_bergen_12"));
    const game_t *games[] = {&bergen_game, &double_bergen_game};
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        for (int k = 0; k < games[g]->preset_count; k++) assert_mentions(result.out, LIST(games[g]->presets[k].name));
        for (int k = 0; k < games[g]->option_count; k++) {
            char row[80]; /* a row of the table starts with the key after the indent */
            snprintf(row, sizeof row, "\n    %s ", games[g]->options[k].key);
            ck_assert_msg(strstr(result.out, row), "option %s is not listed", games[g]->options[k].key);
        }
    }
    support_capture_free(&result);
}
END_TEST

/* The VALUE column of option `key` in the table `rules` printed. */
static void table_value(const char *table, const char *key, char *value, size_t value_size)
{
    char row[80];
    snprintf(row, sizeof row, "\n    %s ", key);
    const char *p = strstr(table, row);
    ck_assert_msg(p, "option %s is not listed", key);
    char format[32], found[64];
    snprintf(format, sizeof format, "%%*s %%%zus", sizeof found - 1);
    ck_assert_int_eq(sscanf(p + 1, format, found), 1);
    snprintf(value, value_size, "%s", found);
}

START_TEST(rules_preset_values)
{
    capture_t result;
    char value[64];
    run_rules((char *[]){"rules", "--game", "bergen", "--preset", "bergen_classic", NULL}, &result);
    ck_assert_msg(result.status == 0, "rules exited %d: %s", result.status, result.err);
    ck_assert_msg(!has_line_starting(result.out, "double_bergen - "), "--game bergen also shows double_bergen");
    table_value(result.out, "stock_reserve", value, sizeof value);
    ck_assert_str_eq(value, "0");
    table_value(result.out, "near_goal", value, sizeof value);
    ck_assert_str_eq(value, "none");
    table_value(result.out, "opener_rule", value, sizeof value);
    ck_assert_str_eq(value, "highest_double");
    support_capture_free(&result);
}
END_TEST

START_TEST(rules_defaults_without_preset)
{
    capture_t result;
    char value[64];
    run_rules((char *[]){"rules", "--game", "bergen", NULL}, &result);
    ck_assert_msg(result.status == 0, "rules exited %d: %s", result.status, result.err);
    table_value(result.out, "stock_reserve", value, sizeof value);
    ck_assert_str_eq(value, "2");
    table_value(result.out, "near_goal", value, sizeof value);
    ck_assert_str_eq(value, "pagat");
    support_capture_free(&result);
}
END_TEST

START_TEST(rules_unknown_game)
{
    capture_t result;
    run_rules((char *[]){"rules", "--game", "nosuch", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    assert_mentions(result.err, LIST("nosuch"));
    support_capture_free(&result);
}
END_TEST

START_TEST(rules_unknown_preset)
{
    capture_t result;
    run_rules((char *[]){"rules", "--game", "bergen", "--preset", "nosuch", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    assert_mentions(result.err, LIST("nosuch"));
    support_capture_free(&result);
}
END_TEST

/* ---- help ---- */

static void expect_help(int (*command)(int, char **), const char *name, const char *const *needles)
{
    capture_t result;
    support_run(command, (char *[]){(char *)name, "--help", NULL}, &result);
    ck_assert_msg(result.status == 0, "%s --help exited %d", name, result.status);
    ck_assert_msg(result.err[0] == '\0', "%s --help wrote to stderr: %s", name, result.err);
    char usage[64];
    snprintf(usage, sizeof usage, "usage: dominolab %s", name);
    assert_mentions(result.out, LIST(usage));
    assert_mentions(result.out, needles);
    support_capture_free(&result);
}

/* ---- unknown options: did you mean ... ---- */

static const struct unknown_option {
    int (*command)(int, char **);
    const char *const argv[8];
    const char *message;
} unknown_options[] = {
    {cli_sim, {"sim", "--deal", "10"}, "unknown option --deal (did you mean --deals?)"},
    {cli_sim, {"sim", "--agnets", "a,b"}, "unknown option --agnets (did you mean --agents?)"},
    {cli_sim, {"sim", "--per"}, "unknown option --per (did you mean --per-deal or --per-seat?)"},
    {cli_sim, {"sim", "--deals=10"}, "unknown option --deals=10 (give the value after a blank: --deals 10)"},
    {cli_sim, {"sim", "--xyzzy"}, "unknown option --xyzzy (see dominolab sim --help)"},
    {cli_sim, {"sim", "deals"}, "unexpected argument 'deals' (see dominolab sim --help)"},
    {cli_play, {"play", "--players", "2", "--seeed", "3"}, "unknown option --seeed (did you mean --seed?)"},
    {cli_tournament, {"tournament", "--ancor", "x"}, "unknown option --ancor (did you mean --anchor?)"},
    {cli_sprt, {"sprt", "--elo2", "3"}, "unknown option --elo2 (did you mean --elo0 or --elo1?)"},
    {cli_balance, {"balance", "--replay", "2"}, "unknown option --replay (did you mean --replays?)"},
    {cli_calibrate, {"calibrate", "--spaceing", "50"}, "unknown option --spaceing (did you mean --spacing?)"},
    {cli_analyze, {"analyze", "dir", "--no-plot"}, "unknown option --no-plot (did you mean --no-plots?)"},
    {cli_agents, {"agents", "--chek", "pimc"}, "unknown option --chek (did you mean --check?)"},
    {cli_bench, {"bench", "--quik"}, "unknown option --quik (did you mean --quick?)"},
    {cli_rules, {"rules", "--presets", "bergen"}, "unknown option --presets (did you mean --preset?)"},
    {cli_merge, {"merge", "--ot", "x"}, "unknown option --ot (did you mean --out?)"},
    {cli_run, {"run", "x.ini", "--resum"}, "unknown option --resum (did you mean --resume?)"},
    {cli_replay, {"replay", "--hepl"}, "unknown option --hepl (did you mean --help?)"},
};

START_TEST(unknown_option_names_the_nearest)
{
    const struct unknown_option *c = &unknown_options[_i];
    capture_t result;
    support_run(c->command, (char *const *)c->argv, &result);
    char want[CLI_ERROR_SIZE];
    snprintf(want, sizeof want, "dominolab %s: %s\n", c->argv[0], c->message);
    ck_assert_msg(result.status == 2, "%s: exit %d, expected 2 (%s)", c->argv[0], result.status, result.err);
    ck_assert_msg(!strcmp(result.err, want), "expected \"%s\", got \"%s\"", want, result.err);
    ck_assert_msg(!result.out[0], "%s wrote to stdout: %s", c->argv[0], result.out);
    support_capture_free(&result);
}
END_TEST

/* ---- agents --check ---- */

static void expect_check(const char *const *argv, const char *want)
{
    capture_t result;
    support_run(cli_agents, (char *const *)argv, &result);
    ck_assert_msg(result.status == 0, "agents --check exited %d: %s", result.status, result.err);
    ck_assert_msg(!strcmp(result.out, want), "expected:\n%s\ngot:\n%s", want, result.out);
    support_capture_free(&result);
}

START_TEST(agents_check_shows_every_parameter)
{
    expect_check(LIST("agents", "--check", "pimc:samples=64,solver=alphabeta"),
                 "pimc:samples=64,solver=alphabeta is valid\n"
                 "  agent        pimc\n"
                 "  samples      64\n"
                 "  rollouts     1            default\n"
                 "  rollout      heuristic    default\n"
                 "  solver       alphabeta\n"
                 "  budget       20000        default\n"
                 "  ms           0            default\n"
                 "  belief       uniform      default\n"
                 "  candidates   256          default\n"
                 "  temperature  0            default\n"
                 "  floor        0            default\n"
                 "  values       playout      default\n"
                 "  model                     default\n"
                 "  prior        0            default\n"
                 "  in full      pimc:samples=64,rollouts=1,rollout=heuristic,solver=alphabeta,budget=20000,ms=0,"
                 "belief=uniform,candidates=256,temperature=0,floor=0,values=playout,prior=0\n");
    expect_check(LIST("agents", "--check", "random"), "random is valid\n  agent        random\n  in full      random\n");
}
END_TEST

/* Partnership's own built-in table, which `agents --game partnership` shows and a
 * Partnership level:N plays; Bergen's stays the default. */
START_TEST(agents_shows_each_games_builtin_table)
{
    char *partnership[] = {"agents", "--game", "partnership", NULL}, *bergen[] = {"agents", NULL};
    capture_t shown;
    support_run(cli_agents, partnership, &shown);
    bool partnership_table = shown.status == 0 && strstr(shown.out, "measured for 4-player partnership") &&
                             strstr(shown.out, "    level:10  pimc\n");
    support_capture_free(&shown);
    support_run(cli_agents, bergen, &shown);
    bool bergen_table = shown.status == 0 && strstr(shown.out, "measured for 2-player bergen") &&
                        strstr(shown.out, "    level:10  ismcts:iterations=1000,rollout=heuristic\n");
    support_capture_free(&shown);
    char *unknown[] = {"agents", "--game", "nope", NULL};
    support_run(cli_agents, unknown, &shown);
    bool refused = shown.status == 2 && strstr(shown.err, "--game") && strstr(shown.err, "nope");
    support_capture_free(&shown);
    ck_assert(partnership_table);
    ck_assert(bergen_table);
    ck_assert(refused);
}
END_TEST

START_TEST(agents_check_shows_the_level)
{
    unsetenv("DOMINOLAB_LEVELS");
    expect_check(LIST("agents", "--check", "level:3"),
                 "level:3 is valid\n"
                 "  level        3 (table: built in)\n"
                 "  plays        greedy:noise=0.516\n"
                 "  agent        greedy\n"
                 "  noise        0.516\n"
                 "  in full      greedy:noise=0.516\n");
    /* from a table file: the file is named, and level:n=N is level:N */
    char *dir = support_temp_dir("test_cli");
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/levels.ini", dir);
    ck_assert(support_write_file(path, "[levels]\nlevel1 = random\nlevel2 = greedy\nlevel3 = heuristic:deny=2\n"
                                       "level4 = greedy\nlevel5 = greedy\nlevel6 = greedy\nlevel7 = greedy\n"
                                       "level8 = greedy\nlevel9 = greedy\nlevel10 = greedy\n"));
    char want[2048];
    snprintf(want, sizeof want,
             "level:n=3 is valid\n"
             "  level        3 (table: %s)\n"
             "  plays        heuristic:deny=2\n"
             "  agent        heuristic\n"
             "  points       1            default\n"
             "  doubles      0            default\n"
             "  suits        0.6          default\n"
             "  deny         2\n"
             "  shed         0            default\n"
             "  partner      0.3          default\n"
             "  block        0.5          default\n"
             "  bonus        0.1          default\n"
             "  save         10           default\n"
             "  force        3            default\n"
             "  close        30           default\n"
             "  noise        0            default\n"
             "  in full      heuristic:points=1,doubles=0,suits=0.6,deny=2,shed=0,partner=0.3,block=0.5,"
             "bonus=0.1,save=10,force=3,close=30,noise=0\n",
             path);
    expect_check(LIST("agents", "--levels", path, "--check", "level:n=3"), want);
    support_remove_dir(dir);
}
END_TEST

START_TEST(agents_check_refuses_a_bad_spec)
{
    capture_t result;
    support_run(cli_agents, (char *[]){"agents", "--check", "pimc:sample=8", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(support_is_one_line(result.err), "not one line: %s", result.err);
    assert_mentions(result.err, LIST("unknown parameter 'sample'"));
    ck_assert_msg(!result.out[0], "wrote to stdout: %s", result.out);
    support_capture_free(&result);
}
END_TEST

START_TEST(help_play)
{
    expect_help(cli_play, "play",
                LIST("--game", "--preset", "--option", "--players", "--agents", "--seed", "--record", "--quiet"));
}
END_TEST

START_TEST(help_replay)
{
    expect_help(cli_replay, "replay", LIST("FILE", "Exit status", "--print", "--run", "--unit", "--rotation", "--record"));
}
END_TEST

START_TEST(help_rules)
{
    expect_help(cli_rules, "rules", LIST("--game", "--preset"));
}
END_TEST

static Suite *cli_suite(void)
{
    Suite *suite = suite_create("cli");

    TCase *play_errors = tcase_create("play errors");
    tcase_add_test(play_errors, play_unknown_option_key);
    tcase_add_test(play_errors, play_bad_value_word);
    tcase_add_test(play_errors, play_bad_value_negative);
    tcase_add_test(play_errors, play_bad_value_not_in_list);
    tcase_add_test(play_errors, play_a_series_refuses_a_record);
    tcase_add_test(play_errors, play_a_series_of_partnership_matches);
    tcase_add_test(play_errors, sim_counts_penalties_as_penalties);
    tcase_add_test(play_errors, play_spinner_with_headers);
    tcase_add_test(play_errors, play_five_players_one_set);
    tcase_add_test(play_errors, play_too_many_tiles);
    tcase_add_test(play_errors, play_unknown_game);
    tcase_add_test(play_errors, play_unknown_preset);
    tcase_add_test(play_errors, play_preset_of_other_game);
    tcase_add_test(play_errors, play_unknown_agent);
    tcase_add_test(play_errors, play_agent_with_parameter);
    tcase_add_test(play_errors, play_wrong_agent_count);
    tcase_add_test(play_errors, play_too_many_agents);
    tcase_add_test(play_errors, play_missing_players);
    tcase_add_test(play_errors, play_missing_agents);
    tcase_add_test(play_errors, play_seed_negative);
    tcase_add_test(play_errors, play_seed_not_a_number);
    tcase_add_test(play_errors, play_seed_too_large);
    tcase_add_test(play_errors, play_seed_negative_after_space);
    tcase_add_test(play_errors, play_seed_leading_zero_is_not_octal);
    tcase_add_test(play_errors, play_unknown_argument);
    tcase_add_test(play_errors, play_option_without_value);
    tcase_add_test(play_errors, play_record_in_missing_directory);
    suite_add_tcase(suite, play_errors);

    TCase *replay = tcase_create("replay");
    tcase_add_test(replay, play_then_replay_agrees);
    tcase_add_test(replay, play_quiet_prints_only_the_result);
    tcase_add_test(replay, play_partnership_shows_teams);
    tcase_add_loop_test(replay, replay_print_shows_what_play_printed, 0,
                        (int)(sizeof printed_matches / sizeof printed_matches[0]));
    tcase_add_test(replay, replay_print_stops_where_the_record_disagrees);
    tcase_add_test(replay, replay_missing_file);
    tcase_add_test(replay, replay_tampered_disagrees);
    tcase_add_test(replay, replay_malformed);
    tcase_add_test(replay, replay_no_argument);
    tcase_add_test(replay, replay_two_files);
    tcase_add_test(replay, replay_unknown_option);
    suite_add_tcase(suite, replay);

    TCase *rules = tcase_create("rules");
    tcase_add_test(rules, rules_lists_games_presets_options);
    tcase_add_test(rules, rules_preset_values);
    tcase_add_test(rules, rules_defaults_without_preset);
    tcase_add_test(rules, rules_unknown_game);
    tcase_add_test(rules, rules_unknown_preset);
    suite_add_tcase(suite, rules);

    TCase *unknown = tcase_create("unknown options");
    tcase_add_loop_test(unknown, unknown_option_names_the_nearest, 0,
                        (int)(sizeof unknown_options / sizeof unknown_options[0]));
    suite_add_tcase(suite, unknown);

    TCase *agents = tcase_create("agents");
    tcase_add_test(agents, agents_check_shows_every_parameter);
    tcase_add_test(agents, agents_check_shows_the_level);
    tcase_add_test(agents, agents_shows_each_games_builtin_table);
    tcase_add_test(agents, agents_check_refuses_a_bad_spec);
    suite_add_tcase(suite, agents);

    TCase *help = tcase_create("help");
    tcase_add_test(help, help_play);
    tcase_add_test(help, help_replay);
    tcase_add_test(help, help_rules);
    suite_add_tcase(suite, help);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(cli_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
