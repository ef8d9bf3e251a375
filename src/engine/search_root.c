/*
 * search_root.c - iterative deepening with aspiration windows, the root
 * move list, Lazy SMP helpers' iteration patterns, and the choice of the
 * move to play. One node of the search is search_node() in search.c.
 */
#include <string.h>

#include "skill.h"
#include "thread.h"
#include "timeman.h"

/* Stable sort of root moves [from, to) by score, best first. */
static void sort_root(RootMove *r, int from, int to)
{
    for (int i = from + 1; i < to; i++) {
        RootMove x = r[i];
        int j = i;
        for (; j > from && r[j - 1].score < x.score; j--)
            r[j] = r[j - 1];
        r[j] = x;
    }
}

static bool in_moves(const Move *list, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

static bool pv_equal(const PvLine *a, const PvLine *b)
{
    return a->len == b->len && !memcmp(a->moves, b->moves, (size_t)a->len * sizeof(Move));
}

/* `shown` (the main thread's) keeps the first line last reported, so that the
 * move played and its ponder move can be checked against what the GUI shows. */
static void send_info(const SearchThread *t, const SearchReporter *rep, int depth, int seldepth, int multipv,
                      Score score, Bound bound, const Move *pv, int len)
{
    SearchInfo info;
    info.depth = depth;
    info.seldepth = imax(seldepth, depth);
    info.multipv = multipv;
    info.score = score;
    info.bound = bound;
    info.nodes = engine_nodes();
    info.time_ms = time_now_ms() - t->s.start_ms;
    info.hashfull = tt_enabled() ? threads_hashfull() : 0;
    info.pv_len = len;
    memcpy(info.pv, pv, (size_t)len * sizeof(Move));
    rep->on_info(&info, rep->ctx);
}

static void report(const SearchThread *t, const SearchReporter *rep, int depth, int npv, Bound bound, PvLine *shown)
{
    if (!rep || !rep->on_info)
        return;
    if (shown)
        *shown = t->s.root[0].pv;
    for (int i = 0; i < npv; i++) {
        const RootMove *rm = &t->s.root[i];
        send_info(t, rep, depth, rm->seldepth, i + 1, rm->score != -SCORE_INF ? rm->score : rm->prev_score,
                  i == t->s.pv_index ? bound : BOUND_EXACT, rm->pv.moves, rm->pv.len);
    }
}

/* A line completed by another process, as the last line the GUI sees. */
static void report_line(const SearchThread *t, const SearchReporter *rep, const SearchLine *line)
{
    if (rep && rep->on_info)
        send_info(t, rep, line->depth, line->depth, 1, line->score, BOUND_EXACT, line->pv, line->len);
}

static bool mate_found(const SearchThread *t)
{
    Score s = t->s.root[0].score;
    return t->limits.mate && s >= SCORE_MATE_IN_MAX && SCORE_MATE - s <= 2 * t->limits.mate - 1;
}

static int multipv_lines(const SearchThread *t);

/* A search without a depth limit stops deepening once a mate, for or
 * against, has been confirmed by iterations well past its length: deeper
 * ones only repeat the same line (an infinite search then waits for stop
 * without printing one info line per depth up to MAX_DEPTH). */
static bool mate_settled(const SearchThread *t, int depth)
{
    Score s = t->s.root[0].score;
    if (t->limits.depth > 0 || multipv_lines(t) > 1 || !score_is_mate(s))
        return false;
    int plies = SCORE_MATE - (s > 0 ? s : -s);
    return depth >= 2 * plies + MATE_SETTLED_EXTRA_DEPTH;
}

/* Lazy SMP diversity. Helpers split work with the main thread: a thread
 * about to enter a subtree another thread is searching defers that move
 * (see thread_busy_elsewhere); helpers do so at the root too, so they take
 * the root moves the main thread is not on. Helpers also skip iterations,
 * each on its own pattern (`size` iterations searched, `size` skipped,
 * shifted by `phase`), so they run ahead at other depths - but never the
 * depth asked for, and whichever thread completes it first ends the search. */
static const int SKIP_SIZE[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int SKIP_PHASE[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

/* `target` (the depth asked for, 0 if none) shifts the patterns so that
 * helper 1 searches the depths of the target's parity and reaches it early. */
static bool helper_skips(int id, int depth, int target)
{
    int i = (id - 1) % 20;
    return SMP_HELPERS_SKIP_DEPTHS && id > 0 && depth != target &&
        ((depth + target + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 != 0;
}

/* Lines the main thread reports (MultiPV, as far as there are root moves). */
static int multipv_lines(const SearchThread *t) { return iclamp(t->limits.multipv, 1, imin(t->s.nroot, MAX_MULTIPV)); }

/* The time after which the main thread starts no new iteration, in ms from the search's start (-1: none):
 * the optimum as this iteration's best move and score scale it (time_scale_percent), except that a fixed
 * time a move (movetime) is used whole. Called once per completed iteration: it also records that iteration. */
static int64_t soft_limit(SearchThread *t)
{
    const RootMove *best = &t->s.root[0];
    t->s.best_held = best->move == t->s.last_best ? t->s.best_held + 1 : 0;
    const int fall = t->s.last_score == -SCORE_INF ? 0 : t->s.last_score - best->score;
    t->s.last_best = best->move;
    t->s.last_score = best->score;
    if (t->s.optimum_ms < 0 || t->limits.movetime > 0)
        return t->s.optimum_ms;
    return t->s.optimum_ms * time_scale_percent(t->s.best_held, fall) / 100;
}

/* Iterative deepening with aspiration windows; only thread 0 reports and keeps time. */
static void iterate(SearchThread *t, const SearchReporter *rep)
{
    /* Helpers ignore the depth limit: they keep feeding the table until the main thread stops them. */
    const int max_depth = t->limits.depth > 0 && t->id == 0 ? imin(t->limits.depth, MAX_DEPTH) : MAX_DEPTH;
    const int multipv = t->id ? 1 : multipv_lines(t);
    bool stop_held = false; /* a stop that came before depth 1 was complete, carried out after it */
    for (int depth = 1; depth <= max_depth; depth++) {
        if (helper_skips(threads_helper_id(t), depth, t->limits.depth)) /* never the depth asked for */
            continue;
        for (int i = 0; i < t->s.nroot; i++)
            t->s.root[i].prev_score = t->s.root[i].score;
        const uint64_t iteration_start = t->s.stats.nodes;
        for (t->s.pv_index = 0; t->s.pv_index < multipv; t->s.pv_index++) {
            RootMove *rm = &t->s.root[t->s.pv_index];
            t->s.seldepth = 0;
            Score delta = SP(ASPIRATION_WINDOW), alpha = -SCORE_INF, beta = SCORE_INF;
            if (depth >= ASPIRATION_MIN_DEPTH && rm->prev_score != -SCORE_INF) {
                alpha = imax(rm->prev_score - delta, -SCORE_INF);
                beta = imin(rm->prev_score + delta, SCORE_INF);
            }
            for (;;) { /* aspiration loop: widen the window on each fail */
                Score v = search_node(t, alpha, beta, depth, 0, false);
                sort_root(t->s.root, t->s.pv_index, t->s.nroot);
                if (atomic_load(&g_stop))
                    break;
                if (v <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = imax(v - delta, -SCORE_INF);
                } else if (v >= beta) {
                    beta = imin(v + delta, SCORE_INF);
                } else {
                    break;
                }
                delta += delta;
            }
            sort_root(t->s.root, 0, t->s.pv_index + 1);
            if (atomic_load(&g_stop))
                break;
        }
        const bool completed = !atomic_load(&g_stop);
        t->s.iterations[depth].nodes[completed] += t->s.stats.nodes - iteration_start;
        t->s.iterations[depth].count[completed]++;
        if (!completed && depth == 1 && t->id == 0) {
            /* Stopped at once (a GUI's stop, the end of input): depth 1 again, to its end, then the stop. */
            stop_held = true;
            atomic_store(&g_stop, false);
            depth = 0;
            continue;
        }
        if (!completed)
            break;
        t->s.completed_depth = depth;
        threads_publish_line(t);
        if (t->id != 0) {
            /* A helper that completes the requested depth first ends the search for all -
             * unless the GUI shows several lines, which only the main thread searches. */
            if (t->limits.depth > 0 && depth >= t->limits.depth && multipv_lines(t) == 1)
                atomic_store(&g_stop, true);
            continue;
        }
        report(t, rep, depth, multipv, BOUND_EXACT, &t->s.shown);
        if (stop_held) {
            atomic_store(&g_stop, true);
            break;
        }
        const int64_t soft = soft_limit(t);
        if (mate_found(t) || mate_settled(t, depth) ||
            (soft >= 0 && !atomic_load(&g_pondering) && thread_elapsed(t) >= soft))
            break;
    }
}

void search_helper_run(SearchThread *t)
{
    iterate(t, NULL);
    /* Its last nodes too: the main thread sums them after the join (info, bench). */
    atomic_store_explicit(&t->published, t->s.stats.nodes, memory_order_relaxed);
}

/* The result to play: the thread that completed the deepest iteration; on
 * equal depth the better score; the main thread wins ties. With MultiPV the
 * main thread's, so that bestmove is the first of the lines the GUI shows. */
static const SearchThread *best_thread(const SearchThread *t)
{
    const SearchThread *best = t;
    if (multipv_lines(t) > 1)
        return t;
    for (int i = 1; i < engine_threads(); i++) {
        const SearchThread *h = threads_get(i);
        if (h->s.completed_depth == 0)
            continue;
        Score hs = h->s.root[0].score, bs = best->s.root[0].score;
        if (h->s.completed_depth > best->s.completed_depth ||
            (h->s.completed_depth == best->s.completed_depth && hs > bs))
            best = h;
    }
    return best;
}

/* A line another process completed (a cluster build) replaces the chosen thread's by the same rule as
 * between threads: deeper, or as deep and better; never with several lines shown or a weakened level.
 * Its first move must be one of this search's root moves (the processes search the same position under
 * the same limits by construction; this checks it). */
static bool outside_line(const SearchThread *t, const SearchThread *chosen, SearchLine *far)
{
    if (multipv_lines(t) > 1 || t->limits.weakened || !threads_outside_line(pos_key(&t->pos), far) || far->len < 1)
        return false;
    if (far->depth < chosen->s.completed_depth ||
        (far->depth == chosen->s.completed_depth && far->score <= chosen->s.root[0].score))
        return false;
    for (int i = 0; i < t->s.nroot; i++)
        if (t->s.root[i].move == far->pv[0])
            return true;
    return false;
}

/* Root moves: legal, inside searchmoves, outside banmoves; the table move first. */
static void setup_root(SearchThread *t)
{
    Position *pos = &t->pos;
    Move legal[MAX_MOVES];
    int n = gen_legal(pos, legal);
    for (int i = 0; i < n; i++) {
        if (t->limits.nsearchmoves && !in_moves(t->limits.searchmoves, t->limits.nsearchmoves, legal[i]))
            continue;
        if (in_moves(t->limits.banmoves, t->limits.nbanmoves, legal[i]))
            continue;
        RootMove *rm = &t->s.root[t->s.nroot++];
        rm->move = legal[i];
        rm->score = rm->prev_score = -SCORE_INF;
        rm->pv.moves[0] = legal[i];
        rm->pv.len = 1;
    }
    TTProbe tp = tt_probe(pos_key(pos), 0);
    for (int i = 1; i < t->s.nroot && tp.hit; i++)
        if (t->s.root[i].move == tp.data.move) {
            RootMove x = t->s.root[i];
            memmove(&t->s.root[1], &t->s.root[0], (size_t)i * sizeof(RootMove));
            t->s.root[0] = x;
        }
}

static void prepare_helpers(const SearchThread *t)
{
    for (int i = 1; i < engine_threads(); i++) {
        SearchThread *h = threads_get(i);
        h->pos = t->pos;
        h->limits = t->limits;
        memset(&h->s, 0, sizeof h->s);
        h->net = t->net;
        h->nnue[0].computed = false;
        h->s.start_ms = t->s.start_ms;
        h->s.optimum_ms = h->s.maximum_ms = -1;
        h->s.nroot = t->s.nroot;
        memcpy(h->s.root, t->s.root, (size_t)t->s.nroot * sizeof(RootMove));
        atomic_store(&h->published, 0);
        history_new_search(&h->hist);
    }
}

/* Is the side to move in pos mated (no legal move, and that loses)? */
static bool mated_now(Position *pos)
{
    Move list[MAX_MOVES];
    return gen_legal(pos, list) == 0 && game_no_move_score(pos, 0) < 0;
}

/* Can the opponent mate at once after m? */
static bool allows_mate_now(Position *pos, Move m)
{
    Move replies[MAX_MOVES];
    pos_make(pos, m);
    const int n = gen_legal(pos, replies);
    bool mate = false;
    for (int i = 0; i < n && !mate; i++) {
        pos_make(pos, replies[i]);
        mate = mated_now(pos);
        pos_unmake(pos);
    }
    pos_unmake(pos);
    return mate;
}

/* The root line a weaker player plays (skill.h). Its two rules are checked on the board, not left to the
 * shallow search: a move that mates at once is played, and a line that lets the opponent mate at once
 * counts as lost. The lines go to skill_pick best first. */
static int weaker_choice(SearchThread *t, const SearchThread *chosen)
{
    Position *pos = &t->pos;
    for (int i = 0; i < chosen->s.nroot; i++) {
        pos_make(pos, chosen->s.root[i].move);
        const bool mate = mated_now(pos);
        pos_unmake(pos);
        if (mate)
            return i;
    }
    const int n = imin(multipv_lines(chosen), SKILL_CANDIDATES);
    int order[SKILL_CANDIDATES];
    Score scores[SKILL_CANDIDATES];
    for (int i = 0; i < n; i++) { /* insertion by score, highest first */
        const Score s = allows_mate_now(pos, chosen->s.root[i].move) ? score_mated_in(2) : chosen->s.root[i].score;
        int k = i;
        for (; k > 0 && scores[k - 1] < s; k--) {
            scores[k] = scores[k - 1];
            order[k] = order[k - 1];
        }
        scores[k] = s;
        order[k] = i;
    }
    if (score_is_mate(scores[0]) && scores[0] < 0) /* every line searched lets a mate in: any move that does not */
        for (int i = n; i < chosen->s.nroot; i++)
            if (!allows_mate_now(pos, chosen->s.root[i].move))
                return i;
    return order[skill_pick(scores, n, t->limits.skill_level, (uint64_t)time_now_ms() ^ t->s.stats.nodes)];
}

Move search_run(SearchThread *t, const SearchReporter *rep)
{
    Position *pos = &t->pos;
    memset(&t->s, 0, sizeof t->s);
    t->net = threads_net();
    t->nnue[0].computed = false;
    if (t->limits.weakened) { /* a weaker player: shallower, and several lines to choose from (skill.h) */
        const int cap = skill_depth(t->limits.skill_level);
        t->limits.depth = t->limits.depth > 0 ? imin(t->limits.depth, cap) : cap;
        t->limits.multipv = imax(t->limits.multipv, SKILL_CANDIDATES);
    }
    if (threads_process_rank() != 0) { /* another process's helper: it searches until told to stop */
        SearchLimits *l = &t->limits;
        l->depth = l->mate = 0;
        l->nodes = 0;
        l->movetime = 0;
        l->time[0] = l->time[1] = -1;
        l->infinite = true;
    }
    atomic_store(&t->published, 0);
    t->s.start_ms = time_now_ms();
    time_allocate(&t->limits, pos_side(pos), &t->s.optimum_ms, &t->s.maximum_ms);
    t->s.last_best = MOVE_NONE;
    t->s.best_held = 0;
    t->s.last_score = -SCORE_INF;
    history_new_search(&t->hist);
    tt_new_search();
    pos_trim_history(pos);
    pos_set_root(pos);
    setup_root(t);
    if (t->s.nroot == 0) {
        if (rep && rep->on_info) {
            SearchInfo info = {0};
            info.score = game_no_move_score(pos, 0);
            info.bound = BOUND_EXACT;
            info.multipv = 1;
            rep->on_info(&info, rep->ctx);
        }
        thread_hold_until_released(t);
        threads_search_finished();
        if (rep && rep->on_bestmove)
            rep->on_bestmove(MOVE_NONE, MOVE_NONE, rep->ctx);
        return MOVE_NONE;
    }
    threads_set_ending(pos_key(pos), multipv_lines(t) == 1 && !t->limits.weakened ? t->limits.depth : 0);
    const bool helpers = engine_threads() > 1;
    if (helpers) {
        prepare_helpers(t);
        threads_launch_helpers();
    }
    iterate(t, rep);
    /* UCI: after `go infinite` or `go ponder`, bestmove waits for stop or ponderhit. */
    thread_hold_until_released(t);
    if (helpers) {
        atomic_store(&g_stop, true);
        threads_join_helpers();
    }
    threads_set_ending(0, 0);
    threads_search_finished();
    const SearchThread *chosen = best_thread(t);
    SearchLine far;
    if (outside_line(t, chosen, &far)) {
        report_line(t, rep, &far);
        if (rep && rep->on_bestmove)
            rep->on_bestmove(far.pv[0], far.len > 1 ? far.pv[1] : MOVE_NONE, rep->ctx);
        return far.pv[0];
    }
    /* The GUI's last line must show the line of the move played and its ponder move: a helper's, or
     * the main thread's after an iteration cut short changed its first line. */
    if (chosen->s.completed_depth > 0 && (chosen != t || !pv_equal(&t->s.shown, &chosen->s.root[0].pv)))
        report(chosen, rep, chosen->s.completed_depth, 1, BOUND_EXACT, NULL);
    const RootMove *best = &chosen->s.root[0];
    if (t->limits.weakened && chosen->s.completed_depth > 0)
        best = &chosen->s.root[weaker_choice(t, chosen)];
    if (rep && rep->on_bestmove)
        rep->on_bestmove(best->move, best->pv.len > 1 ? best->pv.moves[1] : MOVE_NONE, rep->ctx);
    return best->move;
}
