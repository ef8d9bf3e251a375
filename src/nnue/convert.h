/*
 * convert.h - the record format's files (datagen_format.h) copied into the
 * compact format (chain.h): `chariot datagen --convert OLD NEW`.
 *
 * A record file holds the kept positions of each game in order, each with
 * its ply, but not the moves between them (a position in check, one whose
 * best move captures, the random opening plies). The converter chains the
 * records back into games: record k's best move was the move played, and
 * the plies up to record k + 1 (ply difference minus one) are found by a
 * bounded search over the legal moves that ends on k + 1's board; those
 * plies are stored without a score. Where no such line is found (a new
 * game, a long run of checks), a new chain starts from k + 1's board as a
 * FEN. The file read back gives the same positions, scores, moves, plies
 * and results as the record file, in the same order.
 */
#ifndef CHARIOT_CONVERT_H
#define CHARIOT_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t records;   /* read */
    uint64_t positions; /* written (kept when read back) */
    uint64_t dropped;   /* records that could not be stored: a best move illegal in its own position */
    uint64_t chains;    /* games written */
    uint64_t games;     /* the record file's games */
    uint64_t bytes;     /* the new file's, header included */
} ConvertReport;

/* Copies `from` (a record file of this game) into a new file `to` (refused if it exists); false with a
 * reason. max_score: the filter the record file was made with (its header's settings say; datagen's
 * default otherwise). */
bool convert_records(const char *from, const char *to, int max_score, ConvertReport *report, char *err, size_t errlen);

#endif
