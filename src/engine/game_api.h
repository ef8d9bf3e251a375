/*
 * game_api.h - THE contract every game implements, declared once.
 *
 * The engine and the front ends are compiled once per game against that
 * game's `game.h` (found through -Isrc/xiangqi or -Isrc/chess). A game's
 * `game.h` holds only what differs in shape between games: its types
 * (Position, PosState, the piece and square enums, GenKind, RuleResult),
 * its constants and feature macros (GAME_NAME, GAME_STARTPOS, ...) and the
 * small inline functions that the search calls at every node. Every
 * function a game must define is declared here, with the reason the engine
 * needs it (docs/contract.md has the table); a game's sources include this
 * header too, so a definition that drifts from its declaration does not
 * compile. The inline functions are declared here a second time for the same
 * reason: a game whose `pos_in_check` took other arguments fails to build.
 *
 * Nothing here knows a rule of any game. Whatever is declared in a
 * `game.h` and not here belongs to that game alone (its tests may use it;
 * the engine and the front ends may not).
 */
#ifndef CHARIOT_GAME_API_H
#define CHARIOT_GAME_API_H

#include "types.h"

#include "game.h"

/* --- Inline in game.h: called at every node, so the compiler must see them. --- */
static inline Color pos_side(const Position *pos);        /* side to move */
static inline Key pos_key(const Position *pos);           /* Zobrist key of the position */
static inline Key pos_structure_key(const Position *pos); /* key of the slow-moving pieces (correction history) */
static inline bool pos_in_check(const Position *pos);     /* side to move is in check */
static inline int move_from(Move m);                      /* the move's squares: history tables */
static inline int move_to(Move m);
static inline int pos_piece_on(const Position *pos, int sq);    /* piece code, 0 = empty: history [piece][to] */
static inline bool pos_is_capture(const Position *pos, Move m); /* m takes a piece (m pseudo-legal) */
/* The moves GEN_NOISY generates: the picker tries them first, quiescence searches only them, reductions
 * and quiet histories leave them alone (captures; in chess also en passant and queen promotions). */
static inline bool pos_is_noisy(const Position *pos, Move m);
static inline Score game_no_move_score(const Position *pos, int ply); /* value when the side to move has no move */
static inline const char *game_color_name(Color c);                   /* "Red", "White", ... */
static inline int pos_rule_counter(const Position *pos);              /* plies counted by the move-count rule */
/* The net's input for `piece` on `sq` seen from `perspective` in view 0 or 1 (1: the files mirrored),
 * below NNUE_INPUTS (nnue.c, tools/nnue/train.c). */
static inline int game_nnue_feature(Color perspective, int piece, int sq, int view);
/* The view a king-relative net (NNUE_LAYOUT_KING_MIRROR) takes for `perspective` whose own king stands on
 * king_sq: 0 or 1; and the colour whose king a piece code is, -1 for any other piece. */
static inline int game_nnue_view(Color perspective, int king_sq);
static inline int game_nnue_king_color(int piece);
/* How many inputs of group g (input / SQUARE_NB: one colour's one piece type, the perspective's own
 * groups first) a position can have on at once; NNUE_SIDE_MOST of either half, NNUE_MAX_ACTIVE in all. */
static inline int game_nnue_group_most(int group);

/* --- Setup and text. --- */
void game_init(void);                  /* tables the game needs (attacks, keys); before any position is set */
void game_set_key_seed(uint64_t seed); /* new Zobrist keys (the table laboratory); set positions again after */
/* A FEN error leaves `pos` unchanged and says why in `err`. */
bool pos_set_fen(Position *pos, const char *fen, char *err, size_t errlen);
void pos_get_fen(const Position *pos, char *buf, size_t len);
void pos_print(const Position *pos, char *buf, size_t len); /* a plain diagram (the protocols' `d`) */
/* The board as a player reads it: letters or the game's own figures, colours, flipped, the last move marked. */
void pos_print_board(const Position *pos, const BoardStyle *style, char *buf, size_t len);

/* Move text. One writer and one reader, each with a style (types.h: MoveStyle): the coordinates the
 * protocols speak (ranks 1-10 as Fairy-Stockfish writes xiangqi; castling as king takes rook in Chess960),
 * the notation people read (WXF, SAN) and the game's own (Chinese, SAN). A style a game does not have
 * falls back to its coordinates. `buf` holds MOVE_TEXT_MAX bytes; m is legal in pos, or MOVE_NONE. */
void pos_move_text(const Position *pos, Move m, MoveStyle style, char *buf);
Move pos_parse_move_text(const Position *pos, const char *text, MoveStyle style); /* a legal move or MOVE_NONE */
void move_to_str(Move m, char buf[8]);                       /* coordinates without a position (logs, the laboratory) */
Move pos_parse_move(const Position *pos, const char *text);  /* coordinates: a legal move or MOVE_NONE */
Move pos_parse_human(const Position *pos, const char *text); /* any notation a player may type */
/* A line of moves in the notation people read (with move numbers where the game writes them). */
void pos_pv_to_human(const Position *pos, const Move *pv, int n, char *buf, size_t len);

/* --- State and checks. --- */
Key pos_compute_key(const Position *pos); /* from scratch, for the debug checks */
bool pos_ok(const Position *pos, const char **why);
void pos_set_root(Position *pos);     /* the current ply becomes the search root (repetition rules) */
void pos_trim_history(Position *pos); /* keep room for a search: drop the oldest plies */

/* --- Moves. --- */
void pos_make(Position *pos, Move m);
void pos_unmake(Position *pos);
void pos_make_null(Position *pos);
void pos_unmake_null(Position *pos);
/* The squares whose contents m (pseudo-legal, not yet made) changes, at most MOVE_SQUARES_MAX: the net's
 * accumulator is updated from their contents before and after the move. Returns how many. */
int pos_move_squares(const Position *pos, Move m, int sq[MOVE_SQUARES_MAX]);
int gen_moves(const Position *pos, Move *out, GenKind kind); /* pseudo-legal */
int gen_legal(const Position *pos, Move *out);
bool pos_is_pseudo_legal(const Position *pos, Move m); /* any 14-bit value is safe: table moves can be stale */
bool pos_is_legal(const Position *pos, Move m);        /* m must be pseudo-legal */
bool pos_gives_check(Position *pos, Move m);           /* m legal; pos is not changed */

/* --- Knowledge the search uses. --- */
int pos_mvv_lva(const Position *pos, Move m);                /* capture ordering key, bigger first */
bool pos_see_ge(const Position *pos, Move m, int threshold); /* static exchange >= threshold */
int pos_see(const Position *pos, Move m);
Score eval_evaluate(const Position *pos); /* the fitted evaluation, side to move's view */
/* Its terms in words, one line (the `eval` command: the explained second opinion beside the net's score).
 * Returns the length written (truncated to len - 1). */
size_t eval_explain(const Position *pos, char *buf, size_t len);
void pos_refresh_eval(Position *pos);  /* recompute the current ply's incremental evaluation (the tuner) */
bool pos_null_ok(const Position *pos); /* the side to move has material that makes a null move safe */
/* Repetition / move-count / dead-material verdict here, as the search sees it: a repetition counts when
 * its earlier occurrence lies after the search root, or when the position occurred twice before. */
RuleResult pos_rule_status(const Position *pos);
int pos_repetitions(const Position *pos); /* earlier occurrences of this position in the rule's window */
bool pos_insufficient_material(const Position *pos);
#ifdef GAME_REPETITION_RULES /* a game whose repetitions are judged by rules that can be chosen and explained */
bool pos_set_repetition_rule(Position *pos, const char *name); /* a GAME_REPETITION_RULES name, any case */
/* Why a repetition verdict fell (`chariot judge --explain`): the cycle back to the position's first
 * occurrence, each move's side, check, the pieces it held under chase (and by which), those it newly
 * chased, and each side's level. Returns the length written (truncated to len - 1). */
size_t game_judge_explain(const Position *pos, char *buf, size_t len);
#endif
#ifdef GAME_HAS_CHESS960 /* a game whose castling may start from other squares (Chess960) */
/* Are the castling rights those of the standard game (king on e1/e8, rook in its corner)? Else `why` names the
 * right that is not: a Chess960 position, which the protocols take only with UCI_Chess960 (or fischerandom). */
bool pos_castling_standard(const Position *pos, char *why, size_t len);
#endif
/* Is the game over here (play, judge, the protocols' notes): the result, and why in words ("checkmate",
 * "Red chased the black rook perpetually", "60-move rule"); GAME_ONGOING leaves `why` empty. */
GameResult game_judge(const Position *pos, char *why, size_t len);

/* --- Fixed data (benchdata.c): bench's deterministic signature and the table laboratory. --- */
extern const char *const GAME_BENCH_FENS[];
extern const int GAME_BENCH_FEN_COUNT;
extern const char *const GAME_LAB_GAMES[]; /* "FEN|move move ..." */
extern const int GAME_LAB_GAME_COUNT;

#endif
