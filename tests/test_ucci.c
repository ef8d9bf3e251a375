#define _POSIX_C_SOURCE 200809L
/*
 * test_ucci.c - the UCCI front end: the `go` parser and its clock units,
 * then sessions through the real binary: handshake, info and pophash
 * format, banmoves, nobestmove, ponder/ponderhit, draw offers, batch mode,
 * stop and quit while thinking, and a table of bad input.
 */
#include <string.h>
#include <time.h>

#include "check.h"
#include "timeman.h"
#include "ucci.h"

static bool go(const char *text, const Position *pos, bool ms, SearchLimits *l, UcciGo *g)
{
    char buf[256], err[256];
    snprintf(buf, sizeof buf, "%s", text);
    return ucci_parse_go(buf, pos, ms, l, g, err, sizeof err);
}

static void test_parse_go(void)
{
    Position red, black;
    char err[160];
    SearchLimits l;
    UcciGo g;
    pos_set_fen(&red, GAME_STARTPOS, err, sizeof err);
    pos_set_fen(&black, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", err, sizeof err);
    /* Seconds by default, milliseconds with usemillisec; own clock = side to move. */
    const char *clock = "time 300 increment 2 opptime 200 oppincrement 1";
    CHECK(go(clock, &red, false, &l, &g) && l.time[RED] == 300000 && l.inc[RED] == 2000 && l.time[BLACK] == 200000 &&
              l.inc[BLACK] == 1000,
          "seconds: %lld %lld %lld %lld", (long long)l.time[RED], (long long)l.inc[RED], (long long)l.time[BLACK],
          (long long)l.inc[BLACK]);
    CHECK(go(clock, &red, true, &l, &g) && l.time[RED] == 300 && l.inc[RED] == 2 && l.time[BLACK] == 200 &&
              l.inc[BLACK] == 1,
          "milliseconds");
    CHECK(go(clock, &black, false, &l, &g) && l.time[BLACK] == 300000 && l.inc[BLACK] == 2000 &&
              l.time[RED] == 200000 && l.inc[RED] == 1000,
          "Black to move: its own clock is 'time'");
    CHECK(go("time 1.5 movestogo 5000", &red, false, &l, &g) && l.time[RED] == 1500 && l.movestogo == 999,
          "decimal seconds, movestogo clamped: %lld %d", (long long)l.time[RED], l.movestogo);
    CHECK(!l.mate && !l.depth && !l.ponder && l.multipv == 1, "a clock alone sets no other limit");
    /* The clock reaches time management in the right unit. */
    int64_t opt, max;
    go("time 60 increment 1", &red, false, &l, &g);
    time_allocate(&l, RED, &opt, &max);
    CHECK(opt > 1000 && opt < 5000 && max <= 60000 - l.overhead, "60 s + 1 s: optimum %lld ms, maximum %lld ms",
          (long long)opt, (long long)max);
    go("time 60 increment 1", &red, true, &l, &g);
    time_allocate(&l, RED, &opt, &max);
    CHECK(max <= 60, "60 ms: maximum %lld ms", (long long)max);
    /* Search modes. */
    CHECK(go("depth 0", &red, false, &l, &g) && g.depth0, "depth 0");
    CHECK(go("depth 7", &red, false, &l, &g) && l.depth == 7 && !l.mate && !g.depth0, "depth 7");
    CHECK(go("depth infinite", &red, false, &l, &g) && l.depth == 0 && l.mate > 0, "depth infinite: until a mate");
    CHECK(g.unlimited, "depth infinite: only a mate or stop ends it");
    CHECK(go("", &red, false, &l, &g) && l.depth == 0 && l.mate > 0, "no mode: as depth infinite");
    CHECK(g.unlimited, "no mode: only a mate or stop ends it");
    CHECK(go("depth 5", &red, false, &l, &g) && !g.unlimited, "depth 5: limited");
    CHECK(go("infinite", &red, false, &l, &g) && g.unlimited && l.depth == 0 && l.mate > 0,
          "go infinite (ElephantEye's form): as depth infinite");
    CHECK(go("nodes 99999999999999999999", &red, false, &l, &g) == false, "nodes past 64 bits refused");
    CHECK(go("nodes 5000", &red, false, &l, &g) && l.nodes == 5000 && !l.mate, "nodes");
    /* movetime, as UCI2WB sends it for a fixed time per move (with zero clocks). */
    CHECK(go("time 0 opptime 0 movetime 970", &red, true, &l, &g) && l.movetime == 970 && !l.mate, "movetime ms");
    time_allocate(&l, RED, &opt, &max);
    CHECK(max > 900 && max <= 970, "movetime 970 ms: maximum %lld", (long long)max);
    CHECK(go("movetime 2", &red, false, &l, &g) && l.movetime == 2000, "movetime in seconds");
    CHECK(go("ponder time 10 increment 0", &red, false, &l, &g) && g.ponder && l.ponder && !g.draw, "ponder");
    CHECK(go("draw time 10", &red, false, &l, &g) && g.draw && !g.ponder, "draw offer");
    const char *bad[] = {
        "ponder draw time 5", "depth -1",    "depth",           "depth x",  "time abc",       "time -3",   "nodes 0",
        "movestogo 0 time 5", "increment 5", "time 5 sideways", "time nan", "oppmovestogo 0", "movetime 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!go(bad[i], &red, false, &l, &g), "'go %s' should be refused", bad[i]);
}

static void ucci_start(Engine *e)
{
    engine_start(e);
    engine_send(e, "ucci");
    CHECK(engine_expect(e, "ucciok", NULL, 0, 5000), "ucciok");
}

/* Is the first word of `move` legal after the moves from the start position? */
static bool legal_in(const char *moves, const char *move) { return move_legal_after(NULL, moves, move); }

static int64_t ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void session_basic(void)
{
    Engine e;
    char line[4096], best[16] = "", first[16] = "";
    ucci_start(&e);
    const char *options[] = {"option usemillisec type check default false", "option batch type check default false",
                             "option debug type check default false",       "option ponder type check default false",
                             "option usebook type check default false",     "option newgame type button",
                             "option hashsize type spin min 1 max ",        "option threads type spin min 1 max 256"};
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++)
        CHECK(strstr(e.log, options[i]) != NULL, "missing '%s'", options[i]);
    CHECK(!strstr(e.log, "option name") && strstr(e.log, "id name Chariot"), "UCCI option lines: %s", e.log);
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 5000), "readyok");

    /* info lines without cp, a legal bestmove, and the table entry behind it. */
    engine_send(&e,
                "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7");
    engine_send(&e, "go depth 5");
    CHECK(engine_expect(&e, "bestmove ", line, sizeof line, 20000) && sscanf(line, "bestmove %15s", best) == 1 &&
              legal_in("h2e2 h9g7", best),
          "bestmove: %s", line);
    CHECK(strstr(e.log, "\ninfo depth 5 score ") && strstr(e.log, "\ninfo time ") && !strstr(e.log, " cp "),
          "UCCI info lines: %s", e.log);
    engine_send(&e, "probe startpos moves h2e2 h9g7");
    CHECK(engine_expect(&e, "pophash", line, sizeof line, 5000), "pophash");
    char want[64];
    snprintf(want, sizeof want, "pophash bestmove %s ", best);
    CHECK(!strncmp(line, want, strlen(want)) && strstr(line, " depth 5"), "probe after the search: %s", line);
    engine_send(&e, "probe fen 4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    CHECK(engine_expect(&e, "pophash", line, sizeof line, 5000) && !strcmp(line, "pophash"), "not in the table: %s",
          line);

    /* banmoves: the best move is avoided until the next position command. */
    const char *setups[] = {"", "banmoves ", ""};
    for (int k = 0; k < 3; k++) {
        char got[16] = "";
        engine_send(&e, "setoption newgame");
        engine_send(&e, "position startpos");
        if (k == 1)
            engine_send(&e, "%s%s", setups[k], first);
        engine_send(&e, "go depth 4");
        CHECK(engine_expect(&e, "bestmove ", line, sizeof line, 20000) && sscanf(line, "bestmove %15s", got) == 1,
              "banmoves round %d", k);
        if (k == 0)
            snprintf(first, sizeof first, "%s", got);
        else
            CHECK(k == 1 ? strcmp(got, first) != 0 : !strcmp(got, first), "round %d: %s (first %s)", k, got, first);
    }
    /* Every move banned, no move at all, depth 0, stop when idle: nobestmove. */
    engine_send(&e, "position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    engine_send(&e, "banmoves e0f0 e0e1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "nobestmove", NULL, 0, 5000), "all moves banned");
    engine_send(&e, "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "nobestmove", NULL, 0, 5000), "no legal move");
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth 0");
    CHECK(engine_expect(&e, "info depth 0 score ", NULL, 0, 5000) && engine_expect(&e, "nobestmove", NULL, 0, 5000),
          "go depth 0");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "nobestmove", NULL, 0, 5000), "stop when idle");
    CHECK(engine_close(&e) == 0 && strstr(e.log, "\nbye\n"), "quit answers bye");
}

/* Time units, ponder/ponderhit, draw offers, thinking-state rules, batch mode. */
static void session_thinking(void)
{
    Engine e;
    char line[4096];
    ucci_start(&e);
    /* Seconds: 3 s on the clock gives about 0.1 s for the move (3 ms would be instant). */
    engine_send(&e, "position startpos");
    int64_t t0 = ms_now();
    engine_send(&e, "go time 3 increment 0");
    CHECK(engine_expect(&e, "bestmove", NULL, 0, 5000), "bestmove for go time 3");
    int64_t used = ms_now() - t0;
    CHECK(used >= 60 && used < 2500, "go time 3 (seconds) took %lld ms", (long long)used);
    engine_send(&e, "setoption usemillisec true");
    t0 = ms_now();
    engine_send(&e, "go time 600 increment 0");
    CHECK(engine_expect(&e, "bestmove", NULL, 0, 5000), "bestmove for go time 600");
    used = ms_now() - t0;
    CHECK(used < 500, "go time 600 (milliseconds) took %lld ms", (long long)used);

    /* Ponder hit: no bestmove until ponderhit. */
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go ponder time 2000 increment 0");
    CHECK(!engine_expect(&e, "bestmove", NULL, 0, 400), "no bestmove while pondering");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 2000), "readyok while pondering");
    engine_send(&e, "ponderhit");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && legal_in("h2e2", line + 9), "after ponderhit: %s",
          line);
    /* Ponder miss: stop, then a new position and go. */
    engine_send(&e, "go ponder time 2000 increment 0");
    CHECK(!engine_expect(&e, "bestmove", NULL, 0, 200), "pondering again");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove", NULL, 0, 5000), "stop ends pondering");
    engine_send(&e, "position startpos moves h2e2 b9c7");
    engine_send(&e, "go time 500 increment 0");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && legal_in("h2e2 b9c7", line + 9),
          "after a ponder miss: %s", line);

    /* Draw offers: taken when lost, refused when ahead. */
    engine_send(&e, "position fen 3k5/9/9/9/9/9/9/9/r8/4K4 w - - 0 1");
    engine_send(&e, "go draw depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && strstr(line, " draw"), "lost: accept %s", line);
    engine_send(&e, "position fen 3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1");
    engine_send(&e, "go ponder depth 3");
    engine_send(&e, "ponderhit draw");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && strstr(line, " draw"), "ponderhit draw: %s", line);
    engine_send(&e, "position fen 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    engine_send(&e, "go draw depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && !strstr(line, " draw"), "ahead: refuse %s", line);

    /* While thinking: only isready, probe, ponderhit and stop. */
    engine_send(&e, "position startpos");
    engine_send(&e, "go depth infinite");
    const char *refused[] = {"position startpos moves h2e2", "banmoves h2e2", "setoption hashsize 16", "go depth 1"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        engine_send(&e, "%s", refused[i]);
        CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 2000) && strstr(line, "while thinking"),
              "'%s' while thinking: %s", refused[i], line);
    }
    engine_send(&e, "probe startpos");
    CHECK(engine_expect(&e, "pophash", NULL, 0, 2000), "probe while thinking");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 2000), "isready while thinking");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && legal_in("", line + 9), "stop: %s", line);

    /* Batch mode: no input is read while thinking, so readyok follows bestmove. */
    engine_send(&e, "setoption batch true");
    size_t mark = e.loglen;
    engine_send(&e, "go depth 7");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 30000), "readyok in batch mode");
    char *bm = strstr(e.log + mark, "bestmove"), *rd = strstr(e.log + mark, "readyok");
    CHECK(bm && rd && bm < rd, "batch mode: bestmove before readyok");
    engine_send(&e, "setoption batch off");

    /* Answers right after bestmove are accepted (the thinking state is over). */
    int answered = 0;
    for (int i = 0; i < 30; i++) {
        engine_send(&e, "position startpos%s", i & 1 ? " moves h2e2" : "");
        engine_send(&e, "go depth 1");
        answered += engine_expect(&e, "bestmove", NULL, 0, 5000);
    }
    CHECK(answered == 30 && !strstr(e.log + mark, "error"), "30 quick searches: %d answered", answered);

    /* Batch mode cannot read `stop`, so a search only `stop` could end is refused (before, the engine
     * thought until depth 64 or a mate and read nothing meanwhile); a limited one still runs. */
    engine_send(&e, "setoption batch true");
    static const char *const UNSTOPPABLE[] = {"go depth infinite", "go", "go draw"};
    for (size_t i = 0; i < sizeof UNSTOPPABLE / sizeof UNSTOPPABLE[0]; i++) {
        engine_send(&e, "%s", UNSTOPPABLE[i]);
        CHECK(engine_expect(&e, "info string error: go: in batch mode", line, sizeof line, 2000),
              "batch mode refuses '%s'", UNSTOPPABLE[i]);
        engine_send(&e, "isready");
        CHECK(engine_expect(&e, "readyok", NULL, 0, 2000), "batch mode: readyok after '%s'", UNSTOPPABLE[i]);
    }
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "batch mode: go depth 3 after the refusals");
    engine_send(&e, "setoption batch false");

    /* quit while thinking: the search stops, bye, exit 0. */
    engine_send(&e, "go depth infinite");
    nanosleep(&(struct timespec){0, 100000000}, NULL);
    CHECK(engine_close(&e) == 0 && strstr(e.log, "\nbye\n"), "quit while thinking");
}

static const BadInput BAD_INPUT[] = {
    {"position fen xyz", "invalid FEN"},
    {"position startpos moves h2e2 h2e2", "illegal move 'h2e2' at move 2"},
    {"position", "startpos"},
    {"banmoves z9z9", "'z9z9' is not a legal move"},
    {"banmoves h9g7 h2e2", "'h2e2' is not a legal move"},
    {"setoption", "needs an option name"},
    {"setoption hashsize abc", "hashsize: option Hash needs a whole number"},
    {"setoption hashsize -5", "hashsize: option Hash needs a whole number"},
    {"setoption hashsize 1048576", "is more than this machine's memory"},
    {"setoption usemillisec maybe", "usemillisec needs true or false"},
    {"setoption batch", "batch needs true or false"},
    {"setoption ttreplace bogus", "TTReplace takes one of"},
    {"go depth -1", "'depth' needs a depth"},
    {"go time abc", "'time' needs a time"},
    {"go movestogo 0 time 5", "'movestogo' needs a whole number"},
    {"go nodes 0", "'nodes' needs a whole number"},
    {"go ponder draw time 5", "do not combine"},
    {"go increment 5", "need 'time'"},
    {"go sideways", "unknown parameter 'sideways'"},
    {"ponderhit", "not thinking"},
    {"probe fen xyz", "probe: invalid FEN"},
    {"flibbertigibbet", "unknown command 'flibbertigibbet'"},
};

static void session_bad_input(void)
{
    Engine e;
    char line[4096];
    ucci_start(&e);
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "banmoves h9g7");
    check_bad_inputs(&e, BAD_INPUT, sizeof BAD_INPUT / sizeof BAD_INPUT[0]);
    check_long_line(&e);
    /* Unknown options are no error in UCCI. */
    engine_send(&e, "setoption bookfiles BOOK.DAT");
    CHECK(engine_expect(&e, "info string ", line, sizeof line, 3000) && !strstr(line, "error") &&
              strstr(line, "bookfiles"),
          "unknown option: %s", line);
    engine_send(&e, "setoption usebook true");
    engine_send(&e, "setoption hashsize 0");
    engine_send(&e, "setoption threads 0");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", line, sizeof line, 3000) && !strncmp(line, "readyok", 7), "accepted: %s", line);
    /* The position, its banned move and the seconds unit are intact. */
    size_t mark = e.loglen;
    engine_send(&e, "go depth 4");
    CHECK(engine_expect(&e, "bestmove ", line, sizeof line, 10000) && legal_in("h2e2", line + 9) &&
              strncmp(line, "bestmove h9g7", 13),
          "state kept after bad input: %s", line);
    CHECK(!strstr(e.log + mark, "error"), "no error for the good commands: %s", e.log + mark);
    CHECK(engine_close(&e) == 0, "clean exit after bad input");
}

/* Issue #23: every go is answered (nobestmove when refused); go infinite; a stray ponderhit. */
static void session_reliability(void)
{
    Engine e;
    char line[4096];
    ucci_start(&e);
    static const char *const REFUSED[] = {"go ponder draw", "go depth x", "go nodes 99999999999999999999"};
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
        engine_send(&e, "%s", REFUSED[i]);
        CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000), "'%s' refused: %s", REFUSED[i], line);
        CHECK(engine_expect(&e, "nobestmove", line, sizeof line, 3000), "'%s' answered with nobestmove", REFUSED[i]);
    }
    engine_send(&e, "setoption batch true");
    engine_send(&e, "go");
    CHECK(engine_expect(&e, "nobestmove", line, sizeof line, 3000), "batch refusal answered");
    engine_send(&e, "setoption batch false");
    engine_send(&e, "position startpos");
    engine_send(&e, "go infinite");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 3000), "go infinite accepted, still serving");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "go infinite ends with stop: %s", line);
    engine_send(&e, "go time 3 opptime 3");
    engine_send(&e, "ponderhit");
    CHECK(engine_expect(&e, "info string ponderhit ignored", line, sizeof line, 3000), "stray ponderhit: %s", line);
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "the timed search ends: %s", line);
    engine_send(&e, "position startpos bogus");
    CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000) && strstr(line, "the position is still"),
          "a refused position names the standing one: %s", line);
    CHECK(engine_close(&e) == 0, "clean exit");
}

void test_ucci(void)
{
    session_reliability();
    test_parse_go();
    session_basic();
    session_thinking();
    session_bad_input();
}
