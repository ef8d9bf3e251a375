#define _POSIX_C_SOURCE 200809L
/*
 * xboard_game.c - the XBoard front end's game and the engine's thinking on
 * it: the game as a start position and a move list, the results claimed,
 * the time limits from XBoard's clocks, the thinking output, and the job
 * that thinks, plays, ponders and analyses (threads: xboard_game.h).
 */
#include "xboard_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"
#include "engine.h"
#include "timeman.h"

XBoard g_xboard = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* Several processes (protocol.h): set once before the loop starts, then only read. */
static void (*leader_hook)(const char *move);
static bool follower;

void xboard_set_leader_hook(void (*played)(const char *move)) { leader_hook = played; }
void xboard_set_follower(bool on) { follower = on; }
bool xboard_is_follower(void) { return follower; }

typedef struct {
    Move best, ponder;
} JobResult;

/* ---- the game ---- */

static void game_prepare(void) { proto_prepare_search(&g_xboard.game); }

/* start_fen plus the first n moves of moves[]. */
void xboard_game_rebuild(int n)
{
    char err[160];
    pos_set_fen(&g_xboard.game, g_xboard.start_fen, err, sizeof err); /* it was accepted before */
    for (int i = 0; i < n; i++) {
        pos_make(&g_xboard.game, g_xboard.moves[i]);
        pos_trim_history(&g_xboard.game);
    }
    g_xboard.nmoves = n;
    game_prepare();
}

bool xboard_game_push(Move m)
{
    if (g_xboard.nmoves == g_xboard.cap) {
        int cap = g_xboard.cap ? g_xboard.cap * 2 : 256;
        Move *grown = realloc(g_xboard.moves, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        g_xboard.moves = grown;
        g_xboard.cap = cap;
    }
    g_xboard.moves[g_xboard.nmoves++] = m;
    pos_make(&g_xboard.game, m);
    pos_trim_history(&g_xboard.game);
    game_prepare();
    return true;
}

bool xboard_game_set(const char *fen, char *err, size_t errlen)
{
    static Position probe;
    if (strlen(fen) >= sizeof g_xboard.start_fen) {
        snprintf(err, errlen, "FEN longer than %zu characters", sizeof g_xboard.start_fen - 1);
        return false;
    }
    if (!pos_set_fen(&probe, fen, err, errlen))
        return false;
#ifdef GAME_HAS_CHESS960
    char why[200];
    if (!g_settings.chess960 && !pos_castling_standard(&probe, why, sizeof why)) {
        snprintf(err, errlen, "%s; play it as variant fischerandom", why);
        return false;
    }
#endif
    snprintf(g_xboard.start_fen, sizeof g_xboard.start_fen, "%s", fen);
    xboard_game_rebuild(0);
    return true;
}

/* Coordinates as XBoard writes them (ranks 0-9 on xiangqi's 10 ranks); castling in Fischer random as O-O. */
void xboard_move_text(const Position *pos, Move m, char out[16])
{
    proto_move_str(pos, m, out);
#ifdef GAME_HAS_CHESS960
    char san[16];
    if (g_settings.chess960) {
        pos_move_text(pos, m, MOVE_STYLE_HUMAN, san);
        if (!strncmp(san, "O-O", 3)) {
            san[strspn(san, "O-")] = 0;
            snprintf(out, 16, "%s", san);
        }
    }
#endif
}

Move xboard_parse_move(const Position *pos, const char *text)
{
    Move m = proto_parse_move(pos, text);
    return m != MOVE_NONE ? m : pos_parse_human(pos, text); /* O-O, O-O-O and SAN */
}

/* "1-0 {checkmate}" when the game is over (the claim XBoard expects); true if it is. */
bool xboard_claim_if_over(void)
{
    char why[160];
    const GameResult r = game_judge(&g_xboard.game, why, sizeof why);
    if (r == GAME_ONGOING)
        return false;
    g_xboard.over = true;
    proto_out("%s {%s}", game_result_str(r), why);
    return true;
}

/* ---- thinking ---- */

static int our_moves_played(Color us)
{
    /* moves made by `us` since the start position */
    const Color first =
        (g_xboard.nmoves % 2 == 0) == (pos_side(&g_xboard.game) == us) ? us : !us; /* side to move at the start */
    return first == us ? (g_xboard.nmoves + 1) / 2 : g_xboard.nmoves / 2;
}

/* Limits for the engine's move in the game's position (the ponder search: after the expected reply). */
static void think_limits(SearchLimits *l, Color us)
{
    search_limits_init(l);
    l->multipv = 1;
    l->overhead = g_settings.move_overhead;
    l->depth = g_xboard.sd;
    proto_apply_strength(l);
    if (g_xboard.st_ms > 0) {
        l->movetime = g_xboard.st_ms;
        return;
    }
    if (g_xboard.my_ms < 0 && g_xboard.base_ms <= 0) {
        if (!g_xboard.sd)
            l->movetime = XB_DEFAULT_MOVETIME;
        return;
    }
    const int64_t mine = g_xboard.my_ms >= 0 ? g_xboard.my_ms : g_xboard.base_ms;
    const int64_t theirs = g_xboard.opp_ms >= 0 ? g_xboard.opp_ms : mine;
    l->time[us] = mine > 0 ? mine : 1; /* a flagged clock still gets the quickest move */
    l->time[!us] = theirs > 0 ? theirs : 1;
    l->inc[us] = l->inc[!us] = g_xboard.inc_ms;
    if (g_xboard.mps > 0)
        l->movestogo = g_xboard.mps - our_moves_played(us) % g_xboard.mps;
}

static void on_info(const SearchInfo *info, void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&g_xboard.lock);
    const bool show = atomic_load(&g_xboard.post) && g_xboard.phase != PHASE_PONDER;
    if (g_xboard.phase != PHASE_PONDER) {
        g_xboard.last_score = info->score;
        g_xboard.last_depth = info->depth;
        g_xboard.last_nodes = info->nodes;
        g_xboard.last_ms = info->time_ms;
    }
    pthread_mutex_unlock(&g_xboard.lock);
    if (!show || info->multipv != 1)
        return;
    char pv[MAX_PLY * 7];
    proto_pv_str(&g_xboard.root, info->pv, info->pv_len, pv, sizeof pv);
    long score = info->score;
    if (score_is_mate(info->score)) {
        const int n = score_mate_moves(info->score);
        score = n > 0 ? XB_MATE_SCORE + n : -XB_MATE_SCORE + n;
    }
    proto_out("%d %ld %lld %llu %s%s", info->depth, score, (long long)(info->time_ms / XB_CENTISECONDS),
              (unsigned long long)info->nodes, pv,
              info->bound == BOUND_LOWER       ? "!"
                  : info->bound == BOUND_UPPER ? "?"
                                               : "");
}

static void on_bestmove(Move best, Move ponder, void *ctx)
{
    JobResult *r = ctx;
    r->best = best;
    r->ponder = ponder;
}

/* A legal move in pos, or MOVE_NONE. */
Move xboard_legal_or_none(const Position *pos, Move m)
{
    return m != MOVE_NONE && pos_is_pseudo_legal(pos, m) && pos_is_legal(pos, m) ? m : MOVE_NONE;
}

/* Under the lock: the engine's move, found by the search, goes into the game and out to the GUI. The
 * reply to expect (for pondering and `hint`) is the line's second move, or else the table's move for the
 * position after ours (a line cut short by the clock after a fail high has only its first move). */
static void play_engine_move(JobResult *r, Color us)
{
    char m[16];
    if (r->best == MOVE_NONE) { /* no legal move: the position ends the game */
        xboard_claim_if_over();
        return;
    }
    const int64_t used = time_now_ms() - g_xboard.think_start;
    xboard_move_text(&g_xboard.game, r->best, m);
    if (!xboard_game_push(r->best)) {
        proto_out("tellusererror out of memory for the game's moves");
        return;
    }
    r->ponder = xboard_legal_or_none(&g_xboard.game, r->ponder);
    if (r->ponder == MOVE_NONE) {
        const TTProbe tp = tt_probe(pos_key(&g_xboard.game), 0);
        r->ponder = tp.hit ? xboard_legal_or_none(&g_xboard.game, tp.data.move) : MOVE_NONE;
    }
    g_xboard.hint = r->ponder;
    /* Our clock as XBoard will run it, until its next `time`. */
    if (g_xboard.my_ms >= 0 && g_xboard.st_ms <= 0) {
        g_xboard.my_ms += g_xboard.inc_ms - used;
        if (g_xboard.mps > 0 && our_moves_played(us) % g_xboard.mps == 0)
            g_xboard.my_ms += g_xboard.base_ms;
    }
    if (leader_hook)
        leader_hook(m); /* before the GUI can answer the move */
    proto_out("move %s", m);
    xboard_claim_if_over();
}

static SearchLimits job_limits; /* the first search of the job; set before it starts */

static void think_job(void *arg)
{
    (void)arg;
    static const SearchReporter proto = {on_info, on_bestmove, NULL};
    JobResult result;
    SearchReporter rep = proto;
    rep.ctx = &result;
    SearchLimits l = job_limits;
    const Color us = pos_side(&g_xboard.root);
    /* No control reset before the first search: engine_run_job made it, and a stop requested since must stand. */
    for (;;) {
        result.best = result.ponder = MOVE_NONE;
        engine_job_search(&g_xboard.root, &l, &rep);
        pthread_mutex_lock(&g_xboard.lock);
        if (g_xboard.discard || g_xboard.phase != PHASE_THINK) /* stopped: unwanted, analysis, or a ponder miss */
            break;
        if (follower) /* the leader plays; its move comes as a line (cmd_leader_move) */
            break;
        play_engine_move(&result, us);
        if (!g_xboard.ponder || g_xboard.hold || g_xboard.over || g_xboard.force || result.ponder == MOVE_NONE)
            break;
        /* Ponder: think on our next move as if the expected reply had come. */
        g_xboard.root = g_xboard.game;
        pos_make(&g_xboard.root, result.ponder);
        pos_trim_history(&g_xboard.root);
        think_limits(&l, us);
        l.ponder = true;
        g_xboard.ponder_move = result.ponder;
        g_xboard.phase = PHASE_PONDER;
        engine_job_reset(true);
        pthread_mutex_unlock(&g_xboard.lock);
    }
    g_xboard.phase = PHASE_IDLE;
    g_xboard.ponder_move = MOVE_NONE;
    engine_job_finishing();
    pthread_mutex_unlock(&g_xboard.lock);
}

/* Starts the job (thinking or analysis) when the engine is to move or analysing. */
void xboard_maybe_think(void)
{
    if (g_xboard.illegal_position ||
        (!g_xboard.analyzing && (g_xboard.force || g_xboard.over || pos_side(&g_xboard.game) != g_xboard.engine_side)))
        return;
    if (!g_xboard.analyzing && xboard_claim_if_over())
        return;
    engine_wait();
    pthread_mutex_lock(&g_xboard.lock); /* no job runs: the first search is set up here, in the phase it will run in */
    g_xboard.discard = false;
    g_xboard.root = g_xboard.game;
    if (g_xboard.analyzing) {
        search_limits_init(&job_limits);
        job_limits.infinite = true;
        job_limits.multipv = 1;
        g_xboard.phase = PHASE_ANALYZE;
    } else {
        think_limits(&job_limits, pos_side(&g_xboard.game));
        g_xboard.phase = PHASE_THINK;
    }
    g_xboard.think_start = time_now_ms();
    pthread_mutex_unlock(&g_xboard.lock);
    if (!engine_run_job(think_job, NULL)) {
        g_xboard.phase = PHASE_IDLE;
        proto_out("tellusererror could not start the search thread");
    }
}

/* Stops whatever the job does; with `unwanted` the move it was about to play is dropped. */
void xboard_stop_job(bool unwanted)
{
    pthread_mutex_lock(&g_xboard.lock);
    if (unwanted)
        g_xboard.discard = true;
    engine_stop();
    pthread_mutex_unlock(&g_xboard.lock);
    engine_wait();
    g_xboard.discard = false;
}
