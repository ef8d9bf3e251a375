#define _POSIX_C_SOURCE 200809L
/*
 * play.c - `chariot play`: a game against the engine in the terminal.
 *
 * The board is drawn in text, in colour only when stdout is a terminal.
 * Moves are typed in ICCS (h2e2, H2-E2) or WXF (C2.5); commands change the
 * game: undo, new, side red|black, depth N, time MS, fen, moves, board,
 * help, quit. Everything is read from stdin, so a script can play a game
 * (its lines are echoed after the prompt when stdin is not a terminal).
 *
 * The game ends when the game's referee (game_judge, as `chariot judge`)
 * says so: mate or stalemate, the third occurrence of a position (judged by
 * the repetition rules: perpetual check, perpetual chase), the move-count
 * rule, or no piece left that can mate.
 * Undo replays the game from its start, however long it was.
 */
#include "play.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "analyze.h"
#include "protocol.h"
#include "thread.h"

enum {
    PLAY_MAX_PLIES = 4096,        /* a longer game is stopped as a draw */
    PLAY_DEFAULT_MOVETIME = 1000, /* ms per engine move */
};

typedef struct {
    Position start, pos;
    Move moves[PLAY_MAX_PLIES];
    int nmoves;
    Color human;
    int depth;        /* the engine's strength: a fixed depth, or */
    int64_t movetime; /* a time per move in ms */
    bool colour, echo, over;
} Game;

static const char *side_name(Color c) { return game_color_name(c); }

/* The side's name in lower case, as players type it (red, white). */
typedef struct {
    char text[16];
} SideWord;

static SideWord side_word(Color c)
{
    SideWord w = {""};
    for (size_t i = 0; i + 1 < sizeof w.text && game_color_name(c)[i]; i++)
        w.text[i] = (char)tolower((unsigned char)game_color_name(c)[i]);
    return w;
}

/* A side named as the game names it ("red", "White", ...): 0 or 1, -1 if neither. */
static int parse_side(const char *text)
{
    for (Color c = 0; c < 2; c++)
        if (!strcasecmp(text, game_color_name(c)))
            return c;
    return -1;
}

static void draw_board(const Game *g)
{
    char board[4096];
    pos_print_board(&g->pos, g->colour, board, sizeof board);
    printf("%s\n", board);
    if (g->nmoves) {
        Position before = g->start;
        for (int i = 0; i + 1 < g->nmoves; i++) {
            pos_make(&before, g->moves[i]);
            pos_trim_history(&before);
        }
        char w[16], m[8];
        pos_move_to_human(&before, g->moves[g->nmoves - 1], w);
        move_to_str(g->moves[g->nmoves - 1], m);
        printf("Last move: %s (%s). ", w, m);
    }
    printf("%s to move; you play %s.\n", side_name(pos_side(&g->pos)), side_name(g->human));
}

/* Is the game over? Says so when it is. */
static bool game_over(const Game *g, bool announce)
{
    char why[160], msg[200];
    const GameResult r = game_judge(&g->pos, why, sizeof why);
    bool over = r != GAME_ONGOING;
    if (over)
        snprintf(msg, sizeof msg, "Result: %s (%s). %s%s", game_result_str(r), why,
                 r == GAME_DRAWN ? "Draw" : game_color_name(r == GAME_FIRST_WINS ? COLOR_FIRST : COLOR_SECOND),
                 r == GAME_DRAWN ? "." : " wins.");
    if (!over && g->nmoves == PLAY_MAX_PLIES) {
        over = true;
        snprintf(msg, sizeof msg, "Result: 1/2-1/2 (the game reached %d plies). Draw.", PLAY_MAX_PLIES);
    }
    if (over && announce)
        printf("%s\nGame over: type new, undo or quit.\n", msg);
    return over;
}

/* Play the game's first n moves again from its start, and show the board. */
static void replay(Game *g, int n)
{
    g->pos = g->start;
    for (int i = 0; i < n; i++) {
        pos_make(&g->pos, g->moves[i]);
        pos_trim_history(&g->pos);
    }
    g->nmoves = n;
    draw_board(g);
    g->over = game_over(g, true);
}

static void make_move(Game *g, Move m)
{
    g->moves[g->nmoves++] = m;
    pos_make(&g->pos, m);
    pos_trim_history(&g->pos);
    if ((g->over = game_over(g, false))) {
        draw_board(g);
        game_over(g, true);
    }
}

typedef struct {
    Score score;
    int depth;
} LastInfo;

static void remember_info(const SearchInfo *info, void *ctx)
{
    LastInfo *last = ctx;
    if (info->multipv == 1)
        last->score = info->score, last->depth = info->depth;
}

static void engine_move(Game *g)
{
    SearchThread *t = threads_main();
    LastInfo last = {0, 0};
    const SearchReporter rep = {remember_info, NULL, &last};
    t->pos = g->pos;
    search_limits_init(&t->limits);
    t->limits.depth = g->depth;
    t->limits.movetime = g->movetime;
    atomic_store(&g_stop, false);
    atomic_store(&g_pondering, false);
    printf("Chariot thinks...\n");
    fflush(stdout);
    Move m = search_run(t, &rep);
    char w[16], iccs[8], score[32];
    if (m == MOVE_NONE) { /* cannot happen: game_over() comes first */
        g->over = true;
        return;
    }
    pos_move_to_human(&g->pos, m, w);
    move_to_str(m, iccs);
    analyze_format_score(last.score, score, sizeof score);
    printf("Chariot plays %s (%s)   [depth %d, score %s for Chariot]\n", w, iccs, last.depth, score);
    make_move(g, m);
    if (!g->over)
        draw_board(g);
}

static void help(void)
{
    printf("%s\n", GAME_MOVE_HELP);
    printf("Commands:\n"
           "  undo          take back your last move (and the engine's reply)\n"
           "  new           start again from the first position\n"
           "  side %s|%s  play that side (the engine moves if it is its turn)\n"
           "  depth N       the engine searches N plies per move\n"
           "  time MS       the engine thinks MS milliseconds per move\n"
           "  moves         list the legal moves     fen    show the position as FEN\n"
           "  board         draw the board again     help   this text\n"
           "  quit          leave\n",
           side_word(0).text, side_word(1).text);
}

static void list_moves(const Game *g)
{
    Move list[MAX_MOVES];
    int n = gen_legal(&g->pos, list);
    for (int i = 0; i < n; i++) {
        char w[16], m[8];
        pos_move_to_human(&g->pos, list[i], w);
        move_to_str(list[i], m);
        printf("%s%s %s", i % 8 ? "   " : "", m, w);
        if (i % 8 == 7 || i + 1 == n)
            printf("\n");
    }
}

/* One line of input; false: quit. */
static bool play_command(Game *g, char *line)
{
    char word[32] = "", arg[64] = "", extra[2] = "";
    int words = sscanf(line, "%31s %63s %1s", word, arg, extra);
    long v;
    if (words <= 0)
        return true;
    if (!strcmp(word, "quit") || !strcmp(word, "exit"))
        return false;
    if (!strcmp(word, "help")) {
        help();
    } else if (!strcmp(word, "new")) {
        threads_new_game();
        replay(g, 0);
    } else if (!strcmp(word, "undo")) {
        int n = g->nmoves - 1; /* back to before the last move of yours */
        while (n >= 0 && (pos_side(&g->start) ^ (n & 1)) != g->human)
            n--;
        if (n < 0)
            printf("error: there is no move of yours to take back\n");
        else
            replay(g, n);
    } else if (!strcmp(word, "side")) {
        if (words != 2 || parse_side(arg) < 0)
            printf("error: side takes '%s' or '%s'\n", side_word(0).text, side_word(1).text);
        else
            g->human = parse_side(arg);
    } else if (!strcmp(word, "depth")) {
        if (words != 2 || !proto_parse_long(arg, 1, MAX_DEPTH, &v)) {
            printf("error: depth takes a whole number from 1 to %d\n", MAX_DEPTH);
        } else {
            g->depth = (int)v;
            g->movetime = 0;
            printf("Chariot now searches %ld plies per move.\n", v);
        }
    } else if (!strcmp(word, "time")) {
        if (words != 2 || !proto_parse_long(arg, 1, 3600000, &v)) {
            printf("error: time takes milliseconds per move, from 1 to 3600000\n");
        } else {
            g->movetime = v;
            g->depth = 0;
            printf("Chariot now thinks %ld ms per move.\n", v);
        }
    } else if (!strcmp(word, "fen")) {
        char fen[128];
        pos_get_fen(&g->pos, fen, sizeof fen);
        printf("%s\n", fen);
    } else if (!strcmp(word, "board")) {
        draw_board(g);
    } else if (!strcmp(word, "moves")) {
        list_moves(g);
    } else {
        Move m = pos_parse_human(&g->pos, line);
        if (g->over)
            printf("error: the game is over: type new, undo or quit\n");
        else if (m == MOVE_NONE)
            printf("error: '%s' is neither a legal move here nor a command (type help)\n", line);
        else
            make_move(g, m);
    }
    return true;
}

int play_main(int argc, char **argv)
{
    static Game g;
    char spec[8192] = "", err[256];
    long v;
    g.human = 0; /* the side that moves first */
    g.movetime = PLAY_DEFAULT_MOVETIME;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : "";
        if (strncmp(a, "--", 2)) {
            analyze_append_word(spec, sizeof spec, a);
            continue;
        }
        i++;
        if (!strcmp(a, "--side") && parse_side(next) >= 0) {
            g.human = parse_side(next);
        } else if (!strcmp(a, "--depth") && proto_parse_long(next, 1, MAX_DEPTH, &v)) {
            g.depth = (int)v;
            g.movetime = 0;
        } else if (!strcmp(a, "--time") && proto_parse_long(next, 1, 3600000, &v)) {
            g.movetime = v;
            g.depth = 0;
        } else {
            fprintf(stderr, "chariot play: bad option '%s %s' (--side %s|%s, --depth N, --time MS)\n", a, next,
                    side_word(0).text, side_word(1).text);
            return 2;
        }
    }
    if (!analyze_read_position(spec, &g.start, err, sizeof err)) {
        fprintf(stderr, "chariot play: %s\n", err);
        return 2;
    }
    g.colour = isatty(STDOUT_FILENO);
    g.echo = !isatty(STDIN_FILENO);
    threads_new_game();
    printf("Chariot: you play %s. Type a move (%s), or help.\n", side_name(g.human), GAME_MOVE_EXAMPLE);
    replay(&g, 0);
    char line[256];
    for (;;) {
        if (!g.over && pos_side(&g.pos) != g.human) {
            engine_move(&g);
            continue;
        }
        printf("%s> ", side_word(g.human).text);
        fflush(stdout);
        ReadLine got = proto_read_bounded(stdin, line, sizeof line);
        if (got == READ_EOF) {
            printf("\n");
            break;
        }
        if (got == READ_TOO_LONG) {
            printf("error: a line of more than %zu characters; ignored\n", sizeof line - 2);
            continue;
        }
        if (g.echo)
            printf("%s\n", line);
        if (!play_command(&g, line))
            break;
    }
    return 0;
}
