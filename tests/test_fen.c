/*
 * test_fen.c - FEN round trips and every kind of bad FEN rejected with its
 * own message, leaving the previous position intact.
 */
#include <string.h>

#include "check.h"

static void round_trip(const char *fen)
{
    Position pos;
    char err[160], out[160];
    CHECK(pos_set_fen(&pos, fen, err, sizeof err), "valid FEN rejected: %s (%s)", fen, err);
    pos_get_fen(&pos, out, sizeof out);
    size_t board_len = strcspn(fen, " ") + 2; /* board, space, side */
    CHECK(!strncmp(out, fen, board_len), "round trip: %s -> %s", fen, out);
    Position again;
    CHECK(pos_set_fen(&again, out, err, sizeof err) && pos_key(&again) == pos_key(&pos), "re-read of %s", out);
}

static const struct {
    const char *fen, *expect;
} BAD[] = {
    {"", "rank"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9 w - - 0 1", "ranks"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR/9 w - - 0 1", "more than 10 ranks"},
    {"rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "rank 8 has 8 files"},
    {"rnbakabnr/91/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "more than 9 files"},
    {"rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "more than 9 files"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1", "unknown piece letter 'X'"},
    {"rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "black king missing"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w - - 0 1", "red king missing"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w - - 0 1", "too many red kings"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/K8/RNBA1ABNR w - - 0 1", "red king on a1"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2A2C1/9/RNB1KABNR w - - 0 1", "red advisor on e2"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/4B4/P1P1P1P1P/1C5C1/9/RN1AKABNR w - - 0 1", "red elephant on e4"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4b4/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "black elephant on e5"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w - - 0 1", "red pawn on a1"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/1P7/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "red pawn on b4"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/P8/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "too many red pawns"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1", "side to move"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "missing side to move"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", "half-move counter"},
    {"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "kings face each other"},
    {"3k5/9/9/9/9/9/9/9/3R5/4K4 w - - 0 1", "not to move is in check"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RRBAKABNR w - - 0 1", "too many red rooks"},
};

void test_fen(void)
{
    round_trip(GAME_STARTPOS);
    char lines[64][512];
    int n = read_lines("tests/perft.epd", lines, 64);
    CHECK(n == 51, "tests/perft.epd has %d positions, expected 51", n);
    for (int i = 0; i < n; i++) {
        lines[i][strcspn(lines[i], ";")] = 0;
        round_trip(lines[i]);
    }
    /* Aliases: H/E letters, r for Red. */
    Position a, b;
    char err[160];
    CHECK(pos_set_fen(&a, "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1", err, sizeof err),
          "aliases rejected: %s", err);
    pos_set_fen(&b, GAME_STARTPOS, err, sizeof err);
    CHECK(pos_key(&a) == pos_key(&b), "H/E/r aliases give the start position");

    /* Each bad FEN: rejected, message names the problem, position unchanged. */
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        Position pos;
        pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
        Key before = pos_key(&pos);
        err[0] = 0;
        bool ok = pos_set_fen(&pos, BAD[i].fen, err, sizeof err);
        CHECK(!ok, "bad FEN accepted: %s", BAD[i].fen);
        CHECK(strstr(err, BAD[i].expect) != NULL, "FEN '%s': message '%s' lacks '%s'", BAD[i].fen, err, BAD[i].expect);
        CHECK(pos_key(&pos) == before && pos_ok(&pos, NULL), "position changed after a bad FEN");
    }
    CHECK(!pos_set_fen(&a, NULL, err, sizeof err), "NULL FEN rejected");
}
