#!/usr/bin/env python3
"""Perft speed: Chariot against Fairy-Stockfish on the same positions, in one run.

Usage: tools/bench/bench_perft.py [./chariot] [--depth N] [--fsf PATH] [--repeat K] [--fen FEN ...]

Both engines count leaves in bulk at the last ply. Speed is nodes per second
of CPU time (user + system) of each engine process, so a busy machine hurts
both about equally; each engine runs K times (default 3) and the minimum and
median times are reported. The ratio uses the medians.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_chariot(binary, fen, depth):
    before = cpu_of_children()
    out = subprocess.run([binary, "perft", str(depth), fen], capture_output=True, text=True, check=True).stdout
    cpu = cpu_of_children() - before
    nodes = int([l for l in out.splitlines() if l.startswith("Nodes searched")][0].split()[-1])
    return nodes, cpu


def run_fsf(binary, fen, depth):
    before = cpu_of_children()
    cmds = f"uci\nsetoption name UCI_Variant value xiangqi\nposition fen {fen}\ngo perft {depth}\nquit\n"
    out = subprocess.run([binary], input=cmds, capture_output=True, text=True, check=True).stdout
    cpu = cpu_of_children() - before
    nodes = int([l for l in out.splitlines() if l.startswith("Nodes searched")][0].split()[-1])
    return nodes, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("chariot", nargs="?", default="./chariot")
    ap.add_argument("--depth", type=int, default=int(os.environ.get("PERFT_DEPTH", "6")))
    ap.add_argument("--fsf", default=shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    ap.add_argument("--repeat", type=int, default=int(os.environ.get("PERFT_REPEAT", "3")))
    ap.add_argument("--fen", nargs="*", default=[START])
    a = ap.parse_args()
    if not os.path.exists(a.fsf):
        sys.exit(f"Fairy-Stockfish not found at {a.fsf} (apt-get install fairy-stockfish)")
    print(f"perft depth {a.depth}, {a.repeat} runs each, CPU time")
    for fen in a.fen:
        ours, theirs = [], []
        for _ in range(a.repeat):  # interleave the two engines so load drifts hit both
            n1, t1 = run_chariot(a.chariot, fen, a.depth)
            n2, t2 = run_fsf(a.fsf, fen, a.depth)
            if n1 != n2:
                sys.exit(f"node counts differ on {fen}: chariot {n1}, fairy-stockfish {n2}")
            ours.append(t1)
            theirs.append(t2)
        nodes = n1
        m1, m2 = statistics.median(ours), statistics.median(theirs)
        print(f"{fen}\n  nodes {nodes}")
        print(f"  chariot        min {min(ours):7.2f}s  median {m1:7.2f}s  {nodes / m1 / 1e6:8.1f} M nodes/s")
        print(f"  fairy-stockfish min {min(theirs):7.2f}s  median {m2:7.2f}s  {nodes / m2 / 1e6:8.1f} M nodes/s")
        print(f"  ratio (median nodes/s): {m2 / m1:.2f}x")


if __name__ == "__main__":
    main()
