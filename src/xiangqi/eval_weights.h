/*
 * eval_weights.h - every weight of the evaluation, in one list.
 *
 * X(NAME, value): eval.c reads a weight as W(NAME). The engine compiles
 * the list into a constant array (folded into the code); the tuner
 * (tools/tune/tune.c, built with -DEVAL_TUNING) gets a writable array, changes
 * weights one at a time and prints the list back in this form. How the
 * values were fitted is in docs/tuning.md. Units are centipawns (a pawn
 * that has not crossed the river is 100); "mg"/"eg" weights are blended by
 * the phase, pairs named *_MG / *_EG.
 */
#ifndef CHARIOT_XQ_EVAL_WEIGHTS_H
#define CHARIOT_XQ_EVAL_WEIGHTS_H

/* One line a group of weights, as the tuner writes them back: */
/* clang-format off */
#define EVAL_WEIGHTS(X)                                                                                            \
    /* material (the placement tables add these) */                                                                \
    X(ADVISOR_VALUE, 233) X(ELEPHANT_VALUE, 161) X(HORSE_VALUE, 440) X(ROOK_VALUE, 1213) X(CANNON_VALUE, 578)         \
    X(PAWN_VALUE, 147)                                                                                             \
    X(TEMPO, 62)                                                                                                   \
    /* placement: functions of (file, rank from own side), see placement() */                                     \
    X(PAWN_CROSSED, 47) X(PAWN_NEAR_PALACE, -20) X(PAWN_RANK6_CUT, 20) X(PAWN_CENTER, 36) X(PAWN_LAST_RANK, 86)       \
    X(HORSE_CENTER, 14) X(HORSE_ADVANCE, 11) X(HORSE_EDGE, 23) X(HORSE_HOME, 15)                                    \
    X(ROOK_ADVANCE, 12) X(ROOK_CENTER, 35) X(ROOK_PAWN_LINE, -4)                                                          \
    X(CANNON_CENTER_FILE, 36) X(CANNON_HOME, 18) X(CANNON_BACK_RANK, -3)                                            \
    X(KING_OFF_HOME, 44) X(ADVISOR_CENTER, 64) X(ELEPHANT_CENTER, 93)                                                \
    /* placement: additions by rank from own side (0-9) and by file (0 = edge, 4 = centre) */                    \
    X(HORSE_RANK0, -11) X(HORSE_RANK1, -21) X(HORSE_RANK2, 55) X(HORSE_RANK3, 39) X(HORSE_RANK4, 51) X(HORSE_RANK5, -4)    \
    X(HORSE_RANK6, -14) X(HORSE_RANK7, 11) X(HORSE_RANK8, 8) X(HORSE_RANK9, -21)                                        \
    X(ROOK_RANK0, 8) X(ROOK_RANK1, -6) X(ROOK_RANK2, -7) X(ROOK_RANK3, 8) X(ROOK_RANK4, -4) X(ROOK_RANK5, -29)          \
    X(ROOK_RANK6, -2) X(ROOK_RANK7, -2) X(ROOK_RANK8, 3) X(ROOK_RANK9, 4)                                            \
    X(CANNON_RANK0, 36) X(CANNON_RANK1, 19) X(CANNON_RANK2, 11) X(CANNON_RANK3, 38) X(CANNON_RANK4, 37)                 \
    X(CANNON_RANK5, -24) X(CANNON_RANK6, -22) X(CANNON_RANK7, -53) X(CANNON_RANK8, -14) X(CANNON_RANK9, -1)                 \
    X(HORSE_FILE0, -9) X(HORSE_FILE1, -20) X(HORSE_FILE2, 5) X(HORSE_FILE3, 28) X(HORSE_FILE4, -20)                      \
    X(ROOK_FILE0, -34) X(ROOK_FILE1, -18) X(ROOK_FILE2, 33) X(ROOK_FILE3, 13) X(ROOK_FILE4, 52)                           \
    X(CANNON_FILE0, -23) X(CANNON_FILE1, 8) X(CANNON_FILE2, 3) X(CANNON_FILE3, 26) X(CANNON_FILE4, 29)                 \
    X(PAWN_RANK3, -27) X(PAWN_RANK4, 28) X(PAWN_RANK5, 56) X(PAWN_RANK6, -37) X(PAWN_RANK7, -8) X(PAWN_RANK8, -16)          \
    /* placement: one addition per square for horse, rook, cannon and pawn, index rank * 5 + file     \
     * (rank from own side 0-9, file 0 = edge to 4 = centre; fitted from 0 on top of the terms above) */  \
    X(HORSE_SQ0, -60) X(HORSE_SQ1, -7) X(HORSE_SQ2, 60) X(HORSE_SQ3, -1) X(HORSE_SQ4, 52)                                \
    X(HORSE_SQ5, 60) X(HORSE_SQ6, 38) X(HORSE_SQ7, 28) X(HORSE_SQ8, 19) X(HORSE_SQ9, -60)                                \
    X(HORSE_SQ10, 20) X(HORSE_SQ11, 3) X(HORSE_SQ12, -23) X(HORSE_SQ13, -11) X(HORSE_SQ14, 41)                           \
    X(HORSE_SQ15, 54) X(HORSE_SQ16, -46) X(HORSE_SQ17, 25) X(HORSE_SQ18, -44) X(HORSE_SQ19, 29)                           \
    X(HORSE_SQ20, 60) X(HORSE_SQ21, -16) X(HORSE_SQ22, 34) X(HORSE_SQ23, -39) X(HORSE_SQ24, 60)                           \
    X(HORSE_SQ25, 7) X(HORSE_SQ26, 44) X(HORSE_SQ27, 52) X(HORSE_SQ28, -10) X(HORSE_SQ29, 23)                           \
    X(HORSE_SQ30, -42) X(HORSE_SQ31, 60) X(HORSE_SQ32, 3) X(HORSE_SQ33, 24) X(HORSE_SQ34, -15)                           \
    X(HORSE_SQ35, 31) X(HORSE_SQ36, 28) X(HORSE_SQ37, -34) X(HORSE_SQ38, 2) X(HORSE_SQ39, 60)                           \
    X(HORSE_SQ40, -60) X(HORSE_SQ41, 60) X(HORSE_SQ42, 23) X(HORSE_SQ43, -60) X(HORSE_SQ44, 2)                           \
    X(HORSE_SQ45, 14) X(HORSE_SQ46, -7) X(HORSE_SQ47, -13) X(HORSE_SQ48, 60) X(HORSE_SQ49, 60)                           \
    X(ROOK_SQ0, -30) X(ROOK_SQ1, 9) X(ROOK_SQ2, -27) X(ROOK_SQ3, 60) X(ROOK_SQ4, -31)                                     \
    X(ROOK_SQ5, 32) X(ROOK_SQ6, 13) X(ROOK_SQ7, 15) X(ROOK_SQ8, -60) X(ROOK_SQ9, -60)                                     \
    X(ROOK_SQ10, -23) X(ROOK_SQ11, 56) X(ROOK_SQ12, -34) X(ROOK_SQ13, 22) X(ROOK_SQ14, 25)                                \
    X(ROOK_SQ15, 60) X(ROOK_SQ16, 21) X(ROOK_SQ17, -14) X(ROOK_SQ18, 13) X(ROOK_SQ19, -27)                                \
    X(ROOK_SQ20, 60) X(ROOK_SQ21, 15) X(ROOK_SQ22, 24) X(ROOK_SQ23, 13) X(ROOK_SQ24, -44)                                \
    X(ROOK_SQ25, 41) X(ROOK_SQ26, -8) X(ROOK_SQ27, 0) X(ROOK_SQ28, -31) X(ROOK_SQ29, 16)                                \
    X(ROOK_SQ30, -1) X(ROOK_SQ31, -6) X(ROOK_SQ32, -10) X(ROOK_SQ33, -8) X(ROOK_SQ34, -43)                                \
    X(ROOK_SQ35, 60) X(ROOK_SQ36, -38) X(ROOK_SQ37, 2) X(ROOK_SQ38, 52) X(ROOK_SQ39, -17)                                \
    X(ROOK_SQ40, 60) X(ROOK_SQ41, -17) X(ROOK_SQ42, -23) X(ROOK_SQ43, 9) X(ROOK_SQ44, 60)                                \
    X(ROOK_SQ45, 15) X(ROOK_SQ46, 4) X(ROOK_SQ47, 13) X(ROOK_SQ48, -12) X(ROOK_SQ49, 14)                                \
    X(CANNON_SQ0, -60) X(CANNON_SQ1, -60) X(CANNON_SQ2, -52) X(CANNON_SQ3, 5) X(CANNON_SQ4, -25)                           \
    X(CANNON_SQ5, 16) X(CANNON_SQ6, 3) X(CANNON_SQ7, -2) X(CANNON_SQ8, 5) X(CANNON_SQ9, -60)                           \
    X(CANNON_SQ10, 0) X(CANNON_SQ11, -13) X(CANNON_SQ12, 31) X(CANNON_SQ13, 6) X(CANNON_SQ14, -35)                      \
    X(CANNON_SQ15, 41) X(CANNON_SQ16, -24) X(CANNON_SQ17, -3) X(CANNON_SQ18, 8) X(CANNON_SQ19, -46)                      \
    X(CANNON_SQ20, -44) X(CANNON_SQ21, -27) X(CANNON_SQ22, 16) X(CANNON_SQ23, -47) X(CANNON_SQ24, -4)                      \
    X(CANNON_SQ25, -5) X(CANNON_SQ26, -28) X(CANNON_SQ27, -37) X(CANNON_SQ28, -9) X(CANNON_SQ29, 22)                      \
    X(CANNON_SQ30, 26) X(CANNON_SQ31, -38) X(CANNON_SQ32, -10) X(CANNON_SQ33, -37) X(CANNON_SQ34, 37)                      \
    X(CANNON_SQ35, 13) X(CANNON_SQ36, -28) X(CANNON_SQ37, -11) X(CANNON_SQ38, -8) X(CANNON_SQ39, -60)                      \
    X(CANNON_SQ40, 22) X(CANNON_SQ41, 19) X(CANNON_SQ42, -46) X(CANNON_SQ43, -50) X(CANNON_SQ44, -60)                      \
    X(CANNON_SQ45, 37) X(CANNON_SQ46, 27) X(CANNON_SQ47, -60) X(CANNON_SQ48, -60) X(CANNON_SQ49, -60)                      \
    X(PAWN_SQ0, 0) X(PAWN_SQ1, 0) X(PAWN_SQ2, 0) X(PAWN_SQ3, 0) X(PAWN_SQ4, 0)                                     \
    X(PAWN_SQ5, 0) X(PAWN_SQ6, 0) X(PAWN_SQ7, 0) X(PAWN_SQ8, 0) X(PAWN_SQ9, 0)                                     \
    X(PAWN_SQ10, 0) X(PAWN_SQ11, 0) X(PAWN_SQ12, 0) X(PAWN_SQ13, 0) X(PAWN_SQ14, 0)                                \
    X(PAWN_SQ15, -16) X(PAWN_SQ16, 0) X(PAWN_SQ17, -33) X(PAWN_SQ18, 0) X(PAWN_SQ19, 60)                                \
    X(PAWN_SQ20, -48) X(PAWN_SQ21, 0) X(PAWN_SQ22, 17) X(PAWN_SQ23, 0) X(PAWN_SQ24, -7)                                \
    X(PAWN_SQ25, -60) X(PAWN_SQ26, -60) X(PAWN_SQ27, 42) X(PAWN_SQ28, 60) X(PAWN_SQ29, 56)                                \
    X(PAWN_SQ30, -15) X(PAWN_SQ31, 50) X(PAWN_SQ32, -5) X(PAWN_SQ33, -14) X(PAWN_SQ34, -56)                                \
    X(PAWN_SQ35, -50) X(PAWN_SQ36, 60) X(PAWN_SQ37, -27) X(PAWN_SQ38, 60) X(PAWN_SQ39, 60)                                \
    X(PAWN_SQ40, -60) X(PAWN_SQ41, 60) X(PAWN_SQ42, -21) X(PAWN_SQ43, 11) X(PAWN_SQ44, -52)                                \
    X(PAWN_SQ45, -60) X(PAWN_SQ46, 60) X(PAWN_SQ47, -2) X(PAWN_SQ48, -60) X(PAWN_SQ49, -52)                                \
    /* mobility: per square above a base (rook, cannon), or by count (horse) */                                   \
    X(ROOK_MOB_MG, 6) X(ROOK_MOB_EG, 6) X(CANNON_MOB_MG, 11) X(CANNON_MOB_EG, -6)                                    \
    X(CANNON_TARGET_MG, 63) X(CANNON_TARGET_EG, 28)                                                                  \
    X(HORSE_MOB0, -127) X(HORSE_MOB1, -37) X(HORSE_MOB2, -19) X(HORSE_MOB3, -4) X(HORSE_MOB4, 16) X(HORSE_MOB5, 37)   \
    X(HORSE_MOB6, 48) X(HORSE_MOB7, 55) X(HORSE_MOB8, 56)                                                          \
    /* material by phase */                                                                                        \
    X(CANNON_MG_EXTRA, 165) X(HORSE_EG_EXTRA, 60) X(CROSSED_PAWN_EG_EXTRA, -1)                                      \
    X(ROOK_EG_EXTRA, 120) X(ADVISOR_EG_EXTRA, -40) X(ELEPHANT_EG_EXTRA, -32) X(PAWN_EG_EXTRA, 24)                         \
    X(ROOK_OPEN_FILE_MG, 40) X(ROOK_OPEN_FILE_EG, 8) /* no pawn of either side on the rook's file */               \
    X(CONNECTED_PAWNS_MG, 15) X(CONNECTED_PAWNS_EG, 34)                                                            \
    /* king safety */                                                                                              \
    X(HOLLOW_CANNON_MG, 70) X(HOLLOW_CANNON_EG, -59) X(CENTRAL_CANNON_MG, 35) X(ROOK_PIN_FILE_MG, -31)              \
    X(ATTACK_ROOK, 0) X(ATTACK_HORSE, 5) X(ATTACK_CANNON, 3) X(ATTACK_PAWN, 6)                                     \
    X(ATTACK_QUADRATIC, 2)       /* danger = units^2 * this + attackers * missing guards * GUARD_ATTACKER / 8 */    \
    X(ATTACK_GUARD_ATTACKER, 22)                                                                                    \
    X(ATTACK_DANGER_MAX, 1495)                                                                                      \
    X(MISSING_ADVISOR, 24) X(MISSING_ELEPHANT, 13) /* per missing guard, times the enemy's pieces below */         \
    X(GUARD_HEAVY_MG, 7) X(GUARD_HEAVY_EG, -6)      /* missing guards * enemy heavy pieces * this / 8 */

/* clang-format on */

#include "eval_tuning.h" /* W_NAME for each weight, and the tuner's view of them */

#endif
