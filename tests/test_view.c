/* test_view.c - `dominolab view` without a browser: the page's data against the engine.
 *
 * A match of each game is recorded, made into a page, and the JSON inside the page is read
 * back. Every frame must show what the engine itself says of that moment (each seat's
 * tiles, the tiles on the table, the ends, the stock, the scores), the last frame the
 * record's result; greedy annotating greedy's own games never deviates; a bad record gives
 * an error naming its line and no page. tests/test_browser.c opens the pages in Chromium.
 */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "games.h"
#include "records/replay.h"
#include "test_support.h"
#include "view.h"
#include "view_fixture.h"

/* ------------------------------------------------------------------ the engine's own view */

/* What the engine says after each step of the match: one entry per frame, in order. */
enum { MAX_FRAMES = 4096 };
typedef struct engine_frame {
    tileset_t hand[GAME_MAX_SEATS], table;
    int hand_size[GAME_MAX_SEATS];
    int stock, score[GAME_MAX_SEATS], ends[GAME_MAX_ENDS], end_count;
} engine_frame_t;

typedef struct engine_view {
    int count;
    bool moved; /* a move began the current frame and no event has shown it yet */
    engine_frame_t frame[MAX_FRAMES];
} engine_view_t;

static void engine_take(engine_view_t *view, const match_setup_t *setup, const void *state)
{
    engine_frame_t *f = &view->frame[view->count - 1];
    game_observation_t obs;
    for (int seat = 0; seat < setup->seats; seat++) {
        setup->game->observe(state, seat, &obs);
        f->hand[seat] = obs.hand;
        f->hand_size[seat] = obs.hand_size[seat];
    }
    f->table = obs.table;
    f->stock = obs.stock_size;
    setup->game->scores(state, f->score);
    f->end_count = obs.layout_kind == GAME_LAYOUT_TRICK ? 0 : obs.ends.count;
    for (int end = 0; end < f->end_count; end++) f->ends[end] = obs.ends.number[end];
    view->moved = false;
}

static int engine_event(void *context, const match_setup_t *setup, const void *state, const game_event_t *event)
{
    engine_view_t *view = context;
    if (event->kind == GAME_EVENT_DEAL) {
        ck_assert_int_lt(view->count, MAX_FRAMES);
        view->count++;
    }
    if (view->count > 0) engine_take(view, setup, state);
    return 0;
}

static int engine_move(void *context, const match_setup_t *setup, const void *state, game_move_t move)
{
    (void)move;
    engine_view_t *view = context;
    if (view->moved) engine_take(view, setup, state);
    ck_assert_int_lt(view->count, MAX_FRAMES);
    view->count++;
    view->moved = true;
    return 0;
}

/* ------------------------------------------------------------------ comparisons */

static tileset_t names_to_set(const json_t *names, int *count)
{
    tileset_t set = tileset_empty();
    size_t i;
    json_t *name;
    *count = 0;
    json_array_foreach(names, i, name) {
        int tile = tileset_parse_tile(json_string_value(name), 12);
        ck_assert_msg(tile >= 0, "not a tile: %s", json_string_value(name));
        tileset_add(&set, tile);
        ++*count;
    }
    return set;
}

/* The tiles a line or spinner frame shows on the table, and checks that each arm is a chain
 * from the lead to the end it shows. */
static tileset_t line_tiles(const json_t *table, const int *ends, int end_count, const char *where)
{
    tileset_t set = tileset_empty();
    const json_t *lead = json_object_get(table, "lead"), *arms = json_object_get(table, "arms");
    ck_assert_int_eq((int)json_array_size(arms), end_count);
    if (json_is_null(lead)) return set;
    int lead_number[2] = {(int)json_integer_value(json_array_get(lead, 0)),
                          (int)json_integer_value(json_array_get(lead, 1))};
    tileset_add(&set, tileset_index(lead_number[0], lead_number[1]));
    for (int end = 0; end < end_count; end++) {
        const json_t *arm = json_array_get(arms, (size_t)end);
        int shown = lead_number[end_count == 2 ? end : 0]; /* a line's end k starts from the lead's number k */
        size_t k;
        json_t *tile;
        json_array_foreach(arm, k, tile) {
            int inner = (int)json_integer_value(json_array_get(tile, 0)), outer = (int)json_integer_value(json_array_get(tile, 1));
            ck_assert_msg(inner == shown, "%s: arm %d, tile %zu attaches %d to %d", where, end, k, inner, shown);
            tileset_add(&set, tileset_index(inner, outer));
            shown = outer;
        }
        ck_assert_msg(shown == ends[end], "%s: arm %d ends in %d, the engine shows %d", where, end, shown, ends[end]);
    }
    return set;
}

static tileset_t trick_tiles(const json_t *table)
{
    tileset_t set = tileset_empty();
    int count;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(table, "won"), i, item) set = tileset_or(set, names_to_set(item, &count));
    json_array_foreach(json_object_get(table, "trick"), i, item) {
        tileset_add(&set, tileset_parse_tile(json_string_value(json_object_get(item, "tile")), 12));
    }
    return set;
}

static void compare_frame(const json_t *frame, const engine_frame_t *truth, int seats, int sides, const char *layout,
                          const char *where)
{
    for (int seat = 0; seat < seats; seat++) {
        int count;
        tileset_t shown = names_to_set(json_array_get(json_object_get(frame, "hands"), (size_t)seat), &count);
        ck_assert_msg(tileset_equal(shown, truth->hand[seat]) && count == truth->hand_size[seat],
                      "%s: seat %d's tiles differ from the engine's (%d shown, %d held)", where, seat, count,
                      truth->hand_size[seat]);
    }
    for (int side = 0; side < sides; side++)
        ck_assert_msg(json_integer_value(json_array_get(json_object_get(frame, "scores"), (size_t)side)) ==
                          truth->score[side],
                      "%s: side %d's score differs", where, side);
    ck_assert_msg(json_integer_value(json_object_get(frame, "stock")) == truth->stock, "%s: the stock differs", where);
    const json_t *table = json_object_get(frame, "table");
    tileset_t on_table;
    if (!strcmp(layout, "trick")) {
        on_table = trick_tiles(table);
    } else {
        for (int end = 0; end < truth->end_count; end++)
            ck_assert_msg(json_integer_value(json_array_get(json_object_get(table, "ends"), (size_t)end)) ==
                              truth->ends[end],
                          "%s: end %d differs", where, end);
        on_table = line_tiles(table, truth->ends, truth->end_count, where);
    }
    ck_assert_msg(tileset_equal(on_table, truth->table), "%s: the tiles on the table differ from the engine's", where);
}

START_TEST(every_frame_shows_what_the_engine_says)
{
    const view_case_t *c = &view_cases[_i];
    const char *record;
    json_t *data = view_recorded_page(c, "frames", NULL, &record, NULL);

    static engine_view_t view;
    memset(&view, 0, sizeof view);
    match_sink_t sink = {.context = &view, .on_event = engine_event, .on_move = engine_move};
    replay_summary_t summary;
    char error[1024];
    ck_assert_msg(replay_file_to(record, &sink, &summary, error, sizeof error) == 0, "%s", error);

    const char *layout = json_string_value(json_object_get(data, "layout"));
    int seats = (int)json_integer_value(json_object_get(data, "seats"));
    int sides = (int)json_integer_value(json_object_get(data, "sides"));
    int index = 0;
    size_t h, p;
    json_t *hand, *frame;
    json_array_foreach(json_object_get(data, "hands"), h, hand) {
        json_array_foreach(json_object_get(hand, "frames"), p, frame) {
            char where[128];
            snprintf(where, sizeof where, "%s, hand %zu, ply %zu", c->game, h + 1, p);
            ck_assert_msg(index < view.count, "%s: more frames than moves", where);
            ck_assert_int_eq((int)json_integer_value(json_object_get(frame, "ply")), (int)p);
            compare_frame(frame, &view.frame[index++], seats, sides, layout, where);
        }
    }
    ck_assert_msg(index == view.count, "%s: %d frames for %d steps", c->game, index, view.count);
    if (_i == VIEW_CASE_REDEAL) { /* the void hand is there, as one frame, and so is its redeal */
        json_t *hands = json_object_get(data, "hands");
        json_t *void_hand = json_array_get(hands, 3), *redeal = json_array_get(hands, 4);
        ck_assert(json_is_true(json_object_get(void_hand, "void")) && json_is_false(json_object_get(redeal, "void")));
        ck_assert_int_eq((int)json_array_size(json_object_get(void_hand, "frames")), 1);
        ck_assert(json_equal(json_object_get(void_hand, "hand"), json_object_get(redeal, "hand")));
    }
    json_decref(data);
}
END_TEST

/* The last frame's scores and the page's result are the record's match_end line. */
START_TEST(the_last_frame_holds_the_result)
{
    const view_case_t *c = &view_cases[_i];
    const char *record;
    json_t *data = view_recorded_page(c, "result", NULL, &record, NULL);
    char *text = support_read_file(record, NULL);
    char *last = strrchr(text, '{');
    json_t *end = json_loads(last, 0, NULL);
    ck_assert_ptr_nonnull(end);
    ck_assert_str_eq(json_string_value(json_object_get(end, "type")), "match_end");
    json_t *hands = json_object_get(data, "hands");
    json_t *frames = json_object_get(json_array_get(hands, json_array_size(hands) - 1), "frames");
    json_t *final = json_array_get(frames, json_array_size(frames) - 1);
    ck_assert_msg(json_equal(json_object_get(final, "scores"), json_object_get(end, "scores")), "final scores differ");
    ck_assert_msg(json_equal(json_object_get(json_object_get(data, "result"), "scores"), json_object_get(end, "scores")),
                  "the result's scores differ");
    ck_assert_msg(json_equal(json_object_get(json_object_get(data, "result"), "winner"), json_object_get(end, "winner")),
                  "the result's winner differs");
    ck_assert_int_eq((int)json_integer_value(json_object_get(final, "to_move")), -1);
    json_decref(end);
    json_decref(data);
    free(text);
}
END_TEST

static void count_annotated(void *context, int decisions)
{
    int *told = context;
    ck_assert_int_eq(decisions, *told + 1);
    *told = decisions;
}

/* A greedy seat annotated by greedy agrees at every decision; a random seat does not, and
 * the bot's move is always one of the best it valued. */
START_TEST(greedy_annotating_greedy_never_deviates)
{
    static const view_case_t cases[] = {{"bergen", "2", "greedy,random", "21", NULL, NULL},
                                        {"bingo", "2", "greedy,random", "22", NULL, NULL},
                                        {"partnership", "4", "greedy,random,greedy,random", "23", NULL, NULL}};
    const view_case_t *c = &cases[_i];
    int told = 0;
    view_options_t options = {.annotate = "greedy", .on_annotated = count_annotated, .context = &told};
    json_t *data = view_recorded_page(c, "annotate", &options, NULL, NULL);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(data, "annotation"), "measure")), "points now");
    int greedy_decisions = 0, random_decisions = 0, random_deviations = 0;
    size_t h, p, m;
    json_t *hand, *frame, *move;
    json_array_foreach(json_object_get(data, "hands"), h, hand) json_array_foreach(json_object_get(hand, "frames"), p, frame)
    {
        json_t *note = json_object_get(frame, "annotation");
        if (json_is_null(note)) continue;
        int seat = (int)json_integer_value(json_object_get(note, "seat"));
        int played = (int)json_integer_value(json_object_get(note, "played"));
        int bot = (int)json_integer_value(json_object_get(note, "bot"));
        ck_assert_int_eq(seat, (int)json_integer_value(json_object_get(frame, "seat")));
        double best = -INFINITY;
        json_array_foreach(json_object_get(note, "moves"), m, move) {
            json_t *value = json_object_get(move, "value");
            if (json_is_number(value) && json_number_value(value) > best) best = json_number_value(value);
        }
        json_t *bot_value = json_object_get(json_array_get(json_object_get(note, "moves"), (size_t)bot), "value");
        ck_assert_msg(json_number_value(bot_value) == best, "the bot's move is not one it valued best");
        if (seat % 2 == 0) {
            greedy_decisions++;
            ck_assert_msg(played == bot, "%s, hand %zu, ply %zu: greedy deviated from greedy", c->game, h + 1, p);
            ck_assert(json_number_value(json_object_get(note, "cost")) == 0);
        } else {
            random_decisions++;
            if (played != bot) {
                random_deviations++;
                ck_assert(json_number_value(json_object_get(note, "cost")) >= 0);
            }
        }
    }
    ck_assert_msg(greedy_decisions > 5 && random_decisions > 5, "%s: too few decisions (%d, %d)", c->game,
                  greedy_decisions, random_decisions);
    ck_assert_msg(random_deviations > 0, "%s: random never left greedy's choice", c->game);
    ck_assert_int_eq(told, greedy_decisions + random_decisions); /* the progress heard of each */
    json_decref(data);
}
END_TEST

/* Only the seats asked for are annotated. */
START_TEST(annotations_only_for_the_seats_asked)
{
    const char *dir = support_scratch("seats");
    const char *record = view_record_match(&view_cases[3], dir);
    char html[4096];
    snprintf(html, sizeof html, "%s/page.html", dir);
    char *argv[] = {"view", (char *)record, "-o", html, "--annotate", "heuristic", "--seats", "1,2", NULL};
    capture_t run;
    support_run(cli_view, argv, &run);
    ck_assert_msg(run.status == 0, "%s", run.err);
    support_capture_free(&run);
    json_t *data = view_page_data(html);
    int per_seat[GAME_MAX_SEATS] = {0};
    size_t h, p;
    json_t *hand, *frame;
    json_array_foreach(json_object_get(data, "hands"), h, hand) json_array_foreach(json_object_get(hand, "frames"), p, frame)
    {
        json_t *note = json_object_get(frame, "annotation");
        if (!json_is_null(note)) per_seat[json_integer_value(json_object_get(note, "seat"))]++;
    }
    ck_assert_int_eq(per_seat[0], 0);
    ck_assert_int_eq(per_seat[3], 0);
    ck_assert_int_gt(per_seat[1], 0);
    ck_assert_int_gt(per_seat[2], 0);
    json_decref(data);
}
END_TEST

/* ------------------------------------------------------------------ bad input */

typedef struct bad_record {
    const char *name;
    int status;         /* the command's exit status */
    const char *saying; /* in its message */
} bad_record_t;

/* Every award and hand end carries the game's words for its reason, and every scoring play
 * the game's phrase for why: words for people, never the record's identifiers. */
START_TEST(every_point_carries_its_words)
{
    json_t *data = view_recorded_page(&view_cases[_i], "words", NULL, NULL, NULL);
    int plays = 0, awards = 0;
    size_t h, p, i;
    json_t *hand, *frame, *line;
    ck_assert_msg(!strchr(json_string_value(json_object_get(data, "game_title")), '_'), "game_title: %s",
                  json_string_value(json_object_get(data, "game_title")));
    json_array_foreach(json_object_get(data, "hands"), h, hand) json_array_foreach(json_object_get(hand, "frames"), p, frame)
        json_array_foreach(json_object_get(frame, "lines"), i, line) {
            const char *type = json_string_value(json_object_get(line, "type"));
            const char *words = json_string_value(json_object_get(line, "reason_words"));
            const char *why = json_string_value(json_object_get(line, "why"));
            if (!strcmp(type, "award") || !strcmp(type, "hand_end")) {
                ck_assert_msg(words && *words && !strchr(words, '_'), "%s %zu:%zu: reason words '%s' for '%s'",
                              view_cases[_i].game, h + 1, p, words ? words : "(none)",
                              json_string_value(json_object_get(line, "reason")));
                awards += !strcmp(type, "award");
            }
            if (!strcmp(type, "play") && json_integer_value(json_object_get(line, "points")) != 0) {
                ck_assert_msg(why && *why, "%s %zu:%zu: a scoring play without its why", view_cases[_i].game, h + 1, p);
                plays++;
            }
        }
    ck_assert_msg(awards + plays > 0, "%s: no point to look at", view_cases[_i].game);
    json_decref(data);
}
END_TEST

/* The page holds the record it was made from, byte for byte, in base64 (the download). */
START_TEST(the_page_holds_its_record)
{
    const char *record, *html;
    json_decref(view_recorded_page(&view_cases[4], "record", NULL, &record, &html));
    size_t record_size;
    char *want = support_read_file(record, &record_size), *page = support_read_file(html, NULL);
    ck_assert(want && page);
    const char *mark = "<script type=\"text/plain\" id=\"record-data\">";
    char *at = strstr(page, mark);
    ck_assert_msg(at != NULL, "no record in the page");
    at += strlen(mark);
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t got = 0;
    unsigned long bits = 0;
    int count = 0;
    for (; *at != '<'; at++) {
        if (*at == '=') break;
        const char *digit = strchr(digits, *at);
        ck_assert_msg(digit && *at, "a byte outside base64: %c", *at);
        bits = bits << 6 | (unsigned long)(digit - digits);
        if (++count == 4) {
            for (int k = 2; k >= 0; k--, got++) ck_assert_int_eq((unsigned char)want[got], (bits >> (8 * k)) & 255);
            bits = 0;
            count = 0;
        }
    }
    for (int k = 0; k < count - 1; k++, got++) /* the last group: 2 digits a byte, 3 two */
        ck_assert_int_eq((unsigned char)want[got], (bits << (6 * (4 - count))) >> (16 - 8 * k) & 255);
    ck_assert_uint_eq(got, record_size);
    free(want);
    free(page);
}
END_TEST

/* Writes the bad variant `kind` of a good record. */
static void spoil(const char *good, const char *bad, int kind)
{
    char *text = support_read_file(good, NULL);
    ck_assert_ptr_nonnull(text);
    if (kind == 0) { /* truncated: the last two lines lost */
        for (int cut = 0; cut < 3; cut++) *strrchr(text, '\n') = '\0';
        strcat(text, "\n");
    } else if (kind == 1) { /* a play's points changed */
        char *points = strstr(strstr(text, "\"type\":\"play\""), "\"points\":");
        points[strlen("\"points\":")] = '7';
    } else { /* not JSON */
        char *second = strchr(text, '\n') + 1;
        second[0] = '<';
    }
    ck_assert(support_write_file(bad, text));
    free(text);
}

START_TEST(a_bad_record_gives_an_error_and_no_page)
{
    static const bad_record_t bad[] = {{"truncated", 1, ":"}, {"tampered", 1, "but the rules give"}, {"not JSON", 2, ":2:"}};
    const char *dir = support_scratch("bad");
    const char *good = view_record_match(&view_cases[0], dir);
    char record[4096], html[4096];
    snprintf(record, sizeof record, "%s/bad.jsonl", dir);
    snprintf(html, sizeof html, "%s/bad.html", dir);
    spoil(good, record, _i);
    char *argv[] = {"view", record, "-o", html, NULL};
    capture_t run;
    support_run(cli_view, argv, &run);
    ck_assert_msg(run.status == bad[_i].status, "%s: exit %d, expected %d (%s)", bad[_i].name, run.status,
                  bad[_i].status, run.err);
    ck_assert_msg(strstr(run.err, record) && strstr(run.err, bad[_i].saying), "%s: the message does not name the file "
                  "and line: %s", bad[_i].name, run.err);
    ck_assert_msg(support_is_one_line(run.err), "%s: not one line: %s", bad[_i].name, run.err);
    ck_assert_msg(!support_file_exists(html), "%s: a page was written", bad[_i].name);
    ck_assert_int_eq(support_dir_entries(dir, NULL, 0), 2); /* no temporary file left either */
    support_capture_free(&run);
}
END_TEST

/* Text from the record cannot end the data's <script> element or the title. */
START_TEST(record_text_cannot_escape_the_page)
{
    const char *dir = support_scratch("escape");
    const char *good = view_record_match(&view_cases[0], dir);
    char *text = support_read_file(good, NULL);
    const char *from = "\"agents\":[\"random\"";
    char *at = strstr(text, from);
    ck_assert_ptr_nonnull(at);
    char record[4096], html[4096], *evil = malloc(strlen(text) + 64);
    ck_assert_ptr_nonnull(evil);
    sprintf(evil, "%.*s\"agents\":[\"random'</script><b id=x>\"%s", (int)(at - text), text, at + strlen(from));
    snprintf(record, sizeof record, "%s/evil.jsonl", dir);
    snprintf(html, sizeof html, "%s/evil.html", dir);
    ck_assert(support_write_file(record, evil));
    json_t *data = view_make_page(record, html, NULL);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(data, "agents"), 0)), "random'</script><b id=x>");
    char *page = support_read_file(html, NULL);
    ck_assert_msg(!strstr(page, "<b id=x>"), "record text reached the page as markup");
    /* the title, escaped by the reports' escaper: the quote too */
    const char *title = strstr(page, "<title>"), *end = title ? strstr(title, "</title>") : NULL;
    const char *agent = title ? strstr(title, "random&#39;&lt;/script&gt;&lt;b id=x&gt;") : NULL;
    ck_assert_msg(agent && end && agent < end, "the title: %.200s", title ? title : "(none)");
    free(page);
    free(evil);
    free(text);
    json_decref(data);
}
END_TEST

START_TEST(command_line_errors)
{
    static const char *const cases[][7] = {
        {"view", NULL},
        {"view", "a.jsonl", "b.jsonl", NULL},
        {"view", "a.jsonl", "--seats", "0", NULL},
        {"view", "a.jsonl", "--annotate", "nobody", NULL},
        {"view", "a.jsonl", "--annotate", "greedy", "--seats", "x"},
        {"view", "a.jsonl", "-o", "a.jsonl"},
    };
    static const char *const saying[] = {"no record file", "one record file only", "--seats", "--annotate", "--seats",
                                         "the record itself"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        capture_t run;
        support_run(cli_view, (char *const *)cases[k], &run);
        ck_assert_msg(run.status == 2 && strstr(run.err, saying[k]), "case %zu: exit %d: %s", k, run.status, run.err);
        support_capture_free(&run);
    }
    capture_t help;
    char *argv[] = {"view", "--help", NULL};
    support_run(cli_view, argv, &help);
    ck_assert_int_eq(help.status, 0);
    ck_assert(strstr(help.out, "--annotate") && strstr(help.out, "#hand="));
    support_capture_free(&help);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("view");
    TCase *pages = tcase_create("pages");
    tcase_add_checked_fixture(pages, NULL, support_scratch_teardown);
    tcase_set_timeout(pages, 600);
    tcase_add_loop_test(pages, every_frame_shows_what_the_engine_says, 0, VIEW_CASES);
    tcase_add_loop_test(pages, the_last_frame_holds_the_result, 0, VIEW_CASES);
    tcase_add_loop_test(pages, greedy_annotating_greedy_never_deviates, 0, 3);
    tcase_add_test(pages, annotations_only_for_the_seats_asked);
    tcase_add_loop_test(pages, every_point_carries_its_words, 0, VIEW_CASES);
    tcase_add_test(pages, the_page_holds_its_record);
    suite_add_tcase(suite, pages);
    TCase *errors = tcase_create("errors");
    tcase_add_checked_fixture(errors, NULL, support_scratch_teardown);
    tcase_add_loop_test(errors, a_bad_record_gives_an_error_and_no_page, 0, 3);
    tcase_add_test(errors, record_text_cannot_escape_the_page);
    tcase_add_test(errors, command_line_errors);
    suite_add_tcase(suite, errors);
    return support_run_suite(suite, "test_view");
}
