#!/usr/bin/env python3
"""Time to depth position by position: one thread against N.

Runs `chariot bench DEPTH 1 --positions` and `chariot bench DEPTH N
--positions` alternately REPEAT times and prints, for each of the bench
positions, the one-thread search time (median; one-thread runs repeat the
same tree), the N-thread minimum / median / maximum, the speed-up by
medians, the N-thread tree against the one-thread tree (nodes, medians), and
how often a helper completed the depth first (and so ended the search).

Below the table: the speed-up of the whole bench (medians of the run
totals, as tools/bench/smp_speedup.sh gives it) and what the N-thread runs would
take if every position took its median, or its minimum: how much of the
gap comes from positions whose multi-thread tree varies from run to run.

    tools/bench/smp_positions.py [--depth 12] [--threads 2] [--repeat 10] [--engine ./chariot]

Needs an idle machine, like every timing here.
"""
import argparse
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"Position (\d+)/\d+: nodes (\d+), search time (\d+) ms, depth completed by thread (\d+)")
SEARCH_TIME = re.compile(r"Search time: (\d+) ms")


def bench_lines(engine, depth, threads, flag, line):
    """Run `chariot bench DEPTH THREADS FLAG`: the groups of the lines that
    match `line` as ints (0 for a group that took no part), and the search
    time in ms. tools/bench/smp_iterations.py uses it too."""
    out = subprocess.run([engine, "bench", str(depth), str(threads), flag],
                         check=True, capture_output=True, text=True).stdout
    rows = [tuple(int(x) if x else 0 for x in m.groups()) for m in line.finditer(out)]
    t = SEARCH_TIME.search(out)
    if not rows or not t:
        sys.exit(f"no {flag} lines from {engine}: is it older than `bench {flag}`?")
    return rows, int(t.group(1))


def bench(engine, depth, threads):
    """One bench run: {position: (ms, nodes, finisher)}."""
    rows, _ = bench_lines(engine, depth, threads, "--positions", LINE)
    return {pos: (ms, nodes, finisher) for pos, nodes, ms, finisher in rows}


def ratio(a, b):
    return f"{a / b:.2f}x" if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", default="./chariot")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    one, many = [], []
    for _ in range(args.repeat):
        one.append(bench(args.engine, args.depth, 1))
        many.append(bench(args.engine, args.depth, args.threads))
    n = args.threads
    med = statistics.median
    print(f"bench depth {args.depth}, 1 thread against {n}, {args.repeat} alternated runs each (search time, ms)")
    print(f"{'pos':>3} {'1T med':>7} {f'{n}T min':>7} {f'{n}T med':>7} {f'{n}T max':>7} "
          f"{'speed-up':>8} {'nodes':>6} {'helper first':>12}")
    sum_med = sum_min = 0
    slower = 0
    for pos in sorted(one[0]):
        t1 = med(r[pos][0] for r in one)
        nodes1 = med(r[pos][1] for r in one)
        tn = sorted(r[pos][0] for r in many)
        nodesn = med(r[pos][1] for r in many)
        helper_first = sum(1 for r in many if r[pos][2] != 0)
        sum_med += med(tn)
        sum_min += tn[0]
        slower += med(tn) > t1
        speed = ratio(t1, med(tn))
        print(f"{pos:>3} {t1:>7g} {tn[0]:>7} {med(tn):>7g} {tn[-1]:>7} {speed:>8} "
              f"{nodesn / nodes1:>5.2f}x {helper_first:>6}/{args.repeat}")
    tot1 = med(sum(v[0] for v in r.values()) for r in one)
    totn = med(sum(v[0] for v in r.values()) for r in many)
    print(f"whole bench: 1 thread {tot1:g} ms, {n} threads {totn:g} ms (medians of the run totals): "
          f"{ratio(tot1, totn)}")
    print(f"{n} threads if each position took its median: {sum_med:g} ms ({ratio(tot1, sum_med)}); "
          f"its minimum: {sum_min} ms ({ratio(tot1, sum_min)})")
    print(f"positions slower with {n} threads than with 1 (medians): {slower} of {len(one[0])}")


if __name__ == "__main__":
    main()
