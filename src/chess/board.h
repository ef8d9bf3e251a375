/*
 * board.h - chess geometry shared inside src/chess (not part of game.h).
 *
 * Attack sets are bitboards. Knights, kings and pawns use per-square tables;
 * bishops and rooks use magic bitboards: for each square, the relevant
 * occupancy (the rays without their last square) is multiplied by a magic
 * number and the top bits index that square's slice of one shared table.
 * The magics are found at start-up by a fixed-seed random search (the same
 * numbers every run; attacks.c says how long it takes).
 */
#ifndef CHARIOT_CHESS_BOARD_H
#define CHARIOT_CHESS_BOARD_H

#include "game_api.h"

enum { SQ_NONE = 64 };
enum { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

/* Castling rights: one bit per colour and wing. Index of a right = bit number. */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8, CASTLE_ALL = 15 };
enum { RIGHT_NB = 4 };
static inline int castle_right(Color c, bool kingside) { return c * 2 + (kingside ? 0 : 1); } /* bit index */

/* The extra bits of a move (game.h). */
enum { MOVE_CASTLE_EXTRA = 1 };
static inline int move_extra(Move m) { return m >> 12; }
static inline Move move_make_extra(int from, int to, int extra) { return (Move)(from | (to << 6) | (extra << 12)); }
static inline int promo_type(Move m) { return KNIGHT + move_extra(m); }

static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }
static inline int sq_make(int file, int rank) { return rank * 8 + file; }
static inline int relative_rank(Color c, int sq) { return c == WHITE ? sq_rank(sq) : 7 - sq_rank(sq); }
static inline int relative_sq(Color c, int sq) { return c == WHITE ? sq : sq ^ 56; }
static inline int piece_make(Color c, int type) { return c * 8 + type; }
static inline int piece_type(int pc) { return pc & 7; }
static inline Color piece_color(int pc) { return pc >> 3; }
static inline int pawn_push(Color c) { return c == WHITE ? 8 : -8; }

static inline Bitboard bb_of(int sq) { return 1ULL << sq; }
static inline int bb_lsb(Bitboard b) { return __builtin_ctzll(b); }
static inline int bb_count(Bitboard b) { return __builtin_popcountll(b); }
static inline bool bb_many(Bitboard b) { return (b & (b - 1)) != 0; }
static inline int bb_pop(Bitboard *b)
{
    int sq = bb_lsb(*b);
    *b &= *b - 1;
    return sq;
}

#define FILE_A_BB       0x0101010101010101ULL
#define RANK_1_BB       0xffULL
#define DARK_SQUARES_BB 0xaa55aa55aa55aa55ULL /* a1 is dark */
static inline Bitboard file_bb(int f) { return FILE_A_BB << f; }
static inline Bitboard rank_bb(int r) { return RANK_1_BB << (8 * r); }
static inline Bitboard shift_up(Bitboard b, Color c) { return c == WHITE ? b << 8 : b >> 8; }
static inline Bitboard shift_east(Bitboard b) { return (b & ~file_bb(FILE_H)) << 1; }
static inline Bitboard shift_west(Bitboard b) { return (b & ~file_bb(FILE_A)) >> 1; }

typedef struct {
    Bitboard mask; /* relevant occupancy */
    Bitboard magic;
    Bitboard *attacks; /* this square's slice of the shared table */
    unsigned shift;    /* 64 - bits of mask */
} Magic;

extern Magic ROOK_MAGICS[SQUARE_NB], BISHOP_MAGICS[SQUARE_NB];
extern Bitboard KNIGHT_ATTACKS[SQUARE_NB], KING_ATTACKS[SQUARE_NB], PAWN_ATTACKS[2][SQUARE_NB];
extern Bitboard BETWEEN[SQUARE_NB][SQUARE_NB];                /* squares strictly between two aligned squares, else 0 */
extern Bitboard LINE[SQUARE_NB][SQUARE_NB];                   /* the whole line through two aligned squares, else 0 */
extern Bitboard ROOK_RAYS[SQUARE_NB], BISHOP_RAYS[SQUARE_NB]; /* attacks on an empty board */
extern int DISTANCE[SQUARE_NB][SQUARE_NB];                    /* king steps */
extern Key ZOBRIST[PIECE_NB][SQUARE_NB];
extern Key ZOBRIST_SIDE, ZOBRIST_CASTLE[16], ZOBRIST_EP[FILE_NB];
extern int16_t PSQ_MG[PIECE_NB][SQUARE_NB], PSQ_EG[PIECE_NB][SQUARE_NB]; /* material + placement, White's view */

static inline Bitboard rook_attacks(int sq, Bitboard occ)
{
    const Magic *m = &ROOK_MAGICS[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline Bitboard bishop_attacks(int sq, Bitboard occ)
{
    const Magic *m = &BISHOP_MAGICS[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline Bitboard piece_attacks(int type, Color c, int sq, Bitboard occ)
{
    switch (type) {
    case PAWN: return PAWN_ATTACKS[c][sq];
    case KNIGHT: return KNIGHT_ATTACKS[sq];
    case BISHOP: return bishop_attacks(sq, occ);
    case ROOK: return rook_attacks(sq, occ);
    case QUEEN: return bishop_attacks(sq, occ) | rook_attacks(sq, occ);
    default: return KING_ATTACKS[sq];
    }
}

static inline Bitboard pos_pieces(const Position *pos) { return pos->by_color[WHITE] | pos->by_color[BLACK]; }
static inline Bitboard pos_of(const Position *pos, Color c, int type) { return pos->by_color[c] & pos->by_type[type]; }
static inline int pos_king(const Position *pos, Color c) { return bb_lsb(pos_of(pos, c, KING)); }
static inline Bitboard pos_rooks_queens(const Position *pos, Color c)
{
    return pos->by_color[c] & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
}
static inline Bitboard pos_bishops_queens(const Position *pos, Color c)
{
    return pos->by_color[c] & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
}

/* Pieces of colour c that attack sq, with the given occupancy (for x-rays and trial moves). */
static inline Bitboard attackers_by(const Position *pos, int sq, Color c, Bitboard occ)
{
    return ((PAWN_ATTACKS[!c][sq] & pos->by_type[PAWN]) | (KNIGHT_ATTACKS[sq] & pos->by_type[KNIGHT]) |
            (KING_ATTACKS[sq] & pos->by_type[KING]) |
            (rook_attacks(sq, occ) & (pos->by_type[ROOK] | pos->by_type[QUEEN])) |
            (bishop_attacks(sq, occ) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]))) &
        pos->by_color[c];
}
/* Both colours' attackers of sq. */
static inline Bitboard attackers_all(const Position *pos, int sq, Bitboard occ)
{
    return (PAWN_ATTACKS[BLACK][sq] & pos_of(pos, WHITE, PAWN)) | (PAWN_ATTACKS[WHITE][sq] & pos_of(pos, BLACK, PAWN)) |
        (KNIGHT_ATTACKS[sq] & pos->by_type[KNIGHT]) | (KING_ATTACKS[sq] & pos->by_type[KING]) |
        (rook_attacks(sq, occ) & (pos->by_type[ROOK] | pos->by_type[QUEEN])) |
        (bishop_attacks(sq, occ) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]));
}
/* Is sq attacked by colour c (occupancy occ)? Cheap tests first. */
static inline bool attacked_by(const Position *pos, int sq, Color c, Bitboard occ)
{
    const Bitboard them = pos->by_color[c];
    if ((PAWN_ATTACKS[!c][sq] & pos->by_type[PAWN] & them) || (KNIGHT_ATTACKS[sq] & pos->by_type[KNIGHT] & them) ||
        (KING_ATTACKS[sq] & pos->by_type[KING] & them))
        return true;
    return (rook_attacks(sq, occ) & pos_rooks_queens(pos, c)) || (bishop_attacks(sq, occ) & pos_bishops_queens(pos, c));
}

/* Where castling puts the king and the rook (the same files as in chess, also in Chess960). */
static inline int castle_king_to(Color c, bool kingside) { return relative_sq(c, kingside ? 6 : 2); }
static inline int castle_rook_to(Color c, bool kingside) { return relative_sq(c, kingside ? 5 : 3); }

void board_init_tables(void);
void eval_init_tables(void);
Bitboard pos_pinned(const Position *pos, Color c);    /* c's pieces that shield c's king from a slider */
bool castling_legal(const Position *pos, int right);  /* every condition of castling with this right */
bool ep_legal(const Position *pos, int from, int ep); /* can the pawn on from take en passant on ep */
Key compute_structure_key(const Position *pos);

#endif
