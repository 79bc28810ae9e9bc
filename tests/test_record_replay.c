/* test_record_replay.c - the game record (docs/record-format.md) and its replay.
 *
 *   round trip: every preset and a set of option variants, 200 seeds each, random and
 *     greedy agents: the record the writer leaves replays as REPLAY_AGREES, and the replay's
 *     summary (hands, winner, scores, lines) is the match's own;
 *   determinism: the same `dominolab play` twice writes the same bytes;
 *   tampering: a good record edited line by line in memory (jansson) and replayed from a
 *     memory stream: each lie is REPLAY_DISAGREES and each unreadable line REPLAY_MALFORMED,
 *     with an error that starts "NAME:LINE: " for the line at fault and names the field.
 *
 * The record's `seed` is informative: replay imposes the recorded deals, so a deal edited
 * consistently (a hand tile swapped with a stock tile) is only caught where the play
 * contradicts it.
 */
#include <check.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "games.h"
#include "match.h"
#include "records/record.h"
#include "records/replay.h"
#include "bingo/bingo.h"
#include "partnership/partnership.h"
#include "partnership_example.h"
#include "test_support.h"

enum {
    SEEDS_PER_CONFIG = 200,
    SEARCH_SEEDS = 64, /* seeds tried to find a record with the line a tamper test needs */
    PATH_SIZE = 512,
    ERROR_SIZE = 2048
};

#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})

static const char tampered_name[] = "tampered";

/* ------------------------------------------------------------------ playing a match */

typedef struct config {
    const char *name;
    const char *game, *preset;
    int players;
    const char *options[4]; /* "key=value", NULL-terminated */
    const char *must_show;  /* text some record of the 200 must contain (the variant is exercised) */
} config_t;

static const config_t configs[] = {
    {"bergen 2", "bergen", "bergen", 2, {NULL}, NULL},
    {"bergen 3", "bergen", "bergen", 3, {NULL}, NULL},
    {"bergen 4", "bergen", "bergen", 4, {NULL}, NULL},
    {"bergen_classic 2", "bergen", "bergen_classic", 2, {NULL}, "\"reason\":\"lightest_hand\""},
    {"bergen_classic 3", "bergen", "bergen_classic", 3, {NULL}, "\"reason\":\"lightest_hand\""},
    {"bergen_classic 4", "bergen", "bergen_classic", 4, {NULL}, "\"reason\":\"lightest_hand\""},
    {"double_bergen 2", "double_bergen", "double_bergen", 2, {NULL}, "\"reason\":\"deduction\""},
    {"double_bergen 4", "double_bergen", "double_bergen", 4, {NULL}, "\"reason\":\"deduction\""},
    {"double_bergen_12 3", "double_bergen", "double_bergen_12", 3, {NULL}, "\"reason\":\"deduction\""},
    {"one_per_turn, drawn tile optional", "bergen", "bergen", 3,
     {"draw_mode=one_per_turn", "drawn_tile_must_be_played=false", NULL}, NULL},
    {"block american", "bergen", "bergen", 3, {"block_method=american", NULL}, "\"reason\":\"block\""},
    {"block german", "bergen", "bergen", 4, {"block_method=german", NULL}, "\"reason\":\"block\""},
    {"lightest hand, ties all", "bergen", "bergen", 3, {"end_award=lightest_hand", "lightest_tie=all", NULL},
     "\"reason\":\"lightest_hand\""},
    {"no double: redeal", "bergen", "bergen", 2, {"no_double_rule=redeal", NULL}, NULL},
    {"void hands", "bergen", "bergen", 2, {"stock_reserve=14", "hand_size=3", NULL}, "\"reason\":\"redeal\""},
    {"two sets, 6 players", "bergen", "bergen", 6, {"num_sets=2", "hand_size=6", NULL}, NULL},
    {"win check at end of hand", "bergen", "bergen", 3, {"win_check=end_of_hand", NULL}, NULL},
    {"partnership", "partnership", "partnership", 4, {NULL}, "\"reason\":\"block\""},
    {"doscientos", "partnership", "doscientos", 4, {NULL}, NULL},
    {"doscientos_pases", "partnership", "doscientos_pases", 4, {NULL}, "\"reason\":\"pass_bonus\""},
    {"quinientos", "partnership", "quinientos", 4, {NULL}, "\"reason\":\"hand_bonus\""},
    {"milo", "partnership", "milo", 4, {NULL}, "\"reason\":\"milo\""},
    {"south_american", "partnership", "south_american", 4, {NULL}, "\"reason\":\"redeal\""},
    {"great_lakes", "partnership", "great_lakes", 4, {NULL}, NULL},
    {"partnership decisions", "partnership", "partnership", 4,
     {"next_hand_starter=winning_team_choice", "allow_lead_to_partner=true", "redeal_min_doubles=4", NULL},
     "\"decision\":\"demand_redeal\""},
    {"partnership replayed ties", "partnership", "partnership", 4,
     {"block_tie_rule=replay", "pass_bonus_first=20", "pass_bonus_next=10", NULL}, "\"reason\":\"pass_bonus_cancelled\""},
    /* every other value of every partnership option */
    {"partnership draw, 66 each hand, starter double", "partnership", "partnership", 4,
     {"first_hand_leader=draw_highest", "next_hand_starter=holder_66_each_hand", "lead_double_rule=starter_if_held", NULL},
     NULL},
    {"doscientos team double, 7 doubles, blocker or next", "partnership", "doscientos", 4,
     {"lead_double_rule=team_if_held", "redeal_min_doubles=7", "block_winner_rule=blocker_or_next_fewer", NULL}, NULL},
    {"penalty, blocker, starting team", "partnership", "partnership", 4,
     {"scoring_mode=penalty_own_pips", "block_winner_rule=blocker", "block_tie_rule=starting_team_wins", NULL},
     "\"reason\":\"own_pips\""},
    {"div10, next after blocker", "partnership", "partnership", 4,
     {"score_rounding=div10_min1", "target=10", "block_winner_rule=next_after_blocker", NULL}, NULL},
    {"great_lakes 50, more tiles", "partnership", "great_lakes", 4,
     {"double_blank_value=50", "target=101", "block_tie_rule=more_tiles_wins", NULL}, NULL},
    {"last player loses", "partnership", "partnership", 4, {"block_tie_rule=last_player_team_loses", NULL}, NULL},
    {"doscientos last player wins", "partnership", "doscientos", 4, {"block_tie_rule=last_player_team_wins", NULL}, NULL},
    {"quinientos variants", "partnership", "quinientos", 4,
     {"hand_bonus_basis=domino_win_index", "capicu_distinct_ends=true", "chuchazo_rule=one_zero_end", NULL},
     "\"reason\":\"chuchazo\""},
    {"quinientos dominao", "partnership", "quinientos", 4, {"dominao_bonus=50", NULL}, "\"reason\":\"dominao\""},
    {"any list of hand bonuses", "partnership", "partnership", 4, {"hand_bonuses=[60,40,20,10,5]", NULL},
     "\"hand_bonuses\":[60,40,20,10,5]"},
    {"bingo", "bingo", "bingo", 2, {NULL}, "\"type\":\"meld\""},
    {"bingo closes", "bingo", "bingo", 2, {NULL}, "\"type\":\"close\""},
    {"bingo follower closes, play out", "bingo", "bingo", 2,
     {"close_timing=any_own_turn", "hand_end=play_out", "closed_opponent_70=ends_hand", NULL}, "\"reason\":\"failed_close\""},
    {"bingo other readings", "bingo", "bingo", 2,
     {"rank_blank_as_seven=true", "bingo_is_trump=true", "trick_leader=alternate", NULL}, "\"type\":\"trick\""},
    {"bingo other points", "bingo", "bingo", 2,
     {"plain_tile_must_match_to_win=true", "plain_follow_includes_trumps=false", "meld_reuse=unrestricted", NULL},
     "\"reason\":\"game_points\""},
    {"bingo capture if won", "bingo", "bingo", 2,
     {"bingo_capture_point=if_hand_won", "zero_trump_bingo_value=14", "target_game_points=3", NULL}, NULL},
    {"south_american shortfall win", "partnership", "south_american", 4, {"shortfall_result=win", NULL}, NULL},
};
enum { CONFIG_COUNT = sizeof configs / sizeof configs[0] };

/* What the match itself reported, to compare with the replay's summary. */
typedef struct outcome {
    const game_t *game;
    int lines; /* the match line plus one per event that writes a line */
    record_format_t format;
    int hands, winner, sides;
    int scores[GAME_MAX_SEATS];
    bool over;
} outcome_t;

static int outcome_start(void *context, const match_setup_t *setup)
{
    outcome_t *o = context;
    o->game = setup->game;
    o->sides = setup->game->side_count(setup->rules);
    o->lines = 1;
    record_format_init(&o->format, setup->game, setup->rules);
    return 0;
}

static int outcome_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    outcome_t *o = context;
    char line[RECORD_LINE_MAX];
    (void)setup;
    /* A pass into a block writes no line (record-format.md, "Passes at a block"). */
    o->lines += record_format_event(&o->format, state, event, line, sizeof line) == 0;
    if (event->kind == GAME_EVENT_MATCH_END) {
        o->over = true;
        o->winner = event->seat;
        o->hands = o->game->hand_number(state);
        o->game->scores(state, o->scores);
    }
    return 0;
}

/* Agents by seed: all random, all greedy, or alternating. */
static void agents_for_seed(uint64_t seed, int players, const char **specs)
{
    for (int seat = 0; seat < players; seat++) {
        switch (seed % 3) {
        case 0: specs[seat] = "random"; break;
        case 1: specs[seat] = "greedy"; break;
        default: specs[seat] = seat % 2 ? "random" : "greedy"; break;
        }
    }
}

/* Plays one match of `config` with the record writer (as `play --record` does) plus a sink
 * that notes the outcome; cut after `max_hands` hands unless 0 (a deal of sim --deals). */
static void play_recorded_cut(const config_t *config, int max_hands, uint64_t seed, const char *path,
                              outcome_t *outcome)
{
    cli_game_args_t args;
    setup_game_t game;
    char error[CLI_ERROR_SIZE];
    memset(&args, 0, sizeof args);
    args.game_name = config->game;
    args.preset = config->preset;
    for (int k = 0; config->options[k]; k++)
        snprintf(args.options.item[args.options.count++], CLI_ITEM_MAX, "%s", config->options[k]);
    args.players = config->players;
    ck_assert_msg(cli_game_open(&args, &game, error, sizeof error) == 0, "%s: %s", config->name, error);

    const char *specs[GAME_MAX_SEATS];
    agents_for_seed(seed, game.seats, specs);
    match_setup_t setup = {.game = game.game,
                           .rules = game.rules,
                           .values = &game.values,
                           .preset = game.preset,
                           .agent_specs = specs,
                           .seats = game.seats,
                           .seed = seed,
                           .max_hands = max_hands};
    record_writer_t writer;
    ck_assert_msg(record_writer_open(&writer, path, error, sizeof error) == 0, "%s", error);
    memset(outcome, 0, sizeof *outcome);
    match_sink_t sinks[2] = {record_writer_sink(&writer), {.context = outcome, .on_start = outcome_start, .on_event = outcome_event}};
    int result = match_play(&setup, sinks, 2, error, sizeof error);
    ck_assert_msg(result == 0, "%s, seed %llu: match_play returned %d: %s", config->name, (unsigned long long)seed,
                  result, error);
    ck_assert_msg(record_writer_finish(&writer, 1, error, sizeof error) == 0, "%s", error);
    setup_game_close(&game);
    ck_assert_msg(outcome->over, "%s, seed %llu: no match_end event", config->name, (unsigned long long)seed);
}

static void play_recorded(const config_t *config, uint64_t seed, const char *path, outcome_t *outcome)
{
    play_recorded_cut(config, 0, seed, path, outcome);
}

/* Every void hand ("redeal") is followed by the deal of the same hand number again. */
static void check_redeals(const char *text, const char *name, uint64_t seed)
{
    static const char marker[] = "{\"type\":\"hand_end\",\"hand\":";
    for (const char *p = strstr(text, marker); p; p = strstr(p + 1, marker)) {
        int hand = 0, next_hand = 0;
        char reason[32];
        if (sscanf(p + sizeof marker - 1, "%d,\"reason\":\"%31[a-z_]\"", &hand, reason) != 2)
            ck_abort_msg("%s, seed %llu: unreadable hand_end line", name, (unsigned long long)seed);
        if (strcmp(reason, "redeal") != 0) continue;
        const char *next = strchr(p, '\n');
        ck_assert_ptr_nonnull(next);
        ck_assert_msg(sscanf(next + 1, "{\"type\":\"deal\",\"hand\":%d,", &next_hand) == 1 && next_hand == hand,
                      "%s, seed %llu: the void hand %d is not dealt again next", name, (unsigned long long)seed, hand);
    }
}

static void round_trip_config(const config_t *config, int max_hands)
{
    char *dir = support_temp_dir("test_record_replay");
    char path[PATH_SIZE], error[ERROR_SIZE];
    snprintf(path, sizeof path, "%s/round_trip.jsonl", dir);
    int shown = 0;
    for (uint64_t seed = 1; seed <= SEEDS_PER_CONFIG; seed++) {
        outcome_t outcome;
        replay_summary_t summary;
        play_recorded_cut(config, max_hands, seed, path, &outcome);
        int result = replay_file(path, &summary, error, sizeof error);
        if (result != REPLAY_AGREES)
            ck_abort_msg("%s, seed %llu: replay returned %d: %s", config->name, (unsigned long long)seed, result,
                         error);
        /* Compared by hand rather than with ck_assert: 200 seeds x a dozen checks. */
        if (summary.hands != outcome.hands || summary.winner != outcome.winner || summary.sides != outcome.sides ||
            summary.seats != config->players || summary.lines != outcome.lines || !summary.game ||
            strcmp(summary.game, config->game) != 0)
            ck_abort_msg("%s, seed %llu: summary %s %d seats %d sides %d hands winner %d %d lines; the match: %s "
                         "%d seats %d sides %d hands winner %d %d lines",
                         config->name, (unsigned long long)seed, summary.game ? summary.game : "(none)",
                         summary.seats, summary.sides, summary.hands, summary.winner, summary.lines, config->game,
                         config->players, outcome.sides, outcome.hands, outcome.winner, outcome.lines);
        for (int side = 0; side < outcome.sides; side++)
            if (summary.scores[side] != outcome.scores[side])
                ck_abort_msg("%s, seed %llu: side %d scores %d in the replay, %d in the match", config->name,
                             (unsigned long long)seed, side, summary.scores[side], outcome.scores[side]);
        char *text = support_read_file(path, NULL);
        ck_assert_ptr_nonnull(text);
        if (support_count_lines(text) != outcome.lines)
            ck_abort_msg("%s, seed %llu: %d lines in the file, %d events", config->name, (unsigned long long)seed,
                         support_count_lines(text), outcome.lines);
        check_redeals(text, config->name, seed);
        shown += config->must_show && strstr(text, config->must_show) != NULL;
        free(text);
    }
    if (config->must_show)
        ck_assert_msg(shown > 0, "%s: no record of %d shows %s; the variant is not exercised", config->name,
                      SEEDS_PER_CONFIG, config->must_show);
    char names[PATH_SIZE];
    ck_assert_msg(support_dir_entries(dir, names, sizeof names) == 1, "expected only the record in %s: %s", dir,
                  names);
    support_remove_dir(dir);
}

/* ------------------------------------------------------------------ §6 through replay */

/* The example game of partnership.md §6, each line under each preset its vectors (PT-01,
 * PT-02) score, written as a record of its first hand (max_hands 1) and read back by
 * `replay`, which must agree and end with the vector's scores. */
static const struct {
    const char *preset, *overrides[2];
    int line, scores[2];
    int winner; /* the team ahead after the hand: the most points, the fewest under penalty_own_pips */
} example_rows[] = {
    {"partnership", {NULL}, 2, {46, 0}, 0},       {"doscientos", {NULL}, 2, {76, 0}, 0},
    {"doscientos_pases", {NULL}, 2, {130, 20}, 0}, {"quinientos", {NULL}, 2, {76, 0}, 0},
    {"milo", {NULL}, 2, {1, 0}, 0},               {"south_american", {NULL}, 2, {1, 0}, 0},
    {"partnership", {"scoring_mode=penalty_own_pips"}, 2, {30, 46}, 0},
    {"partnership", {"score_rounding=div10_min1"}, 2, {4, 0}, 0},
    {"partnership", {NULL}, 1, {0, 10}, 1},       {"doscientos", {NULL}, 1, {0, 18}, 1},
    {"doscientos_pases", {NULL}, 1, {40, 50}, 1}, {"quinientos", {NULL}, 1, {0, 118}, 1},
    {"milo", {NULL}, 1, {0, 1}, 1},
    {"partnership", {"scoring_mode=penalty_own_pips"}, 1, {10, 8}, 1},
    {"partnership", {"score_rounding=div10_min1"}, 1, {0, 1}, 1},
};

static void send_events(match_sink_t *sink, const match_setup_t *setup, const void *state, const game_events_t *events)
{
    for (int i = 0; i < events->count; i++)
        ck_assert_int_eq(sink->on_event(sink->context, setup, state, &events->item[i]), 0);
}

/* Writes the example hand as the match driver would: the match line, the deal, every move's
 * lines, and the end of a match stopped after one hand. */
static void write_example_record(int row, const char *path)
{
    const game_t *game = &partnership_game;
    const char *overrides[3] = {"first_hand_leader=draw_highest", example_rows[row].overrides[0], NULL};
    int override_count = overrides[1] ? 2 : 1;
    char error[ERROR_SIZE];
    option_values_t values;
    game_rules_t *rules = NULL;
    ck_assert_msg(game_configure(game, example_rows[row].preset, overrides, override_count, &values, error,
                                 sizeof error) == 0 && game->rules_create(&values, &rules, error, sizeof error) == 0,
                  "%s", error);
    const char *specs[4] = {"random", "random", "random", "random"};
    match_setup_t setup = {.game = game, .rules = rules, .values = &values, .preset = example_rows[row].preset,
                           .agent_specs = specs, .seats = 4, .seed = 1, .max_hands = 1};
    record_writer_t writer;
    ck_assert_msg(record_writer_open(&writer, path, error, sizeof error) == 0, "%s", error);
    match_sink_t sink = record_writer_sink(&writer);
    ck_assert_int_eq(sink.on_start(sink.context, &setup), 0);
    partnership_state_t state;
    game_events_t events = {0};
    game_deal_t deal;
    game->match_start(&state, rules, 1);
    partnership_example_game_deal(&deal);
    ck_assert_msg(game->set_deal(&state, &deal, &events, error, sizeof error) == 0, "%s", error);
    send_events(&sink, &setup, &state, &events);
    char words[1024];
    snprintf(words, sizeof words, "%s",
             example_rows[row].line == 1 ? partnership_example_line_1 : partnership_example_line_2);
    for (char *word = strtok(words, " "); word; word = strtok(NULL, " ")) {
        game_move_t move;
        ck_assert_msg(partnership_example_move(&state, word, &move) && game_move_is_legal(game, &state, move),
                      "row %d: %s is not a legal move", row, word);
        events.count = 0;
        game->apply(&state, move, &events);
        send_events(&sink, &setup, &state, &events);
    }
    ck_assert_int_ne(game->status(&state), GAME_IN_HAND);
    events.count = 1;
    events.item[0] = (game_event_t){.kind = GAME_EVENT_MATCH_END, .seat = (int8_t)match_leading_side(game, rules, &state)};
    send_events(&sink, &setup, &state, &events);
    ck_assert_msg(record_writer_end(&writer, 0, error, sizeof error) == 0, "%s", error);
    game->rules_destroy(rules);
}

START_TEST(partnership_example_replays_with_the_vector_scores)
{
    char *dir = support_temp_dir("test_record_replay");
    char path[PATH_SIZE], error[ERROR_SIZE];
    snprintf(path, sizeof path, "%s/example.jsonl", dir);
    write_example_record(_i, path);
    replay_summary_t summary;
    int result = replay_file(path, &summary, error, sizeof error);
    /* and the command: its one line names the scores per team */
    char *argv[] = {"replay", path, NULL};
    capture_t shown;
    support_run(cli_replay, argv, &shown);
    char want[64];
    snprintf(want, sizeof want, "winner team %d, scores %d %d", example_rows[_i].winner, example_rows[_i].scores[0],
             example_rows[_i].scores[1]);
    bool command_agrees = shown.status == 0 && strstr(shown.out, want) != NULL;
    char out[1024];
    snprintf(out, sizeof out, "%s%s", shown.out, shown.err);
    support_capture_free(&shown);
    support_remove_dir(dir);
    ck_assert_msg(result == REPLAY_AGREES, "%s line %d: replay returned %d: %s", example_rows[_i].preset,
                  example_rows[_i].line, result, error);
    ck_assert_int_eq(summary.hands, 1);
    ck_assert_int_eq(summary.winner, example_rows[_i].winner);
    ck_assert_msg(summary.scores[0] == example_rows[_i].scores[0] && summary.scores[1] == example_rows[_i].scores[1],
                  "%s line %d: replay's scores %d/%d, the vectors' %d/%d", example_rows[_i].preset,
                  example_rows[_i].line, summary.scores[0], summary.scores[1], example_rows[_i].scores[0],
                  example_rows[_i].scores[1]);
    ck_assert_msg(command_agrees, "dominolab replay does not say \"%s\": %s", want, out);
}
END_TEST

START_TEST(round_trip)
{
    round_trip_config(&configs[_i], 0);
}
END_TEST

/* Matches cut after max_hands hands (the deals of sim --deals), void hands and matches won
 * earlier included. */
static const struct {
    config_t config;
    int max_hands;
} cut_configs[] = {
    {{"bergen 2, one hand", "bergen", "bergen", 2, {NULL}, "\"max_hands\":1"}, 1},
    {{"bergen 4, one hand", "bergen", "bergen", 4, {NULL}, "\"max_hands\":1"}, 1},
    {{"double_bergen 4, one hand", "double_bergen", "double_bergen", 4, {NULL}, "\"max_hands\":1"}, 1},
    {{"void hands, one hand", "bergen", "bergen", 2, {"no_double_rule=redeal", "hand_size=3", NULL},
      "\"reason\":\"redeal\""},
     1},
    {{"won in the first hand", "bergen", "bergen", 2, {"target=3", NULL}, "\"reason\":\"target_reached\""}, 1},
    {{"bergen 3, three hands", "bergen", "bergen", 3, {NULL}, "\"max_hands\":3"}, 3},
};

START_TEST(cut_round_trip)
{
    round_trip_config(&cut_configs[_i].config, cut_configs[_i].max_hands);
}
END_TEST

/* ------------------------------------------------------------------ determinism */

/* `play --quiet --record PATH` with the arguments of `args`. */
static void cli_play_quiet(const char *const *args, const char *path)
{
    char *argv[24];
    int argc = 0;
    argv[argc++] = "play";
    for (int k = 0; args[k]; k++) argv[argc++] = (char *)args[k];
    argv[argc++] = "--quiet";
    argv[argc++] = "--record";
    argv[argc++] = (char *)path;
    argv[argc] = NULL;
    capture_t result;
    support_run(cli_play, argv, &result);
    ck_assert_msg(result.status == 0, "play exited %d: %s", result.status, result.err);
    support_capture_free(&result);
}

static const char *const same_seed_args[][12] = {
    {"--game", "bergen", "--players", "3", "--agents", "greedy,random,greedy", "--seed", "7", NULL},
    {"--game", "bergen", "--preset", "bergen_classic", "--players", "4", "--agents", "random", "--seed", "12345",
     NULL},
    {"--game", "double_bergen", "--players", "4", "--agents", "random,greedy,random,greedy", "--seed", "99", NULL},
    {"--game", "double_bergen", "--preset", "double_bergen_12", "--players", "3", "--agents", "random", "--seed",
     "9223372036854775807", NULL},
};

START_TEST(same_seed_same_bytes)
{
    char *dir = support_temp_dir("test_record_replay");
    char first[PATH_SIZE], second[PATH_SIZE];
    snprintf(first, sizeof first, "%s/first.jsonl", dir);
    snprintf(second, sizeof second, "%s/second.jsonl", dir);
    cli_play_quiet(same_seed_args[_i], first);
    cli_play_quiet(same_seed_args[_i], second);
    size_t length_a = 0, length_b = 0;
    char *a = support_read_file(first, &length_a), *b = support_read_file(second, &length_b);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_msg(length_a > 0, "empty record");
    ck_assert_msg(length_a == length_b && memcmp(a, b, length_a) == 0, "the same seed wrote different records");
    free(a);
    free(b);
    support_remove_dir(dir);
}
END_TEST

START_TEST(other_seed_other_record)
{
    char *dir = support_temp_dir("test_record_replay");
    char first[PATH_SIZE], second[PATH_SIZE];
    snprintf(first, sizeof first, "%s/first.jsonl", dir);
    snprintf(second, sizeof second, "%s/second.jsonl", dir);
    cli_play_quiet(LIST("--players", "3", "--agents", "random", "--seed", "7"), first);
    cli_play_quiet(LIST("--players", "3", "--agents", "random", "--seed", "8"), second);
    char *a = support_read_file(first, NULL), *b = support_read_file(second, NULL);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_msg(strcmp(a, b) != 0, "seeds 7 and 8 wrote the same record");
    free(a);
    free(b);
    support_remove_dir(dir);
}
END_TEST

/* ------------------------------------------------------------------ records in memory */

typedef struct record {
    char **line; /* without newlines, owned */
    int count;
} record_t;

static void record_free(record_t *r)
{
    for (int i = 0; i < r->count; i++) free(r->line[i]);
    free(r->line);
    r->line = NULL;
    r->count = 0;
}

static void record_load(const char *path, record_t *r)
{
    char *text = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(text);
    r->count = support_count_lines(text);
    r->line = calloc((size_t)r->count + 1, sizeof *r->line);
    ck_assert_ptr_nonnull(r->line);
    char *p = text;
    for (int i = 0; i < r->count; i++) {
        char *end = strchr(p, '\n');
        r->line[i] = strndup(p, (size_t)(end - p));
        ck_assert_ptr_nonnull(r->line[i]);
        p = end + 1;
    }
    free(text);
}

/* A record of `config` played with the agents of `seed`, loaded. */
static void record_make_config(const config_t *config, uint64_t seed, record_t *r)
{
    char *dir = support_temp_dir("test_record_replay");
    char path[PATH_SIZE];
    outcome_t outcome;
    snprintf(path, sizeof path, "%s/record.jsonl", dir);
    play_recorded(config, seed, path, &outcome);
    record_load(path, r);
    support_remove_dir(dir);
}

/* The base of the tamper tests: Bergen, 3 players, greedy and random. */
static void record_make(uint64_t seed, record_t *r)
{
    static const config_t base = {"base", "bergen", "bergen", 3, {NULL}, NULL};
    record_make_config(&base, seed, r);
}

/* The same cut after its first hand, as sim --deals plays it. */
static void record_make_cut(uint64_t seed, record_t *r)
{
    static const config_t base = {"cut", "bergen", "bergen", 3, {NULL}, NULL};
    char *dir = support_temp_dir("test_record_replay");
    char path[PATH_SIZE];
    outcome_t outcome;
    snprintf(path, sizeof path, "%s/record.jsonl", dir);
    play_recorded_cut(&base, 1, seed, path, &outcome);
    record_load(path, r);
    support_remove_dir(dir);
}

static json_t *line_json(const record_t *r, int i)
{
    json_error_t error;
    json_t *value = json_loads(r->line[i], 0, &error);
    ck_assert_msg(value, "line %d of the good record is not JSON: %s", i + 1, error.text);
    return value;
}

static void set_line_text(record_t *r, int i, const char *text)
{
    free(r->line[i]);
    r->line[i] = strdup(text);
    ck_assert_ptr_nonnull(r->line[i]);
}

/* Replaces line i with `value` (compact, keys in insertion order); takes the reference. */
static void set_line_json(record_t *r, int i, json_t *value)
{
    char *text = json_dumps(value, JSON_COMPACT | JSON_PRESERVE_ORDER);
    ck_assert_ptr_nonnull(text);
    set_line_text(r, i, text);
    free(text);
    json_decref(value);
}

static void delete_line(record_t *r, int i)
{
    free(r->line[i]);
    memmove(&r->line[i], &r->line[i + 1], (size_t)(r->count - i - 1) * sizeof *r->line);
    r->count--;
}

static void truncate_record(record_t *r, int count)
{
    while (r->count > count) free(r->line[--r->count]);
}

static bool is_type(const json_t *line, const char *type)
{
    const char *value = json_string_value(json_object_get(line, "type"));
    return value && strcmp(value, type) == 0;
}

static int int_field(const json_t *line, const char *key)
{
    json_t *value = json_object_get(line, key);
    ck_assert_msg(json_is_integer(value), "field %s is not an integer", key);
    return (int)json_integer_value(value);
}

/* Index of the first line of `type` at or after `from` for which `accept` (may be NULL)
 * holds, or -1. */
static int find_line(const record_t *r, int from, const char *type, bool (*accept)(const json_t *line))
{
    for (int i = from; i < r->count; i++) {
        json_t *line = line_json(r, i);
        bool found = is_type(line, type) && (!accept || accept(line));
        json_decref(line);
        if (found) return i;
    }
    return -1;
}

/* Replays the record from a memory stream named "tampered"; checks the verdict, that the
 * error starts "tampered:LINE: " and that it mentions every needle. */
static void expect_replay(const record_t *r, int expected, int line_number, const char *const *needles)
{
    size_t size = 0;
    for (int i = 0; i < r->count; i++) size += strlen(r->line[i]) + 1;
    char *text = malloc(size + 1), *p = text;
    ck_assert_ptr_nonnull(text);
    for (int i = 0; i < r->count; i++) p += sprintf(p, "%s\n", r->line[i]);
    FILE *in = fmemopen(text, size, "r");
    ck_assert_ptr_nonnull(in);
    replay_summary_t summary;
    char error[ERROR_SIZE], prefix[64];
    int result = replay_stream(in, tampered_name, &summary, error, sizeof error);
    fclose(in);
    free(text);
    ck_assert_msg(result == expected, "replay returned %d, expected %d: %s", result, expected, error);
    if (expected == REPLAY_AGREES) return;
    snprintf(prefix, sizeof prefix, "%s:%d: ", tampered_name, line_number);
    ck_assert_msg(strncmp(error, prefix, strlen(prefix)) == 0, "expected the error at \"%s\": %s", prefix, error);
    for (int k = 0; needles && needles[k]; k++)
        ck_assert_msg(strstr(error, needles[k]), "expected \"%s\" in: %s", needles[k], error);
    ck_assert_msg(!strchr(error, '\n'), "the error is more than one line: %s", error);
}

/* A finder returns the index of the line a tamper test edits in `r`, or -1. */
typedef int (*finder_t)(const record_t *r);

/* Makes base records from seed 1 on until `find` finds its line; returns that index. */
static int make_record_with(finder_t find, record_t *r)
{
    for (uint64_t seed = 1; seed <= SEARCH_SEEDS; seed++) {
        record_make(seed, r);
        int i = find(r);
        if (i >= 0) return i;
        record_free(r);
    }
    ck_abort_msg("no base record of %d seeds has the line this test edits", SEARCH_SEEDS);
    return -1;
}

/* Partnership records with every decision on (choice lines), for its tamper tests. */
static int make_partnership_record_with(finder_t find, record_t *r)
{
    static const config_t base = {"partnership decisions", "partnership", "partnership", 4,
                                  {"next_hand_starter=winning_team_choice", "allow_lead_to_partner=true",
                                   "redeal_min_doubles=4", NULL},
                                  NULL};
    for (uint64_t seed = 1; seed <= SEARCH_SEEDS; seed++) {
        record_make_config(&base, seed, r);
        int i = find(r);
        if (i >= 0) return i;
        record_free(r);
    }
    ck_abort_msg("no partnership record of %d seeds has the line this test edits", SEARCH_SEEDS);
    return -1;
}

static bool is_starter_choice(const json_t *line)
{
    const char *decision = json_string_value(json_object_get(line, "decision"));
    return decision && strcmp(decision, "starter") == 0;
}
static int find_starter_choice(const record_t *r) { return find_line(r, 0, "choice", is_starter_choice); }
static bool has_end_field(const json_t *line) { return json_object_get(line, "end") != NULL; }
static int find_partnership_placement(const record_t *r) { return find_line(r, 0, "play", has_end_field); }
static int find_partnership_award(const record_t *r) { return find_line(r, 0, "award", NULL); }

/* ---- Bingo: a lie about a trick, a follow, a meld or game points is refused at its line */

static int make_bingo_record_with(finder_t find, record_t *r)
{
    static const config_t base = {"bingo tampering", "bingo", "bingo", 2, {"close_timing=any_own_turn", NULL}, NULL};
    for (uint64_t seed = 1; seed <= SEARCH_SEEDS; seed++) {
        record_make_config(&base, seed, r);
        int i = find(r);
        if (i >= 0) return i;
        record_free(r);
    }
    ck_abort_msg("no bingo record of %d seeds has the line this test edits", SEARCH_SEEDS);
    return -1;
}

static int find_trick(const record_t *r) { return find_line(r, 0, "trick", NULL); }
static int find_meld(const record_t *r) { return find_line(r, 0, "meld", NULL); }
static bool is_game_points(const json_t *line)
{
    return !strcmp(json_string_value(json_object_get(line, "reason")), "game_points");
}
static int find_game_points(const record_t *r) { return find_line(r, 0, "award", is_game_points); }

/* A Bingo record with one integer field of the line `find` finds changed (set to 1 - value
 * with `flip`, else raised by `delta`): refused at that line, naming the line and field. */
static void expect_bingo_lie(finder_t find, const char *key, bool flip, int delta, const char *type)
{
    record_t r;
    int i = make_bingo_record_with(find, &r);
    json_t *line = line_json(&r, i);
    int value = int_field(line, key);
    json_object_set_new(line, key, json_integer(flip ? 1 - value : value + delta));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, (const char *const[]){type, key, NULL});
    record_free(&r);
}

START_TEST(bingo_trick_to_the_loser) { expect_bingo_lie(find_trick, "winner", true, 0, "trick"); }
END_TEST

START_TEST(bingo_meld_worth_more) { expect_bingo_lie(find_meld, "points", false, 10, "meld"); }
END_TEST

START_TEST(bingo_game_points_inflated) { expect_bingo_lie(find_game_points, "points", false, 1, "award"); }
END_TEST

/* A follow after a close replaced by a tile the follower cannot play (here the led tile
 * itself); R12's own refusals of a held tile are checked in test_bingo_invariants, which
 * compares every closed-phase follow with R12. */
static int find_closed_follow(const record_t *r)
{
    bool closed = false;
    for (int i = 0; i < r->count; i++) {
        json_t *line = line_json(r, i);
        const char *type = json_string_value(json_object_get(line, "type"));
        if (!strcmp(type, "deal")) closed = false;
        if (!strcmp(type, "close")) closed = true;
        bool follow = false;
        if (closed && !strcmp(type, "play") && i > 0) {
            json_t *before = line_json(r, i - 1);
            follow = is_type(before, "play");
            json_decref(before);
        }
        json_decref(line);
        if (follow) return i;
    }
    return -1;
}

START_TEST(bingo_follow_broken)
{
    record_t r;
    int i = make_bingo_record_with(find_closed_follow, &r);
    /* the follower plays the led tile again: never his, never legal */
    json_t *led = line_json(&r, i - 1), *line = line_json(&r, i);
    json_object_set(line, "tile", json_object_get(led, "tile"));
    json_decref(led);
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("cannot play"));
    record_free(&r);
}
END_TEST

/* R12 itself: a closed-phase follow replaced by a tile the follower holds but may not play
 * (he holds a tile of the number the rule demands first). The hands are followed through
 * the record's deal, draw and play lines; the legal follows are bingo_closed_follows'. */
static int tile_field(const json_t *line)
{
    int a, b;
    const char *text = json_string_value(json_object_get(line, "tile"));
    return text && sscanf(text, "%d-%d", &a, &b) == 2 ? tileset_index(a, b) : -1;
}

static int held_unplayable_follow(const record_t *r, int at)
{
    static bingo_rules_t *rules;
    if (!rules) {
        option_values_t values;
        char error[256];
        game_rules_t *made = NULL;
        const char *const overrides[] = {"close_timing=any_own_turn"};
        ck_assert_int_eq(game_configure(&bingo_game, "bingo", overrides, 1, &values, error, sizeof error), 0);
        ck_assert_int_eq(bingo_game.rules_create(&values, &made, error, sizeof error), 0);
        rules = (bingo_rules_t *)(void *)made; /* kept for the test process's life */
    }
    uint64_t hand[2] = {0, 0};
    int trump = 0, led = -1;
    bool closed = false;
    for (int i = 0; i <= at && i < r->count; i++) {
        json_t *line = line_json(r, i);
        const char *type = json_string_value(json_object_get(line, "type"));
        int seat = (int)json_integer_value(json_object_get(line, "seat")), tile = tile_field(line);
        if (!strcmp(type, "deal")) {
            closed = false;
            led = -1;
            for (int s = 0; s < 2; s++) {
                hand[s] = 0;
                json_t *tiles = json_array_get(json_object_get(line, "hands"), (size_t)s);
                for (size_t k = 0; k < json_array_size(tiles); k++) {
                    int a, b;
                    if (sscanf(json_string_value(json_array_get(tiles, k)), "%d-%d", &a, &b) == 2)
                        hand[s] |= 1ull << tileset_index(a, b);
                }
            }
        } else if (!strcmp(type, "trump")) {
            trump = (int)json_integer_value(json_object_get(line, "trump"));
        } else if (!strcmp(type, "close")) {
            closed = true;
        } else if (!strcmp(type, "draw") && tile >= 0) {
            hand[seat] |= 1ull << tile;
        } else if (!strcmp(type, "play") && tile >= 0) {
            if (i == at && closed && led >= 0) {
                uint64_t unplayable = hand[seat] & ~bingo_closed_follows(rules, trump, led, hand[seat]);
                json_decref(line);
                return unplayable ? __builtin_ctzll(unplayable) : -1;
            }
            hand[seat] &= ~(1ull << tile);
            led = led < 0 ? tile : -1;
        }
        json_decref(line);
    }
    return -1;
}

static int find_held_unplayable_follow(const record_t *r)
{
    for (int i = 0; i < r->count; i++)
        if (held_unplayable_follow(r, i) >= 0) return i;
    return -1;
}

START_TEST(bingo_follow_against_r12)
{
    record_t r;
    int i = make_bingo_record_with(find_held_unplayable_follow, &r);
    int tile = held_unplayable_follow(&r, i);
    char text[8];
    snprintf(text, sizeof text, "%d-%d", tileset_low(tile), tileset_high(tile));
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "tile", json_string(text));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("cannot play"));
    record_free(&r);
}
END_TEST

START_TEST(partnership_starter_of_the_other_team)
{
    record_t r;
    int i = make_partnership_record_with(find_starter_choice, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "value", json_integer((int_field(line, "value") + 1) % 4)); /* an opponent */
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("cannot", "start the next hand"));
    record_free(&r);
}
END_TEST

START_TEST(partnership_unknown_decision)
{
    record_t r;
    int i = make_partnership_record_with(find_starter_choice, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "decision", json_string("pick"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("decision"));
    record_free(&r);
}
END_TEST

/* A pass where the seat can place: R9 forbids it. */
START_TEST(partnership_pass_instead_of_a_play)
{
    record_t r;
    int i = make_partnership_record_with(find_partnership_placement, &r);
    json_t *line = line_json(&r, i);
    set_line_json(&r, i, json_pack("{s:s,s:i,s:i}", "type", "pass", "hand", int_field(line, "hand"), "seat",
                                   int_field(line, "seat")));
    json_decref(line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("pass"));
    record_free(&r);
}
END_TEST

START_TEST(partnership_award_to_the_other_team)
{
    record_t r;
    int i = make_partnership_record_with(find_partnership_award, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "to", json_integer(1 - int_field(line, "to")));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("award"));
    record_free(&r);
}
END_TEST

/* A starter choice left out is read from the next deal's leader (record-format.md,
 * "Pinned details"); a leader of the other team is then no choice the winners may make. */
START_TEST(partnership_starter_choice_left_out)
{
    record_t r;
    int i = make_partnership_record_with(find_starter_choice, &r);
    delete_line(&r, i);
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    json_t *deal = line_json(&r, i);
    ck_assert_msg(is_type(deal, "deal"), "the starter choice is not followed by a deal");
    json_object_set_new(deal, "leader", json_integer((int_field(deal, "leader") + 1) % 4)); /* an opponent */
    set_line_json(&r, i, deal);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("expect seat", "deal"));
    record_free(&r);
}
END_TEST

static bool is_choice_answered(const json_t *line, bool answer)
{
    const json_t *value = json_object_get(line, "value");
    return json_is_boolean(value) && json_is_true(value) == answer;
}
static bool is_false_choice(const json_t *line) { return is_choice_answered(line, false); }
static bool is_true_choice(const json_t *line) { return is_choice_answered(line, true); }
static int find_false_choice(const record_t *r) { return find_line(r, 0, "choice", is_false_choice); }
static int find_true_choice(const record_t *r) { return find_line(r, 0, "choice", is_true_choice); }

/* Every default answer (no redeal, keep the lead) and every starter choice left out: the
 * record still agrees, the replayer answering as the engine did. */
START_TEST(partnership_default_choices_left_out)
{
    record_t r;
    make_partnership_record_with(find_false_choice, &r);
    int removed = 0;
    for (int i = r.count - 1; i >= 0; i--) {
        json_t *line = line_json(&r, i);
        bool drop = is_type(line, "choice") && (is_false_choice(line) || is_starter_choice(line));
        json_decref(line);
        if (drop) {
            delete_line(&r, i);
            removed++;
        }
    }
    ck_assert_int_gt(removed, 1);
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    record_free(&r);
}
END_TEST

/* An answer other than the default may not be left out: the line after it disagrees. */
START_TEST(partnership_true_choice_left_out)
{
    record_t r;
    int i = make_partnership_record_with(find_true_choice, &r);
    delete_line(&r, i);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, NULL);
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ a good record */

START_TEST(good_record_agrees)
{
    record_t r;
    record_make(7, &r);
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    record_free(&r);
}
END_TEST

START_TEST(unknown_fields_are_ignored)
{
    record_t r;
    record_make(7, &r);
    for (int i = 0; i < r.count; i++) {
        json_t *line = line_json(&r, i);
        json_object_set_new(line, "comment", json_string("added by a viewer"));
        json_object_set_new(line, "x_extra", json_pack("{s:i}", "n", i));
        set_line_json(&r, i, line);
    }
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ lies: REPLAY_DISAGREES */

static bool has_end(const json_t *line) { return json_object_get(line, "end") != NULL; }

static int find_placement(const record_t *r) { return find_line(r, 0, "play", has_end); }

START_TEST(play_points_changed)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "points", json_integer(int_field(line, "points") + 1));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("points"));
    record_free(&r);
}
END_TEST

START_TEST(lead_points_changed)
{
    record_t r;
    record_make(1, &r);
    int i = find_line(&r, 0, "play", NULL);
    ck_assert_int_ge(i, 0);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "points", json_integer(int_field(line, "points") + 5));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("points"));
    record_free(&r);
}
END_TEST

/* Index of the deal line of the hand that line i belongs to. */
static int deal_of(const record_t *r, int i)
{
    while (i >= 0) {
        json_t *line = line_json(r, i);
        bool deal = is_type(line, "deal");
        json_decref(line);
        if (deal) return i;
        i--;
    }
    ck_abort_msg("no deal line before the edited line");
    return -1;
}

/* Tile `k` of seat `seat`'s dealt hand in the deal at index `deal_index`, as a string. */
static void dealt_tile(const record_t *r, int deal_index, int seat, int k, char *out, size_t out_size)
{
    json_t *deal = line_json(r, deal_index);
    const char *name = json_string_value(json_array_get(json_array_get(json_object_get(deal, "hands"), (size_t)seat),
                                                        (size_t)k));
    ck_assert_ptr_nonnull(name);
    snprintf(out, out_size, "%s", name);
    json_decref(deal);
}

START_TEST(play_tile_changed)
{
    /* A tile dealt to the next seat can never be in this seat's hand (one set). */
    record_t r;
    char tile[8];
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    int seat = int_field(line, "seat");
    dealt_tile(&r, deal_of(&r, i), (seat + 1) % 3, 0, tile, sizeof tile);
    json_object_set_new(line, "tile", json_string(tile));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST(tile, "cannot"));
    record_free(&r);
}
END_TEST

/* The numbers of a tile name "a-b". */
static void tile_numbers(const json_t *line, int *a, int *b)
{
    const char *name = json_string_value(json_object_get(line, "tile"));
    ck_assert_ptr_nonnull(name);
    ck_assert_int_eq(sscanf(name, "%d-%d", a, b), 2);
}

/* A placement whose tile does not show the number of the other end of the line, so that
 * moving it there is illegal. Follows the ends of the line layout: the lead [a-b] gives
 * end 0 = a and end 1 = b; a tile on end k leaves its other number there. */
static int find_unmovable_placement(const record_t *r)
{
    int ends[2] = {-1, -1};
    for (int i = 0; i < r->count; i++) {
        json_t *line = line_json(r, i);
        int found = -1;
        if (is_type(line, "play")) {
            int a, b;
            tile_numbers(line, &a, &b);
            if (!has_end(line)) {
                ends[0] = a;
                ends[1] = b;
            } else {
                int k = int_field(line, "end");
                ck_assert_msg(k == 0 || k == 1, "line %d: end %d of a line layout", i + 1, k);
                if (a != ends[1 - k] && b != ends[1 - k]) found = i;
                ends[k] = ends[k] == a ? b : a;
            }
        }
        json_decref(line);
        if (found >= 0) return found;
    }
    return -1;
}

START_TEST(play_end_changed)
{
    record_t r;
    int i = make_record_with(find_unmovable_placement, &r);
    json_t *line = line_json(&r, i);
    int end = 1 - int_field(line, "end");
    char needle[16];
    snprintf(needle, sizeof needle, "end %d", end);
    json_object_set_new(line, "end", json_integer(end));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST(needle, "cannot"));
    record_free(&r);
}
END_TEST

START_TEST(play_seat_changed)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "seat", json_integer((int_field(line, "seat") + 1) % 3));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("seat"));
    record_free(&r);
}
END_TEST

/* A placement followed by a move of another seat: deleting it hands the turn to the wrong
 * seat at the same line number. */
static int find_deletable_play(const record_t *r)
{
    for (int i = 0; i + 1 < r->count; i++) {
        json_t *line = line_json(r, i), *next = line_json(r, i + 1);
        bool found = is_type(line, "play") && has_end(line) &&
                     (is_type(next, "play") || is_type(next, "draw") || is_type(next, "pass")) &&
                     int_field(next, "seat") != int_field(line, "seat");
        json_decref(line);
        json_decref(next);
        if (found) return i;
    }
    return -1;
}

START_TEST(play_line_deleted)
{
    record_t r;
    int i = make_record_with(find_deletable_play, &r);
    delete_line(&r, i);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("seat"));
    record_free(&r);
}
END_TEST

static int find_award(const record_t *r) { return find_line(r, 0, "award", NULL); }

START_TEST(award_points_changed)
{
    record_t r;
    int i = make_record_with(find_award, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "points", json_integer(int_field(line, "points") + 1));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("award", "points"));
    record_free(&r);
}
END_TEST

static bool has_winner(const json_t *line) { return json_is_integer(json_object_get(line, "winner")); }

static int find_won_hand_end(const record_t *r) { return find_line(r, 0, "hand_end", has_winner); }

/* Adds `delta` to element `k` of the array field `key` of line i. */
static void bump_array(record_t *r, int i, const char *key, int k, int delta)
{
    json_t *line = line_json(r, i), *array = json_object_get(line, key);
    json_t *item = json_array_get(array, (size_t)k);
    ck_assert_msg(json_is_integer(item), "%s[%d] is not an integer", key, k);
    json_array_set_new(array, (size_t)k, json_integer(json_integer_value(item) + delta));
    set_line_json(r, i, line);
}

START_TEST(hand_end_points_changed)
{
    record_t r;
    int i = make_record_with(find_won_hand_end, &r);
    bump_array(&r, i, "points", 0, 1);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("hand_end", "points"));
    record_free(&r);
}
END_TEST

START_TEST(hand_end_scores_changed)
{
    record_t r;
    int i = make_record_with(find_won_hand_end, &r);
    bump_array(&r, i, "scores", 1, -1);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("hand_end", "scores"));
    record_free(&r);
}
END_TEST

START_TEST(hand_end_pips_left_changed)
{
    record_t r;
    int i = make_record_with(find_won_hand_end, &r);
    bump_array(&r, i, "pips_left", 2, 3);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("hand_end", "pips_left"));
    record_free(&r);
}
END_TEST

START_TEST(hand_end_winner_changed)
{
    record_t r;
    int i = make_record_with(find_won_hand_end, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "winner", json_integer((int_field(line, "winner") + 1) % 3));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("hand_end", "winner"));
    record_free(&r);
}
END_TEST

START_TEST(hand_end_winner_removed)
{
    /* null ("nobody") where the rules name a winner. */
    record_t r;
    int i = make_record_with(find_won_hand_end, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "winner", json_null());
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("hand_end", "winner"));
    record_free(&r);
}
END_TEST

START_TEST(match_end_scores_changed)
{
    record_t r;
    record_make(3, &r);
    int i = r.count - 1;
    bump_array(&r, i, "scores", 0, 1);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("match_end", "scores"));
    record_free(&r);
}
END_TEST

static int find_draw(const record_t *r) { return find_line(r, 0, "draw", NULL); }

START_TEST(draw_tile_changed)
{
    record_t r;
    int i = make_record_with(find_draw, &r);
    json_t *line = line_json(&r, i);
    const char *tile = json_string_value(json_object_get(line, "tile"));
    ck_assert_ptr_nonnull(tile);
    json_object_set_new(line, "tile", json_string(strcmp(tile, "0-1") ? "0-1" : "0-2"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("draw", "tile"));
    record_free(&r);
}
END_TEST

/* The swap of hand_tile_swapped_with_stock: in hand 1, a non-double X that seat `seat`
 * places at line `play` before it ever draws or passes, and the last stock tile (inside the
 * reserve, never drawn) a non-double. Dealing that seat the stock tile instead of X changes
 * no opener and no earlier move; the first contradiction is the play of X. */
typedef struct swap {
    int deal, play, seat, slot;
    char tile[8];
} swap_t;

static swap_t found_swap;

static int find_swap(const record_t *r)
{
    int deal = find_line(r, 0, "deal", NULL);
    if (deal < 0) return -1;
    json_t *deal_line = line_json(r, deal), *stock = json_object_get(deal_line, "stock");
    int a, b, result = -1;
    const char *last = json_string_value(json_array_get(stock, json_array_size(stock) - 1));
    ck_assert_ptr_nonnull(last);
    ck_assert_int_eq(sscanf(last, "%d-%d", &a, &b), 2);
    bool last_drawn = false;
    for (int i = deal + 1; i < r->count && !last_drawn; i++) {
        json_t *line = line_json(r, i);
        if (is_type(line, "deal")) i = r->count;
        else if (is_type(line, "draw")) last_drawn = !strcmp(json_string_value(json_object_get(line, "tile")), last);
        json_decref(line);
    }
    /* Each seat's first move that is not a placement, and the placements before it. */
    for (int i = deal + 1; a != b && !last_drawn && result < 0 && i < r->count; i++) {
        json_t *line = line_json(r, i);
        if (is_type(line, "deal") || is_type(line, "hand_end")) {
            json_decref(line);
            break;
        }
        if (is_type(line, "play") && has_end(line)) {
            int seat = int_field(line, "seat"), x, y;
            bool moved_before = false;
            for (int j = deal + 1; j < i && !moved_before; j++) {
                json_t *earlier = line_json(r, j);
                moved_before = (is_type(earlier, "draw") || is_type(earlier, "pass")) &&
                               int_field(earlier, "seat") == seat;
                json_decref(earlier);
            }
            tile_numbers(line, &x, &y);
            json_t *hand = json_array_get(json_object_get(deal_line, "hands"), (size_t)seat);
            const char *tile = json_string_value(json_object_get(line, "tile"));
            for (size_t k = 0; !moved_before && x != y && k < json_array_size(hand); k++) {
                if (strcmp(json_string_value(json_array_get(hand, k)), tile) != 0) continue;
                found_swap = (swap_t){deal, i, seat, (int)k, ""};
                snprintf(found_swap.tile, sizeof found_swap.tile, "%s", tile);
                result = i;
            }
        }
        json_decref(line);
    }
    json_decref(deal_line);
    return result;
}

START_TEST(hand_tile_swapped_with_stock)
{
    record_t r;
    make_record_with(find_swap, &r);
    swap_t swap = found_swap;
    json_t *deal = line_json(&r, swap.deal);
    json_t *hand = json_array_get(json_object_get(deal, "hands"), (size_t)swap.seat);
    json_t *stock = json_object_get(deal, "stock");
    size_t last = json_array_size(stock) - 1;
    json_t *stock_tile = json_incref(json_array_get(stock, last));
    json_array_set_new(stock, last, json_string(swap.tile));
    json_array_set_new(hand, (size_t)swap.slot, stock_tile);
    set_line_json(&r, swap.deal, deal);
    expect_replay(&r, REPLAY_DISAGREES, swap.play + 1, LIST(swap.tile, "cannot"));
    record_free(&r);
}
END_TEST

/* Truncations keep the first `kept` lines: 1 (the match line), 2 (the deal), the middle,
 * and all but match_end. The error names the last line the record has. */
START_TEST(truncated)
{
    record_t r;
    record_make(5, &r);
    int keep[] = {1, 2, r.count / 2, r.count - 1};
    int kept = keep[_i];
    truncate_record(&r, kept);
    expect_replay(&r, REPLAY_DISAGREES, kept, LIST("ends before"));
    record_free(&r);
}
END_TEST

START_TEST(line_after_match_end)
{
    record_t r;
    record_make(5, &r);
    r.line = realloc(r.line, (size_t)(r.count + 1) * sizeof *r.line);
    ck_assert_ptr_nonnull(r.line);
    r.line[r.count] = strdup(r.line[r.count - 2]);
    r.count++;
    expect_replay(&r, REPLAY_DISAGREES, r.count, LIST("after match_end"));
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ a match cut by max_hands */

/* The cut match ends with the match_end of the side that scored most: without it, the
 * record ends too early; with the hands going on, or another winner, it disagrees. */
START_TEST(cut_without_match_end)
{
    record_t r;
    record_make_cut(5, &r);
    truncate_record(&r, r.count - 1);
    expect_replay(&r, REPLAY_DISAGREES, r.count, LIST("ends before", "match_end"));
    record_free(&r);
}
END_TEST

START_TEST(cut_then_dealt_on)
{
    record_t r, whole;
    record_make_cut(5, &r);
    record_make(5, &whole); /* the same match played on: its line after the first hand_end */
    int end = find_line(&whole, 0, "hand_end", NULL);
    ck_assert_int_ge(end, 0);
    set_line_text(&r, r.count - 1, whole.line[end + 1]);
    expect_replay(&r, REPLAY_DISAGREES, r.count, LIST("match_end", "not a deal line"));
    record_free(&r);
    record_free(&whole);
}
END_TEST

START_TEST(cut_match_end_winner_changed)
{
    record_t r;
    record_make_cut(5, &r);
    json_t *line = line_json(&r, r.count - 1);
    json_t *winner = json_object_get(line, "winner");
    json_object_set_new(line, "winner", json_is_integer(winner) ? json_integer((json_integer_value(winner) + 1) % 3)
                                                                : json_integer(0));
    set_line_json(&r, r.count - 1, line);
    expect_replay(&r, REPLAY_DISAGREES, r.count, LIST("match_end", "winner"));
    record_free(&r);
}
END_TEST

/* Without max_hands the match goes on: the rules expect the next deal. */
START_TEST(cut_without_max_hands)
{
    record_t r;
    record_make_cut(5, &r);
    json_t *line = line_json(&r, 0);
    ck_assert_int_eq(json_object_del(line, "max_hands"), 0);
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_DISAGREES, r.count, LIST("deal", "match_end"));
    record_free(&r);
}
END_TEST

static const char *const bad_max_hands[] = {"0", "-1", "\"1\"", "1.5", "null"};

START_TEST(cut_max_hands_malformed)
{
    record_t r;
    record_make_cut(5, &r);
    json_error_t error;
    json_t *line = line_json(&r, 0), *value = json_loads(bad_max_hands[_i], JSON_DECODE_ANY, &error);
    ck_assert_ptr_nonnull(value);
    json_object_set_new(line, "max_hands", value);
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_MALFORMED, 1, LIST("max_hands"));
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ unreadable: REPLAY_MALFORMED */

START_TEST(broken_json)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    r.line[i][strlen(r.line[i]) - 1] = '\0'; /* the closing brace */
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("JSON"));
    record_free(&r);
}
END_TEST

START_TEST(broken_json_match_line)
{
    record_t r;
    record_make(2, &r);
    set_line_text(&r, 0, "{\"type\":\"match\",\"format\":1,");
    expect_replay(&r, REPLAY_MALFORMED, 1, LIST("JSON"));
    record_free(&r);
}
END_TEST

static const char *const not_objects[] = {"[1,2,3]", "\"play\"", "42", "null"};

START_TEST(line_not_an_object)
{
    record_t r;
    int i = make_record_with(find_draw, &r);
    set_line_text(&r, i, not_objects[_i]);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("object"));
    record_free(&r);
}
END_TEST

START_TEST(unknown_line_type)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "type", json_string("bogus"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("\"bogus\""));
    record_free(&r);
}
END_TEST

START_TEST(empty_line)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    set_line_text(&r, i, "");
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("empty"));
    record_free(&r);
}
END_TEST

/* Edits of the match line's options: `value` NULL removes the key; otherwise it is JSON. */
typedef struct option_edit {
    const char *key, *value;
    const char *needles[3];
} option_edit_t;

static const option_edit_t option_edits[] = {
    {"nosuch", "1", {"nosuch", NULL}},                            /* unknown key */
    {"near_goal", "\"maybe\"", {"near_goal", "maybe", NULL}},     /* bad word */
    {"stock_reserve", "-1", {"stock_reserve", "-1", NULL}},       /* below the minimum */
    {"set_max", "7", {"set_max", "7", NULL}},                     /* not 6, 9 or 12 */
    {"drawn_tile_must_be_played", "2", {"drawn_tile_must_be_played", "2", NULL}}, /* not a boolean */
    {"hand_size", "\"by_magic\"", {"hand_size", "by_magic", NULL}},
    {"target", "1.5", {"target", NULL}},                          /* a real */
    {"block_method", "null", {"block_method", NULL}},
    {"target", NULL, {"target", NULL}},                           /* missing key */
    {"players", NULL, {"players", NULL}},                         /* required in the Bergen family */
    {"layout", "\"spinner\"", {"layout=spinner", "headers", NULL}}, /* invalid combination */
    {"hand_size", "20", {"hand_size", NULL}},                     /* 3 x 20 tiles out of 28 */
};
enum { OPTION_EDIT_COUNT = sizeof option_edits / sizeof option_edits[0] };

START_TEST(match_options_malformed)
{
    const option_edit_t *edit = &option_edits[_i];
    record_t r;
    record_make(4, &r);
    json_t *line = line_json(&r, 0), *options = json_object_get(line, "options");
    ck_assert(json_is_object(options));
    if (edit->value) {
        json_error_t error;
        json_t *value = json_loads(edit->value, JSON_DECODE_ANY, &error);
        ck_assert_msg(value, "bad test value %s", edit->value);
        json_object_set_new(options, edit->key, value);
    } else {
        ck_assert_int_eq(json_object_del(options, edit->key), 0);
    }
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_MALFORMED, 1, edit->needles);
    record_free(&r);
}
END_TEST

START_TEST(match_unknown_game)
{
    record_t r;
    record_make(4, &r);
    json_t *line = line_json(&r, 0);
    json_object_set_new(line, "game", json_string("nosuch"));
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_MALFORMED, 1, LIST("nosuch"));
    record_free(&r);
}
END_TEST

static int find_deal(const record_t *r) { return find_line(r, 0, "deal", NULL); }

START_TEST(deal_bad_tile)
{
    record_t r;
    int i = make_record_with(find_deal, &r);
    json_t *line = line_json(&r, i);
    json_array_set_new(json_array_get(json_object_get(line, "hands"), 1), 0, json_string("7-7"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("7-7", "hands[1]"));
    record_free(&r);
}
END_TEST

START_TEST(stock_bad_tile)
{
    record_t r;
    int i = make_record_with(find_deal, &r);
    json_t *line = line_json(&r, i);
    json_array_set_new(json_object_get(line, "stock"), 0, json_string("6_5"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("6_5", "stock"));
    record_free(&r);
}
END_TEST

START_TEST(play_bad_tile)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "tile", json_string("banana"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("banana", "tile"));
    record_free(&r);
}
END_TEST

START_TEST(play_missing_seat)
{
    record_t r;
    int i = make_record_with(find_placement, &r);
    json_t *line = line_json(&r, i);
    ck_assert_int_eq(json_object_del(line, "seat"), 0);
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST("seat"));
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ pinned details */

/* The "Pinned details (format 1)" of docs/record-format.md for the Bergen
 * family: each one written by the writer and read back by the replay, and each tolerated
 * form read. */

enum { PINNED_SEEDS = 120 };

static const char *string_field(const json_t *line, const char *key)
{
    const char *text = json_string_value(json_object_get(line, key));
    return text ? text : "";
}

/* Inserts `text` as line i (the old line i becomes i + 1). */
static void insert_line(record_t *r, int i, const char *text)
{
    char **grown = realloc(r->line, (size_t)(r->count + 2) * sizeof *grown);
    ck_assert_ptr_nonnull(grown);
    r->line = grown;
    memmove(&r->line[i + 1], &r->line[i], (size_t)(r->count - i) * sizeof *r->line);
    r->line[i] = strdup(text);
    ck_assert_ptr_nonnull(r->line[i]);
    r->count++;
}

/* deal.leader is the hand's starter: Bergen's nominal starter (hand - 1) mod n (R4, R6);
 * Double Bergen's designated starter, next(the seat that led the spinner) (DB R4). */
static const config_t leader_configs[] = {
    {"bergen 3", "bergen", "bergen", 3, {NULL}, NULL},
    {"bergen 4", "bergen", "bergen", 4, {NULL}, NULL},
    {"double_bergen 3", "double_bergen", "double_bergen", 3, {NULL}, NULL},
    {"double_bergen 4, left of designated", "double_bergen", "double_bergen", 4,
     {"next_designated_starter=left_of_designated", NULL}, NULL},
};

START_TEST(pinned_deal_leader_is_the_starter)
{
    const config_t *config = &leader_configs[_i];
    bool rotating = strcmp(config->game, "double_bergen") == 0;
    bool of_designated = config->options[0] != NULL;
    int checked = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        record_t r;
        record_make_config(config, seed, &r);
        int previous_leader = -1, opener = -1, hand = 0;
        for (int i = 0; i < r.count; i++) {
            json_t *line = line_json(&r, i);
            if (is_type(line, "deal")) {
                int leader = int_field(line, "leader"), number = int_field(line, "hand");
                int want = !rotating ? (number - 1) % config->players
                           : number == hand ? previous_leader /* a void hand is dealt again as it was */
                           : hand == 0 ? leader /* hand 1: drawn by the engine */
                           : (of_designated ? previous_leader + 1 : opener + 1) % config->players;
                ck_assert_msg(leader == want, "%s, seed %llu, hand %d: leader %d, the starter is %d", config->name,
                              (unsigned long long)seed, number, leader, want);
                previous_leader = leader;
                opener = -1;
                hand = number;
                checked++;
            } else if (is_type(line, "play") && !json_object_get(line, "end")) {
                opener = int_field(line, "seat");
            }
            json_decref(line);
        }
        expect_replay(&r, REPLAY_AGREES, 0, NULL);
        record_free(&r);
    }
    ck_assert_int_gt(checked, 40);
}
END_TEST

/* A deal line without `leader`, or with `dealer` instead: the replay derives the starter,
 * Double Bergen's random first one included (from the match's seed, as the writer drew it). */
START_TEST(tolerated_deal_without_leader)
{
    const config_t *config = &leader_configs[_i / 2];
    bool dealer = _i % 2;
    for (uint64_t seed = 1; seed <= 10; seed++) {
        record_t r;
        record_make_config(config, seed, &r);
        for (int i = 0; i < r.count; i++) {
            json_t *line = line_json(&r, i);
            if (is_type(line, "deal")) {
                ck_assert_int_eq(json_object_del(line, "leader"), 0);
                if (dealer) json_object_set_new(line, "dealer", json_integer(99));
                set_line_json(&r, i, line);
            } else {
                json_decref(line);
            }
        }
        expect_replay(&r, REPLAY_AGREES, 0, NULL);
        record_free(&r);
    }
}
END_TEST

START_TEST(wrong_deal_leader_disagrees)
{
    record_t r;
    record_make(3, &r);
    int i = find_line(&r, 1, "deal", NULL);
    json_t *line = line_json(&r, i);
    json_object_set_new(line, "leader", json_integer((int_field(line, "leader") + 1) % 3));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("leader"));
    record_free(&r);
}
END_TEST

/* The tiles of one seat's dealt hand hold a double. */
static bool hands_hold_a_double(const json_t *deal)
{
    const json_t *hands = json_object_get(deal, "hands");
    for (size_t seat = 0; seat < json_array_size(hands); seat++)
        for (size_t k = 0; k < json_array_size(json_array_get(hands, seat)); k++) {
            int a, b;
            const char *name = json_string_value(json_array_get(json_array_get(hands, seat), k));
            if (name && sscanf(name, "%d-%d", &a, &b) == 2 && a == b) return true;
        }
    return false;
}

/* Checks every void hand of a record: it keeps its deal line, ends with hand_end redeal
 * (winner null, points all 0, scores unchanged) right after its deal or its opening draws,
 * and the same hand number and starter are dealt next. Returns how many it saw. */
static int check_void_hands(const record_t *r, const config_t *config, int reserve, bool draws_allowed)
{
    int voids = 0, deal_index = -1;
    json_t *scores = json_pack("[]");
    for (int k = 0; k < config->players; k++) json_array_append_new(scores, json_integer(0));
    for (int i = 0; i < r->count; i++) {
        json_t *line = line_json(r, i);
        if (is_type(line, "deal")) deal_index = i;
        if (is_type(line, "draw") && deal_index >= 0) { /* never a reserved tile (R3, R6) */
            json_t *deal = line_json(r, deal_index);
            const json_t *stock = json_object_get(deal, "stock");
            size_t position = 0;
            while (position < json_array_size(stock) &&
                   strcmp(json_string_value(json_array_get(stock, position)), string_field(line, "tile")))
                position++;
            ck_assert_msg((int)position < (int)json_array_size(stock) - reserve, "line %d draws the reserved tile %s",
                          i + 1, string_field(line, "tile"));
            json_decref(deal);
        }
        if (is_type(line, "hand_end") && !strcmp(string_field(line, "reason"), "redeal")) {
            json_t *deal = line_json(r, deal_index), *next = line_json(r, i + 1);
            ck_assert_msg(json_is_null(json_object_get(line, "winner")), "line %d: a void hand has a winner", i + 1);
            const json_t *points = json_object_get(line, "points");
            for (size_t k = 0; k < json_array_size(points); k++)
                ck_assert_int_eq(json_integer_value(json_array_get(points, k)), 0);
            ck_assert_msg(json_equal(json_object_get(line, "scores"), scores), "line %d: the scores changed", i + 1);
            ck_assert_int_eq(int_field(line, "hand"), int_field(deal, "hand"));
            for (int between = deal_index + 1; between < i; between++) {
                json_t *middle = line_json(r, between);
                ck_assert_msg(draws_allowed && is_type(middle, "draw"), "line %d: a %s line in a void hand",
                              between + 1, string_field(middle, "type"));
                json_decref(middle);
            }
            if (!strcmp(config->options[0], "no_double_rule=redeal"))
                ck_assert_msg(!hands_hold_a_double(deal), "line %d: a deal with a double voided", i + 1);
            ck_assert_msg(is_type(next, "deal") && int_field(next, "hand") == int_field(deal, "hand") &&
                              int_field(next, "leader") == int_field(deal, "leader"),
                          "line %d: the void hand is not dealt again as it was", i + 2);
            json_decref(deal);
            json_decref(next);
            voids++;
        }
        if (is_type(line, "hand_end")) {
            json_decref(scores);
            scores = json_deep_copy(json_object_get(line, "scores"));
        }
        json_decref(line);
    }
    json_decref(scores);
    return voids;
}

/* Void hands: a deal without a double under no_double_rule=redeal; an opening draw (R6)
 * that runs out of drawable tiles; nothing drawable at all (void at once, no draw). */
static const struct {
    config_t config;
    int reserve;
    bool draws;
} void_configs[] = {
    {{"redeal rule", "bergen", "bergen", 2, {"no_double_rule=redeal", NULL}, NULL}, 2, false},
    {{"draw runs out", "bergen", "bergen", 2, {"hand_size=2", "stock_reserve=23", NULL}, NULL}, 23, true},
    {{"nothing drawable", "bergen", "bergen", 3, {"hand_size=2", "stock_reserve=22", NULL}, NULL}, 22, false},
};

START_TEST(pinned_void_hands)
{
    const config_t *config = &void_configs[_i].config;
    int voids = 0;
    for (uint64_t seed = 1; seed <= PINNED_SEEDS && voids < 3; seed++) {
        record_t r;
        record_make_config(config, seed, &r);
        int found = check_void_hands(&r, config, void_configs[_i].reserve, void_configs[_i].draws);
        if (found) expect_replay(&r, REPLAY_AGREES, 0, NULL);
        voids += found;
        record_free(&r);
    }
    ck_assert_msg(voids >= 3, "%s: only %d void hands in %d matches; the test proves little", config->name, voids,
                  PINNED_SEEDS);
}
END_TEST

/* A match won during a hand: the winning play, then hand_end target_reached with no winner
 * and the hand's awards so far (none yet in Bergen), then match_end. */
START_TEST(pinned_match_won_during_a_hand)
{
    static const config_t config = {"bergen 2", "bergen", "bergen", 2, {NULL}, NULL};
    int found = 0;
    for (uint64_t seed = 1; seed <= PINNED_SEEDS && found < 3; seed++) {
        record_t r;
        record_make_config(&config, seed, &r);
        json_t *end = line_json(&r, r.count - 2), *last = line_json(&r, r.count - 1);
        ck_assert_msg(is_type(last, "match_end") && is_type(end, "hand_end"), "a hand_end precedes match_end");
        if (!strcmp(string_field(end, "reason"), "target_reached")) {
            json_t *play = line_json(&r, r.count - 3);
            ck_assert_msg(is_type(play, "play") && int_field(play, "points") > 0, "the winning line is a scoring play");
            ck_assert(json_is_null(json_object_get(end, "winner")));
            json_t *no_points = json_pack("[ii]", 0, 0);
            ck_assert_msg(json_equal(json_object_get(end, "points"), no_points), "points of no award");
            json_decref(no_points);
            ck_assert(json_equal(json_object_get(end, "scores"), json_object_get(last, "scores")));
            json_decref(play);
            expect_replay(&r, REPLAY_AGREES, 0, NULL);
            found++;
        }
        json_decref(end);
        json_decref(last);
        record_free(&r);
    }
    ck_assert_msg(found >= 3, "only %d matches won during a hand", found);
}
END_TEST

/* Index of the first line of the block's end (its first award, or its hand_end) in a
 * blocked hand after line `from`, or -1. */
static int find_block_end(const record_t *r, int from)
{
    for (int i = find_line(r, from, "hand_end", NULL); i >= 0; i = find_line(r, i + 1, "hand_end", NULL)) {
        json_t *line = line_json(r, i);
        bool blocked = !strcmp(string_field(line, "reason"), "blocked");
        json_decref(line);
        if (!blocked) continue;
        int first = i;
        while (first > 0) {
            json_t *before = line_json(r, first - 1);
            bool award = is_type(before, "award");
            json_decref(before);
            if (!award) break;
            first--;
        }
        return first;
    }
    return -1;
}

/* Passes at a block: none is written, not even the pass of the seat that has just drawn
 * the last drawable tile without being able to place it. */
START_TEST(pinned_no_pass_lines_at_a_block)
{
    static const config_t config = {"bergen 3", "bergen", "bergen", 3, {NULL}, NULL};
    int blocks = 0, after_draw = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        record_t r;
        record_make_config(&config, seed, &r);
        for (int i = find_block_end(&r, 0); i >= 0; i = find_block_end(&r, i + 1)) {
            json_t *before = line_json(&r, i - 1);
            ck_assert_msg(!is_type(before, "pass"), "seed %llu, line %d: a pass line before a block's end",
                          (unsigned long long)seed, i);
            after_draw += is_type(before, "draw");
            blocks++;
            json_decref(before);
            i = find_line(&r, i, "hand_end", NULL); /* past this block's end */
        }
        record_free(&r);
    }
    ck_assert_msg(blocks >= 10 && after_draw >= 3, "%d blocks, %d after a draw: the case is not exercised", blocks,
                  after_draw);
}
END_TEST

/* A record of another writer may hold, before a blocked hand's awards, one pass of each
 * seat that can neither place nor draw; not two of one seat, and not after an award. */
START_TEST(tolerated_passes_before_a_block)
{
    static const config_t config = {"bergen 3", "bergen", "bergen", 3, {NULL}, NULL};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        record_t r;
        record_make_config(&config, seed, &r);
        int i = find_block_end(&r, 0);
        if (i < 0) {
            record_free(&r);
            continue;
        }
        json_t *end = line_json(&r, i);
        int hand = int_field(end, "hand");
        json_decref(end);
        char pass[3][64];
        for (int seat = 0; seat < 3; seat++)
            snprintf(pass[seat], sizeof pass[seat], "{\"type\":\"pass\",\"hand\":%d,\"seat\":%d}", hand, seat);
        /* every seat once, in seat order */
        for (int seat = 2; seat >= 0; seat--) insert_line(&r, i, pass[seat]);
        expect_replay(&r, REPLAY_AGREES, 0, NULL);
        /* a seat twice in a row */
        insert_line(&r, i + 3, pass[1]);
        expect_replay(&r, REPLAY_DISAGREES, i + 4, LIST("pass"));
        delete_line(&r, i + 3);
        /* a pass after an award of the block */
        json_t *award = line_json(&r, i + 3);
        bool has_award = is_type(award, "award");
        json_decref(award);
        if (has_award) {
            insert_line(&r, i + 4, pass[0]);
            expect_replay(&r, REPLAY_DISAGREES, i + 5, LIST("pass"));
        }
        record_free(&r);
        return;
    }
    ck_abort_msg("no blocked hand in 40 matches");
}
END_TEST

/* Points are what was credited: every hand's play and award points add up to the change
 * of the scores in its hand_end, near-goal reductions (a play credited 1, which no header
 * scores in full) and the score floor (deductions cut at 0) included. */
static const config_t credit_configs[] = {
    {"bergen 2, pagat", "bergen", "bergen", 2, {NULL}, "\"points\":1}"},
    {"bergen 3, cap", "bergen", "bergen", 3, {"near_goal=cap", NULL}, "\"points\":1}"},
    {"double_bergen 4, score floor", "double_bergen", "double_bergen", 4, {"score_floor=zero", "target=30", NULL},
     "\"reason\":\"deduction\""},
};

START_TEST(pinned_points_are_credited)
{
    const config_t *config = &credit_configs[_i];
    int shown = 0, floored = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        record_t r;
        record_make_config(config, seed, &r);
        long scores[GAME_MAX_SEATS] = {0}, credited[GAME_MAX_SEATS] = {0};
        for (int i = 0; i < r.count; i++) {
            json_t *line = line_json(&r, i);
            shown += strstr(r.line[i], config->must_show) != NULL;
            if (is_type(line, "play")) credited[int_field(line, "seat")] += int_field(line, "points");
            if (is_type(line, "award")) {
                credited[int_field(line, "to")] += int_field(line, "points");
                floored += !strcmp(string_field(line, "reason"), "deduction") &&
                           scores[int_field(line, "to")] + credited[int_field(line, "to")] == 0;
            }
            if (is_type(line, "hand_end")) {
                const json_t *now = json_object_get(line, "scores");
                for (int seat = 0; seat < config->players; seat++) {
                    scores[seat] += credited[seat];
                    credited[seat] = 0;
                    ck_assert_msg(scores[seat] == json_integer_value(json_array_get(now, (size_t)seat)),
                                  "%s, seed %llu, line %d: seat %d's credited points add to %ld, the score is %lld",
                                  config->name, (unsigned long long)seed, i + 1, seat, scores[seat],
                                  (long long)json_integer_value(json_array_get(now, (size_t)seat)));
                }
            }
            json_decref(line);
        }
        record_free(&r);
    }
    ck_assert_msg(shown > 0, "%s: no record shows %s", config->name, config->must_show);
    if (strstr(config->name, "floor")) ck_assert_msg(floored > 0, "no deduction reached the floor");
}
END_TEST

START_TEST(match_unknown_preset)
{
    record_t r;
    record_make(4, &r);
    json_t *line = line_json(&r, 0);
    json_object_set_new(line, "preset", json_string("bergen_deluxe"));
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_MALFORMED, 1, LIST("bergen_deluxe", "preset"));
    record_free(&r);
}
END_TEST

/* ---- forms other writers use (record-format.md, "Pinned details", changed 2026-12-06) */

/* A match line without options.players: read as the game's one count (Partnership 4,
 * Bingo 2); the Bergen family needs it (match_options_malformed). */
static const config_t one_count_configs[] = {
    {"partnership", "partnership", "doscientos", 4, {NULL}, NULL},
    {"bingo", "bingo", "bingo", 2, {NULL}, NULL},
};

START_TEST(tolerated_match_without_players)
{
    record_t r;
    record_make_config(&one_count_configs[_i], 3, &r);
    json_t *line = line_json(&r, 0);
    ck_assert_int_eq(json_object_del(json_object_get(line, "options"), "players"), 0);
    set_line_json(&r, 0, line);
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    record_free(&r);
}
END_TEST

/* A meld's doubles in any order agree; a double the rules do not show disagrees. */
START_TEST(tolerated_meld_in_any_order)
{
    record_t r;
    int i = make_bingo_record_with(find_meld, &r);
    json_t *line = line_json(&r, i), *tiles = json_object_get(line, "tiles"), *reversed = json_array();
    size_t count = json_array_size(tiles);
    ck_assert_uint_ge(count, 2);
    for (size_t k = count; k-- > 0;) json_array_append(reversed, json_array_get(tiles, k));
    json_object_set_new(line, "tiles", reversed);
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    line = line_json(&r, i);
    tiles = json_object_get(line, "tiles");
    for (int n = 0; n <= 6; n++) { /* the first tile becomes a double the meld does not hold */
        char name[8];
        snprintf(name, sizeof name, "%d-%d", n, n);
        bool held = false;
        for (size_t k = 0; k < count; k++) held |= !strcmp(json_string_value(json_array_get(tiles, k)), name);
        if (held) continue;
        json_array_set_new(tiles, 0, json_string(name));
        break;
    }
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("meld", "tiles"));
    record_free(&r);
}
END_TEST

/* Reason words: a word outside the game's pinned list is malformed (exit 2), another
 * listed word than the rules give disagrees (exit 1); in every game, award and hand_end. */
static const struct {
    config_t config;
    const char *type;
} reason_cases[] = {
    {{"bergen", "bergen", "bergen", 3, {NULL}, NULL}, "award"},
    {{"bergen", "bergen", "bergen", 3, {NULL}, NULL}, "hand_end"},
    {{"double_bergen", "double_bergen", "double_bergen", 2, {NULL}, NULL}, "award"},
    {{"double_bergen", "double_bergen", "double_bergen", 2, {NULL}, NULL}, "hand_end"},
    {{"partnership", "partnership", "quinientos", 4, {NULL}, NULL}, "award"},
    {{"partnership", "partnership", "quinientos", 4, {NULL}, NULL}, "hand_end"},
    {{"bingo", "bingo", "bingo", 2, {NULL}, NULL}, "award"},
    {{"bingo", "bingo", "bingo", 2, {NULL}, NULL}, "hand_end"},
};

START_TEST(pinned_reason_words)
{
    const game_t *game = game_find(reason_cases[_i].config.game);
    const char *type = reason_cases[_i].type;
    const char *const *words = strcmp(type, "award") ? game->hand_end_words : game->award_words;
    record_t r;
    record_make_config(&reason_cases[_i].config, 5, &r);
    int i = find_line(&r, 0, type, NULL);
    ck_assert_int_ge(i, 0);
    json_t *line = line_json(&r, i);
    const char *written = string_field(line, "reason"), *other = NULL;
    bool listed = false;
    for (int k = 0; words[k]; k++) {
        listed |= !strcmp(words[k], written);
        if (!other && strcmp(words[k], written)) other = words[k];
    }
    ck_assert_msg(listed, "%s writes the reason \"%s\", not a pinned word", game->name, written);
    json_object_set_new(line, "reason", json_string(other));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST(type, other));
    line = line_json(&r, i);
    json_object_set_new(line, "reason", json_string("finished"));
    set_line_json(&r, i, line);
    expect_replay(&r, REPLAY_MALFORMED, i + 1, LIST(type, "\"finished\"", "Pinned details", words[0]));
    record_free(&r);
}
END_TEST

/* Bingo's turned tile is the last of the deal's stock, and the trump line's tile: a
 * record that writes it first breaks the pinned form, at the trump line. */
START_TEST(pinned_turned_tile_last)
{
    record_t r;
    record_make_config(&one_count_configs[1], 4, &r);
    int i = find_deal(&r);
    json_t *deal = line_json(&r, i), *stock = json_object_get(deal, "stock");
    size_t last = json_array_size(stock) - 1;
    json_t *turned = json_incref(json_array_get(stock, last));
    json_t *trump = line_json(&r, i + 1);
    ck_assert(is_type(trump, "trump") && json_equal(json_object_get(trump, "tile"), turned));
    json_decref(trump);
    json_array_remove(stock, last);
    json_array_insert_new(stock, 0, turned);
    set_line_json(&r, i, deal);
    expect_replay(&r, REPLAY_MALFORMED, i + 2, LIST("trump", "last tile of the deal's stock"));
    record_free(&r);
}
END_TEST

/* R8: no hand-over before a forced [6-6] lead. The first hand's starter holds [6-6]
 * (holder_66) and leads it with no choice line before; a lead_to_partner choice written
 * there, either answer, disagrees with the rules. */
START_TEST(no_hand_over_before_a_forced_66)
{
    static const config_t config = {"hand-over", "partnership", "partnership", 4,
                                    {"allow_lead_to_partner=true", "redeal_min_doubles=7", NULL}, NULL};
    record_t r;
    record_make_config(&config, 6, &r);
    int i = find_line(&r, 0, "play", NULL);
    json_t *lead = line_json(&r, i);
    ck_assert_str_eq(string_field(lead, "tile"), "6-6");
    ck_assert_int_eq(int_field(lead, "hand"), 1);
    for (int k = 0; k < i; k++) {
        json_t *line = line_json(&r, k);
        ck_assert_msg(!is_type(line, "choice"), "line %d: a choice before the forced [6-6] lead", k + 1);
        json_decref(line);
    }
    ck_assert_int_ge(find_line(&r, i, "choice", NULL), 0); /* later, free leads offer it */
    for (int value = 0; value < 2; value++) {
        char text[160];
        snprintf(text, sizeof text,
                 "{\"type\":\"choice\",\"hand\":1,\"seat\":%d,\"decision\":\"lead_to_partner\",\"value\":%s}",
                 int_field(lead, "seat"), value ? "true" : "false");
        insert_line(&r, i, text);
        expect_replay(&r, REPLAY_DISAGREES, i + 1, LIST("6-6"));
        delete_line(&r, i);
    }
    expect_replay(&r, REPLAY_AGREES, 0, NULL);
    json_decref(lead);
    record_free(&r);
}
END_TEST

/* ------------------------------------------------------------------ suite */

static Suite *record_replay_suite(void)
{
    Suite *suite = suite_create("record and replay");

    TCase *trip = tcase_create("round trip");
    tcase_set_timeout(trip, 1200);
    tcase_add_loop_test(trip, round_trip, 0, CONFIG_COUNT);
    tcase_add_loop_test(trip, partnership_example_replays_with_the_vector_scores, 0,
                        (int)(sizeof example_rows / sizeof example_rows[0]));
    tcase_add_loop_test(trip, cut_round_trip, 0, (int)(sizeof cut_configs / sizeof cut_configs[0]));
    tcase_add_loop_test(trip, same_seed_same_bytes, 0, sizeof same_seed_args / sizeof same_seed_args[0]);
    tcase_add_test(trip, other_seed_other_record);
    tcase_add_test(trip, good_record_agrees);
    tcase_add_test(trip, unknown_fields_are_ignored);
    suite_add_tcase(suite, trip);

    TCase *lies = tcase_create("disagreements");
    tcase_set_timeout(lies, 600);
    tcase_add_test(lies, play_points_changed);
    tcase_add_test(lies, lead_points_changed);
    tcase_add_test(lies, play_tile_changed);
    tcase_add_test(lies, play_end_changed);
    tcase_add_test(lies, play_seat_changed);
    tcase_add_test(lies, play_line_deleted);
    tcase_add_test(lies, award_points_changed);
    tcase_add_test(lies, partnership_starter_of_the_other_team);
    tcase_add_test(lies, bingo_trick_to_the_loser);
    tcase_add_test(lies, bingo_meld_worth_more);
    tcase_add_test(lies, bingo_game_points_inflated);
    tcase_add_test(lies, bingo_follow_broken);
    tcase_add_test(lies, bingo_follow_against_r12);
    tcase_add_test(lies, partnership_pass_instead_of_a_play);
    tcase_add_test(lies, partnership_award_to_the_other_team);
    tcase_add_test(lies, partnership_starter_choice_left_out);
    tcase_add_test(lies, partnership_default_choices_left_out);
    tcase_add_test(lies, partnership_true_choice_left_out);
    tcase_add_test(lies, hand_end_points_changed);
    tcase_add_test(lies, hand_end_scores_changed);
    tcase_add_test(lies, hand_end_pips_left_changed);
    tcase_add_test(lies, hand_end_winner_changed);
    tcase_add_test(lies, hand_end_winner_removed);
    tcase_add_test(lies, match_end_scores_changed);
    tcase_add_test(lies, draw_tile_changed);
    tcase_add_test(lies, hand_tile_swapped_with_stock);
    tcase_add_loop_test(lies, truncated, 0, 4);
    tcase_add_test(lies, line_after_match_end);
    tcase_add_test(lies, cut_without_match_end);
    tcase_add_test(lies, cut_then_dealt_on);
    tcase_add_test(lies, cut_match_end_winner_changed);
    tcase_add_test(lies, cut_without_max_hands);
    suite_add_tcase(suite, lies);

    TCase *malformed = tcase_create("malformed");
    tcase_set_timeout(malformed, 600);
    tcase_add_test(malformed, broken_json);
    tcase_add_test(malformed, partnership_unknown_decision);
    tcase_add_loop_test(malformed, cut_max_hands_malformed, 0, (int)(sizeof bad_max_hands / sizeof bad_max_hands[0]));
    tcase_add_test(malformed, broken_json_match_line);
    tcase_add_loop_test(malformed, line_not_an_object, 0, sizeof not_objects / sizeof not_objects[0]);
    tcase_add_test(malformed, unknown_line_type);
    tcase_add_test(malformed, empty_line);
    tcase_add_loop_test(malformed, match_options_malformed, 0, OPTION_EDIT_COUNT);
    tcase_add_test(malformed, match_unknown_game);
    tcase_add_test(malformed, match_unknown_preset);
    tcase_add_test(malformed, deal_bad_tile);
    tcase_add_test(malformed, stock_bad_tile);
    tcase_add_test(malformed, play_bad_tile);
    tcase_add_test(malformed, play_missing_seat);
    suite_add_tcase(suite, malformed);

    TCase *pinned = tcase_create("pinned details");
    tcase_set_timeout(pinned, 600);
    int leader_configs_count = (int)(sizeof leader_configs / sizeof leader_configs[0]);
    tcase_add_loop_test(pinned, pinned_deal_leader_is_the_starter, 0, leader_configs_count);
    tcase_add_loop_test(pinned, tolerated_deal_without_leader, 0, 2 * leader_configs_count);
    tcase_add_test(pinned, wrong_deal_leader_disagrees);
    tcase_add_loop_test(pinned, pinned_void_hands, 0, (int)(sizeof void_configs / sizeof void_configs[0]));
    tcase_add_test(pinned, pinned_match_won_during_a_hand);
    tcase_add_test(pinned, pinned_no_pass_lines_at_a_block);
    tcase_add_test(pinned, tolerated_passes_before_a_block);
    tcase_add_loop_test(pinned, pinned_points_are_credited, 0, (int)(sizeof credit_configs / sizeof credit_configs[0]));
    tcase_add_loop_test(pinned, tolerated_match_without_players, 0,
                        (int)(sizeof one_count_configs / sizeof one_count_configs[0]));
    tcase_add_test(pinned, tolerated_meld_in_any_order);
    tcase_add_loop_test(pinned, pinned_reason_words, 0, (int)(sizeof reason_cases / sizeof reason_cases[0]));
    tcase_add_test(pinned, pinned_turned_tile_last);
    tcase_add_test(pinned, no_hand_over_before_a_forced_66);
    suite_add_tcase(suite, pinned);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(record_replay_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
