/* game.c - helpers that work through the game interface. */
#include "game.h"

#include <stdio.h>
#include <string.h>

const char *game_reason_name(const game_t *game, int reason)
{
    return reason >= 0 && reason < game->reason_count ? game->reason_names[reason] : "unknown";
}

const char *game_reason_words(const game_t *game, int reason)
{
    if (game->reason_words && reason >= 0 && reason < game->reason_count && game->reason_words[reason])
        return game->reason_words[reason];
    return game_reason_name(game, reason);
}

void game_points_words(const game_t *game, const void *state, const game_event_t *event, char *out, size_t out_size)
{
    out[0] = '\0';
    if (game->points_words) game->points_words(state, event, out, out_size);
}

int game_move_is_legal(const game_t *game, const void *state, game_move_t move)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = game->legal_moves(state, moves);
    for (int i = 0; i < count; i++)
        if (game_move_equal(moves[i], move)) return 1;
    return 0;
}

int game_fact_at(const game_t *game, const char *name)
{
    int at = 0;
    for (int i = 0; i < game->fact_count; i++) {
        if (strcmp(game->facts[i].name, name) == 0) return at;
        at += game->facts[i].per_seat ? GAME_MAX_SEATS : 1;
    }
    return -1;
}

int game_preset_index(const game_t *game, const char *name)
{
    for (int i = 0; i < game->preset_count; i++)
        if (strcmp(game->presets[i].name, name) == 0) return i;
    return -1;
}

int game_configure(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                   option_values_t *values, char *error, size_t error_size)
{
    if (options_set_defaults(game->options, game->option_count, values, error, error_size)) return -1;
    int index = game_preset_index(game, preset ? preset : game->presets[0].name);
    if (index < 0) {
        size_t used = (size_t)snprintf(error, error_size, "unknown preset '%s' for game %s (presets:", preset,
                                       game->name);
        for (int i = 0; i < game->preset_count && used < error_size; i++)
            used += (size_t)snprintf(error + used, error_size - used, " %s", game->presets[i].name);
        if (used < error_size) snprintf(error + used, error_size - used, ")");
        return -1;
    }
    const preset_spec_t *chosen = &game->presets[index];
    for (int i = 0; chosen->overrides[i]; i++)
        if (options_assign(game->options, game->option_count, values, chosen->overrides[i], false, error,
                           error_size))
            return -1;
    for (int i = 0; i < override_count; i++)
        if (options_assign(game->options, game->option_count, values, overrides[i], true, error, error_size))
            return -1;
    return 0;
}

void game_placement_text(game_move_t move, char *out, size_t out_size)
{
    char tile[TILESET_TILE_NAME_SIZE];
    if (move.end == GAME_NO_END) snprintf(out, out_size, "lead %s", tileset_tile_name(move.tile, tile));
    else snprintf(out, out_size, "play %s on end %d", tileset_tile_name(move.tile, tile), move.end);
}
