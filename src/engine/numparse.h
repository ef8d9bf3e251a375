/*
 * numparse.h - the one checked parser for whole numbers read from outside
 * the engine: protocol commands and option values, the command line, FEN
 * counters, EPD and laboratory files. The whole text must be the number
 * (an optional sign, decimal digits, nothing after); a value outside the
 * caller's range is reported as such, never wrapped or narrowed.
 */
#ifndef CHARIOT_NUMPARSE_H
#define CHARIOT_NUMPARSE_H

#include <stdint.h>

typedef enum {
    NUM_OK,
    NUM_EMPTY,  /* no text */
    NUM_SYNTAX, /* not a whole decimal number (letters, a decimal point, trailing junk) */
    NUM_RANGE,  /* a whole number outside [min, max] (64-bit overflow included) */
} NumStatus;

/* Parses text into *out when it is a whole number in [min, max]; *out is untouched otherwise. */
NumStatus num_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out);
/* The same for a value that must fit an int. */
NumStatus num_parse_int(const char *text, int min, int max, int *out);
/* Words for a failed status: "is not a whole number", "is out of range" ... (for error messages). */
const char *num_status_text(NumStatus s);

#endif
