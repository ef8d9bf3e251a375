/*
 * test_datagen.c - the training data's record and header (src/cli/datagen_format.h), for each game: every
 * bench position and its labels survive a pack and an unpack; what cannot be a record is refused. The
 * command itself (reproducible, resumable, read back) is tests/datagen_test.sh.
 */
#include <string.h>

#include "check.h"
#include "datagen_format.h"

static void test_records(void)
{
    static Position pos;
    CHECK(DG_RECORD_SIZE == (SQUARE_NB == 90 ? 36 : 32), "record size %d", DG_RECORD_SIZE);
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++) {
        char err[160];
        if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err)) {
            CHECK(false, "bench position %d: %s", i + 1, err);
            continue;
        }
        uint8_t board[SQUARE_NB];
        for (int sq = 0; sq < SQUARE_NB; sq++)
            board[sq] = (uint8_t)pos_piece_on(&pos, sq);
        Move legal[MAX_MOVES];
        const Move m = gen_legal(&pos, legal) > 0 ? legal[0] : MOVE_NONE;
        const int score = i * 97 - 1800, result = i % 3 - 1, ply = i * 13;
        DgRecord r;
        DgEntry e;
        CHECK(dg_pack(board, score, m, ply, result, pos_side(&pos), &r), "position %d packs", i + 1);
        CHECK(dg_unpack(&r, &e), "position %d unpacks", i + 1);
        CHECK(!memcmp(board, e.board, sizeof board), "position %d: the board reads back", i + 1);
        CHECK(e.score == score && e.result == result && e.ply == ply && e.move == m && e.stm == pos_side(&pos),
              "position %d: labels %d %d %d %d %d read back as %d %d %d %d %d", i + 1, score, result, ply, m,
              pos_side(&pos), e.score, e.result, e.ply, e.move, e.stm);
    }
    /* scores beyond 16 bits are clamped, not wrapped */
    uint8_t board[SQUARE_NB] = {0};
    board[0] = 1;
    board[SQUARE_NB - 1] = 9;
    DgRecord r;
    DgEntry e;
    memset(&e, 0, sizeof e);
    CHECK(dg_pack(board, 40000, MOVE_NONE, 0, 1, COLOR_FIRST, &r) && dg_unpack(&r, &e) && e.score == INT16_MAX,
          "score 40000 stored as %d", e.score);
    CHECK(dg_pack(board, -40000, MOVE_NONE, 0, -1, COLOR_SECOND, &r) && dg_unpack(&r, &e) && e.score == INT16_MIN,
          "score -40000 stored as %d", e.score);
    /* refused: 33 pieces; an occupied square without a code; a bit past the board; a result out of range */
    for (int sq = 0; sq < 33; sq++)
        board[sq] = 2;
    CHECK(!dg_pack(board, 0, MOVE_NONE, 0, 0, COLOR_FIRST, &r), "33 pieces packed");
    memset(board, 0, sizeof board);
    board[5] = 3;
    CHECK(dg_pack(board, 0, MOVE_NONE, 0, 0, COLOR_FIRST, &r), "one piece packs");
    DgRecord bad = r;
    bad.pieces[0] = 0;
    CHECK(!dg_unpack(&bad, &e), "an occupied square without a piece code read");
    if (DG_OCC_BYTES * 8 > SQUARE_NB) { /* xiangqi: the bitmap's last bits lie past the board */
        bad = r;
        bad.occupancy[DG_OCC_BYTES - 1] |= 0x80;
        bad.pieces[0] |= 0x30;
        CHECK(!dg_unpack(&bad, &e), "a piece past the board read");
    }
    bad = r;
    bad.result = 2;
    CHECK(!dg_unpack(&bad, &e), "result 2 read");
    bad = r;
    bad.stm = 2;
    CHECK(!dg_unpack(&bad, &e), "side 2 read");
}

static void test_header(void)
{
    DgHeader h = {.version = DG_VERSION,
                  .record_size = DG_RECORD_SIZE,
                  .squares = SQUARE_NB,
                  .header_size = DG_HEADER_SIZE,
                  .games = 12345678901ull,
                  .records = 98765432109ull,
                  .seed = 0xfedcba9876543210ull};
    snprintf(h.game, sizeof h.game, "%s", GAME_NAME);
    snprintf(h.settings, sizeof h.settings, "seed=1 nodes=5000");
    uint8_t raw[DG_HEADER_SIZE];
    dg_header_write(&h, raw);
    DgHeader back;
    const char *why = "";
    CHECK(dg_header_read(raw, &back, &why), "the header reads back: %s", why);
    CHECK(back.games == h.games && back.records == h.records && back.seed == h.seed && !strcmp(back.game, GAME_NAME) &&
              !strcmp(back.settings, h.settings),
          "the header's fields read back");
    uint8_t other[DG_HEADER_SIZE];
    memcpy(other, raw, sizeof other);
    other[0] = 'X';
    CHECK(!dg_header_read(other, &back, &why), "a header without the magic read");
    memcpy(other, raw, sizeof other);
    other[8] = DG_VERSION + 1;
    CHECK(!dg_header_read(other, &back, &why), "a later version read");
    memcpy(other, raw, sizeof other);
    memcpy(other + 16, "othergame\0\0\0\0\0\0\0", 16);
    CHECK(!dg_header_read(other, &back, &why), "another game's data read");
    memcpy(other, raw, sizeof other);
    other[10] = 1;
    CHECK(!dg_header_read(other, &back, &why), "another record size read");
}

void test_datagen(void)
{
    test_records();
    test_header();
}
