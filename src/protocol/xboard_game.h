/*
 * xboard_game.h - the state the two halves of the XBoard front end share:
 * the commands (xboard.c) and the game with the engine's thinking on it
 * (xboard_game.c). Internal to src/protocol.
 *
 * Unlike UCI and UCCI, the engine keeps the game and plays its own moves:
 * the GUI sends the opponent's moves, the clocks and the mode (force, go,
 * analyze), and the engine answers `move X` when it is its turn. The game
 * is a start FEN and the moves since (so that undo can replay it).
 *
 * Threads. The protocol thread reads commands; the engine's thinking runs
 * as one job on the worker thread (engine_run_job): think, play the move,
 * then, with pondering on, ponder on the expected reply, and on a ponder
 * hit go on thinking in the same search, play, ponder again, until a
 * ponder miss, the end of the game or a stop. `lock` guards the game, the
 * clocks and the job's phase; the job takes it between searches (to play a
 * move and choose the next search), the protocol thread for every command
 * that reads or changes them while a job may run. A stop is always
 * requested under the lock, and the job resets the stop flag under it
 * (engine_job_reset), so no stop falls between two searches of a job.
 * A command that replaces the game (new, setboard, undo, force, result,
 * quit) first marks the job's move as unwanted, stops the job and joins it.
 */
#ifndef CHARIOT_XBOARD_GAME_H
#define CHARIOT_XBOARD_GAME_H

#include <pthread.h>
#include <stdatomic.h>

#include "search.h"

enum {
    XB_DRAW_ACCEPT = 0,         /* a draw offer is accepted when our last score is at most this (centipawns) */
    XB_MATE_SCORE = 100000,     /* thinking output: mate in N moves is XB_MATE_SCORE + N */
    XB_DEFAULT_MOVETIME = 5000, /* ms a move, when the GUI gave no time control at all */
    XB_CENTISECONDS = 10,       /* ms in the protocol's clock unit */
};

typedef enum { PHASE_IDLE, PHASE_THINK, PHASE_PONDER, PHASE_ANALYZE } XBoardPhase; /* what the job does */

/* The front end's state; the note above says who may touch what. */
typedef struct {
    pthread_mutex_t lock;
    char start_fen[256]; /* the game is start_fen plus moves[] */
    Move *moves;
    int nmoves, cap;
    Position game;
    bool illegal_position; /* a refused setboard: moves are refused until new or setboard */
    bool force, analyzing, over;
    Color engine_side; /* the colour the engine plays outside force mode */
    bool ponder;       /* hard / easy */
    atomic_bool post;  /* thinking output */
    /* time control: level, st, sd; the clocks (ms) as time and otim last gave them, then kept here */
    int mps, sd;
    int64_t base_ms, inc_ms, st_ms, my_ms, opp_ms;
    /* the job */
    XBoardPhase phase;
    bool discard;           /* the job's move is not wanted: play nothing */
    bool hold;              /* the job plays its move but does not go on to ponder */
    Move ponder_move, hint; /* the reply the ponder search assumes; the reply to expect (`hint`) */
    int64_t think_start;
    /* the last thinking output, for `.` and draw offers */
    Score last_score;
    int last_depth;
    uint64_t last_nodes;
    int64_t last_ms;
    Position root; /* the position the job searches; the job's own while it runs */
} XBoard;

extern XBoard g_xboard;

/* The game (callers hold the lock or know that no job runs). */
void xboard_game_rebuild(int n);                                  /* the start position and the first n moves */
bool xboard_game_push(Move m);                                    /* false: out of memory */
bool xboard_game_set(const char *fen, char *err, size_t errlen);  /* a new start position, no moves */
void xboard_move_text(const Position *pos, Move m, char out[16]); /* as XBoard reads it */
Move xboard_parse_move(const Position *pos, const char *text);    /* coordinates, O-O, SAN; or MOVE_NONE */
Move xboard_legal_or_none(const Position *pos, Move m);
bool xboard_claim_if_over(void); /* prints "1-0 {checkmate}" and returns true when the game is over */
bool xboard_is_follower(void);   /* on another process's team: plays the leader's moves (protocol.h) */

/* The thinking job. */
void xboard_maybe_think(void);       /* starts it when the engine is to move, or analyses */
void xboard_stop_job(bool unwanted); /* stops it and joins it; `unwanted`: the move it would play is dropped */

#endif
