/*
 * platform.h - the few services that differ between the systems Chariot is built for: Linux and the
 * other POSIX systems, Windows (MinGW-w64, `make windows`) and WebAssembly (Emscripten). Everything
 * else in src/ is ISO C11 with pthreads (winpthreads on Windows), so an operating system's own calls
 * are made here and nowhere else.
 */
#ifndef PLATFORM_H
#define PLATFORM_H

#include <stddef.h>

/* Memory aligned to `align` (a power of two, at least sizeof(void *)), freed by platform_aligned_free
 * alone (Windows has no aligned_alloc: its aligned blocks need their own free). NULL: not to be had. */
void *platform_aligned_alloc(size_t align, size_t bytes);
void platform_aligned_free(void *p);

/* Asks for huge pages under a large block where the system offers them (Linux's transparent huge pages). */
void platform_advise_huge_pages(void *p, size_t bytes);

/* The memory one allocation may take: the machine's physical memory, or a control group's limit below it
 * (Linux); 0: unknown (WebAssembly, whose own limit answers an allocation instead). */
size_t platform_memory_bytes(void);

/* Ctrl-C calls `handler` instead of ending the program, each time it is pressed; a read waiting for a line
 * returns (POSIX: installed without SA_RESTART). The handler may only store to lock-free atomics. */
void platform_on_interrupt(void (*handler)(int));

/* At start-up: a Windows console prints and reads UTF-8 (the play command's Chinese board and moves);
 * elsewhere nothing. */
void platform_init_console(void);

#endif
