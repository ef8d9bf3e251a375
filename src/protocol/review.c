/* review.c - a game review's judgement of a move (review.h). */
#include "review.h"

#include "protocol.h"

const char *const REVIEW_NAG[REVIEW_MARKS] = {"", "$6", "$2", "$4"};
const char *const REVIEW_WORD[REVIEW_MARKS] = {"", "inaccuracy", "mistake", "blunder"};
const char *const REVIEW_SIGN[REVIEW_MARKS] = {"", "?!", "?", "??"};
const char *const REVIEW_COLOUR[REVIEW_MARKS] = {"", "#d4a000", "#e06000", "#d01010"};

int review_expected(Score s)
{
    int win, draw, loss;
    proto_wdl(s, &win, &draw, &loss);
    (void)loss;
    return win + draw / 2;
}

ReviewJudgement review_judge(Score best, Score played, bool played_best)
{
    ReviewJudgement j = {0, REVIEW_NONE, false};
    if (played_best)
        return j;
    const int loss = review_expected(best) - review_expected(played);
    j.loss = loss < 0 ? 0 : loss;
    j.mark = j.loss >= REVIEW_LOSS_BLUNDER ? REVIEW_BLUNDER
        : j.loss >= REVIEW_LOSS_MISTAKE    ? REVIEW_MISTAKE
        : j.loss >= REVIEW_LOSS_INACCURACY ? REVIEW_INACCURACY
                                           : REVIEW_NONE;
    if (score_is_mate(best) && best > 0 && score_mate_moves(best) <= REVIEW_MISSED_MATE_MOVES &&
        !(score_is_mate(played) && played > 0)) {
        j.missed_mate = true;
        j.mark = REVIEW_BLUNDER;
    }
    return j;
}

void review_tally_add(ReviewTally *t, const ReviewJudgement *j)
{
    t->count[j->mark]++;
    t->moves++;
    const double part = 1.0 - (double)j->loss / REVIEW_LOSS_ACCURACY_ZERO;
    t->accuracy_sum += part < 0 ? 0 : part;
}

double review_accuracy(const ReviewTally *t) { return t->moves ? 100.0 * t->accuracy_sum / t->moves : 0.0; }
