/*
 * session.h - what fuzz_uci.c and fuzz_ucci.c share: engine start-up as
 * main() does it, the reset of every shared setting between inputs, and the
 * rewriting of an input into a session that runs in milliseconds.
 *
 * A session runs from memory (fmemopen, proto_set_input) through the
 * protocol loop; a search runs in the background and the loop stops it at the
 * end of the input. What could still take long is bounded by rewriting the
 * input, line by line, on a copy, token by token as the engine splits them:
 *   - numbers after go's depth, nodes, movetime, perft and mate (UCI) or
 *     depth, nodes and the clocks (UCCI, where batch mode waits for the
 *     search) above a cap become the cap; huge negative ones -1000 (UCI);
 *     UCI's clocks (wtime, btime, winc, binc) stay as written, since the
 *     search they limit is stopped at the end of the input anyway;
 *   - Hash / hashsize above FUZZ_HASH_CAP MiB and Threads / threads above
 *     FUZZ_THREADS_CAP become the cap; hashsize 0 (the default, 64 MiB)
 *     becomes 1;
 *   - a UCI bench that would run is dropped (the malformed ones stay);
 *   - at most FUZZ_HEAVY_LINES lines that can take time (go, bench,
 *     setoption of the table or threads, ucinewgame, Clear Hash, clearhash,
 *     newgame) are kept; later ones become empty lines.
 * Everything else, bytes after a carriage return or a NUL included (the
 * engine never sees them), is passed on unchanged.
 *
 * The engine's output goes to an unlinked temporary file, emptied before each
 * input and read after it, to check what a GUI relies on: every `isready`
 * is answered by one `readyok`; every `go` by one bestmove (UCI: `bestmove`,
 * a `go perft` by none; UCCI: `bestmove` or `nobestmove`, which also answers
 * a `stop` when idle). A failed check prints the session and its output.
 * FUZZ_SESSION_ECHO=1 prints every session and its output on stderr.
 */
#ifndef CHARIOT_FUZZ_SESSION_H
#define CHARIOT_FUZZ_SESSION_H

#include <ctype.h>
#include <stddef.h>
#include <math.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "protocol.h"
#include "numparse.h"
#include "thread.h"
#include "xboard_game.h"

enum {
    FUZZ_HASH_MB = 1,     /* the table between inputs */
    FUZZ_HASH_CAP = 1,    /* MiB: the table's own size, cleared in place; a new allocation faulted in 2 MiB each time */
    FUZZ_THREADS_CAP = 2, /* each thread brings a 4.7 MB SearchThread to allocate and clear */
    FUZZ_HEAVY_LINES = 8, /* per input */
};

typedef enum { DIALECT_UCI, DIALECT_UCCI, DIALECT_XBOARD } Dialect;

typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p)
            abort();
        b->p = p, b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void buf_str(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static EngineSettings session_defaults;
static TTScheme session_scheme;
static XBoard xboard_defaults; /* the XBoard front end's state at start-up, which outlives a session */

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
#ifdef _WIN32
    FILE *t = tmpfile(); /* the engine's output, read back after each input; Windows cannot unlink an open file */
    if (!t || fflush(stdout) != 0 || dup2(_fileno(t), STDOUT_FILENO) < 0 || _setmode(STDOUT_FILENO, _O_BINARY) < 0)
        abort();
#else
    char path[] = "/tmp/chariot-fuzz-XXXXXX"; /* the engine's output, read back after each input */
    int fd = mkstemp(path);
    if (fd < 0 || unlink(path) != 0 || fflush(stdout) != 0 || dup2(fd, STDOUT_FILENO) < 0 || close(fd) != 0)
        abort();
#endif
    game_init(); /* as main() does */
    search_init();
    threads_init();
    if (!tt_resize(FUZZ_HASH_MB))
        abort();
    session_defaults = g_settings;
    session_scheme = tt_scheme();
    xboard_defaults = g_xboard;
    return 0;
}

/* Every setting a session may have changed, back to the start-up state, and
 * an empty table. Run after each input, so that what an input allocated
 * (threads, a bigger table) is freed within its run and libFuzzer's leak
 * check does not rerun it. The threads' histories (4.3 MB each) are not
 * cleared: they only order moves, and clearing them took a third of the time. */
static void session_reset(void)
{
    engine_stop();
    engine_wait();
    g_settings = session_defaults;
    /* everything but the lock (the first member, unlocked now): the loop freed the game's moves */
    memcpy((char *)&g_xboard + offsetof(XBoard, start_fen),
           (const char *)&xboard_defaults + offsetof(XBoard, start_fen), sizeof g_xboard - offsetof(XBoard, start_fen));
    engine_set_threads(1);
    tt_set_clear_threads(1);
    tt_set_scheme(session_scheme);
    tt_set_store_depth0(true);
    if (tt_size_mb() != FUZZ_HASH_MB && !tt_resize(FUZZ_HASH_MB))
        abort();
    tt_clear();
}

/* The replacement for number token tok after keyword key, or NULL to keep it. */
static const char *session_cap(Dialect d, const char *key, const char *tok, bool millisec)
{
    static const struct {
        const char *key;
        long long cap;
        const char *text;
    } UCI_CAPS[] = {{"depth", 5, "5"},
                    {"nodes", 20000, "20000"},
                    {"movetime", 50, "50"},
                    {"perft", 3, "3"},
                    {"mate", 3, "3"}},
      UCCI_CAPS[] = {{"depth", 4, "4"}, {"nodes", 500, "500"}};
    static const char *const UCCI_CLOCKS[] = {"time", "increment", "opptime", "oppincrement", "movetime"};
    char *end;
    if (d == DIALECT_UCI) {
        for (size_t i = 0; i < sizeof UCI_CAPS / sizeof UCI_CAPS[0]; i++)
            if (!strcmp(key, UCI_CAPS[i].key)) {
                long long v = strtoll(tok, &end, 10);
                if (end == tok || *end)
                    return NULL;
                return v > UCI_CAPS[i].cap ? UCI_CAPS[i].text : v < -1000 ? "-1000" : NULL;
            }
        return NULL;
    }
    for (size_t i = 0; i < sizeof UCCI_CAPS / sizeof UCCI_CAPS[0]; i++)
        if (!strcmp(key, UCCI_CAPS[i].key)) {
            long v = strtol(tok, &end, 10);
            return end != tok && !*end && v > UCCI_CAPS[i].cap ? UCCI_CAPS[i].text : NULL;
        }
    for (size_t i = 0; i < sizeof UCCI_CLOCKS / sizeof UCCI_CLOCKS[0]; i++)
        if (!strcmp(key, UCCI_CLOCKS[i])) {
            double v = strtod(tok, &end);
            if (end == tok || *end || !isfinite(v) || v > 1e9) /* the engine refuses it */
                return NULL;
            return millisec ? (v > 2 ? "2" : NULL) : (v > 0.002 ? "0.002" : NULL);
        }
    return NULL;
}

/* The arguments of a UCI or UCCI line, [*from, *last) of vis, as the engine's loop cuts them: proto_split_command
 * drops blanks of every kind (vertical tab, form feed too) around them, where a plain split at spaces and
 * tabs would not. */
static void session_args(const char *vis, size_t *from, size_t *last)
{
    char *copy = strdup(vis), *args;
    if (!copy)
        abort();
    proto_split_command(copy, &args);
    *from = (size_t)(args - copy);
    *last = *from + strlen(args);
    free(copy);
}

/* go's arguments from vis + from on, with capped numbers, into o. UCCI's loop cuts them with
 * proto_split_command, which drops blanks of every kind (vertical tab, form feed too) around them before
 * they are split at spaces and tabs: so the span is taken from that function here, or a line
 * `go nodes 99999999999` ending in a vertical tab kept its count and a batch-mode go searched for minutes. */
static void session_go(Dialect d, const char *vis, size_t from, bool millisec, Buf *o)
{
    char prev[32] = "";
    size_t i = from, last = strlen(vis);
    if (d != DIALECT_XBOARD)
        session_args(vis, &i, &last);
    buf_add(o, vis, i);
    while (i < last) {
        size_t j = i;
        while (j < last && (vis[j] == ' ' || vis[j] == '\t'))
            j++;
        buf_add(o, vis + i, j - i);
        i = j;
        while (j < last && vis[j] != ' ' && vis[j] != '\t')
            j++;
        if (j == i)
            break;
        char *tok = strndup(vis + i, j - i);
        if (!tok)
            abort();
        const char *rep = session_cap(d, prev, tok, millisec);
        buf_str(o, rep ? rep : tok);
        snprintf(prev, sizeof prev, "%s", tok);
        free(tok);
        i = j;
    }
    buf_str(o, vis + last);
}

/* A numeric option value at vis + at (to the end of the line, blanks after it allowed) above cap becomes cap. */
static void session_option_value(const char *vis, size_t at, long cap, Buf *o)
{
    char *end;
    long v = strtol(vis + at, &end, 10);
    const char *rest = end;
    while (isspace((unsigned char)*rest))
        rest++;
    buf_add(o, vis, at);
    if (end != vis + at && !*rest && v > cap) {
        char num[24];
        snprintf(num, sizeof num, "%ld", cap);
        buf_str(o, num);
    } else {
        buf_str(o, vis + at);
    }
}

/* XBoard's commands that size the table or the threads: memory N, cores N, option Hash=N, option Threads=N
 * (and option Clear Hash, which takes time): heavy, and their number capped. */
static void xboard_caps(const char *cmd, const char *vis, size_t args, bool *heavy, long *cap, size_t *value_at)
{
    size_t v = args;
    while (isspace((unsigned char)vis[v]))
        v++;
    if (!strcmp(cmd, "memory") || !strcmp(cmd, "cores")) {
        *heavy = true;
        *cap = !strcmp(cmd, "memory") ? FUZZ_HASH_CAP : FUZZ_THREADS_CAP;
        *value_at = vis[v] ? v : 0;
        return;
    }
    const char *eq = strcmp(cmd, "option") ? NULL : strchr(vis + v, '=');
    if (!eq)
        return;
    char *name = strndup(vis + v, (size_t)(eq - (vis + v)));
    if (!name)
        abort();
    const EngineOption *opt = proto_find_option(name);
    const char *oname = opt ? opt->name : "";
    free(name);
    *heavy = !strcmp(oname, "Hash") || !strcmp(oname, "Threads") || !strcmp(oname, "Clear Hash");
    *cap = !strcmp(oname, "Hash") ? FUZZ_HASH_CAP : !strcmp(oname, "Threads") ? FUZZ_THREADS_CAP : 0;
    *value_at = *cap ? (size_t)(eq + 1 - vis) : 0;
}

typedef struct {
    int heavy;     /* heavy lines so far */
    bool millisec; /* UCCI usemillisec for certain; false where it may be seconds */
    bool busy;     /* UCCI: a go since the last stop, so a search may still run */
} SessionState;

/* One line as the engine will see it (vis: up to the first CR or NUL) into o. */
static void session_line(Dialect d, const char *vis, SessionState *st, Buf *o)
{
    size_t c = 0;
    while (isspace((unsigned char)vis[c])) /* every loop cuts its lines with proto_split_command */
        c++;
    size_t ce = c;
    while (vis[ce] && !isspace((unsigned char)vis[ce]))
        ce++;
    char cmd[16] = "";
    if (ce - c < sizeof cmd)
        memcpy(cmd, vis + c, ce - c), cmd[ce - c] = 0;
    const size_t args = vis[ce] ? ce + 1 : ce; /* one separator, as both loops cut it */
    bool heavy = !strcmp(cmd, "go") || !strcmp(cmd, "bench") || !strcmp(cmd, "ucinewgame");
    long cap = 0;
    size_t value_at = 0;
    bool zero_hash = false;
    if (!strcmp(cmd, "setoption") && d == DIALECT_UCI) {
        /* setoption name <id> [value <x>], cut as cmd_setoption cuts it */
        char *copy = strdup(vis + args);
        char *name = copy ? strstr(copy, "name") : NULL, *value = NULL;
        if (!copy)
            abort();
        if (name) {
            name += 4;
            if ((value = strstr(name, " value "))) {
                *value = 0;
                value += 7;
                while (isspace((unsigned char)*value))
                    value++;
            }
            while (isspace((unsigned char)*name))
                name++;
            for (char *e = name + strlen(name); e > name && isspace((unsigned char)e[-1]);)
                *--e = 0;
            const EngineOption *opt = proto_find_option(name);
            const char *oname = opt ? opt->name : "";
            heavy = !strcmp(oname, "Hash") || !strcmp(oname, "Threads") || !strcmp(oname, "Clear Hash");
            cap = !strcmp(oname, "Hash") ? FUZZ_HASH_CAP : !strcmp(oname, "Threads") ? FUZZ_THREADS_CAP : 0;
            if (value)
                value_at = args + (size_t)(value - copy);
        }
        free(copy);
    } else if (!strcmp(cmd, "setoption")) {
        /* setoption <name> [<value>], cut as ucci.c's cmd_setoption cuts it: the arguments trimmed by the
         * loop (blanks of every kind: `setoption` and 30 form feeds before `hashsize 816` once kept the size
         * uncapped, and the session allocated 816 MiB), the name up to a blank or tab, the value the trimmed
         * rest */
        size_t n0, last;
        session_args(vis, &n0, &last);
        size_t n1 = n0;
        while (n1 < last && vis[n1] != ' ' && vis[n1] != '\t')
            n1++;
        char name[32] = "";
        if (n1 - n0 < sizeof name)
            memcpy(name, vis + n0, n1 - n0), name[n1 - n0] = 0;
        size_t v = n1 < last ? n1 + 1 : last;
        while (v < last && isspace((unsigned char)vis[v]))
            v++;
        heavy = !strcasecmp(name, "hashsize") || !strcasecmp(name, "threads") || !strcasecmp(name, "clearhash") ||
            !strcasecmp(name, "newgame");
        cap = !strcasecmp(name, "hashsize") ? FUZZ_HASH_CAP : !strcasecmp(name, "threads") ? FUZZ_THREADS_CAP : 0;
        if (cap && v < last)
            value_at = v;
        if (!strcasecmp(name, "hashsize") && v < last &&
            vis[v] == '0') { /* 0: the default, 64 MiB; threads 0 takes that path */
            size_t k = v + 1;
            while (isspace((unsigned char)vis[k]))
                k++;
            zero_hash = !vis[k];
        }
        if (!strcasecmp(name, "usemillisec")) {
            char val[16] = "";
            size_t k = 0;
            while (vis[v + k] && k + 1 < sizeof val)
                val[k] = vis[v + k], k++;
            while (k > 0 && isspace((unsigned char)val[k - 1]))
                val[--k] = 0;
            /* the engine refuses setoption while it thinks: with a search perhaps running, the
             * clock unit is milliseconds only if it was and stays so (a clock capped at 2 that
             * the engine read as seconds made a batch-mode go wait 2 s) */
            bool b;
            if (proto_parse_bool(val, &b))
                st->millisec = st->busy ? st->millisec && b : b;
        }
    }
    if (d == DIALECT_XBOARD) {
        heavy = !strcmp(cmd, "new") || !strcmp(cmd, "go") || !strcmp(cmd, "analyze");
        xboard_caps(cmd, vis, args, &heavy, &cap, &value_at);
    }
    if (d == DIALECT_UCCI && (!strcmp(cmd, "go") || !strcmp(cmd, "stop")))
        st->busy = !strcmp(cmd, "go"); /* stop ends a search before the next line is read */
    if (heavy && ++st->heavy > FUZZ_HEAVY_LINES)
        return; /* an empty line */
    if (!strcmp(cmd, "go") && d != DIALECT_XBOARD)
        session_go(d, vis, args, st->millisec, o);
    else if (zero_hash) {
        buf_add(o, vis, value_at);
        buf_str(o, "1");
    } else if (cap && value_at)
        session_option_value(vis, value_at, cap, o);
    else if (!strcmp(cmd, "bench") && d == DIALECT_UCI) {
        /* bench [depth]: one that would run (a depth from 1 or none, nothing after) is dropped: even
         * bench 1 takes 100 ms (40 positions, each after clearing a 16 MiB table) */
        size_t from, last;
        session_args(vis, &from, &last);
        char *copy = strndup(vis + from, last - from), *save = NULL;
        if (!copy)
            abort();
        char *tok = strtok_r(copy, " \t", &save), *extra = tok ? strtok_r(NULL, " \t", &save) : NULL;
        long depth;
        if (!((!tok || proto_parse_long(tok, 1, MAX_DEPTH, &depth)) && !extra))
            buf_str(o, vis);
        free(copy);
    } else
        buf_str(o, vis);
}

/* The whole input, prefix first, rewritten into o. */
static void session_rewrite(Dialect d, const char *prefix, const uint8_t *data, size_t size, Buf *o)
{
    SessionState st = {0, false, false};
    buf_str(o, prefix);
    for (size_t at = 0; at < size;) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t end = nl ? (size_t)(nl - data) : size, vis = at;
        while (vis < end && data[vis] != '\r' && data[vis] != 0)
            vis++;
        char *line = strndup((const char *)data + at, vis - at);
        if (!line)
            abort();
        session_line(d, line, &st, o);
        free(line);
        buf_add(o, (const char *)data + vis, end - vis); /* what the engine cuts off, unchanged */
        if (nl)
            buf_add(o, "\n", 1);
        at = end + 1;
    }
}

/* The engine's output since the last call (NUL-terminated, malloc'd), and an empty file again. */
static char *session_output(size_t *len)
{
    struct stat st;
    if (fflush(stdout) != 0 || fstat(STDOUT_FILENO, &st) != 0)
        abort();
    char *out = malloc((size_t)st.st_size + 1);
    if (!out)
        abort();
    size_t n = 0;
    for (ssize_t got;
         n < (size_t)st.st_size && (got = pread(STDOUT_FILENO, out + n, (size_t)st.st_size - n, (off_t)n)) > 0;)
        n += (size_t)got;
    out[n] = 0;
    *len = n;
    if (ftruncate(STDOUT_FILENO, 0) != 0)
        abort();
    rewind(stdout);
    return out;
}

/* Lines of text (n bytes, NUL bytes possible) beginning with word (whole, or followed by a blank). */
static int session_count(const char *text, size_t n, const char *word)
{
    const size_t w = strlen(word);
    int count = 0;
    for (size_t at = 0; at < n;) {
        const char *nl = memchr(text + at, '\n', n - at);
        size_t end = nl ? (size_t)(nl - text) : n;
        count += end - at >= w && !memcmp(text + at, word, w) && (end - at == w || text[at + w] == ' ');
        at = end + 1;
    }
    return count;
}

typedef struct {
    int isready, go, perft, stop; /* commands the loop reads (perft: a go with a perft token) */
    int ping;                     /* XBoard: pings with a number, each answered by a pong */
} SessionExpect;

enum { SESSION_LINE_MAX = 16384 - 2 }; /* the protocol loops' line buffer: longer lines are dropped whole */

/* What the loop will read of the rewritten session, line by line as proto_read_line and the front end cut it. */
static SessionExpect session_expect(Dialect d, const char *in, size_t n)
{
    SessionExpect e = {0, 0, 0, 0, 0};
    for (size_t at = 0; at < n;) {
        const char *nl = memchr(in + at, '\n', n - at);
        size_t end = nl ? (size_t)(nl - in) : n, vis = at;
        if (end - at > SESSION_LINE_MAX) { /* dropped, all of it, whatever bytes it holds */
            at = end + 1;
            continue;
        }
        while (vis < end && in[vis] != '\r' && in[vis] != 0)
            vis++;
        char *line = strndup(in + at, vis - at);
        if (!line)
            abort();
        char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        char *args = p;
        while (*args && !isspace((unsigned char)*args))
            args++;
        if (*args)
            *args++ = 0;
        bool quit = !strcmp(p, "quit");
        if (d == DIALECT_XBOARD) {
            /* ping's number as cmd_ping reads it: proto_split_command trims the arguments */
            while (isspace((unsigned char)*args))
                args++;
            for (char *last = args + strlen(args); last > args && isspace((unsigned char)last[-1]);)
                *--last = 0;
            int64_t number;
            e.ping += !strcmp(p, "ping") && num_parse_i64(args, INT64_MIN, INT64_MAX, &number) == NUM_OK;
            free(line);
            if (quit)
                break;
            at = end + 1;
            continue;
        }
        e.isready += !strcmp(p, "isready");
        e.stop += !strcmp(p, "stop");
        if (!strcmp(p, "go")) {
            bool perft = false;
            char *save = NULL;
            for (char *t = strtok_r(args, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
                perft |= !strcmp(t, "perft");
            e.perft += perft && d == DIALECT_UCI;
            e.go += !(perft && d == DIALECT_UCI);
        }
        free(line);
        if (quit)
            break;
        at = end + 1;
    }
    return e;
}

/* Run the rewritten input through the protocol loop from memory. */
static void session_run(Dialect d, const char *prefix, const uint8_t *data, size_t size)
{
    Buf in = {NULL, 0, 0};
    session_rewrite(d, prefix, data, size, &in);
    if (in.len == 0) {
        free(in.p);
        return;
    }
    static int echo = -1;
    if (echo < 0)
        echo = getenv("FUZZ_SESSION_ECHO") && !strcmp(getenv("FUZZ_SESSION_ECHO"), "1");
    size_t outlen;
    free(session_output(&outlen)); /* empty */
    FILE *f = fmemopen(in.p, in.len, "r");
    if (!f)
        abort();
    proto_set_input(f);
    /* the prefix's first line (ucci, xboard) is that loop's first command, as main.c's choice hands it on */
    if (d == DIALECT_UCI)
        uci_loop_from(NULL);
    else if (d == DIALECT_UCCI)
        ucci_loop_from(NULL);
    else
        xboard_loop_from(NULL);
    proto_set_input(NULL);
    fclose(f);
    FUZZ_CHECK(!engine_busy(), "a search still runs after the loop ended");
    /* every size the session set was capped (a setoption the harness cut unlike the loop once
     * allocated 816 MiB per session: corpus/ucci/regress-setoption-ff-hashsize) */
    FUZZ_CHECK(tt_size_mb() <= FUZZ_HASH_CAP, "a %zu MiB table: a size escaped the harness's cap", tt_size_mb());
    char *out = session_output(&outlen);
    const SessionExpect e = session_expect(d, in.p, in.len);
    const int readyok = session_count(out, outlen, "readyok");
    const int answers = session_count(out, outlen, "bestmove") + session_count(out, outlen, "nobestmove");
    const int pongs = session_count(out, outlen, "pong");
    const int most = e.go + (d == DIALECT_UCI ? e.perft : e.stop);
    const bool ok = d == DIALECT_XBOARD ? pongs == e.ping : readyok == e.isready && answers >= e.go && answers <= most;
    if (echo || !ok)
        fprintf(stderr, "--- session (%zu bytes)\n%s\n--- output (%zu bytes)\n%s\n---\n", in.len, in.p, outlen, out);
    if (d == DIALECT_XBOARD)
        FUZZ_CHECK(ok, "%d ping with a number, %d pong", e.ping, pongs);
    FUZZ_CHECK(ok, "%d isready, %d readyok; %d go (%d with perft), %d stop; %d bestmove/nobestmove", e.isready, readyok,
               e.go, e.perft, e.stop, answers);
    free(out);
    session_reset();
    free(in.p);
}

#endif
