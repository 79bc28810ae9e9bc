/* game.c - the registry of games and helpers that work through the game interface. */
#include "game.h"

#include <stdio.h>
#include <string.h>

#include "bergen/bergen.h"

static const char *const reason_names[GAME_REASON_COUNT] = {
    [GAME_REASON_NONE] = "none",
    [GAME_REASON_DOMINO] = "domino",
    [GAME_REASON_BLOCKED] = "blocked",
    [GAME_REASON_BLOCK] = "block",
    [GAME_REASON_LIGHTEST_HAND] = "lightest_hand",
    [GAME_REASON_DEDUCTION] = "deduction",
    [GAME_REASON_TARGET_REACHED] = "target_reached",
    [GAME_REASON_REDEAL] = "redeal",
};

const char *game_reason_name(game_reason_t reason)
{
    return (unsigned)reason < GAME_REASON_COUNT ? reason_names[reason] : "unknown";
}

static const game_t *const registry[] = {&bergen_game, &double_bergen_game};

const game_t *const *game_list(int *count)
{
    *count = (int)(sizeof registry / sizeof registry[0]);
    return registry;
}

const game_t *game_find(const char *name)
{
    int count;
    const game_t *const *games = game_list(&count);
    for (int i = 0; i < count; i++)
        if (strcmp(games[i]->name, name) == 0) return games[i];
    return NULL;
}

int game_move_is_legal(const game_t *game, const void *state, game_move_t move)
{
    game_move_t moves[GAME_MAX_MOVES];
    int count = game->legal_moves(state, moves);
    for (int i = 0; i < count; i++) {
        if (moves[i].kind != move.kind) continue;
        if (move.kind != GAME_MOVE_PLAY) return 1;
        if (moves[i].tile == move.tile && moves[i].end == move.end) return 1;
    }
    return 0;
}

char *game_move_format(game_move_t move, char *out, size_t out_size)
{
    char tile[TILESET_TILE_NAME_SIZE];
    switch (move.kind) {
    case GAME_MOVE_PLAY:
        if (move.end == GAME_NO_END)
            snprintf(out, out_size, "lead %s", tileset_tile_name(move.tile, tile));
        else
            snprintf(out, out_size, "play %s on end %d", tileset_tile_name(move.tile, tile), move.end);
        break;
    case GAME_MOVE_DRAW: snprintf(out, out_size, "draw"); break;
    case GAME_MOVE_PASS: snprintf(out, out_size, "pass"); break;
    case GAME_MOVE_END_TURN: snprintf(out, out_size, "keep the drawn tile"); break;
    default: snprintf(out, out_size, "unknown move %d", move.kind); break;
    }
    return out;
}

int game_configure(const game_t *game, const char *preset, const char *const *overrides, int override_count,
                   option_values_t *values, char *error, size_t error_size)
{
    if (options_set_defaults(game->options, game->option_count, values, error, error_size)) return -1;
    const preset_spec_t *chosen = NULL;
    for (int i = 0; i < game->preset_count; i++)
        if (strcmp(game->presets[i].name, preset ? preset : game->presets[0].name) == 0) chosen = &game->presets[i];
    if (!chosen) {
        size_t used = (size_t)snprintf(error, error_size, "unknown preset '%s' for game %s (presets:", preset,
                                       game->name);
        for (int i = 0; i < game->preset_count && used < error_size; i++)
            used += (size_t)snprintf(error + used, error_size - used, " %s", game->presets[i].name);
        if (used < error_size) snprintf(error + used, error_size - used, ")");
        return -1;
    }
    for (int i = 0; chosen->overrides[i]; i++)
        if (options_assign(game->options, game->option_count, values, chosen->overrides[i], false, error,
                           error_size))
            return -1;
    for (int i = 0; i < override_count; i++)
        if (options_assign(game->options, game->option_count, values, overrides[i], true, error, error_size))
            return -1;
    return 0;
}
