/*
 * tt.c - transposition table storage, probe, replacement and aging.
 * The layout and the schemes are described in tt.h.
 */
#define _DEFAULT_SOURCE
#include "tt_lab.h"
#include "tt_remote.h"

#include "game_api.h"
#include "platform.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

static TTEntry *table;
static size_t bucket_count;
static size_t table_bytes;
static _Atomic uint8_t
    generation; /* atomic: a cluster build's exchange thread reads it (tt_hashfull, tt_group_store) */
static inline uint8_t gen_now(void) { return atomic_load_explicit(&generation, memory_order_relaxed); }
static TTScheme scheme = TT_AGED_BUCKET;
static bool store_depth0 = true;
static bool enabled = true;
static bool aging = true;
static bool mate_adjust = true;
static bool verify = true;
static int clear_threads = 1;

static const char *SCHEME_NAMES[TT_SCHEME_NB] = {"always", "depth", "two-tier", "two-layer", "aged-bucket"};
static const int GROUP_SIZE[TT_SCHEME_NB] = {1, 1, 2, 2, 8};
#define TT_INDEX32_MAX_BUCKETS ((uint64_t)1 << 32) /* 32 key bits index up to this many buckets */

/* Field access. The move field has TT_MOVE_BITS bits: every game's moves must fit. */
enum { TT_MOVE_BITS = 14, TT_MOVE_MASK = (1 << TT_MOVE_BITS) - 1 };
_Static_assert(MOVE_INDEX_NB <= (1 << TT_MOVE_BITS), "the game's moves do not fit the table entry's move field");
static inline uint16_t e_key(uint64_t e) { return (uint16_t)e; }
static inline Move e_move(uint64_t e) { return (Move)((e >> 16) & TT_MOVE_MASK); }
static inline Bound e_bound(uint64_t e) { return (Bound)((e >> 30) & 3); }
static inline Score e_value(uint64_t e) { return (int16_t)(uint16_t)(e >> 32); }
static inline Depth e_depth(uint64_t e) { return (int)((e >> 48) & 0xff) - 1; }
static inline uint8_t e_gen(uint64_t e) { return (uint8_t)(e >> 56); }

static inline uint64_t e_pack(uint16_t key16, Move m, Bound b, Score v, Depth d, uint8_t gen)
{
    return (uint64_t)key16 | (uint64_t)(m & TT_MOVE_MASK) << 16 | (uint64_t)b << 30 |
        (uint64_t)(uint16_t)(int16_t)v << 32 | (uint64_t)(uint8_t)(iclamp(d, -1, 254) + 1) << 48 | (uint64_t)gen << 56;
}

static inline uint64_t load(TTEntry *e) { return atomic_load_explicit(e, memory_order_relaxed); }
static inline void save(TTEntry *e, uint64_t v) { atomic_store_explicit(e, v, memory_order_relaxed); }

const char *tt_scheme_name(TTScheme s) { return s < TT_SCHEME_NB ? SCHEME_NAMES[s] : "?"; }

bool tt_scheme_parse(const char *name, TTScheme *out)
{
    for (int s = 0; s < TT_SCHEME_NB; s++)
        if (!strcmp(name, SCHEME_NAMES[s])) {
            *out = (TTScheme)s;
            return true;
        }
    return false;
}

/* Entries from elsewhere (tt_store_external: another process of a cluster build) arrive on their own
 * thread at any time; this lock keeps them out while the table is reallocated, cleared or freed. The
 * search never takes it (it runs only between those operations). */
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static void clear_locked(void);
static void (*clear_hook)(void); /* tt_set_clear_hook */

void tt_set_clear_hook(void (*fn)(void)) { clear_hook = fn; }

/* The memory a table may take: the machine's physical memory, or a control group's limit below it (a table
 * larger than that would be paged out, or, where the kernel overcommits, killed at its clear); 0: unknown,
 * no limit. tt_set_memory_limit replaces it (tests simulate a small machine). */
static size_t memory_limit_override;

static size_t memory_limit(void) { return memory_limit_override ? memory_limit_override : platform_memory_bytes(); }

void tt_set_memory_limit(size_t bytes) { memory_limit_override = bytes; }
size_t tt_memory_limit_mb(void) { return memory_limit() >> 20; }

/* A new table of `bytes`, cleared. The same size is cleared in place. Otherwise the new table is allocated
 * before the old one is freed, so that a size that cannot be had leaves the old table as it was - unless
 * the two together would not fit in memory: then the old one goes first (its entries are cleared by any
 * resize anyway), and if the new one cannot be had, a table of the old size is allocated again. */
static bool resize_bytes(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    size_t align = bytes >= huge ? huge : 64;
    bytes = (bytes / 64) * 64;
    const size_t limit = memory_limit();
    if (bytes < 64 * 16 || (limit && bytes > limit))
        return false;
    pthread_mutex_lock(&table_lock);
    if (table && bytes == table_bytes) { /* the same size: cleared in place, never twice the memory at once */
        clear_locked();
        pthread_mutex_unlock(&table_lock);
        return true;
    }
    const size_t old_bytes = table_bytes;
    const bool free_first = limit && table && old_bytes > limit - bytes;
    if (free_first) {
        platform_aligned_free(table);
        table = NULL;
        bucket_count = table_bytes = 0;
    } else {
        pthread_mutex_unlock(&table_lock);
    }
    size_t alloc = (bytes + align - 1) / align * align;
    TTEntry *mem = platform_aligned_alloc(align, alloc);
    bool ok = mem != NULL;
    if (!ok && free_first) { /* the old size again: it was there a moment ago */
        bytes = old_bytes;
        align = bytes >= huge ? huge : 64;
        alloc = (bytes + align - 1) / align * align;
        mem = platform_aligned_alloc(align, alloc);
    }
    if (!mem) { /* without free_first the old table is untouched; with it, nothing could be had */
        if (free_first)
            pthread_mutex_unlock(&table_lock);
        return false;
    }
    if (align == huge)
        platform_advise_huge_pages(mem, alloc);
    if (!free_first)
        pthread_mutex_lock(&table_lock);
    platform_aligned_free(table);
    table = mem;
    table_bytes = bytes;
    bucket_count = bytes / 64;
    clear_locked();
    pthread_mutex_unlock(&table_lock);
    return ok;
}

bool tt_resize(size_t mb)
{
    /* At most 1 TiB, and no more than size_t counts in bytes (4 GiB in WebAssembly's 32 bits). */
    if (mb == 0 || (uint64_t)mb > (UINT64_C(1) << 40 >> 20) || mb > SIZE_MAX >> 20)
        return false;
    return resize_bytes(mb << 20);
}

bool tt_resize_kb(size_t kb) { return kb > 0 && kb <= SIZE_MAX >> 10 && resize_bytes(kb << 10); }

typedef struct {
    char *start;
    size_t bytes;
} ClearJob;

static void *clear_part(void *arg)
{
    ClearJob *job = arg;
    memset(job->start, 0, job->bytes);
    return NULL;
}

void tt_set_clear_threads(int n) { clear_threads = n < 1 ? 1 : n > 64 ? 64 : n; }

/* Big tables are cleared by several threads, each a contiguous part. */
void tt_clear(void)
{
    pthread_mutex_lock(&table_lock);
    clear_locked();
    pthread_mutex_unlock(&table_lock);
}

static void clear_locked(void)
{
    enum { PARALLEL_CLEAR_MIN_BYTES = 64 << 20 };
    atomic_store_explicit(&generation, 0, memory_order_relaxed);
    if (clear_hook)
        clear_hook();
    if (!table)
        return;
    size_t bytes = bucket_count * 64;
    int n = bytes >= PARALLEL_CLEAR_MIN_BYTES ? clear_threads : 1;
    ClearJob jobs[64] = {{NULL, 0}};
    pthread_t ids[64];
    bool started[64] = {false};
    size_t part = (bytes / (size_t)n + 63) / 64 * 64;
    for (int i = 0; i < n; i++) {
        size_t from = part * (size_t)i;
        jobs[i].start = (char *)table + from;
        jobs[i].bytes = from >= bytes ? 0 : from + part > bytes ? bytes - from : part;
        if (i > 0)
            started[i] = pthread_create(&ids[i], NULL, clear_part, &jobs[i]) == 0;
    }
    clear_part(&jobs[0]);
    for (int i = 1; i < n; i++) {
        if (started[i])
            pthread_join(ids[i], NULL);
        else
            clear_part(&jobs[i]);
    }
}

void tt_free(void)
{
    pthread_mutex_lock(&table_lock);
    platform_aligned_free(table);
    table = NULL;
    bucket_count = table_bytes = 0;
    pthread_mutex_unlock(&table_lock);
}

void tt_new_search(void) { atomic_fetch_add_explicit(&generation, 1, memory_order_relaxed); }
void tt_set_scheme(TTScheme s) { scheme = s; }
TTScheme tt_scheme(void) { return scheme; }
void tt_set_store_depth0(bool on) { store_depth0 = on; }
bool tt_enabled(void) { return enabled && table; }
void tt_set_enabled(bool on) { enabled = on; }
void tt_set_aging(bool on) { aging = on; }
void tt_set_mate_adjust(bool on) { mate_adjust = on; }
void tt_set_verification(bool on) { verify = on; }
size_t tt_size_mb(void) { return table_bytes >> 20; }
size_t tt_entry_count(void) { return bucket_count * TT_BUCKET_ENTRIES; }

/* Permille of the first 1000 slots of `mem` filled in this generation. */
int tt_hashfull_in(TTEntry *mem, size_t entries)
{
    const size_t n = entries < 1000 ? entries : 1000; /* no narrowing: tables pass 2^31 entries */
    const uint8_t gen = gen_now();
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t e = load(&mem[i]);
        used += e_bound(e) != BOUND_NONE && e_gen(e) == gen;
    }
    return n ? (int)(used * 1000 / n) : 0;
}

/* Any thread may ask (a cluster build's exchange thread does, at any time): under the lock that resize takes. */
int tt_hashfull(void)
{
    pthread_mutex_lock(&table_lock);
    const int full = tt_hashfull_in(table, tt_entry_count());
    pthread_mutex_unlock(&table_lock);
    return full;
}

int tt_fill_permille(void)
{
    size_t n = tt_entry_count(), used = 0;
    for (size_t i = 0; i < n; i++)
        used += e_bound(load(&table[i])) != BOUND_NONE;
    return n ? (int)(used * 1000 / n) : 0;
}

Score tt_value_to(Score v, int ply)
{
    if (score_is_rule(v)) /* path-dependent: kept out of the table (types.h) */
        return SCORE_NONE;
    if (v == SCORE_NONE || !mate_adjust)
        return v;
    return v >= SCORE_MATE_IN_MAX ? v + ply : v <= -SCORE_MATE_IN_MAX ? v - ply : v;
}

Score tt_value_from(Score v, int ply)
{
    if (v == SCORE_NONE || !mate_adjust)
        return v;
    return v >= SCORE_MATE_IN_MAX ? v - ply : v <= -SCORE_MATE_IN_MAX ? v + ply : v;
}

/* The bucket is the low 32 key bits scaled to the bucket count (a multiply,
 * not a modulo), the group within it from bits 32 up. Past 2^32 buckets
 * (256 GiB) 32 bits no longer reach every bucket: there the 48 bits above
 * the verification bits are scaled in 128-bit arithmetic, and the group
 * comes from the lowest of them, which the scaling uses least. */
size_t tt_bucket_index(Key key, size_t buckets)
{
    if ((uint64_t)buckets <= TT_INDEX32_MAX_BUCKETS)
        return (size_t)(((key & 0xffffffffULL) * buckets) >> 32);
    return (size_t)(((unsigned __int128)(key >> 16) * buckets) >> 48);
}

size_t tt_group_offset(Key key, size_t buckets)
{
    const uint64_t group_bits = (uint64_t)buckets <= TT_INDEX32_MAX_BUCKETS ? key >> 32 : key >> 16;
    const int gs = GROUP_SIZE[scheme];
    const size_t group = (size_t)(group_bits & (uint64_t)(TT_BUCKET_ENTRIES / gs - 1)); /* < 8: fits any size_t */
    return tt_bucket_index(key, buckets) * TT_BUCKET_ENTRIES + group * (size_t)gs;
}

int tt_group_entries(void) { return GROUP_SIZE[scheme]; }

static TTGroupHook group_hook; /* tt_set_group_hook */

void tt_set_group_hook(TTGroupHook fn) { group_hook = fn; }

static inline TTEntry *group_of(Key key)
{
    TTEntry *elsewhere = group_hook ? group_hook(key) : NULL;
    return elsewhere ? elsewhere : table + tt_group_offset(key, bucket_count);
}

/* The entry a probe takes among a group's words: the deepest that matches the key (aged-bucket keeps at
 * most one per key: the first). 0: none. */
static inline uint64_t pick_entry(uint64_t best, uint64_t e, uint16_t k16)
{
    if (e_bound(e) != BOUND_NONE && (e_key(e) == k16 || !verify) && (!best || e_depth(e) > e_depth(best)))
        return e;
    return best;
}

void tt_prefetch(Key key)
{
    if (table)
        __builtin_prefetch(group_of(key));
}

TTProbe tt_probe(Key key, int ply)
{
    TTProbe r = {.hit = false, .data = {MOVE_NONE, SCORE_NONE, -1, BOUND_NONE}, .group = NULL};
    if (!tt_enabled())
        return r;
    r.group = group_of(key);
    const uint16_t k16 = (uint16_t)(key >> 48);
    uint64_t best = 0;
    for (int i = 0; i < GROUP_SIZE[scheme]; i++) {
        const uint64_t was = best;
        best = pick_entry(best, load(&r.group[i]), k16);
        if (best != was && scheme == TT_AGED_BUCKET) /* a position has at most one slot there */
            break;
    }
    r.hit = best != 0;
    if (r.hit) {
        r.data.move = e_move(best);
        r.data.value = tt_value_from(e_value(best), ply);
        r.data.depth = e_depth(best);
        r.data.bound = e_bound(best);
    }
    return r;
}

bool tt_group_find(const uint64_t *group, Key key, TTExternal *out)
{
    const uint16_t k16 = (uint16_t)(key >> 48);
    uint64_t best = 0;
    for (int i = 0; i < GROUP_SIZE[scheme]; i++)
        best = pick_entry(best, group[i], k16);
    if (!best)
        return false;
    *out = (TTExternal){key, e_value(best), e_bound(best), e_depth(best), e_move(best)};
    return true;
}

static TTRemoteProbe remote_probe;
static Depth remote_depth;

void tt_set_remote_probe(TTRemoteProbe fn, Depth min_depth)
{
    remote_probe = fn;
    remote_depth = min_depth;
}

static TTStoreResult store_entry(TTEntry *group, Key key, int ply, Score value, Bound bound, Depth depth, Move move);

TTProbe tt_probe_deep(Key key, int ply, Depth depth)
{
    TTProbe r = tt_probe(key, ply);
    if (!remote_probe || depth < remote_depth || !r.group || (r.hit && r.data.depth >= depth))
        return r;
    TTExternal e;
    if (!remote_probe(key, depth, &e) || e.bound == BOUND_NONE || e.depth <= r.data.depth)
        return r;
    const Move local_move = r.hit ? r.data.move : MOVE_NONE;
    r.hit = true;
    r.data = (TTData){e.move != MOVE_NONE ? e.move : local_move, tt_value_from(e.value, ply), e.depth, e.bound};
    store_entry(r.group, key, 0, e.value, e.bound, e.depth, r.data.move); /* the next probe needs no trip */
    return r;
}

void tt_group_store(TTEntry *group, const TTExternal *e)
{
    if (e->bound != BOUND_NONE && e->depth > 0)
        store_entry(group, e->key, 0, e->value, e->bound, e->depth, e->move);
}

static inline int age_of(uint64_t e) { return aging ? (uint8_t)(gen_now() - e_gen(e)) : 0; }

/* Depth as a replacement weight: stale entries weigh nothing when aging is on. */
static inline int weight(uint64_t e)
{
    if (e_bound(e) == BOUND_NONE)
        return -1000;
    return age_of(e) ? -999 : e_depth(e);
}

static TTStoreResult write_slot(TTEntry *slot, uint64_t old, uint64_t nw, uint16_t k16)
{
    if (e_bound(old) != BOUND_NONE && e_key(old) == k16 && e_move(nw) == MOVE_NONE) /* keep the old move */
        nw |= (uint64_t)e_move(old) << 16;
    save(slot, nw);
    return e_bound(old) == BOUND_NONE ? TT_STORE_NEW : e_key(old) == k16 ? TT_STORE_UPDATE : TT_STORE_REPLACE;
}

static TTStoreHook store_hook;
static Depth store_hook_depth;

void tt_set_store_hook(TTStoreHook hook, Depth min_depth)
{
    store_hook = hook;
    store_hook_depth = min_depth;
}

TTStoreResult tt_store(TTEntry *group, Key key, int ply, Score value, Bound bound, Depth depth, Move move)
{
    if (!group || (!store_depth0 && depth <= 0))
        return TT_STORE_REJECT;
    if (store_hook && depth >= store_hook_depth)
        store_hook(key, tt_value_to(value, ply), bound, depth, move);
    return store_entry(group, key, ply, value, bound, depth, move);
}

void tt_store_external(const TTExternal *e, int n)
{
    pthread_mutex_lock(&table_lock);
    if (table && tt_enabled())
        for (int i = 0; i < n; i++)
            tt_group_store(group_of(e[i].key), &e[i]);
    pthread_mutex_unlock(&table_lock);
}

static TTStoreResult store_entry(TTEntry *group, Key key, int ply, Score value, Bound bound, Depth depth, Move move)
{
    const uint16_t k16 = (uint16_t)(key >> 48);
    const uint64_t nw = e_pack(k16, move, bound, tt_value_to(value, ply), depth, gen_now());
    switch (scheme) {
    case TT_ALWAYS: return write_slot(&group[0], load(&group[0]), nw, k16);
    case TT_DEPTH: {
        uint64_t old = load(&group[0]);
        if (depth < weight(old))
            return TT_STORE_REJECT;
        return write_slot(&group[0], old, nw, k16);
    }
    case TT_TWO_TIER: { /* slot 0 depth-preferred, slot 1 always */
        uint64_t deep = load(&group[0]);
        if (depth >= weight(deep))
            return write_slot(&group[0], deep, nw, k16);
        return write_slot(&group[1], load(&group[1]), nw, k16);
    }
    case TT_TWO_LAYER: { /* slot 0 layer 1 (deeper), slot 1 layer 2 */
        uint64_t l1 = load(&group[0]);
        if (depth < weight(l1))
            return write_slot(&group[1], load(&group[1]), nw, k16);
        uint64_t l2 = load(&group[1]);
        if (e_bound(l1) != BOUND_NONE && e_key(l1) != k16) {
            save(&group[1], l1); /* the displaced position moves down a layer */
            TTStoreResult r = write_slot(&group[0], 0, nw, k16);
            return e_bound(l2) == BOUND_NONE ? r : TT_STORE_REPLACE;
        }
        return write_slot(&group[0], l1, nw, k16);
    }
    default: { /* aged bucket */
        int victim = 0, worst = 1 << 30;
        for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
            uint64_t e = load(&group[i]);
            if (e_bound(e) != BOUND_NONE && e_key(e) == k16) {
                /* Same position: keep a clearly deeper result of this search unless the new one is exact. */
                if (bound != BOUND_EXACT && depth + 3 < e_depth(e) && !age_of(e)) {
                    if (move != MOVE_NONE)
                        save(&group[i], (e & ~((uint64_t)TT_MOVE_MASK << 16)) | (uint64_t)move << 16);
                    return TT_STORE_REJECT;
                }
                return write_slot(&group[i], e, nw, k16);
            }
            int w = e_bound(e) == BOUND_NONE ? -1000 : e_depth(e) - TT_AGE_WEIGHT * age_of(e);
            if (w < worst) {
                worst = w;
                victim = i;
            }
        }
        return write_slot(&group[victim], load(&group[victim]), nw, k16);
    }
    }
}
