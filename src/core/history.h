/*
 * history.h - move-ordering memory kept by each search thread:
 * killer moves per ply and a butterfly history (side, move) of quiet moves.
 * All updates go through one clamped "gravity" function, so values stay in
 * [-HISTORY_MAX, HISTORY_MAX] without periodic rescaling.
 */
#ifndef CHARIOT_HISTORY_H
#define CHARIOT_HISTORY_H

#include "game.h"

enum { HISTORY_MAX = 16384 };

typedef struct {
    int16_t butterfly[2][MOVE_INDEX_NB];
    Move killers[MAX_PLY + 4][2];
} History;

void history_clear(History *h);
void history_new_search(History *h); /* killers are per search */
int history_bonus(Depth depth);
void history_update(int16_t *entry, int bonus);
void history_update_quiets(History *h, Color us, Move best, const Move *tried, int ntried, Depth depth);
void history_add_killer(History *h, int ply, Move m);

#endif
