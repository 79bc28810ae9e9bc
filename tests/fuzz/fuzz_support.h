/* fuzz_support.h - what every harness in tests/fuzz/ shares.
 *
 * A harness hands the fuzzer's bytes to one reader as if they were a file the program
 * wrote, then checks what the reader's header promises about its answer. A broken promise
 * stops the process through fuzz_require, so libFuzzer and test_fuzz_regressions both see
 * it as a crash, the same as a sanitizer report.
 */
#ifndef DOMINOLAB_FUZZ_SUPPORT_H
#define DOMINOLAB_FUZZ_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The bytes as a stream open for reading (fmemopen: no file is written), or NULL when the
 * C library cannot make one. `data` must outlive the stream. */
FILE *fuzz_stream(const uint8_t *data, size_t size);

/* Aborts with "fuzz: broken promise: WHAT" on stderr unless `condition` holds. */
void fuzz_require(bool condition, const char *what);

/* An error message of a failed read: non-empty, and naming the file it was given. */
bool fuzz_error_names(const char *error, const char *name);

/* Lines in `size` bytes as a line reader counts them (a last line without '\n' counts). */
int fuzz_line_count(const uint8_t *data, size_t size);

#endif
