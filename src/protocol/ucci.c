#define _POSIX_C_SOURCE 200809L
/*
 * ucci.c - the UCCI front end (UCCI 3.0 as ElephantEye speaks it; see
 * specs.md section 2). Chosen when the first command is `ucci`.
 *
 * Differences from uci.c: options are printed and set without the `name`
 * and `value` keywords and have one-word lower-case names; an unknown option
 * is not an error; clocks come as `go time/increment/opptime/oppincrement`
 * in seconds unless `setoption usemillisec true`; `banmoves` forbids root
 * moves until the next `position`; `probe` shows the table entry of a
 * position; scores carry no `cp`; `nobestmove` answers a position without
 * moves, `go depth 0` and a `stop` in the idle state; `quit` ends with
 * `bye`. In batch mode no input is read while the engine thinks. Moves
 * always use ranks 0-9.
 */
#include "ucci.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numparse.h"
#include "protocol.h"
#include "engine.h"

enum { UCCI_DRAW_ACCEPT = 0 }; /* an offered draw is taken when our score is at most this */

/* The front end's state. The search thread reads `draw_offered` and writes
 * `last_score`; the protocol thread resets both before a search starts. */
typedef struct {
    Position game;
    Move ban[MAX_MOVES];
    int nban;
    bool millisec, batch, debug;
    atomic_bool draw_offered;
    Score last_score;
} Ucci;

static Ucci ucci;

/* Options: UCCI names, each either handled here or mapped to a shared one. */
typedef enum { UO_SHARED, UO_MILLISEC, UO_BATCH, UO_DEBUG, UO_ACCEPTED, UO_NEWGAME } UcciOptionKind;

static const struct {
    const char *name;
    UcciOptionKind kind;
    const char *shared; /* the ENGINE_OPTIONS name for UO_SHARED */
} UCCI_OPTIONS[] = {
    {"usemillisec", UO_MILLISEC, NULL},
    {"batch", UO_BATCH, NULL},
    {"debug", UO_DEBUG, NULL},
    {"ponder", UO_SHARED, "Ponder"},
    {"usebook", UO_ACCEPTED, NULL}, /* there is no book: accepted and ignored */
    {"newgame", UO_NEWGAME, NULL},
    {"hashsize", UO_SHARED, "Hash"},
    {"threads", UO_SHARED, "Threads"},
    {"clearhash", UO_SHARED, "Clear Hash"},
    {"moveoverhead", UO_SHARED, "Move Overhead"},
    {"ttreplace", UO_SHARED, "TTReplace"},
    {"ttstoredepth0", UO_SHARED, "TTStoreDepth0"},
    {"evalfile", UO_SHARED, "EvalFile"},
    {"usennue", UO_SHARED, "Use NNUE"},
#ifdef CHARIOT_CLUSTER
    {"clustertable", UO_SHARED, "ClusterTable"},
    {"clusternodeshare", UO_SHARED, "ClusterNodeShare"},
#endif
#ifdef GAME_REPETITION_RULES
    {"repetitionrule", UO_SHARED, "Repetition Rule"},
#endif
    {"limitstrength", UO_SHARED, "UCI_LimitStrength"},
    {"elo", UO_SHARED, "UCI_Elo"},
    {"skilllevel", UO_SHARED, "Skill Level"},
};
enum { UCCI_OPTION_COUNT = sizeof UCCI_OPTIONS / sizeof UCCI_OPTIONS[0] };

static void print_option(int i)
{
    const char *name = UCCI_OPTIONS[i].name;
    if (UCCI_OPTIONS[i].kind == UO_NEWGAME) {
        proto_out("option %s type button", name);
        return;
    }
    if (UCCI_OPTIONS[i].kind != UO_SHARED) {
        proto_out("option %s type check default false", name);
        return;
    }
    const EngineOption *o = proto_find_option(UCCI_OPTIONS[i].shared);
    switch (o->type) {
    case OPT_SPIN: proto_out("option %s type spin min %ld max %ld default %s", name, o->min, o->max, o->def); break;
    case OPT_CHECK: proto_out("option %s type check default %s", name, o->def); break;
    case OPT_BUTTON: proto_out("option %s type button", name); break;
    case OPT_STRING: proto_out("option %s type string default %s", name, o->def); break;
    case OPT_COMBO: {
        char vars[256];
        proto_option_vars(o, vars, sizeof vars);
        proto_out("option %s type combo%s default %s", name, vars, o->def);
        break;
    }
    }
}

static void cmd_ucci(void)
{
    proto_out("id name Chariot " CHARIOT_VERSION);
    proto_out("id author the Chariot developers");
    for (int i = 0; i < UCCI_OPTION_COUNT; i++)
        print_option(i);
    proto_notice("info string ");
    proto_out("ucciok");
}

static void read_bool(const char *name, const char *value, bool *out)
{
    if (!value || !proto_parse_bool(value, out))
        proto_error("option %s needs true or false, got '%s'", name, value ? value : "");
}

/* setoption <name> [<value>] */
static void cmd_setoption(char *args)
{
    char *name = strtok(args, " \t"), *value = name ? strtok(NULL, "") : NULL;
    if (!name) {
        proto_error("setoption needs an option name");
        return;
    }
    while (value && isspace((unsigned char)*value))
        value++;
    for (char *end = value ? value + strlen(value) : NULL; end && end > value && isspace((unsigned char)end[-1]);)
        *--end = 0;
    if (value && !*value)
        value = NULL;
    int i = 0;
    while (i < UCCI_OPTION_COUNT && strcasecmp(UCCI_OPTIONS[i].name, name))
        i++;
    if (i == UCCI_OPTION_COUNT) { /* the spec: unknown options are no error */
        proto_out("info string unknown option '%s' ignored", name);
        return;
    }
    bool b;
    char err[256] = "";
    switch (UCCI_OPTIONS[i].kind) {
    case UO_MILLISEC: read_bool(name, value, &ucci.millisec); break;
    case UO_BATCH: read_bool(name, value, &ucci.batch); break;
    case UO_DEBUG: read_bool(name, value, &ucci.debug); break;
    case UO_ACCEPTED: read_bool(name, value, &b); break;
    case UO_NEWGAME: engine_new_game(); break;
    case UO_SHARED: {
        const EngineOption *o = proto_find_option(UCCI_OPTIONS[i].shared);
        const char *v = value;
        if (o->type == OPT_SPIN && v && !strcmp(v, "0") && (!strcmp(o->name, "Hash") || !strcmp(o->name, "Threads")))
            /* hashsize/threads 0: the engine decides */
            v = o->def;
        if (!proto_set_option(o->name, v, err, sizeof err))
            proto_error("%s: %s", name, err);
        break;
    }
    }
}

/* A whole number from min; above max counts as max. */
static bool parse_count(const char *tok, int64_t min, int64_t max, int64_t *out)
{
    if (num_parse_i64(tok, min, INT64_MAX, out) != NUM_OK)
        return false;
    *out = *out > max ? max : *out;
    return true;
}

bool ucci_parse_go(char *args, const Position *pos, bool millisec, SearchLimits *l, UcciGo *g, char *err, size_t errlen)
{
    const Color us = pos_side(pos), them = !us;
    bool mode = false;
    char *save = NULL;
    search_limits_init(l);
    memset(g, 0, sizeof *g);
    for (char *tok = strtok_r(args, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
        if (!strcmp(tok, "ponder") || !strcmp(tok, "draw")) {
            *(tok[0] == 'p' ? &g->ponder : &g->draw) = true;
            continue;
        }
        if (!strcmp(tok, "infinite")) { /* ElephantEye takes it: the same as "depth infinite" */
            mode = true;
            continue;
        }
        char *arg = strtok_r(NULL, " \t", &save);
        int64_t n;
        bool ok;
        if (!strcmp(tok, "depth")) {
            ok = arg && (!strcmp(arg, "infinite") || parse_count(arg, 0, MAX_DEPTH, &n));
            if (ok && strcmp(arg, "infinite")) {
                l->depth = (int)n;
                g->depth0 = n == 0;
            }
        } else if (!strcmp(tok, "nodes")) {
            ok = parse_count(arg, 1, INT64_C(1) << 62, &n);
            l->nodes = ok ? (uint64_t)n : 0;
        } else if (!strcmp(tok, "time")) {
            ok = proto_parse_seconds(arg, millisec, &l->time[us]);
        } else if (!strcmp(tok, "increment")) {
            ok = proto_parse_seconds(arg, millisec, &l->inc[us]);
        } else if (!strcmp(tok, "opptime")) {
            ok = proto_parse_seconds(arg, millisec, &l->time[them]);
        } else if (!strcmp(tok, "oppincrement")) {
            ok = proto_parse_seconds(arg, millisec, &l->inc[them]);
        } else if (!strcmp(tok, "movetime")) { /* not UCCI 3.0, but UCI2WB sends it for a fixed time per move */
            ok = proto_parse_seconds(arg, millisec, &l->movetime) && l->movetime > 0;
        } else if (!strcmp(tok, "movestogo")) {
            ok = parse_count(arg, 1, 999, &n);
            l->movestogo = ok ? (int)n : 0;
        } else if (!strcmp(tok, "oppmovestogo")) {
            ok = parse_count(arg, 1, 999, &n); /* checked, not used */
        } else {
            snprintf(err, errlen, "go: unknown parameter '%s'", tok);
            return false;
        }
        if (!ok) {
            snprintf(err, errlen, "go: '%s' needs %s, got '%s'", tok,
                     !strcmp(tok, "depth")          ? "a depth from 0 or 'infinite'"
                         : strstr(tok, "movestogo") ? "a whole number of moves from 1"
                         : !strcmp(tok, "nodes")    ? "a whole number from 1"
                         : !strcmp(tok, "movetime") ? "a time above 0"
                                                    : "a time of 0 or more",
                     arg ? arg : "");
            return false;
        }
        mode |= !strcmp(tok, "depth") || !strcmp(tok, "nodes") || !strcmp(tok, "time") || !strcmp(tok, "movetime");
    }
    if (g->ponder && g->draw) {
        snprintf(err, errlen, "go: 'ponder' and 'draw' do not combine (send 'ponderhit draw')");
        return false;
    }
    if (l->time[us] < 0 && (l->inc[us] || l->movestogo)) {
        snprintf(err, errlen, "go: 'increment' and 'movestogo' need 'time'");
        return false;
    }
    /* No depth, nodes or time, or depth infinite: think until a mate is found or stop. */
    g->unlimited = !mode || (l->depth == 0 && !g->depth0 && !l->nodes && l->time[us] < 0 && !l->movetime);
    if (g->unlimited)
        l->mate = MAX_PLY / 2;
    l->ponder = g->ponder;
    l->multipv = 1;
    l->overhead = g_settings.move_overhead;
    return true;
}

static void on_info(const SearchInfo *info, void *ctx)
{
    Ucci *u = ctx;
    char pv[MAX_PLY * 7];
    if (info->multipv != 1)
        return;
    u->last_score = info->score;
    proto_pv_str(&u->game, info->pv, info->pv_len, pv, sizeof pv);
    proto_out("info depth %d score %d%s%s", info->depth, info->score, *pv ? " pv " : "", pv);
    proto_out("info time %lld nodes %llu", (long long)info->time_ms, (unsigned long long)info->nodes);
    if (u->debug)
        proto_out("info string seldepth %d hashfull %d", info->seldepth, info->hashfull);
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    Ucci *u = ctx;
    char b[8], p[16] = "";
    proto_rule_notes(&u->game, best);
    if (best == MOVE_NONE) {
        proto_out("nobestmove");
        return;
    }
    proto_move_str(&u->game, best, b);
    if (ponder != MOVE_NONE) {
        static Position after; /* the ponder move is written from the position after the best move */
        after = u->game;
        pos_make(&after, best);
        strcpy(p, " ponder ");
        proto_move_str(&after, ponder, p + 8);
    }
    bool draw = atomic_load(&u->draw_offered) && u->last_score != SCORE_NONE && u->last_score <= UCCI_DRAW_ACCEPT;
    proto_out("bestmove %s%s%s", b, p, draw ? " draw" : "");
}

static void cmd_go(char *args)
{
    SearchLimits l;
    UcciGo g;
    char err[256];
    if (!ucci_parse_go(args, &ucci.game, ucci.millisec, &l, &g, err, sizeof err)) {
        proto_error("%s", err);
        proto_out("nobestmove"); /* a refused go is answered too: the GUI waits for one */
        return;
    }
    if (g.depth0) {
        proto_out("info depth 0 score %d", engine_evaluate(&ucci.game));
        proto_out("nobestmove");
        return;
    }
    if (ucci.batch && g.unlimited) { /* nobody could send stop */
        proto_error("go: in batch mode no input is read while thinking, so a search without depth, nodes or time "
                    "could not be stopped; give one of them");
        proto_out("nobestmove");
        return;
    }
    if (ucci.batch && l.ponder) { /* nobody could send ponderhit */
        proto_out("info string go ponder in batch mode: searching without pondering");
        l.ponder = false;
    }
    memcpy(l.banmoves, ucci.ban, (size_t)ucci.nban * sizeof(Move));
    l.nbanmoves = ucci.nban;
    atomic_store(&ucci.draw_offered, g.draw);
    ucci.last_score = SCORE_NONE;
    static const SearchReporter rep = {on_info, on_bestmove, &ucci};
    proto_start_search(&ucci.game, &l, &rep);
    if (ucci.batch)
        engine_wait();
}

static void cmd_position(char *args)
{
    char err[256];
    if (!proto_parse_position(&ucci.game, args, err, sizeof err))
        proto_position_error(&ucci.game, err);
    else
        ucci.nban = 0;
}

static void cmd_banmoves(char *args)
{
    Move list[MAX_MOVES];
    char err[128];
    int n = proto_parse_moves(&ucci.game, args, list, MAX_MOVES, err, sizeof err);
    if (n < 0) {
        proto_error("banmoves: %s", err);
        return;
    }
    memcpy(ucci.ban, list, (size_t)n * sizeof(Move));
    ucci.nban = n;
}

/* probe [fen <FEN> | startpos] [moves ...]: the table entry, read only. */
static void cmd_probe(char *args)
{
    static Position pos;
    char err[256], out[160] = "pophash";
    while (isspace((unsigned char)*args))
        args++;
    if (!*args)
        pos = ucci.game;
    else if (!proto_parse_position(&pos, args, err, sizeof err)) {
        proto_error("probe: %s", err);
        return;
    }
    TTProbe tp = tt_probe(pos_key(&pos), 0);
    if (tp.hit) {
        const TTData *d = &tp.data;
        size_t n = strlen(out);
        if (d->move && pos_is_pseudo_legal(&pos, d->move) && pos_is_legal(&pos, d->move)) {
            char m[8];
            proto_move_str(&pos, d->move, m);
            n += (size_t)snprintf(out + n, sizeof out - n, " bestmove %s", m);
        }
        if (d->value != SCORE_NONE && (d->bound & BOUND_LOWER))
            n += (size_t)snprintf(out + n, sizeof out - n, " lowerbound %d depth %d", d->value, d->depth);
        if (d->value != SCORE_NONE && (d->bound & BOUND_UPPER))
            snprintf(out + n, sizeof out - n, " upperbound %d depth %d", d->value, d->depth);
    }
    proto_out("%s", out);
}

static void cmd_isready(char *args) { (void)args, proto_out("readyok"); }

static void cmd_stop(char *args)
{
    (void)args;
    if (!engine_busy()) {
        proto_out("nobestmove");
        return;
    }
    engine_stop();
    engine_wait();
}

static void cmd_ponderhit(char *args)
{
    if (!engine_busy()) {
        proto_error("ponderhit: not thinking");
        return;
    }
    if (strstr(args, "draw"))
        atomic_store(&ucci.draw_offered, true);
    if (!engine_ponderhit())
        proto_out("info string ponderhit ignored: the search is not pondering");
}

static const ProtoCommand COMMANDS[] = {
    {"isready", cmd_isready, true},
    {"setoption", cmd_setoption, false},
    {"position", cmd_position, false},
    {"banmoves", cmd_banmoves, false},
    {"go", cmd_go, false},
    {"probe", cmd_probe, true},
    {"ponderhit", cmd_ponderhit, true},
    {"stop", cmd_stop, true},
};

/* One line; returns false on quit. */
static bool ucci_command(char *text)
{
    char *args, *line = proto_split_command(text, &args);
    if (!*line)
        return true;
    if (!strcmp(line, "quit")) {
        engine_stop();
        engine_wait();
        proto_out("bye");
        return false;
    }
    if (!strcmp(line, "ucci")) {
        cmd_ucci();
        return true;
    }
    if (!proto_run_command(COMMANDS, sizeof COMMANDS / sizeof COMMANDS[0], line, args, "thinking", "nobestmove"))
        proto_error("unknown command '%s'", line);
    return true;
}

int ucci_loop_from(char *first)
{
    char err[64], line[16384];
    pos_set_fen(&ucci.game, GAME_STARTPOS, err, sizeof err);
    g_settings.fairy_ranks = false; /* UCCI moves always use ranks 0-9 */
    bool go_on = !first || ucci_command(first);
    while (go_on && proto_read_line(line, sizeof line))
        go_on = ucci_command(line);
    if (go_on) /* the end of input, not quit */
        proto_end_of_input();
    engine_stop();
    engine_wait();
    return 0;
}
