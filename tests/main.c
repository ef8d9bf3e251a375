/*
 * main.c - the test runner of either game: every test group of the game
 * (tests/groups.c for xiangqi, tests/chess/groups.c for chess), then
 * "N passed, N failed".
 *   run-tests [--quick] [--engine PATH] [GROUP...]
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "search.h"
#include "thread.h"

int g_passed, g_failed;
bool g_quick;
const char *g_engine_path;

int main(int argc, char **argv)
{
    const char *only[16];
    int nonly = 0;
    g_engine_path = TEST_DEFAULT_ENGINE;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            g_quick = true;
        else if (!strcmp(argv[i], "--engine") && i + 1 < argc)
            g_engine_path = argv[++i];
        else if (nonly < 16)
            only[nonly++] = argv[i];
    }
    game_init();
    search_init();
    threads_init();
    tt_resize(16);
    for (size_t g = 0; g < TEST_GROUP_COUNT; g++) {
        bool run = nonly == 0;
        for (int i = 0; i < nonly; i++)
            run |= !strcmp(only[i], TEST_GROUPS[g].name);
        if (!run)
            continue;
        int p = g_passed, f = g_failed;
        TEST_GROUPS[g].fn();
        printf("%-8s %d passed, %d failed\n", TEST_GROUPS[g].name, g_passed - p, g_failed - f);
        fflush(stdout);
    }
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
