/*
 * convert.c - record files into the compact format (convert.h).
 */
#define _POSIX_C_SOURCE 200809L /* fdopen */
#include "convert.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifndef O_BINARY
#define O_BINARY 0 /* Windows opens files as text unless told */
#endif

#include "datafile.h"

enum {
    CONVERT_MAX_GAP = 12,         /* plies between two records that the search for the line between tries */
    CONVERT_MAX_NODES = 200000,   /* that search's positions at most, for one gap */
    CONVERT_CASTLING_LETTERS = 4, /* the FEN's castling field tried, every subset of KQkq, largest first */
};

typedef struct {
    ChainGame game;
    char fen[CHAIN_FEN_MAX + 1];
    Position cur; /* after the last move appended; the search for a line makes and unmakes moves on it */
    FenShape shape;
    bool open;
    int last_ply, kept;
    GameResult result;
    Move path[CONVERT_MAX_GAP];
    long nodes;
    /* the output */
    FILE *out;
    ChainHeader h;
    uint8_t *bytes;
    Position scratch;
    int max_score;
    ConvertReport *report;
    char err[320];
} Convert;

/* Whether e's board can be `left` plies away: a ply changes at most MOVE_SQUARES_MAX squares and takes at most
 * one piece off the board, and puts none on. */
static bool within_reach(const Position *pos, const DgEntry *e, int left)
{
    int diff = 0, pieces = 0;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        const int here = pos_piece_on(pos, sq);
        diff += here != e->board[sq];
        pieces += (here != 0) - (e->board[sq] != 0);
    }
    return diff <= MOVE_SQUARES_MAX * left && pieces >= 0 && pieces <= left;
}

/* A line of `left` plies from c->cur to e's board and side, into c->path[depth...]. */
static bool connect(Convert *c, const DgEntry *e, int depth, int left)
{
    if (!within_reach(&c->cur, e, left) || ++c->nodes > CONVERT_MAX_NODES)
        return false;
    if (left == 0)
        return pos_side(&c->cur) == e->stm;
    Move list[MAX_MOVES];
    const int n = gen_legal(&c->cur, list);
    for (int i = 0; i < n; i++) {
        pos_make(&c->cur, list[i]);
        const bool found = connect(c, e, depth + 1, left - 1);
        pos_unmake(&c->cur);
        if (found) {
            c->path[depth] = list[i];
            return true;
        }
    }
    return false;
}

static bool is_legal(const Position *pos, Move m)
{
    Move list[MAX_MOVES];
    const int n = gen_legal(pos, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

static bool close_game(Convert *c)
{
    if (!c->open)
        return true;
    c->open = false;
    if (c->game.count == 0)
        return true;
    char why[160];
    const size_t n = chain_encode(&c->game, &c->scratch, c->bytes, why, sizeof why);
    if (!n) {
        snprintf(c->err, sizeof c->err, "a converted game cannot be stored: %s", why);
        return false;
    }
    if (fwrite(c->bytes, 1, n, c->out) != n) {
        snprintf(c->err, sizeof c->err, "cannot write: %s", strerror(errno));
        return false;
    }
    c->h.games++;
    c->h.positions += (uint64_t)c->kept;
    c->h.bytes += n;
    c->h.plies += (uint64_t)c->game.count;
    return true;
}

/* A new game from e's board: the FEN with the most castling rights the game takes and e's move legal. */
static bool open_game(Convert *c, const DgEntry *e)
{
    static const char letters[] = "KQkq";
    for (int mask = (1 << CONVERT_CASTLING_LETTERS) - 1; mask >= 0; mask--) {
        char castling[8] = "", why[160];
        size_t k = 0;
        for (int i = 0; i < CONVERT_CASTLING_LETTERS; i++)
            if (mask >> i & 1)
                castling[k++] = letters[i];
        castling[k] = '\0';
        if (!data_entry_fen(&c->shape, e, k ? castling : "-", &c->cur, c->fen, sizeof c->fen, why, sizeof why) ||
            strlen(c->fen) > CHAIN_FEN_MAX || !is_legal(&c->cur, e->move))
            continue;
        c->open = true;
        c->game.start_fen = c->fen;
        c->game.start_ply = e->ply;
        c->game.count = 0;
        c->kept = 0;
        c->result = e->result == 0                       ? GAME_DRAWN
            : (e->result > 0) == (e->stm == COLOR_FIRST) ? GAME_FIRST_WINS
                                                         : GAME_SECOND_WINS;
        c->game.result = c->result;
        return true;
    }
    return false;
}

static void append(Convert *c, Move m, int32_t score)
{
    c->game.moves[c->game.count] = m;
    c->game.scores[c->game.count++] = score;
    pos_make(&c->cur, m);
    pos_trim_history(&c->cur);
}

static bool convert_entry(void *ctx, const DgEntry *e)
{
    Convert *c = ctx;
    c->report->records++;
    const GameResult result = e->result == 0         ? GAME_DRAWN
        : (e->result > 0) == (e->stm == COLOR_FIRST) ? GAME_FIRST_WINS
                                                     : GAME_SECOND_WINS;
    bool joined = false;
    if (c->open) {
        const int gap = e->ply - c->last_ply - 1;
        if (result == c->result && gap >= 0 && gap <= CONVERT_MAX_GAP && c->game.count + gap + 1 <= CHAIN_MAX_PLIES) {
            c->nodes = 0;
            if (connect(c, e, 0, gap)) {
                for (int i = 0; i < gap; i++)
                    append(c, c->path[i], CHAIN_NO_SCORE);
                joined = is_legal(&c->cur, e->move); /* else the line's plies end the game, unscored */
            }
        }
        if (!joined && !close_game(c))
            return false;
    }
    if (!joined && !open_game(c, e)) {
        c->report->dropped++;
        return true;
    }
    c->kept += chain_keep(&c->cur, e->move, e->score, c->max_score);
    append(c, e->move, e->score);
    c->last_ply = e->ply;
    return true;
}

bool convert_records(const char *from, const char *to, int max_score, ConvertReport *report, char *err, size_t errlen)
{
    memset(report, 0, sizeof *report);
    DataReader r;
    if (!data_open(&r, from, err, errlen))
        return false;
    if (r.format != DATA_RECORDS) {
        snprintf(err, errlen, "%s is already in the compact format", from);
        data_close(&r);
        return false;
    }
    Convert *c = calloc(1, sizeof *c);
    uint8_t *bytes = malloc(CHAIN_MAX_GAME_BYTES);
    /* never over a file that exists: data are kept */
    const int fd = c && bytes ? open(to, O_WRONLY | O_CREAT | O_EXCL | O_BINARY, 0644) : -1;
    FILE *out = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (fd >= 0 && !out)
        close(fd);
    if (!out) {
        snprintf(err, errlen, "cannot create %s: %s", to, c && bytes ? strerror(errno) : "out of memory");
        free(c), free(bytes), data_close(&r);
        return false;
    }
    c->out = out, c->bytes = bytes, c->max_score = max_score, c->report = report;
    char settings[CHAIN_SETTINGS_MAX];
    int len = snprintf(settings, sizeof settings,
                       "converted from records (%" PRIu64 " positions of %" PRIu64 " games): ", r.positions, r.games);
    len = len < 0 ? 0 : len >= (int)sizeof settings ? (int)sizeof settings - 1 : len;
    snprintf(settings + len, sizeof settings - (size_t)len, "%.*s", (int)(sizeof settings - (size_t)len - 1),
             r.settings);
    chain_header_init(&c->h, r.seed, max_score, settings);
    uint8_t raw[CHAIN_HEADER_SIZE];
    chain_header_write(&c->h, raw);
    bool ok = data_fen_shape(&c->shape) && fwrite(raw, 1, sizeof raw, out) == sizeof raw;
    if (!ok)
        snprintf(c->err, sizeof c->err, "cannot write %s", to);
    char why[200] = "";
    if (ok && data_each(&r, convert_entry, c, why, sizeof why) < 0)
        ok = false, snprintf(c->err, sizeof c->err, "%s: %s", from, why);
    ok = ok && !c->err[0] && close_game(c);
    chain_header_write(&c->h, raw);
    ok = ok && fseek(out, 0, SEEK_SET) == 0 && fwrite(raw, 1, sizeof raw, out) == sizeof raw;
    ok = fclose(out) == 0 && ok;
    if (!ok)
        snprintf(err, errlen, "%s", c->err[0] ? c->err : "cannot write the header");
    report->positions = c->h.positions;
    report->chains = c->h.games;
    report->games = r.games;
    report->bytes = CHAIN_HEADER_SIZE + c->h.bytes;
    free(bytes), free(c);
    data_close(&r);
    return ok;
}
