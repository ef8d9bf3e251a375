/*
 * web.c - the WebAssembly front end: the engine in a Web Worker, fed UCI a
 * line at a time (web/engine-worker.js posts each line to chariot_command;
 * what the engine prints comes back line by line through emscripten's
 * stdout), and a referee the page asks about positions (chariot_query).
 *
 * Two builds (Makefile, `make wasm`): with threads (emscripten pthreads over a
 * SharedArrayBuffer; the search runs on the worker thread exactly as natively,
 * Lazy SMP included) and without (the search runs inside chariot_command and
 * yields to the Worker's event loop every few milliseconds through Asyncify's
 * emscripten_sleep, so that stop, ponderhit and isready arrive while it runs).
 *
 * The referee answers in JSON, from the game's own rules, so the page holds no
 * rule of its own:
 *   state <position>          the FEN, side to move, check, legal moves (UCI
 *                             coordinates) and game_judge's verdict
 *   line <position> | <moves> each move in the notation people read (WXF or
 *                             SAN) and the game's native one (Chinese, SAN);
 *                             the moves in coordinates or in either notation
 *                             (a PGN's), up to the first that is not legal
 *   review <w|b> <score> <played> ...
 *                             a game review judged (review.h) from the page's
 *                             searches: per position its best score and the
 *                             move played's, side to move's view, as UCI
 *                             prints them (cp N, mate N; won or lost for a
 *                             game over), `=` when the best
 *                             move was played, `-` after the last position,
 *                             `none` for one not searched; <w|b> moves first.
 *                             The answer: each position's expected score for
 *                             the side that moves first, each move's loss and
 *                             mark, each side's counts and accuracy
 * <position> is what UCI's `position` takes: startpos|fen F [moves ...].
 */
#include <stdio.h>
#include <string.h>

#include <emscripten.h>

#include "protocol.h"
#include "engine.h"
#include "numparse.h"
#include "review.h"

enum {
    WEB_LINE_MAX = 16384,
    WEB_QUERY_MAX = 65536,  /* a review's request: some 25 characters a position */
    WEB_REPLY_MAX = 262144, /* a review's answer: some 100 characters a move */
    WEB_REVIEW_MAX_PLIES = 1024,
    TT_WEB_DEFAULT_MB = 16, /* a page starts small; Hash grows it (memory grows on demand) */
};

#ifndef __EMSCRIPTEN_PTHREADS__
static void web_yield(int nap_ms) { emscripten_sleep((unsigned)nap_ms); }
#endif

EMSCRIPTEN_KEEPALIVE int chariot_start(void)
{
    game_init();
    search_init();
    engine_init();
#ifndef __EMSCRIPTEN_PTHREADS__
    engine_set_yield(web_yield);
#endif
    if (!tt_resize(TT_WEB_DEFAULT_MB))
        proto_error("could not allocate a %d MiB transposition table", TT_WEB_DEFAULT_MB);
    uci_session_begin();
    return 1;
}

/* One UCI command; 0 after quit. */
EMSCRIPTEN_KEEPALIVE int chariot_command(const char *text)
{
    static char line[WEB_LINE_MAX];
    if (strlen(text) >= sizeof line - 1) {
        proto_error("line longer than %zu characters ignored", sizeof line - 2);
        return 1;
    }
    snprintf(line, sizeof line, "%s", text);
    line[strcspn(line, "\r\n")] = 0;
    return uci_session_line(line) ? 1 : 0;
}

/* Appends to the reply; false once it is full (the reply is then cut short). */
typedef struct {
    char *buf;
    size_t used, size;
} Reply;

static void reply_add(Reply *r, const char *fmt, const char *text)
{
    if (r->used < r->size)
        r->used += (size_t)snprintf(r->buf + r->used, r->size - r->used, fmt, text);
    if (r->used >= r->size)
        r->used = r->size - 1;
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void reply_string(Reply *r, const char *s)
{
    char esc[8];
    reply_add(r, "%s", "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            snprintf(esc, sizeof esc, "\\%c", c);
        } else if (c < 0x20) {
            snprintf(esc, sizeof esc, "\\u%04x", c);
        } else {
            esc[0] = (char)c;
            esc[1] = 0;
        }
        reply_add(r, "%s", esc);
    }
    reply_add(r, "%s", "\"");
}

static void reply_error(Reply *r, const char *err)
{
    reply_add(r, "%s", "{\"error\":");
    reply_string(r, err);
    reply_add(r, "%s", "}");
}

static void query_state(Reply *r, const Position *pos)
{
    char fen[256], why[160], m[16];
    pos_get_fen(pos, fen, sizeof fen);
    const GameResult result = game_judge(pos, why, sizeof why);
    reply_add(r, "%s", "{\"fen\":");
    reply_string(r, fen);
    reply_add(r, ",\"side\":\"%s\"", pos_side(pos) == COLOR_FIRST ? "first" : "second");
    reply_add(r, ",\"check\":%s", pos_in_check(pos) ? "true" : "false");
    reply_add(r, ",\"result\":\"%s\"", game_result_str(result));
    reply_add(r, "%s", ",\"reason\":");
    reply_string(r, result == GAME_ONGOING ? "" : why);
    reply_add(r, "%s", ",\"legal\":[");
    Move moves[MAX_MOVES];
    const int n = gen_legal(pos, moves);
    for (int i = 0; i < n; i++) {
        pos_move_text(pos, moves[i], MOVE_STYLE_COORD, m);
        reply_add(r, i ? ",\"%s\"" : "\"%s\"", m);
    }
    reply_add(r, "%s", "]}");
}

static void query_line(Reply *r, Position *pos, const char *moves)
{
    char tok[16], human[16], native[16];
    int used, n = 0;
    reply_add(r, "%s", "{\"moves\":[");
    while (sscanf(moves, "%15s%n", tok, &used) == 1) {
        moves += used;
        Move m = pos_parse_move(pos, tok);
        if (m == MOVE_NONE) /* a game's moves as PGN writes them (WXF, SAN) */
            m = pos_parse_human(pos, tok);
        if (m == MOVE_NONE)
            break;
        pos_move_text(pos, m, MOVE_STYLE_HUMAN, human);
        pos_move_text(pos, m, MOVE_STYLE_NATIVE, native);
        char uci[MOVE_TEXT_MAX];
        pos_move_text(pos, m, MOVE_STYLE_COORD, uci); /* the move in coordinates, however it was written */
        reply_add(r, n++ ? ",{\"uci\":\"%s\"" : "{\"uci\":\"%s\"", uci);
        reply_add(r, "%s", ",\"human\":");
        reply_string(r, human);
        reply_add(r, "%s", ",\"native\":");
        reply_string(r, native);
        reply_add(r, "%s", "}");
        pos_make(pos, m);
        pos_trim_history(pos);
    }
    reply_add(r, "%s", "]}");
}

/* The next word of *p (cut out in place); NULL at the end. */
static char *next_word(char **p)
{
    char *w = *p + strspn(*p, " \t");
    if (!*w)
        return NULL;
    char *end = w + strcspn(w, " \t");
    *p = *end ? end + 1 : end;
    *end = 0;
    return w;
}

/* A score of a review request from its first word on: cp N or mate N (side to move's view), as UCI prints them;
 * won or lost for a game over (as annotate scores it: a mate now). */
static bool review_score(char *word, char **p, Score *out, char *err, size_t errlen)
{
    if (!strcmp(word, "won") || !strcmp(word, "lost")) {
        *out = word[0] == 'w' ? SCORE_MATE : -SCORE_MATE;
        return true;
    }
    char *n = next_word(p);
    int v;
    const bool cp = !strcmp(word, "cp"), mate = !strcmp(word, "mate");
    if ((!cp && !mate) || !n ||
        num_parse_int(n, cp ? -SCORE_MATE : -MAX_PLY, cp ? SCORE_MATE : MAX_PLY, &v) != NUM_OK || (mate && v == 0)) {
        snprintf(err, errlen, "review: '%s %s' is no score (cp N or mate N)", word, n ? n : "");
        return false;
    }
    *out = cp ? v : v > 0 ? score_mate_in(2 * v - 1) : score_mated_in(-2 * v);
    return true;
}

/* review <w|b> (<score>|none <score>|=|-)...: the header comment. */
static void query_review(Reply *r, char *args)
{
    static Score best[WEB_REVIEW_MAX_PLIES + 1], played[WEB_REVIEW_MAX_PLIES + 1];
    static bool searched[WEB_REVIEW_MAX_PLIES + 1], alone[WEB_REVIEW_MAX_PLIES + 1], same[WEB_REVIEW_MAX_PLIES + 1];
    char err[160], *p = args, *side = next_word(&p), *w;
    if (!side || (strcmp(side, "w") && strcmp(side, "b"))) {
        reply_error(r, "review: the side that moves first (w or b) comes first");
        return;
    }
    int n = 0;
    while ((w = next_word(&p)) != NULL) {
        if (n > WEB_REVIEW_MAX_PLIES) {
            snprintf(err, sizeof err, "review: more than %d moves", WEB_REVIEW_MAX_PLIES);
            reply_error(r, err);
            return;
        }
        searched[n] = strcmp(w, "none") != 0;
        if (searched[n] && !review_score(w, &p, &best[n], err, sizeof err)) {
            reply_error(r, err);
            return;
        }
        if ((w = next_word(&p)) == NULL) {
            reply_error(r, "review: each position needs its best score and the move played's (=, - or a score)");
            return;
        }
        same[n] = !strcmp(w, "=");
        alone[n] = false;
        if (!same[n] && strcmp(w, "-")) {
            if (!review_score(w, &p, &played[n], err, sizeof err)) {
                reply_error(r, err);
                return;
            }
            alone[n] = true;
        }
        n++;
    }
    char num[64];
    const bool first_moves_first = !strcmp(side, "w");
    reply_add(r, "%s", "{\"expected\":[");
    for (int i = 0; i < n; i++) {
        const bool first = (i % 2 == 0) == first_moves_first;
        const int e = review_expected(first ? best[i] : -best[i]);
        snprintf(num, sizeof num, "%d", e);
        reply_add(r, i ? ",%s" : "%s", searched[i] ? num : "null");
    }
    reply_add(r, "%s", "],\"moves\":[");
    ReviewTally tally[2] = {0};
    for (int i = 0; i + 1 < n; i++) {
        const bool first = (i % 2 == 0) == first_moves_first;
        if (i)
            reply_add(r, "%s", ",");
        if (!searched[i] || !searched[i + 1] || (!same[i] && !alone[i])) {
            reply_add(r, "%s", "null");
            continue;
        }
        const ReviewJudgement j = review_judge(best[i], same[i] ? best[i] : played[i], same[i]);
        review_tally_add(&tally[first ? 0 : 1], &j);
        snprintf(num, sizeof num, "{\"loss\":%d,\"missed_mate\":%s,\"mark\":", j.loss,
                 j.missed_mate ? "true" : "false");
        reply_add(r, "%s", num);
        reply_string(r, REVIEW_SIGN[j.mark]);
        reply_add(r, "%s", ",\"nag\":");
        reply_string(r, REVIEW_NAG[j.mark]);
        reply_add(r, "%s", ",\"word\":");
        reply_string(r, REVIEW_WORD[j.mark]);
        reply_add(r, "%s", "}");
    }
    reply_add(r, "%s", "],\"sides\":{");
    for (int c = 0; c < 2; c++) {
        const ReviewTally *t = &tally[c];
        char text[200];
        snprintf(text, sizeof text,
                 "\"%s\":{\"moves\":%d,\"inaccuracies\":%d,\"mistakes\":%d,\"blunders\":%d,\"accuracy\":%.1f}",
                 c ? "second" : "first", t->moves, t->count[REVIEW_INACCURACY], t->count[REVIEW_MISTAKE],
                 t->count[REVIEW_BLUNDER], review_accuracy(t));
        reply_add(r, c ? ",%s" : "%s", text);
    }
    snprintf(num, sizeof num, "},\"thresholds\":[%d,%d,%d]}", REVIEW_LOSS_INACCURACY, REVIEW_LOSS_MISTAKE,
             REVIEW_LOSS_BLUNDER);
    reply_add(r, "%s", num);
}

/* The referee: a JSON answer about a position (the header comment). */
EMSCRIPTEN_KEEPALIVE const char *chariot_query(const char *request)
{
    static char out[WEB_REPLY_MAX];
    static char text[WEB_QUERY_MAX];
    static Position pos;
    Reply r = {out, 0, sizeof out};
    out[0] = 0;
    if (strlen(request) >= sizeof text - 1) {
        reply_error(&r, "request too long");
        return out;
    }
    snprintf(text, sizeof text, "%s", request);
    char *args, *cmd = proto_split_command(text, &args);
    char *moves = NULL;
    if (!strcmp(cmd, "line") && (moves = strchr(args, '|')) != NULL)
        *moves++ = 0;
    char err[256];
    if (!strcmp(cmd, "review")) {
        query_review(&r, args);
    } else if (strcmp(cmd, "state") && strcmp(cmd, "line")) {
        reply_error(&r, "unknown request (state, line or review)");
    } else if (!strcmp(cmd, "line") && !moves) {
        reply_error(&r, "line needs '<position> | <moves>'");
    } else if (!proto_parse_position(&pos, args, err, sizeof err)) {
        reply_error(&r, err);
    } else if (moves) {
        query_line(&r, &pos, moves);
    } else {
        query_state(&r, &pos);
    }
    return out;
}
