/*
 * engine.h - the one API through which every front end (the protocols, the
 * command line, the page, the cluster) runs the engine. No front end
 * includes the thread pool's header (thread.h): a search is started here,
 * one way for each need.
 *
 *   engine_search   a search on the calling thread, to its end: the tools
 *                   (analyze, play, bench, the table laboratory) and
 *                   ordinary searches of the command line
 *   engine_go       a search in the background while the caller reads its
 *                   input: the protocols; then engine_stop, engine_ponderhit,
 *                   engine_wait
 *   engine_go_here  the same search on the calling thread, which reads its
 *                   input in the yield (WebAssembly), or where no thread could
 *                   be started
 *   engine_run_job  another task on the search thread, stopped like a search
 *                   (a perft; XBoard's think-move-ponder job, which runs its
 *                   searches with engine_job_search)
 * Before each search the stop and ponder flags are reset in one place
 * (thread.c), never by a front end. The position is copied: the caller may
 * change its own at once. The pool's part of this API is defined in thread.c,
 * where its state lives; engine.c defines what joins the pool to the net,
 * perft and the statistics.
 */
#ifndef CHARIOT_ENGINE_H
#define CHARIOT_ENGINE_H

#include "search.h"

void engine_init(void); /* the thread pool (one thread); the table is sized by tt_resize */
void engine_exit(void); /* stop any search, end the threads (the pool's, thread.c) */

/* Searches. */
Move engine_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
/* false (nothing started): the search thread could not be created; the front end says so and may search here. */
bool engine_go(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
/* Without a yield (engine_set_yield) no input is read meanwhile, so infinite and ponder are dropped; with one,
 * the search calls it every YIELD_EVERY_MS (and naps in it while an infinite or ponder search waits for stop or
 * ponderhit), the caller reads its commands there, and the search runs as on the worker: busy until bestmove,
 * stopped by engine_stop, switched by engine_ponderhit. */
void engine_go_here(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
bool engine_searches_here(void); /* a yield is set (engine_set_yield): searches run on the caller */
void engine_stop(void);          /* every search returns as soon as it can (safe in a signal handler) */
bool engine_stopped(void);       /* a stop was asked for since the search started */
bool engine_ponderhit(void);     /* false: no search is pondering (ignored) */
void engine_wait(void);          /* until the search (or job) has ended and its last line is written */
bool engine_busy(void);          /* searching, and bestmove not yet sent (the flag clears before it) */

/* Jobs on the search thread (see above): fn(arg) runs there as if it were a search (busy until it returns; a
 * stop stops it). Its searches run one after another (CECP: think, play the move, ponder on the reply): before
 * each, engine_job_reset(ponder) resets the control state (nothing stopped, pondering as asked, no ponderhit)
 * under the front end's own lock, the one its stop requests are made under, so that no stop falls between a
 * search and the next; engine_job_search runs one search to its end and returns its best move, its reporter's
 * callbacks called as given. */
bool engine_run_job(void (*fn)(void *), void *arg);
void engine_job_finishing(void); /* a job's last line is coming: commands are taken (and wait for the job) again */
Move engine_job_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep);
void engine_job_reset(bool ponder);

/* Leaves of the legal move tree below pos to `depth` plies (perft.h), ended early by engine_stop. */
uint64_t engine_perft(Position *pos, int depth);

/* Searching without threads (WebAssembly): yield(nap_ms) is called every YIELD_EVERY_MS of a search. */
void engine_set_yield(void (*yield)(int nap_ms)); /* NULL: none (the default) */

/* Settings and state between searches. */
enum { MAX_THREADS = 256 }; /* the Threads option's largest value */
/* false: out of memory (the old pool stays) or a thread could not be started (the pool keeps the threads that
 * run; engine_threads says how many). Helpers are persistent threads that sleep between searches. */
bool engine_set_threads(int n);
int engine_threads(void);
void engine_new_game(void); /* forget the game's histories (ucinewgame) */
void engine_clear_histories(void);

/* The evaluation (docs/nnue.md): the net compiled into the binary, another read from a file (EvalFile), or
 * the fitted hand-written one (Use NNUE false). Changed between searches only. */
bool engine_load_net(const char *path, char *err, size_t errlen); /* NULL, "" or "embedded": the embedded
                                                                     net; false: the net in use stays */
void engine_use_net(bool on);
bool engine_net_on(void);                            /* a net evaluates the searches */
bool engine_net_checksum(uint32_t *sum);             /* that net's checksum (datagen's settings); false: none */
bool engine_net_eval(const Position *pos, Score *v); /* the net's score of pos (side to move); false: none */
void engine_net_describe(char *buf, size_t len);     /* which net, its size and checksum, or why none */
Score engine_evaluate(const Position *pos);          /* the evaluation the searches use (side to move) */

/* What the last search did (bench, the table laboratory). */
uint64_t engine_nodes(void);           /* every thread's nodes as far as published, and other processes' */
const SearchStats *engine_stats(void); /* the main thread's counters */
Score engine_root_score(void);         /* the main thread's score of its best root move */
int engine_finisher(int depth);        /* the thread whose iteration of `depth` ended the search: 0 main */
/* Adds each depth's iteration costs: [0] the main thread's, [1] the helpers'. */
void engine_add_iterations(IterationTally sum[2][MAX_PLY]);

/* The stack each search thread is created with (tests: a size that fails). */
void engine_set_stack_size(size_t bytes);

#endif
