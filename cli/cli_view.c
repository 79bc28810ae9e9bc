/* cli_view.c - `dominolab view`: a game record as one self-contained HTML page to step
 * through in a browser (docs/viewer.md). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "records/replay.h"
#include "view.h"

typedef struct view_args {
    cli_args_base_t base;
    const char *record; /* the one argument that is not an option */
    const char *out, *annotate, *seats, *levels, *title;
} view_args_t;

#define VIEW_OPTION(name, kind, field, value, help)                                                                  \
    {name, "view", kind, CLI_AT(view_args_t, field), 0, 0, NULL, value, help}
static const cli_option_t view_options[] = {
    VIEW_OPTION("out", CLI_TEXT, out, "FILE",
                "the page to write, also -o FILE (default: the record's name, .html for .jsonl)"),
    VIEW_OPTION("annotate", CLI_TEXT, annotate, "AGENT",
                "at every decision, what this agent would play and its value of each legal move"),
    VIEW_OPTION("seats", CLI_TEXT, seats, "S,S,...",
                "with --annotate: only these seats' decisions (default: every seat)"),
    CLI_LEVELS_OPTION(view_args_t, levels),
    VIEW_OPTION("title", CLI_TEXT, title, "TEXT", "the page's title (default: the game and the agents)"),
};
#undef VIEW_OPTION

static const cli_command_spec_t view_spec = {
    "view",
    "RECORD.jsonl [-o FILE.html] [--annotate AGENT [--seats S,S]]",
    "Writes a game record (JSON Lines, from `dominolab play --record` or `sim --records`)\n"
    "as one HTML page that shows the match as it was played: the dominoes of every hand,\n"
    "the line, the spinner's arms or the tricks and the trump, the stock, the scores and\n"
    "the awards, with controls to step through it (buttons, the arrow keys, a move list to\n"
    "click). A position can be linked: FILE.html#hand=2&ply=17 opens the 17th move of the\n"
    "second deal. Everything is inside the one file: it needs no server and no network.\n"
    "\n"
    "The record is first replayed against the rules, as `dominolab replay` does; a record\n"
    "that does not agree (truncated, tampered) is refused with the line at fault, and no\n"
    "page is written. With --annotate AGENT, every decision of the chosen seats also shows\n"
    "what that agent would have played and its value of each legal move (pimc's mean match\n"
    "standing in points, ismcts's mean reward, the heuristic's value, greedy's points), so\n"
    "the page shows where a player left the bot's choice and what that cost in the bot's\n"
    "eyes. Where the values are points, each move is labelled best, good, an inaccuracy (a\n"
    "cost of 2% of the match's target or more), a mistake (5%) or a blunder (10%), and a\n"
    "graph of every move's cost sits under the table (docs/viewer.md).\n"
    "\n"
    "Exit status: 0 the page was written, 1 the record disagrees with the rules or the page\n"
    "could not be written, 2 the record cannot be read or the command line is wrong.\n",
    view_options,
    (int)(sizeof view_options / sizeof view_options[0]),
};

/* 0, 1 for --help, -1 with a message; -o is --out. */
static int parse_view_args(int argc, char **argv, view_args_t *args, char *error, size_t error_size)
{
    /* The words with -o spelled --out (the caller's argv is left as it is), then the rest. */
    char **words = malloc(2 * ((size_t)argc + 1) * sizeof *words);
    if (!words) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    char **rest = words + argc + 1;
    for (int i = 0; i < argc; i++) words[i] = strcmp(argv[i], "-o") ? argv[i] : "--out";
    words[argc] = NULL;
    memset(args, 0, sizeof *args);
    const char *record = NULL;
    int rest_count, parsed = cli_take_operand(&view_spec, argc, words, rest, &rest_count, &record, "record file", error,
                                              error_size);
    if (parsed == 0) parsed = cli_parse_argv(&view_spec, rest_count, rest, args, error, error_size);
    free(words);
    args->record = record;
    if (parsed) return parsed;
    if (!args->record) {
        snprintf(error, error_size, "no record file given (usage: dominolab view RECORD.jsonl [-o FILE.html])");
        return -1;
    }
    if (args->seats && !args->annotate) {
        cli_option_error(&view_spec, args, "seats", -1, error, error_size,
                         "chooses the seats --annotate speaks of: give --annotate AGENT too");
        return -1;
    }
    return 0;
}

/* "0,2" as bits; -1 with a message for anything else. */
static int parse_seats(const view_args_t *args, unsigned *out, char *error, size_t error_size)
{
    *out = 0;
    if (!args->seats) return 0;
    for (const char *at = args->seats; *at;) {
        char *end;
        long seat = strtol(at, &end, 10);
        if (end == at || seat < 0 || seat >= GAME_MAX_SEATS || (*end && *end != ',')) {
            cli_option_error(&view_spec, args, "seats", -1, error, error_size,
                             "'%s': give seat numbers 0..%d separated by commas", args->seats, GAME_MAX_SEATS - 1);
            return -1;
        }
        *out |= 1u << seat;
        at = *end ? end + 1 : end;
    }
    return 0;
}

/* The progress of a slow annotating agent, on a terminal: a line rewritten at most four times
 * a second. */
typedef struct view_progress {
    const char *agent;
    double shown_at;
    int shown, decisions; /* the count last shown (0: nothing shown yet), and the latest */
} view_progress_t;

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void show_progress(void *context, int decisions)
{
    view_progress_t *progress = context;
    progress->decisions = decisions;
    double now = seconds_now();
    if (now - progress->shown_at < 0.25) return;
    fprintf(stderr, "\rdominolab view: %s has annotated %d decisions", progress->agent, decisions);
    fflush(stderr);
    progress->shown_at = now;
    progress->shown = decisions;
}

/* Whether writing `page` would replace `record` (the same file by another name too). */
static bool same_file(const char *record, const char *page)
{
    struct stat a, b;
    if (!strcmp(record, page)) return true;
    return stat(record, &a) == 0 && stat(page, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* The record's name with .html for its .jsonl (or added). */
static int default_out(const char *record, char *out, size_t size)
{
    size_t length = strlen(record);
    if (length > 6 && !strcmp(record + length - 6, ".jsonl")) length -= 6;
    return snprintf(out, size, "%.*s.html", (int)length, record) < (int)size ? 0 : -1;
}

int cli_view(int argc, char **argv)
{
    view_args_t args;
    char error[CLI_ERROR_SIZE], out[4096];
    int parsed = parse_view_args(argc, argv, &args, error, sizeof error);
    if (parsed == 1) {
        cli_print_help(stdout, &view_spec);
        return 0;
    }
    unsigned seats = 0;
    if (parsed || parse_seats(&args, &seats, error, sizeof error) ||
        (!args.out && default_out(args.record, out, sizeof out))) {
        fprintf(stderr, "dominolab view: %s\n", parsed || args.seats ? error : "the record's name is too long");
        return 2;
    }
    agent_levels_t *storage = malloc(sizeof *storage);
    const agent_levels_t *levels = NULL;
    if (!storage || cli_levels_open(args.levels, NULL, storage, &levels, error, sizeof error)) {
        fprintf(stderr, "dominolab view: %s\n", storage ? error : "out of memory");
        free(storage);
        return 2;
    }
    if (args.annotate && agent_spec_check(args.annotate, levels, error, sizeof error)) {
        fprintf(stderr, "dominolab view: --annotate: %s\n", error);
        free(storage);
        return 2;
    }
    view_progress_t progress = {args.annotate, seconds_now(), 0, 0};
    view_options_t options = {args.annotate, seats, levels == storage ? storage : NULL, args.title, NULL, NULL};
    if (args.annotate && isatty(STDERR_FILENO)) {
        options.on_annotated = show_progress;
        options.context = &progress;
    }
    const char *html = args.out ? args.out : out;
    if (same_file(args.record, html)) {
        fprintf(stderr, "dominolab view: --out %s is the record itself: give the page another name\n", html);
        free(storage);
        return 2;
    }
    int result = view_write(args.record, html, &options, error, sizeof error);
    if (progress.shown) /* the line, with the whole count, stays; the next begins below it */
        fprintf(stderr, "\rdominolab view: %s has annotated %d decisions\n", progress.agent, progress.decisions);
    free(storage);
    if (result) {
        fprintf(stderr, "dominolab view: %s\n", error);
        return result == REPLAY_MALFORMED ? 2 : 1;
    }
    printf("%s: %s\n", args.record, html);
    return 0;
}
