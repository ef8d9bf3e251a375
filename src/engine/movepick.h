/*
 * movepick.h - the staged move picker (XQWLight chapter 6's state machine,
 * extended). Moves come out one at a time, cheapest source first, so a
 * cutoff by the table move or a killer costs no move generation at all:
 *
 *   main search:  table move -> good captures (SEE >= 0, by MVV-LVA
 *                 and capture history) -> killer 1 -> killer 2
 *                 -> quiets by butterfly + continuation history
 *                 -> bad captures
 *   in check:     table move -> every evasion (captures first, then history)
 *   quiescence:   table move -> captures by MVV-LVA
 *
 * Every move returned is pseudo-legal; the caller tests legality. Moves
 * from the table and killers are untrusted and pass pos_is_pseudo_legal().
 */
#ifndef CHARIOT_MOVEPICK_H
#define CHARIOT_MOVEPICK_H

#include "history.h"

typedef enum {
    STAGE_TT,
    STAGE_CAPTURES_INIT,
    STAGE_GOOD_CAPTURES,
    STAGE_KILLER1,
    STAGE_KILLER2,
    STAGE_QUIETS_INIT,
    STAGE_QUIETS,
    STAGE_BAD_CAPTURES,
    STAGE_EVASION_TT,
    STAGE_EVASIONS_INIT,
    STAGE_EVASIONS,
    STAGE_QS_TT,
    STAGE_QS_CAPTURES_INIT,
    STAGE_QS_CAPTURES,
    STAGE_DONE,
} Stage;

typedef struct {
    Move move;
    int score;
} ScoredMove;

typedef struct {
    const Position *pos;
    const History *hist;
    HistoryContext hc;
    Stage stage;
    Move tt_move, killer1, killer2;
    unsigned off; /* ORDER_OFF_* bits (search.h): the laboratory's ablations */
    int cur, end, bad_count;
    ScoredMove moves[MAX_MOVES];
    Move bad[MAX_MOVES];
} MovePicker;

void movepick_init(MovePicker *mp, const Position *pos, const History *hist, const HistoryContext *hc, Move tt_move,
                   int ply);
void movepick_init_qs(MovePicker *mp, const Position *pos, const History *hist, const HistoryContext *hc, Move tt_move);
/* The laboratory: ignore the ordering sources in off (ORDER_OFF_* bits). */
void movepick_switch_off(MovePicker *mp, unsigned off);
Move movepick_next(MovePicker *mp);

#endif
