/*
 * review.h - how a game review judges a move (docs/annotate.md), shared by
 * `annotate` on the command line and the page's "Review a game": a move is
 * judged by what it loses of the mover's expected score, the logistic model
 * of the score that UCI_ShowWDL prints (proto_wdl), E(s) = win + draw / 2 in
 * thousandths, the best move's score against the move played's, both
 * searched to the same limit. The thresholds, the missed-mate rule and the
 * accuracy figure live here and nowhere else.
 */
#ifndef CHARIOT_REVIEW_H
#define CHARIOT_REVIEW_H

#include <stdbool.h>

#include "types.h"

enum {
    REVIEW_LOSS_INACCURACY = 50,     /* the expected score lost, in thousandths: ?! from here */
    REVIEW_LOSS_MISTAKE = 100,       /* ? from here */
    REVIEW_LOSS_BLUNDER = 150,       /* ?? from here */
    REVIEW_LOSS_ACCURACY_ZERO = 300, /* a move losing this much or more counts 0% in the accuracy */
    REVIEW_MISSED_MATE_MOVES = 3,    /* a mate in this many moves or fewer, missed, is a blunder */
};

typedef enum { REVIEW_NONE, REVIEW_INACCURACY, REVIEW_MISTAKE, REVIEW_BLUNDER, REVIEW_MARKS } ReviewMark;

extern const char *const REVIEW_NAG[REVIEW_MARKS];    /* "", "$6", "$2", "$4" */
extern const char *const REVIEW_WORD[REVIEW_MARKS];   /* "", "inaccuracy", "mistake", "blunder" */
extern const char *const REVIEW_SIGN[REVIEW_MARKS];   /* "", "?!", "?", "??" */
extern const char *const REVIEW_COLOUR[REVIEW_MARKS]; /* the marks' colours on a graph */

typedef struct {
    int loss; /* thousandths of the expected score, >= 0 */
    ReviewMark mark;
    bool missed_mate; /* a short mate was there and the move played let it go (a blunder whatever the loss) */
} ReviewJudgement;

/* Counts by mark and the accuracy of one side's judged moves. */
typedef struct {
    int count[REVIEW_MARKS];
    int moves;
    double accuracy_sum; /* sum over the judged moves of max(0, 1 - loss / REVIEW_LOSS_ACCURACY_ZERO) */
} ReviewTally;

/* The expected score (0..1000) of the side to move for a score from its view. */
int review_expected(Score s);
/* A move: `best` the best move's score, `played` the move played's, both from the mover's view;
 * `played_best` when the move played is the best one (then nothing is lost). */
ReviewJudgement review_judge(Score best, Score played, bool played_best);
void review_tally_add(ReviewTally *t, const ReviewJudgement *j);
/* The accuracy in percent (0 when no move was judged). */
double review_accuracy(const ReviewTally *t);

#endif
