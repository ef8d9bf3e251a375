/*
 * pgn_out.h - games written as PGN, the one writer behind play's `save`,
 * `annotate` and `datagen --pgn`: the move text wrapped at 79 columns, a
 * move number (as the position's FEN counts it) before each move of the
 * side that moves first and before the first move of the text, a move
 * never parted from its number, comments wrapped between their words, the
 * SetUp and FEN tags for a start that is not the game's usual one.
 */
#ifndef CHARIOT_PGN_OUT_H
#define CHARIOT_PGN_OUT_H

#include <stdio.h>

#include "engine.h"

enum { PGN_OUT_COLUMNS = 79 };

typedef struct {
    FILE *f;
    int column; /* characters on the line so far */
    bool moved; /* a move was written: the next second-mover move needs no number */
} PgnOut;

/* A writer at the start of a game's move text. */
PgnOut pgn_out_begin(FILE *f);
/* [SetUp "1"] and [FEN "..."] unless start is the game's usual position. */
void pgn_out_start_tags(FILE *f, const Position *start);
/* A word of move text (a NAG, a result), on a new line when it would pass the margin. */
void pgn_out_word(PgnOut *o, const char *word);
/* A comment, {text}, wrapped between its words. */
void pgn_out_comment(PgnOut *o, const char *text);
/* The move m from pos in the players' notation (WXF, SAN), with its number when it needs one. */
void pgn_out_move(PgnOut *o, const Position *pos, Move m);
/* The result token and the end of the line. */
void pgn_out_end(PgnOut *o, const char *result);

#endif
