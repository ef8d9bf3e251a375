/*
 * types.h - basic types shared by the game-agnostic core and every game.
 *
 * Scores are centipawn-like integers from the side to move's point of view.
 * Mate scores sit near SCORE_MATE and carry the distance in plies from the
 * root: a side that mates in n plies scores SCORE_MATE - n. Just below them
 * lies the band of rule verdicts (a xiangqi side that must repeat a
 * forbidden cycle loses): SCORE_RULE_WIN - n for a rule win n plies away.
 * Such a verdict depends on the path that led to it, so the table never
 * stores a score of that band; the search treats it as decisive like a mate.
 */
#ifndef CHARIOT_TYPES_H
#define CHARIOT_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef int32_t Score;
typedef int Depth;
typedef uint64_t Key;
typedef uint16_t Move; /* a game packs from/to into the low bits; 0 = none */
typedef int Color;     /* 0 = side that moves first (Red, White), 1 = second */
enum { COLOR_FIRST = 0, COLOR_SECOND = 1 };

enum {
    MAX_PLY = 128,           /* deepest search path from the root */
    MAX_DEPTH = MAX_PLY - 2, /* deepest iteration a search can be asked for (go depth, bench, analyze, play) */
    MAX_MOVES = 256,         /* bound on moves generated in one position */
};

enum {
    SCORE_ZERO = 0,
    SCORE_DRAW = 0,
    SCORE_MATE = 30000,
    SCORE_MATE_IN_MAX = SCORE_MATE - MAX_PLY,     /* |v| >= this: a mate score */
    SCORE_RULE_WIN = SCORE_MATE_IN_MAX - 1,       /* a rule verdict at the node itself */
    SCORE_RULE_IN_MAX = SCORE_RULE_WIN - MAX_PLY, /* |v| >= this: a mate or a rule verdict (decisive) */
    SCORE_INF = 30001,
    SCORE_NONE = 30002, /* "no value": never a real score */
};

/* A game's result as a referee states it (game_judge). */
typedef enum { GAME_ONGOING, GAME_FIRST_WINS, GAME_SECOND_WINS, GAME_DRAWN } GameResult;
static inline const char *game_result_str(GameResult r) /* as PGN writes it */
{
    return r == GAME_FIRST_WINS ? "1-0" : r == GAME_SECOND_WINS ? "0-1" : r == GAME_DRAWN ? "1/2-1/2" : "*";
}

/* How a game draws its board for a person (pos_print_board; `play`). */
typedef struct {
    bool colour; /* ANSI colours */
    bool native; /* the game's own figures: Chinese characters (xiangqi), chess symbols (chess); else letters */
    bool flip;   /* seen from the side that moves second */
    Move last;   /* marked on the board: its from and to squares in brackets; MOVE_NONE: none */
} BoardStyle;

/* How a move is written or read (pos_move_text, pos_parse_move_text): the coordinates the protocols speak,
 * in the dialect the host asked for, or the notations people read. A game without a style falls back to
 * its plain coordinates. */
typedef enum {
    MOVE_STYLE_COORD,       /* h2e2, e2e4, e7e8q; chess castling as the king's two-square step */
    MOVE_STYLE_FAIRY_RANKS, /* xiangqi ranks 1-10, as Fairy-Stockfish's UCI writes them (h3e3, a10a9) */
    MOVE_STYLE_CHESS960,    /* chess castling as king takes own rook (e1h1) */
    MOVE_STYLE_HUMAN,       /* the notation players read (GAME_NOTATION: WXF, SAN) */
    MOVE_STYLE_NATIVE,      /* the game's own players' notation (Chinese 炮二平五, SAN) */
} MoveStyle;
enum { MOVE_TEXT_MAX = 16 }; /* bytes a move's text needs in any style, the NUL included */

#ifndef CHARIOT_VERSION /* the Makefile's VERSION (git describe); --version, the protocols' "id name" */
#define CHARIOT_VERSION "0.1"
#endif

#define MOVE_NONE ((Move)0)

static inline Score score_mate_in(int ply) { return SCORE_MATE - ply; }
static inline Score score_mated_in(int ply) { return -SCORE_MATE + ply; }
static inline bool score_is_mate(Score s) { return s >= SCORE_MATE_IN_MAX || s <= -SCORE_MATE_IN_MAX; }
static inline Score score_rule_win_in(int ply) { return SCORE_RULE_WIN - ply; }
static inline Score score_rule_lost_in(int ply) { return -SCORE_RULE_WIN + ply; }
/* A mate or a rule verdict: the search neither prunes on it nor trusts an evaluation there. */
static inline bool score_is_decisive(Score s) { return s >= SCORE_RULE_IN_MAX || s <= -SCORE_RULE_IN_MAX; }
static inline bool score_is_rule(Score s) { return score_is_decisive(s) && !score_is_mate(s); }
/* Plies to a rule verdict for a score of that band: > 0 the side to move wins by the rule. */
static inline int score_rule_plies(Score s) { return s > 0 ? SCORE_RULE_WIN - s : -(SCORE_RULE_WIN + s); }
/* Moves to mate for a mate score: > 0 the side to move mates, < 0 it is mated. */
static inline int score_mate_moves(Score s) { return s > 0 ? (SCORE_MATE - s + 1) / 2 : -(SCORE_MATE + s) / 2; }

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }
static inline int iclamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

#endif
