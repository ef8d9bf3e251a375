/*
 * fuzz_chess_fen.c - the chess FEN reader (FEN, X-FEN and Shredder-FEN
 * castling fields, Chess960 set-ups) on arbitrary text, and the rules on
 * every position it accepts (the checks: fen_harness.h, shared with the
 * xiangqi harness). Built against src/chess only. What is chess's own: each
 * legal move reads back from its UCI text in both castling styles (king two
 * squares, king takes rook) and from its SAN, and by hand (pos_parse_human).
 */
#include "fuzz.h"

#include "game_api.h"

static void fuzz_check_move_text(Position *p, Move m, const char *fen)
{
    char uci[8], uci960[8], san[16];
    pos_move_to_uci(p, m, false, uci);
    pos_move_to_uci(p, m, true, uci960);
    FUZZ_CHECK(pos_parse_move(p, uci960) == m, "UCI %s (Chess960 style) does not read back in %s", uci960, fen);
    /* Without Chess960 a castling from the standard squares prints as the king's step (e1g1), any
     * other as king takes rook: both must read back. */
    FUZZ_CHECK(pos_parse_move(p, uci) == m, "UCI %s does not read back in %s", uci, fen);
    pos_move_to_human(p, m, san);
    FUZZ_CHECK(pos_parse_human(p, san) == m, "SAN %s (%s) does not read back in %s", san, uci960, fen);
    FUZZ_CHECK(pos_parse_human(p, uci960) == m, "%s by hand in %s", uci960, fen);
}

#include "fen_harness.h"
