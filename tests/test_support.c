/* test_support.c - see test_support.h. */
#include "test_support.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "agent.h"
#include "games.h"

/* ---- capturing a subcommand ---- */

/* Reads what was written to `file` since it was created. */
static char *read_stream(FILE *file)
{
    if (fseek(file, 0, SEEK_END) != 0) ck_abort_msg("fseek: %s", strerror(errno));
    long size = ftell(file);
    if (size < 0) ck_abort_msg("ftell: %s", strerror(errno));
    rewind(file);
    char *text = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(text);
    size_t got = fread(text, 1, (size_t)size, file);
    text[got] = '\0';
    return text;
}

/* Points descriptor `fd` at `file`; returns a copy of the old descriptor. */
static int redirect(int fd, FILE *file)
{
    int saved = dup(fd);
    if (saved < 0 || dup2(fileno(file), fd) < 0) ck_abort_msg("dup/dup2 of fd %d: %s", fd, strerror(errno));
    return saved;
}

static void restore(int fd, int saved)
{
    if (dup2(saved, fd) < 0) ck_abort_msg("dup2 back to fd %d: %s", fd, strerror(errno));
    close(saved);
}

void support_run(int (*command)(int, char **), char *const *argv, capture_t *result)
{
    int argc = 0;
    while (argv[argc]) argc++;
    FILE *out = tmpfile(), *err = tmpfile();
    if (!out || !err) ck_abort_msg("tmpfile: %s", strerror(errno));
    fflush(stdout);
    fflush(stderr);
    int saved_out = redirect(STDOUT_FILENO, out), saved_err = redirect(STDERR_FILENO, err);
    /* The subcommands take char ** like main; they do not write into argv (play copies
     * --agents before splitting it). */
    result->status = command(argc, (char **)argv);
    fflush(stdout);
    fflush(stderr);
    restore(STDOUT_FILENO, saved_out);
    restore(STDERR_FILENO, saved_err);
    result->out = read_stream(out);
    result->err = read_stream(err);
    fclose(out);
    fclose(err);
}

void support_capture_free(capture_t *result)
{
    free(result->out);
    free(result->err);
    result->out = result->err = NULL;
}

/* ---- scratch directories ---- */

char *support_temp_dir(const char *prefix)
{
    size_t size = strlen(prefix) + sizeof "./.XXXXXX";
    char *dir = malloc(size);
    ck_assert_ptr_nonnull(dir);
    snprintf(dir, size, "./%s.XXXXXX", prefix);
    if (!mkdtemp(dir)) ck_abort_msg("mkdtemp %s: %s", dir, strerror(errno));
    return dir;
}

/* Files and, below them, directories (a run directory a test made inside its scratch). */
static void remove_tree(const char *dir)
{
    DIR *listing = opendir(dir);
    if (listing) {
        struct dirent *entry;
        while ((entry = readdir(listing))) {
            if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
            if (unlink(path) != 0) remove_tree(path);
        }
        closedir(listing);
    }
    rmdir(dir);
}

void support_remove_dir(char *dir)
{
    remove_tree(dir);
    free(dir);
}

int support_dir_entries(const char *dir, char *names, size_t names_size)
{
    DIR *listing = opendir(dir);
    if (!listing) ck_abort_msg("opendir %s: %s", dir, strerror(errno));
    int count = 0;
    size_t used = 0;
    if (names && names_size) names[0] = '\0';
    struct dirent *entry;
    while ((entry = readdir(listing))) {
        if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
        count++;
        if (names && used < names_size) {
            int n = snprintf(names + used, names_size - used, "%s%s", used ? " " : "", entry->d_name);
            if (n > 0) used += (size_t)n;
        }
    }
    closedir(listing);
    return count;
}

/* ---- files and text ---- */

char *support_read_file(const char *path, size_t *length)
{
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    char *text = read_stream(file);
    fclose(file);
    if (length) *length = strlen(text);
    return text;
}

bool support_file_exists(const char *path)
{
    struct stat info;
    return stat(path, &info) == 0;
}

bool support_write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    if (!out) return false;
    bool written = fputs(text, out) != EOF;
    return fclose(out) == 0 && written;
}

int support_count_lines(const char *text)
{
    int lines = 0;
    for (const char *p = text; *p; p++) lines += *p == '\n';
    return lines;
}

bool support_is_one_line(const char *text)
{
    size_t length = strlen(text);
    return length > 1 && support_count_lines(text) == 1 && text[length - 1] == '\n';
}

/* ---- scratch directories (one suite per process, tests run one at a time) ---- */

enum { SCRATCH_PATH_SIZE = 1024, SCRATCH_MAX = 32 };
static char scratch_root[SCRATCH_PATH_SIZE];
static char *scratch_dirs[SCRATCH_MAX];
static int scratch_count;

void support_remove_tree(const char *path)
{
    struct stat info;
    if (lstat(path, &info) != 0) return;
    if (!S_ISDIR(info.st_mode)) {
        unlink(path);
        return;
    }
    DIR *listing = opendir(path);
    if (listing) {
        struct dirent *entry;
        while ((entry = readdir(listing))) {
            if (!strcmp(entry->d_name, ".") || !strcmp(entry->d_name, "..")) continue;
            char child[SCRATCH_PATH_SIZE];
            snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
            support_remove_tree(child);
        }
        closedir(listing);
    }
    rmdir(path);
}

int support_scratch_open_root(const char *name)
{
    snprintf(scratch_root, sizeof scratch_root, "./%s.XXXXXX", name);
    if (mkdtemp(scratch_root)) return 0;
    fprintf(stderr, "mkdtemp %s: %s\n", scratch_root, strerror(errno));
    return -1;
}

const char *support_scratch(const char *name)
{
    if (scratch_count >= SCRATCH_MAX) ck_abort_msg("too many scratch directories");
    char *dir = malloc(SCRATCH_PATH_SIZE);
    if (!dir) ck_abort_msg("out of memory");
    int length = snprintf(dir, SCRATCH_PATH_SIZE, "%s/%s.XXXXXX", scratch_root, name);
    if (length <= 0 || length >= SCRATCH_PATH_SIZE) ck_abort_msg("scratch path too long");
    if (!mkdtemp(dir)) ck_abort_msg("mkdtemp %s: %s", dir, strerror(errno));
    scratch_dirs[scratch_count++] = dir;
    return dir;
}

void support_scratch_teardown(void)
{
    for (int k = 0; k < scratch_count; k++) {
        support_remove_tree(scratch_dirs[k]);
        free(scratch_dirs[k]);
    }
    scratch_count = 0;
}

void support_scratch_close_root(void) { support_remove_tree(scratch_root); }

int64_t support_scaled(int64_t count, int64_t floor)
{
    const char *text = getenv("DOMINOLAB_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    if (!(scale > 0.0 && scale <= 1.0)) scale = 1.0;
    int64_t n = (int64_t)((double)count * scale);
    return n < floor ? floor : n;
}

game_move_t support_agent_pick(const game_t *game, const game_rules_t *rules, const void *state, const char *spec,
                               uint64_t seed)
{
    char error[256] = "";
    agent_t *agent = NULL;
    int created = agent_create(spec, NULL, game, rules, game->to_move(state), seed, &agent, error, sizeof error);
    ck_assert_msg(created == 0, "%s: %s", spec, error);
    game_move_t moves[GAME_MAX_MOVES];
    int count = game->legal_moves(state, moves);
    void *before = malloc(game->state_size);
    ck_assert_ptr_nonnull(before);
    memcpy(before, state, game->state_size);
    game_move_t move = agent_choose(agent, state, moves, count);
    ck_assert_msg(memcmp(before, state, game->state_size) == 0, "%s changed the state", spec);
    free(before);
    agent_destroy(agent);
    return move;
}

static int support_pick_callback(void *context, const void *state, const game_move_t *moves, const int *points,
                                 int count)
{
    support_pick_t *pick = context;
    game_move_t listed[GAME_MAX_MOVES];
    int listed_count = pick->game->legal_moves(state, listed);
    /* ck_abort_msg only on failure: a passing ck_assert writes to Check's pipe, and this runs
     * at every choice of every checked playout */
    if (count < 2) ck_abort_msg("a callback was asked to choose among %d move(s)", count);
    if (listed_count != count || memcmp(listed, moves, (size_t)count * sizeof *moves) != 0)
        ck_abort_msg("a callback was given %d moves, not the state's %d legal moves", count, listed_count);
    for (int i = 0; points && i < count; i++) {
        int right = pick->game->move_points(state, pick->game->to_move(state), moves[i]);
        if (points[i] != right)
            ck_abort_msg("a callback was told move %d of %d scores %d, where move_points says %d", i, count, points[i], right);
    }
    pick->calls++;
    pick->scored_calls += points != NULL;
    return (int)pcg32_below(pick->rng, (uint32_t)count);
}

void support_twin_choosers(support_twins_t *twins, const game_t *game, int mode, uint64_t seed)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) {
        pcg32_seed(&twins->streams[0][seat], seed, 3 + (uint64_t)seat);
        twins->streams[1][seat] = twins->streams[0][seat];
    }
    for (int twin = 0; twin < 2; twin++)
        for (int seat = 0; seat < GAME_MAX_SEATS; seat++) {
            pcg32_t *rng = &twins->streams[twin][mode == 1 || mode == 5 ? 0 : seat];
            bool most_points = mode == 2 || (mode == 3 && seat % 2);
            bool callback = mode == 5 || (mode == 4 && seat % 2 == 0);
            twins->picks[twin][seat] = (support_pick_t){.game = game, .rng = rng, .calls = 0};
            game_chooser_t *chooser = &twins->chooser[twin][seat];
            *chooser = (game_chooser_t){.rule = most_points ? GAME_CHOOSE_MOST_POINTS : GAME_CHOOSE_UNIFORM, .rng = rng};
            if (callback)
                *chooser = (game_chooser_t){.rule = GAME_CHOOSE_CALLBACK, .pick = support_pick_callback,
                                            .context = &twins->picks[twin][seat]};
        }
}

bool support_twins_in_step(const support_twins_t *twins)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++)
        if (twins->picks[0][seat].calls != twins->picks[1][seat].calls) return false;
    return memcmp(twins->streams[0], twins->streams[1], sizeof twins->streams[0]) == 0;
}

bool support_twins_observed(const support_twins_t *twins)
{
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++)
        if (twins->chooser[0][seat].rule == GAME_CHOOSE_CALLBACK) return true;
    return false;
}

bool support_playout_states_agree(const game_t *game, const void *by_loop, const void *by_playout,
                                  const support_twins_t *twins, void (*forget_unobserved)(void *state))
{
    size_t size = game->state_size;
    if (!forget_unobserved || support_twins_observed(twins)) return memcmp(by_loop, by_playout, size) == 0;
    unsigned char *loop = malloc(size), *own = malloc(size);
    if (!loop || !own) ck_abort_msg("out of memory");
    memcpy(loop, by_loop, size);
    memcpy(own, by_playout, size);
    forget_unobserved(loop);
    forget_unobserved(own);
    bool agree = memcmp(loop, own, size) == 0;
    if (agree && game->status(by_loop) == GAME_BETWEEN_HANDS) { /* the next deal sets every field again */
        memcpy(loop, by_loop, size);
        memcpy(own, by_playout, size);
        game->deal(loop, NULL);
        game->deal(own, NULL);
        agree = memcmp(loop, own, size) == 0;
    }
    free(loop);
    free(own);
    return agree;
}

void support_check_kept_placement(const game_t *game, const void *state, const game_move_t *moves, int count)
{
    int seat = game->to_move(state);
    game_observation_t obs;
    game->observe(state, seat, &obs);
    if (obs.stock_drawable != 0 || obs.score_sign < 0 || obs.layout_kind == GAME_LAYOUT_TRICK) return;
    unsigned char *after = malloc(game->state_size);
    if (!after) ck_abort_msg("out of memory");
    for (int i = 0; i < count; i++) {
        game_move_t move = moves[i];
        if (move.kind != GAME_MOVE_PLAY || move.end == GAME_NO_END) continue;
        tileset_t left = obs.hand;
        tileset_remove(&left, move.tile);
        bool keeps = false;
        for (int e = 0; e < obs.ends.count; e++)
            keeps |= e != move.end && obs.ends.open[e] && obs.ends.number[e] >= 0 &&
                     !tileset_is_empty(tileset_and(left, tileset_suit(obs.ends.number[e])));
        if (!keeps) continue;
        memcpy(after, state, game->state_size);
        game->apply(after, move, NULL);
        int scores[GAME_MAX_SEATS];
        game->scores(after, scores);
        int side = obs.side_of_seat[seat];
        if (game->status(after) != GAME_IN_HAND && !(obs.target > 0 && scores[side] >= obs.target))
            ck_abort_msg("a placement that keeps the mover a placement ended the hand (status %d, score %d of %d)",
                         (int)game->status(after), scores[side], obs.target);
    }
    free(after);
}

int support_loop_playout(const game_t *game, void *state, const game_chooser_t *chooser_of_seat)
{
    game_move_t moves[GAME_MAX_MOVES];
    int plies = 0;
    for (; game->status(state) == GAME_IN_HAND; plies++) {
        int count = game->legal_moves(state, moves), pick = 0;
        const game_chooser_t *chooser = &chooser_of_seat[game->to_move(state)];
        if (count > 1) {
            if (chooser->rule == GAME_CHOOSE_UNIFORM) pick = (int)pcg32_below(chooser->rng, (uint32_t)count);
            else if (chooser->rule == GAME_CHOOSE_CALLBACK) pick = chooser->pick(chooser->context, state, moves, NULL, count);
            else pick = game_most_points_index(game, state, moves, count);
        }
        game->apply(state, moves[pick], NULL);
    }
    return plies;
}

long support_check_playout_is_the_loop(const game_t *game, const game_rules_t *rules, const char *label, long matches,
                                       uint64_t first_seed, uint64_t seed, long *scored_picks,
                                       void (*forget_unobserved)(void *state))
{
    unsigned char *state = malloc(game->state_size), *by_loop = malloc(game->state_size),
                  *by_playout = malloc(game->state_size);
    if (!state || !by_loop || !by_playout) ck_abort_msg("out of memory");
    game_move_t moves[GAME_MAX_MOVES];
    pcg32_t rng;
    pcg32_seed(&rng, seed, 3);
    long compared = 0;
    for (long match = 0; match < matches; match++) {
        game->match_start(state, rules, first_seed + (uint64_t)match);
        for (int ply = 0; game->status(state) != GAME_MATCH_OVER && ply < 20000; ply++) {
            if (game->status(state) == GAME_BETWEEN_HANDS) {
                game->deal(state, NULL);
                continue;
            }
            memcpy(by_loop, state, game->state_size);
            memcpy(by_playout, state, game->state_size);
            support_twins_t twins;
            int mode = ply % SUPPORT_CHOOSER_MODES;
            support_twin_choosers(&twins, game, mode, pcg32_next(&rng));
            int loop_plies = support_loop_playout(game, by_loop, twins.chooser[0]);
            int playout_plies = game->playout(by_playout, twins.chooser[1]);
            REQUIRE(playout_plies == loop_plies &&
                        support_playout_states_agree(game, by_loop, by_playout, &twins, forget_unobserved) &&
                        support_twins_in_step(&twins),
                    "%s, match %ld ply %d (choosers %d): the playout differs from the loop (%d and %d moves)", label,
                    match, ply, mode, playout_plies, loop_plies);
            compared++;
            for (int seat = 0; scored_picks && seat < GAME_MAX_SEATS; seat++) *scored_picks += twins.picks[1][seat].scored_calls;
            int count = game->legal_moves(state, moves);
            game->apply(state, moves[pcg32_below(&rng, (uint32_t)count)], NULL);
        }
    }
    free(state);
    free(by_loop);
    free(by_playout);
    return compared;
}

int support_run_suite(Suite *suite, const char *name)
{
    if (support_scratch_open_root(name)) return EXIT_FAILURE; /* outside any test */
    SRunner *runner = srunner_create(suite);
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root(); /* what failing tests left */
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

game_rules_t *support_open_rules(const char *game_name, const char *preset, int players, const game_t **game)
{
    char error[OPTIONS_ERROR_SIZE], players_option[32];
    option_values_t values;
    game_rules_t *rules;
    *game = game_find(game_name);
    REQUIRE(*game, "no game %s", game_name);
    snprintf(players_option, sizeof players_option, "players=%d", players);
    const char *overrides[] = {players_option};
    REQUIRE(game_configure(*game, preset, overrides, 1, &values, error, sizeof error) == 0, "%s", error);
    REQUIRE((*game)->rules_create(&values, &rules, error, sizeof error) == 0, "%s", error);
    return rules;
}

int support_split_csv_line(char *line, char **fields, int max)
{
    int count = 0;
    for (char *field = line; field && count < max; count++) {
        fields[count] = field;
        char *comma = strchr(field, ',');
        if (comma) *comma = '\0';
        field = comma ? comma + 1 : NULL;
    }
    return count;
}
