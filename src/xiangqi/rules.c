/*
 * rules.c - game-ending rules the search must see: repetition with
 * perpetual check, and the no-capture move-count rule.
 *
 * One call, pos_rule_status(), gives the verdict for the current node:
 *   - a position that repeats an earlier one (any earlier occurrence inside
 *     the no-capture window, also before the search root) closes a cycle.
 *     If every move of one side in the cycle gave check and not every move
 *     of the other did, the checking side loses (perpetual check is
 *     forbidden); otherwise the repetition is a draw.
 *   - 120 plies (60 moves) without a capture: draw.
 * Perpetual chase is not judged yet: such a cycle scores as a draw.
 *
 * These verdicts depend on the path, not only on the position, so a score
 * derived from them can reach the transposition table and be reused on
 * another path (graph history interaction). Like most engines we accept
 * that: the search never takes a table cutoff at PV nodes, and cycles are
 * short, so the error stays local. See docs/search.md.
 */
#include "board.h"

enum { RULE60_PLIES = 120, MIN_CYCLE_PLIES = 4 };

RuleResult pos_rule_status(const Position *pos)
{
    const PosState *st = pos->st;
    const int cur = pos->ply;
    if (st[cur].rule60 >= RULE60_PLIES)
        return RULE_DRAW;
    const int limit = imin(st[cur].rule60, cur);
    bool them_all = true, us_all = true; /* every move of that side gave check so far */
    for (int i = 1; i <= limit; i++) {
        /* The move that led to ply cur-i+1; odd i = a move of the side that just moved. */
        if (i & 1)
            them_all = them_all && st[cur - i + 1].checked;
        else
            us_all = us_all && st[cur - i + 1].checked;
        if (!(i & 1) && i >= MIN_CYCLE_PLIES && st[cur - i].key == st[cur].key) {
            if (them_all && !us_all)
                return RULE_WIN;
            if (us_all && !them_all)
                return RULE_LOSS;
            return RULE_DRAW;
        }
    }
    return RULE_NONE;
}

int pos_repetitions(const Position *pos)
{
    const PosState *st = pos->st;
    const int cur = pos->ply, limit = imin(st[cur].rule60, cur);
    int n = 0;
    for (int i = MIN_CYCLE_PLIES; i <= limit; i += 2)
        n += st[cur - i].key == st[cur].key;
    return n;
}
