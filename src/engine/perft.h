/*
 * perft.h - the move generator's contract: count the leaves of the legal
 * move tree to a depth. One walk for every game (the engine's), through the
 * contract's gen_legal and make/unmake; counts are checked against each
 * game's published figures (tests/perft.epd, tests/chess/perft.epd).
 */
#ifndef CHARIOT_PERFT_H
#define CHARIOT_PERFT_H

#include <stdatomic.h>

#include "game_api.h"

/* Leaves of the legal move tree `depth` plies below pos (1 at depth 0). With `stop`, subtrees deeper than
 * PERFT_STOP_CHECK_DEPTH look at it first and count 0 once it is set (`go perft` is stoppable); NULL:
 * never stops. pos is restored. */
enum { PERFT_STOP_CHECK_DEPTH = 3 };
uint64_t perft_count(Position *pos, int depth, const atomic_bool *stop);

#endif
