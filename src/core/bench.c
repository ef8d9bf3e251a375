/*
 * bench.c - the bench signature and the perft divide.
 */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "protocol.h"
#include "thread.h"

/* Openings, middlegames, tactics (checks and mates) and endgames. */
const char *const BENCH_FENS[] = {
    GAME_STARTPOS,
    "rnbaka2r/5n3/1c2b4/p1p1p3p/6p2/P8/2P1P1PcP/5CNC1/9/RNBAKAB1R w - - 8 5",
    "r1bakabnr/9/1cn6/2p1p1p1p/p8/2P5P/P3P1Pc1/1C2C4/4A4/RNB1KABNR b - - 7 4",
    "r2akabnr/9/1cn1b2c1/2p1p1p1p/p8/4P4/P1P3P1P/1CN1C4/4A4/R1B1KABNR b - - 7 4",
    "rnbaka1nr/9/4b2c1/p3p1p1p/2p6/P5P2/1cP1P3P/1C2B2C1/9/RN1AKABNR w - - 6 4",
    "1nb1kabnr/r3a4/2c4c1/1Cp1p1p1p/p8/9/P1P1P1P1P/2C5B/4A4/RNB1KA1NR w - - 8 5",
    "r2akabnr/9/2n1b2c1/p1p1p1p2/8p/6P2/PcP1P3P/1CC6/8R/RNBAKABN1 w - - 8 5",
    "rnbak1bnr/4a4/1c5c1/p1p1p2Cp/6p2/2P6/P3P1P1P/1C7/9/RNBAKABNR w - - 4 3",
    "rnb1kabnr/4a4/1c2c4/p1p1p1pC1/8p/9/P1P1P1P1P/1C2B4/4A4/RNB1KA1NR w - - 6 4",
    "rnbakab1r/9/2c3n2/p1p1p1p1p/1c2P4/1C7/P1P3P1P/4C4/9/RNBAKABNR b - - 7 4",
    "rn1akabnr/9/1c2b2c1/2p1p1p1p/p8/2P6/P3P1P1P/1C2B2C1/5N3/RNBAKA2R b - - 5 3",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/3NP4/2P6/P5p1P/1C2C4/9/RNBAKAB2 b - - 0 1",
    "2b1ka2r/3na2c1/4b3n/8R/8C/4C1P2/P1P1P3P/4B1N2/1r2A4/2BAK4 w - - 0 1",
    "2b1kab1C/1N2a4/n3ccn2/p5r1p/4p4/P1P2RN2/2r1P3P/C3B4/4A4/2BAK2R1 w - - 0 1",
    "2bak1b1r/4a4/2n4cn/p6C1/4pN3/P2N4R/4P1P1P/3CB4/4A2r1/c1BAKR3 w - - 0 1",
    "2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1 w - - 0 1",
    "1Rb1k4/4a1R2/4N4/9/p3p1p1p/2P6/P3P1P1P/4B3r/4A4/2BAK4 w - - 0 1",
    "3akab2/5r3/4n1n1b/3R5/PC2p4/2p5p/c3P4/N3B1C2/4A4/3K1AB2 w - - 0 1",
    "2b1C4/3C2R2/n2abk3/2c6/p3p3p/9/P3r4/9/4A4/2B1KA3 w - - 0 1",
    "2bak4/4a4/4b1n2/p7p/5Cp2/8P/6P2/9/5Kn2/4r1BNc b - - 0 1",
    "1C1a5/1C2k4/3NnR3/p8/4p1b1p/6P2/P1P1P3P/2N6/4A4/2BAK1B2 w - - 0 1",
    "2b1k4/4a2R1/4b1n2/2n6/2p3p2/4P4/N7P/1r2B4/5N3/c1pAKA3 b - - 0 1",
    "4kabr1/3R2n2/b5N2/C5p2/p1p6/6P1p/2P1N3P/4B4/9/cR1AKAB2 w - - 0 1",
    "rCba1kbR1/4Rc3/9/2p1pN2p/6r2/2P3p2/4P3P/9/9/2BAKAB2 w - - 0 1",
    "3k5/2R1a4/5r3/9/6p2/3NP3P/9/4B1N2/4A4/2BAK4 w - - 0 1",
    "4k4/9/9/9/4c4/9/9/4N4/4A4/4K4 w - - 0 1",
    "P3k4/9/2P3P2/9/4p3P/4P4/7p1/9/1p7/3p1K3 w - - 0 1",
    "4k4/9/9/9/c1P1pPC1c/9/9/9/9/3K5 w - - 0 1",
    "2bak4/4a4/n3b4/9/9/2C1c4/9/4B4/4A4/R2AK4 w - - 0 1",
    "3k5/4a4/4ba3/9/9/9/9/9/4R4/4K4 w - - 0 1",
    "4kab2/4a4/4b4/9/2n6/9/9/4B4/4A4/2BAK1N2 w - - 0 1",
    "3ak4/4a4/9/9/9/6p2/9/9/4A4/3AK1C2 b - - 0 1",
};
const int BENCH_FEN_COUNT = (int)(sizeof BENCH_FENS / sizeof BENCH_FENS[0]);

uint64_t bench_run(int depth, SearchStats *total)
{
    SearchThread *t = threads_main();
    size_t old_mb = tt_size_mb();
    uint64_t nodes = 0;
    if (depth <= 0)
        depth = BENCH_DEFAULT_DEPTH;
    tt_resize(BENCH_HASH_MB);
    int64_t start = now_ms();
    for (int i = 0; i < BENCH_FEN_COUNT; i++) {
        char err[160];
        if (!pos_set_fen(&t->pos, BENCH_FENS[i], err, sizeof err)) {
            fprintf(stderr, "bench position %d: %s\n", i + 1, err);
            continue;
        }
        tt_clear();
        search_clear_history(t);
        search_limits_init(&t->limits);
        t->limits.depth = depth;
        atomic_store(&g_stop, false);
        atomic_store(&g_pondering, false);
        search_run(t, NULL);
        nodes += t->s.stats.nodes;
        if (total) {
            SearchStats *s = &t->s.stats;
            total->nodes += s->nodes, total->qnodes += s->qnodes, total->tt_probes += s->tt_probes;
            total->tt_hits += s->tt_hits, total->tt_cutoffs += s->tt_cutoffs;
            total->tt_move_tried += s->tt_move_tried, total->tt_move_cutoffs += s->tt_move_cutoffs;
            total->cut_nodes += s->cut_nodes, total->first_move_cuts += s->first_move_cuts;
            for (int k = 0; k < 4; k++)
                total->stores[k] += s->stores[k];
        }
    }
    int64_t ms = now_ms() - start;
    if (ms <= 0)
        ms = 1;
    tt_resize(old_mb ? old_mb : TT_DEFAULT_MB);
    proto_out("Nodes searched: %llu", (unsigned long long)nodes);
    proto_out("Nodes/second: %llu", (unsigned long long)(nodes * 1000 / (uint64_t)ms));
    return nodes;
}

uint64_t bench_perft_divide(Position *pos, int depth)
{
    Move list[MAX_MOVES];
    int n = gen_legal(pos, list);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char m[8];
        pos_make(pos, list[i]);
        uint64_t c = pos_perft(pos, depth - 1);
        pos_unmake(pos);
        proto_move_str(list[i], m);
        proto_out("%s: %llu", m, (unsigned long long)c);
        total += c;
    }
    proto_out("\nNodes searched: %llu", (unsigned long long)total);
    return total;
}
