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
    RepLevel level[2]; /* by colour */
    uint8_t victim[2]; /* slot of an enemy piece colour c chased on every move, SLOT_NONE if none */
} CycleJudgement;

/* One move of a judged cycle, as `chariot judge --explain` shows it. Pieces are slot & 15 bits. */
typedef struct {
    Move move;
    uint8_t mover, check;  /* its colour; whether it gave check */
    uint8_t screen;        /* it defended against an enemy cannon by changing its screens (chase.c) */
    uint16_t chased;       /* the enemy pieces the mover held under chase after it */
    uint16_t fresh;        /* those it newly chased */
    uint16_t by[16];       /* for each chased piece, the mover's pieces that chase it */
    uint8_t victim_sq[16]; /* squares after the move: of the enemy pieces */
    uint8_t chaser_sq[16]; /* and of the mover's */
} CycleStep;

/* Judge the cycle made by the last `plies` moves (it must lie in the no-capture window). Without
 * `chases`, only perpetual checks count (the CheckOnly rule set). With `steps` (room for `plies`
 * entries, oldest move first), every move of the cycle is described there. */
CycleJudgement cycle_judge(const Position *pos, int plies, bool chases, CycleStep *steps);

#endif
