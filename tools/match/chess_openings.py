#!/usr/bin/env python3
"""chess_openings.py - generate balanced chess openings for the matches of docs/strength.md.

From the start position, plays PLIES half-moves, each chosen at random (a
seeded generator, so the file is reproducible) among Stockfish's MultiPV
moves that score within --spread centipawns of its best at --depth; the
position reached is kept when a deeper search (--check-depth) scores it
inside +-BALANCE centipawns and no earlier opening reached the same
position. Writes one EPD line per opening (the FEN's first four fields and
an `id`), the format Fastchess reads with `-openings format=epd`. --avoid
skips every position of the EPD files named, so a second set shares none
with the first (a fixed-node match plays each opening's two games the same
way every time, so more games need more openings).

    python3 tools/match/chess_openings.py --count 200 > tools/openings/openings-chess.epd
    python3 tools/match/chess_openings.py --count 400 --seed 3 --avoid tools/openings/openings-chess.epd \
        > tools/openings/openings-chess-400b.epd

Needs Debian's `stockfish` (15.1, /usr/games/stockfish).
"""
import argparse
import random
import subprocess
import sys


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 32")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        for line in self.p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError("stockfish exited")

    def search(self, moves, depth, multipv):
        """{move: score in cp for the side to move} at the last depth; mates count as +-10000."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        self.send(f"go depth {depth}")
        scores = {}
        for line in self.p.stdout:
            t = line.split()
            if t and t[0] == "info" and "pv" in t and "score" in t and "depth" in t:
                if int(t[t.index("depth") + 1]) != depth:
                    continue
                k = t.index("score")
                v = int(t[k + 2])
                if t[k + 1] == "mate":
                    v = 10000 if v > 0 else -10000
                scores[t[t.index("pv") + 1]] = v
            elif t and t[0] == "bestmove":
                return scores

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        line = self.wait("Fen:")
        self.wait("Checkers:")
        return line.split(None, 1)[1].strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--multipv", type=int, default=5)
    ap.add_argument("--spread", type=int, default=40)
    ap.add_argument("--check-depth", type=int, default=14)
    ap.add_argument("--balance", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--avoid", nargs="*", default=[], metavar="EPD", help="positions no opening may repeat")
    a = ap.parse_args()
    avoid = set()
    for path in a.avoid:
        try:
            with open(path) as f:
                avoid.update(" ".join(line.split()[:4]) for line in f if len(line.split()) >= 4)
        except OSError as e:
            print(f"chess_openings: cannot read {path}: {e.strerror}", file=sys.stderr)
            sys.exit(2)
    rng = random.Random(a.seed)
    eng = Engine(a.engine)
    seen = set()
    avoided = 0
    tries = 0
    while len(seen) < a.count and tries < a.count * 20:
        tries += 1
        moves = []
        for _ in range(a.plies):
            scores = eng.search(moves, a.depth, a.multipv)
            if not scores:
                break
            best = max(scores.values())
            moves.append(rng.choice(sorted(m for m, v in scores.items() if v >= best - a.spread)))
        if len(moves) < a.plies:
            continue
        fen = " ".join(eng.fen(moves).split()[:4])
        if fen in seen:
            continue
        if fen in avoid:
            avoided += 1
            continue
        final = eng.search(moves, a.check_depth, 1)
        if not final or abs(max(final.values())) > a.balance:
            continue
        seen.add(fen)
        print(f'{fen} id "{len(seen)}: {" ".join(moves)}";', flush=True)
    eng.send("quit")
    print(f"chess_openings: {len(seen)} openings in {tries} tries ({avoided} in --avoid's files)", file=sys.stderr)


if __name__ == "__main__":
    main()
