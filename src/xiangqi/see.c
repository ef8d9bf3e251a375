/*
 * see.c - static exchange evaluation and capture ordering.
 *
 * SEE plays out the captures on one square, each side always recapturing
 * with its least valuable attacker, on a scratch copy of the board so that
 * cannon screens and horse legs change as pieces leave. Pins are ignored.
 */
#include <string.h>

#include "board.h"
#include "pos_common.h"

int pos_mvv_lva(const Position *pos, Move m)
{
    int victim = piece_type(pos->board[move_to(m)]), attacker = piece_type(pos->board[move_from(m)]);
    return PIECE_VALUE[victim] * 8 - PIECE_VALUE[attacker] / 16 + (attacker == KING ? 0 : 1);
}

static int value_of(int pc) { return piece_type(pc) == KING ? 5000 : PIECE_VALUE[piece_type(pc)]; }

typedef struct {
    int sq, value;
} Cheapest;

static inline void consider(Cheapest *c, const uint8_t *b, int sq)
{
    int v = value_of(b[sq]);
    if (v < c->value) {
        c->value = v;
        c->sq = sq;
    }
}

/* Square of the least valuable piece of colour c that can capture on sq. */
static int least_attacker(const uint8_t *b, int sq, Color c)
{
    Cheapest best = {-1, 1 << 30};
    for (const uint8_t *p = PAWN_ATTACKERS[c][sq]; *p != SQ_END; p++)
        if (b[*p] == piece_make(c, PAWN))
            return *p;
    if (IN_PALACE[c][sq])
        for (const uint8_t *p = ADVISOR_MOVES[sq]; *p != SQ_END; p++)
            if (b[*p] == piece_make(c, ADVISOR))
                consider(&best, b, *p);
    for (const uint8_t *p = ELEPHANT_MOVES[sq]; *p != SQ_END; p += 2)
        if (b[p[0]] == piece_make(c, ELEPHANT) && !b[p[1]])
            consider(&best, b, p[0]);
    for (const uint8_t *p = HORSE_ATTACKERS[sq]; *p != SQ_END; p += 2)
        if (b[p[0]] == piece_make(c, HORSE) && !b[p[1]])
            consider(&best, b, p[0]);
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[sq][d];
        while (*r != SQ_END && !b[*r])
            r++;
        if (*r == SQ_END)
            continue;
        if (b[*r] == piece_make(c, ROOK))
            consider(&best, b, *r);
        for (const uint8_t *s = r + 1; *s != SQ_END; s++)
            if (b[*s]) {
                if (b[*s] == piece_make(c, CANNON))
                    consider(&best, b, *s);
                break;
            }
    }
    if (IN_PALACE[c][sq])
        for (const uint8_t *p = KING_MOVES[sq]; *p != SQ_END; p++)
            if (b[*p] == piece_make(c, KING))
                consider(&best, b, *p);
    return best.sq;
}

int pos_see(const Position *pos, Move m)
{
    uint8_t b[SQUARE_NB];
    memcpy(b, pos->board, sizeof b);
    const int from = move_from(m), to = move_to(m);
    int gain[40], d = 0;
    gain[0] = b[to] ? value_of(b[to]) : 0;
    int on_sq = value_of(b[from]);
    b[to] = b[from];
    b[from] = 0;
    Color c = !pos->side;
    for (;;) {
        int s = least_attacker(b, to, c);
        if (s < 0 || d >= 38)
            break;
        d++;
        gain[d] = on_sq - gain[d - 1];
        on_sq = value_of(b[s]);
        b[to] = b[s];
        b[s] = 0;
        c = !c;
    }
    return see_resolve(gain, d);
}

bool pos_see_ge(const Position *pos, Move m, int threshold)
{
    /* Bounds first: the capturer can always stop after the first recapture
     * (SEE >= victim - attacker), and never gains more than the victim. */
    int victim = pos->board[move_to(m)] ? value_of(pos->board[move_to(m)]) : 0;
    int attacker = value_of(pos->board[move_from(m)]);
    if (victim - attacker >= threshold)
        return true;
    if (victim < threshold)
        return false;
    return pos_see(pos, m) >= threshold;
}
