/*
 * history.c - killers, butterfly, capture and continuation histories
 * (see history.h).
 */
#include "history.h"

#include <string.h>

enum { HISTORY_BONUS_MAX = 1600, HISTORY_BONUS_PER_DEPTH2 = 16 };

void history_clear(History *h) { memset(h, 0, sizeof *h); }

void history_clear_if_searched(History *h)
{
    if (h->searched)
        history_clear(h);
}

void history_new_search(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
    h->searched = true;
}

int history_bonus(Depth depth) { return imin(HISTORY_BONUS_MAX, depth * depth * HISTORY_BONUS_PER_DEPTH2 + 16); }

/* The gravity update: move toward the bonus, less the closer the entry is to +-limit. */
static inline void gravity(int16_t *entry, int b, int limit)
{
    *entry = (int16_t)(*entry + b - *entry * (b < 0 ? -b : b) / limit);
}

void history_update(int16_t *entry, int bonus)
{
    gravity(entry, iclamp(bonus, -HISTORY_MAX, HISTORY_MAX), HISTORY_MAX);
}

int history_quiet_score(const History *h, const HistoryContext *hc, Color us, int piece, Move m)
{
    const int to = move_to(m);
    return h->butterfly[us][m] + hc->cont1[piece * SQUARE_NB + to] + hc->cont2[piece * SQUARE_NB + to];
}

static void update_quiet(History *h, const HistoryContext *hc, Color us, int piece, Move m, int bonus)
{
    const int to = move_to(m);
    history_update(&h->butterfly[us][m], bonus);
    history_update(&hc->cont1[piece * SQUARE_NB + to], bonus);
    history_update(&hc->cont2[piece * SQUARE_NB + to], bonus);
}

static int16_t *history_capture_entry(History *h, const Position *pos, Move m)
{
    return &h->capture[pos_piece_on(pos, move_from(m))][move_to(m)][pos_piece_on(pos, move_to(m))];
}

void history_update_quiets(History *h, const HistoryContext *hc, const Position *pos, Move best, const Move *tried,
                           int ntried, const Move *caps, int ncaps, Depth depth)
{
    const int bonus = history_bonus(depth);
    const Color us = pos_side(pos);
    update_quiet(h, hc, us, pos_piece_on(pos, move_from(best)), best, bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            update_quiet(h, hc, us, pos_piece_on(pos, move_from(tried[i])), tried[i], -bonus);
    for (int i = 0; i < ncaps; i++)
        history_update(history_capture_entry(h, pos, caps[i]), -bonus);
}

void history_update_captures(History *h, const Position *pos, Move best, const Move *caps, int ncaps, Depth depth)
{
    const int bonus = history_bonus(depth);
    history_update(history_capture_entry(h, pos, best), bonus);
    for (int i = 0; i < ncaps; i++)
        if (caps[i] != best)
            history_update(history_capture_entry(h, pos, caps[i]), -bonus);
}

void history_add_killer(History *h, int ply, Move m)
{
    if (h->killers[ply][0] != m) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = m;
    }
}

void history_update_correction(History *h, Color us, Key structure, int result, int eval, Depth depth)
{
    int16_t *e = &h->correction[us][structure & (CORRECTION_SIZE - 1)];
    gravity(e,
            iclamp((result - eval) * CORRECTION_GRAIN * depth / CORRECTION_DEPTH_DIV, -CORRECTION_LIMIT / 4,
                   CORRECTION_LIMIT / 4),
            CORRECTION_LIMIT);
}
