/*
 * game.h - the one contract between the game-agnostic core and a game.
 *
 * The core (search, table, protocols) includes only this header. A second
 * game would supply its own game.h with the same functions in a sibling
 * folder. The Position struct is visible so that threads can copy it, but
 * the core never reads its fields: it uses the functions below.
 *
 * Xiangqi board: 9 files (a-i) x 10 ranks (0-9), square index
 * sq = rank * 9 + file, so a0 = 0, i9 = 89. Red (colour 0) starts on ranks
 * 0-4 and moves first. A move packs from | to << 7 into 14 bits; 0 is
 * "no move" (a0a0 can never be a move).
 */
#ifndef CHARIOT_GAME_H
#define CHARIOT_GAME_H

#include "types.h"

#define GAME_NAME "xiangqi"
#define GAME_PROGRAM "chariot" /* the program's name in its usage and messages */
#define GAME_NOTATION "WXF"  /* the notation people read (analyze, play) */
#define GAME_HAS_UCCI 1        /* UCCI is a xiangqi protocol */
#define GAME_HAS_FAIRY_RANKS 1 /* UCI ranks 1-10 as Fairy-Stockfish writes them (option FairyRanks) */
#define GAME_MOVE_EXAMPLE "h2e2 or C2.5"
#define GAME_MOVE_HELP                                                                                       \
    "Moves: ICCS like h2e2 (also H2-E2), WXF like C2.5, H8+7, R9+1, H++7, or Chinese like 炮二平五.\n"     \
    "  Pieces on the board: K king, A advisor, B (WXF E) elephant, N (WXF H) horse,\n"                      \
    "  R rook, C cannon, P pawn; Red upper case, Black lower case."
#define GAME_STARTPOS "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
#define GAME_NATIVE_BOARD "chinese" /* play --board: the game's own figures (Chinese characters) */
#define GAME_PGN_TAGS "[Game \"Chinese Chess\"]\n[Format \"WXF\"]\n" /* PGN as xiangqi programs write it */

enum { RED = 0, BLACK = 1 };
enum { SQUARE_NB = 90, FILE_NB = 9, RANK_NB = 10 };
enum { MOVE_INDEX_NB = 1 << 14 }; /* a move is a valid index below this */
enum { MAX_GAME_PLY = 1024 };     /* game history kept (older plies are trimmed) */

/* Piece codes: colour * 8 + type; 0 = empty. */
enum PieceType { NO_TYPE, KING, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN, PIECE_TYPE_NB };
enum { PIECE_NB = 16 };

typedef enum { GEN_CAPTURES, GEN_QUIETS, GEN_ALL } GenKind;

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
    uint16_t rule60;  /* plies since the last capture */
    int16_t psq;      /* incremental material + placement, Red's view */
} PosState;

/* Each piece keeps a fixed slot for its whole life: colour * 16 +
 * 0 king, 1-2 advisors, 3-4 elephants, 5-6 horses, 7-8 rooks, 9-10 cannons,
 * 11-15 pawns. Generators walk the slots instead of the 90 squares. */
enum { SLOT_NB = 32, SLOT_NONE = 0xff };

typedef struct Position {
    uint8_t board[SQUARE_NB]; /* piece code on each square */
    uint8_t slot_at[SQUARE_NB]; /* slot of the piece on each square, SLOT_NONE if empty */
    uint8_t sq_of[SLOT_NB];     /* square of each slot, SLOT_NONE once captured */
    Color side;               /* side to move */
    uint8_t king[2];          /* king squares */
    uint16_t count[PIECE_NB]; /* pieces of each code on the board */
    int ply;                  /* index of the current state in st[] */
    int root_ply;             /* ply of the search root (for repetition rules) */
    int game_ply;             /* plies of the game: from the FEN's move number, incl. trimmed ones */
    uint8_t rep_rule;         /* RepetitionRule that judges cycles (pos_set_fen: REP_RULE_AXF) */
    PosState st[MAX_GAME_PLY + MAX_PLY + 8];
} Position;

#define MOVE_NULL ((Move)(1 | (1 << 7)))

/* Setup and text. */
void game_init(void);
bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen); /* on error pos is unchanged */
void pos_get_fen(const Position *pos, char *buf, size_t len);
void move_to_str(Move m, char buf[8]);
/* Move text for the protocols; `chess960` (how chess writes castling) means nothing in xiangqi. */
static inline void move_to_uci(Move m, bool chess960, char buf[8]) { (void)chess960, move_to_str(m, buf); }
/* The same with the position the move is played from (chess needs it to name a knight promotion). */
static inline void pos_move_to_uci(const Position *pos, Move m, bool chess960, char buf[8])
{
    (void)pos, move_to_uci(m, chess960, buf);
}
Move pos_parse_move(const Position *pos, const char *text); /* a legal move or MOVE_NONE */
void pos_print(const Position *pos, char *buf, size_t len);  /* board diagram */

/* State. */
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
/* The moves GEN_CAPTURES generates: the search orders them first and quiescence searches them. */
static inline bool pos_is_noisy(const Position *pos, Move m) { return pos_is_capture(pos, m); }
/* The value of a position whose side to move has no legal move: in xiangqi a loss, stalemated or mated. */
static inline Score game_no_move_score(const Position *pos, int ply) { return (void)pos, score_mated_in(ply); }
static inline const char *game_color_name(Color c) { return c == RED ? "Red" : "Black"; }
Key pos_compute_key(const Position *pos); /* from scratch, for checks */
bool pos_ok(const Position *pos, const char **why);
void pos_set_root(Position *pos); /* the current ply becomes the search root */
void pos_trim_history(Position *pos); /* keep room for a search: drop the oldest plies */

/* Moves. */
void pos_make(Position *pos, Move m);
void pos_unmake(Position *pos);
void pos_make_null(Position *pos);
void pos_unmake_null(Position *pos);
int gen_moves(const Position *pos, Move *out, GenKind kind); /* pseudo-legal */
int gen_legal(const Position *pos, Move *out);
bool pos_is_pseudo_legal(const Position *pos, Move m);
bool pos_is_legal(const Position *pos, Move m); /* m must be pseudo-legal */
bool pos_gives_check(Position *pos, Move m);
uint64_t pos_perft(Position *pos, int depth);

/* Knowledge used by the search. */
int pos_mvv_lva(const Position *pos, Move m);         /* capture ordering key, bigger first */
bool pos_see_ge(const Position *pos, Move m, int threshold); /* static exchange >= threshold */
int pos_see(const Position *pos, Move m);
Score eval_evaluate(const Position *pos);
void pos_refresh_eval(Position *pos); /* recompute the incremental evaluation of the current ply (the tuner, after the weights change) */
bool pos_null_ok(const Position *pos); /* side to move has material that makes null move safe */
/* Repetition / move-count verdict here, as the search sees it: a repetition counts when its earlier
 * occurrence lies after the search root, or when the position occurred twice before. */
RuleResult pos_rule_status(const Position *pos);
bool pos_set_repetition_rule(Position *pos, const char *name); /* a GAME_REPETITION_RULES name, any case */
int pos_repetitions(const Position *pos); /* earlier occurrences of this position in the no-capture window */
bool pos_insufficient_material(const Position *pos);

/* Fixed data for bench and the table laboratory (benchdata.c). */
extern const char *const GAME_BENCH_FENS[];
extern const int GAME_BENCH_FEN_COUNT;
extern const char *const GAME_LAB_GAMES[]; /* "FEN|move move ..." */
extern const int GAME_LAB_GAME_COUNT;
void game_set_key_seed(uint64_t seed); /* new Zobrist keys; set positions again afterwards */
/* Notation for people (notation.c): WXF (C2.5, H8+7, H++7, 35+1) and ICCS. */
void pos_move_to_wxf(const Position *pos, Move m, char buf[8]); /* m legal in pos */
void pos_pv_to_wxf(const Position *pos, const Move *pv, int n, char *buf, size_t len);
Move pos_parse_wxf(const Position *pos, const char *text);   /* a legal move or MOVE_NONE */
Move pos_parse_human(const Position *pos, const char *text); /* ICCS (h2e2, H2-E2), WXF or Chinese */
void pos_move_to_chinese(const Position *pos, Move m, char buf[16]); /* 炮二平五 (chinese.c); m legal in pos */
Move pos_parse_chinese(const Position *pos, const char *text);      /* a legal move or MOVE_NONE */
/* The notation of the game's own players: Chinese (chess: SAN). */
static inline void pos_move_to_native(const Position *pos, Move m, char buf[16]) { pos_move_to_chinese(pos, m, buf); }
/* The contract's names for the notation people read (GAME_NOTATION). */
static inline void pos_move_to_human(const Position *pos, Move m, char buf[16]) { pos_move_to_wxf(pos, m, buf); }
static inline void pos_pv_to_human(const Position *pos, const Move *pv, int n, char *buf, size_t len)
{
    pos_pv_to_wxf(pos, pv, n, buf, len);
}
/* Is the game over here (play, judge, the protocols' notes): the result, and why in words ("checkmate",
 * "Red chased the black rook perpetually", "60-move rule"); GAME_ONGOING leaves `why` empty. */
GameResult game_judge(const Position *pos, char *why, size_t len);
/* The board as a player reads it: coordinates, the river; letters or Chinese characters, colours, flipped,
 * the last move marked as `style` says (display.c). */
void pos_print_board(const Position *pos, const BoardStyle *style, char *buf, size_t len);
static inline int pos_rule60(const Position *pos) { return pos->st[pos->ply].rule60; } /* plies since a capture */

#endif
