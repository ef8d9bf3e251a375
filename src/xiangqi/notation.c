/*
 * notation.c - WXF move notation, written and read, and a reader for moves
 * typed by people (ICCS, WXF, or Chinese through chinese.c).
 *
 * A WXF move is piece, source file, action, number (specs.md section 5):
 *   - piece letters K A E H R C P, upper case for both sides when written;
 *     read in either case, with B and N accepted for E and H;
 *   - files count 1-9 from the mover's right: Red's file i is 1, Black's a is 1;
 *   - action '+' forward, '-' backward, '.' sideways ('=' is read as '.');
 *   - number: the ranks travelled for a move along a file (king, rook,
 *     cannon, pawn), otherwise the destination file;
 *   - two pieces of one kind on one file: the file becomes '+' (front) or
 *     '-' (rear), as in H++7. Advisors and elephants keep the file: the
 *     direction of the move already tells the two apart;
 *   - pawns: with three or more on one file, or two on each of two or more
 *     files, letter and file become the pawn's index on its file (1 = front)
 *     and the file: 15.6, 35+1.
 * WXF marks neither captures nor checks. The reader matches the text against
 * every legal move and accepts it only if exactly one fits, so it also takes
 * forms other writers use (+C.5, P5.6 where only one pawn of the file can go).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "pos_common.h"

static const char WXF_LETTERS[PIECE_TYPE_NB] = {'?', 'K', 'A', 'E', 'H', 'R', 'C', 'P'};

/* File number 1-9 as seen by colour c. */
static int wxf_file(Color c, int file) { return c == RED ? FILE_NB - file : file + 1; }

/* How far forward (for colour c) rank b lies from rank a. */
static int forward_of(Color c, int a, int b) { return c == RED ? b - a : a - b; }

/* Pieces equal to the one on sq standing on its file: in front of it and behind it. */
static void file_mates(const Position *pos, int sq, int *ahead, int *behind)
{
    const int pc = pos->board[sq];
    const Color c = piece_color(pc);
    *ahead = *behind = 0;
    for (int r = 0; r < RANK_NB; r++) {
        int s = sq_make(sq_file(sq), r);
        if (s != sq && pos->board[s] == pc) {
            if (forward_of(c, sq_rank(sq), r) > 0)
                (*ahead)++;
            else
                (*behind)++;
        }
    }
}

/* Files holding two or more pawns of colour c. */
static int crowded_pawn_files(const Position *pos, Color c)
{
    int n = 0;
    for (int f = 0; f < FILE_NB; f++) {
        int k = 0;
        for (int r = 0; r < RANK_NB; r++)
            k += pos->board[sq_make(f, r)] == piece_make(c, PAWN);
        n += k >= 2;
    }
    return n;
}

static char action_of(Color c, int from, int to)
{
    int fwd = forward_of(c, sq_rank(from), sq_rank(to));
    return fwd > 0 ? '+' : fwd < 0 ? '-' : '.';
}

static int number_of(Color c, int from, int to)
{
    return sq_file(from) == sq_file(to) ? abs(sq_rank(to) - sq_rank(from)) : wxf_file(c, sq_file(to));
}

void pos_move_to_wxf(const Position *pos, Move m, char buf[8])
{
    const int from = move_from(m), to = move_to(m), pc = m == MOVE_NONE ? 0 : pos->board[from];
    if (!pc) {
        move_to_str(m, buf);
        return;
    }
    const Color c = piece_color(pc);
    const int type = piece_type(pc);
    int ahead, behind;
    file_mates(pos, from, &ahead, &behind);
    const int on_file = 1 + ahead + behind;
    if (type == PAWN && (on_file >= 3 || (on_file == 2 && crowded_pawn_files(pos, c) >= 2))) {
        buf[0] = (char)('1' + ahead);
        buf[1] = (char)('0' + wxf_file(c, sq_file(from)));
    } else {
        buf[0] = WXF_LETTERS[type];
        if (on_file == 2 && type != ADVISOR && type != ELEPHANT)
            buf[1] = ahead ? '-' : '+';
        else
            buf[1] = (char)('0' + wxf_file(c, sq_file(from)));
    }
    buf[2] = action_of(c, from, to);
    buf[3] = (char)('0' + number_of(c, from, to));
    buf[4] = 0;
}

void pos_pv_to_human(const Position *pos, const Move *pv, int n, char *buf, size_t len)
{
    Position p = *pos;
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used + 8 < len; i++) {
        char m[8];
        if (!pos_is_pseudo_legal(&p, pv[i]) || !pos_is_legal(&p, pv[i]))
            break;
        pos_move_to_wxf(&p, pv[i], m);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", m);
        pos_make(&p, pv[i]);
        pos_trim_history(&p);
    }
}

static int type_from_letter(char ch)
{
    switch (toupper((unsigned char)ch)) {
    case 'K': return KING;
    case 'A': return ADVISOR;
    case 'E':
    case 'B': return ELEPHANT;
    case 'H':
    case 'N': return HORSE;
    case 'R': return ROOK;
    case 'C': return CANNON;
    case 'P': return PAWN;
    default: return NO_TYPE;
    }
}

/* The parsed text: which piece (type and how it is singled out), action, number. */
typedef struct {
    int type;
    int file;    /* 1-9, or 0 when not given */
    char tandem; /* '+' front, '-' rear, 0 */
    int index;   /* pawn index on its file, 1 = front, 0 when not given */
    char action;
    int number;
} WxfText;

static bool wxf_read(const char *text, WxfText *w)
{
    char s[8];
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p))
            continue;
        if (n >= 4)
            return false;
        s[n++] = *p == '=' ? '.' : *p;
    }
    if (n != 4 || !strchr("+-.", s[2]) || s[3] < '1' || s[3] > '9')
        return false;
    memset(w, 0, sizeof *w);
    w->action = s[2];
    w->number = s[3] - '0';
    if (isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1])) { /* 35+1: pawn 3 of file 5 */
        w->type = PAWN;
        w->index = s[0] - '0';
        w->file = s[1] - '0';
        return w->index >= 1 && w->index <= 5 && w->file >= 1;
    }
    if (s[0] == '+' || s[0] == '-') { /* +C.5 is another way to write C+.5 */
        char t = s[0];
        s[0] = s[1];
        s[1] = t;
    }
    w->type = type_from_letter(s[0]);
    if (!w->type)
        return false;
    if (s[1] == '+' || s[1] == '-')
        w->tandem = s[1];
    else if (s[1] >= '1' && s[1] <= '9')
        w->file = s[1] - '0';
    else
        return false;
    return true;
}

static bool wxf_fits(const Position *pos, Move m, const void *text)
{
    const WxfText *w = text;
    const int from = move_from(m), to = move_to(m), pc = pos->board[from];
    const Color c = piece_color(pc);
    if (piece_type(pc) != w->type || action_of(c, from, to) != w->action || number_of(c, from, to) != w->number)
        return false;
    if (w->file && wxf_file(c, sq_file(from)) != w->file)
        return false;
    int ahead, behind;
    file_mates(pos, from, &ahead, &behind);
    if (w->index && ahead + 1 != w->index)
        return false;
    if (w->tandem)
        return ahead + behind >= 1 && (w->tandem == '+' ? ahead == 0 : behind == 0);
    return true;
}

Move pos_parse_wxf(const Position *pos, const char *text)
{
    WxfText w;
    if (!wxf_read(text, &w))
        return MOVE_NONE;
    return pos_unique_legal(pos, wxf_fits, &w);
}

Move pos_parse_human(const Position *pos, const char *text)
{
    for (const char *p = text; *p; p++)
        if ((unsigned char)*p >= 0x80) /* characters: Chinese notation */
            return pos_parse_chinese(pos, text);
    char s[8];
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p) || (*p == '-' && n == 2 && p[1] && !isdigit((unsigned char)p[1])))
            continue; /* spaces, and the dash of H2-E2 */
        if (n + 1 >= sizeof s)
            return pos_parse_wxf(pos, text);
        s[n++] = (char)tolower((unsigned char)*p);
    }
    s[n] = 0;
    bool iccs = n == 4 && s[0] >= 'a' && s[0] <= 'i' && isdigit((unsigned char)s[1]) && s[2] >= 'a' && s[2] <= 'i' &&
        isdigit((unsigned char)s[3]);
    return iccs ? pos_parse_move(pos, s) : pos_parse_wxf(pos, text);
}
