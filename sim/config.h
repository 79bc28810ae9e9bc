/* config.h - INI files (experiments, rule presets, level tables), read with libinih.
 *
 * A file is read whole into entries (section, key, value, line) before anything is
 * checked, so that a check can name the file, the line and the key of a bad value wherever
 * it sits, and a file is used only once every entry is known good. Section headers are
 * remembered with their lines too, so an unknown section is reported even when empty.
 *
 * Syntax (libinih's): `[section]`, `key = value`, comments from ';' or '#' at the start of a
 * line and from " ;" inside one. Every key=value line is one entry (a repeated key gives
 * several, in order); continuation lines are refused, as is a line longer than
 * CONFIG_LINE_MAX characters (libinih would cut it silently).
 */
#ifndef DOMINOLAB_CONFIG_H
#define DOMINOLAB_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "agent.h"

/* CONFIG_LINE_MAX: libinih reads a line into 200 bytes, newline and NUL included;
 * CONFIG_NAME_MAX: it keeps 49 characters of a section or key name and drops the rest. */
enum { CONFIG_LINE_MAX = 198, CONFIG_NAME_MAX = 49, CONFIG_VALUE_MAX = 200, CONFIG_PATH_MAX = 1024 };

typedef struct config_entry {
    char section[CONFIG_NAME_MAX + 1]; /* "" before the first section */
    char key[CONFIG_NAME_MAX + 1];
    char value[CONFIG_VALUE_MAX];
    int line;
} config_entry_t;

typedef struct config_section {
    char name[CONFIG_NAME_MAX + 1];
    int line;
} config_section_t;

typedef struct config_file {
    char path[CONFIG_PATH_MAX];
    config_entry_t *entries;
    int count, capacity;
    config_section_t *sections;
    int section_count, section_capacity;
} config_file_t;

/* Reads `path` into `out` (which config_free releases, also after a failure). A file that
 * cannot be opened or is not INI is an error naming the file and, for syntax, the line. */
int config_read(const char *path, config_file_t *out, char *error, size_t error_size);
/* The same over a stream open for reading, which stays the caller's; `name` stands for the
 * file in messages and in out->path. */
int config_read_stream(FILE *in, const char *name, config_file_t *out, char *error, size_t error_size);
void config_free(config_file_t *file);

/* Writes "PATH:LINE: key KEY: " + the message into error (the form of every entry error). */
void config_entry_error(const config_file_t *file, const config_entry_t *entry, char *error, size_t error_size,
                        const char *format, ...) __attribute__((format(printf, 5, 6)));
/* The first entry of section/key, or NULL. */
const config_entry_t *config_find(const config_file_t *file, const char *section, const char *key);
/* Checks that every section is one of `sections` (NULL-terminated; a name ending in " *"
 * matches that word followed by any name, e.g. "variant *" matches [variant simple]).
 * Returns 0, or -1 naming the file, line and section. */
int config_check_sections(const config_file_t *file, const char *const *sections, char *error, size_t error_size);

/* A level table file: section [levels] with keys level1 .. levelN (N from 1 to 10, each
 * once, no gap), each the spec of an agent that is not itself a level; and the game the
 * levels were measured for, in [table] (game, preset, players: all three) with the rule
 * options set over the preset in [options], each checked against the game. A file without
 * [table] (written before tables recorded their game) is read with the game left empty.
 * Fills `out`; source is set to `path`. */
int config_read_levels(const char *path, agent_levels_t *out, char *error, size_t error_size);
/* The same over a stream open for reading, which stays the caller's; `name` stands for the
 * file in messages and in out->source. */
int config_read_levels_stream(FILE *in, const char *name, agent_levels_t *out, char *error, size_t error_size);
/* Writes a level table file (atomically): [table] and [options] when levels->game is set,
 * then [levels]; `comments` (may be NULL) go above each entry. */
int config_write_levels(const char *path, const agent_levels_t *levels, const char *header,
                        const char *const *comments, char *error, size_t error_size);

#endif
