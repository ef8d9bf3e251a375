/* analyze.h - the `analyze` command line tool. */
#ifndef CHARIOT_ANALYZE_H
#define CHARIOT_ANALYZE_H

enum { ANALYZE_DEFAULT_DEPTH = 12 };

int analyze_main(int argc, char **argv);

#endif
