/* play.h - `chariot play`: a game against the engine in the terminal. */
#ifndef CHARIOT_PLAY_H
#define CHARIOT_PLAY_H

#include "game_api.h"

int play_main(int argc, char **argv);

/* Is the game over in pos? If so, msg says how and who won. */

#endif
