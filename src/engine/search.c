/*
 * search.c - one node of the search: the PVS negamax alpha-beta search with
 * its pruning, and the quiescence search. The iterative deepening loop, the
 * root and the choice of the result are in search_root.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movepick.h"
#include "thread.h"

static int8_t LMR_TABLE[64][64];

#ifdef SEARCH_TUNING
#define SEARCH_PARAM_VALUE(name, value, lo, hi) value,
int search_params[SEARCH_PARAM_COUNT] = {SEARCH_PARAMS(SEARCH_PARAM_VALUE)};
#undef SEARCH_PARAM_VALUE

void search_param_set(int i, int value)
{
    search_params[i] = value;
    search_init(); /* the reduction table */
}
#endif

void search_init(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            LMR_TABLE[d][m] = (int8_t)(SP(LMR_BASE_PCT) / 100.0 + log(d) * log(m) / (SP(LMR_DIVISOR_PCT) / 100.0));
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
        if (t->id == 0 && engine_threads() > 1)
            t->s.others_nodes = engine_nodes() - n;
        stop = thread_time_up(t);
    }
    if (t->id == 0 && t->limits.nodes && n + t->s.others_nodes >= t->limits.nodes)
        stop = true;
    if (t->s.completed_depth == 0) /* the limits wait for depth 1: a move played has a search behind it */
        stop = false;
    if (stop)
        atomic_store(&g_stop, true);
    return stop;
}

/* The net's evaluation (its accumulator at this ply, nnue.h) or the fitted one. */
static inline Score evaluate(SearchThread *t, int ply)
{
    const Key key = pos_key(&t->pos);
    EvalCacheEntry *e = &t->eval_cache[key & (EVAL_CACHE_SIZE - 1)];
    if (e->key != key) {
        e->key = key;
        e->value = t->net ? nnue_evaluate(t->net, t->nnue, ply, &t->pos) : eval_evaluate(&t->pos);
#ifdef CHARIOT_CHECKS /* debug builds: the accumulator kept along the search path equals a fresh sum */
        if (t->net && e->value != nnue_evaluate_fresh(t->net, &t->pos)) {
            fprintf(stderr, "nnue: ply %d: incremental %d, fresh %d\n", ply, e->value,
                    nnue_evaluate_fresh(t->net, &t->pos));
            abort();
        }
#endif
    }
    return e->value;
}

/* The evaluation plus what the correction history learned about this structure. */
static inline Score corrected_eval(SearchThread *t, int ply)
{
    const Score v = evaluate(t, ply) + history_correction(&t->hist, pos_side(&t->pos), pos_structure_key(&t->pos));
    return iclamp(v, -SCORE_RULE_IN_MAX + 1, SCORE_RULE_IN_MAX - 1);
}

static inline Score rule_score(RuleResult r, int ply)
{
    return r == RULE_WIN ? score_rule_win_in(ply) : r == RULE_LOSS ? score_rule_lost_in(ply) : SCORE_DRAW;
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
    if (t->s.stack[ply].cont) /* the root's entry never has one */
        hc.cont1 = t->s.stack[ply].cont;
    if (ply >= 1 && t->s.stack[ply - 1].cont)
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

/* Make m at `ply`: the child's stack entry and net accumulator record it. */
static inline void make_move(SearchThread *t, int ply, Move m)
{
    stack_push_move(t, ply, m);
    NnueAccumulator *child = &t->nnue[ply + 1];
    if (t->net)
        nnue_making(child, &t->pos, m);
    pos_make(&t->pos, m);
    if (t->net)
        nnue_made(child, &t->pos);
}

static inline void make_null_move(SearchThread *t, int ply)
{
    stack_push_move(t, ply, MOVE_NULL);
    nnue_making_null(&t->nnue[ply + 1]);
    pos_make_null(&t->pos);
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
        return in_check ? SCORE_DRAW : evaluate(t, ply);
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
        best = corrected_eval(t, ply);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    /* 4. Captures (or evasions). */
    MovePicker mp;
    HistoryContext hc = history_context(t, ply);
    movepick_init_qs(&mp, pos, &t->hist, &hc, t->limits.no_tt_move ? MOVE_NONE : tp.data.move);
    if (t->limits.ordering_off)
        movepick_switch_off(&mp, t->limits.ordering_off);
    Move m, best_move = MOVE_NONE;
    while ((m = movepick_next(&mp)) != MOVE_NONE) {
        if (!pos_is_legal(pos, m))
            continue;
        if (!in_check && !pos_see_ge(pos, m, QS_SEE_THRESHOLD))
            continue;
        /* Delta pruning: a capture that cannot lift the stand-pat score near
         * alpha - unless it gives check (it may mate: a cannon taking an
         * elephant with check, say, is worth far more than the elephant). */
        if (!in_check && best + SP(QS_FUTILITY_MARGIN) <= alpha &&
            !pos_see_ge(pos, m, alpha - best - SP(QS_FUTILITY_MARGIN) + 1) && !pos_gives_check(pos, m))
            continue;
        make_move(t, ply, m);
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

Score search_node(SearchThread *t, Score alpha, Score beta, Depth depth, int ply, bool cut_node)
{
    Position *pos = &t->pos;
    SearchStats *st = &t->s.stats;
    StackEntry *ss = &t->s.stack[ply];
    const bool root = ply == 0, pv = beta - alpha > 1;
    const bool in_check = pos_in_check(pos);

    /* 1. Check extension, at PV nodes only: a side in check there searches one ply deeper (elsewhere the
     *    evasions are searched at the depth they came with: docs/search.md, "The check extension at PV nodes
     *    only"). */
    if (in_check && pv)
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
            return in_check ? SCORE_DRAW : evaluate(t, ply);
        /* 3. Mate-distance pruning: no line here can beat a shorter mate found already. */
        alpha = imax(alpha, score_mated_in(ply));
        beta = imin(beta, score_mate_in(ply + 1));
        if (alpha >= beta)
            return alpha;
    }
    /* 4. Table probe: a cutoff needs enough depth and a fitting bound, never at PV nodes. */
    st->tt_probes++;
    TTProbe tp = tt_probe_deep(pos_key(pos), ply, depth);
    st->tt_hits += tp.hit;
    if ((!pv || t->limits.tt_pv_cutoffs) && !root && tp.hit && tp.data.depth >= depth &&
        (tt_cuts(&tp.data, beta) || (pv && tp.data.bound == BOUND_EXACT && tp.data.value != SCORE_NONE))) {
        st->tt_cutoffs++;
        return tp.data.value;
    }
    /* 5. Static evaluation plus the correction history's lesson for this
     *    structure, sharpened by the table's bound when it fits;
     *    "improving" when it beats the evaluation two plies ago. */
    Score eval = SCORE_NONE, static_eval = SCORE_NONE;
    bool improving = false;
    if (!in_check) {
        eval = static_eval = corrected_eval(t, ply);
        if (tp.hit && tp.data.value != SCORE_NONE &&
            (tp.data.bound & (tp.data.value > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = tp.data.value;
        improving = ply >= 2 && t->s.stack[ply - 2].eval != SCORE_NONE && eval > t->s.stack[ply - 2].eval;
    }
    ss->eval = eval; /* sharpened by the table: what "improving" compares two plies later */
    const bool prunable = !pv && !in_check && !root && !score_is_decisive(eval) && !score_is_decisive(beta);
    /* 6. Reverse futility: far enough above beta that a shallow search will not fall below it. */
    if (prunable && depth <= SP(RFP_MAX_DEPTH) && eval - SP(RFP_MARGIN) * (depth - improving) >= beta)
        return eval;
    /* 7. Razoring: far below alpha near the leaves; believe quiescence if it agrees. */
    if (prunable && depth <= SP(RAZOR_MAX_DEPTH) &&
        eval + SP(RAZOR_BASE) + SP(RAZOR_PER_DEPTH2) * depth * depth < alpha) {
        Score v = qsearch(t, alpha, alpha + 1, ply);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (v <= alpha)
            return v;
    }
    /* 8. Null move: if passing still holds beta, the position is good enough. */
    if (prunable && depth >= NULL_MOVE_MIN_DEPTH && eval >= beta && ss->move != MOVE_NULL && pos_null_ok(pos)) {
        int r =
            SP(NULL_MOVE_BASE_R) + depth / SP(NULL_MOVE_DEPTH_DIV) + imin((eval - beta) / SP(NULL_MOVE_EVAL_DIV), 3);
        make_null_move(t, ply);
        Score v = -search_node(t, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
        pos_unmake_null(pos);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (v >= beta)
            return score_is_decisive(v) ? beta : v;
    }
    /* 9. Internal iterative reduction: no table move to start from, search a ply less. */
    if (!root && depth >= SP(IIR_MIN_DEPTH) && (pv || cut_node) && !(tp.hit && tp.data.move) && !t->limits.no_iir)
        depth--;
    /* 10. The moves: table move, captures, killers, quiets, bad captures. */
    MovePicker mp;
    Move tt_move = root ? t->s.root[t->s.pv_index].move : t->limits.no_tt_move ? MOVE_NONE : tp.data.move;
    HistoryContext hc = history_context(t, ply);
    movepick_init(&mp, pos, &t->hist, &hc, root ? MOVE_NONE : tt_move, ply);
    if (t->limits.ordering_off)
        movepick_switch_off(&mp, t->limits.ordering_off);
    Move quiets[64], noisy_moves[64], deferred[MAX_MOVES], best_move = MOVE_NONE, m;
    int nquiets = 0, nnoisy = 0, moves = 0, root_i = t->s.pv_index, ndeferred = 0, next_deferred = 0;
    bool skip_quiets = false;
    /* A capturing table move reduces the quiets more; with the number at 0 (the engine's) nothing is asked. */
    const bool tt_noisy = SP(LMR_TT_NOISY) && tt_move && !root && pos_is_noisy(pos, tt_move);
    const int lmp_limit = (SP(LMP_BASE) + depth * depth) / (improving ? 1 : 2);
    const bool may_defer = threads_split_work() && depth >= SMP_DEFER_MIN_DEPTH;
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
        const bool noisy = pos_is_noisy(pos, m); /* what the game generates as GEN_NOISY */
        /* 11. Shallow pruning of late moves, once a move has saved us from being mated. */
        if (!root && !in_check && best > -SCORE_RULE_IN_MAX && !from_deferred) {
            if (!noisy) {
                if (skip_quiets)
                    continue;
                int lmr_depth = imax(depth - 1 - LMR_TABLE[imin(depth, 63)][imin(moves + 1, 63)], 0);
                /* Late-move pruning, not at PV nodes: the few PV nodes search every quiet
                 * (at depth 1 the limit keeps two, in an order that is still a guess). */
                bool lmp = !pv && depth <= SP(LMP_MAX_DEPTH) && moves >= lmp_limit;
                bool futile = lmr_depth <= SP(FUTILITY_MAX_DEPTH) &&
                    eval + SP(FUTILITY_BASE) + SP(FUTILITY_PER_DEPTH) * lmr_depth <= alpha;
                /* Checks are never pruned; the (costlier) check test runs only for a move about to go. */
                if ((lmp || futile ||
                     (lmr_depth <= SP(SEE_QUIET_MAX_DEPTH) &&
                      !pos_see_ge(pos, m, -SP(SEE_QUIET_MARGIN) * lmr_depth * lmr_depth))) &&
                    !pos_gives_check(pos, m)) {
                    skip_quiets = lmp;
                    continue;
                }
            } else if (depth <= SP(SEE_CAPTURE_MAX_DEPTH) && !pos_see_ge(pos, m, -SP(SEE_CAPTURE_MARGIN) * depth) &&
                       !pos_gives_check(pos, m)) {
                continue;
            }
        }
        /* Lazy SMP work splitting: leave a subtree another thread is in for later. */
        if (may_defer && moves > 0 && !from_deferred && (!root || threads_helper_id(t) != 0)) {
            if (thread_busy_elsewhere(pos_key(pos), m)) {
                deferred[ndeferred++] = m;
                continue;
            }
        }
        moves++;
        if (moves == 1 && m == tt_move && tt_move)
            st->tt_move_tried++;
        const bool reducible = depth >= SP(LMR_MIN_DEPTH) && moves > SP(LMR_MIN_MOVES) && !noisy && !in_check;
        const int hist_score =
            reducible ? history_quiet_score(&t->hist, &hc, pos_side(pos), pos_piece_on(pos, move_from(m)), m) : 0;
        if (may_defer)
            thread_mark_busy(pos_key(pos), m);
        make_move(t, ply, m);
        tt_prefetch(pos_key(pos));
        const bool gives_check = pos_in_check(pos);
        const Depth new_depth = depth - 1;
        Score v;
        /* 12. PVS: first move with the full window, the rest with a null
         *     window, late quiet moves reduced (LMR: more at cut nodes and when
         *     not improving, less for PV nodes, checks and moves with good
         *     history) and re-searched if they surprise. */
        if (moves == 1) {
            v = -search_node(t, -beta, -alpha, new_depth, ply + 1, !pv && !cut_node);
        } else {
            int r = 0;
            if (reducible) {
                r = LMR_TABLE[imin(depth, 63)][imin(moves, 63)] - pv + cut_node * SP(LMR_CUT_NODE) + !improving -
                    gives_check + (tt_noisy ? SP(LMR_TT_NOISY) : 0);
                r -= hist_score / SP(LMR_HISTORY_DIV);
                if (m == mp.killer1 || m == mp.killer2)
                    r--;
                r = iclamp(r, 0, new_depth - 1);
            }
            v = -search_node(t, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
            if (v > alpha && r)
                v = -search_node(t, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            if (v > alpha && v < beta && pv)
                v = -search_node(t, -beta, -alpha, new_depth, ply + 1, false);
        }
        pos_unmake(pos);
        if (may_defer)
            thread_unmark_busy(pos_key(pos), m);
        if (atomic_load_explicit(&g_stop, memory_order_relaxed))
            return 0;
        if (root) { /* 13. Root bookkeeping: score and PV of each root move. */
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
                    /* 14. Cutoff: killers and histories learn from it. */
                    st->cut_nodes++;
                    st->first_move_cuts += moves == 1;
                    st->tt_move_cutoffs += m == tt_move && tt_move;
                    if (!noisy) {
                        history_add_killer(&t->hist, ply, m);
                        history_update_quiets(&t->hist, &hc, pos, m, quiets, nquiets, noisy_moves, nnoisy, depth);
                    } else {
                        history_update_captures(&t->hist, pos, m, noisy_moves, nnoisy, depth);
                    }
                    break;
                }
                alpha = v;
            }
        }
        if (!noisy && nquiets < 64)
            quiets[nquiets++] = m;
        else if (noisy && nnoisy < 64)
            noisy_moves[nnoisy++] = m;
    }
    /* 15. No legal move: the game says what that is worth (xiangqi: a loss, mated or
     *     stalemated; chess: mated, or a stalemate draw). Pruning starts only after a
     *     move was searched, so it cannot fake this. */
    if (moves == 0)
        return game_no_move_score(pos, ply);
    /* 16. Store the result; teach the correction history how far the
     *     evaluation was off, when the bound says which way (never after a
     *     capture: the evaluation is not to blame for a won exchange). */
    Bound b = best >= beta ? BOUND_LOWER : pv && best_move ? BOUND_EXACT : BOUND_UPPER;
    if (!in_check && !score_is_decisive(best) && !(best_move && pos_is_noisy(pos, best_move)) &&
        !(b == BOUND_LOWER && best <= static_eval) && !(b == BOUND_UPPER && best >= static_eval))
        history_update_correction(&t->hist, pos_side(pos), pos_structure_key(pos), best, static_eval, depth);
    count_store(t, tt_store(tp.group, pos_key(pos), ply, best, b, depth, best_move));
    return best;
}

void search_stats_add(SearchStats *a, const SearchStats *b)
{
    a->nodes += b->nodes, a->qnodes += b->qnodes, a->tt_probes += b->tt_probes, a->tt_hits += b->tt_hits;
    a->tt_cutoffs += b->tt_cutoffs, a->tt_move_tried += b->tt_move_tried, a->tt_move_cutoffs += b->tt_move_cutoffs;
    a->cut_nodes += b->cut_nodes, a->first_move_cuts += b->first_move_cuts;
    for (int k = 0; k < 4; k++)
        a->stores[k] += b->stores[k];
}
