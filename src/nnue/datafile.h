/*
 * datafile.h - reading training data whatever its format: the compact games
 * of chain.h (what datagen writes) and the fixed-size records of
 * datagen_format.h (what it wrote before 2026-11-29). A reader gives the
 * positions datagen's filters keep, one at a time, as records unpacked
 * (DgEntry), so the trainer and `datagen --dump` read both formats alike.
 */
#ifndef CHARIOT_DATAFILE_H
#define CHARIOT_DATAFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "chain.h"
#include "datagen_format.h"

typedef enum { DATA_RECORDS, DATA_CHAIN } DataFormat;

typedef struct {
    FILE *f;
    DataFormat format;
    char game[17];
    uint64_t games, positions, seed;
    uint64_t bytes; /* the compact format's bytes of games; the record format's records times their size */
    int max_score;  /* the compact format's filter: the file's max-score unless the reader sets another */
    char settings[DG_SETTINGS_MAX + 1]; /* the larger of the two formats' */
    /* where the reading stands */
    uint64_t games_read, records_read, bytes_read;
    uint8_t *game_bytes; /* the compact format's game being read (CHAIN_MAX_GAME_BYTES) */
    Position *pos;       /* its replay */
} DataReader;

/* A kept position: false stops the reading. */
typedef bool (*DataVisit)(void *ctx, const DgEntry *e);

/* Opens a file of either format; false with a reason naming the file. The game's tables must be set up
 * (game_init): the compact format's games are replayed. */
bool data_open(DataReader *r, const char *path, char *err, size_t errlen);
/* Gives every kept position of every complete game to visit, in the file's order: 1 all read (or visit
 * stopped), -1 a corrupt or short file (the reason names the game or record; the positions before it were
 * given). */
int data_each(DataReader *r, DataVisit visit, void *ctx, char *err, size_t errlen);
void data_close(DataReader *r);

/* The board's shape and the FEN letter of each piece code, read off the start position. */
typedef struct {
    int files, ranks;
    char letter[PIECE_NB];
} FenShape;
bool data_fen_shape(FenShape *shape);

/* A record's position as a FEN that pos_set_fen takes (the castling field given, "-" when NULL; no en
 * passant; the move counter from its ply), set up in pos; false with a reason if the record is no legal
 * position of this game. */
bool data_entry_fen(const FenShape *shape, const DgEntry *e, const char *castling, Position *pos, char *fen, size_t len,
                    char *err, size_t errlen);

/* The unpacked position of a replayed one. */
void data_entry_of(const Position *pos, Move move, int score, int ply, int result, DgEntry *e);

#endif
