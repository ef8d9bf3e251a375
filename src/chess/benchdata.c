/*
 * benchdata.c - fixed chess positions for the bench signature and the table
 * laboratory, and game records for the laboratory's game mode.
 */
#include "game_api.h"

/* Test positions (the chessprogramming.org perft positions, an en-passant chance, a mate in one,
 * a Chess960 position with both castlings, textbook endgames), then positions from the games below. */
const char *const GAME_BENCH_FENS[] = {
    GAME_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp2ppp/4p3/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/8/8/8/8/2k5/8/KBN5 w - - 0 1",
    "8/8/3k4/8/8/3K4/3Q4/6r1 w - - 0 1",
    "8/5k2/4b3/3p1p2/3P1P2/4B3/5K2/8 w - - 0 1",
    "8/P7/8/8/8/8/p7/K6k w - - 0 1",
    "r2qk1nr/2p1bppp/p1pp4/8/4P3/2N5/PPP2PPP/R1BQK2R w KQkq - 2 10",
    "r4rk1/2p2ppp/pnp1qb2/4p3/2P1N3/5Q2/PP3PPP/1KBR3R w - - 1 18",
    "7r/2pnkp1p/p1p2p2/4pP2/2P3P1/1P5P/P1K5/2BR4 w - - 1 27",
    "4k2r/2p2p2/pnp2p2/4pP2/1BP3P1/1P6/P1K5/3R4 w - - 15 37",
    "rnb1k2r/pp3pp1/4pn1p/2b3B1/2B1P3/2N2N2/PP3PPP/3RK2R w Kkq - 0 10",
    "rnr1n1k1/pp3pp1/4p2p/4N3/4PB2/1bP2P2/P2R2PP/5RK1 w - - 0 18",
    "2r1n1k1/1n4p1/2r2p1p/pp2p3/4P3/1PP1BP2/R5PP/R2NK3 w - - 6 27",
    "2r3k1/2r3p1/4np2/R3p2p/4P2P/2P2PP1/4K3/1R1N4 w - - 3 37",
    "r1bqkb1r/1p2pppp/p1n5/2pN4/8/4B3/PPP2PPP/R2QKB1R w KQkq - 0 10",
    "r6r/1b2kppp/4p3/p1p5/7P/8/PPP2PP1/2KR1B1R w - - 0 18",
    "2r5/4kp2/r3p1p1/2p1R1P1/8/p7/PPP2P2/2KR4 w - - 0 27",
    "8/5k2/6p1/4p1P1/2R5/pK6/P4P2/7r w - - 0 37",
    "r1bq1rk1/1ppn1pbp/n2p2p1/p2Pp3/2P1P1P1/2N2N1P/PP2BP2/R1BQK2R w KQ - 1 10",
    "r6k/1pp1q2p/n2p1b2/p1nPpb2/2P4P/P1N2N2/1P2BP2/R2QK1R1 w Q - 1 18",
    "5r1k/1p5p/2pp4/p1n1bbR1/2P1p3/P1N5/1P2BP2/3RK3 w - - 0 27",
    "8/6kp/1Npp4/p3b2R/3r4/P7/4KP2/8 w - - 3 37",
    "rnb1k1r1/ppq1np1Q/4p3/3pP3/1P6/2p5/1PP2PPP/R1B1KBNR w KQq - 1 10",
    "2kr2r1/pp1bnp2/2nBp3/3pP3/5P1P/2P5/4N1P1/Rq2KB1R w KQ - 0 18",
    "r6r/1k1b1p1P/4p3/pp1pP3/2nP1P2/8/5KP1/1RB2B1R w - - 1 27",
    "5n1r/1k3p1P/4p3/3pPP2/1p1P2P1/6K1/2B5/r1B4R w - - 1 37",
    "r2qkb1r/p2b1ppp/2Q5/2p1p3/8/2P3P1/P2PPP1P/R1B1K1NR w KQkq - 1 10",
    "5rk1/p2qb1pp/1r2bp2/2p1p3/7Q/2PPB1P1/P2NPP1P/R4RK1 w - - 11 18",
    "5rk1/p2qb1p1/5p1p/2pbp3/2N5/2PPBQP1/P3PP1P/1R4K1 w - - 13 27",
};
const int GAME_BENCH_FEN_COUNT = (int)(sizeof GAME_BENCH_FENS / sizeof GAME_BENCH_FENS[0]);

/* Six games Stockfish 15.1 played against itself at depth 9 from standard openings
 * (tests/chess/make_bench_data.py 100 9); coordinate notation, castling as king two squares. */
const char *const GAME_LAB_GAMES[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 d7d6 d2d4 e5d4 f3d4 "
    "c8d7 d4c6 d7c6 a4c6 b7c6 b1c3 f8e7 c1f4 e7f6 d1f3 d8d7 e1c1 d7e6 e4e5 d6e5 c1b1 g8e7 f4c1 e8g8 c3e4 e7d5 c2c4 "
    "d5b6 e4f6 e6f6 f3f6 g7f6 b2b3 f8d8 b1c2 g8f8 f2f4 d8d1 h1d1 f8e7 g2g4 a8g8 h2h3 b6d7 f4f5 g8h8 c1d2 h7h5 d2a5 "
    "h5g4 h3g4 d7b6 a5e1 b6d7 e1a5 d7b6 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 "
    "e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 e7e8 b4a5 e8e7 a5b4 "
    "e7e8",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 d5c4 e2e4 f8e7 g1f3 "
    "c7c5 d4c5 d8d1 a1d1 e7c5 f1c4 h7h6 g5f4 c5b4 e1g1 b4c3 b2c3 c8d7 f3e5 e8g8 f2f3 f8c8 d1d6 d7a4 c4b3 f6e8 d6d2 "
    "a4b3 a2b3 f7f6 e5c4 b8c6 f1a1 b7b5 c4b2 a7a5 g1f2 c6d8 b2d1 e6e5 f4e3 d8b7 d2a2 a8a6 f2e1 a6c6 e1e2 h6h5 e3d2 "
    "b7c5 a1b1 a5a4 b3a4 b5a4 d2e3 e8c7 e3c5 c6c5 a2a4 c7e6 g2g3 c5c7 h2h4 e6c5 a4a5 c5e6 b1b6 g8f7 a5a2 e6d8 b6a6 "
    "d8e6 a6a7 g7g5 d1e3 g5h4 g3h4 e6f4 e2e1 f7f8 c3c4 f4e6 a7a6 c7c6 e3f5 e6c5 a6c6 c8c6 a2a8 f8f7 a8a7 f7e8 e1d2 "
    "c6b6",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 d4b3 "
    "b8c6 c3d5 f6e4 c1e3 e4c5 b3c5 d6c5 e3c5 e7e6 c5f8 e8f8 d5b4 d8d1 a1d1 f8e7 b4c6 b7c6 e1d2 c8b7 d2c1 c6c5 h2h4 "
    "a6a5 h1h3 a5a4 h3e3 g7g6 g2g3 h8c8 g3g4 a8a5 f1c4 b7a6 c4a6 a5a6 g4g5 h7h6 e3e5 h6g5 h4g5 a4a3 b2b3 a6a5 c2c4 "
    "c8h8 b3b4 a5a4 e5c5 a4b4 c5c7 e7f8 d1d7 f8g8 d7f7 b4c4 c7c4 h8h1 c1c2 g8f7 c2b3 e6e5 b3a3 f7e6 a3b2 h1g1 c4c6 "
    "e6d5 c6g6 g1g2 b2b3 g2f2 g6g8 d5c6 g8e8 f2f5 e8g8 f5f3 b3c2 f3f2 c2b3 f2f3 b3c4 f3f4 c4d3 c6d5 g5g6 f4d4 d3e2 "
    "d5e6",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6 h2h3 e8g8 f1e2 "
    "e7e5 d4d5 a7a5 g1f3 b8a6 g2g4 f6d7 a2a3 f7f5 g4f5 g6f5 e4f5 d7c5 c1g5 g7f6 g5h6 c8f5 h1g1 g8h8 h6f8 d8f8 h3h4 "
    "f8e7 g1g3 a8f8 f3g5 e5e4 g5e6 c5e6 d5e6 f6e5 d1c1 e7h4 e6e7 h4e7 c1g5 e7g5 g3g5 a6c5 a1d1 c7c6 e2g4 f5g6 g4h5 "
    "g6h5 g5h5 c5d3 e1d2 d3b2 c3e4 b2d1 d2d1 f8f4 e4c5 b7b6 c5d7 f4c4 d7b6 c4d4 d1e2 h8g7 b6d7 h7h6 e2f3 g7g6 h5h1 "
    "e5g7 h1b1 c6c5 b1b5 c5c4 b5a5 c4c3 a5a6 g6f5 a6c6 d4d3 f3g2 d3d2 d7b6 g7d4 b6c4 f5e4 c4d6 e4d5 c6c3 d4c3 d6f5 "
    "d5e5",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|e2e4 e7e6 d2d4 d7d5 b1c3 f8b4 e4e5 c7c5 a2a3 c5d4 a3b4 "
    "d4c3 d1g4 g8e7 g4g7 h8g8 g7h7 d8c7 f2f4 b8a6 g1e2 c3b2 c1b2 a6b4 c2c3 b4c6 b2a3 c8d7 h2h4 e8c8 a3d6 c7b6 h7b1 "
    "b6b1 a1b1 e7f5 d6a3 c6a5 h4h5 a5c4 a3c1 a7a5 e2d4 f5d4 c3d4 b7b5 e1f2 c8b7 h5h6 d8a8 h6h7 g8h8 g2g4 a5a4 f1d3 "
    "a4a3 f2g3 a3a2 b1a1 b5b4 d3c2 c4b6 c2b3 d7a4 b3a2 a4c2 a2b1 a8a1 b1c2 b6d7 f4f5 d7f8 f5f6 b7c6 g4g5 c6d7 g3g4 "
    "b4b3 c2b3 h8h7 h1h7 f8h7 c1d2 h7f8 d2b4 f8g6 b3c2 d7e8 b4c5 a1a2 c2g6 f7g6 g4g3 a2e2 c5b6 e2b2 b6c5 b2b3 g3g2 "
    "e8f7",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|c2c4 e7e5 b1c3 g8f6 g2g3 d7d5 c4d5 f6d5 f1g2 d5c3 b2c3 "
    "c7c5 d1a4 b8c6 g2c6 b7c6 a4c6 c8d7 c6d5 f7f6 g1f3 d8c8 d2d3 a8b8 e1g1 d7e6 d5e4 f8e7 c1e3 e8g8 f3d2 b8b6 e4h4 "
    "c8d7 a1b1 h7h6 d2c4 b6b1 f1b1 e6d5 h4h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5f3 f7d5 f3h5 d5f7 h5f3 f7d5 f3h5 d5f7 h5h4 "
    "f7d5 h4h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5f3 f7d5 f3h5 d5f7 h5f3 f7d5 f3h5 d5f7 h5h4 f7d5 h4h5 "
    "d5f7 h5f3 f7d5 f3h5 d5f7 h5f3 f7d5 f3h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5h4 f7d5 h4h5 d5f7 h5f3 "
    "f7d5",
};
const int GAME_LAB_GAME_COUNT = (int)(sizeof GAME_LAB_GAMES / sizeof GAME_LAB_GAMES[0]);
