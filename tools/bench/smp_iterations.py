#!/usr/bin/env python3
"""Where the nodes of a multi-thread bench go, iteration by iteration.

Runs `chariot bench DEPTH 1 --iterations` and `chariot bench DEPTH N
--iterations` alternately REPEAT times and prints for each depth, relative
to the depth asked for (T): the one-thread nodes (one thread repeats the
same tree), and the medians over the N-thread runs of the main thread's and
the helpers' completed and cut-short iterations (count and thousands of
nodes). Below the table: the main thread's nodes in all (the search ends
when the first thread completes T, so the time is about the main thread's
nodes at its speed) against one thread's, the main thread's nodes per
second beside the helpers against one thread's alone, and the search times.

The medians are taken line by line, so the columns need not add up exactly
to the run totals. docs/search.md ("Iteration by iteration") shows what the
table says about Lazy SMP's time to depth.

    tools/bench/smp_iterations.py [--depth 12] [--threads 2] [--repeat 9] [--engine ./chariot]

Needs an idle machine, like every timing here.
"""
import argparse
import re
import statistics
import sys

from smp_positions import bench_lines

LINE = re.compile(r"Iterations of depth (\d+) \(T([+-]\d+)\): "
                  r"main thread (\d+) completed \((\d+) nodes\), (\d+) stopped \((\d+) nodes\)"
                  r"(?:; helpers (\d+) completed \((\d+) nodes\), (\d+) stopped \((\d+) nodes\))?")


def bench(engine, depth, threads):
    """One bench run: ({relative depth: 8 figures}, search ms)."""
    rows, ms = bench_lines(engine, depth, threads, "--iterations", LINE)
    return {r[1]: list(r[2:]) for r in rows}, ms


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--engine", default="./chariot")
    a = ap.parse_args()
    if a.threads < 2 or a.repeat < 1:
        sys.exit("--threads must be at least 2 and --repeat at least 1")
    ones, runs = [], []
    for _ in range(a.repeat):
        ones.append(bench(a.engine, a.depth, 1))
        runs.append(bench(a.engine, a.depth, a.threads))
    one = ones[0][0]
    one_ms = statistics.median(ms for _, ms in ones)
    depths = sorted({d for rows, _ in runs for d in rows} | set(one))

    def med(d, col):
        return statistics.median(rows.get(d, [0] * 8)[col] for rows, _ in runs)

    print(f"bench depth {a.depth}: 1 thread once, {a.threads} threads {a.repeat} times (medians);"
          " k = thousands of nodes, n = iterations")
    print(f"{'depth':>6} {'1 thread':>9} | {'main completed':>17} {'main cut short':>17} |"
          f" {'helpers completed':>17} {'helpers cut short':>17}")
    for d in depths:
        base = one.get(d, [0] * 8)[1] / 1000
        cells = [f"{med(d, c + 1) / 1000:8.1f}k {med(d, c):5.0f}n" for c in (0, 2, 4, 6)]
        print(f"{'T%+d' % d:>6} {base:8.1f}k | {cells[0]:>17} {cells[1]:>17} | {cells[2]:>17} {cells[3]:>17}")
    main_nodes = [sum(r[1] + r[3] for r in rows.values()) for rows, _ in runs]
    one_nodes = sum(r[1] for r in one.values())
    times = [ms for _, ms in runs]
    main_speed = statistics.median(n / ms for n, ms in zip(main_nodes, times) if ms)
    one_speed = statistics.median(one_nodes / ms for _, ms in ones if ms)
    print(f"main thread: {statistics.median(main_nodes):.0f} nodes (median; 1 thread {one_nodes}, "
          f"{one_nodes / statistics.median(main_nodes):.2f}x)")
    print(f"main thread speed: {main_speed:.0f} k nodes/s beside the helpers, 1 thread {one_speed:.0f} k nodes/s "
          f"(medians of the runs; {main_speed / one_speed:.3f})")
    print(f"search time: 1 thread median {one_ms:.0f} ms; {a.threads} threads min {min(times)}, "
          f"median {statistics.median(times):.0f} ms ({one_ms / statistics.median(times):.2f}x)")

if __name__ == "__main__":
    main()
