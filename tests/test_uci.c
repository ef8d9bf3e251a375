#define _POSIX_C_SOURCE 200809L
/*
 * test_uci.c - UCI sessions through the real binary: handshake, searches,
 * stop/isready/ponderhit during a search, reproducibility, bad input.
 */
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "protocol.h"
#include "skill.h"
#include "thread.h"
#include "timeman.h"

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

/* Is the move of a "bestmove ..." line legal after `moves` from the start? */
static bool legal_after(const char *moves, const char *bestline)
{
    return !strncmp(bestline, "bestmove ", 9) && move_legal_after(NULL, moves, bestline + 9);
}

static void session_basic(void)
{
    Engine e;
    char line[4096];
    CHECK(engine_start_uci(&e), "engine starts, uciok");
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
    /* Commands that would change what the search works on, or wait for it to
     * end (bench, before: an infinite search never ended, so the engine stopped
     * reading), are refused with an error while it runs. */
    static const char *const REFUSED[] = {"position startpos moves h2e2", "ucinewgame", "setoption name Hash value 8",
                                          "go depth 3", "bench 2"};
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
        engine_send(&e, "%s", REFUSED[i]);
        CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 2000), "'%s' refused while searching",
              REFUSED[i]);
        if (!strncmp(REFUSED[i], "go ", 3)) /* every go is answered, a refused one with bestmove (none) */
            CHECK(engine_expect(&e, "bestmove", line, sizeof line, 2000) && !strcmp(line, "bestmove (none)"),
                  "go during a search answered: %s", line);
        engine_send(&e, "isready");
        CHECK(engine_expect(&e, "readyok", NULL, 0, 2000), "readyok after '%s' while searching", REFUSED[i]);
    }
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

/* A session that searches the same position twice, sending `reset` before
 * each search; its output with timings stripped goes to out. */
static void search_twice(const char *reset, char *out, size_t len)
{
    Engine e;
    engine_start_uci(&e);
    size_t mark = e.loglen;
    for (int k = 0; k < 2; k++) {
        engine_send(&e, "%s", reset);
        engine_send(&e, "position startpos moves b2e2");
        engine_send(&e, "go nodes 40000");
        CHECK(engine_expect(&e, "bestmove", NULL, 0, 20000), "bestmove for go nodes after %s", reset);
    }
    strip_timing(e.log + mark, out, len);
    engine_close(&e);
}

/* The two searches of search_twice printed the same lines. */
static bool halves_equal(const char *out)
{
    const char *second = strstr(out + 1, "info depth 1 ");
    return second && !strncmp(out, second, (size_t)(second - out));
}

static void session_reproducible(void)
{
    static char out[2][1 << 18];
    for (int run = 0; run < 2; run++)
        search_twice("ucinewgame", out[run], sizeof out[run]);
    CHECK(!strcmp(out[0], out[1]), "two runs of the same session differ");
    /* Within one run the ucinewgame halves are identical too. */
    CHECK(halves_equal(out[0]), "ucinewgame does not reset everything");
    /* Clear Hash forgets as much: the table and every history. */
    search_twice("setoption name Clear Hash", out[1], sizeof out[1]);
    CHECK(halves_equal(out[1]), "Clear Hash does not reset everything");
}

static const BadInput BAD_INPUT[] = {
    {"position fen xyz", "invalid FEN"},
    {"position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h2e2",
     "illegal move 'h2e2' at move 2"},
    {"position startpos moves z9z9", "illegal move 'z9z9'"},
    {"position", "startpos"},
    {"position startposition", "position needs 'startpos' or 'fen <FEN>'"},
    {"setoption name Hash value abc", "Hash needs a whole number"},
    {"setoption name Hash value 0", "Hash needs a whole number"},
    {"setoption name Hash value 1048576", "a 1048576 MiB table is more than this machine's memory"}, /* < 1 TiB here */
    {"setoption name NoSuchOption value 1", "unknown option 'NoSuchOption'"},
    {"setoption name TTReplace value bogus", "TTReplace takes one of"},
    {"setoption name Ponder value maybe", "Ponder needs true or false"},
    {"setoption value 3", "setoption needs"},
    {"go depth", "missing its number"},
    {"go wtime x", "is not a whole number"},
    {"go sideways", "unknown parameter 'sideways'"},
    {"go searchmoves a0a9", "not a legal move"},
    {"go depth 4 searchmoves h9g7 zz", "'zz' is not a legal move"},
    {"go mate x", "is not a whole number"},
    {"setoption name UCI_Variant value chess", "UCI_Variant takes one of: xiangqi"},
    {"setoption name UCI_ShowWDL value 2", "UCI_ShowWDL needs true or false"},
    {"setoption name Repetition Rule value Chinese", "Repetition Rule takes one of: AXF CheckOnly"},
    {"setoption name MultiPV value 65", "MultiPV needs a whole number from 1 to 64"},
    {"setoption name UCI_Elo value 500",
     "UCI_Elo needs a whole number from " SKILL_TEXT(GAME_ELO_MIN) " to " SKILL_TEXT(GAME_ELO_MAX)},
    {"setoption name UCI_LimitStrength value yes", "UCI_LimitStrength needs true or false"},
    {"setoption name Skill Level value 21", "Skill Level needs a whole number from 0 to 20"},
    {"setoption name Move Overhead value -1", "Move Overhead needs a whole number"},
    {"position startpos moves h2e2 h9g7 h2e2", "illegal move 'h2e2' at move 3"},
    {"position fen 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "kings face each other"},
    {"flibbertigibbet", "unknown command 'flibbertigibbet'"},
    {"bench x", "bench: 'x' is not a depth from 1 to 126"},
    {"bench 0", "'0' is not a depth"},
    {"bench 3 4", "unexpected '4'"},
};

static void session_bad_input(void)
{
    Engine e;
    char line[4096];
    engine_start_uci(&e);
    engine_send(&e, "position startpos moves h2e2");
    check_bad_inputs(&e, BAD_INPUT, sizeof BAD_INPUT / sizeof BAD_INPUT[0]);
    check_long_line(&e);
    /* The position from before the bad commands is still there. */
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && legal_after("h2e2", line),
          "state kept after bad input: %s", line);
    CHECK(engine_close(&e) == 0, "clean exit after bad input");
}

/* go mate, searchmoves, UCI_ShowWDL. */
static void session_go_modes(void)
{
    Engine e;
    char line[4096];
    CHECK(engine_start_uci(&e), "uciok");
    CHECK(strstr(e.log, "option name UCI_ShowWDL type check default false") != NULL, "UCI_ShowWDL listed");
    CHECK(strstr(e.log, "option name Repetition Rule type combo default AXF var AXF var CheckOnly") != NULL,
          "Repetition Rule listed");
    /* Red, to move, would lose by chasing the black rook a third time (tests/xiangqi-repetition.txt row 1). */
    engine_send(&e,
                "position fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves "
                "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7");
    engine_send(&e, "go depth 4");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000) && strncmp(line, "bestmove b2a2", 13) &&
              strstr(e.log,
                     "info string rule: avoids b2a2, which would repeat the position a third time and lose: "
                     "0-1 (Red chased the black rook perpetually)"),
          "the chase is avoided and said so: %s", line);
    /* Mate in 2 (tests/mates.epd line 1): found, reported, and the search ends by itself. */
    engine_send(&e, "position fen 2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1 w - - 0 1");
    engine_send(&e, "go mate 2");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000) && !strncmp(line, "bestmove h0h8", 13),
          "go mate 2: %s", line);
    CHECK(strstr(e.log, " score mate 2 ") != NULL, "go mate 2 reports 'score mate 2'");
    /* searchmoves: only the listed moves are searched and played. */
    engine_send(&e, "position startpos");
    size_t mark = e.loglen;
    engine_send(&e, "go depth 5 searchmoves a3a4 i3i4");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000) &&
              (!strncmp(line, "bestmove a3a4", 13) || !strncmp(line, "bestmove i3i4", 13)),
          "searchmoves a3a4 i3i4: %s", line);
    int infos = 0, outside = 0;
    for (char *p = strstr(e.log + mark, " pv "); p; p = strstr(p + 1, " pv ")) {
        infos++;
        outside += strncmp(p + 4, "a3a4", 4) && strncmp(p + 4, "i3i4", 4);
    }
    CHECK(infos >= 5 && outside == 0, "searchmoves: %d info lines, %d outside the list", infos, outside);
    /* UCI_ShowWDL: three per-mille numbers after the score that add up to 1000. */
    engine_send(&e, "setoption name UCI_ShowWDL value true");
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "go depth 4");
    CHECK(engine_expect(&e, "info depth 4 ", line, sizeof line, 20000), "info depth 4");
    char *wdl = strstr(line, " wdl ");
    int w = -1, d = -1, l = -1, cp = 0;
    CHECK(wdl && sscanf(wdl, " wdl %d %d %d", &w, &d, &l) == 3 && w + d + l == 1000 && w >= 0 && d >= 0 && l >= 0,
          "wdl after the score: %s", line);
    CHECK(strstr(line, " score cp ") && sscanf(strstr(line, " score cp ") + 10, "%d wdl", &cp) == 1,
          "wdl follows the score: %s", line);
    engine_expect(&e, "bestmove", NULL, 0, 20000);
    engine_send(&e, "position fen 2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1 w - - 0 1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "info depth 3 ", line, sizeof line, 20000) && strstr(line, "score mate 2 wdl 1000 0 0 "),
          "a mate is a certain win: %s", line);
    engine_expect(&e, "bestmove", NULL, 0, 20000);
    engine_send(&e, "setoption name UCI_ShowWDL value false");
    engine_send(&e, "go depth 2");
    CHECK(engine_expect(&e, "info depth 2 ", line, sizeof line, 20000) && !strstr(line, " wdl "), "wdl off: %s", line);
    engine_expect(&e, "bestmove", NULL, 0, 20000);
    CHECK(engine_close(&e) == 0, "clean exit");
}

static void test_wdl_model(void)
{
    int w0, d0, l0, prev_w = -1, prev_l = 1001;
    proto_wdl(0, &w0, &d0, &l0);
    CHECK(w0 == l0 && d0 > w0, "level score: %d %d %d", w0, d0, l0);
    for (Score s = -1000; s <= 1000; s += 50) {
        int w, d, l, w2, d2, l2;
        proto_wdl(s, &w, &d, &l);
        proto_wdl(-s, &w2, &d2, &l2);
        CHECK(w + d + l == 1000 && w == l2 && d == d2, "wdl(%d) = %d %d %d", s, w, d, l);
        CHECK(w >= prev_w && l <= prev_l, "wdl must move with the score at %d", s);
        prev_w = w, prev_l = l;
    }
    int w, d, l;
    proto_wdl(score_mated_in(3), &w, &d, &l);
    CHECK(w == 0 && d == 0 && l == 1000, "mated: %d %d %d", w, d, l);
}

/* Ranks 1-10 only with FairyRanks (UCI_Variant alone changes nothing); position without "position". */
static void session_dialects(void)
{
    Engine e;
    char line[4096];
    engine_start_uci(&e);
    engine_send(&e, "startpos moves h2e2");
    engine_send(&e, "go perft 1");
    CHECK(engine_expect(&e, "Nodes searched: 45", NULL, 0, 5000), "'startpos' without 'position'");
    engine_send(&e, "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h9g7");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w", NULL, 0, 5000),
          "'fen' without 'position'");
    engine_send(&e, "setoption name FairyRanks value true");
    engine_send(&e, "position startpos moves h3e3 h10g8");
    engine_send(&e, "go depth 2");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000), "bestmove with FairyRanks");
    int r1 = 0, r2 = 0;
    char f1, f2;
    CHECK(sscanf(line, "bestmove %c%d%c%d", &f1, &r1, &f2, &r2) == 4 && r1 >= 1 && r2 >= 1, "ranks 1-10: %s", line);
    CHECK(engine_close(&e) == 0, "clean exit");

    /* UCI_Variant leaves the ranks alone (UCI2WB sends it and writes ranks 0-9). */
    engine_start_uci(&e);
    engine_send(&e, "setoption name UCI_Variant value xiangqi");
    engine_send(&e, "position startpos moves h2e2");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 5000) && !strstr(e.log, "error"), "ranks 0-9 kept: %s", e.log);
    engine_send(&e, "go perft 1");
    CHECK(engine_expect(&e, "Nodes searched: 45", NULL, 0, 5000) && strstr(e.log, "h9g7: 1"), "divide in ranks 0-9");
    CHECK(engine_close(&e) == 0, "clean exit");
}

/* The second move of the last pv printed before `bestmove` (NULL if none). */
static bool last_pv_matches_bestmove(const char *log, const char *bestline)
{
    const char *last = NULL;
    for (const char *p = strstr(log, " pv "); p; p = strstr(p + 1, " pv "))
        last = p + 4;
    char b[16] = "", pd[16] = "", m1[16] = "", m2[16] = "";
    int nb = sscanf(bestline, "bestmove %15s ponder %15s", b, pd);
    int nm = last ? sscanf(last, "%15s %15s", m1, m2) : 0;
    return nb >= 1 && nm >= 1 && !strcmp(b, m1) && (nb < 2 || (nm == 2 && !strcmp(pd, m2)));
}

/* Issue #23: every defect listed there, each failing on the code before the fix. */
static void session_reliability(void)
{
    Engine e;
    char line[4096];
    CHECK(engine_start_uci(&e), "uciok");
    /* Clock values past 64 bits are refused, and the refused go still gets its bestmove. */
    engine_send(&e, "go wtime 1000 winc 99999999999999999999");
    CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000) && strstr(line, "out of range"),
          "64-bit overflow: %s", line);
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 3000) && !strcmp(line, "bestmove (none)"),
          "a refused go is answered: %s", line);
    /* Values within 64 bits but past every clock are clamped (and said), never wrapped. */
    engine_send(&e, "go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 nodes 3000");
    CHECK(engine_expect(&e, "info string wtime 9223372036854775807 taken as", line, sizeof line, 3000),
          "clamp announced: %s", line);
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 10000) && strcmp(line, "bestmove (none)"),
          "huge clocks search: %s", line);
    /* depth 4294967297 is not narrowed to 1. */
    size_t mark = e.loglen;
    engine_send(&e, "go depth 4294967297 nodes 20000");
    CHECK(engine_expect(&e, "info string depth 4294967297 taken as 126", line, sizeof line, 3000),
          "depth clamped, said: %s", line);
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 10000) && strstr(e.log + mark, "info depth 3 "),
          "depth 4294967297 searched past depth 1");
    static const char *const REFUSED[] = {"go depth 1e3",        "go depth 0",          "go nodes -5",
                                          "go searchmoves z0z0", "go depth 3 sideways", "go movetime"};
    for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
        engine_send(&e, "%s", REFUSED[i]);
        CHECK(engine_expect(&e, "info string error: go refused", line, sizeof line, 3000), "'%s' refused: %s",
              REFUSED[i], line);
        CHECK(engine_expect(&e, "bestmove", line, sizeof line, 3000) && !strcmp(line, "bestmove (none)"),
              "'%s' answered: %s", REFUSED[i], line);
    }
    /* go perft: a negative depth is an error, not depth 1; a deep one is served and stopped. */
    mark = e.loglen;
    engine_send(&e, "go perft -3");
    CHECK(engine_expect(&e, "info string error: go perft", line, sizeof line, 3000) && strstr(line, "out of range"),
          "perft -3: %s", line);
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 3000) && !strstr(e.log + mark, "Nodes searched"),
          "perft -3 counts nothing");
    engine_send(&e, "go perft 9");
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 3000), "isready answered during a deep perft");
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "info string perft stopped", line, sizeof line, 5000), "stop ends a deep perft");
    /* Stray words after startpos or a FEN are refused; the error names the position that stands. */
    engine_send(&e, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 23");
    engine_send(&e, "position startpos junk");
    CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000) && strstr(line, "'junk'") &&
              strstr(line,
                     "the position is still rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 23"),
          "startpos junk: %s", line);
    engine_send(&e, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 stray");
    CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000) && strstr(line, "'stray'"),
          "FEN with a stray word: %s", line);
    /* A board field longer than 63 characters (the soak found 8bd0c85 refusing 11 of the 100 openings). */
    engine_send(&e,
                "position fen r1bakab1r/9/1cn3nc1/2p1p3p/p5p2/1C7/P1P1P1P1P/6NC1/4A4/RNBAK1B1R w - - 8 5 moves i0i1");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) &&
              !strcmp(line, "Fen: r1bakab1r/9/1cn3nc1/2p1p3p/p5p2/1C7/P1P1P1P1P/6NC1/4A3R/RNBAK1B2 b - - 9 5"),
          "a long board field is read whole: %s", line);
    engine_send(&e, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 23");
    /* The FEN's move number comes back. */
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) && strstr(line, " w - - 7 23"), "move number kept: %s",
          line);
    engine_send(&e, "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 7 23 moves h2e2");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) && strstr(line, " b - - 8 23"),
          "move number after a move: %s", line);
    /* A stray ponderhit leaves an ordinary search's clock alone. */
    engine_send(&e, "position startpos");
    int64_t t0 = time_now_ms();
    engine_send(&e, "go wtime 3000 btime 3000");
    bool done = false;
    for (int i = 0; i < 40 && !done; i++) {
        engine_send(&e, "ponderhit");
        done = engine_expect(&e, "bestmove", line, sizeof line, 100);
    }
    done = done || engine_expect(&e, "bestmove", line, sizeof line, 5000);
    int64_t ms = time_now_ms() - t0;
    CHECK(done && ms < 2000, "go wtime 3000 with stray ponderhits answered after %lld ms (at most 40%% of the clock)",
          (long long)ms);
    CHECK(strstr(e.log, "info string ponderhit ignored") != NULL, "a stray ponderhit is reported");
    /* A found mate ends the deepening: no info line per depth up to 126 while `go infinite` waits. */
    engine_send(&e, "position fen 2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1 w - - 0 1");
    mark = e.loglen;
    engine_send(&e, "go infinite");
    engine_expect(&e, "no such line", NULL, 0, 500);
    engine_send(&e, "stop");
    CHECK(engine_expect(&e, "bestmove h0h8", NULL, 0, 5000), "mate played");
    CHECK(strstr(e.log + mark, "info depth 7 ") && !strstr(e.log + mark, "info depth 20 "),
          "a settled mate stops deepening (depth 7 reported, no depth 20)");
    /* bestmove and its ponder move are those of the last line printed, with helpers too. */
    engine_send(&e, "setoption name Threads value 2");
    static const char *const PONDER_POS[] = {
        "startpos", "startpos moves h2e2 h9g7",
        "fen r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"};
    for (size_t i = 0; i < sizeof PONDER_POS / sizeof PONDER_POS[0]; i++) {
        engine_send(&e, "position %s", PONDER_POS[i]);
        mark = e.loglen;
        engine_send(&e, "go movetime 150");
        CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && last_pv_matches_bestmove(e.log + mark, line),
              "%s: '%s' is the last pv printed", PONDER_POS[i], line);
    }
    /* Commands right after bestmove are taken (the hand-off): a new position and go at once. */
    for (int i = 0; i < 20; i++) {
        engine_send(&e, "position startpos");
        engine_send(&e, "go nodes 500");
        engine_send(&e, "setoption name FairyRanks value %s", i % 2 ? "true" : "false");
        engine_send(&e, "setoption name Hash value %d", 1 + i % 3);
    }
    engine_send(&e, "isready");
    CHECK(engine_expect(&e, "readyok", NULL, 0, 10000), "alive after fast go/setoption sequences");
    CHECK(engine_close(&e) == 0, "clean exit");
}

void test_uci(void)
{
    session_reliability();
    test_wdl_model();
    session_go_modes();
    session_dialects();
    session_basic();
    session_reproducible();
    session_bad_input();
}
