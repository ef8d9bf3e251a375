/*
 * notation.c - Standard Algebraic Notation written and read, and the board
 * as a player reads it.
 *
 * Written: piece letter (none for pawns), the source file, rank or both
 * when another piece of the kind could also go there, 'x' for a capture
 * (a pawn capture starts with its file), the destination, "=Q" for a
 * promotion, O-O / O-O-O for castling (also in Chess960), then '+' for check
 * or '#' for mate.
 * Read leniently: with or without + # ! ?, 0-0 as O-O, e8Q as e8=Q,
 * lower-case piece letters other than b (which is a file), and coordinates
 * (e2e4, e2-e4, e7e8q, e1g1 or e1h1 for castling). The text is matched
 * against every legal move and accepted only if exactly one fits.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "pos_common.h"

static const char SAN_LETTERS[PIECE_TYPE_NB] = {'?', 'P', 'N', 'B', 'R', 'Q', 'K'};

/* A copy that can make one move: the board and the current state only (cheap; st[] is not copied). */
static void copy_for_move(Position *to, const Position *from)
{
    memcpy(to, from, offsetof(Position, st));
    to->st[0] = from->st[from->ply];
    to->ply = to->root_ply = 0;
}

static bool is_castle(const Position *pos, Move m)
{
    return piece_type(pos->board[move_from(m)]) == KING && move_extra(m) == MOVE_CASTLE_EXTRA;
}

static bool is_promotion(const Position *pos, Move m)
{
    return piece_type(pos->board[move_from(m)]) == PAWN && relative_rank(pos->side, move_to(m)) == RANK_8;
}

/* Which of file and rank the SAN needs so that no other legal move of the same piece reaches `to`. */
static void disambiguation(const Position *pos, Move m, bool *file, bool *rank)
{
    Move list[MAX_MOVES];
    const int n = gen_legal(pos, list), from = move_from(m), to = move_to(m), pc = pos->board[from];
    bool other = false, same_file = false, same_rank = false;
    *file = *rank = false;
    for (int i = 0; i < n; i++) {
        const int f = move_from(list[i]);
        if (f == from || move_to(list[i]) != to || pos->board[f] != pc || is_castle(pos, list[i]))
            continue;
        other = true;
        same_file |= sq_file(f) == sq_file(from);
        same_rank |= sq_rank(f) == sq_rank(from);
    }
    if (!other)
        return;
    if (!same_file)
        *file = true;
    else if (!same_rank)
        *rank = true;
    else
        *file = *rank = true;
}

void pos_move_to_human(const Position *pos, Move m, char buf[16])
{
    const int from = move_from(m), to = move_to(m);
    const int pc = m == MOVE_NONE || m == MOVE_NULL ? 0 : pos->board[from];
    if (!pc) {
        move_to_str(m, buf);
        return;
    }
    const int type = piece_type(pc);
    int n = 0;
    if (is_castle(pos, m)) {
        n += sprintf(buf, to > from ? "O-O" : "O-O-O");
    } else {
        const bool capture = pos_is_capture(pos, m);
        if (type == PAWN) {
            if (capture)
                buf[n++] = (char)('a' + sq_file(from));
        } else {
            bool file, rank;
            disambiguation(pos, m, &file, &rank);
            buf[n++] = SAN_LETTERS[type];
            if (file)
                buf[n++] = (char)('a' + sq_file(from));
            if (rank)
                buf[n++] = (char)('1' + sq_rank(from));
        }
        if (capture)
            buf[n++] = 'x';
        buf[n++] = (char)('a' + sq_file(to));
        buf[n++] = (char)('1' + sq_rank(to));
        if (is_promotion(pos, m)) {
            buf[n++] = '=';
            buf[n++] = SAN_LETTERS[promo_type(m)];
        }
    }
    Position after;
    copy_for_move(&after, pos);
    pos_make(&after, m);
    if (pos_in_check(&after)) {
        Move list[MAX_MOVES];
        buf[n++] = gen_legal(&after, list) ? '+' : '#';
    }
    buf[n] = 0;
}

void pos_pv_to_human(const Position *pos, const Move *pv, int n, char *buf, size_t len)
{
    Position p;
    copy_for_move(&p, pos);
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && i < MAX_PLY && used + 24 < len; i++) {
        char m[16];
        if (!pos_is_pseudo_legal(&p, pv[i]) || !pos_is_legal(&p, pv[i]))
            break;
        pos_move_to_human(&p, pv[i], m);
        const int number = 1 + p.game_ply / 2;
        if (p.side == WHITE)
            used += (size_t)snprintf(buf + used, len - used, "%s%d. %s", i ? " " : "", number, m);
        else if (i == 0)
            used += (size_t)snprintf(buf + used, len - used, "%d... %s", number, m);
        else
            used += (size_t)snprintf(buf + used, len - used, " %s", m);
        pos_make(&p, pv[i]);
    }
}

static int san_piece(char ch)
{
    switch (ch) {
    case 'P': return PAWN; /* long algebraic with a pawn letter: Pe2e4 */
    case 'N':
    case 'n': return KNIGHT;
    case 'B': return BISHOP; /* a lower-case b is the b-file */
    case 'R':
    case 'r': return ROOK;
    case 'Q':
    case 'q': return QUEEN;
    case 'K':
    case 'k': return KING;
    default: return NO_TYPE;
    }
}

static Move parse_castling(const Position *pos, const char *s)
{
    char t[8];
    size_t n = 0;
    for (; *s && n < sizeof t - 1; s++)
        if (*s != '-')
            t[n++] = (char)toupper((unsigned char)(*s == '0' ? 'O' : *s));
    t[n] = 0;
    if (strcmp(t, "OO") && strcmp(t, "OOO"))
        return MOVE_NONE;
    const bool kingside = n == 2;
    Move list[MAX_MOVES];
    const int count = gen_legal(pos, list);
    for (int i = 0; i < count; i++)
        if (is_castle(pos, list[i]) && (move_to(list[i]) > move_from(list[i])) == kingside)
            return list[i];
    return MOVE_NONE;
}

/* The parts of a SAN move. */
typedef struct {
    int type;      /* PAWN..KING */
    int from_file; /* -1 if not given */
    int from_rank; /* -1 if not given */
    int to;
    int promo; /* NO_TYPE if not given */
    bool capture;
} SanText;

static bool san_read(const char *s, SanText *t)
{
    size_t n = strlen(s);
    t->promo = NO_TYPE;
    t->from_file = t->from_rank = -1;
    t->capture = false;
    if (n >= 3 && san_piece(s[n - 1]) >= KNIGHT && san_piece(s[n - 1]) <= QUEEN &&
        (s[n - 2] == '=' || (s[n - 2] >= '1' && s[n - 2] <= '8'))) { /* e8=Q, e8Q */
        t->promo = san_piece(s[n - 1]);
        n -= s[n - 2] == '=' ? 2 : 1;
    } else if (n >= 3 && s[n - 1] == 'b' && s[n - 2] >= '1' && s[n - 2] <= '8') { /* e8b, bxa1b */
        t->promo = BISHOP;
        n--;
    }
    if (n < 2 || s[n - 2] < 'a' || s[n - 2] > 'h' || s[n - 1] < '1' || s[n - 1] > '8')
        return false;
    t->to = sq_make(s[n - 2] - 'a', s[n - 1] - '1');
    n -= 2;
    size_t i = 0;
    t->type = PAWN;
    if (n > 0 && san_piece(s[0]) != NO_TYPE) {
        t->type = san_piece(s[0]);
        i = 1;
    }
    if (n > i && (s[n - 1] == 'x' || s[n - 1] == ':' || s[n - 1] == '-')) {
        t->capture = s[n - 1] != '-';
        n--;
    }
    for (; i < n; i++) {
        if (s[i] >= 'a' && s[i] <= 'h' && t->from_file < 0 && t->from_rank < 0)
            t->from_file = s[i] - 'a';
        else if (s[i] >= '1' && s[i] <= '8' && t->from_rank < 0)
            t->from_rank = s[i] - '1';
        else
            return false;
    }
    return true;
}

static bool san_fits(const Position *pos, Move m, const void *text)
{
    const SanText *t = text;
    const int from = move_from(m), to = move_to(m);
    if (is_castle(pos, m) || to != t->to || piece_type(pos->board[from]) != t->type)
        return false;
    if ((t->from_file >= 0 && sq_file(from) != t->from_file) || (t->from_rank >= 0 && sq_rank(from) != t->from_rank))
        return false;
    if (t->type == PAWN && t->from_file < 0 && sq_file(from) != sq_file(to))
        return false; /* a pawn capture names its file */
    if (t->capture && !pos_is_capture(pos, m))
        return false;
    return is_promotion(pos, m) ? promo_type(m) == t->promo : t->promo == NO_TYPE;
}

static Move parse_san(const Position *pos, const char *s)
{
    SanText t;
    if (!san_read(s, &t))
        return MOVE_NONE;
    return pos_unique_legal(pos, san_fits, &t);
}

Move pos_parse_human(const Position *pos, const char *text)
{
    char s[24];
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (isspace((unsigned char)*p))
            continue;
        if (n + 1 >= sizeof s)
            return MOVE_NONE;
        s[n++] = *p;
    }
    while (n && strchr("+#!?", s[n - 1]))
        n--;
    s[n] = 0;
    if (n > 4 && !strcmp(s + n - 4, "e.p.")) /* exd6e.p. */
        s[n -= 4] = 0;
    if (!n)
        return MOVE_NONE;
    if (s[0] == 'O' || s[0] == '0' || s[0] == 'o')
        return parse_castling(pos, s);
    /* Coordinates: e2e4, e2-e4, E2E4, e7e8q. "B1f4" reads as SAN first (a bishop from the first rank). */
    char coord[8];
    size_t k = 0;
    for (size_t i = 0; i < n && k < sizeof coord - 1; i++)
        if (!(s[i] == '-' && i == 2))
            coord[k++] = (char)tolower((unsigned char)s[i]);
    coord[k] = 0;
    const bool coordinates = (k == 4 || k == 5) && coord[0] >= 'a' && coord[0] <= 'h' && coord[1] >= '1' &&
        coord[1] <= '8' && coord[2] >= 'a' && coord[2] <= 'h' && coord[3] >= '1' && coord[3] <= '8';
    if (coordinates && s[0] != 'B')
        return pos_parse_move(pos, coord);
    const Move san = parse_san(pos, s);
    return san || !coordinates ? san : pos_parse_move(pos, coord);
}

/* Appends to buf at *n, as far as it fits. */
static void board_put(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
    if (*n >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int k = vsnprintf(buf + *n, len - *n, fmt, ap);
    va_end(ap);
    *n += k > 0 ? (size_t)k : 0;
}

/* Letters (White upper case) or chess symbols; White at the bottom unless flipped; the last move's squares in
 * brackets; coordinates on all four sides. */
void pos_print_board(const Position *pos, const BoardStyle *st, char *buf, size_t len)
{
    static const char LETTERS[] = ".PNBRQK";
    static const char *const FIGURES[2][7] = {{"\u00b7", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654"},
                                              {"\u00b7", "\u265f", "\u265e", "\u265d", "\u265c", "\u265b", "\u265a"}};
    const int from = st->last ? move_from(st->last) : -1, to = st->last ? move_to(st->last) : -1;
    char files[64] = "";
    for (int col = 0; col < FILE_NB; col++)
        snprintf(files + strlen(files), sizeof files - strlen(files), " %c ", 'a' + (st->flip ? 7 - col : col));
    size_t n = 0;
    buf[0] = 0;
    board_put(buf, len, &n, "\n    %s   %s\n", files, st->flip ? "White" : "Black");
    for (int row = 0; row < 8; row++) {
        const int r = st->flip ? row : RANK_8 - row;
        board_put(buf, len, &n, "  %d ", r + 1);
        for (int col = 0; col < FILE_NB; col++) {
            const int sq = sq_make(st->flip ? 7 - col : col, r), pc = pos->board[sq], type = piece_type(pc);
            const bool marked = sq == from || sq == to;
            /* White in the terminal's own colour (bold), Black in magenta: both readable on light and dark
             * backgrounds (white or blue ink vanishes on one of them) */
            const char *ink = !st->colour || !pc ? "" : piece_color(pc) == WHITE ? "\033[1m" : "\033[1;35m";
            char glyph[8];
            if (st->native)
                snprintf(glyph, sizeof glyph, "%s", FIGURES[pc ? piece_color(pc) : 0][type]);
            else
                snprintf(glyph, sizeof glyph, "%c",
                         pc && piece_color(pc) == BLACK ? tolower(LETTERS[type]) : LETTERS[type]);
            board_put(buf, len, &n, "%s%s%s%s%s", marked ? "[" : " ", ink, glyph, *ink ? "\033[0m" : "",
                      marked ? "]" : " ");
        }
        board_put(buf, len, &n, " %d\n", r + 1);
    }
    board_put(buf, len, &n, "    %s   %s\n", files, st->flip ? "Black" : "White");
}
