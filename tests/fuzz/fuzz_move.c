/*
 * fuzz_move.c - the readers of move text: ICCS (pos_parse_move, and
 * proto_parse_move with FairyRanks off and on), WXF (pos_parse_wxf), the
 * people's reader of `chariot play` (pos_parse_human), move lists
 * (proto_parse_moves: searchmoves, banmoves) and the position readers that
 * take moves (proto_parse_position of the `position` command,
 * analyze_read_position of `chariot analyze` and `play`).
 *
 * The first byte picks the position (from FENS) and whether FairyRanks is
 * on for the list and position readers; the rest is the text. Every move a
 * reader returns must be legal in the position, read back from the text the
 * engine writes for it, and every position a reader builds must satisfy
 * pos_ok and go through the rules on the history its moves made (repetition,
 * perpetual check, move count, and game_judge, which `chariot play`
 * announces). A reader that fails must say why; proto_parse_position must
 * also leave its position alone.
 */
#include "fuzz.h"

#include "analyze.h"
#include "protocol.h"

static const char *const FENS[] = {
    GAME_STARTPOS,
    /* pawns crossed and crowded on files (WXF pawn indices: 35+1, 15.6) */
    "3k5/9/2P1P4/2P1P4/2P6/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/9/p1p6/p1p1p4/9/3K5 b - - 0 1",
    /* two rooks and two cannons on one file (R+, C-) */
    "3ak4/4a4/4R4/9/4N4/9/4C4/4R4/4C4/3K5 b - - 0 1",
    "r2ckabC1/4a4/4R2R1/p1n1p4/1Pp3P1p/5C1NP/2P1P4/2N1B4/4K4/5AB2 w - - 0 1",
    /* few moves, mate and stalemate */
    "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "4k4/4a4/4P4/9/9/9/9/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
};
enum { NFENS = sizeof FENS / sizeof FENS[0] };

static Position positions[NFENS], work, keep;

#include "move_harness.h"

/* A move a reader gave for text in p: legal, and what the engine writes for it reads back. */
static void check_move(const Position *p, Move m, const char *reader, const char *text)
{
    if (m == MOVE_NONE)
        return;
    char iccs[8], wxf[8], out[8];
    FUZZ_CHECK(legal(p, m), "%s read '%s' as an illegal move %d", reader, text, m);
    move_to_str(m, iccs);
    pos_move_to_wxf(p, m, wxf);
    proto_move_str(p, m, out);
    FUZZ_CHECK(pos_parse_move(p, iccs) == m && pos_parse_wxf(p, wxf) == m && proto_parse_move(p, out) == m,
               "%s: '%s' -> %s/%s/%s does not read back", reader, text, iccs, wxf, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const Position *p = &positions[data[0] % NFENS];
    const bool fairy = data[0] & 0x80;
    char *text = fuzz_cstring(data + 1, size - 1);
    const bool saved_fairy = g_settings.fairy_ranks;

    /* Single moves, both rank styles. */
    Move m = pos_parse_move(p, text);
    check_move(p, m, "pos_parse_move", text);
    if (m) {
        char back[8];
        move_to_str(m, back);
        FUZZ_CHECK(!strcmp(back, text), "pos_parse_move took '%s' for %s", text, back);
    }
    g_settings.fairy_ranks = false;
    FUZZ_CHECK(proto_parse_move(p, text) == m, "proto_parse_move differs from pos_parse_move on '%s'", text);
    g_settings.fairy_ranks = true;
    check_move(p, proto_parse_move(p, text), "proto_parse_move (FairyRanks)", text);
    g_settings.fairy_ranks = false;
    check_move(p, pos_parse_wxf(p, text), "pos_parse_wxf", text);
    check_move(p, pos_parse_human(p, text), "pos_parse_human", text);

    /* Lists and positions, in the rank style the first byte chose. */
    g_settings.fairy_ranks = fairy;
    check_list_readers(p, text, check_move);

    g_settings.fairy_ranks = saved_fairy;
    free(text);
    return 0;
}
