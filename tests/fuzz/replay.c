#define _POSIX_C_SOURCE 200809L
/*
 * replay.c - runs a fuzz harness on saved inputs without libFuzzer, so that
 * any compiler (gcc in CI) with AddressSanitizer and UBSan can replay the
 * committed corpora: `replay DIR|FILE...` calls LLVMFuzzerInitialize (when
 * the harness has one) once, then LLVMFuzzerTestOneInput on every regular
 * file of each directory (in name order) and on each file named. A failed
 * check aborts; a sanitizer report ends the run with its exit code.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* Weak: a harness without start-up leaves it undefined (NULL). */
extern int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* One input: read whole into a buffer of exactly its size, then run. */
static bool run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot read %s: %s\n", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "replay: out of memory reading %s\n", path);
        return false;
    }
    uint8_t *exact = malloc(n ? n : 1); /* a read past the end lands outside the block */
    if (!exact) {
        free(buf);
        return false;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return true;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The names in a directory, dot files left out, in name order (scandir is not everywhere: Windows); -1 if it
 * cannot be read. */
static int list_dir(const char *dir, char ***out)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    char **names = NULL;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            char **bigger = realloc(names, (size_t)(cap = cap ? 2 * cap : 256) * sizeof *names);
            if (!bigger)
                break;
            names = bigger;
        }
        if (!(names[n] = strdup(e->d_name)))
            break;
        n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    *out = names;
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...  (runs the fuzz harness on every file)\n", argv[0]);
        return 2;
    }
    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);
    int files = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            failed++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            failed += !run_file(argv[i]);
            files++;
            continue;
        }
        char **names;
        int n = list_dir(argv[i], &names);
        if (n < 0) {
            fprintf(stderr, "replay: cannot list %s: %s\n", argv[i], strerror(errno));
            failed++;
            continue;
        }
        for (int k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[k]);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                failed += !run_file(path);
                files++;
            }
            free(names[k]);
        }
        free(names);
    }
    fprintf(stderr, "%s: %d inputs replayed%s\n", argv[0], files, failed ? ", some unreadable" : "");
    return failed ? 1 : 0;
}
