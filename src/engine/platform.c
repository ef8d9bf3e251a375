/*
 * platform.c - the operating system's own calls (platform.h): one #if per service, POSIX first.
 */
#if !defined(_WIN32)
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#endif
#include "platform.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <malloc.h>
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
#endif

void *platform_aligned_alloc(size_t align, size_t bytes)
{
    if (bytes % align) /* C11's aligned_alloc wants a multiple of the alignment */
        bytes += align - bytes % align;
#if defined(_WIN32)
    return _aligned_malloc(bytes, align);
#else
    return aligned_alloc(align, bytes);
#endif
}

void platform_aligned_free(void *p)
{
#if defined(_WIN32)
    _aligned_free(p);
#else
    free(p);
#endif
}

void platform_advise_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#else
    (void)p, (void)bytes;
#endif
}

size_t platform_memory_bytes(void)
{
#if defined(_WIN32)
    MEMORYSTATUSEX m;
    m.dwLength = sizeof m;
    if (!GlobalMemoryStatusEx(&m) || m.ullTotalPhys > SIZE_MAX)
        return 0;
    return (size_t)m.ullTotalPhys;
#elif defined(_SC_PHYS_PAGES) && !defined(__EMSCRIPTEN__)
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0 || (uint64_t)pages > SIZE_MAX / (uint64_t)page)
        return 0;
    size_t limit = (size_t)pages * (size_t)page;
    FILE *f = fopen("/sys/fs/cgroup/memory.max", "r"); /* cgroup v2; "max" when there is no limit */
    unsigned long long cg;
    if (f) {
        if (fscanf(f, "%llu", &cg) == 1 && cg > 0 && cg < limit)
            limit = (size_t)cg;
        fclose(f);
    }
    return limit;
#else
    return 0;
#endif
}

#if defined(_WIN32)
static void (*interrupt_handler)(int);

/* The C runtime of Windows runs a SIGINT handler on a thread of its own and puts the default action back
 * before calling it: installed again each time. */
static void on_interrupt(int sig)
{
    signal(SIGINT, on_interrupt);
    interrupt_handler(sig);
}
#endif

void platform_on_interrupt(void (*handler)(int))
{
#if defined(_WIN32)
    interrupt_handler = handler;
    signal(SIGINT, on_interrupt);
#else
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler; /* no SA_RESTART: a read waiting for Enter returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
#endif
}

void platform_init_console(void)
{
#if defined(_WIN32)
    SetConsoleOutputCP(CP_UTF8);
    SetConsoleCP(CP_UTF8);
#endif
}
