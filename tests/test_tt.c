/*
 * test_tt.c - the table: round trips, mate-score conversion, each
 * replacement scheme's choices, aging, and forced collisions.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "search.h"
#include "thread.h"
#include "tt_lab.h"
#include "tt_remote.h"

/* Keys that share a bucket and a group but differ in verification bits. */
static Key same_group(int i) { return 0x0000000512345678ULL | ((Key)(i + 1) << 48); }

static bool has(Key k) { return tt_probe(k, 0).hit; }

static void store(Key k, Depth d)
{
    TTProbe p = tt_probe(k, 0);
    tt_store(p.group, k, 0, 100 + d, BOUND_EXACT, d, MOVE_NONE);
}

static void reset(TTScheme s)
{
    tt_set_scheme(s);
    tt_set_aging(true);
    tt_clear();
    tt_new_search();
}

static void test_round_trip(void)
{
    reset(TT_AGED_BUCKET);
    Key k = 0x9e3779b97f4a7c15ULL;
    Move m = move_make(7, 16);
    TTProbe p = tt_probe(k, 3);
    CHECK(!p.hit, "empty table misses");
    tt_store(p.group, k, 3, -123, BOUND_LOWER, 9, m);
    p = tt_probe(k, 3);
    CHECK(p.hit && p.data.value == -123 && p.data.bound == BOUND_LOWER && p.data.depth == 9 && p.data.move == m,
          "round trip: hit %d value %d bound %d depth %d", p.hit, p.data.value, p.data.bound, p.data.depth);
    CHECK(!tt_probe(k ^ (1ULL << 60), 3).hit, "other verification bits miss");
    /* Depth 0 (quiescence) is stored and told apart from empty. */
    Key k0 = 0x1234ULL << 40;
    p = tt_probe(k0, 0);
    tt_store(p.group, k0, 0, 5, BOUND_UPPER, 0, MOVE_NONE);
    p = tt_probe(k0, 0);
    CHECK(p.hit && p.data.depth == 0, "depth-0 entry kept");
    tt_set_store_depth0(false);
    Key k1 = 0x4321ULL << 40;
    p = tt_probe(k1, 0);
    CHECK(tt_store(p.group, k1, 0, 5, BOUND_UPPER, 0, MOVE_NONE) == TT_STORE_REJECT && !has(k1),
          "depth-0 store refused when switched off");
    tt_set_store_depth0(true);
}

static void test_mate_scores(void)
{
    reset(TT_AGED_BUCKET);
    for (int mate_ply = 1; mate_ply < 40; mate_ply += 7)
        for (int node_ply = 0; node_ply < mate_ply; node_ply += 3)
            for (int sign = -1; sign <= 1; sign += 2) {
                Score root_view = sign * (SCORE_MATE - mate_ply); /* mate found mate_ply plies from the root */
                Key k = 0xabcdef0000000000ULL + (Key)(unsigned)(mate_ply * 100 + node_ply * 2 + (sign > 0));
                TTProbe p = tt_probe(k, node_ply);
                tt_store(p.group, k, node_ply, root_view, BOUND_EXACT, 5, MOVE_NONE);
                /* The same position reached 2 plies deeper: the mate is 2 plies further from the root. */
                p = tt_probe(k, node_ply + 2);
                Score expect = sign * (SCORE_MATE - mate_ply - 2);
                CHECK(p.hit && p.data.value == expect, "mate %d stored at ply %d, read at ply %d: %d, expected %d",
                      root_view, node_ply, node_ply + 2, p.data.value, expect);
                CHECK(tt_value_from(tt_value_to(root_view, node_ply), node_ply) == root_view, "conversion pair");
            }
    CHECK(tt_value_to(250, 9) == 250 && tt_value_from(-250, 9) == -250, "ordinary scores unchanged");
}

static void test_schemes(void)
{
    Key a = same_group(0), b = same_group(1), c = same_group(2), d = same_group(3);

    reset(TT_ALWAYS);
    store(a, 5), store(b, 1);
    CHECK(!has(a) && has(b), "always: the newest wins");

    reset(TT_DEPTH);
    store(a, 5), store(b, 3);
    CHECK(has(a) && !has(b), "depth: a shallower result is refused");
    store(c, 5);
    CHECK(!has(a) && has(c), "depth: an equally deep result replaces");
    tt_new_search();
    store(d, 1);
    CHECK(has(d), "depth + aging: a stale entry gives way");
    reset(TT_DEPTH);
    tt_set_aging(false);
    store(a, 5), tt_new_search(), store(b, 1);
    CHECK(has(a) && !has(b), "depth without aging: a stale deep entry stays");
    tt_set_aging(true);

    reset(TT_TWO_TIER);
    store(a, 5), store(b, 3);
    CHECK(has(a) && has(b), "two-tier: deep and recent kept together");
    store(c, 2);
    CHECK(has(a) && !has(b) && has(c), "two-tier: the always slot takes the newcomer");
    store(d, 6);
    CHECK(!has(a) && has(c) && has(d), "two-tier: a deeper result takes the depth slot");

    reset(TT_TWO_LAYER);
    store(a, 5), store(b, 3);
    CHECK(has(a) && has(b), "two-layer: deeper in layer 1, shallower in layer 2");
    store(c, 7);
    CHECK(has(c) && has(a) && !has(b), "two-layer: a deeper newcomer pushes layer 1 down");

    reset(TT_AGED_BUCKET);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        store(same_group(i), i + 1);
    store(same_group(8), 4);
    CHECK(!has(same_group(0)) && has(same_group(8)), "aged-bucket: the shallowest entry is the victim");
    for (int i = 1; i < TT_BUCKET_ENTRIES; i++)
        CHECK(has(same_group(i)), "aged-bucket: entry %d kept", i);
    tt_new_search(), tt_new_search();
    store(same_group(9), 1); /* victim: old depth 2 */
    store(same_group(10), 1);
    CHECK(has(same_group(9)) && !has(same_group(1)) && !has(same_group(2)),
          "aged-bucket: old shallow entries give way before a fresh shallower one");
    TTProbe p = tt_probe(same_group(9), 0);
    tt_store(p.group, same_group(9), 0, 7, BOUND_EXACT, 3, move_make(1, 2));
    CHECK(tt_probe(same_group(9), 0).data.depth == 3, "same position updated in place");
    reset(TT_AGED_BUCKET);
}

static void test_hashfull(void)
{
    reset(TT_AGED_BUCKET);
    CHECK(tt_hashfull() == 0, "empty table: hashfull 0");
    for (Key k = 1; k < 200000; k++) {
        Key key = k * 0x9e3779b97f4a7c15ULL;
        store(key, 3);
    }
    int h = tt_hashfull();
    CHECK(h > 0 && h <= 1000, "hashfull %d after 200000 stores", h);
    tt_new_search();
    CHECK(tt_hashfull() == 0, "hashfull counts this generation only");
    CHECK(tt_fill_permille() > 0, "fill counts every generation");
}

/* Setting the size the table already has clears it in place (no second allocation beside the first, which
 * for a big table could fail where the first had fitted); a new size allocates and clears. */
static void test_resize_same(void)
{
    const size_t mb = tt_size_mb();
    reset(TT_AGED_BUCKET);
    store(same_group(3), 5);
    CHECK(has(same_group(3)) && tt_resize(mb) && tt_size_mb() == mb && !has(same_group(3)),
          "the same size keeps %zu MiB and clears the table", mb);
    store(same_group(3), 5);
    CHECK(tt_resize(mb + 1) && tt_size_mb() == mb + 1 && !has(same_group(3)), "a new size clears");
    CHECK(tt_resize(mb) && tt_size_mb() == mb, "back to %zu MiB", mb);
}

/* A table larger than the machine's memory is refused and the old size stays; where the old and the new
 * table do not fit side by side, the old one makes room first (here on a pretended 3 MiB machine). */
static void test_memory_limit(void)
{
    const size_t mb = tt_size_mb();
    CHECK(tt_memory_limit_mb() > 0, "this machine's memory is known (%zu MiB)", tt_memory_limit_mb());
    CHECK(tt_resize(2) && tt_size_mb() == 2, "2 MiB");
    tt_set_memory_limit((size_t)3 << 20);
    CHECK(tt_memory_limit_mb() == 3, "pretended limit");
    CHECK(!tt_resize(4) && tt_size_mb() == 2, "4 MiB on a 3 MiB machine is refused, 2 MiB stay");
    store(same_group(5), 5);
    CHECK(tt_resize(3) && tt_size_mb() == 3 && !has(same_group(5)),
          "2 then 3 MiB on a 3 MiB machine: the old one makes room");
    store(same_group(5), 5);
    CHECK(has(same_group(5)), "the 3 MiB table works");
    tt_set_memory_limit(0);
    CHECK(tt_resize(mb) && tt_size_mb() == mb, "back to %zu MiB", mb);
}

/* With verification off every probe "hits" data from other positions: the
 * engine must still search and play only legal moves. */
static void test_collisions(void)
{
    SearchThread *t = threads_main();
    const char *const FENS[] = {
        GAME_STARTPOS, /* and three of the game's bench positions: the test runs for each game */
        GAME_BENCH_FENS[5],
        GAME_BENCH_FENS[6],
        GAME_BENCH_FENS[7],
    };
    char err[160];
    reset(TT_AGED_BUCKET);
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) {
        for (int pass = 0; pass < 2; pass++) {
            tt_set_verification(pass == 1);
            pos_set_fen(&t->pos, FENS[(i + (size_t)pass) % 4], err, sizeof err);
            search_limits_init(&t->limits);
            t->limits.depth = g_quick ? 4 : 6;
            atomic_store(&g_stop, false);
            tt_set_verification(pass == 1);
            Move m = search_run(t, NULL);
            CHECK(m != MOVE_NONE && pos_is_pseudo_legal(&t->pos, m) && pos_is_legal(&t->pos, m),
                  "collision pass %d position %zu: illegal best move", pass, i);
            CHECK(pos_ok(&t->pos, NULL), "position intact after a search with collisions");
        }
    }
    tt_set_verification(true);
    tt_clear();
}

/* Issue #23: past 2^32 buckets (256 GiB) the index still reaches the whole
 * table; up to 2^32 it is the multiply-shift of the low 32 key bits. */
static void test_index_large(void)
{
    const size_t big[] = {(size_t)1 << 32, ((size_t)1 << 32) + 12345, (size_t)1 << 34};
    for (size_t b = 0; b < sizeof big / sizeof big[0]; b++) {
        size_t lo = SIZE_MAX, hi = 0;
        for (Key k = 1; k <= 4096; k++) {
            Key key = k * 0x9e3779b97f4a7c15ULL;
            size_t i = tt_bucket_index(key, big[b]);
            CHECK(i < big[b], "bucket %zu of %zu", i, big[b]);
            lo = i < lo ? i : lo;
            hi = i > hi ? i : hi;
        }
        CHECK(lo < big[b] / 64 && hi > big[b] - big[b] / 64, "%zu buckets: keys spread over %zu..%zu", big[b], lo, hi);
    }
    Key key = 0xfedcba9876543210ULL;
    CHECK(tt_bucket_index(key, 1000) == (size_t)((0x76543210ULL * 1000) >> 32), "small tables index as before");
    CHECK(tt_bucket_index(0xffffffffffffffffULL, (size_t)1 << 34) == ((size_t)1 << 34) - 1,
          "the last bucket is reached");
}

/* The hooks a cluster build uses (src/cluster/): a deep probe asks a second table when its own entry is
 * missing or too shallow, keeps a deeper answer, and leaves shallow nodes alone; a store reports deep
 * entries in table form; a clear clears the second table too. */
static TTEntry far_group[TT_BUCKET_ENTRIES];
static int far_asked, stores_seen, clears_seen;
static Score seen_value;

static Depth far_depth; /* the node depth the last trip was asked for */

static bool far_probe(Key key, Depth depth, TTExternal *out)
{
    uint64_t words[TT_BUCKET_ENTRIES];
    far_asked++;
    far_depth = depth;
    for (int i = 0; i < tt_group_entries(); i++)
        words[i] = atomic_load(&far_group[i]);
    return tt_group_find(words, key, out);
}

static void see_store(Key key, Score value, Bound bound, Depth depth, Move move)
{
    (void)key, (void)bound, (void)depth, (void)move;
    stores_seen++;
    seen_value = value;
}

static void see_clear(void) { clears_seen++; }

static void test_remote_hooks(void)
{
    reset(TT_AGED_BUCKET);
    const Key k = 0x1234567890abcdefULL;
    const Move m = move_make(3, 12);
    memset(far_group, 0, sizeof far_group);
    const TTExternal e = {k, -77, BOUND_LOWER, 12, m};
    tt_group_store(far_group, &e);
    TTExternal back;
    CHECK(tt_group_find((const uint64_t *)far_group, k, &back) && back.depth == 12 && back.value == -77 &&
              back.move == m,
          "a group of the table's layout round-trips an entry");
    CHECK(!tt_group_find((const uint64_t *)far_group, k ^ (1ULL << 50), &back), "another key misses in the group");
    tt_set_remote_probe(far_probe, 6);
    far_asked = 0;
    TTProbe p = tt_probe_deep(k, 0, 4);
    CHECK(!p.hit && far_asked == 0, "a shallow node does not ask the second table");
    p = tt_probe_deep(k, 2, 10);
    CHECK(p.hit && far_asked == 1 && p.data.depth == 12 && p.data.value == -77 && p.data.move == m &&
              p.data.bound == BOUND_LOWER,
          "a deep node missing here takes the second table's entry");
    CHECK(far_depth == 10, "the second table is told the node's depth");
    CHECK(tt_probe(k, 0).hit && tt_probe(k, 0).data.depth == 12, "and keeps it in its own table");
    p = tt_probe_deep(k, 0, 11);
    CHECK(p.hit && far_asked == 1, "an own entry deep enough needs no second trip");
    tt_set_remote_probe(NULL, 0);
    tt_set_store_hook(see_store, 6);
    stores_seen = 0;
    p = tt_probe(k ^ 1, 5);
    tt_store(p.group, k ^ 1, 5, 3, BOUND_EXACT, 5, MOVE_NONE);
    CHECK(stores_seen == 0, "a shallow store is not reported");
    tt_store(p.group, k ^ 1, 5, SCORE_MATE - 9, BOUND_EXACT, 7, MOVE_NONE);
    CHECK(stores_seen == 1 && seen_value == SCORE_MATE - 4,
          "a deep store is reported in table form (mate from the node): %d", seen_value);
    tt_set_store_hook(NULL, 0);
    tt_set_clear_hook(see_clear);
    clears_seen = 0;
    tt_clear();
    CHECK(clears_seen == 1, "a clear clears the second table too");
    tt_set_clear_hook(NULL);
}

/* The group hook (the slices a node's ranks share): keys it claims are probed and stored in the other
 * table in place, and never in this one; the others stay here. */
enum { SIDE_BUCKETS = 4 };
static TTEntry side_table[SIDE_BUCKETS * TT_BUCKET_ENTRIES];

static TTEntry *side_group(Key key)
{
    return key & 1 ? side_table + tt_group_offset(key, SIDE_BUCKETS) : NULL; /* odd keys live on the side */
}

static void test_group_hook(void)
{
    reset(TT_AGED_BUCKET);
    memset(side_table, 0, sizeof side_table);
    const Key odd = 0x0f1e2d3c4b5a6979ULL, even = odd ^ 1 ^ (0xabcdULL << 48); /* another verification word */
    const Move m = move_make(5, 20);
    tt_set_group_hook(side_group);
    TTProbe p = tt_probe(odd, 0);
    CHECK(!p.hit && p.group >= side_table && p.group < side_table + SIDE_BUCKETS * TT_BUCKET_ENTRIES,
          "a claimed key's group is in the other table");
    tt_store(p.group, odd, 0, 55, BOUND_EXACT, 9, m);
    p = tt_probe(odd, 0);
    CHECK(p.hit && p.data.value == 55 && p.data.depth == 9 && p.data.move == m, "and its entry is found there");
    TTExternal got;
    uint64_t words[TT_BUCKET_ENTRIES];
    TTEntry *g = side_group(odd);
    for (int i = 0; i < tt_group_entries(); i++)
        words[i] = atomic_load(&g[i]);
    CHECK(tt_group_find(words, odd, &got) && got.depth == 9, "the other table holds it in place");
    CHECK(tt_hashfull_in(side_table, SIDE_BUCKETS * TT_BUCKET_ENTRIES) > 0, "the other table's fill counts it");
    p = tt_probe(even, 0);
    tt_store(p.group, even, 0, -20, BOUND_UPPER, 4, MOVE_NONE);
    CHECK(p.group < side_table || p.group >= side_table + SIDE_BUCKETS * TT_BUCKET_ENTRIES, "another key stays here");
    tt_set_group_hook(NULL);
    CHECK(!tt_probe(odd, 0).hit, "without the hook the claimed key was never in this table");
    CHECK(tt_probe(even, 0).hit && tt_probe(even, 0).data.value == -20, "and the other key is here");
}

void test_tt(void)
{
    test_index_large();
    test_round_trip();
    test_mate_scores();
    test_schemes();
    test_hashfull();
    test_resize_same();
    test_memory_limit();
    test_collisions();
    test_remote_hooks();
    test_group_hook();
}
