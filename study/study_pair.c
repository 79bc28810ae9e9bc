/* study_pair.c - block scores of a two-agent run, live and on resume (study_pair.h). */
#include "study_pair.h"

#include <stdio.h>
#include <string.h>

#include "outcomes.h"

/* A play as deals.csv would give it back: the comparison is outcomes_pair_score2's. */
static void as_outcome(const sim_play_outcome_t *play, int seats, outcome_play_t *out)
{
    memset(out, 0, sizeof *out);
    out->leader = play->leader;
    for (int s = 0; s < seats; s++) {
        out->seat[s].agent = play->seat[s].agent;
        out->seat[s].result = play->seat[s].result; /* sim_result_t and outcome_result_t agree */
        out->seat[s].points = play->seat[s].points;
    }
}

static int unit_score2(const study_pair_t *pair, const sim_unit_outcome_t *unit)
{
    int score2 = 0;
    for (int r = 0; r < pair->rotations; r++) {
        outcome_play_t play;
        as_outcome(&unit->play[r], pair->seats, &play);
        score2 += outcomes_pair_score2(&play, pair->seats, 0, 1);
    }
    return score2;
}

int study_pair_stop_rule(void *context, const sim_unit_outcome_t *units, int count, bool *decided)
{
    study_pair_t *pair = context;
    int k = 0;
    while (k < count && !pair->decided) pair->decided = pair->add(pair->context, unit_score2(pair, &units[k++]));
    *decided = pair->decided;
    return k;
}

int64_t study_pair_expected_end(void *context)
{
    const study_pair_t *pair = context;
    return pair->expected_end(pair->context);
}

int study_pair_resume(void *context, const char *dir, int64_t units_done, char *error, size_t error_size)
{
    study_pair_t *pair = context;
    if (units_done == 0) return 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/.deals.csv.part", dir);
    outcome_table_t table;
    int status = outcomes_read(path, &table, error, error_size);
    int a = status ? -1 : outcomes_agent(&table, pair->name_a), b = status ? -1 : outcomes_agent(&table, pair->name_b);
    if (status == 0 && (a < 0 || b < 0)) {
        snprintf(error, error_size, "%s: not a run of %s against %s", path, pair->name_a, pair->name_b);
        status = -1;
    }
    for (int64_t u = 0; status == 0 && u < table.units && !pair->decided; u++) {
        int score2 = outcomes_block_score2(&table, u, a, b);
        if (score2 < 0) {
            snprintf(error, error_size, "%s: a play without both agents", path);
            status = -1;
        } else {
            pair->decided = pair->add(pair->context, score2);
        }
    }
    outcomes_free(&table);
    return status;
}

void study_sequential_plan(const json_t *identity, sequential_plan_t *plan)
{
    double precision = json_number_value(json_object_get(identity, "precision")); /* 0 when absent */
    const json_t *confidence = json_object_get(identity, "confidence");
    int64_t cap = json_integer_value(json_object_get(identity, "units"));
    sequential_plan_init(plan, cap, precision > 0 ? SEQUENTIAL_FIRST_LOOK : cap,
                         confidence ? json_number_value(confidence) : 0.95, precision);
}

void study_sequential_note(FILE *text, const sequential_plan_t *plan, const char *run)
{
    if (!text || plan->looks == 1) return;
    double confidence = 1 - (1 - plan->level) * plan->looks; /* what sequential_plan_init divided */
    fprintf(text, "%ss stopped at a look once known within %g Elo or settled (--precision): every interval at "
                  "%.2f%%, %.0f%% over the %d looks a %s may take\n",
            run, plan->precision, 100 * plan->level, 100 * confidence, plan->looks, run);
}

/* One more block (study_pair_t's add): whether the run stops after it. */
static bool sequential_block(void *context, int score2)
{
    study_sequential_t *s = context;
    sequential_add(&s->tally, score2 / (2.0 * s->pair.rotations));
    return sequential_stops(&s->plan, &s->tally);
}

static int64_t sequential_end(void *context)
{
    const study_sequential_t *s = context;
    return sequential_expected_stop(&s->plan, &s->tally);
}

void study_sequential_attach(study_sequential_t *s, const study_t *study, const json_t *identity, const char *a,
                             const char *b, study_run_spec_t *run)
{
    *s = (study_sequential_t){0};
    study_sequential_plan(identity, &s->plan);
    if (s->plan.looks == 1) return; /* every unit */
    int sides = study->game.game->side_count(study->game.rules);
    s->pair = (study_pair_t){.seats = study->game.seats, .rotations = setup_pair_plays(study->game.seats, sides),
                             .name_a = a, .name_b = b, .add = sequential_block, .expected_end = sequential_end,
                             .context = s};
    s->hooks = (study_hooks_t){.stop_rule = study_pair_stop_rule, .context = &s->pair,
                                 .expected_end = study_pair_expected_end, .on_ready = study_pair_resume};
    run->hooks = &s->hooks;
    run->fewest_units = s->plan.cap < s->plan.first_look ? s->plan.cap : s->plan.first_look;
}
