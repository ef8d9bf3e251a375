#!/usr/bin/env python3
"""Nodes and time to each depth, for several UCI engines on the same positions.

For each engine and each of a game's bench positions (read from
src/GAME/benchdata.c): ucinewgame, position, `go depth D`; from the engine's
info lines, the nodes and milliseconds at which each depth was completed.
Printed per depth, summed over the positions every engine completed: nodes,
time, and per engine the effective branching factor over the last --span
depths, (nodes(D) / nodes(D - span)) ** (1 / span), and nodes per second.
Engines count nodes and depths their own ways (what a "depth" prunes and
extends differs), so the figures compare the shape of the searches only
roughly; nodes per second compares speed.

    tools/bench/depth_profile.py --game xiangqi --depth 14 \\
        --engine chariot=./chariot \\
        --engine pikafish-hce=$HOME/.cache/chariot-tools/pikafish-hce/pikafish
    tools/bench/depth_profile.py --game chess --depth 14 --engine chariot=./chariot-chess \\
        --engine sf-classical=/usr/games/stockfish --option "sf-classical:Use NNUE=false"

Each engine gets Threads 1 and Hash --hash MiB. A run takes both the time of
every search; nothing else should run on the machine (time and nodes per
second feel the load; nodes and depths do not).
"""
import argparse
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTPOS = {"xiangqi": "startpos", "chess": "startpos"}


def bench_positions(game):
    """The bench positions as `position` arguments, in the array's order."""
    text = (ROOT / f"src/{game}/benchdata.c").read_text()
    body = text[text.index("GAME_BENCH_FENS[]"):]
    body = body[: body.index("};")]
    items = re.findall(r'GAME_STARTPOS|"([^"]+)"', body[body.index("{"):])
    return ["fen " + fen if fen else "startpos" for fen in items]


class Engine:
    def __init__(self, command, options):
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix, seen=None):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            if seen is not None:
                seen(line)
            if line.startswith(prefix):
                return line

    def profile(self, position, depth):
        """{depth: (nodes, ms)} as the info lines report each completed depth (the last line of a depth)."""
        got = {}

        def seen(line):
            w = line.split()
            if not w or w[0] != "info" or "depth" not in w or "nodes" not in w or "pv" not in w:
                return
            if "lowerbound" in w or "upperbound" in w:
                return
            d = int(w[w.index("depth") + 1])
            nodes = int(w[w.index("nodes") + 1])
            ms = int(w[w.index("time") + 1]) if "time" in w else 0
            got[d] = (nodes, ms)

        self.send("ucinewgame")
        self.send("position " + position)
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"go depth {depth}")
        self.wait_for("bestmove", seen)
        return got

    def close(self):
        self.send("quit")
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=("xiangqi", "chess"), default="xiangqi")
    ap.add_argument("--engine", action="append", required=True, metavar="NAME=COMMAND")
    ap.add_argument("--option", action="append", default=[], metavar="NAME:Option=value",
                    help="a UCI option for the engine NAME (repeat)")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--span", type=int, default=4, help="depths the branching factor is taken over")
    ap.add_argument("--hash", type=int, default=16)
    args = ap.parse_args()
    engines = []
    for e in args.engine:
        name, _, command = e.partition("=")
        if not command:
            sys.exit(f"depth_profile: --engine {e}: NAME=COMMAND")
        options = [("Threads", 1), ("Hash", args.hash)]
        for o in args.option:
            who, _, rest = o.partition(":")
            key, _, value = rest.partition("=")
            if who == name:
                options.append((key, value))
        engines.append((name, command, options))
    positions = bench_positions(args.game)
    runs = {}
    t0 = time.monotonic()
    for name, command, options in engines:
        e = Engine(command, options)
        runs[name] = [e.profile(p, args.depth) for p in positions]
        e.close()
    # the depths every engine completed on every position counted
    counted = [i for i in range(len(positions)) if all(args.depth in runs[n][i] for n, _, _ in engines)]
    print(f"{args.game}: {len(counted)} of {len(positions)} bench positions completed to depth {args.depth} by every "
          f"engine; one thread, Hash {args.hash}; {time.monotonic() - t0:.0f} s in all")
    head = "depth" + "".join(f" | {n} nodes | ms" for n, _, _ in engines)
    print(head)
    totals = {}
    for d in range(1, args.depth + 1):
        row = [f"{d:5d}"]
        for n, _, _ in engines:
            nodes = sum(runs[n][i].get(d, (0, 0))[0] for i in counted)
            ms = sum(runs[n][i].get(d, (0, 0))[1] for i in counted)
            totals[(n, d)] = (nodes, ms)
            row.append(f"{nodes:12d} | {ms:7d}")
        print(" | ".join(row))
    for n, _, _ in engines:
        nodes, ms = totals[(n, args.depth)]
        base = totals[(n, args.depth - args.span)][0] if args.depth > args.span else 0
        ebf = (nodes / base) ** (1 / args.span) if base else float("nan")
        nps = nodes * 1000 / ms if ms else float("nan")
        print(f"{n}: depth {args.depth} in {nodes} nodes, {ms} ms; branching factor over depths "
              f"{args.depth - args.span}-{args.depth} {ebf:.2f}; {nps / 1000:.0f} kn/s")


if __name__ == "__main__":
    main()
