/*
 * train.c - the trainer of Chariot's nets (docs/nnue.md): a perspective net
 * (inputs -> N) x 2 -> 1 with a clipped ReLU, fitted with Adam to the data
 * `chariot datagen` writes, then quantised to integers. Built once per game
 * against its game.h, like the evaluation tuner (`make chariot-train`,
 * `make chariot-train-chess`).
 *
 *   chariot-train --data FILE[,FILE...] --out NET [--hidden 128] [--epochs 20] [--batch 4096]
 *                 [--lr 0.001] [--lambda 0.5] [--scale 400] [--val 0.1] [--threads 2] [--seed 1]
 *                 [--max-positions N] [--mirror] [--from CHECKPOINT|NET] [--acc-limit 31]
 *                 [--acc-count pieces|squares] [--stop-after K] [--resume] [--buckets 1] [--king-mirror]
 *                 [--screlu]
 *
 * Inputs: one per (colour seen from the perspective, piece type, square seen from the perspective): the
 * side's own pieces first, squares mirrored top to bottom for the second mover, so both perspectives
 * share one weight matrix (xiangqi 2 x 7 x 90 = 1260 inputs, chess 2 x 6 x 64 = 768). The hidden layer
 * of the side to move comes first in the output layer's input.
 *
 * Target: lambda * result + (1 - lambda) * sigmoid(score / scale), result 1 win, 0.5 draw, 0 loss (side to
 * move's view); loss: the mean squared difference to sigmoid(output / scale), output in centipawns.
 * Every epoch prints the training and validation losses; after the last, the net is quantised (hidden
 * layer int16 at QA per 1.0, output layer int16 at QB, its bias int32 at QA * QB: nnue_format.h) and the mean
 * and largest difference between the float and the integer net's outputs on the validation positions are
 * printed. The file (NET) holds a header with the sizes and a hash of them, then the integer weights,
 * little-endian; NET.float holds the float weights (a checkpoint, rewritten every epoch). --from starts
 * from such a checkpoint (its hidden size wins) instead of random weights: training goes on, or, with
 * --epochs 0, the checkpoint is only quantised and measured. --from also takes a net file (the engine's
 * reader checks it): its integer weights divided by their units are the float weights to go on from, so
 * a shipped net can be trained further when its checkpoint is gone. Adam's moments start at zero either way.
 *
 * Going on after a stop: the checkpoint also holds the run's state (the epochs done, the optimiser's step
 * count and Adam's moments) and its settings as text (the options that shape the result and a hash of
 * the positions read). --resume takes NET.float up after its last epoch: the shuffles of the epochs done
 * are replayed from the seed, so a run stopped (killed, or --stop-after K, which trains the first K epochs
 * of the schedule and stops) and resumed writes the same net as one never stopped, on the same thread
 * count (the threads' gradients are summed in their order). Without NET.float --resume starts afresh; with
 * one of other settings it refuses, naming the first setting that differs. The checkpoint is written to a
 * temporary file and renamed, so a kill leaves the previous epoch's whole.
 *
 * Output buckets (--buckets B, 1 to NNUE_MAX_BUCKETS): B output layers, one read for each position, chosen by
 * the pieces on its board (nnue_bucket: 8 buckets of 4 pieces each); each bucket's w2 and b2 learn from its
 * positions only. From random weights every bucket starts with the same draws; --from a net of one bucket
 * starts each bucket as that net's output layer (a net of more buckets keeps its own). A net of one bucket is
 * written in version 3's layout and its run's settings text is as before, so the nets before buckets are
 * made again byte for byte; more buckets write version 4 (nnue_format.h).
 *
 * King-relative inputs (--king-mirror): each perspective reads the board with its files mirrored where its
 * own king stands on the side the game names (game_nnue_view: xiangqi's general on file f, chess's king on
 * files e to h), so that the inputs see every king on one half. The net is written as version 5 with
 * NNUE_LAYOUT_KING_MIRROR in its header; --from such a net or checkpoint keeps the layout, and --from one
 * without it takes it up (the same weights, read in the kings' views from then on).
 *
 * Squared clipped ReLU (--screlu): each clipped hidden value is squared before the output layer (the output
 * is b2 + w2 . clip(acc)^2), which lets a unit answer more sharply near the top of its range at no cost in
 * the accumulators. The net is written as version 5 with NNUE_LAYOUT_SCRELU in its header, its hidden values
 * squared as the engine squares them (nnue_square: a * a / 1024 in integers, QA * QA / 1024 to 1.0) and b2
 * in that unit times QB (nnue_output_unit). --from keeps a net's or checkpoint's activation, and --from one
 * without it takes it up with --screlu.
 *
 * The accumulator's range: the engine adds a position's w1 rows in int16, so no position may take a hidden
 * unit past INT16_MAX / QA (32.03; nnue_format.h, nnue_unit_range). Every RANGE_EVERY steps (and before a
 * checkpoint) a unit whose quantised range passes --acc-limit (default 31, below 32.03 by what a few steps
 * can add) has its input weights and bias scaled back to the limit; an epoch that did so says how often.
 * The range counts one piece a square and a side's pieces of each type (--acc-count pieces, the engine's
 * count); --acc-count squares counts one piece a square alone, the trainer's count before 2026-11-28, so
 * that tools/nnue/nnue_rounds.sh makes the nets of the rounds before again, byte for byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "datafile.h"
#include "datagen_format.h"
#include "nnue.h"
#include "nnue_format.h"
#include "numparse.h"

enum {
    INPUTS = NNUE_INPUTS,          /* the game's feature map (game.h: game_nnue_feature) */
    SAMPLE_PIECES = DG_MAX_PIECES, /* a record's pieces at most (the range check counts NNUE_MAX_ACTIVE) */
    MAX_HIDDEN = NNUE_MAX_HIDDEN,
    MAX_THREADS = 64,
    QA = NNUE_QA,               /* the hidden layer's integer unit: 1.0 = QA (nnue_format.h) */
    QB = NNUE_QB,               /* the output layer's integer unit */
    OUTPUT_CP = NNUE_OUTPUT_CP, /* the net's output times this is the evaluation in centipawns */
    RANGE_EVERY = 4,            /* optimiser steps between two checks of the accumulator's range */
};
#define ACC_LIMIT_DEFAULT 31.0 /* --acc-limit: a unit's largest accumulator, in 1.0 units (int16 holds 32.03) */
_Static_assert((int)NNUE_MAX_ACTIVE <= (int)DG_MAX_PIECES && (int)NNUE_MAX_ACTIVE <= (int)NNUE_MAX_ACTIVE_LIMIT &&
                   (int)SQUARE_NB <= (int)NNUE_MAX_SQUARES_LIMIT,
               "a record holds every piece the net's range check counts");

/* One position as the trainer keeps it in memory (72 bytes): its pieces by square, in the order of the
 * squares, the side to move and the target. A mirror image (--mirror) is not kept: it is this position
 * read with its files mirrored (sample_inputs). Until 2026-11-29 (99d00b4) the trainer kept both perspectives'
 * inputs of every position and of every twin, 136 bytes each (272 a position with --mirror). */
typedef struct {
    uint8_t square[SAMPLE_PIECES], piece[SAMPLE_PIECES];
    float target;
    uint8_t n, stm;
} Sample;
_Static_assert(SQUARE_NB <= 256 && PIECE_NB <= 256, "a square and a piece code fit a byte each");

/* What the net reads of a position: the active inputs of each perspective and the target. */
typedef struct {
    uint16_t feat[2][SAMPLE_PIECES]; /* [0] the side to move's, [1] the other side's */
    uint8_t n;
    uint8_t twin; /* 1: the position mirrored left to right (--mirror) */
    float target;
} Inputs;

/* The positions read. With --mirror, index 2i is the i-th position kept and 2i + 1 its mirror image;
 * without, index i is the i-th. */
typedef struct {
    Sample *kept;
    size_t n; /* indices, twins included */
    bool mirror;
    bool king_mirror; /* the king-relative layout: each perspective's view by its king (game_nnue_view) */
} Samples;

/* The inputs of index i: the twin reads the same pieces on the mirrored files, which both games' rules
 * ignore. The inputs come in the order of the squares read, so the sums the net makes of them are the
 * same as when the trainer kept them. */
static void sample_inputs(const Samples *s, size_t i, Inputs *x)
{
    const Sample *k = &s->kept[s->mirror ? i >> 1 : i];
    const int twin = s->mirror ? (int)(i & 1) : 0;
    x->n = k->n;
    x->twin = (uint8_t)twin;
    x->target = k->target;
    int view[2]; /* by colour */
    nnue_views(s->king_mirror ? NNUE_LAYOUT_KING_MIRROR : 0, k->square, k->piece, k->n, twin, view);
    for (int p = 0; p < k->n; p++) {
        const int sq = k->square[p];
        const int at = twin ? nnue_file_mirror(sq) : sq;
        x->feat[0][p] = (uint16_t)game_nnue_feature(k->stm, k->piece[p], at, view[k->stm]);
        x->feat[1][p] = (uint16_t)game_nnue_feature(!k->stm, k->piece[p], at, view[!k->stm]);
    }
}

typedef struct {
    int hidden, buckets;
    uint32_t layout; /* NNUE_LAYOUT_* bits (nnue_format.h) */
    float *w1;       /* [INPUTS][hidden] */
    float *b1;       /* [hidden] */
    float *w2;       /* [buckets][2 * hidden] */
    float *b2;       /* [buckets] */
} Net;

typedef struct {
    const char *data, *out, *from;
    int hidden, buckets, epochs, batch, threads, stop_after;
    double lr, lambda, scale, val, acc_limit;
    bool acc_squares_only; /* --acc-count squares */
    bool mirror, resume;
    bool king_mirror; /* --king-mirror: the king-relative layout (NNUE_LAYOUT_KING_MIRROR) */
    bool screlu;      /* --screlu: the hidden values squared (NNUE_LAYOUT_SCRELU) */
    uint64_t seed, max_positions;
} Options;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* Where load_file's positions go. */
typedef struct {
    const Options *o;
    Samples *s;
    size_t *cap; /* positions kept room for */
    bool failed;
} Loading;

static bool load_entry(void *ctx, const DgEntry *e)
{
    Loading *l = ctx;
    const Options *o = l->o;
    Samples *s = l->s;
    const size_t kept = s->mirror ? s->n / 2 : s->n;
    if (s->n >= o->max_positions)
        return false;
    if (kept + 1 > *l->cap) {
        *l->cap = *l->cap ? *l->cap * 2 : 1 << 16;
        Sample *grown = realloc(s->kept, *l->cap * sizeof *s->kept);
        if (!grown) {
            fprintf(stderr, "train: out of memory at %zu positions\n", kept);
            l->failed = true;
            return false;
        }
        s->kept = grown;
    }
    const double result = (e->result + 1) / 2.0, guess = sigmoid(e->score / o->scale);
    Sample *x = &s->kept[kept];
    x->n = 0;
    x->stm = (uint8_t)e->stm;
    for (int sq = 0; sq < SQUARE_NB && x->n < SAMPLE_PIECES; sq++)
        if (e->board[sq]) {
            x->square[x->n] = (uint8_t)sq;
            x->piece[x->n] = e->board[sq];
            x->n++;
        }
    x->target = (float)(o->lambda * result + (1 - o->lambda) * guess);
    s->n += s->mirror ? 2 : 1;
    return true;
}

/* Reads the kept positions of every complete game of one file, of either format (datafile.h), appending
 * to *s. false: the file is not usable. */
static bool load_file(const char *path, const Options *o, Samples *s, size_t *cap)
{
    DataReader r;
    char err[320];
    if (!data_open(&r, path, err, sizeof err)) {
        fprintf(stderr, "train: %s is not %s training data (%s)\n", path, GAME_NAME, err);
        return false;
    }
    Loading l = {o, s, cap, false};
    const int got = data_each(&r, load_entry, &l, err, sizeof err);
    data_close(&r);
    if (got < 0) {
        fprintf(stderr, "train: %s: %s\n", path, err);
        return false;
    }
    return !l.failed;
}

/* The net's output in centipawns for one sample; h receives the two clipped hidden layers (before the
 * square of a net of NNUE_LAYOUT_SCRELU). */
static float forward(const Net *net, const Inputs *x, float *h)
{
    const int nh = net->hidden, k = nnue_bucket(x->n, net->buckets, NNUE_MAX_ACTIVE);
    const float *w2 = net->w2 + (size_t)k * 2 * (size_t)nh;
    const bool squared = net->layout & NNUE_LAYOUT_SCRELU;
    float out = net->b2[k];
    for (int p = 0; p < 2; p++) {
        float *acc = h + p * nh;
        memcpy(acc, net->b1, (size_t)nh * sizeof *acc);
        for (int i = 0; i < x->n; i++) {
            const float *w = net->w1 + (size_t)x->feat[p][i] * (size_t)nh;
            for (int j = 0; j < nh; j++)
                acc[j] += w[j];
        }
        for (int j = 0; j < nh; j++)
            acc[j] = acc[j] < 0 ? 0 : acc[j] > 1 ? 1 : acc[j];
        if (squared) /* a loop of its own: the plain net's sums are made exactly as before the square came */
            for (int j = 0; j < nh; j++)
                out += acc[j] * acc[j] * w2[p * nh + j];
        else
            for (int j = 0; j < nh; j++)
                out += acc[j] * w2[p * nh + j];
    }
    return out * OUTPUT_CP;
}

/* Gradients of one batch slice, summed into g (same layout as a Net), and the slice's summed loss. */
typedef struct {
    const Net *net;
    const Samples *samples;
    const size_t *order;
    size_t from, to;
    double scale, loss;
    Net grad;
    float h[2 * MAX_HIDDEN];
} Slice;

static void *slice_run(void *arg)
{
    Slice *s = arg;
    const Net *net = s->net;
    const int nh = net->hidden;
    s->loss = 0;
    for (size_t k = s->from; k < s->to; k++) {
        Inputs in;
        sample_inputs(s->samples, s->order[k], &in);
        const Inputs *x = &in;
        const float out = forward(net, x, s->h);
        const double p = sigmoid(out / s->scale), err = p - x->target;
        s->loss += err * err;
        const float d = (float)(2 * err * p * (1 - p) * OUTPUT_CP / s->scale); /* dloss/dout, out unscaled */
        const size_t bucket = (size_t)nnue_bucket(x->n, net->buckets, NNUE_MAX_ACTIVE);
        const bool squared = net->layout & NNUE_LAYOUT_SCRELU;
        s->grad.b2[bucket] += d;
        for (int side = 0; side < 2; side++) {
            const size_t at = bucket * 2 * (size_t)nh + (size_t)(side * nh);
            const float *h = s->h + side * nh, *w2 = net->w2 + at;
            float *gw2 = s->grad.w2 + at, dh[MAX_HIDDEN];
            if (squared) /* d(h^2)/dh = 2h */
                for (int j = 0; j < nh; j++) {
                    gw2[j] += d * h[j] * h[j];
                    dh[j] = h[j] > 0 && h[j] < 1 ? 2 * d * w2[j] * h[j] : 0; /* clipped: no gradient */
                    s->grad.b1[j] += dh[j];
                }
            else
                for (int j = 0; j < nh; j++) {
                    gw2[j] += d * h[j];
                    dh[j] = h[j] > 0 && h[j] < 1 ? d * w2[j] : 0; /* clipped: no gradient */
                    s->grad.b1[j] += dh[j];
                }
            for (int i = 0; i < x->n; i++) {
                float *g = s->grad.w1 + (size_t)x->feat[side][i] * (size_t)nh;
                for (int j = 0; j < nh; j++)
                    g[j] += dh[j];
            }
        }
    }
    return NULL;
}

static bool net_alloc(Net *n, int hidden, int buckets)
{
    n->hidden = hidden, n->buckets = buckets;
    n->w1 = calloc((size_t)INPUTS * (size_t)hidden, sizeof *n->w1);
    n->b1 = calloc((size_t)hidden, sizeof *n->b1);
    n->w2 = calloc((size_t)buckets * 2 * (size_t)hidden, sizeof *n->w2);
    n->b2 = calloc((size_t)buckets, sizeof *n->b2);
    return n->w1 && n->b1 && n->w2 && n->b2;
}

static void net_zero(Net *n)
{
    memset(n->w1, 0, (size_t)INPUTS * (size_t)n->hidden * sizeof *n->w1);
    memset(n->b1, 0, (size_t)n->hidden * sizeof *n->b1);
    memset(n->w2, 0, (size_t)n->buckets * 2 * (size_t)n->hidden * sizeof *n->w2);
    memset(n->b2, 0, (size_t)n->buckets * sizeof *n->b2);
}

/* A net of one output bucket made one of `buckets`: each bucket starts as the one it had. */
static bool net_widen_buckets(Net *n, int buckets)
{
    if (buckets == n->buckets)
        return true;
    if (n->buckets != 1)
        return false;
    const size_t half = 2 * (size_t)n->hidden;
    float *w2 = malloc((size_t)buckets * half * sizeof *w2), *b2 = malloc((size_t)buckets * sizeof *b2);
    if (!w2 || !b2) {
        free(w2), free(b2);
        return false;
    }
    for (int k = 0; k < buckets; k++) {
        memcpy(w2 + (size_t)k * half, n->w2, half * sizeof *w2);
        b2[k] = n->b2[0];
    }
    free(n->w2), free(n->b2);
    n->w2 = w2, n->b2 = b2, n->buckets = buckets;
    return true;
}

/* Adam over every parameter, as one flat array per part. */
typedef struct {
    float *m, *v;
} Moments;

/* What a checkpoint holds besides the weights, for --resume: the epochs done, the optimiser's steps, Adam's
 * moments of each part (w1, b1, w2, b2) and the run's settings as text (settings_text). */
typedef struct {
    int epoch, step;
    Moments mo[4];
    char settings[1024];
} RunState;
#define CHECKPOINT_STATE_MAGIC "CHRTRUN1" /* after the weights: the run's state follows */
/* A checkpoint begins with its hidden size, and, for more than one output bucket, their number above this
 * bit (a checkpoint of one bucket is as before buckets), and its layout bits above the next (zero before). */
enum { CHECKPOINT_BUCKETS_SHIFT = 16, CHECKPOINT_LAYOUT_SHIFT = 24 };

static void adam(float *w, const float *g, Moments *mo, size_t n, double lr, double scale, int step)
{
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const double c1 = 1 - pow(b1, step), c2 = 1 - pow(b2, step);
    for (size_t i = 0; i < n; i++) {
        const double gi = g[i] * scale;
        mo->m[i] = (float)(b1 * mo->m[i] + (1 - b1) * gi);
        mo->v[i] = (float)(b2 * mo->v[i] + (1 - b2) * gi * gi);
        w[i] -= (float)(lr * (mo->m[i] / c1) / (sqrt(mo->v[i] / c2) + eps));
    }
}

static double mean_loss(const Net *net, const Samples *s, const size_t *idx, size_t n, double scale)
{
    float h[2 * MAX_HIDDEN];
    double sum = 0;
    for (size_t k = 0; k < n; k++) {
        Inputs x;
        sample_inputs(s, idx[k], &x);
        const double e = sigmoid(forward(net, &x, h) / scale) - x.target;
        sum += e * e;
    }
    return n ? sum / (double)n : 0;
}

static void put16(FILE *f, int v)
{
    const uint8_t b[2] = {(uint8_t)v, (uint8_t)((unsigned)v >> 8)};
    fwrite(b, 1, 2, f);
}

static int clamp16(double v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : (int)lround(v); }

/* The hidden layer as the file will hold it: w1 and b1 in int16 at QA per 1.0. */
static void quantise_hidden(const Net *net, int16_t *w1, int16_t *b1)
{
    for (size_t i = 0; i < (size_t)INPUTS * (size_t)net->hidden; i++)
        w1[i] = (int16_t)clamp16(net->w1[i] * QA);
    for (int j = 0; j < net->hidden; j++)
        b1[j] = (int16_t)clamp16(net->b1[j] * QA);
}

/* Keeps every hidden unit's accumulator range, as the quantised net will have it (nnue_unit_range), within
 * limit (in 1.0 units): a unit past it has its input weights and bias scaled down by limit / its range.
 * q is scratch for the quantised w1. Returns how many units were scaled. */
static int keep_in_range(Net *net, int16_t *q, double limit, bool squares_only)
{
    const size_t nh = (size_t)net->hidden;
    int16_t qb[MAX_HIDDEN];
    quantise_hidden(net, q, qb);
    int scaled = 0;
    NnueActive active = nnue_game_active();
    active.squares_only = squares_only;
    for (size_t j = 0; j < nh; j++) {
        int32_t high, low;
        nnue_unit_range(q, qb[j], nh, j, &active, &high, &low);
        const double most = (double)(high > -low ? high : -low) / QA;
        if (most <= limit)
            continue;
        const float f = (float)(limit / most);
        for (size_t i = 0; i < INPUTS; i++)
            net->w1[i * nh + j] *= f;
        net->b1[j] *= f;
        scaled++;
    }
    return scaled;
}

/* The integer net's output in centipawns for one sample: the format's reference arithmetic, which the
 * engine's equals (nnue_format.h, tests/test_nnue.c). */
static double quantised_forward(const int16_t *w1, const int16_t *b1, const int16_t *w2, const int32_t *b2, int nh,
                                int buckets, uint32_t layout, const Inputs *x)
{
    const int k = nnue_bucket(x->n, buckets, NNUE_MAX_ACTIVE);
    return (double)nnue_reference_output(w1, b1, w2 + (size_t)k * 2 * (size_t)nh, b2[k], (size_t)nh, x->feat[0],
                                         x->feat[1], x->n, layout);
}

/* Writes the quantised net and prints how far its outputs are from the float net's, and how close its
 * weights come to the format's ranges (nnue_format.h); a net whose accumulators could leave int16 is not
 * written. */
static bool write_net(const Net *net, const char *path, const Samples *s, const size_t *idx, size_t n)
{
    const int nh = net->hidden, nb = net->buckets, nw2 = nb * 2 * nh;
    int16_t *w1 = malloc((size_t)INPUTS * (size_t)nh * sizeof *w1), b1[MAX_HIDDEN],
            w2[NNUE_MAX_BUCKETS * 2 * MAX_HIDDEN];
    int32_t b2[NNUE_MAX_BUCKETS];
    if (!w1)
        return false;
    quantise_hidden(net, w1, b1);
    for (int j = 0; j < nw2; j++)
        w2[j] = (int16_t)clamp16(fmax(-NNUE_W2_LIMIT * QB + 1, fmin(NNUE_W2_LIMIT * QB - 1, net->w2[j] * QB)));
    for (int k = 0; k < nb; k++)
        b2[k] = (int32_t)lround(net->layout & NNUE_LAYOUT_SCRELU ? net->b2[k] * nnue_output_unit(net->layout)
                                                                 : net->b2[k] * QA * QB); /* in float, as always */
    double sum = 0, most = 0;
    float h[2 * MAX_HIDDEN];
    for (size_t k = 0; k < n; k++) {
        Inputs x;
        sample_inputs(s, idx[k], &x);
        const double d = fabs(forward(net, &x, h) - quantised_forward(w1, b1, w2, b2, nh, nb, net->layout, &x));
        sum += d, most = d > most ? d : most;
    }
    printf("quantised: mean |float - integer| %.2f cp, largest %.2f cp, over %zu validation positions\n",
           n ? sum / (double)n : 0.0, most, n);
    int w2_most = 0;
    for (int j = 0; j < nw2; j++)
        w2_most = abs(w2[j]) > w2_most ? abs(w2[j]) : w2_most;
    NnueActive active = nnue_game_active();
    const int32_t acc_most = nnue_worst_accumulator(w1, b1, (size_t)nh, &active);
    active.squares_only = true;
    const int32_t acc_squares = nnue_worst_accumulator(w1, b1, (size_t)nh, &active);
    printf("ranges: largest |w2| %.3f (the format's limit %d), largest accumulator possible %.2f (by squares "
           "alone %.2f; int16 holds %.2f)\n",
           (double)w2_most / QB, NNUE_W2_LIMIT, (double)acc_most / QA, (double)acc_squares / QA,
           (double)INT16_MAX / QA);
    if (acc_most > INT16_MAX) {
        fprintf(stderr, "train: an accumulator of this net could leave int16: %s not written\n", path);
        free(w1);
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "train: cannot write %s: %s\n", path, strerror(errno));
        free(w1);
        return false;
    }
    uint8_t head[NNUE_HEADER_SIZE] = {0};
    memcpy(head, NNUE_MAGIC, 8);
    /* the oldest version that holds the net: one bucket without a layout is version 3's, as the nets before
     * buckets, byte for byte; more buckets version 4's; a layout version 5's */
    const uint32_t version = nnue_version_for((uint32_t)nb, net->layout);
    const uint32_t fields[] = {version,
                               INPUTS,
                               (uint32_t)nh,
                               QA,
                               QB,
                               nnue_format_hash(version, INPUTS, (uint32_t)nh, (uint32_t)nb, net->layout),
                               version == NNUE_VERSION_ONE_BUCKET ? 0 : (uint32_t)nb,
                               net->layout};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        for (int b = 0; b < 4; b++)
            head[8 + 4 * i + (size_t)b] = (uint8_t)(fields[i] >> (8 * b));
    snprintf((char *)head + NNUE_GAME_NAME_AT, NNUE_GAME_NAME_SIZE, "%s", GAME_NAME);
    fwrite(head, 1, sizeof head, f);
    for (size_t i = 0; i < (size_t)INPUTS * (size_t)nh; i++)
        put16(f, w1[i]);
    for (int j = 0; j < nh; j++)
        put16(f, b1[j]);
    for (int j = 0; j < nw2; j++)
        put16(f, w2[j]);
    for (int k = 0; k < nb; k++)
        for (int b = 0; b < 4; b++)
            fputc((int)((uint32_t)b2[k] >> (8 * b)) & 255, f);
    free(w1);
    const bool ok = fclose(f) == 0;
    printf("wrote %s: %d inputs, %d hidden, %d output bucket%s%s%s, %zu bytes\n", path, INPUTS, nh, nb,
           nb == 1 ? "" : "s", net->layout & NNUE_LAYOUT_KING_MIRROR ? ", king-relative" : "",
           net->layout & NNUE_LAYOUT_SCRELU ? ", squared ReLU" : "", nnue_file_size(INPUTS, (size_t)nh, (size_t)nb));
    return ok;
}

/* The number of floats in each part of a net of `hidden` units and `buckets` outputs: w1, b1, w2, b2. */
static void part_sizes(int hidden, int buckets, size_t size[4])
{
    size[0] = (size_t)INPUTS * (size_t)hidden, size[1] = (size_t)hidden;
    size[2] = (size_t)buckets * 2 * (size_t)hidden, size[3] = (size_t)buckets;
}

static bool moments_alloc(Moments mo[4], int hidden, int buckets)
{
    size_t size[4];
    part_sizes(hidden, buckets, size);
    bool ok = true;
    for (int k = 0; k < 4; k++) {
        mo[k] = (Moments){calloc(size[k], sizeof(float)), calloc(size[k], sizeof(float))};
        ok = ok && mo[k].m && mo[k].v;
    }
    return ok;
}

/* Writes NET.float: the weights, then the run's state. Through a temporary file renamed over the old one,
 * so that a kill while it writes leaves the previous checkpoint. */
static bool write_checkpoint(const Net *net, const RunState *run, const char *out)
{
    char path[4096], tmp[4100];
    snprintf(path, sizeof path, "%s.float", out);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        fprintf(stderr, "train: cannot write %s: %s\n", tmp, strerror(errno));
        return false;
    }
    size_t size[4];
    part_sizes(net->hidden, net->buckets, size);
    const int shape = net->hidden | (net->buckets > 1 ? net->buckets << CHECKPOINT_BUCKETS_SHIFT : 0) |
        (int)(net->layout << CHECKPOINT_LAYOUT_SHIFT);
    fwrite(&shape, sizeof shape, 1, f);
    fwrite(net->w1, sizeof *net->w1, size[0], f);
    fwrite(net->b1, sizeof *net->b1, size[1], f);
    fwrite(net->w2, sizeof *net->w2, size[2], f);
    fwrite(net->b2, sizeof *net->b2, size[3], f);
    const uint32_t length = (uint32_t)strlen(run->settings);
    fwrite(CHECKPOINT_STATE_MAGIC, 1, 8, f);
    fwrite(&run->epoch, sizeof run->epoch, 1, f);
    fwrite(&run->step, sizeof run->step, 1, f);
    fwrite(&length, sizeof length, 1, f);
    fwrite(run->settings, 1, length, f);
    for (int k = 0; k < 4; k++) {
        fwrite(run->mo[k].m, sizeof(float), size[k], f);
        fwrite(run->mo[k].v, sizeof(float), size[k], f);
    }
    const bool ok = !ferror(f) && fclose(f) == 0 && rename(tmp, path) == 0;
    if (!ok)
        fprintf(stderr, "train: cannot write %s\n", path);
    return ok;
}

/* Reads a checkpoint write_checkpoint wrote for this game's inputs into a net it allocates, and, when run is
 * not NULL, the run's state into run (its moments allocated; run->epoch -1 when the file has no state, as
 * older checkpoints have none). False, with the reason on stderr, if the file is missing, another size or
 * cut short. */
static bool read_checkpoint(const char *path, Net *net, RunState *run)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "train: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    int shape = 0;
    bool ok = fread(&shape, sizeof shape, 1, f) == 1;
    const int hidden = shape & ((1 << CHECKPOINT_BUCKETS_SHIFT) - 1),
              many = (shape >> CHECKPOINT_BUCKETS_SHIFT) &
        ((1 << (CHECKPOINT_LAYOUT_SHIFT - CHECKPOINT_BUCKETS_SHIFT)) - 1),
              buckets = many + !many;
    const uint32_t layout = (uint32_t)shape >> CHECKPOINT_LAYOUT_SHIFT;
    ok = ok && shape > 0 && hidden >= NNUE_HIDDEN_STEP && hidden <= MAX_HIDDEN && hidden % NNUE_HIDDEN_STEP == 0 &&
        buckets <= NNUE_MAX_BUCKETS && !(layout & ~(uint32_t)NNUE_LAYOUT_KNOWN) && net_alloc(net, hidden, buckets);
    if (ok)
        net->layout = layout;
    size_t size[4];
    part_sizes(hidden, buckets, size);
    ok = ok && fread(net->w1, sizeof *net->w1, size[0], f) == size[0] &&
        fread(net->b1, sizeof *net->b1, size[1], f) == size[1] &&
        fread(net->w2, sizeof *net->w2, size[2], f) == size[2] &&
        fread(net->b2, sizeof *net->b2, size[3], f) == size[3];
    char magic[8];
    const size_t got = ok ? fread(magic, 1, sizeof magic, f) : 0;
    if (run)
        run->epoch = -1;
    if (ok && got > 0) { /* the run's state follows: it must be whole, whether it is wanted or not */
        RunState r = {0};
        uint32_t length = 0;
        ok = got == sizeof magic && !memcmp(magic, CHECKPOINT_STATE_MAGIC, sizeof magic) &&
            fread(&r.epoch, sizeof r.epoch, 1, f) == 1 && fread(&r.step, sizeof r.step, 1, f) == 1 &&
            fread(&length, sizeof length, 1, f) == 1 && r.epoch >= 0 && r.step >= 0 && length < sizeof r.settings &&
            fread(r.settings, 1, length, f) == length && moments_alloc(r.mo, hidden, buckets);
        for (int k = 0; ok && k < 4; k++)
            ok = fread(r.mo[k].m, sizeof(float), size[k], f) == size[k] &&
                fread(r.mo[k].v, sizeof(float), size[k], f) == size[k];
        ok = ok && fgetc(f) == EOF;
        if (ok && run)
            *run = r;
        else
            for (int k = 0; k < 4; k++)
                free(r.mo[k].m), free(r.mo[k].v);
    }
    fclose(f);
    if (!ok)
        fprintf(stderr, "train: %s is not a checkpoint of a %s net (%d inputs)\n", path, GAME_NAME, INPUTS);
    return ok;
}

/* The settings that decide a run's result, as text a checkpoint keeps (--resume compares it): every option
 * but --threads, --out and --stop-after, the hidden size, and the number and a hash of the positions read. */
static void settings_text(const Options *o, const Samples *s, char *out, size_t size)
{
    const size_t n = s->n;
    uint64_t h = 1469598103934665603ULL; /* FNV-1a over each position's inputs and target */
    for (size_t i = 0; i < n; i++) {
        Inputs x;
        sample_inputs(s, i, &x);
        uint32_t t;
        memcpy(&t, &x.target, sizeof t);
        uint64_t words[3] = {x.n, x.twin, t};
        for (int k = 0; k < 3; k++)
            h = (h ^ words[k]) * 1099511628211ULL;
        for (int side = 0; side < 2; side++)
            for (int k = 0; k < x.n; k++)
                h = (h ^ x.feat[side][k]) * 1099511628211ULL;
    }
    snprintf(out, size,
             "game=%s hidden=%d epochs=%d batch=%d lr=%.10g lambda=%.10g scale=%.10g val=%.10g seed=%llu "
             "mirror=%d acc-limit=%.10g acc-count=%s random-start=%d positions=%zu data-hash=%016llx",
             GAME_NAME, o->hidden, o->epochs, o->batch, o->lr, o->lambda, o->scale, o->val, (unsigned long long)o->seed,
             o->mirror, o->acc_limit, o->acc_squares_only ? "squares" : "pieces", !o->from, n, (unsigned long long)h);
    if (o->buckets > 1) /* a run of one bucket keeps the text of the runs before buckets */
        snprintf(out + strlen(out), size - strlen(out), " buckets=%d", o->buckets);
    if (o->king_mirror) /* and a run without king-relative inputs the text before them */
        snprintf(out + strlen(out), size - strlen(out), " king-mirror=1");
    if (o->screlu) /* and a run of the plain activation the text before it */
        snprintf(out + strlen(out), size - strlen(out), " screlu=1");
}

/* Two settings_text texts (the same words in the same order) compared word by word: false when they are
 * the same, true with the first pair of words that differ in *was and *is (and the lengths of each). */
static bool settings_differ(const char *a, const char *b, const char **was, int *was_len, const char **is, int *is_len)
{
    while (*a || *b) {
        const size_t la = strcspn(a, " "), lb = strcspn(b, " ");
        if (la != lb || strncmp(a, b, la)) {
            *was = a, *was_len = (int)la, *is = b, *is_len = (int)lb;
            return true;
        }
        a += la + (a[la] == ' '), b += lb + (b[lb] == ' ');
    }
    return false;
}

/* Reads a net file the engine would load (nnue_read_file checks it) into a float net it allocates: each
 * integer weight divided by its unit (QA, QB, QA * QB for the output bias; nnue_format.h). */
static bool read_net_file(const char *path, Net *net)
{
    char err[256];
    NnueNet *q = nnue_read_file(path, err, sizeof err);
    if (!q) {
        fprintf(stderr, "train: %s refused: %s\n", path, err);
        return false;
    }
    const bool ok = net_alloc(net, q->hidden, q->buckets);
    if (ok) {
        net->layout = q->layout;
        for (size_t i = 0; i < (size_t)INPUTS * (size_t)q->hidden; i++)
            net->w1[i] = (float)q->w1[i] / QA;
        for (int j = 0; j < q->hidden; j++)
            net->b1[j] = (float)q->b1[j] / QA;
        for (int j = 0; j < q->buckets * 2 * q->hidden; j++)
            net->w2[j] = (float)q->w2[j] / QB;
        for (int k = 0; k < q->buckets; k++)
            net->b2[k] = (float)((double)q->b2[k] / nnue_output_unit(q->layout));
    }
    nnue_free(q);
    return ok;
}

/* True if the file at path begins with a net file's magic (NNUE_MAGIC), false for anything else. */
static bool is_net_file(const char *path)
{
    char head[8] = {0};
    FILE *f = fopen(path, "rb");
    const bool net = f && fread(head, 1, sizeof head, f) == sizeof head && !memcmp(head, NNUE_MAGIC, sizeof head);
    if (f)
        fclose(f);
    return net;
}

static int usage(const char *why)
{
    fprintf(stderr,
            "train: %s\nusage: train --data FILE[,FILE...] --out NET [--hidden 128] [--epochs 20] [--batch 4096]\n"
            "             [--lr 0.001] [--lambda 0.5] [--scale 400] [--val 0.1] [--threads 2] [--seed 1]\n"
            "             [--max-positions N] [--mirror] [--from CHECKPOINT|NET] [--acc-limit 31]\n"
            "             [--acc-count pieces|squares] [--stop-after K] [--resume] [--buckets 1] [--king-mirror]\n"
            "             [--screlu]\n",
            why);
    return 2;
}

static bool parse_options(int argc, char **argv, Options *o)
{
    *o = (Options){.hidden = 128,
                   .buckets = 1,
                   .epochs = 20,
                   .batch = 4096,
                   .threads = 2,
                   .lr = 0.001,
                   .lambda = 0.5,
                   .scale = 400,
                   .val = 0.1,
                   .seed = 1,
                   .acc_limit = ACC_LIMIT_DEFAULT,
                   .max_positions = UINT64_MAX};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t x;
        double d;
        char *end;
        if (!strcmp(a, "--mirror")) { /* each training position also mirrored left to right */
            o->mirror = true;
            continue;
        }
        if (!strcmp(a, "--resume")) { /* go on from OUT.float where a run of these settings stopped */
            o->resume = true;
            continue;
        }
        if (!strcmp(a, "--king-mirror")) { /* the king-relative layout: version 5 (nnue_format.h) */
            o->king_mirror = true;
            continue;
        }
        if (!strcmp(a, "--screlu")) { /* the hidden values squared: version 5 (nnue_format.h) */
            o->screlu = true;
            continue;
        }
        if (!v)
            return usage(a) == 0;
        i++;
        if (!strcmp(a, "--data"))
            o->data = v;
        else if (!strcmp(a, "--out"))
            o->out = v;
        else if (!strcmp(a, "--from"))
            o->from = v;
        else if (!strcmp(a, "--acc-count") && (!strcmp(v, "pieces") || !strcmp(v, "squares")))
            o->acc_squares_only = !strcmp(v, "squares");
        else if (!strcmp(a, "--hidden") && num_parse_i64(v, NNUE_HIDDEN_STEP, MAX_HIDDEN, &x) == NUM_OK &&
                 x % NNUE_HIDDEN_STEP == 0)
            o->hidden = (int)x;
        else if (!strcmp(a, "--buckets") && num_parse_i64(v, 1, NNUE_MAX_BUCKETS, &x) == NUM_OK)
            o->buckets = (int)x;
        else if (!strcmp(a, "--epochs") && num_parse_i64(v, 0, 100000, &x) == NUM_OK)
            o->epochs = (int)x;
        else if (!strcmp(a, "--stop-after") && num_parse_i64(v, 1, 100000, &x) == NUM_OK)
            o->stop_after = (int)x;
        else if (!strcmp(a, "--batch") && num_parse_i64(v, 1, 1 << 24, &x) == NUM_OK)
            o->batch = (int)x;
        else if (!strcmp(a, "--threads") && num_parse_i64(v, 1, MAX_THREADS, &x) == NUM_OK)
            o->threads = (int)x;
        else if (!strcmp(a, "--seed") && num_parse_i64(v, 0, INT64_MAX, &x) == NUM_OK)
            o->seed = (uint64_t)x;
        else if (!strcmp(a, "--max-positions") && num_parse_i64(v, 1, INT64_MAX, &x) == NUM_OK)
            o->max_positions = (uint64_t)x;
        else if ((d = strtod(v, &end)), *end || end == v || !isfinite(d))
            return usage(a) == 0;
        else if (!strcmp(a, "--lr") && d > 0)
            o->lr = d;
        else if (!strcmp(a, "--lambda") && d >= 0 && d <= 1)
            o->lambda = d;
        else if (!strcmp(a, "--scale") && d > 0)
            o->scale = d;
        else if (!strcmp(a, "--val") && d > 0 && d < 1)
            o->val = d;
        else if (!strcmp(a, "--acc-limit") && d > 0 && d <= (double)INT16_MAX / QA)
            o->acc_limit = d;
        else
            return usage(a) == 0;
    }
    if (!o->data || !o->out)
        return usage("--data and --out are needed") == 0;
    return true;
}

int main(int argc, char **argv)
{
    Options o;
    if (!parse_options(argc, argv, &o))
        return 2;
    game_init(); /* the game's tables: the compact data's games are replayed by its rules */
    Samples all = {.mirror = o.mirror}, *samples = &all;
    size_t cap = 0;
    char files[4096];
    snprintf(files, sizeof files, "%s", o.data);
    for (char *save = NULL, *p = strtok_r(files, ",", &save); p; p = strtok_r(NULL, ",", &save))
        if (!load_file(p, &o, samples, &cap))
            return 1;
    const size_t n = all.n;
    if (n < 10) {
        fprintf(stderr, "train: %zu positions are too few to train on\n", n);
        return 1;
    }
    uint64_t rng = o.seed;
    size_t *order = malloc(n * sizeof *order);
    Net net, grad[MAX_THREADS];
    RunState run = {.epoch = -1};
    char checkpoint[4096];
    snprintf(checkpoint, sizeof checkpoint, "%s.float", o.out);
    if (!order)
        return 1;
    if (o.resume && access(checkpoint, F_OK) == 0) { /* its weights and state, if its settings are these */
        if (!read_checkpoint(checkpoint, &net, &run))
            return 1;
        if (run.epoch < 0) {
            fprintf(stderr,
                    "train: %s holds no run's state (an older checkpoint): nothing to resume; --from "
                    "trains on from its weights\n",
                    checkpoint);
            return 2;
        }
        o.hidden = net.hidden;
        /* a mirrored or squared checkpoint stays so; the settings tell */
        o.king_mirror = o.king_mirror || (net.layout & NNUE_LAYOUT_KING_MIRROR);
        o.screlu = o.screlu || (net.layout & NNUE_LAYOUT_SCRELU);
        all.king_mirror = o.king_mirror;
        char mine[sizeof run.settings];
        settings_text(&o, samples, mine, sizeof mine);
        const char *was, *is;
        int was_len, is_len;
        if (settings_differ(run.settings, mine, &was, &was_len, &is, &is_len)) {
            fprintf(stderr,
                    "train: %s was written with %.*s, this command has %.*s: not resumed (without --resume "
                    "it starts afresh)\n",
                    checkpoint, was_len, was, is_len, is);
            return 2;
        }
    } else if (o.from) {
        if (!(is_net_file(o.from) ? read_net_file(o.from, &net) : read_checkpoint(o.from, &net, NULL)))
            return 1;
        o.hidden = net.hidden;
        if (net.buckets > 1) /* its buckets win, as its hidden size does; one bucket is widened to --buckets */
            o.buckets = net.buckets;
        else if (!net_widen_buckets(&net, o.buckets))
            return 1;
    } else if (!net_alloc(&net, o.hidden, o.buckets))
        return 1;
    /* The layout: --king-mirror and --screlu, or the net gone on from's (a net without one takes it up: the
     * same weights, each perspective's inputs read in its king's view, or its hidden values squared, from
     * here on). */
    o.king_mirror = o.king_mirror || (net.layout & NNUE_LAYOUT_KING_MIRROR);
    o.screlu = o.screlu || (net.layout & NNUE_LAYOUT_SCRELU);
    net.layout = (o.king_mirror ? NNUE_LAYOUT_KING_MIRROR : 0u) | (o.screlu ? NNUE_LAYOUT_SCRELU : 0u);
    all.king_mirror = o.king_mirror;
    const bool resumed = run.epoch >= 0;
    if (!resumed) {
        run.epoch = run.step = 0;
        settings_text(&o, samples, run.settings, sizeof run.settings);
        if (!moments_alloc(run.mo, o.hidden, o.buckets))
            return 1;
    }
    const size_t nw1 = (size_t)INPUTS * (size_t)o.hidden;
    int16_t *q1 = malloc(nw1 * sizeof *q1); /* scratch: the quantised w1 (keep_in_range) */
    if (!q1)
        return 1;
    /* One shuffle of the positions read (a twin goes with its position): the validation set is the tail,
     * without twins; the training set is the rest with their twins. */
    size_t m = 0;
    for (size_t i = 0; i < n; i += o.mirror ? 2 : 1)
        order[m++] = i;
    for (size_t i = m - 1; i > 0; i--) {
        const size_t j = (size_t)(rng_next(&rng) % (i + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    const size_t nval = (size_t)((double)m * o.val) > 0 ? (size_t)((double)m * o.val) : 1;
    size_t ntrain = m - nval;
    if (o.mirror) { /* order: training positions, their twins, then the validation positions */
        memmove(order + 2 * ntrain, order + ntrain, nval * sizeof *order);
        for (size_t k = 0; k < ntrain; k++)
            order[ntrain + k] = order[k] + 1;
        ntrain *= 2;
    }
    if (!o.from) { /* small random first weights: a hidden unit starts in its linear range (drawn on
                    * resume too, so that the shuffles after them are the first run's) */
        for (size_t i = 0; i < nw1; i++) {
            const float w = (float)((double)(rng_next(&rng) >> 11) / 9007199254740992.0 - 0.5) * 0.2f;
            net.w1[i] = resumed ? net.w1[i] : w;
        }
        for (int j = 0; j < 2 * o.hidden; j++) { /* every bucket starts alike: the same draws as one */
            const float w = (float)((double)(rng_next(&rng) >> 11) / 9007199254740992.0 - 0.5) * 2.0f;
            for (int k = 0; k < o.buckets; k++)
                net.w2[(size_t)k * 2 * (size_t)o.hidden + (size_t)j] =
                    resumed ? net.w2[(size_t)k * 2 * (size_t)o.hidden + (size_t)j] : w;
        }
    }
    for (int t = 0; t < o.threads; t++)
        if (!net_alloc(&grad[t], o.hidden, o.buckets))
            return 1;
    Net sum;
    if (!net_alloc(&sum, o.hidden, o.buckets))
        return 1;
    printf("train: %zu positions (%zu training%s, %zu validation), %d inputs, %d hidden, lambda %.2f, scale %.0f\n",
           o.mirror ? n / 2 : n, ntrain, o.mirror ? " with their mirror images" : "", nval, INPUTS, o.hidden, o.lambda,
           o.scale);
    if (resumed)
        printf("resumed %s after epoch %d of %d (step %d): validation loss %.6f\n", checkpoint, run.epoch, o.epochs,
               run.step, mean_loss(&net, samples, order + ntrain, nval, o.scale));
    else
        printf("epoch 0: validation loss %.6f\n", mean_loss(&net, samples, order + ntrain, nval, o.scale));
    Slice *slices = calloc((size_t)o.threads, sizeof *slices);
    if (!slices)
        return 1;
    const int last = o.stop_after && o.stop_after < o.epochs ? o.stop_after : o.epochs;
    for (int epoch = 1; epoch <= last; epoch++) {
        for (size_t i = ntrain - 1; i > 0; i--) { /* a new order of the training positions */
            const size_t j = (size_t)(rng_next(&rng) % (i + 1)), t = order[i];
            order[i] = order[j], order[j] = t;
        }
        if (epoch <= run.epoch)
            continue; /* done before the stop: only its shuffle is replayed */
        /* the learning rate: full for half the epochs, then a tenth, then a hundredth for the last tenth */
        const double lr = epoch <= o.epochs / 2 ? o.lr : epoch <= o.epochs - o.epochs / 10 ? o.lr / 10 : o.lr / 100;
        double loss = 0;
        long scaled = 0;
        const double t0 = seconds_now();
        for (size_t start = 0; start < ntrain; start += (size_t)o.batch) {
            const size_t end = start + (size_t)o.batch < ntrain ? start + (size_t)o.batch : ntrain;
            pthread_t tid[MAX_THREADS];
            for (int t = 0; t < o.threads; t++) {
                net_zero(&grad[t]);
                slices[t].net = &net, slices[t].samples = samples, slices[t].order = order;
                slices[t].from = start + (end - start) * (size_t)t / (size_t)o.threads;
                slices[t].to = start + (end - start) * (size_t)(t + 1) / (size_t)o.threads;
                slices[t].scale = o.scale, slices[t].grad = grad[t];
                if (t > 0 && pthread_create(&tid[t], NULL, slice_run, &slices[t]) != 0)
                    slice_run(&slices[t]), tid[t] = 0;
            }
            slice_run(&slices[0]);
            net_zero(&sum);
            for (int t = 0; t < o.threads; t++) {
                if (t > 0 && tid[t])
                    pthread_join(tid[t], NULL);
                loss += slices[t].loss;
                for (size_t i = 0; i < nw1; i++)
                    sum.w1[i] += grad[t].w1[i];
                for (int j = 0; j < o.hidden; j++)
                    sum.b1[j] += grad[t].b1[j];
                for (int j = 0; j < o.buckets * 2 * o.hidden; j++)
                    sum.w2[j] += grad[t].w2[j];
                for (int k = 0; k < o.buckets; k++)
                    sum.b2[k] += grad[t].b2[k];
            }
            const double per = 1.0 / (double)(end - start);
            const int step = ++run.step;
            adam(net.w1, sum.w1, &run.mo[0], nw1, lr, per, step);
            adam(net.b1, sum.b1, &run.mo[1], (size_t)o.hidden, lr, per, step);
            adam(net.w2, sum.w2, &run.mo[2], (size_t)o.buckets * 2 * (size_t)o.hidden, lr, per, step);
            adam(net.b2, sum.b2, &run.mo[3], (size_t)o.buckets, lr, per, step);
            if (step % RANGE_EVERY == 0)
                scaled += keep_in_range(&net, q1, o.acc_limit, o.acc_squares_only);
        }
        scaled += keep_in_range(&net, q1, o.acc_limit, o.acc_squares_only);
        const double took = seconds_now() - t0;
        printf("epoch %d: training loss %.6f, validation loss %.6f (learning rate %g, %.0f positions/s)\n", epoch,
               loss / (double)ntrain, mean_loss(&net, samples, order + ntrain, nval, o.scale), lr,
               took > 0 ? (double)ntrain / took : 0.0);
        if (scaled)
            printf("epoch %d: a unit scaled back to the accumulator limit %.2f %ld times\n", epoch, o.acc_limit,
                   scaled);
        fflush(stdout);
        run.epoch = epoch;
        if (!write_checkpoint(&net, &run, o.out))
            return 1;
    }
    if (last < o.epochs) {
        printf("stopped after epoch %d of %d (--stop-after): %s holds the run; the same command with --resume "
               "goes on\n",
               last, o.epochs, checkpoint);
        return 0;
    }
    return write_net(&net, o.out, samples, order + ntrain, nval) ? 0 : 1;
}
