/* embed.c - an app that asks a dominolab bot for its moves. Seat 0 is the app's own player
 * (here it simply takes the first legal move), seat 1 a level:5 bot. The match is played to
 * its end, written as a game record, and the record checked against the rules.
 *
 *   cc embed.c $(pkg-config --cflags --libs dominolab) -o embed && ./embed match.jsonl
 */
#include <dominolab.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    const char *record = argc > 1 ? argv[1] : "match.jsonl";
    char error[DL_ERROR_SIZE];
    dl_game_t *game = dl_game_create("bergen", NULL, 2, NULL, 42, error, sizeof error);
    if (!game) {
        fprintf(stderr, "embed: %s\n", error);
        return 1;
    }
    dl_bot_t *bot = dl_bot_create(game, "level:5", 1, 7, error, sizeof error);
    if (!bot || dl_record_open(game, record)) {
        fprintf(stderr, "embed: %s\n", bot ? dl_game_error(game) : error);
        return 1;
    }
    int moves = 0;
    while (dl_status(game) != DL_MATCH_OVER) {
        if (dl_status(game) == DL_BETWEEN_HANDS) {
            dl_deal(game);
            continue;
        }
        dl_move_t move, legal[DL_MAX_MOVES];
        if (dl_to_move(game) == 1) {
            dl_bot_move(bot, game, &move); /* the bot's choice, from what its seat sees */
        } else {
            dl_legal_moves(game, legal);
            move = legal[0];
        }
        if (dl_apply(game, move)) {
            fprintf(stderr, "embed: %s\n", dl_game_error(game));
            return 1;
        }
        moves++;
    }
    int scores[DL_MAX_SEATS];
    dl_scores(game, scores);
    printf("%s: %d moves, scores %d %d, the match to seat %d\n", dl_version(), moves, scores[0], scores[1],
           dl_match_winner(game));
    int closed = dl_record_close(game); /* closes once: a second call would have nothing to close */
    if (closed || dl_record_check(record, error, sizeof error)) {
        fprintf(stderr, "embed: %s\n", closed ? dl_game_error(game) : error);
        return 1;
    }
    printf("record %s written and checked\n", record);
    dl_bot_destroy(bot);
    dl_game_destroy(game);
    return 0;
}
