#define _POSIX_C_SOURCE 200809L
/*
 * protocol.c - what UCI, UCCI and the XBoard protocol share for input and
 * output: locked line output, reading and splitting command lines, move and
 * position text, the WDL model, the rule notes after a search. The option
 * table is options.c; starting a search and the command tables, commands.c.
 */
#include "protocol.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *proto_in; /* where the protocols read commands; NULL: stdin */

void proto_set_input(FILE *in) { proto_in = in; }

FILE *proto_input(void) { return proto_in ? proto_in : stdin; }

static const char *notice; /* proto_set_notice */

void proto_set_notice(const char *text) { notice = text; }

void proto_notice(const char *prefix)
{
    if (notice && *notice)
        proto_out("%s%s", prefix, notice);
}

/* One line, whole, under the lock. */
void proto_out(const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&out_lock);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

/*
 * UCI_ShowWDL: a logistic model of the result from the score s (centipawns,
 * side to move): win = 1 / (1 + exp((WDL_EVEN - s) / WDL_SPREAD)), loss the
 * same with -s, draw the rest. A score of WDL_EVEN wins half the games;
 * at 0 the model says 5% win, 90% draw, 5% loss. It is a reading aid, not
 * fitted to games. Mate scores are certain wins or losses.
 */
enum { WDL_EVEN = 200, WDL_SPREAD = 70 };

void proto_wdl(Score s, int *win, int *draw, int *loss)
{
    if (score_is_decisive(s)) { /* a mate or a rule verdict */
        *win = s > 0 ? 1000 : 0;
        *loss = s > 0 ? 0 : 1000;
    } else {
        *win = (int)lround(1000.0 / (1.0 + exp((double)(WDL_EVEN - s) / WDL_SPREAD)));
        *loss = (int)lround(1000.0 / (1.0 + exp((double)(WDL_EVEN + s) / WDL_SPREAD)));
    }
    *draw = 1000 - *win - *loss;
}

void proto_error(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    proto_out("info string error: %s", buf);
}

void proto_report_eval(const Position *pos, const char *prefix)
{
    char text[512];
    Score v;
    engine_net_describe(text, sizeof text);
    /* in pawns, as a search's score is shown (analyze, the page): the same unit, without the search */
    if (engine_net_eval(pos, &v))
        proto_out("%seval net %+.2f (side to move, no search): %s", prefix, v / 100.0, text);
    else
        proto_out("%seval net: %s", prefix, text);
    eval_explain(pos, text, sizeof text);
    proto_out("%seval fitted %+.2f (side to move, no search): %s", prefix, eval_evaluate(pos) / 100.0, text);
    proto_out("%seval the searches use the %s evaluation; a search's score, in the same pawns, weighs the replies "
              "too, and settles as it deepens",
              prefix, engine_net_on() ? "net's" : "fitted");
}

ReadLine proto_read_bounded(FILE *in, char *line, size_t size)
{
    /* Bytes are counted as they come, not measured with strlen afterwards: a NUL byte inside a
     * long line made it look short, and its tail was then read as a line of its own (found by
     * the fuzz harnesses). A line keeps at most size - 2 bytes; text after a NUL is not seen. */
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n + 2 >= size) { /* no room for the whole line: drop it all */
            while ((c = getc(in)) != EOF && c != '\n')
                ;
            line[0] = 0;
            return READ_TOO_LONG;
        }
        line[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return READ_EOF;
    line[n] = 0;
    line[strcspn(line, "\r")] = 0;
    return READ_OK;
}

char *proto_split_command(char *line, char **args)
{
    while (isspace((unsigned char)*line))
        line++;
    char *rest = line;
    while (*rest && !isspace((unsigned char)*rest))
        rest++;
    if (*rest)
        *rest++ = 0;
    while (isspace((unsigned char)*rest))
        rest++;
    for (char *end = rest + strlen(rest); end > rest && isspace((unsigned char)end[-1]);)
        *--end = 0;
    *args = rest;
    return line;
}

bool proto_read_line(char *line, size_t size)
{
    ReadLine r = proto_read_bounded(proto_input(), line, size);
    if (r == READ_TOO_LONG)
        proto_error("line longer than %zu characters ignored", size - 2);
    return r != READ_EOF;
}

/* The coordinates the host asked for: ranks 1-10 (FairyRanks) or Chess960 castling, else the plain ones. */
static MoveStyle proto_move_style(void)
{
    return g_settings.fairy_ranks ? MOVE_STYLE_FAIRY_RANKS
        : g_settings.chess960     ? MOVE_STYLE_CHESS960
                                  : MOVE_STYLE_COORD;
}

void proto_move_str(const Position *pos, Move m, char *buf) { pos_move_text(pos, m, proto_move_style(), buf); }

Move proto_parse_move(const Position *pos, const char *s) { return pos_parse_move_text(pos, s, proto_move_style()); }

void proto_pv_str(const Position *root, const Move *pv, int n, char *buf, size_t len)
{
    static _Thread_local Position pos; /* the line is written move by move from its own position */
    pos = *root;
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n && used + 8 < len; i++) {
        char m[8];
        proto_move_str(&pos, pv[i], m);
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", m);
        if (i + 1 < n) {
            pos_make(&pos, pv[i]);
            pos_trim_history(&pos);
        }
    }
}

int proto_parse_moves(const Position *pos, const char *text, Move *out, int max, char *err, size_t errlen)
{
    char tok[16];
    int used, n = 0;
    while (sscanf(text, "%15s%n", tok, &used) == 1) {
        text += used;
        Move m = proto_parse_move(pos, tok);
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "'%s' is not a legal move here", tok);
            return -1;
        }
        if (n < max)
            out[n++] = m;
    }
    return n;
}

/* The next space-separated word of *p as a span (false at the end); *p moves past it. */
static bool next_word(const char **p, const char **word, size_t *len)
{
    const char *q = *p;
    while (isspace((unsigned char)*q))
        q++;
    if (!*q)
        return false;
    *word = q;
    while (*q && !isspace((unsigned char)*q))
        q++;
    *len = (size_t)(q - *word);
    *p = q;
    return true;
}

static bool word_is(const char *word, size_t len, const char *text)
{
    return len == strlen(text) && !memcmp(word, text, len);
}

bool proto_parse_position(Position *out, const char *args, char *err, size_t errlen)
{
    static Position pos; /* work on a copy: `out` changes only on success */
    char fen[256] = "";
    const char *p = args, *moves = NULL, *word;
    size_t len;
    if (!next_word(&p, &word, &len)) {
        snprintf(err, errlen, "position needs 'startpos' or 'fen <FEN>'");
        return false;
    }
    if (word_is(word, len, "startpos")) {
        snprintf(fen, sizeof fen, "%s", GAME_STARTPOS);
        if (next_word(&p, &word, &len)) {
            if (!word_is(word, len, "moves")) {
                snprintf(err, errlen, "unexpected '%.*s' after startpos (expected 'moves' or the end of the line)",
                         (int)imin((int)len, 64), word);
                return false;
            }
            moves = p;
        }
    } else if (word_is(word, len, "fen")) {
        /* The FEN is every word up to "moves", joined by single spaces; the game's FEN reader refuses stray words. */
        size_t n = 0;
        while (next_word(&p, &word, &len)) {
            if (word_is(word, len, "moves")) {
                moves = p;
                break;
            }
            if (n + len + 2 > sizeof fen) {
                snprintf(err, errlen, "FEN too long");
                return false;
            }
            if (n)
                fen[n++] = ' ';
            memcpy(fen + n, word, len);
            n += len;
            fen[n] = 0;
        }
        if (!n) {
            snprintf(err, errlen, "'fen' needs a FEN");
            return false;
        }
    } else {
        snprintf(err, errlen, "position needs 'startpos' or 'fen <FEN>', got '%.*s'", (int)imin((int)len, 64), word);
        return false;
    }
    char why[160];
    if (!pos_set_fen(&pos, fen, why, sizeof why)) {
        snprintf(err, errlen, "invalid FEN: %s", why);
        return false;
    }
#ifdef GAME_HAS_CHESS960
    if (!g_settings.chess960 && !pos_castling_standard(&pos, why, sizeof why)) {
        snprintf(err, errlen, "invalid FEN: %s; set UCI_Chess960 to true for it", why);
        return false;
    }
#endif
    for (int n = 0; moves && next_word(&moves, &word, &len); n++) {
        char tok[16];
        snprintf(tok, sizeof tok, "%.*s", (int)imin((int)len, 15), word);
        Move m = len < sizeof tok ? proto_parse_move(&pos, tok) : MOVE_NONE;
        if (m == MOVE_NONE) {
            snprintf(err, errlen, "illegal move '%s' at move %d of the move list", tok, n + 1);
            return false;
        }
        pos_make(&pos, m);
        pos_trim_history(&pos);
    }
    *out = pos;
    return true;
}

void proto_position_error(const Position *standing, const char *err)
{
    char fen[128];
    pos_get_fen(standing, fen, sizeof fen);
    proto_error("%s; the position is still %s", err, fen);
}

void proto_rule_notes(const Position *root, Move best)
{
    static Position after;
    Move list[MAX_MOVES];
    /* On a copy: it runs on the worker after the busy flag cleared, while the protocol thread may read the
     * root (UCCI probe), and xiangqi's gen_legal tries each move on the board it is given (restored after). */
    after = *root;
    const int n = gen_legal(&after, list);
    for (int i = 0; i < n; i++) {
        pos_make(&after, list[i]);
        char why[160], m[8];
        const GameResult r = pos_repetitions(&after) >= 2 ? game_judge(&after, why, sizeof why) : GAME_ONGOING;
        pos_unmake(&after);
        if (r == GAME_ONGOING)
            continue;
        const bool lost = r == (pos_side(root) == COLOR_FIRST ? GAME_SECOND_WINS : GAME_FIRST_WINS);
        proto_move_str(root, list[i], m);
        if (list[i] == best)
            proto_out("info string rule: %s repeats the position a third time and ends the game: %s (%s)", m,
                      game_result_str(r), why);
        else if (lost)
            proto_out("info string rule: avoids %s, which would repeat the position a third time and lose: %s (%s)", m,
                      game_result_str(r), why);
    }
}
