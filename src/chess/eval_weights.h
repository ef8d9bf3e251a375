/*
 * eval_weights.h - every weight of the chess evaluation, in one list.
 *
 * X(NAME, value): eval.c reads a weight as W(NAME), or a table entry as
 * eval_weights[W_NAME_0 + i]. The engine compiles the list into a constant
 * array; a tuner built with -DEVAL_TUNING gets a writable array and
 * eval_init_tables() rebuilds the placement tables from it, so every X(...)
 * entry stays literal for the tuner to rewrite. Units are centipawns;
 * *_MG / *_EG pairs are blended by the game phase. The values are fitted
 * to Stockfish's scores (tools/tune/tune_chess.sh, docs/tuning.md "Chess");
 * the first version's were rules of thumb.
 */
#ifndef CHARIOT_CHESS_EVAL_WEIGHTS_H
#define CHARIOT_CHESS_EVAL_WEIGHTS_H

/* One line a group of weights, as the tuner writes them back: */
/* clang-format off */
#define EVAL_WEIGHTS(X)\
    /* material (the placement tables add these), middlegame and endgame */                                   \
    X(PAWN_MG, 74) X(PAWN_EG, 90) X(KNIGHT_MG, 362) X(KNIGHT_EG, 317) X(BISHOP_MG, 393) X(BISHOP_EG, 338)     \
    X(ROOK_MG, 481) X(ROOK_EG, 578) X(QUEEN_MG, 1023) X(QUEEN_EG, 1011) X(TEMPO, 17)                          \
    /* placement pawn mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(PAWN_MG_0, 0) X(PAWN_MG_1, 0) X(PAWN_MG_2, 0) X(PAWN_MG_3, 0)                                           \
    X(PAWN_MG_4, -1) X(PAWN_MG_5, 2) X(PAWN_MG_6, 0) X(PAWN_MG_7, -17)                                        \
    X(PAWN_MG_8, -2) X(PAWN_MG_9, 5) X(PAWN_MG_10, -7) X(PAWN_MG_11, -4)                                      \
    X(PAWN_MG_12, -1) X(PAWN_MG_13, 3) X(PAWN_MG_14, 14) X(PAWN_MG_15, 22)                                    \
    X(PAWN_MG_16, 4) X(PAWN_MG_17, -5) X(PAWN_MG_18, 24) X(PAWN_MG_19, 25)                                    \
    X(PAWN_MG_20, 2) X(PAWN_MG_21, 38) X(PAWN_MG_22, 63) X(PAWN_MG_23, 33)                                    \
    X(PAWN_MG_24, 94) X(PAWN_MG_25, 49) X(PAWN_MG_26, 72) X(PAWN_MG_27, 49)                                   \
    X(PAWN_MG_28, 0) X(PAWN_MG_29, 0) X(PAWN_MG_30, 0) X(PAWN_MG_31, 0)                                       \
    /* placement pawn eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(PAWN_EG_0, 0) X(PAWN_EG_1, 0) X(PAWN_EG_2, 0) X(PAWN_EG_3, 0)                                           \
    X(PAWN_EG_4, 8) X(PAWN_EG_5, 0) X(PAWN_EG_6, 10) X(PAWN_EG_7, 11)                                         \
    X(PAWN_EG_8, -1) X(PAWN_EG_9, -12) X(PAWN_EG_10, -3) X(PAWN_EG_11, 1)                                     \
    X(PAWN_EG_12, 0) X(PAWN_EG_13, 11) X(PAWN_EG_14, -2) X(PAWN_EG_15, -10)                                   \
    X(PAWN_EG_16, 5) X(PAWN_EG_17, 14) X(PAWN_EG_18, -4) X(PAWN_EG_19, 5)                                     \
    X(PAWN_EG_20, 29) X(PAWN_EG_21, 36) X(PAWN_EG_22, 9) X(PAWN_EG_23, 28)                                    \
    X(PAWN_EG_24, -5) X(PAWN_EG_25, 32) X(PAWN_EG_26, 36) X(PAWN_EG_27, 6)                                    \
    X(PAWN_EG_28, 0) X(PAWN_EG_29, 0) X(PAWN_EG_30, 0) X(PAWN_EG_31, 0)                                       \
    /* placement knight mg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(KNIGHT_MG_0, -135) X(KNIGHT_MG_1, -33) X(KNIGHT_MG_2, -34) X(KNIGHT_MG_3, -3)                           \
    X(KNIGHT_MG_4, -27) X(KNIGHT_MG_5, -5) X(KNIGHT_MG_6, -25) X(KNIGHT_MG_7, -4)                             \
    X(KNIGHT_MG_8, -42) X(KNIGHT_MG_9, -11) X(KNIGHT_MG_10, -7) X(KNIGHT_MG_11, 10)                           \
    X(KNIGHT_MG_12, -12) X(KNIGHT_MG_13, 5) X(KNIGHT_MG_14, 18) X(KNIGHT_MG_15, 5)                            \
    X(KNIGHT_MG_16, 22) X(KNIGHT_MG_17, 3) X(KNIGHT_MG_18, 10) X(KNIGHT_MG_19, 16)                            \
    X(KNIGHT_MG_20, -13) X(KNIGHT_MG_21, 40) X(KNIGHT_MG_22, 24) X(KNIGHT_MG_23, 30)                          \
    X(KNIGHT_MG_24, 44) X(KNIGHT_MG_25, -107) X(KNIGHT_MG_26, 31) X(KNIGHT_MG_27, -2)                         \
    X(KNIGHT_MG_28, -56) X(KNIGHT_MG_29, -26) X(KNIGHT_MG_30, -107) X(KNIGHT_MG_31, 16)                       \
    /* placement knight eg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(KNIGHT_EG_0, -36) X(KNIGHT_EG_1, -16) X(KNIGHT_EG_2, -14) X(KNIGHT_EG_3, -35)                           \
    X(KNIGHT_EG_4, -33) X(KNIGHT_EG_5, -17) X(KNIGHT_EG_6, -1) X(KNIGHT_EG_7, 0)                              \
    X(KNIGHT_EG_8, -15) X(KNIGHT_EG_9, 10) X(KNIGHT_EG_10, 3) X(KNIGHT_EG_11, 7)                              \
    X(KNIGHT_EG_12, -8) X(KNIGHT_EG_13, 6) X(KNIGHT_EG_14, 20) X(KNIGHT_EG_15, 28)                            \
    X(KNIGHT_EG_16, -8) X(KNIGHT_EG_17, 12) X(KNIGHT_EG_18, 37) X(KNIGHT_EG_19, 33)                           \
    X(KNIGHT_EG_20, -2) X(KNIGHT_EG_21, 4) X(KNIGHT_EG_22, 6) X(KNIGHT_EG_23, 29)                             \
    X(KNIGHT_EG_24, -65) X(KNIGHT_EG_25, 51) X(KNIGHT_EG_26, -10) X(KNIGHT_EG_27, -6)                         \
    X(KNIGHT_EG_28, -71) X(KNIGHT_EG_29, -26) X(KNIGHT_EG_30, -12) X(KNIGHT_EG_31, -26)                       \
    /* placement bishop mg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(BISHOP_MG_0, 9) X(BISHOP_MG_1, -25) X(BISHOP_MG_2, -11) X(BISHOP_MG_3, -17)                             \
    X(BISHOP_MG_4, 34) X(BISHOP_MG_5, 21) X(BISHOP_MG_6, 11) X(BISHOP_MG_7, -13)                              \
    X(BISHOP_MG_8, 3) X(BISHOP_MG_9, 9) X(BISHOP_MG_10, 9) X(BISHOP_MG_11, -3)                                \
    X(BISHOP_MG_12, 24) X(BISHOP_MG_13, 2) X(BISHOP_MG_14, -2) X(BISHOP_MG_15, 13)                            \
    X(BISHOP_MG_16, -14) X(BISHOP_MG_17, 0) X(BISHOP_MG_18, 11) X(BISHOP_MG_19, 37)                           \
    X(BISHOP_MG_20, 7) X(BISHOP_MG_21, 43) X(BISHOP_MG_22, 51) X(BISHOP_MG_23, 14)                            \
    X(BISHOP_MG_24, -71) X(BISHOP_MG_25, -49) X(BISHOP_MG_26, 4) X(BISHOP_MG_27, -29)                         \
    X(BISHOP_MG_28, -95) X(BISHOP_MG_29, 13) X(BISHOP_MG_30, -87) X(BISHOP_MG_31, -53)                        \
    /* placement bishop eg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(BISHOP_EG_0, 4) X(BISHOP_EG_1, 15) X(BISHOP_EG_2, -15) X(BISHOP_EG_3, -9)                               \
    X(BISHOP_EG_4, -41) X(BISHOP_EG_5, -21) X(BISHOP_EG_6, -21) X(BISHOP_EG_7, 7)                             \
    X(BISHOP_EG_8, 1) X(BISHOP_EG_9, -12) X(BISHOP_EG_10, 7) X(BISHOP_EG_11, 12)                              \
    X(BISHOP_EG_12, -5) X(BISHOP_EG_13, 2) X(BISHOP_EG_14, 7) X(BISHOP_EG_15, 33)                             \
    X(BISHOP_EG_16, 21) X(BISHOP_EG_17, 6) X(BISHOP_EG_18, 14) X(BISHOP_EG_19, -10)                           \
    X(BISHOP_EG_20, 1) X(BISHOP_EG_21, 16) X(BISHOP_EG_22, -3) X(BISHOP_EG_23, 16)                            \
    X(BISHOP_EG_24, 38) X(BISHOP_EG_25, 17) X(BISHOP_EG_26, 0) X(BISHOP_EG_27, 19)                            \
    X(BISHOP_EG_28, 65) X(BISHOP_EG_29, 33) X(BISHOP_EG_30, 2) X(BISHOP_EG_31, 12)                            \
    /* placement rook mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(ROOK_MG_0, -12) X(ROOK_MG_1, -9) X(ROOK_MG_2, 6) X(ROOK_MG_3, 7)                                        \
    X(ROOK_MG_4, -43) X(ROOK_MG_5, -2) X(ROOK_MG_6, -3) X(ROOK_MG_7, -27)                                     \
    X(ROOK_MG_8, -38) X(ROOK_MG_9, -15) X(ROOK_MG_10, -11) X(ROOK_MG_11, 15)                                  \
    X(ROOK_MG_12, -21) X(ROOK_MG_13, 6) X(ROOK_MG_14, -33) X(ROOK_MG_15, 14)                                  \
    X(ROOK_MG_16, 2) X(ROOK_MG_17, 17) X(ROOK_MG_18, 16) X(ROOK_MG_19, 44)                                    \
    X(ROOK_MG_20, 12) X(ROOK_MG_21, 0) X(ROOK_MG_22, 24) X(ROOK_MG_23, 22)                                    \
    X(ROOK_MG_24, 10) X(ROOK_MG_25, -9) X(ROOK_MG_26, 33) X(ROOK_MG_27, 45)                                   \
    X(ROOK_MG_28, 68) X(ROOK_MG_29, 2) X(ROOK_MG_30, 9) X(ROOK_MG_31, 2)                                      \
    /* placement rook eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(ROOK_EG_0, -18) X(ROOK_EG_1, -10) X(ROOK_EG_2, -24) X(ROOK_EG_3, -24)                                   \
    X(ROOK_EG_4, -21) X(ROOK_EG_5, 1) X(ROOK_EG_6, -11) X(ROOK_EG_7, -4)                                      \
    X(ROOK_EG_8, -18) X(ROOK_EG_9, -26) X(ROOK_EG_10, -3) X(ROOK_EG_11, -24)                                  \
    X(ROOK_EG_12, 7) X(ROOK_EG_13, 9) X(ROOK_EG_14, 12) X(ROOK_EG_15, -6)                                     \
    X(ROOK_EG_16, 18) X(ROOK_EG_17, 6) X(ROOK_EG_18, 25) X(ROOK_EG_19, 3)                                     \
    X(ROOK_EG_20, -1) X(ROOK_EG_21, 37) X(ROOK_EG_22, 25) X(ROOK_EG_23, 25)                                   \
    X(ROOK_EG_24, 17) X(ROOK_EG_25, 41) X(ROOK_EG_26, 16) X(ROOK_EG_27, 24)                                   \
    X(ROOK_EG_28, -2) X(ROOK_EG_29, 48) X(ROOK_EG_30, 18) X(ROOK_EG_31, 3)                                    \
    /* placement queen mg: rank from own side * 4 + file a-d (e-h mirrored) */                                \
    X(QUEEN_MG_0, -29) X(QUEEN_MG_1, 5) X(QUEEN_MG_2, 4) X(QUEEN_MG_3, 9)                                     \
    X(QUEEN_MG_4, -13) X(QUEEN_MG_5, 22) X(QUEEN_MG_6, 7) X(QUEEN_MG_7, 5)                                    \
    X(QUEEN_MG_8, -8) X(QUEEN_MG_9, -8) X(QUEEN_MG_10, -3) X(QUEEN_MG_11, 0)                                  \
    X(QUEEN_MG_12, -5) X(QUEEN_MG_13, -30) X(QUEEN_MG_14, -19) X(QUEEN_MG_15, -12)                            \
    X(QUEEN_MG_16, -8) X(QUEEN_MG_17, -8) X(QUEEN_MG_18, -8) X(QUEEN_MG_19, 9)                                \
    X(QUEEN_MG_20, 35) X(QUEEN_MG_21, 59) X(QUEEN_MG_22, 33) X(QUEEN_MG_23, 17)                               \
    X(QUEEN_MG_24, -4) X(QUEEN_MG_25, -17) X(QUEEN_MG_26, 7) X(QUEEN_MG_27, -17)                              \
    X(QUEEN_MG_28, -4) X(QUEEN_MG_29, 19) X(QUEEN_MG_30, 29) X(QUEEN_MG_31, 79)                               \
    /* placement queen eg: rank from own side * 4 + file a-d (e-h mirrored) */                                \
    X(QUEEN_EG_0, 26) X(QUEEN_EG_1, -98) X(QUEEN_EG_2, -46) X(QUEEN_EG_3, -40)                                \
    X(QUEEN_EG_4, -10) X(QUEEN_EG_5, -36) X(QUEEN_EG_6, -45) X(QUEEN_EG_7, 5)                                 \
    X(QUEEN_EG_8, -18) X(QUEEN_EG_9, -25) X(QUEEN_EG_10, 7) X(QUEEN_EG_11, -18)                               \
    X(QUEEN_EG_12, -48) X(QUEEN_EG_13, 50) X(QUEEN_EG_14, 25) X(QUEEN_EG_15, 26)                              \
    X(QUEEN_EG_16, 25) X(QUEEN_EG_17, 22) X(QUEEN_EG_18, 51) X(QUEEN_EG_19, 9)                                \
    X(QUEEN_EG_20, 32) X(QUEEN_EG_21, 4) X(QUEEN_EG_22, 15) X(QUEEN_EG_23, 57)                                \
    X(QUEEN_EG_24, 0) X(QUEEN_EG_25, 9) X(QUEEN_EG_26, 6) X(QUEEN_EG_27, 66)                                  \
    X(QUEEN_EG_28, 17) X(QUEEN_EG_29, 15) X(QUEEN_EG_30, -33) X(QUEEN_EG_31, 52)                              \
    /* placement king mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(KING_MG_0, 0) X(KING_MG_1, 18) X(KING_MG_2, -17) X(KING_MG_3, 19)                                       \
    X(KING_MG_4, -4) X(KING_MG_5, -6) X(KING_MG_6, -24) X(KING_MG_7, 5)                                       \
    X(KING_MG_8, -35) X(KING_MG_9, -36) X(KING_MG_10, -9) X(KING_MG_11, 43)                                   \
    X(KING_MG_12, -62) X(KING_MG_13, -46) X(KING_MG_14, -36) X(KING_MG_15, -37)                               \
    X(KING_MG_16, -36) X(KING_MG_17, 31) X(KING_MG_18, 7) X(KING_MG_19, -39)                                  \
    X(KING_MG_20, -60) X(KING_MG_21, -85) X(KING_MG_22, 3) X(KING_MG_23, -95)                                 \
    X(KING_MG_24, -153) X(KING_MG_25, -12) X(KING_MG_26, 7) X(KING_MG_27, -117)                               \
    X(KING_MG_28, -61) X(KING_MG_29, -26) X(KING_MG_30, -38) X(KING_MG_31, -159)                              \
    /* placement king eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(KING_EG_0, -50) X(KING_EG_1, -52) X(KING_EG_2, -34) X(KING_EG_3, -44)                                   \
    X(KING_EG_4, -29) X(KING_EG_5, -23) X(KING_EG_6, -17) X(KING_EG_7, -28)                                   \
    X(KING_EG_8, -26) X(KING_EG_9, -29) X(KING_EG_10, -24) X(KING_EG_11, -28)                                 \
    X(KING_EG_12, -42) X(KING_EG_13, -1) X(KING_EG_14, 1) X(KING_EG_15, -2)                                   \
    X(KING_EG_16, 5) X(KING_EG_17, -35) X(KING_EG_18, 12) X(KING_EG_19, 0)                                    \
    X(KING_EG_20, 8) X(KING_EG_21, 44) X(KING_EG_22, 20) X(KING_EG_23, 27)                                    \
    X(KING_EG_24, -3) X(KING_EG_25, 53) X(KING_EG_26, 64) X(KING_EG_27, 1)                                    \
    X(KING_EG_28, -81) X(KING_EG_29, 42) X(KING_EG_30, 32) X(KING_EG_31, -88)                                 \
    /* mobility: per safe square above a base count (MOB_BASE_* in eval.c) */                                 \
    X(MOB_KNIGHT_MG, 8) X(MOB_KNIGHT_EG, 2) X(MOB_BISHOP_MG, 7) X(MOB_BISHOP_EG, 4)                           \
    X(MOB_ROOK_MG, 4) X(MOB_ROOK_EG, 4) X(MOB_QUEEN_MG, 3) X(MOB_QUEEN_EG, 4)                                 \
    /* king safety: units per attacker of the king zone; danger = units^2 * QUADRATIC / 16 (2+ attackers) */  \
    X(ATTACK_KNIGHT, 2) X(ATTACK_BISHOP, 0) X(ATTACK_ROOK, 3) X(ATTACK_QUEEN, 3)                              \
    X(ATTACK_QUADRATIC, 20) X(ATTACK_DANGER_MAX, 500) X(ATTACK_NO_QUEEN_SCALE, 10)                            \
    /* pawn shield on the king's file and its neighbours (middlegame) */                                      \
    X(SHIELD_RANK2, 19) X(SHIELD_RANK3, 7) X(SHIELD_MISSING, -9) X(KING_OPEN_FILE, -15)                       \
    /* pawn structure */                                                                                      \
    X(DOUBLED_MG, -3) X(DOUBLED_EG, -14) X(ISOLATED_MG, -13) X(ISOLATED_EG, -11)                              \
    X(BACKWARD_MG, -16) X(BACKWARD_EG, -10) X(SUPPORTED_MG, 17) X(SUPPORTED_EG, 1) X(PHALANX_MG, 7)           \
    X(PHALANX_EG, 2)                                                                                          \
    /* passed pawns by rank from own side */                                                                  \
    X(PASSED_MG_0, 0) X(PASSED_MG_1, -32) X(PASSED_MG_2, -8) X(PASSED_MG_3, -18) X(PASSED_MG_4, 9)            \
    X(PASSED_MG_5, 59) X(PASSED_MG_6, 112) X(PASSED_MG_7, 0)                                                  \
    X(PASSED_EG_0, 0) X(PASSED_EG_1, 46) X(PASSED_EG_2, 27) X(PASSED_EG_3, 26) X(PASSED_EG_4, 48)             \
    X(PASSED_EG_5, 60) X(PASSED_EG_6, 107) X(PASSED_EG_7, 0)                                                  \
    /* endgame: free path, king distances to the stop square; times (rank - 2) */                             \
    X(PASSED_FREE_EG, 17) X(PASSED_KING_THEM_EG, 10) X(PASSED_KING_US_EG, 8)                                  \
    /* pieces */                                                                                              \
    X(BISHOP_PAIR_MG, 30) X(BISHOP_PAIR_EG, 42)                                                               \
    X(ROOK_OPEN_MG, 33) X(ROOK_OPEN_EG, -3) X(ROOK_SEMIOPEN_MG, 15) X(ROOK_SEMIOPEN_EG, 9)                    \
    /* endgame scaling, out of 64 */                                                                          \
    X(SCALE_OPPOSITE_BISHOPS, 20) X(SCALE_OPPOSITE_BISHOPS_PIECES, 62) X(SCALE_NO_PAWNS, 2)

/* clang-format on */

#include "eval_tuning.h" /* W_NAME for each weight, and the tuner's view of them */

#endif
