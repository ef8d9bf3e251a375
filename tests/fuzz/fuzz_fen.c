/*
 * fuzz_fen.c - pos_set_fen on arbitrary text, and the rules on every
 * position it accepts (the checks: fen_harness.h, shared with the chess
 * harness). What is xiangqi's own: each legal move reads back from its ICCS
 * and WXF text, and by hand (pos_parse_human) from either.
 */
#include "fuzz.h"

#include "game_api.h"

static void fuzz_check_move_text(Position *p, Move m, const char *fen)
{
    char iccs[8], wxf[8];
    move_to_str(m, iccs);
    FUZZ_CHECK(pos_parse_move(p, iccs) == m, "ICCS %s does not read back in %s", iccs, fen);
    pos_move_to_wxf(p, m, wxf);
    FUZZ_CHECK(pos_parse_wxf(p, wxf) == m, "WXF %s (%s) does not read back in %s", wxf, iccs, fen);
    FUZZ_CHECK(pos_parse_human(p, wxf) == m && pos_parse_human(p, iccs) == m, "%s/%s by hand in %s", wxf, iccs, fen);
}

#include "fen_harness.h"
