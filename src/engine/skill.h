/*
 * skill.h - playing below full strength (UCI_LimitStrength, UCI_Elo,
 * Skill Level; play --elo): a shallower search and a choice among the best
 * few root moves weighted by their scores, so that the engine errs the way a
 * weaker player does (a plausible second-best move), not at random.
 *
 * A skill level runs from 0 (weakest) to SKILL_MAX - 1; SKILL_MAX is full
 * strength (the option's default). Level L searches at most skill_depth(L) plies with SKILL_CANDIDATES lines
 * and then picks line i with probability proportional to
 * exp((score_i - score_0) / T(L)), among the lines at most SKILL_CAP_FACTOR * T
 * worse than the best. Rules that hold at every level: a line whose score is
 * a mate (or a repetition verdict) either way is certain, so the best line is
 * played then; no line that loses by force is chosen over one that does not;
 * and, checked on the board by the search (search_root.c), a move that mates
 * at once is always played and a move that lets the opponent mate at once is
 * never chosen while another does not. Elo ratings map to levels through the
 * game's table of measured ratings (GAME_LEVEL_ELO in its game.h; docs/strength.md): a level plays
 * differently in each game, and each game has its own yardstick.
 */
#ifndef CHARIOT_SKILL_H
#define CHARIOT_SKILL_H

#include "game_api.h"

enum {
    SKILL_CANDIDATES = 4,         /* root lines searched to choose among */
    SKILL_DEPTH_MIN = 3,          /* level 0 (mates in one either way are also checked on the board: search_root.c) */
    SKILL_DEPTH_MAX = 13,         /* level SKILL_MAX (the formula's end; the last weakened level is one below) */
    SKILL_TEMP_MAX = 150,         /* centipawns of score noise at level 0 ... */
    SKILL_TEMP_MIN = 8,           /* ... and at level SKILL_MAX */
    SKILL_CAP_FACTOR = 4,         /* lines more than this many temperatures worse than the best are never chosen */
    SKILL_ELO_MIN = GAME_ELO_MIN, /* the UCI_Elo range: the measured ratings of level 0 and of level SKILL_MAX - 1 */
    SKILL_ELO_MAX = GAME_ELO_MAX,
};
/* Macros, so that the option table can write them as text too (SKILL_TEXT). */
#define SKILL_MAX         20               /* Skill Level 0 .. SKILL_MAX - 1 play weaker; SKILL_MAX: full strength */
#define SKILL_ELO_DEFAULT GAME_ELO_DEFAULT /* level 5's rating */
#define SKILL_TEXT_(x)    #x
#define SKILL_TEXT(x)     SKILL_TEXT_(x)

int skill_depth(int level);       /* the depth cap of a level */
int skill_temperature(int level); /* its score noise, centipawns */
int skill_level_for_elo(int elo); /* the weakened level (0 .. SKILL_MAX - 1) of that measured rating */

/* The index of the line to play among the n (>= 1) best root lines, scores[0] the best; `seed` drives the
 * random choice (the same seed, the same choice). */
int skill_pick(const Score *scores, int n, int level, uint64_t seed);

#endif
