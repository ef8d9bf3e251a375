/*
 * movetext.c - the contract's move writer and reader with a style
 * (game_api.h): ICCS coordinates (h2e2, ranks 0-9), the same with ranks
 * 1-10 as Fairy-Stockfish's UCI writes xiangqi (h3e3, a10a9), WXF for
 * people and Chinese for xiangqi players. Chess960 means nothing here: it
 * writes plain coordinates.
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"

/* ICCS with every rank one higher: rank 9 becomes "10". */
static void fairy_write(Move m, char *buf)
{
    int n = 0;
    const int squares[2] = {move_from(m), move_to(m)};
    for (int half = 0; half < 2; half++) {
        buf[n++] = (char)('a' + sq_file(squares[half]));
        const int r = sq_rank(squares[half]) + 1;
        if (r == 10) {
            buf[n++] = '1';
            buf[n++] = '0';
        } else {
            buf[n++] = (char)('0' + r);
        }
    }
    buf[n] = 0;
}

/* file, rank 1-10, file, rank 1-10, and nothing else. */
static Move fairy_read(const Position *pos, const char *s)
{
    char iccs[5];
    const char *p = s;
    for (int half = 0; half < 2; half++) {
        if (*p < 'a' || *p > 'i')
            return MOVE_NONE;
        iccs[half * 2] = *p++;
        char *end;
        const long r = strtol(p, &end, 10);
        if (end == p || r < 1 || r > 10)
            return MOVE_NONE;
        iccs[half * 2 + 1] = (char)('0' + r - 1);
        p = end;
    }
    if (*p)
        return MOVE_NONE;
    iccs[4] = 0;
    return pos_parse_move(pos, iccs);
}

void pos_move_text(const Position *pos, Move m, MoveStyle style, char *buf)
{
    if (m == MOVE_NONE)
        style = MOVE_STYLE_COORD;
    switch (style) {
    case MOVE_STYLE_FAIRY_RANKS: fairy_write(m, buf); return;
    case MOVE_STYLE_HUMAN: pos_move_to_wxf(pos, m, buf); return;
    case MOVE_STYLE_NATIVE: pos_move_to_chinese(pos, m, buf); return;
    case MOVE_STYLE_COORD:
    case MOVE_STYLE_CHESS960: break;
    }
    move_to_str(m, buf);
}

Move pos_parse_move_text(const Position *pos, const char *text, MoveStyle style)
{
    switch (style) {
    case MOVE_STYLE_FAIRY_RANKS: return fairy_read(pos, text);
    case MOVE_STYLE_HUMAN:
    case MOVE_STYLE_NATIVE: return pos_parse_human(pos, text);
    case MOVE_STYLE_COORD:
    case MOVE_STYLE_CHESS960: break;
    }
    return pos_parse_move(pos, text);
}
