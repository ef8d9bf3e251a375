/*
 * test_perft.c - the move generator's contract: every count of
 * tests/perft.epd, the same counts for colour-flipped and mirrored
 * positions, and invariants (incremental key, counts, check flag) checked
 * after every make and unmake.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "perft.h"

enum { FULL_CAP = 50000000, QUICK_CAP = 1000000, MIRROR_CAP = 300000, DEBUG_CAP = 100000 };

typedef struct {
    char fen[256];
    int ndepth;
    uint64_t count[10];
} PerftCase;

static int parse_case(const char *line, PerftCase *c)
{
    const char *semi = strchr(line, ';');
    if (!semi)
        return 0;
    size_t n = (size_t)(semi - line);
    memcpy(c->fen, line, n);
    c->fen[n] = 0;
    c->ndepth = 0;
    for (const char *p = semi; (p = strchr(p, 'D')) != NULL; p++) {
        int d = atoi(p + 1);
        const char *sp = strchr(p, ' ');
        if (d >= 1 && d <= 9 && sp) {
            c->count[d] = strtoull(sp + 1, NULL, 10);
            c->ndepth = d > c->ndepth ? d : c->ndepth;
        }
    }
    return c->ndepth;
}

static int debug_errors;
static uint64_t perft_checked(Position *pos, int depth)
{
    const char *why;
    if (!pos_ok(pos, &why) && debug_errors++ < 5)
        fprintf(stderr, "invariant broken: %s\n", why);
    if (depth == 0)
        return 1;
    Move list[MAX_MOVES];
    int n = gen_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Key before = pos_key(pos);
        pos_make(pos, list[i]);
        total += perft_checked(pos, depth - 1);
        pos_unmake(pos);
        if (pos_key(pos) != before || !pos_ok(pos, &why))
            debug_errors++;
    }
    return total;
}

void test_perft(void)
{
    static char lines[64][512];
    int n = read_lines("tests/perft.epd", lines, 64), ran = 0;
    const uint64_t cap = g_quick ? QUICK_CAP : FULL_CAP;
    for (int i = 0; i < n; i++) {
        PerftCase c;
        if (!parse_case(lines[i], &c))
            continue;
        Position pos;
        char err[160];
        if (!pos_set_fen(&pos, c.fen, err, sizeof err)) {
            CHECK(false, "line %d: %s", i + 1, err);
            continue;
        }
        ran++;
        for (int d = 1; d <= c.ndepth && (d == 1 || c.count[d] <= cap); d++) {
            uint64_t got = perft_count(&pos, d, NULL);
            CHECK(got == c.count[d], "line %d depth %d: %llu, expected %llu", i + 1, d, (unsigned long long)got,
                  (unsigned long long)c.count[d]);
        }
        /* Colour flip and left-right mirror must count the same. */
        char flipped[256], mirrored[256];
        fen_flip(c.fen, flipped);
        fen_mirror(c.fen, mirrored);
        Position pf, pm;
        CHECK(pos_set_fen(&pf, flipped, err, sizeof err), "flip of line %d rejected: %s", i + 1, err);
        CHECK(pos_set_fen(&pm, mirrored, err, sizeof err), "mirror of line %d rejected: %s", i + 1, err);
        for (int d = 1; d <= c.ndepth && c.count[d] <= MIRROR_CAP; d++) {
            CHECK(perft_count(&pf, d, NULL) == c.count[d], "flip of line %d depth %d", i + 1, d);
            CHECK(perft_count(&pm, d, NULL) == c.count[d], "mirror of line %d depth %d", i + 1, d);
        }
        /* Invariants after every make/unmake. */
        int dd = 1;
        while (dd < c.ndepth && c.count[dd + 1] <= DEBUG_CAP)
            dd++;
        debug_errors = 0;
        CHECK(perft_checked(&pos, dd) == c.count[dd] && debug_errors == 0, "line %d: debug perft %d found %d errors",
              i + 1, dd, debug_errors);
    }
    CHECK(ran == 51 && n == 51, "ran %d of %d perft positions (expected 51)", ran, n);
}
