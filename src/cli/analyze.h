/* analyze.h - the `analyze` command line tool, and the pieces `play` shares with it. */
#ifndef CHARIOT_ANALYZE_H
#define CHARIOT_ANALYZE_H

#include "game_api.h"

enum { ANALYZE_DEFAULT_DEPTH = 12 };

int analyze_main(int argc, char **argv);

/* "FEN | fen FEN | startpos [moves ...]" or a bare move list; moves in ICCS or WXF. The FEN is every word
 * after the board up to `moves`; a bad field is named in err as the game's FEN reader names it. */
bool analyze_read_position(const char *spec, Position *pos, char *err, size_t len);
/* Append a word of the command line to a position spec (words joined by single spaces). */
void analyze_append_word(char *spec, size_t size, const char *word);
/* The same for a word that must not be empty; else a message on stderr after `program` ("chariot judge"). */
bool analyze_add_word(char *spec, size_t size, const char *word, const char *program);
void analyze_format_score(Score s, char *buf, size_t len); /* +0.25, mate in 3, mated in 2 */
void analyze_catch_interrupt(void);                        /* Ctrl-C stops the search, not the program */

#endif
