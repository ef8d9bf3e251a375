/*
 * nnue_format.h - the file format of Chariot's nets, shared by the engine
 * (nnue.c reads it) and the trainer (tools/nnue/train.c writes it). It knows no
 * game: the number of inputs comes from the game's feature map.
 *
 * A net file, little-endian (docs/nnue.md):
 *   header, NNUE_HEADER_SIZE bytes:
 *     0  magic "CHRTNNUE"          8 bytes
 *     8  version                   uint32, NNUE_VERSION
 *    12  inputs                    uint32, the game's NNUE_INPUTS
 *    16  hidden                    uint32, N: a multiple of NNUE_HIDDEN_STEP up to NNUE_MAX_HIDDEN
 *    20  QA, 24 QB                 uint32, the integer units below
 *    28  hash                      uint32, nnue_format_hash(version, inputs, hidden, buckets, layout)
 *    32  buckets                   uint32, B: output buckets, 1 to NNUE_MAX_BUCKETS (versions 4, 5; zero in 3)
 *    36  layout                    uint32, NNUE_LAYOUT_* bits (version 5; zero in 3 and 4)
 *    40  game name                 NUL-padded, 16 bytes
 *    56  reserved (zero)           8 bytes
 *   then w1 int16[inputs][hidden], b1 int16[hidden], w2 int16[B][2 * hidden], b2 int32[B]:
 *   nnue_file_size(inputs, hidden, B) bytes in all.
 *
 * The net: a perspective net (inputs -> N) x 2 -> B, of which one output is read. Each side's accumulator
 * is b1 plus the w1 rows of its active inputs (int16, 1.0 = QA); the output is b2[k] + w2[k] . [clip(acc of
 * the side to move), clip(acc of the other side)], clip to [0, QA], w2 at 1.0 = QB, b2 at 1.0 = QA * QB,
 * where k is the position's bucket by the pieces on the board (nnue_bucket); times NNUE_OUTPUT_CP / (QA *
 * QB) it is the evaluation in centipawns of the side to move. A net of one bucket is written as version 3,
 * the layout before buckets (the nets shipped so far), and read as either; a net of several buckets as
 * version 4; a net whose layout has a bit set (NNUE_LAYOUT_KING_MIRROR: each perspective sees the board with
 * its files mirrored when its own king stands where the game says, game_nnue_view) as version 5, which an
 * engine that reads only versions 3 and 4 refuses by its version rather than reading its inputs wrongly.
 * NNUE_LAYOUT_SCRELU, another layout bit, squares the clipped hidden values before the output layer: the
 * output is b2[k] + w2[k] . [sq(clip(acc of the side to move)), sq(clip(acc of the other side))], where
 * sq(a) = a * a / 1024 rounded down (nnue_square: a in [0, QA] gives [0, 1022], an int16 again, whose unit is
 * QA * QA / 1024), and b2 is in units of QA * QA / 1024 * QB (nnue_output_cp); an engine that knows
 * only the first bit refuses such a net by its layout bits.
 *
 * The units: version 2 had QA 255 and QB 256, and its integer net was 13 centipawns on average from the float
 * one (the shipped xiangqi net); QA 1023 and QB 512 (version 3) bring that to 2.3 (docs/nnue.md). An
 * accumulator holds |sum| < 32.0 in int16 at QA 1023 (the worst case over the positions the game accepts,
 * nnue_worst_accumulator below: the trainer prints it and writes no net that could leave int16, the engine
 * loads none; docs/nnue.md gives the shipped nets'); |w2| < NNUE_W2_LIMIT keeps the output layer's sum
 * inside int32, and the engine refuses a file whose w2 leaves that range.
 */
#ifndef CHARIOT_NNUE_FORMAT_H
#define CHARIOT_NNUE_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NNUE_MAGIC "CHRTNNUE"
enum {
    NNUE_VERSION = 5,            /* a layout field: king-relative inputs */
    NNUE_VERSION_BUCKETS = 4,    /* output buckets, no layout field */
    NNUE_VERSION_ONE_BUCKET = 3, /* the layout of a net of one bucket, as before buckets */
    NNUE_HEADER_SIZE = 64,
    NNUE_BUCKETS_AT = 32,
    NNUE_LAYOUT_AT = 36,
    NNUE_LAYOUT_KING_MIRROR = 1, /* a perspective's files mirrored by its own king's square (game_nnue_view) */
    NNUE_LAYOUT_SCRELU = 2,      /* the hidden values squared after the clip (nnue_square) */
    NNUE_LAYOUT_KNOWN = NNUE_LAYOUT_KING_MIRROR | NNUE_LAYOUT_SCRELU,
    NNUE_SQUARE_SHIFT = 10, /* nnue_square: a * a >> this keeps a squared QA (1023) inside int16 */
    NNUE_MAX_BUCKETS = 8,
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

/* A hash of the sizes and the units, so that a file made for another net layout is refused (version 3's
 * hash has no bucket count: it is the hash the nets before buckets carry; versions 3 and 4 have no layout). */
static inline uint32_t nnue_format_hash(uint32_t version, uint32_t inputs, uint32_t hidden, uint32_t buckets,
                                        uint32_t layout)
{
    uint32_t h = 2166136261u;
    const uint32_t fields[] = {version, inputs, hidden, NNUE_QA, NNUE_QB, NNUE_OUTPUT_CP, buckets, layout};
    const size_t nfields =
        sizeof fields / sizeof fields[0] - (version < NNUE_VERSION) - (version == NNUE_VERSION_ONE_BUCKET);
    for (size_t i = 0; i < nfields; i++)
        for (int b = 0; b < 4; b++)
            h = (h ^ ((fields[i] >> (8 * b)) & 255u)) * 16777619u;
    return h;
}

/* The output bucket of a position with `pieces` pieces on the board (kings included), of `buckets`: the
 * range 1..max_active cut into equal parts, the fewest pieces first (chess and xiangqi: 8 buckets of 4). The
 * trainer and the engine both call this. */
static inline int nnue_bucket(int pieces, int buckets, int max_active)
{
    const int k = (pieces - 1) * buckets / max_active;
    return k < 0 ? 0 : k >= buckets ? buckets - 1 : k;
}

/* What a board can hold, as the range check counts it: the game's feature map puts input i on square
 * i % squares (a square holds one piece) and in group i / squares (one colour's one piece type as the
 * perspective sees it, the perspective's own groups first), and the game's rules cap how many pieces a
 * group and a side can have (the contract's NNUE_MAX_ACTIVE, NNUE_SIDE_MOST, game_nnue_group_most). */
enum { NNUE_MAX_ACTIVE_LIMIT = 64, NNUE_MAX_SQUARES_LIMIT = 128, NNUE_MAX_GROUPS_LIMIT = 32 };
typedef struct {
    size_t squares;                            /* an input's square: input % squares */
    int max_active;                            /* inputs on at once in all: the pieces a board holds */
    int side_most;                             /* inputs on at once in either half of the groups: a side's */
    int groups;                                /* inputs / squares, even: the first half the perspective's */
    uint8_t group_most[NNUE_MAX_GROUPS_LIMIT]; /* inputs of the group on at once: its pieces a side can have */
    bool squares_only; /* the bound by squares alone (the trainer's --acc-count squares: nets before 2026-11-28) */
} NnueActive;

/* Keeps top[0..k) the k largest values offered so far, largest first (top starts all 0: values <= 0 are
 * never kept). */
static inline void nnue_keep_largest(int32_t *top, int k, int32_t v)
{
    if (k == 0 || v <= top[k - 1])
        return;
    int i = k - 1;
    for (; i > 0 && top[i - 1] < v; i--)
        top[i] = top[i - 1];
    top[i] = v;
}

static inline int32_t nnue_sum(const int32_t *v, int n)
{
    int32_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += v[i];
    return sum;
}

/* The most the inputs on at once can add to hidden unit j's accumulator through their weights' positive
 * parts (sign 1) or negative parts (sign -1), part(i) = max(0, sign * w1[i][j]). Two bounds, each above
 * every position's sum, the smaller taken. By squares: at most one input of a square is on, at most
 * a->max_active in all, so the max_active largest of each square's largest part. By pieces: at most
 * a->group_most[g] inputs of group g and a->side_most of either side's groups, so for each side the
 * side_most largest of its groups' group_most largest parts (much the smaller where a group's count is
 * small: a king's inputs add one part, not one a square). */
static inline int32_t nnue_most_added(const int16_t *w1, size_t hidden, size_t j, int sign, const NnueActive *a)
{
    int32_t by_square[NNUE_MAX_SQUARES_LIMIT] = {0}, top_square[NNUE_MAX_ACTIVE_LIMIT] = {0};
    int32_t pieces = 0;
    for (int side = 0; side < 2; side++) {
        int32_t top_side[NNUE_MAX_ACTIVE_LIMIT] = {0};
        for (int g = side * a->groups / 2; g < (side + 1) * a->groups / 2; g++) {
            const int most = a->group_most[g] < a->side_most ? a->group_most[g] : a->side_most;
            int32_t top_group[NNUE_MAX_ACTIVE_LIMIT] = {0};
            for (size_t sq = 0; sq < a->squares; sq++) {
                const int32_t w = sign * w1[((size_t)g * a->squares + sq) * hidden + j];
                nnue_keep_largest(top_group, most, w);
                by_square[sq] = w > by_square[sq] ? w : by_square[sq];
            }
            for (int k = 0; k < most; k++)
                nnue_keep_largest(top_side, a->side_most, top_group[k]);
        }
        pieces += nnue_sum(top_side, a->side_most);
    }
    for (size_t sq = 0; sq < a->squares; sq++)
        nnue_keep_largest(top_square, a->max_active, by_square[sq]);
    const int32_t squares = nnue_sum(top_square, a->max_active);
    return pieces < squares && !a->squares_only ? pieces : squares;
}

/* The range of hidden unit j's integer accumulator, in integer units: b1 plus the most its positive
 * weights can add (*high), b1 less the most its negative ones can take away (*low). w1 holds
 * a->groups * a->squares inputs. */
static inline void nnue_unit_range(const int16_t *w1, int16_t b1, size_t hidden, size_t j, const NnueActive *a,
                                   int32_t *high, int32_t *low)
{
    *high = b1 + nnue_most_added(w1, hidden, j, 1, a);
    *low = b1 - nnue_most_added(w1, hidden, j, -1, a);
}

/* The largest |value| an integer accumulator can reach (nnue_unit_range), over the hidden units. The
 * trainer writes no net, and the engine loads none, where this exceeds INT16_MAX; the trainer keeps its
 * float net inside a smaller limit as it trains (tools/nnue/train.c, --acc-limit). (Incremental updates may
 * pass through sums outside int16 between two positions; int16 arithmetic wraps, so a position's sum is
 * still exact.) */
static inline int32_t nnue_worst_accumulator(const int16_t *w1, const int16_t *b1, size_t hidden, const NnueActive *a)
{
    int32_t worst = 0;
    for (size_t j = 0; j < hidden; j++) {
        int32_t high, low;
        nnue_unit_range(w1, b1[j], hidden, j, a, &high, &low);
        worst = high > worst ? high : worst;
        worst = -low > worst ? -low : worst;
    }
    return worst;
}

/* The version a net of `buckets` output buckets and `layout` is written in: the oldest that holds it, so
 * that the nets made before a version are made again byte for byte. */
static inline uint32_t nnue_version_for(uint32_t buckets, uint32_t layout)
{
    return layout ? NNUE_VERSION : buckets > 1 ? NNUE_VERSION_BUCKETS : NNUE_VERSION_ONE_BUCKET;
}

static inline size_t nnue_file_size(size_t inputs, size_t hidden, size_t buckets)
{
    return NNUE_HEADER_SIZE + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets;
}

/* A clipped hidden value a in [0, QA] squared, in its unit QA * QA >> NNUE_SQUARE_SHIFT (NNUE_LAYOUT_SCRELU):
 * at most 1022, so the output layer's dot stays the int16 x int16 -> int32 sum of the plain net. */
static inline int32_t nnue_square(int32_t a) { return a * a >> NNUE_SQUARE_SHIFT; }
_Static_assert(NNUE_QA *NNUE_QA >> NNUE_SQUARE_SHIFT <= NNUE_QA, "a squared value is no larger than a plain one");

/* The float value 1.0 of the output layer's sum of a net of `layout`: QA * QB, or for a squared net
 * QA * QA / 1024 * QB (its hidden values' unit times w2's). The trainer quantises b2 with it. */
static inline double nnue_output_unit(uint32_t layout)
{
    return layout & NNUE_LAYOUT_SCRELU ? (double)NNUE_QA * NNUE_QA / (1 << NNUE_SQUARE_SHIFT) * NNUE_QB
                                       : (double)NNUE_QA * NNUE_QB;
}

/* The output layer's sum of a net of `layout` (b2 + w2 . [h(acc of the side to move), h(acc of the other)], h the
 * clipped value or its square, the units above) in centipawns, rounded toward zero: how the engine and the
 * trainer turn it into a score, written once. */
static inline int64_t nnue_output_cp(int64_t sum, uint32_t layout)
{
    if (!(layout & NNUE_LAYOUT_SCRELU))
        return sum * NNUE_OUTPUT_CP / ((int64_t)NNUE_QA * NNUE_QB);
    return sum * NNUE_OUTPUT_CP * (1 << NNUE_SQUARE_SHIFT) / ((int64_t)NNUE_QA * NNUE_QA * NNUE_QB);
}

/* The integer net's output in centipawns for a position given as the active inputs each perspective sees
 * (ours[0..n): the side to move's, theirs[0..n): the other side's; w2 and b2 its bucket's): each accumulator
 * b1 plus the w1 rows of its inputs, clipped to [0, QA] (and squared, nnue_square, in a net of
 * NNUE_LAYOUT_SCRELU), dotted with its half of w2 (the side to move's first), plus b2, through
 * nnue_output_cp. Scalar and slow: the reference the engine's SIMD arithmetic must equal
 * (tests/test_nnue.c) and the trainer measures its quantised net with. */
static inline int64_t nnue_reference_output(const int16_t *w1, const int16_t *b1, const int16_t *w2, int32_t b2,
                                            size_t hidden, const uint16_t *ours, const uint16_t *theirs, int n,
                                            uint32_t layout)
{
    int64_t sum = b2;
    for (int half = 0; half < 2; half++) {
        const uint16_t *in = half == 0 ? ours : theirs;
        for (size_t j = 0; j < hidden; j++) {
            int32_t acc = b1[j];
            for (int i = 0; i < n; i++)
                acc += w1[(size_t)in[i] * hidden + j];
            acc = acc < 0 ? 0 : acc > NNUE_QA ? NNUE_QA : acc;
            if (layout & NNUE_LAYOUT_SCRELU)
                acc = nnue_square(acc);
            sum += (int64_t)acc * w2[(size_t)half * hidden + j];
        }
    }
    return nnue_output_cp(sum, layout);
}

#endif
