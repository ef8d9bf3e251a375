/* ttlab.h - the transposition-table laboratory (`chariot ttlab`). */
#ifndef CHARIOT_TTLAB_H
#define CHARIOT_TTLAB_H

#include "game_api.h"
#include "search.h"

int ttlab_main(int argc, char **argv);
/* The transpositions experiment (transpositions.c): exit status as ttlab_main's. */
int ttlab_transpositions(int depth, int positions, const char *csv_path);
/* The probecost experiment (ttlab_cost.c): probes and stores alone on the table as set up, the same
 * stream for every scheme; counts into st (nodes: operations), CPU time added to *cpu_ms. */
void ttlab_probe_cost(uint64_t seed, SearchStats *st, double *cpu_ms);

/* One line of a mate suite (mates mode): the position goes to pos, the rest here. */
typedef struct {
    char want[8];   /* bm, as written */
    int n;          /* dm: mate in n moves, 0..MAX_PLY */
    Move follow[2]; /* bm and the defence from the pv, legal in turn; MOVE_NONE if not given */
} TTLabMate;
/* False (pos unchanged) without " bm " and "dm " or with a bad FEN (tests/fuzz/fuzz_epd.c reads lines with it). */
bool ttlab_parse_mate_line(const char *line, Position *pos, TTLabMate *out);

#endif
