/* config.c - INI files through libinih (config.h).
 *
 * libinih reports neither the line of a key nor a section without keys, and cuts long
 * lines silently. So it reads through our own line reader, which counts the lines it hands
 * over, notes section headers, and refuses over-long lines and NUL bytes; the handler then
 * takes the count as the entry's line. libinih calls the handler right after the line it
 * read.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomic_file.h"
#include "games.h"

typedef struct reader {
    FILE *file;
    config_file_t *config;
    int line;            /* lines handed to libinih so far */
    int error_line;      /* first line with a problem found by the reader or handler; 0 none */
    char message[256];   /* what is wrong there */
} reader_t;

static void note_error(reader_t *r, const char *message)
{
    if (r->error_line) return;
    r->error_line = r->line;
    snprintf(r->message, sizeof r->message, "%s", message);
}

static bool grow(void **items, int *capacity, int count, size_t item_size)
{
    if (count < *capacity) return true;
    int wanted = *capacity ? *capacity * 2 : 32;
    void *bigger = realloc(*items, (size_t)wanted * item_size);
    if (!bigger) return false;
    *items = bigger;
    *capacity = wanted;
    return true;
}

/* Where libinih starts reading line `number`: past a UTF-8 byte order mark on line 1,
 * then past white space as isspace() has it. The checks below must start there too, or a
 * header libinih reads ("\xEF\xBB\xBF[game]", "\v[game]") would go unnoted. */
static const char *line_start(const char *line, int number)
{
    static const char byte_order_mark[] = "\xEF\xBB\xBF";
    if (number == 1 && !strncmp(line, byte_order_mark, sizeof byte_order_mark - 1)) line += sizeof byte_order_mark - 1;
    while (isspace((unsigned char)*line)) line++;
    return line;
}

/* "[name]" gives the name, exactly as libinih passes it with the entries below it (blanks
 * inside the brackets included: trimmed, "[ sim ]" was checked as section "sim" while its
 * entries sat in " sim ", found by tests/fuzz/fuzz_ini); anything else gives NULL. */
static const char *section_header(const char *line, char *name, size_t size)
{
    if (*line != '[') return NULL;
    const char *close = strchr(line, ']');
    if (!close) return NULL;
    snprintf(name, size, "%.*s", (int)(close - line - 1), line + 1);
    return name;
}

/* A "key = value" (or "key: value") line whose key libinih would cut. */
static bool key_longer_than_allowed(const char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    if (*line == ';' || *line == '#' || *line == '\0') return false;
    size_t key = strcspn(line, "=:");
    if (!line[key]) return false;
    while (key > 0 && (line[key - 1] == ' ' || line[key - 1] == '\t')) key--;
    return key > CONFIG_NAME_MAX;
}

typedef enum line_fault { LINE_FINE, LINE_TOO_LONG, LINE_HAS_NUL } line_fault_t;

/* One line into buffer, as fgets reads it (its '\n' kept), and what fgets cannot tell: a
 * NUL byte, which fgets keeps and strlen stops at (the line looked cut: "too long", or on
 * the last line cut silently), or more than size - 2 characters before the '\n'. Either
 * way the whole line is read, and the buffer holds nothing of it. NULL at the end. */
static char *get_line(char *buffer, int size, FILE *file, line_fault_t *fault)
{
    int c, length = 0;
    long characters = 0; /* of the line, the '\n' aside */
    bool nul = false;
    while ((c = getc(file)) != EOF && c != '\n') {
        characters++;
        nul = nul || c == '\0';
        if (length < size - 2) buffer[length++] = (char)c;
    }
    if (c == EOF && characters == 0) return NULL;
    *fault = nul ? LINE_HAS_NUL : characters > size - 2 ? LINE_TOO_LONG : LINE_FINE;
    if (*fault != LINE_FINE) length = 0;
    else if (c == '\n') buffer[length++] = '\n';
    buffer[length] = '\0';
    return buffer;
}

static char *read_line(char *buffer, int size, void *stream)
{
    reader_t *r = stream;
    line_fault_t fault;
    if (!get_line(buffer, size, r->file, &fault)) return NULL;
    r->line++;
    if (fault == LINE_HAS_NUL) {
        note_error(r, "a NUL byte (this is not a text file)");
        return buffer;
    }
    if (fault == LINE_TOO_LONG) { /* libinih would cut it */
        char message[96];
        snprintf(message, sizeof message, "line longer than %d characters", CONFIG_LINE_MAX);
        note_error(r, message);
        return buffer;
    }
    /* libinih continues the value above with any line that starts with white space (its
     * isspace, not only blanks), a "[section]" too: such a line after a key was read as a
     * value of that key, while this reader noted a section (found by tests/fuzz/fuzz_ini).
     * Only blank and comment lines may start with white space. */
    const char *text = line_start(buffer, r->line);
    if (text > buffer && isspace((unsigned char)text[-1]) && *text && *text != ';' && *text != '#') {
        note_error(r, "a line starting with a blank continues nothing here (write key = value)");
        buffer[0] = '\0';
        return buffer;
    }
    char name[CONFIG_LINE_MAX + 2];
    if (section_header(text, name, sizeof name) && strlen(name) > CONFIG_NAME_MAX) {
        note_error(r, "section name longer than 49 characters");
        buffer[0] = '\0';
        return buffer;
    }
    if (!section_header(text, name, sizeof name) && key_longer_than_allowed(text)) {
        note_error(r, "key longer than 49 characters");
        buffer[0] = '\0';
        return buffer;
    }
    if (section_header(text, name, sizeof name)) {
        config_file_t *c = r->config;
        if (!grow((void **)&c->sections, &c->section_capacity, c->section_count, sizeof *c->sections)) {
            note_error(r, "out of memory");
            return NULL;
        }
        snprintf(c->sections[c->section_count].name, sizeof c->sections[0].name, "%s", name);
        c->sections[c->section_count++].line = r->line;
    }
    return buffer;
}

static int on_entry(void *user, const char *section, const char *key, const char *value)
{
    reader_t *r = user;
    config_file_t *c = r->config;
    if (strlen(section) > CONFIG_NAME_MAX || strlen(key) > CONFIG_NAME_MAX || strlen(value) >= CONFIG_VALUE_MAX) {
        note_error(r, "name or value too long");
        return 0;
    }
    if (!grow((void **)&c->entries, &c->capacity, c->count, sizeof *c->entries)) {
        note_error(r, "out of memory");
        return 0;
    }
    config_entry_t *e = &c->entries[c->count++];
    snprintf(e->section, sizeof e->section, "%s", section);
    snprintf(e->key, sizeof e->key, "%s", key);
    snprintf(e->value, sizeof e->value, "%s", value);
    e->line = r->line;
    return 1;
}

int config_read_stream(FILE *in, const char *name, config_file_t *out, char *error, size_t error_size)
{
    memset(out, 0, sizeof *out);
    snprintf(out->path, sizeof out->path, "%s", name);
    reader_t r = {.file = in, .config = out};
    int result = ini_parse_stream(read_line, &r, on_entry, &r);
    if (ferror(in)) {
        snprintf(error, error_size, "cannot read %s: %s", name, strerror(errno));
        return -1;
    }
    if (r.error_line && (result <= 0 || r.error_line <= result)) { /* the first problem in the file */
        snprintf(error, error_size, "%s:%d: %s", name, r.error_line, r.message);
        return -1;
    }
    if (result != 0) { /* a syntax error libinih found: not [section] and not key = value */
        snprintf(error, error_size, "%s:%d: not an INI line (expected [section] or key = value)", name, result);
        return -1;
    }
    return 0;
}

int config_read(const char *path, config_file_t *out, char *error, size_t error_size)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        int open_errno = errno;
        memset(out, 0, sizeof *out); /* config_free stays safe after a failure */
        snprintf(out->path, sizeof out->path, "%s", path);
        snprintf(error, error_size, "cannot read %s: %s", path, strerror(open_errno));
        return -1;
    }
    int result = config_read_stream(in, path, out, error, error_size);
    fclose(in);
    return result;
}

void config_free(config_file_t *file)
{
    free(file->entries);
    free(file->sections);
    file->entries = NULL;
    file->sections = NULL;
    file->count = file->capacity = file->section_count = file->section_capacity = 0;
}

void config_entry_error(const config_file_t *file, const config_entry_t *entry, char *error, size_t error_size,
                        const char *format, ...)
{
    int used = snprintf(error, error_size, "%s:%d: key %s: ", file->path, entry->line, entry->key);
    if (used < 0 || (size_t)used >= error_size) return;
    va_list args;
    va_start(args, format);
    vsnprintf(error + used, error_size - (size_t)used, format, args);
    va_end(args);
}

const config_entry_t *config_find(const config_file_t *file, const char *section, const char *key)
{
    for (int i = 0; i < file->count; i++)
        if (!strcmp(file->entries[i].section, section) && !strcmp(file->entries[i].key, key)) return &file->entries[i];
    return NULL;
}

static bool section_matches(const char *name, const char *pattern)
{
    size_t length = strlen(pattern);
    if (length >= 2 && !strcmp(pattern + length - 2, " *"))
        return !strncmp(name, pattern, length - 1) && name[length - 1] != '\0';
    return !strcmp(name, pattern);
}

int config_check_sections(const config_file_t *file, const char *const *sections, char *error, size_t error_size)
{
    for (int s = 0; s < file->section_count; s++) {
        bool known = false;
        for (int k = 0; sections[k] && !known; k++) known = section_matches(file->sections[s].name, sections[k]);
        if (known) continue;
        int used = snprintf(error, error_size, "%s:%d: unknown section [%s] (sections:", file->path,
                            file->sections[s].line, file->sections[s].name);
        for (int k = 0; sections[k] && used > 0 && (size_t)used < error_size; k++)
            used += snprintf(error + used, error_size - (size_t)used, " [%s]", sections[k]);
        if (used > 0 && (size_t)used < error_size) snprintf(error + used, error_size - (size_t)used, ")");
        return -1;
    }
    for (int i = 0; i < file->count; i++)
        if (file->entries[i].section[0] == '\0') {
            snprintf(error, error_size, "%s:%d: key %s comes before any [section]", file->path, file->entries[i].line,
                     file->entries[i].key);
            return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ level tables */

/* "levelN" with N in range gives N, else 0. */
static int level_of_key(const char *key)
{
    if (strncmp(key, "level", 5) != 0) return 0;
    char *end;
    long n = strtol(key + 5, &end, 10);
    if (*end || key[5] < '1' || key[5] > '9' || n < AGENT_LEVEL_MIN || n > AGENT_LEVEL_MAX) return 0;
    return (int)n;
}

/* Where each part of a level table came from, for the checks made once all is read. */
typedef struct table_lines {
    int level[AGENT_LEVEL_COUNT];
    const config_entry_t *game, *preset, *players;
    const config_entry_t *option[OPTIONS_MAX];
} table_lines_t;

/* One entry of [levels] into out. 0, or -1 with the entry's error. */
static int level_entry(const config_file_t *file, const config_entry_t *e, table_lines_t *lines, agent_levels_t *out,
                       char *error, size_t error_size)
{
    int level = level_of_key(e->key);
    char message[512];
    if (!level) {
        config_entry_error(file, e, error, error_size, "unknown key (keys: level%d .. level%d)", AGENT_LEVEL_MIN,
                           AGENT_LEVEL_MAX);
        return -1;
    }
    if (lines->level[level - AGENT_LEVEL_MIN]) {
        config_entry_error(file, e, error, error_size, "given twice (first on line %d)",
                           lines->level[level - AGENT_LEVEL_MIN]);
        return -1;
    }
    if (agent_spec_is_level(e->value)) {
        config_entry_error(file, e, error, error_size, "'%s' is itself a level; give the agent it stands for",
                           e->value);
        return -1;
    }
    if (agent_spec_check(e->value, NULL, message, sizeof message)) {
        config_entry_error(file, e, error, error_size, "%s", message);
        return -1;
    }
    lines->level[level - AGENT_LEVEL_MIN] = e->line;
    snprintf(out->spec[level - AGENT_LEVEL_MIN], sizeof out->spec[0], "%s", e->value);
    return 0;
}

/* One entry of [table] or [options]: noted in lines (checked together later). */
static int table_entry(const config_file_t *file, const config_entry_t *e, table_lines_t *lines, agent_levels_t *out,
                       char *error, size_t error_size)
{
    if (!strcmp(e->section, "options")) {
        if (!strcmp(e->key, "players")) {
            config_entry_error(file, e, error, error_size, "the number of players goes in [table]");
            return -1;
        }
        for (int k = 0; k < out->option_count; k++)
            if (!strcmp(lines->option[k]->key, e->key)) {
                config_entry_error(file, e, error, error_size, "given twice (first on line %d)",
                                   lines->option[k]->line);
                return -1;
            }
        int length = snprintf(out->option[out->option_count], sizeof out->option[0], "%s=%s", e->key, e->value);
        if (out->option_count == OPTIONS_MAX || length < 0 || (size_t)length >= sizeof out->option[0]) {
            config_entry_error(file, e, error, error_size, "too many options, or a value too long");
            return -1;
        }
        lines->option[out->option_count++] = e;
        return 0;
    }
    const config_entry_t **slot = !strcmp(e->key, "game")      ? &lines->game
                                  : !strcmp(e->key, "preset")  ? &lines->preset
                                  : !strcmp(e->key, "players") ? &lines->players
                                                               : NULL;
    if (!slot) {
        config_entry_error(file, e, error, error_size, "unknown in [table] (keys: game preset players)");
        return -1;
    }
    if (*slot) {
        config_entry_error(file, e, error, error_size, "given twice (first on line %d)", (*slot)->line);
        return -1;
    }
    *slot = e;
    return 0;
}

/* The game the table names: a known game, one of its presets, a number of players and
 * options it accepts. A table without [table] and [options] says nothing (game left empty). */
static int check_game(const config_file_t *file, const table_lines_t *lines, agent_levels_t *out, char *error,
                      size_t error_size)
{
    if (!lines->game && !lines->preset && !lines->players && !out->option_count) return 0;
    const char *missing = !lines->game ? "game" : !lines->preset ? "preset" : !lines->players ? "players" : NULL;
    if (missing) {
        snprintf(error, error_size, "%s: [table] needs %s = ... (the game the levels were measured for)", file->path,
                 missing);
        return -1;
    }
    const game_t *game = game_find(lines->game->value);
    if (!game) {
        config_entry_error(file, lines->game, error, error_size, "unknown game '%s'", lines->game->value);
        return -1;
    }
    int preset = game_preset_index(game, lines->preset->value);
    if (preset < 0) {
        config_entry_error(file, lines->preset, error, error_size, "%s has no preset '%s'", game->name,
                           lines->preset->value);
        return -1;
    }
    char *end, message[OPTIONS_ERROR_SIZE], players[32];
    errno = 0;
    long count = strtol(lines->players->value, &end, 10);
    if (errno || *end || lines->players->value[0] < '1' || lines->players->value[0] > '9' || count > GAME_MAX_SEATS) {
        config_entry_error(file, lines->players, error, error_size, "bad value '%s' (a number of players)",
                           lines->players->value);
        return -1;
    }
    option_values_t values;
    const char *overrides[OPTIONS_MAX + 1];
    for (int k = 0; k < out->option_count; k++) {
        overrides[k] = out->option[k];
        if (game_configure(game, lines->preset->value, &overrides[k], 1, &values, message, sizeof message)) {
            config_entry_error(file, lines->option[k], error, error_size, "%s", message);
            return -1;
        }
    }
    snprintf(players, sizeof players, "players=%ld", count);
    overrides[out->option_count] = players;
    game_rules_t *rules = NULL;
    if (game_configure(game, lines->preset->value, overrides, out->option_count + 1, &values, message,
                       sizeof message) ||
        game->rules_create(&values, &rules, message, sizeof message)) { /* each alone is fine: together they are not */
        config_entry_error(file, lines->players, error, error_size, "%s", message);
        return -1;
    }
    game->rules_destroy(rules);
    snprintf(out->game, sizeof out->game, "%s", game->name);
    snprintf(out->preset, sizeof out->preset, "%s", game->presets[preset].name);
    out->players = (int)count;
    return 0;
}

/* The level table of `file`, which reading gave `result` (0, or -1 with `error` written);
 * frees `file`. `name` is the file the table came from. */
static int levels_of_file(config_file_t *file, int result, const char *name, agent_levels_t *out, char *error,
                          size_t error_size)
{
    static const char *const sections[] = {"table", "options", "levels", NULL};
    if (result == 0) result = config_check_sections(file, sections, error, error_size);
    table_lines_t *lines = calloc(1, sizeof *lines);
    memset(out, 0, sizeof *out);
    snprintf(out->source, sizeof out->source, "%s", name);
    if (!lines && result == 0) {
        snprintf(error, error_size, "out of memory reading %s", name);
        result = -1;
    }
    for (int i = 0; i < file->count && result == 0; i++) {
        const config_entry_t *e = &file->entries[i];
        result = !strcmp(e->section, "levels") ? level_entry(file, e, lines, out, error, error_size)
                                               : table_entry(file, e, lines, out, error, error_size);
    }
    /* the levels are level1 .. levelN, without a gap */
    for (int k = 0; k < AGENT_LEVEL_COUNT && result == 0; k++)
        if (lines->level[k]) out->count = k + 1;
    if (result == 0 && out->count == 0) {
        snprintf(error, error_size, "%s: no levels (a table gives level%d .. levelN in [levels])", name,
                 AGENT_LEVEL_MIN);
        result = -1;
    }
    for (int k = 0; k < out->count && result == 0; k++)
        if (!lines->level[k]) {
            snprintf(error, error_size, "%s: level%d is missing (a table gives level%d .. level%d without a gap)", name,
                     k + AGENT_LEVEL_MIN, AGENT_LEVEL_MIN, out->count);
            result = -1;
        }
    if (result == 0) result = check_game(file, lines, out, error, error_size);
    free(lines);
    config_free(file);
    return result;
}

int config_read_levels(const char *path, agent_levels_t *out, char *error, size_t error_size)
{
    config_file_t file;
    int result = config_read(path, &file, error, error_size);
    return levels_of_file(&file, result, path, out, error, error_size);
}

int config_read_levels_stream(FILE *in, const char *name, agent_levels_t *out, char *error, size_t error_size)
{
    config_file_t file;
    int result = config_read_stream(in, name, &file, error, error_size);
    return levels_of_file(&file, result, name, out, error, error_size);
}

int config_write_levels(const char *path, const agent_levels_t *levels, const char *header,
                        const char *const *comments, char *error, size_t error_size)
{
    atomic_file_t file;
    if (atomic_file_open(&file, path, error, error_size)) return -1;
    FILE *out = file.stream;
    if (header) fprintf(out, "%s", header);
    if (levels->game[0]) {
        fprintf(out, "[table]\n; the game the levels were measured for\ngame = %s\npreset = %s\nplayers = %d\n",
                levels->game, levels->preset, levels->players);
        if (levels->option_count) fprintf(out, "[options]\n; set over the preset\n");
        for (int k = 0; k < levels->option_count; k++) {
            const char *equals = strchr(levels->option[k], '=');
            if (equals)
                fprintf(out, "%.*s = %s\n", (int)(equals - levels->option[k]), levels->option[k], equals + 1);
        }
    }
    fprintf(out, "[levels]\n");
    for (int k = 0; k < levels->count; k++) {
        if (comments && comments[k]) fprintf(out, "; %s\n", comments[k]);
        fprintf(out, "level%d = %s\n", k + AGENT_LEVEL_MIN, levels->spec[k]);
    }
    return atomic_file_commit(&file, error, error_size);
}
