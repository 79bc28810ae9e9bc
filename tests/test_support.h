/* test_support.h - helpers shared by the CLI and record tests: scratch directories, whole
 * files read into memory, and a subcommand called as the command line would call it with
 * its stdout and stderr captured.
 *
 * Capturing works on file descriptors 1 and 2 (dup/dup2 onto temporary files), so it sees
 * printf, fputs(stderr) and anything else a subcommand writes. Check runs each test in its
 * own process, so a test that fails while redirected leaks nothing into the next one.
 * Every helper that cannot do its job fails the calling test (ck_abort_msg).
 */
#ifndef DOMINOLAB_TEST_SUPPORT_H
#define DOMINOLAB_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* What a subcommand returned and wrote. `out` and `err` are NUL-terminated, owned. */
typedef struct capture {
    int status;
    char *out;
    char *err;
} capture_t;

/* Calls command(argc, argv) for the NULL-terminated argv (argv[0] is the subcommand name)
 * with stdout and stderr captured. */
void support_run(int (*command)(int, char **), char *const *argv, capture_t *result);
void support_capture_free(capture_t *result);

/* A fresh directory "./PREFIX.XXXXXX" under the working directory (the build's tests
 * directory under CTest). Returns its path, owned by the caller. */
char *support_temp_dir(const char *prefix);
/* Removes what `dir` holds (files, and directories below it), dot files included, and `dir`
 * itself, then frees the path. */
void support_remove_dir(char *dir);
/* Number of entries in `dir` besides "." and ".."; their names, space separated, go to
 * `names` (may be NULL) for messages. */
int support_dir_entries(const char *dir, char *names, size_t names_size);

/* The whole file, NUL-terminated, owned by the caller; NULL if it cannot be read.
 * `length` (may be NULL) receives its size. */
char *support_read_file(const char *path, size_t *length);
/* The fields of one CSV line (our files quote none of the fields the tests read), cut in
 * place into fields[0..max); their count. */
int support_split_csv_line(char *line, char **fields, int max);
bool support_file_exists(const char *path);
/* Writes `text` as the whole of PATH; false if it cannot. */
bool support_write_file(const char *path, const char *text);

/* Scratch directories of a suite: one root "./NAME.XXXXXX" made by main (outside any test,
 * where Check's assertions cannot run: returns 0, or -1 after printing why), a fresh
 * directory per call of support_scratch inside a test, removed by the fixture
 * support_scratch_teardown; support_scratch_close_root removes what failing tests left. */
int support_scratch_open_root(const char *name);
const char *support_scratch(const char *name);
void support_scratch_teardown(void);
void support_scratch_close_root(void);
/* Removes a file or a whole directory tree. */
void support_remove_tree(const char *path);
/* `count` scaled by DOMINOLAB_TEST_SCALE (0 < scale <= 1), never below `floor`: the sanitizer
 * run plays less volume. */
int64_t support_scaled(int64_t count, int64_t floor);
/* The rules of `preset` of the game named `game_name` for `players` players, *game set to
 * it; the test fails where they cannot be made. */
struct game_rules *support_open_rules(const char *game_name, const char *preset, int players,
                                      const struct game **game);

/* ck_assert_msg without its cost: Check reports every passing ck_assert through a pipe to
 * the parent (a system call), and the random-play loops check millions of times, so they
 * call into Check only on failure. Include <check.h> before using it. */
#define REQUIRE(condition, ...)                                                                \
    do {                                                                                       \
        if (!(condition)) ck_abort_msg(__VA_ARGS__);                                           \
    } while (0)

/* The move the agent `spec` (seed `seed`) chooses for the seat to move in `state`, a
 * position of `game` under `rules`; fails the test if the spec is refused or the agent
 * changes the state. */
struct game;
struct game_rules;
struct game_move;
struct game_move support_agent_pick(const struct game *game, const struct game_rules *rules, const void *state,
                                    const char *spec, uint64_t seed);

/* The choosers of game_t.playout checks: two alike sets, 0 and 1, on twin streams seeded
 * from (seed, seat), for playing one hand two ways. The modes take turns:
 *   0 a stream per seat; 1 one stream for all (as search plays); 2 the most points for all;
 *   3 the two rules seat by seat; 4 a callback (GAME_CHOOSE_CALLBACK) for even seats and a
 *   stream for odd ones; 5 a callback for every seat, on one stream (as search's heuristic
 *   playouts).
 * The callback checks that it is asked only with two or more moves, exactly the legal
 * moves of the state it is given, and with each move's move_points where it is told
 * points; it counts its calls, and picks uniformly from its stream. */
enum { SUPPORT_CHOOSER_MODES = 6 };

typedef struct support_pick {
    const game_t *game;
    pcg32_t *rng;
    long calls;
    long scored_calls; /* calls told each move's points, which the callback checks against move_points */
} support_pick_t;

typedef struct support_twins {
    pcg32_t streams[2][GAME_MAX_SEATS];
    support_pick_t picks[2][GAME_MAX_SEATS];
    game_chooser_t chooser[2][GAME_MAX_SEATS];
} support_twins_t;

void support_twin_choosers(support_twins_t *twins, const game_t *game, int mode, uint64_t seed);
/* Whether the two sets ended in step: the same streams, the same callback calls. */
bool support_twins_in_step(const support_twins_t *twins);
/* Whether a seat of the set is a callback: where none is, nobody observes the playout. */
bool support_twins_observed(const support_twins_t *twins);
/* Whether the states the loop and game_t.playout left agree byte for byte; where nobody
 * observed (no callback seat) and `forget_unobserved` (a game's: clears what only observe
 * and determinize read) is given, byte for byte once both are cleared by it, and again
 * byte for byte once the next hand is dealt on both, if there is one (game.h). */
bool support_playout_states_agree(const game_t *game, const void *by_loop, const void *by_playout,
                                  const support_twins_t *twins, void (*forget_unobserved)(void *state));
/* What the heuristic's playouts rely on to skip a trial move (agents/heuristic.c,
 * keeps_a_placement): with nothing to draw, a placement after which the mover still holds
 * a tile for another end open now does not end the hand, unless it lifts the mover's side
 * to the target. Checks every legal placement of `state` (the seat to move's). */
void support_check_kept_placement(const game_t *game, const void *state, const game_move_t *moves, int count);
/* Plays the hand on `state` to its end by the loop over legal_moves and apply, each seat
 * choosing by its chooser as the agents do (game.h); returns the moves applied. */
int support_loop_playout(const game_t *game, void *state, const game_chooser_t *chooser_of_seat);
/* game_t.playout plays the hand the loop above plays with the same choosers (a forced move
 * draws nothing), from every point of `matches` whole matches of random play (match seeds
 * from `first_seed`, moves drawn from a stream seeded by `seed`), decisions, closes and
 * melds included: the two states end byte for byte alike, after as many moves, with the
 * generators in step. The plies take turns through the modes of support_twin_choosers.
 * `label` names the configuration in a failure; returns the points compared. A playout's
 * callback told its moves' points has them checked against move_points; `scored_picks`
 * (may be NULL) counts those picks. `forget_unobserved`: as support_playout_states_agree
 * (NULL: every byte compared after every playout). */
long support_check_playout_is_the_loop(const game_t *game, const game_rules_t *rules, const char *label, long matches,
                                       uint64_t first_seed, uint64_t seed, long *scored_picks,
                                       void (*forget_unobserved)(void *state));

/* The main of a suite whose tests make scratch directories: runs them under a scratch
 * root named `name` (removed at the end, with what failing tests left); the exit status. */
struct Suite;
int support_run_suite(struct Suite *suite, const char *name);

/* Number of '\n' in `text`. */
int support_count_lines(const char *text);
/* `text` is exactly one non-empty line ending with '\n'. */
bool support_is_one_line(const char *text);

#endif
