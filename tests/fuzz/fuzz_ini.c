/* fuzz_ini.c - libFuzzer harness for the INI reader (cli/config.h): config_read_stream,
 * then what the commands do with a file read (sections checked, keys found, entry errors),
 * and config_read_levels_stream over the same bytes as a level table.
 *
 * Checked promises of config.h besides the sanitizers: a refused file has a message naming
 * it; every entry and section of an accepted one sits on a line of the file, with a name
 * libinih did not cut; an entry's line begins with its key (no line continues another,
 * as config.h promises) and its section is the header above it (the sections that
 * config_check_sections judges are those the entries are found in); a level table read
 * gives a spec for every level.
 */
#include <ctype.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "config.h"
#include "fuzz_support.h"

static const char ini_name[] = "fuzz-experiment.ini";

/* The name of the last section header above `line`, "" if none: the section its entries
 * belong to, as config_check_sections judges them. */
static const char *section_above(const config_file_t *file, int line)
{
    const char *name = "";
    for (int s = 0; s < file->section_count && file->sections[s].line < line; s++) name = file->sections[s].name;
    return name;
}

/* Whether line `line` (1-based) of the bytes, after leading white space (and the UTF-8
 * byte order mark libinih skips on line 1), begins with `key`: the line an entry is
 * reported on must be the line that gave it. */
static bool line_begins_with(const uint8_t *data, size_t size, int line, const char *key)
{
    static const uint8_t byte_order_mark[] = {0xEF, 0xBB, 0xBF};
    size_t at = 0;
    for (int n = 1; n < line && at < size; at++)
        if (data[at] == '\n') n++;
    if (line == 1 && size >= sizeof byte_order_mark && !memcmp(data, byte_order_mark, sizeof byte_order_mark))
        at = sizeof byte_order_mark;
    while (at < size && isspace(data[at]) && data[at] != '\n') at++;
    size_t length = strlen(key);
    return length <= size - at && !memcmp(data + at, key, length);
}

static void check_entries(const config_file_t *file, const uint8_t *data, size_t size)
{
    int lines = fuzz_line_count(data, size);
    for (int i = 0; i < file->count; i++) {
        const config_entry_t *e = &file->entries[i];
        fuzz_require(!strcmp(e->section, section_above(file, e->line)),
                     "an entry belongs to the section whose header is above it");
        fuzz_require(e->line >= 1 && e->line <= lines, "an entry's line is a line of the file");
        fuzz_require(line_begins_with(data, size, e->line, e->key), "an entry's line begins with its key");
        fuzz_require(strlen(e->key) <= CONFIG_NAME_MAX && strlen(e->section) <= CONFIG_NAME_MAX,
                     "entry names fit CONFIG_NAME_MAX");
        fuzz_require(config_find(file, e->section, e->key) != NULL, "config_find finds every entry read");
    }
    for (int s = 0; s < file->section_count; s++)
        fuzz_require(file->sections[s].line >= 1 && file->sections[s].line <= lines,
                     "a section's line is a line of the file");
}

/* What an experiment or rules file goes through once read: the section check and an entry
 * error, whose messages must name the file. */
static void use_file(const config_file_t *file)
{
    static const char *const sections[] = {"experiment", "game", "options", "agents", "sim", "variant *", NULL};
    char error[1024];
    if (config_check_sections(file, sections, error, sizeof error) != 0)
        fuzz_require(fuzz_error_names(error, ini_name), "a section error names the file");
    if (file->count > 0) {
        config_entry_error(file, &file->entries[file->count - 1], error, sizeof error, "value '%s' refused",
                           file->entries[file->count - 1].value);
        fuzz_require(fuzz_error_names(error, ini_name), "an entry error names the file");
    }
}

static void read_as_experiment(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stream(data, size);
    if (!in) return;
    config_file_t file;
    char error[1024];
    if (config_read_stream(in, ini_name, &file, error, sizeof error) == 0) {
        check_entries(&file, data, size);
        use_file(&file);
    } else {
        fuzz_require(fuzz_error_names(error, ini_name), "a refused INI file has a message naming it");
    }
    config_free(&file);
    fclose(in);
}

static void read_as_level_table(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stream(data, size);
    if (!in) return;
    agent_levels_t levels;
    char error[1024];
    if (config_read_levels_stream(in, ini_name, &levels, error, sizeof error) == 0) {
        fuzz_require(levels.count >= 1 && levels.count <= AGENT_LEVEL_COUNT, "a level table read holds 1 to 10 levels");
        for (int k = 0; k < levels.count; k++)
            fuzz_require(levels.spec[k][0] != '\0', "a level table read gives every level a spec");
        fuzz_require(agent_levels_check(&levels, error, sizeof error) == 0,
                     "a level table read passes agent_levels_check");
    } else {
        fuzz_require(fuzz_error_names(error, ini_name), "a refused level table has a message naming it");
    }
    fclose(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    read_as_experiment(data, size);
    read_as_level_table(data, size);
    return 0;
}
