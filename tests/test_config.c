/* test_config.c - INI files: the reader (lines, sections, errors), level tables, rules files
 * and the shipped configs/, and experiment files through `dominolab run --check`.
 *
 * Every error a user can make in a file must name the file, the line and the key; these
 * tests write small bad files and look for exactly that in the one line the command prints.
 * The shipped files are checked against the engine: configs/presets/P.ini must be what
 * `dominolab rules --ini` prints for P (so the files never drift from the presets), a rules
 * file must configure exactly the preset's options, configs/levels/builtin.ini must be the
 * built-in level table, and every configs/experiments/ file must pass --check.
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "config.h"
#include "test_support.h"

#ifndef DOMINOLAB_SOURCE_DIR
#error "DOMINOLAB_SOURCE_DIR must name the source tree (tests/CMakeLists.txt sets it)"
#endif

enum { PATH_SIZE = 4096 };

/* Writes `text` to a fresh file in the test's scratch directory; returns its path. */
static const char *write_file(const char *name, const char *text)
{
    static char path[PATH_SIZE]; /* one file at a time per test process */
    snprintf(path, sizeof path, "%s/%s", support_scratch("config"), name);
    ck_assert_msg(support_write_file(path, text), "cannot write %s", path);
    return path;
}

/* ------------------------------------------------------------------ the reader */

START_TEST(entries_keep_their_lines)
{
    const char *path = write_file("a.ini", "; a comment\n"
                                           "[first]\n"
                                           "one = 1\n"
                                           "\n"
                                           "# another comment\n"
                                           "[second]   \n"
                                           "two=2 ; an inline comment\n"
                                           "two = again\n"
                                           "[empty]\n");
    config_file_t file;
    char error[512];
    ck_assert_msg(config_read(path, &file, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(file.count, 3);
    ck_assert_str_eq(file.entries[0].section, "first");
    ck_assert_str_eq(file.entries[0].key, "one");
    ck_assert_str_eq(file.entries[0].value, "1");
    ck_assert_int_eq(file.entries[0].line, 3);
    ck_assert_str_eq(file.entries[1].value, "2");
    ck_assert_int_eq(file.entries[1].line, 7);
    ck_assert_str_eq(file.entries[2].value, "again");
    ck_assert_int_eq(file.entries[2].line, 8);
    /* sections are remembered with their lines, the empty one too */
    ck_assert_int_eq(file.section_count, 3);
    ck_assert_str_eq(file.sections[2].name, "empty");
    ck_assert_int_eq(file.sections[2].line, 9);
    ck_assert_ptr_eq(config_find(&file, "second", "two"), &file.entries[1]);
    ck_assert_ptr_null(config_find(&file, "second", "three"));
    static const char *const known[] = {"first", "second", NULL};
    ck_assert_int_eq(config_check_sections(&file, known, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "a.ini:9: unknown section [empty]"), "%s", error);
    config_free(&file);
}
END_TEST

static const struct reader_case {
    const char *text, *needle;
} reader_cases[] = {
    {"[s]\nno equals sign here\n", "bad.ini:2: not an INI line"},
    {"[s]\nkey = value\n  continued\n", "bad.ini:3: a line starting with a blank"},
    {"[s]\nkey = 0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"
     "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789\n",
     "bad.ini:2: line longer than"},
    {"[s\nkey = value\n", "bad.ini:1: not an INI line"},
    /* libinih keeps 49 characters of a name: longer ones would run together */
    {"[variant aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa]\nkey = value\n",
     "bad.ini:1: section name longer than 49"},
    {"[s]\nkeyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy = value\n", "bad.ini:2: key longer than 49"},
    /* libinih reads an indented header after a key as a value of that key (found by
     * tests/fuzz/fuzz_ini), and continues a value after any white space, a vertical tab too */
    {"[s]\nkey = value\n  [t]\nother = 1\n", "bad.ini:3: a line starting with a blank"},
    {"[s]\nkey = value\n\vmore\n", "bad.ini:3: a line starting with a blank"},
};

START_TEST(reader_errors_name_file_and_line)
{
    const struct reader_case *c = &reader_cases[_i];
    const char *path = write_file("bad.ini", c->text);
    config_file_t file;
    char error[512] = "";
    ck_assert_int_eq(config_read(path, &file, error, sizeof error), -1);
    ck_assert_msg(strstr(error, c->needle), "expected \"%s\" in: %s", c->needle, error);
    config_free(&file);
}
END_TEST

/* A NUL byte is called what it is: fgets kept it, strlen stopped there, and the line looked
 * cut, so it was refused as "longer than 198 characters" however short it was, or on the
 * last line read cut at the NUL without a word. Wherever the NUL is, the line is counted
 * right and the message names it, before any length. */
static const struct nul_case {
    const char *bytes;
    size_t size;
    const char *needle;
} nul_cases[] = {
#define NUL_CASE(literal, needle) {literal, sizeof literal - 1, needle}
    NUL_CASE("[s]\nkey = va\0lue\n", "bad.ini:2: a NUL byte (this is not a text file)"),
    NUL_CASE("\0", "bad.ini:1: a NUL byte"),
    NUL_CASE("[s]\nkey = value\n\0\0\0\n", "bad.ini:3: a NUL byte"),
    NUL_CASE("[s]\na = 1\nb = 2\0", "bad.ini:3: a NUL byte"),
    NUL_CASE("[s]\n\0key = 0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567"
             "8901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890\n",
             "bad.ini:2: a NUL byte"),
#undef NUL_CASE
};

START_TEST(a_nul_byte_is_named_as_such)
{
    const struct nul_case *c = &nul_cases[_i];
    FILE *in = fmemopen((void *)c->bytes, c->size, "r");
    ck_assert_ptr_nonnull(in);
    config_file_t file;
    char error[512] = "";
    ck_assert_int_eq(config_read_stream(in, "bad.ini", &file, error, sizeof error), -1);
    ck_assert_msg(strstr(error, c->needle) && !strstr(error, "longer"), "expected \"%s\" in: %s", c->needle, error);
    config_free(&file);
    fclose(in);
}
END_TEST

/* The input kept for fuzz_ini: a NUL in an experiment's value, on line 4. */
START_TEST(the_stored_nul_input_is_named)
{
    const char *path = DOMINOLAB_SOURCE_DIR "/tests/fuzz/crashes/fuzz_ini/nul-byte-in-a-value.ini";
    config_file_t file;
    char error[PATH_SIZE + 512] = "";
    ck_assert_int_eq(config_read(path, &file, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "nul-byte-in-a-value.ini:4: a NUL byte (this is not a text file)"), "%s", error);
    config_free(&file);
}
END_TEST

/* The sections checked are the sections libinih files the entries under: blanks inside the
 * brackets belong to the name ("[ s ]" passed as section s while its keys sat in " s ",
 * found by tests/fuzz/fuzz_ini), and a byte order mark does not hide the first header. */
START_TEST(sections_are_named_as_libinih_names_them)
{
    const char *path = write_file("a.ini", "\xEF\xBB\xBF[first]\none = 1\n[ second ]\ntwo = 2\n");
    config_file_t file;
    char error[512];
    ck_assert_msg(config_read(path, &file, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(file.section_count, 2);
    ck_assert_str_eq(file.sections[0].name, "first");
    ck_assert_int_eq(file.sections[0].line, 1);
    ck_assert_str_eq(file.entries[0].section, "first");
    ck_assert_str_eq(file.sections[1].name, " second ");
    ck_assert_str_eq(file.entries[1].section, " second ");
    static const char *const known[] = {"first", "second", NULL};
    ck_assert_int_eq(config_check_sections(&file, known, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "a.ini:3: unknown section [ second ]"), "%s", error);
    config_free(&file);
}
END_TEST

START_TEST(missing_file_is_named)
{
    config_file_t file;
    char error[512];
    ck_assert_int_eq(config_read("no/such/file.ini", &file, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "no/such/file.ini"), "%s", error);
    config_free(&file);
}
END_TEST

/* ------------------------------------------------------------------ level tables */

static const char good_levels[] = "[levels]\n"
                                  "level1 = random\nlevel2 = greedy:noise=0.7\nlevel3 = greedy:noise=0.4\n"
                                  "level4 = greedy\nlevel5 = heuristic:noise=0.3\nlevel6 = heuristic\n"
                                  "level7 = pimc:samples=8\nlevel8 = pimc\nlevel9 = ismcts\n"
                                  "level10 = ismcts:iterations=2000\n";

START_TEST(level_table_reads)
{
    const char *path = write_file("levels.ini", good_levels);
    agent_levels_t levels;
    char error[512];
    ck_assert_msg(config_read_levels(path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_str_eq(agent_level_spec(&levels, 2), "greedy:noise=0.7");
    ck_assert_str_eq(agent_level_spec(&levels, 10), "ismcts:iterations=2000");
    ck_assert_str_eq(levels.source, path);
    ck_assert_int_eq(agent_levels_check(&levels, error, sizeof error), 0);
    /* and agents resolve level:n through it */
    ck_assert_int_eq(agent_spec_check("level:7", &levels, error, sizeof error), 0);
    /* written back, it reads the same */
    char copy[PATH_SIZE + 8];
    snprintf(copy, sizeof copy, "%s.copy", path);
    const char *comments[AGENT_LEVEL_COUNT] = {"the weakest"};
    ck_assert_msg(config_write_levels(copy, &levels, "; header\n", comments, error, sizeof error) == 0, "%s", error);
    agent_levels_t again;
    ck_assert_msg(config_read_levels(copy, &again, error, sizeof error) == 0, "%s", error);
    for (int k = 0; k < AGENT_LEVEL_COUNT; k++) ck_assert_str_eq(again.spec[k], levels.spec[k]);
}
END_TEST

/* Three levels and the game they were measured for, as calibrate writes them. */
static const char double_bergen_levels[] = "[table]\ngame = double_bergen\npreset = double_bergen\nplayers = 2\n"
                                           "[options]\nstock_reserve = 0\n"
                                           "[levels]\nlevel1 = greedy:noise=1\nlevel2 = heuristic\n"
                                           "level3 = pimc:samples=8\n";

START_TEST(level_table_records_its_game)
{
    const char *path = write_file("db.ini", double_bergen_levels);
    agent_levels_t levels;
    char error[512];
    ck_assert_msg(config_read_levels(path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(levels.count, 3);
    ck_assert_str_eq(levels.game, "double_bergen");
    ck_assert_str_eq(levels.preset, "double_bergen");
    ck_assert_int_eq(levels.players, 2);
    ck_assert_int_eq(levels.option_count, 1);
    ck_assert_str_eq(levels.option[0], "stock_reserve=0");
    ck_assert_int_eq(agent_levels_check(&levels, error, sizeof error), 0);
    ck_assert_int_eq(agent_spec_check("level:3", &levels, error, sizeof error), 0);
    ck_assert_int_eq(agent_spec_check("level:4", &levels, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "has 3 levels") && strstr(error, path), "%s", error);
    /* written back, the game comes back with the levels */
    char copy[PATH_SIZE + 8];
    snprintf(copy, sizeof copy, "%s.copy", path);
    ck_assert_msg(config_write_levels(copy, &levels, NULL, NULL, error, sizeof error) == 0, "%s", error);
    agent_levels_t again;
    ck_assert_msg(config_read_levels(copy, &again, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(again.count, 3);
    ck_assert_str_eq(again.spec[2], "pimc:samples=8");
    ck_assert_str_eq(again.game, "double_bergen");
    ck_assert_int_eq(again.players, 2);
    ck_assert_int_eq(again.option_count, 1);
    ck_assert_str_eq(again.option[0], "stock_reserve=0");
}
END_TEST

START_TEST(old_tables_without_a_game_still_load)
{
    /* written by calibrate before tables recorded their game */
    agent_levels_t levels;
    char error[512];
    const char *path = DOMINOLAB_SOURCE_DIR "/measurements/calibrate-bergen2/levels.ini";
    ck_assert_msg(config_read_levels(path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(levels.count, AGENT_LEVEL_COUNT);
    ck_assert_str_eq(levels.game, "");
    ck_assert_str_eq(levels.spec[9], "ismcts:iterations=1000,rollout=heuristic");
    /* the shipped tables say what they were measured for */
    static const char *const shipped[] = {"bergen-2p.ini", "builtin.ini"};
    for (size_t k = 0; k < sizeof shipped / sizeof shipped[0]; k++) {
        char shipped_path[PATH_SIZE];
        snprintf(shipped_path, sizeof shipped_path, "%s/configs/levels/%s", DOMINOLAB_SOURCE_DIR, shipped[k]);
        ck_assert_msg(config_read_levels(shipped_path, &levels, error, sizeof error) == 0, "%s", error);
        ck_assert_str_eq(levels.game, "bergen");
        ck_assert_int_eq(levels.players, 2);
    }
}
END_TEST

static const struct level_case {
    const char *from, *to, *needle;
    const char *base; /* NULL: good_levels */
} level_cases[] = {
    {"level7 = pimc:samples=8", "level7 = pimc:sample=8", ":8: key level7: agent pimc: unknown parameter 'sample'",
     NULL},
    {"level7 = pimc:samples=8", "level7 = level:3", ":8: key level7: 'level:3' is itself a level", NULL},
    {"level7 = pimc:samples=8", "level11 = pimc", ":8: key level11: unknown key", NULL},
    {"level7 = pimc:samples=8", "level6 = pimc", ":8: key level6: given twice (first on line 7)", NULL},
    {"level7 = pimc:samples=8", "", "level7 is missing", NULL},
    {"[levels]", "[level]", ":1: unknown section [level]", NULL},
    {"level1 = random\n", "", "level1 is missing", NULL},
    {"game = double_bergen", "game = chess", ":2: key game: unknown game 'chess'", double_bergen_levels},
    {"preset = double_bergen", "preset = bergen", ":3: key preset: double_bergen has no preset 'bergen'",
     double_bergen_levels},
    {"players = 2", "players = two", ":4: key players: bad value 'two'", double_bergen_levels},
    {"players = 2", "players = 5", ":4: key players: ", double_bergen_levels},
    {"players = 2\n", "", "[table] needs players", double_bergen_levels},
    {"players = 2", "players = 2\nreference = greedy", ":5: key reference: unknown in [table]", double_bergen_levels},
    {"stock_reserve = 0", "stock_reserve = lots", ":6: key stock_reserve: ", double_bergen_levels},
    {"stock_reserve = 0", "players = 3", ":6: key players: the number of players goes in [table]",
     double_bergen_levels},
    {"stock_reserve = 0", "stock_reserve = 0\nstock_reserve = 1", ":7: key stock_reserve: given twice",
     double_bergen_levels},
};

START_TEST(level_table_errors)
{
    const struct level_case *c = &level_cases[_i];
    const char *base = c->base ? c->base : good_levels;
    char text[sizeof good_levels + 128];
    const char *at = strstr(base, c->from);
    ck_assert_ptr_nonnull(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - base), base, c->to, at + strlen(c->from));
    const char *path = write_file("levels.ini", text);
    agent_levels_t levels;
    char error[512] = "";
    ck_assert_int_eq(config_read_levels(path, &levels, error, sizeof error), -1);
    ck_assert_msg(strstr(error, c->needle), "expected \"%s\" in: %s", c->needle, error);
    ck_assert_msg(strstr(error, "levels.ini"), "the file is not named: %s", error);
}
END_TEST

/* Each built-in table is the file calibrate wrote for it: Bergen's configs/levels/builtin.ini,
 * Partnership's configs/levels/partnership.ini, Bingo's configs/levels/bingo.ini. */
static const struct {
    const char *file, *game;
} builtin_files[] = {{"builtin.ini", "bergen"}, {"partnership.ini", "partnership"}, {"bingo.ini", "bingo"}};

START_TEST(builtin_table_file_matches)
{
    agent_levels_t levels;
    char error[512], path[PATH_SIZE];
    const agent_levels_t *builtin = agent_levels_builtin_for(builtin_files[_i].game);
    snprintf(path, sizeof path, "%s/configs/levels/%s", DOMINOLAB_SOURCE_DIR, builtin_files[_i].file);
    ck_assert_msg(config_read_levels(path, &levels, error, sizeof error) == 0, "%s", error);
    for (int level = AGENT_LEVEL_MIN; level <= AGENT_LEVEL_MAX; level++)
        ck_assert_msg(!strcmp(agent_level_spec(&levels, level), agent_level_spec(builtin, level)),
                      "configs/levels/%s level%d is %s, the built-in table says %s", builtin_files[_i].file, level,
                      agent_level_spec(&levels, level), agent_level_spec(builtin, level));
    ck_assert_int_eq(agent_levels_check(builtin, error, sizeof error), 0);
    ck_assert(agent_levels_is_builtin(builtin));
    /* and the same game */
    ck_assert_str_eq(levels.game, builtin->game);
    ck_assert_str_eq(builtin->game, builtin_files[_i].game);
    ck_assert_str_eq(levels.preset, builtin->preset);
    ck_assert_int_eq(levels.players, builtin->players);
    ck_assert_int_eq(levels.option_count, builtin->option_count);
}
END_TEST

/* setup_levels_fit for `specs` in GAME with PLAYERS (and one --option, or NULL): its result,
 * with the note and the error. */
static int fit(const agent_levels_t *levels, const char *game_name, int players, const char *option,
               const char *const *specs, int count, char *note, char *error)
{
    cli_game_args_t args = {.game_name = game_name, .players = players};
    if (option) snprintf(args.options.item[args.options.count++], CLI_ITEM_MAX, "%s", option);
    setup_game_t game;
    char message[512];
    ck_assert_msg(cli_game_open(&args, &game, message, sizeof message) == 0, "%s", message);
    error[0] = '\0';
    int result = setup_levels_fit(levels, &game, specs, count, note, 1024, error, 1024);
    setup_game_close(&game);
    return result;
}

START_TEST(level_tables_serve_their_own_game)
{
    char note[1024], error[1024];
    const char *const levels_used[] = {"level:2", "greedy"}, *const none_used[] = {"pimc", "greedy"};
    const agent_levels_t *builtin = agent_levels_builtin();
    /* the built-in table: silent in 2-player bergen, a note elsewhere, nothing without level:N */
    ck_assert_int_eq(fit(builtin, "bergen", 2, NULL, levels_used, 2, note, error), 0);
    ck_assert_str_eq(note, "");
    ck_assert_int_eq(fit(builtin, "double_bergen", 2, NULL, levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, "built-in level table") && strstr(note, "2-player bergen") &&
                      strstr(note, "2-player double_bergen"),
                  "%s", note);
    ck_assert_int_eq(fit(builtin, "bergen", 4, NULL, levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, "not for this 4-player bergen"), "%s", note);
    ck_assert_int_eq(fit(builtin, "bergen", 2, "block_method=american", levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, "block_method=american"), "%s", note);
    ck_assert_int_eq(fit(builtin, "double_bergen", 2, NULL, none_used, 2, note, error), 0);
    ck_assert_str_eq(note, "");
    /* Partnership has its own built-in table: silent for its preset, a note for other rules;
     * every other game gets Bergen's */
    const agent_levels_t *partnership = agent_levels_builtin_for("partnership");
    ck_assert_ptr_ne(partnership, builtin);
    ck_assert_ptr_eq(agent_levels_builtin_for("double_bergen"), builtin);
    const agent_levels_t *bingo = agent_levels_builtin_for("bingo");
    ck_assert_ptr_ne(bingo, builtin);
    ck_assert_ptr_ne(bingo, partnership);
    ck_assert_int_eq(fit(bingo, "bingo", 2, NULL, levels_used, 2, note, error), 0);
    ck_assert_str_eq(note, "");
    ck_assert_int_eq(fit(partnership, "partnership", 4, NULL, levels_used, 2, note, error), 0);
    ck_assert_str_eq(note, "");
    ck_assert_int_eq(fit(partnership, "partnership", 4, "target=200", levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, "built-in level table") && strstr(note, "target=200"), "%s", note);
    /* a file: refused in another game, silent for its own rules, a note for other rules */
    agent_levels_t levels;
    const char *path = write_file("db.ini", double_bergen_levels);
    ck_assert_msg(config_read_levels(path, &levels, error, sizeof error) == 0, "%s", error);
    ck_assert_int_eq(fit(&levels, "bergen", 2, NULL, levels_used, 2, note, error), -1);
    ck_assert_msg(strstr(error, path) && strstr(error, "measured for double_bergen, not for bergen"), "%s", error);
    ck_assert_int_eq(fit(&levels, "bergen", 2, NULL, none_used, 2, note, error), 0);
    ck_assert_int_eq(fit(&levels, "double_bergen", 2, "stock_reserve=0", levels_used, 2, note, error), 0);
    ck_assert_str_eq(note, "");
    ck_assert_int_eq(fit(&levels, "double_bergen", 2, NULL, levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, path) && strstr(note, "stock_reserve=0") && !strstr(note, "calibrate"), "%s", note);
    /* a file that does not say: used, and said so */
    ck_assert_int_eq(config_read_levels(DOMINOLAB_SOURCE_DIR "/measurements/calibrate-bergen2/levels.ini", &levels,
                                        error, sizeof error),
                     0);
    ck_assert_int_eq(fit(&levels, "double_bergen", 2, NULL, levels_used, 2, note, error), 0);
    ck_assert_msg(strstr(note, "does not say what game it was measured for"), "%s", note);
}
END_TEST

START_TEST(commands_refuse_a_table_of_another_game)
{
    const char *path = write_file("db.ini", double_bergen_levels);
    capture_t result;
    /* play: exit 2, one line naming the file and both games, nothing played */
    support_run(cli_play, (char *const[]){"play", "--players", "2", "--agents", "level:1,greedy", "--level-table",
                                          (char *)path, "--quiet", NULL},
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(support_is_one_line(result.err) && strstr(result.err, "--level-table: level table") &&
                      strstr(result.err, path) && strstr(result.err, "double_bergen") && strstr(result.err, "bergen"),
                  "%s", result.err);
    ck_assert_str_eq(result.out, "");
    support_capture_free(&result);
    /* the same file under --levels, in its own game: played without a word about the table */
    support_run(cli_play, (char *const[]){"play", "--game", "double_bergen", "--players", "2", "--option",
                                          "stock_reserve=0", "--agents", "level:3,greedy", "--levels", (char *)path,
                                          "--quiet", NULL},
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_str_eq(result.err, "");
    support_capture_free(&result);
    /* the built-in table in double_bergen: played, with one note */
    support_run(cli_play, (char *const[]){"play", "--game", "double_bergen", "--players", "2", "--agents",
                                          "level:1,greedy", "--quiet", NULL},
                &result);
    ck_assert_msg(result.status == 0, "%s", result.err);
    ck_assert_msg(support_is_one_line(result.err) &&
                      strstr(result.err, "note: level:N plays the built-in level table") &&
                      strstr(result.err, "2-player bergen"),
                  "%s", result.err);
    support_capture_free(&result);
    /* two spellings of one table are one option, given once */
    support_run(cli_play, (char *const[]){"play", "--players", "2", "--agents", "greedy", "--levels", (char *)path,
                                          "--level-table", (char *)path, NULL},
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "--level-table: given twice (first as --levels)"), "%s", result.err);
    support_capture_free(&result);
    /* an experiment file names the key */
    char experiment[PATH_SIZE + 256];
    snprintf(experiment, sizeof experiment,
             "[experiment]\ncommand = sim\nout = never\nseed = 1\n[game]\nplayers = 2\n[agents]\n"
             "agents = level:1,greedy\nlevel-table = %s\n[sim]\ndeals = 10\n",
             path);
    const char *file = write_file("sim.ini", experiment);
    support_run(cli_run, (char *const[]){"run", (char *)file, "--check", NULL}, &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "sim.ini:9: key level-table: level table") &&
                      strstr(result.err, "measured for double_bergen, not for bergen"),
                  "%s", result.err);
    support_capture_free(&result);
}
END_TEST

/* ------------------------------------------------------------------ presets and rules files */

static const struct preset_ref {
    const char *game, *preset;
    int players; /* a seat count the game allows */
} presets[] = {
    {"bergen", "bergen", 3}, {"bergen", "bergen_classic", 3}, {"double_bergen", "double_bergen", 3},
    {"double_bergen", "double_bergen_12", 3}, {"partnership", "partnership", 4}, {"partnership", "doscientos", 4},
    {"partnership", "doscientos_pases", 4}, {"partnership", "quinientos", 4}, {"partnership", "milo", 4},
    {"partnership", "south_american", 4}, {"partnership", "great_lakes", 4}, {"bingo", "bingo", 2},
};

START_TEST(shipped_preset_files_are_the_presets)
{
    const struct preset_ref *p = &presets[_i];
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/configs/presets/%s.ini", DOMINOLAB_SOURCE_DIR, p->preset);
    char *shipped = support_read_file(path, NULL);
    ck_assert_msg(shipped != NULL, "cannot read %s", path);
    capture_t printed;
    support_run(cli_rules, (char *const[]){"rules", "--game", (char *)p->game, "--preset", (char *)p->preset, "--ini",
                                           NULL},
                &printed);
    ck_assert_int_eq(printed.status, 0);
    ck_assert_msg(!strcmp(shipped, printed.out),
                  "%s differs from `dominolab rules --game %s --preset %s --ini`: make it again with that command",
                  path, p->game, p->preset);
    support_capture_free(&printed);
    free(shipped);
    /* read back as --rules, it configures exactly the preset */
    cli_game_args_t from_file, from_preset;
    memset(&from_file, 0, sizeof from_file);
    memset(&from_preset, 0, sizeof from_preset);
    from_file.rules = path;
    from_preset.game_name = p->game;
    from_preset.preset = p->preset;
    from_file.players = from_preset.players = p->players;
    setup_game_t a, b;
    char error[CLI_ERROR_SIZE];
    ck_assert_msg(cli_game_open(&from_file, &a, error, sizeof error) == 0, "%s", error);
    ck_assert_msg(cli_game_open(&from_preset, &b, error, sizeof error) == 0, "%s", error);
    ck_assert_ptr_eq(a.game, b.game);
    ck_assert_str_eq(a.preset, b.preset);
    ck_assert_int_eq(memcmp(a.values.value, b.values.value, sizeof a.values.value), 0);
    setup_game_close(&a);
    setup_game_close(&b);
}
END_TEST

START_TEST(rules_file_errors)
{
    cli_game_args_t args;
    setup_game_t game;
    char error[CLI_ERROR_SIZE] = "";
    memset(&args, 0, sizeof args);
    args.players = 2;
    args.rules = write_file("r.ini", "[game]\ngame = bergen\npreset = bergen\n[options]\nnear_goal = sometimes\n");
    ck_assert_int_eq(cli_game_open(&args, &game, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "near_goal") && strstr(error, "sometimes"), "%s", error);
    /* through a command, the file and line are named */
    capture_t result;
    support_run(cli_sim, (char *const[]){"sim", "--rules", (char *)args.rules, "--players", "2", "--agents", "random",
                                         "--deals", "1", "--seed", "1", "--out", "never", NULL},
                &result);
    ck_assert_int_eq(result.status, 2);
    ck_assert_msg(strstr(result.err, "r.ini:5: option near_goal"), "%s", result.err);
    support_capture_free(&result);
    args.rules = write_file("r.ini", "[game]\ngame = bergen\nplayers = 3\n");
    ck_assert_int_eq(cli_game_open(&args, &game, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "r.ini:3: key players"), "%s", error);
    args.rules = write_file("r.ini", "[game]\ngame = bergen\n");
    args.game_name = "double_bergen";
    ck_assert_int_eq(cli_game_open(&args, &game, error, sizeof error), -1);
    ck_assert_msg(strstr(error, "is a file for bergen"), "%s", error);
}
END_TEST

/* ------------------------------------------------------------------ experiment files */

START_TEST(shipped_experiments_check)
{
    /* their paths (out, write) are relative to the project root, where users run them; this
     * test runs in its own process, so the directory change stays here */
    ck_assert_int_eq(chdir(DOMINOLAB_SOURCE_DIR), 0);
    char dir[PATH_SIZE];
    snprintf(dir, sizeof dir, "%s/configs/experiments", DOMINOLAB_SOURCE_DIR);
    DIR *listing = opendir(dir);
    ck_assert_msg(listing != NULL, "cannot list %s", dir);
    int checked = 0;
    for (struct dirent *entry; (entry = readdir(listing));) {
        size_t length = strlen(entry->d_name);
        if (length < 5 || strcmp(entry->d_name + length - 4, ".ini")) continue;
        char path[PATH_SIZE + 256];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        capture_t result;
        support_run(cli_run, (char *const[]){"run", path, "--check", NULL}, &result);
        ck_assert_msg(result.status == 0 && strstr(result.out, "valid"), "%s: exit %d: %s", path, result.status,
                      result.err);
        support_capture_free(&result);
        checked++;
    }
    closedir(listing);
    ck_assert_msg(checked >= 6, "only %d experiment files in %s", checked, dir);
}
END_TEST

static const struct experiment_case {
    const char *text, *needle;
} experiment_cases[] = {
    /* every error names the file, the line and the key */
    {"[experiment]\ncommand = sprt\nout = x\nseed = -4\n[game]\nplayers = 2\n[agents]\nagents = heuristic,greedy\n",
     "bad.ini:4: key seed: bad value '-4'"},
    {"[experiment]\ncommand = sprt\nout = x\n[game]\nplayers = 2\n[agents]\nagents = heuristic,greedy\n[sprt]\n"
     "alpha = 0.9\n",
     "bad.ini:9: key alpha: bad value '0.9'"},
    {"[experiment]\ncommand = sprt\nout = x\n[game]\nplayers = 2\n[agents]\nagents = heuristic,greedy\n[sprt]\n"
     "elo2 = 3\n",
     "bad.ini:9: key elo2: unknown in [sprt] (did you mean elo0 or elo1?)"},
    /* a mistyped key gets the nearest keys of its section; a key of another section, that section */
    {"[experiment]\ncommand = sim\nout = x\n[game]\nplayers = 2\n[agents]\nagents = greedy\n[sim]\ndeal = 10\n",
     "bad.ini:9: key deal: unknown in [sim] (did you mean deals?)"},
    {"[experiment]\ncommand = sim\nout = x\n[game]\nplayers = 2\n[agents]\nagent = greedy\n[sim]\ndeals = 10\n",
     "bad.ini:7: key agent: unknown in [agents] (did you mean agents?)"},
    {"[experiment]\ncommand = sim\nout = x\n[game]\nplayers = 2\n[agents]\nagents = greedy\n[sim]\ndeals = 10\n"
     "seed = 3\n",
     "bad.ini:10: key seed: belongs in [experiment], not [sim]"},
    {"[experiment]\ncommand = tournament\nout = x\n[game]\nplayers = 2\n[agents]\nanchr = random\n",
     "bad.ini:7: key anchr: unknown in [agents] (did you mean anchor?)"},
    {"[experiment]\ncommand = balance\nout = x\n[game]\nplayers = 2\n[balance]\nzzz = 1\n",
     "bad.ini:7: key zzz: unknown in [balance] (keys: deals matches compare replays)"},
    {"[experiment]\ncommand = tournament\nout = x\n[game]\nplayers = 2\n[agents]\nagent = random\n"
     "agent = pimc:sample=3\n",
     "bad.ini:8: key agent: agent pimc: unknown parameter 'sample'"},
    {"[experiment]\ncommand = tournament\nout = x\n[game]\nplayers = 2\n[agents]\nagent = random\nagent = greedy\n"
     "[options]\nnear_goal = sometimes\n",
     "bad.ini:10: option near_goal: bad value 'sometimes'"},
    {"[experiment]\ncommand = tournament\nout = x\n[game]\nplayers = 2\n[agentz]\nagent = random\n",
     "bad.ini:6: unknown section [agentz]"},
    {"[experiment]\ncommand = balance\nout = x\n[game]\nplayers = 2\n[variant a]\nblock_method = nosuch\n",
     "bad.ini:7: variant a: option block_method: bad value 'nosuch'"},
    {"[experiment]\ncommand = balance\nout = x\n[game]\nplayers = 2\n[balance]\nreplays = 1\nreplays = 2\n",
     "bad.ini:8: key replays: given twice (first on line 7)"},
    {"[experiment]\ncommand = sim\nout = x\nseed = 1\n[game]\nplayers = 2\n[agents]\nagents = greedy\n[sim]\n"
     "deals = 10\nper-deal = maybe\n",
     "bad.ini:11: key per-deal: bad value 'maybe' (true or false)"},
    {"[experiment]\ncommand = simulate\n", "bad.ini:2: key command: unknown command 'simulate'"},
    {"[game]\nplayers = 2\n", "[experiment] needs command ="},
    {"[experiment]\ncommand = calibrate\nout = x\n[game]\nplayers = 9\n", "bad.ini:5: key players: option players"},
    /* calibrate's levels is the number of levels, in [calibrate]; its table is level-table */
    {"[experiment]\ncommand = calibrate\nout = x\n[game]\nplayers = 2\n[calibrate]\nlevels = 11\n",
     "bad.ini:7: key levels: bad value '11' (a whole number from 2 to 10)"},
    {"[experiment]\ncommand = calibrate\nout = x\n[game]\nplayers = 2\n[agents]\nlevels = t.ini\n",
     "bad.ini:7: key levels: belongs in [calibrate], not [agents]"},
    {"[experiment]\ncommand = sim\nout = x\nseed = 1\n[game]\nplayers = 2\n[agents]\nagents = greedy\n"
     "levels = a.ini\nlevel-table = b.ini\n[sim]\ndeals = 10\n",
     "bad.ini:10: key level-table: given twice (first as levels on line 9)"},
};

START_TEST(calibrate_counts_its_levels_in_a_file)
{
    /* levels = 3 in [calibrate], and the table behind a level:N reference in [agents] */
    char text[PATH_SIZE + 256];
    snprintf(text, sizeof text,
             "[experiment]\ncommand = calibrate\nout = never\n[game]\nplayers = 2\n[agents]\nreference = level:4\n"
             "level-table = %s/configs/levels/bergen-2p.ini\n[calibrate]\nlevels = 3\nmatches = 10\n",
             DOMINOLAB_SOURCE_DIR);
    const char *path = write_file("calibrate.ini", text);
    capture_t result;
    support_run(cli_run, (char *const[]){"run", (char *)path, "--check", NULL}, &result);
    ck_assert_msg(result.status == 0 && strstr(result.out, "valid calibrate study"), "exit %d: %s", result.status,
                  result.err);
    ck_assert_str_eq(result.err, ""); /* a table of this very game: nothing to note */
    support_capture_free(&result);
}
END_TEST

START_TEST(experiment_errors_name_file_line_and_key)
{
    const struct experiment_case *c = &experiment_cases[_i];
    const char *path = write_file("bad.ini", c->text);
    capture_t result;
    support_run(cli_run, (char *const[]){"run", (char *)path, "--check", NULL}, &result);
    ck_assert_msg(result.status == 2, "exit %d (expected 2); stderr: %s", result.status, result.err);
    ck_assert_msg(support_is_one_line(result.err), "not one line: %s", result.err);
    ck_assert_msg(strstr(result.err, c->needle), "expected \"%s\" in: %s", c->needle, result.err);
    support_capture_free(&result);
}
END_TEST

static Suite *config_suite(void)
{
    Suite *suite = suite_create("config");
    TCase *reader = tcase_create("reader");
    tcase_add_checked_fixture(reader, NULL, support_scratch_teardown);
    tcase_add_test(reader, entries_keep_their_lines);
    tcase_add_loop_test(reader, reader_errors_name_file_and_line, 0, sizeof reader_cases / sizeof reader_cases[0]);
    tcase_add_loop_test(reader, a_nul_byte_is_named_as_such, 0, sizeof nul_cases / sizeof nul_cases[0]);
    tcase_add_test(reader, the_stored_nul_input_is_named);
    tcase_add_test(reader, sections_are_named_as_libinih_names_them);
    tcase_add_test(reader, missing_file_is_named);
    suite_add_tcase(suite, reader);
    TCase *levels = tcase_create("levels");
    tcase_add_checked_fixture(levels, NULL, support_scratch_teardown);
    tcase_add_test(levels, level_table_reads);
    tcase_add_loop_test(levels, level_table_errors, 0, sizeof level_cases / sizeof level_cases[0]);
    tcase_add_loop_test(levels, builtin_table_file_matches, 0, (int)(sizeof builtin_files / sizeof builtin_files[0]));
    tcase_add_test(levels, level_table_records_its_game);
    tcase_add_test(levels, old_tables_without_a_game_still_load);
    tcase_add_test(levels, level_tables_serve_their_own_game);
    tcase_add_test(levels, commands_refuse_a_table_of_another_game);
    suite_add_tcase(suite, levels);
    TCase *rules = tcase_create("rules files");
    tcase_add_checked_fixture(rules, NULL, support_scratch_teardown);
    tcase_add_loop_test(rules, shipped_preset_files_are_the_presets, 0, sizeof presets / sizeof presets[0]);
    tcase_add_test(rules, rules_file_errors);
    suite_add_tcase(suite, rules);
    TCase *experiments = tcase_create("experiments");
    tcase_add_checked_fixture(experiments, NULL, support_scratch_teardown);
    tcase_add_test(experiments, shipped_experiments_check);
    tcase_add_test(experiments, calibrate_counts_its_levels_in_a_file);
    tcase_add_loop_test(experiments, experiment_errors_name_file_line_and_key, 0,
                        sizeof experiment_cases / sizeof experiment_cases[0]);
    suite_add_tcase(suite, experiments);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_config")) return EXIT_FAILURE;
    SRunner *runner = srunner_create(config_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
