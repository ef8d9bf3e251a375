#define _POSIX_C_SOURCE 200809L
/*
 * xboard.c - the XBoard front end: CECP v2 (the Chess Engine Communication
 * Protocol of XBoard and WinBoard), chosen when the first command is
 * `xboard`. This file reads the commands and answers in XBoard's forms;
 * the game and the thinking job are in xboard_game.c (the design note is in
 * xboard_game.h). docs/protocol.md lists what is supported.
 */
#include "xboard.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"
#include "protocol.h"
#include "engine.h"
#include "timeman.h"
#include "xboard_game.h"

/* ---- numbers ---- */

bool xboard_parse_level(const char *args, int *mps, int64_t *base_ms, int64_t *inc_ms)
{
    char m[32], base[32], inc[32], extra[2];
    if (sscanf(args, "%31s %31s %31s %1s", m, base, inc, extra) != 3)
        return false;
    int64_t moves;
    if (num_parse_i64(m, 0, 10000, &moves) != NUM_OK)
        return false;
    /* BASE: minutes, or minutes:seconds; anything after that is ignored (the protocol reserves it). */
    char *end;
    double minutes = strtod(base, &end);
    if (end == base || !isfinite(minutes) || minutes < 0 || minutes > 1e7 || *base == '-' ||
        isspace((unsigned char)*base))
        return false;
    double seconds = 0;
    if (*end == ':') {
        char *secs = end + 1;
        seconds = strtod(secs, &end);
        if (end == secs || !isfinite(seconds) || seconds < 0 || seconds >= 60 || *secs == '-')
            return false;
    }
    if (!proto_parse_seconds(inc, false, inc_ms))
        return false;
    *mps = (int)moves;
    *base_ms = (int64_t)llround(minutes * 60000 + seconds * 1000);
    return true;
}

/* ---- commands ---- */

static void error_reply(const char *type, const char *cmd, const char *args)
{
    proto_out("Error (%s): %s%s%s", type, cmd, *args ? " " : "", args);
}

static void cmd_protover(char *args)
{
    (void)args;
#ifdef GAME_HAS_CHESS960
    const char *variants = "normal,fischerandom";
#else
    const char *variants = GAME_NAME;
#endif
    proto_out("feature done=0");
    proto_out("feature myname=\"Chariot %s\" variants=\"%s\" setboard=1 usermove=1 ping=1 playother=1 "
              "sigint=0 sigterm=0 colors=0 time=1 draw=1 analyze=1 reuse=1 name=0 nps=0 san=0 debug=1 "
              "memory=1 smp=1",
              CHARIOT_VERSION, variants);
    for (int i = 0; i < proto_option_count(); i++) {
        const EngineOption *o = proto_option(i);
        static const char *const BY_COMMAND[] = {"Hash",        "Threads",      "Ponder",     "MultiPV",
                                                 "UCI_Variant", "UCI_Chess960", "FairyRanks", "UCI_ShowWDL"};
        bool skip = false;
        for (size_t k = 0; k < sizeof BY_COMMAND / sizeof BY_COMMAND[0]; k++)
            skip |= !strcmp(o->name, BY_COMMAND[k]); /* memory, cores, hard/easy, variant; or UCI-only */
        if (skip)
            continue;
        switch (o->type) {
        case OPT_SPIN: proto_out("feature option=\"%s -spin %s %ld %ld\"", o->name, o->def, o->min, o->max); break;
        case OPT_CHECK: proto_out("feature option=\"%s -check %d\"", o->name, !strcmp(o->def, "true")); break;
        case OPT_BUTTON: proto_out("feature option=\"%s -button\"", o->name); break;
        case OPT_STRING: proto_out("feature option=\"%s -string %s\"", o->name, o->def); break;
        case OPT_COMBO: {
            char vars[256] = "", buf[128];
            snprintf(buf, sizeof buf, "%s", o->vars);
            char *save = NULL;
            for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
                snprintf(vars + strlen(vars), sizeof vars - strlen(vars), "%s%s%s", *vars ? " /// " : "",
                         strcmp(t, o->def) ? "" : "*", t);
            proto_out("feature option=\"%s -combo %s\"", o->name, vars);
            break;
        }
        }
    }
    proto_out("feature done=1");
    proto_notice("# ");
}

static void cmd_new(char *args)
{
    (void)args;
    xboard_stop_job(true);
    char err[160];
#ifdef GAME_HAS_CHESS960
    g_settings.chess960 = false;
#endif
    xboard_game_set(GAME_STARTPOS, err, sizeof err);
    g_xboard.illegal_position = g_xboard.force = g_xboard.over = false;
    g_xboard.engine_side = COLOR_SECOND;
    g_xboard.sd = 0;
    g_xboard.st_ms = 0;
    g_xboard.my_ms = g_xboard.opp_ms = g_xboard.base_ms > 0 ? g_xboard.base_ms : -1;
    g_xboard.hint = MOVE_NONE;
    g_xboard.last_score = SCORE_NONE;
    engine_new_game();
    xboard_maybe_think(); /* analysis goes on from the new position */
}

static void cmd_variant(char *args)
{
    xboard_stop_job(true);
#ifdef GAME_HAS_CHESS960
    if (!strcmp(args, "normal") || !strcmp(args, "fischerandom")) {
        g_settings.chess960 = !strcmp(args, "fischerandom");
        return;
    }
#else
    if (!strcmp(args, GAME_NAME))
        return;
#endif
    error_reply("unsupported variant", "variant", args);
}

static void cmd_setboard(char *args)
{
    char err[160];
    xboard_stop_job(true);
    if (!xboard_game_set(args, err, sizeof err)) {
        g_xboard.illegal_position = true;
        proto_out("tellusererror Illegal position: %s", err);
        return;
    }
    g_xboard.illegal_position = g_xboard.over = false;
    xboard_maybe_think();
}

static void cmd_usermove(char *args)
{
    if (g_xboard.illegal_position) {
        proto_out("Illegal move (no legal position was set up): %s", args);
        return;
    }
    if (engine_busy()) {
        pthread_mutex_lock(&g_xboard.lock);
        const XBoardPhase phase = g_xboard.phase;
        if (phase == PHASE_THINK) { /* our turn, not the GUI's */
            pthread_mutex_unlock(&g_xboard.lock);
            proto_out("Illegal move (it is the engine's turn): %s", args);
            return;
        }
        if (phase == PHASE_PONDER) {
            const Move m = xboard_parse_move(&g_xboard.game, args);
            if (m != MOVE_NONE && m == g_xboard.ponder_move) { /* ponder hit: the search goes on as our thinking */
                xboard_game_push(m);
                char why[160];
                const bool ends = game_judge(&g_xboard.game, why, sizeof why) != GAME_ONGOING;
                if (!ends) {
                    g_xboard.phase = PHASE_THINK;
                    g_xboard.think_start = time_now_ms();
                    engine_ponderhit();
                }
                pthread_mutex_unlock(&g_xboard.lock);
                if (ends) { /* the reply ended the game: the pondering is not wanted */
                    xboard_stop_job(true);
                    xboard_claim_if_over();
                }
                return;
            }
        }
        engine_stop(); /* a ponder miss, or a move while analysing: that search is over */
        pthread_mutex_unlock(&g_xboard.lock);
    }
    engine_wait(); /* the job may still be finishing (after its move, without pondering) */
    const Move m = xboard_parse_move(&g_xboard.game, args);
    if (m == MOVE_NONE) {
        proto_out("Illegal move: %s", args);
        xboard_maybe_think(); /* analysis goes on */
        return;
    }
    if (!xboard_game_push(m)) {
        proto_out("Error (out of memory): usermove %s", args);
        return;
    }
    if (!g_xboard.analyzing && xboard_claim_if_over())
        return;
    xboard_maybe_think();
}

static void cmd_go(char *args)
{
    (void)args;
    xboard_stop_job(true);
    g_xboard.force = false;
    g_xboard.engine_side = pos_side(&g_xboard.game);
    if (g_xboard.illegal_position) {
        error_reply("illegal position", "go", "");
        return;
    }
    if (g_xboard.over)
        xboard_claim_if_over(); /* say again why there is nothing to play */
    xboard_maybe_think();
}

static void cmd_playother(char *args)
{
    (void)args;
    xboard_stop_job(true);
    g_xboard.force = false;
    g_xboard.engine_side = !pos_side(&g_xboard.game);
}

static void cmd_force(char *args)
{
    (void)args;
    xboard_stop_job(true);
    g_xboard.force = true;
}

/* A follower's copy of the move the leader played (protocol.h): this process's own thinking on it ends, and
 * the move goes into the game as the engine's. Any other process answers as to an unknown command. */
static void cmd_leader_move(char *args)
{
    if (!xboard_is_follower()) {
        error_reply("unknown command", XBOARD_LEADER_MOVE, args);
        return;
    }
    xboard_stop_job(true);
    const Move m = xboard_parse_move(&g_xboard.game, args);
    if (m == MOVE_NONE || !xboard_game_push(m)) {
        error_reply("the leader's move cannot be played here", XBOARD_LEADER_MOVE, args);
        return;
    }
    proto_out("# the leader's move %s", args); /* debug output, which XBoard ignores (a follower's goes to no GUI) */
    xboard_claim_if_over();
}

static void cmd_move_now(char *args)
{
    (void)args;
    pthread_mutex_lock(&g_xboard.lock);
    if (g_xboard.phase == PHASE_THINK)
        engine_stop(); /* the job plays the best move found so far */
    pthread_mutex_unlock(&g_xboard.lock);
}

static void take_back(int n, const char *cmd)
{
    xboard_stop_job(true);
    if (g_xboard.nmoves < n) {
        error_reply("command not legal now", cmd, "");
        xboard_maybe_think();
        return;
    }
    xboard_game_rebuild(g_xboard.nmoves - n);
    g_xboard.over = false;
    xboard_maybe_think(); /* analysis goes on from the position before */
}

static void cmd_undo(char *args) { (void)args, take_back(1, "undo"); }
static void cmd_remove(char *args) { (void)args, take_back(2, "remove"); }

static void cmd_level(char *args)
{
    int mps;
    int64_t base, inc;
    if (!xboard_parse_level(args, &mps, &base, &inc)) {
        error_reply("bad time control: level MPS BASE INC, with BASE as minutes or minutes:seconds", "level", args);
        return;
    }
    pthread_mutex_lock(&g_xboard.lock);
    g_xboard.mps = mps;
    g_xboard.base_ms = base;
    g_xboard.inc_ms = inc;
    g_xboard.st_ms = 0;
    g_xboard.my_ms = g_xboard.opp_ms = base;
    pthread_mutex_unlock(&g_xboard.lock);
}

static void cmd_st(char *args)
{
    int64_t ms;
    if (!proto_parse_seconds(args, false, &ms) || ms == 0) {
        error_reply("st needs seconds above 0", "st", args);
        return;
    }
    pthread_mutex_lock(&g_xboard.lock);
    g_xboard.st_ms = ms;
    pthread_mutex_unlock(&g_xboard.lock);
}

static void cmd_sd(char *args)
{
    int64_t d;
    NumStatus st = num_parse_i64(args, 1, INT64_MAX, &d);
    if (st != NUM_OK) {
        error_reply("sd needs a depth from 1", "sd", args);
        return;
    }
    pthread_mutex_lock(&g_xboard.lock);
    g_xboard.sd = d > MAX_DEPTH ? MAX_DEPTH : (int)d;
    pthread_mutex_unlock(&g_xboard.lock);
}

static void read_clock(const char *cmd, const char *args, int64_t *ms)
{
    int64_t cs;
    if (num_parse_i64(args, -TIME_CLOCK_MAX_MS / XB_CENTISECONDS, TIME_CLOCK_MAX_MS / XB_CENTISECONDS, &cs) != NUM_OK) {
        error_reply("clock in centiseconds expected", cmd, args);
        return;
    }
    pthread_mutex_lock(&g_xboard.lock);
    *ms = cs * XB_CENTISECONDS;
    pthread_mutex_unlock(&g_xboard.lock);
}

static void cmd_time(char *args) { read_clock("time", args, &g_xboard.my_ms); }
static void cmd_otim(char *args) { read_clock("otim", args, &g_xboard.opp_ms); }

static void cmd_ping(char *args)
{
    int64_t n;
    if (num_parse_i64(args, INT64_MIN, INT64_MAX, &n) != NUM_OK) {
        error_reply("ping needs a number", "ping", args);
        return;
    }
    proto_out("pong %lld", (long long)n);
}

static void cmd_draw(char *args)
{
    (void)args;
    pthread_mutex_lock(&g_xboard.lock);
    const bool accept =
        g_xboard.last_score != SCORE_NONE && g_xboard.last_score <= XB_DRAW_ACCEPT; /* being mated included */
    pthread_mutex_unlock(&g_xboard.lock);
    if (accept)
        proto_out("offer draw");
}

static void cmd_result(char *args)
{
    (void)args;
    xboard_stop_job(true);
    g_xboard.over = true;
}

static void cmd_analyze(char *args)
{
    (void)args;
    xboard_stop_job(true);
    g_xboard.analyzing = true;
    xboard_maybe_think();
}

static void cmd_exit(char *args)
{
    (void)args;
    if (!g_xboard.analyzing) {
        error_reply("command not legal now", "exit", "");
        return;
    }
    xboard_stop_job(true);
    g_xboard.analyzing = false;
}

static void cmd_status(char *args)
{
    (void)args;
    pthread_mutex_lock(&g_xboard.lock);
    if (g_xboard.phase == PHASE_ANALYZE) {
        static Position copy; /* gen_legal makes and unmakes moves: not on the position the job reads */
        copy = g_xboard.root;
        Move list[MAX_MOVES];
        const int n = gen_legal(&copy, list);
        proto_out("stat01: %lld %llu %d 0 %d", (long long)(g_xboard.last_ms / XB_CENTISECONDS),
                  (unsigned long long)g_xboard.last_nodes, g_xboard.last_depth, n);
    }
    pthread_mutex_unlock(&g_xboard.lock);
}

static void cmd_hint(char *args)
{
    (void)args;
    char m[16] = "";
    pthread_mutex_lock(&g_xboard.lock); /* the game does not change under the lock */
    if (g_xboard.phase != PHASE_THINK && xboard_legal_or_none(&g_xboard.game, g_xboard.hint) != MOVE_NONE)
        xboard_move_text(&g_xboard.game, g_xboard.hint, m);
    pthread_mutex_unlock(&g_xboard.lock);
    if (*m)
        proto_out("Hint: %s", m);
}

static void cmd_bk(char *args)
{
    (void)args;
    proto_out(" Chariot has no opening book.");
    proto_out("%s", "");
}

/* An option changes between searches: thinking plays the best move found so far (without pondering after
 * it), pondering ends, analysis starts again with the new setting. */
static void set_option(const char *cmd, const char *name, const char *value)
{
    char err[256] = "";
    pthread_mutex_lock(&g_xboard.lock);
    g_xboard.hold = true;
    engine_stop();
    pthread_mutex_unlock(&g_xboard.lock);
    engine_wait();
    g_xboard.hold = false;
    if (!proto_set_option(name, value, err, sizeof err))
        proto_out("Error (%s): %s", err, cmd);
    if (g_xboard.analyzing)
        xboard_maybe_think();
}

static void cmd_memory(char *args)
{
    int64_t mb;
    const EngineOption *hash = proto_find_option("Hash");
    if (num_parse_i64(args, 1, INT64_MAX, &mb) != NUM_OK) {
        error_reply("memory needs megabytes from 1", "memory", args);
        return;
    }
    char v[32];
    snprintf(v, sizeof v, "%lld", (long long)(mb > hash->max ? hash->max : mb));
    set_option("memory", "Hash", v);
}

static void cmd_cores(char *args)
{
    int64_t n;
    if (num_parse_i64(args, 1, INT64_MAX, &n) != NUM_OK) {
        error_reply("cores needs a count from 1", "cores", args);
        return;
    }
    char v[32];
    snprintf(v, sizeof v, "%lld", (long long)(n > MAX_THREADS ? MAX_THREADS : n));
    set_option("cores", "Threads", v);
}

/* option NAME[=VALUE]; a check option's VALUE is 0 or 1. */
static void cmd_option(char *args)
{
    char *eq = strchr(args, '=');
    const char *value = NULL;
    if (eq) {
        *eq = 0;
        value = eq + 1;
    }
    const EngineOption *o = proto_find_option(args);
    if (o && o->type == OPT_CHECK && value && (!strcmp(value, "0") || !strcmp(value, "1")))
        value = *value == '1' ? "true" : "false";
    if (!o) {
        error_reply("unknown option", "option", args);
        return;
    }
    set_option("option", o->name, value);
}

static void set_ponder(bool on)
{
    pthread_mutex_lock(&g_xboard.lock);
    g_xboard.ponder = on;
    pthread_mutex_unlock(&g_xboard.lock);
}

static void cmd_hard(char *args) { (void)args, set_ponder(true); }
static void cmd_easy(char *args) { (void)args, set_ponder(false); }
static void cmd_post(char *args) { (void)args, atomic_store(&g_xboard.post, true); }
static void cmd_nopost(char *args) { (void)args, atomic_store(&g_xboard.post, false); }
static void cmd_ignored(char *args) { (void)args; }

static const struct {
    const char *name;
    void (*run)(char *args);
} COMMANDS[] = {
    {"protover", cmd_protover},
    {"new", cmd_new},
    {"variant", cmd_variant},
    {"setboard", cmd_setboard},
    {"usermove", cmd_usermove},
    {"go", cmd_go},
    {"playother", cmd_playother},
    {"force", cmd_force},
    {"?", cmd_move_now},
    {"undo", cmd_undo},
    {"remove", cmd_remove},
    {"level", cmd_level},
    {"st", cmd_st},
    {"sd", cmd_sd},
    {"time", cmd_time},
    {"otim", cmd_otim},
    {"ping", cmd_ping},
    {"draw", cmd_draw},
    {"result", cmd_result},
    {"analyze", cmd_analyze},
    {"exit", cmd_exit},
    {".", cmd_status},
    {"hint", cmd_hint},
    {"bk", cmd_bk},
    {"memory", cmd_memory},
    {"cores", cmd_cores},
    {"option", cmd_option},
    {"hard", cmd_hard},
    {"easy", cmd_easy},
    {"post", cmd_post},
    {"nopost", cmd_nopost},
    {"xboard", cmd_ignored},
    {"accepted", cmd_ignored},
    {"rejected", cmd_ignored},
    {"random", cmd_ignored},
    {"computer", cmd_ignored},
    {"name", cmd_ignored},
    {"rating", cmd_ignored},
    {"ics", cmd_ignored},
    {XBOARD_LEADER_MOVE, cmd_leader_move},
};

/* Does the word look like a move in coordinates (so that a wrong one is an illegal move, not an unknown command)? */
static bool looks_like_move(const char *w)
{
    return (strlen(w) >= 4 && isalpha((unsigned char)w[0]) && isdigit((unsigned char)w[1])) || !strncmp(w, "O-O", 3);
}

/* One line; false on quit. */
static bool xboard_command(char *text)
{
    char *args, *line = proto_split_command(text, &args);
    if (!*line)
        return true;
    if (!strcmp(line, "quit")) {
        xboard_stop_job(true);
        return false;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(line, COMMANDS[i].name)) {
            COMMANDS[i].run(args);
            return true;
        }
    if (!*args && looks_like_move(line)) { /* a move without `usermove` (protocol version 1) */
        cmd_usermove(line);
        return true;
    }
    error_reply("unknown command", line, args);
    return true;
}

static atomic_bool running; /* xboard_running */

bool xboard_running(void) { return atomic_load(&running); }

int xboard_loop_from(char *first)
{
    char err[160], line[16384];
    g_settings.fairy_ranks = false; /* XBoard counts 10 ranks from 0 */
    g_xboard.engine_side = COLOR_SECOND;
    g_xboard.my_ms = g_xboard.opp_ms = -1;
    g_xboard.last_score = SCORE_NONE;
    g_xboard.phase = PHASE_IDLE;
    atomic_store(&g_xboard.post, false);
    xboard_game_set(GAME_STARTPOS, err, sizeof err);
    atomic_store(&running, true);
    proto_out("%s", ""); /* the protocol asks for a newline after `xboard` in place of any prompt */
    bool go_on = !first || xboard_command(first);
    for (ReadLine r; go_on && (r = proto_read_bounded(proto_input(), line, sizeof line)) != READ_EOF;) {
        if (r == READ_TOO_LONG)
            proto_out("Error (line longer than %zu characters): ignored", sizeof line - 2);
        else
            go_on = xboard_command(line);
    }
    xboard_stop_job(true);
    atomic_store(&running, false);
    free(g_xboard.moves);
    g_xboard.moves = NULL;
    g_xboard.nmoves = g_xboard.cap = 0;
    return 0;
}
