/*
 * tt_lab.h - the table's settings and counters for the laboratory (`chariot
 * ttlab`) and the tests: table sizes below a MiB, aging, mate-distance
 * adjustment and key verification switched off to show what goes wrong
 * without them, the table switched off, fill over every generation, the
 * bucket a key falls in. The search never uses them; the protocols only in
 * the tuning build (its HashKiB option, a table below a MiB in play).
 */
#ifndef CHARIOT_TT_LAB_H
#define CHARIOT_TT_LAB_H

#include "tt.h"

void tt_set_memory_limit(size_t bytes); /* tests: pretend the machine has this much (0: its own) */
bool tt_resize_kb(size_t kb);
void tt_set_aging(bool on);        /* off: generations are ignored by every scheme */
void tt_set_mate_adjust(bool on);  /* off only to show what goes wrong without it */
void tt_set_verification(bool on); /* off: every filled slot "hits" (collision tests) */
void tt_set_enabled(bool on);
size_t tt_entry_count(void);
/* The bucket of a key in a table of `buckets` buckets (see tt.c: 32 key bits, 48 past 2^32 buckets). */
size_t tt_bucket_index(Key key, size_t buckets);
int tt_fill_permille(void); /* permille of all slots filled, any generation */
const char *tt_scheme_name(TTScheme s);

#endif
