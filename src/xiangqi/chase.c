/*
 * chase.c - what a repeating cycle's moves were under the Asian (AXF) rules:
 * checks, chases or neither, and which side's perpetual breaks the rule.
 *
 * Design. Nothing here runs on the hot path: rules.c calls cycle_judge()
 * only once it has found a repetition. The judgement walks the cycle
 * backwards on a light copy of the board (squares and piece slots; a cycle
 * lies inside the no-capture window, so undoing a move only moves a piece
 * back). For every move of side S it takes the set of enemy pieces S holds
 * under chase after the move and removes those it held before: the pieces
 * that move newly chased. A side chases perpetually when one enemy piece is
 * in that set after every one of its moves. Pieces are named by their slot
 * (game.h), which a piece keeps for life, so a victim stays the same piece
 * however it flees.
 *
 * S chases enemy piece P in a position when some piece A of S (an advisor,
 * elephant, horse, rook or cannon: kings and pawns may chase) can capture P
 * legally (a piece pinned to its king can take only its pinner), A is not
 * standing still as the leg of an enemy horse that checks without it (AXF
 * D39-41; D50), P is not the king nor a pawn on its own half (AXF D60),
 * and either
 *   - A is a horse or cannon and P a rook (AXF rule 15), or
 *   - P has no real protector once the capture is made: no piece of P's side
 *     can then recapture legally (AXF terms: protection is judged after the
 *     capture, so a pinned protector or a cannon that loses its screen does
 *     not protect), and, when A and P are of one type, P could not capture A
 *     back (AXF rule 24: otherwise it is an offer of exchange).
 * A move that gives check is judged for chases too (Fairy-Stockfish's reading,
 * which the shared test cycles follow); a side whose every move checks is
 * judged a perpetual checker first.
 */
#include <string.h>

#include "board.h"
#include "rules.h"

/* Advisors and elephants chase rooks, horses and cannons whatever protects them
 * (Pikafish's "computer rule"; the AXF text is unclear). Off: they chase like any piece. */
enum { CHASE_MINOR_ON_MAJOR = 0 };

typedef struct {
    uint8_t board[SQUARE_NB];
    uint8_t slot_at[SQUARE_NB];
    uint8_t sq_of[SLOT_NB];
} ChaseBoard;

static bool crossed_pawn(int pc, int sq)
{
    return piece_type(pc) == PAWN && (piece_color(pc) == RED ? sq_rank(sq) >= 5 : sq_rank(sq) <= 4);
}

/* Squares holding an enemy piece that the piece on `sq` can capture (pseudo-legal); returns the count. */
static int capture_targets(const ChaseBoard *b, int sq, uint8_t *out)
{
    const int pc = b->board[sq];
    const Color c = piece_color(pc);
    int n = 0;
#define TAKE(t)                                                                                              \
    do {                                                                                                     \
        if (b->board[t] && piece_color(b->board[t]) != c)                                                    \
            out[n++] = (uint8_t)(t);                                                                         \
    } while (0)
    switch (piece_type(pc)) {
    case KING:
        for (const uint8_t *p = KING_MOVES[sq]; *p != SQ_END; p++)
            TAKE(*p);
        break;
    case ADVISOR:
        for (const uint8_t *p = ADVISOR_MOVES[sq]; *p != SQ_END; p++)
            TAKE(*p);
        break;
    case ELEPHANT:
        for (const uint8_t *p = ELEPHANT_MOVES[sq]; *p != SQ_END; p += 2)
            if (!b->board[p[1]])
                TAKE(p[0]);
        break;
    case HORSE:
        for (const uint8_t *p = HORSE_MOVES[sq]; *p != SQ_END; p += 2)
            if (!b->board[p[1]])
                TAKE(p[0]);
        break;
    case PAWN:
        for (const uint8_t *p = PAWN_MOVES[c][sq]; *p != SQ_END; p++)
            TAKE(*p);
        break;
    case ROOK:
    case CANNON:
        for (int d = 0; d < DIR_NB; d++) {
            const uint8_t *r = RAY[sq][d];
            while (*r != SQ_END && !b->board[*r])
                r++;
            if (*r != SQ_END && piece_type(pc) == CANNON)
                for (r++; *r != SQ_END && !b->board[*r]; r++)
                    ;
            if (*r != SQ_END)
                TAKE(*r);
        }
        break;
    default:
        break;
    }
#undef TAKE
    return n;
}

static int king_square(const ChaseBoard *b, Color c) { return b->sq_of[c * 16]; }

/* Would the capture from -> to leave the capturer's king attacked (the facing kings included)? */
static bool capture_legal(ChaseBoard *b, int from, int to)
{
    const uint8_t mover = b->board[from], victim = b->board[to];
    const Color c = piece_color(mover);
    const int ksq = piece_type(mover) == KING ? to : king_square(b, c);
    b->board[to] = mover, b->board[from] = 0;
    const bool ok = !board_attacked(b->board, ksq, !c);
    b->board[from] = mover, b->board[to] = victim;
    return ok;
}

/* Is the piece on sq the leg of an enemy horse that would check its king without it? Such a piece
 * does not chase while it stands there (AXF D39-41: a rook pinned by a horse does not attack even
 * that horse), unless it has just moved there: a rook that blocks a horse's check and attacks the
 * horse chases it (D50). Other pins leave a piece its legal captures: a rook that screens a cannon's
 * check chases that cannon (D37). */
static bool horse_pinned(const ChaseBoard *b, int sq)
{
    const Color c = piece_color(b->board[sq]);
    const int horse = piece_make(!c, HORSE);
    for (const uint8_t *p = HORSE_ATTACKERS[king_square(b, c)]; *p != SQ_END; p += 2)
        if (p[1] == sq && b->board[p[0]] == horse)
            return true;
    return false;
}

/* Can the piece on `from` capture on `to` legally? */
static bool can_capture(ChaseBoard *b, int from, int to)
{
    uint8_t targets[16];
    const int n = capture_targets(b, from, targets);
    for (int i = 0; i < n; i++)
        if (targets[i] == to)
            return capture_legal(b, from, to);
    return false;
}

/* Does some piece of colour `by` capture on sq legally? */
static bool recapture_exists(ChaseBoard *b, int sq, Color by)
{
    for (int s = by * 16; s < by * 16 + 16; s++) {
        const int from = b->sq_of[s];
        if (from != SLOT_NONE && from != sq && can_capture(b, from, sq))
            return true;
    }
    return false;
}

/* Is the piece on `to` protected against the capture from `from`, judged once it is made? */
static bool protected_after_capture(ChaseBoard *b, int from, int to)
{
    const uint8_t mover = b->board[from], victim = b->board[to];
    const uint8_t mslot = b->slot_at[from], vslot = b->slot_at[to];
    b->board[to] = mover, b->board[from] = 0;
    b->slot_at[to] = mslot, b->slot_at[from] = SLOT_NONE;
    b->sq_of[mslot] = (uint8_t)to, b->sq_of[vslot] = SLOT_NONE;
    const bool prot = recapture_exists(b, to, piece_color(victim));
    b->board[from] = mover, b->board[to] = victim;
    b->slot_at[from] = mslot, b->slot_at[to] = vslot;
    b->sq_of[mslot] = (uint8_t)from, b->sq_of[vslot] = (uint8_t)to;
    return prot;
}

/* The enemy pieces (slot & 15 bits) that colour c holds under chase here; `moved` is the slot of the
 * piece whose move is judged. */
static uint16_t chase_set(ChaseBoard *b, Color c, int moved)
{
    uint16_t set = 0;
    uint8_t targets[16];
    for (int s = c * 16 + 1; s <= c * 16 + 10; s++) { /* advisors .. cannons: kings and pawns may chase */
        const int from = b->sq_of[s];
        if (from == SLOT_NONE || (s != moved && horse_pinned(b, from)))
            continue;
        const int at = piece_type(b->board[from]);
        const int n = capture_targets(b, from, targets);
        for (int i = 0; i < n; i++) {
            const int to = targets[i], victim = b->board[to], vt = piece_type(victim);
            const uint16_t bit = (uint16_t)(1u << (b->slot_at[to] & 15));
            if (vt == KING || (vt == PAWN && !crossed_pawn(victim, to)) || (set & bit) || !capture_legal(b, from, to))
                continue;
            if ((at == HORSE || at == CANNON) && vt == ROOK)
                set |= bit;
            else if (CHASE_MINOR_ON_MAJOR && (at == ADVISOR || at == ELEPHANT) && vt != PAWN)
                set |= bit;
            else if (!protected_after_capture(b, from, to) && !(at == vt && can_capture(b, to, from)))
                set |= bit;
        }
    }
    return set;
}

static void undo_move(ChaseBoard *b, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const uint8_t slot = b->slot_at[to];
    b->board[from] = b->board[to], b->board[to] = 0;
    b->slot_at[from] = slot, b->slot_at[to] = SLOT_NONE;
    b->sq_of[slot] = (uint8_t)from;
}

CycleJudgement cycle_judge(const Position *pos, int plies, bool chases)
{
    CycleJudgement j = {.level = {REP_LEVEL_NONE, REP_LEVEL_NONE}, .victim = {SLOT_NONE, SLOT_NONE}};
    const PosState *st = pos->st;
    const int cur = pos->ply;
    bool all_check[2] = {true, true};
    for (int k = cur; k > cur - plies; k--) {
        const Color mover = (Color)(pos->side ^ ((cur - k + 1) & 1)); /* made the move that led to ply k */
        all_check[mover] = all_check[mover] && st[k].checked;
    }
    for (Color c = 0; c < 2; c++)
        if (all_check[c])
            j.level[c] = REP_LEVEL_CHECK;
    /* A perpetual check outranks any chase: the chases matter only where no side checked throughout. */
    if (!chases || all_check[RED] || all_check[BLACK])
        return j;
    ChaseBoard b;
    memcpy(b.board, pos->board, sizeof b.board);
    memcpy(b.slot_at, pos->slot_at, sizeof b.slot_at);
    memcpy(b.sq_of, pos->sq_of, sizeof b.sq_of);
    uint16_t mask[2] = {0xffff, 0xffff};
    for (int k = cur; k > cur - plies && (mask[RED] | mask[BLACK]); k--) {
        const Color mover = (Color)(pos->side ^ ((cur - k + 1) & 1));
        if (!mask[mover]) {
            undo_move(&b, st[k].move);
            continue;
        }
        const int moved = b.slot_at[move_to(st[k].move)];
        const uint16_t after = chase_set(&b, mover, moved);
        undo_move(&b, st[k].move);
        mask[mover] &= (uint16_t)(after & ~chase_set(&b, mover, moved));
    }
    for (Color c = 0; c < 2; c++)
        if (mask[c]) {
            j.level[c] = REP_LEVEL_CHASE;
            int bit = 0;
            while (!(mask[c] >> bit & 1))
                bit++;
            j.victim[c] = (uint8_t)((!c) * 16 + bit);
        }
    return j;
}
