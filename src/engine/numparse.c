/*
 * numparse.c - checked whole-number parsing (see numparse.h).
 */
#include "numparse.h"

#include <limits.h>
#include <stdbool.h>

NumStatus num_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!text || !*text)
        return NUM_EMPTY;
    const char *p = text;
    bool negative = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    if (*p < '0' || *p > '9')
        return NUM_SYNTAX;
    /* Accumulate the magnitude in 64 unsigned bits; remember overflow but read to the end so
     * that trailing junk is a syntax error however long the digits are. */
    uint64_t mag = 0;
    bool overflow = false;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (mag > (UINT64_MAX - d) / 10)
            overflow = true;
        else
            mag = mag * 10 + d;
    }
    if (*p)
        return NUM_SYNTAX;
    const uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    if (overflow || mag > limit)
        return NUM_RANGE;
    /* -2^63 has no positive counterpart: build negatives from the magnitude minus one. */
    int64_t v = negative ? (mag == 0 ? 0 : -(int64_t)(mag - 1) - 1) : (int64_t)mag;
    if (v < min || v > max)
        return NUM_RANGE;
    *out = v;
    return NUM_OK;
}

NumStatus num_parse_int(const char *text, int min, int max, int *out)
{
    int64_t v;
    NumStatus s = num_parse_i64(text, min, max, &v);
    if (s == NUM_OK)
        *out = (int)v; /* in [min, max], so it fits */
    return s;
}

const char *num_status_text(NumStatus s)
{
    switch (s) {
    case NUM_OK: return "is fine";
    case NUM_EMPTY: return "is missing";
    case NUM_SYNTAX: return "is not a whole number";
    case NUM_RANGE: return "is out of range";
    }
    return "?";
}
