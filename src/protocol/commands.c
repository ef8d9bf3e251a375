/*
 * commands.c - what every protocol loop does alike: run a command from its
 * table, start the search of a parsed go, read a clock value in seconds.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "protocol.h"
#include "timeman.h"

bool proto_run_command(const ProtoCommand *table, size_t n, const char *name, char *args, const char *busy_word,
                       const char *refused_go)
{
    for (size_t i = 0; i < n; i++) {
        if (strcmp(name, table[i].name))
            continue;
        if (!table[i].while_searching) {
            if (engine_busy()) {
                proto_error("%s ignored while %s (send stop first)", name, busy_word);
                if (!strcmp(name, "go") && refused_go)
                    proto_out("%s", refused_go); /* the running search answers for itself */
                return true;
            }
            engine_wait(); /* the last search may still be writing its bestmove (thread.c: the hand-off) */
        }
        table[i].run(args);
        return true;
    }
    return false;
}

/* Whether the last search started has a limit of its own (a depth, nodes or a movetime, and no infinite or
 * ponder): the end of input lets it finish (proto_end_of_input). A search on a clock alone, or for a mate
 * (which searches on until it finds one), is stopped there, as Stockfish stops it: a clock can be as long as
 * the GUI likes (the fuzz sessions' reach 2^63 ms). Written by the input thread only. */
static bool search_bounded;

void proto_end_of_input(void)
{
    if (search_bounded && engine_busy())
        engine_wait(); /* piped `go depth 10`: the search ends, and says bestmove, as it would have */
    engine_stop();
    engine_wait();
}

void proto_start_search(Position *pos, SearchLimits *l, const SearchReporter *rep)
{
    search_bounded = !l->infinite && !l->ponder && (l->depth > 0 || l->nodes > 0 || l->movetime > 0);
    proto_prepare_search(pos);
    proto_apply_strength(l);
    if (engine_searches_here()) { /* no threads here (WebAssembly): the search yields to read input */
        engine_go_here(pos, l, rep);
        return;
    }
    if (engine_go(pos, l, rep))
        return;
    proto_error("could not start the search thread: searching here for at most %d ms, no input is read meanwhile",
                PROTO_FALLBACK_MS);
    if (l->infinite || l->ponder || (!l->depth && !l->nodes && !l->mate)) {
        l->movetime = l->movetime ? l->movetime : PROTO_FALLBACK_MS;
        l->movetime = l->movetime < PROTO_FALLBACK_MS ? l->movetime : PROTO_FALLBACK_MS;
    }
    engine_go_here(pos, l, rep);
}

bool proto_parse_seconds(const char *text, bool millisec, int64_t *ms)
{
    char *end;
    if (!text || !*text || isspace((unsigned char)*text))
        return false;
    const double v = strtod(text, &end), scale = millisec ? 1 : 1000;
    if (end == text || *end || !isfinite(v) || v < 0 || v * scale > (double)TIME_CLOCK_MAX_MS)
        return false;
    *ms = (int64_t)llround(v * scale);
    return true;
}
