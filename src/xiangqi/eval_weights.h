/*
 * eval_weights.h - every weight of the evaluation, in one list.
 *
 * X(NAME, value): eval.c reads a weight as W(NAME). The engine compiles
 * the list into a constant array (folded into the code); the tuner
 * (tools/tune.c, built with -DEVAL_TUNING) gets a writable array, changes
 * weights one at a time and prints the list back in this form. How the
 * values were fitted is in docs/tuning.md. Units are centipawns (a pawn
 * that has not crossed the river is 100); "mg"/"eg" weights are blended by
 * the phase, pairs named *_MG / *_EG.
 */
#ifndef CHARIOT_XQ_EVAL_WEIGHTS_H
#define CHARIOT_XQ_EVAL_WEIGHTS_H

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

#define EVAL_WEIGHT_ENUM(name, value) W_##name,
enum { EVAL_WEIGHTS(EVAL_WEIGHT_ENUM) EVAL_WEIGHT_NB };
#undef EVAL_WEIGHT_ENUM

#ifdef EVAL_TUNING
extern int eval_weights[EVAL_WEIGHT_NB]; /* writable, for tools/tune.c */
extern const char *const EVAL_WEIGHT_NAMES[EVAL_WEIGHT_NB];
#endif

#endif
