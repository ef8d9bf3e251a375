/*
 * timeman.c - time allocation for sudden death, increment and moves-to-go.
 */
#include "timeman.h"

void time_allocate(const SearchLimits *l, Color us, int64_t *optimum, int64_t *maximum)
{
    *optimum = *maximum = -1;
    if (l->movetime > 0) {
        *optimum = *maximum = l->movetime - l->overhead > 1 ? l->movetime - l->overhead : 1;
        return;
    }
    if (l->infinite || l->time[us] < 0)
        return;
    int64_t left = l->time[us] - l->overhead - TIME_SAFETY_MS;
    if (left < 1)
        left = 1;
    int64_t inc = l->inc[us] > 0 ? l->inc[us] : 0;
    int mtg = l->movestogo > 0 ? imin(l->movestogo, TIME_MAX_MOVESTOGO) : TIME_DEFAULT_MOVESTOGO;
    int64_t opt = left / mtg + inc * TIME_INC_SHARE_PERCENT / 100;
    int64_t max = opt * TIME_MAX_FACTOR;
    int64_t cap = mtg == 1 ? left * 9 / 10 : left * TIME_MAX_SHARE_PERCENT / 100;
    if (max > cap)
        max = cap;
    if (opt > max)
        opt = max;
    *optimum = opt > 1 ? opt : 1;
    *maximum = max > 1 ? max : 1;
}
