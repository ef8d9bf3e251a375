/*
 * test_rules.c - the repetition rules (docs/rules.md).
 *
 * Every cycle of tests/xiangqi-repetition.txt (43 verified cycles, copied from
 * ../shared/data) goes through the referee (game_judge, what `chariot judge`
 * prints, and the claim `1-0 {...}` the XBoard protocol makes after the last
 * move) at the third occurrence of its final position, and through the
 * search's own code (pos_rule_status) both there and at the first recurrence
 * after a search root. Rows with a definite verdict must match; the disputed
 * (`?`) rows print the verdict chosen. Twenty rows end at the second
 * occurrence: the test plays their cycle once more to reach the third.
 * CheckOnly keeps perpetual check and turns every chase verdict into a draw.
 * Every cycle of tests/xiangqi-axf-examples.txt (the AXF rule book's examples
 * and other engines' cases) goes through the referee and the search's code,
 * which must give the verdict the file records for Chariot; the test prints
 * each verdict and how many agree with their source.
 * Then the timing (an earlier occurrence at or before the root counts only
 * twice) and the no-capture rule.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

enum { REP_ROWS = 43, REP_DEFINITE = 39, REP_MAX_MOVES = 64 };
/* tests/xiangqi-axf-examples.txt: its cycles, how many of them Chariot judges as their source does, and
 * how many of the rule book's diagrams (D1-D106) they illustrate. */
enum { AXF_ROWS = 133, AXF_AGREE = 133, AXF_DIAGRAMS = 106, AXF_COVERED = 103 };

typedef struct {
    char fen[128];
    Move moves[REP_MAX_MOVES];
    int n;
    char expect[8];   /* the verdict asserted: tests/xiangqi-repetition.txt's, or Chariot's in the AXF file */
    char source[8];   /* the AXF file: the source's verdict */
    char example[40]; /* the AXF file: the rule book's diagram or rule */
    char what[200];
} RepRow;

/* A row of `nf` fields separated by '|': FEN | moves | verdict | what (tests/xiangqi-repetition.txt) or
 * FEN | moves | source verdict | Chariot's verdict | example | what (tests/xiangqi-axf-examples.txt). */
static bool parse_row(char *line, RepRow *r, int nf)
{
    char *f[6];
    for (int i = 0; i < nf; i++) {
        f[i] = line;
        char *bar = i < nf - 1 ? strchr(line, '|') : NULL;
        if (i < nf - 1 && !bar)
            return false;
        if (bar)
            *bar = 0, line = bar + 1;
        while (*f[i] == ' ')
            f[i]++;
        for (size_t k = strlen(f[i]); k && f[i][k - 1] == ' '; k--)
            f[i][k - 1] = 0;
    }
    snprintf(r->fen, sizeof r->fen, "%s", f[0]);
    snprintf(r->expect, sizeof r->expect, "%s", f[nf == 6 ? 3 : 2]);
    snprintf(r->source, sizeof r->source, "%s", nf == 6 ? f[2] : "");
    snprintf(r->example, sizeof r->example, "%s", nf == 6 ? f[4] : "");
    snprintf(r->what, sizeof r->what, "%s", f[nf - 1]);
    Position pos;
    char err[160];
    if (!pos_set_fen(&pos, r->fen, err, sizeof err))
        return false;
    r->n = 0;
    for (char *t = strtok(f[1], " "); t; t = strtok(NULL, " ")) {
        Move m = pos_parse_move(&pos, t);
        if (!m || r->n >= REP_MAX_MOVES)
            return false;
        r->moves[r->n++] = m;
        pos_make(&pos, m);
    }
    /* A list that ends on the second occurrence: repeat its last cycle once more. */
    if (pos_repetitions(&pos) == 1) {
        int len = 4;
        while (pos.st[pos.ply - len].key != pos_key(&pos))
            len += 2;
        for (int i = r->n - len, end = r->n; i < end && r->n < REP_MAX_MOVES; i++) {
            pos_make(&pos, r->moves[i]);
            r->moves[r->n++] = r->moves[i];
        }
    }
    return pos_repetitions(&pos) == 2;
}

/* The position after the first `n` moves of the row, under the rule set `rule`. */
static void play_row(const RepRow *r, int n, const char *rule, Position *pos)
{
    char err[160];
    pos_set_fen(pos, r->fen, err, sizeof err);
    pos_set_repetition_rule(pos, rule);
    for (int i = 0; i < n; i++)
        pos_make(pos, r->moves[i]);
}

/* The search's verdict as a result: RULE_WIN is a win for the side to move. */
static GameResult rule_as_result(RuleResult rule, Color us)
{
    if (rule == RULE_DRAW)
        return GAME_DRAWN;
    if (rule == RULE_NONE)
        return GAME_ONGOING;
    return (rule == RULE_WIN) == (us == RED) ? GAME_FIRST_WINS : GAME_SECOND_WINS;
}

static void test_shared_cycles(void)
{
    static char lines[64][512];
    static Position pos;
    const int n = read_lines("tests/xiangqi-repetition.txt", lines, 64);
    int rows = 0, definite = 0, chases = 0;
    Engine xb; /* the same verdicts claimed through the XBoard protocol */
    CHECK(engine_start(&xb), "start %s", g_engine_path);
    engine_send(&xb, "xboard\nprotover 2");
    CHECK(engine_expect(&xb, "feature done=1", NULL, 0, 5000), "XBoard handshake");
    for (int i = 0; i < n; i++) {
        if (lines[i][0] == '#' || !lines[i][0])
            continue;
        RepRow r;
        rows++;
        if (!parse_row(lines[i], &r, 4)) {
            CHECK(false, "repetition row %d: does not parse or does not reach a third occurrence", rows);
            continue;
        }
        char why[160];
        play_row(&r, r.n, "AXF", &pos);
        const GameResult verdict = game_judge(&pos, why, sizeof why);
        const char *got = game_result_str(verdict);
        /* The same through the binary: `chariot judge FEN moves ...` prints one line. */
        char cmd[1024], line[256] = "", want[200];
        int len = snprintf(cmd, sizeof cmd, "%s judge '%s' moves", g_engine_path, r.fen);
        for (int m = 0; m < r.n && len < (int)sizeof cmd - 8; m++) {
            char t[8];
            move_to_str(r.moves[m], t);
            len += snprintf(cmd + len, sizeof cmd - (size_t)len, " %s", t);
        }
        FILE *p = popen(cmd, "r");
        CHECK(p && fgets(line, sizeof line, p) && pclose(p) == 0, "repetition row %d: %s failed", rows, cmd);
        snprintf(want, sizeof want, "result: %s (%s)\n", got, why);
        CHECK(!strcmp(line, want), "repetition row %d: chariot judge printed '%s', the referee says '%s'", rows, line,
              want);
        /* The same through the XBoard protocol: the last move ends the game with this claim. */
        engine_send(&xb, "new\nforce\nsetboard %s", r.fen);
        for (int m = 0; m < r.n; m++) {
            char t[8];
            move_to_str(r.moves[m], t);
            engine_send(&xb, "usermove %s", t);
        }
        engine_send(&xb, "ping %d", rows);
        char pong[32], claim[256] = "";
        snprintf(pong, sizeof pong, "pong %d", rows);
        snprintf(want, sizeof want, "%s {%s}", got, why);
        while (engine_expect(&xb, "", line, sizeof line, 5000) && strcmp(line, pong))
            if (strchr(line, '{'))
                snprintf(claim, sizeof claim, "%s", line);
        CHECK(!strcmp(claim, verdict == GAME_ONGOING ? "" : want),
              "repetition row %d: XBoard claim '%s', expected '%s'", rows, claim, want);
        if (!strcmp(r.expect, "?")) {
            printf("  repetition row %d (disputed: %.60s): %s (%s)\n", rows, r.what, got, why);
        } else {
            printf("  repetition row %d: %s (%s)\n", rows, got, why);
            definite++;
            CHECK(!strcmp(got, r.expect), "repetition row %d (%s): judge says %s (%s), expected %s", rows, r.what, got,
                  why, r.expect);
        }
        const bool chase = strstr(why, "chased") != NULL;
        chases += chase;
        /* The search's code at the same node, both occurrences before its root. */
        pos_set_root(&pos);
        CHECK(rule_as_result(pos_rule_status(&pos), pos_side(&pos)) == verdict,
              "repetition row %d: the search's verdict differs from the referee's %s", rows, got);
        /* After a search root placed just after the final position's first occurrence: the search
         * judges the last cycle alone, at the second occurrence after the root. */
        int first = 0;
        while (first < pos.ply - 4 && pos.st[first].key != pos_key(&pos))
            first++;
        play_row(&r, first + 1, "AXF", &pos);
        pos_set_root(&pos);
        for (int m = first + 1; m < r.n; m++)
            pos_make(&pos, r.moves[m]);
        CHECK(rule_as_result(pos_rule_status(&pos), pos_side(&pos)) == verdict,
              "repetition row %d: over its last cycle (root after ply %d) the search says otherwise", rows, first);
        /* CheckOnly: perpetual checks stay, chases are draws. */
        play_row(&r, r.n, "CheckOnly", &pos);
        const GameResult only = game_judge(&pos, why, sizeof why);
        CHECK(only == (chase ? GAME_DRAWN : verdict), "repetition row %d under CheckOnly: %s (%s)", rows,
              game_result_str(only), why);
    }
    CHECK(engine_close(&xb) == 0, "XBoard session ends cleanly");
    CHECK(rows == REP_ROWS, "tests/xiangqi-repetition.txt has %d cycles, expected %d", rows, REP_ROWS);
    CHECK(definite == REP_DEFINITE && chases >= 20, "%d definite rows, %d chase verdicts", definite, chases);
}

/* The search's verdict at the row's third occurrence (both earlier ones before its root), and over its
 * last cycle alone, with a root just after the final position's first occurrence. Returns whether the
 * two cycles are the same moves (else the last one alone may judge otherwise). */
static bool search_verdicts(const RepRow *r, Position *pos, GameResult out[2])
{
    play_row(r, r->n, "AXF", pos);
    pos_set_root(pos);
    out[0] = rule_as_result(pos_rule_status(pos), pos_side(pos));
    int first = 0;
    while (first < pos->ply - 4 && pos->st[first].key != pos_key(pos))
        first++;
    play_row(r, first + 1, "AXF", pos);
    pos_set_root(pos);
    for (int m = first + 1; m < r->n; m++)
        pos_make(pos, r->moves[m]);
    out[1] = rule_as_result(pos_rule_status(pos), pos_side(pos));
    const int len = (r->n - first) / 2;
    return (r->n - first) % 2 == 0 && !memcmp(r->moves + first, r->moves + first + len, (size_t)len * sizeof(Move));
}

/* Adds the diagrams an example label names ("D24", "D39-41", "rules 6-7 (D1-4)") to `seen`. */
static void mark_diagrams(const char *label, bool seen[AXF_DIAGRAMS + 1])
{
    const char *d = strchr(label, 'D');
    int lo, hi;
    if (!d || sscanf(d + 1, "%d", &lo) != 1)
        return;
    hi = lo;
    const char *dash = strchr(d, '-');
    if (dash)
        sscanf(dash + 1, "%d", &hi);
    for (int i = lo; i <= hi && i <= AXF_DIAGRAMS; i++)
        if (i >= 1)
            seen[i] = true;
}

/* tests/xiangqi-axf-examples.txt: every cycle through the referee and the search's code (both must give
 * the verdict the file records for Chariot), and how many agree with their source. */
static void test_axf_examples(void)
{
    static char lines[256][512];
    static Position pos;
    const int n = read_lines("tests/xiangqi-axf-examples.txt", lines, 256);
    int rows = 0, agree = 0, axf_rows = 0, axf_agree = 0;
    bool seen[AXF_DIAGRAMS + 1] = {false};
    for (int i = 0; i < n; i++) {
        if (lines[i][0] == '#' || !lines[i][0])
            continue;
        RepRow r;
        rows++;
        if (!parse_row(lines[i], &r, 6)) {
            CHECK(false, "AXF example row %d: does not parse or does not reach a third occurrence", rows);
            continue;
        }
        char why[160];
        play_row(&r, r.n, "AXF", &pos);
        const GameResult verdict = game_judge(&pos, why, sizeof why);
        GameResult search[2];
        const bool twice = search_verdicts(&r, &pos, search);
        const char *got = game_result_str(verdict);
        const bool same = !strcmp(got, r.source), axf = strncmp(r.example, "engine", 6) != 0;
        agree += same;
        axf_rows += axf, axf_agree += axf && same;
        if (axf && strncmp(r.example, "game", 4))
            mark_diagrams(r.example, seen);
        printf("  AXF example %d (%s): referee %s, search %s and %s; source %s%s\n", rows, r.example, got,
               game_result_str(search[0]), game_result_str(search[1]), r.source, same ? "" : " (differs)");
        CHECK(!strcmp(got, r.expect), "AXF example %d (%s, %s): the referee says %s (%s), expected %s", rows, r.example,
              r.what, got, why, r.expect);
        CHECK(search[0] == verdict && (search[1] == verdict || !twice),
              "AXF example %d (%s): the search's verdict differs", rows, r.example);
    }
    int covered = 0;
    for (int d = 1; d <= AXF_DIAGRAMS; d++)
        covered += seen[d];
    printf("  AXF examples: %d cycles, %d agree with their source; %d of them from the rule book (%d agree), "
           "covering %d of its %d diagrams\n",
           rows, agree, axf_rows, axf_agree, covered, AXF_DIAGRAMS);
    CHECK(rows == AXF_ROWS && agree >= AXF_AGREE && covered >= AXF_COVERED,
          "tests/xiangqi-axf-examples.txt: %d cycles (expected %d), %d agreements (at least %d), %d diagrams", rows,
          AXF_ROWS, agree, AXF_AGREE, covered);
}

static RuleResult after_moves(const char *fen, const char *moves, int root)
{
    static Position pos;
    char err[160], buf[512];
    if (!pos_set_fen(&pos, fen, err, sizeof err))
        return (RuleResult)-1;
    snprintf(buf, sizeof buf, "%s", moves);
    int n = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m = pos_parse_move(&pos, t);
        if (!m)
            return (RuleResult)-2;
        if (n++ == root)
            pos_set_root(&pos);
        pos_make(&pos, m);
    }
    if (root < 0)
        pos_set_root(&pos);
    return pos_rule_status(&pos);
}

/* `chariot judge --explain`: AXF D61, where only the cannon's side chases. */
static void test_explain(void)
{
    char cmd[1024], text[8192] = "";
    snprintf(cmd, sizeof cmd,
             "%s judge --explain '3akabC1/9/4b4/r3p4/p1p6/4P4/P1P5n/NCr1B4/4A4/R2AK1B2 w - - 0 1' moves h9h2 i3g2 "
             "e2g4 g2h4 g4e2 h4g2 e2g4 g2h4 g4e2 h4g2 e2g4 g2h4 g4e2",
             g_engine_path);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(text, 1, sizeof text - 1, p) : 0;
    text[n] = 0;
    CHECK(p && pclose(p) == 0, "%s failed", cmd);
    CHECK(strstr(text, "result: 0-1 (Red chased the black rook perpetually)") &&
              strstr(text, "cycle: moves 6-13 (8 plies)") && strstr(text, "  13. Red   g4e2 (E3-5)") &&
              strstr(text, "   6. Black h4g2 (H8+7)") && /* WXF beside the coordinates, as analyze writes them */
              strstr(text, "chases: black rook c2 (by cannon h2)") &&
              strstr(text, "Red: chased one piece on every move (perpetual chase)") &&
              strstr(text, "Black: no perpetual check or chase"),
          "judge --explain printed:\n%s", text);
}

void test_rules(void)
{
    test_shared_cycles();
    test_axf_examples();
    test_explain();
    /* Timing: an occurrence at or before the root counts only when there are two. */
    const char *checks = "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1";
    CHECK(after_moves(checks, "e1d1 d9e9 d1e1 e9d9", 0) == RULE_NONE, "the earlier occurrence is the root: play on");
    CHECK(after_moves(checks, "e1d1 d9e9 d1e1 e9d9 e1d1", 0) == RULE_WIN,
          "a recurrence after the root: Red checked on every move and loses, Black to move wins");
    CHECK(after_moves(checks, "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9", -1) == RULE_LOSS,
          "third occurrence before the root: Red, to move, checked perpetually and loses");
    CHECK(after_moves(GAME_STARTPOS, "b0c2 b9c7 c2b0 c7b9 b0c2", 0) == RULE_DRAW, "plain repetition after the root");
    CHECK(after_moves(GAME_STARTPOS, "b0c2 b9c7 c2b0", 0) == RULE_NONE, "no repetition yet");
    /* No-capture rule: 120 plies. */
    Position pos;
    char err[160];
    CHECK(pos_set_fen(&pos, "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 119 80", err, sizeof err), "%s", err);
    CHECK(pos_rule_status(&pos) == RULE_NONE, "119 plies: play on");
    pos_make(&pos, pos_parse_move(&pos, "a0a1"));
    CHECK(pos_rule_status(&pos) == RULE_DRAW, "120 plies without capture: draw");
    /* The AXF limit on checks: a side's checks beyond its tenth, and the replies, do not count. 22 quiet
     * plies from 98 plies without capture; the test marks some of Red's moves as checks. */
    static const char *const quiet = "a3a4 a6a5 c3c4 c6c5 g3g4 g6g5 i3i4 i6i5 e3e4 e6e5 a0a1 a9a8 i0i1 i9i8 "
                                     "a1a2 a8a7 i1i2 i8i7 b0c2 b9c7 h0g2 h9g7";
    for (int marked = 10; marked <= 12; marked++) {
        static Position p60;
        char buf[256];
        CHECK(pos_set_fen(&p60, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 98 50", err,
                          sizeof err),
              "%s", err);
        snprintf(buf, sizeof buf, "%s", quiet);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            pos_make(&p60, pos_parse_move(&p60, t));
        for (int k = 1, n = 0; k <= p60.ply && n < marked; k += 2, n++)
            p60.st[k].checked = 1; /* Red's moves */
        char why[160];
        const GameResult r = game_judge(&p60, why, sizeof why);
        CHECK(p60.ply == 22 && pos_rule_counter(&p60) == 120, "22 quiet plies: %d plies, %d without capture", p60.ply,
              pos_rule_counter(&p60));
        if (marked == 10)
            CHECK(pos_rule_status(&p60) == RULE_DRAW && r == GAME_DRAWN && !strcmp(why, "60-move rule"),
                  "120 plies with 10 red checks: draw by the 60-move rule (%s)", why);
        else
            CHECK(pos_rule_status(&p60) == RULE_NONE && r == GAME_ONGOING,
                  "120 plies with %d red checks: %d of them and the replies do not count, play on (%s)", marked,
                  marked - 10, why);
    }
    CHECK(pos_set_repetition_rule(&pos, "checkonly") && pos_set_repetition_rule(&pos, "AXF") &&
              !pos_set_repetition_rule(&pos, "Chinese"),
          "rule set names");
}
