/*
 * cluster.c - the relay of commands and the exchange of table entries between MPI ranks
 * (the design is in cluster.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "cluster.h"

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "protocol.h"
#include "engine.h"
#include "process.h"
#include "tt_remote.h"

enum {
    RELAY_LINE_MAX = 16384,
    RELAY_NAP_US = 200,       /* a rank waiting for the next command looks every 0.2 ms, */
    RELAY_BUSY_NAP_US = 1000, /* every 1 ms while it searches: each look takes the core from a search thread */
    TAG_ENTRIES = 1,
    TAG_LINE = 2,
    TAG_EOF = 3,          /* no more input */
    TAG_DONE = 4,         /* rank 0's search ended: stop yours (relay_comm, in order with the lines) */
    TAG_RESULT = 5,       /* a rank's deepest completed line, to rank 0 */
    TAG_PLAYED = 6,       /* XBoard: the move rank 0 played (relay_comm, in order with the lines) */
    TAG_PROBE = 7,        /* a remote probe by message (probe_comm): the key and the tag of the answer */
    TAG_ALONE = 8,        /* rank 0 served alone and has ended: the others end too (MPI_COMM_WORLD) */
    PROBE_TAG_FIRST = 64, /* the answers to a thread's remote probes by message carry its own tag, */
    PROBE_TAGS = 30000,   /* one of these (MPI guarantees tags up to 32767) */
    PROBE_NAP_NS = 20000, /* a search thread waiting for such an answer looks every 20 us */
    ALONE_NAP_MS = 10,    /* a rank waiting for rank 0 that serves alone looks every 10 ms */
    GUARD_NAP_MS = 100,   /* the guard looks every 0.1 s for a lost launcher or a quit that does not end */
    QUIT_GRACE_MS = 5000, /* after quit or the end of input, a rank whose peers do not end with it ends alone */
    HOME_SHIFT = 35,      /* the home rank comes from key bits 35-47, which no table index uses (tt.c) */
    HOME_BITS = 13,
};

/* One table entry on the wire: the whole key (the receiver's table may index it differently). */
typedef struct {
    uint64_t key;
    int32_t value; /* table form */
    int16_t depth;
    uint16_t move;
    int32_t bound;
    int32_t pad;
} WireEntry;

/* A batch: the sender's node count, its table's fill, when it was sent, then its entries. */
typedef struct {
    uint64_t nodes;
    uint64_t sent_ns; /* CLOCK_MONOTONIC: a simulated link delivers it latency_us later */
    uint32_t count;
    int32_t hashfull;
    WireEntry e[CLUSTER_BATCH];
} Batch;

static int rank, size = 1;
static MPI_Comm relay_comm, tt_comm;
static pthread_t relay_id, exchange_id;
static int pipe_fd[2] = {-1, -1};
static atomic_bool done;
static bool serving; /* cluster_serve started the relay and the exchange */

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static Batch *queues;                                    /* [r]: entries waiting to go to rank r */
static _Atomic uint64_t remote_nodes[CLUSTER_MAX_RANKS]; /* each rank's last reported node count (this search) */
static _Atomic int remote_hashfull[CLUSTER_MAX_RANKS];   /* and its table's fill */
static _Atomic uint64_t entries_sent, entries_received, entries_dropped; /* dropped: the queue was full */
static _Atomic uint64_t bytes_sent, remote_probes, remote_found;

static _Atomic int table_mode = CLUSTER_REPLICATED; /* option ClusterTable */
static atomic_bool node_share = true;               /* option ClusterNodeShare */
static int latency_us;                              /* CHARIOT_CLUSTER_LATENCY_US: a simulated link */

/* Each rank's slice of the global table, in an MPI-3 shared-memory window of the ranks on its node
 * (shared_win), which is also one window of all ranks (home_win) for MPI_Get from other nodes. slices[r]
 * is rank r's slice where this rank can read and write it in place (its own, its node-mates'), else NULL. */
static MPI_Comm win_comm, node_comm;
static MPI_Win home_win, shared_win, busy_win;
static void *busy_marks; /* the node's marks of subtrees being searched (threads_share_busy), node rank 0's */
static TTEntry *home_slice, **slices;
static size_t home_buckets;
static int node_size = 1; /* ranks on this rank's node, this one included */

/* What the MPI library gave (open_slices): a rank whose library refuses a window falls back, and all ranks
 * fall back together. have_shared: the slices and the busy marks are the node's shared memory, else each
 * rank's own memory and no node sharing; have_window: remote probes are one-sided (MPI_Get), else messages
 * to the home rank's exchange thread (probe_comm, serve_probes). */
static bool have_shared, have_busy, have_window;
static MPI_Comm probe_comm;
static int world_size = 1;      /* MPI_COMM_WORLD's: `size` is 1 where rank 0 serves alone */
static char alone_why[256];     /* why the cluster could not start (rank 0 then serves the GUI alone) */
static char fallback_note[512]; /* what the ranks fell back to: said once (info string, stderr) */
static _Atomic int gate;        /* the relay and exchange threads start at 1, end at once at -1 */
/* The guard (guard_main): no rank outlives its session. launcher is the parent the rank started under (mpirun,
 * its daemon or process manager, or what started a lone rank); quit_deadline_ns is set when the session ends. */
static pid_t launcher;
static _Atomic int64_t quit_deadline_ns; /* CLOCK_MONOTONIC; 0: the session goes on */
static bool relay_started, exchange_started;
static FILE *pipe_in; /* the read end of the pipe: the protocol loop's input */

/* The deepest line another rank completed (rank 0), and this rank's own to publish (the others). */
static pthread_mutex_t line_lock = PTHREAD_MUTEX_INITIALIZER;
static SearchLine far_line, own_line;
static bool far_valid, own_dirty;
static SearchStats searched; /* this rank's counters over its searches (CHARIOT_CLUSTER_STATS) */

int cluster_rank(void) { return rank; }
int cluster_size(void) { return size; }

const char *const CLUSTER_TABLE_NAMES[CLUSTER_TABLE_NB] = {"replicated", "home-rank"};

/* Node-mates share the slices in place (ClusterNodeShare, and another rank on this node). */
static bool sharing_node(void) { return node_size > 1 && atomic_load_explicit(&node_share, memory_order_relaxed); }

/* Set between searches (an option): the node's ranks also split work through shared busy marks. */
void cluster_set_node_share(bool on)
{
    atomic_store(&node_share, on);
    threads_share_busy(sharing_node() ? busy_marks : NULL);
}

bool cluster_set_table(const char *name)
{
    for (int m = 0; m < CLUSTER_TABLE_NB; m++)
        if (!strcmp(name, CLUSTER_TABLE_NAMES[m])) {
            atomic_store(&table_mode, m);
            return true;
        }
    return false;
}

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* A simulated slower link (CHARIOT_CLUSTER_LATENCY_US): returns latency_us after `since`. A search thread
 * waiting for a remote probe spins, as it would in MPI_Win_flush on a real network; the exchange thread
 * sleeps, as a receiver does while a message is on the wire, so the delay takes no core from the search. */
static void link_delay(int64_t since, bool spin)
{
    const int64_t until = since + (int64_t)latency_us * 1000;
    if (latency_us <= 0)
        return;
    for (int64_t now = mono_ns(); now < until; now = mono_ns())
        if (!spin) {
            const struct timespec rest = {(time_t)((until - now) / 1000000000), (long)((until - now) % 1000000000)};
            nanosleep(&rest, NULL);
        }
}

static int home_of(Key key)
{
    return (int)((((key >> HOME_SHIFT) & ((1u << HOME_BITS) - 1)) * (uint64_t)size) >> HOME_BITS);
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

/* Is the line's first word `word`? */
static bool first_word_is(const char *line, const char *word)
{
    const size_t n = strlen(word);
    while (*line == ' ' || *line == '\t')
        line++;
    return !strncmp(line, word, n) && (line[n] == 0 || line[n] == ' ' || line[n] == '\t' || line[n] == '\r');
}

static bool is_quit(const char *line) { return first_word_is(line, "quit"); }

/* Rank 0's commands: standard input, as mpirun forwards it, or the file CHARIOT_CLUSTER_INPUT names (a named pipe
 * that tools/cluster/cluster_launch.sh feeds: Open MPI's mpirun can hold a line back until the next comes, and
 * under load its forwarding crashed, docs/cluster.md). NULL: the file cannot be opened (said once), which is the
 * end of input. The relay reads it, or the protocol loop where rank 0 serves alone. */
static FILE *leader_input(void)
{
    const char *input = getenv("CHARIOT_CLUSTER_INPUT");
    if (!input || !*input)
        return stdin;
    FILE *in = fopen(input, "r");
    if (!in)
        fprintf(stderr, "chariot-mpi: cannot read CHARIOT_CLUSTER_INPUT %s: the session ends\n", input);
    return in;
}

/* Waits for a request without spinning: MPI's blocking calls poll a core at full speed, which on a
 * machine the search needs would take a core from it. A command waits RELAY_NAP_US at most, or
 * RELAY_BUSY_NAP_US while this rank searches. */
static void relay_wait(MPI_Request *req, MPI_Status *st)
{
    const struct timespec nap = {0, RELAY_NAP_US * 1000L}, busy_nap = {0, RELAY_BUSY_NAP_US * 1000L};
    for (int done_ = 0;;) {
        MPI_Test(req, &done_, st);
        if (done_)
            return;
        nanosleep(engine_busy() ? &busy_nap : &nap, NULL);
    }
}

/* The first word of a command that the protocol loops refuse while a search runs (uci.c, ucci.c). A rank
 * other than 0 may still be searching (its search ends when rank 0 has played, or may not even have
 * started when a quick GUI sends the next command), so its relay puts a `stop` before such a command:
 * its protocol loop then ends the search, in the order of the lines, and every rank runs every command. */
static bool starts_search(const char *line)
{
    static const char *const WORDS[] = {"position", "go",       "ucinewgame", "setoption",
                                        "fen",      "startpos", "banmoves",   "bench"};
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if (first_word_is(line, WORDS[i]))
            return true;
    return false;
}

/* Rank 0 reads stdin and sends each line to every other rank; every rank writes the lines into its
 * pipe. The loop ends after `quit` or the end of input (an empty message tagged TAG_EOF), on every
 * rank at the same line. */
static void *relay_main(void *arg)
{
    (void)arg;
    static char line[RELAY_LINE_MAX];
    const struct timespec nap = {0, RELAY_NAP_US * 1000L};
    while (atomic_load(&gate) == 0) /* cluster_serve: every rank's threads started (1), or not all (-1) */
        nanosleep(&nap, NULL);
    if (atomic_load(&gate) < 0)
        return NULL;
    FILE *in = rank == 0 ? leader_input() : stdin;
    MPI_Request *reqs = calloc((size_t)size, sizeof *reqs);
    for (;;) {
        int len = 0;
        bool eof = false;
        bool sent = false; /* rank 0: lines on their way to the other ranks, waited for after its own copy */
        if (rank == 0) {
            ReadLine r = in ? proto_read_bounded(in, line, sizeof line) : READ_EOF;
            eof = r == READ_EOF;
            len = eof ? 0 : (int)strlen(line);
            for (int k = 1; k < size; k++)
                MPI_Isend(line, len, MPI_CHAR, k, eof ? TAG_EOF : TAG_LINE, relay_comm, &reqs[k]);
            sent = true;
        } else {
            MPI_Request req;
            MPI_Status st;
            MPI_Irecv(line, (int)sizeof line - 1, MPI_CHAR, 0, MPI_ANY_TAG, relay_comm, &req);
            relay_wait(&req, &st);
            MPI_Get_count(&st, MPI_CHAR, &len);
            if (st.MPI_TAG == TAG_DONE) { /* rank 0 has played: this rank's search is over too */
                if (!xboard_running())    /* XBoard: rank 0's move (TAG_PLAYED) ends it, in order with the lines */
                    engine_stop();
                continue;
            }
            if (st.MPI_TAG == TAG_PLAYED) { /* XBoard: rank 0's move goes into this rank's game */
                write_all(pipe_fd[1], XBOARD_LEADER_MOVE " ", strlen(XBOARD_LEADER_MOVE) + 1);
                write_all(pipe_fd[1], line, (size_t)len);
                write_all(pipe_fd[1], "\n", 1);
                continue;
            }
            eof = st.MPI_TAG == TAG_EOF;
        }
        if (eof) {
            atomic_store(&quit_deadline_ns, mono_ns() + (int64_t)QUIT_GRACE_MS * 1000000); /* the guard's */
            for (int k = 1; sent && k < size; k++)
                relay_wait(&reqs[k], MPI_STATUS_IGNORE);
            break;
        }
        line[len] = 0;
        if (rank != 0 && first_word_is(line, XBOARD_LEADER_MOVE))
            continue; /* from the GUI, not from rank 0's game: rank 0 answers it as unknown; here it would play */
        if (rank != 0 && !xboard_running() && starts_search(line))
            write_all(pipe_fd[1], "stop\n", 5);
        write_all(pipe_fd[1], line, (size_t)len);
        write_all(pipe_fd[1], "\n", 1);
        /* Rank 0's own protocol loop has the line before the sends are waited for: a peer that hangs cannot
         * keep rank 0 from answering the GUI (stop, quit). The buffer is read again only after they complete. */
        for (int k = 1; sent && k < size; k++)
            relay_wait(&reqs[k], MPI_STATUS_IGNORE);
        if (is_quit(line)) {
            atomic_store(&quit_deadline_ns, mono_ns() + (int64_t)QUIT_GRACE_MS * 1000000); /* the guard's */
            break;
        }
    }
    free(reqs);
    if (in && in != stdin)
        fclose(in);
    close(pipe_fd[1]);
    return NULL;
}

static void push(int to, const WireEntry *w)
{
    if (queues[to].count < CLUSTER_BATCH)
        queues[to].e[queues[to].count++] = *w;
    else
        atomic_fetch_add_explicit(&entries_dropped, 1, memory_order_relaxed);
}

/* Shared on the node (ClusterNodeShare, tt_set_group_hook): a key whose home rank is on this node has its
 * entries, of every depth, in its home slice and nowhere else; the search probes and stores them there in
 * place, so the ranks of a node share one table as Lazy SMP's threads do. NULL: the rank's own table. */
static TTEntry *node_group(Key key)
{
    if (!sharing_node())
        return NULL;
    TTEntry *slice = slices[home_of(key)];
    return slice ? slice + tt_group_offset(key, home_buckets) : NULL;
}

/* A deep store (tt_set_store_hook). Across the link: replicated, to every rank not sharing this node;
 * home-rank, into the key's home slice, in place when it is this rank's, else through the home rank's
 * queue. A key shared on the node is already in its home slice (node_group): no rank of the node needs
 * it sent, and only the replicated way sends it to the other nodes. */
static void queue_entry(Key key, Score value, Bound bound, Depth depth, Move move)
{
    const WireEntry w = {key, value, (int16_t)depth, (uint16_t)move, (int32_t)bound, 0};
    const bool share = sharing_node(),
               home_mode = atomic_load_explicit(&table_mode, memory_order_relaxed) == CLUSTER_HOME_RANK;
    const int home = home_of(key);
    if (home_mode) {
        if (share && slices[home])
            return;
        if (home == rank) {
            const TTExternal e = {key, value, bound, depth, move};
            tt_group_store(home_slice + tt_group_offset(key, home_buckets), &e);
            return;
        }
        pthread_mutex_lock(&queue_lock);
        push(home, &w);
        pthread_mutex_unlock(&queue_lock);
        return;
    }
    pthread_mutex_lock(&queue_lock);
    for (int r = 0; r < size; r++)
        if (r != rank && !(share && slices[r]))
            push(r, &w);
    pthread_mutex_unlock(&queue_lock);
}

/* A remote probe, one-sided: the home rank takes no part. */
static bool get_group(int home, size_t at, int n, uint64_t *group)
{
    return MPI_Get(group, n * 8, MPI_BYTE, home, (MPI_Aint)(at * 8), n * 8, MPI_BYTE, home_win) == MPI_SUCCESS &&
        MPI_Win_flush(home, home_win) == MPI_SUCCESS;
}

/* A remote probe by message, where the MPI library gave no one-sided window: the key goes to its home rank,
 * whose exchange thread answers with the key's group (serve_probes); this thread waits for the answer,
 * looking every PROBE_NAP_NS. The answer carries this thread's own tag. */
typedef struct {
    uint64_t key;
    int32_t tag; /* of the answer */
    int32_t pad;
} ProbeAsk;

static bool ask_group(int home, Key key, uint64_t *group)
{
    static _Thread_local int tag;
    static atomic_int next_tag;
    if (!tag)
        tag = PROBE_TAG_FIRST + atomic_fetch_add(&next_tag, 1) % PROBE_TAGS;
    const ProbeAsk ask = {key, tag, 0};
    const struct timespec nap = {0, PROBE_NAP_NS};
    MPI_Request req[2];
    MPI_Status st[2];
    memset(group, 0, TT_BUCKET_ENTRIES * sizeof *group);
    if (MPI_Irecv(group, TT_BUCKET_ENTRIES * 8, MPI_BYTE, home, tag, probe_comm, &req[1]) != MPI_SUCCESS)
        return false;
    if (MPI_Isend(&ask, (int)sizeof ask, MPI_BYTE, home, TAG_PROBE, probe_comm, &req[0]) != MPI_SUCCESS) {
        MPI_Cancel(&req[1]);
        MPI_Request_free(&req[1]);
        return false;
    }
    for (int got = 0;; nanosleep(&nap, NULL))
        if (MPI_Testall(2, req, &got, st) != MPI_SUCCESS || got)
            return got;
}

/* The home rank's side (its exchange thread): answers every remote probe by message that has come. */
static void serve_probes(void)
{
    for (int flag = 1;;) {
        MPI_Status st;
        ProbeAsk ask;
        if (MPI_Iprobe(MPI_ANY_SOURCE, TAG_PROBE, probe_comm, &flag, &st) != MPI_SUCCESS || !flag ||
            MPI_Recv(&ask, (int)sizeof ask, MPI_BYTE, st.MPI_SOURCE, TAG_PROBE, probe_comm, MPI_STATUS_IGNORE) !=
                MPI_SUCCESS)
            return;
        uint64_t group[TT_BUCKET_ENTRIES];
        const int n = tt_group_entries();
        const size_t at = tt_group_offset(ask.key, home_buckets);
        for (int i = 0; i < n; i++)
            group[i] = atomic_load_explicit(&home_slice[at + (size_t)i], memory_order_relaxed);
        MPI_Request req;
        if (MPI_Isend(group, n * 8, MPI_BYTE, st.MPI_SOURCE, ask.tag, probe_comm, &req) == MPI_SUCCESS)
            relay_wait(&req, MPI_STATUS_IGNORE);
    }
}

/* A deep probe (tt_set_remote_probe), home-rank only: the key's group in its home slice, read here or
 * by a one-sided MPI_Get from the home rank's window (the home rank takes no part), or where the library gave
 * no such window by a message that the home rank's exchange thread answers. A key shared on the
 * node was probed in its home slice already (node_group). */
static bool probe_home(Key key, Depth depth, TTExternal *out)
{
    (void)depth; /* tt_probe_deep asks only at nodes of CLUSTER_SHARE_DEPTH (by message CLUSTER_MESSAGE_PROBE_DEPTH)
                  * and deeper (tt_set_remote_probe) */
    const int home = home_of(key), n = tt_group_entries();
    if (atomic_load_explicit(&table_mode, memory_order_relaxed) != CLUSTER_HOME_RANK ||
        (sharing_node() && slices[home]))
        return false;
    const size_t at = tt_group_offset(key, home_buckets);
    uint64_t group[TT_BUCKET_ENTRIES];
    if (home == rank) {
        for (int i = 0; i < n; i++)
            group[i] = atomic_load_explicit(&home_slice[at + (size_t)i], memory_order_relaxed);
    } else {
        const int64_t start = mono_ns();
        if (!(have_window ? get_group(home, at, n, group) : ask_group(home, key, group)))
            return false;
        link_delay(start, true);
        atomic_fetch_add_explicit(&remote_probes, 1, memory_order_relaxed);
    }
    const bool found = tt_group_find(group, key, out);
    if (found && home != rank)
        atomic_fetch_add_explicit(&remote_found, 1, memory_order_relaxed);
    return found;
}

static void clear_home(void)
{
    if (home_slice)
        for (size_t i = 0; i < home_buckets * TT_BUCKET_ENTRIES; i++)
            atomic_store_explicit(&home_slice[i], 0, memory_order_relaxed);
}

/* The deepest line: deeper, or as deep and better. */
static bool line_better(const SearchLine *a, const SearchLine *b)
{
    return a->depth > b->depth || (a->depth == b->depth && a->score > b->score);
}

/* Ranks other than 0 keep their best line of the search and send it to rank 0 (exchange_main). */
static void publish_line(const SearchLine *line)
{
    if (rank == 0)
        return;
    pthread_mutex_lock(&line_lock);
    if (line->root != own_line.root || line_better(line, &own_line)) {
        own_line = *line;
        own_dirty = true;
    }
    pthread_mutex_unlock(&line_lock);
}

/* Rank 0, at the end of its search: the best line the others sent for this root, taken once. */
static bool outside_line(Key root, SearchLine *out)
{
    pthread_mutex_lock(&line_lock);
    const bool ok = far_valid && far_line.root == root;
    if (ok)
        *out = far_line;
    far_valid = false;
    pthread_mutex_unlock(&line_lock);
    return ok;
}

static void receive_line(const SearchLine *line)
{
    pthread_mutex_lock(&line_lock);
    if (!far_valid || line->root != far_line.root || line_better(line, &far_line)) {
        far_line = *line;
        far_valid = true;
    }
    pthread_mutex_unlock(&line_lock);
    threads_line_arrived(line->root, line->depth); /* `go depth N` done elsewhere ends rank 0's search */
}

/* Rank 0's search ended: every other rank stops its own, in order with the commands that follow (the
 * message goes out before bestmove, so before the GUI can answer it). */
static void search_finished(const SearchStats *all)
{
    static char none;
    pthread_mutex_lock(&line_lock);
    search_stats_add(&searched, all);
    pthread_mutex_unlock(&line_lock);
    if (rank != 0)
        return;
    for (int r = 1; r < size; r++) {
        MPI_Request req;
        MPI_Isend(&none, 0, MPI_CHAR, r, TAG_DONE, relay_comm, &req);
        MPI_Request_free(&req);
    }
}

/* XBoard (rank 0): the move it plays goes to every other rank before `move X` is written, so before the
 * GUI's answer to it, and in order with the lines (xboard_set_leader_hook). */
static void leader_played(const char *move)
{
    static char text[64]; /* in flight until its send completes */
    const int len = snprintf(text, sizeof text, "%s", move);
    for (int r = 1; r < size; r++) {
        MPI_Request req;
        MPI_Isend(text, len, MPI_CHAR, r, TAG_PLAYED, relay_comm, &req);
        relay_wait(&req, MPI_STATUS_IGNORE);
    }
}

/* This rank's fill: its slice's where the node shares the slices (its own table is then mostly unused). */
static int own_hashfull(void)
{
    return sharing_node() ? tt_hashfull_in(home_slice, home_buckets * TT_BUCKET_ENTRIES) : tt_hashfull();
}

static int cluster_hashfull(void)
{
    int sum = own_hashfull();
    for (int r = 0; r < size; r++)
        if (r != rank)
            sum += atomic_load(&remote_hashfull[r]);
    return sum / size;
}

static uint64_t others_nodes(void)
{
    uint64_t n = 0;
    for (int r = 0; r < size; r++)
        if (r != rank)
            n += atomic_load(&remote_nodes[r]);
    return n;
}

static void store_batch(const Batch *b, int from)
{
    static TTExternal e[CLUSTER_BATCH];
    const int n = b->count < CLUSTER_BATCH ? (int)b->count : CLUSTER_BATCH;
    atomic_store(&remote_nodes[from], b->nodes);
    atomic_store(&remote_hashfull[from], b->hashfull);
    link_delay((int64_t)b->sent_ns, false);
    for (int i = 0; i < n; i++)
        e[i] = (TTExternal){b->e[i].key, b->e[i].value, (Bound)b->e[i].bound, b->e[i].depth, (Move)b->e[i].move};
    if (atomic_load(&table_mode) == CLUSTER_HOME_RANK)
        for (int i = 0; i < n; i++) /* entries for this rank's slice */
            tt_group_store(home_slice + tt_group_offset(e[i].key, home_buckets), &e[i]);
    else
        tt_store_external(e, n);
    atomic_fetch_add(&entries_received, (uint64_t)n);
}

enum { BATCH_BYE = 0xffffffffu }; /* the count of a rank's last message: it sends no more */

/* Takes what came in: batches of entries (or a rank's bye) and, on rank 0, the others' lines. */
static void receive_all(Batch *in, int *byes)
{
    if (!have_window)
        serve_probes();
    for (int flag = 1; flag;) {
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, tt_comm, &flag, &st);
        if (!flag)
            break;
        if (st.MPI_TAG == TAG_RESULT) {
            SearchLine line;
            MPI_Recv(&line, (int)sizeof line, MPI_BYTE, st.MPI_SOURCE, TAG_RESULT, tt_comm, MPI_STATUS_IGNORE);
            receive_line(&line);
            continue;
        }
        MPI_Recv(in, (int)sizeof *in, MPI_BYTE, st.MPI_SOURCE, TAG_ENTRIES, tt_comm, MPI_STATUS_IGNORE);
        if (in->count == BATCH_BYE)
            (*byes)++;
        else
            store_batch(in, st.MPI_SOURCE);
    }
}

/* Every CLUSTER_FLUSH_MS: send each rank its queue with this rank's node count and fill (while a search
 * runs, and once more when it ends, so that the count goes back to 0), send rank 0 this rank's best line
 * when it changed, and store what came. Once `done` is set, a last message says bye; the thread ends when
 * every other rank said bye too, so that no message is left in flight (MPI keeps the order of the
 * messages between two ranks). */
static void *exchange_main(void *arg)
{
    (void)arg;
    static SearchLine line;
    /* Heap buffers: GCC 12's LTO placed a `static Batch in` written only by MPI_Recv in read-only memory. */
    Batch *out = calloc((size_t)size, sizeof *out), *in = malloc(sizeof *in);
    const struct timespec nap = {0, CLUSTER_FLUSH_MS * 1000000L};
    MPI_Request *reqs = calloc((size_t)size + 1, sizeof *reqs);
    MPI_Status *sts =
        calloc((size_t)size + 1, sizeof *sts); /* not MPI_STATUSES_IGNORE: GCC takes MPICH's for an array */
    int byes = 0;
    bool was_busy = false, bye_sent = false;
    while (atomic_load(&gate) == 0) /* cluster_serve: every rank's threads started (1), or not all (-1) */
        nanosleep(&nap, NULL);
    while (atomic_load(&gate) > 0 && (!bye_sent || byes < size - 1)) {
        const bool busy = engine_busy(), last = atomic_load(&done) && !bye_sent;
        pthread_mutex_lock(&queue_lock);
        for (int r = 0; r < size; r++) {
            out[r].count = queues[r].count;
            memcpy(out[r].e, queues[r].e, queues[r].count * sizeof(WireEntry));
            queues[r].count = 0;
        }
        pthread_mutex_unlock(&queue_lock);
        const uint64_t nodes = busy ? threads_nodes_published() : 0;
        const int fill = own_hashfull();
        bool send_line = false;
        if (rank != 0) {
            pthread_mutex_lock(&line_lock);
            send_line = own_dirty;
            line = own_line;
            own_dirty = false;
            pthread_mutex_unlock(&line_lock);
        }
        int n = 0;
        for (int r = 0; r < size; r++) {
            if (r == rank || !(out[r].count > 0 || busy || was_busy || last))
                continue;
            out[r].nodes = nodes;
            out[r].hashfull = fill;
            out[r].sent_ns = (uint64_t)mono_ns();
            if (last)
                out[r].count = BATCH_BYE;
            const uint32_t k = out[r].count == BATCH_BYE ? 0 : out[r].count;
            const int bytes = (int)(offsetof(Batch, e) + k * sizeof(WireEntry));
            atomic_fetch_add(&entries_sent, k);
            atomic_fetch_add(&bytes_sent, (uint64_t)bytes);
            MPI_Isend(&out[r], bytes, MPI_BYTE, r, TAG_ENTRIES, tt_comm, &reqs[n++]);
        }
        if (send_line && !last) {
            atomic_fetch_add(&bytes_sent, sizeof line);
            MPI_Isend(&line, (int)sizeof line, MPI_BYTE, 0, TAG_RESULT, tt_comm, &reqs[n++]);
        }
        if (last)
            bye_sent = true;
        was_busy = busy;
        /* Receive while our sends complete: two ranks sending to each other at once must not wait;
         * between tries a short nap, not a spin (the search needs the core). */
        const struct timespec wait_nap = {0, RELAY_NAP_US * 1000L};
        for (int sent = 0, tries = 0; !sent; tries++) {
            if (tries)
                nanosleep(&wait_nap, NULL);
            receive_all(in, &byes);
            if (MPI_Testall(n, reqs, &sent, sts) != MPI_SUCCESS)
                sent = 1; /* a failed send is not waited for (MPI_ERRORS_RETURN) */
        }
        if (bye_sent && byes >= size - 1)
            break;
        if (!have_window && atomic_load_explicit(&table_mode, memory_order_relaxed) == CLUSTER_HOME_RANK)
            for (int k = 0; k < CLUSTER_FLUSH_MS * 1000 / RELAY_NAP_US; k++) { /* answer remote probes meanwhile */
                nanosleep(&wait_nap, NULL);
                serve_probes();
            }
        else
            nanosleep(&nap, NULL);
    }
    free(sts);
    free(reqs);
    free(out);
    free(in);
    return NULL;
}

/* A rank whose launcher has gone (mpirun killed, the GUI that started a lone rank gone) would wait for lines
 * that never come, or spin in an MPI call for a peer that has gone, with nobody left to end it: it ends
 * itself. So does a rank whose session has ended (quit, the end of input) but whose peers, or the MPI library,
 * keep it from ending within QUIT_GRACE_MS (a peer stopped or hung); its launcher then ends the others. */
static void *guard_main(void *arg)
{
    (void)arg;
    const struct timespec nap = {0, GUARD_NAP_MS * 1000000L};
    for (;;) {
        nanosleep(&nap, NULL);
        if (getppid() != launcher) {
            fprintf(stderr, "chariot-mpi rank %d: its launcher (process %ld) has gone: the rank ends\n", rank,
                    (long)launcher);
            _exit(3);
        }
        const int64_t deadline = atomic_load(&quit_deadline_ns);
        if (deadline && mono_ns() > deadline) {
            fprintf(stderr, "chariot-mpi rank %d: the session ended %d ms ago and the ranks have not: the rank ends\n",
                    rank, QUIT_GRACE_MS);
            fflush(stdout);
            _exit(0);
        }
    }
    return NULL;
}

bool cluster_start(int *argc, char ***argv)
{
    launcher = getppid();
    pthread_t guard;
    if (pthread_create(&guard, NULL, guard_main, NULL) == 0)
        pthread_detach(guard);
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
        return false;
    /* A failing call returns its error instead of ending every process (MPI_ERRORS_ARE_FATAL, the default):
     * the ranks then fall back together, or rank 0 serves alone. The communicators made from this one
     * inherit the handler; each window gets it when it is made. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    size = world_size;
    if (provided < MPI_THREAD_MULTIPLE)
        snprintf(alone_why, sizeof alone_why, "the MPI library gives no MPI_THREAD_MULTIPLE (thread level %d)",
                 provided);
    else if (size > CLUSTER_MAX_RANKS)
        snprintf(alone_why, sizeof alone_why, "%d ranks, at most %d", size, CLUSTER_MAX_RANKS);
    return true;
}

/* A whole number from the environment, inside [lo, hi]; def when unset or out of range (said on rank 0). */
static long env_long(const char *name, long def, long lo, long hi)
{
    const char *v = getenv(name);
    if (!v)
        return def;
    char *end;
    long x = strtol(v, &end, 10);
    if (end == v || *end || x < lo || x > hi) {
        if (rank == 0)
            fprintf(stderr, "chariot-mpi: %s must be a whole number from %ld to %ld, got '%s'; using %ld\n", name, lo,
                    hi, v, def);
        return def;
    }
    return x;
}

/* The agreement of all ranks: true when `ok` on every rank. */
static bool all_ranks(bool ok)
{
    int v = ok;
    return MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) == MPI_SUCCESS && v;
}

/* Whether a collective call succeeded on every rank (rc: this rank's return code); if not, `why` names the call
 * and the largest error class the ranks had. */
static bool all_succeeded(int rc, const char *call, char *why, size_t len)
{
    int cls = MPI_SUCCESS;
    if (rc != MPI_SUCCESS && (MPI_Error_class(rc, &cls) != MPI_SUCCESS || cls == MPI_SUCCESS))
        cls = MPI_ERR_OTHER;
    if (MPI_Allreduce(MPI_IN_PLACE, &cls, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS)
        cls = MPI_ERR_OTHER;
    if (cls == MPI_SUCCESS)
        return true;
    char text[MPI_MAX_ERROR_STRING] = "";
    int n = 0;
    MPI_Error_string(cls, text, &n);
    snprintf(why, len, "%s: %s", call, text);
    return false;
}

/* The windows the ranks try (CHARIOT_CLUSTER_WINDOWS; the ranks take the fewest any rank asks for). */
enum { WINDOWS_NONE, WINDOWS_SHARED, WINDOWS_ALL, WINDOWS_NB };
static const char *const WINDOWS_NAMES[WINDOWS_NB] = {"none", "shared", "all"};
static bool have_node_comm;

/* The slices: one shared-memory window per node (MPI_Win_allocate_shared), whose memory is also exposed to
 * every rank (MPI_Win_create) for the ranks of other nodes; then each node-mate's slice is looked up. All
 * ranks call this together; every slice is cleared before any rank goes on. A window that the library refuses
 * on any rank is given up by all of them: without the shared one each rank's slice is its own memory and no
 * rank shares a node; without the one-sided one remote probes go as messages (fallback_note says which).
 * False (on every rank): not even that could be had. */
static bool open_slices(void)
{
    const MPI_Aint bytes = (MPI_Aint)(home_buckets * 64);
    char why_shared[MPI_MAX_ERROR_STRING + 64] = "", why_window[MPI_MAX_ERROR_STRING + 64] = "";
    int want = WINDOWS_ALL;
    const char *v = getenv("CHARIOT_CLUSTER_WINDOWS");
    if (v) {
        want = -1;
        for (int w = 0; w < WINDOWS_NB; w++)
            if (!strcmp(v, WINDOWS_NAMES[w]))
                want = w;
        if (want < 0 && rank == 0)
            fprintf(stderr, "chariot-mpi: CHARIOT_CLUSTER_WINDOWS must be none, shared or all, got '%s'; using all\n",
                    v);
        want = want < 0 ? WINDOWS_ALL : want;
    }
    if (MPI_Allreduce(MPI_IN_PLACE, &want, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS)
        want = WINDOWS_NONE;
    char forced[64];
    snprintf(forced, sizeof forced, "off: CHARIOT_CLUSTER_WINDOWS=%s", WINDOWS_NAMES[want]);
    if (want >= WINDOWS_SHARED) {
        int rc = MPI_Comm_split_type(win_comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node_comm);
        have_node_comm = all_succeeded(rc, "MPI_Comm_split_type", why_shared, sizeof why_shared);
        if (have_node_comm) {
            MPI_Info info;
            MPI_Info_create(&info);
            MPI_Info_set(info, "alloc_shared_noncontig", "true"); /* each slice on its own pages */
            rc = MPI_Win_allocate_shared(bytes, 1, info, node_comm, &home_slice, &shared_win);
            MPI_Info_free(&info);
            if (rc == MPI_SUCCESS && (rc = MPI_Win_set_errhandler(shared_win, MPI_ERRORS_RETURN)) == MPI_SUCCESS)
                rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, shared_win);
            /* A window that another rank could not have stays, unused, until MPI ends: freeing it is a
             * collective call, and a rank whose library failed it may never take part. */
            have_shared = all_succeeded(rc, "MPI_Win_allocate_shared", why_shared, sizeof why_shared);
        }
    } else {
        snprintf(why_shared, sizeof why_shared, "%s", forced);
    }
    if (have_shared) {
        MPI_Comm_size(node_comm, &node_size);
    } else { /* this rank's own memory: no rank shares a node */
        node_size = 1;
        home_slice = aligned_alloc(64, (size_t)bytes);
        if (!all_ranks(home_slice != NULL)) {
            snprintf(alone_why, sizeof alone_why, "no memory for a slice of %zu MiB", (size_t)bytes >> 20);
            return false;
        }
    }
    if (want >= WINDOWS_ALL) {
        int rc = MPI_Win_create(home_slice, bytes, 1, MPI_INFO_NULL, win_comm, &home_win);
        if (rc == MPI_SUCCESS && (rc = MPI_Win_set_errhandler(home_win, MPI_ERRORS_RETURN)) == MPI_SUCCESS)
            rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, home_win);
        have_window = all_succeeded(rc, "MPI_Win_create", why_window, sizeof why_window);
    } else {
        snprintf(why_window, sizeof why_window, "%s", forced);
    }
    slices = calloc((size_t)size, sizeof *slices);
    if (!all_ranks(slices != NULL)) {
        snprintf(alone_why, sizeof alone_why, "no memory");
        return false;
    }
    if (have_shared) {
        MPI_Group world_group, node_group;
        MPI_Comm_group(win_comm, &world_group);
        MPI_Comm_group(node_comm, &node_group);
        for (int r = 0; r < size; r++) {
            int nr = MPI_UNDEFINED;
            MPI_Group_translate_ranks(world_group, 1, &r, node_group, &nr);
            if (nr == MPI_UNDEFINED)
                continue;
            MPI_Aint got = 0;
            int unit = 0;
            void *base = NULL;
            if (MPI_Win_shared_query(shared_win, nr, &got, &unit, &base) == MPI_SUCCESS)
                slices[r] = got == bytes ? base : NULL;
        }
        MPI_Group_free(&world_group);
        MPI_Group_free(&node_group);
        int node_rank = 0;
        MPI_Comm_rank(node_comm, &node_rank);
        void *mine = NULL;
        char why_busy[MPI_MAX_ERROR_STRING + 64];
        int rc = MPI_Win_allocate_shared(node_rank == 0 ? THREADS_BUSY_BYTES : 0, 1, MPI_INFO_NULL, node_comm, &mine,
                                         &busy_win);
        if (rc == MPI_SUCCESS && (rc = MPI_Win_set_errhandler(busy_win, MPI_ERRORS_RETURN)) == MPI_SUCCESS)
            rc = MPI_Win_lock_all(MPI_MODE_NOCHECK, busy_win);
        have_busy = all_succeeded(rc, "MPI_Win_allocate_shared", why_busy, sizeof why_busy);
        MPI_Aint got = 0;
        int unit = 0;
        if (!have_busy || MPI_Win_shared_query(busy_win, 0, &got, &unit, &busy_marks) != MPI_SUCCESS ||
            got != THREADS_BUSY_BYTES || ((uintptr_t)busy_marks & 63))
            busy_marks = NULL; /* never expected: then each rank keeps its own marks */
        if (busy_marks && node_rank == 0)
            memset(busy_marks, 0, THREADS_BUSY_BYTES);
    }
    slices[rank] = home_slice;
    clear_home();
    if (!have_shared)
        snprintf(fallback_note, sizeof fallback_note,
                 "no shared-memory window (%s): the ranks of a node share no table", why_shared);
    if (!have_window)
        snprintf(fallback_note + strlen(fallback_note), sizeof fallback_note - strlen(fallback_note),
                 "%sno one-sided window (%s): home-rank's remote probes go as messages, from depth %d",
                 *fallback_note ? "; " : "", why_window, (int)CLUSTER_MESSAGE_PROBE_DEPTH);
    return all_ranks(MPI_Barrier(win_comm) == MPI_SUCCESS);
}

/* All ranks together: gives back what open_slices had. */
static void close_slices(void)
{
    if (have_busy) {
        MPI_Win_unlock_all(busy_win);
        MPI_Win_free(&busy_win);
    }
    if (have_window) {
        MPI_Win_unlock_all(home_win);
        MPI_Win_free(&home_win);
    }
    if (have_shared) {
        MPI_Win_unlock_all(shared_win);
        MPI_Win_free(&shared_win);
    } else {
        free(home_slice);
    }
    if (have_node_comm)
        MPI_Comm_free(&node_comm);
    have_busy = have_window = have_shared = have_node_comm = false;
    busy_marks = NULL;
    home_slice = NULL;
    free(slices);
    slices = NULL;
}

/* Everything the ranks need, set up by all ranks together; false on every rank (alone_why says why) when
 * any rank could not. The relay and exchange threads wait at the gate until cluster_serve opens it. */
static bool start_ranks(void)
{
    latency_us = (int)env_long("CHARIOT_CLUSTER_LATENCY_US", 0, 0, 1000000);
    /* Every rank's slice of the home-rank table, allocated once by all ranks together (a collective call).
     * A probe reads another rank's slice where its own would hold the key: the sizes must agree. */
    const long home_mb = env_long("CHARIOT_CLUSTER_HOME_MB", CLUSTER_HOME_MB, 1, 1 << 20);
    long lo = home_mb, hi = home_mb;
    if (MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_LONG, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS ||
        MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS) {
        snprintf(alone_why, sizeof alone_why, "MPI_Allreduce failed");
        return false;
    }
    if (lo != hi) {
        snprintf(alone_why, sizeof alone_why,
                 "CHARIOT_CLUSTER_HOME_MB differs between ranks (%ld to %ld); give every rank the same (mpirun -x "
                 "CHARIOT_CLUSTER_HOME_MB)",
                 lo, hi);
        return false;
    }
    home_buckets = (size_t)home_mb * (1u << 20) / 64;
    int rc = MPI_Comm_dup(MPI_COMM_WORLD, &relay_comm);
    rc |= MPI_Comm_dup(MPI_COMM_WORLD, &tt_comm);
    rc |= MPI_Comm_dup(MPI_COMM_WORLD, &win_comm);
    rc |= MPI_Comm_dup(MPI_COMM_WORLD, &probe_comm);
    if (!all_ranks(rc == MPI_SUCCESS)) {
        snprintf(alone_why, sizeof alone_why, "MPI_Comm_dup failed");
        return false;
    }
    if (!open_slices())
        return false;
    queues = calloc((size_t)size, sizeof *queues);
    bool ok = queues && pipe(pipe_fd) == 0 && (pipe_in = fdopen(pipe_fd[0], "r")) != NULL;
    if (ok && rank != 0) { /* only rank 0 writes; CHARIOT_CLUSTER_LOG=PREFIX keeps the others' output in PREFIX.N */
        const char *log = getenv("CHARIOT_CLUSTER_LOG");
        char path[512];
        snprintf(path, sizeof path, "%s.%d", log ? log : "", rank);
        ok = freopen(log ? path : "/dev/null", "w", stdout) != NULL;
        if (ok)
            setvbuf(stdout, NULL, _IOLBF, 0);
    }
    relay_started = ok && pthread_create(&relay_id, NULL, relay_main, NULL) == 0;
    exchange_started = ok && pthread_create(&exchange_id, NULL, exchange_main, NULL) == 0;
    if (!all_ranks(relay_started && exchange_started)) {
        snprintf(alone_why, sizeof alone_why, "a rank could not start its threads, its pipe or its log");
        return false;
    }
    return true;
}

/* After start_ranks failed, all ranks together: ends the threads waiting at the gate, gives back the rest. */
static void stop_ranks(void)
{
    atomic_store(&gate, -1);
    if (relay_started)
        pthread_join(relay_id, NULL);
    if (exchange_started)
        pthread_join(exchange_id, NULL);
    relay_started = exchange_started = false;
    close_slices();
    free(queues);
    queues = NULL;
    if (pipe_in)
        fclose(pipe_in);
    else if (pipe_fd[0] >= 0)
        close(pipe_fd[0]);
    if (pipe_fd[1] >= 0)
        close(pipe_fd[1]);
    pipe_in = NULL;
    pipe_fd[0] = pipe_fd[1] = -1;
}

/* A rank other than 0 whose cluster could not start: waits, without taking a core, until rank 0 has served the
 * GUI alone and ended (TAG_ALONE). */
static void follow_alone(void)
{
    static char none;
    const struct timespec nap = {0, ALONE_NAP_MS * 1000000L};
    MPI_Request req;
    if (MPI_Irecv(&none, 0, MPI_CHAR, 0, TAG_ALONE, MPI_COMM_WORLD, &req) != MPI_SUCCESS)
        return;
    for (int got = 0; MPI_Test(&req, &got, MPI_STATUS_IGNORE) == MPI_SUCCESS && !got;)
        nanosleep(&nap, NULL);
}

/* Rank 0 alone (one rank, or the cluster could not start): its protocol loop reads leader_input() itself, the
 * launcher's named pipe where the GUI's lines come (its standard input is then empty). False: that cannot be read. */
static bool read_leader_input(void)
{
    FILE *in = leader_input();
    if (in && in != stdin)
        proto_set_input(in); /* open until the process ends */
    return in != NULL;
}

bool cluster_serve(void)
{
    if (size > 1 && !*alone_why && !start_ranks())
        stop_ranks();
    if (size > 1 && *alone_why) { /* nothing works: rank 0 is the ordinary engine, the others wait for its end */
        size = 1;
        if (rank != 0) {
            follow_alone();
            return false;
        }
        snprintf(fallback_note, sizeof fallback_note, "the cluster could not start (%s): rank 0 serves alone",
                 alone_why);
        fprintf(stderr, "chariot-mpi: %s\n", fallback_note);
        proto_set_notice(fallback_note);
        return read_leader_input();
    }
    if (size == 1) { /* the ordinary engine; CHARIOT_CLUSTER_STATS still counts its searches (the baseline) */
        if (getenv("CHARIOT_CLUSTER_STATS")) {
            const ProcessHooks hooks = {NULL, NULL, search_finished, NULL};
            threads_set_process_hooks(&hooks);
        }
        return read_leader_input();
    }
    serving = true;
    proto_set_input(pipe_in);
    tt_set_store_hook(queue_entry, CLUSTER_SHARE_DEPTH);
    /* A probe by message waits for the home rank's exchange thread (a round trip of naps, with every core
     * searching): only nodes this deep pay for it (docs/cluster.md, Which MPI). */
    tt_set_remote_probe(probe_home, have_window ? CLUSTER_SHARE_DEPTH : CLUSTER_MESSAGE_PROBE_DEPTH);
    if (node_size > 1)
        tt_set_group_hook(node_group);
    cluster_set_node_share(atomic_load(&node_share));
    tt_set_clear_hook(clear_home);
    threads_set_extra_nodes(others_nodes);
    threads_set_process_rank(rank); /* the ranks do not all search alike: rank r's threads act as helpers */
    if (rank == 0)                  /* XBoard: rank 0 plays the engine's moves, the others take them from it */
        xboard_set_leader_hook(leader_played);
    else
        xboard_set_follower(true);
    const ProcessHooks hooks = {publish_line, outside_line, search_finished, cluster_hashfull};
    threads_set_process_hooks(&hooks);
    if (rank == 0 && *fallback_note) { /* said once: on stderr, and to the GUI when it starts its protocol */
        fprintf(stderr, "chariot-mpi: %s\n", fallback_note);
        proto_set_notice(fallback_note);
    }
    atomic_store(&gate, 1);
    return true;
}

void cluster_end(void)
{
    if (!atomic_load(&quit_deadline_ns)) /* the guard's, from now (the relay set it at quit or the end of input) */
        atomic_store(&quit_deadline_ns, mono_ns() + (int64_t)QUIT_GRACE_MS * 1000000);
    unsigned long long slice_entries = 0; /* entries filled in this rank's slice at the end */
    if (serving) {
        pthread_join(relay_id, NULL);
        atomic_store(&done, true); /* the protocol loop is over: no search runs */
        pthread_join(exchange_id, NULL);
        for (size_t i = 0; i < home_buckets * TT_BUCKET_ENTRIES; i++)
            slice_entries += atomic_load_explicit(&home_slice[i], memory_order_relaxed) != 0;
        tt_set_clear_hook(NULL);
        tt_set_group_hook(NULL);
        threads_share_busy(NULL);
        close_slices();
        free(queues);
    } else if (rank == 0 && size == 1 && world_size > 1) { /* served alone: the others wait for this */
        static char none;
        for (int r = 1; r < world_size; r++) {
            MPI_Request req;
            if (MPI_Isend(&none, 0, MPI_CHAR, r, TAG_ALONE, MPI_COMM_WORLD, &req) == MPI_SUCCESS)
                relay_wait(&req, MPI_STATUS_IGNORE);
        }
    }
    if (getenv("CHARIOT_CLUSTER_STATS"))
        fprintf(
            stderr,
            "chariot-mpi rank %d: %llu entries sent, %llu received, %llu dropped (queue full), %llu bytes sent, "
            "%llu remote probes, %llu found, %llu slice entries, %llu nodes, %llu probes, %llu hits, %llu cutoffs\n",
            rank, (unsigned long long)atomic_load(&entries_sent), (unsigned long long)atomic_load(&entries_received),
            (unsigned long long)atomic_load(&entries_dropped), (unsigned long long)atomic_load(&bytes_sent),
            (unsigned long long)atomic_load(&remote_probes), (unsigned long long)atomic_load(&remote_found),
            (unsigned long long)slice_entries, (unsigned long long)searched.nodes,
            (unsigned long long)searched.tt_probes, (unsigned long long)searched.tt_hits,
            (unsigned long long)searched.tt_cutoffs);
    MPI_Finalize();
}

/* ---- The cluster's options, added to every protocol's table (options.h) ---- */

static bool apply_cluster_table(const char *v, char *err, size_t len)
{
    if (!cluster_set_table(v)) {
        snprintf(err, len, "unknown ClusterTable value '%s'", v);
        return false;
    }
    tt_clear(); /* each way starts from empty tables (the home slices too) */
    return true;
}

static bool apply_cluster_node_share(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    bool on;
    if (!proto_parse_bool(v, &on))
        return false;
    cluster_set_node_share(on);
    tt_clear();
    return true;
}

static const EngineOption CLUSTER_OPTIONS[] = {
    {"ClusterTable", OPT_COMBO, "replicated", 0, 0, CLUSTER_TABLE_VARS, apply_cluster_table},
    {"ClusterNodeShare", OPT_CHECK, "true", 0, 0, NULL, apply_cluster_node_share},
};

void cluster_add_options(void)
{
    proto_add_options(CLUSTER_OPTIONS, (int)(sizeof CLUSTER_OPTIONS / sizeof CLUSTER_OPTIONS[0]));
}
