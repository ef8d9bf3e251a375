/*
 * protocol.h - what the protocol front ends (UCI, UCCI, XBoard) share: locked
 * line output, the game position, `position` parsing and the option table.
 * Each front end only parses its own syntax and calls these.
 */
#ifndef CHARIOT_PROTOCOL_H
#define CHARIOT_PROTOCOL_H

#include <stdio.h>

#include "search.h"

typedef enum { OPT_SPIN, OPT_CHECK, OPT_COMBO, OPT_BUTTON, OPT_STRING } OptionType;

typedef struct {
    const char *name;      /* UCI name; UCCI prints it in lower case without spaces */
    OptionType type;
    const char *def;
    long min, max;
    const char *vars;      /* combo values, space separated */
    bool (*apply)(const char *value, char *err, size_t errlen);
} EngineOption;

/* Engine settings the protocols read. */
typedef struct {
    int multipv;
    int64_t move_overhead;
    bool ponder;
    bool fairy_ranks;     /* read and write ranks 1-10 (Fairy-Stockfish UCI) */
    bool show_wdl;        /* UCI_ShowWDL: win/draw/loss after the score */
    bool chess960;        /* UCI_Chess960: castling written king-takes-rook (chess) */
    char repetition_rule[16]; /* "Repetition Rule": a GAME_REPETITION_RULES name (xiangqi) */
    bool limit_strength;  /* UCI_LimitStrength: play at UCI_Elo */
    int elo;              /* UCI_Elo */
    int skill_level;      /* Skill Level: below SKILL_MAX plays weaker (skill.h) */
} EngineSettings;

extern EngineSettings g_settings;
extern const EngineOption ENGINE_OPTIONS[];
extern const int ENGINE_OPTION_COUNT;

void proto_out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void proto_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
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
FILE *proto_input(void);         /* where commands are read */
/* A note said once to the GUI as it starts a protocol ("info string TEXT" before uciok and ucciok, "# TEXT" after
 * XBoard's features): what the cluster build fell back to (src/cluster/). The text must outlive the loop. */
void proto_set_notice(const char *text);
void proto_notice(const char *prefix);

/* "startpos|fen <fen> [moves m1 m2 ...]" -> pos; on error pos is unchanged. */
bool proto_parse_position(Position *pos, const char *args, char *err, size_t errlen);
/* The error for a refused `position`, naming the position that stands. */
void proto_position_error(const Position *standing, const char *err);
const EngineOption *proto_find_option(const char *name);
void proto_option_vars(const EngineOption *o, char *buf, size_t len); /* " var a var b" of a combo */
bool proto_parse_long(const char *text, long min, long max, long *out); /* the whole text, in range */
bool proto_parse_bool(const char *text, bool *out);                    /* true/on, false/off */
bool proto_set_option(const char *name, const char *value, char *err, size_t errlen);
void proto_move_str(const Position *pos, Move m, char *buf); /* m played in pos, in the current style */
Move proto_parse_move(const Position *pos, const char *s); /* either rank style */
void proto_pv_str(const Position *root, const Move *pv, int n, char *buf, size_t len); /* a line from root */
/* Space-separated moves legal in pos, at most max kept; -1 (err names the move) on a bad one. */
int proto_parse_moves(const Position *pos, const char *text, Move *out, int max, char *err, size_t errlen);

/* Before a search: give the position the settings the game keeps in it (the repetition rule). */
void proto_prepare_search(Position *pos);
/* The strength settings (UCI_LimitStrength with UCI_Elo, or Skill Level) into a search's limits. */
void proto_apply_strength(SearchLimits *limits);
/* After a search: "info string rule: ..." for a best move that ends the game by repetition, and for
 * each move the search avoided because it would repeat a third time and lose. */
void proto_rule_notes(const Position *root, Move best);

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
/* Reads the first line and runs UCCI if it is `ucci`, the XBoard protocol if it is `xboard` (or `protover`),
 * UCI otherwise, until quit or the end of input. */
int proto_main_loop(void);

#endif
