/*
 * search.h - the alpha-beta search: limits in, info lines and a best move
 * out. Every pruning margin and reduction is a named constant here.
 */
#ifndef CHARIOT_SEARCH_H
#define CHARIOT_SEARCH_H

#include "history.h"
#include "tt.h"

/* The search's numbers that a tuner may move: name, value, and the range a
 * tuner keeps it in (tools/tune/spsa.py). The code reads each as SP(NAME): in the
 * engine a constant; in the tuning build (make tunable, -DSEARCH_TUNING) a
 * slot of search_params[], set by a UCI option of the same name. */
#define SEARCH_PARAMS(X)                                                                                               \
    X(ASPIRATION_WINDOW, 30, 10, 80) /* first half-width, doubled on each fail */                                      \
    X(NULL_MOVE_BASE_R, 3, 1, 6)     /* null move: R = base + depth / divisor ... */                                   \
    X(NULL_MOVE_DEPTH_DIV, 4, 2, 8)                                                                                    \
    X(NULL_MOVE_EVAL_DIV, 200, 80, 400) /* ... + one per this much above beta (up to 3) */                             \
    X(RFP_MAX_DEPTH, 7, 3, 12)          /* reverse futility: eval - margin * depth >= beta */                          \
    X(RFP_MARGIN, 90, 40, 200)                                                                                         \
    X(RAZOR_MAX_DEPTH, 3, 1, 6) /* razoring: eval + base + per_depth2 * d^2 < alpha */                                 \
    X(RAZOR_BASE, 200, 50, 500)                                                                                        \
    X(RAZOR_PER_DEPTH2, 120, 30, 300)                                                                                  \
    X(IIR_MIN_DEPTH, 4, 2, 8)  /* internal iterative reduction without a table move */                                 \
    X(LMP_MAX_DEPTH, 8, 3, 12) /* late-move pruning: quiets after (base + d^2) / (2 - improving) */                    \
    X(LMP_BASE, 3, 0, 10)                                                                                              \
    X(FUTILITY_MAX_DEPTH, 8, 3, 12) /* futility: eval + base + per_depth * d <= alpha (reduced d) */                   \
    X(FUTILITY_BASE, 120, 30, 300)                                                                                     \
    X(FUTILITY_PER_DEPTH, 100, 30, 250)                                                                                \
    X(SEE_QUIET_MAX_DEPTH, 8, 3, 12) /* quiets losing more than margin * d^2 by SEE are skipped */                     \
    X(SEE_QUIET_MARGIN, 25, 5, 80)                                                                                     \
    X(SEE_CAPTURE_MAX_DEPTH, 6, 2, 12) /* captures losing more than margin * d by SEE are skipped */                   \
    X(SEE_CAPTURE_MARGIN, 100, 30, 250)                                                                                \
    X(LMR_MIN_DEPTH, 3, 2, 6)                                                                                          \
    X(LMR_MIN_MOVES, 3, 1, 6)             /* the first moves are never reduced */                                      \
    X(LMR_BASE_PCT, 75, 0, 200)           /* reduction: (base + ln d ln m / divisor) / 100 ... */                      \
    X(LMR_DIVISOR_PCT, 225, 120, 400)     /* ... */                                                                    \
    X(LMR_HISTORY_DIV, 6000, 2000, 16000) /* one ply less reduction per this much history */                           \
    X(LMR_CUT_NODE, 1, 0, 3)              /* plies more at expected cut nodes */                                       \
    X(LMR_TT_NOISY, 0, 0, 2)              /* plies more for a quiet when the table's move is a capture */              \
    X(QS_FUTILITY_MARGIN, 150, 50, 400)   /* delta pruning: stand pat + margin + SEE gain >= alpha */

#define SEARCH_PARAM_INDEX(name, value, lo, hi) SPI_##name,
enum { SEARCH_PARAMS(SEARCH_PARAM_INDEX) SEARCH_PARAM_COUNT };
#undef SEARCH_PARAM_INDEX
#ifdef SEARCH_TUNING
extern int search_params[SEARCH_PARAM_COUNT];
#define SP(name) (search_params[SPI_##name])
/* Sets parameter i (its range checked by the option) and what is derived from it (the reduction table). */
void search_param_set(int i, int value);
#else
#define SEARCH_PARAM_VALUE(name, value, lo, hi) SPV_##name = value,
enum { SEARCH_PARAMS(SEARCH_PARAM_VALUE) };
#undef SEARCH_PARAM_VALUE
#define SP(name) (SPV_##name)
#endif

/* Fixed numbers. */
enum {
    ASPIRATION_MIN_DEPTH = 5, /* aspiration windows from this depth on */
    NULL_MOVE_MIN_DEPTH = 2,
    QS_SEE_THRESHOLD = 0,    /* quiescence skips captures losing more */
    CHECK_STOP_EVERY = 1024, /* nodes between clock checks */
    MAX_MULTIPV = 64,
    MATE_SETTLED_EXTRA_DEPTH = 4, /* no depth limit: stop deepening at 2 * mate plies + this */
    SMP_DEFER_MIN_DEPTH = 4,      /* threads split work at nodes this deep */
    SMP_HELPERS_SKIP_DEPTHS = 1,  /* 1: helpers skip iterations by a pattern */
};

/* The laboratory's ordering ablations (ttlab ablation): sources of move
 * ordering the picker ignores. Only the order changes; reductions still read
 * the histories. */
enum {
    ORDER_OFF_KILLERS = 1,         /* no killer stages */
    ORDER_OFF_QUIET_HISTORY = 2,   /* quiets and evasions in generation order */
    ORDER_OFF_CAPTURE_HISTORY = 4, /* captures by MVV-LVA alone */
};

typedef struct {
    int depth;        /* 0: no limit */
    uint64_t nodes;   /* 0: no limit */
    int64_t movetime; /* ms, 0: none */
    int64_t time[2];  /* ms left per colour, -1: not given */
    int64_t inc[2];
    int movestogo;
    int64_t overhead; /* ms kept back for communication */
    bool infinite;
    bool ponder;
    uint8_t ordering_off; /* laboratory: ORDER_OFF_* bits (in the padding after ponder: the layout stays) */
    int mate;             /* search for a mate in this many moves, 0: off */
    int multipv;
    int nsearchmoves; /* root moves restricted to this list if > 0 */
    Move searchmoves[MAX_MOVES];
    int nbanmoves; /* root moves never played */
    Move banmoves[MAX_MOVES];
    bool no_tt_move;    /* laboratory: do not order the table move first */
    bool tt_pv_cutoffs; /* laboratory: take table cutoffs at PV nodes too (as XQWLight does) */
    bool no_iir;        /* laboratory: no internal iterative reduction (ttlab iir) */
    bool weakened;      /* play below full strength at skill_level (skill.h) */
    int skill_level;    /* 0 .. SKILL_MAX */
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
    uint64_t cut_nodes, first_move_cuts;     /* beta cutoffs; of them by the first move */
    uint64_t stores[4];                      /* by TTStoreResult */
} SearchStats;
void search_stats_add(SearchStats *a, const SearchStats *b); /* a += b */

/* What one thread's iterations of one depth cost in one search: [1] those
 * it completed, [0] those the end of the search cut short (bench --iterations). */
typedef struct {
    uint64_t nodes[2];
    uint32_t count[2];
} IterationTally;

/* The search proper, on one thread (thread.h has SearchThread; front ends start searches through engine.h). */
typedef struct SearchThread SearchThread;
/* Run one search to its end on the calling thread; returns the best move. */
Move search_run(SearchThread *t, const SearchReporter *rep);
/* One node of the search (search.c); search_root.c drives it from the root. */
Score search_node(SearchThread *t, Score alpha, Score beta, Depth depth, int ply, bool cut_node);
void search_clear_history(SearchThread *t);
/* Helpers run the same search on copies of the main thread's position and
 * share only the table and the stop flags (Lazy SMP). */
void search_helper_run(SearchThread *t);

void search_limits_init(SearchLimits *l);
void search_init(void);

#endif
