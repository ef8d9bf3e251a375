#!/usr/bin/env python3
"""make_chess_mates.py - a chess mate suite for the table laboratory (`ttlab mates`), made here.

From each opening of tools/openings/openings-chess.epd, Stockfish (depth --play-depth, 8) plays one side and a
seeded random mover the other, so that the game soon reaches a mating attack. The first position,
with Stockfish to move, where Stockfish at --depth (10) reports `mate N` for the wanted N (the targets
cycle through 2..--max-mate) is kept when a second, deeper search (--check-depth, 20) confirms the same
distance; its best move and line are written as an EPD line in the format tests/mates.epd uses:

    <EPD> bm <uci>; id "chess-mate-gen-001"; dm <N>; pv <uci> ...;

    python3 tools/lab/make_chess_mates.py --count 50 > tests/chess/mates.epd

Needs Debian's `stockfish` (15.1, /usr/games/stockfish).
"""
import argparse
import random
import sys

from chess_openings import Engine  # Stockfish over UCI: started with one thread, send(), wait()


class Stockfish(Engine):
    """The openings generator's engine, with what the mates need: positions from a FEN."""

    def lines_until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("stockfish exited")
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def position(self, fen, moves):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))

    def mate_search(self, fen, moves, depth):
        """(best move, mate distance or None, pv) at depth."""
        self.position(fen, moves)
        self.send(f"go depth {depth}")
        mate, pv = None, []
        for line in self.lines_until("bestmove"):
            f = line.split()
            if f and f[0] == "info" and "score" in f and "pv" in f and f[f.index("multipv") + 1] == "1":
                i = f.index("score")
                mate = int(f[i + 2]) if f[i + 1] == "mate" else None
                pv = f[f.index("pv") + 1:]
            if f and f[0] == "bestmove":
                return f[1], mate, pv

    def legal(self, fen, moves):
        self.position(fen, moves)
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.lines_until("Nodes searched") if ":" in l and not l.startswith("Nodes")]

    def fen_after(self, fen, moves):
        self.position(fen, moves)
        self.send("d")
        for line in self.lines_until("Checkers"):
            if line.startswith("Fen:"):
                return line[5:].strip()
        raise RuntimeError("no FEN from d")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--openings", default="tools/openings/openings-chess.epd")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--play-depth", type=int, default=8)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--check-depth", type=int, default=20)
    ap.add_argument("--max-mate", type=int, default=5)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sf = Stockfish(a.stockfish)
    sf.send("setoption name MultiPV value 1")
    openings = [" ".join(l.split()[:4]) + " 0 1" for l in open(a.openings) if l.strip()]
    found, seen, k = 0, set(), 0
    for opening in openings:
        if found == a.count:
            break
        target = 2 + k % (a.max_mate - 1)
        moves = []
        strong = rng.choice([0, 1])  # which side Stockfish plays: 0 = the side to move in the opening
        for ply in range(200):
            legal = sf.legal(opening, moves)
            if not legal:
                break
            if ply % 2 != strong:
                moves.append(rng.choice(sorted(legal)))
                continue
            best, mate, pv = sf.mate_search(opening, moves, a.depth)
            if mate is not None and 0 < mate <= target:
                if mate == target:
                    fen = sf.fen_after(opening, moves)
                    _, mate2, pv2 = sf.mate_search(opening, moves, a.check_depth)
                    if mate2 == mate and fen not in seen:
                        seen.add(fen)
                        found += 1
                        k += 1
                        epd = " ".join(fen.split()[:4])  # EPD: the FEN without its move counters
                        print(f'{epd} bm {pv2[0]}; id "chess-mate-gen-{found:03d}"; dm {mate}; pv {" ".join(pv2)};', flush=True)
                break
            best_play, _, _ = sf.mate_search(opening, moves, a.play_depth)  # the move it plays: a shallower search
            moves.append(best_play)
    print(f"{found} mates from {len(openings)} openings", file=sys.stderr)
    sf.send("quit")


if __name__ == "__main__":
    main()
