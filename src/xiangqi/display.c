/*
 * display.c - the board as a xiangqi player reads it (pos_print_board).
 *
 * Red at the bottom, or Black when flipped. Around the board: the ICCS
 * coordinates the engine reads (ranks 0-9 on the left, files a-i below) and
 * the file numbers each side counts from its own right, the side at the top
 * above and the side at the bottom below (Chinese numerals for Red, digits
 * for Black in the Chinese style). Pieces are letters (Red upper case:
 * K A B N R C P) or Chinese characters (Red 帥仕相馬車炮兵, Black
 * 將士象馬車砲卒); with colours Red is red. The last move's squares are in
 * brackets: [N] and [.] in letters, [馬] and [＋] in characters. A cell is 3
 * columns wide in letters and 4 in characters (a character takes two).
 */
#include <stdarg.h>
#include <stdio.h>

#include "board.h"

static const char LETTERS[] = ".KABNRCP";
static const char *const RED_FILE[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const BLACK_FILE[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
enum { RIVER_BELOW_RANK = 5 }; /* the river runs between ranks 5 and 4 */

/* Appends to buf at *n, as far as it fits. */
static void board_put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    if (*n >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    *n += k > 0 ? (size_t)k : 0;
}

/* The file numbers of colour c, one under each column, as displayed. */
static void file_numbers(const BoardStyle *st, Color c, char *buf, size_t len, size_t *n)
{
    board_put(buf, len, n, "    ");
    for (int col = 0; col < FILE_NB; col++) {
        const int file = st->flip ? FILE_NB - 1 - col : col;
        const int number = c == RED ? FILE_NB - file : file + 1; /* counted from that side's right */
        if (st->native)
            board_put(buf, len, n, " %s ", c == RED ? RED_FILE[number] : BLACK_FILE[number]);
        else
            board_put(buf, len, n, " %d ", number);
    }
    board_put(buf, len, n, "   %s\n", c == RED ? "Red" : "Black");
}

void pos_print_board(const Position *pos, const BoardStyle *st, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    const Color top = st->flip ? RED : BLACK;
    const int from = st->last ? move_from(st->last) : -1, to = st->last ? move_to(st->last) : -1;
    board_put(buf, len, &n, "\n");
    file_numbers(st, top, buf, len, &n);
    for (int row = 0; row < RANK_NB; row++) {
        const int rank = st->flip ? row : RANK_NB - 1 - row;
        board_put(buf, len, &n, "  %d ", rank);
        for (int col = 0; col < FILE_NB; col++) {
            const int sq = sq_make(st->flip ? FILE_NB - 1 - col : col, rank), pc = pos->board[sq];
            const bool marked = sq == from || sq == to;
            const char *open = marked ? "[" : " ", *close = marked ? "]" : " ";
            const char *ink = !st->colour || !pc ? "" : piece_color(pc) == RED ? "\033[1;31m" : "\033[1m";
            const char *reset = *ink ? "\033[0m" : "";
            if (st->native) {
                board_put(buf, len, &n, "%s%s%s%s%s", open, ink,
                          pc ? CHINESE_PIECE[piece_color(pc)][piece_type(pc)] : "＋", reset, close);
            } else {
                const char ch = (char)(LETTERS[piece_type(pc)] + (pc && piece_color(pc) == BLACK ? 'a' - 'A' : 0));
                board_put(buf, len, &n, "%s%s%c%s%s", open, ink, ch, reset, close);
            }
        }
        board_put(buf, len, &n, "\n");
        if (rank == (st->flip ? RIVER_BELOW_RANK - 1 : RIVER_BELOW_RANK))
            board_put(buf, len, &n,
                      st->native ? "                  楚 河          漢 界\n"
                                 : "     ~~~~~~~~~~~~ river ~~~~~~~~~~~\n");
    }
    board_put(buf, len, &n, "    ");
    for (int col = 0; col < FILE_NB; col++)
        board_put(buf, len, &n, st->native ? "  %c " : " %c ", 'a' + (st->flip ? FILE_NB - 1 - col : col));
    board_put(buf, len, &n, "\n");
    file_numbers(st, !top, buf, len, &n);
}
