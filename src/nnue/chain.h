/*
 * chain.h - the compact training-data format: each game stored once as its
 * start and its moves, each move with the search's score, and the result
 * once (a chained record, like Stockfish's binpack, not a packed board per
 * position). `chariot datagen` writes it; the trainer, `datagen --dump` and
 * `datagen --convert` (from the record format of datagen_format.h) read it.
 * Replaying a game needs the game's rules (the contract's gen_legal and
 * pos_make); the positions it holds come out of the replay, so a reader
 * filters them as it likes (chain_keep: datagen's filters).
 *
 * A file, little-endian (docs/nnue.md, "The compact data format"):
 *   header, CHAIN_HEADER_SIZE (512) bytes:
 *     0  magic "CHRTCHAN"          8 bytes
 *     8  version (CHAIN_VERSION)   u16
 *    10  squares (SQUARE_NB)       u16
 *    12  header size               u16
 *    14  reserved, 0               u16
 *    16  game name, NUL-padded     16 bytes ("xiangqi", "chess")
 *    32  complete games            u64
 *    40  positions                 u64: the plies of those games chain_keep keeps at the file's max-score
 *    48  seed                      u64
 *    56  bytes                     u64: the complete games' bytes after the header (a resumed run cuts there)
 *    64  plies                     u64: the complete games' moves, scored or not
 *    72  max-score                 u32: datagen's --max-score, the filter the positions count was made with
 *    76  reserved, 0               4 bytes
 *    80  the settings, text, NUL-padded (CHAIN_SETTINGS_MAX bytes): provenance, and what a resumed run must match
 *   then the games, each:
 *     varint   the game's length in bytes after this varint
 *     u8       result: 0 a draw, 1 the first mover (Red, White) won, 2 the second won
 *     varint   the start's ply (plies since the game's start position)
 *     varint   n: 0 the game's start position (GAME_STARTPOS), else n bytes of FEN follow
 *     varint   the game's moves
 *     the moves, a stream of bits (low bit of each byte first), padded with zeros to a whole byte; each move:
 *              its index among the n legal moves sorted by the game's 16-bit move code (game.h), in the bits
 *              n - 1 needs (none when n is 1); one bit, 1 when a score follows: none for a random opening
 *              ply, or a ply a converted file did not keep; the score (side to move's view, centipawns) as
 *              its difference from the prediction p, zigzagged and in Exp-Golomb of order CHAIN_SCORE_K
 *              (6: 7 bits up to |d| 31, 9 up to 95, 11 up to 223 ...), p being the last score stored before
 *              it seen from this side; scores are clamped to +-CHAIN_SCORE_MAX when written
 *     u16      a check: FNV-1a of the result, the start's ply, every score, the final position's pieces and side
 *              to move, folded to 16 bits (game_check in chain.c), so a replay that drifted from the
 *              writer's, or a changed byte, is caught (but for one in 65,536)
 *   A varint is 7 bits a byte, low first, the top bit set on every byte but the last (at most 5 bytes,
 *   32 bits); zigzag maps 0, -1, 1, -2 ... to 0, 1, 2, 3 ... A game whose replay finds a move index past the
 *   legal moves, bits that run out, a FEN the game refuses or a check that differs is corrupt: readers stop
 *   there and say so.
 */
#ifndef CHARIOT_CHAIN_H
#define CHARIOT_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "game_api.h"

#define CHAIN_MAGIC "CHRTCHAN"
enum {
    CHAIN_VERSION = 1,
    CHAIN_HEADER_SIZE = 512,
    CHAIN_SETTINGS_OFFSET = 80,
    CHAIN_SETTINGS_MAX = CHAIN_HEADER_SIZE - CHAIN_SETTINGS_OFFSET,
    CHAIN_FEN_MAX = 200,            /* a start's FEN, bytes at most */
    CHAIN_MAX_PLIES = 4096,         /* a game's moves at most */
    CHAIN_MAX_GAME_BYTES = 1 << 16, /* a game's bytes at most: CHAIN_MAX_PLIES moves of 6 bytes and its start */
    CHAIN_SCORE_K = 6,              /* the scores' Exp-Golomb order: the best of 2..8 on xiangqi data at 300 nodes */
    CHAIN_SCORE_MAX = 1 << 20,      /* scores are stored within +-this (clamped): the engine's are within +-30001 */
};
_Static_assert(CHAIN_MAX_PLIES * 6 + CHAIN_FEN_MAX + 32 <= CHAIN_MAX_GAME_BYTES, "the longest game fits");
_Static_assert(MAX_MOVES <= 256, "a move's index among the legal moves fits a byte");

#define CHAIN_NO_SCORE INT32_MIN /* a move without a score */

/* The file's header unpacked. */
typedef struct {
    int version, squares, header_size;
    char game[17];
    uint64_t games, positions, seed, bytes, plies;
    int max_score;
    char settings[CHAIN_SETTINGS_MAX + 1];
} ChainHeader;

/* A game to write: its start, its moves and their scores, its result. */
typedef struct {
    const char *start_fen; /* NULL: the game's start position */
    int start_ply;
    int count;
    Move moves[CHAIN_MAX_PLIES];
    int32_t scores[CHAIN_MAX_PLIES]; /* CHAIN_NO_SCORE: none */
    GameResult result;               /* GAME_FIRST_WINS, GAME_SECOND_WINS or GAME_DRAWN */
} ChainGame;

/* One move of a game being read: the position it is played in, and what the file says of it. */
typedef struct {
    const Position *pos;
    Move move;
    int32_t score; /* side to move's view; CHAIN_NO_SCORE: none */
    int ply;       /* plies since the game's start position */
    int result;    /* side to move's view: 1 win, 0 draw, -1 loss */
} ChainPly;

typedef bool (*ChainVisit)(void *ctx, const ChainPly *ply); /* false: stop reading the game */

void chain_header_init(ChainHeader *h, uint64_t seed, int max_score, const char *settings);
void chain_header_write(const ChainHeader *h, uint8_t out[CHAIN_HEADER_SIZE]);
/* false with a reason if it is not this game's compact data */
bool chain_header_read(const uint8_t in[CHAIN_HEADER_SIZE], ChainHeader *h, const char **why);
/* whether these bytes begin a file of this format (any game or version) */
bool chain_is_chain(const uint8_t *in, size_t len);

/* A game as bytes, its length varint first: the count of bytes written to out (room for
 * CHAIN_MAX_GAME_BYTES), 0 with a reason if it cannot be stored (an illegal move, a bad FEN). pos is
 * scratch. */
size_t chain_encode(const ChainGame *g, Position *pos, uint8_t *out, char *err, size_t errlen);

/* Reads the next game's bytes (after its length) from f: 1 read (its length in *len), 0 the end of the
 * file, -1 a length out of range or a file cut short (a reason in err). buf holds CHAIN_MAX_GAME_BYTES. */
int chain_read_game(FILE *f, uint8_t *buf, size_t *len, char *err, size_t errlen);

/* Replays a game read by chain_read_game, calling visit before each move is made; false with a reason if
 * the game is corrupt (visit's false stops the replay and counts as success). pos is scratch. */
bool chain_replay(const uint8_t *game, size_t len, Position *pos, ChainVisit visit, void *ctx, char *err,
                  size_t errlen);

/* datagen's filters: a known score within max_score, the side to move not in check, a quiet best move. */
bool chain_keep(const Position *pos, Move move, int32_t score, int max_score);

#endif
