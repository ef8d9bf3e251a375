/*
 * main.c - start-up in a fixed order, then a command-line tool or the
 * protocol loop on stdin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "bench.h"
#ifdef CHARIOT_CLUSTER
#include "cluster.h"
#endif
#include "datagen.h"
#include "judge.h"
#include "numparse.h"
#include "play.h"
#include "protocol.h"
#include "engine.h"
#include "timeman.h"
#include "ttlab.h"

#ifdef GAME_HAS_UCCI
#define USAGE_PROTOCOLS                                                                                                \
    "speak UCI on stdin (UCCI if the first command is 'ucci',\n"                                                       \
    "                                the XBoard protocol if it is 'xboard')"
#else
#define USAGE_PROTOCOLS "speak UCI on stdin (the XBoard protocol if the first command is 'xboard')"
#endif

static void usage(void)
{
    printf("Chariot, a " GAME_NAME " engine.\n"
           "usage:\n"
           "  chariot                       " USAGE_PROTOCOLS "\n"
           "  chariot analyze [FEN | startpos [moves ...] | moves ...] [--depth N | --movetime MS | --nodes N |\n"
           "                  --infinite] [--multipv N]   PV in coordinates and " GAME_NOTATION "; Ctrl-C stops\n"
           "                                with the best move\n"
           "  chariot play [--side %s|%s] [--depth N | --time MS] [--board " GAME_NATIVE_BOARD "|letters]\n"
           "               [FEN | startpos [moves ...] | moves ...]\n"
           "                                a game in the terminal; type help there\n"
           "  chariot judge [--rule R] [--explain] [FEN | startpos [moves ...] | moves ...]\n"
           "                                the referee: 'result: 1-0 (checkmate)', '* (game not over)', ...\n",
           game_color_name(COLOR_FIRST), game_color_name(COLOR_SECOND));
    puts(
         "  chariot bench [DEPTH [THREADS]] [--positions] [--iterations]\n"
         "                                search the bench positions; prints a deterministic node count\n"
         "                                (one thread), the speed and, with --positions, a line a position;\n"
         "                                with --iterations, a line a depth: iterations completed and cut\n"
         "                                short by each thread, and their nodes\n"
         "  chariot perft DEPTH [FEN]     count leaf nodes, one line per root move\n"
         "  chariot datagen --out FILE [--games N | --positions N] [--nodes N | --depth D] [--threads T]\n"
         "                  [--seed S] [--random-plies N] [--book FILE] ...   self-play training data for a\n"
         "                                learned evaluation; --dump FILE [N] prints it ('datagen --help')\n"
         "  chariot ttlab [EXPERIMENT] [options]   transposition-table laboratory ('ttlab --help')\n"
         "  chariot --version             the version and the game\n"
         "  chariot help | --help         this text\n"
         "Exit status: 0 success, 1 a search or run that could not be carried out, 2 a bad command line.\n"
         "More: man chariot (after make install), README.md and docs/ in the source tree.");
}

static int perft_main(int argc, char **argv)
{
    if (argc < 1) {
        usage();
        return 2;
    }
    int depth = 0;
    if (num_parse_int(argv[0], 1, 20, &depth) != NUM_OK) {
        fprintf(stderr, "chariot perft: depth must be a whole number from 1 to 20, got '%s'\n", argv[0]);
        return 2;
    }
    char fen[512] = "";
    for (int i = 1; i < argc; i++)
        snprintf(fen + strlen(fen), sizeof fen - strlen(fen), "%s%s", i > 1 ? " " : "", argv[i]);
    static Position perft_pos; /* about 40 KiB: not on the stack */
    Position *pos = &perft_pos;
    char err[160];
    if (!pos_set_fen(pos, *fen ? fen : GAME_STARTPOS, err, sizeof err)) {
        fprintf(stderr, "chariot perft: invalid FEN: %s\n", err);
        return 2;
    }
    int64_t t0 = time_now_ms();
    uint64_t n = bench_perft_divide(pos, depth);
    int64_t ms = time_now_ms() - t0;
    fprintf(stderr, "Time: %lld ms, Nodes/second: %llu\n", (long long)ms,
            (unsigned long long)(ms > 0 ? n * 1000 / (uint64_t)ms : n));
    return 0;
}

/* chariot bench [DEPTH [THREADS]] [--positions] [--iterations] */
static int bench_main(int argc, char **argv)
{
    long numbers[2] = {0, 0}; /* depth (0: the default), threads (0: as set) */
    const long max[2] = {MAX_DEPTH, MAX_THREADS};
    int nnumbers = 0;
    unsigned flags = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--positions")) {
            flags |= BENCH_POSITIONS;
        } else if (!strcmp(argv[i], "--iterations")) {
            flags |= BENCH_ITERATIONS;
        } else if (nnumbers == 2 || !proto_parse_long(argv[i], 1, max[nnumbers], &numbers[nnumbers])) {
            if (nnumbers == 2)
                fprintf(stderr, "chariot bench: unexpected argument '%s'\n", argv[i]);
            else
                fprintf(stderr, "chariot bench: '%s' is not a %s from 1 to %ld\n", argv[i],
                        nnumbers == 0 ? "depth" : "thread count", max[nnumbers]);
            return 2;
        } else {
            nnumbers++;
        }
    }
    return bench_run((int)numbers[0], (int)numbers[1], flags) ? 0 : 1;
}

/* A GUI that starts the engine without arguments speaks first: UCCI after `ucci`, the XBoard protocol after
 * `xboard` (or `protover`), UCI otherwise; that first line is the chosen loop's first command. */
static int serve_protocol(void)
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

static int run(int argc, char **argv)
{
#ifdef CHARIOT_CLUSTER
    if (argc > 1 && cluster_size() > 1) {
        if (cluster_rank() == 0)
            fprintf(stderr, "chariot-mpi: with %d ranks only the protocols run; '%s' needs one rank\n", cluster_size(),
                    argv[1]);
        return 2;
    }
#endif
    if (argc > 1 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version"))) {
        printf("Chariot %s (%s)\n", CHARIOT_VERSION, GAME_NAME);
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "perft")) /* perft needs no table */
        return perft_main(argc - 2, argv + 2);
    if (!tt_resize(TT_DEFAULT_MB))
        fprintf(stderr, "chariot: could not allocate the transposition table\n");
    if (argc > 1) {
        if (!strcmp(argv[1], "bench"))
            return bench_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "analyze"))
            return analyze_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "ttlab"))
            return ttlab_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "play"))
            return play_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "judge"))
            return judge_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "datagen"))
            return datagen_main(argc - 2, argv + 2);
        usage();
        return !strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ? 0 : 2;
    }
#ifdef CHARIOT_CLUSTER
    if (!cluster_serve()) {
        fprintf(stderr, "chariot-mpi: rank %d could not start the cluster\n", cluster_rank());
        return 1;
    }
#endif
    int rc = serve_protocol();
    engine_exit();
    return rc;
}

int main(int argc, char **argv)
{
#ifdef CHARIOT_CLUSTER /* `make mpi`: the same engine over MPI ranks (src/cluster/cluster.h) */
    if (!cluster_start(&argc, &argv)) {
        fprintf(stderr, "chariot-mpi: MPI could not start\n");
        return 1;
    }
    cluster_add_options();
#endif
    game_init();
    search_init();
    engine_init();
    int rc = run(argc, argv);
#ifdef CHARIOT_CLUSTER
    cluster_end();
#endif
    return rc;
}
