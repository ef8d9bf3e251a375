/*
 * game.h - the one contract between the game-agnostic core and a game:
 * international chess (with Chess960 castling).
 *
 * The core includes only this header (built with -Isrc/engine -Isrc/chess).
 * The Position struct is visible so that threads can copy it, but the core
 * never reads its fields: it uses the functions below.
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

#define GAME_NAME "chess"
#define GAME_PROGRAM "chariot-chess" /* the program's name in its usage and messages */
#define GAME_NOTATION "SAN"   /* the notation people read (analyze, play) */
#define GAME_HAS_CHESS960 1   /* UCI_Chess960: castling written as king takes own rook */
#define GAME_MOVE_EXAMPLE "e2e4 or Nf3"
#define GAME_MOVE_HELP                                                                                       \
    "Moves: SAN like Nf3, exd5, O-O, e8=Q (+ and # optional, 0-0 and e8Q too)\n"                           \
    "  or coordinates like e2e4, e7e8q, e1g1 (castling also as king takes own rook, e1h1).\n"              \
    "  Pieces on the board: K king, Q queen, R rook, B bishop, N knight, P pawn;\n"                       \
    "  White upper case, Black lower case."
#define GAME_STARTPOS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define GAME_NATIVE_BOARD "symbols" /* play --board: the game's own figures (chess symbols) */
#define GAME_PGN_TAGS ""            /* standard PGN: nothing beyond the seven tags */

enum { WHITE = 0, BLACK = 1 };
enum { SQUARE_NB = 64, FILE_NB = 8, RANK_NB = 8 };
enum { MOVE_INDEX_NB = 1 << 14 }; /* a move is a valid index below this */
enum { MAX_GAME_PLY = 1024 };     /* game history kept (older plies are trimmed) */

/* Piece codes: colour * 8 + type; 0 = empty. */
enum PieceType { NO_TYPE, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB };
enum { PIECE_NB = 16 };

typedef enum { GEN_CAPTURES, GEN_QUIETS, GEN_ALL } GenKind;

/* Rule verdict for the current node (repetition, fifty moves, dead material). */
typedef enum { RULE_NONE, RULE_DRAW, RULE_WIN, RULE_LOSS } RuleResult;

typedef uint64_t Bitboard; /* bit sq set = square sq in the set */

/* What one ply changed, kept so that unmake and the rules can look back
 * (40 bytes; the core copies the whole history per thread and per search). */
typedef struct {
    Key key;            /* key after the move */
    Key struct_key;     /* key of the pawns and kings only */
    Bitboard checkers;  /* enemy pieces giving check to the side to move (0: not in check) */
    Move move;          /* the move that led here (MOVE_NONE at the start, null = MOVE_NULL) */
    uint8_t captured;   /* piece code captured by that move, 0 if none */
    uint8_t castling;   /* castling rights here: CASTLE_* bits (board.h) */
    uint8_t ep;         /* en-passant square, only when a pawn can legally take there; SQ_NONE otherwise */
    uint8_t promoted;   /* that move promoted a pawn (unmake puts the pawn back) */
    uint16_t rule50;    /* plies since the last capture or pawn move */
    int16_t psq_mg;     /* incremental material + placement, White's view, middlegame */
    int16_t psq_eg;     /* the same for the endgame */
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

/* Setup and text. */
void game_init(void);
bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen); /* on error pos is unchanged */
void pos_get_fen(const Position *pos, char *buf, size_t len);
/* Are the castling rights those of standard chess (king on e1/e8, rook in its corner)? Else why names the
 * right that is not: a Chess960 position, which needs UCI_Chess960 (or XBoard's fischerandom). */
bool pos_castling_standard(const Position *pos, char *why, size_t len);
/* Coordinates (e2e4, e7e8q); castling as king takes own rook (e1h1) when chess960 or when the king or
 * rook does not start on its standard square, else as the king's two-square step (e1g1); MOVE_NONE and
 * the null move print 0000. From the move alone a knight
 * promotion (extra 0) cannot be told from a queen, rook, bishop or king move between the same
 * squares, so it prints without its letter: pos_move_to_uci, which sees the board, prints it right. */
void move_to_uci(Move m, bool chess960, char buf[8]);
static inline void move_to_str(Move m, char buf[8]) { move_to_uci(m, false, buf); }
void pos_move_to_uci(const Position *pos, Move m, bool chess960, char buf[8]);
Move pos_parse_move(const Position *pos, const char *text); /* a legal move or MOVE_NONE */
void pos_print(const Position *pos, char *buf, size_t len);  /* board diagram */

/* State. */
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
/* The moves GEN_CAPTURES generates: captures (en passant included) and queen promotions. */
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
/* Plies since the last capture or pawn move (the contract's name comes from xiangqi's 60-move rule). */
static inline int pos_rule60(const Position *pos) { return pos->st[pos->ply].rule50; }
Key pos_compute_key(const Position *pos); /* from scratch, for checks */
bool pos_ok(const Position *pos, const char **why);
void pos_set_root(Position *pos);     /* the current ply becomes the search root */
void pos_trim_history(Position *pos); /* keep room for a search: drop the oldest plies */

/* Moves. */
void pos_make(Position *pos, Move m);
void pos_unmake(Position *pos);
void pos_make_null(Position *pos);
void pos_unmake_null(Position *pos);
int gen_moves(const Position *pos, Move *out, GenKind kind); /* pseudo-legal; castling only when legal */
int gen_legal(const Position *pos, Move *out);
bool pos_is_pseudo_legal(const Position *pos, Move m); /* any 14-bit value is safe */
bool pos_is_legal(const Position *pos, Move m);        /* m must be pseudo-legal */
bool pos_gives_check(Position *pos, Move m);           /* m legal; pos is not changed */
uint64_t pos_perft(Position *pos, int depth);

/* Knowledge used by the search. */
int pos_mvv_lva(const Position *pos, Move m);                /* capture ordering key, bigger first */
bool pos_see_ge(const Position *pos, Move m, int threshold); /* static exchange >= threshold */
int pos_see(const Position *pos, Move m);
Score eval_evaluate(const Position *pos);
void pos_refresh_eval(Position *pos); /* recompute the incremental evaluation of the current ply (the tuner, after the weights change) */
bool pos_null_ok(const Position *pos);            /* side to move has a piece other than pawns and king */
RuleResult pos_rule_status(const Position *pos);  /* fifty moves / repetition / dead material verdict here */
int pos_repetitions(const Position *pos);         /* earlier occurrences of this position in the fifty-move window */
bool pos_insufficient_material(const Position *pos);

/* Fixed data for bench and the table laboratory (benchdata.c). */
extern const char *const GAME_BENCH_FENS[];
extern const int GAME_BENCH_FEN_COUNT;
extern const char *const GAME_LAB_GAMES[]; /* "FEN|move move ..." */
extern const int GAME_LAB_GAME_COUNT;
void game_set_key_seed(uint64_t seed); /* new Zobrist keys; set positions again afterwards */

/* Notation for people (notation.c): SAN (Nf3, exd8=Q+, O-O-O, Rae1, Qh4#). */
void pos_move_to_human(const Position *pos, Move m, char buf[16]); /* m legal in pos */
void pos_pv_to_human(const Position *pos, const Move *pv, int n, char *buf, size_t len);
Move pos_parse_human(const Position *pos, const char *text); /* SAN or coordinates; a legal move or MOVE_NONE */
/* The notation of the game's own players: SAN. */
static inline void pos_move_to_native(const Position *pos, Move m, char buf[16]) { pos_move_to_human(pos, m, buf); }
/* Is the game over here, and why, in words for players (play, judge): mate, stalemate, a rule verdict. */
GameResult game_judge(const Position *pos, char *why, size_t len);
/* The board as a player reads it: coordinates, optional ANSI colours. */
void pos_print_board(const Position *pos, const BoardStyle *style, char *buf, size_t len); /* letters or chess symbols */

#endif
