/*
 * tune.c - fit the evaluation weights (src/GAME/eval_weights.h) to games,
 * by Texel's method: find the weights whose static evaluation, squashed by a
 * logistic curve, best predicts a target for each position (mean squared
 * error), changing one weight at a time by a step and keeping the change if
 * the error falls; steps halve when a weight stops improving.
 *
 * The target mixes what happened and what a stronger engine thought:
 *     target = lambda * result + (1 - lambda) * sigmoid(teacher_cp / S_teacher)
 * (result: the first player's score in the game, Red's or White's;
 * teacher_cp: the teacher engine's score printed with its move, from
 * tools/tune/tune_data.py, or of a fixed-depth search, from tools/tune/tune_label.py
 * (Fairy-Stockfish for xiangqi, Stockfish for chess); S_teacher fitted first so
 * that the teacher's scores predict the results best). Positions: before each
 * move the teacher scored, after the opening plies, not in check, with no
 * capture that wins material by SEE (so the static evaluation is a fair
 * judge), every tenth kept aside to check the fit on positions it did not see.
 *
 *   make tune && ./chariot-tune out/tune/games.tsv [--lambda 0.5] [--passes 12]
 *        [--skip 10] [--threads 2] [--only NAME,NAME...] [--grow] [--write src/xiangqi/eval_weights.h]
 *
 * --only fits just the named weights (the rest stay as they are; NAME* names
 * every weight starting with NAME): for a change to one term of the
 * evaluation, refitted without moving everything else.
 * --grow doubles a weight's step (up to 64) each time it moves the same way
 * twice in a row, so new weights starting at 0 are not capped at 4 per pass.
 *
 * Built with -DEVAL_TUNING, which makes the weight array writable: `make
 * chariot-tune` against src/xiangqi, `make chariot-tune-chess` against
 * src/chess. The game's contract gives all it needs (FEN, moves, SEE, the
 * evaluation, pos_refresh_eval); it knows no game.
 */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval_weights.h"

enum {
    PREFIX = offsetof(Position, st) + sizeof(PosState),
    MAX_THREADS = 16,
    LINE_MAX_LEN = 1 << 16,
    TEACHER_MAX_CP = 1500, /* positions the teacher thinks decided are left out */
    GROW_MAX_STEP = 64,    /* --grow: the largest stride */
};

typedef struct {
    uint8_t pos[PREFIX];   /* the position, st[0] included (its incremental evaluation rebuilt per weight set) */
    float result, teacher; /* the first player's view: game score, teacher's centipawns */
    float target;
} Sample;

typedef struct {
    Sample *s;
    size_t n, cap;
} SampleSet;

static SampleSet train, valid;
static double scale_c; /* Chariot's logistic scale, fixed during the fit */
static int nthreads = 2;

static double sigmoid(double v, double scale) { return 1.0 / (1.0 + exp(-v / scale)); }

static void push(SampleSet *set, const Sample *s)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 4096;
        set->s = realloc(set->s, set->cap * sizeof *set->s);
        if (!set->s) {
            perror("tune");
            exit(1);
        }
    }
    set->s[set->n++] = *s;
}

/* No capture here wins material by static exchange. */
static bool quiet(const Position *pos)
{
    Move caps[MAX_MOVES];
    int n = gen_moves(pos, caps, GEN_NOISY);
    for (int i = 0; i < n; i++)
        if (pos_is_legal(pos, caps[i]) && pos_see_ge(pos, caps[i], 1))
            return false;
    return true;
}

static void add_sample(const Position *pos, float result, int teacher_cp, size_t *seen)
{
    if (teacher_cp <= -TEACHER_MAX_CP || teacher_cp >= TEACHER_MAX_CP)
        return;
    static Position flat;
    char buf[128];
    pos_get_fen(pos, buf, sizeof buf);
    pos_set_fen(&flat, buf, NULL, 0);
    Sample s = {.result = result, .teacher = (float)(pos_side(pos) == COLOR_FIRST ? teacher_cp : -teacher_cp)};
    memcpy(s.pos, &flat, PREFIX);
    push((*seen)++ % 10 == 9 ? &valid : &train, &s);
}

/* Two kinds of line: a game from tools/tune/tune_data.py (RESULT, FEN, MOVE:SCORE
 * ...), or a labelled position from tools/tune/tune_label.py (RESULT, FEN, the
 * teacher's centipawns for the side to move). With `dump`, quiet positions of
 * the games are written there as RESULT <TAB> FEN instead, whether scored or
 * not, for tune_label.py. */
static void load(const char *path, int skip, FILE *dump)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        exit(1);
    }
    static char line[LINE_MAX_LEN];
    static Position pos;
    size_t lines = 0, seen = 0, dumped = 0;
    while (fgets(line, sizeof line, f)) {
        char *res = strtok(line, "\t"), *fen = strtok(NULL, "\t"), *rest = strtok(NULL, "\t\n");
        if (!res || !fen || !rest || !pos_set_fen(&pos, fen, NULL, 0))
            continue;
        lines++;
        float result = (float)atof(res);
        if (!strchr(rest, ':')) { /* a labelled position */
            if (!pos_in_check(&pos))
                add_sample(&pos, result, atoi(rest), &seen);
            continue;
        }
        int ply = 0;
        for (char *tok = strtok(rest, " \n"); tok; tok = strtok(NULL, " \n"), ply++) {
            char *colon = strchr(tok, ':');
            if (!colon)
                break;
            *colon = 0;
            if (ply >= skip && !pos_in_check(&pos) && (dump || colon[1] != '-') && quiet(&pos)) {
                if (dump) {
                    char buf[128];
                    pos_get_fen(&pos, buf, sizeof buf);
                    fprintf(dump, "%s\t%s\n", res, buf);
                    dumped++;
                } else {
                    add_sample(&pos, result, atoi(colon + 1), &seen);
                }
            }
            Move m = pos_parse_move(&pos, tok);
            if (m == MOVE_NONE)
                break;
            pos_make(&pos, m);
            if (pos.ply > MAX_GAME_PLY - 8)
                break;
        }
    }
    fclose(f);
    if (dump)
        printf("%s: %zu lines, %zu quiet positions written\n", path, lines, dumped);
    else
        printf("%s: %zu lines; positions %zu for fitting, %zu kept aside\n", path, lines, train.n, valid.n);
}

/* The evaluation of one sample, from the first player's view, with the current weights. */
static int eval_first(Position *pos, const Sample *s)
{
    memcpy(pos, s->pos, PREFIX);
    pos_refresh_eval(pos);
    int v = eval_evaluate(pos);
    return pos_side(pos) == COLOR_FIRST ? v : -v;
}

typedef struct {
    const SampleSet *set;
    size_t from, to;
    double scale, sum;
    bool versus_result; /* against the game result rather than the target */
} Job;

static void *error_job(void *arg)
{
    Job *j = arg;
    Position *pos = malloc(sizeof *pos);
    double sum = 0;
    for (size_t i = j->from; i < j->to; i++) {
        const Sample *s = &j->set->s[i];
        double d = sigmoid(eval_first(pos, s), j->scale) - (j->versus_result ? s->result : s->target);
        sum += d * d;
    }
    free(pos);
    j->sum = sum;
    return NULL;
}

static double error_of(const SampleSet *set, double scale, bool versus_result)
{
    pthread_t th[MAX_THREADS];
    Job jobs[MAX_THREADS];
    for (int i = 0; i < nthreads; i++) {
        jobs[i] = (Job){
            set,          set->n * (size_t)i / (size_t)nthreads, set->n * (size_t)(i + 1) / (size_t)nthreads, scale, 0,
            versus_result};
        pthread_create(&th[i], NULL, error_job, &jobs[i]);
    }
    double sum = 0;
    for (int i = 0; i < nthreads; i++) {
        pthread_join(th[i], NULL);
        sum += jobs[i].sum;
    }
    return sum / (double)(set->n ? set->n : 1);
}

static double teacher_error(double scale)
{
    double sum = 0;
    for (size_t i = 0; i < train.n; i++) {
        double d = sigmoid(train.s[i].teacher, scale) - train.s[i].result;
        sum += d * d;
    }
    return sum / (double)train.n;
}

/* Golden-section search for the scale minimising f on [lo, hi]. */
static double best_scale(double (*f)(double), double lo, double hi)
{
    const double g = (sqrt(5.0) - 1) / 2;
    double a = lo, b = hi, c = b - g * (b - a), d = a + g * (b - a);
    double fc = f(c), fd = f(d);
    while (b - a > 0.5) {
        if (fc < fd) {
            b = d, d = c, fd = fc, c = b - g * (b - a), fc = f(c);
        } else {
            a = c, c = d, fc = fd, d = a + g * (b - a), fd = f(d);
        }
    }
    return (a + b) / 2;
}

static double chariot_error_vs_target(double scale) { return error_of(&train, scale, false); }

static double current_error(void)
{
    eval_init_tables();
    return error_of(&train, scale_c, false);
}

/* Mark the weights named in LIST (comma-separated; a name ending in '*'
 * stands for every weight that starts with what comes before it). False if
 * a name matches no weight: a misspelt one would silently fit nothing. */
static bool mark_named(const char *list, bool *marked)
{
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        const size_t n = end ? (size_t)(end - p) : strlen(p);
        const bool prefix = n > 0 && p[n - 1] == '*';
        const size_t len = prefix ? n - 1 : n;
        bool any = false;
        for (int w = 0; w < EVAL_WEIGHT_NB; w++)
            if (!strncmp(p, EVAL_WEIGHT_NAMES[w], len) && (prefix || EVAL_WEIGHT_NAMES[w][len] == 0))
                marked[w] = any = true;
        if (!any) {
            fprintf(stderr, "chariot-tune: --only: no weight named '%.*s'\n", (int)n, p);
            return false;
        }
        p += n + (end != NULL);
    }
    return true;
}

/* Rewrite the values in the X(NAME, value) list of the header; false (and
 * the file untouched) unless every weight is found there exactly once. */
static bool write_header(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return false;
    }
    static char text[1 << 16], out[1 << 17];
    size_t n = fread(text, 1, sizeof text - 1, f);
    const bool whole = feof(f);
    fclose(f);
    if (!whole) {
        fprintf(stderr, "chariot-tune: %s: larger than %zu bytes\n", path, sizeof text - 1);
        return false;
    }
    text[n] = 0;
    int found[EVAL_WEIGHT_NB] = {0};
    char *o = out;
    const char *p = text;
    while (*p) {
        bool done = false;
        const char *close = p[0] == 'X' && p[1] == '(' ? strchr(p, ')') : NULL;
        if (close)
            for (int w = 0; w < EVAL_WEIGHT_NB && !done; w++) {
                size_t len = strlen(EVAL_WEIGHT_NAMES[w]);
                if (strncmp(p + 2, EVAL_WEIGHT_NAMES[w], len) == 0 && p[2 + len] == ',') {
                    o += sprintf(o, "X(%s, %d)", EVAL_WEIGHT_NAMES[w], eval_weights[w]);
                    p = close + 1;
                    found[w]++;
                    done = true;
                }
            }
        if (!done)
            *o++ = *p++;
    }
    *o = 0;
    for (int w = 0; w < EVAL_WEIGHT_NB; w++)
        if (found[w] != 1) {
            fprintf(stderr, "chariot-tune: %s: X(%s, ...) found %d times, not written\n", path, EVAL_WEIGHT_NAMES[w],
                    found[w]);
            return false;
        }
    f = fopen(path, "w");
    if (!f) {
        perror(path);
        return false;
    }
    const bool ok = fputs(out, f) >= 0;
    if (fclose(f) != 0 || !ok) {
        perror(path);
        return false;
    }
    printf("weights written to %s\n", path);
    return true;
}

int main(int argc, char **argv)
{
    const char *paths[16], *header = NULL, *dump_path = NULL, *only = NULL;
    int npaths = 0;
    double lambda = 0.5;
    int passes = 12, skip = 10;
    bool grow = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--lambda") && i + 1 < argc)
            lambda = atof(argv[++i]);
        else if (!strcmp(argv[i], "--passes") && i + 1 < argc)
            passes = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--skip") && i + 1 < argc)
            skip = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
            nthreads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc)
            header = argv[++i];
        else if (!strcmp(argv[i], "--positions") && i + 1 < argc)
            dump_path = argv[++i];
        else if (!strcmp(argv[i], "--grow"))
            grow = true;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (argv[i][0] != '-' && npaths < 16)
            paths[npaths++] = argv[i];
        else {
            fprintf(stderr,
                    "usage: chariot-tune FILE... [--lambda L] [--passes N] [--skip PLIES] [--threads N] "
                    "[--only NAME,NAME...] [--grow] [--write HEADER] [--positions OUT]\n");
            return 2;
        }
    }
    if (!npaths || nthreads < 1 || nthreads > MAX_THREADS) {
        fprintf(stderr, "chariot-tune: give a games file (tools/tune/tune_data.py makes one)\n");
        return 2;
    }
    bool fitted[EVAL_WEIGHT_NB];
    for (int w = 0; w < EVAL_WEIGHT_NB; w++)
        fitted[w] = !only;
    if (only && !mark_named(only, fitted))
        return 2;
    game_init();
    if (dump_path) {
        FILE *dump = fopen(dump_path, "w");
        if (!dump) {
            perror(dump_path);
            return 1;
        }
        for (int i = 0; i < npaths; i++)
            load(paths[i], skip, dump);
        fclose(dump);
        return 0;
    }
    for (int i = 0; i < npaths; i++)
        load(paths[i], skip, NULL);
    if (train.n < 1000) {
        fprintf(stderr, "chariot-tune: too few positions\n");
        return 1;
    }
    double scale_t = best_scale(teacher_error, 20, 2000);
    printf("teacher: scale %.1f, error against results %.5f\n", scale_t, teacher_error(scale_t));
    SampleSet *sets[2] = {&train, &valid};
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < sets[k]->n; i++) {
            Sample *s = &sets[k]->s[i];
            s->target = (float)(lambda * s->result + (1 - lambda) * sigmoid(s->teacher, scale_t));
        }
    eval_init_tables();
    scale_c = best_scale(chariot_error_vs_target, 20, 2000);
    double err = current_error();
    printf("chariot: scale %.1f, error %.5f (aside %.5f; against results %.5f)\n", scale_c, err,
           error_of(&valid, scale_c, false), error_of(&train, scale_c, true));

    int step[EVAL_WEIGHT_NB], last_dir[EVAL_WEIGHT_NB] = {0};
    for (int w = 0; w < EVAL_WEIGHT_NB; w++)
        step[w] = abs(eval_weights[w]) >= 64 ? abs(eval_weights[w]) / 16 : 4;

    for (int pass = 1; pass <= passes; pass++) {
        int improved = 0;
        for (int w = 0; w < EVAL_WEIGHT_NB; w++) {
            if (!fitted[w])
                continue;
            const int old = eval_weights[w];
            bool better = false;
            for (int dir = 1; dir >= -1 && !better; dir -= 2) {
                eval_weights[w] = old + dir * step[w];
                double e = current_error();
                if (e < err) {
                    err = e;
                    better = true;
                    /* --grow: a weight that keeps moving the same way takes longer strides */
                    if (grow && dir == last_dir[w] && step[w] < GROW_MAX_STEP)
                        step[w] *= 2;
                    last_dir[w] = dir;
                }
            }
            if (better)
                improved++;
            else {
                last_dir[w] = 0;
                eval_weights[w] = old;
                if (step[w] > 1)
                    step[w] /= 2;
            }
        }
        eval_init_tables();
        printf("pass %d: error %.6f (aside %.6f), %d weights moved\n", pass, err, error_of(&valid, scale_c, false),
               improved);
        fflush(stdout);
        if (!improved) {
            bool all_one = true;
            for (int w = 0; w < EVAL_WEIGHT_NB; w++)
                all_one &= step[w] == 1 || !fitted[w];
            if (all_one)
                break;
        }
    }
    /* the tables already hold the final weights: each pass ends with eval_init_tables() */
    printf("fitted: error %.5f (aside %.5f; against results %.5f)\n", err, error_of(&valid, scale_c, false),
           error_of(&train, scale_c, true));
    printf("weights:\n");
    for (int w = 0; w < EVAL_WEIGHT_NB; w++)
        printf("  X(%s, %d)\n", EVAL_WEIGHT_NAMES[w], eval_weights[w]);
    return header && !write_header(header) ? 1 : 0;
}
