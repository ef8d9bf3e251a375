/*
 * test_nnue.c - the learned evaluation's arithmetic and file checks, for each game (src/nnue/nnue.c).
 * A net of random weights (built here in the file format) evaluates random games: after every move the
 * accumulator kept incrementally (and lazily, several plies at once, through null moves) must equal a
 * fresh sum, and the score the fresh one gives. Files that are not a net of this game are refused with
 * the reason, and a refused EvalFile keeps the net in use. The trainer's side (loss falls, the quantised
 * net stays near the float net, the engine loads what it wrote) is tests/train_test.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "engine.h"
#include "nnue.h"
#include "thread.h"

enum { TEST_HIDDEN = 32, TEST_GAMES = 24, TEST_PLIES = 160 };

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return rng_state;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int b = 0; b < 4; b++)
        p[b] = (uint8_t)(v >> (8 * b));
}

/* A net file of random weights (w1 in [-QA/4, QA/4], so that some sums clip at 0 and at QA) with `buckets`
 * output buckets and `layout`: version 3's layout for one bucket, version 4's for more, version 5's with a
 * layout (nnue_format.h). */
static uint8_t *random_net_file(size_t *size, int hidden, int buckets, uint32_t layout)
{
    *size = nnue_file_size(NNUE_INPUTS, (size_t)hidden, (size_t)buckets);
    uint8_t *b = calloc(1, *size);
    if (!b)
        return NULL;
    memcpy(b, NNUE_MAGIC, 8);
    const uint32_t version = nnue_version_for((uint32_t)buckets, layout);
    const uint32_t fields[] = {
        version, NNUE_INPUTS, (uint32_t)hidden,
        NNUE_QA, NNUE_QB,     nnue_format_hash(version, NNUE_INPUTS, (uint32_t)hidden, (uint32_t)buckets, layout)};
    for (size_t i = 0; i < 6; i++)
        put32(b + 8 + 4 * i, fields[i]);
    if (version != NNUE_VERSION_ONE_BUCKET)
        put32(b + NNUE_BUCKETS_AT, (uint32_t)buckets);
    put32(b + NNUE_LAYOUT_AT, layout);
    snprintf((char *)b + NNUE_GAME_NAME_AT, NNUE_GAME_NAME_SIZE, "%s", GAME_NAME);
    const size_t first = (size_t)NNUE_INPUTS * (size_t)hidden + (size_t)hidden; /* w1 and b1 */
    const size_t words = first + (size_t)buckets * 2 * (size_t)hidden;
    uint8_t *p = b + NNUE_HEADER_SIZE;
    for (size_t i = 0; i < words; i++, p += 2) {
        const int range = i < (size_t)NNUE_INPUTS * (size_t)hidden ? NNUE_QA / 4 * 2 + 1 : 401;
        const int v = (int)(rng() % (uint64_t)range) - range / 2 + (i >= first ? 0 : 8);
        p[0] = (uint8_t)(v & 255), p[1] = (uint8_t)((unsigned)v >> 8 & 255);
    }
    for (int k = 0; k < buckets; k++, p += 4)
        put32(p, (uint32_t)(int32_t)(rng() % 200001) - 100000u);
    return b;
}

static bool same_accumulator(const NnueNet *net, const NnueAccumulator *a, const NnueAccumulator *b)
{
    for (int c = 0; c < 2; c++)
        if (memcmp(a->v[c], b->v[c], (size_t)net->hidden * sizeof a->v[c][0]))
            return false;
    return a->pieces == b->pieces; /* the output bucket's count */
}

static void test_incremental(const NnueNet *net)
{
    static Position pos;
    static NnueAccumulator stack[TEST_PLIES + 2];
    int mismatches = 0, evaluated = 0, nulls = 0, out_of_range = 0;
    const NnueActive active = nnue_game_active();
    int32_t high[TEST_HIDDEN], low[TEST_HIDDEN];
    for (int j = 0; j < net->hidden && j < TEST_HIDDEN; j++)
        nnue_unit_range(net->w1, net->b1[j], (size_t)net->hidden, (size_t)j, &active, &high[j], &low[j]);
    for (int g = 0; g < TEST_GAMES; g++) {
        char err[160];
        const char *fen = GAME_BENCH_FENS[g % GAME_BENCH_FEN_COUNT];
        if (!pos_set_fen(&pos, fen, err, sizeof err))
            continue;
        stack[0].computed = false;
        int ply = 0;
        for (; ply < TEST_PLIES; ply++) {
            /* evaluate at some plies only: the others are caught up later, several at once */
            if (rng() % 3 == 0 || ply == 0) {
                const Score lazy = nnue_evaluate(net, stack, ply, &pos), fresh = nnue_evaluate_fresh(net, &pos);
                NnueAccumulator full;
                nnue_refresh(net, &pos, &full);
                evaluated++;
                for (int c = 0; c < 2; c++) /* the range check's bounds hold every position's sums */
                    for (int j = 0; j < net->hidden && j < TEST_HIDDEN; j++)
                        out_of_range += full.v[c][j] > high[j] || full.v[c][j] < low[j];
                if (lazy != fresh || !same_accumulator(net, &stack[ply], &full)) {
                    if (mismatches++ < 3) {
                        char f[128];
                        pos_get_fen(&pos, f, sizeof f);
                        CHECK(false, "game %d ply %d (%s): incremental %d, fresh %d", g, ply, f, lazy, fresh);
                    }
                }
            }
            Move moves[MAX_MOVES];
            const int n = gen_legal(&pos, moves);
            if (n == 0)
                break;
            if (!pos_in_check(&pos) && rng() % 16 == 0) {
                nnue_making_null(&stack[ply + 1]);
                pos_make_null(&pos);
                nulls++;
                continue;
            }
            const Move m = moves[rng() % (uint64_t)n];
            nnue_making(&stack[ply + 1], &pos, m);
            pos_make(&pos, m);
            nnue_made(&stack[ply + 1], &pos);
        }
    }
    CHECK(mismatches == 0, "%d of %d evaluations: incremental differs from fresh", mismatches, evaluated);
    CHECK(out_of_range == 0, "%d accumulator sums outside the range check's bounds", out_of_range);
    CHECK(evaluated > TEST_GAMES * TEST_PLIES / 6 && nulls > 0, "%d evaluations, %d null moves", evaluated, nulls);
}

/* One random legal move of a game drawn from *seed; false when the side to move has none. */
static bool random_step(Position *pos, uint64_t *seed)
{
    Move list[MAX_MOVES];
    const int count = gen_legal(pos, list);
    if (count == 0)
        return false;
    *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
    pos_make(pos, list[(*seed >> 33) % (uint64_t)count]);
    pos_trim_history(pos);
    return true;
}

/* The engine's score (its SIMD arithmetic, fresh and incremental alike: test_incremental) equals the format's
 * reference arithmetic (nnue_reference_output, which the trainer measures its nets with), with the inputs
 * the trainer gives a position (game_nnue_feature of each piece in the views nnue_views gives, side to move
 * first), on every position of random games from the bench positions. */
static void test_output(const NnueNet *net, const char *which)
{
    static Position pos;
    char err[160];
    uint64_t seed = 99;
    int same = 0, positions = 0, buckets = 0;
    bool buckets_seen[NNUE_MAX_BUCKETS] = {false};
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++) {
        if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err))
            continue;
        for (int ply = 0; ply < 40; ply++) {
            uint16_t ours[SQUARE_NB], theirs[SQUARE_NB];
            uint8_t squares[SQUARE_NB], pieces[SQUARE_NB];
            int n = 0, view[2];
            const Color us = pos_side(&pos);
            for (int sq = 0; sq < SQUARE_NB; sq++)
                if (pos_piece_on(&pos, sq))
                    squares[n] = (uint8_t)sq, pieces[n++] = (uint8_t)pos_piece_on(&pos, sq);
            nnue_views(net->layout, squares, pieces, n, false, view); /* as the trainer reads a position */
            n = 0;
            for (int sq = 0; sq < SQUARE_NB; sq++)
                if (pos_piece_on(&pos, sq)) {
                    ours[n] = (uint16_t)game_nnue_feature(us, pos_piece_on(&pos, sq), sq, view[us]);
                    theirs[n++] = (uint16_t)game_nnue_feature(!us, pos_piece_on(&pos, sq), sq, view[!us]);
                }
            const int k = nnue_bucket(n, net->buckets, NNUE_MAX_ACTIVE);
            buckets_seen[k] = true;
            int64_t want = nnue_reference_output(net->w1, net->b1, net->w2 + (size_t)k * 2 * (size_t)net->hidden,
                                                 net->b2[k], (size_t)net->hidden, ours, theirs, n, net->layout);
            want = want > SCORE_RULE_IN_MAX - 1   ? SCORE_RULE_IN_MAX - 1
                : want < -(SCORE_RULE_IN_MAX - 1) ? -(SCORE_RULE_IN_MAX - 1)
                                                  : want;
            const Score got = nnue_evaluate_fresh(net, &pos);
            positions++;
            same += got == want;
            if (got != want)
                CHECK(false, "%s net, bench game %d ply %d: the engine's score %d, the reference %lld", which, i + 1,
                      ply, got, (long long)want);
            if (!random_step(&pos, &seed))
                break;
        }
    }
    CHECK(positions >= 200 && same == positions, "%s net: %d of %d positions equal the reference", which, same,
          positions);
    for (int k = 0; k < net->buckets; k++)
        buckets += buckets_seen[k];
    CHECK(buckets >= (net->buckets > 1 ? 3 : 1), "%s net: the positions read %d of its %d output buckets", which,
          buckets, net->buckets);
}

/* Sets the weight from input i to hidden unit j in a net file of TEST_HIDDEN units. */
static void put_w1(uint8_t *file, size_t i, int j, int v)
{
    uint8_t *w = file + NNUE_HEADER_SIZE + 2 * (i * TEST_HIDDEN + (size_t)j);
    w[0] = (uint8_t)(v & 255), w[1] = (uint8_t)((unsigned)v >> 8 & 255);
}

/* Inputs a position can have on together, as many as the contract allows: each side's groups in turn,
 * as many of a group's inputs as the group can have on, each on a square no other chosen input uses.
 * Returns how many (NNUE_MAX_ACTIVE where the counts add up to a full board). */
static int inputs_on_together(int inputs[NNUE_MAX_ACTIVE])
{
    const int groups = NNUE_INPUTS / SQUARE_NB;
    int n = 0, sq = 0;
    for (int side = 0; side < 2; side++)
        for (int g = side * groups / 2, of_side = 0; g < (side + 1) * groups / 2; g++)
            for (int k = 0;
                 k < game_nnue_group_most(g) && of_side < NNUE_SIDE_MOST && n < NNUE_MAX_ACTIVE && sq < SQUARE_NB;
                 k++, of_side++)
                inputs[n++] = g * SQUARE_NB + sq++;
    return n;
}

static void expect_refused(const uint8_t *bytes, size_t size, const char *why, const char *what)
{
    char err[256] = "";
    NnueNet *net = nnue_read(bytes, size, err, sizeof err);
    CHECK(!net && strstr(err, why), "%s: refused with '%s' (got %s)", what, why, net ? "a net" : err);
    nnue_free(net);
}

static void test_refusals(const uint8_t *good, size_t size)
{
    uint8_t *b = malloc(size + 1);
    if (!b)
        return;
    expect_refused(good, size - 1, "truncated", "one byte short");
    memcpy(b, good, size);
    b[size] = 0;
    expect_refused(b, size + 1, "trailing", "one byte more");
    expect_refused(good, 10, "not a Chariot net", "ten bytes");
    memcpy(b, good, size);
    b[0] = 'X';
    expect_refused(b, size, "not a Chariot net", "wrong magic");
    memcpy(b, good, size);
    b[8] = 99;
    expect_refused(b, size, "version", "another version");
    memcpy(b, good, size);
    memcpy(b + NNUE_GAME_NAME_AT, "othergame", 10);
    expect_refused(b, size, "not for " GAME_NAME, "another game's net");
    memcpy(b, good, size);
    b[16] = TEST_HIDDEN + 1;
    expect_refused(b, size, "multiple of", "a hidden layer of 33");
    memcpy(b, good, size);
    b[28] ^= 1;
    expect_refused(b, size, "hash", "a damaged hash");
    memcpy(b, good, size);
    const size_t w2_at = NNUE_HEADER_SIZE + 2 * ((size_t)NNUE_INPUTS * TEST_HIDDEN + TEST_HIDDEN);
    b[w2_at + 2 * 5] = 0xff, b[w2_at + 2 * 5 + 1] = 0x7f; /* the sixth output weight 32767 */
    expect_refused(b, size, "outside", "an output weight that could overflow the output's sum");
    memcpy(b, good, size);
    int together[NNUE_MAX_ACTIVE];
    const int n_together = inputs_on_together(together);
    CHECK(n_together == NNUE_MAX_ACTIVE, "%d inputs can be on together, the contract says %d", n_together,
          NNUE_MAX_ACTIVE);
    for (int i = 0; i < n_together; i++) /* hidden unit 3 at 1100 for inputs a position can have on together */
        put_w1(b, (size_t)together[i], 3, 1100);
    expect_refused(b, size, "beyond int16", "first-layer weights whose sum could leave int16");
    memcpy(b, good, size);
    for (int i = 0; i < n_together; i++) /* the same below int16's least */
        put_w1(b, (size_t)together[i], 3, -1100);
    expect_refused(b, size, "beyond int16", "first-layer weights whose sum could fall below int16");
    /* every square of each side's king at 1100 for unit 3: 32 of those inputs sum to 35,200, but a position
     * has one king a side, so its accumulator stays within 2 x 1100 plus 30 random weights: the net loads */
    memcpy(b, good, size);
    for (int g = 0; g < NNUE_INPUTS / SQUARE_NB; g++)
        for (int sq = 0; g % (NNUE_INPUTS / SQUARE_NB / 2) == KING - 1 && sq < SQUARE_NB; sq++)
            put_w1(b, (size_t)g * SQUARE_NB + (size_t)sq, 3, 1100);
    {
        char why[256] = "";
        NnueNet *kings = nnue_read(b, size, why, sizeof why);
        CHECK(kings != NULL, "large weights of the kings' inputs, one king a side, load: %s", why);
        nnue_free(kings);
    }
    /* every input of 15 squares at +1100 and of 15 others at -1100 for unit 3: 32 of them sum to 35,200, but
     * no position has two pieces on one square, so its accumulator stays within 15 x 1100 plus 17 random
     * weights (at most 263 each) of the bias: the net loads */
    memcpy(b, good, size);
    for (size_t i = 0; i < (size_t)NNUE_INPUTS; i++)
        if (i % SQUARE_NB < 30)
            put_w1(b, i, 3, i % SQUARE_NB < 15 ? 1100 : -1100);
    char why[256] = "";
    NnueNet *net = nnue_read(b, size, why, sizeof why);
    CHECK(net != NULL, "large weights that no position sums together load: %s", why);
    nnue_free(net);
    free(b);

    /* EvalFile through the engine: a bad file is refused, the net in use stays */
    const char *path = "/tmp/chariot-test-nnue.bin";
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fwrite(good, 1, size, f);
    fclose(f);
    char err[256], before[300], after[300];
    CHECK(engine_load_net(path, err, sizeof err), "a good net file loads: %s", err);
    engine_net_describe(before, sizeof before);
    f = fopen(path, "wb");
    if (f) {
        fwrite(good, 1, size / 2, f);
        fclose(f);
    }
    CHECK(!engine_load_net(path, err, sizeof err) && strstr(err, "truncated"), "a truncated file refused: %s", err);
    CHECK(!engine_load_net("/nonexistent/net.nnue", err, sizeof err) && strstr(err, "cannot read"),
          "a missing file refused: %s", err);
    engine_net_describe(after, sizeof after);
    CHECK(!strcmp(before, after), "the net in use stays: '%s' then '%s'", before, after);
    remove(path);
    /* back to the build's own evaluation, for the groups that follow */
    threads_set_net(NULL);
    if (NNUE_EMBEDDED_SIZE > 0)
        CHECK(engine_load_net(NULL, err, sizeof err), "the embedded net loads again: %s", err);
}

/* The contract's promise that the range check relies on: for each piece and side, the inputs of the
 * squares lie on distinct squares (input % SQUARE_NB), so that a square's inputs are never on together. */
static void test_feature_squares(void)
{
    int bad = 0;
    for (int persp = 0; persp < 2; persp++)
        for (int view = 0; view < 2; view++)
            for (int piece = 1; piece < 16; piece++) {
                if ((piece & 7) == 0 || (piece & 7) >= PIECE_TYPE_NB)
                    continue;
                bool seen[SQUARE_NB] = {false};
                for (int sq = 0; sq < SQUARE_NB; sq++) {
                    const int f = game_nnue_feature((Color)persp, piece, sq, view);
                    if (f < 0 || f >= NNUE_INPUTS || seen[f % SQUARE_NB])
                        bad++;
                    else
                        seen[f % SQUARE_NB] = true;
                }
            }
    CHECK(bad == 0, "each piece's inputs lie on distinct squares in either view (%d clashes)", bad);
}

/* The range check counts pieces, not only squares: a unit whose weights are 100 on every input of one
 * group (one colour's one piece type) and 0 elsewhere reaches at most 100 times the pieces of that type a
 * side can have, and -100 the same below its bias. */
static void test_range_counts(void)
{
    static int16_t w1[NNUE_INPUTS]; /* one hidden unit */
    const NnueActive active = nnue_game_active();
    int wrong = 0;
    for (int g = 0; g < NNUE_INPUTS / SQUARE_NB; g++)
        for (int sign = -1; sign <= 1; sign += 2) {
            for (int i = 0; i < NNUE_INPUTS; i++)
                w1[i] = (int16_t)(i / SQUARE_NB == g ? sign * 100 : 0);
            int32_t high, low;
            nnue_unit_range(w1, 7, 1, 0, &active, &high, &low);
            const int32_t want = 100 * game_nnue_group_most(g);
            if (sign > 0 ? high != 7 + want || low != 7 : high != 7 || low != 7 - want) {
                if (wrong++ < 3)
                    CHECK(false, "group %d, weights %d: range [%d, %d], want the bias 7 %c %d", g, sign * 100, low,
                          high, sign > 0 ? '+' : '-', want);
            }
        }
    for (int i = 0; i < NNUE_INPUTS; i++) /* every input: a full board, one piece a square */
        w1[i] = 100;
    int32_t high, low;
    nnue_unit_range(w1, 0, 1, 0, &active, &high, &low);
    CHECK(high == 100 * NNUE_MAX_ACTIVE && low == 0, "every weight 100: range [%d, %d], want [0, %d]", low, high,
          100 * NNUE_MAX_ACTIVE);
    CHECK(wrong == 0, "%d groups' ranges wrong", wrong);
}

/* A net of output buckets (version 4): read, each position's bucket by its pieces, incremental equal to
 * fresh, and a bucket count out of range or a version-3 header over version 4's layout refused. */
static void test_buckets(void)
{
    size_t size;
    uint8_t *file = random_net_file(&size, TEST_HIDDEN, NNUE_MAX_BUCKETS, 0);
    char err[256] = "";
    NnueNet *net = file ? nnue_read(file, size, err, sizeof err) : NULL;
    CHECK(net != NULL && net->buckets == NNUE_MAX_BUCKETS, "a net of %d output buckets reads: %s", NNUE_MAX_BUCKETS,
          err);
    if (net) {
        test_output(net, "a random bucketed");
        test_incremental(net);
        put32(file + NNUE_BUCKETS_AT, NNUE_MAX_BUCKETS + 1);
        expect_refused(file, size, "output buckets", "one bucket too many");
        put32(file + NNUE_BUCKETS_AT, 0);
        expect_refused(file, size, "output buckets", "no bucket");
        put32(file + NNUE_BUCKETS_AT, NNUE_MAX_BUCKETS);
        put32(file + 8, NNUE_VERSION_ONE_BUCKET);
        expect_refused(file, size, "hash", "version 3's header on version 4's layout");
        put32(file + 8, NNUE_VERSION_BUCKETS);
        put32(file + NNUE_LAYOUT_AT, NNUE_LAYOUT_KING_MIRROR);
        expect_refused(file, size, "layout bits", "version 4's header with a layout field");
    }
    CHECK(nnue_bucket(2, 8, 32) == 0 && nnue_bucket(4, 8, 32) == 0 && nnue_bucket(5, 8, 32) == 1 &&
              nnue_bucket(32, 8, 32) == 7 && nnue_bucket(40, 8, 32) == 7 && nnue_bucket(32, 1, 32) == 0,
          "buckets by pieces: 1-4 the first of 8, 5-8 the second, 29-32 the last");
    nnue_free(net);
    free(file);
}

/* The board of a FEN mirrored left to right, its castling rights and en passant square dropped (the inputs
 * show neither): each rank's text reversed, digits counting empty squares as before. */
static void mirror_fen(const char *fen, char *out, size_t size)
{
    char board[128] = "", rest[64] = "", side[4] = "w";
    sscanf(fen, "%127s %3s", board, side);
    size_t o = 0;
    if (strlen(board) + sizeof rest > size) { /* too small for this board and the fields after it */
        snprintf(out, size, "%s", "");
        return;
    }
    for (const char *rank = board; *rank;) {
        const size_t len = strcspn(rank, "/");
        for (size_t i = len; i-- > 0;)
            out[o++] = rank[i];
        rank += len;
        if (*rank == '/')
            out[o++] = *rank++;
    }
    snprintf(rest, sizeof rest, " %s - - 0 1", side);
    snprintf(out + o, size - o, "%s", rest);
}

/* A king-relative net (version 5, NNUE_LAYOUT_KING_MIRROR): read with its layout, equal to the reference with
 * the trainer's views, incremental equal to fresh over random games whose kings cross from one view to the
 * other; and exact where the layout promises it: a position and its mirror image score the same when each
 * king's mirror image is in the other view (xiangqi: no general on file e; chess: always), which a net
 * without the layout does not. An unknown layout bit, or version 4's number on version 5's header, is
 * refused. */
static void test_king_mirror(void)
{
    size_t size;
    uint8_t *file = random_net_file(&size, TEST_HIDDEN, NNUE_MAX_BUCKETS, NNUE_LAYOUT_KING_MIRROR);
    char err[256] = "";
    NnueNet *net = file ? nnue_read(file, size, err, sizeof err) : NULL, *plain = NULL;
    CHECK(net != NULL && net->layout == NNUE_LAYOUT_KING_MIRROR, "a king-relative net reads: %s", err);
    size_t plain_size;
    uint8_t *plain_file = random_net_file(&plain_size, TEST_HIDDEN, NNUE_MAX_BUCKETS, 0);
    plain = plain_file ? nnue_read(plain_file, plain_size, err, sizeof err) : NULL;
    if (net && plain) {
        test_output(net, "a random king-relative");
        test_incremental(net);
        static Position pos, image;
        int pairs = 0, same = 0, plain_same = 0, views_seen[2] = {0, 0};
        uint64_t seed = 7;
        for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++) {
            if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err))
                continue;
            for (int ply = 0; ply < 60; ply++) {
                char fen[160], mirrored[160];
                pos_get_fen(&pos, fen, sizeof fen);
                mirror_fen(fen, mirrored, sizeof mirrored);
                bool flips = true;
                for (int sq = 0; sq < SQUARE_NB; sq++) {
                    const int king = game_nnue_king_color(pos_piece_on(&pos, sq));
                    const int mirror_sq = nnue_file_mirror(sq);
                    if (king >= 0) {
                        views_seen[game_nnue_view((Color)king, sq)]++;
                        flips = flips && game_nnue_view((Color)king, sq) != game_nnue_view((Color)king, mirror_sq);
                    }
                }
                if (flips && pos_set_fen(&image, mirrored, err, sizeof err)) {
                    pairs++;
                    same += nnue_evaluate_fresh(net, &pos) == nnue_evaluate_fresh(net, &image);
                    plain_same += nnue_evaluate_fresh(plain, &pos) == nnue_evaluate_fresh(plain, &image);
                }
                if (!random_step(&pos, &seed))
                    break;
            }
        }
        CHECK(views_seen[0] > 50 && views_seen[1] > 50, "kings seen in both views (%d, %d)", views_seen[0],
              views_seen[1]);
        CHECK(pairs >= 50 && same == pairs, "king-relative net: %d of %d positions score as their mirror image", same,
              pairs);
        CHECK(plain_same < pairs / 2,
              "a net without the layout: %d of %d score as their mirror image (the test "
              "tells the layouts apart)",
              plain_same, pairs);
        put32(file + NNUE_LAYOUT_AT, NNUE_LAYOUT_KNOWN + 1u);
        expect_refused(file, size, "layout bits", "an unknown layout bit");
        put32(file + NNUE_LAYOUT_AT, NNUE_LAYOUT_KING_MIRROR);
        put32(file + 8, NNUE_VERSION_BUCKETS);
        expect_refused(file, size, "layout bits", "version 4's number on version 5's header");
        put32(file + NNUE_LAYOUT_AT, 0);
        expect_refused(file, size, "hash", "version 5's net, its layout and version made 4's");
    }
    nnue_free(net);
    nnue_free(plain);
    free(file);
    free(plain_file);
}

/* A net of squared clipped ReLU (NNUE_LAYOUT_SCRELU, king-relative too): read with its layout, equal to the
 * reference arithmetic (the trainer's) on the positions of random games and incremental equal to fresh; the
 * same weights read without the bit score otherwise (the square is applied), and the engine's square is
 * a * a >> 10 over the whole clipped range. */
static void test_screlu(void)
{
    size_t size;
    const uint32_t layout = NNUE_LAYOUT_KING_MIRROR | NNUE_LAYOUT_SCRELU;
    uint8_t *file = random_net_file(&size, TEST_HIDDEN, NNUE_MAX_BUCKETS, layout);
    char err[256] = "";
    NnueNet *net = file ? nnue_read(file, size, err, sizeof err) : NULL;
    CHECK(net != NULL && net->layout == layout, "a squared-ReLU net reads: %s", err);
    int wrong = 0;
    for (int32_t a = 0; a <= NNUE_QA; a++)
        wrong += nnue_square(a) != a * a / 1024 || nnue_square(a) > INT16_MAX;
    CHECK(wrong == 0 && nnue_square(NNUE_QA) == 1022, "the square: a * a / 1024 in int16 (%d wrong)", wrong);
    if (net) {
        test_output(net, "a random squared-ReLU");
        test_incremental(net);
        NnueNet *plain = NULL;
        put32(file + NNUE_LAYOUT_AT, NNUE_LAYOUT_KING_MIRROR); /* the same weights, the hash made again */
        put32(file + 28,
              nnue_format_hash(NNUE_VERSION, NNUE_INPUTS, TEST_HIDDEN, NNUE_MAX_BUCKETS, NNUE_LAYOUT_KING_MIRROR));
        plain = nnue_read(file, size, err, sizeof err);
        CHECK(plain != NULL, "the same weights without the square read: %s", err);
        static Position pos;
        int differ = 0, positions = 0;
        uint64_t seed = 5;
        for (int i = 0; plain && i < GAME_BENCH_FEN_COUNT; i++) {
            if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err))
                continue;
            for (int ply = 0; ply < 20; ply++, positions++) {
                differ += nnue_evaluate_fresh(net, &pos) != nnue_evaluate_fresh(plain, &pos);
                if (!random_step(&pos, &seed))
                    break;
            }
        }
        CHECK(positions >= 50 && differ > positions / 2, "squared and plain differ on %d of %d positions", differ,
              positions);
        nnue_free(plain);
        put32(file + NNUE_LAYOUT_AT, layout);
        expect_refused(file, size, "hash", "the square's bit set over a plain net's hash");
    }
    nnue_free(net);
    free(file);
}

void test_nnue(void)
{
    size_t size;
    uint8_t *file = random_net_file(&size, TEST_HIDDEN, 1, 0);
    char err[256] = "";
    NnueNet *net = file ? nnue_read(file, size, err, sizeof err) : NULL;
    CHECK(net != NULL, "a net in the format reads: %s", err);
    test_feature_squares();
    test_range_counts();
    if (net) {
        test_output(net, "a random");
        test_incremental(net);
        test_refusals(file, size);
    }
    nnue_free(net);
    free(file);
    test_buckets();
    test_king_mirror();
    test_screlu();
    if (NNUE_EMBEDDED_SIZE) { /* the shipped net too */
        NnueNet *shipped = nnue_read(NNUE_EMBEDDED, NNUE_EMBEDDED_SIZE, err, sizeof err);
        CHECK(shipped != NULL, "the embedded net reads: %s", err);
        if (shipped)
            test_output(shipped, "the embedded");
        nnue_free(shipped);
    }
}
