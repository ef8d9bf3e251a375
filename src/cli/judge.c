/*
 * judge.c - `chariot judge POSITION`: is the game over after these moves,
 * and why. POSITION is read as `analyze` reads it (a FEN or `startpos`, then
 * `moves ...`; ICCS or the game's notation). Prints one line,
 *   result: 1-0 (checkmate)
 *   result: 0-1 (Red chased the black rook perpetually)
 *   result: * (game not over)
 * from the game's own referee (game_judge), the rule the search plays by.
 * `--rule NAME` picks the repetition rule set where the game has several;
 * `--explain` then prints the repeating cycle move by move: each side's
 * checks, the pieces it held under chase and those it newly chased.
 */
#include "judge.h"

#include <stdio.h>
#include <string.h>

#include "analyze.h"

int judge_main(int argc, char **argv)
{
    static char spec[8192];
    static Position pos;
    const char *rule = NULL;
    bool explain = false;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--explain")) {
            explain = true;
        } else if (!strcmp(argv[i], "--rule")) {
            if (i + 1 >= argc) {
                fprintf(stderr, GAME_PROGRAM " judge: --rule needs a rule set\n");
                return 2;
            }
            rule = argv[++i];
        } else if (!strncmp(argv[i], "--", 2)) {
            fprintf(stderr, GAME_PROGRAM " judge: unknown option '%s'\n", argv[i]);
            return 2;
        } else if (!analyze_add_word(spec, sizeof spec, argv[i], GAME_PROGRAM " judge")) {
            return 2;
        }
    }
    char err[256];
    if (!analyze_read_position(spec, &pos, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " judge: %s\n", err);
        return 2;
    }
    if (rule) {
#ifdef GAME_REPETITION_RULES
        if (!pos_set_repetition_rule(&pos, rule)) {
            fprintf(stderr, GAME_PROGRAM " judge: unknown rule set '%s' (%s)\n", rule, GAME_REPETITION_RULES);
            return 2;
        }
#else
        fprintf(stderr, GAME_PROGRAM " judge: " GAME_NAME " has one set of rules; --rule '%s' does not apply\n", rule);
        return 2;
#endif
    }
    char why[160];
    const GameResult r = game_judge(&pos, why, sizeof why);
    printf("result: %s (%s)\n", game_result_str(r), r == GAME_ONGOING ? "game not over" : why);
    if (explain) {
#ifdef GAME_REPETITION_RULES
        static char text[65536];
        game_judge_explain(&pos, text, sizeof text);
        fputs(text, stdout);
#else
        printf(GAME_NAME " has no repetition rule to explain\n");
#endif
    }
    return 0;
}
