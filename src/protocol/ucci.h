/*
 * ucci.h - the UCCI front end (ucci.c). The `go` parser is public so that
 * the tests can check how clocks map to search limits.
 */
#ifndef CHARIOT_UCCI_H
#define CHARIOT_UCCI_H

#include "search.h"

typedef struct {
    bool ponder;    /* go ponder: the clock starts at ponderhit */
    bool draw;      /* go draw: the opponent offers a draw */
    bool depth0;    /* go depth 0: static evaluation, then nobestmove */
    bool unlimited; /* no depth, nodes or time: only a mate or `stop` ends the search */
} UcciGo;

/* "[ponder|draw] depth N|infinite | nodes N | time T [movestogo N|increment I]
 * [opptime T [oppmovestogo N|oppincrement I]] | movetime T" for the side to
 * move in pos. Times are seconds, or milliseconds when `millisec`. */
bool ucci_parse_go(char *args, const Position *pos, bool millisec, SearchLimits *l, UcciGo *g, char *err,
                   size_t errlen);

#endif
