/* ttlab.h - the transposition-table laboratory (`chariot ttlab`). */
#ifndef CHARIOT_TTLAB_H
#define CHARIOT_TTLAB_H

int ttlab_main(int argc, char **argv);

#endif
