/* cli_bench.c - `dominolab bench`: a fixed workload, timed, with a signature of behaviour.
 *
 * Like a chess engine's bench: the same units are played every time (2-player Bergen,
 * preset bergen, fixed seeds), on one thread and on every thread. The table gives deals/s
 * and plies/s; the signature is a checksum of every outcome, so it changes when, and only
 * when, the engine or the agents play differently. The runs on different thread counts must
 * give the same signature; bench says so, and fails if they do not.
 */
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim.h"

typedef struct bench_workload {
    const char *name;
    const char *agent;
    int64_t deals, quick_deals;
} bench_workload_t;

static const bench_workload_t workloads[] = {
    {"random-vs-random", "random", 1000000, 50000},
    {"greedy-vs-greedy", "greedy", 200000, 10000},
};
static const uint64_t BENCH_SEED = 20261122;

static void bench_usage(FILE *out)
{
    fprintf(out, "usage: dominolab bench [--threads T] [--quick]\n\n"
                 "Plays a fixed workload of 2-player Bergen deals (preset bergen, each deal once) with\n"
                 "random and greedy agents, on 1 thread and on T threads (default: every core), and prints\n"
                 "deals/s, plies/s and a signature of all outcomes. --quick plays a twentieth of it.\n");
}

typedef struct bench_result {
    double seconds;
    sim_totals_t totals;
} bench_result_t;

static int bench_run(const cli_game_t *game, const bench_workload_t *w, int64_t deals, int threads,
                     bench_result_t *out, char *error, size_t size)
{
    sim_config_t c;
    memset(&c, 0, sizeof c);
    c.game = game->game;
    c.rules = game->rules;
    c.seats = game->seats;
    c.sides = c.game->side_count(c.rules);
    c.rotations = 1;
    c.agent_count = 1;
    c.agents[0] = w->agent;
    c.mode = SIM_DEALS;
    c.units = deals;
    c.first_unit = 0;
    c.end_unit = deals;
    c.seed = BENCH_SEED;
    c.threads = threads;
    memset(&out->totals, 0, sizeof out->totals);
    double started = omp_get_wtime();
    int result = sim_run(&c, &out->totals, NULL, NULL, NULL, error, size);
    out->seconds = omp_get_wtime() - started;
    return result;
}

int cli_bench(int argc, char **argv)
{
    int threads = omp_get_num_procs();
    bool quick = false;
    for (int i = 1; i < argc; i++) {
        uint64_t value;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { bench_usage(stdout); return 0; }
        if (!strcmp(argv[i], "--quick")) { quick = true; continue; }
        if (!strcmp(argv[i], "--threads") && i + 1 < argc && !cli_parse_u64(argv[i + 1], &value) && value >= 1 &&
            value <= 1024) {
            threads = (int)value;
            i++;
            continue;
        }
        fprintf(stderr, "dominolab bench: unexpected or bad argument '%s' (see dominolab bench --help)\n", argv[i]);
        return 2;
    }
    char error[CLI_ERROR_SIZE];
    cli_game_args_t args;
    memset(&args, 0, sizeof args);
    args.game_name = "bergen";
    snprintf(args.players_override, sizeof args.players_override, "players=2");
    cli_game_t game;
    if (cli_game_open(&args, &game, error, sizeof error)) {
        fprintf(stderr, "dominolab bench: %s\n", error);
        return 1;
    }
    printf("%-18s %7s %9s %11s %8s %11s %12s\n", "workload", "threads", "deals", "plies", "seconds", "deals/s",
           "plies/s");
    uint64_t signature = 0;
    int status = 0;
    for (size_t k = 0; k < sizeof workloads / sizeof workloads[0] && !status; k++) {
        const bench_workload_t *w = &workloads[k];
        int64_t deals = quick ? w->quick_deals : w->deals;
        uint64_t first_signature = 0;
        int counts[2] = {1, threads};
        for (int run = 0; run < (threads > 1 ? 2 : 1); run++) {
            bench_result_t r;
            if (bench_run(&game, w, deals, counts[run], &r, error, sizeof error)) {
                fprintf(stderr, "dominolab bench: %s\n", error);
                status = 1;
                break;
            }
            printf("%-18s %7d %9" PRId64 " %11" PRId64 " %8.3f %11.0f %12.0f\n", w->name, counts[run], deals,
                   r.totals.plies, r.seconds, (double)deals / r.seconds, (double)r.totals.plies / r.seconds);
            if (run == 0) first_signature = r.totals.signature;
            else if (r.totals.signature != first_signature) {
                fprintf(stderr, "dominolab bench: %s gives different outcomes on %d threads: a bug\n", w->name,
                        counts[run]);
                status = 1;
            }
        }
        signature = signature * 1000003u + first_signature;
    }
    if (!status) printf("signature %016" PRIx64 " (%s workload; same on every thread count)\n", signature,
                        quick ? "quick" : "full");
    cli_game_close(&game);
    return status;
}
