/*
 * rules_check.c - unit checks of the chess rules, notation, keys and
 * evaluation symmetry (src/chess), as one standalone program.
 *
 * Build and run (from the repository root):
 *   cc -std=c11 -O2 -Isrc/engine -Isrc/chess -o /tmp/rules_check
 *      tests/chess/rules_check.c src/chess/[all .c files] src/engine/numparse.c
 *   /tmp/rules_check [tests/chess/perft.epd]
 * Prints a line per failed check and "N passed, M failed"; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_api.h"

static int passed, failed;

static void check(bool ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

static Position pos_a, pos_b; /* big: kept out of the stack */

static bool setup(Position *pos, const char *fen)
{
    char err[200];
    bool ok = pos_set_fen(pos, fen, err, sizeof err);
    check(ok, "FEN refused: %s: %s", fen, err);
    return ok;
}

static Move parse(const Position *pos, const char *text) { return pos_parse_move(pos, text); }

static bool play(Position *pos, const char *moves)
{
    char buf[1024], *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m = parse(pos, tok);
        if (!m) {
            check(false, "illegal move %s in '%s'", tok, moves);
            return false;
        }
        pos_make(pos, m);
    }
    return true;
}

static void fen_of(const Position *pos, char *buf) { pos_get_fen(pos, buf, 128); }

/* ---- Castling ----------------------------------------------------------------- */

static void test_castling(void)
{
    Position *p = &pos_a;
    char fen[128];
    if (setup(p, "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")) { /* f1 attacked: O-O passes through check */
        check(!parse(p, "e1g1"), "castling through an attacked square");
        check(parse(p, "e1c1") != MOVE_NONE, "queenside castling with the other wing attacked");
    }
    if (setup(p, "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")) /* g1 attacked: lands in check */
        check(!parse(p, "e1g1"), "castling into check");
    if (setup(p, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1")) { /* in check */
        check(!parse(p, "e1g1") && !parse(p, "e1c1"), "castling out of check");
    }
    if (setup(p, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")) /* b1 attacked: the king does not pass it */
        check(parse(p, "e1c1") != MOVE_NONE, "queenside castling with b1 attacked is legal");
    if (setup(p, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1"))
        check(!parse(p, "e1c1"), "queenside castling with a piece on b1");
    /* Rights lost: the rook that moves, the rook captured on its home square, the king. */
    if (setup(p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play(p, "a1a8")) {
        fen_of(p, fen);
        check(strstr(fen, " b Kk - ") != NULL, "rook takes rook on a8: rights Kk, got %s", fen);
    }
    if (setup(p, "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1") && play(p, "g2h1")) {
        fen_of(p, fen);
        check(strstr(fen, " w Qkq - ") != NULL, "bishop takes the h1 rook: rights Qkq, got %s", fen);
    }
    if (setup(p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play(p, "e1e2 e8d8")) {
        fen_of(p, fen);
        check(strstr(fen, " w - - ") != NULL, "kings moved: no rights, got %s", fen);
    }
    /* Castling moves and their text. */
    if (setup(p, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")) {
        Move a = parse(p, "e1g1"), b = parse(p, "e1h1");
        char s1[8], s2[8];
        check(a && a == b, "e1g1 and e1h1 are the same castling move");
        move_to_str(a, s1);
        move_to_uci(a, true, s2);
        check(!strcmp(s1, "e1g1") && !strcmp(s2, "e1h1"), "castling text %s / %s", s1, s2);
        pos_make(p, a);
        fen_of(p, fen);
        check(!strncmp(fen, "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", 34), "after O-O: %s", fen);
        pos_unmake(p);
    }
}

static void test_chess960(void)
{
    Position *p = &pos_a;
    char fen[128];
    /* The king already on its castling square g1: only the rook moves (h1 -> f1). */
    if (setup(p, "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1")) {
        Move m = parse(p, "g1h1");
        check(m != MOVE_NONE, "960: king on g1 castles with the h1 rook");
        if (m) {
            pos_make(p, m);
            fen_of(p, fen);
            check(!strncmp(fen, "1r4kr/8/8/8/8/8/8/1R3RK1 b hb ", 30), "960 O-O with the king in place: %s", fen);
            pos_unmake(p);
        }
        check(!parse(p, "g1g1"), "960: g1g1 is no move");
        /* Written without UCI_Chess960 it is still king takes rook: the king's step would be g1g1. */
        char uci[8];
        if (m) {
            pos_move_to_uci(p, m, false, uci);
            check(!strcmp(uci, "g1h1"), "960 castling with the king in place, standard output: %s", uci);
        }
        m = parse(p, "g1b1");
        check(m != MOVE_NONE, "960: queenside castling king g1 -> c1, rook b1 -> d1");
        if (m) {
            pos_make(p, m);
            fen_of(p, fen);
            check(!strncmp(fen, "1r4kr/8/8/8/8/8/8/2KR3R b hb ", 29), "960 O-O-O: %s", fen);
            pos_unmake(p);
        }
    }
    /* The rook already on its castling square d1 (a black rook on d8 would make d1 an attacked square). */
    if (setup(p, "3rk3/8/8/8/8/8/8/3RK3 w Dd - 0 1"))
        check(!parse(p, "e1d1"), "960: the king may not pass d1, attacked through the file");
    if (setup(p, "4k2r/8/8/8/8/8/8/3RK3 w D - 0 1")) {
        Move m = parse(p, "e1d1");
        check(m != MOVE_NONE, "960: rook already on d1, king e1 -> c1");
        Move two = parse(p, "e1c1");
        check(m == two, "960: e1c1 is also that castling (not an ordinary move here)");
        if (m) {
            pos_make(p, m);
            fen_of(p, fen);
            check(!strncmp(fen, "4k2r/8/8/8/8/8/8/2KR4 b - ", 26), "960 O-O-O with the rook in place: %s", fen);
            pos_unmake(p);
        }
    }
    /* The castling rook shields the king's destination now, but not after castling. */
    if (setup(p, "4k3/8/8/8/8/8/8/q1RK4 w C - 0 1"))
        check(!parse(p, "d1c1"), "960: castling would expose the king to the queen on a1");
    if (setup(p, "4k3/8/8/8/8/8/q7/2RK4 w C - 0 1"))
        check(parse(p, "d1c1") != MOVE_NONE, "960: the same castling without the queen on the rank");
    /* A king two-square text that is an ordinary move stays ordinary; king-to-rook is castling. */
    if (setup(p, "4k3/8/8/8/8/8/8/5K1R w H - 0 1")) {
        Move ordinary = parse(p, "f1g1"), castle = parse(p, "f1h1");
        check(ordinary == move_make(5, 6), "960: f1g1 is the ordinary king move");
        check(castle != MOVE_NONE && castle != ordinary, "960: f1h1 is castling");
        char uci[8];
        if (castle) {
            pos_move_to_uci(p, castle, false, uci);
            check(!strcmp(uci, "f1h1"), "960 castling from f1, standard output must not be f1g1: %s", uci);
        }
    }
    /* Shredder / X-FEN round trips. */
    static const char *const SAME[][2] = {
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "KQkq"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "KQkq"},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "HFhf"},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", "HFhf"},
        {"r1k1r3/8/8/8/8/8/8/R1K1R3 w AEae - 0 1", "EAea"},
        {"r1k1r3/8/8/8/8/8/8/R1K1R3 w KQkq - 0 1", "EAea"},
        {"rk2r3/8/8/8/8/8/8/RK2R3 w Ea - 0 1", "Ea"},
        {"1rk1r1r1/8/8/8/8/8/8/1RK1R1R1 w Kk - 0 1", "Gg"}, /* X-FEN K: the outermost rook */
        {"1rk1r1r1/8/8/8/8/8/8/1RK1R1R1 w Ee - 0 1", "Ee"}, /* an inner rook needs its file */
    };
    for (size_t i = 0; i < sizeof SAME / sizeof SAME[0]; i++) {
        if (!setup(p, SAME[i][0]))
            continue;
        fen_of(p, fen);
        char field[16] = "";
        sscanf(fen, "%*s %*s %15s", field);
        check(!strcmp(field, SAME[i][1]), "castling field of %s: %s, expected %s", SAME[i][0], field, SAME[i][1]);
        Key k = pos_key(p);
        if (setup(&pos_b, fen)) {
            char again[128];
            fen_of(&pos_b, again);
            check(!strcmp(fen, again) && pos_key(&pos_b) == k, "FEN round trip %s -> %s", fen, again);
        }
    }
}

/* ---- En passant, promotion, check ------------------------------------------- */

static void test_ep_and_promotion(void)
{
    Position *p = &pos_a;
    char fen[128], san[16];
    /* Taking en passant would open the fifth rank between the rook and the king. */
    if (setup(p, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")) {
        check(!parse(p, "e5d6"), "en passant exposing the king on the rank is illegal");
        fen_of(p, fen);
        check(strstr(fen, " w - - ") != NULL, "an en-passant square nobody can use is dropped: %s", fen);
    }
    if (setup(p, "8/8/8/K2pP3/7r/8/8/7k w - d6 0 1")) {
        Move m = parse(p, "e5d6");
        check(m != MOVE_NONE, "en passant is legal when the rank stays closed");
        fen_of(p, fen);
        check(strstr(fen, " w - d6 ") != NULL, "a usable en-passant square is kept: %s", fen);
        check(pos_is_capture(p, m) && pos_is_noisy(p, m), "en passant is a capture");
        pos_move_to_human(p, m, san);
        check(!strcmp(san, "exd6"), "SAN of en passant: %s", san);
        pos_make(p, m);
        check(pos_piece_on(p, 35) == 0, "the pawn taken en passant leaves d5");
        pos_unmake(p);
        check(pos_piece_on(p, 35) != 0, "unmake puts the d5 pawn back");
    }
    /* A double step makes the en-passant square appear only for a pawn that can take. */
    if (setup(p, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1") && play(p, "e2e4")) {
        fen_of(p, fen);
        check(strstr(fen, " b - e3 ") != NULL, "e2e4 next to a d4 pawn: en passant e3, got %s", fen);
    }
    if (setup(p, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1") && play(p, "e2e4")) {
        fen_of(p, fen);
        check(strstr(fen, " b - - ") != NULL, "e2e4 with nobody to take: no en-passant square, got %s", fen);
    }
    /* Promotion with capture giving check. */
    if (setup(p, "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1")) {
        Move m = parse(p, "e7d8q");
        check(m != MOVE_NONE && pos_gives_check(p, m), "exd8=Q gives check");
        pos_move_to_human(p, m, san);
        check(!strcmp(san, "exd8=Q+"), "SAN exd8=Q+, got %s", san);
        check(pos_parse_human(p, "exd8=Q+") == m && pos_parse_human(p, "exd8Q") == m &&
                  pos_parse_human(p, "ed8=Q") == m,
              "SAN reading of exd8=Q+");
        Move n = parse(p, "e7d8n");
        check(n != MOVE_NONE && !pos_gives_check(p, n), "exd8=N does not give check");
        char uci[8];
        pos_move_to_uci(p, n, false, uci);
        check(!strcmp(uci, "e7d8n"), "knight promotion text with the board: %s", uci);
        check(pos_is_noisy(p, n), "a capture promoting to a knight is noisy");
        Move q = parse(p, "e7e8q"), r = parse(p, "e7e8r");
        check(pos_is_noisy(p, q) && !pos_is_noisy(p, r), "quiet queen promotion noisy, quiet rook promotion not");
        pos_make(p, m);
        check(pos_in_check(p), "in check after exd8=Q");
        pos_unmake(p);
    }
    /* SAN details: disambiguation, castling, mate. */
    if (setup(p, "3k4/8/8/8/8/8/R6R/4K3 w - - 0 1")) {
        pos_move_to_human(p, parse(p, "a2d2"), san);
        check(!strcmp(san, "Rad2+"), "file disambiguation Rad2+, got %s", san);
    }
    if (setup(p, "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1")) {
        pos_move_to_human(p, parse(p, "a1d1"), san);
        check(!strcmp(san, "Rd1+"), "no disambiguation when the other rook is blocked: Rd1+, got %s", san);
        pos_move_to_human(p, parse(p, "e1c1"), san);
        check(!strcmp(san, "O-O-O+"), "O-O-O+, got %s", san);
        check(pos_parse_human(p, "0-0-0") == parse(p, "e1c1") && pos_parse_human(p, "O-O") == parse(p, "e1g1"),
              "reading 0-0-0 and O-O");
    }
    if (setup(p, "7k/8/8/8/R7/8/8/R3K3 w Q - 0 1")) {
        pos_move_to_human(p, parse(p, "a1a2"), san);
        check(!strcmp(san, "R1a2"), "rank disambiguation R1a2, got %s", san);
    }
    if (setup(p, "5k2/8/8/8/Q7/8/8/Q2QK3 w - - 0 1")) {
        pos_move_to_human(p, parse(p, "a1d4"), san);
        check(!strcmp(san, "Qa1d4"), "file and rank disambiguation Qa1d4, got %s", san);
    }
    if (setup(p, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")) {
        pos_move_to_human(p, parse(p, "d1d8"), san);
        check(!strcmp(san, "Rd8#"), "mate sign Rd8#, got %s", san);
    }
}

/* ---- Static exchange ------------------------------------------------------------ */

static void test_see(void)
{
    static const struct {
        const char *fen, *move;
        int see;
    } CASES[] = {
        {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320},      /* pawn takes a loose knight */
        {"4k3/8/2p5/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5", -400},   /* rook takes a defended pawn */
        {"4k3/8/4p3/3p4/8/8/3R4/3R2K1 w - - 0 1", "d2d5", -300}, /* the rook behind (x-ray) takes back */
        {"3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400}, /* doubled rooks on both sides */
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},      /* en passant */
        {"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 850},        /* promotion */
        {"1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", -100},     /* promoting into a recapture loses the pawn */
        {"4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", "d1d5", 950},       /* rook takes a loose queen */
        {"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", "e1d2", 950},        /* the king takes a loose queen */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        if (!setup(&pos_a, CASES[i].fen))
            continue;
        Move m = parse(&pos_a, CASES[i].move);
        const int see = m ? pos_see(&pos_a, m) : -99999;
        check(see == CASES[i].see, "SEE of %s in %s: %d, expected %d", CASES[i].move, CASES[i].fen, see, CASES[i].see);
        check(m && pos_see_ge(&pos_a, m, CASES[i].see) && !pos_see_ge(&pos_a, m, CASES[i].see + 1),
              "pos_see_ge agrees with pos_see for %s", CASES[i].move);
    }
}

/* ---- Draw rules --------------------------------------------------------------- */

static void test_draws(void)
{
    Position *p = &pos_a;
    /* Fifty moves: a mate on the 100th ply wins; any other move there draws. */
    if (setup(p, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 80")) {
        check(pos_rule_status(p) == RULE_NONE, "99 plies: no draw yet");
        pos_make(p, parse(p, "d1d8"));
        check(pos_rule_counter(p) == 100 && pos_rule_status(p) == RULE_NONE, "mate on the 100th ply is not a draw");
        check(game_no_move_score(p, 3) == score_mated_in(3), "mated side scores mated-in");
        pos_unmake(p);
        pos_make(p, parse(p, "d1d7"));
        check(pos_rule_status(p) == RULE_DRAW, "100 plies without mate: draw");
        pos_unmake(p);
        pos_make(p, parse(p, "d1e1"));
        check(pos_rule_status(p) == RULE_DRAW, "100 plies: draw");
        pos_unmake(p);
        pos_make(p, parse(p, "h2h3"));
        check(pos_rule_counter(p) == 0 && pos_rule_status(p) == RULE_NONE, "a pawn move resets the count");
        pos_unmake(p);
    }
    if (setup(p, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"))
        check(game_no_move_score(p, 4) == SCORE_DRAW, "stalemate scores a draw");
    /* Repetition: the knights go out and back (4 plies per cycle). */
    static const char *const CYCLE = "g1f3 g8f6 f3g1 f6g8";
    const char *start = "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1";
    if (setup(p, start)) {
        pos_set_root(p); /* root = the first occurrence */
        play(p, CYCLE);
        check(pos_repetitions(p) == 1 && pos_rule_status(p) == RULE_NONE,
              "second occurrence, the first at the root: not a draw yet");
        play(p, CYCLE);
        check(pos_repetitions(p) == 2 && pos_rule_status(p) == RULE_DRAW, "third occurrence: draw");
    }
    if (setup(p, start)) {
        play(p, "g1f3");
        pos_set_root(p); /* root after the first occurrence */
        play(p, "g8f6 f3g1 f6g8");
        check(pos_rule_status(p) == RULE_NONE, "one occurrence before the root: not a draw (needs threefold)");
        play(p, "g1f3");
        check(pos_rule_status(p) == RULE_NONE, "the root position again: the root counts as before the root");
        play(p, "g8f6");
        check(pos_rule_status(p) == RULE_DRAW, "a repetition of a position after the root: draw at once");
    }
    if (setup(p, start)) {
        play(p, CYCLE);
        pos_set_root(p); /* two occurrences up to the root */
        play(p, CYCLE);
        check(pos_rule_status(p) == RULE_DRAW, "threefold counting occurrences before the root");
        char msg[160];
        check(game_judge(p, msg, sizeof msg) == GAME_DRAWN && strstr(msg, "repetition"),
              "verdict: threefold repetition");
    }
    if (setup(p, start)) {
        play(p, "g1f3 g8f6 f3g1");
        pos_set_root(p);
        play(p, "f6g8");
        check(pos_rule_status(p) == RULE_NONE, "second occurrence, the first before the root: no draw");
        play(p, "g1h3 g8h6 h3g1 h6g8");
        check(pos_rule_status(p) == RULE_DRAW, "third occurrence by another path: draw");
    }
    /* A capture or pawn move closes the window. */
    if (setup(p, "4k1n1/p7/8/8/8/8/P7/4K1N1 w - - 0 1")) {
        pos_set_root(p);
        play(p, "g1f3 g8f6 f3g1 f6g8 a2a3 a7a6 g1f3 g8f6 f3g1 f6g8");
        check(pos_repetitions(p) == 1, "the window starts at the last pawn move");
    }
    /* Dead material. */
    static const struct {
        const char *fen;
        bool dead;
    } MATERIAL[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},      /* K v K */
        {"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},    /* KB v K */
        {"4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", true},    /* KN v K */
        {"2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", true},   /* KB v KB, both bishops on light squares */
        {"3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", false},   /* KB v KB, opposite colours */
        {"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false},  /* KNN v K: a mate exists */
        {"4k3/8/8/8/8/8/8/1N1BK3 w - - 0 1", false},  /* KBN v K */
        {"1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false}, /* KN v KN */
        {"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false},    /* a pawn */
        {"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},    /* a rook */
    };
    for (size_t i = 0; i < sizeof MATERIAL / sizeof MATERIAL[0]; i++)
        if (setup(p, MATERIAL[i].fen)) {
            check(pos_insufficient_material(p) == MATERIAL[i].dead, "dead material %s: expected %d", MATERIAL[i].fen,
                  MATERIAL[i].dead);
            check((pos_rule_status(p) == RULE_DRAW) == MATERIAL[i].dead, "rule status for %s", MATERIAL[i].fen);
        }
}

/* ---- FEN errors ------------------------------------------------------------------- */

static void test_fen_errors(void)
{
    static const char *const BAD[] = {
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",             /* 7 ranks */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1",  /* 9 ranks */
        "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",     /* a short rank */
        "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   /* a long rank */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",    /* unknown letter */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",      /* no white king */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",      /* two white kings */
        "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",                       /* nine white pawns */
        "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",   /* seventeen white pieces */
        "Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1",    /* a pawn on the last rank */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",                 /* no side to move */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",    /* bad side */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",    /* bad castling letter */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w K - 0 1",       /* castling without its king */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w K - 0 1",       /* castling without its rook */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",    /* a right given twice */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Bkq - 0 1",     /* Shredder letter without a rook */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",   /* en passant on the wrong rank */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",   /* no pawn that just moved two */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",   /* not a square */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",   /* negative clock */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1001 1", /* clock too large */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",    /* move number 0 */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",    /* move number not a number */
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm", /* a stray word */
        "4k3/8/8/8/8/8/8/R3K2R b KQ - 0 1",                            /* white to move? no: fine ... */
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",                             /* the side not to move in check */
    };
    char err[200], before[128], after[128];
    setup(&pos_b, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 7");
    fen_of(&pos_b, before);
    Key key = pos_key(&pos_b);
    int refused = 0;
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        if (i == sizeof BAD / sizeof BAD[0] - 2) { /* a legal FEN in the list, as a control */
            check(pos_set_fen(&pos_a, BAD[i], err, sizeof err), "control FEN accepted");
            continue;
        }
        err[0] = 0;
        bool ok = pos_set_fen(&pos_b, BAD[i], err, sizeof err);
        fen_of(&pos_b, after);
        check(!ok && err[0], "bad FEN accepted or no message: '%s'", BAD[i]);
        check(!strcmp(before, after) && pos_key(&pos_b) == key, "a refused FEN changed the position: '%s'", BAD[i]);
        refused += !ok;
        if (getenv("SHOW_FEN_ERRORS"))
            printf("  %-64s -> %s\n", BAD[i], err);
    }
    check(refused >= 15, "at least 15 bad FENs refused (%d)", refused);
    check(!pos_set_fen(&pos_b, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", err, sizeof err) &&
              !strcmp(err, "unexpected 'extra' after the FEN's six fields"),
          "stray word message: %s", err);
    /* Counters may be left out. */
    if (setup(&pos_b, "4k3/8/8/8/8/8/8/4K3 b - -")) {
        fen_of(&pos_b, after);
        check(!strcmp(after, "4k3/8/8/8/8/8/8/4K3 b - - 0 1"), "missing counters default to 0 1: %s", after);
    }
}

/* ---- Walks: invariants, generator consistency, notation round trips ------------ */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static bool in_list(const Move *list, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* Everything that must agree with gen_legal / gen_moves in this position. */
static void check_generators(Position *p, bool full_scan)
{
    Move all[MAX_MOVES], caps[MAX_MOVES], quiets[MAX_MOVES], legal[MAX_MOVES];
    const int na = gen_moves(p, all, GEN_ALL), nc = gen_moves(p, caps, GEN_NOISY);
    const int nq = gen_moves(p, quiets, GEN_QUIETS);
    const int nl = gen_legal(p, legal);
    char fen[128];
    fen_of(p, fen);
    check(na == nc + nq, "captures + quiets = all in %s", fen);
    int legal_count = 0;
    for (int i = 0; i < na; i++) {
        const Move m = all[i];
        check(in_list(caps, nc, m) != in_list(quiets, nq, m), "move in exactly one kind list in %s", fen);
        check(pos_is_noisy(p, m) == in_list(caps, nc, m), "pos_is_noisy agrees with GEN_NOISY in %s", fen);
        check(pos_is_pseudo_legal(p, m), "generated move is pseudo-legal in %s", fen);
        const bool ok = pos_is_legal(p, m);
        legal_count += ok;
        check(ok == in_list(legal, nl, m), "pos_is_legal agrees with gen_legal in %s", fen);
        if (!ok)
            continue;
        const bool gives = pos_gives_check(p, m);
        pos_make(p, m);
        check(gives == pos_in_check(p), "pos_gives_check in %s", fen);
        pos_unmake(p);
    }
    check(legal_count == nl, "every legal move is generated in %s", fen);
    if (full_scan) /* every 14-bit value: pseudo-legal exactly when generated */
        for (int v = 0; v < MOVE_INDEX_NB; v++)
            if (pos_is_pseudo_legal(p, (Move)v) != in_list(all, na, (Move)v)) {
                check(false, "pos_is_pseudo_legal(%d) disagrees with gen_moves in %s", v, fen);
                break;
            }
}

static void walk(const char *fen, int plies, bool chess960)
{
    Position *p = &pos_a;
    if (!setup(p, fen))
        return;
    const char *why;
    for (int ply = 0; ply < plies; ply++) {
        Move list[MAX_MOVES];
        int n = gen_legal(p, list);
        check_generators(p, ply % 16 == 0);
        for (int i = 0; i < n; i++) { /* text round trips */
            char s[8], plain[8], san[16];
            pos_move_to_uci(p, list[i], true, s);
            check(pos_parse_move(p, s) == list[i], "coordinates (960) round trip %s", s);
            move_to_uci(list[i], true, plain); /* without the board: the same text but for knight promotions */
            check(!strcmp(plain, s) || (strlen(s) == 5 && s[4] == 'n' && !strncmp(plain, s, 4) && !plain[4]),
                  "move_to_uci %s vs %s", plain, s);
            if (!chess960) {
                pos_move_to_uci(p, list[i], false, s);
                check(pos_parse_move(p, s) == list[i], "coordinates round trip %s", s);
            }
            pos_move_to_human(p, list[i], san);
            check(pos_parse_human(p, san) == list[i], "SAN round trip %s", san);
        }
        if (n == 0 || pos_rule_counter(p) >= 100 || pos_insufficient_material(p)) {
            if (!setup(p, fen))
                return;
            continue;
        }
        const Key before = pos_key(p);
        Move m = list[rng() % (uint64_t)n];
        if (!pos_in_check(p) && rng() % 8 == 0) { /* a null move now and then */
            pos_make_null(p);
            const bool ok = pos_ok(p, &why);
            check(ok, "pos_ok after null move: %s", why ? why : "");
            pos_unmake_null(p);
            check(pos_key(p) == before, "key after null unmake");
        }
        pos_make(p, m);
        bool ok = pos_ok(p, &why);
        check(ok, "pos_ok after make: %s", why ? why : "");
        check(pos_key(p) == pos_compute_key(p), "key from scratch after make");
        pos_unmake(p);
        ok = pos_ok(p, &why) && pos_key(p) == before;
        check(ok, "pos_ok and key after unmake: %s", why ? why : "");
        pos_make(p, m);
        pos_trim_history(p);
    }
}

/* ---- Evaluation symmetry -------------------------------------------------------- */

/* Swap colours and mirror the ranks (castling and en passant follow). */
static void fen_flip(const char *fen, char *out)
{
    char board[96], side[4], castle[16], ep[4], rest[32] = "";
    if (sscanf(fen, "%95s %3s %15s %3s %31[^\n]", board, side, castle, ep, rest) < 4) {
        strcpy(out, fen);
        return;
    }
    char *ranks[8];
    int n = 0;
    for (char *tok = strtok(board, "/"); tok && n < 8; tok = strtok(NULL, "/"))
        ranks[n++] = tok;
    out[0] = 0;
    for (int i = n - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++)
            *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        strcat(out, ranks[i]);
        if (i)
            strcat(out, "/");
    }
    for (char *c = castle; *c; c++)
        *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    if (ep[0] != '-')
        ep[1] = (char)('1' + '8' - ep[1]);
    sprintf(out + strlen(out), " %s %s %s %s", side[0] == 'w' ? "b" : "w", castle, ep, rest);
}

/* Mirror the files (castling rights dropped: they do not mirror). */
static void fen_mirror(const char *fen, char *out)
{
    char board[96], side[4], castle[16], ep[4], rest[32] = "";
    if (sscanf(fen, "%95s %3s %15s %3s %31[^\n]", board, side, castle, ep, rest) < 4) {
        strcpy(out, fen);
        return;
    }
    int n = 0;
    for (char *tok = strtok(board, "/"); tok; tok = strtok(NULL, "/")) {
        char expanded[9] = "";
        int k = 0;
        for (char *c = tok; *c && k < 8; c++)
            if (*c >= '1' && *c <= '8')
                for (int j = 0; j < *c - '0' && k < 8; j++)
                    expanded[k++] = '1';
            else
                expanded[k++] = *c;
        for (int j = 7; j >= 0; j--)
            out[n++] = expanded[j];
        out[n++] = '/';
    }
    out[n - 1] = 0;
    if (ep[0] != '-')
        ep[0] = (char)('a' + 'h' - ep[0]);
    sprintf(out + strlen(out), " %s - %s %s", side, ep, rest);
}

static void check_symmetry(const char *fen)
{
    char flipped[160], mirrored[160], err[200];
    fen_flip(fen, flipped);
    fen_mirror(fen, mirrored);
    if (!pos_set_fen(&pos_a, fen, err, sizeof err))
        return;
    const Score e = eval_evaluate(&pos_a);
    if (pos_set_fen(&pos_b, flipped, err, sizeof err))
        check(eval_evaluate(&pos_b) == e, "flip changes eval: %s (%d vs %d)", fen, e, eval_evaluate(&pos_b));
    else
        check(false, "flipped FEN refused: %s: %s", flipped, err);
    if (pos_set_fen(&pos_b, mirrored, err, sizeof err))
        check(eval_evaluate(&pos_b) == e, "mirror changes eval: %s (%d vs %d)", fen, e, eval_evaluate(&pos_b));
    else
        check(false, "mirrored FEN refused: %s: %s", mirrored, err);
}

static int read_epd_fens(const char *path, char fens[][128], int max)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        line[strcspn(line, ";\r\n")] = 0;
        if (line[0] && strlen(line) < 128)
            memcpy(fens[n++], line, strlen(line) + 1);
    }
    fclose(f);
    return n;
}

static void test_eval(char fens[][128], int nfens)
{
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++)
        check_symmetry(GAME_BENCH_FENS[i]);
    for (int i = 0; i < nfens; i++)
        check_symmetry(fens[i]);
    Position *p = &pos_a;
    if (setup(p, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"))
        check(eval_evaluate(p) > 400, "a rook up is winning (%d)", eval_evaluate(p));
    if (setup(p, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"))
        check(eval_evaluate(p) == 0, "a lone bishop cannot win (%d)", eval_evaluate(p));
    if (setup(p, "4k3/5p2/4b3/3p4/3P4/4B3/5P2/4K3 w - - 0 1"))
        check(eval_evaluate(p) == 0 || abs(eval_evaluate(p)) < 50, "symmetric bishops: near 0 (%d)", eval_evaluate(p));
    /* A passed pawn the enemy king cannot catch, two ranks further on. (Not e2 against e4: the fitted
     * endgame table values a pawn on e2 above one on e4 by 21 cp, from Stockfish's scores of the tuning
     * positions, docs/tuning.md; nor with the enemy king in front, where the position is a draw.) */
    if (setup(p, "k7/8/8/8/4P3/8/8/4K3 w - - 0 1") && setup(&pos_b, "k7/8/4P3/8/8/8/8/4K3 w - - 0 1"))
        check(eval_evaluate(&pos_b) > eval_evaluate(p), "an advanced passed pawn is worth more (e6 %d, e4 %d)",
              eval_evaluate(&pos_b), eval_evaluate(p));
    check(game_color_name(WHITE)[0] == 'W' && game_color_name(BLACK)[0] == 'B', "colour names");
}

/* Long games keep their history bounded: the oldest plies are dropped, the counters stay right. */
static void test_trim(void)
{
    static const char *const CYCLE[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
    Position *p = &pos_a;
    if (!setup(p, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"))
        return;
    pos_set_root(p);
    const char *why = NULL;
    bool ok = true;
    for (int ply = 0; ply < 2400 && ok; ply++) {
        Move m = parse(p, CYCLE[ply % 4]);
        ok = m != MOVE_NONE;
        pos_make(p, m);
        pos_trim_history(p);
        ok = ok && pos_ok(p, &why) && p->ply < MAX_GAME_PLY;
    }
    check(ok, "2400 plies with trimming: %s", why ? why : "");
    char fen[128];
    fen_of(p, fen);
    check(!strcmp(fen, "4k1n1/8/8/8/8/8/8/4K1N1 w - - 2400 1201"), "counters after trimming: %s", fen);
    check(pos_repetitions(p) >= 2 && pos_rule_status(p) == RULE_DRAW, "repetition still seen after trimming");
}

/* ---- Fixed data --------------------------------------------------------------- */

static void test_fixed_data(void)
{
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++)
        setup(&pos_a, GAME_BENCH_FENS[i]);
    check(GAME_BENCH_FEN_COUNT >= 30, "bench positions: %d", GAME_BENCH_FEN_COUNT);
    check(GAME_LAB_GAME_COUNT >= 4, "lab games: %d", GAME_LAB_GAME_COUNT);
    for (int g = 0; g < GAME_LAB_GAME_COUNT; g++) {
        const char *bar = strchr(GAME_LAB_GAMES[g], '|');
        char fen[128];
        if (!bar || (size_t)(bar - GAME_LAB_GAMES[g]) >= sizeof fen) {
            check(false, "lab game %d has no '|'", g);
            continue;
        }
        snprintf(fen, sizeof fen, "%.*s", (int)(bar - GAME_LAB_GAMES[g]), GAME_LAB_GAMES[g]);
        if (!setup(&pos_a, fen))
            continue;
        int plies = 0;
        char mv[8];
        for (const char *s = bar + 1; sscanf(s, "%7s", mv) == 1; s += strcspn(s, " "), s += *s == ' ') {
            Move m = pos_parse_move(&pos_a, mv);
            if (!m) {
                check(false, "lab game %d: ply %d %s is illegal", g, plies + 1, mv);
                break;
            }
            pos_make(&pos_a, m);
            pos_trim_history(&pos_a);
            plies++;
        }
        check(plies >= 40, "lab game %d has %d plies", g, plies);
    }
    /* Keys from another seed still agree with themselves. */
    game_set_key_seed(12345);
    if (setup(&pos_a, GAME_STARTPOS)) {
        const char *why;
        play(&pos_a, "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1");
        const bool ok = pos_ok(&pos_a, &why);
        check(ok, "keys from another seed: %s", why ? why : "");
    }
    game_set_key_seed(0);
}

int main(int argc, char **argv)
{
    static char fens[160][128];
    game_init();
    const int nfens = read_epd_fens(argc > 1 ? argv[1] : "tests/chess/perft.epd", fens, 160);
    check(nfens >= 100, "perft positions read: %d", nfens);
    test_castling();
    test_chess960();
    test_ep_and_promotion();
    test_draws();
    test_see();
    test_fen_errors();
    test_eval(fens, nfens);
    test_fixed_data();
    test_trim();
    for (int i = 0; i < nfens; i++) /* depth-1 moves of every perft position, generators and text */
        walk(fens[i], 1, false);
    static const char *const WALKS[][2] = {
        {GAME_STARTPOS, ""},
        {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", ""},
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", ""},
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", ""},
        {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "960"},
        {"nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1", "960"},
        {"1r4kr/p6p/8/8/8/8/P6P/1R4KR w HBhb - 0 1", "960"},
    };
    for (size_t i = 0; i < sizeof WALKS / sizeof WALKS[0]; i++)
        walk(WALKS[i][0], 800, WALKS[i][1][0] != 0);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
