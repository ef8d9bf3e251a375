/*
 * main.c - the chess test runner: the end-to-end groups that drive
 * ./chariot-chess (perft counts and the rules have their own programs,
 * perft_check.c and rules_check.c), then "N passed, N failed".
 *   run-tests-chess [--engine PATH] [GROUP...]
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "search.h"
#include "thread.h"

int g_passed, g_failed;
bool g_quick;
const char *g_engine_path = "./chariot-chess";

void test_chess_uci(void);
void test_chess_cli(void);

static const struct {
    const char *name;
    void (*fn)(void);
} GROUPS[] = {
    {"uci", test_chess_uci},
    {"cli", test_chess_cli},
};

int main(int argc, char **argv)
{
    const char *only[16];
    int nonly = 0;
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
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++) {
        bool run = nonly == 0;
        for (int i = 0; i < nonly; i++)
            run |= !strcmp(only[i], GROUPS[g].name);
        if (!run)
            continue;
        int p = g_passed, f = g_failed;
        GROUPS[g].fn();
        printf("%-8s %d passed, %d failed\n", GROUPS[g].name, g_passed - p, g_failed - f);
        fflush(stdout);
    }
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
