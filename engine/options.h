/* options.h - named rule options, presets and their validation, shared by every game.
 *
 * A game describes its options with a table of option_spec_t (key, kind, allowed values,
 * default) and its presets as lists of "key=value" overrides of those defaults. A
 * configuration (option_values_t) holds one int per option, in table order:
 *   - bool: 0 or 1;
 *   - int: the number itself;
 *   - choice: the index of the symbol in `symbols`;
 *   - int_or_choice: the number, or OPTION_SYMBOL(k) for symbol k (e.g. "by_players");
 *   - int_list: the number of items, the items themselves in `items` (e.g. "[100,75,50,25]").
 * Parsing and printing are generic, so `dominolab rules`, the CLI and the record's option
 * object all speak the same words. Errors are written into a caller buffer, one line,
 * naming the key and value.
 */
#ifndef DOMINOLAB_OPTIONS_H
#define DOMINOLAB_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

enum {
    OPTIONS_MAX = 40,          /* options of one game                          */
    OPTIONS_ERROR_SIZE = 256,  /* room for one error message                   */
    OPTION_LIST_MAX = 16,      /* items of one int_list option                 */
    OPTION_SYMBOL_BASE = -1000000000
};
/* Encodes symbol k of an int_or_choice option; below every allowed integer. */
#define OPTION_SYMBOL(k) (OPTION_SYMBOL_BASE + (k))
static inline bool option_is_symbol(int value) { return value < OPTION_SYMBOL_BASE + 1000; }

typedef enum option_kind {
    OPTION_BOOL,
    OPTION_INT,
    OPTION_CHOICE,
    OPTION_INT_OR_CHOICE,
    OPTION_INT_LIST
} option_kind_t;

typedef struct option_spec {
    const char *key;
    option_kind_t kind;
    const char *const *symbols; /* NULL-terminated; for choice and int_or_choice      */
    int min, max;               /* allowed integers (int, int_or_choice, list items)  */
    const char *default_value;  /* as the user would write it                         */
    const char *help;           /* one line for `dominolab rules`                     */
    const int *only;            /* int: if set, the only allowed values, ended by
                                   OPTION_END_OF_LIST                                */
} option_spec_t;
#define OPTION_END_OF_LIST (-2147483647 - 1)

typedef struct preset_spec {
    const char *name;
    const char *help;
    const char *const *overrides; /* NULL-terminated "key=value" list over the defaults */
} preset_spec_t;

typedef struct option_values {
    int value[OPTIONS_MAX];
    int items[OPTIONS_MAX][OPTION_LIST_MAX]; /* an int_list's items; value[] is their count */
    bool given[OPTIONS_MAX]; /* set by the user rather than by default or preset */
} option_values_t;

/* Index of `key` in the table, or -1. */
int options_find(const option_spec_t *specs, int count, const char *key);
/* Parses `text` as the value of option `index` of `specs` into `values`. A list is written
 * "[a,b]", "a,b" or "[]". Returns 0, or -1 with a message in error. */
int options_parse_value(const option_spec_t *specs, int index, const char *text, option_values_t *values,
                        char *error, size_t error_size);
/* Whether option `index` has the same value in `a` and `b` (a list: the same items). */
bool options_value_equal(const option_spec_t *specs, int index, const option_values_t *a, const option_values_t *b);
/* Fills every option with its default. Returns 0 (or -1 if a table default is malformed). */
int options_set_defaults(const option_spec_t *specs, int count, option_values_t *values, char *error, size_t error_size);
/* Applies one "key=value" assignment. Returns 0, or -1 naming the key or value. */
int options_assign(const option_spec_t *specs, int count, option_values_t *values, const char *assignment,
                   bool by_user, char *error, size_t error_size);
/* "an integer >= 0", "one of: none, pagat, cap", "6, 9 or 12", "true or false". */
void options_describe_allowed(const option_spec_t *spec, char *out, size_t out_size);
/* Writes option `index` as the user would write it ("true", "12", "by_players", "[100,75]"). */
const char *options_format_value(const option_spec_t *specs, int index, const option_values_t *values, char *out,
                                 size_t out_size);

#endif
