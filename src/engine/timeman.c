/*
 * timeman.c - the clock, and time allocation for sudden death, increment and moves-to-go.
 */
#define _POSIX_C_SOURCE 200809L
#include "timeman.h"

#include <time.h>

int64_t time_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t time_now_ms(void) { return time_now_us() / 1000; }

static int64_t clock_clamp(int64_t ms) { return ms < 0 ? 0 : ms > TIME_CLOCK_MAX_MS ? TIME_CLOCK_MAX_MS : ms; }

void time_allocate(const SearchLimits *l, Color us, int64_t *optimum, int64_t *maximum)
{
    *optimum = *maximum = -1;
    const int64_t overhead = clock_clamp(l->overhead);
    if (l->movetime > 0) {
        int64_t movetime = clock_clamp(l->movetime);
        *optimum = *maximum = movetime - overhead > 1 ? movetime - overhead : 1;
        return;
    }
    if (l->infinite || l->time[us] < 0)
        return;
    int64_t left = clock_clamp(l->time[us]) - overhead - TIME_SAFETY_MS;
    if (left < 1)
        left = 1;
    int64_t inc = clock_clamp(l->inc[us]);
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

/* by the iterations the best move has held: 0 (it changed), 1, ... TIME_HELD_STEPS - 1 or more */
static const int TIME_HELD_PERCENT[TIME_HELD_STEPS] = {140, 115, 100, 90, 80, 72};

int time_scale_percent(int held, int fall)
{
    int percent = TIME_HELD_PERCENT[iclamp(held, 0, TIME_HELD_STEPS - 1)];
    int extra = TIME_FALL_MAX_PERCENT * iclamp(fall, 0, TIME_FALL_FULL) / TIME_FALL_FULL;
    return percent * (100 + extra) / 100;
}
