/* cli_agents.c - `dominolab agents`: every agent kind with its parameters, and the levels. */
#include <stdio.h>
#include <string.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"
#include "games.h"

typedef struct agents_args {
    cli_args_base_t base;
    const char *check, *levels, *game;
} agents_args_t;

static const cli_option_t agents_options[] = {
    {"check", "agents", CLI_TEXT, CLI_AT(agents_args_t, check), 0, 0, NULL, "SPEC",
     "check SPEC and print what it plays: the level's entry, the agent and every parameter"},
    CLI_LEVELS_OPTION(agents_args_t, levels),
    {"game", "agents", CLI_TEXT, CLI_AT(agents_args_t, game), 0, 0, NULL, "G",
     "the game whose built-in level table to show (default bergen; partnership has its own)"},
};

static const cli_command_spec_t agents_spec = {
    "agents",
    "[--check SPEC] [--level-table FILE] [--game G]",
    "Lists every agent with its parameters (default, allowed values, meaning) and the\n"
    "difficulty table behind level:N, with the game it was measured for. An agent is given to\n"
    "play, sim and bench as a spec\n"
    "string name[:key=value,...], e.g. pimc:samples=64,rollout=greedy. With --check, only\n"
    "checks SPEC and prints what it plays: for level:N the table's entry and which table, then\n"
    "the agent and each parameter's value, marked default where the spec does not set it\n"
    "(exit 2 and the reason if it is bad); for level:N, a note names the table and its game.\n"
    "--level-table FILE (or --levels FILE) shows (and checks against) a level table written by\n"
    "dominolab calibrate; without it, $DOMINOLAB_LEVELS if set, else the built-in table of\n"
    "--game G (Partnership has its own; every other game plays 2-player Bergen's).\n"
    "A learned network plays as net:model=FILE, and guides pimc's and ismcts's playouts as\n"
    "rollout=net,model=FILE (docs/agents.md, \"net\": the file's format).\n"
    "docs/agents.md describes each agent.\n",
    agents_options,
    (int)(sizeof agents_options / sizeof agents_options[0]),
};

static void describe_param(const agent_param_spec_t *param, char *out, size_t size)
{
    if (param->type == AGENT_PARAM_TEXT) {
        snprintf(out, size, "text (no comma)");
    } else if (param->type == AGENT_PARAM_CHOICE) {
        size_t used = 0;
        for (int k = 0; param->choices[k] && used < size; k++)
            used += (size_t)snprintf(out + used, size - used, "%s%s", k ? "|" : "", param->choices[k]);
    } else {
        if (param->type == AGENT_PARAM_INT) snprintf(out, size, "integer %.0f..%.0f", param->min, param->max);
        else snprintf(out, size, "number %g..%g", param->min, param->max);
    }
}

static void print_agents(const agent_levels_t *levels)
{
    int count;
    const agent_info_t *const *infos = agent_list(&count);
    for (int k = 0; k < count; k++) {
        const agent_info_t *info = infos[k];
        printf("%s%s - %s\n", k ? "\n" : "", info->name, info->help);
        if (info->param_count == 0) printf("    (no parameters)\n");
        for (int p = 0; p < info->param_count; p++) {
            char allowed[128];
            describe_param(&info->params[p], allowed, sizeof allowed);
            printf("    %-12s default %-9s %-26s %s\n", info->params[p].key, info->params[p].default_value, allowed,
                   info->params[p].help);
        }
    }
    char measured[1024];
    setup_levels_measured_for(levels, measured, sizeof measured);
    printf("\nlevels (level:N plays the spec shown; table: %s, measured for %s):\n", levels->source, measured);
    for (int level = AGENT_LEVEL_MIN; level <= levels->count; level++)
        printf("    level:%-3d %s\n", level, agent_level_spec(levels, level));
}

/* What a checked spec plays, one line per fact (docs/agents.md shows it). */
static void print_view(const char *spec, const agent_levels_t *levels, const agent_spec_view_t *view)
{
    printf("%s is valid\n", spec);
    if (view->level) {
        printf("  %-12s %d (table: %s)\n", "level", view->level, levels->source);
        printf("  %-12s %s\n", "plays", view->played);
    }
    printf("  %-12s %s\n", "agent", view->info->name);
    char full[AGENT_SPEC_MAX * 2];
    size_t used = (size_t)snprintf(full, sizeof full, "%s", view->info->name);
    for (int p = 0; p < view->info->param_count; p++) {
        const char *key = view->info->params[p].key;
        if (view->given[p]) printf("  %-12s %s\n", key, view->value[p]);
        else printf("  %-12s %-12s default\n", key, view->value[p]);
        /* a text not given (ext's cmd, a model=FILE) is left out: "key=" reads as a value
         * only at a spec's end */
        if (view->info->params[p].type == AGENT_PARAM_TEXT && !view->given[p]) continue;
        if (used < sizeof full)
            used += (size_t)snprintf(full + used, sizeof full - used, "%c%s=%s", strchr(full, ':') ? ',' : ':', key,
                                     view->value[p]);
    }
    printf("  %-12s %s\n", "in full", full);
}

int cli_agents(int argc, char **argv)
{
    agents_args_t args = {0};
    char error[CLI_ERROR_SIZE];
    int parsed = cli_parse_argv(&agents_spec, argc, argv, &args, error, sizeof error);
    if (parsed > 0) {
        cli_print_help(stdout, &agents_spec);
        return 0;
    }
    if (parsed < 0) {
        fprintf(stderr, "dominolab agents: %s\n", error);
        return 2;
    }
    agent_levels_t storage;
    const agent_levels_t *levels;
    const game_t *game = args.game ? game_find(args.game) : NULL;
    if (args.game && !game) {
        fprintf(stderr, "dominolab agents: --game: unknown game '%s' (see: dominolab rules)\n", args.game);
        return 2;
    }
    if (cli_levels_open(args.levels, game, &storage, &levels, error, sizeof error)) {
        fprintf(stderr, "dominolab agents: %s\n", error);
        return 2;
    }
    if (!args.check) {
        print_agents(levels);
        return 0;
    }
    agent_spec_view_t view;
    if (agent_spec_view(args.check, levels, &view, error, sizeof error)) {
        fprintf(stderr, "dominolab agents: %s\n", error);
        return 2;
    }
    print_view(args.check, levels, &view);
    if (agent_spec_is_level(args.check)) { /* no game here to check the table against: say which it is */
        char measured[1024];
        setup_levels_measured_for(levels, measured, sizeof measured);
        fprintf(stderr, "dominolab agents: note: level:N plays %s%s, measured for %s\n",
                agent_levels_is_builtin(levels) ? "the built-in level table" : "the level table ",
                agent_levels_is_builtin(levels) ? "" : levels->source, measured);
    }
    return 0;
}
