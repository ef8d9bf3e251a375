/*
 * check.h - a very small test harness: CHECK counts passes and failures,
 * the runner prints "N passed, N failed" last.
 */
#ifndef CHARIOT_CHECK_H
#define CHARIOT_CHECK_H

#include <stdio.h>

#include "game_api.h"

extern int g_passed, g_failed;
extern bool g_quick;              /* sanitizer build: smaller perft counts */
extern const char *g_engine_path; /* the binary for end-to-end tests */

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (cond) {                                                                                                    \
            g_passed++;                                                                                                \
        } else {                                                                                                       \
            g_failed++;                                                                                                \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                                                       \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

/* The game's test groups (tests/groups.c, tests/chess/groups.c) and the binary they drive by default. */
typedef struct {
    const char *name;
    void (*fn)(void);
} TestGroup;
extern const TestGroup TEST_GROUPS[];
extern const size_t TEST_GROUP_COUNT;
extern const char *const TEST_DEFAULT_ENGINE;

/* Shared helpers (tests/util.c). */
int read_lines(const char *path, char lines[][512], int max);
bool read_file_text(const char *path, char *text,
                    size_t len);             /* the whole file (or its first len - 1 bytes); false if empty */
void fen_flip(const char *fen, char *out);   /* swap colours, mirror ranks */
void fen_mirror(const char *fen, char *out); /* mirror files */
int run_engine(const char *input, char *output, size_t outlen); /* feeds input to the engine, returns exit code */

typedef struct {
    int pid, fd, len;
    FILE *to;
    char buf[65536];
    char log[1 << 18]; /* every line read, for failure messages and comparisons */
    size_t loglen;
} Engine;
bool engine_start(Engine *e);
bool engine_start_args(Engine *e, const char *const *args); /* args after the program name, NULL-ended */
void engine_send(Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool engine_expect(Engine *e, const char *prefix, char *line, size_t len, int timeout_ms);
int engine_close(Engine *e);
bool engine_start_uci(Engine *e); /* start, "uci", wait for uciok */

/* Is the first word of `move` a legal move after `moves` (ICCS, space
 * separated) from `fen` (NULL: the start position)? */
bool move_legal_after(const char *fen, const char *moves, const char *move);

/* Each input must be answered with "info string error: ..." containing
 * `expect`, and the engine must still answer isready afterwards. */
typedef struct {
    const char *input, *expect;
} BadInput;
void check_bad_inputs(Engine *e, const BadInput *list, size_t n);
/* A line longer than the engine reads (a position with thousands of moves) is
 * dropped whole with an error, and the line after it is read as a command. */
void check_long_line(Engine *e);

void test_fen(void);
void test_fuzz(void);
void test_perft(void);
void test_tt(void);
void test_eval(void);
void test_rules(void);
void test_search(void);
void test_skill(void);
void test_uci(void);
void test_smp(void);
void test_notation(void);
void test_ucci(void);
void test_xboard(void);
void test_timeman(void);
void test_cli(void);
void test_usage(void); /* both games: tests/test_usage.c */
void test_datagen(void);
void test_nnue(void); /* both games: tests/test_nnue.c */

#endif
