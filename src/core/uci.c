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
#include "protocol.h"
#include "thread.h"

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
    proto_pv_str(info->pv, info->pv_len, pv, sizeof pv);
    uint64_t nps = info->time_ms > 0 ? info->nodes * 1000 / (uint64_t)info->time_ms : info->nodes * 1000;
    proto_out("info depth %d seldepth %d multipv %d score %s%s nodes %llu nps %llu hashfull %d time %lld pv %s",
              info->depth, info->seldepth, info->multipv, score,
              info->bound == BOUND_LOWER ? " lowerbound" : info->bound == BOUND_UPPER ? " upperbound" : "",
              (unsigned long long)info->nodes, (unsigned long long)nps, info->hashfull, (long long)info->time_ms, pv);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ctx;
    char b[8], p[8];
    proto_move_str(best, b);
    proto_move_str(ponder, p);
    if (best == MOVE_NONE)
        proto_out("bestmove (none)");
    else if (ponder != MOVE_NONE)
        proto_out("bestmove %s ponder %s", b, p);
    else
        proto_out("bestmove %s", b);
}

static void cmd_uci(void)
{
    proto_out("id name Chariot 0.1");
    proto_out("id author the Chariot developers");
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *o = &ENGINE_OPTIONS[i];
        switch (o->type) {
        case OPT_SPIN: proto_out("option name %s type spin default %s min %ld max %ld", o->name, o->def, o->min, o->max); break;
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

static bool read_int64(char **save, int64_t *out)
{
    char *tok = strtok_r(NULL, " \t", save);
    char *end;
    if (!tok)
        return false;
    long long v = strtoll(tok, &end, 10);
    if (*end)
        return false;
    *out = v;
    return true;
}

static void cmd_go(char *args)
{
    SearchLimits l;
    search_limits_init(&l);
    l.multipv = g_settings.multipv;
    l.overhead = g_settings.move_overhead;
    char *save = NULL;
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
                proto_error("searchmoves: %s", err);
                return;
            }
            break;
        }
        static const char *const NUMERIC[] = {"depth", "nodes", "movetime", "wtime", "btime",
                                              "winc",  "binc",  "movestogo", "mate", "perft"};
        int k = 0, nk = (int)(sizeof NUMERIC / sizeof NUMERIC[0]);
        while (k < nk && strcmp(tok, NUMERIC[k]))
            k++;
        if (k == nk) {
            proto_error("go: unknown parameter '%s'", tok);
            return;
        }
        if (!read_int64(&save, &v)) {
            proto_error("go: '%s' is missing its number", tok);
            return;
        }
        switch (k) {
        case 0: l.depth = (int)iclamp((int)imin(v, 1000), 1, MAX_DEPTH); break;
        case 1: l.nodes = v > 0 ? (uint64_t)v : 1; break;
        case 2: l.movetime = v > 0 ? v : 1; break;
        case 3: l.time[RED] = v > 0 ? v : 1; break;
        case 4: l.time[BLACK] = v > 0 ? v : 1; break;
        case 5: l.inc[RED] = v > 0 ? v : 0; break;
        case 6: l.inc[BLACK] = v > 0 ? v : 0; break;
        case 7: l.movestogo = (int)iclamp((int)imin(v, 1000), 0, 1000); break;
        case 8: l.mate = (int)iclamp((int)imin(v, 1000), 0, MAX_PLY / 2); break;
        default:
            bench_perft_divide(&game, (int)iclamp((int)imin(v, 100), 1, 20));
            return;
        }
    }
    if (!l.depth && !l.nodes && !l.movetime && !l.mate && l.time[RED] < 0 && l.time[BLACK] < 0)
        l.infinite = true; /* a bare "go": think until "stop" */
    static const SearchReporter rep = {on_info, on_bestmove, NULL};
    threads_start(&game, &l, &rep);
}

static void cmd_display(void)
{
    char buf[1024], fen[128];
    pos_print(&game, buf, sizeof buf);
    pos_get_fen(&game, fen, sizeof fen);
    printf("%s\nFen: %s\nKey: %016llx\nEval: %d (side to move)\n", buf, fen, (unsigned long long)pos_key(&game),
           eval_evaluate(&game));
    fflush(stdout);
}

/* One line; returns false on quit. */
static bool uci_command(char *line)
{
    char *args = line;
    while (*args && !isspace((unsigned char)*args))
        args++;
    if (*args)
        *args++ = 0;
    const char *cmd = line;
    char err[256];
    if (!*cmd)
        return true;
    /* While a search runs: nothing that changes what it works on, starts another or waits for its end
     * (bench after go infinite would never return), so the engine keeps reading stop and isready. */
    static const char *const NOT_WHILE_SEARCHING[] = {"ucinewgame", "setoption", "position", "fen",
                                                      "startpos",   "go",        "bench"};
    for (size_t i = 0; i < sizeof NOT_WHILE_SEARCHING / sizeof NOT_WHILE_SEARCHING[0]; i++)
        if (!strcmp(cmd, NOT_WHILE_SEARCHING[i]) && threads_busy()) {
            proto_error("%s ignored while searching (send stop first)", cmd);
            return true;
        }
    if (!strcmp(cmd, "quit")) {
        threads_stop();
        threads_wait();
        return false;
    } else if (!strcmp(cmd, "uci"))
        cmd_uci();
    else if (!strcmp(cmd, "isready"))
        proto_out("readyok");
    else if (!strcmp(cmd, "ucinewgame"))
        threads_new_game();
    else if (!strcmp(cmd, "setoption"))
        cmd_setoption(args);
    else if (!strcmp(cmd, "position") || !strcmp(cmd, "fen") || !strcmp(cmd, "startpos")) {
        char buf[8192];
        if (strcmp(cmd, "position")) /* UCI-cyclone: no "position" keyword */
            snprintf(buf, sizeof buf, "%s %s", cmd, args);
        else
            snprintf(buf, sizeof buf, "%s", args);
        if (!proto_parse_position(&game, buf, err, sizeof err))
            proto_error("%s", err);
    } else if (!strcmp(cmd, "go"))
        cmd_go(args);
    else if (!strcmp(cmd, "stop")) {
        threads_stop();
        threads_wait();
    } else if (!strcmp(cmd, "ponderhit"))
        threads_ponderhit();
    else if (!strcmp(cmd, "d"))
        cmd_display();
    else if (!strcmp(cmd, "eval"))
        proto_out("info string eval %d (side to move)", eval_evaluate(&game));
    else if (!strcmp(cmd, "bench")) {
        long depth = 0; /* the default */
        char *save, *tok = strtok_r(args, " \t", &save), *extra = tok ? strtok_r(NULL, " \t", &save) : NULL;
        if (tok && !proto_parse_long(tok, 1, MAX_DEPTH, &depth)) {
            proto_error("bench: '%s' is not a depth from 1 to %d", tok, MAX_DEPTH);
        } else if (extra) {
            proto_error("bench takes one number, the depth; unexpected '%s'", extra);
        } else {
            threads_wait();
            bench_run((int)depth, 0, 0);
        }
    } else
        proto_error("unknown command '%s'", cmd);
    return true;
}

int uci_loop_from(char *first)
{
    char err[64];
    pos_set_fen(&game, GAME_STARTPOS, err, sizeof err);
    bool go_on = !first || uci_command(first);
    char line[16384];
    while (go_on && proto_read_line(line, sizeof line))
        go_on = uci_command(line);
    threads_stop();
    threads_wait();
    return 0;
}
