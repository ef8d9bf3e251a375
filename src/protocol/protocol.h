/*
 * protocol.h - what the protocol front ends (UCI, UCCI, XBoard) share: locked
 * line output, `position` parsing, move text, one way to run a command from
 * a table and one way to start a search; the option table is options.h.
 * Each front end only parses its own syntax and calls these.
 */
#ifndef CHARIOT_PROTOCOL_H
#define CHARIOT_PROTOCOL_H

#include <stdio.h>

#include "options.h"
#include "search.h"

/* MinGW-w64 builds use its C99 printf (__USE_MINGW_ANSI_STDIO, `make windows`), which gcc checks as gnu_printf. */
#ifdef __MINGW_PRINTF_FORMAT
#define PROTO_PRINTF_LIKE(f, a) __attribute__((format(__MINGW_PRINTF_FORMAT, f, a)))
#else
#define PROTO_PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#endif
void proto_out(const char *fmt, ...) PROTO_PRINTF_LIKE(1, 2);
void proto_error(const char *fmt, ...) PROTO_PRINTF_LIKE(1, 2);
/* The next line of `in` without its end of line. A line that does not fit
 * (more than size - 2 bytes, counted as read: a NUL byte does not shorten it)
 * is read to its end and dropped (line is empty), so that its tail cannot pass
 * for a command or an entry. */
typedef enum { READ_EOF, READ_OK, READ_TOO_LONG } ReadLine;
ReadLine proto_read_bounded(FILE *in, char *line, size_t size);
/* The same from the protocols' input (stdin unless proto_set_input named another stream): false at the
 * end of input; a dropped line gets an error. */
bool proto_read_line(char *line, size_t size);
/* Splits a command line in place: returns its first word, *args the rest without surrounding blanks. */
char *proto_split_command(char *line, char **args);
void proto_set_input(FILE *in); /* NULL: stdin again (the fuzz harnesses feed sessions from memory) */
FILE *proto_input(void);        /* where commands are read */
/* A note said once to the GUI as it starts a protocol ("info string TEXT" before uciok and ucciok, "# TEXT" after
 * XBoard's features): what the cluster build fell back to (src/cluster/). The text must outlive the loop. */
void proto_set_notice(const char *text);
void proto_notice(const char *prefix);

/* The `eval` report, as lines "PREFIX...": the net's score and which net, the fitted evaluation's score and
 * its terms, and which of the two the searches use. */
void proto_report_eval(const Position *pos, const char *prefix);

/* "startpos|fen <fen> [moves m1 m2 ...]" -> pos; on error pos is unchanged. */
bool proto_parse_position(Position *pos, const char *args, char *err, size_t errlen);
/* The error for a refused `position`, naming the position that stands. */
void proto_position_error(const Position *standing, const char *err);
void proto_move_str(const Position *pos, Move m, char *buf); /* m played in pos, in the current style */
Move proto_parse_move(const Position *pos, const char *s);   /* in the style the host set (FairyRanks: ranks 1-10) */
void proto_pv_str(const Position *root, const Move *pv, int n, char *buf, size_t len); /* a line from root */
/* Space-separated moves legal in pos, at most max kept; -1 (err names the move) on a bad one. */
int proto_parse_moves(const Position *pos, const char *text, Move *out, int max, char *err, size_t errlen);

/* After a search: "info string rule: ..." for a best move that ends the game by repetition, and for
 * each move the search avoided because it would repeat a third time and lose. */
void proto_rule_notes(const Position *root, Move best);

/* A protocol's command table: the command's name, what runs it, and whether it may come while a search runs
 * (one that changes what the search works on, starts another or waits for its end may not). */
typedef struct {
    const char *name;
    void (*run)(char *args);
    bool while_searching;
} ProtoCommand;
/* Runs `name` from table[0..n): one not allowed while a search runs is refused with "NAME ignored while
 * BUSY_WORD (send stop first)", and a refused go also gets `refused_go` (every go is answered); before one
 * allowed only between searches, the last search's last line is awaited. false: no such command. */
bool proto_run_command(const ProtoCommand *table, size_t n, const char *name, char *args, const char *busy_word,
                       const char *refused_go);
/* The one way a protocol starts the search of a parsed go: the settings the position keeps (the repetition
 * rule) and the strength settings go into it, then it runs in the background; without threads (WebAssembly)
 * it runs here, reading input in the yield; where no thread could be started it runs here too, said in an
 * error, its time capped at PROTO_FALLBACK_MS unless a depth, node or mate limit bounds it (no input is read
 * meanwhile). */
enum { PROTO_FALLBACK_MS = 1000 };
void proto_start_search(Position *pos, SearchLimits *limits, const SearchReporter *rep);
/* The end of a protocol's input: a search with a limit of its own (go depth, nodes, movetime) is let finish,
 * as when its input stays open; an infinite, pondering, mate or clock-only one is stopped. Then no search
 * runs. */
void proto_end_of_input(void);
/* A clock value: decimal seconds (or milliseconds), not negative, at most TIME_CLOCK_MAX_MS, into ms. */
bool proto_parse_seconds(const char *text, bool millisec, int64_t *ms);

/* Win, draw and loss in per mille for a score (the model is described in protocol.c). */
void proto_wdl(Score s, int *win, int *draw, int *loss);

/* Protocol loops; `first` is the line already read (NULL: none). */
int uci_loop_from(char *first);
int ucci_loop_from(char *first);
int xboard_loop_from(char *first);
/* XBoard on several processes (src/cluster). The engine plays its own moves in this protocol, so one process,
 * the leader, chooses them: its hook hears each move it plays before `move X` is written. A follower plays
 * none of its own; it takes the leader's move from the line `XBOARD_LEADER_MOVE X` in its input, in order
 * with the GUI's commands, and any other process answers that line as an unknown command. Set before the
 * protocol loop starts. xboard_running: the XBoard loop runs (any thread may ask). */
#define XBOARD_LEADER_MOVE "chariot-leader-move"
void xboard_set_leader_hook(void (*played)(const char *move));
void xboard_set_follower(bool on);
bool xboard_running(void);
/* UCI a line at a time, for a front end that is handed its lines (the WebAssembly build): begin sets the
 * start position; a line is one command, false after quit. */
void uci_session_begin(void);
bool uci_session_line(char *line);

#endif
