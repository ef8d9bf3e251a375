/*
 * nnue.h - the learned evaluation: a perspective net (NNUE_INPUTS -> N) x 2
 * -> 1 over the game's feature map (game_nnue_feature), read from the format
 * of nnue_format.h, evaluated with int16 arithmetic.
 *
 * Design: each search thread keeps one NnueAccumulator per ply. Making a
 * move records, in the child's entry, what stood on the squares the move
 * changes (pos_move_squares) before and after it; nothing is computed then.
 * An evaluation at ply p walks back to the nearest ply whose accumulator is
 * computed and applies the recorded changes forward (each a few w1 rows
 * added or taken away, for both perspectives), or, when none is near, sums
 * the rows of every piece afresh. Accumulators are kept by colour, so a
 * null move only copies; the side to move picks which comes first in the
 * output layer, and the pieces on the board which of its buckets is read. In
 * a king-relative net (NNUE_LAYOUT_KING_MIRROR) each colour's half is kept in
 * the view its king's square gives it (game_nnue_view); a king move that
 * changes a colour's view cannot be applied as a change, so the evaluation
 * that meets one sums the position afresh. The engine owns this arithmetic; a
 * game owns only its map.
 */
#ifndef CHARIOT_NNUE_H
#define CHARIOT_NNUE_H

#include "game_api.h"
#include "nnue_format.h"

typedef struct NnueNet {
    int hidden;      /* N */
    int16_t *w1;     /* [NNUE_INPUTS][N]: the hidden layer's row of each input */
    int16_t *b1;     /* [N] */
    int buckets;     /* B: output buckets, chosen by the pieces on the board (nnue_bucket) */
    uint32_t layout; /* NNUE_LAYOUT_* bits: NNUE_LAYOUT_KING_MIRROR, each colour's view by its king */
    int16_t *w2;     /* [B][2 * N]: each bucket's side-to-move half first */
    int32_t b2[NNUE_MAX_BUCKETS];
    uint32_t checksum; /* of the weights (FNV-1a), shown by `eval` */
    char source[256];  /* "embedded" or the file it was read from */
} NnueNet;

/* What a position of this game can have on at once, from the contract: the range check's counts
 * (nnue_format.h, nnue_unit_range). */
static inline NnueActive nnue_game_active(void)
{
    NnueActive a = {.squares = SQUARE_NB,
                    .max_active = NNUE_MAX_ACTIVE,
                    .side_most = NNUE_SIDE_MOST,
                    .groups = NNUE_INPUTS / SQUARE_NB};
    for (int g = 0; g < a.groups; g++)
        a.group_most[g] = (uint8_t)game_nnue_group_most(g);
    return a;
}

/* A square's image in the board mirrored left to right (file a <-> the last file). */
static inline int nnue_file_mirror(int sq) { return sq - sq % FILE_NB + FILE_NB - 1 - sq % FILE_NB; }

/* The view each colour takes (game_nnue_view, 0 or 1) of a position given as its n pieces' squares and codes,
 * in a net of `layout`: by its own king's square in a king-relative layout, 0 otherwise; with mirror_files,
 * of the position mirrored left to right (the trainer's --mirror twin). The trainer and the tests read a
 * position's inputs this way; the engine finds the kings on its board (nnue_refresh), and the tests hold the
 * two equal. */
static inline void nnue_views(uint32_t layout, const uint8_t *square, const uint8_t *piece, int n, bool mirror_files,
                              int view[2])
{
    view[0] = view[1] = 0;
    for (int p = 0; (layout & NNUE_LAYOUT_KING_MIRROR) && p < n; p++) {
        const int sq = square[p], king = game_nnue_king_color(piece[p]);
        if (king >= 0)
            view[king] = game_nnue_view((Color)king, mirror_files ? nnue_file_mirror(sq) : sq);
    }
}

/* The game's net, compiled into the binary from nets/GAME.nnue (the Makefile writes build/net_GAME.c);
 * size 0 where the game has none yet. */
extern const unsigned char NNUE_EMBEDDED[];
extern const size_t NNUE_EMBEDDED_SIZE;

typedef struct {
    int16_t v[2][NNUE_MAX_HIDDEN]; /* by colour: b1 + the rows of the pieces as that colour sees them */
    bool computed;
    uint8_t pieces;               /* on the board: picks the output bucket */
    uint8_t view[2];              /* each colour's game_nnue_view, when computed */
    uint8_t king_to[2];           /* where the move into this ply took each colour's king, NNUE_NO_KING_MOVE if not */
    uint8_t n;                    /* squares the move into this ply changed */
    uint8_t sq[MOVE_SQUARES_MAX]; /* which */
    uint8_t before[MOVE_SQUARES_MAX], after[MOVE_SQUARES_MAX]; /* piece codes, 0 = empty */
} NnueAccumulator;

enum { NNUE_MAX_WALK = 12 }; /* plies an evaluation walks back before it sums afresh */
enum { NNUE_NO_KING_MOVE = 0xff };

/* Reads a net from the bytes of a file. NULL: not a net of this game (err says why); the net is the
 * caller's (nnue_free). */
NnueNet *nnue_read(const uint8_t *bytes, size_t size, char *err, size_t errlen);
NnueNet *nnue_read_file(const char *path, char *err, size_t errlen);
void nnue_free(NnueNet *net);

/* Before pos_make(pos, m) / pos_make_null: the child's entry starts recording; after it, nnue_made. */
void nnue_making(NnueAccumulator *child, const Position *pos, Move m);
void nnue_made(NnueAccumulator *child, const Position *pos);
static inline void nnue_making_null(NnueAccumulator *child)
{
    child->computed = false, child->n = 0;
    child->king_to[0] = child->king_to[1] = NNUE_NO_KING_MOVE;
}

/* The evaluation of pos, the position at `ply` of `stack` (stack[0] is the root; an entry with computed
 * false and no computed entry before it within NNUE_MAX_WALK is summed afresh). Side to move's view. */
Score nnue_evaluate(const NnueNet *net, NnueAccumulator *stack, int ply, const Position *pos);
/* The same from nothing (the `eval` command, the tests). */
Score nnue_evaluate_fresh(const NnueNet *net, const Position *pos);
void nnue_refresh(const NnueNet *net, const Position *pos, NnueAccumulator *a);

#endif
