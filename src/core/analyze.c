/*
 * analyze.c - `chariot analyze`: search a position from the command line
 * and print one readable line per depth, then the best move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "protocol.h"
#include "thread.h"

static void format_score(Score s, char *buf, size_t len)
{
    if (score_is_mate(s)) {
        int moves = s > 0 ? (SCORE_MATE - s + 1) / 2 : (SCORE_MATE + s) / 2;
        snprintf(buf, len, "%s%d", s > 0 ? "mate in " : "mated in ", moves);
    } else {
        snprintf(buf, len, "%+.2f", s / 100.0);
    }
}

static void on_info(const SearchInfo *info, void *ctx)
{
    (void)ctx;
    char score[32], pv[MAX_PLY * 7];
    format_score(info->score, score, sizeof score);
    proto_pv_str(info->pv, info->pv_len, pv, sizeof pv);
    if (info->multipv > 1)
        printf("           line %d  %-10s %s\n", info->multipv, score, pv);
    else
        printf("depth %2d/%-2d  %-10s nodes %10llu  %6.2fs  pv %s\n", info->depth, info->seldepth, score,
               (unsigned long long)info->nodes, info->time_ms / 1000.0, pv);
    fflush(stdout);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ponder;
    (void)ctx;
    char m[8];
    proto_move_str(best, m);
    printf("best move: %s\n", best ? m : "(none: no legal move, the side to move has lost)");
}

int analyze_main(int argc, char **argv)
{
    SearchLimits l;
    search_limits_init(&l);
    char spec[8192] = "";
    bool limited = false;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--depth") && i + 1 < argc) {
            l.depth = atoi(argv[++i]);
            limited = true;
        } else if (!strcmp(argv[i], "--movetime") && i + 1 < argc) {
            l.movetime = atol(argv[++i]);
            limited = true;
        } else if (!strcmp(argv[i], "--nodes") && i + 1 < argc) {
            l.nodes = strtoull(argv[++i], NULL, 10);
            limited = true;
        } else if (!strcmp(argv[i], "--multipv") && i + 1 < argc) {
            l.multipv = atoi(argv[++i]);
        } else {
            size_t n = strlen(spec);
            snprintf(spec + n, sizeof spec - n, "%s%s", n ? " " : "", argv[i]);
        }
    }
    if (!limited)
        l.depth = ANALYZE_DEFAULT_DEPTH;
    char buf[8300], err[256];
    if (!*spec)
        snprintf(buf, sizeof buf, "startpos");
    else if (!strncmp(spec, "startpos", 8) || !strncmp(spec, "fen ", 4))
        snprintf(buf, sizeof buf, "%s", spec);
    else
        snprintf(buf, sizeof buf, "fen %s", spec);
    Position pos;
    if (!proto_parse_position(&pos, buf, err, sizeof err)) {
        fprintf(stderr, "chariot analyze: %s\n", err);
        return 2;
    }
    char board[1024], fen[128];
    pos_print(&pos, board, sizeof board);
    pos_get_fen(&pos, fen, sizeof fen);
    printf("%s%s\n%s to move\n\n", board, fen, pos_side(&pos) == RED ? "Red" : "Black");
    SearchThread *t = threads_main();
    t->pos = pos;
    t->limits = l;
    atomic_store(&g_stop, false);
    SearchReporter rep = {on_info, on_bestmove, NULL};
    search_run(t, &rep);
    return 0;
}
