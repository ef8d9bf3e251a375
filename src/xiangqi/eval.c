/*
 * eval.c - evaluation: material plus piece-square placement, kept
 * incrementally in PosState.psq (Red's view), plus a few dynamic terms.
 *
 * Placement tables are built from rules of thumb rather than typed in:
 * pieces are described for Red as functions of (file, rank from own side)
 * that are symmetric in the file, and Black uses the same table with ranks
 * flipped. So eval(p) == eval(flip(p)) == eval(mirror(p)) by construction
 * (tests/test_eval.c checks it).
 */
#include "board.h"

const int PIECE_VALUE[PIECE_TYPE_NB] = {0, 0, 200, 200, 420, 950, 460, 100};
int16_t PSQ[PIECE_NB][SQUARE_NB];

enum {
    TEMPO_BONUS = 12,
    PAWN_CROSSED_BONUS = 70,   /* a pawn over the river */
    PAWN_NEAR_PALACE_BONUS = 40, /* a crossed pawn on files c-g, ranks 6-8 */
    PAWN_LAST_RANK_PENALTY = 60, /* a pawn on the last rank only moves sideways */
    HORSE_CENTER_BONUS = 8,    /* per step toward the centre files */
    HORSE_ADVANCE_BONUS = 7,   /* per rank advanced, up to the enemy palace */
    HORSE_EDGE_PENALTY = 25,   /* on file a or i */
    ROOK_ADVANCE_BONUS = 4,
    ROOK_CENTER_BONUS = 5,
    CANNON_CENTER_FILE_BONUS = 25, /* central cannon */
    CANNON_HOME_BONUS = 10,    /* behind own pawns, ranks 1-2 */
    KING_OFF_HOME_PENALTY = 12, /* per step away from e0 */
    ADVISOR_CENTER_BONUS = 8,
    ELEPHANT_CENTER_BONUS = 8,
};

static int placement(int type, int f, int rr)
{
    int center = 4 - (f > 4 ? f - 4 : 4 - f); /* 0 at the edge, 4 on file e */
    switch (type) {
    case PAWN: {
        if (rr < 5)
            return 0;
        int v = PAWN_CROSSED_BONUS;
        if (f >= 2 && f <= 6 && rr >= 6 && rr <= 8)
            v += PAWN_NEAR_PALACE_BONUS - (rr == 6 ? 15 : 0) + center * 3;
        if (rr == 9)
            v -= PAWN_LAST_RANK_PENALTY;
        return v;
    }
    case HORSE:
        return center * HORSE_CENTER_BONUS + imin(rr, 7) * HORSE_ADVANCE_BONUS - (center == 0 ? HORSE_EDGE_PENALTY : 0) -
               (rr == 0 ? 15 : 0);
    case ROOK:
        return imin(rr, 7) * ROOK_ADVANCE_BONUS + (center >= 3 ? ROOK_CENTER_BONUS : 0) + (rr == 6 ? 10 : 0);
    case CANNON:
        return (f == 4 ? CANNON_CENTER_FILE_BONUS : 0) + (rr >= 1 && rr <= 2 ? CANNON_HOME_BONUS : 0) +
               (rr == 9 ? 6 : 0);
    case KING:
        return -(rr + (f == 4 ? 0 : 1)) * KING_OFF_HOME_PENALTY;
    case ADVISOR:
        return f == 4 ? ADVISOR_CENTER_BONUS : 0;
    case ELEPHANT:
        return f == 4 ? ELEPHANT_CENTER_BONUS : 0;
    default:
        return 0;
    }
}

void eval_init_tables(void)
{
    for (int type = KING; type <= PAWN; type++)
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            int f = sq_file(sq), r = sq_rank(sq);
            int v = PIECE_VALUE[type] + placement(type, f, r);
            int vb = PIECE_VALUE[type] + placement(type, f, 9 - r);
            PSQ[piece_make(RED, type)][sq] = (int16_t)v;
            PSQ[piece_make(BLACK, type)][sq] = (int16_t)-vb;
        }
}

/* Defence: an attacker's rooks, horses and cannons are worth more while the
 * defender's advisors and elephants are gone. */
static int king_safety(const Position *pos, Color us)
{
    Color them = !us;
    int attackers = pos->count[piece_make(them, ROOK)] * 2 + pos->count[piece_make(them, HORSE)] +
                    pos->count[piece_make(them, CANNON)];
    int defenders = pos->count[piece_make(us, ADVISOR)] + pos->count[piece_make(us, ELEPHANT)];
    return -attackers * (4 - defenders) * 6;
}

Score eval_evaluate(const Position *pos)
{
    int v = pos->st[pos->ply].psq + king_safety(pos, RED) - king_safety(pos, BLACK);
    if (pos->side == BLACK)
        v = -v;
    return v + TEMPO_BONUS;
}

bool pos_null_ok(const Position *pos)
{
    Color us = pos->side;
    return pos->count[piece_make(us, ROOK)] + pos->count[piece_make(us, HORSE)] + pos->count[piece_make(us, CANNON)] > 0;
}

bool pos_insufficient_material(const Position *pos)
{
    for (Color c = 0; c < 2; c++)
        if (pos->count[piece_make(c, ROOK)] || pos->count[piece_make(c, HORSE)] || pos->count[piece_make(c, CANNON)] ||
            pos->count[piece_make(c, PAWN)])
            return false;
    return true;
}
