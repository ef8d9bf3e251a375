/*
 * nnue_format.h - the file format of Chariot's nets, shared by the engine
 * (nnue.c reads it) and the trainer (tools/train.c writes it). It knows no
 * game: the number of inputs comes from the game's feature map.
 *
 * A net file, little-endian (docs/nnue.md):
 *   header, NNUE_HEADER_SIZE bytes:
 *     0  magic "CHRTNNUE"          8 bytes
 *     8  version                   uint32, NNUE_VERSION
 *    12  inputs                    uint32, the game's NNUE_INPUTS
 *    16  hidden                    uint32, N: a multiple of NNUE_HIDDEN_STEP up to NNUE_MAX_HIDDEN
 *    20  QA, 24 QB                 uint32, the integer units below
 *    28  hash                      uint32, nnue_format_hash(inputs, hidden)
 *    32  reserved (zero)           8 bytes
 *    40  game name                 NUL-padded, 16 bytes
 *    56  reserved (zero)           8 bytes
 *   then w1 int16[inputs][hidden], b1 int16[hidden], w2 int16[2 * hidden], b2 int32:
 *   nnue_file_size(inputs, hidden) bytes in all.
 *
 * The net: a perspective net (inputs -> N) x 2 -> 1. Each side's accumulator is b1 plus the w1 rows of
 * its active inputs (int16, 1.0 = QA); the output is b2 + w2 . [clip(acc of the side to move), clip(acc
 * of the other side)], clip to [0, QA], w2 at 1.0 = QB, b2 at 1.0 = QA * QB; times NNUE_OUTPUT_CP / (QA
 * * QB) it is the evaluation in centipawns of the side to move.
 *
 * The units: version 2 had QA 255 and QB 256, and its integer net was 13 centipawns on average from the float
 * one (the shipped xiangqi net); QA 1023 and QB 512 (version 3) bring that to 2.3 (docs/nnue.md). An
 * accumulator holds |sum| < 32.0 in int16 at QA 1023 (the shipped nets' worst case over 32 pieces, one a
 * square, is 11.5 and 31.0; the trainer prints it and writes no net that could leave int16, the engine
 * loads none: nnue_worst_accumulator); |w2| < NNUE_W2_LIMIT (the shipped nets' largest 1.9 and 1.6) keeps the output
 * layer's sum inside int32, and the engine refuses a file whose w2 leaves that range.
 */
#ifndef CHARIOT_NNUE_FORMAT_H
#define CHARIOT_NNUE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define NNUE_MAGIC "CHRTNNUE"
enum {
    NNUE_VERSION = 3,
    NNUE_HEADER_SIZE = 64,
    NNUE_QA = 1023,       /* the hidden layer's integer unit: 1.0 = QA, the clip's top */
    NNUE_QB = 512,        /* the output layer's integer unit */
    NNUE_OUTPUT_CP = 400, /* the net's output (1.0) in centipawns */
    NNUE_MAX_HIDDEN = 512,
    NNUE_HIDDEN_STEP = 16, /* N is a multiple of this: whole SIMD registers */
    NNUE_GAME_NAME_AT = 40,
    NNUE_GAME_NAME_SIZE = 16,
    NNUE_W2_LIMIT = 4, /* |w2| < 4.0: the trainer clips the output weights there when it quantises */
};
_Static_assert(NNUE_GAME_NAME_AT + NNUE_GAME_NAME_SIZE <= NNUE_HEADER_SIZE, "the game's name fits the header");
_Static_assert(NNUE_MAX_HIDDEN % NNUE_HIDDEN_STEP == 0, "the largest net is whole registers");
_Static_assert((int64_t)NNUE_QA *NNUE_QB *NNUE_W2_LIMIT * 2 * NNUE_MAX_HIDDEN < INT32_MAX,
               "the output layer's sum stays inside int32");

/* A hash of the sizes and the units, so that a file made for another net layout is refused. */
static inline uint32_t nnue_format_hash(uint32_t inputs, uint32_t hidden)
{
    uint32_t h = 2166136261u;
    const uint32_t fields[] = {NNUE_VERSION, inputs, hidden, NNUE_QA, NNUE_QB, NNUE_OUTPUT_CP};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        for (int b = 0; b < 4; b++)
            h = (h ^ ((fields[i] >> (8 * b)) & 255u)) * 16777619u;
    return h;
}

/* The sum of the max_active largest of v[0..n) (each >= 0); max_active <= NNUE_MAX_ACTIVE_LIMIT. */
enum { NNUE_MAX_ACTIVE_LIMIT = 64, NNUE_MAX_SQUARES_LIMIT = 128 };
static inline int32_t nnue_sum_of_largest(const int32_t *v, size_t n, int max_active)
{
    int32_t top[NNUE_MAX_ACTIVE_LIMIT] = {0}; /* the largest so far, largest first */
    for (size_t i = 0; i < n; i++) {
        if (v[i] <= top[max_active - 1])
            continue;
        int k = max_active - 1;
        for (; k > 0 && top[k - 1] < v[i]; k--)
            top[k] = top[k - 1];
        top[k] = v[i];
    }
    int32_t sum = 0;
    for (int k = 0; k < max_active; k++)
        sum += top[k];
    return sum;
}

/* The range of hidden unit j's integer accumulator, in integer units: the feature map puts each input on
 * a square (input % squares, the contract's game_nnue_feature), and a square holds one piece, so at most
 * one input of a square is on, and at most max_active inputs in all (every piece on the board). The
 * accumulator is b1 plus its weights of the inputs on: at most b1 plus the max_active largest of each
 * square's most positive weight (*high), at least b1 minus the max_active largest of each square's most
 * negative one (*low). */
static inline void nnue_unit_range(const int16_t *w1, int16_t b1, size_t inputs, size_t hidden, size_t j,
                                   int max_active, size_t squares, int32_t *high, int32_t *low)
{
    int32_t up[NNUE_MAX_SQUARES_LIMIT] = {0}, down[NNUE_MAX_SQUARES_LIMIT] = {0};
    for (size_t i = 0; i < inputs; i++) {
        const int32_t w = w1[i * hidden + j];
        const size_t sq = i % squares;
        up[sq] = w > up[sq] ? w : up[sq];
        down[sq] = -w > down[sq] ? -w : down[sq];
    }
    *high = b1 + nnue_sum_of_largest(up, squares, max_active);
    *low = b1 - nnue_sum_of_largest(down, squares, max_active);
}

/* The largest |value| an integer accumulator can reach (nnue_unit_range), over the hidden units. The
 * trainer writes no net, and the engine loads none, where this exceeds INT16_MAX; the trainer keeps its
 * float net inside a smaller limit as it trains (tools/train.c, --acc-limit). (Incremental updates may
 * pass through sums outside int16 between two positions; int16 arithmetic wraps, so a position's sum is
 * still exact.) */
static inline int32_t nnue_worst_accumulator(const int16_t *w1, const int16_t *b1, size_t inputs, size_t hidden,
                                             int max_active, size_t squares)
{
    int32_t worst = 0;
    for (size_t j = 0; j < hidden; j++) {
        int32_t high, low;
        nnue_unit_range(w1, b1[j], inputs, hidden, j, max_active, squares, &high, &low);
        worst = high > worst ? high : worst;
        worst = -low > worst ? -low : worst;
    }
    return worst;
}

static inline size_t nnue_file_size(size_t inputs, size_t hidden)
{
    return NNUE_HEADER_SIZE + 2 * (inputs * hidden + hidden + 2 * hidden) + 4;
}

#endif
