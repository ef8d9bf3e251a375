/*
 * eval_weights.h - every weight of the chess evaluation, in one list.
 *
 * X(NAME, value): eval.c reads a weight as W(NAME), or a table entry as
 * eval_weights[W_NAME_0 + i]. The engine compiles the list into a constant
 * array; a tuner built with -DEVAL_TUNING gets a writable array and
 * eval_init_tables() rebuilds the placement tables from it, so every X(...)
 * entry stays literal for the tuner to rewrite. Units are centipawns;
 * *_MG / *_EG pairs are blended by the game phase. First version: values
 * from rules of thumb, not fitted yet.
 */
#ifndef CHARIOT_CHESS_EVAL_WEIGHTS_H
#define CHARIOT_CHESS_EVAL_WEIGHTS_H

#define EVAL_WEIGHTS(X)\
    /* material (the placement tables add these), middlegame and endgame */                                   \
    X(PAWN_MG, 82) X(PAWN_EG, 104) X(KNIGHT_MG, 330) X(KNIGHT_EG, 300) X(BISHOP_MG, 340) X(BISHOP_EG, 315)    \
    X(ROOK_MG, 470) X(ROOK_EG, 530) X(QUEEN_MG, 990) X(QUEEN_EG, 990) X(TEMPO, 14)                            \
    /* placement pawn mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(PAWN_MG_0, 0) X(PAWN_MG_1, 0) X(PAWN_MG_2, 0) X(PAWN_MG_3, 0)                                           \
    X(PAWN_MG_4, -3) X(PAWN_MG_5, 0) X(PAWN_MG_6, 0) X(PAWN_MG_7, -8)                                         \
    X(PAWN_MG_8, -3) X(PAWN_MG_9, 0) X(PAWN_MG_10, 5) X(PAWN_MG_11, 12)                                       \
    X(PAWN_MG_12, 0) X(PAWN_MG_13, 3) X(PAWN_MG_14, 8) X(PAWN_MG_15, 15)                                      \
    X(PAWN_MG_16, 5) X(PAWN_MG_17, 8) X(PAWN_MG_18, 8) X(PAWN_MG_19, 8)                                       \
    X(PAWN_MG_20, 12) X(PAWN_MG_21, 15) X(PAWN_MG_22, 15) X(PAWN_MG_23, 15)                                   \
    X(PAWN_MG_24, 22) X(PAWN_MG_25, 25) X(PAWN_MG_26, 25) X(PAWN_MG_27, 25)                                   \
    X(PAWN_MG_28, 0) X(PAWN_MG_29, 0) X(PAWN_MG_30, 0) X(PAWN_MG_31, 0)                                       \
    /* placement pawn eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(PAWN_EG_0, 0) X(PAWN_EG_1, 0) X(PAWN_EG_2, 0) X(PAWN_EG_3, 0)                                           \
    X(PAWN_EG_4, 0) X(PAWN_EG_5, 0) X(PAWN_EG_6, 0) X(PAWN_EG_7, 0)                                           \
    X(PAWN_EG_8, -2) X(PAWN_EG_9, -2) X(PAWN_EG_10, -2) X(PAWN_EG_11, -2)                                     \
    X(PAWN_EG_12, 2) X(PAWN_EG_13, 2) X(PAWN_EG_14, 2) X(PAWN_EG_15, 2)                                       \
    X(PAWN_EG_16, 8) X(PAWN_EG_17, 8) X(PAWN_EG_18, 8) X(PAWN_EG_19, 8)                                       \
    X(PAWN_EG_20, 18) X(PAWN_EG_21, 18) X(PAWN_EG_22, 18) X(PAWN_EG_23, 18)                                   \
    X(PAWN_EG_24, 30) X(PAWN_EG_25, 30) X(PAWN_EG_26, 30) X(PAWN_EG_27, 30)                                   \
    X(PAWN_EG_28, 0) X(PAWN_EG_29, 0) X(PAWN_EG_30, 0) X(PAWN_EG_31, 0)                                       \
    /* placement knight mg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(KNIGHT_MG_0, -55) X(KNIGHT_MG_1, -46) X(KNIGHT_MG_2, -37) X(KNIGHT_MG_3, -28)                           \
    X(KNIGHT_MG_4, -36) X(KNIGHT_MG_5, -27) X(KNIGHT_MG_6, -18) X(KNIGHT_MG_7, -9)                            \
    X(KNIGHT_MG_8, -27) X(KNIGHT_MG_9, -18) X(KNIGHT_MG_10, -9) X(KNIGHT_MG_11, 0)                            \
    X(KNIGHT_MG_12, -18) X(KNIGHT_MG_13, -9) X(KNIGHT_MG_14, 0) X(KNIGHT_MG_15, 9)                            \
    X(KNIGHT_MG_16, -10) X(KNIGHT_MG_17, -1) X(KNIGHT_MG_18, 8) X(KNIGHT_MG_19, 17)                           \
    X(KNIGHT_MG_20, -19) X(KNIGHT_MG_21, -10) X(KNIGHT_MG_22, -1) X(KNIGHT_MG_23, 8)                          \
    X(KNIGHT_MG_24, -36) X(KNIGHT_MG_25, -27) X(KNIGHT_MG_26, -18) X(KNIGHT_MG_27, -9)                        \
    X(KNIGHT_MG_28, -45) X(KNIGHT_MG_29, -36) X(KNIGHT_MG_30, -27) X(KNIGHT_MG_31, -18)                       \
    /* placement knight eg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(KNIGHT_EG_0, -35) X(KNIGHT_EG_1, -27) X(KNIGHT_EG_2, -19) X(KNIGHT_EG_3, -11)                           \
    X(KNIGHT_EG_4, -27) X(KNIGHT_EG_5, -19) X(KNIGHT_EG_6, -11) X(KNIGHT_EG_7, -3)                            \
    X(KNIGHT_EG_8, -19) X(KNIGHT_EG_9, -11) X(KNIGHT_EG_10, -3) X(KNIGHT_EG_11, 5)                            \
    X(KNIGHT_EG_12, -11) X(KNIGHT_EG_13, -3) X(KNIGHT_EG_14, 5) X(KNIGHT_EG_15, 13)                           \
    X(KNIGHT_EG_16, -11) X(KNIGHT_EG_17, -3) X(KNIGHT_EG_18, 5) X(KNIGHT_EG_19, 13)                           \
    X(KNIGHT_EG_20, -19) X(KNIGHT_EG_21, -11) X(KNIGHT_EG_22, -3) X(KNIGHT_EG_23, 5)                          \
    X(KNIGHT_EG_24, -27) X(KNIGHT_EG_25, -19) X(KNIGHT_EG_26, -11) X(KNIGHT_EG_27, -3)                        \
    X(KNIGHT_EG_28, -35) X(KNIGHT_EG_29, -27) X(KNIGHT_EG_30, -19) X(KNIGHT_EG_31, -11)                       \
    /* placement bishop mg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(BISHOP_MG_0, -17) X(BISHOP_MG_1, -19) X(BISHOP_MG_2, -15) X(BISHOP_MG_3, -11)                           \
    X(BISHOP_MG_4, -11) X(BISHOP_MG_5, -1) X(BISHOP_MG_6, -3) X(BISHOP_MG_7, 1)                               \
    X(BISHOP_MG_8, -7) X(BISHOP_MG_9, -3) X(BISHOP_MG_10, 7) X(BISHOP_MG_11, 5)                               \
    X(BISHOP_MG_12, -3) X(BISHOP_MG_13, 1) X(BISHOP_MG_14, 5) X(BISHOP_MG_15, 15)                             \
    X(BISHOP_MG_16, -3) X(BISHOP_MG_17, 1) X(BISHOP_MG_18, 5) X(BISHOP_MG_19, 9)                              \
    X(BISHOP_MG_20, -7) X(BISHOP_MG_21, -3) X(BISHOP_MG_22, 1) X(BISHOP_MG_23, 5)                             \
    X(BISHOP_MG_24, -11) X(BISHOP_MG_25, -7) X(BISHOP_MG_26, -3) X(BISHOP_MG_27, 1)                           \
    X(BISHOP_MG_28, -15) X(BISHOP_MG_29, -11) X(BISHOP_MG_30, -7) X(BISHOP_MG_31, -3)                         \
    /* placement bishop eg: rank from own side * 4 + file a-d (e-h mirrored) */                               \
    X(BISHOP_EG_0, -15) X(BISHOP_EG_1, -11) X(BISHOP_EG_2, -7) X(BISHOP_EG_3, -3)                             \
    X(BISHOP_EG_4, -11) X(BISHOP_EG_5, -7) X(BISHOP_EG_6, -3) X(BISHOP_EG_7, 1)                               \
    X(BISHOP_EG_8, -7) X(BISHOP_EG_9, -3) X(BISHOP_EG_10, 1) X(BISHOP_EG_11, 5)                               \
    X(BISHOP_EG_12, -3) X(BISHOP_EG_13, 1) X(BISHOP_EG_14, 5) X(BISHOP_EG_15, 9)                              \
    X(BISHOP_EG_16, -3) X(BISHOP_EG_17, 1) X(BISHOP_EG_18, 5) X(BISHOP_EG_19, 9)                              \
    X(BISHOP_EG_20, -7) X(BISHOP_EG_21, -3) X(BISHOP_EG_22, 1) X(BISHOP_EG_23, 5)                             \
    X(BISHOP_EG_24, -11) X(BISHOP_EG_25, -7) X(BISHOP_EG_26, -3) X(BISHOP_EG_27, 1)                           \
    X(BISHOP_EG_28, -15) X(BISHOP_EG_29, -11) X(BISHOP_EG_30, -7) X(BISHOP_EG_31, -3)                         \
    /* placement rook mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(ROOK_MG_0, -4) X(ROOK_MG_1, 0) X(ROOK_MG_2, 4) X(ROOK_MG_3, 4)                                          \
    X(ROOK_MG_4, -4) X(ROOK_MG_5, 0) X(ROOK_MG_6, 0) X(ROOK_MG_7, 0)                                          \
    X(ROOK_MG_8, -4) X(ROOK_MG_9, 0) X(ROOK_MG_10, 0) X(ROOK_MG_11, 0)                                        \
    X(ROOK_MG_12, -4) X(ROOK_MG_13, 0) X(ROOK_MG_14, 0) X(ROOK_MG_15, 0)                                      \
    X(ROOK_MG_16, -4) X(ROOK_MG_17, 0) X(ROOK_MG_18, 0) X(ROOK_MG_19, 0)                                      \
    X(ROOK_MG_20, -4) X(ROOK_MG_21, 0) X(ROOK_MG_22, 0) X(ROOK_MG_23, 0)                                      \
    X(ROOK_MG_24, 18) X(ROOK_MG_25, 18) X(ROOK_MG_26, 18) X(ROOK_MG_27, 18)                                   \
    X(ROOK_MG_28, -4) X(ROOK_MG_29, 0) X(ROOK_MG_30, 0) X(ROOK_MG_31, 0)                                      \
    /* placement rook eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(ROOK_EG_0, 0) X(ROOK_EG_1, 0) X(ROOK_EG_2, 0) X(ROOK_EG_3, 0)                                           \
    X(ROOK_EG_4, 0) X(ROOK_EG_5, 0) X(ROOK_EG_6, 0) X(ROOK_EG_7, 0)                                           \
    X(ROOK_EG_8, 0) X(ROOK_EG_9, 0) X(ROOK_EG_10, 0) X(ROOK_EG_11, 0)                                         \
    X(ROOK_EG_12, 0) X(ROOK_EG_13, 0) X(ROOK_EG_14, 0) X(ROOK_EG_15, 0)                                       \
    X(ROOK_EG_16, 3) X(ROOK_EG_17, 3) X(ROOK_EG_18, 3) X(ROOK_EG_19, 3)                                       \
    X(ROOK_EG_20, 3) X(ROOK_EG_21, 3) X(ROOK_EG_22, 3) X(ROOK_EG_23, 3)                                       \
    X(ROOK_EG_24, 13) X(ROOK_EG_25, 13) X(ROOK_EG_26, 13) X(ROOK_EG_27, 13)                                   \
    X(ROOK_EG_28, 3) X(ROOK_EG_29, 3) X(ROOK_EG_30, 3) X(ROOK_EG_31, 3)                                       \
    /* placement queen mg: rank from own side * 4 + file a-d (e-h mirrored) */                                \
    X(QUEEN_MG_0, -10) X(QUEEN_MG_1, -7) X(QUEEN_MG_2, -4) X(QUEEN_MG_3, -1)                                  \
    X(QUEEN_MG_4, -7) X(QUEEN_MG_5, -4) X(QUEEN_MG_6, -1) X(QUEEN_MG_7, 2)                                    \
    X(QUEEN_MG_8, -4) X(QUEEN_MG_9, -1) X(QUEEN_MG_10, 2) X(QUEEN_MG_11, 5)                                   \
    X(QUEEN_MG_12, -1) X(QUEEN_MG_13, 2) X(QUEEN_MG_14, 5) X(QUEEN_MG_15, 8)                                  \
    X(QUEEN_MG_16, -1) X(QUEEN_MG_17, 2) X(QUEEN_MG_18, 5) X(QUEEN_MG_19, 8)                                  \
    X(QUEEN_MG_20, -4) X(QUEEN_MG_21, -1) X(QUEEN_MG_22, 2) X(QUEEN_MG_23, 5)                                 \
    X(QUEEN_MG_24, -7) X(QUEEN_MG_25, -4) X(QUEEN_MG_26, -1) X(QUEEN_MG_27, 2)                                \
    X(QUEEN_MG_28, -10) X(QUEEN_MG_29, -7) X(QUEEN_MG_30, -4) X(QUEEN_MG_31, -1)                              \
    /* placement queen eg: rank from own side * 4 + file a-d (e-h mirrored) */                                \
    X(QUEEN_EG_0, -25) X(QUEEN_EG_1, -18) X(QUEEN_EG_2, -11) X(QUEEN_EG_3, -4)                                \
    X(QUEEN_EG_4, -18) X(QUEEN_EG_5, -11) X(QUEEN_EG_6, -4) X(QUEEN_EG_7, 3)                                  \
    X(QUEEN_EG_8, -11) X(QUEEN_EG_9, -4) X(QUEEN_EG_10, 3) X(QUEEN_EG_11, 10)                                 \
    X(QUEEN_EG_12, -4) X(QUEEN_EG_13, 3) X(QUEEN_EG_14, 10) X(QUEEN_EG_15, 17)                                \
    X(QUEEN_EG_16, -4) X(QUEEN_EG_17, 3) X(QUEEN_EG_18, 10) X(QUEEN_EG_19, 17)                                \
    X(QUEEN_EG_20, -11) X(QUEEN_EG_21, -4) X(QUEEN_EG_22, 3) X(QUEEN_EG_23, 10)                               \
    X(QUEEN_EG_24, -18) X(QUEEN_EG_25, -11) X(QUEEN_EG_26, -4) X(QUEEN_EG_27, 3)                              \
    X(QUEEN_EG_28, -25) X(QUEEN_EG_29, -18) X(QUEEN_EG_30, -11) X(QUEEN_EG_31, -4)                            \
    /* placement king mg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(KING_MG_0, 22) X(KING_MG_1, 32) X(KING_MG_2, 12) X(KING_MG_3, -5)                                       \
    X(KING_MG_4, 12) X(KING_MG_5, 12) X(KING_MG_6, -8) X(KING_MG_7, -15)                                      \
    X(KING_MG_8, -25) X(KING_MG_9, -25) X(KING_MG_10, -25) X(KING_MG_11, -25)                                 \
    X(KING_MG_12, -37) X(KING_MG_13, -37) X(KING_MG_14, -37) X(KING_MG_15, -37)                               \
    X(KING_MG_16, -49) X(KING_MG_17, -49) X(KING_MG_18, -49) X(KING_MG_19, -49)                               \
    X(KING_MG_20, -61) X(KING_MG_21, -61) X(KING_MG_22, -61) X(KING_MG_23, -61)                               \
    X(KING_MG_24, -73) X(KING_MG_25, -73) X(KING_MG_26, -73) X(KING_MG_27, -73)                               \
    X(KING_MG_28, -85) X(KING_MG_29, -85) X(KING_MG_30, -85) X(KING_MG_31, -85)                               \
    /* placement king eg: rank from own side * 4 + file a-d (e-h mirrored) */                                 \
    X(KING_EG_0, -55) X(KING_EG_1, -44) X(KING_EG_2, -33) X(KING_EG_3, -22)                                   \
    X(KING_EG_4, -38) X(KING_EG_5, -27) X(KING_EG_6, -16) X(KING_EG_7, -5)                                    \
    X(KING_EG_8, -27) X(KING_EG_9, -16) X(KING_EG_10, -5) X(KING_EG_11, 6)                                    \
    X(KING_EG_12, -16) X(KING_EG_13, -5) X(KING_EG_14, 6) X(KING_EG_15, 17)                                   \
    X(KING_EG_16, -16) X(KING_EG_17, -5) X(KING_EG_18, 6) X(KING_EG_19, 17)                                   \
    X(KING_EG_20, -27) X(KING_EG_21, -16) X(KING_EG_22, -5) X(KING_EG_23, 6)                                  \
    X(KING_EG_24, -38) X(KING_EG_25, -27) X(KING_EG_26, -16) X(KING_EG_27, -5)                                \
    X(KING_EG_28, -49) X(KING_EG_29, -38) X(KING_EG_30, -27) X(KING_EG_31, -16)                               \
    /* mobility: per safe square above a base count (MOB_BASE_* in eval.c) */                                 \
    X(MOB_KNIGHT_MG, 4) X(MOB_KNIGHT_EG, 4) X(MOB_BISHOP_MG, 5) X(MOB_BISHOP_EG, 5)                           \
    X(MOB_ROOK_MG, 2) X(MOB_ROOK_EG, 4) X(MOB_QUEEN_MG, 1) X(MOB_QUEEN_EG, 2)                                 \
    /* king safety: units per attacker of the king zone; danger = units^2 * QUADRATIC / 16 (2+ attackers) */  \
    X(ATTACK_KNIGHT, 2) X(ATTACK_BISHOP, 2) X(ATTACK_ROOK, 3) X(ATTACK_QUEEN, 5)                              \
    X(ATTACK_QUADRATIC, 24) X(ATTACK_DANGER_MAX, 500) X(ATTACK_NO_QUEEN_SCALE, 6)                             \
    /* pawn shield on the king's file and its neighbours (middlegame) */                                      \
    X(SHIELD_RANK2, 10) X(SHIELD_RANK3, 5) X(SHIELD_MISSING, -12) X(KING_OPEN_FILE, -15)                      \
    /* pawn structure */                                                                                      \
    X(DOUBLED_MG, -10) X(DOUBLED_EG, -20) X(ISOLATED_MG, -10) X(ISOLATED_EG, -12)                             \
    X(BACKWARD_MG, -8) X(BACKWARD_EG, -8) X(SUPPORTED_MG, 6) X(SUPPORTED_EG, 4) X(PHALANX_MG, 5)              \
    X(PHALANX_EG, 3)                                                                                          \
    /* passed pawns by rank from own side */                                                                  \
    X(PASSED_MG_0, 0) X(PASSED_MG_1, 0) X(PASSED_MG_2, 5) X(PASSED_MG_3, 10) X(PASSED_MG_4, 20)               \
    X(PASSED_MG_5, 35) X(PASSED_MG_6, 60) X(PASSED_MG_7, 0)                                                   \
    X(PASSED_EG_0, 0) X(PASSED_EG_1, 10) X(PASSED_EG_2, 15) X(PASSED_EG_3, 25) X(PASSED_EG_4, 45)             \
    X(PASSED_EG_5, 75) X(PASSED_EG_6, 120) X(PASSED_EG_7, 0)                                                  \
    /* endgame: free path, king distances to the stop square; times (rank - 2) */                             \
    X(PASSED_FREE_EG, 6) X(PASSED_KING_THEM_EG, 5) X(PASSED_KING_US_EG, 2)                                    \
    /* pieces */                                                                                              \
    X(BISHOP_PAIR_MG, 28) X(BISHOP_PAIR_EG, 48)                                                               \
    X(ROOK_OPEN_MG, 25) X(ROOK_OPEN_EG, 10) X(ROOK_SEMIOPEN_MG, 12) X(ROOK_SEMIOPEN_EG, 6)                    \
    /* endgame scaling, out of 64 */                                                                          \
    X(SCALE_OPPOSITE_BISHOPS, 32) X(SCALE_OPPOSITE_BISHOPS_PIECES, 48) X(SCALE_NO_PAWNS, 16)

#define EVAL_WEIGHT_ENUM(name, value) W_##name,
enum { EVAL_WEIGHTS(EVAL_WEIGHT_ENUM) EVAL_WEIGHT_NB };
#undef EVAL_WEIGHT_ENUM

#ifdef EVAL_TUNING
extern int eval_weights[EVAL_WEIGHT_NB]; /* writable, for the tuner */
extern const char *const EVAL_WEIGHT_NAMES[EVAL_WEIGHT_NB];
#endif

#endif
