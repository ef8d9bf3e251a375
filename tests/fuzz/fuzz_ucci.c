#define _POSIX_C_SOURCE 200809L
/*
 * fuzz_ucci.c - a whole UCCI session from the input, as fuzz_uci.c does for
 * UCI: the input, rewritten (session.h), follows a prefix that makes
 * main.c choose UCCI and puts the front end's own state (clock
 * units, batch and debug mode, banned moves), which lives on between
 * sessions, back to its defaults.
 */
#include "session.h"

static const char PREFIX[] = "ucci\n"
                             "setoption usemillisec false\n"
                             "setoption batch false\n"
                             "setoption debug false\n"
                             "position startpos\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session_run(DIALECT_UCCI, PREFIX, data, size);
    return 0;
}
