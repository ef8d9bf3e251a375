/*
 * thread.h - a search thread's state, and the pool that runs searches in
 * the background while the protocol loop keeps reading input.
 *
 * State ownership: `hist` persists between searches of a game (cleared by
 * ucinewgame); everything in `s` belongs to one search and is reset in
 * search_reset() only.
 */
#ifndef CHARIOT_THREAD_H
#define CHARIOT_THREAD_H

#include <stdatomic.h>

#include "engine.h"
#include "nnue.h"
#include "process.h"
#include "search.h"

typedef struct {
    Move moves[MAX_PLY + 1];
    int len;
} PvLine;

typedef struct {
    Move move;     /* the move that led to this ply */
    int16_t *cont; /* its continuation-history row (NULL: null move / none) */
    Score eval;    /* the static evaluation, corrected and sharpened by the table (SCORE_NONE in check) */
    PvLine pv;
} StackEntry;

typedef struct {
    Move move;
    Score score, prev_score;
    int seldepth;
    PvLine pv;
} RootMove;

/* Static evaluations recently computed by this thread, by full position key
 * (a repeated position - razoring's quiescence, transpositions - skips the
 * evaluation). Direct-mapped; a wrong hit needs two equal 64-bit keys. */
enum { EVAL_CACHE_SIZE = 1 << 14 };
typedef struct {
    Key key;
    Score value;
} EvalCacheEntry;

typedef struct SearchThread {
    int id;                     /* 0: the main thread, which reports and keeps time */
    _Atomic uint64_t published; /* nodes, copied from s.stats.nodes every 1024 and at the end of a helper's search */
    uint64_t searches;          /* helpers: searches joined since this SearchThread was created */
    Position pos;
    History hist;
    EvalCacheEntry eval_cache[EVAL_CACHE_SIZE];
    const NnueNet *net;                /* this search's net (threads_net at its start); NULL: the fitted one */
    NnueAccumulator nnue[MAX_PLY + 4]; /* by ply from the root (nnue.h) */
    SearchLimits limits;
    struct {
        StackEntry stack[MAX_PLY + 4];
        RootMove root[MAX_MOVES];
        int nroot, pv_index, seldepth, completed_depth;
        int64_t start_ms, optimum_ms, maximum_ms;
        Move last_best;        /* main thread: the best move of the last completed iteration (time_scale_percent) */
        int best_held;         /* ... the completed iterations before that one with the same best move */
        Score last_score;      /* ... and its score (-SCORE_INF: none yet) */
        uint64_t others_nodes; /* main thread: the helpers' nodes at the last check */
        PvLine shown;          /* main thread: the first line of the last info it reported */
        SearchStats stats;
        IterationTally iterations[MAX_PLY]; /* by depth */
    } s;
} SearchThread;

/* Shared control of the running search. */
extern atomic_bool g_stop;      /* set: every search returns as soon as it can */
extern atomic_bool g_pondering; /* set: no time limit until ponderhit */

bool thread_time_up(SearchThread *t);
int64_t thread_elapsed(const SearchThread *t);          /* ms our clock has run in this search */
void thread_hold_until_released(const SearchThread *t); /* infinite/ponder: wait for stop or ponderhit */

/* The pool: thread 0 is the main search thread. thread.c also defines the pool's part of the front ends' API
 * (engine.h: engine_go and engine_go_here, engine_stop, engine_ponderhit, engine_wait, engine_busy, the jobs,
 * engine_set_yield and engine_searches_here, engine_set_threads and engine_threads, engine_nodes, engine_exit,
 * engine_new_game, engine_clear_histories, engine_use_net, engine_set_stack_size), where its state lives;
 * engine.c defines the rest, which joins the pool to the net, perft and the statistics. The engine's own
 * files call those functions by the same names. */
void threads_init(void);
SearchThread *threads_main(void);
SearchThread *threads_get(int i);
void threads_launch_helpers(void);
void threads_join_helpers(void);
/* The evaluation every search takes at its start: the net set here unless it is switched off. Changed only
 * between searches; each change empties the threads' evaluation caches. */
const NnueNet *threads_net(void);     /* NULL: the fitted evaluation */
const NnueNet *threads_net_set(void); /* the net set, switched on or not (NULL: none) */
void threads_set_net(NnueNet *net);   /* the pool owns it from now on (the old one is freed); NULL: none */
bool threads_net_used(void);

/* Work splitting between threads: a thread about to enter a subtree that
 * another thread is searching defers that move to the end of its list. A
 * subtree is named by the position it starts from and the move into it, so
 * asking costs no make/unmake. */
bool thread_busy_elsewhere(Key parent, Move m);
void thread_mark_busy(Key parent, Move m);
void thread_unmark_busy(Key parent, Move m);

enum { YIELD_EVERY_MS = 20, YIELD_HOLD_NAP_MS = 10 }; /* engine_set_yield's rhythm */
enum { THREAD_STACK_BYTES = 8 << 20 };                /* each search thread's stack (engine_set_stack_size) */

#endif
