/* cli_balance.c - `dominolab balance`: its arguments (the agent, the variants from --compare
 * and --variant, the replays) into a balance study (study/balance.c), with errors naming the
 * argument.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "cli_study.h"
#include "report.h"
#include "studies.h"

enum { DEFAULT_DEALS = 100000, DEFAULT_MATCHES = 10000, DEFAULT_REPLAYS = 2, MAX_OVERRIDES = 16 };

typedef struct balance_args {
    cli_args_base_t base;
    cli_study_args_t study;
    cli_list_t agents; /* --agents SPEC or --agent SPEC: one spec */
    const char *agent, *compare;
    cli_list_t variant;
    int replays;
} balance_args_t;

#define OPTION(name, section, kind, field, min, max, value, help)                                                  \
    {name, section, kind, CLI_AT(balance_args_t, field), min, max, NULL, value, help}
static const cli_option_t balance_options[] = {
    CLI_STUDY_OPTIONS(balance_args_t, study, "balance"),
    OPTION("agents", "agents", CLI_SPLIT, agents, 0, 0, "SPEC", "the agent in every seat (default heuristic)"),
    OPTION("agent", "agents", CLI_LIST, agents, 0, 0, "SPEC", "the same as --agents SPEC"),
    OPTION("compare", "balance", CLI_TEXT, compare, 0, 0, "KEY=V1,V2,...",
           "one variant per value of a rule option, side by side"),
    OPTION("variant", "variant *", CLI_PAIRS, variant, 0, 0, "NAME:KEY=VALUE",
           "a named variant's rule option (repeatable; in a file: a section [variant NAME] of key = value)"),
    OPTION("replays", "balance", CLI_INT, replays, 1, SIM_MAX_REPLAYS, "R",
           "plays of each deal for the deal bias (default 2 for an agent that draws random numbers, 1 for "
           "one that does not, whose replays would repeat the game; 1: no deal bias)"),
};
#undef OPTION

static const cli_command_spec_t balance_spec = {
    "balance",
    "--players N --out DIR [--agents SPEC] [--deals N] [--matches M] [--replays R]\n"
    "                         [--compare KEY=V1,V2,... | --variant NAME:KEY=VALUE ...]\n"
    "                         [--game G] [--preset P] [--option k=v ...] [--seed S] [--no-plots]",
    "Measures a game's balance with one agent in every seat: each seat's and the leader's share\n"
    "of wins with 95% intervals, the balance 1 - (largest gap between seats), the first player's\n"
    "advantage, how hands end and how often, the distributions of points per hand, hand length\n"
    "and match length, and the deal bias (how much of the outcome the deal alone decides: each\n"
    "deal is replayed R times with fresh agent randomness). By default 100000 deals and 10000\n"
    "matches; give --deals or --matches alone to play only that.\n"
    "--compare block_method=simple,american,german plays one variant per value; --variant\n"
    "NAME:KEY=VALUE (repeatable, several keys per name) defines named variants. Writes to DIR:\n"
    "  balance.csv (a row per variant), seats.csv, ends.csv, distributions.csv, plots/,\n"
    "  report.html (the findings in sentences, charts, tables, a sample game of each run in\n"
    "  games/), and variants/NN/hands and variants/NN/matches (the sim runs).\n"
    "Columns: docs/analysis.md. In an experiment file the keys go in [experiment], [game],\n"
    "[options], [agents], [balance] and one [variant NAME] section per variant.\n",
    balance_options,
    (int)(sizeof balance_options / sizeof balance_options[0]),
};

typedef struct variant {
    char name[CLI_ITEM_MAX];
    const char *override[MAX_OVERRIDES + 1]; /* "key=value", or "preset=P" (study.h) */
    char text[MAX_OVERRIDES][CLI_ITEM_MAX];  /* the --variant items' parts, split at commas */
    int count;
    int source; /* the --variant item that named it, -1 for --compare */
} variant_t;

/* Adds the parts of "key=v,key=v" (commas inside brackets, as in a list [1,2], belong to
 * the value) to v's overrides. Returns 0, or -1 for a part without '=' or past the room. */
static int add_parts(variant_t *v, const char *text)
{
    while (*text) {
        int depth = 0;
        size_t length = 0;
        for (; text[length] && (text[length] != ',' || depth > 0); length++)
            depth += text[length] == '[' ? 1 : text[length] == ']' ? -1 : 0;
        if (length == 0 || length >= CLI_ITEM_MAX || v->count == MAX_OVERRIDES) return -1;
        char *part = v->text[v->count];
        memcpy(part, text, length);
        part[length] = '\0';
        char *equals = strchr(part, '=');
        if (!equals || equals == part) return -1;
        v->override[v->count++] = part;
        text += length + (text[length] == ',');
    }
    return 0;
}

/* The variants: one per --compare value, then the named ones in order of first mention,
 * else the rules as given. */
static int build_variants(const balance_args_t *args, variant_t *variants, int *count, char *storage, char *error,
                          size_t error_size)
{
    *count = 0;
    if (args->compare) {
        const char *equals = strchr(args->compare, '=');
        if (!equals || equals == args->compare || !equals[1]) {
            cli_option_error(&balance_spec, args, "compare", -1, error, error_size, "'%s' is not KEY=V1,V2,...",
                             args->compare);
            return -1;
        }
        size_t key = (size_t)(equals - args->compare);
        snprintf(storage, CLI_ITEM_MAX * REPORT_MAX_VARIANTS, "%s", equals + 1);
        char *position = NULL;
        for (char *value = strtok_r(storage, ",", &position); value; value = strtok_r(NULL, ",", &position)) {
            if (*count == REPORT_MAX_VARIANTS) {
                cli_option_error(&balance_spec, args, "compare", -1, error, error_size, "more than %d values",
                                 REPORT_MAX_VARIANTS);
                return -1;
            }
            for (int earlier = 0; earlier < *count; earlier++)
                if (!strcmp(strchr(variants[earlier].name, '=') + 1, value)) {
                    cli_option_error(&balance_spec, args, "compare", -1, error, error_size,
                                     "the value '%s' is given twice", value);
                    return -1;
                }
            variant_t *v = &variants[(*count)++];
            snprintf(v->name, sizeof v->name, "%.*s=%s", (int)key, args->compare, value);
            v->override[0] = v->name;
            v->count = 1;
            v->source = -1;
        }
        if (*count < 2) { /* a comparison needs two variants at least */
            cli_option_error(&balance_spec, args, "compare", -1, error, error_size,
                             "'%s' gives %d value; compare two or more (KEY=V1,V2,...)", args->compare, *count);
            return -1;
        }
    }
    for (int k = 0; k < args->variant.count; k++) {
        const char *item = args->variant.item[k], *colon = strchr(item, ':');
        if (!colon || colon == item || !strchr(colon, '=')) {
            cli_option_error(&balance_spec, args, "variant", k, error, error_size,
                             "'%s' is not NAME:KEY=VALUE[,KEY=VALUE...]", item);
            return -1;
        }
        int found = -1;
        for (int v = 0; v < *count && found < 0; v++)
            if (variants[v].source >= 0 && strlen(variants[v].name) == (size_t)(colon - item) &&
                !strncmp(variants[v].name, item, (size_t)(colon - item)))
                found = v;
        if (found < 0 && *count < REPORT_MAX_VARIANTS) {
            found = (*count)++;
            snprintf(variants[found].name, sizeof variants[found].name, "%.*s", (int)(colon - item), item);
            variants[found].count = 0;
            variants[found].source = k;
        }
        if (found < 0) {
            cli_option_error(&balance_spec, args, "variant", k, error, error_size, "more than %d variants",
                             REPORT_MAX_VARIANTS);
            return -1;
        }
        if (add_parts(&variants[found], colon + 1)) {
            cli_option_error(&balance_spec, args, "variant", k, error, error_size,
                             "'%s': each part is KEY=VALUE, at most %d for a variant", colon + 1, MAX_OVERRIDES);
            return -1;
        }
    }
    if (*count == 0) {
        variant_t *v = &variants[(*count)++];
        snprintf(v->name, sizeof v->name, "as given");
        v->count = 0;
        v->source = -1;
    }
    for (int v = 0; v < *count; v++) variants[v].override[variants[v].count] = NULL;
    return 0;
}

/* Each variant's rules must make a game: checked before anything is played, with the
 * study's game arguments (rules file, options, players) under the variant's options. */
static int check_variants(const study_t *study, const balance_args_t *args, const variant_t *variants, int count,
                          char *error, size_t error_size)
{
    cli_game_args_t *game = malloc(sizeof *game);
    if (!game) {
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    int status = 0;
    for (int v = 0; v < count && status == 0; v++) {
        *game = args->study.game;
        const char *preset = NULL;
        for (int k = 0; k < variants[v].count && game->options.count < CLI_LIST_MAX; k++) {
            const char *override = variants[v].override[k];
            if (study_override_preset(override)) preset = study_override_preset(override);
            else snprintf(game->options.item[game->options.count++], CLI_ITEM_MAX, "%s", override);
        }
        setup_game_t opened = {0};
        char message[CLI_ERROR_SIZE] = "";
        if (preset && game->rules)
            snprintf(message, sizeof message, "preset=%s: a rules file (--rules) names its own preset", preset);
        else if (preset)
            game->preset = preset;
        if (!message[0] && !cli_game_open(game, &opened, message, sizeof message) && opened.seats != study->game.seats)
            snprintf(message, sizeof message, "it plays %d seats where the study plays %d (give --players)",
                     opened.seats, study->game.seats);
        if (message[0]) {
            const char *option = variants[v].source >= 0 ? "variant" : "compare";
            cli_option_error(&balance_spec, args, option, variants[v].source, error, error_size, "variant %s: %s",
                             variants[v].name, message);
            status = -1;
        }
        setup_game_close(&opened);
    }
    free(game);
    return status;
}

/* Replays repeat a deal with fresh agent randomness: an agent without randomness would only
 * repeat its game, so it plays each deal once, and asking it for replays is refused. */
static int settle_replays(const study_t *study, balance_args_t *args, char *error, size_t error_size)
{
    bool deterministic;
    const char *specs[] = {args->agent};
    char message[CLI_ERROR_SIZE];
    if (setup_agents_deterministic(specs, 1, study->levels, &study->game, &deterministic, message, sizeof message)) {
        cli_option_error(&balance_spec, args, "agent", -1, error, error_size, "%s", message);
        return -1;
    }
    if (args->replays == 0) args->replays = deterministic ? 1 : DEFAULT_REPLAYS;
    if (deterministic && args->replays > 1) {
        cli_option_error(&balance_spec, args, "replays", -1, error, error_size,
                         "%s plays without randomness, so each replay would repeat the same game; measure the deal "
                         "bias with an agent that draws random numbers (noise=0.1 in its spec, or pimc)",
                         args->agent);
        return -1;
    }
    return 0;
}

/* One agent, in every seat: the differences between seats then belong to the rules. */
static int check_agent(study_t *study, const balance_args_t *args, char *error, size_t error_size)
{
    if (args->agents.count > 1) {
        cli_option_error(&balance_spec, args, "agents", 1, error, error_size,
                         "one agent plays every seat of a balance study; give one spec, not %d", args->agents.count);
        return -1;
    }
    return args->agents.count ? cli_study_check_agent(study, &balance_spec, args, &args->study, "agents", 0, args->agent,
                                                      error, error_size)
                              : 0;
}

static int run_balance(void *raw, int argc, char **argv, const char *file)
{
    balance_args_t *args = raw;
    char error[CLI_ERROR_SIZE];
    study_t *study = calloc(1, sizeof *study);
    variant_t *variants = calloc(REPORT_MAX_VARIANTS, sizeof *variants);
    char *storage = malloc(CLI_ITEM_MAX * REPORT_MAX_VARIANTS);
    if (!study || !variants || !storage) {
        free(study);
        free(variants);
        free(storage);
        fprintf(stderr, "dominolab balance: out of memory\n");
        return 1;
    }
    int count = 0;
    if (args->agents.count) args->agent = args->agents.item[0];
    int status = cli_study_open_both_units(study, "balance", &balance_spec, args, &args->study, argc, argv, file, error,
                                       sizeof error) ||
                         check_agent(study, args, error, sizeof error) ||
                         build_variants(args, variants, &count, storage, error, sizeof error) ||
                         check_variants(study, args, variants, count, error, sizeof error) ||
                         settle_replays(study, args, error, sizeof error)
                     ? 2
                     : 0;
    bool neither = !args->study.deals && !args->study.matches;
    if (status) {
        fprintf(stderr, "dominolab balance: %s\n", error);
    } else {
        study_variant_t list[REPORT_MAX_VARIANTS];
        for (int v = 0; v < count; v++) list[v] = (study_variant_t){variants[v].name, variants[v].override};
        study_balance_t b = {.agent = args->agent, .variants = list, .count = count,
                             .deals = neither ? DEFAULT_DEALS : args->study.deals,
                             .matches = neither ? DEFAULT_MATCHES : args->study.matches, .replays = args->replays};
        status = study_balance_run(study, &b);
    }
    study_close(study);
    free(study);
    free(variants);
    free(storage);
    return status;
}

static void default_args(void *raw)
{
    balance_args_t *args = raw;
    memset(args, 0, sizeof *args);
    cli_study_default_args(&args->study);
    args->agent = "heuristic";
    args->replays = 0; /* settled once the agent is known */
}

static const cli_study_command_t balance_command = {&balance_spec, sizeof(balance_args_t), offsetof(balance_args_t, study),
                                                default_args, run_balance};

int cli_balance(int argc, char **argv) { return cli_study_main(&balance_command, argc, argv); }
int cli_balance_config(const config_file_t *file, bool resume, bool check)
{
    return cli_study_main_config(&balance_command, file, resume, check);
}
