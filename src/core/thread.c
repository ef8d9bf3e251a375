/*
 * thread.c - the search thread pool and the shared stop flags.
 *
 * The protocol loop stays on the main thread and keeps reading commands
 * (stop, isready, ponderhit) while one background thread searches.
 */
#define _POSIX_C_SOURCE 200809L
#include "thread.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

atomic_bool g_stop;
atomic_bool g_pondering;

static SearchThread *main_thread;
static pthread_t worker;
static bool worker_running;
static SearchReporter worker_reporter;
static atomic_bool searching;

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool thread_time_up(SearchThread *t)
{
    if (t->s.maximum_ms < 0 || atomic_load_explicit(&g_pondering, memory_order_relaxed))
        return false;
    return now_ms() - t->s.start_ms >= t->s.maximum_ms;
}

void thread_hold_until_released(const SearchThread *t)
{
    const struct timespec nap = {0, 1000000};
    while (!atomic_load(&g_stop) && (t->limits.infinite || atomic_load(&g_pondering)))
        nanosleep(&nap, NULL);
}

void threads_init(void)
{
    main_thread = calloc(1, sizeof *main_thread);
    if (!main_thread)
        abort();
    history_clear(&main_thread->hist);
}

SearchThread *threads_main(void) { return main_thread; }

static void *worker_main(void *arg)
{
    (void)arg;
    search_run(main_thread, &worker_reporter);
    atomic_store(&searching, false);
    return NULL;
}

void threads_wait(void)
{
    if (worker_running) {
        pthread_join(worker, NULL);
        worker_running = false;
    }
}

void threads_start(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    threads_wait();
    main_thread->pos = *pos;
    main_thread->limits = *limits;
    worker_reporter = *rep;
    atomic_store(&g_stop, false);
    atomic_store(&g_pondering, limits->ponder);
    atomic_store(&searching, true);
    if (pthread_create(&worker, NULL, worker_main, NULL) == 0)
        worker_running = true;
    else
        worker_main(NULL); /* no thread: search in place */
}

void threads_stop(void)
{
    atomic_store(&g_pondering, false);
    atomic_store(&g_stop, true);
}

void threads_ponderhit(void) { atomic_store(&g_pondering, false); }

bool threads_busy(void) { return atomic_load(&searching); }

void threads_new_game(void)
{
    threads_wait();
    search_clear_history(main_thread);
    tt_clear();
}
