/*
 * pos_common.h - what every game's position does alike, written once for
 * the games to call. The engine itself does not include it: it knows no
 * Position field. A game's position.c and rules.c include it after the
 * contract (game_api.h).
 *
 * A game keeps its history as an array of per-ply states (PosState) with
 * the current ply's index; a search needs MAX_PLY free states above the
 * current one, and a long game would run out of them. Trimming drops the
 * oldest states and keeps the newest half of MAX_GAME_PLY, so that
 * repetitions inside any rule's window can still be seen.
 */
#ifndef CHARIOT_POS_COMMON_H
#define CHARIOT_POS_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_api.h"

/* The earliest a position can come back: each side moves away and back. */
enum { POS_MIN_CYCLE_PLIES = 4 };

/* What a text function of the contract returns (eval_explain): the length snprintf wrote, `n`, cut to
 * what fits a buffer of `len` bytes. */
static inline size_t text_written(int n, size_t len)
{
    return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len ? len - 1 : 0;
}

/* states: the history (state_size bytes each); *ply the current index, *root_ply the search root's.
 * Does nothing until *ply reaches max_game_ply - 1. */
static inline void plies_trim(void *states, size_t state_size, int max_game_ply, int *ply, int *root_ply)
{
    const int keep = max_game_ply / 2;
    if (*ply < max_game_ply - 1)
        return;
    const int drop = *ply - keep;
    memmove(states, (char *)states + (size_t)drop * state_size, (size_t)(keep + 1) * state_size);
    *ply -= drop;
    *root_ply = imax(0, *root_ply - drop);
}

/* A null move passes the turn: the side to move flips and the ply counters step by dir (+1 make, -1 unmake). */
static inline void plies_pass(Color *side, int *ply, int *game_ply, int dir)
{
    *side ^= 1;
    *ply += dir;
    *game_ply += dir;
}

/* Earlier occurrences, with the same side to move, of the key at states[cur] among the `window` plies
 * before it; the keys lie `stride` bytes apart (&states[0].key, sizeof states[0]). */
static inline int plies_repetitions(const Key *key0, size_t stride, int cur, int window)
{
    const char *base = (const char *)key0;
    const Key now = *(const Key *)(base + (size_t)cur * stride);
    int n = 0;
    for (int i = POS_MIN_CYCLE_PLIES; i <= imin(window, cur); i += 2)
        n += *(const Key *)(base + (size_t)(cur - i) * stride) == now;
    return n;
}

/* Zobrist keys: splitmix64, a fixed sequence from a seed, so that keys (and bench) are reproducible. */
static inline uint64_t key_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A key for each piece code and square, table[code * squares + sq]; codes whose type bits (code & 7) are 0
 * are no piece and get 0. */
static inline void keys_fill_pieces(Key *table, int codes, int squares, uint64_t *state)
{
    for (int pc = 0; pc < codes; pc++)
        for (int sq = 0; sq < squares; sq++)
            table[pc * squares + sq] = (pc & 7) ? key_random(state) : 0;
}

/* A FEN's piece placement: ranks from the last to the first, '/' between them, a digit for each run of
 * empty squares; square = rank * files + file; piece_chars[code] for each piece code, 0 = empty. */
static inline int fen_write_placement(const uint8_t *board, int files, int ranks, const char *piece_chars, char *out)
{
    int n = 0;
    for (int r = ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < files; f++) {
            const int pc = board[r * files + f];
            if (!pc) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = piece_chars[pc];
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (r)
            out[n++] = '/';
    }
    out[n] = 0;
    return n;
}

/* The static exchange's last step: gain[i] is what the side capturing i-th has won if the exchange stops
 * after it; walking back, each side may stop capturing when that is better. The value of the first capture. */
static inline int see_resolve(int *gain, int d)
{
    for (; d > 0; d--)
        gain[d - 1] = -imax(-gain[d - 1], gain[d]);
    return gain[0];
}

/* A reader of move text for people: the one legal move that fits what was read (fits(pos, m, text)), or
 * MOVE_NONE when none or several fit. */
static inline Move pos_unique_legal(const Position *pos, bool (*fits)(const Position *, Move, const void *),
                                    const void *text)
{
    Move list[MAX_MOVES], found = MOVE_NONE;
    const int n = gen_legal(pos, list);
    int matches = 0;
    for (int i = 0; i < n; i++)
        if (fits(pos, list[i], text)) {
            found = list[i];
            matches++;
        }
    return matches == 1 ? found : MOVE_NONE;
}

/* Debug builds (make debug: -DCHARIOT_CHECKS) check every invariant after every make and unmake, and stop
 * with the name of the one that broke. */
static inline void pos_check_invariants(const Position *pos, const char *where)
{
#ifdef CHARIOT_CHECKS
    const char *why = "";
    if (!pos_ok(pos, &why)) {
        fprintf(stderr, "chariot: invariant broken after %s: %s\n", where, why);
        abort();
    }
#else
    (void)pos, (void)where;
#endif
}

#endif
