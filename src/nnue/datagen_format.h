/*
 * datagen_format.h - the training data file that `chariot datagen` writes
 * (docs/nnue.md): a header, then fixed-size records, one per kept position.
 * Everything is little-endian and packed byte by byte, so the file reads
 * the same on every machine. Header-only (static inline), so that a tool
 * compiled against one game's game.h (the trainer) can include it alone.
 *
 * Header, DG_HEADER_SIZE (512) bytes:
 *     0  magic "CHRTDATA"            8 bytes
 *     8  version (DG_VERSION)        u16
 *    10  record size                 u16
 *    12  squares (SQUARE_NB)         u16
 *    14  header size                 u16
 *    16  game name, NUL-padded       16 bytes ("xiangqi", "chess")
 *    32  complete games              u64
 *    40  records of those games      u64 (records past them belong to an unfinished game: ignore them)
 *    48  seed                        u64
 *    56  reserved, 0                 8 bytes
 *    64  the settings, text, NUL-padded (DG_SETTINGS_MAX bytes): provenance, and what a resumed run must match
 *
 * Record, DG_RECORD_SIZE bytes (xiangqi 36, chess 32):
 *     0  occupancy: bit sq (byte sq / 8, bit sq % 8) set = square sq holds a piece   DG_OCC_BYTES
 *     .  pieces: the piece code (4 bits) of each occupied square in square order,
 *        the first in the low nibble of byte 0; unused nibbles 0                   16 bytes (32 pieces)
 *     .  score: the search's root score, side to move's view, centipawns           i16
 *     .  best move, the game's 14-bit encoding (game.h)                            u16
 *     .  ply: plies since the game's start position                                u16
 *     .  result for the side to move: 1 win, 0 draw, -1 loss                       i8
 *     .  side to move: 0 the first mover (Red, White), 1 the second                u8
 * Square numbering and piece codes are the game's (game.h): sq = rank * files + file from the first
 * mover's side; code = colour * 8 + type.
 */
#ifndef CHARIOT_DATAGEN_FORMAT_H
#define CHARIOT_DATAGEN_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "game_api.h"

#define DG_MAGIC "CHRTDATA"
enum {
    DG_VERSION = 1,
    DG_HEADER_SIZE = 512,
    DG_SETTINGS_OFFSET = 64,
    DG_SETTINGS_MAX = DG_HEADER_SIZE - DG_SETTINGS_OFFSET,
    DG_MAX_PIECES = 32,
    DG_OCC_BYTES = (SQUARE_NB + 31) / 32 * 4, /* xiangqi 12, chess 8 */
};

/* One record as stored (every field a byte array: no padding, no byte order). */
typedef struct {
    uint8_t occupancy[DG_OCC_BYTES];
    uint8_t pieces[DG_MAX_PIECES / 2];
    uint8_t score[2];
    uint8_t move[2];
    uint8_t ply[2];
    int8_t result;
    uint8_t stm;
} DgRecord;
enum { DG_RECORD_SIZE = DG_OCC_BYTES + DG_MAX_PIECES / 2 + 8 };
_Static_assert(sizeof(DgRecord) == DG_RECORD_SIZE, "a record is packed without padding");
_Static_assert(DG_RECORD_SIZE ==
                   (SQUARE_NB == 90       ? 36
                        : SQUARE_NB == 64 ? 32
                                          : DG_RECORD_SIZE),
               "xiangqi records are 36 bytes, chess records 32");
_Static_assert(PIECE_NB <= 16, "a piece code fits 4 bits");

/* A record unpacked. */
typedef struct {
    uint8_t board[SQUARE_NB]; /* piece code on each square, 0 empty */
    int score;                /* side to move's view */
    int result;               /* side to move's view: 1, 0, -1 */
    Color stm;
    int ply;
    Move move;
} DgEntry;

/* The file's header unpacked. */
typedef struct {
    int version, record_size, squares, header_size;
    char game[17];
    uint64_t games, records, seed;
    char settings[DG_SETTINGS_MAX + 1];
} DgHeader;

static inline void dg_put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static inline unsigned dg_get16(const uint8_t *p) { return (unsigned)p[0] | (unsigned)p[1] << 8; }
static inline void dg_put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint64_t dg_get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Packs a board (piece codes by square) and its labels; false if it has more than DG_MAX_PIECES pieces. */
static inline bool dg_pack(const uint8_t board[SQUARE_NB], int score, Move move, int ply, int result, Color stm,
                           DgRecord *r)
{
    memset(r, 0, sizeof *r);
    int n = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        if (!board[sq])
            continue;
        if (n == DG_MAX_PIECES)
            return false;
        r->occupancy[sq / 8] |= (uint8_t)(1u << (sq % 8));
        r->pieces[n / 2] |= (uint8_t)((board[sq] & 15u) << (4 * (n % 2)));
        n++;
    }
    score = score < INT16_MIN ? INT16_MIN : score > INT16_MAX ? INT16_MAX : score;
    dg_put16(r->score, (unsigned)(uint16_t)(int16_t)score);
    dg_put16(r->move, move);
    dg_put16(r->ply, (unsigned)(ply < 0 ? 0 : ply > 0xffff ? 0xffff : ply));
    r->result = (int8_t)result;
    r->stm = (uint8_t)stm;
    return true;
}

/* Unpacks a record; false (with *e unspecified) if it cannot be one: more pieces than the nibbles hold, an
 * occupied square without a piece, an occupancy bit past the board, a result or side out of range. */
static inline bool dg_unpack(const DgRecord *r, DgEntry *e)
{
    memset(e->board, 0, sizeof e->board);
    int n = 0;
    for (int sq = 0; sq < DG_OCC_BYTES * 8; sq++) {
        if (!(r->occupancy[sq / 8] >> (sq % 8) & 1))
            continue;
        if (sq >= SQUARE_NB || n == DG_MAX_PIECES)
            return false;
        const uint8_t code = (uint8_t)(r->pieces[n / 2] >> (4 * (n % 2)) & 15);
        if (!code)
            return false;
        e->board[sq] = code;
        n++;
    }
    e->score = (int16_t)(uint16_t)dg_get16(r->score);
    e->move = (Move)dg_get16(r->move);
    e->ply = (int)dg_get16(r->ply);
    e->result = r->result;
    e->stm = r->stm;
    return e->result >= -1 && e->result <= 1 && e->stm <= 1;
}

static inline void dg_header_write(const DgHeader *h, uint8_t out[DG_HEADER_SIZE])
{
    memset(out, 0, DG_HEADER_SIZE);
    memcpy(out, DG_MAGIC, 8);
    dg_put16(out + 8, (unsigned)h->version);
    dg_put16(out + 10, (unsigned)h->record_size);
    dg_put16(out + 12, (unsigned)h->squares);
    dg_put16(out + 14, (unsigned)h->header_size);
    size_t game_len = 0, settings_len = 0;
    while (game_len < 16 && h->game[game_len])
        game_len++;
    while (settings_len < DG_SETTINGS_MAX - 1 && h->settings[settings_len])
        settings_len++;
    memcpy(out + 16, h->game, game_len); /* NUL-padded by the memset; the settings keep a NUL at their end */
    dg_put64(out + 32, h->games);
    dg_put64(out + 40, h->records);
    dg_put64(out + 48, h->seed);
    memcpy(out + DG_SETTINGS_OFFSET, h->settings, settings_len);
}

/* Reads a header; false with a reason if it is not this game's format. */
static inline bool dg_header_read(const uint8_t in[DG_HEADER_SIZE], DgHeader *h, const char **why)
{
    memset(h, 0, sizeof *h);
    if (memcmp(in, DG_MAGIC, 8))
        return *why = "not a Chariot training data file (no CHRTDATA magic)", false;
    h->version = (int)dg_get16(in + 8);
    h->record_size = (int)dg_get16(in + 10);
    h->squares = (int)dg_get16(in + 12);
    h->header_size = (int)dg_get16(in + 14);
    memcpy(h->game, in + 16, 16);
    h->games = dg_get64(in + 32);
    h->records = dg_get64(in + 40);
    h->seed = dg_get64(in + 48);
    memcpy(h->settings, in + DG_SETTINGS_OFFSET, DG_SETTINGS_MAX);
    if (h->version != DG_VERSION)
        return *why = "a format version this build does not read", false;
    if (strcmp(h->game, GAME_NAME))
        return *why = "data of another game", false;
    if (h->record_size != DG_RECORD_SIZE || h->squares != SQUARE_NB || h->header_size != DG_HEADER_SIZE)
        return *why = "record or header sizes this build does not read", false;
    return true;
}

#endif
