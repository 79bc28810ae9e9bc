/* test_bergen_invariants.c - properties of the Bergen family that must hold at every step
 * of every game, checked over many random matches of each preset and player count.
 *
 * At every step: every physical tile is in exactly one place (a hand, the layout, the
 * undrawn stock); hand counts match; the cached open ends are the layout's; the legal moves are exactly those an independent
 * reading of R9-R13 (and DB R8) allows; the points of a placement equal an independent
 * recomputation from the ends (R14/R16, DB R12), and move_points gives every legal
 * placement what apply credits for it; scores change only by the points the
 * events report; the match ends exactly when a side reaches the target (R24); every
 * seat's "lacks" set is true of its real hand; and a determinized world keeps everything
 * the seat can see, never gives a seat a tile it is known to lack, and plays on legally.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bergen/bergen.h"
#include "game.h"
#include "test_support.h"

enum { DEALS_PER_PRESET = 100000, DEALS_PER_VARIANT = 10000, DETERMINIZE_EVERY = 7, PLAYOUT_EVERY = 11, POINTS_EVERY = 3 };

#define REQUIRE_EQ(a, b)                                                                                       \
    do {                                                                                                       \
        long long require_a_ = (long long)(a), require_b_ = (long long)(b);                                    \
        if (require_a_ != require_b_)                                                                          \
            ck_abort_msg("%s:%d: %s == %lld, expected %s == %lld", __FILE__, __LINE__, #a, require_a_, #b,     \
                         require_b_);                                                                          \
    } while (0)

typedef struct run {
    const game_t *game;
    const game_rules_t *rules;
    const bergen_rules_t *bergen;
    pcg32_t rng;
    long hands, steps, determinized, matches;
    long scored_picks; /* playout callbacks told each move's points (checked by the callback) */
} run_t;

static tileset_t logical(const bergen_rules_t *r, tileset_t physical)
{
    tileset_t result = tileset_empty();
    while (!tileset_is_empty(physical)) tileset_add(&result, r->logical_of[tileset_pop_lowest(&physical)]);
    return result;
}

/* Every physical tile exactly once: hands, layout, undrawn stock. */
static void check_conservation(const bergen_state_t *s)
{
    const bergen_rules_t *r = s->rules;
    uint8_t seen[TILESET_MAX_BITS] = {0};
    for (int seat = 0; seat < s->seats; seat++) {
        REQUIRE_EQ(s->hand_count[seat], tileset_size(s->hand[seat]));
        tileset_t hand = s->hand[seat];
        while (!tileset_is_empty(hand)) seen[tileset_pop_lowest(&hand)]++;
    }
    tileset_t layout = s->layout;
    REQUIRE_EQ(s->layout_count, tileset_size(layout));
    while (!tileset_is_empty(layout)) seen[tileset_pop_lowest(&layout)]++;
    for (int k = s->stock_next; k < r->physical_count; k++) seen[s->deck[k]]++;
    for (int p = 0; p < r->physical_count; p++) REQUIRE(seen[p] == 1, "tile %d is in %d places", p, seen[p]);
    for (int p = r->physical_count; p < TILESET_MAX_BITS; p++) REQUIRE_EQ(seen[p], 0);
}

/* The open ends the hot paths read are those the layout defines (R10, DB R8). */
static void check_open_ends(const bergen_state_t *s)
{
    REQUIRE_EQ(s->open_ends, bergen_open_ends(s));
}

/* The lacks sets describe what the observers know; they must be true of the real hands. */
static void check_lacks_true(const bergen_state_t *s)
{
    for (int seat = 0; seat < s->seats; seat++)
        REQUIRE(tileset_is_empty(tileset_and(logical(s->rules, s->hand[seat]), s->lacks[seat])),
                      "seat %d holds a tile it is known to lack", seat);
}

static int count_moves(const game_move_t *moves, int count, int kind)
{
    int n = 0;
    for (int i = 0; i < count; i++) n += moves[i].kind == kind;
    return n;
}

/* Legal moves against an independent reading of the rules, from the seat's observation. */
static void check_legal_moves(const game_t *game, const bergen_state_t *s, const game_move_t *moves, int count)
{
    game_observation_t view;
    game->observe(s, s->to_move, &view);
    REQUIRE(count >= 1, "no legal move");
    int plays = 0;
    for (int i = 0; i < count; i++) {
        game_move_t m = moves[i];
        if (m.kind != GAME_MOVE_PLAY) continue;
        plays++;
        if (s->phase == BERGEN_PHASE_PLAY_DRAWN)
            REQUIRE_EQ(m.tile, s->rules->logical_of[s->drawn_tile]);
        else
            REQUIRE(tileset_has(view.hand, m.tile), "a move plays a tile not in hand");
        if (m.end == GAME_NO_END) { /* a lead: a double, before anything is placed (R5, R6) */
            REQUIRE(tileset_is_double(m.tile), "%s", "tileset_is_double(m.tile)");
            REQUIRE_EQ(view.table_count, 0);
            continue;
        }
        REQUIRE(m.end < view.ends.count, "end %d out of range", m.end);
        REQUIRE(view.ends.open[m.end], "a move uses a closed end (R10, DB R8)");
        REQUIRE(tileset_shows(m.tile, view.ends.number[m.end]), "%s", "tileset_shows(m.tile, view.ends.number[m.end])");
    }
    if (s->phase != BERGEN_PHASE_PLAY) return;
    /* R11: every fitting (tile, open end) pair is offered, and nothing else is. */
    int expected = 0;
    for (int e = 0; e < view.ends.count; e++)
        if (view.ends.open[e])
            expected += tileset_size(tileset_and(view.hand, tileset_suit(view.ends.number[e])));
    REQUIRE_EQ(plays, expected);
    if (expected > 0) {
        REQUIRE_EQ(count, plays); /* a player who can place may not draw or pass */
    } else {
        REQUIRE_EQ(count, 1); /* R12, R13 */
        REQUIRE_EQ(count_moves(moves, count, view.stock_drawable > 0 ? GAME_MOVE_DRAW : GAME_MOVE_PASS), 1);
    }
}

static int near_goal_reference(int mode, int points, int distance)
{
    static const int pagat_by_distance[4] = {-1, -1, 1, 2}; /* R16 table: D = 2 gives 1, D = 3 caps at 2 */
    if (points <= 0 || mode == BERGEN_NEAR_GOAL_NONE) return points;
    if (mode == BERGEN_NEAR_GOAL_PAGAT) {
        if (distance == 2) return pagat_by_distance[2];
        if (distance == 3) return points < pagat_by_distance[3] ? points : pagat_by_distance[3];
        return points;
    }
    int cap = distance - 1 < 0 ? 0 : distance - 1;
    return points < cap ? points : cap;
}

/* Header points from the observation alone (R14): both ends equal; the bare opening
 * double is worth 2; each end whose outermost tile is a crosswise double adds 1. */
static int header_points_reference(const game_observation_t *view)
{
    if (view->ends.number[0] != view->ends.number[1]) return 0;
    if (view->table_count == 1) return 2;
    return 2 + view->ends.is_double[0] + view->ends.is_double[1];
}

/* Combination points (DB R12) from the arms: started arms count their end once, or twice
 * behind a crosswise double; while an arm is unstarted the spinner counts twice. */
static void exposures_reference(const bergen_state_t *s, int *counts)
{
    for (int v = 0; v <= TILESET_MAX_NUMBER; v++) counts[v] = 0;
    if (s->opening_number < 0) return;
    bool unstarted = false;
    for (int e = 0; e < s->end_count; e++) {
        if (!(s->end_started >> e & 1)) {
            unstarted = true;
            continue;
        }
        counts[s->end_number[e]] += (s->end_double >> e & 1) ? 2 : 1;
    }
    if (unstarted) counts[s->opening_number] += 2;
}

static int combination_points_reference(const bergen_state_t *s, int exposed)
{
    int counts[TILESET_MAX_NUMBER + 1];
    exposures_reference(s, counts);
    if (s->rules->combination_scope == BERGEN_SCOPE_NEW_END_ONLY) return counts[exposed] >= 2 ? counts[exposed] : 0;
    int sum = 0;
    for (int v = 0; v <= TILESET_MAX_NUMBER; v++) sum += counts[v] >= 2 ? counts[v] : 0;
    return sum;
}

/* The exposures the engine keeps (bergen_state_t.exposures) are the ones counted afresh. */
static void check_exposures(const bergen_state_t *s)
{
    int counts[TILESET_MAX_NUMBER + 1], total = 0;
    exposures_reference(s, counts);
    for (int v = 0; v <= TILESET_MAX_NUMBER; v++) {
        REQUIRE(s->exposures.count[v] == counts[v], "number %d is exposed %d times, the engine keeps %d", v, counts[v],
                s->exposures.count[v]);
        total += counts[v] >= 2 ? counts[v] : 0;
    }
    REQUIRE(s->exposures.total == total, "the combinations are worth %d, the engine keeps %d", total,
            s->exposures.total);
}

static int unique_leader_at_target(const bergen_state_t *s)
{
    int best = -1, ties = 0;
    for (int seat = 0; seat < s->seats; seat++) {
        if (s->score[seat] < s->rules->target) continue;
        if (best < 0 || s->score[seat] > s->score[best]) { best = seat; ties = 0; }
        else if (s->score[seat] == s->score[best]) ties++;
    }
    return ties ? -1 : best;
}

/* Scores move only by the events' points; points match the layout; the match ends when,
 * and only when, R24 says; no award of a hand's end passes the observation's
 * hand_end_points_max (the heuristic skips its trial for a win below it). */
static void check_step(const game_t *game, const bergen_state_t *before, const bergen_state_t *after,
                       game_move_t move, const game_events_t *events)
{
    const bergen_rules_t *r = after->rules;
    int delta[GAME_MAX_SEATS] = {0}, awarded[GAME_MAX_SEATS] = {0};
    game_observation_t seen;
    game->observe(before, before->to_move, &seen);
    REQUIRE(seen.hand_end_points_max >= 0 ||
                (r->end_award == BERGEN_AWARD_TILE_DEDUCTION && r->deduction_per_tile < 0),
            "no bound on a hand's end kept under end_award %d", r->end_award);
    bool match_end = false, hand_end = false;
    for (int i = 0; i < events->count; i++) {
        const game_event_t *e = &events->item[i];
        if (e->kind == GAME_EVENT_PLAY || e->kind == GAME_EVENT_AWARD) delta[e->seat] += e->points;
        if (e->kind == GAME_EVENT_AWARD) awarded[e->seat] += e->points;
        if (e->kind == GAME_EVENT_MATCH_END) {
            match_end = true;
            REQUIRE_EQ(e->seat, unique_leader_at_target(after));
        }
        if (e->kind == GAME_EVENT_HAND_END) hand_end = true;
        if (e->kind == GAME_EVENT_AWARD) {
            REQUIRE(hand_end == false, "%s", "hand_end == false"); /* awards come before hand_end */
            if (e->reason == BERGEN_REASON_DEDUCTION) /* a negative deduction per tile credits */
                REQUIRE(e->points <= 0 || r->deduction_per_tile < 0, "a deduction of %d", e->points);
            else REQUIRE(e->points > 0, "an award of %d", e->points);
        }
        if (e->kind == GAME_EVENT_PLAY) {
            REQUIRE_EQ(e->tile, move.tile);
            int exposed = e->end == GAME_NO_END ? after->opening_number : after->end_number[e->end];
            int raw;
            if (r->scoring == BERGEN_SCORING_HEADERS) {
                game_observation_t view;
                game->observe(after, e->seat, &view);
                raw = header_points_reference(&view);
            } else {
                raw = combination_points_reference(after, exposed);
            }
            /* With an immediate win the hand stops; the layout is still the one scored. */
            int expected = near_goal_reference(r->near_goal, raw, r->target - before->score[e->seat]);
            REQUIRE(e->points == expected, "placement scored %d, the layout gives %d", e->points, expected);
        }
    }
    for (int seat = 0; seat < after->seats; seat++) {
        REQUIRE_EQ(after->score[seat] - before->score[seat], delta[seat]);
        if (seen.hand_end_points_max >= 0)
            REQUIRE(awarded[seat] <= seen.hand_end_points_max, "seat %d awarded %d at a hand's end, bound %d", seat,
                    awarded[seat], seen.hand_end_points_max);
    }
    if (r->scoring == BERGEN_SCORING_COMBINATIONS) check_exposures(after);
    REQUIRE_EQ(match_end, after->status == GAME_MATCH_OVER);
    bool checks_now = r->win_check == BERGEN_WIN_IMMEDIATE || hand_end;
    if (checks_now) REQUIRE_EQ(match_end, unique_leader_at_target(after) >= 0);
}

/* What only observe and determinize read, which a playout without a callback seat may
 * leave stale (game.h). */
static void forget_unobserved(void *state)
{
    bergen_state_t *s = state;
    memset(s->lacks, 0, sizeof s->lacks);
    memset(s->draws, 0, sizeof s->draws);
    memset(s->passes, 0, sizeof s->passes);
}

/* game_t.playout plays, from here, the very hand that the loop over legal_moves and apply
 * plays with the same choosers: the same plies, the same final state (where nobody
 * observed, but for what only observations read, until the next deal), the streams in
 * step. The steps take turns through the modes of support_twin_choosers. */
static void check_playout(run_t *run, const bergen_state_t *s)
{
    bergen_state_t own = *s, loop = *s;
    support_twins_t twins;
    int mode = (int)(run->steps % SUPPORT_CHOOSER_MODES);
    support_twin_choosers(&twins, run->game, mode, (uint64_t)run->steps);
    int own_plies = run->game->playout(&own, twins.chooser[0]);
    int loop_plies = support_loop_playout(run->game, &loop, twins.chooser[1]);
    bool agree = support_playout_states_agree(run->game, &loop, &own, &twins, forget_unobserved);
    if (own_plies != loop_plies || !agree || !support_twins_in_step(&twins))
        ck_abort_msg("step %ld (choosers %d): playout played %d plies, the loop %d; the states %s, the choosers %s",
                     run->steps, mode, own_plies, loop_plies, agree ? "agree" : "differ",
                     support_twins_in_step(&twins) ? "in step" : "out of step");
    for (int seat = 0; seat < GAME_MAX_SEATS; seat++) run->scored_picks += twins.picks[0][seat].scored_calls;
}

/* move_points, which agents ask of every candidate, is what apply credits for each legal
 * placement: the PLAY event's points. */
static void check_move_points(const game_t *game, const bergen_state_t *s, const game_move_t *moves, int count)
{
    for (int i = 0; i < count; i++) {
        if (moves[i].kind != GAME_MOVE_PLAY) continue;
        bergen_state_t after = *s;
        game_events_t events = {0};
        game->apply(&after, moves[i], &events);
        int credited = -1;
        for (int k = 0; k < events.count; k++)
            if (events.item[k].kind == GAME_EVENT_PLAY) credited = events.item[k].points;
        REQUIRE_EQ(game->move_points(s, s->to_move, moves[i]), credited);
    }
}

/* A determinized world keeps what the seat sees and respects what it knows. */
static void check_world(run_t *run, const bergen_state_t *s, int seat)
{
    bergen_state_t world;
    run->game->determinize(s, seat, &run->rng, &world);
    run->determinized++;
    REQUIRE(tileset_equal(world.hand[seat], s->hand[seat]), "%s", "tileset_equal(world.hand[seat], s->hand[seat])");
    REQUIRE(tileset_equal(world.layout, s->layout), "%s", "tileset_equal(world.layout, s->layout)");
    REQUIRE_EQ(world.stock_next, s->stock_next);
    REQUIRE_EQ(world.to_move, s->to_move);
    for (int other = 0; other < s->seats; other++) {
        REQUIRE_EQ(tileset_size(world.hand[other]), s->hand_count[other]);
        REQUIRE(tileset_is_empty(tileset_and(logical(s->rules, world.hand[other]), s->lacks[other])),
                      "the world gives seat %d a tile it is known to lack", other);
    }
    check_conservation(&world);
    /* The world is a real state: it plays on legally to the end of the hand. */
    game_move_t moves[GAME_MAX_MOVES];
    for (int steps = 0; world.status == GAME_IN_HAND; steps++) {
        REQUIRE(steps < 10000, "the world's hand does not end");
        int count = run->game->legal_moves(&world, moves);
        run->game->apply(&world, moves[pcg32_below(&run->rng, (uint32_t)count)], NULL);
        check_conservation(&world);
    }
}

static void play_random_match(run_t *run, uint64_t seed, long hand_budget)
{
    const game_t *game = run->game;
    bergen_state_t state, before;
    game_move_t moves[GAME_MAX_MOVES];
    game_events_t events;
    game->match_start(&state, run->rules, seed);
    run->matches++;
    while (state.status != GAME_MATCH_OVER && run->hands < hand_budget) {
        events.count = 0;
        if (state.status == GAME_BETWEEN_HANDS) {
            game->deal(&state, &events);
            if (!state.hand_void) run->hands++;
            check_conservation(&state);
            check_open_ends(&state);
            continue;
        }
        int count = game->legal_moves(&state, moves);
        check_legal_moves(game, &state, moves, count);
        if (run->steps % POINTS_EVERY == 0) {
            check_move_points(game, &state, moves, count);
            support_check_kept_placement(game, &state, moves, count);
        }
        if (run->steps % DETERMINIZE_EVERY == 0) check_world(run, &state, state.to_move);
        if (run->steps % PLAYOUT_EVERY == 0) check_playout(run, &state);
        game_move_t move = moves[pcg32_below(&run->rng, (uint32_t)count)];
        before = state;
        game->apply(&state, move, &events);
        run->steps++;
        check_step(game, &before, &state, move, &events);
        check_conservation(&state);
        check_open_ends(&state);
        check_lacks_true(&state);
    }
}

static void run_config(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                       int players, long deals, uint64_t seed)
{
    deals = support_scaled(deals, 1000); /* DOMINOLAB_TEST_SCALE: the sanitizer run plays less */
    option_values_t values;
    char error[OPTIONS_ERROR_SIZE], players_text[32];
    const char *all[16];
    int count = 0;
    for (int k = 0; k < override_count; k++) all[count++] = overrides[k];
    snprintf(players_text, sizeof players_text, "players=%d", players);
    all[count++] = players_text;
    REQUIRE(game_configure(game, preset, all, count, &values, error, sizeof error) == 0, "%s", error);
    game_rules_t *rules = NULL;
    REQUIRE(game->rules_create(&values, &rules, error, sizeof error) == 0, "%s", error);
    run_t run = {game, rules, bergen_rules_of(rules), {0, 0}, 0, 0, 0, 0, 0};
    pcg32_seed(&run.rng, seed, (uint64_t)players);
    for (uint64_t match = 0; run.hands < deals; match++) play_random_match(&run, seed * 1000003u + match, deals);
    REQUIRE(run.hands >= deals, "only %ld hands", run.hands);
    REQUIRE(run.determinized > 0, "no world was checked");
    /* the line kernel tells a callback its moves' points (which the callback checks) */
    if (run.bergen->plain_header_line) REQUIRE(run.scored_picks > 0, "no playout callback was told the points of its moves");
    printf("%-14s %-40s %d players: %ld hands, %ld matches, %ld moves, %ld worlds checked\n", preset,
           override_count ? overrides[0] : "(preset)", players, run.hands, run.matches, run.steps, run.determinized);
    game->rules_destroy(rules);
}

/* ---- the presets, 2 to 4 players, DEALS_PER_PRESET hands each ---- */

START_TEST(preset_bergen) { run_config(&bergen_game, "bergen", NULL, 0, 2 + _i, DEALS_PER_PRESET, 11 + _i); }
END_TEST
START_TEST(preset_bergen_classic)
{
    run_config(&bergen_game, "bergen_classic", NULL, 0, 2 + _i, DEALS_PER_PRESET, 21 + _i);
}
END_TEST
START_TEST(preset_double_bergen)
{
    run_config(&double_bergen_game, "double_bergen", NULL, 0, 2 + _i, DEALS_PER_PRESET, 31 + _i);
}
END_TEST
START_TEST(preset_double_bergen_12)
{
    run_config(&double_bergen_game, "double_bergen_12", NULL, 0, 2 + _i, DEALS_PER_PRESET / 4, 41 + _i);
}
END_TEST

/* ---- option variants over the bergen preset ---- */

static const char *const variants[][3] = {
    {"block_method=american", "american_rule_c=literal", NULL},
    {"block_method=american", "american_rule_c=no_double_players", NULL},
    {"block_method=german", "german_rule_c_scope=all", NULL},
    {"draw_mode=one_per_turn", NULL, NULL},
    {"draw_mode=one_per_turn", "drawn_tile_must_be_played=false", NULL},
    {"first_double_both_sides=true", NULL, NULL},
    {"opener_rule=highest_double", "opening_tile=any_double", NULL},
    {"no_double_rule=redeal", NULL, NULL},
    {"near_goal=cap", "win_check=end_of_hand", NULL},
    {"end_award=lightest_hand", "lightest_tie=all", NULL},
    {"end_award=tile_deduction", "score_floor=zero", NULL},
    {"end_award=tile_deduction", "deduction_per_tile=-1", NULL}, /* credits the tiles left: no bound */
    {"end_award=lightest_hand", "lightest_hand_points=3", NULL},
    {"stock_reserve=0", "domino_points=5", NULL},
    {"set_max=9", "target=30", NULL},
    {"set_max=12", "hand_size=8", NULL},
    {"scoring=combinations", "combination_scope=new_end_only", NULL},
    {"opener_rule=rotating_first_double", "opening_tile=any_double", "next_designated_starter=left_of_designated"},
    {"stock_reserve=14", "hand_size=3", NULL}, /* the opening draw can run dry: the hand is dealt again */
};
enum { VARIANT_COUNT = sizeof variants / sizeof variants[0] };

START_TEST(variant)
{
    int index = _i / 3, players = 2 + _i % 3, count = 0;
    while (count < 3 && variants[index][count]) count++;
    run_config(&bergen_game, "bergen", variants[index], count, players, DEALS_PER_VARIANT, 100 + (uint64_t)_i);
}
END_TEST

/* ---- option variants over the double_bergen preset (the playout's spinner kernel) ---- */

static const char *const spinner_variants[][3] = {
    {"spinner_arms=8", NULL, NULL},
    {"combination_scope=new_end_only", "near_goal=pagat", "target=30"},
    {"draw_mode=one_per_turn", "drawn_tile_must_be_played=false", NULL},
    {"near_goal=cap", "target=25", "end_award=winner"},
    {"set_max=9", "win_check=end_of_hand", "target=40"},
};
enum { SPINNER_VARIANT_COUNT = sizeof spinner_variants / sizeof spinner_variants[0] };

START_TEST(spinner_variant)
{
    int index = _i / 3, players = 2 + _i % 3, count = 0;
    while (count < 3 && spinner_variants[index][count]) count++;
    run_config(&double_bergen_game, "double_bergen", spinner_variants[index], count, players, DEALS_PER_VARIANT,
               700 + (uint64_t)_i);
}
END_TEST

START_TEST(two_sets_many_players)
{
    static const char *const options[] = {"num_sets=2", "hand_size=6"};
    run_config(&bergen_game, "bergen", options, 2, 5 + _i, DEALS_PER_VARIANT, 500 + _i);
}
END_TEST

START_TEST(two_sets_double_nine)
{
    static const char *const options[] = {"num_sets=2", "set_max=9", "hand_size=9", "target=40"};
    run_config(&bergen_game, "bergen", options, 4, 4, DEALS_PER_VARIANT, 600);
}
END_TEST

/* Two sets under combination scoring: the opening double's twin may be placed on the last
 * bare arm, the one placement that covers, shows and takes away the spinner's number at
 * once (DB R8, R9, R12), which one set never gives. */
START_TEST(two_sets_combinations)
{
    static const char *const options[] = {"num_sets=2", "hand_size=6", "scoring=combinations"};
    if (_i < 2) run_config(&double_bergen_game, "double_bergen", options, 2, 5 + _i, DEALS_PER_VARIANT, 800 + _i);
    else run_config(&bergen_game, "bergen", options, 3, 3 + _i, DEALS_PER_VARIANT, 800 + _i);
}
END_TEST

static Suite *invariants_suite(void)
{
    Suite *suite = suite_create("bergen invariants");
    TCase *presets = tcase_create("presets");
    tcase_set_timeout(presets, 1200);
    tcase_add_loop_test(presets, preset_bergen, 0, 3);
    tcase_add_loop_test(presets, preset_bergen_classic, 0, 3);
    tcase_add_loop_test(presets, preset_double_bergen, 0, 3);
    tcase_add_loop_test(presets, preset_double_bergen_12, 0, 3);
    suite_add_tcase(suite, presets);
    TCase *options = tcase_create("option variants");
    tcase_set_timeout(options, 1200);
    tcase_add_loop_test(options, variant, 0, VARIANT_COUNT * 3);
    tcase_add_loop_test(options, spinner_variant, 0, SPINNER_VARIANT_COUNT * 3);
    tcase_add_loop_test(options, two_sets_many_players, 0, 4);
    tcase_add_test(options, two_sets_double_nine);
    tcase_add_loop_test(options, two_sets_combinations, 0, 4);
    suite_add_tcase(suite, options);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(invariants_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
