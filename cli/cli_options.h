/* cli_options.h - a command's arguments as a table, read from the command line or from an
 * experiment file through the same checks.
 *
 * Each option has a name (--NAME on the command line, NAME = VALUE in a file), the section
 * it belongs to in a file, a kind that says how its text is checked and stored, and the
 * offset of its value in the command's argument struct. That struct starts with a
 * cli_args_base_t, which remembers where every value came from, so a check made later
 * (an agent spec against the level table, a rule option against the game) still names
 * `--agents` or `experiments/x.ini:12: key agents`.
 *
 * Strings point into argv or into a list's own storage (cli_list_t), never into a file
 * buffer that goes away: a config_file_t must outlive args only for CLI_TEXT values taken
 * from it, which cli_parse_config copies into the args' text pool for that reason.
 */
#ifndef DOMINOLAB_CLI_OPTIONS_H
#define DOMINOLAB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "config.h"

enum { CLI_MAX_OPTIONS = 48, CLI_LIST_MAX = 64, CLI_ITEM_MAX = 272, CLI_POOL_SIZE = 8192 };

typedef enum cli_kind {
    CLI_FLAG,   /* bool: no value on the command line; true/false in a file */
    CLI_COUNT,  /* int64_t from 1 to max */
    CLI_INT,    /* int from min to max */
    CLI_REAL,   /* double from min to max */
    CLI_SEED,   /* uint64_t from 0 to 2^63 - 1 */
    CLI_TEXT,   /* const char *, not empty */
    CLI_CHOICE, /* int: index into choices */
    CLI_LIST,   /* cli_list_t: repeatable text, kept in order */
    CLI_SPLIT,  /* cli_list_t as CLI_LIST, each value a comma list split into items (cli_split_list);
                 * a CLI_LIST option may share its field (--agents A,B beside --agent A) */
    CLI_PAIRS   /* cli_list_t of "key=value": repeatable on the command line; in a file every
                 * entry of its section (a section "NAME *" gives "WORD:key=value" for [NAME WORD]) */
} cli_kind_t;

typedef struct cli_list {
    int count;
    char item[CLI_LIST_MAX][CLI_ITEM_MAX];
    int line[CLI_LIST_MAX];   /* the file line of each item, 0 from the command line */
    int option[CLI_LIST_MAX]; /* the option (table index) that gave each item, for messages */
} cli_list_t;

typedef struct cli_option {
    const char *name;
    const char *section;        /* in an experiment file: "experiment", "game", "agents" or the command's */
    cli_kind_t kind;
    size_t offset;              /* of the value in the argument struct */
    double min, max;            /* CLI_COUNT (max), CLI_INT, CLI_REAL */
    const char *const *choices; /* CLI_CHOICE, NULL-terminated */
    const char *value_name;     /* in --help: "N", "SPEC", ...; NULL for a flag */
    const char *help;           /* one line; "(default ...)" belongs here */
} cli_option_t;

typedef struct cli_command_spec {
    const char *name;        /* "tournament" */
    const char *synopsis;    /* the usage lines after "usage: dominolab NAME" */
    const char *description; /* paragraphs printed by --help before the options */
    const cli_option_t *options;
    int option_count;
} cli_command_spec_t;

typedef struct cli_args_base {
    const char *file;             /* the experiment file the values came from; NULL: the command line */
    bool given[CLI_MAX_OPTIONS];  /* per option of the table */
    int line[CLI_MAX_OPTIONS];    /* the file line that gave it (the last one for a list) */
    char pool[CLI_POOL_SIZE];     /* copies of the file's CLI_TEXT values */
    size_t pool_used;
} cli_args_base_t;

/* Offsets into a command's struct, and into a struct inside it. */
#define CLI_AT(type, field) offsetof(type, field)

/* Reads argv[1..argc) into args (whose base is cleared first; the rest keeps the caller's
 * defaults). "--help"/"-h" returns 1 without error. Returns 0, or -1 with "--NAME: ...",
 * "unknown option --X (did you mean --Y?)" or "unexpected argument 'X'". */
int cli_parse_argv(const cli_command_spec_t *spec, int argc, char **argv, void *args, char *error, size_t error_size);
/* Reads the entries of `file` whose section is one of the command's into args, as
 * cli_parse_argv does, with "FILE:LINE: key NAME: ..." errors. [experiment]'s `command` and
 * `description` belong to `dominolab run` and are skipped; a section no option names is an
 * error (with its line), and so is an unknown key (with the nearest key, or the section
 * where that key belongs). */
int cli_parse_config(const cli_command_spec_t *spec, const config_file_t *file, void *args, char *error,
                     size_t error_size);
/* Sets option `index` from `text` (checks and stores), as both parsers do. `line` is the
 * file line, 0 on the command line. */
int cli_option_set(const cli_command_spec_t *spec, int index, const char *text, int line, void *args, char *error,
                   size_t error_size);

/* Takes the one argument that is neither an option nor an option's value (a command's FILE)
 * out of argv into *operand; the rest, argv[0] first, go to rest (argc + 1 slots, NULL-ended)
 * for cli_parse_argv. `what` names it in the error for a second one ("record file").
 * Returns 0, or -1 with a message. */
int cli_take_operand(const cli_command_spec_t *spec, int argc, char **argv, char **rest, int *rest_count,
                     const char **operand, const char *what, char *error, size_t error_size);
/* Index of the option named `name`, or -1. */
int cli_option_index(const cli_command_spec_t *spec, const char *name);
/* Whether option `name` was given. */
bool cli_given(const cli_command_spec_t *spec, const void *args, const char *name);
/* Whether every option given is one of `names` (NULL-ended): `sim --resume DIR --threads 2`
 * gives only options that leave the study as it was. */
bool cli_only_given(const cli_command_spec_t *spec, const void *args, const char *const *names);
/* Calls emit(context, word) with the command-line words that give args' values again:
 * "--NAME" and its value for every option given (every item of a list, under the option
 * that gave it, in order), except the options in `skip` (NULL-ended). Parsing the words
 * gives the same values. Returns 0, or the first non-zero value `emit` returned. */
int cli_args_words(const cli_command_spec_t *spec, const void *args, const char *const *skip,
                   int (*emit)(void *context, const char *word), void *context);
/* An error about option `name` (list item `item`, or -1) in the form of its origin:
 * "--NAME: MESSAGE" or "FILE:LINE: key NAME: MESSAGE". */
void cli_option_error(const cli_command_spec_t *spec, const void *args, const char *name, int item, char *error,
                      size_t error_size, const char *format, ...) __attribute__((format(printf, 7, 8)));
/* "WHAT is required"; from an experiment file "FILE: WHAT is required", followed by
 * " (FILE_HINT)" when one is given (where the file sets it). Returns -1. */
int cli_required(const void *args, const char *what, const char *file_hint, char *error, size_t error_size);
/* Options FIRST and SECOND given together: "give one of --FIRST and --SECOND, once", at
 * SECOND's origin. Returns -1. */
int cli_conflict(const cli_command_spec_t *spec, const void *args, const char *first, const char *second, char *error,
                 size_t error_size);

/* --values V and --model FILE of the belief's commands: the network is read by
 * --values net alone, and that needs one. `net_value` is BELIEF_VALUES_NET (this layer
 * knows no agent). Returns 0, or -1 with the message. */
int cli_values_model_check(const cli_command_spec_t *spec, const void *args, int values, int net_value,
                           const char *model, char *error, size_t error_size);

/* Splits "A,B,..." in place into items[0..max) and returns their count, or -1 for more than
 * max. A part "key=value" without ':' continues the item before it, so an agent spec keeps
 * its parameters: "pimc:samples=64,rollout=greedy,random" is two items. Empty parts are
 * skipped. */
int cli_split_list(char *text, char **items, int max);

/* The names among names[0..count) nearest to `typed` (those it begins, else those at the
 * smallest edit distance, optimal string alignment, when it is small for the length; at
 * most three), written "NAME" or "NAME or NAME" with `prefix` before each ("--" for options) into out.
 * Returns whether there was one; out is "" when not. */
bool cli_nearest(const char *typed, const char *const *names, int count, const char *prefix, char *out,
                 size_t out_size);
/* The refusal of an argument the command does not know: "unknown option --X (did you mean
 * --Y?)", or without a near name "unknown option --X (see dominolab COMMAND --help)"; a word
 * that is no option: "unexpected argument 'X' (see dominolab COMMAND --help)". `names` are
 * the command's options without "--". Every command reports unknown arguments through it. */
void cli_unknown_argument(const char *command, const char *arg, const char *const *names, int count, char *error,
                          size_t error_size);

/* Parses a whole unsigned 64-bit number (decimal digits only). Returns 0, or -1. */
int cli_parse_u64(const char *text, uint64_t *out);

/* usage, description and one line per option. */
void cli_print_help(FILE *out, const cli_command_spec_t *spec);

#endif
