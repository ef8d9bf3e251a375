#define _POSIX_C_SOURCE 200809L
/*
 * uci.c - the UCI front end (Pikafish dialect: ranks 0-9, `w`/`b` FENs;
 * ranks 1-10 for Fairy-style hosts with the FairyRanks option).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "numparse.h"
#include "protocol.h"
#include "engine.h"
#include "timeman.h"

static Position game;

static void print_score(char *buf, size_t len, Score s)
{
    if (score_is_mate(s))
        snprintf(buf, len, "mate %d", score_mate_moves(s));
    else
        snprintf(buf, len, "cp %d", s);
}

static void on_info(const SearchInfo *info, void *ctx)
{
    (void)ctx;
    char score[64], pv[MAX_PLY * 7];
    print_score(score, sizeof score, info->score);
    if (g_settings.show_wdl) {
        int w, d, l;
        proto_wdl(info->score, &w, &d, &l);
        snprintf(score + strlen(score), sizeof score - strlen(score), " wdl %d %d %d", w, d, l);
    }
    proto_pv_str(&game, info->pv, info->pv_len, pv, sizeof pv); /* the search's root is the game position */
    uint64_t nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : info->nodes * 1000;
    proto_out("info depth %d seldepth %d multipv %d score %s%s nodes %llu nps %llu hashfull %d time %lld pv %s",
              info->depth, info->seldepth, info->multipv, score,
              info->bound == BOUND_LOWER       ? " lowerbound"
                  : info->bound == BOUND_UPPER ? " upperbound"
                                               : "",
              (unsigned long long)info->nodes, (unsigned long long)nps, info->hashfull, (long long)info->time_ms, pv);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ctx;
    static Position after; /* the ponder move is written from the position after the best move */
    char b[8], p[8] = "";
    proto_move_str(&game, best, b);
    if (best != MOVE_NONE && ponder != MOVE_NONE) {
        after = game;
        pos_make(&after, best);
        proto_move_str(&after, ponder, p);
    }
    proto_rule_notes(&game, best);
    if (best == MOVE_NONE)
        proto_out("bestmove (none)");
    else if (ponder != MOVE_NONE)
        proto_out("bestmove %s ponder %s", b, p);
    else
        proto_out("bestmove %s", b);
}

static void cmd_uci(char *args)
{
    (void)args;
    proto_out("id name Chariot " CHARIOT_VERSION);
    proto_out("id author the Chariot developers");
    for (int i = 0; i < proto_option_count(); i++) {
        const EngineOption *o = proto_option(i);
        switch (o->type) {
        case OPT_SPIN:
            proto_out("option name %s type spin default %s min %ld max %ld", o->name, o->def, o->min, o->max);
            break;
        case OPT_CHECK: proto_out("option name %s type check default %s", o->name, o->def); break;
        case OPT_BUTTON: proto_out("option name %s type button", o->name); break;
        case OPT_STRING: proto_out("option name %s type string default %s", o->name, o->def); break;
        case OPT_COMBO: {
            char vars[256];
            proto_option_vars(o, vars, sizeof vars);
            proto_out("option name %s type combo default %s%s", o->name, o->def, vars);
            break;
        }
        }
    }
    proto_notice("info string ");
    proto_out("uciok");
}

static void cmd_setoption(char *args)
{
    /* setoption name <id...> [value <x...>] */
    char *name = strstr(args, "name");
    if (!name) {
        proto_error("setoption needs 'name <option>'");
        return;
    }
    name += 4;
    char *value = strstr(name, " value ");
    if (value) {
        *value = 0;
        value += 7;
    }
    while (isspace((unsigned char)*name))
        name++;
    char *end = name + strlen(name);
    while (end > name && isspace((unsigned char)end[-1]))
        *--end = 0;
    while (value && isspace((unsigned char)*value))
        value++;
    char err[256] = "";
    if (!proto_set_option(name, value, err, sizeof err))
        proto_error("%s", err);
}

/* A refused go is still answered: the GUI waits for exactly one bestmove. */
static void refuse_go(const char *why)
{
    proto_error("go refused: %s", why);
    proto_out("bestmove (none)");
}

/* go perft N on the worker thread, so that isready, stop and quit are served meanwhile. */
typedef struct {
    Position pos;
    int depth;
} PerftJob;
static PerftJob perft_job;

static void run_perft(void *arg)
{
    PerftJob *job = arg;
    bench_perft_divide(&job->pos, job->depth);
}

/* The go parameters that take a number: the range accepted, and whether a
 * value above it is taken as the maximum (announced) or refused. */
typedef enum {
    GO_DEPTH,
    GO_NODES,
    GO_MOVETIME,
    GO_WTIME,
    GO_BTIME,
    GO_WINC,
    GO_BINC,
    GO_MOVESTOGO,
    GO_MATE,
    GO_PERFT
} GoParam;
static const struct {
    const char *name;
    int64_t min, max;
    bool clamp_high, clamp_low; /* beyond the range: take the bound (announced) instead of refusing */
} GO_PARAMS[] = {
    [GO_DEPTH] = {"depth", 1, MAX_DEPTH, true, false},
    [GO_NODES] = {"nodes", 1, INT64_MAX, false, false},
    [GO_MOVETIME] = {"movetime", 1, TIME_CLOCK_MAX_MS, true, false},
    [GO_WTIME] = {"wtime", 1, TIME_CLOCK_MAX_MS, true, true}, /* a flagged clock can come as 0 or less */
    [GO_BTIME] = {"btime", 1, TIME_CLOCK_MAX_MS, true, true},
    [GO_WINC] = {"winc", 0, TIME_CLOCK_MAX_MS, true, false},
    [GO_BINC] = {"binc", 0, TIME_CLOCK_MAX_MS, true, false},
    [GO_MOVESTOGO] = {"movestogo", 1, 1000, true, false},
    [GO_MATE] = {"mate", 1, MAX_PLY / 2, true, false},
    [GO_PERFT] = {"perft", 1, 20, false, false},
};
enum { GO_PARAM_COUNT = sizeof GO_PARAMS / sizeof GO_PARAMS[0] };

/* Reads the number after parameter k into *v; false (why says it) when the go is to be refused. */
static bool go_number(int k, const char *tok, int64_t *v, char *why, size_t len)
{
    const char *name = GO_PARAMS[k].name;
    NumStatus st = num_parse_i64(tok, INT64_MIN, INT64_MAX, v);
    if (st != NUM_OK) {
        if (st == NUM_EMPTY)
            snprintf(why, len, "'%s' is missing its number", name);
        else
            snprintf(why, len, "%s '%s' %s (a whole number from %lld to %lld)", name, tok, num_status_text(st),
                     (long long)GO_PARAMS[k].min, (long long)GO_PARAMS[k].max);
        return false;
    }
    if ((*v > GO_PARAMS[k].max && GO_PARAMS[k].clamp_high) || (*v < GO_PARAMS[k].min && GO_PARAMS[k].clamp_low)) {
        int64_t to = *v > GO_PARAMS[k].max ? GO_PARAMS[k].max : GO_PARAMS[k].min;
        proto_out("info string %s %lld taken as %lld", name, (long long)*v, (long long)to);
        *v = to;
    }
    if (*v < GO_PARAMS[k].min || *v > GO_PARAMS[k].max) {
        snprintf(why, len, "%s %lld is out of range (%lld to %lld)", name, (long long)*v, (long long)GO_PARAMS[k].min,
                 (long long)GO_PARAMS[k].max);
        return false;
    }
    return true;
}

static void cmd_go(char *args)
{
    SearchLimits l;
    search_limits_init(&l);
    l.multipv = g_settings.multipv;
    l.overhead = g_settings.move_overhead;
    char *save = NULL, why[256];
    int64_t v = 0;
    for (char *tok = strtok_r(args, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(tok, "infinite")) {
            l.infinite = true;
            continue;
        }
        if (!strcmp(tok, "ponder")) {
            l.ponder = true;
            continue;
        }
        if (!strcmp(tok, "searchmoves")) { /* the rest of the line */
            char rest[8192] = "", err[128];
            for (char *m; (m = strtok_r(NULL, " \t", &save));)
                snprintf(rest + strlen(rest), sizeof rest - strlen(rest), "%s ", m);
            l.nsearchmoves = proto_parse_moves(&game, rest, l.searchmoves, MAX_MOVES, err, sizeof err);
            if (l.nsearchmoves < 0) {
                snprintf(why, sizeof why, "searchmoves: %s", err);
                refuse_go(why);
                return;
            }
            break;
        }
        int k = 0;
        while (k < GO_PARAM_COUNT && strcmp(tok, GO_PARAMS[k].name))
            k++;
        if (k == GO_PARAM_COUNT) {
            snprintf(why, sizeof why, "unknown parameter '%s'", tok);
            refuse_go(why);
            return;
        }
        if (!go_number(k, strtok_r(NULL, " \t", &save), &v, why, sizeof why)) {
            if (k == GO_PERFT)
                proto_error("go perft: %s", why); /* perft answers with counts, not with bestmove */
            else
                refuse_go(why);
            return;
        }
        switch ((GoParam)k) {
        case GO_DEPTH: l.depth = (int)v; break; /* each value is within its range, so the casts keep it */
        case GO_NODES: l.nodes = (uint64_t)v; break;
        case GO_MOVETIME: l.movetime = v; break;
        case GO_WTIME: l.time[COLOR_FIRST] = v; break; /* white is the side that moves first: Red in xiangqi */
        case GO_BTIME: l.time[COLOR_SECOND] = v; break;
        case GO_WINC: l.inc[COLOR_FIRST] = v; break;
        case GO_BINC: l.inc[COLOR_SECOND] = v; break;
        case GO_MOVESTOGO: l.movestogo = (int)v; break;
        case GO_MATE: l.mate = (int)v; break;
        case GO_PERFT:
            perft_job.pos = game;
            perft_job.depth = (int)v;
            if (!engine_run_job(run_perft, &perft_job)) {
                proto_out("info string could not start a thread for perft: counting here (stop is not read)");
                run_perft(&perft_job);
            }
            return;
        }
    }
    if (!l.depth && !l.nodes && !l.movetime && !l.mate && l.time[COLOR_FIRST] < 0 && l.time[COLOR_SECOND] < 0)
        l.infinite = true; /* a bare "go": think until "stop" */
    static const SearchReporter rep = {on_info, on_bestmove, NULL};
    proto_start_search(&game, &l, &rep);
}

static void cmd_display(char *args)
{
    (void)args;
    char buf[1024], fen[128];
    pos_print(&game, buf, sizeof buf);
    pos_get_fen(&game, fen, sizeof fen);
    printf("%s\nFen: %s\nKey: %016llx\nEval: %d (side to move)\n", buf, fen, (unsigned long long)pos_key(&game),
           engine_evaluate(&game));
    fflush(stdout);
}

static void cmd_isready(char *args)
{
    (void)args;
    proto_out("readyok");
}

static void cmd_ucinewgame(char *args)
{
    (void)args;
    engine_new_game();
}

static void set_position(const char *text)
{
    char err[256];
    if (!proto_parse_position(&game, text, err, sizeof err))
        proto_position_error(&game, err);
}

static void cmd_position(char *args) { set_position(args); }

/* UCI-cyclone: `fen ...` and `startpos ...` without the "position" keyword. */
static void cmd_position_as(const char *word, const char *args)
{
    char buf[8192];
    snprintf(buf, sizeof buf, "%s %s", word, args);
    set_position(buf);
}

static void cmd_fen(char *args) { cmd_position_as("fen", args); }

static void cmd_startpos(char *args) { cmd_position_as("startpos", args); }

static void cmd_stop(char *args)
{
    (void)args;
    engine_stop();
    engine_wait();
}

static void cmd_ponderhit(char *args)
{
    (void)args;
    if (!engine_ponderhit())
        proto_out("info string ponderhit ignored: no search is pondering");
}

static void cmd_eval(char *args)
{
    (void)args;
    proto_report_eval(&game, "info string ");
}

static void cmd_bench(char *args)
{
    long depth = 0; /* the default */
    char *save, *tok = strtok_r(args, " \t", &save), *extra = tok ? strtok_r(NULL, " \t", &save) : NULL;
    if (tok && !proto_parse_long(tok, 1, MAX_DEPTH, &depth))
        proto_error("bench: '%s' is not a depth from 1 to %d", tok, MAX_DEPTH);
    else if (extra)
        proto_error("bench takes one number, the depth; unexpected '%s'", extra);
    else
        bench_run((int)depth, 0, 0);
}

/* `help`: the commands, for a person who started the engine by hand. */
static void cmd_help(char *args)
{
    (void)args;
    proto_out("Chariot speaks UCI here (a GUI starts with 'uci'). Commands:\n"
              "  uci | isready | ucinewgame | quit\n"
              "  setoption name NAME [value VALUE]   ('uci' lists the options)\n"
              "  position startpos | fen FEN  [moves M1 M2 ...]   (moves in coordinates)\n"
              "  go [depth N | nodes N | movetime MS | mate N | infinite | ponder | perft N |\n"
              "      wtime MS btime MS [winc MS binc MS] [movestogo N] | searchmoves M ...]\n"
              "  stop | ponderhit\n"
              "  d (the board and its FEN) | eval | bench [DEPTH] | help\n"
              "%s"
              "Outside this loop: " GAME_PROGRAM " --help lists the command line's commands\n"
              "  (analyze, play, judge, bench, perft, ttlab, datagen).",
#ifdef GAME_HAS_UCCI
              "The first command 'ucci' or 'xboard' chooses UCCI or the XBoard protocol instead.\n"
#else
              "The first command 'xboard' chooses the XBoard protocol instead.\n"
#endif
    );
}

/* While a search runs: nothing that changes what it works on, starts another or waits for its end (bench after
 * go infinite would never return), so that the engine keeps reading stop and isready. */
static const ProtoCommand COMMANDS[] = {
    {"uci", cmd_uci, true},
    {"isready", cmd_isready, true},
    {"ucinewgame", cmd_ucinewgame, false},
    {"setoption", cmd_setoption, false},
    {"position", cmd_position, false},
    {"fen", cmd_fen, false},
    {"startpos", cmd_startpos, false},
    {"go", cmd_go, false},
    {"stop", cmd_stop, true},
    {"ponderhit", cmd_ponderhit, true},
    {"d", cmd_display, true},
    {"eval", cmd_eval, true},
    {"bench", cmd_bench, false},
    {"help", cmd_help, true},
};

/* One line; returns false on quit. */
static bool uci_command(char *line)
{
    char *args, *cmd = proto_split_command(line, &args);
    if (!*cmd)
        return true;
    if (!strcmp(cmd, "quit")) {
        engine_stop();
        engine_wait();
        return false;
    }
    if (!proto_run_command(COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], cmd, args, "searching", "bestmove (none)"))
        proto_error("unknown command '%s'", cmd);
    return true;
}

void uci_session_begin(void)
{
    char err[64];
    pos_set_fen(&game, GAME_STARTPOS, err, sizeof err);
}

bool uci_session_line(char *line) { return uci_command(line); }

int uci_loop_from(char *first)
{
    uci_session_begin();
    bool go_on = !first || uci_command(first);
    char line[16384];
    while (go_on && proto_read_line(line, sizeof line))
        go_on = uci_command(line);
    if (go_on) /* the end of input, not quit */
        proto_end_of_input();
    engine_stop();
    engine_wait();
    return 0;
}
