#define _POSIX_C_SOURCE 200809L
/* pgn_out.c - games written as PGN (pgn_out.h). */
#include "pgn_out.h"

#include <stdlib.h>
#include <string.h>

PgnOut pgn_out_begin(FILE *f) { return (PgnOut){f, 0, false}; }

void pgn_out_start_tags(FILE *f, const Position *start)
{
    char fen[256];
    pos_get_fen(start, fen, sizeof fen);
    if (strcmp(fen, GAME_STARTPOS))
        fprintf(f, "[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
}

void pgn_out_word(PgnOut *o, const char *word)
{
    const int len = (int)strlen(word);
    if (o->column && o->column + 1 + len > PGN_OUT_COLUMNS) {
        fputc('\n', o->f);
        o->column = 0;
    }
    o->column += fprintf(o->f, "%s%s", o->column ? " " : "", word);
}

void pgn_out_comment(PgnOut *o, const char *text)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "{%s}", text);
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        pgn_out_word(o, tok);
}

void pgn_out_move(PgnOut *o, const Position *pos, Move m)
{
    char word[64], text[MOVE_TEXT_MAX], fen[256];
    const bool first = pos_side(pos) == COLOR_FIRST;
    pos_move_text(pos, m, MOVE_STYLE_HUMAN, text);
    if (first || !o->moved) {
        pos_get_fen(pos, fen, sizeof fen);
        const char *last = strrchr(fen, ' ');
        const int number = last && atoi(last + 1) > 0 ? atoi(last + 1) : 1;
        snprintf(word, sizeof word, "%d%s %s", number, first ? "." : "...", text);
    } else {
        snprintf(word, sizeof word, "%s", text);
    }
    pgn_out_word(o, word);
    o->moved = true;
}

void pgn_out_end(PgnOut *o, const char *result)
{
    pgn_out_word(o, result);
    fputc('\n', o->f);
    o->column = 0;
}
