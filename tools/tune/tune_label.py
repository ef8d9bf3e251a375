#!/usr/bin/env python3
"""tune_label.py - score positions with a teacher engine, for tools/tune/tune.c.

Reads RESULT <TAB> FEN lines (chariot-tune --positions writes them), asks
the teacher (xiangqi: Fairy-Stockfish with UCI_Variant xiangqi; chess with
--game chess: Debian's Stockfish 15.1) for a fixed-depth search of each, and
writes RESULT <TAB> FEN <TAB> CP, the teacher's score in centipawns from the
side to move's view. Mate scores are left out. Several engine processes run
side by side (--procs); the order of the output follows the input.

    python3 tools/tune/tune_label.py out/tune/quiet.tsv --depth 8 --procs 2 > out/tune/labelled.tsv
    python3 tools/tune/tune_label.py --game chess out/tune-chess/quiet.tsv --depth 8 > out/tune-chess/labelled.tsv
"""
import argparse
import subprocess
import sys
import threading


ENGINES = {"xiangqi": "/usr/games/fairy-stockfish", "chess": "/usr/games/stockfish"}


def worker(cmd, game, depth, hash_mb, items, results, idx):
    p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(cmd + " exited")

    send("uci")
    wait_for("uciok")
    if game == "xiangqi":
        send("setoption name UCI_Variant value xiangqi")
    send(f"setoption name Hash value {hash_mb}")
    send("setoption name Threads value 1")
    send("isready")
    wait_for("readyok")
    for i in idx:
        result, fen = items[i]
        send(f"position fen {fen}")
        send(f"go depth {depth}")
        score = None
        for line in p.stdout:
            if line.startswith("info") and " score " in line:
                t = line.split()
                k = t.index("score")
                score = int(t[k + 2]) if t[k + 1] == "cp" else None
            elif line.startswith("bestmove"):
                break
        results[i] = score
    send("quit")
    p.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("positions")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions")
    ap.add_argument("--game", choices=sorted(ENGINES), default="xiangqi")
    ap.add_argument("--engine", help="the teacher (default: %s)" % ENGINES)
    a = ap.parse_args()
    a.engine = a.engine or ENGINES[a.game]
    items = []
    for line in open(a.positions):
        parts = line.rstrip("\n").split("\t")
        if len(parts) >= 2:
            items.append((parts[0], parts[1]))
    if a.limit:
        items = items[: a.limit]
    results = [None] * len(items)
    threads = [threading.Thread(target=worker, args=(a.engine, a.game, a.depth, a.hash, items, results,
                                                     range(k, len(items), a.procs)))
               for k in range(a.procs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    kept = 0
    for (result, fen), score in zip(items, results):
        if score is not None:
            print(f"{result}\t{fen}\t{score}")
            kept += 1
    print(f"tune_label: {kept} of {len(items)} positions scored at depth {a.depth}", file=sys.stderr)


if __name__ == "__main__":
    main()
