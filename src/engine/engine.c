/*
 * engine.c - the front ends' API (engine.h) over the thread pool.
 */
#include "engine.h"

#include <stdio.h>
#include <string.h>

#include "perft.h"
#include "thread.h"

void engine_init(void)
{
    threads_init();
    char err[256];
    if (NNUE_EMBEDDED_SIZE > 0 && !engine_load_net(NULL, err, sizeof err)) /* a build whose net is broken */
        fprintf(stderr, "the embedded net is not usable (%s): the fitted evaluation plays\n", err);
}

bool engine_load_net(const char *path, char *err, size_t errlen)
{
    const bool embedded = !path || !*path || !strcmp(path, "embedded");
    if (embedded && NNUE_EMBEDDED_SIZE == 0) {
        snprintf(err, errlen, "this build has no embedded net");
        return false;
    }
    NnueNet *net =
        embedded ? nnue_read(NNUE_EMBEDDED, NNUE_EMBEDDED_SIZE, err, errlen) : nnue_read_file(path, err, errlen);
    if (!net)
        return false;
    snprintf(net->source, sizeof net->source, "%s", embedded ? "embedded" : path);
    threads_set_net(net);
    return true;
}

void engine_use_net(bool on) { threads_use_net(on); }

bool engine_net_on(void) { return threads_net() != NULL; }

bool engine_net_checksum(uint32_t *sum)
{
    const NnueNet *net = threads_net();
    if (net)
        *sum = net->checksum;
    return net != NULL;
}

bool engine_net_eval(const Position *pos, Score *v)
{
    const NnueNet *net = threads_net_set();
    if (net)
        *v = nnue_evaluate_fresh(net, pos);
    return net != NULL;
}

Score engine_evaluate(const Position *pos)
{
    const NnueNet *net = threads_net();
    return net ? nnue_evaluate_fresh(net, pos) : eval_evaluate(pos);
}

void engine_net_describe(char *buf, size_t len)
{
    const NnueNet *net = threads_net_set();
    if (!net)
        snprintf(buf, len, "no net (%s)", NNUE_EMBEDDED_SIZE ? "none loaded" : "this build has none embedded");
    else
        snprintf(buf, len, "%s net (%d x 2 x %d -> 1, checksum %08x)%s", net->source, NNUE_INPUTS, net->hidden,
                 net->checksum, threads_net_used() ? "" : ", switched off (Use NNUE false)");
}

void engine_exit(void) { threads_exit(); }

Move engine_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    SearchThread *t = threads_main();
    t->pos = *pos;
    t->limits = *limits;
    threads_control_reset(false);
    return search_run(t, rep);
}

bool engine_go(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    return threads_start(pos, limits, rep);
}

void engine_go_here(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    threads_search_here(pos, limits, rep);
}

bool engine_searches_here(void) { return threads_here_reads_input(); }

void engine_stop(void) { threads_stop(); }

bool engine_stopped(void) { return atomic_load(&g_stop); }

bool engine_ponderhit(void) { return threads_ponderhit(); }

void engine_wait(void) { threads_wait(); }

bool engine_busy(void) { return threads_busy(); }

bool engine_run_job(void (*fn)(void *), void *arg) { return threads_run_job(fn, arg); }

void engine_job_finishing(void) { threads_job_finishing(); }

Move engine_job_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    return threads_job_search(pos, limits, rep);
}

uint64_t engine_perft(Position *pos, int depth) { return perft_count(pos, depth, &g_stop); }

void engine_job_reset(bool ponder) { threads_control_reset(ponder); }

void engine_set_yield(void (*yield)(int nap_ms)) { threads_set_yield(yield); }

bool engine_set_threads(int n) { return threads_set_count(n); }

int engine_threads(void) { return threads_count(); }

void engine_new_game(void) { threads_new_game(); }

void engine_clear_histories(void) { threads_clear_histories(); }

uint64_t engine_nodes(void) { return threads_nodes(); }

const SearchStats *engine_stats(void) { return &threads_main()->s.stats; }

Score engine_root_score(void) { return threads_main()->s.root[0].score; }

/* A helper that completes the depth asked for stops the search (search_root.c), so a helper that has it got
 * there first (or in the same instant as the main thread, which this cannot tell apart). */
int engine_finisher(int depth)
{
    for (int i = 1; i < threads_count(); i++)
        if (threads_get(i)->s.completed_depth >= depth)
            return i;
    return 0;
}

void engine_add_iterations(IterationTally sum[2][MAX_PLY])
{
    if (threads_main()->s.nroot == 0) /* no legal move: no iteration, and the helpers were not started */
        return;
    for (int i = 0; i < threads_count(); i++)
        for (int d = 0; d < MAX_PLY; d++)
            for (int c = 0; c < 2; c++) {
                sum[i > 0][d].nodes[c] += threads_get(i)->s.iterations[d].nodes[c];
                sum[i > 0][d].count[c] += threads_get(i)->s.iterations[d].count[c];
            }
}

void engine_set_stack_size(size_t bytes) { threads_set_stack_size(bytes); }
