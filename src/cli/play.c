#define _POSIX_C_SOURCE 200809L
/*
 * play.c - `chariot play`: a game against the engine in the terminal.
 *
 * The board is drawn in text: in the game's own figures (Chinese characters
 * for xiangqi, chess symbols) when stdout is a terminal with a UTF-8 locale,
 * in letters otherwise or with --board letters; in colour only on a terminal;
 * from the player's side (flipped when the player has the second colour);
 * the last move's squares in brackets. Moves are typed in coordinates
 * (h2e2, H2-E2) or the players' notation (WXF C2.5 or Chinese 炮二平五; SAN
 * for chess); commands change the game: undo, new, side, depth, time, fen,
 * moves, history, board, flip, save, load, help, quit. Ctrl-C stops the engine's
 * thinking (it plays the best move found so far), not the game. Everything
 * is read from stdin, so a script can play a game (its lines are echoed
 * after the prompt when stdin is not a terminal).
 *
 * The game ends when the game's referee (game_judge, as `chariot judge`)
 * says so: mate or stalemate, the third occurrence of a position (judged by
 * the repetition rules: perpetual check, perpetual chase), the move-count
 * rule, or no piece left that can mate.
 * Undo replays the game from its start, however long it was.
 */
#include "play.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "analyze.h"
#include "pgn_out.h"
#include "protocol.h"
#include "skill.h"
#include "engine.h"

enum {
    PLAY_MAX_PLIES = 4096,        /* a longer game is stopped as a draw */
    PLAY_DEFAULT_MOVETIME = 1000, /* ms per engine move */
    PLAY_DRAW_DEPTH = 10,         /* a draw offer: the engine looks this deep, at full strength */
    PLAY_DRAW_ACCEPT_CP = 0,      /* and accepts when its score is no better than this, from its side */
};

typedef struct {
    Position start, pos;
    Move moves[PLAY_MAX_PLIES];
    int nmoves;
    Color human;
    int depth;        /* the engine's strength: a fixed depth, or */
    int64_t movetime; /* a time per move in ms */
    int elo;          /* 0: full strength; else the rating to play at (skill.h) */
    bool colour, native, flip, echo, over;
    GameResult agreed;   /* a result the players gave (resign, a draw agreed); GAME_ONGOING: none */
    char agreed_why[64]; /* its reason, as PGN's comment gives it */
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

/* The game's position after its first n moves. */
static void position_after(const Game *g, int n, Position *out)
{
    *out = g->start;
    for (int i = 0; i < n; i++) {
        pos_make(out, g->moves[i]);
        pos_trim_history(out);
    }
}

/* "C2.5 (h2e2)", or with the game's figures "炮二平五 (C2.5, h2e2)": m played in pos. */
static void move_words(const Game *g, const Position *pos, Move m, char *buf, size_t len)
{
    char native[16], human[16], coords[8];
    pos_move_text(pos, m, MOVE_STYLE_NATIVE, native);
    pos_move_text(pos, m, MOVE_STYLE_HUMAN, human);
    move_to_str(m, coords);
    if (g->native && strcmp(native, human))
        snprintf(buf, len, "%s (%s, %s)", native, human, coords);
    else
        snprintf(buf, len, "%s (%s)", human, coords);
}

static void draw_board(const Game *g)
{
    char board[8192], words[64];
    const BoardStyle style = {g->colour, g->native, g->flip, g->nmoves ? g->moves[g->nmoves - 1] : MOVE_NONE};
    pos_print_board(&g->pos, &style, board, sizeof board);
    printf("%s\n", board);
    if (g->nmoves) {
        static Position before;
        position_after(g, g->nmoves - 1, &before);
        move_words(g, &before, g->moves[g->nmoves - 1], words, sizeof words);
        printf("Last move: %s. ", words);
    }
    printf("%s to move; you play %s.\n", side_name(pos_side(&g->pos)), side_name(g->human));
    if (pos_in_check(&g->pos) && !g->over)
        printf("Check: %s is in check.\n", side_name(pos_side(&g->pos)));
}

/* Is the game over? Says so when it is. */
/* The result: one the players gave, else the referee's (game_judge), with its reason in why. */
static GameResult game_result(const Game *g, char *why, size_t len)
{
    if (g->agreed != GAME_ONGOING) {
        snprintf(why, len, "%s", g->agreed_why);
        return g->agreed;
    }
    return game_judge(&g->pos, why, len);
}

static bool game_over(const Game *g, bool announce)
{
    char why[160], msg[200];
    const GameResult r = game_result(g, why, sizeof why);
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
    g->agreed = GAME_ONGOING;
    position_after(g, n, &g->pos);
    g->nmoves = n;
    g->over = game_over(g, false);
    draw_board(g);
    game_over(g, true);
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

/* The engine's limits for a move, at the strength the player chose. */
static void engine_limits(const Game *g, SearchLimits *l)
{
    search_limits_init(l);
    l->depth = g->depth;
    l->movetime = g->movetime;
    l->weakened = g->elo > 0;
    l->skill_level = g->elo > 0 ? skill_level_for_elo(g->elo) : SKILL_MAX;
}

static void engine_move(Game *g)
{
    LastInfo last = {0, 0};
    const SearchReporter rep = {remember_info, NULL, &last};
    SearchLimits l;
    engine_limits(g, &l);
    printf("Chariot thinks...\n");
    fflush(stdout);
    Move m = engine_search(&g->pos, &l, &rep);
    char words[64], score[32];
    if (m == MOVE_NONE) { /* cannot happen: game_over() comes first */
        g->over = true;
        return;
    }
    move_words(g, &g->pos, m, words, sizeof words);
    analyze_format_score(last.score, score, sizeof score);
    printf("Chariot plays %s   [depth %d, score %s for Chariot]\n", words, last.depth, score);
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
           "  elo N|off     the engine plays at about N Elo (%d-%d), or at full strength\n"
           "  moves         list the legal moves     fen    show the position as FEN\n"
           "  history       the moves played so far\n"
           "  board [%s|letters]  draw the board again (in that style)\n"
           "  flip          turn the board round     help   this text\n"
           "  save FILE     write the game as PGN    load FILE  read a game from a PGN file\n"
           "  resign        give up the game         draw   offer a draw (the engine looks, then answers)\n"
           "  quit          leave (Ctrl-C only stops the engine's thinking)\n",
           side_word(0).text, side_word(1).text, SKILL_ELO_MIN, SKILL_ELO_MAX, GAME_NATIVE_BOARD);
}

/* The number of the game's first move: its start FEN's move number (the last field), as PGN counts. */
static int first_move_number(const Game *g)
{
    char fen[128];
    pos_get_fen(&g->start, fen, sizeof fen);
    const char *last = strrchr(fen, ' ');
    const int n = last ? atoi(last + 1) : 1;
    return n > 0 ? n : 1;
}

/* The columns a terminal gives a UTF-8 text: two for a wide (CJK, fullwidth) character, one for any other. */
static int text_columns(const char *s)
{
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp = *p, extra = *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 : *p >= 0xc0 ? 1 : 0;
        cp &= extra == 3 ? 0x07 : extra == 2 ? 0x0f : extra == 1 ? 0x1f : 0xff;
        p++;
        for (unsigned k = 0; k < extra && (*p & 0xc0) == 0x80; k++, p++)
            cp = cp << 6 | (*p & 0x3f);
        const bool wide = (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) ||
            (cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) ||
            (cp >= 0xff00 && cp <= 0xff60) || (cp >= 0xffe0 && cp <= 0xffe6);
        cols += wide ? 2 : 1;
    }
    return cols;
}

/* The game so far, a line a move number, the second mover's moves in a column of their own whatever the
 * notation's width (Chinese characters take two columns): "  1. C2.5 (h2e2)     H8+7 (h9g7)". */
static void show_history(const Game *g)
{
    static Position pos;
    static char words[PLAY_MAX_PLIES][64];
    pos = g->start;
    if (!g->nmoves)
        printf("No moves yet.\n");
    int column = 0; /* the first mover's widest move */
    for (int i = 0; i < g->nmoves; i++) {
        move_words(g, &pos, g->moves[i], words[i], sizeof words[i]);
        if (pos_side(&pos) == COLOR_FIRST && text_columns(words[i]) > column)
            column = text_columns(words[i]);
        pos_make(&pos, g->moves[i]);
        pos_trim_history(&pos);
    }
    if (!column)
        column = 3; /* "..." */
    const bool second_starts = pos_side(&g->start) != COLOR_FIRST;
    for (int i = 0, number = first_move_number(g); i < g->nmoves; i++) {
        const bool first = second_starts == (i % 2 == 1);
        if (first || i == 0)
            printf("%3d. ", number);
        if (!first && i == 0)
            printf("%-*s", column + 3, "...");
        if (first)
            printf("%s%*s", words[i], i + 1 < g->nmoves ? column + 3 - text_columns(words[i]) : 0, "");
        else
            printf("%s", words[i]);
        if (!first || i + 1 == g->nmoves)
            printf("\n");
        number += !first;
    }
}

static void list_moves(const Game *g)
{
    Move list[MAX_MOVES];
    int n = gen_legal(&g->pos, list);
    for (int i = 0; i < n; i++) {
        char w[16], m[8];
        pos_move_text(&g->pos, list[i], MOVE_STYLE_HUMAN, w);
        move_to_str(list[i], m);
        printf("%s%s %s", i % 8 ? "   " : "", m, w);
        if (i % 8 == 7 || i + 1 == n)
            printf("\n");
    }
}

/* The game as PGN: the seven tag roster (the colours as the game names them), the game's own tags,
 * the start position when it is not the usual one, the moves in the players' notation, the result. */
static bool save_pgn(const Game *g, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    char why[160], date[16] = "????.??.??";
    const time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    GameResult r = game_result(g, why, sizeof why);
    fprintf(f, "[Event \"Chariot play\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"-\"]\n", date);
    for (Color c = 0; c < 2; c++)
        fprintf(f, "[%s \"%s\"]\n", side_name(c), c == g->human ? "Player" : "Chariot " CHARIOT_VERSION);
    fprintf(f, "[Result \"%s\"]\n%s", game_result_str(r), GAME_PGN_TAGS);
    pgn_out_start_tags(f, &g->start);
    fprintf(f, "\n");
    static Position pos;
    pos = g->start;
    PgnOut o = pgn_out_begin(f);
    for (int i = 0; i < g->nmoves; i++) {
        pgn_out_move(&o, &pos, g->moves[i]);
        pos_make(&pos, g->moves[i]);
        pos_trim_history(&pos);
    }
    if (r != GAME_ONGOING)
        pgn_out_comment(&o, why);
    pgn_out_end(&o, game_result_str(r));
    return fclose(f) == 0;
}

/* A game from a PGN file: the FEN tag if any, then the moves in any notation the game reads; move
 * numbers, comments, variations in parentheses and the result are skipped. On error (err says which
 * move) the game stays as it was. */
static bool load_pgn(Game *g, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    static char text[1 << 16];
    const size_t got = fread(text, 1, sizeof text - 1, f);
    const bool whole = feof(f);
    fclose(f);
    text[got] = 0;
    if (!whole) {
        snprintf(err, errlen, "%s is longer than %zu bytes", path, sizeof text - 1);
        return false;
    }
    static Position start, pos;
    char fen[256] = GAME_STARTPOS, *p = text;
    char *tag = strstr(text, "[FEN \"");
    if (tag && sscanf(tag + 6, "%255[^\"]", fen) != 1) {
        snprintf(err, errlen, "%s: an empty FEN tag", path);
        return false;
    }
    if (!pos_set_fen(&start, fen, err, errlen))
        return false;
    pos = start;
    static Move moves[PLAY_MAX_PLIES];
    AnalyzeBadMove bad;
    const int n = analyze_read_moves(&pos, p, moves, PLAY_MAX_PLIES, &bad);
    if (n < 0) {
        snprintf(err, errlen, "%s: '%s' (move %d) is not a legal move there", path, bad.word, bad.number);
        return false;
    }
    g->start = start;
    memcpy(g->moves, moves, (size_t)n * sizeof moves[0]);
    replay(g, n);
    return true;
}

/* The board style from a word: the game's own figures, or letters. */
static bool parse_board_style(const char *word, bool *native)
{
    if (!strcmp(word, GAME_NATIVE_BOARD) || !strcmp(word, "native")) {
        *native = true;
        return true;
    }
    if (!strcmp(word, "letters")) {
        *native = false;
        return true;
    }
    return false;
}

/* Is the terminal's character set UTF-8 (LC_ALL, else LC_CTYPE, else LANG)? */
static bool locale_is_utf8(void)
{
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v && *v) {
            char low[64];
            size_t k = 0;
            for (; v[k] && k + 1 < sizeof low; k++)
                low[k] = (char)tolower((unsigned char)v[k]);
            low[k] = 0;
            return strstr(low, "utf-8") || strstr(low, "utf8");
        }
    }
    return false;
}

/* One line of input; false: quit. */
/* `resign`: the player's side loses. `draw`: the engine looks at the position (PLAY_DRAW_DEPTH plies, at full
 * strength: a shallow score is no ground to answer) and agrees when it is no better for it than PLAY_DRAW_ACCEPT_CP. A draw the
 * rules give (repetition, the move-count rule, no mating material) ends the game by itself. */
static void offer_result(Game *g, bool resign)
{
    if (g->over) {
        printf("error: the game is over: type new, undo or quit\n");
        return;
    }
    if (resign) {
        g->agreed = g->human == COLOR_FIRST ? GAME_SECOND_WINS : GAME_FIRST_WINS;
        snprintf(g->agreed_why, sizeof g->agreed_why, "%s resigns", side_name(g->human));
    } else {
        LastInfo last = {0, 0};
        const SearchReporter rep = {remember_info, NULL, &last};
        SearchLimits l;
        search_limits_init(&l);
        l.depth = PLAY_DRAW_DEPTH;
        printf("Chariot considers the offer...\n");
        fflush(stdout);
        engine_search(&g->pos, &l, &rep);
        /* the score is the side to move's: the engine's own when it is its turn */
        const Score mine = pos_side(&g->pos) == g->human ? -last.score : last.score;
        char score[32];
        analyze_format_score(mine, score, sizeof score);
        if (mine > PLAY_DRAW_ACCEPT_CP) {
            printf("Chariot declines the draw: it scores the position %s for itself.\n", score);
            return;
        }
        printf("Chariot accepts the draw (it scores the position %s for itself).\n", score);
        g->agreed = GAME_DRAWN;
        snprintf(g->agreed_why, sizeof g->agreed_why, "draw agreed");
    }
    g->over = true;
    game_over(g, true);
}

/* --- The commands of the game's prompt: a table, as the protocols have (each handler gets the word count
 * and the first argument). --- */
typedef struct {
    int words; /* the command and its arguments, as many as were typed */
    const char *word, *arg;
} PlayArgs;

static void cmd_help(Game *g, const PlayArgs *a) { (void)g, (void)a, help(); }

static void cmd_new(Game *g, const PlayArgs *a)
{
    (void)a;
    engine_new_game();
    replay(g, 0);
}

static void cmd_undo(Game *g, const PlayArgs *a)
{
    (void)a;
    int n = g->nmoves - 1; /* back to before the last move of yours */
    while (n >= 0 && (pos_side(&g->start) ^ (n & 1)) != g->human)
        n--;
    if (n < 0)
        printf("error: there is no move of yours to take back\n");
    else
        replay(g, n);
}

static void cmd_side(Game *g, const PlayArgs *a)
{
    if (a->words != 2 || parse_side(a->arg) < 0) {
        printf("error: side takes '%s' or '%s'\n", side_word(0).text, side_word(1).text);
        return;
    }
    g->human = parse_side(a->arg);
    g->flip = g->human == COLOR_SECOND;
}

static void cmd_depth(Game *g, const PlayArgs *a)
{
    long v;
    if (a->words != 2 || !proto_parse_long(a->arg, 1, MAX_DEPTH, &v)) {
        printf("error: depth takes a whole number from 1 to %d\n", MAX_DEPTH);
        return;
    }
    g->depth = (int)v;
    g->movetime = 0;
    printf("Chariot now searches %ld plies per move.\n", v);
}

static void cmd_time(Game *g, const PlayArgs *a)
{
    long v;
    if (a->words != 2 || !proto_parse_long(a->arg, 1, 3600000, &v)) {
        printf("error: time takes milliseconds per move, from 1 to 3600000\n");
        return;
    }
    g->movetime = v;
    g->depth = 0;
    printf("Chariot now thinks %ld ms per move.\n", v);
}

static void cmd_elo(Game *g, const PlayArgs *a)
{
    long v;
    if (a->words == 2 && !strcmp(a->arg, "off")) {
        g->elo = 0;
        printf("Chariot now plays at full strength.\n");
    } else if (a->words != 2 || !proto_parse_long(a->arg, SKILL_ELO_MIN, SKILL_ELO_MAX, &v)) {
        printf("error: elo takes a rating from %d to %d, or off\n", SKILL_ELO_MIN, SKILL_ELO_MAX);
    } else {
        g->elo = (int)v;
        printf("Chariot now plays at about %ld Elo (skill level %d).\n", v, skill_level_for_elo(g->elo));
    }
}

static void cmd_fen(Game *g, const PlayArgs *a)
{
    (void)a;
    char fen[128];
    pos_get_fen(&g->pos, fen, sizeof fen);
    printf("%s\n", fen);
}

static void cmd_board(Game *g, const PlayArgs *a)
{
    if (a->words >= 2 && !parse_board_style(a->arg, &g->native))
        printf("error: board takes '%s' or 'letters'\n", GAME_NATIVE_BOARD);
    else
        draw_board(g);
}

static void cmd_flip(Game *g, const PlayArgs *a)
{
    (void)a;
    g->flip = !g->flip;
    draw_board(g);
}

static void cmd_save(Game *g, const PlayArgs *a)
{
    if (a->words != 2)
        printf("error: save takes a file name\n");
    else if (!save_pgn(g, a->arg))
        printf("error: cannot write %s: %s\n", a->arg, strerror(errno));
    else
        printf("Saved the game (%d plies) to %s.\n", g->nmoves, a->arg);
}

static void cmd_load(Game *g, const PlayArgs *a)
{
    char err[256];
    if (a->words != 2)
        printf("error: load takes a file name\n");
    else if (!load_pgn(g, a->arg, err, sizeof err))
        printf("error: %s; the game stays as it was\n", err);
}

static void cmd_resign(Game *g, const PlayArgs *a) { (void)a, offer_result(g, true); }
static void cmd_draw(Game *g, const PlayArgs *a) { (void)a, offer_result(g, false); }
static void cmd_moves(Game *g, const PlayArgs *a) { (void)a, list_moves(g); }
static void cmd_history(Game *g, const PlayArgs *a) { (void)a, show_history(g); }

static const struct {
    const char *name;
    void (*run)(Game *g, const PlayArgs *a);
} PLAY_COMMANDS[] = {
    {"help", cmd_help},     {"new", cmd_new},   {"undo", cmd_undo},   {"side", cmd_side},
    {"depth", cmd_depth},   {"time", cmd_time}, {"elo", cmd_elo},     {"fen", cmd_fen},
    {"board", cmd_board},   {"flip", cmd_flip}, {"save", cmd_save},   {"load", cmd_load},
    {"resign", cmd_resign}, {"draw", cmd_draw}, {"moves", cmd_moves}, {"history", cmd_history},
};

/* A line at the prompt: a command of the table, quit, or a move. false: quit. */
static bool play_command(Game *g, char *line)
{
    char word[32] = "", arg[64] = "", extra[2] = "";
    const int words = sscanf(line, "%31s %63s %1s", word, arg, extra);
    if (words <= 0)
        return true;
    if (!strcmp(word, "quit") || !strcmp(word, "exit"))
        return false;
    for (size_t i = 0; i < sizeof PLAY_COMMANDS / sizeof PLAY_COMMANDS[0]; i++)
        if (!strcmp(word, PLAY_COMMANDS[i].name)) {
            const PlayArgs a = {words, word, arg};
            PLAY_COMMANDS[i].run(g, &a);
            return true;
        }
    Move m = pos_parse_human(&g->pos, line);
    if (g->over)
        printf("error: the game is over: type new, undo or quit\n");
    else if (m == MOVE_NONE)
        printf("error: '%s' is neither a legal move here nor a command (type help)\n", line);
    else {
        char said[64];
        move_words(g, &g->pos, m, said, sizeof said);
        printf("You play %s.\n", said);
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
    g.colour = isatty(STDOUT_FILENO);
    g.native = g.colour && locale_is_utf8(); /* a terminal that shows the game's figures; letters in pipes */
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : "";
        if (strncmp(a, "--", 2)) {
            if (!analyze_add_word(spec, sizeof spec, a, GAME_PROGRAM " play"))
                return 2;
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
        } else if (!strcmp(a, "--elo") && proto_parse_long(next, SKILL_ELO_MIN, SKILL_ELO_MAX, &v)) {
            g.elo = (int)v;
        } else if (!strcmp(a, "--board") && parse_board_style(next, &g.native)) {
            /* the style is set */
        } else {
            const bool known = !strcmp(a, "--side") || !strcmp(a, "--depth") || !strcmp(a, "--time") ||
                !strcmp(a, "--elo") || !strcmp(a, "--board");
            if (!known)
                fprintf(stderr, GAME_PROGRAM " play: unknown option '%s'", a);
            else if (!*next)
                fprintf(stderr, GAME_PROGRAM " play: %s needs a value", a);
            else
                fprintf(stderr, GAME_PROGRAM " play: bad value '%s' for %s", next, a);
            fprintf(stderr, " (--side %s|%s, --depth 1-%d, --time MS 1-3600000, --elo %d-%d, --board %s|letters)\n",
                    side_word(0).text, side_word(1).text, MAX_DEPTH, SKILL_ELO_MIN, SKILL_ELO_MAX, GAME_NATIVE_BOARD);
            return 2;
        }
    }
    int given = 0; /* moves on the command line are the game's first moves: in history, undo and save */
    if (!analyze_read_game(spec, &g.start, &g.pos, g.moves, PLAY_MAX_PLIES, &given, err, sizeof err)) {
        fprintf(stderr, GAME_PROGRAM " play: %s\n", err);
        return 2;
    }
    g.flip = g.human == COLOR_SECOND;
    g.echo = !isatty(STDIN_FILENO);
    analyze_catch_interrupt(); /* Ctrl-C: the engine plays the best move found so far; at the prompt, nothing */
    engine_new_game();
    printf("Chariot: you play %s. Type a move (%s), or help.\n", side_name(g.human), GAME_MOVE_EXAMPLE);
    replay(&g, given);
    char line[256];
    for (;;) {
        if (!g.over && pos_side(&g.pos) != g.human) {
            engine_move(&g);
            continue;
        }
        printf("%s> ", side_word(g.human).text);
        fflush(stdout);
        errno = 0;
        ReadLine got = proto_read_bounded(stdin, line, sizeof line);
        if (got == READ_EOF && errno == EINTR) { /* Ctrl-C at the prompt */
            clearerr(stdin);
            printf("\n(Ctrl-C stops Chariot's thinking; type quit to leave.)\n");
            continue;
        }
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
