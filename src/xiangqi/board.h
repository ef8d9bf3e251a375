/*
 * board.h - xiangqi geometry shared inside src/xiangqi (not part of game.h).
 *
 * Every movement rule is precomputed per square into short lists ending in
 * SQ_END, so generators never test for the board edge:
 *   RAY[sq][dir]            squares along a line, nearest first
 *   HORSE_MOVES[sq]         (target, leg) pairs; the leg must be empty
 *   HORSE_ATTACKERS[sq]     (horse square, leg) pairs of horses that hit sq
 *   ELEPHANT_MOVES[sq]      (target, eye) pairs, never across the river
 *   ADVISOR_MOVES, KING_MOVES  palace-bound steps
 *   PAWN_MOVES[c][sq], PAWN_ATTACKERS[c][sq]  steps of a pawn of colour c
 */
#ifndef CHARIOT_XQ_BOARD_H
#define CHARIOT_XQ_BOARD_H

#include "game_api.h"

#define SQ_END 0xff
enum { DIR_N, DIR_S, DIR_E, DIR_W, DIR_NB };

static inline int sq_file(int sq) { return sq % 9; }
static inline int sq_rank(int sq) { return sq / 9; }
static inline int sq_make(int file, int rank) { return rank * 9 + file; }
static inline int piece_make(Color c, int type) { return c * 8 + type; }
static inline int piece_type(int pc) { return pc & 7; }
static inline Color piece_color(int pc) { return pc >> 3; }

extern const uint8_t SLOT_TYPE[16]; /* piece type of each slot within a colour */
static inline int slot_piece(int slot) { return piece_make(slot >> 4, SLOT_TYPE[slot & 15]); }

extern uint8_t RAY[SQUARE_NB][DIR_NB][10];
extern uint8_t HORSE_MOVES[SQUARE_NB][17];
extern uint8_t HORSE_ATTACKERS[SQUARE_NB][17];
extern uint8_t ELEPHANT_MOVES[SQUARE_NB][9];
extern uint8_t ADVISOR_MOVES[SQUARE_NB][5];
extern uint8_t KING_MOVES[SQUARE_NB][5];
extern uint8_t PAWN_MOVES[2][SQUARE_NB][4];
extern uint8_t PAWN_ATTACKERS[2][SQUARE_NB][4];
extern bool IN_PALACE[2][SQUARE_NB];
extern Key ZOBRIST[PIECE_NB][SQUARE_NB];
extern Key ZOBRIST_SIDE;
extern int16_t PSQ[PIECE_NB][SQUARE_NB]; /* material + placement, Red's view */
extern const int PIECE_VALUE[PIECE_TYPE_NB];
extern const char *const CHINESE_PIECE[2][PIECE_TYPE_NB]; /* 帥仕相馬車炮兵 / 將士象馬車砲卒 (chinese.c) */

void board_init_tables(void);
void eval_init_tables(void);
bool board_attacked(const uint8_t *board, int sq, Color by); /* is sq hit by `by` (king-style test) */
bool square_legal_for(int pc, int sq);                       /* can this piece ever stand on sq */

#endif
