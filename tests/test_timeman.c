/*
 * test_timeman.c - time_allocate over a grid of clocks: never more than the
 * clock minus the move overhead, the optimum never above the maximum,
 * movestogo 1 uses most but not all of the clock, increments are used,
 * the side to move's clock is the one read, fixed and unlimited modes.
 */
#include "check.h"
#include "timeman.h"

static void allocate(int64_t time, int64_t inc, int mtg, int64_t overhead, Color us, int64_t *opt, int64_t *max)
{
    SearchLimits l;
    search_limits_init(&l);
    l.time[us] = time;
    l.inc[us] = inc;
    l.time[!us] = 1; /* the opponent's clock must not matter */
    l.movestogo = mtg;
    l.overhead = overhead;
    time_allocate(&l, us, opt, max);
}

static void test_grid(void)
{
    const int64_t times[] = {30, 100, 500, 1000, 5000, 60000, 300000, 7200000};
    const int64_t incs[] = {0, 10, 100, 1000, 30000};
    const int mtgs[] = {0, 1, 2, 5, 40, 200};
    const int64_t overheads[] = {0, 10, 100};
    int cases = 0;
    for (size_t a = 0; a < sizeof times / sizeof times[0]; a++)
        for (size_t b = 0; b < sizeof incs / sizeof incs[0]; b++)
            for (size_t c = 0; c < sizeof mtgs / sizeof mtgs[0]; c++)
                for (size_t d = 0; d < sizeof overheads / sizeof overheads[0]; d++) {
                    int64_t t = times[a], oh = overheads[d], opt, max;
                    if (t <= oh + TIME_SAFETY_MS)
                        continue;
                    allocate(t, incs[b], mtgs[c], oh, (Color)(cases & 1), &opt, &max);
                    cases++;
                    CHECK(max <= t - oh && 1 <= opt && opt <= max,
                          "time %lld inc %lld mtg %d overhead %lld: optimum %lld maximum %lld", (long long)t,
                          (long long)incs[b], mtgs[c], (long long)oh, (long long)opt, (long long)max);
                }
    CHECK(cases > 500, "only %d cases", cases);
}

static void test_shapes(void)
{
    int64_t opt, max, opt2, max2;
    /* movestogo 1: most of what is left, but not all of it. */
    for (int64_t t = 100; t <= 100000; t *= 10) {
        allocate(t, 0, 1, 10, COLOR_FIRST, &opt, &max);
        CHECK(max >= (t - 10) * 3 / 4 && max < t - 10, "movestogo 1, %lld ms: maximum %lld", (long long)t,
              (long long)max);
    }
    /* Sudden death: a small share of the clock per move, the maximum a few optima. */
    allocate(60000, 0, 0, 10, COLOR_FIRST, &opt, &max);
    CHECK(opt >= 60000 / 100 && opt <= 60000 / 10 && max > opt && max <= 60000 * TIME_MAX_SHARE_PERCENT / 100,
          "sudden death 60 s: optimum %lld maximum %lld", (long long)opt, (long long)max);
    /* An increment is spent: more time per move than without it. */
    allocate(10000, 1000, 0, 10, COLOR_SECOND, &opt2, &max2);
    allocate(10000, 0, 0, 10, COLOR_SECOND, &opt, &max);
    CHECK(opt2 >= opt + 1000 / 2 && max2 > max, "increment 1 s: optimum %lld vs %lld", (long long)opt2, (long long)opt);
    /* 1+0.01 late in a game: a quarter second left still gives a move in time. */
    allocate(250, 10, 0, 10, COLOR_FIRST, &opt, &max);
    CHECK(opt >= 1 && max <= 240 * TIME_MAX_SHARE_PERCENT / 100 + 1, "250 ms left: %lld %lld", (long long)opt,
          (long long)max);
    /* More moves to go: less time for this one. */
    allocate(60000, 0, 10, 10, COLOR_FIRST, &opt, &max);
    allocate(60000, 0, 40, 10, COLOR_FIRST, &opt2, &max2);
    CHECK(opt > opt2, "movestogo 10 vs 40: %lld vs %lld", (long long)opt, (long long)opt2);
    /* The side to move's clock is read. */
    SearchLimits l;
    search_limits_init(&l);
    l.time[COLOR_FIRST] = 1000;
    l.time[COLOR_SECOND] = 600000;
    time_allocate(&l, COLOR_FIRST, &opt, &max);
    CHECK(max <= 1000, "Red's 1 s clock: maximum %lld", (long long)max);
    /* movetime: fixed, less the overhead; infinite or no clock: no limit. */
    search_limits_init(&l);
    l.movetime = 500;
    l.overhead = 20;
    time_allocate(&l, COLOR_FIRST, &opt, &max);
    CHECK(opt == 480 && max == 480, "movetime 500: %lld %lld", (long long)opt, (long long)max);
    search_limits_init(&l);
    time_allocate(&l, COLOR_FIRST, &opt, &max);
    CHECK(opt == -1 && max == -1, "no clock: no limit");
    l.time[COLOR_FIRST] = 1000;
    l.infinite = true;
    time_allocate(&l, COLOR_FIRST, &opt, &max);
    CHECK(opt == -1 && max == -1, "infinite: no limit");
}

/* The optimum as the search goes: a best move that keeps changing gets more time than one that holds, the more
 * iterations it holds the less (down to a floor), a falling score more, a rising one nothing more. */
static void test_scale(void)
{
    CHECK(time_scale_percent(0, 0) > 100, "a best move just changed: %d%% of the optimum", time_scale_percent(0, 0));
    CHECK(time_scale_percent(TIME_HELD_STEPS, 0) < 100, "a best move held long: %d%%",
          time_scale_percent(TIME_HELD_STEPS, 0));
    for (int held = 0; held < 2 * TIME_HELD_STEPS; held++)
        CHECK(time_scale_percent(held + 1, 0) <= time_scale_percent(held, 0), "held %d: %d%%, %d: %d%%", held,
              time_scale_percent(held, 0), held + 1, time_scale_percent(held + 1, 0));
    CHECK(time_scale_percent(TIME_HELD_STEPS + 50, 0) == time_scale_percent(TIME_HELD_STEPS - 1, 0) &&
              time_scale_percent(-3, 0) == time_scale_percent(0, 0),
          "held is clamped to the table");
    for (int held = 0; held < TIME_HELD_STEPS; held++) {
        const int base = time_scale_percent(held, 0);
        CHECK(time_scale_percent(held, -500) == base, "a rising score changes nothing (held %d)", held);
        CHECK(time_scale_percent(held, TIME_FALL_FULL / 2) > base, "a falling score adds time (held %d)", held);
        CHECK(time_scale_percent(held, 30000) == base * (100 + TIME_FALL_MAX_PERCENT) / 100,
              "a mate's fall adds the most, no more (held %d): %d%%", held, time_scale_percent(held, 30000));
    }
}

void test_timeman(void)
{
    test_grid();
    test_shapes();
    test_scale();
}
