#define _POSIX_C_SOURCE 200809L
/*
 * test_usage.c - what a new user meets first, in either game (run by both
 * test runners): --help for the program and each of its commands (exit 0,
 * on stdout), a bad command line (a message on stderr, exit 2), -v, the
 * banner and `help` of the protocol loop, a best move only after depth 1
 * (go nodes 1, go infinite then stop, analyze --nodes 1 and --infinite at
 * the end of input), a bad FEN field named alike by perft, judge, analyze,
 * play and UCI, an empty FEN argument, PGN with NAGs and `1. ...`, and
 * play's history and the echo of the player's move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

/* Runs the engine with shell-quoted `args` and `input` on stdin; stdout and stderr apart. Returns the exit code. */
static int run_split(const char *args, const char *input, char *out, size_t outlen, char *err, size_t errlen)
{
    char paths[3][40], cmd[2048];
    for (int i = 0; i < 3; i++) {
        snprintf(paths[i], sizeof paths[i], "/tmp/chariot-usage-XXXXXX");
        int fd = mkstemp(paths[i]);
        if (fd < 0)
            return -1;
        if (i == 0 && input && write(fd, input, strlen(input)) < 0)
            input = NULL;
        close(fd);
    }
    snprintf(cmd, sizeof cmd, "%s %s <%s >%s 2>%s", g_engine_path, args, paths[0], paths[1], paths[2]);
    int status = system(cmd);
    out[0] = err[0] = 0;
    read_file_text(paths[1], out, outlen);
    read_file_text(paths[2], err, errlen);
    for (int i = 0; i < 3; i++)
        unlink(paths[i]);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static char out[65536], err[8192];

static void test_help(void)
{
    static const char *const HELP[] = {"--help", "-h", "help"};
    for (size_t i = 0; i < sizeof HELP / sizeof HELP[0]; i++) {
        int rc = run_split(HELP[i], NULL, out, sizeof out, err, sizeof err);
        CHECK(rc == 0 && !*err && strstr(out, "usage:") && strstr(out, GAME_PROGRAM " play [") &&
                  strstr(out, "[--elo N]") && strstr(out, GAME_PROGRAM " -v | --version"),
              "%s: exit %d, stdout %s, stderr %s", HELP[i], rc, out, err);
#ifdef GAME_REPETITION_RULES
        CHECK(strstr(out, "judge [--rule R] [--explain]") != NULL, "judge --rule and --explain offered: %s", out);
#else
        CHECK(!strstr(out, "--rule"), "no judge --rule in " GAME_NAME ": %s", out);
#endif
        /* the chess binary never calls itself chariot */
        CHECK(!strcmp(GAME_PROGRAM, "chariot") || !strstr(out, "chariot analyze"), "program name: %s", out);
    }
    static const char *const COMMANDS[] = {"analyze", "play", "judge", "bench", "perft", "ttlab"};
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        char args[64], want[64];
        snprintf(want, sizeof want, GAME_PROGRAM " %s ", COMMANDS[i]);
        for (int form = 0; form < 3; form++) {
            snprintf(args, sizeof args, form == 0 ? "%s --help" : form == 1 ? "%s -h" : "help %s", COMMANDS[i]);
            int rc = run_split(args, NULL, out, sizeof out, err, sizeof err);
            CHECK(rc == 0 && !*err && strstr(out, want), "%s: exit %d, stdout %s, stderr %s", args, rc, out, err);
        }
    }
    int rc = run_split("play --depth 3 --help", NULL, out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "--side") && !*err, "--help after options: exit %d, %s %s", rc, out, err);
    rc = run_split("-v", NULL, out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && !strcmp(out, "Chariot " CHARIOT_VERSION " (" GAME_NAME ")\n"), "-v: exit %d, %s", rc, out);
    rc = run_split("--version", NULL, out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && !strcmp(out, "Chariot " CHARIOT_VERSION " (" GAME_NAME ")\n"), "--version: exit %d, %s", rc, out);
}

/* A bad command line: nothing on stdout, the message on stderr, exit 2. */
static void test_bad_command_lines(void)
{
    static const struct {
        const char *args, *expect;
    } BAD[] = {
        {"foo", GAME_PROGRAM ": unknown command 'foo' ('" GAME_PROGRAM " --help' lists the commands)"},
        {"-x", GAME_PROGRAM ": unknown option '-x'"},
        {"--bogus", GAME_PROGRAM ": unknown option '--bogus'"},
        {"help foo", GAME_PROGRAM ": no command 'foo'"},
        {"perft", GAME_PROGRAM " perft: needs a depth"},
        {"perft 0", GAME_PROGRAM " perft: depth must be a whole number"},
        {"bench x", GAME_PROGRAM " bench: 'x' is not a depth"},
        {"analyze --bogus", GAME_PROGRAM " analyze: unknown option '--bogus'"},
        {"judge ''", GAME_PROGRAM " judge: an empty argument where a FEN"},
        {"analyze ''", GAME_PROGRAM " analyze: an empty argument where a FEN"},
        {"play ''", GAME_PROGRAM " play: an empty argument where a FEN"},
        {"perft 1 ''", GAME_PROGRAM " perft: invalid FEN: empty FEN"},
        /* a value missing, out of range or no number: said so, with the range a person reads */
        {"analyze --depth", GAME_PROGRAM " analyze: --depth needs a value (a depth in plies), at least 1"},
        {"analyze --movetime 0",
         GAME_PROGRAM " analyze: --movetime must be at least 1 (a time in milliseconds), got '0'"},
        {"analyze --nodes=x", GAME_PROGRAM " analyze: --nodes needs a whole number (a count of nodes), got 'x'"},
        {"analyze --multipv=", GAME_PROGRAM " analyze: --multipv needs a value (a count of lines), at least 1"},
        {"play --time", GAME_PROGRAM " play: --time needs a value (--side"},
        {"play --time=0", GAME_PROGRAM " play: bad value '0' for --time (--side"},
        {"play --tmie 5", GAME_PROGRAM " play: unknown option '--tmie' (--side"},
        {"judge --rule=", GAME_PROGRAM " judge: "},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        int rc = run_split(BAD[i].args, "quit\n", out, sizeof out, err, sizeof err);
        CHECK(rc == 2 && !*out && strstr(err, BAD[i].expect), "'%s': exit %d, stdout '%s', stderr '%s'", BAD[i].args,
              rc, out, err);
    }
}

/* A FEN with one bad field: perft, judge, analyze, play and UCI name the same field the same way. */
static void test_fen_fields(void)
{
#ifdef GAME_HAS_UCCI
    static const char *const FENS[] = {
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 h2e2",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1",
    };
#else
    static const char *const FENS[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 e4",
    };
#endif
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) {
        char args[512], why[512] = "";
        snprintf(args, sizeof args, "perft 1 '%s'", FENS[i]);
        int rc = run_split(args, NULL, out, sizeof out, err, sizeof err);
        const char *p = strstr(err, "invalid FEN: ");
        CHECK(rc == 2 && p && sscanf(p + 13, "%511[^\n]", why) == 1, "perft refuses '%s': %d %s", FENS[i], rc, err);
        if (!*why)
            continue;
        static const char *const COMMANDS[] = {"judge", "analyze --depth 1", "play --depth 1"};
        for (size_t k = 0; k < sizeof COMMANDS / sizeof COMMANDS[0]; k++) {
            snprintf(args, sizeof args, "%s '%s'", COMMANDS[k], FENS[i]);
            rc = run_split(args, "quit\n", out, sizeof out, err, sizeof err);
            CHECK(rc == 2 && strstr(err, "invalid FEN '") && strstr(err, why) && !*out,
                  "%s: exit %d, stderr '%s', stdout '%s', expected '%s'", args, rc, err, out, why);
        }
        char input[512];
        snprintf(input, sizeof input, "position fen %s\nisready\nquit\n", FENS[i]);
        run_split("", input, out, sizeof out, err, sizeof err);
        CHECK(strstr(out, "info string error: invalid FEN: ") && strstr(out, why), "UCI: %s, expected '%s'", out, why);
    }
}

/* A best move only after a completed depth 1, however soon the search is told to stop. */
static void test_depth_one(void)
{
    static const char *const GO[] = {"go nodes 1", "go infinite\nstop", "go movetime 1", "go nodes 5\nstop"};
    for (size_t i = 0; i < sizeof GO / sizeof GO[0]; i++) {
        char input[128], first[16] = "", best[16] = "";
        snprintf(input, sizeof input, "uci\nposition startpos\n%s\nisready\nquit\n", GO[i]);
        run_split("", input, out, sizeof out, err, sizeof err);
        const char *info = strstr(out, "info depth 1 "), *bm = strstr(out, "bestmove ");
        const char *score = info ? strstr(info, " score ") : NULL, *pv = info ? strstr(info, " pv ") : NULL;
        CHECK(info && bm && score && pv && score < bm && pv < bm && sscanf(pv, " pv %15s", first) == 1 &&
                  sscanf(bm, "bestmove %15s", best) == 1 && !strcmp(first, best),
              "'%s': depth 1 with a score and a pv before bestmove, and its first move played: %s", GO[i], out);
    }
    static const char *const ANALYZE[] = {"analyze --nodes 1", "analyze --nodes 10", "analyze --infinite",
                                          "analyze --movetime 1"};
    for (size_t i = 0; i < sizeof ANALYZE / sizeof ANALYZE[0]; i++) {
        int rc = run_split(ANALYZE[i], "", out, sizeof out, err, sizeof err);
        const char *d1 = strstr(out, "\ndepth  1/"), *bm = strstr(out, "best move: ");
        CHECK(rc == 0 && d1 && bm && d1 < bm, "%s </dev/null: depth 1 before the best move: %s", ANALYZE[i], out);
    }
}

/* Started by hand: a banner line first, `help` lists the commands, and a GUI's session goes on as before. */
static void test_banner(void)
{
    run_split("", "help\nisready\nquit\n", out, sizeof out, err, sizeof err);
    CHECK(!strncmp(out, "Chariot " CHARIOT_VERSION " (" GAME_NAME ") by the Chariot developers",
                   40 + strlen(GAME_NAME)) &&
              strchr(out, '\n') && strstr(out, "  position startpos | fen FEN") && strstr(out, "  go [depth N") &&
              strstr(out, "readyok") && !strstr(out, "unknown command"),
          "banner and help: %s", out);
    const char *nl = strchr(out, '\n');
    CHECK(nl && !strstr(nl, "by the Chariot developers"), "the banner is one line, once: %s", out);
    /* help names every command of the command line (main.c's list), datagen and ttlab too */
    static const char *const CLI[] = {"analyze", "play", "judge", "bench", "perft", "ttlab", "datagen"};
    const char *outside = strstr(out, "Outside this loop:");
    for (size_t i = 0; i < sizeof CLI / sizeof CLI[0]; i++)
        CHECK(outside && strstr(outside, CLI[i]), "help names '%s' among the command line's commands: %s", CLI[i], out);
    run_split("", "uci\nquit\n", out, sizeof out, err, sizeof err);
    const char *id = strstr(out, "\nid name Chariot ");
    CHECK(id && strstr(id, "uciok") && strchr(out, '\n') == id, "the banner, then the UCI handshake: %s", out);
}

/* PGN move text as other programs write it: NAGs, annotations and `1. ...` with a space. */
static void test_pgn_load(void)
{
#ifdef GAME_HAS_UCCI
    static const char *const MOVES[] = {"C2.5", "H8+7", "H2+3", "R9.8"};
    const char *text = "[Game \"Chinese Chess\"]\n\n1. C2.5 $1 {a comment} 1. ... H8+7 $6\n2. H2+3!? R9.8? *\n";
#else
    static const char *const MOVES[] = {"e4", "e5", "Nf3", "Nc6"};
    const char *text = "[Event \"?\"]\n\n1. e4 $1 {best by test} 1. ... e5 $6\n2. Nf3!? Nc6?! *\n";
#endif
    Position pos;
    char why[160], want[128], path[64], input[160];
    pos_set_fen(&pos, GAME_STARTPOS, why, sizeof why);
    for (int i = 0; i < 4; i++) {
        pos_make(&pos, pos_parse_human(&pos, MOVES[i]));
        pos_trim_history(&pos);
    }
    pos_get_fen(&pos, want, sizeof want);
    snprintf(path, sizeof path, "/tmp/chariot-nag-%d.pgn", (int)getpid());
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    snprintf(input, sizeof input, "load %s\nfen\nhistory\nquit\n", path);
    int rc = run_split("play --board letters --depth 1", input, out, sizeof out, err, sizeof err);
    unlink(path);
    CHECK(rc == 0 && strstr(out, want) && !strstr(out, "error"), "PGN with NAGs and '1. ...' loads to %s: %s", want,
          out);
    char line[96];
    snprintf(line, sizeof line, "  2. %s (", MOVES[2]);
    CHECK(strstr(out, "  1. ") && strstr(out, line), "history lists the loaded moves: %s", out);
}

/* play: the player's move said back in notation; history shows the game so far. */
static void test_play_history(void)
{
#ifdef GAME_HAS_UCCI
    const char *input = "history\nh2e2\nhistory\nquit\n", *said = "You play C2.5 (h2e2).", *line1 = "  1. C2.5 (h2e2)";
#else
    const char *input = "history\ne2e4\nhistory\nquit\n", *said = "You play e4 (e2e4).", *line1 = "  1. e4 (e2e4)";
#endif
    int rc = run_split("play --board letters --depth 1", input, out, sizeof out, err, sizeof err);
    const char *h = strstr(out, said);
    CHECK(rc == 0 && strstr(out, "No moves yet.") && h && strstr(h, line1), "play echoes the move, history: %s", out);
    /* the engine's reply is the second move on that line */
    const char *l = h ? strstr(h, line1) : NULL, *reply = l ? strstr(h, "Chariot plays ") : NULL;
    char words[64] = "";
    CHECK(l && reply && sscanf(reply + 14, "%63[^ ] ", words) == 1 && strstr(l, words) &&
              strchr(l, '\n') > strstr(l, words),
          "history has the engine's reply %s: %s", words, out);
}

/* perft's speed line: a small perft is over in less than a millisecond, and its rate is the nodes over the time
 * printed, never a rate from a time of 0 (which printed "Time: 0 ms, Nodes/second: 20"). */
static void test_perft_rate(void)
{
    static const char *const ARGS[] = {"perft 1", "perft 2", "perft 3"};
    for (size_t i = 0; i < sizeof ARGS / sizeof ARGS[0]; i++) {
        const int rc = run_split(ARGS[i], NULL, out, sizeof out, err, sizeof err);
        const char *total = strstr(out, "Nodes searched: ");
        const double nodes = total ? atof(total + 16) : 0;
        double ms = 0, rate = 0;
        const bool timed = sscanf(err, "Time: %lf ms, Nodes/second: %lf", &ms, &rate) == 2;
        CHECK(rc == 0 && nodes > 0 &&
                  ((timed && ms > 0 && rate > 0.99 * nodes * 1000 / ms - 1 && rate < 1.01 * nodes * 1000 / ms + 1) ||
                   (!timed && strstr(err, "no rate"))),
              "%s: a rate from the time printed: %s / %s", ARGS[i], out, err);
    }
}

/* --name=value as getopt_long reads it, in every command; several limits are said to end at the first reached. */
static void test_long_options(void)
{
    int rc = run_split("analyze --depth=3 --multipv=2", "", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "depth  3/") && !strstr(out, "depth  4/") && !*err, "analyze --depth=3: %d %s %s", rc,
          out, err);
    rc = run_split("analyze --depth 20 --nodes=200", "", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "best move: ") &&
              strstr(err, "analyze: several limits given: the search stops at the first one reached"),
          "analyze --depth 20 --nodes=200: %d %s %s", rc, out, err);
    rc = run_split("play --depth=1 --board=letters", "quit\n", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "you play") && !*err, "play --depth=1 --board=letters: %d %s %s", rc, out, err);
}

/* A position whose game is over is not searched: one line says the result and why (a stalemate loses in xiangqi). */
static void test_game_over(void)
{
    static const struct {
        const char *fen, *line;
    } OVER[] = {
#ifdef GAME_HAS_UCCI
        {"'3k5/4R4/9/9/9/9/9/9/9/4K4 b'", "The game is over: 1-0 (stalemate). Black, to move, has lost."},
        {"'3k5/3R5/3R5/9/9/9/9/9/9/4K4 b'", "The game is over: 1-0 (checkmate). Black, to move, has lost."},
#else
        {"'7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'", "The game is over: 1/2-1/2 (stalemate). A draw."},
        {"'7k/6Q1/6K1/8/8/8/8/8 b - - 0 1'", "The game is over: 1-0 (checkmate). Black, to move, has lost."},
#endif
    };
    for (size_t i = 0; i < sizeof OVER / sizeof OVER[0]; i++) {
        char args[256];
        snprintf(args, sizeof args, "analyze %s", OVER[i].fen);
        const int rc = run_split(args, "", out, sizeof out, err, sizeof err);
        CHECK(rc == 0 && strstr(out, OVER[i].line) && !strstr(out, "depth ") && !strstr(out, "best move"),
              "%s: %d %s %s", args, rc, out, err);
    }
}

/* Moves on play's command line are the game's first moves (history, undo, save); a pasted PGN move line is read
 * by analyze and play alike; resign and draw end the game; the second mover's column lines up in Chinese too. */
static void test_play_given_moves(void)
{
    char path[] = "/tmp/chariot-given-XXXXXX", input[256], pgn[4096] = "";
    int fd = mkstemp(path);
    CHECK(fd >= 0, "mkstemp");
    close(fd);
#ifdef GAME_HAS_UCCI
    const char *args = "play --board letters --depth 1 h2e2 h9g7 h0g2 i9h9", *saved = "1. C2.5 H8+7 2. H2+3 R9.8 *";
    const char *line2 = "  2. H2+3 (h0g2)   R9.8 (i9h9)", *line1 = "  1. C2.5 (h2e2)   H8+7 (h9g7)";
    const char *after_undo = "  1. C2.5 (h2e2)   H8+7 (h9g7)\n";
    const char *paste = "analyze --depth 1 '1. C2.5 H8+7 {a comment} 2. H2+3 $1 *'";
    const char *fen = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2";
#else
    const char *args = "play --board letters --depth 1 e4 e5 Nf3 Nc6", *saved = "1. e4 e5 2. Nf3 Nc6 *";
    const char *line2 = "  2. Nf3 (g1f3)   Nc6 (b8c6)", *line1 = "  1. e4 (e2e4)    e5 (e7e5)";
    const char *after_undo = "  1. e4 (e2e4)   e5 (e7e5)\n"; /* the column as wide as the widest first move */
    const char *paste = "analyze --depth 1 1. e4 e5 '{a comment}' 2.Nf3 '$1' '*'";
    const char *fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
#endif
    snprintf(input, sizeof input, "history\nsave %s\nundo\nhistory\nresign\nquit\n", path);
    int rc = run_split(args, input, out, sizeof out, err, sizeof err);
    read_file_text(path, pgn, sizeof pgn);
    unlink(path);
    const char *undo = strstr(out, "> undo");
    CHECK(rc == 0 && !strstr(out, "No moves yet") && strstr(out, line1) && strstr(out, line2) && undo &&
              !strstr(undo, line2) && strstr(undo, after_undo),
          "%s: the given moves are in history, and undo takes back the player's last: %s", args, out);
    CHECK(strstr(pgn, saved) && !strstr(pgn, "[FEN"), "%s: saved as %s: %s", args, saved, pgn);
    CHECK(strstr(out, "Result: ") && strstr(out, " resigns). ") && strstr(out, " wins."), "resign: %s", out);
    rc = run_split(paste, "", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, fen), "%s: a pasted PGN line, numbers, NAGs and comments skipped: %s %s", paste, out,
          err);
#ifdef GAME_HAS_UCCI
    rc = run_split("play --board chinese --depth 1 h2e2 h9g7", "history\nquit\n", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "  1. 炮二平五 (C2.5, h2e2)   馬８進７ (H8+7, h9g7)"),
          "Chinese history: the second mover's move in its own column: %s", out);
#else
    rc = run_split("play --depth 1 --side black 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 5'",
                   "Pe7e5\nhistory\nquit\n", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "You play e5 (e7e5).") && strstr(out, "  5. ...          e5 (e7e5)") &&
              strstr(out, "  6. "),
          "long algebraic with a pawn letter; history numbered from the FEN's move number: %s", out);
#endif
    rc = run_split("play --board letters --depth 1", "draw\nquit\n", out, sizeof out, err, sizeof err);
    CHECK(rc == 0 && strstr(out, "Chariot considers the offer...") &&
              (strstr(out, "Chariot accepts the draw") || strstr(out, "Chariot declines the draw")),
          "draw is answered: %s", out);
}

void test_usage(void)
{
    test_play_given_moves();
    test_game_over();
    test_perft_rate();
    test_long_options();
    test_help();
    test_bad_command_lines();
    test_fen_fields();
    test_depth_one();
    test_banner();
    test_pgn_load();
    test_play_history();
}
