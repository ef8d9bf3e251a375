#define _POSIX_C_SOURCE 200809L
/*
 * test_cli.c - the command-line tools through the real binary:
 * `chariot analyze` (positions given every way, PV in ICCS and WXF, mate
 * scores, multipv, --infinite until Enter, Ctrl-C, bad arguments) and
 * `chariot play` (scripted games that end, bad input lines, undo, the
 * engine's moves, the game verdicts) and `chariot bench` (the lines of
 * --positions against the total and against UCI searches of the same
 * positions, bad arguments) and `chariot ttlab` (a small run's rows, bad
 * arguments).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "bench.h"
#include "nnue.h"
#include "play.h"
#include "review.h"
#include "skill.h"
#include "timeman.h"

/* Run the binary with args until it ends; its output is in e->log. Returns the exit code. */
static int run(Engine *e, const char *const *args, const char *input)
{
    if (!engine_start_args(e, args))
        return -1;
    if (input)
        engine_send(e, "%s", input);
    while (engine_expect(e, "\1", NULL, 0, 20000)) /* read everything */
        ;
    return engine_close(e);
}

static void test_analyze(void)
{
    static Engine e;
    char line[4096];
    /* startpos with moves: one line per depth, WXF under each PV, the best move in both notations. */
    const char *a1[] = {"analyze", "--depth", "4", "startpos", "moves", "h2e2", NULL};
    CHECK(run(&e, a1, NULL) == 0, "analyze exits 0");
    CHECK(strstr(e.log, "Black to move; scores are from Black's side (positive: Black is better)") != NULL,
          "analyze says whose side its scores are from: %s", e.log);
    for (int d = 1; d <= 4; d++) {
        char want[32];
        snprintf(want, sizeof want, "\ndepth %2d/", d);
        CHECK(strstr(e.log, want) != NULL, "progress line for depth %d", d);
    }
    char *best = strstr(e.log, "best move: ");
    char iccs[8] = "", wxf[8] = "", mine[8];
    CHECK(best && sscanf(best, "best move: %7s (%7[^)])", iccs, wxf) == 2, "best move line: %s", e.log);
    Position pos;
    char err[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    pos_make(&pos, pos_parse_move(&pos, "h2e2"));
    Move m = pos_parse_move(&pos, iccs);
    CHECK(m != MOVE_NONE, "legal best move %s", iccs);
    pos_move_to_wxf(&pos, m, mine);
    CHECK(!strcmp(wxf, mine), "best move in WXF: %s, expected %s", wxf, mine);
    /* Under the depth-4 line, the PV again in WXF, starting in the same column. */
    char *d4 = strstr(e.log, "\ndepth  4/"), *pv = NULL;
    for (char *p = d4 ? d4 + 2 : NULL; p && *p && *p != '\n' && !pv; p++)
        if (p[-1] >= '0' && p[-1] <= '9' && !strncmp(p, "s  ", 3))
            pv = p + 3;
    char first[8] = "", wfirst[8] = "", want[8] = "";
    char *next = pv ? strchr(pv, '\n') : NULL;
    int col = pv ? (int)(pv - d4 - 1) : 0, lead = 0;
    while (next && next[1 + lead] == ' ')
        lead++;
    if (pv && next && sscanf(pv, "%7s", first) == 1 && sscanf(next + 1, "%7s", wfirst) == 1) {
        Move pv1 = pos_parse_move(&pos, first);
        if (pv1)
            pos_move_to_wxf(&pos, pv1, want);
    }
    CHECK(pv && lead == col && *want && !strcmp(wfirst, want), "WXF under the PV (column %d, %d): '%s' vs '%s'", col,
          lead, wfirst, want);

    /* The same position from a bare move list, in ICCS or WXF. */
    const char *fen = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";
    const char *a2[] = {"analyze", "--depth", "2", "h2e2", "h9g7", NULL};
    CHECK(run(&e, a2, NULL) == 0 && strstr(e.log, fen), "bare ICCS moves: %s", e.log);
    const char *a3[] = {"analyze", "C2.5", "H8+7", "--nodes", "3000", NULL};
    CHECK(run(&e, a3, NULL) == 0 && strstr(e.log, fen) && strstr(e.log, "best move: "), "bare WXF moves: %s", e.log);

    /* A FEN: the mate in 2 of tests/mates.epd line 1, and multipv. */
    const char *a4[] = {
        "analyze", "--depth", "4", "--multipv", "3", "2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1",
        "w",       "-",       "-", "0",         "1", NULL};
    CHECK(run(&e, a4, NULL) == 0, "analyze a FEN");
    CHECK(strstr(e.log, " mate in 2 ") && strstr(e.log, "best move: h0h8 (R2+8)"), "mate in 2: %s", e.log);
    CHECK(strstr(e.log, "\n  line 2 ") && strstr(e.log, "\n  line 3 ") && !strstr(e.log, "line 4"), "multipv 3");
    const char *a5[] = {"analyze", "--movetime", "300", NULL};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    CHECK(run(&e, a5, NULL) == 0 && strstr(e.log, "best move: "), "movetime");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    CHECK(t1.tv_sec - t0.tv_sec < 4, "movetime 300 took %ld s", (long)(t1.tv_sec - t0.tv_sec));

    /* Bad arguments: a message naming the problem, exit code 2. */
    static const struct {
        const char *args[8], *expect;
    } BAD[] = {
        {{"analyze", "--depth", "x", NULL}, "--depth needs a whole number"},
        {{"analyze", "--multipv", "0", NULL}, "--multipv must be at least 1"},
        {{"analyze", "--depth", NULL}, "--depth needs a value"},
        {{"analyze", "--bogus", NULL}, "unknown option '--bogus'"},
        {{"analyze", "zzz", NULL}, "move 1, 'zzz', is not a legal move"},
        {{"analyze", "startpos", "moves", "h2e2", "h2e2", NULL}, "move 2, 'h2e2', is not a legal move"},
        {{"analyze", "4k4/9/9/9/9/9/9/9/9/4K4", "w", NULL}, "invalid FEN"},
        {{"judge", "startpos", "moves", "h2e2", "x", NULL}, "move 2, 'x', is not a legal move"},
        {{"judge", "--rule", "Chinese", "startpos", NULL}, "unknown rule set 'Chinese' (AXF CheckOnly)"},
        {{"judge", "--rule", NULL}, "--rule needs a rule set"},
        {{"judge", "--fast", NULL}, "unknown option '--fast'"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int rc = run(&e, BAD[i].args, NULL);
        CHECK(rc == 2 && strstr(e.log, BAD[i].expect), "bad case %zu: exit %d, output %s", i, rc, e.log);
    }

    /* --infinite: thinks until Enter. */
    const char *a6[] = {"analyze", "--infinite", NULL};
    engine_start_args(&e, a6);
    CHECK(engine_expect(&e, "depth  3/", NULL, 0, 10000), "--infinite reports depths");
    CHECK(!engine_expect(&e, "best move", NULL, 0, 300) && !strstr(e.log, "best move"), "no best move before Enter");
    engine_send(&e, "%s", "");
    CHECK(engine_expect(&e, "best move: ", line, sizeof line, 5000), "Enter stops --infinite");
    CHECK(engine_close(&e) == 0, "exit 0 after Enter");
    /* Ctrl-C: the best move so far, exit 0; --infinite and a deep limited search alike. */
    const char *a7[][4] = {{"analyze", "--infinite", NULL, NULL}, {"analyze", "--depth", "100", NULL}};
    for (int k = 0; k < 2; k++) {
        engine_start_args(&e, a7[k]);
        CHECK(engine_expect(&e, "depth  3/", NULL, 0, 10000), "searching (%d)", k);
        kill(e.pid, SIGINT);
        CHECK(engine_expect(&e, "best move: ", NULL, 0, 5000), "Ctrl-C gives the best move (%d)", k);
        CHECK(engine_close(&e) == 0, "exit 0 after Ctrl-C (%d)", k);
    }
}

static void test_play_games(void)
{
    static Engine e;
    /* You (Red) mate in one, after bad input; undo; mate again in ICCS. */
    const char *a1[] = {"play", "--depth", "1", "4k4/R8/1R7/9/9/9/9/9/9/3K5", "w", "-", "-", "0", "1", NULL};
    /* A line longer than play reads (its tail, "b7b9", must not be played) comes first. */
    char script[2048];
    int len = snprintf(script, sizeof script, "%0*d b7b9\n", 254, 0); /* the tail would start at b7b9 */
    snprintf(script + len, sizeof script - (size_t)len, "%s",
             "hello\na0a9\ndepth x\ndepth 0\nside green\ntime 0\ntime\nundo\nR8+2\nb9b8\nundo\n"
             "fen\nmoves\nhelp\nb7b9\nquit");
    CHECK(run(&e, a1, script) == 0, "play exits 0");
    const char *expect[] = {
        "error: a line of more than 254 characters; ignored",
        "error: 'hello' is neither a legal move here nor a command",
        "error: 'a0a9' is neither a legal move here nor a command",
        "error: depth takes a whole number",
        "error: side takes 'red' or 'black'",
        "error: time takes milliseconds",
        "error: there is no move of yours to take back",
        "Last move: R8+2 (b7b9). Black to move",
        "Result: 1-0 (checkmate). Red wins.",
        "error: the game is over",
        "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1",
        "b7b9 R8+2",
        "Commands:",
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        CHECK(strstr(e.log, expect[i]) != NULL, "play output lacks '%s'", expect[i]);
    char *first = strstr(e.log, "(checkmate)"), *second = first ? strstr(first + 1, "(checkmate)") : NULL;
    CHECK(second && !strstr(second + 1, "(checkmate)"), "two games ended by mate");
    CHECK(!strstr(e.log, "Chariot plays"), "the engine never had to move");
    CHECK(!strstr(e.log, "\033["), "no colour when stdout is not a terminal");

    /* The engine (Red) mates you; then nothing of yours to undo; new game. */
    const char *a2[] = {"play", "--side", "black", "--depth", "2", "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", NULL};
    CHECK(run(&e, a2, "undo\nnew\nquit") == 0, "play as Black");
    first = strstr(e.log, "Chariot plays R8+2 (b7b9)");
    CHECK(first && strstr(first, "Result: 1-0 (checkmate). Red wins.") &&
              strstr(first, "error: there is no move of yours to take back") &&
              strstr(strstr(first, "error:"), "Chariot plays R8+2 (b7b9)"),
          "the engine mates, again after new: %s", e.log);

    /* Red checks on every move; Black's replies are forced: Red loses by perpetual check. */
    const char *a3[] = {"play", "--depth", "3", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", NULL};
    CHECK(run(&e, a3, "e1d1\nd1e1\ne1d1\nd1e1\nquit") == 0, "perpetual check game");
    CHECK(strstr(e.log, "Result: 0-1 (perpetual check by Red). Black wins.") != NULL, "perpetual check verdict: %s",
          e.log);

    /* Switching sides hands the move to the engine; bad options end with exit 2. */
    const char *a4[] = {"play", "--time", "50", NULL};
    CHECK(run(&e, a4, "side black\nquit") == 0 && strstr(e.log, "Chariot plays "), "side black: %s", e.log);
    /* --elo: a weaker engine still takes a mate in one; elo changes it in the game; bad values refused. */
    const char *a7[] = {
        "play", "--side", "black", "--elo", SKILL_TEXT(GAME_ELO_MIN), "4k4/R8/1R7/9/9/9/9/9/9/3K5 w - - 0 1", NULL};
    CHECK(run(&e, a7, "elo " SKILL_TEXT(GAME_ELO_DEFAULT) "\nelo 99\nelo off\nquit") == 0 &&
              strstr(e.log, "Chariot plays ") && strstr(e.log, "Result: 1-0 (checkmate)") &&
              strstr(e.log, "Chariot now plays at about " SKILL_TEXT(GAME_ELO_DEFAULT) " Elo") &&
              strstr(e.log,
                     "error: elo takes a rating from " SKILL_TEXT(GAME_ELO_MIN) " to " SKILL_TEXT(
                         GAME_ELO_MAX) ", or off") &&
              strstr(e.log, "Chariot now plays at full strength."),
          "play --elo: %s", e.log);
    const char *a8[] = {"play", "--elo", "99", NULL};
    CHECK(run(&e, a8, "quit") == 2 && strstr(e.log, "--elo " SKILL_TEXT(GAME_ELO_MIN) "-" SKILL_TEXT(GAME_ELO_MAX)),
          "bad --elo: %s", e.log);
    const char *a5[] = {"play", "--side", "green", NULL};
    CHECK(run(&e, a5, "quit") == 2 && strstr(e.log, "bad value 'green' for --side"), "bad option: %s", e.log);
    const char *a6[] = {"play", "startpos", "moves", "h2e2", "x", NULL};
    CHECK(run(&e, a6, "quit") == 2 && strstr(e.log, "'x', is not a legal move"), "bad move list: %s", e.log);
}

/* The board as players read it: Chinese characters or letters, flipped for Black, the last move marked,
 * check said; moves in Chinese; PGN saved and loaded; Ctrl-C stops the thinking, not the game. */
static void test_play_display(void)
{
    static Engine e;
    const char *a1[] = {"play", "--board", "chinese", "--depth", "1", NULL};
    CHECK(run(&e, a1, "炮二平五\nquit") == 0, "play in Chinese");
    const char *want[] = {"車  馬  相  仕  帥  仕  相  馬  車",
                          "楚 河",
                          "九  八  七  六  五  四  三  二  一    Red",
                          "１  ２  ３  ４  ５  ６  ７  ８  ９    Black",
                          "Chariot plays ",
                          "[",
                          "Last move: "};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        CHECK(strstr(e.log, want[i]) != NULL, "Chinese board lacks '%s': %s", want[i], e.log);
    CHECK(strstr(e.log, "error") == NULL, "炮二平五 accepted: %s", e.log);
    /* Black at the bottom: Red's file numbers and rank 0 on top. */
    const char *a2[] = {"play", "--board", "letters", "--side", "black", "--depth", "1", NULL};
    CHECK(run(&e, a2, "quit") == 0 && strstr(e.log, "1  2  3  4  5  6  7  8  9    Red\n  0 ") &&
              strstr(e.log, "i  h  g  f  e  d  c  b  a"),
          "flipped board: %s", e.log);
    CHECK(strstr(e.log, "[") && strstr(e.log, "]"), "the engine's move is marked: %s", e.log);
    const char *a3[] = {"play", "--board", "letters", "--side", "black", "3k5/9/9/9/9/9/9/9/9/3R1K3 b - - 0 1", NULL};
    CHECK(run(&e, a3, "quit") == 0 && strstr(e.log, "Check: Black is in check."), "check said: %s", e.log);
    const char *a4[] = {"play", "--board", "squares", NULL};
    CHECK(run(&e, a4, "quit") == 2 && strstr(e.log, "--board chinese|letters"), "bad board style: %s", e.log);

    /* PGN: saved, loaded back to the same position; read from a file written by hand in Chinese. */
    char path[64], cmd[256], fen1[160] = "", fen2[160] = "";
    snprintf(path, sizeof path, "/tmp/chariot-test-%d.pgn", (int)getpid());
    const char *a5[] = {"play", "--board", "letters", "--depth", "1", NULL};
    snprintf(cmd, sizeof cmd, "h2e2\nb0c2\nsave %s\nfen\nquit", path);
    CHECK(run(&e, a5, cmd) == 0 && strstr(e.log, "Saved the game (4 plies)"), "save: %s", e.log);
    char *f = strstr(e.log, "red> fen\n");
    CHECK(f && sscanf(f + 9, "%159[^\n]", fen1) == 1, "fen after two moves each: %s", e.log);
    char text[2048];
    CHECK(read_file_text(path, text, sizeof text), "read %s", path);
    CHECK(strstr(text, "[Red \"Player\"]") && strstr(text, "[Format \"WXF\"]") && strstr(text, "1. C2.5 ") &&
              strstr(text, " *\n"),
          "PGN text: %s", text);
    snprintf(cmd, sizeof cmd, "load %s\nfen\nquit", path);
    CHECK(run(&e, a5, cmd) == 0, "load");
    f = strstr(e.log, "red> fen\n");
    CHECK(f && sscanf(f + 9, "%159[^\n]", fen2) == 1 && !strcmp(fen1, fen2), "loaded %s, saved %s", fen2, fen1);
    FILE *pgn = fopen(path, "w");
    if (pgn) {
        fputs("[Event \"hand\"]\n[Format \"Chinese\"]\n\n1. 炮二平五 {the central cannon} 馬８進７ 2.馬二進三\n"
              "(2. 兵七進一 卒７進１) 車９平８ ; a comment\n3. 車一平二 *\n",
              pgn);
        fclose(pgn);
    }
    const char *a7[] = {"play",  "--board", "letters", "--side",
                        "black", "--depth", "1",       NULL}; /* Black to move after */
    CHECK(run(&e, a7, cmd) == 0, "load Chinese");
    Position pos;
    char err[160], want_fen[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    const char *line[] = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0"};
    for (size_t i = 0; i < 5; i++)
        pos_make(&pos, pos_parse_move(&pos, line[i]));
    pos_get_fen(&pos, want_fen, sizeof want_fen);
    f = strstr(e.log, "> fen\n");
    CHECK(f && sscanf(f + 6, "%159[^\n]", fen2) == 1 && !strcmp(fen2, want_fen), "Chinese PGN: %s, expected %s: %s",
          fen2, want_fen, e.log);
    pgn = fopen(path, "w");
    if (pgn) {
        fputs("1. C2.5 H8+7 2. C5+9 *\n", pgn);
        fclose(pgn);
    }
    snprintf(cmd, sizeof cmd, "load %s\nload /nonexistent/x.pgn\nfen\nquit", path);
    CHECK(run(&e, a5, cmd) == 0 &&
              strstr(e.log, "'C5+9' (move 3) is not a legal move there; the game stays as it was") &&
              strstr(e.log, "cannot open /nonexistent/x.pgn") && strstr(e.log, GAME_STARTPOS),
          "bad PGN files: %s", e.log);
    remove(path);

    /* Ctrl-C: the engine's ten-second think ends with a move; at the prompt it is only a message. */
    const char *a6[] = {"play", "--board", "letters", "--side", "black", "--time", "10000", NULL};
    CHECK(engine_start_args(&e, a6), "start play");
    CHECK(engine_expect(&e, "Chariot thinks", NULL, 0, 5000), "thinking");
    nanosleep(&(struct timespec){0, 300000000}, NULL);
    kill(e.pid, SIGINT);
    CHECK(engine_expect(&e, "Chariot plays ", NULL, 0, 3000), "Ctrl-C: the engine plays at once: %s", e.log);
    nanosleep(&(struct timespec){0, 200000000}, NULL);
    kill(e.pid, SIGINT);
    CHECK(engine_expect(&e, "(Ctrl-C stops Chariot's thinking; type quit to leave.)", NULL, 0, 3000),
          "Ctrl-C at the prompt: %s", e.log);
    CHECK(engine_close(&e) == 0, "quit after Ctrl-C");
}

static void test_verdicts(void)
{
    static const struct {
        const char *fen, *moves, *verdict;
    } CASES[] = {
        {GAME_STARTPOS, "", NULL},
        {"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "", "1-0 (stalemate)"},
        {"3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "", "1-0 (checkmate)"},
        {"3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2",
         "1-0 (perpetual check by Black)"},
        {"3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9",
         "0-1 (perpetual check by Red)"},
        {GAME_STARTPOS, "b0c2 b9c7 c2b0 c7b9", NULL}, /* a position seen twice: play on */
        {GAME_STARTPOS, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9", "1/2-1/2 (threefold repetition, no violation)"},
        {"3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 119 80", "a0a1", "1/2-1/2 (60-move rule)"},
        {"3k5/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "", "1/2-1/2 (neither side can mate)"},
        {"2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1",
         "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7 b2a2", "0-1 (Red chased the black rook perpetually)"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Position pos;
        char err[160], buf[128], msg[200] = "";
        CHECK(pos_set_fen(&pos, CASES[i].fen, err, sizeof err), "%s: %s", CASES[i].fen, err);
        snprintf(buf, sizeof buf, "%s", CASES[i].moves);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            pos_make(&pos, pos_parse_move(&pos, t));
        char why[160];
        const GameResult r = game_judge(&pos, why, sizeof why);
        snprintf(msg, sizeof msg, "%s (%s)", game_result_str(r), why);
        CHECK(CASES[i].verdict ? r != GAME_ONGOING && !strcmp(msg, CASES[i].verdict) : r == GAME_ONGOING,
              "case %zu: '%s'", i, msg);
    }
}

/* Each command line must exit with code 2 and print a message containing `expect`. */
typedef struct {
    const char *args[6];
    const char *expect;
} BadArgs;

static void check_bad_args(Engine *e, const BadArgs *list, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int rc = run(e, list[i].args, NULL);
        CHECK(rc == 2 && strstr(e->log, list[i].expect), "chariot %s ...: exit %d, output %s", list[i].args[0], rc,
              e->log);
    }
}

/* One thread's line for a bench position counts the nodes that a UCI `go
 * depth` from a new game counts for the same position, with bench's table
 * size: the lines are checked against a search run another way, not only
 * against their own sum. */
static void test_bench_against_uci(void)
{
    enum { DEPTH = 6 };
    static Engine e;
    char depth[8];
    snprintf(depth, sizeof depth, "%d", DEPTH);
    const char *args[] = {"bench", depth, "1", "--positions", NULL};
    CHECK(run(&e, args, NULL) == 0, "bench %d 1 --positions exits 0", DEPTH);
    const int picks[] = {1, GAME_BENCH_FEN_COUNT / 2, GAME_BENCH_FEN_COUNT};
    unsigned long long bench_nodes[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        char want[32];
        snprintf(want, sizeof want, "Position %d/%d: nodes ", picks[k], GAME_BENCH_FEN_COUNT);
        const char *p = strstr(e.log, want);
        CHECK(p && sscanf(p + strlen(want), "%llu", &bench_nodes[k]) == 1, "bench line for position %d", picks[k]);
    }
    static Engine u;
    CHECK(engine_start_uci(&u), "uci session starts");
    engine_send(&u, "setoption name Hash value %d", BENCH_HASH_MB);
    for (int k = 0; k < 3; k++) {
        char line[4096], want[32];
        unsigned long long nodes = 0;
        engine_send(&u, "ucinewgame");
        engine_send(&u, "position fen %s", GAME_BENCH_FENS[picks[k] - 1]);
        engine_send(&u, "go depth %d", DEPTH);
        snprintf(want, sizeof want, "info depth %d ", DEPTH);
        bool got = engine_expect(&u, want, line, sizeof line, 20000);
        const char *n = got ? strstr(line, " nodes ") : NULL;
        CHECK(n && sscanf(n, " nodes %llu", &nodes) == 1, "depth %d line for position %d: %s", DEPTH, picks[k], line);
        CHECK(nodes == bench_nodes[k] && nodes > 0, "position %d: bench counts %llu nodes, go depth %d %llu", picks[k],
              bench_nodes[k], DEPTH, nodes);
        CHECK(engine_expect(&u, "bestmove", NULL, 0, 20000), "bestmove for position %d", picks[k]);
    }
    engine_close(&u);
}

/* `chariot bench`: the per-position lines add up to the total; bad arguments exit 2 and say why. */
static void test_bench(void)
{
    static Engine e;
    const char *args[] = {"bench", "3", "2", "--positions", NULL};
    CHECK(run(&e, args, NULL) == 0, "bench 3 2 --positions exits 0");
    unsigned long long sum = 0, total = 0;
    int lines = 0, last = 0;
    for (const char *p = e.log; (p = strstr(p, "Position ")) != NULL; p++) {
        int idx, of, ms, by;
        unsigned long long nodes;
        if (sscanf(p, "Position %d/%d: nodes %llu, search time %d ms, depth completed by thread %d", &idx, &of, &nodes,
                   &ms, &by) == 5 &&
            idx == last + 1 && of >= idx && (by == 0 || by == 1)) {
            sum += nodes;
            lines++;
            last = idx;
        }
    }
    const char *t = strstr(e.log, "Nodes searched: ");
    CHECK(t && sscanf(t, "Nodes searched: %llu", &total) == 1, "bench prints its total");
    CHECK(lines == GAME_BENCH_FEN_COUNT && sum == total && total > 0, "%d position lines, %llu nodes, total %llu",
          lines, sum, total);
    CHECK(strstr(e.log, "threads: 2") != NULL, "bench ran with the threads asked for");
    test_bench_against_uci();
    static const BadArgs BAD[] = {
        {{"bench", "x", NULL}, "'x' is not a depth"},
        {{"bench", "0", NULL}, "'0' is not a depth"},
        {{"bench", "5", "0", NULL}, "'0' is not a thread count"},
        {{"bench", "5", "999", NULL}, "'999' is not a thread count"},
        {{"bench", "5", "1", "7", NULL}, "unexpected argument '7'"},
    };
    check_bad_args(&e, BAD, sizeof BAD / sizeof BAD[0]);
}

/* Sums the `Iterations of depth` lines of a bench log: completed and stopped
 * iterations at `depth` (main thread and helpers), nodes over all lines. */
static void iteration_sums(const char *log, int depth, unsigned *completed, unsigned *stopped,
                           unsigned long long *nodes, int *lines)
{
    *completed = *stopped = 0;
    *nodes = 0;
    *lines = 0;
    for (const char *p = log; (p = strstr(p, "Iterations of depth ")) != NULL; p++) {
        int d, rel, n;
        unsigned c[2] = {0, 0}, x[2] = {0, 0};
        unsigned long long cn[2] = {0, 0}, xn[2] = {0, 0};
        n = sscanf(p,
                   "Iterations of depth %d (T%d): main thread %u completed (%llu nodes), %u stopped (%llu nodes); "
                   "helpers %u completed (%llu nodes), %u stopped (%llu nodes)",
                   &d, &rel, &c[0], &cn[0], &x[0], &xn[0], &c[1], &cn[1], &x[1], &xn[1]);
        if (n != 6 && n != 10)
            continue;
        (*lines)++;
        *nodes += cn[0] + xn[0] + cn[1] + xn[1];
        if (d == depth) {
            *completed += c[0] + c[1];
            *stopped += x[0] + x[1];
        }
    }
}

/* `chariot bench --iterations`: one thread completes every depth in every
 * position; with two, the lines still account for every node (the helpers'
 * last nodes included) and every position has its depth completed. */
static void test_bench_iterations(void)
{
    static Engine e;
    const char *one[] = {"bench", "4", "1", "--iterations", NULL};
    CHECK(run(&e, one, NULL) == 0, "bench 4 1 --iterations exits 0");
    unsigned long long total = 0, nodes = 0;
    unsigned completed, stopped;
    int lines;
    const char *t = strstr(e.log, "Nodes searched: ");
    CHECK(t && sscanf(t, "Nodes searched: %llu", &total) == 1, "bench prints its total");
    for (int d = 1; d <= 4; d++) {
        iteration_sums(e.log, d, &completed, &stopped, &nodes, &lines);
        CHECK(completed == (unsigned)GAME_BENCH_FEN_COUNT && stopped == 0,
              "one thread, depth %d: %u completed, %u stopped", d, completed, stopped);
    }
    CHECK(lines == 4 && nodes == total, "one thread: %d lines, %llu nodes in them, total %llu", lines, nodes, total);
    const char *two[] = {"bench", "5", "2", "--iterations", NULL};
    CHECK(run(&e, two, NULL) == 0, "bench 5 2 --iterations exits 0");
    t = strstr(e.log, "Nodes searched: ");
    CHECK(t && sscanf(t, "Nodes searched: %llu", &total) == 1, "bench prints its total");
    iteration_sums(e.log, 5, &completed, &stopped, &nodes, &lines);
    CHECK(completed >= (unsigned)GAME_BENCH_FEN_COUNT && nodes == total,
          "two threads: depth 5 completed %u times, %llu nodes in the lines, total %llu", completed, nodes, total);
}

/* The nodes and hit rate of a ttlab row (64 KiB table, seed 0) labelled `label`. */
static bool ttlab_row(const char *log, const char *label, unsigned long long *nodes, double *hits)
{
    char want[64];
    snprintf(want, sizeof want, "\n%-34s %8sK", label, "64");
    const char *p = strstr(log, want);
    int seed = -1;
    double cpu;
    return p && sscanf(p + strlen(want), " %d %llu %lf %lf", &seed, nodes, &cpu, hits) == 4 && seed == 0 && *nodes > 0;
}

/* A mate-suite line longer than ttlab's buffer is skipped whole with a
 * message: its tail, which here is an entry of the suite, is not run. */
static void test_ttlab_long_epd_line(Engine *e)
{
    char path[] = "/tmp/chariot-test-epdXXXXXX", first[1][512];
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    CHECK(f && read_lines("tests/mates.epd", first, 1) == 1, "temporary EPD and tests/mates.epd");
    if (!f)
        return;
    for (int i = 0; i < 511; i++) /* what the buffer holds; an entry of the suite follows on the same line */
        fputc('x', f);
    fprintf(f, "%s\n%s\n", first[0], first[0]);
    fclose(f);
    const char *args[] = {"ttlab",     "mates",       "--depth", "5",  "--sizes", "64K",
                          "--schemes", "aged-bucket", "--epd",   path, NULL};
    int rc = run(e, args, NULL);
    unlink(path);
    CHECK(rc == 0 && strstr(e->log, "line 1 is longer than") && strstr(e->log, "bm 1/1,") && !strstr(e->log, "bm 1/2"),
          "ttlab mates with an over-long line: exit %d, %s", rc, e->log);
}

/* `ttlab transpositions`: two plies cannot transpose in xiangqi (each side has moved once), three can
 * (two moves of one side in either order); the ply-1 count is the sum of the positions' legal moves. */
static void test_ttlab_transpositions(void)
{
    static Engine e;
    const char *args[] = {"ttlab", "transpositions", "--depth", "3", "--positions", "2", NULL};
    CHECK(run(&e, args, NULL) == 0, "ttlab transpositions exits 0: %s", e.log);
    unsigned long long nodes[4] = {0}, distinct[4] = {0};
    double pct[4] = {0};
    for (int p = 1; p <= 3; p++) {
        char head[16];
        snprintf(head, sizeof head, "\n%5d ", p);
        const char *row = strstr(e.log, head);
        CHECK(row && sscanf(row, "%*d %llu %llu %lf", &nodes[p], &distinct[p], &pct[p]) == 3, "ply %d row: %s", p,
              e.log);
    }
    Position pos;
    Move moves[MAX_MOVES];
    unsigned long long legal = 0;
    for (int i = 0; i < 2; i++) {
        char err[160];
        pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err);
        legal += (unsigned long long)gen_legal(&pos, moves);
    }
    CHECK(nodes[1] == legal && distinct[1] == legal && distinct[2] == nodes[2],
          "plies 1-2: %llu/%llu, %llu/%llu (%llu legal)", distinct[1], nodes[1], distinct[2], nodes[2], legal);
    CHECK(distinct[3] < nodes[3] && pct[3] > 20 && pct[3] < 80, "ply 3: %llu distinct of %llu (%.2f%%)", distinct[3],
          nodes[3], pct[3]);
}

/* `chariot ttlab`: a small run prints one row per scheme and "off" (no table,
 * no hits); bad arguments exit 2 and say why. */
static void test_ttlab(void)
{
    static Engine e;
    const char *args[] = {"ttlab", "schemes", "--depth", "5", "--positions", "3", "--sizes", "64K", "--quiet", NULL};
    CHECK(run(&e, args, NULL) == 0, "ttlab schemes exits 0: %s", e.log);
    static const char *const ROWS[] = {"always", "depth", "two-tier", "two-layer", "aged-bucket", "off"};
    unsigned long long nodes[6] = {0};
    double hits[6] = {0};
    for (int k = 0; k < 6; k++)
        CHECK(ttlab_row(e.log, ROWS[k], &nodes[k], &hits[k]), "ttlab row for %s: %s", ROWS[k], e.log);
    CHECK(hits[5] == 0 && hits[4] > 0, "no table: no hits (%.1f%%); aged buckets %.1f%%", hits[5], hits[4]);
    /* --eval: one command per evaluation, named in the header; the two search other trees (where the game has a
     * net); a net file that is not there is refused with exit 2. */
    unsigned long long by_eval[2] = {0, 0};
    static const char *const EVALS[] = {"net", "fitted"};
    for (int k = 0; k < 2; k++) {
        const char *ev[] = {"ttlab", "schemes",   "--depth",     "5",      "--positions", "3",       "--sizes",
                            "64K",   "--schemes", "aged-bucket", "--eval", EVALS[k],      "--quiet", NULL};
        CHECK(run(&e, ev, NULL) == 0, "ttlab --eval %s exits 0: %s", EVALS[k], e.log);
        CHECK(strstr(e.log, k ? "evaluation: the fitted evaluation" : "evaluation: embedded net") != NULL ||
                  (k == 0 && !NNUE_EMBEDDED_SIZE),
              "ttlab --eval %s: the header names it: %s", EVALS[k], e.log);
        CHECK(ttlab_row(e.log, "aged-bucket", &by_eval[k], &hits[0]), "ttlab --eval %s row: %s", EVALS[k], e.log);
    }
    CHECK(!NNUE_EMBEDDED_SIZE || by_eval[0] != by_eval[1],
          "ttlab: the net and the fitted evaluation searched %llu "
          "and %llu nodes",
          by_eval[0], by_eval[1]);
    const char *bad_eval[] = {"ttlab", "--depth", "2", "--eval", "/nonexistent/net.nnue", NULL};
    CHECK(run(&e, bad_eval, NULL) == 2, "ttlab --eval of a missing file exits 2");
    /* Without internal iterative reduction the table saves nodes to the same depth; with it, a search
     * without a table reduces every PV and cut node, so its "depth 8" is shallower and cheaper. (Depth 8
     * and 5 positions: at depth 7 over 3, xiangqi round 3's net searched 16,921 nodes with the table and
     * 14,996 without; at 8 over 5, 42,920 and 61,945.) */
    const char *iir[] = {"ttlab", "iir",       "--depth",         "8",       "--positions", "5", "--sizes",
                         "64K",   "--schemes", "aged-bucket,off", "--quiet", NULL};
    CHECK(run(&e, iir, NULL) == 0, "ttlab iir exits 0: %s", e.log);
    static const char *const IIR_ROWS[] = {"aged-bucket iir", "aged-bucket no-iir", "off iir", "off no-iir"};
    unsigned long long n[4] = {0};
    for (int k = 0; k < 4; k++)
        CHECK(ttlab_row(e.log, IIR_ROWS[k], &n[k], &hits[0]), "ttlab row for %s: %s", IIR_ROWS[k], e.log);
    CHECK(n[3] > n[1] && n[2] < n[3], "no IIR: table %llu nodes, none %llu; no table: IIR %llu nodes", n[1], n[3],
          n[2]);
    /* --no-iir turns IIR off in every setup of another experiment: the same relation from `schemes`. */
    const char *noiir[] = {"ttlab",   "schemes", "--no-iir",  "--depth",         "8",       "--positions", "5",
                           "--sizes", "64K",     "--schemes", "aged-bucket,off", "--quiet", NULL};
    CHECK(run(&e, noiir, NULL) == 0 && strstr(e.log, "IIR off"), "ttlab schemes --no-iir exits 0: %s", e.log);
    unsigned long long m[2] = {0};
    CHECK(ttlab_row(e.log, "aged-bucket", &m[0], &hits[0]) && ttlab_row(e.log, "off", &m[1], &hits[0]),
          "ttlab --no-iir rows: %s", e.log);
    CHECK(m[0] == n[1] && m[1] == n[3], "schemes --no-iir: %llu and %llu nodes, iir's no-iir rows %llu and %llu", m[0],
          m[1], n[1], n[3]);
    /* ablation: the ordering experiment's two rows first, then the same with killers, histories or both
     * ignored by the picker; ignoring them changes the tree, and with neither the table move saves nodes. */
    const char *abl[] = {"ttlab",   "ablation", "--no-iir",  "--depth",     "8",       "--positions", "5",
                         "--sizes", "64K",      "--schemes", "aged-bucket", "--quiet", NULL};
    CHECK(run(&e, abl, NULL) == 0, "ttlab ablation exits 0: %s", e.log);
    static const char *const ABL_ROWS[] = {"aged-bucket tt-move",
                                           "aged-bucket no-tt-move",
                                           "aged-bucket no-killers tt-move",
                                           "aged-bucket no-killers no-tt-move",
                                           "aged-bucket no-history tt-move",
                                           "aged-bucket no-history no-tt-move",
                                           "aged-bucket mvv-lva tt-move",
                                           "aged-bucket mvv-lva no-tt-move"};
    unsigned long long a[8] = {0};
    for (int k = 0; k < 8; k++)
        CHECK(ttlab_row(e.log, ABL_ROWS[k], &a[k], &hits[0]), "ttlab row for %s: %s", ABL_ROWS[k], e.log);
    const char *ord[] = {"ttlab",   "ordering", "--no-iir",  "--depth",     "8",       "--positions", "5",
                         "--sizes", "64K",      "--schemes", "aged-bucket", "--quiet", NULL};
    CHECK(run(&e, ord, NULL) == 0, "ttlab ordering exits 0: %s", e.log);
    unsigned long long o[2] = {0};
    CHECK(ttlab_row(e.log, "aged-bucket tt-move", &o[0], &hits[0]) &&
              ttlab_row(e.log, "aged-bucket no-tt-move", &o[1], &hits[0]),
          "ttlab ordering rows: %s", e.log);
    CHECK(o[0] == a[0] && o[1] == a[1], "ablation's first rows %llu, %llu; ordering's %llu, %llu", a[0], a[1], o[0],
          o[1]);
    CHECK(a[2] != a[0] && a[4] != a[0] && a[6] != a[0],
          "ignoring killers, histories, both: %llu, %llu, %llu nodes (all: %llu)", a[2], a[4], a[6], a[0]);
    CHECK(a[7] > a[6], "captures by value alone: %llu nodes with the table move, %llu without", a[6], a[7]);
    /* probecost: the same stream of probes and stores for each scheme, no search; "off" is no table to time. */
    const char *cost[] = {"ttlab",   "probecost", "--sizes", "64K", "--schemes", "always,aged-bucket,off",
                          "--quiet", NULL};
    CHECK(run(&e, cost, NULL) == 0, "ttlab probecost exits 0: %s", e.log);
    unsigned long long ops[2] = {0};
    double cost_hits[2] = {0};
    CHECK(ttlab_row(e.log, "always", &ops[0], &cost_hits[0]) && ttlab_row(e.log, "aged-bucket", &ops[1], &cost_hits[1]),
          "ttlab probecost rows: %s", e.log);
    CHECK(ops[0] == ops[1] && cost_hits[0] > 10 && cost_hits[1] > cost_hits[0] && strstr(e.log, "ns a probe") &&
              !ttlab_row(e.log, "off", &ops[0], &hits[0]),
          "probecost: %llu and %llu operations, hit rates %.1f%% and %.1f%%: %s", ops[0], ops[1], cost_hits[0],
          cost_hits[1], e.log);
    static const BadArgs BAD[] = {
        {{"ttlab", "--depth", "0", NULL}, "--depth takes a whole number from 1 to"},
        {{"ttlab", "--depth", NULL}, "--depth needs a value"},
        {{"ttlab", "--sizes", "64Q", NULL}, "'64Q' is not a table size"},
        {{"ttlab", "--sizes", "1M-64K", NULL}, "runs backwards"},
        {{"ttlab", "--schemes", "always,bogus", NULL}, "unknown scheme 'bogus'"},
        {{"ttlab", "bogus", NULL}, "unknown experiment 'bogus'"},
        {{"ttlab", "--follow-depth", "0", NULL}, "--follow-depth takes a whole number"},
        {{"ttlab", "schemes", "extra", NULL}, "unexpected argument 'extra'"},
        {{"ttlab", "mates", "--epd", "/nonexistent/mates.epd", NULL}, "cannot read the mate suite"},
        {{"ttlab", "iir", "--no-iir", NULL}, "--no-iir does not apply to the iir experiment"},
    };
    check_bad_args(&e, BAD, sizeof BAD / sizeof BAD[0]);
    test_ttlab_long_epd_line(&e);
}

/* The end of input in a protocol session: a search with a limit of its own finishes and says bestmove (as
 * when the input stays open); go infinite is stopped at once. Both in UCI and UCCI. */
static void test_end_of_input(void)
{
    static const struct {
        const char *lines, *want; /* the input, then the last depth line the output must hold */
        bool infinite;
    } CASES[] = {{"uci\ngo depth 7\n", "info depth 7 ", false},
                 {"ucci\ngo depth 6\n", "info depth 6 ", false},
                 {"uci\ngo infinite\n", NULL, true}};
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        static Engine e;
        char line[4096];
        bool depth = false, best = false;
        CHECK(engine_start(&e), "the engine starts");
        engine_send(&e, "%s", CASES[i].lines);
        fclose(e.to); /* the end of input, no quit */
        const int64_t t0 = time_now_ms();
        while (engine_expect(&e, "", line, sizeof line, 20000)) {
            depth |= CASES[i].want && !strncmp(line, CASES[i].want, strlen(CASES[i].want));
            best |= !strncmp(line, "bestmove ", 9);
        }
        const int64_t ms = time_now_ms() - t0;
        close(e.fd);
        int status = 0;
        waitpid(e.pid, &status, 0);
        CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "case %zu: the session ends with status 0", i + 1);
        CHECK(best, "case %zu (%s): a bestmove before the end", i + 1, CASES[i].lines);
        CHECK(CASES[i].infinite || depth, "case %zu: the search reached '%s' before it ended", i + 1, CASES[i].want);
        CHECK(!CASES[i].infinite || ms < 10000, "case %zu: go infinite ended %lld ms after the end of input", i + 1,
              (long long)ms);
    }
}

/* eval prints both evaluations in pawns, as a search's score is shown, and says it searched nothing. */
static void test_eval_units(void)
{
    static Engine e;
    char line[4096];
    CHECK(engine_start(&e), "the engine starts");
    engine_send(&e, "uci\neval");
    bool net = false, fitted = false;
    while (engine_expect(&e, "info string eval ", line, sizeof line, 3000) && !(net && fitted)) {
        double v;
        char unit[32];
        if (sscanf(line, "info string eval net %lf (%31[^)]", &v, unit) == 2)
            net = strstr(line, ".") && !strcmp(unit, "side to move, no search");
        if (sscanf(line, "info string eval fitted %lf (%31[^)]", &v, unit) == 2)
            fitted = strstr(line, ".") && !strcmp(unit, "side to move, no search");
    }
    CHECK(net && fitted, "eval: both evaluations in pawns, said to be without a search: %s", e.log);
    engine_close(&e);
}

/* A game review's judgement (review.h): the thresholds by the expected score lost, the best move losing
 * nothing, a missed short mate a blunder whatever the loss, the accuracy's ends. */
static void test_review_judgement(void)
{
    CHECK(review_expected(0) > 400 && review_expected(0) < 600 && review_expected(300) > review_expected(0) &&
              review_expected(score_mate_in(3)) == 1000 && review_expected(score_mated_in(2)) == 0,
          "expected scores: even %d, +300 %d", review_expected(0), review_expected(300));
    const ReviewJudgement best = review_judge(50, -900, true);
    CHECK(best.loss == 0 && best.mark == REVIEW_NONE, "the best move loses nothing (%d)", best.loss);
    int seen[REVIEW_MARKS] = {0}, last = -1;
    for (Score played = 100; played >= -1500; played -= 10) { /* from +1.00: each mark in turn, never back */
        const ReviewJudgement j = review_judge(100, played, false);
        const int want = j.loss >= REVIEW_LOSS_BLUNDER ? REVIEW_BLUNDER
            : j.loss >= REVIEW_LOSS_MISTAKE            ? REVIEW_MISTAKE
            : j.loss >= REVIEW_LOSS_INACCURACY         ? REVIEW_INACCURACY
                                                       : REVIEW_NONE;
        CHECK((int)j.mark == want && (int)j.mark >= last && !j.missed_mate, "played %d: loss %d, mark %d", played,
              j.loss, (int)j.mark);
        last = (int)j.mark;
        seen[j.mark]++;
    }
    CHECK(seen[REVIEW_NONE] && seen[REVIEW_INACCURACY] && seen[REVIEW_MISTAKE] && seen[REVIEW_BLUNDER],
          "every mark on the way down");
    const ReviewJudgement missed = review_judge(score_mate_in(3), 2000, false);
    CHECK(missed.missed_mate && missed.mark == REVIEW_BLUNDER, "a mate in 2 let go for +20.00 is a blunder");
    const ReviewJudgement slower = review_judge(score_mate_in(3), score_mate_in(7), false);
    CHECK(!slower.missed_mate, "a slower mate is no missed mate");
    ReviewTally t = {0};
    CHECK(review_accuracy(&t) == 0.0, "no move judged: accuracy 0");
    review_tally_add(&t, &best);
    CHECK(review_accuracy(&t) == 100.0, "the best move: 100%%");
    const ReviewJudgement worst = review_judge(100, score_mated_in(2), false);
    review_tally_add(&t, &worst);
    CHECK(review_accuracy(&t) == 50.0 && t.count[REVIEW_BLUNDER] == 1 && t.moves == 2,
          "a best move and a losing one: 50%% (%.1f)", review_accuracy(&t));
}

void test_cli(void)
{
    test_review_judgement();
    test_end_of_input();
    test_eval_units();
    test_bench();
    test_bench_iterations();
    test_ttlab();
    test_ttlab_transpositions();
    test_verdicts();
    test_analyze();
    test_play_games();
    test_play_display();
}
