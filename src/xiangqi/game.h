/*
 * game.h - xiangqi's side of the contract: its types, constants and the
 * inline functions the search calls at every node. The functions every game
 * defines are declared once, in src/engine/game_api.h (which includes this
 * file); what is declared here and not there is xiangqi's own. The Position
 * struct is visible so that threads can copy it, but the engine never reads
 * its fields: it uses the contract's functions.
 *
 * Xiangqi board: 9 files (a-i) x 10 ranks (0-9), square index
 * sq = rank * 9 + file, so a0 = 0, i9 = 89. Red (colour 0) starts on ranks
 * 0-4 and moves first. A move packs from | to << 7 into 14 bits; 0 is
 * "no move" (a0a0 can never be a move).
 */
#ifndef CHARIOT_GAME_H
#define CHARIOT_GAME_H

#include "types.h"

#define GAME_NAME            "xiangqi"
#define GAME_PROGRAM         "chariot" /* the program's name in its usage and messages */
#define GAME_NOTATION        "WXF"     /* the notation people read (analyze, play) */
#define GAME_HAS_UCCI        1         /* UCCI is a xiangqi protocol */
#define GAME_HAS_FAIRY_RANKS 1         /* UCI ranks 1-10 as Fairy-Stockfish writes them (option FairyRanks) */
#define GAME_MOVE_EXAMPLE    "h2e2 or C2.5"
#define GAME_MOVE_HELP                                                                                                 \
    "Moves: ICCS like h2e2 (also H2-E2), WXF like C2.5, H8+7, R9+1, H++7, or Chinese like 炮二平五.\n"             \
    "  Pieces on the board: K king, A advisor, B (WXF E) elephant, N (WXF H) horse,\n"                                 \
    "  R rook, C cannon, P pawn; Red upper case, Black lower case."
#define GAME_STARTPOS     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define GAME_NATIVE_BOARD "chinese" /* play --board: the game's own figures (Chinese characters) */
#define GAME_PGN_TAGS     "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n" /* PGN as xiangqi programs write it */
/* The weakened levels' ratings in this game with the embedded net (src/engine/skill.h): Skill Levels 0, 5,
 * 10 and 15 measured against Fairy-Stockfish 11.1 at a fixed UCI_Elo, level 19 against level 15 (level 15
 * already beats the top UCI_Elo, 57 games of 60, so its reading and level 19's are the least sure;
 * docs/strength.md, "Strength for humans"); UCI_Elo runs from the first to the last, and its default is
 * level 5's. */
#define GAME_ELO_MIN     1720 /* level 0 */
#define GAME_ELO_DEFAULT 1860 /* level 5 */
#define GAME_ELO_MAX     3910 /* level 19 */
#define GAME_LEVEL_ELO   GAME_ELO_MIN, GAME_ELO_DEFAULT, 2410, 3360, GAME_ELO_MAX
/* datagen's default budget a move: the one whose games trained the better net for the same search nodes
 * (625 beat 1250 by +44.5 +- 21.2; docs/nnue.md, "Xiangqi: the budget per move"). */
#define GAME_DATAGEN_NODES 625

enum { RED = 0, BLACK = 1 };
enum { SQUARE_NB = 90, FILE_NB = 9, RANK_NB = 10 };
enum { MOVE_INDEX_NB = 1 << 14 }; /* a move is a valid index below this */
enum { MAX_GAME_PLY = 1024 };     /* game history kept (older plies are trimmed) */

/* Piece codes: colour * 8 + type; 0 = empty. */
enum PieceType { NO_TYPE, KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN, PIECE_TYPE_NB };
enum { PIECE_NB = 16 };

typedef enum { GEN_NOISY, GEN_QUIETS, GEN_ALL } GenKind; /* noisy: the captures */

/* Rule verdict for the current node (repetition, move-count rule). */
typedef enum { RULE_NONE, RULE_DRAW, RULE_WIN, RULE_LOSS } RuleResult;

/* Which repeating cycles lose (docs/rules.md): AXF, the Asian rules (perpetual check, then perpetual
 * chase); CheckOnly, perpetual check alone (Chariot before the chase rule, for matches that measure it). */
typedef enum { REP_RULE_AXF, REP_RULE_CHECK_ONLY, REP_RULE_NB } RepetitionRule;
#define GAME_REPETITION_RULES "AXF CheckOnly" /* the option's values, in RepetitionRule order */

/* What one ply changed, kept so that unmake and the rules can look back. */
typedef struct {
    Key key;          /* key after the move */
    Key struct_key;   /* key of the slow-changing part: kings, advisors, elephants, pawns */
    Move move;        /* the move that led here (MOVE_NONE at the start, null = MOVE_NULL) */
    uint8_t cap_slot; /* piece slot captured by that move, SLOT_NONE if none */
    uint8_t checked;  /* side to move here is in check */
    uint16_t rule60;  /* plies since the last capture (the 60-move rule) */
    int16_t psq;      /* incremental material + placement, Red's view */
} PosState;

/* Each piece keeps a fixed slot for its whole life: colour * 16 +
 * 0 king, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 rooks, 9-10 cannons,
 * 11-15 pawns. Generators walk the slots instead of the 90 squares. */
enum { SLOT_NB = 32, SLOT_NONE = 0xff };

typedef struct Position {
    uint8_t board[SQUARE_NB];   /* piece code on each square */
    uint8_t slot_at[SQUARE_NB]; /* slot of the piece on each square, SLOT_NONE if empty */
    uint8_t sq_of[SLOT_NB];     /* square of each slot, SLOT_NONE once captured */
    Color side;                 /* side to move */
    uint8_t king[2];            /* king squares */
    uint16_t count[PIECE_NB];   /* pieces of each code on the board */
    int ply;                    /* index of the current state in st[] */
    int root_ply;               /* ply of the search root (for repetition rules) */
    int game_ply;               /* plies of the game: from the FEN's move number, incl. trimmed ones */
    uint8_t rep_rule;           /* RepetitionRule that judges cycles (pos_set_fen: REP_RULE_AXF) */
    PosState st[MAX_GAME_PLY + MAX_PLY + 8];
} Position;

#define MOVE_NULL ((Move)(1 | (1 << 7)))

/* State, inline: the search calls these at every node. */
static inline Color pos_side(const Position *pos) { return pos->side; }
static inline Key pos_key(const Position *pos) { return pos->st[pos->ply].key; }
/* Key of the pieces that move rarely and slowly (kings, advisors, elephants,
 * pawns): the search's correction history learns per structure. */
static inline Key pos_structure_key(const Position *pos) { return pos->st[pos->ply].struct_key; }
static inline bool pos_in_check(const Position *pos) { return pos->st[pos->ply].checked; }
static inline int move_from(Move m) { return m & 0x7f; }
static inline int move_to(Move m) { return (m >> 7) & 0x7f; }
static inline Move move_make(int from, int to) { return (Move)(from | (to << 7)); }
static inline int pos_piece_on(const Position *pos, int sq) { return pos->board[sq]; }
static inline bool pos_is_capture(const Position *pos, Move m) { return pos->board[move_to(m)] != 0; }
/* The moves GEN_NOISY generates: the captures. */
static inline bool pos_is_noisy(const Position *pos, Move m) { return pos_is_capture(pos, m); }
/* The value of a position whose side to move has no legal move: in xiangqi a loss, stalemated or mated. */
static inline Score game_no_move_score(const Position *pos, int ply) { return (void)pos, score_mated_in(ply); }
static inline const char *game_color_name(Color c) { return c == RED ? "Red" : "Black"; }
/* Plies since the last capture: the 60-move rule's counter (the referee's "60-move rule"). */
static inline int pos_rule_counter(const Position *pos) { return pos->st[pos->ply].rule60; }

/* The net's feature map (docs/nnue.md): one input per (colour as the perspective sees it, piece type,
 * square as the perspective sees it), the perspective's own pieces first; view 1 mirrors the files (the
 * king-relative layout, game_nnue_view; view 0 always in a net without it); Black's view turns the board
 * top to bottom (rank r becomes 9 - r). The trainer (tools/nnue/train.c) uses this map too, so the two cannot
 * drift apart. */
/* The most pieces of a type a side can have (the FEN reader refuses more; no move adds one): 16 in all. */
static inline int piece_type_most(int type)
{
    static const int most[PIECE_TYPE_NB] = {0, 1, 2, 2, 2, 2, 2, 5};
    return most[type];
}
enum {
    NNUE_INPUTS = 2 * (PIECE_TYPE_NB - 1) * SQUARE_NB,
    NNUE_MAX_ACTIVE = 32, /* inputs on at once: the pieces a board can hold, 16 a side */
    NNUE_SIDE_MOST = 16,  /* inputs on at once of one side's groups (below) */
};
/* King-relative inputs (a net whose layout has NNUE_LAYOUT_KING_MIRROR): a perspective whose own general
 * stands on file f sees the board with its files mirrored, so that its general stands on file d or e. The
 * rules are the same left and right, so the mirrored board is the same position to play. */
static inline int game_nnue_view(Color perspective, int king_sq) { return (void)perspective, king_sq % FILE_NB > 4; }
/* The colour whose king `piece` is, or -1 (the engine and the trainer find the kings for game_nnue_view). */
static inline int game_nnue_king_color(int piece) { return (piece & 7) == KING ? piece >> 3 : -1; }
static inline int game_nnue_feature(Color perspective, int piece, int sq, int view)
{
    const int type = piece & 7, theirs = (piece >> 3) != (int)perspective, file = sq % FILE_NB;
    const int rank = perspective == 0 ? sq / FILE_NB : RANK_NB - 1 - sq / FILE_NB;
    const int seen = rank * FILE_NB + (view ? FILE_NB - 1 - file : file);
    return (theirs * (PIECE_TYPE_NB - 1) + type - 1) * SQUARE_NB + seen;
}
/* The inputs of group g (input / SQUARE_NB: one colour's one piece type) on at once at most. */
static inline int game_nnue_group_most(int group) { return piece_type_most(group % (PIECE_TYPE_NB - 1) + 1); }
/* The squares whose contents a move changes (a xiangqi move: its two): the net's accumulator is updated
 * from what stood there before the move and after it. */
enum { MOVE_SQUARES_MAX = 2 };

/* Xiangqi's own notations (notation.c, chinese.c): WXF (C2.5, H8+7, H++7, 35+1) and Chinese (炮二平五).
 * The contract reaches them through pos_move_text and pos_parse_move_text; the game's tests call them. */
void pos_move_to_wxf(const Position *pos, Move m, char buf[8]); /* m legal in pos */

Move pos_parse_wxf(const Position *pos, const char *text);           /* a legal move or MOVE_NONE */
void pos_move_to_chinese(const Position *pos, Move m, char buf[16]); /* m legal in pos */
Move pos_parse_chinese(const Position *pos, const char *text);       /* a legal move or MOVE_NONE */

#endif
