/* test_citations.c - the repository is self-contained: what the program prints and what the
 * tree holds cite only files a clone has.
 *
 * The rule numbers (R…, A…) of the code, the docs and `dominolab rules` refer to the
 * specification in docs/rules/ and docs/record-format.md. It once lived beside the
 * repository, and citations of it there broke for everyone who cloned only the repository.
 * Two guards against a relapse:
 *   - every `docs/…` path that `rules` (each game, each preset's rules file, --help) and
 *     every command's --help print exists in the source tree, and no output cites the
 *     sibling folder;
 *   - no text file of the tree (README, HACKING, docs/, configs/, the source folders,
 *     tests/, scripts/) cites the sibling folder; a failure lists FILE:LINE of each.
 * The tree is read from DOMINOLAB_SOURCE_DIR, not through git, so that a build from a
 * tarball runs the same test. Each scanner is first shown a planted fault, so neither can
 * pass by finding nothing.
 */
#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "games.h"
#include "test_support.h"

#ifndef DOMINOLAB_SOURCE_DIR
#error "DOMINOLAB_SOURCE_DIR must name the source tree (tests/CMakeLists.txt sets it)"
#endif

/* Written in two pieces so that this file does not match its own scan. */
static const char OUTSIDE[] = "../"
                              "shared";

enum { PATH_SIZE = 4096, FINDINGS_SIZE = 8192 };

/* What a scan found: a list of "where: what" lines, cut short (with "...") if long. */
typedef struct findings {
    char text[FINDINGS_SIZE];
    size_t used;
    int count;
} findings_t;

static void findings_add(findings_t *found, const char *format, ...)
{
    found->count++;
    if (found->used + 4 >= sizeof found->text) return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(found->text + found->used, sizeof found->text - found->used - 4, format, args);
    va_end(args);
    if (n < 0 || (size_t)n >= sizeof found->text - found->used - 4) {
        found->used = strlen(found->text);
        strcpy(found->text + found->used, "...");
        found->used = sizeof found->text;
        return;
    }
    found->used += (size_t)n;
    found->text[found->used++] = '\n';
    found->text[found->used] = '\0';
}

static bool exists_in(const char *root, const char *relative)
{
    char path[PATH_SIZE];
    int n = snprintf(path, sizeof path, "%s/%s", root, relative);
    struct stat st;
    return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode));
}

static bool is_path_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '.' || c == '/';
}

/* Every `docs/...` path in `text` (a whole word; a sentence's final dots are not part of it)
 * must name a file or folder under `root`; a citation of the sibling folder is a finding too.
 * Returns the number of docs/ paths seen; those under docs/rules/ are counted in *rules. */
static int check_output(const char *what, const char *text, const char *root, findings_t *found, int *rules)
{
    int seen = 0;
    if (strstr(text, OUTSIDE)) findings_add(found, "%s: cites %s", what, OUTSIDE);
    for (const char *p = strstr(text, "docs/"); p; p = strstr(p + 1, "docs/")) {
        if (p > text && is_path_char(p[-1])) continue;
        size_t length = 0;
        while (is_path_char(p[length])) length++;
        while (p[length - 1] == '.') length--;
        char relative[PATH_SIZE];
        snprintf(relative, sizeof relative, "%.*s", (int)length, p);
        seen++;
        if (rules && !strncmp(relative, "docs/rules/", 11)) (*rules)++;
        if (!exists_in(root, relative))
            findings_add(found, "%s: cites %s, which %s does not have", what, relative, root);
    }
    return seen;
}

/* Scans `root`/`relative` (a file, or a folder recursively, its hidden entries left out) for
 * text files citing the sibling folder; each citing line is a finding "FILE:LINE". Files with
 * a NUL byte (fuzz inputs, binaries) are not text. Returns the number of text files read. */
static int scan_tree(const char *root, const char *relative, findings_t *found)
{
    char path[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", root, relative);
    struct stat st;
    if (lstat(path, &st) != 0) {
        findings_add(found, "%s: cannot be read", path);
        return 0;
    }
    if (S_ISDIR(st.st_mode)) {
        DIR *dir = opendir(path);
        if (!dir) {
            findings_add(found, "%s: cannot be listed", path);
            return 0;
        }
        int files = 0;
        for (struct dirent *entry; (entry = readdir(dir));) {
            if (entry->d_name[0] == '.') continue;
            char child[PATH_SIZE];
            snprintf(child, sizeof child, "%s/%s", relative, entry->d_name);
            files += scan_tree(root, child, found);
        }
        closedir(dir);
        return files;
    }
    if (!S_ISREG(st.st_mode)) return 0;
    size_t length;
    char *text = support_read_file(path, &length);
    if (!text) {
        findings_add(found, "%s: cannot be read", path);
        return 0;
    }
    if (memchr(text, '\0', length)) {
        free(text);
        return 0;
    }
    int line = 1;
    for (const char *p = text, *hit; (hit = strstr(p, OUTSIDE)); p = hit + 1) {
        for (; p < hit; p++) line += *p == '\n';
        findings_add(found, "%s:%d", relative, line);
    }
    free(text);
    return 1;
}

/* ------------------------------------------------------------------ the scanners themselves */

START_TEST(check_output_finds_planted_faults)
{
    findings_t found = {.used = 0};
    int rules = 0;
    char text[256];
    snprintf(text, sizeof text, "see docs/rules/bergen.md, docs/nosuch.md. And %s/rules/bingo.md\n", OUTSIDE);
    ck_assert_int_eq(check_output("planted", text, DOMINOLAB_SOURCE_DIR, &found, &rules), 2);
    ck_assert_int_eq(rules, 1);
    ck_assert_msg(found.count == 2, "expected 2 findings, got %d:\n%s", found.count, found.text);
    ck_assert_msg(strstr(found.text, "cites docs/nosuch.md,"), "missing file not named:\n%s", found.text);
    ck_assert_msg(strstr(found.text, OUTSIDE), "sibling citation not named:\n%s", found.text);
}
END_TEST

START_TEST(scan_tree_finds_planted_lines)
{
    const char *dir = support_scratch("planted");
    char sub[PATH_SIZE], file[PATH_SIZE], text[256];
    snprintf(sub, sizeof sub, "%s/docs", dir);
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    snprintf(file, sizeof file, "%s/docs/a.md", dir);
    snprintf(text, sizeof text, "clean\nsee %s/rules/\nclean\n\nagain %s/spec/\n", OUTSIDE, OUTSIDE);
    ck_assert(support_write_file(file, text));
    snprintf(file, sizeof file, "%s/docs/b.md", dir);
    ck_assert(support_write_file(file, "nothing here\n"));
    findings_t found = {.used = 0};
    ck_assert_int_eq(scan_tree(dir, "docs", &found), 2);
    ck_assert_msg(found.count == 2, "expected 2 findings, got %d:\n%s", found.count, found.text);
    ck_assert_msg(!strcmp(found.text, "docs/a.md:2\ndocs/a.md:5\n"), "findings:\n%s", found.text);
}
END_TEST

/* ------------------------------------------------------------------ what the program prints */

static void expect_clean(const char *what, char *const *argv, int (*command)(int, char **), findings_t *found,
                         int *paths, int *rules)
{
    capture_t result;
    support_run(command, argv, &result);
    ck_assert_msg(result.status == 0, "%s exited %d: %s", what, result.status, result.err);
    *paths += check_output(what, result.out, DOMINOLAB_SOURCE_DIR, found, rules);
    check_output(what, result.err, DOMINOLAB_SOURCE_DIR, found, rules);
    support_capture_free(&result);
}

START_TEST(rules_cites_existing_docs)
{
    findings_t found = {.used = 0};
    int count, paths = 0, rules = 0;
    const game_t *const *games = game_list(&count);
    ck_assert_int_gt(count, 0);
    expect_clean("rules", (char *[]){"rules", NULL}, cli_rules, &found, &paths, &rules);
    expect_clean("rules --help", (char *[]){"rules", "--help", NULL}, cli_rules, &found, &paths, &rules);
    ck_assert_msg(rules >= 2, "rules and rules --help cite docs/rules/ %d times, expected at least 2", rules);
    for (int g = 0; g < count; g++) {
        char what[160];
        int game_rules = 0;
        snprintf(what, sizeof what, "rules --game %s", games[g]->name);
        expect_clean(what, (char *[]){"rules", "--game", (char *)games[g]->name, NULL}, cli_rules, &found, &paths,
                     &game_rules);
        /* the game's own rules file, where its R and A numbers resolve */
        ck_assert_msg(game_rules > 0, "%s cites no file of docs/rules/", what);
        for (int k = 0; k < games[g]->preset_count; k++) {
            int ini_rules = 0;
            snprintf(what, sizeof what, "rules --game %s --preset %s --ini", games[g]->name, games[g]->presets[k].name);
            expect_clean(what,
                         (char *[]){"rules", "--game", (char *)games[g]->name, "--preset",
                                    (char *)games[g]->presets[k].name, "--ini", NULL},
                         cli_rules, &found, &paths, &ini_rules);
            ck_assert_msg(ini_rules > 0, "%s does not say where its rule numbers are", what);
        }
    }
    ck_assert_msg(found.count == 0, "%d bad citations:\n%s", found.count, found.text);
}
END_TEST

START_TEST(every_help_cites_existing_docs)
{
    findings_t found = {.used = 0};
    int count, paths = 0, rules = 0;
    const cli_command_t *commands = cli_commands(&count);
    for (int k = 0; k < count; k++) {
        char what[80];
        snprintf(what, sizeof what, "%s --help", commands[k].name);
        expect_clean(what, (char *[]){(char *)commands[k].name, "--help", NULL}, commands[k].run, &found, &paths,
                     &rules);
    }
    /* the help texts point at files of docs/ in several places: the scan must have seen them */
    ck_assert_msg(paths >= count / 2, "only %d docs/ paths in %d help texts", paths, count);
    ck_assert_msg(found.count == 0, "%d bad citations:\n%s", found.count, found.text);
}
END_TEST

/* ------------------------------------------------------------------ what the tree holds */

START_TEST(tree_cites_nothing_outside)
{
    /* Every tracked top-level entry but .gitignore; a new folder belongs here too. */
    static const char *const roots[] = {"README.md", "HACKING.md", "CMakeLists.txt", ".ci",      "docs",
                                        "configs",   "engine",     "agents",         "analysis", "sim",
                                        "cli",       "tests",      "scripts",        "measurements", "cmake",
                                        "lib",       "python",     "examples"};
    findings_t found = {.used = 0};
    int files = 0;
    for (size_t k = 0; k < sizeof roots / sizeof roots[0]; k++)
        files += scan_tree(DOMINOLAB_SOURCE_DIR, roots[k], &found);
    ck_assert_msg(found.count == 0,
                  "%d lines cite %s (the specification is in docs/rules/ and docs/record-format.md):\n%s",
                  found.count, OUTSIDE, found.text);
    /* a wrong source directory would read nothing and pass */
    ck_assert_msg(files > 100, "only %d text files read under %s", files, DOMINOLAB_SOURCE_DIR);
    ck_assert(exists_in(DOMINOLAB_SOURCE_DIR, "docs/rules/bergen.md"));
    ck_assert(exists_in(DOMINOLAB_SOURCE_DIR, "docs/record-format.md"));
}
END_TEST

/* The README shows a picture of the viewer for every game, and each picture is there. */
START_TEST(readme_shows_the_viewer_of_every_game)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/README.md", DOMINOLAB_SOURCE_DIR);
    char *readme = support_read_file(path, NULL);
    ck_assert_ptr_nonnull(readme);
    int count;
    const game_t *const *games = game_list(&count);
    for (int k = 0; k < count; k++) {
        char image[256];
        snprintf(image, sizeof image, "docs/images/viewer-%s.png", games[k]->name);
        ck_assert_msg(strstr(readme, image), "README.md shows no %s", image);
        snprintf(path, sizeof path, "%s/%s", DOMINOLAB_SOURCE_DIR, image);
        struct stat info;
        char *png = support_read_file(path, NULL); /* text up to its first NUL: the signature */
        ck_assert_msg(png && stat(path, &info) == 0 && info.st_size > 10000 && !memcmp(png, "\x89PNG", 4),
                      "%s is not a picture", image);
        free(png);
    }
    free(readme);
}
END_TEST

static Suite *citations_suite(void)
{
    Suite *suite = suite_create("citations");
    TCase *scanners = tcase_create("scanners");
    tcase_add_checked_fixture(scanners, NULL, support_scratch_teardown);
    tcase_add_test(scanners, check_output_finds_planted_faults);
    tcase_add_test(scanners, scan_tree_finds_planted_lines);
    suite_add_tcase(suite, scanners);
    TCase *output = tcase_create("output");
    tcase_add_test(output, rules_cites_existing_docs);
    tcase_add_test(output, every_help_cites_existing_docs);
    suite_add_tcase(suite, output);
    TCase *tree = tcase_create("tree");
    tcase_add_test(tree, tree_cites_nothing_outside);
    tcase_add_test(tree, readme_shows_the_viewer_of_every_game);
    suite_add_tcase(suite, tree);
    return suite;
}

int main(void)
{
    if (support_scratch_open_root("test_citations")) return EXIT_FAILURE;
    SRunner *runner = srunner_create(citations_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    support_scratch_close_root();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
