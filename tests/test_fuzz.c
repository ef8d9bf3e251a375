#define _POSIX_C_SOURCE 200809L
/*
 * test_fuzz.c - sessions of random command lines for both protocols through
 * the real binary. The lines have the shapes of real commands (position with
 * a damaged FEN, or legal moves with now and then a bad one; go with odd
 * limits; setoption with odd values, a 1 TiB table among them, which must
 * fail and keep the old one; commands during a search; stop and ponderhit at
 * any time), drawn from a fixed seed so a failure can be replayed. After
 * every few lines the engine must still answer isready; at the end it must
 * quit with exit code 0 (under `make test-san` and `make test-tsan`, whose
 * sanitizer options let a huge allocation fail as libc's does, a sanitizer
 * report makes the exit code non-zero).
 * Searches are kept small (depth, nodes, time), so that a search started in
 * UCCI batch mode, which reads nothing until it ends, ends within the wait.
 */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "protocol.h"

enum { FUZZ_LINES = 160, FUZZ_CHECK_EVERY = 8, FUZZ_WAIT_MS = 20000 };

static unsigned fuzz_next(uint64_t *r, unsigned n) /* 0 .. n-1, xorshift64* */
{
    *r ^= *r >> 12;
    *r ^= *r << 25;
    *r ^= *r >> 27;
    return (unsigned)((*r * 2685821657736338717ULL) >> 33) % n;
}

#define PICK(r, arr) (arr)[fuzz_next(r, sizeof(arr) / sizeof((arr)[0]))]

static const char *const FENS[] = {
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
    "4k4/9/9/9/9/9/9/9/9/4K4 w",
    "3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
    "r2ckabC1/4a4/4R2R1/p1n1p4/1Pp3P1p/5C1NP/2P1P4/2N1B4/4K4/5AB2 w - - 0 1",
};
static const char *const NUMBERS[] = {"0",           "1",          "2", "5",   "-3",  "100",
                                      "99999999999", "2147483648", "x", "1e3", "3.5", ""};

/* Up to four characters of s replaced, inserted or deleted. */
static void fuzz_damage(uint64_t *r, char *s, size_t len)
{
    static const char CHARS[] = "rnbakcpRNBAKCPHE/0123456789 wb-x";
    for (unsigned k = fuzz_next(r, 5); k > 0; k--) {
        size_t n = strlen(s), i = fuzz_next(r, (unsigned)n + 1);
        char c = CHARS[fuzz_next(r, sizeof CHARS - 1)];
        switch (fuzz_next(r, 3)) {
        case 0:
            if (i < n)
                s[i] = c;
            break;
        case 1:
            if (n + 2 < len) {
                memmove(s + i + 1, s + i, n - i + 1);
                s[i] = c;
            }
            break;
        default:
            if (i < n)
                memmove(s + i, s + i + 1, n - i);
        }
    }
}

/* Moves from fen (NULL: the start position): mostly legal ones, now and
 * then a random or malformed one, which the engine must reject. */
static void fuzz_moves(uint64_t *r, const char *fen, char *out, size_t len, unsigned count)
{
    static const char *const ODD[] = {"h2e2", "b0c2", "h7e7", "0000", "h2e2x", "e0", "z9z9", "a0a9"};
    char err[160], m[8];
    Position pos;
    bool known = pos_set_fen(&pos, fen ? fen : GAME_STARTPOS, err, sizeof err);
    size_t n = 0;
    out[0] = 0;
    for (unsigned i = 0; i < count && n + 8 < len; i++) {
        Move list[MAX_MOVES];
        int legal = known ? gen_legal(&pos, list) : 0;
        if (legal > 0 && fuzz_next(r, 10) > 0) {
            Move mv = list[fuzz_next(r, (unsigned)legal)];
            proto_move_str(&pos, mv, m);
            pos_make(&pos, mv);
        } else {
            if (fuzz_next(r, 2))
                snprintf(m, sizeof m, "%s", PICK(r, ODD));
            else { /* one draw a statement: the order of arguments' evaluation is unspecified */
                unsigned f1 = fuzz_next(r, 9), r1 = fuzz_next(r, 10), f2 = fuzz_next(r, 9), r2 = fuzz_next(r, 10);
                snprintf(m, sizeof m, "%c%u%c%u", 'a' + f1, r1, 'a' + f2, r2);
            }
            known = false;
        }
        n += (size_t)snprintf(out + n, len - n, " %s", m);
    }
}

static void fuzz_line(uint64_t *r, bool ucci, char *out, size_t len, bool *open_ended)
{
    static const char *const UCI_GO[] = {"depth %s",
                                         "nodes 5000",
                                         "movetime 20",
                                         "wtime %s btime 500 winc %s",
                                         "mate 2",
                                         "searchmoves h2e2 b0c2",
                                         "perft 2",
                                         "perft %s",
                                         "infinite",
                                         "ponder wtime 300 btime 300",
                                         "depth 3 movestogo %s",
                                         "nodes %s"};
    static const char *const UCCI_GO[] = {"depth %s",
                                          "time 1 increment %s",
                                          "nodes 5000",
                                          "depth infinite",
                                          "ponder time 1",
                                          "draw depth 2",
                                          "depth 0",
                                          "time %s",
                                          "time 1 movestogo %s",
                                          "ponder depth 3",
                                          "nodes %s",
                                          ""};
    static const char *const UCI_OPT[] = {"Hash",          "Threads",       "MultiPV",    "Ponder",
                                          "Move Overhead", "UCI_Variant",   "FairyRanks", "UCI_ShowWDL",
                                          "TTReplace",     "TTStoreDepth0", "Clear Hash", "Bogus"};
    static const char *const UCCI_OPT[] = {"usemillisec", "batch",         "debug",   "ponder",    "usebook",
                                           "newgame",     "hashsize",      "threads", "clearhash", "moveoverhead",
                                           "ttreplace",   "ttstoredepth0", "bogus"};
    static const char *const VALUES[] = {"0",     "1",           "2",       "3",     "16",     "257",
                                         "true",  "false",       "xiangqi", "chess", "always", "two-layer",
                                         "depth", "aged-bucket", "",        "-1",    "1048576"};
    static const char *const ANYTIME[] = {
        "isready", "stop",       "ponderhit", "ponderhit draw", "probe",         "probe h2e2", "d",
        "eval",    "ucinewgame", "bench 1",   "bench x",        "banmoves h2e2", "banmoves",   "",
        "\t",      "position",   "go",        "setoption",      "quit_not"};
    char fen[160], moves[96], fmt[64];
    unsigned kind = fuzz_next(r, 20);
    if (kind < 6) {
        if (fuzz_next(r, 4) == 0) {
            fuzz_moves(r, NULL, moves, sizeof moves, fuzz_next(r, 7));
            snprintf(out, len, "position startpos moves%s", moves);
        } else {
            snprintf(fen, sizeof fen, "%s", PICK(r, FENS));
            if (fuzz_next(r, 4) == 0)
                fuzz_damage(r, fen, sizeof fen);
            fuzz_moves(r, fen, moves, sizeof moves, fuzz_next(r, 7));
            snprintf(out, len, "position fen %s%s%s", fen, fuzz_next(r, 6) ? " moves" : "", moves);
        }
    } else if (kind < 11) {
        snprintf(fmt, sizeof fmt, "go %s", ucci ? PICK(r, UCCI_GO) : PICK(r, UCI_GO));
        const char *a = PICK(r, NUMBERS), *b = PICK(r, NUMBERS);
        /* keep searches short: no deep depth, big node count or long clock */
        if (strstr(fmt, "depth %s") && strlen(a) > 1)
            a = "4";
        if (strstr(fmt, "perft %s"))
            a = fuzz_next(r, 2) ? "3" : "-1";
        if ((strstr(fmt, "nodes %s") || strstr(fmt, "time %s") || strstr(fmt, "wtime %s")) && strlen(a) > 2)
            a = "x";
        if (strlen(b) > (ucci ? 1 : 3)) /* UCCI clocks are in seconds unless usemillisec */
            b = ucci ? "1" : "100";
        snprintf(out, len, fmt, a, b);
        /* `go mate 2` ends only on a mate in 2, so it counts as open-ended */
        *open_ended = strstr(fmt, "infinite") || strstr(fmt, "ponder") || strstr(fmt, "mate") || !strcmp(fmt, "go ");
    } else if (kind < 15) {
        if (ucci)
            snprintf(out, len, "setoption %s %s", PICK(r, UCCI_OPT), PICK(r, VALUES));
        else
            snprintf(out, len, "setoption name %s value %s", PICK(r, UCI_OPT), PICK(r, VALUES));
    } else if (kind < 19) {
        snprintf(out, len, "%s", PICK(r, ANYTIME));
    } else {
        snprintf(out, len, "position fen %s", PICK(r, FENS)); /* the keywords damaged too */
        fuzz_damage(r, out, len);
    }
}

/* After a go: the search's (or perft's) end, or the go's refusal, waiting at most ms in all. */
static void fuzz_await_search(Engine *e, int ms)
{
    char line[4096];
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int left = ms; left > 0 && engine_expect(e, "", line, sizeof line, left);) {
        if (!strncmp(line, "bestmove", 8) || !strncmp(line, "nobestmove", 10) ||
            !strncmp(line, "info string error", 17) || !strncmp(line, "Nodes searched", 14)) /* go perft */
            return;
        clock_gettime(CLOCK_MONOTONIC, &t);
        left = ms - (int)((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000);
    }
}

static void fuzz_session(bool ucci, uint64_t seed)
{
    static Engine e;
    char line[512];
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + 1, *r = &rng;
    CHECK(engine_start(&e), "engine starts");
    engine_send(&e, ucci ? "ucci" : "uci");
    CHECK(engine_expect(&e, ucci ? "ucciok" : "uciok", NULL, 0, 10000), "%s handshake", ucci ? "ucci" : "uci");
    bool alive = true;
    bool open_ended = false;
    for (int i = 1; i <= FUZZ_LINES && alive; i++) {
        if (open_ended && fuzz_next(r, 2)) { /* a search only stop or ponderhit ends: end it soon */
            snprintf(line, sizeof line, "%s", fuzz_next(r, 3) ? "stop" : "ponderhit");
            open_ended = false;
        } else {
            fuzz_line(&rng, ucci, line, sizeof line, &open_ended);
            open_ended |= !strcmp(line, "go"); /* no limit: searches until stop */
        }
        engine_send(&e, "%s", line);
        if (!strncmp(line, "go", 2) && !open_ended && fuzz_next(r, 3)) /* else the next lines meet a search */
            fuzz_await_search(&e, 3000);
        if (i % FUZZ_CHECK_EVERY == 0) {
            engine_send(&e, "isready");
            alive = engine_expect(&e, "readyok", NULL, 0, FUZZ_WAIT_MS);
            CHECK(alive, "%s seed %llu: readyok after line %d ('%s')", ucci ? "ucci" : "uci", (unsigned long long)seed,
                  i, line);
        }
    }
    if (alive) {
        engine_send(&e, "stop");
        engine_send(&e, "isready");
        alive = engine_expect(&e, "readyok", NULL, 0, FUZZ_WAIT_MS);
        CHECK(alive, "%s seed %llu: readyok at the end", ucci ? "ucci" : "uci", (unsigned long long)seed);
    }
    if (!alive)
        kill(e.pid, SIGKILL); /* engine_close would wait for it forever */
    int rc = engine_close(&e);
    CHECK(rc == 0, "%s seed %llu: exit code %d (a sanitizer report or a crash is non-zero)", ucci ? "ucci" : "uci",
          (unsigned long long)seed, rc);
}

void test_fuzz(void)
{
    for (uint64_t seed = 1; seed <= 3; seed++) {
        fuzz_session(false, seed);
        fuzz_session(true, seed);
    }
}
