/*
 * fuzz_epd.c - the mate-suite reader of the table laboratory (`chariot
 * ttlab mates --epd FILE`): the input is the file, read line by line with
 * proto_read_bounded into a buffer of the size ttlab.c uses (each read must
 * end at an end of line: no line is split, however long, whatever bytes it
 * holds), each line given to ttlab_parse_mate_line. What the laboratory then
 * computes from a line (the mate scores it compares, the two moves of the pv
 * it plays) is done here too, without the searches.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "protocol.h"
#include "ttlab.h"

enum { LINE_SIZE = 512 };                                  /* run_mates' buffer */
enum { HEAD = offsetof(Position, st) + sizeof(PosState) }; /* what pos_set_fen writes */

static Position pos, keep;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    game_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    char line[LINE_SIZE], err[64];
    const char *why = NULL;
    ReadLine status;
    pos_set_fen(&pos, GAME_STARTPOS, err, sizeof err);
    while ((status = proto_read_bounded(f, line, sizeof line)) != READ_EOF) {
        FUZZ_CHECK(memchr(line, 0, sizeof line), "line not terminated");
        /* Whole lines only: what was read ends at an end of line or of the file, so that the tail of
         * a long line can never pass for a line of its own (a NUL in the line must not change that). */
        const long at = ftell(f);
        FUZZ_CHECK(at > 0 && ((size_t)at == size || data[at - 1] == '\n'),
                   "%s line ends at byte %ld of %zu, not at an end of line",
                   status == READ_TOO_LONG ? "an over-long" : "a", at, size);
        if (status == READ_TOO_LONG) {
            FUZZ_CHECK(!*line, "an over-long line must come back empty");
            continue;
        }
        FUZZ_CHECK(!strpbrk(line, "\r\n"), "end of line left in '%s'", line);
        TTLabMate m;
        memcpy(&keep, &pos, HEAD); /* not the whole history: a line may be empty */
        if (!ttlab_parse_mate_line(line, &pos, &m)) {
            FUZZ_CHECK(!memcmp(&pos, &keep, HEAD), "a refused line changed the position");
            continue;
        }
        FUZZ_CHECK(m.n >= 0 && m.n <= MAX_PLY && memchr(m.want, 0, sizeof m.want), "'%s': dm %d", line, m.n);
        /* what run_mates compares the root score with */
        volatile Score first = score_mate_in(2 * m.n - 1), later = score_mate_in(2 * (m.n - 1) - 1);
        (void)first, (void)later;
        FUZZ_CHECK(!m.follow[0] == !m.follow[1], "'%s': one move of the pv without the other", line);
        if (m.follow[0]) {
            const Key key = pos_key(&pos);
            char a[8];
            move_to_str(m.follow[0], a);
            FUZZ_CHECK(pos_parse_move(&pos, a) == m.follow[0], "'%s': bm %s is not legal", line, a);
            pos_make(&pos, m.follow[0]);
            move_to_str(m.follow[1], a);
            FUZZ_CHECK(pos_parse_move(&pos, a) == m.follow[1], "'%s': reply %s is not legal", line, a);
            pos_make(&pos, m.follow[1]);
            FUZZ_CHECK(pos_ok(&pos, &why), "'%s' after the pv: %s", line, why);
            pos_unmake(&pos);
            pos_unmake(&pos);
            FUZZ_CHECK(pos_key(&pos) == key, "'%s': pv not undone", line);
        }
    }
    fclose(f);
    return 0;
}
