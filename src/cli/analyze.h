/* analyze.h - the `analyze` command line tool, and the pieces `play` shares with it. */
#ifndef CHARIOT_ANALYZE_H
#define CHARIOT_ANALYZE_H

#include "game_api.h"

enum { ANALYZE_DEFAULT_DEPTH = 12 };

int analyze_main(int argc, char **argv);

/* "FEN | fen FEN | startpos [moves ...]" or a bare move list; moves in ICCS or WXF. The FEN is every word
 * after the board up to `moves`; a bad field is named in err as the game's FEN reader names it. The moves
 * may be PGN move text, as pasted from a game: numbers, NAGs, comments and a result are skipped. */
bool analyze_read_position(const char *spec, Position *pos, char *err, size_t len);
/* The same, keeping the start apart: *start the FEN's position, *pos after the moves, which go to moves (room
 * for max; NULL: not kept) and their count to *n (when n is not NULL). */
bool analyze_read_game(const char *spec, Position *start, Position *pos, Move *moves, int max, int *n, char *err,
                       size_t len);

/* PGN move text played from *pos on: move numbers (12. 12... 12.e4), NAGs ($1), annotations (e4!?), comments
 * ({...}, ; to the end of the line), variations ((...)) and tag lines are skipped; a result (1-0, *) ends it.
 * Returns the count of moves (kept in moves when not NULL, at most max); -1 at a word that is no legal move
 * there (or one past max), named in *bad with its number, counted from 1. */
typedef struct {
    char word[64];
    int number;
} AnalyzeBadMove;
int analyze_read_moves(Position *pos, const char *text, Move *moves, int max, AnalyzeBadMove *bad);
/* Append a word of the command line to a position spec (words joined by single spaces). */
void analyze_append_word(char *spec, size_t size, const char *word);
/* The same for a word that must not be empty; else a message on stderr after `program` ("chariot judge"). */
bool analyze_add_word(char *spec, size_t size, const char *word, const char *program);
void analyze_format_score(Score s, char *buf, size_t len); /* +0.25, mate in 3, mated in 2 */
void analyze_catch_interrupt(void);                        /* Ctrl-C stops the search, not the program */

#endif
