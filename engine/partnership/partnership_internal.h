/* partnership_internal.h - what the files of Partnership dominoes share, and nothing
 * outside engine/partnership/ includes:
 *   partnership_options.c      option table, presets, rules_create
 *   partnership.c              deal, starters, decisions, legal moves, apply, scoring, match end
 *   partnership_determinize.c  what a seat observes; worlds consistent with it
 *   partnership_record.c       the game's words: reasons, move text, record lines
 */
#ifndef DOMINOLAB_PARTNERSHIP_INTERNAL_H
#define DOMINOLAB_PARTNERSHIP_INTERNAL_H

#include "partnership/partnership.h"
#include "sampler.h"

/* ---- partnership_options.c ---- */
enum { PT_PRESET_COUNT = 7 };
extern const option_spec_t partnership_options[PT_OPTION_COUNT];
extern const preset_spec_t partnership_presets[PT_PRESET_COUNT];
int partnership_rules_create(const option_values_t *values, game_rules_t **out, char *error, size_t error_size);
void partnership_rules_destroy(game_rules_t *rules);

/* ---- partnership_determinize.c ---- */
/* What every world of one state and seat shares (game.h, plan_worlds). A world that gives
 * a seat doubles at random, or that may have to be drawn again (R2), is drawn as
 * determinize draws it; the others through the sampler's plan. */
/* The game's own fact of an observation (game.h, game_fact_t), at this offset: */
enum { PT_FACT_OPENED = 0 }; /* per seat: bit n, his placements made an end show n (public) */
extern const game_fact_t partnership_facts[1];

typedef struct partnership_world_plan {
    const partnership_state_t *state;
    int seat;
    bool planned;                 /* the world is the fixed tiles and one deal from `words` */
    tileset_t fixed[PARTNERSHIP_SEATS];
    sampler_word_plan_t words;
} partnership_world_plan_t;
void partnership_plan_worlds(const void *state, int seat, void *plan);
void partnership_draw_world(const void *plan, pcg32_t *rng, void *out_state);
int partnership_hand_tiles(const void *world, int seat, uint8_t *out);
bool partnership_give_hand(void *world, int observer, int seat, const uint8_t *tiles, int count);

/* ---- partnership_record.c ---- */
extern const char *const partnership_reason_names[PT_REASON_COUNT], *const partnership_reason_words[PT_REASON_COUNT];
extern const char *const partnership_award_words[], *const partnership_hand_end_words[];
extern const char *const partnership_decision_names[PT_DECISION_COUNT];
void partnership_move_text(game_move_t move, char *out, size_t out_size);
int partnership_event_line(const void *state, const game_event_t *event, game_line_t *line);
void partnership_points_words(const void *state, const game_event_t *event, char *out, size_t out_size);
int partnership_line_move(const void *state, const game_line_t *line, game_move_t *out, char *error,
                          size_t error_size);
int partnership_unwritten_move(const void *state, const game_line_t *next, game_move_t *out);
bool partnership_tolerated_line(const void *state, const game_line_t *line, const game_line_t *ending);

#endif
