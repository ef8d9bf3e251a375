#define _POSIX_C_SOURCE 200809L
/*
 * annotate.c - `chariot annotate`: every game of a PGN file reviewed move by
 * move (docs/annotate.md). Each position of a game is searched with the same
 * limit, the table kept from one position to the next (walked from the last
 * move back to the first unless --forward); a move is judged as review.h
 * says (what it loses of the mover's expected score, the best move's score
 * against the move played's, searched alone). The output is the game
 * again as PGN, each move with its score and depth, the marked ones with a
 * NAG and the better move's line in the game's notation, and a summary per
 * side; --svg draws the expected score over the moves.
 *
 * A game's data (moves, scores, best lines) are held for one game at a time;
 * the file's games are read from one text, split where a tag line follows
 * move text.
 */
#include "annotate.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyze.h"
#include "engine.h"
#include "numparse.h"
#include "pgn_out.h"
#include "platform.h"
#include "protocol.h"
#include "review.h"
#include "timeman.h"

enum {
    ANNOTATE_DEFAULT_DEPTH = 12,
    ANNOTATE_MAX_MULTIPV = 8,      /* --multipv: the other best moves given at a marked move, at most */
    ANNOTATE_ALT_PLIES = 8,        /* each one's line, plies at most */
    ANNOTATE_MAX_PLIES = 1024,     /* a game's moves at most */
    ANNOTATE_MAX_INPUT = 64 << 20, /* the PGN file's bytes at most */
    ANNOTATE_MAX_TAGS = 64,        /* a game's tags kept at most (more are dropped, and said) */
    ANNOTATE_TAG_LEN = 512,        /* a tag line's bytes at most */
    SVG_WIDTH = 800,
    SVG_HEIGHT = 260,
    SVG_MARGIN = 36,
    SVG_LEFT = 84,    /* room for the sides' names */
    SPARK_WIDTH = 60, /* the terminal's sparkline, characters at most */
    PROGRESS_MS = 500,
};

typedef struct {
    SearchLimits limits;
    bool forward, clear, quiet;
    int side; /* -1 both, else the colour whose moves are judged (--multipv is limits.multipv) */
    const char *out, *svg;
    const char *input;
} Options;

/* One position of a game: what its search found. */
typedef struct {
    bool searched, over;
    Score score;  /* side to move's view */
    Score played; /* the game's move from here, searched alone to the same limit (when it is not the best) */
    int depth;
    Move best;
    int pv_len;
    Move pv[MAX_PLY];
    int nalt; /* --multipv: the next best moves after the first, as the last iteration ranked them */
    struct {
        Score score;
        int pv_len;
        Move pv[ANNOTATE_ALT_PLIES];
    } alt[ANNOTATE_MAX_MULTIPV - 1];
} Seen;

/* One game. */
typedef struct {
    char tags[ANNOTATE_MAX_TAGS][ANNOTATE_TAG_LEN];
    int ntags;
    const char *movetext;
    size_t movetext_len;
    Position start;
    Move moves[ANNOTATE_MAX_PLIES];
    int n;
    char result[8];
    Seen seen[ANNOTATE_MAX_PLIES + 1];
    ReviewJudgement judged[ANNOTATE_MAX_PLIES];
    bool was_judged[ANNOTATE_MAX_PLIES];
    int done; /* positions searched */
} Game;

static volatile sig_atomic_t interrupted; /* Ctrl-C: the review ends after what is done */

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
    engine_stop();
}

/* --- Scores. --- */

/* A score from the first mover's view as a review writes it: +0.35, #+3 (the first mover mates in 3), #-2. */
static void score_text(Score first, char *buf, size_t len)
{
    if (score_is_mate(first))
        snprintf(buf, len, "#%+d", score_mate_moves(first));
    else if (score_is_rule(first))
        snprintf(buf, len, "%s", first > 0 ? "+rule" : "-rule");
    else
        snprintf(buf, len, "%+.2f", first / 100.0);
}

static Score first_view(const Position *pos, Score s) { return pos_side(pos) == COLOR_FIRST ? s : -s; }

/* ASCII letters compared without case: "red" names Red. */
static bool same_name(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        const int x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a, y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;
        if (x != y)
            return false;
    }
    return !*a && !*b;
}

/* --- Reading the file. --- */
static char *read_all(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap + 1);
    while (text) {
        if (n == cap) {
            if (cap >= ANNOTATE_MAX_INPUT) {
                snprintf(err, errlen, "%s is longer than %d MiB", path, ANNOTATE_MAX_INPUT >> 20);
                free(text);
                text = NULL;
                break;
            }
            char *grown = realloc(text, cap * 2 + 1);
            if (!grown) {
                free(text);
                text = NULL;
                break;
            }
            text = grown, cap *= 2;
        }
        const size_t got = fread(text + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (f != stdin)
        fclose(f);
    if (!text) {
        if (!*err)
            snprintf(err, errlen, "out of memory reading %s", path);
        return NULL;
    }
    text[n] = '\0';
    if (memchr(text, '\0', n)) {
        snprintf(err, errlen, "%s is not text (it holds a NUL byte)", path);
        free(text);
        return NULL;
    }
    *len = n;
    return text;
}

/* [Name "...: a tag line's start */
static bool looks_like_tag(const char *p, size_t len)
{
    size_t i = 1;
    while (i < len && ((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' && p[i] <= 'z') || p[i] == '_'))
        i++;
    return i > 1 && i + 1 < len && p[i] == ' ' && p[i + 1] == '"';
}

/* The next game of the text from *at: its tag lines and its move text (up to a tag line after move text, or
 * the end). false at the end of the text. */
static bool next_game(const char *text, size_t len, size_t *at, size_t *tags_from, size_t *tags_to, size_t *moves_from,
                      size_t *moves_to)
{
    size_t p = *at;
    while (p < len && (text[p] == ' ' || text[p] == '\t' || text[p] == '\r' || text[p] == '\n'))
        p++;
    if (p >= len)
        return false;
    *tags_from = p;
    while (p < len && text[p] == '[') { /* tag lines */
        p += strcspn(text + p, "\n");
        while (p < len && (text[p] == '\n' || text[p] == '\r' || text[p] == ' ' || text[p] == '\t'))
            p++;
    }
    *tags_to = p;
    *moves_from = p;
    int depth = 0; /* inside a comment: a '[' there starts no game */
    static const char *const RESULTS[] = {"1-0", "0-1", "1/2-1/2", "*"};
    while (p < len) {
        const char c = text[p];
        if (c == '{')
            depth++;
        else if (c == '}' && depth > 0)
            depth--;
        else if (c == '[' && (p == 0 || text[p - 1] == '\n') && (depth == 0 || looks_like_tag(text + p, len - p)))
            break; /* a tag line: the next game (even after a comment that never ended) */
        else if (depth == 0 && (p == *moves_from || strchr(" \t\r\n}", text[p - 1]))) { /* a result ends a game */
            size_t r = 0, n = 0;
            for (; r < sizeof RESULTS / sizeof RESULTS[0]; r++) {
                n = strlen(RESULTS[r]);
                if (p + n <= len && !strncmp(text + p, RESULTS[r], n) &&
                    (p + n == len || strchr(" \t\r\n{", text[p + n])))
                    break;
            }
            if (r < sizeof RESULTS / sizeof RESULTS[0]) {
                p += n;
                break;
            }
        }
        p++;
    }
    *moves_to = p;
    *at = p;
    return true;
}

/* A tag line's name and value: false if it is not [Name "value"]. */
static bool read_tag(const char *line, size_t len, char *name, size_t nlen, char *value, size_t vlen)
{
    size_t p = 1, n = 0;
    while (p < len && (line[p] == ' ' || line[p] == '\t'))
        p++;
    while (p < len && n + 1 < nlen &&
           (line[p] == '_' || (line[p] >= 'A' && line[p] <= 'Z') || (line[p] >= 'a' && line[p] <= 'z') ||
            (line[p] >= '0' && line[p] <= '9')))
        name[n++] = line[p++];
    name[n] = '\0';
    while (p < len && (line[p] == ' ' || line[p] == '\t'))
        p++;
    if (!n || p >= len || line[p] != '"')
        return false;
    size_t v = 0;
    for (p++; p < len && line[p] != '"'; p++) {
        if (line[p] == '\\' && p + 1 < len)
            p++;
        if (v + 1 < vlen)
            value[v++] = line[p];
    }
    value[v] = '\0';
    if (p >= len)
        return false;
    for (p++; p < len && (line[p] == ' ' || line[p] == '\t' || line[p] == '\r'); p++) {
    }
    return p < len && line[p] == ']';
}

/* Sets up game g from its text; false with the reason (naming the move or tag) in err. */
static bool game_read(Game *g, const char *text, size_t tags_from, size_t tags_to, size_t moves_from, size_t moves_to,
                      char *err, size_t errlen)
{
    char fen[256] = GAME_STARTPOS;
    g->ntags = 0;
    for (size_t p = tags_from; p < tags_to;) {
        const size_t line = strcspn(text + p, "\n");
        size_t end = line;
        while (end > 0 && (text[p + end - 1] == '\r' || text[p + end - 1] == ' ' || text[p + end - 1] == '\t'))
            end--;
        if (end > 0) {
            char name[64], value[256];
            if (!read_tag(text + p, end, name, sizeof name, value, sizeof value)) {
                snprintf(err, errlen, "an unreadable tag line: '%.*s'", (int)(end < 80 ? end : 80), text + p);
                return false;
            }
            if (!strcmp(name, "FEN"))
                snprintf(fen, sizeof fen, "%s", value);
            if (strcmp(name, "Annotator") && g->ntags < ANNOTATE_MAX_TAGS && end < ANNOTATE_TAG_LEN)
                snprintf(g->tags[g->ntags++], ANNOTATE_TAG_LEN, "%.*s", (int)end, text + p);
        }
        p += line + (p + line < tags_to);
    }
    char why[200];
    if (!pos_set_fen(&g->start, fen, why, sizeof why)) {
        snprintf(err, errlen, "its FEN tag '%.100s' is no position: %.150s", fen, why);
        return false;
    }
    /* the move text: a comment must end; the moves are read as analyze and play read them */
    const size_t len = moves_to - moves_from;
    char *moves = malloc(len + 1);
    if (!moves) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    memcpy(moves, text + moves_from, len);
    moves[len] = '\0';
    int depth = 0;
    const char *open = NULL;
    for (const char *q = moves; *q; q++) {
        if (*q == '{' && depth++ == 0)
            open = q;
        else if (*q == '}' && depth > 0)
            depth--;
    }
    if (depth > 0) {
        snprintf(err, errlen, "a comment that does not end: '%.*s'",
                 (int)strcspn(open, "\r\n") < 40 ? (int)strcspn(open, "\r\n") : 40, open);
        free(moves);
        return false;
    }
    snprintf(g->result, sizeof g->result, "*");
    static const char *const RESULTS[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t r = 0; r < sizeof RESULTS / sizeof RESULTS[0]; r++) {
        const char *hit = strstr(moves, RESULTS[r]);
        if (hit && (hit == moves || hit[-1] == ' ' || hit[-1] == '\n' || hit[-1] == '}' || hit[-1] == '\t')) {
            snprintf(g->result, sizeof g->result, "%s", RESULTS[r]);
            break;
        }
    }
    static Position pos;
    pos = g->start;
    AnalyzeBadMove bad;
    g->n = analyze_read_moves(&pos, moves, g->moves, ANNOTATE_MAX_PLIES, &bad);
    free(moves);
    if (g->n < 0) {
        snprintf(err, errlen, "move %d, '%s', is not a legal move there%s", bad.number, bad.word,
                 bad.number > ANNOTATE_MAX_PLIES ? " (or past the most a game may have)" : "");
        return false;
    }
    return true;
}

/* --- Searching the positions. --- */

static void on_info(const SearchInfo *info, void *ctx)
{
    Seen *s = ctx;
    if (info->bound != BOUND_EXACT)
        return;
    if (info->multipv > 1) { /* the lines after the first come after it, depth by depth */
        const int k = info->multipv - 2;
        if (k >= ANNOTATE_MAX_MULTIPV - 1 || info->pv_len == 0)
            return;
        s->alt[k].score = info->score;
        s->alt[k].pv_len = info->pv_len < ANNOTATE_ALT_PLIES ? info->pv_len : ANNOTATE_ALT_PLIES;
        memcpy(s->alt[k].pv, info->pv, (size_t)s->alt[k].pv_len * sizeof s->alt[k].pv[0]);
        s->nalt = k + 1 > s->nalt ? k + 1 : s->nalt;
        return;
    }
    s->nalt = 0; /* a new iteration: its other lines follow */
    s->depth = info->depth;
    s->pv_len = info->pv_len < MAX_PLY ? info->pv_len : MAX_PLY;
    memcpy(s->pv, info->pv, (size_t)s->pv_len * sizeof s->pv[0]);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ponder;
    ((Seen *)ctx)->best = best;
}

static void search_position(const Options *o, const Position *pos, Move played, Seen *s)
{
    memset(s, 0, sizeof *s);
    char why[160];
    const GameResult r = game_judge(pos, why, sizeof why);
    if (r != GAME_ONGOING) { /* over: mated (or, in xiangqi, stalemated) scores as the mate it is, else a rule */
        Move list[MAX_MOVES];
        s->over = true;
        s->searched = true;
        if (r == GAME_DRAWN)
            s->score = 0;
        else if (gen_legal(pos, list) == 0)
            s->score = game_no_move_score(pos, 0);
        else
            s->score = (r == GAME_FIRST_WINS) == (pos_side(pos) == COLOR_FIRST) ? SCORE_MATE : -SCORE_MATE;
        return;
    }
    if (o->clear) {
        tt_clear();
        engine_new_game();
    }
    static SearchLimits one; /* the marks come from one line's search, whatever --multipv asks */
    one = o->limits;
    one.multipv = 1;
    SearchReporter rep = {on_info, on_bestmove, s};
    engine_search(pos, &one, &rep);
    s->score = engine_root_score();
    if (s->pv_len == 0 && s->best != MOVE_NONE)
        s->pv[0] = s->best, s->pv_len = 1;
    s->played = s->score;
    if (played != MOVE_NONE && played != s->best && !interrupted) {
        /* the move played, alone, to the same limit: its score beside the best one's, at the same depth */
        static SearchLimits alone;
        alone = one;
        alone.nsearchmoves = 1;
        alone.searchmoves[0] = played;
        Seen scratch;
        SearchReporter rep2 = {on_info, on_bestmove, &scratch};
        engine_search(pos, &alone, &rep2);
        s->played = engine_root_score();
    }
    s->searched = !interrupted;
}

/* --multipv K at a marked move: the position searched again with K lines, once every mark is made (so that
 * the marks and scores are those of one line's search, the same with or without --multipv); the next best
 * moves are that search's lines other than the best move already given, K - 1 at most. */
static void search_alternatives(const Options *o, const Position *pos, Seen *s)
{
    static Seen lines;
    memset(&lines, 0, sizeof lines);
    SearchReporter rep = {on_info, on_bestmove, &lines};
    engine_search(pos, &o->limits, &rep);
    if (interrupted)
        return;
    s->nalt = 0;
    if (lines.pv_len > 0 && lines.pv[0] != s->best) { /* the K-line search's first line, when another move */
        s->alt[0].score = engine_root_score();
        s->alt[0].pv_len = lines.pv_len < ANNOTATE_ALT_PLIES ? lines.pv_len : ANNOTATE_ALT_PLIES;
        memcpy(s->alt[0].pv, lines.pv, (size_t)s->alt[0].pv_len * sizeof s->alt[0].pv[0]);
        s->nalt = 1;
    }
    for (int k = 0; k < lines.nalt && s->nalt < o->limits.multipv - 1; k++)
        if (lines.alt[k].pv[0] != s->best)
            s->alt[s->nalt++] = lines.alt[k];
}

static void progress(const Options *o, int game, int done, int total, int64_t t0)
{
    static int64_t next;
    const int64_t now = time_now_ms();
    if (o->quiet || !isatty(STDERR_FILENO) || now < next)
        return;
    next = now + PROGRESS_MS;
    char left[48] = "";
    if (done > 0) {
        const double per = (double)(now - t0) / done;
        const long secs = (long)(per * (total - done) / 1000.0 + 0.5);
        snprintf(left, sizeof left, ", %ld:%02ld left in it", secs / 60, secs % 60);
    }
    fprintf(stderr, "\rannotate: game %d, position %d of %d%s   ", game, done, total, left);
    fflush(stderr);
}

/* Searches every position of g in the chosen order; stops early on Ctrl-C (g->done says how many). */
static void game_search(const Options *o, Game *g, int number)
{
    static Position pos; /* each position replayed from the start: a game's positions would take megabytes */
    tt_clear();
    engine_new_game();
    const int64_t t0 = time_now_ms();
    g->done = 0;
    for (int i = 0; i <= g->n; i++)
        g->seen[i].searched = false;
    for (int k = 0; k <= g->n && !interrupted; k++) {
        const int i = o->forward ? k : g->n - k;
        pos = g->start;
        for (int j = 0; j < i; j++) {
            pos_make(&pos, g->moves[j]);
            pos_trim_history(&pos);
        }
        progress(o, number, k, g->n + 1, t0);
        search_position(o, &pos, i < g->n ? g->moves[i] : MOVE_NONE, &g->seen[i]);
        if (g->seen[i].searched)
            g->done++;
    }
    if (!o->quiet && isatty(STDERR_FILENO))
        fprintf(stderr, "\r%*s\r", 70, "");
}

/* Judges each move whose two positions were searched. */
static void game_judge_moves(const Options *o, Game *g)
{
    static Position pos;
    pos = g->start;
    for (int i = 0; i < g->n; i++) {
        const Seen *before = &g->seen[i], *after = &g->seen[i + 1];
        const Color mover = pos_side(&pos);
        g->was_judged[i] = before->searched && after->searched && (o->side < 0 || o->side == (int)mover);
        g->judged[i] = (ReviewJudgement){0, REVIEW_NONE, false};
        if (g->was_judged[i])
            g->judged[i] = review_judge(before->score, before->played, g->moves[i] == before->best);
        pos_make(&pos, g->moves[i]);
        pos_trim_history(&pos);
    }
}

/* --multipv K: the marked moves' positions searched again for their next best moves (Ctrl-C stops it; the
 * moves not reached keep their best move alone). */
static void game_alternatives(const Options *o, Game *g)
{
    static Position pos;
    if (o->limits.multipv <= 1)
        return;
    pos = g->start;
    for (int i = 0; i < g->n && !interrupted; i++) {
        if (g->was_judged[i] && g->judged[i].mark != REVIEW_NONE && g->seen[i].best != MOVE_NONE)
            search_alternatives(o, &pos, &g->seen[i]);
        pos_make(&pos, g->moves[i]);
        pos_trim_history(&pos);
    }
}

/* --- Writing the review. --- */
static void game_tally(const Game *g, ReviewTally t[2])
{
    memset(t, 0, 2 * sizeof t[0]);
    Color c = pos_side(&g->start);
    for (int i = 0; i < g->n; i++, c = (Color)!c)
        if (g->was_judged[i])
            review_tally_add(&t[c], &g->judged[i]);
}

static void tally_text(const ReviewTally *t, Color c, char *buf, size_t len)
{
    if (!t->moves) {
        snprintf(buf, len, "%s: no move judged", game_color_name(c));
        return;
    }
    snprintf(buf, len, "%s: %d inaccurac%s, %d mistake%s, %d blunder%s, accuracy %.0f%%", game_color_name(c),
             t->count[REVIEW_INACCURACY], t->count[REVIEW_INACCURACY] == 1 ? "y" : "ies", t->count[REVIEW_MISTAKE],
             t->count[REVIEW_MISTAKE] == 1 ? "" : "s", t->count[REVIEW_BLUNDER],
             t->count[REVIEW_BLUNDER] == 1 ? "" : "s", review_accuracy(t));
}

static void limit_text(const Options *o, char *buf, size_t len)
{
    if (o->limits.depth)
        snprintf(buf, len, "depth %d", o->limits.depth);
    else if (o->limits.movetime)
        snprintf(buf, len, "%" PRId64 " ms a move", (int64_t)o->limits.movetime);
    else
        snprintf(buf, len, "%" PRIu64 " nodes a move", (uint64_t)o->limits.nodes);
}

static void game_write(const Options *o, const Game *g, FILE *f, bool unfinished)
{
    char lim[64], a[160], b[160];
    limit_text(o, lim, sizeof lim);
    for (int i = 0; i < g->ntags; i++)
        fprintf(f, "%s\n", g->tags[i]);
    fprintf(f, "[Annotator \"Chariot %s, %s\"]\n\n", CHARIOT_VERSION, lim);
    ReviewTally t[2];
    game_tally(g, t);
    tally_text(&t[COLOR_FIRST], COLOR_FIRST, a, sizeof a);
    tally_text(&t[COLOR_SECOND], COLOR_SECOND, b, sizeof b);
    PgnOut w = pgn_out_begin(f);
    char head[1024];
    snprintf(head, sizeof head,
             "Chariot's review at %s%s: %s; %s. Marks: ?! loses %d.%02d of the expected score, ? %d.%02d, ?? %d.%02d "
             "(docs/annotate.md)",
             lim, unfinished ? " (unfinished: stopped before every position was searched)" : "", a, b,
             REVIEW_LOSS_INACCURACY / 1000, REVIEW_LOSS_INACCURACY / 10 % 100, REVIEW_LOSS_MISTAKE / 1000,
             REVIEW_LOSS_MISTAKE / 10 % 100, REVIEW_LOSS_BLUNDER / 1000, REVIEW_LOSS_BLUNDER / 10 % 100);
    pgn_out_comment(&w, head);
    static Position pos;
    pos = g->start;
    for (int i = 0; i < g->n; i++) {
        pgn_out_move(&w, &pos, g->moves[i]);
        if (g->judged[i].mark != REVIEW_NONE)
            pgn_out_word(&w, REVIEW_NAG[g->judged[i].mark]);
        const Seen *after = &g->seen[i + 1], *before = &g->seen[i];
        Position next = pos;
        pos_make(&next, g->moves[i]);
        if (after->searched) {
            char sc[32], text[2048];
            score_text(first_view(&next, after->score), sc, sizeof sc);
            if (after->over)
                snprintf(text, sizeof text, "%s", sc);
            else
                snprintf(text, sizeof text, "%s/%d", sc, after->depth);
            if (g->judged[i].mark != REVIEW_NONE && before->best != MOVE_NONE) {
                char bm[MOVE_TEXT_MAX], line[1536], bs[32];
                pos_move_text(&pos, before->best, MOVE_STYLE_HUMAN, bm);
                pos_pv_to_human(&pos, before->pv, before->pv_len < 8 ? before->pv_len : 8, line, sizeof line);
                score_text(first_view(&pos, before->score), bs, sizeof bs);
                snprintf(text + strlen(text), sizeof text - strlen(text),
                         "; %s%s, %d.%02d of the expected score lost; best %s (%s): %s",
                         g->judged[i].missed_mate ? "a missed mate, " : "", REVIEW_WORD[g->judged[i].mark],
                         g->judged[i].loss / 1000, g->judged[i].loss / 10 % 100, bm, bs, line);
                for (int k = 0; k < before->nalt && strlen(text) + 200 < sizeof text; k++) { /* --multipv */
                    pos_move_text(&pos, before->alt[k].pv[0], MOVE_STYLE_HUMAN, bm);
                    pos_pv_to_human(&pos, before->alt[k].pv, before->alt[k].pv_len, line, sizeof line);
                    score_text(first_view(&pos, before->alt[k].score), bs, sizeof bs);
                    snprintf(text + strlen(text), sizeof text - strlen(text), "; next %s (%s): %s", bm, bs, line);
                }
            }
            pgn_out_comment(&w, text);
        }
        pos = next;
        pos_trim_history(&pos);
    }
    pgn_out_end(&w, g->result);
    fprintf(f, "\n");
}

static bool svg_write(const Game *g, const char *path, const char *title)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    const int w = SVG_WIDTH, h = SVG_HEIGHT, m = SVG_MARGIN, x0 = SVG_LEFT, plot_w = w - x0 - m, plot_h = h - 2 * m;
    const int plies = g->n > 0 ? g->n : 1;
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\" font-size=\"11\">\n<title>%s</title>\n"
            "<rect width=\"%d\" height=\"%d\" fill=\"#fbfaf7\"/>\n"
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ffffff\" stroke=\"#888\"/>\n"
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n",
            w, h, w, h, title, w, h, x0, m, plot_w, plot_h, x0, m + plot_h / 2, x0 + plot_w, m + plot_h / 2);
    fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x0, m - 12, title);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s wins</text>\n", x0 - 6, m + 4,
            game_color_name(COLOR_FIRST));
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">even</text>\n", x0 - 6, m + plot_h / 2 + 4);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s wins</text>\n", x0 - 6, m + plot_h,
            game_color_name(COLOR_SECOND));
    /* the move numbers under the plot */
    for (int ply = 0; ply <= g->n; ply += 20) {
        const double x = x0 + (double)plot_w * ply / plies;
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", x, m + plot_h + 14, ply / 2 + 1);
    }
    static Position pos;
    pos = g->start;
    fprintf(f, "<polyline fill=\"none\" stroke=\"#2a5db0\" stroke-width=\"2\" points=\"");
    for (int i = 0; i <= g->n; i++) {
        if (g->seen[i].searched) {
            const int e = review_expected(first_view(&pos, g->seen[i].score));
            fprintf(f, "%.1f,%.1f ", x0 + (double)plot_w * i / plies, m + plot_h * (1.0 - e / 1000.0));
        }
        if (i < g->n) {
            pos_make(&pos, g->moves[i]);
            pos_trim_history(&pos);
        }
    }
    fprintf(f, "\"/>\n");
    pos = g->start;
    for (int i = 0; i < g->n; i++) {
        Position next = pos;
        pos_make(&next, g->moves[i]);
        if (g->judged[i].mark != REVIEW_NONE && g->seen[i + 1].searched) {
            char mv[MOVE_TEXT_MAX];
            pos_move_text(&pos, g->moves[i], MOVE_STYLE_HUMAN, mv);
            const int e = review_expected(first_view(&next, g->seen[i + 1].score));
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4.5\" fill=\"%s\"><title>%d%s %s%s (%s)</title></circle>\n",
                    x0 + (double)plot_w * (i + 1) / plies, m + plot_h * (1.0 - e / 1000.0),
                    REVIEW_COLOUR[g->judged[i].mark], i / 2 + 1, pos_side(&pos) == COLOR_FIRST ? "." : "...", mv,
                    REVIEW_SIGN[g->judged[i].mark], REVIEW_WORD[g->judged[i].mark]);
        }
        pos = next;
        pos_trim_history(&pos);
    }
    fprintf(f, "</svg>\n");
    return fclose(f) == 0;
}

/* The first mover's expected score as a line of block characters on the terminal. */
static void sparkline(const Game *g, int number)
{
    static const char *const BARS[] = {"\u2581", "\u2582", "\u2583", "\u2584", "\u2585", "\u2586", "\u2587", "\u2588"};
    static Position pos;
    pos = g->start;
    int e[ANNOTATE_MAX_PLIES + 1], k = 0;
    for (int i = 0; i <= g->n; i++) {
        e[k++] = g->seen[i].searched ? review_expected(first_view(&pos, g->seen[i].score)) : -1;
        if (i < g->n) {
            pos_make(&pos, g->moves[i]);
            pos_trim_history(&pos);
        }
    }
    fprintf(stderr, "game %d, %s's expected score: ", number, game_color_name(COLOR_FIRST));
    const int width = k < SPARK_WIDTH ? k : SPARK_WIDTH;
    for (int c = 0; c < width; c++) {
        const int v = e[(int)((long)c * k / width)];
        fputs(v < 0 ? " " : BARS[v * 8 / 1001], stderr);
    }
    fputc('\n', stderr);
}

/* A tag's value as the game gives it ("" when it has none); characters SVG would read as markup dropped. */
static void tag_value(const Game *g, const char *name, char *buf, size_t len)
{
    buf[0] = '\0';
    char tag[64], value[256];
    for (int i = 0; i < g->ntags; i++)
        if (read_tag(g->tags[i], strlen(g->tags[i]), tag, sizeof tag, value, sizeof value) && !strcmp(tag, name)) {
            size_t n = 0;
            for (const char *v = value; *v && n + 1 < len; v++)
                if (!strchr("<>&\"", *v))
                    buf[n++] = *v;
            buf[n] = '\0';
            return;
        }
}

/* FILE.svg for game 1, FILE-2.svg for game 2 ... */
static void svg_path(const char *base, int number, char *buf, size_t len)
{
    if (number == 1) {
        snprintf(buf, len, "%s", base);
        return;
    }
    const char *dot = strrchr(base, '.'), *slash = strrchr(base, '/');
    if (!dot || (slash && dot < slash))
        snprintf(buf, len, "%s-%d", base, number);
    else
        snprintf(buf, len, "%.*s-%d%s", (int)(dot - base), base, number, dot);
}

/* --- The command line. --- */
static void usage(FILE *f)
{
    fprintf(f,
            "usage: " GAME_PROGRAM " annotate [--depth N | --movetime MS | --nodes N] [--threads T] [--hash MB]\n"
            "                       [--side %s|%s|both] [--multipv K] [--forward] [--clear] [--out FILE]\n"
            "                       [--svg FILE] [--quiet] PGN-FILE|-\n"
            "Reviews every game of a PGN file: each position searched (default --depth %d), each move judged by\n"
            "the expected score it loses against the best move (?! %d.%02d, ? %d.%02d, ?? %d.%02d or a missed mate\n"
            "in %d or fewer), written again as PGN with the scores, the marks ($6, $2, $4), the better line and a\n"
            "summary per side; --multipv K gives the K best moves at a marked one; --svg draws each game's\n"
            "expected score (FILE, FILE-2 ...). The table is kept between the positions, walked from the last\n"
            "back (--forward: from the first; --clear: cleared at each). A broken game is reported and skipped.\n"
            "Exit status 0, 1 when stopped (Ctrl-C: what is done is written, marked unfinished), 2 when no game\n"
            "could be read. docs/annotate.md.\n",
            game_color_name(COLOR_FIRST), game_color_name(COLOR_SECOND), ANNOTATE_DEFAULT_DEPTH,
            REVIEW_LOSS_INACCURACY / 1000, REVIEW_LOSS_INACCURACY / 10 % 100, REVIEW_LOSS_MISTAKE / 1000,
            REVIEW_LOSS_MISTAKE / 10 % 100, REVIEW_LOSS_BLUNDER / 1000, REVIEW_LOSS_BLUNDER / 10 % 100,
            REVIEW_MISSED_MATE_MOVES);
}

static bool parse_args(int argc, char **argv, Options *o)
{
    memset(o, 0, sizeof *o);
    search_limits_init(&o->limits);
    o->side = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *eq = strchr(a, '=');
        char name[32];
        const char *v = NULL;
        if (!strncmp(a, "--", 2) && eq && (size_t)(eq - a) < sizeof name) { /* --opt=value */
            snprintf(name, sizeof name, "%.*s", (int)(eq - a), a);
            a = name, v = eq + 1;
        }
        const bool valued = !strcmp(a, "--depth") || !strcmp(a, "--movetime") || !strcmp(a, "--nodes") ||
            !strcmp(a, "--threads") || !strcmp(a, "--hash") || !strcmp(a, "--side") || !strcmp(a, "--out") ||
            !strcmp(a, "--svg") || !strcmp(a, "--multipv");
        if (valued && !v) {
            if (i + 1 >= argc) {
                fprintf(stderr, GAME_PROGRAM " annotate: %s needs a value (" GAME_PROGRAM " annotate --help)\n", a);
                return false;
            }
            v = argv[++i];
        }
        int64_t n = 0;
        NumStatus st = NUM_OK;
        if (!strcmp(a, "--depth") && (st = num_parse_i64(v, 1, MAX_DEPTH, &n)) == NUM_OK)
            o->limits.depth = (int)n;
        else if (!strcmp(a, "--movetime") && (st = num_parse_i64(v, 1, INT64_C(1) << 40, &n)) == NUM_OK)
            o->limits.movetime = n;
        else if (!strcmp(a, "--nodes") && (st = num_parse_i64(v, 1, INT64_C(1) << 50, &n)) == NUM_OK)
            o->limits.nodes = (uint64_t)n;
        else if (!strcmp(a, "--multipv") && (st = num_parse_i64(v, 1, ANNOTATE_MAX_MULTIPV, &n)) == NUM_OK)
            o->limits.multipv = (int)n;
        else if (!strcmp(a, "--threads") && (st = num_parse_i64(v, 1, MAX_THREADS, &n)) == NUM_OK) {
            if (!engine_set_threads((int)n))
                fprintf(stderr, GAME_PROGRAM " annotate: %d threads could not all start; %d run\n", (int)n,
                        engine_threads());
        } else if (!strcmp(a, "--hash") && (st = num_parse_i64(v, 1, 65536, &n)) == NUM_OK) {
            if (!tt_resize((size_t)n)) {
                fprintf(stderr, GAME_PROGRAM " annotate: a %d MiB table could not be allocated\n", (int)n);
                return false;
            }
        } else if (!strcmp(a, "--side")) {
            if (!strcmp(v, "both"))
                o->side = -1;
            else if (same_name(v, game_color_name(COLOR_FIRST)))
                o->side = COLOR_FIRST;
            else if (same_name(v, game_color_name(COLOR_SECOND)))
                o->side = COLOR_SECOND;
            else {
                fprintf(stderr, GAME_PROGRAM " annotate: --side is %s, %s or both, not '%s'\n",
                        game_color_name(COLOR_FIRST), game_color_name(COLOR_SECOND), v);
                return false;
            }
        } else if (!strcmp(a, "--out"))
            o->out = v;
        else if (!strcmp(a, "--svg"))
            o->svg = v;
        else if (!strcmp(a, "--forward"))
            o->forward = true;
        else if (!strcmp(a, "--clear"))
            o->clear = true;
        else if (!strcmp(a, "--quiet"))
            o->quiet = true;
        else if (valued) {
            fprintf(stderr, GAME_PROGRAM " annotate: %s: '%s' %s\n", a, v, num_status_text(st));
            return false;
        } else if (!strncmp(a, "--", 2) || (a[0] == '-' && a[1])) {
            fprintf(stderr, GAME_PROGRAM " annotate: unknown option '%s' (" GAME_PROGRAM " annotate --help)\n", a);
            return false;
        } else if (o->input) {
            fprintf(stderr, GAME_PROGRAM " annotate: one PGN file at a time ('%s', then '%s')\n", o->input, a);
            return false;
        } else {
            o->input = a;
        }
    }
    if (!o->input) {
        fprintf(stderr, GAME_PROGRAM " annotate: which PGN file? (a path, or - for standard input)\n");
        return false;
    }
    const int limits = (o->limits.depth > 0) + (o->limits.movetime > 0) + (o->limits.nodes > 0);
    if (limits > 1) {
        fprintf(stderr, GAME_PROGRAM " annotate: give one limit (--depth, --movetime or --nodes)\n");
        return false;
    }
    if (!limits)
        o->limits.depth = ANNOTATE_DEFAULT_DEPTH;
    return true;
}

int annotate_main(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    Options o;
    if (!parse_args(argc, argv, &o))
        return 2;
    char err[320] = "";
    size_t len = 0;
    char *text = read_all(o.input, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, GAME_PROGRAM " annotate: %s\n", err);
        return 2;
    }
    FILE *out = stdout;
    if (o.out && !(out = fopen(o.out, "w"))) {
        fprintf(stderr, GAME_PROGRAM " annotate: cannot write %s: %s\n", o.out, strerror(errno));
        free(text);
        return 2;
    }
    platform_on_interrupt(on_interrupt);
    static Game g;
    size_t at = 0, tf, tt, mf, mt;
    int number = 0, reviewed = 0, broken = 0;
    while (!interrupted && next_game(text, len, &at, &tf, &tt, &mf, &mt)) {
        number++;
        if (!game_read(&g, text, tf, tt, mf, mt, err, sizeof err)) {
            fprintf(stderr, GAME_PROGRAM " annotate: game %d: %s; skipped\n", number, err);
            broken++;
            continue;
        }
        game_search(&o, &g, number);
        game_judge_moves(&o, &g);
        game_alternatives(&o, &g);
        const bool unfinished = g.done < g.n + 1;
        game_write(&o, &g, out, unfinished);
        fflush(out);
        reviewed++;
        ReviewTally t[2];
        char a[160], b[160];
        game_tally(&g, t);
        tally_text(&t[COLOR_FIRST], COLOR_FIRST, a, sizeof a);
        tally_text(&t[COLOR_SECOND], COLOR_SECOND, b, sizeof b);
        if (!o.quiet)
            fprintf(stderr, "annotate: game %d, %d moves%s: %s; %s\n", number, g.n, unfinished ? " (unfinished)" : "",
                    a, b);
        if (!o.quiet && isatty(STDERR_FILENO))
            sparkline(&g, number);
        if (o.svg) {
            char path[1024], title[768], first[256], second[256], lim[64];
            svg_path(o.svg, number, path, sizeof path);
            tag_value(&g, game_color_name(COLOR_FIRST), first, sizeof first);
            tag_value(&g, game_color_name(COLOR_SECOND), second, sizeof second);
            limit_text(&o, lim, sizeof lim);
            snprintf(title, sizeof title, "Game %d: %s - %s, %s; %s's expected score, Chariot at %s", number,
                     first[0] ? first : game_color_name(COLOR_FIRST),
                     second[0] ? second : game_color_name(COLOR_SECOND), g.result, game_color_name(COLOR_FIRST), lim);
            if (!svg_write(&g, path, title))
                fprintf(stderr, GAME_PROGRAM " annotate: cannot write %s: %s\n", path, strerror(errno));
        }
    }
    free(text);
    if (out != stdout && fclose(out) != 0)
        fprintf(stderr, GAME_PROGRAM " annotate: cannot write %s\n", o.out);
    if (interrupted) {
        fprintf(stderr, GAME_PROGRAM " annotate: stopped; %d game%s written, the last unfinished\n", reviewed,
                reviewed == 1 ? "" : "s");
        return 1;
    }
    if (!reviewed) {
        fprintf(stderr, GAME_PROGRAM " annotate: no game could be read (%d broken)\n", broken);
        return 2;
    }
    return 0;
}
