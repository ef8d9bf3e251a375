/*
 * datagen_read.h - `datagen --dump`, `--pgn` and `--convert`: the readers of
 * a data file (docs/nnue.md, "Commands"); each prints what it read or why it
 * could not, and returns the command's exit status.
 */
#ifndef CHARIOT_DATAGEN_READ_H
#define CHARIOT_DATAGEN_READ_H

#include <stdint.h>

/* The header, then the first `limit` kept positions (all when <= 0), one a line; either format. */
int datagen_dump(const char *path, int64_t limit);
/* The first `limit` games (all when <= 0) of a compact file as PGN, each move with its score. */
int datagen_pgn(const char *path, int64_t limit);
/* A record file copied into a new compact file, filtered as it was made (its settings' max-score, else
 * default_max_score). */
int datagen_convert(const char *from, const char *to, int default_max_score);

#endif
