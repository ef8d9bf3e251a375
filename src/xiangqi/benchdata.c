/*
 * benchdata.c - fixed positions for the bench signature and the table
 * laboratory, and game records for the laboratory's game mode.
 */
#include "game_api.h"

/* Openings, middlegames, tactics (checks and mates) and endgames. */
const char *const GAME_BENCH_FENS[] = {
    GAME_STARTPOS,
    "rnbaka2r/5n3/1c2b4/p1p1p3p/6p2/P8/2P1P1PcP/5CNC1/9/RNBAKAB1R w - - 8 5",
    "r1bakabnr/9/1cn6/2p1p1p1p/p8/2P5P/P3P1Pc1/1C2C4/4A4/RNB1KABNR b - - 7 4",
    "r2akabnr/9/1cn1b2c1/2p1p1p1p/p8/4P4/P1P3P1P/1CN1C4/4A4/R1B1KABNR b - - 7 4",
    "rnbaka1nr/9/4b2c1/p3p1p1p/2p6/P5P2/1cP1P3P/1C2B2C1/9/RN1AKABNR w - - 6 4",
    "1nb1kabnr/r3a4/2c4c1/1Cp1p1p1p/p8/9/P1P1P1P1P/2C5B/4A4/RNB1KA1NR w - - 8 5",
    "r2akabnr/9/2n1b2c1/p1p1p1p2/8p/6P2/PcP1P3P/1CC6/8R/RNBAKABN1 w - - 8 5",
    "rnbak1bnr/4a4/1c5c1/p1p1p2Cp/6p2/2P6/P3P1P1P/1C7/9/RNBAKABNR w - - 4 3",
    "rnb1kabnr/4a4/1c2c4/p1p1p1pC1/8p/9/P1P1P1P1P/1C2B4/4A4/RNB1KA1NR w - - 6 4",
    "rnbakab1r/9/2c3n2/p1p1p1p1p/1c2P4/1C7/P1P3P1P/4C4/9/RNBAKABNR b - - 7 4",
    "rn1akabnr/9/1c2b2c1/2p1p1p1p/p8/2P6/P3P1P1P/1C2B2C1/5N3/RNBAKA2R b - - 5 3",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
    "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    "1r1akabr1/1c7/2n1b1n2/p1p1p3p/6p2/PN3R3/1cP1P1P1P/2C1C1N2/1R7/2BAKAB2 b - - 0 1",
    "r1b1kabr1/4a1c2/1cn3n2/p1p1pR2p/3NP4/2P6/P5p1P/1C2C4/9/RNBAKAB2 b - - 0 1",
    "2b1ka2r/3na2c1/4b3n/8R/8C/4C1P2/P1P1P3P/4B1N2/1r2A4/2BAK4 w - - 0 1",
    "2b1kab1C/1N2a4/n3ccn2/p5r1p/4p4/P1P2RN2/2r1P3P/C3B4/4A4/2BAK2R1 w - - 0 1",
    "2bak1b1r/4a4/2n4cn/p6C1/4pN3/P2N4R/4P1P1P/3CB4/4A2r1/c1BAKR3 w - - 0 1",
    "2ba2RC1/4ak3/r3b4/5C3/p8/c3p3p/2P5P/6N2/4A4/2BAK1BR1 w - - 0 1",
    "1Rb1k4/4a1R2/4N4/9/p3p1p1p/2P6/P3P1P1P/4B3r/4A4/2BAK4 w - - 0 1",
    "3akab2/5r3/4n1n1b/3R5/PC2p4/2p5p/c3P4/N3B1C2/4A4/3K1AB2 w - - 0 1",
    "2b1C4/3C2R2/n2abk3/2c6/p3p3p/9/P3r4/9/4A4/2B1KA3 w - - 0 1",
    "2bak4/4a4/4b1n2/p7p/5Cp2/8P/6P2/9/5Kn2/4r1BNc b - - 0 1",
    "1C1a5/1C2k4/3NnR3/p8/4p1b1p/6P2/P1P1P3P/2N6/4A4/2BAK1B2 w - - 0 1",
    "2b1k4/4a2R1/4b1n2/2n6/2p3p2/4P4/N7P/1r2B4/5N3/c1pAKA3 b - - 0 1",
    "4kabr1/3R2n2/b5N2/C5p2/p1p6/6P1p/2P1N3P/4B4/9/cR1AKAB2 w - - 0 1",
    "rCba1kbR1/4Rc3/9/2p1pN2p/6r2/2P3p2/4P3P/9/9/2BAKAB2 w - - 0 1",
    "3k5/2R1a4/5r3/9/6p2/3NP3P/9/4B1N2/4A4/2BAK4 w - - 0 1",
    "4k4/9/9/9/4c4/9/9/4N4/4A4/4K4 w - - 0 1",
    "P3k4/9/2P3P2/9/4p3P/4P4/7p1/9/1p7/3p1K3 w - - 0 1",
    "4k4/9/9/9/c1P1pPC1c/9/9/9/9/3K5 w - - 0 1",
    "2bak4/4a4/n3b4/9/9/2C1c4/9/4B4/4A4/R2AK4 w - - 0 1",
    "3k5/4a4/4ba3/9/9/9/9/9/4R4/4K4 w - - 0 1",
    "4kab2/4a4/4b4/9/2n6/9/9/4B4/4A4/2BAK1N2 w - - 0 1",
    "3ak4/4a4/9/9/9/6p2/9/9/4A4/3AK1C2 b - - 0 1",
};
const int GAME_BENCH_FEN_COUNT = (int)(sizeof GAME_BENCH_FENS / sizeof GAME_BENCH_FENS[0]);

/* Six games Fairy-Stockfish 11.1 played against itself at depth 9 from openings of
 * tools/openings/openings-xq-fsf100.txt (tools/lab/make_lab_games.py tools/openings/openings-xq-fsf100.txt
 * 6 100 9). */
const char *const GAME_LAB_GAMES[] = {
    "rnbaka2r/5n3/1c2b4/p1p1p3p/6p2/P8/2P1P1PcP/5CNC1/9/RNBAKAB1R w - - 8 5|b0c2 f9e8 f0e1 c6c5 i3i4 h3h7 a0b0 a6a5 "
    "a4a5 a9a5 h2h6 f8g6 b0b6 i9g9 i4i5 i6i5 i0i5 a5a7 b6e6 a7a4 e6c6 a4h4 i5i6 g5g4 g3g4 h4g4 g2i1 b9a7 c6a6 g4g1 "
    "c0e2 b7b1 h6h3 h7i7 f2g2 g6i5 i6i5 i7i1 g2g4 i1h1 a6f6 h1h0 e1f0 g1c1 h3h2 b1b0 d0e1 b0b2 i5i0 b2e2 e1d0 g9g4 "
    "i0h0 e2d2 g0e2 g4g2 h0i0 e8f9 h2h9 f9e8 h9h2 g2g9 h2d2 c1c2 f0e1 c2c3 f6e6 c3d3 i0f0 g9i9 e3e4 c5c4 e2g4 i9i4 "
    "f0g0 a7b5 e6c6 d3d4 c6e6 b5c3 d2h2 d4e4 e6e4 c3e4 h2h6 c4d4 h6b6 d4d3 b6b8 d3e3 b8b4 i4i6 g0h0 e4f6 b4b6 f6g4 "
    "b6b4 e3e2 h0g0 g4e5",
    "rnb1kab1r/4a4/6nc1/p1p1p1p1p/c8/7C1/P1P1P1P1P/4C4/4A4/RNBAK1BNR w - - 8 5|b0a2 a5g5 g0i2 a6a5 g3g4 g5e5 h0g2 e5e2 "
    "c0e2 i6i5 a2c1 b9c7 a3a4 a5a4 a0a4 a9a4 h4a4 h7h1 a4c4 c7a8 c1d3 g9e7 e3e4 h1h2 g2h4 a8b6 i0h0 g6g5 h0h2 b6c4 "
    "c3c4 g5g4 i2g4 i5i4 h4g2 i4i3 d3b4 i9i7 b4c6 g7f5 h2h0 f5d6 h0h6 d6e4 h6e6 e4g5 e6d6 i3h3 g2e3 i7i1 d6g6 g5e4 "
    "e1f0 i1f1 c6d4 f1f3 d4c2 f3f4 c4c5 e7c5 c2b4 h3g3 b4d5 f4f5 g6e6 f5d5 e6e4 d5d6 e4e5 g3f3 e3c4 c9a7 e5f5 d6e6 "
    "c4e5 f3f2 f0e1 f2f1 e1d2 c5e7 e2c0 f1g1 g4e2 e6i6 d2e1 a7c5 e1d2 i6d6 e5c4 d6g6 c4e3 g6h6 d0e1 h6h1 e1f0 g1f1 "
    "e3g4 h1i1 g4f6 i1g1",
    "rnbak1bnr/4a4/1c5c1/p1p1p4/6p1p/P1P6/1C2P1PCP/9/9/RNBAKABNR b - - 7 4|h7h6 b0c2 b9c7 b3b6 h6g6 h0i2 g9e7 h3h6 "
    "a9a8 f0e1 a8d8 e3e4 h9f8 a0a3 b7a7 c0e2 d8b8 b6b4 b8b5 h6h2 c6c5 h2h5 c7d5 c4c5 b5c5 g3g4 a6a5 i0h0 i9i7 b4b7 "
    "i7i8 a3d3 c5c2 g4g5 e7g5 d3d5 a5a4 d5g5 c2b2 b7f7 b2b7 h5h8 a7a6 h8e8 d9e8 f7f2 b7f7 i2g3 f7f3 h0h3 a6b6 g5f5 "
    "f3c3 e1d2 g6g9 f5g5 f8g6 h3h9 g9f9 d0e1 c3a3 f2f0 a3b3 g3f5 c9e7 g5h5 b6b7 h5h6 i8g8 h9i9 e7g9 f0f9 e9f9 f5d4 "
    "b3b0 e1d0 b0b1 d2e1 b1c1 h6h9 b7b9 e1f2 c1d1 d4c6 d1f1 d0e1 g6i7 h9h0 f9f8 c6e7 b9i9 e7g8 i7g8 h0h3 f1g1 h3f3 "
    "e8f7 e4e5 e6e5 f3f5",
    "rn1akabnr/9/1c2b2c1/p3p1p1p/2p6/6P1P/P1P1P4/1C5C1/9/RNBAKABNR w - - 4 3|h2e2 b9d8 i0i1 a6a5 i1f1 i6i5 f1d1 a9a8 "
    "d1d4 i5i4 h0g2 h9g7 d0e1 i9i8 b0c2 b7b5 a3a4 a5a4 b2a2 a4b4 d4b4 b5b7 e3e4 i8f8 e4e5 f8f3 e5e6 g7e6 c3c4 f3g3 "
    "c2e3 e6f4 c4c5 f4e2 g0e2 a8a3 b4b0 d8e6 c5c6 e6c5 e3c4 a3a6 a2d2 a6c6 a0a3 g3a3 c4a3 c5d3 b0b3 d3e5 d2d4 e5g4 "
    "e2g4 c6c0 e1d0 c0c4 d4f4 h7g7 a3b1 b7a7 b1c3 a7d7 f0e1 g6g5 f4f1 c4d4 f1f8 f9e8 c3e2 d4g4 e2f4 d7c7 e1f0 g4g2 "
    "f4g2 g7g2 e0e1 g2g0 b3e3 e9f9 f8i8 e7c9 e1d1 i4h4 e3g3 g0h0 g3g5 g9i7 g5g7 c7d7 g7i7 d7d0 i7g7 d0a0 i8i9 h4i4 "
    "d1e1 a0a8 g7g9 f9f8",
    "rnb1kabnr/4a4/7c1/p1p1p1p1p/1c7/P5P2/2P1P3P/1C2C4/9/RNBAKABNR b - - 5 3|b9c7 h0g2 h7g7 g2f4 c9e7 b0c2 g7g4 i0h0 "
    "b5c5 g0i2 g4g5 f4d5 g5g2 c3c4 c5c2 d5c7 h9g7 h0g0 g2g5 c7e6 a9d9 e3e4 g7e6 e2e6 d9d4 e4e5 d4c4 g0g4 c4c5 g4e4 "
    "c5b5 b2b4 c2c4 b4b3 c4c3 b3b4 i9h9 a0a2 c3d3 a2f2 g5h5 f2f3 d3d7 b4b3 h5h6 d0e1 d7c7 c0a2 c7b7 b3c3 a6a5 a4a5 "
    "b5a5 e6h6 h9h6 e4e2 h6h5 e5e6 h5e5 e2b2 b7b5 f3f6 a5a3 c3f3 e7c9 e6d6 i6i5 f3f2 c9e7 f6g6 a3i3 g6f6 i3i2 a2c4 "
    "i2i4 f2f4 i4i3 f4f3 e5e3 b2b5 e3f3 f6f3 i3f3 b5i5 f3c3 c4a2 c3a3 i5i2 a3a6 i2e2 e8d9 d6d7 f9e8 d7d8 c6c5 e2b2 "
    "a6a3 a2c0 a3a7 c0e2",
    "rnbakab1r/9/2c3n2/p1p1p1p1p/1c2P4/1C7/P1P3P1P/4C4/9/RNBAKABNR b - - 7 4|c9e7 b4e4 b9d8 e5d5 i9h9 e4a4 a9c9 d5d6 "
    "c7c3 d0e1 d9e8 a4g4 b5i5 e2i2 i5g5 g0e2 d8b7 b0a2 c3f3 d6c6 b7c5 h0g2 g5g3 a0b0 g6g5 g4g7 g3g7 g2f4 c9c6 b0b9 "
    "e8d9 b9b8 c6d6 a2c3 d6d4 i2f2 f3e3 f4d5 f9e8 c3d1 e3f3 d1e3 e6e5 d5e7 g9e7 e3f5 c5d3 b8c8 g7f7 f2f1 h9h1 f5g3 "
    "h1f1 g3f1 f7f1 e1d2 f3a3 i0h0 a3a0 e0e1 f1f9 c8b8 d3f4 b8b0 a0a3 b0b3 f4g2 e1e0 a3a0 b3b0 g2h0 b0a0 h0i2 a0a1 "
    "d4d2 e2g0 i2g3 a1g1 g3e4 f0e1 d2d1 g1g2 d1c1 c0a2 f9g9 g2b2 g9g0 b2b6 i6i5 b6b2 g0h0 b2h2 h0g0 h2e2 c1b1 e0f0 "
    "e4g3 e2g2 g5g4 e1f2",
};
const int GAME_LAB_GAME_COUNT = (int)(sizeof GAME_LAB_GAMES / sizeof GAME_LAB_GAMES[0]);
