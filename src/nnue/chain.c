/*
 * chain.c - the compact training-data format (chain.h): the header, a game's
 * bytes, and the replay that turns them back into positions.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "chain.h"
#include "datagen_format.h"

#include <stdlib.h>
#include <string.h>

/* --- Little-endian fields (datagen_format.h's, which the record format uses) and varints. --- */
static void put32(uint8_t *p, uint32_t v)
{
    dg_put16(p, v & 0xffffu);
    dg_put16(p + 2, v >> 16);
}
static uint32_t get32(const uint8_t *p) { return dg_get16(p) | (uint32_t)dg_get16(p + 2) << 16; }

static size_t varint_put(uint8_t *p, uint32_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}

/* Reads a varint at *at in [0, len); false if it runs past len or past 32 bits. */
static bool varint_get(const uint8_t *p, size_t len, size_t *at, uint32_t *v)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 35; shift += 7) {
        if (*at >= len)
            return false;
        const uint8_t b = p[(*at)++];
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            if (x > UINT32_MAX)
                return false;
            *v = (uint32_t)x;
            return true;
        }
    }
    return false;
}

static uint32_t zigzag(int64_t v) { return (uint32_t)(v < 0 ? -2 * v - 1 : 2 * v); }
static int64_t unzigzag(uint32_t z) { return z & 1 ? -(int64_t)(z >> 1) - 1 : (int64_t)(z >> 1); }

/* --- Bits, low first: the moves and their scores. --- */
typedef struct {
    uint8_t *p;
    size_t n; /* whole bytes written */
    uint64_t acc;
    int bits;
} BitWriter;

static void bits_put(BitWriter *w, uint32_t v, int count)
{
    w->acc |= (uint64_t)v << w->bits;
    w->bits += count;
    while (w->bits >= 8) {
        w->p[w->n++] = (uint8_t)w->acc;
        w->acc >>= 8;
        w->bits -= 8;
    }
}

static void bits_flush(BitWriter *w)
{
    if (w->bits > 0)
        w->p[w->n++] = (uint8_t)w->acc;
    w->acc = 0, w->bits = 0;
}

typedef struct {
    const uint8_t *p;
    size_t len, at; /* bytes: all, taken */
    uint64_t acc;
    int bits;
} BitReader;

/* false if the bits run past the end */
static bool bits_get(BitReader *r, int count, uint32_t *v)
{
    while (r->bits < count) {
        if (r->at >= r->len)
            return false;
        r->acc |= (uint64_t)r->p[r->at++] << r->bits;
        r->bits += 8;
    }
    *v = (uint32_t)(r->acc & ((1ull << count) - 1));
    r->acc >>= count;
    r->bits -= count;
    return true;
}

static int bit_length(uint64_t v)
{
    int n = 0;
    while (v)
        n++, v >>= 1;
    return n;
}

/* Exp-Golomb of order CHAIN_SCORE_K: v + 2^k in its bit length, after as many zeros as that length passes k + 1
 * (written most significant bit first, as one reads it). */
static void golomb_put(BitWriter *w, uint32_t v)
{
    const uint64_t x = (uint64_t)v + (1u << CHAIN_SCORE_K);
    const int len = bit_length(x);
    bits_put(w, 0, len - CHAIN_SCORE_K - 1);
    for (int i = len - 1; i >= 0; i--)
        bits_put(w, (uint32_t)(x >> i & 1), 1);
}

static bool golomb_get(BitReader *r, uint32_t *v)
{
    int zeros = 0;
    uint32_t b = 0;
    for (;; zeros++) {
        if (zeros > 33 - CHAIN_SCORE_K || !bits_get(r, 1, &b))
            return false;
        if (b)
            break;
    }
    uint64_t x = 1;
    for (int i = 0; i < zeros + CHAIN_SCORE_K; i++) {
        if (!bits_get(r, 1, &b))
            return false;
        x = x << 1 | b;
    }
    x -= 1u << CHAIN_SCORE_K;
    if (x > UINT32_MAX)
        return false;
    *v = (uint32_t)x;
    return true;
}

/* The bits a move's index takes among n legal moves: enough for n - 1. */
static int index_bits(int n) { return bit_length((uint64_t)(n > 1 ? n - 1 : 0)); }

/* --- The header. --- */
void chain_header_init(ChainHeader *h, uint64_t seed, int max_score, const char *settings)
{
    memset(h, 0, sizeof *h);
    h->version = CHAIN_VERSION;
    h->squares = SQUARE_NB;
    h->header_size = CHAIN_HEADER_SIZE;
    snprintf(h->game, sizeof h->game, "%s", GAME_NAME);
    h->seed = seed;
    h->max_score = max_score;
    snprintf(h->settings, sizeof h->settings, "%s", settings);
}

void chain_header_write(const ChainHeader *h, uint8_t out[CHAIN_HEADER_SIZE])
{
    memset(out, 0, CHAIN_HEADER_SIZE);
    memcpy(out, CHAIN_MAGIC, 8);
    dg_put16(out + 8, (unsigned)h->version);
    dg_put16(out + 10, (unsigned)h->squares);
    dg_put16(out + 12, (unsigned)h->header_size);
    size_t game_len = strnlen(h->game, 16), settings_len = strnlen(h->settings, CHAIN_SETTINGS_MAX - 1);
    memcpy(out + 16, h->game, game_len); /* NUL-padded by the memset; the settings keep a NUL at their end */
    dg_put64(out + 32, h->games);
    dg_put64(out + 40, h->positions);
    dg_put64(out + 48, h->seed);
    dg_put64(out + 56, h->bytes);
    dg_put64(out + 64, h->plies);
    put32(out + 72, (uint32_t)h->max_score);
    memcpy(out + CHAIN_SETTINGS_OFFSET, h->settings, settings_len);
}

bool chain_is_chain(const uint8_t *in, size_t len) { return len >= 8 && !memcmp(in, CHAIN_MAGIC, 8); }

bool chain_header_read(const uint8_t in[CHAIN_HEADER_SIZE], ChainHeader *h, const char **why)
{
    memset(h, 0, sizeof *h);
    if (!chain_is_chain(in, CHAIN_HEADER_SIZE))
        return *why = "not Chariot's compact training data (no CHRTCHAN magic)", false;
    h->version = (int)dg_get16(in + 8);
    h->squares = (int)dg_get16(in + 10);
    h->header_size = (int)dg_get16(in + 12);
    memcpy(h->game, in + 16, 16);
    h->games = dg_get64(in + 32);
    h->positions = dg_get64(in + 40);
    h->seed = dg_get64(in + 48);
    h->bytes = dg_get64(in + 56);
    h->plies = dg_get64(in + 64);
    h->max_score = (int)(get32(in + 72) & 0x7fffffff);
    memcpy(h->settings, in + CHAIN_SETTINGS_OFFSET, CHAIN_SETTINGS_MAX);
    h->settings[CHAIN_SETTINGS_MAX] = '\0';
    if (h->version != CHAIN_VERSION)
        return *why = "a compact format version this build does not read", false;
    if (strcmp(h->game, GAME_NAME))
        return *why = "data of another game", false;
    if (h->squares != SQUARE_NB || h->header_size != CHAIN_HEADER_SIZE)
        return *why = "board or header sizes this build does not read", false;
    return true;
}

/* --- Moves as indexes. --- */
static int move_order(const void *a, const void *b)
{
    const Move x = *(const Move *)a, y = *(const Move *)b;
    return (x > y) - (x < y);
}

/* The legal moves sorted by their code: an index into this list is how a move is stored. */
static int legal_sorted(const Position *pos, Move *list)
{
    const int n = gen_legal(pos, list);
    qsort(list, (size_t)n, sizeof *list, move_order);
    return n;
}

/* A 16-bit check of a game as read: its final position's pieces and side to move, and the labels on the way
 * (hashed into labels by label_mix). */
static uint32_t label_mix(uint32_t h, int64_t v)
{
    for (int i = 0; i < 8; i++)
        h = (h ^ (uint32_t)((uint64_t)v >> (8 * i) & 255u)) * 16777619u;
    return h;
}

static unsigned game_check(const Position *pos, uint32_t labels)
{
    uint32_t h = labels;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        h = (h ^ (uint32_t)pos_piece_on(pos, sq)) * 16777619u;
    h = (h ^ (uint32_t)pos_side(pos)) * 16777619u;
    return (unsigned)((h ^ (h >> 16)) & 0xffffu);
}

static bool fail(char *err, size_t errlen, const char *what, int ply)
{
    if (ply >= 0)
        snprintf(err, errlen, "%s at move %d", what, ply + 1);
    else
        snprintf(err, errlen, "%s", what);
    return false;
}

/* The start of a game: its FEN (or the start position) set up in pos. */
static bool start_set(Position *pos, const char *fen, char *err, size_t errlen)
{
    char why[160];
    if (pos_set_fen(pos, fen ? fen : GAME_STARTPOS, why, sizeof why))
        return true;
    snprintf(err, errlen, "the start is no position of %s: %s", GAME_NAME, why);
    return false;
}

static int result_code(GameResult r) { return r == GAME_FIRST_WINS ? 1 : r == GAME_SECOND_WINS ? 2 : 0; }

size_t chain_encode(const ChainGame *g, Position *pos, uint8_t *out, char *err, size_t errlen)
{
    static const size_t room = 5; /* the length varint's bytes at most, written last */
    const size_t fen_len = g->start_fen ? strlen(g->start_fen) : 0;
    if (g->count < 0 || g->count > CHAIN_MAX_PLIES || fen_len > CHAIN_FEN_MAX || g->start_ply < 0)
        return fail(err, errlen, "a game longer than the format holds", -1), 0;
    if (!start_set(pos, g->start_fen, err, errlen))
        return 0;
    uint8_t *body = out + room;
    size_t n = 0;
    body[n++] = (uint8_t)result_code(g->result);
    n += varint_put(body + n, (uint32_t)g->start_ply);
    n += varint_put(body + n, (uint32_t)fen_len);
    if (fen_len)
        memcpy(body + n, g->start_fen, fen_len), n += fen_len;
    n += varint_put(body + n, (uint32_t)g->count);
    BitWriter w = {body + n, 0, 0, 0};
    int64_t last = 0; /* the last score stored, the first mover's view */
    uint32_t labels = label_mix(label_mix(2166136261u, result_code(g->result)), g->start_ply);
    for (int i = 0; i < g->count; i++) {
        Move list[MAX_MOVES];
        const int count = legal_sorted(pos, list);
        int k = 0;
        while (k < count && list[k] != g->moves[i])
            k++;
        if (k == count)
            return fail(err, errlen, "an illegal move", i), 0;
        bits_put(&w, (uint32_t)k, index_bits(count));
        const int32_t s = g->scores[i] == CHAIN_NO_SCORE ? CHAIN_NO_SCORE
            : g->scores[i] > CHAIN_SCORE_MAX             ? CHAIN_SCORE_MAX
            : g->scores[i] < -CHAIN_SCORE_MAX            ? -CHAIN_SCORE_MAX
                                                         : g->scores[i];
        bits_put(&w, s != CHAIN_NO_SCORE, 1);
        if (s != CHAIN_NO_SCORE) {
            const bool first = pos_side(pos) == COLOR_FIRST;
            golomb_put(&w, zigzag((int64_t)s - (first ? last : -last)));
            labels = label_mix(labels, s);
            last = first ? s : -(int64_t)s;
        }
        pos_make(pos, g->moves[i]);
        pos_trim_history(pos);
    }
    bits_flush(&w);
    n += w.n;
    dg_put16(body + n, game_check(pos, labels));
    n += 2;
    /* the length in front, the body moved up against it */
    uint8_t head[5];
    const size_t h = varint_put(head, (uint32_t)n);
    memmove(out + h, body, n);
    memcpy(out, head, h);
    return h + n;
}

int chain_read_game(FILE *f, uint8_t *buf, size_t *len, char *err, size_t errlen)
{
    uint32_t v = 0;
    for (int shift = 0;; shift += 7) {
        const int c = fgetc(f);
        if (c == EOF) {
            if (shift == 0)
                return 0;
            return fail(err, errlen, "the file ends inside a game's length", -1), -1;
        }
        if (shift > 28)
            return fail(err, errlen, "a game's length of more than 32 bits", -1), -1;
        v |= (uint32_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            break;
    }
    if (v < 4 || v > CHAIN_MAX_GAME_BYTES) {
        snprintf(err, errlen, "a game's length out of range (%u bytes)", (unsigned)v);
        return -1;
    }
    if (fread(buf, 1, v, f) != v)
        return fail(err, errlen, "the file ends inside a game", -1), -1;
    *len = v;
    return 1;
}

bool chain_replay(const uint8_t *game, size_t len, Position *pos, ChainVisit visit, void *ctx, char *err, size_t errlen)
{
    size_t at = 0;
    uint32_t start_ply = 0, fen_len = 0, count = 0;
    if (len < 4 || game[0] > 2)
        return fail(err, errlen, "a result that is none of 0, 1, 2", -1);
    const int result = game[at++];
    if (!varint_get(game, len, &at, &start_ply) || start_ply > 0xffff || !varint_get(game, len, &at, &fen_len) ||
        fen_len > CHAIN_FEN_MAX || fen_len > len - at)
        return fail(err, errlen, "a start that runs past the game", -1);
    char fen[CHAIN_FEN_MAX + 1];
    memcpy(fen, game + at, fen_len);
    fen[fen_len] = '\0';
    at += fen_len;
    if (!start_set(pos, fen_len ? fen : NULL, err, errlen))
        return false;
    if (!varint_get(game, len, &at, &count) || count > CHAIN_MAX_PLIES)
        return fail(err, errlen, "a move count out of range", -1);
    if (len - at < 2)
        return fail(err, errlen, "the game's bytes end before its moves", -1);
    BitReader rd = {game + at, len - at - 2, 0, 0, 0};
    int64_t last = 0;
    uint32_t labels = label_mix(label_mix(2166136261u, result), start_ply);
    bool going = true;
    for (uint32_t i = 0; i < count; i++) {
        Move list[MAX_MOVES];
        uint32_t k = 0, scored = 0, z = 0;
        const int n = legal_sorted(pos, list);
        if (!bits_get(&rd, index_bits(n), &k) || !bits_get(&rd, 1, &scored) || (scored && !golomb_get(&rd, &z)))
            return fail(err, errlen, "the game's bytes end", (int)i);
        if (n == 0 || k >= (uint32_t)n)
            return fail(err, errlen, "a move index past the legal moves", (int)i);
        const bool first = pos_side(pos) == COLOR_FIRST;
        int32_t score = CHAIN_NO_SCORE;
        if (scored) {
            const int64_t v = (first ? last : -last) + unzigzag(z);
            if (v < -CHAIN_SCORE_MAX || v > CHAIN_SCORE_MAX)
                return fail(err, errlen, "a score out of range", (int)i);
            score = (int32_t)v;
            last = first ? v : -v;
            labels = label_mix(labels, v);
        }
        if (going && visit) {
            const int mine = first ? 1 : 2;
            const ChainPly p = {pos, list[k], score, (int)(start_ply + i), result == 0 ? 0 : result == mine ? 1 : -1};
            going = visit(ctx, &p);
        }
        pos_make(pos, list[k]);
        pos_trim_history(pos);
    }
    at += rd.at;
    if (at + 2 != len)
        return fail(err, errlen, "bytes after the game's moves do not end it", -1);
    if (dg_get16(game + at) != game_check(pos, labels))
        return fail(err, errlen, "the check differs: the replay's moves, scores or result are not the writer's", -1);
    return true;
}

bool chain_keep(const Position *pos, Move move, int32_t score, int max_score)
{
    return score != CHAIN_NO_SCORE && score > -SCORE_INF && score < SCORE_INF && abs(score) <= max_score &&
        !pos_in_check(pos) && !pos_is_noisy(pos, move);
}
