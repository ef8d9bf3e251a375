/*
 * search.c - iterative deepening with aspiration windows around a PVS
 * negamax alpha-beta search and a quiescence search.
 */
#include <math.h>
#include <string.h>

#include "movepick.h"
#include "thread.h"
#include "timeman.h"

static int8_t LMR_TABLE[64][64];

void search_init(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            LMR_TABLE[d][m] = (int8_t)(LMR_BASE + log(d) * log(m) / LMR_DIVISOR);
}

void search_limits_init(SearchLimits *l)
{
    memset(l, 0, sizeof *l);
    l->time[0] = l->time[1] = -1;
    l->inc[0] = l->inc[1] = 0;
    l->multipv = 1;
}

void search_clear_history(SearchThread *t) { history_clear(&t->hist); }

static inline bool should_stop(SearchThread *t)
{
    if (atomic_load_explicit(&g_stop, memory_order_relaxed))
        return true;
    const uint64_t n = t->s.stats.nodes;
    bool stop = false;
    if ((n & (CHECK_STOP_EVERY - 1)) == 0) {
        atomic_store_explicit(&t->published, n, memory_order_relaxed);
        if (t->id == 0 && threads_count() > 1)
            t->s.others_nodes = threads_nodes() - n;
        stop = thread_time_up(t);
    }
    if (t->id == 0 && t->limits.nodes && n + t->s.others_nodes >= t->limits.nodes)
        stop = true;
    if (stop)
        atomic_store(&g_stop, true);
    return stop;
}

static inline Score evaluate(SearchThread *t)
{
    const Key key = pos_key(&t->pos);
    EvalCacheEntry *e = &t->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
    if (e->key != key) {
        e->key = key;
        e->value = eval_evaluate(&t->pos);
    }
    return e->value;
}

static inline Score rule_score(RuleResult r, int ply)
{
    return r == RULE_WIN ? score_mate_in(ply) : r == RULE_LOSS ? score_mated_in(ply) : SCORE_DRAW;
}

/* Can a table entry decide this node? */
static inline bool tt_cuts(const TTData *d, Score beta)
{
    return d->value != SCORE_NONE && (d->bound & (d->value >= beta ? BOUND_LOWER : BOUND_UPPER));
}

static inline void pv_update(PvLine *dst, Move m, const PvLine *child)
{
    dst->moves[0] = m;
    memcpy(dst->moves + 1, child->moves, (size_t)child->len * sizeof(Move));
    dst->len = child->len + 1;
}

static void count_store(SearchThread *t, TTStoreResult r) { t->s.stats.stores[r]++; }

/* Continuation rows of the moves that led to this ply and the one before. */
static HistoryContext history_context(SearchThread *t, int ply)
{
    int16_t *none = &t->hist.cont[0][0][0][0];
    HistoryContext hc = {none, none};
    if (ply >= 1 && t->s.stack[ply].cont)
        hc.cont1 = t->s.stack[ply].cont;
    if (ply >= 2 && t->s.stack[ply - 1].cont)
        hc.cont2 = t->s.stack[ply - 1].cont;
    return hc;
}

/* Record the move about to be made at `ply` in the stack of the child. */
static inline void stack_push_move(SearchThread *t, int ply, Move m)
{
    const Position *pos = &t->pos;
    StackEntry *child = &t->s.stack[ply + 1];
    child->move = m;
    child->cont = m == MOVE_NULL ? NULL : &t->hist.cont[pos_piece_on(pos, move_from(m))][move_to(m)][0][0];
}

static Score qsearch(SearchThread *t, Score alpha, Score beta, int ply)
{
    Position *pos = &t->pos;
    SearchStats *st = &t->s.stats;
    const bool pv = beta - alpha > 1;
    t->s.stack[ply].pv.len = 0;
    if (atomic_load_explicit(&g_stop, memory_order_relaxed))
        return 0;
    st->nodes++;
    st->qnodes++;
    if (should_stop(t))
        return 0;
    if (ply > t->s.seldepth)
        t->s.seldepth = ply;
    /* 1. Rules: repetition, perpetual check, move count. */
    RuleResult rule = pos_rule_status(pos);
    if (rule != RULE_NONE)
        return rule_score(rule, ply);
    const bool in_check = pos_in_check(pos);
    if (ply >= MAX_PLY)
        return in_check ? SCORE_DRAW : evaluate(t);
    /* 2. Table: any stored depth is enough here. */
    st->tt_probes++;
    TTProbe tp = tt_probe(pos_key(pos), ply);
    st->tt_hits += tp.hit;
    if (!pv && tp.hit && tt_cuts(&tp.data, beta)) {
        st->tt_cutoffs++;
        return tp.data.value;
    }
    /* 3. Stand pat, unless in check (then every evasion is searched). */
    Score best = score_mated_in(ply);
    if (!in_check) {
        best = evaluate(t);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    /* 4. Captures (or evasions). */
    MovePicker mp;
    HistoryContext hc = history_context(t, ply);
    movepick_init_qs(&mp, pos, &t->hist, &hc, t->limits.no_tt_move ? MOVE_NONE : tp.data.move);
    Move m, best_move = MOVE_NONE;
    while ((m = movepick_next(&mp)) != MOVE_NONE) {
        if (!pos_is_legal(pos, m))
            continue;
        if (!in_check && !pos_see_ge(pos, m, QS_SEE_THRESHOLD))
            continue;
        /* Delta pruning: a capture that cannot lift the stand-pat score near alpha. */
        if (!in_check && best + QS_FUTILITY_MARGIN <= alpha && !pos_see_ge(pos, m, alpha - best - QS_FUTILITY_MARGIN + 1))
            continue;
        stack_push_move(t, ply, m);
        pos_make(pos, m);
        Score v = -qsearch(t, -beta, -alpha, ply + 1);
        pos_unmake(pos);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (v >= beta)
                    break;
                alpha = v;
            }
        }
    }
    /* 5. Store at depth 0 (quiescence results). */
    Bound b = best >= beta ? BOUND_LOWER : pv && best_move ? BOUND_EXACT : BOUND_UPPER;
    count_store(t, tt_store(tp.group, pos_key(pos), ply, best, b, 0, best_move));
    return best;
}

static Score search(SearchThread *t, Score alpha, Score beta, Depth depth, int ply, bool cut_node)
{
    Position *pos = &t->pos;
    SearchStats *st = &t->s.stats;
    StackEntry *ss = &t->s.stack[ply];
    const bool root = ply == 0, pv = beta - alpha > 1;
    const bool in_check = pos_in_check(pos);

    /* 1. Check extension: a side in check searches one ply deeper. */
    if (in_check)
        depth++;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);
    ss->pv.len = 0;
    if (!root && atomic_load_explicit(&g_stop, memory_order_relaxed))
        return 0;
    st->nodes++;
    if (ply > t->s.seldepth)
        t->s.seldepth = ply;
    if (!root) {
        if (should_stop(t))
            return 0;
        /* 2. Rules: repetition with perpetual check, move-count draw. */
        RuleResult rule = pos_rule_status(pos);
        if (rule != RULE_NONE)
            return rule_score(rule, ply);
        if (ply >= MAX_PLY - 1)
            return in_check ? SCORE_DRAW : evaluate(t);
        /* 3. Mate-distance pruning: no line here can beat a shorter mate found already. */
        alpha = imax(alpha, score_mated_in(ply));
        beta = imin(beta, score_mate_in(ply + 1));
        if (alpha >= beta)
            return alpha;
    }
    /* 4. Table probe: a cutoff needs enough depth and a fitting bound, never at PV nodes. */
    st->tt_probes++;
    TTProbe tp = tt_probe(pos_key(pos), ply);
    st->tt_hits += tp.hit;
    if ((!pv || t->limits.tt_pv_cutoffs) && !root && tp.hit && tp.data.depth >= depth &&
        (tt_cuts(&tp.data, beta) || (pv && tp.data.bound == BOUND_EXACT))) {
        st->tt_cutoffs++;
        return tp.data.value;
    }
    /* 5. Static evaluation, sharpened by the table's bound when it fits;
     *    "improving" when it beats the evaluation two plies ago. */
    Score eval = SCORE_NONE;
    bool improving = false;
    if (!in_check) {
        eval = evaluate(t);
        if (tp.hit && tp.data.value != SCORE_NONE && (tp.data.bound & (tp.data.value > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tp.data.value;
        improving = ply >= 2 && t->s.stack[ply - 2].static_eval != SCORE_NONE && eval > t->s.stack[ply - 2].static_eval;
    }
    ss->static_eval = eval;
    const bool prunable = !pv && !in_check && !root && !score_is_mate(eval) && !score_is_mate(beta);
    /* 6. Reverse futility: far enough above beta that a shallow search will not fall below it. */
    if (prunable && depth <= RFP_MAX_DEPTH && eval - RFP_MARGIN * (depth - improving) >= beta)
        return eval;
    /* 7. Razoring: far below alpha near the leaves; believe quiescence if it agrees. */
    if (prunable && depth <= RAZOR_MAX_DEPTH && eval + RAZOR_BASE + RAZOR_PER_DEPTH2 * depth * depth < alpha) {
        Score v = qsearch(t, alpha, alpha + 1, ply);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (v <= alpha)
            return v;
    }
    /* 8. Null move: if passing still holds beta, the position is good enough. */
    if (prunable && depth >= NULL_MOVE_MIN_DEPTH && eval >= beta && ss->move != MOVE_NULL && pos_null_ok(pos)) {
        int r = NULL_MOVE_BASE_R + depth / NULL_MOVE_DEPTH_DIV + imin((eval - beta) / NULL_MOVE_EVAL_DIV, 3);
        stack_push_move(t, ply, MOVE_NULL);
        pos_make_null(pos);
        Score v = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
        pos_unmake_null(pos);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (v >= beta)
            return score_is_mate(v) ? beta : v;
    }
    /* 9. Internal iterative reduction: no table move to start from, search a ply less. */
    if (!root && depth >= IIR_MIN_DEPTH && (pv || cut_node) && !(tp.hit && tp.data.move))
        depth--;
    /* 10. The moves: table move, captures, killers, quiets, bad captures. */
    MovePicker mp;
    Move tt_move = root ? t->s.root[t->s.pv_index].move : t->limits.no_tt_move ? MOVE_NONE : tp.data.move;
    HistoryContext hc = history_context(t, ply);
    movepick_init(&mp, pos, &t->hist, &hc, root ? MOVE_NONE : tt_move, ply);
    Move quiets[64], captures[64], deferred[MAX_MOVES], best_move = MOVE_NONE, m;
    int nquiets = 0, ncaptures = 0, moves = 0, root_i = t->s.pv_index, ndeferred = 0, next_deferred = 0;
    bool skip_quiets = false;
    const int lmp_limit = (LMP_BASE + depth * depth) / (improving ? 1 : 2);
    const bool may_defer = threads_count() > 1 && depth >= SMP_DEFER_MIN_DEPTH;
    Score best = -SCORE_INF;
    for (;;) {
        bool from_deferred = false;
        if (root)
            m = root_i < t->s.nroot ? t->s.root[root_i++].move : MOVE_NONE;
        else
            m = movepick_next(&mp);
        if (m == MOVE_NONE && next_deferred < ndeferred) {
            m = deferred[next_deferred++];
            from_deferred = true;
        }
        if (m == MOVE_NONE)
            break;
        if (!root && !from_deferred && !pos_is_legal(pos, m))
            continue;
        const bool capture = pos_is_capture(pos, m);
        const int hist_score =
            capture ? 0 : history_quiet_score(&t->hist, &hc, pos_side(pos), pos_piece_on(pos, move_from(m)), m);
        /* 11. Shallow pruning of late moves, once a move has saved us from being mated. */
        if (!root && !in_check && best > -SCORE_MATE_IN_MAX && !from_deferred) {
            if (!capture) {
                if (skip_quiets)
                    continue;
                if (!pos_gives_check(pos, m)) {
                    int lmr_depth = imax(depth - 1 - LMR_TABLE[imin(depth, 63)][imin(moves + 1, 63)], 0);
                    if (depth <= LMP_MAX_DEPTH && moves >= lmp_limit) { /* late-move pruning */
                        skip_quiets = true;
                        continue;
                    }
                    if (lmr_depth <= FUTILITY_MAX_DEPTH && eval != SCORE_NONE &&
                        eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * lmr_depth <= alpha)
                        continue;
                    if (lmr_depth <= SEE_QUIET_MAX_DEPTH && !pos_see_ge(pos, m, -SEE_QUIET_MARGIN * lmr_depth * lmr_depth))
                        continue;
                }
            } else if (depth <= SEE_CAPTURE_MAX_DEPTH && !pos_see_ge(pos, m, -SEE_CAPTURE_MARGIN * depth) &&
                       !pos_gives_check(pos, m)) {
                continue;
            }
        }
        /* Lazy SMP work splitting: leave a subtree another thread is in for later. */
        if (may_defer && moves > 0 && !from_deferred && (!root || t->id != 0)) {
            pos_make(pos, m);
            bool busy = thread_busy_elsewhere(pos_key(pos));
            pos_unmake(pos);
            if (busy) {
                deferred[ndeferred++] = m;
                continue;
            }
        }
        moves++;
        if (moves == 1 && m == tt_move && tt_move)
            st->tt_move_tried++;
        stack_push_move(t, ply, m);
        pos_make(pos, m);
        tt_prefetch(pos_key(pos));
        const Key child_key = pos_key(pos);
        if (may_defer)
            thread_mark_busy(child_key);
        const bool gives_check = pos_in_check(pos);
        const Depth new_depth = depth - 1;
        Score v;
        /* 12. PVS: first move with the full window, the rest with a null
         *     window, late quiet moves reduced (LMR: more at cut nodes and when
         *     not improving, less for PV nodes, checks and moves with good
         *     history) and re-searched if they surprise. */
        if (moves == 1) {
            v = -search(t, -beta, -alpha, new_depth, ply + 1, !pv && !cut_node);
        } else {
            int r = 0;
            if (depth >= LMR_MIN_DEPTH && moves > LMR_MIN_MOVES && !capture && !in_check) {
                r = LMR_TABLE[imin(depth, 63)][imin(moves, 63)] - pv + cut_node + !improving - gives_check;
                r -= hist_score / LMR_HISTORY_DIV;
                if (m == mp.killer1 || m == mp.killer2)
                    r--;
                r = iclamp(r, 0, new_depth - 1);
            }
            v = -search(t, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (v > alpha && r)
                v = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            if (v > alpha && v < beta && pv)
                v = -search(t, -beta, -alpha, new_depth, ply + 1, false);
        }
        pos_unmake(pos);
        if (may_defer)
            thread_unmark_busy(child_key);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (root) { /* 9. Root bookkeeping: score and PV of each root move. */
            RootMove *rm = &t->s.root[root_i - 1];
            if (rm->move != m) /* a deferred root move (helpers only) */
                for (rm = t->s.root; rm->move != m; rm++)
                    ;
            if (moves == 1 || v > alpha) {
                rm->score = v;
                rm->seldepth = t->s.seldepth;
                pv_update(&rm->pv, m, &t->s.stack[1].pv);
            } else {
                rm->score = -SCORE_INF;
            }
        }
        if (v > best) {
            best = v;
            if (v > alpha) {
                best_move = m;
                if (pv)
                    pv_update(&ss->pv, m, &t->s.stack[ply + 1].pv);
                if (v >= beta) {
                    /* 13. Cutoff: killers and histories learn from it. */
                    st->cut_nodes++;
                    st->first_move_cuts += moves == 1;
                    st->tt_move_cutoffs += m == tt_move && tt_move;
                    if (!capture) {
                        history_add_killer(&t->hist, ply, m);
                        history_update_quiets(&t->hist, &hc, pos, m, quiets, nquiets, captures, ncaptures, depth);
                    } else {
                        history_update_captures(&t->hist, pos, m, captures, ncaptures, depth);
                    }
                    break;
                }
                alpha = v;
            }
        }
        if (!capture && nquiets < 64)
            quiets[nquiets++] = m;
        else if (capture && ncaptures < 64)
            captures[ncaptures++] = m;
    }
    /* 14. No legal move: in xiangqi both checkmate and stalemate lose. (Pruning
     *     starts only after a move was searched, so it cannot fake this.) */
    if (moves == 0)
        return score_mated_in(ply);
    /* 15. Store the result. */
    Bound b = best >= beta ? BOUND_LOWER : pv && best_move ? BOUND_EXACT : BOUND_UPPER;
    if (!tp.group && tt_enabled())
        tp = tt_probe(pos_key(pos), ply);
    count_store(t, tt_store(tp.group, pos_key(pos), ply, best, b, depth, best_move));
    return best;
}

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

static void report(SearchThread *t, const SearchReporter *rep, int depth, int npv, Bound bound)
{
    if (!rep || !rep->on_info)
        return;
    for (int i = 0; i < npv; i++) {
        const RootMove *rm = &t->s.root[i];
        SearchInfo info;
        info.depth = depth;
        info.seldepth = imax(rm->seldepth, depth);
        info.multipv = i + 1;
        info.score = rm->score != -SCORE_INF ? rm->score : rm->prev_score;
        info.bound = i == t->s.pv_index ? bound : BOUND_EXACT;
        info.nodes = threads_nodes();
        info.time_ms = now_ms() - t->s.start_ms;
        info.hashfull = tt_enabled() ? tt_hashfull() : 0;
        info.pv_len = rm->pv.len;
        memcpy(info.pv, rm->pv.moves, (size_t)rm->pv.len * sizeof(Move));
        rep->on_info(&info, rep->ctx);
    }
}

static bool mate_found(const SearchThread *t)
{
    Score s = t->s.root[0].score;
    return t->limits.mate && s >= SCORE_MATE_IN_MAX && SCORE_MATE - s <= 2 * t->limits.mate - 1;
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

/* Iterative deepening with aspiration windows; only thread 0 reports and keeps time. */
static void iterate(SearchThread *t, const SearchReporter *rep)
{
    /* Helpers ignore the depth limit: they keep feeding the table until the main thread stops them. */
    const int max_depth = t->limits.depth > 0 && t->id == 0 ? imin(t->limits.depth, MAX_PLY - 2) : MAX_PLY - 2;
    const int multipv = t->id ? 1 : iclamp(t->limits.multipv, 1, imin(t->s.nroot, MAX_MULTIPV));
    for (int depth = 1; depth <= max_depth; depth++) {
        if (helper_skips(t->id, depth, t->limits.depth)) /* never the depth asked for */
            continue;
        for (int i = 0; i < t->s.nroot; i++)
            t->s.root[i].prev_score = t->s.root[i].score;
        for (t->s.pv_index = 0; t->s.pv_index < multipv; t->s.pv_index++) {
            RootMove *rm = &t->s.root[t->s.pv_index];
            t->s.seldepth = 0;
            Score delta = ASPIRATION_WINDOW, alpha = -SCORE_INF, beta = SCORE_INF;
            if (depth >= ASPIRATION_MIN_DEPTH && rm->prev_score != -SCORE_INF) {
                alpha = imax(rm->prev_score - delta, -SCORE_INF);
                beta = imin(rm->prev_score + delta, SCORE_INF);
            }
            for (;;) { /* aspiration loop: widen the window on each fail */
                Score v = search(t, alpha, beta, depth, 0, false);
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
        if (atomic_load(&g_stop))
            break;
        t->s.completed_depth = depth;
        if (t->id != 0) {
            /* A helper that completes the requested depth first ends the search for all. */
            if (t->limits.depth > 0 && depth >= t->limits.depth)
                atomic_store(&g_stop, true);
            continue;
        }
        report(t, rep, depth, multipv, BOUND_EXACT);
        int64_t elapsed = thread_elapsed(t);
        if (mate_found(t) || (t->s.optimum_ms >= 0 && !atomic_load(&g_pondering) && elapsed >= t->s.optimum_ms))
            break;
    }
}

void search_helper_run(SearchThread *t) { iterate(t, NULL); }

/* The result to play: the thread that completed the deepest iteration; on
 * equal depth the better score; the main thread wins ties. */
static const SearchThread *best_thread(const SearchThread *t)
{
    const SearchThread *best = t;
    for (int i = 1; i < threads_count(); i++) {
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
    for (int i = 1; i < threads_count(); i++) {
        SearchThread *h = threads_get(i);
        h->pos = t->pos;
        h->limits = t->limits;
        memset(&h->s, 0, sizeof h->s);
        h->s.start_ms = t->s.start_ms;
        h->s.optimum_ms = h->s.maximum_ms = -1;
        h->s.nroot = t->s.nroot;
        memcpy(h->s.root, t->s.root, (size_t)t->s.nroot * sizeof(RootMove));
        atomic_store(&h->published, 0);
        history_new_search(&h->hist);
    }
}

Move search_run(SearchThread *t, const SearchReporter *rep)
{
    Position *pos = &t->pos;
    memset(&t->s, 0, sizeof t->s);
    atomic_store(&t->published, 0);
    t->s.start_ms = now_ms();
    time_allocate(&t->limits, pos_side(pos), &t->s.optimum_ms, &t->s.maximum_ms);
    history_new_search(&t->hist);
    tt_new_search();
    pos_trim_history(pos);
    pos_set_root(pos);
    setup_root(t);
    if (t->s.nroot == 0) {
        if (rep && rep->on_info) {
            SearchInfo info = {0};
            info.score = score_mated_in(0);
            info.bound = BOUND_EXACT;
            info.multipv = 1;
            rep->on_info(&info, rep->ctx);
        }
        thread_hold_until_released(t);
        if (rep && rep->on_bestmove)
            rep->on_bestmove(MOVE_NONE, MOVE_NONE, rep->ctx);
        return MOVE_NONE;
    }
    const bool helpers = threads_count() > 1;
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
    const RootMove *best = &best_thread(t)->s.root[0];
    if (rep && rep->on_bestmove)
        rep->on_bestmove(best->move, best->pv.len > 1 ? best->pv.moves[1] : MOVE_NONE, rep->ctx);
    return best->move;
}
