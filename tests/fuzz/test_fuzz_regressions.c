/* test_fuzz_regressions.c - every libFuzzer harness of tests/fuzz/ over every stored input,
 * with whatever compiler and sanitizers this build has (gcc in CI, ASan+UBSan in the
 * sanitizer run), so an input that once crashed a reader keeps being tried forever.
 *
 * The inputs live in the source tree: corpus/HARNESS/ (valid files the program wrote, the
 * fuzzers' seeds) and crashes/HARNESS/ (inputs that crashed or hung a reader once, kept
 * forever). One test per harness over both; a missing directory fails it, and so does an
 * empty corpus, so the test cannot pass by finding nothing. A harness reports a broken
 * promise by aborting (fuzz_support.h), which Check reports as a signal in that test.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef DOMINOLAB_SOURCE_DIR
#error "DOMINOLAB_SOURCE_DIR must name the source tree (tests/CMakeLists.txt sets it)"
#endif

/* The harnesses' LLVMFuzzerTestOneInput, renamed per harness by tests/fuzz/CMakeLists.txt
 * so that they can share one executable. */
int fuzz_record_test_one_input(const uint8_t *data, size_t size);
int fuzz_ini_test_one_input(const uint8_t *data, size_t size);
int fuzz_csv_test_one_input(const uint8_t *data, size_t size);
int fuzz_run_json_test_one_input(const uint8_t *data, size_t size);
int fuzz_protocol_test_one_input(const uint8_t *data, size_t size);
int fuzz_library_test_one_input(const uint8_t *data, size_t size);

typedef struct harness {
    const char *name;
    int (*test_one_input)(const uint8_t *data, size_t size);
} harness_t;

static const harness_t harnesses[] = {
    {"fuzz_record", fuzz_record_test_one_input},
    {"fuzz_ini", fuzz_ini_test_one_input},
    {"fuzz_csv", fuzz_csv_test_one_input},
    {"fuzz_run_json", fuzz_run_json_test_one_input},
    {"fuzz_protocol", fuzz_protocol_test_one_input},
    {"fuzz_library", fuzz_library_test_one_input},
};
enum { HARNESS_COUNT = sizeof harnesses / sizeof harnesses[0] };

enum { PATH_SIZE = 4096 };

/* The whole file in a buffer of its exact size (no spare byte, so that ASan sees a read
 * past the end as it would under libFuzzer). Fails the test if it cannot be read. */
static uint8_t *read_input(const char *path, size_t *size)
{
    FILE *in = fopen(path, "rb");
    if (!in) ck_abort_msg("cannot read %s: %s", path, strerror(errno));
    long length = fseek(in, 0, SEEK_END) == 0 ? ftell(in) : -1;
    if (length < 0 || fseek(in, 0, SEEK_SET) != 0) ck_abort_msg("cannot size %s: %s", path, strerror(errno));
    uint8_t *data = malloc(length ? (size_t)length : 1);
    ck_assert_ptr_nonnull(data);
    if (fread(data, 1, (size_t)length, in) != (size_t)length) ck_abort_msg("cannot read all of %s", path);
    fclose(in);
    *size = (size_t)length;
    return data;
}

/* Runs `harness` over every file in tests/fuzz/KIND/HARNESS/ (hidden files excepted);
 * returns how many there were. A missing directory fails the test. */
static int run_directory(const harness_t *harness, const char *kind)
{
    char dir[PATH_SIZE];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", DOMINOLAB_SOURCE_DIR, kind, harness->name);
    DIR *listing = opendir(dir);
    if (!listing) ck_abort_msg("%s: %s (every harness keeps its %s inputs there)", dir, strerror(errno), kind);
    int inputs = 0;
    struct dirent *entry;
    while ((entry = readdir(listing))) {
        if (entry->d_name[0] == '.') continue; /* ".", "..", and .gitkeep are no inputs */
        char path[2 * PATH_SIZE];
        snprintf(path, sizeof path, "%s/%s", dir, entry->d_name);
        size_t size = 0;
        uint8_t *data = read_input(path, &size);
        /* A crash kills this process before Check can say where: name the input first. */
        fprintf(stderr, "%s: %s/%s\n", harness->name, kind, entry->d_name);
        int result = harness->test_one_input(data, size);
        free(data);
        ck_assert_msg(result == 0, "%s returned %d on %s", harness->name, result, path);
        inputs++;
    }
    closedir(listing);
    return inputs;
}

/* The seeds must be there, or the test would pass having tried nothing; crashes/ must be
 * there too, but holds nothing until the harness has found something. */
START_TEST(harness_takes_every_stored_input)
{
    const harness_t *harness = &harnesses[_i];
    int seeds = run_directory(harness, "corpus");
    ck_assert_msg(seeds > 0, "tests/fuzz/corpus/%s holds no input", harness->name);
    run_directory(harness, "crashes");
}
END_TEST

static Suite *fuzz_regressions_suite(void)
{
    Suite *suite = suite_create("fuzz_regressions");
    TCase *inputs = tcase_create("stored inputs");
    /* A hang kept in crashes/ must fail in seconds, not after CK_DEFAULT_TIMEOUT's ten
     * minutes; the slowest directory takes well under a second even under the sanitizers. */
    tcase_set_timeout(inputs, 60);
    tcase_add_loop_test(inputs, harness_takes_every_stored_input, 0, HARNESS_COUNT);
    suite_add_tcase(suite, inputs);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(fuzz_regressions_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
