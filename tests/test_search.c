/*
 * test_search.c - the search finds the mates of tests/mates.epd within a
 * fixed node budget, and is reproducible.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "search.h"
#include "thread.h"

enum { MATE_NODE_BUDGET = 1000000, MATE_MIN_SOLVED = 45, MATE_QUICK_POSITIONS = 12 };

static Move search_nodes(SearchThread *t, const char *fen, uint64_t nodes, int depth)
{
    char err[160];
    if (!pos_set_fen(&t->pos, fen, err, sizeof err))
        return MOVE_NONE;
    tt_clear();
    search_clear_history(t);
    search_limits_init(&t->limits);
    t->limits.nodes = nodes;
    t->limits.depth = depth;
    atomic_store(&g_stop, false);
    return search_run(t, NULL);
}

static void test_mates(void)
{
    static char lines[64][512];
    SearchThread *t = threads_main();
    int n = read_lines("tests/mates.epd", lines, 64), solved = 0, tried = 0;
    CHECK(n == 50, "tests/mates.epd has %d positions, expected 50", n);
    for (int i = 0; i < n && (!g_quick || i < MATE_QUICK_POSITIONS); i++) {
        char fen[256], bm[8] = "";
        char *p = strstr(lines[i], " bm ");
        if (!p)
            continue;
        size_t len = (size_t)(p - lines[i]);
        snprintf(fen, sizeof fen, "%.*s 0 1", (int)len, lines[i]);
        sscanf(p + 4, "%7[a-i0-9]", bm);
        Move m = search_nodes(t, fen, MATE_NODE_BUDGET, 0);
        char got[8];
        move_to_str(m, got);
        tried++;
        if (!strcmp(got, bm) && score_is_mate(t->s.root[0].score))
            solved++;
        else if (!g_quick)
            fprintf(stderr, "  mate suite: line %d not solved (played %s, expected %s)\n", i + 1, got, bm);
    }
    printf("mate suite: %d of %d solved within %d nodes each\n", solved, tried, MATE_NODE_BUDGET);
    if (g_quick)
        CHECK(solved >= tried - 2, "mate suite (quick): %d of %d", solved, tried);
    else
        CHECK(solved >= MATE_MIN_SOLVED, "mate suite: %d of %d solved, need %d", solved, tried, MATE_MIN_SOLVED);
}

static void test_reproducible(void)
{
    SearchThread *t = threads_main();
    const char *fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    Move a = search_nodes(t, fen, 200000, 0);
    uint64_t na = t->s.stats.nodes;
    Score sa = t->s.root[0].score;
    Move b = search_nodes(t, fen, 200000, 0);
    CHECK(a == b && na == t->s.stats.nodes && sa == t->s.root[0].score, "same search twice differs");
    CHECK(na == 200000, "node limit is exact: searched %llu", (unsigned long long)na);
    /* Depth-limited: legal move, a sane score. */
    Move c = search_nodes(t, GAME_STARTPOS, 0, 6);
    CHECK(c != MOVE_NONE && pos_is_legal(&t->pos, c), "start position: a legal move");
    CHECK(abs(t->s.root[0].score) < 200, "start position looks balanced (%d)", t->s.root[0].score);
    /* No legal move: no best move. */
    Move d = search_nodes(t, "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", 0, 3);
    CHECK(d == MOVE_NONE, "mated side has no move");
}

void test_search(void)
{
    test_reproducible();
    test_mates();
}
