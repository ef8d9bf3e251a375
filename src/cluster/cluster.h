/*
 * cluster.h - Chariot across processes, over MPI (`make mpi`: chariot-mpi, chariot-chess-mpi).
 *
 * Design. `mpirun -np N ./chariot-mpi` is one engine to the GUI:
 *
 *   GUI --stdin--> rank 0: relay thread --MPI message (line)--> every rank's relay thread
 *                                 |                                  |
 *                           pipe into its own                 pipe into its own
 *                           protocol loop (UCI,               protocol loop, stdout
 *                           UCCI, XBoard)                     to /dev/null
 *
 * - The commands: rank 0 reads the GUI's lines and sends each one to every rank; every rank, rank 0
 *   included, feeds the lines it gets into an ordinary protocol loop through a pipe. So every
 *   rank executes the same commands in the same order and holds the same position: a mismatch is
 *   impossible by construction (tests/cluster_test.sh compares the position keys anyway). Only rank 0
 *   writes; `stop`, `ponderhit` and `quit` reach every rank within a millisecond. No
 *   thread waits in a blocking MPI call, which would poll a core at full speed: they test and nap.
 * - The table, replicated (the Stockfish cluster's way): every rank keeps a whole table; a store of
 *   depth >= CLUSTER_SHARE_DEPTH is also queued (tt_set_store_hook), and each rank's exchange
 *   thread sends its queue to every other rank in batches, at least every CLUSTER_FLUSH_MS, and
 *   stores what it receives in its own table. Each batch carries the sender's node count, which
 *   rank 0 adds to its own (threads_set_extra_nodes), so `info nodes` counts the whole cluster.
 * - Ranks on one node (MPI_COMM_TYPE_SHARED) share more: the slices are MPI-3 shared memory, and
 *   node-mates store and probe entries of every depth there in place (option ClusterNodeShare), so two
 *   ranks of one machine share their table as two threads do; only the link between nodes carries
 *   batches and MPI_Get.
 * - The move: each rank searches with its own threads (Lazy SMP inside the rank, Lazy SMP
 *   between ranks through the shared entries); rank 0's search decides, as the main thread decides
 *   among helpers. In XBoard, where the engine plays its own moves on its own board, rank 0
 *   plays them and sends each to the others before writing it; their jobs play none of their own
 *   (xboard_set_leader_hook, xboard_set_follower). With one rank nothing is shared and `bench` is the ordinary deterministic one.
 */
#ifndef CHARIOT_CLUSTER_H
#define CHARIOT_CLUSTER_H

#include <stdbool.h>

enum {
    CLUSTER_SHARE_DEPTH = 6, /* stores (and, home-rank, probes) at least this deep go to the other ranks */
    CLUSTER_FLUSH_MS = 2,    /* a rank's queue goes out at least this often while it fills */
    CLUSTER_BATCH = 160,     /* entries in one message at most: 3,864 bytes, under Open MPI's eager
                              * limit (4 KiB in shared memory), so a send completes without the receiver */
    CLUSTER_HOME_MB = 64,    /* each rank's slice of the home-rank table (CHARIOT_CLUSTER_HOME_MB) */
    CLUSTER_MAX_RANKS = 256,
};

/* Where the library gave no one-sided window, a home-rank remote probe is a message that waits for the
 * home rank's exchange thread: only nodes this deep ask (docs/cluster.md, Which MPI). */
enum { CLUSTER_MESSAGE_PROBE_DEPTH = 12 };

/* The ways of sharing the table (option ClusterTable). */
typedef enum { CLUSTER_REPLICATED, CLUSTER_HOME_RANK, CLUSTER_TABLE_NB } ClusterTable;
extern const char *const CLUSTER_TABLE_NAMES[CLUSTER_TABLE_NB];
#define CLUSTER_TABLE_VARS "replicated home-rank"
bool cluster_set_table(const char *name); /* false: no such way (nothing changes) */
/* Option ClusterNodeShare (default on): ranks on one node read and write each other's slices in place,
 * entries of every depth, as Lazy SMP's threads share one table; off: every rank acts as if alone on its
 * node (the laboratory's way of measuring a network between ranks of one machine). */
void cluster_set_node_share(bool on);

/* Adds the options ClusterTable and ClusterNodeShare to the protocols' table. */
void cluster_add_options(void);
/* Starts MPI (false: it could not). */
bool cluster_start(int *argc, char ***argv);
/* With more than one rank, starts the relay and the exchange: afterwards the protocol loop reads its
 * commands from proto_input() as usual. Errors of MPI calls return (MPI_ERRORS_RETURN): a window the library
 * refuses makes every rank fall back (no node sharing, remote probes by message; CHARIOT_CLUSTER_WINDOWS
 * turns them off), said once on stderr and to the GUI (proto_set_notice). Where nothing works (no
 * MPI_THREAD_MULTIPLE, ...), rank 0 serves the GUI alone and says why. Rank 0 alone (that, or one rank) reads
 * the same input as the relay's (CHARIOT_CLUSTER_INPUT's file where it is set). False: this rank has nothing to
 * serve (a rank other than 0 whose cluster could not start, which has waited for rank 0's end; rank 0 alone
 * whose input cannot be read). */
bool cluster_serve(void);
int cluster_rank(void);
int cluster_size(void);
/* At the end: waits for the relay and the exchange (after the protocol loop), ends MPI. */
void cluster_end(void);

#endif
