/*
 * search.h - the alpha-beta search: limits in, info lines and a best move
 * out. Every pruning margin and reduction is a named constant here.
 */
#ifndef CHARIOT_SEARCH_H
#define CHARIOT_SEARCH_H

#include "history.h"
#include "tt.h"

/* Tunables. */
enum {
    ASPIRATION_MIN_DEPTH = 5,   /* aspiration windows from this depth on */
    ASPIRATION_WINDOW = 30,     /* first half-width, doubled on each fail */
    NULL_MOVE_MIN_DEPTH = 2,
    NULL_MOVE_BASE_R = 3,       /* R = base + depth / divisor */
    NULL_MOVE_DEPTH_DIV = 4,
    LMR_MIN_DEPTH = 3,
    LMR_MIN_MOVES = 3,          /* the first moves are never reduced */
    QS_SEE_THRESHOLD = 0,       /* quiescence skips captures losing more */
    CHECK_STOP_EVERY = 1024,    /* nodes between clock checks */
    MAX_MULTIPV = 64,
    SMP_DEFER_MIN_DEPTH = 4,    /* threads split work at nodes this deep */
    SMP_HELPERS_SKIP_DEPTHS = 1, /* 1: helpers skip iterations by a pattern */
};
#define LMR_BASE 0.75
#define LMR_DIVISOR 2.25

typedef struct {
    int depth;           /* 0: no limit */
    uint64_t nodes;      /* 0: no limit */
    int64_t movetime;    /* ms, 0: none */
    int64_t time[2];     /* ms left per colour, -1: not given */
    int64_t inc[2];
    int movestogo;
    int64_t overhead;    /* ms kept back for communication */
    bool infinite;
    bool ponder;
    int mate;            /* search for a mate in this many moves, 0: off */
    int multipv;
    int nsearchmoves;    /* root moves restricted to this list if > 0 */
    Move searchmoves[MAX_MOVES];
    int nbanmoves;       /* root moves never played */
    Move banmoves[MAX_MOVES];
    bool no_tt_move;     /* laboratory: do not order the table move first */
    bool tt_pv_cutoffs;  /* laboratory: take table cutoffs at PV nodes too (as XQWLight does) */
} SearchLimits;

typedef struct {
    int depth, seldepth, multipv;
    Score score;
    Bound bound; /* BOUND_EXACT, or LOWER/UPPER for an aspiration fail */
    uint64_t nodes;
    int64_t time_ms;
    int hashfull;
    int pv_len;
    Move pv[MAX_PLY];
} SearchInfo;

typedef struct {
    void (*on_info)(const SearchInfo *info, void *ctx);
    void (*on_bestmove)(Move best, Move ponder, void *ctx);
    void *ctx;
} SearchReporter;

/* Counters for the table laboratory and the info line. */
typedef struct {
    uint64_t nodes, qnodes;
    uint64_t tt_probes, tt_hits, tt_cutoffs;
    uint64_t tt_move_tried, tt_move_cutoffs; /* nodes that searched a table move first; it cut */
    uint64_t cut_nodes, first_move_cuts;      /* beta cutoffs; of them by the first move */
    uint64_t stores[4];                       /* by TTStoreResult */
} SearchStats;

void search_limits_init(SearchLimits *l);
void search_init(void);

#endif
