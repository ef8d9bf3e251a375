/*
 * ttlab_cost.c - `chariot ttlab probecost`: what the table's probes and stores
 * cost under each scheme, apart from any search.
 *
 * In a search the schemes grow different trees, so CPU time per node mixes
 * the scheme's own cost with the tree's shape. Here every scheme gets the same
 * stream of operations: a probe of a key drawn from a working set twice the
 * table's entries (so that about half the probes can hit), then a store when
 * the probe found nothing as deep, with depths shaped like a search's (half
 * of them 0, a quarter 1, and so on) and the next key prefetched first, as
 * the search prefetches after making a move. The same seed gives every scheme
 * the same keys, depths and values.
 */
#define _POSIX_C_SOURCE 200809L
#include "ttlab.h"

#include <time.h>

#include "tt_lab.h"

enum {
    COST_OPS = 1 << 22,      /* operations per run */
    COST_MAX_DEPTH = 30,     /* the depth of a store: trailing zeros of a random word, capped */
    COST_VALUE_RANGE = 1000, /* values stored: -500 .. 499 */
};

static uint64_t cost_random(uint64_t *s) /* xorshift64*: fast, and the same stream for every scheme */
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

/* The key of working-set member i: a fixed scramble of i and the seed, so that buckets spread evenly. */
static Key cost_key(uint64_t i, uint64_t seed)
{
    uint64_t z = (i + 1) * 0x9e3779b97f4a7c15ULL ^ seed * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 31)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 29);
}

void ttlab_probe_cost(uint64_t seed, SearchStats *st, double *cpu_ms)
{
    const uint64_t working_set = 2 * (uint64_t)tt_entry_count();
    uint64_t rng = seed * 0x9e3779b97f4a7c15ULL + 0x2545f4914f6cdd1dULL;
    tt_clear();
    tt_new_search();
    Key next = cost_key(cost_random(&rng) % working_set, seed);
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (int i = 0; i < COST_OPS; i++) {
        const Key key = next;
        next = cost_key(cost_random(&rng) % working_set, seed);
        tt_prefetch(next);
        const uint64_t r = cost_random(&rng);
        const Depth depth = (Depth)__builtin_ctzll(r | 1ULL << COST_MAX_DEPTH);
        TTProbe p = tt_probe_deep(key, 0, depth);
        st->tt_probes++;
        st->tt_hits += p.hit;
        if (!p.hit || p.data.depth < depth) {
            const Score v = (Score)((int)((r >> 32) % COST_VALUE_RANGE) - COST_VALUE_RANGE / 2);
            const Bound b = (Bound)(1 + (r >> 40) % 3);
            const Move m = (Move)(1 + (r >> 44) % 0x3fff);
            st->stores[tt_store(p.group, key, 0, v, b, depth, m)]++;
        }
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    st->nodes += COST_OPS;
    *cpu_ms += (double)(t1.tv_sec - t0.tv_sec) * 1000.0 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
}
