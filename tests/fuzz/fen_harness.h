/*
 * fen_harness.h - the body the FEN harnesses share (fuzz_fen.c for
 * xiangqi, fuzz_chess_fen.c for chess): pos_set_fen on arbitrary text and
 * the rules on every position it accepts.
 *
 * A rejected FEN must leave the position alone and say why. An accepted one
 * must satisfy every invariant (pos_ok), write back to a FEN that reads to
 * the same board, side, key and move-count rule, and survive the move
 * machinery: each legal move is pseudo-legal and in the generated list, its
 * texts read back (fuzz_check_move_text, the one part each game writes),
 * it makes and unmakes with the incremental key equal to the one computed
 * from scratch and the position restored, and gives check exactly when
 * pos_gives_check says so; every pseudo-legal move gen_legal leaves out is
 * illegal; the noisy and quiet lists add up to all moves; the static
 * exchange, evaluation and rule functions run. A null move restores the key.
 *
 * The including file defines, before including this one:
 *     static void fuzz_check_move_text(Position *p, Move m, const char *fen);
 */
#ifndef CHARIOT_FEN_HARNESS_H
#define CHARIOT_FEN_HARNESS_H

#include "fuzz.h"

#include "game_api.h"

static void fuzz_check_move_text(Position *p, Move m, const char *fen);

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
    const int ncaps = gen_moves(p, caps, GEN_NOISY), nquiets = gen_moves(p, quiets, GEN_QUIETS);
    FUZZ_CHECK(nlegal >= 0 && nlegal <= nall && nall <= MAX_MOVES, "%d legal, %d pseudo-legal in %s", nlegal, nall,
               fen);
    FUZZ_CHECK(ncaps + nquiets == nall, "%d noisy + %d quiets != %d moves in %s", ncaps, nquiets, nall, fen);
    for (int i = 0; i < ncaps; i++)
        FUZZ_CHECK(pos_is_noisy(p, caps[i]) && in_list(all, nall, caps[i]), "noisy move %d in %s", i, fen);
    for (int i = 0; i < nall; i++)
        FUZZ_CHECK(pos_is_pseudo_legal(p, all[i]), "generated move %d not pseudo-legal in %s", i, fen);
    const Key key = pos_key(p);
    memcpy(&before, p, HEAD);
    for (int i = 0; i < nlegal; i++) {
        const Move m = legal[i];
        char name[8];
        move_to_str(m, name);
        FUZZ_CHECK(in_list(all, nall, m) && pos_is_pseudo_legal(p, m) && pos_is_legal(p, m), "%s in %s", name, fen);
        fuzz_check_move_text(p, m, fen);
        (void)pos_see(p, m);
        (void)pos_see_ge(p, m, 0);
        if (pos_is_capture(p, m))
            (void)pos_mvv_lva(p, m);
        const bool gives = pos_gives_check(p, m);
        pos_make(p, m);
        FUZZ_CHECK(pos_ok(p, &why), "after %s in %s: %s", name, fen, why);
        FUZZ_CHECK(pos_in_check(p) == gives, "pos_gives_check(%s) = %d in %s", name, gives, fen);
        FUZZ_CHECK(pos_key(p) == pos_compute_key(p), "incremental key after %s in %s", name, fen);
        (void)pos_rule_status(p);
        (void)eval_evaluate(p);
        pos_unmake(p);
        FUZZ_CHECK(pos_key(p) == key && !memcmp(p, &before, offsetof(Position, st)), "%s not undone in %s", name, fen);
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
                   !memcmp(again.board, pos.board, sizeof pos.board) &&
                   pos_rule_counter(&again) == pos_rule_counter(&pos),
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

#endif
