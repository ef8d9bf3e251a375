/*
 * perft_check.c - the chess move generator against a perft EPD file.
 *
 * Build (from the repository root):
 *   cc -std=c11 -O2 -Isrc/engine -Isrc/chess -o tests/chess/perft_check
 *      tests/chess/perft_check.c src/chess/[all .c files] src/engine/numparse.c
 * Use:
 *   perft_check FILE [MAX_NODES]      every count <= MAX_NODES (default 2,000,000; 0 = all)
 *   perft_check --perft DEPTH FEN     one count, with time and speed
 *   perft_check --divide DEPTH FEN    the count under each legal move
 *   perft_check --stdin DEPTH         "FEN" per input line -> "count" per output line
 *   perft_check --init-time           how long game_init() takes
 * EPD lines are "FEN ; D1 n ; D2 n ; ...". Prints one line per failure and
 * "N passed, M failed"; exits 1 on any failure or unreadable line.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_api.h"
#include "perft.h"
#include "numparse.h"

enum { LINE_MAX_LEN = 1024 };

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool set_or_complain(Position *pos, const char *fen)
{
    char err[200];
    if (pos_set_fen(pos, fen, err, sizeof err))
        return true;
    fprintf(stderr, "bad FEN '%s': %s\n", fen, err);
    return false;
}

static int run_epd(const char *path, int64_t max_nodes)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    static Position pos;
    char line[LINE_MAX_LEN];
    int passed = 0, failed = 0, lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        char *fields = strchr(line, ';');
        if (!fields) {
            printf("line %d: no counts\n", lineno);
            failed++;
            continue;
        }
        *fields++ = 0;
        if (!set_or_complain(&pos, line)) {
            printf("line %d: FEN refused\n", lineno);
            failed++;
            continue;
        }
        for (char *tok = strtok(fields, ";"); tok; tok = strtok(NULL, ";")) {
            int depth;
            int64_t expected;
            char dword[16], nword[32];
            if (sscanf(tok, " D%15s %31s", dword, nword) != 2 || num_parse_int(dword, 1, 20, &depth) != NUM_OK ||
                num_parse_i64(nword, 0, INT64_MAX, &expected) != NUM_OK) {
                printf("line %d: unreadable count '%s'\n", lineno, tok);
                failed++;
                continue;
            }
            if (max_nodes && expected > max_nodes)
                continue;
            uint64_t got = perft_count(&pos, depth, NULL);
            if (got == (uint64_t)expected) {
                passed++;
            } else {
                printf("line %d: %s depth %d: expected %lld, got %llu\n", lineno, line, depth, (long long)expected,
                       (unsigned long long)got);
                failed++;
            }
        }
    }
    fclose(f);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

static int run_one(int depth, const char *fen, bool divide)
{
    static Position pos;
    if (!set_or_complain(&pos, fen))
        return 1;
    if (divide) {
        Move list[MAX_MOVES];
        int n = gen_legal(&pos, list);
        uint64_t total = 0;
        for (int i = 0; i < n; i++) {
            char s[8];
            pos_make(&pos, list[i]);
            uint64_t c = perft_count(&pos, depth - 1, NULL);
            pos_unmake(&pos);
            pos_move_to_uci(&pos, list[i], false, s);
            printf("%s: %llu\n", s, (unsigned long long)c);
            total += c;
        }
        printf("Nodes searched: %llu\n", (unsigned long long)total);
        return 0;
    }
    double t0 = seconds_now();
    clock_t c0 = clock();
    uint64_t nodes = perft_count(&pos, depth, NULL);
    double wall = seconds_now() - t0, cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    printf("Nodes searched: %llu\nwall %.3f s, cpu %.3f s, %.1f Mnps (cpu)\n", (unsigned long long)nodes, wall, cpu,
           cpu > 0 ? (double)nodes / cpu / 1e6 : 0.0);
    return 0;
}

static int run_stdin(int depth)
{
    static Position pos;
    char line[LINE_MAX_LEN];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!set_or_complain(&pos, line)) {
            printf("error\n");
            continue;
        }
        printf("%llu\n", (unsigned long long)perft_count(&pos, depth, NULL));
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    double t0 = seconds_now();
    game_init();
    double init = seconds_now() - t0;
    int depth = 0;
    if (argc == 2 && !strcmp(argv[1], "--init-time")) {
        printf("game_init: %.2f ms\n", init * 1e3);
        return 0;
    }
    if (argc >= 3 && argv[1][0] == '-' && num_parse_int(argv[2], 0, 20, &depth) != NUM_OK) {
        fprintf(stderr, "depth must be 0 to 20\n");
        return 2;
    }
    if (argc == 4 && (!strcmp(argv[1], "--perft") || !strcmp(argv[1], "--divide")))
        return run_one(depth, argv[3], !strcmp(argv[1], "--divide"));
    if (argc == 3 && !strcmp(argv[1], "--stdin"))
        return run_stdin(depth);
    if (argc == 2 || (argc == 3 && argv[1][0] != '-')) {
        int64_t max_nodes = 2000000;
        if (argc == 3 && num_parse_i64(argv[2], 0, INT64_MAX, &max_nodes) != NUM_OK) {
            fprintf(stderr, "MAX_NODES must be a whole number\n");
            return 2;
        }
        return run_epd(argv[1], max_nodes);
    }
    fprintf(stderr, "usage: perft_check FILE [MAX_NODES] | --perft D FEN | --divide D FEN | --stdin D | --init-time\n");
    return 2;
}
