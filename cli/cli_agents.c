/* cli_agents.c - `dominolab agents`: every agent kind with its parameters, and the levels. */
#include <stdio.h>
#include <string.h>

#include "agent.h"
#include "cli.h"
#include "commands.h"

static void agents_usage(FILE *out)
{
    fprintf(out, "usage: dominolab agents [--check SPEC] [--level-table FILE]\n\n"
                 "Lists every agent with its parameters (default, allowed values, meaning) and the\n"
                 "difficulty table behind level:N, with the game it was measured for. An agent is given\n"
                 "to play, sim and bench as a spec string name[:key=value,...], e.g.\n"
                 "pimc:samples=64,rollout=greedy. With --check, only checks SPEC and prints what it plays\n"
                 "(exit 2 and the reason if it is bad); for level:N, a note names the table.\n"
                 "--level-table FILE (or --levels FILE) shows (and checks against) a level table written\n"
                 "by dominolab calibrate; without it, $DOMINOLAB_LEVELS if set, else the built-in table.\n"
                 "docs/agents.md describes each agent.\n");
}

static void describe_param(const agent_param_spec_t *param, char *out, size_t size)
{
    if (param->type == AGENT_PARAM_CHOICE) {
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
    cli_levels_measured_for(levels, measured, sizeof measured);
    printf("\nlevels (level:N plays the spec shown; table: %s, measured for %s):\n", levels->source, measured);
    for (int level = AGENT_LEVEL_MIN; level <= levels->count; level++)
        printf("    level:%-3d %s\n", level, agent_level_spec(levels, level));
}

int cli_agents(int argc, char **argv)
{
    const char *check = NULL, *levels_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            agents_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--check") && i + 1 < argc) {
            check = argv[++i];
            continue;
        }
        if ((!strcmp(argv[i], "--levels") || !strcmp(argv[i], "--level-table")) && i + 1 < argc) {
            if (levels_path) {
                fprintf(stderr, "dominolab agents: %s: the level table is given twice\n", argv[i]);
                return 2;
            }
            levels_path = argv[++i];
            continue;
        }
        fprintf(stderr, "dominolab agents: unexpected argument '%s' (see dominolab agents --help)\n", argv[i]);
        return 2;
    }
    char error[CLI_ERROR_SIZE];
    agent_levels_t storage;
    const agent_levels_t *levels;
    if (cli_levels_open(levels_path, &storage, &levels, error, sizeof error)) {
        fprintf(stderr, "dominolab agents: %s\n", error);
        return 2;
    }
    if (!check) {
        print_agents(levels);
        return 0;
    }
    if (agent_spec_check(check, levels, error, sizeof error)) {
        fprintf(stderr, "dominolab agents: %s\n", error);
        return 2;
    }
    printf("%s: valid\n", check);
    if (agent_spec_is_level(check)) { /* no game here to check the table against: say which it is */
        char measured[1024];
        cli_levels_measured_for(levels, measured, sizeof measured);
        fprintf(stderr, "dominolab agents: note: level:N plays %s%s, measured for %s\n",
                levels == agent_levels_builtin() ? "the built-in level table" : "the level table ",
                levels == agent_levels_builtin() ? "" : levels->source, measured);
    }
    return 0;
}
