/*
 * movetext.c - the contract's move writer and reader with a style
 * (game_api.h): UCI coordinates (e2e4, e7e8q; castling as the king's
 * two-square step, or as king takes own rook in Chess960) and SAN, which is
 * both the notation people read and chess players' own. Xiangqi's ranks
 * 1-10 mean nothing here: they write plain coordinates.
 */
#include "board.h"

void move_to_str(Move m, char buf[8]) { move_to_uci(m, false, buf); }

void pos_move_text(const Position *pos, Move m, MoveStyle style, char *buf)
{
    switch (style) {
    case MOVE_STYLE_HUMAN:
    case MOVE_STYLE_NATIVE:
        if (m != MOVE_NONE) {
            pos_move_to_human(pos, m, buf);
            return;
        }
        break;
    case MOVE_STYLE_CHESS960: pos_move_to_uci(pos, m, true, buf); return;
    case MOVE_STYLE_COORD:
    case MOVE_STYLE_FAIRY_RANKS: break;
    }
    pos_move_to_uci(pos, m, false, buf);
}

Move pos_parse_move_text(const Position *pos, const char *text, MoveStyle style)
{
    if (style == MOVE_STYLE_HUMAN || style == MOVE_STYLE_NATIVE)
        return pos_parse_human(pos, text);
    return pos_parse_move(pos, text); /* reads both ways of writing castling */
}
