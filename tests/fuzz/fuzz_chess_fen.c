/*
 * fuzz_chess_fen.c - the chess FEN reader (FEN, X-FEN and Shredder-FEN
 * castling fields, Chess960 set-ups) on arbitrary text, and the rules on
 * every position it accepts. Built against src/chess only.
 *
 * A rejected FEN must leave the position alone and say why. An accepted one
 * must satisfy every invariant (pos_ok), write back to a FEN that reads to
 * the same board, side, key and fifty-move count, and survive the move
 * machinery: each legal move is pseudo-legal, reads back from its UCI text
 * in both castling styles (king two squares, king takes rook) and from its
 * SAN, makes and unmakes with the keys equal to the ones computed from
 * scratch and the position restored, and gives check exactly when
 * pos_gives_check says so; every pseudo-legal move gen_legal leaves out is
 * illegal; the static exchange, evaluation and rule functions run. A null
 * move restores the key too.
 */
#include "fuzz.h"

#include "game.h"

enum { HEAD = offsetof(Position, st) + sizeof(PosState) }; /* what pos_set_fen writes */

static Position pos, again, before;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    game_init();
    return 0;
}

static bool in_list(const Move *list, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

static void check_moves(Position *p, const char *fen)
{
    const char *why = NULL;
    Move legal[MAX_MOVES], all[MAX_MOVES], caps[MAX_MOVES], quiets[MAX_MOVES];
    const int nlegal = gen_legal(p, legal), nall = gen_moves(p, all, GEN_ALL);
    const int ncaps = gen_moves(p, caps, GEN_CAPTURES), nquiets = gen_moves(p, quiets, GEN_QUIETS);
    FUZZ_CHECK(nlegal >= 0 && nlegal <= nall && nall <= MAX_MOVES, "%d legal, %d pseudo-legal in %s", nlegal, nall, fen);
    FUZZ_CHECK(ncaps + nquiets == nall, "%d noisy + %d quiets != %d moves in %s", ncaps, nquiets, nall, fen);
    for (int i = 0; i < ncaps; i++)
        FUZZ_CHECK(pos_is_noisy(p, caps[i]) && in_list(all, nall, caps[i]), "noisy move %d in %s", i, fen);
    for (int i = 0; i < nall; i++)
        FUZZ_CHECK(pos_is_pseudo_legal(p, all[i]), "generated move %d not pseudo-legal in %s", i, fen);
    const Key key = pos_key(p);
    memcpy(&before, p, HEAD);
    for (int i = 0; i < nlegal; i++) {
        const Move m = legal[i];
        char uci[8], uci960[8], san[16];
        pos_move_to_uci(p, m, false, uci);
        pos_move_to_uci(p, m, true, uci960);
        FUZZ_CHECK(in_list(all, nall, m) && pos_is_pseudo_legal(p, m) && pos_is_legal(p, m), "%s in %s", uci, fen);
        FUZZ_CHECK(pos_parse_move(p, uci960) == m, "UCI %s (Chess960 style) does not read back in %s", uci960, fen);
        /* Without Chess960 a castling from the standard squares prints as the king's step (e1g1), any
         * other as king takes rook: both must read back. */
        FUZZ_CHECK(pos_parse_move(p, uci) == m, "UCI %s does not read back in %s", uci, fen);
        pos_move_to_human(p, m, san);
        FUZZ_CHECK(pos_parse_human(p, san) == m, "SAN %s (%s) does not read back in %s", san, uci960, fen);
        FUZZ_CHECK(pos_parse_human(p, uci960) == m, "%s by hand in %s", uci960, fen);
        (void)pos_see(p, m);
        (void)pos_see_ge(p, m, 0);
        if (pos_is_capture(p, m))
            (void)pos_mvv_lva(p, m);
        const bool gives = pos_gives_check(p, m);
        pos_make(p, m);
        FUZZ_CHECK(pos_ok(p, &why), "after %s in %s: %s", uci960, fen, why);
        FUZZ_CHECK(pos_in_check(p) == gives, "pos_gives_check(%s) = %d in %s", uci960, gives, fen);
        FUZZ_CHECK(pos_key(p) == pos_compute_key(p), "incremental key after %s in %s", uci960, fen);
        (void)pos_rule_status(p);
        (void)eval_evaluate(p);
        pos_unmake(p);
        FUZZ_CHECK(pos_key(p) == key && !memcmp(p, &before, offsetof(Position, st)), "%s not undone in %s", uci960, fen);
    }
    for (int i = 0; i < nall; i++) /* the pseudo-legal ones gen_legal left out */
        if (!in_list(legal, nlegal, all[i]))
            FUZZ_CHECK(!pos_is_legal(p, all[i]), "legal move %d missing from gen_legal in %s", i, fen);
    if (!pos_in_check(p)) {
        pos_make_null(p);
        FUZZ_CHECK(pos_key(p) != key, "null move leaves the key in %s", fen);
        pos_unmake_null(p);
        FUZZ_CHECK(pos_key(p) == key && !memcmp(p, &before, offsetof(Position, st)), "null move not undone in %s", fen);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *fen = fuzz_cstring(data, size);
    char err[160] = "", back[256], back2[256];
    const char *why = NULL;
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    memcpy(&before, &pos, HEAD);
    if (!pos_set_fen(&pos, fen, err, sizeof err)) {
        FUZZ_CHECK(*err && memchr(err, 0, sizeof err), "a rejected FEN needs a reason");
        FUZZ_CHECK(!memcmp(&pos, &before, HEAD), "a rejected FEN changed the position: %s", err);
        free(fen);
        return 0;
    }
    FUZZ_CHECK(pos_ok(&pos, &why), "accepted FEN breaks an invariant: %s", why);
    pos_get_fen(&pos, back, sizeof back);
    FUZZ_CHECK(pos_set_fen(&again, back, err, sizeof err), "written FEN '%s' rejected: %s", back, err);
    FUZZ_CHECK(pos_key(&again) == pos_key(&pos) && pos_side(&again) == pos_side(&pos) &&
                   !memcmp(again.board, pos.board, sizeof pos.board) && pos_rule60(&again) == pos_rule60(&pos),
               "'%s' reads back as another position", back);
    pos_get_fen(&again, back2, sizeof back2);
    FUZZ_CHECK(!strcmp(back, back2), "FEN not stable: '%s' then '%s'", back, back2);
    char board[1024];
    pos_print(&pos, board, sizeof board);
    (void)eval_evaluate(&pos);
    (void)pos_null_ok(&pos);
    (void)pos_insufficient_material(&pos);
    (void)pos_rule_status(&pos);
    check_moves(&pos, back);
    free(fen);
    return 0;
}
