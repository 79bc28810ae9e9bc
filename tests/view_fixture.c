/* view_fixture.c - what the viewer's tests share (view_fixture.h). */
#include "view_fixture.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "test_support.h"
#include "view.h"

const view_case_t view_cases[VIEW_CASES] = {
    {"bergen", "2", "random,greedy", "3", NULL, NULL},
    {"bergen", "4", "heuristic,random,greedy,random", "11", NULL, NULL},
    {"double_bergen", "3", "heuristic,greedy,random", "5", NULL, NULL},
    {"partnership", "4", "heuristic,greedy,random,greedy", "7", NULL, NULL},
    {"bingo", "2", "heuristic,random", "9", NULL, NULL},
    {"bergen", "2", "random,random", "3", "--option", "no_double_rule=redeal"}, /* hand 4 is void, then dealt again */
    {"double_bergen", "3", "heuristic,greedy,random", "4", "--preset", "double_bergen_12"},
};

const char *view_record_match(const view_case_t *c, const char *dir)
{
    static char path[4096];
    snprintf(path, sizeof path, "%s/%s.jsonl", dir, c->game);
    char *argv[] = {"play", "--game", (char *)c->game, "--players", (char *)c->players, "--agents", (char *)c->agents,
                    "--seed", (char *)c->seed, "--record", path, "--quiet", NULL, NULL, NULL};
    if (c->flag) {
        argv[12] = (char *)c->flag;
        argv[13] = (char *)c->value;
    }
    capture_t run;
    support_run(cli_play, argv, &run);
    ck_assert_msg(run.status == 0, "play %s: %s", c->game, run.err);
    support_capture_free(&run);
    return path;
}

json_t *view_page_data(const char *html_path)
{
    char *html = support_read_file(html_path, NULL);
    ck_assert_msg(html != NULL, "%s was not written", html_path);
    const char *mark = "<script type=\"application/json\" id=\"match-data\">";
    char *start = strstr(html, mark);
    ck_assert_msg(start != NULL, "%s holds no match data", html_path);
    start += strlen(mark);
    char *end = strstr(start, "</script>");
    ck_assert_msg(end != NULL, "the match data of %s is not closed", html_path);
    *end = '\0';
    json_error_t error;
    json_t *data = json_loads(start, 0, &error);
    ck_assert_msg(data != NULL, "%s: the match data is not JSON: %s", html_path, error.text);
    free(html);
    return data;
}

json_t *view_make_page(const char *record, const char *html, const view_options_t *options)
{
    char error[1024];
    int result = view_write(record, html, options, error, sizeof error);
    ck_assert_msg(result == 0, "view_write %s: %s", record, error);
    return view_page_data(html);
}

json_t *view_recorded_page(const view_case_t *c, const char *name, const struct view_options *options,
                           const char **record, const char **html)
{
    static char page[4096];
    const char *dir = support_scratch(name);
    const char *recorded = view_record_match(c, dir);
    snprintf(page, sizeof page, "%s/page.html", dir);
    if (record) *record = recorded;
    if (html) *html = page;
    return view_make_page(recorded, page, options);
}
