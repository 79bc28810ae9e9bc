/* test_browser.c - the viewer's pages in a real browser: headless Chromium (Debian's
 * chromium and chromium-driver) driven through ChromeDriver by tests/browser/drive.py, which
 * reads the DOM back as JSON.
 *
 * For a recorded match of each game: the page opened at several #hand=H&ply=P fragments
 * shows the frame's tiles, ends or trick, stock, scores and hands (the frames themselves are
 * checked against the engine by test_view); stepping with #next reaches the record's final
 * scores, and the keys, buttons, move list and play/pause go where they should; the switch
 * hides the other seats' hands; no page logs anything to the console. The report.html of a
 * study of every kind loads with a silent console, draws its charts and shows the numbers of
 * its CSV files.
 */
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report_html.h"
#include "sim_fixture.h"
#include "test_support.h"
#include "game.h"
#include "view.h"
#include "view_fixture.h"

#define DRIVE "python3 " DOMINOLAB_SOURCE_DIR "/tests/browser/drive.py"

/* Runs drive.py with `arguments` in a window of `size` ("400x800"; NULL: the desktop's) and
 * returns its JSON. */
static json_t *drive_sized(const char *dir, const char *size, const char *arguments)
{
    char script[8192 + 512];
    snprintf(script, sizeof script, "%s%s%s" DRIVE " %s", size ? "DOMINOLAB_WINDOW=" : "", size ? size : "",
             size ? " " : "", arguments);
    char *out = shell_ok(dir, script, NULL);
    json_error_t error;
    json_t *result = json_loads(out, 0, &error);
    ck_assert_msg(result != NULL, "drive.py %s: not JSON (%s): %s", arguments, error.text, out);
    free(out);
    return result;
}

static json_t *drive(const char *dir, const char *arguments) { return drive_sized(dir, NULL, arguments); }

/* The directory of a page's path, where drive.py runs. */
static void directory_of(const char *html, char *dir, size_t size)
{
    snprintf(dir, size, "%.*s", (int)(strrchr(html, '/') - html), html);
}

/* The browser's console was silent: no error, no warning, nothing logged. */
static void assert_quiet_console(const json_t *result, const char *what)
{
    const json_t *console = json_object_get(result, "console");
    ck_assert_msg(json_array_size(console) == 0, "%s: the console says %s", what,
                  json_string_value(json_object_get(json_array_get(console, 0), "message")));
}

/* "a b c" from an array of strings (or numbers), as the DOM's data attributes join them. */
static void joined(const json_t *array, const char *separator, char *out, size_t size)
{
    size_t used = 0, i;
    json_t *item;
    out[0] = '\0';
    json_array_foreach(array, i, item) {
        char text[64];
        if (json_is_string(item)) snprintf(text, sizeof text, "%s", json_string_value(item));
        else snprintf(text, sizeof text, "%lld", (long long)json_integer_value(item));
        used += (size_t)snprintf(out + used, size > used ? size - used : 0, "%s%s", i ? separator : "", text);
    }
}

static void assert_attribute(const json_t *shown, const char *key, const char *expected, const char *where)
{
    const char *value = json_string_value(json_object_get(shown, key));
    ck_assert_msg(value && !strcmp(value, expected), "%s: %s is '%s', the frame says '%s'", where, key,
                  value ? value : "(none)", expected);
}

/* The tiles of a line or spinner table, in the order the page lists them: line: left to
 * right; spinner: the spinner, then each arm outwards. */
static void table_order(const json_t *table, bool line, char *out, size_t size)
{
    char parts[64][8];
    int count = 0;
    const json_t *lead = json_object_get(table, "lead"), *arms = json_object_get(table, "arms");
    out[0] = '\0';
    if (json_is_null(lead)) return;
    size_t k;
    json_t *tile;
    if (line) { /* arm 0 reversed, the lead, arm 1 */
        const json_t *left = json_array_get(arms, 0);
        for (size_t i = json_array_size(left); i-- > 0;) {
            tile = json_array_get(left, i);
            int a = (int)json_integer_value(json_array_get(tile, 0)), b = (int)json_integer_value(json_array_get(tile, 1));
            snprintf(parts[count++], 8, "%d-%d", a < b ? a : b, a < b ? b : a);
        }
    }
    int a = (int)json_integer_value(json_array_get(lead, 0)), b = (int)json_integer_value(json_array_get(lead, 1));
    snprintf(parts[count++], 8, "%d-%d", a, b);
    for (size_t arm = line ? 1 : 0; arm < json_array_size(arms); arm++)
        json_array_foreach(json_array_get(arms, arm), k, tile) {
            int x = (int)json_integer_value(json_array_get(tile, 0)), y = (int)json_integer_value(json_array_get(tile, 1));
            if (count < 64) snprintf(parts[count++], 8, "%d-%d", x < y ? x : y, x < y ? y : x);
        }
    size_t used = 0;
    for (int i = 0; i < count; i++) used += (size_t)snprintf(out + used, size - used, "%s%s", i ? " " : "", parts[i]);
}

/* The page's .hand of `seat` (the page may lay the seats out in any order). */
static const json_t *hand_of_seat(const json_t *hands, int seat)
{
    size_t i;
    json_t *hand;
    json_array_foreach(hands, i, hand) if (json_integer_value(json_object_get(hand, "seat")) == seat) return hand;
    return NULL;
}

static void compare_position(const json_t *data, const json_t *shown, int hand, int ply, const char *game)
{
    char where[128], text[2048];
    snprintf(where, sizeof where, "%s at #hand=%d&ply=%d", game, hand, ply);
    const json_t *frame = json_array_get(json_object_get(json_array_get(json_object_get(data, "hands"), (size_t)hand - 1),
                                                         "frames"),
                                         (size_t)ply);
    ck_assert_msg(frame != NULL, "%s: no such frame", where);
    ck_assert_msg(json_integer_value(json_object_get(shown, "hand")) == hand &&
                      json_integer_value(json_object_get(shown, "ply")) == ply,
                  "%s: the page opened hand %lld, ply %lld", where, json_integer_value(json_object_get(shown, "hand")),
                  json_integer_value(json_object_get(shown, "ply")));
    joined(json_object_get(frame, "scores"), ",", text, sizeof text);
    assert_attribute(shown, "scores", text, where);
    snprintf(text, sizeof text, "%lld", json_integer_value(json_object_get(frame, "stock")));
    assert_attribute(shown, "stock", text, where);
    const json_t *hands = json_object_get(shown, "hands");
    ck_assert_int_eq((int)json_array_size(hands), (int)json_array_size(json_object_get(frame, "hands")));
    size_t seat;
    json_t *held;
    json_array_foreach(json_object_get(frame, "hands"), seat, held) {
        joined(held, " ", text, sizeof text);
        const json_t *shown_hand = hand_of_seat(hands, (int)seat);
        ck_assert_msg(shown_hand != NULL, "%s: no hand of seat %zu", where, seat);
        char seat_where[160];
        snprintf(seat_where, sizeof seat_where, "%s, seat %zu", where, seat);
        assert_attribute(shown_hand, "tiles", text, seat_where);
    }
    const json_t *table = json_object_get(frame, "table");
    const char *layout = json_string_value(json_object_get(data, "layout"));
    if (!strcmp(layout, "trick")) {
        snprintf(text, sizeof text, "%lld", json_integer_value(json_object_get(table, "trump")));
        assert_attribute(shown, "trump", text, where);
        char trick[256] = "";
        size_t i, used = 0;
        json_t *item;
        json_array_foreach(json_object_get(table, "trick"), i, item)
            used += (size_t)snprintf(trick + used, sizeof trick - used, "%s%s", i ? " " : "",
                                     json_string_value(json_object_get(item, "tile")));
        assert_attribute(shown, "trick", trick, where);
        const json_t *won = json_object_get(shown, "won");
        json_array_foreach(json_object_get(table, "won"), i, item) {
            joined(item, " ", text, sizeof text);
            const char *value = json_string_value(json_array_get(won, i));
            ck_assert_msg(value && !strcmp(value, text), "%s: side %zu's tiles won differ", where, i);
        }
        joined(json_object_get(table, "hand_points"), ",", text, sizeof text);
        assert_attribute(shown, "hand_points", text, where);
    } else {
        joined(json_object_get(table, "ends"), ",", text, sizeof text);
        assert_attribute(shown, "ends", text, where);
        table_order(table, !strcmp(layout, "line"), text, sizeof text);
        assert_attribute(shown, "table", text, where);
    }
    const json_t *current = json_object_get(shown, "current");
    if (ply > 0)
        ck_assert_msg(json_integer_value(json_object_get(current, "hand")) == hand &&
                          json_integer_value(json_object_get(current, "ply")) == ply,
                      "%s: the move list marks another move", where);
}

static int frame_count(const json_t *data, int hand) /* hand 1-based */
{
    return (int)json_array_size(json_object_get(json_array_get(json_object_get(data, "hands"), (size_t)hand - 1), "frames"));
}

START_TEST(fragments_open_the_positions)
{
    const view_case_t *c = &view_cases[_i];
    const char *html;
    char arguments[8192];
    json_t *data = view_recorded_page(c, "fragments", NULL, NULL, &html);
    char dir[4096];
    directory_of(html, dir, sizeof dir);
    int hands = (int)json_array_size(json_object_get(data, "hands"));
    int last = frame_count(data, hands) - 1;
    int positions[][2] = {{1, 0}, {1, frame_count(data, 1) / 2}, {1, frame_count(data, 1) - 1},
                          {hands > 1 ? 2 : 1, 3}, {hands, last}};
    size_t used = (size_t)snprintf(arguments, sizeof arguments, "frames '%s'", html);
    for (size_t k = 0; k < sizeof positions / sizeof positions[0]; k++)
        used += (size_t)snprintf(arguments + used, sizeof arguments - used, " %d:%d", positions[k][0], positions[k][1]);
    used += (size_t)snprintf(arguments + used, sizeof arguments - used, " 99:5 1:100000");
    json_t *result = drive(dir, arguments);
    const json_t *frames = json_object_get(result, "frames");
    for (size_t k = 0; k < sizeof positions / sizeof positions[0]; k++)
        compare_position(data, json_object_get(json_array_get(frames, k), "shown"), positions[k][0], positions[k][1],
                         c->game);
    /* Fragments that name no position open the first one. */
    for (size_t k = sizeof positions / sizeof positions[0]; k < json_array_size(frames); k++)
        compare_position(data, json_object_get(json_array_get(frames, k), "shown"), 1, 0, c->game);
    assert_quiet_console(result, c->game);
    json_decref(result);
    json_decref(data);
}
END_TEST

START_TEST(stepping_reaches_the_final_scores)
{
    const view_case_t *c = &view_cases[_i];
    const char *html;
    char arguments[4200], text[256];
    json_t *data = view_recorded_page(c, "step", NULL, NULL, &html);
    char dir[4096];
    directory_of(html, dir, sizeof dir);
    snprintf(arguments, sizeof arguments, "step '%s'", html);
    json_t *result = drive(dir, arguments);

    int hands = (int)json_array_size(json_object_get(data, "hands")), frames = 0;
    for (int hand = 1; hand <= hands; hand++) frames += frame_count(data, hand);
    int last = frame_count(data, hands) - 1;
    ck_assert_int_eq((int)json_integer_value(json_object_get(result, "clicks")), frames - 1);
    const json_t *end = json_object_get(result, "end");
    joined(json_object_get(json_object_get(data, "result"), "scores"), ",", text, sizeof text);
    assert_attribute(end, "scores", text, "after the last #next");
    ck_assert(json_is_true(json_object_get(end, "next_disabled")));
    ck_assert_int_eq((int)json_integer_value(json_object_get(end, "hand")), hands);
    ck_assert_int_eq((int)json_integer_value(json_object_get(end, "ply")), last);
    const char *said = json_string_value(json_object_get(end, "result"));
    char score[32];
    snprintf(score, sizeof score, "%lld",
             json_integer_value(json_array_get(json_object_get(json_object_get(data, "result"), "scores"), 0)));
    ck_assert_msg(said && strstr(said, score), "#result says '%s', without the final score %s", said ? said : "", score);
    /* Every click moved one frame on, across hands, in order. */
    const json_t *seen = json_object_get(result, "seen");
    int index = 0;
    for (int hand = 1; hand <= hands; hand++)
        for (int ply = 0; ply < frame_count(data, hand); ply++, index++) {
            const json_t *at = json_array_get(seen, (size_t)index);
            ck_assert_msg(json_integer_value(json_array_get(at, 0)) == hand && json_integer_value(json_array_get(at, 1)) == ply,
                          "step %d: at %lld:%lld, expected %d:%d", index, json_integer_value(json_array_get(at, 0)),
                          json_integer_value(json_array_get(at, 1)), hand, ply);
        }
    static const struct {
        const char *key;
        int hand, ply; /* -1: the last hand or frame; -2: one before the last frame */
    } after[] = {{"left", -1, -2}, {"home", 1, 0}, {"right", 1, 1}, {"end_key", -1, -1},
                 {"first", 1, 0},  {"last", -1, -1}, {"prev", -1, -2}, {"list", 1, 3}};
    for (size_t k = 0; k < sizeof after / sizeof after[0]; k++) {
        const json_t *at = json_object_get(result, after[k].key);
        int hand = after[k].hand < 0 ? hands : after[k].hand;
        int ply = after[k].ply == -1 ? last : after[k].ply == -2 ? last - 1 : after[k].ply;
        ck_assert_msg(json_integer_value(json_object_get(at, "hand")) == hand &&
                          json_integer_value(json_object_get(at, "ply")) == ply,
                      "%s: after %s at %lld:%lld, expected %d:%d", c->game, after[k].key,
                      json_integer_value(json_object_get(at, "hand")), json_integer_value(json_object_get(at, "ply")),
                      hand, ply);
        char fragment[64];
        snprintf(fragment, sizeof fragment, "#hand=%d&ply=%d", hand, ply);
        assert_attribute(at, "hash", fragment, after[k].key);
    }
    /* Play moved on by itself; pause stopped it. */
    const json_t *played = json_object_get(result, "played"), *paused = json_object_get(result, "paused");
    ck_assert_msg(json_integer_value(json_object_get(played, "ply")) > 0, "play did not move on");
    ck_assert_msg(json_equal(json_object_get(played, "ply"), json_object_get(paused, "ply")) &&
                      json_equal(json_object_get(played, "hand"), json_object_get(paused, "hand")),
                  "pause did not stop");
    assert_quiet_console(result, c->game);
    json_decref(result);
    json_decref(data);
}
END_TEST

START_TEST(the_switch_hides_the_other_hands)
{
    const view_case_t *c = &view_cases[3]; /* four seats */
    const char *html;
    char arguments[4200];
    json_t *data = view_recorded_page(c, "hide", NULL, NULL, &html);
    char dir[4096];
    directory_of(html, dir, sizeof dir);
    snprintf(arguments, sizeof arguments, "hide '%s' 2", html);
    json_t *result = drive(dir, arguments);
    size_t seat;
    json_t *hand;
    json_array_foreach(json_object_get(json_object_get(result, "before"), "hands"), seat, hand)
        ck_assert_msg(!strcmp(json_string_value(json_object_get(hand, "hidden")), "false"), "seat %zu hidden at first", seat);
    json_array_foreach(json_object_get(json_object_get(result, "after"), "hands"), seat, hand) {
        int owner = (int)json_integer_value(json_object_get(hand, "seat"));
        const char *hidden = json_string_value(json_object_get(hand, "hidden"));
        ck_assert_msg(!strcmp(hidden, owner == 2 ? "false" : "true"), "seat %d: hidden is %s", owner, hidden);
        ck_assert_msg(json_integer_value(json_object_get(hand, "count")) > 0, "seat %d: no tile count", owner);
    }
    assert_quiet_console(result, "hide");
    json_decref(result);
    json_decref(data);
}
END_TEST

/* Text from the record (an agent's name) is shown as text in the page, never as markup. */
START_TEST(record_text_stays_text)
{
    const char *record, *html;
    json_decref(view_recorded_page(&view_cases[0], "text", NULL, &record, &html));
    char *text = support_read_file(record, NULL), evil_record[4200], evil_page[4200], arguments[8192];
    ck_assert_ptr_nonnull(text);
    const char *from = "\"agents\":[\"random\"";
    char *at = strstr(text, from), *evil = malloc(strlen(text) + 64);
    ck_assert(at && evil);
    sprintf(evil, "%.*s\"agents\":[\"random</script><b id=x>bold\"%s", (int)(at - text), text, at + strlen(from));
    snprintf(evil_record, sizeof evil_record, "%.*s/evil.jsonl", (int)(strrchr(html, '/') - html), html);
    snprintf(evil_page, sizeof evil_page, "%.*s/evil.html", (int)(strrchr(html, '/') - html), html);
    ck_assert(support_write_file(evil_record, evil));
    json_decref(view_make_page(evil_record, evil_page, NULL));
    snprintf(arguments, sizeof arguments,
             "probe '%.4000s' \"[document.querySelectorAll('#x').length, "
             "document.body.innerText.indexOf('random</script><b id=x>bold') >= 0]\"",
             evil_page);
    char dir[4200];
    directory_of(html, dir, sizeof dir);
    json_t *result = drive(dir, arguments);
    const json_t *value = json_object_get(result, "value");
    ck_assert_msg(json_integer_value(json_array_get(value, 0)) == 0, "the record's text became an element");
    ck_assert_msg(json_is_true(json_array_get(value, 1)), "the record's text is not shown as written");
    assert_quiet_console(result, "evil.html");
    json_decref(result);
    free(evil);
    free(text);
}
END_TEST

/* ------------------------------------------------------------------ words, fit, privacy, analysis */

static const json_t *frame_at(const json_t *data, int hand, int ply) /* hand 1-based */
{
    return json_array_get(json_object_get(json_array_get(json_object_get(data, "hands"), (size_t)hand - 1), "frames"),
                          (size_t)ply);
}

static const char *text_of(const json_t *object, const char *key)
{
    const char *text = json_string_value(json_object_get(object, key));
    return text ? text : "";
}


/* Up to `max` positions "H:P" whose step scores, ends a hand or takes a trick, spread over
 * the match; returns how many. */
static int scoring_positions(const json_t *data, int positions[][2], int max)
{
    int found = 0, hands = (int)json_array_size(json_object_get(data, "hands"));
    for (int hand = 1; hand <= hands && found < max; hand++)
        for (int ply = 1; ply < frame_count(data, hand) && found < max; ply++) {
            size_t i;
            json_t *line;
            bool scores = false;
            json_array_foreach(json_object_get(frame_at(data, hand, ply), "lines"), i, line) {
                const char *type = text_of(line, "type");
                if (!strcmp(type, "award") || !strcmp(type, "trick") || !strcmp(type, "meld") ||
                    !strcmp(type, "hand_end") || (!strcmp(type, "play") && json_integer_value(json_object_get(line, "points"))))
                    scores = true;
            }
            if (!scores) continue;
            positions[found][0] = hand;
            positions[found][1] = ply;
            found++;
            ply += 3; /* the next one a little further on */
        }
    return found;
}

/* The record's reason words that only a program should see. */
static const char *const internal_words[] = {"target_reached", "reached_70", "game_points", "lightest_hand", "pass_bonus",
                                             "hand_bonus", "own_pips", "hand_won", "failed_close", "bingo_capture", NULL};

START_TEST(every_point_says_why)
{
    const view_case_t *c = &view_cases[_i];
    const char *html;
    char dir[4096], arguments[8192];
    json_t *data = view_recorded_page(c, "why", NULL, NULL, &html);
    directory_of(html, dir, sizeof dir);
    int positions[12][2];
    int count = scoring_positions(data, positions, 12);
    ck_assert_msg(count > 0, "%s: the match scores nothing to look at", c->game);
    size_t used = (size_t)snprintf(arguments, sizeof arguments, "words '%s'", html);
    for (int k = 0; k < count; k++)
        used += (size_t)snprintf(arguments + used, sizeof arguments - used, " %d:%d", positions[k][0], positions[k][1]);
    json_t *result = drive(dir, arguments);
    for (int k = 0; k < count; k++) {
        const json_t *shown = json_array_get(json_object_get(result, "positions"), (size_t)k);
        const char *awards = text_of(shown, "awards"), *caption = text_of(shown, "caption"), *move = text_of(shown, "move");
        char where[128];
        snprintf(where, sizeof where, "%s at %d:%d", c->game, positions[k][0], positions[k][1]);
        size_t i;
        json_t *line;
        json_array_foreach(json_object_get(frame_at(data, positions[k][0], positions[k][1]), "lines"), i, line) {
            const char *type = text_of(line, "type"), *why = text_of(line, "why"), *words = text_of(line, "reason_words");
            if (!strcmp(type, "play") && json_integer_value(json_object_get(line, "points"))) {
                ck_assert_msg(*why, "%s: a scoring play without the game's words", where);
                ck_assert_msg(strstr(awards, why) && strstr(caption, why) && strstr(move, why),
                              "%s: \"%s\" is not in the panel (%s), the caption (%s) and the move list (%s)", where, why,
                              awards, caption, move);
            } else if (!strcmp(type, "award")) {
                ck_assert_msg(strstr(awards, *why ? why : words), "%s: the award's \"%s\" is not in %s", where,
                              *why ? why : words, awards);
                ck_assert_msg(strstr(move, words), "%s: the move list does not say \"%s\": %s", where, words, move);
            } else if (!strcmp(type, "hand_end")) {
                ck_assert_msg(*words && strstr(awards, words), "%s: the hand's end \"%s\" is not in %s", where, words, awards);
            } else if (!strcmp(type, "trick")) {
                ck_assert_msg(strstr(awards, "takes the trick"), "%s: the trick is not said: %s", where, awards);
            } else if (!strcmp(type, "meld")) {
                ck_assert_msg(strstr(awards, "melds the doubles"), "%s: the meld is not said: %s", where, awards);
            }
        }
        for (int w = 0; internal_words[w]; w++)
            ck_assert_msg(!strstr(text_of(shown, "text"), internal_words[w]), "%s: the page says \"%s\"", where,
                          internal_words[w]);
    }
    assert_quiet_console(result, c->game);
    json_decref(result);
    json_decref(data);
}
END_TEST

/* On a phone (400 x 800): nothing wider than the screen, no tile under 18 px, the table
 * begins in the top half of the first screen. */
START_TEST(a_phone_shows_the_table_whole)
{
    const view_case_t *c = &view_cases[_i];
    const char *html;
    char dir[4096], arguments[8192];
    json_t *data = view_recorded_page(c, "phone", NULL, NULL, &html);
    directory_of(html, dir, sizeof dir);
    int hands = (int)json_array_size(json_object_get(data, "hands")), longest = 1;
    for (int hand = 1; hand <= hands; hand++)
        if (frame_count(data, hand) > frame_count(data, longest)) longest = hand;
    snprintf(arguments, sizeof arguments, "fit '%s' 1:0 %d:%d %d:%d %d:%d", html, longest, frame_count(data, longest) / 2,
             longest, frame_count(data, longest) - 1, hands, frame_count(data, hands) - 1);
    json_t *result = drive_sized(dir, "400x800", arguments);
    size_t k;
    json_t *at;
    json_array_foreach(json_object_get(result, "positions"), k, at) {
        const char *where = text_of(at, "at");
        int width = (int)json_integer_value(json_object_get(at, "width"));
        ck_assert_msg(width == 400, "%s: the window is %d px wide, not a phone's", c->game, width);
        const json_t *widest = json_object_get(at, "widest");
        ck_assert_msg(json_integer_value(json_object_get(at, "scroll_width")) <= width && json_is_null(widest),
                      "%s at %s: the page is %lld px wide; %s.%s reaches %.0f px", c->game, where,
                      json_integer_value(json_object_get(at, "scroll_width")), text_of(widest, "tag"),
                      text_of(widest, "cls"), json_number_value(json_object_get(widest, "right")));
        double smallest = json_number_value(json_object_get(at, "smallest_tile"));
        ck_assert_msg(smallest >= 18, "%s at %s: a tile only %.1f px across", c->game, where, smallest);
        ck_assert_msg(json_number_value(json_object_get(at, "felt_top")) < 400, "%s at %s: the table begins at %.0f px",
                      c->game, where, json_number_value(json_object_get(at, "felt_top")));
    }
    assert_quiet_console(result, c->game);
    json_decref(result);
    json_decref(data);
}
END_TEST

/* Whether `tile` ("3-5") stands in `text` as a tile's name, not inside a longer number. */
static bool names_tile(const char *text, const char *tile)
{
    size_t length = strlen(tile);
    for (const char *at = strstr(text, tile); at; at = strstr(at + 1, tile)) {
        bool before = at > text && (at[-1] >= '0' && at[-1] <= '9');
        bool after = at[length] >= '0' && at[length] <= '9';
        if (!before && !after) return true;
    }
    return false;
}

/* With the other hands face down, no text of the page names a tile they hold (melds shown
 * in Bingo are public), whether in the moves, the step or an annotation. The moves of
 * other hands are left out: a tile played there may be dealt again. */
START_TEST(hidden_hands_stay_hidden)
{
    const view_case_t *c = &view_cases[_i];
    const view_options_t annotate = {.annotate = "greedy"};
    const char *html;
    char dir[4096], arguments[8192];
    json_t *data = view_recorded_page(c, "privacy", &annotate, NULL, &html);
    directory_of(html, dir, sizeof dir);
    const int seat = 1;
    int hands = (int)json_array_size(json_object_get(data, "hands")), positions[16][2], count = 0;
    for (int hand = 1; hand <= hands && count < 16; hand++)
        for (int ply = 0; ply < frame_count(data, hand) && count < 16; ply += 1 + frame_count(data, hand) / 4) {
            positions[count][0] = hand;
            positions[count][1] = ply;
            count++;
        }
    size_t used = (size_t)snprintf(arguments, sizeof arguments, "hidden '%s' %d", html, seat);
    for (int k = 0; k < count; k++)
        used += (size_t)snprintf(arguments + used, sizeof arguments - used, " %d:%d", positions[k][0], positions[k][1]);
    json_t *result = drive(dir, arguments);
    int checked = 0;
    for (int k = 0; k < count; k++) {
        const json_t *shown = json_array_get(json_object_get(result, "positions"), (size_t)k);
        const json_t *frame = frame_at(data, positions[k][0], positions[k][1]);
        const json_t *melded = json_object_get(json_object_get(frame, "table"), "shown");
        const char *text = text_of(shown, "text");
        size_t owner, i;
        json_t *held, *tile;
        json_array_foreach(json_object_get(frame, "hands"), owner, held) {
            if ((int)owner == seat) continue;
            json_array_foreach(held, i, tile) {
                const char *name = json_string_value(tile);
                bool shown_meld = false;
                size_t m;
                json_t *public;
                json_array_foreach(json_array_get(melded, owner), m, public) shown_meld |= !strcmp(json_string_value(public), name);
                if (shown_meld) continue;
                ck_assert_msg(!names_tile(text, name), "%s at %d:%d, seen from seat %d: the page names %s of seat %zu",
                              c->game, positions[k][0], positions[k][1], seat, name, owner);
                checked++;
            }
        }
    }
    ck_assert_msg(checked > 0, "%s: no hidden tile was looked for", c->game);
    assert_quiet_console(result, c->game);
    json_decref(result);
    json_decref(data);
}
END_TEST

/* A label by the page's thresholds (docs/viewer.md): what the data's label must be. */
static const char *expected_label(const json_t *annotation, const json_t *thresholds)
{
    json_int_t played = json_integer_value(json_object_get(annotation, "played"));
    json_int_t bot = json_integer_value(json_object_get(annotation, "bot"));
    const json_t *cost_value = json_object_get(annotation, "cost");
    double cost = json_is_number(cost_value) ? json_number_value(cost_value) : 0;
    if (played == bot || (json_is_number(cost_value) && cost <= 1e-9)) return "best";
    if (!thresholds || !json_is_number(cost_value)) return "other";
    if (cost >= json_number_value(json_object_get(thresholds, "blunder"))) return "blunder";
    if (cost >= json_number_value(json_object_get(thresholds, "mistake"))) return "mistake";
    if (cost >= json_number_value(json_object_get(thresholds, "inaccuracy"))) return "inaccuracy";
    return "good";
}

/* The graph holds a bar per annotated decision with the data's label, which the thresholds
 * give from the cost; the move list labels the same moves; the summary counts them per
 * seat; a bar clicked opens its move; a move that left the bot's choice shows its ghost. */
START_TEST(the_analysis_matches_its_data)
{
    const view_case_t *c = &view_cases[_i];
    const view_options_t annotate = {.annotate = "greedy"};
    const char *html;
    char dir[4096], arguments[8192];
    json_t *data = view_recorded_page(c, "analysis", &annotate, NULL, &html);
    directory_of(html, dir, sizeof dir);
    snprintf(arguments, sizeof arguments, "graph '%s'", html);
    json_t *result = drive(dir, arguments);
    const json_t *thresholds = json_object_get(json_object_get(data, "annotation"), "thresholds");
    ck_assert_msg(json_is_object(thresholds), "%s: greedy's values are points, yet no thresholds", c->game);
    const json_t *bars = json_object_get(result, "bars"), *listed = json_object_get(result, "listed");
    int hands = (int)json_array_size(json_object_get(data, "hands")), decisions = 0, deviation[2] = {0, 0};
    int counts[GAME_MAX_SEATS][6] = {{0}};
    static const char *const labels[] = {"best", "good", "inaccuracy", "mistake", "blunder", "other"};
    for (int hand = 1; hand <= hands; hand++)
        for (int ply = 0; ply < frame_count(data, hand); ply++) {
            const json_t *a = json_object_get(frame_at(data, hand, ply), "annotation");
            if (!json_is_object(a)) continue;
            const char *label = text_of(a, "label"), *want = expected_label(a, thresholds);
            ck_assert_msg(!strcmp(label, want), "%s at %d:%d: labelled %s, its cost makes it %s", c->game, hand, ply, label,
                          want);
            const json_t *bar = json_array_get(bars, (size_t)decisions), *item = json_array_get(listed, (size_t)decisions);
            ck_assert_msg(bar && json_integer_value(json_object_get(bar, "hand")) == hand &&
                              json_integer_value(json_object_get(bar, "ply")) == ply && !strcmp(text_of(bar, "label"), label),
                          "%s: bar %d is not %d:%d %s", c->game, decisions, hand, ply, label);
            ck_assert_msg(item && json_integer_value(json_object_get(item, "ply")) == ply && !strcmp(text_of(item, "label"), label),
                          "%s: the move list's label %d is not %d:%d %s", c->game, decisions, hand, ply, label);
            int seat = (int)json_integer_value(json_object_get(a, "seat"));
            for (int l = 0; l < 6; l++) counts[seat][l] += !strcmp(label, labels[l]);
            if (!deviation[0] && strcmp(label, "best")) {
                deviation[0] = hand;
                deviation[1] = ply;
            }
            decisions++;
        }
    ck_assert_int_eq((int)json_array_size(bars), decisions);
    ck_assert_msg(decisions > 0, "%s: nothing annotated", c->game);
    char said[64];
    snprintf(said, sizeof said, "%d decision", decisions);
    ck_assert_msg(strstr(text_of(result, "caption"), said) && strstr(text_of(result, "caption"), "points"),
                  "%s: the graph's caption does not give its %s in points: %s", c->game, said, text_of(result, "caption"));
    size_t k;
    json_t *row;
    json_array_foreach(json_object_get(result, "summary"), k, row) {
        int seat = (int)json_integer_value(json_object_get(row, "seat"));
        for (int l = 0; l < 5; l++)
            ck_assert_msg(json_integer_value(json_object_get(row, labels[l])) == counts[seat][l],
                          "%s: seat %d's %s count is %lld, the data has %d", c->game, seat, labels[l],
                          json_integer_value(json_object_get(row, labels[l])), counts[seat][l]);
    }
    json_array_foreach(json_object_get(result, "clicks"), k, row) {
        const json_t *bar = json_object_get(row, "bar");
        ck_assert_msg(json_equal(json_object_get(bar, "hand"), json_object_get(row, "hand")) &&
                          json_equal(json_object_get(bar, "ply"), json_object_get(row, "ply")),
                      "%s: a click on a bar went elsewhere", c->game);
    }
    assert_quiet_console(result, c->game);
    json_decref(result);
    if (deviation[0]) { /* the bot's own move, drawn where it would have gone */
        snprintf(arguments, sizeof arguments, "words '%s' %d:%d", html, deviation[0], deviation[1]);
        result = drive(dir, arguments);
        const json_t *shown = json_array_get(json_object_get(result, "positions"), 0);
        const json_t *a = json_object_get(frame_at(data, deviation[0], deviation[1]), "annotation");
        const json_t *bot = json_array_get(json_object_get(a, "moves"), (size_t)json_integer_value(json_object_get(a, "bot")));
        if (json_object_get(bot, "tile")) {
            ck_assert_msg(json_integer_value(json_object_get(shown, "ghost_choice")) == 1,
                          "%s at %d:%d: the bot's tile is not marked in the hand", c->game, deviation[0], deviation[1]);
            bool on_table = json_object_get(bot, "end") || !strcmp(text_of(data, "layout"), "trick");
            if (on_table)
                ck_assert_msg(json_integer_value(json_object_get(shown, "ghosts")) == 1, "%s at %d:%d: %lld ghosts on the table",
                              c->game, deviation[0], deviation[1], json_integer_value(json_object_get(shown, "ghosts")));
        }
        ck_assert_msg(strstr(text_of(shown, "annotation"), text_of(a, "label")), "%s: the panel does not say %s: %s",
                      c->game, text_of(a, "label"), text_of(shown, "annotation"));
        json_decref(result);
    }
    json_decref(data);
}
END_TEST

/* The download button saves the very record; the link button gives this position's address. */
START_TEST(the_page_gives_its_record_and_links)
{
    const char *record, *html;
    char dir[4096], arguments[8192], saved_dir[4200];
    json_decref(view_recorded_page(&view_cases[0], "tools", NULL, &record, &html));
    directory_of(html, dir, sizeof dir);
    snprintf(saved_dir, sizeof saved_dir, "%s/saved", dir);
    ck_assert_int_eq(mkdir(saved_dir, 0700), 0);
    snprintf(arguments, sizeof arguments, "tools '%s' '%s'", html, saved_dir);
    json_t *result = drive(dir, arguments);
    const char *saved = text_of(result, "saved");
    ck_assert_msg(*saved, "nothing was saved");
    size_t saved_size, record_size;
    char *got = support_read_file(saved, &saved_size), *want = support_read_file(record, &record_size);
    ck_assert(got && want);
    ck_assert_msg(saved_size == record_size && !memcmp(got, want, record_size), "the record saved differs from %s", record);
    char link[8400], here[4096];
    ck_assert_ptr_nonnull(getcwd(here, sizeof here));
    if (html[0] == '/') snprintf(link, sizeof link, "file://%s#hand=1&ply=3", html);
    else snprintf(link, sizeof link, "file://%s/%s#hand=1&ply=3", here, html + (strncmp(html, "./", 2) ? 0 : 2));
    ck_assert_str_eq(text_of(json_object_get(result, "link"), "field"), link);
    assert_quiet_console(result, "tools");
    free(got);
    free(want);
    json_decref(result);
}
END_TEST

/* ------------------------------------------------------------------ the study reports */

/* A small study of every kind, through the program, into DIR: tournament (t), sprt (s),
 * balance of two variants (b), calibrate (c), analyze of a sim --per-deal run (a), and an
 * experiment file run by `dominolab run` (e). */
static const char make_studies[] =
    "set -e\n"
    "cd \"$1\"\n"
    "B=" DOMINOLAB_BINARY "\n"
    "$B tournament --players 2 --agents random,greedy,heuristic --deals 200 --bootstrap 100 --threads 1 --quiet "
    "--no-plots --out t\n"
    "$B sprt --players 2 --agents heuristic,greedy --seed 3 --threads 1 --quiet --no-plots --out s\n"
    "$B balance --players 3 --agent greedy --deals 300 --matches 20 --compare block_method=simple,american "
    "--threads 1 --quiet --no-plots --out b\n"
    "$B calibrate --players 2 --levels 2 --deals 100 --candidate greedy:noise=1 --candidate heuristic --threads 1 "
    "--quiet --no-plots --out c\n"
    "$B sim --players 2 --agents random,greedy --deals 400 --per-deal --threads 1 --quiet --out a\n"
    "$B analyze a --no-plots > /dev/null\n"
    "printf '[experiment]\\ncommand = tournament\\nout = e\\nquiet = true\\nno-plots = true\\nthreads = 1\\n"
    "[game]\\nplayers = 2\\n[agents]\\nagents = random,greedy\\n[tournament]\\ndeals = 200\\nbootstrap = 100\\n' > e.ini\n"
    "$B run e.ini\n";

/* DIR/NAME's header and first data row, split into fields (our CSVs quote none of the
 * fields these studies write); the count. `text` holds them: free it. */
enum { CSV_FIELDS = 64 };
static int first_row(const char *dir, const char *name, char **text, char **header, char **fields)
{
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *text = support_read_file(path, NULL);
    ck_assert_msg(*text != NULL, "no %s", path);
    char *row = strchr(*text, '\n');
    ck_assert_msg(row && row[1], "%s has no data row", path);
    *row++ = '\0';
    row[strcspn(row, "\n")] = '\0';
    int columns = 0, count = 0;
    for (char *field = *text; field && columns < CSV_FIELDS; columns++) {
        header[columns] = field;
        char *comma = strchr(field, ',');
        if (comma) *comma = '\0';
        field = comma ? comma + 1 : NULL;
    }
    for (char *field = row; field && count < CSV_FIELDS; count++) {
        fields[count] = field;
        char *comma = strchr(field, ',');
        if (comma) *comma = '\0';
        field = comma ? comma + 1 : NULL;
    }
    ck_assert_msg(count == columns, "%s: %d fields under %d columns", path, count, columns);
    return columns;
}

/* The value of `column` in DIR/NAME's first data row, as written ("" when there is none). */
static void first_row_field(const char *dir, const char *name, const char *column, char *out, size_t size)
{
    char *text, *header[CSV_FIELDS], *fields[CSV_FIELDS];
    int columns = first_row(dir, name, &text, header, fields);
    out[0] = '\0';
    for (int k = 0; k < columns; k++)
        if (!strcmp(header[k], column)) snprintf(out, size, "%s", fields[k]);
    free(text);
}

START_TEST(every_report_loads_quietly_with_its_numbers)
{
    static const struct {
        const char *dir, *csv;
    } studies[] = {{"t", "ratings.csv"}, {"s", "sprt.csv"}, {"b", "balance.csv"},
                   {"c", "calibration.csv"}, {"a", "ratings.csv"}, {"e", "ratings.csv"}};
    enum { STUDIES = sizeof studies / sizeof studies[0] };
    const char *dir = support_scratch("studies");
    free(shell_ok(dir, make_studies, dir));
    char arguments[8192];
    size_t used = (size_t)snprintf(arguments, sizeof arguments, "load");
    for (int k = 0; k < STUDIES; k++)
        used += (size_t)snprintf(arguments + used, sizeof arguments - used, " '%s/%s/report.html'", dir, studies[k].dir);
    used += (size_t)snprintf(arguments + used, sizeof arguments - used, " '%s/t/games/pairs-00-01.html'", dir);
    json_t *result = drive(dir, arguments);
    const json_t *pages = json_object_get(result, "pages");
    ck_assert_int_eq((int)json_array_size(pages), STUDIES + 1);
    for (int k = 0; k <= STUDIES; k++) {
        const json_t *page = json_array_get(pages, (size_t)k);
        const char *name = json_string_value(json_object_get(page, "page"));
        assert_quiet_console(page, name);
        ck_assert_msg(json_integer_value(json_object_get(page, "scripts")) == 0, "%s loads a script", name);
        if (k == STUDIES) { /* the sample game: the viewer, its first position */
            ck_assert_msg(strstr(json_string_value(json_object_get(page, "text")), "random"), "%s: no seats", name);
            continue;
        }
        ck_assert_msg(json_integer_value(json_object_get(page, "svgs")) > 0, "%s: no chart", name);
        /* each number of the CSV's first row, as the page rounds it (report_html.h) */
        char where[4200], *text_owned, *header[CSV_FIELDS], *fields[CSV_FIELDS];
        snprintf(where, sizeof where, "%s/%s", dir, studies[k].dir);
        int columns = first_row(where, studies[k].csv, &text_owned, header, fields), numbers = 0;
        const char *text = json_string_value(json_object_get(page, "text"));
        for (int c = 0; c < columns; c++) {
            char *end;
            strtod(fields[c], &end);
            if (end == fields[c] || *end != '\0') continue; /* words and empty fields */
            char shown[REPORT_HTML_FIELD_SIZE];
            report_html_shown_field(studies[k].csv, (const char *const *)header, (const char *const *)fields, columns,
                                    c, shown, sizeof shown);
            numbers++;
            ck_assert_msg(shown[0] && strstr(text, shown), "%s: %s's %s (%s) is not on the page as %s", name,
                          studies[k].csv, header[c], fields[c], shown);
        }
        ck_assert_msg(numbers > 0, "%s: no numbers in %s", where, studies[k].csv);
        free(text_owned);
    }
    json_decref(result);
}
END_TEST

/* Whether a chart's subtitle states its sample: a count followed by its unit ("464 deal
 * blocks (928 games)", "64 to 256 deals a pair", "20 matches a variant"). */
static bool states_sample(const char *subtitle)
{
    static const char *const units[] = {" deal", " match", " game", " hand", " block"};
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++)
        for (const char *at = strstr(subtitle, units[u]); at; at = strstr(at + 1, units[u]))
            if (at > subtitle && at[-1] >= '0' && at[-1] <= '9') return true;
    return false;
}

/* The text of cell (row, column) of the page's first table of class `class_name`, or NULL. */
static const char *table_cell(const json_t *page, const char *class_name, size_t row, size_t column)
{
    size_t k;
    json_t *table;
    json_array_foreach(json_object_get(page, "tables"), k, table) {
        if (strcmp(json_string_value(json_object_get(table, "class")), class_name)) continue;
        const json_t *cell = json_array_get(json_array_get(json_object_get(table, "rows"), row), column);
        return cell ? json_string_value(json_object_get(cell, "text")) : NULL;
    }
    return NULL;
}

/* A report in a window of one size: a silent console, no script, every chart naming its
 * sample, nothing wider than the window (the document scrolls nowhere sideways) and, at
 * phone size, no chart text drawn smaller than 9 px. */
static void expect_readable(const json_t *page, bool phone)
{
    const char *name = json_string_value(json_object_get(page, "page"));
    assert_quiet_console(page, name);
    ck_assert_msg(json_integer_value(json_object_get(page, "scripts")) == 0, "%s runs a script", name);
    long long scroll = json_integer_value(json_object_get(page, "scroll_width")),
              client = json_integer_value(json_object_get(page, "client_width"));
    ck_assert_msg(scroll <= client, "%s: %lld px wide in a window of %lld (first too wide: %s)", name, scroll, client,
                  json_string_value(json_array_get(json_object_get(page, "wider_than_window"), 0)));
    size_t k;
    json_t *chart;
    ck_assert_msg(json_array_size(json_object_get(page, "charts")) > 0, "%s: no chart", name);
    json_array_foreach(json_object_get(page, "charts"), k, chart) {
        const char *subtitle = json_string_value(json_object_get(chart, "subtitle"));
        ck_assert_msg(states_sample(subtitle), "%s: the chart '%s' does not state its sample ('%s')", name,
                      json_string_value(json_object_get(chart, "title")), subtitle);
    }
    if (phone) {
        ck_assert_msg(json_integer_value(json_object_get(page, "inner_width")) == 400, "%s: the window is %lld px wide, not a phone's",
                      name, json_integer_value(json_object_get(page, "inner_width")));
        double smallest = json_real_value(json_object_get(page, "smallest_text"));
        if (json_is_integer(json_object_get(page, "smallest_text")))
            smallest = (double)json_integer_value(json_object_get(page, "smallest_text"));
        ck_assert_msg(smallest >= 9, "%s: chart text drawn %.2f px high on a phone", name, smallest);
    }
}

/* The SPRT page's games and blocks are sprt.csv's and sprt_blocks.csv's, and its Elo chart is
 * there beside the LLR's. */
static void expect_sprt_counts(const json_t *page, const char *dir)
{
    char wins[32], draws[32], losses[32], games[32], agent[256], expected[512];
    first_row_field(dir, "sprt.csv", "a_wins", wins, sizeof wins);
    first_row_field(dir, "sprt.csv", "draws", draws, sizeof draws);
    first_row_field(dir, "sprt.csv", "b_wins", losses, sizeof losses);
    first_row_field(dir, "sprt.csv", "games", games, sizeof games);
    first_row_field(dir, "sprt.csv", "agent_a", agent, sizeof agent);
    ck_assert_int_eq(atoi(wins) + atoi(draws) + atoi(losses), atoi(games));
    snprintf(expected, sizeof expected, "Games: %s won %s, drew %s and lost %s of %s", agent, wins, draws, losses, games);
    const char *text = json_string_value(json_object_get(page, "text"));
    ck_assert_msg(strstr(text, expected), "the SPRT page does not say '%s'", expected);
    /* sprt_blocks.csv, row by row, against the blocks row of the page's table (its last) */
    char path[8192];
    snprintf(path, sizeof path, "%s/sprt_blocks.csv", dir);
    char *blocks = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(blocks);
    size_t k;
    json_t *table;
    const json_t *counts = NULL;
    json_array_foreach(json_object_get(page, "tables"), k, table) if (!strcmp(json_string_value(json_object_get(table, "class")), "blocks"))
        counts = json_array_get(json_object_get(table, "rows"), json_array_size(json_object_get(table, "rows")) - 1);
    ck_assert_msg(counts != NULL, "the SPRT page has no table of blocks");
    int row = 0, total = 0;
    for (char *line = strchr(blocks, '\n') + 1; *line; line = strchr(line, '\n') + 1, row++) {
        const char *count = strchr(line, ',') + 1;
        char shown[32];
        snprintf(shown, sizeof shown, "%.*s", (int)strcspn(count, "\n"), count);
        total += atoi(shown);
        const char *cell = json_string_value(json_object_get(json_array_get(counts, (size_t)row + 1), "text"));
        ck_assert_msg(cell && !strcmp(cell, shown), "block value %d: the page says %s, sprt_blocks.csv %s", row,
                      cell ? cell : "nothing", shown);
    }
    char played[32];
    first_row_field(dir, "sprt.csv", "blocks", played, sizeof played);
    ck_assert_int_eq(total, atoi(played));
    free(blocks);
    bool llr = false, elo = false;
    json_t *chart;
    json_array_foreach(json_object_get(page, "charts"), k, chart) {
        const char *title = json_string_value(json_object_get(chart, "title"));
        llr |= strstr(title, "the LLR of") != NULL;
        elo |= llr && strstr(title, "Elo of") == title;
    }
    ck_assert_msg(llr && elo, "the SPRT page has no Elo chart after its LLR chart");
}

/* Every cell of the crosstable against pairwise.csv: the row agent's paired score in percent,
 * ± the longer side of its interval, and the games the two played, worked out here from the
 * file; a dash on the diagonal. Agents by rank, as ratings.csv lists them. */
static void expect_crosstable(const json_t *page, const char *dir)
{
    char path[8192], agents[16][256];
    snprintf(path, sizeof path, "%s/ratings.csv", dir);
    char *ratings = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(ratings);
    int count = 0;
    for (char *line = strchr(ratings, '\n') + 1; *line && count < 16; line = strchr(line, '\n') + 1, count++) {
        char *agent = strchr(line, ',') + 1;
        snprintf(agents[count], sizeof agents[count], "%.*s", (int)strcspn(agent, ","), agent);
    }
    free(ratings);
    snprintf(path, sizeof path, "%s/pairwise.csv", dir);
    char *pairwise = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(pairwise);
    int pairs = 0;
    for (char *line = strchr(pairwise, '\n') + 1; *line; line = strchr(line, '\n') + 1, pairs++) {
        /* agent_a,agent_b,blocks,games,a_wins,draws,b_wins,a_score,paired_score,paired_score_low,paired_score_high */
        char a[256], b[256], games[32];
        double score, low, high;
        ck_assert_int_eq(sscanf(line, "%255[^,],%255[^,],%*[^,],%31[^,],%*[^,],%*[^,],%*[^,],%*[^,],%lf,%lf,%lf", a, b,
                                games, &score, &low, &high),
                         6);
        int i = -1, j = -1;
        for (int k = 0; k < count; k++) {
            if (!strcmp(agents[k], a)) i = k;
            if (!strcmp(agents[k], b)) j = k;
        }
        ck_assert_msg(i >= 0 && j >= 0, "pairwise.csv: %s or %s is not rated", a, b);
        double plus = score - low > high - score ? score - low : high - score;
        char expected[128];
        /* a's side in row i, column j; b's side (1 - score, the same ±) in row j, column i */
        for (int side = 0; side < 2; side++) {
            int row = side ? j : i, column = side ? i : j;
            double shown = side ? 1 - score : score;
            snprintf(expected, sizeof expected, "%.1f%% \xC2\xB1%.1f\n%s games", 100 * shown, 100 * plus, games);
            const char *cell = table_cell(page, "crosstable", (size_t)row + 1, (size_t)column + 1);
            ck_assert_msg(cell && !strcmp(cell, expected), "crosstable %s against %s: '%s', pairwise.csv gives '%s'",
                          side ? b : a, side ? a : b, cell ? cell : "(none)", expected);
        }
    }
    ck_assert_int_eq(pairs, count * (count - 1) / 2);
    for (int k = 0; k < count; k++) {
        const char *self = table_cell(page, "crosstable", (size_t)k + 1, (size_t)k + 1);
        ck_assert_msg(self && strstr(self, "\xE2\x80\x94"), "crosstable: %s against itself is not a dash", agents[k]);
    }
    free(pairwise);
}

/* The counts behind each result, and every report readable at a desktop's size and a phone's:
 * the SPRT's wins, draws, losses and blocks equal to its CSVs with its Elo over time, the
 * crosstable's ± and games equal to pairwise.csv, each chart naming its sample; at 400x800
 * nothing wider than the window and no chart text under 9 px. */
START_TEST(every_report_reads_on_a_phone_with_its_counts)
{
    static const char *const kinds[] = {"t", "s", "b", "c"};
    enum { KINDS = sizeof kinds / sizeof kinds[0] };
    const char *dir = support_scratch("reading");
    free(shell_ok(dir, make_studies, dir));
    static const char *const sizes[] = {"1280x860", "400x800"};
    for (int size = 0; size < 2; size++) {
        char arguments[8192];
        size_t used = (size_t)snprintf(arguments, sizeof arguments, "report %s", sizes[size]);
        for (int k = 0; k < KINDS; k++)
            used += (size_t)snprintf(arguments + used, sizeof arguments - used, " '%s/%s/report.html'", dir, kinds[k]);
        json_t *result = drive(dir, arguments);
        const json_t *pages = json_object_get(result, "pages");
        ck_assert_int_eq((int)json_array_size(pages), KINDS);
        for (int k = 0; k < KINDS; k++) expect_readable(json_array_get(pages, (size_t)k), size == 1);
        char where[4200];
        snprintf(where, sizeof where, "%s/s", dir);
        expect_sprt_counts(json_array_get(pages, 1), where);
        snprintf(where, sizeof where, "%s/t", dir);
        expect_crosstable(json_array_get(pages, 0), where);
        json_decref(result);
    }
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("browser");
    TCase *viewer = tcase_create("viewer");
    tcase_add_checked_fixture(viewer, NULL, support_scratch_teardown);
    tcase_set_timeout(viewer, 600);
    tcase_add_loop_test(viewer, fragments_open_the_positions, 0, VIEW_CASES);
    tcase_add_loop_test(viewer, stepping_reaches_the_final_scores, 0, VIEW_CASES);
    tcase_add_test(viewer, the_switch_hides_the_other_hands);
    tcase_add_test(viewer, record_text_stays_text);
    tcase_add_loop_test(viewer, every_point_says_why, 0, VIEW_CASES);
    tcase_add_loop_test(viewer, a_phone_shows_the_table_whole, 0, VIEW_CASES);
    tcase_add_loop_test(viewer, hidden_hands_stay_hidden, 0, VIEW_CASES);
    tcase_add_loop_test(viewer, the_analysis_matches_its_data, 0, VIEW_CASES);
    tcase_add_test(viewer, the_page_gives_its_record_and_links);
    suite_add_tcase(suite, viewer);
    TCase *reports = tcase_create("reports");
    tcase_add_checked_fixture(reports, NULL, support_scratch_teardown);
    tcase_set_timeout(reports, 600);
    tcase_add_test(reports, every_report_loads_quietly_with_its_numbers);
    tcase_add_test(reports, every_report_reads_on_a_phone_with_its_counts);
    suite_add_tcase(suite, reports);
    return support_run_suite(suite, "test_browser");
}
