/*
 * bench.c - the bench signature and the perft divide: the UCI commands `bench` and
 * `go perft`, and the command line's `bench` and `perft`.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "protocol.h"
#include "engine.h"
#include "timeman.h"

/* The iterations' cost, summed over the positions: [0] the main thread, [1] the helpers. */
typedef IterationTally BenchIterations[2][MAX_PLY];

static void bench_print_iterations(BenchIterations sum, int depth, bool helpers)
{
    for (int d = 1; d < MAX_PLY; d++) {
        const IterationTally *m = &sum[0][d], *h = &sum[1][d];
        if (!m->count[0] && !m->count[1] && !h->count[0] && !h->count[1])
            continue;
        char rest[160] = "";
        if (helpers)
            snprintf(rest, sizeof rest, "; helpers %u completed (%llu nodes), %u stopped (%llu nodes)", h->count[1],
                     (unsigned long long)h->nodes[1], h->count[0], (unsigned long long)h->nodes[0]);
        proto_out("Iterations of depth %d (T%+d): main thread %u completed (%llu nodes), %u stopped (%llu nodes)%s", d,
                  d - depth, m->count[1], (unsigned long long)m->nodes[1], m->count[0], (unsigned long long)m->nodes[0],
                  rest);
    }
}

uint64_t bench_run(int depth, int threads, unsigned flags)
{
    BenchIterations iterations; /* 6 KiB */
    memset(iterations, 0, sizeof iterations);
    static Position pos; /* about 40 KiB: not on the stack */
    size_t old_mb = tt_size_mb();
    uint64_t nodes = 0;
    int64_t search_ms = 0; /* inside the searches: without clearing the table and histories */
    int old_threads = engine_threads();
    if (depth <= 0)
        depth = BENCH_DEFAULT_DEPTH;
    if (threads > 0 && !engine_set_threads(threads))
        proto_error("bench could not start %d threads; running with %d", threads, engine_threads());
    if (!tt_resize(BENCH_HASH_MB))
        proto_error("bench could not allocate its %d MiB table; running with %zu MiB", BENCH_HASH_MB, tt_size_mb());
    int64_t start = time_now_ms();
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++) {
        char err[160];
        if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err)) {
            fprintf(stderr, "bench position %d: %s\n", i + 1, err);
            continue;
        }
        tt_clear();
        engine_clear_histories();
        SearchLimits limits;
        search_limits_init(&limits);
        limits.depth = depth;
        int64_t search_start = time_now_ms();
        engine_search(&pos, &limits, NULL);
        int64_t position_ms = time_now_ms() - search_start;
        search_ms += position_ms;
        nodes += engine_nodes();
        engine_add_iterations(iterations);
        if (flags & BENCH_POSITIONS)
            proto_out("Position %d/%d: nodes %llu, search time %lld ms, depth completed by thread %d", i + 1,
                      GAME_BENCH_FEN_COUNT, (unsigned long long)engine_nodes(), (long long)position_ms,
                      engine_finisher(depth));
    }
    int64_t ms = time_now_ms() - start;
    int used_threads = engine_threads();
    if (ms <= 0)
        ms = 1;
    /* Give the user's table and threads back; say so if that fails (the memory may have gone meanwhile). */
    size_t want_mb = old_mb ? old_mb : TT_DEFAULT_MB;
    if (tt_size_mb() != want_mb && !tt_resize(want_mb))
        proto_error("bench could not give back the %zu MiB table; the table now has %zu MiB (set Hash again)", want_mb,
                    tt_size_mb());
    else if (tt_size_mb() == want_mb)
        tt_clear();
    if (engine_threads() != old_threads && !engine_set_threads(old_threads))
        proto_error("bench could not give back %d threads; %d run now (set Threads again)", old_threads,
                    engine_threads());
    if (flags & BENCH_ITERATIONS)
        bench_print_iterations(iterations, depth, used_threads > 1);
    proto_out("Nodes searched: %llu", (unsigned long long)nodes);
    proto_out("Nodes/second: %llu", (unsigned long long)(nodes * 1000 / (uint64_t)ms));
    proto_out("Time: %lld ms, threads: %d", (long long)ms, used_threads);
    proto_out("Search time: %lld ms", (long long)search_ms);
    return nodes;
}

uint64_t bench_perft_divide(Position *pos, int depth)
{
    Move list[MAX_MOVES];
    int n = gen_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char m[8];
        pos_make(pos, list[i]);
        uint64_t c = engine_perft(pos, depth - 1);
        pos_unmake(pos);
        if (engine_stopped()) {
            engine_job_finishing();
            proto_out("info string perft stopped after %d of %d root moves", i, n);
            return total;
        }
        proto_move_str(pos, list[i], m);
        proto_out("%s: %llu", m, (unsigned long long)c);
        total += c;
    }
    engine_job_finishing();
    proto_out("\nNodes searched: %llu", (unsigned long long)total);
    return total;
}
