/*
 * thread_busy.c - the marks by which searching threads (and, in the
 * cluster, the ranks of one machine) leave each other's subtrees alone:
 * a thread about to search a move of a deep node marks it, another that
 * finds the mark searches its other moves first (search.c, "Lazy SMP work
 * splitting"; docs/search.md "Threads").
 */
#include "thread.h"

/* Subtrees some thread is searching right now: one tag per slot, one slot
 * per cache line, so that marking a slot does not evict the lines the other
 * threads are reading (the marks change at every move of a deep node). */
enum { BUSY_SLOTS = 1024 };
typedef struct {
    _Alignas(64) _Atomic uint64_t tag;
} BusySlot;
_Static_assert(sizeof(BusySlot) * BUSY_SLOTS == THREADS_BUSY_BYTES, "THREADS_BUSY_BYTES is the marks' size");
static BusySlot own_busy[BUSY_SLOTS];
static BusySlot *busy = own_busy; /* threads_share_busy */

void threads_share_busy(void *mem) { busy = mem ? mem : own_busy; }

bool threads_split_work(void) { return engine_threads() > 1 || busy != own_busy; }

/* Never 0 (an empty slot): the position's key mixed with the move. */
static inline uint64_t busy_tag(Key parent, Move m) { return (parent ^ ((uint64_t)m + 1) * 0x9E3779B97F4A7C15ULL) | 1; }

static inline _Atomic uint64_t *busy_slot(uint64_t tag) { return &busy[(tag >> 1) & (BUSY_SLOTS - 1)].tag; }

bool thread_busy_elsewhere(Key parent, Move m)
{
    const uint64_t tag = busy_tag(parent, m);
    return atomic_load_explicit(busy_slot(tag), memory_order_relaxed) == tag;
}

void thread_mark_busy(Key parent, Move m)
{
    const uint64_t tag = busy_tag(parent, m);
    atomic_store_explicit(busy_slot(tag), tag, memory_order_relaxed);
}

void thread_unmark_busy(Key parent, Move m)
{
    uint64_t tag = busy_tag(parent, m), expected = tag;
    atomic_compare_exchange_strong_explicit(busy_slot(tag), &expected, 0, memory_order_relaxed, memory_order_relaxed);
}
