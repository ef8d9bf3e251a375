/*
 * rules.c - game-ending rules: repetition under the Asian (AXF) rules, the
 * no-capture move-count rule, and the referee's verdict for players.
 *
 * pos_rule_status() gives the search its verdict for the current node:
 *   - a position that repeats an earlier one inside the no-capture window
 *     closes a cycle. It counts when the earlier occurrence lies after the
 *     search root, or when the position occurred twice before (game history
 *     alone decides nothing until the third occurrence). chase.c judges the
 *     moves of the cycle: a side whose every move checked loses, else a side
 *     that chased one piece on every move loses; both at one level draw.
 *   - 120 plies (60 moves) without a capture: draw, where a side's checks
 *     beyond its tenth in them, and the replies, do not count (AXF).
 * The rule set (pos->rep_rule) can drop the chase rule (CheckOnly).
 *
 * These verdicts depend on the path, not only on the position. The search
 * gives rule wins and losses their own score band, which the table never
 * stores (docs/search.md), so they cannot leak into other paths; repetition
 * draws are stored like any score, as in most engines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "board.h"
#include "pos_common.h"
#include "rules.h"

enum { RULE60_PLIES = 120, RULE60_CHECKS = 10 };

static const char *const RULE_NAMES[REP_RULE_NB] = {"AXF", "CheckOnly"};

bool pos_set_repetition_rule(Position *pos, const char *name)
{
    for (int r = 0; r < REP_RULE_NB; r++)
        if (!strcasecmp(name, RULE_NAMES[r])) {
            pos->rep_rule = (uint8_t)r;
            return true;
        }
    return false;
}

static CycleJudgement judge(const Position *pos, int plies)
{
    return cycle_judge(pos, plies, pos->rep_rule == REP_RULE_AXF, NULL);
}

/* Plies that count towards the 60-move rule: those since the last capture, less each side's checks
 * beyond its tenth there and the replies to them (AXF: the move count does not draw while a side has
 * given more than 10 checks in it; Pikafish's reading, which Fairy-Stockfish's limit extension
 * matches). Only the plies the position still holds are seen (after pos_trim_history, not all). */
static int rule60_count(const Position *pos)
{
    const PosState *st = pos->st;
    const int cur = pos->ply, n = st[cur].rule60;
    if (n < RULE60_PLIES)
        return n; /* the common case: nothing to scan */
    int checks[2] = {0, 0};
    for (int k = cur; k > cur - imin(n, cur); k--)
        checks[pos->side ^ ((cur - k + 1) & 1)] += st[k].checked != 0;
    return n - 2 * (imax(checks[RED] - RULE60_CHECKS, 0) + imax(checks[BLACK] - RULE60_CHECKS, 0));
}

RuleResult pos_rule_status(const Position *pos)
{
    const PosState *st = pos->st;
    const int cur = pos->ply;
    if (rule60_count(pos) >= RULE60_PLIES)
        return RULE_DRAW;
    const int limit = imin(st[cur].rule60, cur);
    int seen = 0;
    for (int i = POS_MIN_CYCLE_PLIES; i <= limit; i += 2)
        if (st[cur - i].key == st[cur].key && (cur - i > pos->root_ply || ++seen >= 2)) {
            const CycleJudgement j = judge(pos, i);
            const Color us = pos->side;
            return j.level[us] > j.level[!us] ? RULE_LOSS : j.level[!us] > j.level[us] ? RULE_WIN : RULE_DRAW;
        }
    return RULE_NONE;
}

int pos_repetitions(const Position *pos)
{
    return plies_repetitions(&pos->st[0].key, sizeof pos->st[0], pos->ply, pos_rule_counter(pos));
}

static const char *const TYPE_NAMES[PIECE_TYPE_NB] = {"",      "king", "advisor", "elephant",
                                                      "horse", "rook", "cannon",  "pawn"};

/* Plies back to the earliest of the last `want` earlier occurrences of this position (0: fewer). */
static int cycle_plies(const Position *pos, int want, int *seen)
{
    const PosState *st = pos->st;
    const int cur = pos->ply, limit = imin(st[cur].rule60, cur);
    int first = 0;
    *seen = 0;
    for (int i = POS_MIN_CYCLE_PLIES; i <= limit && *seen < want; i += 2)
        if (st[cur - i].key == st[cur].key)
            first = i, ++*seen;
    return *seen == want ? first : 0;
}

/* The third occurrence of a position ends the game; the cycle judged runs back to the first. */
static GameResult repetition_result(const Position *pos, char *why, size_t len)
{
    int seen;
    const int first = cycle_plies(pos, 2, &seen);
    if (!first)
        return GAME_ONGOING;
    const CycleJudgement j = judge(pos, first);
    if (j.level[RED] == j.level[BLACK]) {
        snprintf(why, len, "threefold repetition, %s",
                 j.level[RED] == REP_LEVEL_CHECK       ? "both sides checked perpetually"
                     : j.level[RED] == REP_LEVEL_CHASE ? "both sides chased perpetually"
                                                       : "no violation");
        return GAME_DRAWN;
    }
    const Color bad = j.level[RED] > j.level[BLACK] ? RED : BLACK;
    if (j.level[bad] == REP_LEVEL_CHECK)
        snprintf(why, len, "perpetual check by %s", game_color_name(bad));
    else
        snprintf(why, len, "%s chased the %s %s perpetually", game_color_name(bad), bad == RED ? "black" : "red",
                 TYPE_NAMES[SLOT_TYPE[j.victim[bad] & 15]]);
    return bad == RED ? GAME_SECOND_WINS : GAME_FIRST_WINS;
}

/* A referee's view: mate or stalemate (both lose in xiangqi), the third occurrence of a position
 * (judged over both cycles), the move-count rule, or no piece left that can mate. */
GameResult game_judge(const Position *pos, char *why, size_t len)
{
    Move list[MAX_MOVES];
    const Color us = pos_side(pos);
    const GameResult they_win = us == RED ? GAME_SECOND_WINS : GAME_FIRST_WINS;
    if (len)
        why[0] = 0;
    if (gen_legal(pos, list) == 0) {
        snprintf(why, len, "%s", pos_in_check(pos) ? "checkmate" : "stalemate");
        return they_win;
    }
    const GameResult rep = repetition_result(pos, why, len);
    if (rep != GAME_ONGOING)
        return rep;
    if (rule60_count(pos) >= RULE60_PLIES) {
        snprintf(why, len, "60-move rule");
        return GAME_DRAWN;
    }
    if (pos_insufficient_material(pos)) {
        snprintf(why, len, "neither side can mate");
        return GAME_DRAWN;
    }
    return GAME_ONGOING;
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq_file(sq)), out[1] = (char)('0' + sq_rank(sq)), out[2] = 0;
}

/* Appends "black rook a8 (by cannon a3, horse b6)" for each piece of `set`. */
static size_t explain_set(char *buf, size_t len, size_t at, const CycleStep *s, uint16_t set)
{
    const Color them = (Color)!s->mover;
    bool first = true;
    for (int v = 0; v < 16; v++) {
        if (!(set >> v & 1) || at >= len)
            continue;
        char sq[3];
        square_name(s->victim_sq[v], sq);
        at += (size_t)snprintf(buf + at, len - at, "%s%s %s %s (by", first ? "" : ", ", them == RED ? "red" : "black",
                               TYPE_NAMES[SLOT_TYPE[v]], sq);
        first = false;
        for (int a = 0; a < 16 && at < len; a++)
            if (s->by[v] >> a & 1) {
                square_name(s->chaser_sq[a], sq);
                at += (size_t)snprintf(buf + at, len - at, " %s %s", TYPE_NAMES[SLOT_TYPE[a]], sq);
            }
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, ")");
    }
    if (first && at < len)
        at += (size_t)snprintf(buf + at, len - at, "-");
    return at;
}

size_t game_judge_explain(const Position *pos, char *buf, size_t len)
{
    int seen;
    size_t at = 0;
    int plies = cycle_plies(pos, 2, &seen);
    if (!plies)
        plies = cycle_plies(pos, 1, &seen);
    if (!len)
        return 0;
    buf[0] = 0;
    if (!plies)
        return (size_t)snprintf(buf, len, "no repetition: the position has not occurred before\n");
    CycleStep *steps = malloc((size_t)plies * sizeof *steps);
    if (!steps)
        return (size_t)snprintf(buf, len, "out of memory\n");
    Position *walk = malloc(sizeof *walk); /* the cycle's first position, then each after it: the moves in WXF */
    if (!walk) {
        free(steps);
        return (size_t)snprintf(buf, len, "out of memory\n");
    }
    *walk = *pos;
    for (int i = 0; i < plies; i++)
        pos_unmake(walk);
    const CycleJudgement j = cycle_judge(pos, plies, pos->rep_rule == REP_RULE_AXF, steps);
    at += (size_t)snprintf(buf, len, "cycle: moves %d-%d (%d plies), the position occurring %d times; rule set %s\n",
                           pos->ply - plies + 1, pos->ply, plies, seen + 1, RULE_NAMES[pos->rep_rule]);
    uint16_t mask[2] = {0xffff, 0xffff};
    for (int i = 0; i < plies && at < len; i++) {
        const CycleStep *s = &steps[i];
        char mv[8], wxf[MOVE_TEXT_MAX];
        move_to_str(s->move, mv);
        pos_move_text(walk, s->move, MOVE_STYLE_HUMAN, wxf);
        pos_make(walk, s->move);
        mask[s->mover] &= s->fresh;
        at += (size_t)snprintf(buf + at, len - at, "%4d. %-5s %s (%s)%s\n      chases: ", pos->ply - plies + 1 + i,
                               game_color_name(s->mover), mv, wxf, s->check ? "  check" : "");
        at = explain_set(buf, len, at, s, s->chased);
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, "\n      new%s: ",
                                   s->screen ? " (a defence by an enemy cannon's screen: new attacks only)" : "");
        at = explain_set(buf, len, at, s, s->fresh);
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, "\n      chased on every move so far: ");
        at = explain_set(buf, len, at, s, s->fresh & mask[s->mover]);
        if (at < len)
            at += (size_t)snprintf(buf + at, len - at, "\n");
    }
    for (Color c = 0; c < 2 && at < len; c++)
        at += (size_t)snprintf(buf + at, len - at, "%s: %s\n", game_color_name(c),
                               j.level[c] == REP_LEVEL_CHECK       ? "checked on every move (perpetual check)"
                                   : j.level[c] == REP_LEVEL_CHASE ? "chased one piece on every move (perpetual chase)"
                                                                   : "no perpetual check or chase");
    free(steps);
    free(walk);
    return at < len ? at : len - 1;
}
