/* fuzz_record.c - libFuzzer harness for the game-record reader: replay_stream
 * (sim/records/replay.h) over the bytes as a record file.
 *
 * Besides the sanitizers, it checks what replay.h promises: the result is one of
 * replay_result_t, and any other answer than REPLAY_AGREES comes with a message naming
 * the record.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_support.h"
#include "records/replay.h"

static const char record_name[] = "fuzz-record.jsonl";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fuzz_stream(data, size);
    if (!in) return 0;
    replay_summary_t summary;
    char error[1024];
    int result = replay_stream(in, record_name, &summary, error, sizeof error);
    fclose(in);
    fuzz_require(result == REPLAY_AGREES || result == REPLAY_DISAGREES || result == REPLAY_MALFORMED,
                 "replay_stream returns a replay_result_t");
    fuzz_require(result == REPLAY_AGREES || fuzz_error_names(error, record_name),
                 "a record replay refuses has a message naming it");
    fuzz_require(summary.lines >= 0 && summary.lines <= fuzz_line_count(data, size),
                 "the summary counts no more lines than the record has");
    fuzz_require(result != REPLAY_AGREES || summary.game != NULL, "a record that agrees names its game");
    fuzz_require(!summary.game || (summary.seats >= 1 && summary.seats <= GAME_MAX_SEATS),
                 "a configured match has 1..GAME_MAX_SEATS seats");
    return 0;
}
