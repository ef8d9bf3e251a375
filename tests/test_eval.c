/*
 * test_eval.c - evaluation symmetry: eval(p) == eval(flip(p)) == eval(mirror(p)).
 */
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
}
