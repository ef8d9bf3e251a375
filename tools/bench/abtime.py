#!/usr/bin/env python3
"""abtime.py - time two commands in alternating runs: CPU time (user + system) and wall time of each run,
the medians, and the median of the paired ratios B / A. Alternating the runs spreads a busy machine's
noise over both; the paired ratio compares runs made one right after the other.

    tools/bench/abtime.py [-n 7] [--timeout 600] 'COMMAND A' 'COMMAND B'

Each command goes through `sh -c`; its output is discarded. Exit status 1 if a run failed.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def run(cmd, timeout):
    before = os.times()
    t0 = time.monotonic()
    rc = subprocess.run(["sh", "-c", cmd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                        timeout=timeout).returncode
    wall = time.monotonic() - t0
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return rc, cpu, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=7, help="runs of each command (default 7)")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    cpu = {"a": [], "b": []}
    wall = {"a": [], "b": []}
    for i in range(args.n):
        for key in ("a", "b") if i % 2 == 0 else ("b", "a"):
            rc, c, w = run(getattr(args, key), args.timeout)
            if rc != 0:
                sys.exit(f"abtime: command {key.upper()} exited with {rc}")
            cpu[key].append(c)
            wall[key].append(w)
    for key in ("a", "b"):
        print(f"{key.upper()}: CPU median {statistics.median(cpu[key]):.3f} s, wall median "
              f"{statistics.median(wall[key]):.3f} s ({args.n} runs): {getattr(args, key)}")
    ratios = [b / a for a, b in zip(cpu["a"], cpu["b"]) if a > 0]
    print(f"B / A, median of the {len(ratios)} paired CPU ratios: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
