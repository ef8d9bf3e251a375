/*
 * rules.h - the repetition judgement shared by rules.c (verdicts) and chase.c
 * (what each side's moves in a cycle were). Inside src/xiangqi only.
 */
#ifndef CHARIOT_XQ_RULES_H
#define CHARIOT_XQ_RULES_H

#include "game_api.h"

/* How badly a side's moves in a cycle break the rules: the higher level loses, equal levels draw. */
typedef enum { REP_LEVEL_NONE, REP_LEVEL_CHASE, REP_LEVEL_CHECK } RepLevel;

typedef struct {
    RepLevel level[2];  /* by colour */
    uint8_t victim[2];  /* slot of an enemy piece colour c chased on every move, SLOT_NONE if none */
} CycleJudgement;

/* Judge the cycle made by the last `plies` moves (it must lie in the no-capture window). Without
 * `chases`, only perpetual checks count (the CheckOnly rule set). */
CycleJudgement cycle_judge(const Position *pos, int plies, bool chases);

#endif
