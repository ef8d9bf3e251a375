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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "protocol.h"
#include "thread.h"
#include "tt.h"

enum {
    RELAY_LINE_MAX = 16384,
    RELAY_NAP_US = 200, /* a rank waiting for the next command looks every 0.2 ms */
    TAG_ENTRIES = 1,
    TAG_LINE = 2,
    TAG_EOF = 3, /* no more input */
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

/* A batch: the sender's node count, then its entries. */
typedef struct {
    uint64_t nodes;
    uint32_t count;
    uint32_t pad;
    WireEntry e[CLUSTER_BATCH];
} Batch;

static int rank, size = 1;
static MPI_Comm relay_comm, tt_comm;
static pthread_t relay_id, exchange_id;
static int pipe_fd[2] = {-1, -1};
static atomic_bool done;
static bool serving; /* cluster_serve started the relay and the exchange */

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static Batch queue;                          /* entries waiting to go out */
static _Atomic uint64_t remote_nodes[256];   /* each rank's last reported node count (this search) */
static _Atomic uint64_t entries_sent, entries_received, entries_dropped; /* dropped: the queue was full */

int cluster_rank(void) { return rank; }
int cluster_size(void) { return size; }

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

static bool is_quit(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return !strncmp(line, "quit", 4) && (line[4] == 0 || line[4] == ' ' || line[4] == '\r');
}

/* Waits for a request without spinning: MPI's blocking calls poll a core at full speed, which on a
 * machine the search needs would take a core from it. A command waits RELAY_NAP_US at most. */
static void relay_wait(MPI_Request *req, MPI_Status *st)
{
    const struct timespec nap = {0, RELAY_NAP_US * 1000L};
    for (int done_ = 0;;) {
        MPI_Test(req, &done_, st);
        if (done_)
            return;
        nanosleep(&nap, NULL);
    }
}

/* Rank 0 reads stdin and sends each line to every other rank; every rank writes the lines into its
 * pipe. The loop ends after `quit` or the end of input (an empty message tagged TAG_EOF), on every
 * rank at the same line. */
static void *relay_main(void *arg)
{
    (void)arg;
    static char line[RELAY_LINE_MAX];
    MPI_Request *reqs = calloc((size_t)size, sizeof *reqs);
    for (;;) {
        int len = 0;
        bool eof = false;
        if (rank == 0) {
            ReadLine r = proto_read_bounded(stdin, line, sizeof line);
            eof = r == READ_EOF;
            len = eof ? 0 : (int)strlen(line);
            for (int k = 1; k < size; k++)
                MPI_Isend(line, len, MPI_CHAR, k, eof ? TAG_EOF : TAG_LINE, relay_comm, &reqs[k]);
            for (int k = 1; k < size; k++)
                relay_wait(&reqs[k], MPI_STATUS_IGNORE);
        } else {
            MPI_Request req;
            MPI_Status st;
            MPI_Irecv(line, (int)sizeof line - 1, MPI_CHAR, 0, MPI_ANY_TAG, relay_comm, &req);
            relay_wait(&req, &st);
            MPI_Get_count(&st, MPI_CHAR, &len);
            eof = st.MPI_TAG == TAG_EOF;
        }
        if (eof)
            break;
        line[len] = 0;
        write_all(pipe_fd[1], line, (size_t)len);
        write_all(pipe_fd[1], "\n", 1);
        if (is_quit(line))
            break;
    }
    free(reqs);
    close(pipe_fd[1]);
    return NULL;
}

static void queue_entry(Key key, Score value, Bound bound, Depth depth, Move move)
{
    pthread_mutex_lock(&queue_lock);
    if (queue.count < CLUSTER_BATCH)
        queue.e[queue.count++] = (WireEntry){key, value, (int16_t)depth, (uint16_t)move, (int32_t)bound, 0};
    else
        atomic_fetch_add_explicit(&entries_dropped, 1, memory_order_relaxed);
    pthread_mutex_unlock(&queue_lock);
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
    for (int i = 0; i < n; i++)
        e[i] = (TTExternal){b->e[i].key, b->e[i].value, (Bound)b->e[i].bound, b->e[i].depth, (Move)b->e[i].move};
    tt_store_external(e, n);
    atomic_fetch_add(&entries_received, (uint64_t)n);
}

enum { BATCH_BYE = 0xffffffffu }; /* the count of a rank's last message: it sends no more */

/* Every CLUSTER_FLUSH_MS: send the queue and this rank's node count to every other rank (while a
 * search runs, and once more when it ends, so that the count goes back to 0), and store what came.
 * Once `done` is set, a last message says bye; the thread ends when every other rank said bye too, so
 * that no message is left in flight (MPI keeps the order of the messages between two ranks). */
static void *exchange_main(void *arg)
{
    (void)arg;
    static Batch out, in;
    const struct timespec nap = {0, CLUSTER_FLUSH_MS * 1000000L};
    MPI_Request *reqs = calloc((size_t)size, sizeof *reqs);
    int byes = 0;
    bool was_busy = false, bye_sent = false;
    while (!bye_sent || byes < size - 1) {
        const bool busy = threads_busy(), last = atomic_load(&done) && !bye_sent;
        pthread_mutex_lock(&queue_lock);
        out = queue;
        queue.count = 0;
        pthread_mutex_unlock(&queue_lock);
        out.nodes = busy ? threads_nodes() - others_nodes() : 0;
        atomic_fetch_add(&entries_sent, (uint64_t)out.count * (uint64_t)(size - 1));
        const bool send = out.count > 0 || busy || was_busy || last;
        if (last) {
            out.count = BATCH_BYE;
            bye_sent = true;
        }
        was_busy = busy;
        const int bytes = (int)(offsetof(Batch, e) + (out.count == BATCH_BYE ? 0 : out.count) * sizeof(WireEntry));
        int n = 0;
        if (send)
            for (int r = 0; r < size; r++)
                if (r != rank)
                    MPI_Isend(&out, bytes, MPI_BYTE, r, TAG_ENTRIES, tt_comm, &reqs[n++]);
        /* Receive while our sends complete: two ranks sending to each other at once must not wait;
         * between tries a short nap, not a spin (the search needs the core). */
        const struct timespec wait_nap = {0, RELAY_NAP_US * 1000L};
        for (int sent = 0, tries = 0; !sent; tries++) {
            if (tries)
                nanosleep(&wait_nap, NULL);
            for (int flag = 1; flag;) {
                MPI_Status st;
                MPI_Iprobe(MPI_ANY_SOURCE, TAG_ENTRIES, tt_comm, &flag, &st);
                if (!flag)
                    break;
                MPI_Recv(&in, (int)sizeof in, MPI_BYTE, st.MPI_SOURCE, TAG_ENTRIES, tt_comm, MPI_STATUS_IGNORE);
                if (in.count == BATCH_BYE)
                    byes++;
                else
                    store_batch(&in, st.MPI_SOURCE);
            }
            MPI_Testall(n, reqs, &sent, MPI_STATUSES_IGNORE);
        }
        if (!bye_sent || byes < size - 1)
            nanosleep(&nap, NULL);
    }
    free(reqs);
    return NULL;
}

bool cluster_start(int *argc, char ***argv)
{
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
        return false;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            fprintf(stderr, "chariot-mpi: the MPI library gives no MPI_THREAD_MULTIPLE; running rank 0 alone\n");
        size = 1;
    }
    if (size > (int)(sizeof remote_nodes / sizeof remote_nodes[0])) {
        if (rank == 0)
            fprintf(stderr, "chariot-mpi: at most %zu ranks\n", sizeof remote_nodes / sizeof remote_nodes[0]);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return true;
}

bool cluster_serve(void)
{
    if (size == 1)
        return true;
    serving = true;
    MPI_Comm_dup(MPI_COMM_WORLD, &relay_comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &tt_comm);
    if (rank != 0) { /* only rank 0 writes; CHARIOT_CLUSTER_LOG=PREFIX keeps the others' output in PREFIX.N */
        const char *log = getenv("CHARIOT_CLUSTER_LOG");
        char path[512];
        snprintf(path, sizeof path, "%s.%d", log ? log : "", rank);
        if (!freopen(log ? path : "/dev/null", "w", stdout))
            return false;
        setvbuf(stdout, NULL, _IOLBF, 0);
    }
    if (pipe(pipe_fd) != 0)
        return false;
    proto_set_input(fdopen(pipe_fd[0], "r"));
    tt_set_store_hook(queue_entry, CLUSTER_SHARE_DEPTH);
    threads_set_extra_nodes(others_nodes);
    threads_set_process_rank(rank); /* the ranks do not all search alike: rank r's threads act as helpers */
    return pthread_create(&relay_id, NULL, relay_main, NULL) == 0 &&
           pthread_create(&exchange_id, NULL, exchange_main, NULL) == 0;
}

void cluster_end(void)
{
    if (serving) {
        pthread_join(relay_id, NULL);
        atomic_store(&done, true); /* the protocol loop is over: no search runs */
        pthread_join(exchange_id, NULL);
        if (getenv("CHARIOT_CLUSTER_STATS"))
            fprintf(stderr, "chariot-mpi rank %d: %llu entries sent, %llu received, %llu dropped (queue full)\n", rank,
                    (unsigned long long)atomic_load(&entries_sent), (unsigned long long)atomic_load(&entries_received),
                    (unsigned long long)atomic_load(&entries_dropped));
    }
    MPI_Finalize();
}
