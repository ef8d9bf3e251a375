/*
 * thread.c - the search thread pool and the shared stop flags.
 *
 * The protocol loop stays on the main thread and keeps reading commands
 * (stop, isready, ponderhit) while one background thread, the worker,
 * searches; with Threads > 1 that thread wakes the helpers, which live as long
 * as the pool. The worker, too, sleeps between searches. The pool also
 * owns the net every thread evaluates with. Beside it: thread_busy.c (the
 * marks that split the work between threads) and thread_process.c (what the
 * search shares with other processes, the cluster's hooks).
 */
#define _POSIX_C_SOURCE 200809L
#include "thread.h"
#include "timeman.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

atomic_bool g_stop;
atomic_bool g_pondering;
static _Atomic int64_t ponderhit_ms; /* when the last ponderhit came, 0: none in this search */

static SearchThread *pool[MAX_THREADS];
static int pool_size;
/* pool_size and the pool change under size_lock (engine_set_threads, never during a search). The protocol
 * thread and the search threads read them freely; a thread outside the search (a cluster build's
 * exchange) takes the lock, since a search can end and `setoption Threads` free a thread between its
 * look at engine_busy and its read. */
static pthread_mutex_t size_lock = PTHREAD_MUTEX_INITIALIZER;

/* Helpers are persistent: each sleeps on `pool_wake` until the next search.
 * Created per search, a helper cost milliseconds of every search: Linux
 * starts a new thread on its creator's core, so the helper and the main
 * thread shared one core until load balancing moved one of them (traced
 * through UCI with sched_getcpu: the main thread stood still for 4 ms at
 * depth 3 while the helper ran on its core), or the helper started up to
 * 4 ms late. The scheduler wakes a sleeping thread on an idle core. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pool_wake = PTHREAD_COND_INITIALIZER; /* a search to run, or quit */
static pthread_cond_t pool_idle = PTHREAD_COND_INITIALIZER; /* the last helper finished */
static pthread_t helper_ids[MAX_THREADS];
static unsigned helper_seen[MAX_THREADS]; /* the last generation each helper ran */
static unsigned pool_generation;          /* one more for each search the helpers join */
static int helpers_running;               /* helpers not yet done with this generation */
static bool pool_quit;                    /* helpers are to exit */
/* Outside engine_set_threads, pool[1 .. pool_size-1] each have a running helper thread. */
static SearchThread *main_thread;
static NnueNet *net_set;     /* the net (threads_set_net), owned here */
static bool net_used = true; /* false: searches use the fitted evaluation */
/* The worker, the thread that runs the main search or a job (engine_go, engine_run_job), is
 * persistent too: created at its first task, it sleeps on `worker_wake` between tasks. Created per
 * task, it cost a thread's creation and join at every `go` and every XBoard move: a replay of the
 * XBoard fuzz corpus started 3,022 threads for 246 sessions, 42 now (docs/reliability.md).
 * `worker_task` is the task to run, NULL once it has returned; the protocol thread posts a task only
 * when none is pending, and engine_wait waits (on `worker_done`) until it is NULL again: after that,
 * as after a join, nothing of the last task runs, and the worker touches only these three. */
static pthread_mutex_t worker_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t worker_wake = PTHREAD_COND_INITIALIZER; /* a task posted, or quit */
static pthread_cond_t worker_done = PTHREAD_COND_INITIALIZER; /* the task returned */
static void *(*worker_task)(void *);
static bool worker_quit;
static pthread_t worker;
static bool worker_exists;  /* the thread runs (protocol thread only) */
static bool worker_running; /* a task was posted and not yet waited for (protocol thread only) */
static SearchReporter worker_reporter;
static atomic_bool searching;
static size_t stack_bytes = THREAD_STACK_BYTES;
/* A search run on the caller's thread (engine_go_here) with a yield set hands control back to the
 * caller's event loop about every YIELD_EVERY_MS, so that stop, ponderhit and isready are read meanwhile
 * (the WebAssembly build without threads). Only the main search thread calls it, between nodes. */
static void (*here_yield)(int nap_ms);
static bool here_live; /* a search runs on the caller's thread and yields */
static int64_t here_last_yield;

/* Every search thread gets the same explicit stack: a 128-ply search needs
 * more than musl's or macOS's default for secondary threads. */
static int thread_create(pthread_t *id, void *(*fn)(void *), void *arg)
{
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0)
        return -1;
    int rc = pthread_attr_setstacksize(&attr, stack_bytes);
    if (rc == 0)
        rc = pthread_create(id, &attr, fn, arg);
    pthread_attr_destroy(&attr);
    return rc;
}

static void worker_retire(void);

void engine_set_stack_size(size_t bytes)
{
    worker_retire(); /* after waiting for its task: the next task gets a worker with the new stack */
    stack_bytes = bytes;
}

int64_t thread_elapsed(const SearchThread *t)
{
    /* After a ponderhit our clock runs from the ponderhit, not from "go ponder". */
    int64_t hit = atomic_load_explicit(&ponderhit_ms, memory_order_relaxed);
    return time_now_ms() - (hit > t->s.start_ms ? hit : t->s.start_ms);
}

static void yield_if_due(int nap_ms)
{
    const int64_t now = time_now_ms();
    if (nap_ms > 0 || now - here_last_yield >= YIELD_EVERY_MS) {
        here_yield(nap_ms);
        here_last_yield = time_now_ms();
    }
}

bool thread_time_up(SearchThread *t)
{
    if (here_live && t->id == 0)
        yield_if_due(0);
    if (t->id != 0 || t->s.maximum_ms < 0 || atomic_load_explicit(&g_pondering, memory_order_relaxed))
        return false;
    return thread_elapsed(t) >= t->s.maximum_ms;
}

void thread_hold_until_released(const SearchThread *t)
{
    const struct timespec nap = {0, 1000000};
    while (!atomic_load(&g_stop) && (t->limits.infinite || atomic_load(&g_pondering))) {
        if (here_live && t->id == 0)
            yield_if_due(YIELD_HOLD_NAP_MS);
        else
            nanosleep(&nap, NULL);
    }
}

static SearchThread *thread_new(int id)
{
    SearchThread *t = calloc(1, sizeof *t); /* zero: history_clear's state, without touching its 4 MB again */
    if (t)
        t->id = id;
    return t;
}

void threads_init(void)
{
    main_thread = pool[0] = thread_new(0);
    if (!main_thread)
        abort();
    pool_size = 1;
}

SearchThread *threads_main(void) { return main_thread; }
SearchThread *threads_get(int i) { return i >= 0 && i < pool_size ? pool[i] : NULL; }
int engine_threads(void) { return pool_size; }

/* Free the search threads pool[from .. to-1] (their helper threads, if any, have ended). */
static void free_threads(int from, int to)
{
    for (int k = from; k < to; k++)
        free(pool[k]), pool[k] = NULL;
}

static void *helper_main(void *arg)
{
    SearchThread *t = arg;
    pthread_mutex_lock(&pool_lock);
    for (;;) {
        while (helper_seen[t->id] == pool_generation && !pool_quit)
            pthread_cond_wait(&pool_wake, &pool_lock);
        if (pool_quit)
            break;
        helper_seen[t->id] = pool_generation;
        t->searches++;
        pthread_mutex_unlock(&pool_lock);
        search_helper_run(t);
        pthread_mutex_lock(&pool_lock);
        if (--helpers_running == 0)
            pthread_cond_signal(&pool_idle);
    }
    pthread_mutex_unlock(&pool_lock);
    return NULL;
}

static void helpers_stop_all(void)
{
    pthread_mutex_lock(&pool_lock);
    pool_quit = true;
    pthread_cond_broadcast(&pool_wake);
    pthread_mutex_unlock(&pool_lock);
    for (int i = 1; i < pool_size; i++)
        pthread_join(helper_ids[i], NULL);
    pool_quit = false;
}

/* Threads for pool[1 .. pool_size-1]; false if one could not be created (the
 * pool then shrinks to the threads that run). */
static bool helpers_start_all(void)
{
    for (int i = 1; i < pool_size; i++) {
        helper_seen[i] = pool_generation; /* before the thread exists: no race */
        if (thread_create(&helper_ids[i], helper_main, pool[i]) != 0) {
            free_threads(i, pool_size);
            pool_size = i;
            return false;
        }
    }
    return true;
}

bool engine_set_threads(int n)
{
    engine_wait();
    if (n < 1 || n > MAX_THREADS)
        return false;
    if (n == pool_size)
        return true;
    for (int i = pool_size; i < n; i++)
        if (!(pool[i] = thread_new(i))) {
            free_threads(pool_size, i);
            return false;
        }
    pthread_mutex_lock(&size_lock);
    helpers_stop_all();
    free_threads(n, pool_size);
    pool_size = n;
    const bool ok = helpers_start_all();
    pthread_mutex_unlock(&size_lock);
    return ok;
}

void engine_exit(void)
{
    engine_stop();
    engine_set_threads(1);
    worker_retire();
}

uint64_t threads_nodes_published(void)
{
    uint64_t n = 0;
    pthread_mutex_lock(&size_lock);
    for (int i = 0; i < pool_size; i++)
        n += atomic_load_explicit(&pool[i]->published, memory_order_relaxed);
    pthread_mutex_unlock(&size_lock);
    return n;
}

void threads_launch_helpers(void)
{
    pthread_mutex_lock(&pool_lock);
    helpers_running = pool_size - 1;
    pool_generation++;
    pthread_cond_broadcast(&pool_wake);
    pthread_mutex_unlock(&pool_lock);
}

void threads_join_helpers(void)
{
    pthread_mutex_lock(&pool_lock);
    while (helpers_running > 0)
        pthread_cond_wait(&pool_idle, &pool_lock);
    pthread_mutex_unlock(&pool_lock);
}

static void clear_eval_caches(void)
{
    for (int i = 0; i < pool_size; i++)
        memset(pool[i]->eval_cache, 0, sizeof pool[i]->eval_cache);
}

const NnueNet *threads_net(void) { return net_used ? net_set : NULL; }
const NnueNet *threads_net_set(void) { return net_set; }
bool threads_net_used(void) { return net_used; }

void threads_set_net(NnueNet *net)
{
    if (net == net_set)
        return;
    nnue_free(net_set);
    net_set = net;
    clear_eval_caches();
}

void engine_use_net(bool on)
{
    if (on != net_used)
        clear_eval_caches();
    net_used = on;
}

void engine_clear_histories(void)
{
    for (int i = 0; i < pool_size; i++)
        history_clear_if_searched(&pool[i]->hist); /* a fresh helper's 4 MB stay untouched */
}

/* The hand-off. The search is over for the protocol as soon as bestmove
 * is out, so `searching` is cleared just before bestmove is written: a
 * command sent right after bestmove is taken, not refused as "while
 * searching". The worker may still be finishing that line, so every
 * command that changes what a search reads (the position, options, the
 * table) first waits for the worker with engine_wait(); after the wait
 * nothing of the last search runs. */
static void worker_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ctx;
    atomic_store(&searching, false);
    if (worker_reporter.on_bestmove)
        worker_reporter.on_bestmove(best, ponder, worker_reporter.ctx);
}

static void *worker_main(void *arg)
{
    (void)arg;
    SearchReporter rep = {worker_reporter.on_info, worker_bestmove, worker_reporter.ctx};
    search_run(main_thread, &rep);
    atomic_store(&searching, false);
    return NULL;
}

static void *worker_loop(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&worker_lock);
    for (;;) {
        while (!worker_task && !worker_quit)
            pthread_cond_wait(&worker_wake, &worker_lock);
        if (!worker_task)
            break;
        void *(*task)(void *) = worker_task;
        pthread_mutex_unlock(&worker_lock);
        task(NULL);
        pthread_mutex_lock(&worker_lock);
        worker_task = NULL;
        pthread_cond_signal(&worker_done);
    }
    pthread_mutex_unlock(&worker_lock);
    return NULL;
}

void engine_wait(void)
{
    if (!worker_running)
        return;
    pthread_mutex_lock(&worker_lock);
    while (worker_task)
        pthread_cond_wait(&worker_done, &worker_lock);
    pthread_mutex_unlock(&worker_lock);
    worker_running = false;
}

/* Ends the parked worker thread, if any (no task pending: after engine_wait). */
static void worker_retire(void)
{
    engine_wait();
    if (!worker_exists)
        return;
    pthread_mutex_lock(&worker_lock);
    worker_quit = true;
    pthread_cond_signal(&worker_wake);
    pthread_mutex_unlock(&worker_lock);
    pthread_join(worker, NULL);
    worker_quit = false;
    worker_exists = false;
}

/* A new search or job: nothing stopped, pondering as asked, no ponderhit yet. */
static void reset_control(bool ponder)
{
    atomic_store(&g_stop, false);
    atomic_store(&g_pondering, ponder);
    atomic_store(&ponderhit_ms, 0);
}

/* Runs fn on the worker thread, busy until it is done; false (and not busy) if the thread cannot start. */
static bool launch_worker(void *(*fn)(void *))
{
    atomic_store(&searching, true);
    if (!worker_exists && thread_create(&worker, worker_loop, NULL) != 0) {
        atomic_store(&searching, false);
        return false;
    }
    worker_exists = true;
    pthread_mutex_lock(&worker_lock);
    worker_task = fn;
    pthread_cond_signal(&worker_wake);
    pthread_mutex_unlock(&worker_lock);
    worker_running = true;
    return true;
}

bool engine_go(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    engine_wait();
    main_thread->pos = *pos;
    main_thread->limits = *limits;
    worker_reporter = *rep;
    reset_control(limits->ponder);
    return launch_worker(worker_main);
}

void engine_set_yield(void (*yield)(int nap_ms)) { here_yield = yield; }

bool engine_searches_here(void) { return here_yield != NULL; }

void engine_go_here(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    engine_wait();
    main_thread->pos = *pos;
    main_thread->limits = *limits;
    if (!here_yield) /* nobody could end them */
        main_thread->limits.infinite = main_thread->limits.ponder = false;
    reset_control(main_thread->limits.ponder);
    if (!here_yield) {
        search_run(main_thread, rep);
        return;
    }
    /* As on the worker: busy until the bestmove is written, so that the commands read during a yield
     * which would change what the search works on are refused. */
    worker_reporter = *rep;
    const SearchReporter here = {rep->on_info, worker_bestmove, rep->ctx};
    atomic_store(&searching, true);
    here_live = true;
    here_last_yield = time_now_ms();
    search_run(main_thread, &here);
    here_live = false;
    atomic_store(&searching, false);
}

/* Another job on the worker (a perft), stopped through g_stop like a search. */
typedef struct {
    void (*fn)(void *);
    void *arg;
} WorkerJob;
static WorkerJob worker_job;

static void *job_main(void *arg)
{
    (void)arg;
    worker_job.fn(worker_job.arg);
    atomic_store(&searching, false);
    return NULL;
}

void engine_job_finishing(void) { atomic_store(&searching, false); }

void engine_job_reset(bool ponder) { reset_control(ponder); }

Move engine_job_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    main_thread->pos = *pos;
    main_thread->limits = *limits;
    return search_run(main_thread, rep);
}

bool engine_run_job(void (*fn)(void *), void *arg)
{
    engine_wait();
    worker_job = (WorkerJob){fn, arg};
    reset_control(false);
    return launch_worker(job_main);
}

void engine_stop(void)
{
    atomic_store(&g_pondering, false);
    atomic_store(&g_stop, true);
}

/* Only a search that ponders is switched to its clock, from now on; a stray
 * ponderhit leaves an ordinary search's clock alone. */
bool engine_ponderhit(void)
{
    if (!atomic_load(&searching) || !atomic_load(&g_pondering))
        return false;
    atomic_store(&ponderhit_ms, time_now_ms());
    atomic_store(&g_pondering, false);
    return true;
}

bool engine_busy(void) { return atomic_load(&searching); }

void engine_new_game(void)
{
    engine_wait();
    engine_clear_histories();
    tt_clear();
}
