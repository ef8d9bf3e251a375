/*
 * test_rules.c - repetition verdicts: perpetual check loses, mutual
 * perpetual check and plain repetition draw (cases from Fairy-Stockfish's
 * test suite, converted to ranks 0-9), and the no-capture rule.
 */
#include <string.h>

#include "check.h"

static RuleResult after_moves(const char *fen, const char *moves)
{
    Position pos;
    char err[160], buf[512];
    if (!pos_set_fen(&pos, fen, err, sizeof err))
        return (RuleResult)-1;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m = pos_parse_move(&pos, t);
        if (!m)
            return (RuleResult)-2;
        pos_make(&pos, m);
    }
    return pos_rule_status(&pos);
}

void test_rules(void)
{
    /* Black's pawns check perpetually: Red (to move) wins. */
    CHECK(after_moves("3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", "f1e1 f2e2 e1f1 e2f2") == RULE_WIN,
          "perpetual check by a pawn loses");
    /* Both sides check on every move: draw. */
    CHECK(after_moves("9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1", "e3d3 d6e6 d3e3 e6d6") == RULE_DRAW,
          "mutual perpetual check is a draw");
    CHECK(after_moves("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "e1d1 d9e9 d1e1") == RULE_NONE, "no cycle yet");
    /* Quiet repetition: draw. */
    CHECK(after_moves(GAME_STARTPOS, "b0c2 b9c7 c2b0 c7b9") == RULE_DRAW, "plain repetition is a draw");
    CHECK(after_moves(GAME_STARTPOS, "b0c2 b9c7 c2b0") == RULE_NONE, "no repetition yet");
    /* Red gives check with every move of the cycle, Black only evades: Red (to move) loses. */
    CHECK(after_moves("3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1", "e1d1 d9e9 d1e1 e9d9") == RULE_LOSS,
          "the side to move checked perpetually: it loses");
    /* No-capture rule: 120 plies. */
    Position pos;
    char err[160];
    CHECK(pos_set_fen(&pos, "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 119 80", err, sizeof err), "%s", err);
    CHECK(pos_rule_status(&pos) == RULE_NONE, "119 plies: play on");
    pos_make(&pos, pos_parse_move(&pos, "a0a1"));
    CHECK(pos_rule_status(&pos) == RULE_DRAW, "120 plies without capture: draw");
}
