/*
 * test_smp.c - several search threads over one shared table, through the
 * binary. Run against the ThreadSanitizer build by `make test-tsan`, where
 * any data race makes the engine exit with an error.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { SMP_BENCH_FIRST = 4 }; /* bench positions 5 to 7: middlegames in both games */

/* The start and three of the game's bench positions, as `position` takes them (the test runs for each game). */
enum { SMP_FEN_COUNT = 4 };
static char FENS[SMP_FEN_COUNT][256];

static void smp_fens(void)
{
    snprintf(FENS[0], sizeof FENS[0], "startpos");
    for (int i = 1; i < SMP_FEN_COUNT; i++)
        snprintf(FENS[i], sizeof FENS[i], "fen %s", GAME_BENCH_FENS[SMP_BENCH_FIRST + i]);
}

static bool legal_in(const char *spec, const char *bestline)
{
    return !strncmp(bestline, "bestmove ", 9) &&
        move_legal_after(strcmp(spec, "startpos") ? spec + 4 : NULL, "", bestline + 9);
}

/* The info lines of one search that matter here: the last, the last "multipv 1", and the move played. */
typedef struct {
    char last[4096], first[4096], bestmove[16];
} SearchLines;

static void search_lines(Engine *e, const char *spec, int depth, SearchLines *r)
{
    char line[4096];
    r->last[0] = r->first[0] = r->bestmove[0] = 0;
    engine_send(e, "ucinewgame");
    engine_send(e, "position %s", spec);
    engine_send(e, "go depth %d", depth);
    while (engine_expect(e, "", line, sizeof line, 120000)) {
        if (!strncmp(line, "info depth ", 11)) {
            snprintf(r->last, sizeof r->last, "%s", line);
            if (strstr(line, " multipv 1 "))
                snprintf(r->first, sizeof r->first, "%s", line);
        }
        if (sscanf(line, "bestmove %15s", r->bestmove) == 1)
            break;
    }
}

static bool at_depth(const char *info, int depth)
{
    char want[32];
    snprintf(want, sizeof want, "info depth %d ", depth);
    return !strncmp(info, want, strlen(want));
}

static bool pv_starts_with(const char *info, const char *move)
{
    const char *pv = strstr(info, " pv ");
    return pv && *move && !strncmp(pv + 4, move, strlen(move));
}

void test_smp(void)
{
    Engine e;
    char line[4096];
    smp_fens();
    CHECK(engine_start_uci(&e), "engine starts, uciok");
    CHECK(strstr(e.log, "option name Threads type spin default 1 min 1 max") != NULL, "Threads option listed");
    engine_send(&e, "setoption name Threads value 4");
    engine_send(&e, "setoption name Hash value 8");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 10000), "readyok after Threads 4");
    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < (size_t)SMP_FEN_COUNT; i++) {
            engine_send(&e, "position %s", FENS[i]);
            engine_send(&e, "go depth %d", g_quick ? 6 : 9);
            bool got = engine_expect(&e, "bestmove", line, sizeof line, 120000);
            CHECK(got && legal_in(FENS[i], line), "4 threads, position %zu: %s", i, got ? line : "(none)");
        }
    /* Quick searches back to back: the sleeping helpers are woken for each
     * and have finished before the next (under ThreadSanitizer, the hand-over
     * of the position and of the results must be ordered by the pool's lock). */
    int quick_ok = 0;
    for (int i = 0; i < 30; i++) {
        engine_send(&e, "position %s", FENS[i % 4]);
        engine_send(&e, "go depth %d", 1 + i % 3);
        quick_ok += engine_expect(&e, "bestmove", line, sizeof line, 20000) && legal_in(FENS[i % 4], line);
    }
    CHECK(quick_ok == 30, "4 threads, 30 quick searches in a row: %d legal bestmoves", quick_ok);
    /* Whichever thread completed the depth asked for, the last info lines show
     * that depth and the first line is that of the move played. With MultiPV
     * the main thread, which alone searches the lines, must get there itself. */
    engine_send(&e, "setoption name Threads value 2");
    for (int multipv = 1; multipv <= 3; multipv += 2) {
        const int depth = g_quick ? 7 : multipv == 1 ? 10 : 9;
        char last_tag[32];
        snprintf(last_tag, sizeof last_tag, " multipv %d ", multipv);
        engine_send(&e, "setoption name MultiPV value %d", multipv);
        for (int round = 0; round < 2; round++)
            for (size_t i = 0; i < (size_t)SMP_FEN_COUNT; i++) {
                SearchLines r;
                search_lines(&e, FENS[i], depth, &r);
                CHECK(at_depth(r.first, depth) && pv_starts_with(r.first, r.bestmove) && at_depth(r.last, depth) &&
                          strstr(r.last, last_tag),
                      "MultiPV %d, 2 threads, position %zu: line 1 '%s', last '%s', bestmove %s", multipv, i, r.first,
                      r.last, r.bestmove);
            }
    }
    engine_send(&e, "setoption name MultiPV value 1");
    /* Stop in the middle of a parallel search, change the pool, search again. */
    engine_send(&e, "position startpos");
    engine_send(&e, "go infinite");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 10000), "readyok while 2 threads search");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000) && legal_in("startpos", line), "stop: %s", line);
    engine_send(&e, "setoption name Threads value 2");
    engine_send(&e, "ucinewgame");
    engine_send(&e, "go nodes 200000");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 60000) && legal_in("startpos", line), "2 threads: %s", line);
    engine_send(&e, "setoption name Threads value 0");
    CHECK(engine_expect(&e, "info string error:", NULL, 0, 5000), "Threads 0 refused");
    CHECK(engine_close(&e) == 0, "clean exit (a data race under ThreadSanitizer fails here)");
}
