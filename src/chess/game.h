/*
 * game.h - international chess's side of the contract (Chess960 castling
 * included): its types, constants and the inline functions the search calls
 * at every node. The functions every game defines are declared once, in
 * src/engine/game_api.h (which includes this file); what is declared here
 * and not there is chess's own. The Position struct is visible so that
 * threads can copy it, but the engine never reads its fields.
 *
 * Board: 8 files (a-h) x 8 ranks (1-8), square index sq = rank * 8 + file,
 * so a1 = 0, h8 = 63. White (colour 0) moves first.
 *
 * Move, 14 bits (the transposition table stores exactly these):
 *     bits 0-5   from square
 *     bits 6-11  to square
 *     bits 12-13 extra: for a pawn move to the last rank the promotion piece
 *                (knight, bishop, rook, queen = 0..3); for a king move,
 *                1 = castling, and then `to` is the square of the castling
 *                rook (king takes own rook: one form for chess and Chess960).
 * En passant needs no flag: a pawn moving diagonally onto the en-passant
 * square. 0 (a1a1) is "no move"; the null move is b1b1, never a move either.
 */
#ifndef CHARIOT_GAME_H
#define CHARIOT_GAME_H

#include "types.h"

#define GAME_NAME         "chess"
#define GAME_PROGRAM      "chariot-chess" /* the program's name in its usage and messages */
#define GAME_NOTATION     "SAN"           /* the notation people read (analyze, play) */
#define GAME_HAS_CHESS960 1               /* UCI_Chess960: castling written as king takes own rook */
#define GAME_MOVE_EXAMPLE "e2e4 or Nf3"
#define GAME_MOVE_HELP                                                                                                 \
    "Moves: SAN like Nf3, exd5, O-O, e8=Q (+ and # optional, 0-0 and e8Q too)\n"                                       \
    "  or coordinates like e2e4, e7e8q, e1g1 (castling also as king takes own rook, e1h1).\n"                          \
    "  Pieces on the board: K king, Q queen, R rook, B bishop, N knight, P pawn;\n"                                    \
    "  White upper case, Black lower case."
#define GAME_STARTPOS     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define GAME_NATIVE_BOARD "symbols" /* play --board: the game's own figures (chess symbols) */
#define GAME_PGN_TAGS     ""        /* standard PGN: nothing beyond the seven tags */
/* The weakened levels' ratings in this game (src/engine/skill.h): Skill Levels 0, 5, 10, 15 and 19 measured
 * against Stockfish 15.1 at a fixed UCI_Elo (docs/strength.md, "Strength for humans"); UCI_Elo runs from
 * the first to the last, and its default is level 5's. */
#define GAME_ELO_MIN     890  /* level 0 */
#define GAME_ELO_DEFAULT 1230 /* level 5 */
#define GAME_ELO_MAX     2160 /* level 19 */
#define GAME_LEVEL_ELO   GAME_ELO_MIN, GAME_ELO_DEFAULT, 1670, 2000, GAME_ELO_MAX
/* datagen's default budget a move: the one whose games trained the better net for the same compute (1250
 * beat 2500, which beat 5000; 625 not measured; docs/nnue-rounds.md, "Chess round 3"). */
#define GAME_DATAGEN_NODES 1250

enum { WHITE = 0, BLACK = 1 };
enum { SQUARE_NB = 64, FILE_NB = 8, RANK_NB = 8 };
enum { MOVE_INDEX_NB = 1 << 14 }; /* a move is a valid index below this */
enum { MAX_GAME_PLY = 1024 };     /* game history kept (older plies are trimmed) */

/* Piece codes: colour * 8 + type; 0 = empty. */
enum PieceType { NO_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };
enum { PIECE_NB = 16 };

typedef enum { GEN_NOISY, GEN_QUIETS, GEN_ALL } GenKind; /* noisy: captures, en passant, queen promotions */

/* Rule verdict for the current node (repetition, fifty moves, dead material). */
typedef enum { RULE_NONE, RULE_DRAW, RULE_WIN, RULE_LOSS } RuleResult;

typedef uint64_t Bitboard; /* bit sq set = square sq in the set */

/* What one ply changed, kept so that unmake and the rules can look back
 * (40 bytes; the core copies the whole history per thread and per search). */
typedef struct {
    Key key;           /* key after the move */
    Key struct_key;    /* key of the pawns and kings only */
    Bitboard checkers; /* enemy pieces giving check to the side to move (0: not in check) */
    Move move;         /* the move that led here (MOVE_NONE at the start, null = MOVE_NULL) */
    uint8_t captured;  /* piece code captured by that move, 0 if none */
    uint8_t castling;  /* castling rights here: CASTLE_* bits (board.h) */
    uint8_t ep;        /* en-passant square, only when a pawn can legally take there; SQ_NONE otherwise */
    uint8_t promoted;  /* that move promoted a pawn (unmake puts the pawn back) */
    uint16_t rule50;   /* plies since the last capture or pawn move */
    int16_t psq_mg;    /* incremental material + placement, White's view, middlegame */
    int16_t psq_eg;    /* the same for the endgame */
} PosState;

/*
 * The board twice: bitboards per colour and per piece type for attacks and
 * generation, and a mailbox for "what stands on sq". Castling (Chess960
 * included) is described by the rook square of each right, fixed by the FEN,
 * and a per-square mask of the rights that survive a move touching that
 * square (king or rook home squares), so make clears rights with one AND.
 */
typedef struct Position {
    Bitboard by_color[2];
    Bitboard by_type[PIECE_TYPE_NB]; /* [NO_TYPE] unused */
    uint8_t board[SQUARE_NB];        /* piece code on each square */
    uint8_t castle_rook[4];          /* rook square of each castling right, SQ_NONE if the FEN gave none */
    uint8_t castle_mask[SQUARE_NB];  /* rights kept when a move leaves or enters this square */
    Color side;                      /* side to move */
    int ply;                         /* index of the current state in st[] */
    int root_ply;                    /* ply of the search root (for repetition rules) */
    int game_ply;                    /* plies of the game: from the FEN's move number, incl. trimmed ones */
    PosState st[MAX_GAME_PLY + MAX_PLY + 8];
} Position;

#define MOVE_NULL ((Move)(1 | (1 << 6)))

/* State, inline: the search calls these at every node. */
static inline int move_from(Move m) { return m & 0x3f; }
static inline int move_to(Move m) { return (m >> 6) & 0x3f; }
static inline Move move_make(int from, int to) { return (Move)(from | (to << 6)); }
static inline Color pos_side(const Position *pos) { return pos->side; }
static inline Key pos_key(const Position *pos) { return pos->st[pos->ply].key; }
/* Key of the pawns and kings: the search's correction history learns per structure. */
static inline Key pos_structure_key(const Position *pos) { return pos->st[pos->ply].struct_key; }
static inline bool pos_in_check(const Position *pos) { return pos->st[pos->ply].checkers != 0; }
static inline int pos_piece_on(const Position *pos, int sq) { return pos->board[sq]; }
/* m pseudo-legal: takes an enemy piece on its destination, or en passant (castling takes nothing). */
static inline bool pos_is_capture(const Position *pos, Move m)
{
    const int to = move_to(m), victim = pos->board[to];
    if (victim)
        return (victim >> 3) != pos->side;
    return (pos->board[move_from(m)] & 7) == PAWN && to == pos->st[pos->ply].ep;
}
/* The moves GEN_NOISY generates: captures (en passant included) and queen promotions. */
static inline bool pos_is_noisy(const Position *pos, Move m)
{
    return pos_is_capture(pos, m) || ((m >> 12) == 3 && (pos->board[move_from(m)] & 7) == PAWN);
}
/* No legal move: checkmate loses, stalemate is a draw. */
static inline Score game_no_move_score(const Position *pos, int ply)
{
    return pos_in_check(pos) ? score_mated_in(ply) : SCORE_DRAW;
}
static inline const char *game_color_name(Color c) { return c == WHITE ? "White" : "Black"; }
/* Plies since the last capture or pawn move: the fifty-move rule's counter. */
static inline int pos_rule_counter(const Position *pos) { return pos->st[pos->ply].rule50; }

/* The net's feature map (docs/nnue.md): one input per (colour as the perspective sees it, piece type,
 * square as the perspective sees it), the perspective's own pieces first; view 1 mirrors the files (the
 * king-relative layout, game_nnue_view; view 0 always in a net without it); Black's view turns the board
 * top to bottom (rank r becomes 7 - r). The trainer (tools/nnue/train.c) uses this map too, so the two cannot
 * drift apart. */
/* What a side can have (the FEN reader refuses more; no move adds a piece): one king, 16 pieces, 8 pawns. */
enum { MAX_PIECES_PER_SIDE = 16, MAX_PAWNS = 8 };
enum {
    NNUE_INPUTS = 2 * (PIECE_TYPE_NB - 1) * SQUARE_NB,
    NNUE_MAX_ACTIVE = 2 * MAX_PIECES_PER_SIDE, /* inputs on at once: the pieces a board can hold */
    NNUE_SIDE_MOST = MAX_PIECES_PER_SIDE,      /* inputs on at once of one side's groups (below) */
};
/* King-relative inputs (a net whose layout has NNUE_LAYOUT_KING_MIRROR): a perspective whose own king
 * stands on files e to h sees the board with its files mirrored, so that its king stands on files a to d
 * (the rules are the same left and right but for castling, which the inputs do not show). */
static inline int game_nnue_view(Color perspective, int king_sq) { return (void)perspective, king_sq % FILE_NB > 3; }
/* The colour whose king `piece` is, or -1 (the engine and the trainer find the kings for game_nnue_view). */
static inline int game_nnue_king_color(int piece) { return (piece & 7) == KING ? piece >> 3 : -1; }
static inline int game_nnue_feature(Color perspective, int piece, int sq, int view)
{
    const int type = piece & 7, theirs = (piece >> 3) != (int)perspective, file = sq % FILE_NB;
    const int rank = perspective == 0 ? sq / FILE_NB : RANK_NB - 1 - sq / FILE_NB;
    const int seen = rank * FILE_NB + (view ? FILE_NB - 1 - file : file);
    return (theirs * (PIECE_TYPE_NB - 1) + type - 1) * SQUARE_NB + seen;
}
/* The inputs of group g (input / SQUARE_NB: one colour's one piece type) on at once at most: promotions
 * can make 15 queens beside the king, but never more than 8 pawns or one king. */
static inline int game_nnue_group_most(int group)
{
    const int type = group % (PIECE_TYPE_NB - 1) + 1;
    return type == KING ? 1 : type == PAWN ? MAX_PAWNS : MAX_PIECES_PER_SIDE - 1;
}
/* The squares whose contents a move changes (castling also the rook's two squares, en passant the taken
 * pawn's): the net's accumulator is updated from what stood there before the move and after it. */
enum { MOVE_SQUARES_MAX = 4 };

/* Chess's own move writers (position.c, notation.c); the contract reaches them through pos_move_text.
 * Coordinates (e2e4, e7e8q); castling as king takes own rook (e1h1) when chess960 or when the king or
 * rook does not start on its standard square, else as the king's two-square step (e1g1); MOVE_NONE and
 * the null move print 0000. From the move alone a knight promotion (extra 0) cannot be told from a
 * queen, rook, bishop or king move between the same squares, so it prints without its letter:
 * pos_move_to_uci, which sees the board, prints it right. */
void move_to_uci(Move m, bool chess960, char buf[8]);
void pos_move_to_uci(const Position *pos, Move m, bool chess960, char buf[8]);
void pos_move_to_human(const Position *pos, Move m, char buf[16]); /* SAN (Nf3, exd8=Q+, O-O-O); m legal */

#endif
