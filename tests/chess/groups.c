/*
 * groups.c - the chess test groups, run by tests/main.c: the engine's own
 * tests (the table, the time manager, parallel search), which run for each
 * game, and the end-to-end sessions that drive ./chariot-chess (perft counts
 * and the rules have their own programs, perft_check.c and rules_check.c).
 */
#include "check.h"

void test_chess_uci(void);
void test_chess_xboard(void);
void test_chess_cli(void);

const char *const TEST_DEFAULT_ENGINE = "./chariot-chess";

const TestGroup TEST_GROUPS[] = {
    {"tt", test_tt},         {"timeman", test_timeman},     {"smp", test_smp},
    {"uci", test_chess_uci}, {"xboard", test_chess_xboard}, {"cli", test_chess_cli},
    {"usage", test_usage},   {"datagen", test_datagen},     {"nnue", test_nnue},
    {"skill", test_skill},
};
const size_t TEST_GROUP_COUNT = sizeof TEST_GROUPS / sizeof TEST_GROUPS[0];
