/*
 * test_datagen.c - the training data's formats, for each game. The record format (src/nnue/datagen_format.h):
 * every bench position and its labels survive a pack and an unpack; what cannot be a record is refused. The
 * compact format (src/nnue/chain.h): random games from every bench position, with scores of every size and
 * moves without one, replay move for move and score for score; every byte of a game changed, and every
 * length cut short, is refused with a reason or still replays, never crashes (ASan and UBSan run this too).
 * The command itself (reproducible, resumable, read back, converted) is tests/datagen_test.sh.
 */
#include <stdlib.h>
#include <string.h>

#include "chain.h"
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

/* --- The compact format. --- */
typedef struct {
    const ChainGame *g;
    int at;
    bool same;
    int result;
} Replayed;

static bool check_ply(void *ctx, const ChainPly *p)
{
    Replayed *r = ctx;
    const ChainGame *g = r->g;
    const int mine = pos_side(p->pos) == COLOR_FIRST ? 1 : -1;
    const int want = g->result == GAME_DRAWN ? 0 : (g->result == GAME_FIRST_WINS ? 1 : -1) * mine;
    const int32_t s = r->at < g->count ? g->scores[r->at] : 0;
    const int32_t stored = s == CHAIN_NO_SCORE ? s
        : s > CHAIN_SCORE_MAX                  ? CHAIN_SCORE_MAX
        : s < -CHAIN_SCORE_MAX                 ? -CHAIN_SCORE_MAX
                                               : s;
    if (r->at >= g->count || p->move != g->moves[r->at] || p->score != stored || p->ply != g->start_ply + r->at ||
        p->result != want)
        r->same = false;
    r->at++;
    return true;
}

static uint64_t rng_step(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static void test_chain(void)
{
    static Position pos, scratch;
    static ChainGame g;
    static uint8_t bytes[CHAIN_MAX_GAME_BYTES], copy[CHAIN_MAX_GAME_BYTES];
    static const int32_t odd[] = {0, 1, -1, 63, -64, 8191, -8192, 29999, -29999, 30001, -30001, INT32_MAX, -INT32_MAX};
    uint64_t rng = 12345;
    char fen[256], err[160];
    int games = 0, refused = 0, tried = 0;
    for (int i = 0; i < GAME_BENCH_FEN_COUNT; i++) {
        if (!pos_set_fen(&pos, GAME_BENCH_FENS[i], err, sizeof err))
            continue;
        pos_get_fen(&pos, fen, sizeof fen);
        memset(&g, 0, sizeof g);
        g.start_fen = i == 0 ? NULL : fen;
        if (i == 0 && !pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err))
            continue;
        g.start_ply = i * 3;
        g.result = (GameResult)(GAME_FIRST_WINS + i % 3);
        for (int n = 0; n < 120; n++) {
            Move list[MAX_MOVES];
            const int count = gen_legal(&pos, list);
            if (count == 0)
                break;
            g.moves[g.count] = list[rng_step(&rng) % (uint64_t)count];
            const uint64_t kind = rng_step(&rng) % 4;
            g.scores[g.count] = kind == 0 ? CHAIN_NO_SCORE
                : kind == 1               ? odd[rng_step(&rng) % (sizeof odd / sizeof odd[0])]
                                          : (int32_t)(rng_step(&rng) % 1201) - 600;
            pos_make(&pos, g.moves[g.count++]);
            pos_trim_history(&pos);
        }
        const size_t n = chain_encode(&g, &scratch, bytes, err, sizeof err);
        CHECK(n > 0, "bench game %d encodes: %s", i + 1, err);
        if (!n)
            continue;
        games++;
        /* through a file, as a reader takes it */
        FILE *f = tmpfile();
        CHECK(f != NULL, "a temporary file");
        if (!f)
            continue;
        size_t len = 0;
        fwrite(bytes, 1, n, f);
        rewind(f);
        CHECK(chain_read_game(f, copy, &len, err, sizeof err) == 1 && len < n && !memcmp(copy, bytes + (n - len), len),
              "bench game %d reads back its %zu bytes: %s", i + 1, n, err);
        CHECK(chain_read_game(f, copy, &len, err, sizeof err) == 0, "bench game %d: the file ends after it", i + 1);
        fclose(f);
        const uint8_t *body = bytes + (n - len);
        Replayed r = {&g, 0, true, 0};
        CHECK(chain_replay(body, len, &pos, check_ply, &r, err, sizeof err), "bench game %d replays: %s", i + 1, err);
        CHECK(r.same && r.at == g.count, "bench game %d: %d of %d moves read back the same", i + 1, r.at, g.count);
        /* every byte changed, and every cut: a reason or a replay, never a crash */
        for (size_t at = 0; at < len; at++) {
            memcpy(copy, body, len);
            copy[at] ^= (uint8_t)(1u << (rng_step(&rng) % 8));
            err[0] = '\0';
            tried++;
            if (!chain_replay(copy, len, &pos, NULL, NULL, err, sizeof err)) {
                refused++;
                CHECK(err[0] != '\0', "bench game %d, byte %zu changed: refused without a reason", i + 1, at);
            }
            err[0] = '\0';
            CHECK(!chain_replay(body, at, &pos, NULL, NULL, err, sizeof err) && err[0],
                  "bench game %d cut to %zu bytes: not refused with a reason", i + 1, at);
        }
        /* an illegal move cannot be written */
        g.moves[g.count / 2] = MOVE_NONE;
        CHECK(chain_encode(&g, &scratch, bytes, err, sizeof err) == 0 && strstr(err, "illegal"),
              "bench game %d: an illegal move was encoded", i + 1);
    }
    CHECK(games >= 3, "%d bench games encoded", games);
    /* the check catches most changes: a changed byte that still replays is one the check cannot see */
    CHECK(refused * 10 >= tried * 9, "only %d of %d changed bytes refused", refused, tried);
    /* the header */
    ChainHeader h, back;
    chain_header_init(&h, 77, 2000, "seed=77 nodes=300");
    h.games = 5, h.positions = 300, h.bytes = 1234, h.plies = 420;
    uint8_t raw[CHAIN_HEADER_SIZE], other[CHAIN_HEADER_SIZE];
    const char *why = "";
    chain_header_write(&h, raw);
    CHECK(chain_header_read(raw, &back, &why) && back.games == 5 && back.positions == 300 && back.bytes == 1234 &&
              back.plies == 420 && back.seed == 77 && back.max_score == 2000 && !strcmp(back.settings, h.settings),
          "the compact header reads back: %s", why);
    memcpy(other, raw, sizeof other);
    other[8] = 9;
    CHECK(!chain_header_read(other, &back, &why) && strstr(why, "version"), "a later compact version read");
    memcpy(other, raw, sizeof other);
    memcpy(other + 16, "othergame\0\0\0\0\0\0\0", 16);
    CHECK(!chain_header_read(other, &back, &why) && strstr(why, "another game"), "another game's compact data read");
}

void test_datagen(void)
{
    test_records();
    test_header();
    test_chain();
}
