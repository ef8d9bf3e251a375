/*
 * process.h - the other processes of a cluster build (src/cluster/), as the
 * search sees them: hooks the cluster sets, and what the search tells it.
 * With none set (the default) the search is the ordinary one of one
 * process. Only the cluster and the engine's threads include this header.
 */
#ifndef CHARIOT_PROCESS_H
#define CHARIOT_PROCESS_H

#include "search.h"

uint64_t threads_nodes_published(void); /* this process's threads as published (to CHECK_STOP_EVERY): any thread */
/* Nodes searched elsewhere during this search (the other processes of a cluster build), added to
 * engine_nodes(); NULL, the default: none. */
void threads_set_extra_nodes(uint64_t (*fn)(void));
/* The n-th of several processes searching the same position (a cluster build's rank; 0, the default:
 * the only one). Its threads take the helper patterns after the first n * Threads (threads_helper_id),
 * so that process n's main thread searches like a helper, not like process 0's main thread. */
void threads_set_process_rank(int rank);
/* Processes other than 0 search as helpers: no depth, node, mate or time limit of their own; each search
 * runs until stopped (the cluster stops it when process 0 has played). */
int threads_process_rank(void);
int threads_helper_id(const SearchThread *t); /* t->id, counted after the other processes' threads */

/* The other processes of a cluster build (src/cluster/), as the search sees them. NULL hooks, the default:
 * there are none, and the search is the ordinary one.
 *   publish   a thread of this process completed an iteration: its root, depth, score and line
 *   outside   the deepest line completed elsewhere for this root (false: none); the main thread weighs it
 *             against its own threads' when it chooses the move (search_root.c: best_thread)
 *   finished  this process's main thread ended its search (and joined its helpers): the counters of all
 *             its threads; called before bestmove
 *   hashfull  the table's fill over every process, in permille (info hashfull) */
typedef struct {
    Key root;
    int depth;
    Score score;
    int len;
    Move pv[MAX_PLY];
} SearchLine;
typedef struct {
    void (*publish)(const SearchLine *line);
    bool (*outside)(Key root, SearchLine *out);
    void (*finished)(const SearchStats *all);
    int (*hashfull)(void);
} ProcessHooks;
void threads_set_process_hooks(const ProcessHooks *hooks);
void threads_publish_line(const SearchThread *t);     /* t's best line, to publish */
bool threads_outside_line(Key root, SearchLine *out); /* false without the hook */
/* A line another process completed has arrived (any thread): as when a helper completes the depth asked
 * for, it ends the search of that root that threads_set_ending named (the main thread, at its start). */
void threads_line_arrived(Key root, int depth);
void threads_set_ending(Key root, int depth);
void threads_search_finished(void);
int threads_hashfull(void); /* tt_hashfull() without the hook */

/* The marks in memory that other processes share (a cluster build's ranks of one node, src/cluster/):
 * their threads and this process's split work through them. NULL, the default: this process's own. */
enum { THREADS_BUSY_BYTES = 1024 * 64 };
void threads_share_busy(void *mem);
bool threads_split_work(void); /* more than one thread, here or in the processes sharing the marks */

#endif
