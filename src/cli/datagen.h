/* datagen.h - `chariot datagen`: self-play games that write training data for a learned evaluation
 * (docs/nnue.md; the file format is src/nnue/datagen_format.h). */
#ifndef CHARIOT_DATAGEN_H
#define CHARIOT_DATAGEN_H

int datagen_main(int argc, char **argv);

#endif
