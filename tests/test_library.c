/* test_library.c - the public library as an app meets it: this build installed with
 * `cmake --install` into a scratch prefix, then examples/embed.c (an app asking a level:5
 * bot for its moves) built against it with pkg-config, shared and static, and
 * tests/library/api_check.c (every game played by bots and recorded, a given position,
 * the errors an app meets), each run; and tests/library/validation_check.c (bad arguments
 * refused with a message, bots asked only about games of their rules and outliving their
 * game), shared and static. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_fixture.h"

/* The steps, in the shell: each must succeed (set -e). $1: the scratch directory. */
static const char script[] =
    "set -e\n"
    "prefix=\"$1/prefix\"\n"
    "'" CMAKE_COMMAND "' --install '" DOMINOLAB_BUILD_DIR "' --prefix \"$prefix\" > /dev/null\n"
    "export PKG_CONFIG_PATH=\"$prefix/lib/pkgconfig\"\n"
    "test -f \"$prefix/include/dominolab/dominolab.h\" && test -f \"$prefix/lib/libdominolab.a\"\n"
    "cc " APP_FLAGS " '" DOMINOLAB_SOURCE_DIR "/examples/embed.c' $(pkg-config --cflags --libs dominolab) -o \"$1/embed\"\n"
    "LD_LIBRARY_PATH=\"$prefix/lib\" \"$1/embed\" \"$1/shared.jsonl\"\n"
    "cc " APP_FLAGS " '" DOMINOLAB_SOURCE_DIR "/examples/embed.c' $(pkg-config --cflags dominolab) "
    "\"$prefix/lib/libdominolab.a\" $(pkg-config --libs jansson) -lm -o \"$1/embed-static\"\n"
    "\"$1/embed-static\" \"$1/static.jsonl\"\n"
    "cmp \"$1/shared.jsonl\" \"$1/static.jsonl\"\n"
    "cc " APP_FLAGS " '" DOMINOLAB_SOURCE_DIR "/tests/library/api_check.c' $(pkg-config --cflags --libs dominolab) "
    "-o \"$1/api-check\"\n"
    "LD_LIBRARY_PATH=\"$prefix/lib\" \"$1/api-check\" \"$1\"\n";

/* The validation program, shared and static: $1 the scratch directory. */
static const char validation_script[] =
    "set -e\n"
    "prefix=\"$1/prefix\"\n"
    "'" CMAKE_COMMAND "' --install '" DOMINOLAB_BUILD_DIR "' --prefix \"$prefix\" > /dev/null\n"
    "export PKG_CONFIG_PATH=\"$prefix/lib/pkgconfig\"\n"
    "cc " APP_FLAGS " '" DOMINOLAB_SOURCE_DIR "/tests/library/validation_check.c' $(pkg-config --cflags --libs dominolab) "
    "-o \"$1/validation\"\n"
    "LD_LIBRARY_PATH=\"$prefix/lib\" \"$1/validation\"\n"
    "cc " APP_FLAGS " '" DOMINOLAB_SOURCE_DIR "/tests/library/validation_check.c' $(pkg-config --cflags dominolab) "
    "\"$prefix/lib/libdominolab.a\" $(pkg-config --libs jansson) -lm -o \"$1/validation-static\"\n"
    "\"$1/validation-static\"\n";

START_TEST(installed_library_builds_and_runs_the_examples)
{
    const char *dir = support_scratch("library");
    char *out = shell_ok(dir, script, dir);
    const char *checked = strstr(out, "written and checked");
    REQUIRE(checked && strstr(checked + 1, "written and checked") && strstr(out, "\nok\n"),
            "the examples did not say they were done:\n%s", out);
    free(out);
}
END_TEST

/* Every promise of dominolab.h about bad arguments, one check_* function each in
 * validation_check.c, whose failures name the function. */
START_TEST(installed_library_refuses_bad_arguments)
{
    const char *dir = support_scratch("library-validation");
    char *out = shell_ok(dir, validation_script, dir);
    REQUIRE(strstr(out, "ok\nok\n") && !strstr(out, "FAILED"), "the validation checks did not pass:\n%s", out);
    free(out);
}
END_TEST

int main(void)
{
    Suite *suite = suite_create("public library");
    TCase *t = tcase_create("installed");
    tcase_add_checked_fixture(t, NULL, support_scratch_teardown);
    tcase_set_timeout(t, 600);
    tcase_add_test(t, installed_library_builds_and_runs_the_examples);
    tcase_add_test(t, installed_library_refuses_bad_arguments);
    suite_add_tcase(suite, t);
    return support_run_suite(suite, "test_library");
}
