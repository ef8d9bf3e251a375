#define _POSIX_C_SOURCE 200809L
/*
 * test_xboard.c - the XBoard front end (CECP v2): the time-control readers,
 * then sessions through the real binary as XBoard drives it: the feature
 * handshake, a game against the engine with thinking output and clocks,
 * force/undo/remove/setboard, pondering (a hit goes on with the same search,
 * a miss answers the move played), `?`, analysis with `.` and `exit`, results
 * claimed in XBoard's form, draw offers, a table of bad input answered
 * with XBoard's own error forms, and random sessions of command lines.
 */
#include <signal.h>
#include <string.h>

#include "check.h"
#include "protocol.h"
#include "xboard.h"

static void test_readers(void)
{
    int mps;
    int64_t base, inc, ms;
    CHECK(xboard_parse_level("40 5 0", &mps, &base, &inc) && mps == 40 && base == 300000 && inc == 0, "level 40 5 0");
    CHECK(xboard_parse_level("0 0:30 2", &mps, &base, &inc) && mps == 0 && base == 30000 && inc == 2000,
          "level 0 0:30 2: %lld %lld", (long long)base, (long long)inc);
    CHECK(xboard_parse_level("0 2 0.5", &mps, &base, &inc) && base == 120000 && inc == 500, "decimal increment");
    CHECK(xboard_parse_level("40 25+5 0", &mps, &base, &inc) && base == 1500000, "text after BASE is ignored");
    const char *bad[] = {"",        "40",      "40 5",      "40 5 0 1", "-1 5 0",   "40 x 0",
                         "40 5 -1", "40 -5 0", "40 1:75 0", "40 5 nan", "99999 5 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!xboard_parse_level(bad[i], &mps, &base, &inc), "'level %s' should be refused", bad[i]);
    CHECK(proto_parse_seconds("1.25", false, &ms) && ms == 1250, "st 1.25");
    CHECK(!proto_parse_seconds("-1", false, &ms) && !proto_parse_seconds("1e30", false, &ms) &&
              !proto_parse_seconds("", false, &ms),
          "bad seconds refused");
}

static void xb_start(Engine *e)
{
    CHECK(engine_start(e), "start %s", g_engine_path);
    engine_send(e, "xboard");
    engine_send(e, "protover 2");
    CHECK(engine_expect(e, "feature done=1", NULL, 0, 5000), "feature done=1");
}

static void log_reset(Engine *e)
{
    e->loglen = 0;
    e->log[0] = 0;
}

/* The last "move X" before `pong n`; also the lines seen, in e->log. */
static bool sync(Engine *e, int n, char *move, size_t len)
{
    char line[4096], pong[32];
    snprintf(pong, sizeof pong, "pong %d", n);
    engine_send(e, "ping %d", n);
    while (engine_expect(e, "", line, sizeof line, 20000))
        if (!strcmp(line, pong))
            return true;
        else if (move && !strncmp(line, "move ", 5))
            snprintf(move, len, "%.15s", line + 5);
    return false;
}

/* A thinking line: ply score time nodes pv. */
static bool thinking_line(const char *line, int *depth)
{
    int d, used = 0;
    long score, cs;
    unsigned long long nodes;
    if (sscanf(line, "%d %ld %ld %llu %n", &d, &score, &cs, &nodes, &used) != 4 || !used || cs < 0)
        return false;
    *depth = d;
    return true;
}

static void session_handshake(void)
{
    Engine e;
    xb_start(&e);
    const char *want[] = {"feature done=0",
                          "myname=\"Chariot ",
                          "variants=\"xiangqi\"",
                          "setboard=1",
                          "usermove=1",
                          "ping=1",
                          "sigint=0",
                          "memory=1",
                          "smp=1",
                          "feature option=\"TTReplace -combo ",
                          "*aged-bucket",
                          "feature option=\"Repetition Rule -combo *AXF /// CheckOnly\"",
                          "feature option=\"Clear Hash -button\""};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK(strstr(e.log, want[i]) != NULL, "features lack '%s': %s", want[i], e.log);
    CHECK(!strstr(e.log, "info string") && !strstr(e.log, "option name"), "no UCI output: %s", e.log);
    engine_send(&e, "accepted setboard");
    engine_send(&e, "memory 16");
    engine_send(&e, "cores 1");
    engine_send(&e, "option TTReplace=depth");
    engine_send(&e, "option TTStoreDepth0=0");
    engine_send(&e, "option Clear Hash");
    engine_send(&e, "new");
    engine_send(&e, "variant xiangqi");
    CHECK(sync(&e, 1, NULL, 0) && !strstr(e.log, "Error"), "options, new, variant: %s", e.log);
    CHECK(engine_close(&e) == 0, "quit");
}

/* A game: the engine plays Black, then both sides after go; thinking output; clocks. */
static void session_game(void)
{
    Engine e;
    char move[32] = "", line[4096], moves[512] = "h2e2";
    xb_start(&e);
    engine_send(&e, "new\nvariant xiangqi\nlevel 40 0:20 0\npost\ntime 2000\notim 2000\nusermove h2e2");
    CHECK(sync(&e, 1, NULL, 0), "pong while thinking");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, moves, line + 5),
          "reply to h2e2: %s", line);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %.8s", line + 5);
    int depth = 0, lines = 0;
    for (const char *p = e.log; (p = strchr(p, '\n')); p++)
        lines += thinking_line(p + 1, &depth);
    CHECK(lines >= 3 && depth >= 3, "thinking output (%d lines, last depth %d): %s", lines, depth, e.log);
    /* 20 s for 40 moves: a move takes well under a second. */
    CHECK(strstr(e.log, "\n1 ") != NULL, "depth 1 shown");
    /* force, undo, remove, go: the engine takes the side to move. */
    log_reset(&e);
    engine_send(&e, "force\nundo\nusermove h9g7\nremove");
    CHECK(sync(&e, 2, move, sizeof move) && !*move && !strstr(e.log, "Error"), "force, undo, remove: %s", e.log);
    engine_send(&e, "st 0.3\ngo");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, "", line + 5),
          "go from the start position plays Red: %s", line);
    engine_send(&e, "force\nundo\nundo");
    CHECK(engine_expect(&e, "Error (command not legal now): undo", NULL, 0, 5000), "undo past the start: %s", e.log);
    /* playother: the engine waits for the move, then answers it. */
    engine_send(&e, "new\nst 0.2\nplayother");
    CHECK(sync(&e, 3, move, sizeof move) && !*move, "playother does not move at once");
    engine_send(&e, "usermove h2e2");
    engine_send(&e, "force");
    engine_send(&e, "new\nforce\nusermove h2e2\nusermove h9g7\nsd 3\ngo");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, "h2e2 h9g7", line + 5),
          "sd 3 after two forced moves: %s", line);
    CHECK(engine_close(&e) == 0, "quit");
}

/* Pondering: a hit goes on with the search already running, a miss answers the move actually played. */
static void session_ponder(void)
{
    Engine e;
    char line[4096], hint[32] = "", moves[256] = "h2e2";
    xb_start(&e);
    engine_send(&e, "new\nhard\npost\nst 0.5\nusermove h2e2");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, moves, line + 5),
          "first reply: %s", line);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %.8s", line + 5);
    engine_send(&e, "hint");
    CHECK(engine_expect(&e, "Hint: ", line, sizeof line, 5000) && sscanf(line, "Hint: %31s", hint) == 1 &&
              move_legal_after(NULL, moves, hint),
          "hint after the move: %s", line);
    /* While pondering nothing is printed; after the hit the first depth shown is deep. */
    CHECK(!engine_expect(&e, "", line, sizeof line, 300), "silent while pondering: %s", line);
    engine_send(&e, "usermove %s", hint);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %s", hint);
    int first = 0;
    while (engine_expect(&e, "", line, sizeof line, 10000) && !thinking_line(line, &first))
        ;
    CHECK(first > 3, "after a ponder hit the search goes on: first depth shown %d", first);
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, moves, line + 5),
          "move after the hit: %s (after %s)", line, moves);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %.8s", line + 5);
    /* A miss: a legal move other than the one expected (there may be none when the line was one move long). */
    engine_send(&e, "hint");
    if (!engine_expect(&e, "Hint: ", line, sizeof line, 1000))
        snprintf(line, sizeof line, "Hint: none");
    const char *other = strcmp(line + 6, "a3a4") && move_legal_after(NULL, moves, "a3a4") ? "a3a4" : "i3i4";
    engine_send(&e, "usermove %s", other);
    snprintf(moves + strlen(moves), sizeof moves - strlen(moves), " %s", other);
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000) && move_legal_after(NULL, moves, line + 5),
          "move after a miss: %s (after %s)", line, moves);
    /* easy, force: pondering stops; quit while pondering exits at once. */
    engine_send(&e, "easy\nforce");
    CHECK(sync(&e, 1, NULL, 0), "force ends pondering");
    engine_send(&e, "hard\ngo");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 10000), "pondering again");
    CHECK(engine_close(&e) == 0, "quit while pondering");
}

/* `?` moves at once; analysis; results; draw offers. */
static void session_modes(void)
{
    Engine e;
    char line[4096];
    xb_start(&e);
    engine_send(&e, "new\nforce\nlevel 1 60 0\ntime 360000\notim 360000\ngo");
    CHECK(!engine_expect(&e, "move ", line, sizeof line, 300), "a whole hour for one move: still thinking");
    engine_send(&e, "?");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 3000) && move_legal_after(NULL, "", line + 5),
          "? moves now: %s", line);
    engine_send(&e, "force\nnew\npost\nanalyze");
    int depth = 0;
    CHECK(engine_expect(&e, "", line, sizeof line, 5000) && thinking_line(line, &depth), "analysis output: %s", line);
    engine_send(&e, ".");
    CHECK(engine_expect(&e, "stat01: ", line, sizeof line, 5000), "stat01");
    log_reset(&e);
    engine_send(&e, "usermove h2e2");
    engine_send(&e, "undo");
    engine_send(&e, "usermove b2e2");
    CHECK(sync(&e, 1, NULL, 0) && !strstr(e.log, "move ") && !strstr(e.log, "Illegal"), "moves in analysis: %s", e.log);
    engine_send(&e, "exit");
    CHECK(sync(&e, 2, NULL, 0), "exit");
    e.len = 0; /* what comes now is after the analysis */
    CHECK(!engine_expect(&e, "", line, sizeof line, 300), "silent after exit: %s", line);
    /* Results: checkmate and stalemate are claimed, before and after a move. */
    engine_send(&e, "setboard 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1\ngo");
    CHECK(engine_expect(&e, "1-0 {checkmate}", NULL, 0, 5000), "mated engine claims 1-0");
    engine_send(&e, "force\nsetboard 3k5/9/3R5/9/9/9/9/9/9/4K4 w - - 0 1\nusermove d7d8");
    CHECK(engine_expect(&e, "1-0 {checkmate}", NULL, 0, 5000), "the opponent's mate is claimed too");
    engine_send(&e, "setboard 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\nst 0.2\ngo");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 5000), "a win: %s", line);
    /* A draw offer: declined when winning, accepted when worse. */
    log_reset(&e);
    engine_send(&e, "draw");
    CHECK(sync(&e, 3, NULL, 0) && !strstr(e.log, "offer draw"), "winning side declines: %s", e.log);
    engine_send(&e, "force\nsetboard 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\ngo");
    CHECK(engine_expect(&e, "1/2-1/2 {", line, sizeof line, 5000), "bare kings: %s", line);
    engine_send(&e, "force\nsetboard 3k5/9/9/9/4n4/9/9/9/9/4K4 w - - 0 1\ngo");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 5000), "bare king against a horse: %s", line);
    engine_send(&e, "draw");
    CHECK(engine_expect(&e, "offer draw", NULL, 0, 3000), "the worse side accepts a draw");
    engine_send(&e, "result 1/2-1/2 {agreed}\nforce\nnew");
    CHECK(sync(&e, 4, NULL, 0), "result, new");
    CHECK(engine_close(&e) == 0, "quit");
}

static void session_bad_input(void)
{
    Engine e;
    char line[4096];
    xb_start(&e);
    engine_send(&e, "new\nforce");
    static const struct {
        const char *input, *expect;
    } BAD[] = {
        {"frobnicate", "Error (unknown command): frobnicate"},
        {"chariot-leader-move a0a1", "Error (unknown command): chariot-leader-move a0a1"}, /* a cluster's line only */
        {"usermove e0e2", "Illegal move: e0e2"},
        {"usermove h2h8", "Illegal move: h2h8"},
        {"usermove zz", "Illegal move: zz"},
        {"a0a5", "Illegal move: a0a5"},
        {"level 40", "Error (bad time control"},
        {"level 40 x 0", "Error (bad time control"},
        {"st -1", "Error (st needs seconds above 0): st -1"},
        {"sd 0", "Error (sd needs a depth from 1): sd 0"},
        {"time abc", "Error (clock in centiseconds expected): time abc"},
        {"otim 99999999999999999999", "Error (clock in centiseconds expected)"},
        {"ping", "Error (ping needs a number): ping"},
        {"memory 0", "Error (memory needs megabytes from 1)"},
        {"cores -2", "Error (cores needs a count from 1)"},
        {"option Nonsense=3", "Error (unknown option): option Nonsense"},
        {"option Move Overhead=99999", "Error (option Move Overhead needs a whole number"},
        {"variant shogi", "Error (unsupported variant): variant shogi"},
        {"exit", "Error (command not legal now): exit"},
        {"setboard rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w - - 0 1", "tellusererror Illegal position: "},
        {"usermove h2e2", "Illegal move (no legal position was set up): h2e2"},
        {"go", "Error (illegal position): go"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        engine_send(&e, "%s", BAD[i].input);
        bool got = engine_expect(&e, "", line, sizeof line, 3000);
        CHECK(got && !strncmp(line, BAD[i].expect, strlen(BAD[i].expect)), "'%s' answered '%s', expected '%s'",
              BAD[i].input, got ? line : "(nothing)", BAD[i].expect);
    }
    /* The engine still plays after all that. */
    engine_send(&e, "new\nst 0.2\nusermove h2e2");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 5000) && move_legal_after(NULL, "h2e2", line + 5),
          "plays on: %s", line);
    static char text[24000];
    size_t n = (size_t)snprintf(text, sizeof text, "setboard ");
    while (n + 8 < sizeof text)
        n += (size_t)snprintf(text + n, sizeof text - n, "9/9/9/9/");
    engine_send(&e, "%s", text);
    CHECK(engine_expect(&e, "Error (line longer than", line, sizeof line, 3000), "a long line: %s", line);
    CHECK(sync(&e, 9, NULL, 0), "alive after a long line");
    CHECK(engine_close(&e) == 0, "quit");
}

/* Random sessions of XBoard command lines (a fixed seed each, so a failure replays): positions set,
 * damaged and played into, odd clocks and limits, thinking, pondering and analysis interrupted at any
 * point, options, garbage. Every few lines `ping N` must be answered `pong N`; `quit` must exit 0 (a
 * sanitizer report or a crash is non-zero under make test-san / test-tsan). Thinking is kept short. */
#ifndef XB_SEEDS
#define XB_SEEDS 3 /* sessions in make test; more by hand: -DXB_SEEDS=200, and -DXB_ECHO prints every line */
#endif

static unsigned rnd(uint64_t *r, unsigned n)
{
    *r ^= *r >> 12;
    *r ^= *r << 25;
    *r ^= *r >> 27;
    return (unsigned)((*r * 2685821657736338717ULL) >> 33) % n;
}

static void random_session(uint64_t seed)
{
    enum { LINES = 150, PING_EVERY = 6 };
    static const char *const FENS[] = {GAME_STARTPOS, "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
                                       "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
                                       "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b - - 0 1"};
    static const char *const MOVES[] = {"h2e2", "h9g7", "b0c2", "b9c7", "h7e7", "a0a1", "e3e4",
                                        "zz",   "h2h9", "e0e1", "O-O",  "i9i8", "c3c4", "b2e2"};
    static const char *const LINES_FIXED[] = {"new",
                                              "force",
                                              "go",
                                              "playother",
                                              "?",
                                              "undo",
                                              "remove",
                                              "hard",
                                              "easy",
                                              "post",
                                              "nopost",
                                              "analyze",
                                              "exit",
                                              ".",
                                              "draw",
                                              "result 1-0 {x}",
                                              "result *",
                                              "hint",
                                              "bk",
                                              "computer",
                                              "random",
                                              "variant xiangqi",
                                              "variant shogi",
                                              "level 0 0:01 0",
                                              "level 40 0:02 0.1",
                                              "level 5 x 0",
                                              "level",
                                              "st 0.05",
                                              "st 0",
                                              "sd 2",
                                              "sd 0",
                                              "time 100",
                                              "time -50",
                                              "otim 99999999999999999999",
                                              "time",
                                              "memory 8",
                                              "memory 0",
                                              "cores 1",
                                              "cores 2",
                                              "option TTReplace=depth",
                                              "option Skill Level=3",
                                              "option UCI_LimitStrength=1",
                                              "option Bogus",
                                              "option Clear Hash",
                                              "ping",
                                              "ping x",
                                              "setboard",
                                              "xyzzy",
                                              "usermove",
                                              "\t",
                                              ""};
    Engine e;
    char line[512];
    uint64_t r = seed * 0x9E3779B97F4A7C15ULL + 7;
    xb_start(&e);
    engine_send(&e, "new\nst 0.05\nsd 4");
    bool alive = true;
    for (int i = 1; i <= LINES && alive; i++) {
        const unsigned kind = rnd(&r, 10);
        if (kind < 3) {
            snprintf(line, sizeof line, "usermove %s", MOVES[rnd(&r, sizeof MOVES / sizeof MOVES[0])]);
        } else if (kind < 4) {
            snprintf(line, sizeof line, "setboard %s", FENS[rnd(&r, sizeof FENS / sizeof FENS[0])]);
            if (rnd(&r, 3) == 0) /* damaged: a character replaced */
                line[9 + rnd(&r, (unsigned)strlen(line + 9))] = "x9/ -kK1"[rnd(&r, 8)];
        } else {
            snprintf(line, sizeof line, "%s", LINES_FIXED[rnd(&r, sizeof LINES_FIXED / sizeof LINES_FIXED[0])]);
        }
        engine_send(&e, "%s", line);
#ifdef XB_ECHO
        fprintf(stderr, "%s\n", line);
#endif
        if (i % PING_EVERY == 0) {
            engine_send(&e, "ping %d", i);
            char pong[32], got[4096];
            snprintf(pong, sizeof pong, "pong %d", i);
            alive = false;
            while (!alive && engine_expect(&e, "pong ", got, sizeof got, 20000))
                alive = !strcmp(got, pong);
            CHECK(alive, "xboard seed %llu: no pong after line %d ('%s')", (unsigned long long)seed, i, line);
        }
    }
    if (!alive)
        kill(e.pid, SIGKILL);
    const int rc = engine_close(&e);
    CHECK(rc == 0, "xboard seed %llu: exit code %d", (unsigned long long)seed, rc);
}

void test_xboard(void)
{
    test_readers();
    session_handshake();
    session_game();
    session_ponder();
    session_modes();
    session_bad_input();
    for (uint64_t seed = 1; seed <= XB_SEEDS; seed++)
        random_session(seed);
}
