/*
 * history.c - killers and butterfly history (see history.h).
 */
#include "history.h"

#include <string.h>

enum { HISTORY_BONUS_MAX = 1600, HISTORY_BONUS_PER_DEPTH2 = 16 };

void history_clear(History *h) { memset(h, 0, sizeof *h); }

void history_new_search(History *h) { memset(h->killers, 0, sizeof h->killers); }

int history_bonus(Depth depth) { return imin(HISTORY_BONUS_MAX, depth * depth * HISTORY_BONUS_PER_DEPTH2 + 16); }

void history_update(int16_t *entry, int bonus)
{
    int b = iclamp(bonus, -HISTORY_MAX, HISTORY_MAX);
    *entry = (int16_t)(*entry + b - *entry * (b < 0 ? -b : b) / HISTORY_MAX);
}

void history_update_quiets(History *h, Color us, Move best, const Move *tried, int ntried, Depth depth)
{
    int bonus = history_bonus(depth);
    history_update(&h->butterfly[us][best], bonus);
    for (int i = 0; i < ntried; i++)
        if (tried[i] != best)
            history_update(&h->butterfly[us][tried[i]], -bonus);
}

void history_add_killer(History *h, int ply, Move m)
{
    if (h->killers[ply][0] != m) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = m;
    }
}
