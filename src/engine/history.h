/*
 * history.h - move-ordering memory kept by each search thread:
 *   killers       two quiet cutoff moves per ply (cleared each search)
 *   butterfly     [side][move]: quiet moves that cut off, by from/to
 *   capture       [moved piece][to][captured piece]: captures that cut off
 *   continuation  [piece][to] of the move one or two plies back ->
 *                 [piece][to] of this quiet move: follow-ups that work
 *   correction    [side][structure key]: how far searches ended from the
 *                 static evaluation in positions of this structure; added
 *                 to later evaluations of that structure
 * All move-ordering updates go through one clamped "gravity" function, so
 * values stay in [-HISTORY_MAX, HISTORY_MAX] without periodic rescaling;
 * the correction table has the same kind of update with its own limit.
 * Everything here lives until history_clear (a new game), killers excepted.
 */
#ifndef CHARIOT_HISTORY_H
#define CHARIOT_HISTORY_H

#include "game_api.h"

enum { HISTORY_MAX = 16384 };

/* Correction history: entries in 1/CORRECTION_GRAIN of an evaluation unit,
 * within +-CORRECTION_LIMIT; an update moves an entry by
 * (search result - evaluation) * depth / CORRECTION_DEPTH_DIV grains,
 * at most a quarter of the limit at once. */
enum {
    CORRECTION_SIZE = 16384, /* entries per side, a power of two */
    CORRECTION_GRAIN = 16,
    CORRECTION_LIMIT = 64 * CORRECTION_GRAIN, /* a correction is at most 64 units */
    CORRECTION_DEPTH_DIV = 8,
};

typedef int16_t ContRow[PIECE_NB][SQUARE_NB];

typedef struct {
    int16_t butterfly[2][MOVE_INDEX_NB];
    int16_t capture[PIECE_NB][SQUARE_NB][PIECE_NB];
    ContRow cont[PIECE_NB][SQUARE_NB];
    int16_t correction[2][CORRECTION_SIZE];
    Move killers[MAX_PLY + 4][2];
    bool searched; /* a search has used it since history_clear (history_new_search sets it) */
} History;

/* What the search knows about the last two plies when it orders or
 * rewards a quiet move: their continuation rows. Never NULL: before the
 * root or after a null move the row of "piece 0 on square 0" stands in (no
 * real move has it, so it learns plain piece-to-square statistics). */
typedef struct {
    int16_t *cont1, *cont2;
} HistoryContext;

void history_clear(History *h);
void history_clear_if_searched(History *h); /* a new game: what no search has touched is still clear */
void history_new_search(History *h);        /* killers are per search */
int history_bonus(Depth depth);
void history_update(int16_t *entry, int bonus);
int history_quiet_score(const History *h, const HistoryContext *hc, Color us, int piece, Move m);
/* A quiet move cut off: reward it, punish the quiets and captures tried before it. */
void history_update_quiets(History *h, const HistoryContext *hc, const Position *pos, Move best, const Move *tried,
                           int ntried, const Move *caps, int ncaps, Depth depth);
/* A capture cut off: reward it, punish the captures tried before it. */
void history_update_captures(History *h, const Position *pos, Move best, const Move *caps, int ncaps, Depth depth);
static inline int history_capture_score(const History *h, const Position *pos, Move m)
{
    return h->capture[pos_piece_on(pos, move_from(m))][move_to(m)][pos_piece_on(pos, move_to(m))];
}
void history_add_killer(History *h, int ply, Move m);

/* The correction for side `us` in a position with this structure key, in evaluation units. */
static inline int history_correction(const History *h, Color us, Key structure)
{
    return h->correction[us][structure & (CORRECTION_SIZE - 1)] / CORRECTION_GRAIN;
}
/* A search of `depth` ended at `result` where the (corrected) evaluation said `eval`. */
void history_update_correction(History *h, Color us, Key structure, int result, int eval, Depth depth);

#endif
