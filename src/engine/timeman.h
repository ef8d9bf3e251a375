/*
 * timeman.h - how long to think: an optimum time (stop after an iteration
 * that ends past it, once the best move's hold and the score's fall have
 * scaled it) and a maximum time (stop in the middle of one).
 */
#ifndef CHARIOT_TIMEMAN_H
#define CHARIOT_TIMEMAN_H

#include "search.h"

enum {
    TIME_DEFAULT_MOVESTOGO = 30, /* sudden death: plan as if this many moves remain */
    TIME_MAX_MOVESTOGO = 50,
    TIME_MAX_FACTOR = 5,         /* maximum = optimum * this, ... */
    TIME_MAX_SHARE_PERCENT = 40, /* ... but never more than this share of the clock */
    TIME_INC_SHARE_PERCENT = 75, /* share of the increment used per move */
    TIME_SAFETY_MS = 5,          /* always left on the clock */
};

/* Clock values (time, increment, movetime, overhead) above this are taken
 * as this (about 31 years), so that no sum or product below overflows;
 * the protocols announce the clamp. */
#define TIME_CLOCK_MAX_MS ((int64_t)1000000000000)

/* The clock every search and front end reads: milliseconds of a monotonic clock; the same clock in
 * microseconds, for what is over in less than a millisecond (a small perft). */
int64_t time_now_ms(void);
int64_t time_now_us(void);

/* Sets *optimum and *maximum in ms from the start of the search; -1 = none. */
void time_allocate(const SearchLimits *l, Color us, int64_t *optimum, int64_t *maximum);

/* The optimum as the search goes: once an iteration completes, the main thread stops if the time spent passes
 * the optimum times this percentage. A best move that has just changed gets more than the optimum, one that
 * has held through several iterations less (TIME_HELD_PERCENT, by iterations held); a score that fell since
 * the last iteration gets more again, up to TIME_FALL_MAX_PERCENT more for a fall of TIME_FALL_FULL or more
 * (in the evaluation's units). `held`: the completed iterations before this one that had the same best move;
 * `fall`: the last iteration's score minus this one's (negative: it rose). */
enum {
    TIME_HELD_STEPS = 6,
    TIME_FALL_FULL = 100,
    TIME_FALL_MAX_PERCENT = 40,
};
int time_scale_percent(int held, int fall);

#endif
