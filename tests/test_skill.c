/*
 * test_skill.c - playing weaker, the parts that need no search (run for each game): the choice among the
 * root lines (skill_pick), the levels' depths and temperatures, and the game's Elo scale (GAME_LEVEL_ELO).
 * Through the search, a level-0 mate is played and a mate in one never allowed: test_search.c.
 */
#include "check.h"
#include "skill.h"

void test_skill(void)
{
    enum { SEEDS = 2000 };
    const Score mate1 = score_mate_in(1), ordinary[] = {40, 20, -10, -60};
    int best_share[SKILL_MAX] = {0}, distinct = 0, seen[4] = {0};
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        const Score mating[] = {mate1, 300, 200, 100}, hanging[] = {50, 45, score_mated_in(2), 40},
                    lost[] = {score_mated_in(9), score_mated_in(2), score_mated_in(2), score_mated_in(4)};
        CHECK(skill_pick(lost, 4, 0, seed) == 0, "level 0 shortened its resistance (seed %llu)",
              (unsigned long long)seed);
        CHECK(skill_pick(mating, 4, 0, seed) == 0, "level 0 missed a mate (seed %llu)", (unsigned long long)seed);
        CHECK(skill_pick(hanging, 4, 0, seed) != 2, "level 0 allowed a mate (seed %llu)", (unsigned long long)seed);
        const Score far[] = {200, 100, 0, -100};
        CHECK(skill_pick(far, 4, SKILL_MAX - 1, seed) == 0, "level %d chose a line %d cp worse", SKILL_MAX - 1,
              far[0] - far[skill_pick(far, 4, SKILL_MAX - 1, seed)]);
        seen[skill_pick(ordinary, 4, 0, seed)]++;
        for (int level = 0; level < SKILL_MAX; level += 5)
            best_share[level] += skill_pick(ordinary, 4, level, seed) == 0;
    }
    for (int i = 0; i < 4; i++)
        distinct += seen[i] > 0;
    CHECK(distinct >= 3 && seen[0] > seen[1] && seen[1] > seen[2],
          "level 0 chooses among the lines by score: %d %d %d %d", seen[0], seen[1], seen[2], seen[3]);
    CHECK(best_share[0] < best_share[5] && best_share[5] < best_share[10] && best_share[10] <= best_share[15],
          "higher levels play the best line more often: %d %d %d %d", best_share[0], best_share[5], best_share[10],
          best_share[15]);
    CHECK(skill_pick(ordinary, 4, 7, 42) == skill_pick(ordinary, 4, 7, 42), "the same seed, the same choice");
    for (int level = 1; level < SKILL_MAX; level++)
        CHECK(skill_depth(level) >= skill_depth(level - 1) && skill_temperature(level) <= skill_temperature(level - 1),
              "level %d is no weaker than level %d", level, level - 1);

    /* The game's scale: its range maps onto the weakened levels, rising, the default on level 5's rating. */
    CHECK(SKILL_ELO_MIN < SKILL_ELO_DEFAULT && SKILL_ELO_DEFAULT < SKILL_ELO_MAX, "the default %d lies in %d-%d",
          SKILL_ELO_DEFAULT, SKILL_ELO_MIN, SKILL_ELO_MAX);
    CHECK(skill_level_for_elo(SKILL_ELO_MIN) == 0 && skill_level_for_elo(SKILL_ELO_MAX) == SKILL_MAX - 1 &&
              skill_level_for_elo(0) == 0 && skill_level_for_elo(99999) == SKILL_MAX - 1,
          "the Elo range maps onto the weakened levels");
    CHECK(skill_level_for_elo(SKILL_ELO_DEFAULT) == 5, "the default rating is level 5's, not level %d",
          skill_level_for_elo(SKILL_ELO_DEFAULT));
    CHECK(skill_level_for_elo(SKILL_ELO_MAX - 1) >= 15 && skill_level_for_elo(SKILL_ELO_MAX - 1) < SKILL_MAX - 1,
          "just below the top of the range is between levels 15 and 19, not level %d",
          skill_level_for_elo(SKILL_ELO_MAX - 1));
    for (int elo = SKILL_ELO_MIN; elo < SKILL_ELO_MAX; elo += 10)
        CHECK(skill_level_for_elo(elo) <= skill_level_for_elo(elo + 10), "levels rise with Elo at %d", elo);
}
