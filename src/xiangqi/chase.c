/*
 * chase.c - what a repeating cycle's moves were under the Asian (AXF) rules:
 * checks, chases or neither, and which side's perpetual breaks the rule.
 *
 * Design. Nothing here runs on the hot path: rules.c calls cycle_judge()
 * only once it has found a repetition. The judgement walks the cycle
 * backwards on a light copy of the board (squares and piece slots; a cycle
 * lies inside the no-capture window, so undoing a move only moves a piece
 * back). For every move of side S it takes the enemy pieces S holds under
 * chase after the move, with the pieces of S that chase each, and keeps those
 * chased by a piece that did not chase them before the move: the pieces that
 * move newly chased (per chaser, so an attack handed from one piece to
 * another renews the chase: WXF, AXF rule 33). A move that ends an enemy
 * cannon's attack on another piece of S by changing the cannon's screens is a
 * defence: it newly chases only by new attacks, not by the protections it
 * happens to remove (AXF rule 26, D61). A side chases perpetually when one
 * enemy piece is in that set after every one of its moves. Pieces are named by their slot
 * (game.h), which a piece keeps for life, so a victim stays the same piece
 * however it flees.
 *
 * S chases enemy piece P in a position when some piece A of S (an advisor,
 * elephant, horse, rook or cannon: kings and pawns may chase) can capture P
 * legally (a piece pinned to its king can take only its pinner), A is not
 * standing still, itself under chase, as the leg of an enemy horse that
 * checks without it (AXF D39-41; D50 and the Appendix's perpetual chase
 * otherwise), P is not the king nor a pawn on its own half (AXF D60),
 * and either
 *   - A is a horse or cannon and P a rook (AXF rule 15), or
 *   - P has no real protector once the capture is made: no piece of P's side
 *     can then recapture legally (AXF terms: protection is judged after the
 *     capture, so a pinned protector or a cannon that loses its screen does
 *     not protect), and, when A and P are of one type, P could not capture A
 *     back (AXF rule 24: otherwise it is an offer of exchange).
 * A move that gives check is judged for chases too (Fairy-Stockfish's reading,
 * which the shared test cycles follow), with protection judged as if the
 * check had been answered (the checkers' attacks on the king left out: the
 * AXF perpetual kill of rules 9-10); a side whose every move checks is judged
 * a perpetual checker first.
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
    uint32_t checkers; /* slots giving check that a capture's legality ignores (chase_map, after a check) */
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
#define TAKE(t)                                                                                                        \
    do {                                                                                                               \
        if (b->board[t] && piece_color(b->board[t]) != c)                                                              \
            out[n++] = (uint8_t)(t);                                                                                   \
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
    default: break;
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
    bool ok;
    if (b->checkers & (0xffffu << (!c * 16))) {
        /* The side is in check: judge the capture as if the check had been answered, by the
         * attacks of the other pieces alone. */
        uint8_t board[SQUARE_NB];
        memcpy(board, b->board, sizeof board);
        for (int s = !c * 16; s < !c * 16 + 16; s++)
            if (b->checkers >> s & 1 && b->sq_of[s] != SLOT_NONE && b->sq_of[s] != to)
                board[b->sq_of[s]] = 0;
        ok = !board_attacked(board, ksq, !c);
    } else {
        ok = !board_attacked(b->board, ksq, !c);
    }
    b->board[from] = mover, b->board[to] = victim;
    return ok;
}

/* Is the piece on sq the leg of an enemy horse that would check its king without it? Such a piece
 * does not chase while it stands there and the enemy holds it under chase (AXF D39-41: the chased
 * rook pinned by a horse does not count against its side). It chases when it is not chased (the AXF
 * Appendix: a pinned rook perpetually chases its pinner as pawn moves make the horse's protector
 * fake) or has just moved there (D50: a rook that blocks a horse's check and attacks the horse).
 * Other pins leave a piece its legal captures: a rook that screens a cannon's check chases that
 * cannon (D37). */
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

/* The enemy pieces that colour c holds under chase here, and by which of its pieces (slot & 15 bits);
 * `moved` is the slot of the piece whose move is judged. */
typedef struct {
    uint16_t set;     /* enemy pieces under chase */
    uint16_t by[16];  /* for each of them, the pieces of c that chase it */
    uint16_t att[16]; /* for each enemy piece, the pieces of c that can capture it legally, chase or not */
} ChaseMap;

/* Is the legal capture from -> to worth a chase: a horse or cannon on a rook (AXF rule 15), or a target
 * with no real protector that could not capture back a piece of its own type (rule 24)? */
static bool chase_worth(ChaseBoard *b, int from, int to)
{
    const int at = piece_type(b->board[from]), vt = piece_type(b->board[to]);
    return ((at == HORSE || at == CANNON) && vt == ROOK) ||
        (CHASE_MINOR_ON_MAJOR && (at == ADVISOR || at == ELEPHANT) && vt != PAWN) ||
        (!protected_after_capture(b, from, to) && !(at == vt && can_capture(b, to, from)));
}

/* Does the enemy hold the piece on sq under chase (kings and pawns do not chase)? */
static bool piece_chased(ChaseBoard *b, int sq)
{
    const Color them = (Color)!piece_color(b->board[sq]);
    for (int s = them * 16 + 1; s <= them * 16 + 10; s++) {
        const int from = b->sq_of[s];
        if (from != SLOT_NONE && can_capture(b, from, sq) && chase_worth(b, from, sq))
            return true;
    }
    return false;
}

static void chase_map(ChaseBoard *b, Color c, int moved, ChaseMap *map)
{
    uint8_t targets[16];
    memset(map, 0, sizeof *map);
    /* After a check, a chase is judged as if the check had been answered: the enemy's recaptures and
     * escapes are not illegal merely because its king stands in check now. */
    b->checkers = 0;
    const int ksq = king_square(b, !c);
    if (board_attacked(b->board, ksq, c))
        for (int s = c * 16; s < c * 16 + 16; s++) {
            const int from = b->sq_of[s];
            if (from == SLOT_NONE)
                continue;
            const int n = capture_targets(b, from, targets);
            for (int i = 0; i < n; i++)
                if (targets[i] == ksq)
                    b->checkers |= 1u << s;
        }
    for (int s = c * 16 + 1; s <= c * 16 + 10; s++) { /* advisors .. cannons: kings and pawns may chase */
        const int from = b->sq_of[s];
        if (from == SLOT_NONE)
            continue;
        const bool pinned_and_chased = s != moved && horse_pinned(b, from) && piece_chased(b, from);
        const int n = capture_targets(b, from, targets);
        for (int i = 0; i < n; i++) {
            const int to = targets[i], victim = b->board[to], vt = piece_type(victim);
            const int v = b->slot_at[to] & 15;
            if (vt == KING || (vt == PAWN && !crossed_pawn(victim, to)) || !capture_legal(b, from, to))
                continue;
            map->att[v] |= (uint16_t)(1u << (s & 15));
            if (!pinned_and_chased && chase_worth(b, from, to)) {
                map->set |= (uint16_t)(1u << v);
                map->by[v] |= (uint16_t)(1u << (s & 15));
            }
        }
    }
    b->checkers = 0;
}

/* The enemy pieces the move newly chased: chased after it by a piece that did not chase them before
 * it (a hand-over from one chaser to another renews the chase: WXF, "continues to attack the piece
 * move after move"; AXF rule 33). */
static uint16_t newly_chased(const ChaseMap *after, const ChaseMap *before, bool screen_defence)
{
    uint16_t set = 0;
    for (int v = 0; v < 16; v++) {
        const uint16_t fresh = after->by[v] & ~before->by[v];
        if (fresh & ~(screen_defence ? before->att[v] : 0))
            set |= (uint16_t)(1u << v);
    }
    return set;
}

static bool between(int a, int b, int sq)
{
    if (sq_rank(a) == sq_rank(b))
        return sq_rank(sq) == sq_rank(a) && sq_file(sq) > imin(sq_file(a), sq_file(b)) &&
            sq_file(sq) < imax(sq_file(a), sq_file(b));
    return sq_file(a) == sq_file(b) && sq_file(sq) == sq_file(a) && sq_rank(sq) > imin(sq_rank(a), sq_rank(b)) &&
        sq_rank(sq) < imax(sq_rank(a), sq_rank(b));
}

/* Did the move from -> to (undone on b, `after` the board once made) end an enemy cannon's attack on
 * another of the mover's pieces by changing its screens: the moved piece was the cannon's mount and
 * left, or stepped onto the line as a second screen? */
static bool screen_defence(const ChaseBoard *before, const ChaseBoard *after, Color mover, int from, int to)
{
    uint8_t tb[16], ta[16];
    for (int s = (!mover) * 16 + 9; s <= (!mover) * 16 + 10; s++) {
        const int csq = before->sq_of[s];
        if (csq == SLOT_NONE || after->sq_of[s] != csq)
            continue;
        const int nb = capture_targets(before, csq, tb), na = capture_targets(after, csq, ta);
        for (int i = 0; i < nb; i++) {
            bool still = false;
            for (int k = 0; k < na; k++)
                still |= ta[k] == tb[i];
            if (!still && tb[i] != from && (between(csq, tb[i], from) || between(csq, tb[i], to)))
                return true;
        }
    }
    return false;
}

static void undo_move(ChaseBoard *b, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const uint8_t slot = b->slot_at[to];
    b->board[from] = b->board[to], b->board[to] = 0;
    b->slot_at[from] = slot, b->slot_at[to] = SLOT_NONE;
    b->sq_of[slot] = (uint8_t)from;
}

CycleJudgement cycle_judge(const Position *pos, int plies, bool chases, CycleStep *steps)
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
    if (!steps && (!chases || all_check[RED] || all_check[BLACK]))
        return j;
    ChaseBoard b;
    b.checkers = 0;
    memcpy(b.board, pos->board, sizeof b.board);
    memcpy(b.slot_at, pos->slot_at, sizeof b.slot_at);
    memcpy(b.sq_of, pos->sq_of, sizeof b.sq_of);
    uint16_t mask[2] = {0xffff, 0xffff};
    for (int k = cur; k > cur - plies && (steps || mask[RED] | mask[BLACK]); k--) {
        const Color mover = (Color)(pos->side ^ ((cur - k + 1) & 1));
        if (!mask[mover] && !steps) {
            undo_move(&b, st[k].move);
            continue;
        }
        const int moved = b.slot_at[move_to(st[k].move)];
        ChaseMap after, before;
        ChaseBoard made = b;
        chase_map(&b, mover, moved, &after);
        if (steps) {
            CycleStep *s = &steps[plies - 1 - (cur - k)];
            s->move = st[k].move, s->mover = (uint8_t)mover, s->check = st[k].checked;
            s->chased = after.set;
            memcpy(s->by, after.by, sizeof s->by);
            for (int v = 0; v < 16; v++)
                s->victim_sq[v] = b.sq_of[(!mover) * 16 + v];
            for (int a = 0; a < 16; a++)
                s->chaser_sq[a] = b.sq_of[mover * 16 + a];
        }
        undo_move(&b, st[k].move);
        chase_map(&b, mover, moved, &before);
        const bool screen = screen_defence(&b, &made, mover, move_from(st[k].move), move_to(st[k].move));
        const uint16_t fresh = newly_chased(&after, &before, screen);
        mask[mover] &= fresh;
        if (steps)
            steps[plies - 1 - (cur - k)].fresh = fresh, steps[plies - 1 - (cur - k)].screen = screen;
    }
    if (!chases || all_check[RED] || all_check[BLACK])
        return j;
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
