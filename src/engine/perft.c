/*
 * perft.c - the one perft walk (perft.h).
 */
#include "perft.h"

uint64_t perft_count(Position *pos, int depth, const atomic_bool *stop)
{
    Move list[MAX_MOVES];
    if (depth <= 0)
        return 1;
    if (depth <= PERFT_STOP_CHECK_DEPTH)
        stop = NULL; /* a small subtree is counted whole: a few milliseconds at most */
    else if (stop && atomic_load_explicit(stop, memory_order_relaxed))
        return 0;
    const int n = gen_legal(pos, list);
    if (depth == 1) /* bulk count at the last ply */
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make(pos, list[i]);
        total += perft_count(pos, depth - 1, stop);
        pos_unmake(pos);
    }
    return total;
}
