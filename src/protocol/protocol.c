#define _POSIX_C_SOURCE 200809L
/*
 * protocol.c - output, position parsing and options shared by UCI, UCCI and
 * the XBoard protocol.
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

#include "numparse.h"
#include "skill.h"
#include "thread.h"
#ifdef CHARIOT_CLUSTER /* the cluster build (make mpi): its way of sharing the table is an option */
#include "cluster.h"
#endif

EngineSettings g_settings = {.multipv = 1,
                             .move_overhead = 10,
                             .ponder = false,
                             .fairy_ranks = false,
                             .repetition_rule = "AXF",
                             .elo = SKILL_ELO_DEFAULT,
                             .skill_level = SKILL_MAX};

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *proto_in; /* where the protocols read commands; NULL: stdin */

void proto_set_input(FILE *in) { proto_in = in; }

FILE *proto_input(void) { return proto_in ? proto_in : stdin; }

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

void proto_move_str(const Position *pos, Move m, char *buf)
{
    pos_move_to_uci(pos, m, g_settings.chess960, buf);
    if (m == MOVE_NONE || !g_settings.fairy_ranks)
        return;
    /* Fairy-Stockfish UCI: rank + 1, so rank 9 becomes "10". */
    char out[8];
    int n = 0;
    for (int half = 0; half < 2; half++) {
        out[n++] = buf[half * 2];
        int r = buf[half * 2 + 1] - '0' + 1;
        if (r == 10) {
            out[n++] = '1';
            out[n++] = '0';
        } else {
            out[n++] = (char)('0' + r);
        }
    }
    out[n] = 0;
    memcpy(buf, out, (size_t)n + 1);
}

Move proto_parse_move(const Position *pos, const char *s)
{
    if (!g_settings.fairy_ranks)
        return pos_parse_move(pos, s);
    /* file, rank 1-10, file, rank 1-10 */
    char icc[5];
    const char *p = s;
    for (int half = 0; half < 2; half++) {
        if (*p < 'a' || *p > 'i')
            return MOVE_NONE;
        icc[half * 2] = *p++;
        char *end;
        long r = strtol(p, &end, 10);
        if (end == p || r < 1 || r > 10)
            return MOVE_NONE;
        icc[half * 2 + 1] = (char)('0' + r - 1);
        p = end;
    }
    if (*p)
        return MOVE_NONE;
    icc[4] = 0;
    return pos_parse_move(pos, icc);
}

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

static bool word_is(const char *word, size_t len, const char *text) { return len == strlen(text) && !memcmp(word, text, len); }

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

/* Options. */
bool proto_parse_long(const char *v, long min, long max, long *out)
{
    int64_t x;
    if (num_parse_i64(v, min, max, &x) != NUM_OK)
        return false;
    *out = (long)x; /* in [min, max] */
    return true;
}

bool proto_parse_bool(const char *v, bool *out)
{
    if (!strcasecmp(v, "true") || !strcasecmp(v, "on")) {
        *out = true;
        return true;
    }
    if (!strcasecmp(v, "false") || !strcasecmp(v, "off")) {
        *out = false;
        return true;
    }
    return false;
}

/* Option values reach apply_* after proto_set_option checked them against the option's range. */
static long option_value(const char *v)
{
    long x = 0;
    proto_parse_long(v, LONG_MIN, LONG_MAX, &x);
    return x;
}

static bool apply_hash(const char *v, char *err, size_t len)
{
    long mb = option_value(v);
    threads_wait();
    const size_t most = tt_memory_limit_mb();
    if (most && (size_t)mb > most) {
        snprintf(err, len, "a %ld MiB table is more than this machine's memory (%zu MiB); keeping %zu MiB", mb, most,
                 tt_size_mb());
        return false;
    }
    if (!tt_resize((size_t)mb)) {
        snprintf(err, len, "could not allocate a %ld MiB table; keeping %zu MiB", mb, tt_size_mb());
        return false;
    }
    return true;
}

/* Forget everything learned, as a new game does: the table and each
 * thread's histories (the correction history included). */
static bool apply_clear_hash(const char *v, char *err, size_t len)
{
    (void)v, (void)err, (void)len;
    threads_new_game();
    return true;
}

static bool apply_threads(const char *v, char *err, size_t len)
{
    int n = (int)option_value(v); /* 1 .. MAX_THREADS */
    if (!threads_set_count(n)) {
        snprintf(err, len, "could not start %d threads; keeping %d", n, threads_count());
        return false;
    }
    tt_set_clear_threads(n);
    return true;
}

static bool apply_multipv(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.multipv = (int)option_value(v); /* 1 .. MAX_MULTIPV */
    return true;
}

static bool apply_overhead(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.move_overhead = option_value(v);
    return true;
}

static bool apply_ponder(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.ponder);
}

static bool apply_replace(const char *v, char *err, size_t len)
{
    TTScheme s;
    if (!tt_scheme_parse(v, &s)) {
        snprintf(err, len, "unknown TTReplace value '%s'", v);
        return false;
    }
    tt_set_scheme(s);
    tt_clear();
    return true;
}

#ifdef CHARIOT_CLUSTER
static bool apply_cluster_table(const char *v, char *err, size_t len)
{
    if (!cluster_set_table(v)) {
        snprintf(err, len, "unknown ClusterTable value '%s'", v);
        return false;
    }
    tt_clear(); /* each way starts from empty tables (the home slices too) */
    return true;
}

static bool apply_cluster_node_share(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    bool on;
    if (!proto_parse_bool(v, &on))
        return false;
    cluster_set_node_share(on);
    tt_clear();
    return true;
}
#endif

static bool apply_depth0(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    bool on;
    if (!proto_parse_bool(v, &on))
        return false;
    tt_set_store_depth0(on);
    return true;
}

/* Hosts that set UCI_Variant talk to Fairy-Stockfish-style engines, which
 * write ranks 1-10: follow them unless the host has set FairyRanks itself. */
static bool apply_variant(const char *v, char *err, size_t len)
{
    if (strcmp(v, GAME_NAME)) {
        snprintf(err, len, "only UCI_Variant %s is supported", GAME_NAME);
        return false;
    }
    return true; /* ranks stay as they are: hosts that send it use both styles (see docs/protocol.md) */
}

#ifdef GAME_HAS_FAIRY_RANKS
static bool apply_fairy(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.fairy_ranks);
}
#endif

#ifdef GAME_HAS_CHESS960
static bool apply_chess960(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.chess960);
}
#endif

#ifdef GAME_REPETITION_RULES
static bool apply_repetition_rule(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    snprintf(g_settings.repetition_rule, sizeof g_settings.repetition_rule, "%s", v); /* a combo value */
    return true;
}
#endif

void proto_prepare_search(Position *pos)
{
#ifdef GAME_REPETITION_RULES
    pos_set_repetition_rule(pos, g_settings.repetition_rule);
#else
    (void)pos;
#endif
}

void proto_apply_strength(SearchLimits *limits)
{
    limits->weakened = g_settings.limit_strength || g_settings.skill_level < SKILL_MAX;
    limits->skill_level = g_settings.limit_strength ? skill_level_for_elo(g_settings.elo) : g_settings.skill_level;
}

static bool apply_limit_strength(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.limit_strength);
}

static bool apply_elo(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.elo = (int)option_value(v); /* SKILL_ELO_MIN .. SKILL_ELO_MAX */
    return true;
}

static bool apply_skill_level(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    g_settings.skill_level = (int)option_value(v); /* 0 .. SKILL_MAX */
    return true;
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
            proto_out("info string rule: avoids %s, which would repeat the position a third time and lose: %s (%s)",
                      m, game_result_str(r), why);
    }
}

static bool apply_wdl(const char *v, char *err, size_t len)
{
    (void)err, (void)len;
    return proto_parse_bool(v, &g_settings.show_wdl);
}

const EngineOption ENGINE_OPTIONS[] = {
    {"Hash", OPT_SPIN, "64", 1, 1048576, NULL, apply_hash},
    {"Clear Hash", OPT_BUTTON, NULL, 0, 0, NULL, apply_clear_hash},
    {"Threads", OPT_SPIN, "1", 1, MAX_THREADS, NULL, apply_threads},
    {"MultiPV", OPT_SPIN, "1", 1, MAX_MULTIPV, NULL, apply_multipv},
    {"Ponder", OPT_CHECK, "false", 0, 0, NULL, apply_ponder},
    {"Move Overhead", OPT_SPIN, "10", 0, 5000, NULL, apply_overhead},
    {"UCI_Variant", OPT_COMBO, GAME_NAME, 0, 0, GAME_NAME, apply_variant},
#ifdef GAME_HAS_FAIRY_RANKS
    {"FairyRanks", OPT_CHECK, "false", 0, 0, NULL, apply_fairy},
#endif
#ifdef GAME_HAS_CHESS960
    {"UCI_Chess960", OPT_CHECK, "false", 0, 0, NULL, apply_chess960},
#endif
    {"UCI_ShowWDL", OPT_CHECK, "false", 0, 0, NULL, apply_wdl},
    {"UCI_LimitStrength", OPT_CHECK, "false", 0, 0, NULL, apply_limit_strength},
    {"UCI_Elo", OPT_SPIN, SKILL_TEXT(SKILL_ELO_DEFAULT), SKILL_ELO_MIN, SKILL_ELO_MAX, NULL, apply_elo},
    {"Skill Level", OPT_SPIN, SKILL_TEXT(SKILL_MAX), 0, SKILL_MAX, NULL, apply_skill_level},
#ifdef GAME_REPETITION_RULES
    {"Repetition Rule", OPT_COMBO, "AXF", 0, 0, GAME_REPETITION_RULES, apply_repetition_rule},
#endif
    {"TTReplace", OPT_COMBO, "aged-bucket", 0, 0, "always depth two-tier two-layer aged-bucket", apply_replace},
    {"TTStoreDepth0", OPT_CHECK, "true", 0, 0, NULL, apply_depth0},
#ifdef CHARIOT_CLUSTER
    {"ClusterTable", OPT_COMBO, "replicated", 0, 0, CLUSTER_TABLE_VARS, apply_cluster_table},
    {"ClusterNodeShare", OPT_CHECK, "true", 0, 0, NULL, apply_cluster_node_share},
#endif
};
const int ENGINE_OPTION_COUNT = (int)(sizeof ENGINE_OPTIONS / sizeof ENGINE_OPTIONS[0]);

void proto_option_vars(const EngineOption *o, char *buf, size_t len)
{
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s", o->vars ? o->vars : "");
    buf[0] = 0;
    for (char *save = NULL, *t = strtok_r(tmp, " ", &save); t; t = strtok_r(NULL, " ", &save))
        snprintf(buf + strlen(buf), len - strlen(buf), " var %s", t);
}

/* Option names match case-insensitively, ignoring spaces and underscores
 * (UCCI writes "hashsize"-style one-word names). */
static bool name_eq(const char *a, const char *b)
{
    for (;;) {
        while (*a == ' ' || *a == '_')
            a++;
        while (*b == ' ' || *b == '_')
            b++;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
        if (!*a)
            return true;
        a++, b++;
    }
}

const EngineOption *proto_find_option(const char *name)
{
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++)
        if (name_eq(ENGINE_OPTIONS[i].name, name))
            return &ENGINE_OPTIONS[i];
    return NULL;
}

bool proto_set_option(const char *name, const char *value, char *err, size_t errlen)
{
    const EngineOption *o = proto_find_option(name);
    if (!o) {
        snprintf(err, errlen, "unknown option '%s'", name);
        return false;
    }
    long x;
    bool b;
    switch (o->type) {
    case OPT_SPIN:
        if (!value || !proto_parse_long(value, o->min, o->max, &x)) {
            snprintf(err, errlen, "option %s needs a whole number from %ld to %ld, got '%s'", o->name, o->min, o->max,
                     value ? value : "");
            return false;
        }
        break;
    case OPT_CHECK:
        if (!value || !proto_parse_bool(value, &b)) {
            snprintf(err, errlen, "option %s needs true or false, got '%s'", o->name, value ? value : "");
            return false;
        }
        break;
    case OPT_COMBO: {
        bool found = false;
        char vars[128];
        snprintf(vars, sizeof vars, "%s", o->vars);
        for (char *tok = strtok(vars, " "); tok && value; tok = strtok(NULL, " "))
            found |= !strcmp(tok, value);
        if (!found) {
            snprintf(err, errlen, "option %s takes one of: %s; got '%s'", o->name, o->vars, value ? value : "");
            return false;
        }
        break;
    }
    default:
        break;
    }
    if (!o->apply(value ? value : "", err, errlen)) {
        if (!*err)
            snprintf(err, errlen, "bad value for option %s", o->name);
        return false;
    }
    return true;
}

int proto_main_loop(void)
{
    char first[16384];
    if (!proto_read_line(first, sizeof first))
        return 0;
    char word[10] = "";
    sscanf(first, "%9s", word);
    if (!strcmp(word, "xboard") || !strcmp(word, "protover"))
        return xboard_loop_from(first);
#ifdef GAME_HAS_UCCI
    if (!strcmp(word, "ucci"))
        return ucci_loop_from(first);
#else
    if (!strcmp(word, "ucci")) {
        proto_error("UCCI is a xiangqi protocol; this engine plays %s over UCI (send uci)", GAME_NAME);
        return uci_loop_from(NULL);
    }
#endif
    return uci_loop_from(first);
}
