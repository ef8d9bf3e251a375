/*
 * bench.h - fixed-workload drivers: bench (search signature) and perft.
 */
#ifndef CHARIOT_BENCH_H
#define CHARIOT_BENCH_H

#include "search.h"

enum { BENCH_DEFAULT_DEPTH = 9, BENCH_HASH_MB = 16 };

/* Search every bench position to `depth` (0 = default) with a cleared
 * table, with `threads` search threads (0: as set); prints "Nodes searched"
 * (deterministic with one thread) and "Nodes/second"; returns the nodes.
 * Flags: BENCH_POSITIONS, first a line for each position (its nodes, its
 * search time and which thread completed the depth: what
 * tools/bench/smp_positions.py reads); BENCH_ITERATIONS, before the totals a line
 * for each depth searched: how many iterations of it the main thread and the
 * helpers completed or had cut short by the end of the search, and their
 * nodes, summed over the positions. */
enum { BENCH_POSITIONS = 1, BENCH_ITERATIONS = 2 };
uint64_t bench_run(int depth, int threads, unsigned flags);
/* perft with one line per root move, then "Nodes searched: N". */
uint64_t bench_perft_divide(Position *pos, int depth);

#endif
