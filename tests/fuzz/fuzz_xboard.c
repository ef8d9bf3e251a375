#define _POSIX_C_SOURCE 200809L
/*
 * fuzz_xboard.c - a whole XBoard (CECP v2) session from the input, as
 * fuzz_uci.c does for UCI: the input, rewritten (session.h: the table and
 * thread counts of memory, cores and option capped, heavy lines limited),
 * follows the line `xboard`, which makes main.c choose the XBoard
 * front end. Between inputs the front end's own state (the game, force and
 * analysis modes, clocks, pondering), which outlives a session, goes back to
 * its start-up value. Checked beyond the sanitizers: every `ping` with a
 * number is answered by one `pong`, and no thinking job outlives the loop.
 */
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session_run(DIALECT_XBOARD, "xboard\n", data, size);
    return 0;
}
