/*
 * movegen.c - pseudo-legal generation (captures / quiets / all), the legality
 * filter and the pseudo-legality test for moves from outside.
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
        if (t ? (kind != GEN_QUIETS && piece_color(t) != us) : kind != GEN_NOISY)
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
        if (t ? (kind != GEN_QUIETS && piece_color(t) != us) : kind != GEN_NOISY)
            out[n++] = move_make(from, pairs[0]);
    }
    return n;
}

static inline int push_lines(const uint8_t *board, int from, bool cannon, Color us, Move *out, int n, GenKind kind)
{
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[from][d];
        for (; *r != SQ_END && !board[*r]; r++)
            if (kind != GEN_NOISY)
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
    const uint8_t *sq = pos->sq_of + us * 16; /* slots in a fixed order, see game.h */
    int n = push_steps(b, KING_MOVES[sq[0]], sq[0], us, out, 0, kind);
    for (int i = 7; i <= 8; i++)
        if (sq[i] != SLOT_NONE)
            n = push_lines(b, sq[i], false, us, out, n, kind);
    for (int i = 9; i <= 10; i++)
        if (sq[i] != SLOT_NONE)
            n = push_lines(b, sq[i], true, us, out, n, kind);
    for (int i = 5; i <= 6; i++)
        if (sq[i] != SLOT_NONE)
            n = push_blocked(b, HORSE_MOVES[sq[i]], sq[i], us, out, n, kind);
    for (int i = 11; i <= 15; i++)
        if (sq[i] != SLOT_NONE)
            n = push_steps(b, PAWN_MOVES[us][sq[i]], sq[i], us, out, n, kind);
    for (int i = 3; i <= 4; i++)
        if (sq[i] != SLOT_NONE)
            n = push_blocked(b, ELEPHANT_MOVES[sq[i]], sq[i], us, out, n, kind);
    for (int i = 1; i <= 2; i++)
        if (sq[i] != SLOT_NONE)
            n = push_steps(b, ADVISOR_MOVES[sq[i]], sq[i], us, out, n, kind);
    return n;
}

int gen_moves(const Position *pos, Move *out, GenKind kind)
{
    switch (kind) { /* constant kinds let the compiler specialise the loops */
    case GEN_NOISY: return generate(pos, out, GEN_NOISY);
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

/* A set of squares: two 64-bit words. */
typedef struct {
    uint64_t w[2];
} SquareSet;

static inline void set_add(SquareSet *s, int sq) { s->w[sq >> 6] |= 1ULL << (sq & 63); }
static inline bool set_has(const SquareSet *s, int sq) { return (s->w[sq >> 6] >> (sq & 63)) & 1; }

/*
 * The exact version of the filter, computed once per node for gen_legal:
 * `from` collects our pieces whose leaving could expose the king (the one
 * piece in front of an enemy rook or king on a line, either of two screens
 * in front of an enemy cannon, a piece on the leg of an enemy horse that
 * aims at the king); `to` collects the empty squares between the king and
 * an enemy cannon with no screen, where any piece would become the screen.
 */
static void danger_squares(const Position *pos, SquareSet *from, SquareSet *to)
{
    const uint8_t *b = pos->board;
    const Color us = pos->side, them = !us;
    const int ksq = pos->king[us];
    const int rook = piece_make(them, ROOK), cannon = piece_make(them, CANNON), king = piece_make(them, KING);
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[ksq][d];
        int p[3], np = 0;
        for (const uint8_t *q = r; *q != SQ_END && np < 3; q++)
            if (b[*q])
                p[np++] = *q;
        if (np == 0)
            continue;
        if (b[p[0]] == cannon)
            for (const uint8_t *q = r; *q != p[0]; q++)
                set_add(to, *q);
        if (np >= 2 && (b[p[1]] == rook || (d <= DIR_S && b[p[1]] == king)) && piece_color(b[p[0]]) == us)
            set_add(from, p[0]);
        if (np >= 3 && b[p[2]] == cannon)
            for (int i = 0; i < 2; i++)
                if (piece_color(b[p[i]]) == us)
                    set_add(from, p[i]);
    }
    const int horse = piece_make(them, HORSE);
    for (const uint8_t *h = HORSE_ATTACKERS[ksq]; *h != SQ_END; h += 2)
        if (b[h[0]] == horse && b[h[1]] && piece_color(b[h[1]]) == us)
            set_add(from, h[1]);
    set_add(from, ksq);
}

int gen_legal(const Position *pos, Move *out)
{
    int n = generate(pos, out, GEN_ALL), k = 0;
    if (pos_in_check(pos)) {
        for (int i = 0; i < n; i++)
            if (legal_by_trial(pos, out[i]))
                out[k++] = out[i];
        return k;
    }
    SquareSet from = {{0, 0}}, to = {{0, 0}};
    danger_squares(pos, &from, &to);
    for (int i = 0; i < n; i++) {
        Move m = out[i];
        if ((!set_has(&from, move_from(m)) && !set_has(&to, move_to(m))) || legal_by_trial(pos, m))
            out[k++] = m;
    }
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
