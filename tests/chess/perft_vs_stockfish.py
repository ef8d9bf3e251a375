#!/usr/bin/env python3
"""Cross-check Chariot's chess perft against Stockfish's `go perft` on random-walk positions.

Positions come from random walks (Stockfish lists the legal moves and writes the FENs) from the
start position, the chessprogramming.org perft positions (castling, en passant, promotions) and
random Chess960 start positions (UCI_Chess960 on, Shredder-FEN castling). Each position is counted
to DEPTH by both programs.

Run by hand from the repository root (needs Debian's stockfish, /usr/games/stockfish):
  cc -std=c11 -O2 -Isrc/engine -Isrc/chess -o /tmp/perft_check tests/chess/perft_check.c \\
     src/chess/*.c src/engine/numparse.c
  nice -n 19 python3 tests/chess/perft_vs_stockfish.py /tmp/perft_check [POSITIONS] [DEPTH] [SEED]
Prints the number of positions compared and every mismatch; exits 1 on a mismatch.
"""
import random
import subprocess
import sys

STOCKFISH = "/usr/games/stockfish"
STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/1P6/8/2pP4/8/8/6p1/4K3 w - c6 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
]


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines


def chess960_start(rng):
    squares = [None] * 8
    squares[rng.choice(range(0, 8, 2))] = "b"
    squares[rng.choice(range(1, 8, 2))] = "b"
    free = [i for i in range(8) if squares[i] is None]
    squares[free.pop(rng.randrange(len(free)))] = "q"
    for _ in range(2):
        squares[free.pop(rng.randrange(len(free)))] = "n"
    left, king, right = free  # rook, king, rook in that order
    squares[left], squares[king], squares[right] = "r", "k", "r"
    back = "".join(squares)
    files = "abcdefgh"
    rights = files[right].upper() + files[left].upper() + files[right] + files[left]
    return f"{back}/pppppppp/8/8/8/8/PPPPPPPP/{back.upper()} w {rights} - 0 1"


def legal_moves(sf, fen):
    sf.send(f"position fen {fen}")
    sf.send("go perft 1")
    lines = sf.until("Nodes searched")
    return [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]


def fen_after(sf, fen, move):
    sf.send(f"position fen {fen} moves {move}")
    sf.send("d")
    for l in sf.until("Checkers"):
        if l.startswith("Fen:"):
            return l.split(":", 1)[1].strip()
    raise RuntimeError("no Fen line")


def sf_perft(sf, fen, depth):
    sf.send(f"position fen {fen}")
    sf.send(f"go perft {depth}")
    return int(sf.until("Nodes searched")[-1].split(":")[1])


def main():
    ours_path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/perft_check"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 400
    depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 2024)
    ours = Engine([ours_path, "--stdin", str(depth)])
    sf = Engine([STOCKFISH])
    sf.send("uci")
    sf.until("uciok")
    compared, mismatches = 0, []
    kinds = {"standard": 0, "chess960": 0}
    for i in range(count):
        chess960 = i % 4 == 3
        sf.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
        fen = chess960_start(rng) if chess960 else rng.choice(STARTS)
        for _ in range(rng.randrange(0, 40)):
            moves = legal_moves(sf, fen)
            if not moves:
                break
            fen = fen_after(sf, fen, rng.choice(moves))
        expected = sf_perft(sf, fen, depth)
        ours.send(fen)
        got = ours.p.stdout.readline().strip()
        compared += 1
        kinds["chess960" if chess960 else "standard"] += 1
        if got != str(expected):
            mismatches.append((fen, expected, got))
            print(f"MISMATCH {fen}: stockfish {expected}, chariot {got}")
    sf.send("quit")
    ours.p.stdin.close()
    print(f"{compared} positions compared at depth {depth} ({kinds['standard']} standard, "
          f"{kinds['chess960']} Chess960), {len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
