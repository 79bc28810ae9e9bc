/* csv.c - reading RFC 4180 CSV files (csv.h). */
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Splits one physical line (without its newline) into NUL-terminated fields in `out`,
 * pointers in `field`. Returns the field count, or -1 for an unclosed quote, -2 for too
 * many fields. */
static int split_line(const char *line, char *out, const char **field)
{
    int count = 0;
    const char *p = line;
    char *w = out;
    for (;;) {
        if (count == CSV_MAX_FIELDS) return -2;
        field[count++] = w;
        if (*p == '"') {
            p++;
            for (;;) {
                if (*p == '\0') return -1;
                if (*p == '"' && p[1] == '"') {
                    *w++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    *w++ = *p++;
                }
            }
            if (*p != ',' && *p != '\0') return -1; /* text after a closing quote */
        } else {
            while (*p && *p != ',') *w++ = *p++;
        }
        *w++ = '\0';
        if (*p == '\0') return count;
        p++; /* the comma */
    }
}

/* Reads one line into `line` (newline removed). 1, 0 at the end, -1 too long. */
static int read_line(csv_reader_t *reader, char *line, size_t size)
{
    if (!fgets(line, (int)size, reader->file)) return 0;
    reader->line++;
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
    else if (!feof(reader->file)) return -1;
    if (length > 0 && line[length - 1] == '\r') line[--length] = '\0';
    return 1;
}

static int line_error(const csv_reader_t *reader, int code, char *error, size_t error_size)
{
    const char *what = code == -1 ? "an unclosed or misplaced quote" : "too many fields";
    snprintf(error, error_size, "%s:%ld: %s", reader->path, reader->line, what);
    return -1;
}

int csv_open_stream(csv_reader_t *reader, FILE *in, const char *name, char *error, size_t error_size)
{
    memset(reader, 0, sizeof *reader);
    snprintf(reader->path, sizeof reader->path, "%s", name);
    reader->file = in;
    char line[CSV_LINE_MAX];
    int got = read_line(reader, line, sizeof line);
    if (got <= 0) {
        snprintf(error, error_size, "%s: %s", name, got == 0 ? "empty file (no header line)" : "header line too long");
        csv_close(reader);
        return -1;
    }
    int count = split_line(line, reader->header, reader->column);
    if (count < 0) {
        line_error(reader, count, error, error_size);
        csv_close(reader);
        return -1;
    }
    reader->columns = count;
    return 0;
}

csv_reader_t *csv_open_new(const char *path, char *error, size_t error_size)
{
    csv_reader_t *reader = malloc(sizeof *reader);
    if (!reader) snprintf(error, error_size, "out of memory reading %s", path);
    if (reader && csv_open(reader, path, error, error_size)) {
        free(reader);
        reader = NULL;
    }
    return reader;
}

void csv_close_free(csv_reader_t *reader)
{
    if (!reader) return;
    csv_close(reader);
    free(reader);
}

int csv_open(csv_reader_t *reader, const char *path, char *error, size_t error_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        int open_errno = errno;
        memset(reader, 0, sizeof *reader);
        snprintf(reader->path, sizeof reader->path, "%s", path);
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(open_errno));
        return -1;
    }
    if (csv_open_stream(reader, in, path, error, error_size)) {
        fclose(in);
        return -1;
    }
    reader->owns_file = true;
    return 0;
}

void csv_close(csv_reader_t *reader)
{
    if (reader->file && reader->owns_file) fclose(reader->file);
    reader->file = NULL;
    reader->owns_file = false;
}

int csv_next(csv_reader_t *reader, char *error, size_t error_size)
{
    char line[CSV_LINE_MAX];
    int got = read_line(reader, line, sizeof line);
    if (got == 0) {
        if (ferror(reader->file)) {
            snprintf(error, error_size, "cannot read %s: %s", reader->path, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (got < 0) {
        snprintf(error, error_size, "%s:%ld: line longer than %d characters", reader->path, reader->line,
                 CSV_LINE_MAX - 2);
        return -1;
    }
    int count = split_line(line, reader->buffer, reader->field);
    if (count < 0) return line_error(reader, count, error, error_size);
    if (count != reader->columns) {
        snprintf(error, error_size, "%s:%ld: %d fields, but the header has %d", reader->path, reader->line, count,
                 reader->columns);
        return -1;
    }
    reader->count = count;
    return 1;
}

int csv_column(const csv_reader_t *reader, const char *name, char *error, size_t error_size)
{
    for (int k = 0; k < reader->columns; k++)
        if (!strcmp(reader->column[k], name)) return k;
    snprintf(error, error_size, "%s: no column '%s' in its header", reader->path, name);
    return -1;
}

static int field_error(const csv_reader_t *reader, int column, const char *wanted, char *error, size_t error_size)
{
    snprintf(error, error_size, "%s:%ld: column %s: '%s' is not %s", reader->path, reader->line,
             reader->column[column], reader->field[column], wanted);
    return -1;
}

int csv_int64(const csv_reader_t *reader, int column, int64_t *out, char *error, size_t error_size)
{
    const char *text = reader->field[column];
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (!*text || *end || errno) return field_error(reader, column, "a whole number", error, error_size);
    *out = value;
    return 0;
}

int csv_uint64(const csv_reader_t *reader, int column, uint64_t *out, char *error, size_t error_size)
{
    const char *text = reader->field[column];
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (*text < '0' || *text > '9' || *end || errno)
        return field_error(reader, column, "a whole number", error, error_size);
    *out = value;
    return 0;
}

int csv_real(const csv_reader_t *reader, int column, double *out, char *error, size_t error_size)
{
    const char *text = reader->field[column];
    if (!*text) {
        *out = NAN;
        return 0;
    }
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (*end || errno == ERANGE) return field_error(reader, column, "a number", error, error_size);
    *out = value;
    return 0;
}
