/*
 * test_eval.c - evaluation symmetry: eval(p) == eval(flip(p)) == eval(mirror(p)).
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "check.h"

static void symmetric(const char *fen)
{
    char flipped[256], mirrored[256], err[160];
    Position p, f, m;
    fen_flip(fen, flipped);
    fen_mirror(fen, mirrored);
    if (!pos_set_fen(&p, fen, err, sizeof err) || !pos_set_fen(&f, flipped, err, sizeof err) ||
        !pos_set_fen(&m, mirrored, err, sizeof err)) {
        CHECK(false, "symmetry: %s: %s", fen, err);
        return;
    }
    Score e = eval_evaluate(&p);
    CHECK(e == eval_evaluate(&f), "flip changes eval: %s (%d vs %d)", fen, e, eval_evaluate(&f));
    CHECK(e == eval_evaluate(&m), "mirror changes eval: %s (%d vs %d)", fen, e, eval_evaluate(&m));
}

void test_eval(void)
{
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++)
        symmetric(GAME_BENCH_FENS[i]);
    static char lines[64][512];
    int n = read_lines("tests/perft.epd", lines, 64);
    for (int i = 0; i < n; i++) {
        lines[i][strcspn(lines[i], ";")] = 0;
        symmetric(lines[i]);
    }
    /* More material is better. */
    Position a, b;
    char err[160];
    pos_set_fen(&a, "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1", err, sizeof err);
    pos_set_fen(&b, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", err, sizeof err);
    CHECK(eval_evaluate(&a) > eval_evaluate(&b) + 500, "a rook is worth a lot");

    /* Endgame knowledge: a lone horse (or cannon) does not beat full guards,
     * but a rook does, and a horse against a bare king keeps its value. */
    pos_set_fen(&a, "3akab2/9/4b4/9/9/9/9/4H4/9/4K4 w - - 0 1", err, sizeof err);
    CHECK(abs(eval_evaluate(&a)) < 100, "lone horse vs guards is drawish (%d)", eval_evaluate(&a));
    pos_set_fen(&a, "3akab2/9/4b4/9/9/9/9/4C4/9/4K4 w - - 0 1", err, sizeof err);
    CHECK(abs(eval_evaluate(&a)) < 100, "lone cannon vs guards is drawish (%d)", eval_evaluate(&a));
    pos_set_fen(&a, "3aka3/9/9/9/9/9/9/R8/9/5K3 w - - 0 1", err, sizeof err);
    CHECK(eval_evaluate(&a) > 400, "rook vs two advisors is winning (%d)", eval_evaluate(&a));
    pos_set_fen(&a, "4k4/9/9/9/9/9/9/4H4/9/3K5 w - - 0 1", err, sizeof err);
    CHECK(eval_evaluate(&a) > 300, "horse vs bare king keeps its value (%d)", eval_evaluate(&a));
    CHECK(pos_set_fen(&a, "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", err, sizeof err), "advisor FEN: %s", err);
    CHECK(abs(eval_evaluate(&a)) < 50, "an advisor cannot mate (%d)", eval_evaluate(&a));

    /* King safety: a cannon facing the king with nothing between (a hollow
     * cannon) costs more than the same cannon behind a screen. The screen is a
     * red pawn moved from the g-file to the e-file, which other terms value
     * too, so the cannon is isolated by a double difference: stepping the
     * black king off the file (e9 -> d8) must gain more against the hollow
     * cannon than against the screened one. (Each pair differs only by the
     * king, so the pawn's file cancels out.) */
    Position c, d;
    CHECK(pos_set_fen(&a, "rnbakabnr/9/7c1/p1p3p1p/9/9/P1P3P1P/1C2C4/9/RNBAKABNR b - - 0 1", err, sizeof err),
          "hollow cannon FEN: %s", err);
    CHECK(pos_set_fen(&b, "rnba1abnr/3k5/7c1/p1p3p1p/9/9/P1P3P1P/1C2C4/9/RNBAKABNR b - - 0 1", err, sizeof err),
          "hollow cannon, king off the file FEN: %s", err);
    CHECK(pos_set_fen(&c, "rnbakabnr/9/7c1/p1p3p1p/9/9/P1P1P3P/1C2C4/9/RNBAKABNR b - - 0 1", err, sizeof err),
          "screened cannon FEN: %s", err);
    CHECK(pos_set_fen(&d, "rnba1abnr/3k5/7c1/p1p3p1p/9/9/P1P1P3P/1C2C4/9/RNBAKABNR b - - 0 1", err, sizeof err),
          "screened cannon, king off the file FEN: %s", err);
    const int hollow_gain = eval_evaluate(&b) - eval_evaluate(&a);
    const int screened_gain = eval_evaluate(&d) - eval_evaluate(&c);
    CHECK(hollow_gain > screened_gain + 10,
          "hollow cannon worse than a screened one (king off the file gains %d vs %d)", hollow_gain, screened_gain);
}
