/*
 * tt.h - the transposition table.
 *
 * One entry is one 64-bit word, read and written whole (a relaxed C11
 * atomic), so a reader sees either the old or the new entry, never a mix:
 *
 *   63      56 55      48 47              32 31 30 29          16 15            0
 *  +----------+----------+------------------+-----+--------------+---------------+
 *  |   gen    | depth+1  |   value (int16)  |bound| move (14 bit)|  key >> 48    |
 *  +----------+----------+------------------+-----+--------------+---------------+
 *
 * - key: the top 16 bits of the Zobrist key verify the entry; the bucket is
 *   chosen from the low 32 bits (multiply-shift, no division), and the group
 *   inside the bucket from bits 32-34, so the three uses never share bits.
 * - bound: 0 = empty slot, then upper / lower / exact. The order puts the
 *   verification word and the move in the low half, which probe reads first.
 * - depth is stored +1 so that quiescence results (depth 0) differ from
 *   nothing stored; gen is the search generation (advanced at every `go`).
 *
 * Eight entries make a 64-byte bucket, one cache line. The replacement
 * scheme (run-time option TTReplace) decides which slots of the bucket a key
 * may use and which one a store overwrites:
 *   always      1 slot per key, always overwritten
 *   depth       1 slot per key, overwritten when the new depth >= stored
 *   two-tier    2 slots (Thompson): a depth-preferred slot and an
 *               always-replace slot, probed together
 *   two-layer   2 slots: the deeper result in layer 1; a deeper newcomer
 *               pushes layer 1 down into layer 2, a shallower one goes to 2
 *   aged-bucket 8 slots: the victim is the slot with the lowest
 *               depth - TT_AGE_WEIGHT * age (age = generations since stored)
 * Every scheme uses the same memory, so the comparison is fair.
 *
 * Races between threads are benign by design: whole-word access means an
 * entry is always self-consistent, and everything read is untrusted anyway
 * (the move is checked for pseudo-legality and legality before use).
 */
#ifndef CHARIOT_TT_H
#define CHARIOT_TT_H

#include <stdatomic.h>

#include "types.h"

typedef enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 } Bound;
typedef enum { TT_ALWAYS, TT_DEPTH, TT_TWO_TIER, TT_TWO_LAYER, TT_AGED_BUCKET, TT_SCHEME_NB } TTScheme;
typedef enum { TT_STORE_NEW, TT_STORE_UPDATE, TT_STORE_REPLACE, TT_STORE_REJECT } TTStoreResult;

typedef _Atomic uint64_t TTEntry;

enum {
    TT_BUCKET_ENTRIES = 8,
    TT_AGE_WEIGHT = 4, /* aged-bucket: one generation of age costs this much depth */
    TT_DEFAULT_MB = 64,
};

_Static_assert(sizeof(TTEntry) == 8, "a table entry must be one 64-bit word");
_Static_assert(sizeof(TTEntry) * TT_BUCKET_ENTRIES == 64, "a bucket must fill one cache line");

/* What a probe found: a copy of the data plus where a store should go. */
typedef struct {
    Move move;
    Score value; /* already converted from table form; SCORE_NONE if no value */
    Depth depth;
    Bound bound;
} TTData;

typedef struct {
    bool hit;
    TTData data;
    TTEntry *group; /* the slots this key may use: pass to tt_store */
} TTProbe;

bool tt_resize(size_t mb);       /* false: refused or allocation failed; the old size stays (see resize_bytes) */
size_t tt_memory_limit_mb(void); /* the largest table this machine can hold in memory; 0: unknown */
void tt_clear(void);
void tt_set_clear_threads(int n); /* clear big tables with this many threads */
void tt_free(void);
void tt_new_search(void);
void tt_set_scheme(TTScheme s);
TTScheme tt_scheme(void);
void tt_set_store_depth0(bool on);
bool tt_enabled(void);
size_t tt_size_mb(void);
int tt_hashfull(void); /* permille of sampled slots filled in this generation */
bool tt_scheme_parse(const char *name, TTScheme *out);

TTProbe tt_probe(Key key, int ply);
TTProbe tt_probe_deep(Key key, int ply, Depth depth); /* the search's probe at a node of this depth */
TTStoreResult tt_store(TTEntry *group, Key key, int ply, Score value, Bound bound, Depth depth, Move move);
void tt_prefetch(Key key);

/* The one pair of functions for mate scores: the table holds distances
 * from the node, the search uses distances from the root. */
Score tt_value_to(Score v, int ply);
Score tt_value_from(Score v, int ply);

#endif
