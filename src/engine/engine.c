/*
 * engine.c - the part of the front ends' API (engine.h) that joins the thread
 * pool to the net, perft and the statistics; the pool's own part is defined
 * in thread.c, where its state lives.
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
    else if (net->buckets > 1 || net->layout)
        snprintf(buf, len, "%s net (%d x 2 x %d -> 1 of %d output bucket%s by pieces%s%s, checksum %08x)%s",
                 net->source, NNUE_INPUTS, net->hidden, net->buckets, net->buckets > 1 ? "s" : "",
                 net->layout & NNUE_LAYOUT_KING_MIRROR ? ", king-relative" : "",
                 net->layout & NNUE_LAYOUT_SCRELU ? ", squared ReLU" : "", net->checksum,
                 threads_net_used() ? "" : ", switched off (Use NNUE false)");
    else
        snprintf(buf, len, "%s net (%d x 2 x %d -> 1, checksum %08x)%s", net->source, NNUE_INPUTS, net->hidden,
                 net->checksum, threads_net_used() ? "" : ", switched off (Use NNUE false)");
}

Move engine_search(const Position *pos, const SearchLimits *limits, const SearchReporter *rep)
{
    SearchThread *t = threads_main();
    t->pos = *pos;
    t->limits = *limits;
    engine_job_reset(false);
    return search_run(t, rep);
}

bool engine_stopped(void) { return atomic_load(&g_stop); }

uint64_t engine_perft(Position *pos, int depth) { return perft_count(pos, depth, &g_stop); }

const SearchStats *engine_stats(void) { return &threads_main()->s.stats; }

Score engine_root_score(void) { return threads_main()->s.root[0].score; }

/* A helper that completes the depth asked for stops the search (search_root.c), so a helper that has it got
 * there first (or in the same instant as the main thread, which this cannot tell apart). */
int engine_finisher(int depth)
{
    for (int i = 1; i < engine_threads(); i++)
        if (threads_get(i)->s.completed_depth >= depth)
            return i;
    return 0;
}

void engine_add_iterations(IterationTally sum[2][MAX_PLY])
{
    if (threads_main()->s.nroot == 0) /* no legal move: no iteration, and the helpers were not started */
        return;
    for (int i = 0; i < engine_threads(); i++)
        for (int d = 0; d < MAX_PLY; d++)
            for (int c = 0; c < 2; c++) {
                sum[i > 0][d].nodes[c] += threads_get(i)->s.iterations[d].nodes[c];
                sum[i > 0][d].count[c] += threads_get(i)->s.iterations[d].count[c];
            }
}
