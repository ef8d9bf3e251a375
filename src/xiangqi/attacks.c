/*
 * attacks.c - precomputed geometry (see board.h) and the attack test.
 */
#include "board.h"
#include "pos_common.h"

uint8_t RAY[SQUARE_NB][DIR_NB][10];
uint8_t HORSE_MOVES[SQUARE_NB][17];
uint8_t HORSE_ATTACKERS[SQUARE_NB][17];
uint8_t ELEPHANT_MOVES[SQUARE_NB][9];
uint8_t ADVISOR_MOVES[SQUARE_NB][5];
uint8_t KING_MOVES[SQUARE_NB][5];
uint8_t PAWN_MOVES[2][SQUARE_NB][4];
uint8_t PAWN_ATTACKERS[2][SQUARE_NB][4];
bool IN_PALACE[2][SQUARE_NB];
Key ZOBRIST[PIECE_NB][SQUARE_NB];
Key ZOBRIST_SIDE;
const uint8_t SLOT_TYPE[16] = {KING, ADVISOR, ADVISOR, ELEPHANT, ELEPHANT, HORSE, HORSE, ROOK,
                               ROOK, CANNON,  CANNON,  PAWN,     PAWN,     PAWN,  PAWN,  PAWN};

static const int DIR_DF[DIR_NB] = {0, 0, 1, -1};
static const int DIR_DR[DIR_NB] = {1, -1, 0, 0};

static bool on_board(int f, int r) { return f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB; }
static Color half_of(int r) { return r <= 4 ? RED : BLACK; }
static bool palace(Color c, int f, int r)
{
    return f >= 3 && f <= 5 && (c == RED ? r >= 0 && r <= 2 : r >= 7 && r <= 9);
}

static void init_steps(int sq)
{
    int f = sq_file(sq), r = sq_rank(sq), n;
    static const int HF[8] = {1, -1, 1, -1, 2, 2, -2, -2}, HR[8] = {2, 2, -2, -2, 1, -1, 1, -1};
    static const int DF[4] = {1, 1, -1, -1}, DR[4] = {1, -1, 1, -1};

    for (int d = 0; d < DIR_NB; d++) {
        n = 0;
        for (int k = 1; on_board(f + k * DIR_DF[d], r + k * DIR_DR[d]); k++)
            RAY[sq][d][n++] = (uint8_t)sq_make(f + k * DIR_DF[d], r + k * DIR_DR[d]);
        RAY[sq][d][n] = SQ_END;
    }
    n = 0; /* horse: the leg is the orthogonal step along the long side */
    for (int i = 0; i < 8; i++) {
        int tf = f + HF[i], tr = r + HR[i];
        if (!on_board(tf, tr))
            continue;
        int lf = f + (HF[i] == 2 ? 1 : HF[i] == -2 ? -1 : 0);
        int lr = r + (HR[i] == 2 ? 1 : HR[i] == -2 ? -1 : 0);
        HORSE_MOVES[sq][n++] = (uint8_t)sq_make(tf, tr);
        HORSE_MOVES[sq][n++] = (uint8_t)sq_make(lf, lr);
    }
    HORSE_MOVES[sq][n] = SQ_END;
    n = 0; /* elephant: two diagonal steps, eye in between, same half */
    for (int i = 0; i < 4; i++) {
        int tf = f + 2 * DF[i], tr = r + 2 * DR[i];
        if (!on_board(tf, tr) || half_of(tr) != half_of(r))
            continue;
        ELEPHANT_MOVES[sq][n++] = (uint8_t)sq_make(tf, tr);
        ELEPHANT_MOVES[sq][n++] = (uint8_t)sq_make(f + DF[i], r + DR[i]);
    }
    ELEPHANT_MOVES[sq][n] = SQ_END;
    n = 0; /* advisor: one diagonal step inside the palace */
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 4; i++)
            if (palace(c, f, r) && palace(c, f + DF[i], r + DR[i]))
                ADVISOR_MOVES[sq][n++] = (uint8_t)sq_make(f + DF[i], r + DR[i]);
    ADVISOR_MOVES[sq][n] = SQ_END;
    n = 0; /* king: one orthogonal step inside the palace */
    for (int c = 0; c < 2; c++)
        for (int d = 0; d < DIR_NB; d++)
            if (palace(c, f, r) && palace(c, f + DIR_DF[d], r + DIR_DR[d]))
                KING_MOVES[sq][n++] = (uint8_t)sq_make(f + DIR_DF[d], r + DIR_DR[d]);
    KING_MOVES[sq][n] = SQ_END;
    for (Color c = 0; c < 2; c++) {
        int fwd = c == RED ? 1 : -1;
        bool crossed = half_of(r) != c;
        n = 0;
        if (on_board(f, r + fwd))
            PAWN_MOVES[c][sq][n++] = (uint8_t)sq_make(f, r + fwd);
        if (crossed && f > 0)
            PAWN_MOVES[c][sq][n++] = (uint8_t)sq_make(f - 1, r);
        if (crossed && f < FILE_NB - 1)
            PAWN_MOVES[c][sq][n++] = (uint8_t)sq_make(f + 1, r);
        PAWN_MOVES[c][sq][n] = SQ_END;
        IN_PALACE[c][sq] = palace(c, f, r);
    }
}

/* Reverse tables: who could reach sq. */
static void init_reverse(void)
{
    int hn[SQUARE_NB] = {0}, pn[2][SQUARE_NB] = {{0}};
    for (int from = 0; from < SQUARE_NB; from++) {
        for (const uint8_t *p = HORSE_MOVES[from]; *p != SQ_END; p += 2) {
            HORSE_ATTACKERS[p[0]][hn[p[0]]++] = (uint8_t)from;
            HORSE_ATTACKERS[p[0]][hn[p[0]]++] = p[1];
        }
        for (Color c = 0; c < 2; c++)
            for (const uint8_t *p = PAWN_MOVES[c][from]; *p != SQ_END; p++)
                PAWN_ATTACKERS[c][*p][pn[c][*p]++] = (uint8_t)from;
    }
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        HORSE_ATTACKERS[sq][hn[sq]] = SQ_END;
        for (Color c = 0; c < 2; c++)
            PAWN_ATTACKERS[c][sq][pn[c][sq]] = SQ_END;
    }
}

enum { DEFAULT_KEY_SEED = 0 };

void game_set_key_seed(uint64_t salt)
{
    uint64_t seed = 0x43686172696f7421ULL ^ (salt * 0x9e3779b97f4a7c15ULL); /* fixed: keys are reproducible */
    keys_fill_pieces(&ZOBRIST[0][0], PIECE_NB, SQUARE_NB, &seed);
    ZOBRIST_SIDE = key_random(&seed);
}

void board_init_tables(void)
{
    for (int sq = 0; sq < SQUARE_NB; sq++)
        init_steps(sq);
    init_reverse();
    game_set_key_seed(DEFAULT_KEY_SEED);
}

bool square_legal_for(int pc, int sq)
{
    Color c = piece_color(pc);
    int f = sq_file(sq), r = sq_rank(sq), rr = c == RED ? r : 9 - r; /* rank from own side */
    switch (piece_type(pc)) {
    case KING: return palace(c, f, r);
    case ADVISOR: return palace(c, f, r) && (f + rr) % 2 == 1;
    case ELEPHANT: return rr <= 4 && rr % 2 == 0 && (f % 4) == (rr % 4 == 0 ? 2 : 0);
    case PAWN: return rr >= 5 || (rr >= 3 && f % 2 == 0);
    default: return true;
    }
}

/*
 * Is `sq` attacked by colour `by`? Written from the target's side: walk the
 * four lines for a rook (or the enemy king on the file: flying general) as
 * first piece and a cannon as second, then look up horses and pawns.
 */
bool board_attacked(const uint8_t *board, int sq, Color by)
{
    const int rook = piece_make(by, ROOK), cannon = piece_make(by, CANNON);
    const int king = piece_make(by, KING), horse = piece_make(by, HORSE), pawn = piece_make(by, PAWN);
    for (int d = 0; d < DIR_NB; d++) {
        const uint8_t *r = RAY[sq][d];
        while (*r != SQ_END && !board[*r])
            r++;
        if (*r == SQ_END)
            continue;
        if (board[*r] == rook || (board[*r] == king && d <= DIR_S))
            return true;
        for (r++; *r != SQ_END; r++)
            if (board[*r]) {
                if (board[*r] == cannon)
                    return true;
                break;
            }
    }
    for (const uint8_t *p = HORSE_ATTACKERS[sq]; *p != SQ_END; p += 2)
        if (board[p[0]] == horse && !board[p[1]])
            return true;
    for (const uint8_t *p = PAWN_ATTACKERS[by][sq]; *p != SQ_END; p++)
        if (board[*p] == pawn)
            return true;
    return false;
}
