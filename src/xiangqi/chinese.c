/*
 * chinese.c - moves in Chinese notation, as xiangqi players write them:
 * 炮二平五 (cannon on file 2 moves sideways to file 5), 馬8進7, 前車退二.
 *
 * The notation is WXF written in characters, so both directions go through
 * WXF (notation.c): piece, file, action (進 forward, 退 backward, 平
 * sideways), number. Red counts in Chinese numerals (一 … 九), Black in
 * Arabic digits (written full-width, １ … ９). Two like pieces on a file
 * are 前 (front) and 後 (rear) before the piece instead of the file: 前馬進七
 * is WXF H++7. Written with traditional characters, Red 車馬相仕帥炮兵 and
 * Black 車馬象士將砲卒; read in simplified and traditional forms alike (车
 * 马 帅 将 进 后, 俥 傌 包 and ASCII digits too). The pawn index forms of WXF
 * (15.6: three pawns on a file) are written in WXF and not read.
 */
#include <stdio.h>
#include <string.h>

#include "board.h"

const char *const CHINESE_PIECE[2][PIECE_TYPE_NB] = {
    {"", "帥", "仕", "相", "馬", "車", "炮", "兵"},
    {"", "將", "士", "象", "馬", "車", "砲", "卒"},
};
static const char *const RED_NUMERAL[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
static const char *const BLACK_NUMERAL[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

/* Each character read, as the WXF character it stands for. */
static const struct {
    const char *text;
    char wxf;
} READ_AS[] = {
    {"車", 'R'}, {"车", 'R'}, {"俥", 'R'}, {"馬", 'H'}, {"马", 'H'}, {"傌", 'H'}, {"相", 'E'}, {"象", 'E'}, {"仕", 'A'},
    {"士", 'A'}, {"帥", 'K'}, {"帅", 'K'}, {"將", 'K'}, {"将", 'K'}, {"炮", 'C'}, {"砲", 'C'}, {"包", 'C'}, {"兵", 'P'},
    {"卒", 'P'}, {"進", '+'}, {"进", '+'}, {"退", '-'}, {"平", '.'}, {"前", 'F'}, {"後", 'B'}, {"后", 'B'}, {"一", '1'},
    {"二", '2'}, {"三", '3'}, {"四", '4'}, {"五", '5'}, {"六", '6'}, {"七", '7'}, {"八", '8'}, {"九", '9'}, {"１", '1'},
    {"２", '2'}, {"３", '3'}, {"４", '4'}, {"５", '5'}, {"６", '6'}, {"７", '7'}, {"８", '8'}, {"９", '9'},
};

void pos_move_to_chinese(const Position *pos, Move m, char buf[16])
{
    char w[8];
    pos_move_to_wxf(pos, m, w);
    const int pc = m == MOVE_NONE ? 0 : pos->board[move_from(m)];
    const char *piece = strchr("KAEHRCP", w[0]);
    if (!pc || !piece || strlen(w) != 4) { /* a pawn index form, or no move: WXF as it is */
        snprintf(buf, 16, "%s", w);
        return;
    }
    const Color c = piece_color(pc);
    const char *const *num = c == RED ? RED_NUMERAL : BLACK_NUMERAL;
    const char *name = CHINESE_PIECE[c][piece_type(pc)];
    const char *action = w[2] == '+' ? "進" : w[2] == '-' ? "退" : "平";
    if (w[1] == '+' || w[1] == '-')
        snprintf(buf, 16, "%s%s%s%s", w[1] == '+' ? "前" : "後", name, action, num[w[3] - '0']);
    else
        snprintf(buf, 16, "%s%s%s%s", name, num[w[1] - '0'], action, num[w[3] - '0']);
}

Move pos_parse_chinese(const Position *pos, const char *text)
{
    char s[8];
    size_t n = 0;
    for (const char *p = text; *p;) {
        if (*p == ' ' || *p == '\t') {
            p++;
            continue;
        }
        char c = 0;
        size_t len = 1;
        if (*p >= '1' && *p <= '9') {
            c = *p;
        } else {
            for (size_t i = 0; i < sizeof READ_AS / sizeof READ_AS[0] && !c; i++)
                if (!strncmp(p, READ_AS[i].text, strlen(READ_AS[i].text))) {
                    c = READ_AS[i].wxf;
                    len = strlen(READ_AS[i].text);
                }
        }
        if (!c || n >= 4)
            return MOVE_NONE;
        s[n++] = c;
        p += len;
    }
    if (n != 4)
        return MOVE_NONE;
    /* 前馬進七 / 馬前進七 -> H++7; 炮二平五 -> C2.5 */
    if (s[0] == 'F' || s[0] == 'B') {
        const char t = s[0];
        s[0] = s[1];
        s[1] = t;
    }
    if (s[1] == 'F' || s[1] == 'B')
        s[1] = s[1] == 'F' ? '+' : '-';
    s[4] = 0;
    return strchr("KAEHRCP", s[0]) && s[0] ? pos_parse_wxf(pos, s) : MOVE_NONE;
}
