/*
 * tt_remote.h - the table's hooks for other processes (a cluster build,
 * src/cluster/): deep stores sent elsewhere, entries received, a second
 * table probed remotely, slices shared between the ranks of one node. With
 * no hook set (the default) the table is one process's own. Only the
 * cluster and tt.c include this header.
 */
#ifndef CHARIOT_TT_REMOTE_H
#define CHARIOT_TT_REMOTE_H

#include "tt.h"

/* A store of depth >= min_depth also calls hook with the entry as the table holds it (the value in table
 * form, mate distances from the node): the cluster build sends deep entries to its other processes
 * (src/cluster/). NULL, the default: no hook, nothing else happens. */
typedef void (*TTStoreHook)(Key key, Score table_value, Bound bound, Depth depth, Move move);
void tt_set_store_hook(TTStoreHook hook, Depth min_depth);

/* Entries from elsewhere, stored by the scheme like the search's own (without the hook): safe on any
 * thread at any time, also while the table is resized or cleared. */
typedef struct {
    Key key;
    Score value; /* table form */
    Bound bound;
    Depth depth;
    Move move;
} TTExternal;
void tt_store_external(const TTExternal *e, int n);

/* A second table kept elsewhere (a cluster build's home ranks). At a node of depth >= min_depth whose own
 * entry is missing or shallower than the node, tt_probe_deep also asks fn (with the node's depth, so that
 * it can decide where a trip is worth it), which fills *out (value in table form) when it finds the key; a
 * deeper answer is used and kept in this table. NULL, the default: tt_probe_deep is tt_probe. */
typedef bool (*TTRemoteProbe)(Key key, Depth depth, TTExternal *out);
void tt_set_remote_probe(TTRemoteProbe fn, Depth min_depth);

/* Tables of this layout kept elsewhere (the home ranks' slices, src/cluster/): the entry offset of a key's
 * group in a table of `buckets` buckets and its size under the current scheme; what a copy of the group
 * holds for the key; a store into the group by the current scheme and generation. */
size_t tt_group_offset(Key key, size_t buckets);
int tt_group_entries(void);
bool tt_group_find(const uint64_t *group, Key key, TTExternal *out);
void tt_group_store(TTEntry *group, const TTExternal *e);
void tt_set_clear_hook(void (*fn)(void));         /* also called whenever this table is cleared (NULL: nothing) */
int tt_hashfull_in(TTEntry *mem, size_t entries); /* tt_hashfull of such a table */

/* Keys whose entries live in another table of this layout (the slices that the ranks of one node share,
 * src/cluster/): fn returns the key's group there, or NULL for this table. Probes, stores and prefetches
 * of those keys then use that group instead of this table's. NULL, the default: every key is here. */
typedef TTEntry *(*TTGroupHook)(Key key);
void tt_set_group_hook(TTGroupHook fn);

#endif
