/*
 * thread_process.c - what the search shares with other processes (the
 * cluster build, src/cluster/): this process's rank among them, the hooks
 * through which a completed line is published and another's is read, the
 * depth whose completion elsewhere ends the search here, and the node and
 * table-fill counts summed over them. Without the cluster every hook is
 * empty and each count is this process's own.
 */
#include <string.h>

#include "thread.h"

static uint64_t (*extra_nodes)(void);
static int process_rank; /* threads_set_process_rank */

void threads_set_process_rank(int rank) { process_rank = rank; }
int threads_process_rank(void) { return process_rank; }

int threads_helper_id(const SearchThread *t) { return t->id + process_rank * engine_threads(); }

void threads_set_extra_nodes(uint64_t (*fn)(void)) { extra_nodes = fn; }

static ProcessHooks process_hooks; /* threads_set_process_hooks: set before the first search, read only after */

void threads_set_process_hooks(const ProcessHooks *hooks) { process_hooks = *hooks; }

void threads_publish_line(const SearchThread *t)
{
    if (!process_hooks.publish)
        return;
    SearchLine line;
    const RootMove *rm = &t->s.root[0];
    line.root = pos_key(&t->pos);
    line.depth = t->s.completed_depth;
    line.score = rm->score;
    line.len = imin(rm->pv.len, MAX_PLY);
    memcpy(line.pv, rm->pv.moves, (size_t)line.len * sizeof(Move));
    process_hooks.publish(&line);
}

bool threads_outside_line(Key root, SearchLine *out)
{
    return process_hooks.outside && process_hooks.outside(root, out);
}

/* The search that another process's completed line may end: its root and the depth it was asked for. */
static _Atomic Key ending_root;
static _Atomic int ending_depth; /* 0: none (no depth limit, several lines, a weakened level, no search) */

void threads_set_ending(Key root, int depth)
{
    atomic_store(&ending_root, root);
    atomic_store(&ending_depth, depth);
}

void threads_line_arrived(Key root, int depth)
{
    const int asked = atomic_load(&ending_depth);
    if (asked > 0 && depth >= asked && atomic_load(&ending_root) == root)
        atomic_store(&g_stop, true);
}

void threads_search_finished(void)
{
    if (!process_hooks.finished)
        return;
    SearchStats sum = {0};
    for (int i = 0; i < engine_threads(); i++)
        search_stats_add(&sum, &threads_get(i)->s.stats);
    process_hooks.finished(&sum);
}

int threads_hashfull(void) { return process_hooks.hashfull ? process_hooks.hashfull() : tt_hashfull(); }

uint64_t engine_nodes(void)
{
    uint64_t n = threads_main()->s.stats.nodes;
    for (int i = 1; i < engine_threads(); i++)
        n += atomic_load_explicit(&threads_get(i)->published, memory_order_relaxed);
    return extra_nodes ? n + extra_nodes() : n;
}
