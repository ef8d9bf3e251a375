/*
 * movepick.c - the staged picker as a switch with deliberate fall-through.
 */
#include "movepick.h"

#include "search.h"

enum {
    EVASION_CAPTURE_BONUS = 1 << 20,
    CAPTURE_MVV_SCALE = 2,   /* MVV-LVA key (victim value * 8) times this ... */
    CAPTURE_HISTORY_DIV = 8, /* ... plus capture history divided by this */
};

void movepick_init(MovePicker *mp, const Position *pos, const History *hist, const HistoryContext *hc, Move tt_move,
                   int ply)
{
    mp->pos = pos;
    mp->hist = hist;
    mp->hc = *hc;
    mp->cur = mp->end = mp->bad_count = 0;
    mp->tt_move = tt_move && pos_is_pseudo_legal(pos, tt_move) ? tt_move : MOVE_NONE;
    mp->killer1 = hist->killers[ply][0];
    mp->killer2 = hist->killers[ply][1];
    mp->off = 0;
    mp->stage = pos_in_check(pos) ? STAGE_EVASION_TT : STAGE_TT;
}

void movepick_init_qs(MovePicker *mp, const Position *pos, const History *hist, const HistoryContext *hc, Move tt_move)
{
    movepick_init(mp, pos, hist, hc, MOVE_NONE, 0);
    if (!pos_in_check(pos)) {
        mp->tt_move = tt_move && pos_is_noisy(pos, tt_move) && pos_is_pseudo_legal(pos, tt_move) ? tt_move : MOVE_NONE;
        mp->stage = STAGE_QS_TT;
    } else {
        mp->tt_move = tt_move && pos_is_pseudo_legal(pos, tt_move) ? tt_move : MOVE_NONE;
    }
}

void movepick_switch_off(MovePicker *mp, unsigned off)
{
    mp->off = off;
    if (off & ORDER_OFF_KILLERS)
        mp->killer1 = mp->killer2 = MOVE_NONE;
}

static void score_captures(MovePicker *mp)
{
    const bool hist = !(mp->off & ORDER_OFF_CAPTURE_HISTORY);
    for (int i = mp->cur; i < mp->end; i++)
        mp->moves[i].score = pos_mvv_lva(mp->pos, mp->moves[i].move) * CAPTURE_MVV_SCALE +
            (hist ? history_capture_score(mp->hist, mp->pos, mp->moves[i].move) / CAPTURE_HISTORY_DIV : 0);
}

static void score_quiets(MovePicker *mp)
{
    const Color us = pos_side(mp->pos);
    if (mp->off & ORDER_OFF_QUIET_HISTORY) {
        for (int i = mp->cur; i < mp->end; i++)
            mp->moves[i].score = 0;
        return;
    }
    for (int i = mp->cur; i < mp->end; i++) {
        Move m = mp->moves[i].move;
        mp->moves[i].score = history_quiet_score(mp->hist, &mp->hc, us, pos_piece_on(mp->pos, move_from(m)), m);
    }
}

static void score_evasions(MovePicker *mp)
{
    const Color us = pos_side(mp->pos);
    for (int i = mp->cur; i < mp->end; i++) {
        Move m = mp->moves[i].move;
        mp->moves[i].score = pos_is_noisy(mp->pos, m) ? EVASION_CAPTURE_BONUS + pos_mvv_lva(mp->pos, m)
            : mp->off & ORDER_OFF_QUIET_HISTORY
            ? 0
            : history_quiet_score(mp->hist, &mp->hc, us, pos_piece_on(mp->pos, move_from(m)), m);
    }
}

static int generate(MovePicker *mp, GenKind kind)
{
    Move tmp[MAX_MOVES];
    int n = gen_moves(mp->pos, tmp, kind);
    for (int i = 0; i < n; i++)
        mp->moves[i].move = tmp[i];
    mp->cur = 0;
    mp->end = n;
    return n;
}

/* Take the best remaining move (selection sort step). */
static Move pick_best(MovePicker *mp)
{
    int best = mp->cur;
    for (int i = mp->cur + 1; i < mp->end; i++)
        if (mp->moves[i].score > mp->moves[best].score)
            best = i;
    ScoredMove t = mp->moves[best];
    mp->moves[best] = mp->moves[mp->cur];
    mp->moves[mp->cur++] = t;
    return t.move;
}

static void sort_rest(MovePicker *mp)
{
    for (int i = mp->cur + 1; i < mp->end; i++) {
        ScoredMove t = mp->moves[i];
        int j = i;
        for (; j > mp->cur && mp->moves[j - 1].score < t.score; j--)
            mp->moves[j] = mp->moves[j - 1];
        mp->moves[j] = t;
    }
}

static bool usable_killer(const MovePicker *mp, Move k)
{
    return k && k != mp->tt_move && !pos_is_noisy(mp->pos, k) && pos_is_pseudo_legal(mp->pos, k);
}

Move movepick_next(MovePicker *mp)
{
    switch (mp->stage) {
    case STAGE_TT:
        mp->stage = STAGE_CAPTURES_INIT;
        if (mp->tt_move)
            return mp->tt_move;
        /* fall through */
    case STAGE_CAPTURES_INIT:
        generate(mp, GEN_NOISY);
        score_captures(mp);
        mp->stage = STAGE_GOOD_CAPTURES;
        /* fall through */
    case STAGE_GOOD_CAPTURES:
        while (mp->cur < mp->end) {
            Move m = pick_best(mp);
            if (m == mp->tt_move)
                continue;
            if (!pos_see_ge(mp->pos, m, 0)) { /* losing: try after the quiets */
                mp->bad[mp->bad_count++] = m;
                continue;
            }
            return m;
        }
        mp->stage = STAGE_KILLER1;
        /* fall through */
    case STAGE_KILLER1:
        mp->stage = STAGE_KILLER2;
        if (usable_killer(mp, mp->killer1))
            return mp->killer1;
        /* fall through */
    case STAGE_KILLER2:
        mp->stage = STAGE_QUIETS_INIT;
        if (mp->killer2 != mp->killer1 && usable_killer(mp, mp->killer2))
            return mp->killer2;
        /* fall through */
    case STAGE_QUIETS_INIT:
        generate(mp, GEN_QUIETS);
        score_quiets(mp);
        sort_rest(mp);
        mp->stage = STAGE_QUIETS;
        /* fall through */
    case STAGE_QUIETS:
        while (mp->cur < mp->end) {
            Move m = mp->moves[mp->cur++].move;
            if (m != mp->tt_move && m != mp->killer1 && m != mp->killer2)
                return m;
        }
        mp->stage = STAGE_BAD_CAPTURES;
        mp->cur = 0;
        /* fall through */
    case STAGE_BAD_CAPTURES:
        if (mp->cur < mp->bad_count)
            return mp->bad[mp->cur++];
        mp->stage = STAGE_DONE;
        return MOVE_NONE;

    case STAGE_EVASION_TT:
        mp->stage = STAGE_EVASIONS_INIT;
        if (mp->tt_move)
            return mp->tt_move;
        /* fall through */
    case STAGE_EVASIONS_INIT:
        generate(mp, GEN_ALL);
        score_evasions(mp);
        mp->stage = STAGE_EVASIONS;
        /* fall through */
    case STAGE_EVASIONS:
        while (mp->cur < mp->end) {
            Move m = pick_best(mp);
            if (m != mp->tt_move)
                return m;
        }
        mp->stage = STAGE_DONE;
        return MOVE_NONE;

    case STAGE_QS_TT:
        mp->stage = STAGE_QS_CAPTURES_INIT;
        if (mp->tt_move)
            return mp->tt_move;
        /* fall through */
    case STAGE_QS_CAPTURES_INIT:
        generate(mp, GEN_NOISY);
        score_captures(mp);
        mp->stage = STAGE_QS_CAPTURES;
        /* fall through */
    case STAGE_QS_CAPTURES:
        while (mp->cur < mp->end) {
            Move m = pick_best(mp);
            if (m != mp->tt_move)
                return m;
        }
        mp->stage = STAGE_DONE;
        /* fall through */
    case STAGE_DONE:
    default: return MOVE_NONE;
    }
}
