#define _POSIX_C_SOURCE 200809L
/*
 * fuzz_uci.c - a whole UCI session from the input: each input, rewritten
 * so that it runs in milliseconds (session.h), is read by uci_loop_from
 * from memory, with the engine started once as main() starts it and every
 * shared setting reset before each input. Output goes to /dev/null; what is
 * checked is what the sanitizers see (memory errors, undefined behaviour,
 * leaks), hangs (libFuzzer's -timeout) and that no search outlives the loop.
 */
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session_run(DIALECT_UCI, "", data, size);
    return 0;
}
