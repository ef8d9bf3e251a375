/*
 * datafile.c - training data of either format read as kept positions (datafile.h).
 */
#include "datafile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

bool data_open(DataReader *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->f = fopen(path, "rb");
    if (!r->f) {
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    uint8_t raw[CHAIN_HEADER_SIZE];
    _Static_assert((int)CHAIN_HEADER_SIZE == (int)DG_HEADER_SIZE, "both formats' headers are one size");
    const char *why = "too short for a header";
    bool ok = fread(raw, 1, sizeof raw, r->f) == sizeof raw;
    if (ok && chain_is_chain(raw, sizeof raw)) {
        ChainHeader h;
        ok = chain_header_read(raw, &h, &why);
        r->format = DATA_CHAIN;
        memcpy(r->game, h.game, sizeof r->game);
        r->games = h.games, r->positions = h.positions, r->seed = h.seed, r->bytes = h.bytes;
        r->max_score = h.max_score;
        _Static_assert((int)DG_SETTINGS_MAX >= (int)CHAIN_SETTINGS_MAX, "a reader's settings hold either format's");
        memcpy(r->settings, h.settings, sizeof h.settings);
        r->game_bytes = ok ? malloc(CHAIN_MAX_GAME_BYTES) : NULL;
        r->pos = ok ? malloc(sizeof *r->pos) : NULL;
        if (ok && (!r->game_bytes || !r->pos))
            ok = false, why = "out of memory";
    } else if (ok) {
        DgHeader h;
        ok = dg_header_read(raw, &h, &why);
        r->format = DATA_RECORDS;
        memcpy(r->game, h.game, sizeof r->game);
        r->games = h.games, r->positions = h.records, r->seed = h.seed, r->bytes = h.records * DG_RECORD_SIZE;
        snprintf(r->settings, sizeof r->settings, "%s", h.settings);
    }
    if (!ok) {
        snprintf(err, errlen, "%s: %s", path, why);
        data_close(r);
        return false;
    }
    return true;
}

void data_entry_of(const Position *pos, Move move, int score, int ply, int result, DgEntry *e)
{
    for (int sq = 0; sq < SQUARE_NB; sq++)
        e->board[sq] = (uint8_t)pos_piece_on(pos, sq);
    e->score = score;
    e->result = result;
    e->stm = pos_side(pos);
    e->ply = ply;
    e->move = move;
}

typedef struct {
    DataReader *r;
    DataVisit visit;
    void *ctx;
    bool stopped;
} Replay;

static bool replay_ply(void *ctx, const ChainPly *p)
{
    Replay *x = ctx;
    if (!chain_keep(p->pos, p->move, p->score, x->r->max_score))
        return true;
    DgEntry e;
    data_entry_of(p->pos, p->move, p->score, p->ply, p->result, &e);
    x->r->records_read++;
    if (!x->visit(x->ctx, &e))
        x->stopped = true;
    return !x->stopped;
}

int data_each(DataReader *r, DataVisit visit, void *ctx, char *err, size_t errlen)
{
    if (r->format == DATA_RECORDS) {
        DgRecord rec;
        for (; r->records_read < r->positions; r->records_read++) {
            DgEntry e;
            if (fread(&rec, sizeof rec, 1, r->f) != 1) {
                snprintf(err, errlen, "the file ends at record %" PRIu64 " of %" PRIu64, r->records_read + 1,
                         r->positions);
                return -1;
            }
            if (!dg_unpack(&rec, &e)) {
                snprintf(err, errlen, "record %" PRIu64 " is malformed", r->records_read + 1);
                return -1;
            }
            if (!visit(ctx, &e)) {
                r->records_read++;
                return 1;
            }
        }
        return 1;
    }
    Replay x = {r, visit, ctx, false};
    for (; r->games_read < r->games && !x.stopped; r->games_read++) {
        size_t len = 0;
        char why[160] = "";
        const int got = chain_read_game(r->f, r->game_bytes, &len, why, sizeof why);
        if (got <= 0) {
            snprintf(err, errlen, "game %" PRIu64 " of %" PRIu64 ": %s", r->games_read + 1, r->games,
                     got == 0 ? "the file ends before it" : why);
            return -1;
        }
        if (!chain_replay(r->game_bytes, len, r->pos, replay_ply, &x, why, sizeof why)) {
            snprintf(err, errlen, "game %" PRIu64 " is corrupt: %s", r->games_read + 1, why);
            return -1;
        }
        r->bytes_read += len + (len < 128 ? 1 : len < 16384 ? 2 : 3); /* and its length's varint */
    }
    if (!x.stopped && r->bytes_read != r->bytes) {
        snprintf(err, errlen, "the header says its %" PRIu64 " games take %" PRIu64 " bytes, they take %" PRIu64,
                 r->games, r->bytes, r->bytes_read);
        return -1;
    }
    return 1;
}

void data_close(DataReader *r)
{
    if (r->f)
        fclose(r->f);
    free(r->game_bytes);
    free(r->pos);
    r->f = NULL;
    r->game_bytes = NULL;
    r->pos = NULL;
}
/* --- The FEN of a record. --- */

/* The board's shape and the FEN letter of each piece code, read off the start position (the contract
 * numbers squares rank by rank from the first mover's side, files left to right: checked on each record). */
bool data_fen_shape(FenShape *shape)
{
    static Position start;
    char err[160];
    memset(shape, 0, sizeof *shape);
    if (!pos_set_fen(&start, GAME_STARTPOS, err, sizeof err))
        return false;
    const char *p = GAME_STARTPOS;
    shape->ranks = 1;
    for (const char *q = p; *q && *q != ' '; q++)
        shape->ranks += *q == '/';
    shape->files = SQUARE_NB / shape->ranks;
    if (shape->files * shape->ranks != SQUARE_NB)
        return false;
    int rank = shape->ranks - 1, file = 0;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            rank--, file = 0;
        } else if (*p >= '1' && *p <= '9') {
            file += *p - '0';
        } else {
            const int code = pos_piece_on(&start, rank * shape->files + file);
            if (code <= 0 || code >= PIECE_NB)
                return false;
            shape->letter[code] = *p;
            file++;
        }
    }
    return true;
}

bool data_entry_fen(const FenShape *shape, const DgEntry *e, const char *castling, Position *pos, char *fen, size_t len,
                    char *err, size_t errlen)
{
    char placement[256];
    size_t n = 0;
    for (int rank = shape->ranks - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < shape->files; file++) {
            const int code = e->board[rank * shape->files + file];
            if (!code) {
                empty++;
                continue;
            }
            if (!shape->letter[code]) {
                snprintf(err, errlen, "piece code %d is no piece of %s", code, GAME_NAME);
                return false;
            }
            if (empty)
                placement[n++] = (char)('0' + empty);
            empty = 0;
            placement[n++] = shape->letter[code];
        }
        if (empty)
            placement[n++] = (char)('0' + empty);
        if (rank)
            placement[n++] = '/';
    }
    placement[n] = '\0';
    char built[300];
    snprintf(built, sizeof built, "%s %c %s - 0 %d", placement, e->stm == COLOR_FIRST ? 'w' : 'b',
             castling ? castling : "-", e->ply / 2 + 1);
    if (!pos_set_fen(pos, built, err, errlen))
        return false;
    for (int sq = 0; sq < SQUARE_NB; sq++)
        if (pos_piece_on(pos, sq) != e->board[sq]) {
            snprintf(err, errlen, "square %d does not read back", sq);
            return false;
        }
    pos_get_fen(pos, fen, len);
    return true;
}
