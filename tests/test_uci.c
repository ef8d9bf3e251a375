#define _POSIX_C_SOURCE 200809L
/*
 * test_uci.c - UCI sessions through the real binary: handshake, searches,
 * stop/isready/ponderhit during a search, reproducibility, bad input.
 */
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* Drop the fields that depend on the clock. */
static void strip_timing(const char *in, char *out, size_t len)
{
    size_t n = 0;
    char buf[1 << 18];
    snprintf(buf, sizeof buf, "%s", in);
    bool skip = false;
    for (char *t = strtok(buf, " \n"); t && n + 1 < len; t = strtok(NULL, " \n")) {
        if (skip) {
            skip = false;
            continue;
        }
        if (!strcmp(t, "time") || !strcmp(t, "nps")) {
            skip = true;
            continue;
        }
        n += (size_t)snprintf(out + n, len - n, "%s ", t);
    }
}

static bool legal_after(const char *position, const char *bestline)
{
    Position pos;
    char err[160], mv[16] = "";
    Position start;
    pos_set_fen(&start, GAME_STARTPOS, err, sizeof err);
    pos = start;
    char buf[512];
    snprintf(buf, sizeof buf, "%s", position);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m = pos_parse_move(&pos, t);
        if (!m)
            return false;
        pos_make(&pos, m);
    }
    sscanf(bestline, "bestmove %15s", mv);
    return pos_parse_move(&pos, mv) != MOVE_NONE;
}

static void session_basic(void)
{
    Engine e;
    char line[4096];
    CHECK(engine_start(&e), "engine starts");
    engine_send(&e, "uci");
    CHECK(engine_expect(&e, "uciok", NULL, 0, 5000), "uciok");
    CHECK(strstr(e.log, "option name Hash type spin default 64") != NULL, "Hash option listed");
    CHECK(strstr(e.log, "option name TTReplace type combo default aged-bucket var always") != NULL, "TTReplace listed");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 5000), "readyok");
    engine_send(&e, "position startpos moves h2e2 h9g7");
    engine_send(&e, "go depth 6");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000), "bestmove after go depth 6");
    CHECK(legal_after("h2e2 h9g7", line), "legal bestmove: %s", line);
    CHECK(strstr(e.log, "info depth 6 ") != NULL && strstr(e.log, " hashfull ") && strstr(e.log, " pv "),
          "info line for depth 6");

    /* isready during a search, then stop. */
    engine_send(&e, "position startpos");
    engine_send(&e, "go infinite");
    nanosleep(&(struct timespec){0, 100000000}, NULL);
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 2000), "readyok while searching");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "bestmove after stop");
    CHECK(legal_after("", line), "legal bestmove after stop: %s", line);

    /* Pondering: no bestmove before ponderhit. */
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go ponder wtime 2000 btime 2000");
    CHECK(!engine_expect(&e, "bestmove", NULL, 0, 400), "no bestmove while pondering");
    engine_send(&e, "ponderhit");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "bestmove after ponderhit");
    CHECK(legal_after("h2e2", line), "legal move after ponderhit: %s", line);

    /* Timed move. */
    engine_send(&e, "go wtime 3000 btime 3000 winc 100 binc 100");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 4000), "bestmove in time");

    /* perft and no-move positions. */
    engine_send(&e, "position startpos");
    engine_send(&e, "go perft 3");
    CHECK(engine_expect(&e, "Nodes searched: 79666", NULL, 0, 5000), "go perft 3");
    engine_send(&e, "position fen 3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && !strcmp(line, "bestmove (none)"),
          "no legal move: %s", line);

    /* Fairy-Stockfish ranks 1-10. */
    engine_send(&e, "setoption name FairyRanks value true");
    engine_send(&e, "position startpos moves h3e3 h10g8");
    engine_send(&e, "go perft 1");
    CHECK(engine_expect(&e, "Nodes searched: 35", NULL, 0, 5000), "moves in ranks 1-10 accepted");
    CHECK(strstr(e.log, "e4e5: 1") != NULL, "perft divide in ranks 1-10");
    engine_send(&e, "setoption name FairyRanks value false");
    CHECK(engine_close(&e) == 0, "clean exit");
}

static void session_reproducible(void)
{
    static char first[1 << 18];
    static char out[2][1 << 18];
    for (int run = 0; run < 2; run++) {
        Engine e;
        engine_start(&e);
        engine_send(&e, "uci");
        engine_expect(&e, "uciok", NULL, 0, 5000);
        size_t mark = e.loglen;
        for (int k = 0; k < 2; k++) {
            engine_send(&e, "ucinewgame");
            engine_send(&e, "position startpos moves b2e2");
            engine_send(&e, "go nodes 40000");
            CHECK(engine_expect(&e, "bestmove", NULL, 0, 20000), "bestmove for go nodes");
        }
        strip_timing(e.log + mark, out[run], sizeof out[run]);
        engine_close(&e);
    }
    snprintf(first, sizeof first, "%s", out[0]);
    CHECK(!strcmp(first, out[1]), "two runs of the same session differ");
    /* Within one run the ucinewgame halves are identical too. */
    char *second = strstr(first + 1, "info depth 1 ");
    CHECK(second && !strncmp(first, second, (size_t)(second - first)), "ucinewgame does not reset everything");
}

static const struct {
    const char *input, *expect;
} BAD_INPUT[] = {
    {"position fen xyz", "invalid FEN"},
    {"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h2e2",
     "illegal move 'h2e2' at move 2"},
    {"position startpos moves z9z9", "illegal move 'z9z9'"},
    {"position", "startpos"},
    {"setoption name Hash value abc", "Hash needs a whole number"},
    {"setoption name Hash value 0", "Hash needs a whole number"},
    {"setoption name NoSuchOption value 1", "unknown option 'NoSuchOption'"},
    {"setoption name TTReplace value bogus", "TTReplace takes one of"},
    {"setoption name Ponder value maybe", "Ponder needs true or false"},
    {"setoption value 3", "setoption needs"},
    {"go depth", "missing its number"},
    {"go wtime x", "missing its number"},
    {"go sideways", "unknown parameter 'sideways'"},
    {"go searchmoves a0a9", "not a legal move"},
    {"flibbertigibbet", "unknown command 'flibbertigibbet'"},
};

static void session_bad_input(void)
{
    Engine e;
    char line[4096];
    engine_start(&e);
    engine_send(&e, "uci");
    engine_expect(&e, "uciok", NULL, 0, 5000);
    engine_send(&e, "position startpos moves h2e2");
    for (size_t i = 0; i < sizeof BAD_INPUT / sizeof BAD_INPUT[0]; i++) {
        engine_send(&e, "%s", BAD_INPUT[i].input);
        bool got = engine_expect(&e, "info string error: ", line, sizeof line, 3000);
        CHECK(got && strstr(line, BAD_INPUT[i].expect), "'%s' answered '%s', expected '%s'", BAD_INPUT[i].input,
              got ? line : "(nothing)", BAD_INPUT[i].expect);
        engine_send(&e, "isready");
        CHECK(engine_expect(&e, "readyok", NULL, 0, 3000), "alive after '%s'", BAD_INPUT[i].input);
    }
    /* The position from before the bad commands is still there. */
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && legal_after("h2e2", line),
          "state kept after bad input: %s", line);
    CHECK(engine_close(&e) == 0, "clean exit after bad input");
}

void test_uci(void)
{
    session_basic();
    session_reproducible();
    session_bad_input();
}
