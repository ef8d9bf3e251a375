/* annotate.h - `chariot annotate`: every game of a PGN file reviewed move by move (docs/annotate.md). */
#ifndef CHARIOT_ANNOTATE_H
#define CHARIOT_ANNOTATE_H

int annotate_main(int argc, char **argv);

#endif
