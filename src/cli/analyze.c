#define _POSIX_C_SOURCE 200809L
/*
 * analyze.c - `chariot analyze`: search a position given on the command
 * line and print one line per depth (score in pawns or mate-in-N, nodes,
 * time, the principal variation in ICCS with WXF underneath), then the
 * best move. `--infinite` runs until Enter, end of input or Ctrl-C; Ctrl-C
 * also ends a limited search early, with the best move found so far.
 *
 * The position reader is shared with `chariot play`: a FEN, `fen <FEN>`,
 * `startpos`, either followed by `moves m1 m2 ...`, or a bare move list
 * from the start position; moves in ICCS or WXF.
 */
#include "analyze.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "protocol.h"
#include "engine.h"
#include "platform.h"

bool analyze_read_position(const char *spec, Position *pos, char *err, size_t len)
{
    char buf[8192], fen[256] = "";
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL, *tok = strtok_r(buf, " \t", &save);
    if (tok && !strcmp(tok, "fen"))
        tok = strtok_r(NULL, " \t", &save);
    if (!tok || !strcmp(tok, "startpos")) {
        snprintf(fen, sizeof fen, "%s", GAME_STARTPOS);
        tok = tok ? strtok_r(NULL, " \t", &save) : NULL;
    } else if (strchr(tok, '/')) { /* the board, then every word up to `moves`: the FEN reader judges each field */
        snprintf(fen, sizeof fen, "%s", tok);
        while ((tok = strtok_r(NULL, " \t", &save)) && strcmp(tok, "moves"))
            snprintf(fen + strlen(fen), sizeof fen - strlen(fen), " %s", tok);
    } else { /* a bare move list */
        snprintf(fen, sizeof fen, "%s", GAME_STARTPOS);
    }
    char why[200];
    if (!pos_set_fen(pos, fen, why, sizeof why)) {
        snprintf(err, len, "invalid FEN '%s': %s", fen, why);
        return false;
    }
#ifdef GAME_HAS_CHESS960
    /* KQkq name standard chess's rights; Chess960's are written with the rooks' files (Shredder-FEN). */
    char board[128] = "", side[4] = "", castling[16] = "";
    if (!pos_castling_standard(pos, why, sizeof why) && sscanf(fen, "%127s %3s %15s", board, side, castling) == 3 &&
        strpbrk(castling, "KQkq")) {
        snprintf(err, len, "invalid FEN '%s': %s; write its castling rights with the rooks' files (like HAha)", fen,
                 why);
        return false;
    }
#endif
    if (tok && !strcmp(tok, "moves"))
        tok = strtok_r(NULL, " \t", &save);
    for (int n = 1; tok; tok = strtok_r(NULL, " \t", &save), n++) {
        Move m = pos_parse_human(pos, tok);
        if (m == MOVE_NONE) {
            snprintf(err, len, "move %d, '%s', is not a legal move (like %s)", n, tok, GAME_MOVE_EXAMPLE);
            return false;
        }
        pos_make(pos, m);
        pos_trim_history(pos);
    }
    return true;
}

bool analyze_add_word(char *spec, size_t size, const char *word, const char *program)
{
    if (!*word) {
        fprintf(stderr, "%s: an empty argument where a FEN, startpos or a move was expected\n", program);
        return false;
    }
    analyze_append_word(spec, size, word);
    return true;
}

void analyze_append_word(char *spec, size_t size, const char *word)
{
    const size_t used = strlen(spec);
    snprintf(spec + used, size - used, "%s%s", used ? " " : "", word);
}

void analyze_format_score(Score s, char *buf, size_t len)
{
    if (score_is_mate(s))
        snprintf(buf, len, "%s %d", s > 0 ? "mate in" : "mated in", abs(score_mate_moves(s)));
    else if (score_is_rule(s)) /* a repetition the rules decide (docs/rules.md) */
        snprintf(buf, len, "%s in %d", s > 0 ? "wins by rule" : "loses by rule", (abs(score_rule_plies(s)) + 1) / 2);
    else
        snprintf(buf, len, "%+.2f", s / 100.0);
}

static void on_info(const SearchInfo *info, void *ctx)
{
    const Position *root = ctx;
    char score[32], pv[MAX_PLY * 7], wxf[MAX_PLY * 7], head[32];
    analyze_format_score(info->score, score, sizeof score);
    proto_pv_str(root, info->pv, info->pv_len, pv, sizeof pv);
    pos_pv_to_human(root, info->pv, info->pv_len, wxf, sizeof wxf);
    if (info->multipv > 1)
        snprintf(head, sizeof head, "  line %d", info->multipv);
    else
        snprintf(head, sizeof head, "depth %2d/%-2d", info->depth, info->seldepth);
    int indent = printf("%-12s %-11s nodes %10llu %7.2fs  ", head, score, (unsigned long long)info->nodes,
                        (double)info->time_ms / 1000.0); /* exact below 2^53 ms */
    printf("%s\n%*s%s\n", pv, indent, "", wxf);
    fflush(stdout);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    const Position *root = ctx;
    char m[8], w[16], why[160];
    if (best == MOVE_NONE) {
        printf("best move: (none: %s)\n", game_judge(root, why, sizeof why) != GAME_ONGOING ? why : "no legal move");
        return;
    }
    proto_move_str(root, best, m);
    pos_move_text(root, best, MOVE_STYLE_HUMAN, w);
    printf("best move: %s (%s)", m, w);
    if (ponder != MOVE_NONE) {
        Position after = *root;
        pos_make(&after, best);
        proto_move_str(&after, ponder, m);
        pos_move_text(&after, ponder, MOVE_STYLE_HUMAN, w);
        printf("  ponder: %s (%s)", m, w);
    }
    printf("\n");
    fflush(stdout);
}

static void on_sigint(int sig)
{
    (void)sig;
    engine_stop(); /* two lock-free atomic stores: safe in a handler */
}

/* Ctrl-C stops the search instead of the program, and a read waiting for Enter returns. */
void analyze_catch_interrupt(void) { platform_on_interrupt(on_sigint); }

static bool read_number(const char *opt, const char *v, int64_t min, int64_t max, int64_t *out)
{
    if (num_parse_i64(v, min, max, out) == NUM_OK)
        return true;
    fprintf(stderr, GAME_PROGRAM " analyze: %s needs a whole number from %lld to %lld, got '%s'\n", opt, (long long)min,
            (long long)max, v ? v : "");
    return false;
}

int analyze_main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int64_t min, max; /* 64 bits also where long has 32 (WebAssembly) */
    } NUMERIC[] = {{"--depth", 1, MAX_DEPTH},
                   {"--movetime", 1, INT64_C(1) << 40},
                   {"--nodes", 1, INT64_C(1) << 50},
                   {"--multipv", 1, MAX_MULTIPV}};
    static char spec[8192];
    static Position pos;
    SearchLimits l;
    search_limits_init(&l);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        size_t k = 0, nk = sizeof NUMERIC / sizeof NUMERIC[0];
        int64_t v;
        while (k < nk && strcmp(a, NUMERIC[k].name))
            k++;
        if (k < nk) {
            if (!read_number(a, i + 1 < argc ? argv[i + 1] : NULL, NUMERIC[k].min, NUMERIC[k].max, &v))
                return 2;
            i++;
            switch (k) {
            case 0: l.depth = (int)v; break;
            case 1: l.movetime = v; break;
            case 2: l.nodes = (uint64_t)v; break;
            default: l.multipv = (int)v; break;
            }
        } else if (!strcmp(a, "--infinite")) {
            l.infinite = true;
        } else if (!strncmp(a, "--", 2)) {
            fprintf(stderr, GAME_PROGRAM " analyze: unknown option '%s'\n", a);
            return 2;
        } else if (!analyze_add_word(spec, sizeof spec, a, GAME_PROGRAM " analyze")) {
            return 2;
        }
    }
    if (!l.depth && !l.movetime && !l.nodes && !l.infinite)
        l.depth = ANALYZE_DEFAULT_DEPTH;
    char err[256];
    if (!analyze_read_position(spec, &pos, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " analyze: %s\n", err);
        return 2;
    }
    char board[1024], fen[128];
    pos_print(&pos, board, sizeof board);
    pos_get_fen(&pos, fen, sizeof fen);
    const char *us = game_color_name(pos_side(&pos));
    printf("%s%s\n%s to move; scores are from %s's side (positive: %s is better)\n\n", board, fen, us, us, us);
    fflush(stdout);
    analyze_catch_interrupt();
    SearchReporter rep = {on_info, on_bestmove, &pos};
    if (!l.infinite) {
        engine_search(&pos, &l, &rep);
        return 0;
    }
    /* Infinite: search in the background until Enter, end of input or Ctrl-C. */
    if (!engine_go(&pos, &l, &rep)) {
        fprintf(stderr,
                GAME_PROGRAM " analyze: could not start the search thread; give --depth, --movetime or --nodes\n");
        return 1;
    }
    char line[256];
    while (!engine_stopped() && !fgets(line, sizeof line, stdin) && errno == EINTR && !feof(stdin))
        clearerr(stdin);
    engine_stop();
    engine_wait();
    return 0;
}
