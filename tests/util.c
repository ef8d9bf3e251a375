/*
 * util.c - helpers shared by the tests.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

bool read_file_text(const char *path, char *text, size_t len)
{
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, len - 1, f) : 0;
    text[n] = 0;
    if (f)
        fclose(f);
    return n > 0;
}

int read_lines(const char *path, char lines[][512], int max)
{
    FILE *f = fopen(path, "r");
    int n = 0;
    if (!f)
        return -1;
    while (n < max && fgets(lines[n], 512, f)) {
        lines[n][strcspn(lines[n], "\r\n")] = 0;
        if (lines[n][0] && lines[n][0] != '#')
            n++;
    }
    fclose(f);
    return n;
}

/* Board field split into 10 rank strings expanded to 9 chars each. */
static void expand(const char *fen, char board[10][10], char *side, const char **rest)
{
    int r = 0, f = 0;
    const char *p = fen;
    memset(board, '.', 100);
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            r++;
            f = 0;
        } else if (isdigit((unsigned char)*p)) {
            f += *p - '0';
        } else if (r < 10 && f < 9) {
            board[r][f++] = *p;
        }
    }
    while (*p == ' ')
        p++;
    *side = *p;
    *rest = *p ? p + 1 : p;
}

static void compress(char board[10][10], char side, const char *rest, char *out)
{
    int n = 0;
    for (int r = 0; r < 10; r++) {
        int empty = 0;
        for (int f = 0; f < 9; f++) {
            if (board[r][f] == '.') {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            out[n++] = board[r][f];
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (r < 9)
            out[n++] = '/';
    }
    n += sprintf(out + n, " %c%s", side, rest);
}

void fen_flip(const char *fen, char *out)
{
    char b[10][10], nb[10][10], side;
    const char *rest;
    expand(fen, b, &side, &rest);
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++) {
            char c = b[9 - r][f];
            nb[r][f] = isupper((unsigned char)c) ? (char)tolower(c) : (char)toupper(c);
        }
    compress(nb, side == 'w' ? 'b' : 'w', rest, out);
}

void fen_mirror(const char *fen, char *out)
{
    char b[10][10], nb[10][10], side;
    const char *rest;
    expand(fen, b, &side, &rest);
    for (int r = 0; r < 10; r++)
        for (int f = 0; f < 9; f++)
            nb[r][f] = b[r][8 - f];
    compress(nb, side, rest, out);
}

int run_engine(const char *input, char *output, size_t outlen)
{
    char in_path[] = "/tmp/chariot-test-inXXXXXX";
    int fd = mkstemp(in_path);
    if (fd < 0)
        return -1;
    if (write(fd, input, strlen(input)) < 0) {
        close(fd);
        return -1;
    }
    close(fd);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s < %s 2>&1", g_engine_path, in_path);
    FILE *p = popen(cmd, "r");
    size_t n = 0;
    if (p) {
        size_t k;
        while (n + 1 < outlen && (k = fread(output + n, 1, outlen - 1 - n, p)) > 0)
            n += k;
    }
    output[n] = 0;
    int status = p ? pclose(p) : -1;
    unlink(in_path);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A live engine process driven line by line (for end-to-end protocol tests). */
#include <poll.h>
#include <signal.h>
#include <stdarg.h>

bool engine_start(Engine *e) { return engine_start_args(e, NULL); }

bool engine_start_args(Engine *e, const char *const *args)
{
    char *argv[32] = {(char *)g_engine_path};
    for (int i = 0; args && args[i] && i + 2 < 32; i++)
        argv[i + 1] = (char *)args[i];
    int in[2], out[2];
    if (pipe(in) || pipe(out))
        return false;
    e->pid = fork();
    if (e->pid < 0)
        return false;
    if (e->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        dup2(out[1], 2);
        close(in[1]);
        close(out[0]);
        execv(g_engine_path, argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    signal(SIGPIPE, SIG_IGN);
    e->to = fdopen(in[1], "w");
    e->fd = out[0];
    e->len = 0;
    e->log[0] = 0;
    e->loglen = 0;
    return e->to != NULL;
}

void engine_send(Engine *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(e->to, fmt, ap);
    va_end(ap);
    fputc('\n', e->to);
    fflush(e->to);
}

/* Next line from the engine, or false after timeout_ms without one. */
static bool read_line(Engine *e, char *line, size_t len, int timeout_ms)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', (size_t)e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            snprintf(line, len, "%.*s", (int)n, e->buf);
            memmove(e->buf, nl + 1, (size_t)e->len - n - 1);
            e->len -= (int)n + 1;
            if (e->loglen + n + 2 < sizeof e->log)
                e->loglen += (size_t)snprintf(e->log + e->loglen, sizeof e->log - e->loglen, "%s\n", line);
            return true;
        }
        struct pollfd p = {e->fd, POLLIN, 0};
        if (e->len >= (int)sizeof e->buf - 1 || poll(&p, 1, timeout_ms) <= 0)
            return false;
        ssize_t k = read(e->fd, e->buf + e->len, sizeof e->buf - 1 - (size_t)e->len);
        if (k <= 0)
            return false;
        e->len += (int)k;
    }
}

bool engine_expect(Engine *e, const char *prefix, char *line, size_t len, int timeout_ms)
{
    char tmp[4096];
    if (!line) {
        line = tmp;
        len = sizeof tmp;
    }
    while (read_line(e, line, len, timeout_ms))
        if (!strncmp(line, prefix, strlen(prefix)))
            return true;
    return false;
}

int engine_close(Engine *e)
{
    int status = 0;
    engine_send(e, "quit");
    fclose(e->to);
    char line[4096];
    while (read_line(e, line, sizeof line, 5000))
        ;
    close(e->fd);
    waitpid(e->pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void check_bad_inputs(Engine *e, const BadInput *list, size_t n)
{
    char line[4096];
    for (size_t i = 0; i < n; i++) {
        engine_send(e, "%s", list[i].input);
        bool got = engine_expect(e, "info string error: ", line, sizeof line, 3000);
        CHECK(got && strstr(line, list[i].expect), "'%s' answered '%s', expected '%s'", list[i].input,
              got ? line : "(nothing)", list[i].expect);
        engine_send(e, "isready");
        CHECK(engine_expect(e, "readyok", NULL, 0, 3000), "alive after '%s'", list[i].input);
    }
}

bool engine_start_uci(Engine *e)
{
    if (!engine_start(e))
        return false;
    engine_send(e, "uci");
    return engine_expect(e, "uciok", NULL, 0, 10000);
}

bool move_legal_after(const char *fen, const char *moves, const char *move)
{
    Position pos;
    char err[160], buf[512], m[16] = "";
    if (!pos_set_fen(&pos, fen ? fen : GAME_STARTPOS, err, sizeof err) || sscanf(move, "%15s", m) != 1)
        return false;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move mv = pos_parse_move(&pos, t);
        if (!mv)
            return false;
        pos_make(&pos, mv);
    }
    return pos_parse_move(&pos, m) != MOVE_NONE;
}

void check_long_line(Engine *e)
{
    static char text[24000];
    size_t n = (size_t)snprintf(text, sizeof text, "position startpos moves");
    while (n + 24 < sizeof text) /* knights out and back: legal all the way */
        n += (size_t)snprintf(text + n, sizeof text - n, " b0c2 b9c7 c2b0 c7b9");
    char line[4096];
    engine_send(e, "%s", text);
    bool got = engine_expect(e, "info string error: ", line, sizeof line, 3000);
    CHECK(got && strstr(line, "line longer than"), "a %zu-character line: %s", n, got ? line : "(nothing)");
    engine_send(e, "isready");
    CHECK(engine_expect(e, "readyok", line, sizeof line, 3000), "the next line is a command again: %s", line);
}
