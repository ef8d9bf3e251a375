#!/usr/bin/env python3
"""Make chess game records for src/chess/benchdata.c (GAME_LAB_GAMES) and
middlegame/endgame positions for GAME_BENCH_FENS: Stockfish plays itself at a
fixed depth from a few standard openings. Prints C string literals.

Usage: nice -n 19 python3 tests/chess/make_bench_data.py [PLIES] [DEPTH]
       (defaults 100 and 9; needs /usr/games/stockfish, Debian's package)
"""
import subprocess
import sys

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",                      # Ruy Lopez
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",                      # Queen's Gambit Declined
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",  # Sicilian Najdorf
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",            # King's Indian
    "e2e4 e7e6 d2d4 d7d5 b1c3 f8b4",                      # French Winawer
    "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5",                      # English
]
SNAPSHOT_PLIES = (18, 34, 52, 72)


def main():
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    depth = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    eng = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(s):
        eng.stdin.write(s + "\n")
        eng.stdin.flush()

    def wait(prefix):
        while True:
            line = eng.stdout.readline()
            if line.startswith(prefix):
                return line

    send("uci")
    send("setoption name Threads value 1")
    send("setoption name Hash value 32")
    wait("uciok")
    games, fens = [], []
    for opening in OPENINGS:
        moves = opening.split()
        send("ucinewgame")
        while len(moves) < plies:
            send(f"position startpos moves {' '.join(moves)}")
            if len(moves) in SNAPSHOT_PLIES:
                send("d")
                fens.append(wait("Fen:").split(":", 1)[1].strip())
            send(f"go depth {depth}")
            best = wait("bestmove").split()[1]
            if best == "(none)":
                break
            moves.append(best)
        games.append(f'    "{START}|{" ".join(moves)}",')
    send("quit")
    print("/* games */")
    print("\n".join(games))
    print("/* positions */")
    print("\n".join(f'    "{f}",' for f in fens))


if __name__ == "__main__":
    main()
