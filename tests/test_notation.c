/*
 * test_notation.c - WXF notation: the examples of specs.md section 5 and of
 * Fairy-Stockfish's test suite (converted to ranks 0-9), the same moves seen
 * from Black's side (colours swapped, board turned round), a round trip
 * through every legal move, and the reader for what people type.
 */
#include <string.h>

#include "check.h"

static const struct {
    const char *fen, *moves, *iccs, *wxf;
} WXF_CASES[] = {
    /* specs.md section 5 */
    {GAME_STARTPOS, "", "h2e2", "C2.5"},
    {GAME_STARTPOS, "h2e2", "h9g7", "H8+7"},
    {GAME_STARTPOS, "", "h0g2", "H2+3"},
    {GAME_STARTPOS, "h2e2", "c9e7", "E3+5"},
    {GAME_STARTPOS, "", "a0a2", "R9+2"},
    {GAME_STARTPOS, "h2h9", "i9h9", "R9.8"},
    /* Fairy-Stockfish test.py */
    {GAME_STARTPOS, "", "c0e2", "E7+5"},
    {GAME_STARTPOS, "", "h2h9", "C2+7"},
    {"4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "", "i8e8", "R1.5"},
    {"4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "", "i8i9", "R1+1"},
    /* two elephants, two advisors, two horses, two pawns on one file */
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "c4e2", "E7-5"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "d0e1", "A6+5"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "b4c6", "H++7"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "b0c2", "H-+7"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "e5e6", "P++1"},
    {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "e3e4", "P-+1"},
    /* three pawns on a file */
    {"rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1", "", "e6d6", "15.6"},
    {"rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1", "", "e5d5", "25.6"},
    {"rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1", "", "e3e4", "35+1"},
    /* two pawns on each of two files */
    {"5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", "", "d6e6", "26.5"},
    {"5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", "", "f5e5", "24.5"},
    {"5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", "", "h6h7", "P2+1"},
};

static bool setup(Position *pos, const char *fen, const char *moves)
{
    char err[160], buf[256];
    if (!pos_set_fen(pos, fen, err, sizeof err))
        return false;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m = pos_parse_move(pos, t);
        if (!m)
            return false;
        pos_make(pos, m);
    }
    return true;
}

/* The same square after swapping colours and turning the board round. */
static void turn_iccs(const char *in, char *out)
{
    out[0] = (char)('a' + 'i' - in[0]);
    out[1] = (char)('0' + '9' - in[1]);
    out[2] = (char)('a' + 'i' - in[2]);
    out[3] = (char)('0' + '9' - in[3]);
    out[4] = 0;
}

static void check_case(const char *fen, const char *moves, const char *iccs, const char *wxf)
{
    Position pos;
    char got[8];
    if (!setup(&pos, fen, moves)) {
        CHECK(false, "setup %s / %s", fen, moves);
        return;
    }
    Move m = pos_parse_move(&pos, iccs);
    CHECK(m != MOVE_NONE, "%s legal in %s", iccs, fen);
    pos_move_to_wxf(&pos, m, got);
    CHECK(!strcmp(got, wxf), "%s in %s: wrote %s, expected %s", iccs, fen, got, wxf);
    CHECK(pos_parse_wxf(&pos, wxf) == m, "%s in %s: %s not read back", iccs, fen, wxf);
}

static void test_cases(void)
{
    for (size_t i = 0; i < sizeof WXF_CASES / sizeof WXF_CASES[0]; i++) {
        check_case(WXF_CASES[i].fen, WXF_CASES[i].moves, WXF_CASES[i].iccs, WXF_CASES[i].wxf);
        if (*WXF_CASES[i].moves)
            continue;
        /* Black's view of the same move reads the same. */
        char flipped[256], turned[256], iccs[8];
        fen_flip(WXF_CASES[i].fen, flipped);
        fen_mirror(flipped, turned);
        turn_iccs(WXF_CASES[i].iccs, iccs);
        check_case(turned, "", iccs, WXF_CASES[i].wxf);
    }
}

/* Every legal move reads back from its own WXF text, in several positions. */
static void test_round_trip(void)
{
    const char *fens[] = {
        GAME_STARTPOS,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1",
        "5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "5k3/3P5/3P5/3P5/9/9/9/9/9/3K5 w - - 0 1",
    };
    int moves = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        for (int side = 0; side < 2; side++) {
            char fen[256], tmp[256];
            Position pos;
            char err[160];
            if (side) {
                fen_flip(fens[i], tmp);
                fen_mirror(tmp, fen);
            } else {
                snprintf(fen, sizeof fen, "%s", fens[i]);
            }
            CHECK(pos_set_fen(&pos, fen, err, sizeof err), "%s: %s", fen, err);
            Move list[MAX_MOVES];
            int n = gen_legal(&pos, list);
            for (int k = 0; k < n; k++, moves++) {
                char w[8], iccs[8];
                pos_move_to_wxf(&pos, list[k], w);
                move_to_str(list[k], iccs);
                CHECK(pos_parse_wxf(&pos, w) == list[k], "%s: %s written %s does not read back", fen, iccs, w);
                char zh[16];
                pos_move_to_chinese(&pos, list[k], zh);
                CHECK(pos_parse_human(&pos, zh) == list[k], "%s: %s written %s in Chinese does not read back", fen,
                      iccs, zh);
            }
        }
    CHECK(moves > 300, "round trip covered only %d moves", moves);
}

static void test_reader(void)
{
    Position pos;
    setup(&pos, GAME_STARTPOS, "");
    Move c25 = pos_parse_move(&pos, "h2e2");
    const char *same[] = {"C2.5", "C2=5", "c2.5", " C2.5 ", "h2e2", "H2-E2", "h2-e2", "H2E2"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        CHECK(pos_parse_human(&pos, same[i]) == c25, "'%s' should read as h2e2", same[i]);
    CHECK(pos_parse_human(&pos, "N2+3") == pos_parse_move(&pos, "h0g2"), "N for the horse");
    CHECK(pos_parse_human(&pos, "B7+5") == pos_parse_move(&pos, "c0e2"), "B for the elephant");
    const char *bad[] = {"",      "C2", "C0.5",  "X2.5", "C2.0", "C2+5", "h2e3",
                         "C2.55", "+",  "12345", "K5+2", "P5+2", "C+.5", "99+1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(pos_parse_human(&pos, bad[i]) == MOVE_NONE, "'%s' should not read as a move", bad[i]);
    /* Tandem written before the letter, as some texts do. */
    setup(&pos, "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "");
    CHECK(pos_parse_human(&pos, "+H+7") == pos_parse_move(&pos, "b4c6"), "+H+7");
    CHECK(pos_parse_human(&pos, "H8+7") == MOVE_NONE, "H8+7 is ambiguous with two horses on file 8");
    /* Black in lower case. */
    setup(&pos, GAME_STARTPOS, "h2e2");
    CHECK(pos_parse_human(&pos, "h8+7") == pos_parse_move(&pos, "h9g7"), "black's h8+7");
    char pv[64];
    Move line[3] = {pos_parse_move(&pos, "h9g7"), 0, 0};
    Position after = pos;
    pos_make(&after, line[0]);
    line[1] = pos_parse_move(&after, "h0g2");
    pos_pv_to_human(&pos, line, 2, pv, sizeof pv);
    CHECK(!strcmp(pv, "H8+7 H2+3"), "PV in WXF: '%s'", pv);
}

/* Chinese notation: what players write, in traditional and simplified characters, for both sides. */
static void test_chinese(void)
{
    static const struct {
        const char *fen, *moves, *text, *iccs;
    } CASES[] = {
        {NULL, "", "炮二平五", "h2e2"},
        {NULL, "", "炮2平5", "h2e2"},
        {NULL, "", "炮 二 平 五", "h2e2"},
        {NULL, "", "马八进七", "b0c2"},
        {NULL, "", "傌八進七", "b0c2"},
        {NULL, "", "相三进五", "g0e2"},
        {NULL, "", "仕四进五", "f0e1"},
        {NULL, "", "兵七进一", "c3c4"},
        {NULL, "", "车一进一", "i0i1"},
        {NULL, "", "俥九進一", "a0a1"},
        {NULL, "h2e2", "馬８進７", "h9g7"},
        {NULL, "h2e2", "马8进7", "h9g7"},
        {NULL, "h2e2", "砲８平５", "h7e7"},
        {NULL, "h2e2", "包8平5", "h7e7"},
        {NULL, "h2e2", "卒３進１", "c6c5"},
        {NULL, "h2e2", "將５平４", NULL}, /* the king is boxed in: not legal */
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "前馬進七", "b4c6"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "馬前進七", "b4c6"},
        {"rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "", "后马进七", "b0c2"},
        {NULL, "", "炮二平", NULL},
        {NULL, "", "炮二平五五", NULL},
        {NULL, "", "炮十平五", NULL},
        {NULL, "", "炮二走五", NULL},
        {NULL, "", "\xe7\x82", NULL}, /* a character cut short */
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        Position pos;
        setup(&pos, CASES[i].fen ? CASES[i].fen : GAME_STARTPOS, CASES[i].moves);
        const Move want = CASES[i].iccs ? pos_parse_move(&pos, CASES[i].iccs) : MOVE_NONE;
        CHECK(!CASES[i].iccs || want != MOVE_NONE, "case %zu: %s is not legal", i, CASES[i].iccs);
        CHECK(pos_parse_human(&pos, CASES[i].text) == want, "'%s' should read as %s", CASES[i].text,
              CASES[i].iccs ? CASES[i].iccs : "nothing");
    }
    /* Written: Red in Chinese numerals, Black in full-width digits, 前/後 for two on a file. */
    Position pos;
    char zh[16];
    setup(&pos, GAME_STARTPOS, "");
    pos_move_to_chinese(&pos, pos_parse_move(&pos, "h2e2"), zh);
    CHECK(!strcmp(zh, "炮二平五"), "h2e2 written %s", zh);
    setup(&pos, GAME_STARTPOS, "h2e2");
    pos_move_to_chinese(&pos, pos_parse_move(&pos, "h9g7"), zh);
    CHECK(!strcmp(zh, "馬８進７"), "h9g7 written %s", zh);
    pos_move_to_chinese(&pos, pos_parse_move(&pos, "c6c5"), zh);
    CHECK(!strcmp(zh, "卒３進１"), "c6c5 written %s", zh);
    setup(&pos, "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1", "");
    pos_move_to_chinese(&pos, pos_parse_move(&pos, "b0c2"), zh);
    CHECK(!strcmp(zh, "後馬進七"), "b0c2 written %s", zh);
}

void test_notation(void)
{
    test_cases();
    test_round_trip();
    test_reader();
    test_chinese();
}
