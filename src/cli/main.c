/*
 * main.c - start-up in a fixed order, then a command-line tool or the
 * protocol loop on stdin.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
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
#include "platform.h"
#include "timeman.h"
#include "ttlab.h"

#ifdef GAME_HAS_UCCI
#define USAGE_PROTOCOLS                                                                                                \
    "speak UCI on stdin (UCCI if the first command is 'ucci', the XBoard\n"                                            \
    "        protocol if it is 'xboard'); started by hand, type help"
#else
#define USAGE_PROTOCOLS                                                                                                \
    "speak UCI on stdin (the XBoard protocol if the first command is\n"                                                \
    "        'xboard'); started by hand, type help"
#endif
#ifdef GAME_REPETITION_RULES
#define USAGE_JUDGE_RULE " [--rule R] [--explain]"
#define USAGE_JUDGE_RULES                                                                                              \
    "        R: the repetition rules, one of " GAME_REPETITION_RULES "; --explain: the repeating\n"                    \
    "        cycle move by move (" GAME_NOTATION " beside the coordinates), each side's checks and chases\n"
#else
#define USAGE_JUDGE_RULE  ""
#define USAGE_JUDGE_RULES ""
#endif

/* The usage of one command (`only`), or of all when only is NULL; false if there is no such command. */
static bool usage_of(const char *only)
{
    static const struct {
        const char *name, *text; /* text: a printf format taking the two sides' names */
    } COMMANDS[] = {
        {"", "  " GAME_PROGRAM "\n        " USAGE_PROTOCOLS "\n"},
        {"analyze",
         "  " GAME_PROGRAM " analyze [FEN | startpos [moves ...] | moves ...]\n"
         "      [--depth N | --movetime MS | --nodes N | --infinite] [--multipv N]\n"
         "        search the position; a line a depth (the PV in coordinates and " GAME_NOTATION "),\n"
         "        then the best move; Ctrl-C (with --infinite also Enter) stops the search\n"},
        {"play",
         "  " GAME_PROGRAM " play [--side %s|%s] [--depth N | --time MS] [--elo N]\n"
         "      [--board " GAME_NATIVE_BOARD "|letters] [FEN | startpos [moves ...] | moves ...]\n"
         "        a game against the engine in the terminal; type help there\n"},
        {"annotate",
         "  " GAME_PROGRAM " annotate [--depth N | --movetime MS | --nodes N] [--side %s|%s|both]\n"
         "      [--out FILE] [--svg FILE] PGN-FILE|-\n"
         "        review every game of a PGN file: each move's score, its mistakes marked, the\n"
         "        better line ('annotate --help' lists every option)\n"},
        {"judge",
         "  " GAME_PROGRAM " judge" USAGE_JUDGE_RULE " [FEN | startpos [moves ...] | moves ...]\n"
         "        the referee: 'result: 1-0 (checkmate)', 'result: * (game not over)', ...\n" USAGE_JUDGE_RULES},
        {"bench",
         "  " GAME_PROGRAM " bench [DEPTH [THREADS]] [--positions] [--iterations]\n"
         "        search the bench positions; prints a deterministic node count (one thread),\n"
         "        the speed and, with --positions, a line a position; with --iterations, a line\n"
         "        a depth: iterations completed and cut short by each thread, and their nodes\n"},
        {"perft",
         "  " GAME_PROGRAM " perft DEPTH [FEN]\n"
         "        count leaf nodes, one line per root move\n"},
        {"datagen",
         "  " GAME_PROGRAM " datagen --out FILE [--games N | --positions N] [--nodes N | --depth D]\n"
         "      [--threads T] [--seed S] [--random-plies N] [--book FILE] ...\n"
         "        self-play training data for a learned evaluation; --dump FILE [N] prints it\n"
         "        ('datagen --help' lists every option)\n"},
        {"ttlab",
         "  " GAME_PROGRAM " ttlab [EXPERIMENT] [options]\n"
         "        the transposition-table laboratory ('ttlab --help' lists its options)\n"},
        {"version",
         "  " GAME_PROGRAM " -v | --version\n"
         "        the version and the game\n"},
        {"help",
         "  " GAME_PROGRAM " -h | --help | help [COMMAND]\n"
         "        this text, or one command's (also COMMAND --help)\n"},
    };
    bool found = false;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (only && strcmp(only, COMMANDS[i].name))
            continue;
        if (!found)
            printf("%s", only ? "usage:\n" : "Chariot, a " GAME_NAME " engine.\nusage:\n");
        found = true;
        printf(COMMANDS[i].text, game_color_name(COLOR_FIRST), game_color_name(COLOR_SECOND));
    }
    if (!only)
        puts("Exit status: 0 success, 1 a search or run that could not be carried out, 2 a bad command line.\n"
             "More: man chariot (after make install), README.md and docs/ in the source tree.");
    return found;
}

static void usage(void) { usage_of(NULL); }

static bool is_command(const char *name)
{
    static const char *const NAMES[] = {"analyze", "play", "annotate", "judge", "bench", "perft", "ttlab", "datagen"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (!strcmp(name, NAMES[i]))
            return true;
    return false;
}

/* A command line's mistake: the message on stderr, and where to look; exit status 2. */
static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, GAME_PROGRAM ": ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " ('" GAME_PROGRAM " --help' lists the commands)\n");
    return 2;
}

static bool is_help(const char *arg) { return !strcmp(arg, "--help") || !strcmp(arg, "-h"); }

static int perft_main(int argc, char **argv)
{
    if (argc < 1) {
        fprintf(stderr, GAME_PROGRAM " perft: needs a depth (" GAME_PROGRAM " perft DEPTH [FEN])\n");
        return 2;
    }
    int depth = 0;
    if (num_parse_int(argv[0], 1, 20, &depth) != NUM_OK) {
        fprintf(stderr, GAME_PROGRAM " perft: depth must be a whole number from 1 to 20, got '%s'\n", argv[0]);
        return 2;
    }
    char fen[512] = "";
    for (int i = 1; i < argc; i++)
        snprintf(fen + strlen(fen), sizeof fen - strlen(fen), "%s%s", i > 1 ? " " : "", argv[i]);
    static Position perft_pos; /* about 40 KiB: not on the stack */
    Position *pos = &perft_pos;
    char err[200];
    if (argc > 1 && !*fen) {
        fprintf(stderr, GAME_PROGRAM " perft: invalid FEN: empty FEN\n");
        return 2;
    }
    if (!pos_set_fen(pos, argc > 1 ? fen : GAME_STARTPOS, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " perft: invalid FEN: %s\n", err);
        return 2;
    }
    const int64_t t0 = time_now_us();
    const uint64_t n = bench_perft_divide(pos, depth);
    const int64_t us = time_now_us() - t0;
    if (us > 0) /* microseconds: a small perft is over in less than a millisecond */
        fprintf(stderr, "Time: %.3f ms, Nodes/second: %.0f\n", (double)us / 1000.0, (double)n * 1e6 / (double)us);
    else
        fprintf(stderr, "Time: under a microsecond (no rate)\n");
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
                fprintf(stderr, GAME_PROGRAM " bench: unexpected argument '%s'\n", argv[i]);
            else
                fprintf(stderr, GAME_PROGRAM " bench: '%s' is not a %s from 1 to %ld\n", argv[i],
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

/* `--name=value`, as getopt_long users write it, becomes `--name value` before a command reads its arguments
 * (no position or move begins with "--"). The new argv lives as long as the program. */
static char **split_long_options(int *argc, char **argv)
{
    int extra = 0;
    for (int i = 2; i < *argc; i++)
        extra += !strncmp(argv[i], "--", 2) && strchr(argv[i], '=') != NULL;
    if (!extra)
        return argv;
    char **out = calloc((size_t)(*argc + extra + 1), sizeof *out);
    if (!out)
        return argv;
    int n = 0;
    for (int i = 0; i < *argc; i++) {
        char *eq = i >= 2 && !strncmp(argv[i], "--", 2) ? strchr(argv[i], '=') : NULL;
        char *name = eq ? malloc((size_t)(eq - argv[i]) + 1) : NULL;
        if (!name) {
            out[n++] = argv[i];
            continue;
        }
        memcpy(name, argv[i], (size_t)(eq - argv[i]));
        name[eq - argv[i]] = 0;
        out[n++] = name;
        out[n++] = eq + 1;
    }
    *argc = n;
    return out;
}

static int run(int argc, char **argv)
{
    argv = split_long_options(&argc, argv);
#ifdef CHARIOT_CLUSTER
    if (argc > 1 && cluster_size() > 1) {
        if (cluster_rank() == 0)
            fprintf(stderr, "chariot-mpi: with %d ranks only the protocols run; '%s' needs one rank\n", cluster_size(),
                    argv[1]);
        return 2;
    }
#endif
    if (argc > 1 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-v") || !strcmp(argv[1], "version"))) {
        printf("Chariot %s (%s)\n", CHARIOT_VERSION, GAME_NAME);
        return 0;
    }
    if (argc > 1 && (is_help(argv[1]) || !strcmp(argv[1], "help"))) {
        if (argc > 2 && !usage_of(argv[2]))
            return usage_error("no command '%s'", argv[2]);
        if (argc == 2)
            usage();
        return 0;
    }
    if (argc > 1 && !is_command(argv[1]))
        return usage_error(*argv[1] == '-' ? "unknown option '%s'" : "unknown command '%s'", argv[1]);
    /* COMMAND --help (ttlab and datagen have their own, longer help) */
    for (int i = 2; i < argc && strcmp(argv[1], "ttlab") && strcmp(argv[1], "datagen") && strcmp(argv[1], "annotate");
         i++)
        if (is_help(argv[i]))
            return usage_of(argv[1]) ? 0 : 2;
    if (argc > 1 && !strcmp(argv[1], "perft")) /* perft needs no table */
        return perft_main(argc - 2, argv + 2);
    if (!tt_resize(TT_DEFAULT_MB))
        fprintf(stderr, GAME_PROGRAM ": could not allocate the transposition table\n");
    if (argc > 1) {
        if (!strcmp(argv[1], "bench"))
            return bench_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "analyze"))
            return analyze_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "ttlab"))
            return ttlab_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "play"))
            return play_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "datagen"))
            return datagen_main(argc - 2, argv + 2);
        if (!strcmp(argv[1], "annotate"))
            return annotate_main(argc - 2, argv + 2);
        return judge_main(argc - 2, argv + 2);
    }
#ifdef CHARIOT_CLUSTER
    if (!cluster_serve()) /* the cluster could not start: rank 0 has served alone (it said why) */
        return 0;
#endif
        /* One line for a person who started the engine by hand (GUIs read past it to the protocol's answers). */
#ifdef CHARIOT_CLUSTER
    if (cluster_rank() == 0)
#endif
        proto_out("Chariot " CHARIOT_VERSION " (" GAME_NAME ") by the Chariot developers; type help for the commands");
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
    platform_init_console();
    game_init();
    search_init();
    engine_init();
    int rc = run(argc, argv);
#ifdef CHARIOT_CLUSTER
    cluster_end();
#endif
    return rc;
}
