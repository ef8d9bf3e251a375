/*
 * fuzz_chess_move.c - the chess readers of move text: UCI coordinates
 * (pos_parse_move, and proto_parse_move with UCI_Chess960 off and on), SAN
 * and coordinates by hand (pos_parse_human: `chariot-chess play` and
 * `analyze`), move lists (proto_parse_moves: searchmoves) and the position
 * readers that take moves (proto_parse_position of the `position` command,
 * analyze_read_position of `analyze` and `play`). Built against src/chess.
 *
 * The first byte picks the position (from FENS) and whether UCI_Chess960 is
 * on for the list and position readers; the rest is the text. Every move a
 * reader returns must be legal in the position and read back from the UCI
 * (both castling styles) and SAN texts the engine writes for it; every
 * position a reader builds must satisfy pos_ok and go through the rules on
 * the history its moves made (repetition, fifty moves, game_judge). A
 * reader that fails must say why; proto_parse_position must also leave its
 * position alone.
 */
#include "fuzz.h"

#include "analyze.h"
#include "protocol.h"

static const char *const FENS[] = {
    GAME_STARTPOS,
    /* kiwipete: both castlings, pins, en passant after a double step */
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    /* en passant that would expose the king along the rank; promotions with capture and check */
    "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    /* SAN ambiguity: three queens reaching c4 (Qb5c4), two knights reaching e5 (Nde5) */
    "7k/8/8/1Q1Q4/8/1Q1N1N2/8/K7 w - - 0 1",
    /* Chess960 (Shredder-FEN castling): king and rooks off the standard squares, king already on g1 */
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "1rk1r3/8/8/8/8/8/8/1RK1R3 w BEbe - 0 1",
    /* mate and stalemate: no legal move */
    "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    /* the fifty-move count at 99 */
    "8/8/8/8/8/5k2/8/4K2R w K - 99 80",
};
enum { NFENS = sizeof FENS / sizeof FENS[0] };

static Position positions[NFENS], work, keep;

#include "move_harness.h"

/* A move a reader gave for text in p: legal, and what the engine writes for it reads back. */
static void check_move(const Position *p, Move m, const char *reader, const char *text)
{
    if (m == MOVE_NONE)
        return;
    char uci960[8], san[16], out[8];
    FUZZ_CHECK(legal(p, m), "%s read '%s' as an illegal move %d", reader, text, m);
    pos_move_to_uci(p, m, true, uci960);
    pos_move_to_human(p, m, san);
    proto_move_str(p, m, out);
    FUZZ_CHECK(pos_parse_move(p, uci960) == m && pos_parse_human(p, san) == m && pos_parse_human(p, uci960) == m,
               "%s: '%s' -> %s/%s does not read back", reader, text, uci960, san);
    FUZZ_CHECK(proto_parse_move(p, out) != MOVE_NONE, "%s: '%s' -> %s (protocol style) does not read", reader, text,
               out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const Position *p = &positions[data[0] % NFENS];
    const bool c960 = data[0] & 0x80;
    char *text = fuzz_cstring(data + 1, size - 1);
    const bool saved_960 = g_settings.chess960;

    /* Single moves, both castling styles. */
    Move m = pos_parse_move(p, text);
    check_move(p, m, "pos_parse_move", text);
    g_settings.chess960 = false;
    check_move(p, proto_parse_move(p, text), "proto_parse_move", text);
    g_settings.chess960 = true;
    check_move(p, proto_parse_move(p, text), "proto_parse_move (UCI_Chess960)", text);
    check_move(p, pos_parse_human(p, text), "pos_parse_human", text);

    /* Lists and positions, in the castling style the first byte chose. */
    g_settings.chess960 = c960;
    check_list_readers(p, text, check_move);

    g_settings.chess960 = saved_960;
    free(text);
    return 0;
}
