/*
 * eval_tuning.h - how a game's hand-written evaluation shows its weights to
 * the tuner (tools/tune/tune.c), written once for every game.
 *
 * A game's eval_weights.h defines EVAL_WEIGHTS(X), the list X(NAME, value)
 * of every weight, then includes this header, which names each weight
 * W_NAME. The game's eval.c says EVAL_WEIGHTS_DEFINE; once and reads a
 * weight as W(NAME). The engine compiles the list into a constant array; a
 * build with -DEVAL_TUNING (the tuner) gets a writable array and the names,
 * changes the weights and re-evaluates (pos_refresh_eval).
 */
#ifndef CHARIOT_EVAL_TUNING_H
#define CHARIOT_EVAL_TUNING_H

#define EVAL_WEIGHT_ENUM(name, value) W_##name,
enum { EVAL_WEIGHTS(EVAL_WEIGHT_ENUM) EVAL_WEIGHT_NB };
#undef EVAL_WEIGHT_ENUM

#define EVAL_WEIGHT_VALUE(name, value) value,
#define EVAL_WEIGHT_NAME(name, value)  #name,
#ifdef EVAL_TUNING
extern int eval_weights[EVAL_WEIGHT_NB]; /* writable, for tools/tune/tune.c */
extern const char *const EVAL_WEIGHT_NAMES[EVAL_WEIGHT_NB];
#define EVAL_WEIGHTS_DEFINE                                                                                            \
    int eval_weights[EVAL_WEIGHT_NB] = {EVAL_WEIGHTS(EVAL_WEIGHT_VALUE)};                                              \
    const char *const EVAL_WEIGHT_NAMES[EVAL_WEIGHT_NB] = {EVAL_WEIGHTS(EVAL_WEIGHT_NAME)}
#else
#define EVAL_WEIGHTS_DEFINE static const int eval_weights[EVAL_WEIGHT_NB] = {EVAL_WEIGHTS(EVAL_WEIGHT_VALUE)}
#endif
#define W(name) eval_weights[W_##name]

#endif
