/*
 * position.c - FEN in and out, make/unmake with incremental keys, invariants.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "pos_common.h"
#include "numparse.h"

static const char PIECE_CHARS[] = " KABNRCP kabnrcp";

void game_init(void)
{
    board_init_tables();
    eval_init_tables();
}

static int piece_from_char(char ch)
{
    switch (ch) { /* H/E are accepted aliases for horse/elephant */
    case 'H': ch = 'N'; break;
    case 'h': ch = 'n'; break;
    case 'E': ch = 'B'; break;
    case 'e': ch = 'b'; break;
    default: break;
    }
    const char *p = ch != ' ' ? strchr(PIECE_CHARS, ch) : NULL;
    return p ? (int)(p - PIECE_CHARS) : 0;
}

Key pos_compute_key(const Position *pos)
{
    Key k = pos->side == BLACK ? ZOBRIST_SIDE : 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        k ^= ZOBRIST[pos->board[sq]][sq];
    return k;
}

/* Pieces in the structure key: 1 bit per piece code. */
static bool in_structure(int pc)
{
    const int t = piece_type(pc);
    return pc && (t == KING || t == ADVISOR || t == ELEPHANT || t == PAWN);
}

static Key compute_structure_key(const Position *pos)
{
    Key k = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (in_structure(pos->board[sq]))
            k ^= ZOBRIST[pos->board[sq]][sq];
    return k;
}

static int compute_psq(const Position *pos)
{
    int s = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        s += PSQ[pos->board[sq]][sq];
    return s;
}

void pos_refresh_eval(Position *pos) { pos->st[pos->ply].psq = (int16_t)compute_psq(pos); }

static bool kings_face(const uint8_t *board, int rk, int bk)
{
    if (sq_file(rk) != sq_file(bk))
        return false;
    for (int sq = rk + 9; sq < bk; sq += 9)
        if (board[sq])
            return false;
    return true;
}

static bool fen_fail(char *err, size_t len, const char *msg)
{
    if (err && len)
        snprintf(err, len, "%s", msg);
    return false;
}

static const char *TYPE_NAMES[PIECE_TYPE_NB] = {"", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn"};
enum { FEN_MAX_FULLMOVE = 100000 }; /* a FEN's move number, far beyond any game */
static const int FIRST_SLOT[PIECE_TYPE_NB] = {0, 0, 1, 3, 5, 7, 9, 11};

bool pos_set_fen(Position *out, const char *fen, char *err, size_t errlen)
{
    static Position tmp; /* parse into a scratch copy: `out` changes only on success */
    Position *pos = &tmp;
    char msg[160];
    memset(pos, 0, offsetof(Position, st) + sizeof(PosState));
    memset(pos->slot_at, SLOT_NONE, sizeof pos->slot_at);
    memset(pos->sq_of, SLOT_NONE, sizeof pos->sq_of);
    if (!fen)
        return fen_fail(err, errlen, "empty FEN");
    while (isspace((unsigned char)*fen))
        fen++;
    int rank = 9, file = 0;
    const char *p = fen;
    for (; *p && !isspace((unsigned char)*p); p++) {
        if (*p == '/') {
            if (file != FILE_NB) {
                snprintf(msg, sizeof msg, "rank %d has %d files, expected 9", rank, file);
                return fen_fail(err, errlen, msg);
            }
            if (--rank < 0)
                return fen_fail(err, errlen, "more than 10 ranks");
            file = 0;
        } else if (*p >= '1' && *p <= '9') {
            file += *p - '0';
            if (file > FILE_NB) {
                snprintf(msg, sizeof msg, "rank %d has more than 9 files", rank);
                return fen_fail(err, errlen, msg);
            }
        } else {
            int pc = piece_from_char(*p);
            if (!pc) {
                snprintf(msg, sizeof msg, "unknown piece letter '%c'", *p);
                return fen_fail(err, errlen, msg);
            }
            if (file >= FILE_NB) {
                snprintf(msg, sizeof msg, "rank %d has more than 9 files", rank);
                return fen_fail(err, errlen, msg);
            }
            int sq = sq_make(file++, rank);
            if (!square_legal_for(pc, sq)) {
                snprintf(msg, sizeof msg, "%s %s on %c%d: it can never stand there",
                         piece_color(pc) == RED ? "red" : "black", TYPE_NAMES[piece_type(pc)], 'a' + sq_file(sq),
                         sq_rank(sq));
                return fen_fail(err, errlen, msg);
            }
            pos->board[sq] = (uint8_t)pc;
            if (++pos->count[pc] <= piece_type_most(piece_type(pc))) {
                int slot = piece_color(pc) * 16 + FIRST_SLOT[piece_type(pc)] + pos->count[pc] - 1;
                pos->slot_at[sq] = (uint8_t)slot;
                pos->sq_of[slot] = (uint8_t)sq;
            } else {
                snprintf(msg, sizeof msg, "too many %s %ss (at most %d)", piece_color(pc) == RED ? "red" : "black",
                         TYPE_NAMES[piece_type(pc)], piece_type_most(piece_type(pc)));
                return fen_fail(err, errlen, msg);
            }
            if (piece_type(pc) == KING)
                pos->king[piece_color(pc)] = (uint8_t)sq;
        }
    }
    if (rank != 0 || file != FILE_NB) {
        snprintf(msg, sizeof msg, "board has %d ranks (last with %d files), expected 10 ranks of 9", 10 - rank, file);
        return fen_fail(err, errlen, msg);
    }
    while (isspace((unsigned char)*p))
        p++;
    if (*p == 'w' || *p == 'r' || *p == 'W' || *p == 'R')
        pos->side = RED;
    else if (*p == 'b' || *p == 'B')
        pos->side = BLACK;
    else if (!*p)
        return fen_fail(err, errlen, "missing side to move");
    else
        return fen_fail(err, errlen, "side to move must be 'w' or 'b'");
    p++;
    if (*p && !isspace((unsigned char)*p))
        return fen_fail(err, errlen, "side to move must be 'w' or 'b'");
    /* Fields 3 and 4 ("- -") are ignored; field 5 is the no-capture ply count, field 6 the move number. */
    int fields = 0, halfmove = 0, fullmove = 1;
    char word[32];
    const char *q = p;
    int used;
    while (sscanf(q, "%31s%n", word, &used) == 1) {
        if (fields == 2 && num_parse_int(word, 0, 1000, &halfmove) != NUM_OK)
            return fen_fail(err, errlen, "half-move counter must be a number from 0 to 1000");
        if (fields == 3 && num_parse_int(word, 1, FEN_MAX_FULLMOVE, &fullmove) != NUM_OK) {
            snprintf(msg, sizeof msg, "move number must be a number from 1 to %d", FEN_MAX_FULLMOVE);
            return fen_fail(err, errlen, msg);
        }
        if (fields == 4) {
            snprintf(msg, sizeof msg, "unexpected '%s' after the FEN's six fields", word);
            return fen_fail(err, errlen, msg);
        }
        q += used;
        fields++;
    }
    for (Color c = 0; c < 2; c++)
        if (!pos->count[piece_make(c, KING)])
            return fen_fail(err, errlen, c == RED ? "red king missing" : "black king missing");
    if (kings_face(pos->board, pos->king[RED], pos->king[BLACK]))
        return fen_fail(err, errlen, "kings face each other on an open file");
    if (board_attacked(pos->board, pos->king[!pos->side], pos->side))
        return fen_fail(err, errlen, "the side not to move is in check");

    PosState *st = &pos->st[0];
    st->key = pos_compute_key(pos);
    st->struct_key = compute_structure_key(pos);
    st->psq = (int16_t)compute_psq(pos);
    st->rule60 = (uint16_t)(halfmove < 200 ? halfmove : 200);
    st->checked = board_attacked(pos->board, pos->king[pos->side], !pos->side);
    st->move = MOVE_NONE;
    pos->game_ply = 2 * (fullmove - 1) + (pos->side == BLACK); /* so that pos_get_fen gives the move number back */
    memcpy(out, pos, offsetof(Position, st) + sizeof(PosState));
    return true;
}

void pos_get_fen(const Position *pos, char *buf, size_t len)
{
    char s[128];
    fen_write_placement(pos->board, FILE_NB, RANK_NB, PIECE_CHARS, s);
    snprintf(buf, len, "%s %c - - %d %d", s, pos->side == RED ? 'w' : 'b', pos->st[pos->ply].rule60,
             1 + pos->game_ply / 2);
}

void pos_print(const Position *pos, char *buf, size_t len)
{
    size_t n = 0;
    for (int r = 9; r >= 0 && n < len; r--) {
        n += (size_t)snprintf(buf + n, len - n, " %d ", r);
        for (int f = 0; f < FILE_NB && n < len; f++) {
            int pc = pos->board[sq_make(f, r)];
            n += (size_t)snprintf(buf + n, len - n, " %c", pc ? PIECE_CHARS[pc] : '.');
        }
        if (n < len)
            n += (size_t)snprintf(buf + n, len - n, "\n");
    }
    if (n < len)
        snprintf(buf + n, len - n, "    a b c d e f g h i\n");
}

void move_to_str(Move m, char buf[8])
{
    if (m == MOVE_NONE) {
        strcpy(buf, "(none)");
        return;
    }
    buf[0] = (char)('a' + sq_file(move_from(m)));
    buf[1] = (char)('0' + sq_rank(move_from(m)));
    buf[2] = (char)('a' + sq_file(move_to(m)));
    buf[3] = (char)('0' + sq_rank(move_to(m)));
    buf[4] = 0;
}

Move pos_parse_move(const Position *pos, const char *text)
{
    if (strlen(text) != 4)
        return MOVE_NONE;
    int ff = text[0] - 'a', fr = text[1] - '0', tf = text[2] - 'a', tr = text[3] - '0';
    if (ff < 0 || ff >= FILE_NB || tf < 0 || tf >= FILE_NB || fr < 0 || fr >= RANK_NB || tr < 0 || tr >= RANK_NB)
        return MOVE_NONE;
    Move m = move_make(sq_make(ff, fr), sq_make(tf, tr));
    return pos_is_pseudo_legal(pos, m) && pos_is_legal(pos, m) ? m : MOVE_NONE;
}

/* A xiangqi move changes only its two squares. */
int pos_move_squares(const Position *pos, Move m, int sq[MOVE_SQUARES_MAX])
{
    (void)pos;
    sq[0] = move_from(m);
    sq[1] = move_to(m);
    return 2;
}

void pos_make(Position *pos, Move m)
{
    const int from = move_from(m), to = move_to(m);
    const int pc = pos->board[from], cap = pos->board[to];
    const PosState *prev = &pos->st[pos->ply];
    PosState *st = &pos->st[pos->ply + 1];
    Key k = prev->key ^ ZOBRIST[pc][from] ^ ZOBRIST[pc][to] ^ ZOBRIST[cap][to] ^ ZOBRIST_SIDE;
    st->psq = (int16_t)(prev->psq - PSQ[pc][from] + PSQ[pc][to] - PSQ[cap][to]);
    st->key = k;
    Key sk = prev->struct_key;
    if (in_structure(pc))
        sk ^= ZOBRIST[pc][from] ^ ZOBRIST[pc][to];
    if (in_structure(cap))
        sk ^= ZOBRIST[cap][to];
    st->struct_key = sk;
    st->move = m;
    const int slot = pos->slot_at[from], cap_slot = pos->slot_at[to];
    st->cap_slot = (uint8_t)cap_slot;
    st->rule60 = cap ? 0 : (uint16_t)(prev->rule60 + 1);
    pos->board[to] = (uint8_t)pc;
    pos->board[from] = 0;
    pos->slot_at[to] = (uint8_t)slot;
    pos->slot_at[from] = SLOT_NONE;
    pos->sq_of[slot] = (uint8_t)to;
    if (cap_slot != SLOT_NONE)
        pos->sq_of[cap_slot] = SLOT_NONE;
    pos->count[cap]--;
    pos->count[0] = 0;
    if (piece_type(pc) == KING)
        pos->king[pos->side] = (uint8_t)to;
    pos->side ^= 1;
    pos->ply++;
    pos->game_ply++;
    st->checked = board_attacked(pos->board, pos->king[pos->side], !pos->side);
    pos_check_invariants(pos, "make");
}

void pos_unmake(Position *pos)
{
    const PosState *st = &pos->st[pos->ply];
    const int from = move_from(st->move), to = move_to(st->move);
    const int pc = pos->board[to];
    pos->side ^= 1;
    pos->ply--;
    pos->game_ply--;
    const int slot = pos->slot_at[to], cap_slot = st->cap_slot;
    pos->board[from] = (uint8_t)pc;
    pos->slot_at[from] = (uint8_t)slot;
    pos->sq_of[slot] = (uint8_t)from;
    if (cap_slot != SLOT_NONE) {
        int cap = slot_piece(cap_slot);
        pos->board[to] = (uint8_t)cap;
        pos->slot_at[to] = (uint8_t)cap_slot;
        pos->sq_of[cap_slot] = (uint8_t)to;
        pos->count[cap]++;
    } else {
        pos->board[to] = 0;
        pos->slot_at[to] = SLOT_NONE;
    }
    if (piece_type(pc) == KING)
        pos->king[pos->side] = (uint8_t)from;
    pos_check_invariants(pos, "unmake");
}

void pos_make_null(Position *pos)
{
    const PosState *prev = &pos->st[pos->ply];
    PosState *st = &pos->st[pos->ply + 1];
    *st = *prev;
    st->key ^= ZOBRIST_SIDE;
    st->move = MOVE_NULL;
    st->cap_slot = SLOT_NONE;
    st->checked = 0;
    st->rule60 = 0; /* no repetition may be seen through a null move */
    plies_pass(&pos->side, &pos->ply, &pos->game_ply, +1);
}

void pos_unmake_null(Position *pos) { plies_pass(&pos->side, &pos->ply, &pos->game_ply, -1); }

void pos_set_root(Position *pos) { pos->root_ply = pos->ply; }

void pos_trim_history(Position *pos)
{
    plies_trim(pos->st, sizeof pos->st[0], MAX_GAME_PLY, &pos->ply, &pos->root_ply);
}

static bool slots_ok(const Position *pos)
{
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        int slot = pos->slot_at[sq];
        if ((slot == SLOT_NONE) != (pos->board[sq] == 0))
            return false;
        if (slot != SLOT_NONE && (pos->sq_of[slot] != sq || slot_piece(slot) != pos->board[sq]))
            return false;
    }
    for (int slot = 0; slot < SLOT_NB; slot++)
        if (pos->sq_of[slot] != SLOT_NONE && pos->slot_at[pos->sq_of[slot]] != slot)
            return false;
    return true;
}

bool pos_ok(const Position *pos, const char **why)
{
    const char *w = NULL;
    uint16_t cnt[PIECE_NB] = {0};
    for (int sq = 0; sq < SQUARE_NB; sq++)
        cnt[pos->board[sq]]++;
    cnt[0] = 0;
    if (memcmp(cnt, pos->count, sizeof cnt))
        w = "piece counts disagree with the board";
    else if (pos->board[pos->king[RED]] != piece_make(RED, KING) ||
             pos->board[pos->king[BLACK]] != piece_make(BLACK, KING))
        w = "king square is stale";
    else if (!slots_ok(pos))
        w = "piece slots disagree with the board";
    else if (pos_compute_key(pos) != pos->st[pos->ply].key)
        w = "incremental key differs from the key computed from scratch";
    else if (compute_structure_key(pos) != pos->st[pos->ply].struct_key)
        w = "incremental structure key differs from the one computed from scratch";
    else if (compute_psq(pos) != pos->st[pos->ply].psq)
        w = "incremental evaluation differs from the one computed from scratch";
    else if (board_attacked(pos->board, pos->king[!pos->side], pos->side))
        w = "the side not to move is in check";
    else if (pos->st[pos->ply].checked != board_attacked(pos->board, pos->king[pos->side], !pos->side))
        w = "check flag is stale";
    if (why)
        *why = w;
    return w == NULL;
}
