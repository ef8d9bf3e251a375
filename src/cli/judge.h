/* judge.h - `chariot judge`: the referee's verdict on a game given as a position and its moves. */
#ifndef CHARIOT_JUDGE_H
#define CHARIOT_JUDGE_H

int judge_main(int argc, char **argv);

#endif
