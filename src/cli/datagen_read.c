/*
 * datagen_read.c - datagen's readers of a data file (datagen_read.h): the
 * positions as text, a compact file's games as PGN, and a record file
 * copied into the compact format.
 */
#include "datagen_read.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "convert.h"
#include "datafile.h"
#include "datagen_format.h"
#include "engine.h"
#include "pgn_out.h"
#include "timeman.h"

/* datagen --dump FILE [N]: the header, then the first N kept positions (all), one a line:
 * FEN; score S; result R; ply P; move M. Either format (datafile.h). */
typedef struct {
    FenShape shape;
    Position pos;
    int64_t limit, count;
    char err[160];
} Dump;

static bool dump_entry(void *ctx, const DgEntry *e)
{
    Dump *d = ctx;
    char fen[256], move[8];
    if (!data_entry_fen(&d->shape, e, NULL, &d->pos, fen, sizeof fen, d->err, sizeof d->err))
        return false;
    move_to_str(e->move, move);
    printf("%s; score %d; result %d; ply %d; move %s\n", fen, e->score, e->result, e->ply, move);
    return d->limit <= 0 || ++d->count < d->limit;
}

int datagen_dump(const char *path, int64_t limit)
{
    static Dump d; /* static: it holds a Position */
    DataReader r;
    char err[320];
    memset(&d, 0, sizeof d);
    d.limit = limit;
    if (!data_open(&r, path, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s\n", err);
        return 1;
    }
    if (!data_fen_shape(&d.shape)) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot read the board's shape off the start position\n");
        data_close(&r);
        return 1;
    }
    if (r.format == DATA_CHAIN)
        printf("# %s data, compact format %d: %" PRIu64 " positions of %" PRIu64 " games in %" PRIu64
               " bytes (%.2f a position), kept at max-score %d; %s\n",
               r.game, CHAIN_VERSION, r.positions, r.games, r.bytes,
               r.positions ? (double)r.bytes / (double)r.positions : 0.0, r.max_score, r.settings);
    else
        printf("# %s data, format %d, %d-byte records: %" PRIu64 " positions of %" PRIu64 " games; %s\n", r.game,
               DG_VERSION, DG_RECORD_SIZE, r.positions, r.games, r.settings);
    int rc = 0;
    if (data_each(&r, dump_entry, &d, err, sizeof err) < 0) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s: %s\n", path, err);
        rc = 1;
    } else if (d.err[0]) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s: position %" PRIu64 " is no position: %s\n", path, r.records_read,
                d.err);
        rc = 1;
    }
    data_close(&r);
    return rc;
}

/* datagen --pgn FILE [N]: the first N games (all) of a compact file as PGN, each move with its score. */
typedef struct {
    Move moves[CHAIN_MAX_PLIES];
    int32_t scores[CHAIN_MAX_PLIES];
    int count, result;
    Color first_side;
    char fen[256];
} PgnGame;

static bool pgn_ply(void *ctx, const ChainPly *p)
{
    PgnGame *g = ctx;
    if (g->count == 0) {
        pos_get_fen(p->pos, g->fen, sizeof g->fen);
        g->first_side = pos_side(p->pos);
        g->result = p->result == 0                              ? GAME_DRAWN
            : (p->result > 0) == (g->first_side == COLOR_FIRST) ? GAME_FIRST_WINS
                                                                : GAME_SECOND_WINS;
    }
    g->moves[g->count] = p->move;
    g->scores[g->count++] = p->score;
    return true;
}

int datagen_pgn(const char *path, int64_t limit)
{
    DataReader r;
    char err[320];
    if (!data_open(&r, path, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s\n", err);
        return 1;
    }
    if (r.format != DATA_CHAIN) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s holds records, not games: only the compact format has the moves\n",
                path);
        data_close(&r);
        return 1;
    }
    static PgnGame g;
    static Position pos, start;
    int rc = 0;
    for (uint64_t k = 0; k < r.games && (limit <= 0 || k < (uint64_t)limit); k++) {
        size_t len = 0;
        char why[200] = "";
        g.count = 0;
        if (chain_read_game(r.f, r.game_bytes, &len, why, sizeof why) <= 0 ||
            !chain_replay(r.game_bytes, len, &pos, pgn_ply, &g, why, sizeof why) || g.count == 0) {
            fprintf(stderr, GAME_PROGRAM " datagen: %s: game %" PRIu64 ": %s\n", path, k + 1,
                    why[0] ? why : "no moves");
            rc = 1;
            break;
        }
        printf("[Event \"Chariot datagen\"]\n[Site \"%s\"]\n[Round \"%" PRIu64
               "\"]\n[%s \"Chariot\"]\n[%s \"Chariot\"]\n"
               "[Result \"%s\"]\n%s",
               path, k + 1, game_color_name(COLOR_FIRST), game_color_name(COLOR_SECOND),
               game_result_str((GameResult)g.result), GAME_PGN_TAGS);
        char text[256];
        if (!pos_set_fen(&start, g.fen, text, sizeof text))
            break;
        pgn_out_start_tags(stdout, &start);
        printf("\n");
        pos = start;
        PgnOut o = pgn_out_begin(stdout);
        for (int i = 0; i < g.count; i++) {
            pgn_out_move(&o, &pos, g.moves[i]);
            if (g.scores[i] != CHAIN_NO_SCORE) {
                snprintf(text, sizeof text, "%+d", g.scores[i]);
                pgn_out_comment(&o, text);
            }
            pos_make(&pos, g.moves[i]);
            pos_trim_history(&pos);
        }
        pgn_out_end(&o, game_result_str((GameResult)g.result));
        printf("\n");
    }
    data_close(&r);
    return rc;
}

/* datagen --convert OLD NEW: a record file copied into the compact format; the filter it was made with is
 * read off its settings (max-score=N), default_max_score where they do not say. */
int datagen_convert(const char *from, const char *to, int default_max_score)
{
    DataReader r;
    char err[320];
    if (!data_open(&r, from, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s\n", err);
        return 2;
    }
    const char *at = strstr(r.settings, "max-score=");
    int max_score = default_max_score;
    if (at)
        max_score = atoi(at + strlen("max-score="));
    data_close(&r);
    ConvertReport rep;
    const int64_t t0 = time_now_ms();
    if (!convert_records(from, to, max_score, &rep, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " datagen: --convert: %s\n", err);
        return 1;
    }
    const double secs = (double)(time_now_ms() - t0) / 1000.0;
    printf("datagen: %s: %" PRIu64 " records of %" PRIu64 " games -> %s: %" PRIu64 " positions of %" PRIu64
           " games, %" PRIu64 " bytes (the games %.2f a position; the file %.1f times smaller) in %.1f s\n",
           from, rep.records, rep.games, to, rep.positions, rep.chains, rep.bytes,
           rep.positions ? (double)(rep.bytes - CHAIN_HEADER_SIZE) / (double)rep.positions : 0.0,
           rep.bytes ? (double)(DG_HEADER_SIZE + rep.records * DG_RECORD_SIZE) / (double)rep.bytes : 0.0, secs);
    if (rep.dropped || rep.positions != rep.records)
        printf("datagen: %" PRIu64 " records could not be stored (a best move illegal in the position as a FEN "
               "gives it), %" PRIu64 " stored but not kept when read back\n",
               rep.dropped, rep.records - rep.dropped - rep.positions);
    return 0;
}
