/* test_sim_records.c - the records of many games: `sim --records DIR` writes one record for
 * every game it plays (every unit and every rotation or replay, or every N-th unit with
 * --records-every), each replays against the rules and ends with the points deals.csv
 * gives; `replay --run DIR --unit U --rotation R` plays that row again from run.json and
 * writes the same record; shards merge with their records; an interrupted and resumed run
 * holds exactly the records of an uninterrupted one; bad input is refused.
 *
 * In-process runs use --threads 1 (Check forks each test); the 1-against-2-threads
 * comparison is in test_sim_threads.c, and the interrupt tests start the binary
 * (DOMINOLAB_BINARY) on 2 threads, waiting for a condition they can see, never a sleep.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "csv.h"
#include "records/record_set.h"
#include "records/replay.h"
#include "sim_fixture.h"

/* ------------------------------------------------------------------ deals.csv */

typedef struct row {
    int64_t unit;
    int rotation, seat, team, points, pips;
} row_t;

typedef struct rows {
    int count;
    row_t *row;
} rows_t;

static int column(csv_reader_t *reader, const char *name)
{
    char error[512];
    int index = csv_column(reader, name, error, sizeof error);
    REQUIRE(index >= 0, "%s", error);
    return index;
}

static int field(csv_reader_t *reader, int index)
{
    char error[512];
    int64_t value;
    REQUIRE(csv_int64(reader, index, &value, error, sizeof error) == 0, "%s", error);
    return (int)value;
}

static void load_rows(const char *dir, rows_t *out)
{
    char path[PATH_SIZE], error[512];
    path_join(path, dir, "deals.csv");
    csv_reader_t *reader = malloc(sizeof *reader);
    REQUIRE(reader, "out of memory");
    REQUIRE(csv_open(reader, path, error, sizeof error) == 0, "%s", error);
    int unit = column(reader, "unit"), rotation = column(reader, "rotation"), seat = column(reader, "seat"),
        team = column(reader, "team"), points = column(reader, "points"), pips = column(reader, "pips_left");
    memset(out, 0, sizeof *out);
    int got, capacity = 0;
    while ((got = csv_next(reader, error, sizeof error)) == 1) {
        if (out->count == capacity) {
            capacity = capacity ? 2 * capacity : 256;
            out->row = realloc(out->row, (size_t)capacity * sizeof *out->row);
            REQUIRE(out->row, "out of memory");
        }
        out->row[out->count++] = (row_t){field(reader, unit),     field(reader, rotation), field(reader, seat),
                                         field(reader, team),     field(reader, points),   field(reader, pips)};
    }
    REQUIRE(got == 0, "%s", error);
    csv_close(reader);
    free(reader);
}

static const row_t *row_of(const rows_t *rows, int64_t unit, int rotation, int seat)
{
    for (int k = 0; k < rows->count; k++)
        if (rows->row[k].unit == unit && rows->row[k].rotation == rotation && rows->row[k].seat == seat)
            return &rows->row[k];
    ck_abort_msg("deals.csv has no row of unit %" PRId64 ", rotation %d, seat %d", unit, rotation, seat);
    return NULL;
}

static int run_integer(const char *dir, const char *key)
{
    json_t *run = load_run(dir);
    int value = (int)json_integer_value(json_object_get(run, key));
    json_decref(run);
    return value;
}

/* ------------------------------------------------------------------ record files */

static void record_path(char *out, const char *records, int64_t units, int64_t unit, int rotation)
{
    char name[RECORD_SET_NAME_SIZE];
    record_set_name(units, unit, rotation, name, sizeof name);
    path_join(out, records, name);
}

/* `records` holds the records of exactly the units below `played` that `every` divides,
 * each rotation of each, named for a run of `units` units, and nothing else. */
static void expect_records(const char *records, int64_t units, int64_t played, int rotations, int every)
{
    DIR *listing = opendir(records);
    REQUIRE(listing, "opendir %s: %s", records, strerror(errno));
    int64_t found = 0;
    for (struct dirent *entry; (entry = readdir(listing));) {
        const char *name = entry->d_name;
        if (!strcmp(name, ".") || !strcmp(name, "..")) continue;
        long long unit = -1;
        int rotation = -1, end = 0;
        char want[RECORD_SET_NAME_SIZE] = "";
        if (sscanf(name, "u%lld-r%d.jsonl%n", &unit, &rotation, &end) == 2 && name[end] == '\0')
            record_set_name(units, unit, rotation, want, sizeof want);
        bool expected = !strcmp(name, want) && unit < played && unit % every == 0 && rotation < rotations;
        if (!expected) closedir(listing);
        REQUIRE(expected, "%s holds %s, not a record of units below %" PRId64 " divided by %d, rotations below %d",
                records, name, played, every, rotations);
        found++;
    }
    closedir(listing);
    int64_t want = (played + every - 1) / every * rotations;
    REQUIRE(found == want, "%s holds %" PRId64 " records, expected %" PRId64, records, found, want);
}

/* Both directories hold the same files, byte for byte. */
static void assert_same_records(const char *a, const char *b)
{
    char names_a[PATH_SIZE];
    int count_a = support_dir_entries(a, names_a, sizeof names_a), count_b = support_dir_entries(b, NULL, 0);
    REQUIRE(count_a == count_b, "%s holds %d files, %s %d", a, count_a, b, count_b);
    DIR *listing = opendir(a);
    REQUIRE(listing, "opendir %s: %s", a, strerror(errno));
    for (struct dirent *entry; (entry = readdir(listing));)
        if (strcmp(entry->d_name, ".") && strcmp(entry->d_name, "..")) assert_same_file(a, b, entry->d_name);
    closedir(listing);
}

/* sim for the study into DIR with --records DIR/records and `extra`. */
static void sim_with_records(const study_t *s, const char *dir, const char *records, const char *const *extra)
{
    const char *list[ARGV_MAX];
    int count = 0;
    list[count++] = "--records";
    list[count++] = records;
    for (int k = 0; extra && extra[k]; k++) list[count++] = extra[k];
    list[count] = NULL;
    sim_ok(s, "--out", dir, list);
}

/* ------------------------------------------------------------------ the round trip */

typedef struct recorded_study {
    const char *what;
    study_t study;
    const char *const *extra;
} recorded_study_t;

static const recorded_study_t round_trips[] = {
    {"deals, 2 players", {NULL, NULL, 2, "greedy,random", false, 12, 301, false, true, false}, NULL},
    {"deals, 3 players, classic", {NULL, "bergen_classic", 3, "random,greedy,random", false, 8, 302, false, true, false},
     NULL},
    {"matches, 2 players", {NULL, NULL, 2, "greedy,random", true, 5, 303, false, true, false}, NULL},
    {"deals, --replays 3", {NULL, NULL, 3, "random,greedy,random", false, 6, 304, false, true, false},
     LIST("--replays", "3")},
    {"matches, --replays 2, Double Bergen",
     {"double_bergen", NULL, 2, "greedy,random", true, 3, 305, false, true, false}, LIST("--replays", "2")},
    {"matches, Double Bergen, 4 players", {"double_bergen", NULL, 4, "greedy,random", true, 2, 306, false, true, false},
     NULL},
    {"deals, --no-duplicate", {NULL, NULL, 3, "greedy,random,greedy", false, 10, 307, true, true, false}, NULL},
};
enum { ROUND_TRIP_COUNT = sizeof round_trips / sizeof round_trips[0] };

/* Every game of the run has its record; each agrees with the rules, and its final scores
 * are the points deals.csv gives each seat in that unit and rotation. */
START_TEST(records_round_trip)
{
    const recorded_study_t *t = &round_trips[_i];
    const char *dir = support_scratch("round");
    char records[PATH_SIZE], path[PATH_SIZE], error[1024];
    path_join(records, dir, "records");
    sim_with_records(&t->study, dir, records, t->extra);
    rows_t rows;
    load_rows(dir, &rows);
    int rotations = run_integer(dir, "rotations"), seats = t->study.players;
    REQUIRE(rows.count == t->study.units * rotations * seats, "%s: %d rows", t->what, rows.count);
    expect_records(records, t->study.units, t->study.units, rotations, 1);
    for (int64_t unit = 0; unit < t->study.units; unit++)
        for (int rotation = 0; rotation < rotations; rotation++) {
            replay_summary_t summary;
            record_path(path, records, t->study.units, unit, rotation);
            int result = replay_file(path, &summary, error, sizeof error);
            REQUIRE(result == REPLAY_AGREES, "%s: replay exits %d: %s", t->what, result, error);
            REQUIRE(summary.seats == seats, "%s: %s has %d seats", t->what, path, summary.seats);
            for (int seat = 0; seat < seats; seat++) {
                const row_t *row = row_of(&rows, unit, rotation, seat);
                REQUIRE(summary.scores[row->team] == row->points,
                        "%s: %s ends with %d points for seat %d (side %d), deals.csv has %d", t->what, path,
                        summary.scores[row->team], seat, row->team, row->points);
            }
        }
    free(rows.row);
}
END_TEST

/* Random and greedy agents: sim plays a game it keeps no record of with the game's own
 * playout, and a recorded one through the match driver, move by move. Both play the very
 * same games: deals.csv and summary.csv agree byte for byte, whether a run records every
 * game or none. */
static const recorded_study_t playout_studies[] = {
    {"Bergen deals, 2 players", {NULL, NULL, 2, "random,random", false, 300, 321, false, true, false}, NULL},
    {"Bergen deals, 3 players, greedy", {NULL, NULL, 3, "greedy,random,greedy", false, 200, 327, false, true, false},
     NULL},
    {"Bergen matches, 3 players, one tile drawn a turn",
     {NULL, NULL, 3, "random,random", true, 30, 322, false, true, false},
     LIST("--option", "draw_mode=one_per_turn", "--option", "drawn_tile_must_be_played=false")},
    {"Bergen matches, both sides of the first double",
     {NULL, "bergen_classic", 2, "random,random", true, 30, 323, false, true, false},
     LIST("--option", "first_double_both_sides=true")},
    {"Double Bergen matches, 4 players", {"double_bergen", NULL, 4, "random,greedy", true, 10, 324, false, true, false},
     NULL},
    {"Partnership deals", {"partnership", NULL, 4, "random,random", false, 300, 325, false, true, false}, NULL},
    {"Partnership matches, greedy", {"partnership", NULL, 4, "greedy,random", true, 10, 328, false, true, false}, NULL},
    {"Partnership matches, South American",
     {"partnership", "south_american", 4, "random,random", true, 10, 326, false, true, false},
     LIST("--option", "allow_lead_to_partner=true")},
};
enum { PLAYOUT_STUDY_COUNT = sizeof playout_studies / sizeof playout_studies[0] };

START_TEST(playout_plays_the_recorded_games)
{
    const recorded_study_t *t = &playout_studies[_i];
    const char *plain = support_scratch("plain"), *recorded = support_scratch("recorded");
    char records[PATH_SIZE];
    path_join(records, recorded, "records");
    sim_ok(&t->study, "--out", plain, t->extra);
    sim_with_records(&t->study, recorded, records, t->extra);
    expect_records(records, t->study.units, t->study.units, run_integer(recorded, "rotations"), 1);
    assert_same_file(plain, recorded, "deals.csv");
    assert_same_file(plain, recorded, "summary.csv");
}
END_TEST

/* --records-every N: the units N divides, every rotation of each, and no other. */
START_TEST(records_every_chooses_units)
{
    const char *dir = support_scratch("every");
    char records[PATH_SIZE];
    path_join(records, dir, "records");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 23, 311, false, true, false};
    sim_with_records(&s, dir, records, LIST("--records-every", "5"));
    expect_records(records, 23, 23, 2, 5); /* units 0, 5, 10, 15, 20 */
    json_t *run = load_run(dir);
    json_t *kept = json_object_get(run, "records");
    bool recorded = json_integer_value(json_object_get(kept, "every")) == 5 &&
                    !strcmp(json_string_value(json_object_get(kept, "dir")), records);
    json_decref(run);
    REQUIRE(recorded, "run.json does not keep records {dir, every 5}");
}
END_TEST

/* ------------------------------------------------------------------ a row replayed */

/* The points and pips of each seat from `replay --run`'s lines "  seat S (SPEC): points P, pips left Q". */
static void parse_row_output(const char *out, int seats, int *points, int *pips)
{
    const char *line = strchr(out, '\n');
    for (int seat = 0; seat < seats; seat++) {
        int number = -1;
        REQUIRE(line && sscanf(line + 1, "  seat %d (%*[^)]): points %d, pips left %d", &number, &points[seat],
                               &pips[seat]) == 3 && number == seat,
                "cannot read seat %d from: %s", seat, out);
        line = strchr(line + 1, '\n');
    }
}

static void run_replay(char *const *argv, capture_t *result) { support_run(cli_replay, argv, result); }

/* Every game of the run played again from run.json: the points and pips of its deals.csv
 * rows, the very record sim wrote (--record), and the log replay --print shows of that
 * record (--print). */
static void expect_rows_replayed(const study_t *s, const char *const *extra)
{
    const char *dir = support_scratch("rows"), *again = support_scratch("again");
    char records[PATH_SIZE], path[PATH_SIZE], name[RECORD_SET_NAME_SIZE], unit_text[24], rotation_text[16];
    path_join(records, dir, "records");
    sim_with_records(s, dir, records, extra);
    rows_t rows;
    load_rows(dir, &rows);
    int rotations = run_integer(dir, "rotations");
    for (int64_t unit = 0; unit < s->units; unit++)
        for (int rotation = 0; rotation < rotations; rotation++) {
            snprintf(unit_text, sizeof unit_text, "%" PRId64, unit);
            snprintf(rotation_text, sizeof rotation_text, "%d", rotation);
            record_set_name(s->units, unit, rotation, name, sizeof name);
            path_join(path, again, name);
            capture_t played, shown, printed;
            run_replay((char *[]){"replay", "--run", (char *)dir, "--unit", unit_text, "--rotation", rotation_text,
                                  "--record", path, NULL},
                       &played);
            REQUIRE(played.status == 0, "replay --run exits %d: %s", played.status, played.err);
            int points[GAME_MAX_SEATS], pips[GAME_MAX_SEATS];
            parse_row_output(played.out, s->players, points, pips);
            for (int seat = 0; seat < s->players; seat++) {
                const row_t *row = row_of(&rows, unit, rotation, seat);
                REQUIRE(points[seat] == row->points && pips[seat] == row->pips,
                        "unit %" PRId64 " rotation %d seat %d: replay --run gives points %d pips %d, deals.csv %d %d",
                        unit, rotation, seat, points[seat], pips[seat], row->points, row->pips);
            }
            assert_same_file(records, again, name);
            record_path(path, records, s->units, unit, rotation);
            run_replay((char *[]){"replay", "--print", path, NULL}, &shown);
            run_replay((char *[]){"replay", "--run", (char *)dir, "--unit", unit_text, "--rotation", rotation_text,
                                  "--print", NULL},
                       &printed);
            REQUIRE(shown.status == 0 && printed.status == 0, "replay --print exits %d, --run --print %d: %s%s",
                    shown.status, printed.status, shown.err, printed.err);
            REQUIRE(!strcmp(shown.out, printed.out), "unit %" PRId64 " rotation %d: replay --print of %s shows\n%s\n"
                    "but replay --run --print shows\n%s", unit, rotation, path, shown.out, printed.out);
            REQUIRE(strstr(shown.out, "\nhand 1 (starter seat"), "no hand in the log:\n%s", shown.out);
            support_capture_free(&played);
            support_capture_free(&shown);
            support_capture_free(&printed);
        }
    free(rows.row);
}

START_TEST(row_replay_deals_with_levels)
{
    /* level:2 stands for what the built-in table gives (run.json's played_agents); the
     * record names it as given */
    study_t s = {NULL, NULL, 2, "level:2,random", false, 6, 321, false, true, false};
    expect_rows_replayed(&s, NULL);
}
END_TEST

START_TEST(row_replay_matches_with_replays)
{
    study_t s = {NULL, NULL, 3, "greedy,random,random", true, 2, 322, false, true, false};
    expect_rows_replayed(&s, LIST("--replays", "2"));
}
END_TEST

START_TEST(row_replay_double_bergen_teams)
{
    study_t s = {"double_bergen", NULL, 4, "greedy,random", false, 4, 323, false, true, false};
    expect_rows_replayed(&s, NULL);
}
END_TEST

/* A unit or rotation outside the run, or an argument without --run, is refused naming it,
 * with nothing on stdout. */
START_TEST(row_replay_refuses_outside_the_run)
{
    const char *dir = support_scratch("outside");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 5, 331, true, true, false};
    sim_ok(&s, "--out", dir, NULL);
    char *d = (char *)dir;
    struct {
        char *argv[12];
        const char *needles[3];
    } cases[] = {
        {{"replay", "--run", d, "--unit", "5", "--rotation", "0", NULL}, {"--unit 5", "units 0 to 4", NULL}},
        {{"replay", "--run", d, "--unit", "0", "--rotation", "1", NULL}, {"--rotation 1", "rotation 0 only", NULL}},
        {{"replay", "--run", d, "--unit", "-1", "--rotation", "0", NULL}, {"--unit", NULL}},
        {{"replay", "--run", d, "--rotation", "0", NULL}, {"--unit", NULL}},
        {{"replay", "--run", d, "--unit", "0", NULL}, {"--rotation", NULL}},
        {{"replay", "x.jsonl", "--unit", "0", NULL}, {"--unit", "--run", NULL}},
        {{"replay", "x.jsonl", "--record", "y.jsonl", NULL}, {"--record", "--run", NULL}},
        {{"replay", "x.jsonl", "--run", d, "--unit", "0", "--rotation", "0", NULL}, {"--run", NULL}},
        {{"replay", "--run", "no-such-run", "--unit", "0", "--rotation", "0", NULL}, {"no-such-run", NULL}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        capture_t result;
        run_replay(cases[k].argv, &result);
        REQUIRE(result.status == 2, "case %zu: replay exits %d: %s", k, result.status, result.err);
        REQUIRE(result.out[0] == '\0', "case %zu: stdout is not empty: %s", k, result.out);
        REQUIRE(support_is_one_line(result.err), "case %zu: not one line: %s", k, result.err);
        for (int n = 0; cases[k].needles[n]; n++)
            REQUIRE(strstr(result.err, cases[k].needles[n]), "case %zu: \"%s\" missing from: %s", k,
                    cases[k].needles[n], result.err);
        support_capture_free(&result);
    }
}
END_TEST

/* ------------------------------------------------------------------ bad input */

START_TEST(records_refused_where_they_cannot_go)
{
    const char *dir = support_scratch("refused");
    char records[PATH_SIZE], second[PATH_SIZE], names[PATH_SIZE];
    path_join(records, dir, "records");
    path_join(second, dir, "second");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 4, 341, false, false, false};
    char first[PATH_SIZE];
    path_join(first, dir, "first");
    sim_with_records(&s, first, records, NULL);
    struct {
        const char *const *extra;
        const char *needle;
    } cases[] = {
        {LIST("--records", records), "holds records already"}, /* another run's records */
        {LIST("--records-every", "3"), "--records-every"},      /* without --records */
        {LIST("--records", records, "--records-every", "0"), "--records-every"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        args_t a;
        args_start(&a, "sim");
        study_args(&a, &s, 1);
        args_add_list(&a, cases[k].extra);
        args_add_list(&a, LIST("--out", second));
        capture_t result;
        support_run(cli_sim, a.item, &result);
        REQUIRE(result.status == 2, "case %zu: sim exits %d: %s", k, result.status, result.err);
        REQUIRE(strstr(result.err, cases[k].needle), "case %zu: \"%s\" missing from: %s", k, cases[k].needle,
                result.err);
        support_capture_free(&result);
        REQUIRE(!support_file_exists(second) || support_dir_entries(second, names, sizeof names) == 0,
                "case %zu: the refused run left %s", k, names);
    }
    expect_records(records, 4, 4, 2, 1); /* the first run's, untouched */
}
END_TEST

/* A resume refuses a run whose counted records are not all there, and changes nothing. */
START_TEST(resume_refuses_a_missing_record)
{
    const char *dir = support_scratch("missing");
    char records[PATH_SIZE], path[PATH_SIZE], aside[PATH_SIZE + 8];
    path_join(records, dir, "records");
    /* A complete run is kept as it is by a resume, unread; one marked not complete (its
     * files still agree: the check counts units_done) is checked, records included. */
    study_t s = {NULL, NULL, 2, "greedy,random", false, 6, 351, false, true, false};
    sim_with_records(&s, dir, records, NULL);
    json_t *run = load_run(dir);
    json_object_set_new(run, "complete", json_false());
    char run_path[PATH_SIZE];
    path_join(run_path, dir, "run.json");
    REQUIRE(json_dump_file(run, run_path, JSON_INDENT(2)) == 0, "cannot write %s", run_path);
    json_decref(run);
    record_path(path, records, 6, 3, 1);
    snprintf(aside, sizeof aside, "%s.aside", path);
    REQUIRE(rename(path, aside) == 0, "rename: %s", strerror(errno));
    args_t a;
    args_start(&a, "sim");
    study_args(&a, &s, 1);
    args_add_list(&a, LIST("--records", records, "--resume", dir));
    capture_t result;
    support_run(cli_sim, a.item, &result);
    REQUIRE(result.status == 2, "resume exits %d: %s", result.status, result.err);
    REQUIRE(strstr(result.err, path) && strstr(result.err, "missing"), "the refusal does not name %s: %s", path,
            result.err);
    support_capture_free(&result);
    REQUIRE(!support_file_exists(path), "the refused resume wrote %s", path);
}
END_TEST

/* ------------------------------------------------------------------ shards */

/* Two shards sharing --records DIR merge, and DIR then holds the records of one run. */
START_TEST(shards_share_their_records)
{
    const char *root = support_scratch("shards");
    char one[PATH_SIZE], two[PATH_SIZE], merged[PATH_SIZE], whole[PATH_SIZE], shared[PATH_SIZE], alone[PATH_SIZE];
    path_join(one, root, "1");
    path_join(two, root, "2");
    path_join(merged, root, "merged");
    path_join(whole, root, "whole");
    path_join(shared, root, "shared-records");
    path_join(alone, root, "whole-records");
    study_t s = {NULL, NULL, 2, "greedy,random", false, 11, 361, false, true, false};
    sim_with_records(&s, one, shared, LIST("--shard", "1/2"));
    sim_with_records(&s, two, shared, LIST("--shard", "2/2"));
    sim_with_records(&s, whole, alone, NULL);
    capture_t result;
    run_merge(merged, LIST(one, two), &result);
    REQUIRE(result.status == 0, "merge exits %d: %s", result.status, result.err);
    support_capture_free(&result);
    assert_same_file(whole, merged, "deals.csv");
    assert_same_records(alone, shared);
}
END_TEST

/* ------------------------------------------------------------------ interrupt and resume */


/* Starts the study with records in the binary, stops it with `signal_number` once it has
 * counted units, checks what a stopped run's records are, resumes it (on one thread) and
 * compares its records with an uninterrupted run's: the same files, byte for byte. */
static void interrupt_with_records(int signal_number)
{
    /* Not scaled: the signal must reach a run under way (about a second on two threads). */
    study_t s = {NULL, NULL, 2, "pimc:samples=2,rollout=greedy,greedy", true, 16000, 371, false, true, false};
    const int every = 40;
    const char *root = support_scratch("interrupt");
    char dir[PATH_SIZE], records[PATH_SIZE], reference[PATH_SIZE], reference_records[PATH_SIZE], out_path[PATH_SIZE],
        err_path[PATH_SIZE], every_text[8];
    snprintf(every_text, sizeof every_text, "%d", every);
    path_join(dir, root, "run");
    path_join(records, root, "records");
    path_join(reference, root, "reference");
    path_join(reference_records, root, "reference-records");
    path_join(out_path, root, "stdout.txt");
    path_join(err_path, root, "stderr.txt");
    const char *const extra[] = {"--records", records, "--records-every", every_text, NULL};
    pid_t pid = start_with_and_wait_for_progress(&s, extra, dir, out_path, err_path);
    bool crash = signal_number == SIGKILL;
    if (crash) wait_for_rows_past_checkpoint(pid, dir);
    REQUIRE(kill(pid, signal_number) == 0, "kill: %s", strerror(errno));
    int status = wait_for(pid, RUN_LIMIT_SECONDS);
    int64_t done = units_done_in(dir);
    REQUIRE(done > 0 && done < s.units, "units_done %" PRId64 " of %" PRId64, done, s.units);
    char leftover[PATH_SIZE] = "";
    if (crash) {
        REQUIRE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "wait status %d after SIGKILL", status);
        /* A kill while a batch was played leaves its records as temporaries. */
        path_join(leftover, records, ".u00040-r0.jsonl.a1B2c3");
        REQUIRE(support_write_file(leftover, "{\"type\":\"match\""), "cannot write %s", leftover);
    } else {
        REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 130, "wait status %d after SIGINT", status);
        /* Stopped: the records of exactly the units it counts, and no temporary. */
        expect_records(records, s.units, done, 2, every);
    }
    args_t a;
    args_start(&a, "sim");
    study_args(&a, &s, 1);
    args_add_list(&a, extra);
    args_add_list(&a, LIST("--resume", dir));
    capture_t result;
    support_run(cli_sim, a.item, &result);
    REQUIRE(result.status == 0, "resume exits %d: %s", result.status, result.err);
    support_capture_free(&result);
    REQUIRE(!crash || !support_file_exists(leftover), "the resume left the temporary %s", leftover);

    args_start(&a, "dominolab");
    args_add(&a, "sim");
    study_args(&a, &s, 2);
    args_add_list(&a, LIST("--records", reference_records, "--records-every", every_text, "--out", reference));
    status = wait_for(spawn_binary(a.item, out_path, err_path), RUN_LIMIT_SECONDS);
    REQUIRE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the uninterrupted run: wait status %d", status);
    assert_same_file(reference, dir, "deals.csv");
    expect_records(records, s.units, s.units, 2, every);
    assert_same_records(reference_records, records);
}

START_TEST(interrupt_sigint_then_resume_records)
{
    interrupt_with_records(SIGINT);
}
END_TEST

START_TEST(crash_sigkill_then_resume_records)
{
    interrupt_with_records(SIGKILL);
}
END_TEST

/* ------------------------------------------------------------------ suite */

static Suite *records_suite(void)
{
    Suite *suite = suite_create("sim records");
    TCase *t = tcase_create("round trip");
    tcase_add_checked_fixture(t, NULL, support_scratch_teardown);
    tcase_set_timeout(t, 600);
    tcase_add_loop_test(t, records_round_trip, 0, ROUND_TRIP_COUNT);
    tcase_add_test(t, records_every_chooses_units);
    tcase_add_loop_test(t, playout_plays_the_recorded_games, 0, PLAYOUT_STUDY_COUNT);
    tcase_add_test(t, shards_share_their_records);
    suite_add_tcase(suite, t);
    TCase *rows = tcase_create("rows replayed");
    tcase_add_checked_fixture(rows, NULL, support_scratch_teardown);
    tcase_set_timeout(rows, 600);
    tcase_add_test(rows, row_replay_deals_with_levels);
    tcase_add_test(rows, row_replay_matches_with_replays);
    tcase_add_test(rows, row_replay_double_bergen_teams);
    tcase_add_test(rows, row_replay_refuses_outside_the_run);
    suite_add_tcase(suite, rows);
    TCase *bad = tcase_create("bad input");
    tcase_add_checked_fixture(bad, NULL, support_scratch_teardown);
    tcase_add_test(bad, records_refused_where_they_cannot_go);
    tcase_add_test(bad, resume_refuses_a_missing_record);
    suite_add_tcase(suite, bad);
    TCase *interrupt = tcase_create("interrupt");
    tcase_add_checked_fixture(interrupt, NULL, support_scratch_teardown);
    tcase_set_timeout(interrupt, 900);
    tcase_add_test(interrupt, interrupt_sigint_then_resume_records);
    tcase_add_test(interrupt, crash_sigkill_then_resume_records);
    suite_add_tcase(suite, interrupt);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_sim_records")) return EXIT_FAILURE; /* outside any test */
    SRunner *runner = srunner_create(records_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
