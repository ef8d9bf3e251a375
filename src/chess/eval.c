/*
 * eval.c - the chess evaluation (weights fitted by tools/tune/tune_chess.sh).
 *
 * Material plus placement is kept incrementally per ply (PosState.psq_mg,
 * psq_eg, White's view) from the tables PSQ_MG / PSQ_EG that
 * eval_init_tables() builds out of eval_weights.h. Per node come:
 * mobility (safe squares per piece type), king safety (attack units on the
 * king zone, pawn shield, open files by the king), pawn structure (doubled,
 * isolated, backward, supported, phalanx), passed pawns by rank (and in the
 * endgame a free path and the kings' distances), bishop pair, rooks on open
 * and semi-open files. Middlegame and endgame sums are blended by the phase
 * (minor 1, rook 2, queen 4; 24 = all pieces), then endgame scaling shrinks
 * what cannot be won (opposite bishops, no pawns for the stronger side).
 *
 * Every term is computed for one colour from its own side of the board and
 * the total is terms(WHITE) - terms(BLACK); placement tables are given for
 * files a-d and mirrored. So eval(p) == eval(flip(p)) == eval(mirror(p))
 * by construction (tests/chess/rules_check.c checks it).
 */
#include <stdio.h>

#include "board.h"
#include "eval_weights.h"
#include "pos_common.h"

int16_t PSQ_MG[PIECE_NB][SQUARE_NB], PSQ_EG[PIECE_NB][SQUARE_NB];

EVAL_WEIGHTS_DEFINE;

enum {
    PHASE_MINOR = 1,
    PHASE_ROOK = 2,
    PHASE_QUEEN = 4,
    PHASE_MAX = 24,
    MOB_BASE_KNIGHT = 4,
    MOB_BASE_BISHOP = 6,
    MOB_BASE_ROOK = 7,
    MOB_BASE_QUEEN = 13,
    SCALE_FULL = 64,
    NO_PAWNS_MARGIN = 400, /* non-pawn material lead (SEE units) below which a side without pawns rarely wins */
    SEE_BISHOP = 330,
};

/* The first weight of each piece type's tables and material, PAWN..KING. */
static const int MATERIAL_MG[PIECE_TYPE_NB] = {0, W_PAWN_MG, W_KNIGHT_MG, W_BISHOP_MG, W_ROOK_MG, W_QUEEN_MG, -1};
static const int MATERIAL_EG[PIECE_TYPE_NB] = {0, W_PAWN_EG, W_KNIGHT_EG, W_BISHOP_EG, W_ROOK_EG, W_QUEEN_EG, -1};
static const int TABLE_MG[PIECE_TYPE_NB] = {0,           W_PAWN_MG_0,  W_KNIGHT_MG_0, W_BISHOP_MG_0,
                                            W_ROOK_MG_0, W_QUEEN_MG_0, W_KING_MG_0};
static const int TABLE_EG[PIECE_TYPE_NB] = {0,           W_PAWN_EG_0,  W_KNIGHT_EG_0, W_BISHOP_EG_0,
                                            W_ROOK_EG_0, W_QUEEN_EG_0, W_KING_EG_0};

#define TABLE_OF(T) (W_##T##_MG_31 - W_##T##_MG_0 == 31 && W_##T##_EG_31 - W_##T##_EG_0 == 31)
_Static_assert(TABLE_OF(PAWN) && TABLE_OF(KNIGHT) && TABLE_OF(BISHOP) && TABLE_OF(ROOK) && TABLE_OF(QUEEN) &&
                   TABLE_OF(KING),
               "eval_weights.h lists each placement table as 32 weights in a row");
#undef TABLE_OF
_Static_assert(W_PASSED_MG_7 - W_PASSED_MG_0 == 7 && W_PASSED_EG_7 - W_PASSED_EG_0 == 7,
               "eval_weights.h lists the passed-pawn weights as 8 in a row");

static int half_board(int sq) /* rank * 4 + file folded onto a-d, White's side */
{
    const int f = sq_file(sq);
    return sq_rank(sq) * 4 + (f < 4 ? f : 7 - f);
}

void eval_init_tables(void)
{
    for (int type = PAWN; type <= KING; type++)
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            const int mat_mg = type == KING ? 0 : eval_weights[MATERIAL_MG[type]];
            const int mat_eg = type == KING ? 0 : eval_weights[MATERIAL_EG[type]];
            const int mg = mat_mg + eval_weights[TABLE_MG[type] + half_board(sq)];
            const int eg = mat_eg + eval_weights[TABLE_EG[type] + half_board(sq)];
            PSQ_MG[piece_make(WHITE, type)][sq] = (int16_t)mg; /* Black's piece on the mirrored square */
            PSQ_EG[piece_make(WHITE, type)][sq] = (int16_t)eg;
            PSQ_MG[piece_make(BLACK, type)][sq ^ 56] = (int16_t)-mg;
            PSQ_EG[piece_make(BLACK, type)][sq ^ 56] = (int16_t)-eg;
        }
}

/* ---- Per-node terms ---------------------------------------------------------- */

typedef struct {
    int mg, eg;
} Pair;

static inline void add(Pair *p, int mg, int eg)
{
    p->mg += mg;
    p->eg += eg;
}

/* What both colours' terms need, computed once per call. */
typedef struct {
    Bitboard pawn_attacks[2];
    Bitboard mobility_area[2]; /* squares a piece of this colour counts as safe to go to */
    Bitboard king_zone[2];     /* the king's square, its neighbours and the row in front */
    int attack_units[2];       /* against this colour's king zone */
    int attackers[2];
} EvalInfo;

static Bitboard pawn_attack_set(Bitboard pawns, Color c) { return shift_up(shift_east(pawns) | shift_west(pawns), c); }

/* Squares in front of sq (from c's side) on its file, and on the neighbouring files. */
static Bitboard forward_file(Color c, int sq)
{
    const Bitboard ahead = c == WHITE ? ~0ULL << 8 << (8 * sq_rank(sq)) : ~0ULL >> 8 >> (8 * (7 - sq_rank(sq)));
    return ahead & file_bb(sq_file(sq));
}
static Bitboard adjacent_files(int sq) { return shift_east(file_bb(sq_file(sq))) | shift_west(file_bb(sq_file(sq))); }
static Bitboard passed_span(Color c, int sq) /* enemy pawns here stop or can take a pawn on sq */
{
    const Bitboard f = forward_file(c, sq);
    return f | shift_east(f) | shift_west(f);
}

static void init_info(const Position *pos, EvalInfo *ei)
{
    for (Color c = 0; c < 2; c++) {
        ei->pawn_attacks[c] = pawn_attack_set(pos_of(pos, c, PAWN), c);
        const int ksq = pos_king(pos, c);
        const Bitboard around = KING_ATTACKS[ksq] | bb_of(ksq);
        ei->king_zone[c] = around | shift_up(around, c);
        ei->attack_units[c] = ei->attackers[c] = 0;
    }
    for (Color c = 0; c < 2; c++)
        ei->mobility_area[c] = ~(ei->pawn_attacks[!c] | pos_of(pos, c, PAWN) | pos_of(pos, c, KING));
}

static Pair pieces_terms(const Position *pos, EvalInfo *ei, Color c)
{
    static const int MOB_BASE[PIECE_TYPE_NB] = {0, 0, MOB_BASE_KNIGHT, MOB_BASE_BISHOP, MOB_BASE_ROOK, MOB_BASE_QUEEN,
                                                0};
    const int MOB_MG[PIECE_TYPE_NB] = {0, 0, W(MOB_KNIGHT_MG), W(MOB_BISHOP_MG), W(MOB_ROOK_MG), W(MOB_QUEEN_MG), 0};
    const int MOB_EG[PIECE_TYPE_NB] = {0, 0, W(MOB_KNIGHT_EG), W(MOB_BISHOP_EG), W(MOB_ROOK_EG), W(MOB_QUEEN_EG), 0};
    const int UNITS[PIECE_TYPE_NB] = {0, 0, W(ATTACK_KNIGHT), W(ATTACK_BISHOP), W(ATTACK_ROOK), W(ATTACK_QUEEN), 0};
    const Bitboard occ = pos_pieces(pos);
    const Color them = !c;
    Pair s = {0, 0};
    for (int type = KNIGHT; type <= QUEEN; type++)
        for (Bitboard b = pos_of(pos, c, type); b;) {
            const int sq = bb_pop(&b);
            const Bitboard att = piece_attacks(type, c, sq, occ);
            const int mob = bb_count(att & ei->mobility_area[c]) - MOB_BASE[type];
            add(&s, mob * MOB_MG[type], mob * MOB_EG[type]);
            if (att & ei->king_zone[them]) {
                ei->attack_units[them] += UNITS[type];
                ei->attackers[them]++;
            }
            if (type == ROOK) {
                const Bitboard file = file_bb(sq_file(sq));
                if (!(file & pos->by_type[PAWN]))
                    add(&s, W(ROOK_OPEN_MG), W(ROOK_OPEN_EG));
                else if (!(file & pos_of(pos, c, PAWN)))
                    add(&s, W(ROOK_SEMIOPEN_MG), W(ROOK_SEMIOPEN_EG));
            }
        }
    const Bitboard bishops = pos_of(pos, c, BISHOP);
    if ((bishops & DARK_SQUARES_BB) && (bishops & ~DARK_SQUARES_BB))
        add(&s, W(BISHOP_PAIR_MG), W(BISHOP_PAIR_EG));
    return s;
}

static Pair pawn_terms(const Position *pos, Color c)
{
    const Color them = !c;
    const Bitboard ours = pos_of(pos, c, PAWN), theirs = pos_of(pos, them, PAWN), occ = pos_pieces(pos);
    const int our_king = pos_king(pos, c), their_king = pos_king(pos, them);
    Pair s = {0, 0};
    for (Bitboard b = ours; b;) {
        const int sq = bb_pop(&b), r = relative_rank(c, sq);
        const Bitboard neighbours = ours & adjacent_files(sq);
        if (forward_file(c, sq) & ours)
            add(&s, W(DOUBLED_MG), W(DOUBLED_EG));
        if (!neighbours) {
            add(&s, W(ISOLATED_MG), W(ISOLATED_EG));
        } else {
            /* backward: every neighbour is ahead of it, and an enemy pawn holds its stop square */
            const Bitboard not_ahead = c == WHITE ? ~0ULL >> (8 * (7 - sq_rank(sq))) : ~0ULL << (8 * sq_rank(sq));
            if (!(neighbours & not_ahead) && (PAWN_ATTACKS[c][sq + pawn_push(c)] & theirs))
                add(&s, W(BACKWARD_MG), W(BACKWARD_EG));
            if (PAWN_ATTACKS[them][sq] & ours)
                add(&s, W(SUPPORTED_MG), W(SUPPORTED_EG));
            if (neighbours & rank_bb(sq_rank(sq)))
                add(&s, W(PHALANX_MG), W(PHALANX_EG));
        }
        if (passed_span(c, sq) & theirs)
            continue;
        add(&s, eval_weights[W_PASSED_MG_0 + r], eval_weights[W_PASSED_EG_0 + r]);
        const int weight = r - 2;
        if (weight > 0) {
            const int stop = sq + pawn_push(c);
            if (!(forward_file(c, sq) & occ))
                s.eg += W(PASSED_FREE_EG) * weight;
            s.eg += (DISTANCE[their_king][stop] * W(PASSED_KING_THEM_EG) -
                     DISTANCE[our_king][stop] * W(PASSED_KING_US_EG)) *
                weight;
        }
    }
    return s;
}

static int king_shield(const Position *pos, Color c)
{
    const int ksq = pos_king(pos, c);
    const Bitboard ours = pos_of(pos, c, PAWN), theirs = pos_of(pos, !c, PAWN);
    const int centre = iclamp(sq_file(ksq), FILE_B, FILE_G);
    int v = 0;
    for (int f = centre - 1; f <= centre + 1; f++) {
        const Bitboard file = file_bb(f);
        if (ours & file & rank_bb(c == WHITE ? RANK_2 : RANK_7))
            v += W(SHIELD_RANK2);
        else if (ours & file & rank_bb(c == WHITE ? RANK_3 : RANK_6))
            v += W(SHIELD_RANK3);
        else
            v += W(SHIELD_MISSING);
        if (!(file & (ours | theirs)))
            v += W(KING_OPEN_FILE);
    }
    return v;
}

/* Danger to c's king from the attack units counted in pieces_terms(). */
static int king_danger(const Position *pos, const EvalInfo *ei, Color c)
{
    if (ei->attackers[c] < 2)
        return 0;
    int danger = ei->attack_units[c] * ei->attack_units[c] * W(ATTACK_QUADRATIC) / 16;
    if (!pos_of(pos, !c, QUEEN))
        danger = danger * W(ATTACK_NO_QUEEN_SCALE) / 16;
    return imin(danger, W(ATTACK_DANGER_MAX));
}

static int game_phase(const Position *pos)
{
    const int p = bb_count(pos->by_type[KNIGHT] | pos->by_type[BISHOP]) * PHASE_MINOR +
        bb_count(pos->by_type[ROOK]) * PHASE_ROOK + bb_count(pos->by_type[QUEEN]) * PHASE_QUEEN;
    return imin(p, PHASE_MAX);
}

static int non_pawn_material(const Position *pos, Color c)
{
    return bb_count(pos_of(pos, c, KNIGHT)) * 320 + bb_count(pos_of(pos, c, BISHOP)) * SEE_BISHOP +
        bb_count(pos_of(pos, c, ROOK)) * 500 + bb_count(pos_of(pos, c, QUEEN)) * 950;
}

/* How much of an advantage for `strong` counts (out of SCALE_FULL). */
static int endgame_scale(const Position *pos, Color strong)
{
    const Color weak = !strong;
    const int lead = non_pawn_material(pos, strong) - non_pawn_material(pos, weak);
    if (!pos_of(pos, strong, PAWN) && lead < NO_PAWNS_MARGIN)
        return non_pawn_material(pos, strong) <= SEE_BISHOP ? 0 : W(SCALE_NO_PAWNS);
    const Bitboard wb = pos_of(pos, WHITE, BISHOP), bb = pos_of(pos, BLACK, BISHOP);
    if (!bb_many(wb) && !bb_many(bb) && wb && bb && !(wb & DARK_SQUARES_BB) != !(bb & DARK_SQUARES_BB)) {
        const bool only_bishops = !(pos->by_type[KNIGHT] | pos->by_type[ROOK] | pos->by_type[QUEEN]);
        return only_bishops ? W(SCALE_OPPOSITE_BISHOPS) : W(SCALE_OPPOSITE_BISHOPS_PIECES);
    }
    return SCALE_FULL;
}

/* The evaluation from White's view, its terms into `t` when asked (eval_explain). */
typedef struct {
    int psq_mg, psq_eg, white_mg, white_eg, black_mg, black_eg, phase, tempo, scale, total;
} Terms;

static int white_view(const Position *pos, Terms *t)
{
    const PosState *st = &pos->st[pos->ply];
    EvalInfo ei;
    init_info(pos, &ei);
    Pair w = pieces_terms(pos, &ei, WHITE), b = pieces_terms(pos, &ei, BLACK);
    const Pair wp = pawn_terms(pos, WHITE), bp = pawn_terms(pos, BLACK);
    add(&w, wp.mg, wp.eg);
    add(&b, bp.mg, bp.eg);
    w.mg += king_shield(pos, WHITE) - king_danger(pos, &ei, WHITE);
    b.mg += king_shield(pos, BLACK) - king_danger(pos, &ei, BLACK);
    const int mg = st->psq_mg + w.mg - b.mg, eg = st->psq_eg + w.eg - b.eg;
    const int phase = game_phase(pos);
    int v = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    const int tempo = pos->side == WHITE ? W(TEMPO) : -W(TEMPO);
    v += tempo;
    const int scale = endgame_scale(pos, v > 0 ? WHITE : BLACK);
    v = v * scale / SCALE_FULL; /* the move's worth scales too */
    if (t)
        *t = (Terms){st->psq_mg, st->psq_eg, w.mg, w.eg, b.mg, b.eg, phase, tempo, scale, v};
    return v;
}

Score eval_evaluate(const Position *pos)
{
    const int v = white_view(pos, NULL);
    return pos->side == WHITE ? v : -v;
}

size_t eval_explain(const Position *pos, char *buf, size_t len)
{
    Terms t;
    white_view(pos, &t);
    const int n = snprintf(buf, len,
                           "White's view: material and squares %+d middlegame %+d endgame; pieces, pawns and king "
                           "safety White %+d %+d, Black %+d %+d; phase %d of %d; tempo %+d; scale %d/%d; total %+d "
                           "(side to move %+d)",
                           t.psq_mg, t.psq_eg, t.white_mg, t.white_eg, t.black_mg, t.black_eg, t.phase, PHASE_MAX,
                           t.tempo, t.scale, SCALE_FULL, t.total, pos->side == WHITE ? t.total : -t.total);
    return text_written(n, len);
}

bool pos_null_ok(const Position *pos)
{
    const Color us = pos->side;
    return (pos->by_color[us] & ~(pos->by_type[PAWN] | pos->by_type[KING])) != 0;
}
