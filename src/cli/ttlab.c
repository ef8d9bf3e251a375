/*
 * ttlab.c - the transposition-table laboratory: `chariot ttlab`.
 *
 * Runs fixed searches (one thread, fixed depth) under each table
 * configuration and prints, per run, what the table did: nodes and CPU time
 * to depth, probe hit rate, cutoffs from the table, how often the table move
 * was searched first and how often it was the cutoff move, the first-move
 * cutoff rate, the fill, and what stores did. Repeated runs use different
 * Zobrist key seeds, which move every position to other slots, so the
 * spread over seeds is the error bar. docs/tt-lab.md has the experiments.
 */
#define _POSIX_C_SOURCE 200809L
#include "ttlab.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "protocol.h"
#include "engine.h"
#include "tt_lab.h"

/* What an experiment's variants change from the way the engine plays (all
 * false): a variant names only what it changes. */
typedef struct {
    bool no_depth0, no_tt_move, no_aging, no_mate_adjust, clear_between, pv_cutoffs, no_iir;
    unsigned ordering_off; /* ORDER_OFF_* bits: the picker ignores these sources */
} LabSettings;

typedef struct {
    char label[48];
    bool table; /* false: no table at all */
    TTScheme scheme;
    size_t kb;
    LabSettings set;
} LabSetup;

typedef struct {
    SearchStats st;
    double cpu_ms;
    int fill;
    int solved, exact_mates, tried; /* mate mode: first search of each position */
    int follow_right, follow_tried; /* mate mode: after bm and the reply, table kept */
} LabResult;

typedef struct {
    const char *experiment;
    int depth, seeds, positions, plies, follow_depth;
    const char *csv, *epd, *sizes, *schemes;
    bool quiet, no_iir;
    const char *eval; /* --eval: "net" (the embedded one), "fitted" or a net file; NULL: as the build plays */
} LabOptions;

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6; /* exact for any real clock */
}

/* False when the table cannot be allocated: the setup is skipped. */
static bool apply_setup(const LabSetup *s)
{
    tt_set_enabled(s->table);
    tt_set_scheme(s->scheme);
    tt_set_store_depth0(!s->set.no_depth0);
    tt_set_aging(!s->set.no_aging);
    tt_set_mate_adjust(!s->set.no_mate_adjust);
    if (tt_resize_kb(s->kb))
        return true;
    fprintf(stderr, GAME_PROGRAM " ttlab: cannot allocate %zu KiB: %s skipped\n", s->kb, s->label);
    return false;
}

static void restore_defaults(void)
{
    tt_set_enabled(true);
    tt_set_scheme(TT_AGED_BUCKET);
    tt_set_store_depth0(true);
    tt_set_aging(true);
    tt_set_mate_adjust(true);
    tt_resize(TT_DEFAULT_MB);
    game_set_key_seed(0);
}

static Position lab_pos; /* the position the laboratory searches (about 40 KiB: not on the stack) */

/* One search from lab_pos. */
static Move lab_search(const LabSetup *s, int depth, LabResult *r)
{
    SearchLimits l;
    search_limits_init(&l);
    l.depth = depth;
    l.no_tt_move = s->set.no_tt_move;
    l.tt_pv_cutoffs = s->set.pv_cutoffs;
    l.no_iir = s->set.no_iir;
    l.ordering_off = (uint8_t)s->set.ordering_off;
    double t0 = cpu_ms();
    Move m = engine_search(&lab_pos, &l, NULL);
    r->cpu_ms += cpu_ms() - t0;
    search_stats_add(&r->st, engine_stats());
    return m;
}

static bool set_position(const char *fen)
{
    char err[160];
    return pos_set_fen(&lab_pos, fen, err, sizeof err);
}

/* Positions mode: every bench position, each from a cleared table. */
static void run_positions(const LabSetup *s, const LabOptions *o, LabResult *r)
{
    int n = o->positions > 0 ? imin(o->positions, GAME_BENCH_FEN_COUNT) : GAME_BENCH_FEN_COUNT;
    for (int i = 0; i < n; i++) {
        if (!set_position(GAME_BENCH_FENS[i]))
            continue;
        tt_clear();
        engine_clear_histories();
        lab_search(s, o->depth, r);
        r->fill += tt_fill_permille();
    }
    r->fill /= n;
}

/* Game mode: successive positions of real games, the table kept (or not). */
static void run_games(const LabSetup *s, const LabOptions *o, LabResult *r)
{
    int searches = 0;
    for (int g = 0; g < GAME_LAB_GAME_COUNT; g++) {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s", GAME_LAB_GAMES[g]);
        char *bar = strchr(buf, '|');
        if (!bar)
            continue;
        *bar = 0;
        if (!set_position(buf))
            continue;
        tt_clear();
        engine_clear_histories();
        Position game = lab_pos;
        char *save = NULL;
        int ply = 0;
        for (char *mv = strtok_r(bar + 1, " ", &save); mv && ply < o->plies; mv = strtok_r(NULL, " ", &save), ply++) {
            if (s->set.clear_between)
                tt_clear();
            lab_pos = game;
            lab_search(s, o->depth, r);
            r->fill += tt_fill_permille();
            searches++;
            Move m = pos_parse_move(&game, mv);
            if (!m)
                break;
            pos_make(&game, m);
        }
    }
    r->fill /= imax(searches, 1);
}

/* One line of a mate suite: "<FEN> bm <move>; ... dm <n>; ... pv <m1> <m2> ...". The
 * distance is kept within 0..MAX_PLY (a bigger one cannot match a score anyway). */
bool ttlab_parse_mate_line(const char *line, Position *pos, TTLabMate *out)
{
    const char *bm = strstr(line, " bm "), *dm = strstr(line, "dm ");
    if (!bm || !dm)
        return false;
    char fen[256], err[160];
    snprintf(fen, sizeof fen, "%.*s 0 1", (int)(bm - line), line);
    memset(out, 0, sizeof *out);
    sscanf(bm + 4, "%7[a-z0-9]", out->want); /* chess promotions end in a letter */
    long n = strtol(dm + 3, NULL, 10);
    out->n = n < 0 ? 0 : n > MAX_PLY ? MAX_PLY : (int)n;
    if (!pos_set_fen(pos, fen, err, sizeof err))
        return false;
    /* bm and the defence from the pv, each legal in turn */
    const char *pv = strstr(line, "pv ");
    char m1[8] = "", m2[8] = "";
    if (!pv || sscanf(pv + 3, "%7s %7s", m1, m2) != 2 || !(out->follow[0] = pos_parse_move(pos, m1)))
        return true;
    pos_make(pos, out->follow[0]);
    out->follow[1] = pos_parse_move(pos, m2);
    pos_unmake(pos);
    if (!out->follow[1])
        out->follow[0] = MOVE_NONE;
    return true;
}

/* Mate mode: an EPD with "bm" and "dm"; does the search report the right distance? */
static void run_mates(const LabSetup *s, const LabOptions *o, LabResult *r)
{
    FILE *f = fopen(o->epd, "r");
    char line[512];
    if (!f) {
        fprintf(stderr, GAME_PROGRAM " ttlab: cannot read %s\n", o->epd);
        return;
    }
    ReadLine status;
    for (int lineno = 1; (status = proto_read_bounded(f, line, sizeof line)) != READ_EOF; lineno++) {
        if (status == READ_TOO_LONG) { /* all of it skipped, not just its head */
            fprintf(stderr, GAME_PROGRAM " ttlab: %s line %d is longer than %d characters; skipped\n", o->epd, lineno,
                    (int)sizeof line - 2);
            continue;
        }
        TTLabMate mate;
        Position *pos = &lab_pos;
        if (!ttlab_parse_mate_line(line, pos, &mate))
            continue;
        char got[8];
        const int n = mate.n;
        tt_clear();
        engine_clear_histories();
        move_to_str(lab_search(s, o->depth, r), got);
        Score sc = engine_root_score();
        r->tried++;
        r->solved += !strcmp(got, mate.want);
        r->exact_mates += sc == score_mate_in(2 * n - 1);
        /* Play bm and the defence from the pv, keep the table, search again at a
         * small depth (--follow-depth): the mate is now one move closer, seen
         * from a root two plies later, and mostly known from the table. */
        if (n < 2 || !mate.follow[0])
            continue;
        pos_make(pos, mate.follow[0]);
        pos_make(pos, mate.follow[1]);
        lab_search(s, o->follow_depth, r);
        r->follow_tried++;
        r->follow_right += engine_root_score() == score_mate_in(2 * (n - 1) - 1);
    }
    fclose(f);
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static const char *CSV_HEADER =
    "experiment,label,scheme,size_kb,seed,depth,nodes,cpu_ms,hit_pct,tt_cut_pct,ttmove_first_pct,ttmove_cut_pct,"
    "first_move_cut_pct,fill_permille,store_new_pct,store_update_pct,store_replace_pct,store_reject_pct,"
    "mates_tried,bm_found,mate_distance_right,follow_tried,follow_distance_right,iir";

static void report(FILE *csv, const LabOptions *o, const LabSetup *s, int seed, const LabResult *r)
{
    const SearchStats *st = &r->st;
    uint64_t stores = st->stores[0] + st->stores[1] + st->stores[2] + st->stores[3];
    uint64_t interior = st->nodes - st->qnodes;
    printf("%-34s %8zuK %2d %12llu %9.0f %6.1f %6.1f %6.1f %6.1f %6.1f %5d %5.1f/%4.1f/%4.1f/%4.1f", s->label, s->kb,
           seed, (unsigned long long)st->nodes, r->cpu_ms, pct(st->tt_hits, st->tt_probes),
           pct(st->tt_cutoffs, st->tt_probes), pct(st->tt_move_tried, interior),
           pct(st->tt_move_cutoffs, st->tt_move_tried), pct(st->first_move_cuts, st->cut_nodes), r->fill,
           pct(st->stores[TT_STORE_NEW], stores), pct(st->stores[TT_STORE_UPDATE], stores),
           pct(st->stores[TT_STORE_REPLACE], stores), pct(st->stores[TT_STORE_REJECT], stores));
    if (!strcmp(o->experiment, "probecost"))
        printf("  %.1f ns a probe", r->cpu_ms * 1e6 / (double)st->nodes);
    if (r->tried)
        printf("  bm %d/%d, mate distance right %d/%d, one move later %d/%d", r->solved, r->tried, r->exact_mates,
               r->tried, r->follow_right, r->follow_tried);
    printf("\n");
    fflush(stdout);
    if (csv)
        fprintf(csv, "%s,%s,%s,%zu,%d,%d,%llu,%.1f,%.2f,%.2f,%.2f,%.2f,%.2f,%d,%.2f,%.2f,%.2f,%.2f,%d,%d,%d,%d,%d,%d\n",
                o->experiment, s->label, s->table ? tt_scheme_name(s->scheme) : "off", s->kb, seed, o->depth,
                (unsigned long long)st->nodes, r->cpu_ms, pct(st->tt_hits, st->tt_probes),
                pct(st->tt_cutoffs, st->tt_probes), pct(st->tt_move_tried, interior),
                pct(st->tt_move_cutoffs, st->tt_move_tried), pct(st->first_move_cuts, st->cut_nodes), r->fill,
                pct(st->stores[TT_STORE_NEW], stores), pct(st->stores[TT_STORE_UPDATE], stores),
                pct(st->stores[TT_STORE_REPLACE], stores), pct(st->stores[TT_STORE_REJECT], stores), r->tried,
                r->solved, r->exact_mates, r->follow_tried, r->follow_right, !s->set.no_iir);
}

static void progress(const LabOptions *o, int done, int total)
{
    if (o->quiet || !isatty(2))
        return;
    int w = 30, k = total ? done * w / total : w;
    fprintf(stderr, "\r[%.*s%*s] %d/%d ", k, "##############################", w - k, "", done, total);
    if (done == total)
        fprintf(stderr, "\r%*s\r", w + 20, "");
    fflush(stderr);
}

enum { LAB_MAX_SIZES = 32 };
static const size_t LAB_MAX_KB = (size_t)64 << 20; /* 64 GiB */

/* One size: a whole number with an optional K, M or G (KiB, the default;
 * MiB; GiB), from 1K to 64G. False (with a message) for anything else. */
static bool parse_size(const char *t, size_t *kb)
{
    char *end;
    unsigned long long v = strtoull(t, &end, 10);
    size_t shift = *end == 'G' || *end == 'g' ? 20 : *end == 'M' || *end == 'm' ? 10 : 0;
    if (shift || *end == 'K' || *end == 'k')
        end++;
    if (end == t || *end || t[0] == '-' || v == 0 || v > (LAB_MAX_KB >> shift)) {
        fprintf(stderr, GAME_PROGRAM " ttlab: '%s' is not a table size from 1K to 64G (e.g. 64K, 16M, 1G)\n", t);
        return false;
    }
    *kb = (size_t)v << shift;
    return true;
}

/* Sizes like "64K,1M,16M" or a range "64K-1G" (powers of two from the
 * first): the count, or -1 (with a message) on a bad size or range. */
static int parse_sizes(const char *spec, size_t *out, int max)
{
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    char *dash = strchr(buf, '-');
    if (dash) {
        *dash = 0;
        size_t lo = 0, hi = 0;
        if (!parse_size(buf, &lo) || !parse_size(dash + 1, &hi))
            return -1;
        if (lo > hi) {
            fprintf(stderr, GAME_PROGRAM " ttlab: the size range %s runs backwards\n", spec);
            return -1;
        }
        for (size_t kb = lo; kb <= hi && n < max; kb *= 2)
            out[n++] = kb;
        return n;
    }
    char *save = NULL;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (n == max) {
            fprintf(stderr, GAME_PROGRAM " ttlab: more than %d sizes\n", max);
            return -1;
        }
        if (!parse_size(t, &out[n++]))
            return -1;
    }
    if (n == 0)
        fprintf(stderr, GAME_PROGRAM " ttlab: no table size in '%s'\n", spec);
    return n ? n : -1;
}

/* The variants each experiment compares, applied to every scheme listed. */
typedef struct {
    const char *suffix;
    LabSettings set;
} LabVariant;

static const LabVariant PLAIN[] = {{"", {0}}};
static const LabVariant DEPTH0[] = {{" store-depth0", {0}}, {" no-depth0", {.no_depth0 = true}}};
static const LabVariant ORDERING[] = {{" tt-move", {0}}, {" no-tt-move", {.no_tt_move = true}}};
/* The table move's worth with the other ordering switched off in turn: does the rest of the ordering
 * decide how much the table move adds? (Reductions still read the histories; only the order changes.) */
enum { OFF_HISTORY = ORDER_OFF_QUIET_HISTORY | ORDER_OFF_CAPTURE_HISTORY, OFF_ALL = OFF_HISTORY | ORDER_OFF_KILLERS };
static const LabVariant ABLATION[] = {
    {" tt-move", {0}},
    {" no-tt-move", {.no_tt_move = true}},
    {" no-killers tt-move", {.ordering_off = ORDER_OFF_KILLERS}},
    {" no-killers no-tt-move", {.no_tt_move = true, .ordering_off = ORDER_OFF_KILLERS}},
    {" no-history tt-move", {.ordering_off = OFF_HISTORY}},
    {" no-history no-tt-move", {.no_tt_move = true, .ordering_off = OFF_HISTORY}},
    {" mvv-lva tt-move", {.ordering_off = OFF_ALL}},
    {" mvv-lva no-tt-move", {.no_tt_move = true, .ordering_off = OFF_ALL}},
};
static const LabVariant AGING[] = {
    {" keep+aging", {0}}, {" keep no-aging", {.no_aging = true}}, {" clear-each-move", {.clear_between = true}}};
static const LabVariant MATES[] = {{" adjust", {0}},
                                   {" no-adjust", {.no_mate_adjust = true}},
                                   {" adjust pv-cuts", {.pv_cutoffs = true}},
                                   {" no-adjust pv-cuts", {.no_mate_adjust = true, .pv_cutoffs = true}}};
/* Internal iterative reduction stands in for a missing table move, so without a table it reduces every
 * PV and cut node of depth >= 4: "nodes to depth" then compares searches of different depth. */
static const LabVariant IIR[] = {{" iir", {0}}, {" no-iir", {.no_iir = true}}};

static int build_setups(const LabOptions *o, LabSetup *setups, int max)
{
    static const struct {
        const char *name;
        const LabVariant *variants;
        int count;
        bool no_table; /* "off" (no table) is a setup: its variants do not need a table */
    } EXPERIMENTS[] = {{"schemes", PLAIN, 1, true},      {"sizes", PLAIN, 1, true},
                       {"depth0", DEPTH0, 2, false},     {"ordering", ORDERING, 2, false},
                       {"ablation", ABLATION, 8, false}, {"aging", AGING, 3, false},
                       {"mates", MATES, 4, false},       {"iir", IIR, 2, true},
                       {"probecost", PLAIN, 1, false}};
    const LabVariant *variants = NULL;
    int nvariants = 0;
    bool no_table = false;
    for (size_t e = 0; e < sizeof EXPERIMENTS / sizeof EXPERIMENTS[0]; e++)
        if (!strcmp(o->experiment, EXPERIMENTS[e].name))
            variants = EXPERIMENTS[e].variants, nvariants = EXPERIMENTS[e].count, no_table = EXPERIMENTS[e].no_table;
    if (!variants) {
        fprintf(stderr, GAME_PROGRAM " ttlab: unknown experiment '%s'\n", o->experiment);
        return -1;
    }
    size_t sizes[LAB_MAX_SIZES];
    int nsizes = parse_sizes(o->sizes, sizes, LAB_MAX_SIZES), n = 0;
    if (nsizes < 0)
        return -1;
    for (int i = 0; i < nsizes; i++) {
        char list[128], *save = NULL;
        snprintf(list, sizeof list, "%s", o->schemes);
        for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            LabSetup s = {"", true, TT_AGED_BUCKET, sizes[i], {0}};
            if (!strcmp(t, "off")) {
                if (!no_table)
                    continue; /* the variants need a table */
                s.table = false;
            } else if (!tt_scheme_parse(t, &s.scheme)) {
                fprintf(stderr,
                        GAME_PROGRAM " ttlab: unknown scheme '%s' "
                                     "(always, depth, two-tier, two-layer, aged-bucket, off)\n",
                        t);
                return -1;
            }
            for (int v = 0; v < nvariants && n < max; v++) {
                const LabVariant *x = &variants[v];
                LabSetup u = s;
                snprintf(u.label, sizeof u.label, "%s%s", t, x->suffix);
                u.set = x->set;
                u.set.no_iir |= o->no_iir;
                setups[n++] = u;
            }
        }
    }
    return n;
}

static void usage(void)
{
    puts("usage: " GAME_PROGRAM " ttlab [EXPERIMENT] [options]\n"
         "experiments (default: schemes):\n"
         "  schemes   every scheme and no table, bench positions, each from a cleared table\n"
         "  sizes     same, meant for a size range (e.g. --sizes 64K-1G) to see hit rate against size\n"
         "  depth0    storing quiescence (depth-0) results or not\n"
         "  ordering  the table move ordered first or not (first-move cutoff rate)\n"
         "  ablation  the table move first or not, with killers, histories or both ignored by the\n"
         "            move ordering in turn (mvv-lva: captures by value, quiets in generation order)\n"
         "  aging     game mode: table kept with generations, kept without, cleared before each move\n"
         "  mates     mate suite (--epd FILE) with and without mate-distance adjustment\n"
         "  probecost probes and stores alone, no search: the same stream for every scheme (CPU time per\n"
         "            operation; a store follows a probe that found nothing as deep)\n"
         "  iir       internal iterative reduction on and off (without a table it reduces every PV and cut node)\n"
         "  transpositions  the game alone: nodes and distinct positions at each ply of the full tree of legal\n"
         "            moves from each bench position (--depth, at most 8; --positions; --csv)\n"
         "options:\n"
         "  --depth N          search depth (default 9)\n"
         "  --sizes LIST       table sizes, e.g. 64K,1M,16M or 64K-1G (default 64K,1M,16M)\n"
         "  --schemes LIST     always,depth,two-tier,two-layer,aged-bucket,off (default all)\n"
         "  --seeds N          repeat with N Zobrist key seeds (default 1)\n"
         "  --positions N      only the first N bench positions\n"
         "  --plies N          game mode: positions per game (default 40)\n"
         "  --epd FILE         mates mode: the suite (default tests/mates.epd)\n"
         "  --follow-depth N   mates mode: depth of the search one move later, table kept (default 3)\n"
         "  --csv FILE         also write rows as CSV\n"
         "  --no-iir           internal iterative reduction off in every setup, so that nodes to depth compare\n"
         "                     searches of one depth (not with the iir experiment, which runs both)\n"
         "  --eval WHICH       the evaluation the searches use: net (the embedded one), fitted (the hand-written\n"
         "                     one) or a net file (default: the build's, its embedded net where it has one)\n"
         "  --quiet            no progress bar");
}

/* A whole number from min to max for option opt, or false with a message. */
static bool lab_number(const char *opt, const char *v, long min, long max, int *out)
{
    long n;
    if (!proto_parse_long(v, min, max, &n)) {
        fprintf(stderr, GAME_PROGRAM " ttlab: %s takes a whole number from %ld to %ld, got '%s'\n", opt, min, max, v);
        return false;
    }
    *out = (int)n;
    return true;
}

int ttlab_main(int argc, char **argv)
{
    LabOptions o = {"schemes",
                    9,
                    1,
                    0,
                    40,
                    3,
                    NULL,
                    "tests/mates.epd",
                    "64K,1M,16M",
                    "always,depth,two-tier,two-layer,aged-bucket,off",
                    false,
                    false,
                    NULL};
    static const struct {
        const char *name;
        long min, max;
        size_t offset;
    } NUMBERS[] = {
        {"--depth", 1, MAX_DEPTH, offsetof(LabOptions, depth)},
        {"--seeds", 1, 64, offsetof(LabOptions, seeds)},
        {"--positions", 0, 1000, offsetof(LabOptions, positions)}, /* 0: all; more than there are: all */
        {"--plies", 1, 1000, offsetof(LabOptions, plies)},
        {"--follow-depth", 1, MAX_DEPTH, offsetof(LabOptions, follow_depth)},
    };
    static const struct {
        const char *name;
        size_t offset;
    } TEXTS[] = {{"--sizes", offsetof(LabOptions, sizes)},
                 {"--schemes", offsetof(LabOptions, schemes)},
                 {"--epd", offsetof(LabOptions, epd)},
                 {"--csv", offsetof(LabOptions, csv)},
                 {"--eval", offsetof(LabOptions, eval)}};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool known = false;
        for (size_t k = 0; k < sizeof NUMBERS / sizeof NUMBERS[0] && !known; k++)
            if (!strcmp(a, NUMBERS[k].name)) {
                if (!v || !lab_number(a, v, NUMBERS[k].min, NUMBERS[k].max, (int *)((char *)&o + NUMBERS[k].offset))) {
                    if (!v)
                        fprintf(stderr, GAME_PROGRAM " ttlab: %s needs a value\n", a);
                    return 2;
                }
                known = true, i++;
            }
        for (size_t k = 0; k < sizeof TEXTS / sizeof TEXTS[0] && !known; k++)
            if (!strcmp(a, TEXTS[k].name)) {
                if (!v) {
                    fprintf(stderr, GAME_PROGRAM " ttlab: %s needs a value\n", a);
                    return 2;
                }
                *(const char **)((char *)&o + TEXTS[k].offset) = v;
                known = true, i++;
            }
        if (known)
            continue;
        if (!strcmp(a, "--quiet")) {
            o.quiet = true;
        } else if (!strcmp(a, "--no-iir")) {
            o.no_iir = true;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (a[0] != '-' && i == 0) {
            o.experiment = a;
        } else {
            fprintf(stderr,
                    GAME_PROGRAM " ttlab: unexpected argument '%s' ('" GAME_PROGRAM
                                 " ttlab --help' lists the options)\n",
                    a);
            return 2;
        }
    }
    if (o.no_iir && !strcmp(o.experiment, "iir")) {
        fprintf(stderr,
                GAME_PROGRAM " ttlab: --no-iir does not apply to the iir experiment, which runs IIR on and off\n");
        return 2;
    }
    if (o.eval) { /* every experiment one command per evaluation */
        char err[256];
        if (!strcmp(o.eval, "fitted")) {
            engine_use_net(false);
        } else if (!engine_load_net(strcmp(o.eval, "net") ? o.eval : "embedded", err, sizeof err)) {
            fprintf(stderr, GAME_PROGRAM " ttlab: --eval %s: %s\n", o.eval, err);
            return 2;
        } else {
            engine_use_net(true);
        }
    }
    if (!strcmp(o.experiment, "transpositions")) /* the game's tree, no search and no table */
        return ttlab_transpositions(o.depth, o.positions, o.csv);
    static LabSetup setups[256];
    int n = build_setups(&o, setups, 256);
    if (n <= 0) {
        if (n == 0)
            fprintf(stderr, GAME_PROGRAM " ttlab: nothing to run\n");
        return 2;
    }
    if (!strcmp(o.experiment, "mates")) { /* the suite must be there before any row */
        FILE *f = fopen(o.epd, "r");
        if (!f) {
            fprintf(stderr, GAME_PROGRAM " ttlab: cannot read the mate suite %s\n", o.epd);
            return 2;
        }
        fclose(f);
    }
    FILE *csv = NULL;
    if (o.csv) {
        bool fresh = access(o.csv, F_OK) != 0;
        csv = fopen(o.csv, "a");
        if (!csv) {
            fprintf(stderr, GAME_PROGRAM " ttlab: cannot write %s\n", o.csv);
            return 2;
        }
        if (fresh)
            fprintf(csv, "%s\n", CSV_HEADER);
    }
    char evaluation[320] = "the fitted evaluation";
    if (engine_net_on())
        engine_net_describe(evaluation, sizeof evaluation);
    if (!strcmp(o.experiment, "probecost")) /* no search: neither a depth nor an evaluation means anything */
        printf("ttlab probecost: %d seed(s)\n", o.seeds);
    else
        printf("ttlab %s: depth %d, %d seed(s)%s; evaluation: %s\n", o.experiment, o.depth, o.seeds,
               o.no_iir ? ", IIR off" : "", evaluation);
    printf("%-34s %9s %2s %12s %9s %6s %6s %6s %6s %6s %5s %s\n", "setup", "size", "sd", "nodes", "cpu ms", "hit%",
           "ttcut%", "ttm1st", "ttmcut", "1stcut", "fill", "stores new/upd/repl/rej %");
    int done = 0, total = n * o.seeds;
    for (int seed = 0; seed < o.seeds; seed++) {
        game_set_key_seed((uint64_t)seed);
        for (int i = 0; i < n; i++) {
            progress(&o, done, total);
            LabResult r;
            memset(&r, 0, sizeof r);
            if (!apply_setup(&setups[i])) {
                progress(&o, ++done, total);
                continue;
            }
            if (!strcmp(o.experiment, "aging"))
                run_games(&setups[i], &o, &r);
            else if (!strcmp(o.experiment, "mates"))
                run_mates(&setups[i], &o, &r);
            else if (!strcmp(o.experiment, "probecost"))
                ttlab_probe_cost((uint64_t)seed, &r.st, &r.cpu_ms), r.fill = tt_fill_permille();
            else
                run_positions(&setups[i], &o, &r);
            progress(&o, ++done, total);
            report(csv, &o, &setups[i], seed, &r);
        }
    }
    if (csv)
        fclose(csv);
    restore_defaults();
    return 0;
}
