/* csv.h - reading the CSV files dominolab writes (RFC 4180: comma-separated, a field in
 * double quotes when it holds a comma or a quote, a quote inside doubled).
 *
 * One line at a time; a header row names the columns and csv_column finds them by name,
 * so a reader keeps working when columns are added. Errors name the file and line.
 */
#ifndef DOMINOLAB_CSV_H
#define DOMINOLAB_CSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { CSV_MAX_FIELDS = 64, CSV_LINE_MAX = 8192 };

typedef struct csv_reader {
    FILE *file;
    bool owns_file;                /* csv_open opened it, so csv_close closes it */
    char path[1024];
    long line;                     /* number of the line last read */
    char buffer[CSV_LINE_MAX];     /* the fields, NUL-separated */
    const char *field[CSV_MAX_FIELDS];
    int count;                     /* fields in the line last read */
    char header[CSV_LINE_MAX];     /* the header's fields, NUL-separated */
    const char *column[CSV_MAX_FIELDS];
    int columns;
} csv_reader_t;

/* Opens `path` and reads its header. Returns 0, or -1 with a message. */
int csv_open(csv_reader_t *reader, const char *path, char *error, size_t error_size);
/* The same over a stream open for reading, which stays the caller's (csv_close does not
 * close it); `name` stands for the file in messages. */
int csv_open_stream(csv_reader_t *reader, FILE *in, const char *name, char *error, size_t error_size);
void csv_close(csv_reader_t *reader);
/* csv_open on a reader of its own on the heap (two lines of CSV_LINE_MAX: not for the
 * stack): NULL with a message when out of memory or the file cannot be read. Released by
 * csv_close_free. */
csv_reader_t *csv_open_new(const char *path, char *error, size_t error_size);
void csv_close_free(csv_reader_t *reader);
/* Reads the next row into reader->field: 1 a row, 0 the end, -1 an error (a row whose
 * field count differs from the header's, an open quote, a line too long). */
int csv_next(csv_reader_t *reader, char *error, size_t error_size);
/* Index of the header column `name`, or -1 with "FILE: no column NAME". */
int csv_column(const csv_reader_t *reader, const char *name, char *error, size_t error_size);

/* Field conversions of the current row; -1 with "FILE:LINE: column NAME: ..." when the
 * field is not what is asked. An empty field is an error except for csv_real (NaN). */
int csv_int64(const csv_reader_t *reader, int column, int64_t *out, char *error, size_t error_size);
int csv_uint64(const csv_reader_t *reader, int column, uint64_t *out, char *error, size_t error_size);
int csv_real(const csv_reader_t *reader, int column, double *out, char *error, size_t error_size);

#endif
