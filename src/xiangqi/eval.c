/*
 * eval.c - evaluation: material plus piece-square placement, kept
 * incrementally in PosState.psq (Red's view), plus dynamic terms computed
 * per node: mobility of rooks, horses (legs blocked) and cannons (quiet
 * squares, targets behind a screen), material by phase (cannons count more
 * early, horses and crossed pawns late), connected crossed pawns, king
 * safety (hollow and central cannons, rooks lined up with the king,
 * attackers over the river weighed by missing advisors and elephants), and
 * endgame scaling for material that cannot force mate.
 *
 * Placement tables are built from rules of thumb plus per-rank, per-file and
 * (for horse, rook, cannon and pawn) per-square additions, never typed in by
 * hand (every weight is in eval_weights.h, fitted as docs/tuning.md tells):
 * pieces are described for Red as functions of (file, rank from own side)
 * that are symmetric in the file, and Black uses the same table with ranks
 * flipped. So eval(p) == eval(flip(p)) == eval(mirror(p)) by construction
 * (tests/test_eval.c checks it).
 */
#include <stdio.h>

#include "board.h"
#include "eval_weights.h"
#include "pos_common.h"

/* Exchange values for SEE and capture ordering; the evaluation's own
 * material weights are in eval_weights.h. */
const int PIECE_VALUE[PIECE_TYPE_NB] = {0, 0, 200, 200, 420, 950, 460, 100};
int16_t PSQ[PIECE_NB][SQUARE_NB];

EVAL_WEIGHTS_DEFINE;

/* The rules of thumb: a few weights per piece. */
static int placement_shape(int type, int f, int rr, int center)
{
    switch (type) {
    case PAWN: { /* over the river; more near the palace (files c-g, ranks 6-8); the last rank only moves sideways */
        if (rr < 5)
            return 0;
        int v = W(PAWN_CROSSED);
        if (f >= 2 && f <= 6 && rr >= 6 && rr <= 8)
            v += W(PAWN_NEAR_PALACE) - (rr == 6 ? W(PAWN_RANK6_CUT) : 0) + center * W(PAWN_CENTER);
        if (rr == 9)
            v -= W(PAWN_LAST_RANK);
        return v;
    }
    case HORSE: /* toward the centre and forward, up to the enemy palace; not on the edge or at home */
        return center * W(HORSE_CENTER) + imin(rr, 7) * W(HORSE_ADVANCE) - (center == 0 ? W(HORSE_EDGE) : 0) -
            (rr == 0 ? W(HORSE_HOME) : 0);
    case ROOK:
        return imin(rr, 7) * W(ROOK_ADVANCE) + (center >= 3 ? W(ROOK_CENTER) : 0) + (rr == 6 ? W(ROOK_PAWN_LINE) : 0);
    case CANNON: /* central cannon, behind own pawns (ranks 1-2), on the enemy back rank */
        return (f == 4 ? W(CANNON_CENTER_FILE) : 0) + (rr >= 1 && rr <= 2 ? W(CANNON_HOME) : 0) +
            (rr == 9 ? W(CANNON_BACK_RANK) : 0);
    case KING: /* per step away from e0 */ return -(rr + (f == 4 ? 0 : 1)) * W(KING_OFF_HOME);
    case ADVISOR: return f == 4 ? W(ADVISOR_CENTER) : 0;
    case ELEPHANT: return f == 4 ? W(ELEPHANT_CENTER) : 0;
    default: return 0;
    }
}

/* Free additions by rank, by file and by square (a square of the
 * half-board, mirrored files folded: rank * 5 + centre), for the tuner to
 * shape. The rank and file grids let a fit move a whole line at once, which
 * the rarely visited squares need; the square tables add what lines cannot say. */
static int grid(int rank0, int file0, int sq0, int rr, int center)
{
    return eval_weights[rank0 + rr] + eval_weights[file0 + center] + eval_weights[sq0 + rr * 5 + center];
}

static int placement_grid(int type, int rr, int center)
{
    switch (type) {
    case HORSE: return grid(W_HORSE_RANK0, W_HORSE_FILE0, W_HORSE_SQ0, rr, center);
    case ROOK: return grid(W_ROOK_RANK0, W_ROOK_FILE0, W_ROOK_SQ0, rr, center);
    case CANNON: return grid(W_CANNON_RANK0, W_CANNON_FILE0, W_CANNON_SQ0, rr, center);
    case PAWN: /* a rank grid for ranks 3-8, no file grid */
        return (rr >= 3 && rr <= 8 ? eval_weights[W_PAWN_RANK3 + rr - 3] : 0) +
            eval_weights[W_PAWN_SQ0 + rr * 5 + center];
    default: return 0;
    }
}
#define SQUARE_TABLE(T) (W_##T##_SQ49 - W_##T##_SQ0 == 49)
_Static_assert(SQUARE_TABLE(HORSE) && SQUARE_TABLE(ROOK) && SQUARE_TABLE(CANNON) && SQUARE_TABLE(PAWN),
               "eval_weights.h lists each square table as 50 weights in a row");
#undef SQUARE_TABLE

/* Placement of a piece of `type` on file f, rank rr counted from its own side. */
static int placement(int type, int f, int rr)
{
    int center = 4 - (f > 4 ? f - 4 : 4 - f); /* 0 at the edge, 4 on file e */
    return placement_shape(type, f, rr, center) + placement_grid(type, rr, center);
}

/* The material weights are listed in piece-type order, advisor to pawn. */
#define IN_TYPE_ORDER(T) (W_##T##_VALUE - W_ADVISOR_VALUE == T - ADVISOR)
_Static_assert(IN_TYPE_ORDER(ELEPHANT) && IN_TYPE_ORDER(HORSE) && IN_TYPE_ORDER(ROOK) && IN_TYPE_ORDER(CANNON) &&
                   IN_TYPE_ORDER(PAWN),
               "eval_weights.h lists the material weights in PieceType order");
#undef IN_TYPE_ORDER

static int material_weight(int type) { return type == KING ? 0 : eval_weights[W_ADVISOR_VALUE + type - ADVISOR]; }

void eval_init_tables(void)
{
    for (int type = KING; type <= PAWN; type++)
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            int f = sq_file(sq), r = sq_rank(sq);
            int v = material_weight(type) + placement(type, f, r);
            int vb = material_weight(type) + placement(type, f, 9 - r);
            PSQ[piece_make(RED, type)][sq] = (int16_t)v;
            PSQ[piece_make(BLACK, type)][sq] = (int16_t)-vb;
        }
}

/* ---- Dynamic terms -------------------------------------------------------
 * Each term is computed for one colour `c` from its own side of the board
 * (rr = rank counted from c's back rank) and scored as c's gain; the total
 * is terms(RED) - terms(BLACK), so colour never needs its own branch. Terms
 * come as middlegame/endgame pairs, blended by the phase (how many rooks,
 * horses and cannons are left). */
typedef struct {
    int mg, eg;
} Pair;

enum {
    PHASE_ROOK = 4,
    PHASE_MINOR = 1, /* horses and cannons */
    PHASE_MAX = 2 * 2 * PHASE_ROOK + 8 * PHASE_MINOR,
    ROOK_MOB_BASE = 6,
    CANNON_MOB_BASE = 5, /* mobility counts from these */
};

static inline int rel_rank(Color c, int sq) { return c == RED ? sq_rank(sq) : 9 - sq_rank(sq); }

static int rook_mobility(const uint8_t *b, int sq, Color c)
{
    int n = 0;
    for (int d = 0; d < DIR_NB; d++)
        for (const uint8_t *r = RAY[sq][d]; *r != SQ_END; r++) {
            if (b[*r]) {
                n += piece_color(b[*r]) != c;
                break;
            }
            n++;
        }
    return n;
}

/* Quiet squares of a cannon, and enemy pieces it hits through a screen (not
 * the king: a cannon facing the king is the king-safety terms' business). */
static int cannon_mobility(const uint8_t *b, int sq, Color c, int *targets)
{
    int n = 0;
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[sq][d];
        for (; *r != SQ_END && !b[*r]; r++)
            n++;
        if (*r == SQ_END)
            continue;
        for (r++; *r != SQ_END; r++)
            if (b[*r]) {
                *targets += piece_color(b[*r]) != c && piece_type(b[*r]) != KING;
                break;
            }
    }
    return n;
}

static int horse_mobility(const uint8_t *b, int sq, Color c)
{
    int n = 0;
    for (const uint8_t *p = HORSE_MOVES[sq]; *p != SQ_END; p += 2)
        if (!b[p[1]] && (!b[p[0]] || piece_color(b[p[0]]) != c))
            n++;
    return n;
}

/* No pawn of either side on this file. */
static bool open_file(const uint8_t *b, int f)
{
    for (int sq = f; sq < SQUARE_NB; sq += FILE_NB)
        if (b[sq] && piece_type(b[sq]) == PAWN)
            return false;
    return true;
}

/* Pieces strictly between two squares on one file or rank (-1 if not aligned). */
static int between_count(const uint8_t *b, int a, int z)
{
    int step;
    if (sq_file(a) == sq_file(z))
        step = a < z ? 9 : -9;
    else if (sq_rank(a) == sq_rank(z))
        step = a < z ? 1 : -1;
    else
        return -1;
    int n = 0;
    for (int s = a + step; s != z; s += step)
        n += b[s] != 0;
    return n;
}

/* Everything c gains from its pieces' activity, and loses from threats to its king. */
static Pair side_terms(const Position *pos, Color c)
{
    const uint8_t *b = pos->board;
    const Color them = !c;
    const int base = c * 16, ebase = them * 16;
    Pair s = {0, 0};

    for (int i = 7; i <= 8; i++) { /* rooks */
        int sq = pos->sq_of[base + i];
        if (sq == SLOT_NONE)
            continue;
        int m = rook_mobility(b, sq, c) - ROOK_MOB_BASE;
        s.mg += m * W(ROOK_MOB_MG);
        s.eg += m * W(ROOK_MOB_EG);
        if (open_file(b, sq_file(sq))) {
            s.mg += W(ROOK_OPEN_FILE_MG);
            s.eg += W(ROOK_OPEN_FILE_EG);
        }
    }
    for (int i = 5; i <= 6; i++) { /* horses */
        int sq = pos->sq_of[base + i];
        if (sq == SLOT_NONE)
            continue;
        int m = eval_weights[W_HORSE_MOB0 + horse_mobility(b, sq, c)];
        s.mg += m;
        s.eg += m + W(HORSE_EG_EXTRA);
    }
    for (int i = 9; i <= 10; i++) { /* cannons */
        int sq = pos->sq_of[base + i];
        if (sq == SLOT_NONE)
            continue;
        int targets = 0, m = cannon_mobility(b, sq, c, &targets) - CANNON_MOB_BASE;
        s.mg += m * W(CANNON_MOB_MG) + targets * W(CANNON_TARGET_MG) + W(CANNON_MG_EXTRA);
        s.eg += m * W(CANNON_MOB_EG) + targets * W(CANNON_TARGET_EG);
    }
    /* material by phase (cannons and horses are above, crossed pawns below) */
    s.eg += pos->count[piece_make(c, ROOK)] * W(ROOK_EG_EXTRA) +
        pos->count[piece_make(c, ADVISOR)] * W(ADVISOR_EG_EXTRA) +
        pos->count[piece_make(c, ELEPHANT)] * W(ELEPHANT_EG_EXTRA) + pos->count[piece_make(c, PAWN)] * W(PAWN_EG_EXTRA);
    for (int i = 11; i <= 15; i++) { /* crossed pawns: worth more late, more in pairs */
        int sq = pos->sq_of[base + i];
        if (sq == SLOT_NONE || rel_rank(c, sq) < 5)
            continue;
        s.eg += W(CROSSED_PAWN_EG_EXTRA);
        if (sq_file(sq) < 8 && b[sq + 1] == piece_make(c, PAWN)) {
            s.mg += W(CONNECTED_PAWNS_MG);
            s.eg += W(CONNECTED_PAWNS_EG);
        }
    }

    /* King safety: cannons and rooks lined up with the king, attackers on our side of the river. */
    const int ksq = pos->king[c];
    int units = 0, attackers = 0;
    for (int i = 5; i <= 15; i++) {
        int sq = pos->sq_of[ebase + i];
        if (sq == SLOT_NONE)
            continue;
        int type = SLOT_TYPE[i];
        if (type == CANNON) {
            int between = between_count(b, sq, ksq);
            if (between == 0) {
                s.mg -= W(HOLLOW_CANNON_MG);
                s.eg -= W(HOLLOW_CANNON_EG);
            } else if (between == 1) {
                s.mg -= W(CENTRAL_CANNON_MG);
            }
        } else if (type == ROOK && between_count(b, sq, ksq) == 1) {
            s.mg -= W(ROOK_PIN_FILE_MG);
        }
        if (rel_rank(c, sq) > 4) /* still on its own side of the river */
            continue;
        if (type == PAWN) {
            if (sq_file(sq) >= 2 && sq_file(sq) <= 6 && rel_rank(c, sq) <= 3)
                units += W(ATTACK_PAWN), attackers++;
        } else {
            units += type == ROOK ? W(ATTACK_ROOK) : type == HORSE ? W(ATTACK_HORSE) : W(ATTACK_CANNON);
            attackers++;
        }
    }
    int guards_missing = (2 - pos->count[piece_make(c, ADVISOR)]) * W(MISSING_ADVISOR) +
        (2 - pos->count[piece_make(c, ELEPHANT)]) * W(MISSING_ELEPHANT);
    int enemy_heavy = pos->count[piece_make(them, ROOK)] * 2 + pos->count[piece_make(them, HORSE)] +
        pos->count[piece_make(them, CANNON)];
    s.mg -= imin(units * units * W(ATTACK_QUADRATIC) + attackers * guards_missing * W(ATTACK_GUARD_ATTACKER) / 8,
                 W(ATTACK_DANGER_MAX));
    s.mg -= enemy_heavy * guards_missing * W(GUARD_HEAVY_MG) / 8;
    s.eg -= enemy_heavy * guards_missing * W(GUARD_HEAVY_EG) / 8;
    return s;
}

static int game_phase(const Position *pos)
{
    int p = 0;
    for (Color c = 0; c < 2; c++)
        p += pos->count[piece_make(c, ROOK)] * PHASE_ROOK +
            (pos->count[piece_make(c, HORSE)] + pos->count[piece_make(c, CANNON)]) * PHASE_MINOR;
    return imin(p, PHASE_MAX);
}

/* Can colour c still force mate? Attacking pieces are rooks, horses,
 * cannons and pawns; a lone horse, cannon or pawn rarely beats guards. */
static int attackers_of(const Position *pos, Color c)
{
    return pos->count[piece_make(c, ROOK)] + pos->count[piece_make(c, HORSE)] + pos->count[piece_make(c, CANNON)] +
        pos->count[piece_make(c, PAWN)];
}

enum { SCALE_FULL = 16, SCALE_NO_ATTACKER = 0, SCALE_LONE_MINOR = 2, SCALE_LONE_PAWN = 4 };

/* How much of an advantage for `strong` counts (out of SCALE_FULL). */
static int endgame_scale(const Position *pos, Color strong)
{
    Color weak = !strong;
    int att = attackers_of(pos, strong);
    if (att == 0)
        return SCALE_NO_ATTACKER;
    if (att > 1 || pos->count[piece_make(strong, ROOK)])
        return SCALE_FULL;
    int guards = pos->count[piece_make(weak, ADVISOR)] + pos->count[piece_make(weak, ELEPHANT)];
    if (pos->count[piece_make(strong, PAWN)]) /* one pawn */
        return guards >= 2 || attackers_of(pos, weak) ? SCALE_LONE_PAWN : SCALE_FULL;
    /* One horse or one cannon: a cannon needs a screen of its own, a horse needs bare defence. */
    if (pos->count[piece_make(strong, CANNON)])
        return pos->count[piece_make(strong, ADVISOR)] && guards == 0 && !attackers_of(pos, weak) ? SCALE_FULL
                                                                                                  : SCALE_LONE_MINOR;
    return guards == 0 && !attackers_of(pos, weak) ? SCALE_FULL : SCALE_LONE_MINOR;
}

/* The evaluation from Red's view, its terms into `t` when asked (eval_explain). */
typedef struct {
    int psq, red_mg, red_eg, black_mg, black_eg, phase, tempo, scale, total;
} Terms;

static int red_view(const Position *pos, Terms *t)
{
    Pair r = side_terms(pos, RED), k = side_terms(pos, BLACK);
    int phase = game_phase(pos);
    int dyn = ((r.mg - k.mg) * phase + (r.eg - k.eg) * (PHASE_MAX - phase)) / PHASE_MAX;
    const int tempo = pos->side == RED ? W(TEMPO) : -W(TEMPO);
    int v = pos->st[pos->ply].psq + dyn + tempo;
    int scale = endgame_scale(pos, v > 0 ? RED : BLACK);
    v = v * scale / SCALE_FULL; /* the move's worth scales too: a dead draw is 0 for both */
    if (t)
        *t = (Terms){pos->st[pos->ply].psq, r.mg, r.eg, k.mg, k.eg, phase, tempo, scale, v};
    return v;
}

Score eval_evaluate(const Position *pos)
{
    const int v = red_view(pos, NULL);
    return pos->side == RED ? v : -v;
}

size_t eval_explain(const Position *pos, char *buf, size_t len)
{
    Terms t;
    red_view(pos, &t);
    const int n = snprintf(buf, len,
                           "Red's view: material and squares %+d; pieces (mobility, structure, king safety) Red "
                           "%+d middlegame %+d endgame, Black %+d %+d; phase %d of %d; tempo %+d; scale %d/%d; "
                           "total %+d (side to move %+d)",
                           t.psq, t.red_mg, t.red_eg, t.black_mg, t.black_eg, t.phase, PHASE_MAX, t.tempo, t.scale,
                           SCALE_FULL, t.total, pos->side == RED ? t.total : -t.total);
    return text_written(n, len);
}

bool pos_null_ok(const Position *pos)
{
    Color us = pos->side;
    return pos->count[piece_make(us, ROOK)] + pos->count[piece_make(us, HORSE)] + pos->count[piece_make(us, CANNON)] >
        0;
}

bool pos_insufficient_material(const Position *pos)
{
    return attackers_of(pos, RED) == 0 && attackers_of(pos, BLACK) == 0;
}
