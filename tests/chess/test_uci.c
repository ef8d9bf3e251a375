#define _POSIX_C_SOURCE 200809L
/*
 * test_uci.c - ./chariot-chess as a chess GUI drives it: the UCI handshake
 * and options, coordinates for every kind of move (promotions, castling in
 * standard and Chess960 notation, en passant), mate and stalemate at the
 * root, the fifty-move rule against a mate on the 100th ply, bad input; and
 * the command line (analyze in SAN, perft, bench, play: chess symbols, the
 * board flipped for Black, check said, standard PGN saved).
 */
#include <string.h>
#include <unistd.h>

#include "check.h"

/* `go perft 1` in the position: the divide lines, for checking move text. */
static void divide(Engine *e, const char *position, char *out, size_t len)
{
    size_t mark = e->loglen;
    engine_send(e, "position %s", position);
    engine_send(e, "go perft 1");
    engine_expect(e, "Nodes searched", NULL, 0, 5000);
    snprintf(out, len, "%s", e->log + mark);
}

static void session_uci(void)
{
    Engine e;
    char line[4096], out[8192];
    CHECK(engine_start_uci(&e), "uciok");
    CHECK(strstr(e.log, "option name UCI_Chess960 type check default false") != NULL, "UCI_Chess960 offered");
    CHECK(strstr(e.log, "option name UCI_Variant type combo default chess") != NULL, "UCI_Variant chess");
    CHECK(!strstr(e.log, "FairyRanks"), "no xiangqi rank option");
    /* A game from the start: legal replies. */
    engine_send(&e, "ucinewgame");
    engine_send(&e, "position startpos moves e2e4 e7e5 g1f3");
    engine_send(&e, "go depth 6");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 20000) && move_legal_after(NULL, "e2e4 e7e5 g1f3", line + 9),
          "legal reply: %s", line);
    /* Promotions: all four, the knight's written with its letter. */
    divide(&e, "fen 8/P7/8/8/8/8/8/k6K w - - 0 1", out, sizeof out);
    CHECK(strstr(out, "a7a8q: 1") && strstr(out, "a7a8r: 1") && strstr(out, "a7a8b: 1") && strstr(out, "a7a8n: 1"),
          "four promotions: %s", out);
    /* Castling: king two squares, or king takes rook with UCI_Chess960. */
    divide(&e, "fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", out, sizeof out);
    CHECK(strstr(out, "e1g1: 1") && strstr(out, "e1c1: 1"), "castling e1g1/e1c1: %s", out);
    engine_send(&e, "setoption name UCI_Chess960 value true");
    divide(&e, "fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", out, sizeof out);
    CHECK(strstr(out, "e1h1: 1") && strstr(out, "e1a1: 1"), "Chess960 castling e1h1/e1a1: %s", out);
    engine_send(&e, "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1h1");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) && strstr(line, "r3k2r/8/8/8/8/8/8/R4RK1 b kq"),
          "e1h1 castles: %s", line);
    engine_send(&e, "setoption name UCI_Chess960 value false");
    engine_send(&e, "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) && strstr(line, "r3k2r/8/8/8/8/8/8/R4RK1 b kq"),
          "e1g1 castles: %s", line);
    /* En passant. */
    divide(&e, "startpos moves e2e4 a7a6 e4e5 d7d5", out, sizeof out);
    CHECK(strstr(out, "e5d6: 1") != NULL, "en passant e5d6: %s", out);
    /* Mate in one is found; a mated and a stalemated root. */
    engine_send(&e, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine_send(&e, "go depth 4");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 10000) && !strcmp(line, "bestmove a1a8"), "mate in 1: %s",
          line);
    CHECK(strstr(e.log, "score mate 1 ") != NULL, "scored mate 1");
    size_t mark = e.loglen;
    engine_send(&e, "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && !strcmp(line, "bestmove (none)"), "stalemate: %s",
          line);
    CHECK(strstr(e.log + mark, "score cp 0 ") != NULL, "stalemate is a draw, not a loss: %s", e.log + mark);
    mark = e.loglen;
    engine_send(&e, "position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && !strcmp(line, "bestmove (none)"), "mated: %s",
          line);
    CHECK(strstr(e.log + mark, "score mate 0 ") != NULL, "mated scores mate 0: %s", e.log + mark);
    /* Mate on the 100th ply beats the fifty-move rule. */
    engine_send(&e, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    engine_send(&e, "go depth 4");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 10000) && !strcmp(line, "bestmove a1a8"),
          "mate on the 100th ply: %s", line);
    static const BadInput BAD[] = {
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk", "unexpected 'junk'"},
        {"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "invalid FEN"},
        {"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "invalid FEN"},
        {"position startpos moves e2e5", "illegal move 'e2e5' at move 1"},
        {"position startpos moves e2e4 e2e4", "illegal move 'e2e4' at move 2"},
        {"position startpos junk", "unexpected 'junk'"},
        {"setoption name UCI_Chess960 value maybe", "UCI_Chess960 needs true or false"},
        {"setoption name FairyRanks value true", "unknown option 'FairyRanks'"},
        {"setoption name UCI_Variant value xiangqi", "UCI_Variant takes one of: chess"},
        {"go depth x", "go refused"},
        {"ucci", "unknown command 'ucci'"},
    };
    engine_send(&e, "position startpos moves e2e4");
    check_bad_inputs(&e, BAD, sizeof BAD / sizeof BAD[0]);
    engine_send(&e, "go depth 3");
    CHECK(engine_expect(&e, "bestmove", line, sizeof line, 5000) && move_legal_after(NULL, "e2e4", line + 9),
          "state kept after bad input: %s", line);
    CHECK(engine_close(&e) == 0, "clean exit");
}

/* A chess GUI that starts with ucci gets an error and UCI. */
static void session_ucci_refused(void)
{
    char out[8192];
    run_engine("ucci\nuci\nisready\nquit\n", out, sizeof out);
    CHECK(strstr(out, "info string error: UCCI is a xiangqi protocol") && strstr(out, "uciok") &&
              strstr(out, "readyok"),
          "ucci refused, UCI served: %s", out);
}

void test_chess_uci(void)
{
    session_uci();
    session_ucci_refused();
}

/* The XBoard protocol for chess: normal and Fischer random chess, castling and promotion moves as XBoard sends them. */
void test_chess_xboard(void)
{
    Engine e;
    char line[4096];
    CHECK(engine_start(&e), "start %s", g_engine_path);
    engine_send(&e, "xboard\nprotover 2");
    CHECK(engine_expect(&e, "feature done=1", NULL, 0, 5000) && strstr(e.log, "variants=\"normal,fischerandom\""),
          "chess features: %s", e.log);
    engine_send(&e, "new\nst 0.2\nusermove e2e4");
    CHECK(engine_expect(&e, "move ", line, sizeof line, 5000) && move_legal_after(NULL, "e2e4", line + 5),
          "reply to e2e4: %s", line);
    engine_send(&e, "variant shogi");
    CHECK(engine_expect(&e, "Error (unsupported variant): variant shogi", NULL, 0, 3000), "shogi refused");
    /* Fischer random: XBoard sends castling as O-O / O-O-O. */
    engine_send(&e, "new\nvariant fischerandom\nforce\nsetboard rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w AEae - 0 1");
    engine_send(&e, "usermove O-O-O\nusermove b8c8\nping 1");
    CHECK(engine_expect(&e, "pong 1", NULL, 0, 5000) && !strstr(e.log, "Illegal"), "O-O-O and a reply: %s", e.log);
    engine_send(&e, "undo\nundo\nusermove O-O\nping 2");
    CHECK(engine_expect(&e, "pong 2", NULL, 0, 5000) && !strstr(e.log, "Illegal"), "O-O: %s", e.log);
    /* A promotion, then mate claimed after the engine's move. */
    engine_send(&e, "new\nforce\nsetboard 7k/4P3/6K1/8/8/8/8/8 w - - 0 1\nusermove e7e8q");
    CHECK(engine_expect(&e, "1-0 {checkmate}", NULL, 0, 5000), "e7e8q mates: %s", e.log);
    engine_send(&e, "new\nforce\nsetboard 6k1/8/6K1/8/8/8/8/R7 w - - 0 1\nst 0.2\ngo");
    CHECK(engine_expect(&e, "move a1a8", NULL, 0, 5000) && engine_expect(&e, "1-0 {checkmate}", NULL, 0, 5000),
          "the engine mates and claims it");
    CHECK(engine_close(&e) == 0, "quit");
}

/* The engine's combined output for command-line arguments `args`. */
static void run_cli(const char *args, char *out, size_t len)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", g_engine_path, args);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, len - 1, p) : 0;
    out[n] = 0;
    if (p)
        pclose(p);
}

void test_chess_cli(void)
{
    char out[16384];
    /* perft from the command line, like xiangqi's. */
    run_cli("perft 4", out, sizeof out);
    CHECK(strstr(out, "Nodes searched: 197281") != NULL, "perft 4 from the start: %s", out);
    /* analyze prints SAN under the coordinates and takes a chess FEN with castling and en passant fields. */
    run_cli("analyze rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3 --depth 3", out, sizeof out);
    CHECK(strstr(out, "best move: ") != NULL && strstr(out, "White to move") != NULL, "analyze a chess FEN: %s", out);
    run_cli("analyze moves e4 e5 Nf3 Nc6 Bb5 --depth 3", out, sizeof out);
    CHECK(strstr(out, "best move: ") != NULL && strstr(out, "Black to move") != NULL, "analyze a SAN move list: %s",
          out);
    /* play: chess symbols, flipped for Black, check said, standard PGN saved. */
    char path[64], args[256];
    snprintf(path, sizeof path, "/tmp/chariot-chess-test-%d.pgn", (int)getpid());
    snprintf(args, sizeof args,
             "play --board symbols --depth 1 < /dev/null; printf 'e4\\nsave %s\\nquit\\n' | %s play "
             "--board letters --depth 1",
             path, g_engine_path);
    run_cli(args, out, sizeof out);
    CHECK(strstr(out, "\u2654") && strstr(out, "\u265a"), "chess symbols: %s", out);
    CHECK(strstr(out, "Saved the game (2 plies)"), "saved: %s", out);
    char text[1024];
    CHECK(read_file_text(path, text, sizeof text), "read %s", path);
    CHECK(strstr(text, "[White \"Player\"]") && strstr(text, "[Black \"Chariot ") && strstr(text, "1. e4 ") &&
              !strstr(text, "Format"),
          "standard PGN: %s", text);
    remove(path);
    run_cli(
        "play --board letters --side black 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' < /dev/null",
        out, sizeof out);
    CHECK(strstr(out, "Result: 0-1 (checkmate)") && strstr(out, "h  g  f  e  d  c  b  a    White"),
          "fool's mate, flipped: %s", out);
    run_cli("play --board letters 'rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3' < /dev/null", out,
            sizeof out);
    CHECK(strstr(out, "Result: 1-0 (checkmate)") != NULL, "mated: %s", out);
    run_cli(
        "play --board letters --side black 'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2' < /dev/null",
        out, sizeof out);
    CHECK(strstr(out, "Check: Black is in check.") == NULL, "no check when none: %s", out);
    run_cli(
        "play --board letters --side black 'rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2' < /dev/null",
        out, sizeof out);
    CHECK(strstr(out, "Check: Black is in check.") != NULL, "check said: %s", out);
    /* Castling rights off the standard squares are Chess960's: KQkq there are refused (UCI_Chess960 off), the
     * rooks' files (Shredder-FEN) are taken, and UCI takes them with UCI_Chess960 on. */
    const char *c960 = "'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1'";
    snprintf(args, sizeof args, "judge %s", c960);
    run_cli(args, out, sizeof out);
    CHECK(strstr(out, "castling right 'K' needs the white king on e1 and a rook on h1") && strstr(out, "Chess960") &&
              !strstr(out, "result:"),
          "KQkq off e1 refused: %s", out);
    run_cli("judge 'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1'", out, sizeof out);
    CHECK(strstr(out, "result: * (game not over)") != NULL, "Shredder-FEN Chess960 rights taken: %s", out);
    run_cli("judge 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1'", out, sizeof out);
    CHECK(strstr(out, "result: * (game not over)") != NULL, "HAha on the standard squares: %s", out);
    Engine e;
    char line[4096];
    CHECK(engine_start_uci(&e), "uciok");
    engine_send(&e, "position fen bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
    CHECK(engine_expect(&e, "info string error: ", line, sizeof line, 3000) &&
              strstr(line, "invalid FEN: castling right 'K'") && strstr(line, "set UCI_Chess960 to true"),
          "UCI refuses Chess960 rights with UCI_Chess960 off: %s", line);
    engine_send(&e, "setoption name UCI_Chess960 value true");
    engine_send(&e, "position fen bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1");
    engine_send(&e, "d");
    CHECK(engine_expect(&e, "Fen: ", line, sizeof line, 3000) && strstr(line, "BQNBRKRN w GEge"),
          "taken with UCI_Chess960: %s", line);
    engine_close(&e);
    /* Colours on a terminal: White in the terminal's own ink (bold), never white or blue ink, which vanish on
     * a light or a dark background. */
    Position pos;
    char err[160], board[8192];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    for (int native = 0; native < 2; native++) {
        const BoardStyle style = {true, native == 1, false, MOVE_NONE};
        pos_print_board(&pos, &style, board, sizeof board);
        CHECK(strstr(board, "\033[1m") && strstr(board, "\033[1;35m") && !strstr(board, "\033[1;37m") &&
                  !strstr(board, "\033[1;34m") && !strstr(board, ";37m") && !strstr(board, ";34m"),
              "terminal colours readable on light and dark backgrounds: %s", board);
    }
}
