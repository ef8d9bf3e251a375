/*
 * skill.c - the weaker player (the design note is in skill.h).
 */
#include "skill.h"

#include <math.h>

int skill_depth(int level) { return SKILL_DEPTH_MIN + level * (SKILL_DEPTH_MAX - SKILL_DEPTH_MIN) / SKILL_MAX; }

int skill_temperature(int level) { return SKILL_TEMP_MAX - level * (SKILL_TEMP_MAX - SKILL_TEMP_MIN) / SKILL_MAX; }

/* The levels whose ratings each game measured (its GAME_LEVEL_ELO, rounded to 10, in rising order:
 * docs/strength.md, "Strength for humans"); between two measured levels the level is interpolated. */
static const int LEVEL_MEASURED[] = {0, 5, 10, 15, SKILL_MAX - 1};
static const int LEVEL_ELO[] = {GAME_LEVEL_ELO};
enum { LEVEL_ELO_COUNT = sizeof LEVEL_ELO / sizeof LEVEL_ELO[0] };
_Static_assert(sizeof LEVEL_MEASURED == sizeof LEVEL_ELO, "GAME_LEVEL_ELO rates levels 0, 5, 10, 15 and 19");

int skill_level_for_elo(int elo)
{
    if (elo <= LEVEL_ELO[0])
        return LEVEL_MEASURED[0];
    for (int i = 1; i < LEVEL_ELO_COUNT; i++)
        if (elo <= LEVEL_ELO[i])
            return LEVEL_MEASURED[i - 1] +
                (elo - LEVEL_ELO[i - 1]) * (LEVEL_MEASURED[i] - LEVEL_MEASURED[i - 1]) /
                (LEVEL_ELO[i] - LEVEL_ELO[i - 1]);
    return SKILL_MAX - 1;
}

/* xorshift64*: a few random numbers from the seed. */
static double next_unit(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (double)((*s * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0; /* [0, 1) */
}

int skill_pick(const Score *scores, int n, int level, uint64_t seed)
{
    /* A mate (or a rule verdict) either way is certain: the best line is played, the mate taken, the longest
     * resistance kept. */
    if (n <= 1 || score_is_decisive(scores[0]))
        return 0;
    const double t = skill_temperature(level);
    double weight[SKILL_CANDIDATES], total = 0;
    const int m = n < SKILL_CANDIDATES ? n : SKILL_CANDIDATES;
    for (int i = 0; i < m; i++) {
        const bool loses = score_is_decisive(scores[i]) && scores[i] < 0; /* lets a mate (or a lost verdict) in */
        const bool too_bad = scores[i] < scores[0] - SKILL_CAP_FACTOR * t;
        weight[i] = i > 0 && (loses || too_bad) ? 0 : exp((scores[i] - scores[0]) / t);
        total += weight[i];
    }
    uint64_t s = seed ? seed : 0x9E3779B97F4A7C15ULL;
    double u = next_unit(&s) * total;
    for (int i = 0; i < m; i++) {
        if (u < weight[i])
            return i;
        u -= weight[i];
    }
    return 0;
}
