/*
 * nnue.c - reading a net and evaluating positions with it (nnue.h has the
 * design). The inner loops are whole-register int16 arithmetic: AVX2 where
 * the build has it, NEON on ARM64, WebAssembly SIMD128 in the page, plain C
 * elsewhere (which compilers vectorise for SSE2); all give the same integers.
 */
#include "nnue.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

enum { NNUE_MAX_FILE_BYTES = 64 << 20 }; /* far above any net this format can hold (NNUE_MAX_HIDDEN) */
_Static_assert((int)NNUE_MAX_ACTIVE <= (int)NNUE_MAX_ACTIVE_LIMIT && (int)SQUARE_NB <= (int)NNUE_MAX_SQUARES_LIMIT &&
                   NNUE_INPUTS % SQUARE_NB == 0 && NNUE_INPUTS / SQUARE_NB % 2 == 0 &&
                   NNUE_INPUTS / SQUARE_NB <= NNUE_MAX_GROUPS_LIMIT,
               "the range check counts every piece on every square, in whole groups, half of them a side's");

static NnueNet *refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return NULL;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int16_t get16(const uint8_t *p) { return (int16_t)(uint16_t)((unsigned)p[0] | (unsigned)p[1] << 8); }

void nnue_free(NnueNet *net)
{
    if (!net)
        return;
    free(net->w1);
    free(net->b1);
    free(net->w2);
    free(net);
}

NnueNet *nnue_read(const uint8_t *bytes, size_t size, char *err, size_t errlen)
{
    if (size < NNUE_HEADER_SIZE || memcmp(bytes, NNUE_MAGIC, 8) != 0)
        return refuse(err, errlen, "not a Chariot net (no %s header)", NNUE_MAGIC);
    const uint32_t version = get32(bytes + 8), inputs = get32(bytes + 12), hidden = get32(bytes + 16);
    const uint32_t qa = get32(bytes + 20), qb = get32(bytes + 24), hash = get32(bytes + 28);
    const uint32_t buckets = version == NNUE_VERSION_ONE_BUCKET ? 1 : get32(bytes + NNUE_BUCKETS_AT);
    const uint32_t layout = get32(bytes + NNUE_LAYOUT_AT); /* zero before version 5 */
    char game[NNUE_GAME_NAME_SIZE + 1] = {0};
    memcpy(game, bytes + NNUE_GAME_NAME_AT, NNUE_GAME_NAME_SIZE);
    if (version != NNUE_VERSION && version != NNUE_VERSION_BUCKETS && version != NNUE_VERSION_ONE_BUCKET)
        return refuse(err, errlen, "net format version %u, this engine reads versions %d to %d", version,
                      NNUE_VERSION_ONE_BUCKET, NNUE_VERSION);
    if (buckets == 0 || buckets > NNUE_MAX_BUCKETS)
        return refuse(err, errlen, "%u output buckets: 1 to %d are read", buckets, NNUE_MAX_BUCKETS);
    if (layout && version != NNUE_VERSION)
        return refuse(err, errlen, "layout bits %#x in a version %u net: only version %d has them", layout, version,
                      NNUE_VERSION);
    if (layout & ~(uint32_t)NNUE_LAYOUT_KNOWN)
        return refuse(err, errlen, "layout bits %#x: this engine knows %#x (king-relative inputs, squared ReLU)",
                      layout, (unsigned)NNUE_LAYOUT_KNOWN);
    if (strcmp(game, GAME_NAME) != 0 || inputs != NNUE_INPUTS)
        return refuse(err, errlen, "a net for %.16s with %u inputs, not for %s (%d inputs)", game[0] ? game : "?",
                      inputs, GAME_NAME, NNUE_INPUTS);
    if (hidden == 0 || hidden > NNUE_MAX_HIDDEN || hidden % NNUE_HIDDEN_STEP != 0)
        return refuse(err, errlen, "hidden layer of %u: a multiple of %d up to %d is needed", hidden, NNUE_HIDDEN_STEP,
                      NNUE_MAX_HIDDEN);
    if (qa != NNUE_QA || qb != NNUE_QB || hash != nnue_format_hash(version, inputs, hidden, buckets, layout))
        return refuse(err, errlen, "the header's units or hash do not match (QA %u, QB %u, hash %08x)", qa, qb, hash);
    const size_t want = nnue_file_size(NNUE_INPUTS, hidden, buckets);
    if (size != want)
        return refuse(err, errlen, "%zu bytes where a net of %u hidden units and %u output bucket%s has %zu (%s)", size,
                      hidden, buckets, buckets == 1 ? "" : "s", want, size < want ? "truncated" : "trailing bytes");
    NnueNet *net = calloc(1, sizeof *net);
    const size_t nw1 = (size_t)NNUE_INPUTS * hidden, nw2 = (size_t)buckets * 2 * hidden;
    if (!net || !(net->w1 = malloc(nw1 * 2)) || !(net->b1 = malloc(hidden * 2)) || !(net->w2 = malloc(nw2 * 2))) {
        nnue_free(net);
        return refuse(err, errlen, "out of memory for a net of %u hidden units", hidden);
    }
    net->hidden = (int)hidden;
    net->buckets = (int)buckets;
    net->layout = layout;
    const uint8_t *p = bytes + NNUE_HEADER_SIZE;
    for (size_t i = 0; i < nw1; i++, p += 2)
        net->w1[i] = get16(p);
    for (size_t i = 0; i < hidden; i++, p += 2)
        net->b1[i] = get16(p);
    for (size_t i = 0; i < nw2; i++, p += 2)
        net->w2[i] = get16(p);
    for (size_t k = 0; k < buckets; k++, p += 4)
        net->b2[k] = (int32_t)get32(p);
    for (size_t i = 0; i < nw2; i++)
        if (net->w2[i] <= -NNUE_W2_LIMIT * NNUE_QB || net->w2[i] >= NNUE_W2_LIMIT * NNUE_QB) {
            const int bad = net->w2[i];
            nnue_free(net);
            return refuse(err, errlen, "output weight %zu is %d, outside (-%d, %d): not a trained net", i, bad,
                          NNUE_W2_LIMIT * NNUE_QB, NNUE_W2_LIMIT * NNUE_QB);
        }
    const NnueActive active = nnue_game_active();
    const int32_t acc_most = nnue_worst_accumulator(net->w1, net->b1, hidden, &active);
    if (acc_most > INT16_MAX) {
        nnue_free(net);
        return refuse(err, errlen, "an accumulator could reach %d, beyond int16's %d: not a trained net", acc_most,
                      INT16_MAX);
    }
    uint32_t sum = 2166136261u;
    for (size_t i = NNUE_HEADER_SIZE; i < size; i++)
        sum = (sum ^ bytes[i]) * 16777619u;
    net->checksum = sum;
    return net;
}

NnueNet *nnue_read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return refuse(err, errlen, "cannot read %s: %s", path, strerror(errno));
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? 2 * cap : 1 << 20;
            uint8_t *grown = cap <= NNUE_MAX_FILE_BYTES ? realloc(buf, cap) : NULL;
            if (!grown) {
                free(buf);
                fclose(f);
                return refuse(err, errlen, "%s is larger than any net (%d MiB)", path, NNUE_MAX_FILE_BYTES >> 20);
            }
            buf = grown;
        }
        const size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    const bool bad = ferror(f);
    fclose(f);
    NnueNet *net = bad ? refuse(err, errlen, "cannot read %s", path) : nnue_read(buf, n, err, errlen);
    free(buf);
    return net;
}

/* ---- Accumulators ---------------------------------------------------------- */

static inline void row_add(int16_t *restrict acc, const int16_t *restrict row, int n)
{
    for (int i = 0; i < n; i++)
        acc[i] = (int16_t)(acc[i] + row[i]);
}

static inline void row_sub(int16_t *restrict acc, const int16_t *restrict row, int n)
{
    for (int i = 0; i < n; i++)
        acc[i] = (int16_t)(acc[i] - row[i]);
}

static inline const int16_t *w1_row(const NnueNet *net, Color perspective, int piece, int sq, int view)
{
    return net->w1 + (size_t)game_nnue_feature(perspective, piece, sq, view) * (size_t)net->hidden;
}

/* The view of `c` in this net when its king stands on king_sq: always 0 but in a king-relative net. */
static inline int view_of(const NnueNet *net, Color c, int king_sq)
{
    return (net->layout & NNUE_LAYOUT_KING_MIRROR) && king_sq >= 0 ? game_nnue_view(c, king_sq) : 0;
}

void nnue_refresh(const NnueNet *net, const Position *pos, NnueAccumulator *a)
{
    const int n = net->hidden;
    int pieces = 0, king[2] = {-1, -1};
    if (net->layout & NNUE_LAYOUT_KING_MIRROR)
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            const int c = game_nnue_king_color(pos_piece_on(pos, sq));
            if (c >= 0)
                king[c] = sq;
        }
    for (int c = 0; c < 2; c++) {
        const int view = view_of(net, (Color)c, king[c]);
        a->view[c] = (uint8_t)view;
        memcpy(a->v[c], net->b1, (size_t)n * sizeof *net->b1);
        for (int sq = 0; sq < SQUARE_NB; sq++) {
            const int piece = pos_piece_on(pos, sq);
            if (piece)
                row_add(a->v[c], w1_row(net, (Color)c, piece, sq, view), n), pieces += c == 0;
        }
    }
    a->pieces = (uint8_t)pieces;
    a->computed = true;
}

void nnue_making(NnueAccumulator *child, const Position *pos, Move m)
{
    int sq[MOVE_SQUARES_MAX];
    const int n = pos_move_squares(pos, m, sq);
    child->computed = false;
    child->n = (uint8_t)n;
    for (int i = 0; i < n; i++) {
        child->sq[i] = (uint8_t)sq[i];
        child->before[i] = (uint8_t)pos_piece_on(pos, sq[i]);
    }
}

void nnue_made(NnueAccumulator *child, const Position *pos)
{
    child->king_to[0] = child->king_to[1] = NNUE_NO_KING_MOVE;
    for (int i = 0; i < child->n; i++) {
        child->after[i] = (uint8_t)pos_piece_on(pos, child->sq[i]);
        const int king = game_nnue_king_color(child->after[i]);
        if (king >= 0 && child->after[i] != child->before[i])
            child->king_to[king] = child->sq[i];
    }
}

/* Whether a king move between stack[from] (computed) and stack[ply] changes a colour's view: then the
 * changes recorded cannot be applied to stack[from]'s sums. */
static bool view_changes(const NnueNet *net, const NnueAccumulator *stack, int from, int ply)
{
    if (!(net->layout & NNUE_LAYOUT_KING_MIRROR))
        return false;
    for (int c = 0; c < 2; c++)
        for (int k = from + 1; k <= ply; k++)
            if (stack[k].king_to[c] != NNUE_NO_KING_MOVE &&
                view_of(net, (Color)c, stack[k].king_to[c]) != stack[from].view[c])
                return true;
    return false;
}

/* child = parent with the child's recorded changes. */
static void update(const NnueNet *net, const NnueAccumulator *parent, NnueAccumulator *child)
{
    const int n = net->hidden;
    int pieces = parent->pieces;
    for (int i = 0; i < child->n; i++)
        pieces += (child->after[i] != 0) - (child->before[i] != 0);
    child->pieces = (uint8_t)pieces;
    for (int c = 0; c < 2; c++) {
        const int view = child->view[c] = parent->view[c]; /* no king move here changed it (view_changes) */
        memcpy(child->v[c], parent->v[c], (size_t)n * sizeof *child->v[c]);
        for (int i = 0; i < child->n; i++) {
            if (child->before[i] == child->after[i])
                continue;
            if (child->before[i])
                row_sub(child->v[c], w1_row(net, (Color)c, child->before[i], child->sq[i], view), n);
            if (child->after[i])
                row_add(child->v[c], w1_row(net, (Color)c, child->after[i], child->sq[i], view), n);
        }
    }
    child->computed = true;
}

/* The sum of a register's int32 lanes. */
#if defined(__AVX2__)
static inline int32_t lanes_sum(__m256i v)
{
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4e));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xb1));
    return _mm_cvtsi128_si32(s);
}
#elif defined(__wasm_simd128__)
static inline int32_t lanes_sum(v128_t v)
{
    return wasm_i32x4_extract_lane(v, 0) + wasm_i32x4_extract_lane(v, 1) + wasm_i32x4_extract_lane(v, 2) +
        wasm_i32x4_extract_lane(v, 3);
}
#endif

/* w2 . clip(acc), clip to [0, QA], or w2 . nnue_square(clip(acc)) where `squared` (NNUE_LAYOUT_SCRELU): the
 * square a * a >> 10 is the high half of (a << 3) * (a << 3) (AVX2), of 2 * (a << 2) * (a << 3) (NEON's
 * doubling multiply), or the int32 product shifted and narrowed (SIMD128); it is at most 1022, so the dot
 * stays the int16 x int16 -> int32 sum. */
static inline int32_t hidden_dot(const int16_t *acc, const int16_t *w, int n, bool squared)
{
    _Static_assert(NNUE_SQUARE_SHIFT == 10, "the shifts below make a * a >> 10");
#if defined(__AVX2__)
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(NNUE_QA);
    __m256i sum = _mm256_setzero_si256();
    for (int i = 0; i < n; i += 16) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(acc + i));
        a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        if (squared)
            a = _mm256_slli_epi16(a, 3), a = _mm256_mulhi_epu16(a, a);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(a, _mm256_loadu_si256((const __m256i *)(const void *)(w + i))));
    }
    return lanes_sum(sum);
#elif defined(__ARM_NEON) && defined(__aarch64__)
    const int16x8_t zero = vdupq_n_s16(0), top = vdupq_n_s16(NNUE_QA);
    int32x4_t sum = vdupq_n_s32(0);
    for (int i = 0; i < n; i += 8) {
        int16x8_t a = vminq_s16(vmaxq_s16(vld1q_s16(acc + i), zero), top);
        if (squared)
            a = vqdmulhq_s16(vshlq_n_s16(a, 2), vshlq_n_s16(a, 3));
        const int16x8_t b = vld1q_s16(w + i);
        sum = vmlal_s16(sum, vget_low_s16(a), vget_low_s16(b));
        sum = vmlal_s16(sum, vget_high_s16(a), vget_high_s16(b));
    }
    return vaddvq_s32(sum);
#elif defined(__wasm_simd128__)
    const v128_t zero = wasm_i16x8_splat(0), top = wasm_i16x8_splat(NNUE_QA);
    v128_t sum = wasm_i32x4_splat(0);
    for (int i = 0; i < n; i += 8) {
        v128_t a = wasm_i16x8_min(wasm_i16x8_max(wasm_v128_load(acc + i), zero), top);
        if (squared)
            a = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(wasm_i32x4_extmul_low_i16x8(a, a), NNUE_SQUARE_SHIFT),
                                        wasm_i32x4_shr(wasm_i32x4_extmul_high_i16x8(a, a), NNUE_SQUARE_SHIFT));
        sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(a, wasm_v128_load(w + i)));
    }
    return lanes_sum(sum);
#else
    int32_t sum = 0;
    for (int i = 0; i < n; i++) {
        const int32_t a = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        sum += (squared ? nnue_square(a) : a) * w[i];
    }
    return sum;
#endif
}

static Score output(const NnueNet *net, const NnueAccumulator *a, Color us)
{
    const int n = net->hidden, k = nnue_bucket(a->pieces, net->buckets, NNUE_MAX_ACTIVE);
    const int16_t *w2 = net->w2 + (size_t)k * 2 * (size_t)n;
    const bool squared = net->layout & NNUE_LAYOUT_SCRELU;
    const int64_t sum =
        (int64_t)net->b2[k] + hidden_dot(a->v[us], w2, n, squared) + hidden_dot(a->v[!us], w2 + n, n, squared);
    const int64_t cp = nnue_output_cp(sum, net->layout);
    const int64_t limit = SCORE_RULE_IN_MAX - 1;
    return (Score)(cp > limit ? limit : cp < -limit ? -limit : cp);
}

Score nnue_evaluate(const NnueNet *net, NnueAccumulator *stack, int ply, const Position *pos)
{
    NnueAccumulator *a = &stack[ply];
    if (!a->computed) {
        int from = ply;
        while (from > 0 && !stack[from].computed && ply - from < NNUE_MAX_WALK)
            from--;
        if (stack[from].computed && !view_changes(net, stack, from, ply))
            for (int k = from + 1; k <= ply; k++)
                update(net, &stack[k - 1], &stack[k]);
        else
            nnue_refresh(net, pos, a);
    }
    return output(net, a, pos_side(pos));
}

Score nnue_evaluate_fresh(const NnueNet *net, const Position *pos)
{
    NnueAccumulator a;
    nnue_refresh(net, pos, &a);
    return output(net, &a, pos_side(pos));
}
