#define _POSIX_C_SOURCE 200809L
/*
 * datagen.c - `chariot datagen`: self-play games whose positions, labelled
 * with the search's score and the game's result, train a learned
 * evaluation (docs/nnue.md).
 *
 * Each game starts from the start position (or a line of --book) and a few
 * random legal plies, then the engine plays both sides with a fixed budget
 * per move (nodes or depth), from a cleared table and cleared histories, so
 * a game depends only on the seed, the game's index and the settings: game
 * k draws its random plies from a generator seeded by (seed, k). A start
 * whose first search scores beyond --opening-bound is drawn again.
 *
 * Several games at once: the engine's search is one pool with one table per
 * process, so each of --threads workers is a process of its own (fork),
 * with its own table and histories; worker w plays games first + w,
 * first + w + T, ... and sends each finished game through a pipe. The
 * parent appends the games to the file in their order, so the file is the
 * same for any thread count, and then writes the count of complete games
 * into the header. Windows has no fork: there the games are played one at a
 * time in the process itself (workers_start below), which writes the same file.
 * A run that is stopped (Ctrl-C, SIGTERM, kill -9) leaves
 * whole games counted in the header; the same command again cuts what lies
 * past them and goes on with the next game. The readers of a data file
 * (--dump, --pgn, --convert) are in datagen_read.c.
 */
#include "datagen.h"
#include "datagen_read.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#ifndef _WIN32
#include <poll.h>
#include <sys/wait.h>
#endif
#ifdef __linux__
#include <sys/prctl.h>
#endif
#ifndef O_BINARY
#define O_BINARY 0 /* Windows opens files as text unless told */
#endif

#include "chain.h"
#include "datagen_format.h"
#include "engine.h"
#include "numparse.h"
#include "timeman.h"

enum {
    DG_DEFAULT_NODES = GAME_DATAGEN_NODES, /* the game's measured best budget a move */
    DG_DEFAULT_GAMES = 100,
    DG_DEFAULT_HASH_MB = 16,
    DG_DEFAULT_MAX_PLIES = 400,     /* a longer game is a draw */
    DG_DEFAULT_MAX_SCORE = 2000,    /* positions scored beyond this are not kept (decided) */
    DG_DEFAULT_OPENING_BOUND = 800, /* a start whose first search scores beyond this is drawn again */
    DG_OPENING_TRIES = 100,         /* then the last start is played whatever it scores */
    DG_WIN_SCORE = 1000,            /* adjudication: a win after DG_WIN_PLIES plies all beyond this, one side's */
    DG_WIN_PLIES = 8,
    DG_DRAW_SCORE = 10, /* a draw after DG_DRAW_PLIES plies all within this, from ply DG_DRAW_AFTER */
    DG_DRAW_PLIES = 12,
    DG_DRAW_AFTER = 80,
    DG_MAX_THREADS = 64,
    DG_PROGRESS_MS = 5000,
};

typedef struct {
    const char *out;
    int64_t games, positions; /* targets: whole file; 0 none */
    uint64_t seed;
    int64_t nodes;
    int depth, threads, random_plies, hash_mb, max_plies, max_score, opening_bound;
    bool quiet;
    char eval[32]; /* "" the fitted evaluation, else "net-CHECKSUM": which evaluation plays (--eval) */
    /* the book: FENs, one a line */
    char **book;
    int book_count;
    uint64_t book_hash;
} Settings;

/* Random plies before the engine plays, unless --random-plies says: 8 in chess, as many engines' data
 * generators start; 6 in xiangqi, whose positions offer about 40 legal moves, where a random move more
 * often leaves a rook or cannon to be taken at once. A first choice, to be measured with the budget. */
static int default_random_plies(void) { return strcmp(GAME_NAME, "xiangqi") ? 8 : 6; }

/* What a worker sends for each game, then the game's `bytes` bytes in the compact format (chain.h). */
typedef struct {
    uint64_t index;
    uint64_t nodes;
    uint32_t records; /* its positions that datagen's filters keep (chain_keep) */
    uint32_t plies;   /* the engine's, after the random plies */
    uint32_t result;  /* GameResult */
    uint32_t bytes;
} GameHead;

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig) { stop_signal = sig; }

/* --- Random numbers: splitmix64, one stream per game. --- */
static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t game_seed(uint64_t seed, uint64_t index)
{
    uint64_t s = seed;
    uint64_t a = rng_next(&s);
    s = a ^ (index * 0xD1B54A32D192ED03ull);
    return rng_next(&s);
}

/* --- The book. --- */
static uint64_t fnv1a(uint64_t h, const char *text)
{
    for (; *text; text++)
        h = (h ^ (unsigned char)*text) * 0x100000001B3ull;
    return h;
}

static void book_free(Settings *s)
{
    for (int i = 0; i < s->book_count; i++)
        free(s->book[i]);
    free(s->book);
    s->book = NULL;
    s->book_count = 0;
}

/* One FEN a line (EPD's four fields are enough); text after '#' and EPD operations after the FEN are ignored,
 * as are empty lines. Each FEN is checked; a bad one names its line. */
static bool book_load(Settings *s, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot read the book %s: %s\n", path, strerror(errno));
        return false;
    }
    static Position check;
    char line[1024];
    int lineno = 0, cap = 0;
    s->book_hash = 0xCBF29CE484222325ull;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        /* the first six fields, or four (EPD) if six do not make a FEN */
        char fields[6][128];
        int n = 0, used = 0;
        while (n < 6 && sscanf(line + used, "%127s", fields[n]) == 1) {
            char *at = strstr(line + used, fields[n]);
            used = (int)(at - line) + (int)strlen(fields[n]);
            n++;
        }
        if (n == 0)
            continue;
        char fen[800] = "", err[160] = "";
        bool parsed = false;
        for (int want = n >= 6 ? 6 : n; want >= 4 && !parsed; want -= 2) {
            fen[0] = '\0';
            for (int i = 0; i < want; i++)
                snprintf(fen + strlen(fen), sizeof fen - strlen(fen), "%s%s", i ? " " : "", fields[i]);
            parsed = pos_set_fen(&check, fen, err, sizeof err);
        }
        if (!parsed) {
            fprintf(stderr, GAME_PROGRAM " datagen: %s line %d: not a %s FEN: %s\n", path, lineno, GAME_NAME, err);
            ok = false;
            break;
        }
        if (s->book_count == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(s->book, (size_t)cap * sizeof *grown);
            if (!grown) {
                ok = false;
                break;
            }
            s->book = grown;
        }
        size_t len = strlen(fen) + 1;
        s->book[s->book_count] = malloc(len);
        if (!s->book[s->book_count]) {
            ok = false;
            break;
        }
        memcpy(s->book[s->book_count++], fen, len);
        s->book_hash = fnv1a(fnv1a(s->book_hash, fen), "\n");
    }
    fclose(f);
    if (ok && s->book_count == 0) {
        fprintf(stderr, GAME_PROGRAM " datagen: the book %s holds no position\n", path);
        ok = false;
    }
    if (!ok)
        book_free(s);
    return ok;
}

/* The settings that decide the file's content, as text (the header keeps it; a resumed run must match it). */
static void settings_text(const Settings *s, char *buf, size_t len)
{
    char book[64] = "none";
    if (s->book_count)
        snprintf(book, sizeof book, "%d-fnv%016" PRIx64, s->book_count, s->book_hash);
    snprintf(buf, len,
             "seed=%" PRIu64 " nodes=%" PRId64 " depth=%d random-plies=%d book=%s hash=%d max-plies=%d max-score=%d "
             "opening-bound=%d win=%dx%d draw=%dx%d@%d filters=check,noisy,random-plies",
             s->seed, s->nodes, s->depth, s->random_plies, book, s->hash_mb, s->max_plies, s->max_score,
             s->opening_bound, DG_WIN_SCORE, DG_WIN_PLIES, DG_DRAW_SCORE, DG_DRAW_PLIES, DG_DRAW_AFTER);
    if (s->eval[0]) /* the fitted evaluation adds nothing: files written before nets existed go on */
        snprintf(buf + strlen(buf), len - strlen(buf), " eval=%s", s->eval);
}

/* --eval: "fitted", "embedded" or a net file; the searches of every worker use it (they are forked after). */
static bool choose_eval(Settings *s, const char *what)
{
    char err[256];
    if (what && !strcmp(what, "fitted"))
        engine_use_net(false);
    else if (what && !engine_load_net(what, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " datagen: --eval %s: %s\n", what, err);
        return false;
    }
    uint32_t sum;
    s->eval[0] = 0;
    if (engine_net_checksum(&sum))
        snprintf(s->eval, sizeof s->eval, "net-%08x", sum);
    return true;
}

/* --- One game. --- */

/* The start of game `index`: a book line (or the start position) and random legal plies that neither end the
 * game nor leave a side without a move, the game's first moves in g (without scores); the book line's FEN
 * in fen. false only if no such start was found. */
static bool game_start(const Settings *s, uint64_t *rng, Position *pos, ChainGame *g, char fen[CHAIN_FEN_MAX + 1])
{
    for (int attempt = 0; attempt < 1000; attempt++) {
        const char *line = s->book_count ? s->book[rng_next(rng) % (uint64_t)s->book_count] : GAME_STARTPOS;
        char err[160];
        if (!pos_set_fen(pos, line, err, sizeof err))
            return false;
        char text[256];
        pos_get_fen(pos, text, sizeof text);
        if (strlen(text) > CHAIN_FEN_MAX)
            return false;
        memcpy(fen, text, strlen(text) + 1);
        g->start_fen = s->book_count ? fen : NULL;
        g->start_ply = 0;
        g->count = 0;
        bool ok = true;
        for (int i = 0; ok && i < s->random_plies; i++) {
            Move list[MAX_MOVES];
            int n = gen_legal(pos, list);
            if (n == 0) {
                ok = false;
                break;
            }
            const Move m = list[rng_next(rng) % (uint64_t)n];
            g->moves[g->count] = m;
            g->scores[g->count++] = CHAIN_NO_SCORE;
            pos_make(pos, m);
            pos_trim_history(pos);
            ok = game_judge(pos, err, sizeof err) == GAME_ONGOING;
        }
        Move list[MAX_MOVES];
        if (ok && gen_legal(pos, list) > 0)
            return true;
    }
    return false;
}

static bool score_known(Score v) { return v > -SCORE_INF && v < SCORE_INF; }

/* Plays game `index` into g (its start, every move with its score, its result); the count of its positions
 * datagen's filters keep, the nodes, the plies and the result to *head. false if no start could be set up. */
static bool game_play(const Settings *s, uint64_t index, Position *pos, ChainGame *g, GameHead *head)
{
    static char fen[CHAIN_FEN_MAX + 1];
    uint64_t rng = game_seed(s->seed, index);
    SearchLimits limits;
    search_limits_init(&limits);
    limits.nodes = (uint64_t)s->nodes;
    limits.depth = s->depth;
    memset(head, 0, sizeof *head);
    head->index = index;
    GameResult result = GAME_ONGOING;
    int nrec = 0, tries = 0;
    if (!game_start(s, &rng, pos, g, fen))
        return false;
    engine_new_game();
    int ply = s->random_plies, played = 0, win_run = 0, win_sign = 0, draw_run = 0;
    for (;;) {
        char why[160];
        result = game_judge(pos, why, sizeof why);
        if (result != GAME_ONGOING)
            break;
        if (played >= s->max_plies) {
            result = GAME_DRAWN;
            break;
        }
        const Move best = engine_search(pos, &limits, NULL);
        const Score v = engine_root_score();
        head->nodes += engine_nodes();
        const Color stm = pos_side(pos);
        if (best == MOVE_NONE) { /* game_judge said the game goes on: cannot happen; judged as no move */
            const Score none = game_no_move_score(pos, 0);
            result = none == 0 ? GAME_DRAWN : stm == COLOR_FIRST ? GAME_SECOND_WINS : GAME_FIRST_WINS;
            break;
        }
        if (played == 0 && s->opening_bound && score_known(v) && abs(v) > s->opening_bound &&
            ++tries < DG_OPENING_TRIES) { /* a lopsided start: draw another */
            if (!game_start(s, &rng, pos, g, fen))
                return false;
            engine_new_game();
            continue;
        }
        nrec += chain_keep(pos, best, v, s->max_score);
        g->moves[g->count] = best;
        g->scores[g->count++] = v;
        /* Adjudication, on the first mover's view of the score. */
        const int first = stm == COLOR_FIRST ? v : -v;
        const int sign = first > 0 ? 1 : -1;
        if (score_known(v) && abs(first) >= DG_WIN_SCORE) {
            win_run = sign == win_sign ? win_run + 1 : 1;
            win_sign = sign;
        } else {
            win_run = 0;
        }
        draw_run = score_known(v) && abs(first) <= DG_DRAW_SCORE && ply >= DG_DRAW_AFTER ? draw_run + 1 : 0;
        pos_make(pos, best);
        pos_trim_history(pos);
        ply++;
        played++;
        if (win_run >= DG_WIN_PLIES) {
            result = win_sign > 0 ? GAME_FIRST_WINS : GAME_SECOND_WINS;
            break;
        }
        if (draw_run >= DG_DRAW_PLIES) {
            result = GAME_DRAWN;
            break;
        }
    }
    g->result = result;
    head->records = (uint32_t)nrec;
    head->plies = (uint32_t)played;
    head->result = (uint32_t)result;
    return true;
}

/* Plays game `index` and writes it in the compact format into bytes (room for CHAIN_MAX_GAME_BYTES), its
 * length in head->bytes. false if no start could be set up, or the game could not be stored (which would be
 * a fault of this program: it says which). */
static bool game_bytes(const Settings *s, uint64_t index, GameHead *head, uint8_t *bytes)
{
    static Position pos, scratch; /* static: a Position is large for a stack */
    static ChainGame game;
    char err[160];
    if (!game_play(s, index, &pos, &game, head))
        return false;
    const size_t n = chain_encode(&game, &scratch, bytes, err, sizeof err);
    if (!n) {
        fprintf(stderr, GAME_PROGRAM " datagen: game %" PRIu64 " cannot be stored: %s\n", index + 1, err);
        return false;
    }
    head->bytes = (uint32_t)n;
    return true;
}

/* --- Pipes and the file. --- */
/* At most this much a read or write call (Windows counts their bytes in an unsigned int). */
static unsigned io_chunk(size_t n) { return n < (1u << 30) ? (unsigned)n : 1u << 30; }

static bool write_full(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, io_chunk(n));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Reads n bytes; false at the end of input, on an error, or when a stop signal came. */
static bool read_full(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n) {
        ssize_t r = read(fd, p, io_chunk(n));
        if (r < 0 && errno == EINTR && !stop_signal)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

#ifndef _WIN32
/* A worker: games first, first + step, ... below `limit` (0: no limit), each sent whole through fd. */
static void worker_run(const Settings *s, uint64_t first, uint64_t step, uint64_t limit, int fd)
{
    uint8_t *bytes = malloc(CHAIN_MAX_GAME_BYTES);
    if (!bytes)
        _exit(3);
    for (uint64_t k = first; limit == 0 || k < limit; k += step) {
        GameHead head;
        if (!game_bytes(s, k, &head, bytes))
            _exit(4);
        if (!write_full(fd, &head, sizeof head) || !write_full(fd, bytes, head.bytes))
            _exit(5);
    }
    free(bytes);
    _exit(0);
}
#endif

/* Opens (or creates) the output file and reads where it stands; the header's settings must be these. -1 on
 * failure, with *status 2 when the file given is not this run's (another format, game or settings), else 1. */
static int open_output(const Settings *s, const char *settings, ChainHeader *h, int *status)
{
    *status = 1;
    int fd = open(s->out, O_RDWR | O_CREAT | O_BINARY, 0644);
    if (fd < 0) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot open %s: %s\n", s->out, strerror(errno));
        return -1;
    }
    struct stat st;
    uint8_t raw[CHAIN_HEADER_SIZE];
    if (fstat(fd, &st) == 0 && st.st_size == 0) {
        chain_header_init(h, s->seed, s->max_score, settings);
        chain_header_write(h, raw);
        if (!write_full(fd, raw, sizeof raw)) {
            fprintf(stderr, GAME_PROGRAM " datagen: cannot write %s: %s\n", s->out, strerror(errno));
            close(fd);
            return -1;
        }
        return fd;
    }
    const char *why = "";
    if (!read_full(fd, raw, sizeof raw)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s is not empty and too short for a header: not overwritten\n", s->out);
        *status = 2;
        close(fd);
        return -1;
    }
    if (!memcmp(raw, DG_MAGIC, 8)) {
        fprintf(stderr,
                GAME_PROGRAM " datagen: %s holds records of the older format, which datagen no longer appends to: "
                             "not overwritten (datagen --convert %s NEW makes a compact copy)\n",
                s->out, s->out);
        *status = 2;
        close(fd);
        return -1;
    }
    if (!chain_header_read(raw, h, &why)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s: %s: not overwritten\n", s->out, why);
        *status = 2;
        close(fd);
        return -1;
    }
    if (strcmp(h->settings, settings)) {
        fprintf(stderr,
                GAME_PROGRAM " datagen: %s was written with other settings; to go on with it, use them again:\n"
                             "  file: %s\n  now:  %s\n",
                s->out, h->settings, settings);
        *status = 2;
        close(fd);
        return -1;
    }
    /* Whatever lies past the complete games (a game cut short by a kill) is cut. */
    if (fstat(fd, &st) != 0 || st.st_size < CHAIN_HEADER_SIZE ||
        h->bytes > (uint64_t)(st.st_size - CHAIN_HEADER_SIZE)) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s is shorter than its header says (%" PRIu64 " bytes of games)\n",
                s->out, h->bytes);
        close(fd);
        return -1;
    }
    const off_t keep = (off_t)(CHAIN_HEADER_SIZE + h->bytes);
    if (st.st_size > keep && ftruncate(fd, keep) != 0) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot cut %s back to its complete games: %s\n", s->out,
                strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

static bool header_update(int fd, const ChainHeader *h)
{
    uint8_t raw[CHAIN_HEADER_SIZE];
    chain_header_write(h, raw);
    /* At the start and back to the end (where the games are appended): pwrite is not everywhere (Windows). */
    const bool ok = lseek(fd, 0, SEEK_SET) == 0 && write_full(fd, raw, sizeof raw);
    return lseek(fd, 0, SEEK_END) >= 0 && ok;
}

static bool target_reached(const Settings *s, const ChainHeader *h)
{
    return (s->games && h->games >= (uint64_t)s->games) || (s->positions && h->positions >= (uint64_t)s->positions);
}

static void format_duration(double seconds, char *buf, size_t len)
{
    long t = seconds < 0 ? 0 : seconds > 3.6e8 ? 360000000L : (long)(seconds + 0.5);
    snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

static void progress(const Settings *s, const ChainHeader *h, uint64_t positions, uint64_t games, int64_t ms)
{
    const double secs = (double)(ms > 0 ? ms : 1) / 1000.0;
    char left[32] = "?";
    double fraction = 0;
    if (s->games && games)
        fraction = (double)games / (double)(games + ((uint64_t)s->games - h->games));
    else if (s->positions && positions)
        fraction = (double)positions / (double)(positions + ((uint64_t)s->positions - h->positions));
    if (fraction > 0)
        format_duration(secs / fraction - secs, left, sizeof left);
    fprintf(stderr,
            "datagen: %" PRIu64 " positions (%.0f/s), %" PRIu64 " games; in the file %" PRIu64 " positions, %" PRIu64
            " games; %s left\n",
            positions, (double)positions / secs, games, h->positions, h->games, left);
}

/* --- The workers: forked processes that send their games through pipes; on Windows, this process. --- */
typedef struct {
    int count; /* started */
    int threads;
    uint64_t first;
#ifndef _WIN32
    pid_t pids[DG_MAX_THREADS];
    int fds[DG_MAX_THREADS];
#endif
} Workers;

/* Starts up to `threads` workers on the games from `first` below `limit` (0: none); false unless all started. */
static bool workers_start(Workers *w, const Settings *s, int fd, uint64_t first, int threads, uint64_t limit)
{
    w->count = 0;
    w->first = first;
#ifndef _WIN32
    w->threads = threads;
    for (int i = 0; i < threads; i++) {
        int p[2];
        if (pipe(p) != 0)
            break;
        pid_t pid = fork();
        if (pid < 0) {
            close(p[0]);
            close(p[1]);
            break;
        }
        if (pid == 0) {
#ifdef __linux__
            prctl(PR_SET_PDEATHSIG, SIGTERM); /* a parent killed outright takes its workers with it */
            if (getppid() == 1)
                _exit(6);
#endif
            signal(SIGINT, SIG_DFL);
            signal(SIGTERM, SIG_DFL);
            signal(SIGHUP, SIG_DFL);
            close(p[0]);
            close(fd);
            for (int k = 0; k < w->count; k++)
                close(w->fds[k]);
            worker_run(s, first + (uint64_t)i, (uint64_t)threads, limit, p[1]);
        }
        close(p[1]);
        w->pids[w->count] = pid;
        w->fds[w->count++] = p[0];
    }
    return w->count == threads;
#else
    (void)s, (void)fd, (void)limit;
    if (threads > 1 && !s->quiet)
        fprintf(stderr, "datagen: Windows has no fork: the games are played one at a time (the same file)\n");
    w->threads = w->count = 1;
    return true;
#endif
}

/* Game k (the next in order) into *head and recs: 1 when it came, 0 when a stop signal came first, -1 when
 * its worker failed. Progress lines meanwhile, every DG_PROGRESS_MS, through report(). */
static int workers_next(Workers *w, const Settings *s, uint64_t k, GameHead *head, uint8_t *bytes,
                        void (*report)(void *), void *ctx)
{
#ifndef _WIN32
    const int i = (int)((k - w->first) % (uint64_t)w->threads);
    struct pollfd pf = {w->fds[i], POLLIN, 0};
    for (;;) {
        if (stop_signal)
            return 0;
        report(ctx);
        if (poll(&pf, 1, DG_PROGRESS_MS / 10) > 0)
            break;
    }
    if (!read_full(w->fds[i], head, sizeof *head) || head->index != k || head->records > (uint32_t)s->max_plies ||
        head->bytes > CHAIN_MAX_GAME_BYTES || !read_full(w->fds[i], bytes, head->bytes))
        return stop_signal ? 0 : -1;
    return 1;
#else
    (void)w;
    report(ctx);
    if (stop_signal)
        return 0;
    return game_bytes(s, k, head, bytes) ? 1 : -1;
#endif
}

static void workers_end(Workers *w)
{
#ifndef _WIN32
    for (int i = 0; i < w->count; i++) {
        kill(w->pids[i], SIGTERM);
        close(w->fds[i]);
    }
    for (int i = 0; i < w->count; i++)
        waitpid(w->pids[i], NULL, 0);
#endif
    w->count = 0;
}

static void catch_stop_signals(void)
{
#ifndef _WIN32
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: a signal ends the waits */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
#else
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
#endif
}

/* The progress line's state: what this run added, against the file's header. */
typedef struct {
    const Settings *s;
    const ChainHeader *h;
    uint64_t positions, games;
    int64_t t0, next_report;
} Progress;

static void progress_due(void *ctx)
{
    Progress *p = ctx;
    const int64_t now = time_now_ms();
    if (now < p->next_report)
        return;
    if (!p->s->quiet)
        progress(p->s, p->h, p->positions, p->games, now - p->t0);
    p->next_report = now + DG_PROGRESS_MS;
}

/* The output open at its end, its header in *h and the table allocated: the descriptor, or -1 with *status
 * (0 when the file already holds what was asked for). */
static int generate_open(Settings *s, ChainHeader *h, int *status)
{
    char settings[CHAIN_SETTINGS_MAX];
    settings_text(s, settings, sizeof settings);
    *status = 1;
    int fd = open_output(s, settings, h, status);
    if (fd < 0)
        return -1;
    if (target_reached(s, h)) {
        printf("datagen: %s already holds %" PRIu64 " positions of %" PRIu64 " games: nothing to do\n", s->out,
               h->positions, h->games);
        *status = 0;
    } else if (lseek(fd, 0, SEEK_END) < 0) {
        *status = 1;
    } else if (!tt_resize((size_t)s->hash_mb)) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot allocate a %d MiB table\n", s->hash_mb);
        *status = 1;
    } else {
        return fd;
    }
    close(fd);
    return -1;
}

/* One game's bytes appended and the header brought up to date: false (with a message) when a write fails. */
static bool append_game(int fd, const Settings *s, ChainHeader *h, const GameHead *head, const uint8_t *bytes)
{
    if (!write_full(fd, bytes, head->bytes)) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot write %s: %s\n", s->out, strerror(errno));
        return false;
    }
    h->games++;
    h->positions += head->records;
    h->bytes += head->bytes;
    h->plies += head->plies + (uint64_t)s->random_plies;
    if (!header_update(fd, h)) {
        fprintf(stderr, GAME_PROGRAM " datagen: cannot update the header of %s: %s\n", s->out, strerror(errno));
        return false;
    }
    return true;
}

/* What this run added, for its closing lines. */
typedef struct {
    uint64_t nodes, plies, results[4];
    int workers;
} RunTotals;

static void report_run(const Settings *s, const ChainHeader *h, const Progress *prog, const RunTotals *t)
{
    const int64_t ms = time_now_ms() - prog->t0;
    const double secs = (double)(ms > 0 ? ms : 1) / 1000.0;
    if (stop_signal)
        fprintf(stderr,
                "datagen: stopped by a signal; %s holds %" PRIu64 " positions of %" PRIu64
                " complete games; the same command goes on from there\n",
                s->out, h->positions, h->games);
    printf("datagen: %" PRIu64 " positions of %" PRIu64 " games in %.1f s: %.0f positions/s, %.0f nodes/s, %d "
           "workers; %s holds %" PRIu64 " positions of %" PRIu64 " games\n",
           prog->positions, prog->games, secs, (double)prog->positions / secs, (double)t->nodes / secs, t->workers,
           s->out, h->positions, h->games);
    if (prog->games)
        printf("datagen: results %" PRIu64 " %s, %" PRIu64 " %s, %" PRIu64 " %s; %.1f plies a game after the random "
               "ones, %.1f positions kept a game\n",
               t->results[GAME_FIRST_WINS], game_result_str(GAME_FIRST_WINS), t->results[GAME_DRAWN],
               game_result_str(GAME_DRAWN), t->results[GAME_SECOND_WINS], game_result_str(GAME_SECOND_WINS),
               (double)t->plies / (double)prog->games, (double)prog->positions / (double)prog->games);
}

/* The games in order from the workers into the file until the target, a stop signal or a failure. */
static int generate(Settings *s)
{
    ChainHeader h;
    int status;
    const int fd = generate_open(s, &h, &status);
    if (fd < 0)
        return status;
    fflush(NULL);
    catch_stop_signals();
    const uint64_t first = h.games;
    const uint64_t limit = s->games ? (uint64_t)s->games : 0;
    const int threads = s->games && (uint64_t)s->threads > limit - first ? (int)(limit - first) : s->threads;
    static Workers workers; /* static: it holds a Position, large for a stack */
    int rc = 0;
    if (!workers_start(&workers, s, fd, first, threads, limit)) {
        fprintf(stderr, GAME_PROGRAM " datagen: could not start %d workers (%d started): %s\n", threads, workers.count,
                strerror(errno));
        rc = 1;
    }
    RunTotals totals = {0, 0, {0, 0, 0, 0}, workers.count};
    Progress prog = {s, &h, 0, 0, time_now_ms(), time_now_ms() + DG_PROGRESS_MS};
    uint8_t *bytes = malloc(CHAIN_MAX_GAME_BYTES);
    if (!bytes)
        rc = 1;
    for (uint64_t k = first; rc == 0 && !target_reached(s, &h); k++) {
        GameHead head;
        const int got = workers_next(&workers, s, k, &head, bytes, progress_due, &prog);
        if (got < 0)
            fprintf(stderr, GAME_PROGRAM " datagen: worker %d ended before game %" PRIu64 " was sent\n",
                    (int)((k - first) % (uint64_t)threads) + 1, k + 1);
        if (got <= 0 || !append_game(fd, s, &h, &head, bytes)) {
            rc = got == 0 ? 0 : 1;
            break;
        }
        prog.positions += head.records;
        prog.games++;
        totals.nodes += head.nodes;
        totals.plies += head.plies;
        totals.results[head.result & 3]++;
    }
    free(bytes);
    workers_end(&workers);
    close(fd);
    report_run(s, &h, &prog, &totals);
    return stop_signal ? 1 : rc;
}

/* --- The command line. --- */
static void datagen_usage(FILE *out)
{
    fprintf(out,
            "usage: chariot datagen --out FILE [--games N | --positions N] [--nodes N | --depth D] [--threads T]\n"
            "                       [--seed S] [--random-plies N] [--book FILE] [--hash MB] [--max-plies N]\n"
            "                       [--max-score CP] [--opening-bound CP] [--eval fitted|embedded|NET] [--quiet]\n"
            "       chariot datagen --dump FILE [N]\n"
            "       chariot datagen --convert OLD NEW\n"
            "       chariot datagen --pgn FILE [N]\n"
            "Self-play games whose positions (search score, game result) train a learned evaluation\n"
            "(docs/nnue.md). Defaults: --games %d (when no --positions), --nodes %d, --threads 1, --seed 1,\n"
            "--random-plies %d, --hash %d, --max-plies %d, --max-score %d, --opening-bound %d (0: off), --eval:\n"
            "the evaluation this build plays with (its embedded net, or the fitted one where it has none).\n"
            "The same command again goes on where an interrupted run stopped; the file is the same for the\n"
            "same seed and settings, whatever the thread count. The file is in the compact format (about 3\n"
            "bytes a position: each game's moves and scores). --dump prints the positions kept as FEN; score;\n"
            "result; ply; move, from either format; --convert copies a file of the older record format (36 or\n"
            "32 bytes a position) into a new compact file; --pgn prints the games of a compact file as PGN,\n"
            "each move with the search's score ({+35}: centipawns, the mover's view).\n",
            DG_DEFAULT_GAMES, DG_DEFAULT_NODES, default_random_plies(), DG_DEFAULT_HASH_MB, DG_DEFAULT_MAX_PLIES,
            DG_DEFAULT_MAX_SCORE, DG_DEFAULT_OPENING_BOUND);
}

static bool parse_num(const char *opt, const char *text, int64_t min, int64_t max, int64_t *out)
{
    NumStatus st = num_parse_i64(text ? text : "", min, max, out);
    if (st != NUM_OK) {
        fprintf(stderr, GAME_PROGRAM " datagen: %s needs a whole number from %" PRId64 " to %" PRId64 "; '%s' %s\n",
                opt, min, max, text ? text : "", num_status_text(st));
        return false;
    }
    return true;
}

int datagen_main(int argc, char **argv)
{
    Settings s = {.seed = 1,
                  .nodes = 0,
                  .threads = 1,
                  .random_plies = default_random_plies(),
                  .hash_mb = DG_DEFAULT_HASH_MB,
                  .max_plies = DG_DEFAULT_MAX_PLIES,
                  .max_score = DG_DEFAULT_MAX_SCORE,
                  .opening_bound = DG_DEFAULT_OPENING_BOUND};
    const char *book = NULL, *eval = NULL;
    /* The numeric options: each sets a 64-bit or an int field of the settings. */
    const struct {
        const char *name;
        int64_t min, max;
        int64_t *wide;
        int *narrow;
    } opts[] = {
        {"--games", 1, INT64_MAX, &s.games, NULL},
        {"--positions", 1, INT64_MAX, &s.positions, NULL},
        {"--nodes", 1, 1000000000, &s.nodes, NULL},
        {"--depth", 1, MAX_DEPTH, NULL, &s.depth},
        {"--threads", 1, DG_MAX_THREADS, NULL, &s.threads},
        {"--random-plies", 0, 100, NULL, &s.random_plies},
        {"--hash", 1, 65536, NULL, &s.hash_mb},
        {"--max-plies", 1, 1000, NULL, &s.max_plies},
        {"--max-score", 0, 30000, NULL, &s.max_score},
        {"--opening-bound", 0, 30000, NULL, &s.opening_bound},
    };
    const int nopts = (int)(sizeof opts / sizeof opts[0]);
    /* the readers: --dump FILE [N], --pgn FILE [N], --convert OLD NEW */
    const bool dumping = argc >= 1 && !strcmp(argv[0], "--dump"), printing = argc >= 1 && !strcmp(argv[0], "--pgn");
    if (dumping || printing) {
        int64_t limit = 0;
        if (argc < 2 || argc > 3) {
            fprintf(stderr, GAME_PROGRAM " datagen: %s takes a file and at most a count\n", argv[0]);
            return 2;
        }
        if (argc == 3 && !parse_num(dumping ? "--dump N" : "--pgn N", argv[2], 1, INT64_MAX, &limit))
            return 2;
        return dumping ? datagen_dump(argv[1], limit) : datagen_pgn(argv[1], limit);
    }
    if (argc >= 1 && !strcmp(argv[0], "--convert")) {
        if (argc != 3) {
            fprintf(stderr, GAME_PROGRAM " datagen: --convert takes a record file and the new file's name\n");
            return 2;
        }
        return datagen_convert(argv[1], argv[2], DG_DEFAULT_MAX_SCORE);
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t n = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            datagen_usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--quiet")) {
            s.quiet = true;
            continue;
        }
        if (!v) {
            fprintf(stderr, GAME_PROGRAM " datagen: %s\n",
                    strncmp(a, "--", 2) ? "unexpected argument" : "option needs a value");
            fprintf(stderr, "  at '%s' (chariot datagen --help)\n", a);
            return 2;
        }
        i++;
        if (!strcmp(a, "--out")) {
            s.out = v;
        } else if (!strcmp(a, "--book")) {
            book = v;
        } else if (!strcmp(a, "--eval")) {
            eval = v;
        } else if (!strcmp(a, "--seed")) {
            if (!parse_num(a, v, 0, INT64_MAX, &n))
                return 2;
            s.seed = (uint64_t)n;
        } else {
            int k = 0;
            while (k < nopts && strcmp(a, opts[k].name))
                k++;
            if (k == nopts) {
                fprintf(stderr, GAME_PROGRAM " datagen: unknown option '%s' (chariot datagen --help)\n", a);
                return 2;
            }
            if (!parse_num(a, v, opts[k].min, opts[k].max, &n))
                return 2;
            if (opts[k].wide)
                *opts[k].wide = n;
            else
                *opts[k].narrow = (int)n; /* max fits an int */
        }
    }
    if (!s.out) {
        fprintf(stderr, GAME_PROGRAM " datagen: --out FILE is needed (chariot datagen --help)\n");
        return 2;
    }
    if (s.games && s.positions) {
        fprintf(stderr, GAME_PROGRAM " datagen: --games and --positions are two targets; give one\n");
        return 2;
    }
    if (!s.games && !s.positions)
        s.games = DG_DEFAULT_GAMES;
    if (!s.nodes && !s.depth)
        s.nodes = DG_DEFAULT_NODES;
    if (!choose_eval(&s, eval))
        return 2;
    if (book && !book_load(&s, book))
        return 2;
    int rc = generate(&s);
    book_free(&s);
    return rc;
}
