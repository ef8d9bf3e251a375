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

#include "search.h"

typedef struct {
    Move moves[MAX_PLY + 1];
    int len;
} PvLine;

typedef struct {
    Move move;          /* the move that led to this ply */
    Score static_eval;
    PvLine pv;
} StackEntry;

typedef struct {
    Move move;
    Score score, prev_score;
    int seldepth;
    PvLine pv;
} RootMove;

typedef struct SearchThread {
    Position pos;
    History hist;
    SearchLimits limits;
    struct {
        StackEntry stack[MAX_PLY + 4];
        RootMove root[MAX_MOVES];
        int nroot, pv_index, seldepth, completed_depth;
        int64_t start_ms, optimum_ms, maximum_ms;
        SearchStats stats;
    } s;
} SearchThread;

/* Shared control of the running search. */
extern atomic_bool g_stop;      /* set: every search returns as soon as it can */
extern atomic_bool g_pondering; /* set: no time limit until ponderhit */

int64_t now_ms(void);
bool thread_time_up(SearchThread *t);
void thread_hold_until_released(const SearchThread *t); /* infinite/ponder: wait for stop or ponderhit */

/* Run one search to its end on the calling thread; returns the best move. */
Move search_run(SearchThread *t, const SearchReporter *rep);
void search_clear_history(SearchThread *t);

/* The pool (one search thread for now). */
void threads_init(void);
SearchThread *threads_main(void);
void threads_start(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
void threads_stop(void);
void threads_ponderhit(void);
void threads_wait(void);
bool threads_busy(void);
void threads_new_game(void);

#endif
