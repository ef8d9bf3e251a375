/*
 * fuzz.h - what the libFuzzer harnesses in tests/fuzz share: the entry
 * points (declared, so that -Wstrict-prototypes and -Wmissing-prototypes
 * are content) and a check that aborts with a message, which libFuzzer and
 * replay.c report as a crash.
 */
#ifndef CHARIOT_FUZZ_H
#define CHARIOT_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond, ...)                                                                                          \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);                                   \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
            abort();                                                                                                   \
        }                                                                                                              \
    } while (0)

/* The input as a C string: a malloc'd copy of exactly size + 1 bytes (so
 * AddressSanitizer sees a read past its end), NUL-terminated. */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = 0;
    return s;
}

#endif
