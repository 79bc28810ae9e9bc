/* validation_check.c - built by test_library against the installed library, as an app
 * would be: what dominolab.h promises about bad arguments. Every call given a NULL pointer,
 * a seat, index, move or buffer out of range, or a bot asked about a game of other rules,
 * returns -1 (or NULL) with a non-empty message saying what was wrong, and changes nothing;
 * a bot outlives the game it was made from. Each check_* function is one promise; prints
 * "ok" and exits 0, or names every check that failed and exits 1. */
#include <dominolab.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static int failures;
#define CHECK(condition, ...)                                                                                  \
    do {                                                                                                       \
        if (!(condition)) {                                                                                    \
            printf("FAILED %s line %d: ", __func__, __LINE__);                                                 \
            printf(__VA_ARGS__);                                                                               \
            putchar('\n');                                                                                     \
            failures++;                                                                                        \
        }                                                                                                      \
    } while (0)

/* The last error of g says `words`. */
static int says(const dl_game_t *g, const char *words) { return strstr(dl_game_error(g), words) != NULL; }

static dl_game_t *make(const char *name, int players, const char *const *options, uint64_t seed)
{
    char error[DL_ERROR_SIZE];
    dl_game_t *g = dl_game_create(name, NULL, players, options, seed, error, sizeof error);
    CHECK(g, "%s %d: %s", name, players, error);
    return g;
}

/* The first legal move's index, after dealing if need be; the game in a hand. */
static void deal_if_needed(dl_game_t *g)
{
    if (dl_status(g) == DL_BETWEEN_HANDS) CHECK(dl_deal(g) == 0, "deal: %s", dl_game_error(g));
}

static int is_legal(const dl_game_t *g, dl_move_t move)
{
    dl_move_t moves[DL_MAX_MOVES];
    int count = dl_legal_moves(g, moves);
    for (int i = 0; i < count; i++)
        if (!memcmp(&moves[i], &move, sizeof move)) return 1;
    return 0;
}

static void check_null_game_everywhere(void)
{
    char text[64];
    int scores[DL_MAX_SEATS];
    dl_move_t move = {DL_PLAY, 0, 0, 0}, out;
    const char *hands[] = {"", ""};
    CHECK(dl_game_error(NULL) && dl_game_error(NULL)[0], "dl_game_error(NULL) says nothing");
    CHECK(dl_seats(NULL) == -1 && dl_sides(NULL) == -1 && dl_side_of_seat(NULL, 0) == -1, "seats of NULL");
    CHECK(dl_status(NULL) == -1 && dl_to_move(NULL) == -1 && dl_match_winner(NULL) == -1, "status of NULL");
    CHECK(dl_deal(NULL) == -1 && dl_set_deal(NULL, hands, "") == -1, "deal of NULL");
    CHECK(dl_legal_moves(NULL, &out) == -1 && dl_apply(NULL, move) == -1 && dl_step(NULL, 0) == -1, "play on NULL");
    CHECK(dl_move_points(NULL, move) == -1 && dl_scores(NULL, scores) == -1, "points of NULL");
    CHECK(dl_hand(NULL, 0, text, sizeof text) == -1 && dl_move_text(NULL, move, text, sizeof text) == -1, "text of NULL");
    CHECK(dl_observation(NULL, 0, text, sizeof text) == -1 && dl_moves_json(NULL, text, sizeof text) == -1, "JSON of NULL");
    CHECK(dl_record_open(NULL, "x.jsonl") == -1 && dl_record_close(NULL) == -1, "record of NULL");
    char error[DL_ERROR_SIZE] = "";
    CHECK(!dl_bot_create(NULL, "greedy", 0, 1, error, sizeof error) && error[0], "bot of NULL: '%s'", error);
    CHECK(dl_bot_move(NULL, NULL, &out) == -1, "bot move of NULL");
    dl_game_destroy(NULL);
    dl_bot_destroy(NULL);
    CHECK(dl_tile_name(3, NULL) == NULL, "dl_tile_name into NULL");
}

/* NULL texts and error buffers: refused with a message where there is a buffer, never a crash. */
static void check_null_texts_and_buffers(void)
{
    char error[DL_ERROR_SIZE] = "";
    CHECK(!dl_game_create(NULL, NULL, 2, NULL, 1, error, sizeof error) && strstr(error, "game"), "NULL name: '%s'", error);
    CHECK(!dl_game_create("chess", NULL, 2, NULL, 1, NULL, 100), "a NULL error buffer of size 100");
    CHECK(!dl_game_create("chess", NULL, 2, NULL, 1, error, 0), "an error buffer of size 0");
    error[0] = '\0';
    CHECK(dl_record_check(NULL, error, sizeof error) == -1 && error[0], "dl_record_check(NULL): '%s'", error);
    error[0] = '\0';
    CHECK(!dl_game_from_record(NULL, -1, error, sizeof error) && error[0], "dl_game_from_record(NULL): '%s'", error);
    CHECK(!dl_game_from_record("/nonexistent/x.jsonl", -1, NULL, 512), "dl_game_from_record with a NULL buffer");
    dl_game_t *g = make("bergen", 2, NULL, 1);
    if (!g) return;
    CHECK(!dl_bot_create(g, NULL, 0, 1, error, sizeof error) && strstr(error, "spec"), "NULL spec: '%s'", error);
    CHECK(!dl_bot_create(g, "nobody", 0, 1, NULL, 512), "a bad spec with a NULL buffer");
    CHECK(dl_record_open(g, NULL) == -1 && says(g, "path"), "record to NULL: '%s'", dl_game_error(g));
    CHECK(dl_legal_moves(g, NULL) == -1 && says(g, "out"), "legal moves into NULL: '%s'", dl_game_error(g));
    CHECK(dl_scores(g, NULL) == -1 && says(g, "out"), "scores into NULL: '%s'", dl_game_error(g));
    CHECK(dl_observation(g, 0, NULL, 10) == -1 && says(g, "out"), "observation into NULL: '%s'", dl_game_error(g));
    CHECK(dl_observation(g, 0, NULL, 0) > 0, "an observation measured with (NULL, 0)");
    CHECK(dl_moves_json(g, NULL, 10) == -1, "moves into NULL of size 10");
    dl_game_destroy(g);
}

/* Counts that once fell back, wrapped or were cut quietly. */
static void check_players_and_options(void)
{
    char error[DL_ERROR_SIZE] = "";
    CHECK(!dl_game_create("bergen", NULL, -727379968, NULL, 1, error, sizeof error) && strstr(error, "players"),
          "negative players (10**12 wrapped): '%s'", error);
    CHECK(!dl_game_create("bergen", NULL, 9, NULL, 1, error, sizeof error) && strstr(error, "players"), "9 players: '%s'",
          error);
    const char *many[80];
    for (int k = 0; k < 79; k++) many[k] = "target=50";
    many[79] = NULL;
    CHECK(!dl_game_create("bergen", NULL, 2, many, 1, error, sizeof error) && strstr(error, "options"),
          "79 options: '%s'", error);
}

static void check_seats_in_range(void)
{
    dl_game_t *g = make("bergen", 2, NULL, 3);
    if (!g) return;
    deal_if_needed(g);
    char text[4096];
    for (int k = 0; k < 4; k++) {
        int seat = (int[]){-1, 2, 99, INT_MIN}[k];
        CHECK(dl_side_of_seat(g, seat) == -1 && says(g, "seat"), "side of seat %d: '%s'", seat, dl_game_error(g));
        CHECK(dl_hand(g, seat, text, sizeof text) == -1 && says(g, "seat"), "hand of seat %d: '%s'", seat, dl_game_error(g));
        CHECK(dl_observation(g, seat, text, sizeof text) == -1 && says(g, "seat"), "observation of seat %d: '%s'", seat,
              dl_game_error(g));
        char error[DL_ERROR_SIZE] = "";
        CHECK(!dl_bot_create(g, "greedy", seat, 1, error, sizeof error) && strstr(error, "seat"), "bot of seat %d: '%s'",
              seat, error);
    }
    dl_game_destroy(g);
}

/* Moves that are no moves: the engine's tables are never indexed by them. */
static void check_malformed_moves(void)
{
    dl_game_t *g = make("bergen", 2, NULL, 4);
    if (!g) return;
    char text[128];
    dl_move_t lead = {DL_PLAY, 0, 255, 0};
    CHECK(dl_move_points(g, lead) == -1 && says(g, "hand"), "points before the deal: '%s'", dl_game_error(g));
    CHECK(dl_apply(g, lead) == -1 && says(g, "hand"), "a move before the deal: '%s'", dl_game_error(g));
    deal_if_needed(g);
    int before = dl_to_move(g);
    dl_move_t bad_tile = {DL_PLAY, 200, 0, 0}, bad_kind = {9, 0, 0, 0};
    CHECK(dl_apply(g, bad_tile) == -1 && says(g, "tile 200"), "tile 200: '%s'", dl_game_error(g));
    CHECK(dl_apply(g, bad_kind) == -1 && says(g, "kind 9"), "kind 9: '%s'", dl_game_error(g));
    CHECK(dl_move_points(g, bad_tile) == -1 && says(g, "tile 200"), "points of tile 200: '%s'", dl_game_error(g));
    CHECK(dl_move_text(g, bad_tile, text, sizeof text) == -1 && says(g, "tile 200"), "text of tile 200: '%s'",
          dl_game_error(g));
    CHECK(dl_move_text(g, lead, NULL, 0) > 0, "a move text measured with (NULL, 0)");
    CHECK(dl_step(g, -1) == -1 && says(g, "legal moves"), "step -1: '%s'", dl_game_error(g));
    CHECK(dl_step(g, INT_MAX) == -1 && says(g, "legal moves"), "step INT_MAX: '%s'", dl_game_error(g));
    CHECK(dl_status(g) == DL_IN_HAND && dl_to_move(g) == before, "a refused move changed the game");
    CHECK(dl_deal(g) == -1 && says(g, "in play"), "a deal in a hand: '%s'", dl_game_error(g));
    dl_game_destroy(g);
}

static void check_given_deals(void)
{
    dl_game_t *g = make("bergen", 2, NULL, 5);
    if (!g) return;
    const char *stock = "2-4 3-4 4-4 0-5 1-5 2-5 3-5 4-5 5-5 0-6 1-6 2-6 3-6 4-6 5-6 6-6";
    const char *null_hand[] = {"0-0 0-1 1-1 0-2 1-2 2-2", NULL};
    CHECK(dl_set_deal(g, NULL, stock) == -1 && says(g, "hands"), "hands NULL: '%s'", dl_game_error(g));
    CHECK(dl_set_deal(g, null_hand, stock) == -1 && says(g, "seat 1"), "hand 1 NULL: '%s'", dl_game_error(g));
    /* a word past a thousand spaces is read, not cut off: the text is refused for it */
    char padded[2048];
    snprintf(padded, sizeof padded, "0-3 1-3 2-3 3-3 0-4 1-4%1500s", "junk");
    const char *long_hand[] = {"0-0 0-1 1-1 0-2 1-2 2-2", padded};
    CHECK(dl_set_deal(g, long_hand, stock) == -1 && says(g, "junk"), "a long hand: '%s'", dl_game_error(g));
    CHECK(dl_status(g) == DL_BETWEEN_HANDS, "a refused deal began a hand");
    const char *hands[] = {"0-0 0-1 1-1 0-2 1-2 2-2", "0-3 1-3 2-3 3-3 0-4 1-4"};
    CHECK(dl_set_deal(g, hands, stock) == 0, "the deal: %s", dl_game_error(g));
    char text[8];
    CHECK(dl_hand(g, 1, text, sizeof text) == -1 && says(g, "bytes"), "a hand into 8 bytes: '%s'", dl_game_error(g));
    CHECK(dl_hand(g, 1, NULL, 0) == 6, "the count of a hand");
    dl_game_destroy(g);
}

/* Two sets: a seat holding both copies of a tile is told both, as its count says. */
static void check_hand_lists_both_copies(void)
{
    const char *options[] = {"num_sets=2", "hand_size=6", NULL};
    dl_game_t *g = make("double_bergen", 2, options, 6);
    if (!g) return;
    char stock[1024] = "";
    const char *seat0 = "0-0 0-0 0-1 0-1 1-1 1-1", *seat1 = "0-2 0-2 1-2 1-2 2-2 2-2";
    for (int high = 3; high <= 6; high++)
        for (int low = 0; low <= high; low++)
            for (int copy = 0; copy < 2; copy++)
                snprintf(stock + strlen(stock), sizeof stock - strlen(stock), "%s%d-%d", stock[0] ? " " : "", low, high);
    const char *hands[] = {seat0, seat1};
    CHECK(dl_set_deal(g, hands, stock) == 0, "the deal: %s", dl_game_error(g));
    char text[256];
    CHECK(dl_hand(g, 0, text, sizeof text) == 6 && !strcmp(text, seat0), "hand 0: '%s'", text);
    dl_game_destroy(g);
}

/* A bot answers only about games of the rules it was made for. */
static void check_bot_asked_about_its_own_game(void)
{
    const char *target[] = {"target=50", NULL};
    dl_game_t *bergen = make("bergen", 2, NULL, 7), *twin = make("bergen", 2, NULL, 8);
    dl_game_t *partnership = make("partnership", 4, NULL, 7), *three = make("bergen", 3, NULL, 7);
    dl_game_t *short_match = make("bergen", 2, target, 7);
    if (!bergen || !twin || !partnership || !three || !short_match) return;
    char error[DL_ERROR_SIZE];
    dl_bot_t *bot = dl_bot_create(bergen, "greedy", 0, 1, error, sizeof error);
    CHECK(bot, "%s", error);
    if (!bot) return;
    dl_game_t *others[] = {partnership, three, short_match};
    const char *why[] = {"partnership", "players", "target"};
    for (int k = 0; k < 3; k++) {
        dl_game_t *other = others[k];
        while (dl_status(other) == DL_BETWEEN_HANDS || (dl_status(other) == DL_IN_HAND && dl_to_move(other) != 0)) {
            if (dl_status(other) == DL_BETWEEN_HANDS) deal_if_needed(other);
            else dl_step(other, 0);
        }
        dl_move_t move = {200, 200, 200, 200};
        CHECK(dl_to_move(other) == 0, "seat 0 never moves in the other game");
        CHECK(dl_bot_move(bot, other, &move) == -1 && says(other, why[k]), "asked about a game of other %s: '%s'", why[k],
              dl_game_error(other));
        CHECK(move.kind == 200, "a refused bot wrote a move");
    }
    /* another game of the same rules is its own */
    while (dl_status(twin) == DL_BETWEEN_HANDS || dl_to_move(twin) != 0) {
        if (dl_status(twin) == DL_BETWEEN_HANDS) deal_if_needed(twin);
        else dl_step(twin, 0);
    }
    dl_move_t move;
    CHECK(dl_bot_move(bot, twin, &move) == 0 && is_legal(twin, move), "asked about an equal game: %s", dl_game_error(twin));
    CHECK(dl_bot_move(bot, twin, NULL) == -1 && says(twin, "out"), "a move into NULL: '%s'", dl_game_error(twin));
    CHECK(dl_bot_move(NULL, twin, &move) == -1 && says(twin, "bot"), "a NULL bot: '%s'", dl_game_error(twin));
    dl_step(twin, 0);
    if (dl_status(twin) == DL_IN_HAND && dl_to_move(twin) == 1)
        CHECK(dl_bot_move(bot, twin, &move) == -1 && says(twin, "seat 1 is to move"), "out of turn: '%s'",
              dl_game_error(twin));
    dl_bot_destroy(bot);
    dl_game_destroy(bergen);
    dl_game_destroy(twin);
    dl_game_destroy(partnership);
    dl_game_destroy(three);
    dl_game_destroy(short_match);
}

/* The bot holds its rules: destroying the game it was made from leaves it whole. (pimc
 * reads its rules at every decision, where the heuristic reads the position's.) */
static void check_bot_outlives_its_game(void)
{
    char error[DL_ERROR_SIZE];
    dl_game_t *first = make("partnership", 4, NULL, 9);
    if (!first) return;
    dl_bot_t *bot = dl_bot_create(first, "pimc:samples=2,rollout=random", 0, 1, error, sizeof error);
    CHECK(bot, "%s", error);
    dl_game_destroy(first);
    /* games of other rules, made now, may take the freed memory */
    const char *options[] = {"scoring_mode=penalty_own_pips", NULL};
    dl_game_t *filler = make("partnership", 4, options, 1), *g = make("partnership", 4, NULL, 9);
    if (!bot || !g) return;
    int asked = 0;
    for (int plies = 0; plies < 2000 && dl_status(g) != DL_MATCH_OVER; plies++) {
        if (dl_status(g) == DL_BETWEEN_HANDS) {
            deal_if_needed(g);
            continue;
        }
        dl_move_t move;
        if (dl_to_move(g) == 0) {
            CHECK(dl_bot_move(bot, g, &move) == 0 && is_legal(g, move), "the bot of a destroyed game: %s",
                  dl_game_error(g));
            asked++;
            CHECK(dl_apply(g, move) == 0, "%s", dl_game_error(g));
        } else {
            dl_step(g, 0);
        }
    }
    CHECK(asked > 0, "the bot was never asked");
    dl_bot_destroy(bot);
    dl_game_destroy(filler);
    dl_game_destroy(g);
}

int main(void)
{
    check_null_game_everywhere();
    check_null_texts_and_buffers();
    check_players_and_options();
    check_seats_in_range();
    check_malformed_moves();
    check_given_deals();
    check_hand_lists_both_copies();
    check_bot_asked_about_its_own_game();
    check_bot_outlives_its_game();
    if (failures) return 1;
    printf("ok\n");
    return 0;
}
