/*
 * attacks.c - precomputed attack tables (see board.h), magic bitboards and
 * Zobrist keys, all filled once by game_init().
 *
 * Magics: the numbers are listed below, found once by a fixed-seed random
 * search (tests/chess/find_magics.c prints them). Searching at start-up
 * with an arbitrary seed took 370 ms, so the table is listed instead; the
 * whole game_init() (attack tables filled from it, every slot checked,
 * keys, evaluation tables) takes about 2 ms (`perft_check --init-time`,
 * on a loaded 2-core machine; up to 7 ms when the other load peaks).
 */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "pos_common.h"

enum { ROOK_TABLE_SIZE = 102400, BISHOP_TABLE_SIZE = 5248 };

Magic ROOK_MAGICS[SQUARE_NB], BISHOP_MAGICS[SQUARE_NB];
static Bitboard rook_table[ROOK_TABLE_SIZE], bishop_table[BISHOP_TABLE_SIZE];
Bitboard KNIGHT_ATTACKS[SQUARE_NB], KING_ATTACKS[SQUARE_NB], PAWN_ATTACKS[2][SQUARE_NB];
Bitboard BETWEEN[SQUARE_NB][SQUARE_NB], LINE[SQUARE_NB][SQUARE_NB];
Bitboard ROOK_RAYS[SQUARE_NB], BISHOP_RAYS[SQUARE_NB];
int DISTANCE[SQUARE_NB][SQUARE_NB];
Key ZOBRIST[PIECE_NB][SQUARE_NB];
Key ZOBRIST_SIDE, ZOBRIST_CASTLE[16], ZOBRIST_EP[FILE_NB];

static const int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static bool on_board(int f, int r) { return f >= 0 && f < FILE_NB && r >= 0 && r < RANK_NB; }

/* Attacks of a slider on sq by walking the rays (slow: for building tables only). */
static Bitboard slide(int sq, Bitboard occ, const int dirs[4][2])
{
    Bitboard att = 0;
    for (int d = 0; d < 4; d++)
        for (int f = sq_file(sq) + dirs[d][0], r = sq_rank(sq) + dirs[d][1]; on_board(f, r);
             f += dirs[d][0], r += dirs[d][1]) {
            att |= bb_of(sq_make(f, r));
            if (occ & bb_of(sq_make(f, r)))
                break;
        }
    return att;
}

/* Magic numbers found by tests/chess/find_magics.c (a fixed-seed random search; it prints this table). */
static const Bitboard ROOK_MAGIC_NUMBERS[SQUARE_NB] = {
    0x0a80008010400020ULL, 0x40c0004020001008ULL, 0x2080100020000880ULL, 0x0900100088210004ULL, 0x08802c0048008002ULL,
    0x0800844010020820ULL, 0x2080808002000100ULL, 0x4200040048802201ULL, 0x0018800028400480ULL, 0x2121002081004002ULL,
    0x0041805000200082ULL, 0x9085002100100008ULL, 0x6841000501100800ULL, 0x0860800200800401ULL, 0x0100808002000100ULL,
    0x0202001041008204ULL, 0x0000808000400020ULL, 0x1010014000200040ULL, 0x0220044010080040ULL, 0x0002828010008800ULL,
    0x01a0808004000800ULL, 0x0800808002000400ULL, 0x1020840050020108ULL, 0x004026000114408cULL, 0x009264808000400aULL,
    0x8070500040002000ULL, 0x9093001100200140ULL, 0x4080420200201008ULL, 0x0008008880040080ULL, 0xc020100801400420ULL,
    0x0101080c000a0110ULL, 0x1000104200240081ULL, 0x8480002010400040ULL, 0x104040008080200cULL, 0x1200821002802001ULL,
    0x8800800802801002ULL, 0x2008002004040040ULL, 0x0290204088010410ULL, 0x04000110040002d8ULL, 0x8841042082000041ULL,
    0x0060400080088020ULL, 0x0240008020008040ULL, 0x0002402003090010ULL, 0x0001000810010020ULL, 0x0c02000820120004ULL,
    0x0022000410020008ULL, 0x0000020004010100ULL, 0x010000a400420001ULL, 0x5461002080004900ULL, 0x0828401008200040ULL,
    0x0000200040110100ULL, 0xc084400920120200ULL, 0x8100808400280180ULL, 0x0520040002008080ULL, 0x9002008801040200ULL,
    0x0101800061000080ULL, 0x1042052100418216ULL, 0x0106018010e24902ULL, 0x1000412813006001ULL, 0x1000040900201001ULL,
    0x0421000410020801ULL, 0x8802004490080102ULL, 0x0084183043810604ULL, 0x00001402810040a2ULL,
};
static const Bitboard BISHOP_MAGIC_NUMBERS[SQUARE_NB] = {
    0x8027202414203022ULL, 0x0804210224090008ULL, 0x0122080100200000ULL, 0x0864410221400000ULL, 0x8101104020250020ULL,
    0x4002080208020301ULL, 0x0002011008040060ULL, 0x0800140082482000ULL, 0x0000080830008208ULL, 0x002230824a040020ULL,
    0x0000100400982000ULL, 0x0002022082080509ULL, 0x010001104104c110ULL, 0x0499009010480000ULL, 0x0002010801504880ULL,
    0x0400810888010820ULL, 0x00204a4684140800ULL, 0x0088411011480482ULL, 0x0982000408020008ULL, 0x02040202c4008000ULL,
    0x0001002820080801ULL, 0x0420c10600462010ULL, 0x0280408209500800ULL, 0x0201480109180101ULL, 0xa008e0000820e100ULL,
    0x0410020084244408ULL, 0x0110480884102402ULL, 0x0010040000440088ULL, 0x0800848004002000ULL, 0x0408820403004200ULL,
    0x00040400a8422200ULL, 0x0000410020411800ULL, 0x040c200800a53002ULL, 0x0804100231040408ULL, 0x4021080242280180ULL,
    0x4000a02020080080ULL, 0x08812104008a0020ULL, 0x00201108400a0804ULL, 0x8504042082405800ULL, 0x0024008020008c00ULL,
    0x1008011011010870ULL, 0x0040420820008400ULL, 0x8001001082021009ULL, 0x0200034208008080ULL, 0x2000080504001840ULL,
    0x0240072141004184ULL, 0x0008084084080080ULL, 0x4001010401010482ULL, 0x0c47040104410a04ULL, 0x0001040211840000ULL,
    0x00040b0041108002ULL, 0x2000000084041804ULL, 0x0002202020410008ULL, 0x0282405002108000ULL, 0x4098105004c50200ULL,
    0x120802180a002014ULL, 0x0001210042602003ULL, 0x1004004420841020ULL, 0x4100028024841010ULL, 0x0144800210208801ULL,
    0x6000020004105400ULL, 0x0902084104080088ULL, 0x2228886008008120ULL, 0x0002089010808500ULL,
};

/* Fills one slider's attack table from its magics. A magic that sent two occupancies with different
 * attacks to one slot would be a broken table: that stops the program at once. */
static void init_magics(Magic *magics, Bitboard *table, const Bitboard *numbers, const int dirs[4][2])
{
    Bitboard *next = table;
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        Magic *m = &magics[sq];
        const Bitboard edges = ((rank_bb(RANK_1) | rank_bb(RANK_8)) & ~rank_bb(sq_rank(sq))) |
            ((file_bb(FILE_A) | file_bb(FILE_H)) & ~file_bb(sq_file(sq)));
        m->mask = slide(sq, 0, dirs) & ~edges;
        m->magic = numbers[sq];
        m->shift = (unsigned)(64 - bb_count(m->mask));
        m->attacks = next;
        const size_t size = (size_t)1 << bb_count(m->mask);
        next += size;
        for (size_t i = 0; i < size; i++)
            m->attacks[i] = ~0ULL; /* no attack set is the whole board: marks a free slot */
        Bitboard b = 0;
        do { /* every subset of the mask (carry-rippler) */
            const Bitboard att = slide(sq, b, dirs);
            Bitboard *slot = &m->attacks[((b & m->mask) * m->magic) >> m->shift];
            if (*slot != ~0ULL && *slot != att) {
                fprintf(stderr, "chariot: bad magic number for square %d\n", sq);
                abort();
            }
            *slot = att;
            b = (b - m->mask) & m->mask;
        } while (b);
    }
}

static Bitboard step_set(int sq, const int (*steps)[2], int n)
{
    Bitboard b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq_file(sq) + steps[i][0], r = sq_rank(sq) + steps[i][1];
        if (on_board(f, r))
            b |= bb_of(sq_make(f, r));
    }
    return b;
}

static void init_steps(void)
{
    static const int KNIGHT_STEPS[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int KING_STEPS[8][2] = {{1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    static const int PAWN_STEPS[2][2][2] = {{{1, 1}, {-1, 1}}, {{1, -1}, {-1, -1}}};
    for (int sq = 0; sq < SQUARE_NB; sq++) {
        KNIGHT_ATTACKS[sq] = step_set(sq, KNIGHT_STEPS, 8);
        KING_ATTACKS[sq] = step_set(sq, KING_STEPS, 8);
        for (Color c = 0; c < 2; c++)
            PAWN_ATTACKS[c][sq] = step_set(sq, PAWN_STEPS[c], 2);
        ROOK_RAYS[sq] = slide(sq, 0, ROOK_DIRS);
        BISHOP_RAYS[sq] = slide(sq, 0, BISHOP_DIRS);
    }
}

static void init_lines(void)
{
    for (int a = 0; a < SQUARE_NB; a++)
        for (int b = 0; b < SQUARE_NB; b++) {
            int df = sq_file(b) - sq_file(a), dr = sq_rank(b) - sq_rank(a);
            DISTANCE[a][b] = imax(df < 0 ? -df : df, dr < 0 ? -dr : dr);
            BETWEEN[a][b] = LINE[a][b] = 0;
            if (a == b)
                continue;
            if (ROOK_RAYS[a] & bb_of(b)) {
                BETWEEN[a][b] = rook_attacks(a, bb_of(b)) & rook_attacks(b, bb_of(a));
                LINE[a][b] = (ROOK_RAYS[a] & ROOK_RAYS[b]) | bb_of(a) | bb_of(b);
            } else if (BISHOP_RAYS[a] & bb_of(b)) {
                BETWEEN[a][b] = bishop_attacks(a, bb_of(b)) & bishop_attacks(b, bb_of(a));
                LINE[a][b] = (BISHOP_RAYS[a] & BISHOP_RAYS[b]) | bb_of(a) | bb_of(b);
            }
        }
}

enum { DEFAULT_KEY_SEED = 0 };

void game_set_key_seed(uint64_t salt)
{
    uint64_t seed = 0x4368657373212121ULL ^ (salt * 0x9e3779b97f4a7c15ULL); /* fixed: keys are reproducible */
    keys_fill_pieces(&ZOBRIST[0][0], PIECE_NB, SQUARE_NB, &seed);
    ZOBRIST_SIDE = key_random(&seed);
    /* One key per right; a set of rights is the XOR of its members. */
    Key right[RIGHT_NB];
    for (int i = 0; i < RIGHT_NB; i++)
        right[i] = key_random(&seed);
    for (int set = 0; set < 16; set++) {
        ZOBRIST_CASTLE[set] = 0;
        for (int i = 0; i < RIGHT_NB; i++)
            if (set & (1 << i))
                ZOBRIST_CASTLE[set] ^= right[i];
    }
    for (int f = 0; f < FILE_NB; f++)
        ZOBRIST_EP[f] = key_random(&seed);
}

void board_init_tables(void)
{
    init_steps();
    init_magics(ROOK_MAGICS, rook_table, ROOK_MAGIC_NUMBERS, ROOK_DIRS);
    init_magics(BISHOP_MAGICS, bishop_table, BISHOP_MAGIC_NUMBERS, BISHOP_DIRS);
    init_lines();
    game_set_key_seed(DEFAULT_KEY_SEED);
}

Bitboard pos_pinned(const Position *pos, Color c)
{
    const int ksq = pos_king(pos, c);
    const Bitboard occ = pos_pieces(pos);
    Bitboard snipers = (ROOK_RAYS[ksq] & pos_rooks_queens(pos, !c)) | (BISHOP_RAYS[ksq] & pos_bishops_queens(pos, !c));
    Bitboard pinned = 0;
    while (snipers) {
        Bitboard between = BETWEEN[ksq][bb_pop(&snipers)] & occ;
        if (between && !bb_many(between))
            pinned |= between & pos->by_color[c];
    }
    return pinned;
}
