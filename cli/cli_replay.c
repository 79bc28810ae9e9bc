/* cli_replay.c - `dominolab replay FILE`: checks a game record against the rules. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "records/replay.h"

enum { CLI_REPLAY_ERROR_SIZE = 2048 };

static const char usage_text[] =
    "usage: dominolab replay FILE\n"
    "\n"
    "Plays a game record (JSON Lines, written by `dominolab play --record FILE`) again\n"
    "through the engine and reports the first line where the record and the rules disagree.\n"
    "It checks that:\n"
    "  - the match line names a known game and every option of its rules, with valid\n"
    "    values in a valid combination, the right number of seats and one agent per seat;\n"
    "  - every deal is a valid deal for those rules;\n"
    "  - every play, draw and pass is made by the seat to move and is legal, and every\n"
    "    drawn tile is the next tile of the stock;\n"
    "  - every number the rules produce (points of plays, awards, hand totals, pips left,\n"
    "    scores, winners, reasons) is the one in the record;\n"
    "  - the record ends exactly with the match_end line.\n"
    "Fields a line carries beyond the format are ignored.\n"
    "\n"
    "Exit status: 0 the record agrees with the rules, 1 it disagrees, 2 it is malformed or\n"
    "cannot be read (or the command line is wrong).\n";

static void print_summary(FILE *out, const char *path, const replay_summary_t *s)
{
    const char *side = s->sides == s->seats ? "seat" : "team";
    fprintf(out, "%s: agrees with the rules: %s, %d seats, %d hands, %d lines; ", path, s->game, s->seats, s->hands,
            s->lines);
    if (s->winner >= 0) fprintf(out, "winner %s %d, scores", side, s->winner);
    else fprintf(out, "no winner, scores");
    for (int i = 0; i < s->sides && i < GAME_MAX_SEATS; i++) fprintf(out, " %d", s->scores[i]);
    fputc('\n', out);
}

int cli_replay(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (argv[i][0] == '-' && argv[i][1] != '\0') {
            static const char *const names[] = {"help"};
            char error[CLI_ERROR_SIZE];
            cli_unknown_argument("replay", argv[i], names, 1, error, sizeof error);
            fprintf(stderr, "dominolab replay: %s\n", error);
            return 2;
        }
        if (path) {
            fprintf(stderr, "dominolab replay: one record file only (%s, then %s)  (usage: dominolab replay FILE)\n",
                    path, argv[i]);
            return 2;
        }
        path = argv[i];
    }
    if (!path) {
        fputs("dominolab replay: no record file given  (usage: dominolab replay FILE)\n", stderr);
        return 2;
    }
    replay_summary_t summary;
    char error[CLI_REPLAY_ERROR_SIZE];
    int result = replay_file(path, &summary, error, sizeof error);
    if (result != REPLAY_AGREES) {
        fprintf(stderr, "dominolab replay: %s\n", error);
        return result;
    }
    print_summary(stdout, path, &summary);
    return 0;
}
