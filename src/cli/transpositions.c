/*
 * transpositions.c - `chariot ttlab transpositions`: how often the same position is reached by
 * different move orders, in the game itself, apart from any search.
 *
 * From each bench position the full tree of legal moves is walked to --depth plies (as perft walks
 * it); at every ply the positions reached are counted twice, as nodes and as distinct positions (a
 * set of Zobrist keys for the ply). The transposition rate of a ply is 1 - distinct / nodes: the
 * share of the nodes there that another move order had reached already, which a table shared by
 * the whole tree could answer. The rates of the two games differ by their rules alone (seed 002:
 * "the same board position can be reached by different sequences of moves").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttlab.h"

/* A set of keys, open addressing; 0 marks an empty slot (a key of 0 is counted as 1). */
typedef struct {
    uint64_t *slot;
    size_t mask, count;
} KeySet;

static bool set_grow(KeySet *s)
{
    const size_t cap = s->slot ? (s->mask + 1) * 2 : (size_t)1 << 16;
    uint64_t *slot = calloc(cap, sizeof *slot);
    if (!slot)
        return false;
    for (size_t i = 0; s->slot && i <= s->mask; i++)
        if (s->slot[i])
            for (size_t j = s->slot[i] & (cap - 1);; j = (j + 1) & (cap - 1))
                if (!slot[j]) {
                    slot[j] = s->slot[i];
                    break;
                }
    free(s->slot);
    s->slot = slot;
    s->mask = cap - 1;
    return true;
}

/* Adds a key; false when it could not (out of memory). */
static bool set_add(KeySet *s, uint64_t key)
{
    if (!key)
        key = 1;
    if ((!s->slot || (s->count + 1) * 2 > s->mask + 1) && !set_grow(s))
        return false;
    for (size_t j = key & s->mask;; j = (j + 1) & s->mask) {
        if (s->slot[j] == key)
            return true;
        if (!s->slot[j]) {
            s->slot[j] = key;
            s->count++;
            return true;
        }
    }
}

static void set_clear(KeySet *s)
{
    if (s->slot)
        memset(s->slot, 0, (s->mask + 1) * sizeof *s->slot);
    s->count = 0;
}

enum { TRANS_MAX_DEPTH = 8 };

typedef struct {
    KeySet seen[TRANS_MAX_DEPTH + 1];
    uint64_t nodes[TRANS_MAX_DEPTH + 1], distinct[TRANS_MAX_DEPTH + 1];
    bool failed;
} Walk;

static void walk(Position *pos, int ply, int depth, Walk *w)
{
    Move moves[MAX_MOVES];
    const int n = gen_legal(pos, moves);
    for (int i = 0; i < n && !w->failed; i++) {
        pos_make(pos, moves[i]);
        w->nodes[ply + 1]++;
        w->failed = !set_add(&w->seen[ply + 1], pos_key(pos));
        if (ply + 1 < depth)
            walk(pos, ply + 1, depth, w);
        pos_unmake(pos);
    }
}

int ttlab_transpositions(int depth, int positions, const char *csv_path)
{
    if (depth > TRANS_MAX_DEPTH) {
        fprintf(stderr, GAME_PROGRAM " ttlab transpositions: --depth %d is more than %d\n", depth, TRANS_MAX_DEPTH);
        return 2;
    }
    static Walk w;
    static Position pos;
    const int count = positions > 0 && positions < GAME_BENCH_FEN_COUNT ? positions : GAME_BENCH_FEN_COUNT;
    for (int i = 0; i < count && !w.failed; i++) {
        char err[160];
        if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err)) {
            fprintf(stderr, GAME_PROGRAM " ttlab transpositions: bench position %d: %s\n", i + 1, err);
            return 1;
        }
        for (int p = 1; p <= depth; p++)
            set_clear(&w.seen[p]);
        walk(&pos, 0, depth, &w);
        for (int p = 1; p <= depth; p++)
            w.distinct[p] += w.seen[p].count;
    }
    if (w.failed) {
        fprintf(stderr, GAME_PROGRAM " ttlab transpositions: out of memory at depth %d\n", depth);
        return 1;
    }
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv_path && !csv) {
        fprintf(stderr, GAME_PROGRAM " ttlab: cannot write %s\n", csv_path);
        return 2;
    }
    printf("ttlab transpositions: " GAME_NAME ", %d bench positions, the full tree of legal moves to depth %d\n", count,
           depth);
    printf("%5s %14s %14s %14s\n", "ply", "nodes", "distinct", "transposed %");
    if (csv)
        fprintf(csv, "game,ply,nodes,distinct,transposed_pct\n");
    for (int p = 1; p <= depth; p++) {
        const double t = w.nodes[p] ? 100.0 * (double)(w.nodes[p] - w.distinct[p]) / (double)w.nodes[p] : 0.0;
        printf("%5d %14llu %14llu %14.2f\n", p, (unsigned long long)w.nodes[p], (unsigned long long)w.distinct[p], t);
        if (csv)
            fprintf(csv, GAME_NAME ",%d,%llu,%llu,%.3f\n", p, (unsigned long long)w.nodes[p],
                    (unsigned long long)w.distinct[p], t);
    }
    for (int p = 0; p <= depth; p++)
        free(w.seen[p].slot);
    if (csv)
        fclose(csv);
    return 0;
}
