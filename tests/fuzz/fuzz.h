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

#ifdef _WIN32
/* The Windows build replays the corpora too (under Wine: tests/cross_test.py); what POSIX gives the harnesses
 * and Windows lacks, from what it has. */
#include <fcntl.h>
#include <io.h>
#include <unistd.h>

static inline char *fuzz_strndup(const char *s, size_t n)
{
    const char *end = memchr(s, 0, n);
    const size_t len = end ? (size_t)(end - s) : n;
    char *copy = malloc(len + 1);
    if (copy) {
        memcpy(copy, s, len);
        copy[len] = 0;
    }
    return copy;
}
#define strndup fuzz_strndup

/* A read-only stream over a buffer: a temporary file holding it (binary, deleted when closed). */
static inline FILE *fuzz_fmemopen(void *buf, size_t size, const char *mode)
{
    (void)mode;
    FILE *f = tmpfile();
    if (f && ((size && fwrite(buf, 1, size, f) != size) || fseek(f, 0, SEEK_SET) != 0)) {
        fclose(f);
        f = NULL;
    }
    return f;
}
#define fmemopen fuzz_fmemopen

static inline long fuzz_pread(int fd, void *buf, size_t n, long at)
{
    return lseek(fd, at, SEEK_SET) < 0 ? -1 : read(fd, buf, n > 1u << 30 ? 1u << 30 : (unsigned)n);
}
#define pread fuzz_pread
#endif

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
