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
    X(ADVISOR_VALUE, 207) X(ELEPHANT_VALUE, 129) X(HORSE_VALUE, 378) X(ROOK_VALUE, 1192) X(CANNON_VALUE, 580)         \
    X(PAWN_VALUE, 116)                                                                                             \
    X(TEMPO, 62)                                                                                                   \
    /* placement: functions of (file, rank from own side), see placement() */                                     \
    X(PAWN_CROSSED, 48) X(PAWN_NEAR_PALACE, 32) X(PAWN_RANK6_CUT, 24) X(PAWN_CENTER, 23) X(PAWN_LAST_RANK, 112)       \
    X(HORSE_CENTER, 8) X(HORSE_ADVANCE, 18) X(HORSE_EDGE, 40) X(HORSE_HOME, 40)                                    \
    X(ROOK_ADVANCE, 5) X(ROOK_CENTER, 57) X(ROOK_PAWN_LINE, -16)                                                          \
    X(CANNON_CENTER_FILE, 48) X(CANNON_HOME, 19) X(CANNON_BACK_RANK, -1)                                            \
    X(KING_OFF_HOME, 46) X(ADVISOR_CENTER, 55) X(ELEPHANT_CENTER, 68)                                                \
    /* placement: additions by rank from own side (0-9) and by file (0 = edge, 4 = centre) */                    \
    X(HORSE_RANK0, -24) X(HORSE_RANK1, -29) X(HORSE_RANK2, 40) X(HORSE_RANK3, 54) X(HORSE_RANK4, 35) X(HORSE_RANK5, 11)    \
    X(HORSE_RANK6, -20) X(HORSE_RANK7, 39) X(HORSE_RANK8, 2) X(HORSE_RANK9, -27)                                        \
    X(ROOK_RANK0, -14) X(ROOK_RANK1, 8) X(ROOK_RANK2, -13) X(ROOK_RANK3, 34) X(ROOK_RANK4, 14) X(ROOK_RANK5, -48)          \
    X(ROOK_RANK6, -15) X(ROOK_RANK7, 21) X(ROOK_RANK8, 22) X(ROOK_RANK9, -21)                                            \
    X(CANNON_RANK0, -2) X(CANNON_RANK1, 11) X(CANNON_RANK2, 10) X(CANNON_RANK3, 46) X(CANNON_RANK4, 46)                 \
    X(CANNON_RANK5, 6) X(CANNON_RANK6, -42) X(CANNON_RANK7, -52) X(CANNON_RANK8, -27) X(CANNON_RANK9, -5)                 \
    X(HORSE_FILE0, -20) X(HORSE_FILE1, -16) X(HORSE_FILE2, -11) X(HORSE_FILE3, 40) X(HORSE_FILE4, -29)                      \
    X(ROOK_FILE0, -49) X(ROOK_FILE1, -34) X(ROOK_FILE2, 38) X(ROOK_FILE3, 31) X(ROOK_FILE4, 43)                           \
    X(CANNON_FILE0, -34) X(CANNON_FILE1, -6) X(CANNON_FILE2, -6) X(CANNON_FILE3, 22) X(CANNON_FILE4, 36)                 \
    X(PAWN_RANK3, -29) X(PAWN_RANK4, 46) X(PAWN_RANK5, 41) X(PAWN_RANK6, -48) X(PAWN_RANK7, 0) X(PAWN_RANK8, -46)          \
    /* mobility: per square above a base (rook, cannon), or by count (horse) */                                   \
    X(ROOK_MOB_MG, 10) X(ROOK_MOB_EG, 13) X(CANNON_MOB_MG, 11) X(CANNON_MOB_EG, -7)                                    \
    X(CANNON_TARGET_MG, 56) X(CANNON_TARGET_EG, 25)                                                                  \
    X(HORSE_MOB0, -105) X(HORSE_MOB1, -60) X(HORSE_MOB2, -7) X(HORSE_MOB3, -7) X(HORSE_MOB4, 19) X(HORSE_MOB5, 23)   \
    X(HORSE_MOB6, 53) X(HORSE_MOB7, 60) X(HORSE_MOB8, 59)                                                          \
    /* material by phase */                                                                                        \
    X(CANNON_MG_EXTRA, 90) X(HORSE_EG_EXTRA, 62) X(CROSSED_PAWN_EG_EXTRA, 10)                                      \
    X(ROOK_EG_EXTRA, 60) X(ADVISOR_EG_EXTRA, -52) X(ELEPHANT_EG_EXTRA, -30) X(PAWN_EG_EXTRA, 20)                         \
    X(ROOK_OPEN_FILE_MG, 6) X(ROOK_OPEN_FILE_EG, 38) /* no pawn of either side on the rook's file */               \
    X(CONNECTED_PAWNS_MG, -45) X(CONNECTED_PAWNS_EG, -22)                                                            \
    /* king safety */                                                                                              \
    X(HOLLOW_CANNON_MG, 80) X(HOLLOW_CANNON_EG, -40) X(CENTRAL_CANNON_MG, 35) X(ROOK_PIN_FILE_MG, 8)              \
    X(ATTACK_ROOK, 0) X(ATTACK_HORSE, 3) X(ATTACK_CANNON, 3) X(ATTACK_PAWN, 5)                                     \
    X(ATTACK_QUADRATIC, 2)       /* danger = units^2 * this + attackers * missing guards * GUARD_ATTACKER / 8 */    \
    X(ATTACK_GUARD_ATTACKER, 26)                                                                                    \
    X(ATTACK_DANGER_MAX, 775)                                                                                      \
    X(MISSING_ADVISOR, 25) X(MISSING_ELEPHANT, 17) /* per missing guard, times the enemy's pieces below */         \
    X(GUARD_HEAVY_MG, 8) X(GUARD_HEAVY_EG, -7)      /* missing guards * enemy heavy pieces * this / 8 */

#define EVAL_WEIGHT_ENUM(name, value) W_##name,
enum { EVAL_WEIGHTS(EVAL_WEIGHT_ENUM) EVAL_WEIGHT_NB };
#undef EVAL_WEIGHT_ENUM

#ifdef EVAL_TUNING
extern int eval_weights[EVAL_WEIGHT_NB]; /* writable, for tools/tune.c */
extern const char *const EVAL_WEIGHT_NAMES[EVAL_WEIGHT_NB];
#endif

#endif
