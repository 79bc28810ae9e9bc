/* api_check.c - built by test_library against the installed library (pkg-config
 * dominolab), as an app would be: every game played to its end by bots at every seat and
 * recorded; a position given; the errors an app meets. Prints "ok" and exits 0, or names
 * the first check that failed and exits 1. */
#include <dominolab.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(condition, ...)                                                                                  \
    do {                                                                                                       \
        if (!(condition)) {                                                                                    \
            printf("FAILED line %d: ", __LINE__);                                                              \
            printf(__VA_ARGS__);                                                                               \
            putchar('\n');                                                                                     \
            failures++;                                                                                        \
        }                                                                                                      \
    } while (0)

/* Bots at every seat play a whole match, recorded into `path`. */
static void play_by_bots(const char *name, int players, const char *spec, const char *path)
{
    char error[DL_ERROR_SIZE];
    dl_game_t *g = dl_game_create(name, NULL, players, NULL, 11, error, sizeof error);
    CHECK(g, "%s: %s", name, error);
    if (!g) return;
    dl_bot_t *bots[DL_MAX_SEATS];
    for (int seat = 0; seat < dl_seats(g); seat++) {
        bots[seat] = dl_bot_create(g, spec, seat, 100 + (uint64_t)seat, error, sizeof error);
        CHECK(bots[seat], "%s seat %d: %s", name, seat, error);
        if (!bots[seat]) return;
    }
    CHECK(dl_record_open(g, path) == 0, "%s: %s", name, dl_game_error(g));
    int moves = 0;
    while (dl_status(g) != DL_MATCH_OVER && moves < 100000) {
        if (dl_status(g) == DL_BETWEEN_HANDS) {
            CHECK(dl_deal(g) == 0, "%s: deal: %s", name, dl_game_error(g));
            continue;
        }
        dl_move_t move;
        int seat = dl_to_move(g);
        CHECK(dl_bot_move(bots[seat], g, &move) == 0, "%s: seat %d's bot gives no move", name, seat);
        int other = (seat + 1) % dl_seats(g);
        dl_move_t unused;
        CHECK(dl_bot_move(bots[other], g, &unused) == -1, "%s: seat %d's bot moved out of turn", name, other);
        CHECK(dl_apply(g, move) == 0, "%s: %s", name, dl_game_error(g));
        moves++;
    }
    CHECK(dl_status(g) == DL_MATCH_OVER, "%s: no end after %d moves", name, moves);
    int winner = dl_match_winner(g);
    CHECK(winner >= -1 && winner < dl_sides(g), "%s: winner %d", name, winner);
    CHECK(dl_record_close(g) == 0, "%s: %s", name, dl_game_error(g));
    CHECK(dl_record_check(path, error, sizeof error) == 0, "%s: the record does not replay: %s", name, error);
    /* read back: at its end, the same scores and winner; after 5 moves, a position a bot
     * answers in and that plays on to an end */
    int scores[DL_MAX_SEATS], again[DL_MAX_SEATS];
    dl_scores(g, scores);
    dl_game_t *end = dl_game_from_record(path, -1, error, sizeof error);
    CHECK(end, "%s: %s", name, error);
    if (end) {
        dl_scores(end, again);
        CHECK(dl_status(end) == DL_MATCH_OVER && dl_match_winner(end) == winner &&
                  !memcmp(scores, again, (size_t)dl_sides(g) * sizeof scores[0]),
              "%s: the record read back ends otherwise", name);
        dl_game_destroy(end);
    }
    dl_game_t *middle = dl_game_from_record(path, 5, error, sizeof error);
    CHECK(middle && dl_status(middle) == DL_IN_HAND, "%s: no position after 5 moves: %s", name, error);
    for (int k = 0; middle && k < 100000 && dl_status(middle) != DL_MATCH_OVER; k++) {
        if (dl_status(middle) == DL_BETWEEN_HANDS) {
            dl_deal(middle);
            continue;
        }
        dl_move_t move;
        CHECK(dl_bot_move(bots[dl_to_move(middle)], middle, &move) == 0, "%s: a bot in the position read", name);
        CHECK(dl_apply(middle, move) == 0, "%s: %s", name, dl_game_error(middle));
    }
    CHECK(middle && dl_status(middle) == DL_MATCH_OVER, "%s: the match read back does not play on to its end", name);
    dl_game_destroy(middle);
    CHECK(!dl_game_from_record(path, 1000000, error, sizeof error) && strstr(error, "moves"), "%s: '%s'", name, error);
    for (int seat = 0; seat < dl_seats(g); seat++) dl_bot_destroy(bots[seat]);
    dl_game_destroy(g);
}

/* A given deal, a move refused, a record removed, and bad names. */
static void errors_and_positions(const char *dir)
{
    char error[DL_ERROR_SIZE], path[1024], text[256];
    CHECK(!dl_game_create("chess", NULL, 2, NULL, 1, error, sizeof error) && strstr(error, "unknown game"),
          "chess: '%s'", error);
    const char *bad[] = {"target=banana", NULL};
    CHECK(!dl_game_create("bergen", NULL, 2, bad, 1, error, sizeof error) && strstr(error, "target"), "target: '%s'",
          error);
    dl_game_t *g = dl_game_create("bergen", "bergen", 2, NULL, 5, error, sizeof error);
    CHECK(g, "%s", error);
    if (!g) return;
    const char *hands[] = {"0-0 0-1 1-1 0-2 1-2 2-2", "0-3 1-3 2-3 3-3 0-4 1-4"};
    CHECK(dl_set_deal(g, hands, "2-4 3-4 4-4 0-5 1-5 2-5 3-5 4-5 5-5 0-6 1-6 2-6 3-6 4-6 5-6 6-6") == 0, "set_deal: %s",
          dl_game_error(g));
    CHECK(dl_hand(g, 1, text, sizeof text) == 6 && !strcmp(text, "0-3 1-3 2-3 3-3 0-4 1-4"), "hand 1: '%s'", text);
    dl_move_t moves[DL_MAX_MOVES];
    int count = dl_legal_moves(g, moves);
    CHECK(count >= 1 && moves[0].kind == DL_PLAY, "%d moves", count);
    dl_move_t wrong = {DL_PLAY, 27, 0, 0}; /* 6-6, in the stock */
    CHECK(dl_apply(g, wrong) == -1 && strstr(dl_game_error(g), "not a legal move"), "6-6: '%s'", dl_game_error(g));
    dl_move_text(g, moves[0], text, sizeof text);
    CHECK(text[0] != '\0', "no move text");
    snprintf(path, sizeof path, "%s/late.jsonl", dir);
    CHECK(dl_record_open(g, path) == -1 && strstr(dl_game_error(g), "before the first deal"), "late record: '%s'",
          dl_game_error(g));
    dl_game_destroy(g);

    g = dl_game_create("bergen", NULL, 2, NULL, 5, error, sizeof error);
    snprintf(path, sizeof path, "%s/unfinished.jsonl", dir);
    CHECK(g && dl_record_open(g, path) == 0 && dl_deal(g) == 0, "record: %s", g ? dl_game_error(g) : error);
    CHECK(g && dl_record_close(g) == -1 && access(path, F_OK) != 0, "an unfinished record was kept");
    CHECK(!dl_bot_create(g, "pimc:samples=0", 0, 1, error, sizeof error) && strstr(error, "samples"), "spec: '%s'",
          error);
    CHECK(!dl_bot_create(g, "human", 0, 1, error, sizeof error) && strstr(error, "person"), "human: '%s'", error);
    dl_game_destroy(g);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    const char *games[][3] = {{"bergen", "3", "level:4"},
                              {"double_bergen", "4", "heuristic"},
                              {"partnership", "4", "level:6"},
                              {"bingo", "2", "pimc:samples=4"}};
    for (int k = 0; k < 4; k++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.jsonl", dir, games[k][0]);
        play_by_bots(games[k][0], games[k][1][0] - '0', games[k][2], path);
    }
    errors_and_positions(dir);
    if (failures) return 1;
    printf("ok\n");
    return 0;
}
