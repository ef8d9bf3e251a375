/*
 * movegen.c - pseudo-legal generation (captures / quiets / all), the legality
 * filter, the pseudo-legality test for moves from outside, and perft.
 *
 * Legality: a move is illegal only if it leaves the mover's king attacked
 * (which includes facing kings). Most moves cannot change any line to the
 * king: if the mover is not the king, the side is not in check, and neither
 * the from-square nor the to-square lies on the king's file or rank, and the
 * from-square is not a diagonal neighbour of the king (a horse leg), then
 * nothing that attacks the king can appear. Only the other moves are tried
 * on the board.
 */
#include "board.h"

static inline int push_steps(const uint8_t *board, const uint8_t *list, int from, Color us, Move *out, int n,
                             GenKind kind)
{
    for (; *list != SQ_END; list++) {
        int t = board[*list];
        if (t ? (kind != GEN_QUIETS && piece_color(t) != us) : kind != GEN_CAPTURES)
            out[n++] = move_make(from, *list);
    }
    return n;
}

static inline int push_blocked(const uint8_t *board, const uint8_t *pairs, int from, Color us, Move *out, int n,
                               GenKind kind)
{
    for (; *pairs != SQ_END; pairs += 2) {
        if (board[pairs[1]])
            continue;
        int t = board[pairs[0]];
        if (t ? (kind != GEN_QUIETS && piece_color(t) != us) : kind != GEN_CAPTURES)
            out[n++] = move_make(from, pairs[0]);
    }
    return n;
}

static inline int push_lines(const uint8_t *board, int from, bool cannon, Color us, Move *out, int n, GenKind kind)
{
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[from][d];
        for (; *r != SQ_END && !board[*r]; r++)
            if (kind != GEN_CAPTURES)
                out[n++] = move_make(from, *r);
        if (*r == SQ_END || kind == GEN_QUIETS)
            continue;
        if (cannon) /* jump the screen, capture the next piece */
            for (r++; *r != SQ_END && !board[*r]; r++)
                ;
        if (*r != SQ_END && piece_color(board[*r]) != us)
            out[n++] = move_make(from, *r);
    }
    return n;
}

static int generate(const Position *pos, Move *out, GenKind kind)
{
    const uint8_t *b = pos->board;
    const Color us = pos->side;
    int n = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int pc = b[sq];
        if (!pc || piece_color(pc) != us)
            continue;
        switch (piece_type(pc)) {
        case KING: n = push_steps(b, KING_MOVES[sq], sq, us, out, n, kind); break;
        case ADVISOR: n = push_steps(b, ADVISOR_MOVES[sq], sq, us, out, n, kind); break;
        case ELEPHANT: n = push_blocked(b, ELEPHANT_MOVES[sq], sq, us, out, n, kind); break;
        case HORSE: n = push_blocked(b, HORSE_MOVES[sq], sq, us, out, n, kind); break;
        case ROOK: n = push_lines(b, sq, false, us, out, n, kind); break;
        case CANNON: n = push_lines(b, sq, true, us, out, n, kind); break;
        case PAWN: n = push_steps(b, PAWN_MOVES[us][sq], sq, us, out, n, kind); break;
        default: break;
        }
    }
    return n;
}

int gen_moves(const Position *pos, Move *out, GenKind kind)
{
    switch (kind) { /* constant kinds let the compiler specialise the loops */
    case GEN_CAPTURES: return generate(pos, out, GEN_CAPTURES);
    case GEN_QUIETS: return generate(pos, out, GEN_QUIETS);
    default: return generate(pos, out, GEN_ALL);
    }
}

/* Try the move on the board and test the king. */
static bool legal_by_trial(const Position *pos, Move m)
{
    uint8_t *b = (uint8_t *)pos->board; /* restored before return */
    const int from = move_from(m), to = move_to(m), pc = b[from], cap = b[to];
    const Color us = pos->side;
    int ksq = piece_type(pc) == KING ? to : pos->king[us];
    b[to] = (uint8_t)pc;
    b[from] = 0;
    bool ok = !board_attacked(b, ksq, !us);
    b[from] = (uint8_t)pc;
    b[to] = (uint8_t)cap;
    return ok;
}

static inline bool near_king_lines(int sq, int ksq)
{
    int df = sq_file(sq) - sq_file(ksq), dr = sq_rank(sq) - sq_rank(ksq);
    return df == 0 || dr == 0 || (df * df == 1 && dr * dr == 1);
}

bool pos_is_legal(const Position *pos, Move m)
{
    const int from = move_from(m), ksq = pos->king[pos->side];
    if (!pos_in_check(pos) && from != ksq && !near_king_lines(from, ksq) && sq_file(move_to(m)) != sq_file(ksq) &&
        sq_rank(move_to(m)) != sq_rank(ksq))
        return true;
    return legal_by_trial(pos, m);
}

int gen_legal(const Position *pos, Move *out)
{
    Move tmp[MAX_MOVES];
    int n = generate(pos, tmp, GEN_ALL), k = 0;
    for (int i = 0; i < n; i++)
        if (pos_is_legal(pos, tmp[i]))
            out[k++] = tmp[i];
    return k;
}

static bool in_list(const uint8_t *list, int sq)
{
    for (; *list != SQ_END; list++)
        if (*list == sq)
            return true;
    return false;
}

static bool in_pairs(const uint8_t *board, const uint8_t *pairs, int sq)
{
    for (; *pairs != SQ_END; pairs += 2)
        if (pairs[0] == sq)
            return !board[pairs[1]];
    return false;
}

/* Pieces strictly between from and to on a common line, or -1 if none. */
static int pieces_between(const uint8_t *board, int from, int to)
{
    int d;
    if (sq_file(from) == sq_file(to))
        d = to > from ? DIR_N : DIR_S;
    else if (sq_rank(from) == sq_rank(to))
        d = to > from ? DIR_E : DIR_W;
    else
        return -1;
    int n = 0;
    for (const uint8_t *r = RAY[from][d]; *r != to; r++)
        n += board[*r] != 0;
    return n;
}

bool pos_is_pseudo_legal(const Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m);
    if (m == MOVE_NONE || m == MOVE_NULL || from >= SQUARE_NB || to >= SQUARE_NB || from == to)
        return false;
    const uint8_t *b = pos->board;
    const int pc = b[from], cap = b[to];
    const Color us = pos->side;
    if (!pc || piece_color(pc) != us || (cap && piece_color(cap) == us))
        return false;
    switch (piece_type(pc)) {
    case KING: return in_list(KING_MOVES[from], to);
    case ADVISOR: return in_list(ADVISOR_MOVES[from], to);
    case ELEPHANT: return in_pairs(b, ELEPHANT_MOVES[from], to);
    case HORSE: return in_pairs(b, HORSE_MOVES[from], to);
    case ROOK: return pieces_between(b, from, to) == 0;
    case CANNON: return pieces_between(b, from, to) == (cap ? 1 : 0);
    case PAWN: return in_list(PAWN_MOVES[us][from], to);
    default: return false;
    }
}

bool pos_gives_check(Position *pos, Move m)
{
    uint8_t *b = pos->board;
    const int from = move_from(m), to = move_to(m), pc = b[from], cap = b[to];
    const Color us = pos->side;
    b[to] = (uint8_t)pc;
    b[from] = 0;
    bool check = board_attacked(b, pos->king[!us], us);
    b[from] = (uint8_t)pc;
    b[to] = (uint8_t)cap;
    return check;
}

uint64_t pos_perft(Position *pos, int depth)
{
    Move list[MAX_MOVES];
    if (depth <= 0)
        return 1;
    int n = gen_legal(pos, list);
    if (depth == 1) /* bulk count at the last ply */
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make(pos, list[i]);
        total += pos_perft(pos, depth - 1);
        pos_unmake(pos);
    }
    return total;
}
