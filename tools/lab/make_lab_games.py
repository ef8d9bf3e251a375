#!/usr/bin/env python3
"""Make the game records used by `chariot ttlab aging` (GAME_LAB_GAMES): Fairy-Stockfish plays
itself at a fixed depth from the first openings of OPENINGS_FILE; prints C string
literals "FEN|m1 m2 ..." with moves in ICCS (ranks 0-9).

Usage: tools/lab/make_lab_games.py OPENINGS_FILE NGAMES PLIES DEPTH > games.txt
"""
import subprocess
import sys


def to_iccs(m):
    # Fairy-Stockfish UCI ranks are 1-10; ICCS ranks are 0-9.
    import re
    a, r1, b, r2 = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", m).groups()
    return f"{a}{int(r1) - 1}{b}{int(r2) - 1}"


def main():
    path, ngames, plies, depth = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    fens = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    step = max(1, len(fens) // ngames)
    eng = subprocess.Popen(["/usr/games/fairy-stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(s):
        eng.stdin.write(s + "\n")
        eng.stdin.flush()

    def wait(prefix):
        while True:
            line = eng.stdout.readline()
            if line.startswith(prefix):
                return line.split()

    send("uci")
    send("setoption name UCI_Variant value xiangqi")
    send("setoption name Hash value 64")
    wait("uciok")
    for g in range(ngames):
        fen = fens[g * step]
        moves = []
        send("ucinewgame")
        for _ in range(plies):
            send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))
            send(f"go depth {depth}")
            best = wait("bestmove")[1]
            if best == "(none)":
                break
            moves.append(best)
        print(f'    "{fen}|{" ".join(to_iccs(m) for m in moves)}",')
        sys.stdout.flush()
    send("quit")


if __name__ == "__main__":
    main()
