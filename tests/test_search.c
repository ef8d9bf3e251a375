/*
 * test_search.c - the search finds the mates of tests/mates.epd within a
 * fixed node budget, and is reproducible.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "search.h"
#include "thread.h"

enum { MATE_NODE_BUDGET = 1000000, MATE_MIN_SOLVED = 49, MATE_QUICK_POSITIONS = 12 };
enum { SHALLOW_MAX_DEPTH = 8, SHALLOW_SCORE_LIMIT = 150 };

static Move search_nodes(SearchThread *t, const char *fen, uint64_t nodes, int depth)
{
    char err[160];
    if (!pos_set_fen(&t->pos, fen, err, sizeof err))
        return MOVE_NONE;
    tt_clear();
    search_clear_history(t);
    search_limits_init(&t->limits);
    t->limits.nodes = nodes;
    t->limits.depth = depth;
    atomic_store(&g_stop, false);
    return search_run(t, NULL);
}

static void test_mates(void)
{
    static char lines[64][512];
    SearchThread *t = threads_main();
    int n = read_lines("tests/mates.epd", lines, 64), solved = 0, tried = 0;
    CHECK(n == 50, "tests/mates.epd has %d positions, expected 50", n);
    for (int i = 0; i < n && (!g_quick || i < MATE_QUICK_POSITIONS); i++) {
        char fen[256], bm[8] = "";
        char *p = strstr(lines[i], " bm ");
        if (!p)
            continue;
        size_t len = (size_t)(p - lines[i]);
        snprintf(fen, sizeof fen, "%.*s 0 1", (int)len, lines[i]);
        sscanf(p + 4, "%7[a-i0-9]", bm);
        Move m = search_nodes(t, fen, MATE_NODE_BUDGET, 0);
        char got[8];
        move_to_str(m, got);
        tried++;
        if (!strcmp(got, bm) && score_is_mate(t->s.root[0].score))
            solved++;
        else if (!g_quick)
            fprintf(stderr, "  mate suite: line %d not solved (played %s, expected %s)\n", i + 1, got, bm);
    }
    printf("mate suite: %d of %d solved within %d nodes each\n", solved, tried, MATE_NODE_BUDGET);
    if (g_quick)
        CHECK(solved >= tried - 2, "mate suite (quick): %d of %d", solved, tried);
    else
        CHECK(solved >= MATE_MIN_SOLVED, "mate suite: %d of %d solved, need %d", solved, tried, MATE_MIN_SOLVED);
}

/* Does the side to move in pos, after m, face a mate in one? */
static bool allows_mate_in_one(Position *pos, Move m)
{
    Move replies[MAX_MOVES], answers[MAX_MOVES];
    pos_make(pos, m);
    bool mate = false;
    const int n = gen_legal(pos, replies);
    for (int i = 0; i < n && !mate; i++) {
        pos_make(pos, replies[i]);
        mate = gen_legal(pos, answers) == 0;
        pos_unmake(pos);
    }
    pos_unmake(pos);
    return mate;
}

/* Playing weaker through the search: a mate is always played, a move that allows a mate in one never, at the
 * weakest level (the choice among lines and the Elo scale without a search: test_skill.c). */
static void test_skill_search(void)
{
    /* Through the search at level 0, after the first two moves of each solution of the mate-in-two suite:
     * the mate in one is played, and the defender to move (the same position, the other side to move) never
     * allows it. */
    static char lines[64][512];
    SearchThread *t = threads_main();
    const int n = read_lines("tests/mates.epd", lines, 64);
    int mates = 0, threats = 0;
    for (int i = 0; i < n && i < 12; i++) {
        char fen[256], pv[3][8];
        char *p = strstr(lines[i], " bm "), *line = strstr(lines[i], " pv ");
        if (!p || !line || sscanf(line + 4, "%7s %7s %7s", pv[0], pv[1], pv[2]) != 3)
            continue;
        snprintf(fen, sizeof fen, "%.*s 0 1", (int)(p - lines[i]), lines[i]);
        Position pos;
        char err[160], after[256];
        pos_set_fen(&pos, fen, err, sizeof err);
        pos_make(&pos, pos_parse_move(&pos, pv[0]));
        pos_make(&pos, pos_parse_move(&pos, pv[1]));
        pos_get_fen(&pos, after, sizeof after);
        for (int k = 0; k < 3; k++) {
            pos_set_fen(&t->pos, after, err, sizeof err);
            search_limits_init(&t->limits);
            t->limits.weakened = true;
            t->limits.skill_level = 0;
            atomic_store(&g_stop, false);
            Position probe = t->pos;
            const Move m = search_run(t, NULL);
            char got[8];
            move_to_str(m, got);
            pos_make(&probe, m);
            Move none[MAX_MOVES];
            CHECK(gen_legal(&probe, none) == 0, "level 0 missed the mate in one of line %d: %s (%s mates)", i + 1, got,
                  pv[2]);
            mates++;
        }
        /* The defender to move, facing the mate in one. */
        char *side = strstr(after, " w ") ? strstr(after, " w ") : strstr(after, " b ");
        side[1] = side[1] == 'w' ? 'b' : 'w';
        if (!pos_set_fen(&pos, after, err, sizeof err) || pos_in_check(&pos))
            continue;
        Move list[MAX_MOVES];
        int legal = gen_legal(&pos, list), unsafe = 0;
        for (int k = 0; k < legal; k++)
            unsafe += allows_mate_in_one(&pos, list[k]);
        if (unsafe == 0 || unsafe == legal)
            continue;
        for (int k = 0; k < 5; k++) {
            t->pos = pos;
            search_limits_init(&t->limits);
            t->limits.weakened = true;
            t->limits.skill_level = 0;
            atomic_store(&g_stop, false);
            const Move m = search_run(t, NULL);
            char got[8];
            move_to_str(m, got);
            CHECK(!allows_mate_in_one(&pos, m), "level 0 allowed a mate in one: %s in %s", got, after);
            threats++;
        }
    }
    CHECK(mates >= 30 && threats >= 10, "%d mate searches, %d searches under a mate threat", mates, threats);
}

static void test_reproducible(void)
{
    SearchThread *t = threads_main();
    const char *fen = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
    Move a = search_nodes(t, fen, 200000, 0);
    uint64_t na = t->s.stats.nodes;
    Score sa = t->s.root[0].score;
    Move b = search_nodes(t, fen, 200000, 0);
    CHECK(a == b && na == t->s.stats.nodes && sa == t->s.root[0].score, "same search twice differs");
    CHECK(na == 200000, "node limit is exact: searched %llu", (unsigned long long)na);
    /* Depth-limited: legal move, a sane score. */
    Move c = search_nodes(t, GAME_STARTPOS, 0, 8);
    CHECK(c != MOVE_NONE && pos_is_legal(&t->pos, c), "start position: a legal move");
    CHECK(abs(t->s.root[0].score) < 200, "start position looks balanced (%d)", t->s.root[0].score);
    /* No legal move: no best move. */
    Move d = search_nodes(t, "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", 0, 3);
    CHECK(d == MOVE_NONE, "mated side has no move");
}

/* Every shallow depth from the start position reads as balanced: a PV node
 * searches all its quiet moves, so at depth 2 the reply to the first move is
 * the best of them, not the best of the two that move ordering put first
 * (xiangqi read +3.64 at depth 2, h0g2 a9a8, when late-move pruning cut the
 * PV nodes too: a9a8 hangs the b9 horse, yet was the better of the two). */
static void test_shallow_depths_balanced(void)
{
    SearchThread *t = threads_main();
    for (int depth = 1; depth <= SHALLOW_MAX_DEPTH; depth++) {
        Move m = search_nodes(t, GAME_STARTPOS, 0, depth);
        char got[8] = "none";
        if (m != MOVE_NONE)
            move_to_str(m, got);
        CHECK(m != MOVE_NONE && abs(t->s.root[0].score) < SHALLOW_SCORE_LIMIT,
              "start position at depth %d reads balanced (%s, %d)", depth, got, t->s.root[0].score);
    }
}

/* The structure key follows kings, advisors, elephants and pawns only; the
 * correction history moves toward search results and stays bounded. */
static void test_correction(void)
{
    Position pos;
    char err[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    const Key k0 = pos_structure_key(&pos);
    pos_make(&pos, pos_parse_move(&pos, "h2e2")); /* cannon: the structure stays */
    CHECK(pos_structure_key(&pos) == k0, "a cannon move changed the structure key");
    pos_make(&pos, pos_parse_move(&pos, "c6c5")); /* pawn: it changes */
    CHECK(pos_structure_key(&pos) != k0, "a pawn move left the structure key unchanged");
    CHECK(pos_ok(&pos, NULL), "incremental structure key equals the one from scratch");
    pos_unmake(&pos);
    pos_unmake(&pos);
    CHECK(pos_structure_key(&pos) == k0, "unmake restores the structure key");

    History *h = calloc(1, sizeof *h);
    if (!h)
        return;
    const Key key = 12345;
    history_update_correction(h, RED, key, 300, 100, 6);
    const int c1 = history_correction(h, RED, key);
    CHECK(c1 > 0, "search above the evaluation: positive correction (%d)", c1);
    CHECK(history_correction(h, BLACK, key) == 0, "the other side's entry is untouched");
    for (int i = 0; i < 1000; i++)
        history_update_correction(h, RED, key, 5000, 0, 20);
    const int c2 = history_correction(h, RED, key);
    CHECK(c2 > c1 && c2 <= CORRECTION_LIMIT / CORRECTION_GRAIN, "correction grows but stays bounded (%d)", c2);
    for (int i = 0; i < 1000; i++)
        history_update_correction(h, RED, key, -5000, 0, 20);
    CHECK(history_correction(h, RED, key) < 0 &&
              history_correction(h, RED, key) >= -CORRECTION_LIMIT / CORRECTION_GRAIN,
          "correction turns negative, bounded (%d)", history_correction(h, RED, key));
    free(h);
}

/* Quiescence never delta-prunes a capture that gives check: here (mate-suite
 * line 12 after f4g4, Red to move again as after a null move) the cannon
 * takes an elephant on g9 and mates. Far below alpha, the elephant alone
 * could not reach it, so the capture was skipped, the null move at Black's
 * reply held, and the mate in 2 went unseen up to depth 17. */
static void test_checking_capture_not_delta_pruned(void)
{
    SearchThread *t = threads_main();
    const char *fen = "r2ckabC1/4a4/4R2R1/p1n1p4/1Pp3P1p/6CNP/2P1P4/2N1B4/4K4/5AB2 w - - 0 1";
    CHECK(search_nodes(t, fen, 0, 1) != MOVE_NONE, "line 12 after f4g4: a move at depth 1");
    const Score alpha = eval_evaluate(&t->pos) + 1000;
    tt_clear(); /* the depth-1 search stored the mate */
    atomic_store(&g_stop, false);
    Score v = search_node(t, alpha, alpha + 1, 0, 0, false); /* depth 0: quiescence */
    CHECK(v >= SCORE_MATE_IN_MAX, "quiescence far below alpha finds the checking capture that mates (%d)", v);
    /* The whole search: found at depth 11 (37,671 nodes); with the capture
     * pruned, only at depth 18 (1.31 M nodes). */
    Move m = search_nodes(t, "r2ckabC1/4a4/4R2R1/p1n1p4/1Pp3P1p/5C1NP/2P1P4/2N1B4/4K4/5AB2 w - - 0 1", 200000, 0);
    char got[8];
    move_to_str(m, got);
    CHECK(!strcmp(got, "f4g4") && t->s.root[0].score == score_mate_in(3),
          "line 12 within 200,000 nodes: f4g4, mate in 2 (%s, %d)", got, t->s.root[0].score);
}

/* Helpers are persistent threads woken for each search: each helper joins
 * every one of a run of searches, quick or not, across a resize of the pool
 * (a lost wake-up would leave the search waiting for that helper for ever;
 * a spurious one would count twice). */
static void test_helpers_every_search(void)
{
    SearchThread *t = threads_main();
    for (int threads = 3; threads >= 2; threads--) {
        CHECK(engine_set_threads(threads), "a pool of %d threads", threads);
        uint64_t before[3];
        for (int k = 1; k < threads; k++)
            before[k] = threads_get(k)->searches;
        int moves = 0;
        for (int i = 0; i < 40; i++)
            moves += search_nodes(t, GAME_STARTPOS, 0, 1 + i % 6) != MOVE_NONE;
        CHECK(moves == 40, "%d threads: %d of 40 searches gave a move", threads, moves);
        for (int k = 1; k < threads; k++)
            CHECK(threads_get(k)->searches - before[k] == 40, "%d threads: helper %d joined %llu of 40 searches",
                  threads, k, (unsigned long long)(threads_get(k)->searches - before[k]));
    }
    CHECK(engine_set_threads(1), "back to one thread");
}

static int answers;
static void count_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ponder, (void)ctx;
    answers += best != MOVE_NONE;
}

/* Issue #23: when the search thread cannot be created, engine_go says so
 * instead of searching in place (an infinite search there read no stop), and
 * the front end can search here with a bound; helpers cannot start either. */
static void test_thread_start_failure(void)
{
    Position pos;
    char err[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    SearchLimits l;
    search_limits_init(&l);
    l.infinite = true;
    l.depth = 3;
    const SearchReporter rep = {NULL, count_bestmove, NULL};
    answers = 0;
    engine_set_stack_size((size_t)1 << 46); /* 64 TiB: no thread gets such a stack */
    CHECK(!engine_go(&pos, &l, &rep) && !engine_busy(), "a thread that cannot start is reported");
    CHECK(!engine_set_threads(2) && engine_threads() == 1, "helpers that cannot start are reported: %d",
          engine_threads());
    engine_go_here(&pos, &l, &rep); /* infinite is dropped: returns at depth 3 */
    CHECK(answers == 1, "searched in place: %d answers", answers);
    engine_set_stack_size(THREAD_STACK_BYTES);
    CHECK(engine_go(&pos, &l, &rep), "threads start again");
    engine_stop();
    engine_wait();
    CHECK(answers == 2 && !engine_busy(), "the thread's search answered: %d", answers);
}

static void last_score(const SearchInfo *info, void *ctx)
{
    if (info->bound == BOUND_EXACT)
        *(Score *)ctx = info->score;
}

static _Thread_local int searches_on_this_thread; /* fresh (0) in every new thread */
static int worker_counts[3];
static void note_worker(Move best, Move ponder, void *ctx)
{
    (void)best, (void)ponder;
    *(int *)ctx = ++searches_on_this_thread;
}

/* The worker thread is created once and sleeps between searches and jobs (a fuzzed XBoard session
 * used to start about 12 threads): three searches in a row run on one thread, each waited for by
 * engine_wait; a new stack size brings a new thread. */
static void test_worker_persists(void)
{
    Position pos;
    char err[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    SearchLimits l;
    search_limits_init(&l);
    l.depth = 2;
    for (int i = 0; i < 3; i++) {
        const SearchReporter rep = {NULL, note_worker, &worker_counts[i]};
        worker_counts[i] = 0;
        CHECK(engine_go(&pos, &l, &rep), "search %d starts", i);
        engine_wait();
        CHECK(!engine_busy(), "search %d is over after engine_wait", i);
    }
    CHECK(worker_counts[1] == worker_counts[0] + 1 && worker_counts[2] == worker_counts[0] + 2,
          "three searches on one worker thread: its count of searches read %d, %d, %d", worker_counts[0],
          worker_counts[1], worker_counts[2]);
    engine_set_stack_size(THREAD_STACK_BYTES);
    const SearchReporter rep = {NULL, note_worker, &worker_counts[0]};
    CHECK(engine_go(&pos, &l, &rep), "a search after a new stack size starts");
    engine_wait();
    CHECK(worker_counts[0] == 1, "a new stack size brings a new worker thread: its count read %d", worker_counts[0]);
}

/* Search the row-1 chase (tests/xiangqi-repetition.txt) after `moves`, with Red's horses and
 * one cannon gone: Red is lost on material, so a draw by repetition would suit it. */
static Move search_chase(const char *moves, const char *rule, Score *score)
{
    static const char *const FEN = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C6/9/2BAKAB2 w - - 0 1";
    SearchThread *t = threads_main();
    char err[160], buf[256];
    if (!pos_set_fen(&t->pos, FEN, err, sizeof err))
        return MOVE_NONE;
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        pos_make(&t->pos, pos_parse_move(&t->pos, tok));
    pos_set_repetition_rule(&t->pos, rule);
    tt_clear();
    search_clear_history(t);
    search_limits_init(&t->limits);
    t->limits.depth = 9;
    atomic_store(&g_stop, false);
    SearchReporter rep = {last_score, NULL, score};
    return search_run(t, &rep);
}

/* The chase rule in the search: the chaser, losing, no longer repeats into a forbidden cycle; the
 * victim repeats because the chaser must then give way. CheckOnly shows that the positions test it. */
static void test_chase_rule(void)
{
    const char *eight = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7", *seven = "c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2";
    char m[8];
    Score axf, only;
    Move best = search_chase(eight, "CheckOnly", &only);
    move_to_str(best, m);
    CHECK(!strcmp(m, "b2a2") && only == SCORE_DRAW, "CheckOnly: the losing chaser repeats (%s, %d)", m, only);
    best = search_chase(eight, "AXF", &axf);
    move_to_str(best, m);
    CHECK(best != MOVE_NONE && strcmp(m, "b2a2") && axf < SCORE_DRAW, "AXF: the chaser gives way (%s, %d)", m, axf);
    best = search_chase(seven, "AXF", &axf);
    move_to_str(best, m);
    CHECK(!strcmp(m, "b7a7"), "AXF: the victim repeats (%s, %d)", m, axf);
    search_chase(seven, "CheckOnly", &only);
    CHECK(axf > only, "AXF: the victim's repetition is worth more than under CheckOnly (%d, %d)", axf, only);
}

/* Searching here with a yield (the WebAssembly build without threads, src/web/web.c): the search hands
 * control to the caller's loop while it runs, is busy meanwhile, and ends by a stop or a ponderhit read
 * there; an infinite search waits for the stop, a ponder search for the ponderhit. */
static int yields, yield_stop_at, yield_ponderhit_at;
static bool busy_in_yield = true;
static void test_yield(int nap_ms)
{
    (void)nap_ms;
    yields++;
    busy_in_yield = busy_in_yield && engine_busy();
    if (yields == yield_ponderhit_at)
        CHECK(engine_ponderhit(), "a ponderhit read in a yield switches the ponder search to its clock");
    if (yields == yield_stop_at)
        engine_stop();
}

static void test_search_here_yields(void)
{
    Position pos;
    char err[160];
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    const SearchReporter rep = {NULL, count_bestmove, NULL};
    SearchLimits l;
    CHECK(!engine_searches_here(), "no yield by default");
    engine_set_yield(test_yield);
    CHECK(engine_searches_here(), "a yield is set");

    search_limits_init(&l);
    l.infinite = true;
    l.depth = 2; /* done at once: then only the stop ends it */
    yields = 0, yield_stop_at = 30, yield_ponderhit_at = 0, answers = 0, busy_in_yield = true;
    engine_go_here(&pos, &l, &rep);
    CHECK(answers == 1 && yields == 30,
          "an infinite search here ends at the stop read in its 30th yield: %d answers, %d yields", answers, yields);
    CHECK(busy_in_yield && !engine_busy(), "busy in every yield, not after the bestmove");

    search_limits_init(&l);
    l.ponder = true;
    l.movetime = 1; /* once the ponderhit came: a millisecond */
    yields = 0, yield_stop_at = 1000, yield_ponderhit_at = 5, answers = 0;
    engine_go_here(&pos, &l, &rep);
    CHECK(answers == 1 && yields >= 5 && yields < 1000, "a ponder search here ends after the ponderhit: %d yields",
          yields);

    engine_set_yield(NULL);
    CHECK(!engine_searches_here(), "the yield is cleared");
}

/* The other processes of a cluster build, as the search sees them (thread.h: ProcessHooks): a deeper line
 * completed elsewhere is played, with its ponder move, if its move is a root move of this search; a
 * shallower one, or one whose move is not a root move, is not; the end of the search is announced. */
static SearchLine far_line;
static int far_finished;
static Move far_best, far_ponder;

static bool far_outside(Key root, SearchLine *out)
{
    if (root != far_line.root)
        return false;
    *out = far_line;
    return true;
}

static void far_done(const SearchStats *all) { far_finished += all->nodes > 0; }

static void far_bestmove(Move best, Move ponder, void *ctx)
{
    (void)ctx;
    far_best = best;
    far_ponder = ponder;
}

static Move far_search(SearchThread *t, const SearchReporter *rep)
{
    search_limits_init(&t->limits);
    t->limits.depth = 4;
    atomic_store(&g_stop, false);
    tt_clear();
    search_clear_history(t); /* each search the same, whatever ran before it */
    far_finished = 0;
    return search_run(t, rep);
}

static void test_outside_lines(void)
{
    SearchThread *t = threads_main();
    const SearchReporter rep = {NULL, far_bestmove, NULL};
    char err[160];
    CHECK(pos_set_fen(&t->pos, GAME_STARTPOS, err, sizeof err), "start position");
    Move legal[MAX_MOVES];
    const int n = gen_legal(&t->pos, legal);
    const Move own = far_search(t, &rep); /* no hooks: the ordinary search */
    const Move alt = legal[0] != own ? legal[0] : legal[1], none_here = move_make(SQUARE_NB / 2, SQUARE_NB / 2);
    bool legal_none = false;
    for (int i = 0; i < n; i++)
        legal_none |= legal[i] == none_here;
    CHECK(!legal_none, "a move from a square to itself is no root move");
    threads_set_process_hooks(&(ProcessHooks){NULL, far_outside, far_done, NULL});
    far_line = (SearchLine){pos_key(&t->pos), 30, 0, 2, {alt, legal[n - 1]}};
    far_search(t, &rep);
    CHECK(far_best == alt && far_ponder == legal[n - 1] && far_finished == 1,
          "a deeper line from elsewhere is played, with its ponder move");
    far_line.depth = 3;
    CHECK(far_search(t, &rep) == own && far_finished == 1, "a shallower line from elsewhere is not played");
    far_line = (SearchLine){pos_key(&t->pos), 30, 0, 1, {none_here}};
    CHECK(far_search(t, &rep) == own, "nor one whose move is not a root move");
    far_line.root ^= 1;
    far_line.pv[0] = alt;
    CHECK(far_search(t, &rep) == own, "nor a line of another position");
    threads_set_process_hooks(&(ProcessHooks){NULL, NULL, NULL, NULL});
}

/* A new game clears the history of every thread that has searched since the last clear, and leaves a
 * history no search has touched as it is (all zero, as calloc gave it). */
/* Busy marks in memory other processes share (a cluster node's ranks): marks go there, and one thread
 * splits work with the threads of the other processes; unshared, this process's own marks are back. */
static void test_shared_busy_marks(void)
{
    static _Alignas(64) unsigned char shared[THREADS_BUSY_BYTES];
    const Key parent = 0x5a5a123412341234ULL;
    const Move m = 77;
    CHECK(engine_threads() == 1 && !threads_split_work(), "one thread alone splits no work");
    threads_share_busy(shared);
    CHECK(threads_split_work(), "one thread with shared marks splits work");
    thread_mark_busy(parent, m);
    bool written = false;
    for (size_t i = 0; i < sizeof shared; i++)
        written |= shared[i] != 0;
    CHECK(written && thread_busy_elsewhere(parent, m), "a mark goes into the shared memory");
    threads_share_busy(NULL);
    CHECK(!thread_busy_elsewhere(parent, m) && !threads_split_work(), "unshared: the own marks, without it");
    threads_share_busy(shared);
    thread_unmark_busy(parent, m);
    CHECK(!thread_busy_elsewhere(parent, m), "an unmark clears the shared mark");
    threads_share_busy(NULL);
}

static void test_new_game_history(void)
{
    SearchThread *t = threads_main();
    search_nodes(t, GAME_STARTPOS, 20000, 0);
    bool learned = false;
    for (size_t i = 0; i < sizeof t->hist.butterfly / sizeof t->hist.butterfly[0][0]; i++)
        learned |= (&t->hist.butterfly[0][0])[i] != 0;
    CHECK(learned && t->hist.searched, "a search of 20000 nodes leaves quiet-move history");
    engine_new_game();
    bool zero = true;
    for (size_t i = 0; i < sizeof t->hist.butterfly / sizeof t->hist.butterfly[0][0]; i++)
        zero &= (&t->hist.butterfly[0][0])[i] == 0;
    CHECK(zero && !t->hist.searched, "a new game clears the main thread's history");
    CHECK(engine_set_threads(2), "two threads");
    const SearchThread *h = threads_get(1);
    CHECK(h && !h->hist.searched && h->hist.butterfly[0][1] == 0, "a new helper's history is clear, not yet searched");
    engine_new_game();
    CHECK(engine_set_threads(1), "one thread again");
}

void test_search(void)
{
    test_new_game_history();
    test_shared_busy_marks();
    test_outside_lines();
    test_chase_rule();
    test_thread_start_failure();
    test_worker_persists();
    test_search_here_yields();
    test_correction();
    test_checking_capture_not_delta_pruned();
    test_reproducible();
    test_shallow_depths_balanced();
    test_helpers_every_search();
    test_mates();
    test_skill_search();
}
