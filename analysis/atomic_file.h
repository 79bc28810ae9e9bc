/* atomic_file.h - write a file so that readers see either nothing or all of it.
 *
 * Output goes to a temporary file in the target's directory (".NAME.XXXXXX"); commit
 * flushes it to disk and renames it over the target, abort deletes it. A crash, a full
 * disk or an interrupted match therefore never leaves a partial record under the real
 * name. rename() is atomic only within one file system, hence the same directory.
 *
 *   atomic_file_t f;
 *   if (atomic_file_open(&f, "m.jsonl", error, sizeof error) != 0) return -1;
 *   fputs("...", f.stream);
 *   if (atomic_file_commit(&f, error, sizeof error) != 0) return -1;  // or atomic_file_abort
 */
#ifndef DOMINOLAB_ATOMIC_FILE_H
#define DOMINOLAB_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct atomic_file {
    FILE *stream;    /* write here; NULL once committed or aborted */
    char *path;      /* the final name, as given */
    char *temp_path; /* the temporary file, in the same directory */
} atomic_file_t;

/* Creates the temporary file, with the mode of a file open(2) makes (atomic_file_default_mode).
 * Returns 0, or -1 with "cannot write PATH: REASON". */
int atomic_file_open(atomic_file_t *f, const char *path, char *error, size_t error_size);
/* 0666 under the process umask. It reads the umask by setting it: call it on one thread,
 * and give its answer to atomic_file_open_mode on the others. */
mode_t atomic_file_default_mode(void);
/* atomic_file_open with the file's mode given: safe on several threads at once. */
int atomic_file_open_mode(atomic_file_t *f, const char *path, mode_t mode, char *error, size_t error_size);
/* The same for DIR/NAME. */
int atomic_file_open_in(atomic_file_t *f, const char *dir, const char *name, char *error, size_t error_size);
/* Flushes, syncs, closes and renames onto the final path. Returns 0, or -1 with a message
 * naming the path (the temporary file is then removed). Either way `f` is released. */
int atomic_file_commit(atomic_file_t *f, char *error, size_t error_size);
/* The commit in two steps, for writers of many files that make them durable together
 * (one file-system sync for all, before anything counts on them): close flushes and closes
 * the temporary file, neither synced nor renamed, and `f` keeps both names; publish
 * renames it onto the final path and releases `f`. Each returns 0, or -1 with a message
 * naming the path (the temporary file is then removed and `f` released). */
int atomic_file_close(atomic_file_t *f, char *error, size_t error_size);
int atomic_file_publish(atomic_file_t *f, char *error, size_t error_size);
/* Closes and removes the temporary file and releases `f`; safe to call twice, and after
 * atomic_file_close. */
void atomic_file_abort(atomic_file_t *f);
/* Removes the temporary files a killed writer of PATH left behind (".NAME.XXXXXX" beside
 * it). Only for a writer that resumes PATH and knows no other process writes it. Returns
 * how many it removed. */
int atomic_file_remove_leftovers(const char *path);
/* `from` copied whole to `to` through a temporary file: `to` is the whole copy or untouched.
 * Returns 0, or -1 with a message naming the file. */
int atomic_file_copy(const char *from, const char *to, char *error, size_t error_size);

#endif
