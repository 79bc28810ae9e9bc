/* atomic_file.c - temporary file plus rename (see atomic_file.h).
 *
 * Invariant: between open and commit/abort, `stream` is the open temporary file named
 * `temp_path`, and both strings are owned by `f`; after atomic_file_close `stream` is NULL
 * and the names stay until publish or abort. After commit, publish or abort every field
 * is NULL, which is what makes a second abort harmless.
 */
#include "atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char temp_suffix[] = ".XXXXXX";

static void set_error(char *error, size_t error_size, const char *path, int err)
{
    snprintf(error, error_size, "cannot write %s: %s", path, strerror(err));
}

static void release(atomic_file_t *f)
{
    free(f->path);
    free(f->temp_path);
    f->stream = NULL;
    f->path = NULL;
    f->temp_path = NULL;
}

/* "dir/name" gives "dir/.name.XXXXXX"; "name" gives ".name.XXXXXX". */
static char *make_temp_template(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_length = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dir_length;
    size_t size = dir_length + 1 + strlen(base) + sizeof temp_suffix;
    char *temp = malloc(size);
    if (!temp) return NULL;
    snprintf(temp, size, "%.*s.%s%s", (int)dir_length, path, base, temp_suffix);
    return temp;
}

/* mkstemp creates mode 0600; a record is an ordinary file, so give it what open(2) with
 * 0666 would have given under the process umask. umask can only be read by setting it,
 * so it is restored at once; two threads doing so at once could leave the wrong one, hence
 * atomic_file_open_mode for writers on several threads. */
mode_t atomic_file_default_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

int atomic_file_open(atomic_file_t *f, const char *path, char *error, size_t error_size)
{
    return atomic_file_open_mode(f, path, atomic_file_default_mode(), error, error_size);
}

int atomic_file_open_mode(atomic_file_t *f, const char *path, mode_t mode, char *error, size_t error_size)
{
    f->stream = NULL;
    f->path = NULL;
    f->temp_path = NULL;
    if (!path || !*path) {
        snprintf(error, error_size, "cannot write an empty file name");
        return -1;
    }
    /* Refuse a directory now rather than after a whole match, at the rename. */
    struct stat info;
    if (path[strlen(path) - 1] == '/' || (stat(path, &info) == 0 && S_ISDIR(info.st_mode))) {
        set_error(error, error_size, path, EISDIR);
        return -1;
    }
    f->path = strdup(path);
    f->temp_path = make_temp_template(path);
    if (!f->path || !f->temp_path) {
        set_error(error, error_size, path, ENOMEM);
        release(f);
        return -1;
    }
    int fd = mkstemp(f->temp_path);
    if (fd < 0) {
        set_error(error, error_size, path, errno);
        release(f);
        return -1;
    }
    if (fchmod(fd, mode) != 0 || !(f->stream = fdopen(fd, "w"))) {
        set_error(error, error_size, path, errno);
        close(fd);
        unlink(f->temp_path);
        release(f);
        return -1;
    }
    return 0;
}

int atomic_file_open_in(atomic_file_t *f, const char *dir, const char *name, char *error, size_t error_size)
{
    size_t size = strlen(dir) + 1 + strlen(name) + 1;
    char *path = malloc(size);
    if (!path) {
        f->stream = NULL;
        f->path = NULL;
        f->temp_path = NULL;
        snprintf(error, error_size, "cannot write %s/%s: %s", dir, name, strerror(ENOMEM));
        return -1;
    }
    snprintf(path, size, "%s/%s", dir, name);
    int result = atomic_file_open(f, path, error, error_size);
    free(path);
    return result;
}

/* Flushes (and with `sync`, syncs) and closes the temporary file: 0, or the errno of the
 * first step that failed (EIO for a write error that left none: ferror only says that
 * something failed earlier). */
static int close_stream(atomic_file_t *f, bool sync)
{
    int err = 0;
    errno = 0;
    if (fflush(f->stream) != 0) err = errno ? errno : EIO;
    else if (ferror(f->stream)) err = EIO;
    else if (sync && fsync(fileno(f->stream)) != 0 && errno != EINVAL) err = errno; /* EINVAL: cannot sync it */
    if (fclose(f->stream) != 0 && err == 0) err = errno ? errno : EIO;
    f->stream = NULL;
    return err;
}

/* Every step of the commit reports the first failure. */
int atomic_file_commit(atomic_file_t *f, char *error, size_t error_size)
{
    if (!f->stream) {
        snprintf(error, error_size, "cannot write %s: file is not open", f->path ? f->path : "(none)");
        release(f);
        return -1;
    }
    int err = close_stream(f, true);
    if (err == 0 && rename(f->temp_path, f->path) != 0) err = errno;
    if (err != 0) {
        set_error(error, error_size, f->path, err);
        unlink(f->temp_path);
        release(f);
        return -1;
    }
    release(f);
    return 0;
}

int atomic_file_close(atomic_file_t *f, char *error, size_t error_size)
{
    if (!f->stream) {
        snprintf(error, error_size, "cannot write %s: file is not open", f->path ? f->path : "(none)");
        atomic_file_abort(f);
        return -1;
    }
    int err = close_stream(f, false);
    if (err == 0) return 0;
    set_error(error, error_size, f->path, err);
    atomic_file_abort(f);
    return -1;
}

int atomic_file_publish(atomic_file_t *f, char *error, size_t error_size)
{
    if (f->stream || !f->temp_path) {
        snprintf(error, error_size, "cannot write %s: file is not closed", f->path ? f->path : "(none)");
        atomic_file_abort(f);
        return -1;
    }
    if (rename(f->temp_path, f->path) != 0) {
        set_error(error, error_size, f->path, errno);
        atomic_file_abort(f);
        return -1;
    }
    release(f);
    return 0;
}

void atomic_file_abort(atomic_file_t *f)
{
    if (f->stream) fclose(f->stream);
    if (f->temp_path) unlink(f->temp_path);
    release(f);
}

int atomic_file_remove_leftovers(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_length = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dir_length;
    size_t base_length = strlen(base);
    char dir[4096], victim[4096];
    if (dir_length >= sizeof dir || !base_length) return 0;
    snprintf(dir, sizeof dir, "%.*s", dir_length ? (int)dir_length : 1, dir_length ? path : ".");
    DIR *listing = opendir(dir);
    if (!listing) return 0;
    int removed = 0;
    for (struct dirent *entry; (entry = readdir(listing));) {
        const char *name = entry->d_name;
        /* exactly "." BASE temp_suffix, the X's being mkstemp's six characters */
        if (name[0] != '.' || strncmp(name + 1, base, base_length) != 0 ||
            strlen(name) != 1 + base_length + sizeof temp_suffix - 1 || name[1 + base_length] != '.')
            continue;
        if (snprintf(victim, sizeof victim, "%.*s%s", (int)dir_length, path, name) >= (int)sizeof victim) continue;
        if (unlink(victim) == 0) removed++;
    }
    closedir(listing);
    return removed;
}

int atomic_file_copy(const char *from, const char *to, char *error, size_t error_size)
{
    FILE *in = fopen(from, "rb");
    if (!in) {
        snprintf(error, error_size, "cannot read %.900s: %s", from, strerror(errno));
        return -1;
    }
    atomic_file_t file;
    if (atomic_file_open(&file, to, error, error_size)) {
        fclose(in);
        return -1;
    }
    char buffer[8192];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, got, file.stream);
    bool failed = ferror(in) != 0;
    fclose(in);
    if (failed) {
        atomic_file_abort(&file);
        snprintf(error, error_size, "cannot read %.900s", from);
        return -1;
    }
    return atomic_file_commit(&file, error, error_size);
}
