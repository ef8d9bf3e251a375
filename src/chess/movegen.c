/*
 * movegen.c - move generation (pseudo-legal by kind, and fully legal), the
 * pseudo-legality test for moves from outside, the legality test, check
 * detection (perft is the engine's: src/engine/perft.c).
 *
 * One generator serves both: `legal` restricts destinations to the check
 * mask (capture the checker or block; only the king moves in double check),
 * keeps pinned pieces on the line through their king, tries king steps with
 * the king lifted off the board, and tests en passant by trial (the one move
 * that clears two squares of a line). Castling is generated only when it is
 * fully legal, in both modes.
 *
 * Kinds: GEN_NOISY = the noisy moves (captures, en passant, every
 * promotion with capture, queen promotions without); GEN_QUIETS = the rest
 * (quiet moves, castling, under-promotions without capture).
 */
#include "board.h"

static inline Move *push_targets(Move *out, int from, Bitboard targets)
{
    while (targets)
        *out++ = move_make(from, bb_pop(&targets));
    return out;
}

/* Pushes and captures landing on the targets shifted back by `delta`. */
static inline Move *push_pawn_set(Move *out, Bitboard targets, int delta)
{
    while (targets) {
        const int to = bb_pop(&targets);
        *out++ = move_make(to - delta, to);
    }
    return out;
}

static inline Move *push_promotions(Move *out, Bitboard targets, int delta, GenKind kind, bool capture)
{
    while (targets) {
        const int to = bb_pop(&targets), from = to - delta;
        if (kind != GEN_QUIETS)
            *out++ = move_make_extra(from, to, QUEEN - KNIGHT);
        if (capture ? kind != GEN_QUIETS : kind != GEN_NOISY)
            for (int t = KNIGHT; t <= ROOK; t++)
                *out++ = move_make_extra(from, to, t - KNIGHT);
    }
    return out;
}

static inline Bitboard pawn_east(Bitboard b, Color c) { return shift_up(shift_east(b), c); }
static inline Bitboard pawn_west(Bitboard b, Color c) { return shift_up(shift_west(b), c); }

/* Moves of the given pawns (not en passant) whose destinations lie in `allowed`. */
static inline Move *gen_pawns(const Position *pos, Move *out, Bitboard pawns, Bitboard allowed, GenKind kind)
{
    const Color us = pos->side;
    const int up = pawn_push(us);
    const Bitboard empty = ~pos_pieces(pos), enemy = pos->by_color[!us] & allowed;
    const Bitboard rank7 = rank_bb(us == WHITE ? RANK_7 : RANK_2), rank3 = rank_bb(us == WHITE ? RANK_3 : RANK_6);
    const Bitboard promoting = pawns & rank7, others = pawns & ~rank7;

    if (kind != GEN_NOISY) {
        const Bitboard one = shift_up(others, us) & empty;
        const Bitboard two = shift_up(one & rank3, us) & empty & allowed;
        out = push_pawn_set(out, one & allowed, up);
        out = push_pawn_set(out, two, 2 * up);
    }
    if (promoting) {
        out = push_promotions(out, shift_up(promoting, us) & empty & allowed, up, kind, false);
        out = push_promotions(out, pawn_east(promoting, us) & enemy, up + 1, kind, true);
        out = push_promotions(out, pawn_west(promoting, us) & enemy, up - 1, kind, true);
    }
    if (kind != GEN_QUIETS) {
        out = push_pawn_set(out, pawn_east(others, us) & enemy, up + 1);
        out = push_pawn_set(out, pawn_west(others, us) & enemy, up - 1);
    }
    return out;
}

bool ep_legal(const Position *pos, int from, int ep)
{
    const Color us = pos->side;
    const int ksq = pos_king(pos, us), cap = ep - pawn_push(us);
    const Bitboard occ = (pos_pieces(pos) ^ bb_of(from) ^ bb_of(cap)) | bb_of(ep);
    const Bitboard them = pos->by_color[!us] & ~bb_of(cap);
    return !((rook_attacks(ksq, occ) & them & (pos->by_type[ROOK] | pos->by_type[QUEEN])) ||
             (bishop_attacks(ksq, occ) & them & (pos->by_type[BISHOP] | pos->by_type[QUEEN])) ||
             (KNIGHT_ATTACKS[ksq] & them & pos->by_type[KNIGHT]) ||
             (PAWN_ATTACKS[us][ksq] & them & pos->by_type[PAWN]));
}

bool castling_legal(const Position *pos, int right)
{
    const PosState *st = &pos->st[pos->ply];
    const Color us = pos->side;
    if (!(st->castling & (1 << right)) || right / 2 != us || st->checkers)
        return false;
    const bool kingside = !(right & 1);
    const int ksq = pos_king(pos, us), rsq = pos->castle_rook[right];
    const int kto = castle_king_to(us, kingside), rto = castle_rook_to(us, kingside);
    const Bitboard others = pos_pieces(pos) ^ bb_of(ksq) ^ bb_of(rsq);
    if ((BETWEEN[ksq][kto] | bb_of(kto) | BETWEEN[rsq][rto] | bb_of(rto)) & others)
        return false;
    /* Every square the king passes or lands on, seen without the castling rook (which may shield
     * the destination now but not after castling). */
    const Bitboard occ = pos_pieces(pos) ^ bb_of(rsq);
    for (Bitboard path = BETWEEN[ksq][kto] | bb_of(kto); path;)
        if (attacked_by(pos, bb_pop(&path), !us, occ))
            return false;
    return true;
}

static inline int generate(const Position *pos, Move *const start, GenKind kind, bool legal)
{
    Move *out = start;
    const Color us = pos->side, them = !us;
    const PosState *st = &pos->st[pos->ply];
    const Bitboard occ = pos_pieces(pos), own = pos->by_color[us];
    const int ksq = pos_king(pos, us);
    const Bitboard by_kind = kind == GEN_NOISY ? pos->by_color[them] : kind == GEN_QUIETS ? ~occ : ~own;

    if (!legal || !bb_many(st->checkers)) {
        Bitboard check_mask = ~0ULL, pinned = 0;
        if (legal && st->checkers)
            check_mask = st->checkers | BETWEEN[ksq][bb_lsb(st->checkers)];
        if (legal)
            pinned = pos_pinned(pos, us);
        const Bitboard targets = by_kind & check_mask;

        const Bitboard pawns = pos_of(pos, us, PAWN);
        out = gen_pawns(pos, out, pawns & ~pinned, check_mask, kind);
        for (Bitboard b = pawns & pinned; b && !st->checkers;) { /* a pinned piece cannot answer a check */
            const int sq = bb_pop(&b);
            out = gen_pawns(pos, out, bb_of(sq), LINE[ksq][sq], kind);
        }
        if (st->ep != SQ_NONE && kind != GEN_QUIETS)
            for (Bitboard b = PAWN_ATTACKS[them][st->ep] & pawns; b;) {
                const int from = bb_pop(&b);
                if (!legal || ep_legal(pos, from, st->ep))
                    *out++ = move_make(from, st->ep);
            }
        for (Bitboard b = pos_of(pos, us, KNIGHT) & ~pinned; b;) {
            const int sq = bb_pop(&b);
            out = push_targets(out, sq, KNIGHT_ATTACKS[sq] & targets);
        }
        for (Bitboard b = pos_bishops_queens(pos, us); b;) {
            const int sq = bb_pop(&b);
            const Bitboard line = (pinned & bb_of(sq)) ? LINE[ksq][sq] : ~0ULL;
            out = push_targets(out, sq, bishop_attacks(sq, occ) & targets & line);
        }
        for (Bitboard b = pos_rooks_queens(pos, us); b;) {
            const int sq = bb_pop(&b);
            const Bitboard line = (pinned & bb_of(sq)) ? LINE[ksq][sq] : ~0ULL;
            out = push_targets(out, sq, rook_attacks(sq, occ) & targets & line);
        }
    }
    Bitboard king_targets = KING_ATTACKS[ksq] & by_kind;
    if (legal) {
        const Bitboard lifted = occ ^ bb_of(ksq);
        while (king_targets) {
            const int to = bb_pop(&king_targets);
            if (!attacked_by(pos, to, them, lifted))
                *out++ = move_make(ksq, to);
        }
    } else {
        out = push_targets(out, ksq, king_targets);
    }
    if (kind != GEN_NOISY && (st->castling & (us == WHITE ? CASTLE_WK | CASTLE_WQ : CASTLE_BK | CASTLE_BQ)) &&
        !st->checkers)
        for (int right = 2 * us; right <= 2 * us + 1; right++)
            if (castling_legal(pos, right))
                *out++ = move_make_extra(ksq, pos->castle_rook[right], MOVE_CASTLE_EXTRA);
    return (int)(out - start);
}

int gen_moves(const Position *pos, Move *out, GenKind kind)
{
    switch (kind) { /* constant kinds let the compiler specialise the loops */
    case GEN_NOISY: return generate(pos, out, GEN_NOISY, false);
    case GEN_QUIETS: return generate(pos, out, GEN_QUIETS, false);
    default: return generate(pos, out, GEN_ALL, false);
    }
}

int gen_legal(const Position *pos, Move *out) { return generate(pos, out, GEN_ALL, true); }

bool pos_is_pseudo_legal(const Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m), extra = move_extra(m);
    if (m >= MOVE_INDEX_NB || from == to) /* also MOVE_NONE and MOVE_NULL */
        return false;
    const Color us = pos->side;
    const int pc = pos->board[from];
    if (!pc || piece_color(pc) != us)
        return false;
    const int type = piece_type(pc);
    if (type == KING && extra == MOVE_CASTLE_EXTRA) {
        for (int right = 2 * us; right <= 2 * us + 1; right++)
            if (pos->castle_rook[right] == to && castling_legal(pos, right))
                return true;
        return false;
    }
    if (pos->by_color[us] & bb_of(to))
        return false;
    if (type == PAWN) {
        const int up = pawn_push(us);
        if (extra && relative_rank(us, to) != RANK_8)
            return false;
        if (to == from + up)
            return !pos->board[to];
        if (to == from + 2 * up)
            return relative_rank(us, from) == RANK_2 && !pos->board[to] && !pos->board[from + up];
        if (PAWN_ATTACKS[us][from] & bb_of(to))
            return pos->board[to] || to == pos->st[pos->ply].ep;
        return false;
    }
    if (extra)
        return false;
    return (piece_attacks(type, us, from, pos_pieces(pos)) & bb_of(to)) != 0;
}

bool pos_is_legal(const Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const Color us = pos->side;
    const int ksq = pos_king(pos, us), type = piece_type(pos->board[from]);
    const PosState *st = &pos->st[pos->ply];
    if (type == KING)
        return move_extra(m) == MOVE_CASTLE_EXTRA || !attacked_by(pos, to, !us, pos_pieces(pos) ^ bb_of(from));
    if (type == PAWN && to == st->ep)
        return ep_legal(pos, from, to);
    if (st->checkers) {
        if (bb_many(st->checkers) || !((BETWEEN[ksq][bb_lsb(st->checkers)] | st->checkers) & bb_of(to)))
            return false;
    }
    if (!LINE[ksq][from] || (LINE[ksq][from] & bb_of(to)))
        return true; /* not on a line to the king, or staying on it */
    const Bitboard occ = (pos_pieces(pos) ^ bb_of(from)) | bb_of(to);
    const Bitboard them = pos->by_color[!us] & ~bb_of(to);
    return !((rook_attacks(ksq, occ) & them & (pos->by_type[ROOK] | pos->by_type[QUEEN])) ||
             (bishop_attacks(ksq, occ) & them & (pos->by_type[BISHOP] | pos->by_type[QUEEN])));
}

bool pos_gives_check(Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const Color us = pos->side;
    const int eksq = pos_king(pos, !us), type = piece_type(pos->board[from]);
    if (type == KING && move_extra(m) == MOVE_CASTLE_EXTRA) {
        const bool kingside = to > from;
        const int kto = castle_king_to(us, kingside), rto = castle_rook_to(us, kingside);
        const Bitboard occ = (pos_pieces(pos) ^ bb_of(from) ^ bb_of(to)) | bb_of(kto) | bb_of(rto);
        return (rook_attacks(rto, occ) & bb_of(eksq)) != 0;
    }
    Bitboard occ = (pos_pieces(pos) ^ bb_of(from)) | bb_of(to);
    if (type == PAWN && to == pos->st[pos->ply].ep)
        occ ^= bb_of(to - pawn_push(us));
    const int moved = type == PAWN && relative_rank(us, to) == RANK_8 ? promo_type(m) : type;
    if (piece_attacks(moved, us, to, occ) & bb_of(eksq))
        return true;
    /* A discovered check from a slider behind the moved (or captured en-passant) piece. */
    const Bitboard rooks = pos_rooks_queens(pos, us) & ~bb_of(from);
    const Bitboard bishops = pos_bishops_queens(pos, us) & ~bb_of(from);
    return ((rook_attacks(eksq, occ) & rooks) | (bishop_attacks(eksq, occ) & bishops)) != 0;
}
