#define _POSIX_C_SOURCE 200809L
/*
 * fuzz_chess_xboard.c - a whole XBoard session of the chess engine, as
 * fuzz_xboard.c does for xiangqi (session.h), built against src/chess: the
 * variants normal and fischerandom, SAN and coordinate moves, O-O, promotions.
 */
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session_run(DIALECT_XBOARD, "xboard\n", data, size);
    return 0;
}
