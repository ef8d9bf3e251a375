/*
 * xboard.h - the XBoard front end (CECP v2, xboard.c). Its number readers
 * are public so that the tests can check how XBoard's time controls map to
 * milliseconds.
 */
#ifndef CHARIOT_XBOARD_H
#define CHARIOT_XBOARD_H

#include "search.h"

/* "level MPS BASE INC": moves per period (0: the whole game), the base as
 * minutes or minutes:seconds (text after it is ignored, as the protocol
 * asks), the increment in seconds (decimals allowed). */
bool xboard_parse_level(const char *args, int *mps, int64_t *base_ms, int64_t *inc_ms);

#endif
