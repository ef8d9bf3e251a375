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

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "protocol.h"
#include "engine.h"
#include "platform.h"

int analyze_read_moves(Position *pos, const char *text, Move *moves, int max, AnalyzeBadMove *bad)
{
    int n = 0, depth = 0; /* depth: inside comments or variations */
    const char *p = text;
    while (*p) {
        if (*p == '[' && depth == 0) { /* a PGN tag: to the end of its line */
            p += strcspn(p, "\n");
            continue;
        }
        if (*p == '{' || *p == '(') {
            depth++, p++;
            continue;
        }
        if ((*p == '}' || *p == ')') && depth > 0) {
            depth--, p++;
            continue;
        }
        if (*p == ';' && depth == 0) {
            p += strcspn(p, "\n");
            continue;
        }
        if (isspace((unsigned char)*p) || depth > 0) {
            p++;
            continue;
        }
        char word[64];
        const size_t len = strcspn(p, " \t\r\n{}();");
        snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), p);
        p += len;
        if (!strcmp(word, "1-0") || !strcmp(word, "0-1") || !strcmp(word, "1/2-1/2") || !strcmp(word, "*"))
            break;
        if (word[0] == '$' || strspn(word, ".") == strlen(word)) /* a NAG ($1), or "..." after a move number */
            continue;
        word[strcspn(word, "!?")] = 0; /* a move's annotation: e4!, C2.5?! */
        const size_t digits = strspn(word, "0123456789");
        if (digits && word[digits] == '.') { /* a move number (12. or 12...), alone or glued to the move */
            const char *move = word + digits + strspn(word + digits, ".");
            if (!*move)
                continue;
            if (!isdigit((unsigned char)*move)) /* 12.C2.5, 2.馬二進三; not the pawn form 15.6 */
                memmove(word, move, strlen(move) + 1);
        }
        const Move m = pos_parse_human(pos, word);
        if (m == MOVE_NONE || (moves && n == max)) {
            snprintf(bad->word, sizeof bad->word, "%s", word);
            bad->number = n + 1;
            return -1;
        }
        if (moves)
            moves[n] = m;
        n++;
        pos_make(pos, m);
        pos_trim_history(pos);
    }
    return n;
}

bool analyze_read_game(const char *spec, Position *start, Position *pos, Move *moves, int max, int *n, char *err,
                       size_t len)
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
    if (!pos_set_fen(start, fen, why, sizeof why)) {
        snprintf(err, len, "invalid FEN '%s': %s", fen, why);
        return false;
    }
#ifdef GAME_HAS_CHESS960
    /* KQkq name standard chess's rights; Chess960's are written with the rooks' files (Shredder-FEN). */
    char board[128] = "", side[4] = "", castling[16] = "";
    if (!pos_castling_standard(start, why, sizeof why) && sscanf(fen, "%127s %3s %15s", board, side, castling) == 3 &&
        strpbrk(castling, "KQkq")) {
        snprintf(err, len, "invalid FEN '%s': %s; write its castling rights with the rooks' files (like HAha)", fen,
                 why);
        return false;
    }
#endif
    if (tok && !strcmp(tok, "moves"))
        tok = strtok_r(NULL, " \t", &save);
    *pos = *start;
    /* The moves as written (the copy's tokens end at NULs): PGN move text, numbers and comments skipped. */
    AnalyzeBadMove bad;
    const int got = tok ? analyze_read_moves(pos, spec + (tok - buf), moves, max, &bad) : 0;
    if (got < 0) {
        snprintf(err, len, "move %d, '%s', is not a legal move (like %s)", bad.number, bad.word, GAME_MOVE_EXAMPLE);
        return false;
    }
    if (n)
        *n = got;
    return true;
}

bool analyze_read_position(const char *spec, Position *pos, char *err, size_t len)
{
    static Position start; /* about 40 KiB: not on the stack */
    return analyze_read_game(spec, &start, pos, NULL, 0, NULL, err, len);
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

/* A number after an option, or a message that says what is wanted: a value at all, a whole number, or which
 * bound it passed (the upper bound said only when passed: --movetime's is 2^40 ms). */
static bool read_number(const char *opt, const char *unit, const char *v, int64_t min, int64_t max, int64_t *out)
{
    const NumStatus st = v && *v ? num_parse_i64(v, min, max, out) : NUM_EMPTY;
    if (st == NUM_OK)
        return true;
    int64_t any;
    const bool low = st == NUM_RANGE && num_parse_i64(v, INT64_MIN, min - 1, &any) == NUM_OK;
    if (st == NUM_EMPTY)
        fprintf(stderr, GAME_PROGRAM " analyze: %s needs a value (%s), at least %lld\n", opt, unit, (long long)min);
    else if (st == NUM_RANGE)
        fprintf(stderr, GAME_PROGRAM " analyze: %s must be %s %lld (%s), got '%s'\n", opt, low ? "at least" : "at most",
                (long long)(low ? min : max), unit, v);
    else
        fprintf(stderr, GAME_PROGRAM " analyze: %s needs a whole number (%s), got '%s'\n", opt, unit, v);
    return false;
}

int analyze_main(int argc, char **argv)
{
    static const struct {
        const char *name, *unit;
        int64_t min, max; /* 64 bits also where long has 32 (WebAssembly) */
    } NUMERIC[] = {{"--depth", "a depth in plies", 1, MAX_DEPTH},
                   {"--movetime", "a time in milliseconds", 1, INT64_C(1) << 40},
                   {"--nodes", "a count of nodes", 1, INT64_C(1) << 50},
                   {"--multipv", "a count of lines", 1, MAX_MULTIPV}};
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
            if (!read_number(a, NUMERIC[k].unit, i + 1 < argc ? argv[i + 1] : NULL, NUMERIC[k].min, NUMERIC[k].max, &v))
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
    const int limits = (l.depth > 0) + (l.movetime > 0) + (l.nodes > 0);
    if (l.infinite && limits)
        fprintf(stderr,
                GAME_PROGRAM
                " analyze: with --infinite the best move comes only when stopped (Enter, Ctrl-C, the end of "
                "input), whatever other limit is given\n");
    else if (limits > 1)
        fprintf(stderr, GAME_PROGRAM " analyze: several limits given: the search stops at the first one reached\n");
    if (!l.depth && !l.movetime && !l.nodes && !l.infinite)
        l.depth = ANALYZE_DEFAULT_DEPTH;
    char err[256];
    if (!analyze_read_position(spec, &pos, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " analyze: %s\n", err);
        return 2;
    }
    char board[1024], fen[128], why[160];
    pos_print(&pos, board, sizeof board);
    pos_get_fen(&pos, fen, sizeof fen);
    const char *us = game_color_name(pos_side(&pos));
    const GameResult over = game_judge(&pos, why, sizeof why);
    if (over != GAME_ONGOING) { /* nothing to search: one line says why (in xiangqi a stalemate loses) */
        const bool lost = over != GAME_DRAWN && (over == GAME_FIRST_WINS) != (pos_side(&pos) == COLOR_FIRST);
        printf("%s%s\nThe game is over: %s (%s). %s%s\n", board, fen, game_result_str(over), why, lost ? us : "A draw",
               lost ? ", to move, has lost." : ".");
        return 0;
    }
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
