/*
 * move_harness.h - what the move-text harnesses share (fuzz_move.c for
 * xiangqi, fuzz_chess_move.c for chess): setting up their positions, the
 * legality test, the check of a position a reader built, and the readers of
 * move lists and positions run on the fuzzed text.
 *
 * The including file defines FENS (its positions, as text) and
 * `static Position positions[NFENS], work, keep;` before including this one.
 */
#ifndef CHARIOT_MOVE_HARNESS_H
#define CHARIOT_MOVE_HARNESS_H

#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char err[160];
    game_init();
    for (int i = 0; i < NFENS; i++)
        if (!pos_set_fen(&positions[i], FENS[i], err, sizeof err)) {
            fprintf(stderr, "%s: FEN %d: %s\n", __FILE__, i, err);
            abort();
        }
    return 0;
}

static bool legal(const Position *p, Move m)
{
    Move list[MAX_MOVES];
    int n = gen_legal(p, list);
    for (int i = 0; i < n; i++)
        if (list[i] == m)
            return true;
    return false;
}

/* A position a reader built: consistent; when it failed, a reason, and (if
 * the reader promises it) the position untouched. */
static void check_built(bool ok, bool keeps, const char *reader, const char *err)
{
    const char *why = NULL;
    if (ok) {
        char verdict[160];
        FUZZ_CHECK(pos_ok(&work, &why), "%s built a broken position: %s", reader, why);
        FUZZ_CHECK(work.ply < MAX_GAME_PLY, "%s left %d plies of history", reader, work.ply);
        /* the rules on the history the move list made: repetition, perpetual check, move count */
        (void)pos_rule_status(&work);
        FUZZ_CHECK(pos_repetitions(&work) >= 0, "%s: negative repetitions", reader);
        if (game_judge(&work, verdict, sizeof verdict) != GAME_ONGOING)
            FUZZ_CHECK(*verdict, "%s: a verdict without words", reader);
    } else {
        FUZZ_CHECK(*err, "%s failed without a reason", reader);
        FUZZ_CHECK(!keeps || !memcmp(&work, &keep, offsetof(Position, st) + sizeof(PosState)),
                   "%s failed (%s) and changed the position", reader, err);
    }
}

/* The readers of move lists and positions (searchmoves and banmoves, `position`, `analyze`/`play`)
 * on the text, each move they return checked by the harness's own `check`. */
typedef void (*MoveCheck)(const Position *p, Move m, const char *reader, const char *text);
static void check_list_readers(const Position *p, const char *text, MoveCheck check)
{
    char err[256] = "";
    Move list[MAX_MOVES];
    int n = proto_parse_moves(p, text, list, MAX_MOVES, err, sizeof err);
    FUZZ_CHECK(n >= -1 && n <= MAX_MOVES, "proto_parse_moves returned %d", n);
    FUZZ_CHECK(n >= 0 || *err, "proto_parse_moves failed without a reason");
    for (int i = 0; i < n; i++)
        check(p, list[i], "proto_parse_moves", text);

    work = *p;
    keep = work;
    *err = 0;
    check_built(proto_parse_position(&work, text, err, sizeof err), true, "proto_parse_position", err);
    work = *p;
    *err = 0;
    check_built(analyze_read_position(text, &work, err, sizeof err), false, "analyze_read_position", err);
}

#endif
