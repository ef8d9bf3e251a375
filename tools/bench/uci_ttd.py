#!/usr/bin/env python3
"""Time to depth through UCI, as a GUI sees it.

For each bench position (read from src/xiangqi/benchdata.c): ucinewgame,
position, a pause of --gap seconds (a GUI's idle time between searches),
then `go depth D`; the time from sending `go` to reading `bestmove` is
summed over the positions. Thread counts are alternated --repeat times in
one run (with several --engine, every engine at every count); min and
median of the sums are printed, and the speed-up over the first engine at
the first count, by medians.

Unlike `tools/bench/smp_speedup.sh` (bench's search time, one process, the
searches back to back), this includes everything a search costs behind the
protocol: starting the search thread, waking the helpers, output.

    tools/bench/uci_ttd.py [--engine ./chariot ...] [--threads 1,2] [--depth 12]
                     [--repeat 8] [--gap 0.1] [--hash 16]
"""
import argparse
import re
import shlex
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def bench_positions():
    """The bench positions as `position` arguments: `startpos` for GAME_STARTPOS, `fen ...` for the rest."""
    text = (ROOT / "src/xiangqi/benchdata.c").read_text()
    body = text[text.index("GAME_BENCH_FENS[]"):]
    body = body[: body.index("};")]
    # In the order of the array: GAME_STARTPOS as `startpos` wherever it stands, string literals as `fen ...`.
    items = re.findall(r'GAME_STARTPOS|"([^"]+)"', body[body.index("{"):])
    return ["fen " + fen if fen else "startpos" for fen in items]


class Engine:
    def __init__(self, path, threads, hash_mb):
        self.p = subprocess.Popen(shlex.split(path), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def one_run(args, engine, threads, positions):
    """Milliseconds from go to bestmove, summed over the positions."""
    e = Engine(engine, threads, args.hash)
    total = 0.0
    for position in positions:
        e.send("ucinewgame")
        e.send("position " + position)
        e.ready()
        time.sleep(args.gap)
        start = time.monotonic()
        e.send(f"go depth {args.depth}")
        e.wait_for("bestmove")
        total += (time.monotonic() - start) * 1000
    e.close()
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", action="append",
                    help="repeat to compare builds (default ./chariot); a command line, e.g. 'mpirun -np 2 ./chariot-mpi'")
    ap.add_argument("--threads", default="1,2", help="comma-separated thread counts; the first is the reference")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=8)
    ap.add_argument("--gap", type=float, default=0.1, help="seconds idle before each go")
    ap.add_argument("--hash", type=int, default=16, help="MiB (bench uses 16)")
    args = ap.parse_args()
    engines = args.engine or [str(ROOT / "chariot")]
    counts = [int(x) for x in args.threads.split(",")]
    positions = bench_positions()
    configs = [(e, n) for e in engines for n in counts]
    runs = {c: [] for c in configs}
    for _ in range(args.repeat):
        for c in configs:
            runs[c].append(one_run(args, c[0], c[1], positions))
    print(f"{len(positions)} bench positions through UCI, go depth {args.depth}, {args.gap} s idle before each go, "
          f"{args.repeat} runs each (ms from go to bestmove, summed)")
    ref = statistics.median(runs[configs[0]])
    for e, n in configs:
        r = runs[(e, n)]
        med = statistics.median(r)
        name = f"{e} " if len(engines) > 1 else ""
        print(f"{name}{n:3d} threads: min {min(r):.0f}, median {med:.0f}, speed-up {ref / med:.2f}x by medians")


if __name__ == "__main__":
    main()
