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
#include <stdio.h>

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

/* Play's and a referee's view: a game ends at the third occurrence of a position (the search
 * judges a cycle at its first recurrence), at the move-count rule, at mate or stalemate (both
 * lose in xiangqi), or when neither side can mate. */
bool game_verdict(const Position *pos, char *msg, size_t len)
{
    Move list[MAX_MOVES];
    const Color us = pos_side(pos);
    if (gen_legal(pos, list) == 0) {
        snprintf(msg, len, "%s: %s has no legal move. %s wins.", pos_in_check(pos) ? "Checkmate" : "Stalemate",
                 game_color_name(us), game_color_name(!us));
        return true;
    }
    RuleResult rule = pos_rule_status(pos);
    if (rule != RULE_NONE && pos_rule60(pos) < RULE60_PLIES && pos_repetitions(pos) < 2)
        rule = RULE_NONE;
    switch (rule) {
    case RULE_WIN:
        snprintf(msg, len, "%s gave perpetual check. %s wins.", game_color_name(!us), game_color_name(us));
        return true;
    case RULE_LOSS:
        snprintf(msg, len, "%s gave perpetual check. %s wins.", game_color_name(us), game_color_name(!us));
        return true;
    case RULE_DRAW:
        snprintf(msg, len, "%s",
                 pos_rule60(pos) >= RULE60_PLIES ? "Draw: 60 moves without a capture." : "Draw by repetition.");
        return true;
    default:
        break;
    }
    if (pos_insufficient_material(pos)) {
        snprintf(msg, len, "Draw: neither side has a piece that can mate.");
        return true;
    }
    return false;
}
