#define _POSIX_C_SOURCE 200809L
/*
 * fuzz_chess_uci.c - a whole UCI session of the chess engine (./chariot-chess),
 * as fuzz_uci.c does for xiangqi: the same rewriting and checks (session.h),
 * built against src/chess, so that castling in both notations, promotions,
 * en passant, UCI_Chess960 and chess FENs reach the protocol loop.
 */
#include "session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    session_run(DIALECT_UCI, "", data, size);
    return 0;
}
