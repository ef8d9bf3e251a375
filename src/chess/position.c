/*
 * position.c - FEN in and out (standard, X-FEN and Shredder-FEN castling),
 * make/unmake with incremental keys and placement, invariants.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "pos_common.h"
#include "numparse.h"

static const char PIECE_CHARS[] = " PNBRQK  pnbrqk";
enum { FEN_MAX_HALFMOVE = 1000, FEN_MAX_FULLMOVE = 100000 };

_Static_assert(sizeof(PosState) == 40, "PosState is 40 bytes: the history is copied per thread and per search");

void game_init(void)
{
    board_init_tables();
    eval_init_tables();
}

static int piece_from_char(char ch)
{
    const char *p = ch != ' ' ? strchr(PIECE_CHARS, ch) : NULL;
    return p && ch ? (int)(p - PIECE_CHARS) : 0;
}

static const char *color_word(Color c) { return c == WHITE ? "white" : "black"; }

/* ---- Keys and incremental terms from scratch ---------------------------- */

Key pos_compute_key(const Position *pos)
{
    const PosState *st = &pos->st[pos->ply];
    Key k = pos->side == BLACK ? ZOBRIST_SIDE : 0;
    for (Bitboard b = pos_pieces(pos); b;) {
        int sq = bb_pop(&b);
        k ^= ZOBRIST[pos->board[sq]][sq];
    }
    k ^= ZOBRIST_CASTLE[st->castling];
    if (st->ep != SQ_NONE)
        k ^= ZOBRIST_EP[sq_file(st->ep)];
    return k;
}

Key compute_structure_key(const Position *pos)
{
    Key k = 0;
    for (Bitboard b = pos->by_type[PAWN] | pos->by_type[KING]; b;) {
        int sq = bb_pop(&b);
        k ^= ZOBRIST[pos->board[sq]][sq];
    }
    return k;
}

static void compute_psq(const Position *pos, int *mg, int *eg)
{
    *mg = *eg = 0;
    for (Bitboard b = pos_pieces(pos); b;) {
        int sq = bb_pop(&b);
        *mg += PSQ_MG[pos->board[sq]][sq];
        *eg += PSQ_EG[pos->board[sq]][sq];
    }
}

void pos_refresh_eval(Position *pos)
{
    int mg, eg;
    compute_psq(pos, &mg, &eg);
    pos->st[pos->ply].psq_mg = (int16_t)mg;
    pos->st[pos->ply].psq_eg = (int16_t)eg;
}

/* ---- Board updates shared by make and unmake ---------------------------- */

static inline void put_piece(Position *pos, int pc, int sq)
{
    pos->board[sq] = (uint8_t)pc;
    pos->by_color[piece_color(pc)] |= bb_of(sq);
    pos->by_type[piece_type(pc)] |= bb_of(sq);
}

static inline void remove_piece(Position *pos, int pc, int sq)
{
    pos->board[sq] = 0;
    pos->by_color[piece_color(pc)] ^= bb_of(sq);
    pos->by_type[piece_type(pc)] ^= bb_of(sq);
}

static inline void move_piece(Position *pos, int pc, int from, int to)
{
    const Bitboard ft = bb_of(from) | bb_of(to);
    pos->board[from] = 0;
    pos->board[to] = (uint8_t)pc;
    pos->by_color[piece_color(pc)] ^= ft;
    pos->by_type[piece_type(pc)] ^= ft;
}

/* ---- FEN ------------------------------------------------------------------ */

static bool fen_fail(char *err, size_t len, const char *msg)
{
    if (err && len)
        snprintf(err, len, "%s", msg);
    return false;
}

/* The next space-separated word of s (at most cap - 1 characters kept); returns the text after it. */
static const char *next_word(const char *s, char *word, size_t cap, size_t *full_len)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = 0;
    while (s[n] && !isspace((unsigned char)s[n]))
        n++;
    size_t k = n < cap ? n : cap - 1;
    memcpy(word, s, k);
    word[k] = 0;
    *full_len = n;
    return s + n;
}

static bool parse_board(Position *pos, const char *field, char *msg, size_t len)
{
    int rank = RANK_8, file = 0;
    int pieces[2] = {0, 0};
    for (const char *p = field; *p; p++) {
        if (*p == '/') {
            if (file != FILE_NB) {
                snprintf(msg, len, "rank %d has %d files, expected 8", rank + 1, file);
                return false;
            }
            if (--rank < RANK_1) {
                snprintf(msg, len, "more than 8 ranks");
                return false;
            }
            file = 0;
        } else if (*p >= '1' && *p <= '8') {
            file += *p - '0';
            if (file > FILE_NB) {
                snprintf(msg, len, "rank %d has more than 8 files", rank + 1);
                return false;
            }
        } else {
            const int pc = piece_from_char(*p);
            if (!pc) {
                snprintf(msg, len, "unknown piece letter '%c'", *p);
                return false;
            }
            if (file >= FILE_NB) {
                snprintf(msg, len, "rank %d has more than 8 files", rank + 1);
                return false;
            }
            const int sq = sq_make(file++, rank);
            const Color c = piece_color(pc);
            if (piece_type(pc) == PAWN && (rank == RANK_1 || rank == RANK_8)) {
                snprintf(msg, len, "%s pawn on %c%d: pawns never stand on the first or last rank", color_word(c),
                         'a' + sq_file(sq), rank + 1);
                return false;
            }
            if (++pieces[c] > MAX_PIECES_PER_SIDE) {
                snprintf(msg, len, "too many %s pieces (at most %d)", color_word(c), MAX_PIECES_PER_SIDE);
                return false;
            }
            put_piece(pos, pc, sq);
        }
    }
    if (rank != RANK_1 || file != FILE_NB) {
        snprintf(msg, len, "board has %d ranks (the last with %d files), expected 8 ranks of 8", 8 - rank, file);
        return false;
    }
    for (Color c = 0; c < 2; c++) {
        const int kings = bb_count(pos_of(pos, c, KING)), pawns = bb_count(pos_of(pos, c, PAWN));
        if (kings != 1) {
            snprintf(msg, len, kings ? "more than one %s king" : "%s king missing", color_word(c));
            return false;
        }
        if (pawns > MAX_PAWNS) {
            snprintf(msg, len, "too many %s pawns (at most %d)", color_word(c), MAX_PAWNS);
            return false;
        }
    }
    return true;
}

/* One castling letter: K/Q (outermost rook on that wing, X-FEN), or a rook's file (Shredder-FEN). */
static bool parse_castle_letter(Position *pos, char ch, char *msg, size_t len)
{
    const Color c = isupper((unsigned char)ch) ? WHITE : BLACK;
    const char up = (char)toupper((unsigned char)ch);
    const int back = c == WHITE ? RANK_1 : RANK_8, ksq = pos_king(pos, c), rook = piece_make(c, ROOK);
    if (up != 'K' && up != 'Q' && (up < 'A' || up > 'H')) {
        snprintf(msg, len, "castling field: unknown letter '%c'", ch);
        return false;
    }
    if (sq_rank(ksq) != back) {
        snprintf(msg, len, "castling right '%c': the %s king is not on its first rank", ch, color_word(c));
        return false;
    }
    int rsq = SQ_NONE;
    if (up == 'K') {
        for (int f = FILE_H; f > sq_file(ksq) && rsq == SQ_NONE; f--)
            if (pos->board[sq_make(f, back)] == rook)
                rsq = sq_make(f, back);
    } else if (up == 'Q') {
        for (int f = FILE_A; f < sq_file(ksq) && rsq == SQ_NONE; f++)
            if (pos->board[sq_make(f, back)] == rook)
                rsq = sq_make(f, back);
    } else if (pos->board[sq_make(up - 'A', back)] == rook) {
        rsq = sq_make(up - 'A', back);
    }
    if (rsq == SQ_NONE) {
        if (up == 'K' || up == 'Q')
            snprintf(msg, len, "castling right '%c': no %s rook on the %s of rank %d", ch, color_word(c),
                     up == 'K' ? "kingside" : "queenside", back + 1);
        else
            snprintf(msg, len, "castling right '%c': no %s rook on %c%d", ch, color_word(c), tolower(up), back + 1);
        return false;
    }
    const bool kingside = sq_file(rsq) > sq_file(ksq);
    const int right = castle_right(c, kingside);
    if (pos->castle_rook[right] != SQ_NONE) {
        snprintf(msg, len, "castling field gives %s's %s twice", c == WHITE ? "White" : "Black",
                 kingside ? "kingside" : "queenside");
        return false;
    }
    pos->castle_rook[right] = (uint8_t)rsq;
    pos->st[0].castling |= (uint8_t)(1 << right);
    pos->castle_mask[ksq] &= (uint8_t) ~(1 << right);
    pos->castle_mask[rsq] &= (uint8_t) ~(1 << right);
    return true;
}

static bool parse_castling(Position *pos, const char *field, char *msg, size_t len)
{
    if (!strcmp(field, "-"))
        return true;
    for (const char *p = field; *p; p++)
        if (!parse_castle_letter(pos, *p, msg, len))
            return false;
    return true;
}

bool pos_castling_standard(const Position *pos, char *why, size_t len)
{
    const PosState *st = &pos->st[pos->ply];
    for (int right = 0; right < RIGHT_NB; right++) {
        if (!(st->castling & (1 << right)))
            continue;
        const Color c = right / 2;
        const int back = c == WHITE ? RANK_1 : RANK_8, corner = right & 1 ? FILE_A : FILE_H;
        if (pos_king(pos, c) != sq_make(FILE_E, back) || pos->castle_rook[right] != sq_make(corner, back)) {
            snprintf(why, len,
                     "castling right '%c' needs the %s king on e%d and a rook on %c%d in standard chess "
                     "(this is a Chess960 position)",
                     "KQkq"[right], color_word(c), back + 1, 'a' + corner, back + 1);
            return false;
        }
    }
    return true;
}

/* The en-passant field: '-' or the square behind a pawn that has just moved two squares. It is kept
 * only when a pawn of the side to move can legally take there (so equal positions get equal keys). */
static bool parse_ep(Position *pos, const char *field, char *msg, size_t len)
{
    pos->st[0].ep = SQ_NONE;
    if (!strcmp(field, "-"))
        return true;
    if (strlen(field) != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8') {
        snprintf(msg, len, "en-passant field must be '-' or a square such as e3, not '%s'", field);
        return false;
    }
    const Color us = pos->side, them = !us;
    const int ep = sq_make(field[0] - 'a', field[1] - '1');
    if (relative_rank(us, ep) != RANK_6) {
        snprintf(msg, len, "en-passant square %s is not on rank %d", field, us == WHITE ? 6 : 3);
        return false;
    }
    const int pawn_sq = ep - pawn_push(us), origin = ep + pawn_push(us);
    if (pos->board[pawn_sq] != piece_make(them, PAWN)) {
        snprintf(msg, len, "en-passant square %s: no %s pawn on %c%d that has just moved two squares", field,
                 color_word(them), field[0], sq_rank(pawn_sq) + 1);
        return false;
    }
    if (pos->board[ep] || pos->board[origin]) {
        snprintf(msg, len, "en-passant square %s: the pawn cannot have just passed it (%s is occupied)", field,
                 pos->board[ep] ? "it" : "the pawn's origin");
        return false;
    }
    for (Bitboard b = PAWN_ATTACKS[them][ep] & pos_of(pos, us, PAWN); b;)
        if (ep_legal(pos, bb_pop(&b), ep))
            pos->st[0].ep = (uint8_t)ep;
    return true;
}

bool pos_set_fen(Position *out, const char *fen, char *err, size_t errlen)
{
    Position tmp; /* only the fields before st[] and st[0] are used; `out` changes only on success */
    Position *pos = &tmp;
    PosState *st = &pos->st[0];
    char msg[200], word[96];
    size_t wlen;
    memset(pos, 0, offsetof(Position, st) + sizeof(PosState));
    memset(pos->castle_rook, SQ_NONE, sizeof pos->castle_rook);
    memset(pos->castle_mask, CASTLE_ALL, sizeof pos->castle_mask);
    if (!fen)
        return fen_fail(err, errlen, "empty FEN");
    const char *p = next_word(fen, word, sizeof word, &wlen);
    if (!wlen)
        return fen_fail(err, errlen, "empty FEN");
    if (wlen >= sizeof word)
        return fen_fail(err, errlen, "board field too long");
    if (!parse_board(pos, word, msg, sizeof msg))
        return fen_fail(err, errlen, msg);

    p = next_word(p, word, sizeof word, &wlen);
    if (!wlen)
        return fen_fail(err, errlen, "missing side to move");
    if (wlen != 1 || (word[0] != 'w' && word[0] != 'b'))
        return fen_fail(err, errlen, "side to move must be 'w' or 'b'");
    pos->side = word[0] == 'w' ? WHITE : BLACK;

    /* Castling and en passant may be left out ('-'); the two counters too (0 and 1). */
    const char *fields[4] = {"-", "-", NULL, NULL};
    char words[4][96];
    for (int i = 0; i < 4; i++) {
        p = next_word(p, words[i], sizeof words[i], &wlen);
        if (!wlen)
            break;
        if (wlen >= sizeof words[i])
            return fen_fail(err, errlen, "a FEN field is too long");
        fields[i] = words[i];
    }
    p = next_word(p, word, sizeof word, &wlen);
    if (wlen) {
        snprintf(msg, sizeof msg, "unexpected '%s' after the FEN's six fields", word);
        return fen_fail(err, errlen, msg);
    }
    if (!parse_castling(pos, fields[0], msg, sizeof msg) || !parse_ep(pos, fields[1], msg, sizeof msg))
        return fen_fail(err, errlen, msg);
    int halfmove = 0, fullmove = 1;
    if (fields[2] && num_parse_int(fields[2], 0, FEN_MAX_HALFMOVE, &halfmove) != NUM_OK) {
        snprintf(msg, sizeof msg, "half-move clock must be a number from 0 to %d", FEN_MAX_HALFMOVE);
        return fen_fail(err, errlen, msg);
    }
    if (fields[3] && num_parse_int(fields[3], 1, FEN_MAX_FULLMOVE, &fullmove) != NUM_OK) {
        snprintf(msg, sizeof msg, "move number must be a number from 1 to %d", FEN_MAX_FULLMOVE);
        return fen_fail(err, errlen, msg);
    }
    const Bitboard occ = pos_pieces(pos);
    if (attackers_by(pos, pos_king(pos, !pos->side), pos->side, occ))
        return fen_fail(err, errlen, "the side not to move is in check");

    int mg, eg;
    compute_psq(pos, &mg, &eg);
    st->psq_mg = (int16_t)mg;
    st->psq_eg = (int16_t)eg;
    st->checkers = attackers_by(pos, pos_king(pos, pos->side), !pos->side, occ);
    st->rule50 = (uint16_t)halfmove;
    st->move = MOVE_NONE;
    st->key = pos_compute_key(pos);
    st->struct_key = compute_structure_key(pos);
    pos->game_ply = 2 * (fullmove - 1) + (pos->side == BLACK); /* so that pos_get_fen gives the move number back */
    memcpy(out, pos, offsetof(Position, st) + sizeof(PosState));
    return true;
}

/* Castling letters: K/Q for the usual rook with the king on e, the rook's file otherwise (Shredder-FEN). */
static int castling_text(const Position *pos, char *s)
{
    int n = 0;
    const int rights = pos->st[pos->ply].castling;
    for (int right = 0; right < RIGHT_NB; right++) {
        if (!(rights & (1 << right)))
            continue;
        const Color c = right / 2;
        const bool kingside = !(right & 1);
        const int rsq = pos->castle_rook[right], ksq = pos_king(pos, c);
        char ch = sq_file(ksq) == FILE_E && sq_file(rsq) == (kingside ? FILE_H : FILE_A) ? (kingside ? 'K' : 'Q')
                                                                                         : (char)('A' + sq_file(rsq));
        s[n++] = c == WHITE ? ch : (char)tolower(ch);
    }
    if (!n)
        s[n++] = '-';
    s[n] = 0;
    return n;
}

void pos_get_fen(const Position *pos, char *buf, size_t len)
{
    char s[128], castle[8];
    fen_write_placement(pos->board, FILE_NB, RANK_NB, PIECE_CHARS, s);
    castling_text(pos, castle);
    const PosState *st = &pos->st[pos->ply];
    char ep[3] = "-";
    if (st->ep != SQ_NONE) {
        ep[0] = (char)('a' + sq_file(st->ep));
        ep[1] = (char)('1' + sq_rank(st->ep));
        ep[2] = 0;
    }
    snprintf(buf, len, "%s %c %s %s %d %d", s, pos->side == WHITE ? 'w' : 'b', castle, ep, st->rule50,
             1 + pos->game_ply / 2);
}

void pos_print(const Position *pos, char *buf, size_t len)
{
    size_t n = 0;
    for (int r = RANK_8; r >= RANK_1 && n < len; r--) {
        n += (size_t)snprintf(buf + n, len - n, " %d ", r + 1);
        for (int f = 0; f < FILE_NB && n < len; f++) {
            const int pc = pos->board[sq_make(f, r)];
            n += (size_t)snprintf(buf + n, len - n, " %c", pc ? PIECE_CHARS[pc] : '.');
        }
        if (n < len)
            n += (size_t)snprintf(buf + n, len - n, "\n");
    }
    if (n < len)
        snprintf(buf + n, len - n, "    a b c d e f g h\n");
}

/* ---- Move text ------------------------------------------------------------- */

/* A castling move is a king move along its first rank with extra 1; a bishop promotion (also extra 1)
 * always changes rank. */
static bool move_is_castle_bits(Move m)
{
    return move_extra(m) == MOVE_CASTLE_EXTRA && sq_rank(move_from(m)) == sq_rank(move_to(m));
}

void move_to_uci(Move m, bool chess960, char buf[8])
{
    if (m == MOVE_NONE || m == MOVE_NULL) {
        strcpy(buf, "0000");
        return;
    }
    const int from = move_from(m);
    int to = move_to(m);
    const bool castle = move_is_castle_bits(m);
    /* The king's two-square step names a castling only from the standard squares (king on e1/e8, rook in
     * its corner); any other set-up is Chess960 whatever UCI_Chess960 says, and there the step can be an
     * ordinary king move (king f1: f1g1) or no move at all (king already on c1: c1c1). */
    const bool standard = sq_file(from) == FILE_E && (sq_file(to) == FILE_A || sq_file(to) == FILE_H);
    if (castle && !chess960 && standard)
        to = sq_make(to > from ? FILE_G : FILE_C, sq_rank(from));
    buf[0] = (char)('a' + sq_file(from));
    buf[1] = (char)('1' + sq_rank(from));
    buf[2] = (char)('a' + sq_file(to));
    buf[3] = (char)('1' + sq_rank(to));
    buf[4] = 0;
    if (!castle && move_extra(m)) {
        buf[4] = "nbrq"[move_extra(m)];
        buf[5] = 0;
    }
}

void pos_move_to_uci(const Position *pos, Move m, bool chess960, char buf[8])
{
    move_to_uci(m, chess960, buf);
    if (m != MOVE_NONE && m != MOVE_NULL && move_extra(m) == 0 && piece_type(pos->board[move_from(m)]) == PAWN &&
        (sq_rank(move_to(m)) == RANK_8 || sq_rank(move_to(m)) == RANK_1)) {
        buf[4] = 'n';
        buf[5] = 0;
    }
}

/* Coordinates of a legal move: e2e4, e7e8q; castling as the king's two-square step (e1g1) or as king
 * takes own rook (e1h1). A text that is also an ordinary legal king move is that move (Chess960). */
Move pos_parse_move(const Position *pos, const char *text)
{
    const size_t n = strlen(text);
    if (n != 4 && n != 5)
        return MOVE_NONE;
    const int ff = text[0] - 'a', fr = text[1] - '1', tf = text[2] - 'a', tr = text[3] - '1';
    if (ff < 0 || ff >= FILE_NB || tf < 0 || tf >= FILE_NB || fr < 0 || fr >= RANK_NB || tr < 0 || tr >= RANK_NB)
        return MOVE_NONE;
    int promo = NO_TYPE;
    if (n == 5) {
        const char *p = strchr("nbrq", tolower((unsigned char)text[4]));
        if (!p || !text[4])
            return MOVE_NONE;
        promo = KNIGHT + (int)(p - "nbrq");
    }
    const int from = sq_make(ff, fr), to = sq_make(tf, tr);
    if (from == to)
        return MOVE_NONE;
    Move list[MAX_MOVES];
    const int count = gen_legal(pos, list);
    for (int i = 0; i < count; i++) {
        const Move m = list[i];
        if (move_from(m) != from || move_to(m) != to || move_is_castle_bits(m))
            continue;
        const bool promotes = piece_type(pos->board[from]) == PAWN && relative_rank(pos->side, to) == RANK_8;
        if (promotes ? promo_type(m) == promo : promo == NO_TYPE)
            return m;
    }
    if (promo != NO_TYPE || piece_type(pos->board[from]) != KING)
        return MOVE_NONE;
    for (int i = 0; i < count; i++) {
        const Move m = list[i];
        if (move_from(m) == from && move_is_castle_bits(m) &&
            (move_to(m) == to || castle_king_to(pos->side, move_to(m) > from) == to))
            return m;
    }
    return MOVE_NONE;
}

/* ---- Make and unmake ----------------------------------------------------- */

/* Castling touches the king's and the rook's squares, both ends (in Chess960 some coincide: each is
 * listed once); en passant also the taken pawn's square. */
int pos_move_squares(const Position *pos, Move m, int sq[MOVE_SQUARES_MAX])
{
    const int from = move_from(m), to = move_to(m), type = piece_type(pos->board[from]);
    const Color us = pos->side;
    int n = 0;
    sq[n++] = from;
    sq[n++] = to;
    if (type == KING && move_extra(m) == MOVE_CASTLE_EXTRA) {
        const bool kingside = to > from;
        const int more[2] = {castle_king_to(us, kingside), castle_rook_to(us, kingside)};
        for (int i = 0; i < 2; i++)
            if (more[i] != from && more[i] != to && (n < 3 || more[i] != sq[2]))
                sq[n++] = more[i];
    } else if (type == PAWN && to == pos->st[pos->ply].ep)
        sq[n++] = to - pawn_push(us);
    return n;
}

void pos_make(Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const Color us = pos->side, them = !us;
    const int pc = pos->board[from], type = piece_type(pc);
    const PosState *prev = &pos->st[pos->ply];
    PosState *st = &pos->st[pos->ply + 1];
    Key k = prev->key ^ ZOBRIST_SIDE, sk = prev->struct_key;
    int mg = prev->psq_mg, eg = prev->psq_eg, captured = 0, ep = SQ_NONE;
    int rule50 = prev->rule50 + 1;
    bool promoted = false;
    if (prev->ep != SQ_NONE)
        k ^= ZOBRIST_EP[sq_file(prev->ep)];

    if (type == KING && move_extra(m) == MOVE_CASTLE_EXTRA) {
        const bool kingside = to > from;
        const int kto = castle_king_to(us, kingside), rto = castle_rook_to(us, kingside), rook = piece_make(us, ROOK);
        remove_piece(pos, pc, from);
        remove_piece(pos, rook, to);
        put_piece(pos, pc, kto);
        put_piece(pos, rook, rto);
        const Key kmove = ZOBRIST[pc][from] ^ ZOBRIST[pc][kto];
        k ^= kmove ^ ZOBRIST[rook][to] ^ ZOBRIST[rook][rto];
        sk ^= kmove;
        mg += PSQ_MG[pc][kto] - PSQ_MG[pc][from] + PSQ_MG[rook][rto] - PSQ_MG[rook][to];
        eg += PSQ_EG[pc][kto] - PSQ_EG[pc][from] + PSQ_EG[rook][rto] - PSQ_EG[rook][to];
    } else {
        int cap_sq = to;
        captured = pos->board[to];
        if (type == PAWN && to == prev->ep) {
            cap_sq = to - pawn_push(us);
            captured = pos->board[cap_sq];
        }
        if (captured) {
            remove_piece(pos, captured, cap_sq);
            k ^= ZOBRIST[captured][cap_sq];
            if (piece_type(captured) == PAWN)
                sk ^= ZOBRIST[captured][cap_sq];
            mg -= PSQ_MG[captured][cap_sq];
            eg -= PSQ_EG[captured][cap_sq];
            rule50 = 0;
        }
        move_piece(pos, pc, from, to);
        const Key kmove = ZOBRIST[pc][from] ^ ZOBRIST[pc][to];
        k ^= kmove;
        mg += PSQ_MG[pc][to] - PSQ_MG[pc][from];
        eg += PSQ_EG[pc][to] - PSQ_EG[pc][from];
        if (type == PAWN) {
            rule50 = 0;
            sk ^= kmove;
            if (relative_rank(us, to) == RANK_8) {
                const int promo = piece_make(us, promo_type(m));
                remove_piece(pos, pc, to);
                put_piece(pos, promo, to);
                k ^= ZOBRIST[pc][to] ^ ZOBRIST[promo][to];
                sk ^= ZOBRIST[pc][to];
                mg += PSQ_MG[promo][to] - PSQ_MG[pc][to];
                eg += PSQ_EG[promo][to] - PSQ_EG[pc][to];
                promoted = true;
            } else if ((from ^ to) == 16 && (PAWN_ATTACKS[us][from + pawn_push(us)] & pos_of(pos, them, PAWN))) {
                ep = from + pawn_push(us); /* kept below if a pawn can legally take there */
            }
        } else if (type == KING) {
            sk ^= kmove;
        }
    }
    const int castling = prev->castling & pos->castle_mask[from] & pos->castle_mask[to];
    k ^= ZOBRIST_CASTLE[prev->castling ^ castling];

    pos->side = them;
    pos->ply++;
    pos->game_ply++;
    st->move = m;
    st->captured = (uint8_t)captured;
    st->promoted = promoted;
    st->castling = (uint8_t)castling;
    st->rule50 = (uint16_t)rule50;
    st->psq_mg = (int16_t)mg;
    st->psq_eg = (int16_t)eg;
    st->checkers = attackers_by(pos, pos_king(pos, them), us, pos_pieces(pos));
    st->ep = SQ_NONE;
    if (ep != SQ_NONE)
        for (Bitboard b = PAWN_ATTACKS[us][ep] & pos_of(pos, them, PAWN); b;)
            if (ep_legal(pos, bb_pop(&b), ep)) {
                st->ep = (uint8_t)ep;
                k ^= ZOBRIST_EP[sq_file(ep)];
                break;
            }
    st->key = k;
    st->struct_key = sk;
    pos_check_invariants(pos, "make");
}

void pos_unmake(Position *pos)
{
    const PosState *st = &pos->st[pos->ply];
    const Move m = st->move;
    const int from = move_from(m), to = move_to(m);
    pos->side ^= 1;
    pos->ply--;
    pos->game_ply--;
    const Color us = pos->side;
    if (move_is_castle_bits(m) && !st->promoted) {
        const bool kingside = to > from;
        const int kto = castle_king_to(us, kingside), rto = castle_rook_to(us, kingside);
        const int king = piece_make(us, KING), rook = piece_make(us, ROOK);
        remove_piece(pos, king, kto);
        remove_piece(pos, rook, rto);
        put_piece(pos, king, from);
        put_piece(pos, rook, to);
    } else {
        int pc = pos->board[to];
        if (st->promoted) {
            remove_piece(pos, pc, to);
            pc = piece_make(us, PAWN);
            put_piece(pos, pc, to);
        }
        move_piece(pos, pc, to, from);
        if (st->captured) {
            int cap_sq = to;
            if (piece_type(pc) == PAWN && to == pos->st[pos->ply].ep)
                cap_sq = to - pawn_push(us);
            put_piece(pos, st->captured, cap_sq);
        }
    }
    pos_check_invariants(pos, "unmake");
}

void pos_make_null(Position *pos)
{
    const PosState *prev = &pos->st[pos->ply];
    PosState *st = &pos->st[pos->ply + 1];
    *st = *prev;
    st->key ^= ZOBRIST_SIDE;
    if (prev->ep != SQ_NONE)
        st->key ^= ZOBRIST_EP[sq_file(prev->ep)];
    st->ep = SQ_NONE;
    st->move = MOVE_NULL;
    st->captured = 0;
    st->promoted = 0;
    st->checkers = 0; /* the side that passed was not in check, so the other one is not either */
    st->rule50 = 0;   /* no repetition may be seen through a null move */
    plies_pass(&pos->side, &pos->ply, &pos->game_ply, +1);
}

void pos_unmake_null(Position *pos) { plies_pass(&pos->side, &pos->ply, &pos->game_ply, -1); }

void pos_set_root(Position *pos) { pos->root_ply = pos->ply; }

void pos_trim_history(Position *pos)
{
    plies_trim(pos->st, sizeof pos->st[0], MAX_GAME_PLY, &pos->ply, &pos->root_ply);
}

/* ---- Invariants ------------------------------------------------------------ */

static const char *board_problem(const Position *pos)
{
    if (pos->by_color[WHITE] & pos->by_color[BLACK])
        return "the colour bitboards overlap";
    Bitboard all = 0;
    for (int t = PAWN; t <= KING; t++) {
        if (all & pos->by_type[t])
            return "the piece-type bitboards overlap";
        all |= pos->by_type[t];
    }
    if (all != pos_pieces(pos) || pos->by_type[NO_TYPE])
        return "the piece-type bitboards disagree with the colour bitboards";
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        const int pc = pos->board[sq];
        const bool set = (all & bb_of(sq)) != 0;
        if (set != (pc != 0) ||
            (pc &&
             (!(pos->by_color[piece_color(pc)] & bb_of(sq)) || !(pos->by_type[piece_type(pc)] & bb_of(sq)) ||
              piece_type(pc) == NO_TYPE || piece_type(pc) > KING)))
            return "the mailbox disagrees with the bitboards";
    }
    for (Color c = 0; c < 2; c++)
        if (bb_count(pos_of(pos, c, KING)) != 1)
            return "a side does not have exactly one king";
    if (pos->by_type[PAWN] & (rank_bb(RANK_1) | rank_bb(RANK_8)))
        return "a pawn stands on the first or last rank";
    return NULL;
}

static const char *castling_problem(const Position *pos)
{
    const PosState *st = &pos->st[pos->ply];
    for (int right = 0; right < RIGHT_NB; right++) {
        if (!(st->castling & (1 << right)))
            continue;
        const Color c = right / 2;
        const int rsq = pos->castle_rook[right], ksq = pos_king(pos, c);
        const bool kingside = !(right & 1);
        if (rsq == SQ_NONE || pos->board[rsq] != piece_make(c, ROOK) || sq_rank(ksq) != sq_rank(rsq) ||
            relative_rank(c, ksq) != RANK_1 || (sq_file(rsq) > sq_file(ksq)) != kingside ||
            (pos->castle_mask[ksq] & (1 << right)) || (pos->castle_mask[rsq] & (1 << right)))
            return "a castling right has no king and rook on their home squares";
    }
    if (st->ep != SQ_NONE) {
        const int ep = st->ep;
        if (relative_rank(pos->side, ep) != RANK_6 ||
            pos->board[ep - pawn_push(pos->side)] != piece_make(!pos->side, PAWN))
            return "the en-passant square has no pawn that has just moved two squares";
    }
    return NULL;
}

bool pos_ok(const Position *pos, const char **why)
{
    const char *w = board_problem(pos);
    if (!w)
        w = castling_problem(pos);
    if (!w) {
        const PosState *st = &pos->st[pos->ply];
        const Bitboard occ = pos_pieces(pos);
        int mg, eg;
        compute_psq(pos, &mg, &eg);
        if (pos_compute_key(pos) != st->key)
            w = "incremental key differs from the key computed from scratch";
        else if (compute_structure_key(pos) != st->struct_key)
            w = "incremental structure key differs from the one computed from scratch";
        else if (mg != st->psq_mg || eg != st->psq_eg)
            w = "incremental placement differs from the one computed from scratch";
        else if (attackers_by(pos, pos_king(pos, !pos->side), pos->side, occ))
            w = "the side not to move is in check";
        else if (st->checkers != attackers_by(pos, pos_king(pos, pos->side), !pos->side, occ))
            w = "the checkers are stale";
    }
    if (why)
        *why = w;
    return w == NULL;
}
