/* cli_options.c - argument tables read from argv or from an experiment file (cli_options.h). */
#include "cli_options.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_parse_u64(const char *text, uint64_t *out)
{
    /* Decimal digits only: strtoull alone would skip blanks, accept a sign (and wrap a
     * negative number) and read 010 as octal. */
    if (!text || *text < '0' || *text > '9') return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno || *end) return -1;
    *out = (uint64_t)value;
    return 0;
}



int cli_split_list(char *text, char **items, int max)
{
    int count = 0;
    char *position = NULL;
    for (char *part = strtok_r(text, ",", &position); part; part = strtok_r(NULL, ",", &position)) {
        if (count > 0 && strchr(part, '=') && !strchr(part, ':')) {
            part[-1] = ','; /* strtok_r cut exactly there: a parameter of the item before */
            continue;
        }
        if (count == max) return -1;
        items[count++] = part;
    }
    return count;
}

/* ------------------------------------------------------------------ did you mean */

enum { NEAREST_NAME_MAX = 64, NEAREST_SHOWN = 3 };

/* The optimal string alignment distance: insertions, deletions, substitutions and swaps
 * of two neighbours, each 1 (the usual slips of typing). */
static int typing_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n >= NEAREST_NAME_MAX || m >= NEAREST_NAME_MAX) return NEAREST_NAME_MAX;
    int d[NEAREST_NAME_MAX + 1][NEAREST_NAME_MAX + 1];
    for (size_t i = 0; i <= n; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] != b[j - 1];
            int best = d[i - 1][j - 1] + cost;
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

bool cli_nearest(const char *typed, const char *const *names, int count, const char *prefix, char *out,
                 size_t out_size)
{
    int chosen[NEAREST_SHOWN], found = 0;
    size_t length = strlen(typed);
    /* the names it begins: --no for --no-plots, --per for --per-deal or --per-seat */
    for (int k = 0; k < count && length > 0; k++)
        if (!strncmp(names[k], typed, length)) {
            if (found < NEAREST_SHOWN) chosen[found] = k;
            found++;
        }
    if (found == 0 || found > NEAREST_SHOWN) {
        /* the names at the smallest distance, if it is small: one slip in four letters, from
         * one to three (--seeds for --seed, --agnets for --agents, not --out for --seed) */
        int allowed = (int)(length + 2) / 4;
        allowed = allowed < 1 ? 1 : allowed > 3 ? 3 : allowed;
        int best = allowed;
        found = 0;
        for (int k = 0; k < count; k++) {
            int distance = typing_distance(typed, names[k]);
            if (distance > best || distance >= (int)strlen(names[k])) continue;
            if (distance < best) {
                best = distance;
                found = 0;
            }
            if (found < NEAREST_SHOWN) chosen[found] = k;
            found++;
        }
        if (found > NEAREST_SHOWN) found = 0; /* too many alike to choose from */
    }
    size_t used = 0;
    out[0] = '\0';
    for (int k = 0; k < found && used < out_size; k++)
        used += (size_t)snprintf(out + used, out_size - used, "%s%s%s", k == 0 ? "" : k + 1 == found ? " or " : ", ",
                                 prefix, names[chosen[k]]);
    return found > 0;
}

void cli_unknown_argument(const char *command, const char *arg, const char *const *names, int count, char *error,
                          size_t error_size)
{
    if (arg[0] != '-' || !arg[1]) {
        snprintf(error, error_size, "unexpected argument '%s' (see dominolab %s --help)", arg, command);
        return;
    }
    const char *typed = arg + (arg[1] == '-' ? 2 : 1);
    size_t name_length = strcspn(typed, "=");
    for (int k = 0; typed[name_length] && k < count; k++)
        if (strlen(names[k]) == name_length && !strncmp(names[k], typed, name_length)) {
            snprintf(error, error_size, "unknown option %s (give the value after a blank: --%s %s)", arg, names[k],
                     typed + name_length + 1);
            return;
        }
    char near[256];
    if (cli_nearest(typed, names, count, "--", near, sizeof near))
        snprintf(error, error_size, "unknown option %s (did you mean %s?)", arg, near);
    else snprintf(error, error_size, "unknown option %s (see dominolab %s --help)", arg, command);
}

static cli_args_base_t *base_of(void *args) { return args; }
static void *field(void *args, const cli_option_t *option) { return (char *)args + option->offset; }

int cli_take_operand(const cli_command_spec_t *spec, int argc, char **argv, char **rest, int *rest_count,
                     const char **operand, const char *what, char *error, size_t error_size)
{
    *rest_count = 0;
    *operand = NULL;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        int index = strncmp(arg, "--", 2) ? -1 : cli_option_index(spec, arg + 2);
        if (i == 0 || index >= 0 || (arg[0] == '-' && arg[1] != '\0')) {
            rest[(*rest_count)++] = argv[i];
            if (index >= 0 && spec->options[index].kind != CLI_FLAG && i + 1 < argc) rest[(*rest_count)++] = argv[++i];
            continue;
        }
        if (*operand) {
            snprintf(error, error_size, "one %s only (%s, then %s)", what, *operand, arg);
            return -1;
        }
        *operand = arg;
    }
    rest[*rest_count] = NULL;
    return 0;
}

int cli_option_index(const cli_command_spec_t *spec, const char *name)
{
    for (int i = 0; i < spec->option_count; i++)
        if (!strcmp(spec->options[i].name, name)) return i;
    return -1;
}

bool cli_given(const cli_command_spec_t *spec, const void *args, const char *name)
{
    int index = cli_option_index(spec, name);
    return index >= 0 && ((const cli_args_base_t *)args)->given[index];
}

static bool named_in(const char *name, const char *const *names)
{
    for (int k = 0; names && names[k]; k++)
        if (!strcmp(names[k], name)) return true;
    return false;
}

bool cli_only_given(const cli_command_spec_t *spec, const void *args, const char *const *names)
{
    const cli_args_base_t *base = args;
    for (int i = 0; i < spec->option_count; i++)
        if (base->given[i] && !named_in(spec->options[i].name, names)) return false;
    return true;
}

/* The value of a single-valued option as it is written on the command line. */
static void format_value(const cli_option_t *option, const void *target, char *out, size_t size)
{
    switch (option->kind) {
    case CLI_COUNT: snprintf(out, size, "%" PRId64, *(const int64_t *)target); break;
    case CLI_INT: snprintf(out, size, "%d", *(const int *)target); break;
    case CLI_REAL: { /* the shortest text that reads back as the same number */
        double value = *(const double *)target;
        for (int digits = 6; digits <= 17; digits++) {
            snprintf(out, size, "%.*g", digits, value);
            if (strtod(out, NULL) == value) break;
        }
        break;
    }
    case CLI_SEED: snprintf(out, size, "%" PRIu64, *(const uint64_t *)target); break;
    case CLI_TEXT: snprintf(out, size, "%s", *(const char *const *)target); break;
    case CLI_CHOICE: snprintf(out, size, "%s", option->choices[*(const int *)target]); break;
    default: out[0] = '\0'; break;
    }
}

int cli_args_words(const cli_command_spec_t *spec, const void *args, const char *const *skip,
                   int (*emit)(void *context, const char *word), void *context)
{
    const cli_args_base_t *base = args;
    char flag[80], value[CLI_ITEM_MAX];
    int status = 0;
    for (int i = 0; i < spec->option_count && !status; i++) {
        const cli_option_t *option = &spec->options[i];
        const void *target = (const char *)args + option->offset;
        if (!base->given[i] || named_in(option->name, skip)) continue;
        if (option->kind == CLI_FLAG) {
            snprintf(flag, sizeof flag, "--%s", option->name);
            if (*(const bool *)target) status = emit(context, flag);
            continue;
        }
        if (option->kind == CLI_LIST || option->kind == CLI_SPLIT || option->kind == CLI_PAIRS) {
            /* a list two options share (--agents, --agent) is written once, at the first given */
            bool written = false;
            for (int j = 0; j < i && !written; j++) written = base->given[j] && spec->options[j].offset == option->offset;
            const cli_list_t *list = target;
            for (int k = 0; k < list->count && !written && !status; k++) {
                const char *name = option->kind == CLI_PAIRS ? option->name : spec->options[list->option[k]].name;
                if (named_in(name, skip)) continue;
                snprintf(flag, sizeof flag, "--%s", name);
                status = emit(context, flag);
                if (!status) status = emit(context, list->item[k]);
            }
            continue;
        }
        snprintf(flag, sizeof flag, "--%s", option->name);
        format_value(option, target, value, sizeof value);
        status = emit(context, flag);
        if (!status) status = emit(context, value);
    }
    return status;
}

static void vformat_error(const cli_args_base_t *base, const char *name, int line, char *error, size_t error_size,
                          const char *format, va_list list)
{
    int used = base->file && line > 0 ? snprintf(error, error_size, "%s:%d: key %s: ", base->file, line, name)
               : base->file          ? snprintf(error, error_size, "%s: key %s: ", base->file, name)
                                     : snprintf(error, error_size, "--%s: ", name);
    if (used < 0 || (size_t)used >= error_size) return;
    vsnprintf(error + used, error_size - (size_t)used, format, list);
}

static void format_error(const cli_args_base_t *base, const char *name, int line, char *error, size_t error_size,
                         const char *format, ...) __attribute__((format(printf, 6, 7)));
static void format_error(const cli_args_base_t *base, const char *name, int line, char *error, size_t error_size,
                         const char *format, ...)
{
    va_list list;
    va_start(list, format);
    vformat_error(base, name, line, error, error_size, format, list);
    va_end(list);
}

void cli_option_error(const cli_command_spec_t *spec, const void *args, const char *name, int item, char *error,
                      size_t error_size, const char *format, ...)
{
    const cli_args_base_t *base = args;
    int index = cli_option_index(spec, name);
    int line = index >= 0 ? base->line[index] : 0;
    cli_kind_t kind = index >= 0 ? spec->options[index].kind : CLI_TEXT;
    bool pairs = kind == CLI_PAIRS;
    if (item >= 0 && (pairs || kind == CLI_LIST || kind == CLI_SPLIT)) {
        const cli_list_t *list = (const void *)((const char *)args + spec->options[index].offset);
        line = list->line[item];
        if (!pairs) name = spec->options[list->option[item]].name; /* --agent or --agents, as given */
    }
    va_list list;
    va_start(list, format);
    if (pairs && base->file && line > 0) { /* the message names the file's key itself */
        int used = snprintf(error, error_size, "%s:%d: ", base->file, line);
        if (used > 0 && (size_t)used < error_size) vsnprintf(error + used, error_size - (size_t)used, format, list);
    } else {
        vformat_error(base, name, line, error, error_size, format, list);
    }
    va_end(list);
}

int cli_required(const void *args, const char *what, const char *file_hint, char *error, size_t error_size)
{
    const cli_args_base_t *base = args;
    if (!base->file) snprintf(error, error_size, "%s is required", what);
    else if (file_hint) snprintf(error, error_size, "%s: %s is required (%s)", base->file, what, file_hint);
    else snprintf(error, error_size, "%s: %s is required", base->file, what);
    return -1;
}

int cli_conflict(const cli_command_spec_t *spec, const void *args, const char *first, const char *second, char *error,
                 size_t error_size)
{
    cli_option_error(spec, args, second, -1, error, error_size, "give one of --%s and --%s, once", first, second);
    return -1;
}

static int parse_flag(const char *text, bool *out)
{
    static const char *const yes[] = {"true", "yes", "on", "1", NULL}, *const no[] = {"false", "no", "off", "0", NULL};
    for (int k = 0; yes[k]; k++)
        if (!strcmp(text, yes[k])) return *out = true, 0;
    for (int k = 0; no[k]; k++)
        if (!strcmp(text, no[k])) return *out = false, 0;
    return -1;
}

/* A whole decimal number in [min, max] (no blanks, signs only where min < 0). */
static int parse_integer(const char *text, double min, double max, long long *out)
{
    const char *digits = text[0] == '-' && min < 0 ? text + 1 : text;
    if (*digits < '0' || *digits > '9') return -1;
    errno = 0;
    char *end;
    long long value = strtoll(text, &end, 10);
    if (errno || *end || (double)value < min || (double)value > max) return -1;
    *out = value;
    return 0;
}

static int parse_real(const char *text, double min, double max, double *out)
{
    if (!*text || *text == ' ' || *text == '\t') return -1;
    errno = 0;
    char *end;
    double value = strtod(text, &end);
    if (errno || *end || !isfinite(value) || value < min || value > max) return -1;
    *out = value;
    return 0;
}

/* Copies a file's text into the args' pool, so it outlives the file. */
static const char *keep_text(cli_args_base_t *base, const char *text)
{
    size_t length = strlen(text) + 1;
    if (base->pool_used + length > sizeof base->pool) return NULL;
    char *copy = base->pool + base->pool_used;
    memcpy(copy, text, length);
    base->pool_used += length;
    return copy;
}

/* Appends one item to a list. 0, or -1 when it is too long or the list is full. */
static int add_item(cli_list_t *list, const char *text, int option, int line)
{
    if (strlen(text) >= CLI_ITEM_MAX || list->count >= CLI_LIST_MAX) return -1;
    snprintf(list->item[list->count], CLI_ITEM_MAX, "%s", text);
    list->option[list->count] = option;
    list->line[list->count++] = line;
    return 0;
}

static int list_room(const cli_list_t *list) { return CLI_LIST_MAX - list->count; }

static int item_error(const cli_args_base_t *base, const char *name, int line, const char *text, char *error,
                      size_t error_size)
{
    if (strlen(text) >= CLI_ITEM_MAX)
        format_error(base, name, line, error, error_size, "value longer than %d characters", CLI_ITEM_MAX - 1);
    else format_error(base, name, line, error, error_size, "more than %d values", CLI_LIST_MAX);
    return -1;
}

static void describe_choices(const char *const *choices, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int k = 0; choices[k] && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", k ? ", " : "", choices[k]);
}

int cli_option_set(const cli_command_spec_t *spec, int index, const char *text, int line, void *args, char *error,
                   size_t error_size)
{
    const cli_option_t *option = &spec->options[index];
    cli_args_base_t *base = base_of(args);
    void *target = field(args, option);
    const char *name = option->name;
    long long integer;
    uint64_t seed;
    /* a value given once, under whichever of its names (--levels and --level-table hold one field) */
    int first = -1;
    for (int k = 0; k < spec->option_count && first < 0; k++)
        if (base->given[k] && spec->options[k].offset == option->offset) first = k;
    bool repeatable = option->kind == CLI_LIST || option->kind == CLI_SPLIT || option->kind == CLI_PAIRS;
    if (!repeatable && first >= 0) {
        char as[80] = "";
        if (first != index)
            snprintf(as, sizeof as, base->file ? " as %s" : " (first as --%s)", spec->options[first].name);
        if (base->file)
            format_error(base, name, line, error, error_size, "given twice (first%s on line %d)", as,
                         base->line[first]);
        else format_error(base, name, line, error, error_size, "given twice%s", as);
        return -1;
    }
    switch (option->kind) {
    case CLI_FLAG:
        if (parse_flag(text, target)) {
            format_error(base, name, line, error, error_size, "bad value '%s' (true or false)", text);
            return -1;
        }
        break;
    case CLI_COUNT:
        if (parse_integer(text, 1, option->max, &integer)) {
            format_error(base, name, line, error, error_size, "bad value '%s' (a whole number from 1 to %.0f)", text,
                         option->max);
            return -1;
        }
        *(int64_t *)target = integer;
        break;
    case CLI_INT:
        if (parse_integer(text, option->min, option->max, &integer)) {
            format_error(base, name, line, error, error_size, "bad value '%s' (a whole number from %.0f to %.0f)",
                         text, option->min, option->max);
            return -1;
        }
        *(int *)target = (int)integer;
        break;
    case CLI_REAL:
        if (parse_real(text, option->min, option->max, target)) {
            format_error(base, name, line, error, error_size, "bad value '%s' (a number from %g to %g)", text,
                         option->min, option->max);
            return -1;
        }
        break;
    case CLI_SEED:
        if (cli_parse_u64(text, &seed) || seed > (uint64_t)INT64_MAX) {
            format_error(base, name, line, error, error_size, "bad value '%s' (a number 0..9223372036854775807)",
                         text);
            return -1;
        }
        *(uint64_t *)target = seed;
        break;
    case CLI_TEXT: {
        const char *kept = line > 0 ? keep_text(base, text) : text;
        if (!*text || !kept) {
            format_error(base, name, line, error, error_size, !*text ? "empty value" : "too much text in the file");
            return -1;
        }
        *(const char **)target = kept;
        break;
    }
    case CLI_CHOICE: {
        int k = 0;
        while (option->choices[k] && strcmp(option->choices[k], text)) k++;
        if (!option->choices[k]) {
            char allowed[256];
            describe_choices(option->choices, allowed, sizeof allowed);
            format_error(base, name, line, error, error_size, "bad value '%s' (one of: %s)", text, allowed);
            return -1;
        }
        *(int *)target = k;
        break;
    }
    case CLI_LIST:
    case CLI_PAIRS:
        if (!*text) {
            format_error(base, name, line, error, error_size, "empty value");
            return -1;
        }
        if (add_item(target, text, index, line)) return item_error(base, name, line, text, error, error_size);
        break;
    case CLI_SPLIT: {
        char copy[CLI_LIST_MAX * CLI_ITEM_MAX / 4], *items[CLI_LIST_MAX];
        if (strlen(text) >= sizeof copy) {
            format_error(base, name, line, error, error_size, "value longer than %zu characters", sizeof copy - 1);
            return -1;
        }
        memcpy(copy, text, strlen(text) + 1);
        int count = cli_split_list(copy, items, CLI_LIST_MAX);
        if (count == 0) {
            format_error(base, name, line, error, error_size, "empty value");
            return -1;
        }
        if (count < 0 || list_room(target) < count)
            return item_error(base, name, line, "", error, error_size);
        for (int k = 0; k < count; k++)
            if (add_item(target, items[k], index, line))
                return item_error(base, name, line, items[k], error, error_size);
        break;
    }
    }
    base->given[index] = true;
    base->line[index] = line;
    return 0;
}

static void clear_base(void *args, const char *file)
{
    cli_args_base_t *base = base_of(args);
    memset(base, 0, sizeof *base);
    base->file = file;
}

int cli_parse_argv(const cli_command_spec_t *spec, int argc, char **argv, void *args, char *error, size_t error_size)
{
    clear_base(args, NULL);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int index = strncmp(arg, "--", 2) ? -1 : cli_option_index(spec, arg + 2);
        if (index < 0) {
            const char *names[CLI_MAX_OPTIONS + 1];
            for (int k = 0; k < spec->option_count; k++) names[k] = spec->options[k].name;
            names[spec->option_count] = "help";
            cli_unknown_argument(spec->name, arg, names, spec->option_count + 1, error, error_size);
            return -1;
        }
        const cli_option_t *option = &spec->options[index];
        if (option->kind == CLI_FLAG) {
            if (cli_option_set(spec, index, "true", 0, args, error, error_size)) return -1;
            continue;
        }
        if (i + 1 >= argc) {
            snprintf(error, error_size, "%s needs a value (%s)", arg, option->value_name ? option->value_name : "");
            return -1;
        }
        if (cli_option_set(spec, index, argv[++i], 0, args, error, error_size)) return -1;
    }
    return 0;
}

/* The CLI_PAIRS option fed by `section`, with the word after the pattern in *word (or
 * NULL), or -1. */
static int pairs_option(const cli_command_spec_t *spec, const char *section, const char **word)
{
    for (int i = 0; i < spec->option_count; i++) {
        const cli_option_t *option = &spec->options[i];
        if (option->kind != CLI_PAIRS) continue;
        size_t length = strlen(option->section);
        if (length >= 2 && !strcmp(option->section + length - 2, " *")) {
            if (!strncmp(section, option->section, length - 1) && section[length - 1]) {
                *word = section + length - 1;
                return i;
            }
        } else if (!strcmp(section, option->section)) {
            *word = NULL;
            return i;
        }
    }
    return -1;
}

static bool is_command_section(const cli_command_spec_t *spec, const char *section)
{
    for (int i = 0; i < spec->option_count; i++)
        if (spec->options[i].kind != CLI_PAIRS && !strcmp(spec->options[i].section, section)) return true;
    return false;
}

/* A key the section does not have: in another section of the command, the one to move it
 * to; else the nearest keys of its section, or all of them. */
static void unknown_key(const cli_command_spec_t *spec, const config_file_t *file, const config_entry_t *entry,
                        char *error, size_t error_size)
{
    const char *names[CLI_MAX_OPTIONS] = {NULL};
    int count = 0;
    for (int i = 0; i < spec->option_count && count < CLI_MAX_OPTIONS; i++) {
        const cli_option_t *option = &spec->options[i];
        if (!strcmp(option->section, entry->section)) names[count++] = option->name;
        else if (!strcmp(option->name, entry->key) && option->kind != CLI_PAIRS) {
            snprintf(error, error_size, "%s:%d: key %s: belongs in [%s], not [%s]", file->path, entry->line,
                     entry->key, option->section, entry->section);
            return;
        }
    }
    char near[256];
    if (cli_nearest(entry->key, names, count, "", near, sizeof near)) {
        snprintf(error, error_size, "%s:%d: key %s: unknown in [%s] (did you mean %s?)", file->path, entry->line,
                 entry->key, entry->section, near);
        return;
    }
    int used = snprintf(error, error_size, "%s:%d: key %s: unknown in [%s] (keys:", file->path, entry->line,
                        entry->key, entry->section);
    for (int i = 0; i < count && used > 0 && (size_t)used < error_size; i++)
        used += snprintf(error + used, error_size - (size_t)used, " %s", names[i]);
    if (used > 0 && (size_t)used < error_size) snprintf(error + used, error_size - (size_t)used, ")");
}

int cli_parse_config(const cli_command_spec_t *spec, const config_file_t *file, void *args, char *error,
                     size_t error_size)
{
    clear_base(args, file->path);
    /* every section must be one the command knows */
    for (int s = 0; s < file->section_count; s++) {
        const char *name = file->sections[s].name, *word;
        if (is_command_section(spec, name) || pairs_option(spec, name, &word) >= 0 || !strcmp(name, "experiment"))
            continue;
        int used = snprintf(error, error_size, "%s:%d: unknown section [%s] for %s (sections: [experiment]",
                            file->path, file->sections[s].line, name, spec->name);
        for (int i = 0; i < spec->option_count && used > 0 && (size_t)used < error_size; i++) {
            const char *section = spec->options[i].section;
            bool seen = !strcmp(section, "experiment");
            for (int j = 0; j < i && !seen; j++) seen = !strcmp(spec->options[j].section, section);
            if (!seen) used += snprintf(error + used, error_size - (size_t)used, " [%s]", section);
        }
        if (used > 0 && (size_t)used < error_size) snprintf(error + used, error_size - (size_t)used, ")");
        return -1;
    }
    for (int e = 0; e < file->count; e++) {
        const config_entry_t *entry = &file->entries[e];
        if (entry->section[0] == '\0') {
            snprintf(error, error_size, "%s:%d: key %s comes before any [section]", file->path, entry->line,
                     entry->key);
            return -1;
        }
        if (!strcmp(entry->section, "experiment") && (!strcmp(entry->key, "command") || !strcmp(entry->key, "description")))
            continue;
        const char *word;
        int pairs = pairs_option(spec, entry->section, &word);
        if (pairs >= 0) {
            char item[CLI_ITEM_MAX];
            int length = word ? snprintf(item, sizeof item, "%s:%s=%s", word, entry->key, entry->value)
                              : snprintf(item, sizeof item, "%s=%s", entry->key, entry->value);
            if (length < 0 || (size_t)length >= sizeof item) {
                snprintf(error, error_size, "%s:%d: key %s: value too long", file->path, entry->line, entry->key);
                return -1;
            }
            if (cli_option_set(spec, pairs, item, entry->line, args, error, error_size)) return -1;
            continue;
        }
        int index = -1;
        for (int i = 0; i < spec->option_count && index < 0; i++)
            if (!strcmp(spec->options[i].name, entry->key) && !strcmp(spec->options[i].section, entry->section))
                index = i;
        if (index < 0) {
            unknown_key(spec, file, entry, error, error_size);
            return -1;
        }
        if (cli_option_set(spec, index, entry->value, entry->line, args, error, error_size)) return -1;
    }
    return 0;
}

enum { HELP_WIDTH = 96, HELP_INDENT = 25 };

/* `text` from column HELP_INDENT, wrapped at HELP_WIDTH on blanks. */
static void print_wrapped(FILE *out, const char *text)
{
    int column = HELP_INDENT;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (column > HELP_INDENT && column + 1 + (int)word > HELP_WIDTH) {
            fprintf(out, "\n%*s", HELP_INDENT, "");
            column = HELP_INDENT;
        } else if (column > HELP_INDENT) {
            fputc(' ', out);
            column++;
        }
        fprintf(out, "%.*s", (int)word, text);
        column += (int)word;
        text += word;
        while (*text == ' ') text++;
    }
    fputc('\n', out);
}

void cli_print_help(FILE *out, const cli_command_spec_t *spec)
{
    fprintf(out, "usage: dominolab %s %s\n\n%s\n", spec->name, spec->synopsis, spec->description);
    for (int i = 0; i < spec->option_count; i++) {
        const cli_option_t *option = &spec->options[i];
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", option->name, option->value_name ? " " : "",
                 option->value_name ? option->value_name : "");
        fprintf(out, "  %-*s", HELP_INDENT - 3, left);
        if ((int)strlen(left) > HELP_INDENT - 3) fprintf(out, "\n%*s", HELP_INDENT, "");
        else fputc(' ', out);
        print_wrapped(out, option->help);
    }
}

int cli_values_model_check(const cli_command_spec_t *spec, const void *args, int values, int net_value,
                           const char *model, char *error, size_t error_size)
{
    if (values == net_value && !model) return cli_required(args, "--model FILE (with --values net)", NULL, error, error_size);
    if (values != net_value && model) {
        cli_option_error(spec, args, "model", -1, error, error_size, "is read by --values net alone");
        return -1;
    }
    return 0;
}
