/* options.c - parsing, defaults and printing of rule options (see options.h). */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int options_find(const option_spec_t *specs, int count, const char *key)
{
    for (int i = 0; i < count; i++)
        if (strcmp(specs[i].key, key) == 0) return i;
    return -1;
}

static int find_symbol(const char *const *symbols, const char *text)
{
    for (int k = 0; symbols && symbols[k]; k++)
        if (strcmp(symbols[k], text) == 0) return k;
    return -1;
}

/* Strict decimal: optional sign, digits only, within int. */
static int parse_integer(const char *text, long *out)
{
    if (*text == '\0') return -1;
    errno = 0;
    char *end = NULL;
    long value = strtol(text, &end, 10);
    if (errno || *end != '\0' || value < INT_MIN / 2 || value > INT_MAX / 2) return -1;
    *out = value;
    return 0;
}

static bool in_list(const int *list, long value)
{
    for (int k = 0; list[k] != OPTION_END_OF_LIST; k++)
        if (list[k] == value) return true;
    return false;
}

void options_describe_allowed(const option_spec_t *spec, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    if (spec->kind == OPTION_BOOL) {
        snprintf(out, size, "true or false");
        return;
    }
    if (spec->kind == OPTION_INT && spec->only) {
        for (int k = 0; spec->only[k] != OPTION_END_OF_LIST && used < size; k++)
            used += (size_t)snprintf(out + used, size - used, "%s%d", k ? ", " : "", spec->only[k]);
        return;
    }
    if (spec->kind == OPTION_INT_LIST) {
        if (spec->max == INT_MAX)
            snprintf(out, size, "a list such as [1,2] of up to %d integers >= %d", OPTION_LIST_MAX, spec->min);
        else
            snprintf(out, size, "a list such as [1,2] of up to %d integers %d..%d", OPTION_LIST_MAX, spec->min,
                     spec->max);
        return;
    }
    if (spec->kind == OPTION_INT || spec->kind == OPTION_INT_OR_CHOICE) {
        if (spec->max == INT_MAX)
            used = (size_t)snprintf(out, size, "an integer >= %d", spec->min);
        else if (spec->min == INT_MIN)
            used = (size_t)snprintf(out, size, "an integer");
        else
            used = (size_t)snprintf(out, size, "an integer %d..%d", spec->min, spec->max);
        if (spec->kind == OPTION_INT || used >= size) return;
        used += (size_t)snprintf(out + used, size - used, " or ");
    }
    for (int k = 0; spec->symbols && spec->symbols[k] && used < size; k++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", k ? ", " : "", spec->symbols[k]);
}

static int parse_scalar(const option_spec_t *spec, const char *text, int *value)
{
    long number = 0;
    int symbol = -1;
    switch (spec->kind) {
    case OPTION_BOOL:
        if (strcmp(text, "true") == 0 || strcmp(text, "1") == 0) { *value = 1; return 0; }
        if (strcmp(text, "false") == 0 || strcmp(text, "0") == 0) { *value = 0; return 0; }
        break;
    case OPTION_CHOICE:
        symbol = find_symbol(spec->symbols, text);
        if (symbol >= 0) { *value = symbol; return 0; }
        break;
    case OPTION_INT_OR_CHOICE:
        symbol = find_symbol(spec->symbols, text);
        if (symbol >= 0) { *value = OPTION_SYMBOL(symbol); return 0; }
        __attribute__((fallthrough)); /* otherwise an integer */
    case OPTION_INT:
    case OPTION_INT_LIST: /* one item */
        if (parse_integer(text, &number) == 0 && number >= spec->min && number <= spec->max &&
            (!spec->only || in_list(spec->only, number))) {
            *value = (int)number;
            return 0;
        }
        break;
    }
    return -1;
}

/* "[a,b,c]", "a,b,c", "[]" or "": items within min..max, at most OPTION_LIST_MAX. Spaces
 * around items are allowed, because an INI file or a hand-written record may have them. */
static int parse_list(const option_spec_t *spec, const char *text, int *count, int *items)
{
    char copy[OPTIONS_ERROR_SIZE];
    size_t length = strlen(text);
    if (length >= sizeof copy) return -1;
    memcpy(copy, text, length + 1);
    char *start = copy, *end = copy + length;
    while (*start == ' ') start++;
    while (end > start && end[-1] == ' ') *--end = '\0';
    if (*start == '[') {
        if (end == start || end[-1] != ']') return -1;
        *--end = '\0';
        start++;
    }
    *count = 0;
    while (*start == ' ') start++;
    if (*start == '\0') return 0;
    for (char *item = start;;) {
        char *comma = strchr(item, ',');
        if (comma) *comma = '\0';
        while (*item == ' ') item++;
        for (char *tail = item + strlen(item); tail > item && tail[-1] == ' ';) *--tail = '\0';
        if (*count == OPTION_LIST_MAX || parse_scalar(spec, item, &items[*count]) != 0) return -1;
        ++*count;
        if (!comma) return 0;
        item = comma + 1;
    }
}

int options_parse_value(const option_spec_t *specs, int index, const char *text, option_values_t *values,
                        char *error, size_t error_size)
{
    const option_spec_t *spec = &specs[index];
    int parsed = spec->kind == OPTION_INT_LIST
                     ? parse_list(spec, text, &values->value[index], values->items[index])
                     : parse_scalar(spec, text, &values->value[index]);
    if (parsed == 0) return 0;
    char allowed[160];
    options_describe_allowed(spec, allowed, sizeof allowed);
    snprintf(error, error_size, "option %s: bad value '%s' (allowed: %s)", spec->key, text, allowed);
    return -1;
}

bool options_value_equal(const option_spec_t *specs, int index, const option_values_t *a, const option_values_t *b)
{
    if (a->value[index] != b->value[index]) return false;
    if (specs[index].kind != OPTION_INT_LIST) return true;
    return memcmp(a->items[index], b->items[index], (size_t)a->value[index] * sizeof a->items[index][0]) == 0;
}

int options_set_defaults(const option_spec_t *specs, int count, option_values_t *values, char *error,
                         size_t error_size)
{
    memset(values, 0, sizeof *values);
    for (int i = 0; i < count && i < OPTIONS_MAX; i++)
        if (options_parse_value(specs, i, specs[i].default_value, values, error, error_size)) return -1;
    return 0;
}

int options_assign(const option_spec_t *specs, int count, option_values_t *values, const char *assignment,
                   bool by_user, char *error, size_t error_size)
{
    const char *equals = strchr(assignment, '=');
    char key[64];
    if (!equals || equals == assignment || (size_t)(equals - assignment) >= sizeof key) {
        snprintf(error, error_size, "option '%s': expected key=value", assignment);
        return -1;
    }
    memcpy(key, assignment, (size_t)(equals - assignment));
    key[equals - assignment] = '\0';
    int index = options_find(specs, count, key);
    if (index < 0) {
        snprintf(error, error_size, "unknown option '%s' (see: dominolab rules)", key);
        return -1;
    }
    if (options_parse_value(specs, index, equals + 1, values, error, error_size)) return -1;
    if (by_user) values->given[index] = true;
    return 0;
}

const char *options_format_value(const option_spec_t *specs, int index, const option_values_t *values, char *out,
                                 size_t out_size)
{
    const option_spec_t *spec = &specs[index];
    int value = values->value[index];
    size_t used = 0;
    switch (spec->kind) {
    case OPTION_BOOL:
        snprintf(out, out_size, "%s", value ? "true" : "false");
        break;
    case OPTION_CHOICE:
        snprintf(out, out_size, "%s", spec->symbols[value]);
        break;
    case OPTION_INT_OR_CHOICE:
        if (option_is_symbol(value)) {
            snprintf(out, out_size, "%s", spec->symbols[value - OPTION_SYMBOL_BASE]);
            break;
        }
        __attribute__((fallthrough));
    case OPTION_INT:
        snprintf(out, out_size, "%d", value);
        break;
    case OPTION_INT_LIST:
        used = (size_t)snprintf(out, out_size, "[");
        for (int k = 0; k < value && used < out_size; k++)
            used += (size_t)snprintf(out + used, out_size - used, "%s%d", k ? "," : "", values->items[index][k]);
        if (used < out_size) snprintf(out + used, out_size - used, "]");
        break;
    }
    return out;
}
