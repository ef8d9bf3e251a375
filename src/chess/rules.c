/*
 * rules.c - draws the search must see: the fifty-move rule, repetition and
 * dead material; and the verdict a player or referee reads.
 *
 * pos_rule_status() gives the verdict for the current node:
 *   - 100 plies without a capture or pawn move: a draw, unless the side to
 *     move is checkmated right there (mate takes precedence);
 *   - repetition: the same position (same side to move, castling and
 *     en-passant rights, all in the key) earlier inside the fifty-move
 *     window. An earlier occurrence after the search root is a draw at
 *     once (the side that repeats could repeat again); occurrences at or
 *     before the root need two, the game's threefold rule;
 *   - material with which no sequence of legal moves can mate: K v K,
 *     K+minor v K, and kings with bishops all on squares of one colour.
 * Chess has no repetition that wins or loses, so RULE_WIN/RULE_LOSS never
 * come from here.
 *
 * Like every engine we accept that these path-dependent verdicts can reach
 * the transposition table (graph history interaction); see docs/search.md.
 */
#include <stdio.h>

#include "board.h"
#include "pos_common.h"

enum { RULE50_PLIES = 100 };

static bool checkmated(const Position *pos)
{
    Move list[MAX_MOVES];
    return pos_in_check(pos) && gen_legal(pos, list) == 0;
}

RuleResult pos_rule_status(const Position *pos)
{
    const PosState *st = pos->st;
    const int cur = pos->ply;
    if (st[cur].rule50 >= RULE50_PLIES && !checkmated(pos))
        return RULE_DRAW;
    const int limit = imin(st[cur].rule50, cur);
    int seen = 0;
    for (int i = POS_MIN_CYCLE_PLIES; i <= limit; i += 2)
        if (st[cur - i].key == st[cur].key && (cur - i > pos->root_ply || ++seen >= 2))
            return RULE_DRAW;
    if (pos_insufficient_material(pos))
        return RULE_DRAW;
    return RULE_NONE;
}

int pos_repetitions(const Position *pos)
{
    return plies_repetitions(&pos->st[0].key, sizeof pos->st[0], pos->ply, pos_rule_counter(pos));
}

bool pos_insufficient_material(const Position *pos)
{
    if (pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN])
        return false;
    const Bitboard knights = pos->by_type[KNIGHT], bishops = pos->by_type[BISHOP];
    if (!bishops) /* K v K, or one knight in all */
        return !bb_many(knights);
    /* Bishops only, all on one colour of squares: nothing can ever be mated. */
    return !knights && (!(bishops & DARK_SQUARES_BB) || !(bishops & ~DARK_SQUARES_BB));
}

/* A referee's view: mate, stalemate, the fifty-move rule, threefold repetition (the search judges
 * a cycle at its first recurrence after the root), dead material. */
GameResult game_judge(const Position *pos, char *why, size_t len)
{
    Move list[MAX_MOVES];
    const Color us = pos_side(pos);
    if (len)
        why[0] = 0;
    if (gen_legal(pos, list) == 0) {
        if (!pos_in_check(pos)) {
            snprintf(why, len, "stalemate");
            return GAME_DRAWN;
        }
        snprintf(why, len, "checkmate");
        return us == WHITE ? GAME_SECOND_WINS : GAME_FIRST_WINS;
    }
    if (pos_rule_counter(pos) >= RULE50_PLIES) {
        snprintf(why, len, "fifty-move rule");
        return GAME_DRAWN;
    }
    if (pos_repetitions(pos) >= 2) {
        snprintf(why, len, "threefold repetition");
        return GAME_DRAWN;
    }
    if (pos_insufficient_material(pos)) {
        snprintf(why, len, "insufficient material");
        return GAME_DRAWN;
    }
    return GAME_ONGOING;
}
