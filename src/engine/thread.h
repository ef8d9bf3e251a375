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

/* The pool: thread 0 is the main search thread. */
void threads_init(void);
SearchThread *threads_main(void);
SearchThread *threads_get(int i);
int threads_count(void);
/* false: out of memory (the old pool stays) or a thread could not be started
 * (the pool keeps the threads that run). Helpers are persistent threads that
 * sleep between searches. */
bool threads_set_count(int n);
void threads_exit(void);      /* stop any search, end the helper threads */
uint64_t threads_nodes(void); /* all threads, as far as published (and the extra nodes below); on the main thread */
void threads_launch_helpers(void);
void threads_join_helpers(void);
void threads_clear_histories(void);
/* The evaluation every search takes at its start: the net set here unless it is switched off. Changed only
 * between searches; each change empties the threads' evaluation caches. */
const NnueNet *threads_net(void);     /* NULL: the fitted evaluation */
const NnueNet *threads_net_set(void); /* the net set, switched on or not (NULL: none) */
void threads_set_net(NnueNet *net);   /* the pool owns it from now on (the old one is freed); NULL: none */
void threads_use_net(bool on);
bool threads_net_used(void);

/* Work splitting between threads: a thread about to enter a subtree that
 * another thread is searching defers that move to the end of its list. A
 * subtree is named by the position it starts from and the move into it, so
 * asking costs no make/unmake. */
bool thread_busy_elsewhere(Key parent, Move m);
void thread_mark_busy(Key parent, Move m);
void thread_unmark_busy(Key parent, Move m);
/* Starts a search on the worker thread; false (nothing started) when the
 * thread cannot be created: the front end says so and may search in place. */
bool threads_start(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
/* The same search on the calling thread. Without a yield (below) no input is read meanwhile, so infinite
 * and ponder are dropped; with one, the search calls it every YIELD_EVERY_MS (and naps in it while an
 * infinite or ponder search waits for stop or ponderhit), the caller reads its commands there, and the
 * search runs as on the worker: busy until bestmove, stopped by threads_stop, switched by ponderhit. */
void threads_search_here(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
enum { YIELD_EVERY_MS = 20, YIELD_HOLD_NAP_MS = 10 };
void threads_set_yield(void (*yield)(int nap_ms)); /* NULL: none (the default) */
bool threads_here_reads_input(void);               /* a yield is set: searching here reads input */
/* Runs fn(arg) on the worker thread as if it were a search (busy until it returns; stop sets g_stop). */
bool threads_run_job(void (*fn)(void *), void *arg);
/* A job's last line is coming: from now on commands are taken (and wait for the worker), as after bestmove. */
void threads_job_finishing(void);
/* Searches inside a job, one after another (CECP: think, play the move, ponder on the reply). Before each
 * search the job resets the control state (nothing stopped, pondering as asked, no ponderhit) under the
 * front end's own lock, the one its stop requests are made under, so that no stop falls between a search
 * and the next. threads_job_search runs one search to its end on the worker thread and returns its best
 * move; its reporter's callbacks are called as given (the worker stays busy until the job returns). */
void threads_control_reset(bool ponder);
Move threads_job_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
void threads_stop(void);
bool threads_ponderhit(void);              /* false: no search is pondering (ignored) */
enum { THREAD_STACK_BYTES = 8 << 20 };     /* each search thread's stack */
void threads_set_stack_size(size_t bytes); /* for the threads created from now on (tests: a size that fails) */
void threads_wait(void);
bool threads_busy(void); /* searching, and bestmove not yet sent (the flag clears before it) */
void threads_new_game(void);

#endif
