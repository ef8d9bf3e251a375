/*
 * see.c - static exchange evaluation and capture ordering.
 *
 * SEE plays out the captures on one square with bitboards: each side
 * recaptures with its least valuable attacker, and sliders behind a piece
 * that has just captured (x-rays) join in as the occupancy changes. The
 * swap list is then folded back, each side free to stop capturing. En
 * passant removes the taken pawn from its own square; a promotion counts the
 * new piece's worth. Pins are ignored, and the king captures only when
 * nothing defends the square any more.
 */
#include "board.h"
#include "pos_common.h"

/* Exchange values (centipawns), also the evaluation's scale. */
static const int SEE_VALUE[PIECE_TYPE_NB] = {0, 100, 320, 330, 500, 950, 20000};

static int promotion_gain(const Position *pos, Move m)
{
    const int pc = pos->board[move_from(m)];
    if (piece_type(pc) != PAWN || relative_rank(piece_color(pc), move_to(m)) != RANK_8)
        return 0;
    return SEE_VALUE[promo_type(m)] - SEE_VALUE[PAWN];
}

static bool is_castle(const Position *pos, Move m)
{
    return piece_type(pos->board[move_from(m)]) == KING && move_extra(m) == MOVE_CASTLE_EXTRA;
}

/* Value taken by m on its destination (en passant takes a pawn). */
static int victim_value(const Position *pos, Move m)
{
    if (is_castle(pos, m))
        return 0;
    const int victim = pos->board[move_to(m)];
    if (victim)
        return SEE_VALUE[piece_type(victim)];
    return pos_is_capture(pos, m) ? SEE_VALUE[PAWN] : 0;
}

int pos_mvv_lva(const Position *pos, Move m)
{
    const int attacker = piece_type(pos->board[move_from(m)]);
    return (victim_value(pos, m) + promotion_gain(pos, m)) * 8 - SEE_VALUE[attacker] / 64 + (attacker == KING ? 0 : 1);
}

int pos_see(const Position *pos, Move m)
{
    if (is_castle(pos, m))
        return 0;
    const int from = move_from(m), to = move_to(m);
    Bitboard occ = pos_pieces(pos) ^ bb_of(from);
    if (!pos->board[to] && pos_is_capture(pos, m)) /* en passant */
        occ ^= bb_of(to - pawn_push(pos->side));
    int gain[40], d = 0;
    gain[0] = victim_value(pos, m) + promotion_gain(pos, m);
    int on_square = promotion_gain(pos, m) ? SEE_VALUE[promo_type(m)] : SEE_VALUE[piece_type(pos->board[from])];
    Bitboard attackers = attackers_all(pos, to, occ) & occ;
    const Bitboard diagonal = pos->by_type[BISHOP] | pos->by_type[QUEEN];
    const Bitboard straight = pos->by_type[ROOK] | pos->by_type[QUEEN];
    Color c = !pos->side;
    while (d < 38) {
        const Bitboard mine = attackers & pos->by_color[c];
        if (!mine)
            break;
        int type = PAWN;
        while (!(mine & pos->by_type[type]))
            type++;
        if (type == KING && (attackers & pos->by_color[!c]))
            break; /* the king may not step into a defended square */
        d++;
        gain[d] = on_square - gain[d - 1];
        on_square = SEE_VALUE[type];
        occ ^= bb_of(bb_lsb(mine & pos->by_type[type]));
        if (type == PAWN || type == BISHOP || type == QUEEN)
            attackers |= bishop_attacks(to, occ) & diagonal;
        if (type == ROOK || type == QUEEN)
            attackers |= rook_attacks(to, occ) & straight;
        attackers &= occ;
        c = !c;
    }
    return see_resolve(gain, d);
}

bool pos_see_ge(const Position *pos, Move m, int threshold)
{
    /* Bounds first: the capturer can always stop after the first recapture (SEE >= gain - attacker),
     * and never gains more than the victim (plus a promotion). */
    const int gain = victim_value(pos, m) + promotion_gain(pos, m);
    const int attacker =
        promotion_gain(pos, m) ? SEE_VALUE[promo_type(m)] : SEE_VALUE[piece_type(pos->board[move_from(m)])];
    if (gain - attacker >= threshold)
        return true;
    if (gain < threshold)
        return false;
    return pos_see(pos, m) >= threshold;
}
