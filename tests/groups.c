/*
 * groups.c - the xiangqi test groups, run by tests/main.c in this order.
 */
#include "check.h"

const char *const TEST_DEFAULT_ENGINE = "./chariot";

const TestGroup TEST_GROUPS[] = {
    {"fen", test_fen},           {"perft", test_perft},   {"tt", test_tt},           {"eval", test_eval},
    {"rules", test_rules},       {"search", test_search}, {"uci", test_uci},         {"smp", test_smp},
    {"notation", test_notation}, {"ucci", test_ucci},     {"timeman", test_timeman}, {"xboard", test_xboard},
    {"cli", test_cli},           {"usage", test_usage},   {"fuzz", test_fuzz},       {"datagen", test_datagen},
    {"nnue", test_nnue},         {"skill", test_skill},
};
const size_t TEST_GROUP_COUNT = sizeof TEST_GROUPS / sizeof TEST_GROUPS[0];
